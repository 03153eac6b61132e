#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# escape_test.sh - hostile text in every output of `riocheck run` (issue 11
# items 2 and 15) and one version number everywhere:
#   - a DUT (escape_dut.c, built here) whose name and version carry
#     newlines followed by TAP lines, a '#' directive, TAB, CR, control
#     bytes, an invalid UTF-8 byte, a BOM, U+2028 and XML/Markdown markup,
#     run on vectors in a folder whose name holds a TAB and a newline: the
#     TAP stream keeps one version line, one plan and exactly its test
#     lines, no bail-out and no control character; results.tsv keeps six
#     columns; the reproducer parses and fails again; JSON, XML and Markdown
#     hold the texts escaped as text.h says (checked byte for byte here,
#     and with jq and xmllint when they are installed);
#   - an unknown result code (12345) is shown as the number, RC_LOST (-90)
#     as RC_LOST, not as a failed process;
#   - 300 stale waivers are all listed, in the TAP, the JSON and Markdown;
#   - riocheck --version and --help, riocheck-shim --version, the built-in
#     reference's version and the tool of every report say RIO_VERSION of
#     reference/include/rio/version.h.
# The expected texts are written from the contract of harness/report/text.h.
# Needs RIOCHECK (the riocheck binary; riocheck-shim is found beside it) and
# a C compiler (CC, default cc). Ends with "escape_test: N passed, N failed".
T=escape_test; . "$(dirname "$0")/testlib.sh"

lib=$tmp/escape.so
build_dut "$lib" harness/cli/tests/escape_dut.c

# --- the vectors, in a folder named with a TAB and a newline ----------------
# Part 12 rev 4.1 3.1 Table 3-1: stype2 0x200N with RX group width 0 is CMD
# 1, status N, group 0. The DUT answers 0x2001 right and the others wrong.
dir="$tmp/d	tab
nl"
mkdir -p "$dir" || exit 3
vf=$dir/esc.vec
for i in 1 2 3 4; do
    printf 'vector esc.v%s\nrules    P12-3.1-b\nrev      p12r3\nneeds    codec\n' "$i"
    printf 'cite     Part 12 rev 4.1 3.1 Table 3-1\nmachine  codec\n'
    printf 'do       stype2_decode rev=3 width=0 value=0x200%s\n' "$i"
    printf 'expect   voq_msg kind=backpressure group_width=0 status_width=13 group=0 status=0x%s first_port=0\nend\n' "$i"
done >"$vf"
# the escaped forms of the path (text.h): one-line text and TSV cell
vf_line="$tmp/d\\ttab\\nnl/esc.vec"

out=$tmp/out
"$R" run --root "$root" --dut "$lib" --vectors "$vf" --out "$out" >"$tmp/tap" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 1 ] && ok || bad "hostile name run: exit $rc, want 1 (fail): $(head -3 "$tmp/err")"

