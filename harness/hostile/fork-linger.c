/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fork-linger.c - a hostile DUT that forks in the p9reg car_read step and
 * leaves the child behind: the child keeps every descriptor it inherited and
 * sleeps (at most HOSTILE_LINGER_S seconds, so that a test run never leaves
 * it for long); the step itself then answers like the reference. The child's
 * process id is appended to the file named by the environment variable
 * HOSTILE_PIDFILE (if set), so that the test can see whether it outlived the
 * run (issue 11 item 10).
 *
 * Held when: the vectors keep their real verdicts (all pass), the run ends
 * without waiting for the child, and no process the DUT started is left
 * when riocheck has exited.
 */
#include <unistd.h>

#include "hostile.h"

#define HOSTILE_LINGER_S 20u

static int linger_step(void *inst, const struct rc_msg *ev, struct rc_msg *out, uint32_t cap,
                       uint32_t *n)
{
    if (hostile_is_trigger(ev)) {
        pid_t child = fork();
        if (child == 0) {
            sleep(HOSTILE_LINGER_S);
            _exit(0);
        }
        if (child > 0)
            hostile_note_pid((long)child);
    }
    return HOSTILE_REF_P9REG.step(inst, ev, out, cap, n);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    return hostile_dut("hostile-fork-linger", "1", NULL, linger_step);
}
