/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ok-any-error-code.c - a CONFORMING example DUT that refuses what the
 * reference refuses, with result codes of its own.
 *
 * What it does differently: wherever the reference answers an event with
 * one of the ABI codes that carry no meaning of the spec's (inval, range,
 * state, busy, full, noent, align, offset: "not done" in the ABI's words), it
 * answers -1000 minus that code instead, a code outside RC_RESULTS. The codes
 * that say which error a received symbol or packet has (trunc, length, crc,
 * reserved, format, revision) and notsup are the reference's.
 *
 * Why that is allowed: no part of Part 9, Part 12 or Part 6 defines result
 * codes for a device's software interface; the spec says what is sent,
 * ignored or refused, never which number a refusal returns. The vectors
 * require a refusal with `result error` (any code but ok and notsup) and
 * never one of these codes (docs/vendor-guide.md section 3).
 *
 * PERMITS: Part 9 and Part 12 define no result codes of a device interface (docs/vendor-guide.md section 3)
 * DECLARES: none
 *
 * How: the reference DUT (rc_refdut()) with every machine's step wrapped,
 * and without the reference's step_many (so that the harness's loop sees
 * the wrapped step). create, query and destroy are the reference's.
 *
 * Run it by hand (after `make examples cli`):
 *   build/gcc/bin/riocheck run --dut build/gcc/lib/riocheck-ok-any-error-code.so
 */
#include <stdint.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

static int own_code(int rc)
{
    switch (rc) {
    case RC_INVAL:
    case RC_RANGE:
    case RC_STATE:
    case RC_BUSY:
    case RC_FULL:
    case RC_NOENT:
    case RC_ALIGN:
    case RC_OFFSET:
        return -1000 - rc;
    default:
        return rc;
    }
}

#define OK_WRAP(n, v, s)                                                       \
    static int ok_step_##n(void *inst, const struct rc_msg *ev, struct rc_msg *out,  \
                           uint32_t cap, uint32_t *k)                          \
    {                                                                          \
        return own_code(rc_refdut()->machine[RC_M_##n].step(inst, ev, out, cap, k)); \
    }
RC_MACHINES(OK_WRAP)
#undef OK_WRAP

const struct rc_dut *riocheck_dut_v2(void)
{
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "ok-any-error-code";
    dut.step_many = NULL;
#define OK_SET(n, v, s) dut.machine[RC_M_##n].step = ok_step_##n;
    RC_MACHINES(OK_SET)
#undef OK_SET
    return &dut;
}
