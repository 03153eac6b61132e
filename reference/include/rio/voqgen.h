/* SPDX-License-Identifier: Apache-2.0 */
/*
 * rio/voqgen.h - the Part 12 VoQ backpressure GENERATOR: the downstream device
 * that watches its own ports and sends VoQ backpressure symbols upstream.
 *
 * Spec: Part 12 rev 4.1 (rev 3.0-4.1) and rev 2.0 (rev 2.0-2.2) sections 2.1,
 * 2.4, 3.1-3.3, 4.2, 5.1.2.2 (Tables 5-3 and 5-4); shared spec README errata 1,
 * 2, 7, 10.
 * Rules: P12-4.2-a .. P12-4.2-g, P12-T5-4-00, -01, -10, -11, P12-3.2-d,
 * P12-3.3-g, P12-3.3-b, P12-3.3-c, P12-2.1-a, P12-2.1-b, P12-2.1-c, P12-3.1-c,
 * P12-3.1-d, P12-3.2-e, P12-5.1.2.2-b8 .. -b11, -b26.
 *
 * The model
 * ---------
 * A device has port_count ports (rev 3+: up to 256, rev 2: up to 192). Each
 * port q has
 *   - a real congestion flag per VC (input, RIO_VOQGEN_EV_SET_CONGESTION);
 *   - its Port n VoQ CSR word (input, RIO_VOQGEN_EV_WRITE_CSR). Take the word
 *     from the register model (rio/voqreg.h, rio_voqreg_port_csr()) so that
 *     read-only and reserved bits are already right. The generator reads:
 *       bit 8  Enable VoQ Symbol Generation   (port q as a TRANSMITTER)
 *       bit 9  Enable VoQ Participation        (port q as a REPORTED port)
 *       bit 10 Port XOFF                       (port q as a REPORTED port)
 *       bit 11 per-VC transmission / rev 2 VC linking (port q as TRANSMITTER)
 *       bits 26-28 TX Port Group Size (rev 3+) (port q as TRANSMITTER)
 *     and ignores every other bit (bit 2 only as described in I-GEN-12).
 *
 * Reported status (Table 5-4, P12-T5-4-*), of port q on VC v:
 *   bit 9 bit 10  reported status          may trigger a symbol (4.2e)?
 *     0     0     0                        never
 *     0     1     1                        never (toggling bit 10 changes the
 *                                          reported state, no symbol)
 *     1     0     real congestion of q     yes (normal operation)
 *     1     1     1                        yes, when the reported state
 *                                          changed (e.g. leaving normal
 *                                          operation while uncongested)
 * "real congestion" is the flag of (q, v) on a per-VC transmitter, and the
 * aggregate of all VCs of q (I-GEN-3) on a transmitter without per-VC.
 * A port q whose bit 9 = 1 is a PARTICIPATING port.
 *
 * Transmission (4.2a-d): a port p transmits VoQ symbols only while its bit 8 is
 * set (4.2a) and its TX Port Group Size is not the reserved 7 (I-GEN-5). Its
 * groups (4.2d):
 *   rev 3+: N = TX Port Group Size of p, status width S = 13 - N (CS48) or
 *           20 - N (CS64), group g holds ports g*S .. g*S+S-1, g < 2^N
 *           (P12-3.1-c, Tables 3-2 and 3-4);
 *   rev 2:  S = 6, 5-bit group, port = group*6 + offset (P12-2.1-c).
 *   The lowest-numbered port is the least significant status bit (P12-2.1-b).
 * The groups IN USE are those g < 2^N (rev 2: 32) with g*S < port_count.
 *
 * Per-VC (bit 11 of p, P12-4.2-b/c, 3.3):
 *   off: one symbol stream per group carrying every VC's aggregate: CS64
 *        VC_IND = 0b1111 all VCs (P12-3.2-d); CS48 may ride with any stype0 and
 *        stype1 (P12-4.2-b).
 *   on:  one stream per (group, VC in use): CS64 VC_IND names the VC (Table
 *        3-3: 0b1000 VC0, 0b0000 VC1 .. 0b0111 VC8, P12-3.3-c); CS48 (both
 *        revisions) must ride with stype0 Status for VC0 or VC_Status with
 *        parameter0 = 0b000 || VCID, VCID = VC - 1, for VC1-8 (P12-3.3-b,
 *        P12-3.3-g, Part 6 Table 3-12).
 *
 * Symbol generation (4.2e, I-GEN-2): the generator remembers, per transmitting
 * port p, per VC and per downstream port q, the status it last SENT for q (the
 * upstream device's belief; all 0 after init, the receiver's reset state).
 * After every event, for every transmitting port p, every group g in use and
 * every VC stream of p, exactly one symbol is emitted when at least one
 * PARTICIPATING port q of g has a reported status different from what p last
 * sent for q on that stream, and none otherwise. The symbol carries the current
 * reported status of every port in g (ports >= port_count as 0, I-GEN-4), and
 * becomes what p last sent for every port of g.
 * Consequently, after every step, on every transmitting port, the last-sent
 * status of every participating port in a group in use equals its reported
 * status (the invariant the tests check).
 *
 * Interpretation I-GEN-1 [erratum] (spec README erratum 7): Table 5-3 bit 9 says a non-participating
 *   port's status "will always be reflected as enabled"; Table 5-4 says bits
 *   9,10 = 0,0 give "Port Status is always 0b0" and 0,1 "always 0b1". Table 5-4
 *   is followed: it is the more specific table and the only one that says what
 *   bit 10 does; "enabled" has no defined bit value.
 * Interpretation I-GEN-2 [choice: policy gen_status_change]: 4.2e "It is up to
 *   the implementer to define what constitutes a status change." The
 *   reference declares gen_status_change=transitions_only, which means exactly
 *   this rule (not only literal transitions of a reported bit): a status
 *   change is: the reported status of a
 *   participating port differs from the status this transmitter last sent for
 *   it on that VC stream (before anything was sent: 0, the reset state of the
 *   receiver's congestion flags). Hence:
 *   - a port that becomes participating (bit 9 0->1) triggers a symbol only if
 *     its reported status differs from what was last sent for it (Table 5-4:
 *     "will cause a symbol to be transmitted only if the state of the port
 *     changed");
 *   - a port that stops participating (bit 9 1->0) never triggers; the
 *     upstream device keeps the last status it got for it until another port of
 *     its group triggers a symbol, or a refresh (4.2f/g);
 *   - changes on non-participating ports are carried along in the next symbol
 *     of their group but never cause one.
 *   Vectors without a policy line require only what every definition
 *   requires (a participating port's reported status changed AND the upstream
 *   device holds another value) and allow a symbol with the current status
 *   wherever some definition sends one or it restates what the upstream device
 *   has; the other choices (e.g. gen_status_change=other: restating symbols on
 *   events that change nothing, or no symbol when a port starts participating
 *   with an unchanged reported value) are never failed. Only the .strict
 *   vectors check this exact rule.
 * Interpretation I-GEN-3 [reading]: Table 5-3 bit 11 = 0: "The Port Status ... shall
 *   aggregate the congestion status of all VCs". Aggregate = OR: a port is
 *   reported congested when it is congested on any VC in use (the conservative
 *   reading: no traffic is committed towards a port congested on some VC;
 *   3.3 "A device with queueing within VCs shall flow control corresponding
 *   port queues in all VCs" when per-VC is off, which only OR keeps safe).
 * Interpretation I-GEN-4 [choice: policy gen_absent_bits] (spec README erratum 10:
 *   "behaviour for ports beyond the device is implementation-defined"): a
 *   status bit of a group that names a port >= port_count is sent as 0; the
 *   reference declares gen_absent_bits=zero. Another device may send any
 *   value there (gen_absent_bits=other; harness/examples/ok-gen-absent-ones.c
 *   sends 1), and the vectors judge such a bit for no device: where an
 *   expected or allowed symbol, or a last_sent query, covers one, the value
 *   is written VALUE/MASK with the absent ports' bits left out of the mask,
 *   in `status` and at their place in `encoded` (the bare stype2 or CS64
 *   parameter, which holds no CRC to mask with them); a restating line for
 *   any group gets a masked companion for the group that reaches past the
 *   device (harness/examples/gen-absent-bits.awk computes and checks the
 *   masks). Only the vectors whose port count is the DUT's own
 *   (ports=${ports}), where no mask can be written, still apply only to a
 *   DUT declaring zero (81 of the 405 generator vectors). A group none of
 *   whose ports exists is not in use: no symbol is sent for it. A port that
 *   lies in no group in use (e.g. port 13 with CS48 and N = 0: only ports
 *   0-12 can be reported) can never be reported; its changes trigger nothing.
 * Interpretation I-GEN-5 [choice: policy gen_size7]: TX Port Group Size 0b111 is "Reserved" (Table 5-3):
 *   the port transmits no VoQ symbols while the field holds 7 (as if generation
 *   were disabled); what it last sent is kept. The spec says nothing of what a
 *   port does with a reserved value: the vectors that write 7 with bit 8 set
 *   apply only to a DUT declaring gen_size7=silent.
 * Interpretation I-GEN-6 [choice: policy gen_status_change]: what a port last sent persists while its generation
 *   is disabled (it is still what the upstream device believes). Whenever a
 *   port's own CSR is written (generation enabled 0->1, per-VC toggled, TX Port
 *   Group Size changed, ...), ALL its groups in use are checked by the 4.2e rule
 *   above. So enabling generation sends the current status of every group in
 *   which a participating port differs from what was last sent - in particular
 *   nothing when nothing is congested, and a clearing symbol for a port that
 *   uncongested while generation was off. Part of the gen_status_change
 *   choice (I-GEN-2): general vectors also accept a generator that says
 *   nothing on enabling, or restates every group.
 * Interpretation I-GEN-7 [reading]: a symbol for all VCs (per-VC off) becomes the
 *   last-sent status on EVERY VC (the receiver applies it to all VCs, 3.3);
 *   a per-VC symbol only on its VC. Switching per-VC on or off therefore sends
 *   exactly the streams on which the upstream belief is wrong.
 * Interpretation I-GEN-8 [reading]: P12-5.1.2.2-tx "TX Port Group Size ... shall be
 *   changed only when Enable VoQ Symbol Generation is cleared" binds software;
 *   whether a write breaking it is refused is the register model's policy
 *   (I-VOQREG-8). The generator takes whatever word it is given: the new width
 *   applies from this step on (last-sent status is kept per port, so it does
 *   not depend on the width).
 * Interpretation I-GEN-9 [choice: config refresh, link_refresh]: refresh (4.2f
 *   timer, 4.2g after link recovery; "may", "Use of a timer is implementation
 *   specific") sends
 *   every group in use on every VC stream of the port, changed or not, with
 *   the current reported status. Timer: each RIO_VOQGEN_EV_TICK is one tick; a
 *   refresh of all transmitting ports happens on the tick that completes
 *   refresh_interval ticks since init or since the previous refresh. Vectors
 *   check a refresh only on an instance configured with refresh=N or
 *   link_refresh=1 (a DUT without the timer answers notsup), await the first
 *   one within N ticks of the start and the next ones N ticks apart, and take
 *   its symbols in any order.
 * Interpretation I-GEN-10 [reading]: rev 2 has no Port Group Size fields (bits 12-31
 *   reserved): the generator ignores bits 26-28 in rev 2 and uses 6-port groups.
 * Interpretation I-GEN-11 [choice: reference only] (no vector
 *   checks these fields; the ABI reports CS48 ride=any): rio_voqgen_symbol_pack() fills the fields that
 *   Part 12 leaves free: CS48 stype0 Status (ackID_status, buf_status from the
 *   caller) when the symbol may ride with any stype0, parameter1 = buf_status
 *   for Status and VC_Status, stype1 NOP (0b111, cmd 0b000); CS64 stype1 NOP
 *   (0x38). These are the "nothing else to say" encodings of Part 6 3.4.5
 *   ("Status is the default stype0") and Tables 3-17/3-18 ("NOP (Ignore) ...
 *   is the default value").
 * Interpretation I-GEN-12 [reading]: rev 3+ Table 5-3 makes bit 11 "reserved when VoQ
 *   Backpressure per VC Supported is 0": in rev 3+ bit 11 counts only when
 *   bit 2 of the same word is set (the register model already reads it as 0,
 *   I-VOQREG-6; this keeps a raw word consistent). Rev 2 bit 11 (VC linking)
 *   counts as written.
 * Interpretation I-GEN-13 [reading]: no sentence of Part 12 orders the symbols
 *   of one event on different links, VC streams or groups (4.2a, 4.2e), so
 *   their order is free; the vectors take them in any order (`order any`).
 *   The reference happens to emit transmitting port ascending, then VC stream
 *   (all-VCs, or VC0..VC8 ascending), then group ascending; no event emits two
 *   symbols for the same link, group and VC, where order would matter.
 * Interpretation I-GEN-14 [reading]: VCs in use follow Part 6 Table 3-12: VC0 plus 0, 1,
 *   2, 4 or 8 optional VCs (1: VC1; 2: VC1, VC5; 4: VC1, VC3, VC5, VC7; 8: VC1
 *   to VC8). A VC_Status VCID / CS64 VC_IND for VC v is v - 1 (with fewer VCs
 *   the ignored low VCID bits are 0).
 */
