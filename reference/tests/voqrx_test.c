/* SPDX-License-Identifier: Apache-2.0 */
/* Tests of rio/voqrx.h: the Part 12 VoQ backpressure receiver.
 *
 * Expected values come from the spec, worked out by hand: whole symbols from
 * the spec README known answers, stype2 / CS64 parameters from Tables 3-1,
 * 3-2, 3-3, 3-4 (rev 3+) and rev 2 Tables 3-1 to 3-3, VCIDs from Part 6 Table
 * 3-12, staging from 2.3 (Figure 2-3: 16 ports on 4 queues) and 4.3. Symbols
 * other than the README ones are built with the cs codec (rio_cs48_pack /
 * rio_cs64_pack, tested in cs_test) from hand-written field values. The
 * property tests keep their own model of flags, queues and flow order. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "rio/cs.h"
#include "rio/err.h"
#include "rio/voq.h"
#include "rio/voqgen.h"
#include "rio/voqrx.h"

static struct rio_voqrx RX;
static struct rio_voqrx_cfg CFG;
static struct rio_voqrx_out OUT;

static int rx_setup(enum rio_p12_rev rev, enum rio_voq_format f, unsigned ports)
{
    int rc = rio_voqrx_cfg_default(&CFG, rev, f, ports);
    return rc != RIO_OK ? rc : rio_voqrx_init(&RX, &CFG);
}

static int step(struct rio_voqrx_event e)
{
    memset(&OUT, 0xA5, sizeof OUT); /* step must fill it */
    return rio_voqrx_step(&RX, &e, &OUT);
}

static int rx_raw(const uint8_t *b, size_t n)
{
    return step((struct rio_voqrx_event){.type = RIO_VOQRX_EV_RX_SYMBOL,
                                         .bytes = b, .len = n});
}

static int rx_hex(const char *hex)
{
    uint8_t b[16];
    size_t n = check_unhex(b, sizeof b, hex);
    return rx_raw(b, n);
}

/* A CS48 with this stype0/parameter0 and stype2 (buf_status 63, stype1 NOP). */
static int rx_cs48(unsigned stype0, unsigned parameter0, unsigned stype2)
{
    struct rio_cs48 cs = {.stype0 = (uint8_t)stype0,
                          .parameter0 = (uint8_t)parameter0,
                          .parameter1 = 0x3F, .stype1 = 0x7, .cmd = 0,
                          .stype2 = (uint16_t)stype2};
    uint8_t b[6];
    int rc = rio_cs48_pack(b, &cs);
    return rc != RIO_OK ? rc - 1000 : rx_raw(b, 6);
}

/* A CS64 VoQ symbol with this 24-bit parameter0||parameter1, stype1 NOP. */
static int rx_cs64(uint32_t param)
{
    struct rio_cs64 cs = {.stype0 = 0xD,
                          .parameter0 = (uint16_t)(param >> 12),
                          .parameter1 = (uint16_t)(param & 0xFFFu),
                          .stype1 = 0x38};
    uint8_t b[8];
    int rc = rio_cs64_pack(b, &cs);
    return rc != RIO_OK ? rc - 1000 : rx_raw(b, 8);
}

static int enq(uint32_t id, uint32_t flow, unsigned port, unsigned vc)
{
    return step((struct rio_voqrx_event){
        .type = RIO_VOQRX_EV_ENQUEUE,
        .packet = {.id = id, .flow_id = flow, .port = (uint16_t)port,
                   .vc = (uint8_t)vc}});
}

static int sched(void)
{
    return step((struct rio_voqrx_event){.type = RIO_VOQRX_EV_SCHEDULE});
}

/* Ports 0..63 congested on vc, as a bit mask. */
static uint64_t congested_mask(unsigned vc)
{
    uint64_t m = 0;
    for (unsigned p = 0; p < 64 && p < RX.cfg.port_count; p++)
        if (rio_voqrx_port_congested(&RX, p, vc) == 1)
            m |= UINT64_C(1) << p;
    return m;
}

/* Number of ports congested on vc, all ports. */
static unsigned congested_count(unsigned vc)
{
    unsigned n = 0;
    for (unsigned p = 0; p < RX.cfg.port_count; p++)
        n += rio_voqrx_port_congested(&RX, p, vc) == 1;
    return n;
}

/* Schedule once and expect packet `id` to go. */
#define CHECK_COMMITS(want_id)                                                    \
    do {                                                                       \
        CHECK_EQ(sched(), RIO_OK);                                             \
        CHECK_EQ(OUT.result, RIO_VOQRX_COMMITTED);                             \
        CHECK_EQ(OUT.packet.id, (want_id));                                       \
    } while (0)

#define CHECK_NOTHING_GOES()                                                   \
    do {                                                                       \
        CHECK_EQ(sched(), RIO_OK);                                             \
        CHECK_EQ(OUT.result, RIO_VOQRX_NOTHING_ELIGIBLE);                      \
    } while (0)

/* ---- configuration ---------------------------------------------------- */

static void voqrx_init_rejects_bad_config(void)
{
    struct rio_voqrx_cfg c;
    CHECK_EQ(rio_voqrx_cfg_default(NULL, RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 8),
             RIO_EINVAL);
    CHECK_EQ(rio_voqrx_cfg_default(&c, RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 0),
             RIO_ERANGE);
    CHECK_EQ(rio_voqrx_cfg_default(&c, RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 257),
             RIO_ERANGE);
    CHECK_EQ(rio_voqrx_cfg_default(&c, RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 8),
             RIO_OK);
    CHECK_EQ(c.queue_count, 8);
    CHECK_EQ(c.queue_of_port[7], 7);
    CHECK_EQ(rio_voqrx_init(NULL, &c), RIO_EINVAL);
    CHECK_EQ(rio_voqrx_init(&RX, NULL), RIO_EINVAL);
    CHECK_EQ(rio_voqrx_init(&RX, &c), RIO_OK);
#define BAD(field, value, err)                                                 \
    do {                                                                       \
        struct rio_voqrx_cfg b = c;                                            \
        b.field = value;                                                       \
        CHECK_EQ(rio_voqrx_init(&RX, &b), err);                                \
    } while (0)
    BAD(rev, (enum rio_p12_rev)1, RIO_EINVAL);
    BAD(format, (enum rio_voq_format)32, RIO_EINVAL);
    BAD(beyond, (enum rio_voqrx_beyond)2, RIO_EINVAL);
    BAD(port_count, 0, RIO_EINVAL);
    BAD(port_count, 257, RIO_ERANGE);
    BAD(optional_vcs, 3, RIO_EINVAL);
    BAD(optional_vcs, 16, RIO_EINVAL);
    BAD(queue_count, 0, RIO_EINVAL);
    BAD(queue_count, 257, RIO_ERANGE);
    BAD(queue_count, 7, RIO_EINVAL); /* port 7 maps to queue 7 */
    BAD(queue_of_port[3], 8, RIO_EINVAL);
    BAD(rx_group_width, 7, RIO_ERESERVED);
    BAD(rx_group_width, 8, RIO_EINVAL);
    BAD(per_vc, true, RIO_ENOTSUP); /* P12-3.3-d: no queueing within VCs */
#undef BAD
    struct rio_voqrx_cfg r2 = c;
    r2.rev = RIO_P12_REV2;
    r2.format = RIO_VOQ_FORMAT_CS64;
    CHECK_EQ(rio_voqrx_init(&RX, &r2), RIO_EREVISION);
    r2.format = RIO_VOQ_FORMAT_CS48;
    r2.rx_group_width = 7; /* no such field in rev 2 */
    CHECK_EQ(rio_voqrx_init(&RX, &r2), RIO_OK);
    CHECK_EQ(rio_voqrx_cfg_default(&r2, RIO_P12_REV2, RIO_VOQ_FORMAT_CS48, 193),
             RIO_OK);
    CHECK_EQ(rio_voqrx_init(&RX, &r2), RIO_ERANGE);
    /* failed inits left the last good one in place */
    CHECK_EQ(RX.cfg.rev, RIO_P12_REV2);
    CHECK_EQ(RX.cfg.port_count, 8);
    c.queue_of_port[100] = 200; /* beyond port_count: not looked at */
    c.per_vc = true;
    c.queue_within_vcs = true;
    CHECK_EQ(rio_voqrx_init(&RX, &c), RIO_OK);
}

