#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# man_test.sh - the hand-written man pages (packaging/riocheck.1,
# riocheck-shim.1) and the bash completion (packaging/riocheck.bash) agree
# with the programs' own help:
#   - every command `riocheck --help` lists has its own .SS section;
#   - every option of `riocheck COMMAND --help` is named in that command's
#     section, every option of `riocheck-shim --help` in riocheck-shim.1;
#   - every option a section defines (.TP lines) is in the command's help
#     (no stale option);
#   - both pages format without a groff warning, and `man -l` shows them
#     (when man is installed);
#   - the completion offers exactly the listed commands, and each command's
#     options.
# Options are the --words of the help outside example lines (lines that
# start with "riocheck WORD"), as the completion reads them.
# RIOCHECK: the riocheck binary (default build/gcc/bin/riocheck); the shim
# is beside it. Last line: "man_test: N passed, N failed".

root=$(cd "$(dirname "$0")/.." && pwd) || exit 3
cd "$root" || exit 3
R=${RIOCHECK:-build/gcc/bin/riocheck}
SHIM=$(dirname "$R")/riocheck-shim
tmp=$(mktemp -d "${TMPDIR:-/tmp}/man_test.XXXXXX") || exit 3
trap 'rm -rf "$tmp"' EXIT

pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
bad() { fail=$((fail + 1)); echo "FAIL - $1"; }
finish() {
    echo "man_test: $pass passed, $fail failed"
    [ "$fail" -eq 0 ]
    exit $?
}
if [ ! -x "$R" ] || [ ! -x "$SHIM" ]; then
    bad "$R or $SHIM not found (make cli)"
    finish
fi

# options TEXTFILE: the --words of a help text, one per line, sorted.
options() {
    grep -Ev '^[[:space:]]*(\$ )?riocheck(-shim)? [a-z]' "$1" | grep -oE -- '--[a-z][a-z0-9-]*' |
        grep -vx -- '--opt' | LC_ALL=C sort -u
}
# plain PAGE: the page's source as text (\- to -, font escapes and \& gone).
plain() {
    sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\&//g' -e 's/\\://g' "$1"
}
# section PAGE NAME: the text of ".SS NAME" up to the next .SS or .SH.
section() {
    plain "$1" | awk -v n="$2" '/^\.S[SH] / { on = ($1 == ".SS" && $2 == n); next } on'
}
# defined TEXT: the options a section's .TP entries define (the line after .TP).
defined() {
    awk 'prev == ".TP" { print } { prev = $1 }' "$1" | grep -oE -- '--[a-z][a-z0-9-]*' | LC_ALL=C sort -u
}

page=packaging/riocheck.1
"$R" --help >"$tmp/main.help" 2>&1
cmds=$(awk '/^Commands:/ { on = 1; next } on && /^[^ ]/ { on = 0 } on && /^  [a-z]/ { print $1 }' "$tmp/main.help")
if [ -z "$cmds" ]; then
    bad "no command found under 'Commands:' in riocheck --help"
    finish
fi
for c in $cmds; do
    section "$page" "$c" >"$tmp/$c.sec"
    if [ ! -s "$tmp/$c.sec" ]; then
        bad "$page has no section .SS $c"
        continue
    fi
    [ "$c" = help ] && continue
    "$R" "$c" --help >"$tmp/$c.help" 2>&1
    missing=""
    for o in $(options "$tmp/$c.help"); do
        grep -qe "$o\([^a-z0-9-]\|\$\)" "$tmp/$c.sec" || missing="$missing $o"
    done
    if [ -z "$missing" ]; then
        ok "riocheck $c: every option of --help is in $page ($(options "$tmp/$c.help" | wc -l | tr -d ' '))"
    else
        bad "riocheck $c: options of --help missing from its section of $page:$missing"
    fi
    stale=""
    for o in $(defined "$tmp/$c.sec"); do
        options "$tmp/$c.help" | grep -qx -- "$o" || stale="$stale $o"
    done
    if [ -z "$stale" ]; then
        ok "riocheck $c: every option $page defines is in --help"
    else
        bad "riocheck $c: $page defines options --help does not know:$stale"
    fi
done
if plain "$page" | grep -q -- '--version'; then
    ok "$page names --version"
else
    bad "$page does not name --version"
fi

spage=packaging/riocheck-shim.1
"$SHIM" --help >"$tmp/shim.help" 2>&1
plain "$spage" >"$tmp/shim.txt"
missing=""
for o in $(options "$tmp/shim.help"); do
    grep -qe "$o\([^a-z0-9-]\|\$\)" "$tmp/shim.txt" || missing="$missing $o"