# --- TAP ------------------------------------------------------------------------
tap=$tmp/tap
[ "$(grep -c '^TAP version' "$tap")" = 1 ] && ok || bad "TAP: not one version line"
[ "$(grep -cE '^1\.\.[0-9]+$' "$tap")" = 1 ] && ok || bad "TAP: not one plan: $(grep -E '^1\.\.' "$tap" | tr '\n' ' ')"
grep -qx '1\.\.4' "$tap" && ok || bad "TAP: the plan is not 1..4"
# the test lines are exactly 1..4, in order
nums=$(sed -nE 's/^(not )?ok ([0-9]+)( .*)?$/\2/p' "$tap" | tr '\n' ' ')
[ "$nums" = "1 2 3 4 " ] && ok || bad "TAP: test lines '$nums', want '1 2 3 4 '"
grep -q '^Bail out!' "$tap" && bad "TAP: a Bail out! line" || ok
# every line is a TAP line riocheck writes (no injected one)
stray=$(grep -avE '^(TAP version 13|1\.\.4|(not )?ok [1-4] - esc\.v[1-4] |  # |# |run: )' "$tap")
[ -z "$stray" ] && ok || bad "TAP: lines riocheck does not write: $(printf '%s' "$stray" | head -3)"
LC_ALL=C tr -d '\n' <"$tap" | LC_ALL=C grep -q '[[:cntrl:]]' && bad "TAP: a control character" || ok
# the name and version as one-line text: \n \t \r \xHH \u escapes, '#' kept
has tap_dut_line "$tap" '# DUT: escape-dut\nnot ok 1 - injected by the name\n1..1\nBail out! injected # TODO\ttab\rcr\x01\x1b[31m \xff \ufeff \u2028 ]]> <b>&amp; |a|b| `x` '"'q'"' "q" 1\n# overall: pass\nok 99 - injected by the version\r\n via --dut '
has tap_path "$tap" "  # fail at $vf_line:16, fails P12-3.1-b: "
# item 15: the unknown code as a number, RC_LOST as RC_LOST
has tap_unknown_result "$tap" "result 12345 (not an ABI result code), expected ok"
has tap_lost "$tap" "  # error at $vf_line:"
has tap_lost "$tap" "RC_LOST (-90)"
hasnt tap_lost_not_a_process "$tap" "process failed"
hasnt tap_no_question_mark "$tap" "result ?"

# --- results.tsv -----------------------------------------------------------------
tsv=$out/results.tsv
[ "$(grep -vc '^#' "$tsv")" -eq 4 ] && ok || bad "results.tsv: $(grep -vc '^#' "$tsv") rows, want 4"
awk -F '\t' 'NF != 6 { bad = 1 } END { exit bad }' "$tsv" && ok || bad "results.tsv: a row without 6 columns"
LC_ALL=C tr -d '\n\t' <"$tsv" | LC_ALL=C grep -q '[[:cntrl:]]' && bad "results.tsv: a control character" || ok
has tsv_path "$tsv" "esc.v2	fail	P12-3.1-b	$vf_line:16	"
has tsv_unknown "$tsv" "result 12345 (not an ABI result code)"

# --- the reproducer --------------------------------------------------------------
rep=$out/repro/esc.v2.vec
if [ -f "$rep" ]; then
    ok
    [ "$(grep -vc '^#\|^$\|^[a-z]' "$rep")" = 0 ] && ok || bad "reproducer: stray lines"
    has repro_dut "$rep" '# DUT: escape-dut\nnot ok 1 - injected by the name\n1..1\nBail out! '
    has repro_from "$rep" "(from $vf_line:10)"
    "$R" run --root "$root" --list --vectors "$rep" >"$tmp/list" 2>&1 && ok ||
        bad "reproducer does not parse: $(head -3 "$tmp/list")"
    "$R" run --root "$root" --dut "$lib" --vectors "$rep" --no-reports >"$tmp/rerun" 2>&1
    rrc=$?
    [ "$rrc" -eq 1 ] && grep -q '^not ok 1 - esc.v2 ' "$tmp/rerun" && ok ||
        bad "reproducer does not fail again (exit $rrc)"
else
    bad "no reproducer $rep"
