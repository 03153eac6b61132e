#!/bin/sh
# Proves that the conformance vectors can fail: plays every vector against the
# reference packaged as a DUT and against each deliberately non-conforming
# example (harness/examples/bad-*.c, built by `make examples` into
# LIBDIR/riocheck-bad-*.so), and checks the verdicts:
#   reference:  no vector fails or errors;
#   bad-NAME:   (a) at least one vector fails,
#               (b) every failing vector cites at least one rule of the
#                   example's "BREAKS:" line (it fails the vectors for its
#                   rule, not others),
#               (c) no vector has the verdict error.
# Libraries whose BREAKS line is "none ..." (bad-hang, bad-segv: they break
# the process, not a rule, and exercise the runner) are skipped.
# One test per library; one line each (name, failing vector count, rules);
# ends with "examples_test: N passed, N failed". Builds nothing.
# Run from the repository root. Environment: RIOCHECK (default
# build/gcc/bin/riocheck), LIBDIR (default: the lib folder beside RIOCHECK's
# bin, i.e. build/gcc/lib), STRIDE or SWEEP_STRIDE (sweep stride, default
# 257: every 257th sweep value keeps the run short).
R=${RIOCHECK:-build/gcc/bin/riocheck}
LIBDIR=${LIBDIR:-$(dirname "$R")/../lib}
STRIDE=${STRIDE:-${SWEEP_STRIDE:-257}}
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

if [ ! -x "$R" ] || [ ! -d suites ] || [ ! -d harness/examples ]; then
    echo "examples_test: run from the repository root with RIOCHECK=$R built"
    echo "examples_test: 0 passed, 1 failed"
    exit 1
fi

# play LIB: run every vector against LIB into $tmp/r.tsv. Exit status 0 or 1
# (a vector failed) is a completed run; anything else is reported.
play() {
    "$R" run --out "$tmp/reports" --dut "$1" --results "$tmp/r.tsv" --sweep-stride "$STRIDE" \
        >"$tmp/out" 2>&1
    rc=$?
    if [ "$rc" -gt 1 ] || [ ! -s "$tmp/r.tsv" ]; then
        echo "FAIL $2: riocheck run exit $rc"; sed 's/^/    /' "$tmp/out" | tail -n 5
        return 1
    fi
    return 0
}

# listing FILE: at most 10 lines of FILE, indented, then how many more.
listing() {
    sed -n '1,10s/^/    /p' "$1"
    more=$(($(wc -l <"$1") - 10))
    [ "$more" -gt 0 ] && echo "    ... and $more more"
}

# --- the reference: nothing fails ---------------------------------------------
ref="$LIBDIR/riocheck-reference.so"
if [ ! -f "$ref" ]; then
    echo "FAIL reference: $ref missing (make examples)"; fail=$((fail + 1))
elif play "$ref" reference; then
    awk -F'\t' '$2 == "fail" || $2 == "error" { print $1 "\t" $2 "\t" $3 }' \
        "$tmp/r.tsv" >"$tmp/bad"
    total=$(wc -l <"$tmp/r.tsv")
    if [ -s "$tmp/bad" ]; then
        echo "FAIL reference: $(wc -l <"$tmp/bad") of $total vectors fail or error"
        listing "$tmp/bad"; fail=$((fail + 1))
    else
        echo "ok   reference: 0 of $total vectors fail"; pass=$((pass + 1))
    fi
else
    fail=$((fail + 1))
fi

# --- opt-quiet.so: options the spec leaves open are not held against a DUT --
# It declares neither sw_replace nor arbrx_freed and reports no freed note:
# nothing fails, the replace vectors are not applicable, the freed vectors
# pass. Declaring both (RIOCHECK_OPT_QUIET_CLAIM=1) makes the freed vectors
# fail: the skipping follows the declaration.
quiet="$LIBDIR/riocheck-opt-quiet.so"
if [ ! -f "$quiet" ]; then
    echo "FAIL opt-quiet: $quiet missing (make examples)"; fail=$((fail + 1))
