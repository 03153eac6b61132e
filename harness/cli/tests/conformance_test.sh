#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The conformance vectors against the built-in reference (every vector must
# pass: a failure is a wrong vector or a reference bug; the overall result is
# pass: every applicable rule ran and passed), and the traceability check of
# the catalogue (riocheck trace). Needs RIOCHECK; SWEEP_STRIDE (default 1)
# thins the exhaustive sweeps in slow (sanitizer) builds. This is the one
# whole run against the built-in reference in make check (cli_test.sh leaves
# the overall-pass check to it).
R=${RIOCHECK:?set RIOCHECK to the riocheck binary}
stride=${SWEEP_STRIDE:-1}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$R" run --out "$tmp/reports" --sweep-stride "$stride" >"$tmp/run.tap" 2>&1; rc=$?
grep -A3 '^not ok' "$tmp/run.tap" | head -60
line=$(grep '^run: ' "$tmp/run.tap" | tail -n 1)
echo "${line:-run: no summary (exit $rc)}"
pass=$(printf '%s' "$line" | sed -nE 's/^run: ([0-9]+) passed.*/\1/p')
fail=$(printf '%s' "$line" | sed -nE 's/^run: [0-9]+ passed, ([0-9]+) failed.*/\1/p')
[ -n "$pass" ] || { pass=0; fail=1; tail -5 "$tmp/run.tap"; }
[ "$rc" -eq 0 ] || [ "$fail" -gt 0 ] || fail=1
# every applicable rule ran and passed (exit 0 and the overall line say so)
if [ "$rc" -eq 0 ] && grep -q '^# overall: pass (rules passed: ' "$tmp/run.tap"; then
    pass=$((pass + 1))
else
    echo "FAIL the overall result against the reference is not pass (exit $rc):"
    grep '^# overall' "$tmp/run.tap" || echo "    no '# overall:' line"
    fail=$((fail + 1))
fi
"$R" trace >"$tmp/trace.txt" 2>&1; trc=$?
cat "$tmp/trace.txt"
if [ "$trc" -eq 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
echo "conformance_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
