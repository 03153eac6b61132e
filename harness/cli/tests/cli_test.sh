#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# CLI tests for riocheck decode / encode / selfcheck / help. Expected values
# are the spec's known answers (shared/spec/README.md) or hand-derived from the
# spec tables named beside each case. Needs RIOCHECK (path of the binary).
# Ends with "cli_test: N passed, N failed".
# A command whose output two checks read runs once (check_again); the whole
# run against the reference is checked by conformance_test.sh, which makes it
# anyway (make test runs both in every variant).
R=${RIOCHECK:?set RIOCHECK to the riocheck binary}
# absolute: several cases run it from other folders (make check passes a
# path relative to the checkout)
case $R in /*) ;; *) R=$(pwd)/$R ;; esac
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# check NAME WANT_RC WANT_TEXT CMD...: run CMD, compare exit status, and look
# for WANT_TEXT (fixed string) in stdout+stderr ('' = no text check).
check() {
    name=$1; want_rc=$2; want=$3; shift 3
    "$@" >"$tmp/out" 2>&1; rc=$?
    last_rc=$rc; last_cmd=$*; cp "$tmp/out" "$tmp/last"
    if [ "$rc" -ne "$want_rc" ]; then
        echo "FAIL $name: exit $rc, want $want_rc: $*"; sed 's/^/    /' "$tmp/out"
        fail=$((fail + 1)); return
    fi
    if [ -n "$want" ] && ! grep -qF -- "$want" "$tmp/out"; then
        echo "FAIL $name: output lacks '$want': $*"; sed 's/^/    /' "$tmp/out"
        fail=$((fail + 1)); return
    fi
    pass=$((pass + 1))
}
# check_again NAME WANT_RC WANT_TEXT: the same checks on the exit status and
# output of the command the previous check ran (not run again).
check_again() {
    check "$1" "$2" "$3" sh -c 'cat "$1"; exit "$2"' "$last_cmd" "$tmp/last" "$last_rc"
}

# --- encode: known answers ---
check encode_cs48_known_answer 0 807FC4003902 \
    "$R" encode cs48 stype0=4 parameter1=63 stype1=7 stype2=0x2001
check encode_cs64_known_answer 0 4000FFF0E21F8884 \
    "$R" encode cs64 stype0=4 parameter1=0xFFF stype1=0x38
check encode_cs64_voq_known_answer 0 DF000100E2BE8698 \
    "$R" encode cs64 --group-width 4 vc=all group=0 congested=0 stype1=0x38
check encode_ccp_dev16_known_answer 0 01D712345678800002780000 \
    "$R" encode ccp --rev 3 tt=dev16 destination_id=0x1234 tgt_destination_id=0x5678 xon=1
check encode_json 0 '"hex":"01C712340001E057"' \
    "$R" encode ccp --rev 2 --json destination_id=0x12 tgt_destination_id=0x34 flow_id=0 soc=1
# rev 2 Tables 3-1..3-3: CMD 001 (0x0800), offsets 0 and 5 of group 31
# (ports 186 and 191) = status 0b100001 in bits 3-8 (0x420), group 0x1F.
check encode_stype2_rev2_group31 0 0C3F \
    "$R" encode stype2 --rev 2 group=31 congested=186,191
# rev 3+ Table 3-2 (1 group bit): port 23 is status bit 0 of group 1:
# CMD 1 (0x2000) | status 0x800 << 1 | group 1 = 0x3001.
check encode_stype2_rev3_table_3_2 0 3001 \
    "$R" encode stype2 --rev 3 --group-width 1 group=1 congested=23

# --- decode ---
check decode_cs48_voq 0 'congested          0' \
    "$R" decode cs48 --rev 3 --group-width 0 807FC4003902
check decode_cs48_linked_vc0 0 'linked_vc          0' \
    "$R" decode cs48 --rev 3 --group-width 0 807FC4003902
check decode_cs48_without_rev_notes_it 0 'give --rev' \
    "$R" decode cs48 807FC4003902
check decode_cs64_json 0 '"ports":[{"port":0,"congested":true}' \
    "$R" decode cs64 --json --group-width 4 DF000100E2BE8698
check decode_ccp_dev32 0 'flow               1A' \
    "$R" decode ccp --rev 3 01E701020304050607080083BE460000
check decode_separators 0 'ok                 yes' \
    "$R" decode ccp --rev 3 "01:C7:12:34" 00 01 E0-57
check decode_stdin 0 'command            XON' \
    sh -c "echo 01D7 1234 5678 8000 0278 0000 | \"$R\" decode ccp --rev 2 -"
check decode_stype2_rev2 0 'congested          186 191' \
    "$R" decode stype2 --rev 2 0C3F
# Table 3-3: VC_IND 0b1001 is reserved: ignored without error (exit 0)
check decode_cs64_reserved_vc_ind 0 'reserved-vc_ind' \
    "$R" decode cs64 --group-width 4 "$("$R" encode cs64 --group-width 4 vc_ind=9 status=1)"

# --- invalid input: exit 1 with the reason ---
check decode_cs48_bad_crc 1 'CRC-13 mismatch: received 0x1903, expected 0x1902' \
    "$R" decode cs48 807FC4003903
check decode_cs48_short 1 'cs48 needs 6 bytes, got 5' \
    "$R" decode cs48 807FC40039
check decode_cs64_alignment 1 'alignment bits' \
    "$R" decode cs64 --group-width 4 DF000100E2BE8699
check decode_ccp_dev32_in_rev2 1 'RIO_EREVISION' \
    "$R" decode ccp --rev 2 01E701020304050607080083BE460000
check decode_ccp_tt_reserved 1 'RIO_ERESERVED' \
    "$R" decode ccp --rev 3 01F712340001E057
check decode_ccp_wrong_length 1 'is 8 bytes, got 9' \
    "$R" decode ccp --rev 3 01C712340001E05700
check decode_ccp_not_type7 1 'RIO_EFORMAT' \
    "$R" decode ccp --rev 3 01C812340001E057
check decode_json_error_field 1 '"error":"CRC-16 mismatch' \
    "$R" decode ccp --rev 3 --json 01C712340001E058

# --- usage errors: exit 2, naming what is wrong ---
check usage_bad_hex_digit 2 "invalid hex digit 'G' at column 3" \
    "$R" decode cs48 80G7C4003902
check usage_odd_hex 2 'odd number of hex digits' "$R" decode cs48 807
check usage_ccp_needs_rev 2 'needs --rev 2 or --rev 3' \
    "$R" decode ccp 01C712340001E057
check usage_group_width_7 2 'reserved' \
    "$R" decode cs64 --group-width 7 DF000100E2BE8698
check usage_cs64_voq_needs_width 2 'needs --group-width' \
    "$R" decode cs64 DF000100E2BE8698
check usage_cs64_rev2 2 'only in Part 12 rev 3+' \
    "$R" encode cs64 --rev 2 stype0=4
check usage_unknown_field 2 "'colour' is not a cs48 field" \
    "$R" encode cs48 colour=3
check usage_value_too_big 2 "field 'stype0': 8 is out of range" \
    "$R" encode cs48 stype0=8
check usage_bad_number 2 "'0x1G' is not a number" \
    "$R" encode cs48 stype2=0x1G
check usage_port_outside_group 2 'port 5 is not in group 1 (ports 12-23)' \
    "$R" encode stype2 --rev 3 --group-width 1 group=1 congested=5
check usage_group_too_wide 2 'group 2 does not fit 1 group bits' \
    "$R" encode stype2 --rev 3 --group-width 1 group=2
check usage_underscores_are_not_a_number 2 "'0x_' has no digits" \
    "$R" encode ccp --rev 3 destination_id=0x_
printf 'cs48 --help stype0=4 => 807FC0000A35\n' >"$tmp/help.txt"
check selfcheck_help_in_record_names_file_line 2 "help.txt:1: --help is not allowed" \
    "$R" selfcheck --vectors "$tmp/help.txt" --report "$tmp/help.md"
check usage_field_twice 2 "field 'cmd' given twice" \
    "$R" encode cs48 cmd=1 cmd=2
check usage_bad_flow 2 'use 0A..0F or 1A..8A' \
    "$R" encode ccp --rev 3 flow=1B
check usage_dev32_rev2 2 'RIO_EREVISION' \
    "$R" encode ccp --rev 2 tt=dev32
check usage_unknown_option 2 "riocheck decode: option '--fast' is unknown" \
    "$R" decode cs48 --fast 807FC4003902
check usage_rev_4 2 'use 2 (rev 2.0-2.2) or 3' \
    "$R" decode ccp --rev 4 01C712340001E057
check usage_unknown_command 2 "unknown command 'frobnicate'" "$R" frobnicate
check usage_no_command 2 'Usage: riocheck COMMAND' "$R"

# --- help ---
check help_top 0 'Commands:' "$R" --help
check help_decode 0 'Usage: riocheck decode' "$R" decode --help
check help_encode 0 'Usage: riocheck encode' "$R" help encode
check help_selfcheck 0 'Usage: riocheck selfcheck' "$R" selfcheck --help

# --- selfcheck ---
check selfcheck_passes 0 'selfcheck: 12 passed, 0 failed' \
    "$R" selfcheck --report "$tmp/report.md"
check selfcheck_report_written 0 'Result: **PASSED**' cat "$tmp/report.md"
printf 'cs48 stype0=4 => 807FC0000A35\n# fine\ncs48 stype0=4 807FC0000A35\n' >"$tmp/bad.txt"
check selfcheck_malformed_names_file_line 2 "$tmp/bad.txt:3: expected" \
    "$R" selfcheck --vectors "$tmp/bad.txt" --report "$tmp/r2.md"
printf 'cs48 stype0=4 => 807FC0000A35\n' >"$tmp/wrong.txt"
check selfcheck_wrong_answer_fails 1 'not ok 1' \
    "$R" selfcheck --vectors "$tmp/wrong.txt" --report "$tmp/r3.md"
check selfcheck_missing_file 3 'nope.txt' \
    "$R" selfcheck --vectors "$tmp/nope.txt"

# --- run / trace ---
cat >"$tmp/wrong.vec" <<'EOF'
vector tmp.wrong
rules P12-3.2-b
rev p12r3
cite test: a deliberately wrong expectation
machine codec
do cs64_decode width=4 param=0xF00010
expect voq_msg kind=backpressure status=2
end
EOF
# a selection cannot show compliance: its overall result is incomplete (exit 4)
check run_selection_by_vector 4 'run: 1 passed, 0 failed' \
    "$R" run --out "$tmp/reports" --vector p12.cs64.dec.w0.g0.lo
check run_selection_is_incomplete 4 '# overall: incomplete' \
    "$R" run --out "$tmp/reports" --suite p12-cs64 --sweep-stride 257
check run_selection_report_says_incomplete 0 '| **Overall result** | **incomplete** |' \
    cat "$tmp/reports/compliance.md"
# the whole run against the reference (every applicable rule ran and passed,
# '# overall: pass (rules passed: '): conformance_test.sh
# a device that implements nothing is never called compliant
cat >"$tmp/nothing.sh" <<'SH'
#!/bin/sh
read -r hello
printf 'hello riocheck-dut-protocol 1\nname nothing\nversion 0\nmachines\nready\n'
while read -r line; do case $line in bye*) echo bye; exit 0 ;; esac; done
SH
chmod +x "$tmp/nothing.sh"
check run_dut_implementing_nothing_is_incomplete 4 '# overall: incomplete (rules passed: 0 of' \
    "$R" run --no-reports --dut-cmd "$tmp/nothing.sh"
check run_list_by_rule 0 'p9.ccp.' "$R" run --list --rule 'P9-3.2-d'
check run_list_by_area_and_rev 0 'p9.arbrx.r2.' "$R" run --list --area arb-rx --rev p9r2
check run_unknown_suite 2 "no suite 'nope'" "$R" run --out "$tmp/reports" --suite nope
check run_bad_rev 2 'use p12r2, p12r3, p9r2 or p9r3' "$R" run --out "$tmp/reports" --rev p13r1
check run_empty_selection 2 'matches no vector' "$R" run --out "$tmp/reports" --vector 'no.such.*'
check run_bad_option 2 "riocheck run: option '--fast' is unknown" "$R" run --out "$tmp/reports" --fast
check run_bad_stride 2 'must be at least 1' "$R" run --out "$tmp/reports" --sweep-stride 0
check run_missing_dut 3 'nope.so' "$R" run --out "$tmp/reports" --dut "$tmp/nope.so"
check run_failure_writes_reproducer 1 '# reproducer: ' \
    "$R" run --out "$tmp/reports" --vectors "$tmp/wrong.vec" --repro-dir "$tmp/repro"
check run_reproducer_replays 1 'expected voq_msg kind=backpressure status=2; got voq_msg' \
    "$R" run --out "$tmp/reports" --vectors "$tmp/repro/tmp.wrong.vec" --repro-dir "$tmp/repro2"
printf 'vector broken\nrules X\n' >"$tmp/broken.vec"
check run_malformed_vector_file 3 "broken.vec:3: end of file inside record broken" \
    "$R" run --out "$tmp/reports" --vectors "$tmp/broken.vec"
check trace_passes 0 'trace: 0 problems' "$R" trace
check help_run 0 'Usage: riocheck run' "$R" run --help
check help_trace 0 'Usage: riocheck trace' "$R" trace --help

# --- isolation: a crashing and a hanging vendor cost only their vectors ---
lib=$(dirname "$R")/../lib
if [ -f "$lib/riocheck-bad-segv.so" ]; then
    check run_isolates_a_crashing_dut 1 'the DUT crashed: ' \
        "$R" run --dut "$lib/riocheck-bad-segv.so" --suite p12-generator --rule P12-4.2-d --out "$tmp/segv"
    check_again run_goes_on_after_a_crash 1 'failed includes'
    check crash_results_file_complete 0 'p12.gen.' tail -1 "$tmp/segv/results.tsv"
    # a worker per vector: the same verdicts, each from its own process (one
    # rule's 53 vectors, 5 of them crash: a fork per vector is slow under the
    # sanitizers)
    check run_a_worker_per_vector 1 'the DUT crashed: ' \
        "$R" run --dut "$lib/riocheck-bad-segv.so" --suite p12-generator --rule P12-4.2-d --out "$tmp/segv3" \
        --vectors-per-worker 1
    cut -f1,2 "$tmp/segv/results.tsv" >"$tmp/segv-verdicts"
    cut -f1,2 "$tmp/segv3/results.tsv" >"$tmp/segv3-verdicts"
    check worker_per_vector_same_verdicts 0 '' cmp "$tmp/segv-verdicts" "$tmp/segv3-verdicts"
    check worker_per_vector_same_verdicts_some_failed 0 'error' cat "$tmp/segv3-verdicts"
fi
check run_vectors_per_worker_not_a_number 2 "--vectors-per-worker x: 'x' is not a number" \
    "$R" run --no-reports --vectors-per-worker x
check run_vectors_per_worker_not_with_dut_cmd 2 'not with --dut-cmd' \
    "$R" run --no-reports --vectors-per-worker 1 --dut-cmd "$(dirname "$R")/riocheck-shim"
check run_vectors_per_worker_not_with_no_isolation 2 'no worker processes with --no-isolation' \
    "$R" run --no-reports --vectors-per-worker 1 --no-isolation
check run_vectors_per_worker_0_is_the_default 4 'run: 1 passed, 0 failed' \
    "$R" run --vector p12.cs64.dec.w0.g0.lo --no-reports --vectors-per-worker 0 \
    --dut-cmd "$(dirname "$R")/riocheck-shim"
if [ -f "$lib/riocheck-bad-hang.so" ]; then
    check run_isolates_a_hanging_dut 1 'the DUT hung: no verdict after 300 ms' \
        "$R" run --out "$tmp/reports" --dut "$lib/riocheck-bad-hang.so" --suite p9-endpoint --timeout-ms 300 \
        --out "$tmp/hang"
fi
check run_writes_every_report 0 '"format": "riocheck-results-1"' \
    sh -c "\"$R\" run --vector 'p12.cs64.dec.w0.*' --out \"$tmp/rep\" >/dev/null; cat \"$tmp/rep/results.json\" \"$tmp/rep/results.xml\" \"$tmp/rep/compliance.md\""
printf 'p12.cs64.dec.w0.g0.lo  known good, so this waiver is stale\n' >"$tmp/w.txt"
check run_reports_stale_waivers 4 '# stale waiver' \
    "$R" run --vector p12.cs64.dec.w0.g0.lo --waivers "$tmp/w.txt" --no-reports
check run_waiver_turns_failure_into_todo 4 '# TODO waived: known' \
    sh -c "printf 'tmp.wrong known issue, see ticket 42\\n' >\"$tmp/w2.txt\"; \"$R\" run --vectors \"$tmp/wrong.vec\" --waivers \"$tmp/w2.txt\" --no-reports"
printf 'tmp.wrong\n' >"$tmp/w3.txt"
check run_waiver_without_reason_is_rejected 3 "w3.txt:1:" \
    "$R" run --vectors "$tmp/wrong.vec" --waivers "$tmp/w3.txt" --no-reports
check run_dut_cmd_through_the_shim 4 'run: 1 passed, 0 failed' \
    "$R" run --vector p12.cs64.dec.w0.g0.lo --no-reports --dut-cmd "$(dirname "$R")/riocheck-shim"
check run_dut_cmd_missing_program 3 '--dut-cmd' \
    "$R" run --vector p12.cs64.dec.w0.g0.lo --no-reports --dut-cmd "$tmp/no-such-program"
# A --dut-cmd process inherits nothing but stdin/stdout/stderr from riocheck
# (restarted after a crash, while results.tsv is open): the fd numbers a
# shell sees there are the ones a shell started here sees.
if [ -d /proc/self/fd ] && [ -f "$lib/riocheck-bad-segv.so" ]; then
    sh -c "ls /proc/\$\$/fd >> \"$tmp/fd-base\"" </dev/null
    "$R" run --suite p12-generator --out "$tmp/fdrep" --dut-cmd sh -c \
        "ls /proc/\$\$/fd >> \"$tmp/fd-dut\"; exec \"$(dirname "$R")/riocheck-shim\" --dut \"$lib/riocheck-bad-segv.so\"" \
        >/dev/null 2>&1
    spawns=$(grep -c '^0$' "$tmp/fd-dut" 2>/dev/null || echo 0)
    check dut_cmd_restarted_after_crashes 0 '' test "$spawns" -ge 2
    check dut_cmd_inherits_no_fd 0 '' \
        sh -c "sort -u \"$tmp/fd-dut\" | diff -u \"$tmp/fd-base\" - >&2"
fi

# --- options: getopt_long (--opt=value and --opt value, every subcommand) ---
check opt_eq_decode 0 '  ok                 yes' \
    "$R" decode cs48 --rev=3 --group-width=0 807FC4003902
check opt_eq_decode_after_hex 0 '  ok                 yes' \
    "$R" decode cs48 807FC4003902 --rev=3 --group-width 0
check opt_eq_encode 0 0C3F "$R" encode --rev=2 stype2 group=31 congested=186,191
check opt_prefix_encode 0 0C3F "$R" encode stype2 --re 2 group=31 congested=186,191
check opt_eq_selfcheck 0 'selfcheck: 12 passed' \
    "$R" selfcheck --report="$tmp/eq.md" --vectors=vectors/selfcheck/known-answers.txt
check opt_eq_trace 0 'trace: 0 problems' "$R" trace --data=.
check opt_eq_run 4 'run: 1 passed, 0 failed' \
    "$R" run --vector=p12.cs64.dec.w0.g0.lo --out="$tmp/eqrep" --timeout-ms=5000
check opt_eq_run_list 0 'p12.cs64.dec.w0.g0.lo' "$R" run --list --vector=p12.cs64.dec.w0.g0.lo
check opt_eq_run_dut_cmd 4 'run: 1 passed, 0 failed' \
    "$R" run --dut-cmd="$(dirname "$R")/riocheck-shim" -- --vector=p12.cs64.dec.w0.g0.lo --no-reports
check opt_dut_cmd_words_to_dashdash 4 'run: 1 passed, 0 failed' \
    "$R" run --no-reports --dut-cmd "$(dirname "$R")/riocheck-shim" --dut "$lib/riocheck-reference.so" -- --vector p12.cs64.dec.w0.g0.lo
check opt_eq_transcript 4 'run: 1 passed' \
    "$R" run --no-reports --transcript="$tmp/tr.txt" --vector=p12.cs64.dec.w0.g0.lo --dut-cmd "$(dirname "$R")/riocheck-shim"
check_again opt_eq_transcript_written 4 ''
check opt_eq_transcript_file 0 '# vector p12.cs64.dec.w0.g0.lo' cat "$tmp/tr.txt"
check opt_eq_html 4 "$tmp/eq.html" \
    "$R" run --vector=p12.cs64.dec.w0.g0.lo --out="$tmp/eqrep2" --html="$tmp/eq.html"
check opt_eq_html_written 0 '<!DOCTYPE html>' cat "$tmp/eq.html"
check opt_eq_limits 4 'run: 1 passed' \
    "$R" run --no-reports --vector=p12.cs64.dec.w0.g0.lo --limit-mem=512 --limit-cpu=5 --limit-files=64 --limit-procs=16
# bad forms: exit 2, "riocheck CMD: option '--x' ..."
check opt_empty_suite 2 "riocheck run: option '--suite' has an empty value" "$R" run --suite= --no-reports
check opt_empty_out 2 "riocheck run: option '--out' has an empty value" "$R" run --out=
check opt_missing_value_run 2 "riocheck run: option '--suite' needs a value" "$R" run --no-reports --suite
check opt_value_is_an_option 2 "riocheck run: option '--out' needs a value (got the option '--list')" \
    "$R" run --out --list
check opt_flag_with_value 2 "riocheck run: option '--list' takes no value ('--list=yes')" "$R" run --list=yes
check opt_ambiguous 2 "riocheck run: option '--limit' is ambiguous: --limit-mem, --limit-cpu, --limit-files, --limit-procs" \
    "$R" run --limit 5
check opt_unknown_short 2 "riocheck run: option '-x' is unknown" "$R" run -x
check opt_unexpected_word 2 "riocheck run: unexpected argument 'p12-cs64'" "$R" run p12-cs64
check opt_dut_cmd_needs_program 2 "riocheck run: option '--dut-cmd' needs a value" "$R" run --dut-cmd
check opt_bad_number_eq 2 "riocheck run: --seed x1: " "$R" run --seed=x1
check opt_decode_missing 2 "riocheck decode: option '--group-width' needs a value" \
    "$R" decode cs64 DF000100E2BE8698 --group-width
check opt_decode_empty 2 "riocheck decode: option '--rev' has an empty value" "$R" decode cs48 --rev= 807FC4003902
check opt_decode_json_value 2 "riocheck decode: option '--json' takes no value" "$R" decode cs48 --json=1 807FC4003902
check opt_encode_unknown 2 "riocheck encode: option '--bogus' is unknown" "$R" encode cs48 --bogus=1
check opt_selfcheck_unknown 2 "riocheck selfcheck: option '--fast' is unknown" "$R" selfcheck --fast
check opt_selfcheck_empty 2 "riocheck selfcheck: option '--vectors' has an empty value" "$R" selfcheck --vectors=
check opt_selfcheck_word 2 "riocheck selfcheck: unexpected argument 'x'" "$R" selfcheck x
check opt_trace_unknown 2 "riocheck trace: option '--fast' is unknown" "$R" trace --fast
check opt_trace_missing 2 "riocheck trace: option '--rules' needs a value" "$R" trace --rules
check opt_dashdash_hex 0 '  ok                 yes' "$R" decode cs48 --rev 3 --group-width 0 -- 807FC4003902
# --help of every subcommand lists exactly the options it takes: each
# --word of the help is accepted (not "unknown"), and every option found
# through single-letter prefixes (getopt_long's "ambiguous: ..." list or
# "'--x' needs a value") is in the help
for sub in run decode encode selfcheck trace; do
    "$R" $sub --help >"$tmp/h.$sub" 2>&1
    # (not options: "--opt VALUE", and the words of a selfcheck record)
    grep -o -- '--[a-z][a-z-]*' "$tmp/h.$sub" | grep -vx -e --opt |
        if [ $sub = selfcheck ]; then grep -vx -e --rev -e --group-width; else cat; fi |
        sort -u >"$tmp/hopts.$sub"
    bad_help=
    # run: a trailing --suite= (an error) ends the command at its options,
    # after an unknown one is reported, instead of a whole run (exhaustive
    # sweeps) for each flag such as --verbose: 4 s of CPU each (gcc)
    stop=
    [ $sub = run ] && stop=--suite=
    while read -r o; do
        "$R" $sub "$o" $stop </dev/null >"$tmp/o" 2>&1
        grep -q "option '$o' is unknown" "$tmp/o" && bad_help="$bad_help $o"
    done <"$tmp/hopts.$sub"
    check "help_${sub}_options_exist" 0 '' test -z "$bad_help"
    [ -n "$bad_help" ] && echo "    riocheck $sub --help names unknown options:$bad_help"
    : >"$tmp/found.$sub"
    for l in a b c d e f g h i j k l m n o p q r s t u v w x y z; do
        "$R" $sub "--$l" </dev/null 2>&1 | sed -n "s/.*is ambiguous: //p; s/.*option '\(--[a-z-]*\)' needs a value.*/\1/p" |
            tr ',' '\n' | sed 's/^ *//' >>"$tmp/found.$sub"
    done
    missing=$(sort -u "$tmp/found.$sub" | grep -v '^$' | comm -23 - "$tmp/hopts.$sub" | tr '\n' ' ')
    check "help_${sub}_lists_every_option" 0 '' test -z "$missing"
    [ -n "$missing" ] && echo "    riocheck $sub takes options its --help does not list: $missing"
