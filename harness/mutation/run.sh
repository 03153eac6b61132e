#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# harness/mutation/run.sh - `make mutation`: the strength of the conformance
# vectors alone, measured by a seeded sample of mutants of reference/src
# (issue 12; harness/mutation/README.md).
#
# For every module (reference/src/M.c) MUT_PER_MODULE sites are drawn by
# riocheck-mutate --list --sample N --seed S; each mutant is compiled alone
# (the module's object rebuilt from the mutated source) and riocheck is
# relinked from the unmutated objects of the normal build with it, then
# `riocheck run` plays every conformance vector against the built-in
# reference (the mutant) with no unit test involved:
#   killed    exit status != 0 or an overall result other than pass, or the
#             run took longer than the time limit;
#   survived  exit status 0 and "# overall: pass";
#   invalid   the mutant does not compile or link (not counted).
# Scores per module and overall: killed / valid, then over the mutants not
# reviewed as equivalent, then over those also observable through the DUT
# ABI and not permitted by the spec (harness/mutation/reviewed.tsv lists
# the reviewed survivors: equivalent, unobservable, permitted). The
# surviving mutants are listed as FILE:LINE: KIND BEFORE -> AFTER with their
# review, if any.
#
# Environment (the Makefile sets the first group from its build):
#   MUT_MUTATE      riocheck-mutate
#   MUT_CC, MUT_CFLAGS, MUT_LDFLAGS   compiler and the project's flags
#                   (-Werror is dropped for mutants: a warning is no reason
#                   to call a mutant invalid)
#   MUT_OBJ         the build folder holding reference/src/*.o (BUILD/VARIANT)
#   MUT_LINK        riocheck's other objects (CLI and harness)
#   MUT_LIBS        libraries (default -ldl)
#   MUT_PER_MODULE  mutants drawn per module (default 20)
#   MUT_SEED        seed of the draw (default 1)
#   MUT_MODULES     modules (default: every reference/src/*.c), e.g. "arb voqrx"
#   MUT_JOBS        mutants built and run at a time (default: nproc)
#   MUT_TIMEOUT     seconds a mutant's run may take (default: 10 x the
#                   unmutated run, at least 60)
#   MUT_SWEEP_STRIDE  --sweep-stride of the runs (default 1: every value)
#   MUT_OUT         output folder (default build/mutation): results.tsv
#                   (one row per mutant), survivors.txt, summary.txt
#   MUT_REVIEWED    the reviewed list (default harness/mutation/reviewed.tsv)
#   MUT_RESCORE     an earlier results.tsv: print its scores with the current
#                   reviewed list and stop (nothing is built or run)
#   MUT_EXCLUDED    the functions no adapter calls (default
#                   reference/coverage-excluded.tsv): a survivor inside one
#                   that the reviewed list does not name is scored
#                   unobservable, with the row's reason (its line rows are not
#                   used: a mutant on a guard line can still reject valid input)
# Exit status: 0 the run completed (whatever the score: a benchmark, not a
# test); 2 bad settings or a malformed reviewed list; 3 the unmutated build
# fails the vectors or cannot be built.
cd "$(dirname "$0")/../.." || exit 3
root=$(pwd)
MUTATE=${MUT_MUTATE:?set MUT_MUTATE (make mutation sets it)}
CC=${MUT_CC:?set MUT_CC}
CFLAGS=$(printf '%s\n' "${MUT_CFLAGS:?set MUT_CFLAGS}" | sed 's/ -Werror\( \|$\)/ /g')
LDFLAGS=${MUT_LDFLAGS-}
OBJ=${MUT_OBJ:?set MUT_OBJ}
LINK=${MUT_LINK:?set MUT_LINK}
LIBS=${MUT_LIBS:--ldl}
N=${MUT_PER_MODULE:-20}
SEED=${MUT_SEED:-1}
JOBS=${MUT_JOBS:-$(nproc 2>/dev/null || echo 1)}
STRIDE=${MUT_SWEEP_STRIDE:-1}
OUT=${MUT_OUT:-build/mutation}
REVIEWED=${MUT_REVIEWED:-harness/mutation/reviewed.tsv}
EXCLUDED=${MUT_EXCLUDED-reference/coverage-excluded.tsv}
for v in N SEED JOBS STRIDE; do
    eval "x=\$$v"
    case "$x" in ''|*[!0-9]*) echo "run.sh: $v=$x: not a number" >&2; exit 2 ;; esac
