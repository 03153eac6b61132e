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
 *
 * Test data, not an example: it needs only riocheck/dut.h.
 */
#include <stdint.h>
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

const struct rc_dut *riocheck_dut_v2(void);
const struct rc_dut *riocheck_dut_v2(void)
{
#if WORKER_MODE == 1
    worker_dut.abi_version = 77;
#elif WORKER_MODE == 2
    return (const struct rc_dut *)(uintptr_t)16;
#elif WORKER_MODE == 4
    static char name[301];
    memset(name, 'n', 300);
    worker_dut.name = name;
#endif
    return &worker_dut;
}
