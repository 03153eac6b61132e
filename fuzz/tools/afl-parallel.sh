#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# fuzz/tools/afl-parallel.sh - AFL++ on every core for one target: one main
# instance (-M main, deterministic stages) and secondaries (-S s1 .. sN-1),
# all from the seeds minimised with afl-cmin, for SECONDS; then the queues are
# merged and minimised with afl-cmin into OUT/min, and the findings listed.
#
#   sh fuzz/tools/afl-parallel.sh TARGET SECONDS [JOBS]      (make fuzz ENGINE=afl)
#
# JOBS defaults to `nproc`. Binary: FUZZ_BUILD/fuzz-afl/TARGET (make
# fuzz-afl-build), with FUZZ_BUILD/fuzz-afl/TARGET-mutator.so as a custom
# mutator on the secondaries when it exists (the main instance keeps AFL++'s
# own mutations only). Output: FUZZ_BUILD/fuzz-afl-out/TARGET/ (sync dir,
# in/ the minimised seeds, min/ the minimised final corpus). A crash is
# turned into a reproducer by fuzz/tools/triage.sh.
# Exit status: 0 no crash, 1 crashes found, 2 usage, 3 could not run.
set -u
[ $# -ge 2 ] || { echo "usage: $0 TARGET SECONDS [JOBS]" >&2; exit 2; }
t=$1; secs=$2; jobs=${3:-$(nproc 2>/dev/null || echo 1)}
cd "$(dirname "$0")/../.." || exit 3
B=${FUZZ_BUILD:-build}
bin=$B/fuzz-afl/$t
seeds=fuzz/corpus/$t
dict=fuzz/dict/$t.dict
out=$B/fuzz-afl-out/$t
for c in afl-fuzz afl-cmin; do
    command -v "$c" >/dev/null || { echo "$c not found: apt-get install afl++" >&2; exit 3; }
done
[ -x "$bin" ] || { echo "$bin not built: make fuzz-afl-build" >&2; exit 3; }
[ -d "$seeds" ] || { echo "no seeds in $seeds" >&2; exit 3; }
mkdir -p "$out" || exit 3

export AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
# A second run continues the campaign in the same sync folder; afl-cmin
# refuses /tmp without AFL_ALLOW_TMP (BUILD may be there).
export AFL_AUTORESUME=1 AFL_ALLOW_TMP=1
export ASAN_OPTIONS=abort_on_error=1:symbolize=0:detect_leaks=0
export UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:symbolize=0
# AFL++ binds each instance to a free core itself; AFL_NO_AFFINITY=1 if the
# machine is shared.

# 1. Minimise the seeds (coverage-preserving subset; crashing seeds dropped).
rm -rf "$out/in"
if ! afl-cmin -i "$seeds" -o "$out/in" -- "$bin" > "$out/cmin-in.log" 2>&1; then
    echo "afl-cmin failed (log $out/cmin-in.log); using the seeds as they are" >&2
    rm -rf "$out/in"; cp -r "$seeds" "$out/in"
fi

# 2. One main and JOBS-1 secondaries, each for SECONDS.
set -- -V "$secs" -i "$out/in" -o "$out/sync"
[ -f "$dict" ] && set -- "$@" -x "$dict"
mut=$B/fuzz-afl/$t-mutator.so
[ -f "$mut" ] && mut=$(cd "$(dirname "$mut")" && pwd)/$(basename "$mut") || mut=""
echo "afl-parallel $t: $jobs instances for ${secs}s into $out/sync${mut:+ (custom mutator on the secondaries)}"
afl-fuzz "$@" -M main -- "$bin" > "$out/main.log" 2>&1 &
pids=$!
i=1
while [ "$i" -lt "$jobs" ]; do
    if [ -n "$mut" ]; then
        AFL_CUSTOM_MUTATOR_LIBRARY=$mut afl-fuzz "$@" -S "s$i" -- "$bin" > "$out/s$i.log" 2>&1 &
    else
        afl-fuzz "$@" -S "s$i" -- "$bin" > "$out/s$i.log" 2>&1 &
    fi
    pids="$pids $!"
    i=$((i + 1))
done
for p in $pids; do wait "$p"; done
for s in "$out"/sync/*/fuzzer_stats; do
    [ -f "$s" ] || continue
    echo "  $(basename "$(dirname "$s")"): $(sed -n 's/^execs_done *: *//p' "$s") execs, $(sed -n 's/^execs_per_sec *: *//p' "$s")/s, corpus $(sed -n 's/^corpus_count *: *//p' "$s"), bitmap $(sed -n 's/^bitmap_cvg *: *//p' "$s"), crashes $(sed -n 's/^saved_crashes *: *//p' "$s")"
done

# 3. Merge every instance's queue and minimise it.
rm -rf "$out/all" "$out/min"
mkdir -p "$out/all"
for q in "$out"/sync/*/queue; do
    [ -d "$q" ] || continue
    inst=$(basename "$(dirname "$q")")
    for f in "$q"/id:*; do
        [ -f "$f" ] && cp "$f" "$out/all/$inst-$(basename "$f" | cut -c1-9)"
    done
done
if afl-cmin -i "$out/all" -o "$out/min" -- "$bin" > "$out/cmin-out.log" 2>&1; then
    echo "afl-parallel $t: $(ls "$out/all" | wc -l) queue entries, $(ls "$out/min" | wc -l) after afl-cmin in $out/min"
fi

# 4. Findings.
n=0
for c in "$out"/sync/*/crashes/id:*; do
    [ -f "$c" ] || continue
    n=$((n + 1))
    [ "$n" -le 5 ] && echo "  crash: $c"
done
if [ "$n" -gt 0 ]; then
    echo "afl-parallel $t: $n crashes; reproduce and minimise with: sh fuzz/tools/triage.sh $t 'CRASH-FILE'"
    exit 1
fi
echo "afl-parallel $t: no crash"
