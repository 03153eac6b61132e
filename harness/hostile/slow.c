/* SPDX-License-Identifier: Apache-2.0 */
/*
 * slow.c - a DUT that is correct but slow: every codec step takes
 * HOSTILE_SLOW_MS milliseconds (it sleeps, then answers like the reference).
 * Not an attack by itself: it keeps a run going long enough for the test to
 * interrupt it (SIGTERM, kill -9), to start a second run into the same
 * --out folder, or to close the pipe its TAP goes to (`| head -1`), all
 * while the run is surely in progress (issue 11 items 3, 4 and 11).
 */
#include <time.h>

#include "hostile.h"

#define HOSTILE_SLOW_MS 200

static int slow_step(void *inst, const struct rc_msg *ev, struct rc_msg *out, uint32_t cap,
                     uint32_t *n)
{
    struct timespec ts = {0, HOSTILE_SLOW_MS * 1000000L};
    while (nanosleep(&ts, &ts) != 0) {
        /* interrupted: sleep the rest */
    }
    return rc_refdut()->machine[RC_M_CODEC].step(inst, ev, out, cap, n);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    static struct rc_dut dut;
    dut = *hostile_dut("hostile-slow", "1", NULL, NULL);
    dut.machine[RC_M_CODEC].step = slow_step;
    return &dut;
}
