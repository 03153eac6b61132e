/*
 * arb_test.c - Part 9 flow arbitration transmitter and receiver (rio/arb.h).
 *
 * Expected values come from the spec text: Table 3-2 cell by cell, and the
 * rules of 2.2.1, 2.2.2, 2.4.7 (1-12) and 2.4.8 turned into scenarios, each
 * test naming its rule id (checklist.tsv). The last tests wire a transmitter
 * and a receiver back to back through a lossy, delaying network model and
 * check the protocol invariants after every event.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "rio/arb.h"
#include "rio/ccp.h"
#include "rio/err.h"

static struct rio_arb_tx_out to;
static struct rio_arb_rx_out ro;

/* ---------------------------------------------------------------- helpers */

static struct rio_arb_tx_cfg txcfg(void)
{
    struct rio_arb_tx_cfg c;
    memset(&c, 0, sizeof c);
    c.rev = RIO_P9_REV3;
    c.nflows = 2;
    c.peer_arb = 1;
    c.pipeline = 1;
    c.ccp_in_own_flow = 0;
    c.xoff_arb_any_seq = 0;
    c.request_timeout = 10;
    c.retry_backoff = 0;
    return c;
}

static struct rio_arb_rx_cfg rxcfg(void)
{
    struct rio_arb_rx_cfg c;
    memset(&c, 0, sizeof c);
    c.rev = RIO_P9_REV3;
    c.nflows = 2;
    c.pool = 1;
    c.answer = RIO_ARB_RX_IMMEDIATE;
    c.policy = RIO_ARB_RX_GRANT_IF_FREE;
    c.pipelining = 1;
    c.ccp_in_own_flow = 0;
    c.idle_timeout = 0;
    c.release_timeout = 0;
    return c;
}

static int tx_ev(struct rio_arb_tx *t, enum rio_arb_tx_event_type type,
                 unsigned flow, enum rio_arb_mode mode, uint32_t packets,
                 enum rio_fam_cmd cmd, unsigned seq, uint32_t ticks)
{
    struct rio_arb_tx_event e;
    memset(&e, 0, sizeof e);
    e.type = type;
    e.flow = flow;
    e.mode = mode;
    e.packets = packets;
    e.cmd = cmd;
    e.seq = (uint8_t)seq;
    e.ticks = ticks;
    return rio_arb_tx_step(t, &e, &to);
}

static int tpdu(struct rio_arb_tx *t, unsigned f, enum rio_arb_mode m,
                uint32_t n)
{
    return tx_ev(t, RIO_ARB_TX_EV_PDU, f, m, n, RIO_FAM_XOFF, 0, 0);
}

static int tend(struct rio_arb_tx *t, unsigned f)
{
    return tx_ev(t, RIO_ARB_TX_EV_END, f, RIO_ARB_SINGLE, 0, RIO_FAM_XOFF, 0,
                 0);
}

static int tccp(struct rio_arb_tx *t, unsigned f, enum rio_fam_cmd cmd,
                unsigned seq)
{
    return tx_ev(t, RIO_ARB_TX_EV_CCP, f, RIO_ARB_SINGLE, 0, cmd, seq, 0);
}

static int ttick(struct rio_arb_tx *t, uint32_t n)
{
    return tx_ev(t, RIO_ARB_TX_EV_TICK, 0, RIO_ARB_SINGLE, 0, RIO_FAM_XOFF, 0,
                 n);
}

static int tslot(struct rio_arb_tx *t, unsigned f)
{
    return tx_ev(t, RIO_ARB_TX_EV_SLOT, f, RIO_ARB_SINGLE, 0, RIO_FAM_XOFF, 0,
                 0);
}

static int rx_ev(struct rio_arb_rx *r, enum rio_arb_rx_event_type type,
                 unsigned flow, enum rio_fam_cmd cmd, unsigned seq,
                 unsigned last, unsigned aborted, unsigned grant,
                 uint32_t ticks)
{
    struct rio_arb_rx_event e;
    memset(&e, 0, sizeof e);
    e.type = type;
    e.flow = flow;
    e.cmd = cmd;
    e.seq = (uint8_t)seq;
    e.last = (uint8_t)last;
    e.aborted = (uint8_t)aborted;
    e.grant = (uint8_t)grant;
    e.ticks = ticks;
    return rio_arb_rx_step(r, &e, &ro);
}

static int rccp(struct rio_arb_rx *r, unsigned f, enum rio_fam_cmd cmd,
                unsigned seq)
{
    return rx_ev(r, RIO_ARB_RX_EV_CCP, f, cmd, seq, 0, 0, 0, 0);
}

static int rdata(struct rio_arb_rx *r, unsigned f, unsigned last,
                 unsigned aborted)
{
    return rx_ev(r, RIO_ARB_RX_EV_DATA, f, RIO_FAM_XOFF, 0, last, aborted, 0,
                 0);
}

static int rtick(struct rio_arb_rx *r, uint32_t n)
{
    return rx_ev(r, RIO_ARB_RX_EV_TICK, 0, RIO_FAM_XOFF, 0, 0, 0, 0, n);
}

static int rdecide(struct rio_arb_rx *r, unsigned f, unsigned grant)
{
    return rx_ev(r, RIO_ARB_RX_EV_DECIDE, f, RIO_FAM_XOFF, 0, 0, 0, grant, 0);
}

