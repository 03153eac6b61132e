#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# rtl_test.sh - the RTL example device (harness/examples/rtl/) under `make
# check`: Verilate rio_voq_codec.v with its protocol bridge (build.sh), then
# run.sh with the sweeps thinned (stride 4099): the RTL passes every
# applicable codec vector through --dut-cmd, and the build with the planted
# CRC-13 bug fails exactly P12-3.1-a (so this test can fail). Also checks the
# protocol additions against a real DUT process: the transcript holds the
# handshake, a vector mark before the first request of each vector, and the
# answers.
# Skipped (and passed) when verilator is not installed. RIOCHECK overrides
# the binary (default build/gcc/bin/riocheck); the Verilated programs go
# beside it, in BIN/../rtl. Last line: "rtl_test: N passed, N failed".
root=$(cd "$(dirname "$0")/../../.." && pwd) || exit 3
cd "$root" || exit 3
R=${RIOCHECK:-build/gcc/bin/riocheck}
if ! command -v verilator >/dev/null 2>&1; then
    echo "SKIP: verilator not installed (apt-get install verilator g++)"
    echo "rtl_test: 0 passed, 0 failed"
    exit 0
fi
unset MAKEFLAGS MFLAGS MAKELEVEL
out=$(dirname "$R")/../rtl
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rtl_test.XXXXXX") || exit 3
trap 'rm -rf "$tmp"' EXIT
pass=0
failn=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
no() { failn=$((failn + 1)); echo "not ok - $1"; }

if sh harness/examples/rtl/build.sh "$out"; then
    ok "build.sh: the RTL and its bridge Verilate and build (good and bugged)"
else
    no "build.sh failed"
    echo "rtl_test: $pass passed, $((failn)) failed"
    exit 1
fi
if sh harness/examples/rtl/run.sh "$R" "$out" 4099 > "$tmp/run.out" 2>&1; then
    ok "run.sh: the RTL passes every applicable vector, the CRC-13 bug fails P12-3.1-a only"
else
    no "run.sh"
fi
sed 's/^/  # /' "$tmp/run.out"

# the transcript of a short run against the RTL: two vectors, both marked
"$R" run --root "$root" --no-reports --vector p12.cs48r3.sym.ka2.w0 \
    --vector p12.cs64.sym.ka-voq.pack --transcript "$tmp/t.txt" \
    --dut-cmd "$out/good/rio-rtl-dut" -- > "$tmp/t.tap" 2>&1
st=$?
if [ "$st" -eq 4 ] || [ "$st" -eq 0 ]; then ok "a two-vector run (exit $st)"; else no "a two-vector run: exit $st"; cat "$tmp/t.tap"; fi
marks=$(grep -c '^> # vector ' "$tmp/t.txt")
if [ "$marks" -eq 2 ] &&
    grep -q '^> # vector p12.cs48r3.sym.ka2.w0 [^ ]*/vectors/p12/cs48-r3.vec:[0-9][0-9]*$' "$tmp/t.txt" &&
    grep -q '^< name rio_voq_codec RTL (Verilator)$' "$tmp/t.txt" &&
    grep -q '^< out bytes len=8 hi=' "$tmp/t.txt" &&
    grep -q '^# started ' "$tmp/t.txt" && tail -n 1 "$tmp/t.txt" | grep -q '^# the end of the run$'; then
    ok "the transcript: handshake, 2 vector marks, answers, notes"
else
    no "the transcript"
    sed 's/^/  # /' "$tmp/t.txt"
fi
# each mark comes right before its vector's first request (a create)
if awk '/^> # vector / { m = NR } /^> create / { if (m != NR - 1) bad = 1; m = 0 } END { exit bad }' "$tmp/t.txt"; then
    ok "every create follows its vector mark"
else
    no "a create without its vector mark just before it"
fi
echo "rtl_test: $pass passed, $failn failed"
[ "$failn" -eq 0 ]
