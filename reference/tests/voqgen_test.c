/* SPDX-License-Identifier: Apache-2.0 */
/* Tests of rio/voqgen.h: the Part 12 VoQ backpressure generator.
 *
 * Expected values come from the spec, worked out by hand and written as
 * literals: CSR bits from the spec README "Bit numbering, worked out once"
 * (Table 5-3), port/bit positions from Tables 3-2 (CS48, rev 3+), 3-4 (CS64),
 * rev 2 Tables 3-2/3-3 and Figure 2-1, VC_IND from Table 3-3, VCID from Part 6
 * Table 3-12, whole symbols from the README known answers. The property test
 * at the end keeps its own model of Table 5-4 and of what the upstream device
 * believes, written from the spec text, and compares every step. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "rio/cs.h"
#include "rio/err.h"
#include "rio/voq.h"
#include "rio/voqgen.h"

/* Port n VoQ CSR bits (Table 5-3; README: bit n of a register = 1 << (31-n)). */
#define GEN 0x00800000u       /* bit 8 Enable VoQ Symbol Generation */
#define PART 0x00400000u      /* bit 9 Enable VoQ Participation */
#define XOFF 0x00200000u      /* bit 10 Port XOFF */
#define PERVC 0x00100000u     /* bit 11 per-VC transmission / rev 2 linking */
#define PERVC_SUP 0x20000000u /* bit 2 per-VC supported (read-only) */
#define TX(n) ((uint32_t)(n) << 3) /* bits 26-28 TX Port Group Size */

#define NSYM 90000u
static struct rio_voqgen G;
static struct rio_voqgen_symbol SYM[NSYM];
static struct rio_voqgen_out OUT;

static int gen_init_full(enum rio_p12_rev rev, enum rio_voq_format f,
                         unsigned ports, unsigned optional_vcs,
                         uint32_t interval, bool link_refresh)
{
    struct rio_voqgen_cfg c = {rev, f, ports, optional_vcs, interval,
                               link_refresh};
    return rio_voqgen_init(&G, &c);
}

static int gen_init(enum rio_p12_rev rev, enum rio_voq_format f, unsigned ports,
                    unsigned optional_vcs)
{
    return gen_init_full(rev, f, ports, optional_vcs, 0, false);
}

static int ev_cap(struct rio_voqgen_event e, size_t cap)
{
    OUT.symbols = SYM;
    OUT.cap = cap;
    OUT.count = 12345;
    return rio_voqgen_step(&G, &e, &OUT);
}

static int ev(struct rio_voqgen_event e) { return ev_cap(e, NSYM); }

static int csr(unsigned port, uint32_t value)
{
    return ev((struct rio_voqgen_event){.type = RIO_VOQGEN_EV_WRITE_CSR,
                                        .port = port, .csr = value});
}

static int cong(unsigned port, unsigned vc, unsigned congested)
{
    return ev((struct rio_voqgen_event){.type = RIO_VOQGEN_EV_SET_CONGESTION,
                                        .port = port, .vc = vc,
                                        .congested = congested});
}

static int tick(void)
{
    return ev((struct rio_voqgen_event){.type = RIO_VOQGEN_EV_TICK});
}

static int recovered(unsigned port)
{
    return ev((struct rio_voqgen_event){.type = RIO_VOQGEN_EV_LINK_RECOVERED,
                                        .port = port});
}

/* Symbol i went out on `port` for `group` with `status`. */
#define CHECK_SYM(i, port, grp, st)                                            \
    do {                                                                       \
        CHECK_EQ_AT(i, SYM[i].tx_port, (port));                                \
        CHECK_EQ_AT(i, SYM[i].group, (grp));                                   \
        CHECK_EQ_AT(i, SYM[i].status, (st));                                   \
    } while (0)

/* ---- configuration ---------------------------------------------------- */

static void voqgen_init_rejects_bad_config(void)
{
    struct rio_voqgen_cfg c = {RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 16, 0, 0,
                               false};
    CHECK_EQ(rio_voqgen_init(NULL, &c), RIO_EINVAL);
    CHECK_EQ(rio_voqgen_init(&G, NULL), RIO_EINVAL);
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 16, 0), RIO_OK);
    /* A failed init leaves the generator as it was. */
    CHECK_EQ(gen_init((enum rio_p12_rev)4, RIO_VOQ_FORMAT_CS48, 16, 0), RIO_EINVAL);
    CHECK_EQ(gen_init((enum rio_p12_rev)0, RIO_VOQ_FORMAT_CS48, 16, 0), RIO_EINVAL);
    CHECK_EQ(gen_init(RIO_P12_REV3, (enum rio_voq_format)24, 16, 0), RIO_EINVAL);
    CHECK_EQ(gen_init(RIO_P12_REV2, RIO_VOQ_FORMAT_CS64, 16, 0), RIO_EREVISION);
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 0, 0), RIO_EINVAL);
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 257, 0), RIO_ERANGE);
    CHECK_EQ(gen_init(RIO_P12_REV2, RIO_VOQ_FORMAT_CS48, 193, 0), RIO_ERANGE);
    for (unsigned n = 0; n <= 16; n++) {
        int want = (n == 0 || n == 1 || n == 2 || n == 4 || n == 8) ? RIO_OK
                                                                     : RIO_EINVAL;
        if (want != RIO_OK)
            CHECK_EQ_AT(n, gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS64, 9, n), want);
    }
    CHECK_EQ(G.cfg.port_count, 16);
    CHECK_EQ(G.cfg.format, RIO_VOQ_FORMAT_CS48);
    CHECK_EQ(gen_init(RIO_P12_REV2, RIO_VOQ_FORMAT_CS48, 192, 8), RIO_OK);
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS64, 256, 4), RIO_OK);
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 1, 1), RIO_OK);
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 1, 2), RIO_OK);
}

/* Part 6 Table 3-12: with 1, 2, 4, 8 optional VCs the VCs are VC1 / VC1, VC5 /
 * VC1, VC3, VC5, VC7 / VC1-VC8, always with VC0. */
static void voqgen_vcs_in_use_follow_part6_table_3_12(void)
{
    static const unsigned counts[5] = {0, 1, 2, 4, 8};
    static const char *in_use[5] = {"100000000", "110000000", "110001000",
                                    "110101010", "111111111"};
    for (unsigned i = 0; i < 5; i++)
        for (unsigned vc = 0; vc < 9; vc++)
            CHECK_EQ_AT(i * 10 + vc, rio_voqgen_vc_in_use(counts[i], vc),
                        in_use[i][vc] == '1');
    CHECK(!rio_voqgen_vc_in_use(8, 9));
    CHECK(!rio_voqgen_vc_in_use(8, RIO_VC_ALL));
    CHECK(!rio_voqgen_vc_in_use(3, 0));
}

/* ---- known answers (spec README) -------------------------------------- */

/* README: "CS48 status, buf_status 63, stype1 NOP, ... with stype2 0x2001:
 * 807FC4003902". stype2 0x2001 = CMD 1, N = 0, status 0x0001: port 0. */
static void voqgen_cs48_port0_congested_is_the_readme_known_answer(void)
{
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 16, 0), RIO_OK);
    CHECK_EQ(csr(0, GEN | PART), RIO_OK);
    CHECK_EQ(OUT.count, 0);
    CHECK_EQ(cong(0, 0, 1), RIO_OK);
    CHECK_EQ(OUT.count, 1);
    CHECK_SYM(0, 0, 0, 0x0001);
    CHECK_EQ(SYM[0].stype2, 0x2001);
    CHECK_EQ(SYM[0].stype0, RIO_VOQGEN_STYPE0_ANY);
    CHECK_EQ(SYM[0].vc, RIO_VC_ALL);
    CHECK_EQ(SYM[0].cause, RIO_VOQGEN_CAUSE_CHANGE);
    CHECK_EQ(SYM[0].format, RIO_VOQ_FORMAT_CS48);
    uint8_t bytes[8], want[6];
    size_t n = 0;
    CHECK_EQ(check_unhex(want, sizeof want, "807FC4003902"), 6);
    CHECK_EQ(rio_voqgen_symbol_pack(bytes, sizeof bytes, &n, &SYM[0], 0, 63),
             RIO_OK);
    CHECK_EQ(n, 6);
    CHECK_MEM(bytes, want, 6);
    CHECK_EQ(rio_voqgen_symbol_pack(bytes, 5, &n, &SYM[0], 0, 63), RIO_ETRUNC);
    CHECK_EQ(rio_voqgen_symbol_pack(bytes, 6, &n, &SYM[0], 64, 63), RIO_ERANGE);
    CHECK_EQ(rio_voqgen_symbol_pack(bytes, 6, &n, &SYM[0], 0, 64), RIO_ERANGE);
    CHECK_EQ(rio_voqgen_symbol_pack(NULL, 6, &n, &SYM[0], 0, 63), RIO_EINVAL);
    CHECK_EQ(rio_voqgen_symbol_pack(bytes, 6, NULL, &SYM[0], 0, 63), RIO_EINVAL);
    CHECK_EQ(rio_voqgen_symbol_pack(bytes, 6, &n, NULL, 0, 63), RIO_EINVAL);
    struct rio_voqgen_symbol bad = SYM[0];
    bad.format = (enum rio_voq_format)0;
    CHECK_EQ(rio_voqgen_symbol_pack(bytes, 8, &n, &bad, 0, 63), RIO_EINVAL);
}

