/* SPDX-License-Identifier: Apache-2.0 */
/*
 * arbrx_test.c - Part 9 flow arbitration receiver (rio/arb.h).
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

/* ====================================================== receiver rules */

/* P9-2.4.7-2, R2.2p9s2.2.1r0001: every REQUEST, single or multi, is answered
 * with XON(ARB) or XOFF(ARB) carrying the REQUEST's own bit. */
static void rx_answers_every_request_with_its_bit(void)
{
    struct rio_arb_rx r;
    struct rio_arb_rx_cfg c = rxcfg();
    c.pool = 1;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    CHECK_EQ(rio_arb_rx_free(&r), 1);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_SINGLE, 1), RIO_OK);
    CHECK_EQ(ro.nmsg, 1);
    CHECK_MSG(ro.msg[0], RIO_FAM_XON_ARB, 1, 0, RIO_ARB_CONTROL);
    CHECK_EQ(ro.msg[0].dealloc, 0);
    CHECK(rnote(RIO_ARB_RX_ALLOCATED) >= 0);
    CHECK_EQ(ro.note[rnote(RIO_ARB_RX_ALLOCATED)].multi, 0);
    CHECK_EQ(rio_arb_rx_state(&r, 0), RIO_ARB_RX_EXPECT_SINGLE_PDU);
    CHECK_EQ(rio_arb_rx_free(&r), 0);
    CHECK_EQ(rccp(&r, 1, RIO_FAM_REQUEST_MULTI, 0), RIO_OK);
    CHECK_EQ(ro.nmsg, 1);
    CHECK_MSG(ro.msg[0], RIO_FAM_XOFF_ARB, 0, 1, RIO_ARB_CONTROL);
    CHECK_EQ(ro.msg[0].dealloc, 0);
    CHECK_EQ(rio_arb_rx_state(&r, 1), RIO_ARB_RX_EXPECT_REQUEST);
    CHECK_EQ(rccp(&r, 1, RIO_FAM_REQUEST_MULTI, 1), RIO_OK);
    CHECK_MSG(ro.msg[0], RIO_FAM_XOFF_ARB, 1, 1, RIO_ARB_CONTROL);
    /* the answer travels in its own flow when configured (rule 12) */
    c.ccp_in_own_flow = 1;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    CHECK_EQ(rccp(&r, 1, RIO_FAM_REQUEST_MULTI, 0), RIO_OK);
    CHECK_MSG(ro.msg[0], RIO_FAM_XON_ARB, 0, 1, RIO_ARB_OWN_FLOW);
    CHECK_EQ(rio_arb_rx_state(&r, 1), RIO_ARB_RX_EXPECT_MULTI_PDU);
}

/* P9-2.2.1-a, P9-2.4.7-5: a single-PDU grant is freed by the last packet of
 * the PDU, not before. */
static void rx_single_pdu_grant_is_freed_by_last_segment(void)
{
    struct rio_arb_rx r;
    struct rio_arb_rx_cfg c = rxcfg();
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_SINGLE, 0), RIO_OK);
    for (int i = 0; i < 3; i++) {
        CHECK_EQ(rdata(&r, 0, 0, 0), RIO_OK);
        CHECK_EQ(ro.nnote, 0);
        CHECK_EQ(rio_arb_rx_allocated(&r, 0), 1);
    }
    CHECK_EQ(rdata(&r, 0, 1, 0), RIO_OK);
    CHECK_EQ(ro.nnote, 1);
    CHECK_EQ(ro.note[0].kind, RIO_ARB_RX_FREED);
    CHECK_EQ(ro.note[0].reason, RIO_ARB_FREE_LAST_SEGMENT);
    CHECK_EQ(ro.note[0].multi, 0);
    CHECK_EQ(rio_arb_rx_allocated(&r, 0), 0);
    CHECK_EQ(rio_arb_rx_free(&r), 1);
    /* a further packet has no resource: P9-2.4.7-1 seen from the receiver */
    CHECK_EQ(rdata(&r, 0, 0, 0), RIO_OK);
    CHECK_EQ(rnote(RIO_ARB_RX_V_DATA_WITHOUT_RESOURCE), 0);
    CHECK_EQ(rviolations(), 1);
}

/* P9-2.4.8-a (2.4.8 rule 1): an aborted single PDU frees the resource. */
static void rx_aborted_single_pdu_frees_the_resource(void)
{
    struct rio_arb_rx r;
    struct rio_arb_rx_cfg c = rxcfg();
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_SINGLE, 0), RIO_OK);
    CHECK_EQ(rdata(&r, 0, 0, 0), RIO_OK);
    CHECK_EQ(rdata(&r, 0, 0, 1), RIO_OK);
    CHECK_EQ(rnote(RIO_ARB_RX_FREED), 0);
    CHECK_EQ(ro.note[0].reason, RIO_ARB_FREE_ABORTED);
    CHECK_EQ(rio_arb_rx_free(&r), 1);
}

/* P9-2.4.7-5 (2), P9-2.4.8-a: no packet before the idle counter times out
 * frees a single-PDU grant; each packet restarts the counter; 0 = off. */
static void rx_single_pdu_idle_timeout_frees_the_resource(void)
{
    struct rio_arb_rx r;
    struct rio_arb_rx_cfg c = rxcfg();
    c.idle_timeout = 10;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_SINGLE, 0), RIO_OK);
    CHECK_EQ(rtick(&r, 9), RIO_OK);
    CHECK_EQ(ro.nnote, 0);
    CHECK_EQ(rdata(&r, 0, 0, 0), RIO_OK); /* restarts the counter */
    CHECK_EQ(rtick(&r, 9), RIO_OK);
    CHECK_EQ(ro.nnote, 0);
    CHECK_EQ(rio_arb_rx_allocated(&r, 0), 1);
    CHECK_EQ(rtick(&r, 1), RIO_OK);
    CHECK_EQ(ro.nnote, 1);
    CHECK_EQ(ro.note[0].kind, RIO_ARB_RX_FREED);
    CHECK_EQ(ro.note[0].reason, RIO_ARB_FREE_IDLE_TIMEOUT);
    CHECK_EQ(ro.nmsg, 0); /* single PDU: no handshake */
    CHECK_EQ(rio_arb_rx_free(&r), 1);
    c.idle_timeout = 0;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_SINGLE, 0), RIO_OK);
    CHECK_EQ(rtick(&r, UINT32_MAX), RIO_OK);
    CHECK_EQ(rtick(&r, UINT32_MAX), RIO_OK);
    CHECK_EQ(rio_arb_rx_allocated(&r, 0), 1);
}

