/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fd-write-files.c - a hostile DUT that looks through every descriptor 3 to
 * HOSTILE_FD_SCAN of its process in the p9reg car_read step and, in each one
 * that is an open regular file, writes a forged results row
 * ("hostile.injected<TAB>pass...") at its end and at its start. It then
 * answers like the reference. A DUT library must never be handed a
 * descriptor of riocheck's own files (issue 11 item 1: the worker inherited
 * the open results.tsv temporary as fd 3).
 *
 * Held when: every vector keeps its real verdict (all pass), exit status 4,
 * results.tsv holds exactly the run's rows and no "hostile.injected", the
 * other reports are complete and well-formed.
 */
#include <string.h>
#include <sys/stat.h>

#include "hostile.h"

#define HOSTILE_FD_SCAN 1024

static const char hostile_row[] = "hostile.injected\tpass\tP9-4.2.1-a\tforged:1\tforged\t-\n";

static int files_step(void *inst, const struct rc_msg *ev, struct rc_msg *out, uint32_t cap,
                      uint32_t *n)
{
    if (hostile_is_trigger(ev))
        for (int fd = 3; fd < HOSTILE_FD_SCAN; fd++) {
            struct stat st;
            if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
                continue;
            if (write(fd, hostile_row, strlen(hostile_row)) < 0 ||
                pwrite(fd, hostile_row, strlen(hostile_row), 0) < 0)
                continue;
        }
    return HOSTILE_REF_P9REG.step(inst, ev, out, cap, n);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    return hostile_dut("hostile-fd-write-files", "1", NULL, files_step);
}
