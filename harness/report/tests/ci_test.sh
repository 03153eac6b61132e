#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# ci_test.sh - the results as CI systems read them (docs/ci.md):
#   - results.xml against the JUnit attributes Jenkins (xUnit's junit-10.xsd)
#     and GitLab read and the Ant JUnit.xsd requires: every element where its
#     schema puts it, only the attributes junit-10.xsd allows, every one the
#     Ant schema requires, their forms (timestamp without a zone, integer
#     counts, decimal times), counts that add up per suite, properties first
#     and system-out/system-err last in a suite; well-formed
#     (BUILD/VARIANT/hostile/xmlcheck);
#   - results.json against docs/results.schema.json (BUILD/VARIANT/tests/
#     schemacheck): a run of the built-in reference, of a broken example
#     (bad-cs64-bit-order) and of that example with waivers conform; broken
#     copies (a verdict out of the enum, a member the schema lacks, a
#     required one missing, a line as a string, a negative count, a started
#     time with an offset) do not; a schema keyword the checker does not
#     know is an error, not a pass;
#   - results.tsv: its header line, six cells on every line, and vector
#     files named relative to --root exactly as results.json names them,
#     also with --root given as an absolute path from another folder.
# Every checker is first shown to reject what it is there to catch.
# Environment: RIOCHECK (the riocheck binary; lib/, hostile/ and tests/ are
# found beside its folder), SWEEP_STRIDE (default 1). Run from the
# repository root. Ends with "ci_test: N passed, N failed".

R=${RIOCHECK:?set RIOCHECK to the riocheck binary}
BIN=$(cd "$(dirname "$R")" && pwd)
R=$BIN/$(basename "$R")
LIB=$BIN/../lib
XMLCHECK=$BIN/../hostile/xmlcheck
SCHEMACHECK=$BIN/../tests/schemacheck
SCHEMA=$(pwd)/docs/results.schema.json
STRIDE=${SWEEP_STRIDE:-1}
ROOT=$(pwd)
pass=0; fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
check() { # check WHAT COMMAND...: passes when COMMAND succeeds
    what=$1; shift
    if "$@" >"$tmp/out" 2>&1; then ok; else bad "$what"; sed 's/^/  /' "$tmp/out" | head -n 8; fi
}
refuse() { # refuse WHAT COMMAND...: passes when COMMAND fails (status 1)
    what=$1; shift
    "$@" >"$tmp/out" 2>&1; st=$?
    if [ "$st" -eq 1 ]; then ok; else bad "$what (status $st, want 1)"; sed 's/^/  /' "$tmp/out" | head -n 8; fi
}

for f in "$R" "$XMLCHECK" "$SCHEMACHECK" "$SCHEMA" "$LIB/riocheck-bad-cs64-bit-order.so"; do
    if [ ! -f "$f" ]; then
        echo "ci_test: $f missing (run from the repository root after make check's build)"
        echo "ci_test: 0 passed, 1 failed"
        exit 1
    fi
done