#ifndef RIO_VOQGEN_H
#define RIO_VOQGEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rio/cs.h"
#include "rio/voq.h"

/* The control symbol format a link uses for VoQ backpressure (4.1d: CS48
 * and/or CS64; rev 2: CS48 only). Also used by rio/voqrx.h. */
enum rio_voq_format {
    RIO_VOQ_FORMAT_CS48 = 48, /* stype2 field, Part 12 3.1 */
    RIO_VOQ_FORMAT_CS64 = 64  /* stype0 0b1101, Part 12 rev 3+ 3.2 */
};

/* Capacities. */
#define RIO_VOQGEN_MAX_PORTS 256u      /* rev 3+ register map: ports 0..255 */
#define RIO_VOQGEN_MAX_PORTS_REV2 192u /* rev 2: 32 groups x 6 */
#define RIO_VOQGEN_VCS 9u              /* VC0..VC8 */

/* Worst-case number of symbols one step can emit (I-GEN-13 order), for
 * sizing struct rio_voqgen_out. RIO_VOQGEN_MAX_GROUPS is the largest number of
 * groups in use: CS48 rev 3+ with N = 6 (7 ports a group) over 256 ports is 37.
 *   SET_CONGESTION: one per transmitting port             <= 256
 *   WRITE_CSR:      one per (other transmitting port, VC) plus every (group,
 *                   VC) of the written port                <= (255 + 37) x 9
 *   LINK_RECOVERED: every (group, VC) of one port          <= 37 x 9
 *   TICK (refresh): every (group, VC) of every port        <= 256 x 37 x 9 */