/* ---- known answers ----------------------------------------------------- */

/* README "CS48 status ... with stype2 0x2001: 807FC4003902": rev 3+, N = 0,
 * port 0 congested; per-VC off, so on every VC (P12-3.3-a). */
static void voqrx_cs48_readme_symbol_congests_port0_on_every_vc(void)
{
    CHECK_EQ(rx_setup(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 16), RIO_OK);
    CFG.optional_vcs = 8;
    CHECK_EQ(rio_voqrx_init(&RX, &CFG), RIO_OK);
    CHECK_EQ(rx_hex("807FC4003902"), RIO_OK);
    CHECK_EQ(OUT.result, RIO_VOQRX_APPLIED);
    CHECK_EQ(OUT.vc, RIO_VC_ALL);
    CHECK_EQ(OUT.flags_changed, 9);
    CHECK_EQ(OUT.beyond_bits, 0);
    CHECK_EQ(OUT.msg.status, 1);
    for (unsigned v = 0; v < 9; v++)
        CHECK_EQ_AT(v, congested_mask(v), 0x1);
    CHECK_EQ(rx_hex("807FC4003902"), RIO_OK); /* again: nothing changes */
    CHECK_EQ(OUT.flags_changed, 0);
    /* README "... stype2 0: 807FC0000A35": CMD 0, no VoQ message. */
    CHECK_EQ(rx_hex("807FC0000A35"), RIO_OK);
    CHECK_EQ(OUT.result, RIO_VOQRX_IGNORED_RESERVED_CMD);
    CHECK_EQ(congested_mask(0), 0x1);
}

static void voqrx_cs48_corrupt_or_short_symbol_is_discarded(void)
{
    uint8_t good[6], b[7];
    CHECK_EQ(rx_setup(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 16), RIO_OK);
    CHECK_EQ(check_unhex(good, 6, "807FC4003902"), 6);
    for (unsigned bit = 0; bit < 48; bit++) {
        memcpy(b, good, 6);
        b[bit / 8] = (uint8_t)(b[bit / 8] ^ (0x80u >> (bit % 8)));
        CHECK_EQ_AT(bit, rx_raw(b, 6), RIO_ECRC);
        CHECK_EQ_AT(bit, OUT.result, RIO_VOQRX_DISCARDED_CRC);
        CHECK_EQ_AT(bit, congested_count(0), 0);
    }
    for (size_t n = 0; n < 6; n++)
        CHECK_EQ_AT(n, rx_raw(good, n), RIO_ETRUNC);
    memcpy(b, good, 6);
    b[6] = 0;
    CHECK_EQ(rx_raw(b, 7), RIO_ELENGTH);
    CHECK_EQ(congested_count(0), 0);
    CHECK_EQ(rx_raw(good, 6), RIO_OK);
    CHECK_EQ(congested_mask(0), 0x1);
}

/* README "CS64 VoQ, VC_IND 0xF, 4-bit group 0, status 0x0001, stype1 0x38:
 * DF000100E2BE8698". */
static void voqrx_cs64_readme_symbol_congests_port0(void)
{
    uint8_t good[8], b[9];
    CHECK_EQ(rx_setup(RIO_P12_REV3, RIO_VOQ_FORMAT_CS64, 32), RIO_OK);
    CFG.rx_group_width = 4;
    CHECK_EQ(rio_voqrx_init(&RX, &CFG), RIO_OK);
    CHECK_EQ(check_unhex(good, 8, "DF000100E2BE8698"), 8);
    /* every single-bit error outside the alignment bits is caught */
    for (unsigned bit = 0; bit < 64; bit++) {
        if (bit == 30 || bit == 31 || bit == 62 || bit == 63)
            continue;
        memcpy(b, good, 8);
        b[bit / 8] = (uint8_t)(b[bit / 8] ^ (0x80u >> (bit % 8)));
        CHECK_EQ_AT(bit, rx_raw(b, 8), RIO_ECRC);
        CHECK_EQ_AT(bit, OUT.result, RIO_VOQRX_DISCARDED_CRC);
    }
    CHECK_EQ(congested_count(0), 0);
    CHECK_EQ(rx_raw(good, 7), RIO_ETRUNC);
    memcpy(b, good, 8);
    b[8] = 0;
    CHECK_EQ(rx_raw(b, 9), RIO_ELENGTH);
    CHECK_EQ(rx_raw(good, 8), RIO_OK);
    CHECK_EQ(OUT.result, RIO_VOQRX_APPLIED);
    CHECK_EQ(OUT.msg.vc_ind, 0xF);
    CHECK_EQ(congested_mask(0), 0x1);
    /* README "CS64 status, buf_status 0xFFF, stype1 0x38: 4000FFF0E21F8884":
     * stype0 Status, no VoQ message (I-RX-8). */
    CHECK_EQ(rx_hex("4000FFF0E21F8884"), RIO_OK);
    CHECK_EQ(OUT.result, RIO_VOQRX_IGNORED_NOT_VOQ);
    CHECK_EQ(congested_mask(0), 0x1);
    /* A CS48 on a CS64 link has the wrong length. */
    CHECK_EQ(rx_hex("807FC4003902"), RIO_ETRUNC);
}

/* ---- port numbering ---------------------------------------------------- */

/* Table 3-2 (CS48, RX Port Group Size 1): group 0 = ports 11..0, group 1 =
 * ports 23..12; stype2 = 1 | status(12) | group(1). */
static void voqrx_cs48_width1_follows_table_3_2(void)
{
    CHECK_EQ(rx_setup(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 24), RIO_OK);
    CFG.rx_group_width = 1;
    CHECK_EQ(rio_voqrx_init(&RX, &CFG), RIO_OK);
    CHECK_EQ(rx_cs48(4, 0, 0x3000), RIO_OK); /* status 0x800, group 0 */
    CHECK_EQ(congested_mask(0), UINT64_C(1) << 11);
    CHECK_EQ(rx_cs48(4, 0, 0x3001), RIO_OK); /* status 0x800, group 1 */
    CHECK_EQ(congested_mask(0), (UINT64_C(1) << 11) | (UINT64_C(1) << 23));
    CHECK_EQ(rx_cs48(4, 0, 0x2003), RIO_OK); /* status 0x001, group 1 */
    CHECK_EQ(congested_mask(0), (UINT64_C(1) << 11) | (UINT64_C(1) << 12));
    CHECK_EQ(OUT.flags_changed, 2);
    CHECK_EQ(rx_cs48(4, 0, 0x2000), RIO_OK); /* group 0 all clear */
    CHECK_EQ(congested_mask(0), UINT64_C(1) << 12);
}

/* Table 3-4 (CS64, RX Port Group Size 4): group 15 = ports 255..240. */
static void voqrx_cs64_width4_follows_table_3_4(void)
{
    CHECK_EQ(rx_setup(RIO_P12_REV3, RIO_VOQ_FORMAT_CS64, 256), RIO_OK);
    CFG.rx_group_width = 4;
    CHECK_EQ(rio_voqrx_init(&RX, &CFG), RIO_OK);
    CHECK_EQ(rx_cs64(0xF8000F), RIO_OK);
    CHECK_EQ(rio_voqrx_port_congested(&RX, 255, 0), 1);
    CHECK_EQ(congested_count(0), 1);
    CHECK_EQ(rx_cs64(0xF8001F), RIO_OK);
    CHECK_EQ(rio_voqrx_port_congested(&RX, 240, 0), 1);
    CHECK_EQ(congested_count(0), 2);
    CHECK_EQ(rx_cs64(0xF00011), RIO_OK);
    CHECK_EQ(rio_voqrx_port_congested(&RX, 16, 0), 1);
    CHECK_EQ(congested_count(0), 3);
}

/* Rev 2 Tables 3-1..3-3: CMD bits 0-2, status bits 3-8 = offsets 5..0, group
 * bits 9-13, group 31 base 0xBA = 186. */
