/* SPDX-License-Identifier: Apache-2.0 */
/*
 * entry-segv.c - a hostile DUT whose entry function (the one symbol riocheck
 * looks up) dies of SIGSEGV before returning a description (issue 11 item 9).
 *
 * Held when: riocheck says the entry function crashed, naming the library,
 * and stops with exit status 3 (it cannot be loaded), writing no results;
 * riocheck itself does not die.
 */
#include "hostile.h"

static int *volatile hostile_nowhere;

const struct rc_dut *riocheck_dut_v2(void)
{
    *hostile_nowhere = 1;
    return hostile_dut("hostile-entry-segv", "1", NULL, NULL);
}
