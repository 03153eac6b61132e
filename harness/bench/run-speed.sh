#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# harness/bench/run-speed.sh - part of `make bench`: wall time of the full
# non-exhaustive run against the reference (goal: under one second), in
# process and through the external-process protocol (riocheck-shim), three
# runs of each interleaved, medians and vectors per second printed.
#
#   sh harness/bench/run-speed.sh RIOCHECK SHIM REFERENCE.so
#
# The times are the ones riocheck prints on its summary line ("in N s").
set -u
[ $# -eq 3 ] || { echo "usage: $0 RIOCHECK SHIM REFERENCE.so" >&2; exit 2; }
rc=$1; shim=$2; so=$3
one() { # run [args]: "<vectors> <seconds>" from the summary line
    "$rc" run --no-reports --sweep-stride 16777216 "$@" | grep "^run: " | tail -n 1 |
        awk '{ n = $2 + $4 + $6 + $9; for (i = 1; i <= NF; i++) if ($i == "in") s = $(i + 1); print n, s }'
}
median() { sort -n | sed -n 2p; }
: > "${TMPDIR:-/tmp}/riocheck-speed.$$"
f=${TMPDIR:-/tmp}/riocheck-speed.$$
for i in 1 2 3; do
    echo "in $(one)" >> "$f"
    echo "so $(one --dut "$so")" >> "$f"
    echo "proc $(one --dut-cmd "$shim")" >> "$f"
done
n=$(awk '$1 == "in" { print $2; exit }' "$f")
tin=$(awk '$1 == "in" { print $3 }' "$f" | median)
tso=$(awk '$1 == "so" { print $3 }' "$f" | median)
tproc=$(awk '$1 == "proc" { print $3 }' "$f" | median)
rm -f "$f"
awk -v n="$n" -v a="$tin" -v c="$tso" -v b="$tproc" 'BEGIN {
    printf "full non-exhaustive run (%d vectors, sweeps at stride 2^24), median of 3\n", n
    printf "  in process, built-in reference     %7.3f s  %8.0f vectors/s\n", a, (a > 0 ? n / a : 0)
    printf "  --dut riocheck-reference.so        %7.3f s  %8.0f vectors/s\n", c, (c > 0 ? n / c : 0)
    printf "  --dut-cmd riocheck-shim (pipes)    %7.3f s  %8.0f vectors/s  (%.2fx the in-process time)\n", b, (b > 0 ? n / b : 0), (a > 0 ? b / a : 0)
    printf "  goal: in process under 1 s: %s\n", (a < 1 ? "met" : "NOT met")
}'
