#!/bin/sh
# Runs test programs (executables) and test scripts (*.sh, run with sh), each of
# which ends with a line "<name>: N passed, N failed". Prints every program's
# output and a total line; exits non-zero if any program failed or crashed.
# Environment: RIOCHECK (path of the CLI) is passed through to scripts.
passed=0; failed=0; broken=0
for t in "$@"; do
    case "$t" in
        *.sh) out=$(sh "$t" 2>&1); rc=$? ;;
        *) out=$("$t" 2>&1); rc=$? ;;
    esac
    printf '%s\n' "$out"
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
echo "total: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
