/* SPDX-License-Identifier: Apache-2.0 */
/*
 * name-inject.c - a hostile DUT whose name and version carry newlines
 * followed by TAP lines ("not ok 1 - injected", a plan "1..1", "Bail out!")
 * and a forged "# overall: pass" (issue 11 item 2: the name went unescaped
 * into the TAP stream and the reproducer files). Its p9reg car_read answers
 * one bit off, so that the trigger vector fails and a reproducer, which
 * names the DUT, is written.
 *
 * Held when: the trigger vector is a FAIL and the others pass, exit status
 * 1; the TAP stream has one plan, exactly the run's test lines and no
 * `Bail out!`; the reproducer still parses; the reports are complete and
 * well-formed.
 */
#include "hostile.h"

const struct rc_dut *riocheck_dut_v2(void)
{
    return hostile_dut("hostile-name\nnot ok 1 - injected\n1..1\nBail out! injected by the DUT name",
                       "1\n# overall: pass\nok 99 - injected by the DUT version\r\n",
                       NULL, hostile_wrong_step);
}
