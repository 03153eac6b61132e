/* SPDX-License-Identifier: Apache-2.0 */
/* Tests for rio/fcsw.h: the congested element that sends CCPs (Part 9 2.4.2,
 * 2.4.2.2, 2.4.3 with Table 2-1, 2.4.4, 2.4.6, 3.2, 3.4, 4.2.2). Expected
 * values come from the spec text and the known-answer packets of
 * shared/spec/README.md; the rule id each test proves is in its comment. */
#include "rio/fcsw.h"

#include <stdint.h>
#include <string.h>

#include "check.h"
#include "rio/err.h"
#include "rio/fcep.h"

#define FT_NREAD 2u   /* a request ftype */
#define FT_NWRITE 5u  /* a request ftype */
#define FT_FC 7u
#define FT_MAINT 8u
#define FT_RESP 13u
#define FC_BIT 0x00040000u /* Port n Control CSR bit 13 */
#define FA_BIT 0x00010000u /* bit 15 */

static struct rio_fcsw sw;
static struct rio_fcsw_out out;

static struct rio_fcsw_cfg cfg_of(enum rio_fcsw_role role, unsigned tt, unsigned ports,
                                  unsigned capacity)
{
    struct rio_fcsw_cfg c;
    memset(&c, 0, sizeof c);
    c.rev = RIO_P9_REV3;
    c.role = role;
    c.tt = tt;
    c.ports = ports;
    c.list_capacity = capacity;
    c.crf_supported = 1;
    c.target_responses = 1;
    c.response_pick = RIO_FCSW_PICK_LOWEST;
    return c;
}

static int start(enum rio_fcsw_role role, unsigned tt, unsigned ports, unsigned capacity)
{
    struct rio_fcsw_cfg c = cfg_of(role, tt, ports, capacity);
    return rio_fcsw_init(&sw, &c);
}

static int port_control(unsigned port, uint32_t value)
{
    struct rio_fcsw_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = RIO_FCSW_EV_PORT_CONTROL;
    ev.port = (uint16_t)port;
    ev.port_control = value;
    return rio_fcsw_step(&sw, &ev, &out);
}

static struct rio_fcsw_packet pkt(unsigned ftype, unsigned prio, unsigned crf, uint32_t src,
                                  uint32_t dst, unsigned ccp_port)
{
    struct rio_fcsw_packet p;
    memset(&p, 0, sizeof p);
    p.ftype = (uint8_t)ftype;
    p.prio = (uint8_t)prio;
    p.crf = (uint8_t)crf;
    p.source_id = src;
    p.destination_id = dst;
    p.ccp_port = (uint16_t)ccp_port;
    return p;
}

/* c holds min(n, RIO_FCSW_CANDIDATES_MAX) packets; n itself goes in the event
 * as given (so that too-large counts can be tested). */
static int congested_n(unsigned port, unsigned n, const struct rio_fcsw_packet *c)
{
    struct rio_fcsw_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = RIO_FCSW_EV_CONGESTED;
    ev.port = (uint16_t)port;
    ev.n_candidates = n;
    for (unsigned i = 0; i < n && i < RIO_FCSW_CANDIDATES_MAX; i++)
        ev.candidates[i] = c[i];
    return rio_fcsw_step(&sw, &ev, &out);
}

static int congested(unsigned port, struct rio_fcsw_packet p)
{
    return congested_n(port, 1, &p);
}

static int abated_port(unsigned port)
{
    struct rio_fcsw_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = RIO_FCSW_EV_ABATED_PORT;
    ev.port = (uint16_t)port;
    return rio_fcsw_step(&sw, &ev, &out);
}

static int abated_flow(uint32_t dest, uint32_t tgt, unsigned flow_id)
{
    struct rio_fcsw_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = RIO_FCSW_EV_ABATED_FLOW;
    ev.flow.destination_id = dest;
    ev.flow.tgt_destination_id = tgt;
    ev.flow.flow_id = (uint8_t)flow_id;
    return rio_fcsw_step(&sw, &ev, &out);
}

static int listed(uint32_t dest, uint32_t tgt, unsigned flow_id)
{
    struct rio_fcsw_flow_key k = {dest, tgt, (uint8_t)flow_id};
    return rio_fcsw_find(&sw, &k);
}

/* Pack out.send[i] and compare with a known-answer hex string. */
static int packs_to(unsigned i, enum rio_p9_rev rev, const char *hex)
{
    uint8_t want[RIO_CCP_MAX_BYTES], got[RIO_CCP_MAX_BYTES];
    size_t n = check_unhex(want, sizeof want, hex), len = 0;
    if (i >= out.n_send || rio_ccp_pack(got, sizeof got, &len, rev, &out.send[i].pkt) != RIO_OK)
        return 0;
    return len == n && memcmp(got, want, n) == 0;
}

/* ---- Table 2-1 and transaction classes ---- */

/* I-FCSW-2: ftype 7 flow control, 8 maintenance, 13 response, else request. */
static void fcsw_ftype_class_of_every_ftype(void)
{
    for (unsigned ft = 0; ft < 16; ft++) {
        enum rio_fcsw_class cls;
        enum rio_fcsw_class want = ft == 7    ? RIO_FCSW_FLOW_CONTROL
                                   : ft == 8  ? RIO_FCSW_MAINTENANCE
                                   : ft == 13 ? RIO_FCSW_RESPONSE
                                              : RIO_FCSW_REQUEST;
        CHECK_EQ_AT(ft, rio_fcsw_ftype_class(&cls, ft), RIO_OK);
        CHECK_EQ_AT(ft, cls, want);
    }
    enum rio_fcsw_class cls;
    CHECK_EQ(rio_fcsw_ftype_class(&cls, 16), RIO_ERANGE);
    CHECK_EQ(rio_fcsw_ftype_class(NULL, 5), RIO_EINVAL);
}

/* P9-2.4.3-b: Table 2-1, all 8 rows, cell by cell (flow masks: A = 0x01,
 * B = 0x02, C or higher = C|D|E|F = 0x3C; 0 = Illegal). */
static void fcsw_table_2_1_cell_by_cell(void)
{
    static const struct {
        unsigned prio;
        enum rio_fcsw_class cls;
        uint8_t flows;
    } rows[8] = {
        {0, RIO_FCSW_REQUEST, 0x01},  /* 0b00 request  Lowest           A */
        {0, RIO_FCSW_RESPONSE, 0x00}, /* 0b00 response Illegal */
        {1, RIO_FCSW_REQUEST, 0x02},  /* 0b01 request  Next             B */
        {1, RIO_FCSW_RESPONSE, 0x01}, /* 0b01 response Lowest           A */
        {2, RIO_FCSW_REQUEST, 0x3C},  /* 0b10 request  Highest          C or higher */
        {2, RIO_FCSW_RESPONSE, 0x03}, /* 0b10 response Lowest or Next   A or B */
        {3, RIO_FCSW_REQUEST, 0x00},  /* 0b11 request  Illegal */
        {3, RIO_FCSW_RESPONSE, 0x3F}, /* 0b11 response L/N/Highest      A, B, C or higher */
    };
    for (unsigned i = 0; i < 8; i++) {
        uint8_t flows = 0xEE;
        CHECK_EQ_AT(i, rio_fcsw_prio_flows(&flows, rows[i].prio, rows[i].cls), RIO_OK);
        CHECK_EQ_AT(i, flows, rows[i].flows);
    }
    uint8_t flows;
    CHECK_EQ(rio_fcsw_prio_flows(&flows, 4, RIO_FCSW_REQUEST), RIO_ERANGE);
    CHECK_EQ(rio_fcsw_prio_flows(&flows, 0, RIO_FCSW_MAINTENANCE), RIO_EINVAL);
    CHECK_EQ(rio_fcsw_prio_flows(&flows, 0, (enum rio_fcsw_class)9), RIO_EINVAL);
    CHECK_EQ(rio_fcsw_prio_flows(NULL, 0, RIO_FCSW_REQUEST), RIO_EINVAL);
}

/* I-FCSW-1: the flowID picked in each Table 2-1 cell, under both response
 * policies; Illegal cells give RIO_ENOENT; the pick is always a member of
 * the cell. */
