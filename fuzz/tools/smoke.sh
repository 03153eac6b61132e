#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# fuzz/tools/smoke.sh - `make fuzz-smoke`: every target under libFuzzer and/or
# AFL++ (ENGINES) for SECONDS each, JOBS runs at a time (xargs -P), from the seed
# corpora; fails if any run finds a crash or a violated property, or cannot
# run. Results and findings in FUZZ_BUILD/fuzz-smoke/<target>-<engine>/.
#
#   [ENGINES="libfuzzer afl"] sh fuzz/tools/smoke.sh SECONDS JOBS TARGET...
#
# ENGINES: the engines to run, libfuzzer and/or afl (default both; `make
# fuzz-smoke ENGINES=libfuzzer|afl|both` sets it); anything else is a usage
# error (exit 2). Wall time is about engines x targets x (SECONDS + ~0.5 s
# start-up) / JOBS. Ends with "fuzz_smoke: N passed, N failed" (one per
# target and engine).
set -u
[ $# -ge 3 ] || { echo "usage: [ENGINES=\"libfuzzer afl\"] $0 SECONDS JOBS TARGET..." >&2; exit 2; }
engines=${ENGINES:-libfuzzer afl}
ne=0
for e in $engines; do
    case $e in
    libfuzzer | afl) ne=$((ne + 1)) ;;
    *) echo "$0: ENGINES: '$e' is not an engine (libfuzzer, afl)" >&2; exit 2 ;;
    esac
done
[ "$ne" -gt 0 ] || { echo "$0: ENGINES is empty (libfuzzer, afl)" >&2; exit 2; }
secs=$1; jobs=$2; shift 2
cd "$(dirname "$0")/../.." || exit 3
B=${FUZZ_BUILD:-build}
out=$B/fuzz-smoke
rm -rf "$out"
mkdir -p "$out" || exit 3
n=$#
echo "fuzz-smoke: $n targets x $ne engines ($engines) x ${secs}s, $jobs at a time (about $(( (ne * n * (secs + 1) + jobs - 1) / jobs ))s)"

# One job per line: "ENGINE TARGET"; libFuzzer and AFL++ runs interleaved.
for t in "$@"; do
    for e in $engines; do
        echo "$e $t"
    done
done | FUZZ_BUILD=$B xargs -P "$jobs" -L 1 sh -c \
    'sh fuzz/tools/run.sh "$0" "$1" '"$secs"' "'"$out"'/$1-$0" > "'"$out"'/$1-$0.result" 2>&1; cat "'"$out"'/$1-$0.result"'

pass=0; fail=0
for t in "$@"; do
    for e in $engines; do
        r=$out/$t-$e.result
        if [ -f "$r" ] && grep -q "^$e $t: ok" "$r"; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            [ -f "$r" ] || echo "$e $t: ERROR no result"
        fi
    done
done
echo "fuzz_smoke: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