/* README: "CS64 VoQ, VC_IND 0xF, 4-bit group 0, status 0x0001, stype1 0x38:
 * DF000100E2BE8698". */
static void voqgen_cs64_port0_congested_is_the_readme_known_answer(void)
{
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS64, 32, 0), RIO_OK);
    CHECK_EQ(csr(0, GEN | PART | TX(4)), RIO_OK);
    CHECK_EQ(cong(0, 0, 1), RIO_OK);
    CHECK_EQ(OUT.count, 1);
    CHECK_SYM(0, 0, 0, 0x0001);
    CHECK_EQ(SYM[0].vc_ind, 0xF);
    CHECK_EQ(SYM[0].parameter, 0xF00010); /* 1111 | 0x0001 (16) | 0000 */
    CHECK_EQ(SYM[0].stype0, 0xD);
    uint8_t bytes[8], want[8];
    size_t n = 0;
    CHECK_EQ(check_unhex(want, sizeof want, "DF000100E2BE8698"), 8);
    CHECK_EQ(rio_voqgen_symbol_pack(bytes, sizeof bytes, &n, &SYM[0], 0, 0),
             RIO_OK);
    CHECK_EQ(n, 8);
    CHECK_MEM(bytes, want, 8);
    CHECK_EQ(rio_voqgen_symbol_pack(bytes, 7, &n, &SYM[0], 0, 0), RIO_ETRUNC);
    struct rio_voqgen_symbol bad = SYM[0];
    bad.parameter = 0x1000000;
    CHECK_EQ(rio_voqgen_symbol_pack(bytes, 8, &n, &bad, 0, 0), RIO_ERANGE);
}

/* ---- Table 5-4 ---------------------------------------------------------- */

/* 8 ports, CS48 rev 3+, N = 0 (one group: ports 0-12, status bit i = port i),
 * port 7 transmits and participates; port 2 is the port under test. */
static int t54_setup(void)
{
    int rc = gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 8, 0);
    if (rc == RIO_OK)
        rc = csr(7, GEN | PART);
    if (rc == RIO_OK && OUT.count != 0)
        rc = -1000;
    return rc;
}

static void voqgen_t54_row_00_reports_0_and_never_triggers(void)
{
    CHECK_EQ(t54_setup(), RIO_OK);
    CHECK_EQ(rio_voqgen_status_control(0), RIO_VOQGEN_STATUS_ALWAYS_0);
    CHECK_EQ(csr(2, 0), RIO_OK);
    CHECK_EQ(OUT.count, 0);
    CHECK_EQ(cong(2, 0, 1), RIO_OK);
    CHECK_EQ(OUT.count, 0);
    CHECK_EQ(rio_voqgen_reported_status(&G, 2, 0), 0);
    CHECK_EQ(rio_voqgen_reported_status(&G, 2, RIO_VC_ALL), 0);
    CHECK_EQ(rio_voqgen_congested(&G, 2, 0), 1);
    CHECK_EQ(cong(2, 0, 0), RIO_OK);
    CHECK_EQ(OUT.count, 0);
    CHECK_EQ(cong(2, 0, 1), RIO_OK);
    CHECK_EQ(OUT.count, 0);
    /* Another port of the group triggers; port 2 is carried as 0. */
    CHECK_EQ(cong(3, 0, 1), RIO_OK);
    CHECK_EQ(OUT.count, 0); /* port 3 does not participate yet */
    CHECK_EQ(csr(3, PART), RIO_OK);
    CHECK_EQ(OUT.count, 1);
    CHECK_SYM(0, 7, 0, 0x008);
    CHECK_EQ(SYM[0].stype2, 0x2008);
}

static void voqgen_t54_row_01_reports_1_and_toggling_bit10_sends_nothing(void)
{
    CHECK_EQ(t54_setup(), RIO_OK);
    CHECK_EQ(rio_voqgen_status_control(XOFF), RIO_VOQGEN_STATUS_ALWAYS_1);
    CHECK_EQ(csr(2, XOFF), RIO_OK);
    CHECK_EQ(OUT.count, 0);
    CHECK_EQ(rio_voqgen_reported_status(&G, 2, 0), 1);
    CHECK_EQ(csr(2, 0), RIO_OK);
    CHECK_EQ(OUT.count, 0);
    CHECK_EQ(rio_voqgen_reported_status(&G, 2, 0), 0);
    CHECK_EQ(csr(2, XOFF), RIO_OK);
    CHECK_EQ(OUT.count, 0);
    CHECK_EQ(cong(2, 0, 1), RIO_OK);
    CHECK_EQ(OUT.count, 0);
    CHECK_EQ(cong(2, 0, 0), RIO_OK);
    CHECK_EQ(OUT.count, 0);
    CHECK_EQ(rio_voqgen_reported_status(&G, 2, 0), 1);
    /* The next symbol of the group carries port 2 as 1. */
    CHECK_EQ(cong(3, 0, 1), RIO_OK);
    CHECK_EQ(csr(3, PART), RIO_OK);
    CHECK_EQ(OUT.count, 1);
    CHECK_SYM(0, 7, 0, 0x00C);
    CHECK_EQ(csr(2, 0), RIO_OK);
    CHECK_EQ(OUT.count, 0);
    uint32_t st = 0;
    CHECK_EQ(rio_voqgen_last_sent(&G, &st, 7, 0, 0), RIO_OK);
    CHECK_EQ(st, 0x00C);
}

static void voqgen_t54_row_10_real_transitions_each_send_one_symbol(void)
{
    CHECK_EQ(t54_setup(), RIO_OK);
    CHECK_EQ(rio_voqgen_status_control(PART), RIO_VOQGEN_STATUS_NORMAL);
    CHECK_EQ(csr(2, PART), RIO_OK);
    CHECK_EQ(OUT.count, 0); /* reported 0 = reset state */
    CHECK_EQ(cong(2, 0, 1), RIO_OK);
    CHECK_EQ(OUT.count, 1);
    CHECK_SYM(0, 7, 0, 0x004);
    CHECK_EQ(SYM[0].stype2, 0x2004);
    CHECK_EQ(SYM[0].cause, RIO_VOQGEN_CAUSE_CHANGE);
    CHECK_EQ(cong(2, 0, 1), RIO_OK);
    CHECK_EQ(OUT.count, 0); /* no change */
    CHECK_EQ(cong(2, 0, 0), RIO_OK);
    CHECK_EQ(OUT.count, 1);
    CHECK_SYM(0, 7, 0, 0x000);
    CHECK_EQ(SYM[0].stype2, 0x2000);
    CHECK_EQ(cong(2, 0, 0), RIO_OK);
    CHECK_EQ(OUT.count, 0);
}

static void voqgen_t54_row_11_sends_only_when_the_reported_state_changes(void)
{
    CHECK_EQ(t54_setup(), RIO_OK);
    CHECK_EQ(rio_voqgen_status_control(PART | XOFF), RIO_VOQGEN_STATUS_XOFF);
    CHECK_EQ(csr(2, PART), RIO_OK);
    /* normal, uncongested -> XOFF: 0 -> 1, a symbol */
    CHECK_EQ(csr(2, PART | XOFF), RIO_OK);
    CHECK_EQ(OUT.count, 1);
    CHECK_SYM(0, 7, 0, 0x004);
    /* real congestion no longer shows */
    CHECK_EQ(cong(2, 0, 1), RIO_OK);
    CHECK_EQ(OUT.count, 0);
    CHECK_EQ(cong(2, 0, 0), RIO_OK);
    CHECK_EQ(OUT.count, 0);
    /* XOFF -> normal while uncongested: 1 -> 0, a symbol */
    CHECK_EQ(csr(2, PART), RIO_OK);
    CHECK_EQ(OUT.count, 1);
    CHECK_SYM(0, 7, 0, 0x000);
    /* normal, congested -> XOFF -> normal: the state never changes */
    CHECK_EQ(cong(2, 0, 1), RIO_OK);
    CHECK_EQ(OUT.count, 1);
    CHECK_SYM(0, 7, 0, 0x004);
    CHECK_EQ(csr(2, PART | XOFF), RIO_OK);
    CHECK_EQ(OUT.count, 0);
    CHECK_EQ(csr(2, PART), RIO_OK);
    CHECK_EQ(OUT.count, 0);
}

/* I-GEN-2: bit 9 0 -> 1 sends a symbol only if the state differs from what
 * the upstream device was last told. */
static void voqgen_becoming_participant_sends_only_if_upstream_differs(void)
{
    CHECK_EQ(t54_setup(), RIO_OK);
    CHECK_EQ(cong(2, 0, 1), RIO_OK); /* row 00: reported 0 */
    CHECK_EQ(csr(2, PART), RIO_OK);  /* row 10: reported 1, upstream has 0 */
    CHECK_EQ(OUT.count, 1);
    CHECK_SYM(0, 7, 0, 0x004);

    CHECK_EQ(t54_setup(), RIO_OK);
    CHECK_EQ(csr(2, XOFF), RIO_OK); /* row 01: reported 1, no symbol */
    CHECK_EQ(cong(3, 0, 1), RIO_OK);
    CHECK_EQ(csr(3, PART), RIO_OK); /* carries port 2 = 1 upstream */
    CHECK_EQ(OUT.count, 1);
    CHECK_SYM(0, 7, 0, 0x00C);
    CHECK_EQ(csr(2, PART | XOFF), RIO_OK); /* row 11: 1, upstream has 1 */
    CHECK_EQ(OUT.count, 0);

    CHECK_EQ(t54_setup(), RIO_OK);
    CHECK_EQ(csr(2, XOFF), RIO_OK);
    CHECK_EQ(csr(2, PART | XOFF), RIO_OK); /* upstream still has 0 */
    CHECK_EQ(OUT.count, 1);
    CHECK_SYM(0, 7, 0, 0x004);
}