# --- the JUnit checker --------------------------------------------------------
# junit FILE: the structure above. The writer escapes '<' and '>' everywhere,
# so every '<' starts a tag and every tag ends at the next '>'.
junit() {
    "$XMLCHECK" "$1" || return 1
    awk 'BEGIN { RS = "<"; bad = 0; depth = 0
        allow["testsuites"] = " name tests failures errors time "
        need["testsuites"] = allow["testsuites"]
        allow["testsuite"] = " name tests failures errors skipped time timestamp hostname id package "
        need["testsuite"] = allow["testsuite"]
        allow["properties"] = " "; need["properties"] = " "
        allow["property"] = " name value "; need["property"] = allow["property"]
        allow["testcase"] = " classname name time "; need["testcase"] = allow["testcase"]
        allow["failure"] = " message type "; need["failure"] = " type "
        allow["error"] = allow["failure"]; need["error"] = need["failure"]
        allow["skipped"] = " message "; need["skipped"] = " "
        allow["system-out"] = " "; need["system-out"] = " "
        allow["system-err"] = " "; need["system-err"] = " "
        parent["testsuites"] = ""; parent["testsuite"] = "testsuites"
        parent["properties"] = "testsuite"; parent["property"] = "properties"
        parent["testcase"] = "testsuite"; parent["failure"] = "testcase"
        parent["error"] = "testcase"; parent["skipped"] = "testcase"
        parent["system-out"] = "testsuite testcase"; parent["system-err"] = "testsuite testcase"
    }
    function problem(what) { print "results.xml: <" name ">: " what; bad = 1 }
    function closed(el) {
        if (el == "testsuite") {
            if (kids["testcase"] + 0 != v_tests + 0 || kids["failure"] + 0 != v_failures + 0 ||
                kids["error"] + 0 != v_errors + 0 || kids["skipped"] + 0 != v_skipped + 0)
                { name = el; problem("counts " v_tests "/" v_failures "/" v_errors "/" v_skipped \
                   " but " kids["testcase"] + 0 "/" kids["failure"] + 0 "/" kids["error"] + 0 "/" kids["skipped"] + 0) }
            all_tests += kids["testcase"]; all_fail += kids["failure"]; all_err += kids["error"]
        }
    }
    NR == 1 || /^[?!]/ { next }
    /^\// { el = substr($0, 2); sub(/>.*/, "", el); depth--; closed(el); next }
    {
        tag = $0; sub(/>.*/, "", tag); self = tag ~ /\/$/; sub(/\/$/, "", tag)
        name = tag; sub(/[ \t\n].*/, "", name)
        if (!(name in allow)) { problem("not a JUnit element"); next }
        up = depth > 0 ? stack[depth] : ""
        if (up == "" ? parent[name] != "" : index(" " parent[name] " ", " " up " ") == 0)
            problem("inside <" up ">")
        if (name == "testsuite") { split("", kids); phase = 0 }
        if (up == "testsuite") {
            p = name == "properties" ? 1 : name == "testcase" ? 2 : 3
            if (p < phase) problem("out of order (properties, testcases, system-out/err)")
            phase = p
        }
        if (name == "testcase" || name == "failure" || name == "error" || name == "skipped") kids[name]++
        split("", seen); rest = tag
        while (match(rest, /[A-Za-z_:-]+="[^"]*"/)) {
            a = substr(rest, RSTART, RLENGTH); rest = substr(rest, RSTART + RLENGTH)
            an = a; sub(/=.*/, "", an); av = a; sub(/^[^=]*="/, "", av); sub(/"$/, "", av)
            seen[an] = 1
            if (index(allow[name], " " an " ") == 0) problem("attribute " an " (the schemas reject it)")
            if (an ~ /^(tests|failures|errors|skipped|id)$/ && av !~ /^[0-9]+$/) problem(an "=\"" av "\" is not an integer")
            if (an == "time" && av !~ /^[0-9]+(\.[0-9]+)?$/) problem("time=\"" av "\" is not a decimal")
            if (an == "timestamp" && av !~ /^[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]$/)
                problem("timestamp=\"" av "\" is not ISO 8601 without a zone")
            if ((an == "hostname" || an == "name" || an == "package" || an == "type") && av == "") problem(an " is empty")
            if (name == "testsuite") { if (an == "tests") v_tests = av; if (an == "failures") v_failures = av
                                       if (an == "errors") v_errors = av; if (an == "skipped") v_skipped = av }
            if (name == "testsuites") { if (an == "tests") s_tests = av; if (an == "failures") s_fail = av
                                        if (an == "errors") s_err = av }
        }
        n = split(need[name], req, " ")
        for (i = 1; i <= n; i++) if (!(req[i] in seen)) problem("no " req[i] " (required)")
        if (!self) stack[++depth] = name
        else closed(name)
        if (name == "testsuites") roots++
    }
    END {
        if (roots != 1) { print "results.xml: " roots + 0 " <testsuites>"; bad = 1 }
        if (s_tests + 0 != all_tests + 0 || s_fail + 0 != all_fail + 0 || s_err + 0 != all_err + 0) {
            print "results.xml: <testsuites> counts " s_tests "/" s_fail "/" s_err " but the suites add up to " all_tests "/" all_fail "/" all_err; bad = 1 }
        exit bad
    }' "$1"
}