static void fcsw_flow_id_pick_for_every_cell_and_policy(void)
{
    /* [prio][class][pick]: -1 = Illegal. */
    static const int want[4][2][2] = {
        {{0, 0}, {-1, -1}},
        {{1, 1}, {0, 0}},
        {{2, 2}, {0, 1}},
        {{-1, -1}, {0, 2}},
    };
    for (unsigned prio = 0; prio < 4; prio++) {
        for (unsigned c = 0; c < 2; c++) {
            for (unsigned p = 0; p < 2; p++) {
                uint8_t id = 0xEE, flows = 0;
                enum rio_fcsw_class cls = c ? RIO_FCSW_RESPONSE : RIO_FCSW_REQUEST;
                int err = rio_fcsw_flow_id(&id, cls, 0, prio, (enum rio_fcsw_pick)p);
                unsigned at = prio * 4 + c * 2 + p;
                if (want[prio][c][p] < 0) {
                    CHECK_EQ_AT(at, err, RIO_ENOENT);
                    continue;
                }
                CHECK_EQ_AT(at, err, RIO_OK);
                CHECK_EQ_AT(at, id, want[prio][c][p]);
                CHECK_EQ(rio_fcsw_prio_flows(&flows, prio, cls), RIO_OK);
                CHECK_EQ_AT(at, (flows >> id) & 1, 1);
            }
        }
    }
    /* I-FCSW-3: VC1-VC8 packets map to "VCn flow A", whatever prio/class. */
    for (unsigned vc = 1; vc <= 8; vc++) {
        uint8_t id = 0;
        CHECK_EQ_AT(vc, rio_fcsw_flow_id(&id, RIO_FCSW_RESPONSE, vc, 0, RIO_FCSW_PICK_LOWEST),
                    RIO_OK);
        CHECK_EQ_AT(vc, id, 0x40 + vc);
        CHECK_EQ_AT(vc, rio_fcsw_flow_id(&id, RIO_FCSW_REQUEST, vc, 3, RIO_FCSW_PICK_LOWEST),
                    RIO_OK);
        CHECK_EQ_AT(vc, id, 0x40 + vc);
    }
    uint8_t id;
    CHECK_EQ(rio_fcsw_flow_id(&id, RIO_FCSW_REQUEST, 9, 0, RIO_FCSW_PICK_LOWEST), RIO_ERANGE);
    CHECK_EQ(rio_fcsw_flow_id(&id, RIO_FCSW_REQUEST, 0, 4, RIO_FCSW_PICK_LOWEST), RIO_ERANGE);
    CHECK_EQ(rio_fcsw_flow_id(&id, RIO_FCSW_REQUEST, 0, 0, (enum rio_fcsw_pick)2), RIO_EINVAL);
    CHECK_EQ(rio_fcsw_flow_id(NULL, RIO_FCSW_REQUEST, 0, 0, RIO_FCSW_PICK_LOWEST), RIO_EINVAL);
}

/* ---- CCP fields (2.4.2, 3.2, 3.4) against the spec README known answers ---- */

/* P9-3.4-a, P9-2.4.2-a, P9-3.2-b/c: an end point's XOFF for a prio 0 request
 * from 0x12 to 0x34 is "Type 7 Dev8 XOFF Flow 0A, dest 0x12, tgt 0x34, SOC 1:
 * 01C712340001E057". */
static void fcsw_endpoint_dev8_xoff_matches_known_answer(void)
{
    CHECK_EQ(start(RIO_FCSW_ENDPOINT, RIO_TT_DEV8, 1, 4), RIO_OK);
    CHECK_EQ(port_control(0, FC_BIT), RIO_OK);
    CHECK_EQ(congested(0, pkt(FT_NWRITE, 0, 0, 0x12, 0x34, 0)), RIO_OK);
    CHECK_EQ(out.verdict, RIO_FCSW_XOFF_SENT);
    CHECK_EQ(out.n_send, 1u);
    CHECK_EQ(out.send[0].port, 0);
    CHECK_EQ(out.send[0].why, RIO_FCSW_SEND_XOFF);
    const struct rio_ccp_packet *p = &out.send[0].pkt;
    CHECK_EQ(p->destination_id, 0x12);
    CHECK_EQ(p->ccp.tgt_destination_id, 0x34);
    CHECK_EQ(p->prio, 3);
    CHECK_EQ(p->crf, 1);
    CHECK_EQ(p->ccp.soc, 1);
    CHECK_EQ(p->ccp.rsrv, 0);
    CHECK_EQ(p->ccp.fam, 0);
    CHECK_EQ(p->ccp.xon, 0);
    CHECK(packs_to(0, RIO_P9_REV3, "01C712340001E057"));
}

/* The switch's XON for a Dev16 flow A: "Type 7 Dev16 XON, dest 0x1234, tgt
 * 0x5678: 01D712345678800002780000". */
static void fcsw_switch_dev16_xon_matches_known_answer(void)
{
    CHECK_EQ(start(RIO_FCSW_SWITCH, RIO_TT_DEV16, 8, 4), RIO_OK);
    CHECK_EQ(port_control(3, FC_BIT), RIO_OK);
    CHECK_EQ(congested(6, pkt(FT_NREAD, 0, 0, 0x1234, 0x5678, 3)), RIO_OK);
    CHECK_EQ(out.send[0].pkt.ccp.soc, 0);
    CHECK_EQ(abated_port(6), RIO_OK);
    CHECK_EQ(out.verdict, RIO_FCSW_XON_SENT);
    CHECK_EQ(out.n_send, 1u);
    CHECK_EQ(out.send[0].port, 3);
    CHECK_EQ(out.send[0].why, RIO_FCSW_SEND_XON_ABATED);
    CHECK(packs_to(0, RIO_P9_REV3, "01D712345678800002780000"));
    CHECK_EQ(rio_fcsw_list_len(&sw), 0u);
}

/* An end point's XOFF for a VC1 packet, Dev32 (rev 3+): "Type 7 Dev32 XOFF
 * Flow 1A, dest 01020304, tgt 05060708: 01E701020304050607080083BE460000". */
static void fcsw_endpoint_dev32_vc1_xoff_matches_known_answer(void)
{
    CHECK_EQ(start(RIO_FCSW_ENDPOINT, RIO_TT_DEV32, 2, 4), RIO_OK);
    CHECK_EQ(port_control(1, FC_BIT), RIO_OK);
    struct rio_fcsw_packet p = pkt(FT_RESP, 2, 1, 0x01020304u, 0x05060708u, 1);
    p.vc = 1;
    CHECK_EQ(congested(1, p), RIO_OK);
    CHECK_EQ(out.verdict, RIO_FCSW_XOFF_SENT);
    CHECK(packs_to(0, RIO_P9_REV3, "01E701020304050607080083BE460000"));
}

/* P9-3.2-b: SOC by role; P9-2.4.2-a: CRF 1 "if supported", else 0. */
static void fcsw_soc_follows_role_and_crf_follows_support(void)
{
    for (unsigned role = 0; role < 2; role++) {
        for (unsigned crf = 0; crf < 2; crf++) {
            struct rio_fcsw_cfg c = cfg_of((enum rio_fcsw_role)role, RIO_TT_DEV8, 2, 4);
            c.crf_supported = (uint8_t)crf;
            CHECK_EQ(rio_fcsw_init(&sw, &c), RIO_OK);
            CHECK_EQ(port_control(1, FC_BIT), RIO_OK);
            CHECK_EQ(congested(0, pkt(FT_NWRITE, 1, 1, 7, 8, 1)), RIO_OK);
            CHECK_EQ(out.n_send, 1u);
            CHECK_EQ_AT(role * 2 + crf, out.send[0].pkt.ccp.soc, role);
            CHECK_EQ_AT(role * 2 + crf, out.send[0].pkt.crf, crf);
            CHECK_EQ_AT(role * 2 + crf, out.send[0].pkt.prio, 3);
            CHECK_EQ_AT(role * 2 + crf, out.send[0].pkt.ftype, 7);
            CHECK_EQ_AT(role * 2 + crf, out.send[0].pkt.ack_id, 0);
            CHECK_EQ_AT(role * 2 + crf, out.send[0].pkt.vc, 0);
            CHECK_EQ_AT(role * 2 + crf, out.send[0].pkt.ccp.flow_id, 1); /* B */
            CHECK_EQ(abated_port(0), RIO_OK);
            CHECK_EQ_AT(role * 2 + crf, out.send[0].pkt.ccp.soc, role);
            CHECK_EQ_AT(role * 2 + crf, out.send[0].pkt.crf, crf);
            CHECK_EQ_AT(role * 2 + crf, out.send[0].pkt.ccp.xon, 1);
        }
    }
}

/* ---- which packets may cause a CCP (2.4.3) ---- */

/* P9-2.4.3-a: maintenance (ftype 8) and flow control (ftype 7) packets never
 * cause a CCP, for every prio, CRF and VC. */
static void fcsw_maintenance_and_flow_control_packets_never_generate(void)
{
    CHECK_EQ(start(RIO_FCSW_SWITCH, RIO_TT_DEV16, 2, 8), RIO_OK);
    CHECK_EQ(port_control(1, FC_BIT), RIO_OK);
    for (unsigned ft = FT_FC; ft <= FT_MAINT; ft++)
        for (unsigned vc = 0; vc <= 8; vc++)
            for (unsigned prio = 0; prio < 4; prio++)
                for (unsigned crf = 0; crf < 2; crf++) {
                    struct rio_fcsw_packet p = pkt(ft, prio, crf, 0x10, 0x20, 1);
                    p.vc = (uint8_t)vc;
                    unsigned at = ft * 1000 + vc * 100 + prio * 10 + crf;
                    CHECK_EQ_AT(at, congested(0, p), RIO_OK);
                    CHECK_EQ_AT(at, out.n_send, 0u);
                    CHECK_EQ_AT(at, out.chosen, -1);
                    CHECK_EQ_AT(at, out.verdict, ft == FT_FC ? RIO_FCSW_NEVER_FLOW_CONTROL
                                                              : RIO_FCSW_NEVER_MAINTENANCE);
                }
    CHECK_EQ(rio_fcsw_list_len(&sw), 0u);
}