/* I-GEN-2: bit 9 1 -> 0 never sends (Table 5-4 rows 00/01). */
static void voqgen_leaving_participation_sends_nothing(void)
{
    CHECK_EQ(t54_setup(), RIO_OK);
    CHECK_EQ(csr(2, PART), RIO_OK);
    CHECK_EQ(cong(2, 0, 1), RIO_OK);
    CHECK_EQ(OUT.count, 1);
    CHECK_EQ(csr(2, 0), RIO_OK);
    CHECK_EQ(OUT.count, 0);
    CHECK_EQ(rio_voqgen_reported_status(&G, 2, 0), 0);
    uint32_t st = 0;
    CHECK_EQ(rio_voqgen_last_sent(&G, &st, 7, 0, 0), RIO_OK);
    CHECK_EQ(st, 0x004);
    /* The next symbol of the group corrects it. */
    CHECK_EQ(cong(5, 0, 1), RIO_OK);
    CHECK_EQ(csr(5, PART), RIO_OK);
    CHECK_EQ(OUT.count, 1);
    CHECK_SYM(0, 7, 0, 0x020);
}

/* ---- 4.2a --------------------------------------------------------------- */

static void voqgen_port_with_generation_disabled_emits_nothing(void)
{
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 8, 0), RIO_OK);
    CHECK_EQ(csr(2, PART), RIO_OK);
    CHECK_EQ(csr(7, PART), RIO_OK); /* participates, does not transmit */
    CHECK_EQ(rio_voqgen_tx_mode(&G, 7), RIO_VOQGEN_TX_DISABLED);
    CHECK_EQ(cong(2, 0, 1), RIO_OK);
    CHECK_EQ(OUT.count, 0);
    CHECK_EQ(cong(7, 0, 1), RIO_OK);
    CHECK_EQ(OUT.count, 0);
}

/* "If a congested port requests a symbol be sent to all upstream devices, only
 * ports enabled for this feature shall actually transmit the symbol." */
static void voqgen_broadcast_goes_out_only_on_enabled_ports(void)
{
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 8, 0), RIO_OK);
    CHECK_EQ(csr(0, GEN), RIO_OK);
    CHECK_EQ(csr(4, GEN | PART), RIO_OK);
    CHECK_EQ(csr(5, PART | XOFF), RIO_OK); /* row 11 only matters as reported */
    CHECK_EQ(OUT.count, 2);                /* ports 0 and 4 learn port 5 = 1 */
    CHECK_SYM(0, 0, 0, 0x020);
    CHECK_SYM(1, 4, 0, 0x020);
    CHECK_EQ(csr(6, PART), RIO_OK);
    CHECK_EQ(cong(6, 0, 1), RIO_OK);
    CHECK_EQ(OUT.count, 2);
    CHECK_SYM(0, 0, 0, 0x060);
    CHECK_SYM(1, 4, 0, 0x060);
    CHECK_EQ(rio_voqgen_tx_mode(&G, 5), RIO_VOQGEN_TX_DISABLED);
    CHECK_EQ(rio_voqgen_tx_mode(&G, 4), RIO_VOQGEN_TX_ALL_VCS);
}

/* I-GEN-6: enabling generation tells the upstream device what it lacks, also
 * a clearing that happened while generation was off. */
static void voqgen_enabling_generation_sends_groups_upstream_has_wrong(void)
{
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 8, 0), RIO_OK);
    CHECK_EQ(csr(7, GEN | PART), RIO_OK); /* nothing congested: silent */
    CHECK_EQ(OUT.count, 0);
    CHECK_EQ(csr(7, PART), RIO_OK);
    CHECK_EQ(csr(2, PART), RIO_OK);
    CHECK_EQ(cong(2, 0, 1), RIO_OK);
    CHECK_EQ(OUT.count, 0);
    CHECK_EQ(csr(7, GEN | PART), RIO_OK);
    CHECK_EQ(OUT.count, 1);
    CHECK_SYM(0, 7, 0, 0x004);
    CHECK_EQ(csr(7, PART), RIO_OK);
    CHECK_EQ(OUT.count, 0);
    CHECK_EQ(cong(2, 0, 0), RIO_OK);
    CHECK_EQ(OUT.count, 0);
    CHECK_EQ(csr(7, GEN | PART), RIO_OK);
    CHECK_EQ(OUT.count, 1);
    CHECK_SYM(0, 7, 0, 0x000);
    CHECK_EQ(csr(7, GEN | PART), RIO_OK); /* rewrite: nothing */
    CHECK_EQ(OUT.count, 0);
}

/* ---- grouping (4.2d) ----------------------------------------------------- */

/* Rev 2 Figure 2-1 / Tables 3-2, 3-3: port = group x 6 + offset; group 31 is
 * ports 186-191 (base 0xBA); stype2 = CMD 001 | status bits 3-8 (offset 5..0) |
 * group bits 9-13. */
static void voqgen_rev2_group_31_holds_ports_186_to_191(void)
{
    CHECK_EQ(gen_init(RIO_P12_REV2, RIO_VOQ_FORMAT_CS48, 192, 0), RIO_OK);
    CHECK_EQ(csr(0, GEN | PART | TX(7)), RIO_OK); /* bits 26-28 reserved in rev 2 */
    CHECK_EQ(rio_voqgen_tx_mode(&G, 0), RIO_VOQGEN_TX_ALL_VCS);
    CHECK_EQ(csr(186, PART), RIO_OK);
    CHECK_EQ(csr(191, PART), RIO_OK);
    CHECK_EQ(csr(5, PART), RIO_OK);
    CHECK_EQ(OUT.count, 0);
    CHECK_EQ(cong(186, 0, 1), RIO_OK);
    CHECK_EQ(OUT.count, 1);
    CHECK_SYM(0, 0, 31, 0x01);
    CHECK_EQ(SYM[0].stype2, 0x083F); /* 001 000001 11111 */
    CHECK_EQ(SYM[0].group_width, 5);
    CHECK_EQ(SYM[0].status_width, 6);
    CHECK_EQ(cong(191, 0, 1), RIO_OK);
    CHECK_EQ(OUT.count, 1);
    CHECK_SYM(0, 0, 31, 0x21);
    CHECK_EQ(SYM[0].stype2, 0x0C3F); /* 001 100001 11111 */
    CHECK_EQ(cong(186, 0, 0), RIO_OK);
    CHECK_EQ(SYM[0].stype2, 0x0C1F); /* 001 100000 11111 */
    CHECK_EQ(cong(5, 0, 1), RIO_OK);
    CHECK_SYM(0, 0, 0, 0x20);
    CHECK_EQ(SYM[0].stype2, 0x0C00); /* 001 100000 00000 */
    unsigned gw = 0, sw = 0, groups = 0;
    CHECK_EQ(rio_voqgen_geometry(&G, 0, &gw, &sw, &groups), RIO_OK);
    CHECK_EQ(gw, 5);
    CHECK_EQ(sw, 6);
    CHECK_EQ(groups, 32);
}

/* Rev 3+ Table 3-2 (CS48, 1-bit group): group 0 = ports 11..0, group 1 =
 * ports 23..12, port 11 in status bit 0 (the MSB). stype2 = 1 | status(12) |
 * group(1). */
static void voqgen_cs48_width1_follows_table_3_2(void)
{
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 32, 0), RIO_OK);
    CHECK_EQ(csr(31, GEN | TX(1)), RIO_OK);
    for (unsigned q = 0; q < 31; q++)
        CHECK_EQ_AT(q, csr(q, PART), RIO_OK);
    CHECK_EQ(cong(11, 0, 1), RIO_OK);
    CHECK_EQ(OUT.count, 1);
    CHECK_SYM(0, 31, 0, 0x800);
    CHECK_EQ(SYM[0].stype2, 0x3000);
    CHECK_EQ(cong(23, 0, 1), RIO_OK);
    CHECK_SYM(0, 31, 1, 0x800);
    CHECK_EQ(SYM[0].stype2, 0x3001);
    CHECK_EQ(cong(12, 0, 1), RIO_OK);
    CHECK_SYM(0, 31, 1, 0x801);
    CHECK_EQ(SYM[0].stype2, 0x3003);
    CHECK_EQ(cong(0, 0, 1), RIO_OK);
    CHECK_SYM(0, 31, 0, 0x801);
    CHECK_EQ(SYM[0].stype2, 0x3002);
    /* Ports 24-31 lie in no group a 1-bit group can name (I-GEN-4). */
    CHECK_EQ(cong(24, 0, 1), RIO_OK);
    CHECK_EQ(OUT.count, 0);
    CHECK_EQ(cong(30, 0, 1), RIO_OK);
    CHECK_EQ(OUT.count, 0);
}

/* Table 3-4 (CS64, 4-bit group): group 15 = ports 255..240; param = VC_IND |
 * status(16) | group(4). */
