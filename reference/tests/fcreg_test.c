/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fcreg_test.c - Part 9 flow control register bits and the Part 12 Port XOFF /
 * Port Unavailable relationship.
 *
 * Expected values come from Part 9 rev 4.1 and rev 2.2 Tables 4-1 and 4-2, the
 * register summary (Part 6 7.6.10 / 7.6.11 offsets) and Part 12 rev 4.1 Table
 * 5-3 bit 10 with erratum 6; masks are derived here from the spec's bit numbers
 * with bit(n), never copied from the header.
 */
#include <string.h>

#include "check.h"
#include "rio/err.h"
#include "rio/fcreg.h"
#include "rio/voqreg.h"

static uint32_t bit(unsigned n) /* spec bit n of a 32-bit register */
{
    return (uint32_t)1u << (31u - n);
}

static struct rio_fcreg blk_;

static int dev(unsigned ports, unsigned fc, unsigned arb, unsigned arb_needs_fc)
{
    struct rio_fcreg_desc d;
    memset(&d, 0, sizeof d);
    d.port_count = ports;
    d.flow_ctl_support = (uint8_t)fc;
    d.flow_arb_support = (uint8_t)arb;
    d.arb_requires_fc_participant = (uint8_t)arb_needs_fc;
    return rio_fcreg_init(&blk_, &d);
}

/* ---- bit positions -------------------------------------------------------- */

static void fcreg_masks_match_table_4_1_and_4_2_bit_numbers(void)
{
    /* Table 4-1 (both revisions): bit 20 Flow Arbitration Support, bit 24
     * Flow Control Support. */
    CHECK_EQ(RIO_FCREG_CAR_FLOW_ARB_SUPPORT, bit(20));
    CHECK_EQ(RIO_FCREG_CAR_FLOW_ARB_SUPPORT, 0x00000800u);
    CHECK_EQ(RIO_FCREG_CAR_FLOW_CTL_SUPPORT, bit(24));
    CHECK_EQ(RIO_FCREG_CAR_FLOW_CTL_SUPPORT, 0x00000080u);
    /* Table 4-2, serial (rev 4.1 and rev 2.2): 13 and 15. */
    CHECK_EQ(RIO_FCREG_CTL_FLOW_CTL_PARTICIPANT, bit(13));
    CHECK_EQ(RIO_FCREG_CTL_FLOW_CTL_PARTICIPANT, 0x00040000u);
    CHECK_EQ(RIO_FCREG_CTL_FLOW_ARB_PARTICIPANT, bit(15));
    CHECK_EQ(RIO_FCREG_CTL_FLOW_ARB_PARTICIPANT, 0x00010000u);
    /* Table 4-2, parallel (rev 2.2 only): 10 and 12. */
    CHECK_EQ(RIO_FCREG_PARALLEL_CTL_FLOW_CTL_PARTICIPANT, bit(10));
    CHECK_EQ(RIO_FCREG_PARALLEL_CTL_FLOW_ARB_PARTICIPANT, bit(12));
    /* Part 6 Port n Error and Status CSR bit 28 Port Unavailable. */
    CHECK_EQ(RIO_FCREG_ERRSTAT_PORT_UNAVAILABLE, bit(28));
    CHECK_EQ(RIO_FCREG_ERRSTAT_PORT_UNAVAILABLE, 0x00000008u);
    /* Part 12 Table 5-3 bit 10 Port XOFF. */
    CHECK_EQ(RIO_VOQ_CSR_PORT_XOFF, bit(10));
    CHECK_EQ(RIO_FCREG_PEF_CAR_OFFSET, 0x10u);
}

/* ---- Processing Element Features CAR -------------------------------------- */

static void fcreg_car_shows_the_support_bits(void)
{
    static const struct {
        unsigned fc, arb;
        uint32_t car;
    } rows[] = {
        {0, 0, 0},
        {1, 0, 0x00000080u},
        {1, 1, 0x00000880u},
    };
    for (unsigned i = 0; i < 3; i++) {
        CHECK_EQ_AT(i, dev(4, rows[i].fc, rows[i].arb, 0), RIO_OK);
        CHECK_EQ_AT(i, rio_fcreg_pef_car(&blk_), rows[i].car);
    }
}

