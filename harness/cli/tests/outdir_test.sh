#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The --out folder of riocheck run (issue 11, items 3, 4, 5, 6, 11 and 12;
# harness/report/outdir.h): runs killed with kill -9 or SIGTERM mid-run,
# `riocheck run | head -1`, closed standard descriptors, bad output paths,
# two runs into one folder, a read-only and a full destination (ENOSPC from
# /dev/full through the RIOCHECK_TEST_FULL hook), reproducers of an earlier
# run and planted symlinks. Each case failed before its fix.
# Needs RIOCHECK (the riocheck binary; the example DUT bad-hang is found
# beside it as BIN/../lib/riocheck-bad-hang.so: `make check` builds it).
# Ends with "outdir_test: N passed, N failed".
R=${RIOCHECK:?set RIOCHECK to the riocheck binary}
case $R in /*) ;; *) R=$(pwd)/$R ;; esac
root=$(cd "$(dirname "$0")/../../.." && pwd) || exit 3
cd "$root" || exit 3
HANG=$(dirname "$R")/../lib/riocheck-bad-hang.so
pass=0; fail=0
tmp=$(mktemp -d); trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT

if [ ! -f "$HANG" ]; then
    echo "outdir_test: $HANG is missing (make examples)"
    echo "outdir_test: 0 passed, 1 failed"
    exit 1
fi

ok() { # ok NAME CMD...: CMD succeeds
    name=$1; shift
    if "$@"; then pass=$((pass + 1)); else echo "FAIL $name: $*"; fail=$((fail + 1)); fi
}
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
has() { grep -qF -- "$2" "$1" 2>/dev/null; }       # has FILE TEXT
lacks() { ! grep -qF -- "$2" "$1" 2>/dev/null; }   # lacks FILE TEXT
first() { sed -n 1p "$1" 2>/dev/null; }             # first line of FILE
is() { [ "$1" = "$2" ] || { echo "    got '$1', want '$2'"; return 1; }; }
absent() { [ ! -e "$1" ] && [ ! -L "$1" ]; }
no_stage() { # no staging folder is left in OUT
    set -- "$1"/.riocheck-stage.*
    [ ! -e "$1" ]
}
# every row of a journal or results.tsv has 6 cells and a newline at the end
whole_rows() {
    [ -z "$(tail -c 1 "$1")" ] &&
        awk -F'\t' '/^#/ { next } NF != 6 { bad = 1 } END { exit bad }' "$1"
}

# Vectors: FAST (5 codec vectors, all pass: overall incomplete, exit 4);
# slow.vec against bad-hang (od.first passes at once, then 3 vectors that
# hang until --timeout-ms, then od.last; the limit leaves a correct vector
# room under ASan on a busy machine); wrong.vec against the built-in
# reference (od.first passes, od.wrong.1 and .2 fail at once: reproducers).
FAST="--vector p12.cs64.dec.w0.*"
rec() {
    awk -v id="$1" '$1 == "vector" && $2 == id { on = 1 } on { print } on && $1 == "end" { exit }' \
        vectors/p9/endpoint.vec
}
{
    rec p9.ep.startup.all-enabled.r2 | sed 's/^vector .*/vector od.first/'
    for i in 1 2 3; do rec p9.ep.orphan.t5000.r2 | sed "s/^vector .*/vector od.hang.$i/"; done
    rec p9.ep.startup.all-enabled.r2 | sed 's/^vector .*/vector od.last/'
} >"$tmp/slow.vec"
{
    rec p9.ep.startup.all-enabled.r2 | sed 's/^vector .*/vector od.first/'
    for i in 1 2; do
        rec p9.ep.startup.all-enabled.r2 |
            sed -e "s/^vector .*/vector od.wrong.$i/" -e 's/^\(query    enabled dest=0 flow_id=0A ==\) 1/\1 0/'
    done
} >"$tmp/wrong.vec"
wrong() { # wrong OUT [ARGS...]: a failing run (exit 1) into OUT
    o=$1; shift
    "$R" run --vectors "$tmp/wrong.vec" --out "$o" "$@"
}
slow() { # slow OUT [ARGS...]: the slow run into OUT
    o=$1; shift
    "$R" run --vectors "$tmp/slow.vec" --dut "$HANG" --timeout-ms 1000 --out "$o" "$@"
}
# slow_exec OUT [ARGS...]: the same, as the shell itself (in a background
# ( ... ) &, $! is then riocheck's pid); a background job of a
# non-interactive shell starts with SIGINT ignored: env gives it back.
slow_exec() {
    o=$1; shift
    exec env --default-signal=INT "$R" run --vectors "$tmp/slow.vec" --dut "$HANG" --timeout-ms 1000 --out "$o" "$@"
}
fast() { # fast OUT [ARGS...]
    o=$1; shift
    # shellcheck disable=SC2086
    "$R" run $FAST --out "$o" "$@"
}
wait_row() { # wait_row FILE ID: until results.tsv FILE has a row for ID (20 s at most)
    i=0
    while ! grep -q "^$2	" "$1" 2>/dev/null && [ $i -lt 400 ]; do sleep 0.05; i=$((i + 1)); done
}