static void voqgen_cs64_width4_follows_table_3_4(void)
{
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS64, 256, 0), RIO_OK);
    CHECK_EQ(csr(0, GEN | TX(4)), RIO_OK);
    CHECK_EQ(csr(255, PART), RIO_OK);
    CHECK_EQ(csr(240, PART), RIO_OK);
    CHECK_EQ(csr(16, PART), RIO_OK);
    CHECK_EQ(cong(255, 0, 1), RIO_OK);
    CHECK_SYM(0, 0, 15, 0x8000);
    CHECK_EQ(SYM[0].parameter, 0xF8000F);
    CHECK_EQ(cong(240, 0, 1), RIO_OK);
    CHECK_SYM(0, 0, 15, 0x8001);
    CHECK_EQ(SYM[0].parameter, 0xF8001F);
    CHECK_EQ(cong(16, 0, 1), RIO_OK);
    CHECK_SYM(0, 0, 1, 0x0001);
    CHECK_EQ(SYM[0].parameter, 0xF00011);
}

/* Every CS48 group width 0-6 over 256 ports: first port of group 0 and the last
 * existing port of the last group in use. stype2 = 1 | status(13-N) | group(N). */
static void voqgen_cs48_every_group_width_first_and_last_group(void)
{
    static const struct {
        unsigned n, groups, last_group, last_port;
        uint32_t last_status;
        uint16_t stype2_first, stype2_last;
    } t[7] = {
        {0, 1, 0, 12, 0x1000, 0x2001, 0x3000},  /* S 13: ports 0-12 */
        {1, 2, 1, 23, 0x0800, 0x2002, 0x3001},  /* S 12: 12-23 */
        {2, 4, 3, 43, 0x0400, 0x2004, 0x3003},  /* S 11: 33-43 */
        {3, 8, 7, 79, 0x0200, 0x2008, 0x3007},  /* S 10: 70-79 */
        {4, 16, 15, 143, 0x0100, 0x2010, 0x300F}, /* S 9: 135-143 */
        {5, 32, 31, 255, 0x0080, 0x2020, 0x301F}, /* S 8: 248-255 */
        {6, 37, 36, 255, 0x0008, 0x2040, 0x2224}, /* S 7: 252-258, 256+ absent */
    };
    for (unsigned i = 0; i < 7; i++) {
        CHECK_EQ_AT(i, gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 256, 0), RIO_OK);
        CHECK_EQ_AT(i, csr(100, GEN | TX(t[i].n)), RIO_OK);
        CHECK_EQ_AT(i, csr(0, PART), RIO_OK);
        CHECK_EQ_AT(i, csr(t[i].last_port, PART), RIO_OK);
        unsigned gw = 99, sw = 99, groups = 99;
        CHECK_EQ_AT(i, rio_voqgen_geometry(&G, 100, &gw, &sw, &groups), RIO_OK);
        CHECK_EQ_AT(i, gw, t[i].n);
        CHECK_EQ_AT(i, sw, 13 - t[i].n);
        CHECK_EQ_AT(i, groups, t[i].groups);
        CHECK_EQ_AT(i, cong(0, 0, 1), RIO_OK);
        CHECK_EQ_AT(i, OUT.count, 1);
        CHECK_EQ_AT(i, SYM[0].group, 0);
        CHECK_EQ_AT(i, SYM[0].status, 1);
        CHECK_EQ_AT(i, SYM[0].stype2, t[i].stype2_first);
        CHECK_EQ_AT(i, cong(t[i].last_port, 0, 1), RIO_OK);
        CHECK_EQ_AT(i, OUT.count, 1);
        CHECK_EQ_AT(i, SYM[0].group, t[i].last_group);
        CHECK_EQ_AT(i, SYM[0].status, t[i].last_status | (i == 0 ? 1u : 0u));
        if (i != 0) /* N = 0: port 0 and 12 share the only group */
            CHECK_EQ_AT(i, SYM[0].stype2, t[i].stype2_last);
        else
            CHECK_EQ_AT(i, SYM[0].stype2, 0x3001);
    }
    /* N = 6, group 36: ports 252-255 congested, 256-258 do not exist (I-GEN-4). */
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 256, 0), RIO_OK);
    CHECK_EQ(csr(0, GEN | TX(6)), RIO_OK);
    for (unsigned q = 252; q < 256; q++) {
        CHECK_EQ_AT(q, csr(q, PART | XOFF), RIO_OK);
        CHECK_EQ_AT(q, OUT.count, 1);
    }
    CHECK_SYM(0, 0, 36, 0x0F);
    CHECK_EQ(SYM[0].stype2, 0x23E4); /* 1 | 0001111 | 100100 */
}

/* Every CS64 group width 0-6 over 256 ports. param = 0xF | status(20-N) |
 * group(N). */
static void voqgen_cs64_every_group_width_first_and_last_group(void)
{
    static const struct {
        unsigned n, groups, last_group, last_port;
        uint32_t last_status, param_first, param_last;
    } t[7] = {
        {0, 1, 0, 19, 0x80000, 0xF00001, 0xF80000},  /* S 20: 0-19 */
        {1, 2, 1, 37, 0x40000, 0xF00002, 0xF80001},  /* S 19: 19-37 */
        {2, 4, 3, 71, 0x20000, 0xF00004, 0xF80003},  /* S 18: 54-71 */
        {3, 8, 7, 135, 0x10000, 0xF00008, 0xF80007}, /* S 17: 119-135 */
        {4, 16, 15, 255, 0x8000, 0xF00010, 0xF8000F}, /* S 16: 240-255 */
        {5, 18, 17, 255, 0x0001, 0xF00020, 0xF00031}, /* S 15: 255-269 */
        {6, 19, 18, 255, 0x0008, 0xF00040, 0xF00212}, /* S 14: 252-265 */
    };
    for (unsigned i = 0; i < 7; i++) {
        CHECK_EQ_AT(i, gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS64, 256, 0), RIO_OK);
        CHECK_EQ_AT(i, csr(100, GEN | TX(t[i].n)), RIO_OK);
        CHECK_EQ_AT(i, csr(0, PART), RIO_OK);
        CHECK_EQ_AT(i, csr(t[i].last_port, PART), RIO_OK);
        unsigned groups = 99;
        CHECK_EQ_AT(i, rio_voqgen_geometry(&G, 100, NULL, NULL, &groups), RIO_OK);
        CHECK_EQ_AT(i, groups, t[i].groups);
        CHECK_EQ_AT(i, cong(0, 0, 1), RIO_OK);
        CHECK_EQ_AT(i, OUT.count, 1);
        CHECK_EQ_AT(i, SYM[0].parameter, t[i].param_first);
        CHECK_EQ_AT(i, cong(t[i].last_port, 0, 1), RIO_OK);
        CHECK_EQ_AT(i, OUT.count, 1);
        CHECK_EQ_AT(i, SYM[0].group, t[i].last_group);
        if (i != 0) {
            CHECK_EQ_AT(i, SYM[0].status, t[i].last_status);
            CHECK_EQ_AT(i, SYM[0].parameter, t[i].param_last);
        } else {
            CHECK_EQ_AT(i, SYM[0].status, 0x80001);
            CHECK_EQ_AT(i, SYM[0].parameter, 0xF80001);
        }
    }
}

static void voqgen_reserved_tx_group_size_7_sends_nothing(void)
{
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 8, 0), RIO_OK);
    CHECK_EQ(csr(2, PART), RIO_OK);
    CHECK_EQ(csr(7, GEN | TX(7)), RIO_OK);
    CHECK_EQ(rio_voqgen_tx_mode(&G, 7), RIO_VOQGEN_TX_RESERVED_SIZE);
    CHECK_EQ(cong(2, 0, 1), RIO_OK);
    CHECK_EQ(OUT.count, 0);
    uint32_t st = 0;
    CHECK_EQ(rio_voqgen_geometry(&G, 7, NULL, NULL, NULL), RIO_ERESERVED);
    CHECK_EQ(rio_voqgen_last_sent(&G, &st, 7, 0, 0), RIO_ERESERVED);
    CHECK_EQ(csr(7, GEN | TX(0)), RIO_OK); /* a valid size: catches up */
    CHECK_EQ(OUT.count, 1);
    CHECK_SYM(0, 7, 0, 0x004);
}

/* ---- per VC (3.3, 4.2b/c) ---------------------------------------------- */

/* CS48 per-VC: VC0 rides with Status, VCn with VC_Status, parameter0 =
 * 0b000 || VCID, VCID = n - 1 (Part 6 Table 3-12, 8 optional VCs). */
