#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# coverage-exclude_test.sh - reference/coverage-exclude.awk (make coverage,
# docs/coverage.md) on a fixed tracefile and lists (coverage-exclude/):
#   - good.tsv (a function, a line, an untaken branch): exactly their
#     records are dropped (the function's FN, FNDA and the DA and BRDA
#     records of its body up to the "}" in column 1 of its source; the
#     line's DA; the untaken BRDA of the branch line, not its taken one),
#     every other line stays, in order, the totals are counted again, and a
#     file the list does not name passes unchanged but for its totals
#     (expected.info.in, written by hand from the awk's header);
#   - reached.tsv: a function, a line range and an untaken-branch entry the
#     run did reach are each reported on stderr (exit 0, still dropped);
#   - every malformed or stale list line is one error "LIST:LINE: what"
#     on stderr, exit status 2.
# COVX_AWK names another awk script to test (default the checkout's).
# Runs from anywhere. Last line: "coverage-exclude_test: N passed, N failed".
root=$(cd "$(dirname "$0")/../.." && pwd) || exit 3
AWKF=${COVX_AWK:-$root/reference/coverage-exclude.awk}
case $AWKF in /*) ;; *) AWKF=$(pwd)/$AWKF ;; esac
FIX=$root/reference/tests/coverage-exclude
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL %s\n' "$*"; }
tmp=$(mktemp -d) || exit 3
trap 'rm -rf "$tmp"' EXIT
# the source the awk reads for a function's end, where the .info says it is
mkdir -p "$tmp/reference/src" || exit 3
cp "$FIX/demo.c.in" "$tmp/reference/src/demo.c" || exit 3
sed "s|@DIR@|$tmp|" "$FIX/input.info.in" >"$tmp/in.info" || exit 3
sed "s|@DIR@|$tmp|" "$FIX/expected.info.in" >"$tmp/want.info" || exit 3
cp "$FIX/good.tsv" "$FIX/reached.tsv" "$tmp/" || exit 3
cd "$tmp" || exit 3

# covx LIST: the awk on in.info with LIST (as named: messages cite it);
# sets rc, out (stdout), err (stderr)
covx() {
    awk -v list="$1" -f "$AWKF" in.info >out 2>err
    rc=$?
}

# --- the rows of a good list are dropped exactly ---------------------------
covx good.tsv
[ "$rc" -eq 0 ] && ok || bad "good.tsv: exit $rc, want 0: $(head -n 3 err)"
[ ! -s err ] && ok || bad "good.tsv: stderr not empty: $(head -n 3 err)"
if cmp -s out want.info; then ok; else
    bad "good.tsv: the output is not expected.info.in:"
    diff want.info out | head -n 20
fi

# --- what the run reached is reported, and still dropped --------------------
covx reached.tsv
[ "$rc" -eq 0 ] && ok || bad "reached.tsv: exit $rc, want 0: $(head -n 3 err)"
cat >want.err <<'EOF'
coverage: reached.tsv:3: demo_reached of reference/src/demo.c is listed as unreachable, but the run reached it (2 calls): remove it from the list
coverage: reached.tsv:4: line 6 of reference/src/demo.c is listed as unreachable, but the run reached it (3 times): remove it from the list
coverage: reached.tsv:5: the run took every branch of line 5 of reference/src/demo.c: remove it from the list
EOF
if cmp -s err want.err; then ok; else
    bad "reached.tsv: stderr is not the three reports:"
    diff want.err err | head -n 20
fi
for gone in 'FN:25,demo_reached' 'FNDA:2,demo_reached' 'DA:25,2' 'DA:27,2' 'DA:6,3' 'DA:7,2'; do
    grep -qxF "$gone" out && bad "reached.tsv: $gone kept" || ok
done
for kept in 'BRDA:5,0,0,3' 'BRDA:5,0,1,2' 'DA:5,5' 'FNF:3' 'FNH:2' 'LF:11' 'LH:5'; do
    grep -qxF "$kept" out && ok || bad "reached.tsv: no $kept in the output"
done

# --- every bad or stale list line is FILE:LINE: what, exit 2 ---------------
# badlist NAME TEXT MESSAGE: a list holding TEXT (printf format) fails with
# exactly MESSAGE as stderr's first line
badlist() {
    printf "$2" >bad.tsv
    covx bad.tsv
    [ "$rc" -eq 2 ] && ok || bad "$1: exit $rc, want 2"
    got=$(head -n 1 err)
    [ "$got" = "$3" ] && ok || bad "$1: stderr '$got', want '$3'"
}
D=reference/src/demo.c
badlist fields "# c\n\n$D\tdemo_name\n" \
    "bad.tsv:3: want FILE<TAB>FUNCTION-or-LINES<TAB>REASON (2 fields)"
badlist fields4 "$D\tdemo_name\tr\tmore\n" \
    "bad.tsv:1: want FILE<TAB>FUNCTION-or-LINES<TAB>REASON (4 fields)"
badlist file "src/demo.c\tdemo_name\tr\n" \
    "bad.tsv:1: 'src/demo.c' is not a reference/src/NAME.c file"
badlist reason "# c\n$D\tdemo_name\t  \n" "bad.tsv:2: no reason given for demo_name"
badlist name "# c\n$D\tdemo-name\tr\n" \
    "bad.tsv:2: 'demo-name' is not a C function name, N, N-M or N:untaken"
badlist range "$D\t9-3\tr\n" "bad.tsv:1: '9-3' is not a line range N-M with 1 <= N <= M"
badlist zero "$D\t0\tr\n" "bad.tsv:1: '0' is not a line range N-M with 1 <= N <= M"
badlist twice "$D\tdemo_name\tr\n# c\n$D\tdemo_name\tr2\n" \
    "bad.tsv:3: demo_name of $D is listed twice (first at line 1)"
badlist twice_lines "$D\t21\tr\n$D\t21\tr2\n" \
    "bad.tsv:2: 21 of $D is listed twice (first at line 1)"
badlist stale_function "# c\n$D\tdemo_name\tr\n$D\tdemo_gone\tr\n" \
    "bad.tsv:3: no function demo_gone in $D (renamed or removed? update the list)"
badlist stale_line "# c\n$D\t9\tr\n" \
    "bad.tsv:2: 9 of $D: no line or branch record there (the lines moved? update the list)"
badlist stale_untaken "$D\t7:untaken\tr\n" \
    "bad.tsv:1: 7:untaken of $D: no line or branch record there (the lines moved? update the list)"
badlist stale_file "$D\t21\tr\nreference/src/gone.c\t5\tr\n" \
    "bad.tsv:2: reference/src/gone.c has no coverage record (renamed or removed? update the list)"
awk -f "$AWKF" in.info >out 2>err; rc=$?
[ "$rc" -eq 2 ] && [ "$(head -n 1 err)" = "coverage-exclude.awk: no list given (-v list=FILE)" ] &&
    ok || bad "no list: exit $rc, stderr '$(head -n 1 err)'"
covx nothere.tsv
[ "$rc" -eq 2 ] && [ "$(head -n 1 err)" = "coverage-exclude.awk: cannot read nothere.tsv" ] &&
    ok || bad "unreadable list: exit $rc, stderr '$(head -n 1 err)'"

echo "coverage-exclude_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
