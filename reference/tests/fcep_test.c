/* SPDX-License-Identifier: Apache-2.0 */
/* Tests for rio/fcep.h: the source end point's XON/XOFF counters, enabled
 * flows and orphaned-XOFF timer (Part 9 2.4.2.1, 2.4.2.3, 2.4.3, 2.4.5,
 * 3.2-3.4, Annex A.2). Expected values come from the spec text; the rule id
 * each test proves is in its comment. */
#include "rio/fcep.h"

#include <stdint.h>
#include <string.h>

#include "check.h"
#include "rio/err.h"

/* Flow-mask bits (rio/fcep.h): VC0 A..F = bits 0..5, VCn A = bit 5 + n. */
#define A 0u
#define B 1u
#define C 2u
#define D 3u
#define E 4u
#define F 5u
#define BIT(f) (1u << (f))
#define VC0_ALL 0x3Fu
#define ALL 0x3FFFu

static struct rio_fcep ep;
static struct rio_fcep_out out;

static struct rio_fcep_cfg cfg_of(unsigned width, unsigned capacity, uint32_t timeout)
{
    struct rio_fcep_cfg c;
    memset(&c, 0, sizeof c);
    c.rev = RIO_P9_REV3;
    c.counter_width = width;
    c.capacity = capacity;
    c.orphan_timeout = timeout;
    return c;
}

static int start(unsigned width, unsigned capacity, uint32_t timeout)
{
    struct rio_fcep_cfg c = cfg_of(width, capacity, timeout);
    return rio_fcep_init(&ep, &c);
}

static int ccp(unsigned xon, unsigned fam, unsigned flow_id, uint32_t tgt)
{
    struct rio_fcep_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = RIO_FCEP_EV_CCP;
    ev.ccp.xon = (uint8_t)xon;
    ev.ccp.fam = (uint8_t)fam;
    ev.ccp.flow_id = (uint8_t)flow_id;
    ev.ccp.soc = 1;
    ev.ccp.tgt_destination_id = tgt;
    return rio_fcep_step(&ep, &ev, &out);
}

static int xoff(unsigned flow_id, uint32_t tgt) { return ccp(0, 0, flow_id, tgt); }
static int xon(unsigned flow_id, uint32_t tgt) { return ccp(1, 0, flow_id, tgt); }

static int tick(uint32_t n)
{
    struct rio_fcep_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = RIO_FCEP_EV_TICK;
    ev.ticks = n;
    return rio_fcep_step(&ep, &ev, &out);
}

static int setup(uint32_t dest, unsigned vc, unsigned flow)
{
    struct rio_fcep_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = RIO_FCEP_EV_SETUP;
    ev.dest = dest;
    ev.vc = (uint8_t)vc;
    ev.flow = (uint8_t)flow;
    return rio_fcep_step(&ep, &ev, &out);
}

static unsigned counter(uint32_t dest, unsigned vc, unsigned flow)
{
    uint16_t v = 0xEEEE;
    if (rio_fcep_counter(&v, NULL, &ep, dest, vc, flow) != RIO_OK)
        return 0xDEAD;
    return v;
}

static unsigned remaining(void)
{
    struct rio_fcep_orphan o;
    if (rio_fcep_orphan_state(&o, &ep) != RIO_OK)
        return 0xDEAD;
    return o.running ? o.remaining : 0xFFFFFFFFu;
}

/* ---- flow identities (Table 3-1) ---- */

/* Table 3-1 lists 14 flowIDs: VC0 A-F and VC1-VC8 flow A. */
static void fcep_flow_index_covers_the_14_flows_of_table_3_1(void)
{
    for (unsigned f = A; f <= F; f++)
        CHECK_EQ_AT(f, rio_fcep_flow_index(0, f), (int)f);
    for (unsigned vc = 1; vc <= 8; vc++)
        CHECK_EQ_AT(vc, rio_fcep_flow_index(vc, A), (int)(5 + vc));
    CHECK_EQ(rio_fcep_flow_index(0, 6), RIO_ERANGE);
    CHECK_EQ(rio_fcep_flow_index(1, B), RIO_ERANGE);
    CHECK_EQ(rio_fcep_flow_index(9, A), RIO_ERANGE);
    CHECK_EQ(rio_fcep_flow_index(0xFFFFFFFFu, 0xFFFFFFFFu), RIO_ERANGE);
}

/* ---- configuration and argument errors ---- */

static void fcep_init_accepts_boundaries_and_rejects_bad_config(void)
{
    struct rio_fcep_cfg c = cfg_of(1, 0, 1);
    CHECK_EQ(rio_fcep_init(&ep, &c), RIO_OK);
    c = cfg_of(16, RIO_FCEP_MAX_DESTS, 0xFFFFFFFFu);
    c.critical_mask = ALL;
    c.arb_support = 1;
    c.rev = RIO_P9_REV2;
    CHECK_EQ(rio_fcep_init(&ep, &c), RIO_OK);
    CHECK_EQ(rio_fcep_init(NULL, &c), RIO_EINVAL);
    CHECK_EQ(rio_fcep_init(&ep, NULL), RIO_EINVAL);
    c = cfg_of(8, 4, 10);
    c.rev = (enum rio_p9_rev)4;
    CHECK_EQ(rio_fcep_init(&ep, &c), RIO_EINVAL);
    c = cfg_of(8, 4, 10);
    c.arb_support = 2;
    CHECK_EQ(rio_fcep_init(&ep, &c), RIO_EINVAL);
    c = cfg_of(0, 4, 10);
    CHECK_EQ(rio_fcep_init(&ep, &c), RIO_ERANGE);
    c = cfg_of(17, 4, 10);
    CHECK_EQ(rio_fcep_init(&ep, &c), RIO_ERANGE);
    c = cfg_of(8, RIO_FCEP_MAX_DESTS + 1, 10);
    CHECK_EQ(rio_fcep_init(&ep, &c), RIO_ERANGE);
    /* 2.4.2.1: the orphaned XOFF mechanism "shall" exist: no timeout 0. */
    c = cfg_of(8, 4, 0);
    CHECK_EQ(rio_fcep_init(&ep, &c), RIO_ERANGE);
    c = cfg_of(8, 4, 10);
    c.critical_mask = 0x4000;
    CHECK_EQ(rio_fcep_init(&ep, &c), RIO_ERANGE);
    /* A failed init leaves the context unusable. */
    CHECK_EQ(xoff(A, 1), RIO_ESTATE);
}

static void fcep_step_before_init_is_estate(void)
{
    memset(&ep, 0, sizeof ep);
    CHECK_EQ(xoff(A, 1), RIO_ESTATE);
    CHECK_EQ(tick(1), RIO_ESTATE);
    CHECK_EQ(rio_fcep_flow_enabled(&ep, 1, 0, A), RIO_EINVAL);
}