# tsv OUT: results.tsv's header line, six cells per line, the vector files
# as results.json names them (relative to --root, never ./...)
tsv() {
    want=$(printf '# id\tverdict\trules\tfile:line\tdetail\tfailed_rules')
    [ "$(head -n 1 "$1/results.tsv")" = "$want" ] || { echo "$1/results.tsv: first line is not the header"; return 1; }
    awk -F'\t' 'NF != 6 { print FILENAME ":" NR ": " NF " cells"; bad = 1 }
                !/^#/ && $4 ~ /^\.\// { print FILENAME ":" NR ": " $4 " starts with ./"; bad = 1 }
                END { exit bad }' "$1/results.tsv" || return 1
    grep -v '^#' "$1/results.tsv" | cut -f4 | sed 's/:[0-9]*$//' | sort -u > "$tmp/tsv.files"
    awk '/^  "vectors": \[/ { v = 1 } /^  "rules": \[/ { v = 0 } v && /^      "file": "/' "$1/results.json" |
        sed 's/^      "file": "//; s/",$//' | sort -u > "$tmp/json.files"
    [ -s "$tmp/tsv.files" ] || { echo "$1/results.tsv: no rows"; return 1; }
    cmp -s "$tmp/tsv.files" "$tmp/json.files" || {
        echo "$1: results.tsv and results.json name the vector files differently:"
        diff "$tmp/tsv.files" "$tmp/json.files" | head -n 6; return 1; }
}

# --- the checkers reject what they are there to catch ---------------------------
cat > "$tmp/good.xml" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="riocheck" tests="2" failures="1" errors="0" time="0.5">
  <testsuite name="s" tests="2" failures="1" errors="0" skipped="0" time="0.5" timestamp="2024-05-01T12:00:00" hostname="h" id="0" package="riocheck">
    <properties>
      <property name="tool" value="riocheck"/>
    </properties>
    <testcase classname="s" name="a" time="0.1"/>
    <testcase classname="s" name="b" time="0.4">
      <failure message="m" type="fail">vectors/x.vec:3: m</failure>
    </testcase>
    <system-out/>
    <system-err/>
  </testsuite>
</testsuites>
EOF
check junit_checker_accepts_a_good_file junit "$tmp/good.xml"
xml_variant() { # xml_variant NAME SED: a copy of good.xml the checker must refuse
    sed "$2" "$tmp/good.xml" > "$tmp/$1.xml"
    if junit "$tmp/$1.xml" >/dev/null 2>&1; then bad "junit checker accepts $1"; else ok; fi
}
xml_variant testcase_file 's/name="a" time/name="a" file="vectors\/x.vec" time/'
xml_variant testcase_line 's/name="a" time/name="a" line="3" time/'
xml_variant testsuites_skipped 's/errors="0" time="0.5">$/errors="0" skipped="0" time="0.5">/'
xml_variant timestamp_with_zone 's/12:00:00"/12:00:00Z"/'
xml_variant no_hostname 's/ hostname="h"//'
xml_variant no_id 's/ id="0"//'
xml_variant no_package 's/ package="riocheck"//'
xml_variant no_suite_skipped 's/ skipped="0" time/ time/'
xml_variant wrong_count 's/tests="2" failures="1" errors="0" skipped/tests="3" failures="1" errors="0" skipped/'
xml_variant failure_without_type 's/ type="fail"//'
xml_variant properties_after_cases '/<properties>/,/<\/properties>/d; s/<system-out\/>/<properties><property name="a" value="b"\/><\/properties>/'
xml_variant not_well_formed 's/<\/testcase>//'

check schemacheck_rejects_an_unknown_keyword sh -c '
    sed "s/\"minLength\": 1}/\"minLength\": 1, \"maxLength\": 9}/" "$1" > "$2/s.json"
    printf "{}\n" > "$2/d.json"
    "$3" "$2/s.json" "$2/d.json"; [ $? -eq 2 ]' sh "$SCHEMA" "$tmp" "$SCHEMACHECK"