# --- a complete run: run-status, the set, no staging folder -------------
o=$tmp/complete
fast "$o" >"$tmp/out" 2>&1; rc=$?
ok complete_run_exit_status is "$rc" 4
ok complete_run_status_says_complete is "$(first "$o/run-status")" complete
ok complete_run_results_have_no_interrupted_line lacks "$o/results.tsv" '# interrupted'
ok complete_run_results_have_every_row is "$(grep -vc '^#' "$o/results.tsv")" 5
ok complete_run_results_header_line is "$(head -n 1 "$o/results.tsv")" "$(printf '# id\tverdict\trules\tfile:line\tdetail\tfailed_rules')"
ok complete_run_leaves_no_staging_folder no_stage "$o"
ok complete_run_has_no_previous absent "$o/previous"

# --- item 3: kill -9 and SIGTERM mid-run ------------------------------
for sig in KILL TERM INT; do
    o=$tmp/sig$sig
    fast "$o" >/dev/null 2>&1
    cp "$o/results.tsv" "$tmp/old.tsv"
    (slow_exec "$o") >"$tmp/out" 2>&1 &
    p=$!
    wait_row "$o/results.tsv" od.first
    kill -s "$sig" "$p"
    { wait "$p"; } 2>/dev/null; rc=$?
    n=$(echo "$sig" | tr 'A-Z' 'a-z')
    case $sig in KILL) want=137 ;; TERM) want=143 ;; INT) want=130 ;; esac
    ok "${n}_ends_the_run_by_the_signal" is "$rc" "$want"
    ok "${n}_status_says_interrupted" is "$(first "$o/run-status")" interrupted
    ok "${n}_results_tsv_says_interrupted" has "$o/results.tsv" '# interrupted:'
    ok "${n}_results_tsv_keeps_the_rows_measured" has "$o/results.tsv" "od.first	pass"
    ok "${n}_results_tsv_is_not_the_old_one" lacks "$o/results.tsv" "p12.cs64.dec.w0"
    ok "${n}_results_tsv_has_whole_rows" whole_rows "$o/results.tsv"
    ok "${n}_no_json_of_either_run_beside_it" absent "$o/results.json"
    ok "${n}_previous_set_is_whole" cmp -s "$tmp/old.tsv" "$o/previous/results.tsv"
    ok "${n}_previous_status_is_complete" is "$(first "$o/previous/run-status")" complete
    ok "${n}_previous_has_the_json" test -s "$o/previous/results.json"
    if [ "$sig" != KILL ]; then
        ok "${n}_status_names_the_signal" has "$o/run-status" "reason: received SIG$sig after"
        ok "${n}_leaves_no_staging_folder" no_stage "$o"
    fi
    # the next run starts from there and completes
    fast "$o" >"$tmp/out" 2>&1; rc=$?
    ok "${n}_next_run_completes" is "$rc" 4
    ok "${n}_next_run_status_complete" is "$(first "$o/run-status")" complete
    ok "${n}_next_run_removes_previous" absent "$o/previous"
    ok "${n}_next_run_removes_the_staging_folder" no_stage "$o"
