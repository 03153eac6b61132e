#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# install_test.sh - `make install` as a vendor or a packager uses it (issue 13;
# README.md, Installing):
#   1. make install DESTDIR=TMP/stage PREFIX=/opt/riocheck-test: every file in
#      its place under DESTDIR+PREFIX and nothing outside it; librio.so.V.0
#      with the SONAME librio.so.MAJOR and both symlinks, V the version
#      `riocheck --version` prints; the headers, the data, the man pages (no
#      @placeholder@ left; `man -l` shows them when man is installed) and the
#      bash completion;
#   2. the installed riocheck, run from another folder (data from the staged
#      tree: RIOCHECK_DATA, or --root while riocheck has no --data): --help,
#      and `riocheck run` against the built-in reference is an overall pass
#      and writes only into its --out folder; the time from `make install` to
#      this first run is printed;
#   3. pkg-config (PKG_CONFIG_PATH into the staged tree, --define-prefix, else
#      PKG_CONFIG_SYSROOT_DIR): riocheck-dut gives -I of the installed
#      include folder and no library, rio gives -lrio; a program built with
#      `pkg-config --cflags --libs rio` needs librio.so.MAJOR and prints the
#      library's rio_version();
#   4. harness/examples/minimal-vendor's adapter, copied out of the checkout
#      and built with `pkg-config --cflags riocheck-dut` and the strict
#      warnings, uses the installed dut.h and passes the p12-cs64 suite under
#      the installed riocheck;
#   5. make install PREFIX=TMP/prefix (no DESTDIR) recompiles riocheck for
#      the new data directory; once riocheck has --data (the compiled-in
#      data directory), it runs from another folder with no option and no
#      RIOCHECK_DATA;
#   6. make uninstall removes every file of both installs;
#   and first (make -n): CC from the environment or the command line is the
#   default variant's compiler, CPPFLAGS and CFLAGS are passed, WERROR=0
#   keeps the warnings without -Werror, VARIANT=clang keeps clang.
# RIOCHECK: the variant's riocheck (default build/gcc/bin/riocheck): the
# install uses its BUILD and VARIANT. INSTALL_TEST_MAKE: the make command
# (default make). Last line: "install_test: N passed, N failed".

root=$(cd "$(dirname "$0")/../../.." && pwd) || exit 3
cd "$root" || exit 3
R=${RIOCHECK:-build/gcc/bin/riocheck}
MAKE_CMD=${INSTALL_TEST_MAKE:-make}
O=$(dirname "$(dirname "$R")")
VARIANT=$(basename "$O")
BUILD=$(dirname "$O")
# A make that runs this script passes its command-line variables down in
# MAKEFLAGS: the installs must see only what is given here.
unset MAKEFLAGS MFLAGS MAKELEVEL RIOCHECK_DATA PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR PKG_CONFIG_LIBDIR
tmp=$(mktemp -d "${TMPDIR:-/tmp}/install_test.XXXXXX") || exit 3
trap 'rm -rf "$tmp"' EXIT
# the folder a vendor runs the installed tool from: not the checkout
mkdir "$tmp/elsewhere" || exit 3

pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
bad() { fail=$((fail + 1)); echo "FAIL - $1"; }
finish() {
    echo "install_test: $pass passed, $fail failed"
    [ "$fail" -eq 0 ]
    exit $?
}
now() { date +%s.%N; }
if [ ! -x "$R" ]; then
    bad "riocheck binary $R not found (make cli)"
    finish
fi
version=$("$R" --version 2>/dev/null | awk '{ print $NF; exit }')
case "$version" in
[0-9]*.[0-9]*) ;;
*)
    bad "riocheck --version gives no version: '$version'"
    finish
    ;;
esac
major=${version%%.*}
case "$version" in *.*.*) libver=$version ;; *) libver=$version.0 ;; esac

