/* SPDX-License-Identifier: Apache-2.0 */
/*
 * arbtx_test.c - Part 9 flow arbitration transmitter (rio/arb.h).
 *
 * Expected values come from the spec text: the rules of 2.2.1, 2.2.2,
 * 2.4.7 (1-12) and 2.4.8 turned into scenarios, each test naming its rule id
 * (checklist.tsv).
 */
#include <stdint.h>
#include <string.h>

#include "arb_test.h"
#include "check.h"
#include "rio/arb.h"
#include "rio/ccp.h"
#include "rio/err.h"

/* =================================================== transmitter rules */

/* P9-2.4.7-1, R2.2p9s2.4.7r0001/r0003: a PDU on an arbitrated flow makes the
 * transmitter ask (REQUEST single PDU, first bit 0) and sends no data until
 * the grant; P9-2.4.2.1-b: no amount of waiting starts the flow. */
static void tx_asks_with_request_and_sends_nothing_before_grant(void)
{
    struct rio_arb_tx t;
    struct rio_arb_tx_cfg c = txcfg();
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_OK);
    CHECK_EQ(rio_arb_tx_state(&t, 0), RIO_ARB_TX_IDLE);
    CHECK_EQ(rio_arb_tx_may_send(&t, 0), 0);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_SINGLE, 2), RIO_OK);
    CHECK_EQ(to.nmsg, 1);
    CHECK_MSG(to.msg[0], RIO_FAM_REQUEST_SINGLE, 0, 0, RIO_ARB_CONTROL);
    CHECK_EQ(to.msg[0].reissue, 0);
    CHECK_EQ(rio_arb_tx_state(&t, 0), RIO_ARB_TX_EXPECT_RESPONSE);
    unsigned seq = 7;
    CHECK_EQ(rio_arb_tx_outstanding(&t, 0, &seq), 1);
    CHECK_EQ(seq, 0);
    CHECK_EQ(rio_arb_tx_may_send(&t, 0), 0);
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_EQ(to.ndata, 0);
    for (int i = 0; i < 50; i++) {
        CHECK_EQ(ttick(&t, 7), RIO_OK);
        CHECK_EQ(tslot(&t, 0), RIO_OK);
        CHECK_EQ(to.ndata, 0);
    }
    /* the other flow is untouched */
    CHECK_EQ(rio_arb_tx_state(&t, 1), RIO_ARB_TX_IDLE);
    /* multi PDU asks with REQUEST multi PDU */
    CHECK_EQ(tpdu(&t, 1, RIO_ARB_MULTI, 1), RIO_OK);
    CHECK_EQ(to.nmsg, 1);
    CHECK_MSG(to.msg[0], RIO_FAM_REQUEST_MULTI, 0, 1, RIO_ARB_CONTROL);
}

/* 2.2.1 (Figure 2-1), P9-2.4.7-5, R2.2p9s2.4.7r0007: after XON(ARB) with the
 * REQUEST's bit the PDU's packets go out in order; the context is gone once
 * the last segment is sent, so the next PDU needs a NEW REQUEST, whose bit
 * has advanced (P9-2.4.7-4, R2.2p9s2.4.7r0006). */
static void tx_single_pdu_grant_sends_pdu_and_context_ends_at_last_segment(void)
{
    struct rio_arb_tx t;
    struct rio_arb_tx_cfg c = txcfg();
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_OK);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_SINGLE, 3), RIO_OK);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XON_ARB, 0), RIO_OK);
    CHECK(tnote(RIO_ARB_TX_GRANTED) >= 0);
    CHECK_EQ(to.note[tnote(RIO_ARB_TX_GRANTED)].early, 0);
    CHECK(tnote(RIO_ARB_TX_CONTEXT_START) >= 0);
    CHECK_EQ(to.nmsg, 0); /* nothing queued after it: no pipelined REQUEST */
    CHECK_EQ(rio_arb_tx_state(&t, 0), RIO_ARB_TX_SENDING_SINGLE_PDU);
    CHECK_EQ(rio_arb_tx_context_seq(&t, 0), 0);
    CHECK_EQ(rio_arb_tx_outstanding(&t, 0, NULL), 0);
    CHECK_EQ(rio_arb_tx_may_send(&t, 0), 1);
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_DATA(0, 0, 0);
    CHECK_EQ(to.data.flow, 0);
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_DATA(0, 1, 0);
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_DATA(0, 2, 1);
    CHECK(tnote(RIO_ARB_TX_PDU_DONE) >= 0);
    CHECK_EQ(to.note[tnote(RIO_ARB_TX_PDU_DONE)].pdu, 0);
    CHECK(tnote(RIO_ARB_TX_CONTEXT_END) >= 0);
    CHECK_EQ(to.note[tnote(RIO_ARB_TX_CONTEXT_END)].multi, 0);
    CHECK_EQ(to.nmsg, 0); /* a single-PDU context ends without RELEASE */
    CHECK_EQ(rio_arb_tx_state(&t, 0), RIO_ARB_TX_IDLE);
    CHECK_EQ(rio_arb_tx_may_send(&t, 0), 0);
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_EQ(to.ndata, 0);
    CHECK_EQ(rio_arb_tx_next_seq(&t, 0), 1);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_SINGLE, 1), RIO_OK);
    CHECK_EQ(to.nmsg, 1);
    CHECK_MSG(to.msg[0], RIO_FAM_REQUEST_SINGLE, 1, 0, RIO_ARB_CONTROL);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XON_ARB, 1), RIO_OK);
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_DATA(1, 0, 1); /* the second PDU of the flow, one packet */
    /* and the third new REQUEST is back at bit 0 */
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_MULTI, 1), RIO_OK);
    CHECK_MSG(to.msg[0], RIO_FAM_REQUEST_MULTI, 0, 0, RIO_ARB_CONTROL);
}

/* P9-2.4.7-3 (1), P9-2.4.7-4, R2.2p9s2.4.7r0005, P9-2.4.2.1-b: no answer
 * within request_timeout ticks re-issues the REQUEST with the SAME bit; the
 * timeout never starts the flow. One re-issue per timeout period. */
