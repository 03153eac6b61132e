#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Bad and unusual input to riocheck (issue 11, items 7, 8 and 14): vector
# files beyond the language's limits, a UTF-8 byte order mark, vector files
# that are FIFOs or pipes, decode arguments and stdin, selfcheck given a
# folder. Each case failed before its fix. Needs RIOCHECK (path of the
# binary); run from anywhere (uses the repository of this script as --root).
# Ends with "badinput_test: N passed, N failed".
R=${RIOCHECK:?set RIOCHECK to the riocheck binary}
case $R in /*) ;; *) R=$(pwd)/$R ;; esac
root=$(cd "$(dirname "$0")/../../.." && pwd) || exit 3
cd "$root" || exit 3
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# check NAME WANT_RC WANT_TEXT CMD...: run CMD (at most 60 s), compare the exit
# status, and look for WANT_TEXT (fixed string) in stdout+stderr ('' = none).
check() {
    name=$1; want_rc=$2; want=$3; shift 3
    timeout 60 "$@" >"$tmp/out" 2>&1 </dev/null; rc=$?
    verdict "$name" "$rc" "$want_rc" "$want" "$*"
}
# verdict NAME RC WANT_RC WANT_TEXT CMD-TEXT: judge $tmp/out.
verdict() {
    if [ "$2" -ne "$3" ]; then
        [ "$2" -eq 124 ] && to=" (timed out)" || to=
        echo "FAIL $1: exit $2$to, want $3: $5"; sed 's/^/    /' "$tmp/out" | head -20
        fail=$((fail + 1)); return
    fi
    if [ -n "$4" ] && ! grep -qF -- "$4" "$tmp/out"; then
        echo "FAIL $1: output lacks '$4': $5"; sed 's/^/    /' "$tmp/out" | head -20
        fail=$((fail + 1)); return
    fi
    pass=$((pass + 1))
}
# ok NAME CMD...: a plain assertion (CMD succeeds).
ok() {
    name=$1; shift
    if "$@"; then pass=$((pass + 1)); else echo "FAIL $name: $*"; fail=$((fail + 1)); fi
}
same() { [ -n "$1" ] && [ "$1" = "$2" ]; } # same A B: A non-empty and A = B
differ() { [ -n "$1" ] && [ -n "$2" ] && [ "$1" != "$2" ]; }

# A codec vector whose do (repeat=N) gives N identical outputs, with N expect
# lines: Part 12 rev 4.1 Table 3-1 / 3.1, stype2 0x2001 with RX group width 0
# is CMD 1, status 0x0001, group 0 (the cs48-r3.vec ground truth).
codec_vec() { # codec_vec ID N [EXTRA-STEP-LINE]
    printf 'vector %s\nrules    P12-3.1-b\nrev      p12r3\nneeds    codec\n' "$1"
    printf 'cite     Part 12 rev 4.1 3.1 Table 3-1\nmachine  codec\n'
    printf 'do       stype2_decode rev=3 width=0 value=0x2001 repeat=%s\n' "$2"
    i=0
    while [ "$i" -lt "$2" ]; do
        echo 'expect   voq_msg kind=backpressure group_width=0 status_width=13 group=0 status=0x1 first_port=0'
        i=$((i + 1))
    done
    [ -z "${3:-}" ] || echo "$3"
    echo end
}

# --- item 7: a step with more expect lines than the runner can match ----
# (it was accepted and then failed the correct reference as a DUT error)
codec_vec lim.256 256 > "$tmp/256.vec"
codec_vec lim.257 257 > "$tmp/257.vec"
check expect_lines_at_the_limit_pass 4 'ok 1 - lim.256' \
    "$R" run --root "$root" --vectors "$tmp/256.vec" --out "$tmp/o256"
check expect_lines_beyond_the_limit_are_a_vector_file_error 3 \
    "$tmp/257.vec:264: more than 256 expect and allow lines after the 'do' or 'wait' of line 7" \
    "$R" run --root "$root" --vectors "$tmp/257.vec" --out "$tmp/o257"
# 200 in the common steps + 57 in one branch = 257 in that alternative
{ codec_vec lim.br 200 | sed '$d'; echo branch; i=0
  while [ $i -lt 57 ]; do echo 'expect voq_msg kind=backpressure'; i=$((i + 1)); done
  echo end; } > "$tmp/branch.vec"
check expect_lines_count_per_alternative 3 "$tmp/branch.vec:265: more than 256 expect" \
    "$R" run --root "$root" --vectors "$tmp/branch.vec" --out "$tmp/obr"

# --- item 14: repeat=0 and other literal counts out of range -------------
# (repeat=0 was counted as a DUT error, exit 1)
codec_vec rep.0 1 | sed 's/repeat=1/repeat=0/' > "$tmp/rep0.vec"
check repeat_zero_is_a_vector_file_error 3 "$tmp/rep0.vec:7: repeat=0: the number of applications is 1 to 100000000" \
    "$R" run --root "$root" --vectors "$tmp/rep0.vec" --out "$tmp/orep0"
codec_vec rep.big 1 | sed 's/repeat=1/repeat=100000001/' > "$tmp/repbig.vec"
check repeat_too_large_is_a_vector_file_error 3 "$tmp/repbig.vec:7: repeat=100000001" \
    "$R" run --root "$root" --vectors "$tmp/repbig.vec" --out "$tmp/orepbig"
printf 'vector w0\nrules P12-4.2-e\nrev p12r3\ncite c\nmachine gen\nwait tick n=1 upto=0\nexpect any\nend\n' > "$tmp/upto0.vec"
check wait_upto_zero_is_a_vector_file_error 3 "$tmp/upto0.vec:6: 'wait' needs upto=N, 1 <= N <= 100000000" \
    "$R" run --root "$root" --vectors "$tmp/upto0.vec" --out "$tmp/oupto0"

# --- item 14: a UTF-8 byte order mark ------------------------------------
# (the vector file was rejected: "'<BOM>vector' outside a record")
{ printf '\357\273\277'; codec_vec bom.ok 1; } > "$tmp/bom.vec"
check vector_file_with_bom_is_accepted 4 'ok 1 - bom.ok' \
    "$R" run --root "$root" --vectors "$tmp/bom.vec" --out "$tmp/obom"
{ codec_vec bom.mid 1; printf '\357\273\277'; codec_vec bom.mid2 1; } > "$tmp/bommid.vec"
check bom_inside_a_vector_file_is_named 3 "$tmp/bommid.vec:10: a UTF-8 byte order mark (EF BB BF) is allowed only at the start of the file" \
    "$R" run --root "$root" --vectors "$tmp/bommid.vec" --out "$tmp/obommid"
# (the waiver file was rejected: "byte 0xEF not allowed in an id")
printf '\357\273\277bom.ok   known: the waiver file starts with a byte order mark\n' > "$tmp/bom.waivers"
check waiver_file_with_bom_is_accepted 4 'stale' \
    "$R" run --root "$root" --vectors "$tmp/bom.vec" --waivers "$tmp/bom.waivers" --out "$tmp/obomw"
# (the known-answer file: "unknown format")
{ printf '\357\273\277'; sed -n '/^[a-z]/{p;q;}' vectors/selfcheck/known-answers.txt; } > "$tmp/bom.ka"
check selfcheck_file_with_bom_is_accepted 0 'selfcheck: 1 passed, 0 failed' \
    "$R" selfcheck --vectors "$tmp/bom.ka" --report "$tmp/bom.md"
# (the catalogue: the comment on line 1 became a row of 1 column)
mkdir -p "$tmp/root/suites"
cp suites/*.tsv "$tmp/root/suites/"
{ printf '\357\273\277'; cat suites/catalogue.tsv; } > "$tmp/root/suites/catalogue.tsv"
check catalogue_with_bom_is_accepted 0 'lim.256' \
    "$R" run --root "$tmp/root" --list --vectors "$tmp/256.vec"
# a row with more than 16 columns: its real count (it said 16)
printf 'X\tshall\t2\tarea\ts\tu\t7\t8\t9\t10\t11\t12\t13\t14\t15\t16\t17\t18\n' >> "$tmp/root/suites/catalogue.tsv"
n=$(wc -l < "$tmp/root/suites/catalogue.tsv")
check tsv_row_column_count_is_exact 3 "catalogue.tsv:$n: 18 columns" \
    "$R" run --root "$tmp/root" --list --vectors "$tmp/256.vec"

# --- item 8: --vectors naming a FIFO or a pipe ---------------------------
# (a FIFO hung after the last vector: the file was opened again for the hash;
# from a pipe the reproducer was empty and the hash covered nothing)
hash_of() { sed -n 's/.*"vector_hash": "\([0-9a-f]*\)".*/\1/p' "$1/results.json"; }
codec_vec pipe.ok 2 > "$tmp/p.vec"
# a failing vector too (one output expected, two produced): it has a reproducer
codec_vec pipe.fails 1 | sed 's/repeat=1/repeat=2/' >> "$tmp/p.vec"
check regular_file_run 1 'not ok 2 - pipe.fails' "$R" run --root "$root" --vectors "$tmp/p.vec" --out "$tmp/oreg"
mkfifo "$tmp/p.fifo"
timeout 60 sh -c 'cat "$1" > "$2"' sh "$tmp/p.vec" "$tmp/p.fifo" &
check fifo_run_completes 1 'not ok 2 - pipe.fails' "$R" run --root "$root" --vectors "$tmp/p.fifo" --out "$tmp/ofifo"
wait
h_reg=$(hash_of "$tmp/oreg"); h_fifo=$(hash_of "$tmp/ofifo" 2>/dev/null)
ok fifo_hash_is_the_hash_of_the_bytes same "$h_fifo" "$h_reg"
timeout 60 sh -c 'cat "$1" | "$2" run --root "$3" --vectors /dev/stdin --out "$4"' sh \
    "$tmp/p.vec" "$R" "$root" "$tmp/opipe" >"$tmp/out" 2>&1; rc=$?