/* Table 2-1 Illegal cells (request prio 3, response prio 0) cause no CCP. */
static void fcsw_illegal_table_2_1_cells_generate_nothing(void)
{
    CHECK_EQ(start(RIO_FCSW_SWITCH, RIO_TT_DEV8, 2, 8), RIO_OK);
    CHECK_EQ(port_control(1, FC_BIT), RIO_OK);
    CHECK_EQ(congested(0, pkt(FT_NWRITE, 3, 0, 1, 2, 1)), RIO_OK);
    CHECK_EQ(out.verdict, RIO_FCSW_ILLEGAL_PRIO);
    CHECK_EQ(out.n_send, 0u);
    CHECK_EQ(congested(0, pkt(FT_RESP, 0, 0, 1, 2, 1)), RIO_OK);
    CHECK_EQ(out.verdict, RIO_FCSW_ILLEGAL_PRIO);
    CHECK_EQ(rio_fcsw_list_len(&sw), 0u);
}

/* P9-2.4.3-c: with target_responses 0 only request packets are XOFF'd. */
static void fcsw_responses_are_skipped_when_configured(void)
{
    struct rio_fcsw_cfg c = cfg_of(RIO_FCSW_SWITCH, RIO_TT_DEV8, 2, 8);
    c.target_responses = 0;
    CHECK_EQ(rio_fcsw_init(&sw, &c), RIO_OK);
    CHECK_EQ(port_control(1, FC_BIT), RIO_OK);
    CHECK_EQ(congested(0, pkt(FT_RESP, 1, 0, 1, 2, 1)), RIO_OK);
    CHECK_EQ(out.verdict, RIO_FCSW_RESPONSE_SKIPPED);
    CHECK_EQ(out.n_send, 0u);
    CHECK_EQ(congested(0, pkt(FT_NWRITE, 1, 0, 1, 2, 1)), RIO_OK);
    CHECK_EQ(out.verdict, RIO_FCSW_XOFF_SENT);
}

/* I-FCSW-1 end to end: a prio 3 response is XOFF'd as flow A (LOWEST) or C
 * (UNPROMOTED); a prio 2 request as flow C. */
static void fcsw_response_pick_policy_reaches_the_ccp(void)
{
    struct rio_fcsw_cfg c = cfg_of(RIO_FCSW_SWITCH, RIO_TT_DEV8, 2, 8);
    for (unsigned p = 0; p < 2; p++) {
        c.response_pick = (enum rio_fcsw_pick)p;
        CHECK_EQ(rio_fcsw_init(&sw, &c), RIO_OK);
        CHECK_EQ(port_control(1, FC_BIT), RIO_OK);
        CHECK_EQ(congested(0, pkt(FT_RESP, 3, 0, 1, 2, 1)), RIO_OK);
        CHECK_EQ_AT(p, out.send[0].pkt.ccp.flow_id, p ? 2 : 0);
        CHECK_EQ(congested(0, pkt(FT_NWRITE, 2, 0, 1, 2, 1)), RIO_OK);
        if (p == 1) { /* C from a response is the same flow: listed */
            CHECK_EQ(out.verdict, RIO_FCSW_ALREADY_CONTROLLED);
        } else {
            CHECK_EQ(out.send[0].pkt.ccp.flow_id, 2);
        }
    }
}

/* ---- Flow Control Participant gating (4.2.2) ---- */

/* P9-4.2.2-a: bit 13 resets to 0: no CCP is issued to a port until it is set;
 * other bits of the register do not enable it. Port 0 and the last port. */
static void fcsw_no_ccp_is_issued_to_a_non_participant_port(void)
{
    const unsigned ports = RIO_FCSW_PORTS_MAX;
    CHECK_EQ(start(RIO_FCSW_SWITCH, RIO_TT_DEV16, ports, 8), RIO_OK);
    for (unsigned port = 0; port < ports; port++) {
        uint32_t csr = 0xFFFF;
        CHECK_EQ_AT(port, rio_fcsw_port_control(&csr, &sw, port), RIO_OK);
        CHECK_EQ_AT(port, csr, 0);
    }
    const unsigned edge[2] = {0, ports - 1};
    for (unsigned k = 0; k < 2; k++) {
        unsigned port = edge[k];
        CHECK_EQ(congested(5, pkt(FT_NWRITE, 0, 0, 0x100 + port, 0x200, port)), RIO_OK);
        CHECK_EQ_AT(port, out.verdict, RIO_FCSW_NOT_PARTICIPANT);
        CHECK_EQ_AT(port, out.n_send, 0u);
        CHECK_EQ(port_control(port, ~FC_BIT), RIO_OK);
        uint32_t csr = 0;
        CHECK_EQ(rio_fcsw_port_control(&csr, &sw, port), RIO_OK);
        CHECK_EQ_AT(port, csr, FA_BIT);
        CHECK_EQ(congested(5, pkt(FT_NWRITE, 0, 0, 0x100 + port, 0x200, port)), RIO_OK);
        CHECK_EQ_AT(port, out.verdict, RIO_FCSW_NOT_PARTICIPANT);
        CHECK_EQ(port_control(port, FC_BIT), RIO_OK);
        CHECK_EQ(congested(5, pkt(FT_NWRITE, 0, 0, 0x100 + port, 0x200, port)), RIO_OK);
        CHECK_EQ_AT(port, out.verdict, RIO_FCSW_XOFF_SENT);
        CHECK_EQ_AT(port, out.send[0].port, port);
    }
    CHECK_EQ(rio_fcsw_list_len(&sw), 2u);
    uint32_t csr;
    CHECK_EQ(rio_fcsw_port_control(&csr, &sw, ports), RIO_ERANGE);
    CHECK_EQ(port_control(ports, FC_BIT), RIO_ERANGE);
}

/* I-FCSW-6, P9-2.4.2.2-b: an XON due for a port that stopped participating
 * is held, the flow stays listed, and the XON goes out when bit 13 is set
 * again. */
static void fcsw_held_xon_goes_out_when_the_port_participates_again(void)
{
    CHECK_EQ(start(RIO_FCSW_SWITCH, RIO_TT_DEV8, 4, 8), RIO_OK);
    CHECK_EQ(port_control(2, FC_BIT), RIO_OK);
    CHECK_EQ(congested(1, pkt(FT_NWRITE, 1, 0, 0x21, 0x31, 2)), RIO_OK);
    CHECK_EQ(port_control(2, 0), RIO_OK);
    CHECK_EQ(out.n_send, 0u);
    CHECK_EQ(abated_port(1), RIO_OK);
    CHECK_EQ(out.verdict, RIO_FCSW_XON_HELD);
    CHECK_EQ(out.n_held, 1u);
    CHECK_EQ(out.n_send, 0u);
    struct rio_fcsw_entry e;
    CHECK_EQ(rio_fcsw_list_entry(&e, &sw, 0), RIO_OK);
    CHECK_EQ(e.state, RIO_FCSW_WAIT_PARTICIPANT);
    CHECK_EQ(abated_flow(0x21, 0x31, 1), RIO_OK); /* still held */
    CHECK_EQ(out.verdict, RIO_FCSW_XON_HELD);
    CHECK_EQ(port_control(3, FC_BIT), RIO_OK);    /* another port: nothing */
    CHECK_EQ(out.n_send, 0u);
    CHECK_EQ(port_control(2, FC_BIT | FA_BIT), RIO_OK);
    CHECK_EQ(out.verdict, RIO_FCSW_XON_SENT);
    CHECK_EQ(out.n_send, 1u);
    CHECK_EQ(out.send[0].why, RIO_FCSW_SEND_XON_RESUMED);
    CHECK_EQ(out.send[0].port, 2);
    CHECK_EQ(out.send[0].pkt.ccp.xon, 1);
    CHECK_EQ(out.send[0].pkt.destination_id, 0x21);
    CHECK_EQ(out.send[0].pkt.ccp.flow_id, 1);
    CHECK_EQ(rio_fcsw_list_len(&sw), 0u);
    CHECK_EQ(port_control(2, FC_BIT), RIO_OK); /* 1 -> 1: nothing more */
    CHECK_EQ(out.n_send, 0u);
}

/* ---- controlled flow list (2.4.2.2, 2.4.6 rule 3) ---- */

/* I-FCSW-5: one XOFF per listed flow; flow identity is (destinationID,
 * tgtdestinationID, flowID), not the port. */