static void tx_timeout_reissues_request_with_same_bit(void)
{
    struct rio_arb_tx t;
    struct rio_arb_tx_cfg c = txcfg();
    c.request_timeout = 10;
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_OK);
    CHECK_EQ(tpdu(&t, 1, RIO_ARB_MULTI, 2), RIO_OK);
    CHECK_EQ(to.msg[0].seq, 0);
    CHECK_EQ(ttick(&t, 9), RIO_OK);
    CHECK_EQ(to.nmsg, 0);
    CHECK_EQ(ttick(&t, 0), RIO_OK); /* zero ticks: nothing */
    CHECK_EQ(to.nmsg, 0);
    CHECK_EQ(ttick(&t, 1), RIO_OK); /* terminal count reached */
    CHECK_EQ(to.nmsg, 1);
    CHECK_MSG(to.msg[0], RIO_FAM_REQUEST_MULTI, 0, 1, RIO_ARB_CONTROL);
    CHECK_EQ(to.msg[0].reissue, 1);
    CHECK(tnote(RIO_ARB_TX_TIMEOUT_REISSUE) >= 0);
    CHECK_EQ(to.ndata, 0);
    CHECK_EQ(rio_arb_tx_state(&t, 1), RIO_ARB_TX_EXPECT_RESPONSE);
    CHECK_EQ(rio_arb_tx_outstanding(&t, 1, NULL), 1); /* still one */
    CHECK_EQ(rio_arb_tx_reissues(&t, 1), 1);
    CHECK_EQ(ttick(&t, 9), RIO_OK); /* timer restarted at the re-issue */
    CHECK_EQ(to.nmsg, 0);
    CHECK_EQ(ttick(&t, UINT32_MAX), RIO_OK); /* one re-issue per TICK */
    CHECK_EQ(to.nmsg, 1);
    CHECK_EQ(to.msg[0].seq, 0);
    CHECK_EQ(rio_arb_tx_reissues(&t, 1), 2);
    CHECK_EQ(tslot(&t, 1), RIO_OK);
    CHECK_EQ(to.ndata, 0);
    /* the answer to either copy grants; the bit is still 0 */
    CHECK_EQ(tccp(&t, 1, RIO_FAM_XON_ARB, 0), RIO_OK);
    CHECK_EQ(rio_arb_tx_state(&t, 1), RIO_ARB_TX_SENDING_MULTI_PDU);
    CHECK_EQ(rio_arb_tx_next_seq(&t, 1), 1);
    /* I-ARB-2: the second answer (to the other copy) is stale and ignored */
    CHECK_EQ(tccp(&t, 1, RIO_FAM_XON_ARB, 0), RIO_OK);
    CHECK(tnote(RIO_ARB_TX_STALE_RESPONSE) >= 0);
    CHECK_EQ(to.note[tnote(RIO_ARB_TX_STALE_RESPONSE)].cmd, RIO_FAM_XON_ARB);
    CHECK_EQ(rio_arb_tx_state(&t, 1), RIO_ARB_TX_SENDING_MULTI_PDU);
    CHECK_EQ(to.nmsg, 0);
}

/* request_timeout 0: timers are optional (2.4.8 NOTE); never re-issued. */
static void tx_timeout_zero_never_reissues(void)
{
    struct rio_arb_tx t;
    struct rio_arb_tx_cfg c = txcfg();
    c.request_timeout = 0;
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_OK);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_SINGLE, 1), RIO_OK);
    for (int i = 0; i < 10; i++) {
        CHECK_EQ(ttick(&t, UINT32_MAX), RIO_OK);
        CHECK_EQ(to.nmsg, 0);
    }
    CHECK_EQ(rio_arb_tx_state(&t, 0), RIO_ARB_TX_EXPECT_RESPONSE);
}

/* P9-2.4.7-3 (2) with P9-2.4.7-4 (I-ARB-1): after XOFF(ARB) the transmitter
 * may ask again, and that REQUEST is new, so its bit advances. */
static void tx_request_after_xoff_arb_advances_bit(void)
{
    struct rio_arb_tx t;
    struct rio_arb_tx_cfg c = txcfg();
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_OK);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_SINGLE, 1), RIO_OK);
    CHECK_EQ(to.msg[0].seq, 0);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XOFF_ARB, 0), RIO_OK);
    CHECK(tnote(RIO_ARB_TX_REJECTED) >= 0);
    CHECK_EQ(to.nmsg, 1); /* retry_backoff 0: at once */
    CHECK_MSG(to.msg[0], RIO_FAM_REQUEST_SINGLE, 1, 0, RIO_ARB_CONTROL);
    CHECK_EQ(to.msg[0].reissue, 0);
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_EQ(to.ndata, 0); /* rejected: still no data */
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XOFF_ARB, 1), RIO_OK);
    CHECK_MSG(to.msg[0], RIO_FAM_REQUEST_SINGLE, 0, 0, RIO_ARB_CONTROL);
    /* a rejection with the wrong bit is stale: no new REQUEST */
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XOFF_ARB, 1), RIO_OK);
    CHECK_EQ(to.nmsg, 0);
    CHECK(tnote(RIO_ARB_TX_STALE_RESPONSE) >= 0);
    CHECK_EQ(rio_arb_tx_outstanding(&t, 0, NULL), 1);
}

/* retry_backoff: after XOFF(ARB) the next REQUEST waits that many ticks; the
 * request timer does not run meanwhile (nothing is outstanding). */
static void tx_retry_backoff_delays_the_new_request(void)
{
    struct rio_arb_tx t;
    struct rio_arb_tx_cfg c = txcfg();
    c.retry_backoff = 5;
    c.request_timeout = 2;
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_OK);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_MULTI, 1), RIO_OK);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XOFF_ARB, 0), RIO_OK);
    CHECK_EQ(to.nmsg, 0);
    CHECK_EQ(rio_arb_tx_state(&t, 0), RIO_ARB_TX_EXPECT_RETRY_TIME);
    CHECK_EQ(rio_arb_tx_request(&t, 0), RIO_ARB_TX_REQ_EXPECT_RETRY_TIME);
    CHECK_EQ(rio_arb_tx_outstanding(&t, 0, NULL), 0);
    CHECK_EQ(ttick(&t, 4), RIO_OK);
    CHECK_EQ(to.nmsg, 0);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XON_ARB, 0), RIO_OK); /* nothing asked */
    CHECK(tnote(RIO_ARB_TX_STALE_RESPONSE) >= 0);
    CHECK_EQ(ttick(&t, 1), RIO_OK);
    CHECK_EQ(to.nmsg, 1);
    CHECK_MSG(to.msg[0], RIO_FAM_REQUEST_MULTI, 1, 0, RIO_ARB_CONTROL);
    CHECK_EQ(rio_arb_tx_state(&t, 0), RIO_ARB_TX_EXPECT_RESPONSE);
}

