/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hostile.h - what the hostile DUT libraries of harness/hostile/ share.
 *
 * Each harness/hostile/NAME.c is a device that attacks riocheck rather than
 * implementing the spec badly: it crashes, exits, hangs, stops itself,
 * forks, allocates without bound, floods its output, writes to descriptors
 * it was never given, returns result codes the ABI does not have, or gives
 * itself a name built to break the reports (issue 11). `make` builds each
 * into BUILD/VARIANT/lib/riocheck-hostile-NAME.so; hostile_test.sh runs
 * riocheck against every one and asserts that riocheck held: the exit
 * status, every verdict, and every report file still well-formed.
 *
 * Each exports the ABI version 2 entry riocheck_dut_v2 (dut.h).
 *
 * Every library is the reference DUT (rc_refdut()) with ONE place made
 * hostile: the p9reg machine, which the test's vector `hostile.trigger`
 * drives (create, then car_read). The test's other vectors, hostile.before
 * and hostile.after, use the codec machine and must keep their real verdict
 * (pass) whatever the p9reg machine did: that is what "the attack cost only
 * the vector in progress" means.
 *
 * These libraries are test data, not examples to copy: several of them do
 * things no real adapter should (call exit(), write to random descriptors).
 */
#ifndef RIOCHECK_HOSTILE_H
#define RIOCHECK_HOSTILE_H

#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

/* The reference's p9reg operations, for the parts a library leaves alone. */
#define HOSTILE_REF_P9REG (rc_refdut()->machine[RC_M_P9REG])

/* Is this the event of the trigger vector (p9reg car_read)? */
static inline int hostile_is_trigger(const struct rc_msg *ev)
{
    return ev != NULL && ev->kind == RC_P9REG_EV_CAR_READ;
}

/* p9reg's step with bit 0 of the trigger's first output flipped: the
 * trigger vector fails (and a reproducer naming the DUT is written), the
 * others pass. For the libraries whose hostility is in their name. */
static inline int hostile_wrong_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                                     uint32_t cap, uint32_t *n)
{
    int rc = HOSTILE_REF_P9REG.step(inst, ev, out, cap, n);
    if (hostile_is_trigger(ev) && rc == RC_OK && *n >= 1u && out[0].nargs >= 1u)
        out[0].arg[0] ^= 1u;
    return rc;
}

/* Append "PID\n" to the file named by the environment variable
 * HOSTILE_PIDFILE, if it is set: how a library that starts processes tells
 * the test which ones to look for after the run. */
static inline void hostile_note_pid(long pid)
{
    const char *path = getenv("HOSTILE_PIDFILE");
    if (path == NULL || path[0] == '\0')
        return;
    int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0)
        return;
    char line[32];
    int len = snprintf(line, sizeof line, "%ld\n", pid);
    if (len > 0 && write(fd, line, (size_t)len) < 0) {
        /* nothing to do: the test then misses this pid */
    }
    close(fd);
}

/* The description: the reference's, renamed, with the p9reg machine's step
 * (and create, when not NULL) replaced. Static storage, filled on every call
 * with the same values. */
static inline const struct rc_dut *
hostile_dut(const char *name, const char *version,
            int (*create)(void *, void **, const struct rc_config *),
            int (*step)(void *, const struct rc_msg *, struct rc_msg *, uint32_t, uint32_t *))
{
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = name;
    dut.version = version;
    if (create != NULL)
        dut.machine[RC_M_P9REG].create = create;
    if (step != NULL)
        dut.machine[RC_M_P9REG].step = step;
    return &dut;
}

#endif
