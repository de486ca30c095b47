/*
 * arbiter.h: the one public header of the arbiter oracle library.
 *
 * arbiter reads a rulebook (spec/), holds each rule clause as a tagged C
 * predicate, and judges scenarios against it. This header is organised as
 * a manual:
 *
 *   1. Errors                 how failures are reported
 *   2. Geometry               bases, distances, swept paths, coherency
 *   2b. Poses and rotation    paths of poses, wheels, pivots, swept rotation
 *   3. Scenarios              the battlefield model (board, units, action)
 *   4. Rulebook               spec/ parsed into clauses and parameters
 *   5. Predicates             how a rule clause is declared in C
 *   6. Oracle and verdicts    judging a scenario
 *   7. Cases                  CSV case tables
 *
 * The library never prints, never exits and never reads the environment.
 * Fallible functions return 0 (ARB_OK) or a negative ARB_E* code and fill
 * an arb_error the caller owns. Out-parameters come first. Every *_free
 * function accepts NULL and does nothing.
 */
#ifndef ARBITER_H
#define ARBITER_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* 1. Errors                                                           */
/* ------------------------------------------------------------------ */

enum {
	ARB_OK = 0,
	ARB_ENOMEM = -1,    /* allocation failed */
	ARB_EINPUT = -2,    /* malformed input: file:line:column says where */
	ARB_EIO = -3,       /* a file could not be read or written */
	ARB_ENOTFOUND = -4, /* a named thing (case, clause, file) does not exist */
	ARB_EINTERNAL = -5, /* a bug in arbiter or in a predicate */
	ARB_EBUDGET = -6    /* a search ran out of its budget before it could decide */
};

/* Where and why an operation failed. Owned by the caller (usually on the
 * stack); the library only writes into it. line and column are 1-based, 0
 * when they do not apply. */
typedef struct arb_error {
	int code;
	char file[256];
	long line;
	long column;
	char field[64];
	char message[512];
} arb_error;

/* Resets err to "no error". */
void arb_error_clear(arb_error *err);

/* Fills err (if not NULL) and returns code, so that a caller can write
 * `return arb_error_set(err, ARB_EINPUT, ...)`. file and field may be NULL. */
int arb_error_set(arb_error *err, int code, const char *file, long line, long column,
                  const char *field, const char *fmt, ...) __attribute__((format(printf, 7, 8)));

/* Writes "file:line:column: field 'x': message" into buf (size n) and
 * returns buf. Parts that are unknown are left out. */
const char *arb_error_format(const arb_error *err, char *buf, size_t n);

/* ------------------------------------------------------------------ */
/* 2. Geometry                                                         */
/* ------------------------------------------------------------------ */
/*
 * Units: inches on the table, millimetres for base sizes (25.4 mm = 1 in),
 * degrees for facings (0 = towards +x, counter-clockwise positive).
 * The distance between two bases is between their closest points; it is 0
 * when they touch or overlap. Comparisons against a limit accept an error
 * of ARB_TOLERANCE_IN (spec/conventions.md, CONV.TOL.1).
 */

#define ARB_MM_PER_INCH  25.4
#define ARB_TOLERANCE_IN 1e-6

typedef struct arb_vec2 {
	double x, y;
} arb_vec2;

typedef enum arb_base_shape { ARB_BASE_ROUND = 0, ARB_BASE_RECT = 1 } arb_base_shape;

/* A base. Round bases use d_mm. Rectangular bases use w_mm (the frontage,
 * across the facing) and depth_mm (along the facing). */
typedef struct arb_base {
	arb_base_shape shape;
	double d_mm;
	double w_mm;
	double depth_mm;
} arb_base;

/* A base put on the table: centre (inches) and facing (degrees). */
typedef struct arb_placed {
	arb_vec2 c;
	double facing_deg;
	arb_base base;
} arb_placed;

/* A geometric judgement: the figure measured, the limit it was compared
 * with, the margin (how far the figure is inside the limit: limit - figure
 * for a most, figure - limit for a least; negative means the limit is
 * broken; |margin| = |limit - figure|, tests/test_trace_contract.c), the
 * closest points (p on the first shape, q on the second) and, for sets,
 * the index of the other shape that decided (-1 if none). points says
 * that p and q are real points of the table: the geometry functions that
 * find them set it; a measure built without them (zero-initialised, or a
 * figure with nothing to point at) has points false, and p and q are then
 * not to be drawn or read. Where two shapes touch or overlap (figure 0),
 * p = q is a point of both. */
typedef struct arb_measure {
	double figure;
	double limit;
	double margin;
	arb_vec2 p, q;
	long other;
	bool points;
} arb_measure;

/* Distance in inches between the closest points of two placed bases;
 * 0 when they touch or overlap. If m is not NULL it receives the figure
 * and closest points (limit and margin are left 0, other -1). */
double arb_geom_distance(const arb_placed *a, const arb_placed *b, arb_measure *m);

/* Length in inches of the polyline pts[0..n-1]; 0 when n < 2. */
double arb_geom_path_length(const arb_vec2 *pts, size_t n);

/* Closest approach between base `mover`, translated (facing unchanged) so
 * that its centre follows the polyline pts[0..n-1], and each of
 * others[0..n_others-1] (which stay put). Returns the smallest distance
 * (INFINITY when n_others == 0) and fills m: p is the point of the moving
 * base, q the point of the other base, other the index in others. When
 * n == 1 it is the distance at that one position; n == 0 gives INFINITY.
 * With nothing to approach (n == 0 or n_others == 0) m->points is false.
 * Round bases take a closed form; exact for every shape (docs/geometry.md). */
double arb_geom_swept_distance(const arb_placed *mover, const arb_vec2 *pts, size_t n,
                               const arb_placed *others, size_t n_others, arb_measure *m);

/* Distance in inches between a placed base and a simple polygon (not
 * necessarily convex; vertices in order, closed implicitly). 0 when the
 * base overlaps the polygon or lies inside it. */
double arb_geom_base_polygon_distance(const arb_placed *a, const arb_vec2 *poly, size_t n,
                                      arb_measure *m);

/* How far the base lies inside the board [0,w] x [0,h]: the smallest
 * distance from any point of the base to the nearest board edge, negative
 * when part of the base is off the board (then it is minus the furthest
 * overhang). m->p is the base point that decided, m->q its nearest point
 * on the edge. */
double arb_geom_board_inset(const arb_placed *a, double w, double h, arb_measure *m);

/* Depth of overlap of two placed bases in inches: 0 when they are apart
 * or only touch, else the length of the shortest translation that would
 * separate them. */
double arb_geom_penetration(const arb_placed *a, const arb_placed *b);

/* The deepest overlap of base `mover`, translated along the polyline
 * pts[0..n-1] as in arb_geom_swept_distance, with any of others. Returns 0
 * when it never overlaps (then m->points is false); fills m (figure =
 * depth, p the mover's centre where it is deepest, q the other's centre,
 * other its index). Exact: no search along the path. */
double arb_geom_swept_penetration(const arb_placed *mover, const arb_vec2 *pts, size_t n,
                                  const arb_placed *others, size_t n_others, arb_measure *m);

/* The bounding half-extents of a placed base along x and y, in inches. */
arb_vec2 arb_geom_half_extent(const arb_placed *a);

/* Coherency of a group of models as a property of the graph whose
 * vertices are the models and whose edges join two models at distance
 * <= limit (+ tolerance). */
typedef struct arb_coherency {
	bool ok;           /* the property holds */
	bool decided;      /* false when the search was too large to finish */
	size_t components; /* connected components of the graph */
	double bottleneck; /* connected and path: the smallest limit for which the
	                      graph is connected (longest edge of a minimum
	                      spanning tree); all_pairs: the largest pairwise
	                      distance; k_near: the worst model's distance to
	                      its k-th nearest other model */
	long worst_a;      /* a model that decided (index), -1 if none */
	long worst_b;      /* the other model of that link, -1 if none */
	arb_vec2 pa, pb;   /* closest points of that link */
} arb_coherency;

/* "Chain" read as a connected graph: every model linked to every other
 * through models each within limit of the next. When not ok, worst_a and
 * worst_b are the pair across the widest gap of a minimum spanning tree. */
int arb_geom_coherency_connected(const arb_placed *models, size_t n, double limit,
                                 arb_coherency *out);

/* "Chain" read as a single line: an order of all models in which each is
 * within limit of the next (a Hamiltonian path of the graph). Exact search;
 * decided = false (and ok = false) when n is too large to search. */
int arb_geom_coherency_path(const arb_placed *models, size_t n, double limit, arb_coherency *out);

/* "Within limit of each other" read as every pair. When not ok, worst_a
 * and worst_b are the pair furthest apart. */
int arb_geom_coherency_all_pairs(const arb_placed *models, size_t n, double limit,
                                 arb_coherency *out);

/* The distances of every pair of models as arb_geom_distance measures them,
 * row by row: (*out)[i * n + j], 0 on the diagonal. What every coherency
 * function measures first; the caller frees *out with free. Returns ARB_OK
 * or ARB_ENOMEM. */
int arb_geom_distances(double **out, const arb_placed *models, size_t n);

/* The three readings of a chain above, by name. */
typedef enum arb_chain { ARB_CHAIN_CONNECTED, ARB_CHAIN_LINE, ARB_CHAIN_ALL_PAIRS } arb_chain;

/* As arb_geom_coherency_connected, _path or _all_pairs (how), with d the
 * distances arb_geom_distances gave for these models: for several
 * questions about one group, measured once. The same answers. */
int arb_geom_coherency_measured(const arb_placed *models, size_t n, const double *d, arb_chain how,
                                double limit, arb_coherency *out);

/* "Within limit of at least k others": ok when every model has at least k
 * others within limit (a single model is always ok). worst_a is a model
 * with the fewest. All coherency functions require out != NULL and return
 * ARB_OK, ARB_ENOMEM or ARB_EINPUT (out is NULL). */
int arb_geom_coherency_k_near(const arb_placed *models, size_t n, double limit, size_t k,
                              arb_coherency *out);

/* Whether the base being moved may end with its centre at p: 1 yes, 0 no,
 * a negative ARB_E... code to stop (arb_geom_least_clear returns it). */
typedef int (*arb_geom_accept_fn)(void *ctx, arb_vec2 p);