static void voqrx_rev2_group31_nop_and_reserved_cmds(void)
{
    CHECK_EQ(rx_setup(RIO_P12_REV2, RIO_VOQ_FORMAT_CS48, 192), RIO_OK);
    CHECK_EQ(rx_cs48(4, 0, 0x083F), RIO_OK); /* 001 000001 11111 */
    CHECK_EQ(OUT.result, RIO_VOQRX_APPLIED);
    CHECK_EQ(OUT.msg.first_port, 186);
    CHECK_EQ(rio_voqrx_port_congested(&RX, 186, 0), 1);
    CHECK_EQ(congested_count(0), 1);
    CHECK_EQ(rx_cs48(4, 0, 0x0C1F), RIO_OK); /* 001 100000 11111: 191 only */
    CHECK_EQ(rio_voqrx_port_congested(&RX, 191, 0), 1);
    CHECK_EQ(rio_voqrx_port_congested(&RX, 186, 0), 0);
    CHECK_EQ(rx_cs48(4, 0, 0x0C00), RIO_OK); /* 001 100000 00000: port 5 */
    CHECK_EQ(rio_voqrx_port_congested(&RX, 5, 0), 1);
    CHECK_EQ(congested_count(0), 2);
    CHECK_EQ(rx_cs48(4, 0, 0x0000), RIO_OK);
    CHECK_EQ(OUT.result, RIO_VOQRX_IGNORED_NOP);
    CHECK_EQ(rx_cs48(4, 0, 0x07FF), RIO_OK); /* NOP with a non-zero parameter */
    CHECK_EQ(OUT.result, RIO_VOQRX_IGNORED_NOP);
    CHECK_EQ(OUT.msg.parameter, 0x7FF);
    static const unsigned reserved[6] = {0x1000, 0x1800, 0x2000,
                                         0x2800, 0x3000, 0x3FFF};
    for (unsigned i = 0; i < 6; i++) {
        CHECK_EQ_AT(i, rx_cs48(4, 0, reserved[i]), RIO_OK);
        CHECK_EQ_AT(i, OUT.result, RIO_VOQRX_IGNORED_RESERVED_CMD);
    }
    CHECK_EQ(congested_count(0), 2);
    /* rev 3+ CMD 0 with a parameter: reserved, ignored */
    CHECK_EQ(rx_setup(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 16), RIO_OK);
    CHECK_EQ(rx_cs48(4, 0, 0x1FFF), RIO_OK);
    CHECK_EQ(OUT.result, RIO_VOQRX_IGNORED_RESERVED_CMD);
    CHECK_EQ(congested_count(0), 0);
}

/* Every RX Port Group Size 0-6, CS48 and CS64, 256 ports: group 0 port 0 and
 * the last existing port of the last group (same hand values as voqgen_test). */
static void voqrx_every_group_width_first_and_last_group(void)
{
    static const struct {
        unsigned last_port;
        uint16_t stype2_first, stype2_last;
    } t48[7] = {{12, 0x2001, 0x3000},  {23, 0x2002, 0x3001},
                {43, 0x2004, 0x3003},  {79, 0x2008, 0x3007},
                {143, 0x2010, 0x300F}, {255, 0x2020, 0x301F},
                {255, 0x2040, 0x2224}};
    static const struct {
        unsigned last_port;
        uint32_t first, last;
    } t64[7] = {{19, 0xF00001, 0xF80000},  {37, 0xF00002, 0xF80001},
                {71, 0xF00004, 0xF80003},  {135, 0xF00008, 0xF80007},
                {255, 0xF00010, 0xF8000F}, {255, 0xF00020, 0xF00031},
                {255, 0xF00040, 0xF00212}};
    for (unsigned n = 0; n < 7; n++) {
        CHECK_EQ_AT(n, rx_setup(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 256), RIO_OK);
        CFG.rx_group_width = n;
        CHECK_EQ_AT(n, rio_voqrx_init(&RX, &CFG), RIO_OK);
        CHECK_EQ_AT(n, rx_cs48(4, 0, t48[n].stype2_first), RIO_OK);
        CHECK_EQ_AT(n, congested_mask(0), 1);
        CHECK_EQ_AT(n, congested_count(0), 1);
        CHECK_EQ_AT(n, rx_cs48(4, 0, t48[n].stype2_last), RIO_OK);
        CHECK_EQ_AT(n, rio_voqrx_port_congested(&RX, t48[n].last_port, 0), 1);
        CHECK_EQ_AT(n, congested_count(0), n == 0 ? 1u : 2u); /* N=0: one group */

        CHECK_EQ_AT(n, rx_setup(RIO_P12_REV3, RIO_VOQ_FORMAT_CS64, 256), RIO_OK);
        CFG.rx_group_width = n;
        CHECK_EQ_AT(n, rio_voqrx_init(&RX, &CFG), RIO_OK);
        CHECK_EQ_AT(n, rx_cs64(t64[n].first), RIO_OK);
        CHECK_EQ_AT(n, congested_mask(0), 1);
        CHECK_EQ_AT(n, congested_count(0), 1);
        CHECK_EQ_AT(n, rx_cs64(t64[n].last), RIO_OK);
        CHECK_EQ_AT(n, rio_voqrx_port_congested(&RX, t64[n].last_port, 0), 1);
        CHECK_EQ_AT(n, congested_count(0), n == 0 ? 1u : 2u);
    }
}

/* I-RX-1 (erratum 10): status bits for ports the device lacks. CS48 N = 0 on a
 * 10-port device: stype2 0x3601 = status 0x1601 = ports 0, 9, 10, 12. */
static void voqrx_ports_beyond_the_device_follow_the_policy(void)
{
    CHECK_EQ(rx_setup(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 10), RIO_OK);
    CHECK_EQ(rx_cs48(4, 0, 0x3601), RIO_OK);
    CHECK_EQ(OUT.result, RIO_VOQRX_APPLIED);
    CHECK_EQ(OUT.beyond_bits, 2);
    CHECK_EQ(congested_mask(0), 0x201);
    CFG.beyond = RIO_VOQRX_BEYOND_DISCARD;
    CHECK_EQ(rio_voqrx_init(&RX, &CFG), RIO_OK);
    CHECK_EQ(rx_cs48(4, 0, 0x3601), RIO_OK);
    CHECK_EQ(OUT.result, RIO_VOQRX_DISCARDED_BEYOND);
    CHECK_EQ(OUT.beyond_bits, 2);
    CHECK_EQ(congested_mask(0), 0);
    CHECK_EQ(rx_cs48(4, 0, 0x2201), RIO_OK); /* 1s only on ports 0 and 9 */
    CHECK_EQ(OUT.result, RIO_VOQRX_APPLIED);
    CHECK_EQ(OUT.beyond_bits, 0);
    CHECK_EQ(congested_mask(0), 0x201);
    /* CS48 N = 6 group 63 = ports 441..447 on a 256-port device */
    CHECK_EQ(rx_setup(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 256), RIO_OK);
    CFG.rx_group_width = 6;
    CHECK_EQ(rio_voqrx_init(&RX, &CFG), RIO_OK);
    CHECK_EQ(rx_cs48(4, 0, 0x3FFF), RIO_OK);
    CHECK_EQ(OUT.result, RIO_VOQRX_APPLIED);
    CHECK_EQ(OUT.msg.first_port, 441);
    CHECK_EQ(OUT.beyond_bits, 7);
    CHECK_EQ(OUT.flags_changed, 0);
    CHECK_EQ(congested_count(0), 0);
}

/* ---- per VC (3.3) ------------------------------------------------------- */

static int per_vc_setup(enum rio_voq_format f, unsigned optional_vcs, bool per_vc)
{
    int rc = rx_setup(RIO_P12_REV3, f, 16);
    if (rc != RIO_OK)
        return rc;
    CFG.optional_vcs = optional_vcs;
    CFG.per_vc = per_vc;
    CFG.queue_within_vcs = true;
    CFG.rx_group_width = f == RIO_VOQ_FORMAT_CS64 ? 4u : 0u;
    return rio_voqrx_init(&RX, &CFG);
}

/* P12-3.3-b/f: Status -> VC0, VC_Status -> VCID + 1 (8 VCs); stype2 0x2004 is
 * port 2. Another stype0 names no VC (I-RX-2). */
