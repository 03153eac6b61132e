/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_dut.h - what the test DUT libraries share (escape_dut.c here,
 * harness/core/tests/notsup_dut.c): one stateless instance, its create and
 * destroy, the test of the one event they implement (codec stype2_decode)
 * and its voq_msg answer. Test data, not an example.
 */
#ifndef RC_TEST_DUT_H
#define RC_TEST_DUT_H

#include <stdint.h>
#include <string.h>

#include "riocheck/dut.h"

const struct rc_dut *riocheck_dut_v2(void);

static int test_dut_inst;

/* Create: the one instance, whatever the configuration. */
static inline int test_dut_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    (void)cfg;
    *inst = &test_dut_inst;
    return RC_OK;
}

static inline void test_dut_destroy(void *inst)
{
    (void)inst;
}

/* Sets *n = 0; whether ev is a stype2_decode with its three arguments
 * (rev, width, value) and out has room for the answer. */
static inline int test_dut_stype2_decode(const struct rc_msg *ev, uint32_t cap, uint32_t *n)
{
    *n = 0;
    return ev->kind == RC_CODEC_EV_STYPE2_DECODE && ev->nargs == 3 && cap >= 1;
}

/* The answer: one backpressure voq_msg (vc_ind 0, the vc given) of group
 * width 0, status width 13, group 0, first port 0 and the status given. */
static inline void test_dut_voq_msg(struct rc_msg *out, uint32_t *n, uint64_t vc,
                                    uint64_t status)
{
    memset(out, 0, sizeof *out);
    out->kind = RC_CODEC_OUT_VOQ_MSG;
    out->nargs = 8;
    out->arg[2] = vc;
    out->arg[4] = 13; /* status_width */
    out->arg[6] = status;
    *n = 1;
}

#endif