elif play "$quiet" opt-quiet; then
    bad=$(awk -F'\t' '$2 == "fail" || $2 == "error"' "$tmp/r.tsv" | wc -l)
    na=$(awk -F'\t' '$1 ~ /^p9[.]sw[.]full[.]replace-/ && $2 != "n/a" && $2 != "na" && $2 != "not-applicable"' "$tmp/r.tsv" | wc -l)
    nrep=$(awk -F'\t' '$1 ~ /^p9[.]sw[.]full[.]replace-/' "$tmp/r.tsv" | wc -l)
    freed=$(awk -F'\t' '$1 ~ /^p9[.]arbrx[.]r[23][.]single[.]freed-on-/ && $2 == "pass"' "$tmp/r.tsv" | wc -l)
    if [ "$bad" -eq 0 ] && [ "$nrep" -eq 10 ] && [ "$na" -eq 0 ] && [ "$freed" -eq 4 ]; then
        echo "ok   opt-quiet: 0 fail, the 10 replace vectors not applicable, the 4 freed-on vectors pass"
        pass=$((pass + 1))
    else
        echo "FAIL opt-quiet: $bad fail/error, $nrep replace vectors of which $na applicable, $freed of 4 freed-on vectors pass"
        fail=$((fail + 1))
    fi
    if RIOCHECK_OPT_QUIET_CLAIM=1 play "$quiet" opt-quiet-claim; then
        nf=$(awk -F'\t' '$2 == "fail"' "$tmp/r.tsv" | wc -l)
        nff=$(awk -F'\t' '$2 == "fail" && $1 ~ /^p9[.]arbrx[.]/' "$tmp/r.tsv" | wc -l)
        if [ "$nf" -gt 0 ] && [ "$nf" -eq "$nff" ]; then
            echo "ok   opt-quiet claiming arbrx_freed: $nf arbrx vectors fail (the freed note is missing)"
            pass=$((pass + 1))
        else
            echo "FAIL opt-quiet claiming arbrx_freed: $nf vectors fail, $nff of them arbrx"
            fail=$((fail + 1))
        fi
    else
        fail=$((fail + 1))
    fi
else
    fail=$((fail + 1))
fi

# --- every bad-*.so ---------------------------------------------------------------
found=0
for lib in "$LIBDIR"/riocheck-bad-*.so; do
    [ -f "$lib" ] || continue
    name=${lib##*/riocheck-}; name=${name%.so}
    src="harness/examples/$name.c"
    breaks=$(sed -n 's/^ \* BREAKS: *//p' "$src" 2>/dev/null | head -n 1)
    if [ -z "$breaks" ]; then
        echo "FAIL $name: no 'BREAKS:' line in $src"; fail=$((fail + 1)); continue
    fi
    case "$breaks" in
        none*) # e.g. bad-hang, bad-segv: they test the runner, not the vectors
            echo "skip $name: BREAKS $breaks"; continue ;;
    esac
    found=$((found + 1))
    play "$lib" "$name" || { fail=$((fail + 1)); continue; }
    # failing vectors, and those among them that cite none of the BREAKS rules
    awk -F'\t' '$2 == "fail"' "$tmp/r.tsv" >"$tmp/failing"
    awk -F'\t' -v breaks="$breaks" '
        BEGIN { nb = split(breaks, b, " ") }
        $2 == "fail" {
            nr = split($3, r, ",")
            for (i = 1; i <= nr; i++) for (j = 1; j <= nb; j++)
                if (r[i] == b[j]) next
            print $1 "\t" $3 "\t" $4
        }' "$tmp/r.tsv" >"$tmp/other"
    awk -F'\t' '$2 == "error" { print $1 "\t" $4 "\t" $5 }' "$tmp/r.tsv" >"$tmp/error"
    nfail=$(wc -l <"$tmp/failing")
    # the BREAKS rules that failing vectors cite
    caught=$(for rule in $breaks; do
                 awk -F'\t' -v rule="$rule" '
                     { n = split($3, r, ","); for (i = 1; i <= n; i++)
                           if (r[i] == rule) { print rule; exit } }' "$tmp/failing"
             done | tr '\n' ' ')
    ok=1
    [ "$nfail" -gt 0 ] || ok=0
    [ -s "$tmp/other" ] && ok=0
    [ -s "$tmp/error" ] && ok=0
    if [ "$ok" -eq 1 ]; then
        echo "ok   $name: $nfail vectors fail, citing ${caught% }"
        pass=$((pass + 1)); continue
    fi
    echo "FAIL $name: $nfail vectors fail; BREAKS $breaks; failing cite: ${caught% }"
    [ "$nfail" -gt 0 ] || echo "  (a) no vector fails: the vectors miss this bug"
    if [ -s "$tmp/other" ]; then
        echo "  (b) $(wc -l <"$tmp/other") failing vectors cite none of: $breaks"
        listing "$tmp/other"
    fi
    if [ -s "$tmp/error" ]; then
        echo "  (c) $(wc -l <"$tmp/error") vectors have the verdict error"
        listing "$tmp/error"
    fi
    fail=$((fail + 1))
done
if [ "$found" -eq 0 ]; then
    echo "FAIL no $LIBDIR/riocheck-bad-*.so (make examples)"; fail=$((fail + 1))
fi

echo "examples_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