static void fcep_step_rejects_null_and_unknown_event(void)
{
    struct rio_fcep_event ev;
    CHECK_EQ(start(8, 4, 100), RIO_OK);
    memset(&ev, 0, sizeof ev);
    CHECK_EQ(rio_fcep_step(NULL, &ev, &out), RIO_EINVAL);
    CHECK_EQ(rio_fcep_step(&ep, NULL, &out), RIO_EINVAL);
    CHECK_EQ(rio_fcep_step(&ep, &ev, NULL), RIO_EINVAL);
    ev.type = (enum rio_fcep_event_type)4;
    CHECK_EQ(rio_fcep_step(&ep, &ev, &out), RIO_EINVAL);
    ev.type = (enum rio_fcep_event_type)-1;
    CHECK_EQ(rio_fcep_step(&ep, &ev, &out), RIO_EINVAL);
}

/* Fields wider than the Table 3-1 widths are caller errors, and nothing
 * changes. */
static void fcep_ccp_with_too_wide_fields_is_erange_and_changes_nothing(void)
{
    CHECK_EQ(start(8, 4, 100), RIO_OK);
    CHECK_EQ(ccp(2, 0, A, 1), RIO_ERANGE);
    CHECK_EQ(ccp(0, 8, A, 1), RIO_ERANGE);
    CHECK_EQ(ccp(0, 0, 0x80, 1), RIO_ERANGE);
    struct rio_fcep_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = RIO_FCEP_EV_CCP;
    ev.ccp.rsrv = 16;
    CHECK_EQ(rio_fcep_step(&ep, &ev, &out), RIO_ERANGE);
    ev.ccp.rsrv = 0;
    ev.ccp.soc = 2;
    CHECK_EQ(rio_fcep_step(&ep, &ev, &out), RIO_ERANGE);
    CHECK_EQ(rio_fcep_enabled_mask(&ep, 1), (int)ALL);
    CHECK_EQ(remaining(), 0xFFFFFFFFu);
    /* rsrv and SOC within their widths are accepted whatever the value. */
    ev.ccp.soc = 0;
    ev.ccp.rsrv = 15;
    ev.ccp.tgt_destination_id = 1;
    CHECK_EQ(rio_fcep_step(&ep, &ev, &out), RIO_OK);
    CHECK_EQ(out.action, RIO_FCEP_XOFF_COUNTED);
}

/* 3.4: Dev32 (32-bit tgtdestinationID) exists from rev 3 only. */
static void fcep_rev2_rejects_tgtdestinationid_wider_than_16_bits(void)
{
    struct rio_fcep_cfg c = cfg_of(8, 4, 100);
    c.rev = RIO_P9_REV2;
    CHECK_EQ(rio_fcep_init(&ep, &c), RIO_OK);
    CHECK_EQ(xoff(A, 0xFFFF), RIO_OK);
    CHECK_EQ(xoff(A, 0x10000), RIO_ERANGE);
    CHECK_EQ(rio_fcep_flow_enabled(&ep, 0x10000, 0, A), RIO_ERANGE);
    CHECK_EQ(setup(0x10000, 0, A), RIO_ERANGE);
    CHECK_EQ(start(8, 4, 100), RIO_OK); /* rev 3 */
    CHECK_EQ(xoff(A, 0xFFFFFFFFu), RIO_OK);
    CHECK_EQ(counter(0xFFFFFFFFu, 0, A), 1u);
}

static void fcep_queries_reject_bad_arguments(void)
{
    uint16_t v;
    struct rio_fcep_orphan o;
    CHECK_EQ(start(8, 4, 100), RIO_OK);
    CHECK_EQ(rio_fcep_counter(NULL, NULL, &ep, 1, 0, A), RIO_EINVAL);
    CHECK_EQ(rio_fcep_counter(&v, NULL, NULL, 1, 0, A), RIO_EINVAL);
    CHECK_EQ(rio_fcep_counter(&v, NULL, &ep, 1, 0, 6), RIO_ERANGE);
    CHECK_EQ(rio_fcep_counter(&v, NULL, &ep, 1, 9, A), RIO_ERANGE);
    CHECK_EQ(rio_fcep_flow_enabled(NULL, 1, 0, A), RIO_EINVAL);
    CHECK_EQ(rio_fcep_flow_enabled(&ep, 1, 3, B), RIO_ERANGE);
    CHECK_EQ(rio_fcep_enabled_mask(NULL, 1), RIO_EINVAL);
    CHECK_EQ(rio_fcep_orphan_state(NULL, &ep), RIO_EINVAL);
    CHECK_EQ(rio_fcep_orphan_state(&o, NULL), RIO_EINVAL);
    CHECK(strcmp(rio_fcep_action_name(RIO_FCEP_XOFF_SATURATED), "XOFF_SATURATED") == 0);
    CHECK(strcmp(rio_fcep_action_name((enum rio_fcep_action)99), "?") == 0);
}

/* ---- counters (2.4.2.3) ---- */

/* P9-2.4.2.3-a: counters are 0 at start-up: every flow of every destination
 * is enabled and no flow is XOFF'd. */
static void fcep_counters_start_at_zero(void)
{
    CHECK_EQ(start(8, 4, 100), RIO_OK);
    const uint32_t dests[] = {0, 1, 0xFF, 0xFFFF, 0x12345678u, 0xFFFFFFFFu};
    for (unsigned i = 0; i < sizeof dests / sizeof dests[0]; i++) {
        CHECK_EQ_AT(i, rio_fcep_enabled_mask(&ep, dests[i]), (int)ALL);
        for (unsigned f = A; f <= F; f++)
            CHECK_EQ_AT(f, counter(dests[i], 0, f), 0u);
        for (unsigned vc = 1; vc <= 8; vc++)
            CHECK_EQ_AT(vc, counter(dests[i], vc, A), 0u);
    }
    CHECK_EQ(remaining(), 0xFFFFFFFFu);
}

/* P9-2.4.2.3-b: +1 per XOFF, -1 per XON, stopping at 0; enabled only at 0. */
static void fcep_xoff_adds_one_xon_subtracts_one_stopping_at_zero(void)
{
    CHECK_EQ(start(8, 4, 1000), RIO_OK);
    for (unsigned i = 1; i <= 3; i++) {
        CHECK_EQ(xoff(C, 7), RIO_OK);
        CHECK_EQ_AT(i, out.action, RIO_FCEP_XOFF_COUNTED);
        CHECK_EQ_AT(i, out.counter, i);
        CHECK_EQ_AT(i, counter(7, 0, C), i);
        CHECK_EQ_AT(i, rio_fcep_flow_enabled(&ep, 7, 0, C), 0);
    }
    for (unsigned i = 3; i >= 1; i--) {
        CHECK_EQ(xon(C, 7), RIO_OK);
        CHECK_EQ_AT(i, out.action, RIO_FCEP_XON_COUNTED);
        CHECK_EQ_AT(i, out.counter, i - 1);
        CHECK_EQ_AT(i, rio_fcep_flow_enabled(&ep, 7, 0, C), i == 1);
    }
    /* Decrement stops at zero: an extra XON changes nothing. */
    CHECK_EQ(xon(C, 7), RIO_OK);
    CHECK_EQ(out.action, RIO_FCEP_XON_AT_ZERO);
    CHECK_EQ(out.counter, 0);
    CHECK_EQ(out.restarted, 0);
    CHECK_EQ(counter(7, 0, C), 0u);
    /* ... and a following XOFF stops the flow again (a wrapped counter would
     * read 0xFF and need 255 XONs; 0 - 1 never happened). */
    CHECK_EQ(xoff(C, 7), RIO_OK);
    CHECK_EQ(out.counter, 1);
    CHECK_EQ(xon(C, 7), RIO_OK);
    CHECK_EQ(rio_fcep_flow_enabled(&ep, 7, 0, C), 1);
    /* The same with another flow of the destination XOFF'd (its counters are
     * in use): XON on a zero counter still stops at zero. */
    CHECK_EQ(xoff(0x48, 7), RIO_OK);
    CHECK_EQ(xon(C, 7), RIO_OK);
    CHECK_EQ(out.action, RIO_FCEP_XON_AT_ZERO);
    CHECK_EQ(counter(7, 0, C), 0u);
    CHECK_EQ(rio_fcep_flow_enabled(&ep, 7, 0, C), 1);
    /* An XON for a destination never XOFF'd. */
    CHECK_EQ(xon(A, 99), RIO_OK);
    CHECK_EQ(out.action, RIO_FCEP_XON_AT_ZERO);
    CHECK_EQ(rio_fcep_enabled_mask(&ep, 99), (int)ALL);
}