verdict pipe_run_completes "$rc" 1 'not ok 2 - pipe.fails' 'cat p.vec | riocheck run --vectors /dev/stdin'
h_pipe=$(hash_of "$tmp/opipe" 2>/dev/null)
ok pipe_hash_is_the_hash_of_the_bytes same "$h_pipe" "$h_reg"
ok hash_depends_on_the_bytes differ "$h_reg" "$(hash_of "$tmp/o256")"
# the reproducer: its header comments, then exactly the record's lines
codec_vec pipe.fails 1 | sed 's/repeat=1/repeat=2/' > "$tmp/want.rec"
for o in oreg ofifo opipe; do
    f=$tmp/$o/repro/pipe.fails.vec
    [ -f "$f" ] && sed '/^#/d; /^$/d' "$f" > "$tmp/got.rec" || : > "$tmp/got.rec"
    ok "reproducer_${o#o}_is_the_record" cmp -s "$tmp/got.rec" "$tmp/want.rec"
done
# and it reproduces: played alone, the same failure
check reproducer_from_a_pipe_reruns 1 'not ok 1 - pipe.fails' \
    "$R" run --root "$root" --vectors "$tmp/opipe/repro/pipe.fails.vec" --out "$tmp/orerun"

# --- item 14: decode arguments and stdin ---------------------------------
# (arguments after the 63rd were ignored: here the CS48's last 3 bytes)
set --
i=0; while [ $i -lt 62 ]; do set -- "$@" -; i=$((i + 1)); done
check decode_uses_every_argument 0 'ok                 yes' \
    "$R" decode cs48 --rev 3 --group-width 0 "$@" 807FC4 003902
