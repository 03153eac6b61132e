#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# build.sh - Verilate rio_voq_codec.v with the protocol bridge (bridge.cpp)
# into two DUT programs (harness/examples/rtl/README.md):
#   OUT/good/rio-rtl-dut          the codec as written
#   OUT/bug/rio-rtl-dut-bug       the same with +define+RIO_BUG_CRC13
# Verilator's own make rebuilds only what changed. Needs verilator and g++
# (Debian packages verilator, g++).
#
#   sh harness/examples/rtl/build.sh OUT
set -u
[ $# -eq 1 ] || { echo "usage: $0 OUT" >&2; exit 2; }
command -v "${VERILATOR:-verilator}" >/dev/null 2>&1 ||
    { echo "verilator not found: apt-get install verilator g++" >&2; exit 3; }
src=$(cd "$(dirname "$0")" && pwd) || exit 3
out=$1
mkdir -p "$out" || exit 3
# -Wall: the RTL is lint-clean; -O3 and the --x-* options: speed of the model;
# -j 2: the 2-core development machine is shared.
vflags="--cc --exe --build -O3 --x-assign fast --x-initial fast --noassert -Wall
        --top-module rio_voq_codec -j 2"
# Up to date: both programs newer than the sources and this script (Verilator
# would regenerate and recompile everything, about a minute each).
if [ -x "$out/good/rio-rtl-dut" ] && [ -x "$out/bug/rio-rtl-dut-bug" ] &&
    [ -z "$(find "$src/rio_voq_codec.v" "$src/bridge.cpp" "$src/build.sh" \
        -newer "$out/good/rio-rtl-dut" 2>/dev/null)" ] &&
    [ -z "$(find "$src/rio_voq_codec.v" "$src/bridge.cpp" "$src/build.sh" \
        -newer "$out/bug/rio-rtl-dut-bug" 2>/dev/null)" ]; then
    exit 0
fi
set -e
# shellcheck disable=SC2086
"${VERILATOR:-verilator}" $vflags -Mdir "$out/good" -o rio-rtl-dut -CFLAGS -O2 \
    "$src/rio_voq_codec.v" "$src/bridge.cpp" > "$out/good.log" 2>&1 ||
    { cat "$out/good.log" >&2; exit 1; }
# shellcheck disable=SC2086
"${VERILATOR:-verilator}" $vflags -Mdir "$out/bug" -o rio-rtl-dut-bug +define+RIO_BUG_CRC13 \
    -CFLAGS "-O2 -DRIO_BUG_CRC13" "$src/rio_voq_codec.v" "$src/bridge.cpp" \
    > "$out/bug.log" 2>&1 || { cat "$out/bug.log" >&2; exit 1; }
