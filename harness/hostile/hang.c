/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hang.c - a hostile DUT that never answers: the p9reg car_read step spins
 * forever (a volatile counter, so the loop is kept).
 *
 * Held when (with a short --timeout-ms): the trigger vector is an ERROR
 * ("the DUT hung"), the spinning process is killed, the vectors before and
 * after it pass, the reports are complete and well-formed.
 */
#include "hostile.h"

static volatile unsigned long hostile_spins;

static int hang_step(void *inst, const struct rc_msg *ev, struct rc_msg *out, uint32_t cap,
                     uint32_t *n)
{
    if (hostile_is_trigger(ev))
        for (;;)
            hostile_spins++;
    return HOSTILE_REF_P9REG.step(inst, ev, out, cap, n);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    return hostile_dut("hostile-hang", "1", NULL, hang_step);
}