/* P9-2.4.7-11, R2.2p9s2.4.7r0010: never more than one outstanding REQUEST.
 * Without pipelining the transmitter asks only while it holds no context. */
static void tx_without_pipelining_asks_only_without_context(void)
{
    struct rio_arb_tx t;
    struct rio_arb_tx_cfg c = txcfg();
    c.pipeline = 0;
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_OK);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_SINGLE, 1), RIO_OK);
    CHECK_EQ(to.nmsg, 1);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_SINGLE, 1), RIO_OK);
    CHECK_EQ(to.nmsg, 0); /* one REQUEST outstanding already */
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_MULTI, 1), RIO_OK);
    CHECK_EQ(to.nmsg, 0);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XON_ARB, 0), RIO_OK);
    CHECK_EQ(to.nmsg, 0); /* pipeline off: no REQUEST ahead */
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_DATA(0, 0, 1);
    CHECK_EQ(to.nmsg, 1); /* the context ended: now ask for PDU 1 */
    CHECK_MSG(to.msg[0], RIO_FAM_REQUEST_SINGLE, 1, 0, RIO_ARB_CONTROL);
    CHECK_EQ(rio_arb_tx_outstanding(&t, 0, NULL), 1);
}

/* 2.2.2 (Figure 2-4), P9-2.4.7-11: with pipelining the transmitter issues
 * ONE additional REQUEST, and only after the current one was acknowledged;
 * a grant of it that arrives while the current context is open is kept for
 * later (I-ARB-19); no third REQUEST while that grant is in hand. */
static void tx_pipelines_one_request_after_the_grant(void)
{
    struct rio_arb_tx t;
    struct rio_arb_tx_cfg c = txcfg();
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_OK);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_SINGLE, 2), RIO_OK);
    CHECK_EQ(to.nmsg, 1); /* Request_0 */
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_SINGLE, 1), RIO_OK);
    CHECK_EQ(to.nmsg, 0); /* not before Request_0 is acknowledged */
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_MULTI, 1), RIO_OK);
    CHECK_EQ(to.nmsg, 0);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XON_ARB, 0), RIO_OK); /* XON_0(ARB) */
    CHECK_EQ(to.nmsg, 1); /* Request_1, pipelined, for PDU 1 (single) */
    CHECK_MSG(to.msg[0], RIO_FAM_REQUEST_SINGLE, 1, 0, RIO_ARB_CONTROL);
    CHECK_EQ(rio_arb_tx_state(&t, 0), RIO_ARB_TX_SENDING_SINGLE_PDU);
    CHECK_EQ(rio_arb_tx_outstanding(&t, 0, NULL), 1);
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_DATA(0, 0, 0);
    CHECK_EQ(to.nmsg, 0);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XON_ARB, 1), RIO_OK); /* early grant */
    CHECK(tnote(RIO_ARB_TX_GRANTED) >= 0);
    CHECK_EQ(to.note[tnote(RIO_ARB_TX_GRANTED)].early, 1);
    CHECK_EQ(to.nmsg, 0); /* rule 11: no REQUEST for PDU 2 yet */
    CHECK_EQ(rio_arb_tx_request(&t, 0), RIO_ARB_TX_REQ_GRANTED_NEXT);
    CHECK_EQ(rio_arb_tx_outstanding(&t, 0, NULL), 0);
    CHECK_EQ(rio_arb_tx_state(&t, 0), RIO_ARB_TX_SENDING_SINGLE_PDU);
    CHECK_EQ(rio_arb_tx_context_seq(&t, 0), 0);
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_DATA(0, 1, 1);
    CHECK(tnote(RIO_ARB_TX_CONTEXT_END) >= 0);
    CHECK(tnote(RIO_ARB_TX_CONTEXT_START) > tnote(RIO_ARB_TX_CONTEXT_END));
    CHECK_EQ(rio_arb_tx_context_seq(&t, 0), 1);
    CHECK_EQ(to.nmsg, 1); /* now one ahead again: multi for PDU 2, bit 0 */
    CHECK_MSG(to.msg[0], RIO_FAM_REQUEST_MULTI, 0, 0, RIO_ARB_CONTROL);
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_DATA(1, 0, 1);
    CHECK_EQ(rio_arb_tx_state(&t, 0), RIO_ARB_TX_EXPECT_RESPONSE);
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_EQ(to.ndata, 0);
}

/* P9-2.4.7-3, P9-2.4.7-4, P9-2.4.7-11: a rejected pipelined REQUEST leaves
 * the current context alone; the next REQUEST has the next bit - which is the
 * context's own, so it waits until the context has ended (I-ARB-8). */
