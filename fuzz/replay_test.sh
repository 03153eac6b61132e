#!/bin/sh
# Replays every fuzz target's corpus with its replay binary (built by the
# VARIANT's compiler from fuzz/driver/replay_main.c): fuzz/corpus/T/ must exist,
# be non-empty and run without a crash or a violated property. Inputs of at
# most 64 bytes are also run as every proper prefix and every single-bit flip.
# Environment (set by `make check`): FUZZ_BIN (folder of the T-replay
# binaries), FUZZ_TARGETS (the target names). Ends with
# "fuzz_replay: N passed, N failed" (one test per target).
bin=${FUZZ_BIN:?set FUZZ_BIN to the folder of the replay binaries}
targets=${FUZZ_TARGETS:?set FUZZ_TARGETS to the fuzz target names}
cd "$(dirname "$0")/.." || exit 3
pass=0; fail=0
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
    out=$("$bin/$t-replay" --mutants=64 "$c" 2>&1); rc=$?
    if [ "$rc" -eq 0 ]; then
        echo "ok   $(printf '%s\n' "$out" | tail -n 1)"
        pass=$((pass + 1))
    else
        printf '%s\n' "$out" | tail -n 20
        echo "FAIL $t: exit $rc replaying $c (reproduce: $bin/$t-replay --mutants=64 $c)"
        fail=$((fail + 1))
    fi
done
echo "fuzz_replay: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