static int rask(struct rio_arb_rx *r, unsigned f)
{
    return rx_ev(r, RIO_ARB_RX_EV_ASK_DEALLOC, f, RIO_FAM_XOFF, 0, 0, 0, 0, 0);
}

static int rreset(struct rio_arb_rx *r)
{
    return rx_ev(r, RIO_ARB_RX_EV_RESET, 0, RIO_FAM_XOFF, 0, 0, 0, 0, 0);
}

/* Index of the first tx/rx note of a kind in the last output, or -1. */
static int tnote(enum rio_arb_tx_note_kind kind)
{
    for (unsigned i = 0; i < to.nnote; i++)
        if (to.note[i].kind == kind)
            return (int)i;
    return -1;
}

static int rnote(enum rio_arb_rx_note_kind kind)
{
    for (unsigned i = 0; i < ro.nnote; i++)
        if (ro.note[i].kind == kind)
            return (int)i;
    return -1;
}

static int rviolations(void)
{
    int n = 0;
    for (unsigned i = 0; i < ro.nnote; i++)
        n += rio_arb_rx_note_is_violation(ro.note[i].kind);
    return n;
}

/* v >= min, with a loop index (check.h has no ordering assertion). */
#define CHECK_AT_LEAST(i, v, min)                                              \
    do {                                                                       \
        if (!((v) >= (min))) {                                                 \
            CHECK_EQ_AT(i, (v), (min));                                        \
        }                                                                      \
    } while (0)

#define CHECK_MSG(m, cmd_, seq_, flow_, travel_)                               \
    do {                                                                       \
        CHECK_EQ((m).cmd, (cmd_));                                             \
        CHECK_EQ((m).seq, (seq_));                                             \
        CHECK_EQ((m).flow, (flow_));                                           \
        CHECK_EQ((m).travel, (travel_));                                       \
    } while (0)

#define CHECK_DATA(pdu_, seg_, last_)                                          \
    do {                                                                       \
        CHECK_EQ(to.ndata, 1);                                                 \
        CHECK_EQ(to.data.pdu, (pdu_));                                         \
        CHECK_EQ(to.data.segment, (seg_));                                     \
        CHECK_EQ(to.data.last, (last_));                                       \
    } while (0)

/* ===================================================== Table 3-2 (3.3) */

/* P9-3.3-a, R2.2p9s3.3r0002: Table 3-2 row by row, through the helper that
 * builds the CCP fields of an arbitration message. */
static void arb_msg_to_ccp_reproduces_table_3_2(void)
{
    static const struct {
        enum rio_fam_cmd cmd;
        unsigned seq, xon, fam;
    } rows[] = {
        {RIO_FAM_XOFF_ARB, 0, 0, 2},       /* XOFF 0b010 */
        {RIO_FAM_XOFF_ARB, 1, 0, 3},       /* XOFF 0b011 */
        {RIO_FAM_RELEASE, 0, 0, 4},        /* XOFF 0b10Y */
        {RIO_FAM_RELEASE, 1, 0, 5},
        {RIO_FAM_XON_ARB, 0, 1, 2},        /* XON 0b01Y */
        {RIO_FAM_XON_ARB, 1, 1, 3},
        {RIO_FAM_REQUEST_SINGLE, 0, 1, 4}, /* XON 0b10Y */
        {RIO_FAM_REQUEST_SINGLE, 1, 1, 5},
        {RIO_FAM_REQUEST_MULTI, 0, 1, 6},  /* XON 0b11Y */
        {RIO_FAM_REQUEST_MULTI, 1, 1, 7},
    };
    for (unsigned i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        struct rio_arb_msg m;
        memset(&m, 0, sizeof m);
        m.cmd = rows[i].cmd;
        m.seq = (uint8_t)rows[i].seq;
        struct rio_ccp c;
        memset(&c, 0xA5, sizeof c);
        CHECK_EQ_AT(i, rio_arb_msg_to_ccp(&c, &m, 0x41, 0x1234, 1), RIO_OK);
        CHECK_EQ_AT(i, c.xon, rows[i].xon);
        CHECK_EQ_AT(i, c.fam, rows[i].fam);
        CHECK_EQ_AT(i, c.rsrv, 0);
        CHECK_EQ_AT(i, c.flow_id, 0x41);
        CHECK_EQ_AT(i, c.soc, 1);
        CHECK_EQ_AT(i, c.tgt_destination_id, 0x1234);
    }
}

/* P9-3.3-a: all 16 (XON/XOFF, FAM) codes decode as Table 3-2 says; the
 * undefined ones (XOFF+001, XOFF+11Y, XON+001) are reserved. */
static void arb_ccp_command_decodes_every_table_3_2_code(void)
{
    static const enum rio_fam_cmd want[2][8] = {
        /* XOFF: 000 001 010 011 100 101 110 111 */
        {RIO_FAM_XOFF, RIO_FAM_RESERVED, RIO_FAM_XOFF_ARB, RIO_FAM_XOFF_ARB,
         RIO_FAM_RELEASE, RIO_FAM_RELEASE, RIO_FAM_RESERVED, RIO_FAM_RESERVED},
        /* XON */
        {RIO_FAM_XON, RIO_FAM_RESERVED, RIO_FAM_XON_ARB, RIO_FAM_XON_ARB,
         RIO_FAM_REQUEST_SINGLE, RIO_FAM_REQUEST_SINGLE,
         RIO_FAM_REQUEST_MULTI, RIO_FAM_REQUEST_MULTI},
    };
    for (unsigned xon = 0; xon < 2; xon++) {
        for (unsigned fam = 0; fam < 8; fam++) {
            struct rio_ccp c;
            memset(&c, 0, sizeof c);
            c.xon = (uint8_t)xon;
            c.fam = (uint8_t)fam;
            enum rio_fam_cmd cmd;
            uint8_t seq = 9;
            unsigned i = xon * 8 + fam;
            CHECK_EQ_AT(i, rio_arb_ccp_command(&cmd, &seq, &c), RIO_OK);
            CHECK_EQ_AT(i, cmd, want[xon][fam]);
            if (want[xon][fam] != RIO_FAM_RESERVED && fam >= 2)
                CHECK_EQ_AT(i, seq, fam & 1u); /* Y is the FAM LSB */
        }
    }
}

