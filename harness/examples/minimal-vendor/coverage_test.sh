#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# coverage_test.sh - the vendor coverage recipe of docs/coverage.md works on
# the minimal adapter (this folder): build it with --coverage (its own
# Makefile, CFLAGS="-O0 -g --coverage"), run riocheck, read the figures with
# gcov (gcc's own: no lcov needed, so this test always runs).
#   - the default run (the DUT loaded only in riocheck's worker processes)
#     writes the adapter's coverage data, and its figures (lines, branches)
#     equal those of --no-isolation (the DUT inside riocheck); every line runs
#     as often in both, except the entry function riocheck_dut_v2, run once
#     per process that loads the library (two workers: the one that
#     describes the DUT, the one that runs the vectors);
#   - --dut-cmd riocheck-shim --dut LIB (a process that ends normally at the
#     end of its input) gives the same figures;
#   - a library whose destructor hangs, crashes, writes into riocheck's
#     descriptors or exits loses no result: the run exits 0 with every
#     verdict, in bounded time (the worker is killed --timeout-ms after its
#     last result).
# Without the worker's flush (isolate.c, iso_worker_end) the default run
# writes no data: the first check fails.
# Runs from anywhere; RIOCHECK overrides the binary (default
# build/gcc/bin/riocheck); riocheck-shim is looked for beside it. Last line:
# "coverage_test: N passed, N failed".

root=$(cd "$(dirname "$0")/../../.." && pwd) || exit 3
cd "$root" || exit 3
T=coverage_test; . harness/examples/minimal_vendor_lib.sh
SHIM=$(dirname "$R")/riocheck-shim
RUNARGS="--suite $SUITE --sweep-stride 4099 --no-reports"
for tool in gcc gcov; do
    if ! command -v $tool >/dev/null 2>&1; then
        bad "$tool not found (apt-get install gcc)"
        finish
    fi
done

# The recipe's build: the vendor's own Makefile, with --coverage.
OUT=$tmp/cov
LIB=$OUT/$LIBNAME
if make --no-print-directory -C "$EX" CC=gcc CFLAGS="-O0 -g --coverage" OUT="$OUT" \
    >"$tmp/build.log" 2>&1 && [ -f "$LIB" ] && ls "$OUT"/*.gcno >/dev/null 2>&1; then
    ok "the adapter builds with --coverage (its Makefile, CFLAGS=\"-O0 -g --coverage\")"
else
    bad "the adapter does not build with --coverage:"
    cat "$tmp/build.log"
    finish
fi
GCDA=$OUT/$LIBNAME-minimal_dut.gcda

# figures NAME: gcov's summary of the data now in $OUT ("lines% branches%
# taken%", e.g. "78.79%/132 90.36%/83 66.27%/83") into $tmp/NAME.fig, and
# each line's count ("LINE COUNT", - for no code) into $tmp/NAME.cnt. gcov
# runs in the folder the adapter was compiled in (its source is relative).
figures() {
    if [ ! -f "$GCDA" ]; then
        echo "none" >"$tmp/$1.fig"
        : >"$tmp/$1.cnt"
        return
    fi
    (cd "$EX" && gcov -n -b -o "$OUT" "$GCDA" 2>/dev/null) | awk '
        /^Lines executed:/ && l == "" { sub(/^Lines executed:/, ""); sub(/ of /, "/"); l = $0 }
        /^Branches executed:/ && b == "" { sub(/^Branches executed:/, ""); sub(/ of /, "/"); b = $0 }
        /^Taken at least once:/ && t == "" { sub(/^Taken at least once:/, ""); sub(/ of /, "/"); t = $0 }
        END { print l " " b " " t }' >"$tmp/$1.fig"
    (cd "$EX" && gcov -t -o "$OUT" "$GCDA" 2>/dev/null) |
        awk -F: '{ c = $1; n = $2; gsub(/ /, "", c); gsub(/ /, "", n); if (n + 0 > 0) print n, c }' \
            | LC_ALL=C sort >"$tmp/$1.cnt"
}
# show NAME: "lines L%, branches taken T% (executed B%)"
show() {
    awk '$1 == "none" { print "no coverage data"; next }
         { split($1, l, "/"); split($2, b, "/"); split($3, t, "/")
           printf "lines %s of %s, branches taken %s (executed %s) of %s\n", l[1], l[2], t[1], b[1], b[2] }' \
        "$tmp/$1.fig"
}
# run NAME ARGS...: a riocheck run from no data, then its figures
run() {
    name=$1
    shift
    rm -f "$OUT"/*.gcda
    # shellcheck disable=SC2086 # RUNARGS: several words
    "$R" run "$@" $RUNARGS >"$tmp/$name.tap" 2>"$tmp/$name.err"
    echo $? >"$tmp/$name.rc"
    figures "$name"
}

run iso --dut "$LIB"
run noiso --no-isolation --dut "$LIB"
echo "# default run (isolated):  $(show iso)"
echo "# --no-isolation:          $(show noiso)"
if [ "$(cat "$tmp/iso.rc")" = 0 ] && [ "$(cat "$tmp/noiso.rc")" = 0 ]; then
    ok "both runs exit 0: $(grep '^run: ' "$tmp/iso.tap" | sed 's/ in .*//')"
else
    bad "a run failed: default exit $(cat "$tmp/iso.rc"), --no-isolation exit $(cat "$tmp/noiso.rc")"
    cat "$tmp/iso.err" "$tmp/noiso.err"
