/* gen_regiments.h: what the files of gen_regiments share (gen_regiments.c:
 * the boundary tables and main; variants.c: variants of the hand cases whose
 * paths turn). Links with tools/gen/boundary_table.c alone. */
#ifndef ARB_GEN_REGIMENTS_H
#define ARB_GEN_REGIMENTS_H

#include "../boundary.h"

#include <stddef.h>

/* A number as the cases print it: up to 10 decimals, no trailing zeros. */
const char *rg_num(char *buf, size_t n, double v);
/* Appends to buf (size n) as printf does; dies when it does not fit. */
void rg_cat(char *buf, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The variants of every row of the tables matching pattern whose paths
 * turn, into t (variants.c). */
void rg_gen_turn_variants(table *t, const char *pattern);

#endif
