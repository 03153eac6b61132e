/* SPDX-License-Identifier: Apache-2.0 */
/*
 * stdio-flood.c - a hostile DUT that writes HOSTILE_FLOOD_MIB MiB to its
 * standard output and as much to its standard error in the p9reg car_read
 * step (lines "HOSTILE-STDOUT ..." and "HOSTILE-STDERR ..."), straight to the
 * descriptors, then answers like the reference. A DUT's standard output is
 * not riocheck's: none of it may reach the TAP stream or a report.
 *
 * Held when: every vector keeps its real verdict (all pass), exit status 4,
 * TAP on riocheck's standard output has no HOSTILE- line, the reports are
 * complete, well-formed and hold no HOSTILE- text.
 */
#include <string.h>

#include "hostile.h"

#define HOSTILE_FLOOD_MIB 8u

static void flood(int fd, const char *line)
{
    char buf[64 * 1024];
    size_t len = strlen(line), used = 0;
    while (used + len <= sizeof buf) {
        memcpy(buf + used, line, len);
        used += len;
    }
    for (size_t total = 0; total < (size_t)HOSTILE_FLOOD_MIB << 20; total += used)
        if (write(fd, buf, used) < 0)
            return;
}

static int flood_step(void *inst, const struct rc_msg *ev, struct rc_msg *out, uint32_t cap,
                      uint32_t *n)
{
    if (hostile_is_trigger(ev)) {
        flood(1, "HOSTILE-STDOUT not ok 1 - injected\tpass\n");
        flood(2, "HOSTILE-STDERR not ok 1 - injected\tpass\n");
    }
    return HOSTILE_REF_P9REG.step(inst, ev, out, cap, n);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    return hostile_dut("hostile-stdio-flood", "1", NULL, flood_step);
}
