/* SPDX-License-Identifier: Apache-2.0 */
/*
 * name-markup.c - a hostile DUT whose name and version are built from the
 * characters that mean something in the report formats: JSON quotes and
 * backslashes, XML/HTML markup (<, >, &, an entity, "]]>", "<!--"), Markdown
 * table pipes, backticks and emphasis, a TAB (the TSV separator), strings
 * that look like a NUL ("\0", "%00", "\u0000"), and TAP words without a
 * newline. Its p9reg car_read answers one bit off, so that the trigger
 * vector fails and its reproducer (which names the DUT) is written.
 *
 * Held when: the trigger vector is a FAIL and the others pass, exit status
 * 1; results.json parses as strict JSON, results.xml is well-formed, results.tsv has its columns, compliance.md's tables keep
 * their column count, the reproducer parses.
 */
#include "hostile.h"

const struct rc_dut *riocheck_dut_v2(void)
{
    return hostile_dut("hostile \"name\" \\ <b>bold</b> &amp; & ]]> <!-- | pipe | `tick` *em* "
                       "\ttab \\0 %00 \\u0000 not ok 1 - x Bail out!",
                       "1.0\" onload=\"x' <![CDATA[ ]]> &#0; &lt;",
                       NULL, hostile_wrong_step);
}