#define RIO_VOQGEN_MAX_GROUPS 37u
#define RIO_VOQGEN_OUT_MAX_CONGESTION RIO_VOQGEN_MAX_PORTS
#define RIO_VOQGEN_OUT_MAX_CSR \
    ((RIO_VOQGEN_MAX_PORTS - 1u + RIO_VOQGEN_MAX_GROUPS) * RIO_VOQGEN_VCS)
#define RIO_VOQGEN_OUT_MAX_LINK (RIO_VOQGEN_MAX_GROUPS * RIO_VOQGEN_VCS)
#define RIO_VOQGEN_OUT_MAX_REFRESH \
    (RIO_VOQGEN_MAX_PORTS * RIO_VOQGEN_MAX_GROUPS * RIO_VOQGEN_VCS)

/* stype0 value in rio_voqgen_symbol.stype0 meaning "any" (CS48, per-VC off:
 * P12-4.2-b, the symbol may ride with any stype0/stype1). */
#define RIO_VOQGEN_STYPE0_ANY 0xFFu

struct rio_voqgen_cfg {
    enum rio_p12_rev rev;
    enum rio_voq_format format; /* rev 2: CS48 only */
    unsigned port_count;        /* 1..256 (rev 2: 1..192) */
    unsigned optional_vcs;      /* 0, 1, 2, 4 or 8 (I-GEN-14) */
    uint32_t refresh_interval;  /* ticks between refreshes, 0 = no timer (4.2f) */
    bool refresh_on_link_recovery; /* 4.2g */
};

