/* SPDX-License-Identifier: Apache-2.0 */
/* Part 12 message codecs against the spec's own tables, cell by cell:
 * rev 4.1 Tables 3-1, 3-2, 3-3, 3-4 and rev 2.0 Tables 3-1, 3-2, 3-3. */
#include "check.h"
#include "rio/err.h"
#include "rio/voq.h"

/* Rev 4.1 Table 3-2 (CS48, RX Port Group Size 0b001: 1 group bit, 12 status
 * bits): row = port group value, column j = status bit j (bit 0 = MSB of the
 * status field). Typed from the table. */
static const uint16_t table_3_2[2][12] = {
    {11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0},
    {23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12},
};

/* Rev 4.1 Table 3-4 (CS64, RX Port Group Size 0b100: 4 group bits, 16 status
 * bits): rows 0..15 are "16 g + 15 - j" - typed as the table shows them. */
static const uint16_t table_3_4[16][16] = {
    {15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0},
    {31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16},
    {47, 46, 45, 44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32},
    {63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48},
    {79, 78, 77, 76, 75, 74, 73, 72, 71, 70, 69, 68, 67, 66, 65, 64},
    {95, 94, 93, 92, 91, 90, 89, 88, 87, 86, 85, 84, 83, 82, 81, 80},
    {111, 110, 109, 108, 107, 106, 105, 104, 103, 102, 101, 100, 99, 98, 97, 96},
    {127, 126, 125, 124, 123, 122, 121, 120, 119, 118, 117, 116, 115, 114, 113, 112},
    {143, 142, 141, 140, 139, 138, 137, 136, 135, 134, 133, 132, 131, 130, 129, 128},
    {159, 158, 157, 156, 155, 154, 153, 152, 151, 150, 149, 148, 147, 146, 145, 144},
    {175, 174, 173, 172, 171, 170, 169, 168, 167, 166, 165, 164, 163, 162, 161, 160},
    {191, 190, 189, 188, 187, 186, 185, 184, 183, 182, 181, 180, 179, 178, 177, 176},
    {207, 206, 205, 204, 203, 202, 201, 200, 199, 198, 197, 196, 195, 194, 193, 192},
    {223, 222, 221, 220, 219, 218, 217, 216, 215, 214, 213, 212, 211, 210, 209, 208},
    {239, 238, 237, 236, 235, 234, 233, 232, 231, 230, 229, 228, 227, 226, 225, 224},
    {255, 254, 253, 252, 251, 250, 249, 248, 247, 246, 245, 244, 243, 242, 241, 240},
};

/* The only congested port of a decoded message, or -1 if not exactly one. */
static int only_congested_port(const struct rio_voq_msg *m)
{
    struct rio_voq_port ports[RIO_VOQ_MAX_STATUS_BITS];
    unsigned n = rio_voq_msg_ports(ports, RIO_VOQ_MAX_STATUS_BITS, m);
    int found = -1;
    for (unsigned i = 0; i < n; i++) {
        if (ports[i].congested) {
            if (found >= 0)
                return -1;
            found = ports[i].port;
        }
    }
    return found;
}

/* stype2 bit b (0 = MSB of the 14-bit field) as a value. */
#define STYPE2_BIT(b) (1u << (13 - (b)))
/* CS64 parameter bit b (0 = MSB of 24 bits) as a value. */
#define PARAM24_BIT(b) (1u << (23 - (b)))

static void stype2_r3_table_3_2_every_cell(void)
{
    for (unsigned g = 0; g < 2; g++) {
        for (unsigned j = 0; j < 12; j++) {
            /* CMD (bit 0) = 1; status bits are stype2 bits 1..12 (status bit j
             * is stype2 bit 1+j); the 1-bit group is stype2 bit 13. */
            uint32_t v = STYPE2_BIT(0) | STYPE2_BIT(1 + j) | g;
            struct rio_voq_msg m;
            CHECK_EQ_AT(j, rio_voq_stype2_decode(&m, RIO_P12_REV3, 1, v), RIO_OK);
            CHECK_EQ_AT(j, m.kind, RIO_VOQ_BACKPRESSURE);
            CHECK_EQ_AT(j, m.group, g);
            CHECK_EQ_AT(j, only_congested_port(&m), table_3_2[g][j]);
            /* and encoding the same (group, status) gives the same bits */
            uint16_t enc;
            CHECK_EQ_AT(j, rio_voq_stype2_encode(&enc, RIO_P12_REV3, 1, g,
                                                 1u << (11 - j)), RIO_OK);
            CHECK_EQ_AT(j, enc, v);
        }
    }
}

