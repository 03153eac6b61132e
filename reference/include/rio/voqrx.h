/* SPDX-License-Identifier: Apache-2.0 */
/*
 * rio/voqrx.h - the Part 12 VoQ backpressure RECEIVER: the upstream device that
 * honours backpressure symbols from its link partner and stages its traffic
 * accordingly.
 *
 * Spec: Part 12 rev 4.1 (rev 3.0-4.1) and rev 2.0 (rev 2.0-2.2) sections 2.2,
 * 2.3, 2.4, 3.1-3.3, 4.3; Part 6 Table 3-12 (VCID); shared spec README errata
 * 1, 2, 3, 10.
 * Rules: P12-4.3-a .. P12-4.3-e, P12-2.3-a, P12-3.2-c, P12-3.3-a, P12-3.3-b,
 * P12-3.3-c, P12-3.3-e, P12-3.3-f, P12-3.3-h, P12-3.2-f, P12-2.1-a, P12-2.1-b,
 * P12-3.1-c, P12-3.1-e, P12-3.1-f, P12-3.3-d (configuration check).
 *
 * The model
 * ---------
 * One upstream port, its link to a downstream device with port_count ports.
 *
 * Congestion state: one flag per (downstream port, VC in use), 1 = congested
 * (P12-2.1-a), all 0 after init (nothing is congested until told). A received
 * VoQ message sets the flags of the ports it covers, on the VCs it applies to:
 *   per_vc off (Part 12 rev 3+ CSR bit 11 / rev 2 "VC linking" clear):
 *       every VC in use, whatever the symbol rides with or its VC_IND says
 *       (P12-3.3-h, P12-3.3-e, P12-3.3-a);
 *   per_vc on:
 *       CS48: the VC of the stype0 in the same symbol: Status -> VC0,
 *             VC_Status -> the VCID's VC (P12-3.3-b, P12-3.2-f, I-RX-3);
 *             any other stype0 -> ignored (I-RX-2);
 *       CS64: the VC_IND's VC (P12-3.3-c, I-RX-3); 0b1111 -> every VC in use.
 *   CS64 VC_IND 0b1001-0b1110 (reserved): the symbol is ignored without error,
 *   whatever per_vc says (P12-3.2-c).
 *   Rev 2 stype2 NOP and reserved CMDs, rev 3+ CMD 0: no effect.
 * Message geometry: rev 3+ group width N = RX Port Group Size (3.1, 3.2; not the
 * TX field, erratum 3), status width 13 - N (CS48) or 20 - N (CS64); rev 2:
 * 6 ports a group, port = group x 6 + offset. Lowest port = least significant
 * status bit (P12-2.1-b).
 *
 * Staging (2.2, 2.3, 2.4, 4.3): every downstream egress port p is mapped to a
 * staging queue queue_of_port[p] (4.3a: the caller's routing tells which
 * downstream egress port a packet goes to). Several ports may share a queue:
 * co-mingling (2.3, 4.3e). With queue_within_vcs each VC has its own set of
 * staging queues (2.4 "each VC may have a set of staging queues"): queue q of
 * VC v is the pair (q, v). Without it, queue q holds the traffic of every VC.
 *   A staging queue is BLOCKED while any downstream port mapped to it is
 *   congested - on the queue's VC (queue_within_vcs) or on any VC (I-RX-6)
 *   (P12-2.3-a, P12-4.3-e); otherwise it is ELIGIBLE.
 *
 * Scheduler: packets are enqueued with (id, flow_id, downstream egress port,
 * VC) and wait in arrival order. A SCHEDULE event commits (= hands to the link,
 * the "critical resource" of 4.3b) at most one packet: the OLDEST waiting
 * packet that is ELIGIBLE, which means
 *   (1) its staging queue (queue_of_port[port], on its VC when queueing within
 *       VCs) is not blocked - so no packet for a congested port, and no packet
 *       of a queue co-mingling a congested port, is ever committed (4.3b,
 *       4.3e, 2.3);
 *   (2) no older packet of the same flow_id is still waiting (4.3c, 4.3d,
 *       I-RX-5).
 * Everything else keeps flowing (4.3b "allowing other traffic to pass").
 *
 * Interpretation I-RX-1: [choice: policy rx_beyond] (erratum 10: behaviour
 *   for ports beyond the device is implementation-defined; vectors check
 *   either behaviour only on a device declaring rx_beyond=ignore_bits or
 *   =discard, and otherwise send 0s for absent ports) a message may name
 *   ports the downstream
 *   device does not have (port >= port_count, e.g. CS48 N = 6 reaches 447).
 *   Policy `beyond`: RIO_VOQRX_BEYOND_IGNORE_BITS (default): those status bits
 *   are ignored, the other ports of the message apply; RIO_VOQRX_BEYOND_DISCARD:
 *   a message with a 1 for such a port is discarded as a whole (reported
 *   RIO_VOQRX_DISCARDED_BEYOND), one with only 0s there applies normally (the
 *   last group of a device is usually partly empty). Either way the count of
 *   1-bits beyond the device is reported.
 * Interpretation I-RX-2: [choice: policy rx_not_linked] (checked only on a
 *   device declaring rx_not_linked=ignore) with per_vc on, 3.3 says "the VoQ
 *   backpressure symbol
 *   shall be combined with a VC_Status or Status symbol" (rev 2 3.2 "may only
 *   be combined"). A CS48 VoQ message riding with another stype0 names no VC:
 *   it is ignored (RIO_VOQRX_IGNORED_NOT_LINKED), not applied to all VCs.
 * Interpretation I-RX-3: [reading] VC_Status VCIDs are read per Part 6 Table 3-12 for the
 *   number of optional VCs in use: the low VCID bits that do not count are
 *   ignored (4 VCs: 0b00x VC1, 0b01x VC3, 0b10x VC5, 0b11x VC7; 2 VCs: 0b0xx
 *   VC1, 0b1xx VC5; 1 VC: VC1). CS64 VC_IND 0b0000-0b0111 is read the same way
 *   (Table 3-3: "an extension of the Control Symbol 48 VC_Status ... VCID
 *   encoding"). With no optional VCs a VCID or VC_IND naming VC1-8 names no VC
 *   of the device: ignored (RIO_VOQRX_IGNORED_VC_NOT_IN_USE).
 * Interpretation I-RX-4: [reading] a CS48/CS64 whose CRC is wrong is discarded (Part 6:
 *   a corrupt control symbol is not acted on); the step returns RIO_ECRC with
 *   out->result RIO_VOQRX_DISCARDED_CRC and no state change.
 * Interpretation I-RX-5: [reading] ordering (4.3c, 4.3d). RapidIO ordering is per flow;
 *   a flow has one destination, hence normally one downstream egress port. The
 *   model is stricter and simpler: packets with the same flow_id are never
 *   reordered among themselves, whatever their ports or queues - a flow whose
 *   oldest packet is held back holds back its later packets too, even towards
 *   an uncongested port. Packets of different flow_ids may pass each other
 *   (that is what staging is for). Stricter RapidIO rules between flows (e.g.
 *   a lower priority flow not passing a higher one between the same source and
 *   destination) are the caller's to express by giving such packets one flow_id.
 * Interpretation I-RX-6: [reading] staging queues that are not per VC (queue_within_vcs
 *   off) block while a mapped port is congested on any VC. With per_vc off
 *   (the only allowed combination, I-RX-7) every message sets all VCs alike, so
 *   this is exactly "the port is congested".
 * Interpretation I-RX-7: [reading] 3.3 "VoQ Backpressure per VC only works if both
 *   upstream and downstream devices use port staging within VC structures. If
 *   either device does not have a corresponding capability, VoQ Backpressure
 *   per VC Transmission shall be disabled" (P12-3.3-d): init refuses per_vc
 *   without queue_within_vcs (RIO_ENOTSUP).
 * Interpretation I-RX-8: [reading] CS64 alignment bits and the stype1 field (both
 *   formats) do not concern VoQ and are not looked at; CS64 symbols whose stype0
 *   is not VoQ backpressure (0b1101) carry no message (RIO_VOQRX_IGNORED_NOT_VOQ).
 * Interpretation I-RX-9: [reading] "all VCs" (VC_IND 0b1111, or per_vc off) means every
 *   VC the device has in use; flags of VCs not in use do not exist.
 * Interpretation I-RX-10: [reading] RESET returns the receiver to its state after init:
 *   no port congested, no packet waiting (a device or link reset; the
 *   congestion state of 4.2g "orphaned congestion" is cleared with it).
 */
