/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mem-hog.c - a hostile DUT that allocates memory and uses it, chunk after
 * chunk, in the p9reg car_read step (issue 11 item 16: without a memory limit
 * on the worker, a DUT allocating without bound takes the machine). To stay
 * harmless when no limit stops it, it gives up at HOSTILE_HOG_MIB MiB: it
 * then frees everything and answers like the reference, and the vector
 * passes. When an allocation fails - a limit did its work - it dies like a
 * program that assumed malloc never fails (abort()).
 *
 * Held when: the trigger vector is an ERROR (the limit stopped the DUT well
 * below HOSTILE_HOG_MIB), the vectors before and after it pass, the reports
 * are complete and well-formed.
 */
#include <stdlib.h>
#include <string.h>

#include "hostile.h"

#define HOSTILE_HOG_MIB 512u
#define HOSTILE_HOG_CHUNK_MIB 32u
#define HOSTILE_HOG_CHUNKS (HOSTILE_HOG_MIB / HOSTILE_HOG_CHUNK_MIB)

static int hog_step(void *inst, const struct rc_msg *ev, struct rc_msg *out, uint32_t cap,
                    uint32_t *n)
{
    if (hostile_is_trigger(ev)) {
        static void *chunk[HOSTILE_HOG_CHUNKS];
        const size_t size = (size_t)HOSTILE_HOG_CHUNK_MIB << 20;
        for (unsigned i = 0; i < HOSTILE_HOG_CHUNKS; i++) {
            chunk[i] = malloc(size);
            if (chunk[i] == NULL)
                abort();
            memset(chunk[i], (int)(i & 0x7Fu) + 1, size);
        }
        for (unsigned i = 0; i < HOSTILE_HOG_CHUNKS; i++)
            free(chunk[i]);
    }
    return HOSTILE_REF_P9REG.step(inst, ev, out, cap, n);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    return hostile_dut("hostile-mem-hog", "1", NULL, hog_step);
}
