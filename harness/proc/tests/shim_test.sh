#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# riocheck-shim and `riocheck run --dut-cmd` (docs/dut-protocol.md):
#   1. the shim program by itself: the worked example of the protocol document
#      gives exactly the documented answers; options and exit statuses;
#   2. every suite of suites/suites.tsv gives the same verdicts and details in
#      process and through `--dut-cmd riocheck-shim` (sweeps every 4099th
#      value; one run of all suites each way, compared suite by suite);
#   3. every example vendor library (BUILD/VARIANT/lib/riocheck-bad-*.so)
#      gives the same verdicts with `--dut LIB` and with
#      `--dut-cmd riocheck-shim --dut LIB --`, on the vectors of the rules it
#      breaks (the crash and hang examples: on their machine's area).
# Needs RIOCHECK (the riocheck binary); the shim is RIOCHECK_SHIM or the
# riocheck-shim next to it, the example libraries ../lib next to it.
# Parts 2 and 3 are skipped, with a message, if riocheck run has no --dut-cmd.
R=${RIOCHECK:?set RIOCHECK to the riocheck binary}
BIN=$(dirname "$R")
SHIM=${RIOCHECK_SHIM:-$BIN/riocheck-shim}
LIB=$BIN/../lib
STRIDE=4099
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
finish() {
    echo "shim_test: $pass passed, $fail failed"
    [ "$fail" -eq 0 ]
    exit
}

[ -x "$SHIM" ] || { bad "no shim program at $SHIM"; finish; }

# ---- 1. the shim program ------------------------------------------------------
printf '%s\n' 'hello riocheck-dut-protocol 1' 'create 1 gen rev=3 format=64 ports=4' \
    'step 1 csr port=0 value=0x00800020' 'step 1 csr port=2 value=0x00400000' \
    'step 1 congest port=2 vc=0 on=1' 'query 1 reported port=2 vc=255' \
    'query 1 reported port=9 vc=255' 'step 1 fly' 'destroy 1' 'bye' >"$tmp/req"
cat >"$tmp/want" <<'EOF'
hello riocheck-dut-protocol 1
name riocheck reference
version 0.3
revisions p12r2 p12r3 p9r2 p9r3
caps cs48 cs64 gen rx pervc p12reg p9reg ep sw arbtx arbrx codec switch sw_replace arbrx_freed ep_notes sw_verdicts arbtx_notes arbrx_violations p12reg_wrote errstat_write stype2 cs48_split
profile ports=8 vcs=8 counter_width=4 orphan_timeout=1000 flow_list=8 arb_pool=1
policy sw_restart_order=oldest_first gen_status_change=transitions_only ep_orphan=annex_a2 sw_importance=i_fcsw_4 arbtx_release=on_end arbrx_copies=i_arb_5_6_7 arbrx_crossing=i_arb_20 rx_beyond=ignore_bits rx_not_linked=ignore gen_size7=silent gen_absent_bits=zero out_of_field=refuse
machines codec p12reg p9reg gen rx ep sw arbtx arbrx
fastpath cs64_decode
ready
ok
done result=ok
done result=ok
out symbol tx_port=0 vc=255 group=0 status=4 ride=255 vcid=0 encoded=0xf00040
done result=ok
value 1
error result=range
error gen has no event 'fly'
ok
bye
EOF
"$SHIM" <"$tmp/req" >"$tmp/got" 2>"$tmp/err"
rc=$?
if [ "$rc" -eq 0 ] && cmp -s "$tmp/got" "$tmp/want"; then ok; else
    bad "the worked example (exit $rc):"; diff "$tmp/want" "$tmp/got" | head -20
fi

# end of input without bye: a clean exit
printf 'hello riocheck-dut-protocol 1\ncreate 1 ep\n' | "$SHIM" >/dev/null 2>&1
rc=$?
if [ "$rc" -eq 0 ]; then ok; else bad "end of input without bye: exit $rc"; fi

"$SHIM" --help >"$tmp/help" 2>&1
rc=$?
if [ "$rc" -eq 0 ] && grep -q 'riocheck-dut-protocol 1' "$tmp/help"; then ok; else
    bad "--help: exit $rc"; fi

"$SHIM" --bogus </dev/null >/dev/null 2>"$tmp/err"
rc=$?
if [ "$rc" -eq 2 ] && grep -q "unknown option" "$tmp/err"; then ok; else
    bad "an unknown option: exit $rc, $(cat "$tmp/err")"; fi

"$SHIM" --dut "$tmp/none.so" </dev/null >"$tmp/got" 2>"$tmp/err"
rc=$?
if [ "$rc" -eq 3 ] && grep -q "none.so" "$tmp/err" && [ ! -s "$tmp/got" ]; then ok; else
    bad "--dut of a missing library: exit $rc, $(cat "$tmp/err")"; fi