static void voqrx_cs48_per_vc_takes_the_vc_of_status_or_vc_status(void)
{
    static const struct {
        unsigned stype0, parameter0, vc;
    } t[4] = {{4, 0x00, 0}, {5, 0x00, 1}, {5, 0x02, 3}, {5, 0x3F, 8}};
    for (unsigned i = 0; i < 4; i++) {
        CHECK_EQ_AT(i, per_vc_setup(RIO_VOQ_FORMAT_CS48, 8, true), RIO_OK);
        CHECK_EQ_AT(i, rx_cs48(t[i].stype0, t[i].parameter0, 0x2004), RIO_OK);
        CHECK_EQ_AT(i, OUT.result, RIO_VOQRX_APPLIED);
        CHECK_EQ_AT(i, OUT.vc, t[i].vc);
        CHECK_EQ_AT(i, OUT.flags_changed, 1);
        for (unsigned v = 0; v < 9; v++)
            CHECK_EQ_AT(i * 10 + v, congested_mask(v), v == t[i].vc ? 0x4u : 0u);
    }
    CHECK_EQ(per_vc_setup(RIO_VOQ_FORMAT_CS48, 8, true), RIO_OK);
    static const unsigned unlinked[6] = {0, 1, 2, 3, 6, 7};
    for (unsigned i = 0; i < 6; i++) {
        CHECK_EQ_AT(i, rx_cs48(unlinked[i], 0, 0x2004), RIO_OK);
        CHECK_EQ_AT(i, OUT.result, RIO_VOQRX_IGNORED_NOT_LINKED);
    }
    for (unsigned v = 0; v < 9; v++)
        CHECK_EQ_AT(v, congested_mask(v), 0);
}

/* P12-3.3-h: per-VC off, even with VC_Status the message is for all VCs. */
static void voqrx_cs48_per_vc_off_applies_to_all_vcs_whatever_it_rides_with(void)
{
    static const unsigned stype0s[3] = {5, 4, 0};
    for (unsigned i = 0; i < 3; i++) {
        CHECK_EQ_AT(i, per_vc_setup(RIO_VOQ_FORMAT_CS48, 8, false), RIO_OK);
        CHECK_EQ_AT(i, rx_cs48(stype0s[i], 0x02, 0x2004), RIO_OK);
        CHECK_EQ_AT(i, OUT.result, RIO_VOQRX_APPLIED);
        CHECK_EQ_AT(i, OUT.vc, RIO_VC_ALL);
        CHECK_EQ_AT(i, OUT.flags_changed, 9);
        for (unsigned v = 0; v < 9; v++)
            CHECK_EQ_AT(i * 10 + v, congested_mask(v), 0x4);
    }
}

/* Part 6 Table 3-12 with fewer VCs (I-RX-3). */
static void voqrx_vcid_with_fewer_vcs_follows_part6_table_3_12(void)
{
    static const struct {
        unsigned optional_vcs, vcid, vc;
    } t[8] = {{4, 0x0, 1}, {4, 0x3, 3}, {4, 0x5, 5}, {4, 0x7, 7},
              {2, 0x3, 1}, {2, 0x7, 5}, {1, 0x6, 1}, {8, 0x4, 5}};
    for (unsigned i = 0; i < 8; i++) {
        CHECK_EQ_AT(i, per_vc_setup(RIO_VOQ_FORMAT_CS48, t[i].optional_vcs, true),
                    RIO_OK);
        CHECK_EQ_AT(i, rx_cs48(5, t[i].vcid, 0x2004), RIO_OK);
        CHECK_EQ_AT(i, OUT.result, RIO_VOQRX_APPLIED);
        CHECK_EQ_AT(i, OUT.vc, t[i].vc);
        CHECK_EQ_AT(i, rio_voqrx_port_congested(&RX, 2, t[i].vc), 1);
        CHECK_EQ_AT(i, rio_voqrx_port_congested(&RX, 2, 0), 0);
    }
    CHECK_EQ(per_vc_setup(RIO_VOQ_FORMAT_CS48, 0, true), RIO_OK);
    CHECK_EQ(rx_cs48(5, 0, 0x2004), RIO_OK);
    CHECK_EQ(OUT.result, RIO_VOQRX_IGNORED_VC_NOT_IN_USE);
    CHECK_EQ(rx_cs48(4, 0, 0x2004), RIO_OK);
    CHECK_EQ(OUT.result, RIO_VOQRX_APPLIED);
    CHECK_EQ(rio_voqrx_port_congested(&RX, 2, 0), 1);
}

/* Table 3-3 and P12-3.2-c: CS64 VC_IND; 4-bit group, port 2 = status 0x0004. */
static void voqrx_cs64_vc_ind_selects_the_vc_and_reserved_is_ignored(void)
{
    static const struct {
        uint32_t param;
        unsigned vc;
    } t[4] = {{0x000040, 1}, {0x800040, 0}, {0x700040, 8}, {0x200040, 3}};
    for (unsigned i = 0; i < 4; i++) {
        CHECK_EQ_AT(i, per_vc_setup(RIO_VOQ_FORMAT_CS64, 8, true), RIO_OK);
        CHECK_EQ_AT(i, rx_cs64(t[i].param), RIO_OK);
        CHECK_EQ_AT(i, OUT.result, RIO_VOQRX_APPLIED);
        CHECK_EQ_AT(i, OUT.vc, t[i].vc);
        for (unsigned v = 0; v < 9; v++)
            CHECK_EQ_AT(i * 10 + v, congested_mask(v), v == t[i].vc ? 0x4u : 0u);
    }
    CHECK_EQ(per_vc_setup(RIO_VOQ_FORMAT_CS64, 8, true), RIO_OK);
    CHECK_EQ(rx_cs64(0xF00040), RIO_OK); /* all VCs */
    CHECK_EQ(OUT.vc, RIO_VC_ALL);
    CHECK_EQ(OUT.flags_changed, 9);
    for (unsigned vc_ind = 0x9; vc_ind <= 0xE; vc_ind++) {
        for (unsigned per_vc = 0; per_vc < 2; per_vc++) {
            CHECK_EQ_AT(vc_ind, per_vc_setup(RIO_VOQ_FORMAT_CS64, 8, per_vc != 0),
                        RIO_OK);
            CHECK_EQ_AT(vc_ind, rx_cs64(((uint32_t)vc_ind << 20) | 0x40u), RIO_OK);
            CHECK_EQ_AT(vc_ind, OUT.result, RIO_VOQRX_IGNORED_RESERVED_VC_IND);
            CHECK_EQ_AT(vc_ind, OUT.msg.vc_ind, vc_ind);
            for (unsigned v = 0; v < 9; v++)
                CHECK_EQ_AT(vc_ind * 10 + v, congested_mask(v), 0);
        }
    }
    /* per-VC off: a VC_IND naming VC3 still applies to all VCs (3.3) */
    CHECK_EQ(per_vc_setup(RIO_VOQ_FORMAT_CS64, 8, false), RIO_OK);
    CHECK_EQ(rx_cs64(0x200040), RIO_OK);
    CHECK_EQ(OUT.vc, RIO_VC_ALL);
    for (unsigned v = 0; v < 9; v++)
        CHECK_EQ_AT(v, congested_mask(v), 0x4);
    /* VC0-only device: VC_IND VC1 names no VC of it; VC0 and all work */
    CHECK_EQ(per_vc_setup(RIO_VOQ_FORMAT_CS64, 0, true), RIO_OK);
    CHECK_EQ(rx_cs64(0x000040), RIO_OK);
    CHECK_EQ(OUT.result, RIO_VOQRX_IGNORED_VC_NOT_IN_USE);
    CHECK_EQ(rx_cs64(0x800040), RIO_OK);
    CHECK_EQ(congested_mask(0), 0x4);
    /* 4 optional VCs: VC_IND 0b0011 folds to VC3 like a VCID */
    CHECK_EQ(per_vc_setup(RIO_VOQ_FORMAT_CS64, 4, true), RIO_OK);
    CHECK_EQ(rx_cs64(0x300040), RIO_OK);
    CHECK_EQ(OUT.vc, 3);
}

