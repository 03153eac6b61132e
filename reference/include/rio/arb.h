/* SPDX-License-Identifier: Apache-2.0 */
/*
 * rio/arb.h - Part 9 flow arbitration: the transmitter (the source of an
 * arbitrated flow, which asks for a resource) and the receiver (the
 * destination, which owns a pool of resources, e.g. SAR contexts).
 *
 * Spec: Part 9 rev 4.1 1.2 (fixed/static/dynamic allocation), 2.2, 2.2.1
 * (single and multi PDU), 2.2.2 (pipelined requests), 2.4.2 last paragraph
 * (CCPs may be dropped), 2.4.2.1 last paragraph (a source timeout retries
 * the REQUEST), 2.4.2.2 last paragraph (flow list, asynchronous
 * de-allocation), 2.4.7 rules 1-12, 2.4.8, 3.3 Table 3-2, Annex A.3.
 * Rules: P9-2.2.1-a, P9-2.2.1-b, P9-2.2.2-a, P9-2.4.2.1-b, P9-2.4.7-1..12,
 * P9-2.4.8-a, P9-2.4.8-b, P9-3.3-a, P9-3.3-c. Checklist rows
 * R2.2p9s2.2.1r0001/2, R2.2p9s2.2.2r0001-4, R2.2p9s2.4.7r0001-11,
 * R2.2p9s2.4.8r0001, R2.2p9s3.3r0001/2.
 *
 * Revisions: the text of 2.2, 2.4.7, 2.4.8 and 3.3 is the same in rev 2.2
 * and rev 4.1 (checked line by line); cfg.rev is validated and kept, and no
 * behaviour depends on it (I-ARB-18).
 *
 * Model. A context serves cfg.nflows flows, numbered 0..nflows-1; a flow is
 * "the nexus of a source, destination, and physical channel" (A.3). Mapping
 * a flow number to (destinationID, tgtdestinationID, flowID, prio, VC) is
 * the caller's business; rio_arb_msg_to_ccp() builds the type 7 logical
 * fields of a message. Time is a TICK event; nothing here reads a clock.
 *
 * Every message output says which flow it concerns (msg.flow, the flowID of
 * the CCP) and which flow it travels in (msg.travel): RELEASE always in the
 * flow of its context (rule 12, P9-2.4.7-12) so that it arrives behind the
 * PDU's last packet; REQUEST, XON(ARB), XOFF(ARB) in the own flow or in a
 * control channel ("any flow (such as a high priority channel)"), per
 * cfg.ccp_in_own_flow.
 *
 * Steps are all-or-nothing: on any error the context is unchanged and the
 * content of out is unspecified. Outputs per step are bounded by the array
 * sizes in the out structures (worst cases are listed at each step
 * function), so no output is ever dropped.
 *
 * ------------------------------------------------------------------------
 * Interpretations (the spec text that is ambiguous is quoted)
 *
 * Interpretation I-ARB-1 [reading] (is a REQUEST after XOFF(ARB) "new"?):
 *   Rule 3: "The transmitter may send a new REQUEST message if: 1) it did
 *   not receive a response to the previous REQUEST message and timed out,
 *   or 2) it received a XOFF(ARB)". Rule 4: "The sequence number shall
 *   remain the same for REQUESTs reissued for a given flow, without having
 *   received a response. The sequence number shall advance for any new
 *   REQUESTs". Rule 3 calls both cases "new"; rule 4 keeps the bit only for
 *   a reissue "without having received a response". After XOFF(ARB) a
 *   response was received, so the next REQUEST advances the bit; only a
 *   timeout re-issue keeps it.
 *
 * Interpretation I-ARB-2 [reading] (stale responses at the transmitter): a response
 *   is matched to a REQUEST by its bit (2.2.2 "The requests and the
 *   corresponding responses are identified by a 1 bit sequence number").
 *   An XON(ARB)/XOFF(ARB) that matches no outstanding REQUEST (none is
 *   outstanding, or the bit differs) - e.g. the second answer to a REQUEST
 *   that was re-issued after a timeout - is ignored and reported
 *   (RIO_ARB_TX_STALE_RESPONSE). The one exception is I-ARB-3.
 *
 * Interpretation I-ARB-3 [choice: config any_seq] (the bit of the receiver's de-allocation XOFF(ARB)):
 *   rule 8 "The receiver may send a XOFF(ARB) message during the multi-PDU
 *   transfer" does not say which bit it carries. The reference receiver
 *   sends the bit of the REQUEST the context was granted for. The
 *   transmitter takes an XOFF(ARB) as a rejection when its bit matches the
 *   outstanding REQUEST (a pipelined REQUEST always has the other bit, so
 *   the two cannot be confused), else - during a multi-PDU context - as the
 *   de-allocation request when its bit is the context's bit, or any bit
 *   with cfg.xoff_arb_any_seq = 1 (for receivers that use a fixed bit).
 *
 * Interpretation I-ARB-4 [choice: reference only - no vector compares the RELEASE bit] (the bit of RELEASE): Table 3-2 gives RELEASE a Y
 *   bit (0b10Y) and no rule says which. The transmitter sends the bit of the
 *   REQUEST the context was granted for. The receiver frees on RELEASE
 *   whatever its bit and reports a different bit
 *   (RIO_ARB_RX_RELEASE_SEQ_MISMATCH).
 *
 * Interpretation I-ARB-5 [choice: config timeout; policy arbrx_copies] (request timer): the transmitter's timer starts
 *   when a REQUEST is sent (new or re-issued) and also runs for a pipelined
 *   REQUEST, whose answer the receiver legitimately delays (2.2.2). On
 *   expiry (cfg.request_timeout ticks, 0 = never) the REQUEST is re-issued
 *   with the same bit and the timer restarts; one TICK re-issues at most
 *   once per flow whatever its length. The receiver holds at most one
 *   REQUEST per flow, so a copy of a REQUEST it holds unanswered (same bit)
 *   gets no answer of its own: the answer to the held one answers both
 *   (RIO_ARB_RX_DUPLICATE_REQUEST, no CCP). Caveat: rule 2 "The receiver
 *   shall respond to all REQUEST messages" counts messages; read literally
 *   it asks for one answer per copy (what ok-arbrx-each-copy does), and the
 *   single answer holds only if an answer with bit b is taken to respond to
 *   every REQUEST with bit b (2.2.2: requests and responses "are identified
 *   by a 1 bit sequence number"). The vectors accept one answer or one per
 *   copy. Timer: the transmitter vectors read a configured timeout T as
 *   "re-issued no earlier than T and no later than 2T ticks" (rule 3(1)
 *   "timed out"; 2.4.8 NOTE: intervals "specific to system
 *   implementation"); the reference re-issues at exactly T.
 *
 * Interpretation I-ARB-6 [choice: policy arbrx_copies] (copies at the receiver): CCPs of one source are
 *   processed in order (2.4.4 rules 3, 4), a re-issue keeps its bit and a
 *   new REQUEST advances it (rule 4). So a REQUEST whose bit equals that of
 *   the last REQUEST the receiver ANSWERED on the flow is a copy of it (a
 *   re-issue whose answer was lost or is still on its way): it gets the same
 *   answer again and never a new allocation (rule 10). For a grant that
 *   still stands that is XON(ARB) - or XOFF(ARB) with dealloc = 1 if the
 *   receiver is asking for the resource back (state EXPECT_RELEASE): a
 *   transmitter still waiting for the answer takes it as a rejection, one
 *   holding the context releases it (I-ARB-3).
 *
 * Interpretation I-ARB-7 [choice: policy arbrx_copies] (copies of ended grants and of rejections): a copy
 *   of a grant that has ended is answered XOFF(ARB) with its bit - nobody
 *   waits for a resource for it - and reported (RIO_ARB_RX_STALE_REQUEST;
 *   a transmitter that does not advance its bit, rule 4, causes it too). A
 *   copy of a rejected REQUEST is answered XOFF(ARB) again; with
 *   cfg.rejected_copy_afresh = 1 it is decided as a new REQUEST instead
 *   (for transmitters that keep their bit after XOFF(ARB), contrary to
 *   I-ARB-1, which would otherwise be rejected for ever; the price is a
 *   grant nobody uses when the copy was only late).
 *
 * Interpretation I-ARB-8 [choice: config pipeline] (pipelining at the transmitter, rule 11, 2.2.2
 *   "It only issues the next request when the current request has been
 *   acknowledged"): with cfg.pipeline = 1 the transmitter issues one REQUEST
 *   ahead while it holds a granted context, for the next queued PDU that the
 *   current context will not carry (known when the context is single-PDU,
 *   or a multi-PDU context will end before that PDU, see I-ARB-9). It never
 *   has more than one REQUEST outstanding, and never a REQUEST while holding
 *   a grant for the next context. It never pipelines a REQUEST whose bit is
 *   the current context's own (the case after a pipelined REQUEST was
 *   rejected): an XOFF(ARB) with that bit could then be either a rejection
 *   or the de-allocation request of rule 8, and a copy of the granted
 *   REQUEST could not be told from the new one; that REQUEST waits until
 *   the context has ended (that last part is the reference's own choice:
 *   rules 3(2) and 11 also let the REQUEST go at once, and the vectors accept
 *   both). With cfg.pipeline = 0 it asks only when it holds no context.
 *
 * Interpretation I-ARB-9 [choice: policy arbtx_release] (when a multi-PDU context ends at the transmitter,
 *   rules 6-8): the app queues PDUs, each with a mode (the kind of REQUEST to
 *   issue when that PDU needs a context). An open multi-PDU context carries
 *   queued PDUs one after the other (rule 6) and sends RELEASE (rule 7):
 *   after the last packet of a PDU the app marked with an END event, or
 *   after the last packet of a PDU when the next queued PDU is SINGLE mode
 *   (it asks for its own single-PDU grant), or at once when END arrives or a
 *   SINGLE PDU is queued while no PDU is in progress and none is queued. A
 *   multi-PDU context with nothing queued stays open (rule 6: "may transmit
 *   PDUs continuously ... until the resource is de-allocated"). A grant
 *   carries the PDUs at the head of the queue: a single-PDU grant exactly
 *   one, whatever that PDU's mode (after an XOFF(ARB) ended a context early,
 *   the REQUEST in flight may have been issued for a later PDU).
 *
 * Interpretation I-ARB-10 [reading] ("the current PDU" of rule 8): the PDU of which at
 *   least one packet has been sent. On XOFF(ARB) the transmitter finishes it
 *   and then sends RELEASE; if none is in progress, RELEASE goes at once and
 *   PDUs still queued need a new REQUEST (with the next bit).
 *
 * Interpretation I-ARB-11 [choice: config peer_arb, static_mask] (no arbitration, 1.2.1, 3.3, A.3): cfg.peer_arb = 0
 *   (the peer does not support flow arbitration: Processing Element
 *   Features CAR bit 20 clear) or cfg.static_flow[f] = 1 (resources fixed or
 *   statically allocated by system design) makes the flow NOT_ARBITRATED:
 *   the transmitter sends no REQUEST or RELEASE ever (P9-3.3-c: "not send
 *   other messages as they would be mis-interpreted") and sends data
 *   whenever a PDU is queued; arbitration messages received for such a flow
 *   are ignored and reported. The receiver answers a REQUEST on a static
 *   flow XON(ARB) without touching the pool (rule 2: it "shall respond to
 *   all REQUEST messages") and accepts its data without a resource.
 *
 * Interpretation I-ARB-12 [choice: config idle, release] (receiver timers, 2.4.8 and rule 5): one idle
 *   counter per granted flow, cleared at the grant and by every data packet
 *   of the flow. Single PDU: at cfg.idle_timeout (0 = off) the resource is
 *   freed (2.4.8 1). Multi PDU: at cfg.idle_timeout the receiver sends
 *   XOFF(ARB) (dealloc = 1) and waits for RELEASE; the counter restarts at
 *   that first XOFF(ARB) (also when the app asked with ASK_DEALLOC; asking
 *   again repeats the XOFF(ARB) but does not restart it) and at
 *   cfg.release_timeout (0 = never, the "subsequent timeout" of 2.4.8 2)
 *   the resource is freed asynchronously (packet loss accepted, 2.4.2.2).
 *   Packets of the flow restart it in both stages ("does not receive a
 *   packet"). One TICK fires at most one timer stage per flow. The
 *   reference expires at exactly the configured count; the vectors accept
 *   any expiry from T to 2T ticks (rule 5: "may deallocate the resources at
 *   any time after" the idle counter times out; 2.4.8 NOTE), and a repeated
 *   de-allocation XOFF(ARB) while RELEASE is awaited (CCPs may be lost,
 *   2.4.2; no sentence forbids it).
 *
 * Interpretation I-ARB-13 [choice: config answer, pipelining] (when the receiver answers, rule 9 and 2.2.2):
 *   cfg.answer = IMMEDIATE answers in the step that receives the REQUEST
 *   (grant per cfg.policy); ON_DECIDE holds it (one per flow) until a DECIDE
 *   event, so tests can delay answers and answer flows in any order (rule
 *   9). In both modes a REQUEST for a flow that holds a resource (a
 *   pipelined REQUEST) is held until the current grant has ended (P9-2.2.2-a)
 *   and then answered (IMMEDIATE: at once; ON_DECIDE: at the next DECIDE),
 *   or - with cfg.pipelining = 0 - answered XOFF(ARB) at once ("If the
 *   receiving endpoint for some reason cannot queue/process the requests, it
 *   can send a XOFF (ARB) message immediately").
 *
 * Interpretation I-ARB-14 [choice: policy arbrx_copies] (a second outstanding REQUEST at the receiver,
 *   rule 11): a REQUEST whose bit is neither the held one's nor the last
 *   answered one's, while the flow already has an unanswered REQUEST held,
 *   is a transmitter violation (RIO_ARB_RX_V_SECOND_REQUEST). The held
 *   REQUEST keeps its place; the newcomer is answered XOFF(ARB) at once
 *   (rule 2 answers it, rule 10 is not put at risk). With one bit this is
 *   only visible while the flow has no answer history (I-ARB-6 takes the
 *   other cases for copies).
 *
 * Interpretation I-ARB-15 [reading] (RELEASE cases the rules do not name): RELEASE on a
 *   single-PDU grant frees it (Table 3-2: RELEASE "informs the receiving
 *   endpoint to de-allocate the buffer space"); RELEASE on a multi-PDU grant
 *   while a PDU is in progress frees it and is reported as
 *   RIO_ARB_RX_V_RELEASE_MID_PDU (rules 7, 8: "after completion of the
 *   current PDU"); RELEASE without a resource is reported and ignored.
 *
 * Interpretation I-ARB-16 [reading] (aborted PDU at the receiver, 2.4.8): a data event
 *   with aborted = 1 ends the PDU. Single-PDU grant: the resource is freed
 *   (P9-2.4.8-a). Multi-PDU grant: nothing is freed (P9-2.4.8-b), reported as
 *   RIO_ARB_RX_ABORT_KEPT. (The transmitter model has no abort event: the
 *   segmentation exceptions are outside Part 9.)
 *
 * Interpretation I-ARB-17 [choice: reference only - reset is an ABI event, not in Part 9] (receiver RESET): every resource is freed (reason
 *   RESET), held REQUESTs are dropped unanswered (the transmitter's timeout
 *   re-issues them, rule 3) and the per-flow bit history is forgotten.
 *
 * Interpretation I-ARB-18 [reading] (revisions): see "Revisions" above.
 *
 * Interpretation I-ARB-19 [reading] (grant of a pipelined REQUEST that arrives while
 *   the transmitter still holds its current context): the receiver should
 *   not send it before the current context has been completely received
 *   (P9-2.2.2-a) - which cannot happen before the transmitter has finished
 *   sending it - unless the receiver freed the current resource on an idle
 *   timeout. The transmitter keeps the grant (request state GRANTED_NEXT),
 *   reports RIO_ARB_TX_GRANTED with early = 1, and uses it when the current
 *   context ends.
 *
 * Interpretation I-ARB-20 [choice: policy arbrx_crossing] (a de-allocation XOFF(ARB) crossing a RELEASE):
 *   the transmitter can end a multi-PDU context (RELEASE) and issue a new
 *   REQUEST with the same bit (possible after a pipelined REQUEST was
 *   rejected) before the receiver's de-allocation XOFF(ARB) for that
 *   context reaches it; it then takes that XOFF(ARB) as the answer to the
 *   new REQUEST (I-ARB-3 cannot tell them apart). So after sending a
 *   de-allocation XOFF(ARB) with bit b, the receiver answers the first NEW
 *   REQUEST it answers, if it has bit b, with XOFF(ARB)
 *   (RIO_ARB_RX_DEALLOC_CROSSING) - also on a DECIDE grant. Either way the
 *   two sides agree: that REQUEST is rejected, and the next one (other bit)
 *   is decided normally. The cost, when nothing crossed, is one round trip.
 *   If that REQUEST is still held unanswered (ON_DECIDE, or pipelined) when
 *   a REQUEST with the other bit arrives, the crossing is certain (rule 11:
 *   no new REQUEST before an answer): the held one is settled as rejected
 *   without a CCP (RIO_ARB_RX_DEALLOC_CROSSING) and the new one is decided.
 *   (That REQUEST message then gets no response, which rule 2 read
 *   literally - "shall respond to all REQUEST messages" - does not permit;
 *   no vector exercises this case.)
 * ------------------------------------------------------------------------
 */