/* What a transmitting port does (derived from its CSR word). */
enum rio_voqgen_tx_mode {
    RIO_VOQGEN_TX_DISABLED = 0,      /* bit 8 = 0: sends nothing (4.2a) */
    RIO_VOQGEN_TX_RESERVED_SIZE = 1, /* TX Port Group Size 7: sends nothing
                                        (I-GEN-5) */
    RIO_VOQGEN_TX_ALL_VCS = 2,       /* per-VC off: one stream, all VCs */
    RIO_VOQGEN_TX_PER_VC = 3         /* per-VC on: one stream per VC in use */
};

/* Table 5-4, from bits 9 and 10 of a CSR word. */
enum rio_voqgen_status_control {
    RIO_VOQGEN_STATUS_ALWAYS_0 = 0,   /* 9,10 = 0,0: 0, never triggers */
    RIO_VOQGEN_STATUS_ALWAYS_1 = 1,   /* 9,10 = 0,1: 1, never triggers */
    RIO_VOQGEN_STATUS_NORMAL = 2,     /* 9,10 = 1,0: real status, triggers */
    RIO_VOQGEN_STATUS_XOFF = 3        /* 9,10 = 1,1: 1, triggers on change */
};

/* Why a symbol was sent. */
enum rio_voqgen_cause {
    RIO_VOQGEN_CAUSE_CHANGE = 0,       /* 4.2e */
    RIO_VOQGEN_CAUSE_REFRESH = 1,      /* 4.2f timer */
    RIO_VOQGEN_CAUSE_LINK_RECOVERY = 2 /* 4.2g */
};

