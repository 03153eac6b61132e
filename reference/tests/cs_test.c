/* SPDX-License-Identifier: Apache-2.0 */
/* Whole control symbols: known answers (shared/spec/README.md), field layout
 * (Part 6 Figures 3-2/3-3), round trips, truncation and single-bit flips. */
#include "check.h"
#include "rio/cs.h"
#include "rio/err.h"

/* 807FC0000A35: stype0 status(0b100), parameter0 0, parameter1 (buf_status)
 * 63, stype1 NOP(0b111), cmd 0, stype2 0. */
static void cs48_pack_known_answer_status(void)
{
    struct rio_cs48 cs = {.stype0 = RIO_CS48_STYPE0_STATUS, .parameter1 = 63,
                          .stype1 = 7};
    uint8_t out[6], want[6];
    check_unhex(want, 6, "807FC0000A35");
    CHECK_EQ(rio_cs48_pack(out, &cs), RIO_OK);
    CHECK_MEM(out, want, 6);
    cs.stype2 = 0x2001;
    check_unhex(want, 6, "807FC4003902");
    CHECK_EQ(rio_cs48_pack(out, &cs), RIO_OK);
    CHECK_MEM(out, want, 6);
}

static void cs48_unpack_known_answer_fields(void)
{
    uint8_t in[6];
    struct rio_cs48 cs;
    check_unhex(in, 6, "807FC4003902");
    CHECK_EQ(rio_cs48_unpack(&cs, in, 6), RIO_OK);
    CHECK_EQ(cs.stype0, 4);
    CHECK_EQ(cs.parameter0, 0);
    CHECK_EQ(cs.parameter1, 63);
    CHECK_EQ(cs.stype1, 7);
    CHECK_EQ(cs.cmd, 0);
    CHECK_EQ(cs.stype2, 0x2001);
    CHECK_EQ(cs.crc13, 0x1902);
}

/* Each field lands on exactly its bits (Figure 3-2): set one field to all ones
 * and compare with the mask written from the figure's bit numbers. */
static void cs48_fields_occupy_the_figure_bits(void)
{
    static const struct {
        struct rio_cs48 cs;
        uint64_t mask; /* bits of the 48-bit symbol, outside the CRC */
    } rows[] = {
        {{.stype0 = 7}, UINT64_C(0xE00000000000)},     /* bits 0-2 */
        {{.parameter0 = 63}, UINT64_C(0x1F8000000000)}, /* bits 3-8 */
        {{.parameter1 = 63}, UINT64_C(0x007E00000000)}, /* bits 9-14 */
        {{.stype1 = 7}, UINT64_C(0x0001C0000000)},     /* bits 15-17 */
        {{.cmd = 7}, UINT64_C(0x000038000000)},        /* bits 18-20 */
        {{.stype2 = 0x3FFF}, UINT64_C(0x000007FFE000)}, /* bits 21-34 */
    };
    for (unsigned i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        uint8_t out[6];
        CHECK_EQ_AT(i, rio_cs48_pack(out, &rows[i].cs), RIO_OK);
        uint64_t w = 0;
        for (int k = 0; k < 6; k++)
            w = (w << 8) | out[k];
        CHECK_EQ_AT(i, w & ~UINT64_C(0x1FFF), rows[i].mask);
    }
}

static void cs48_pack_rejects_wide_fields(void)
{
    uint8_t out[6];
    struct rio_cs48 cs = {.stype0 = 8};
    CHECK_EQ(rio_cs48_pack(out, &cs), RIO_ERANGE);
    cs = (struct rio_cs48){.stype2 = 0x4000};
    CHECK_EQ(rio_cs48_pack(out, &cs), RIO_ERANGE);
    cs = (struct rio_cs48){.parameter1 = 64};
    CHECK_EQ(rio_cs48_pack(out, &cs), RIO_ERANGE);
    CHECK_EQ(rio_cs48_pack(NULL, &cs), RIO_EINVAL);
    CHECK_EQ(rio_cs48_pack(out, NULL), RIO_EINVAL);
}

static void cs48_every_truncated_prefix_is_etrunc(void)
{
    uint8_t in[7];
    struct rio_cs48 cs;
    check_unhex(in, 7, "807FC4003902FF");
    for (size_t n = 0; n < 6; n++)
        CHECK_EQ_AT(n, rio_cs48_unpack(&cs, in, n), RIO_ETRUNC);
    CHECK_EQ(rio_cs48_unpack(&cs, in, 7), RIO_ELENGTH);
    CHECK_EQ(rio_cs48_unpack(NULL, in, 6), RIO_EINVAL);
}

/* Any single-bit flip of a valid CS48 is detected as a CRC error, with the
 * fields still decoded. */
