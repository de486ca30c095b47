/*
 * gen_boundary.c: writes the boundary case tables of Scrollhammer's Movement
 * phase (spec/scrollhammer/movement.md, formations.md) and of Moving Through
 * Terrain (spec/scrollhammer/terrain.md):
 *
 *   DIR/scrollhammer/movement/gen-boundary-distance.csv   SH.MOV.DIST.1, SH.MOV.1
 *   DIR/scrollhammer/movement/gen-boundary-enemy.csv      SH.MOV.WAY.1
 *   DIR/scrollhammer/movement/gen-boundary-coherency.csv  SH.MOV.COH.3, SH.FORM.*.COH
 *   DIR/scrollhammer/movement/gen-boundary-board.csv      SH.MOV.DIST.6
 *   DIR/scrollhammer/terrain/gen-boundary-difficult.csv   SH.TER.DIFF.3
 *   DIR/scrollhammer/charge/gen-boundary-range.csv        SH.CHG.RANGE.1, SH.CHG.DIFF.2
 *
 * Usage: gen_boundary DIR
 *
 * DESIGN principle 4: the expected columns come from the short formulas
 * below, written apart from the oracle's predicates and simpler than them;
 * this program links with nothing of the oracle (libc and libm only). The
 * verdict of each row is worked out with the table of
 * docs/encoding/scrollhammer-movement.md (which clause applies, what it
 * answers, how the answers of one question make a verdict) and, for the
 * terrain table, docs/encoding/scrollhammer-terrain.md, and for the charge
 * table, docs/encoding/scrollhammer-charge.md.
 *
 * Every limit of the text is tried just under it, at it and just over it:
 *   limit - 0.01      inside
 *   limit             inside ("within X" is a distance <= X)
 *   limit + 1e-7      inside: every comparison accepts 1e-6 (CONV.TOL.1)
 *   limit + 0.001     outside
 *   limit + 0.01      outside
 * A row's figure is the intended one (limit + offset); coordinates are
 * printed with %.9f, and the figure is measured again from the printed
 * coordinates with the same formula: the program stops if the two differ
 * by 1e-8 or more, so printing can never move a row across the tolerance
 * (the nearest offset, 1e-7, is 9e-7 away from it).
 *
 * The numbers of the text (6", 1", 2", base contact) are written here as
 * constants on purpose: when an editor changes them in spec/, these rows
 * are the verdicts that change.
 *
 * Bases: round 25, 32, 40, 50, 60 mm; rectangles 25x50 and 50x100 mm
 * (frontage x depth) at facings 0, 30, 45, 90 degrees (CONV.UNIT.2: 0 is
 * +x, counter-clockwise; the depth lies along the facing). Moves go at
 * 0, 37, 90, 143 and 210 degrees. Each table goes through these in turn
 * rather than through their full product (see each table for which).
 *
 * Rows near the limit (offset 0 and 1e-7) get variants `none`: a
 * transformed copy re-rounds coordinates. Board rows get `no-rotate`.
 * Output is sorted by case ID and written whole (temporary file, rename).
 *
 * This file holds the table list and main; boundary.h says where the rest
 * is (the rows, the geometry, and one file of tables per section).
 */
#include "boundary.h"

#include <stdio.h>

int main(int argc, char **argv)
{
	if (argc != 2 || argv[1][0] == '-') {
		fprintf(stderr, "usage: gen_boundary DIR\n"
		                "writes DIR/scrollhammer/movement/gen-boundary-*.csv and\n"
		                "DIR/scrollhammer/terrain/gen-boundary-difficult.csv and\n"
		                "DIR/scrollhammer/charge/gen-boundary-range.csv\n");
		return 2;
	}
	static const char *const SUBS[] = {"scrollhammer/movement", "scrollhammer/terrain",
	                                   "scrollhammer/charge"};
	for (size_t i = 0; i < sizeof SUBS / sizeof SUBS[0]; i++) {
		char sub[4096];
		if (snprintf(sub, sizeof sub, "%s/%s", argv[1], SUBS[i]) >= (int)sizeof sub)
			die("path too long");
		mkdir_p(sub);
	}
	table tables[] = {
	    {SUBS[0], "gen-boundary-distance.csv", "SH-MOV-BND-DIST", NULL, 0, 0},
	    {SUBS[0], "gen-boundary-enemy.csv", "SH-MOV-BND-WAY", NULL, 0, 0},
	    {SUBS[0], "gen-boundary-coherency.csv", "SH-MOV-BND-COH", NULL, 0, 0},
	    {SUBS[0], "gen-boundary-board.csv", "SH-MOV-BND-BOARD", NULL, 0, 0},
	    {SUBS[1], "gen-boundary-difficult.csv", "SH-TER-BND-DIFF", NULL, 0, 0},
	    {SUBS[2], "gen-boundary-range.csv", "SH-CHG-BND-RANGE", NULL, 0, 0},
	};
	gen_distance(&tables[0]);
	gen_enemy(&tables[1]);
	gen_coherency(&tables[2]);
	gen_board(&tables[3]);
	gen_difficult(&tables[4]);
	gen_charge_range(&tables[5]);
	for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
		table_write(&tables[i], argv[1]);
		table_free(&tables[i]);
	}
	return 0;
}
