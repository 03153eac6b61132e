/* SPDX-License-Identifier: Apache-2.0 */
/*
 * arb_test.h - helpers shared by arb_test.c, arbtx_test.c and arbrx_test.c
 * (Part 9 flow arbitration, rio/arb.h): configurations, one-event steps into
 * the outputs to (transmitter) and ro (receiver), and their assertions. Each
 * test program uses only some of them (CHECK_MAYBE_UNUSED).
 */
#ifndef RIO_ARB_TEST_H
#define RIO_ARB_TEST_H

#include <stdint.h>
#include <string.h>

#include "check.h"
#include "rio/arb.h"
#include "rio/ccp.h"
#include "rio/err.h"

CHECK_MAYBE_UNUSED static struct rio_arb_tx_out to;
CHECK_MAYBE_UNUSED static struct rio_arb_rx_out ro;

/* ---------------------------------------------------------------- helpers */

CHECK_MAYBE_UNUSED static struct rio_arb_tx_cfg txcfg(void)
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

CHECK_MAYBE_UNUSED static struct rio_arb_rx_cfg rxcfg(void)
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

CHECK_MAYBE_UNUSED static int tx_ev(struct rio_arb_tx *t, enum rio_arb_tx_event_type type,
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

CHECK_MAYBE_UNUSED static int tpdu(struct rio_arb_tx *t, unsigned f, enum rio_arb_mode m,
                uint32_t n)
{
    return tx_ev(t, RIO_ARB_TX_EV_PDU, f, m, n, RIO_FAM_XOFF, 0, 0);
}

CHECK_MAYBE_UNUSED static int tend(struct rio_arb_tx *t, unsigned f)
{
    return tx_ev(t, RIO_ARB_TX_EV_END, f, RIO_ARB_SINGLE, 0, RIO_FAM_XOFF, 0,
                 0);
}

CHECK_MAYBE_UNUSED static int tccp(struct rio_arb_tx *t, unsigned f, enum rio_fam_cmd cmd,
                unsigned seq)
{
    return tx_ev(t, RIO_ARB_TX_EV_CCP, f, RIO_ARB_SINGLE, 0, cmd, seq, 0);
}

CHECK_MAYBE_UNUSED static int ttick(struct rio_arb_tx *t, uint32_t n)
{
    return tx_ev(t, RIO_ARB_TX_EV_TICK, 0, RIO_ARB_SINGLE, 0, RIO_FAM_XOFF, 0,
                 n);
}

CHECK_MAYBE_UNUSED static int tslot(struct rio_arb_tx *t, unsigned f)
{
    return tx_ev(t, RIO_ARB_TX_EV_SLOT, f, RIO_ARB_SINGLE, 0, RIO_FAM_XOFF, 0,
                 0);
}

CHECK_MAYBE_UNUSED static int rx_ev(struct rio_arb_rx *r, enum rio_arb_rx_event_type type,
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

CHECK_MAYBE_UNUSED static int rccp(struct rio_arb_rx *r, unsigned f, enum rio_fam_cmd cmd,
                unsigned seq)
{
    return rx_ev(r, RIO_ARB_RX_EV_CCP, f, cmd, seq, 0, 0, 0, 0);
}

CHECK_MAYBE_UNUSED static int rdata(struct rio_arb_rx *r, unsigned f, unsigned last,
                 unsigned aborted)
{
    return rx_ev(r, RIO_ARB_RX_EV_DATA, f, RIO_FAM_XOFF, 0, last, aborted, 0,
                 0);
}

CHECK_MAYBE_UNUSED static int rtick(struct rio_arb_rx *r, uint32_t n)
{
    return rx_ev(r, RIO_ARB_RX_EV_TICK, 0, RIO_FAM_XOFF, 0, 0, 0, 0, n);
}

CHECK_MAYBE_UNUSED static int rdecide(struct rio_arb_rx *r, unsigned f, unsigned grant)
{
    return rx_ev(r, RIO_ARB_RX_EV_DECIDE, f, RIO_FAM_XOFF, 0, 0, 0, grant, 0);
}

CHECK_MAYBE_UNUSED static int rask(struct rio_arb_rx *r, unsigned f)
{
    return rx_ev(r, RIO_ARB_RX_EV_ASK_DEALLOC, f, RIO_FAM_XOFF, 0, 0, 0, 0, 0);
}

CHECK_MAYBE_UNUSED static int rreset(struct rio_arb_rx *r)
{
    return rx_ev(r, RIO_ARB_RX_EV_RESET, 0, RIO_FAM_XOFF, 0, 0, 0, 0, 0);
}

/* Index of the first tx/rx note of a kind in the last output, or -1. */
CHECK_MAYBE_UNUSED static int tnote(enum rio_arb_tx_note_kind kind)
{
    for (unsigned i = 0; i < to.nnote; i++)
        if (to.note[i].kind == kind)
            return (int)i;
    return -1;
}

CHECK_MAYBE_UNUSED static int rnote(enum rio_arb_rx_note_kind kind)
{
    for (unsigned i = 0; i < ro.nnote; i++)
        if (ro.note[i].kind == kind)
            return (int)i;
    return -1;
}

CHECK_MAYBE_UNUSED static int rviolations(void)
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

#endif