# -- 0. a packager's flags (make -n: the compile line of one object) ----------------
# plan "ENV=V ..." [MAKEVAR=V...]: the command make would run to compile
# harness/cli/main.c in a build folder that does not exist, with those
# environment and make variables.
plan() {
    envs=$1
    shift
    variant=gcc
    for a in "$@"; do
        case "$a" in VARIANT=*) variant=${a#VARIANT=} ;; esac
    done
    # shellcheck disable=SC2086 # envs: words
    env -u CC -u CFLAGS -u CPPFLAGS -u LDFLAGS -u WERROR $envs $MAKE_CMD --no-print-directory -n -C "$root" \
        BUILD="$tmp/plan" "$@" "$tmp/plan/$variant/harness/cli/main.o" 2>&1 | grep -- '-c harness/cli/main.c'
}
p=$(plan "")
case "$p" in
"gcc "*-Wall*-Werror*) ok "default: gcc with the strict warnings and -Werror" ;;
*) bad "default compile line: $p" ;;
esac
p=$(plan CC=my-cc-14)
case "$p" in
"my-cc-14 "*-Werror*) ok "CC from the environment is the gcc variant's compiler" ;;
*) bad "CC=my-cc-14 in the environment: $p" ;;
esac
p=$(plan "" CC=my-cc-14 CPPFLAGS=-DRC_PLAN_MARK CFLAGS=-DRC_PLAN_CFLAGS WERROR=0)
case "$p" in
*-Werror*) bad "WERROR=0 still has -Werror: $p" ;;
"my-cc-14 "*-Wall*-Wconversion*-DRC_PLAN_MARK*-DRC_PLAN_CFLAGS*) ok "make CC=... CPPFLAGS=... CFLAGS=... WERROR=0: that compiler, CPPFLAGS before CFLAGS, the warnings without -Werror" ;;
*) bad "make CC=my-cc-14 CPPFLAGS=... WERROR=0: $p" ;;
esac
p=$(plan CC=my-cc-14 VARIANT=clang)
case "$p" in
"clang "*) ok "VARIANT=clang keeps clang (CC in the environment is for the default variant)" ;;
*) bad "VARIANT=clang with CC in the environment: $p" ;;
esac
rm -rf "$tmp/plan"

# -- 1. the staged install -----------------------------------------------------
P=/opt/riocheck-test
S=$tmp/stage$P
t0=$(now)
if $MAKE_CMD --no-print-directory -C "$root" BUILD="$BUILD" VARIANT="$VARIANT" \
    DESTDIR="$tmp/stage" PREFIX="$P" install >"$tmp/install.log" 2>&1; then
    ok "make install DESTDIR=... PREFIX=$P"
    touch "$tmp/installed"
else
    bad "make install DESTDIR=... PREFIX=$P failed:"
    tail -20 "$tmp/install.log"
    finish
fi

missing=""
for f in bin/riocheck bin/riocheck-shim lib/librio.a lib/librio.so.$libver \
    include/riocheck/dut.h lib/pkgconfig/rio.pc lib/pkgconfig/riocheck-dut.pc \
    share/riocheck/suites/catalogue.tsv share/riocheck/suites/suites.tsv \
    share/riocheck/vectors/selfcheck/known-answers.txt share/riocheck/docs/vendor-guide.md \
    share/riocheck/docs/dut-protocol.md share/riocheck/docs/interpretations.md \
    share/man/man1/riocheck.1 share/man/man1/riocheck-shim.1 \
    share/bash-completion/completions/riocheck; do
    [ -f "$S/$f" ] || missing="$missing $f"