/* The least straight move of base m's centre (from m->c, facing unchanged)
 * to a position p where m is clear of every base of clear[0..n_clear-1]
 * (overlapping none deeper than tol) and accept(ctx, p) holds (NULL: any p).
 * accept may ask that m end within range of some bases: near[0..n_near-1]
 * are those whose range edges it reads, and nothing else of p may decide
 * it (the unit coherency of a stomped model's move out). Round and
 * rectangular bases alike. Exact: where m may end is bounded by the edges
 * of the obstacles (each base's convex core summed with m's, grown by both
 * radii) and of the ranges (grown by range too), straight pieces and arcs;
 * the nearest allowed point is the start, the nearest point of a piece, a
 * piece's end or where two pieces meet, and each of those is tried nearest
 * first with the kernel's own tests (docs/geometry.md, "Least move
 * clear"). *out is the distance, INFINITY when no position is allowed; *at
 * (if not NULL) that position. Returns ARB_OK, ARB_ENOMEM, or what accept
 * returned below 0. */
int arb_geom_least_clear(double *out, arb_vec2 *at, const arb_placed *m, const arb_placed *clear,
                         size_t n_clear, double tol, const arb_placed *near, size_t n_near,
                         double range, arb_geom_accept_fn accept, void *ctx);

/* How "moving through" a piece of terrain is read. */
typedef enum arb_through {
	ARB_THROUGH_CENTRE = 0, /* the centre of the base is inside (or on) the polygon */
	ARB_THROUGH_BASE = 1    /* some part of the base overlaps the polygon (touching counts) */
} arb_through;

/* Length in inches of the part of the polyline pts[0..n-1] along which base `a`,
 * translated so that its centre follows the polyline (facing unchanged), is
 * "through" the simple polygon poly[0..np-1] (not necessarily convex), read as
 * `how`. 0 when it never is (or n < 2, or np < 3). If m is not NULL: m->figure =
 * the length, m->p = the centre where the base first enters, m->q = where it last
 * leaves (both the path's start/end if it is already/still inside), m->other = -1;
 * when the length is 0, m->points is false (p and q are the path's first point).
 * Exact: no sampling. NAN when out of memory (m->figure NAN, no points): a
 * caller must treat it as a fault, never as a length. */
double arb_geom_path_through(const arb_placed *a, const arb_vec2 *pts, size_t n,
                             const arb_vec2 *poly, size_t np, arb_through how, arb_measure *m);

/* ------------------------------------------------------------------ */
/* 2b. Poses and rotation                                              */
/* ------------------------------------------------------------------ */
/*
 * A move that turns (a wheel, a pivot, a reform) is a path of poses: the
 * unit's pose (its centre and facing) before and after each step, and the
 * step that joins them. A step is one rigid motion: a translation (facing
 * unchanged) or a rotation about a point by a signed angle; a ruleset's
 * manoeuvre made of both is two steps with a pose between them. The unit
 * is a body: bases placed in its own frame (origin at the pose's centre,
 * facing 0 along +x, +y on its left), all moving together.
 *
 * Angles are degrees, counter-clockwise positive. A facing is read modulo
 * 360 (-90 is 270, 370 is 10). A step's angle is a sweep, not a facing: it
 * is signed, at most 360 in size, and never reduced (+2 and -358 join the
 * same two facings by different sweeps). docs/geometry-rotation.md gives
 * the contracts and error bounds and the conventions chosen here.
 *
 * Faults of a path are ARB_EINPUT with err->field naming the pose or step
 * ("poses[2].facing_deg", "steps[1].pivot") and err->message the reason;
 * file, line and column are left empty for a loader to fill in.
 */

typedef struct arb_pose {
	arb_vec2 c;        /* centre, inches */
	double facing_deg; /* facing */
} arb_pose;

typedef enum arb_step_kind {
	ARB_STEP_TRANSLATE = 0, /* the centre goes straight to the next pose's */
	ARB_STEP_ROTATE = 1     /* rigid rotation about pivot by angle_deg */
} arb_step_kind;

/* What the pivot of a rotation is declared to be; arb_pivot_check and
 * arb_pose_path_check hold the step to it. */
typedef enum arb_pivot {
	ARB_PIVOT_POINT = 0,        /* any point */
	ARB_PIVOT_CORNER = 1,       /* a corner of the unit's footprint */
	ARB_PIVOT_FRONT_CORNER = 2, /* one of its two front corners (a wheel) */
	ARB_PIVOT_CENTRE = 3        /* the centre of its footprint (pivot on the spot, reform) */
} arb_pivot;

/* One step. pivot, angle_deg and about are read for rotations only. */
typedef struct arb_step {
	arb_step_kind kind;
	arb_vec2 pivot;   /* table coordinates, inches */
	double angle_deg; /* signed sweep, |angle_deg| <= 360 */
	arb_pivot about;
} arb_step;

/* steps[i] takes poses[i] to poses[i+1]: n_steps + 1 poses. A rotation
 * step is read from poses[i] and the step alone (poses[i+1] is where
 * arb_pose_path_check expects it to land); a translation goes from
 * poses[i].c to poses[i+1].c. The arrays belong to the caller. */
typedef struct arb_pose_path {
	const arb_pose *poses;
	const arb_step *steps;
	size_t n_steps;
} arb_pose_path;

/* A rigid body: parts[i].c and parts[i].facing_deg are in the body's frame.
 * A single base is a body of one part at (0, 0) facing 0, posed at the
 * base's centre and facing. The array belongs to the caller. */
typedef struct arb_body {
	const arb_placed *parts;
	size_t n_parts;
} arb_body;

/* A unit's footprint: the rectangle, in the unit's own axes, that holds
 * every base. f is the facing, l the facing turned 90 degrees left; rear
 * and front bound the bases along f, right and left along l. In a body's
 * own frame (arb_body_footprint) f is +x and l is +y. The functions that
 * read it are in section 3b (oracle/units.c). */
typedef struct arb_footprint {
	arb_vec2 f, l;
	double rear, front, right, left;
} arb_footprint;

/* The corners of a footprint on the table: front-left, front-right,
 * rear-right, rear-left. */
void arb_footprint_corners(const arb_footprint *fp, arb_vec2 out[4]);

/* facing mod 360 in [0, 360); NAN when deg is not finite. */
double arb_angle_normalise(double deg);
/* The shortest turn from one facing to another, in (-180, 180]: 359 -> 1
 * is +2, 1 -> 359 is -2, 0 -> 180 is +180. NAN when either is not finite. */
double arb_angle_delta(double from_deg, double to_deg);

/* A point of the body's frame put on the table at pose `at`. Rotations by
 * multiples of 90 degrees are exact. */
arb_vec2 arb_pose_point(const arb_pose *at, arb_vec2 local);
/* A part of a body put on the table at pose `at` (facing normalised). */
arb_placed arb_pose_place(const arb_pose *at, const arb_placed *part);
/* Pose `at` turned about pivot by angle_deg (facing normalised). */
arb_pose arb_pose_rotate(const arb_pose *at, arb_vec2 pivot, double angle_deg);

/* The bounding rectangle of the body's bases in its own frame (the
 * footprint convention, docs/geometry-rotation.md). ARB_EINPUT when the
 * body has no parts or a part is not finite. */
int arb_body_footprint(arb_footprint *out, const arb_body *body, arb_error *err);

/* ARB_OK, or ARB_EINPUT when the pose's centre or facing is not finite
 * (field "poses[index].c" or "poses[index].facing_deg"). */
int arb_pose_check(const arb_pose *p, size_t index, arb_error *err);

/* Whether pivot is what `about` says, for the unit with footprint fp at
 * pose `at`, within tol inches. *corner (if not NULL) receives the corner
 * (0..3, as in arb_footprint) the pivot is, or -1 (ARB_PIVOT_POINT and
 * ARB_PIVOT_CENTRE). ARB_EINPUT, with the nearest candidate and its
 * distance in the message, when it is not, when pivot or tol is not
 * finite, or when fp is NULL and `about` needs it. */
int arb_pivot_check(int *corner, const arb_pose *at, const arb_footprint *fp, arb_vec2 pivot,
                    arb_pivot about, double tol, arb_error *err);

/* Checks a whole path: every pose finite; every step of a known kind with
 * a finite pivot and |angle_deg| <= 360; every rotation's pivot what its
 * `about` declares (at the pose before it); and every pose where its step
 * puts the previous one (no teleport): no point of the footprint more than
 * tol inches from where the step takes it. fp is required. On ARB_EINPUT
 * *bad (if not NULL) is the pose the fault belongs to: a step's fault
 * belongs to the pose it arrives at (index + 1). */
int arb_pose_path_check(size_t *bad, const arb_pose_path *path, const arb_footprint *fp, double tol,
                        arb_error *err);

/* Arc length of radius `radius` over angle_deg: radius * |angle| in
 * radians (exact but for the rounding of pi / 180). */
double arb_arc_length(double radius, double angle_deg);

typedef enum arb_travel_point {
	ARB_TRAVEL_CENTRE = 0,  /* the centre of the base */
	ARB_TRAVEL_FARTHEST = 1 /* the point of the base farthest from the pivot:
	                           the most any point of the base moves */
} arb_travel_point;

/* How far a point of base (placed on the table) travels when it rotates
 * about pivot by angle_deg: the arc length of that point. */
double arb_rotation_travel(const arb_placed *base, arb_vec2 pivot, double angle_deg,
                           arb_travel_point which);

/* Distance travelled by each part of the body along the path, into
 * out[0..n_parts-1] (the caller's array): the sum over steps of what the
 * part travels in each (a translation's length, or its rotation travel).
 * ARB_TRAVEL_CENTRE gives the exact length of each centre's path;
 * ARB_TRAVEL_FARTHEST the sum of each step's farthest-point travel, which
 * is exact for one step and at least what any one point travels
 * otherwise. ARB_EINPUT as arb_pose_path_check's finiteness and kind
 * checks (no footprint is needed here). */
int arb_path_travel(double *out, const arb_body *body, const arb_pose_path *path,
                    arb_travel_point which, arb_error *err);

/* Which point of a wheel is measured. */
typedef enum arb_wheel_point {
	ARB_WHEEL_MODEL_CENTRE = 0,   /* the outside model's centre */
	ARB_WHEEL_MODEL_FARTHEST = 1, /* the point of the outside model's base
	                                 farthest from the pivot */
	ARB_WHEEL_FRONT_CORNER = 2    /* the unit's other front corner */
} arb_wheel_point;

typedef struct arb_wheel {
	double distance;  /* the arc the measured point travels */
	double radius;    /* from the pivot to that point */
	long outside;     /* the outside model (index of body's parts), or -1
	                     for ARB_WHEEL_FRONT_CORNER */
	int pivot_corner; /* 0: wheeling about the front-left corner, 1: front-right */
	int direction;    /* +1: the front edge swings forward, -1: backwards,
	                     0: neither (no turn) */
} arb_wheel;

