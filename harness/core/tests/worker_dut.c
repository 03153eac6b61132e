/* SPDX-License-Identifier: Apache-2.0 */
/*
 * worker_dut.c - DUT libraries that break while they are loaded, for
 * harness/cli/tests/worker_test.sh, which builds this file once per mode
 * (cc -shared -fPIC -DWORKER_MODE=N) into a temporary folder. riocheck must
 * load such a library only in a worker process and say what happened (exit
 * status 3), never crash or exit 0 itself (issue 11 item 9).
 *
 *   1  the entry returns a description that says ABI version 77
 *   2  the entry returns a wild pointer (16): reading it crashes
 *   3  a constructor sleeps (30 s): loading hangs
 *   4  the DUT's name is 300 bytes long
 *   5  a well-formed DUT with no machine (every vector not-applicable)
 *   6  a p9reg machine whose create starts a process (its pid appended to
 *      the file named by $WORKER_PIDFILE) that sleeps 30 s, then itself
 *      sleeps 30 s: riocheck is interrupted while the vector runs
 *
 * Test data, not an example: it needs only riocheck/dut.h.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "riocheck/dut.h"

#ifndef WORKER_MODE
#define WORKER_MODE 5
#endif

static struct rc_dut worker_dut = {
    .abi_version = RC_DUT_ABI_VERSION,
    .name = "worker-test",
    .version = "1",
    .profile = {.p12_revs = 1u << 3, .p9_revs = 1u << 3},
};

#if WORKER_MODE == 3
static void worker_ctor_hang(void) __attribute__((constructor));
static void worker_ctor_hang(void)
{
    sleep(30);
}
#endif

#if WORKER_MODE == 6
static int worker_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx, (void)cfg;
    *inst = NULL;
    pid_t child = fork();
    if (child == 0) {
        sleep(30);
        _exit(0);
    }
    const char *path = getenv("WORKER_PIDFILE");
    int fd = path != NULL ? open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644) : -1;
    if (fd >= 0) {
        char line[32];
        int len = snprintf(line, sizeof line, "%ld\n", (long)child);
        if (len > 0 && write(fd, line, (size_t)len) < 0)
            len = 0;
        close(fd);
    }
    sleep(30);
    return RC_NOTSUP;
}
static void worker_destroy(void *inst)
{
    (void)inst;
}
static int worker_step(void *inst, const struct rc_msg *ev, struct rc_msg *out, uint32_t cap,
                       uint32_t *n)
{
    (void)inst, (void)ev, (void)out, (void)cap;
    *n = 0;
    return RC_NOTSUP;
}
static int worker_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    (void)inst, (void)q;
    *value = 0;
    return RC_NOTSUP;
}
#endif

const struct rc_dut *riocheck_dut_v2(void);
const struct rc_dut *riocheck_dut_v2(void)
{
#if WORKER_MODE == 1
    worker_dut.abi_version = 77;
#elif WORKER_MODE == 2
    return (const struct rc_dut *)(uintptr_t)16;
#elif WORKER_MODE == 6
    worker_dut.profile.p9_revs = (1u << 2) | (1u << 3);
    worker_dut.profile.caps = RC_CAP_P9REG;
    worker_dut.machine[RC_M_P9REG].create = worker_create;
    worker_dut.machine[RC_M_P9REG].destroy = worker_destroy;
    worker_dut.machine[RC_M_P9REG].step = worker_step;
    worker_dut.machine[RC_M_P9REG].query = worker_query;
#elif WORKER_MODE == 4
    static char name[301];
    memset(name, 'n', 300);
    worker_dut.name = name;
#endif
    return &worker_dut;
}