#ifndef RIO_VOQRX_H
#define RIO_VOQRX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rio/voq.h"
#include "rio/voqgen.h" /* enum rio_voq_format, rio_voqgen_vc_in_use() */

/* Capacities. */
#define RIO_VOQRX_MAX_PORTS 256u   /* downstream ports (rev 2: 192) */
#define RIO_VOQRX_MAX_QUEUES 256u  /* staging queues (per VC when within VCs) */
#define RIO_VOQRX_MAX_PACKETS 256u /* packets waiting, all queues together */
#define RIO_VOQRX_VCS 9u           /* VC0..VC8 */

/* What to do with status bits for ports the downstream device lacks (I-RX-1). */
enum rio_voqrx_beyond {
    RIO_VOQRX_BEYOND_IGNORE_BITS = 0,
    RIO_VOQRX_BEYOND_DISCARD = 1
};

struct rio_voqrx_cfg {
    enum rio_p12_rev rev;
    enum rio_voq_format format;  /* rev 2: CS48 only */
    unsigned port_count;         /* downstream ports: 1..256 (rev 2: 1..192) */
    unsigned optional_vcs;       /* 0, 1, 2, 4 or 8 (Part 6 Table 3-12) */
    bool per_vc;                 /* CSR bit 11: per-VC / rev 2 VC linking */
    unsigned rx_group_width;     /* rev 3+ RX Port Group Size 0..6; rev 2:
                                    ignored */
    bool queue_within_vcs;       /* staging queues per VC (2.4) */
    unsigned queue_count;        /* 1..256; fewer than ports = co-mingling */
    uint8_t queue_of_port[RIO_VOQRX_MAX_PORTS]; /* downstream port -> queue */
    enum rio_voqrx_beyond beyond;
};