/* One VoQ backpressure symbol to transmit. */
struct rio_voqgen_symbol {
    uint16_t tx_port;           /* the port whose link carries it */
    enum rio_voq_format format;
    enum rio_voqgen_cause cause;
    uint8_t group_width;        /* N (rev 2: 5) */
    uint8_t status_width;       /* S (rev 2: 6) */
    uint16_t group;
    uint32_t status;            /* bit i: port group*S + i, 1 = congested */
    uint8_t vc;                 /* 0..8, or RIO_VC_ALL */
    uint8_t vc_ind;             /* CS64 VC_IND (Table 3-3); CS48: RIO_VC_IND_ALL
                                   (CS48 has no VC_IND field) */
    uint16_t stype2;            /* CS48: the 14-bit stype2; CS64: 0 */
    uint32_t parameter;         /* CS64: parameter0||parameter1 (24 bits);
                                   CS48: 0 */
    uint8_t stype0;             /* CS48: the stype0 it must ride with,
                                   RIO_CS48_STYPE0_STATUS (VC0),
                                   RIO_CS48_STYPE0_VC_STATUS (VC1-8) or
                                   RIO_VOQGEN_STYPE0_ANY; CS64:
                                   RIO_CS64_STYPE0_VOQ_BACKPRESSURE */
    uint8_t parameter0;         /* CS48 with VC_Status: 0b000 || VCID (VCID =
                                   vc - 1); otherwise 0 (not constrained) */
};