fi
if [ -s "$tmp/iso.cnt" ] && awk '$2 != "-" && $2 + 0 > 0 { n++ } END { exit !(n > 0) }' "$tmp/iso.cnt"; then
    ok "the default run writes the adapter's coverage data (a worker's, flushed at its end)"
else
    bad "the default run wrote no coverage data of the adapter ($(cat "$tmp/iso.fig"))"
fi
if [ "$(cat "$tmp/iso.fig")" = "$(cat "$tmp/noiso.fig")" ] && [ -s "$tmp/noiso.cnt" ]; then
    ok "the default run's figures equal --no-isolation's: $(cat "$tmp/iso.fig")"
else
    bad "figures differ: default $(cat "$tmp/iso.fig"), --no-isolation $(cat "$tmp/noiso.fig")"
fi
# Every line runs as often, but a line of the entry function (once per
# loading: twice, against once) - nothing counted twice, nothing lost.
LC_ALL=C join "$tmp/iso.cnt" "$tmp/noiso.cnt" 2>/dev/null >"$tmp/joined" || :
differ=$(awk '$2 != $3 && !($2 == "2" && $3 == "1")' "$tmp/joined" | wc -l | tr -d ' ')
loads=$(awk '$2 == "2" && $3 == "1"' "$tmp/joined" | wc -l | tr -d ' ')
same=$(wc -l <"$tmp/joined" | tr -d ' ')
if [ "$same" -gt 0 ] && [ "$same" -eq "$(wc -l <"$tmp/noiso.cnt" | tr -d ' ')" ] && [ "$differ" -eq 0 ] &&
    [ "$loads" -le 4 ]; then
    ok "every line's count is --no-isolation's ($same lines; $loads of the entry function run once per worker)"
else
    bad "line counts differ from --no-isolation's ($differ lines, $loads once-per-load; iso: LINE COUNT, noiso: LINE COUNT):"
    diff "$tmp/iso.cnt" "$tmp/noiso.cnt" | head -10
fi

# --dut-cmd: the process ends normally at the end of its input (exit or
# return from main), which writes its data.
if [ -x "$SHIM" ]; then
    # a sanitizer build of riocheck-shim never frees the library it loads
    # (shim_main.c load_dut); LeakSanitizer then ends it with _exit before
    # the library's destructors run, and no data is written: leaks are not
    # what this checks
    asan_was=${ASAN_OPTIONS-}
    export ASAN_OPTIONS="${asan_was:+$asan_was:}detect_leaks=0"
    run cmd --dut-cmd "$SHIM" --dut "$LIB" --
    if [ -n "$asan_was" ]; then ASAN_OPTIONS=$asan_was; else unset ASAN_OPTIONS; fi
    echo "# --dut-cmd riocheck-shim: $(show cmd)"
    if [ "$(cat "$tmp/cmd.rc")" = 0 ] && [ "$(cat "$tmp/cmd.fig")" = "$(cat "$tmp/noiso.fig")" ]; then
        ok "--dut-cmd riocheck-shim --dut LIB: the same figures"
    else
        bad "--dut-cmd: exit $(cat "$tmp/cmd.rc"), figures $(cat "$tmp/cmd.fig") (want $(cat "$tmp/noiso.fig"))"
        cat "$tmp/cmd.err"
    fi
else
    echo "skip - $SHIM not found (make cli): --dut-cmd not checked"
fi

# Hostile destructors: dlclose at the end of a worker runs them; the results
# are in before. Each copy of the adapter gets one more destructor.
want=$(grep '^run: ' "$tmp/noiso.tap" | sed 's/ in .*//')
for kind in hang segv pipe exit; do
    case $kind in
    hang) body='for (;;) pause();' ;;
    segv) body='raise(SIGSEGV);' ;;
    pipe) body='static const char junk[] = "RCV1 not a result"; for (int fd = 0; fd < 64; fd++) (void)!write(fd, junk, sizeof junk);' ;;
    exit) body='exit(7);' ;;
    esac
    cat >"$tmp/dtor-$kind.c" <<EOF
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>
__attribute__((destructor)) static void hostile_dtor(void) { $body }
EOF
    if ! gcc -O0 -g --coverage -fPIC -shared -I"$root/harness/include" -o "$tmp/dtor-$kind.so" \
        "$EX/minimal_dut.c" "$tmp/dtor-$kind.c" >"$tmp/dtor-$kind.log" 2>&1; then
        bad "the adapter with a '$kind' destructor does not build:"
        cat "$tmp/dtor-$kind.log"
        continue
    fi
    t0=$(date +%s)
    # shellcheck disable=SC2086
    "$R" run --dut "$tmp/dtor-$kind.so" --timeout-ms 1500 $RUNARGS >"$tmp/dtor-$kind.tap" 2>"$tmp/dtor-$kind.err"
    rc=$?
    secs=$(($(date +%s) - t0))
    got=$(grep '^run: ' "$tmp/dtor-$kind.tap" | sed 's/ in .*//')
    if [ "$rc" -eq 0 ] && [ "$got" = "$want" ] && [ "$secs" -le 60 ]; then
        ok "a destructor that does '$kind' loses no result (exit 0, $got, ${secs} s)"
    else
        bad "a destructor that does '$kind': exit $rc, '$got' (want '$want'), ${secs} s"
        tail -5 "$tmp/dtor-$kind.err"
    fi
done

finish