/* A packet as the scheduler sees it. */
struct rio_voqrx_packet {
    uint32_t id;      /* the caller's, opaque */
    uint32_t flow_id; /* ordering domain (I-RX-5) */
    uint16_t port;    /* downstream egress port (4.3a) */
    uint8_t vc;       /* 0..8, in use */
};

enum rio_voqrx_event_type {
    RIO_VOQRX_EV_RX_SYMBOL = 0, /* bytes/len: a whole CS48 (6) or CS64 (8) */
    RIO_VOQRX_EV_RX_MSG = 1,    /* msg (+ stype0/parameter0 for CS48) */
    RIO_VOQRX_EV_ENQUEUE = 2,   /* packet */
    RIO_VOQRX_EV_SCHEDULE = 3,  /* commit at most one packet */
    RIO_VOQRX_EV_RESET = 4      /* back to the state after init (I-RX-10) */
};

struct rio_voqrx_event {
    enum rio_voqrx_event_type type;
    const uint8_t *bytes; /* RX_SYMBOL */
    size_t len;           /* RX_SYMBOL */
    /* RX_MSG: a message as rio_voq_stype2_decode / rio_voq_cs64_decode give it
     * with the receiver's own group width (msg.group_width must match), and
     * for CS48 the stype0 and parameter0 of the symbol it rode in. */
    struct rio_voq_msg msg;
    uint8_t stype0;
    uint8_t parameter0;
    struct rio_voqrx_packet packet; /* ENQUEUE */
};

enum rio_voqrx_result {
    RIO_VOQRX_NOTHING = 0,            /* RESET */
    RIO_VOQRX_APPLIED = 1,            /* a message set flags (maybe none
                                         changed) */
    RIO_VOQRX_DISCARDED_CRC = 2,      /* bad CRC, step returns RIO_ECRC (I-RX-4) */
    RIO_VOQRX_DISCARDED_BEYOND = 3,   /* I-RX-1 DISCARD policy */
    RIO_VOQRX_IGNORED_NOT_VOQ = 4,    /* CS64 stype0 other than 0b1101 */
    RIO_VOQRX_IGNORED_NOP = 5,        /* rev 2 CMD 0b000 */
    RIO_VOQRX_IGNORED_RESERVED_CMD = 6, /* rev 2 CMD 0b010-0b111, rev 3+ CMD 0:
                                           the symbol carries no VoQ message */
    RIO_VOQRX_IGNORED_RESERVED_VC_IND = 7, /* P12-3.2-c */
    RIO_VOQRX_IGNORED_NOT_LINKED = 8, /* I-RX-2 */
    RIO_VOQRX_IGNORED_VC_NOT_IN_USE = 9, /* I-RX-3 */
    RIO_VOQRX_ENQUEUED = 10,
    RIO_VOQRX_COMMITTED = 11,         /* out->packet left for the link */
    RIO_VOQRX_NOTHING_ELIGIBLE = 12   /* SCHEDULE with nothing it may commit */
};

/* What one step did; at most one packet per step. */
struct rio_voqrx_out {
    enum rio_voqrx_result result;
    struct rio_voq_msg msg;     /* RX events: the message as decoded */
    uint8_t vc;                 /* APPLIED: the VC it applied to, or RIO_VC_ALL */
    uint16_t flags_changed;     /* APPLIED: (port, VC) flags that changed */
    uint16_t beyond_bits;       /* RX events: 1-bits for ports >= port_count */
    struct rio_voqrx_packet packet; /* COMMITTED */
};

struct rio_voqrx_slot {
    struct rio_voqrx_packet packet;
    bool flow_head; /* no older packet of its flow waits */
};