#ifndef RIO_ARB_H
#define RIO_ARB_H

#include <stdint.h>

#include "rio/ccp.h"

/* Flows per context (transmitter or receiver). */
#define RIO_ARB_MAX_FLOWS 16u
/* PDUs a transmitter flow can hold queued, the one in progress included. */
#define RIO_ARB_TX_QUEUE 4u
/* Output array sizes (see the per-step bounds at the step functions). */
#define RIO_ARB_OUT_MSGS RIO_ARB_MAX_FLOWS
#define RIO_ARB_OUT_NOTES (2u * RIO_ARB_MAX_FLOWS)

/* Which REQUEST a PDU asks for when it needs a context (Table 3-2). */
enum rio_arb_mode {
    RIO_ARB_SINGLE = 0, /* REQUEST single PDU, XON + 0b10Y */
    RIO_ARB_MULTI = 1   /* REQUEST multi PDU,  XON + 0b11Y */
};

/* The flow an arbitration message travels in (rule 12). */
enum rio_arb_travel {
    RIO_ARB_OWN_FLOW = 0, /* in the flow it concerns (always for RELEASE) */
    RIO_ARB_CONTROL = 1   /* in the control channel, e.g. high priority */
};

/* An arbitration message to send. */
struct rio_arb_msg {
    enum rio_fam_cmd cmd; /* tx: REQUEST_SINGLE/MULTI, RELEASE;
                             rx: XON_ARB, XOFF_ARB */
    uint8_t seq;          /* the sequence bit Y */
    uint16_t flow;        /* the flow it concerns */
    enum rio_arb_travel travel;
    uint8_t reissue;      /* tx REQUEST: 1 = re-issue after a timeout, same bit */
    uint8_t dealloc;      /* rx XOFF(ARB): 1 = asks for the resource back
                             (rule 8, 2.4.8), 0 = answer to a REQUEST */
};

