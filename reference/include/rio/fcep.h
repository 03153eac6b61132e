/* SPDX-License-Identifier: Apache-2.0 */
/*
 * rio/fcep.h - Part 9 congestion management at the SOURCE end point: the
 * end point that receives XON/XOFF CCPs (type 7 packets) and stops and
 * restarts its transaction request flows.
 *
 * Spec: Part 9 rev 4.1 (same text in rev 2.2) 2.4.2.1 (orphaned XOFF
 * mechanism), 2.4.2.3 (XOFF/XON counters), 2.4.3 (critical flows), 2.4.4
 * (ordering), 2.4.5 (end point rules), 3.2-3.4 (Table 3-1 flowIDs, Table 3-2
 * FAM), Annex A.2 (orphan timer). Rules: P9-2.1-a, P9-2.4.2.1-a,
 * P9-2.4.2.3-a/b/c/d, P9-2.4.3-d, P9-2.4.4-b, P9-2.4.5-1/2/3, P9-3.2-e,
 * P9-3.3-b, P9-A.2-a.
 *
 * Model. A flow is (tgtdestinationID, VC, flow): VC0 flows A..F (F means "F
 * and higher") and VC1..VC8 flow A ("A and higher"), 14 flows per
 * destination (Table 3-1). Every flow has an XON/XOFF counter. A context
 * holds counters for up to cfg.capacity destinations of its own plus one
 * shared (aggregate) counter set; see I-FCEP-2. A FIFO of the XOFF'd flows
 * (counter != 0), oldest first, drives the orphan timer (I-FCEP-3).
 *
 * Flow masks. Outputs and queries name sets of flows of one destination as a
 * 14-bit mask: bit 0..5 = VC0 flow A..F, bit 5 + n = VCn flow A (n = 1..8).
 * rio_fcep_flow_index() gives the bit number.
 *
 * Interpretation I-FCEP-1 [reading] (which flows an XOFF stops and an XON restarts):
 *   2.4.5 rule 1: "A XOFF flow control transaction stops all transaction
 *   request flows of the specified priority and lower ... and increments the
 *   XON/XOFF counter associated with the specified flowID." Rule 2: "A XON
 *   ... decrements the XON/XOFF counter associated with the specified flowID.
 *   If the resulting value is zero, the transaction request flows for that
 *   flowID and flowIDs of higher priority are restarted." 2.4.2.3: "Only when
 *   this counter is equal to zero is the flow enabled."
 *   Read literally, XOFF C then XON C would restart C..F but never A and B,
 *   which XOFF C stopped and no rule names again. The reference therefore
 *   uses the one reading that satisfies all three sentences: VC0 flow Y of
 *   destination D is enabled iff the counters of every VC0 flowID >= Y of D
 *   are 0. So an XOFF for X stops X and every lower flow (rule 1); when X's
 *   counter returns to 0 every flow at or below X whose higher counters are
 *   all 0 restarts, and flows above X are unaffected (they were never
 *   stopped by X). VC1..VC8 each have one counter (flow A, "A and higher")
 *   and are independent of each other and of VC0.
 *
 * Interpretation I-FCEP-2 [choice: config capacity] (counter table and aggregation when it is full):
 *   2.4.2.3: "the number of counters and how flows are aggregated to a
 *   particular counter is implementation dependant. However, all flows must
 *   be associated with a counter." The reference keeps, per destination that
 *   has any non-zero counter, a set of 14 counters of its own (at most
 *   cfg.capacity such destinations), and one shared aggregate set. A
 *   destination without its own set is a member of the aggregate. An XOFF for
 *   a destination without its own set gets a new own set only if a slot is
 *   free AND the aggregate is all zero (so no XOFF of that destination can
 *   be sitting in the aggregate); otherwise it is counted in the aggregate,
 *   and every member destination's flows obey the aggregate counters. A set
 *   whose counters are all 0 is released once the aggregate is all 0 too
 *   (a set of zeros is the same as no set, so this is not observable except
 *   through capacity); while the aggregate holds XOFFs a destination keeps
 *   its own set, so an event for one flow never changes the counter of
 *   another flow of that destination by moving it into the aggregate. Thus a
 *   destination's state is always in exactly one place, no XOFF is ever
 *   lost, and capacity 0 models an end point with a single counter set for
 *   all destinations. What aggregation means, stated openly: an XOFF for one
 *   member stops that flow for every member, and an XON for any member
 *   decrements the shared counter (2.4.2.3 counts "each associated XON").
 *
 * Interpretation I-FCEP-3 [choice: policy ep_orphan] (orphan timer, Annex A.2 and 2.4.2.1):
 *   2.4.2.1 leaves the mechanism implementation specific but mandatory; the
 *   reference implements the A.2 design: "a low precision counter ... which
 *   monitors the oldest XOFF'd flow ... When a flow first becomes the oldest
 *   flow (reaches top of an XOFF'd flow FIFO list) the timer is reset to its
 *   programmed value ... If it is allowed to elapse without a change to the
 *   oldest XOFF'd flow, that flow ... [is] restarted as if an XON CCP had
 *   been received, with the orphaned flow entry removed from the top of the
 *   list and the counter reset to count down for the next oldest."
 *   - A flow enters the FIFO tail when its counter leaves 0 and leaves the
 *     FIFO (from wherever it is) when its counter returns to 0 for any
 *     reason. Further XOFFs to a listed flow do not move it.
 *   - "A change to the oldest XOFF'd flow" is a change of WHICH flow is the
 *     oldest: more XOFFs to the oldest flow do not reload the timer.
 *   - The timer expires after exactly orphan_timeout ticks of being loaded
 *     (remaining reaches 0); the expired flow's counter is set to 0 whatever
 *     its value (2.4.2.3: "the counter is reset to zero and the flow is
 *     restarted"), the timer reloads for the next oldest, and one TICK event
 *     can expire several flows in turn.
 *   - orphan_timeout 0 is rejected: the mechanism "shall" exist (2.4.2.1)
 *     and its count "shall be programmable" (A.2); there is no "off".
 *
 * Interpretation I-FCEP-4 [choice: config critical] (critical flows, 2.4.3 "an end point may choose to
 *   ignore a flow control XOFF request for a transaction request flow that it
 *   regards as critical"): cfg.critical_mask marks flows (flow-mask bits)
 *   the end point regards as critical for every destination. An XOFF whose
 *   flowID names a critical flow is ignored entirely (not counted, nothing
 *   stopped, no FIFO entry). A critical flow is also never stopped by an XOFF
 *   for a higher flow (Table 3-1: such an XOFF is a request to "stop issuing
 *   requests for the specified and lower priority" flows, i.e. also a request
 *   for the critical flow, which the end point ignores), so critical flows
 *   always query as enabled. Default (mask 0): every XOFF is honoured.
 *
 * Interpretation I-FCEP-5 [reading] (FAM, 3.3 "A device that does not support the SAR
 *   protocol ignores the FAM bits"): with cfg.arb_support = 0 the XON/XOFF
 *   bit alone decides (XOFF + any FAM counts as XOFF, XON + any FAM as XON)
 *   and out.fam_ignored reports a non-zero FAM. With cfg.arb_support = 1,
 *   XOFF(ARB), RELEASE, XON(ARB) and the REQUESTs are arbitration protocol
 *   messages for the arbitration module: nothing is counted
 *   (RIO_FCEP_NOT_CONGESTION_MGMT); the FAM encodings Table 3-2 leaves
 *   undefined (XOFF+001, XOFF+11Y, XON+001) are ignored
 *   (RIO_FCEP_RESERVED_FAM).
 *
 * Interpretation I-FCEP-6 [reading] (set-up of a destination and priority, 2.4.2.3
 *   "The counter is initialized to zero at start up or when a new
 *   DestinationID and given Priority is initialized"): the SETUP event names
 *   one flow (destination, VC, flow) and zeroes its counter (it leaves the
 *   FIFO; flows it held stopped restart). If that destination is a member of
 *   a non-zero aggregate set (I-FCEP-2), its counter is shared with other
 *   destinations whose XOFFs must not be forgotten, so SETUP returns
 *   RIO_EFULL and changes nothing.
 *
 * Ordering (2.4.4 rule 4, P9-2.4.4-b): events are processed one at a time in
 * the order given; each CCP is applied completely in its step.
 *
 * Fields of a received CCP the end point does not act on: rsrv and SOC are
 * accepted whatever their value (no receive rule in 3.2); prio, CRF, the
 * packet's destinationID and CRC are the codec's business (rio/ccp.h).
 *
 * Revisions: the only difference is the width of tgtdestinationID (rev 2:
 * at most 16 bits; rev 3+: Dev32, 32 bits).
 */