done
for h in reference/include/rio/*.h; do
    [ -f "$S/include/rio/$(basename "$h")" ] || missing="$missing include/rio/$(basename "$h")"
done
for v in $(cd "$root" && find vectors suites -type f); do
    cmp -s "$root/$v" "$S/share/riocheck/$v" || missing="$missing share/riocheck/$v"
done
if [ -z "$missing" ]; then
    ok "every file is installed (programs, libraries, headers, pkg-config, data, man pages, completion)"
else
    bad "not installed or different:$missing"
fi
if [ -x "$S/bin/riocheck" ] && [ -x "$S/bin/riocheck-shim" ] && [ ! -x "$S/include/riocheck/dut.h" ]; then
    ok "programs are executable, headers are not"
else
    bad "modes: $(ls -l "$S/bin" "$S/include/riocheck" 2>&1 | tr '\n' ' ')"
fi
outside=$(cd "$tmp/stage" && find . ! -type d | grep -v "^\.$P/")
if [ -z "$outside" ]; then
    ok "nothing is installed outside DESTDIR+PREFIX"
else
    bad "installed outside $P: $outside"
fi

l0=$(readlink "$S/lib/librio.so.$major")
l1=$(readlink "$S/lib/librio.so")
if [ "$l0" = "librio.so.$libver" ] && [ "$l1" = "librio.so.$libver" ]; then
    ok "lib/librio.so.$major and lib/librio.so link to librio.so.$libver (the version riocheck prints)"
else
    bad "symlinks: librio.so.$major -> '$l0', librio.so -> '$l1' (want librio.so.$libver)"
fi
if command -v readelf >/dev/null 2>&1; then
    soname=$(readelf -d "$S/lib/librio.so.$libver" 2>/dev/null | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')
    if [ "$soname" = "librio.so.$major" ]; then
        ok "the SONAME of librio.so.$libver is librio.so.$major"
    else
        bad "SONAME of librio.so.$libver: '$soname' (want librio.so.$major)"
    fi
else
    echo "skip - readelf not found (apt-get install binutils): SONAME not checked"
fi
left=$(grep -l '@[A-Z_]*@' "$S/share/man/man1/"*.1 "$S/lib/pkgconfig/"*.pc 2>/dev/null)
if [ -z "$left" ]; then
    ok "no @PLACEHOLDER@ left in the man pages and .pc files"
else
    bad "placeholders left in: $left"
fi
if grep -q "riocheck $version" "$S/share/man/man1/riocheck.1" && grep -q "$P/share/riocheck" "$S/share/man/man1/riocheck.1"; then
    ok "riocheck.1 names version $version and the data directory $P/share/riocheck"
else
    bad "riocheck.1 does not name the version $version or $P/share/riocheck"
fi
if command -v man >/dev/null 2>&1; then
    if (cd "$tmp/elsewhere" && MANWIDTH=80 man -l "$S/share/man/man1/riocheck.1" 2>&1) | grep -qE '^ *riocheck +[^ ]+ +conformance' &&
        (cd "$tmp/elsewhere" && MANWIDTH=80 man -l "$S/share/man/man1/riocheck-shim.1" 2>&1) | grep -qE '^ *riocheck-shim +[^ ]+ +serve'; then
        ok "man -l shows the installed riocheck.1 and riocheck-shim.1"
    else
        bad "man -l does not show the installed pages"
    fi
else
    echo "skip - man not found (apt-get install man-db): man -l not tried"
fi
if command -v bash >/dev/null 2>&1; then
    got=$(cd "$tmp/elsewhere" && bash -c '. "$1"; COMP_WORDS=("$2" ""); COMP_CWORD=1; _riocheck; echo "${COMPREPLY[*]}"' \
        sh "$S/share/bash-completion/completions/riocheck" "$S/bin/riocheck")
    case " $got " in
    *" run "*" export "*) ok "the installed completion completes the installed riocheck's commands ($got)" ;;
    *) bad "the installed completion offers '$got'" ;;
    esac
fi

# -- 2. the installed riocheck from another folder --------------------------------
# The data of the staged tree: its compiled-in folder $P/share/riocheck does
# not exist (DESTDIR). RIOCHECK_DATA when riocheck reads it (it has --data
# then), else --root.
if "$S/bin/riocheck" run --help 2>/dev/null | grep -q -- '--data'; then
    has_data=1
    data_env="RIOCHECK_DATA=$S/share/riocheck"
    data_opt=""
else
    has_data=0
    data_env=""
    data_opt="--root $S/share/riocheck"
    echo "# riocheck run has no --data yet: the data folder is given with --root"
fi
if (cd "$tmp/elsewhere" && "$S/bin/riocheck" --help >"$tmp/help.out" 2>&1) && grep -q '^Usage: riocheck' "$tmp/help.out"; then
    ok "the installed riocheck --help"
else
    bad "the installed riocheck --help: $(head -3 "$tmp/help.out")"
fi
# shellcheck disable=SC2086 # data_env and data_opt are words or nothing
(cd "$tmp/elsewhere" && env $data_env "$S/bin/riocheck" run $data_opt --out "$tmp/out" --sweep-stride 61 \
    >"$tmp/run.tap" 2>"$tmp/run.err")
rc=$?
t1=$(now)
if [ "$rc" -eq 0 ] && grep -q '^# overall: pass' "$tmp/run.tap" && [ -s "$tmp/out/results.json" ]; then
    ok "the installed riocheck run from another folder: overall pass, results in --out"
else
    bad "the installed riocheck run: exit $rc"
    tail -5 "$tmp/run.tap"
    cat "$tmp/run.err"
fi
if [ -z "$(ls -A "$tmp/elsewhere")" ]; then
    ok "the run wrote nothing into the folder it ran from"
else
    bad "the run left files in its working folder: $(ls -A "$tmp/elsewhere" | tr '\n' ' ')"
fi
changed=$(cd "$S/share/riocheck" && find . -newer "$tmp/installed" 2>&1)
if [ -z "$changed" ]; then
    ok "the run wrote nothing into the installed data"
else
    bad "the run wrote into share/riocheck: $changed"
fi
echo "# time: make install (BUILD=$BUILD) to the end of the first run of the installed riocheck: $(echo "$t0 $t1" | awk '{ printf "%.1f", $2 - $1 }') s"
rm -rf "$tmp/out"

# -- 3. pkg-config ---------------------------------------------------------------
PC=""
if command -v pkg-config >/dev/null 2>&1; then
    if PKG_CONFIG_PATH=$S/lib/pkgconfig pkg-config --define-prefix --cflags riocheck-dut >/dev/null 2>&1; then
        PC="pkg-config --define-prefix"
        export PKG_CONFIG_PATH="$S/lib/pkgconfig"
    else
        # an older pkg-config: the sysroot prefixes -I and -L instead
        PC="pkg-config"
        export PKG_CONFIG_PATH="$S/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$tmp/stage"
    fi
else
    echo "skip - pkg-config not found (apt-get install pkg-config): pkg-config and the vendor build not checked"
fi
if [ -n "$PC" ]; then
    cf=$(echo $($PC --cflags riocheck-dut))
    lb=$(echo $($PC --libs riocheck-dut))
    mv=$($PC --modversion riocheck-dut)
    if [ "$cf" = "-I$S/include" ] && [ -z "$lb" ] && [ "$mv" = "$version" ]; then
        ok "riocheck-dut.pc: --cflags -I$S/include, no library, version $mv ($PC)"
    else
        bad "riocheck-dut.pc: cflags '$cf', libs '$lb', version '$mv' (want -I$S/include, nothing, $version)"
    fi
    rcbin=$($PC --variable=riocheck riocheck-dut)
    if [ "$rcbin" = "$S/bin/riocheck" ] && [ "$($PC --variable=abi_version riocheck-dut)" = "$(sed -n 's/^#define RC_DUT_ABI_VERSION \([0-9]*\).*/\1/p' harness/include/riocheck/dut.h)" ]; then
        ok "riocheck-dut.pc: variables riocheck ($rcbin) and abi_version"
    else
        bad "riocheck-dut.pc: riocheck='$rcbin', abi_version='$($PC --variable=abi_version riocheck-dut)'"
    fi
    cat >"$tmp/ver.c" <<'EOF'