/* P9-2.4.2.3-c: the counter saturates at its terminal count 2^w - 1 and the
 * flow needs exactly 2^w - 1 XONs afterwards. */
static void saturates(unsigned width)
{
    const unsigned terminal = (1u << width) - 1u;
    CHECK_EQ(start(width, 4, 0xFFFFFFFFu), RIO_OK);
    for (unsigned i = 1; i <= terminal + 5; i++) {
        CHECK_EQ(xoff(D, 3), RIO_OK);
        CHECK_EQ_AT(i, out.action, i <= terminal ? RIO_FCEP_XOFF_COUNTED
                                                 : RIO_FCEP_XOFF_SATURATED);
        CHECK_EQ_AT(i, out.counter, i <= terminal ? i : terminal);
    }
    CHECK_EQ(counter(3, 0, D), terminal);
    for (unsigned i = 1; i < terminal; i++) {
        CHECK_EQ(xon(D, 3), RIO_OK);
        CHECK_EQ_AT(i, rio_fcep_flow_enabled(&ep, 3, 0, D), 0);
    }
    CHECK_EQ(xon(D, 3), RIO_OK);
    CHECK_EQ(out.counter, 0);
    CHECK_EQ(rio_fcep_flow_enabled(&ep, 3, 0, D), 1);
    CHECK_EQ(out.restarted, BIT(A) | BIT(B) | BIT(C) | BIT(D));
}

static void fcep_counter_width_1_saturates_at_1(void) { saturates(1); }
static void fcep_counter_width_2_saturates_at_3(void) { saturates(2); }
static void fcep_counter_width_4_saturates_at_15(void) { saturates(4); }
static void fcep_counter_width_16_saturates_at_65535(void) { saturates(16); }

/* ---- enabled flows (2.4.5 rules 1-2, Table 3-1, I-FCEP-1) ---- */

/* P9-2.4.5-1: XOFF X stops X and every lower VC0 flow and nothing else. */
static void fcep_xoff_stops_given_and_lower_vc0_flows(void)
{
    for (unsigned x = A; x <= F; x++) {
        CHECK_EQ(start(8, 4, 1000), RIO_OK);
        CHECK_EQ(xoff(x, 0x20), RIO_OK);
        unsigned lower_and_x = (BIT(x) << 1) - 1u;
        CHECK_EQ_AT(x, out.stopped, lower_and_x);
        for (unsigned y = A; y <= F; y++)
            CHECK_EQ_AT(x * 8 + y, rio_fcep_flow_enabled(&ep, 0x20, 0, y), y > x);
        for (unsigned vc = 1; vc <= 8; vc++)
            CHECK_EQ_AT(vc, rio_fcep_flow_enabled(&ep, 0x20, vc, A), 1);
        /* Only the named destination is affected. */
        CHECK_EQ_AT(x, rio_fcep_enabled_mask(&ep, 0x21), (int)ALL);
    }
}

/* P9-2.4.5-2 with I-FCEP-1, every ordered pair of VC0 flows (X, Z): XOFF X,
 * XOFF Z, XON X. Before the XON flows <= max(X, Z) are stopped; after it,
 * flows <= Z are stopped (Z's counter still holds them) and everything
 * above Z runs. */
static void fcep_xon_restarts_given_and_higher_for_every_vc0_pair(void)
{
    for (unsigned x = A; x <= F; x++) {
        for (unsigned z = A; z <= F; z++) {
            if (x == z)
                continue;
            unsigned hi = x > z ? x : z;
            CHECK_EQ(start(8, 4, 1000), RIO_OK);
            CHECK_EQ(xoff(x, 5), RIO_OK);
            CHECK_EQ(xoff(z, 5), RIO_OK);
            for (unsigned y = A; y <= F; y++)
                CHECK_EQ_AT(x * 100 + z * 10 + y, rio_fcep_flow_enabled(&ep, 5, 0, y), y > hi);
            CHECK_EQ(xon(x, 5), RIO_OK);
            for (unsigned y = A; y <= F; y++)
                CHECK_EQ_AT(x * 100 + z * 10 + y, rio_fcep_flow_enabled(&ep, 5, 0, y), y > z);
            /* Restarted: the flows in (Z, X] when X > Z, none otherwise. */
            unsigned want = 0;
            for (unsigned y = z + 1; y <= x; y++)
                want |= BIT(y);
            CHECK_EQ_AT(x * 10 + z, out.restarted, want);
            CHECK_EQ(xon(z, 5), RIO_OK);
            CHECK_EQ_AT(x * 10 + z, rio_fcep_enabled_mask(&ep, 5), (int)ALL);
        }
    }
}

/* I-FCEP-1 worked examples: XOFF D then XON D restarts A..D (the literal
 * "that flowID and higher" alone would leave A..C stopped forever). */
static void fcep_xon_restarts_the_lower_flows_its_xoff_stopped(void)
{
    CHECK_EQ(start(8, 4, 1000), RIO_OK);
    CHECK_EQ(xoff(D, 9), RIO_OK);
    CHECK_EQ(rio_fcep_enabled_mask(&ep, 9), (int)(ALL & ~0x0Fu));
    CHECK_EQ(xon(D, 9), RIO_OK);
    CHECK_EQ(out.restarted, 0x0Fu);
    CHECK_EQ(rio_fcep_enabled_mask(&ep, 9), (int)ALL);
    /* XOFF C, XOFF A, XON C: A stays stopped by its own counter, B..F run. */
    CHECK_EQ(xoff(C, 9), RIO_OK);
    CHECK_EQ(xoff(A, 9), RIO_OK);
    CHECK_EQ(out.stopped, 0); /* A was already stopped by C */
    CHECK_EQ(xon(C, 9), RIO_OK);
    CHECK_EQ(out.restarted, BIT(B) | BIT(C));
    CHECK_EQ(rio_fcep_flow_enabled(&ep, 9, 0, A), 0);
    CHECK_EQ(rio_fcep_flow_enabled(&ep, 9, 0, B), 1);
}