static void tx_rejected_pipelined_request_is_renewed_after_the_context(void)
{
    struct rio_arb_tx t;
    struct rio_arb_tx_cfg c = txcfg();
    c.retry_backoff = 3;
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_OK);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_SINGLE, 2), RIO_OK);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_SINGLE, 1), RIO_OK);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XON_ARB, 0), RIO_OK);
    CHECK_EQ(to.msg[0].seq, 1);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XOFF_ARB, 1), RIO_OK);
    CHECK(tnote(RIO_ARB_TX_REJECTED) >= 0);
    CHECK_EQ(to.nmsg, 0);
    CHECK_EQ(rio_arb_tx_state(&t, 0), RIO_ARB_TX_SENDING_SINGLE_PDU);
    CHECK_EQ(rio_arb_tx_may_send(&t, 0), 1);
    CHECK_EQ(rio_arb_tx_next_seq(&t, 0), 0);
    CHECK_EQ(ttick(&t, 3), RIO_OK); /* backoff over, bit 0 = context's */
    CHECK_EQ(to.nmsg, 0);
    CHECK_EQ(ttick(&t, 100), RIO_OK);
    CHECK_EQ(to.nmsg, 0);
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_DATA(0, 0, 0);
    CHECK_EQ(to.nmsg, 0);
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_DATA(0, 1, 1); /* context over: now ask, with bit 0 */
    CHECK_EQ(to.nmsg, 1);
    CHECK_MSG(to.msg[0], RIO_FAM_REQUEST_SINGLE, 0, 0, RIO_ARB_CONTROL);
    /* the same for a multi-PDU context: an XOFF(ARB) with the context's bit
     * is then unambiguously rule 8 */
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_OK);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_MULTI, 2), RIO_OK);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XON_ARB, 0), RIO_OK);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_SINGLE, 1), RIO_OK);
    CHECK_MSG(to.msg[0], RIO_FAM_REQUEST_SINGLE, 1, 0, RIO_ARB_CONTROL);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XOFF_ARB, 1), RIO_OK);
    CHECK_EQ(ttick(&t, 3), RIO_OK);
    CHECK_EQ(to.nmsg, 0);
    CHECK_EQ(rio_arb_tx_outstanding(&t, 0, NULL), 0);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XOFF_ARB, 0), RIO_OK);
    CHECK(tnote(RIO_ARB_TX_DEALLOC_REQUESTED) >= 0);
    CHECK_EQ(to.nmsg, 2); /* nothing in progress: RELEASE, then the REQUEST */
    CHECK_MSG(to.msg[0], RIO_FAM_RELEASE, 0, 0, RIO_ARB_OWN_FLOW);
    CHECK_MSG(to.msg[1], RIO_FAM_REQUEST_MULTI, 0, 0, RIO_ARB_CONTROL);
}

/* P9-2.4.7-6: a multi-PDU grant carries PDU after PDU without asking again;
 * with nothing queued the context stays open (I-ARB-9). */
static void tx_multi_pdu_grant_sends_pdus_continuously(void)
{
    struct rio_arb_tx t;
    struct rio_arb_tx_cfg c = txcfg();
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_OK);
    CHECK_EQ(tpdu(&t, 1, RIO_ARB_MULTI, 2), RIO_OK);
    CHECK_EQ(tpdu(&t, 1, RIO_ARB_MULTI, 1), RIO_OK);
    CHECK_EQ(tpdu(&t, 1, RIO_ARB_MULTI, 2), RIO_OK);
    CHECK_EQ(tccp(&t, 1, RIO_FAM_XON_ARB, 0), RIO_OK);
    CHECK_EQ(to.nmsg, 0); /* end of the context unknown: nothing to pipeline */
    static const uint32_t want[][3] = {{0, 0, 0}, {0, 1, 1}, {1, 0, 1},
                                       {2, 0, 0}, {2, 1, 1}};
    for (unsigned i = 0; i < 5; i++) {
        CHECK_EQ_AT(i, tslot(&t, 1), RIO_OK);
        CHECK_EQ_AT(i, to.ndata, 1);
        CHECK_EQ_AT(i, to.data.pdu, want[i][0]);
        CHECK_EQ_AT(i, to.data.segment, want[i][1]);
        CHECK_EQ_AT(i, to.data.last, want[i][2]);
        CHECK_EQ_AT(i, to.nmsg, 0);
    }
    CHECK_EQ(rio_arb_tx_state(&t, 1), RIO_ARB_TX_SENDING_MULTI_PDU);
    CHECK_EQ(tslot(&t, 1), RIO_OK);
    CHECK_EQ(to.ndata, 0);
    CHECK_EQ(ttick(&t, 1000), RIO_OK); /* still open, nothing to ask */
    CHECK_EQ(to.nmsg, 0);
    CHECK_EQ(tpdu(&t, 1, RIO_ARB_MULTI, 1), RIO_OK); /* joins the context */
    CHECK_EQ(to.nmsg, 0);
    CHECK_EQ(tslot(&t, 1), RIO_OK);
    CHECK_DATA(3, 0, 1);
}

/* P9-2.4.7-7, P9-2.4.7-12, R2.2p9s2.4.7r0011: END makes the transmitter
 * relinquish the multi-PDU context with RELEASE after the current PDU; the
 * RELEASE travels in the context's own flow even when REQUESTs use the
 * control channel, and carries the context's bit (I-ARB-4). */
static void tx_end_releases_after_current_pdu_in_own_flow(void)
{
    struct rio_arb_tx t;
    struct rio_arb_tx_cfg c = txcfg();
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_OK);
    /* make the context's bit 1: one rejected REQUEST first */
    CHECK_EQ(tpdu(&t, 1, RIO_ARB_MULTI, 2), RIO_OK);
    CHECK_EQ(tccp(&t, 1, RIO_FAM_XOFF_ARB, 0), RIO_OK);
    CHECK_EQ(tccp(&t, 1, RIO_FAM_XON_ARB, 1), RIO_OK);
    CHECK_EQ(tslot(&t, 1), RIO_OK);
    CHECK_DATA(0, 0, 0);
    CHECK_EQ(tend(&t, 1), RIO_OK);
    CHECK_EQ(to.nmsg, 0); /* not in the middle of the PDU */
    CHECK_EQ(rio_arb_tx_state(&t, 1), RIO_ARB_TX_SENDING_MULTI_PDU);
    CHECK_EQ(tslot(&t, 1), RIO_OK);
    CHECK_DATA(0, 1, 1);
    CHECK_EQ(to.nmsg, 1);
    CHECK_MSG(to.msg[0], RIO_FAM_RELEASE, 1, 1, RIO_ARB_OWN_FLOW);
    CHECK(tnote(RIO_ARB_TX_CONTEXT_END) >= 0);
    CHECK_EQ(to.note[tnote(RIO_ARB_TX_CONTEXT_END)].multi, 1);
    CHECK_EQ(rio_arb_tx_state(&t, 1), RIO_ARB_TX_IDLE);
    CHECK_EQ(tslot(&t, 1), RIO_OK);
    CHECK_EQ(to.ndata, 0);
    /* END on an open, idle multi context: RELEASE at once */
    CHECK_EQ(tpdu(&t, 1, RIO_ARB_MULTI, 1), RIO_OK);
    CHECK_MSG(to.msg[0], RIO_FAM_REQUEST_MULTI, 0, 1, RIO_ARB_CONTROL);
    CHECK_EQ(tccp(&t, 1, RIO_FAM_XON_ARB, 0), RIO_OK);
    CHECK_EQ(tslot(&t, 1), RIO_OK);
    CHECK_DATA(1, 0, 1);
    CHECK_EQ(to.nmsg, 0);
    CHECK_EQ(tend(&t, 1), RIO_OK);
    CHECK_EQ(to.nmsg, 1);
    CHECK_MSG(to.msg[0], RIO_FAM_RELEASE, 0, 1, RIO_ARB_OWN_FLOW);
    CHECK_EQ(rio_arb_tx_state(&t, 1), RIO_ARB_TX_IDLE);
}