/* Measures a wheel: `step` (a rotation) turns the body, at pose `at` with
 * footprint fp, about a front corner (within tol). The outside model of
 * the front rank is the part of front_rank[0..n_front-1] (indices of the
 * caller's choosing: the front rank is the unit-geometry module's to
 * define) whose centre is farthest from the pivot, the lowest index on a
 * tie. front_rank may be NULL for ARB_WHEEL_FRONT_CORNER. ARB_EINPUT when
 * the step is not a rotation about a front corner, an index is out of
 * range, or the front rank is empty. */
int arb_wheel_measure(arb_wheel *out, const arb_body *body, const arb_footprint *fp,
                      const arb_pose *at, const arb_step *step, const size_t *front_rank,
                      size_t n_front, arb_wheel_point which, double tol, arb_error *err);

/* The closest approach of a moving body along a path. */
typedef struct arb_sweep {
	arb_measure m;     /* figure: the smallest distance (0 when they touch or
	                      overlap), p on the mover and q on the other where it
	                      happens, other: index in others (-1 if none, and for a
	                      polygon); limit and margin 0 */
	long part;         /* the body's part that decided, -1 if none */
	size_t step;       /* the step in which it happens */
	double t;          /* how far into that step, 0..1: a rotation has turned
	                      t * angle_deg, a translation gone t of its length */
	double turned_deg; /* t * angle_deg for a rotation, 0 for a translation */
	arb_pose pose;     /* the body's pose there */
	bool contact;      /* figure is 0: step, t and pose are where contact
	                      first begins, and p = q is a point of contact */
} arb_sweep;

/* Closest approach of body, moving along path, to each of others[0..n-1]
 * (which stay put): exact (closed form; docs/geometry-rotation.md), no
 * sampling. figure = INFINITY and other = -1 when n_others == 0. With no
 * steps it is the distance at poses[0]. Ties go to the earliest point of
 * the path. ARB_EINPUT as arb_path_travel; out must not be NULL. */
int arb_pose_sweep_distance(arb_sweep *out, const arb_body *body, const arb_pose_path *path,
                            const arb_placed *others, size_t n_others, arb_error *err);

/* The same against a polygon (terrain) as arb_geom_base_polygon_distance
 * reads it: n == 1 a point, 2 a segment, >= 3 a simple polygon (inside is
 * 0). m.other is -1. */
int arb_pose_sweep_polygon(arb_sweep *out, const arb_body *body, const arb_pose_path *path,
                           const arb_vec2 *poly, size_t n, arb_error *err);

/* The same two, for a caller that only needs the sweep if it comes nearer
 * than `below` (the best it already has): obstacles that cannot come that
 * near, by more than rounding, are not swept. The answer is the same
 * whenever its figure is at most `below`; otherwise it may be another
 * figure above `below`, or none (INFINITY, other -1). */
int arb_pose_sweep_distance_below(arb_sweep *out, const arb_body *body, const arb_pose_path *path,
                                  const arb_placed *others, size_t n_others, double below,
                                  arb_error *err);
int arb_pose_sweep_polygon_below(arb_sweep *out, const arb_body *body, const arb_pose_path *path,
                                 const arb_vec2 *poly, size_t n, double below, arb_error *err);

/* One base (on the table) rotating about pivot by angle_deg, against
 * others: arb_pose_sweep_distance for a body of one part. */
int arb_rotation_distance(arb_sweep *out, const arb_placed *mover, arb_vec2 pivot, double angle_deg,
                          const arb_placed *others, size_t n_others, arb_error *err);

/* ------------------------------------------------------------------ */
/* 3. Scenarios                                                        */
/* ------------------------------------------------------------------ */
/*
 * A scenario owns all its memory in one arena: everything reachable from
 * an arb_scenario (strings, arrays) is allocated with arb_scenario_alloc or
 * arb_scenario_strdup and freed together by arb_scenario_free. Builders
 * (CSV, JSON) fill the public fields directly.
 */

/* A named number: a characteristic (M, I, Ld) or a derived value. */
typedef struct arb_kv {
	const char *name;
	double value;
} arb_kv;

/* A named fact the rulebook decides elsewhere (DESIGN "Facts"), kept as
 * text. Its type is declared in the ruleset's vocabulary (`facts:
 * name:type`, docs/spec-format.md) and checked when the scenario is
 * validated: bool ("true"/"false"), number, unit or units (IDs of units on
 * the board), model or models, point ("x,y"), or one word of a declared
 * set. */
typedef struct arb_fact {
	const char *name;
	const char *value;
} arb_fact;

typedef struct arb_model {
	const char *id;
	arb_vec2 pos;
	double facing_deg;
	arb_base base;
	arb_kv *stats;
	size_t n_stats;
} arb_model;

typedef struct arb_unit {
	const char *id;
	const char *side;
	const char *formation; /* a formation the ruleset declares, or NULL */
	double facing_deg;
	arb_kv *stats; /* unit-wide characteristics */
	size_t n_stats;
	const char **status; /* statuses the ruleset declares */
	size_t n_status;
	arb_model *models;
	size_t n_models;
} arb_unit;

typedef struct arb_terrain {
	const char *id;
	const char *kind; /* a terrain kind the ruleset declares */
	arb_vec2 *poly;
	size_t n_poly;
	/* How tall the piece stands, in inches (a clause that compares heights
	 * reads it: GR.MOV.TOWER.1); has_height false when not given, which
	 * zeroed memory means, so a reader that knows no height gives none. */
	bool has_height;
	double height;
} arb_terrain;

/* The path of one model: its centre's polyline, starting at its position.
 * A path that turns (CONV.TURN.2) is a path of poses: facing[i] is the
 * model's facing at pts[i] (NAN where not written: the facing before it,
 * turned by the step's angle if one is written, or the model's own at the
 * start), and steps[i] joins pts[i] to pts[i+1]
 * (a translation, or a rotation about a pivot; angle_deg NAN when not
 * written: the shorter turn between the two facings). Both are NULL for a
 * path that does not turn. The ruleset says which actions may turn, and
 * about which point (`turns:` in ruleset.md). */
typedef struct arb_path {
	const char *model;
	arb_vec2 *pts;
	size_t n_pts;
	double *facing;
	arb_step *steps;
} arb_path;

typedef struct arb_action {
	const char *type; /* an action the ruleset declares: "move", "charge" */
	const char *unit;
	bool voluntary; /* default true */
	arb_path *paths;
	size_t n_paths;
	const char **stationary; /* models declared as remaining stationary */
	size_t n_stationary;
	bool stationary_declared; /* a declaration was made (possibly empty) */
	const char **targets;     /* charge targets: unit ids */
	size_t n_targets;
} arb_action;

/* One event of the log of the phase so far (docs/interchange.md, `log`): a
 * unit's action in a sub-phase, or (unit NULL) the sub-phase completed
 * fully. */
typedef struct arb_log_event {
	const char *subphase;
	const char *unit;   /* the unit that acted; NULL: the sub-phase is completed */
	const char *action; /* an action the ruleset declares; NULL when unit is */
	/* The event's moves (docs/interchange.md, `log`), or NULL and 0: not
	 * given. A path starts where its model stood after the events before
	 * it; where a model has paths in the log, the model's position in the
	 * scenario is where its last one ends (the positions are those after
	 * the log). A ruleset may judge such an event as the action it is. */
	arb_path *paths;
	size_t n_paths;
	/* A charge event's targets (unit ids, docs/interchange.md `log`), or
	 * NULL and 0: none given. */
	const char **targets;
	size_t n_targets;
} arb_log_event;

typedef struct arb_context {
	const char *phase;    /* "movement", "shooting", "close_combat" */
	const char *subphase; /* "remaining", "charge", or NULL */
	int battle_round;
	const char *active_side; /* the side whose turn it is, or NULL */
	const char *in_progress; /* unit whose move was started and not finished */
	const char **completed;  /* units whose move is complete this phase */
	size_t n_completed;
	/* what happened earlier in the phase, in order, before the action
	 * judged; has_log false: not given (an empty log is the phase's start) */
	const arb_log_event *log;
	size_t n_log;
	bool has_log;
} arb_context;

typedef struct arb_scenario {
	const char *id;
	const char *ruleset;
	arb_context context;
	double board_w, board_h;
	arb_unit *units;
	size_t n_units;
	arb_terrain *terrain;
	size_t n_terrain;
	arb_action action;
	int *dice;
	size_t n_dice;
	const char **dice_test; /* NULL, or for each die the test it was rolled
	                           for ("difficult_check"): a test the ruleset
	                           declares; see arb_scenario_dice_for */
	arb_fact *facts;
	size_t n_facts;
	const char *profile; /* the reading profile the scenario is judged
	                        under when the caller names none, or NULL */
	/* Where the scenario came from, for messages: file and line (0 if none). */
	const char *src_file;
	long src_line;
	struct arb_arena *arena_;          /* private */
	struct arb_scenario_index *index_; /* private: arb_scenario_index */
	struct arb_field_mark *marks_;     /* private: arb_scenario_mark_field */
} arb_scenario;

/* Creates an empty scenario with its arena (voluntary = true, board 0x0).
 * The caller frees it with arb_scenario_free. Returns ARB_OK or ARB_ENOMEM. */
int arb_scenario_new(arb_scenario **out);
void arb_scenario_free(arb_scenario *s);

/* Zeroed memory owned by s's arena; NULL when out of memory. */
void *arb_scenario_alloc(arb_scenario *s, size_t size);
/* Records that the scenario's field (a case table's column, "units",
 * "models", "facts", ...: a string that outlives s, not copied) was read at
 * line:column of s->src_file, so that an error found while judging (a
 * predicate's arb_result_bad_input) says where, as one found while loading
 * does. ARB_OK or ARB_ENOMEM. */
int arb_scenario_mark_field(arb_scenario *s, const char *field, long line, long column);
/* Sets err->line and err->column to where err->field was read, when a
 * reader marked it (else leaves them). */
void arb_scenario_locate(const arb_scenario *s, arb_error *err);
/* A copy of str (or of its first n bytes) owned by s's arena. */
char *arb_scenario_strdup(arb_scenario *s, const char *str);
char *arb_scenario_strndup(arb_scenario *s, const char *str, size_t n);

/* Look-ups by ID (the first of that ID); NULL when absent. They scan the
 * scenario unless arb_scenario_index made its tables. */