done

# an interrupted run after an interrupted run keeps the last complete set
o=$tmp/twice
fast "$o" >/dev/null 2>&1
cp "$o/results.tsv" "$tmp/old.tsv"
for k in 1 2; do
    (slow_exec "$o") >/dev/null 2>&1 &
    p=$!
    wait_row "$o/results.tsv" od.first
    kill -s KILL "$p"; { wait "$p"; } 2>/dev/null
done
ok interrupted_twice_keeps_the_last_complete_set cmp -s "$tmp/old.tsv" "$o/previous/results.tsv"
ok interrupted_twice_status_interrupted is "$(first "$o/run-status")" interrupted

# --- item 4: riocheck run | head -1 ------------------------------------
o=$tmp/head
{ slow "$o" 2>"$tmp/err"; echo $? >"$tmp/rc"; } | head -n 1 >"$tmp/out"
ok head_sees_the_first_line is "$(cat "$tmp/out")" "TAP version 13"
ok head_run_exits_with_its_own_status is "$(cat "$tmp/rc")" 1
ok head_run_completes_its_reports is "$(first "$o/run-status")" complete
ok head_run_results_have_every_vector is "$(grep -vc '^#' "$o/results.tsv")" 5
ok head_run_writes_the_json test -s "$o/results.json"
ok head_run_is_quiet lacks "$tmp/err" "Broken pipe"

# --- item 5: closed standard descriptors -------------------------------
o=$tmp/closed1
fast "$o" >&- 2>"$tmp/err"; rc=$?
ok stdout_closed_run_exits_with_its_own_status is "$rc" 4
ok stdout_closed_no_tap_in_results lacks "$o/results.tsv" "TAP version"
ok stdout_closed_results_complete is "$(first "$o/run-status")" complete
# while the run goes, descriptors 0-2 are /dev/null, not a file of the run
o=$tmp/closed2
(slow_exec "$o") <&- >&- 2>&- &
p=$!
wait_row "$o/results.tsv" od.first
for fd in 0 1 2; do
    ok "closed_fd_${fd}_is_dev_null" is "$(readlink "/proc/$p/fd/$fd")" /dev/null
done
kill -s TERM "$p"; { wait "$p"; } 2>/dev/null

# --- item 6: output paths ----------------------------------------------
usage() { # usage NAME TEXT ARGS...: exit 2 with TEXT on stderr, no file written
    name=$1; text=$2; shift 2
    "$R" run $FAST "$@" >"$tmp/out" 2>&1; rc=$?
    if [ "$rc" != 2 ]; then bad "$name" "exit $rc, want 2: $(head -n 3 "$tmp/out")"
    elif lacks "$tmp/out" "$text"; then bad "$name" "no '$text' in: $(head -n 3 "$tmp/out")"
    else pass=$((pass + 1)); fi
}
[ -e /run-status ] && root_had=1 || root_had=0
usage out_empty_is_a_usage_error "option '--out' has an empty value" --out ''
ok out_empty_writes_nothing_in_slash sh -c "[ $root_had = 1 ] || [ ! -e /run-status ]"
echo x >"$tmp/afile"
usage out_file_is_a_usage_error "--out $tmp/afile: not a folder" --out "$tmp/afile"
usage out_under_a_file_is_a_usage_error "--out $tmp/afile/sub: Not a directory" --out "$tmp/afile/sub"
usage results_empty_is_a_usage_error "option '--results' has an empty value" --out "$tmp/p" --results ''
usage json_folder_is_a_usage_error "--json $tmp: a folder, not a file" --out "$tmp/p" --json "$tmp"
usage junit_missing_folder_is_a_usage_error "--junit $tmp/no/r.xml: folder $tmp/no: No such file" \
    --out "$tmp/p" --junit "$tmp/no/r.xml"