/* P9-2.4.7-12: "REQUEST ... may be sent in any flow": with ccp_in_own_flow
 * the REQUEST travels in its own flow. */
static void tx_request_travels_in_own_flow_when_configured(void)
{
    struct rio_arb_tx t;
    struct rio_arb_tx_cfg c = txcfg();
    c.ccp_in_own_flow = 1;
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_OK);
    CHECK_EQ(tpdu(&t, 1, RIO_ARB_MULTI, 1), RIO_OK);
    CHECK_MSG(to.msg[0], RIO_FAM_REQUEST_MULTI, 0, 1, RIO_ARB_OWN_FLOW);
}

/* P9-2.4.7-8, R2.2p9s2.4.7r0008: XOFF(ARB) during a multi-PDU transfer: the
 * transmitter completes the current PDU, then sends RELEASE (own flow); the
 * PDUs still queued need a new REQUEST with the next bit. */
static void tx_xoff_arb_mid_multi_pdu_finishes_pdu_then_releases(void)
{
    struct rio_arb_tx t;
    struct rio_arb_tx_cfg c = txcfg();
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_OK);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_MULTI, 3), RIO_OK);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_MULTI, 1), RIO_OK);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XON_ARB, 0), RIO_OK);
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_DATA(0, 0, 0);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XOFF_ARB, 0), RIO_OK);
    CHECK(tnote(RIO_ARB_TX_DEALLOC_REQUESTED) >= 0);
    /* no RELEASE yet; the end of the context is known now, so PDU 1's
     * REQUEST may be pipelined (2.2.2) */
    CHECK_EQ(to.nmsg, 1);
    CHECK_MSG(to.msg[0], RIO_FAM_REQUEST_MULTI, 1, 0, RIO_ARB_CONTROL);
    CHECK_EQ(rio_arb_tx_state(&t, 0), RIO_ARB_TX_DRAINING_TO_RELEASE);
    /* a repeated XOFF(ARB) changes nothing */
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XOFF_ARB, 0), RIO_OK);
    CHECK_EQ(to.nmsg, 0);
    CHECK_EQ(rio_arb_tx_state(&t, 0), RIO_ARB_TX_DRAINING_TO_RELEASE);
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_DATA(0, 1, 0);
    CHECK_EQ(to.nmsg, 0);
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_DATA(0, 2, 1);
    CHECK_EQ(to.nmsg, 1);
    CHECK_MSG(to.msg[0], RIO_FAM_RELEASE, 0, 0, RIO_ARB_OWN_FLOW);
    CHECK_EQ(rio_arb_tx_state(&t, 0), RIO_ARB_TX_EXPECT_RESPONSE);
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_EQ(to.ndata, 0); /* PDU 1 waits for the new grant */
    /* without pipelining: RELEASE, then the REQUEST, in that order, after
     * the last packet of the current PDU */
    c.pipeline = 0;
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_OK);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_MULTI, 2), RIO_OK);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_MULTI, 1), RIO_OK);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XON_ARB, 0), RIO_OK);
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XOFF_ARB, 0), RIO_OK);
    CHECK_EQ(to.nmsg, 0);
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_DATA(0, 1, 1);
    CHECK_EQ(to.nmsg, 2);
    CHECK_MSG(to.msg[0], RIO_FAM_RELEASE, 0, 0, RIO_ARB_OWN_FLOW);
    CHECK_MSG(to.msg[1], RIO_FAM_REQUEST_MULTI, 1, 0, RIO_ARB_CONTROL);
}

/* P9-2.4.7-8 with I-ARB-10: XOFF(ARB) between PDUs releases at once; with
 * pipelining, the request for the next PDU goes out in the same step. */
static void tx_xoff_arb_between_pdus_releases_at_once(void)
{
    struct rio_arb_tx t;
    struct rio_arb_tx_cfg c = txcfg();
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_OK);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_MULTI, 1), RIO_OK);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_MULTI, 1), RIO_OK);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XON_ARB, 0), RIO_OK);
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_DATA(0, 0, 1);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XOFF_ARB, 0), RIO_OK);
    CHECK_EQ(to.nmsg, 2);
    CHECK_MSG(to.msg[0], RIO_FAM_RELEASE, 0, 0, RIO_ARB_OWN_FLOW);
    CHECK_MSG(to.msg[1], RIO_FAM_REQUEST_MULTI, 1, 0, RIO_ARB_CONTROL);
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_EQ(to.ndata, 0);
    /* with nothing queued it simply releases */
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XON_ARB, 1), RIO_OK);
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_DATA(1, 0, 1);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XOFF_ARB, 1), RIO_OK);
    CHECK_EQ(to.nmsg, 1);
    CHECK_MSG(to.msg[0], RIO_FAM_RELEASE, 1, 0, RIO_ARB_OWN_FLOW);
    CHECK_EQ(rio_arb_tx_state(&t, 0), RIO_ARB_TX_IDLE);
}

/* I-ARB-3: during a multi-PDU context, an XOFF(ARB) with the other bit and
 * no REQUEST outstanding is stale; xoff_arb_any_seq accepts it. While a
 * pipelined REQUEST (other bit) is outstanding, that bit means "rejected". */
