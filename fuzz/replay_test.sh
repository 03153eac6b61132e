#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Replays every fuzz target's corpus with its replay binary (built by the
# VARIANT's compiler from fuzz/driver/replay_main.c): fuzz/corpus/T/ must exist,
# be non-empty and run without a crash or a violated property. Every seed is
# run as it is; seeds of at most 64 bytes are also run as every proper prefix
# and every single-bit flip (their "mutants").
# Environment (set by `make check`): FUZZ_BIN (folder of the T-replay
# binaries), FUZZ_TARGETS (the target names). Ends with
# "fuzz_replay: N passed, N failed" (one test per target).
#
# Sampling of the mutants: FUZZ_MUTANT_STRIDE=S (default 1: every seed) and
# FUZZ_MUTANT_OFFSET=K (default 0). With S > 1 only the seeds of at most 64
# bytes whose index i among them (0-based, in name order) has
# i mod S == K mod S get their mutants run; where there are fewer than S such
# seeds, the one seed K mod (their number). Every seed still runs as it is.
# `make check` runs every mutant in the gcc variant and a sample in clang and
# san with different offsets (Makefile): all of them took 200-300 s of CPU
# under the sanitizers (the diff and gen targets' most of it), on inputs gcc
# has already run. A failure in a sample reproduces with the printed command
# (the whole neighbourhood).
bin=${FUZZ_BIN:?set FUZZ_BIN to the folder of the replay binaries}
targets=${FUZZ_TARGETS:?set FUZZ_TARGETS to the fuzz target names}
stride=${FUZZ_MUTANT_STRIDE:-1}
offset=${FUZZ_MUTANT_OFFSET:-0}
case "$stride$offset" in
    *[!0-9]*) echo "FUZZ_MUTANT_STRIDE ($stride) and FUZZ_MUTANT_OFFSET ($offset) must be numbers"
        echo "fuzz_replay: 0 passed, 1 failed"; exit 2 ;;
esac
[ "$stride" -ge 1 ] || stride=1
cd "$(dirname "$0")/.." || exit 3
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for t in $targets; do
    c=fuzz/corpus/$t
    if [ ! -d "$c" ] || [ -z "$(ls -A "$c" 2>/dev/null)" ]; then
        echo "FAIL $t: no seed corpus in $c"
        fail=$((fail + 1)); continue
    fi
    if [ ! -x "$bin/$t-replay" ]; then
        echo "FAIL $t: $bin/$t-replay not built"
        fail=$((fail + 1)); continue
    fi
    if [ "$stride" -eq 1 ]; then
        out=$("$bin/$t-replay" --mutants=64 "$c" 2>&1); rc=$?
    else
        # the seeds replay_main runs (regular files not starting with '.'):
        # those that have mutants (at most 64 bytes) in name order (byte
        # order), split into the sample and the rest; the larger ones
        LC_ALL=C find "$c" -maxdepth 1 -type f ! -name '.*' -size -65c | LC_ALL=C sort >"$tmp/small"
        LC_ALL=C find "$c" -maxdepth 1 -type f ! -name '.*' ! -size -65c >"$tmp/rest"
        cat "$tmp/small" "$tmp/rest" >"$tmp/all"
        n=$(wc -l <"$tmp/small")
        awk -v s="$stride" -v k="$offset" -v n="$n" -v sel="$tmp/sel" -v rest="$tmp/rest" '
            BEGIN { m = (n < s) ? n : s; printf "" >sel }
            { if ((NR - 1) % m == k % m) print >sel; else print >>rest }' "$tmp/small"
        # one invocation each (file names of the corpora have no blanks:
        # checked here so that a new one cannot be split silently)
        if grep -q '[[:space:]]' "$tmp/all"; then
            echo "FAIL $t: a file name in $c has a blank"; fail=$((fail + 1)); continue
        fi
        # (an empty list would be a usage error of replay_main: not run)
        rc=0; out=""; summary=""
        if [ -s "$tmp/sel" ]; then
            out=$(set -f; "$bin/$t-replay" --mutants=64 $(cat "$tmp/sel") 2>&1); rc=$?
            summary="sample: $(printf '%s\n' "$out" | sed -n "s/^$t-replay: //p")"
        fi
        if [ "$rc" -eq 0 ] && [ -s "$tmp/rest" ]; then
            out=$(set -f; "$bin/$t-replay" $(cat "$tmp/rest") 2>&1); rc=$?
            summary="${summary:+$summary; }the other seeds: $(printf '%s\n' "$out" | sed -n "s/^$t-replay: //p")"
        fi
    fi
    if [ "$rc" -eq 0 ]; then
        if [ "$stride" -eq 1 ]; then
            echo "ok   $(printf '%s\n' "$out" | tail -n 1)"
        else
            echo "ok   $t-replay, $summary"
        fi
        pass=$((pass + 1))
    else
        printf '%s\n' "$out" | tail -n 20
        echo "FAIL $t: exit $rc replaying $c (reproduce: $bin/$t-replay --mutants=64 $c)"
        fail=$((fail + 1))
    fi
done
echo "fuzz_replay: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
