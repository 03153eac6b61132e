#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# mutate_test.sh - riocheck-mutate (harness/mutation/mutate.c) on a fixed
# input, harness/mutation/tests/sample.c:
#   - --list gives exactly sample.list (every kind of site, checked by hand;
#     nothing from the comments, the string and character literals, the
#     #define, the _Static_assert or the array sizes; no unary - or &; no
#     -(E) in the bool function; RIO_OK returns -1);
#   - --apply gives the file with exactly that site replaced (byte for byte)
#     for a site of each shape (operator, constant, statement, condition,
#     return);
#   - --sample N --seed S is deterministic, N distinct sites of the list in
#     id order, all of them when N is larger, another draw for another seed;
#   - bad input is an error naming FILE:LINE:COL with exit 1, bad usage
#     exit 2, never a crash.
# Environment: MUTATE (the binary; make check sets it), else
# build/gcc/bin/riocheck-mutate. Last line: "mutate_test: N passed, N failed".
root=$(cd "$(dirname "$0")/../../.." && pwd) || exit 3
cd "$root" || exit 3
M=${MUTATE:-build/gcc/bin/riocheck-mutate}
S=harness/mutation/tests/sample.c
tmp=$(mktemp -d "${TMPDIR:-/tmp}/mutate_test.XXXXXX") || exit 3
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
ko() { fail=$((fail + 1)); echo "FAIL $1"; }
if [ ! -x "$M" ]; then
    echo "FAIL $M not built"; echo "mutate_test: 0 passed, 1 failed"; exit 1
fi

# list
if "$M" --list "$S" >"$tmp/list" 2>"$tmp/err" && cmp -s "$tmp/list" harness/mutation/tests/sample.list; then
    ok "list: the sites of sample.c are sample.list"
else
    ko "list: the sites of sample.c differ from sample.list:"; diff harness/mutation/tests/sample.list "$tmp/list" | head -20; cat "$tmp/err"
fi

# apply ID LINE OLD NEW: the mutant is sample.c with OLD replaced by NEW on
# line LINE (sed, fixed strings escaped by the caller), nothing else
apply() {
    sed "$2s/$3/$4/" "$S" >"$tmp/want"
    if cmp -s "$tmp/want" "$S"; then
        ko "apply $1: the test's own substitution changed nothing"; return
    fi
    if "$M" --apply "$S" "$1" >"$tmp/got" 2>"$tmp/err" && cmp -s "$tmp/got" "$tmp/want"; then
        ok "apply $1: line $2 '$3' -> '$4', the rest byte for byte"
    else
        ko "apply $1: line $2 '$3' -> '$4'"; diff "$tmp/want" "$tmp/got" | head -10; cat "$tmp/err"
    fi
}
apply 1 7 '0x1f' '0x20'
apply 4 7 '010}' '0}'
apply 7 11 'v < 10u' 'v >= 10u'
apply 13 18 'if (acc == NULL || -v == 1)' 'if (!(acc == NULL || -v == 1))'
apply 20 19 'return -1;' 'return -(-1);'
apply 23 20 'buf\[0\] = (v << 2) + (v \& 1u);' ';'
apply 29 20 '(v \& 1u)' '(v | 1u)'
apply 40 25 '++' '--'
apply 41 26 'RIO_OK' '-1'
n=$(grep -c -v '^#' harness/mutation/tests/sample.list)
if "$M" --apply "$S" "$((n + 1))" >"$tmp/got" 2>"$tmp/err"; then
    ko "apply past the last site succeeds"
elif grep -q "no site $((n + 1)) (the file has $n)" "$tmp/err" && [ ! -s "$tmp/got" ]; then
    ok "apply past the last site: an error, no output"
else
    ko "apply past the last site: wrong message"; cat "$tmp/err"
fi

# sample
"$M" --list "$S" --sample 5 --seed 7 >"$tmp/s1" 2>&1
"$M" --list "$S" --seed 7 --sample 5 >"$tmp/s2" 2>&1
"$M" --list "$S" --sample 5 --seed 8 >"$tmp/s3" 2>&1
if cmp -s "$tmp/s1" "$tmp/s2"; then ok "sample: the same seed gives the same sites"
else ko "sample: the same seed gave other sites"; fi
if ! cmp -s "$tmp/s1" "$tmp/s3"; then ok "sample: another seed gives another draw"
else ko "sample: seeds 7 and 8 drew the same sites"; fi
# five distinct lines of the list, in id order
if [ "$(grep -vc '^#' "$tmp/s1")" -eq 5 ] &&
   [ "$(grep -v '^#' "$tmp/s1" | sort -u | wc -l)" -eq 5 ] &&
   grep -v '^#' "$tmp/s1" | awk -F'\t' 'NR > 1 && $1 <= p { exit 1 } { p = $1 }' &&
   [ "$(grep -v '^#' "$tmp/s1" | grep -F -x -c -f - harness/mutation/tests/sample.list)" -eq 5 ]; then
    ok "sample: 5 distinct sites of the list, in id order"