/* P9-2.2.1-b, R2.2p9s2.2.1r0002: a multi-PDU grant is held across PDUs and
 * freed only by RELEASE. */
static void rx_multi_pdu_grant_is_held_until_release(void)
{
    struct rio_arb_rx r;
    struct rio_arb_rx_cfg c = rxcfg();
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    CHECK_EQ(rccp(&r, 1, RIO_FAM_REQUEST_MULTI, 1), RIO_OK);
    CHECK_EQ(rio_arb_rx_state(&r, 1), RIO_ARB_RX_EXPECT_MULTI_PDU);
    for (int i = 0; i < 4; i++) {
        CHECK_EQ(rdata(&r, 1, 0, 0), RIO_OK);
        CHECK_EQ(rdata(&r, 1, 1, 0), RIO_OK); /* PDU boundary */
        CHECK_EQ(ro.nnote, 0);
        CHECK_EQ(rtick(&r, 1000), RIO_OK);
        CHECK_EQ(rio_arb_rx_allocated(&r, 1), 1);
    }
    CHECK_EQ(rccp(&r, 1, RIO_FAM_RELEASE, 1), RIO_OK);
    CHECK_EQ(ro.nnote, 1);
    CHECK_EQ(ro.note[0].kind, RIO_ARB_RX_FREED);
    CHECK_EQ(ro.note[0].reason, RIO_ARB_FREE_RELEASE);
    CHECK_EQ(ro.note[0].multi, 1);
    CHECK_EQ(ro.nmsg, 0); /* RELEASE gets no answer */
    CHECK_EQ(rio_arb_rx_free(&r), 1);
}

/* P9-2.4.8-b (2.4.8 rule 2, first bullet): an aborted PDU under a multi-PDU
 * grant frees nothing; RELEASE still does. */
static void rx_aborted_multi_pdu_frees_nothing(void)
{
    struct rio_arb_rx r;
    struct rio_arb_rx_cfg c = rxcfg();
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_MULTI, 0), RIO_OK);
    CHECK_EQ(rdata(&r, 0, 0, 0), RIO_OK);
    CHECK_EQ(rdata(&r, 0, 0, 1), RIO_OK);
    CHECK_EQ(rnote(RIO_ARB_RX_ABORT_KEPT), 0);
    CHECK_EQ(rnote(RIO_ARB_RX_FREED), -1);
    CHECK_EQ(rio_arb_rx_allocated(&r, 0), 1);
    CHECK_EQ(rio_arb_rx_free(&r), 0);
    /* the abort ended the PDU: a RELEASE now is not "mid PDU" */
    CHECK_EQ(rccp(&r, 0, RIO_FAM_RELEASE, 0), RIO_OK);
    CHECK_EQ(rviolations(), 0);
    CHECK_EQ(ro.note[rnote(RIO_ARB_RX_FREED)].reason, RIO_ARB_FREE_RELEASE);
}

/* P9-2.4.7-8, P9-2.2.1-b: the receiver asks for a multi-PDU resource back
 * with XOFF(ARB) (the grant's bit, I-ARB-3), keeps accepting the current
 * PDU and frees nothing before RELEASE. */
static void rx_ask_dealloc_sends_xoff_arb_and_waits_for_release(void)
{
    struct rio_arb_rx r;
    struct rio_arb_rx_cfg c = rxcfg();
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_MULTI, 1), RIO_OK);
    CHECK_EQ(rdata(&r, 0, 0, 0), RIO_OK);
    CHECK_EQ(rask(&r, 0), RIO_OK);
    CHECK_EQ(ro.nmsg, 1);
    CHECK_MSG(ro.msg[0], RIO_FAM_XOFF_ARB, 1, 0, RIO_ARB_CONTROL);
    CHECK_EQ(ro.msg[0].dealloc, 1);
    CHECK_EQ(rio_arb_rx_state(&r, 0), RIO_ARB_RX_EXPECT_RELEASE);
    CHECK_EQ(rdata(&r, 0, 0, 0), RIO_OK);
    CHECK_EQ(rdata(&r, 0, 1, 0), RIO_OK);
    CHECK_EQ(rtick(&r, UINT32_MAX), RIO_OK); /* release_timeout 0: never */
    CHECK_EQ(ro.nnote, 0);
    CHECK_EQ(rio_arb_rx_allocated(&r, 0), 1);
    CHECK_EQ(rask(&r, 0), RIO_OK); /* asking again repeats the XOFF(ARB) */
    CHECK_MSG(ro.msg[0], RIO_FAM_XOFF_ARB, 1, 0, RIO_ARB_CONTROL);
    CHECK_EQ(ro.msg[0].dealloc, 1);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_RELEASE, 1), RIO_OK);
    CHECK_EQ(ro.note[rnote(RIO_ARB_RX_FREED)].reason, RIO_ARB_FREE_RELEASE);
    CHECK_EQ(rviolations(), 0);
    CHECK_EQ(rio_arb_rx_free(&r), 1);
    /* ASK_DEALLOC needs a multi-PDU grant */
    CHECK_EQ(rask(&r, 0), RIO_ESTATE);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_SINGLE, 0), RIO_OK);
    CHECK_EQ(rask(&r, 0), RIO_ESTATE);
}

/* P9-2.4.8-b, R2.2p9s2.4.8r0001: on an idle multi-PDU grant the receiver
 * FIRST tries the XOFF(ARB)/RELEASE handshake, and frees asynchronously
 * only after a subsequent timeout; packets restart the second timer. */
