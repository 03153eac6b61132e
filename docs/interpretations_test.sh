#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# docs/interpretations.md must be exactly what docs/gen-interpretations.sh makes
# from the headers, and every interpretation id must be defined once.
cd "$(dirname "$0")/.." || exit 3
pass=0; fail=0
tmp=$(mktemp); trap 'rm -f "$tmp"' EXIT
sh docs/gen-interpretations.sh >"$tmp"
if cmp -s "$tmp" docs/interpretations.md; then pass=$((pass + 1)); else
    echo "FAIL docs/interpretations.md is out of date: run 'make docs'"
    diff "$tmp" docs/interpretations.md | head -20; fail=$((fail + 1)); fi
dups=$(grep -ho 'Interpretation I-[A-Z0-9]*-[0-9]*' reference/include/rio/*.h | sort | uniq -d)
if [ -z "$dups" ]; then pass=$((pass + 1)); else
    echo "FAIL interpretation ids defined twice: $dups"; fail=$((fail + 1)); fi
unc=$(grep -B4 '^\*\*Class:\*\* UNCLASSIFIED' docs/interpretations.md | grep -o '^### I-[A-Z0-9-]*' | tr '\n' ' ')
if [ -z "$unc" ]; then pass=$((pass + 1)); else
    echo "FAIL interpretations without a [reading] / [erratum ...] / [choice: ...] class: $unc"
    fail=$((fail + 1)); fi
n=$(grep -c '^### I-' docs/interpretations.md)
if [ "$n" -gt 0 ]; then pass=$((pass + 1)); else
    echo "FAIL no interpretation found"; fail=$((fail + 1)); fi
echo "interpretations_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