check schemacheck_rejects_a_malformed_document sh -c '
    printf "{\"format\": }\n" > "$2/m.json"; "$3" "$1" "$2/m.json"; [ $? -eq 2 ]' sh "$SCHEMA" "$tmp" "$SCHEMACHECK"

# --- the runs -----------------------------------------------------------------
# run NAME ARGS...: riocheck run into $tmp/NAME (exit 0, 1 or 4 are results)
run() {
    n=$1; shift
    "$R" run --sweep-stride "$STRIDE" --out "$tmp/$n" "$@" > "$tmp/$n.tap" 2>"$tmp/$n.err"
    st=$?
    if [ "$st" -ne 0 ] && [ "$st" -ne 1 ] && [ "$st" -ne 4 ]; then
        bad "run $n: exit status $st"; head -n 5 "$tmp/$n.err"; return 1
    fi
    return 0
}
BROKEN="--dut $LIB/riocheck-bad-cs64-bit-order.so"
run reference
run broken $BROKEN
printf 'p12.cs64.*  CS64 bit order erratum (ci_test)\nP12-3.1-*  the CS48 rules it shares (ci_test)\n' > "$tmp/waivers"
run waived $BROKEN --waivers "$tmp/waivers"
# --root as an absolute path, from another folder
mkdir -p "$tmp/elsewhere"
( cd "$tmp/elsewhere" && "$R" run --root "$ROOT" --suite p12-cs64 --sweep-stride "$STRIDE" \
      --out "$tmp/rooted" > "$tmp/rooted.tap" 2>"$tmp/rooted.err" )
st=$?; [ "$st" -eq 0 ] || [ "$st" -eq 4 ] || bad "run rooted: exit status $st"

check broken_run_has_failures grep -q '"fail": [1-9]' "$tmp/broken/results.json"
check waived_run_has_waivers grep -q '"waivers": \[' "$tmp/waived/results.json"
check waived_run_has_waived_vectors grep -q '"verdict": "waived"' "$tmp/waived/results.json"
for n in reference broken waived rooted; do
    check "${n}_results_xml_is_junit" junit "$tmp/$n/results.xml"
    check "${n}_results_json_conforms" "$SCHEMACHECK" "$SCHEMA" "$tmp/$n/results.json"
    check "${n}_results_tsv_header_and_paths" tsv "$tmp/$n"
done
check waived_junit_skips_waived_vectors grep -q '<skipped message="waived: ' "$tmp/waived/results.xml"
check rooted_paths_are_relative_to_root grep -q '	vectors/p12/cs64.vec:[0-9]*	' "$tmp/rooted/results.tsv"

# --- broken copies of a real results.json must not conform ----------------------
J=$tmp/waived/results.json
json_variant() { # json_variant NAME SED
    sed "$2" "$J" > "$tmp/$1.json"
    if cmp -s "$J" "$tmp/$1.json"; then bad "json variant $1 changed nothing"; return; fi
    refuse "schema_rejects_$1" "$SCHEMACHECK" "$SCHEMA" "$tmp/$1.json"
}
json_variant verdict_out_of_enum '0,/"verdict": "waived"/s//"verdict": "waive"/'
json_variant extra_member '0,/"checks": /s//"extra": 1, "checks": /'
json_variant missing_required '/^  "overall": /d'
json_variant line_as_string '0,/"line": \([0-9]*\)/s//"line": "\1"/'
json_variant negative_count '0,/"rules_applicable": [0-9]*/s//"rules_applicable": -1/'
json_variant started_with_offset 's/"started": "\([^"]*\)Z"/"started": "\1+02:00"/'
json_variant wrong_format 's/"riocheck-results-1"/"riocheck-results-2"/'
json_variant waiver_stale_not_boolean '0,/"stale": \(true\|false\)/s//"stale": 0/'
json_variant bad_sha256 's/"vectors_sha256": "[0-9a-f]*"/"vectors_sha256": "xyz"/'

echo "ci_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