fi
# the rerun lines are shell words: read by the shell, the one of TAP (the
# same as compliance.md's) names the vector and the DUT, the reproducer's
# "rerun this file" the reproducer (absolute paths: any folder)
# (--vectors through bash, which reads the $'...' words text.h RC_ESC_SH
# writes for control characters, as bytes in hex)
rerun_words() { # LINE: sets rp (program), rv (--vectors), ri (--vector), rd (--dut), rdata
    line=$1
    eval "set -- $1"
    rp=$1; rv=; ri=; rd=; rdata=
    while [ $# -gt 1 ]; do
        case $1 in --vector) ri=$2 ;; --dut) rd=$2 ;; --data) rdata=$2 ;; esac
        shift
    done
    rv=$(bash -c 'eval "set -- $1"; v=
        while [ $# -gt 1 ]; do case $1 in --vectors) v=$2 ;; esac; shift; done
        printf "%s" "$v" | od -An -tx1' sh "$line")
}
rerun_words "$(sed -n 's/^  # rerun: //p' "$tap" | head -1)"
rlib=$(cd "$(dirname "$lib")" && pwd -P)/$(basename "$lib")
rroot=$(cd "$root" && pwd -P)
rvf=$(printf "%s" "$(cd "$(dirname "$vf")" && pwd -P)/$(basename "$vf")" | od -An -tx1)
[ "$ri" = esc.v2 ] && [ "$rd" = "$rlib" ] && [ "$rdata" = "$rroot" ] && [ "$rv" = "$rvf" ] && ok ||
    bad "TAP rerun line is not the shell words '--data ROOT --vectors FILE --vector esc.v2 --dut LIB': $rp $rdata $ri $rd $rv"
[ -x "$rp" ] && [ "$(cd / && "$rp" --version)" = "$("$R" --version)" ] && ok ||
    bad "TAP rerun line does not start with this riocheck's path: $rp"
grep -qxF "  - rerun: \`$(sed -n 's/^  # rerun: //p' "$tap" | head -1)\`" "$out/compliance.md" && ok ||
    bad "compliance.md's rerun line is not TAP's"
if [ -f "$rep" ]; then
    grep -qxF "# rerun: $(sed -n 's/^  # rerun: //p' "$tap" | head -1)" "$rep" && ok ||
        bad "the reproducer's rerun line is not TAP's"
    rerun_words "$(sed -n 's/^# rerun this file: //p' "$rep")"
    [ "$rv" = "$(printf %s "$(cd "$out/repro" && pwd -P)/esc.v2.vec" | od -An -tx1)" ] && [ "$ri" = esc.v2 ] && [ "$rd" = "$rlib" ] && ok ||
        bad "the reproducer's own rerun line is not '--vectors REPRO --vector esc.v2 --dut LIB': $rv $ri $rd"
    # from another folder, as the shell reads it
    (cd / && eval "$(sed -n 's/^# rerun this file: //p' "$rep") --no-reports") >"$tmp/rerun2" 2>&1
    [ $? -eq 1 ] && grep -q '^not ok 1 - esc.v2 ' "$tmp/rerun2" && ok ||
        bad "the reproducer's rerun line, run in /, does not fail again: $(tail -3 "$tmp/rerun2")"
fi

# --- --list: three TSV cells a line ----------------------------------------------
"$R" run --root "$root" --list --vectors "$vf" >"$tmp/list" 2>&1
awk -F '\t' 'NF != 3 { bad = 1 } END { exit bad }' "$tmp/list" && ok || bad "--list: a line without 3 cells"

# --- JSON, XML, Markdown ---------------------------------------------------------
json=$out/results.json
has json_name "$json" '"name": "escape-dut\nnot ok 1 - injected by the name\n1..1\nBail out! injected # TODO\ttab\rcr\u0001\u001b[31m \ufffd '
has json_version "$json" '"version": "1\n# overall: pass\nok 99 - injected by the version\r\n"'
has json_file "$json" "\"file\": \"$tmp/d\\ttab\\nnl/esc.vec\""
has json_unknown "$json" '12345 (not an ABI result code)'
if command -v jq >/dev/null 2>&1; then
    jq -e . "$json" >/dev/null 2>&1 && ok || bad "results.json: jq cannot parse it"
    n=$(jq -r '.dut.name' "$json" | head -1)
    [ "$n" = "escape-dut" ] && ok || bad "results.json: jq reads the name's first line as '$n'"
fi
xml=$out/results.xml
has xml_name "$xml" 'name="dut_name" value="escape-dut&#10;not ok 1 - injected by the name&#10;1..1&#10;Bail out! injected # TODO&#9;tab&#13;cr'
has xml_markup "$xml" ']]&gt; &lt;b&gt;&amp;amp; |a|b| `x` &apos;q&apos; &quot;q&quot;'
if command -v xmllint >/dev/null 2>&1; then
    xmllint --noout "$xml" 2>"$tmp/xmllint" && ok || bad "results.xml: xmllint: $(head -3 "$tmp/xmllint")"
fi
md=$out/compliance.md
has md_device "$md" '| Device | escape-dut not ok 1 - injected by the name 1..1 Bail out! injected # TODO tab cr'
has md_markup "$md" '\]\]&gt; &lt;b&gt;&amp;amp; \|a\|b\| \`x\`'
grep -qE '^(not ok|ok [0-9]|1\.\.1|Bail out!)' "$md" && bad "compliance.md: an injected line" || ok

# --- every stale waiver is listed ------------------------------------------------
i=0
while [ $i -lt 300 ]; do
    echo "esc.none.$i  matches nothing: stale waiver $i"
    i=$((i + 1))
done >"$dir/w.txt"
"$R" run --root "$root" --dut "$lib" --vectors "$vf" --waivers "$dir/w.txt" --out "$tmp/w" \
    >"$tmp/wtap" 2>&1
[ "$(grep -c '^# stale waiver ' "$tmp/wtap")" = 300 ] && ok ||
    bad "TAP lists $(grep -c '^# stale waiver ' "$tmp/wtap") of 300 stale waivers"
has tap_stale_path "$tmp/wtap" "# stale waiver $tmp/d\\ttab\\nnl/w.txt:300: esc.none.299 "
[ "$(grep -c '"stale": true' "$tmp/w/results.json")" = 300 ] && ok ||
    bad "results.json: $(grep -c '"stale": true' "$tmp/w/results.json") of 300 stale"
[ "$(grep -c '^| `esc.none.' "$tmp/w/compliance.md")" = 300 ] && ok ||
    bad "compliance.md: $(grep -c '^| `esc.none.' "$tmp/w/compliance.md") of 300 stale"

# --- selfcheck: a known-answer file under the same path ---------------------------
cp vectors/selfcheck/known-answers.txt "$dir/ka.txt" || exit 3
"$R" selfcheck --vectors "$dir/ka.txt" --report "$tmp/sc.md" >"$tmp/sctap" 2>&1
src=$?
[ "$src" -eq 0 ] && ok || bad "selfcheck: exit $src"
nka=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$tmp/sctap")
[ "$(grep -c "^ok [0-9]* - $tmp/d\\\\ttab\\\\nnl/ka.txt:" "$tmp/sctap")" = "$nka" ] && ok ||
    bad "selfcheck TAP: not $nka test lines naming the escaped path"
stray=$(grep -avE '^(TAP version 13|1\.\.[0-9]+|ok [0-9]+ - |selfcheck: |report: )' "$tmp/sctap")
[ -z "$stray" ] && ok || bad "selfcheck TAP: stray lines: $(printf '%s' "$stray" | head -3)"
has selfcheck_md "$tmp/sc.md" "Known answers: \`$tmp/d tab nl/ka.txt\` ("

# --- one version ------------------------------------------------------------------
v=$(sed -n 's/^#define RIO_VERSION "\([^"]*\)".*/\1/p' reference/include/rio/version.h)
[ -n "$v" ] && ok || bad "no RIO_VERSION in reference/include/rio/version.h"
[ "$("$R" --version)" = "riocheck $v" ] && ok || bad "riocheck --version: '$("$R" --version)', want 'riocheck $v'"
"$R" --help | head -1 | grep -qF "riocheck $v " && ok || bad "riocheck --help does not say riocheck $v"
[ "$("$SHIM" --version 2>&1)" = "riocheck-shim $v" ] && ok ||
    bad "riocheck-shim --version: '$("$SHIM" --version 2>&1)', want 'riocheck-shim $v'"
has json_tool "$json" "\"tool\": \"riocheck $v\""
has xml_tool "$xml" "name=\"tool\" value=\"riocheck $v\""
has md_tool "$md" "| Tool | riocheck $v |"
"$R" run --root "$root" --vectors "$vf" --vector esc.v1 --no-reports >"$tmp/ref" 2>&1
has reference_version "$tmp/ref" "# DUT: riocheck reference $v (built-in)"

finish