done
if [ -z "$missing" ]; then
    ok "riocheck-shim: every option of --help is in $spage"
else
    bad "riocheck-shim: options of --help missing from $spage:$missing"
fi
stale=""
for o in $(defined "$tmp/shim.txt"); do
    [ "$o" = --help ] && continue
    options "$tmp/shim.help" | grep -qx -- "$o" || stale="$stale $o"
done
if [ -z "$stale" ]; then
    ok "riocheck-shim: every option $spage defines is in --help"
else
    bad "riocheck-shim: $spage defines options --help does not know:$stale"
fi

for p in "$page" "$spage"; do
    if command -v groff >/dev/null 2>&1; then
        if groff -ww -z -man "$p" >"$tmp/groff.err" 2>&1 && [ ! -s "$tmp/groff.err" ]; then
            ok "$p formats without a groff warning"
        else
            bad "$p: groff warnings: $(head -3 "$tmp/groff.err")"
        fi
    else
        echo "skip - groff not found (apt-get install groff-base): $p not formatted"
    fi
    if command -v man >/dev/null 2>&1; then
        name=$(basename "$p" .1)
        if MANWIDTH=80 man -l "$p" 2>/dev/null | grep -q "^ *$name [\\-]"; then
            ok "man -l $p shows the page"
        else
            bad "man -l $p does not show a NAME line for $name"
        fi
    else
        echo "skip - man not found (apt-get install man-db): man -l not tried"
    fi
done

# The completion, in bash: commands, each command's options, a value list.
if command -v bash >/dev/null 2>&1; then
    cat >"$tmp/comp.bash" <<'EOF'
. packaging/riocheck.bash
c() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _riocheck; printf '%s\n' "${COMPREPLY[@]}" | LC_ALL=C sort; }
case "$1" in
cmds) c "$R" "" ;;
opts) c "$R" "$2" --run-nothing-here; c "$R" "$2" -- ;;
format) c "$R" export --format "" ;;
shim) COMP_WORDS=("$SHIM" --); COMP_CWORD=1; _riocheck_shim; printf '%s\n' "${COMPREPLY[@]}" | LC_ALL=C sort ;;
esac
EOF
    # bash >= 4.3 (nameref-free, arrays); the program as typed: a path
    echo "$cmds" | LC_ALL=C sort >"$tmp/cmds.want"
    R="$R" bash "$tmp/comp.bash" cmds >"$tmp/cmds.got" 2>&1
    if cmp -s "$tmp/cmds.want" "$tmp/cmds.got"; then
        ok "completion of 'riocheck ' offers the $(wc -l <"$tmp/cmds.want" | tr -d ' ') commands of --help"
    else
        bad "completion of 'riocheck ' offers: $(tr '\n' ' ' <"$tmp/cmds.got") (want $(tr '\n' ' ' <"$tmp/cmds.want"))"
    fi
    for c in $cmds; do
        [ "$c" = help ] && continue
        options "$tmp/$c.help" >"$tmp/$c.want"
        R="$R" bash "$tmp/comp.bash" opts "$c" | grep -- '^--' >"$tmp/$c.got" 2>&1
        if cmp -s "$tmp/$c.want" "$tmp/$c.got"; then
            ok "completion of 'riocheck $c --' offers its $(wc -l <"$tmp/$c.want" | tr -d ' ') options"
        else
            bad "completion of 'riocheck $c --': $(tr '\n' ' ' <"$tmp/$c.got") (want $(tr '\n' ' ' <"$tmp/$c.want"))"
        fi
    done
    got=$(R="$R" bash "$tmp/comp.bash" format | tr '\n' ' ')
    if [ "$got" = "csv json readmemh " ]; then
        ok "completion of 'riocheck export --format ' offers csv json readmemh"
    else
        bad "completion of 'riocheck export --format ': '$got'"
    fi
    got=$(SHIM="$SHIM" bash "$tmp/comp.bash" shim | tr '\n' ' ')
    want=$( (options "$tmp/shim.help"; echo --help) | LC_ALL=C sort -u | tr '\n' ' ')
    if [ "$got" = "$want" ]; then
        ok "completion of 'riocheck-shim --' offers $got"
    else
        bad "completion of 'riocheck-shim --': '$got' (want '$want')"
    fi
else
    echo "skip - bash not found: the completion not tried"
fi

finish
