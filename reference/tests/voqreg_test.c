/* SPDX-License-Identifier: Apache-2.0 */
/*
 * voqreg_test.c - the Part 12 VoQ Backpressure register block model.
 *
 * Expected values come from Part 12 rev 4.1 and rev 2.0 chapter 5: Table 5-1
 * (offsets), Table 5-2 (header) and Table 5-3 (every bit), transcribed below in
 * the spec's big-endian bit numbers; masks are derived here with bit(n) rather
 * than taken from rio/voq.h, so a wrong mask there would show up too.
 */
#include <string.h>

#include "check.h"
#include "rio/err.h"
#include "rio/voqreg.h"

static uint32_t bit(unsigned n) /* spec bit n of a 32-bit register */
{
    return (uint32_t)1u << (31u - n);
}

static uint32_t bits(unsigned first, unsigned last)
{
    uint32_t m = 0;
    for (unsigned n = first; n <= last; n++)
        m |= bit(n);
    return m;
}

#define CAP_GEN 1u
#define CAP_RX 2u
#define CAP_VC 4u
#define CAP_ALL (CAP_GEN | CAP_RX | CAP_VC)
#define SIZES_ALL 0x7Fu

/* Every port the same; the device lives in a static so tests stay small. */
static struct rio_voqreg_desc desc_;
static struct rio_voqreg blk_;

static void fill_desc(enum rio_p12_rev rev, unsigned ports, unsigned caps,
                      unsigned sizes)
{
    memset(&desc_, 0, sizeof desc_);
    desc_.rev = rev;
    desc_.port_count = ports;
    for (unsigned n = 0; n < RIO_VOQREG_MAX_PORTS; n++) {
        desc_.port[n].gen_supported = (uint8_t)((caps & CAP_GEN) != 0);
        desc_.port[n].rx_supported = (uint8_t)((caps & CAP_RX) != 0);
        desc_.port[n].per_vc_supported = (uint8_t)((caps & CAP_VC) != 0);
        desc_.port[n].sizes_supported = (uint8_t)sizes;
    }
}

static int dev(enum rio_p12_rev rev, unsigned ports, unsigned caps,
               unsigned sizes)
{
    fill_desc(rev, ports, caps, sizes);
    return rio_voqreg_init(&blk_, &desc_);
}

static uint32_t port_off(enum rio_p12_rev rev, unsigned n)
{
    return (rev == RIO_P12_REV2 ? 0xCu : 0x20u) + 4u * n;
}

/* Read the port register through the offset path; -1 marks a failed read. */
static int64_t rd(enum rio_p12_rev rev, unsigned n)
{
    uint32_t v = 0xDEADBEEFu;
    enum rio_voqreg_where w;
    if (rio_voqreg_read(&blk_, port_off(rev, n), &v, &w) != RIO_OK ||
        w != RIO_VOQREG_AT_PORT_CSR)
        return -1;
    return v;
}

/* ---- reset values (Table 5-3 "Reset Value" column) --------------------- */

static void voqreg_rev3_reset_is_0x00088000_when_nothing_impl_defined(void)
{
    CHECK_EQ(dev(RIO_P12_REV3, 256, 0, 0), RIO_OK);
    /* Bits 12 (size 0) and 16 (size 4) reset to 0b1, all else 0b0. */
    CHECK_EQ(bit(12) | bit(16), 0x00088000u);
    for (unsigned n = 0; n < 256; n++) {
        CHECK_EQ_AT(n, rd(RIO_P12_REV3, n), 0x00088000u);
        CHECK_EQ_AT(n, rio_voqreg_port_csr(&blk_, n), 0x00088000u);
    }
}

static void voqreg_rev2_reset_is_zero_when_nothing_impl_defined(void)
{
    CHECK_EQ(dev(RIO_P12_REV2, 192, 0, 0), RIO_OK);
    for (unsigned n = 0; n < 192; n++)
        CHECK_EQ_AT(n, rd(RIO_P12_REV2, n), 0);
}

static void voqreg_reset_shows_each_capability_in_its_bit(void)
{
    static const struct {
        unsigned caps, sizes;
        uint32_t rev3, rev2;
    } rows[] = {
        {CAP_GEN, 0, 0x80088000u, 0x80000000u},  /* bit 0 */
        {CAP_RX, 0, 0x40088000u, 0x40000000u},   /* bit 1 */
        {CAP_VC, 0, 0x20088000u, 0x20000000u},   /* bit 2 */
        {0, 0x02, 0x000C8000u, 0},               /* size 1: bit 13 */
        {0, 0x04, 0x000A8000u, 0},               /* size 2: bit 14 */
        {0, 0x08, 0x00098000u, 0},               /* size 3: bit 15 */
        {0, 0x20, 0x0008C000u, 0},               /* size 5: bit 17 */
        {0, 0x40, 0x0008A000u, 0},               /* size 6: bit 18 */
        {0, 0x11, 0x00088000u, 0},               /* sizes 0, 4 given: same */
        {CAP_ALL, SIZES_ALL, 0xE00FE000u, 0xE0000000u},
    };
    for (unsigned i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        CHECK_EQ_AT(i, dev(RIO_P12_REV3, 3, rows[i].caps, rows[i].sizes), RIO_OK);
        CHECK_EQ_AT(i, rd(RIO_P12_REV3, 2), rows[i].rev3);
        if (rows[i].sizes == 0) {
            CHECK_EQ_AT(i, dev(RIO_P12_REV2, 3, rows[i].caps, 0), RIO_OK);
            CHECK_EQ_AT(i, rd(RIO_P12_REV2, 2), rows[i].rev2);
        }
    }
}

static void voqreg_ports_may_differ_and_reset_restores_every_port(void)
{
    /* P12-4.1-b/c: port 0 generation only, port 1 reception only, port 2
     * nothing at all (still has its register, P12-5.1.2-a). */
    fill_desc(RIO_P12_REV3, 3, 0, 0);
    desc_.port[0].gen_supported = 1;
    desc_.port[1].rx_supported = 1;
    desc_.port[1].sizes_supported = 0x08;
    CHECK_EQ(rio_voqreg_init(&blk_, &desc_), RIO_OK);
    CHECK_EQ(rd(RIO_P12_REV3, 0), 0x80088000u);
    CHECK_EQ(rd(RIO_P12_REV3, 1), 0x40098000u);
    CHECK_EQ(rd(RIO_P12_REV3, 2), 0x00088000u);
    struct rio_voqreg_wr wr;
    for (unsigned n = 0; n < 3; n++)
        CHECK_EQ_AT(n, rio_voqreg_write(&blk_, port_off(RIO_P12_REV3, n),
                                        bit(9) | bit(10), &wr), RIO_OK);
    CHECK_EQ(rd(RIO_P12_REV3, 2), 0x00088000u | bit(9) | bit(10));
    CHECK_EQ(rio_voqreg_reset(&blk_), RIO_OK);
    CHECK_EQ(rd(RIO_P12_REV3, 0), 0x80088000u);
    CHECK_EQ(rd(RIO_P12_REV3, 1), 0x40098000u);
    CHECK_EQ(rd(RIO_P12_REV3, 2), 0x00088000u);
}

/* ---- Table 5-3, every bit ---------------------------------------------- */

enum kind {
    K_CAP,      /* read-only capability, reset from the description */
    K_RSV,      /* reserved: reads 0, writes ignored */
    K_RW,       /* read/write, reset 0 */
    K_RW_PERVC, /* rev 3+ bit 11: read/write, reserved when bit 2 = 0 */
    K_ONE,      /* read-only, reset 0b1 (bits 12, 16) */
    K_SIZE_SUP, /* read-only size supported, reset from the description */
    K_TX,       /* TX Port Group Size field */
    K_RX        /* RX Port Group Size field */
};

struct row {
    unsigned first, last;
    enum kind kind;
};

/* Part 12 rev 4.1 Table 5-3. */
static const struct row rev3_table[] = {
    {0, 0, K_CAP},       /* VoQ Backpressure Symbol Generation Supported */
    {1, 1, K_CAP},       /* VoQ Backpressure Symbol Reception Supported */
    {2, 2, K_CAP},       /* VoQ Backpressure Per VC Supported */
    {3, 7, K_RSV},       /* reserved */
    {8, 8, K_RW},        /* Enable VoQ Symbol Generation */
    {9, 9, K_RW},        /* Enable VoQ Participation */
    {10, 10, K_RW},      /* Port XOFF */
    {11, 11, K_RW_PERVC}, /* Enable VoQ Backpressure Per VC Transmission */
    {12, 12, K_ONE},     /* Port Group Size 0 Supported, reset 0b1 */
    {13, 15, K_SIZE_SUP}, /* Port Group Size 1..3 Supported */
    {16, 16, K_ONE},     /* Port Group Size 4 Supported, reset 0b1 */
    {17, 18, K_SIZE_SUP}, /* Port Group Size 5..6 Supported */
    {19, 25, K_RSV},     /* reserved */
    {26, 28, K_TX},      /* TX Port Group Size */
    {29, 31, K_RX},      /* RX Port Group Size */
};

