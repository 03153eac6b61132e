#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# fuzz/tools/run.sh - run one fuzz target under one engine for a bounded time
# and print one result line. Used by `make fuzz-smoke` and `make fuzz`.
#
#   sh fuzz/tools/run.sh ENGINE TARGET SECONDS OUTDIR
#
# ENGINE   libfuzzer: FUZZ_BUILD/fuzz/TARGET; new inputs go to OUTDIR/corpus
#          (kept between runs), the seeds fuzz/corpus/TARGET are read only,
#          findings land in OUTDIR/ (crash-*, timeout-*, leak-*, oom-*).
#          afl: FUZZ_BUILD/fuzz-afl/TARGET, one afl-fuzz -V SECONDS from the
#          seeds into OUTDIR/afl (findings in OUTDIR/afl/default/crashes),
#          with FUZZ_BUILD/fuzz-afl/TARGET-mutator.so when it exists.
# Options: fuzz/options/TARGET.options, section [libfuzzer], "key = value"
# lines, become -key=value flags (dict is taken from fuzz/dict/TARGET.dict
# when that file exists, for both engines).
# Environment: FUZZ_BUILD (default build).
# Exit status: 0 nothing found, 1 a finding (the line says where), 2 usage,
# 3 the engine could not run.
set -u
[ $# -eq 4 ] || { echo "usage: $0 libfuzzer|afl TARGET SECONDS OUTDIR" >&2; exit 2; }
engine=$1; t=$2; secs=$3; out=$4
cd "$(dirname "$0")/../.." || exit 3
B=${FUZZ_BUILD:-build}
seeds=fuzz/corpus/$t
dict=fuzz/dict/$t.dict
opts=fuzz/options/$t.options
mkdir -p "$out" || exit 3

# -key=value flags from the [libfuzzer] section of the options file.
lf_flags() {
    [ -f "$opts" ] || return 0
    awk '/^\[/ { s = $0; next }
         s == "[libfuzzer]" && /=/ {
             k = $0; sub(/[ \t]*=.*/, "", k); gsub(/[ \t]/, "", k)
             v = $0; sub(/^[^=]*=[ \t]*/, "", v); sub(/[ \t]+$/, "", v)
             if (k != "" && k != "dict") printf "-%s=%s\n", k, v
         }' "$opts"
}

case $engine in
libfuzzer)
    bin=$B/fuzz/$t
    [ -x "$bin" ] || { echo "libfuzzer $t: ERROR $bin not built (make fuzz-build)"; exit 3; }
    mkdir -p "$out/corpus"
    set -- -max_total_time="$secs" -print_final_stats=1 -timeout=25 \
        -artifact_prefix="$out/"
    [ -f "$dict" ] && set -- "$@" -dict="$dict"
    for f in $(lf_flags); do set -- "$@" "$f"; done
    set -- "$@" "$out/corpus"
    [ -d "$seeds" ] && set -- "$@" "$seeds"
    "$bin" "$@" > "$out/libfuzzer.log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/libfuzzer.log" | tail -n 1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$out/libfuzzer.log" | tail -n 1)
    cov=$(grep -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE)' "$out/libfuzzer.log" | tail -n 1 |
          sed -n 's/.*cov: \([0-9]*\) ft: \([0-9]*\).*/cov \1 ft \2/p')
    art=$(ls "$out" | grep -E '^(crash|timeout|leak|oom|slow-unit)-' | head -n 1)
    if [ "$rc" -eq 0 ] && [ -z "$art" ]; then
        echo "libfuzzer $t: ok ${execs:-?} execs (${rate:-?}/s), ${cov:-no stats}, $(ls "$out/corpus" | wc -l) new inputs"
        exit 0
    fi
    if [ -n "$art" ]; then
        echo "libfuzzer $t: FOUND $out/$art (log $out/libfuzzer.log; triage: sh fuzz/tools/triage.sh $t $out/$art)"
        grep -m 3 -E 'fuzz_fail:|ERROR: |runtime error:|SUMMARY:' "$out/libfuzzer.log" | sed 's/^/    /'
        exit 1
    fi
    echo "libfuzzer $t: ERROR exit $rc (log $out/libfuzzer.log)"
    tail -n 5 "$out/libfuzzer.log" | sed 's/^/    /'
    exit 3
    ;;
afl)
    bin=$B/fuzz-afl/$t
    [ -x "$bin" ] || { echo "afl $t: ERROR $bin not built (make fuzz-afl-build)"; exit 3; }
    command -v afl-fuzz >/dev/null || { echo "afl $t: ERROR afl-fuzz not found: apt-get install afl++"; exit 3; }
    [ -d "$seeds" ] && [ -n "$(ls -A "$seeds")" ] ||
        { echo "afl $t: ERROR no seeds in $seeds"; exit 3; }
    rm -rf "$out/afl"
    # -t 5000+: up to 5 s an input; a seed slower than that (a loaded
    # machine: CI shares its cores) is skipped in the dry run instead of
    # aborting it, as libFuzzer's -timeout=25 above would not abort either
    set -- -V "$secs" -t "${FUZZ_AFL_TIMEOUT:-5000+}" -i "$seeds" -o "$out/afl"
    [ -f "$dict" ] && set -- "$@" -x "$dict"
    mut=$B/fuzz-afl/$t-mutator.so
    if [ -f "$mut" ]; then
        AFL_CUSTOM_MUTATOR_LIBRARY=$(cd "$(dirname "$mut")" && pwd)/$(basename "$mut")
        export AFL_CUSTOM_MUTATOR_LIBRARY
    fi
    # Unattended: no UI, no CPU binding (several runs share the cores), no
    # complaint about the CPU governor or a core_pattern we may not change.
    AFL_NO_UI=1 AFL_NO_AFFINITY=1 AFL_SKIP_CPUFREQ=1 \
    AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_SKIP_CRASHES=0 \
    ASAN_OPTIONS=abort_on_error=1:symbolize=0:detect_leaks=0 \
    UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:symbolize=0 \
        afl-fuzz "$@" -- "$bin" > "$out/afl.log" 2>&1
    rc=$?
    stats=$out/afl/default/fuzzer_stats
    if [ ! -f "$stats" ]; then
        echo "afl $t: ERROR afl-fuzz exit $rc, no stats (log $out/afl.log)"
        grep -E 'PROGRAM ABORT|ERROR|Location' "$out/afl.log" | head -n 5 | sed 's/^/    /'
        exit 3
    fi
    stat() { sed -n "s/^$1 *: *//p" "$stats" | tail -n 1; }
    crashes=$(ls "$out/afl/default/crashes" 2>/dev/null | grep -c '^id')
    hangs=$(ls "$out/afl/default/hangs" 2>/dev/null | grep -c '^id')
    line="$(stat execs_done) execs ($(stat execs_per_sec)/s), bitmap $(stat bitmap_cvg), corpus $(stat corpus_count), hangs $hangs"
    [ -n "${AFL_CUSTOM_MUTATOR_LIBRARY:-}" ] && line="$line, custom mutator"
    if [ "$crashes" -eq 0 ]; then
        echo "afl $t: ok $line"
        exit 0
    fi
    first=$(ls "$out/afl/default/crashes" | grep '^id' | head -n 1)
    echo "afl $t: FOUND $crashes crashes, e.g. $out/afl/default/crashes/$first ($line; triage: sh fuzz/tools/triage.sh $t '$out/afl/default/crashes/$first')"
    exit 1
    ;;
*)
    echo "usage: $0 libfuzzer|afl TARGET SECONDS OUTDIR" >&2
    exit 2
    ;;
esac