static void cs48_every_single_bit_flip_is_ecrc(void)
{
    uint8_t good[6];
    check_unhex(good, 6, "807FC4003902");
    for (unsigned bit = 0; bit < 48; bit++) {
        uint8_t in[6];
        struct rio_cs48 cs;
        memcpy(in, good, 6);
        in[bit / 8] ^= (uint8_t)(0x80u >> (bit % 8));
        CHECK_EQ_AT(bit, rio_cs48_unpack(&cs, in, 6), RIO_ECRC);
        CHECK_EQ_AT(bit, cs.crc13 != rio_cs48_crc(&cs), 1);
    }
}

static void cs48_round_trip_all_stype0_stype1_cmd(void)
{
    for (unsigned v = 0; v < 512; v++) {
        struct rio_cs48 a = {.stype0 = (uint8_t)(v >> 6),
                             .stype1 = (uint8_t)((v >> 3) & 7),
                             .cmd = (uint8_t)(v & 7),
                             .parameter0 = (uint8_t)(v % 64),
                             .parameter1 = (uint8_t)((v * 7) % 64),
                             .stype2 = (uint16_t)((v * 37) & 0x3FFF)};
        struct rio_cs48 b;
        uint8_t out[6];
        CHECK_EQ_AT(v, rio_cs48_pack(out, &a), RIO_OK);
        CHECK_EQ_AT(v, rio_cs48_unpack(&b, out, 6), RIO_OK);
        CHECK_EQ_AT(v, b.stype0, a.stype0);
        CHECK_EQ_AT(v, b.parameter0, a.parameter0);
        CHECK_EQ_AT(v, b.parameter1, a.parameter1);
        CHECK_EQ_AT(v, b.stype1, a.stype1);
        CHECK_EQ_AT(v, b.cmd, a.cmd);
        CHECK_EQ_AT(v, b.stype2, a.stype2);
    }
}

/* Part 12 rev 3+ 3.3 / rev 2 3.2: Status links to VC0, VC_Status to VCID+1
 * (Part 6 Table 3-12: VCID 0b000 = VC1 ... 0b111 = VC8); no other stype0. */
static void cs48_linked_vc_follows_status_and_vc_status(void)
{
    struct rio_cs48 cs = {.stype0 = RIO_CS48_STYPE0_STATUS, .parameter0 = 0x2A};
    CHECK_EQ(rio_cs48_linked_vc(&cs), 0);
    for (unsigned vcid = 0; vcid < 8; vcid++) {
        cs = (struct rio_cs48){.stype0 = RIO_CS48_STYPE0_VC_STATUS,
                               .parameter0 = (uint8_t)vcid};
        CHECK_EQ_AT(vcid, rio_cs48_linked_vc(&cs), vcid + 1);
        cs.parameter0 = (uint8_t)(0x38u | vcid); /* reserved upper bits ignored */
        CHECK_EQ_AT(vcid, rio_cs48_linked_vc(&cs), vcid + 1);
    }
    const uint8_t others[] = {0, 1, 2, 3, 6, 7, 8, 255};
    for (unsigned i = 0; i < sizeof others; i++) {
        cs = (struct rio_cs48){.stype0 = others[i]};
        CHECK_EQ_AT(i, rio_cs48_linked_vc(&cs), RIO_EFORMAT);
    }
    CHECK_EQ(rio_cs48_linked_vc(NULL), RIO_EINVAL);
}

/* 4000FFF0E21F8884: stype0 status (0b0100), parameter0 0, parameter1 0xFFF,
 * stype1 0x38. */
static void cs64_pack_known_answer_status(void)
{
    struct rio_cs64 cs = {.stype0 = RIO_CS64_STYPE0_STATUS, .parameter1 = 0xFFF,
                          .stype1 = 0x38};
    uint8_t out[8], want[8];
    check_unhex(want, 8, "4000FFF0E21F8884");
    CHECK_EQ(rio_cs64_pack(out, &cs), RIO_OK);
    CHECK_MEM(out, want, 8);
}

/* DF000100E2BE8698: VoQ stype0 0b1101, parameter0||parameter1 = VC_IND 0xF,
 * status 0x0001 (16 bits), group 0 (4 bits) -> 0xF00010. */
static void cs64_unpack_known_answer_voq(void)
{
    uint8_t in[8];
    struct rio_cs64 cs;
    check_unhex(in, 8, "DF000100E2BE8698");
    CHECK_EQ(rio_cs64_unpack(&cs, in, 8), RIO_OK);
    CHECK_EQ(cs.stype0, RIO_CS64_STYPE0_VOQ_BACKPRESSURE);
    CHECK_EQ(cs.parameter0, 0xF00);
    CHECK_EQ(cs.parameter1, 0x010);
    CHECK_EQ(cs.stype1, 0x38);
    CHECK_EQ(cs.alignment, 0);
    uint8_t out[8];
    CHECK_EQ(rio_cs64_pack(out, &cs), RIO_OK);
    CHECK_MEM(out, in, 8);
}

