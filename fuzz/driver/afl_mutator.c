/* SPDX-License-Identifier: Apache-2.0 */
/*
 * afl_mutator.c - a target's LLVMFuzzerCustomMutator offered to AFL++ through
 * its custom mutator API, as a shared library (make fuzz-afl-build builds
 * BUILD/fuzz-afl/T-mutator.so for every target that defines one):
 *
 *   AFL_CUSTOM_MUTATOR_LIBRARY=build/fuzz-afl/cs48-mutator.so \
 *     afl-fuzz -i fuzz/corpus/cs48 -o out -- build/fuzz-afl/cs48
 *
 * AFL++ then alternates its own mutations with this one (set
 * AFL_CUSTOM_MUTATOR_ONLY=1 to use only this one). A target that also
 * defines LLVMFuzzerCustomCrossOver (diff: fuzz/common/evmut.h) gets AFL++'s
 * splice partner (add_buf) a quarter of the time. The target's mutator may
 * ask for a raw mutation through LLVMFuzzerMutate, which libFuzzer provides;
 * here it is a small havoc of bit flips, byte sets, interesting values,
 * insertions and deletions.
 */
#include <stdlib.h>
#include <string.h>

#include "../common/fuzz.h"

/* AFL++ custom mutator API (include/afl-fuzz.h, custom_mutators docs); the
 * AFL++ state is opaque here. */
void *afl_custom_init(void *afl, unsigned int seed);
size_t afl_custom_fuzz(void *data, uint8_t *buf, size_t buf_size,
                       uint8_t **out_buf, uint8_t *add_buf, size_t add_buf_size,
                       size_t max_size);
void afl_custom_deinit(void *data);

/* The mutator library serves one afl-fuzz process; its generator for
 * LLVMFuzzerMutate (which takes no state argument) lives here. */
static struct fuzz_rng g_havoc = {1};

struct afl_mutator {
    struct fuzz_rng rng;
    uint8_t *buf;
    size_t cap;
};

/* Larger inputs are left to AFL++'s own mutations. */
#define MUTATOR_MAX_SIZE 65536u

void *afl_custom_init(void *afl, unsigned int seed)
{
    (void)afl;
    struct afl_mutator *m = calloc(1, sizeof *m);
    if (m == NULL)
        return NULL;
    fuzz_rng_init(&m->rng, seed);
    fuzz_rng_init(&g_havoc, (uint64_t)seed + 1u);
    return m;
}

size_t afl_custom_fuzz(void *data, uint8_t *buf, size_t buf_size,
                       uint8_t **out_buf, uint8_t *add_buf, size_t add_buf_size,
                       size_t max_size)
{
    struct afl_mutator *m = data;
    if (max_size > MUTATOR_MAX_SIZE)
        max_size = MUTATOR_MAX_SIZE;
    if (m->cap < max_size) {
        uint8_t *bigger = realloc(m->buf, max_size);
        if (bigger == NULL) {
            *out_buf = buf;
            return buf_size;
        }
        m->buf = bigger;
        m->cap = max_size;
    }
    if (buf_size > max_size || LLVMFuzzerCustomMutator == NULL) {
        *out_buf = buf;
        return buf_size;
    }
    size_t n;
    if (LLVMFuzzerCustomCrossOver != NULL && add_buf != NULL &&
        add_buf_size > 0 && fuzz_rng_below(&m->rng, 4) == 0) {
        /* a quarter of the time, the target's crossover with AFL++'s
         * splice partner */
        n = LLVMFuzzerCustomCrossOver(buf, buf_size, add_buf, add_buf_size,
                                      m->buf, max_size,
                                      (unsigned int)fuzz_rng_next(&m->rng));
        *out_buf = m->buf;
        return n <= max_size ? n : max_size;
    }
    memcpy(m->buf, buf, buf_size);
    n = LLVMFuzzerCustomMutator(m->buf, buf_size, max_size,
                                (unsigned int)fuzz_rng_next(&m->rng));
    *out_buf = m->buf;
    return n <= max_size ? n : max_size;
}

void afl_custom_deinit(void *data)
{
    struct afl_mutator *m = data;
    if (m != NULL)
        free(m->buf);
    free(m);
}

/* A few havoc steps; never grows past max_size. */
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size)
{
    static const uint8_t interesting[] = {0x00, 0x01, 0x7F, 0x80, 0xFF, 0x10,
                                          0x20, 0x40, 0x0D, 0x07};
    struct fuzz_rng *r = &g_havoc;
    unsigned steps = 1 + fuzz_rng_below(r, 4);
    for (unsigned s = 0; s < steps; s++) {
        uint32_t pos = size > 0 ? fuzz_rng_below(r, (uint32_t)size) : 0;
        switch (fuzz_rng_below(r, 6)) {
        case 0:
            if (size > 0)
                data[pos] ^= (uint8_t)(1u << fuzz_rng_below(r, 8));
            break;
        case 1:
            if (size > 0)
                data[pos] = (uint8_t)fuzz_rng_next(r);
            break;
        case 2:
            if (size > 0)
                data[pos] = interesting[fuzz_rng_below(r, sizeof interesting)];
            break;
        case 3: /* insert a byte */
            if (size < max_size) {
                memmove(data + pos + 1, data + pos, size - pos);
                data[pos] = (uint8_t)fuzz_rng_next(r);
                size++;
            }
            break;
        case 4: /* delete a byte */
            if (size > 0) {
                memmove(data + pos, data + pos + 1, size - pos - 1);
                size--;
            }
            break;
        default: /* cut the tail */
            if (size > 0)
                size = fuzz_rng_below(r, (uint32_t)size + 1);
            break;
        }
    }
    return size;
}