static void fcreg_car_is_read_only(void)
{
    struct rio_fcreg_wr wr;
    CHECK_EQ(dev(2, 1, 0, 0), RIO_OK);
    CHECK_EQ(rio_fcreg_pef_car_write(&blk_, 0xFFFFFFFFu, &wr), RIO_OK);
    CHECK_EQ(rio_fcreg_pef_car(&blk_), bit(24));
    CHECK_EQ(wr.before, bit(24));
    CHECK_EQ(wr.after, bit(24));
    CHECK_EQ(wr.read_only, bit(20)); /* tried to set the unsupported bit */
    CHECK_EQ(wr.not_modelled, 0xFFFFFFFFu & ~(bit(20) | bit(24)));
    CHECK_EQ(rio_fcreg_pef_car_write(&blk_, 0, &wr), RIO_OK);
    CHECK_EQ(rio_fcreg_pef_car(&blk_), bit(24));
    CHECK_EQ(wr.read_only, bit(24));
    CHECK_EQ(wr.not_modelled, 0);
    /* Writing back what was read reports nothing. */
    CHECK_EQ(rio_fcreg_pef_car_write(&blk_, bit(24), &wr), RIO_OK);
    CHECK_EQ(wr.read_only | wr.not_modelled | wr.unsupported, 0);
}

/* ---- Port n Control CSR ----------------------------------------------------- */

static void fcreg_port_ctl_resets_to_zero_on_every_port(void)
{
    struct rio_fcreg_wr wr;
    CHECK_EQ(dev(256, 1, 1, 0), RIO_OK);
    for (unsigned n = 0; n < 256; n++) {
        uint32_t v = 1;
        CHECK_EQ_AT(n, rio_fcreg_port_ctl_read(&blk_, n, &v), RIO_OK);
        CHECK_EQ_AT(n, v, 0);
        CHECK_EQ_AT(n, rio_fcreg_port_errstat_read(&blk_, n, &v), RIO_OK);
        CHECK_EQ_AT(n, v, 0);
        CHECK_EQ_AT(n, rio_fcreg_port_ctl_write(&blk_, n, bit(13) | bit(15), &wr),
                    RIO_OK);
        CHECK_EQ_AT(n, rio_fcreg_set_port_unavailable(&blk_, n, 1), RIO_OK);
    }
    CHECK_EQ(rio_fcreg_reset(&blk_), RIO_OK);
    for (unsigned n = 0; n < 256; n++) {
        uint32_t v = 1;
        CHECK_EQ_AT(n, rio_fcreg_port_ctl_read(&blk_, n, &v), RIO_OK);
        CHECK_EQ_AT(n, v, 0);
        CHECK_EQ_AT(n, rio_fcreg_port_errstat_read(&blk_, n, &v), RIO_OK);
        CHECK_EQ_AT(n, v, 0);
    }
}

static void fcreg_port_ctl_bits_13_and_15_are_read_write(void)
{
    static const uint32_t vals[] = {0x00040000u, 0x00010000u, 0x00050000u, 0};
    struct rio_fcreg_wr wr;
    CHECK_EQ(dev(3, 1, 1, 0), RIO_OK);
    uint32_t prev = 0;
    for (unsigned i = 0; i < 4; i++) {
        uint32_t v = 0xFFu;
        CHECK_EQ_AT(i, rio_fcreg_port_ctl_write(&blk_, 2, vals[i], &wr), RIO_OK);
        CHECK_EQ_AT(i, wr.before, prev);
        CHECK_EQ_AT(i, wr.after, vals[i]);
        CHECK_EQ_AT(i, wr.unsupported | wr.not_modelled | wr.read_only, 0);
        CHECK_EQ_AT(i, rio_fcreg_port_ctl_read(&blk_, 2, &v), RIO_OK);
        CHECK_EQ_AT(i, v, vals[i]);
        CHECK_EQ_AT(i, rio_fcreg_port_ctl_read(&blk_, 1, &v), RIO_OK);
        CHECK_EQ_AT(i, v, 0); /* other ports untouched */
        prev = vals[i];
    }
}

