/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sigstop.c - a hostile DUT that stops itself (raise(SIGSTOP)) in the p9reg
 * car_read step: not dead, not running, never answering. A stopped process
 * can still be killed with SIGKILL, and only with a signal that is not
 * blocked by its being stopped.
 *
 * Held when (with a short --timeout-ms): the trigger vector is an ERROR
 * ("the DUT hung"), the stopped process is killed, the vectors before and
 * after it pass, the reports are complete and well-formed.
 */
#include <signal.h>

#include "hostile.h"

static int sigstop_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                        uint32_t cap, uint32_t *n)
{
    if (hostile_is_trigger(ev))
        raise(SIGSTOP);
    return HOSTILE_REF_P9REG.step(inst, ev, out, cap, n);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    return hostile_dut("hostile-sigstop", "1", NULL, sigstop_step);
}
