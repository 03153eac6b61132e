#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# minimal_vendor_test.sh - the minimal vendor adapter (harness/examples/
# minimal-vendor/, walked through in docs/vendor-guide.md) builds on its own
# with its own Makefile against riocheck/dut.h only, warning-free with the
# strict flags under gcc and clang, and riocheck judges it as a vendor would
# see it:
#   - `riocheck run --dut LIB --suite p12-cs64 --sweep-stride 4099` exits 0;
#   - every vector of the suite whose steps are only codec cs64_decode /
#     cs64_encode (the machine and events the adapter implements) passes,
#     every other vector is not-applicable, none fails or errors;
#   - the CS64 sweep passes through the cs64_decode fast path, the CS48 sweeps
#     are not-applicable;
#   - a copy with a planted bug is caught (so this test can fail).
# Runs from anywhere; RIOCHECK overrides the binary (default
# build/gcc/bin/riocheck: `make cli`). Last line:
# "minimal_vendor_test: N passed, N failed".

root=$(cd "$(dirname "$0")/../.." && pwd) || exit 3
cd "$root" || exit 3
T=minimal_vendor_test; . harness/examples/minimal_vendor_lib.sh

# build CC OUT: the example's own Makefile, strict flags, -Werror.
build() {
    make --no-print-directory -C "$EX" CC="$1" CFLAGS="-O2 -g" OUT="$2" \
        >"$2.log" 2>&1 && [ -f "$2/$LIBNAME" ] && ! grep -qi 'warning' "$2.log"
}

if build gcc "$tmp/gcc"; then
    ok "the adapter builds with gcc and its own Makefile, no warning"
else
    bad "the adapter does not build cleanly with gcc:"
    cat "$tmp/gcc.log"
    finish
fi
if command -v clang >/dev/null 2>&1; then
    if build clang "$tmp/clang"; then
        ok "the adapter builds with clang and its own Makefile, no warning"
    else
        bad "the adapter does not build cleanly with clang:"
        cat "$tmp/clang.log"
    fi
else
    echo "skip - clang not found (apt-get install clang): clang build not checked"
fi
LIB=$tmp/gcc/$LIBNAME

# Independence from riocheck: it exports the one entry point and needs no
# riocheck symbol (rio_* of librio, rc_* of the harness).
if command -v nm >/dev/null 2>&1; then
    exported=$(nm -D --defined-only "$LIB" | awk '$2 == "T" { print $3 }')
    if [ "$exported" = "riocheck_dut_v2" ]; then
        ok "the library exports exactly riocheck_dut_v2"
    else
        bad "exported functions: $(echo "$exported" | tr '\n' ' ') (want riocheck_dut_v2)"
    fi
    if nm -D --undefined-only "$LIB" | grep -Eq ' (rio|rc)_'; then
        bad "the library needs riocheck symbols: $(nm -D --undefined-only "$LIB" | grep -E ' (rio|rc)_' | tr '\n' ' ')"
    else
        ok "the library needs no riocheck symbol"
    fi
else
    echo "skip - nm not found (apt-get install binutils): exported symbols not checked"
fi

# What the adapter implements decides every verdict. From the suite's vector
# files: "pass" for a record of machine codec, revision p12r3 among its
# revisions, needing nothing beyond codec and cs64, whose every step is
# cs64_decode or cs64_encode (or a cs64 sweep); "not-applicable" otherwise.
files=$(awk -F'\t' -v s="$SUITE" '$1 == s { print $2 }' suites/suites.tsv | tr ',' ' ')
if [ -z "$files" ]; then
    bad "suite $SUITE not found in suites/suites.tsv"
    finish
