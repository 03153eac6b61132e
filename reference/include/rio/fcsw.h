/* SPDX-License-Identifier: Apache-2.0 */
/*
 * rio/fcsw.h - Part 9 congestion management at the CONGESTED element: a
 * switch port, or a destination end point, that detects congestion and SENDS
 * XOFF/XON CCPs back to the sources of the offending flows, keeps the
 * controlled flow list, and (switch) routes CCPs of other elements.
 *
 * Spec: Part 9 rev 4.1 (same text in rev 2.2) 2.1, 2.4.2 (prio/CRF of CCPs,
 * dropping), 2.4.2.2 (controlled flow list), 2.4.3 with Table 2-1, 2.4.4
 * (ordering), 2.4.5 rules 4-5, 2.4.6, 3.2 (SOC, rsrv), 3.4 (destinationID,
 * tgtdestinationID), 4.2.2 (Port n Control CSR bits 13 and 15), Annex A.1.
 * Rules: P9-2.1-a, P9-2.4.2-a, P9-2.4.2-b, P9-2.4.2.2-a/b, P9-2.4.3-a/b/c,
 * P9-2.4.4-a, P9-2.4.5-4, P9-2.4.5-5, P9-2.4.6-1/2/3, P9-3.2-b/c, P9-3.4-a,
 * P9-4.2.2-a/b.
 *
 * What the reference does not decide: HOW congestion is detected (2.1:
 * "implementation specific"). The caller says "congested at port p, these
 * packets are candidates" (CONGESTED) and "congestion abated" (ABATED_PORT,
 * ABATED_FLOW); the reference decides which CCPs go out, with which fields,
 * to which port, and keeps the controlled flow list. CCPs are produced in
 * the step that reports the congestion ("as quickly as possible", 2.4.5 rule
 * 5, 2.4.6 rule 1).
 *
 * CCP fields (every CCP this module originates):
 *   ackID 0, VC 0, prio 0b11, CRF 1 if cfg.crf_supported else 0 (2.4.2,
 *   P9-2.4.2-a), tt = cfg.tt, ftype 0b0111, destinationID = the offending
 *   packet's sourceID, tgtdestinationID = its destinationID (3.4, P9-3.4-a),
 *   FAM 0b000 (congestion management only), rsrv 0b0000 (P9-3.2-c),
 *   SOC 0 for a switch, 1 for an end point (3.2, P9-3.2-b), crc/pad 0 (the
 *   codec computes them): ready for rio_ccp_pack.
 *
 * Interpretation I-FCSW-1 [choice: config pick] (Table 2-1 cells that allow
 *   several flowIDs): Table 2-1 gives "C or higher" (request prio 2), "A or
 *   B" (response prio 2) and "A, B, C or higher" (response prio 3); 2.4.3:
 *   "mapping a
 *   particular response to a particular transmission request may be
 *   inaccurate because the end point that generated the response is
 *   permitted ... to promote the response". A request at prio 2 is XOFF'd as
 *   flow C (a switch cannot see finer flows; C is the flow Part 6 assigns
 *   to prio 2; the vectors accept C, D, E or F, the whole "C or higher"). For
 *   responses cfg.response_pick chooses (config pick; a device declines the
 *   value it does not implement): RIO_FCSW_PICK_LOWEST (default) takes A for every response (the response may have been
 *   promoted from any lower request flow; XOFF A stops the least traffic),
 *   RIO_FCSW_PICK_UNPROMOTED takes the flow of an unpromoted response
 *   (prio - 1: prio 1 -> A, 2 -> B, 3 -> C).
 *
 * Interpretation I-FCSW-2 [reading] (request class): a switch sees only the
 *   header, so the transaction type of Table 2-1 comes from ftype: 13 (RESPONSE) is a
 *   response, 7 flow control and 8 maintenance never cause a CCP (2.4.3,
 *   P9-2.4.3-a), every other ftype (including reserved and
 *   implementation-defined ones) is treated as a request. The reading is
 *   forced for the defined request types (1, 2, 5, 6, 9, 10, 11); for the
 *   reserved (3, 4, 12, 14) and implementation-defined (0, 15) ftypes no
 *   sentence decides, so the vectors also accept no CCP for them.
 *
 * Interpretation I-FCSW-3 [reading] (VC1-VC8 packets): the VC bit, prio and
 *   CRF of a packet give its channel only through the link's VC mode (Part 6 Table
 *   2-2), so the caller passes the resolved channel (packet.vc, 0..8). A
 *   VC1-VC8 packet maps to flowID "VCn flow A and higher" (Table 3-1) whatever
 *   its prio and class; its prio/CRF bits carry the VCID and are ignored.
 *
 * Interpretation I-FCSW-4 [choice: policy sw_importance] (importance;
 *   2.4.2.2 "another XOFF CCP which is deemed more important than a previously-XOFF'd controlled flow", 2.4.3
 *   "preferably made using request packets, not response packets" and "may
 *   select for shut off a packet with CRF=0 over a packet with CRF=1 if there
 *   are two different flows of otherwise equal importance"): a flow to XOFF
 *   is compared by, in order, (1) XOFF'd on a request beats on a response,
 *   (2) higher flow priority beats lower (VC0 flow F > ... > A; an XOFF for
 *   a higher flowID controls more traffic, 2.4.5 rule 1; VC1-VC8 flow A
 *   ranks as flow A), (3) CRF 0 beats CRF 1 (VC1-VC8: CRF counts as 0).
 *   Equal keys are equally important. Used (a) to choose among the candidates
 *   of one CONGESTED event (the first of the most important wins) and (b) to
 *   replace a list entry when the list is full: the victim is the least
 *   important entry whose XON can be sent now (oldest first among equals),
 *   and it is replaced only if the new flow is STRICTLY more important; the
 *   victim's XON goes out first, then the new XOFF (2.4.2.2: "prematurely
 *   XON'd and removed ... The new, more important flow may be XOFF'd and
 *   take its place"). Otherwise the new XOFF is not sent (LIST_FULL).
 *   The spec only says "deemed more important", "preferably" and "may":
 *   another ranking, or XOFFing every candidate of a decision (2.4.6 rule 1
 *   "a CCP (XOFF) for each congested flow"), is conforming; vectors that
 *   depend on this ranking apply only to devices declaring
 *   sw_importance=i_fcsw_4.
 *
 * Interpretation I-FCSW-5 [choice: policy sw_importance] (one XOFF per
 *   listed flow; value i_fcsw_4 covers it with I-FCSW-4): a flow already in the
 *   list is not XOFF'd again (ALREADY_CONTROLLED): the source's XON/XOFF
 *   counter counts XOFFs (2.4.2.3), so every XOFF sent needs an XON; the
 *   reference keeps the invariant "one list entry = one outstanding XOFF =
 *   one XON to send" (A.1 simple threshold: "sends an XOFF ... to the source
 *   of every NEW transaction flow"). Flow identity is (CCP destinationID,
 *   tgtdestinationID, flowID).
 *
 * Interpretation I-FCSW-6 [reading] (Flow Control Participant, 4.2.2 bit 13 "Do not
 *   route or issue flow control transactions to this port", reset 0): after
 *   init no port participates until a PORT_CONTROL event sets bit 13. No XOFF
 *   is issued to a non-participating port (NOT_PARTICIPANT). An XON that is
 *   due for a port that stopped participating after the XOFF is NOT sent and
 *   the flow is NOT forgotten (2.4.2.2): its entry waits (WAIT_PARTICIPANT)
 *   and the XON goes out when bit 13 is set again. Routed CCPs: XON/XOFF
 *   (and undefined FAM encodings) are gated by bit 13, the arbitration
 *   messages XOFF(ARB), RELEASE, XON(ARB), REQUEST by bit 15 (Flow
 *   Arbitration Participant, "route or issue flow arbitration transactions")
 *   and, with cfg.arb_requires_fc_participant = 1 (config arb_needs_fc, a
 *   choice), also by bit 13 (the same open question and the same flag as I-FCREG-4 in rio/fcreg.h). A CCP not
 *   routed is discarded (NOT_PARTICIPANT). The register bits are the
 *   LP-Serial ones (RIO_FCREG_CTL_FLOW_CTL_PARTICIPANT, bit 13, and
 *   RIO_FCREG_CTL_FLOW_ARB_PARTICIPANT, bit 15); the rev 2.2 parallel-PHY
 *   positions are not modelled.
 *
 * Interpretation I-FCSW-7 [choice: config drop] (routing order and dropping):
 *   a switch forwards a routed CCP in the step that receives it, so CCPs between any input and
 *   output port pair leave in the order of the events (2.4.4 rule 3,
 *   P9-2.4.4-a); comparing a device's order with the event order is the
 *   harness's job. CCPs "may be dropped on input ports ... in the event of
 *   insufficient buffer space" (2.4.2, 2.4.6 rule 2): the caller says so with
 *   ev.no_buffer, and the CCP is dropped when cfg.drop_ccp_no_buffer is 1,
 *   otherwise forwarded (the link layer's retry delays it, which this logical
 *   model does not see).
 *
 * Interpretation I-FCSW-8 [choice: policy sw_restart_order] (restart order):
 *   2.4.2.2: "It shall be permissible in the time following the sending of a
 *   XOFF CCP for the flow control-initiating element to re-evaluate system
 *   resources and modify the flow restart ordering ... within the controlled
 *   flow list". ABATED_PORT sends the XONs of that port's flows oldest XOFF
 *   first, and the reference declares sw_restart_order=oldest_first; any
 *   other order is conforming (vectors use `order any` except those for
 *   oldest_first). The same freedom, with 2.4.4 rule 1 (ordering only
 *   between a CCP's source and its destination), lets the early XON and the
 *   new XOFF of a replacement (I-FCSW-4) leave in either order.
 */