/* Part 12 rev 2.0 Table 5-3. */
static const struct row rev2_table[] = {
    {0, 0, K_CAP},   /* VoQ Backpressure Symbol Generation Supported */
    {1, 1, K_CAP},   /* VoQ Backpressure Symbol Reception Supported */
    {2, 2, K_CAP},   /* Linking with VCs supported */
    {3, 7, K_RSV},   /* reserved */
    {8, 8, K_RW},    /* Enable VoQ Symbol Generation */
    {9, 9, K_RW},    /* Enable VoQ Participation */
    {10, 10, K_RW},  /* Port XOFF */
    {11, 11, K_RW},  /* Enable VC linking */
    {12, 31, K_RSV}, /* reserved */
};

static enum kind kind_of(const struct row *t, unsigned rows, unsigned b)
{
    for (unsigned i = 0; i < rows; i++)
        if (b >= t[i].first && b <= t[i].last)
            return t[i].kind;
    return K_RSV;
}

/* Toggle one bit of the port register (starting from reset each time) and
 * check the effect against the table. full = every capability and size. */
static void table_bit_by_bit(enum rio_p12_rev rev, const struct row *t,
                             unsigned rows, int full)
{
    unsigned caps = full ? CAP_ALL : 0;
    unsigned sizes = (full && rev == RIO_P12_REV3) ? SIZES_ALL : 0;
    const unsigned port = 1;
    CHECK_EQ(dev(rev, 2, caps, sizes), RIO_OK);
    uint32_t reset = rio_voqreg_port_csr(&blk_, port);
    for (unsigned b = 0; b < 32; b++) {
        enum kind k = kind_of(t, rows, b);
        struct rio_voqreg_wr wr;
        CHECK_EQ_AT(b, rio_voqreg_reset(&blk_), RIO_OK);
        /* Reset value of the bit. */
        int one = k == K_ONE || ((k == K_CAP || k == K_SIZE_SUP) && full);
        CHECK_EQ_AT(b, (reset & bit(b)) != 0, one);
        CHECK_EQ_AT(b, rio_voqreg_write(&blk_, port_off(rev, port),
                                        reset ^ bit(b), &wr), RIO_OK);
        CHECK_EQ_AT(b, wr.where, RIO_VOQREG_AT_PORT_CSR);
        CHECK_EQ_AT(b, wr.port, port);
        CHECK_EQ_AT(b, wr.before, reset);
        uint32_t want = reset;
        uint32_t want_ro = 0, want_rsv = 0;
        switch (k) {
        case K_CAP:
        case K_ONE:
        case K_SIZE_SUP:
            want_ro = bit(b);
            break;
        case K_RSV:
            want_rsv = bit(b);
            break;
        case K_RW_PERVC:
            if (full)
                want = reset ^ bit(b);
            else
                want_rsv = bit(b); /* I-VOQREG-6 */
            break;
        case K_RW:
            if (b == 8 && !full)
                break; /* no generation support: I-VOQREG-7, tested below */
            want = reset ^ bit(b);
            break;
        case K_TX:
        case K_RX:
            /* One bit of a size field: sizes 4, 2, 1 - supported when full;
             * without optional sizes only 4 is supported. */
            if (full || b == 26 || b == 29)
                want = reset ^ bit(b);
            break;
        }
        CHECK_EQ_AT(b, wr.after, want);
        CHECK_EQ_AT(b, rd(rev, port), want);
        CHECK_EQ_AT(b, wr.read_only, want_ro);
        CHECK_EQ_AT(b, wr.reserved, want_rsv);
        /* Port 0 is never touched by a port 1 write. */
        CHECK_EQ_AT(b, rd(rev, 0), reset);
    }
}

static void voqreg_rev3_table_5_3_every_bit_full_port(void)
{
    table_bit_by_bit(RIO_P12_REV3, rev3_table,
                     sizeof rev3_table / sizeof rev3_table[0], 1);
}

static void voqreg_rev3_table_5_3_every_bit_bare_port(void)
{
    table_bit_by_bit(RIO_P12_REV3, rev3_table,
                     sizeof rev3_table / sizeof rev3_table[0], 0);
}

static void voqreg_rev2_table_5_3_every_bit_full_port(void)
{
    table_bit_by_bit(RIO_P12_REV2, rev2_table,
                     sizeof rev2_table / sizeof rev2_table[0], 1);
}

static void voqreg_rev2_table_5_3_every_bit_bare_port(void)
{
    /* Bare rev 2 port: bit 11 (linking) behaves like bit 8 (I-VOQREG-7), which
     * the generic loop cannot express; check it here, then run the loop on a
     * port that only lacks generation. */
    struct rio_voqreg_wr wr;
    CHECK_EQ(dev(RIO_P12_REV2, 1, 0, 0), RIO_OK);
    CHECK_EQ(rio_voqreg_write(&blk_, 0xC, bit(11), &wr), RIO_OK);
    CHECK_EQ(wr.after, 0);
    CHECK_EQ(wr.refused, bit(11));
    CHECK_EQ(wr.violations, RIO_VOQREG_V_LINK_UNSUPPORTED);

    CHECK_EQ(dev(RIO_P12_REV2, 2, CAP_RX | CAP_VC, 0), RIO_OK);
    for (unsigned b = 0; b < 32; b++) {
        enum kind k = kind_of(rev2_table, 9, b);
        CHECK_EQ_AT(b, rio_voqreg_reset(&blk_), RIO_OK);
        uint32_t reset = bit(1) | bit(2);
        CHECK_EQ_AT(b, rio_voqreg_write(&blk_, 0x10, reset ^ bit(b), &wr), RIO_OK);
        uint32_t want = (k == K_RW && b != 8) ? reset ^ bit(b) : reset;
        CHECK_EQ_AT(b, wr.after, want);
        CHECK_EQ_AT(b, wr.reserved, k == K_RSV ? bit(b) : 0);
        CHECK_EQ_AT(b, wr.read_only, k == K_CAP ? bit(b) : 0);
    }
}

static void voqreg_all_ones_and_all_zeros_writes(void)
{
    struct rio_voqreg_wr wr;
    /* Rev 3+, full port: RO and reserved unchanged, bits 8-11 set, sizes 7
     * refused (reserved encoding, I-VOQREG-9). */
    CHECK_EQ(dev(RIO_P12_REV3, 1, CAP_ALL, SIZES_ALL), RIO_OK);
    CHECK_EQ(rio_voqreg_write(&blk_, 0x20, 0xFFFFFFFFu, &wr), RIO_OK);
    CHECK_EQ(wr.after, bits(0, 2) | bits(8, 11) | bits(12, 18));
    CHECK_EQ(wr.after, 0xE0FFE000u);
    CHECK_EQ(wr.reserved, bits(3, 7) | bits(19, 25));
    CHECK_EQ(wr.read_only, 0);
    CHECK_EQ(wr.refused, bits(26, 31));
    CHECK_EQ(wr.violations,
             RIO_VOQREG_V_TX_SIZE_RESERVED | RIO_VOQREG_V_RX_SIZE_RESERVED);
    CHECK_EQ(rio_voqreg_write(&blk_, 0x20, 0, &wr), RIO_OK);
    CHECK_EQ(wr.after, 0xE00FE000u);
    CHECK_EQ(wr.read_only, bits(0, 2) | bits(12, 18));
    /* Rev 2, full port. */
    CHECK_EQ(dev(RIO_P12_REV2, 1, CAP_ALL, 0), RIO_OK);
    CHECK_EQ(rio_voqreg_write(&blk_, 0xC, 0xFFFFFFFFu, &wr), RIO_OK);
    CHECK_EQ(wr.after, 0xE0F00000u);
    CHECK_EQ(wr.reserved, bits(3, 7) | bits(12, 31));
    CHECK_EQ(wr.violations, 0);
}

/* ---- enables without the capability (I-VOQREG-6, I-VOQREG-7) ------------ */

