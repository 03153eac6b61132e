#!/bin/sh
# fuzz/tools/smoke.sh - `make fuzz-smoke`: every target under libFuzzer AND
# AFL++ for SECONDS each, JOBS runs at a time (xargs -P), from the seed
# corpora; fails if any run finds a crash or a violated property, or cannot
# run. Results and findings in FUZZ_BUILD/fuzz-smoke/<target>-<engine>/.
#
#   sh fuzz/tools/smoke.sh SECONDS JOBS TARGET...
#
# Wall time is about 2 x targets x (SECONDS + ~0.5 s start-up) / JOBS.
# Ends with "fuzz_smoke: N passed, N failed" (one per target and engine).
set -u
[ $# -ge 3 ] || { echo "usage: $0 SECONDS JOBS TARGET..." >&2; exit 2; }
secs=$1; jobs=$2; shift 2
cd "$(dirname "$0")/../.." || exit 3
B=${FUZZ_BUILD:-build}
out=$B/fuzz-smoke
rm -rf "$out"
mkdir -p "$out" || exit 3
n=$#
echo "fuzz-smoke: $n targets x 2 engines x ${secs}s, $jobs at a time (about $(( (2 * n * (secs + 1) + jobs - 1) / jobs ))s)"

# One job per line: "ENGINE TARGET"; libFuzzer and AFL++ runs interleaved.
for t in "$@"; do
    echo "libfuzzer $t"
    echo "afl $t"
done | FUZZ_BUILD=$B xargs -P "$jobs" -L 1 sh -c \
    'sh fuzz/tools/run.sh "$0" "$1" '"$secs"' "'"$out"'/$1-$0" > "'"$out"'/$1-$0.result" 2>&1; cat "'"$out"'/$1-$0.result"'

pass=0; fail=0
for t in "$@"; do
    for e in libfuzzer afl; do
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
