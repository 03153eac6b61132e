/* SPDX-License-Identifier: Apache-2.0 */
/*
 * result-lost.c - a hostile DUT library whose p9reg car_read step returns
 * RC_LOST (-90), the code riocheck's transports use for a lost device, which
 * dut.h says a library should never return (issue 11 item 15: reported as
 * "the DUT process failed", though no process is involved).
 *
 * Held when: the trigger vector is an ERROR whose detail does not blame a
 * DUT process, the vectors before and after it pass, the reports are
 * complete and well-formed.
 */
#include "hostile.h"

static int lost_step(void *inst, const struct rc_msg *ev, struct rc_msg *out, uint32_t cap,
                     uint32_t *n)
{
    if (hostile_is_trigger(ev)) {
        *n = 0;
        return RC_LOST;
    }
    return HOSTILE_REF_P9REG.step(inst, ev, out, cap, n);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    return hostile_dut("hostile-result-lost", "1", NULL, lost_step);
}