static void voqreg_rev3_bit11_is_reserved_without_per_vc_support(void)
{
    struct rio_voqreg_wr wr;
    CHECK_EQ(dev(RIO_P12_REV3, 1, CAP_GEN | CAP_RX, 0), RIO_OK);
    desc_.policy.enable_unsupported = RIO_VOQREG_ACCEPT; /* must not matter */
    CHECK_EQ(rio_voqreg_init(&blk_, &desc_), RIO_OK);
    CHECK_EQ(rio_voqreg_write(&blk_, 0x20, 0xC0088000u | bit(11), &wr), RIO_OK);
    CHECK_EQ(wr.after, 0xC0088000u);
    CHECK_EQ(wr.reserved, bit(11));
    CHECK_EQ(wr.refused, 0);
    CHECK_EQ(wr.violations, 0);
    /* With per-VC support the same write sets it. */
    CHECK_EQ(dev(RIO_P12_REV3, 1, CAP_ALL, 0), RIO_OK);
    CHECK_EQ(rio_voqreg_write(&blk_, 0x20, bit(11), &wr), RIO_OK);
    CHECK_EQ(wr.after, 0xE0088000u | bit(11));
}

static void voqreg_bit8_without_generation_support_refused_by_default(void)
{
    struct rio_voqreg_wr wr;
    CHECK_EQ(dev(RIO_P12_REV3, 1, CAP_RX, 0), RIO_OK);
    CHECK_EQ(rio_voqreg_write(&blk_, 0x20, bit(8) | bit(9), &wr), RIO_OK);
    CHECK_EQ(wr.after, 0x40088000u | bit(9)); /* bit 9 applies, bit 8 not */
    CHECK_EQ(wr.refused, bit(8));
    CHECK_EQ(wr.violations, RIO_VOQREG_V_GEN_UNSUPPORTED);
    CHECK_EQ(rd(RIO_P12_REV3, 0), 0x40088000u | bit(9));
}

static void voqreg_bit8_without_generation_support_accept_policy_stores(void)
{
    struct rio_voqreg_wr wr;
    fill_desc(RIO_P12_REV3, 1, CAP_RX, 0);
    desc_.policy.enable_unsupported = RIO_VOQREG_ACCEPT;
    CHECK_EQ(rio_voqreg_init(&blk_, &desc_), RIO_OK);
    CHECK_EQ(rio_voqreg_write(&blk_, 0x20, bit(8), &wr), RIO_OK);
    CHECK_EQ(wr.after, 0x40088000u | bit(8));
    CHECK_EQ(wr.refused, 0);
    CHECK_EQ(wr.violations, RIO_VOQREG_V_GEN_UNSUPPORTED);
    /* Re-writing the stored 1 is not a new violation (I-VOQREG-13). */
    CHECK_EQ(rio_voqreg_write(&blk_, 0x20, wr.after, &wr), RIO_OK);
    CHECK_EQ(wr.violations, 0);
    CHECK_EQ(rio_voqreg_write(&blk_, 0x20, 0, &wr), RIO_OK);
    CHECK_EQ(wr.after, 0x40088000u);
}

static void voqreg_rev2_vc_linking_without_support(void)
{
    struct rio_voqreg_wr wr;
    fill_desc(RIO_P12_REV2, 1, CAP_GEN, 0);
    desc_.policy.enable_unsupported = RIO_VOQREG_ACCEPT;
    CHECK_EQ(rio_voqreg_init(&blk_, &desc_), RIO_OK);
    CHECK_EQ(rio_voqreg_write(&blk_, 0xC, bit(11), &wr), RIO_OK);
    CHECK_EQ(wr.after, bit(0) | bit(11));
    CHECK_EQ(wr.violations, RIO_VOQREG_V_LINK_UNSUPPORTED);
    CHECK_EQ(dev(RIO_P12_REV2, 1, CAP_GEN, 0), RIO_OK);
    CHECK_EQ(rio_voqreg_write(&blk_, 0xC, bit(8) | bit(11), &wr), RIO_OK);
    CHECK_EQ(wr.after, bit(0) | bit(8));
    CHECK_EQ(wr.refused, bit(11));
    CHECK_EQ(wr.violations, RIO_VOQREG_V_LINK_UNSUPPORTED);
}

/* ---- Port Group Size fields (rev 3+) ------------------------------------ */

static uint32_t tx(unsigned s) { return (uint32_t)s << 3; } /* bits 26-28 */
static uint32_t rx(unsigned s) { return (uint32_t)s; }      /* bits 29-31 */

static void voqreg_group_size_7_refused_by_default(void)
{
    struct rio_voqreg_wr wr;
    CHECK_EQ(dev(RIO_P12_REV3, 1, CAP_ALL, SIZES_ALL), RIO_OK);
    uint32_t base = 0xE00FE000u;
    CHECK_EQ(rio_voqreg_write(&blk_, 0x20, base | tx(3) | rx(5), &wr), RIO_OK);
    CHECK_EQ(wr.after, base | tx(3) | rx(5));
    CHECK_EQ(rio_voqreg_write(&blk_, 0x20, base | tx(7) | rx(5), &wr), RIO_OK);
    CHECK_EQ(wr.after, base | tx(3) | rx(5));
    CHECK_EQ(wr.refused, bits(26, 28));
    CHECK_EQ(wr.violations, RIO_VOQREG_V_TX_SIZE_RESERVED);
    CHECK_EQ(rio_voqreg_write(&blk_, 0x20, base | tx(3) | rx(7), &wr), RIO_OK);
    CHECK_EQ(wr.after, base | tx(3) | rx(5));
    CHECK_EQ(wr.refused, bits(29, 31));
    CHECK_EQ(wr.violations, RIO_VOQREG_V_RX_SIZE_RESERVED);
}

static void voqreg_group_size_7_accept_policy_stores_it(void)
{
    struct rio_voqreg_wr wr;
    fill_desc(RIO_P12_REV3, 1, 0, 0);
    desc_.policy.size_reserved = RIO_VOQREG_ACCEPT;
    CHECK_EQ(rio_voqreg_init(&blk_, &desc_), RIO_OK);
    CHECK_EQ(rio_voqreg_write(&blk_, 0x20, tx(7) | rx(7), &wr), RIO_OK);
    CHECK_EQ(wr.after, 0x00088000u | tx(7) | rx(7));
    CHECK_EQ(wr.refused, 0);
    CHECK_EQ(wr.violations,
             RIO_VOQREG_V_TX_SIZE_RESERVED | RIO_VOQREG_V_RX_SIZE_RESERVED);
}

static void voqreg_unsupported_group_size_refused_by_default(void)
{
    struct rio_voqreg_wr wr;
    CHECK_EQ(dev(RIO_P12_REV3, 1, 0, 0), RIO_OK); /* sizes 0 and 4 only */
    for (unsigned s = 0; s <= 6; s++) {
        int ok = s == 0 || s == 4;
        CHECK_EQ_AT(s, rio_voqreg_reset(&blk_), RIO_OK);
        CHECK_EQ_AT(s, rio_voqreg_write(&blk_, 0x20, tx(s) | rx(s), &wr), RIO_OK);
        CHECK_EQ_AT(s, wr.after, 0x00088000u | (ok ? tx(s) | rx(s) : 0));
        CHECK_EQ_AT(s, wr.refused, ok ? 0 : bits(26, 31));
        CHECK_EQ_AT(s, wr.violations,
                    ok ? 0 : RIO_VOQREG_V_TX_SIZE_UNSUPPORTED |
                                 RIO_VOQREG_V_RX_SIZE_UNSUPPORTED);
    }
    /* Only size 2 optional: 2 accepted, 1 refused. */
    CHECK_EQ(dev(RIO_P12_REV3, 1, 0, 0x04), RIO_OK);
    CHECK_EQ(rio_voqreg_write(&blk_, 0x20, tx(2) | rx(1), &wr), RIO_OK);
    CHECK_EQ(wr.after, 0x000A8000u | tx(2));
    CHECK_EQ(wr.violations, RIO_VOQREG_V_RX_SIZE_UNSUPPORTED);
}

static void voqreg_unsupported_group_size_accept_policy_stores_it(void)
{
    struct rio_voqreg_wr wr;
    fill_desc(RIO_P12_REV3, 1, 0, 0);
    desc_.policy.size_unsupported = RIO_VOQREG_ACCEPT;
    CHECK_EQ(rio_voqreg_init(&blk_, &desc_), RIO_OK);
    CHECK_EQ(rio_voqreg_write(&blk_, 0x20, tx(6) | rx(1), &wr), RIO_OK);
    CHECK_EQ(wr.after, 0x00088000u | tx(6) | rx(1));
    CHECK_EQ(wr.violations,
             RIO_VOQREG_V_TX_SIZE_UNSUPPORTED | RIO_VOQREG_V_RX_SIZE_UNSUPPORTED);
}

