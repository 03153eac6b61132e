/* SPDX-License-Identifier: Apache-2.0 */
/*
 * outputs-garbage.c - a hostile DUT whose p9reg car_read step returns two
 * outputs that no table describes: a `value` output (a known kind) claiming
 * 1000 arguments where struct rc_msg holds RC_MAX_ARGS, then one of kind
 * 0xFFFFFFFF with 0xFFFFFFFF arguments. A runner that formats or compares
 * them by their own word reads past the message.
 *
 * Held when: the trigger vector is an ERROR naming the output (not a crash of
 * the worker: riocheck reads nothing out of bounds), the vectors before and
 * after it pass, the reports are complete and well-formed.
 */
#include <string.h>

#include "hostile.h"

static int garbage_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                        uint32_t cap, uint32_t *n)
{
    if (hostile_is_trigger(ev) && cap >= 2u) {
        memset(out, 0xFF, 2u * sizeof *out);
        out[0].kind = RC_P9REG_OUT_VALUE;
        out[0].nargs = 1000u;
        *n = 2;
        return RC_OK;
    }
    return HOSTILE_REF_P9REG.step(inst, ev, out, cap, n);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    return hostile_dut("hostile-outputs-garbage", "1", NULL, garbage_step);
}
