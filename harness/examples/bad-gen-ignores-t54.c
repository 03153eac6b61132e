/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bad-gen-ignores-t54.c - a deliberately NON-CONFORMING example DUT.
 *
 * What it breaks: Part 12 Table 5-4, the meaning of Port n VoQ CSR bits 9
 * (Enable VoQ Participation) and 10 (Port XOFF) for the generator. By the
 * table, bits 9,10 = 0,0 report the port as never congested, 0,1 always
 * congested, 1,0 its real congestion (normal operation) and 1,1 congested.
 * This generator ignores both bits: every port is treated as participating
 * in normal operation (as if 1,0 were written), so it reports real
 * congestion and triggers symbols for ports that are switched off (0,0),
 * forced congested (0,1) or forced XOFF (1,1).
 *
 * BREAKS: P12-T5-4-00 P12-T5-4-01 P12-T5-4-11 P12-5.1.2.2-b9 P12-5.1.2.2-b10
 *
 * How: the reference DUT (rc_refdut()) with the gen machine's step wrapped:
 * every csr(port, value) event reaches the reference with bit 9 set and bit
 * 10 clear. Congestion, ticks, link recovery, the queries and every other
 * machine are the reference. The wrapper needs no state of its own: the
 * reference's instance is used as it is.
 *
 * Run it by hand (after `make examples cli`):
 *   build/gcc/bin/riocheck run --dut build/gcc/lib/riocheck-bad-gen-ignores-t54.so
 */
#include <stdint.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

/* Port n VoQ CSR (Part 12 Table 5-3), big-endian bit numbers. */
#define BAD_CSR_BIT9_PARTICIPATE 0x00400000u
#define BAD_CSR_BIT10_PORT_XOFF 0x00200000u

static int bad_gen_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                        uint32_t cap, uint32_t *n)
{
    const struct rc_machine_ops *ref = &rc_refdut()->machine[RC_M_GEN];
    if (ev == NULL)
        return ref->step(inst, ev, out, cap, n);
    struct rc_msg e = *ev;
    /* csr(port, value); a value wider than 32 bits stays RC_RANGE */
    if (e.kind == RC_GEN_EV_CSR && e.nargs == 2u && e.arg[1] <= 0xFFFFFFFFu)
        e.arg[1] = (e.arg[1] | BAD_CSR_BIT9_PARTICIPATE) &
                   ~(uint64_t)BAD_CSR_BIT10_PORT_XOFF;
    return ref->step(inst, &e, out, cap, n);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    /* The description: the reference's with the gen step replaced. Filled
     * on every call, always with the same values. */
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "bad-gen-ignores-t54";
    dut.machine[RC_M_GEN].step = bad_gen_step;
    return &dut;
}