static void fcsw_listed_flow_is_not_xoffd_twice(void)
{
    CHECK_EQ(start(RIO_FCSW_SWITCH, RIO_TT_DEV8, 4, 8), RIO_OK);
    CHECK_EQ(port_control(1, FC_BIT), RIO_OK);
    CHECK_EQ(port_control(2, FC_BIT), RIO_OK);
    CHECK_EQ(congested(0, pkt(FT_NWRITE, 0, 0, 5, 6, 1)), RIO_OK);
    CHECK_EQ(out.verdict, RIO_FCSW_XOFF_SENT);
    CHECK_EQ(congested(0, pkt(FT_NWRITE, 0, 1, 5, 6, 2)), RIO_OK);
    CHECK_EQ(out.verdict, RIO_FCSW_ALREADY_CONTROLLED);
    CHECK_EQ(out.n_send, 0u);
    CHECK_EQ(congested(0, pkt(FT_RESP, 1, 0, 5, 6, 1)), RIO_OK); /* also flow A */
    CHECK_EQ(out.verdict, RIO_FCSW_ALREADY_CONTROLLED);
    CHECK_EQ(congested(0, pkt(FT_NWRITE, 1, 0, 5, 6, 1)), RIO_OK); /* flow B */
    CHECK_EQ(out.verdict, RIO_FCSW_XOFF_SENT);
    CHECK_EQ(congested(0, pkt(FT_NWRITE, 0, 0, 5, 7, 1)), RIO_OK); /* other tgt */
    CHECK_EQ(out.verdict, RIO_FCSW_XOFF_SENT);
    CHECK_EQ(rio_fcsw_list_len(&sw), 3u);
    /* One XON each, and then the flows are new again. */
    CHECK_EQ(abated_port(0), RIO_OK);
    CHECK_EQ(out.n_send, 3u);
    CHECK_EQ(congested(0, pkt(FT_NWRITE, 0, 0, 5, 6, 1)), RIO_OK);
    CHECK_EQ(out.verdict, RIO_FCSW_XOFF_SENT);
}

/* P9-2.4.6-3, P9-2.4.5-4: each entry keeps what its XON needs; abatement of a
 * port XONs that port's flows, oldest XOFF first, each to the port its XOFF
 * used, and only those. */
static void fcsw_abated_port_xons_its_flows_oldest_first(void)
{
    CHECK_EQ(start(RIO_FCSW_SWITCH, RIO_TT_DEV8, 8, 8), RIO_OK);
    for (unsigned p = 1; p <= 3; p++)
        CHECK_EQ(port_control(p, FC_BIT), RIO_OK);
    CHECK_EQ(congested(5, pkt(FT_NWRITE, 2, 0, 0x11, 0xA0, 1)), RIO_OK);
    CHECK_EQ(congested(6, pkt(FT_NWRITE, 0, 0, 0x33, 0xA0, 3)), RIO_OK);
    CHECK_EQ(congested(5, pkt(FT_RESP, 1, 0, 0x22, 0xA1, 2)), RIO_OK);
    CHECK_EQ(abated_port(5), RIO_OK);
    CHECK_EQ(out.verdict, RIO_FCSW_XON_SENT);
    CHECK_EQ(out.n_send, 2u);
    CHECK_EQ(out.send[0].port, 1);
    CHECK_EQ(out.send[0].pkt.destination_id, 0x11);
    CHECK_EQ(out.send[0].pkt.ccp.tgt_destination_id, 0xA0);
    CHECK_EQ(out.send[0].pkt.ccp.flow_id, 2);
    CHECK_EQ(out.send[1].port, 2);
    CHECK_EQ(out.send[1].pkt.destination_id, 0x22);
    CHECK_EQ(out.send[1].pkt.ccp.tgt_destination_id, 0xA1);
    CHECK_EQ(out.send[1].pkt.ccp.flow_id, 0);
    CHECK_EQ(out.send[1].pkt.ccp.xon, 1);
    CHECK_EQ(rio_fcsw_list_len(&sw), 1u);
    CHECK_EQ(listed(0x33, 0xA0, 0), 0);
    CHECK_EQ(abated_port(5), RIO_OK);
    CHECK_EQ(out.verdict, RIO_FCSW_NONE);
    CHECK_EQ(out.n_send, 0u);
}

static void fcsw_abated_flow_xons_that_flow_only(void)
{
    CHECK_EQ(start(RIO_FCSW_SWITCH, RIO_TT_DEV8, 4, 8), RIO_OK);
    CHECK_EQ(port_control(1, FC_BIT), RIO_OK);
    CHECK_EQ(congested(0, pkt(FT_NWRITE, 0, 0, 1, 9, 1)), RIO_OK);
    CHECK_EQ(congested(0, pkt(FT_NWRITE, 1, 0, 2, 9, 1)), RIO_OK);
    CHECK_EQ(abated_flow(2, 9, 1), RIO_OK);
    CHECK_EQ(out.verdict, RIO_FCSW_XON_SENT);
    CHECK_EQ(out.n_send, 1u);
    CHECK_EQ(out.send[0].pkt.destination_id, 2);
    CHECK_EQ(listed(1, 9, 0), 0);
    CHECK_EQ(abated_flow(2, 9, 1), RIO_ENOENT);
    CHECK_EQ(abated_flow(1, 9, 1), RIO_ENOENT);
    CHECK_EQ(abated_flow(1, 9, 0x80), RIO_ERANGE);
    CHECK_EQ(rio_fcsw_list_len(&sw), 1u);
}

/* P9-2.4.2.2-b, I-FCSW-4: with the list full, a more important XOFF replaces
 * the least important entry: XON for it first, then the new XOFF. A flow no
 * more important gets no XOFF (LIST_FULL) and nothing is forgotten. */
static void fcsw_full_list_xons_a_less_important_flow_early(void)
{
    CHECK_EQ(start(RIO_FCSW_SWITCH, RIO_TT_DEV8, 4, 2), RIO_OK);
    CHECK_EQ(port_control(1, FC_BIT), RIO_OK);
    CHECK_EQ(congested(0, pkt(FT_NWRITE, 1, 1, 2, 9, 1)), RIO_OK); /* B, CRF 1 */
    CHECK_EQ(congested(0, pkt(FT_NWRITE, 2, 0, 3, 9, 1)), RIO_OK); /* C */
    CHECK_EQ(congested(0, pkt(FT_NWRITE, 0, 0, 4, 9, 1)), RIO_OK); /* A < B */
    CHECK_EQ(out.verdict, RIO_FCSW_LIST_FULL);
    CHECK_EQ(out.chosen, 0);
    CHECK_EQ(out.n_send, 0u);
    CHECK_EQ(congested(0, pkt(FT_NWRITE, 1, 1, 5, 9, 1)), RIO_OK); /* B CRF 1: equal */
    CHECK_EQ(out.verdict, RIO_FCSW_LIST_FULL);
    CHECK_EQ(congested(0, pkt(FT_RESP, 3, 0, 6, 9, 1)), RIO_OK);   /* response */
    CHECK_EQ(out.verdict, RIO_FCSW_LIST_FULL);
    /* B with CRF 0 beats B with CRF 1 (2.4.3: CRF=0 over CRF=1). */
    CHECK_EQ(congested(0, pkt(FT_NWRITE, 1, 0, 7, 9, 1)), RIO_OK);
    CHECK_EQ(out.verdict, RIO_FCSW_XOFF_SENT_REPLACING);
    CHECK_EQ(out.n_send, 2u);
    CHECK_EQ(out.send[0].why, RIO_FCSW_SEND_XON_EARLY);
    CHECK_EQ(out.send[0].pkt.ccp.xon, 1);
    CHECK_EQ(out.send[0].pkt.destination_id, 2);
    CHECK_EQ(out.send[0].pkt.ccp.flow_id, 1);
    CHECK_EQ(out.send[1].why, RIO_FCSW_SEND_XOFF);
    CHECK_EQ(out.send[1].pkt.ccp.xon, 0);
    CHECK_EQ(out.send[1].pkt.destination_id, 7);
    CHECK_EQ(rio_fcsw_list_len(&sw), 2u);
    CHECK_EQ(listed(2, 9, 1), RIO_ENOENT);
    CHECK_EQ(listed(3, 9, 2), 0);
    CHECK_EQ(listed(7, 9, 1), 1);
    /* A higher flow beats a lower one. */
    CHECK_EQ(congested(0, pkt(FT_NWRITE, 2, 0, 8, 9, 1)), RIO_OK); /* C > B */
    CHECK_EQ(out.verdict, RIO_FCSW_XOFF_SENT_REPLACING);
    CHECK_EQ(out.send[0].pkt.destination_id, 7);
}

/* 2.4.3 "preferably ... request packets, not response packets": a response-
 * derived entry is the first victim, ties go to the oldest entry. */
