/* SPDX-License-Identifier: Apache-2.0 */
/*
 * abort.c - a hostile DUT that calls abort() in the p9reg car_read step (an
 * assertion failure in vendor code looks like this: SIGABRT).
 *
 * Held when: the trigger vector is an ERROR, the vectors before and after it
 * pass, the reports are complete and well-formed.
 */
#include <stdlib.h>

#include "hostile.h"

static int abort_step(void *inst, const struct rc_msg *ev, struct rc_msg *out, uint32_t cap,
                      uint32_t *n)
{
    if (hostile_is_trigger(ev))
        abort();
    return HOSTILE_REF_P9REG.step(inst, ev, out, cap, n);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    return hostile_dut("hostile-abort", "1", NULL, abort_step);
}
