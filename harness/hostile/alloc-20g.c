/* SPDX-License-Identifier: Apache-2.0 */
/*
 * alloc-20g.c - a hostile DUT that asks for 20 GiB at once in the p9reg
 * car_read step, writes the first and the last byte if it got them, frees
 * them and answers like the reference (it copes with a NULL). On a machine
 * that overcommits this costs two pages; where a memory limit applies the
 * allocation simply fails.
 *
 * Held when: every vector keeps its real verdict (all pass), exit status 4,
 * the reports are complete and well-formed.
 */
#include <stdlib.h>

#include "hostile.h"

#define HOSTILE_ALLOC_BYTES ((size_t)20u << 30)

static int alloc_step(void *inst, const struct rc_msg *ev, struct rc_msg *out, uint32_t cap,
                      uint32_t *n)
{
    if (hostile_is_trigger(ev)) {
        volatile char *p = malloc(HOSTILE_ALLOC_BYTES);
        if (p != NULL) {
            p[0] = 1;
            p[HOSTILE_ALLOC_BYTES - 1u] = 1;
            free((void *)(uintptr_t)p);
        }
    }
    return HOSTILE_REF_P9REG.step(inst, ev, out, cap, n);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    return hostile_dut("hostile-alloc-20g", "1", NULL, alloc_step);
}