/* Logical fields of the type 7 packet for msg: xon/fam from Table 3-2 (via
 * rio_fam_encode), rsrv 0, the given flowID, tgtdestinationID and SOC (1 for
 * an end point, 3.2). RIO_EINVAL: NULL; RIO_ERANGE: flow_id > 127, soc > 1,
 * seq > 1, or a command that is not an arbitration command (XON, XOFF,
 * reserved). */
int rio_arb_msg_to_ccp(struct rio_ccp *dst, const struct rio_arb_msg *msg,
                       unsigned flow_id, uint32_t tgt_destination_id,
                       unsigned soc);

/* Command and sequence bit of a received CCP (Table 3-2, via rio_fam_decode),
 * ready for an event. RIO_EINVAL: NULL; RIO_ERANGE: xon > 1 or fam > 7. */
int rio_arb_ccp_command(enum rio_fam_cmd *cmd, uint8_t *seq,
                        const struct rio_ccp *ccp);

/* ======================================================================
 * Transmitter
 * ====================================================================== */

struct rio_arb_tx_cfg {
    enum rio_p9_rev rev;
    unsigned nflows;           /* 1..RIO_ARB_MAX_FLOWS */
    uint8_t peer_arb;          /* 1: the peer supports flow arbitration;
                                  0: no flow is arbitrated (I-ARB-11) */
    uint8_t static_flow[RIO_ARB_MAX_FLOWS]; /* 1: fixed/static (I-ARB-11) */
    uint8_t pipeline;          /* 1: one REQUEST ahead (I-ARB-8) */
    uint8_t ccp_in_own_flow;   /* 1: REQUEST travels in its own flow;
                                  0: in the control channel */
    uint8_t xoff_arb_any_seq;  /* 1: de-allocation XOFF(ARB) of any bit
                                  (I-ARB-3) */
    uint32_t request_timeout;  /* ticks without an answer before a re-issue;
                                  0 = never (I-ARB-5) */
    uint32_t retry_backoff;    /* ticks after XOFF(ARB) before the next
                                  REQUEST; 0 = at once */
};

