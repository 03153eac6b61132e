#!/bin/sh
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
# one CMD...: seconds of wall time of CMD (its exit status in $? of the caller is lost)
one() {
    t0=$(now); "$@" > /dev/null 2> "$dir/err"; st=$?; t1=$(now)
    echo "$t0 $t1" | awk '{ printf "%.3f\n", $2 - $1 }'
    echo "$st" > "$dir/status"
}
median() { sort -n | sed -n 2p; }
: > "$dir/list"; : > "$dir/dup"
for i in 1 2 3; do
    one "$rc" run --list --vectors "$f" >> "$dir/list"
    [ "$(cat "$dir/status")" = 0 ] || { echo "$0: riocheck run --list failed:"; cat "$dir/err"; exit 1; }
    one "$rc" run --list --vectors "$f" --vectors "$f" >> "$dir/dup"
    grep -q "already used" "$dir/err" || { echo "$0: the duplicate ids were not reported:"; cat "$dir/err"; exit 1; }
done
size=$(wc -c < "$f")
awk -v n="$n" -v size="$size" -v a="$(median < "$dir/list")" -v b="$(median < "$dir/dup")" 'BEGIN {
    printf "load of a generated vector file: %d vectors, %.1f MB, median of 3\n", n, size / 1e6
    printf "  riocheck run --list --vectors FILE          %7.3f s  %9.0f vectors/s\n", a, (a > 0 ? n / a : 0)
    printf "  the same file twice (duplicate ids, exit 3) %7.3f s  %9.0f vectors/s\n", b, (b > 0 ? 2 * n / b : 0)
    printf "  goal: under 1 s: %s\n", (a < 1 ? "met" : "NOT met")
}'