#include <stdio.h>
#include <string.h>
#include <rio/version.h>
#include <rio/crc.h>
int main(void)
{
    printf("%s %s\n", rio_version(), RIO_VERSION);
    return strcmp(rio_version(), RIO_VERSION) != 0;
}
EOF
    # a sanitizer or coverage build of librio needs its runtime in the program
    case "$VARIANT" in
    san) varflags="-fsanitize=address,undefined" ;;
    cov) varflags="--coverage" ;;
    *) varflags="" ;;
    esac
    # shellcheck disable=SC2046,SC2086 # pkg-config's words, varflags
    if cc -std=c11 -Wall -Wextra -Werror $varflags $($PC --cflags rio) -o "$tmp/ver" "$tmp/ver.c" $($PC --libs rio) >"$tmp/ver.log" 2>&1; then
        out=$(LD_LIBRARY_PATH=$S/lib "$tmp/ver")
        needed=$(readelf -d "$tmp/ver" 2>/dev/null | sed -n 's/.*Shared library: \[\(librio[^]]*\)\].*/\1/p')
        if [ "$out" = "$version $version" ] && [ "$needed" = "librio.so.$major" ]; then
            ok "a program built with pkg-config rio needs librio.so.$major and runs: rio_version() $version"
        else
            bad "the rio program: printed '$out', needs '$needed' (want '$version $version', librio.so.$major)"
        fi
    else
        bad "a program does not build with pkg-config --cflags --libs rio:"
        cat "$tmp/ver.log"
    fi
fi