/* The context: plain data the caller owns (about 9.5 KiB). */
struct rio_voqrx {
    struct rio_voqrx_cfg cfg;
    uint16_t congested[RIO_VOQRX_MAX_PORTS]; /* bit v: congested on VC v */
    /* congested ports mapped to queue q, on VC v */
    uint16_t blocking[RIO_VOQRX_MAX_QUEUES][RIO_VOQRX_VCS];
    struct rio_voqrx_slot waiting[RIO_VOQRX_MAX_PACKETS]; /* oldest first */
    unsigned depth;
};

/* A configuration with one staging queue per downstream port (queue p for port
 * p), no optional VCs, per_vc off, group width 0, queues not within VCs,
 * RIO_VOQRX_BEYOND_IGNORE_BITS. RIO_EINVAL: NULL; RIO_ERANGE: port_count
 * 0 or above 256. Validation of the rest is rio_voqrx_init's. */
int rio_voqrx_cfg_default(struct rio_voqrx_cfg *cfg, enum rio_p12_rev rev,
                          enum rio_voq_format format, unsigned port_count);

/* Start a receiver: nothing congested, nothing waiting. Errors (*rx unchanged):
 * RIO_EINVAL: NULL, unknown rev/format/beyond, port_count 0, optional_vcs not
 * 0/1/2/4/8, queue_count 0, a port (< port_count) mapped to a queue >=
 * queue_count, rx_group_width above 7 (rev 3+). RIO_ERANGE: port_count above
 * 256 (rev 2: 192) or queue_count above 256. RIO_EREVISION: CS64 with rev 2.
 * RIO_ERESERVED: rx_group_width 7 (rev 3+, reserved). RIO_ENOTSUP: per_vc
 * without queue_within_vcs (I-RX-7). */
int rio_voqrx_init(struct rio_voqrx *rx, const struct rio_voqrx_cfg *cfg);

/*
 * Apply one event. out is always filled (result, and the fields its result
 * names; the others 0).
 *
 *   event       result(s)                                  state change
 *   RX_SYMBOL   APPLIED, IGNORED_*, DISCARDED_*            flags, per the model
 *   RX_MSG      as RX_SYMBOL (no CRC)                      flags
 *   ENQUEUE     ENQUEUED                                   packet appended
 *   SCHEDULE    COMMITTED (out->packet) / NOTHING_ELIGIBLE oldest eligible
 *                                                          packet removed
 *   RESET       NOTHING                                    as after init
 *
 * Returns RIO_OK (also for every IGNORED_* and DISCARDED_BEYOND result: the
 * spec says to ignore, not to fail), or, with no state change:
 *   RIO_EINVAL  NULL rx/ev/out, NULL bytes, unknown event type; RX_MSG whose
 *               fields are inconsistent (unknown kind, group width other than
 *               the receiver's, group/status too wide, first_port not group x
 *               status width)
 *   RIO_ETRUNC / RIO_ELENGTH  RX_SYMBOL shorter / longer than the configured
 *               format's 6 or 8 bytes
 *   RIO_ECRC    RX_SYMBOL with a bad CRC (out->result DISCARDED_CRC, I-RX-4)
 *   RIO_ERANGE  ENQUEUE: port >= port_count or VC not in use
 *   RIO_EFULL   ENQUEUE: RIO_VOQRX_MAX_PACKETS already waiting
 */
int rio_voqrx_step(struct rio_voqrx *rx, const struct rio_voqrx_event *ev,
                   struct rio_voqrx_out *out);

/* 1 when downstream port `port` is congested on VC vc (in use), else 0.
 * RIO_EINVAL: NULL; RIO_ERANGE: port >= port_count or vc not in use. */
int rio_voqrx_port_congested(const struct rio_voqrx *rx, unsigned port,
                             unsigned vc);

/* 1 when staging queue `queue` may commit traffic on VC vc, 0 when it is
 * blocked (P12-2.3-a). Without queue_within_vcs the queue is shared by all VCs
 * and vc may be any VC in use or RIO_VC_ALL. RIO_EINVAL: NULL, or RIO_VC_ALL
 * with queue_within_vcs; RIO_ERANGE: queue >= queue_count, vc not in use. */
int rio_voqrx_queue_eligible(const struct rio_voqrx *rx, unsigned queue,
                             unsigned vc);

/* Packets waiting in staging queue `queue` on VC vc, or on all VCs with
 * RIO_VC_ALL. Negative error as rio_voqrx_queue_eligible (RIO_VC_ALL is always
 * allowed here). */
int rio_voqrx_queue_depth(const struct rio_voqrx *rx, unsigned queue,
                          unsigned vc);

/* Packets waiting in all queues (0 for NULL). */
unsigned rio_voqrx_waiting(const struct rio_voqrx *rx);

#endif