/* Table 3-1: flowIDs 1000001-1001000 are "VCn flow A and higher": one flow
 * per VC, independent of VC0 and of each other. */
static void fcep_vc1_to_vc8_flows_are_independent(void)
{
    for (unsigned vc = 1; vc <= 8; vc++) {
        CHECK_EQ(start(8, 4, 1000), RIO_OK);
        CHECK_EQ(xoff(0x40u + vc, 0x77), RIO_OK);
        CHECK_EQ_AT(vc, out.action, RIO_FCEP_XOFF_COUNTED);
        CHECK_EQ_AT(vc, out.vc, vc);
        CHECK_EQ_AT(vc, out.flow, A);
        CHECK_EQ_AT(vc, out.stopped, BIT(5 + vc));
        CHECK_EQ_AT(vc, rio_fcep_enabled_mask(&ep, 0x77), (int)(ALL & ~BIT(5 + vc)));
        CHECK_EQ_AT(vc, counter(0x77, vc, A), 1u);
        CHECK_EQ(xon(0x40u + vc, 0x77), RIO_OK);
        CHECK_EQ_AT(vc, out.restarted, BIT(5 + vc));
    }
    /* VC0 flow F ("F and higher") does not reach into VC1-VC8. */
    CHECK_EQ(start(8, 4, 1000), RIO_OK);
    CHECK_EQ(xoff(F, 0x77), RIO_OK);
    CHECK_EQ(rio_fcep_enabled_mask(&ep, 0x77), (int)(ALL & ~VC0_ALL));
}

/* P9-3.2-e: every reserved flowID (128 - 14 = 114 values) takes no action
 * and its tgtdestinationID is ignored. */
static void fcep_every_reserved_flow_id_takes_no_action(void)
{
    unsigned reserved = 0;
    CHECK_EQ(start(8, 4, 1000), RIO_OK);
    for (unsigned id = 0; id < 128; id++) {
        int defined = id <= 0x05u || (id >= 0x41u && id <= 0x48u);
        if (defined)
            continue;
        reserved++;
        for (unsigned x = 0; x <= 1; x++) {
            CHECK_EQ_AT(id, ccp(x, 0, id, 0x33), RIO_OK);
            CHECK_EQ_AT(id, out.action, RIO_FCEP_RESERVED_FLOW_ID);
            CHECK_EQ_AT(id, out.dest, 0); /* tgtdestinationID ignored */
            CHECK_EQ_AT(id, out.stopped | out.restarted, 0);
        }
        CHECK_EQ_AT(id, rio_fcep_enabled_mask(&ep, 0x33), (int)ALL);
    }
    CHECK_EQ(reserved, 114u);
    CHECK_EQ(remaining(), 0xFFFFFFFFu); /* nothing entered the XOFF'd FIFO */
    /* Erratum 8: 0000101 is Flow 0F (rev 2.2), not a second "Flow 1A". */
    CHECK_EQ(xoff(0x05, 0x33), RIO_OK);
    CHECK_EQ(out.vc, 0);
    CHECK_EQ(out.flow, F);
}

/* P9-2.4.4-b: CCPs from one source take effect in the order received: XON
 * then XOFF leaves the flow stopped (the XON found 0), XOFF then XON leaves
 * it running. */
static void fcep_ccps_take_effect_in_the_order_given(void)
{
    CHECK_EQ(start(8, 4, 1000), RIO_OK);
    CHECK_EQ(xon(B, 0x50), RIO_OK);
    CHECK_EQ(xoff(B, 0x50), RIO_OK);
    CHECK_EQ(rio_fcep_flow_enabled(&ep, 0x50, 0, B), 0);
    CHECK_EQ(start(8, 4, 1000), RIO_OK);
    CHECK_EQ(xoff(B, 0x50), RIO_OK);
    CHECK_EQ(xon(B, 0x50), RIO_OK);
    CHECK_EQ(rio_fcep_flow_enabled(&ep, 0x50, 0, B), 1);
}

/* ---- FAM (3.3, Table 3-2) ---- */

/* P9-3.3-b: without flow arbitration support the FAM bits are ignored. */
static void fcep_fam_is_ignored_without_arbitration_support(void)
{
    for (unsigned fam = 0; fam < 8; fam++) {
        CHECK_EQ(start(8, 4, 1000), RIO_OK);
        CHECK_EQ(ccp(0, fam, B, 4), RIO_OK);
        CHECK_EQ_AT(fam, out.action, RIO_FCEP_XOFF_COUNTED);
        CHECK_EQ_AT(fam, out.fam_ignored, fam != 0);
        CHECK_EQ_AT(fam, counter(4, 0, B), 1u);
        CHECK_EQ(ccp(1, fam, B, 4), RIO_OK);
        CHECK_EQ_AT(fam, out.action, RIO_FCEP_XON_COUNTED);
        CHECK_EQ_AT(fam, out.fam_ignored, fam != 0);
        CHECK_EQ_AT(fam, counter(4, 0, B), 0u);
    }
}

/* I-FCEP-5, Table 3-2 row by row, for a device with arbitration support:
 * only XOFF+000 and XON+000 are congestion management. */
static void fcep_arbitration_device_counts_only_plain_xon_xoff(void)
{
    static const struct {
        unsigned xon, fam;
        enum rio_fcep_action action;
    } rows[16] = {
        {0, 0, RIO_FCEP_XOFF_COUNTED},        /* XOFF */
        {0, 1, RIO_FCEP_RESERVED_FAM},        /* undefined */
        {0, 2, RIO_FCEP_NOT_CONGESTION_MGMT}, /* XOFF(ARB) seq 0 */
        {0, 3, RIO_FCEP_NOT_CONGESTION_MGMT}, /* XOFF(ARB) seq 1 */
        {0, 4, RIO_FCEP_NOT_CONGESTION_MGMT}, /* RELEASE */
        {0, 5, RIO_FCEP_NOT_CONGESTION_MGMT}, /* RELEASE */
        {0, 6, RIO_FCEP_RESERVED_FAM},        /* undefined */
        {0, 7, RIO_FCEP_RESERVED_FAM},        /* undefined */
        {1, 0, RIO_FCEP_XON_AT_ZERO},         /* XON (counter is 0 here) */
        {1, 1, RIO_FCEP_RESERVED_FAM},        /* undefined */
        {1, 2, RIO_FCEP_NOT_CONGESTION_MGMT}, /* XON(ARB) */
        {1, 3, RIO_FCEP_NOT_CONGESTION_MGMT},
        {1, 4, RIO_FCEP_NOT_CONGESTION_MGMT}, /* REQUEST single PDU */
        {1, 5, RIO_FCEP_NOT_CONGESTION_MGMT},
        {1, 6, RIO_FCEP_NOT_CONGESTION_MGMT}, /* REQUEST multi PDU */
        {1, 7, RIO_FCEP_NOT_CONGESTION_MGMT},
    };
    struct rio_fcep_cfg c = cfg_of(8, 4, 1000);
    c.arb_support = 1;
    for (unsigned i = 0; i < 16; i++) {
        CHECK_EQ(rio_fcep_init(&ep, &c), RIO_OK);
        CHECK_EQ(ccp(rows[i].xon, rows[i].fam, A, 4), RIO_OK);
        CHECK_EQ_AT(i, out.action, rows[i].action);
        CHECK_EQ_AT(i, out.fam_ignored, 0);
        CHECK_EQ_AT(i, counter(4, 0, A), rows[i].action == RIO_FCEP_XOFF_COUNTED);
    }
    /* An arbitration message never decrements a counter either. */
    CHECK_EQ(rio_fcep_init(&ep, &c), RIO_OK);
    CHECK_EQ(xoff(A, 4), RIO_OK);
    CHECK_EQ(ccp(1, 2, A, 4), RIO_OK); /* XON(ARB) */
    CHECK_EQ(counter(4, 0, A), 1u);
}