usage markdown_slash_is_a_usage_error "--markdown $tmp/m/: a folder name" --out "$tmp/p" --markdown "$tmp/m/"
usage repro_dir_empty_is_a_usage_error "option '--repro-dir' has an empty value" --out "$tmp/p" --repro-dir ''
ok bad_paths_create_no_folder absent "$tmp/p"
# files given elsewhere are written there (and the journal leaves OUT)
o=$tmp/loose
fast "$o" --results "$tmp/l.tsv" --json "$tmp/l.json" >/dev/null 2>&1
ok loose_results_written is "$(grep -vc '^#' "$tmp/l.tsv")" 5
ok loose_json_written test -s "$tmp/l.json"
ok loose_results_not_left_in_out absent "$o/results.tsv"
ok loose_out_keeps_the_rest test -s "$o/results.xml"

# --- item 11: two runs into one folder ---------------------------------
o=$tmp/two
(slow_exec "$o") >"$tmp/a.out" 2>&1 &
pa=$!
wait_row "$o/results.tsv" od.first
fast "$o" >"$tmp/b.out" 2>&1; rc_b=$?
wait "$pa"; rc_a=$?
ok second_run_fails is "$rc_b" 3
ok second_run_names_the_first has "$tmp/b.out" "another riocheck run is writing $o (pid $pa)"
ok first_run_completes is "$rc_a" 1
ok first_run_status_complete is "$(first "$o/run-status")" complete
ok first_run_results_are_its_own is "$(grep -v '^#' "$o/results.tsv" | cut -f1 | tr '\n' ' ')" \
    "od.first od.hang.1 od.hang.2 od.hang.3 od.last "
ok second_run_wrote_nothing lacks "$o/results.json" "p12.cs64.dec.w0"
# the lock is released when a run ends: the next one runs
fast "$o" >/dev/null 2>&1; rc=$?
ok lock_released_after_the_run is "$rc" 4

# --- item 11: a full disk (ENOSPC from /dev/full) ----------------------
full() { # full NAME FILE: a run into $tmp/full.NAME whose FILE gets ENOSPC
    o=$tmp/full.$1
    fast "$o" >/dev/null 2>&1
    cp "$o/results.tsv" "$tmp/old.tsv"; cp "$o/results.json" "$tmp/old.json"
}
full json results.json
RIOCHECK_TEST_FULL=results.json fast "$o" >"$tmp/out" 2>&1; rc=$?
ok enospc_json_exit_status is "$rc" 3
ok enospc_json_names_file_and_reason has "$tmp/out" "cannot write $o/results.json: No space left on device"
ok enospc_json_status_interrupted is "$(first "$o/run-status")" interrupted
ok enospc_json_status_gives_the_reason has "$o/run-status" "reason: cannot write $o/results.json: No space left on device"
ok enospc_json_previous_intact cmp -s "$tmp/old.tsv" "$o/previous/results.tsv"
ok enospc_json_previous_json_intact cmp -s "$tmp/old.json" "$o/previous/results.json"
ok enospc_json_no_half_set absent "$o/results.json"
ok enospc_json_no_staging_left no_stage "$o"
ok enospc_json_not_reported_written lacks "$tmp/out" "# results:"
full tsv results.tsv
RIOCHECK_TEST_FULL=results.tsv fast "$o" >"$tmp/out" 2>&1; rc=$?
ok enospc_journal_exit_status is "$rc" 3
ok enospc_journal_names_file_and_reason has "$tmp/out" "cannot write $o/results.tsv: No space left on device"
ok enospc_journal_told_at_once_and_at_the_end is "$(grep -c 'cannot write' "$tmp/out")" 2
ok enospc_journal_previous_intact cmp -s "$tmp/old.tsv" "$o/previous/results.tsv"
ok enospc_journal_cut_at_a_row whole_rows "$o/results.tsv"
full status run-status
RIOCHECK_TEST_FULL=run-status fast "$o" >"$tmp/out" 2>&1; rc=$?
ok enospc_at_start_exit_status is "$rc" 3
ok enospc_at_start_names_file_and_reason has "$tmp/out" "cannot write $o/run-status: No space left on device"
ok enospc_at_start_leaves_the_set cmp -s "$tmp/old.tsv" "$o/results.tsv"
ok enospc_at_start_status_complete is "$(first "$o/run-status")" complete
ok enospc_at_start_no_previous absent "$o/previous"
ok enospc_at_start_no_staging_left no_stage "$o"
o=$tmp/full.repro
RIOCHECK_TEST_FULL=repro wrong "$o" >"$tmp/out" 2>&1; rc=$?
ok enospc_reproducer_exit_status is "$rc" 3
ok enospc_reproducer_names_file_and_reason has "$tmp/out" "cannot write $o/repro/od.wrong.1.vec: No space left on device"
ok enospc_reproducer_status_interrupted is "$(first "$o/run-status")" interrupted