static void rx_multi_idle_timeout_then_second_timeout(void)
{
    struct rio_arb_rx r;
    struct rio_arb_rx_cfg c = rxcfg();
    c.idle_timeout = 10;
    c.release_timeout = 20;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    CHECK_EQ(rccp(&r, 1, RIO_FAM_REQUEST_MULTI, 0), RIO_OK);
    CHECK_EQ(rtick(&r, 9), RIO_OK);
    CHECK_EQ(ro.nmsg, 0);
    CHECK_EQ(rtick(&r, 1), RIO_OK);
    CHECK_EQ(ro.nmsg, 1);
    CHECK_MSG(ro.msg[0], RIO_FAM_XOFF_ARB, 0, 1, RIO_ARB_CONTROL);
    CHECK_EQ(ro.msg[0].dealloc, 1);
    CHECK_EQ(ro.nnote, 0); /* nothing freed yet */
    CHECK_EQ(rio_arb_rx_state(&r, 1), RIO_ARB_RX_EXPECT_RELEASE);
    CHECK_EQ(rtick(&r, 18), RIO_OK);
    CHECK_EQ(rask(&r, 1), RIO_OK); /* asking again does not postpone it */
    CHECK_EQ(ro.nmsg, 1);
    CHECK_EQ(rtick(&r, 1), RIO_OK);
    CHECK_EQ(ro.nnote, 0);
    CHECK_EQ(rio_arb_rx_allocated(&r, 1), 1);
    CHECK_EQ(rtick(&r, 1), RIO_OK); /* 20 ticks after the first XOFF(ARB) */
    CHECK_EQ(ro.nnote, 1);
    CHECK_EQ(ro.note[0].kind, RIO_ARB_RX_FREED);
    CHECK_EQ(ro.note[0].reason, RIO_ARB_FREE_RELEASE_TIMEOUT);
    CHECK_EQ(ro.note[0].multi, 1);
    CHECK_EQ(ro.nmsg, 0);
    CHECK_EQ(rio_arb_rx_free(&r), 1);
    /* a RELEASE that comes too late is reported, not acted on */
    CHECK_EQ(rccp(&r, 1, RIO_FAM_RELEASE, 0), RIO_OK);
    CHECK_EQ(rnote(RIO_ARB_RX_V_RELEASE_WITHOUT_RESOURCE), 0);
    CHECK_EQ(rio_arb_rx_free(&r), 1);
    /* packets of the flow restart the second timer ("does not receive a
     * packet") */
    CHECK_EQ(rccp(&r, 1, RIO_FAM_REQUEST_MULTI, 1), RIO_OK);
    CHECK_EQ(rask(&r, 1), RIO_OK);
    CHECK_EQ(rtick(&r, 19), RIO_OK);
    CHECK_EQ(rdata(&r, 1, 0, 0), RIO_OK); /* the source is still sending */
    CHECK_EQ(rtick(&r, 19), RIO_OK);
    CHECK_EQ(ro.nnote, 0);
    CHECK_EQ(rtick(&r, 1), RIO_OK);
    CHECK_EQ(ro.note[0].reason, RIO_ARB_FREE_RELEASE_TIMEOUT);
    /* one TICK fires one stage only: idle, not idle + release */
    CHECK_EQ(rccp(&r, 1, RIO_FAM_REQUEST_MULTI, 0), RIO_OK);
    CHECK_EQ(rtick(&r, UINT32_MAX), RIO_OK);
    CHECK_EQ(rio_arb_rx_state(&r, 1), RIO_ARB_RX_EXPECT_RELEASE);
    CHECK_EQ(ro.nnote, 0);
    CHECK_EQ(rtick(&r, 20), RIO_OK);
    CHECK_EQ(rio_arb_rx_state(&r, 1), RIO_ARB_RX_EXPECT_REQUEST);
}

/* P9-2.4.7-10, R2.2p9s2.4.7r0009: one resource instance per flow. A copy of
 * the granted REQUEST (its XON(ARB) was lost, the source timed out) is
 * answered again with XON(ARB) and allocates nothing (I-ARB-6). */
static void rx_copy_of_granted_request_allocates_nothing(void)
{
    struct rio_arb_rx r;
    struct rio_arb_rx_cfg c = rxcfg();
    c.pool = 2;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_SINGLE, 0), RIO_OK);
    CHECK_EQ(rio_arb_rx_free(&r), 1);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_SINGLE, 0), RIO_OK);
    CHECK_EQ(ro.nmsg, 1);
    CHECK_MSG(ro.msg[0], RIO_FAM_XON_ARB, 0, 0, RIO_ARB_CONTROL);
    CHECK(rnote(RIO_ARB_RX_DUPLICATE_REQUEST) >= 0);
    CHECK_EQ(rnote(RIO_ARB_RX_ALLOCATED), -1);
    CHECK_EQ(rio_arb_rx_free(&r), 1);
    CHECK_EQ(rio_arb_rx_allocated(&r, 0), 1);
    /* in EXPECT_RELEASE the copy is answered XOFF(ARB) (I-ARB-6) */
    CHECK_EQ(rccp(&r, 1, RIO_FAM_REQUEST_MULTI, 1), RIO_OK);
    CHECK_EQ(rask(&r, 1), RIO_OK);
    CHECK_EQ(rccp(&r, 1, RIO_FAM_REQUEST_MULTI, 1), RIO_OK);
    CHECK_EQ(ro.nmsg, 1);
    CHECK_MSG(ro.msg[0], RIO_FAM_XOFF_ARB, 1, 1, RIO_ARB_CONTROL);
    CHECK_EQ(ro.msg[0].dealloc, 1);
    CHECK_EQ(rio_arb_rx_free(&r), 0);
}

/* P9-2.2.2-a, R2.2p9s2.2.2r0001: a pipelined REQUEST (other bit, flow holds
 * a resource) is not honoured until the current transaction has been
 * completely received - even with resources free - and then is answered. */
static void rx_pipelined_request_waits_for_the_current_pdu(void)
{
    struct rio_arb_rx r;
    struct rio_arb_rx_cfg c = rxcfg();
    c.pool = 3;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_SINGLE, 0), RIO_OK);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_MULTI, 1), RIO_OK);
    CHECK_EQ(ro.nmsg, 0);
    CHECK(rnote(RIO_ARB_RX_HELD) >= 0);
    unsigned seq = 9, multi = 9;
    CHECK_EQ(rio_arb_rx_held(&r, 0, &seq, &multi), 1);
    CHECK_EQ(seq, 1);
    CHECK_EQ(multi, 1);
    CHECK_EQ(rio_arb_rx_free(&r), 2);
    CHECK_EQ(rdecide(&r, 0, 1), RIO_EBUSY); /* may not be honoured yet */
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_MULTI, 1), RIO_OK); /* its copy */
    CHECK_EQ(ro.nmsg, 0);
    CHECK(rnote(RIO_ARB_RX_DUPLICATE_REQUEST) >= 0);
    CHECK_EQ(rdata(&r, 0, 0, 0), RIO_OK);
    CHECK_EQ(ro.nmsg, 0);
    CHECK_EQ(rdata(&r, 0, 1, 0), RIO_OK); /* completely received */
    CHECK_EQ(ro.nmsg, 1);
    CHECK_MSG(ro.msg[0], RIO_FAM_XON_ARB, 1, 0, RIO_ARB_CONTROL);
    CHECK(rnote(RIO_ARB_RX_FREED) >= 0);
    CHECK(rnote(RIO_ARB_RX_ALLOCATED) > rnote(RIO_ARB_RX_FREED));
    CHECK_EQ(rio_arb_rx_state(&r, 0), RIO_ARB_RX_EXPECT_MULTI_PDU);
    CHECK_EQ(rio_arb_rx_held(&r, 0, NULL, NULL), 0);
    CHECK_EQ(rio_arb_rx_free(&r), 2);
}

