#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# fuzz/tools/bench.sh - `make fuzz-bench`: executions per second of every
# target under libFuzzer (ASan+UBSan, the fuzz-build binaries) beside the
# empty target fuzz/empty.c measured in the same run, one run at a time.
#
#   sh fuzz/tools/bench.sh SECONDS TARGET...
#
# Each target runs SECONDS from its seed corpus with its options and
# dictionary (fuzz/tools/run.sh conventions); the empty target runs with no
# corpus. Two rates per target: per wall-clock second (libFuzzer's
# average_exec_per_sec) and per CPU second of the process (user + system,
# from the shell's `times`), which other load on the machine disturbs much
# less. "% empty" is the CPU rate as a percentage of the empty target's.
# Environment: FUZZ_BUILD (default build).
set -u
[ $# -ge 1 ] || { echo "usage: $0 SECONDS TARGET..." >&2; exit 2; }
secs=$1; shift
cd "$(dirname "$0")/../.." || exit 3
B=${FUZZ_BUILD:-build}
out=$B/fuzz-bench
rm -rf "$out"
mkdir -p "$out" || exit 3

# Children's CPU seconds in a `times` output file (its second line: user
# system). `times` itself must run in this shell, not in a subshell (a fork
# starts with zero times), hence the file.
cpu_of() {
    tail -n 1 "$1" | awk '{
        t = 0
        for (i = 1; i <= 2; i++) {
            split($i, p, "m"); sub(/s$/, "", p[2]); t += p[1] * 60 + p[2]
        }
        printf "%.3f\n", t }'
}

# -key=value flags from the [libfuzzer] section of fuzz/options/T.options.
lf_flags() {
    [ -f "fuzz/options/$1.options" ] || return 0
    awk '/^\[/ { s = $0; next }
         s == "[libfuzzer]" && /=/ {
             k = $0; sub(/[ \t]*=.*/, "", k); gsub(/[ \t]/, "", k)
             v = $0; sub(/^[^=]*=[ \t]*/, "", v); sub(/[ \t]+$/, "", v)
             if (k != "" && k != "dict" && k != "timeout") printf "-%s=%s\n", k, v
         }' "fuzz/options/$1.options"
}

bench_one() {
    t=$1
    bin=$B/fuzz/$t
    [ -x "$bin" ] || { echo "$t ERROR not built" >> "$out/results"; return; }
    mkdir -p "$out/$t"
    set -- -max_total_time="$secs" -print_final_stats=1 -artifact_prefix="$out/$t/"
    [ -f "fuzz/dict/$t.dict" ] && set -- "$@" -dict="fuzz/dict/$t.dict"
    for f in $(lf_flags "$t"); do set -- "$@" "$f"; done
    set -- "$@" "$out/$t/corpus"
    mkdir -p "$out/$t/corpus"
    [ "$t" != empty ] && [ -d "fuzz/corpus/$t" ] && set -- "$@" "fuzz/corpus/$t"
    times > "$out/times0"
    "$bin" "$@" > "$out/$t/log" 2>&1
    rc=$?
    times > "$out/times1"
    c0=$(cpu_of "$out/times0")
    c1=$(cpu_of "$out/times1")
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$t/log" | tail -n 1)
    wall=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$out/$t/log" | tail -n 1)
    if [ "$rc" -ne 0 ] || [ -z "$execs" ]; then
        echo "$t ERROR exit $rc (log $out/$t/log)" >> "$out/results"
        return
    fi
    echo "$t $execs $wall $c0 $c1" >> "$out/results"
}

echo "fuzz-bench: $# targets and the empty target, ${secs}s each, one at a time"
bench_one empty
for t in "$@"; do
    bench_one "$t"
done

awk '
$2 == "ERROR" { err[++ne] = $0; next }
{
    cpu = $5 - $4; rate = cpu > 0 ? $2 / cpu : 0
    name[++n] = $1; execs[n] = $2; wall[n] = $3; cpus[n] = cpu; r[n] = rate
    if ($1 == "empty") base = rate
}
END {
    printf "%-12s %12s %8s %12s %12s %8s\n", "target", "execs", "cpu s", "exec/s cpu", "exec/s wall", "% empty"
    for (i = 1; i <= n; i++)
        printf "%-12s %12d %8.2f %12.0f %12d %7.1f%%\n", name[i], execs[i], cpus[i], r[i], wall[i],
               (base > 0 ? 100 * r[i] / base : 0)
    for (i = 1; i <= ne; i++) print err[i]
    if (ne > 0) exit 1
}' "$out/results" | tee "$out/table.txt"