else
    ko "sample: not 5 distinct sites of the list in order"; cat "$tmp/s1"
fi
if "$M" --list "$S" --sample 1000 --seed 3 | cmp -s - harness/mutation/tests/sample.list; then
    ok "sample: more than there are gives the whole list"
else
    ko "sample: --sample 1000 is not the whole list"
fi

# errors: bad input (exit 1, FILE:LINE:COL: what), usage (exit 2)
bad() { # NAME CONTENT(printf format) PATTERN
    printf "$2" >"$tmp/bad.c"
    "$M" --list "$tmp/bad.c" >"$tmp/out" 2>"$tmp/err"; rc=$?
    if [ "$rc" -eq 1 ] && grep -q "^riocheck-mutate: $tmp/bad.c:$3" "$tmp/err"; then
        ok "bad input: $1 ($(cat "$tmp/err"))"
    else
        ko "bad input: $1: exit $rc, want 1 and '$3'"; cat "$tmp/err"
    fi
}
bad "unterminated comment" 'int a;\n/* x\n' '2:1: unterminated comment'
bad "unterminated string" 'int a;\nchar *s = "abc\n;\n' '2:11: unterminated string literal'
bad "unterminated char" "int a = 'x;\n" "1:9: unterminated character literal"
bad "NUL byte" 'int a\000;\n' '1:6: NUL byte'
bad "NUL byte in a comment" 'int a; /* \000 */\n' '1:11: NUL byte'
bad "stray byte" 'int a = 1 @ 2;\n' '1:11: byte 0x40 is no C token'
bad "comment in a directive" '#define A /* x\n' '1:11: unterminated comment'
"$M" --list "$tmp/nonexistent.c" >/dev/null 2>"$tmp/err"; rc=$?
if [ "$rc" -eq 1 ] && grep -q 'nonexistent.c: cannot read' "$tmp/err"; then ok "a missing file: exit 1, named"
else ko "a missing file: exit $rc"; fi
usage() { # NAME ARGS...
    name=$1; shift
    "$M" "$@" >/dev/null 2>"$tmp/err"; rc=$?
    if [ "$rc" -eq 2 ] && grep -q '^Usage:' "$tmp/err"; then ok "usage: $name: exit 2"
    else ko "usage: $name: exit $rc, want 2"; fi
}
usage "no arguments"
usage "ID 0" --apply "$S" 0
usage "ID not a number" --apply "$S" x
usage "--seed without --sample" --list "$S" --seed 3
usage "--sample with --apply" --apply "$S" 1 --sample 2
usage "unknown option" --lisst "$S"
# what is valid but odd is no error: unbalanced braces (#if branches), an
# empty file, a directive with an apostrophe
printf '#if A\nvoid f(void) {\n#else\nvoid f(int x) {\n#endif\n  x = 1;\n}\n#error don'"'"'t\n' >"$tmp/odd.c"
if "$M" --list "$tmp/odd.c" >"$tmp/out" 2>&1 && : >"$tmp/empty.c" && "$M" --list "$tmp/empty.c" >/dev/null 2>&1; then
    ok "unbalanced braces, an empty file, #error don't: listed without error"
else
    ko "odd but valid input rejected"; cat "$tmp/out"
fi


# the FUNCTION column: the function whose body holds a site, - outside any
# and where the name is no identifier (a declarator returning a pointer to
# a function), through nested braces, after a prototype
cat >"$tmp/fn.c" <<'EOF'
struct s { int a; };
static const struct s init = { 1 + 2 };
int (*pick(int k))(int)
{
    return k > 0 ? 0 : 0;
}
static int two(int x);
static int two(int x)
{
    struct s v = { x + 1 };
    if (x > 1) {
        v.a = x - 1;
    }
    return v.a;
}
int last(void) { return 3; }
EOF
printf '2\t-\n5\t-\n10\ttwo\n11\ttwo\n12\ttwo\n14\ttwo\n16\tlast\n' >"$tmp/fn.want"
if "$M" --list "$tmp/fn.c" >"$tmp/fn.list" 2>"$tmp/err" &&
   awk -F'\t' '!/^#/ { print $2 "\t" $7 }' "$tmp/fn.list" | uniq | cmp -s - "$tmp/fn.want"; then
    ok "function column: - at file scope and for a declarator, the name through nested braces"
else
    ko "function column: want (line, function)"; cat "$tmp/fn.want"; awk -F'\t' '!/^#/ { print $2 "\t" $7 }' "$tmp/fn.list" | uniq; cat "$tmp/err"
fi

