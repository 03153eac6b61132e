/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fd-exhaust.c - a hostile DUT that opens /dev/null until it cannot open any
 * more descriptors (the process's limit, or HOSTILE_FD_MAX) in the p9reg
 * car_read step, keeps them all open, and answers like the reference: the
 * process that ran it must still be able to report its results.
 *
 * Held when: every vector keeps its real verdict (all pass), exit status 4,
 * the reports are complete and well-formed.
 */
#include <fcntl.h>

#include "hostile.h"

#define HOSTILE_FD_MAX 1000000u

static int exhaust_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                        uint32_t cap, uint32_t *n)
{
    if (hostile_is_trigger(ev))
        for (unsigned i = 0; i < HOSTILE_FD_MAX; i++)
            if (open("/dev/null", O_RDONLY) < 0)
                break;
    return HOSTILE_REF_P9REG.step(inst, ev, out, cap, n);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    return hostile_dut("hostile-fd-exhaust", "1", NULL, exhaust_step);
}