/* ---- critical flows (2.4.3, I-FCEP-4) ---- */

static void fcep_xoff_for_a_critical_flow_is_ignored(void)
{
    struct rio_fcep_cfg c = cfg_of(8, 4, 1000);
    c.critical_mask = (uint16_t)BIT(C);
    CHECK_EQ(rio_fcep_init(&ep, &c), RIO_OK);
    CHECK_EQ(xoff(C, 2), RIO_OK);
    CHECK_EQ(out.action, RIO_FCEP_CRITICAL_FLOW);
    CHECK_EQ(rio_fcep_enabled_mask(&ep, 2), (int)ALL);
    CHECK_EQ(counter(2, 0, C), 0u);
    CHECK_EQ(remaining(), 0xFFFFFFFFu);
    /* XOFF D stops D, B, A but not the critical C. */
    CHECK_EQ(xoff(D, 2), RIO_OK);
    CHECK_EQ(out.stopped, BIT(A) | BIT(B) | BIT(D));
    CHECK_EQ(rio_fcep_flow_enabled(&ep, 2, 0, C), 1);
    /* Default (no critical flows): the same XOFF C is honoured. */
    CHECK_EQ(start(8, 4, 1000), RIO_OK);
    CHECK_EQ(xoff(C, 2), RIO_OK);
    CHECK_EQ(out.action, RIO_FCEP_XOFF_COUNTED);
    CHECK_EQ(rio_fcep_flow_enabled(&ep, 2, 0, C), 0);
}

/* ---- orphaned XOFF timer (2.4.2.1, 2.4.2.3-d, Annex A.2) ---- */

/* P9-2.4.2.3-d, P9-2.4.5-3: on expiry the counter (whatever its value) is 0
 * and the flow restarts, exactly orphan_timeout ticks after it became the
 * oldest. */
static void fcep_orphan_expiry_resets_counter_and_restarts_flow(void)
{
    CHECK_EQ(start(8, 4, 10), RIO_OK);
    CHECK_EQ(xoff(C, 0x44), RIO_OK);
    CHECK_EQ(xoff(C, 0x44), RIO_OK);
    CHECK_EQ(xoff(C, 0x44), RIO_OK);
    CHECK_EQ(remaining(), 10u);
    CHECK_EQ(tick(9), RIO_OK);
    CHECK_EQ(out.n_expired, 0u);
    CHECK_EQ(remaining(), 1u);
    CHECK_EQ(counter(0x44, 0, C), 3u);
    CHECK_EQ(tick(1), RIO_OK);
    CHECK_EQ(out.n_expired, 1u);
    CHECK_EQ(out.expired[0].dest, 0x44);
    CHECK_EQ(out.expired[0].vc, 0);
    CHECK_EQ(out.expired[0].flow, C);
    CHECK_EQ(out.expired[0].aggregated, 0);
    CHECK_EQ(out.expired[0].restarted, BIT(A) | BIT(B) | BIT(C));
    CHECK_EQ(counter(0x44, 0, C), 0u);
    CHECK_EQ(rio_fcep_enabled_mask(&ep, 0x44), (int)ALL);
    CHECK_EQ(remaining(), 0xFFFFFFFFu); /* list empty: timer stopped */
    /* Ticks with nothing XOFF'd do nothing. */
    CHECK_EQ(tick(0xFFFFFFFFu), RIO_OK);
    CHECK_EQ(out.n_expired, 0u);
}

/* A.2: after an expiry the timer is reloaded for the next oldest flow (it
 * does not inherit the time that flow has already waited). */
static void fcep_orphan_timer_reloads_for_the_next_oldest_after_expiry(void)
{
    CHECK_EQ(start(8, 4, 10), RIO_OK);
    CHECK_EQ(xoff(A, 1), RIO_OK); /* t = 0 */
    CHECK_EQ(tick(4), RIO_OK);
    CHECK_EQ(xoff(B, 2), RIO_OK); /* t = 4 */
    CHECK_EQ(remaining(), 6u);    /* still watching flow 1/A */
    CHECK_EQ(tick(6), RIO_OK);    /* t = 10: 1/A expires */
    CHECK_EQ(out.n_expired, 1u);
    CHECK_EQ(out.expired[0].dest, 1);
    CHECK_EQ(remaining(), 10u);   /* 2/B became the oldest: full reload */
    struct rio_fcep_orphan o;
    CHECK_EQ(rio_fcep_orphan_state(&o, &ep), RIO_OK);
    CHECK_EQ(o.dest, 2);
    CHECK_EQ(o.flow, B);
    CHECK_EQ(o.xoffd, 1u);
    CHECK_EQ(tick(9), RIO_OK);    /* t = 19: not t = 14 */
    CHECK_EQ(out.n_expired, 0u);
    CHECK_EQ(tick(1), RIO_OK);    /* t = 20 */
    CHECK_EQ(out.n_expired, 1u);
    CHECK_EQ(out.expired[0].dest, 2);
    CHECK_EQ(out.expired[0].flow, B);
}

/* A.2: when the oldest flow is XON'd the next one becomes the oldest and the
 * timer is reloaded; XOFFs that do not change the oldest flow (a repeat XOFF
 * to it, a younger flow XOFF'd and XON'd) leave the timer alone. */
static void fcep_orphan_timer_reloads_only_when_the_oldest_changes(void)
{
    CHECK_EQ(start(8, 4, 10), RIO_OK);
    CHECK_EQ(xoff(A, 1), RIO_OK);
    CHECK_EQ(tick(3), RIO_OK);
    CHECK_EQ(xoff(A, 1), RIO_OK); /* same oldest flow, counter 2 */
    CHECK_EQ(remaining(), 7u);
    CHECK_EQ(xoff(E, 3), RIO_OK);
    CHECK_EQ(xon(E, 3), RIO_OK);  /* a younger flow leaves */
    CHECK_EQ(remaining(), 7u);
    CHECK_EQ(xoff(B, 2), RIO_OK);
    CHECK_EQ(tick(3), RIO_OK);    /* t = 6 */
    CHECK_EQ(remaining(), 4u);
    CHECK_EQ(xon(A, 1), RIO_OK);  /* 2 -> 1: still the oldest */
    CHECK_EQ(remaining(), 4u);
    CHECK_EQ(xon(A, 1), RIO_OK);  /* 1 -> 0: 2/B is the oldest now */
    CHECK_EQ(remaining(), 10u);
    CHECK_EQ(tick(9), RIO_OK);
    CHECK_EQ(out.n_expired, 0u);
    CHECK_EQ(tick(1), RIO_OK);
    CHECK_EQ(out.n_expired, 1u);
    CHECK_EQ(out.expired[0].dest, 2);
}