static void voqreg_tx_size_change_while_generation_enabled_is_refused(void)
{
    struct rio_voqreg_wr wr;
    CHECK_EQ(dev(RIO_P12_REV3, 1, CAP_ALL, SIZES_ALL), RIO_OK);
    uint32_t base = 0xE00FE000u;
    /* Enabling generation and choosing the size in one write: allowed. */
    CHECK_EQ(rio_voqreg_write(&blk_, 0x20, base | bit(8) | tx(2), &wr), RIO_OK);
    CHECK_EQ(wr.after, base | bit(8) | tx(2));
    CHECK_EQ(wr.violations, 0);
    /* While bit 8 = 1: TX change refused, the rest of the write applies. */
    CHECK_EQ(rio_voqreg_write(&blk_, 0x20, base | bit(8) | bit(9) | tx(4) | rx(1),
                              &wr), RIO_OK);
    CHECK_EQ(wr.after, base | bit(8) | bit(9) | tx(2) | rx(1));
    CHECK_EQ(wr.refused, bits(26, 28));
    CHECK_EQ(wr.violations, RIO_VOQREG_V_TX_SIZE_WHILE_GEN);
    /* Clearing bit 8 in the same write does not make the change legal. */
    CHECK_EQ(rio_voqreg_write(&blk_, 0x20, base | tx(4), &wr), RIO_OK);
    CHECK_EQ(wr.after, base | tx(2));
    CHECK_EQ(wr.violations, RIO_VOQREG_V_TX_SIZE_WHILE_GEN);
    /* Now bit 8 = 0: the change goes through. */
    CHECK_EQ(rio_voqreg_write(&blk_, 0x20, base | tx(4), &wr), RIO_OK);
    CHECK_EQ(wr.after, base | tx(4));
    CHECK_EQ(wr.violations, 0);
    /* RX size is not tied to this port's bit 8 (I-VOQREG-11). */
    CHECK_EQ(rio_voqreg_write(&blk_, 0x20, base | bit(8) | tx(4), &wr), RIO_OK);
    CHECK_EQ(rio_voqreg_write(&blk_, 0x20, base | bit(8) | tx(4) | rx(6), &wr),
             RIO_OK);
    CHECK_EQ(wr.after, base | bit(8) | tx(4) | rx(6));
    CHECK_EQ(wr.violations, 0);
}

static void voqreg_tx_size_change_while_generation_enabled_accept_policy(void)
{
    struct rio_voqreg_wr wr;
    fill_desc(RIO_P12_REV3, 1, CAP_ALL, SIZES_ALL);
    desc_.policy.tx_size_while_gen = RIO_VOQREG_ACCEPT;
    CHECK_EQ(rio_voqreg_init(&blk_, &desc_), RIO_OK);
    uint32_t base = 0xE00FE000u;
    CHECK_EQ(rio_voqreg_write(&blk_, 0x20, base | bit(8), &wr), RIO_OK);
    CHECK_EQ(rio_voqreg_write(&blk_, 0x20, base | bit(8) | tx(5), &wr), RIO_OK);
    CHECK_EQ(wr.after, base | bit(8) | tx(5));
    CHECK_EQ(wr.refused, 0);
    CHECK_EQ(wr.violations, RIO_VOQREG_V_TX_SIZE_WHILE_GEN);
    /* Several reasons at once; one refusing policy is enough to refuse. */
    CHECK_EQ(rio_voqreg_write(&blk_, 0x20, base | bit(8) | tx(7), &wr), RIO_OK);
    CHECK_EQ(wr.after, base | bit(8) | tx(5));
    CHECK_EQ(wr.violations,
             RIO_VOQREG_V_TX_SIZE_WHILE_GEN | RIO_VOQREG_V_TX_SIZE_RESERVED);
}

static void voqreg_read_modify_write_reports_nothing(void)
{
    struct rio_voqreg_wr wr;
    CHECK_EQ(dev(RIO_P12_REV3, 2, CAP_ALL, SIZES_ALL), RIO_OK);
    CHECK_EQ(rio_voqreg_write(&blk_, 0x24, bit(8) | bit(10) | tx(6) | rx(3), &wr),
             RIO_OK);
    uint32_t v = 0;
    CHECK_EQ(rio_voqreg_read(&blk_, 0x24, &v, NULL), RIO_OK);
    CHECK_EQ(rio_voqreg_write(&blk_, 0x24, v, &wr), RIO_OK);
    CHECK_EQ(wr.after, v);
    CHECK_EQ(wr.read_only, 0);
    CHECK_EQ(wr.reserved, 0);
    CHECK_EQ(wr.refused, 0);
    CHECK_EQ(wr.violations, 0);
}

/* ---- header (Table 5-2) ------------------------------------------------- */

static void voqreg_header_has_ef_ptr_and_ef_id_0x000b_read_only(void)
{
    struct rio_voqreg_wr wr;
    for (int r = 0; r < 2; r++) {
        enum rio_p12_rev rev = r ? RIO_P12_REV2 : RIO_P12_REV3;
        fill_desc(rev, 1, 0, 0);
        desc_.ef_ptr = 0x1234;
        CHECK_EQ_AT(r, rio_voqreg_init(&blk_, &desc_), RIO_OK);
        uint32_t v = 0;
        enum rio_voqreg_where w;
        CHECK_EQ_AT(r, rio_voqreg_read(&blk_, 0x0, &v, &w), RIO_OK);
        CHECK_EQ_AT(r, w, RIO_VOQREG_AT_HEADER);
        CHECK_EQ_AT(r, v, 0x1234000Bu);
        CHECK_EQ_AT(r, rio_voqreg_header(&blk_), 0x1234000Bu);
        CHECK_EQ_AT(r, rio_voqreg_write(&blk_, 0x0, 0xFFFF0000u, &wr), RIO_OK);
        CHECK_EQ_AT(r, wr.where, RIO_VOQREG_AT_HEADER);
        CHECK_EQ_AT(r, wr.after, 0x1234000Bu);
        CHECK_EQ_AT(r, wr.read_only, 0xFFFF0000u ^ 0x1234000Bu);
        CHECK_EQ_AT(r, rio_voqreg_read(&blk_, 0x0, &v, &w), RIO_OK);
        CHECK_EQ_AT(r, v, 0x1234000Bu);
    }
    fill_desc(RIO_P12_REV3, 1, 0, 0);
    desc_.ef_ptr = 0; /* last block in the list */
    CHECK_EQ(rio_voqreg_init(&blk_, &desc_), RIO_OK);
    CHECK_EQ(rio_voqreg_header(&blk_), 0x0000000Bu);
    desc_.ef_ptr = 0xFFFF;
    CHECK_EQ(rio_voqreg_init(&blk_, &desc_), RIO_OK);
    CHECK_EQ(rio_voqreg_header(&blk_), 0xFFFF000Bu);
}

/* ---- offsets (Table 5-1) ----------------------------------------------- */

struct off_case {
    uint32_t offset;
    int rc;
    enum rio_voqreg_where where;
    unsigned port;
};

static void check_offsets(const struct off_case *c, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        uint32_t v = 0xDEADBEEFu;
        enum rio_voqreg_where w = RIO_VOQREG_AT_HEADER;
        unsigned p = 999;
        CHECK_EQ_AT(c[i].offset, rio_voqreg_read(&blk_, c[i].offset, &v, &w),
                    c[i].rc);
        CHECK_EQ_AT(c[i].offset, w, c[i].where);
        if (c[i].where != RIO_VOQREG_AT_HEADER &&
            c[i].where != RIO_VOQREG_AT_PORT_CSR)
            CHECK_EQ_AT(c[i].offset, v, 0);
        CHECK_EQ_AT(c[i].offset, rio_voqreg_locate(&blk_, c[i].offset, &w, &p),
                    RIO_OK);
        CHECK_EQ_AT(c[i].offset, w, c[i].where);
        CHECK_EQ_AT(c[i].offset, p, c[i].port);
    }
}

