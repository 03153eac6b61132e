/* SPDX-License-Identifier: Apache-2.0 */
/*
 * exit-step.c - a hostile DUT that calls exit(0) in the middle of a vector
 * (the p9reg car_read step): a "successful" exit that must not read as one.
 * exit() also runs atexit handlers and flushes stdio buffers of the process
 * it runs in.
 *
 * Held when: the trigger vector is an ERROR ("exited with status 0 in the
 * middle of the vector"), the vectors before and after it pass, nothing is
 * printed twice, the reports are complete and well-formed.
 */
#include <stdlib.h>

#include "hostile.h"

static int exit_step(void *inst, const struct rc_msg *ev, struct rc_msg *out, uint32_t cap,
                     uint32_t *n)
{
    if (hostile_is_trigger(ev))
        exit(0);
    return HOSTILE_REF_P9REG.step(inst, ev, out, cap, n);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    return hostile_dut("hostile-exit-step", "1", NULL, exit_step);
}
