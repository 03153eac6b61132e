/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fork-crash.c - a hostile DUT that forks in the p9reg car_read step and
 * then dies of SIGSEGV while the child (which holds every descriptor the
 * DUT's process had, pipes to riocheck included) sleeps on for
 * HOSTILE_CHILD_S seconds. The child's process id is appended to the file
 * named by HOSTILE_PIDFILE (if set). Run with `--timeout-ms 0` (no time
 * limit) this is issue 11 item 10: the crash must be reported when it
 * happens, not when the child finally closes the pipe.
 *
 * Held when: the trigger vector is an ERROR, the vectors before and after it
 * pass, the run ends well before the child would have exited on its own, and
 * the child does not outlive the run.
 */
#include <unistd.h>

#include "hostile.h"

#define HOSTILE_CHILD_S 30u

static int *volatile hostile_nowhere;

static int crash_step(void *inst, const struct rc_msg *ev, struct rc_msg *out, uint32_t cap,
                      uint32_t *n)
{
    if (hostile_is_trigger(ev)) {
        pid_t child = fork();
        if (child == 0) {
            sleep(HOSTILE_CHILD_S);
            _exit(0);
        }
        if (child > 0)
            hostile_note_pid((long)child);
        *hostile_nowhere = 1;
    }
    return HOSTILE_REF_P9REG.step(inst, ev, out, cap, n);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    return hostile_dut("hostile-fork-crash", "1", NULL, crash_step);
}