const arb_unit *arb_scenario_unit(const arb_scenario *s, const char *id);
const arb_model *arb_scenario_model(const arb_scenario *s, const char *id, const arb_unit **unit);
const arb_path *arb_scenario_path(const arb_scenario *s, const char *model);
/* Makes the tables that let the look-ups above take constant time, for a
 * scenario large enough to need them (a small one keeps scanning); the
 * readers call it once a scenario is read. Call it again after changing
 * the units, models or paths of s. ARB_OK or ARB_ENOMEM (s still works,
 * scanning). */
int arb_scenario_index(arb_scenario *s);
const char *arb_scenario_fact(const arb_scenario *s, const char *name);
bool arb_unit_has_status(const arb_unit *u, const char *status);
/* The dice rolled for test, in order, written into out (up to cap);
 * returns how many there are. When no die of s names its test, every die
 * counts for any test (a scenario that rolls for one test only). */
size_t arb_scenario_dice_for(const arb_scenario *s, const char *test, int *out, size_t cap);
/* A model's characteristic: the model's own, else its unit's. Returns
 * false when neither states it. */
bool arb_model_stat(const arb_model *m, const arb_unit *u, const char *name, double *out);
/* A model as a placed base (at its start position). */
arb_placed arb_model_placed(const arb_model *m);
/* The facing of model m at point i of its path p (CONV.TURN.2). */
double arb_path_facing(const arb_path *p, const arb_model *m, size_t i);
/* The signed turn of step i of path p in degrees (0 for a translation). */
double arb_path_turn(const arb_path *p, const arb_model *m, size_t i);
/* The length of the path the model's centre travels: straight segments
 * and, for rotations, the arc r |angle| about the pivot. */
double arb_path_length(const arb_path *p, const arb_model *m);

/* ------------------------------------------------------------------ */
/* 3b. Unit geometry (oracle/units.c)                                  */
/* ------------------------------------------------------------------ */
/*
 * What every ruleset measures on units and terrain shapes, defined once.
 * The choices the rulebooks leave open are clauses of spec/conventions.md
 * (CONV.ARC.*, CONV.RANK.1, CONV.DIST.2, CONV.TOL.1), so `arbiter lint`
 * lists each as an assumption of the rulesets that rely on it.
 */

/* The unit vector of a facing in degrees (CONV.UNIT.2). */
arb_vec2 arb_geom_dir(double deg);

/* The half-extent of base p along the unit vector axis, in inches; lo and
 * hi (either may be NULL) receive the base's projection onto axis. */
double arb_geom_extent(const arb_placed *p, arb_vec2 axis, double *lo, double *hi);

/* "Within limit": distance <= limit plus the tolerance (CONV.DIST.2,
 * CONV.TOL.1). Every decision of the form "within", "up to", "at most"
 * goes through here. */
bool arb_within(double distance, double limit);

/* The footprint of unit u (its models at their start positions) along
 * u->facing_deg, or of n placed bases along facing_deg. */
arb_footprint arb_unit_footprint(const arb_unit *u);
arb_footprint arb_footprint_of(const arb_placed *bases, size_t n, double facing_deg);

/* The four arcs of a footprint, centred on its facing (front), +90 (left
 * side), 180 (rear) and 270 (right side): CONV.ARC.1. */
enum { ARB_ARC_FRONT = 0, ARB_ARC_LEFT = 1, ARB_ARC_REAR = 2, ARB_ARC_RIGHT = 3 };

/* The edge of the footprint that faces arc (ARB_ARC_*): *out receives its
 * outward unit normal, and the result is the edge's coordinate along it
 * (a point p is beyond the edge when dot(p, *out) exceeds it). */
double arb_footprint_face(const arb_footprint *fp, int arc, arb_vec2 *out);

/* The arcs point p lies in, as bits 1 << ARB_ARC_*: each arc_deg wide
 * (any angle up to 360), drawn from the footprint's corners (lines at half
 * the arc's angle from each corner) or from its centre (CONV.ARC.1). A
 * point on a line between two arcs has the bits of both (CONV.ARC.2: the
 * caller decides what the text says of it); 0 when in none. */
int arb_footprint_arcs(const arb_footprint *fp, arb_vec2 p, double arc_deg, bool from_corners);

/* Ranks of n bases counted along facing deg (CONV.RANK.1): rank[i] = 0 for
 * the rank furthest along deg, then 1, 2, ...; *n_ranks the count. Files
 * are the ranks counted along deg - 90 (right to left: deg + 90 counts
 * left to right). ARB_OK, or ARB_ENOMEM. */
int arb_ranks(const arb_placed *bases, size_t n, double deg, size_t *rank, size_t *n_ranks);

/* Distance in inches between the closest bases of base a and unit b, or
 * of units a and b (their models at their start positions): INFINITY when
 * either has no model. m (may be NULL) receives the closest pair's measure,
 * m->other the index of the model of b. */
double arb_base_unit_distance(const arb_placed *a, const arb_unit *b, arb_measure *m);
double arb_unit_distance(const arb_unit *a, const arb_unit *b, arb_measure *m);

/* "Within reach" of a straight move: the length base mover goes straight
 * towards the centre of base `to` until they touch (0 if they already do),
 * and where its centre stops. Exact: two round bases a closed form, other
 * pairs the first contact of a corner with an edge, or of a disc with a
 * grown polygon (docs/geometry.md, "Exactness"). */
double arb_geom_approach(const arb_placed *mover, const arb_placed *to, arb_vec2 *stop);

/* Whether segments ab and cd cross properly: each has its ends strictly on
 * both sides of the other's line (touching or collinear is not crossing). */
bool arb_geom_segments_cross(arb_vec2 a, arb_vec2 b, arb_vec2 c, arb_vec2 d);
/* As arb_geom_segments_cross, each end more than tol from the other's line
 * (CONV.TOL.1): two segments that are one line within the tolerance, or
 * meet within it, do not cross. */
bool arb_geom_segments_cross_by(arb_vec2 a, arb_vec2 b, arb_vec2 c, arb_vec2 d, double tol);

/* Whether point p lies inside or on (within the tolerance of) the simple
 * polygon poly[0..n-1]. */
bool arb_geom_point_in_polygon(arb_vec2 p, const arb_vec2 *poly, size_t n);

/* Distance in inches between two simple polygons (not necessarily convex):
 * 0 when their edges cross or touch or one lies inside the other, and then
 * m->p = m->q is a point of both; else the closest points of their
 * boundaries. INFINITY when either is empty. */
double arb_geom_polygon_distance(const arb_vec2 *a, size_t na, const arb_vec2 *b, size_t nb,
                                 arb_measure *m);

/* ------------------------------------------------------------------ */
/* 4. Rulebook                                                         */
/* ------------------------------------------------------------------ */
/*
 * spec/ holds the rulebooks: spec/conventions.md (shared measuring
 * conventions), and per ruleset spec/<ruleset>/ruleset.md (its vocabulary,
 * declared precedence, reading profiles) plus one file per section. The
 * markup is described in docs/spec-format.md.
 */

typedef struct arb_rulebook arb_rulebook;

typedef enum arb_clause_kind {
	ARB_KIND_CONSTRAINT,
	ARB_KIND_PERMISSION,
	ARB_KIND_DERIVATION,
	ARB_KIND_PROCEDURE,
	ARB_KIND_ADVISORY,
	ARB_KIND_FLAVOUR,
	ARB_KIND_CONVENTION /* spec/conventions.md: arbiter's own measuring rules */
} arb_clause_kind;

/* A number stated by the text: 6" is {value 6, unit "in"}; 2D6 is
 * {value 2, unit "D6"}; a yard is {1, "yd"}; 3+ is {3, "+"}; 90 degree is
 * {90, "deg"}. */
/* A row of the table an editor gives for a parameter the text promises
 * and does not give (errata.md, "## Tables"). */
typedef struct arb_param_row {
	const char *key; /* NULL: the parameter's one value; else the row's key ("25mm") */
	const char *raw; /* as written: 6 yd */
	double value;
	const char *unit;
	const char *file;
	long line;
} arb_param_row;

typedef struct arb_param {
	const char *name;
	const char *raw;  /* as written: 6" (an unresolved one: the words, "on the table below") */
	double value;     /* NAN when unresolved */
	const char *unit; /* "in", "yd", "mm", "D6", "" */
	/* Promised and not given ({ref:?table NAME}): its value comes from the
	 * rows of an errata table, if any (docs/spec-format.md). */
	bool unresolved;
	const arb_param_row *rows;
	size_t n_rows;
} arb_param;

typedef struct arb_clause {
	const char *id; /* SH.MOV.DIST.1 */
	arb_clause_kind kind;
	const char *ruleset;
	const char *section;
	const char *heading;     /* the heading the clause sits under */
	const char *text;        /* verbatim text, markup removed */
	const char *fingerprint; /* 16 hex digits of the normalised text */
	const arb_param *params;
	size_t n_params;
	const char **refs; /* references the text makes, as "text -> target";
	                      target "?" when the rulebook resolves it
	                      nowhere, "?table" for a table it promises */
	size_t n_refs;
	const char **terms; /* terms the text uses ([Marching]{term:Marching}) */
	size_t n_terms;
	const char **defines; /* terms the clause defines ([Horde]{def:Horde}) */
	size_t n_defines;
	const char *when; /* conventions: the words or units ("a|unit:yd")
	                     that show a ruleset relies on it, or NULL */
	const char *file; /* spec file and line of the clause tag */
	long line;
} arb_clause;

/* "winner overrides loser": where the winner applies (any outcome but not
 * applicable; with when_permits, only where it permits), the loser's answer
 * is set aside. Declared by the rulebook's own words, marked
 * beside them in the winner clause (`[with the exception that]{over:ID}`:
 * words is that text), or by a line `- A overrides B` of ruleset.md or
 * errata.md (words NULL). An arguable one (`{over?:ID}`) is a reading:
 * whether the words rank the clauses; profiles pick `exception` or `none`
 * for the pseudo-clause "WINNER over LOSER". */
typedef struct arb_precedence {
	const char *winner;
	const char *loser;
	const char *words; /* the declaring words of the text, or NULL */
	bool arguable;
	bool when_permits; /* `{over:ID when=permits}`: the winner ranks only where it
	                      permits (the exception's words are what grant) */
	const char *file;
	long line;
	long winner_column, loser_column;
} arb_precedence;