#ifndef RIO_FCSW_H
#define RIO_FCSW_H

#include <stdint.h>

#include "rio/ccp.h"
#include "rio/fcreg.h" /* Port n Control CSR bits 13 and 15 (LP-Serial) */

#define RIO_FCSW_PORTS_MAX 256u     /* ports of the register map (as RIO_FCREG_MAX_PORTS) */
#define RIO_FCSW_LIST_MAX 64u       /* controlled flow list entries, at most */
#define RIO_FCSW_CANDIDATES_MAX 8u  /* packets offered by one CONGESTED event */
#define RIO_FCSW_OUT_MAX RIO_FCSW_LIST_MAX /* CCPs one step can send */

#define RIO_FTYPE_RESPONSE 13u

enum rio_fcsw_role {
    RIO_FCSW_SWITCH = 0,  /* CCPs carry SOC 0 */
    RIO_FCSW_ENDPOINT = 1 /* destination end point: SOC 1, no routing */
};

enum rio_fcsw_pick {
    RIO_FCSW_PICK_LOWEST = 0,    /* I-FCSW-1 default */
    RIO_FCSW_PICK_UNPROMOTED = 1
};

struct rio_fcsw_cfg {
    enum rio_p9_rev rev;
    enum rio_fcsw_role role;
    unsigned tt;                     /* RIO_TT_DEV8/16/32 of the CCPs sent */
    unsigned ports;                  /* 1..RIO_FCSW_PORTS_MAX */
    unsigned list_capacity;          /* 1..RIO_FCSW_LIST_MAX */
    uint8_t crf_supported;           /* CCP CRF bit: 1 if supported (2.4.2) */
    uint8_t target_responses;        /* 1: response packets may be XOFF'd; 0:
                                        only requests (2.4.3 preference) */
    enum rio_fcsw_pick response_pick;
    uint8_t drop_ccp_no_buffer;      /* I-FCSW-7 */
    uint8_t arb_requires_fc_participant; /* I-FCSW-6 (as I-FCREG-4) */
};

