#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# fuzz/tools/engines_test.sh - `make fuzz-smoke ENGINES=libfuzzer|afl|both`
# (fuzz/README.md, CI): an engine that is not one of these is refused with a
# message naming it before anything is built; each engine builds and runs
# only its own targets and checks only its own tools; both is the default.
# Needs no clang and no AFL++ (make -n: nothing is built or run).
# Run from the repository root. Ends with "engines_test: N passed, N failed".
pass=0; fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
# a make of its own: nothing of the make that runs this test (make check's
# -j, jobserver or variables) leaks in
mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory BUILD="$tmp/b" "$@"; }

# refused: the message names the value and the choices; exit status 2; no build
for v in bogus "libfuzzer afl" AFL; do
    mk fuzz-smoke ENGINES="$v" >"$tmp/out" 2>&1; st=$?
    [ "$st" -eq 2 ] && ok || bad "ENGINES='$v': exit status $st, want 2"
    grep -q "ENGINES=$v is not one of libfuzzer, afl, both" "$tmp/out" && ok ||
        { bad "ENGINES='$v': no message naming it"; sed 's/^/  /' "$tmp/out" | head -n 5; }
    [ ! -e "$tmp/b" ] && ok || bad "ENGINES='$v': something was built"
done
ENGINES=bogus sh fuzz/tools/smoke.sh 1 1 cs48 >"$tmp/out" 2>&1; st=$?
{ [ "$st" -eq 2 ] && grep -q "'bogus' is not an engine" "$tmp/out"; } && ok ||
    bad "smoke.sh ENGINES=bogus: status $st: $(cat "$tmp/out")"

# what each choice builds, checks and runs (make -n prints the commands; the
# sub-makes run with -n too)
plan() { mk -n fuzz-smoke ENGINES="$1" >"$tmp/plan.$1" 2>&1 || { bad "make -n fuzz-smoke ENGINES=$1 failed"; sed 's/^/  /' "$tmp/plan.$1" | head -n 5; }; }
has() { grep -q -e "$2" "$tmp/plan.$1" && ok || bad "ENGINES=$1: no '$2' in the plan"; }
lacks() { grep -q -e "$2" "$tmp/plan.$1" && bad "ENGINES=$1: '$2' in the plan" || ok; }
plan libfuzzer
has libfuzzer 'ENGINES="libfuzzer" sh fuzz/tools/smoke.sh'
has libfuzzer '-fsanitize=fuzzer '
lacks libfuzzer 'afl-clang-fast'
lacks libfuzzer 'apt-get install afl++'
plan afl
has afl 'ENGINES="afl" sh fuzz/tools/smoke.sh'
has afl 'afl-clang-fast'
lacks afl '-fsanitize=fuzzer '
lacks afl 'libFuzzer runtime'
plan both
has both 'ENGINES="libfuzzer afl" sh fuzz/tools/smoke.sh'
has both '-fsanitize=fuzzer '
has both 'afl-clang-fast'
mk -n fuzz-smoke >"$tmp/plan.default" 2>&1
grep -q 'ENGINES="libfuzzer afl" sh fuzz/tools/smoke.sh' "$tmp/plan.default" && ok ||
    bad "the default is not both engines"

echo "engines_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
