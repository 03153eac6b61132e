#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# worker_test.sh - `riocheck run`'s worker processes against DUTs that attack
# them (issue 11 items 1, 5, 9, 10, 16; harness/core/isolate.h):
#   - a --dut library is loaded only in worker processes: one that exits in
#     a constructor, crashes in its entry, returns garbage, hangs while it is
#     loaded or gives a name longer than 255 bytes is exit status 3 with a
#     message naming the library and what happened; no TAP line, no results;
#   - a worker holds no descriptor of riocheck's files (a DUT writing to
#     every descriptor adds nothing to results.tsv), and with stderr closed
#     the DUT's output does not end up in a results file;
#   - processes a DUT starts die with its worker (also one that left the
#     session, over --dut-cmd too), a crash after a fork is reported when it
#     happens even without a time limit, and a --dut-cmd process whose
#     grandchild keeps its pipes open is reported with its exit status;
#   - --limit-mem, --limit-cpu: a DUT over a limit is an error for its
#     vector, with the reason, and the run goes on; the options are checked.
# Uses the hostile corpus (BIN/../lib/riocheck-hostile-*.so,
# BIN/../hostile/hostile-dut: `make check` builds them) and builds the
# libraries of harness/core/tests/worker_dut.c with cc. Run from the
# repository root; RIOCHECK is the riocheck binary. Last line:
# "worker_test: N passed, N failed".
R=${RIOCHECK:?set RIOCHECK to the riocheck binary}
BIN=$(cd "$(dirname "$R")" && pwd)
R=$BIN/$(basename "$R")
LIB=$BIN/../lib
HB=$BIN/../hostile
ROOT=$(pwd)
CC=${CC:-cc}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/worker_test.XXXXXX") || exit 3
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() {
    fail=$((fail + 1))
    echo "FAIL $name: $*"
    [ -f "$tmp/$name.err" ] && sed -n '1,5s/^/    /p' "$tmp/$name.err"
}

# Three vectors (the hostile corpus's): the hostile libraries attack in the
# second (p9reg car_read), the first and last use the codec machine.
V=$tmp/v.vec
cat >"$V" <<'EOF'
vector worker.before
rules    P12-3.2-e
rev      p12r3
needs    codec cs64
cite     Part 12 rev 4.1 3.2 Figure 3-4: VC_IND 0b1111, group width 0, status bit 0 (port 0)
machine  codec
do       cs64_decode width=0 param=0xF00001
expect   voq_msg kind=backpressure vc_ind=15 vc=all group_width=0 status_width=20 group=0 status=0x1 first_port=0
end

vector worker.trigger
rules    P9-4.2.1-a
rev      p9r2 p9r3
needs    p9reg
cite     Part 9 rev 4.1 4.2.1 Table 4-1: flow control supported (bit 24, 0x80), arbitration not (bit 20)
machine  p9reg ports=4 fc=1 arb=0
do       car_read
expect   value value=0x00000080
end

vector worker.after
rules    P12-3.2-e
rev      p12r3
needs    codec cs64
cite     Part 12 rev 4.1 3.2 Figure 3-4: VC_IND 0b1111, group width 0, status bit 1 (port 1)
machine  codec
do       cs64_decode width=0 param=0xF00002
expect   voq_msg kind=backpressure vc_ind=15 vc=all group_width=0 status_width=20 group=0 status=0x2 first_port=0
end
EOF

# play NAME WANT_RC ARGS...: riocheck run ARGS on the three vectors, reports
# in $tmp/NAME.dir, stdout and stderr in $tmp/NAME.out and .err, the wall
# seconds in $secs; 0 when the exit status is WANT_RC.
play() {
    name=$1; want=$2; shift 2
    t0=$(date +%s)
    timeout -s KILL 300 "$R" run --root "$ROOT" --vectors "$V" --out "$tmp/$name.dir" "$@" \
        >"$tmp/$name.out" 2>"$tmp/$name.err"
    rc=$?
    secs=$(($(date +%s) - t0))
    [ "$rc" -eq "$want" ] && return 0
    bad "exit status $rc, want $want"
    return 1
}