/* Transaction class of a packet from its ftype (I-FCSW-2). */
enum rio_fcsw_class {
    RIO_FCSW_REQUEST = 0,
    RIO_FCSW_RESPONSE = 1,
    RIO_FCSW_MAINTENANCE = 2,
    RIO_FCSW_FLOW_CONTROL = 3
};

/* RIO_EINVAL: NULL; RIO_ERANGE: ftype > 15. */
int rio_fcsw_ftype_class(enum rio_fcsw_class *dst, unsigned ftype);

/* Table 2-1 (P9-2.4.3-b): *flows gets the VC0 flows (bit f = flow f, A = bit
 * 0 .. F = bit 5; "C or higher" = C..F) a packet of this prio and class may
 * belong to; 0 means the cell is Illegal (request prio 3, response prio 0).
 * RIO_EINVAL: NULL or cls not REQUEST/RESPONSE; RIO_ERANGE: prio > 3. */
int rio_fcsw_prio_flows(uint8_t *flows, unsigned prio, enum rio_fcsw_class cls);

/* The CCP flowID the reference sends for a packet (I-FCSW-1, I-FCSW-3).
 * RIO_ENOENT: Table 2-1 says Illegal; RIO_EINVAL: NULL, cls not
 * REQUEST/RESPONSE or a bad pick; RIO_ERANGE: vc > 8 or prio > 3. */