/* ---- staging (2.3, 4.3) ------------------------------------------------ */

/* Figure 2-3: 16 downstream ports on 4 staging queues (ports 4n..4n+3 on
 * queue n). CS48 N = 0: stype2 0x2000 | status. */
static int comingled_setup(void)
{
    int rc = rx_setup(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 16);
    if (rc != RIO_OK)
        return rc;
    CFG.queue_count = 4;
    for (unsigned p = 0; p < 16; p++)
        CFG.queue_of_port[p] = (uint8_t)(p / 4);
    return rio_voqrx_init(&RX, &CFG);
}

static void voqrx_comingled_queue_stops_while_any_of_its_ports_is_congested(void)
{
    CHECK_EQ(comingled_setup(), RIO_OK);
    CHECK_EQ(rx_cs48(4, 0, 0x2020), RIO_OK); /* port 5 */
    CHECK_EQ(rio_voqrx_queue_eligible(&RX, 1, 0), 0);
    CHECK_EQ(rio_voqrx_queue_eligible(&RX, 0, 0), 1);
    CHECK_EQ(rio_voqrx_queue_eligible(&RX, 2, RIO_VC_ALL), 1);
    CHECK_EQ(enq(1, 100, 4, 0), RIO_OK); /* queue 1, port itself not congested */
    CHECK_EQ(OUT.result, RIO_VOQRX_ENQUEUED);
    CHECK_EQ(enq(2, 200, 8, 0), RIO_OK); /* queue 2 */
    CHECK_EQ(enq(3, 300, 5, 0), RIO_OK); /* queue 1, the congested port */
    CHECK_EQ(enq(4, 400, 7, 0), RIO_OK); /* queue 1 */
    CHECK_EQ(rio_voqrx_queue_depth(&RX, 1, RIO_VC_ALL), 3);
    CHECK_EQ(rio_voqrx_queue_depth(&RX, 2, 0), 1);
    CHECK_COMMITS(2);
    CHECK_NOTHING_GOES();
    CHECK_EQ(rx_cs48(4, 0, 0x2060), RIO_OK); /* ports 5 and 6 */
    CHECK_EQ(rx_cs48(4, 0, 0x2040), RIO_OK); /* port 6 only: still blocked */
    CHECK_EQ(rio_voqrx_queue_eligible(&RX, 1, 0), 0);
    CHECK_NOTHING_GOES();
    CHECK_EQ(rx_cs48(4, 0, 0x2000), RIO_OK);
    CHECK_EQ(rio_voqrx_queue_eligible(&RX, 1, 0), 1);
    CHECK_COMMITS(1);
    CHECK_COMMITS(3);
    CHECK_COMMITS(4);
    CHECK_NOTHING_GOES();
    CHECK_EQ(rio_voqrx_waiting(&RX), 0);
}

/* 4.3b: traffic for a congested port waits, other traffic passes it. */
static void voqrx_congested_port_traffic_waits_while_other_traffic_passes(void)
{
    CHECK_EQ(rx_setup(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 16), RIO_OK);
    CHECK_EQ(rx_cs48(4, 0, 0x2008), RIO_OK); /* port 3 */
    CHECK_EQ(enq(1, 1, 3, 0), RIO_OK);
    CHECK_EQ(enq(2, 2, 4, 0), RIO_OK);
    CHECK_EQ(enq(3, 3, 3, 0), RIO_OK);
    CHECK_EQ(enq(4, 4, 15, 0), RIO_OK);
    CHECK_COMMITS(2);
    CHECK_COMMITS(4);
    CHECK_NOTHING_GOES();
    CHECK_EQ(rio_voqrx_queue_depth(&RX, 3, 0), 2);
    CHECK_EQ(rx_cs48(4, 0, 0x2000), RIO_OK);
    CHECK_COMMITS(1);
    CHECK_COMMITS(3);
}

/* I-RX-5 (4.3c/d): a flow never overtakes itself, even across ports. */
static void voqrx_flow_order_is_kept_even_across_ports(void)
{
    CHECK_EQ(rx_setup(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 16), RIO_OK);
    CHECK_EQ(rx_cs48(4, 0, 0x2020), RIO_OK); /* port 5 */
    CHECK_EQ(enq(1, 7, 5, 0), RIO_OK);  /* flow 7, held */
    CHECK_EQ(enq(2, 7, 8, 0), RIO_OK);  /* flow 7, free port: waits behind 1 */
    CHECK_EQ(enq(3, 9, 8, 0), RIO_OK);  /* another flow: passes */
    CHECK_COMMITS(3);
    CHECK_NOTHING_GOES();
    CHECK_EQ(rx_cs48(4, 0, 0x2000), RIO_OK);
    CHECK_COMMITS(1);
    CHECK_COMMITS(2);
    /* same flow, same port: arrival order */
    for (uint32_t id = 10; id < 15; id++)
        CHECK_EQ(enq(id, 1, 2, 0), RIO_OK);
    for (uint32_t id = 10; id < 15; id++)
        CHECK_COMMITS(id);
    /* a flow's later packet becomes its head when the earlier one leaves,
     * even if another flow's packets sit between them */
    CHECK_EQ(rx_cs48(4, 0, 0x2001), RIO_OK); /* port 0 */
    CHECK_EQ(enq(20, 5, 1, 0), RIO_OK);
    CHECK_EQ(enq(21, 6, 0, 0), RIO_OK); /* blocked */
    CHECK_EQ(enq(22, 5, 2, 0), RIO_OK);
    CHECK_COMMITS(20);
    CHECK_COMMITS(22);
    CHECK_NOTHING_GOES();
}

/* P12-3.3-f: per-VC queues, only the named VC's queue of the port stops. */
static void voqrx_per_vc_congestion_stops_only_that_vcs_queue(void)
{
    CHECK_EQ(per_vc_setup(RIO_VOQ_FORMAT_CS48, 8, true), RIO_OK);
    CHECK_EQ(rx_cs48(5, 0, 0x2004), RIO_OK); /* port 2 on VC1 */
    CHECK_EQ(rio_voqrx_queue_eligible(&RX, 2, 1), 0);
    CHECK_EQ(rio_voqrx_queue_eligible(&RX, 2, 0), 1);
    CHECK_EQ(rio_voqrx_queue_eligible(&RX, 2, RIO_VC_ALL), RIO_EINVAL);
    CHECK_EQ(enq(1, 1, 2, 1), RIO_OK);
    CHECK_EQ(enq(2, 2, 2, 0), RIO_OK);
    CHECK_EQ(enq(3, 3, 2, 8), RIO_OK);
    CHECK_EQ(rio_voqrx_queue_depth(&RX, 2, 1), 1);
    CHECK_EQ(rio_voqrx_queue_depth(&RX, 2, RIO_VC_ALL), 3);
    CHECK_COMMITS(2);
    CHECK_COMMITS(3);
    CHECK_NOTHING_GOES();
    CHECK_EQ(rx_cs48(5, 0, 0x2000), RIO_OK);
    CHECK_COMMITS(1);
    /* P12-3.3-e: the same device with per-VC off stops the port on every VC */
    CHECK_EQ(per_vc_setup(RIO_VOQ_FORMAT_CS48, 8, false), RIO_OK);
    CHECK_EQ(rx_cs48(5, 0, 0x2004), RIO_OK);
    for (unsigned v = 0; v < 9; v++)
        CHECK_EQ_AT(v, rio_voqrx_queue_eligible(&RX, 2, v), 0);
    CHECK_EQ(enq(1, 1, 2, 4), RIO_OK);
    CHECK_NOTHING_GOES();
}

static void voqrx_full_staging_refuses_packets(void)
{
    CHECK_EQ(rx_setup(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 16), RIO_OK);
    for (uint32_t i = 0; i < RIO_VOQRX_MAX_PACKETS; i++)
        CHECK_EQ_AT(i, enq(i, i % 3u, i % 16u, 0), RIO_OK);
    CHECK_EQ(rio_voqrx_waiting(&RX), 256);
    CHECK_EQ(enq(999, 0, 0, 0), RIO_EFULL);
    CHECK_EQ(rio_voqrx_waiting(&RX), 256);
    CHECK_COMMITS(0);
    CHECK_EQ(enq(999, 0, 0, 0), RIO_OK);
    CHECK_EQ(rio_voqrx_waiting(&RX), 256);
}

