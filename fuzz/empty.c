/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/empty.c - the empty target: does nothing with its input. `make
 * fuzz-bench` measures it beside the real targets, so that their executions
 * per second can be read as a fraction of what libFuzzer (with ASan+UBSan)
 * manages with no work at all. Not a fuzz target: no corpus, no replay.
 */
#include "common/fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    (void)data;
    (void)size;
    return 0;
}