/* P9-2.2.2-a on a multi-PDU grant: the pipelined REQUEST waits for RELEASE;
 * if the pool is empty by then it is rejected (rule 2 still answers it). */
static void rx_pipelined_request_on_multi_grant_waits_for_release(void)
{
    struct rio_arb_rx r;
    struct rio_arb_rx_cfg c = rxcfg();
    c.pool = 1;
    c.policy = RIO_ARB_RX_GRANT_IF_FREE;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    CHECK_EQ(rccp(&r, 1, RIO_FAM_REQUEST_MULTI, 0), RIO_OK);
    CHECK_EQ(rccp(&r, 1, RIO_FAM_REQUEST_SINGLE, 1), RIO_OK);
    CHECK_EQ(ro.nmsg, 0);
    CHECK_EQ(rdata(&r, 1, 1, 0), RIO_OK);
    CHECK_EQ(ro.nmsg, 0); /* a PDU boundary is not the end of the context */
    CHECK_EQ(rccp(&r, 1, RIO_FAM_RELEASE, 0), RIO_OK);
    CHECK_EQ(ro.nmsg, 1);
    CHECK_MSG(ro.msg[0], RIO_FAM_XON_ARB, 1, 1, RIO_ARB_CONTROL);
    CHECK_EQ(rio_arb_rx_state(&r, 1), RIO_ARB_RX_EXPECT_SINGLE_PDU);
    /* the same, forced reject: XOFF(ARB) with the held bit */
    c.policy = RIO_ARB_RX_REJECT_ALL;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    CHECK_EQ(rccp(&r, 1, RIO_FAM_REQUEST_MULTI, 0), RIO_OK);
    CHECK_MSG(ro.msg[0], RIO_FAM_XOFF_ARB, 0, 1, RIO_ARB_CONTROL);
}

/* 2.2.2 "If the receiving endpoint ... cannot queue/process the requests,
 * it can send a XOFF (ARB) message immediately": pipelining 0. */
static void rx_without_pipelining_rejects_pipelined_request_at_once(void)
{
    struct rio_arb_rx r;
    struct rio_arb_rx_cfg c = rxcfg();
    c.pool = 2;
    c.pipelining = 0;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_MULTI, 0), RIO_OK);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_MULTI, 1), RIO_OK);
    CHECK_EQ(ro.nmsg, 1);
    CHECK_MSG(ro.msg[0], RIO_FAM_XOFF_ARB, 1, 0, RIO_ARB_CONTROL);
    CHECK_EQ(rio_arb_rx_held(&r, 0, NULL, NULL), 0);
    CHECK_EQ(rio_arb_rx_free(&r), 1);
}

/* P9-2.4.7-9: answers may be delayed, and flows need no order: DECIDE
 * answers held REQUESTs in any order; errors leave them held. */
static void rx_on_decide_delays_answers_in_any_flow_order(void)
{
    struct rio_arb_rx r;
    struct rio_arb_rx_cfg c = rxcfg();
    c.nflows = 3;
    c.pool = 1;
    c.answer = RIO_ARB_RX_ON_DECIDE;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_SINGLE, 0), RIO_OK);
    CHECK_EQ(ro.nmsg, 0);
    CHECK_EQ(rccp(&r, 1, RIO_FAM_REQUEST_MULTI, 1), RIO_OK);
    CHECK_EQ(rccp(&r, 2, RIO_FAM_REQUEST_MULTI, 0), RIO_OK);
    CHECK_EQ(ro.nmsg, 0);
    CHECK_EQ(rio_arb_rx_held(&r, 1, NULL, NULL), 1);
    CHECK_EQ(rdecide(&r, 1, 1), RIO_OK); /* the later flow first */
    CHECK_EQ(ro.nmsg, 1);
    CHECK_MSG(ro.msg[0], RIO_FAM_XON_ARB, 1, 1, RIO_ARB_CONTROL);
    struct rio_arb_rx before = r;
    CHECK_EQ(rdecide(&r, 2, 1), RIO_EFULL); /* pool empty */
    CHECK(memcmp(&r, &before, sizeof r) == 0);
    CHECK_EQ(rdecide(&r, 2, 0), RIO_OK);
    CHECK_MSG(ro.msg[0], RIO_FAM_XOFF_ARB, 0, 2, RIO_ARB_CONTROL);
    CHECK_EQ(rdecide(&r, 2, 0), RIO_ENOENT);
    CHECK_EQ(rio_arb_rx_held(&r, 0, NULL, NULL), 1);
    CHECK_EQ(rtick(&r, 1000), RIO_OK); /* time does not answer */
    CHECK_EQ(ro.nmsg, 0);
    CHECK_EQ(rccp(&r, 1, RIO_FAM_RELEASE, 1), RIO_OK);
    CHECK_EQ(ro.nmsg, 0); /* ON_DECIDE: the freed resource waits too */
    CHECK_EQ(rdecide(&r, 0, 1), RIO_OK);
    CHECK_MSG(ro.msg[0], RIO_FAM_XON_ARB, 0, 0, RIO_ARB_CONTROL);
    CHECK_EQ(rdecide(&r, 0, 1), RIO_ENOENT);
    /* a pipelined REQUEST on ON_DECIDE waits for the end AND for DECIDE,
     * but may be rejected at once (2.2.2) */
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_SINGLE, 1), RIO_OK);
    CHECK_EQ(rdecide(&r, 0, 1), RIO_EBUSY);
    CHECK_EQ(rdata(&r, 0, 1, 0), RIO_OK);
    CHECK_EQ(ro.nmsg, 0);
    CHECK_EQ(rio_arb_rx_held(&r, 0, NULL, NULL), 1);
    CHECK_EQ(rccp(&r, 2, RIO_FAM_REQUEST_SINGLE, 1), RIO_OK);
    CHECK_EQ(rdecide(&r, 2, 1), RIO_OK);
    CHECK_EQ(rccp(&r, 2, RIO_FAM_REQUEST_SINGLE, 0), RIO_OK);
    CHECK_EQ(rdecide(&r, 2, 0), RIO_OK);
    CHECK_MSG(ro.msg[0], RIO_FAM_XOFF_ARB, 0, 2, RIO_ARB_CONTROL);
    CHECK_EQ(rio_arb_rx_allocated(&r, 2), 1);
}

