/* SPDX-License-Identifier: Apache-2.0 */
/*
 * escape_dut.c - a DUT library for escape_test.sh (issue 11 items 2 and 15):
 * its name and version are built to break every text format riocheck
 * writes, and its one machine answers wrongly in the ways riocheck must
 * report exactly. Test data, not an example: nothing here follows the spec.
 *
 * The name and version hold newlines followed by TAP lines (a test line, a
 * plan, a bail-out, a forged overall result), a '#' directive, a TAB, a CR,
 * control bytes, an invalid UTF-8 byte, the BOM, U+2028, XML and Markdown
 * markup (]]> < & | backticks) and shell quotes.
 *
 * The codec machine implements stype2_decode only, for rev 3 width 0, and
 * answers by the value (escape_test.sh writes the vectors):
 *   0x2001  the right voq_msg (status 0x0001)        -> the vector passes
 *   0x2002  a voq_msg with status 0x0001 (not 0x0002) -> fails
 *   0x2003  result 12345, which RC_RESULTS lacks     -> fails, "12345" shown
 *   0x2004  RC_LOST without a why_lost               -> error, "RC_LOST (-90)"
 * Build: cc -shared -fPIC -I harness/include -o X.so escape_dut.c
 */
#include <stdint.h>

#include "test_dut.h"

#define ESCAPE_UNKNOWN_RESULT 12345

static int codec_step(void *inst, const struct rc_msg *ev, struct rc_msg *out, uint32_t cap,
                      uint32_t *n)
{
    (void)inst;
    if (!test_dut_stype2_decode(ev, cap, n))
        return RC_NOTSUP;
    uint64_t value = ev->arg[2];
    if (value == 0x2003)
        return ESCAPE_UNKNOWN_RESULT;
    if (value == 0x2004)
        return RC_LOST;
    test_dut_voq_msg(out, n, 0, 0x1); /* status: right for 0x2001 only */
    return RC_OK;
}

static int codec_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    (void)inst;
    (void)q;
    *value = 0;
    return RC_NOTSUP;
}

static const struct rc_dut escape_dut = {
    .abi_version = RC_DUT_ABI_VERSION,
    .name = "escape-dut\nnot ok 1 - injected by the name\n1..1\nBail out! injected # TODO"
            "\ttab\rcr\x01\x1b[31m \xFF \xEF\xBB\xBF \xE2\x80\xA8 ]]> <b>&amp; |a|b| `x` 'q' \"q\"",
    .version = "1\n# overall: pass\nok 99 - injected by the version\r\n",
    .profile = {.p12_revs = 1u << 3, .caps = RC_CAP_CODEC},
    .machine = {[RC_M_CODEC] = {test_dut_create, test_dut_destroy, codec_step, codec_query}},
};

const struct rc_dut *riocheck_dut_v2(void)
{
    return &escape_dut;
}
