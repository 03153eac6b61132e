#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# fuzz/tools/proc-replay_test.sh - the differential target against a device
# behind --dut-cmd (issue 14; fuzz/README.md "Fuzzing a device behind
# --dut-cmd"): the diff replay binary runs a few seeds of fuzz/corpus/diff
# with RIOCHECK_FUZZ_DUT_CMD / RIOCHECK_FUZZ_DUT_CMD_FILE naming riocheck-shim:
#   - the reference served by the shim: no finding, the queries sent ahead
#     taken (fewer waits than with RIOCHECK_FUZZ_DUT_PREFETCH=0, same verdict);
#   - a conforming example (ok-*) served by the shim: no finding;
#   - a broken example (bad-ep-counter-wraps) served by the shim: the same
#     finding, word for word, as with the library loaded in process;
#   - bad-segv: "the DUT process failed: ... killed by signal 11" (under the
#     sanitizers "exited with status 1": UBSan stops at the null store), the input
#     named; bad-hang with a 300 ms timeout: "did not answer within 300 ms",
#     and its process is gone;
#   - a command file (one argument per line) with a blank in the program's
#     path; the same path in RIOCHECK_FUZZ_DUT_CMD is split (no quoting): a
#     clear error at startup;
#   - a DUT that cannot start, one that is not a DUT, an empty or missing
#     command file, two DUTs at once, a bad timeout: exit 2 with a message
#     naming the variable, before any input, and no finding.
# Environment: FUZZ_BIN (folder of diff-replay; default build/gcc/fuzz); the
# shim and the example libraries are taken beside it (../bin, ../lib).
# Run from the repository root. Ends with "proc_replay: N passed, N failed".
bin=${FUZZ_BIN:-build/gcc/fuzz}
top=$(cd "$bin/.." 2>/dev/null && pwd)
replay=$bin/diff-replay
shim=$top/bin/riocheck-shim
lib=$top/lib
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
for f in "$replay" "$shim" "$lib/riocheck-bad-ep-counter-wraps.so" "$lib/riocheck-bad-segv.so" \
         "$lib/riocheck-bad-hang.so" "$lib/riocheck-ok-ep-orphan-other.so"; do
    if [ ! -e "$f" ]; then
        echo "FAIL: $f missing (make fuzz-replay examples)"
        echo "proc_replay: 0 passed, 1 failed"
        exit 1
    fi
done
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
# a few seeds: sw, ep (repeats, queries after each event), rx, arbtx, gen,
# p12reg, codec
mkdir "$tmp/seeds" "$tmp/gen"
for s in v-p9.sw.choose.crf0-over-crf1-b.r2 v-p9.ep.orphan.saturated.r2 \
         v-p12.rx.r2.cs48.comingle.any-port-blocks v-p9.arbtx.r2.cmd.release-0-is-not-an-answer \
         v-p12.gen.r2.42a.cs48.same-group-accumulates \
         v-p12.cs48.sym.ka2.unpack v-p12.reg.r2.map.port-offset-formula; do
    cp "fuzz/corpus/diff/$s" "$tmp/seeds/" || bad "seed $s missing"
done
n=$(ls "$tmp/seeds" | wc -l)
# the generator seeds (bad-segv crashes at the first congest of port 3)
cp fuzz/corpus/diff/v-p12.gen.* "$tmp/gen/"
seeds=$tmp/seeds