static void voqgen_cs48_per_vc_rides_with_status_or_vc_status(void)
{
    static const struct {
        unsigned vc, stype0, parameter0;
    } t[4] = {{0, 4, 0x00}, {1, 5, 0x00}, {3, 5, 0x02}, {8, 5, 0x07}};
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 8, 8), RIO_OK);
    CHECK_EQ(csr(2, PART), RIO_OK);
    CHECK_EQ(csr(7, GEN | PERVC | PERVC_SUP), RIO_OK);
    CHECK_EQ(rio_voqgen_tx_mode(&G, 7), RIO_VOQGEN_TX_PER_VC);
    for (unsigned i = 0; i < 4; i++) {
        CHECK_EQ_AT(i, cong(2, t[i].vc, 1), RIO_OK);
        CHECK_EQ_AT(i, OUT.count, 1);
        CHECK_EQ_AT(i, SYM[0].vc, t[i].vc);
        CHECK_EQ_AT(i, SYM[0].stype0, t[i].stype0);
        CHECK_EQ_AT(i, SYM[0].parameter0, t[i].parameter0);
        CHECK_EQ_AT(i, SYM[0].status, 0x004);
        CHECK_EQ_AT(i, SYM[0].stype2, 0x2004);
        /* whole symbol: stype0 and parameter0 are where Part 6 puts them */
        uint8_t b[6];
        size_t n = 0;
        struct rio_cs48 cs;
        CHECK_EQ_AT(i, rio_voqgen_symbol_pack(b, 6, &n, &SYM[0], 9, 62), RIO_OK);
        CHECK_EQ_AT(i, rio_cs48_unpack(&cs, b, 6), RIO_OK);
        CHECK_EQ_AT(i, cs.stype0, t[i].stype0);
        CHECK_EQ_AT(i, cs.parameter0, t[i].vc == 0 ? 9u : t[i].parameter0);
        CHECK_EQ_AT(i, cs.parameter1, 62);
        CHECK_EQ_AT(i, cs.stype1, 7);
        CHECK_EQ_AT(i, cs.cmd, 0);
        CHECK_EQ_AT(i, cs.stype2, 0x2004);
        CHECK_EQ_AT(i, rio_cs48_linked_vc(&cs), t[i].vc);
    }
    /* Fewer VCs: VC3 of 4 optional VCs is VCID 0b01x, sent as 0b010. */
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 8, 4), RIO_OK);
    CHECK_EQ(csr(2, PART), RIO_OK);
    CHECK_EQ(csr(7, GEN | PERVC | PERVC_SUP), RIO_OK);
    CHECK_EQ(cong(2, 3, 1), RIO_OK);
    CHECK_EQ(OUT.count, 1);
    CHECK_EQ(SYM[0].parameter0, 0x02);
}

/* Table 5-3 bit 11 "shall be reserved when VoQ Backpressure per VC Supported is
 * 0" (rev 3+, I-GEN-12); rev 2 bit 11 is VC linking as written. */
static void voqgen_per_vc_bit_needs_bit2_in_rev3_only(void)
{
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 8, 8), RIO_OK);
    CHECK_EQ(csr(7, GEN | PERVC), RIO_OK);
    CHECK_EQ(rio_voqgen_tx_mode(&G, 7), RIO_VOQGEN_TX_ALL_VCS);
    CHECK_EQ(csr(2, PART), RIO_OK);
    CHECK_EQ(cong(2, 3, 1), RIO_OK);
    CHECK_EQ(OUT.count, 1);
    CHECK_EQ(SYM[0].vc, RIO_VC_ALL);
    CHECK_EQ(SYM[0].stype0, RIO_VOQGEN_STYPE0_ANY);

    CHECK_EQ(gen_init(RIO_P12_REV2, RIO_VOQ_FORMAT_CS48, 8, 8), RIO_OK);
    CHECK_EQ(csr(7, GEN | PERVC), RIO_OK);
    CHECK_EQ(rio_voqgen_tx_mode(&G, 7), RIO_VOQGEN_TX_PER_VC);
    CHECK_EQ(csr(2, PART), RIO_OK);
    CHECK_EQ(cong(2, 3, 1), RIO_OK);
    CHECK_EQ(OUT.count, 1);
    CHECK_EQ(SYM[0].vc, 3);
    CHECK_EQ(SYM[0].stype0, 5);
    CHECK_EQ(SYM[0].parameter0, 2);
    CHECK_EQ(SYM[0].stype2, 0x0880); /* 001 000100 00000: port 2 */
}

/* I-GEN-3: without per-VC a port is congested while any VC is. */
static void voqgen_per_vc_off_aggregates_all_vcs(void)
{
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 8, 8), RIO_OK);
    CHECK_EQ(csr(2, PART), RIO_OK);
    CHECK_EQ(csr(7, GEN), RIO_OK);
    CHECK_EQ(cong(2, 2, 1), RIO_OK);
    CHECK_EQ(OUT.count, 1);
    CHECK_SYM(0, 7, 0, 0x004);
    CHECK_EQ(SYM[0].vc, RIO_VC_ALL);
    CHECK_EQ(SYM[0].vc_ind, 0xF);
    CHECK_EQ(cong(2, 5, 1), RIO_OK);
    CHECK_EQ(OUT.count, 0);
    CHECK_EQ(cong(2, 2, 0), RIO_OK);
    CHECK_EQ(OUT.count, 0);
    CHECK_EQ(rio_voqgen_reported_status(&G, 2, RIO_VC_ALL), 1);
    CHECK_EQ(rio_voqgen_reported_status(&G, 2, 2), 0);
    CHECK_EQ(cong(2, 5, 0), RIO_OK);
    CHECK_EQ(OUT.count, 1);
    CHECK_SYM(0, 7, 0, 0x000);
    /* all-VCs symbols are the last-sent status on every VC (I-GEN-7) */
    uint32_t st = 1;
    CHECK_EQ(rio_voqgen_last_sent(&G, &st, 7, 0, 8), RIO_OK);
    CHECK_EQ(st, 0);
}

/* Table 3-3: VC_IND 0b1000 VC0, 0b0000 VC1 .. 0b0111 VC8, 0b1111 all VCs
 * (per-VC off, P12-3.2-d). */
static void voqgen_cs64_vc_ind_follows_table_3_3(void)
{
    static const struct {
        unsigned vc;
        uint32_t param;
    } t[4] = {{0, 0x800040}, {1, 0x000040}, {5, 0x400040}, {8, 0x700040}};
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS64, 8, 8), RIO_OK);
    CHECK_EQ(csr(2, PART), RIO_OK);
    CHECK_EQ(csr(7, GEN | TX(4) | PERVC | PERVC_SUP), RIO_OK);
    for (unsigned i = 0; i < 4; i++) {
        CHECK_EQ_AT(i, cong(2, t[i].vc, 1), RIO_OK);
        CHECK_EQ_AT(i, OUT.count, 1);
        CHECK_EQ_AT(i, SYM[0].parameter, t[i].param);
        CHECK_EQ_AT(i, SYM[0].stype0, 0xD);
        CHECK_EQ_AT(i, SYM[0].vc, t[i].vc);
    }
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS64, 8, 8), RIO_OK);
    CHECK_EQ(csr(2, PART), RIO_OK);
    CHECK_EQ(csr(7, GEN | TX(4)), RIO_OK);
    CHECK_EQ(cong(2, 5, 1), RIO_OK);
    CHECK_EQ(OUT.count, 1);
    CHECK_EQ(SYM[0].parameter, 0xF00040);
    CHECK_EQ(SYM[0].vc_ind, 0xF);
}

static void voqgen_per_vc_streams_are_independent(void)
{
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS64, 8, 8), RIO_OK);
    CHECK_EQ(csr(2, PART), RIO_OK);
    CHECK_EQ(csr(3, PART), RIO_OK);
    CHECK_EQ(csr(7, GEN | PERVC | PERVC_SUP), RIO_OK);
    CHECK_EQ(cong(2, 1, 1), RIO_OK);
    CHECK_EQ(OUT.count, 1);
    CHECK_EQ(SYM[0].vc, 1);
    CHECK_EQ(SYM[0].status, 0x4);
    CHECK_EQ(cong(3, 1, 1), RIO_OK);
    CHECK_EQ(OUT.count, 1);
    CHECK_EQ(SYM[0].vc, 1);
    CHECK_EQ(SYM[0].status, 0xC);
    CHECK_EQ(cong(3, 0, 1), RIO_OK);
    CHECK_EQ(OUT.count, 1);
    CHECK_EQ(SYM[0].vc, 0);
    CHECK_EQ(SYM[0].status, 0x8); /* VC0 knows nothing of port 2 */
    /* XOFF changes every VC: one symbol per VC in use, VC0 first */
    CHECK_EQ(csr(4, PART | XOFF), RIO_OK);
    CHECK_EQ(OUT.count, 9);
    for (unsigned v = 0; v < 9; v++)
        CHECK_EQ_AT(v, SYM[v].vc, v);
    CHECK_EQ(SYM[0].status, 0x18);
    CHECK_EQ(SYM[1].status, 0x1C);
    CHECK_EQ(SYM[2].status, 0x10);
}

/* I-GEN-7: switching per-VC sends exactly the streams upstream has wrong. */
static void voqgen_switching_per_vc_resends_only_wrong_streams(void)
{
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 8, 2), RIO_OK); /* VC0, 1, 5 */
    CHECK_EQ(csr(2, PART), RIO_OK);
    CHECK_EQ(csr(7, GEN | PERVC_SUP), RIO_OK);
    CHECK_EQ(cong(2, 1, 1), RIO_OK);
    CHECK_EQ(OUT.count, 1);
    CHECK_EQ(SYM[0].vc, RIO_VC_ALL); /* upstream: port 2 congested on all VCs */
    CHECK_EQ(csr(7, GEN | PERVC | PERVC_SUP), RIO_OK);
    CHECK_EQ(OUT.count, 2);
    CHECK_EQ(SYM[0].vc, 0);
    CHECK_EQ(SYM[0].status, 0);
    CHECK_EQ(SYM[0].stype0, RIO_CS48_STYPE0_STATUS);
    CHECK_EQ(SYM[1].vc, 5);
    CHECK_EQ(SYM[1].status, 0);
    CHECK_EQ(SYM[1].parameter0, 4); /* VC5 = VCID 0b100 */
    CHECK_EQ(csr(7, GEN | PERVC_SUP), RIO_OK);
    CHECK_EQ(OUT.count, 1);
    CHECK_EQ(SYM[0].vc, RIO_VC_ALL);
    CHECK_EQ(SYM[0].status, 0x004);
}