done
[ "$JOBS" -ge 1 ] || JOBS=1
case "${MUT_TIMEOUT-}" in *[!0-9]*) echo "run.sh: MUT_TIMEOUT=$MUT_TIMEOUT: not a number" >&2; exit 2 ;; esac
command -v timeout >/dev/null || { echo "run.sh: timeout not found (Debian: coreutils)" >&2; exit 2; }
if [ -n "${MUT_MODULES-}" ]; then
    modules=$MUT_MODULES
else
    modules=$(for f in reference/src/*.c; do basename "$f" .c; done)
fi
refobjs=""
for f in reference/src/*.c; do refobjs="$refobjs $OBJ/${f%.c}.o"; done
for m in $modules; do
    [ -f "reference/src/$m.c" ] || { echo "run.sh: no module reference/src/$m.c" >&2; exit 2; }
    [ -n "${MUT_RESCORE-}" ] || [ -f "$OBJ/reference/src/$m.o" ] || {
        echo "run.sh: $OBJ/reference/src/$m.o not built" >&2; exit 3; }
done

# The reviewed list: FILE LINE KIND BEFORE AFTER CLASS REASON, tab-separated.
if [ -f "$REVIEWED" ]; then
    awk -F'\t' -v f="$REVIEWED" '
        /^#/ || /^[ \t]*$/ { next }
        NF != 7 { printf "%s:%d: %d fields, want 7 (file line kind before after class reason)\n", f, NR, NF; bad = 1; next }
        $6 != "equivalent" && $6 != "unobservable" && $6 != "permitted" { printf "%s:%d: class \"%s\": equivalent, unobservable or permitted\n", f, NR, $6; bad = 1; next }
        $2 !~ /^[0-9]+$/ { printf "%s:%d: line \"%s\" is not a number\n", f, NR, $2; bad = 1; next }
        $7 == "" { printf "%s:%d: no reason\n", f, NR; bad = 1; next }
        { k = $1 "\t" $2 "\t" $3 "\t" $4 "\t" $5; if (k in seen) { printf "%s:%d: the same mutant as line %d\n", f, NR, seen[k]; bad = 1 } seen[k] = NR }
        END { exit bad }' "$REVIEWED" >&2 || exit 2
else
    echo "run.sh: $REVIEWED not found: no mutant reviewed" >&2
    REVIEWED=/dev/null
fi
if [ -n "$EXCLUDED" ] && [ ! -f "$EXCLUDED" ]; then
    echo "run.sh: $EXCLUDED not found: no survivor is unobservable by its function" >&2
    EXCLUDED=""
fi

# score RESULTS SECONDS: the scores and the survivors, with the reviews. A
# survivor nobody reviewed whose site lies inside a function that
# $EXCLUDED lists (a function row: no adapter calls it) is unobservable
# by that row. RESULTS of an older run.sh (10 columns, no function) get the
# functions of the current sources at the same FILE LINE KIND BEFORE AFTER.
score() {
fnmap=$OUT/functions.tsv
: >"$fnmap" || return 3
if awk -F'\t' '!/^#/ && NF == 10 { found = 1; exit } END { exit !found }' "$1"; then
    for src in $(awk -F'\t' '!/^#/ && NF == 10 { print $1 }' "$1" | sort -u); do
        [ -f "$src" ] || continue
        "$MUTATE" --list "$src" 2>/dev/null |
            awk -F'\t' -v f="$src" '!/^#/ { print f "\t" $2 "\t" $4 "\t" $5 "\t" $6 "\t" (NF >= 7 ? $7 : "-") }' >>"$fnmap"
    done
fi
awk -F'\t' -v rev="$REVIEWED" -v surv="$OUT/survivors.txt" -v secs="$2" \
    -v n="$N" -v seed="$SEED" -v stride="$STRIDE" -v excl="$EXCLUDED" -v fnmap="$fnmap" '
    BEGIN {
        while ((getline l < rev) > 0) {
            if (l ~ /^#/ || l ~ /^[ \t]*$/) continue
            split(l, r, "\t")
            k = r[1] "\t" r[2] "\t" r[3] "\t" r[4] "\t" r[5]
            cls[k] = r[6]; why[k] = r[7]
        }
        # function rows of the excluded list (line rows are not enough: a
        # mutant on a guard line can still reject valid input)
        while (excl != "" && (getline l < excl) > 0) {
            if (l ~ /^#/ || l ~ /^[ \t]*$/) continue
            if (split(l, r, "\t") >= 3 && r[2] ~ /^[A-Za-z_][A-Za-z0-9_]*$/)
                xwhy[r[1] "\t" r[2]] = r[3]
        }
        while ((getline l < fnmap) > 0) {
            split(l, r, "\t")
            fnof[r[1] "\t" r[2] "\t" r[3] "\t" r[4] "\t" r[5]] = r[6]
        }
        printf "" > surv
    }
    /^#/ { next }
    NF != 10 && NF != 11 {
        printf "run.sh: %s:%d: %d fields, want 11 (file id line col kind before after status why seconds function) or 10 (an older run.sh: no function)\n", FILENAME, FNR, NF > "/dev/stderr"
        bad = 1; exit 2
    }
    {
        m = $1; sub(/^reference\/src\//, "", m); sub(/\.c$/, "", m)
        if (!(m in seen)) { seen[m] = 1; order[++nm] = m }
        k = $1 "\t" $3 "\t" $5 "\t" $6 "\t" $7
        if (NF == 11) fn = $11
        else if (k in fnof) { fn = fnof[k]; old++ }
        else { fn = "-"; old++; lost++ }
        xk = $1 "\t" fn
        if ($8 == "invalid") { inv[m]++; next }
        valid[m]++
        if ($8 == "killed") {
            killed[m]++
            if (k in cls) stale = stale sprintf("  %s:%s: %s %s -> %s (reviewed %s, but killed)\n", $1, $3, $5, $6, $7, cls[k])
            else if (fn != "-" && xk in xwhy) xkill = xkill sprintf("  %s:%s: %s %s -> %s in %s (%s)\n", $1, $3, $5, $6, $7, fn, $9)
            next
        }
        c = (k in cls) ? cls[k] : ""
        w = why[k]
        if (c == "" && fn != "-" && xk in xwhy) {
            c = "unobservable"
            w = "function " fn " listed in " excl ": " xwhy[xk]
            auto[m]++; A++
        }
        if (c == "equivalent") eq[m]++
        else if (c == "unobservable") unobs[m]++
        else if (c == "permitted") perm[m]++
        else open_[m]++
        printf "%s:%s: %s %s -> %s%s\n", $1, $3, $5, $6, $7, \
            (c == "" ? "  [not reviewed]" : "  [" c ": " w "]") > surv
    }
    function pct(a, b) { return b > 0 ? sprintf("%5.1f%%", 100 * a / b) : "    -" }
    END {
        if (bad) exit 2
        printf "\n== mutation score of the conformance vectors alone (%s per module, seed %s, sweep stride %s, %s)\n", n, seed, stride, secs
        printf "%-8s %6s %6s %7s %7s %9s %10s %6s %6s %6s %5s\n", "module", "valid", "killed", "invalid", "score", "non-equiv", "observable", "equiv", "unobs", "permit", "open"
        for (i = 1; i <= nm; i++) {
            m = order[i]
            v = valid[m] + 0; kl = killed[m] + 0; e = eq[m] + 0; u = unobs[m] + 0; p = perm[m] + 0
            printf "%-8s %6d %6d %7d %7s %9s %10s %6d %6d %6d %5d\n", m, v, kl, inv[m] + 0, pct(kl, v), pct(kl, v - e), pct(kl, v - e - u - p), e, u, p, open_[m] + 0
            V += v; K += kl; E += e; U += u; P += p; I += inv[m]; O += open_[m]
        }
        printf "%-8s %6d %6d %7d %7s %9s %10s %6d %6d %6d %5d\n", "all", V, K, I, pct(K, V), pct(K, V - E), pct(K, V - E - U - P), E, U, P, O
        printf "score: killed / valid; non-equiv: over the mutants not reviewed equivalent;\n"
        printf "observable: over those not reviewed equivalent, unobservable or permitted (harness/mutation/reviewed.tsv);\n"
        printf "open: survivors not reviewed (to kill with a vector, or to review)\n"
        if (A > 0) {
            printf "unobs includes %d survivor(s) not in the reviewed list but inside a function %s lists:", A, excl
            for (i = 1; i <= nm; i++) if (auto[order[i]] > 0) printf " %s %d", order[i], auto[order[i]]
            printf "\n"
        }
        if (old > 0)
            printf "note: %d rows of this results.tsv have no function column (an older run.sh): their functions are those of the current sources at the same file, line, kind and mutation%s\n", old, (lost > 0 ? sprintf("; %d not found there (the line moved): not matched against %s", lost, excl) : "")
        if (stale != "") printf "reviewed as surviving, but killed in this run (update the review):\n%s", stale
        if (xkill != "") printf "killed inside a function %s lists as never called (check that row; or a kill by time limit):\n%s", excl, xkill
    }' "$1" >"$OUT/summary.txt" || { rm -f "$fnmap"; return 2; }
rm -f "$fnmap"
if [ -s "$OUT/survivors.txt" ]; then
    echo
    echo "== surviving mutants ($(wc -l <"$OUT/survivors.txt" | tr -d ' '))"
    cat "$OUT/survivors.txt"
fi
cat "$OUT/summary.txt"
}

# MUT_RESCORE=RESULTS: only the scores of an earlier results.tsv, with the
# current reviewed list (after a review, without running anything again)
if [ -n "${MUT_RESCORE-}" ]; then
    [ -f "$MUT_RESCORE" ] || { echo "run.sh: $MUT_RESCORE not found" >&2; exit 2; }
    mkdir -p "$OUT" || exit 3
    score "$MUT_RESCORE" "(rescored)" || exit $?
    exit 0
fi

mkdir -p "$OUT" || exit 3
work=$OUT/work
rm -rf "$work"; mkdir -p "$work/base" || exit 3
# a snapshot of the vectors and suites (and of reference/src): every mutant
# meets the same vectors, even while someone edits them
mkdir -p "$work/root" && cp -R suites vectors "$work/root/" && cp -R reference/src "$work/src" || exit 3
# ... and of the unmutated objects: a build in the same folder meanwhile
# cannot mix into the mutants
mkdir -p "$work/obj" || exit 3
snap() { # OBJECTS...: copies them, prints the copies' names
    for o in "$@"; do
        c=$work/obj/$(printf '%s' "$o" | tr / _)
        cp "$o" "$c" || exit 3
        printf ' %s' "$c"
    done
}
# shellcheck disable=SC2086
LINK=$(snap $LINK) || exit 3
# shellcheck disable=SC2086
refobjs=$(snap $refobjs) || exit 3

# run_dut BINARY TAP: the vectors against the reference linked into BINARY
# (with the time limit LIMIT); sets st (killed/survived) and why.
run_dut() {
    timeout -k 5 "$LIMIT" "$1" run --root "$work/root" --no-reports --sweep-stride "$STRIDE" >"$2" 2>&1
    rc=$?
    if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
        st=killed; why=timeout
    elif [ "$rc" -ne 0 ]; then
        st=killed; why="exit $rc: $(grep -m1 '^# overall:' "$2" | sed 's/^# overall: //; s/ (.*//')"
    elif grep -q '^# overall: pass' "$2"; then
        st=survived; why=pass
    else
        st=killed; why="exit 0 without an overall pass"
    fi
}