#ifndef RIO_FCEP_H
#define RIO_FCEP_H

#include <stdint.h>

#include "rio/ccp.h"

/* Destinations with counter sets of their own, at most (cfg.capacity). */
#define RIO_FCEP_MAX_DESTS 32u
/* Flows per destination: VC0 A-F and VC1-VC8 A (Table 3-1). */
#define RIO_FCEP_FLOWS 14u
#define RIO_FCEP_FLOW_MASK_ALL 0x3FFFu
/* XOFF'd flows that can exist at once: own sets plus the aggregate. */
#define RIO_FCEP_FIFO_MAX ((RIO_FCEP_MAX_DESTS + 1u) * RIO_FCEP_FLOWS)
/* Counter widths (terminal count 2^w - 1). */
#define RIO_FCEP_WIDTH_MIN 1u
#define RIO_FCEP_WIDTH_MAX 16u

struct rio_fcep_cfg {
    enum rio_p9_rev rev;
    unsigned counter_width;   /* 1..16 bits; terminal count 2^w - 1 (2.4.2.3) */
    unsigned capacity;        /* 0..RIO_FCEP_MAX_DESTS own counter sets (I-FCEP-2) */
    uint32_t orphan_timeout;  /* ticks, 1..UINT32_MAX (I-FCEP-3) */
    uint8_t arb_support;      /* 1: PE Features CAR bit 20 set (I-FCEP-5) */
    uint16_t critical_mask;   /* flow mask of critical flows (I-FCEP-4), 0 = none */
};

