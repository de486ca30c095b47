#!/bin/sh
# Certifies the example implementation (pyscroll.py) and proves the
# certifier catches its mutants (docs/certify.md, "The example").
#
# 1. pyscroll, which declares no reading profile, into OUT/pyscroll;
# 2. pyscroll --profile chain (the cases written for that profile) into
#    OUT/pyscroll-chain;
# 3. every mutant both ways (bundles under SCRATCH): each must fail, and the
#    clause it breaks must be among the targets of the cases it fails.
#
# Usage: sh examples/pyscroll/certify.sh ARBITER OUT SCRATCH
#        (from the project root; `make certify-example` runs it)
set -u
ARB=$1
OUT=$2
SCRATCH=$3
PY="examples/pyscroll/pyscroll.py"
mkdir -p "$OUT" "$SCRATCH"
status=0

# The example certifies on what it claims.
for run in "pyscroll:" "pyscroll-chain:--profile chain"; do
	name=${run%%:*}
	# shellcheck disable=SC2086
	if "$ARB" certify -q -o "$OUT/$name" -- python3 "$PY" ${run#*:} >"$SCRATCH/$name.out" 2>&1; then
		echo "certify-example: $name: $(grep '^certify: [0-9]' "$SCRATCH/$name.out")"
	else
		echo "certify-example: $name does not certify:" >&2
		cat "$SCRATCH/$name.out" >&2
		status=1
	fi
done

# Each mutant, and the clause it breaks (the one its rule encodes).
for m in "limit-plus-0.1:SH.MOV.DIST.1" "way-end-only:SH.MOV.WAY.1" \
    "no-locked-check:SH.MOV.CC.1" "board-by-centre:SH.MOV.DIST.6" \
    "coherency-all-pairs:SH.FORM.*.COH"; do
	mutant=${m%%:*}
	clause=${m#*:}
	: >"$SCRATCH/$mutant.fails"
	for profile in "" "--profile chain"; do
		# shellcheck disable=SC2086
		MUTANT=$mutant "$ARB" certify -q -o "$SCRATCH/bundle-$mutant${profile:+-chain}" \
		    -- python3 "$PY" $profile >"$SCRATCH/$mutant.out" 2>&1
		rc=$?
		if [ "$rc" -gt 1 ]; then
			echo "certify-example: mutant $mutant: certify failed (exit $rc):" >&2
			cat "$SCRATCH/$mutant.out" >&2
			status=1
		fi
		# the target clause of every failed case: "FAIL ID (file:line, CLAUSE): ..."
		sed -n 's/^FAIL [^ ]* ([^,]*, \([^)]*\)).*/\1/p' "$SCRATCH/$mutant.out" >>"$SCRATCH/$mutant.fails"
	done
	n=$(wc -l <"$SCRATCH/$mutant.fails")
	top=$(sort "$SCRATCH/$mutant.fails" | uniq -c | sort -rn | head -n 3 |
	    awk '{printf "%s%s (%s)", (NR > 1 ? ", " : ""), $2, $1}')
	# shellcheck disable=SC2254
	hit=$(sort -u "$SCRATCH/$mutant.fails" | while read -r c; do
		case "$c" in $clause) echo "$c" ;; esac
	done | head -n 1)
	if [ "$n" -gt 0 ] && [ -n "$hit" ]; then
		echo "certify-example: mutant $mutant: caught, $n failed cases; clauses: $top"
	else
		echo "certify-example: mutant $mutant: NOT caught on $clause ($n failed cases${top:+: $top})" >&2
		status=1
	fi
done
exit $status