/* ---- refresh (4.2f, 4.2g) --------------------------------------------- */

static void voqgen_refresh_timer_resends_every_group_of_every_enabled_port(void)
{
    /* CS48 N = 1: 12 ports a group, 16 ports -> 2 groups in use. */
    CHECK_EQ(gen_init_full(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 16, 0, 3, false),
             RIO_OK);
    CHECK_EQ(csr(0, GEN | TX(1)), RIO_OK);
    CHECK_EQ(csr(7, GEN | TX(1)), RIO_OK);
    CHECK_EQ(csr(5, XOFF), RIO_OK); /* non-participating, reported 1 */
    CHECK_EQ(csr(13, PART | XOFF), RIO_OK);
    CHECK_EQ(OUT.count, 2);
    CHECK_EQ(tick(), RIO_OK);
    CHECK_EQ(OUT.count, 0);
    CHECK_EQ(tick(), RIO_OK);
    CHECK_EQ(OUT.count, 0);
    /* third tick: too small an array fails and changes nothing */
    CHECK_EQ(ev_cap((struct rio_voqgen_event){.type = RIO_VOQGEN_EV_TICK}, 3),
             RIO_EFULL);
    CHECK_EQ(OUT.count, 4);
    CHECK_EQ(tick(), RIO_OK);
    CHECK_EQ(OUT.count, 4);
    CHECK_SYM(0, 0, 0, 0x020);
    CHECK_SYM(1, 0, 1, 0x002);
    CHECK_SYM(2, 7, 0, 0x020);
    CHECK_SYM(3, 7, 1, 0x002);
    for (unsigned i = 0; i < 4; i++)
        CHECK_EQ_AT(i, SYM[i].cause, RIO_VOQGEN_CAUSE_REFRESH);
    CHECK_EQ(tick(), RIO_OK); /* the count starts again */
    CHECK_EQ(OUT.count, 0);
    CHECK_EQ(tick(), RIO_OK);
    CHECK_EQ(OUT.count, 0);
    CHECK_EQ(tick(), RIO_OK);
    CHECK_EQ(OUT.count, 4);
    /* No timer: ticks never send. */
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 16, 0), RIO_OK);
    CHECK_EQ(csr(0, GEN), RIO_OK);
    for (unsigned i = 0; i < 100; i++) {
        CHECK_EQ_AT(i, tick(), RIO_OK);
        CHECK_EQ_AT(i, OUT.count, 0);
    }
    /* Interval 1: every tick; per-VC: every VC in use. */
    CHECK_EQ(gen_init_full(RIO_P12_REV3, RIO_VOQ_FORMAT_CS64, 30, 4, 1, false),
             RIO_OK);
    CHECK_EQ(csr(3, GEN | PERVC | PERVC_SUP), RIO_OK); /* N = 0: 1 group */
    CHECK_EQ(tick(), RIO_OK);
    CHECK_EQ(OUT.count, 5);
    static const unsigned vcs[5] = {0, 1, 3, 5, 7};
    for (unsigned i = 0; i < 5; i++)
        CHECK_EQ_AT(i, SYM[i].vc, vcs[i]);
}

static void voqgen_link_recovery_refresh_is_optional_and_per_port(void)
{
    CHECK_EQ(gen_init_full(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 16, 0, 0, true),
             RIO_OK);
    CHECK_EQ(csr(0, GEN | TX(1)), RIO_OK);
    CHECK_EQ(csr(7, GEN | TX(1)), RIO_OK);
    CHECK_EQ(csr(9, PART), RIO_OK);
    CHECK_EQ(recovered(7), RIO_OK);
    CHECK_EQ(OUT.count, 2);
    CHECK_SYM(0, 7, 0, 0x000);
    CHECK_SYM(1, 7, 1, 0x000);
    CHECK_EQ(SYM[0].cause, RIO_VOQGEN_CAUSE_LINK_RECOVERY);
    CHECK_EQ(recovered(9), RIO_OK); /* generation disabled there */
    CHECK_EQ(OUT.count, 0);
    CHECK_EQ(recovered(16), RIO_ERANGE);
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 16, 0), RIO_OK);
    CHECK_EQ(csr(7, GEN), RIO_OK);
    CHECK_EQ(recovered(7), RIO_OK);
    CHECK_EQ(OUT.count, 0);
}

/* ---- atomicity and errors ------------------------------------------------ */

static void voqgen_efull_changes_nothing_and_retry_repeats_the_step(void)
{
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 8, 0), RIO_OK);
    CHECK_EQ(csr(0, GEN), RIO_OK);
    CHECK_EQ(csr(1, GEN), RIO_OK);
    CHECK_EQ(csr(6, GEN), RIO_OK);
    CHECK_EQ(csr(2, PART), RIO_OK);
    struct rio_voqgen_event e = {.type = RIO_VOQGEN_EV_SET_CONGESTION,
                                 .port = 2, .vc = 0, .congested = 1};
    CHECK_EQ(ev_cap(e, 2), RIO_EFULL);
    CHECK_EQ(OUT.count, 3);
    CHECK_EQ(rio_voqgen_congested(&G, 2, 0), 0);
    CHECK_EQ(ev_cap(e, 0), RIO_EFULL);
    CHECK_EQ(OUT.count, 3);
    CHECK_EQ(ev_cap(e, 3), RIO_OK);
    CHECK_EQ(OUT.count, 3);
    CHECK_SYM(0, 0, 0, 0x004);
    CHECK_SYM(1, 1, 0, 0x004);
    CHECK_SYM(2, 6, 0, 0x004);
    /* A CSR write that does not fit is undone as well. */
    struct rio_voqgen_event w = {.type = RIO_VOQGEN_EV_WRITE_CSR, .port = 3,
                                 .csr = PART | XOFF};
    CHECK_EQ(ev_cap(w, 1), RIO_EFULL);
    CHECK_EQ(rio_voqgen_reported_status(&G, 3, 0), 0);
    CHECK_EQ(ev_cap(w, 3), RIO_OK);
    CHECK_EQ(OUT.count, 3);
    CHECK_SYM(0, 0, 0, 0x00C);
    /* Nothing to send fits in an empty array. */
    OUT.symbols = NULL;
    OUT.cap = 0;
    e.congested = 1;
    CHECK_EQ(rio_voqgen_step(&G, &e, &OUT), RIO_OK);
    CHECK_EQ(OUT.count, 0);
}

static void voqgen_step_rejects_bad_events_without_change(void)
{
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 8, 4), RIO_OK);
    CHECK_EQ(csr(0, GEN), RIO_OK);
    CHECK_EQ(csr(2, PART), RIO_OK);
    struct rio_voqgen_event e = {.type = RIO_VOQGEN_EV_SET_CONGESTION,
                                 .port = 2, .vc = 0, .congested = 1};
    OUT.symbols = SYM;
    OUT.cap = NSYM;
    CHECK_EQ(rio_voqgen_step(NULL, &e, &OUT), RIO_EINVAL);
    CHECK_EQ(rio_voqgen_step(&G, NULL, &OUT), RIO_EINVAL);
    CHECK_EQ(rio_voqgen_step(&G, &e, NULL), RIO_EINVAL);
    OUT.symbols = NULL;
    OUT.cap = 1;
    CHECK_EQ(rio_voqgen_step(&G, &e, &OUT), RIO_EINVAL);
    e.type = (enum rio_voqgen_event_type)99;
    CHECK_EQ(ev(e), RIO_EINVAL);
    e.type = RIO_VOQGEN_EV_SET_CONGESTION;
    e.port = 8;
    CHECK_EQ(ev(e), RIO_ERANGE);
    e.port = 0xFFFFFFFFu;
    CHECK_EQ(ev(e), RIO_ERANGE);
    e.port = 2;
    e.vc = 2; /* 4 optional VCs: VC1, 3, 5, 7 */
    CHECK_EQ(ev(e), RIO_ERANGE);
    e.vc = 9;
    CHECK_EQ(ev(e), RIO_ERANGE);
    e.vc = RIO_VC_ALL;
    CHECK_EQ(ev(e), RIO_ERANGE);
    e.vc = 7;
    e.congested = 2;
    CHECK_EQ(ev(e), RIO_EINVAL);
    CHECK_EQ(OUT.count, 0);
    CHECK_EQ(rio_voqgen_congested(&G, 2, 7), 0);
    CHECK_EQ(csr(8, GEN), RIO_ERANGE);
    CHECK_EQ(recovered(8), RIO_ERANGE);
    e.congested = 1;
    CHECK_EQ(ev(e), RIO_OK);
    CHECK_EQ(OUT.count, 1);
}