/* P9-2.4.7-11 seen by the receiver (I-ARB-14): a REQUEST with the other bit
 * while one is held unanswered is a second outstanding REQUEST. The held one
 * keeps its place, the newcomer is rejected. */
static void rx_second_outstanding_request_is_reported(void)
{
    struct rio_arb_rx r;
    struct rio_arb_rx_cfg c = rxcfg();
    c.answer = RIO_ARB_RX_ON_DECIDE;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_SINGLE, 0), RIO_OK);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_SINGLE, 0), RIO_OK); /* a copy */
    CHECK_EQ(rviolations(), 0);
    CHECK_EQ(ro.nmsg, 0);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_MULTI, 1), RIO_OK);
    CHECK_EQ(rnote(RIO_ARB_RX_V_SECOND_REQUEST), 0);
    CHECK_EQ(ro.nmsg, 1);
    CHECK_MSG(ro.msg[0], RIO_FAM_XOFF_ARB, 1, 0, RIO_ARB_CONTROL);
    unsigned seq = 9;
    CHECK_EQ(rio_arb_rx_held(&r, 0, &seq, NULL), 1);
    CHECK_EQ(seq, 0);
}

/* I-ARB-6/7 (rule 4 + 2.4.4 ordering): a REQUEST with the bit of the last
 * answered one is a copy. Copy of an ended grant: XOFF(ARB), no resource,
 * STALE_REQUEST. Copy of a rejection: XOFF(ARB) again, or decided afresh
 * with rejected_copy_afresh. A new bit is decided normally. */
static void rx_copies_get_the_last_answer_again(void)
{
    struct rio_arb_rx r;
    struct rio_arb_rx_cfg c = rxcfg();
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_SINGLE, 0), RIO_OK);
    CHECK_EQ(rdata(&r, 0, 1, 0), RIO_OK);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_SINGLE, 0), RIO_OK);
    CHECK_EQ(rnote(RIO_ARB_RX_STALE_REQUEST), 0);
    CHECK_EQ(rviolations(), 0);
    CHECK_EQ(ro.nmsg, 1);
    CHECK_MSG(ro.msg[0], RIO_FAM_XOFF_ARB, 0, 0, RIO_ARB_CONTROL);
    CHECK_EQ(rio_arb_rx_free(&r), 1);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_SINGLE, 0), RIO_OK); /* again */
    CHECK_EQ(rnote(RIO_ARB_RX_STALE_REQUEST), 0);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_SINGLE, 1), RIO_OK); /* new */
    CHECK_MSG(ro.msg[0], RIO_FAM_XON_ARB, 1, 0, RIO_ARB_CONTROL);
    /* flow 1 is rejected (pool empty); its copy is rejected again even once
     * the pool has room */
    CHECK_EQ(rccp(&r, 1, RIO_FAM_REQUEST_SINGLE, 0), RIO_OK);
    CHECK_MSG(ro.msg[0], RIO_FAM_XOFF_ARB, 0, 1, RIO_ARB_CONTROL);
    CHECK_EQ(rdata(&r, 0, 1, 0), RIO_OK);
    CHECK_EQ(rio_arb_rx_free(&r), 1);
    CHECK_EQ(rccp(&r, 1, RIO_FAM_REQUEST_SINGLE, 0), RIO_OK);
    CHECK_MSG(ro.msg[0], RIO_FAM_XOFF_ARB, 0, 1, RIO_ARB_CONTROL);
    CHECK(rnote(RIO_ARB_RX_DUPLICATE_REQUEST) >= 0);
    CHECK_EQ(rio_arb_rx_free(&r), 1);
    CHECK_EQ(rccp(&r, 1, RIO_FAM_REQUEST_SINGLE, 1), RIO_OK); /* new */
    CHECK_MSG(ro.msg[0], RIO_FAM_XON_ARB, 1, 1, RIO_ARB_CONTROL);
    /* rejected_copy_afresh: the copy of a rejection is decided again */
    c.rejected_copy_afresh = 1;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_SINGLE, 0), RIO_OK);
    CHECK_EQ(rccp(&r, 1, RIO_FAM_REQUEST_SINGLE, 0), RIO_OK);
    CHECK_MSG(ro.msg[0], RIO_FAM_XOFF_ARB, 0, 1, RIO_ARB_CONTROL);
    CHECK_EQ(rdata(&r, 0, 1, 0), RIO_OK);
    CHECK_EQ(rccp(&r, 1, RIO_FAM_REQUEST_SINGLE, 0), RIO_OK);
    CHECK_MSG(ro.msg[0], RIO_FAM_XON_ARB, 0, 1, RIO_ARB_CONTROL);
    /* the copy of a standing grant is still not a second resource */
    CHECK_EQ(rccp(&r, 1, RIO_FAM_REQUEST_SINGLE, 0), RIO_OK);
    CHECK_MSG(ro.msg[0], RIO_FAM_XON_ARB, 0, 1, RIO_ARB_CONTROL);
    CHECK_EQ(rnote(RIO_ARB_RX_ALLOCATED), -1);
}

/* I-ARB-20: after a de-allocation XOFF(ARB) with bit b, the first new
 * REQUEST answered that has bit b is rejected (the transmitter may already
 * have taken the XOFF(ARB) as its answer); a new REQUEST with the other bit
 * clears the condition. */
