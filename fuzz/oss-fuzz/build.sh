#!/bin/bash -eu
# SPDX-License-Identifier: Apache-2.0
# fuzz/oss-fuzz/build.sh - build every riocheck fuzz target the OSS-Fuzz way
# (also what .clusterfuzzlite/build.sh runs): the compilers and flags come
# from the environment, the engine from $LIB_FUZZING_ENGINE, everything goes
# to $OUT:
#   $OUT/T                    the fuzzer (libFuzzer, AFL++ or honggfuzz driver)
#   $OUT/T_seed_corpus.zip    fuzz/corpus/T
#   $OUT/T.dict               fuzz/dict/T.dict
#   $OUT/T.options            fuzz/options/T.options
# Environment: CC, CXX, CFLAGS, CXXFLAGS, LIB_FUZZING_ENGINE, OUT (required);
# WORK (scratch, default a temporary folder). Local try-out:
#   CC=clang CXX=clang++ CFLAGS="-O1 -g -fsanitize=address,fuzzer-no-link" \
#   CXXFLAGS="$CFLAGS" LIB_FUZZING_ENGINE=-fsanitize=fuzzer OUT=/tmp/out \
#   bash fuzz/oss-fuzz/build.sh
# Unlike the Makefile, no -Werror: OSS-Fuzz's clang is newer than the one the
# project is checked with, and a new warning must not stop the fuzzing.
cd "$(dirname "$0")/../.."
: "${CC:?}" "${CXX:?}" "${CFLAGS=}" "${CXXFLAGS=}" "${LIB_FUZZING_ENGINE:?}" "${OUT:?}"
WORK=${WORK:-$(mktemp -d)}
obj=$WORK/riocheck-obj
rm -rf "$obj"
mkdir -p "$obj" "$OUT"

flags="-std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Ireference/include -Iharness/include"

# compile SRC -> object path (the source path with / turned into _).
compile() {
    local o="$obj/$(echo "$1" | tr / _).o"
    # shellcheck disable=SC2086
    $CC $CFLAGS $flags -c "$1" -o "$o"
    echo "$o"
}

# librio, the harness objects (core, oracle, refdut) and fuzz/common: linked
# whole into every target, as in the Makefile.
objs=()
for s in reference/src/*.c harness/core/*.c harness/oracle/*.c harness/refdut/*.c fuzz/common/*.c; do
    [ -f "$s" ] && objs+=("$(compile "$s")")
done
# The rest of the harness a parser target may call (CLI helpers, proc,
# report), without the programs' main(): an archive, so only what a target
# references is linked.
extra=()
for s in harness/cli/*.c harness/proc/*.c harness/report/*.c; do
    [ -f "$s" ] || continue
    case $s in *main.c) continue ;; esac
    extra+=("$(compile "$s")")
done
rm -f "$obj/libextra.a"
[ ${#extra[@]} -gt 0 ] && ar rcs "$obj/libextra.a" "${extra[@]}"

for f in fuzz/*.c; do
    t=$(basename "$f" .c)
    [ "$t" = empty ] && continue   # the fuzz-bench baseline, not a target
    o=$(compile "$f")
    # shellcheck disable=SC2086
    $CXX $CXXFLAGS "$o" "${objs[@]}" ${extra:+"$obj/libextra.a"} $LIB_FUZZING_ENGINE -ldl -o "$OUT/$t"
    if [ -d "fuzz/corpus/$t" ]; then
        rm -f "$OUT/${t}_seed_corpus.zip"
        (cd "fuzz/corpus/$t" && zip -q -r "$OUT/${t}_seed_corpus.zip" .)
    fi
    [ -f "fuzz/dict/$t.dict" ] && cp "fuzz/dict/$t.dict" "$OUT/$t.dict"
    [ -f "fuzz/options/$t.options" ] && cp "fuzz/options/$t.options" "$OUT/$t.options"
    echo "built $OUT/$t"
done
