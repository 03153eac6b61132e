#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run.sh - the second half of `make rtl-example` (harness/examples/rtl/
# README.md): play the suites that apply to the RTL codec through --dut-cmd
# against the Verilated device, print the speed figures, then check that
# the device with the planted bug fails exactly its rule.
#
#   sh harness/examples/rtl/run.sh RIOCHECK OUT [SWEEP_STRIDE]
#
# OUT holds good/rio-rtl-dut and bug/rio-rtl-dut-bug (build.sh); the reports
# go to OUT/out-good and OUT/out-bug. SWEEP_STRIDE (default 1: every one of
# the 117 million CS64 values and the CS48 ones) thins the sweeps.
# Checks (exit 1 if one does not hold):
#   - the good device: exit status 0 or 4 (pass, or incomplete: the suites
#     also hold generator/receiver rules a codec does not cover), no vector
#     failed or in error, the sweeps passed;
#   - the bugged device: exit status 1, and the rules of the failed vectors
#     (results.tsv, column 6) are exactly BUG_RULES, none in error.
set -u
[ $# -ge 2 ] || { echo "usage: $0 RIOCHECK OUT [SWEEP_STRIDE]" >&2; exit 2; }
R=$1
out=$2
stride=${3:-1}
root=$(cd "$(dirname "$0")/../../.." && pwd) || exit 3
case "$R" in /*) ;; *) R=$(pwd)/$R ;; esac
case "$out" in /*) ;; *) out=$(pwd)/$out ;; esac
cd "$root" || exit 3
good=$out/good/rio-rtl-dut
bug=$out/bug/rio-rtl-dut-bug
# The codec suites (both Part 12 revisions, both formats) and the sweeps;
# the generator/receiver vectors inside them are not-applicable (no gen/rx).
SUITES="--suite p12-cs64 --suite p12-cs48-r3 --suite p12-cs48-r2"
# rio_voq_codec.v with +define+RIO_BUG_CRC13 drops the x^5 term of the
# CRC-13: every CS48 whole-symbol vector that expects a good CRC fails,
# which is P12-3.1-a (the stype2 sits under the CRC-13 in CS48 bits 21-34).
BUG_RULES="P12-3.1-a"
bad=0
say() { printf '%s\n' "$*"; }
fail() { say "rtl-example: FAILED: $*"; bad=1; }

# "<vectors> <seconds>" from the summary line of a TAP file
summary() {
    awk '/^run: / { n = $2 + $4 + $6 + $9; for (i = 1; i <= NF; i++) if ($i == "in") s = $(i + 1) }
         END { print n + 0, s + 0 }' "$1"
}
# rules of the fail/error rows of a results.tsv, sorted, comma separated
failed_rules() {
    awk -F '\t' '$2 == "fail" { n = split($6, r, ","); for (i = 1; i <= n; i++) if (r[i] != "-") print r[i] }' \
        "$1" | sort -u | paste -sd, -
}
count_rows() { awk -F '\t' -v v="$2" '$2 == v { n++ } END { print n + 0 }' "$1"; }

run() { # name dut tap args...
    name=$1 dut=$2 tap=$3
    shift 3
    "$R" run --root "$root" --out "$out/out-$name" "$@" --dut-cmd "$dut" -- > "$tap"
}

say "rtl-example: the Verilated rio_voq_codec through --dut-cmd ($good)"
# 1. the codec vectors (sweeps apart, for a vectors-per-second figure)
run good "$good" "$out/good-vectors.tap" $SUITES; st=$?
set -- $(summary "$out/good-vectors.tap")
nv=$1 tv=$2
say "  $(grep '^run: ' "$out/good-vectors.tap")"
awk -v n="$nv" -v t="$tv" 'BEGIN { printf "  codec vectors: %d in %.2f s, %.0f vectors/s\n", n, t, (t > 0 ? n / t : 0) }'
[ "$st" -eq 0 ] || [ "$st" -eq 4 ] || fail "good device, codec vectors: exit status $st (want 0 or 4)"
f=$(count_rows "$out/out-good/results.tsv" fail) e=$(count_rows "$out/out-good/results.tsv" error)
[ "$f" -eq 0 ] && [ "$e" -eq 0 ] || fail "good device: $f failed and $e error vectors (grep -v pass $out/out-good/results.tsv)"
# 2. the sweeps (the 117M-value CS64 sweep through the fastpath request)
run good "$good" "$out/good-sweeps.tap" --suite sweeps --sweep-stride "$stride"; st=$?
set -- $(summary "$out/good-sweeps.tap")
ts=$2
values=$(sed -n 's/.*# \([0-9][0-9]*\) values checked.*/\1/p' "$out/good-sweeps.tap" | awk '{ s += $1 } END { print s + 0 }')
say "  $(grep '^run: ' "$out/good-sweeps.tap")"
awk -v v="$values" -v t="$ts" -v s="$stride" 'BEGIN { printf "  sweeps (stride %d): %d values in %.2f s, %.0f decodes/s\n", s, v, t, (t > 0 ? v / t : 0) }'
awk -v a="$tv" -v b="$ts" 'BEGIN { printf "  applicable suites including the sweeps: %.2f s\n", a + b }'
[ "$st" -eq 0 ] || [ "$st" -eq 4 ] || fail "good device, sweeps: exit status $st (want 0 or 4)"
[ "$(count_rows "$out/out-good/results.tsv" pass)" -eq 3 ] || fail "good device: the 3 sweeps did not pass"

# 3. the planted bug: exactly its rule fails
say "rtl-example: the same RTL with +define+RIO_BUG_CRC13 ($bug)"
run bug "$bug" "$out/bug.tap" $SUITES --suite sweeps --sweep-stride 4099; st=$?
say "  $(grep '^run: ' "$out/bug.tap")"
got=$(failed_rules "$out/out-bug/results.tsv")
say "  failed rules: ${got:-none} (want $BUG_RULES)"
[ "$st" -eq 1 ] || fail "bugged device: exit status $st (want 1: the overall result is fail)"
[ "$got" = "$BUG_RULES" ] || fail "bugged device: failed rules '$got', want '$BUG_RULES'"
[ "$(count_rows "$out/out-bug/results.tsv" error)" -eq 0 ] || fail "bugged device: vectors in error"
if [ "$bad" -eq 0 ]; then
    say "rtl-example: OK (the RTL passes every applicable vector; the planted bug fails $BUG_RULES only)"
fi
exit "$bad"
