/*
 * Scrollhammer, Unit Formations: spec/scrollhammer/formations.md (the
 * coherency clauses the Movement phase refers to).
 */
#include "common.h"

#include <string.h>

static void formation_coherency(const arb_eval *ev, arb_result *r, const char *formation,
                                double limit, sh_chain how)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	arb_coherency co;
	if (!u->formation || strcmp(u->formation, formation) != 0 ||
	    sh__moving_count(s, u) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = sh__coherency(s, u, limit, how, r, &co);
}

/* SH.FORM.FIR.COH: "base contact" is a distance of 0 plus the tolerance (CONV.DIST.3). */
#define FORM_CONTACT(fname, rd_, how)                                                  \
	ARB_PREDICATE(fname, .clause = "SH.FORM.FIR.COH", .reading = rd_,                  \
	              .ruleset = "scrollhammer", .actions = "move charge", .phases = "*",     \
	              .question = "unit.coherency", .fingerprint = "1072f0cd64af4f58")      \
	{                                                                                      \
		formation_coherency(ev, r, "fight_in_ranks", 0, how);                          \
	}

#define FORM_WITHIN(fname, cl_, rd_, formation, how, fp)                            \
	ARB_PREDICATE(fname, .clause = cl_, .reading = rd_, .ruleset = "scrollhammer",  \
	              .actions = "move charge", .phases = "*", .question = "unit.coherency",  \
	              .params = "coherency", .fingerprint = fp)                                \
	{                                                                                      \
		formation_coherency(ev, r, formation, arb_eval_param(ev, "coherency"), how);   \
	}

/* SH.FORM.FIR.COH */
FORM_CONTACT(sh_form_fir_coh_connected, "connected", SH_CHAIN_CONNECTED)
FORM_CONTACT(sh_form_fir_coh_all_pairs, "all-pairs", SH_CHAIN_ALL_PAIRS)
/* SH.FORM.HORDE.COH */
FORM_WITHIN(sh_form_horde_coh_connected, "SH.FORM.HORDE.COH", "connected", "horde",
            SH_CHAIN_CONNECTED, "1d44311fdbd4f65c")
FORM_WITHIN(sh_form_horde_coh_all_pairs, "SH.FORM.HORDE.COH", "all-pairs", "horde",
            SH_CHAIN_ALL_PAIRS, "1d44311fdbd4f65c")
/* SH.FORM.SKIRM.COH */
FORM_WITHIN(sh_form_skirm_coh_connected, "SH.FORM.SKIRM.COH", "connected", "skirmish",
            SH_CHAIN_CONNECTED, "48d0b0b66fef2747")
FORM_WITHIN(sh_form_skirm_coh_all_pairs, "SH.FORM.SKIRM.COH", "all-pairs", "skirmish",
            SH_CHAIN_ALL_PAIRS, "48d0b0b66fef2747")
