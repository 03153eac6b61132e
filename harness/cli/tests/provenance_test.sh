#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The reports' provenance (issue 12, docs/provenance.md), on real runs:
#   - the DUT's SHA-256 in results.json, compliance.md and results.xml is
#     `sha256sum` of the --dut library, and of the --dut-cmd program found
#     through PATH;
#   - vectors_sha256 is `sha256sum FILES | sha256sum` with the files listed
#     here independently of riocheck (suites/suites.tsv's globs in order),
#     and the recipe compliance.md prints, run as it is, gives the same
#     hashes (also for a --vectors file whose name needs shell quoting, and
#     for --root given from another folder);
#   - the commit is HEAD's (-dirty) or unknown outside a git checkout;
#   - byte strings in failure details are the vectors' hex= form;
#   - compliance.md shows at most RC_MD_FAILURES_SHOWN (5) failures per
#     rule in full, and "... and K more" with the right K.
# Needs RIOCHECK (the riocheck binary; riocheck-shim beside it and
# BIN/../lib/riocheck-bad-cs64-bit-order.so: `make check` builds them).
# Ends with "provenance_test: N passed, N failed".
R=${RIOCHECK:?set RIOCHECK to the riocheck binary}
case $R in /*) ;; *) R=$(pwd)/$R ;; esac
root=$(cd "$(dirname "$0")/../../.." && pwd) || exit 3
cd "$root" || exit 3
BIN=$(cd "$(dirname "$R")" && pwd)
BAD=$BIN/../lib/riocheck-bad-cs64-bit-order.so
SHIM=$BIN/riocheck-shim
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C

bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
good() { pass=$((pass + 1)); }
for f in "$BAD" "$SHIM"; do
    [ -f "$f" ] || { echo "provenance_test: $f is missing (make check builds it)"
                     echo "provenance_test: 0 passed, 1 failed"; exit 1; }
done
# same NAME GOT WANT
same() { if [ "$2" = "$3" ] && [ -n "$3" ]; then good; else bad "$1" "got '$2', want '$3'"; fi; }
has() { if grep -qF -- "$3" "$2"; then good; else bad "$1" "no '$3' in $2"; fi; }
# jstr KEY FILE: the string value of the first "KEY": "..." line of a JSON file
jstr() { sed -n "s/^ *\"$1\": \"\(.*\)\",\{0,1\}\$/\1/p" "$2" | head -1; }
# hash64 FILE...: sha256sum's digest alone
hash64() { sha256sum "$@" | cut -c1-64; }
# md_recipe FILE: the recipe lines of compliance.md's Provenance section
md_recipe() { sed -n '/^## Provenance/,/^## Totals/p' "$1" | sed -n '/^```sh$/,/^```$/p' | sed '1d;$d'; }

# the vector files riocheck loads, in its order: each suite's globs in
# suites.tsv order, each glob sorted (C locale), a file once
suite_files() {
    for p in $(awk -F '\t' '!/^#/ && NF >= 2 { gsub(/,/, " ", $2); print $2 }' suites/suites.tsv); do
        for f in $p; do echo "$f"; done
    done | awk '!seen[$0]++'
}
# (computed after each run: the files may be edited while the test runs)
want_vec() { WANT_VEC=$(suite_files | tr '\n' '\0' | xargs -0 sha256sum | sha256sum | cut -c1-64); }

# ---- a --dut library, failing: hashes, recipe, cap ----------------------------
"$R" run --suite p12-cs64 --dut "$BAD" --out "$tmp/lib" >"$tmp/lib.tap" 2>"$tmp/lib.err"
s=$?
want_vec
[ "$s" -eq 1 ] && good || bad run-lib "exit $s, want 1"
J=$tmp/lib/results.json; M=$tmp/lib/compliance.md; X=$tmp/lib/results.xml
same lib-dut-sha256-json "$(jstr dut_sha256 "$J")" "$(hash64 "$BAD")"
same lib-dut-file-json "$(jstr dut_file "$J")" "$BAD"
same lib-vectors-sha256-json "$(jstr vectors_sha256 "$J")" "$WANT_VEC"
same lib-vectors-dir-json "$(jstr vectors_dir "$J")" "."
has lib-md-dut "$M" "| DUT file SHA-256 | \`$(hash64 "$BAD")\` of \`$BAD\` |"
has lib-md-vectors "$M" "| Vector set SHA-256 | \`$WANT_VEC\`"
has lib-junit-dut "$X" "<property name=\"dut_sha256\" value=\"$(hash64 "$BAD")\"/>"
has lib-junit-vectors "$X" "<property name=\"vectors_sha256\" value=\"$WANT_VEC\"/>"
# the recipe as printed, run by a shell: "HASH  FILE" for the DUT, "HASH  -"
md_recipe "$M" > "$tmp/recipe.sh"
same lib-recipe-lines "$(wc -l < "$tmp/recipe.sh" | tr -d ' ')" 2
got=$(sh "$tmp/recipe.sh" | cut -c1-64 | tr '\n' ' ')
same lib-recipe-runs "$got" "$(hash64 "$BAD") $WANT_VEC "
# the JSON recipe is the same command
same lib-recipe-json "$(jstr vectors_recipe "$J")" "$(sed -n 2p "$tmp/recipe.sh")"
# commit: 40 hex digits (and -dirty), or unknown; the one the binary was built with
commit=$(jstr commit "$J")
if printf '%s\n' "$commit" | grep -Eq '^([0-9a-f]{40}(-dirty)?|unknown)$'; then good
else bad lib-commit-form "'$commit'"; fi
stamp=$BIN/../buildinfo.commit
[ -f "$stamp" ] && same lib-commit-stamp "$commit" "$(cat "$stamp")"
same lib-compiler "$(jstr compiler "$J" | grep -Ec '^(gcc |.*[Cc]lang)')" 1
same lib-host "$(jstr host "$J")" "$(uname -n) $(uname -s) $(uname -r) $(uname -m)"
# failures: at most 5 in full per rule, and the right "... and K more"
awk '/^## Failures/ { on = 1; next } /^## / { on = 0 }
     on && /^### / { if (g != "") check(); g = $0; full = 0; more = 0
                     n = $0; sub(/.*\(/, "", n); sub(/ failing\)/, "", n) }
     on && /^- `/ { full++ }
     on && /^- \.\.\. and / { more = $4 }
     function check() { if (full > 5 || full + more != n + 0 || (n > 5 && more != n - 5))
                          { print "group " g ": " full " shown, " more " more"; bad = 1 } }
     END { if (g != "") check(); if (g == "") { print "no failure groups"; bad = 1 }; exit bad }' \
    "$M" > "$tmp/cap.out" && good || { bad lib-md-cap "$(cat "$tmp/cap.out")"; }
groups=$(grep -c '^### `P12' "$M")
[ "$groups" -ge 1 ] && good || bad lib-md-groups "$groups"
has lib-md-more "$M" "more: see results.json"
# every failure is still in results.json
nfail=$(sed -n 's/^\([0-9]*\) vectors failed.*/\1/p' "$M")
same lib-json-all "$(grep -A1 '^      "verdict": "\(fail\|error\)",$' "$J" | grep -c '"failed_rules"')" "$nfail"

