/* SPDX-License-Identifier: Apache-2.0 */
/* CRC known answers: shared/spec/README.md "Known-answer values" (derived from
 * the Part 6 parallel CRC equation tables). */
#include "check.h"
#include "rio/crc.h"

/* "CS48 status, buf_status 63, stype1 NOP, stype2 0: 807FC0000A35" */
static void crc13_known_answer_status_stype2_zero(void)
{
    CHECK_EQ(rio_crc13(UINT64_C(0x807FC0000A35) >> 13), 0x0A35);
}

/* "the same with stype2 0x2001: 807FC4003902" */
static void crc13_known_answer_status_stype2_2001(void)
{
    CHECK_EQ(rio_crc13(UINT64_C(0x807FC4003902) >> 13), 0x1902);
}

/* "CS64 status, buf_status 0xFFF, stype1 0x38: 4000FFF0E21F8884": CRC-24 is
 * bits 38-61 and covers bits 0-37. */
static void crc24_known_answer_status(void)
{
    uint64_t sym = UINT64_C(0x4000FFF0E21F8884);
    CHECK_EQ(rio_crc24(sym >> 26), (sym >> 2) & 0xFFFFFF);
}

static void crc24_known_answer_voq(void)
{
    uint64_t sym = UINT64_C(0xDF000100E2BE8698);
    CHECK_EQ(rio_crc24(sym >> 26), (sym >> 2) & 0xFFFFFF);
}

/* "Type 7 Dev8 XOFF Flow 0A, dest 0x12, tgt 0x34, SOC 1: 01C712340001E057" and
 * the same with ackID 0x2A: the ackID bits do not enter the CRC. */
static void crc16_known_answer_dev8_ignores_ackid(void)
{
    const uint8_t a[] = {0x01, 0xC7, 0x12, 0x34, 0x00, 0x01};
    const uint8_t b[] = {0xA9, 0xC7, 0x12, 0x34, 0x00, 0x01};
    CHECK_EQ(rio_crc16_update(RIO_CRC16_INIT, a, sizeof a, 1), 0xE057);
    CHECK_EQ(rio_crc16_update(RIO_CRC16_INIT, b, sizeof b, 1), 0xE057);
}

static void crc16_known_answer_dev16_dev32(void)
{
    const uint8_t d16[] = {0x01, 0xD7, 0x12, 0x34, 0x56, 0x78, 0x80, 0x00};
    const uint8_t d32[] = {0x01, 0xE7, 1, 2, 3, 4, 5, 6, 7, 8, 0x00, 0x83};
    CHECK_EQ(rio_crc16_update(RIO_CRC16_INIT, d16, sizeof d16, 1), 0x0278);
    CHECK_EQ(rio_crc16_update(RIO_CRC16_INIT, d32, sizeof d32, 1), 0xBE46);
}

/* Incremental use gives the same value as one call (the >80-byte packet rule:
 * the running value is never reset). */
static void crc16_running_value_is_not_reset(void)
{
    const uint8_t d32[] = {0x01, 0xE7, 1, 2, 3, 4, 5, 6, 7, 8, 0x00, 0x83};
    uint16_t c = rio_crc16_update(RIO_CRC16_INIT, d32, 5, 1);
    c = rio_crc16_update(c, d32 + 5, sizeof d32 - 5, 0);
    CHECK_EQ(c, 0xBE46);
}

/* Every single-bit error in bits 0-34 changes the CRC-13 (a polynomial with more
 * than one term detects all single-bit errors). */
static void crc13_detects_every_single_bit_error(void)
{
    uint64_t w = UINT64_C(0x807FC0000A35) >> 13;
    uint16_t good = rio_crc13(w);
    for (unsigned b = 0; b < 35; b++)
        CHECK(rio_crc13(w ^ (UINT64_C(1) << b)) != good);
}

