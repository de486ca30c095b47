#!/usr/bin/env python3
"""pyscroll: an independent implementation of Scrollhammer's Movement phase
(spec/scrollhammer/movement.md, with the coherency values of
spec/scrollhammer/formations.md and the measuring conventions of
spec/conventions.md), written from the rule text for `arbiter certify`.

It speaks arbiter's certification protocol (docs/certify.md): it answers
the certifier's start line with a hello naming what it claims, then reads
one arbiter-scenario/2 line and writes one arbiter-verdict/2 line, in
order, until its input ends. Python 3, standard library only.

A mutant is this program with one rule broken on purpose (MUTANT=name in
the environment, see MUTANTS below): `make certify-example` checks that the
certifier catches every one.
"""
import json
import math
import os
import sys

# The numbers of the text, each with the words that give it.
MAX_MOVE = 6.0  # SH.MOV.DIST.1 "Models move up to 6" in the Movement phase."
ENEMY_GAP = 1.0  # SH.MOV.WAY.1 "A model cannot move within 1" of an enemy model"
COHERENCY = {  # the unit's coherency value (SH.MOV.COH.4), by formation
    "horde": 1.0,  # SH.FORM.HORDE.COH "within 1" of each other"
    "skirmish": 2.0,  # SH.FORM.SKIRM.COH "within 2" of each other"
    "fight_in_ranks": 0.0,  # SH.FORM.FIR.COH "in base contact with one another"
}
COH_CLAUSE = {"horde": "SH.FORM.HORDE.COH", "skirmish": "SH.FORM.SKIRM.COH",
              "fight_in_ranks": "SH.FORM.FIR.COH"}
TOL = 1e-6  # CONV.TOL.1 "an error of 0.000001""
MM = 25.4  # CONV.UNIT.1 "25.4mm make one inch"

MUTANTS = {
    "limit-plus-0.1": "the 6\" limit read as 6.1\"",
    "way-end-only": "the 1\" rule checked at the end position only",
    "no-locked-check": "a unit locked in close combat may move",
    "board-by-centre": "off the board judged by the base's centre, not its edge",
    "coherency-all-pairs": "coherency as every pair within the value, not a chain",
}
MUTANT = os.environ.get("MUTANT", "")
if MUTANT and MUTANT not in MUTANTS:
    sys.exit(f"pyscroll: no mutant {MUTANT!r}; there are {', '.join(MUTANTS)}")
if MUTANT == "limit-plus-0.1":
    MAX_MOVE = 6.1

CLAIMS = ["SH.MOV.1", "SH.MOV.COH.1", "SH.MOV.DIST.1", "SH.MOV.DIST.3",
          "SH.MOV.DIST.6", "SH.MOV.WAY.1", "SH.MOV.CC.1", "SH.MOV.COH.3",
          "SH.FORM.HORDE.COH", "SH.FORM.SKIRM.COH", "SH.FORM.FIR.COH"]


# ---- geometry (CONV.POS.1, CONV.DIST.1, CONV.MOVE.1, CONV.MOVE.2) ----

def sub(a, b):
    return (a[0] - b[0], a[1] - b[1])


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1]


def cross(a, b):
    return a[0] * b[1] - a[1] * b[0]


def point_seg(p, a, b):
    ab, ap = sub(b, a), sub(p, a)
    den = dot(ab, ab)
    t = 0.0 if den == 0 else max(0.0, min(1.0, dot(ap, ab) / den))
    c = (a[0] + t * ab[0], a[1] + t * ab[1])
    return math.dist(p, c)


def segs_cross(a, b, c, d):
    d1, d2 = cross(sub(b, a), sub(c, a)), cross(sub(b, a), sub(d, a))
    d3, d4 = cross(sub(d, c), sub(a, c)), cross(sub(d, c), sub(b, c))
    return d1 * d2 < 0 and d3 * d4 < 0


def seg_seg(a, b, c, d):
    if segs_cross(a, b, c, d):
        return 0.0
    return min(point_seg(a, c, d), point_seg(b, c, d), point_seg(c, a, b), point_seg(d, a, b))


def inside(p, poly):
    """p inside the convex polygon poly (either winding)."""
    sign = 0
    for i, a in enumerate(poly):
        c = cross(sub(poly[(i + 1) % len(poly)], a), sub(p, a))
        if c != 0:
            if sign and (c > 0) != (sign > 0):
                return False
            sign = c
    return True


def edges(poly):
    return [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]