static void voqgen_queries_reject_bad_arguments(void)
{
    uint32_t st = 0;
    CHECK_EQ(gen_init(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 8, 1), RIO_OK);
    CHECK_EQ(rio_voqgen_reported_status(NULL, 0, 0), RIO_EINVAL);
    CHECK_EQ(rio_voqgen_reported_status(&G, 8, 0), RIO_ERANGE);
    CHECK_EQ(rio_voqgen_reported_status(&G, 0, 2), RIO_ERANGE);
    CHECK_EQ(rio_voqgen_reported_status(&G, 0, 1), 0);
    CHECK_EQ(rio_voqgen_congested(NULL, 0, 0), RIO_EINVAL);
    CHECK_EQ(rio_voqgen_congested(&G, 0, RIO_VC_ALL), RIO_ERANGE);
    CHECK_EQ(rio_voqgen_congested(&G, 8, 0), RIO_ERANGE);
    CHECK_EQ(rio_voqgen_tx_mode(NULL, 0), RIO_VOQGEN_TX_DISABLED);
    CHECK_EQ(rio_voqgen_tx_mode(&G, 8), RIO_VOQGEN_TX_DISABLED);
    CHECK_EQ(rio_voqgen_geometry(NULL, 0, NULL, NULL, NULL), RIO_EINVAL);
    CHECK_EQ(rio_voqgen_geometry(&G, 8, NULL, NULL, NULL), RIO_ERANGE);
    CHECK_EQ(rio_voqgen_last_sent(NULL, &st, 0, 0, 0), RIO_EINVAL);
    CHECK_EQ(rio_voqgen_last_sent(&G, NULL, 0, 0, 0), RIO_EINVAL);
    CHECK_EQ(rio_voqgen_last_sent(&G, &st, 0, 0, RIO_VC_ALL), RIO_EINVAL);
    CHECK_EQ(rio_voqgen_last_sent(&G, &st, 8, 0, 0), RIO_ERANGE);
    CHECK_EQ(rio_voqgen_last_sent(&G, &st, 0, 0, 5), RIO_ERANGE);
    CHECK_EQ(rio_voqgen_last_sent(&G, &st, 0, 1, 0), RIO_ERANGE); /* N = 0 */
    CHECK_EQ(csr(0, TX(6)), RIO_OK);
    CHECK_EQ(rio_voqgen_last_sent(&G, &st, 0, 63, 0), RIO_OK); /* no ports */
    CHECK_EQ(st, 0);
    CHECK_EQ(rio_voqgen_last_sent(&G, &st, 0, 64, 0), RIO_ERANGE);
}

/* ---- worst-case bounds of the header ----------------------------------- */

static void voqgen_worst_case_csr_write_and_refresh_meet_the_bounds(void)
{
    const uint32_t tx = GEN | PART | XOFF | PERVC | PERVC_SUP | TX(6);
    CHECK_EQ(gen_init_full(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 256, 8, 1, false),
             RIO_OK);
    for (unsigned q = 1; q < 256; q++)
        CHECK_EQ_AT(q, csr(q, PART | XOFF), RIO_OK); /* nobody transmits */
    for (unsigned p = 1; p < 256; p++) {
        CHECK_EQ_AT(p, csr(p, tx), RIO_OK); /* all its groups, all VCs */
        CHECK_EQ_AT(p, OUT.count, 37u * 9u);
    }
    /* Port 0 turns to XOFF (9 streams on 255 ports) and starts to transmit
     * (37 groups x 9 VCs, all wrong upstream). */
    CHECK_EQ(csr(0, tx), RIO_OK);
    CHECK_EQ(OUT.count, RIO_VOQGEN_OUT_MAX_CSR);
    CHECK_EQ(OUT.count, 255u * 9u + 37u * 9u);
    CHECK_EQ(tick(), RIO_OK);
    CHECK_EQ(OUT.count, RIO_VOQGEN_OUT_MAX_REFRESH);
    CHECK_EQ(OUT.count, 256u * 37u * 9u);
    CHECK_EQ(recovered(255), RIO_OK); /* refresh_on_link_recovery off */
    CHECK_EQ(OUT.count, 0);
}

/* ---- property test --------------------------------------------------------
 * The test's own model: inputs, Table 5-4 written from the spec, and the
 * upstream belief built only from the emitted symbols. */

struct model {
    enum rio_p12_rev rev;
    enum rio_voq_format fmt;
    unsigned ports;
    unsigned optional_vcs;
    uint16_t vcs;        /* bit v: VC v in use */
    uint32_t interval;
    uint32_t ticks;
    bool link_refresh;
    uint32_t csr[64];
    uint16_t cong[64];
    uint8_t belief[64][9][64];
};

static struct model M;

static uint32_t rng_state;
static uint32_t rnd(void)
{
    uint32_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return rng_state = x;
}

static unsigned m_reported(unsigned q, unsigned stream)
{
    if (q >= M.ports)
        return 0;
    uint32_t c = M.csr[q];
    if (!(c & PART))
        return (c & XOFF) ? 1u : 0u; /* Table 5-4 rows 00, 01 */
    if (c & XOFF)
        return 1; /* row 11 */
    if (stream == RIO_VC_ALL)
        return (M.cong[q] & M.vcs) != 0; /* row 10, aggregated */
    return ((unsigned)M.cong[q] >> stream) & 1u;
}

/* 0 silent, 1 all VCs, 2 per VC */
static unsigned m_mode(unsigned p)
{
    uint32_t c = M.csr[p];
    if (!(c & GEN))
        return 0;
    if (M.rev == RIO_P12_REV3 && ((c >> 3) & 7u) == 7u)
        return 0;
    bool pervc = (c & PERVC) && (M.rev == RIO_P12_REV2 || (c & PERVC_SUP));
    return pervc ? 2 : 1;
}

static void m_geo(unsigned p, unsigned *s, unsigned *groups)
{
    unsigned n = 5, addressable = 32;
    *s = 6;
    if (M.rev == RIO_P12_REV3) {
        n = (M.csr[p] >> 3) & 7u;
        *s = (M.fmt == RIO_VOQ_FORMAT_CS48 ? 13u : 20u) - n;
        addressable = 1u << n;
    }
    unsigned g = 0;
    while (g < addressable && g * *s < M.ports)
        g++;
    *groups = g;
}

static bool m_changed(unsigned p, unsigned stream, unsigned grp, unsigned s)
{
    for (unsigned i = 0; i < s; i++) {
        unsigned q = grp * s + i;
        if (q >= M.ports || !(M.csr[q] & PART))
            continue;
        unsigned r = m_reported(q, stream);
        for (unsigned v = 0; v < 9; v++) {
            if (!(((unsigned)M.vcs >> v) & 1u))
                continue;
            if ((stream == RIO_VC_ALL || stream == v) && M.belief[p][v][q] != r)
                return true;
        }
    }
    return false;
}

static uint32_t m_status(unsigned stream, unsigned grp, unsigned s)
{
    uint32_t st = 0;
    for (unsigned i = 0; i < s; i++)
        st |= (uint32_t)m_reported(grp * s + i, stream) << i;
    return st;
}

