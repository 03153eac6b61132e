/* SPDX-License-Identifier: Apache-2.0 */
/*
 * exit-create.c - a hostile DUT whose p9reg create() calls exit(3): the
 * device gives up while being configured.
 *
 * Held when: the trigger vector is an ERROR, the vectors before and after it
 * pass, the reports are complete and well-formed.
 */
#include <stdlib.h>

#include "hostile.h"

static int exit_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    (void)inst;
    (void)cfg;
    exit(3);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    return hostile_dut("hostile-exit-create", "1", exit_create, NULL);
}