/* CRC-5 (CS24), for completeness: the generic engine with the appended zero
 * bit. Value cross-checked with the Part 6 Table 3-25 equations by hand for the
 * all-zero input: the register starts at 0b11111 and shifts 20 zero bits. */
static void crc5_is_the_generic_engine_with_an_appended_zero(void)
{
    CHECK_EQ(rio_crc5(0), rio_crc_bits(0x1F, 0, 20, 5, 0x15));
    CHECK_EQ(rio_crc_bits(0, 0, 0, 0, 0), 0); /* invalid width: defined 0 */
}

/* The fixed CRCs take four bits a step from a 16-entry table (crc.c); they
 * must equal the bit-serial definition, rio_crc_bits, on every input. CRC-5
 * is checked exhaustively; CRC-13, CRC-24 and CRC-16 with every nibble
 * value at every nibble position over three backgrounds (zeros, ones, one
 * random value), so every table entry is used at every step, and with
 * 100,000 fixed-seed xorshift64 values. */
static uint64_t crc_test_rng = UINT64_C(0x9E3779B97F4A7C15);
static uint64_t crc_test_next(void)
{
    crc_test_rng ^= crc_test_rng << 13;
    crc_test_rng ^= crc_test_rng >> 7;
    crc_test_rng ^= crc_test_rng << 17;
    return crc_test_rng;
}

/* The three fixed CRCs of the input bits w equal rio_crc_bits (a failure
 * marks the running test failed). */
static void fixed_crcs_match(uint64_t w)
{
    uint64_t w35 = w & ((UINT64_C(1) << 35) - 1u);
    uint64_t w38 = w & ((UINT64_C(1) << 38) - 1u);
    CHECK_EQ(rio_crc13(w35), rio_crc_bits(0, w35, 35, 13, 0x0525));
    CHECK_EQ(rio_crc24(w38), rio_crc_bits(0xFFFFFF, w38, 38, 24, 0x5D6DCB));
    uint8_t b[5];
    for (unsigned i = 0; i < 5; i++)
        b[i] = (uint8_t)(w >> (8 * i));
    uint32_t crc = rio_crc_bits(0xFFFF, b[0] & 0x03u, 8, 16, 0x1021);
    for (unsigned i = 1; i < 5; i++)
        crc = rio_crc_bits(crc, b[i], 8, 16, 0x1021);
    CHECK_EQ(rio_crc16_update(RIO_CRC16_INIT, b, 5, 1), crc);
}

static void fixed_crcs_equal_the_bit_serial_definition(void)
{
    for (uint32_t x = 0; x < (1u << 19); x++)
        CHECK_EQ(rio_crc5(x), rio_crc_bits(0x1F, (uint64_t)x << 1, 20, 5, 0x15));
    const uint64_t backgrounds[3] = {0, ~UINT64_C(0), crc_test_next()};
    for (unsigned k = 0; k < 3; k++)
        for (unsigned pos = 0; pos < 40; pos += 4)
            for (uint64_t v = 0; v < 16 && !check_failed_; v++)
                fixed_crcs_match((backgrounds[k] & ~(UINT64_C(0xF) << pos)) |
                                 v << pos);
    for (unsigned k = 0; k < 100000u && !check_failed_; k++)
        fixed_crcs_match(crc_test_next());
}

int main(int argc, char **argv)
{
    (void)argc;
    RUN(crc13_known_answer_status_stype2_zero);
    RUN(crc13_known_answer_status_stype2_2001);
    RUN(crc24_known_answer_status);
    RUN(crc24_known_answer_voq);
    RUN(crc16_known_answer_dev8_ignores_ackid);
    RUN(crc16_known_answer_dev16_dev32);
    RUN(crc16_running_value_is_not_reset);
    RUN(crc13_detects_every_single_bit_error);
    RUN(crc5_is_the_generic_engine_with_an_appended_zero);
    RUN(fixed_crcs_equal_the_bit_serial_definition);
    return check_finish(argv[0]);
}