/* Where the text places a sub-phase or an action, and which section's rules
 * an action follows, with the words that decide it (ruleset.md `## Phases`):
 *   - sub-phase NAME of PHASE: CLAUSE "words"
 *   - action NAME in PHASE[/SUBPHASE]: CLAUSE "words"
 *   - action NAME follows ACTION of RULESET/SECTION: CLAUSE "words"
 * The quoted words must be words of the clause. */
typedef enum arb_placement_kind {
	ARB_PLACE_SUBPHASE, /* name is a sub-phase of phase */
	ARB_PLACE_ACTION,   /* action name happens in phase (and subphase, if any) */
	ARB_PLACE_FOLLOWS   /* action name is judged by section's predicates of action as_action */
} arb_placement_kind;

typedef struct arb_placement {
	arb_placement_kind kind;
	const char *name;
	const char *phase;     /* SUBPHASE, ACTION */
	const char *subphase;  /* ACTION: or NULL */
	const char *as_action; /* FOLLOWS */
	const char *section;   /* FOLLOWS: the section whose predicates apply */
	const char *clause;
	const char *words;
	const char *file;
	long line;
} arb_placement;

/* One line of a reading profile: in profile, clause is read as reading. */
typedef struct arb_profile_entry {
	const char *profile;
	const char *clause;
	const char *reading;
	const char *file;
	long line;
} arb_profile_entry;

/* Loads spec_dir (conventions.md and every spec/<ruleset>/ directory).
 * Strict: any malformed line is an error with file:line:column. The caller
 * frees *out with arb_rulebook_free. */
int arb_rulebook_load(arb_rulebook **out, const char *spec_dir, arb_error *err);
void arb_rulebook_free(arb_rulebook *rb);

/* As arb_rulebook_load; with ARB_LOAD_LENIENT, problems that make the text
 * inconsistent but still readable (a duplicate clause ID, precedence or
 * profile lines naming unknown clauses, a precedence cycle, an unlisted
 * section file, a tolerance that differs from the build's) are recorded
 * for arb_rulebook_problem_at instead of failing the load; the lines at
 * fault are dropped. Syntax errors still fail. For `arbiter lint`. */
enum { ARB_LOAD_LENIENT = 1 };
int arb_rulebook_load_ex(arb_rulebook **out, const char *spec_dir, int flags, arb_error *err);
size_t arb_rulebook_problem_count(const arb_rulebook *rb);
const arb_error *arb_rulebook_problem_at(const arb_rulebook *rb, size_t i);

size_t arb_rulebook_clause_count(const arb_rulebook *rb);
const arb_clause *arb_rulebook_clause_at(const arb_rulebook *rb, size_t i);
const arb_clause *arb_rulebook_clause(const arb_rulebook *rb, const char *id);
const char *arb_clause_kind_name(arb_clause_kind k);
/* A clause's parameter by name; NULL when the clause does not declare it. */
const arb_param *arb_clause_param(const arb_clause *c, const char *name);

bool arb_rulebook_has_ruleset(const arb_rulebook *rb, const char *ruleset);
/* The rulesets, in load order: how many, the i-th's name (NULL past the end). */
size_t arb_rulebook_ruleset_count(const arb_rulebook *rb);
const char *arb_rulebook_ruleset_at(const arb_rulebook *rb, size_t i);
/* Whether ruleset.md lists section (its file exists: the load checked it). */
bool arb_rulebook_has_section(const arb_rulebook *rb, const char *ruleset, const char *section);
/* Whether `action` of ruleset may turn (`turns: action:pivot` in its
 * ruleset.md), and about which point (*about). */
bool arb_rulebook_turn(const arb_rulebook *rb, const char *ruleset, const char *action,
                       arb_pivot *about);
/* Whether the ruleset's vocabulary (ruleset.md) declares word in list
 * ("formations", "statuses", "actions", "phases", "terrain", "facts"). */
bool arb_rulebook_declares(const arb_rulebook *rb, const char *ruleset, const char *list,
                           const char *word);
/* The ruleset's declared precedence pairs: how many, and the i-th. */
size_t arb_rulebook_precedence_count(const arb_rulebook *rb, const char *ruleset);
const arb_precedence *arb_rulebook_precedence_at(const arb_rulebook *rb, const char *ruleset,
                                                 size_t i);
/* A phase flow: the order of play a section lays down, as data next to the
 * procedure clauses that state it (a ```flow block, docs/spec-format.md).
 * Each step and transition names the clause behind it (or NULL). */
typedef struct arb_flow_step {
	const char *id;
	const char *label;
	const char *clause;
	long line;
} arb_flow_step;

typedef struct arb_flow_edge {
	const char *from, *to;
	const char *label; /* NULL when the transition has none */
	const char *clause;
	long line;
} arb_flow_edge;

typedef struct arb_flow {
	const char *name; /* unique in the rulebook: "scrollhammer.charge" */
	const char *title;
	const char *ruleset, *section, *file;
	long line;
	const arb_flow_step *steps;
	size_t n_steps;
	const arb_flow_edge *edges;
	size_t n_edges;
} arb_flow;

size_t arb_rulebook_flow_count(const arb_rulebook *rb);
const arb_flow *arb_rulebook_flow_at(const arb_rulebook *rb, size_t i);

/* The ruleset's placements (## Phases): how many, the i-th. */
size_t arb_rulebook_placement_count(const arb_rulebook *rb, const char *ruleset);
const arb_placement *arb_rulebook_placement_at(const arb_rulebook *rb, const char *ruleset,
                                               size_t i);
/* The declared type of a fact ("bool", "number", "count", "unit", "units", "model",
 * "models", "point", or "a|b|c" for a set of words); NULL when the ruleset
 * declares no such fact. */
const char *arb_rulebook_fact_type(const arb_rulebook *rb, const char *ruleset, const char *fact);
/* The words of one vocabulary list of the ruleset (as for
 * arb_rulebook_declares; "facts" gives the names only), space-separated,
 * sections' additions included: "" when the list is empty, NULL when the
 * ruleset or the list does not exist. Owned by rb. */
const char *arb_rulebook_vocabulary(const arb_rulebook *rb, const char *ruleset, const char *list);

/* The ruleset's profile lines, all profiles together: how many, the i-th. */
size_t arb_rulebook_profile_count(const arb_rulebook *rb, const char *ruleset);
const arb_profile_entry *arb_rulebook_profile_at(const arb_rulebook *rb, const char *ruleset,
                                                 size_t i);
/* A reading profile: the reading it selects for clause, or NULL when the
 * profile leaves the clause's readings open. Returns false if the profile
 * does not exist. The profile "all" exists always and selects nothing. */
bool arb_rulebook_profile_reading(const arb_rulebook *rb, const char *ruleset, const char *profile,
                                  const char *clause, const char **reading);

/* FNV-1a 64-bit fingerprint of text after normalisation (whitespace runs
 * to one space, trimmed), written as 16 hex digits into out[17]. */
void arb_fingerprint(const char *text, char out[17]);

/* ------------------------------------------------------------------ */
/* 5. Predicates                                                       */
/* ------------------------------------------------------------------ */
/*
 * Each predicate is one C function in oracle/rules/<ruleset>/<section>.c,
 * declared beside its code with ARB_PREDICATE. The tag is data: the clause
 * it encodes, the reading (NULL when the clause has one), the actions and
 * phases it applies to, the question it answers, the parameters it reads
 * and the fingerprint of the clause text it was written against.
 */

typedef enum arb_outcome {
	ARB_NA = 0,    /* the clause does not speak to this scenario */
	ARB_HOLDS,     /* a constraint is satisfied */
	ARB_VIOLATED,  /* a constraint is broken, or an action exceeds what a
	                  permission grants ("up to X") */
	ARB_PERMITS,   /* a permission grants the action */
	ARB_VALUE,     /* a derivation computed values */
	ARB_UNDECIDED, /* the clause applies but its words do not decide the
	                  question: a gap unless another clause decides */
	ARB_MISSING    /* the clause applies and would decide, but needs a fact
	                  (or characteristic) the scenario does not give:
	                  arb_result_missing names it. Not a gap of the text. */
} arb_outcome;

const char *arb_outcome_name(arb_outcome o);

/* The values one predicate may record (arb_result_value, arb_result_info).
 * One more is a fault of the predicate: arb_judge fails with ARB_EINTERNAL
 * naming it, the value is never dropped. At most the bits of an unsigned. */
#define ARB_MAX_VALUES 8

/* What a predicate writes. explanation is one line with the measured
 * figures ("moved 6.30 in, limit 6 in"). */
typedef struct arb_result {
	arb_outcome outcome;
	char explanation[256];
	bool has_measure;
	arb_measure measure;
	const char *subject; /* the model or unit that decided, if any */
	const char *object;  /* the other model, unit or terrain, if any */
	arb_kv values[ARB_MAX_VALUES];
	size_t n_values;
	unsigned informative;    /* bit i: values[i] is shown for explanation only,
	                            not a value the clause derives as its answer */
	const char *missing;     /* ARB_MISSING: the fact or characteristic needed */
	int fault;               /* 0, or ARB_ENOMEM / ARB_EBUDGET / ARB_EINTERNAL: the
	                            predicate could not run to its answer; the
	                            explanation says why. arb_judge fails with it.
	                            ARB_EINPUT: the scenario lacks what the clause
	                            needs (arb_result_bad_input) */
	const char *fault_field; /* ARB_EINPUT: the scenario's field at fault */
	bool terse_;             /* private: judged with ARB_JUDGE_TERSE */
} arb_result;

typedef struct arb_eval arb_eval;

typedef void (*arb_predicate_fn)(const arb_eval *ev, arb_result *r);

/* One row of a clause's readings table: the reading's name and the argument
 * its predicate function receives (arb_eval_reading_arg). */
typedef struct arb_reading {
	const char *name;
	int arg;
} arb_reading;

/* A readings table for a predicate tag, one row per reading:
 *   .readings = ARB_READINGS({"connected", SH_CHAIN_CONNECTED}, {"line", SH_CHAIN_LINE})
 * The registry binds one predicate per row; each appears in traces and
 * profiles under its reading's name. */
#define ARB_READINGS(...) ((const arb_reading[]){__VA_ARGS__, {NULL, 0}})

/* Predicate flags, for the tools that draw a verdict. */
enum {
	/* its measure's limit is a distance to keep from enemy models: drawings
	 * show it as a zone round them */
	ARB_PRED_ENEMY_ZONE = 1u << 0,
	/* with ARB_PRED_ENEMY_ZONE: its clause keeps the unit from friendly
	 * units too (Regiments' "another unit -- friend or foe"): drawings show
	 * the zone round every other unit's models */
	ARB_PRED_FRIEND_ZONE = 1u << 1,
	/* its measure's p and q are a point the action must keep (a reform's
	 * centre point, before and after): drawings mark it as such */
	ARB_PRED_CENTRE_MARK = 1u << 2
};