# the unmutated build, relinked the way every mutant is: must pass
echo "mutation: linking and running the unmutated reference"
# shellcheck disable=SC2086
$CC $LDFLAGS -o "$work/base/riocheck" $LINK $refobjs $LIBS >"$work/base/ld.err" 2>&1 || {
    cat "$work/base/ld.err" >&2; echo "run.sh: cannot relink riocheck" >&2; exit 3; }
LIMIT=${MUT_TIMEOUT:-3600}
t0=$(date +%s)
run_dut "$work/base/riocheck" "$work/base/tap"
t1=$(date +%s)
if [ "$st" != survived ]; then
    tail -n 5 "$work/base/tap" >&2
    echo "run.sh: the unmutated reference fails the vectors ($why): no score can be measured" >&2
    exit 3
fi
base_s=$((t1 - t0))
if [ -z "${MUT_TIMEOUT-}" ]; then
    LIMIT=$((base_s * 10)); [ "$LIMIT" -ge 60 ] || LIMIT=60
fi
echo "mutation: unmutated run ${base_s} s; time limit per mutant ${LIMIT} s; $JOBS at a time"

# the sample: MODULE ID LINE COL KIND BEFORE AFTER FUNCTION
: >"$work/jobs"
for m in $modules; do
    "$MUTATE" --list "$work/src/$m.c" --sample "$N" --seed "$SEED" >"$work/list" || exit 3
    awk -F'\t' -v m="$m" '!/^#/ { print m "\t" $0 }' "$work/list" >>"$work/jobs"
