/* SPDX-License-Identifier: Apache-2.0 */
/*
 * segv.c - a hostile DUT that dies of SIGSEGV: the p9reg car_read step
 * stores through a NULL pointer. (Under AddressSanitizer the sanitizer
 * catches the fault, prints its report and exits with status 1.)
 *
 * Held when: the trigger vector is an ERROR ("the DUT crashed"), the vectors
 * before and after it pass, the reports are complete and well-formed.
 */
#include "hostile.h"

/* Never assigned: the compiler cannot prove it NULL, so the store is a real
 * access to address 0. */
static int *volatile hostile_nowhere;

static int segv_step(void *inst, const struct rc_msg *ev, struct rc_msg *out, uint32_t cap,
                     uint32_t *n)
{
    if (hostile_is_trigger(ev))
        *hostile_nowhere = 1;
    return HOSTILE_REF_P9REG.step(inst, ev, out, cap, n);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    return hostile_dut("hostile-segv", "1", NULL, segv_step);
}
