/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/common/codec_dut.h - what the codec targets (cs48, cs64, stype2, ccp)
 * share: the reference's codec machine behind the DUT ABI (rc_refdut()), for
 * their "the ABI gives what the direct library call gives" properties, and
 * the spec-literal bit access of their oracles (bit 0 = the most significant
 * bit of byte 0, as in the spec's figures; no code shared with reference/).
 */
#ifndef RIOCHECK_FUZZ_CODEC_DUT_H
#define RIOCHECK_FUZZ_CODEC_DUT_H

#include <stddef.h>
#include <stdint.h>

#include "riocheck/dut.h"

struct codec_dut {
    const struct rc_dut *d;
    void *inst;
    struct rc_msg out[RC_MAX_OUTPUTS]; /* outputs of the last step */
    uint32_t n;                        /* how many */
};

/* The one codec instance of the process, created on first use. The codec
 * machine is stateless (refdut C1), so one instance serves every input and
 * an execution costs no allocation. */
struct codec_dut *codec_dut(void);

/* Step the codec machine with event kind and its nargs arguments; the
 * outputs are in t->out[0..t->n). Returns the step's result code. */
int codec_dut_step(struct codec_dut *t, uint32_t kind, const uint64_t *arg,
                   uint32_t nargs);

/* m is `kind` with exactly the nargs values of want[]; else fuzz_fail. */
void codec_msg_expect(const struct rc_msg *m, uint32_t kind,
                      const uint64_t *want, uint32_t nargs, const char *what);

/* Output i of the last step is `kind` with want[]; else fuzz_fail. */
void codec_dut_expect(const struct codec_dut *t, uint32_t i, uint32_t kind,
                      const uint64_t *want, uint32_t nargs, const char *what);

/* The last step gave exactly one output, `kind` with want[]. */
void codec_dut_expect1(const struct codec_dut *t, uint32_t kind,
                       const uint64_t *want, uint32_t nargs, const char *what);

/* (len, hi, lo) of the ABI for the first n bytes of p (at most 16 used). */
void codec_bytes_args(uint64_t arg[3], const uint8_t *p, size_t n);

/* Bits first..last (at most 32 of them) of a big-endian byte string. */
uint64_t fuzz_bits_get(const uint8_t *p, unsigned first, unsigned last);

/* Write v (masked to last - first + 1 bits) into bits first..last of p. */
void fuzz_bits_put(uint8_t *p, unsigned first, unsigned last, uint64_t v);

#endif