/* Per-flow state, as answered by rio_arb_tx_state(). */
enum rio_arb_tx_state {
    RIO_ARB_TX_NOT_ARBITRATED = 0,    /* static flow / no-arb peer: waits only
                                         for PDUs and slots */
    RIO_ARB_TX_IDLE = 1,              /* no context, nothing asked: waits for
                                         a PDU from the app */
    RIO_ARB_TX_EXPECT_RESPONSE = 2,   /* no context, one REQUEST outstanding:
                                         waits for XON(ARB)/XOFF(ARB) with its
                                         bit, or the timeout */
    RIO_ARB_TX_EXPECT_RETRY_TIME = 3, /* no context, rejected: waits
                                         retry_backoff ticks */
    RIO_ARB_TX_SENDING_SINGLE_PDU = 4,/* single-PDU grant: waits for slots to
                                         send its PDU */
    RIO_ARB_TX_SENDING_MULTI_PDU = 5, /* multi-PDU grant: sends PDUs, waits
                                         for PDUs, END or XOFF(ARB) */
    RIO_ARB_TX_DRAINING_TO_RELEASE = 6/* XOFF(ARB) received: waits for slots
                                         to finish the current PDU, then
                                         RELEASE */
};

/* Internal: the context half of the state (what the flow holds). */
enum rio_arb_tx_context {
    RIO_ARB_TX_CTX_STATIC = 0,       /* not arbitrated */
    RIO_ARB_TX_CTX_NONE = 1,         /* holds no resource */
    RIO_ARB_TX_CTX_SINGLE = 2,       /* SENDING_SINGLE_PDU */
    RIO_ARB_TX_CTX_MULTI = 3,        /* SENDING_MULTI_PDU */
    RIO_ARB_TX_CTX_DRAINING = 4      /* DRAINING_TO_RELEASE */
};

