/* SPDX-License-Identifier: Apache-2.0 */
/*
 * result-unknown.c - a hostile DUT whose p9reg car_read step returns 12345, a
 * result code that RC_RESULTS does not have (issue 11 item 15: unknown codes
 * printed as `?`).
 *
 * Held when: the trigger vector is a FAIL whose detail shows the code
 * (12345), the vectors before and after it pass, the reports are complete
 * and well-formed.
 */
#include "hostile.h"

#define HOSTILE_RESULT 12345

static int unknown_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                        uint32_t cap, uint32_t *n)
{
    if (hostile_is_trigger(ev)) {
        *n = 0;
        return HOSTILE_RESULT;
    }
    return HOSTILE_REF_P9REG.step(inst, ev, out, cap, n);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    return hostile_dut("hostile-result-unknown", "1", NULL, unknown_step);
}
