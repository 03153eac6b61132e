/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ctor-exit.c - a hostile DUT whose library constructor calls exit(0): the
 * process that loads it (dlopen) ends before the entry function is even
 * looked up, with a status that says success (issue 11 item 9).
 *
 * Held when: riocheck says the library exited while being loaded, naming it,
 * and stops with exit status 3 (it cannot be loaded), writing no results;
 * never riocheck's own silent exit 0.
 */
#include <stdlib.h>

#include "hostile.h"

static void ctor_exit(void) __attribute__((constructor));
static void ctor_exit(void)
{
    exit(0);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    return hostile_dut("hostile-ctor-exit", "1", NULL, NULL);
}