static void voqreg_rev3_offset_classes(void)
{
    static const struct off_case full[] = {
        {0x0, RIO_OK, RIO_VOQREG_AT_HEADER, 0},
        {0x4, RIO_OK, RIO_VOQREG_AT_RESERVED, 0},
        {0x8, RIO_OK, RIO_VOQREG_AT_RESERVED, 0},
        {0xC, RIO_OK, RIO_VOQREG_AT_RESERVED, 0},
        {0x1C, RIO_OK, RIO_VOQREG_AT_RESERVED, 0},
        {0x20, RIO_OK, RIO_VOQREG_AT_PORT_CSR, 0},
        {0x24, RIO_OK, RIO_VOQREG_AT_PORT_CSR, 1},
        {0x2C, RIO_OK, RIO_VOQREG_AT_PORT_CSR, 3},
        {0x418, RIO_OK, RIO_VOQREG_AT_PORT_CSR, 254},
        {0x41C, RIO_OK, RIO_VOQREG_AT_PORT_CSR, 255},
        {0x420, RIO_EOFFSET, RIO_VOQREG_AT_OUTSIDE, 0},
        {0x1000, RIO_EOFFSET, RIO_VOQREG_AT_OUTSIDE, 0},
        {0xFFFFFFFCu, RIO_EOFFSET, RIO_VOQREG_AT_OUTSIDE, 0},
        {0x1, RIO_EALIGN, RIO_VOQREG_AT_UNALIGNED, 0},
        {0x2, RIO_EALIGN, RIO_VOQREG_AT_UNALIGNED, 0},
        {0x3, RIO_EALIGN, RIO_VOQREG_AT_UNALIGNED, 0},
        {0x21, RIO_EALIGN, RIO_VOQREG_AT_UNALIGNED, 0},
        {0x22, RIO_EALIGN, RIO_VOQREG_AT_UNALIGNED, 0},
        {0x23, RIO_EALIGN, RIO_VOQREG_AT_UNALIGNED, 0},
        {0x41D, RIO_EALIGN, RIO_VOQREG_AT_UNALIGNED, 0},
        {0x421, RIO_EALIGN, RIO_VOQREG_AT_UNALIGNED, 0},
        {0xFFFFFFFFu, RIO_EALIGN, RIO_VOQREG_AT_UNALIGNED, 0},
    };
    CHECK_EQ(dev(RIO_P12_REV3, 256, 0, 0), RIO_OK);
    check_offsets(full, sizeof full / sizeof full[0]);
    uint32_t v = 0;
    CHECK_EQ(rio_voqreg_read(&blk_, 0x41C, &v, NULL), RIO_OK);
    CHECK_EQ(v, 0x00088000u);
    CHECK_EQ(rio_voqreg_read(&blk_, 0x1C, &v, NULL), RIO_OK);
    CHECK_EQ(v, 0);
}

static void voqreg_rev2_offset_classes(void)
{
    static const struct off_case full[] = {
        {0x0, RIO_OK, RIO_VOQREG_AT_HEADER, 0},
        {0x4, RIO_OK, RIO_VOQREG_AT_RESERVED, 0}, /* I-VOQREG-1 */
        {0x8, RIO_OK, RIO_VOQREG_AT_RESERVED, 0}, /* I-VOQREG-1 */
        {0xC, RIO_OK, RIO_VOQREG_AT_PORT_CSR, 0},
        {0x10, RIO_OK, RIO_VOQREG_AT_PORT_CSR, 1},
        {0x18, RIO_OK, RIO_VOQREG_AT_PORT_CSR, 3},
        {0x20, RIO_OK, RIO_VOQREG_AT_PORT_CSR, 5}, /* rev 3+ port 0 */
        {0x304, RIO_OK, RIO_VOQREG_AT_PORT_CSR, 190},
        {0x308, RIO_OK, RIO_VOQREG_AT_PORT_CSR, 191},
        {0x30C, RIO_EOFFSET, RIO_VOQREG_AT_OUTSIDE, 0},
        {0x41C, RIO_EOFFSET, RIO_VOQREG_AT_OUTSIDE, 0},
        {0xFFFFFFFCu, RIO_EOFFSET, RIO_VOQREG_AT_OUTSIDE, 0},
        {0xD, RIO_EALIGN, RIO_VOQREG_AT_UNALIGNED, 0},
        {0xE, RIO_EALIGN, RIO_VOQREG_AT_UNALIGNED, 0},
        {0xF, RIO_EALIGN, RIO_VOQREG_AT_UNALIGNED, 0},
        {0x309, RIO_EALIGN, RIO_VOQREG_AT_UNALIGNED, 0},
        {0xFFFFFFFFu, RIO_EALIGN, RIO_VOQREG_AT_UNALIGNED, 0},
    };
    CHECK_EQ(dev(RIO_P12_REV2, 192, CAP_GEN, 0), RIO_OK);
    check_offsets(full, sizeof full / sizeof full[0]);
    uint32_t v = 0;
    CHECK_EQ(rio_voqreg_read(&blk_, 0x308, &v, NULL), RIO_OK);
    CHECK_EQ(v, bit(0));
}