/* One property run: n random events on a fresh generator. */
static void property_run(enum rio_p12_rev rev, enum rio_voq_format fmt,
                         unsigned ports, unsigned optional_vcs, uint32_t interval,
                         bool link_refresh, uint32_t seed, unsigned steps)
{
    static const uint16_t vcsets[9] = {0x001, 0x003, 0x023, 0, 0x0AB, 0, 0, 0,
                                       0x1FF};
    memset(&M, 0, sizeof M);
    M.rev = rev;
    M.fmt = fmt;
    M.ports = ports;
    M.optional_vcs = optional_vcs;
    M.vcs = vcsets[optional_vcs];
    M.interval = interval;
    M.link_refresh = link_refresh;
    rng_state = seed;
    CHECK_EQ(gen_init_full(rev, fmt, ports, optional_vcs, interval, link_refresh),
             RIO_OK);
    unsigned vclist[9], nvc = 0;
    for (unsigned v = 0; v < 9; v++)
        if (((unsigned)M.vcs >> v) & 1u)
            vclist[nvc++] = v;
    unsigned symbols_seen = 0;
    for (unsigned step = 0; step < steps; step++) {
        struct rio_voqgen_event e = {0};
        unsigned r = rnd() % 100u;
        bool refresh = false;
        unsigned refresh_port = ports; /* ports = all */
        bool valid = true;
        if (r < 45) {
            e.type = RIO_VOQGEN_EV_SET_CONGESTION;
            e.port = rnd() % ports;
            e.vc = vclist[rnd() % nvc];
            e.congested = rnd() & 1u;
        } else if (r < 80) {
            e.type = RIO_VOQGEN_EV_WRITE_CSR;
            e.port = rnd() % ports;
            uint32_t c = 0;
            c |= (rnd() % 10u < 7u) ? GEN : 0u;
            c |= (rnd() % 10u < 6u) ? PART : 0u;
            c |= (rnd() % 10u < 3u) ? XOFF : 0u;
            c |= (rnd() % 10u < 4u) ? PERVC : 0u;
            c |= (rnd() % 10u < 7u) ? PERVC_SUP : 0u;
            c |= TX(rnd() % 12u == 0 ? 7u : rnd() % 7u);
            e.csr = c;
        } else if (r < 95) {
            e.type = RIO_VOQGEN_EV_TICK;
        } else if (r < 98) {
            e.type = RIO_VOQGEN_EV_LINK_RECOVERED;
            e.port = rnd() % ports;
        } else {
            e.type = RIO_VOQGEN_EV_SET_CONGESTION; /* out of range */
            e.port = ports + rnd() % 3u;
            valid = false;
        }
        int rc = ev(e);
        if (!valid) {
            CHECK_EQ_AT(step, rc, RIO_ERANGE);
            CHECK_EQ_AT(step, OUT.count, 0);
            continue;
        }
        CHECK_EQ_AT(step, rc, RIO_OK);
        /* the model applies the input */
        switch (e.type) {
        case RIO_VOQGEN_EV_SET_CONGESTION:
            if (e.congested)
                M.cong[e.port] = (uint16_t)(M.cong[e.port] | (1u << e.vc));
            else
                M.cong[e.port] = (uint16_t)(M.cong[e.port] & ~(1u << e.vc));
            break;
        case RIO_VOQGEN_EV_WRITE_CSR:
            M.csr[e.port] = e.csr;
            break;
        case RIO_VOQGEN_EV_TICK:
            if (M.interval != 0 && ++M.ticks == M.interval) {
                M.ticks = 0;
                refresh = true;
            }
            break;
        case RIO_VOQGEN_EV_LINK_RECOVERED:
            refresh = M.link_refresh;
            refresh_port = e.port;
            break;
        }
        /* Expected symbols, in the documented order (I-GEN-13), against the
         * belief before this step. */
        size_t k = 0;
        for (unsigned p = 0; p < ports; p++) {
            unsigned mode = m_mode(p);
            if (mode == 0)
                continue;
            unsigned s, groups;
            m_geo(p, &s, &groups);
            unsigned streams[9], ns = 0;
            if (mode == 1)
                streams[ns++] = RIO_VC_ALL;
            else
                for (unsigned i = 0; i < nvc; i++)
                    streams[ns++] = vclist[i];
            for (unsigned si = 0; si < ns; si++) {
                for (unsigned grp = 0; grp < groups; grp++) {
                    bool want;
                    if (refresh)
                        want = refresh_port == ports || refresh_port == p;
                    else
                        want = e.type != RIO_VOQGEN_EV_TICK &&
                               e.type != RIO_VOQGEN_EV_LINK_RECOVERED &&
                               m_changed(p, streams[si], grp, s);
                    if (!want)
                        continue;
                    CHECK_EQ_AT(step, k < OUT.count, 1);
                    const struct rio_voqgen_symbol *y = &SYM[k];
                    CHECK_EQ_AT(step, y->tx_port, p); /* only from enabled */
                    CHECK_EQ_AT(step, y->vc, streams[si]);
                    CHECK_EQ_AT(step, y->group, grp);
                    CHECK_EQ_AT(step, y->status_width, s);
                    CHECK_EQ_AT(step, y->status, m_status(streams[si], grp, s));
                    CHECK_EQ_AT(step, y->cause,
                                !refresh ? RIO_VOQGEN_CAUSE_CHANGE
                                : e.type == RIO_VOQGEN_EV_TICK
                                    ? RIO_VOQGEN_CAUSE_REFRESH
                                    : RIO_VOQGEN_CAUSE_LINK_RECOVERY);
                    /* the encoded field says the same thing */
                    struct rio_voq_msg msg;
                    if (fmt == RIO_VOQ_FORMAT_CS48) {
                        CHECK_EQ_AT(step, rio_voq_stype2_decode(&msg, rev, y->group_width,
                                                                y->stype2), RIO_OK);
                        unsigned want0 = streams[si] == RIO_VC_ALL ? RIO_VOQGEN_STYPE0_ANY
                                         : streams[si] == 0        ? 4u
                                                                   : 5u;
                        CHECK_EQ_AT(step, y->stype0, want0);
                        if (want0 == 5u)
                            CHECK_EQ_AT(step, y->parameter0, streams[si] - 1u);
                    } else {
                        CHECK_EQ_AT(step, rio_voq_cs64_decode(&msg, y->group_width,
                                                              y->parameter), RIO_OK);
                        CHECK_EQ_AT(step, msg.vc, streams[si]);
                    }
                    CHECK_EQ_AT(step, msg.kind, RIO_VOQ_BACKPRESSURE);
                    CHECK_EQ_AT(step, msg.group, grp);
                    CHECK_EQ_AT(step, msg.status, y->status);
                    k++;
                }
            }
        }
        CHECK_EQ_AT(step, OUT.count, k); /* and nothing else */
        symbols_seen += (unsigned)k;
        /* The upstream belief follows the symbols (all-VCs: every VC). */
        for (size_t i = 0; i < OUT.count; i++) {
            const struct rio_voqgen_symbol *y = &SYM[i];
            for (unsigned b = 0; b < y->status_width; b++) {
                unsigned q = (unsigned)y->group * y->status_width + b;
                if (q >= ports)
                    continue;
                for (unsigned v = 0; v < 9; v++)
                    if (y->vc == RIO_VC_ALL || y->vc == v)
                        M.belief[y->tx_port][v][q] = (uint8_t)((y->status >> b) & 1u);
            }
        }
        /* Invariant after every step (4.2e): every transmitting port has told
         * its upstream device the reported status of every participating
         * port it can name; the library's record agrees with the belief. */
        for (unsigned p = 0; p < ports; p++) {
            unsigned mode = m_mode(p);
            CHECK_EQ_AT(step, (unsigned)rio_voqgen_tx_mode(&G, p),
                        mode == 0 ? ((M.csr[p] & GEN) ? 1u : 0u) : mode + 1u);
            if (mode == 0)
                continue;
            unsigned s, groups;
            m_geo(p, &s, &groups);
            for (unsigned grp = 0; grp < groups; grp++) {
                if (mode == 1)
                    CHECK_EQ_AT(step, m_changed(p, RIO_VC_ALL, grp, s), 0);
                for (unsigned i = 0; mode == 2 && i < nvc; i++)
                    CHECK_EQ_AT(step, m_changed(p, vclist[i], grp, s), 0);
                for (unsigned i = 0; i < nvc; i++) {
                    uint32_t lib = 0, mine = 0;
                    CHECK_EQ_AT(step, rio_voqgen_last_sent(&G, &lib, p, grp,
                                                           vclist[i]), RIO_OK);
                    for (unsigned b = 0; b < s && grp * s + b < ports; b++)
                        mine |= (uint32_t)M.belief[p][vclist[i]][grp * s + b] << b;
                    CHECK_EQ_AT(step, lib, mine);
                }
            }
            for (unsigned q = 0; q < ports; q++)
                CHECK_EQ_AT(step, rio_voqgen_reported_status(&G, q, RIO_VC_ALL),
                            m_reported(q, RIO_VC_ALL));
        }
    }
    CHECK(symbols_seen > steps / 4); /* the run did exercise generation */
}

static void voqgen_property_random_events_rev3_cs48(void)
{
    property_run(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 30, 2, 5, true, 0x1234567u,
                 4000);
}

static void voqgen_property_random_events_rev3_cs64(void)
{
    property_run(RIO_P12_REV3, RIO_VOQ_FORMAT_CS64, 41, 4, 7, false, 0xC0FFEEu,
                 4000);
}

static void voqgen_property_random_events_rev2(void)
{
    property_run(RIO_P12_REV2, RIO_VOQ_FORMAT_CS48, 20, 1, 0, true, 0xBADC0DEu,
                 4000);
}

static void voqgen_property_random_events_vc0_only(void)
{
    property_run(RIO_P12_REV3, RIO_VOQ_FORMAT_CS64, 64, 0, 3, true, 0x5EEDu, 3000);
}

int main(int argc, char **argv)
{
    (void)argc;
    RUN(voqgen_init_rejects_bad_config);
    RUN(voqgen_vcs_in_use_follow_part6_table_3_12);
    RUN(voqgen_cs48_port0_congested_is_the_readme_known_answer);
    RUN(voqgen_cs64_port0_congested_is_the_readme_known_answer);
    RUN(voqgen_t54_row_00_reports_0_and_never_triggers);
    RUN(voqgen_t54_row_01_reports_1_and_toggling_bit10_sends_nothing);
    RUN(voqgen_t54_row_10_real_transitions_each_send_one_symbol);
    RUN(voqgen_t54_row_11_sends_only_when_the_reported_state_changes);
    RUN(voqgen_becoming_participant_sends_only_if_upstream_differs);
    RUN(voqgen_leaving_participation_sends_nothing);
    RUN(voqgen_port_with_generation_disabled_emits_nothing);
    RUN(voqgen_broadcast_goes_out_only_on_enabled_ports);
    RUN(voqgen_enabling_generation_sends_groups_upstream_has_wrong);
    RUN(voqgen_rev2_group_31_holds_ports_186_to_191);
    RUN(voqgen_cs48_width1_follows_table_3_2);
    RUN(voqgen_cs64_width4_follows_table_3_4);
    RUN(voqgen_cs48_every_group_width_first_and_last_group);
    RUN(voqgen_cs64_every_group_width_first_and_last_group);
    RUN(voqgen_reserved_tx_group_size_7_sends_nothing);
    RUN(voqgen_cs48_per_vc_rides_with_status_or_vc_status);
    RUN(voqgen_per_vc_bit_needs_bit2_in_rev3_only);
    RUN(voqgen_per_vc_off_aggregates_all_vcs);
    RUN(voqgen_cs64_vc_ind_follows_table_3_3);
    RUN(voqgen_per_vc_streams_are_independent);
    RUN(voqgen_switching_per_vc_resends_only_wrong_streams);
    RUN(voqgen_refresh_timer_resends_every_group_of_every_enabled_port);
    RUN(voqgen_link_recovery_refresh_is_optional_and_per_port);
    RUN(voqgen_efull_changes_nothing_and_retry_repeats_the_step);
    RUN(voqgen_step_rejects_bad_events_without_change);
    RUN(voqgen_queries_reject_bad_arguments);
    RUN(voqgen_worst_case_csr_write_and_refresh_meet_the_bounds);
    RUN(voqgen_property_random_events_rev3_cs48);
    RUN(voqgen_property_random_events_rev3_cs64);
    RUN(voqgen_property_random_events_rev2);
    RUN(voqgen_property_random_events_vc0_only);
    return check_finish(argv[0]);
}
