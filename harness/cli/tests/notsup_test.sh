#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# notsup_test.sh - a partial decline with a reason (riocheck/dut.h:
# rc_dut.why_notsup, capability why_notsup; issue 13):
#   - a DUT (harness/core/tests/notsup_dut.c, built here) that declares
#     why_notsup answers RC_NOTSUP to a step and to a create with a one-line
#     reason: in every transport - the library in riocheck's process
#     (--no-isolation), in the isolated worker (--dut), and through the
#     external-process protocol (--dut-cmd riocheck-shim --dut LIB) - the
#     vector is not-applicable and its detail in results.json ends with
#     "; the DUT says: REASON";
#   - a hostile reason (quotes, backslashes, newlines followed by TAP lines,
#     <script>, ]]>, markup, CR and control bytes, then 10 kB) is cut to 200
#     bytes, its control characters replaced, and every output stays what it
#     is: TAP keeps its plan and test lines, results.json parses (jq, and
#     docs/results.schema.json with BUILD/VARIANT/tests/schemacheck when
#     built), results.xml is well-formed (xmllint when installed) and holds
#     no raw markup, results.tsv keeps 6 cells a line, compliance.html holds
#     no injected <script>;
#   - a library built before why_notsup (-DNOTSUP_DUT_SHORT: no capability,
#     a struct rc_dut that ends at why_lost right before an inaccessible
#     page) is never read past its end in any transport: same verdicts, no
#     reason, no crash.
# Environment: RIOCHECK (riocheck-shim is beside it), CC (default cc).
# Run from anywhere. Ends with "notsup_test: N passed, N failed".
T=notsup_test; . "$(dirname "$0")/testlib.sh"
SCHEMACHECK=$BIN/../tests/schemacheck

build_dut "$tmp/why.so" harness/core/tests/notsup_dut.c
build_dut "$tmp/short.so" harness/core/tests/notsup_dut.c -DNOTSUP_DUT_SHORT

vf=$tmp/ns.vec
cat >"$vf" <<'EOF'
# Part 12 rev 4.1 3.1 Table 3-1: stype2 0x2001 with RX group width 0 is
# CMD 1, status 1, group 0. The DUT declines every other value.
vector ns.pass
rules    P12-3.1-b
rev      p12r3
needs    codec stype2
cite     Part 12 rev 4.1 3.1 Table 3-1
machine  codec
do       stype2_decode rev=3 width=0 value=0x2001
expect   voq_msg kind=backpressure group_width=0 status_width=13 group=0 status=0x1 first_port=0
end
vector ns.step
rules    P12-3.1-b
rev      p12r3
needs    codec stype2
cite     Part 12 rev 4.1 3.1 Table 3-1
machine  codec
do       stype2_decode rev=3 width=0 value=0x2002
expect   voq_msg kind=backpressure group_width=0 status_width=13 group=0 status=0x2 first_port=0
end
# a configuration the DUT declines (3 ports)
vector ns.create
rules    P9-4.2.2-a
rev      p9r3
needs    p9reg
cite     Part 9 rev 4.1 Table 4-2
machine  p9reg ports=3
do       car_read
expect   any
end
EOF

# run NAME TRANSPORT LIB [env...]: riocheck run into $tmp/NAME
run() {
    name=$1; tr=$2; lib=$3; shift 3
    case $tr in
    direct) set -- "$@" "$R" run --dut "$lib" --no-isolation ;;
    isolated) set -- "$@" "$R" run --dut "$lib" ;;
    cmd) set -- "$@" "$R" run --dut-cmd "$SHIM" --dut "$lib" -- ;;
    esac
    env "$@" --vectors "$vf" --out "$tmp/$name" >"$tmp/$name.tap" 2>"$tmp/$name.err"
    rc=$?
    # incomplete (4): the vectors cover few of the rules the profile has
    [ "$rc" -eq 4 ] && ok || bad "$name: exit $rc, want 4: $(head -3 "$tmp/$name.err")"
}

# detail NAME ID: the detail of vector ID in $tmp/NAME/results.json
detail() { jq -r --arg id "$2" '.vectors[] | select(.id == $id) | .detail' "$tmp/$1/results.json"; }
verdict() { jq -r --arg id "$2" '.vectors[] | select(.id == $id) | .verdict' "$tmp/$1/results.json"; }
if ! command -v jq >/dev/null 2>&1; then
    # without jq: the JSON string as written (the plain reasons need no escapes)
    detail() { sed -n "/\"id\": \"$2\"/,/\"detail\"/s/^ *\"detail\": \"\\(.*\\)\",\$/\\1/p" "$tmp/$1/results.json"; }
    verdict() { sed -n "/\"id\": \"$2\"/,/\"verdict\"/s/^ *\"verdict\": \"\\(.*\\)\",\$/\\1/p" "$tmp/$1/results.json"; }
fi