# verdict ID: the verdict of vector ID in the last play's results.tsv.
verdict() { awk -F'\t' -v id="$1" '$1 == id { print $2 }' "$tmp/$name.dir/results.tsv" 2>/dev/null; }
detail() { awk -F'\t' -v id="$1" '$1 == id { print $5 }' "$tmp/$name.dir/results.tsv" 2>/dev/null; }
# verdicts B T A: the three vectors' verdicts are these.
verdicts() {
    got="$(verdict worker.before) $(verdict worker.trigger) $(verdict worker.after)"
    [ "$got" = "$*" ] && return 0
    bad "verdicts '$got', want '$*'"
    return 1
}
# has TEXT FILE: FILE holds the fixed string TEXT.
has() {
    grep -qF -- "$1" "$2" && return 0
    bad "$(basename "$2") lacks '$1'"
    return 1
}
# alive PID: the process is there and not a zombie.
alive() {
    kill -0 "$1" 2>/dev/null || return 1
    [ -r "/proc/$1/stat" ] || return 0
    [ "$(sed 's/.*) //' "/proc/$1/stat" | cut -d' ' -f1)" != Z ]
}
# none_alive FILE: no process listed in FILE (one pid a line) is left; kills
# what is, so that a failing test leaves nothing behind.
none_alive() {
    [ -s "$1" ] || { bad "no process was noted in $(basename "$1")"; return 1; }
    left=""
    for p in $(cat "$1"); do
        alive "$p" && { left="$left $p"; kill -9 "$p" 2>/dev/null; }
    done
    [ -z "$left" ] && return 0
    bad "processes the DUT started outlived the run:$left"
    return 1
}
# no_run: a library that could not be loaded ran nothing and wrote no results.
no_run() {
    if grep -q '^\(not \)\{0,1\}ok ' "$tmp/$name.out"; then
        bad "TAP test lines for a DUT that was never loaded"
        return 1
    fi
    if [ -e "$tmp/$name.dir/results.tsv" ]; then
        bad "results.tsv written for a DUT that was never loaded"
        return 1
    fi
    return 0
}

for need in "$LIB/riocheck-reference.so" "$LIB/riocheck-hostile-ctor-exit.so" "$HB/hostile-dut"; do
    [ -e "$need" ] || { echo "worker_test: $need is missing (make check builds it)"; \
        echo "worker_test: 0 passed, 1 failed"; exit 1; }
done
for m in 1 2 3 4 5 6; do
    "$CC" -std=c11 -D_POSIX_C_SOURCE=200809L -shared -fPIC -I"$ROOT/harness/include" -DWORKER_MODE=$m \
        -o "$tmp/worker-$m.so" "$ROOT/harness/core/tests/worker_dut.c" 2>"$tmp/cc.err" || {
        echo "worker_test: cannot build worker_dut.c (mode $m):"; cat "$tmp/cc.err"
        echo "worker_test: 0 passed, 1 failed"; exit 1; }
done

# --- item 9: a library that breaks while it is loaded ------------------------------
name=load-ctor-exit
play $name 3 --dut "$LIB/riocheck-hostile-ctor-exit.so" &&
    has "--dut $LIB/riocheck-hostile-ctor-exit.so: the library exited with status 0 while being loaded" "$tmp/$name.err" &&
    no_run && ok
name=load-entry-segv
if play $name 3 --dut "$LIB/riocheck-hostile-entry-segv.so" && no_run; then
    # under ASan the worker's SEGV is its report and exit status 1
    if grep -qE 'riocheck-hostile-entry-segv.so: riocheck_dut_v2\(\) (crashed: signal 11|exited with status 1)' \
        "$tmp/$name.err"; then ok; else bad "the message does not say riocheck_dut_v2() crashed"; fi