enum rio_fcep_event_type {
    RIO_FCEP_EV_CCP = 0,   /* a type 7 packet arrived: ev.ccp */
    RIO_FCEP_EV_TICK = 1,  /* ev.ticks time units passed (0 allowed: no-op) */
    RIO_FCEP_EV_SETUP = 2, /* ev.dest, ev.vc, ev.flow initialized (I-FCEP-6) */
    RIO_FCEP_EV_RESET = 3  /* start-up: every counter 0 (2.4.2.3) */
};

struct rio_fcep_event {
    enum rio_fcep_event_type type;
    struct rio_ccp ccp; /* CCP: logical fields as decoded by rio_ccp_unpack */
    uint32_t ticks;     /* TICK */
    uint32_t dest;      /* SETUP: the destinationID */
    uint8_t vc;         /* SETUP: 0..8 */
    uint8_t flow;       /* SETUP: RIO_FLOW_A..RIO_FLOW_F on VC0, A on VC1-8 */
};

/* What a CCP event did (out.action); RIO_FCEP_NO_CCP for other events. */
enum rio_fcep_action {
    RIO_FCEP_NO_CCP = 0,
    RIO_FCEP_XOFF_COUNTED = 1,        /* counter + 1 (2.4.5 rule 1) */
    RIO_FCEP_XOFF_SATURATED = 2,      /* counter at terminal count: unchanged
                                         (2.4.2.3 "shall not wrap") */
    RIO_FCEP_XON_COUNTED = 3,         /* counter - 1 (2.4.5 rule 2) */
    RIO_FCEP_XON_AT_ZERO = 4,         /* counter already 0: stays 0 ("stopping
                                         at zero") */
    RIO_FCEP_RESERVED_FLOW_ID = 5,    /* no action, tgtdestinationID ignored
                                         (3.4) */
    RIO_FCEP_CRITICAL_FLOW = 6,       /* XOFF for a critical flow ignored
                                         (2.4.3, I-FCEP-4) */
    RIO_FCEP_RESERVED_FAM = 7,        /* arb device, FAM undefined in Table 3-2 */
    RIO_FCEP_NOT_CONGESTION_MGMT = 8  /* arb device, arbitration message: for
                                         the arbitration module (I-FCEP-5) */
};

/* One orphan timer expiry (Annex A.2). */
struct rio_fcep_expiry {
    uint32_t dest;       /* the oldest XOFF'd flow's destination; for the
                            aggregate set (aggregated = 1) it is 0 and
                            restarted applies to every member destination */
    uint8_t vc;
    uint8_t flow;
    uint8_t aggregated;
    uint16_t restarted;  /* flow mask that became enabled */
};

struct rio_fcep_out {
    enum rio_fcep_action action;
    uint8_t fam_ignored; /* CCP, no arb support, FAM != 0 (3.3) */
    uint8_t aggregated;  /* the counter acted on is the shared aggregate set:
                            stopped/restarted apply to every member destination */
    uint32_t dest;       /* CCP: tgtdestinationID (0 when the flowID is
                            reserved); SETUP: ev.dest */
    uint8_t vc;          /* CCP/SETUP: the flow acted on */
    uint8_t flow;
    uint16_t counter;    /* its counter after the event */
    uint16_t stopped;    /* flow mask of dest that went from enabled to stopped */
    uint16_t restarted;  /* flow mask of dest that went from stopped to enabled */
    unsigned n_expired;  /* TICK: orphan expiries, in the order they happened */
    struct rio_fcep_expiry expired[RIO_FCEP_FIFO_MAX];
};

/* Internal state; read it only through the query functions. */
struct rio_fcep_set {
    uint8_t in_use;                     /* own sets: holds a destination */
    uint32_t dest;
    uint16_t counter[RIO_FCEP_FLOWS];
};