static void rx_request_crossing_a_dealloc_xoff_arb_is_rejected(void)
{
    struct rio_arb_rx r;
    struct rio_arb_rx_cfg c = rxcfg();
    c.pool = 2;
    c.pipelining = 0;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_MULTI, 0), RIO_OK);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_SINGLE, 1), RIO_OK); /* early no */
    CHECK_MSG(ro.msg[0], RIO_FAM_XOFF_ARB, 1, 0, RIO_ARB_CONTROL);
    CHECK_EQ(rask(&r, 0), RIO_OK);
    CHECK_MSG(ro.msg[0], RIO_FAM_XOFF_ARB, 0, 0, RIO_ARB_CONTROL);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_RELEASE, 0), RIO_OK);
    CHECK_EQ(rio_arb_rx_free(&r), 2);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_SINGLE, 0), RIO_OK);
    CHECK_EQ(rnote(RIO_ARB_RX_DEALLOC_CROSSING), 0);
    CHECK_EQ(ro.nmsg, 1);
    CHECK_MSG(ro.msg[0], RIO_FAM_XOFF_ARB, 0, 0, RIO_ARB_CONTROL);
    CHECK_EQ(ro.msg[0].dealloc, 0);
    CHECK_EQ(rio_arb_rx_free(&r), 2);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_SINGLE, 1), RIO_OK);
    CHECK_MSG(ro.msg[0], RIO_FAM_XON_ARB, 1, 0, RIO_ARB_CONTROL);
    CHECK_EQ(rio_arb_rx_free(&r), 1);
    /* the usual order (next REQUEST has the other bit): no effect, cleared */
    CHECK_EQ(rccp(&r, 1, RIO_FAM_REQUEST_MULTI, 0), RIO_OK);
    CHECK_EQ(rask(&r, 1), RIO_OK);
    CHECK_EQ(rccp(&r, 1, RIO_FAM_RELEASE, 0), RIO_OK);
    CHECK_EQ(rccp(&r, 1, RIO_FAM_REQUEST_MULTI, 1), RIO_OK);
    CHECK_MSG(ro.msg[0], RIO_FAM_XON_ARB, 1, 1, RIO_ARB_CONTROL);
    CHECK_EQ(rccp(&r, 1, RIO_FAM_RELEASE, 1), RIO_OK);
    CHECK_EQ(rccp(&r, 1, RIO_FAM_REQUEST_MULTI, 0), RIO_OK);
    CHECK_MSG(ro.msg[0], RIO_FAM_XON_ARB, 0, 1, RIO_ARB_CONTROL);
    CHECK_EQ(rnote(RIO_ARB_RX_DEALLOC_CROSSING), -1);
    /* ON_DECIDE: a DECIDE grant in that one case answers XOFF(ARB) */
    c.answer = RIO_ARB_RX_ON_DECIDE;
    c.pipelining = 1;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_MULTI, 1), RIO_OK);
    CHECK_EQ(rdecide(&r, 0, 1), RIO_OK);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_MULTI, 0), RIO_OK); /* held */
    CHECK_EQ(rdecide(&r, 0, 0), RIO_OK); /* rejected before the end */
    CHECK_EQ(rask(&r, 0), RIO_OK);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_RELEASE, 1), RIO_OK);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_MULTI, 1), RIO_OK);
    CHECK_EQ(rio_arb_rx_held(&r, 0, NULL, NULL), 1);
    CHECK_EQ(rdecide(&r, 0, 1), RIO_OK);
    CHECK_MSG(ro.msg[0], RIO_FAM_XOFF_ARB, 1, 0, RIO_ARB_CONTROL);
    CHECK(rnote(RIO_ARB_RX_DEALLOC_CROSSING) >= 0);
    CHECK_EQ(rio_arb_rx_free(&r), 2);
}

/* I-ARB-4, I-ARB-15 and transmitter-side violations seen by the receiver:
 * RELEASE without a resource (ignored), RELEASE in the middle of a PDU
 * (frees, reported), RELEASE with the other bit (frees, reported). */
static void rx_release_irregularities_are_reported(void)
{
    struct rio_arb_rx r;
    struct rio_arb_rx_cfg c = rxcfg();
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_RELEASE, 0), RIO_OK);
    CHECK_EQ(rnote(RIO_ARB_RX_V_RELEASE_WITHOUT_RESOURCE), 0);
    CHECK_EQ(rio_arb_rx_free(&r), 1);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_MULTI, 0), RIO_OK);
    CHECK_EQ(rdata(&r, 0, 0, 0), RIO_OK);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_RELEASE, 1), RIO_OK);
    CHECK(rnote(RIO_ARB_RX_RELEASE_SEQ_MISMATCH) >= 0);
    CHECK(rnote(RIO_ARB_RX_V_RELEASE_MID_PDU) >= 0);
    CHECK(rnote(RIO_ARB_RX_FREED) >= 0);
    CHECK_EQ(rio_arb_rx_free(&r), 1);
    /* RELEASE on a single-PDU grant frees it (Table 3-2) */
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_SINGLE, 1), RIO_OK);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_RELEASE, 1), RIO_OK);
    CHECK_EQ(rviolations(), 0);
    CHECK_EQ(ro.note[rnote(RIO_ARB_RX_FREED)].multi, 0);
    CHECK_EQ(rio_arb_rx_free(&r), 1);
}

/* Commands a receiver does not act on are reported and change nothing. */
static void rx_ignores_commands_meant_for_a_transmitter(void)
{
    struct rio_arb_rx r;
    struct rio_arb_rx_cfg c = rxcfg();
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    static const enum rio_fam_cmd cmds[] = {RIO_FAM_XOFF, RIO_FAM_XON,
                                            RIO_FAM_XON_ARB, RIO_FAM_XOFF_ARB,
                                            RIO_FAM_RESERVED};
    for (unsigned i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        struct rio_arb_rx before = r;
        CHECK_EQ_AT(i, rccp(&r, 0, cmds[i], 1), RIO_OK);
        CHECK_EQ_AT(i, ro.nnote, 1);
        CHECK_EQ_AT(i, ro.note[0].kind, RIO_ARB_RX_IGNORED_CCP);
        CHECK_EQ_AT(i, ro.note[0].cmd, cmds[i]);
        CHECK_EQ_AT(i, ro.nmsg, 0);
        CHECK_EQ_AT(i, memcmp(&r, &before, sizeof r), 0);
    }
}

/* I-ARB-11: a static flow at the receiver uses no pool resource: a REQUEST
 * is still answered (rule 2), data is accepted, RELEASE is ignored. */
