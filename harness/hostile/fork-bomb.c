/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fork-bomb.c - a hostile DUT that forks HOSTILE_BOMB_DOUBLINGS times over in
 * the p9reg car_read step (every process forks again: 2^7 = 128 processes),
 * a fork bomb kept within limits so that the test cannot take the machine:
 * each extra process sleeps one second and exits, and a failing fork (a
 * process limit) simply stops the doubling. The DUT's own process then
 * answers like the reference.
 *
 * Held when: every vector keeps its real verdict (all pass), exit status 4,
 * the reports are complete and well-formed.
 */
#include <unistd.h>

#include "hostile.h"

#define HOSTILE_BOMB_DOUBLINGS 7

static int bomb_step(void *inst, const struct rc_msg *ev, struct rc_msg *out, uint32_t cap,
                     uint32_t *n)
{
    if (hostile_is_trigger(ev)) {
        pid_t leader = getpid();
        for (int i = 0; i < HOSTILE_BOMB_DOUBLINGS; i++)
            if (fork() < 0)
                break;
        if (getpid() != leader) {
            sleep(1);
            _exit(0);
        }
    }
    return HOSTILE_REF_P9REG.step(inst, ev, out, cap, n);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    return hostile_dut("hostile-fork-bomb", "1", NULL, bomb_step);
}