static void tx_xoff_arb_bit_decides_rejection_or_dealloc(void)
{
    struct rio_arb_tx t;
    struct rio_arb_tx_cfg c = txcfg();
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_OK);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_MULTI, 2), RIO_OK);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XON_ARB, 0), RIO_OK);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XOFF_ARB, 1), RIO_OK);
    CHECK(tnote(RIO_ARB_TX_STALE_RESPONSE) >= 0);
    CHECK_EQ(rio_arb_tx_state(&t, 0), RIO_ARB_TX_SENDING_MULTI_PDU);
    /* a pipelined single REQUEST (bit 1) for a SINGLE PDU queued after */
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_SINGLE, 1), RIO_OK);
    CHECK_EQ(to.nmsg, 1);
    CHECK_MSG(to.msg[0], RIO_FAM_REQUEST_SINGLE, 1, 0, RIO_ARB_CONTROL);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XOFF_ARB, 1), RIO_OK); /* rejects it */
    CHECK(tnote(RIO_ARB_TX_REJECTED) >= 0);
    CHECK_EQ(tnote(RIO_ARB_TX_DEALLOC_REQUESTED), -1);
    CHECK_EQ(rio_arb_tx_state(&t, 0), RIO_ARB_TX_SENDING_MULTI_PDU);

    c.xoff_arb_any_seq = 1;
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_OK);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_MULTI, 2), RIO_OK);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XON_ARB, 0), RIO_OK);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XOFF_ARB, 1), RIO_OK);
    CHECK(tnote(RIO_ARB_TX_DEALLOC_REQUESTED) >= 0);
    /* no PDU in progress: RELEASE with the context's bit at once; the PDU
     * still queued needs a new REQUEST (next bit) */
    CHECK_EQ(to.nmsg, 2);
    CHECK_MSG(to.msg[0], RIO_FAM_RELEASE, 0, 0, RIO_ARB_OWN_FLOW);
    CHECK_MSG(to.msg[1], RIO_FAM_REQUEST_MULTI, 1, 0, RIO_ARB_CONTROL);
}

/* I-ARB-9: a SINGLE PDU queued behind multi-PDU traffic ends the multi-PDU
 * context (RELEASE) and gets its own single-PDU REQUEST (next bit). */
static void tx_single_pdu_after_multi_ends_the_multi_context(void)
{
    struct rio_arb_tx t;
    struct rio_arb_tx_cfg c = txcfg();
    c.pipeline = 0;
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_OK);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_MULTI, 1), RIO_OK);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XON_ARB, 0), RIO_OK);
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_DATA(0, 0, 1);
    CHECK_EQ(to.nmsg, 0);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_SINGLE, 1), RIO_OK); /* context idle */
    CHECK_EQ(to.nmsg, 2);
    CHECK_MSG(to.msg[0], RIO_FAM_RELEASE, 0, 0, RIO_ARB_OWN_FLOW);
    CHECK_MSG(to.msg[1], RIO_FAM_REQUEST_SINGLE, 1, 0, RIO_ARB_CONTROL);
    /* the same with the SINGLE PDU queued while a multi PDU is in flight */
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_OK);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_MULTI, 2), RIO_OK);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XON_ARB, 0), RIO_OK);
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_SINGLE, 1), RIO_OK);
    CHECK_EQ(to.nmsg, 0);
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_DATA(0, 1, 1);
    CHECK_EQ(to.nmsg, 2);
    CHECK_MSG(to.msg[0], RIO_FAM_RELEASE, 0, 0, RIO_ARB_OWN_FLOW);
    CHECK_MSG(to.msg[1], RIO_FAM_REQUEST_SINGLE, 1, 0, RIO_ARB_CONTROL);
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_EQ(to.ndata, 0); /* the single PDU is not sent in the multi ctx */
}

/* I-ARB-9 with 2.2.2: once the end of a multi-PDU context is known (END on a
 * queued PDU), the REQUEST for the PDU after it may be pipelined. */
static void tx_end_mark_lets_the_next_request_be_pipelined(void)
{
    struct rio_arb_tx t;
    struct rio_arb_tx_cfg c = txcfg();
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_OK);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_MULTI, 1), RIO_OK);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XON_ARB, 0), RIO_OK);
    CHECK_EQ(tend(&t, 0), RIO_OK); /* marks PDU 0 */
    CHECK_EQ(to.nmsg, 0);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_MULTI, 1), RIO_OK); /* a new context */
    CHECK_EQ(to.nmsg, 1);
    CHECK_MSG(to.msg[0], RIO_FAM_REQUEST_MULTI, 1, 0, RIO_ARB_CONTROL);
    CHECK_EQ(tslot(&t, 0), RIO_OK);
    CHECK_DATA(0, 0, 1);
    CHECK_EQ(to.nmsg, 1);
    CHECK_MSG(to.msg[0], RIO_FAM_RELEASE, 0, 0, RIO_ARB_OWN_FLOW);
    CHECK_EQ(rio_arb_tx_state(&t, 0), RIO_ARB_TX_EXPECT_RESPONSE);
}

/* 1.2.1, A.3, I-ARB-11: a statically allocated flow is not arbitrated: no
 * REQUEST, data whenever queued, arbitration messages ignored. */
static void tx_static_flow_sends_without_arbitration(void)
{
    struct rio_arb_tx t;
    struct rio_arb_tx_cfg c = txcfg();
    c.static_flow[1] = 1;
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_OK);
    CHECK_EQ(rio_arb_tx_state(&t, 1), RIO_ARB_TX_NOT_ARBITRATED);
    CHECK_EQ(rio_arb_tx_state(&t, 0), RIO_ARB_TX_IDLE);
    CHECK_EQ(tpdu(&t, 1, RIO_ARB_MULTI, 2), RIO_OK);
    CHECK_EQ(to.nmsg, 0);
    CHECK_EQ(rio_arb_tx_may_send(&t, 1), 1);
    CHECK_EQ(tslot(&t, 1), RIO_OK);
    CHECK_DATA(0, 0, 0);
    CHECK_EQ(tslot(&t, 1), RIO_OK);
    CHECK_DATA(0, 1, 1);
    CHECK(tnote(RIO_ARB_TX_PDU_DONE) >= 0);
    CHECK_EQ(to.nmsg, 0);
    CHECK_EQ(tend(&t, 1), RIO_OK); /* nothing to release */
    CHECK_EQ(to.nmsg, 0);
    CHECK_EQ(tccp(&t, 1, RIO_FAM_XOFF_ARB, 0), RIO_OK);
    CHECK(tnote(RIO_ARB_TX_IGNORED_CCP) >= 0);
    CHECK_EQ(to.note[tnote(RIO_ARB_TX_IGNORED_CCP)].cmd, RIO_FAM_XOFF_ARB);
    CHECK_EQ(rio_arb_tx_state(&t, 1), RIO_ARB_TX_NOT_ARBITRATED);
}