/* ---- events, errors, queries ------------------------------------------- */

static void voqrx_decoded_message_event_is_checked_and_applied(void)
{
    struct rio_voq_msg m;
    CHECK_EQ(rx_setup(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 16), RIO_OK);
    CHECK_EQ(rio_voq_stype2_decode(&m, RIO_P12_REV3, 0, 0x2004), RIO_OK);
    struct rio_voqrx_event e = {.type = RIO_VOQRX_EV_RX_MSG, .msg = m,
                                .stype0 = 4};
    CHECK_EQ(step(e), RIO_OK);
    CHECK_EQ(OUT.result, RIO_VOQRX_APPLIED);
    CHECK_EQ(congested_mask(0), 0x4);
#define BADMSG(stmt)                                                           \
    do {                                                                       \
        struct rio_voqrx_event b = e;                                          \
        stmt;                                                                  \
        CHECK_EQ(step(b), RIO_EINVAL);                                         \
    } while (0)
    BADMSG(b.msg.group_width = 1);
    BADMSG(b.msg.status_width = 12);
    BADMSG(b.msg.group = 1);
    BADMSG(b.msg.status = 0x2000);
    BADMSG(b.msg.first_port = 1);
    BADMSG(b.msg.kind = (enum rio_voq_kind)9);
    BADMSG(b.msg.kind = RIO_VOQ_NOP);             /* rev 2 only */
    BADMSG(b.msg.kind = RIO_VOQ_RESERVED_VC_IND); /* CS64 only */
#undef BADMSG
    CHECK_EQ(congested_mask(0), 0x4);
    /* CS64 message: the VC must agree with VC_IND */
    CHECK_EQ(per_vc_setup(RIO_VOQ_FORMAT_CS64, 8, true), RIO_OK);
    CHECK_EQ(rio_voq_cs64_decode(&m, 4, 0x200040), RIO_OK);
    e.msg = m;
    CHECK_EQ(step(e), RIO_OK);
    CHECK_EQ(OUT.vc, 3);
    e.msg.vc = 4;
    CHECK_EQ(step(e), RIO_EINVAL);
    e.msg.vc_ind = 0x10;
    CHECK_EQ(step(e), RIO_EINVAL);
    CHECK_EQ(rio_voq_cs64_decode(&m, 4, 0xA00040), RIO_OK);
    e.msg = m;
    CHECK_EQ(step(e), RIO_OK);
    CHECK_EQ(OUT.result, RIO_VOQRX_IGNORED_RESERVED_VC_IND);
    e.msg.vc_ind = 0x3;
    CHECK_EQ(step(e), RIO_EINVAL); /* "reserved" kind with a valid VC_IND */
    e.msg.kind = RIO_VOQ_RESERVED_CMD;
    CHECK_EQ(step(e), RIO_EINVAL); /* CS64 has no CMD */
}

static void voqrx_step_rejects_bad_events_without_change(void)
{
    CHECK_EQ(per_vc_setup(RIO_VOQ_FORMAT_CS48, 4, true), RIO_OK);
    struct rio_voqrx_event e = {.type = RIO_VOQRX_EV_SCHEDULE};
    CHECK_EQ(rio_voqrx_step(NULL, &e, &OUT), RIO_EINVAL);
    CHECK_EQ(rio_voqrx_step(&RX, NULL, &OUT), RIO_EINVAL);
    CHECK_EQ(rio_voqrx_step(&RX, &e, NULL), RIO_EINVAL);
    e.type = (enum rio_voqrx_event_type)42;
    CHECK_EQ(step(e), RIO_EINVAL);
    CHECK_EQ(step((struct rio_voqrx_event){.type = RIO_VOQRX_EV_RX_SYMBOL,
                                           .bytes = NULL, .len = 6}),
             RIO_EINVAL);
    CHECK_EQ(enq(1, 1, 16, 0), RIO_ERANGE);
    CHECK_EQ(enq(1, 1, 0xFFFF, 0), RIO_ERANGE);
    CHECK_EQ(enq(1, 1, 0, 2), RIO_ERANGE); /* VCs 0, 1, 3, 5, 7 */
    CHECK_EQ(enq(1, 1, 0, 9), RIO_ERANGE);
    CHECK_EQ(enq(1, 1, 0, RIO_VC_ALL), RIO_ERANGE);
    CHECK_EQ(rio_voqrx_waiting(&RX), 0);
    CHECK_EQ(rio_voqrx_waiting(NULL), 0);
    CHECK_EQ(rio_voqrx_port_congested(NULL, 0, 0), RIO_EINVAL);
    CHECK_EQ(rio_voqrx_port_congested(&RX, 16, 0), RIO_ERANGE);
    CHECK_EQ(rio_voqrx_port_congested(&RX, 0, 2), RIO_ERANGE);
    CHECK_EQ(rio_voqrx_port_congested(&RX, 0, RIO_VC_ALL), RIO_ERANGE);
    CHECK_EQ(rio_voqrx_queue_eligible(NULL, 0, 0), RIO_EINVAL);
    CHECK_EQ(rio_voqrx_queue_eligible(&RX, 16, 0), RIO_ERANGE);
    CHECK_EQ(rio_voqrx_queue_eligible(&RX, 0, 6), RIO_ERANGE);
    CHECK_EQ(rio_voqrx_queue_depth(NULL, 0, 0), RIO_EINVAL);
    CHECK_EQ(rio_voqrx_queue_depth(&RX, 16, RIO_VC_ALL), RIO_ERANGE);
    CHECK_EQ(rio_voqrx_queue_depth(&RX, 0, 4), RIO_ERANGE);
    CHECK_EQ(rio_voqrx_queue_depth(&RX, 15, 7), 0);
}

static void voqrx_reset_clears_congestion_and_staging(void)
{
    CHECK_EQ(comingled_setup(), RIO_OK);
    CHECK_EQ(rx_cs48(4, 0, 0x3FFF), RIO_OK); /* all 13 ports of the group */
    CHECK_EQ(enq(1, 1, 0, 0), RIO_OK);
    CHECK_EQ(step((struct rio_voqrx_event){.type = RIO_VOQRX_EV_RESET}), RIO_OK);
    CHECK_EQ(OUT.result, RIO_VOQRX_NOTHING);
    CHECK_EQ(congested_count(0), 0);
    CHECK_EQ(rio_voqrx_waiting(&RX), 0);
    for (unsigned q = 0; q < 4; q++)
        CHECK_EQ_AT(q, rio_voqrx_queue_eligible(&RX, q, 0), 1);
    CHECK_NOTHING_GOES();
    CHECK_EQ(rx_cs48(4, 0, 0x2001), RIO_OK); /* counts restart from zero */
    CHECK_EQ(rio_voqrx_queue_eligible(&RX, 0, 0), 0);
    CHECK_EQ(rx_cs48(4, 0, 0x2000), RIO_OK);
    CHECK_EQ(rio_voqrx_queue_eligible(&RX, 0, 0), 1);
}

/* ---- generator to receiver --------------------------------------------- */

static struct rio_voqgen GEN;
static struct rio_voqgen_symbol GSYM[RIO_VOQGEN_OUT_MAX_CSR];

static uint32_t rng_state;
static uint32_t rnd(void)
{
    uint32_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return rng_state = x;
}

/* The symbols one generator port sends, packed and received: the receiver
 * ends up with the generator's reported status of every participating port,
 * on every VC, after every event (4.2e + 4.3). */