static void cs64_table_3_4_every_cell(void)
{
    for (unsigned g = 0; g < 16; g++) {
        for (unsigned j = 0; j < 16; j++) {
            /* VC_IND bits 0-3 (all VCs), status bits 4..19 (status bit j is
             * parameter bit 4+j), group bits 20-23. */
            uint32_t v = (0xFu << 20) | PARAM24_BIT(4 + j) | g;
            struct rio_voq_msg m;
            CHECK_EQ_AT(j, rio_voq_cs64_decode(&m, 4, v), RIO_OK);
            CHECK_EQ_AT(j, m.kind, RIO_VOQ_BACKPRESSURE);
            CHECK_EQ_AT(j, m.vc, RIO_VC_ALL);
            CHECK_EQ_AT(j, m.status_width, 16);
            CHECK_EQ_AT(g * 16 + j, only_congested_port(&m), table_3_4[g][j]);
            uint32_t enc;
            CHECK_EQ_AT(j, rio_voq_cs64_encode(&enc, 0xF, 4, g, 1u << (15 - j)),
                        RIO_OK);
            CHECK_EQ_AT(j, enc, v);
        }
    }
}

/* Rev 4.1 Table 3-3, all 16 VC_IND values. */
static void cs64_table_3_3_every_vc_ind(void)
{
    static const int want_vc[16] = {1, 2, 3, 4, 5, 6, 7, 8, 0,
                                    -1, -1, -1, -1, -1, -1, RIO_VC_ALL};
    for (unsigned vi = 0; vi < 16; vi++) {
        struct rio_voq_msg m;
        CHECK_EQ_AT(vi, rio_voq_vc_ind_to_vc(vi), want_vc[vi]);
        CHECK_EQ_AT(vi, rio_voq_cs64_decode(&m, 4, (vi << 20) | 0x10u), RIO_OK);
        if (want_vc[vi] < 0) {
            /* P12-3.2-c: reserved VC_IND is ignored WITHOUT error */
            CHECK_EQ_AT(vi, m.kind, RIO_VOQ_RESERVED_VC_IND);
        } else {
            CHECK_EQ_AT(vi, m.kind, RIO_VOQ_BACKPRESSURE);
            CHECK_EQ_AT(vi, m.vc, want_vc[vi]);
            CHECK_EQ_AT(vi, rio_voq_vc_to_vc_ind(m.vc), vi);
        }
        CHECK_EQ_AT(vi, m.vc_ind, vi);
    }
    CHECK_EQ(rio_voq_vc_ind_to_vc(16), -1);
    CHECK_EQ(rio_voq_vc_to_vc_ind(9), RIO_ERANGE);
}

/* Rev 4.1 Table 3-1: CMD 0 is reserved (no function, ignored), CMD 1 VoQ. */
static void stype2_r3_table_3_1_cmd(void)
{
    struct rio_voq_msg m;
    CHECK_EQ(rio_voq_stype2_decode(&m, RIO_P12_REV3, 4, 0x0FFF), RIO_OK);
    CHECK_EQ(m.kind, RIO_VOQ_RESERVED_CMD);
    CHECK_EQ(rio_voq_msg_ports(NULL, 0, &m), 0);
    CHECK_EQ(rio_voq_stype2_decode(&m, RIO_P12_REV3, 4, 0x2000), RIO_OK);
    CHECK_EQ(m.kind, RIO_VOQ_BACKPRESSURE);
    CHECK_EQ(m.status, 0);
}