done

# --- the data folder: --data/--root, RIOCHECK_DATA, the current folder,
# the compiled-in one; rerun lines that work from any folder ---
here=$(pwd -P)
R=$(cd "$(dirname "$R")" && pwd -P)/$(basename "$R") # (make check gives a relative path)
check data_option_from_elsewhere 4 'run: 1 passed' \
    sh -c "cd / && \"$R\" run --data \"$here\" --vector p12.cs64.dec.w0.g0.lo --no-reports"
check data_root_synonym 4 'run: 1 passed' \
    sh -c "cd / && \"$R\" run --root=\"$here\" --vector p12.cs64.dec.w0.g0.lo --no-reports"
check data_env_from_elsewhere 4 'run: 1 passed' \
    sh -c "cd / && RIOCHECK_DATA=\"$here\" \"$R\" run --vector p12.cs64.dec.w0.g0.lo --no-reports"
check data_option_beats_env 3 "riocheck run: --data $tmp: no riocheck data there ($tmp/suites/catalogue.tsv: " \
    env RIOCHECK_DATA="$here" "$R" run --data "$tmp" --no-reports
check data_env_wrong_is_an_error 3 "RIOCHECK_DATA=$tmp: no riocheck data there" \
    env RIOCHECK_DATA="$tmp" "$R" run --no-reports