/* The request half of the state, as answered by rio_arb_tx_request(). */
enum rio_arb_tx_request {
    RIO_ARB_TX_REQ_NONE = 0,             /* nothing asked */
    RIO_ARB_TX_REQ_EXPECT_RESPONSE = 1,  /* one REQUEST outstanding */
    RIO_ARB_TX_REQ_EXPECT_RETRY_TIME = 2,/* rejected; backoff running */
    RIO_ARB_TX_REQ_GRANTED_NEXT = 3      /* pipelined REQUEST granted: waits
                                            for the current context to end */
};

enum rio_arb_tx_event_type {
    RIO_ARB_TX_EV_PDU = 0,  /* app queues a PDU: flow, mode, packets (>= 1) */
    RIO_ARB_TX_EV_END = 1,  /* app has no more PDUs for flow's multi-PDU
                               context: RELEASE after those queued (I-ARB-9) */
    RIO_ARB_TX_EV_CCP = 2,  /* arbitration CCP received: flow, cmd, seq */
    RIO_ARB_TX_EV_TICK = 3, /* ticks time units passed (0 allowed) */
    RIO_ARB_TX_EV_SLOT = 4  /* the link may take one data packet of flow now */
};

struct rio_arb_tx_event {
    enum rio_arb_tx_event_type type;
    unsigned flow;          /* PDU, END, CCP, SLOT */
    enum rio_arb_mode mode; /* PDU */
    uint32_t packets;       /* PDU: segments, >= 1 */
    enum rio_fam_cmd cmd;   /* CCP */
    uint8_t seq;            /* CCP: Y (0 for XON/XOFF) */
    uint32_t ticks;         /* TICK */
};

/* One data packet sent (SLOT). */
struct rio_arb_data {
    uint16_t flow;
    uint32_t pdu;     /* PDU number on this flow, from 0 in queue order
                         (modulo 2^32) */
    uint32_t segment; /* 0 .. packets-1 */
    uint8_t last;     /* last segment of the PDU */
};

enum rio_arb_tx_note_kind {
    RIO_ARB_TX_GRANTED = 0,          /* XON(ARB) answered the outstanding
                                        REQUEST (seq, multi, early) */
    RIO_ARB_TX_REJECTED = 1,         /* XOFF(ARB) answered it (seq) */
    RIO_ARB_TX_TIMEOUT_REISSUE = 2,  /* no answer: REQUEST re-issued with the
                                        same bit (rules 3, 4) */
    RIO_ARB_TX_STALE_RESPONSE = 3,   /* XON(ARB)/XOFF(ARB) matching nothing:
                                        ignored (I-ARB-2; cmd, seq) */
    RIO_ARB_TX_DEALLOC_REQUESTED = 4,/* XOFF(ARB) during a multi-PDU context
                                        (rule 8; seq) */
    RIO_ARB_TX_CONTEXT_START = 5,    /* a grant became the current context:
                                        data may flow (seq, multi) */
    RIO_ARB_TX_CONTEXT_END = 6,      /* single: last segment sent (rule 5);
                                        multi: RELEASE sent (rules 7, 8) */
    RIO_ARB_TX_PDU_DONE = 7,         /* last segment of PDU pdu sent: a queue
                                        slot is free */
    RIO_ARB_TX_IGNORED_CCP = 8       /* not for a transmitter (REQUEST,
                                        RELEASE, XON, XOFF, reserved) or an
                                        ARB message on a non-arbitrated flow */
};

struct rio_arb_tx_note {
    enum rio_arb_tx_note_kind kind;
    uint16_t flow;
    uint8_t seq;
    uint8_t multi;        /* GRANTED, CONTEXT_START/END: multi-PDU context */
    uint8_t early;        /* GRANTED: while the current context is open
                             (I-ARB-19) */
    enum rio_fam_cmd cmd; /* STALE_RESPONSE, IGNORED_CCP: what arrived */
    uint32_t pdu;         /* PDU_DONE */
};

