#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# harness/bench/load-speed.sh - part of `make bench`: wall time to load a
# generated file of 50,000 vectors (issue 11: goal under 1 s; it took 15-29 s
# when the duplicate-id check compared every pair). Printed, never asserted.
#
#   sh harness/bench/load-speed.sh RIOCHECK [N]
#
# The file holds N (default 50000) small codec vectors with distinct ids, one
# of them with a duplicate id in a second copy of the file. Timed, median of
# three runs each:
#   list   riocheck run --list --vectors FILE: read, parse, the duplicate-id
#          check, the selection and the listing (no vector is played)
#   dup    the same with the file given twice: every id is used twice, the
#          run stops at the duplicate check with exit 3 (the check itself,
#          over 2N records)
# Wall time and CPU time (user+sys, from the shell's `times`: it holds on a
# busy machine, where the wall time does not).
set -u
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: $0 RIOCHECK [N]" >&2; exit 2; }
rc=$1; n=${2:-50000}
# the ids are a permutation of 0..N-1 (7919 is prime)
[ "$n" -gt 0 ] && [ $((n % 7919)) -ne 0 ] || { echo "$0: N must not be a multiple of 7919" >&2; exit 2; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/riocheck-load.XXXXXX") || exit 3
trap 'rm -rf "$dir"' EXIT
f=$dir/many.vec
awk -v n="$n" 'BEGIN {
    for (i = 0; i < n; i++) {
        # ids not in sorted order, as real files are not
        printf "vector gen.load.%d\n", (i * 7919) % n
        printf "rules    P12-3.1-b\nrev      p12r3\nneeds    codec\n"
        printf "cite     Part 12 rev 4.1 3.1 Table 3-1 (load benchmark)\n"
        printf "machine  codec\n"
        printf "do       stype2_decode rev=3 width=0 value=0x%04X\n", 8192 + i % 8192
        printf "expect   voq_msg kind=backpressure group_width=0 status_width=13\n"
        printf "end\n\n"
    }
}' > "$f"
now() { date +%s.%N; }
# cpu: sets cpu_s to the seconds of user+sys CPU of the children waited for
# so far (second line of `times`, e.g. "0m1.250000s 0m0.030000s"; run in
# this shell, through a file: `times` in a $(...) subshell would count the
# subshell's children)
cpu() {
    times > "$dir/times"
    cpu_s=$(sed -n 2p "$dir/times" | awk '{ t = 0
        for (i = 1; i <= 2; i++) { split($i, a, "m"); sub(/s$/, "", a[2]); t += a[1] * 60 + a[2] }
        printf "%.3f\n", t }')
}
# one CMD...: appends "WALL CPU" (seconds) of CMD to $dir/$out; its exit
# status goes to $dir/status, its stderr to $dir/err
one() {
    cpu; c0=$cpu_s; t0=$(now)
    "$@" > /dev/null 2> "$dir/err"; echo $? > "$dir/status"
    t1=$(now); cpu; c1=$cpu_s
    echo "$t0 $t1 $c0 $c1" | awk '{ printf "%.3f %.3f\n", $2 - $1, $4 - $3 }' >> "$dir/$out"
}
median() { sort -n | sed -n 2p; } # of 3 numbers on stdin
: > "$dir/list"; : > "$dir/dup"
for i in 1 2 3; do
    out=list; one "$rc" run --list --vectors "$f"
    [ "$(cat "$dir/status")" = 0 ] || { echo "$0: riocheck run --list failed:"; cat "$dir/err"; exit 1; }
    out=dup; one "$rc" run --list --vectors "$f" --vectors "$f"
    grep -q "already used" "$dir/err" || { echo "$0: the duplicate ids were not reported:"; cat "$dir/err"; exit 1; }
done
size=$(wc -c < "$f")
aw=$(cut -d' ' -f1 "$dir/list" | median); ac=$(cut -d' ' -f2 "$dir/list" | median)
bw=$(cut -d' ' -f1 "$dir/dup" | median); bc=$(cut -d' ' -f2 "$dir/dup" | median)
awk -v n="$n" -v size="$size" -v aw="$aw" -v ac="$ac" -v bw="$bw" -v bc="$bc" 'BEGIN {
    printf "load of a generated vector file: %d vectors, %.1f MB, median of 3 (wall, CPU user+sys)\n", n, size / 1e6
    printf "  riocheck run --list --vectors FILE          %7.3f s wall  %7.3f s CPU  %9.0f vectors/s CPU\n", aw, ac, (ac > 0 ? n / ac : 0)
    printf "  the same file twice (duplicate ids, exit 3) %7.3f s wall  %7.3f s CPU  %9.0f vectors/s CPU\n", bw, bc, (bc > 0 ? 2 * n / bc : 0)
    printf "  goal: under 1 s: %s (CPU time; the wall time also counts other load on the machine)\n", (ac < 1 ? "met" : "NOT met")
}'