check data_env_trace 0 'trace: 0 problems' sh -c "cd / && RIOCHECK_DATA=\"$here\" \"$R\" trace"
check data_env_selfcheck 0 'selfcheck: 12 passed' \
    sh -c "cd / && RIOCHECK_DATA=\"$here\" \"$R\" selfcheck --report \"$tmp/d.md\""
check data_none_names_every_place 3 'looked at: --data (not given), RIOCHECK_DATA (not set), the current folder (./suites/catalogue.tsv: No such file or directory), the compiled-in folder (' \
    sh -c "cd \"$tmp\" && env -u RIOCHECK_DATA \"$R\" run --no-reports"
check data_none_trace 3 'looked at: --data (not given)' sh -c "cd \"$tmp\" && env -u RIOCHECK_DATA \"$R\" trace"
# a failing vector run from elsewhere: its TAP rerun line, run by the shell in
# yet another folder, fails the same vector again; the reports go to --out
# relative to the current folder, nothing into the data folder
mkdir -p "$tmp/w1" "$tmp/w2"
(cd "$tmp/w1" && "$R" run --data "$here" --vectors "$tmp/wrong.vec" >"$tmp/w1.tap" 2>&1)
check data_out_is_relative_to_cwd 0 '' test -f "$tmp/w1/reports/out/results.json"
rr=$(sed -n 's/^  # rerun: //p' "$tmp/w1.tap" | head -1)
check data_rerun_names_data_and_files 0 "--data $here --vectors $tmp/wrong.vec --vector tmp.wrong" echo "$rr"
check data_rerun_from_elsewhere 1 'not ok 1 - tmp.wrong' sh -c "cd \"$tmp/w2\" && $rr --no-reports"
rf=$(sed -n 's/^# rerun this file: //p' "$tmp/w1/reports/out/repro/tmp.wrong.vec")
check data_repro_rerun_from_elsewhere 1 'not ok 1 - tmp.wrong' sh -c "cd / && $rf --no-reports"
check data_repro_rerun_is_taps 0 "# rerun: $rr" cat "$tmp/w1/reports/out/repro/tmp.wrong.vec"
# the program on a rerun line: its name when the PATH finds this riocheck
check data_program_on_path 1 '  # rerun: riocheck run --data ' \
    sh -c "cd \"$tmp/w2\" && PATH=\"$(dirname "$R"):\$PATH\" riocheck run --data \"$here\" --vectors \"$tmp/wrong.vec\" --no-reports"
check data_program_by_path 1 "  # rerun: $(cd "$(dirname "$R")" && pwd -P)/$(basename "$R") run " \
    sh -c "cd \"$tmp/w2\" && \"$R\" run --data \"$here\" --vectors \"$tmp/wrong.vec\" --no-reports"
# the minimal vendor example's make check leaves no reports/ in the checkout
if command -v make >/dev/null 2>&1 && command -v cc >/dev/null 2>&1; then
    mv_dir=harness/examples/minimal-vendor
    had_reports=$([ -e "$mv_dir/reports" ] && echo yes)
    check minimal_vendor_check_passes 0 'run: ' \
        make -s -C "$mv_dir" check OUT="$tmp/mv" RIOCHECK="$R" CC=cc
    check minimal_vendor_reports_in_out 0 '' test -f "$tmp/mv/riocheck-out/results.json"
    [ -z "$had_reports" ] && check minimal_vendor_no_reports_in_checkout 0 '' test ! -e "$mv_dir/reports"
fi

echo "cli_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
