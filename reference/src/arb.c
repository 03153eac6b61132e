/*
 * arb.c - Part 9 flow arbitration, the part shared by the transmitter
 * (arbtx.c) and the receiver (arbrx.c): the output bounds and the CCP field
 * helpers (rio/arb.h).
 */
#include "rio/arb.h"

#include <stddef.h>

#include "arb_int.h"
#include "rio/err.h"

/* The per-step bounds in arb.h need 4 message slots and 4 note slots for the
 * non-TICK events; TICK and RESET need one (two) per flow. */
_Static_assert(RIO_ARB_MAX_FLOWS >= 4u, "per-step output bounds");
_Static_assert(RIO_ARB_OUT_MSGS >= RIO_ARB_MAX_FLOWS, "TICK: 1 message/flow");
_Static_assert(RIO_ARB_OUT_NOTES >= 2u * RIO_ARB_MAX_FLOWS, "TICK: 2 notes/flow");
_Static_assert(RIO_ARB_MAX_FLOWS <= 0xFFFFu, "flow numbers are uint16_t");
_Static_assert(RIO_ARB_TX_QUEUE >= 1u, "a flow must hold one PDU");

/* ------------------------------------------------------------------------
 * CCP field helpers (Table 3-2, P9-3.3-a)
 * ------------------------------------------------------------------------ */

int rio_arb_msg_to_ccp(struct rio_ccp *dst, const struct rio_arb_msg *msg,
                       unsigned flow_id, uint32_t tgt_destination_id,
                       unsigned soc)
{
    if (dst == NULL || msg == NULL || !is_cmd(msg->cmd))
        return RIO_EINVAL;
    if (flow_id > 0x7Fu || soc > 1u || msg->seq > 1u)
        return RIO_ERANGE;
    switch (msg->cmd) {
    case RIO_FAM_XOFF_ARB:
    case RIO_FAM_RELEASE:
    case RIO_FAM_XON_ARB:
    case RIO_FAM_REQUEST_SINGLE:
    case RIO_FAM_REQUEST_MULTI:
        break;
    case RIO_FAM_XOFF:
    case RIO_FAM_XON:
    case RIO_FAM_RESERVED:
        return RIO_ERANGE; /* congestion management is not ours (fcep) */
    }
    unsigned xon = 0, fam = 0;
    int rc = rio_fam_encode(&xon, &fam, msg->cmd, msg->seq);
    if (rc != RIO_OK)
        return rc;
    dst->xon = (uint8_t)xon;
    dst->fam = (uint8_t)fam;
    dst->rsrv = 0;
    dst->flow_id = (uint8_t)flow_id;
    dst->soc = (uint8_t)soc;
    dst->tgt_destination_id = tgt_destination_id;
    return RIO_OK;
}

int rio_arb_ccp_command(enum rio_fam_cmd *cmd, uint8_t *seq,
                        const struct rio_ccp *ccp)
{
    if (cmd == NULL || seq == NULL || ccp == NULL)
        return RIO_EINVAL;
    if (ccp->xon > 1u || ccp->fam > 7u)
        return RIO_ERANGE;
    unsigned y = 0;
    *cmd = rio_fam_decode(ccp->xon, ccp->fam, &y);
    *seq = (uint8_t)(y & 1u);
    return RIO_OK;
}
/* SPDX-License-Identifier: Apache-2.0 */