static void arb_ccp_helpers_reject_bad_arguments(void)
{
    struct rio_arb_msg m;
    memset(&m, 0, sizeof m);
    m.cmd = RIO_FAM_RELEASE;
    struct rio_ccp c;
    memset(&c, 0, sizeof c);
    CHECK_EQ(rio_arb_msg_to_ccp(NULL, &m, 0, 0, 1), RIO_EINVAL);
    CHECK_EQ(rio_arb_msg_to_ccp(&c, NULL, 0, 0, 1), RIO_EINVAL);
    CHECK_EQ(rio_arb_msg_to_ccp(&c, &m, 128, 0, 1), RIO_ERANGE);
    CHECK_EQ(rio_arb_msg_to_ccp(&c, &m, 127, 0, 2), RIO_ERANGE);
    CHECK_EQ(rio_arb_msg_to_ccp(&c, &m, 127, 0, 0), RIO_OK);
    m.seq = 2;
    CHECK_EQ(rio_arb_msg_to_ccp(&c, &m, 0, 0, 1), RIO_ERANGE);
    m.seq = 0;
    m.cmd = RIO_FAM_XON; /* congestion management is not an ARB message */
    CHECK_EQ(rio_arb_msg_to_ccp(&c, &m, 0, 0, 1), RIO_ERANGE);
    m.cmd = RIO_FAM_XOFF;
    CHECK_EQ(rio_arb_msg_to_ccp(&c, &m, 0, 0, 1), RIO_ERANGE);
    m.cmd = RIO_FAM_RESERVED;
    CHECK_EQ(rio_arb_msg_to_ccp(&c, &m, 0, 0, 1), RIO_ERANGE);
    m.cmd = (enum rio_fam_cmd)99;
    CHECK_EQ(rio_arb_msg_to_ccp(&c, &m, 0, 0, 1), RIO_EINVAL);
    enum rio_fam_cmd cmd;
    uint8_t seq;
    CHECK_EQ(rio_arb_ccp_command(NULL, &seq, &c), RIO_EINVAL);
    CHECK_EQ(rio_arb_ccp_command(&cmd, NULL, &c), RIO_EINVAL);
    CHECK_EQ(rio_arb_ccp_command(&cmd, &seq, NULL), RIO_EINVAL);
    c.xon = 2;
    CHECK_EQ(rio_arb_ccp_command(&cmd, &seq, &c), RIO_ERANGE);
    c.xon = 1;
    c.fam = 8;
    CHECK_EQ(rio_arb_ccp_command(&cmd, &seq, &c), RIO_ERANGE);
}

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

/* ========================================== end to end (Figures 2-1..2-4) */

/* Figures 2-1 and 2-4 through the real CCP fields: every message becomes a
 * struct rio_ccp (Table 3-2 codes checked on the way) and is decoded back
 * into an event of the other side. */
struct ccp_queue {
    unsigned n;
    struct rio_ccp c[16];
};

static int ccp_push(struct ccp_queue *q, const struct rio_arb_msg *m,
                    unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        if (q->n >= 16)
            return RIO_EFULL;
        int rc = rio_arb_msg_to_ccp(&q->c[q->n++], &m[i], 0x00, 0x12, 1);
        if (rc != RIO_OK)
            return rc;
    }
    return RIO_OK;
}