/* Caller-owned output array. Before each step set `symbols` and `cap`; step
 * sets `count`. On RIO_EFULL, `count` is the number the step needs, nothing was
 * written and the generator did not change. */
struct rio_voqgen_out {
    struct rio_voqgen_symbol *symbols;
    size_t cap;
    size_t count;
};

enum rio_voqgen_event_type {
    RIO_VOQGEN_EV_SET_CONGESTION = 0, /* port, vc, congested: real status */
    RIO_VOQGEN_EV_WRITE_CSR = 1,      /* port, csr: new Port n VoQ CSR word */
    RIO_VOQGEN_EV_TICK = 2,           /* one timer tick (4.2f) */
    RIO_VOQGEN_EV_LINK_RECOVERED = 3  /* port: its link recovered (4.2g) */
};

struct rio_voqgen_event {
    enum rio_voqgen_event_type type;
    unsigned port;
    unsigned vc;        /* SET_CONGESTION: a VC in use (I-GEN-14) */
    unsigned congested; /* SET_CONGESTION: 0 or 1 */
    uint32_t csr;       /* WRITE_CSR */
};

/* The context: plain data the caller owns (about 75 KiB); no pointers inside. */
struct rio_voqgen {
    struct rio_voqgen_cfg cfg;
    uint32_t csr[RIO_VOQGEN_MAX_PORTS];
    uint16_t congested[RIO_VOQGEN_MAX_PORTS]; /* bit v: real status on VC v */
    /* sent[p][v][q / 8] bit q % 8: status last sent by port p for port q on
     * VC v (I-GEN-2, I-GEN-7). */
    uint8_t sent[RIO_VOQGEN_MAX_PORTS][RIO_VOQGEN_VCS][RIO_VOQGEN_MAX_PORTS / 8u];
    uint32_t ticks; /* ticks since init or the previous refresh */
};

/* Start a generator: every CSR word 0 (generation, participation, XOFF, per-VC
 * and TX Port Group Size at their reset value 0, Table 5-3), nothing congested,
 * nothing sent. RIO_EINVAL: NULL, unknown rev or format, port_count 0,
 * optional_vcs not 0/1/2/4/8. RIO_ERANGE: port_count above 256 (rev 2: 192).
 * RIO_EREVISION: CS64 with rev 2 (P12-4.1-d rev 2: extended = 48-bit symbol).
 * On error *g is unchanged. */
int rio_voqgen_init(struct rio_voqgen *g, const struct rio_voqgen_cfg *cfg);

/*
 * Apply one event and emit the symbols it causes into out (see "Symbol
 * generation" above; order I-GEN-13).
 *
 *   event            effect                                   symbols (cause)
 *   SET_CONGESTION   real status of (port, vc) := congested   4.2e on the group
 *                                                             holding port, on
 *                                                             every transmitting
 *                                                             port (CHANGE)
 *   WRITE_CSR        CSR word of port := csr                  4.2e on the group
 *                                                             holding port on
 *                                                             every other port,
 *                                                             and on ALL groups
 *                                                             of port (CHANGE,
 *                                                             I-GEN-6)
 *   TICK             timer; no-op when refresh_interval = 0   on the tick that
 *                                                             completes the
 *                                                             interval: every
 *                                                             group, VC stream,
 *                                                             transmitting port
 *                                                             (REFRESH, 4.2f)
 *   LINK_RECOVERED   -                                        when
 *                                                             refresh_on_link_
 *                                                             recovery: every
 *                                                             group and VC stream
 *                                                             of port, if it
 *                                                             transmits
 *                                                             (LINK_RECOVERY)
 * Every emitted symbol updates what its port last sent.
 *
 * Returns RIO_OK, or (nothing changed, nothing emitted, out->count 0 unless
 * stated):
 *   RIO_EINVAL   NULL g/ev/out, out->symbols NULL with out->cap > 0, unknown
 *                event type, congested not 0/1
 *   RIO_ERANGE   port >= port_count; SET_CONGESTION vc not in use (I-GEN-14)
 *   RIO_EFULL    more symbols than out->cap; out->count = the number needed.
 *                Retry with a larger array: the step is repeated identically.
 */