typedef struct arb_predicate {
	const char *clause;          /* clause ID */
	const char *reading;         /* NULL, or the reading's name (a clause with one
	                                predicate per reading); see also readings */
	const arb_reading *readings; /* NULL, or a table ended by {NULL, 0}: one
	                                bound predicate per row (ARB_READINGS) */
	const char *ruleset;
	const char *actions;     /* space-separated action types, "*" for any */
	const char *phases;      /* space-separated phases, "*" for any */
	const char *question;    /* what it decides: "move.distance" */
	const char *params;      /* space-separated "name" or "CLAUSE:name" */
	const char *fingerprint; /* of the clause text it was written against */
	unsigned flags;          /* ARB_PRED_* */
	arb_predicate_fn fn;
	const char *src_file;
	int src_line;
} arb_predicate;

/* Declares a predicate: ARB_PREDICATE(name, .clause = "...", ...) { body }.
 * A pointer to the descriptor is put in the "arb_predicates" ELF section (a
 * linker set, as Criterion does for its tests) where arb_oracle_new finds
 * it; pointers, not descriptors, so that no padding can creep in. */
#define ARB_PREDICATE(fname, ...)                                                                  \
	static void fname(const arb_eval *ev, arb_result *r);                                      \
	static const arb_predicate arb__pred_##fname = {                                           \
	    __VA_ARGS__, .fn = fname, .src_file = __FILE__, .src_line = __LINE__};                 \
	static const arb_predicate *const arb__ptr_##fname                                         \
	    __attribute__((used, section("arb_predicates"))) = &arb__pred_##fname;                 \
	static void fname(const arb_eval *ev, arb_result *r)

/* The predicates linked into this program, in link order (bound or not):
 * descriptors, before a readings table is expanded;
 * how many, and the i-th. For checks that must see every one (lint). */
size_t arb_predicate_linked_count(void);
const arb_predicate *arb_predicate_linked_at(size_t i);

/* What a predicate may read while it runs. */
const arb_scenario *arb_eval_scenario(const arb_eval *ev);
const arb_clause *arb_eval_clause(const arb_eval *ev);
/* A parameter the predicate declared in its tag ("max_move" for its own
 * clause, "SH.FORM.HORDE.1:coherency" for another clause's), converted to
 * inches when it is a length. Returns NAN (and marks the evaluation as
 * faulty) when the predicate did not declare it. */
double arb_eval_param(const arb_eval *ev, const char *name);
/* A parameter the text promises and does not give ({ref:?table NAME}): true
 * and *out (converted as above) when an errata table gives its one value;
 * false when nothing gives it, which a predicate answers as a gap of the
 * text naming the missing table. For a parameter the text gives, its value
 * (true). */
bool arb_eval_param_known(const arb_eval *ev, const char *name, double *out);
/* The row `key` of the errata table of such a parameter ("25mm" of a table
 * by base size): true and *out when the table has that row, false when
 * there is no table or no such row. */
bool arb_eval_param_row(const arb_eval *ev, const char *name, const char *key, double *out);
/* The unit the action names, and whether a model of it is on the move.
 * NULL when the action names no unit. */
const arb_unit *arb_eval_actor(const arb_eval *ev);
/* The oracle judging, for a predicate that judges another scenario (a
 * log event's move) with arb_judge. */
const struct arb_oracle *arb_eval_oracle(const arb_eval *ev);
/* Whether the judgement keeps the predicates' explanations: false under
 * ARB_JUDGE_TERSE, where text built only to be quoted in an explanation
 * (or a missing fact's message) need not be built at all. */
bool arb_eval_explains(const arb_eval *ev);
/* What the predicates of one judgement share, computed once: the value for
 * key (the address of a static object of the caller's), built by make on
 * the first call and freed by free_fn when the judgement ends. It may
 * depend only on the scenario and the actor, never on a reading or a
 * parameter, and is read-only to every predicate. NULL when make fails
 * (or a judgement already holds ARB_MEMO_MAX values: engine.h). */
void *arb_eval_memo(const arb_eval *ev, const void *key, void *(*make)(const arb_eval *ev),
                    void (*free_fn)(void *));
/* Zeroed memory for n objects of size bytes that lives until the
 * judgement ends, and is freed with it (never by the caller): a
 * predicate's scratch, or a memo's value (its free_fn NULL). NULL when out
 * of memory or when n * size overflows. Cheaper than malloc: a judgement
 * starts with 16 KiB of it at hand, on its stack. */
void *arb_eval_alloc(const arb_eval *ev, size_t n, size_t size);
/* The reading being judged: its name (NULL when the clause has one reading)
 * and the argument of its row in the predicate's readings table (0 if none). */
const char *arb_eval_reading(const arb_eval *ev);
int arb_eval_reading_arg(const arb_eval *ev);