/* One TICK event spanning several timeouts expires flows in FIFO order, each
 * a full timeout after the previous one. */
static void fcep_one_tick_event_expires_several_flows_in_fifo_order(void)
{
    CHECK_EQ(start(8, 4, 10), RIO_OK);
    CHECK_EQ(xoff(0x43, 8), RIO_OK); /* VC3 A */
    CHECK_EQ(xoff(F, 9), RIO_OK);
    CHECK_EQ(xoff(A, 8), RIO_OK);
    CHECK_EQ(tick(29), RIO_OK);      /* expiries at 10 and 20 */
    CHECK_EQ(out.n_expired, 2u);
    CHECK_EQ(out.expired[0].dest, 8);
    CHECK_EQ(out.expired[0].vc, 3);
    CHECK_EQ(out.expired[0].restarted, BIT(8));
    CHECK_EQ(out.expired[1].dest, 9);
    CHECK_EQ(out.expired[1].flow, F);
    CHECK_EQ(out.expired[1].restarted, VC0_ALL);
    CHECK_EQ(remaining(), 1u);
    CHECK_EQ(tick(0xFFFFFFFFu), RIO_OK);
    CHECK_EQ(out.n_expired, 1u);
    CHECK_EQ(out.expired[0].flow, A);
    CHECK_EQ(out.expired[0].restarted, BIT(A));
}

/* The biggest possible TICK output: every flow of every destination and of
 * the aggregate is XOFF'd; one tick event expires them all. */
static void fcep_tick_can_expire_the_whole_fifo_in_one_event(void)
{
    CHECK_EQ(start(8, RIO_FCEP_MAX_DESTS, 1), RIO_OK);
    static const unsigned ids[RIO_FCEP_FLOWS] = {0, 1, 2, 3, 4, 5, 0x41, 0x42,
                                                 0x43, 0x44, 0x45, 0x46, 0x47, 0x48};
    for (uint32_t d = 0; d <= RIO_FCEP_MAX_DESTS; d++)
        for (unsigned i = 0; i < RIO_FCEP_FLOWS; i++)
            CHECK_EQ(xoff(ids[i], d), RIO_OK);
    struct rio_fcep_orphan o;
    CHECK_EQ(rio_fcep_orphan_state(&o, &ep), RIO_OK);
    CHECK_EQ(o.xoffd, RIO_FCEP_FIFO_MAX);
    CHECK_EQ(tick(0xFFFFFFFFu), RIO_OK);
    CHECK_EQ(out.n_expired, RIO_FCEP_FIFO_MAX);
    CHECK_EQ(out.expired[RIO_FCEP_FIFO_MAX - 1].aggregated, 1);
    for (uint32_t d = 0; d <= RIO_FCEP_MAX_DESTS; d++)
        CHECK_EQ_AT(d, rio_fcep_enabled_mask(&ep, d), (int)ALL);
}

/* ---- set-up and reset (2.4.2.3-a) ---- */

static void fcep_setup_of_destination_and_priority_zeroes_its_counter(void)
{
    CHECK_EQ(start(8, 4, 10), RIO_OK);
    CHECK_EQ(xoff(C, 0x10), RIO_OK);
    CHECK_EQ(xoff(C, 0x10), RIO_OK);
    CHECK_EQ(tick(2), RIO_OK);
    CHECK_EQ(xoff(E, 0x10), RIO_OK);
    CHECK_EQ(setup(0x10, 0, C), RIO_OK);
    CHECK_EQ(out.counter, 0);
    CHECK_EQ(out.restarted, 0); /* E still holds A..E */
    CHECK_EQ(counter(0x10, 0, C), 0u);
    CHECK_EQ(counter(0x10, 0, E), 1u);
    CHECK_EQ(remaining(), 10u); /* C left the FIFO head: E is the oldest */
    CHECK_EQ(setup(0x10, 0, E), RIO_OK);
    CHECK_EQ(out.restarted, 0x1Fu);
    CHECK_EQ(remaining(), 0xFFFFFFFFu);
    /* Set-up of a flow that was never XOFF'd is harmless. */
    CHECK_EQ(setup(0x99, 8, A), RIO_OK);
    CHECK_EQ(out.restarted, 0);
    CHECK_EQ(setup(0x99, 0, 6), RIO_ERANGE);
    CHECK_EQ(setup(0x99, 2, B), RIO_ERANGE);
}

static void fcep_reset_returns_every_counter_to_zero(void)
{
    struct rio_fcep_event ev;
    CHECK_EQ(start(8, 1, 10), RIO_OK);
    CHECK_EQ(xoff(F, 1), RIO_OK);
    CHECK_EQ(xoff(0x48, 2), RIO_OK); /* aggregate */
    memset(&ev, 0, sizeof ev);
    ev.type = RIO_FCEP_EV_RESET;
    CHECK_EQ(rio_fcep_step(&ep, &ev, &out), RIO_OK);
    CHECK_EQ(out.action, RIO_FCEP_NO_CCP);
    CHECK_EQ(rio_fcep_enabled_mask(&ep, 1), (int)ALL);
    CHECK_EQ(rio_fcep_enabled_mask(&ep, 2), (int)ALL);
    CHECK_EQ(remaining(), 0xFFFFFFFFu);
    CHECK_EQ(xoff(A, 3), RIO_OK); /* the one own set is free again */
    CHECK_EQ(out.aggregated, 0);
}

/* ---- aggregation when the counter table is full (I-FCEP-2) ---- */