/* On the wire, a step's data packet (if any) goes first, then msg[0],
 * msg[1], ... in order: e.g. the last segment of a PDU, then RELEASE. */
struct rio_arb_tx_out {
    unsigned nmsg;
    struct rio_arb_msg msg[RIO_ARB_OUT_MSGS];
    unsigned ndata; /* 0 or 1 */
    struct rio_arb_data data;
    unsigned nnote;
    struct rio_arb_tx_note note[RIO_ARB_OUT_NOTES];
};

/* Internal state; read it only through the query functions. */
struct rio_arb_tx_pdu {
    uint32_t packets;
    uint8_t mode;         /* enum rio_arb_mode */
    uint8_t ends_context; /* END arrived after this PDU was queued */
};

struct rio_arb_tx_flow {
    enum rio_arb_tx_context ctx;
    uint8_t ctx_seq;      /* bit of the REQUEST the context was granted for */
    enum rio_arb_tx_request req;
    uint8_t req_seq;      /* bit of the outstanding / granted-next REQUEST */
    uint8_t req_multi;
    uint32_t req_elapsed; /* ticks since the REQUEST was (re)sent */
    uint32_t backoff;     /* ticks left before the next REQUEST */
    uint8_t next_seq;     /* bit of the next new REQUEST (rule 4) */
    unsigned head, count; /* PDU ring */
    struct rio_arb_tx_pdu q[RIO_ARB_TX_QUEUE];
    uint32_t head_sent;   /* segments of the head PDU already sent */
    uint32_t head_pdu;    /* PDU number of the head */
    uint32_t reissues;    /* REQUEST re-issues so far (saturating) */
};

struct rio_arb_tx {
    struct rio_arb_tx_cfg cfg;
    uint8_t ready;
    struct rio_arb_tx_flow flow[RIO_ARB_MAX_FLOWS];
};

/* Initialise ctx: every arbitrated flow IDLE with sequence bit 0 for its
 * first REQUEST, queues empty. RIO_EINVAL: NULL or bad rev; RIO_ERANGE:
 * nflows 0 or > RIO_ARB_MAX_FLOWS, a flag (peer_arb, static_flow[],
 * pipeline, ccp_in_own_flow, xoff_arb_any_seq) > 1. On error ctx is not
 * usable (step returns RIO_ESTATE). */
int rio_arb_tx_init(struct rio_arb_tx *ctx, const struct rio_arb_tx_cfg *cfg);

/*
 * Apply one event. Returns:
 *   RIO_EINVAL  NULL argument, unknown event type, mode or command;
 *   RIO_ESTATE  ctx not initialised; END with nothing to release (no
 *               multi-PDU context open with an empty queue, and the last
 *               queued PDU is not MULTI);
 *   RIO_ERANGE  flow >= nflows, packets 0, seq > 1;
 *   RIO_EFULL   PDU with RIO_ARB_TX_QUEUE PDUs already queued on the flow;
 *   RIO_OK      otherwise; a SLOT that may not send (no grant, nothing
 *               queued) is RIO_OK with ndata 0 (P9-2.4.7-1, P9-2.4.2.1-b).
 * Outputs per step: TICK: at most one message and one note per flow;
 * SLOT: one data packet, at most 2 messages (RELEASE, next REQUEST) and 3
 * notes; CCP, PDU, END: at most 2 messages and 4 notes.
 * The transition table is above rio_arb_tx_step in arbtx.c.
 */
int rio_arb_tx_step(struct rio_arb_tx *ctx, const struct rio_arb_tx_event *ev,
                    struct rio_arb_tx_out *out);

/* Queries: a value >= 0, or RIO_EINVAL (NULL / not ready) / RIO_ERANGE
 * (flow >= nflows). */
int rio_arb_tx_state(const struct rio_arb_tx *ctx, unsigned flow);
int rio_arb_tx_request(const struct rio_arb_tx *ctx, unsigned flow);
/* Bit the next NEW REQUEST of the flow will carry (rule 4). */
int rio_arb_tx_next_seq(const struct rio_arb_tx *ctx, unsigned flow);
/* REQUESTs outstanding (0 or 1, rule 11); *seq (may be NULL) gets its bit. */
int rio_arb_tx_outstanding(const struct rio_arb_tx *ctx, unsigned flow,
                           unsigned *seq);
/* Bit of the current context (valid in the SENDING/DRAINING states). */
int rio_arb_tx_context_seq(const struct rio_arb_tx *ctx, unsigned flow);
/* 1 if a SLOT event for the flow would send a data packet now. */
int rio_arb_tx_may_send(const struct rio_arb_tx *ctx, unsigned flow);
/* PDUs queued (the one in progress included). */
int rio_arb_tx_queued(const struct rio_arb_tx *ctx, unsigned flow);
/* REQUEST re-issues after timeouts so far (saturates at INT32_MAX). */
int rio_arb_tx_reissues(const struct rio_arb_tx *ctx, unsigned flow);

/* ======================================================================
 * Receiver
 * ====================================================================== */

enum rio_arb_rx_answer {
    RIO_ARB_RX_IMMEDIATE = 0, /* answer in the step that receives it */
    RIO_ARB_RX_ON_DECIDE = 1  /* hold until a DECIDE event (rule 9) */
};

enum rio_arb_rx_policy {
    RIO_ARB_RX_GRANT_IF_FREE = 0, /* grant when a resource is free */
    RIO_ARB_RX_REJECT_ALL = 1     /* forced reject, for tests */
};