# run NAME ENV...: the replay with the environment given, output in
# $tmp/NAME.out, status in rc
run() {
    name=$1
    shift
    env -u RIOCHECK_FUZZ_DUT -u RIOCHECK_FUZZ_DUT_CMD -u RIOCHECK_FUZZ_DUT_CMD_FILE \
        -u RIOCHECK_FUZZ_DUT_TIMEOUT_MS -u RIOCHECK_FUZZ_DUT_PREFETCH "$@" \
        sh -c '"$0" "$1" 2>&1' "$replay" "$seeds" >"$tmp/$name.out" 2>&1
    rc=$?
}
clean() { # NAME: exit 0, every seed ran, no finding
    if [ "$rc" -eq 0 ] && grep -q "^diff-replay: $n inputs" "$tmp/$1.out" &&
        ! grep -q '^fuzz_fail' "$tmp/$1.out"; then ok; else
        bad "$1: not clean (exit $rc)"; sed 's/^/  /' "$tmp/$1.out" | head -n 8; fi
}
finding() { # NAME PATTERN: aborted with a finding matching PATTERN, input named
    if [ "$rc" -ne 0 ] && grep -q "^fuzz_fail: .*$2" "$tmp/$1.out" &&
        grep -q '^replay: the failing input: ' "$tmp/$1.out"; then ok; else
        bad "$1: no finding '$2' (exit $rc)"; sed 's/^/  /' "$tmp/$1.out" | head -n 8; fi
}
refused() { # NAME PATTERN: exit 2 at startup with a message, no input run
    if [ "$rc" -eq 2 ] && grep -q -e "$2" "$tmp/$1.out" &&
        ! grep -q '^fuzz_fail\|^diff-replay: ' "$tmp/$1.out"; then ok; else
        bad "$1: not refused with '$2' (exit $rc)"; sed 's/^/  /' "$tmp/$1.out" | head -n 8; fi
}
waits() { sed -n 's/^diff: DUT process: .* \([0-9]*\) waits for an answer.*/\1/p' "$tmp/$1.out"; }

# the reference through the shim, with and without queries sent ahead
run ref RIOCHECK_FUZZ_DUT_CMD="$shim"
clean ref
grep -q "^diff: vendor DUT riocheck reference (process: RIOCHECK_FUZZ_DUT_CMD=$shim" "$tmp/ref.out" &&
    ok || bad "ref: no 'diff: vendor DUT' line naming the command"
run ref-noprefetch RIOCHECK_FUZZ_DUT_CMD="$shim" RIOCHECK_FUZZ_DUT_PREFETCH=0
clean ref-noprefetch
w1=$(waits ref)
w0=$(waits ref-noprefetch)
if [ -n "$w1" ] && [ -n "$w0" ] && [ "$w1" -gt 0 ] && [ $((w1 * 4)) -lt "$w0" ]; then ok; else
    bad "queries sent ahead: $w1 waits for an answer, without: $w0 (want under a quarter)"; fi
grep -q 'queries sent ahead (0 taken)' "$tmp/ref.out" &&
    bad "ref: no query sent ahead was taken" || ok

# a conforming example and a broken one through the shim
run ok RIOCHECK_FUZZ_DUT_CMD="$shim --dut $lib/riocheck-ok-ep-orphan-other.so"
clean ok
run bad-inproc RIOCHECK_FUZZ_DUT="$lib/riocheck-bad-ep-counter-wraps.so"
finding bad-inproc 'diff ep: query enabled'
run bad RIOCHECK_FUZZ_DUT_CMD="$shim --dut $lib/riocheck-bad-ep-counter-wraps.so"
finding bad 'diff ep: query enabled'
a=$(grep '^fuzz_fail' "$tmp/bad-inproc.out")
b=$(grep '^fuzz_fail' "$tmp/bad.out")
[ -n "$a" ] && [ "$a" = "$b" ] && ok ||
    bad "the finding through the shim differs from the one in process: '$b' vs '$a'"
run bad-noprefetch RIOCHECK_FUZZ_DUT_CMD="$shim --dut $lib/riocheck-bad-ep-counter-wraps.so" \
    RIOCHECK_FUZZ_DUT_PREFETCH=0
b0=$(grep '^fuzz_fail' "$tmp/bad-noprefetch.out")
[ -n "$a" ] && [ "$a" = "$b0" ] && ok ||
    bad "the finding without queries sent ahead differs: '$b0' vs '$a'"

# a crash and a hang of the DUT process are findings of the input
seeds=$tmp/gen
run segv RIOCHECK_FUZZ_DUT_CMD="$shim --dut $lib/riocheck-bad-segv.so"
# a sanitizer build of the example stops at the null store itself (UBSan: exit 1)
finding segv 'the DUT process failed: the DUT process \(was killed by signal 11 (Segmentation fault)\|exited with status 1\) (during .step [0-9]* congest port=3 '
seeds=$tmp/seeds
# a DUT that stops answering at its first step (a shell pipeline: the loop
# passes the requests to the shim until the first step, then sleeps)
cp "$shim" "$tmp/hang-shim"
printf '%s\n' sh -c 'while IFS= read -r l; do case $l in step*) sleep 600 ;; esac; printf "%s\n" "$l"; done | "$0"' \
    "$tmp/hang-shim" >"$tmp/hang.txt"
