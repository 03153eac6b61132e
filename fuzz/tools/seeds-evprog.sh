#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# fuzz/tools/seeds-evprog.sh - (re)generate the seed corpora of the state
# machine fuzz targets (gen rx ep sw arbtx arbrx p12reg p9reg) and of the
# differential target (diff) from the conformance vectors.
#
#   fuzz/tools/seeds-evprog.sh [CORPUS_DIR]      (default fuzz/corpus)
#
# Builds fuzz/tools/vec2evprog.c (with $CC, default cc) in a scratch folder,
# removes the v-* seeds of those targets and writes them again: one event
# program per vector record of the target's machine (fuzz/common/evprog.h),
# named v-<vector id>, so a fuzzer starts from the states the conformance
# vectors reach. The diff corpus holds every vector of every machine with
# the machine byte in front; of the ~1900 codec vectors only every 4th is
# kept (they are one step each and the codec targets have their own
# corpora). Run from the repository root. No Python, no network.
set -eu

OUT=${1:-fuzz/corpus}
CC=${CC:-cc}
VECS="vectors/p12/*.vec vectors/p9/*.vec"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/seeds-evprog.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM

# shellcheck disable=SC2086
$CC -std=c11 -O1 -D_POSIX_C_SOURCE=200809L -Ireference/include \
    -Iharness/include reference/src/*.c harness/core/vec.c \
    harness/core/registry.c harness/refdut/*.c fuzz/common/evprog.c \
    fuzz/tools/vec2evprog.c -o "$TMP/vec2evprog"

for m in gen rx ep sw arbtx arbrx p12reg p9reg; do
    mkdir -p "$OUT/$m"
    rm -f "$OUT/$m"/v-*
    # shellcheck disable=SC2086
    "$TMP/vec2evprog" --machine "$m" "$OUT/$m" $VECS
done
mkdir -p "$OUT/diff"
rm -f "$OUT/diff"/v-*
# shellcheck disable=SC2086
"$TMP/vec2evprog" --diff --sample codec 4 "$OUT/diff" $VECS