static void link_run(enum rio_p12_rev rev, enum rio_voq_format f, unsigned ports,
                     unsigned width, unsigned optional_vcs, bool per_vc,
                     uint32_t seed)
{
    const uint32_t gen_csr = 0x00800000u | 0x00400000u | (width << 3) |
                             (per_vc ? 0x20100000u : 0u);
    struct rio_voqgen_cfg gc = {rev, f, ports, optional_vcs, 0, false};
    CHECK_EQ(rio_voqgen_init(&GEN, &gc), RIO_OK);
    CHECK_EQ(rx_setup(rev, f, ports), RIO_OK);
    CFG.optional_vcs = optional_vcs;
    CFG.per_vc = per_vc;
    CFG.queue_within_vcs = per_vc;
    CFG.rx_group_width = width;
    CHECK_EQ(rio_voqrx_init(&RX, &CFG), RIO_OK);
    rng_state = seed;
    unsigned vclist[9], nvc = 0;
    for (unsigned v = 0; v < 9; v++)
        if (rio_voqgen_vc_in_use(optional_vcs, v))
            vclist[nvc++] = v;
    unsigned seen = 0;
    for (unsigned i = 0; i < 3000; i++) {
        struct rio_voqgen_event e = {0};
        unsigned r = rnd() % 10u;
        e.port = rnd() % ports;
        if (i == 0) { /* port 0 transmits */
            e.type = RIO_VOQGEN_EV_WRITE_CSR;
            e.port = 0;
            e.csr = gen_csr;
        } else if (r < 7) {
            e.type = RIO_VOQGEN_EV_SET_CONGESTION;
            e.vc = vclist[rnd() % nvc];
            e.congested = rnd() & 1u;
        } else {
            e.type = RIO_VOQGEN_EV_WRITE_CSR;
            e.csr = (rnd() & 1u ? 0x00400000u : 0u) | (rnd() % 4u == 0 ? 0x00200000u : 0u);
            if (e.port == 0)
                e.csr = gen_csr;
        }
        struct rio_voqgen_out o = {GSYM, RIO_VOQGEN_OUT_MAX_CSR, 0};
        CHECK_EQ_AT(i, rio_voqgen_step(&GEN, &e, &o), RIO_OK);
        for (size_t k = 0; k < o.count; k++) {
            uint8_t b[8];
            size_t n = 0;
            CHECK_EQ_AT(i, rio_voqgen_symbol_pack(b, 8, &n, &GSYM[k], 0, 63), RIO_OK);
            CHECK_EQ_AT(i, rx_raw(b, n), RIO_OK);
            CHECK_EQ_AT(i, OUT.result, RIO_VOQRX_APPLIED);
            seen++;
        }
        unsigned groups = 0, sw = 0;
        CHECK_EQ_AT(i, rio_voqgen_geometry(&GEN, 0, NULL, &sw, &groups), RIO_OK);
        for (unsigned q = 0; q < ports && q < groups * sw; q++) {
            if (!(GEN.csr[q] & 0x00400000u))
                continue;
            for (unsigned k = 0; k < nvc; k++)
                CHECK_EQ_AT(i * 1000 + q,
                            rio_voqrx_port_congested(&RX, q, vclist[k]),
                            rio_voqgen_reported_status(&GEN, q,
                                                       per_vc ? vclist[k] : RIO_VC_ALL));
        }
    }
    CHECK(seen > 100);
}

static void voqrx_generator_symbols_keep_the_receiver_in_step_cs48_per_vc(void)
{
    link_run(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 24, 1, 8, true, 0xA11CEu);
}

static void voqrx_generator_symbols_keep_the_receiver_in_step_cs64(void)
{
    link_run(RIO_P12_REV3, RIO_VOQ_FORMAT_CS64, 60, 2, 4, false, 0xB0Bu);
}

static void voqrx_generator_symbols_keep_the_receiver_in_step_rev2(void)
{
    link_run(RIO_P12_REV2, RIO_VOQ_FORMAT_CS48, 40, 0, 2, true, 0xCAFEu);
}

/* ---- property test --------------------------------------------------------
 * Random symbols, packets and schedules; the test's own model of the flags
 * (3.3), the queues (2.3) and the flow order (I-RX-5) decides every outcome. */

static uint16_t MFLAG[64];
static struct rio_voqrx_packet MWAIT[RIO_VOQRX_MAX_PACKETS];
static unsigned MDEPTH;

static bool m_queue_blocked(unsigned queue, unsigned vc)
{
    for (unsigned p = 0; p < RX.cfg.port_count; p++) {
        if (RX.cfg.queue_of_port[p] != queue)
            continue;
        if (RX.cfg.queue_within_vcs ? (((unsigned)MFLAG[p] >> vc) & 1u) : MFLAG[p] != 0)
            return true;
    }
    return false;
}

/* Part 6 Table 3-12, written out. */
static int m_fold(unsigned optional_vcs, unsigned vcid)
{
    static const int t[9][8] = {
        {-1, -1, -1, -1, -1, -1, -1, -1}, {1, 1, 1, 1, 1, 1, 1, 1},
        {1, 1, 1, 1, 5, 5, 5, 5},         {0},
        {1, 1, 3, 3, 5, 5, 7, 7},         {0}, {0}, {0},
        {1, 2, 3, 4, 5, 6, 7, 8}};
    return t[optional_vcs][vcid & 7u];
}