fi
# shellcheck disable=SC2086 # the globs of suites.tsv expand here
awk '
function flush() {
    if (id == "")
        return
    implemented = revok && needsok && (sweep ? oracle == "cs64" : machine == "codec" && ndo > 0 && onlycs64)
    print id "\t" (implemented ? "pass" : "not-applicable")
    id = ""
}
{ sub(/#.*/, "") }
$1 == "vector" || $1 == "sweep" {
    flush(); id = $2; sweep = ($1 == "sweep"); machine = ""; oracle = ""
    ndo = 0; onlycs64 = 1; needsok = 1; revok = 0
}
$1 == "machine" { machine = $2 }
$1 == "oracle" { oracle = $2 }
$1 == "rev" { for (i = 2; i <= NF; i++) if ($i == "p12r3") revok = 1 }
$1 == "needs" { for (i = 2; i <= NF; i++) if ($i != "codec" && $i != "cs64") needsok = 0 }
$1 == "do" { ndo++; if ($2 != "cs64_decode" && $2 != "cs64_encode") onlycs64 = 0 }
$1 == "end" { flush() }
END { flush() }
' $files | LC_ALL=C sort >"$tmp/expected.tsv"
npass=$(grep -c '	pass$' "$tmp/expected.tsv")
nna=$(grep -c '	not-applicable$' "$tmp/expected.tsv")
if [ "$npass" -gt 0 ] && [ "$nna" -gt 0 ]; then
    ok "the suite has vectors the adapter implements ($npass) and others ($nna)"
else
    bad "suite $SUITE: $npass vectors the adapter implements, $nna others (want both > 0)"
fi

# TAP lines to "id<TAB>verdict": "not ok" is a failure (fail or error),
# "ok ... # SKIP" not-applicable, any other "ok" a pass.
tap_verdicts() {
    awk '
    /^not ok / { print $5 "\tfail-or-error"; next }
    /^ok / { print $4 "\t" (index($0, "# SKIP") ? "not-applicable" : "pass") }
    ' "$1" | LC_ALL=C sort
}

"$R" run --out "$tmp/reports" --dut "$LIB" --suite "$SUITE" --sweep-stride 4099 --repro-dir "$tmp/repro" >"$tmp/run.tap" 2>"$tmp/run.err"
rc=$?
if [ "$rc" -eq 0 ]; then
    ok "riocheck run --dut LIB --suite $SUITE --sweep-stride 4099 exits 0"
else
    bad "riocheck run --suite $SUITE exited $rc"
    grep -A3 '^not ok' "$tmp/run.tap" | head -20
    cat "$tmp/run.err"
fi
tap_verdicts "$tmp/run.tap" >"$tmp/actual.tsv"
cut -f1 "$tmp/expected.tsv" >"$tmp/expected.ids"
cut -f1 "$tmp/actual.tsv" >"$tmp/actual.ids"
if cmp -s "$tmp/expected.ids" "$tmp/actual.ids"; then
    ok "every vector of the suite ran once ($(wc -l <"$tmp/actual.ids" | tr -d ' '))"
else
    bad "the vectors that ran differ from the suite's records:"
    diff "$tmp/expected.ids" "$tmp/actual.ids" | head -10
fi
TAB=$(printf '\t')
LC_ALL=C join -t "$TAB" "$tmp/expected.tsv" "$tmp/actual.tsv" >"$tmp/joined.tsv"
# Counting the matches (not only looking for mismatches) also catches a
# vector missing from the output.
got=$(awk -F'\t' '$2 == "pass" && $3 == "pass"' "$tmp/joined.tsv" | wc -l | tr -d ' ')
if [ "$got" -eq "$npass" ]; then
    ok "every cs64_decode / cs64_encode vector passes ($got)"
else
    bad "$got of the $npass vectors of the implemented events passed; not passed:"
    awk -F'\t' '$2 == "pass" && $3 != "pass"' "$tmp/joined.tsv" | head -10
    for id in $(awk -F'\t' '$2 == "pass" && $3 != "pass" { print $1 }' "$tmp/joined.tsv" | head -3); do
        grep -A2 -- " - $id " "$tmp/run.tap"
    done
fi
got=$(awk -F'\t' '$2 == "not-applicable" && $3 == "not-applicable"' "$tmp/joined.tsv" | wc -l | tr -d ' ')
if [ "$got" -eq "$nna" ]; then
    ok "every other vector is not-applicable ($got)"
else
    bad "$got of the $nna vectors the adapter does not implement were not-applicable; others:"
    awk -F'\t' '$2 == "not-applicable" && $3 != "not-applicable"' "$tmp/joined.tsv" | head -10
fi
if grep -q '^not ok' "$tmp/run.tap"; then
    bad "$(grep -c '^not ok' "$tmp/run.tap") vectors failed or errored"
else
    ok "no vector fails or errors"
fi
summary=$(grep '^run: ' "$tmp/run.tap" | tail -n 1)
want="run: $npass passed, 0 failed, $nna not applicable, 0 waived (failed includes 0 DUT errors)"
# the run time at the end of the line varies
summary=${summary% in *}
if [ "$summary" = "$want" ]; then
    ok "the summary line agrees: $summary"
else
    bad "summary '$summary', want '$want'"
fi

# The clang build is judged the same.
if [ -f "$tmp/clang/$LIBNAME" ]; then
    "$R" run --out "$tmp/reports" --dut "$tmp/clang/$LIBNAME" --suite "$SUITE" --sweep-stride 4099 --repro-dir "$tmp/repro" \
        >"$tmp/clang.tap" 2>&1
    rc=$?
    summary=$(grep '^run: ' "$tmp/clang.tap" | tail -n 1)
    summary=${summary% in *}
    if [ "$rc" -eq 0 ] && [ "$summary" = "$want" ]; then
        ok "the clang build gets the same verdicts"
    else
        bad "the clang build: exit $rc, '$summary'"
    fi
fi

# The exhaustive CS64 sweep goes through the adapter's cs64_decode fast path.
# The sweeps alone leave the device's other applicable rules unrun: the
# overall result is incomplete (exit 4), never pass.
"$R" run --out "$tmp/reports" --dut "$LIB" --suite sweeps --sweep-stride 4099 --repro-dir "$tmp/repro" >"$tmp/sweep.tap" 2>&1
rc=$?
if [ "$rc" -eq 4 ] && grep -q '^# overall: incomplete' "$tmp/sweep.tap" && grep -Eq '^ok [0-9]+ - p12\.cs64\.param\.sweep .*# [0-9]+ values checked' "$tmp/sweep.tap" &&
    [ "$(grep -c '# SKIP not applicable' "$tmp/sweep.tap")" -eq 2 ]; then
    ok "the CS64 sweep passes ($(sed -nE 's/^ok [0-9]+ - p12\.cs64\.param\.sweep .*# ([0-9]+) values checked.*/\1/p' "$tmp/sweep.tap") values), the two CS48 sweeps are not-applicable"
else
    bad "sweeps: exit $rc"
    cat "$tmp/sweep.tap"
fi

# A planted bug (2.1: the first port of a group ignores the status width) must
# be caught: the test can fail.
mkdir "$tmp/mut" && cp "$EX/minimal_dut.c" "$EX/Makefile" "$tmp/mut/" || exit 3
sed 's/(uint64_t)f\.group \* status_width/(uint64_t)f.group/' "$EX/minimal_dut.c" \
    >"$tmp/mut/minimal_dut.c"
if cmp -s "$EX/minimal_dut.c" "$tmp/mut/minimal_dut.c"; then
    bad "the planted bug no longer applies (update this test's sed line)"
elif ! make --no-print-directory -C "$tmp/mut" CC=gcc CFLAGS="-O2 -g" OUT="$tmp/mut/out" \
    RIOCHECK_INCLUDE="$root/harness/include" >"$tmp/mut.log" 2>&1; then
    bad "the copy with the planted bug does not build:"
    cat "$tmp/mut.log"
else
    MUT=$tmp/mut/out/$LIBNAME
    "$R" run --out "$tmp/reports" --dut "$MUT" --suite "$SUITE" --repro-dir "$tmp/mut/repro" >"$tmp/mut.tap" 2>&1
    rc=$?
    nfail=$(grep -c '^not ok' "$tmp/mut.tap")
    if [ "$rc" -eq 1 ] && [ "$nfail" -gt 0 ]; then
        ok "a planted first-port bug is caught ($nfail vectors fail, exit 1)"
    else
        bad "a planted first-port bug is not caught: exit $rc, $nfail failures"
    fi
    # The debugging loop of the guide: a failure's rerun line names the DUT,
    # and its reproducer file fails again on its own.
    repro=$(find "$tmp/mut/repro" -name "*.vec" 2>/dev/null | head -n 1)
    if grep -q -- "# rerun: .*--dut $MUT" "$tmp/mut.tap" && [ -n "$repro" ]; then
        "$R" run --out "$tmp/reports" --dut "$MUT" --vectors "$repro" --repro-dir "$tmp/mut/repro2" \
            >"$tmp/repro.tap" 2>&1
        rc=$?
        if [ "$rc" -eq 1 ] && grep -q '^run: 0 passed, 1 failed' "$tmp/repro.tap"; then
            ok "the rerun line names the DUT and the reproducer fails again alone"
        else
            bad "rerunning the reproducer $repro: exit $rc"
            cat "$tmp/repro.tap"
        fi
    else
        bad "no rerun line naming the DUT, or no reproducer file in --repro-dir"
        grep -m1 -A4 '^not ok' "$tmp/mut.tap"
    fi
fi

finish
