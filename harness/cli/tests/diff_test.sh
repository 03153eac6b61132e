#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# riocheck diff (issue 12): two real runs - the built-in reference and the
# example DUT bad-sw-soc (harness/examples/, breaks P9-3.2-b), each with
# --out into a temporary folder - compared both ways, then waived, narrowed
# and edited copies of their results.json, and inputs that are not results
# files. Checks the exit status CI gates on (0 no regression, 1 regressions,
# 2 usage, 3 unreadable input), the lines that say what changed, and that
# errors name FILE:LINE:COLUMN.
# Needs RIOCHECK (the riocheck binary; BIN/../lib/riocheck-bad-sw-soc.so
# beside it: `make check` builds it). Ends with "diff_test: N passed, N failed".
R=${RIOCHECK:?set RIOCHECK to the riocheck binary}
case $R in /*) ;; *) R=$(pwd)/$R ;; esac
root=$(cd "$(dirname "$0")/../../.." && pwd) || exit 3
cd "$root" || exit 3
BAD=$(dirname "$R")/../lib/riocheck-bad-sw-soc.so
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

if [ ! -f "$BAD" ]; then
    echo "diff_test: $BAD is missing (make examples)"
    echo "diff_test: 0 passed, 1 failed"
    exit 1
fi

bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
good() { pass=$((pass + 1)); }
# status NAME WANT CMD...: CMD exits WANT (its output in $tmp/out, $tmp/err)
status() {
    name=$1; want=$2; shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"; got=$?
    if [ "$got" -eq "$want" ]; then good; else
        bad "$name" "exit $got, want $want: $*"; sed -n 1,5p "$tmp/err" "$tmp/out"
    fi
}
# has NAME FILE TEXT / lacks NAME FILE TEXT
has() { if grep -qF -- "$3" "$2"; then good; else bad "$1" "no '$3' in $(basename "$2")"; sed -n 1,8p "$2"; fi; }
lacks() { if grep -qF -- "$3" "$2"; then bad "$1" "'$3' in $(basename "$2")"; else good; fi; }
# first NAME TEXT: the output's first line starts with TEXT
first() {
    case $(sed -n 1p "$tmp/out") in "$2"*) good ;;
        *) bad "$1" "first line '$(sed -n 1p "$tmp/out")', want '$2...'" ;; esac
}

# ---- two real runs -------------------------------------------------------------------
SEL="--vector p9.sw.*"
"$R" run $SEL --out "$tmp/ref" >/dev/null 2>"$tmp/run.err"; s=$?
[ "$s" -eq 4 ] && good || bad run-ref "riocheck run exit $s, want 4 (incomplete: a selection)"
"$R" run $SEL --dut "$BAD" --out "$tmp/bad" >/dev/null 2>>"$tmp/run.err"; s=$?
[ "$s" -eq 1 ] && good || bad run-bad "riocheck run exit $s, want 1 (P9-3.2-b fails)"
REF=$tmp/ref/results.json
BRK=$tmp/bad/results.json

# reference -> broken: regressions, exit 1
status regressions 1 "$R" diff "$REF" "$BRK"
first regressions-summary "riocheck diff: REGRESSION: 6 regressions, 0 fixes, 0 other changes; overall incomplete -> fail"
has regressions "$tmp/out" "  overall: incomplete -> fail"
has regressions "$tmp/out" "  rule P9-3.2-b: pass -> fail"
has regressions "$tmp/out" "  vector p9.sw.soc.switch.r2: pass -> fail"
has regressions-detail "$tmp/out" "expected ccp port=1 xon=0 soc=0"
has regressions-context "$tmp/out" "  dut.name: riocheck reference -> bad-sw-soc"
lacks regressions-volatile "$tmp/out" "started:"
lacks regressions-volatile "$tmp/out" "command_line"
# broken -> reference: fixes only, exit 0
status fixes 0 "$R" diff "$BRK" "$REF"
first fixes-summary "riocheck diff: no regression: 0 regressions, 6 fixes, 0 other changes; overall fail -> incomplete"
has fixes "$tmp/out" "  vector p9.sw.soc.endpoint.r3: fail -> pass"
# identical: exit 0, even failing on any change
status identical 0 "$R" diff --fail-on changes "$BRK" "$BRK"
first identical "riocheck diff: no change: overall fail, "
# --fail-on changes: a fix is a change
status fail-on-changes 1 "$R" diff --fail-on changes "$BRK" "$REF"
status fail-on-changes= 1 "$R" diff --fail-on=changes "$BRK" "$REF"
# --quiet: the summary line only
status quiet 1 "$R" diff --quiet "$REF" "$BRK"
n=$(wc -l <"$tmp/out"); [ "$n" -eq 1 ] && good || bad quiet "$n lines, want 1"
# --rules-only: no vector listed, still gated on the rule and the overall result
status rules-only 1 "$R" diff --rules-only "$REF" "$BRK"
first rules-only "riocheck diff: REGRESSION: 2 regressions"
lacks rules-only "$tmp/out" "  vector "
# --json: one JSON object (riocheck's own strict reader takes it: it stops
# at its format, which is not a results file's)
status json 1 "$R" diff --json "$REF" "$BRK"
has json "$tmp/out" '"counts": {"regressions": 6, "fixes": 0, "changes": 0'
has json "$tmp/out" '{"kind": "rule", "id": "P9-3.2-b", "old": "pass", "new": "fail"'
cp "$tmp/out" "$tmp/diff.json"
status json-parses 3 "$R" diff "$tmp/diff.json" "$REF"
has json-parses "$tmp/err" 'diff.json:2:13: format "riocheck-diff-1" is not one this riocheck reads'

# ---- waivers: a newly waived failure is a change, an unwaived one a regression ------------
printf 'P9-3.2-b accepted until the next silicon revision\n' >"$tmp/w.waivers"
"$R" run $SEL --dut "$BAD" --waivers "$tmp/w.waivers" --out "$tmp/waived" >/dev/null 2>&1
WVD=$tmp/waived/results.json
status newly-waived 0 "$R" diff "$BRK" "$WVD"
has newly-waived "$tmp/out" "  vector p9.sw.soc.switch.r2: fail -> waived (newly waived)"
has newly-waived "$tmp/out" "      waiver: accepted until the next silicon revision"
has newly-waived "$tmp/out" "  overall: fail -> incomplete"
status unwaived 1 "$R" diff "$WVD" "$BRK"
has unwaived "$tmp/out" "  vector p9.sw.soc.switch.r2: waived -> fail (no longer waived)"
status waived-fixed 0 "$R" diff "$WVD" "$REF"
has waived-fixed "$tmp/out" "  vector p9.sw.soc.switch.r2: waived -> pass"
has waived-fixed "$tmp/out" "Fixes ("

# ---- vectors removed and added ----------------------------------------------------------
"$R" run --vector 'p9.sw.soc.*' --out "$tmp/few" >/dev/null 2>&1
FEW=$tmp/few/results.json
status removed 1 "$R" diff "$REF" "$FEW"
has removed "$tmp/out" "  vector p9.sw.t21.req.p0.crf0.r2: pass -> (absent) (removed; a rule it checked is still applicable)"
has removed "$tmp/out" "  rule P9-2.4.3-b: pass -> not-run (applicable and no longer run)"
status added 0 "$R" diff "$FEW" "$REF"
has added "$tmp/out" "  vector p9.sw.t21.req.p0.crf0.r2: (absent) -> pass (new vector)"
# a new vector that fails is a regression
status added-failing 1 "$R" diff "$FEW" "$BRK"

# ---- the run context, provenance present or not: shown, never gated ---------------------
# (the provenance object of riocheck run, edited; and a copy without it, as
# results files of riocheck before issue 12 are)
sed -e 's/^    "dut_sha256": [^,]*,$/    "dut_sha256": "aa11",/' -e 's/^    "commit": [^,]*,$/    "commit": "c0ffee",/' \
    "$REF" >"$tmp/p1.json"
sed -e 's/^    "dut_sha256": [^,]*,$/    "dut_sha256": "aa99",/' -e 's/^    "commit": [^,]*,$/    "commit": "c0ffee",/' \
    "$REF" >"$tmp/p2.json"
awk '/^  "provenance": [{]/ { skip = 1 } !skip { print } skip && /^  [}],?$/ { skip = 0 }' \
    "$tmp/p1.json" >"$tmp/p0.json"
status provenance 0 "$R" diff --fail-on changes "$tmp/p1.json" "$tmp/p2.json"
has provenance "$tmp/out" "  provenance.dut_sha256: aa11 -> aa99"
lacks provenance "$tmp/out" "provenance.commit"
status provenance-absent 0 "$R" diff "$tmp/p0.json" "$tmp/p2.json"
has provenance-absent "$tmp/out" "  provenance.commit: (absent) -> c0ffee"
has provenance-absent "$tmp/out" "  provenance.dut_sha256: (absent) -> aa99"
status provenance-removed 0 "$R" diff "$tmp/p1.json" "$tmp/p0.json"
has provenance-removed "$tmp/out" "  provenance.commit: c0ffee -> (absent)"
lacks provenance-recipe "$tmp/out" "vectors_recipe"

# ---- hostile text in the files reaches the terminal escaped --------------------------------
sed 's/"id": "p9.sw.soc.switch.r2"/"id": "p9.sw.soc.switch.r2\\n\\u001b[2Jfake: pass -> pass"/' "$BRK" >"$tmp/hostile.json"
status hostile 1 "$R" diff "$REF" "$tmp/hostile.json"
if grep -q "$(printf '\033')" "$tmp/out"; then bad hostile "an ESC byte reached the output"; else good; fi
has hostile "$tmp/out" 'vector p9.sw.soc.switch.r2\n\x1b[2Jfake: pass -> pass: (absent) -> fail (new vector)'

# ---- inputs that are not (whole) results files: exit 3, FILE:LINE:COLUMN ---------------------
head -c 2000 "$REF" >"$tmp/trunc.json"
status truncated 3 "$R" diff "$REF" "$tmp/trunc.json"
has truncated "$tmp/err" "trunc.json:"
if grep -qE 'trunc\.json:[0-9]+:[0-9]+: end of input inside' "$tmp/err"; then good; else
    bad truncated "no 'trunc.json:L:C: end of input inside'"; cat "$tmp/err"; fi
sed '5s/: /; /' "$REF" >"$tmp/syntax.json"
status syntax 3 "$R" diff "$tmp/syntax.json" "$REF"
has syntax "$tmp/err" "syntax.json:5:16: expected ':' after the member name, found ';'"
printf '{"a": 1,}\n' >"$tmp/comma.json"
status trailing-comma 3 "$R" diff "$REF" "$tmp/comma.json"
has trailing-comma "$tmp/err" "comma.json:1:9: expected a member name (a string), found '}'"
printf '{"a": 1}\n' >"$tmp/other.json"
status not-riocheck 3 "$R" diff "$REF" "$tmp/other.json"
has not-riocheck "$tmp/err" "other.json:1:1: not a riocheck results file: no \"format\""
printf '[1, 2]\n' >"$tmp/array.json"
status not-object 3 "$R" diff "$tmp/array.json" "$REF"
has not-object "$tmp/err" "array.json:1:1: not a riocheck results file: the JSON value is a array"
printf '{"format": "riocheck-results-1", "overall": "pass", "rules": []}' >"$tmp/novec.json"
status no-vectors 3 "$R" diff "$REF" "$tmp/novec.json"
has no-vectors "$tmp/err" 'novec.json:1:1: not a riocheck results file: no "vectors" array'
sed '0,/"verdict": "pass"/s//"verdict": "passed"/' "$REF" >"$tmp/verdict.json"
status bad-verdict 3 "$R" diff "$REF" "$tmp/verdict.json"
if grep -qE 'verdict\.json:[0-9]+:18: vectors\[0\]: unknown verdict "passed"' "$tmp/err"; then good; else
    bad bad-verdict "message"; cat "$tmp/err"; fi
sed 's/"id": "p9.sw.soc.switch.r3"/"id": "p9.sw.soc.switch.r2"/' "$REF" >"$tmp/dup.json"
status duplicate-id 3 "$R" diff "$REF" "$tmp/dup.json"
has duplicate-id "$tmp/err" 'id "p9.sw.soc.switch.r2" listed twice'
printf '{"format": "riocheck-results-1", "x": "\377"}' >"$tmp/utf8.json"
status bad-utf8 3 "$R" diff "$tmp/utf8.json" "$REF"
has bad-utf8 "$tmp/err" "utf8.json:1:40: invalid UTF-8 (byte 0xFF) inside a string"
: >"$tmp/empty.json"
status empty 3 "$R" diff "$tmp/empty.json" "$REF"
has empty "$tmp/err" "empty.json:1:1: empty input: no JSON value"
status missing 3 "$R" diff "$REF" "$tmp/no-such.json"
has missing "$tmp/err" "no-such.json: No such file or directory"
status folder 3 "$R" diff "$tmp" "$REF"
has folder "$tmp/err" ": Is a directory"

# ---- usage errors: exit 2 -------------------------------------------------------------------------
status usage-option 2 "$R" diff --bogus "$REF" "$BRK"
has usage-option "$tmp/err" "riocheck diff: option '--bogus' is unknown"
status usage-one-file 2 "$R" diff "$REF"
status usage-three-files 2 "$R" diff "$REF" "$BRK" "$REF"
status usage-fail-on 2 "$R" diff --fail-on everything "$REF" "$BRK"
status usage-fail-on-missing 2 "$R" diff "$REF" "$BRK" --fail-on
status usage-json-quiet 2 "$R" diff --json --quiet "$REF" "$BRK"
# help: the command's own and the top-level list
status help 0 "$R" diff --help
has help "$tmp/out" "Exit status: 0 no regression"
status help-cmd 0 "$R" help diff
has help-cmd "$tmp/out" "Usage: riocheck diff [options] OLD.json NEW.json"
status help-top 0 "$R" --help
has help-top "$tmp/out" "  diff OLD.json NEW.json"

echo "diff_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