int rio_fcsw_flow_id(uint8_t *flow_id, enum rio_fcsw_class cls, unsigned vc,
                     unsigned prio, enum rio_fcsw_pick pick);

/* Identity of a controlled flow (I-FCSW-5). */
struct rio_fcsw_flow_key {
    uint32_t destination_id;     /* CCP destinationID = packet sourceID */
    uint32_t tgt_destination_id; /* packet destinationID */
    uint8_t flow_id;             /* 7-bit CCP flowID */
};

/* Header of a packet that met congestion. */
struct rio_fcsw_packet {
    uint8_t ftype;      /* 0..15 */
    uint8_t vc;         /* channel 0..8, resolved by the caller (I-FCSW-3) */
    uint8_t prio;       /* 0..3 (VC0) */
    uint8_t crf;        /* 0..1 (VC0; 0 when CRF is not supported) */
    uint32_t source_id;
    uint32_t destination_id;
    uint16_t ccp_port;  /* port by which a packet to source_id leaves */
};

enum rio_fcsw_event_type {
    RIO_FCSW_EV_CONGESTED = 0,    /* ev.port congested; ev.candidates[0..n) */
    RIO_FCSW_EV_ABATED_PORT = 1,  /* congestion at ev.port abated */
    RIO_FCSW_EV_ABATED_FLOW = 2,  /* congestion abated for ev.flow */
    RIO_FCSW_EV_PORT_CONTROL = 3, /* ev.port_control written to Port ev.port
                                     Control CSR (bits 13, 15 used) */
    RIO_FCSW_EV_FORWARD = 4       /* switch: route ev.ccp from ev.in_port to
                                     ev.port */
};

struct rio_fcsw_event {
    enum rio_fcsw_event_type type;
    uint16_t port;
    unsigned n_candidates; /* CONGESTED: 1..RIO_FCSW_CANDIDATES_MAX */
    struct rio_fcsw_packet candidates[RIO_FCSW_CANDIDATES_MAX];
    struct rio_fcsw_flow_key flow; /* ABATED_FLOW */
    uint32_t port_control;         /* PORT_CONTROL */
    uint16_t in_port;              /* FORWARD */
    uint8_t no_buffer;             /* FORWARD: input has no buffer (I-FCSW-7) */
    struct rio_ccp_packet ccp;     /* FORWARD: the packet, unpacked */
};