/* Rev 2.0 Table 3-1: CMD bits 0-2: 000 NOP, 001 VoQ, 010-111 reserved. */
static void stype2_r2_table_3_1_every_cmd(void)
{
    static const enum rio_voq_kind want[8] = {
        RIO_VOQ_NOP, RIO_VOQ_BACKPRESSURE, RIO_VOQ_RESERVED_CMD,
        RIO_VOQ_RESERVED_CMD, RIO_VOQ_RESERVED_CMD, RIO_VOQ_RESERVED_CMD,
        RIO_VOQ_RESERVED_CMD, RIO_VOQ_RESERVED_CMD};
    for (unsigned cmd = 0; cmd < 8; cmd++) {
        struct rio_voq_msg m;
        CHECK_EQ_AT(cmd, rio_voq_stype2_decode(&m, RIO_P12_REV2, 0, cmd << 11),
                    RIO_OK);
        CHECK_EQ_AT(cmd, m.kind, want[cmd]);
    }
}

/* Rev 2.0 Table 3-2: bit 3 = port offset 5 ... bit 8 = port offset 0, and
 * Table 3-3: base = group x 6 (0b00000 0x00, 0b00001 0x06, 0b00010 0x0C,
 * 0b11111 0xBA). */
static void stype2_r2_tables_3_2_and_3_3(void)
{
    static const unsigned offset_of_bit[6] = {5, 4, 3, 2, 1, 0}; /* bits 3..8 */
    static const struct {
        unsigned group, base;
    } bases[] = {{0, 0x00}, {1, 0x06}, {2, 0x0C}, {31, 0xBA}};
    for (unsigned r = 0; r < sizeof bases / sizeof bases[0]; r++) {
        for (unsigned b = 0; b < 6; b++) {
            uint32_t v = STYPE2_BIT(2) /* CMD 001 */ | STYPE2_BIT(3 + b) |
                         bases[r].group; /* group bits 9-13 */
            struct rio_voq_msg m;
            CHECK_EQ_AT(b, rio_voq_stype2_decode(&m, RIO_P12_REV2, 0, v), RIO_OK);
            CHECK_EQ_AT(b, m.kind, RIO_VOQ_BACKPRESSURE);
            CHECK_EQ_AT(b, m.first_port, bases[r].base);
            CHECK_EQ_AT(r * 6 + b, only_congested_port(&m),
                        bases[r].base + offset_of_bit[b]);
            uint16_t enc;
            CHECK_EQ_AT(b, rio_voq_stype2_encode(&enc, RIO_P12_REV2, 0,
                                                 bases[r].group,
                                                 1u << offset_of_bit[b]), RIO_OK);
            CHECK_EQ_AT(b, enc, v);
        }
    }
}

/* P12-2.1-b / 4.2-d: for every group width 0-6, in both formats, the first
 * and last group start at group x status_width, and the lowest port sits in the
 * least significant status bit. */
static void every_group_width_first_and_last_group(void)
{
    for (unsigned gw = 0; gw <= 6; gw++) {
        for (int fmt = 0; fmt < 2; fmt++) {
            unsigned total = fmt ? 20 : 13, sw = total - gw;
            unsigned last = (1u << gw) - 1;
            unsigned groups[2] = {0, last};
            for (int k = 0; k < 2; k++) {
                unsigned g = groups[k];
                struct rio_voq_msg m;
                if (fmt) {
                    uint32_t v = (0xFu << 20) | (1u << gw) | g; /* LSB status */
                    CHECK_EQ_AT(gw, rio_voq_cs64_decode(&m, gw, v), RIO_OK);
                } else {
                    uint32_t v = 0x2000u | (1u << gw) | g;
                    CHECK_EQ_AT(gw, rio_voq_stype2_decode(&m, RIO_P12_REV3, gw, v),
                                RIO_OK);
                }
                CHECK_EQ_AT(gw, m.status_width, sw);
                CHECK_EQ_AT(gw, m.first_port, g * sw);
                CHECK_EQ_AT(gw, only_congested_port(&m), (int)(g * sw));
            }
        }
    }
}