int rio_voqgen_step(struct rio_voqgen *g, const struct rio_voqgen_event *ev,
                    struct rio_voqgen_out *out);

/* Table 5-4 row of a CSR word (bits 9 and 10). */
enum rio_voqgen_status_control rio_voqgen_status_control(uint32_t csr);

/* Reported status (Table 5-4) of port q on VC vc (0..8, in use), or with
 * vc = RIO_VC_ALL the aggregate a transmitter without per-VC reports
 * (I-GEN-3): 0 or 1. RIO_EINVAL: NULL; RIO_ERANGE: q >= port_count or vc not in
 * use. */
int rio_voqgen_reported_status(const struct rio_voqgen *g, unsigned q,
                               unsigned vc);

/* The real congestion flag of (q, vc): 0 or 1; errors as above (vc must be a
 * VC in use, not RIO_VC_ALL). */
int rio_voqgen_congested(const struct rio_voqgen *g, unsigned q, unsigned vc);

/* Transmit mode of port p (from its CSR word). RIO_VOQGEN_TX_DISABLED also
 * for NULL or p >= port_count. */
enum rio_voqgen_tx_mode rio_voqgen_tx_mode(const struct rio_voqgen *g,
                                           unsigned p);

/* Geometry of port p's symbols under its current CSR: group width N, status
 * width S and the number of groups in use (any pointer may be NULL).
 * RIO_EINVAL: NULL g; RIO_ERANGE: p >= port_count; RIO_ERESERVED: TX Port
 * Group Size 7 (rev 3+). Works whether or not p has generation enabled. */
int rio_voqgen_geometry(const struct rio_voqgen *g, unsigned p,
                        unsigned *group_width, unsigned *status_width,
                        unsigned *groups_in_use);

/* The status vector port p last sent for group `group` (of p's current
 * geometry) on VC vc (0..8, in use): bit i is port group*S + i, ports >=
 * port_count read 0. An all-VCs symbol counts as sent on every VC (I-GEN-7).
 * RIO_EINVAL: NULL, vc = RIO_VC_ALL; RIO_ERANGE: p >= port_count, vc not in
 * use, group >= 2^N (rev 2: 32); RIO_ERESERVED: TX Port Group Size 7. */
int rio_voqgen_last_sent(const struct rio_voqgen *g, uint32_t *status,
                         unsigned p, unsigned group, unsigned vc);

/* True when VC vc is in use with the given optional VC count (I-GEN-14). */
bool rio_voqgen_vc_in_use(unsigned optional_vcs, unsigned vc);

/*
 * Whole control symbol bytes for a generated symbol (I-GEN-11): 6 bytes for
 * CS48, 8 for CS64, into dst (dst_len at least that); *written = the count.
 *   CS48: stype0 = sym->stype0, or Status when it is RIO_VOQGEN_STYPE0_ANY;
 *         parameter0 = ackid_status (Status) or sym->parameter0 (VC_Status);
 *         parameter1 = buf_status; stype1 NOP 0b111, cmd 0b000; stype2.
 *   CS64: stype0 0b1101, parameter0/1 from sym->parameter, stype1 NOP 0x38
 *         (ackid_status and buf_status are not used).
 * RIO_EINVAL: NULL pointer, unknown format; RIO_ETRUNC: dst_len too small;
 * RIO_ERANGE: ackid_status or buf_status wider than 6 bits (CS48), or a field of
 * sym that does not fit (from rio_cs48_pack / rio_cs64_pack).
 */
int rio_voqgen_symbol_pack(uint8_t *dst, size_t dst_len, size_t *written,
                           const struct rio_voqgen_symbol *sym,
                           unsigned ackid_status, unsigned buf_status);

#endif
