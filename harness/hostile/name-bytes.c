/* SPDX-License-Identifier: Apache-2.0 */
/*
 * name-bytes.c - a hostile DUT whose name and version are not valid text:
 * control characters (SOH, ESC with a terminal colour sequence, DEL, a lone
 * CR), invalid UTF-8 (a stray continuation byte, 0xFF 0xFE, a truncated
 * sequence), an overlong encoding of NUL (0xC0 0x80), an encoded UTF-16
 * surrogate and a code point above U+10FFFF. JSON must be valid UTF-8 and
 * XML 1.0 cannot carry most control characters even as references, so a
 * writer that copies bytes breaks both. Its p9reg car_read answers one bit
 * off, so that a reproducer (which names the DUT) is written.
 *
 * Held when: the trigger vector is a FAIL and the others pass, exit status
 * 1; results.json parses as strict UTF-8 JSON, results.xml is well-formed,
 * results.tsv has its columns, the TAP stream is intact, the reproducer
 * parses.
 */
#include "hostile.h"

const struct rc_dut *riocheck_dut_v2(void)
{
    return hostile_dut("hostile-bytes \x01 \x1b[31mred\x1b[0m \x7f cr\r here \x80 \xff\xfe \xe2\x82",
                       "1 \xc0\x80 \xed\xa0\x80 \xf4\x90\x80\x80 \x0b\x0c", NULL, hostile_wrong_step);
}