# (stdin was read up to a NUL byte and the rest ignored)
printf '807FC4003902\000FF\n' > "$tmp/nul.hex"
check decode_stdin_nul_byte_is_an_error 2 'stdin: NUL byte at offset 12' \
    sh -c '"$1" decode cs48 - < "$2"' sh "$R" "$tmp/nul.hex"
# 1023 characters exactly (padding separators) is still read whole
{ printf '807FC4003902'; i=12; while [ $i -lt 1023 ]; do printf ' '; i=$((i + 1)); done; } > "$tmp/long.hex"
check decode_stdin_up_to_the_limit 0 'ok                 yes' \
    sh -c '"$1" decode cs48 - < "$2"' sh "$R" "$tmp/long.hex"
printf ' ' >> "$tmp/long.hex"
check decode_stdin_beyond_the_limit 2 'stdin: longer than 1023 characters' \
    sh -c '"$1" decode cs48 - < "$2"' sh "$R" "$tmp/long.hex"

# --- item 14: selfcheck given a folder or a NUL byte ---------------------
# (a folder gave "0 passed, 0 failed" and exit 0)
check selfcheck_folder_is_an_error 3 "$tmp: is a folder" \
    "$R" selfcheck --vectors "$tmp" --report "$tmp/sc.md"
{ sed -n '/^[a-z]/{p;q;}' vectors/selfcheck/known-answers.txt; printf 'cs48\000 x\n'; } > "$tmp/nul.ka"
check selfcheck_nul_byte_names_the_line 2 "$tmp/nul.ka:2: NUL byte" \
    "$R" selfcheck --vectors "$tmp/nul.ka" --report "$tmp/nul.md"

echo "badinput_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
