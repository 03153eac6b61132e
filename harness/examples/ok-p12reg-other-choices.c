/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ok-p12reg-other-choices.c - a CONFORMING example DUT whose VoQ register
 * block makes two choices the spec leaves open differently from the
 * reference:
 *   - Part 12 rev 4.1 Table 5-3 bits 26-28: "This field shall be changed
 *     only when Enable VoQ Symbol Generation is cleared." The sentence
 *     constrains software; the device does not police it: a TX Port Group
 *     Size written while bit 8 is 1 is stored (I-VOQREG-8, config
 *     tx_while_gen=1).
 *   - Table 5-1 "Reserved" words (and the slots of ports the device does
 *     not have): the spec does not say how an access to them ends; this
 *     device answers them with an error response (I-VOQREG-2, config
 *     unimpl_error=1) instead of reading 0.
 *
 * PERMITS: Part 12 5.1.2.2 Table 5-3 "This field shall be changed only when Enable VoQ Symbol Generation is cleared" (a rule for software); Table 5-1 "Reserved" (access outcome not specified)
 * DECLARES: none (configuration keys tx_while_gen=1, unimpl_error=1: a vector
 *   configuring the other value is not applicable)
 *
 * BREAKS: none (conforming)
 *
 * How: the reference DUT (rc_refdut()) with the p12reg create wrapped: a
 * configuration asking for tx_while_gen=0 or unimpl_error=0 is RC_NOTSUP
 * (this device cannot behave that way); otherwise both keys are set to 1.
 * Every other machine and every step is the reference.
 */
#include <stdint.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

static int other_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    if (inst == NULL || cfg == NULL || cfg->n > RC_MAX_CONFIG)
        return RC_INVAL;
    struct rc_config c = *cfg;
    static const uint32_t keys[] = {RC_P12REG_CFG_TX_WHILE_GEN,
                                    RC_P12REG_CFG_UNIMPL_ERROR};
    for (uint32_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        uint32_t i = 0;
        while (i < c.n && c.kv[i].key != keys[k])
            i++;
        if (i < c.n) {
            if (c.kv[i].value != 1)
                return RC_NOTSUP;
            continue;
        }
        if (c.n >= RC_MAX_CONFIG)
            return RC_INVAL;
        c.kv[c.n].key = keys[k];
        c.kv[c.n++].value = 1;
    }
    return rc_refdut()->machine[RC_M_P12REG].create(ctx, inst, &c);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "ok-p12reg-other-choices";
    dut.machine[RC_M_P12REG].create = other_create;
    return &dut;
}