# run.sh's scoring (MUT_RESCORE: nothing built or run) of a results.tsv of
# sample.c: a survivor nobody reviewed inside a function MUT_EXCLUDED lists
# is unobservable with that row's reason; a line row is not enough; a
# review wins; a kill inside a listed function is reported; a results.tsv of
# an older run.sh (10 columns) gets the functions of the current source; a
# row of another width is an error naming FILE:LINE
S2=harness/mutation/tests/sample.c
printf '%s\tsmall\tonly a test calls it\n%s\t19\tline row: a guard\n%s\t18:untaken\tline row\n' "$S2" "$S2" "$S2" >"$tmp/excl.tsv"
printf '%s\t11\tlogic\t&&\t||\tequivalent\ta review\n%s\t7\tconst\t0x1f\t0x20\tpermitted\tthe spec leaves it open\n' "$S2" "$S2" >"$tmp/rev.tsv"
{
    printf '# file\tid\tline\tcol\tkind\tbefore\tafter\tstatus\twhy\tseconds\tfunction\n'
    printf '%s\t6\t11\t14\trel\t<\t<=\tsurvived\tpass\t1\tsmall\n' "$S2"
    printf '%s\t10\t11\t20\tlogic\t&&\t||\tsurvived\tpass\t1\tsmall\n' "$S2"
    printf '%s\t11\t11\t25\teq\t!=\t==\tkilled\texit 1: fail\t1\tsmall\n' "$S2"
    printf '%s\t19\t19\t16\tret\treturn -1;\treturn 0;\tsurvived\tpass\t1\tstep\n' "$S2"
    printf '%s\t1\t7\t35\tconst\t0x1f\t0x20\tsurvived\tpass\t1\t-\n' "$S2"
} >"$tmp/res.tsv"
rescore() { # RESULTS: run.sh's rescore into $tmp/out; its exit status
    rm -rf "$tmp/out"
    MUT_MUTATE=$M MUT_CC=cc MUT_CFLAGS=-O MUT_OBJ="$tmp" MUT_LINK=none MUT_OUT="$tmp/out" \
        MUT_REVIEWED="$tmp/rev.tsv" MUT_EXCLUDED="$tmp/excl.tsv" MUT_RESCORE="$1" \
        sh harness/mutation/run.sh >"$tmp/score" 2>"$tmp/score.err"
}
scored() { # NAME: the classification of res.tsv's rows
    sv=$tmp/out/survivors.txt
    if grep -q -F -x "$S2:11: rel < -> <=  [unobservable: function small listed in $tmp/excl.tsv: only a test calls it]" "$sv" &&
       grep -q -F -x "$S2:11: logic && -> ||  [equivalent: a review]" "$sv" &&
       grep -q -F -x "$S2:19: ret return -1; -> return 0;  [not reviewed]" "$sv" &&
       grep -q -F -x "$S2:7: const 0x1f -> 0x20  [permitted: the spec leaves it open]" "$sv" &&
       grep -q -F "  $S2:11: eq != -> == in small (exit 1: fail)" "$tmp/score" &&
       grep -q -F 'unobs includes 1 survivor(s)' "$tmp/score" &&
       grep -q -E '^harness/mutation/tests/sample +5 +1 +0 +20\.0% +25\.0% +50\.0% +1 +1 +1 +1$' "$tmp/score"; then
        ok "run.sh scoring, $1: unobservable inside a listed function, not by a line row, a review first, a permitted review out of the observable score, a kill reported"
    else
        ko "run.sh scoring, $1"; cat "$tmp/score" "$tmp/score.err"
    fi
}
if rescore "$tmp/res.tsv"; then scored "11 columns"; else ko "run.sh scoring: exit $?"; cat "$tmp/score.err"; fi
awk -F'\t' 'BEGIN { OFS = "\t" } { NF = 10; print }' "$tmp/res.tsv" >"$tmp/old.tsv"
if rescore "$tmp/old.tsv" && grep -q '^note: 5 rows of this results.tsv have no function column' "$tmp/score"; then
    scored "an older results.tsv (10 columns)"
else
    ko "run.sh scoring of an older results.tsv: no note or exit $?"; cat "$tmp/score" "$tmp/score.err"
fi
awk -F'\t' 'BEGIN { OFS = "\t" } NR == 3 { NF = 9 } { print }' "$tmp/res.tsv" >"$tmp/bad.tsv"
rescore "$tmp/bad.tsv"; rc=$?
if [ "$rc" -eq 2 ] && grep -q -F "run.sh: $tmp/bad.tsv:3: 9 fields, want 11" "$tmp/score.err"; then
    ok "run.sh scoring: a row of 9 fields is an error naming FILE:LINE, exit 2"
else
    ko "run.sh scoring of a bad results.tsv: exit $rc"; cat "$tmp/score.err"
fi

echo "mutate_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