enum rio_fcsw_verdict {
    RIO_FCSW_NONE = 0,              /* nothing to do */
    RIO_FCSW_XOFF_SENT = 1,         /* flow XOFF'd and listed */
    RIO_FCSW_XOFF_SENT_REPLACING = 2, /* ... after an early XON of a less
                                       important entry (I-FCSW-4) */
    RIO_FCSW_NOT_CHOSEN = 3,        /* eligible, a more important candidate won */
    RIO_FCSW_NEVER_MAINTENANCE = 4, /* ftype 8: never a CCP (P9-2.4.3-a) */
    RIO_FCSW_NEVER_FLOW_CONTROL = 5, /* ftype 7: never a CCP (P9-2.4.3-a) */
    RIO_FCSW_ILLEGAL_PRIO = 6,      /* Table 2-1 Illegal cell */
    RIO_FCSW_RESPONSE_SKIPPED = 7,  /* response and cfg.target_responses 0 */
    RIO_FCSW_NOT_PARTICIPANT = 8,   /* Flow Control / Arbitration Participant 0 */
    RIO_FCSW_ALREADY_CONTROLLED = 9, /* flow already listed (I-FCSW-5) */
    RIO_FCSW_LIST_FULL = 10,        /* no room, not more important: no XOFF */
    RIO_FCSW_XON_SENT = 11,         /* at least one XON sent */
    RIO_FCSW_XON_HELD = 12,         /* XON due but its port does not
                                       participate: entry kept (I-FCSW-6) */
    RIO_FCSW_FORWARDED = 13,
    RIO_FCSW_DROPPED_NO_BUFFER = 14 /* P9-2.4.2-b, P9-2.4.6-2 */
};

/* Why a CCP is in out.send[]. */
enum rio_fcsw_send_why {
    RIO_FCSW_SEND_XOFF = 0,
    RIO_FCSW_SEND_XON_ABATED = 1,  /* congestion abated */
    RIO_FCSW_SEND_XON_EARLY = 2,   /* list full, replaced (2.4.2.2) */
    RIO_FCSW_SEND_XON_RESUMED = 3, /* held XON, port participates again */
    RIO_FCSW_SEND_FORWARD = 4      /* routed CCP, unchanged */
};

struct rio_fcsw_send {
    uint16_t port;                 /* output port */
    enum rio_fcsw_send_why why;
    struct rio_ccp_packet pkt;     /* ready for rio_ccp_pack(cfg.rev) */
};

struct rio_fcsw_out {
    /* CONGESTED: the chosen candidate's verdict (XOFF_SENT,
     * XOFF_SENT_REPLACING or LIST_FULL) or, when no candidate was eligible,
     * candidate 0's. ABATED_*: XON_SENT if any XON went out, else XON_HELD if
     * one is held, else NONE. PORT_CONTROL: XON_SENT if held XONs went out,
     * else NONE. FORWARD: FORWARDED, NOT_PARTICIPANT or DROPPED_NO_BUFFER. */
    enum rio_fcsw_verdict verdict;
    int chosen;                    /* CONGESTED: candidate index, -1 if none */
    enum rio_fcsw_verdict candidate[RIO_FCSW_CANDIDATES_MAX];
    unsigned n_held;               /* ABATED_*: entries left waiting */
    unsigned n_send;               /* CCPs to send, in this order */
    struct rio_fcsw_send send[RIO_FCSW_OUT_MAX];
};

/* A controlled flow list entry (2.4.2.2: flow identification plus what is
 * needed to restart it). */
enum rio_fcsw_entry_state {
    RIO_FCSW_WAIT_ABATE = 0,      /* XOFF sent, waiting for abatement */
    RIO_FCSW_WAIT_PARTICIPANT = 1 /* abated, XON waits for bit 13 (I-FCSW-6) */
};