static void fcsw_full_list_victim_is_response_first_then_oldest(void)
{
    CHECK_EQ(start(RIO_FCSW_SWITCH, RIO_TT_DEV8, 4, 2), RIO_OK);
    CHECK_EQ(port_control(1, FC_BIT), RIO_OK);
    CHECK_EQ(congested(0, pkt(FT_NWRITE, 0, 0, 1, 9, 1)), RIO_OK); /* request A */
    CHECK_EQ(congested(0, pkt(FT_RESP, 3, 0, 2, 9, 1)), RIO_OK);   /* response A */
    CHECK_EQ(congested(0, pkt(FT_NWRITE, 0, 0, 3, 9, 1)), RIO_OK); /* request A */
    CHECK_EQ(out.verdict, RIO_FCSW_XOFF_SENT_REPLACING);
    CHECK_EQ(out.send[0].pkt.destination_id, 2);
    /* Two equal request-A entries: the oldest (source 1) goes first. */
    CHECK_EQ(congested(0, pkt(FT_NWRITE, 1, 0, 4, 9, 1)), RIO_OK);
    CHECK_EQ(out.verdict, RIO_FCSW_XOFF_SENT_REPLACING);
    CHECK_EQ(out.send[0].pkt.destination_id, 1);
}

/* I-FCSW-6 with P9-2.4.2.2-b: an entry whose XON cannot be sent now (port
 * not participating) is never the victim; it is kept. */
static void fcsw_full_list_never_replaces_an_entry_it_cannot_xon(void)
{
    CHECK_EQ(start(RIO_FCSW_SWITCH, RIO_TT_DEV8, 4, 1), RIO_OK);
    CHECK_EQ(port_control(1, FC_BIT), RIO_OK);
    CHECK_EQ(port_control(2, FC_BIT), RIO_OK);
    CHECK_EQ(congested(0, pkt(FT_NWRITE, 0, 0, 1, 9, 1)), RIO_OK);
    CHECK_EQ(port_control(1, 0), RIO_OK);
    CHECK_EQ(congested(0, pkt(FT_NWRITE, 2, 0, 2, 9, 2)), RIO_OK);
    CHECK_EQ(out.verdict, RIO_FCSW_LIST_FULL);
    CHECK_EQ(out.n_send, 0u);
    CHECK_EQ(listed(1, 9, 0), 0);
}

/* ---- candidate choice (2.4.3, A.1) ---- */

static void fcsw_candidate_choice_prefers_request_then_priority_then_crf0(void)
{
    CHECK_EQ(start(RIO_FCSW_SWITCH, RIO_TT_DEV8, 4, 8), RIO_OK);
    CHECK_EQ(port_control(1, FC_BIT), RIO_OK);
    struct rio_fcsw_packet c[3];
    c[0] = pkt(FT_RESP, 2, 0, 1, 9, 1);   /* response */
    c[1] = pkt(FT_NWRITE, 0, 0, 2, 9, 1); /* request A */
    CHECK_EQ(congested_n(0, 2, c), RIO_OK);
    CHECK_EQ(out.chosen, 1);
    CHECK_EQ(out.candidate[0], RIO_FCSW_NOT_CHOSEN);
    CHECK_EQ(out.candidate[1], RIO_FCSW_XOFF_SENT);
    CHECK_EQ(out.send[0].pkt.destination_id, 2);
    c[0] = pkt(FT_NWRITE, 1, 1, 3, 9, 1); /* B, CRF 1 */
    c[1] = pkt(FT_NWRITE, 1, 0, 4, 9, 1); /* B, CRF 0 */
    CHECK_EQ(congested_n(0, 2, c), RIO_OK);
    CHECK_EQ(out.chosen, 1);
    c[0] = pkt(FT_NWRITE, 0, 0, 5, 9, 1); /* A */
    c[1] = pkt(FT_NWRITE, 2, 1, 6, 9, 1); /* C, CRF 1 */
    c[2] = pkt(FT_NWRITE, 1, 0, 7, 9, 1); /* B */
    CHECK_EQ(congested_n(0, 3, c), RIO_OK);
    CHECK_EQ(out.chosen, 1);
    c[0] = pkt(FT_NWRITE, 1, 0, 8, 9, 1); /* equal: the first wins */
    c[1] = pkt(FT_NWRITE, 1, 0, 9, 9, 1);
    CHECK_EQ(congested_n(0, 2, c), RIO_OK);
    CHECK_EQ(out.chosen, 0);
    CHECK_EQ(out.n_send, 1u);
}

/* Each candidate gets its own verdict; when none is eligible the event's
 * verdict is candidate 0's. */
static void fcsw_each_candidate_gets_a_verdict(void)
{
    CHECK_EQ(start(RIO_FCSW_SWITCH, RIO_TT_DEV8, 4, 8), RIO_OK);
    CHECK_EQ(port_control(1, FC_BIT), RIO_OK);
    CHECK_EQ(congested(0, pkt(FT_NWRITE, 1, 0, 0x44, 9, 1)), RIO_OK);
    struct rio_fcsw_packet c[RIO_FCSW_CANDIDATES_MAX];
    c[0] = pkt(FT_MAINT, 0, 0, 1, 9, 1);
    c[1] = pkt(FT_FC, 0, 0, 1, 9, 1);
    c[2] = pkt(FT_NWRITE, 3, 0, 1, 9, 1);  /* Illegal */
    c[3] = pkt(FT_NWRITE, 0, 0, 1, 9, 2);  /* port 2 not participating */
    c[4] = pkt(FT_NWRITE, 1, 0, 0x44, 9, 1); /* listed */
    c[5] = pkt(FT_NWRITE, 0, 0, 1, 9, 1);
    c[6] = pkt(FT_NWRITE, 0, 0, 2, 9, 1);
    c[7] = pkt(FT_RESP, 0, 0, 2, 9, 1);    /* Illegal */
    CHECK_EQ(congested_n(0, 8, c), RIO_OK);
    static const enum rio_fcsw_verdict want[8] = {
        RIO_FCSW_NEVER_MAINTENANCE, RIO_FCSW_NEVER_FLOW_CONTROL, RIO_FCSW_ILLEGAL_PRIO,
        RIO_FCSW_NOT_PARTICIPANT,   RIO_FCSW_ALREADY_CONTROLLED, RIO_FCSW_XOFF_SENT,
        RIO_FCSW_NOT_CHOSEN,        RIO_FCSW_ILLEGAL_PRIO};
    for (unsigned i = 0; i < 8; i++)
        CHECK_EQ_AT(i, out.candidate[i], want[i]);
    CHECK_EQ(out.chosen, 5);
    CHECK_EQ(out.verdict, RIO_FCSW_XOFF_SENT);
    CHECK_EQ(congested_n(0, 5, c), RIO_OK); /* none eligible now */
    CHECK_EQ(out.chosen, -1);
    CHECK_EQ(out.verdict, RIO_FCSW_NEVER_MAINTENANCE);
}

/* ---- routing CCPs (2.4.2, 2.4.4, 2.4.6, 4.2.2) ---- */

static struct rio_ccp_packet ccp_pkt(unsigned xon, unsigned fam, uint32_t dest, unsigned soc)
{
    struct rio_ccp_packet p;
    memset(&p, 0, sizeof p);
    p.crf = 1;
    p.prio = 3;
    p.tt = RIO_TT_DEV16;
    p.ftype = 7;
    p.destination_id = dest;
    p.ccp.xon = (uint8_t)xon;
    p.ccp.fam = (uint8_t)fam;
    p.ccp.tgt_destination_id = 0x4242;
    p.ccp.soc = (uint8_t)soc;
    return p;
}

static int forward(unsigned in, unsigned outp, unsigned no_buffer, struct rio_ccp_packet p)
{
    struct rio_fcsw_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = RIO_FCSW_EV_FORWARD;
    ev.in_port = (uint16_t)in;
    ev.port = (uint16_t)outp;
    ev.no_buffer = (uint8_t)no_buffer;
    ev.ccp = p;
    return rio_fcsw_step(&sw, &ev, &out);
}

/* P9-2.4.4-a: CCPs between one input/output pair leave in arrival order,
 * unchanged (I-FCSW-7: each in the step that receives it). */
static void fcsw_forwarded_ccps_leave_in_order_unchanged(void)
{
    CHECK_EQ(start(RIO_FCSW_SWITCH, RIO_TT_DEV8, 4, 8), RIO_OK);
    CHECK_EQ(port_control(3, FC_BIT), RIO_OK);
    for (uint32_t i = 0; i < 5; i++) {
        struct rio_ccp_packet p = ccp_pkt(i & 1u, 0, 0x1000 + i, 1);
        CHECK_EQ(forward(0, 3, 0, p), RIO_OK);
        CHECK_EQ_AT(i, out.verdict, RIO_FCSW_FORWARDED);
        CHECK_EQ_AT(i, out.n_send, 1u);
        CHECK_EQ_AT(i, out.send[0].port, 3);
        CHECK_EQ_AT(i, out.send[0].why, RIO_FCSW_SEND_FORWARD);
        CHECK_EQ_AT(i, memcmp(&out.send[0].pkt, &p, sizeof p), 0);
    }
    CHECK_EQ(rio_fcsw_list_len(&sw), 0u); /* routing lists nothing */
}