/* Formats r->explanation. */
void arb_result_explain(arb_result *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Adds a derived value: the answer of a derivation clause, which an
 * implementation must give too (docs/interchange.md, `values`). */
void arb_result_value(arb_result *r, const char *name, double value);
/* Adds a value shown for explanation only (an intermediate figure, such as
 * a unit's coherency value): verdicts list it under `info`, never compared. */
void arb_result_info(arb_result *r, const char *name, double value);
/* Sets r->outcome to ARB_MISSING: the clause needs what (a fact's name, or
 * "M of a1") that the scenario does not give. fmt explains, as for
 * arb_result_explain. */
void arb_result_missing(arb_result *r, const char *what, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Reports a fault of the predicate (code ARB_ENOMEM, ARB_EBUDGET or
 * ARB_EINTERNAL): arb_judge fails with that code and this message. */
void arb_result_fault(arb_result *r, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Reports bad input: the scenario lacks what the clause needs and what the
 * ruleset says every scenario that asks the question must give (a model's
 * characteristic, say). arb_judge fails with ARB_EINPUT naming field (a
 * static string: "units", "models", "facts") at the scenario's file, line
 * and column, and this message. Not a missing fact of the text: that is
 * arb_result_missing. */
void arb_result_bad_input(arb_result *r, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ------------------------------------------------------------------ */
/* 6. Oracle and verdicts                                              */
/* ------------------------------------------------------------------ */

typedef struct arb_oracle arb_oracle;

/* Binds the predicates linked into the program to the clauses of rb:
 * every predicate's clause and parameters must exist. Predicates of a
 * ruleset that rb does not contain are left out. rb must outlive the
 * oracle. The caller frees *out with arb_oracle_free. */
int arb_oracle_new(arb_oracle **out, const arb_rulebook *rb, arb_error *err);
void arb_oracle_free(arb_oracle *o);

/* Bound predicates, one per reading: how many, the i-th's descriptor, and the
 * reading it judges (NULL when its clause has one). */
size_t arb_oracle_predicate_count(const arb_oracle *o);
const arb_predicate *arb_oracle_predicate_at(const arb_oracle *o, size_t i);
const char *arb_oracle_predicate_reading(const arb_oracle *o, size_t i);
/* Predicates are stale when their recorded fingerprint differs from the
 * clause text's. */
bool arb_oracle_predicate_stale(const arb_oracle *o, size_t i);
/* Normative clauses (constraint, permission, derivation, procedure) of
 * ruleset (NULL: all) with no predicate, written into out (up to cap);
 * returns how many there are. */
size_t arb_oracle_unencoded(const arb_oracle *o, const char *ruleset, const arb_clause **out,
                            size_t cap);

typedef enum arb_verdict_kind {
	ARB_V_LEGAL = 0,
	ARB_V_ILLEGAL,
	ARB_V_DISPUTED,
	ARB_V_NOT_APPLICABLE,
	ARB_V_MISSING_INPUT /* a clause would decide, but needs facts the scenario
	                       does not give (verdict.missing names them) */
} arb_verdict_kind;
#define ARB_V_KINDS 5

enum {
	ARB_DISPUTE_CONFLICT = 1, /* clauses disagree, no declared precedence */
	ARB_DISPUTE_GAP = 2,      /* a question is asked, no clause decides it */
	ARB_DISPUTE_READINGS = 4  /* one clause's readings disagree */
};

/* One predicate consulted. */
typedef struct arb_trace {
	const arb_predicate *pred;
	const char *reading; /* the reading judged, or NULL */
	size_t index;        /* pred and reading's place in the oracle
	                        (arb_oracle_predicate_at) */
	arb_result result;
	const char *overridden_by;            /* clause that overrides it, or NULL */
	const arb_precedence *overridden_how; /* the precedence that did, or NULL */
	bool not_selected;                    /* the profile chose another reading */
	/* A violated entry's: a fact the scenario lacks, on which it hangs
	 * whether a declared winner that overrides where it permits (awaits_how)
	 * sets it aside; or NULL. Such a violation decides nothing: the question
	 * is missing-input, naming the fact. */
	const char *awaits;
	const arb_precedence *awaits_how;
	/* A violated entry's: a declared winner that overrides where it
	 * permits, left undecided by the text (no reading permits, one is
	 * undecided); or NULL. Such a violation decides nothing: the question
	 * is a gap naming both clauses. */
	const arb_precedence *open_how;
} arb_trace;

typedef struct arb_verdict {
	const char *scenario_id;
	arb_verdict_kind kind;
	int dispute;           /* ARB_DISPUTE_* bits */
	const char **violates; /* sorted, unique clause IDs */
	size_t n_violates;
	const char **disputed; /* clauses involved in a dispute, sorted */
	size_t n_disputed;
	arb_kv *values; /* derived values, sorted by name */
	size_t n_values;
	arb_kv *info; /* values shown for explanation only, sorted */
	size_t n_info;
	const char **missing; /* missing-input: the facts needed, sorted */
	size_t n_missing;
	arb_trace *trace; /* in evaluation order */
	size_t n_trace;
	/* NULL when every trace entry is the action's; else, for a scenario
	 * whose log events carry their moves (each judged as its own action,
	 * docs/interchange.md "Verdicts of a log"), per trace entry the log
	 * event it belongs to, counted from 1 (0: the action). Use
	 * arb_trace_event. */
	size_t *trace_event;
} arb_verdict;

/* The log event (counted from 1) that trace entry i of v belongs to, or 0
 * for the action judged. */
size_t arb_trace_event(const arb_verdict *v, size_t i);

/* Judges s under the reading profile (NULL: the scenario's own profile,
 * s->profile, or else "all": every reading counts). The caller frees *out
 * with arb_verdict_free. Errors are for malformed scenarios (unknown unit,
 * path that does not start at the model), faulty predicates and faults a
 * predicate reports (ARB_ENOMEM, ARB_EBUDGET), never for an illegal
 * action. Only a disputed verdict carries dispute bits and disputed
 * clauses; only a missing-input verdict carries missing. */
int arb_judge(arb_verdict **out, const arb_oracle *o, const arb_scenario *s, const char *profile,
              arb_error *err);
/* As arb_judge, with options. ARB_JUDGE_TERSE: the trace's explanations
 * are left empty (a fault's still says why); every outcome, measure, value
 * and the verdict are the same. For callers that print no explanation:
 * formatting them is a fifth of judging.
 * ARB_JUDGE_VALIDATED: the caller promises that s passed
 * arb_scenario_validate against this oracle's rulebook and has not changed
 * since (the scenario of every case arb_caseset_load_file loaded with that
 * rulebook has), so it is not validated again: validating was a tenth of
 * judging. A scenario that was not is undefined behaviour, never an error;
 * without the flag an invalid scenario is refused as by arb_judge. */
enum { ARB_JUDGE_TERSE = 1u << 0, ARB_JUDGE_VALIDATED = 1u << 1 };
int arb_judge_ex(arb_verdict **out, const arb_oracle *o, const arb_scenario *s, const char *profile,
                 unsigned flags, arb_error *err);
void arb_verdict_free(arb_verdict *v);

/* Checks a scenario against the rulebook's vocabulary and the model's
 * sanity (finite numbers, positive sizes, paths starting at the model).
 * arb_judge calls it first. */
int arb_scenario_validate(const arb_scenario *s, const arb_rulebook *rb, arb_error *err);
/* The most corners a piece of terrain may have (its edges are checked
 * pairwise for crossings). */
#define ARB_MAX_TERRAIN_CORNERS 4096
/* The most units, models (all units together) and points of one path a
 * scenario may have (docs/limits.md): what a user can make large, bounded
 * so that judging one scenario stays bounded in time and memory. */
#define ARB_MAX_UNITS       100000
#define ARB_MAX_MODELS      100000
#define ARB_MAX_PATH_POINTS 100000

/* The exact odds of a scenario that rolls dice: its verdict judged once for
 * every outcome of its dice (each die 1 to 6, at most ARB_ODDS_MAX_DICE
 * dice), counted by verdict kind, and the distribution of each derived value
 * (at most ARB_ODDS_MAX_VALUES values, each with at most ARB_ODDS_MAX_LEVELS
 * levels). Odds past a limit are refused (ARB_EINPUT), never cut short. */
#define ARB_ODDS_MAX_DICE   6
#define ARB_ODDS_MAX_VALUES 24
#define ARB_ODDS_MAX_LEVELS 48
typedef struct arb_odds_value {
	const char *name;
	size_t n_levels;
	double level[ARB_ODDS_MAX_LEVELS];        /* the values seen, ascending */
	unsigned long count[ARB_ODDS_MAX_LEVELS]; /* outcomes giving each */
} arb_odds_value;

typedef struct arb_odds {
	size_t dice;
	unsigned long outcomes;             /* 6^dice */
	unsigned long by_kind[ARB_V_KINDS]; /* indexed by arb_verdict_kind */
	arb_odds_value values[ARB_ODDS_MAX_VALUES];
	size_t n_values;
} arb_odds;

/* Fills *out for s (which must roll 1 to ARB_ODDS_MAX_DICE dice; the dice s
 * states are replaced in turn by every outcome, s itself is not changed).
 * Returns ARB_EINPUT when s rolls no dice or too many, or when its outcomes
 * derive more values, or more levels of one value, than arb_odds holds. */
int arb_odds_enumerate(arb_odds *out, const arb_oracle *o, const arb_scenario *s,
                       const char *profile, arb_error *err);

const char *arb_verdict_kind_name(arb_verdict_kind k);
/* Parses "legal", "illegal", "disputed", "not-applicable", "missing-input". */
int arb_verdict_kind_parse(const char *s, arb_verdict_kind *out);
/* "conflict", "gap", "readings", joined by '+'; "" for none. */
const char *arb_dispute_name(int bits, char *buf, size_t n);
/* Parses the above (empty string: 0). Returns -1 on an unknown word. */
int arb_dispute_parse(const char *s, int *out);

/* ------------------------------------------------------------------ */
/* 7. Cases                                                            */
/* ------------------------------------------------------------------ */
/*
 * A case table is a CSV file with a header row (docs/cases.md). Each row
 * becomes a scenario and its expectation. Loading is strict: a malformed
 * row is an error with file:line:column and the field name.
 */

typedef struct arb_case {
	const char *id;
	const char *target;  /* clause the case targets */
	const char *profile; /* reading profile, "all" by default */
	arb_verdict_kind expect;
	int expect_dispute;    /* ARB_DISPUTE_* bits; 0: not checked */
	const char **violates; /* expected violated clauses, sorted */
	size_t n_violates;
	const char **disputed; /* expected clauses in the dispute, sorted;
	                          none given: not checked */
	size_t n_disputed;
	arb_kv *values; /* expected derived values */
	size_t n_values;
	const char *variants; /* "all", "no-rotate" or "none" */
	const char *note;
	const char *file;
	long line;
	arb_scenario *scenario; /* owned by the case set; its profile is the
	                           case's (NULL for "all") */
} arb_case;

typedef struct arb_caseset arb_caseset;

/* Creates an empty case set. The caller frees it with arb_caseset_free. */
int arb_caseset_new(arb_caseset **out);
void arb_caseset_free(arb_caseset *cs);
/* Loads one CSV file into cs, checking it against rb (ruleset, formations,
 * clause IDs in target and violates). ruleset is taken from the file's
 * path (.../<ruleset>/<section>/x.csv) unless the table has a ruleset
 * column. Duplicate case IDs across the set are an error. Every scenario
 * it adds has passed arb_scenario_validate against rb (a file with one that
 * does not is refused whole): an oracle bound to rb may judge them with
 * ARB_JUDGE_VALIDATED. */
int arb_caseset_load_file(arb_caseset *cs, const char *path, const arb_rulebook *rb,
                          arb_error *err);
/* As arb_caseset_load_file, for a table already in memory: text[0..len)
 * (NUL bytes are an error), named name in errors and for its ruleset. */
int arb_caseset_load_text(arb_caseset *cs, const char *name, const char *text, size_t len,
                          const arb_rulebook *rb, arb_error *err);
size_t arb_caseset_count(const arb_caseset *cs);
const arb_case *arb_caseset_at(const arb_caseset *cs, size_t i);
const arb_case *arb_caseset_find(const arb_caseset *cs, const char *id);

/* Compares a verdict with a case's expectation. Returns true when they
 * agree; otherwise writes a one-line reason into why. */
bool arb_case_agrees(const arb_case *c, const arb_verdict *v, char *why, size_t n);

/* ------------------------------------------------------------------ */
/* 8. Lint                                                             */
/* ------------------------------------------------------------------ */
/*
 * The rulebook's own health, for editors: structure, dangling references,
 * traceability clause <-> predicates <-> cases, staleness, and the
 * conventions a ruleset relies on without stating them.
 */

typedef enum arb_lint_kind {
	ARB_LINT_STRUCTURE,
	ARB_LINT_REFERENCE,
	ARB_LINT_TRACE,
	ARB_LINT_STALE,
	ARB_LINT_ASSUMPTION,
	ARB_LINT_PRECEDENCE, /* what ranks clauses and places actions, with the words */
	ARB_LINT_WORDS       /* spelling and grammar of the text (the program's spell checker) */
} arb_lint_kind;

typedef enum arb_severity { ARB_SEV_INFO, ARB_SEV_WARNING, ARB_SEV_ERROR } arb_severity;

typedef struct arb_finding {
	arb_lint_kind kind;
	arb_severity severity;
	const char *code;    /* stable short name: "unresolved-reference" */
	const char *ruleset; /* NULL when it concerns no one ruleset */
	const char *clause;  /* NULL when it concerns no one clause */
	const char *file;    /* where to look; NULL if nowhere */
	long line;
	char message[384]; /* one sentence */
	long column;       /* of the word in the line, in bytes from 1; 0 when not one word */
} arb_finding;

/* One row of the traceability matrix. Cases "seen holding" are those in
 * which a predicate of the clause held, permitted or computed a value;
 * "seen violated", those in which one was violated. */
typedef struct arb_trace_row {
	const arb_clause *clause;
	size_t predicates;
	size_t stale;
	size_t cases_target;
	size_t cases_pos;
	size_t cases_neg;
} arb_trace_row;

typedef struct arb_lint arb_lint;

/* Lints rb (loaded leniently or not) for ruleset (NULL: all). o binds the
 * linked predicates (NULL when they could not be bound: the coverage by
 * cases is then left out, and a finding says so); cs holds the cases (NULL:
 * none), judged with o for the coverage. The caller frees *out with
 * arb_lint_free. Findings are sorted by file and line. */
int arb_lint_run(arb_lint **out, const arb_rulebook *rb, const arb_oracle *o, const arb_caseset *cs,
                 const char *ruleset, arb_error *err);
void arb_lint_free(arb_lint *l);
/* Adds a finding found outside (a case table that would not load, a word
 * the program's spell checker does not know). The strings f points to must
 * outlive l. */
int arb_lint_add(arb_lint *l, const arb_finding *f);
/* Sorts the findings again by file, line and column, after arb_lint_add. */
void arb_lint_sort(arb_lint *l);
size_t arb_lint_count(const arb_lint *l);
const arb_finding *arb_lint_at(const arb_lint *l, size_t i);
/* The traceability matrix: one row per clause of the linted rulesets, in
 * the order of the text. */
size_t arb_lint_matrix(const arb_lint *l, const arb_trace_row **rows);
const char *arb_lint_kind_name(arb_lint_kind k);
const char *arb_severity_name(arb_severity s);
/* Parses "info", "warning", "error". Returns -1 on an unknown word. */
int arb_severity_parse(const char *s, arb_severity *out);

/* ------------------------------------------------------------------ */
/* 9. Searching for disputes (oracle/search*.c)                        */
/* ------------------------------------------------------------------ */
/*
 * `arbiter conflicts` asks every decision point of a ruleset (an action
 * in a phase, as the predicates' tags name them) a space of scenarios
 * built from the ruleset's own vocabulary and numbers, and collects the
 * verdicts that come out disputed (docs/conflicts.md). Scenario k of a
 * point is a pure function of the rulebook, the options and k, so that a
 * shard of the search, or a finding's first scenario, can be built again
 * anywhere from its index.
 */

/* A characteristic every generated unit carries, with the values the
 * search tries (the first is the one it starts from). The name
 * "terrain:height" is no characteristic: the heights (inches) a terrain
 * piece of the ruleset stands, each tried with each terrain kind. */
typedef struct arb_search_stat {
	const char *ruleset;
	const char *name;
	const double *values;
	size_t n_values;
} arb_search_stat;

typedef struct arb_search_options {
	unsigned long long seed;     /* of the combinations and the random geometry */
	size_t budget;               /* per point: combinations of the small-scope values
	                                after the sweep (all of them when fewer) */
	size_t random;               /* per point: scenarios of random geometry */
	const char *const *rulesets; /* NULL: every ruleset of the rulebook */
	size_t n_rulesets;
	const arb_search_stat *stats; /* the characteristics units carry */
	size_t n_stats;
	double board_w, board_h; /* inches; 0: 72 x 48 */
	const char *profile;     /* reading profile judged under; NULL: all */
} arb_search_options;

/* A decision point: an action of a ruleset in a phase. */
typedef struct arb_search_point {
	const char *ruleset, *action, *phase;
	unsigned long long sweep; /* scenarios of the one-value-at-a-time sweep */
	unsigned long long total; /* all its scenarios: sweep, combinations, random */
} arb_search_point;

/* A disputed verdict the search met, keyed by its kind and clauses. */
typedef struct arb_search_finding {
	const char *key;            /* "conflict SH.MOV.1 SH.MOV.DIST.1" */
	const char *kind;           /* arb_dispute_name's words: "conflict", "gap+readings" */
	const char *const *clauses; /* the disputed clauses, sorted */
	size_t n_clauses;
	size_t point;             /* where it was first met: the point ... */
	unsigned long long index; /* ... and the scenario's index there */
	unsigned long long count; /* scenarios that showed it */
} arb_search_finding;

typedef struct arb_search_progress {
	unsigned long long done, total; /* scenarios judged, and to judge, by this run */
	size_t findings;
	unsigned long long rejected; /* generated scenarios the validator refused */
} arb_search_progress;

/* Called every few thousand scenarios; a non-zero return stops the run. */
typedef int (*arb_search_progress_fn)(void *ud, const arb_search_progress *p);

typedef struct arb_search arb_search;

/* Prepares the search of o's rulebook rb (which both must outlive it):
 * the decision points and the values of each dimension, from the
 * vocabulary and parameters of spec/. ARB_ENOTFOUND for a ruleset the
 * rulebook lacks. The caller frees *out with arb_search_free. */
int arb_search_new(arb_search **out, const arb_oracle *o, const arb_rulebook *rb,
                   const arb_search_options *opt, arb_error *err);
void arb_search_free(arb_search *s);
size_t arb_search_point_count(const arb_search *s);
const arb_search_point *arb_search_point_at(const arb_search *s, size_t i);
/* Every scenario of every point. */
unsigned long long arb_search_total(const arb_search *s);
/* A text naming everything that decides which scenarios are searched (the
 * points, each dimension's values, the options): two searches with the
 * same description and the same spec/ judge the same scenarios. Owned by s. */
const char *arb_search_describe(const arb_search *s);

/* Builds scenario index of point (index < total of the point). The
 * caller frees *out with arb_scenario_free. */
int arb_search_scenario(arb_scenario **out, const arb_search *s, size_t point,
                        unsigned long long index, arb_error *err);

/* Judges the scenarios whose global number g (points in order, indices in
 * order) has g % stride == offset, and records each disputed verdict's
 * finding (the first scenario, and a count). A scenario the validator
 * refuses is counted as rejected (the first refusal is kept:
 * arb_search_rejection); a fault of a predicate stops the run with its
 * error. ARB_EINPUT when stride is 0 or offset >= stride. */
int arb_search_run(arb_search *s, unsigned long long offset, unsigned long long stride,
                   arb_search_progress_fn fn, void *ud, arb_error *err);
unsigned long long arb_search_judged(const arb_search *s);
unsigned long long arb_search_rejected(const arb_search *s);
/* Predicates consulted (trace entries) over the scenarios judged: the
 * search's throughput in predicate evaluations. */
unsigned long long arb_search_evaluations(const arb_search *s);
/* The first refusal of a generated scenario (code 0 when none). */
const arb_error *arb_search_rejection(const arb_search *s);

/* Records a finding met elsewhere (another shard, another thread): kept
 * if new, else its count added and its first scenario the earlier one.
 * clauses need not be sorted; kind as arb_dispute_name writes it. */
int arb_search_note(arb_search *s, const char *kind, const char *const *clauses, size_t n,
                    size_t point, unsigned long long index, unsigned long long count,
                    arb_error *err);
/* Findings sorted by key. */
size_t arb_search_finding_count(const arb_search *s);
const arb_search_finding *arb_search_finding_at(const arb_search *s, size_t i);

/* Shrinks finding i's first scenario to a smaller one with the same
 * finding (fewer units, models, facts, statuses and dice, rounder
 * numbers), judged with its full trace. *steps (may be NULL) receives
 * how many reductions were kept. The caller frees *scenario and *verdict. */
int arb_search_shrink(arb_scenario **scenario, arb_verdict **verdict, const arb_search *s, size_t i,
                      size_t *steps, arb_error *err);

/* Whether verdict v (judged with its trace) shows finding key for real:
 * for a conflict, a disputed clause violated and another permitting; for
 * a gap, a disputed clause undecided; for readings, two readings of a
 * disputed clause answering differently, or the scenario's verdict
 * changing with the reading profile (arb_search_confirm_profiles). why
 * (size n) receives the evidence or what is lacking. */
bool arb_search_confirms(const arb_verdict *v, const char *key, char *why, size_t n);
/* Whether the verdict of s changes with the reading profile: true and
 * the two profiles in why when two profiles of its ruleset (or one and
 * "all") give verdicts of another kind or other violated clauses. */
int arb_search_confirm_profiles(bool *differ, const arb_oracle *o, const arb_rulebook *rb,
                                const arb_scenario *s, char *why, size_t n, arb_error *err);

/* The key of a disputed verdict ("" when v is not disputed) into buf. */
const char *arb_search_key(const arb_verdict *v, char *buf, size_t n);

/* The kinds of finding: a disputed verdict's (ARB_DISPUTE_*, joined by '+'
 * as arb_dispute_name writes them) and the search's own two, which stand
 * alone: "overlap" (two outcomes of one roll both apply, nothing ranking
 * them) and "no-legal-action" (every option of a unit is illegal and the
 * text compels it to act). docs/conflicts.md defines both. */
enum {
	ARB_SEARCH_DISPUTES = 7, /* the ARB_DISPUTE_* bits */
	ARB_SEARCH_OVERLAP = 8,
	ARB_SEARCH_NO_ACTION = 16
};
/* Writes the kind's words ("gap+readings", "overlap") into buf (size n);
 * returns buf. */
const char *arb_search_kind_name(int bits, char *buf, size_t n);
/* Parses a kind into *out; -1 when a word is not a kind, or the search's
 * own kind is joined with another. */
int arb_search_kind_parse(const char *s, int *out);
/* Whether verdict v of a scenario of ruleset shows finding key: for an
 * overlap, the two clauses apply to its roll unranked; for a dispute, v's
 * key is key. A no-legal-action finding is of a unit's options, never of
 * one verdict: false. */
bool arb_search_shows(const arb_search *s, const arb_verdict *v, const char *ruleset,
                      const char *key);
/* Whether overlap key is an overlap of outcomes of the roll of sc: each of
 * its two clauses does not apply to some other outcome of sc's dice (sc is
 * judged once per outcome and its dice put back). *ok false and why saying
 * so otherwise. ARB_EINPUT when key is not an overlap. */
int arb_search_confirm_roll(bool *ok, const arb_oracle *o, arb_scenario *sc, const char *key,
                            char *why, size_t n, arb_error *err);
/* Whether no-legal-action key holds of sc, a scenario of point: sc and
 * staying are illegal, every option the search makes on sc's board is
 * illegal, and the clauses key names compel the unit (staying violates
 * them, some option keeps them) or forbid what obeys them. why receives
 * the evidence, or what is lacking. sc's paths are put back. */
int arb_search_confirm_options(bool *ok, const arb_search *s, size_t point, arb_scenario *sc,
                               const char *key, char *why, size_t n, arb_error *err);

/* ---- Baselines: acknowledged findings (spec/<ruleset>/baseline.md) ---- */

typedef struct arb_baseline_entry {
	const char *key; /* "conflict SH.MOV.1 SH.MOV.DIST.1", clauses sorted */
	const char *reason;
	const char *file;
	long line;
} arb_baseline_entry;

typedef struct arb_baseline arb_baseline;
/* Reads a baseline (docs/spec-format.md, "Baselines") from text[0..len),
 * named file in errors, for ruleset: every clause it names must be a
 * clause of that ruleset in rb, every kind a kind of dispute, every entry
 * give a reason, no entry come twice. Errors carry file:line:column and
 * the field. Several files may be read into one baseline (*out NULL the
 * first time). The caller frees it with arb_baseline_free. */
int arb_baseline_read(arb_baseline **out, const char *text, size_t len, const char *file,
                      const arb_rulebook *rb, const char *ruleset, arb_error *err);
void arb_baseline_free(arb_baseline *b);
size_t arb_baseline_count(const arb_baseline *b);
const arb_baseline_entry *arb_baseline_at(const arb_baseline *b, size_t i);
/* The entry that acknowledges key, or NULL. */
const arb_baseline_entry *arb_baseline_find(const arb_baseline *b, const char *key);

/* ---- Shard results: what one shard of a search met ---- */

typedef struct arb_shard_result {
	char search[17];         /* the search's hash: spec/, options and seed */
	unsigned long shard, of; /* shard i of N, 1-based */
	unsigned long long judged, rejected;
} arb_shard_result;

/* Reads a shard result (arbiter-conflicts-shard/1, docs/conflicts.md)
 * from text[0..len): its header into *out and every finding into s with
 * arb_search_note (s may be NULL: only checked). Errors carry file:line:column. */
int arb_shard_read(arb_shard_result *out, arb_search *s, const char *text, size_t len,
                   const char *file, arb_error *err);

#ifdef __cplusplus
}
#endif

#endif /* ARBITER_H */