static void rx_static_flow_uses_no_pool_resource(void)
{
    struct rio_arb_rx r;
    struct rio_arb_rx_cfg c = rxcfg();
    c.pool = 0;
    c.static_flow[1] = 1;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    CHECK_EQ(rio_arb_rx_state(&r, 1), RIO_ARB_RX_NOT_ARBITRATED);
    CHECK_EQ(rdata(&r, 1, 1, 0), RIO_OK);
    CHECK_EQ(ro.nnote, 0);
    CHECK_EQ(rccp(&r, 1, RIO_FAM_REQUEST_MULTI, 1), RIO_OK);
    CHECK_MSG(ro.msg[0], RIO_FAM_XON_ARB, 1, 1, RIO_ARB_CONTROL);
    CHECK_EQ(rio_arb_rx_free(&r), 0);
    CHECK_EQ(rio_arb_rx_allocated(&r, 1), 0);
    CHECK_EQ(rccp(&r, 1, RIO_FAM_RELEASE, 1), RIO_OK);
    CHECK_EQ(rnote(RIO_ARB_RX_IGNORED_CCP), 0);
    CHECK_EQ(ro.note[0].cmd, RIO_FAM_RELEASE);
    CHECK_EQ(rdecide(&r, 1, 1), RIO_ENOENT);
    CHECK_EQ(rask(&r, 1), RIO_ESTATE);
    /* pool 0: an arbitrated flow is always rejected */
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_SINGLE, 0), RIO_OK);
    CHECK_MSG(ro.msg[0], RIO_FAM_XOFF_ARB, 0, 0, RIO_ARB_CONTROL);
}

/* I-ARB-17: RESET frees every resource and forgets held REQUESTs. */
static void rx_reset_frees_every_resource(void)
{
    struct rio_arb_rx r;
    struct rio_arb_rx_cfg c = rxcfg();
    c.nflows = RIO_ARB_MAX_FLOWS;
    c.pool = RIO_ARB_MAX_FLOWS;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    for (unsigned f = 0; f < RIO_ARB_MAX_FLOWS; f++) {
        CHECK_EQ_AT(f, rccp(&r, f, RIO_FAM_REQUEST_MULTI, f & 1u), RIO_OK);
        CHECK_EQ_AT(f, rccp(&r, f, RIO_FAM_REQUEST_MULTI, (f & 1u) ^ 1u),
                    RIO_OK);
    }
    CHECK_EQ(rio_arb_rx_free(&r), 0);
    CHECK_EQ(rreset(&r), RIO_OK);
    CHECK_EQ(ro.nnote, RIO_ARB_MAX_FLOWS);
    CHECK_EQ(ro.nmsg, 0);
    for (unsigned f = 0; f < RIO_ARB_MAX_FLOWS; f++) {
        CHECK_EQ_AT(f, ro.note[f].kind, RIO_ARB_RX_FREED);
        CHECK_EQ_AT(f, ro.note[f].reason, RIO_ARB_FREE_RESET);
        CHECK_EQ_AT(f, rio_arb_rx_held(&r, f, NULL, NULL), 0);
        CHECK_EQ_AT(f, rio_arb_rx_state(&r, f), RIO_ARB_RX_EXPECT_REQUEST);
    }
    CHECK_EQ(rio_arb_rx_free(&r), RIO_ARB_MAX_FLOWS);
    /* the bit history is gone: the same bit is a new request again */
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_SINGLE, 0), RIO_OK);
    CHECK_MSG(ro.msg[0], RIO_FAM_XON_ARB, 0, 0, RIO_ARB_CONTROL);
}

/* Boundaries: a full-size receiver, every flow's multi grant idles out in
 * the same TICK: one XOFF(ARB) per flow fits the output (arb.h bound); the
 * second timeout then frees all of them and answers the held REQUESTs. */
static void rx_tick_times_out_every_flow_of_a_full_context(void)
{
    struct rio_arb_rx r;
    struct rio_arb_rx_cfg c = rxcfg();
    c.nflows = RIO_ARB_MAX_FLOWS;
    c.pool = RIO_ARB_MAX_FLOWS;
    c.idle_timeout = 1;
    c.release_timeout = 1;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    for (unsigned f = 0; f < RIO_ARB_MAX_FLOWS; f++) {
        CHECK_EQ_AT(f, rccp(&r, f, RIO_FAM_REQUEST_MULTI, 0), RIO_OK);
        CHECK_EQ_AT(f, rccp(&r, f, RIO_FAM_REQUEST_SINGLE, 1), RIO_OK);
    }
    CHECK_EQ(rccp(&r, RIO_ARB_MAX_FLOWS, RIO_FAM_REQUEST_SINGLE, 0),
             RIO_ERANGE);
    CHECK_EQ(rtick(&r, 1), RIO_OK);
    CHECK_EQ(ro.nmsg, RIO_ARB_MAX_FLOWS);
    for (unsigned f = 0; f < RIO_ARB_MAX_FLOWS; f++) {
        CHECK_EQ_AT(f, ro.msg[f].cmd, RIO_FAM_XOFF_ARB);
        CHECK_EQ_AT(f, ro.msg[f].dealloc, 1);
        CHECK_EQ_AT(f, ro.msg[f].flow, f);
    }
    CHECK_EQ(rtick(&r, 1), RIO_OK);
    CHECK_EQ(ro.nmsg, RIO_ARB_MAX_FLOWS);
    CHECK_EQ(ro.nnote, 2u * RIO_ARB_MAX_FLOWS);
    for (unsigned f = 0; f < RIO_ARB_MAX_FLOWS; f++) {
        CHECK_EQ_AT(f, ro.msg[f].cmd, RIO_FAM_XON_ARB);
        CHECK_EQ_AT(f, ro.msg[f].seq, 1);
        CHECK_EQ_AT(f, ro.note[2 * f].reason, RIO_ARB_FREE_RELEASE_TIMEOUT);
        CHECK_EQ_AT(f, ro.note[2 * f + 1].kind, RIO_ARB_RX_ALLOCATED);
    }
    CHECK_EQ(rio_arb_rx_free(&r), 0);
}

