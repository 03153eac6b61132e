/* SPDX-License-Identifier: Apache-2.0 */
/*
 * arb_test.c - Part 9 flow arbitration, the shared part (arb.c) and the
 * transmitter and receiver together (rio/arb.h).
 *
 * Expected values come from the spec text: Table 3-2 cell by cell. The last
 * tests wire a transmitter and a receiver back to back through a lossy,
 * delaying network model and check the protocol invariants after every event.
 * The transmitter's rules are tested in arbtx_test.c, the receiver's in
 * arbrx_test.c.
 */
#include <stdint.h>
#include <string.h>

#include "arb_test.h"
#include "check.h"
#include "rio/arb.h"
#include "rio/ccp.h"
#include "rio/err.h"

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
    /* end to end */
    RUN(tx_and_rx_talk_through_ccp_fields);
    RUN(arb_back_to_back_without_loss_keeps_every_invariant);
    RUN(arb_back_to_back_with_ccp_loss_keeps_every_invariant);
    return check_finish(argv[0]);
}
