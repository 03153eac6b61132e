#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# fuzz/tools/diff-conforming.sh - the differential fuzz target's soundness
# test (issue 10): replays fuzz/corpus/diff with the diff replay binary
# against every example DUT built by `make examples`:
#   - every CONFORMING device (riocheck-reference.so, riocheck-ok-*.so,
#     riocheck-opt-quiet.so) must give no finding: a difference the spec
#     permits is a "permitted divergence" (counted on the "diff: permitted"
#     line), never a finding;
#   - every BROKEN device (riocheck-bad-*.so except bad-hang and bad-segv,
#     which test the runner) must be found by the seeds alone, except one
#     whose source (harness/examples/NAME.c) has a line " * DIFF-SKIP: why"
#     (e.g. it breaks only an RC_NOTE output, which the target does not
#     compare): it is listed as skipped with that reason.
# One line per library; ends with "diff_conforming: N passed, N failed".
#
# Environment: FUZZ_BIN (folder of diff-replay; default build/gcc/fuzz),
# LIBDIR (default: the lib folder beside FUZZ_BIN, i.e. build/gcc/lib),
# MUTANTS (default 0: also run every prefix and single-bit flip of inputs up
# to MUTANTS bytes; 64 takes about a minute per conforming library).
# Besides the seeds it replays the REFUSED-MODE programs (fuzz/common/
# evcfg.h: a header count byte 0xFF, then pick and v) it writes into a
# scratch folder: every family of configurations the spec rules out of
# machines 1-6 (p12reg, p9reg, gen, rx, ep, sw), picks 0-7, v 0, 1, 5, 200
# (192 programs): the reference must refuse every one, a conforming device
# must not accept one, and bad-create-p12reg-257 is found by them.
# Run from the repository root (`make check` does).
bin=${FUZZ_BIN:-build/gcc/fuzz}
LIBDIR=${LIBDIR:-$bin/../lib}
MUTANTS=${MUTANTS:-0}
corpus=fuzz/corpus/diff
replay=$bin/diff-replay
if [ ! -x "$replay" ] || [ ! -d "$corpus" ]; then
    echo "FAIL diff_conforming: $replay or $corpus missing (make fuzz-replay)"
    echo "diff_conforming: 0 passed, 1 failed"
    exit 1
fi
set -- "$LIBDIR"/riocheck-*.so
if [ ! -e "$1" ]; then
    echo "FAIL diff_conforming: no $LIBDIR/riocheck-*.so (make examples)"
    echo "diff_conforming: 0 passed, 1 failed"
    exit 1
fi
refdir=$(mktemp -d "${TMPDIR:-/tmp}/diff-conforming.XXXXXX") || exit 1
trap 'rm -rf "$refdir"' EXIT INT TERM
for m in 1 2 3 4 5 6; do
    for pick in 0 1 2 3 4 5 6 7; do
        for v in 0 1 5 200; do
            # printf octal escapes: machine, 0xFF (the refused mode), pick, v
            printf "\\$(printf %o "$m")\\377\\$(printf %o "$pick")\\$(printf %o "$v")" \
                >"$refdir/refused-$m-$pick-$v"
        done
    done
done
pass=0
fail=0
nok=0
for so in "$@"; do
    name=$(basename "$so" .so)
    name=${name#riocheck-}
    case "$so" in /*) ;; *) so=$(pwd)/$so ;; esac
    case "$name" in
    bad-hang | bad-segv) continue ;;
    bad-*)
        want=found
        why=$(sed -n 's/^ \* DIFF-SKIP: //p' "harness/examples/$name.c" 2>/dev/null | head -n 1)
        if [ -n "$why" ]; then
            echo "skip $name: $why"
            continue
        fi ;;
    reference | ok-* | opt-quiet) want=clean; nok=$((nok + 1)) ;;
    *) continue ;;
    esac
    m=0
    [ "$want" = clean ] && m=$MUTANTS
    # (an inner sh, so that its "Aborted" goes into out)
    out=$(RIOCHECK_FUZZ_DUT=$so sh -c '"$0" --mutants="$1" "$2" "$3" 2>&1' \
        "$replay" "$m" "$corpus" "$refdir" 2>&1)
    rc=$?
    finding=$(printf '%s\n' "$out" | grep -m 1 '^fuzz_fail:' | cut -c 12-200)
    if [ "$want" = clean ]; then
        runs=$(printf '%s\n' "$out" | sed -n 's/^diff-replay: \([0-9]*\) inputs.*/\1/p')
        perm=$(printf '%s\n' "$out" | grep -m 1 '^diff: permitted' | cut -c 1-400)
        if [ "$rc" -eq 0 ] && [ -z "$finding" ]; then
            echo "ok   $name: no finding in ${runs:-?} inputs${perm:+; $perm}"
            pass=$((pass + 1))
        else
            echo "FAIL $name (conforming): $finding"
            printf '%s\n' "$out" | grep -m 1 '^replay: the failing input'
            fail=$((fail + 1))
        fi
    else
        if [ -n "$finding" ] || [ "$rc" -ne 0 ]; then
            echo "ok   $name found: ${finding:-exit $rc}"
            pass=$((pass + 1))
        else
            echo "FAIL $name (broken): not found by the seeds of $corpus"
            fail=$((fail + 1))
        fi
    fi
done
if [ "$nok" -lt 2 ]; then
    echo "FAIL diff_conforming: only $nok conforming libraries in $LIBDIR"
    fail=$((fail + 1))
fi
echo "diff_conforming: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