static void cs64_fields_occupy_the_figure_bits(void)
{
    static const struct {
        struct rio_cs64 cs;
        uint64_t mask;
    } rows[] = {
        {{.stype0 = 15}, UINT64_C(0xF000000000000000)},     /* bits 0-3 */
        {{.parameter0 = 0xFFF}, UINT64_C(0x0FFF000000000000)}, /* 4-15 */
        {{.parameter1 = 0xFFF}, UINT64_C(0x0000FFF000000000)}, /* 16-27 */
        {{.stype1 = 0xC0}, UINT64_C(0x0000000C00000000)},   /* 28-29 */
        {{.stype1 = 0x3F}, UINT64_C(0x00000000FC000000)},   /* 32-37 */
    };
    for (unsigned i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        uint8_t out[8];
        CHECK_EQ_AT(i, rio_cs64_pack(out, &rows[i].cs), RIO_OK);
        uint64_t w = 0;
        for (int k = 0; k < 8; k++)
            w = (w << 8) | out[k];
        /* outside CRC-24 (38-61) the only bits set are the field's; the
         * alignment bits (30-31, 62-63) are zero */
        CHECK_EQ_AT(i, w & ~UINT64_C(0x3FFFFFC), rows[i].mask);
    }
}

static void cs64_every_truncated_prefix_is_etrunc(void)
{
    uint8_t in[9];
    struct rio_cs64 cs;
    check_unhex(in, 9, "DF000100E2BE869800");
    for (size_t n = 0; n < 8; n++)
        CHECK_EQ_AT(n, rio_cs64_unpack(&cs, in, n), RIO_ETRUNC);
    CHECK_EQ(rio_cs64_unpack(&cs, in, 9), RIO_ELENGTH);
}

/* A flip of an alignment bit is reported in `alignment` (bits 30-31 are zeroed
 * for the CRC, 62-63 are outside it); every other flip is a CRC error. */
static void cs64_every_single_bit_flip_is_ecrc_or_alignment(void)
{
    uint8_t good[8];
    check_unhex(good, 8, "DF000100E2BE8698");
    for (unsigned bit = 0; bit < 64; bit++) {
        uint8_t in[8];
        struct rio_cs64 cs;
        memcpy(in, good, 8);
        in[bit / 8] ^= (uint8_t)(0x80u >> (bit % 8));
        int rc = rio_cs64_unpack(&cs, in, 8);
        if (bit == 30 || bit == 31 || bit == 62 || bit == 63) {
            CHECK_EQ_AT(bit, rc, RIO_OK);
            CHECK_EQ_AT(bit, cs.alignment,
                        bit == 30 ? 8 : bit == 31 ? 4 : bit == 62 ? 2 : 1);
        } else {
            CHECK_EQ_AT(bit, rc, RIO_ECRC);
        }
    }
}

static void cs64_pack_rejects_wide_fields(void)
{
    uint8_t out[8];
    struct rio_cs64 cs = {.stype0 = 16};
    CHECK_EQ(rio_cs64_pack(out, &cs), RIO_ERANGE);
    cs = (struct rio_cs64){.parameter0 = 0x1000};
    CHECK_EQ(rio_cs64_pack(out, &cs), RIO_ERANGE);
    cs = (struct rio_cs64){.parameter1 = 0x1000};
    CHECK_EQ(rio_cs64_pack(out, &cs), RIO_ERANGE);
    CHECK_EQ(rio_cs64_pack(NULL, &cs), RIO_EINVAL);
    CHECK_EQ(rio_cs64_unpack(NULL, out, 8), RIO_EINVAL);
}

int main(int argc, char **argv)
{
    (void)argc;
    RUN(cs48_pack_known_answer_status);
    RUN(cs48_unpack_known_answer_fields);
    RUN(cs48_fields_occupy_the_figure_bits);
    RUN(cs48_pack_rejects_wide_fields);
    RUN(cs48_every_truncated_prefix_is_etrunc);
    RUN(cs48_every_single_bit_flip_is_ecrc);
    RUN(cs48_round_trip_all_stype0_stype1_cmd);
    RUN(cs48_linked_vc_follows_status_and_vc_status);
    RUN(cs64_pack_known_answer_status);
    RUN(cs64_unpack_known_answer_voq);
    RUN(cs64_fields_occupy_the_figure_bits);
    RUN(cs64_every_truncated_prefix_is_etrunc);
    RUN(cs64_every_single_bit_flip_is_ecrc_or_alignment);
    RUN(cs64_pack_rejects_wide_fields);
    return check_finish(argv[0]);
}