static void tx_and_rx_talk_through_ccp_fields(void)
{
    struct rio_arb_tx t;
    struct rio_arb_rx r;
    struct rio_arb_tx_cfg tc = txcfg();
    struct rio_arb_rx_cfg rc = rxcfg();
    struct ccp_queue t2r, r2t;
    memset(&t2r, 0, sizeof t2r);
    memset(&r2t, 0, sizeof r2t);
    CHECK_EQ(rio_arb_tx_init(&t, &tc), RIO_OK);
    CHECK_EQ(rio_arb_rx_init(&r, &rc), RIO_OK);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_SINGLE, 2), RIO_OK);
    CHECK_EQ(ccp_push(&t2r, to.msg, to.nmsg), RIO_OK);
    CHECK_EQ(t2r.c[0].xon, 1);
    CHECK_EQ(t2r.c[0].fam, 4); /* 0b100: REQUEST single PDU, Y = 0 */
    CHECK_EQ(t2r.c[0].flow_id, 0);
    CHECK_EQ(t2r.c[0].soc, 1);
    CHECK_EQ(tpdu(&t, 0, RIO_ARB_SINGLE, 1), RIO_OK);
    CHECK_EQ(ccp_push(&t2r, to.msg, to.nmsg), RIO_OK);
    unsigned delivered = 0, xon_arb = 0;
    for (unsigned round = 0; round < 40; round++) {
        enum rio_fam_cmd cmd;
        uint8_t seq;
        for (unsigned i = 0; i < t2r.n; i++) {
            CHECK_EQ(rio_arb_ccp_command(&cmd, &seq, &t2r.c[i]), RIO_OK);
            CHECK_EQ(rccp(&r, 0, cmd, seq), RIO_OK);
            CHECK_EQ(ccp_push(&r2t, ro.msg, ro.nmsg), RIO_OK);
        }
        t2r.n = 0;
        for (unsigned i = 0; i < r2t.n; i++) {
            /* XON(ARB) is XON + 0b01Y, XOFF(ARB) XOFF + 0b01Y */
            CHECK_EQ(r2t.c[i].fam & 6u, 2);
            xon_arb += r2t.c[i].xon;
            CHECK_EQ(rio_arb_ccp_command(&cmd, &seq, &r2t.c[i]), RIO_OK);
            CHECK_EQ(tccp(&t, 0, cmd, seq), RIO_OK);
            CHECK_EQ(ccp_push(&t2r, to.msg, to.nmsg), RIO_OK);
        }
        r2t.n = 0;
        CHECK_EQ(tslot(&t, 0), RIO_OK);
        CHECK_EQ(ccp_push(&t2r, to.msg, to.nmsg), RIO_OK);
        if (to.ndata) {
            CHECK_EQ(rio_arb_rx_allocated(&r, 0), 1); /* P9-2.4.7-1 */
            delivered++;
            CHECK_EQ(rdata(&r, 0, to.data.last, 0), RIO_OK);
            CHECK_EQ(rviolations(), 0);
            CHECK_EQ(ccp_push(&r2t, ro.msg, ro.nmsg), RIO_OK);
        }
    }
    CHECK_EQ(delivered, 3);
    CHECK_EQ(xon_arb, 2);
    CHECK_EQ(rio_arb_rx_free(&r), 1);
    CHECK_EQ(rio_arb_tx_state(&t, 0), RIO_ARB_TX_IDLE);
    CHECK_EQ(rio_arb_tx_next_seq(&t, 0), 0); /* two REQUESTs: 0 then 1 */
}

/* ====================================================== property tests */

/* Fixed-seed xorshift64: the runs are the same on every machine. */
static uint64_t rng;

static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 32);
}

static unsigned below(unsigned n)
{
    return n ? rnd() % n : 0;
}

/* The network: FIFO lanes (2.4.4: CCPs of one source keep their order; the
 * packets of one flow keep theirs). Transmitter to receiver: one lane per
 * flow (data, RELEASE, and REQUESTs that travel in their own flow) and one
 * control lane; receiver to transmitter likewise. Lanes are served in random
 * order, so a REQUEST in the control lane can overtake the data of its flow.
 * In lossy runs, REQUESTs and the answers to them are dropped at random
 * (2.4.2: CCPs "may be dropped"): the request timeout recovers them. Data,
 * RELEASE and the de-allocation XOFF(ARB) have no retry in the protocol and
 * are never dropped. */
#define LANE_CAP 512u
#define F_MAX RIO_ARB_MAX_FLOWS
#define L_T2R_CTL F_MAX
#define L_R2T_OWN(f) (F_MAX + 1u + (f))
#define L_R2T_CTL (2u * F_MAX + 1u)
#define N_LANES (2u * F_MAX + 2u)

struct item {
    uint8_t is_data;
    struct rio_arb_msg msg;
    struct rio_arb_data data;
};

struct lane {
    unsigned head, n;
    struct item it[LANE_CAP];
};

struct sim {
    struct rio_arb_tx tx;
    struct rio_arb_rx rx;
    struct rio_arb_tx_cfg tc;
    struct rio_arb_rx_cfg rc;
    int strict;        /* no loss and no timeouts: nothing may go wrong */
    unsigned drop_pct; /* chance of dropping a droppable CCP */
    struct lane lane[N_LANES];
    /* per flow, what the outputs have said so far */
    uint8_t req_open[F_MAX], req_bit[F_MAX], any_req[F_MAX];
    uint8_t tx_in_pdu[F_MAX];
    uint32_t tx_pdu[F_MAX], tx_seg[F_MAX];
    uint8_t rx_alloc[F_MAX], rx_multi[F_MAX];
    uint8_t lossy[F_MAX]; /* a timeout freed this flow's resource: packet
                             loss is accepted from then on (2.4.2.2, 2.4.8) */
    unsigned long steps, sent, delivered, lost, grants, rejects, releases,
        reissues, drops, timeouts, asks, crossings, stale;
};

static struct sim S;