def hull(points):
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts
    lower, upper = [], []
    for p in pts:
        while len(lower) >= 2 and cross(sub(lower[-1], lower[-2]), sub(p, lower[-2])) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(sub(upper[-1], upper[-2]), sub(p, upper[-2])) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


class Shape:
    """A base where it stands, or swept along a segment: a core (a point,
    a segment or a convex polygon) grown by a radius."""

    def __init__(self, core, radius):
        self.core, self.radius = core, radius


def base_at(model, x, y):
    b = model["base"]
    if b["shape"] == "round":
        return Shape([(x, y)], b["d_mm"] / MM / 2)
    f = math.radians(model.get("facing_deg", 0))
    u, v = (math.cos(f), math.sin(f)), (-math.sin(f), math.cos(f))
    hd, hw = b["depth_mm"] / MM / 2, b["w_mm"] / MM / 2
    return Shape([(x + su * hd * u[0] + sv * hw * v[0], y + su * hd * u[1] + sv * hw * v[1])
                  for su, sv in ((1, 1), (-1, 1), (-1, -1), (1, -1))], 0.0)


def swept(model, a, b):
    s0, s1 = base_at(model, *a), base_at(model, *b)
    return Shape(hull(s0.core + s1.core), s0.radius)


def core_dist(p, q):
    if len(p) >= 3 and any(inside(x, p) for x in q[:1]):
        return 0.0
    if len(q) >= 3 and any(inside(x, q) for x in p[:1]):
        return 0.0
    pe = edges(p) if len(p) >= 2 else [(p[0], p[0])]
    qe = edges(q) if len(q) >= 2 else [(q[0], q[0])]
    return min(seg_seg(a, b, c, d) for a, b in pe for c, d in qe)


def distance(s, t):
    return max(0.0, core_dist(s.core, t.core) - s.radius - t.radius)


def extent(s):
    xs, ys = [p[0] for p in s.core], [p[1] for p in s.core]
    return min(xs) - s.radius, max(xs) + s.radius, min(ys) - s.radius, max(ys) + s.radius


def length(points):
    return sum(math.dist(points[i], points[i + 1]) for i in range(len(points) - 1))


# ---- the clauses ----