static void voqreg_ports_beyond_port_count_are_absent(void)
{
    /* A 4-port rev 3+ device: slots 4..255 exist in the map but hold no
     * register (P12-5.1.2-a, I-VOQREG-3). */
    static const struct off_case c[] = {
        {0x2C, RIO_OK, RIO_VOQREG_AT_PORT_CSR, 3},
        {0x30, RIO_OK, RIO_VOQREG_AT_ABSENT_PORT, 4},
        {0x41C, RIO_OK, RIO_VOQREG_AT_ABSENT_PORT, 255},
        {0x420, RIO_EOFFSET, RIO_VOQREG_AT_OUTSIDE, 0},
    };
    CHECK_EQ(dev(RIO_P12_REV3, 4, CAP_ALL, 0), RIO_OK);
    check_offsets(c, sizeof c / sizeof c[0]);
    struct rio_voqreg_wr wr;
    CHECK_EQ(rio_voqreg_write(&blk_, 0x30, 0xFFFFFFFFu, &wr), RIO_OK);
    CHECK_EQ(wr.where, RIO_VOQREG_AT_ABSENT_PORT);
    CHECK_EQ(wr.port, 4);
    CHECK_EQ(wr.reserved, 0xFFFFFFFFu);
    CHECK_EQ(wr.after, 0);
    uint32_t v = 1;
    CHECK_EQ(rio_voqreg_read(&blk_, 0x30, &v, NULL), RIO_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(rio_voqreg_port_csr(&blk_, 4), 0);
    CHECK_EQ(rio_voqreg_port_count(&blk_), 4);
    /* Rev 2, 7 ports: port 7 is absent, 191 absent, 192 outside. */
    static const struct off_case c2[] = {
        {0x24, RIO_OK, RIO_VOQREG_AT_PORT_CSR, 6},
        {0x28, RIO_OK, RIO_VOQREG_AT_ABSENT_PORT, 7},
        {0x308, RIO_OK, RIO_VOQREG_AT_ABSENT_PORT, 191},
        {0x30C, RIO_EOFFSET, RIO_VOQREG_AT_OUTSIDE, 0},
    };
    CHECK_EQ(dev(RIO_P12_REV2, 7, 0, 0), RIO_OK);
    check_offsets(c2, sizeof c2 / sizeof c2[0]);
}

static void voqreg_single_port_endpoint_implements_port0_only(void)
{
    static const struct off_case c[] = {
        {0x20, RIO_OK, RIO_VOQREG_AT_PORT_CSR, 0},
        {0x24, RIO_OK, RIO_VOQREG_AT_ABSENT_PORT, 1},
    };
    CHECK_EQ(dev(RIO_P12_REV3, 1, CAP_ALL, 0), RIO_OK);
    check_offsets(c, 2);
    static const struct off_case c2[] = {
        {0xC, RIO_OK, RIO_VOQREG_AT_PORT_CSR, 0},
        {0x10, RIO_OK, RIO_VOQREG_AT_ABSENT_PORT, 1},
    };
    CHECK_EQ(dev(RIO_P12_REV2, 1, CAP_ALL, 0), RIO_OK);
    check_offsets(c2, 2);
}

static void voqreg_unimplemented_error_policy_gives_enoent(void)
{
    fill_desc(RIO_P12_REV3, 2, 0, 0);
    desc_.policy.unimplemented = RIO_VOQREG_UNIMPL_ERROR;
    CHECK_EQ(rio_voqreg_init(&blk_, &desc_), RIO_OK);
    static const struct off_case c[] = {
        {0x4, RIO_ENOENT, RIO_VOQREG_AT_RESERVED, 0},
        {0x1C, RIO_ENOENT, RIO_VOQREG_AT_RESERVED, 0},
        {0x24, RIO_OK, RIO_VOQREG_AT_PORT_CSR, 1},
        {0x28, RIO_ENOENT, RIO_VOQREG_AT_ABSENT_PORT, 2},
        {0x0, RIO_OK, RIO_VOQREG_AT_HEADER, 0},
        {0x420, RIO_EOFFSET, RIO_VOQREG_AT_OUTSIDE, 0},
    };
    check_offsets(c, sizeof c / sizeof c[0]);
    struct rio_voqreg_wr wr;
    CHECK_EQ(rio_voqreg_write(&blk_, 0x28, 1, &wr), RIO_ENOENT);
    CHECK_EQ(wr.where, RIO_VOQREG_AT_ABSENT_PORT);
    CHECK_EQ(rio_voqreg_write(&blk_, 0x8, 1, &wr), RIO_ENOENT);
    CHECK_EQ(wr.where, RIO_VOQREG_AT_RESERVED);
}

static void voqreg_failed_and_void_writes_change_nothing(void)
{
    static const uint32_t offs[] = {0x1, 0x2, 0x3, 0x21, 0x22, 0x23, 0x4, 0x1C,
                                    0x28, 0x41C, 0x420, 0xFFFFFFFCu, 0xFFFFFFFFu};
    static const int rcs[] = {RIO_EALIGN, RIO_EALIGN, RIO_EALIGN, RIO_EALIGN,
                              RIO_EALIGN, RIO_EALIGN, RIO_OK, RIO_OK,
                              RIO_OK, RIO_OK, RIO_EOFFSET, RIO_EOFFSET,
                              RIO_EALIGN};
    CHECK_EQ(dev(RIO_P12_REV3, 2, CAP_ALL, SIZES_ALL), RIO_OK);
    static struct rio_voqreg before;
    memcpy(&before, &blk_, sizeof blk_);
    for (unsigned i = 0; i < sizeof offs / sizeof offs[0]; i++) {
        struct rio_voqreg_wr wr;
        CHECK_EQ_AT(i, rio_voqreg_write(&blk_, offs[i], 0xFFFFFFFFu, &wr), rcs[i]);
        CHECK_EQ_AT(i, wr.value, 0xFFFFFFFFu);
        CHECK_EQ_AT(i, wr.before, 0);
        CHECK_EQ_AT(i, wr.after, 0);
        CHECK_EQ_AT(i, wr.reserved, 0xFFFFFFFFu);
        CHECK_EQ_AT(i, memcmp(&before, &blk_, sizeof blk_), 0);
    }
}

static void voqreg_port_offset_both_revisions(void)
{
    uint32_t o = 1;
    CHECK_EQ(rio_voqreg_port_offset(RIO_P12_REV3, 0, &o), RIO_OK);
    CHECK_EQ(o, 0x20);
    CHECK_EQ(rio_voqreg_port_offset(RIO_P12_REV3, 3, &o), RIO_OK);
    CHECK_EQ(o, 0x2C);
    CHECK_EQ(rio_voqreg_port_offset(RIO_P12_REV3, 255, &o), RIO_OK);
    CHECK_EQ(o, 0x41C);
    CHECK_EQ(rio_voqreg_port_offset(RIO_P12_REV3, 256, &o), RIO_ERANGE);
    CHECK_EQ(o, 0);
    CHECK_EQ(rio_voqreg_port_offset(RIO_P12_REV2, 0, &o), RIO_OK);
    CHECK_EQ(o, 0xC);
    CHECK_EQ(rio_voqreg_port_offset(RIO_P12_REV2, 3, &o), RIO_OK);
    CHECK_EQ(o, 0x18);
    CHECK_EQ(rio_voqreg_port_offset(RIO_P12_REV2, 191, &o), RIO_OK);
    CHECK_EQ(o, 0x308);
    CHECK_EQ(rio_voqreg_port_offset(RIO_P12_REV2, 192, &o), RIO_ERANGE);
    CHECK_EQ(rio_voqreg_port_offset(RIO_P12_REV2, 0xFFFFFFFFu, &o), RIO_ERANGE);
    CHECK_EQ(rio_voqreg_port_offset((enum rio_p12_rev)4, 0, &o), RIO_EREVISION);
    CHECK_EQ(rio_voqreg_port_offset(RIO_P12_REV3, 0, NULL), RIO_EINVAL);
}

/* ---- description validation and argument errors ------------------------- */

static void voqreg_init_rejects_bad_descriptions(void)
{
    static struct rio_voqreg keep;
    memset(&keep, 0x5A, sizeof keep);
    memcpy(&blk_, &keep, sizeof blk_);

    fill_desc(RIO_P12_REV3, 0, 0, 0);
    CHECK_EQ(rio_voqreg_init(&blk_, &desc_), RIO_ERANGE);
    fill_desc(RIO_P12_REV3, 257, 0, 0);
    CHECK_EQ(rio_voqreg_init(&blk_, &desc_), RIO_ERANGE);
    fill_desc(RIO_P12_REV2, 193, 0, 0);
    CHECK_EQ(rio_voqreg_init(&blk_, &desc_), RIO_ERANGE);
    fill_desc((enum rio_p12_rev)1, 4, 0, 0);
    CHECK_EQ(rio_voqreg_init(&blk_, &desc_), RIO_EREVISION);
    fill_desc((enum rio_p12_rev)4, 4, 0, 0);
    CHECK_EQ(rio_voqreg_init(&blk_, &desc_), RIO_EREVISION);
    fill_desc(RIO_P12_REV2, 4, 0, 0x02); /* size bits do not exist in rev 2 */
    CHECK_EQ(rio_voqreg_init(&blk_, &desc_), RIO_EREVISION);
    fill_desc(RIO_P12_REV3, 4, 0, 0x80); /* there is no size 7 supported bit */
    CHECK_EQ(rio_voqreg_init(&blk_, &desc_), RIO_ERANGE);
    fill_desc(RIO_P12_REV3, 4, 0, 0);
    desc_.port[3].gen_supported = 2;
    CHECK_EQ(rio_voqreg_init(&blk_, &desc_), RIO_ERANGE);
    fill_desc(RIO_P12_REV3, 4, 0, 0);
    desc_.port[0].rx_supported = 0xFF;
    CHECK_EQ(rio_voqreg_init(&blk_, &desc_), RIO_ERANGE);
    fill_desc(RIO_P12_REV3, 4, 0, 0);
    desc_.port[1].per_vc_supported = 3;
    CHECK_EQ(rio_voqreg_init(&blk_, &desc_), RIO_ERANGE);
    fill_desc(RIO_P12_REV3, 4, 0, 0);
    desc_.policy.tx_size_while_gen = (enum rio_voqreg_action)2;
    CHECK_EQ(rio_voqreg_init(&blk_, &desc_), RIO_EINVAL);
    fill_desc(RIO_P12_REV3, 4, 0, 0);
    desc_.policy.unimplemented = (enum rio_voqreg_unimpl)2;
    CHECK_EQ(rio_voqreg_init(&blk_, &desc_), RIO_EINVAL);
    CHECK_EQ(rio_voqreg_init(NULL, &desc_), RIO_EINVAL);
    CHECK_EQ(rio_voqreg_init(&blk_, NULL), RIO_EINVAL);
    CHECK_EQ(memcmp(&keep, &blk_, sizeof blk_), 0); /* untouched */

    /* Boundaries that are fine; nonsense in unused slots is ignored. */
    fill_desc(RIO_P12_REV3, 256, 0, 0);
    CHECK_EQ(rio_voqreg_init(&blk_, &desc_), RIO_OK);
    fill_desc(RIO_P12_REV2, 192, 0, 0);
    CHECK_EQ(rio_voqreg_init(&blk_, &desc_), RIO_OK);
    fill_desc(RIO_P12_REV3, 1, 0, 0);
    desc_.port[1].gen_supported = 9;
    CHECK_EQ(rio_voqreg_init(&blk_, &desc_), RIO_OK);
}

static void voqreg_uninitialised_block_and_null_arguments(void)
{
    static struct rio_voqreg zero;
    memset(&zero, 0, sizeof zero);
    uint32_t v = 7;
    enum rio_voqreg_where w;
    struct rio_voqreg_wr wr;
    CHECK_EQ(rio_voqreg_read(&zero, 0x20, &v, &w), RIO_EINVAL);
    CHECK_EQ(v, 0);
    CHECK_EQ(rio_voqreg_write(&zero, 0x20, 1, &wr), RIO_EINVAL);
    CHECK_EQ(rio_voqreg_reset(&zero), RIO_EINVAL);
    CHECK_EQ(rio_voqreg_locate(&zero, 0x20, &w, NULL), RIO_EINVAL);
    CHECK_EQ(rio_voqreg_port_csr(&zero, 0), 0);
    CHECK_EQ(rio_voqreg_header(&zero), 0);
    CHECK_EQ(rio_voqreg_port_count(&zero), 0);
    /* A corrupted port count is caught before it can index past csr[]. */
    CHECK_EQ(dev(RIO_P12_REV2, 4, 0, 0), RIO_OK);
    blk_.desc.port_count = 200;
    CHECK_EQ(rio_voqreg_read(&blk_, 0x20, &v, NULL), RIO_EINVAL);
    CHECK_EQ(rio_voqreg_port_csr(&blk_, 199), 0);

    CHECK_EQ(dev(RIO_P12_REV3, 4, 0, 0), RIO_OK);
    CHECK_EQ(rio_voqreg_read(NULL, 0x20, &v, NULL), RIO_EINVAL);
    CHECK_EQ(rio_voqreg_read(&blk_, 0x20, NULL, NULL), RIO_EINVAL);
    CHECK_EQ(rio_voqreg_write(NULL, 0x20, 0, &wr), RIO_EINVAL);
    CHECK_EQ(rio_voqreg_write(&blk_, 0x20, 0, NULL), RIO_EINVAL);
    CHECK_EQ(rio_voqreg_reset(NULL), RIO_EINVAL);
    CHECK_EQ(rio_voqreg_locate(NULL, 0, &w, NULL), RIO_EINVAL);
    CHECK_EQ(rio_voqreg_locate(&blk_, 0, NULL, NULL), RIO_EINVAL);
    CHECK_EQ(rio_voqreg_port_csr(NULL, 0), 0);
    CHECK_EQ(rio_voqreg_port_csr(&blk_, 4), 0);
    CHECK_EQ(rio_voqreg_port_csr(&blk_, 0xFFFFFFFFu), 0);
    CHECK_EQ(rio_voqreg_header(NULL), 0);
    CHECK_EQ(rio_voqreg_port_count(NULL), 0);
}

/* ---- link pair (P12-5.1.2.2-gen, P12-5.1.2.2-vc, P12-3.3-d) --------------- */

static void voqreg_link_check_flags_each_pair_rule(void)
{
    unsigned f = 99;
    uint32_t caps = bit(0) | bit(1) | bit(2) | bit(12) | bit(16);
    /* Clean pair: both generate with TX 4 into a partner RX 4. */
    uint32_t a = caps | bit(8) | bit(11) | tx(4) | rx(4);
    CHECK_EQ(rio_voqreg_link_check(RIO_P12_REV3, a, a, &f), RIO_OK);
    CHECK_EQ(f, 0);
    /* Generation enabled, partner cannot receive. */
    CHECK_EQ(rio_voqreg_link_check(RIO_P12_REV3, a, a & ~bit(1), &f), RIO_OK);
    CHECK_EQ(f, RIO_VOQREG_L_GEN_PARTNER_NO_RX);
    /* Generation disabled: partner reception does not matter. */
    CHECK_EQ(rio_voqreg_link_check(RIO_P12_REV3, a & ~bit(8), 0, &f), RIO_OK);
    CHECK_EQ(f, RIO_VOQREG_L_PER_VC_NOT_BOTH);
    /* Per VC on, partner lacks per-VC; local lacks per-VC. */
    CHECK_EQ(rio_voqreg_link_check(RIO_P12_REV3, a, a & ~bit(2), &f), RIO_OK);
    CHECK_EQ(f, RIO_VOQREG_L_PER_VC_NOT_BOTH);
    CHECK_EQ(rio_voqreg_link_check(RIO_P12_REV3, a & ~bit(2), a, &f), RIO_OK);
    CHECK_EQ(f, RIO_VOQREG_L_PER_VC_NOT_BOTH);
    /* Size mismatch: TX 4 into RX 0 (0 is supported by everybody). */
    CHECK_EQ(rio_voqreg_link_check(RIO_P12_REV3, a, caps | bit(11), &f), RIO_OK);
    CHECK_EQ(f, RIO_VOQREG_L_SIZE_MISMATCH);
    /* TX 2 that the partner does not support, partner RX also 2. */
    uint32_t b = caps | bit(8) | tx(2);
    CHECK_EQ(rio_voqreg_link_check(RIO_P12_REV3, b, caps | rx(2), &f), RIO_OK);
    CHECK_EQ(f, RIO_VOQREG_L_SIZE_NOT_SUPPORTED);
    CHECK_EQ(rio_voqreg_link_check(RIO_P12_REV3, b, caps | bit(14) | rx(2), &f),
             RIO_OK);
    CHECK_EQ(f, 0);
    /* TX 7 is never supported. */
    CHECK_EQ(rio_voqreg_link_check(RIO_P12_REV3, caps | bit(8) | tx(7),
                                   caps | bits(12, 18) | rx(7), &f), RIO_OK);
    CHECK_EQ(f, RIO_VOQREG_L_SIZE_NOT_SUPPORTED);
    /* Rev 2 has no size fields: bits 26-31 are not looked at. */
    CHECK_EQ(rio_voqreg_link_check(RIO_P12_REV2, bit(0) | bit(8) | tx(4),
                                   bit(1), &f), RIO_OK);
    CHECK_EQ(f, 0);
    CHECK_EQ(rio_voqreg_link_check(RIO_P12_REV2, bit(8) | bit(11) | bit(2),
                                   bit(2), &f), RIO_OK);
    CHECK_EQ(f, RIO_VOQREG_L_GEN_PARTNER_NO_RX);
    CHECK_EQ(rio_voqreg_link_check(RIO_P12_REV2, bit(11), bit(2), &f), RIO_OK);
    CHECK_EQ(f, RIO_VOQREG_L_PER_VC_NOT_BOTH);
    CHECK_EQ(rio_voqreg_link_check((enum rio_p12_rev)0, a, 0, &f), RIO_EREVISION);
    CHECK_EQ(f, 0);
    CHECK_EQ(rio_voqreg_link_check(RIO_P12_REV3, a, a, NULL), RIO_EINVAL);
}

static void voqreg_link_check_on_two_modelled_devices(void)
{
    /* Device A port 0 (gen only) links to device B port 2 (rx only). */
    static struct rio_voqreg a, b;
    struct rio_voqreg_wr wr;
    fill_desc(RIO_P12_REV3, 1, CAP_GEN, 0x04);
    CHECK_EQ(rio_voqreg_init(&a, &desc_), RIO_OK);
    fill_desc(RIO_P12_REV3, 3, CAP_RX, 0x04);
    CHECK_EQ(rio_voqreg_init(&b, &desc_), RIO_OK);
    CHECK_EQ(rio_voqreg_write(&a, 0x20, bit(8) | tx(2), &wr), RIO_OK);
    unsigned f = 0;
    CHECK_EQ(rio_voqreg_link_check(RIO_P12_REV3, rio_voqreg_port_csr(&a, 0),
                                   rio_voqreg_port_csr(&b, 2), &f), RIO_OK);
    CHECK_EQ(f, RIO_VOQREG_L_SIZE_MISMATCH);
    CHECK_EQ(rio_voqreg_write(&b, 0x28, rx(2), &wr), RIO_OK);
    CHECK_EQ(rio_voqreg_link_check(RIO_P12_REV3, rio_voqreg_port_csr(&a, 0),
                                   rio_voqreg_port_csr(&b, 2), &f), RIO_OK);
    CHECK_EQ(f, 0);
    /* The other direction: B cannot generate, nothing to check. */
    CHECK_EQ(rio_voqreg_link_check(RIO_P12_REV3, rio_voqreg_port_csr(&b, 2),
                                   rio_voqreg_port_csr(&a, 0), &f), RIO_OK);
    CHECK_EQ(f, 0);
}

/* ---- properties ---------------------------------------------------------- */

static uint32_t xs_state_;
static uint32_t xs(void)
{
    uint32_t x = xs_state_;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return xs_state_ = x;
}

/* Writable bits by Table 5-3, for a port with every capability. */
static uint32_t table_writable(enum rio_p12_rev rev)
{
    return rev == RIO_P12_REV3 ? bits(8, 11) | bits(26, 31) : bits(8, 11);
}

/* Random accesses (mostly inside the map) on a device with random port
 * capabilities and the default (refusing) policy; after every access the
 * invariants of Table 5-3 and I-VOQREG-8 hold for the written port and no
 * other port changed. */
static void random_refusing(enum rio_p12_rev rev, unsigned ports, uint32_t seed)
{
    static struct rio_voqreg shadow;
    xs_state_ = seed;
    fill_desc(rev, ports, 0, 0);
    for (unsigned n = 0; n < ports; n++) {
        uint32_t r = xs();
        desc_.port[n].gen_supported = (uint8_t)(r & 1u);
        desc_.port[n].rx_supported = (uint8_t)((r >> 1) & 1u);
        desc_.port[n].per_vc_supported = (uint8_t)((r >> 2) & 1u);
        desc_.port[n].sizes_supported =
            rev == RIO_P12_REV3 ? (uint8_t)((r >> 3) & 0x7Fu) : 0;
    }
    CHECK_EQ(rio_voqreg_init(&blk_, &desc_), RIO_OK);
    uint32_t end = rev == RIO_P12_REV3 ? 0x420u : 0x30Cu;
    uint32_t ro_all = rev == RIO_P12_REV3 ? bits(0, 2) | bits(12, 18) : bits(0, 2);
    uint32_t reset[RIO_VOQREG_MAX_PORTS];
    for (unsigned n = 0; n < ports; n++)
        reset[n] = rio_voqreg_port_csr(&blk_, n);
    for (unsigned i = 0; i < 20000; i++) {
        uint32_t r = xs();
        uint32_t off = (r & 7u) == 0 ? xs() : xs() % (end + 0x20u);
        /* Values biased to touch bits 8 and 26-31 often. */
        uint32_t val = xs();
        if (r & 0x10u)
            val &= bits(8, 11) | bits(26, 31) | bits(0, 2);
        memcpy(&shadow, &blk_, sizeof blk_);
        struct rio_voqreg_wr wr;
        int rc = rio_voqreg_write(&blk_, off, val, &wr);
        unsigned port = 0;
        enum rio_voqreg_where w;
        CHECK_EQ_AT(i, rio_voqreg_locate(&blk_, off, &w, &port), RIO_OK);
        CHECK_EQ_AT(i, wr.where, w);
        if (w != RIO_VOQREG_AT_PORT_CSR) {
            CHECK_EQ_AT(i, memcmp(shadow.csr, blk_.csr, sizeof blk_.csr), 0);
            CHECK_EQ_AT(i, rc == RIO_OK, w == RIO_VOQREG_AT_HEADER ||
                                             w == RIO_VOQREG_AT_RESERVED ||
                                             w == RIO_VOQREG_AT_ABSENT_PORT);
            continue;
        }
        CHECK_EQ_AT(i, rc, RIO_OK);
        CHECK_EQ_AT(i, port, (off - (rev == RIO_P12_REV3 ? 0x20u : 0xCu)) / 4u);
        uint32_t b = wr.before, a = wr.after;
        CHECK_EQ_AT(i, rio_voqreg_port_csr(&blk_, port), a);
        CHECK_EQ_AT(i, a & ro_all, reset[port] & ro_all);    /* read-only */
        CHECK_EQ_AT(i, a & ~(ro_all | table_writable(rev)), 0); /* reserved */
        if (!(a & bit(0)))
            CHECK_EQ_AT(i, a & bit(8), 0);                  /* I-VOQREG-7 */
        if (!(a & bit(2)))
            CHECK_EQ_AT(i, a & bit(11), 0);                 /* I-VOQREG-6/7 */
        if (rev == RIO_P12_REV3) {
            unsigned t = (a >> 3) & 7u, x = a & 7u;
            CHECK_EQ_AT(i, t != 7 && x != 7, 1);             /* I-VOQREG-9 */
            CHECK_EQ_AT(i, (a & bit(12 + t)) != 0, 1);       /* I-VOQREG-10 */
            CHECK_EQ_AT(i, (a & bit(12 + x)) != 0, 1);
            if (b & bit(8))                                  /* I-VOQREG-8 */
                CHECK_EQ_AT(i, (a ^ b) & bits(26, 28), 0);
        }
        /* Bits 9 and 10 always take the written value. */
        CHECK_EQ_AT(i, a & bits(9, 10), val & bits(9, 10));
        /* Every written difference is accounted for. */
        uint32_t lost = (val ^ a);
        CHECK_EQ_AT(i, lost & ~(wr.read_only | wr.reserved | wr.refused), 0);
        /* Only the written port changed. */
        shadow.csr[port] = a;
        CHECK_EQ_AT(i, memcmp(shadow.csr, blk_.csr, sizeof blk_.csr), 0);
    }
}

static void voqreg_random_writes_rev3_keep_table_5_3_invariants(void)
{
    random_refusing(RIO_P12_REV3, 37, 0x12345678u);
}

static void voqreg_random_writes_rev2_keep_table_5_3_invariants(void)
{
    random_refusing(RIO_P12_REV2, 192, 0x9E3779B9u);
}

/* With every policy accepting and every capability present, a port register
 * becomes exactly (old & ~writable) | (new & writable), writable from the
 * table - an independent model of the whole register. */
static void voqreg_random_writes_accepting_policy_follow_the_table(void)
{
    for (int r = 0; r < 2; r++) {
        enum rio_p12_rev rev = r ? RIO_P12_REV2 : RIO_P12_REV3;
        fill_desc(rev, 5, CAP_ALL, rev == RIO_P12_REV3 ? SIZES_ALL : 0);
        desc_.policy = (struct rio_voqreg_policy){
            RIO_VOQREG_ACCEPT, RIO_VOQREG_ACCEPT, RIO_VOQREG_ACCEPT,
            RIO_VOQREG_ACCEPT, RIO_VOQREG_UNIMPL_READS_ZERO};
        CHECK_EQ_AT(r, rio_voqreg_init(&blk_, &desc_), RIO_OK);
        uint32_t model[5];
        for (unsigned n = 0; n < 5; n++)
            model[n] = rio_voqreg_port_csr(&blk_, n);
        xs_state_ = 0xC0FFEE11u + (uint32_t)r;
        uint32_t wmask = table_writable(rev);
        for (unsigned i = 0; i < 5000; i++) {
            unsigned n = xs() % 5u;
            uint32_t val = xs();
            struct rio_voqreg_wr wr;
            CHECK_EQ_AT(i, rio_voqreg_write(&blk_, port_off(rev, n), val, &wr),
                        RIO_OK);
            model[n] = (model[n] & ~wmask) | (val & wmask);
            CHECK_EQ_AT(i, wr.after, model[n]);
            CHECK_EQ_AT(i, wr.refused, 0);
            CHECK_EQ_AT(i, rd(rev, n), model[n]);
        }
    }
}

int main(int argc, char **argv)
{
    (void)argc;
    RUN(voqreg_rev3_reset_is_0x00088000_when_nothing_impl_defined);
    RUN(voqreg_rev2_reset_is_zero_when_nothing_impl_defined);
    RUN(voqreg_reset_shows_each_capability_in_its_bit);
    RUN(voqreg_ports_may_differ_and_reset_restores_every_port);
    RUN(voqreg_rev3_table_5_3_every_bit_full_port);
    RUN(voqreg_rev3_table_5_3_every_bit_bare_port);
    RUN(voqreg_rev2_table_5_3_every_bit_full_port);
    RUN(voqreg_rev2_table_5_3_every_bit_bare_port);
    RUN(voqreg_all_ones_and_all_zeros_writes);
    RUN(voqreg_rev3_bit11_is_reserved_without_per_vc_support);
    RUN(voqreg_bit8_without_generation_support_refused_by_default);
    RUN(voqreg_bit8_without_generation_support_accept_policy_stores);
    RUN(voqreg_rev2_vc_linking_without_support);
    RUN(voqreg_group_size_7_refused_by_default);
    RUN(voqreg_group_size_7_accept_policy_stores_it);
    RUN(voqreg_unsupported_group_size_refused_by_default);
    RUN(voqreg_unsupported_group_size_accept_policy_stores_it);
    RUN(voqreg_tx_size_change_while_generation_enabled_is_refused);
    RUN(voqreg_tx_size_change_while_generation_enabled_accept_policy);
    RUN(voqreg_read_modify_write_reports_nothing);
    RUN(voqreg_header_has_ef_ptr_and_ef_id_0x000b_read_only);
    RUN(voqreg_rev3_offset_classes);
    RUN(voqreg_rev2_offset_classes);
    RUN(voqreg_ports_beyond_port_count_are_absent);
    RUN(voqreg_single_port_endpoint_implements_port0_only);
    RUN(voqreg_unimplemented_error_policy_gives_enoent);
    RUN(voqreg_failed_and_void_writes_change_nothing);
    RUN(voqreg_port_offset_both_revisions);
    RUN(voqreg_init_rejects_bad_descriptions);
    RUN(voqreg_uninitialised_block_and_null_arguments);
    RUN(voqreg_link_check_flags_each_pair_rule);
    RUN(voqreg_link_check_on_two_modelled_devices);
    RUN(voqreg_random_writes_rev3_keep_table_5_3_invariants);
    RUN(voqreg_random_writes_rev2_keep_table_5_3_invariants);
    RUN(voqreg_random_writes_accepting_policy_follow_the_table);
    return check_finish(argv[0]);
}