static void rx_errors_leave_the_context_unchanged(void)
{
    struct rio_arb_rx r, before;
    struct rio_arb_rx_cfg c = rxcfg();
    struct rio_arb_rx_event e;
    memset(&e, 0, sizeof e);
    memset(&r, 0, sizeof r);
    CHECK_EQ(rio_arb_rx_step(&r, &e, &ro), RIO_ESTATE);
    CHECK_EQ(rio_arb_rx_free(&r), RIO_EINVAL);
    CHECK_EQ(rio_arb_rx_init(NULL, &c), RIO_EINVAL);
    CHECK_EQ(rio_arb_rx_init(&r, NULL), RIO_EINVAL);
    c.rev = (enum rio_p9_rev)4;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_EINVAL);
    c = rxcfg();
    c.answer = (enum rio_arb_rx_answer)2;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_EINVAL);
    c = rxcfg();
    c.policy = (enum rio_arb_rx_policy)2;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_EINVAL);
    c = rxcfg();
    c.nflows = 0;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_ERANGE);
    c.nflows = RIO_ARB_MAX_FLOWS + 1u;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_ERANGE);
    c = rxcfg();
    c.pool = 0x10000;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_ERANGE);
    c.pool = 0xFFFF;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    CHECK_EQ(rio_arb_rx_free(&r), 0xFFFF);
    c = rxcfg();
    c.pipelining = 2;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_ERANGE);
    c = rxcfg();
    c.ccp_in_own_flow = 2;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_ERANGE);
    c = rxcfg();
    c.static_flow[0] = 2;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_ERANGE);
    c = rxcfg();
    c.rejected_copy_afresh = 2;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_ERANGE);
    c = rxcfg();
    c.rev = RIO_P9_REV2;
    CHECK_EQ(rio_arb_rx_init(&r, &c), RIO_OK);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_SINGLE, 0), RIO_OK);
    before = r;
    CHECK_EQ(rio_arb_rx_step(NULL, &e, &ro), RIO_EINVAL);
    CHECK_EQ(rio_arb_rx_step(&r, NULL, &ro), RIO_EINVAL);
    CHECK_EQ(rio_arb_rx_step(&r, &e, NULL), RIO_EINVAL);
    e.type = (enum rio_arb_rx_event_type)6;
    CHECK_EQ(rio_arb_rx_step(&r, &e, &ro), RIO_EINVAL);
    CHECK_EQ(rccp(&r, 2, RIO_FAM_REQUEST_SINGLE, 0), RIO_ERANGE);
    CHECK_EQ(rccp(&r, 0, RIO_FAM_REQUEST_SINGLE, 2), RIO_ERANGE);
    CHECK_EQ(rccp(&r, 0, (enum rio_fam_cmd)-1, 0), RIO_EINVAL);
    CHECK_EQ(rdata(&r, 0, 2, 0), RIO_ERANGE);
    CHECK_EQ(rdata(&r, 0, 0, 2), RIO_ERANGE);
    CHECK_EQ(rdata(&r, 5, 0, 0), RIO_ERANGE);
    CHECK_EQ(rdecide(&r, 0, 2), RIO_ERANGE);
    CHECK_EQ(rdecide(&r, 0, 1), RIO_ENOENT);
    CHECK_EQ(rask(&r, 0), RIO_ESTATE); /* single-PDU grant */
    CHECK_EQ(rask(&r, 1), RIO_ESTATE); /* no grant */
    CHECK_EQ(rask(&r, 2), RIO_ERANGE);
    CHECK(memcmp(&r, &before, sizeof r) == 0);
    CHECK_EQ(rio_arb_rx_state(&r, 2), RIO_ERANGE);
    CHECK_EQ(rio_arb_rx_allocated(&r, 2), RIO_ERANGE);
    CHECK_EQ(rio_arb_rx_held(&r, 2, NULL, NULL), RIO_ERANGE);
    CHECK_EQ(rio_arb_rx_held(NULL, 0, NULL, NULL), RIO_EINVAL);
    CHECK_EQ(rio_arb_rx_free(NULL), RIO_EINVAL);
    CHECK_EQ(rio_arb_rx_note_is_violation((enum rio_arb_rx_note_kind)99), 0);
}

static void rx_names_cover_every_value(void)
{
    for (int k = 0; k <= (int)RIO_ARB_RX_V_SECOND_REQUEST; k++)
        CHECK_EQ_AT(k, strcmp(rio_arb_rx_note_name(
                                  (enum rio_arb_rx_note_kind)k), "?") != 0,
                    1);
    for (int k = 0; k <= (int)RIO_ARB_RX_EXPECT_RELEASE; k++)
        CHECK_EQ_AT(k, strcmp(rio_arb_rx_state_name((enum rio_arb_rx_state)k),
                              "?") != 0,
                    1);
    CHECK(strcmp(rio_arb_rx_state_name((enum rio_arb_rx_state)9), "?") == 0);
    CHECK(strcmp(rio_arb_rx_note_name((enum rio_arb_rx_note_kind)99), "?") ==
          0);
    CHECK(strcmp(rio_arb_rx_note_name(RIO_ARB_RX_V_DATA_WITHOUT_RESOURCE),
                 "V_DATA_WITHOUT_RESOURCE") == 0);
    CHECK_EQ(rio_arb_rx_note_is_violation(RIO_ARB_RX_V_RELEASE_MID_PDU), 1);
    CHECK_EQ(rio_arb_rx_note_is_violation(RIO_ARB_RX_STALE_REQUEST), 0);
}

int main(int argc, char **argv)
{
    (void)argc;
    /* receiver */
    RUN(rx_answers_every_request_with_its_bit);
    RUN(rx_single_pdu_grant_is_freed_by_last_segment);
    RUN(rx_aborted_single_pdu_frees_the_resource);
    RUN(rx_single_pdu_idle_timeout_frees_the_resource);
    RUN(rx_multi_pdu_grant_is_held_until_release);
    RUN(rx_aborted_multi_pdu_frees_nothing);
    RUN(rx_ask_dealloc_sends_xoff_arb_and_waits_for_release);
    RUN(rx_multi_idle_timeout_then_second_timeout);
    RUN(rx_copy_of_granted_request_allocates_nothing);
    RUN(rx_pipelined_request_waits_for_the_current_pdu);
    RUN(rx_pipelined_request_on_multi_grant_waits_for_release);
    RUN(rx_without_pipelining_rejects_pipelined_request_at_once);
    RUN(rx_on_decide_delays_answers_in_any_flow_order);
    RUN(rx_second_outstanding_request_is_reported);
    RUN(rx_copies_get_the_last_answer_again);
    RUN(rx_request_crossing_a_dealloc_xoff_arb_is_rejected);
    RUN(rx_release_irregularities_are_reported);
    RUN(rx_ignores_commands_meant_for_a_transmitter);
    RUN(rx_static_flow_uses_no_pool_resource);
    RUN(rx_reset_frees_every_resource);
    RUN(rx_tick_times_out_every_flow_of_a_full_context);
    RUN(rx_errors_leave_the_context_unchanged);
    RUN(rx_names_cover_every_value);
    return check_finish(argv[0]);
}