ex=$(ls "$LIB"/riocheck-bad-*.so 2>/dev/null | head -n 1)
if [ -n "$ex" ]; then
    name=$(basename "$ex" .so)
    name=${name#riocheck-}
    printf 'hello riocheck-dut-protocol 1\nbye\n' | "$SHIM" --dut "$ex" >"$tmp/got" 2>&1
    if grep -qx "name $name" "$tmp/got" && tail -n 1 "$tmp/got" | grep -qx bye; then ok; else
        bad "--dut $ex: the handshake does not name $name"; cat "$tmp/got"; fi
else
    echo "# no example libraries in $LIB: build them with make examples"
fi

# ---- 2. and 3. riocheck run --dut-cmd ---------------------------------------------
if ! "$R" run --help 2>/dev/null | grep -q -- '--dut-cmd'; then
    echo "# SKIP: riocheck run has no --dut-cmd yet: the suite and example" \
         "comparisons through the shim are not run"
    finish
fi

# run NAME ARGS...: riocheck run with its outputs in $tmp/NAME; prints
# "id<TAB>verdict<TAB>detail" lines to $tmp/NAME.v
run() {
    n=$1
    shift
    "$R" run --sweep-stride "$STRIDE" --out "$tmp/$n" "$@" >"$tmp/$n.tap" 2>"$tmp/$n.err"
    if [ ! -f "$tmp/$n/results.tsv" ]; then
        echo "# riocheck run $* wrote no results:"; tail -n 5 "$tmp/$n.err"
        : >"$tmp/$n.v"
        return 1
    fi
    cut -f1,2,5 "$tmp/$n/results.tsv" | sort >"$tmp/$n.v"
}

# every suite: one run of all of them each way, compared suite by suite
suites=$(grep -v '^#' suites/suites.tsv 2>/dev/null | cut -f1)
[ -n "$suites" ] || bad "no suites in suites/suites.tsv (run from the riocheck folder)"
"$R" run --list >"$tmp/list" 2>/dev/null
run in-all
run sh-all --dut-cmd "$SHIM"
for s in $suites; do
    awk -F '\t' -v s="$s" '$2 == s { print $1 }' "$tmp/list" >"$tmp/ids-$s"
    for side in in sh; do
        awk -F '\t' 'NR == FNR { want[$1] = 1; next } ($1 in want)' "$tmp/ids-$s" \
            "$tmp/$side-all.v" >"$tmp/$side-$s.v"
    done
    if [ -s "$tmp/ids-$s" ] && [ "$(wc -l <"$tmp/in-$s.v")" -eq "$(wc -l <"$tmp/ids-$s")" ] &&
        cmp -s "$tmp/in-$s.v" "$tmp/sh-$s.v"; then ok; else
        bad "suite $s: verdicts differ in process and through the shim"
        diff "$tmp/in-$s.v" "$tmp/sh-$s.v" | head -10
    fi
done

for lib in "$LIB"/riocheck-bad-*.so; do
    [ -f "$lib" ] || continue
    name=$(basename "$lib" .so)
    name=${name#riocheck-}
    src=harness/examples/$name.c
    breaks=$(sed -n 's/^ \* BREAKS: *//p' "$src" 2>/dev/null | head -n 1)
    sel=""
    case "$breaks" in
    "" | none*)
        # a crash or hang example: its machine's area
        case "$name" in
        *segv*) sel="--area gen" ;;
        *hang*) sel="--area ep" ;;
        *) sel="--suite p12-cs64" ;;
        esac
        crash=1
        ;;
    *)
        for rule in $breaks; do sel="$sel --rule $rule"; done
        crash=0
        ;;
    esac
    # shellcheck disable=SC2086
    run "in-$name" --dut "$lib" --timeout-ms 2000 $sel
    # shellcheck disable=SC2086
    run "sh-$name" --timeout-ms 2000 $sel --dut-cmd "$SHIM" --dut "$lib" --
    cut -f1,2 "$tmp/in-$name.v" >"$tmp/in-$name.vv"
    cut -f1,2 "$tmp/sh-$name.v" >"$tmp/sh-$name.vv"
    caught=$(cut -f2 "$tmp/in-$name.vv" | grep -c -v '^pass$')
    if [ -s "$tmp/in-$name.vv" ] && cmp -s "$tmp/in-$name.vv" "$tmp/sh-$name.vv" &&
        [ "$caught" -gt 0 ]; then
        ok
    elif [ "$crash" -eq 1 ] && grep -q "result ?" "$tmp/sh-$name.v"; then
        echo "# SKIP $name: its crashes come back as RC_DUT_LOST, which this riocheck" \
             "run does not yet report as ERROR (harness/proc/proc.h, run.c)"
    else
        bad "$name: verdicts differ with --dut and through the shim" \
            "($caught vectors caught in process)"
        diff "$tmp/in-$name.vv" "$tmp/sh-$name.vv" | head -10
    fi
done
finish