/* P9-4.2.2-a/b, I-FCSW-6: XON/XOFF are routed only to a port with bit 13,
 * arbitration messages only to a port with bit 15. */
static void fcsw_routing_is_gated_by_the_participant_bits(void)
{
    CHECK_EQ(start(RIO_FCSW_SWITCH, RIO_TT_DEV8, 4, 8), RIO_OK);
    CHECK_EQ(forward(0, 1, 0, ccp_pkt(0, 0, 1, 0)), RIO_OK);
    CHECK_EQ(out.verdict, RIO_FCSW_NOT_PARTICIPANT);
    CHECK_EQ(out.n_send, 0u);
    CHECK_EQ(port_control(1, FC_BIT), RIO_OK);
    CHECK_EQ(forward(0, 1, 0, ccp_pkt(0, 0, 1, 0)), RIO_OK);
    CHECK_EQ(out.verdict, RIO_FCSW_FORWARDED);
    CHECK_EQ(forward(0, 1, 0, ccp_pkt(0, 1, 1, 0)), RIO_OK); /* undefined FAM */
    CHECK_EQ(out.verdict, RIO_FCSW_FORWARDED);
    for (unsigned fam = 2; fam < 8; fam++) { /* XOFF(ARB), RELEASE, reserved 11Y */
        CHECK_EQ(forward(0, 1, 0, ccp_pkt(0, fam, 1, 0)), RIO_OK);
        CHECK_EQ_AT(fam, out.verdict, fam >= 6 ? RIO_FCSW_FORWARDED : RIO_FCSW_NOT_PARTICIPANT);
        CHECK_EQ(forward(0, 1, 0, ccp_pkt(1, fam, 1, 0)), RIO_OK); /* XON(ARB), REQUEST */
        CHECK_EQ_AT(fam, out.verdict, RIO_FCSW_NOT_PARTICIPANT);
    }
    CHECK_EQ(port_control(2, FA_BIT), RIO_OK);
    CHECK_EQ(forward(0, 2, 0, ccp_pkt(1, 6, 1, 0)), RIO_OK); /* REQUEST multi */
    CHECK_EQ(out.verdict, RIO_FCSW_FORWARDED);
    CHECK_EQ(forward(0, 2, 0, ccp_pkt(1, 0, 1, 0)), RIO_OK); /* plain XON */
    CHECK_EQ(out.verdict, RIO_FCSW_NOT_PARTICIPANT);
    /* With arb_requires_fc_participant an arbitration message needs both. */
    struct rio_fcsw_cfg c = cfg_of(RIO_FCSW_SWITCH, RIO_TT_DEV8, 4, 8);
    c.arb_requires_fc_participant = 1;
    CHECK_EQ(rio_fcsw_init(&sw, &c), RIO_OK);
    CHECK_EQ(port_control(2, FA_BIT), RIO_OK);
    CHECK_EQ(forward(0, 2, 0, ccp_pkt(1, 6, 1, 0)), RIO_OK);
    CHECK_EQ(out.verdict, RIO_FCSW_NOT_PARTICIPANT);
    CHECK_EQ(port_control(2, FA_BIT | FC_BIT), RIO_OK);
    CHECK_EQ(forward(0, 2, 0, ccp_pkt(1, 6, 1, 0)), RIO_OK);
    CHECK_EQ(out.verdict, RIO_FCSW_FORWARDED);
    CHECK_EQ(port_control(2, FC_BIT), RIO_OK);
    CHECK_EQ(forward(0, 2, 0, ccp_pkt(0, 2, 1, 0)), RIO_OK); /* XOFF(ARB) */
    CHECK_EQ(out.verdict, RIO_FCSW_NOT_PARTICIPANT);
}

/* P9-2.4.2-b, P9-2.4.6-2: a CCP may be dropped for lack of buffers. */
static void fcsw_ccps_are_dropped_without_buffers_only_if_configured(void)
{
    struct rio_fcsw_cfg c = cfg_of(RIO_FCSW_SWITCH, RIO_TT_DEV8, 4, 8);
    CHECK_EQ(rio_fcsw_init(&sw, &c), RIO_OK);
    CHECK_EQ(port_control(1, FC_BIT), RIO_OK);
    CHECK_EQ(forward(0, 1, 1, ccp_pkt(0, 0, 1, 0)), RIO_OK);
    CHECK_EQ(out.verdict, RIO_FCSW_FORWARDED);
    c.drop_ccp_no_buffer = 1;
    CHECK_EQ(rio_fcsw_init(&sw, &c), RIO_OK);
    CHECK_EQ(port_control(1, FC_BIT), RIO_OK);
    CHECK_EQ(forward(0, 1, 1, ccp_pkt(0, 0, 1, 0)), RIO_OK);
    CHECK_EQ(out.verdict, RIO_FCSW_DROPPED_NO_BUFFER);
    CHECK_EQ(out.n_send, 0u);
    CHECK_EQ(forward(0, 1, 0, ccp_pkt(0, 0, 1, 0)), RIO_OK);
    CHECK_EQ(out.verdict, RIO_FCSW_FORWARDED);
}

static void fcsw_forward_rejects_bad_packets_and_endpoint_role(void)
{
    CHECK_EQ(start(RIO_FCSW_SWITCH, RIO_TT_DEV8, 4, 8), RIO_OK);
    CHECK_EQ(port_control(1, FC_BIT), RIO_OK);
    struct rio_ccp_packet p = ccp_pkt(0, 0, 1, 0);
    p.ftype = 5;
    CHECK_EQ(forward(0, 1, 0, p), RIO_EFORMAT);
    p = ccp_pkt(0, 0, 1, 0);
    p.tt = 3;
    CHECK_EQ(forward(0, 1, 0, p), RIO_ERESERVED);
    p.tt = 4;
    CHECK_EQ(forward(0, 1, 0, p), RIO_ERANGE);
    p = ccp_pkt(0, 0, 0x10000, 0); /* Dev16 ID too wide */
    CHECK_EQ(forward(0, 1, 0, p), RIO_ERANGE);
    p = ccp_pkt(0, 0, 1, 2);
    CHECK_EQ(forward(0, 1, 0, p), RIO_ERANGE);
    p = ccp_pkt(0, 0, 1, 0);
    p.ccp.flow_id = 0x80;
    CHECK_EQ(forward(0, 1, 0, p), RIO_ERANGE);
    CHECK_EQ(forward(4, 1, 0, ccp_pkt(0, 0, 1, 0)), RIO_ERANGE);
    CHECK_EQ(forward(0, 4, 0, ccp_pkt(0, 0, 1, 0)), RIO_ERANGE);
    CHECK_EQ(forward(0, 1, 2, ccp_pkt(0, 0, 1, 0)), RIO_ERANGE);
    struct rio_fcsw_cfg c = cfg_of(RIO_FCSW_SWITCH, RIO_TT_DEV8, 4, 8);
    c.rev = RIO_P9_REV2;
    CHECK_EQ(rio_fcsw_init(&sw, &c), RIO_OK);
    p = ccp_pkt(0, 0, 1, 0);
    p.tt = RIO_TT_DEV32;
    CHECK_EQ(forward(0, 1, 0, p), RIO_EREVISION);
    CHECK_EQ(start(RIO_FCSW_ENDPOINT, RIO_TT_DEV8, 4, 8), RIO_OK);
    CHECK_EQ(forward(0, 1, 0, ccp_pkt(0, 0, 1, 0)), RIO_ENOTSUP);
}

/* ---- configuration and argument errors ---- */