static void property_run(enum rio_p12_rev rev, enum rio_voq_format f,
                         unsigned ports, unsigned width, unsigned optional_vcs,
                         bool per_vc, unsigned queues, uint32_t seed)
{
    CHECK_EQ(rx_setup(rev, f, ports), RIO_OK);
    CFG.optional_vcs = optional_vcs;
    CFG.per_vc = per_vc;
    CFG.queue_within_vcs = per_vc || (seed & 1u);
    CFG.rx_group_width = width;
    CFG.queue_count = queues;
    rng_state = seed;
    for (unsigned p = 0; p < ports; p++)
        CFG.queue_of_port[p] = (uint8_t)(rnd() % queues);
    CHECK_EQ(rio_voqrx_init(&RX, &CFG), RIO_OK);
    memset(MFLAG, 0, sizeof MFLAG);
    MDEPTH = 0;
    uint16_t all = 0;
    unsigned vclist[9], nvc = 0;
    for (unsigned v = 0; v < 9; v++)
        if (rio_voqgen_vc_in_use(optional_vcs, v)) {
            vclist[nvc++] = v;
            all = (uint16_t)(all | (1u << v));
        }
    unsigned gw = rev == RIO_P12_REV2 ? 5u : width;
    unsigned sw = rev == RIO_P12_REV2 ? 6u
                  : (f == RIO_VOQ_FORMAT_CS48 ? 13u : 20u) - width;
    uint32_t next_id = 0;
    unsigned commits = 0, applied = 0;
    for (unsigned step_no = 0; step_no < 6000; step_no++) {
        unsigned r = rnd() % 100u;
        if (r < 35) {
            /* a VoQ message: group just inside or past the device */
            unsigned group = rnd() % ((ports + sw - 1u) / sw + 1u);
            if (group >= (1u << gw))
                group = (1u << gw) - 1u;
            uint32_t status = 0;
            for (unsigned b = 0; b < sw; b++)
                status |= (rnd() % 8u == 0 ? 1u : 0u) << b;
            uint16_t vcs = all;
            bool ignored = false;
            int rc;
            if (f == RIO_VOQ_FORMAT_CS64) {
                static const unsigned vc_inds[12] = {0, 1, 2, 3, 4, 5, 6, 7,
                                                     8, 15, 15, 9};
                unsigned vc_ind = vc_inds[rnd() % 12u];
                if (vc_ind == 9)
                    vc_ind = 9 + rnd() % 6u; /* reserved */
                uint32_t param = 0;
                CHECK_EQ_AT(step_no, rio_voq_cs64_encode(&param, vc_ind, gw, group,
                                                         status), RIO_OK);
                if (vc_ind >= 9 && vc_ind <= 14)
                    ignored = true;
                else if (per_vc && vc_ind == 8)
                    vcs = 1;
                else if (per_vc && vc_ind < 8) {
                    int v = m_fold(optional_vcs, vc_ind);
                    ignored = v < 0;
                    vcs = (uint16_t)(v < 0 ? 0 : 1u << v);
                }
                rc = rx_cs64(param);
            } else {
                uint16_t stype2 = 0;
                CHECK_EQ_AT(step_no, rio_voq_stype2_encode(&stype2, rev, gw, group,
                                                           status), RIO_OK);
                unsigned s0 = rnd() % 10u < 8u ? 4u + rnd() % 2u : rnd() % 8u;
                unsigned p0 = rnd() % 64u;
                if (per_vc && s0 == 4)
                    vcs = 1;
                else if (per_vc && s0 == 5) {
                    int v = m_fold(optional_vcs, p0);
                    ignored = v < 0;
                    vcs = (uint16_t)(v < 0 ? 0 : 1u << v);
                } else if (per_vc)
                    ignored = true;
                rc = rx_cs48(s0, p0, stype2);
            }
            CHECK_EQ_AT(step_no, rc, RIO_OK);
            CHECK_EQ_AT(step_no, OUT.result == RIO_VOQRX_APPLIED, !ignored);
            if (!ignored) {
                applied++;
                for (unsigned b = 0; b < sw; b++) {
                    unsigned port = group * sw + b;
                    if (port >= ports)
                        continue;
                    if ((status >> b) & 1u)
                        MFLAG[port] = (uint16_t)(MFLAG[port] | vcs);
                    else
                        MFLAG[port] = (uint16_t)(MFLAG[port] & ~vcs);
                }
            }
        } else if (r < 70) {
            struct rio_voqrx_packet p = {next_id++, rnd() % 6u,
                                         (uint16_t)(rnd() % ports),
                                         (uint8_t)vclist[rnd() % nvc]};
            int rc = enq(p.id, p.flow_id, p.port, p.vc);
            if (MDEPTH == RIO_VOQRX_MAX_PACKETS) {
                CHECK_EQ_AT(step_no, rc, RIO_EFULL);
            } else {
                CHECK_EQ_AT(step_no, rc, RIO_OK);
                MWAIT[MDEPTH++] = p;
            }
        } else if (r < 99) {
            /* the model's choice: oldest packet heading its flow whose queue
             * may go */
            int want = -1;
            for (unsigned i = 0; i < MDEPTH && want < 0; i++) {
                bool head = true;
                for (unsigned j = 0; j < i; j++)
                    if (MWAIT[j].flow_id == MWAIT[i].flow_id)
                        head = false;
                if (head && !m_queue_blocked(RX.cfg.queue_of_port[MWAIT[i].port],
                                             MWAIT[i].vc))
                    want = (int)i;
            }
            CHECK_EQ_AT(step_no, sched(), RIO_OK);
            if (want < 0) {
                CHECK_EQ_AT(step_no, OUT.result, RIO_VOQRX_NOTHING_ELIGIBLE);
            } else {
                CHECK_EQ_AT(step_no, OUT.result, RIO_VOQRX_COMMITTED);
                CHECK_EQ_AT(step_no, OUT.packet.id, MWAIT[want].id);
                /* never for a congested port, never from a queue co-mingling
                 * one (4.3b, 4.3e, 2.3) */
                const struct rio_voqrx_packet *c = &OUT.packet;
                CHECK_EQ_AT(step_no, rio_voqrx_port_congested(&RX, c->port, c->vc), 0);
                for (unsigned p = 0; p < ports; p++) {
                    if (RX.cfg.queue_of_port[p] != RX.cfg.queue_of_port[c->port])
                        continue;
                    for (unsigned k = 0; k < nvc; k++)
                        if (!RX.cfg.queue_within_vcs || vclist[k] == c->vc)
                            CHECK_EQ_AT(step_no,
                                        rio_voqrx_port_congested(&RX, p, vclist[k]), 0);
                }
                memmove(&MWAIT[want], &MWAIT[want + 1],
                        (MDEPTH - (unsigned)want - 1u) * sizeof MWAIT[0]);
                MDEPTH--;
                commits++;
            }
        } else {
            CHECK_EQ_AT(step_no, step((struct rio_voqrx_event){.type = RIO_VOQRX_EV_RESET}),
                        RIO_OK);
            memset(MFLAG, 0, sizeof MFLAG);
            MDEPTH = 0;
        }
        /* after every event: flags, queue states and depths agree */
        for (unsigned p = 0; p < ports; p++)
            for (unsigned k = 0; k < nvc; k++)
                CHECK_EQ_AT(step_no * 100 + p,
                            rio_voqrx_port_congested(&RX, p, vclist[k]),
                            ((unsigned)MFLAG[p] >> vclist[k]) & 1u);
        for (unsigned q = 0; q < queues; q++) {
            for (unsigned k = 0; k < nvc; k++) {
                CHECK_EQ_AT(step_no * 100 + q,
                            rio_voqrx_queue_eligible(&RX, q, vclist[k]),
                            !m_queue_blocked(q, vclist[k]));
                int depth = 0;
                for (unsigned i = 0; i < MDEPTH; i++)
                    depth += RX.cfg.queue_of_port[MWAIT[i].port] == q &&
                             MWAIT[i].vc == vclist[k];
                CHECK_EQ_AT(step_no * 100 + q,
                            rio_voqrx_queue_depth(&RX, q, vclist[k]), depth);
            }
        }
        CHECK_EQ_AT(step_no, rio_voqrx_waiting(&RX), MDEPTH);
    }
    CHECK(commits > 400);
    CHECK(applied > 500);
}

static void voqrx_property_cs64_per_vc_comingled(void)
{
    property_run(RIO_P12_REV3, RIO_VOQ_FORMAT_CS64, 40, 2, 4, true, 5, 0x1234u);
}

static void voqrx_property_cs48_all_vcs_comingled(void)
{
    property_run(RIO_P12_REV3, RIO_VOQ_FORMAT_CS48, 30, 1, 2, false, 3, 0x9876u);
}

static void voqrx_property_rev2_linking(void)
{
    property_run(RIO_P12_REV2, RIO_VOQ_FORMAT_CS48, 50, 0, 8, true, 50, 0x4242u);
}

static void voqrx_property_rev2_shared_queues(void)
{
    property_run(RIO_P12_REV2, RIO_VOQ_FORMAT_CS48, 20, 0, 1, false, 2, 0x777u);
}

int main(int argc, char **argv)
{
    (void)argc;
    RUN(voqrx_init_rejects_bad_config);
    RUN(voqrx_cs48_readme_symbol_congests_port0_on_every_vc);
    RUN(voqrx_cs48_corrupt_or_short_symbol_is_discarded);
    RUN(voqrx_cs64_readme_symbol_congests_port0);
    RUN(voqrx_cs48_width1_follows_table_3_2);
    RUN(voqrx_cs64_width4_follows_table_3_4);
    RUN(voqrx_rev2_group31_nop_and_reserved_cmds);
    RUN(voqrx_every_group_width_first_and_last_group);
    RUN(voqrx_ports_beyond_the_device_follow_the_policy);
    RUN(voqrx_cs48_per_vc_takes_the_vc_of_status_or_vc_status);
    RUN(voqrx_cs48_per_vc_off_applies_to_all_vcs_whatever_it_rides_with);
    RUN(voqrx_vcid_with_fewer_vcs_follows_part6_table_3_12);
    RUN(voqrx_cs64_vc_ind_selects_the_vc_and_reserved_is_ignored);
    RUN(voqrx_comingled_queue_stops_while_any_of_its_ports_is_congested);
    RUN(voqrx_congested_port_traffic_waits_while_other_traffic_passes);
    RUN(voqrx_flow_order_is_kept_even_across_ports);
    RUN(voqrx_per_vc_congestion_stops_only_that_vcs_queue);
    RUN(voqrx_full_staging_refuses_packets);
    RUN(voqrx_decoded_message_event_is_checked_and_applied);
    RUN(voqrx_step_rejects_bad_events_without_change);
    RUN(voqrx_reset_clears_congestion_and_staging);
    RUN(voqrx_generator_symbols_keep_the_receiver_in_step_cs48_per_vc);
    RUN(voqrx_generator_symbols_keep_the_receiver_in_step_cs64);
    RUN(voqrx_generator_symbols_keep_the_receiver_in_step_rev2);
    RUN(voqrx_property_cs64_per_vc_comingled);
    RUN(voqrx_property_cs48_all_vcs_comingled);
    RUN(voqrx_property_rev2_linking);
    RUN(voqrx_property_rev2_shared_queues);
    return check_finish(argv[0]);
}