# ---- --dut-cmd through PATH, and the built-in reference --------------------------
PATH="$BIN:$PATH" "$R" run --vector 'p9.sw.*' --out "$tmp/cmd" --dut-cmd riocheck-shim \
    >/dev/null 2>"$tmp/cmd.err"
J=$tmp/cmd/results.json
same cmd-dut-sha256 "$(jstr dut_sha256 "$J")" "$(hash64 "$SHIM")"
same cmd-dut-file "$(jstr dut_file "$J")" "$BIN/riocheck-shim"
has cmd-md "$tmp/cmd/compliance.md" "| DUT file SHA-256 | \`$(hash64 "$SHIM")\`"
"$R" run --vector 'p9.sw.*' --out "$tmp/ref" >/dev/null 2>&1
has ref-json-null "$tmp/ref/results.json" '"dut_sha256": null,'
has ref-md "$tmp/ref/compliance.md" "| DUT file SHA-256 | none: the built-in reference"
same ref-recipe-lines "$(md_recipe "$tmp/ref/compliance.md" | wc -l | tr -d ' ')" 1

# ---- --vectors outside the root, a name that needs quoting; hex= details -------------
v="$tmp/we ird\\name's.vec"
cat > "$v" <<'EOF'
vector prov.hex.lead0
rules    P12-3.1-a
rev      p12r2 p12r3
needs    codec cs48
cite     provenance_test: a byte string with a leading zero byte
machine  codec
do       cs48_pack stype0=4 parameter0=0x0 parameter1=0x3F stype1=7 cmd=0 stype2=0x0000
expect   bytes hex=00807FC00A35
end

vector prov.hex.masked
rules    P12-3.1-a
rev      p12r2 p12r3
needs    codec cs48
cite     provenance_test: a masked byte string
machine  codec
do       cs48_pack stype0=4 parameter0=0x0 parameter1=0x3F stype1=7 cmd=0 stype2=0x0000
expect   bytes len=6 hi=0x0000000000000000/0xFF00000000000000 lo=0
end
EOF
"$R" run --vectors "$v" --out "$tmp/vec" >/dev/null 2>&1
J=$tmp/vec/results.json; M=$tmp/vec/compliance.md
same vec-sha256 "$(jstr vectors_sha256 "$J")" "$(sha256sum "$v" | sha256sum | cut -c1-64)"
got=$(md_recipe "$M" | sh | cut -c1-64)
same vec-recipe-runs "$got" "$(sha256sum "$v" | sha256sum | cut -c1-64)"
has vec-hex-expected "$J" '"expected": "bytes hex=00807FC00A35",'
has vec-hex-actual "$J" '"actual": "bytes hex=807FC0000A35",'
has vec-hex-md "$M" '  - expected: `bytes hex=00807FC00A35`'
has vec-hex-masked "$J" '"expected": "bytes len=6 hi=0x0000000000000000/0xFF00000000000000 lo=0x0000000000000000",'

# ---- --root given from another folder: names relative to it, "cd ROOT &&" -------
mkdir "$tmp/elsewhere"
(cd "$tmp/elsewhere" && "$R" run --root "$root" --vector 'p9.sw.*' --out "$tmp/root" \
    >/dev/null 2>&1)
want_vec
J=$tmp/root/results.json
same root-sha256 "$(jstr vectors_sha256 "$J")" "$WANT_VEC"
same root-dir "$(jstr vectors_dir "$J")" "$root"
got=$(cd / && md_recipe "$tmp/root/compliance.md" | sh | cut -c1-64)
same root-recipe-runs "$got" "$WANT_VEC"

# ---- the commit outside a git checkout: unknown -------------------------------------
mkdir "$tmp/tarball"
same buildinfo-tarball "$(sh harness/core/buildinfo.sh "$tmp/tarball")" unknown
same buildinfo-subfolder "$(sh harness/core/buildinfo.sh "$root/docs")" unknown
if command -v git >/dev/null && [ -d "$root/.git" ]; then
    case $(sh harness/core/buildinfo.sh "$root") in
        "$(git rev-parse HEAD)"|"$(git rev-parse HEAD)-dirty") good ;;
        *) bad buildinfo-head "$(sh harness/core/buildinfo.sh "$root")" ;;
    esac
fi

echo "provenance_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