static void fcsw_init_accepts_boundaries_and_rejects_bad_config(void)
{
    struct rio_fcsw_cfg c = cfg_of(RIO_FCSW_SWITCH, RIO_TT_DEV8, 1, 1);
    CHECK_EQ(rio_fcsw_init(&sw, &c), RIO_OK);
    c = cfg_of(RIO_FCSW_ENDPOINT, RIO_TT_DEV32, RIO_FCSW_PORTS_MAX, RIO_FCSW_LIST_MAX);
    CHECK_EQ(rio_fcsw_init(&sw, &c), RIO_OK);
    CHECK_EQ(rio_fcsw_init(NULL, &c), RIO_EINVAL);
    CHECK_EQ(rio_fcsw_init(&sw, NULL), RIO_EINVAL);
    c.rev = RIO_P9_REV2;
    CHECK_EQ(rio_fcsw_init(&sw, &c), RIO_EREVISION); /* Dev32 is rev 3+ */
    c = cfg_of(RIO_FCSW_SWITCH, 3, 4, 4);
    CHECK_EQ(rio_fcsw_init(&sw, &c), RIO_ERESERVED);
    c = cfg_of(RIO_FCSW_SWITCH, 4, 4, 4);
    CHECK_EQ(rio_fcsw_init(&sw, &c), RIO_ERANGE);
    c = cfg_of(RIO_FCSW_SWITCH, RIO_TT_DEV8, 0, 4);
    CHECK_EQ(rio_fcsw_init(&sw, &c), RIO_ERANGE);
    c = cfg_of(RIO_FCSW_SWITCH, RIO_TT_DEV8, RIO_FCSW_PORTS_MAX + 1, 4);
    CHECK_EQ(rio_fcsw_init(&sw, &c), RIO_ERANGE);
    c = cfg_of(RIO_FCSW_SWITCH, RIO_TT_DEV8, 4, 0);
    CHECK_EQ(rio_fcsw_init(&sw, &c), RIO_ERANGE);
    c = cfg_of(RIO_FCSW_SWITCH, RIO_TT_DEV8, 4, RIO_FCSW_LIST_MAX + 1);
    CHECK_EQ(rio_fcsw_init(&sw, &c), RIO_ERANGE);
    c = cfg_of((enum rio_fcsw_role)2, RIO_TT_DEV8, 4, 4);
    CHECK_EQ(rio_fcsw_init(&sw, &c), RIO_EINVAL);
    c = cfg_of(RIO_FCSW_SWITCH, RIO_TT_DEV8, 4, 4);
    c.response_pick = (enum rio_fcsw_pick)2;
    CHECK_EQ(rio_fcsw_init(&sw, &c), RIO_EINVAL);
    c = cfg_of(RIO_FCSW_SWITCH, RIO_TT_DEV8, 4, 4);
    c.crf_supported = 2;
    CHECK_EQ(rio_fcsw_init(&sw, &c), RIO_EINVAL);
    c = cfg_of(RIO_FCSW_SWITCH, RIO_TT_DEV8, 4, 4);
    c.arb_requires_fc_participant = 2;
    CHECK_EQ(rio_fcsw_init(&sw, &c), RIO_EINVAL);
    c = cfg_of(RIO_FCSW_SWITCH, RIO_TT_DEV8, 4, 4);
    c.rev = (enum rio_p9_rev)1;
    CHECK_EQ(rio_fcsw_init(&sw, &c), RIO_EINVAL);
    CHECK_EQ(abated_port(0), RIO_ESTATE); /* failed init: unusable */
}

static void fcsw_step_rejects_bad_events_and_changes_nothing(void)
{
    struct rio_fcsw_event ev;
    memset(&sw, 0, sizeof sw);
    CHECK_EQ(abated_port(0), RIO_ESTATE);
    CHECK_EQ(rio_fcsw_list_len(&sw), 0u);
    CHECK_EQ(start(RIO_FCSW_SWITCH, RIO_TT_DEV8, 4, 8), RIO_OK);
    CHECK_EQ(port_control(1, FC_BIT), RIO_OK);
    memset(&ev, 0, sizeof ev);
    CHECK_EQ(rio_fcsw_step(NULL, &ev, &out), RIO_EINVAL);
    CHECK_EQ(rio_fcsw_step(&sw, NULL, &out), RIO_EINVAL);
    CHECK_EQ(rio_fcsw_step(&sw, &ev, NULL), RIO_EINVAL);
    ev.type = (enum rio_fcsw_event_type)5;
    CHECK_EQ(rio_fcsw_step(&sw, &ev, &out), RIO_EINVAL);
    /* A bad candidate anywhere rejects the whole event. */
    struct rio_fcsw_packet c[2] = {pkt(FT_NWRITE, 0, 0, 1, 2, 1), pkt(FT_NWRITE, 0, 0, 0x100, 2, 1)};
    CHECK_EQ(congested_n(0, 2, c), RIO_ERANGE); /* Dev8 source ID too wide */
    c[1] = pkt(16, 0, 0, 1, 2, 1);
    CHECK_EQ(congested_n(0, 2, c), RIO_ERANGE);
    c[1] = pkt(FT_NWRITE, 4, 0, 1, 2, 1);
    CHECK_EQ(congested_n(0, 2, c), RIO_ERANGE);
    c[1] = pkt(FT_NWRITE, 0, 2, 1, 2, 1);
    CHECK_EQ(congested_n(0, 2, c), RIO_ERANGE);
    c[1] = pkt(FT_NWRITE, 0, 0, 1, 2, 4);
    CHECK_EQ(congested_n(0, 2, c), RIO_ERANGE);
    c[1] = pkt(FT_NWRITE, 0, 0, 1, 0x100, 1);
    CHECK_EQ(congested_n(0, 2, c), RIO_ERANGE);
    c[1] = pkt(FT_NWRITE, 0, 0, 1, 2, 1);
    c[1].vc = 9;
    CHECK_EQ(congested_n(0, 2, c), RIO_ERANGE);
    CHECK_EQ(congested_n(4, 1, c), RIO_ERANGE);
    CHECK_EQ(congested_n(0, 0, c), RIO_ERANGE);
    struct rio_fcsw_packet many[RIO_FCSW_CANDIDATES_MAX];
    for (unsigned i = 0; i < RIO_FCSW_CANDIDATES_MAX; i++)
        many[i] = c[0];
    CHECK_EQ(congested_n(0, RIO_FCSW_CANDIDATES_MAX + 1, many), RIO_ERANGE);
    CHECK_EQ(abated_port(4), RIO_ERANGE);
    CHECK_EQ(rio_fcsw_list_len(&sw), 0u);
    /* Queries. */
    struct rio_fcsw_entry e;
    struct rio_fcsw_flow_key k = {1, 2, 0};
    CHECK_EQ(rio_fcsw_list_entry(&e, &sw, 0), RIO_ENOENT);
    CHECK_EQ(rio_fcsw_list_entry(NULL, &sw, 0), RIO_EINVAL);
    CHECK_EQ(rio_fcsw_find(&sw, NULL), RIO_EINVAL);
    CHECK_EQ(rio_fcsw_find(NULL, &k), RIO_EINVAL);
    CHECK_EQ(rio_fcsw_find(&sw, &k), RIO_ENOENT);
    CHECK_EQ(rio_fcsw_list_len(NULL), 0u);
    CHECK(strcmp(rio_fcsw_verdict_name(RIO_FCSW_LIST_FULL), "LIST_FULL") == 0);
    CHECK(strcmp(rio_fcsw_verdict_name((enum rio_fcsw_verdict)99), "?") == 0);
}

/* The largest output: every list entry XON'd by one event. */
static void fcsw_one_abatement_can_xon_a_full_list(void)
{
    CHECK_EQ(start(RIO_FCSW_SWITCH, RIO_TT_DEV16, 2, RIO_FCSW_LIST_MAX), RIO_OK);
    CHECK_EQ(port_control(1, FC_BIT), RIO_OK);
    for (uint32_t s = 0; s < RIO_FCSW_LIST_MAX; s++) {
        CHECK_EQ(congested(0, pkt(FT_NWRITE, 0, 0, s, 0xFFFF, 1)), RIO_OK);
        CHECK_EQ_AT(s, out.verdict, RIO_FCSW_XOFF_SENT);
    }
    CHECK_EQ(congested(0, pkt(FT_NWRITE, 0, 0, 999, 0xFFFF, 1)), RIO_OK);
    CHECK_EQ(out.verdict, RIO_FCSW_LIST_FULL);
    CHECK_EQ(abated_port(0), RIO_OK);
    CHECK_EQ(out.n_send, RIO_FCSW_LIST_MAX);
    for (uint32_t s = 0; s < RIO_FCSW_LIST_MAX; s++)
        CHECK_EQ_AT(s, out.send[s].pkt.destination_id, s);
    CHECK_EQ(rio_fcsw_list_len(&sw), 0u);
}

/* ---- end to end with the source end point (rio/fcep.h) ---- */

/* The packed XOFF, unpacked at the source end point, stops the flow and the
 * lower ones (2.4.5 rule 1); the XON restarts them. */
static void fcsw_packed_ccps_stop_and_restart_the_flow_at_the_source(void)
{
    static struct rio_fcep ep;
    static struct rio_fcep_out eout;
    struct rio_fcep_cfg ec;
    memset(&ec, 0, sizeof ec);
    ec.rev = RIO_P9_REV3;
    ec.counter_width = 4;
    ec.capacity = 4;
    ec.orphan_timeout = 1000;
    CHECK_EQ(rio_fcep_init(&ep, &ec), RIO_OK);
    CHECK_EQ(start(RIO_FCSW_SWITCH, RIO_TT_DEV16, 4, 4), RIO_OK);
    CHECK_EQ(port_control(2, FC_BIT), RIO_OK);
    CHECK_EQ(congested(1, pkt(FT_NWRITE, 2, 0, 0x0100, 0x0200, 2)), RIO_OK);
    for (int step = 0; step < 2; step++) {
        uint8_t buf[RIO_CCP_MAX_BYTES];
        size_t len = 0;
        struct rio_ccp_packet rx;
        CHECK_EQ(out.n_send, 1u);
        CHECK_EQ(rio_ccp_pack(buf, sizeof buf, &len, RIO_P9_REV3, &out.send[0].pkt), RIO_OK);
        CHECK_EQ(rio_ccp_unpack(&rx, RIO_P9_REV3, buf, len), RIO_OK);
        CHECK_EQ(rx.destination_id, 0x0100); /* it goes to the source */
        struct rio_fcep_event ev;
        memset(&ev, 0, sizeof ev);
        ev.type = RIO_FCEP_EV_CCP;
        ev.ccp = rx.ccp;
        CHECK_EQ(rio_fcep_step(&ep, &ev, &eout), RIO_OK);
        CHECK_EQ(rio_fcep_flow_enabled(&ep, 0x0200, 0, 0), step);
        CHECK_EQ(rio_fcep_flow_enabled(&ep, 0x0200, 0, 2), step);
        CHECK_EQ(rio_fcep_flow_enabled(&ep, 0x0200, 0, 3), 1);
        CHECK_EQ(abated_port(1), RIO_OK);
    }
}