static void fcep_full_table_counts_in_the_shared_set(void)
{
    uint8_t agg = 9;
    uint16_t v = 0;
    CHECK_EQ(start(8, 2, 1000), RIO_OK);
    CHECK_EQ(xoff(A, 1), RIO_OK);
    CHECK_EQ(out.aggregated, 0);
    CHECK_EQ(xoff(A, 2), RIO_OK);
    CHECK_EQ(out.aggregated, 0);
    CHECK_EQ(xoff(B, 3), RIO_OK); /* table full: all flows still counted */
    CHECK_EQ(out.aggregated, 1);
    CHECK_EQ(out.counter, 1);
    CHECK_EQ(rio_fcep_counter(&v, &agg, &ep, 3, 0, B), RIO_OK);
    CHECK_EQ(v, 1);
    CHECK_EQ(agg, 1);
    /* A destination never XOFF'd is a member of the aggregate ... */
    CHECK_EQ(rio_fcep_flow_enabled(&ep, 4, 0, A), 0);
    CHECK_EQ(rio_fcep_flow_enabled(&ep, 4, 0, C), 1);
    /* ... but destinations with their own counters are not. */
    CHECK_EQ(rio_fcep_flow_enabled(&ep, 1, 0, B), 1);
    /* A slot frees up; destination 3's XOFF is still in the aggregate, so
     * its next XOFF must go there too, never to a new own set. */
    CHECK_EQ(xon(A, 1), RIO_OK);
    CHECK_EQ(xoff(B, 3), RIO_OK);
    CHECK_EQ(out.aggregated, 1);
    CHECK_EQ(out.counter, 2);
    CHECK_EQ(xoff(D, 5), RIO_OK); /* aggregate non-zero: 5 joins it */
    CHECK_EQ(out.aggregated, 1);
    /* I-FCEP-6: set-up of a member of a non-zero aggregate cannot reset a
     * shared counter: RIO_EFULL, nothing changes. */
    CHECK_EQ(setup(3, 0, B), RIO_EFULL);
    CHECK_EQ(counter(3, 0, B), 2u);
    CHECK_EQ(xon(B, 3), RIO_OK);
    CHECK_EQ(xon(B, 4), RIO_OK); /* any member's XON counts */
    CHECK_EQ(out.counter, 0);
    CHECK_EQ(out.aggregated, 1);
    CHECK_EQ(xon(D, 3), RIO_OK);
    CHECK_EQ(out.restarted, 0x0Fu);
    /* Aggregate empty again: new destinations get own sets. */
    CHECK_EQ(rio_fcep_flow_enabled(&ep, 4, 0, A), 1);
    CHECK_EQ(xoff(A, 6), RIO_OK);
    CHECK_EQ(out.aggregated, 0);
    CHECK_EQ(rio_fcep_flow_enabled(&ep, 7, 0, A), 1);
}

/* Capacity 0: a single counter set shared by every destination. */
static void fcep_capacity_zero_shares_one_set_for_all_destinations(void)
{
    CHECK_EQ(start(2, 0, 5), RIO_OK);
    CHECK_EQ(xoff(B, 0x100), RIO_OK);
    CHECK_EQ(out.aggregated, 1);
    CHECK_EQ(rio_fcep_flow_enabled(&ep, 0xABCDEF, 0, A), 0);
    CHECK_EQ(rio_fcep_flow_enabled(&ep, 0xABCDEF, 0, C), 1);
    struct rio_fcep_orphan o;
    CHECK_EQ(rio_fcep_orphan_state(&o, &ep), RIO_OK);
    CHECK_EQ(o.aggregated, 1);
    CHECK_EQ(o.dest, 0);
    CHECK_EQ(tick(5), RIO_OK);
    CHECK_EQ(out.n_expired, 1u);
    CHECK_EQ(out.expired[0].aggregated, 1);
    CHECK_EQ(out.expired[0].restarted, BIT(A) | BIT(B));
}

/* I-FCEP-2: while the aggregate holds XOFFs, a destination whose own
 * counters return to 0 keeps its set; otherwise SETUP (or XON) of one flow
 * would move it into the aggregate and stop its other flows (found by
 * fuzz/ep.c). Once the aggregate is 0 the slot is free again. */
static void fcep_own_set_kept_while_aggregate_is_nonzero(void)
{
    CHECK_EQ(start(4, 1, 1000), RIO_OK);
    CHECK_EQ(xoff(A, 0), RIO_OK); /* dest 0: the one own set */
    CHECK_EQ(out.aggregated, 0);
    CHECK_EQ(xoff(0x41, 6), RIO_OK); /* dest 6: no slot, aggregate */
    CHECK_EQ(out.aggregated, 1);
    CHECK_EQ(setup(0, 0, A), RIO_OK);
    CHECK_EQ(counter(0, 0, A), 0u);
    CHECK_EQ(counter(0, 1, A), 0u);
    CHECK_EQ(rio_fcep_flow_enabled(&ep, 0, 1, A), 1);
    CHECK_EQ(xoff(B, 0), RIO_OK); /* still dest 0's own set */
    CHECK_EQ(out.aggregated, 0);
    CHECK_EQ(xon(B, 0), RIO_OK);
    CHECK_EQ(rio_fcep_flow_enabled(&ep, 0, 1, A), 1);
    CHECK_EQ(rio_fcep_flow_enabled(&ep, 7, 1, A), 0); /* member: stopped */
    CHECK_EQ(xon(0x41, 6), RIO_OK); /* aggregate 0: dest 0's slot freed */
    CHECK_EQ(xoff(A, 7), RIO_OK);
    CHECK_EQ(out.aggregated, 0);
}

/* ---- property: random events (fixed seed) ---- */

static uint32_t rng_state = 0x9E3779B9u;
static uint32_t rng(void)
{
    uint32_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return rng_state = x;
}

static const unsigned flow_ids[RIO_FCEP_FLOWS] = {0, 1, 2, 3, 4, 5, 0x41, 0x42,
                                                  0x43, 0x44, 0x45, 0x46, 0x47, 0x48};

/* After every event, for every destination of a small universe and every
 * flow: the counter is within 0..terminal; a CCP moved its counter by
 * exactly the spec's +1 / -1 (saturating, stopping at 0); a VC0 flow is
 * enabled exactly when the counters of that flow and every higher VC0 flow
 * are 0, a VCn flow exactly when its counter is 0; the XOFF'd FIFO holds
 * exactly the non-zero counters (no aggregation: capacity covers the
 * universe); the timer runs iff something is XOFF'd and never exceeds the
 * programmed count. */
