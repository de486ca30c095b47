/*
 * boundary.h: what the parts of gen_boundary share (tools/gen/gen_boundary.c
 * says what the program writes and how its rows are worked out):
 *   gen_boundary.c       the tables and main
 *   boundary_table.c     rows and tables, CSV written whole; the geometry of
 *                        the formulas and the bases, offsets and angles tried
 *   boundary_movement.c  Movement phase: distance, enemy, coherency, board
 *   boundary_terrain.c   Moving Through Terrain: difficult terrain
 *   boundary_charge.c    Charge sub-phase: the charge range
 * It links with nothing of the oracle (libc and libm only).
 */
#ifndef ARB_GEN_BOUNDARY_H
#define ARB_GEN_BOUNDARY_H

#include <stdbool.h>
#include <stddef.h>

#include "angles.h"

#define TOL       1e-6 /* CONV.TOL.1 */
#define MM_PER_IN 25.4 /* CONV.UNIT.1 */
#define BOARD_W   72.0 /* docs/cases.md: default board */
#define BOARD_H   48.0
#define PI        3.14159265358979323846

/* The numbers of the text. */
#define MAX_MOVE  6.0 /* SH.MOV.DIST.1 [6"]{max_move} */
#define ENEMY_GAP 1.0 /* SH.MOV.WAY.1 [1"]{enemy_gap} */
#define HORDE_COH 1.0 /* SH.FORM.HORDE.COH [1"]{coherency} */
#define SKIRM_COH 2.0 /* SH.FORM.SKIRM.COH [2"]{coherency} */
#define FIR_COH   0.0 /* SH.FORM.FIR.COH: base contact, i.e. the tolerance */

/* ------------------------------------------------------------------ */
/* Rows and tables                                                     */
/* ------------------------------------------------------------------ */

enum {
	C_ID,
	C_TARGET,
	C_EXPECT,
	C_VIOLATES,
	C_DISPUTE,
	C_DISPUTED,
	C_PROFILE,
	C_BOARD,
	C_CONTEXT,
	C_UNITS,
	C_MODELS,
	C_TERRAIN,
	C_ACTION,
	C_PATHS,
	C_STATIONARY,
	C_FACTS,
	C_DICE,
	C_VALUES,
	C_VARIANTS,
	C_NOTE,
	NCOL
};

extern const char *const COLS[NCOL];

typedef struct row {
	char *f[NCOL];
} row;

typedef struct table {
	const char *sub;    /* section directory under DIR: scrollhammer/movement, ... */
	const char *file;   /* file name under it */
	const char *prefix; /* case ID prefix */
	row *rows;
	size_t n, cap;
} table;

void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
row *row_new(table *t);
void setf(row *r, int col, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void table_free(table *t);
void mkdir_p(const char *path);
void table_write(table *t, const char *dir);

/* ------------------------------------------------------------------ */
/* Geometry of the formulas                                            */
/* ------------------------------------------------------------------ */

typedef struct vec {
	double x, y;
} vec;

typedef struct base {
	bool rect;
	double d_mm;   /* round: diameter */
	double w_mm;   /* rect: frontage, across the facing */
	double dep_mm; /* rect: depth, along the facing */
	double facing; /* rect: degrees */
} base;

#define NBASES 13
extern const base BASES[NBASES];

#define NANGLES 5
extern const double ANGLES[NANGLES];

#define NOFFS 5
extern const double OFFS[NOFFS];

vec dir(double deg);
vec add(vec a, vec b);
vec scale(vec a, double k);
double dot(vec a, vec b);
const char *offtext(char *buf, size_t n, double limit, int k);
bool near_limit(int k);
void base_word(char *buf, size_t n, const base *b, double facing);
const char *base_name(char *buf, size_t n, const base *b, double facing);
double half_extent(const base *b, double facing, vec v, vec u, double *u_off);
vec bbox_half(const base *b, double facing);
void pt(char *buf, size_t n, vec p, vec *back);
void check_figure(const char *id, double intended, double printed);
void expect(row *r, const char *verdict, const char *violates, const char *dispute,
            const char *disputed);

/* ------------------------------------------------------------------ */
/* The tables, one function each                                       */
/* ------------------------------------------------------------------ */

void gen_distance(table *t);
void gen_enemy(table *t);
void gen_coherency(table *t);
void gen_board(table *t);
void gen_difficult(table *t);
void gen_charge_range(table *t);

#endif