struct rio_fcsw_entry {
    struct rio_fcsw_flow_key flow;
    enum rio_fcsw_entry_state state;
    uint8_t request;         /* XOFF'd on a request packet (I-FCSW-4) */
    uint8_t crf;             /* CRF of that packet (VC1-VC8: 0) */
    uint16_t ccp_port;       /* the XOFF left here; the XON uses it too */
    uint16_t congested_port; /* ABATED_PORT matches on this */
};

/* Internal state; read it only through the query functions. */
struct rio_fcsw {
    struct rio_fcsw_cfg cfg;
    uint8_t ready;
    uint8_t fc_participant[RIO_FCSW_PORTS_MAX];
    uint8_t fa_participant[RIO_FCSW_PORTS_MAX];
    unsigned len;
    struct rio_fcsw_entry list[RIO_FCSW_LIST_MAX]; /* oldest XOFF first */
};

/* Initialise: empty list, every participant bit 0 (4.2.2 reset value).
 * RIO_EINVAL: NULL, bad rev/role/response_pick, a flag > 1; RIO_ERANGE: ports
 * or list_capacity 0 or above the maximum, tt > 3; RIO_ERESERVED: tt 3;
 * RIO_EREVISION: tt Dev32 in rev 2. */
int rio_fcsw_init(struct rio_fcsw *ctx, const struct rio_fcsw_cfg *cfg);

/* Apply one event; out is rewritten on success (unspecified on error, and ctx
 * is then unchanged). Returns:
 *   RIO_EINVAL   NULL argument or unknown event type;
 *   RIO_ESTATE   ctx not initialised;
 *   RIO_ERANGE   a port >= cfg.ports, n_candidates 0 or too many, a packet
 *                field too wide (ftype, vc, prio, crf), an ID that does not
 *                fit cfg.tt (candidates) or the CCP's tt (FORWARD), a
 *                forwarded CCP field too wide, ABATED_FLOW flow_id > 127;
 *   RIO_ENOENT   ABATED_FLOW of a flow that is not listed;
 *   RIO_ENOTSUP  FORWARD in the end point role (end points do not route);
 *   RIO_EFORMAT  FORWARD of a packet whose ftype is not 7;
 *   RIO_ERESERVED / RIO_EREVISION  FORWARD with tt 3 / tt Dev32 in rev 2;
 *   RIO_OK       otherwise (what happened is in out.verdict).
 * At most RIO_FCSW_OUT_MAX CCPs per step: CONGESTED sends <= 2, ABATED_* and
 * PORT_CONTROL <= one per list entry, FORWARD <= 1. The transition table is
 * above rio_fcsw_step in fcsw.c. */
int rio_fcsw_step(struct rio_fcsw *ctx, const struct rio_fcsw_event *ev,
                  struct rio_fcsw_out *out);

/* Number of controlled flows (0 for NULL or an uninitialised ctx). */
unsigned rio_fcsw_list_len(const struct rio_fcsw *ctx);

/* Entry i of the list, oldest XOFF first. RIO_EINVAL: NULL/not ready;
 * RIO_ENOENT: i >= length. */
int rio_fcsw_list_entry(struct rio_fcsw_entry *dst, const struct rio_fcsw *ctx,
                        unsigned i);

/* Index of a flow in the list, RIO_ENOENT if absent, RIO_EINVAL on NULL. */
int rio_fcsw_find(const struct rio_fcsw *ctx, const struct rio_fcsw_flow_key *key);

/* Port n Control CSR bits this module owns (bit 13 and bit 15, others 0).
 * RIO_EINVAL: NULL/not ready; RIO_ERANGE: port >= cfg.ports. */
int rio_fcsw_port_control(uint32_t *csr, const struct rio_fcsw *ctx, unsigned port);

/* Names for reports, never NULL. */
const char *rio_fcsw_verdict_name(enum rio_fcsw_verdict v);

#endif