static void fcreg_port_ctl_other_bits_are_not_modelled(void)
{
    struct rio_fcreg_wr wr;
    CHECK_EQ(dev(1, 1, 1, 0), RIO_OK);
    /* Every bit except 13 and 15, one at a time: reads 0, reported. */
    for (unsigned b = 0; b < 32; b++) {
        if (b == 13 || b == 15)
            continue;
        uint32_t v = 1;
        CHECK_EQ_AT(b, rio_fcreg_port_ctl_write(&blk_, 0, bit(b), &wr), RIO_OK);
        CHECK_EQ_AT(b, wr.not_modelled, bit(b));
        CHECK_EQ_AT(b, wr.after, 0);
        CHECK_EQ_AT(b, rio_fcreg_port_ctl_read(&blk_, 0, &v), RIO_OK);
        CHECK_EQ_AT(b, v, 0);
    }
    /* Including the parallel-PHY positions 10 and 12 (the model is serial). */
    CHECK_EQ(rio_fcreg_port_ctl_write(&blk_, 0, 0xFFFFFFFFu, &wr), RIO_OK);
    CHECK_EQ(wr.after, bit(13) | bit(15));
    CHECK_EQ(wr.not_modelled, ~(bit(13) | bit(15)));
}

static void fcreg_participant_bits_without_support_read_zero(void)
{
    struct rio_fcreg_wr wr;
    uint32_t v = 1;
    /* No flow control at all: neither bit can be set (I-FCREG-2). */
    CHECK_EQ(dev(2, 0, 0, 0), RIO_OK);
    CHECK_EQ(rio_fcreg_port_ctl_write(&blk_, 1, bit(13) | bit(15), &wr), RIO_OK);
    CHECK_EQ(wr.after, 0);
    CHECK_EQ(wr.unsupported, bit(13) | bit(15));
    CHECK_EQ(rio_fcreg_port_ctl_read(&blk_, 1, &v), RIO_OK);
    CHECK_EQ(v, 0);
    /* Flow control without arbitration: only bit 13. */
    CHECK_EQ(dev(2, 1, 0, 0), RIO_OK);
    CHECK_EQ(rio_fcreg_port_ctl_write(&blk_, 1, bit(13) | bit(15), &wr), RIO_OK);
    CHECK_EQ(wr.after, bit(13));
    CHECK_EQ(wr.unsupported, bit(15));
}

/* ---- gating (P9-4.2.2-a, P9-4.2.2-b) ---------------------------------------- */

static void fcreg_gating_follows_bits_13_and_15(void)
{
    static const struct {
        uint32_t ctl;
        int fc, arb, arb_strict;
    } rows[] = {
        {0, 0, 0, 0},
        {0x00040000u, 1, 0, 0}, /* bit 13 */
        {0x00010000u, 0, 1, 0}, /* bit 15 alone: strict variant says no */
        {0x00050000u, 1, 1, 1},
    };
    struct rio_fcreg_wr wr;
    for (unsigned strict = 0; strict < 2; strict++) {
        CHECK_EQ_AT(strict, dev(8, 1, 1, strict), RIO_OK);
        for (unsigned i = 0; i < 4; i++) {
            CHECK_EQ_AT(i, rio_fcreg_port_ctl_write(&blk_, 7, rows[i].ctl, &wr),
                        RIO_OK);
            CHECK_EQ_AT(i, rio_fcreg_may_route_fc(&blk_, 7), rows[i].fc);
            CHECK_EQ_AT(i, rio_fcreg_may_route_arb(&blk_, 7),
                        strict ? rows[i].arb_strict : rows[i].arb);
            CHECK_EQ_AT(i, rio_fcreg_may_route_fc(&blk_, 0), 0);
            CHECK_EQ_AT(i, rio_fcreg_may_route_arb(&blk_, 0), 0);
        }
    }
    /* Ports that do not exist never receive flow control transactions. */
    CHECK_EQ(rio_fcreg_may_route_fc(&blk_, 8), 0);
    CHECK_EQ(rio_fcreg_may_route_arb(&blk_, 8), 0);
    CHECK_EQ(rio_fcreg_may_route_fc(&blk_, 0xFFFFFFFFu), 0);
    CHECK_EQ(rio_fcreg_may_route_fc(NULL, 0), 0);
    CHECK_EQ(rio_fcreg_may_route_arb(NULL, 0), 0);
}

