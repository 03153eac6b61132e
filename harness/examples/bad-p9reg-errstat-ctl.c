/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bad-p9reg-errstat-ctl.c - a deliberately NON-CONFORMING example DUT.
 *
 * What it breaks: Part 9 4.2.2 Table 4-2: the participant bits 13 and 15 are
 * in the Port n Control CSR; this device decodes a software write to the Port
 * n Error and Status CSR (Part 6 7.6.10) as a write to the Control CSR too,
 * so writing that register changes who may receive flow control and flow
 * arbitration transactions.
 *
 * BREAKS: P9-4.2.2-a P9-4.2.2-b
 *
 * DIFF-SKIP: the differential seeds do not use the errstat_write event (found by the p9.reg.errstat-write.* vectors)
 *
 * How: the reference DUT (rc_refdut()) with the p9reg step wrapped: an
 * errstat_write(port, value) is also played as ctl_write(port, value) (its
 * output dropped). Found only by the p9.reg.errstat-write.* vectors (needs
 * errstat_write).
 *
 * Run it by hand (after `make examples cli`):
 *   build/gcc/bin/riocheck run --dut build/gcc/lib/riocheck-bad-p9reg-errstat-ctl.so
 */
#include <stdint.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

static int bad_p9reg_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                          uint32_t cap, uint32_t *n)
{
    const struct rc_machine_ops *ref = &rc_refdut()->machine[RC_M_P9REG];
    if (ev->kind == RC_P9REG_EV_ERRSTAT_WRITE && ev->nargs == 2u) {
        struct rc_msg ctl = *ev;
        uint32_t k = 0;
        ctl.kind = RC_P9REG_EV_CTL_WRITE;
        (void)ref->step(inst, &ctl, out, cap, &k);
    }
    return ref->step(inst, ev, out, cap, n);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "bad-p9reg-errstat-ctl";
    dut.machine[RC_M_P9REG].step = bad_p9reg_step;
    return &dut;
}