fi
name=load-abi-77
play $name 3 --dut "$tmp/worker-1.so" &&
    has "worker-1.so: riocheck_dut_v2() says ABI version 77" "$tmp/$name.err" && no_run && ok
name=load-wild-pointer
if play $name 3 --dut "$tmp/worker-2.so" && no_run; then
    if grep -qE 'worker-2.so: riocheck_dut_v2\(\) (crashed|exited with status 1)' "$tmp/$name.err"
    then ok; else bad "the message does not say riocheck_dut_v2() crashed"; fi
fi
name=load-ctor-hang
play $name 3 --dut "$tmp/worker-3.so" --timeout-ms 300 &&
    has "worker-3.so: the library hung while being loaded: a constructor did not return within 300 ms" \
        "$tmp/$name.err" && no_run &&
    { [ "$secs" -lt 20 ] || bad "took $secs s"; } && ok
name=load-long-name
play $name 3 --dut "$tmp/worker-4.so" &&
    has "worker-4.so: the DUT's name is longer than 255 bytes" "$tmp/$name.err" && no_run && ok
name=load-missing
play $name 3 --dut "$tmp/no-such.so" && has "No such file" "$tmp/$name.err" && no_run && ok
# a well-formed library: described once, loaded by every worker
name=load-no-machine
play $name 4 --dut "$tmp/worker-5.so" --vectors-per-worker 1 &&
    verdicts "not-applicable not-applicable not-applicable" && ok
name=load-reference-per-vector
play $name 4 --dut "$LIB/riocheck-reference.so" --vectors-per-worker 1 &&
    verdicts "pass pass pass" && ok
# --no-isolation keeps the old in-process load (for a debugger)
name=load-in-process
play $name 4 --dut "$LIB/riocheck-reference.so" --no-isolation && verdicts "pass pass pass" && ok

# --- items 1 and 5: the worker's descriptors ------------------------------------------
# the DUT writes a forged row into every regular file it has a descriptor of
name=fd-write-files
play $name 4 --dut "$LIB/riocheck-hostile-fd-write-files.so" && verdicts "pass pass pass" &&
    { ! grep -q hostile.injected "$tmp/$name.dir/results.tsv" || bad "results.tsv holds the forged row"; } &&
    { [ "$(grep -vc '^#' "$tmp/$name.dir/results.tsv")" -eq 3 ] || bad "results.tsv has $(grep -vc '^#' "$tmp/$name.dir/results.tsv") rows"; } &&
    ok
# started with stderr closed: the DUT's output (HOSTILE-...) goes nowhere near
# the results files
name=stderr-closed
timeout -s KILL 120 "$R" run --root "$ROOT" --vectors "$V" --out "$tmp/$name.dir" \
    --dut "$LIB/riocheck-hostile-stdio-flood.so" >"$tmp/$name.out" 2>&-
rc=$?
if [ "$rc" -ne 4 ]; then
    bad "exit status $rc, want 4"
