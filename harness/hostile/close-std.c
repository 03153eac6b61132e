/* SPDX-License-Identifier: Apache-2.0 */
/*
 * close-std.c - a hostile DUT that closes its standard input, output and
 * error (descriptors 0, 1 and 2) in the p9reg car_read step and answers like
 * the reference. The next descriptor its process opens then takes number 0,
 * 1 or 2.
 *
 * Held when: every vector keeps its real verdict (all pass), exit status 4,
 * the reports are complete and well-formed.
 */
#include "hostile.h"

static int close_step(void *inst, const struct rc_msg *ev, struct rc_msg *out, uint32_t cap,
                      uint32_t *n)
{
    if (hostile_is_trigger(ev)) {
        close(0);
        close(1);
        close(2);
    }
    return HOSTILE_REF_P9REG.step(inst, ev, out, cap, n);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    return hostile_dut("hostile-close-std", "1", NULL, close_step);
}
