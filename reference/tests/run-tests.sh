#!/bin/sh
# Runs test programs (executables) and test scripts (*.sh, run with sh), each of
# which ends with a line "<name>: N passed, N failed". Prints every program's
# output and a total line; exits non-zero if any program failed or crashed.
# Environment: RIOCHECK (path of the CLI) is passed through to scripts.
# RIOCHECK_TEST_TIMES=1 also prints, after each program, a line
# "# time <program>: <s> s CPU (user+sys)" and a CPU total at the end: the
# CPU time of the program and every process it waited for (the shell's
# `times`), not wall time, so the figures hold on a busy machine.
passed=0; failed=0; broken=0
times_on=${RIOCHECK_TEST_TIMES:-0}
[ "$times_on" = 0 ] || { tfile=$(mktemp); trap 'rm -f "$tfile"' EXIT; }
# cpu_ms: sets ms to the user+sys CPU of the children waited for so far, in
# milliseconds (second line of `times`, e.g. "0m1.250000s 0m0.030000s"; via a
# file and a variable: `times` in a $(...) subshell would count the
# subshell's children).
cpu_ms() {
    times >"$tfile"
    ms=$(sed -n 2p "$tfile" | awk '{ t = 0
        for (i = 1; i <= 2; i++) { split($i, a, "m"); sub(/s$/, "", a[2]); t += a[1] * 60 + a[2] }
        printf "%d\n", t * 1000 + 0.5 }')
}
[ "$times_on" = 0 ] || { cpu_ms; cpu_start=$ms; }
for t in "$@"; do
    [ "$times_on" = 0 ] || { cpu_ms; c0=$ms; }
    case "$t" in
        *.sh) out=$(sh "$t" 2>&1); rc=$? ;;
        *) out=$("$t" 2>&1); rc=$? ;;
    esac
    printf '%s\n' "$out"
    if [ "$times_on" != 0 ]; then
        cpu_ms; c1=$ms
        printf '# time %s: %d.%03d s CPU (user+sys)\n' "$t" $(((c1 - c0) / 1000)) $(((c1 - c0) % 1000))
    fi
    line=$(printf '%s\n' "$out" | grep -E '^[A-Za-z0-9_.-]+: [0-9]+ passed, [0-9]+ failed' | tail -n 1)
    if [ -z "$line" ]; then
        echo "$t: no result line (exit $rc): counted as 1 failed" >&2
        broken=$((broken + 1)); continue
    fi
    p=$(printf '%s' "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed.*/\1/')
    f=$(printf '%s' "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed.*/\2/')
    passed=$((passed + p)); failed=$((failed + f))
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        echo "$t: exit $rc with no failed test: counted as 1 failed" >&2
        broken=$((broken + 1))
    fi
done
failed=$((failed + broken))
if [ "$times_on" != 0 ]; then
    cpu_ms; c1=$ms
    printf '# time all tests: %d.%03d s CPU (user+sys)\n' $(((c1 - cpu_start) / 1000)) $(((c1 - cpu_start) % 1000))
fi
echo "total: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
