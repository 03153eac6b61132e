# SPDX-License-Identifier: Apache-2.0
# minimal_vendor_lib.sh - the common start of the tests of the minimal vendor
# adapter (minimal_vendor_test.sh, minimal-vendor/coverage_test.sh): sourced
# from the checkout's root, with T set to the test's name, by
#     T=NAME_test; . harness/examples/minimal_vendor_lib.sh
# It gives R (the riocheck binary: $RIOCHECK, default build/gcc/bin/riocheck),
# EX (the adapter's folder), LIBNAME (the library its Makefile builds),
# SUITE (the suite it is run on), tmp (a temporary folder, removed at exit),
# pass, fail, ok TEXT, bad TEXT, and finish (prints "NAME: N passed, N
# failed" and exits 0 only when nothing failed). A missing riocheck binary
# ends the test failed. A make that runs the test passes its own
# command-line variables down in MAKEFLAGS: they are unset here, so that the
# example's Makefile sees only what the test gives it.
R=${RIOCHECK:-build/gcc/bin/riocheck}
EX=harness/examples/minimal-vendor
LIBNAME=libminimal_dut.so
SUITE=p12-cs64
unset MAKEFLAGS MFLAGS MAKELEVEL
tmp=$(mktemp -d "${TMPDIR:-/tmp}/$T.XXXXXX") || exit 3
trap 'rm -rf "$tmp"' EXIT

pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
bad() { fail=$((fail + 1)); echo "FAIL - $1"; }
finish() {
    echo "$T: $pass passed, $fail failed"
    [ "$fail" -eq 0 ]
    exit $?
}

if [ ! -x "$R" ]; then
    bad "riocheck binary $R not found (run make cli)"
    finish
fi
