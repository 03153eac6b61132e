/*
 * entry-segv.c - a hostile DUT whose entry function (the one symbol riocheck
 * looks up) dies of SIGSEGV before returning a description (issue 11 item 9).
 *
 * Held when: every selected vector is an ERROR naming the crash, exit status
 * 1, complete and well-formed reports; riocheck itself does not die.
 */
#include "hostile.h"

static int *volatile hostile_nowhere;

const struct rc_dut *riocheck_dut_v2(void)
{
    *hostile_nowhere = 1;
    return hostile_dut("hostile-entry-segv", "1", NULL, NULL);
}