struct rio_fcep_fifo_entry {
    uint8_t set;  /* index into sets[]; RIO_FCEP_MAX_DESTS = aggregate */
    uint8_t flow; /* flow-mask bit number */
};

struct rio_fcep {
    struct rio_fcep_cfg cfg;
    uint8_t ready;
    uint16_t terminal;
    struct rio_fcep_set sets[RIO_FCEP_MAX_DESTS + 1u];
    unsigned fifo_len;
    struct rio_fcep_fifo_entry fifo[RIO_FCEP_FIFO_MAX];
    uint32_t timer; /* ticks until the oldest flow expires; 0 when FIFO empty */
};

/* Bit number (0..13) of flow (vc, flow) in a flow mask. RIO_ERANGE: vc > 8,
 * flow > RIO_FLOW_F, or a flow other than A on VC1-VC8. */
int rio_fcep_flow_index(unsigned vc, unsigned flow);

/* Initialise ctx (every counter 0, FIFO empty, timer stopped). RIO_EINVAL:
 * NULL, bad rev, arb_support > 1; RIO_ERANGE: counter_width outside 1..16,
 * capacity > RIO_FCEP_MAX_DESTS, orphan_timeout 0, critical_mask bits above
 * bit 13. On error ctx is not usable (step returns RIO_ESTATE). */
int rio_fcep_init(struct rio_fcep *ctx, const struct rio_fcep_cfg *cfg);

/* Apply one event. On success every field of out is rewritten (expired[]
 * up to n_expired); on error ctx is unchanged and out's content is
 * unspecified. RESET reports nothing: afterwards every flow is enabled.
 * Returns:
 *   RIO_EINVAL   NULL argument or unknown event type;
 *   RIO_ESTATE   ctx was not initialised by a successful rio_fcep_init
 *                (a zeroed context or one whose init failed);
 *   RIO_ERANGE   a field too wide: CCP xon > 1, fam > 7, rsrv > 15,
 *                flow_id > 127, soc > 1, tgtdestinationID > 0xFFFF in rev 2;
 *                SETUP vc/flow not a flow (see rio_fcep_flow_index) or dest
 *                too wide for the revision;
 *   RIO_EFULL    SETUP of a destination whose counters are shared in a
 *                non-zero aggregate set (I-FCEP-6);
 *   RIO_OK       otherwise, including ignored CCPs (see out.action).
 * Outputs per step: one action record; for TICK up to RIO_FCEP_FIFO_MAX
 * expiries (every XOFF'd flow at most once), so nothing is ever dropped.
 * The transition table is above rio_fcep_step in fcep.c. */
int rio_fcep_step(struct rio_fcep *ctx, const struct rio_fcep_event *ev,
                  struct rio_fcep_out *out);

/* Counter associated with (dest, vc, flow): its own set's, the aggregate's if
 * dest is a member of a non-zero aggregate (I-FCEP-2), else 0. *aggregated
 * (may be NULL) says which. RIO_EINVAL: NULL ctx/value or ctx not ready;
 * RIO_ERANGE: bad flow or dest too wide for the revision. */
int rio_fcep_counter(uint16_t *value, uint8_t *aggregated,
                     const struct rio_fcep *ctx, uint32_t dest, unsigned vc,
                     unsigned flow);

/* 1 if the end point may issue requests on (dest, vc, flow) now (I-FCEP-1,
 * I-FCEP-4), 0 if the flow is stopped; RIO_EINVAL / RIO_ERANGE as for
 * rio_fcep_counter. */
int rio_fcep_flow_enabled(const struct rio_fcep *ctx, uint32_t dest,
                          unsigned vc, unsigned flow);

/* Enabled flows of dest as a flow mask (same rule), or a negative error. */
int rio_fcep_enabled_mask(const struct rio_fcep *ctx, uint32_t dest);

/* Orphan timer (Annex A.2). */
struct rio_fcep_orphan {
    uint8_t running;     /* 1 while some flow is XOFF'd */
    uint32_t remaining;  /* ticks until the oldest flow expires (0 if idle) */
    unsigned xoffd;      /* flows in the XOFF'd FIFO */
    uint32_t dest;       /* the oldest XOFF'd flow (valid when running) */
    uint8_t vc;
    uint8_t flow;
    uint8_t aggregated;  /* the oldest flow is in the aggregate set (dest 0) */
};

/* RIO_EINVAL: NULL argument or ctx not ready. */
int rio_fcep_orphan_state(struct rio_fcep_orphan *dst,
                          const struct rio_fcep *ctx);

/* Name of an action ("XOFF_COUNTED"), never NULL. */
const char *rio_fcep_action_name(enum rio_fcep_action action);

#endif