static void fcep_random_events_keep_counter_and_enable_invariants(void)
{
    enum { DESTS = 5 };
    static const unsigned widths[] = {1, 2, 3, 16};
    for (unsigned w = 0; w < 4; w++) {
        const unsigned terminal = (1u << widths[w]) - 1u;
        const uint32_t timeout = 1 + rng() % 40;
        CHECK_EQ(start(widths[w], DESTS, timeout), RIO_OK);
        for (unsigned n = 0; n < 20000; n++) {
            unsigned before[DESTS][RIO_FCEP_FLOWS];
            for (uint32_t d = 0; d < DESTS; d++)
                for (unsigned i = 0; i < RIO_FCEP_FLOWS; i++) {
                    struct rio_flow fl;
                    (void)rio_flow_decode(&fl, flow_ids[i]);
                    before[d][i] = counter(d, fl.vc, fl.flow);
                }
            unsigned r = rng() % 100, d = rng() % DESTS, i = rng() % RIO_FCEP_FLOWS;
            if (r < 45) {
                CHECK_EQ(xoff(flow_ids[i], d), RIO_OK);
                CHECK_EQ_AT(n, out.counter, before[d][i] < terminal ? before[d][i] + 1 : terminal);
            } else if (r < 90) {
                CHECK_EQ(xon(flow_ids[i], d), RIO_OK);
                CHECK_EQ_AT(n, out.counter, before[d][i] ? before[d][i] - 1 : 0);
            } else if (r < 99) {
                CHECK_EQ(tick(rng() % (2 * timeout)), RIO_OK);
                for (unsigned k = 0; k < out.n_expired; k++) {
                    int idx = rio_fcep_flow_index(out.expired[k].vc, out.expired[k].flow);
                    CHECK(idx >= 0 && out.expired[k].dest < DESTS);
                    CHECK_EQ_AT(n, before[out.expired[k].dest][idx] != 0, 1);
                }
            } else {
                struct rio_flow fl;
                (void)rio_flow_decode(&fl, flow_ids[i]);
                CHECK_EQ(setup(d, fl.vc, fl.flow), RIO_OK);
            }
            unsigned nonzero = 0;
            for (uint32_t dd = 0; dd < DESTS; dd++) {
                unsigned cnt[RIO_FCEP_FLOWS];
                int mask = rio_fcep_enabled_mask(&ep, dd);
                for (unsigned k = 0; k < RIO_FCEP_FLOWS; k++) {
                    struct rio_flow fl;
                    (void)rio_flow_decode(&fl, flow_ids[k]);
                    cnt[k] = counter(dd, fl.vc, fl.flow);
                    CHECK_EQ_AT(n, cnt[k] <= terminal, 1);
                    /* Counters only change for the flow the event named,
                     * except expiries, which only set counters to 0. */
                    if (r < 90 && !(dd == d && k == i))
                        CHECK_EQ_AT(n, cnt[k], before[dd][k]);
                    if (r >= 90 && r < 99 && cnt[k] != before[dd][k])
                        CHECK_EQ_AT(n, cnt[k], 0);
                    nonzero += cnt[k] != 0;
                }
                for (unsigned k = 0; k < RIO_FCEP_FLOWS; k++) {
                    int want = 1;
                    if (k <= F) {
                        for (unsigned h = k; h <= F; h++)
                            if (cnt[h] != 0)
                                want = 0;
                    } else {
                        want = cnt[k] == 0;
                    }
                    CHECK_EQ_AT(n * 100 + dd * 16 + k, (mask >> k) & 1, want);
                }
            }
            struct rio_fcep_orphan o;
            CHECK_EQ(rio_fcep_orphan_state(&o, &ep), RIO_OK);
            CHECK_EQ_AT(n, o.xoffd, nonzero);
            CHECK_EQ_AT(n, o.running, nonzero != 0);
            CHECK_EQ_AT(n, o.aggregated, 0);
            if (o.running)
                CHECK_EQ_AT(n, o.remaining >= 1 && o.remaining <= timeout, 1);
        }
    }
}

/* With a tiny table no XOFF is lost (I-FCEP-2): random XOFFs, and XONs only
 * for flows with an outstanding XOFF (a congested element XONs only what it
 * XOFF'd, 2.4.2.2), 16-bit counters so nothing saturates. A per-destination
 * shadow count that ignores aggregation says which XOFFs are outstanding;
 * while one is outstanding for (d, X), flow X of d and every lower VC0 flow
 * are stopped. Aggregation may stop MORE flows than the shadow says, never
 * fewer. (A stray XON for a destination without an outstanding XOFF can
 * decrement a shared counter; that is what aggregating counters means and
 * is why the stream here is well-behaved.) */
static void fcep_random_events_with_aggregation_never_enable_a_held_flow(void)
{
    enum { DESTS = 6 };
    CHECK_EQ(start(16, 2, 0xFFFFFFFFu), RIO_OK); /* no expiries */
    unsigned shadow[DESTS][RIO_FCEP_FLOWS];
    memset(shadow, 0, sizeof shadow);
    unsigned aggregated = 0;
    for (unsigned n = 0; n < 20000; n++) {
        unsigned d = rng() % DESTS, i = rng() % RIO_FCEP_FLOWS;
        if (rng() % 2 || shadow[d][i] == 0) {
            CHECK_EQ(xoff(flow_ids[i], d), RIO_OK);
            CHECK_EQ_AT(n, out.action, RIO_FCEP_XOFF_COUNTED);
            shadow[d][i]++;
            aggregated += out.aggregated;
        } else {
            CHECK_EQ(xon(flow_ids[i], d), RIO_OK);
            CHECK_EQ_AT(n, out.action, RIO_FCEP_XON_COUNTED);
            shadow[d][i]--;
        }
        for (unsigned dd = 0; dd < DESTS; dd++) {
            int mask = rio_fcep_enabled_mask(&ep, dd);
            CHECK(mask >= 0);
            for (unsigned k = 0; k < RIO_FCEP_FLOWS; k++) {
                int held = shadow[dd][k] != 0;
                for (unsigned h = k; k <= F && h <= F; h++)
                    held |= shadow[dd][h] != 0;
                if (held)
                    CHECK_EQ_AT(n * 100 + dd * 16 + k, (mask >> k) & 1, 0);
            }
        }
    }
    CHECK(aggregated > 1000); /* the aggregate was really exercised */
}

int main(int argc, char **argv)
{
    (void)argc;
    RUN(fcep_flow_index_covers_the_14_flows_of_table_3_1);
    RUN(fcep_init_accepts_boundaries_and_rejects_bad_config);
    RUN(fcep_step_before_init_is_estate);
    RUN(fcep_step_rejects_null_and_unknown_event);
    RUN(fcep_ccp_with_too_wide_fields_is_erange_and_changes_nothing);
    RUN(fcep_rev2_rejects_tgtdestinationid_wider_than_16_bits);
    RUN(fcep_queries_reject_bad_arguments);
    RUN(fcep_counters_start_at_zero);
    RUN(fcep_xoff_adds_one_xon_subtracts_one_stopping_at_zero);
    RUN(fcep_counter_width_1_saturates_at_1);
    RUN(fcep_counter_width_2_saturates_at_3);
    RUN(fcep_counter_width_4_saturates_at_15);
    RUN(fcep_counter_width_16_saturates_at_65535);
    RUN(fcep_xoff_stops_given_and_lower_vc0_flows);
    RUN(fcep_xon_restarts_given_and_higher_for_every_vc0_pair);
    RUN(fcep_xon_restarts_the_lower_flows_its_xoff_stopped);
    RUN(fcep_vc1_to_vc8_flows_are_independent);
    RUN(fcep_every_reserved_flow_id_takes_no_action);
    RUN(fcep_ccps_take_effect_in_the_order_given);
    RUN(fcep_fam_is_ignored_without_arbitration_support);
    RUN(fcep_arbitration_device_counts_only_plain_xon_xoff);
    RUN(fcep_xoff_for_a_critical_flow_is_ignored);
    RUN(fcep_orphan_expiry_resets_counter_and_restarts_flow);
    RUN(fcep_orphan_timer_reloads_for_the_next_oldest_after_expiry);
    RUN(fcep_orphan_timer_reloads_only_when_the_oldest_changes);
    RUN(fcep_one_tick_event_expires_several_flows_in_fifo_order);
    RUN(fcep_tick_can_expire_the_whole_fifo_in_one_event);
    RUN(fcep_setup_of_destination_and_priority_zeroes_its_counter);
    RUN(fcep_reset_returns_every_counter_to_zero);
    RUN(fcep_full_table_counts_in_the_shared_set);
    RUN(fcep_capacity_zero_shares_one_set_for_all_destinations);
    RUN(fcep_own_set_kept_while_aggregate_is_nonzero);
    RUN(fcep_random_events_keep_counter_and_enable_invariants);
    RUN(fcep_random_events_with_aggregation_never_enable_a_held_flow);
    return check_finish(argv[0]);
}