struct rio_arb_rx_cfg {
    enum rio_p9_rev rev;
    unsigned nflows;          /* 1..RIO_ARB_MAX_FLOWS */
    unsigned pool;            /* resource instances, 0..65535 */
    uint8_t static_flow[RIO_ARB_MAX_FLOWS]; /* 1: fixed/static (I-ARB-11) */
    enum rio_arb_rx_answer answer;  /* I-ARB-13 */
    enum rio_arb_rx_policy policy;  /* IMMEDIATE answers */
    uint8_t pipelining;       /* 1: hold one pipelined REQUEST per flow;
                                 0: answer it XOFF(ARB) at once */
    uint8_t ccp_in_own_flow;  /* 1: XON/XOFF(ARB) travel in their own flow */
    uint8_t rejected_copy_afresh; /* 1: a REQUEST with the bit of the last
                                     REJECTED one is decided as new (I-ARB-7) */
    uint32_t idle_timeout;    /* ticks, 0 = off (I-ARB-12) */
    uint32_t release_timeout; /* ticks after the de-allocation XOFF(ARB),
                                 0 = never (I-ARB-12) */
};

/* Per-flow state, as answered by rio_arb_rx_state(). */
enum rio_arb_rx_state {
    RIO_ARB_RX_NOT_ARBITRATED = 0, /* static flow */
    RIO_ARB_RX_EXPECT_REQUEST = 1, /* no resource (a REQUEST may be held for
                                      DECIDE) */
    RIO_ARB_RX_EXPECT_SINGLE_PDU = 2, /* single grant: waits for the PDU's
                                         last segment */
    RIO_ARB_RX_EXPECT_MULTI_PDU = 3,  /* multi grant: waits for PDUs or
                                         RELEASE */
    RIO_ARB_RX_EXPECT_RELEASE = 4     /* multi grant, XOFF(ARB) sent: waits
                                         for RELEASE (or release_timeout) */
};

enum rio_arb_rx_event_type {
    RIO_ARB_RX_EV_CCP = 0,    /* arbitration CCP received: flow, cmd, seq */
    RIO_ARB_RX_EV_DATA = 1,   /* data packet of flow: last, aborted */
    RIO_ARB_RX_EV_TICK = 2,   /* ticks passed */
    RIO_ARB_RX_EV_DECIDE = 3, /* answer flow's held REQUEST: grant 1/0 */
    RIO_ARB_RX_EV_ASK_DEALLOC = 4, /* receiver wants flow's multi-PDU
                                      resource back: XOFF(ARB) (rule 8) */
    RIO_ARB_RX_EV_RESET = 5   /* I-ARB-17 */
};

struct rio_arb_rx_event {
    enum rio_arb_rx_event_type type;
    unsigned flow;        /* CCP, DATA, DECIDE, ASK_DEALLOC */
    enum rio_fam_cmd cmd; /* CCP */
    uint8_t seq;          /* CCP */
    uint8_t last;         /* DATA: last segment of the PDU */
    uint8_t aborted;      /* DATA: the PDU is aborted (ends it, I-ARB-16) */
    uint8_t grant;        /* DECIDE: 1 grant, 0 reject */
    uint32_t ticks;       /* TICK */
};

enum rio_arb_free_reason {
    RIO_ARB_FREE_LAST_SEGMENT = 0,   /* single PDU complete (P9-2.2.1-a) */
    RIO_ARB_FREE_ABORTED = 1,        /* single PDU aborted (P9-2.4.8-a) */
    RIO_ARB_FREE_IDLE_TIMEOUT = 2,   /* single, idle (rule 5, P9-2.4.8-a) */
    RIO_ARB_FREE_RELEASE = 3,        /* RELEASE received (P9-2.2.1-b) */
    RIO_ARB_FREE_RELEASE_TIMEOUT = 4,/* multi, no RELEASE after XOFF(ARB):
                                        asynchronous (P9-2.4.8-b) */
    RIO_ARB_FREE_RESET = 5
};

enum rio_arb_rx_note_kind {
    RIO_ARB_RX_ALLOCATED = 0,   /* resource allocated, XON(ARB) sent
                                   (seq, multi) */
    RIO_ARB_RX_FREED = 1,       /* resource freed (multi, reason) */
    RIO_ARB_RX_HELD = 2,        /* REQUEST held: waits for DECIDE or for the
                                   current grant to end (seq, multi) */
    RIO_ARB_RX_DUPLICATE_REQUEST = 3, /* copy of a held or granted REQUEST
                                         (I-ARB-5, I-ARB-6) */
    RIO_ARB_RX_ABORT_KEPT = 4,  /* aborted PDU on a multi grant: nothing
                                   freed (P9-2.4.8-b) */
    RIO_ARB_RX_IGNORED_CCP = 5, /* not for a receiver (XON, XOFF, XON(ARB),
                                   XOFF(ARB), reserved) or RELEASE on a
                                   static flow (cmd) */
    RIO_ARB_RX_RELEASE_SEQ_MISMATCH = 6, /* RELEASE bit != grant bit
                                            (I-ARB-4) */
    RIO_ARB_RX_STALE_REQUEST = 7, /* REQUEST with the bit of a completed
                                     grant: answered XOFF(ARB) (I-ARB-7). A
                                     correct transmitter causes it by a
                                     timeout re-issue; one that does not
                                     advance its bit (rule 4) causes it on
                                     every second REQUEST */
    RIO_ARB_RX_DEALLOC_CROSSING = 8, /* new REQUEST with the bit of a
                                        de-allocation XOFF(ARB) sent since:
                                        answered XOFF(ARB) (I-ARB-20) */
    /* Transmitter protocol violations observed (reported, never fatal). */
    RIO_ARB_RX_V_DATA_WITHOUT_RESOURCE = 9,     /* P9-2.4.7-1 */
    RIO_ARB_RX_V_RELEASE_WITHOUT_RESOURCE = 10, /* rules 7, 12 */
    RIO_ARB_RX_V_RELEASE_MID_PDU = 11,          /* rules 7, 8 (I-ARB-15) */
    RIO_ARB_RX_V_SECOND_REQUEST = 12            /* rule 11 (I-ARB-14) */
};