def judge(s):
    """(verdict, violated, dispute, disputed, missing) for scenario s."""
    units = {u["id"]: u for u in s["units"]}
    action = s["action"]
    unit = units[action["unit"]]
    ctx = s.get("context", {})
    facts = s.get("facts", {})
    if action["type"] != "move":
        return "not-applicable", [], [], [], []
    # "in the Movement phase", "during the Movement phase"
    movement = (ctx.get("phase") or "movement") == "movement"
    models = {m["id"]: m for u in s["units"] for m in u["models"]}
    paths = {p["model"]: [tuple(q) for q in p["points"]] for p in action.get("paths", [])}
    stats = unit.get("stats", {})
    enemies = [e for u in s["units"] if u["side"] != unit["side"] for e in u["models"]]
    violated, permits, applied, missing = set(), set(), set(), []
    moved_any = False
    for mid, pts in paths.items():
        m = models[mid]
        dist = length(pts)
        if dist > TOL:
            moved_any = True
        mstat = dict(stats, **m.get("stats", {}))
        if movement:
            applied.add("SH.MOV.DIST.1")
            # SH.MOV.DIST.1 "Models move up to 6"" (and .3 where no enemies are apparent)
            if dist > MAX_MOVE + TOL:
                violated.add("SH.MOV.DIST.1")
                if str(facts.get("enemies_apparent", "")).lower() == "false":
                    violated.add("SH.MOV.DIST.3")
            # SH.MOV.1, SH.MOV.COH.1 "up to their maximum movement distance"
            if "M" in mstat:
                if dist > mstat["M"] + TOL:
                    violated.update(("SH.MOV.1", "SH.MOV.COH.1"))
                elif dist > MAX_MOVE + TOL:
                    permits.update(("SH.MOV.1", "SH.MOV.COH.1"))
        # SH.MOV.DIST.6 "Models cannot, however, voluntarily move off the
        # board.": "however" goes on from "in the Movement phase"
        if movement and action.get("voluntary", True):
            applied.add("SH.MOV.DIST.6")
            for p in pts:
                if MUTANT == "board-by-centre":
                    lo_x = hi_x = p[0]
                    lo_y = hi_y = p[1]
                else:
                    lo_x, hi_x, lo_y, hi_y = extent(base_at(m, *p))
                if lo_x < -TOL or lo_y < -TOL or hi_x > s["board"]["w"] + TOL \
                        or hi_y > s["board"]["h"] + TOL:
                    violated.add("SH.MOV.DIST.6")
        # SH.MOV.WAY.1 "cannot move within 1" of an enemy model" (the whole path)
        if dist > TOL and enemies:
            applied.add("SH.MOV.WAY.1")
            legs = [(pts[-1], pts[-1])] if MUTANT == "way-end-only" else \
                list(zip(pts, pts[1:])) or [(pts[0], pts[0])]
            for e in enemies:
                es = base_at(e, e["x"], e["y"])
                if any(distance(swept(m, a, b), es) <= ENEMY_GAP + TOL for a, b in legs):
                    violated.add("SH.MOV.WAY.1")
    # SH.MOV.CC.1 "Units already locked in close combat with the enemy cannot
    # move during the Movement phase."
    if movement and "locked_in_combat" in unit.get("status", []) \
            and MUTANT != "no-locked-check":
        applied.add("SH.MOV.CC.1")
        if moved_any:
            violated.add("SH.MOV.CC.1")
    # SH.MOV.COH.3 "the models in it must form an imaginary chain where the
    # distance between one model and the next is no more than ... the unit's
    # coherency value", once the unit has finished moving; SH.MOV.COH.4 "The
    # coherency value depends on the unit's Formation"
    form = unit.get("formation")
    if form is None and len(unit["models"]) > 1:
        missing.append(f"formation of {unit['id']}")
    elif form in COHERENCY and "out_of_coherency" not in unit.get("status", []):
        applied.add("SH.MOV.COH.3")
        ends = {m["id"]: base_at(m, *(paths[m["id"]][-1] if m["id"] in paths
                                      else (m["x"], m["y"]))) for m in unit["models"]}
        ids = list(ends)
        near = {i: [j for j in ids if j != i and
                    distance(ends[i], ends[j]) <= COHERENCY[form] + TOL] for i in ids}
        if MUTANT == "coherency-all-pairs":
            ok = all(len(near[i]) == len(ids) - 1 for i in ids)
        else:
            seen, todo = {ids[0]}, [ids[0]]
            while todo:
                for j in near[todo.pop()]:
                    if j not in seen:
                        seen.add(j)
                        todo.append(j)
            ok = len(seen) == len(ids)
        if not ok:
            violated.update(("SH.MOV.COH.3", COH_CLAUSE[form]))
    # The 6" limit against the M that allows more, with nothing in the text
    # ranking them: a conflict. A clause that forbids whatever else makes it
    # illegal; a missing fact that could make it illegal comes before the
    # conflict.
    conflict = {"SH.MOV.DIST.1", "SH.MOV.DIST.3"} & violated if permits else set()
    decided = violated - conflict
    out = sorted(violated)
    if decided:
        return "illegal", out, [], [], []
    if missing:
        return "missing-input", out, [], [], missing
    if conflict:
        return "disputed", out, ["conflict"], sorted(conflict | permits), []
    return ("legal" if applied else "not-applicable"), out, [], [], []


def verdict(s):
    kind, violates, dispute, disputed, missing = judge(s)
    return {"format": "arbiter-verdict/2", "id": s["id"], "verdict": kind,
            "violates": violates, "dispute": dispute, "disputed": disputed,
            "missing": missing, "values": {}}


def answer(line):
    s = json.loads(line)
    try:
        out = verdict(s)
    except (KeyError, TypeError, ValueError) as e:
        out = {"format": "arbiter-verdict/2", "id": s.get("id"),
               "error": {"kind": "input", "line": None, "column": None,
                         "field": None, "message": f"pyscroll cannot read it: {e!r}"}}
    print(json.dumps(out, sort_keys=True), flush=True)


def main():
    # --profile chain: it reads "an imaginary chain" as the profile chain
    # does (a connected chain) and says so, so that the cases written for
    # that profile are scored too
    profile = sys.argv[2] if sys.argv[1:2] == ["--profile"] and len(sys.argv) > 2 else None
    name = "pyscroll" + (f"-{profile}" if profile else "") + (f"-{MUTANT}" if MUTANT else "")
    hello = {"format": "arbiter-certify/1", "type": "hello", "name": name,
             "version": "0.1", "profile": profile,
             "claims": [{"ruleset": "scrollhammer", "sections": ["movement"],
                         "clauses": CLAIMS}]}
    # The certifier's start line asks for the hello; in the process-per-case
    # mode a process gets either the start line or one scenario.
    for line in sys.stdin:
        if json.loads(line).get("format") == "arbiter-certify/1":
            print(json.dumps(hello), flush=True)
        else:
            answer(line)


if __name__ == "__main__":
    main()