/* Group Size 0x7 is reserved (Table 5-3): the codec refuses to pick a width. */
static void group_width_7_is_reserved(void)
{
    struct rio_voq_msg m;
    uint16_t s2;
    uint32_t p;
    CHECK_EQ(rio_voq_stype2_decode(&m, RIO_P12_REV3, 7, 0x2000), RIO_ERESERVED);
    CHECK_EQ(rio_voq_cs64_decode(&m, 7, 0xF00000), RIO_ERESERVED);
    CHECK_EQ(rio_voq_stype2_encode(&s2, RIO_P12_REV3, 7, 0, 0), RIO_ERESERVED);
    CHECK_EQ(rio_voq_cs64_encode(&p, 15, 7, 0, 0), RIO_ERESERVED);
    /* rev 2 has no Port Group Size: the width argument is ignored */
    CHECK_EQ(rio_voq_stype2_decode(&m, RIO_P12_REV2, 7, 0x0800), RIO_OK);
}

static void encoders_reject_values_that_do_not_fit(void)
{
    uint16_t s2;
    uint32_t p;
    CHECK_EQ(rio_voq_stype2_encode(&s2, RIO_P12_REV3, 1, 2, 0), RIO_ERANGE);
    CHECK_EQ(rio_voq_stype2_encode(&s2, RIO_P12_REV3, 1, 0, 1u << 12), RIO_ERANGE);
    CHECK_EQ(rio_voq_stype2_encode(&s2, RIO_P12_REV3, 0, 0, 0x1FFF), RIO_OK);
    CHECK_EQ(s2, 0x3FFF);
    CHECK_EQ(rio_voq_stype2_encode(&s2, RIO_P12_REV2, 0, 32, 0), RIO_ERANGE);
    CHECK_EQ(rio_voq_stype2_encode(&s2, RIO_P12_REV2, 0, 0, 64), RIO_ERANGE);
    CHECK_EQ(rio_voq_cs64_encode(&p, 16, 4, 0, 0), RIO_ERANGE);
    CHECK_EQ(rio_voq_cs64_encode(&p, 15, 6, 64, 0), RIO_ERANGE);
    CHECK_EQ(rio_voq_cs64_encode(&p, 15, 6, 0, 1u << 14), RIO_ERANGE);
    CHECK_EQ(rio_voq_stype2_encode(NULL, RIO_P12_REV3, 0, 0, 0), RIO_EINVAL);
    CHECK_EQ(rio_voq_stype2_encode(&s2, (enum rio_p12_rev)9, 0, 0, 0), RIO_EINVAL);
    CHECK_EQ(rio_voq_stype2_decode(NULL, RIO_P12_REV3, 0, 0), RIO_EINVAL);
    struct rio_voq_msg m;
    CHECK_EQ(rio_voq_stype2_decode(&m, RIO_P12_REV3, 0, 0x4000), RIO_ERANGE);
    CHECK_EQ(rio_voq_cs64_decode(&m, 0, 0x1000000), RIO_ERANGE);
    CHECK_EQ(rio_voq_stype2_decode(&m, (enum rio_p12_rev)0, 0, 0), RIO_EINVAL);
}

/* decode(encode(x)) == x over every 13-bit status||group for every width, and
 * every 20-bit one for widths 0, 4, 6 (the full 24-bit sweep is a suite). */
static void round_trip_every_value(void)
{
    for (unsigned gw = 0; gw <= 6; gw++) {
        for (uint32_t v = 0; v < (1u << 13); v++) {
            struct rio_voq_msg m;
            uint16_t enc;
            CHECK_EQ_AT(v, rio_voq_stype2_decode(&m, RIO_P12_REV3, gw, 0x2000u | v),
                        RIO_OK);
            CHECK_EQ_AT(v, rio_voq_stype2_encode(&enc, RIO_P12_REV3, gw, m.group,
                                                 m.status), RIO_OK);
            CHECK_EQ_AT(v, enc, 0x2000u | v);
        }
    }
    static const unsigned widths[] = {0, 4, 6};
    for (unsigned k = 0; k < 3; k++) {
        for (uint32_t v = 0; v < (1u << 20); v += 7) {
            struct rio_voq_msg m;
            uint32_t enc;
            CHECK_EQ_AT(v, rio_voq_cs64_decode(&m, widths[k], 0x800000u | v), RIO_OK);
            CHECK_EQ_AT(v, rio_voq_cs64_encode(&enc, m.vc_ind, widths[k], m.group,
                                               m.status), RIO_OK);
            CHECK_EQ_AT(v, enc, 0x800000u | v);
        }
    }
}