#define PCHECK(cond)                                                           \
    do {                                                                       \
        if (!(cond)) {                                                         \
            fprintf(stderr, "  %s:%d: property (%s) false at step %lu\n",     \
                    __FILE__, __LINE__, #cond, S.steps);                       \
            return __LINE__;                                                   \
        }                                                                      \
    } while (0)

static int arbitrated(unsigned f)
{
    return S.tc.peer_arb && !S.tc.static_flow[f];
}

static int lane_push(unsigned l, const struct item *it)
{
    struct lane *ln = &S.lane[l];
    PCHECK(ln->n < LANE_CAP);
    ln->it[(ln->head + ln->n) % LANE_CAP] = *it;
    ln->n++;
    return 0;
}

/* Check and route the transmitter's last outputs (the global `to`). */
static int sim_tx_out(void)
{
    for (unsigned i = 0; i < to.nnote; i++) {
        const struct rio_arb_tx_note *n = &to.note[i];
        unsigned f = n->flow;
        PCHECK(f < S.tc.nflows);
        switch (n->kind) {
        case RIO_ARB_TX_GRANTED:
        case RIO_ARB_TX_REJECTED:
            /* an answer matches the one open REQUEST and its bit (2.2.2) */
            PCHECK(S.req_open[f] && n->seq == S.req_bit[f]);
            S.req_open[f] = 0;
            if (n->kind == RIO_ARB_TX_GRANTED) {
                S.grants++;
                PCHECK(!S.strict || !n->early); /* P9-2.2.2-a end to end */
            } else {
                S.rejects++;
            }
            break;
        case RIO_ARB_TX_TIMEOUT_REISSUE:
            PCHECK(!S.strict);
            S.reissues++;
            break;
        case RIO_ARB_TX_STALE_RESPONSE:
            /* without loss only a de-allocation XOFF(ARB) that crossed the
             * RELEASE can be stale */
            PCHECK(!S.strict || n->cmd == RIO_FAM_XOFF_ARB);
            S.stale++;
            break;
        case RIO_ARB_TX_DEALLOC_REQUESTED:
        case RIO_ARB_TX_CONTEXT_START:
        case RIO_ARB_TX_CONTEXT_END:
        case RIO_ARB_TX_PDU_DONE:
            break;
        case RIO_ARB_TX_IGNORED_CCP:
            PCHECK(0); /* the receiver only sends XON/XOFF(ARB) */
        }
    }
    /* on the wire the data packet goes first, then the messages (arb.h) */
    if (to.ndata) {
        const struct rio_arb_data *d = &to.data;
        unsigned f = d->flow;
        PCHECK(f < S.tc.nflows);
        PCHECK(d->pdu == S.tx_pdu[f] && d->segment == S.tx_seg[f]);
        if (d->last) {
            S.tx_pdu[f]++;
            S.tx_seg[f] = 0;
        } else {
            S.tx_seg[f]++;
        }
        S.tx_in_pdu[f] = (uint8_t)!d->last;
        /* P9-2.4.7-1 end to end: the receiver holds a resource for the flow
         * whenever the transmitter sends on it */
        if (arbitrated(f) && !S.lossy[f])
            PCHECK(S.rx_alloc[f]);
        S.sent++;
        struct item it;
        memset(&it, 0, sizeof it);
        it.is_data = 1;
        it.data = *d;
        if (lane_push(f, &it))
            return __LINE__;
    }
    for (unsigned i = 0; i < to.nmsg; i++) {
        const struct rio_arb_msg *m = &to.msg[i];
        unsigned f = m->flow;
        PCHECK(f < S.tc.nflows && arbitrated(f)); /* P9-3.3-c */
        struct item it;
        memset(&it, 0, sizeof it);
        it.msg = *m;
        switch (m->cmd) {
        case RIO_FAM_REQUEST_SINGLE:
        case RIO_FAM_REQUEST_MULTI:
            PCHECK(m->travel == (S.tc.ccp_in_own_flow ? RIO_ARB_OWN_FLOW
                                                      : RIO_ARB_CONTROL));
            if (m->reissue) { /* P9-2.4.7-4: same bit */
                PCHECK(S.req_open[f] && m->seq == S.req_bit[f]);
            } else {
                /* P9-2.4.7-11: never a second one; P9-2.4.7-4: advances */
                PCHECK(!S.req_open[f]);
                PCHECK(m->seq == (S.any_req[f] ? S.req_bit[f] ^ 1u : 0u));
                S.req_open[f] = 1;
                S.req_bit[f] = m->seq;
                S.any_req[f] = 1;
            }
            if (lane_push(m->travel == RIO_ARB_OWN_FLOW ? f : L_T2R_CTL, &it))
                return __LINE__;
            break;
        case RIO_FAM_RELEASE:
            PCHECK(m->travel == RIO_ARB_OWN_FLOW); /* P9-2.4.7-12 */
            PCHECK(!S.tx_in_pdu[f]);               /* P9-2.4.7-7, -8 */
            S.releases++;
            if (lane_push(f, &it))
                return __LINE__;
            break;
        case RIO_FAM_XOFF:
        case RIO_FAM_XOFF_ARB:
        case RIO_FAM_XON:
        case RIO_FAM_XON_ARB:
        case RIO_FAM_RESERVED:
            PCHECK(0);
        }
    }
    return 0;
}

/* Check and route the receiver's last outputs (the global `ro`). */
static int sim_rx_out(void)
{
    for (unsigned i = 0; i < ro.nnote; i++) {
        const struct rio_arb_rx_note *n = &ro.note[i];
        unsigned f = n->flow;
        PCHECK(f < S.rc.nflows);
        switch (n->kind) {
        case RIO_ARB_RX_ALLOCATED:
            PCHECK(!S.rx_alloc[f]); /* P9-2.4.7-10 */
            S.rx_alloc[f] = 1;
            S.rx_multi[f] = n->multi;
            break;
        case RIO_ARB_RX_FREED:
            PCHECK(S.rx_alloc[f] && n->multi == S.rx_multi[f]);
            if (n->multi) /* P9-2.2.1-b, P9-2.4.8-b: RELEASE, or async late */
                PCHECK(n->reason == RIO_ARB_FREE_RELEASE ||
                       (!S.strict &&
                        n->reason == RIO_ARB_FREE_RELEASE_TIMEOUT));
            else /* P9-2.2.1-a: the last segment (or idle, 2.4.8 1) */
                PCHECK(n->reason == RIO_ARB_FREE_LAST_SEGMENT ||
                       (!S.strict &&
                        n->reason == RIO_ARB_FREE_IDLE_TIMEOUT) ||
                       S.lossy[f]);
            if (n->reason == RIO_ARB_FREE_IDLE_TIMEOUT ||
                n->reason == RIO_ARB_FREE_RELEASE_TIMEOUT) {
                S.lossy[f] = 1;
                S.timeouts++;
            }
            S.rx_alloc[f] = 0;
            break;
        case RIO_ARB_RX_HELD:
            break;
        case RIO_ARB_RX_DEALLOC_CROSSING:
            S.crossings++;
            break;
        case RIO_ARB_RX_DUPLICATE_REQUEST:
        case RIO_ARB_RX_STALE_REQUEST:
            PCHECK(!S.strict); /* copies exist only after re-issues */
            break;
        case RIO_ARB_RX_RELEASE_SEQ_MISMATCH:
        case RIO_ARB_RX_V_RELEASE_WITHOUT_RESOURCE:
        case RIO_ARB_RX_V_RELEASE_MID_PDU:
            PCHECK(S.lossy[f]);
            break;
        case RIO_ARB_RX_V_DATA_WITHOUT_RESOURCE:
            PCHECK(S.lossy[f]); /* P9-2.4.7-1 */
            S.lost++;
            break;
        case RIO_ARB_RX_ABORT_KEPT:
        case RIO_ARB_RX_IGNORED_CCP:
        case RIO_ARB_RX_V_SECOND_REQUEST: /* P9-2.4.7-11 */
            PCHECK(0);
        }
    }
    for (unsigned i = 0; i < ro.nmsg; i++) {
        const struct rio_arb_msg *m = &ro.msg[i];
        PCHECK(m->cmd == RIO_FAM_XON_ARB || m->cmd == RIO_FAM_XOFF_ARB);
        PCHECK(!m->dealloc || m->cmd == RIO_FAM_XOFF_ARB);
        PCHECK(m->travel == (S.rc.ccp_in_own_flow ? RIO_ARB_OWN_FLOW
                                                  : RIO_ARB_CONTROL));
        struct item it;
        memset(&it, 0, sizeof it);
        it.msg = *m;
        if (lane_push(m->travel == RIO_ARB_OWN_FLOW ? L_R2T_OWN(m->flow)
                                                    : L_R2T_CTL,
                      &it))
            return __LINE__;
    }
    return 0;
}

/* The invariants, after every event. */
static int sim_check(void)
{
    unsigned allocated = 0;
    for (unsigned f = 0; f < S.tc.nflows; f++) {
        int a = rio_arb_rx_allocated(&S.rx, f);
        PCHECK(a == S.rx_alloc[f]); /* at most one resource per flow */
        allocated += (unsigned)a;
        unsigned seq = 9;
        int o = rio_arb_tx_outstanding(&S.tx, f, &seq);
        PCHECK(o == S.req_open[f]); /* at most one REQUEST outstanding */
        PCHECK(!o || seq == S.req_bit[f]);
        int st = rio_arb_tx_state(&S.tx, f);
        PCHECK(st >= 0);
        if (S.strict && (st == RIO_ARB_TX_SENDING_SINGLE_PDU ||
                         st == RIO_ARB_TX_SENDING_MULTI_PDU ||
                         st == RIO_ARB_TX_DRAINING_TO_RELEASE))
            PCHECK(S.rx_alloc[f]); /* a context only with a resource */
    }
    /* the pool is conserved */
    PCHECK(allocated + (unsigned)rio_arb_rx_free(&S.rx) == S.rc.pool);
    return 0;
}

static int sim_deliver(unsigned l)
{
    struct lane *ln = &S.lane[l];
    struct item it = ln->it[ln->head];
    ln->head = (ln->head + 1u) % LANE_CAP;
    ln->n--;
    int rc;
    if (l <= L_T2R_CTL) {
        if (it.is_data) {
            S.delivered++;
            rc = rdata(&S.rx, it.data.flow, it.data.last, 0);
            PCHECK(rc == RIO_OK);
            return sim_rx_out();
        }
        if (it.msg.cmd != RIO_FAM_RELEASE && below(100) < S.drop_pct) {
            S.drops++;
            return 0;
        }
        rc = rccp(&S.rx, it.msg.flow, it.msg.cmd, it.msg.seq);
        PCHECK(rc == RIO_OK);
        return sim_rx_out();
    }
    if (!it.msg.dealloc && below(100) < S.drop_pct) {
        S.drops++;
        return 0;
    }
    rc = tccp(&S.tx, it.msg.flow, it.msg.cmd, it.msg.seq);
    PCHECK(rc == RIO_OK);
    return sim_tx_out();
}

static int sim_deliver_any(void)
{
    unsigned start = below(N_LANES);
    for (unsigned k = 0; k < N_LANES; k++) {
        unsigned l = (start + k) % N_LANES;
        if (S.lane[l].n)
            return sim_deliver(l);
    }
    return 0;
}

static int sim_random_step(void)
{
    unsigned f = below(S.tc.nflows);
    unsigned a = below(100);
    int rc;
    if (a < 12) {
        if (rio_arb_tx_queued(&S.tx, f) >= (int)RIO_ARB_TX_QUEUE)
            return 0;
        rc = tpdu(&S.tx, f, below(2) ? RIO_ARB_MULTI : RIO_ARB_SINGLE,
                  1u + below(4));
        PCHECK(rc == RIO_OK);
        return sim_tx_out();
    }
    if (a < 16) {
        rc = tend(&S.tx, f);
        PCHECK(rc == RIO_OK || rc == RIO_ESTATE);
        return rc == RIO_OK ? sim_tx_out() : 0;
    }
    if (a < 40) {
        PCHECK(tslot(&S.tx, f) == RIO_OK);
        return sim_tx_out();
    }
    if (a < 82)
        return sim_deliver_any();
    if (a < 90) {
        uint32_t n = 1u + below(3);
        PCHECK(ttick(&S.tx, n) == RIO_OK);
        int e = sim_tx_out();
        if (e)
            return e;
        PCHECK(rtick(&S.rx, n) == RIO_OK);
        return sim_rx_out();
    }
    if (a < 94) {
        rc = rask(&S.rx, f);
        PCHECK(rc == RIO_OK || rc == RIO_ESTATE);
        if (rc == RIO_OK)
            S.asks++;
        return rc == RIO_OK ? sim_rx_out() : 0;
    }
    if (S.rc.answer != RIO_ARB_RX_ON_DECIDE)
        return 0;
    rc = rdecide(&S.rx, f, below(4) != 0);
    PCHECK(rc == RIO_OK || rc == RIO_ENOENT || rc == RIO_EBUSY ||
           rc == RIO_EFULL);
    return rc == RIO_OK ? sim_rx_out() : 0;
}

static int sim_quiet(void)
{
    for (unsigned l = 0; l < N_LANES; l++)
        if (S.lane[l].n)
            return 0;
    if ((unsigned)rio_arb_rx_free(&S.rx) != S.rc.pool)
        return 0;
    for (unsigned f = 0; f < S.tc.nflows; f++) {
        int st = rio_arb_tx_state(&S.tx, f);
        if (rio_arb_tx_queued(&S.tx, f) != 0 ||
            (st != RIO_ARB_TX_IDLE && st != RIO_ARB_TX_NOT_ARBITRATED) ||
            rio_arb_rx_held(&S.rx, f, NULL, NULL) != 0)
            return 0;
    }
    return 1;
}

/* No new PDUs, no loss: everything queued must get through and every
 * resource must come back (liveness). */
static int sim_drain(void)
{
    S.drop_pct = 0;
    for (unsigned round = 0; round < 4000; round++) {
        int e;
        for (unsigned k = 0; k < 100000; k++) {
            unsigned l = 0;
            while (l < N_LANES && S.lane[l].n == 0)
                l++;
            if (l == N_LANES)
                break;
            S.steps++;
            if ((e = sim_deliver(l)) != 0 || (e = sim_check()) != 0)
                return e;
        }
        for (unsigned f = 0; f < S.tc.nflows; f++) {
            for (unsigned k = 0; k < 64 && rio_arb_tx_may_send(&S.tx, f) == 1;
                 k++) {
                S.steps++;
                PCHECK(tslot(&S.tx, f) == RIO_OK);
                if ((e = sim_tx_out()) != 0 || (e = sim_check()) != 0)
                    return e;
            }
            S.steps++;
            int rc = tend(&S.tx, f);
            PCHECK(rc == RIO_OK || rc == RIO_ESTATE);
            if (rc == RIO_OK && ((e = sim_tx_out()) != 0 ||
                                 (e = sim_check()) != 0))
                return e;
            if (S.rc.answer == RIO_ARB_RX_ON_DECIDE) {
                rc = rdecide(&S.rx, f, 1);
                if (rc == RIO_OK && ((e = sim_rx_out()) != 0 ||
                                     (e = sim_check()) != 0))
                    return e;
            }
        }
        S.steps++;
        PCHECK(ttick(&S.tx, 5) == RIO_OK);
        if ((e = sim_tx_out()) != 0)
            return e;
        PCHECK(rtick(&S.rx, 5) == RIO_OK);
        if ((e = sim_rx_out()) != 0 || (e = sim_check()) != 0)
            return e;
        if (sim_quiet())
            return 0;
    }
    PCHECK(sim_quiet());
    return 0;
}

static int sim_run(const struct rio_arb_tx_cfg *tc,
                   const struct rio_arb_rx_cfg *rc, int strict,
                   unsigned drop_pct, uint64_t seed, unsigned long steps)
{
    memset(&S, 0, sizeof S);
    S.tc = *tc;
    S.rc = *rc;
    S.strict = strict;
    S.drop_pct = drop_pct;
    rng = seed;
    PCHECK(rio_arb_tx_init(&S.tx, tc) == RIO_OK);
    PCHECK(rio_arb_rx_init(&S.rx, rc) == RIO_OK);
    for (S.steps = 1; S.steps <= steps; S.steps++) {
        int e = sim_random_step();
        if (e == 0)
            e = sim_check();
        if (e)
            return e;
    }
    int e = sim_drain();
    if (e)
        return e;
    PCHECK(S.delivered == S.sent); /* the network loses no data */
    if (S.strict)
        PCHECK(S.lost == 0);
    return 0;
}

struct sim_case {
    unsigned nflows, pool;
    enum rio_arb_rx_answer answer;
    uint8_t tx_pipeline, rx_pipelining, tx_own, rx_own, any_seq, static3;
    uint32_t backoff, request_timeout, idle, release;
};

static void sim_cfgs(struct rio_arb_tx_cfg *tc, struct rio_arb_rx_cfg *rc,
                     const struct sim_case *k)
{
    *tc = txcfg();
    *rc = rxcfg();
    tc->nflows = rc->nflows = k->nflows;
    rc->pool = k->pool;
    rc->answer = k->answer;
    tc->pipeline = k->tx_pipeline;
    rc->pipelining = k->rx_pipelining;
    tc->ccp_in_own_flow = k->tx_own;
    rc->ccp_in_own_flow = k->rx_own;
    tc->xoff_arb_any_seq = k->any_seq;
    tc->static_flow[3] = rc->static_flow[3] = k->static3;
    tc->retry_backoff = k->backoff;
    tc->request_timeout = k->request_timeout;
    rc->idle_timeout = k->idle;
    rc->release_timeout = k->release;
}

/* Back to back, no loss, no timeouts: after EVERY event, at most one REQUEST
 * outstanding per flow with coherent bits (rules 4, 11), the transmitter
 * holds a context only while the receiver holds its resource and sends data
 * only then (rule 1), at most one resource per flow (rule 10), multi-PDU
 * resources freed only by RELEASE (P9-2.2.1-b), RELEASE only between PDUs in
 * the own flow (rules 7, 8, 12), the pool conserved; no violation reported.
 * At the end every PDU has arrived and every resource is back. */
static void arb_back_to_back_without_loss_keeps_every_invariant(void)
{
    static const struct sim_case cases[] = {
        /* flows pool answer  pipe rxpipe txown rxown any st3 bo  rto idle rel */
        {3, 1, RIO_ARB_RX_IMMEDIATE, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0},
        {4, 2, RIO_ARB_RX_ON_DECIDE, 0, 1, 1, 1, 0, 1, 3, 0, 0, 0},
        {4, 4, RIO_ARB_RX_IMMEDIATE, 1, 0, 1, 0, 0, 0, 1, 0, 0, 0},
        {5, 2, RIO_ARB_RX_ON_DECIDE, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0},
        {2, 1, RIO_ARB_RX_ON_DECIDE, 1, 1, 0, 0, 0, 0, 2, 0, 0, 0},
    };
    unsigned long grants = 0, rejects = 0, releases = 0, asks = 0,
                  crossings = 0;
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct rio_arb_tx_cfg tc;
        struct rio_arb_rx_cfg rc;
        sim_cfgs(&tc, &rc, &cases[i]);
        CHECK_EQ_AT(i, sim_run(&tc, &rc, 1, 0, 0x9E3779B97F4A7C15u + i,
                               30000),
                    0);
        CHECK_EQ_AT(i, S.lost, 0);
        CHECK_AT_LEAST(i, S.sent, 800);
        grants += S.grants;
        rejects += S.rejects;
        releases += S.releases;
        asks += S.asks;
        crossings += S.crossings;
    }
    /* the runs did exercise the protocol */
    CHECK(grants > 1000 && rejects > 100 && releases > 100 && asks > 100);
    CHECK(crossings > 10); /* I-ARB-20 happens without any loss */
}

