/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/common/evcfg.h - VALID configuration headers for event programs
 * (issue 14): every header decodes to a configuration a conforming device of
 * the declared profile accepts, so that a fuzzer spends its executions on
 * events instead of on refused creates.
 *
 * The header bytes are read exactly as before (common/evprog.h: the keys of
 * the machine's CONFIG table in riocheck/dut.h, small values or 32/64-bit
 * values); then every key's effective value (the header's, or the table
 * default) is checked against the key's VALID SET and, when outside it,
 * folded into it (v -> lo + v % (hi - lo + 1), or the v % n-th member of a
 * list). A value inside its set is never changed, so programs written for a
 * valid configuration (the seeds of fuzz/corpus/diff) decode as before.
 *
 * The valid sets come from the configuration table's comments in dut.h and
 * the spec, never from the reference's code:
 *   - revisions: Part 12 / Part 9 rev 2 or 3, those the profile declares
 *     (p12_revs / p9_revs bits 2 and 3);
 *   - port counts: 1 .. the register map (Part 12 rev 3+: 256, rev 2: 192 =
 *     32 groups x 6; Part 9: 256), bounded by profile.ports when declared;
 *     a port-valued key (nogen_port, norx_port) below the count, or none;
 *   - vcs: 0, 1, 2, 4 or 8 (Part 12 / Part 6 optional VCs), at most
 *     profile.vcs; rx width 0..6 (7 is reserved, Table 5-3); rev 2 has no
 *     group width (fixed 6-port groups), rx rev 2 takes width 0;
 *   - ep counter width 1 .. profile.counter_width (16 without a profile
 *     value), the orphan count the profile's orphan_timeout (else 1..1000);
 *   - sw list 1 .. profile.flow_list (8 without), tt Dev8/Dev16 (and Dev32
 *     from Part 9 rev 3), role switch/endpoint; arbitration flows 1..4,
 *     static masks below 2^flows, arbrx pool 0 .. profile.arb_pool;
 *   - 0/1 flags; timers 0..10 and a few larger values (0 is "off");
 *   - Part 12 rev 2: format 48 only (CS64 carries VoQ backpressure from
 *     rev 3), no group size fields (p12reg sizes 0);
 *   - dependencies: rx per_vc=1 needs queue_within_vcs=1 (refdut.c
 *     mapping note X2, I-RX-7); p9reg arb=1 needs fc=1 (flow arbitration
 *     uses the flow control CCPs, I-FCREG-3).
 * A device that cannot be some of these answers RC_NOTSUP (counted by the
 * differential target as "refused creates", not as a finding).
 *
 * EVCFG_TABLE: the profile does not bound ports, vcs, counter width, list
 * and pool (every value the spec allows): RIOCHECK_FUZZ_DIFF_CONFIG=table
 * in fuzz/diff.c, for a device that takes every configuration.
 */
#ifndef RIOCHECK_EVCFG_H
#define RIOCHECK_EVCFG_H

#include <stdint.h>

#include "riocheck/dut.h"

struct evprog;

struct evcfg {
    uint32_t p12_revs, p9_revs; /* bit 2, bit 3 */
    uint32_t ports;             /* 0: the register map's limit */
    uint32_t vcs;               /* largest optional VC count */
    uint32_t counter_width;     /* 1..16 */
    uint32_t orphan;            /* 0: 1..1000 */
    uint32_t flow_list;         /* 1..64 */
    uint32_t arb_pool;          /* 0..16 */
};

/* The valid sets for a device of profile prof (NULL: no profile, the
 * spec's ranges); table != 0 ignores the profile's sizes (ports, vcs,
 * counter width, orphan, list, pool) but keeps its revisions. */
void evcfg_from_profile(struct evcfg *v, const struct rc_profile *prof,
                        int table);

/* Fold every key of the opened program p (evprog_open) into its valid set,
 * updating p->cfg (a key whose default is outside the set is added) and
 * p->val. Returns the number of keys changed. */
unsigned evcfg_fix(const struct evcfg *v, struct evprog *p);

/* THE REFUSED MODE (a header whose count byte is EVPROG_REFUSED_MODE,
 * evprog.h): after the fold above, ONE key is set to a value the spec rules
 * out, whatever the other keys are - the families of the `create refused`
 * vectors (vectors/p12/create*.vec, vectors/p9/create*.vec), each with the
 * rules it cites, spread over the values the same sentence excludes:
 *   p12reg: ports > 256 (rev 3) / > 192 (rev 2) (Table 5-1, 5.1.2); sizes
 *     with size 7 supported (rev 3) or any size bit (rev 2) (Table 5-3);
 *   gen, rx: the same port limits; vcs 3, 5, 6, 7, 9.. (Part 6 Table 3-12);
 *     rev 2 with format CS64 (rev 2 3.1); rx: RX Port Group Size >= 8 bits;
 *   sw: tt 3.. (reserved), rev 2 with Dev32, no port, a list of 0 entries,
 *     crf / responses / drop / arb_needs_fc not 0 or 1;
 *   p9reg: no port, fc / arb / arb_needs_fc not 0 or 1, arb=1 with fc=0;
 *   ep: counter width 0, arb not 0 or 1, a critical mask bit >= 14.
 * pick selects the family (modulo their number), v spreads the value. Sets
 * p's configuration and returns the rule ids (the reason), or NULL for a
 * machine without such a family (codec, arbtx, arbrx: the program is then
 * an ordinary valid one). Only a create is compared: a device must not
 * accept (any result but RC_OK passes, as for `create refused`). */
const char *evcfg_refused(struct evprog *p, uint8_t pick, uint8_t v);

#endif