# --- 1. the reason, in every transport ----------------------------------------
for tr in direct isolated cmd; do
    run "plain-$tr" $tr "$tmp/why.so" NOTSUP_DUT_WHY=plain
    [ "$(verdict "plain-$tr" ns.pass)" = pass ] && ok || bad "$tr: ns.pass is $(verdict "plain-$tr" ns.pass)"
    for id in ns.step ns.create; do
        [ "$(verdict "plain-$tr" $id)" = not-applicable ] && ok ||
            bad "$tr: $id is $(verdict "plain-$tr" $id), want not-applicable"
    done
    d=$(detail "plain-$tr" ns.step)
    [ "$d" = "the DUT does not implement 'stype2_decode'; the DUT says: value 0x2002 is not supported" ] &&
        ok || bad "$tr: ns.step detail '$d'"
    d=$(detail "plain-$tr" ns.create)
    [ "$d" = "the DUT cannot be configured as this vector needs; the DUT says: p9reg with 3 ports is not supported" ] &&
        ok || bad "$tr: ns.create detail '$d'"
    grep -qF "# SKIP not applicable: the DUT does not implement 'stype2_decode'; the DUT says: value 0x2002 is not supported" \
        "$tmp/plain-$tr.tap" && ok || bad "$tr: the TAP line lacks the reason"
    # the external process says it on its notsup lines
    # a device that gives no reason (NULL): the detail as before
    run "none-$tr" $tr "$tmp/why.so" NOTSUP_DUT_WHY=none
    d=$(detail "none-$tr" ns.step)
    [ "$d" = "the DUT does not implement 'stype2_decode'" ] && ok || bad "$tr: no reason, detail '$d'"
done
# the protocol carries it: "done result=notsup TEXT", "error result=notsup TEXT"
"$R" run --dut-cmd "$SHIM" --dut "$tmp/why.so" -- --vectors "$vf" --no-reports \
    --transcript "$tmp/transcript" >/dev/null 2>&1
grep -qx '< done result=notsup value 0x2002 is not supported' "$tmp/transcript" && ok ||
    bad "transcript: no 'done result=notsup value 0x2002 is not supported'"
grep -qx '< error result=notsup p9reg with 3 ports is not supported' "$tmp/transcript" && ok ||
    bad "transcript: no 'error result=notsup p9reg with 3 ports is not supported'"
grep -q '^< caps .*why_notsup' "$tmp/transcript" && ok || bad "transcript: the shim does not declare why_notsup"

# --- 2. a hostile reason --------------------------------------------------------
for tr in direct isolated cmd; do
    n=hostile-$tr
    run "$n" $tr "$tmp/why.so" NOTSUP_DUT_WHY=hostile
    o=$tmp/$n
    # TAP: the plan and exactly three test lines, nothing injected
    [ "$(grep -c '^1\.\.' "$o.tap")" = 1 ] && grep -qx '1\.\.3' "$o.tap" && ok || bad "$n: TAP plan"
    nums=$(sed -nE 's/^(not )?ok ([0-9]+)( .*)?$/\2/p' "$o.tap" | tr '\n' ' ')
    [ "$nums" = "1 2 3 " ] && ok || bad "$n: TAP test lines '$nums'"
    grep -q '^Bail out!' "$o.tap" && bad "$n: a Bail out! line" || ok
    LC_ALL=C tr -d '\n' <"$o.tap" | LC_ALL=C grep -q '[[:cntrl:]]' && bad "$n: TAP control character" || ok
    # results.json parses; the reason is at most 200 bytes, no control byte
    if command -v jq >/dev/null 2>&1; then
        jq . "$o/results.json" >/dev/null 2>&1 && ok || bad "$n: results.json does not parse"
        d=$(detail "$n" ns.step)
        why=${d#*; the DUT says: }
        [ "$why" != "$d" ] && ok || bad "$n: no reason in '$d'"
        len=$(printf '%s' "$why" | LC_ALL=C wc -c)
        [ "$len" -le 200 ] && [ "$len" -ge 150 ] && ok || bad "$n: reason of $len bytes"
        printf '%s' "$why" | LC_ALL=C grep -q '[[:cntrl:]]' && bad "$n: control byte in the reason" || ok
        case $why in '"q" \b '"'x'"'?not ok 99 - injected?1..1?Bail out! x # TODO <script>'*) ok ;;
        *) bad "$n: reason '$why'" ;; esac
    fi
    if [ -x "$SCHEMACHECK" ]; then
        "$SCHEMACHECK" docs/results.schema.json "$o/results.json" >/dev/null 2>&1 && ok ||
            bad "$n: results.json does not conform to docs/results.schema.json"
    fi
    # results.xml well-formed, the markup escaped
    if command -v xmllint >/dev/null 2>&1; then
        xmllint --noout "$o/results.xml" 2>/dev/null && ok || bad "$n: results.xml not well-formed"
    fi
    grep -qF '<script>' "$o/results.xml" && bad "$n: raw <script> in results.xml" || ok
    grep -qF '&lt;script&gt;alert(1)' "$o/results.xml" && ok || bad "$n: results.xml lacks the escaped reason"
    grep -qF 'alert(1)</script>' "$o/compliance.html" && bad "$n: injected <script> in compliance.html" || ok
    bad_tsv=$(awk -F '\t' 'NF != 6' "$o/results.tsv" | head -2)
    [ -z "$bad_tsv" ] && ok || bad "$n: results.tsv lines without 6 cells: $bad_tsv"
done

# --- 3. a library built before why_notsup: the field is never read ---------------
for tr in direct isolated cmd; do
    n=short-$tr
    run "$n" $tr "$tmp/short.so" NOTSUP_DUT_WHY=plain
    if [ -f "$tmp/$n/results.json" ]; then ok; else bad "$n: no results.json"; continue; fi
    [ "$(verdict "$n" ns.pass)" = pass ] && ok || bad "$n: ns.pass is $(verdict "$n" ns.pass)"
    d=$(detail "$n" ns.step)
    [ "$d" = "the DUT does not implement 'stype2_decode'" ] && ok || bad "$n: ns.step detail '$d'"
    d=$(detail "$n" ns.create)
    [ "$d" = "the DUT cannot be configured as this vector needs" ] && ok || bad "$n: ns.create detail '$d'"
    grep -q 'AddressSanitizer\|runtime error' "$tmp/$n.err" && bad "$n: sanitizer report: $(head -3 "$tmp/$n.err")" || ok
done

finish
