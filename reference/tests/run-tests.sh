#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Runs test programs (executables) and test scripts (*.sh, run with sh), each of
# which ends with a line "<name>: N passed, N failed". Prints every program's
# output (in the order given, whole, once it has ended) and a total line;
# exits non-zero if any program failed or crashed.
# Environment: RIOCHECK (path of the CLI) is passed through to scripts.
# RIOCHECK_TEST_JOBS=N runs up to N programs at a time (default 1); the
# output is the same, in the same order. Programs get stdin from /dev/null.
# RIOCHECK_TEST_TIMES=1 also prints, after each program, a line
# "# time <program>: <s> s CPU (user+sys), <s> s wall" and the totals at the
# end: the CPU time of the program and every process it waited for (the
# shell's `times`), which holds on a busy machine and with
# RIOCHECK_TEST_JOBS > 1, and its wall time (which does not: it shows the
# programs that mostly wait).
passed=0; failed=0; broken=0
times_on=${RIOCHECK_TEST_TIMES:-0}
jobs=${RIOCHECK_TEST_JOBS:-1}
case "$jobs" in ''|*[!0-9]*) echo "RIOCHECK_TEST_JOBS=$jobs: not a number" >&2; exit 2 ;; esac
[ "$jobs" -ge 1 ] || jobs=1
d=$(mktemp -d) || exit 3
trap 'rm -rf "$d"' EXIT
trap 'exit 130' INT TERM
# the finished programs' numbers come back through a FIFO (open for reading
# and writing here, so that neither side blocks on open)
mkfifo "$d/done" || exit 3
exec 3<>"$d/done"

# cpu_ms FILE: sets ms to the user+sys CPU of the children in FILE, the
# output of `times` (second line, e.g. "0m1.250000s 0m0.030000s"), in
# milliseconds. (`times` must not run in a $(...) subshell: it would count
# that subshell's children.)
cpu_ms() {
    ms=$(sed -n 2p "$1" | awk '{ t = 0
        for (i = 1; i <= 2; i++) { split($i, a, "m"); sub(/s$/, "", a[2]); t += a[1] * 60 + a[2] }
        printf "%d\n", t * 1000 + 0.5 }')
}
secs() { printf '%d.%03d' $(($1 / 1000)) $(($1 % 1000)); }
# now_ms: wall clock in milliseconds (GNU date), only with RIOCHECK_TEST_TIMES
now_ms() { if [ "$times_on" != 0 ]; then date +%s%3N; else echo 0; fi; }

# report N PROGRAM: print program N's output and add up its result line.
report() {
    cat "$d/$1.out"
    rc=$(cat "$d/$1.rc")
    if [ "$times_on" != 0 ]; then
        cpu_ms "$d/$1.times"
        w=$(($(cat "$d/$1.end") - $(cat "$d/$1.start")))
        echo "# time $2: $(secs "$ms") s CPU (user+sys), $(secs "$w") s wall"
    fi
    line=$(grep -E '^[A-Za-z0-9_.-]+: [0-9]+ passed, [0-9]+ failed' "$d/$1.out" | tail -n 1)
    if [ -z "$line" ]; then
        echo "$2: no result line (exit $rc): counted as 1 failed" >&2
        broken=$((broken + 1)); return
    fi
    p=$(printf '%s' "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed.*/\1/')
    f=$(printf '%s' "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed.*/\2/')
    passed=$((passed + p)); failed=$((failed + f))
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        echo "$2: exit $rc with no failed test: counted as 1 failed" >&2
        broken=$((broken + 1))
    fi
}

# Start each program in the background (at most $jobs at a time); print the
# ended ones in order.
n=0; running=0; next=1; start_all=$(now_ms)
collect() {
    read -r j <&3 || exit 3
    : >"$d/$j.ended"
    running=$((running - 1))
    while [ -f "$d/$next.ended" ]; do
        eval "report $next \"\$prog_$next\""
        next=$((next + 1))
    done
}
for t in "$@"; do
    n=$((n + 1))
    eval "prog_$n=\$t"
    (
        now_ms >"$d/$n.start"
        case "$t" in
            *.sh) sh "$t" ;;
            *) "$t" ;;
        esac >"$d/$n.out" 2>&1 3>&- </dev/null
        echo $? >"$d/$n.rc"
        times >"$d/$n.times"
        now_ms >"$d/$n.end"
        echo "$n" >&3
    ) &
    running=$((running + 1))
    while [ "$running" -ge "$jobs" ]; do collect; done
done
while [ "$running" -gt 0 ]; do collect; done
wait
failed=$((failed + broken))
if [ "$times_on" != 0 ]; then
    times >"$d/all.times"
    cpu_ms "$d/all.times"
    w=$(($(now_ms) - start_all))
    echo "# time all tests: $(secs "$ms") s CPU (user+sys), $(secs "$w") s wall ($jobs at a time)"
fi
echo "total: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