# --- item 11: a destination riocheck may not write ---------------------
o=$tmp/ro
fast "$o" >/dev/null 2>&1
cp "$o/results.tsv" "$tmp/old.tsv"
chmod a-w "$o"
if [ "$(id -u)" = 0 ]; then
    # root writes anywhere: run as nobody (the repository and the binary
    # must be readable by all, as they are in a checkout)
    if command -v setpriv >/dev/null && chmod a+rx "$tmp" &&
        setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
        ro() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
    else
        ro() { return 99; }
    fi
else
    ro() { "$@"; }
fi
ro "$R" run $FAST --out "$o" >"$tmp/out" 2>&1; rc=$?
if [ "$rc" = 99 ]; then
    echo "SKIP read_only_destination: root, and no setpriv to run as another user"
else
    ok read_only_exit_status is "$rc" 3
    ok read_only_names_the_folder_and_reason has "$tmp/out" "$o"
    ok read_only_gives_the_reason has "$tmp/out" "Permission denied"
    ok read_only_leaves_the_set cmp -s "$tmp/old.tsv" "$o/results.tsv"
    ok read_only_status_complete is "$(first "$o/run-status")" complete
fi
chmod u+w "$o"

# --- item 12: reproducers ----------------------------------------------
o=$tmp/repro
wrong "$o" >/dev/null 2>&1
ok failing_run_writes_reproducers test -s "$o/repro/od.wrong.1.vec"
fast "$o" >/dev/null 2>&1
ok passing_run_leaves_no_stale_reproducer absent "$o/repro/od.wrong.1.vec"
ok passing_run_repro_folder_is_empty is "$(ls -A "$o/repro" | wc -l | tr -d ' ')" 0
# a symlink planted in OUT/repro, then in a --repro-dir
echo precious >"$tmp/victim"
mkdir -p "$o/repro"
rm -f "$o/repro/od.wrong.1.vec"
ln -s "$tmp/victim" "$o/repro/od.wrong.1.vec"
wrong "$o" >/dev/null 2>&1
ok planted_symlink_in_out_repro_not_followed is "$(cat "$tmp/victim")" precious
ok reproducer_written_as_a_file sh -c "[ -f '$o/repro/od.wrong.1.vec' ] && [ ! -L '$o/repro/od.wrong.1.vec' ]"
mkdir -p "$tmp/rd"
ln -s "$tmp/victim" "$tmp/rd/od.wrong.2.vec"
wrong "$tmp/rdo" --repro-dir "$tmp/rd" >/dev/null 2>&1; rc=$?
ok planted_symlink_in_repro_dir_not_followed is "$(cat "$tmp/victim")" precious
ok repro_dir_run_exit_status is "$rc" 1
ok repro_dir_reproducer_is_a_file sh -c "[ -f '$tmp/rd/od.wrong.2.vec' ] && [ ! -L '$tmp/rd/od.wrong.2.vec' ]"
ok repro_dir_reproducer_parses sh -c "'$R' run --list --vectors '$tmp/rd/od.wrong.2.vec' >/dev/null"

echo "outdir_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
