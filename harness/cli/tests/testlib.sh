# SPDX-License-Identifier: Apache-2.0
# testlib.sh - the common start of the riocheck tests in this folder that
# build a test DUT: sourced, with T set to the test's name, by
#     T=NAME_test; . "$(dirname "$0")/testlib.sh"
# It gives:
#   R        the riocheck binary, absolute ($RIOCHECK, required)
#   BIN      its folder; SHIM riocheck-shim beside it
#   root     the checkout, which is the current folder from here on
#   tmp      a temporary folder, removed at exit
#   pass, fail, and ok (one more passed), bad TEXT (one more failed: prints
#            "FAIL TEXT"), has/hasnt NAME FILE TEXT (FILE holds / does not
#            hold the fixed string TEXT)
#   build_dut OUT SRC [CFLAGS...]  the DUT library OUT from the C file SRC
#            with CC (default cc); when it does not build, the test ends
#            failed with the compiler's message
#   finish   prints "NAME: N passed, N failed" and exits 0 only when
#            nothing failed
R=${RIOCHECK:?set RIOCHECK to the riocheck binary}
case $R in /*) ;; *) R=$(pwd)/$R ;; esac
BIN=$(dirname "$R")
SHIM=$BIN/riocheck-shim
root=$(cd "$(dirname "$0")/../../.." && pwd) || exit 3
cd "$root" || exit 3
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL %s\n' "$*"; }
has() { if grep -qF -- "$3" "$2"; then ok; else bad "$1: $2 lacks: $3"; fi; }
hasnt() { if grep -qF -- "$3" "$2"; then bad "$1: $2 holds: $3"; else ok; fi; }
finish() {
    echo "$T: $pass passed, $fail failed"
    [ "$fail" -eq 0 ] && exit 0
    exit 1
}
build_dut() {
    _out=$1; _src=$2; shift 2
    if ! ${CC:-cc} -std=c11 -D_DEFAULT_SOURCE -shared -fPIC -O1 -I harness/include "$@" \
            -o "$_out" "$_src" 2>"$tmp/cc.err"; then
        bad "cannot build $(basename "$_src")${1:+ ($*)}: $(cat "$tmp/cc.err")"
        finish
    fi
}
