/* gen_regiments.h: the helpers of gen_regiments (gen_regiments.c, the
 * boundary tables). Links with tools/gen/boundary_table.c alone. */
#ifndef ARB_GEN_REGIMENTS_H
#define ARB_GEN_REGIMENTS_H

#include "../boundary.h"

#include <stddef.h>

/* A number as the cases print it: up to 10 decimals, no trailing zeros. */
const char *rg_num(char *buf, size_t n, double v);
/* Appends to buf (size n) as printf does; dies when it does not fit. */
void rg_cat(char *buf, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
