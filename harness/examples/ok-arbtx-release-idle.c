/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ok-arbtx-release-idle.c - a CONFORMING example DUT that makes another
 * legal choice than the reference.
 *
 * What it chooses: a multi-PDU context is relinquished as soon as it falls
 * idle: in the step that sends the last packet of a PDU, when no further PDU
 * is queued for the flow, RELEASE follows that packet (the reference keeps
 * the context open until END, XOFF(ARB) or a SINGLE-mode PDU). Part 9 2.4.7
 * rule 7: "The transmitter may relinquish a multi-PDU context by sending a
 * RELEASE message after completion of the current PDU."
 *
 * PERMITS: 2.4.7 rule 7 "The transmitter may relinquish a multi-PDU context"
 * DECLARES: arbtx_release=other
 *
 * How: the reference arbtx; after a step that sent the last packet of a PDU
 * on flow f with nothing queued on f any more, the wrapper hands the
 * reference an END event for f and appends its outputs (RELEASE at once, in
 * f's own flow). END is all-or-nothing: where there is no multi-PDU context
 * to end (a single-PDU grant) it fails and changes nothing.
 */
#include <stdint.h>
#include <stdlib.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

static const struct rc_machine_ops *ok_ref(void)
{
    return &rc_refdut()->machine[RC_M_ARBTX];
}

static int ok_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    return ok_ref()->create(ctx, inst, cfg);
}

static void ok_destroy(void *inst)
{
    ok_ref()->destroy(inst);
}

static int ok_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                   uint32_t cap, uint32_t *n)
{
    int rc = ok_ref()->step(inst, ev, out, cap, n);
    if (rc != RC_OK || inst == NULL)
        return rc;
    uint64_t flow = UINT64_MAX;
    for (uint32_t i = 0; i < *n; i++)
        if (out[i].kind == RC_ARBTX_OUT_DATA && out[i].nargs >= 4u &&
            out[i].arg[3] == 1u)
            flow = out[i].arg[0];
    if (flow == UINT64_MAX)
        return RC_OK;
    struct rc_msg q = {.kind = RC_ARBTX_Q_QUEUED, .nargs = 1, .arg = {flow}};
    uint64_t queued = 1;
    if (ok_ref()->query(inst, &q, &queued) != RC_OK || queued != 0u)
        return RC_OK;
    struct rc_msg end = {.kind = RC_ARBTX_EV_END, .nargs = 1, .arg = {flow}};
    struct rc_msg more[RC_MAX_OUTPUTS];
    uint32_t k = 0;
    if (ok_ref()->step(inst, &end, more, RC_MAX_OUTPUTS, &k) != RC_OK)
        return RC_OK; /* no multi-PDU context to end */
    /* wire outputs of END (the RELEASE) go behind this step's wire outputs,
     * its notes at the end */
    struct rc_msg tmp[RC_MAX_OUTPUTS];
    uint32_t m = 0;
    for (uint32_t i = 0; i < *n && m < RC_MAX_OUTPUTS; i++)
        if (out[i].kind != RC_ARBTX_OUT_NOTE)
            tmp[m++] = out[i];
    for (uint32_t i = 0; i < k && m < RC_MAX_OUTPUTS; i++)
        if (more[i].kind != RC_ARBTX_OUT_NOTE)
            tmp[m++] = more[i];
    for (uint32_t i = 0; i < *n && m < RC_MAX_OUTPUTS; i++)
        if (out[i].kind == RC_ARBTX_OUT_NOTE)
            tmp[m++] = out[i];
    for (uint32_t i = 0; i < k && m < RC_MAX_OUTPUTS; i++)
        if (more[i].kind == RC_ARBTX_OUT_NOTE)
            tmp[m++] = more[i];
    if (m > cap)
        return RC_FULL;
    for (uint32_t i = 0; i < m; i++)
        out[i] = tmp[i];
    *n = m;
    return RC_OK;
}

static int ok_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    return ok_ref()->query(inst, q, value);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "ok-arbtx-release-idle";
    dut.profile.policy[RC_POL_ARBTX_RELEASE] = 2; /* other */
    dut.machine[RC_M_ARBTX] =
        (struct rc_machine_ops){ok_create, ok_destroy, ok_step, ok_query};
    return &dut;
}