/* P9-3.3-c, R2.2p9s3.3r0001: towards a peer without flow arbitration the
 * transmitter sends no arbitration message at all, whatever happens. */
static void tx_peer_without_arbitration_gets_no_arbitration_messages(void)
{
    struct rio_arb_tx t;
    struct rio_arb_tx_cfg c = txcfg();
    c.peer_arb = 0;
    c.nflows = 3;
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_OK);
    for (unsigned f = 0; f < 3; f++)
        CHECK_EQ_AT(f, rio_arb_tx_state(&t, f), RIO_ARB_TX_NOT_ARBITRATED);
    unsigned sent = 0;
    for (unsigned i = 0; i < 60; i++) {
        unsigned f = i % 3;
        switch (i % 5) {
        case 0:
            (void)tpdu(&t, f, (i & 1) ? RIO_ARB_MULTI : RIO_ARB_SINGLE, 2);
            break;
        case 1:
            CHECK_EQ_AT(i, tend(&t, f), RIO_OK);
            break;
        case 2:
            CHECK_EQ_AT(i, ttick(&t, 100), RIO_OK);
            break;
        case 3:
            CHECK_EQ_AT(i, tccp(&t, f, RIO_FAM_XOFF_ARB, i & 1u), RIO_OK);
            break;
        default:
            CHECK_EQ_AT(i, tslot(&t, f), RIO_OK);
            sent += to.ndata;
            break;
        }
        CHECK_EQ_AT(i, to.nmsg, 0);
    }
    CHECK(sent > 0);
}

/* Commands a transmitter does not act on are reported and change nothing. */
static void tx_ignores_commands_meant_for_a_receiver(void)
{
    struct rio_arb_tx t;
    struct rio_arb_tx_cfg c = txcfg();
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_OK);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_SINGLE, 1), RIO_OK);
    static const enum rio_fam_cmd cmds[] = {
        RIO_FAM_XOFF, RIO_FAM_XON, RIO_FAM_RELEASE, RIO_FAM_REQUEST_SINGLE,
        RIO_FAM_REQUEST_MULTI, RIO_FAM_RESERVED};
    for (unsigned i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        CHECK_EQ_AT(i, tccp(&t, 0, cmds[i], 0), RIO_OK);
        CHECK_EQ_AT(i, to.nnote, 1);
        CHECK_EQ_AT(i, to.note[0].kind, RIO_ARB_TX_IGNORED_CCP);
        CHECK_EQ_AT(i, to.note[0].cmd, cmds[i]);
        CHECK_EQ_AT(i, to.nmsg, 0);
        CHECK_EQ_AT(i, rio_arb_tx_state(&t, 0), RIO_ARB_TX_EXPECT_RESPONSE);
    }
}

static void tx_errors_leave_the_context_unchanged(void)
{
    struct rio_arb_tx t, before;
    struct rio_arb_tx_cfg c = txcfg();
    struct rio_arb_tx_event e;
    memset(&e, 0, sizeof e);
    /* init */
    CHECK_EQ(rio_arb_tx_init(NULL, &c), RIO_EINVAL);
    CHECK_EQ(rio_arb_tx_init(&t, NULL), RIO_EINVAL);
    CHECK_EQ(rio_arb_tx_step(&t, &e, &to), RIO_ESTATE); /* not ready */
    CHECK_EQ(rio_arb_tx_state(&t, 0), RIO_EINVAL);
    c.rev = (enum rio_p9_rev)1;
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_EINVAL);
    c = txcfg();
    c.nflows = 0;
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_ERANGE);
    c.nflows = RIO_ARB_MAX_FLOWS + 1u;
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_ERANGE);
    c = txcfg();
    c.peer_arb = 2;
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_ERANGE);
    c = txcfg();
    c.pipeline = 2;
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_ERANGE);
    c = txcfg();
    c.ccp_in_own_flow = 2;
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_ERANGE);
    c = txcfg();
    c.xoff_arb_any_seq = 2;
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_ERANGE);
    c = txcfg();
    c.static_flow[RIO_ARB_MAX_FLOWS - 1u] = 2;
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_ERANGE);
    c = txcfg();
    c.rev = RIO_P9_REV2; /* I-ARB-18: both revisions accepted */
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_OK);
    c = txcfg();
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_OK);
    /* step */
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_MULTI, 2), RIO_OK);
    CHECK_EQ(rio_arb_tx_step(NULL, &e, &to), RIO_EINVAL);
    CHECK_EQ(rio_arb_tx_step(&t, NULL, &to), RIO_EINVAL);
    CHECK_EQ(rio_arb_tx_step(&t, &e, NULL), RIO_EINVAL);
    before = t;
    e.type = (enum rio_arb_tx_event_type)77;
    CHECK_EQ(rio_arb_tx_step(&t, &e, &to), RIO_EINVAL);
    CHECK_EQ(tpdu(&t, 2, RIO_ARB_SINGLE, 1), RIO_ERANGE);
    CHECK_EQ(tpdu(&t, UINT32_MAX, RIO_ARB_SINGLE, 1), RIO_ERANGE);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_SINGLE, 0), RIO_ERANGE);
    CHECK_EQ(tpdu(&t, 0, (enum rio_arb_mode)2, 1), RIO_EINVAL);
    CHECK_EQ(tccp(&t, 0, RIO_FAM_XON_ARB, 2), RIO_ERANGE);
    CHECK_EQ(tccp(&t, 0, (enum rio_fam_cmd)8, 0), RIO_EINVAL);
    CHECK_EQ(tccp(&t, 2, RIO_FAM_XON_ARB, 0), RIO_ERANGE);
    CHECK_EQ(tslot(&t, 2), RIO_ERANGE);
    CHECK_EQ(tend(&t, 2), RIO_ERANGE);
    CHECK_EQ(tend(&t, 1), RIO_ESTATE); /* flow 1 has nothing to release */
    CHECK_EQ(tpdu(&t, 1, RIO_ARB_SINGLE, 1), RIO_OK);
    before = t;
    CHECK_EQ(tend(&t, 1), RIO_ESTATE); /* last queued PDU is SINGLE */
    CHECK(memcmp(&t, &before, sizeof t) == 0);
    /* queue capacity: RIO_ARB_TX_QUEUE PDUs, then RIO_EFULL */
    for (unsigned i = 1; i < RIO_ARB_TX_QUEUE; i++)
        CHECK_EQ_AT(i, tpdu(&t, 0, RIO_ARB_MULTI, 1), RIO_OK);
    CHECK_EQ(rio_arb_tx_queued(&t, 0), RIO_ARB_TX_QUEUE);
    before = t;
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_MULTI, 1), RIO_EFULL);
    CHECK(memcmp(&t, &before, sizeof t) == 0);
    /* queries */
    CHECK_EQ(rio_arb_tx_state(NULL, 0), RIO_EINVAL);
    CHECK_EQ(rio_arb_tx_state(&t, 2), RIO_ERANGE);
    CHECK_EQ(rio_arb_tx_request(&t, 2), RIO_ERANGE);
    CHECK_EQ(rio_arb_tx_next_seq(&t, 2), RIO_ERANGE);
    CHECK_EQ(rio_arb_tx_outstanding(&t, 2, NULL), RIO_ERANGE);
    CHECK_EQ(rio_arb_tx_context_seq(&t, 2), RIO_ERANGE);
    CHECK_EQ(rio_arb_tx_may_send(&t, 2), RIO_ERANGE);
    CHECK_EQ(rio_arb_tx_queued(&t, 2), RIO_ERANGE);
    CHECK_EQ(rio_arb_tx_reissues(NULL, 0), RIO_EINVAL);
}