/* ---- property: random events never forget a flow (2.4.2.2) ---- */

static uint32_t rng_state = 0x2545F491u;
static uint32_t rng(void)
{
    uint32_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return rng_state = x;
}

struct shadow_flow {
    struct rio_fcsw_flow_key key;
    uint16_t port;
};

static int shadow_find(const struct shadow_flow *s, unsigned n, const struct rio_fcsw_flow_key *k)
{
    for (unsigned i = 0; i < n; i++)
        if (s[i].key.destination_id == k->destination_id &&
            s[i].key.tgt_destination_id == k->tgt_destination_id &&
            s[i].key.flow_id == k->flow_id)
            return (int)i;
    return -1;
}

/* After any event sequence: every flow XOFF'd and not yet XON'd (read from
 * the CCPs actually sent) is in the list exactly once and nothing else is;
 * no flow is XOFF'd twice before its XON; every XON answers an outstanding
 * XOFF and goes to the XOFF's port; every CCP sent leaves by a participating
 * port and carries the 2.4.2/3.2 fields; the list never exceeds its
 * capacity; a waiting entry's port does not participate. */
static void fcsw_random_events_never_forget_a_flow(void)
{
    enum { PORTS = 4, CAP = 5 };
    static const unsigned ftypes[] = {FT_NWRITE, FT_NREAD, FT_RESP, FT_MAINT, FT_FC, 11};
    struct shadow_flow shadow[RIO_FCSW_LIST_MAX];
    unsigned n_shadow = 0, xoffs = 0, early = 0, held = 0;
    CHECK_EQ(start(RIO_FCSW_ENDPOINT, RIO_TT_DEV8, PORTS, CAP), RIO_OK);
    for (unsigned n = 0; n < 50000; n++) {
        unsigned r = rng() % 100;
        int err;
        if (r < 55) {
            struct rio_fcsw_packet c[3];
            unsigned k = 1 + rng() % 3;
            for (unsigned i = 0; i < k; i++) {
                c[i] = pkt(ftypes[rng() % 6], rng() % 4, rng() % 2, rng() % 4, 0x80 + rng() % 2,
                           rng() % PORTS);
                c[i].vc = (uint8_t)(rng() % 5 == 0 ? 1 + rng() % 8 : 0);
            }
            err = congested_n(rng() % PORTS, k, c);
        } else if (r < 75) {
            err = abated_port(rng() % PORTS);
        } else if (r < 85) {
            struct rio_fcsw_flow_key k = {rng() % 4, 0x80 + rng() % 2, (uint8_t)(rng() % 3)};
            if (n_shadow && rng() % 2)
                k = shadow[rng() % n_shadow].key;
            err = abated_flow(k.destination_id, k.tgt_destination_id, k.flow_id);
            if (err == RIO_ENOENT) {
                CHECK_EQ_AT(n, shadow_find(shadow, n_shadow, &k), -1);
                continue;
            }
        } else {
            err = port_control(rng() % PORTS, rng() % 3 ? FC_BIT : 0);
        }
        CHECK_EQ_AT(n, err, RIO_OK);
        held += out.n_held;
        for (unsigned i = 0; i < out.n_send; i++) {
            const struct rio_fcsw_send *s = &out.send[i];
            struct rio_fcsw_flow_key k = {s->pkt.destination_id, s->pkt.ccp.tgt_destination_id,
                                          s->pkt.ccp.flow_id};
            uint32_t csr = 0;
            CHECK_EQ(rio_fcsw_port_control(&csr, &sw, s->port), RIO_OK);
            CHECK_EQ_AT(n, (csr & FC_BIT) != 0, 1);
            CHECK_EQ_AT(n, s->pkt.prio, 3);
            CHECK_EQ_AT(n, s->pkt.crf, 1);
            CHECK_EQ_AT(n, s->pkt.ccp.soc, 1);
            CHECK_EQ_AT(n, s->pkt.ccp.fam | s->pkt.ccp.rsrv, 0);
            int at = shadow_find(shadow, n_shadow, &k);
            if (s->pkt.ccp.xon == 0) {
                CHECK_EQ_AT(n, at, -1);
                CHECK(n_shadow < RIO_FCSW_LIST_MAX);
                shadow[n_shadow].key = k;
                shadow[n_shadow].port = s->port;
                n_shadow++;
                xoffs++;
            } else {
                CHECK_EQ_AT(n, at >= 0, 1);
                CHECK_EQ_AT(n, s->port, shadow[at].port);
                shadow[at] = shadow[--n_shadow];
                early += s->why == RIO_FCSW_SEND_XON_EARLY;
            }
        }
        CHECK_EQ_AT(n, rio_fcsw_list_len(&sw), n_shadow);
        CHECK_EQ_AT(n, n_shadow <= CAP, 1);
        for (unsigned i = 0; i < n_shadow; i++) {
            struct rio_fcsw_entry e;
            CHECK_EQ(rio_fcsw_list_entry(&e, &sw, i), RIO_OK);
            CHECK_EQ_AT(n, shadow_find(shadow, n_shadow, &e.flow) >= 0, 1);
            if (e.state == RIO_FCSW_WAIT_PARTICIPANT) {
                uint32_t csr = 0;
                CHECK_EQ(rio_fcsw_port_control(&csr, &sw, e.ccp_port), RIO_OK);
                CHECK_EQ_AT(n, csr & FC_BIT, 0);
            }
        }
    }
    /* The run really exercised XOFFs, early XONs and held XONs. */
    CHECK(xoffs > 1000);
    CHECK(early > 50);
    CHECK(held > 50);
}

int main(int argc, char **argv)
{
    (void)argc;
    RUN(fcsw_ftype_class_of_every_ftype);
    RUN(fcsw_table_2_1_cell_by_cell);
    RUN(fcsw_flow_id_pick_for_every_cell_and_policy);
    RUN(fcsw_endpoint_dev8_xoff_matches_known_answer);
    RUN(fcsw_switch_dev16_xon_matches_known_answer);
    RUN(fcsw_endpoint_dev32_vc1_xoff_matches_known_answer);
    RUN(fcsw_soc_follows_role_and_crf_follows_support);
    RUN(fcsw_maintenance_and_flow_control_packets_never_generate);
    RUN(fcsw_illegal_table_2_1_cells_generate_nothing);
    RUN(fcsw_responses_are_skipped_when_configured);
    RUN(fcsw_response_pick_policy_reaches_the_ccp);
    RUN(fcsw_no_ccp_is_issued_to_a_non_participant_port);
    RUN(fcsw_held_xon_goes_out_when_the_port_participates_again);
    RUN(fcsw_listed_flow_is_not_xoffd_twice);
    RUN(fcsw_abated_port_xons_its_flows_oldest_first);
    RUN(fcsw_abated_flow_xons_that_flow_only);
    RUN(fcsw_full_list_xons_a_less_important_flow_early);
    RUN(fcsw_full_list_victim_is_response_first_then_oldest);
    RUN(fcsw_full_list_never_replaces_an_entry_it_cannot_xon);
    RUN(fcsw_candidate_choice_prefers_request_then_priority_then_crf0);
    RUN(fcsw_each_candidate_gets_a_verdict);
    RUN(fcsw_forwarded_ccps_leave_in_order_unchanged);
    RUN(fcsw_routing_is_gated_by_the_participant_bits);
    RUN(fcsw_ccps_are_dropped_without_buffers_only_if_configured);
    RUN(fcsw_forward_rejects_bad_packets_and_endpoint_role);
    RUN(fcsw_init_accepts_boundaries_and_rejects_bad_config);
    RUN(fcsw_step_rejects_bad_events_and_changes_nothing);
    RUN(fcsw_one_abatement_can_xon_a_full_list);
    RUN(fcsw_packed_ccps_stop_and_restart_the_flow_at_the_source);
    RUN(fcsw_random_events_never_forget_a_flow);
    return check_finish(argv[0]);
}