/* A rev 2 NOP or reserved CMD must carry a zero parameter (Table 3-1); the
 * decoder reports a non-zero one instead of rejecting it (Part 6 3.1). */
static void stype2_r2_nonzero_nop_parameter_is_reported(void)
{
    struct rio_voq_msg m;
    CHECK_EQ(rio_voq_stype2_decode(&m, RIO_P12_REV2, 0, 0x0123), RIO_OK);
    CHECK_EQ(m.kind, RIO_VOQ_NOP);
    CHECK_EQ(m.parameter, 0x123);
}

static void msg_ports_respects_cap(void)
{
    struct rio_voq_msg m;
    struct rio_voq_port p[3];
    CHECK_EQ(rio_voq_cs64_decode(&m, 0, 0xF00003u), RIO_OK); /* ports 0,1 */
    CHECK_EQ(rio_voq_msg_ports(p, 3, &m), 20);
    CHECK_EQ(p[0].port, 0);
    CHECK_EQ(p[0].congested, 1);
    CHECK_EQ(p[1].congested, 1);
    CHECK_EQ(p[2].port, 2);
    CHECK_EQ(p[2].congested, 0);
    CHECK_EQ(rio_voq_msg_ports(NULL, 0, NULL), 0);
}

/* Known answer DF000100E2BE8698: parameter 0xF00010 with a 4-bit group is
 * VC_IND all, status 0x0001, group 0: port 0 congested. */
static void cs64_known_answer_parameter(void)
{
    struct rio_voq_msg m;
    CHECK_EQ(rio_voq_cs64_decode(&m, 4, 0xF00010), RIO_OK);
    CHECK_EQ(m.status, 1);
    CHECK_EQ(m.group, 0);
    CHECK_EQ(only_congested_port(&m), 0);
    CHECK_EQ(rio_voq_cs64_parameter0(0xF00010), 0xF00);
    CHECK_EQ(rio_voq_cs64_parameter1(0xF00010), 0x010);
}

/* Known answer 807FC4003902: stype2 0x2001 in rev 3+ is CMD VoQ, parameter 1:
 * with width 0 all 13 bits are status and the LSB is port 0; with width 1 the
 * same bit is the group (group 1, nothing congested). */
static void stype2_known_answer_2001(void)
{
    struct rio_voq_msg m;
    CHECK_EQ(rio_voq_stype2_decode(&m, RIO_P12_REV3, 0, 0x2001), RIO_OK);
    CHECK_EQ(only_congested_port(&m), 0);
    CHECK_EQ(rio_voq_stype2_decode(&m, RIO_P12_REV3, 1, 0x2001), RIO_OK);
    CHECK_EQ(m.group, 1);
    CHECK_EQ(m.status, 0);
}

int main(int argc, char **argv)
{
    (void)argc;
    RUN(stype2_r3_table_3_2_every_cell);
    RUN(cs64_table_3_4_every_cell);
    RUN(cs64_table_3_3_every_vc_ind);
    RUN(stype2_r3_table_3_1_cmd);
    RUN(stype2_r2_table_3_1_every_cmd);
    RUN(stype2_r2_tables_3_2_and_3_3);
    RUN(every_group_width_first_and_last_group);
    RUN(group_width_7_is_reserved);
    RUN(encoders_reject_values_that_do_not_fit);
    RUN(round_trip_every_value);
    RUN(stype2_r2_nonzero_nop_parameter_is_reported);
    RUN(msg_ports_respects_cap);
    RUN(cs64_known_answer_parameter);
    RUN(stype2_known_answer_2001);
    return check_finish(argv[0]);
}