/* Boundaries: flow 0 and the last flow of a full-size context; one TICK
 * re-issues on every flow at once and fits the output (arb.h bound). */
static void tx_tick_reissues_on_every_flow_of_a_full_context(void)
{
    struct rio_arb_tx t;
    struct rio_arb_tx_cfg c = txcfg();
    c.nflows = RIO_ARB_MAX_FLOWS;
    c.request_timeout = 3;
    CHECK_EQ(rio_arb_tx_init(&t, &c), RIO_OK);
    for (unsigned f = 0; f < RIO_ARB_MAX_FLOWS; f++)
        CHECK_EQ_AT(f, tpdu(&t, f, RIO_ARB_SINGLE, 1), RIO_OK);
    CHECK_EQ(tpdu(&t, RIO_ARB_MAX_FLOWS, RIO_ARB_SINGLE, 1), RIO_ERANGE);
    CHECK_EQ(ttick(&t, 3), RIO_OK);
    CHECK_EQ(to.nmsg, RIO_ARB_MAX_FLOWS);
    CHECK_EQ(to.nnote, RIO_ARB_MAX_FLOWS);
    for (unsigned f = 0; f < RIO_ARB_MAX_FLOWS; f++) {
        CHECK_EQ_AT(f, to.msg[f].flow, f);
        CHECK_EQ_AT(f, to.msg[f].reissue, 1);
        CHECK_EQ_AT(f, to.msg[f].seq, 0);
    }
    CHECK_EQ(tccp(&t, RIO_ARB_MAX_FLOWS - 1u, RIO_FAM_XON_ARB, 0), RIO_OK);
    CHECK_EQ(tslot(&t, RIO_ARB_MAX_FLOWS - 1u), RIO_OK);
    CHECK_EQ(to.data.flow, RIO_ARB_MAX_FLOWS - 1u);
    CHECK_DATA(0, 0, 1);
}

static void tx_names_cover_every_value(void)
{
    CHECK(strcmp(rio_arb_tx_state_name(RIO_ARB_TX_DRAINING_TO_RELEASE),
                 "DRAINING_TO_RELEASE") == 0);
    CHECK(strcmp(rio_arb_tx_state_name((enum rio_arb_tx_state)99), "?") == 0);
    for (int k = 0; k <= (int)RIO_ARB_TX_IGNORED_CCP; k++)
        CHECK_EQ_AT(k, strcmp(rio_arb_tx_note_name(
                                  (enum rio_arb_tx_note_kind)k), "?") != 0,
                    1);
    for (int k = 0; k <= (int)RIO_ARB_TX_DRAINING_TO_RELEASE; k++)
        CHECK_EQ_AT(k, strcmp(rio_arb_tx_state_name((enum rio_arb_tx_state)k),
                              "?") != 0,
                    1);
    CHECK(strcmp(rio_arb_tx_note_name((enum rio_arb_tx_note_kind)-1), "?") ==
          0);
}

int main(int argc, char **argv)
{
    (void)argc;
    /* transmitter */
    RUN(tx_asks_with_request_and_sends_nothing_before_grant);
    RUN(tx_single_pdu_grant_sends_pdu_and_context_ends_at_last_segment);
    RUN(tx_timeout_reissues_request_with_same_bit);
    RUN(tx_timeout_zero_never_reissues);
    RUN(tx_request_after_xoff_arb_advances_bit);
    RUN(tx_retry_backoff_delays_the_new_request);
    RUN(tx_without_pipelining_asks_only_without_context);
    RUN(tx_pipelines_one_request_after_the_grant);
    RUN(tx_rejected_pipelined_request_is_renewed_after_the_context);
    RUN(tx_multi_pdu_grant_sends_pdus_continuously);
    RUN(tx_end_releases_after_current_pdu_in_own_flow);
    RUN(tx_request_travels_in_own_flow_when_configured);
    RUN(tx_xoff_arb_mid_multi_pdu_finishes_pdu_then_releases);
    RUN(tx_xoff_arb_between_pdus_releases_at_once);
    RUN(tx_xoff_arb_bit_decides_rejection_or_dealloc);
    RUN(tx_single_pdu_after_multi_ends_the_multi_context);
    RUN(tx_end_mark_lets_the_next_request_be_pipelined);
    RUN(tx_static_flow_sends_without_arbitration);
    RUN(tx_peer_without_arbitration_gets_no_arbitration_messages);
    RUN(tx_ignores_commands_meant_for_a_receiver);
    RUN(tx_errors_leave_the_context_unchanged);
    RUN(tx_tick_reissues_on_every_flow_of_a_full_context);
    RUN(tx_names_cover_every_value);
    return check_finish(argv[0]);
}
