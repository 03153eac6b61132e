/* SPDX-License-Identifier: Apache-2.0 */
/*
 * afl_main.c - AFL++ persistent-mode driver for any fuzz target, with test
 * cases in shared memory (__AFL_FUZZ_INIT, __AFL_LOOP,
 * __AFL_FUZZ_TESTCASE_BUF). Build with afl-clang-fast (make fuzz-afl-build).
 *
 *   afl-fuzz -i fuzz/corpus/T -o OUT -- build/fuzz-afl/T
 *
 * Outside afl-fuzz the same binary reads one test case from stdin (the AFL++
 * fallback), so `build/fuzz-afl/T < crash` reproduces a crash and afl-tmin /
 * afl-cmin work on it.
 *
 * Each test case is copied into a buffer of exactly its length: the shared
 * memory buffer is larger than the test case, and ASan could not see a read
 * past its end otherwise.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/fuzz.h"

#ifndef __AFL_FUZZ_TESTCASE_LEN
#error "afl_main.c needs afl-clang-fast (AFL++ persistent mode macros)"
#endif

/* The AFL++ macros use GNU statement expressions and mix signed and unsigned
 * lengths: silence exactly those warnings for this file (the project flags are
 * otherwise on, -Werror included). */
#pragma clang diagnostic ignored "-Wpedantic"
#pragma clang diagnostic ignored "-Wextra-semi"
#pragma clang diagnostic ignored "-Wgnu-statement-expression"
#pragma clang diagnostic ignored "-Wconversion"
#pragma clang diagnostic ignored "-Wsign-conversion"
#pragma clang diagnostic ignored "-Wshorten-64-to-32"

__AFL_FUZZ_INIT();

/* Iterations of one forked process before AFL++ starts a fresh one. */
#define AFL_LOOP_COUNT 100000

int main(int argc, char **argv)
{
    if (LLVMFuzzerInitialize != NULL)
        LLVMFuzzerInitialize(&argc, &argv);
#ifdef __AFL_HAVE_MANUAL_CONTROL
    __AFL_INIT();
#endif
    /* After __AFL_INIT: the buffer is mapped by then. */
    const unsigned char *shm = __AFL_FUZZ_TESTCASE_BUF;
    while (__AFL_LOOP(AFL_LOOP_COUNT)) {
        size_t n = __AFL_FUZZ_TESTCASE_LEN;
        uint8_t *copy = malloc(n > 0 ? n : 1);
        if (copy == NULL)
            abort();
        if (n > 0)
            memcpy(copy, shm, n);
        LLVMFuzzerTestOneInput(copy, n);
        free(copy);
    }
    return 0;
}