struct rio_arb_rx_note {
    enum rio_arb_rx_note_kind kind;
    uint16_t flow;
    uint8_t seq;
    uint8_t multi;
    enum rio_arb_free_reason reason; /* FREED */
    enum rio_fam_cmd cmd;            /* IGNORED_CCP */
};

struct rio_arb_rx_out {
    unsigned nmsg;
    struct rio_arb_msg msg[RIO_ARB_OUT_MSGS];
    unsigned nnote;
    struct rio_arb_rx_note note[RIO_ARB_OUT_NOTES];
};

/* Internal state; read it only through the query functions. */
struct rio_arb_rx_flow {
    enum rio_arb_rx_state state;
    uint8_t ctx_seq;      /* bit of the REQUEST the resource was granted for */
    uint8_t in_pdu;       /* a PDU has started and not ended */
    uint32_t idle;        /* ticks since the grant, last packet or XOFF(ARB) */
    uint8_t held;         /* a REQUEST is held */
    uint8_t held_seq;
    uint8_t held_multi;
    uint8_t last_valid;   /* the last answer on this flow: */
    uint8_t last_seq;     /*   its bit */
    uint8_t last_granted; /*   1 = XON(ARB), 0 = XOFF(ARB) */
    uint8_t dealloc_sent; /* a de-allocation XOFF(ARB) was sent since the
                             last answer to a new REQUEST (I-ARB-20) */
    uint8_t dealloc_seq;  /*   its bit */
};

struct rio_arb_rx {
    struct rio_arb_rx_cfg cfg;
    uint8_t ready;
    unsigned free;        /* resources not allocated */
    struct rio_arb_rx_flow flow[RIO_ARB_MAX_FLOWS];
};

/* Initialise ctx: every resource free, every arbitrated flow EXPECT_REQUEST.
 * RIO_EINVAL: NULL, bad rev, answer or policy; RIO_ERANGE: nflows 0 or >
 * RIO_ARB_MAX_FLOWS, pool > 65535, a flag (static_flow[], pipelining,
 * ccp_in_own_flow, rejected_copy_afresh) > 1. On error ctx is not usable
 * (step returns RIO_ESTATE). */
int rio_arb_rx_init(struct rio_arb_rx *ctx, const struct rio_arb_rx_cfg *cfg);

/*
 * Apply one event. Returns:
 *   RIO_EINVAL  NULL argument, unknown event type or command;
 *   RIO_ESTATE  ctx not initialised; ASK_DEALLOC on a flow without a
 *               multi-PDU grant;
 *   RIO_ERANGE  flow >= nflows, seq/last/aborted/grant > 1;
 *   RIO_ENOENT  DECIDE with no REQUEST held for the flow;
 *   RIO_EBUSY   DECIDE grant of a pipelined REQUEST while the flow still
 *               holds its resource (P9-2.2.2-a);
 *   RIO_EFULL   DECIDE grant with no resource free;
 *   RIO_OK      otherwise (violations are notes, not errors). A DECIDE
 *               grant answers XOFF(ARB) in the one case of I-ARB-20.
 * Outputs per step: TICK: at most one message and two notes per flow;
 * RESET: one note per allocated flow, no message; others: at most one
 * message and 4 notes.
 * The transition table is above rio_arb_rx_step in arbrx.c.
 */
int rio_arb_rx_step(struct rio_arb_rx *ctx, const struct rio_arb_rx_event *ev,
                    struct rio_arb_rx_out *out);

/* Queries: a value >= 0, or RIO_EINVAL (NULL / not ready) / RIO_ERANGE. */
int rio_arb_rx_state(const struct rio_arb_rx *ctx, unsigned flow);
/* Resources free in the pool. */
int rio_arb_rx_free(const struct rio_arb_rx *ctx);
/* 1 if the flow holds a resource of the pool (P9-2.4.7-10: never more). */
int rio_arb_rx_allocated(const struct rio_arb_rx *ctx, unsigned flow);
/* 1 if a REQUEST is held for the flow; *seq and *multi (may be NULL) get
 * its bit and kind. */
int rio_arb_rx_held(const struct rio_arb_rx *ctx, unsigned flow,
                    unsigned *seq, unsigned *multi);

/* 1 for the RIO_ARB_RX_V_* kinds, else 0. */
int rio_arb_rx_note_is_violation(enum rio_arb_rx_note_kind kind);

/* Names ("SENDING_MULTI_PDU", "V_DATA_WITHOUT_RESOURCE", ...), never NULL. */
const char *rio_arb_tx_state_name(enum rio_arb_tx_state state);
const char *rio_arb_rx_state_name(enum rio_arb_rx_state state);
const char *rio_arb_tx_note_name(enum rio_arb_tx_note_kind kind);
const char *rio_arb_rx_note_name(enum rio_arb_rx_note_kind kind);

#endif