start=$(date +%s)
run hang RIOCHECK_FUZZ_DUT_CMD_FILE="$tmp/hang.txt" RIOCHECK_FUZZ_DUT_TIMEOUT_MS=300
end=$(date +%s)
finding hang "the DUT process failed: the DUT did not answer within 300 ms (to 'step 1 "
[ $((end - start)) -lt 30 ] && ok || bad "hang: took $((end - start)) s"
if ps -eo args 2>/dev/null | grep -v grep | grep -q -e "$tmp/hang-shim" -e "sleep 600"; then
    bad "hang: the hung DUT process is still running"
else ok; fi

# the command file: one argument per line; a blank in the path
mkdir "$tmp/with blank"
cp "$shim" "$tmp/with blank/riocheck-shim"
printf '%s\n--dut\n%s\n' "$tmp/with blank/riocheck-shim" "$lib/riocheck-bad-ep-counter-wraps.so" \
    >"$tmp/cmd.txt"
run file RIOCHECK_FUZZ_DUT_CMD_FILE="$tmp/cmd.txt"
finding file 'diff ep: query enabled'
printf '%s\r\n' "$tmp/with blank/riocheck-shim" >"$tmp/cmd-crlf.txt"
run file-crlf RIOCHECK_FUZZ_DUT_CMD_FILE="$tmp/cmd-crlf.txt"
clean file-crlf
run blank RIOCHECK_FUZZ_DUT_CMD="$tmp/with blank/riocheck-shim"
refused blank "^diff: cannot start the DUT of RIOCHECK_FUZZ_DUT_CMD=.*cannot start '$tmp/with'"

# refused at startup
run nostart RIOCHECK_FUZZ_DUT_CMD="$tmp/no-such-dut --x"
refused nostart "^diff: cannot start the DUT of RIOCHECK_FUZZ_DUT_CMD=$tmp/no-such-dut --x: cannot start '$tmp/no-such-dut': No such file or directory"
run notdut RIOCHECK_FUZZ_DUT_CMD="true"
refused notdut "^diff: cannot start the DUT of RIOCHECK_FUZZ_DUT_CMD=true: the DUT process exited with status 0"
run blanks RIOCHECK_FUZZ_DUT_CMD="   "
refused blanks "^diff: RIOCHECK_FUZZ_DUT_CMD: no program (only blanks)"
: >"$tmp/empty.txt"
run empty RIOCHECK_FUZZ_DUT_CMD_FILE="$tmp/empty.txt"
refused empty "^diff: RIOCHECK_FUZZ_DUT_CMD_FILE=$tmp/empty.txt:1: no program"
printf '\n%s\n' "$shim" >"$tmp/first-empty.txt"
run first-empty RIOCHECK_FUZZ_DUT_CMD_FILE="$tmp/first-empty.txt"
refused first-empty "^diff: RIOCHECK_FUZZ_DUT_CMD_FILE=$tmp/first-empty.txt:1: the first line (the program) is empty"
run missing RIOCHECK_FUZZ_DUT_CMD_FILE="$tmp/missing.txt"
refused missing "^diff: RIOCHECK_FUZZ_DUT_CMD_FILE=$tmp/missing.txt: No such file or directory"
run two RIOCHECK_FUZZ_DUT_CMD="$shim" RIOCHECK_FUZZ_DUT="$lib/riocheck-ok-ep-orphan-other.so"
refused two "^diff: give one of RIOCHECK_FUZZ_DUT"
for t in x -1 5s 99999999999; do
    run timeout RIOCHECK_FUZZ_DUT_CMD="$shim" RIOCHECK_FUZZ_DUT_TIMEOUT_MS="$t"
    refused timeout "^diff: RIOCHECK_FUZZ_DUT_TIMEOUT_MS=$t: not a number of milliseconds"
done
echo "proc_replay: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