# -- 4. the minimal vendor adapter against the installed pkg-config file ----------
if [ -n "$PC" ]; then
    mkdir "$tmp/vendor" && cp harness/examples/minimal-vendor/minimal_dut.c "$tmp/vendor/" || exit 3
    WARN="-std=c11 -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Wswitch-enum -Wstrict-prototypes -Wmissing-prototypes -Wshadow -Wcast-qual -Wvla -Wformat=2 -Werror"
    # shellcheck disable=SC2046,SC2086 # pkg-config's words, the warning set
    if (cd "$tmp/vendor" && cc $WARN -O2 $($PC --cflags riocheck-dut) -fPIC -shared -MD -MF deps.d \
        -o libminimal_dut.so minimal_dut.c) >"$tmp/vendor.log" 2>&1; then
        if grep -q "$S/include/riocheck/dut.h" "$tmp/vendor/deps.d" && ! grep -q "$root" "$tmp/vendor/deps.d"; then
            ok "the minimal vendor adapter builds from its own folder with pkg-config --cflags riocheck-dut (the installed dut.h, nothing of the checkout)"
        else
            bad "the adapter's headers: $(tr '\n' ' ' <"$tmp/vendor/deps.d")"
        fi
        # shellcheck disable=SC2086
        (cd "$tmp/elsewhere" && env $data_env "$rcbin" run $data_opt --dut "$tmp/vendor/libminimal_dut.so" \
            --suite p12-cs64 --sweep-stride 4099 --out "$tmp/vout" >"$tmp/vendor.tap" 2>&1)
        rc=$?
        if [ "$rc" -eq 0 ] && grep -q '^# overall: pass' "$tmp/vendor.tap"; then
            ok "the installed riocheck passes the adapter on p12-cs64 ($(grep '^run: ' "$tmp/vendor.tap" | sed 's/ in .*//'))"
        else
            bad "the installed riocheck on the adapter: exit $rc"
            tail -5 "$tmp/vendor.tap"
        fi
    else
        bad "the minimal vendor adapter does not build with the installed pkg-config file:"
        cat "$tmp/vendor.log"
    fi
fi
unset PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR

# -- 5. another PREFIX: the data directory compiled in ----------------------------
Q=$tmp/prefix
if $MAKE_CMD --no-print-directory -C "$root" BUILD="$BUILD" VARIANT="$VARIANT" PREFIX="$Q" install \
    >"$tmp/install2.log" 2>&1; then
    if grep -q -- "-DRIOCHECK_DATADIR=.*$Q/share/riocheck" "$tmp/install2.log"; then
        ok "make install PREFIX=$Q recompiles riocheck with RIOCHECK_DATADIR $Q/share/riocheck"
    else
        bad "make install PREFIX=$Q did not recompile riocheck for its data directory"
    fi
else
    bad "make install PREFIX=$Q failed:"
    tail -20 "$tmp/install2.log"
fi
if [ "$has_data" -eq 1 ]; then
    (cd "$tmp/elsewhere" && "$Q/bin/riocheck" run --out "$tmp/out2" --sweep-stride 61 >"$tmp/run2.tap" 2>"$tmp/run2.err")
    rc=$?
    if [ "$rc" -eq 0 ] && grep -q '^# overall: pass' "$tmp/run2.tap"; then
        ok "riocheck installed in $Q runs from another folder with no --data or RIOCHECK_DATA: overall pass"
    else
        bad "riocheck installed in $Q, no --data: exit $rc"
        tail -3 "$tmp/run2.tap"
        cat "$tmp/run2.err"
    fi
else
    echo "skip - riocheck run has no --data yet (helper cli): the compiled-in data directory not run"
fi

# -- 6. make uninstall --------------------------------------------------------------
$MAKE_CMD --no-print-directory -C "$root" BUILD="$BUILD" VARIANT="$VARIANT" DESTDIR="$tmp/stage" PREFIX="$P" \
    uninstall >"$tmp/uninstall.log" 2>&1
rc1=$?
$MAKE_CMD --no-print-directory -C "$root" BUILD="$BUILD" VARIANT="$VARIANT" PREFIX="$Q" uninstall \
    >>"$tmp/uninstall.log" 2>&1
rc2=$?
leftover=$(find "$tmp/stage" "$Q" ! -type d 2>/dev/null)
if [ "$rc1" -eq 0 ] && [ "$rc2" -eq 0 ] && [ -z "$leftover" ] && [ ! -d "$S/share/riocheck" ] && [ ! -d "$S/include/rio" ]; then
    ok "make uninstall removes every file of both installs (and riocheck's own folders)"
else
    bad "make uninstall: exit $rc1/$rc2, left: $leftover"
    tail -5 "$tmp/uninstall.log"
fi

finish