static void fcreg_reset_stops_flow_control_to_every_port(void)
{
    struct rio_fcreg_wr wr;
    CHECK_EQ(dev(16, 1, 1, 0), RIO_OK);
    for (unsigned n = 0; n < 16; n++) {
        CHECK_EQ_AT(n, rio_fcreg_may_route_fc(&blk_, n), 0);
        CHECK_EQ_AT(n, rio_fcreg_may_route_arb(&blk_, n), 0);
        CHECK_EQ_AT(n, rio_fcreg_port_ctl_write(&blk_, n, bit(13) | bit(15), &wr),
                    RIO_OK);
        CHECK_EQ_AT(n, rio_fcreg_may_route_fc(&blk_, n), 1);
    }
    CHECK_EQ(rio_fcreg_reset(&blk_), RIO_OK);
    for (unsigned n = 0; n < 16; n++)
        CHECK_EQ_AT(n, rio_fcreg_may_route_fc(&blk_, n), 0);
}

/* ---- Port n Error and Status CSR bit 28 ------------------------------------- */

static void fcreg_port_unavailable_is_a_device_input_read_only_to_software(void)
{
    struct rio_fcreg_wr wr;
    uint32_t v = 0;
    CHECK_EQ(dev(4, 1, 0, 0), RIO_OK);
    CHECK_EQ(rio_fcreg_port_errstat_write(&blk_, 3, 0xFFFFFFFFu, &wr), RIO_OK);
    CHECK_EQ(wr.read_only, bit(28));
    CHECK_EQ(wr.not_modelled, ~bit(28));
    CHECK_EQ(rio_fcreg_port_errstat_read(&blk_, 3, &v), RIO_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(rio_fcreg_set_port_unavailable(&blk_, 3, 1), RIO_OK);
    CHECK_EQ(rio_fcreg_port_errstat_read(&blk_, 3, &v), RIO_OK);
    CHECK_EQ(v, 0x00000008u);
    CHECK_EQ(rio_fcreg_port_errstat_read(&blk_, 2, &v), RIO_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(rio_fcreg_port_errstat_write(&blk_, 3, 0, &wr), RIO_OK);
    CHECK_EQ(wr.read_only, bit(28));
    CHECK_EQ(wr.after, bit(28));
    CHECK_EQ(rio_fcreg_port_errstat_read(&blk_, 3, &v), RIO_OK);
    CHECK_EQ(v, bit(28));
    CHECK_EQ(rio_fcreg_set_port_unavailable(&blk_, 3, 0), RIO_OK);
    CHECK_EQ(rio_fcreg_port_errstat_read(&blk_, 3, &v), RIO_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(rio_fcreg_set_port_unavailable(&blk_, 3, 2), RIO_ERANGE);
    CHECK_EQ(rio_fcreg_port_errstat_read(&blk_, 3, &v), RIO_OK);
    CHECK_EQ(v, 0);
}

/* ---- Port XOFF relationship (P12-5.1.2.2-b10, erratum 6) ------------------- */

static void fcreg_port_xoff_expected_when_port_unavailable(void)
{
    static const struct {
        enum rio_p12_rev rev;
        uint32_t errstat, voq, expected;
        int conforms;
    } rows[] = {
        /* rev 3+: unavailable -> Port XOFF should be 1; other bits kept. */
        {RIO_P12_REV3, 0x00000008u, 0x80C88012u, 0x80E88012u, 0},
        {RIO_P12_REV3, 0x00000008u, 0x80E88012u, 0x80E88012u, 1},
        {RIO_P12_REV3, 0xFFFFFFFFu, 0x00088000u, 0x00288000u, 0},
        /* available: Port XOFF is free either way. */
        {RIO_P12_REV3, 0x00000000u, 0x80C88012u, 0x80C88012u, 1},
        {RIO_P12_REV3, 0xFFFFFFF7u, 0x80E88012u, 0x80E88012u, 1},
        {RIO_P12_REV3, 0xFFFFFFF7u, 0x00088000u, 0x00088000u, 1},
        /* rev 2 has no such sentence. */
        {RIO_P12_REV2, 0x00000008u, 0x80C00000u, 0x80C00000u, 1},
    };
    for (unsigned i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        uint32_t e = 0;
        int c = -1;
        CHECK_EQ_AT(i, rio_fcreg_port_xoff_expected(rows[i].rev, rows[i].errstat,
                                                    rows[i].voq, &e), RIO_OK);
        CHECK_EQ_AT(i, e, rows[i].expected);
        CHECK_EQ_AT(i, rio_fcreg_port_xoff_check(rows[i].rev, rows[i].errstat,
                                                 rows[i].voq, &c), RIO_OK);
        CHECK_EQ_AT(i, c, rows[i].conforms);
    }
    uint32_t e = 0;
    int c = 1;
    CHECK_EQ(rio_fcreg_port_xoff_expected((enum rio_p12_rev)5, 8, 0x1234u, &e),
             RIO_EREVISION);
    CHECK_EQ(e, 0x1234u);
    CHECK_EQ(rio_fcreg_port_xoff_check((enum rio_p12_rev)5, 8, 0, &c),
             RIO_EREVISION);
    CHECK_EQ(c, 0);
    CHECK_EQ(rio_fcreg_port_xoff_expected(RIO_P12_REV3, 8, 0, NULL), RIO_EINVAL);
    CHECK_EQ(rio_fcreg_port_xoff_check(RIO_P12_REV3, 8, 0, NULL), RIO_EINVAL);
}

static void fcreg_port_xoff_scenario_with_both_register_models(void)
{
    /* Port 2 of a 4-port rev 3+ switch goes unavailable; software follows the
     * recommendation by setting Port XOFF in the VoQ CSR; the port comes back
     * and software clears it again. */
    static struct rio_voqreg_desc vd;
    static struct rio_voqreg voq;
    struct rio_voqreg_wr vwr;
    memset(&vd, 0, sizeof vd);
    vd.rev = RIO_P12_REV3;
    vd.port_count = 4;
    CHECK_EQ(rio_voqreg_init(&voq, &vd), RIO_OK);
    CHECK_EQ(dev(4, 1, 0, 0), RIO_OK);

    uint32_t es = 0, csr = rio_voqreg_port_csr(&voq, 2), want = 0;
    int c = 0;
    CHECK_EQ(rio_fcreg_port_xoff_check(RIO_P12_REV3, es, csr, &c), RIO_OK);
    CHECK_EQ(c, 1);
    CHECK_EQ(rio_fcreg_set_port_unavailable(&blk_, 2, 1), RIO_OK);
    CHECK_EQ(rio_fcreg_port_errstat_read(&blk_, 2, &es), RIO_OK);
    CHECK_EQ(rio_fcreg_port_xoff_check(RIO_P12_REV3, es, csr, &c), RIO_OK);
    CHECK_EQ(c, 0);
    CHECK_EQ(rio_fcreg_port_xoff_expected(RIO_P12_REV3, es, csr, &want), RIO_OK);
    CHECK_EQ(want, 0x00088000u | bit(10));
    CHECK_EQ(rio_voqreg_write(&voq, 0x28, want, &vwr), RIO_OK);
    csr = rio_voqreg_port_csr(&voq, 2);
    CHECK_EQ(rio_fcreg_port_xoff_check(RIO_P12_REV3, es, csr, &c), RIO_OK);
    CHECK_EQ(c, 1);
    /* Other ports stay available and unconstrained. */
    CHECK_EQ(rio_fcreg_port_errstat_read(&blk_, 1, &es), RIO_OK);
    CHECK_EQ(rio_fcreg_port_xoff_check(RIO_P12_REV3, es,
                                       rio_voqreg_port_csr(&voq, 1), &c), RIO_OK);
    CHECK_EQ(c, 1);
}

/* ---- offsets ---------------------------------------------------------------- */

static void fcreg_lp_serial_offsets_rm_i_and_rm_ii(void)
{
    static const struct {
        enum rio_fcreg_rm rm;
        unsigned port;
        uint32_t ctl, errstat;
    } rows[] = {
        /* RM-I: 0x5C, 7C, ..., 23C and 0x58, 78, ..., 238. */
        {RIO_FCREG_RM_I, 0, 0x5C, 0x58},
        {RIO_FCREG_RM_I, 1, 0x7C, 0x78},
        {RIO_FCREG_RM_I, 15, 0x23C, 0x238},
        /* RM-II: 0x5C, 9C, ..., 41C and 0x58, 98, ..., 418. */
        {RIO_FCREG_RM_II, 0, 0x5C, 0x58},
        {RIO_FCREG_RM_II, 1, 0x9C, 0x98},
        {RIO_FCREG_RM_II, 15, 0x41C, 0x418},
    };
    for (unsigned i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        uint32_t o = 0;
        CHECK_EQ_AT(i, rio_fcreg_port_ctl_offset(rows[i].rm, rows[i].port, &o),
                    RIO_OK);
        CHECK_EQ_AT(i, o, rows[i].ctl);
        CHECK_EQ_AT(i, rio_fcreg_port_errstat_offset(rows[i].rm, rows[i].port, &o),
                    RIO_OK);
        CHECK_EQ_AT(i, o, rows[i].errstat);
    }
    uint32_t o = 1;
    CHECK_EQ(rio_fcreg_port_ctl_offset(RIO_FCREG_RM_I, 16, &o), RIO_ERANGE);
    CHECK_EQ(o, 0);
    CHECK_EQ(rio_fcreg_port_errstat_offset(RIO_FCREG_RM_II, 16, &o), RIO_ERANGE);
    CHECK_EQ(rio_fcreg_port_ctl_offset(RIO_FCREG_RM_I, 0xFFFFFFFFu, &o),
             RIO_ERANGE);
    CHECK_EQ(rio_fcreg_port_ctl_offset((enum rio_fcreg_rm)0, 0, &o), RIO_EINVAL);
    CHECK_EQ(rio_fcreg_port_errstat_offset((enum rio_fcreg_rm)3, 0, &o),
             RIO_EINVAL);
    CHECK_EQ(rio_fcreg_port_ctl_offset(RIO_FCREG_RM_I, 0, NULL), RIO_EINVAL);
}

/* ---- descriptions and errors ------------------------------------------------ */

static void fcreg_init_rejects_bad_descriptions(void)
{
    static struct rio_fcreg keep;
    memset(&keep, 0x3C, sizeof keep);
    memcpy(&blk_, &keep, sizeof blk_);
    CHECK_EQ(dev(0, 1, 0, 0), RIO_ERANGE);
    CHECK_EQ(dev(257, 1, 0, 0), RIO_ERANGE);
    CHECK_EQ(dev(4, 2, 0, 0), RIO_ERANGE);
    CHECK_EQ(dev(4, 1, 2, 0), RIO_ERANGE);
    CHECK_EQ(dev(4, 1, 1, 2), RIO_ERANGE);
    CHECK_EQ(dev(4, 0, 1, 0), RIO_EINVAL); /* I-FCREG-3 */
    struct rio_fcreg_desc d = {4, 1, 0, 0};
    CHECK_EQ(rio_fcreg_init(NULL, &d), RIO_EINVAL);
    CHECK_EQ(rio_fcreg_init(&blk_, NULL), RIO_EINVAL);
    CHECK_EQ(memcmp(&keep, &blk_, sizeof blk_), 0);
    CHECK_EQ(dev(1, 0, 0, 0), RIO_OK);
    CHECK_EQ(dev(256, 1, 1, 1), RIO_OK);
}

static void fcreg_port_errors_and_null_arguments(void)
{
    struct rio_fcreg_wr wr;
    uint32_t v = 5;
    CHECK_EQ(dev(4, 1, 1, 0), RIO_OK);
    CHECK_EQ(rio_fcreg_port_ctl_read(&blk_, 4, &v), RIO_ENOENT);
    CHECK_EQ(v, 0);
    CHECK_EQ(rio_fcreg_port_ctl_write(&blk_, 4, bit(13), &wr), RIO_ENOENT);
    CHECK_EQ(wr.value, bit(13));
    CHECK_EQ(wr.not_modelled, bit(13));
    CHECK_EQ(rio_fcreg_port_errstat_read(&blk_, 0xFFFFFFFFu, &v), RIO_ENOENT);
    CHECK_EQ(rio_fcreg_port_errstat_write(&blk_, 4, 0, &wr), RIO_ENOENT);
    CHECK_EQ(rio_fcreg_set_port_unavailable(&blk_, 4, 1), RIO_ENOENT);
    CHECK_EQ(rio_fcreg_port_ctl_read(&blk_, 0, NULL), RIO_EINVAL);
    CHECK_EQ(rio_fcreg_port_ctl_write(&blk_, 0, 0, NULL), RIO_EINVAL);
    CHECK_EQ(rio_fcreg_port_errstat_read(&blk_, 0, NULL), RIO_EINVAL);
    CHECK_EQ(rio_fcreg_port_errstat_write(&blk_, 0, 0, NULL), RIO_EINVAL);
    CHECK_EQ(rio_fcreg_pef_car_write(&blk_, 0, NULL), RIO_EINVAL);
    CHECK_EQ(rio_fcreg_port_ctl_read(NULL, 0, &v), RIO_EINVAL);
    CHECK_EQ(rio_fcreg_port_ctl_write(NULL, 0, 0, &wr), RIO_EINVAL);
    CHECK_EQ(rio_fcreg_set_port_unavailable(NULL, 0, 1), RIO_EINVAL);
    CHECK_EQ(rio_fcreg_reset(NULL), RIO_EINVAL);
    CHECK_EQ(rio_fcreg_pef_car(NULL), 0);
    /* A zeroed or corrupted block is refused, never indexed. */
    static struct rio_fcreg zero;
    memset(&zero, 0, sizeof zero);
    CHECK_EQ(rio_fcreg_port_ctl_read(&zero, 0, &v), RIO_EINVAL);
    CHECK_EQ(rio_fcreg_reset(&zero), RIO_EINVAL);
    CHECK_EQ(rio_fcreg_pef_car_write(&zero, 0, &wr), RIO_EINVAL);
    blk_.desc.port_count = 100000;
    CHECK_EQ(rio_fcreg_port_ctl_read(&blk_, 9999, &v), RIO_EINVAL);
    CHECK_EQ(rio_fcreg_may_route_fc(&blk_, 9999), 0);
}

/* ---- property ---------------------------------------------------------------- */

static uint32_t xs_state_;
static uint32_t xs(void)
{
    uint32_t x = xs_state_;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return xs_state_ = x;
}

/* Random operations against a shadow written from Table 4-2 and I-FCREG-2/6:
 * ctl = written & supported participant bits, errstat = device input only. */
static void fcreg_random_operations_match_a_table_model(void)
{
    static const unsigned fc_arb[3][2] = {{0, 0}, {1, 0}, {1, 1}};
    for (unsigned k = 0; k < 3; k++) {
        enum { PORTS = 20 };
        uint32_t ctl[PORTS] = {0}, es[PORTS] = {0};
        unsigned fc = fc_arb[k][0], arb = fc_arb[k][1];
        uint32_t sup = (fc ? bit(13) : 0) | (arb ? bit(15) : 0);
        CHECK_EQ_AT(k, dev(PORTS, fc, arb, 0), RIO_OK);
        xs_state_ = 0x2545F491u + k;
        for (unsigned i = 0; i < 10000; i++) {
            unsigned op = xs() % 4u;
            unsigned n = xs() % (PORTS + 2u);
            uint32_t val = xs();
            struct rio_fcreg_wr wr;
            int rc = 0;
            switch (op) {
            case 0:
                rc = rio_fcreg_port_ctl_write(&blk_, n, val, &wr);
                if (n < PORTS)
                    ctl[n] = val & sup;
                break;
            case 1:
                rc = rio_fcreg_port_errstat_write(&blk_, n, val, &wr);
                break;
            case 2:
                rc = rio_fcreg_set_port_unavailable(&blk_, n, val & 1u);
                if (n < PORTS)
                    es[n] = (val & 1u) ? bit(28) : 0;
                break;
            default:
                rc = rio_fcreg_pef_car_write(&blk_, val, &wr);
                CHECK_EQ_AT(i, rc, RIO_OK);
                rc = n < PORTS ? RIO_OK : RIO_ENOENT;
                break;
            }
            CHECK_EQ_AT(i, rc, n < PORTS ? RIO_OK : RIO_ENOENT);
            CHECK_EQ_AT(i, rio_fcreg_pef_car(&blk_),
                        (fc ? bit(24) : 0) | (arb ? bit(20) : 0));
            for (unsigned p = 0; p < PORTS; p++) {
                uint32_t v = 0;
                CHECK_EQ_AT(i, rio_fcreg_port_ctl_read(&blk_, p, &v), RIO_OK);
                CHECK_EQ_AT(p, v, ctl[p]);
                CHECK_EQ_AT(i, rio_fcreg_port_errstat_read(&blk_, p, &v), RIO_OK);
                CHECK_EQ_AT(p, v, es[p]);
                CHECK_EQ_AT(p, rio_fcreg_may_route_fc(&blk_, p),
                            (ctl[p] & bit(13)) != 0);
                CHECK_EQ_AT(p, rio_fcreg_may_route_arb(&blk_, p),
                            (ctl[p] & bit(15)) != 0);
            }
        }
    }
}

int main(int argc, char **argv)
{
    (void)argc;
    RUN(fcreg_masks_match_table_4_1_and_4_2_bit_numbers);
    RUN(fcreg_car_shows_the_support_bits);
    RUN(fcreg_car_is_read_only);
    RUN(fcreg_port_ctl_resets_to_zero_on_every_port);
    RUN(fcreg_port_ctl_bits_13_and_15_are_read_write);
    RUN(fcreg_port_ctl_other_bits_are_not_modelled);
    RUN(fcreg_participant_bits_without_support_read_zero);
    RUN(fcreg_gating_follows_bits_13_and_15);
    RUN(fcreg_reset_stops_flow_control_to_every_port);
    RUN(fcreg_port_unavailable_is_a_device_input_read_only_to_software);
    RUN(fcreg_port_xoff_expected_when_port_unavailable);
    RUN(fcreg_port_xoff_scenario_with_both_register_models);
    RUN(fcreg_lp_serial_offsets_rm_i_and_rm_ii);
    RUN(fcreg_init_rejects_bad_descriptions);
    RUN(fcreg_port_errors_and_null_arguments);
    RUN(fcreg_random_operations_match_a_table_model);
    return check_finish(argv[0]);
}