elif grep -l HOSTILE- "$tmp/$name.dir"/* >/dev/null 2>&1; then
    bad "the DUT's output is in $(grep -l HOSTILE- "$tmp/$name.dir"/* | head -n 1)"
else
    verdicts "pass pass pass" && ok
fi

# --- item 10: processes a DUT starts ----------------------------------------------------
# (the hostile libraries note the processes they start in $HOSTILE_PIDFILE)
name=fork-linger
export HOSTILE_PIDFILE="$tmp/$name.pids"
play $name 4 --dut "$LIB/riocheck-hostile-fork-linger.so" &&
    verdicts "pass pass pass" && none_alive "$tmp/$name.pids" && ok
# no time limit: the child (30 s, holding the worker's pipe) must not delay the crash
name=fork-crash-t0
HOSTILE_PIDFILE="$tmp/$name.pids"
play $name 1 --dut "$LIB/riocheck-hostile-fork-crash.so" --timeout-ms 0 &&
    verdicts "pass error pass" && none_alive "$tmp/$name.pids" &&
    { [ "$secs" -lt 20 ] || bad "took $secs s: it waited for the DUT's child"; } && ok
# --dut-cmd: the DUT process exits (status 7) while a grandchild in its own
# session keeps its pipes open: an exit, not a time-out, and no grandchild left
name=cmd-grandchild
HOSTILE_PIDFILE="$tmp/$name.pids"
play $name 1 --timeout-ms 2000 --dut-cmd "$HB/hostile-dut" grandchild &&
    verdicts "pass error pass" && none_alive "$tmp/$name.pids" &&
    { detail worker.trigger | grep -q 'exited with status 7' ||
        bad "the detail is not the exit: $(detail worker.trigger)"; } && ok
unset HOSTILE_PIDFILE
# riocheck is stopped (SIGTERM) while the DUT's create sleeps, after it has
# started a process: that process dies with riocheck, it does not go on
name=sigterm
WORKER_PIDFILE=$tmp/$name.pids
export WORKER_PIDFILE
"$R" run --root "$ROOT" --vectors "$V" --out "$tmp/$name.dir" --dut "$tmp/worker-6.so" \
    --timeout-ms 60000 >"$tmp/$name.out" 2>"$tmp/$name.err" &
rpid=$!
i=0
while [ ! -s "$WORKER_PIDFILE" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
kill -TERM $rpid
wait $rpid
rc=$?
unset WORKER_PIDFILE
if [ "$rc" -ne 143 ]; then
    bad "exit status $rc, want 143 (SIGTERM)"
else
    sleep 0.2 # the SIGKILLed processes' exits
    none_alive "$tmp/$name.pids" && ok
fi

# --- item 16: limits -------------------------------------------------------------------
# the DUT allocates and touches 32 MB at a time up to 512 MB, and aborts when
# an allocation fails
name=limit-mem
play $name 1 --dut "$LIB/riocheck-hostile-mem-hog.so" --limit-mem 64 &&
    verdicts "pass error pass" &&
    { detail worker.trigger | grep -q '^allocation failed / out of memory limit: .* of its 64 MB (--limit-mem)' ||
        bad "the detail does not give the reason: $(detail worker.trigger)"; } && ok
name=limit-mem-none
# (512 MB touched: slow under the sanitizers on a busy machine)
play $name 4 --dut "$LIB/riocheck-hostile-mem-hog.so" --limit-mem 0 --timeout-ms 120000 &&
    verdicts "pass pass pass" && ok
# the DUT spins in the trigger vector: the CPU limit ends it, not the time limit
name=limit-cpu
play $name 1 --dut "$LIB/riocheck-hostile-hang.so" --limit-cpu 1 --timeout-ms 60000 &&
    verdicts "pass error pass" &&
    { [ "$(detail worker.trigger)" = "killed: CPU limit (the DUT used up its 1 s of CPU time for this vector, --limit-cpu)" ] ||
        bad "the detail: $(detail worker.trigger)"; } && ok
name=limit-cpu-builtin
play $name 4 --limit-cpu 5 --limit-files 64 --limit-procs 4 --limit-mem 512 && verdicts "pass pass pass" && ok

# --- the options ------------------------------------------------------------------------
name=opt-bad-number
play $name 2 --limit-mem lots && has "--limit-mem lots" "$tmp/$name.err" && ok
name=opt-dut-cmd
play $name 2 --limit-cpu 3 --dut-cmd "$HB/hostile-dut" ok && has "--limit-cpu: " "$tmp/$name.err" && ok
name=opt-no-isolation
play $name 2 --limit-files 16 --no-isolation && has "--limit-files: there are no worker processes" "$tmp/$name.err" && ok
name=opt-help
"$R" run --help >"$tmp/$name.out" 2>&1
missing=""
for o in --limit-mem --limit-cpu --limit-files --limit-procs; do
    grep -q -- "^  $o " "$tmp/$name.out" || missing="$missing $o"
done
if [ -n "$missing" ]; then bad "--help does not describe$missing"; else ok; fi

echo "worker_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