/* The same with REQUESTs and their answers dropped (2.4.2) and every timer
 * on: re-issues keep their bit, copies never allocate twice, and data
 * without a resource - the packet loss 2.4.2.2 and 2.4.8 accept - happens
 * only on a flow whose resource a timeout has freed. Everything still
 * arrives at the receiver's door, and all resources come back. */
static void arb_back_to_back_with_ccp_loss_keeps_every_invariant(void)
{
    static const struct sim_case cases[] = {
        /* flows pool answer  pipe rxpipe txown rxown any st3 bo  rto idle rel */
        {3, 1, RIO_ARB_RX_IMMEDIATE, 1, 1, 0, 0, 0, 0, 2, 15, 100, 150},
        {4, 2, RIO_ARB_RX_ON_DECIDE, 1, 1, 1, 1, 0, 1, 1, 15, 100, 100},
        {4, 3, RIO_ARB_RX_IMMEDIATE, 0, 0, 0, 1, 1, 0, 1, 25, 200, 200},
        {3, 2, RIO_ARB_RX_IMMEDIATE, 1, 0, 1, 0, 0, 0, 0, 10, 40, 40},
    };
    unsigned long drops = 0, reissues = 0, stale = 0, timeouts = 0;
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct rio_arb_tx_cfg tc;
        struct rio_arb_rx_cfg rc;
        sim_cfgs(&tc, &rc, &cases[i]);
        CHECK_EQ_AT(i, sim_run(&tc, &rc, 0, 10, 0xD1B54A32D192ED03u + i,
                               30000),
                    0);
        CHECK_AT_LEAST(i, S.sent, 800);
        drops += S.drops;
        reissues += S.reissues;
        stale += S.stale;
        timeouts += S.timeouts;
    }
    CHECK(drops > 500 && reissues > 500 && stale > 10 && timeouts > 5);
}

int main(int argc, char **argv)
{
    (void)argc;
    /* Table 3-2 */
    RUN(arb_msg_to_ccp_reproduces_table_3_2);
    RUN(arb_ccp_command_decodes_every_table_3_2_code);
    RUN(arb_ccp_helpers_reject_bad_arguments);
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
    /* end to end */
    RUN(tx_and_rx_talk_through_ccp_fields);
    RUN(arb_back_to_back_without_loss_keeps_every_invariant);
    RUN(arb_back_to_back_with_ccp_loss_keeps_every_invariant);
    return check_finish(argv[0]);
}