done
total=$(wc -l <"$work/jobs" | tr -d ' ')
echo "mutation: $total mutants (up to $N per module, seed $SEED), modules: $(echo $modules)"

# worker S: the jobs with (line - 1) mod JOBS = S, one after the other
worker() {
    s=$1; w=$work/w$s; mkdir -p "$w"
    : >"$w/results"
    awk -F'\t' -v s="$s" -v j="$JOBS" '(NR - 1) % j == s' "$work/jobs" |
    while IFS='	' read -r m id line col kind before after fn; do
        [ -n "$fn" ] || fn=-
        start=$(date +%s)
        src=reference/src/$m.c
        objs=""
        for o in $refobjs; do
            [ "$o" = "$work/obj/$(printf '%s' "$OBJ/reference/src/$m.o" | tr / _)" ] && o=$w/$m.o
            objs="$objs $o"
        done
        if ! "$MUTATE" --apply "$work/src/$m.c" "$id" >"$w/$m.c"; then
            st=invalid; why="riocheck-mutate failed"
        # shellcheck disable=SC2086
        elif ! $CC $CFLAGS -iquote "$work/src" -c "$w/$m.c" -o "$w/$m.o" >"$w/cc.err" 2>&1; then
            st=invalid; why="does not compile: $(grep -m1 'error' "$w/cc.err" | cut -c1-100)"
        # shellcheck disable=SC2086
        elif ! $CC $LDFLAGS -o "$w/riocheck" $LINK $objs $LIBS >"$w/cc.err" 2>&1; then
            st=invalid; why="does not link: $(grep -m1 'error\|undefined' "$w/cc.err" | cut -c1-100)"
        else
            run_dut "$w/riocheck" "$w/tap"
        fi
        end=$(date +%s)
        why=$(printf '%s' "$why" | tr '\t\n' '  ')
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$src" "$id" "$line" "$col" "$kind" \
            "$before" "$after" "$st" "$why" "$((end - start))" "$fn" >>"$w/results"
        printf 'mutation: %s:%s #%s %s %s -> %s: %s (%s s)\n' "$src" "$line" "$id" "$kind" \
            "$before" "$after" "$st" "$((end - start))"
        rm -f "$w/riocheck" "$w/$m.o"
    done
}

s=0
while [ "$s" -lt "$JOBS" ]; do
    worker "$s" &
    s=$((s + 1))
done
wait
t2=$(date +%s)

{
    printf '# file\tid\tline\tcol\tkind\tbefore\tafter\tstatus\twhy\tseconds\tfunction\n'
    cat "$work"/w*/results | LC_ALL=C sort -t'	' -k1,1 -k2,2n
} >"$OUT/results.tsv"

score "$OUT/results.tsv" "$((t2 - t0)) s" || exit $?
echo "results: $OUT/results.tsv, survivors: $OUT/survivors.txt"
rm -rf "$work"
exit 0
