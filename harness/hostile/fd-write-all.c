/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fd-write-all.c - a hostile DUT that writes a line of garbage to every
 * descriptor 3 to HOSTILE_FD_SCAN of its process in the p9reg car_read step,
 * whatever it is (a pipe to riocheck, a results file, a socket), then
 * answers like the reference (issue 11 item 1). Whatever carries its
 * results back to riocheck is among them, so the vector in progress cannot
 * be trusted; nothing else may be touched.
 *
 * Held when: the trigger vector is an ERROR (its result was corrupted), the
 * vectors before and after it pass, results.tsv holds exactly the run's rows
 * and no "hostile.injected", the other reports are complete and well-formed.
 */
#include <string.h>

#include "hostile.h"

#define HOSTILE_FD_SCAN 1024

static const char hostile_line[] = "hostile.injected\tpass\tP9-4.2.1-a\tforged:1\tforged\t-\n";

static int all_step(void *inst, const struct rc_msg *ev, struct rc_msg *out, uint32_t cap,
                    uint32_t *n)
{
    if (hostile_is_trigger(ev))
        for (int fd = 3; fd < HOSTILE_FD_SCAN; fd++)
            if (write(fd, hostile_line, strlen(hostile_line)) < 0)
                continue;
    return HOSTILE_REF_P9REG.step(inst, ev, out, cap, n);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    return hostile_dut("hostile-fd-write-all", "1", NULL, all_step);
}
