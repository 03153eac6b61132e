/* SPDX-License-Identifier: Apache-2.0 */
/*
 * outputs-overflow.c - a hostile DUT whose p9reg car_read step claims
 * 4294967295 outputs (*n = UINT32_MAX) in a buffer of far fewer, having
 * written none: a runner that believed it would read far past the buffer.
 *
 * Held when: the trigger vector is an ERROR (more outputs than the buffer),
 * the vectors before and after it pass, the reports are complete and
 * well-formed.
 */
#include "hostile.h"

static int overflow_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                         uint32_t cap, uint32_t *n)
{
    if (hostile_is_trigger(ev)) {
        *n = UINT32_MAX;
        return RC_OK;
    }
    return HOSTILE_REF_P9REG.step(inst, ev, out, cap, n);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    return hostile_dut("hostile-outputs-overflow", "1", NULL, overflow_step);
}
