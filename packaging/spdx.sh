#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# spdx.sh - the SPDX-License-Identifier line of riocheck's source files.
#
#   sh packaging/spdx.sh list        the source files (one a line)
#   sh packaging/spdx.sh missing     those without the line
#   sh packaging/spdx.sh add FILE... add the line to each FILE that lacks it
#
# Source files: the tracked files (git ls-files; without git, find) of these
# kinds, fuzz/corpus/ excepted (seeds are data): C and C++ (.c .h .cpp),
# Verilog (.v .sv), shell (.sh .bash, .ci/run), awk, Makefiles, Dockerfiles,
# YAML, fuzz dictionaries (.dict), vector files (.vec), the TSV tables (.tsv),
# vectors/selfcheck/known-answers.txt, the pkg-config templates (.pc.in) and
# man pages (.1).
# Where the line goes: first, or after a #! line; last in the files whose line
# numbers are cited elsewhere: vectors/ (FILE:LINE in reports and documents),
# suites/*.tsv, reference/src/*.c (harness/mutation/reviewed.tsv names its
# mutants by line), harness/mutation/tests/sample.c (sample.list: the sites
# by line).
# The comment: /* */ in C, // in C++ and Verilog, .\" in man pages, # in the
# rest.
LINE='SPDX-License-Identifier: Apache-2.0'

list() {
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        git ls-files
    else
        find . -type f ! -path './.git/*' ! -path './build*' | sed 's|^\./||'
    fi | grep -v '^fuzz/corpus/' | grep -E \
        '\.(c|h|cpp|v|sv|sh|bash|awk|dict|vec|tsv|yml|yaml|pc\.in|1)$|(^|/)(Makefile|Dockerfile)$|^\.ci/run$|^vectors/selfcheck/known-answers\.txt$' |
        LC_ALL=C sort
}

comment() {
    case "$1" in
    *.c | *.h) echo "/* $LINE */" ;;
    *.cpp | *.v | *.sv) echo "// $LINE" ;;
    *.1) echo ".\\\" $LINE" ;;
    *) echo "# $LINE" ;;
    esac
}

at_end() {
    case "$1" in
    vectors/* | suites/*.tsv | reference/src/*.c | harness/mutation/tests/sample.c) return 0 ;;
    *) return 1 ;;
    esac
}

add() {
    f=$1
    grep -q "$LINE" "$f" && return 0
    c=$(comment "$f")
    tmpf=$f.spdx.$$
    if at_end "$f"; then
        # a last line without its newline gets one first
        { cat "$f"; [ -n "$(tail -c 1 "$f")" ] && echo; echo "$c"; } >"$tmpf"
    elif head -n 1 "$f" | grep -q '^#!'; then
        { head -n 1 "$f"; echo "$c"; tail -n +2 "$f"; } >"$tmpf"
    else
        { echo "$c"; cat "$f"; } >"$tmpf"
    fi || { rm -f "$tmpf"; return 1; }
    # keep the file's mode (scripts stay executable)
    chmod "$(stat -c %a "$f")" "$tmpf" && mv "$tmpf" "$f"
}

case "$1" in
list) list ;;
missing) list | while read -r f; do grep -q "$LINE" "$f" || echo "$f"; done ;;
add)
    shift
    for f in "$@"; do add "$f" || exit 3; done
    ;;
*)
    echo "usage: sh packaging/spdx.sh list | missing | add FILE..." >&2
    exit 2
    ;;
esac
