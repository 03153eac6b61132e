#include "rio/crc.h"

uint32_t rio_crc_bits(uint32_t crc, uint64_t bits, unsigned nbits,
                      unsigned width, uint32_t poly)
{
    if (width == 0 || width > 32 || nbits > 64)
        return 0;
    uint32_t top = (uint32_t)1u << (width - 1);
    uint32_t mask = width == 32 ? 0xFFFFFFFFu : ((uint32_t)1u << width) - 1u;
    crc &= mask;
    for (unsigned i = nbits; i > 0; i--) {
        uint32_t in = (uint32_t)(bits >> (i - 1)) & 1u;
        uint32_t feedback = ((crc & top) ? 1u : 0u) ^ in;
        /* crc ^= poly when feedback is 1, written without a branch (the
         * feedback bit is as good as random: a branch mispredicts half the
         * time) */
        crc = ((crc << 1) & mask) ^ (poly & (0u - feedback));
    }
    return crc;
}

/* The fixed CRCs below take four input bits per step instead of one. In four
 * steps of rio_crc_bits the register's lower width - 4 bits only shift up
 * (they reach the top no sooner than the fifth step), and the four feedback
 * bits depend on nothing but the register's top nibble XOR the input nibble;
 * so four steps give (crc << 4) XOR what those feedback bits generate, which
 * a 16-entry table of the polynomial holds:
 *     table[i] = rio_crc_bits(i << (width - 4), 0, 4, width, poly)
 * (crc_test.c checks each CRC against the bit-serial definition with every
 * nibble value at every position, and with random inputs). The bits left
 * over (nbits % 4) go bit-serially. */
struct crc_def {
    unsigned width;
    uint32_t poly;
    uint32_t table[16];
};

static const struct crc_def crc5_def = {
    5, 0x15u,
    {0x00, 0x15, 0x1F, 0x0A, 0x0B, 0x1E, 0x14, 0x01, 0x16, 0x03, 0x09, 0x1C,
     0x1D, 0x08, 0x02, 0x17}};
static const struct crc_def crc13_def = {
    13, 0x0525u,
    {0x0000, 0x0525, 0x0A4A, 0x0F6F, 0x1494, 0x11B1, 0x1EDE, 0x1BFB, 0x0C0D,
     0x0928, 0x0647, 0x0362, 0x1899, 0x1DBC, 0x12D3, 0x17F6}};
static const struct crc_def crc16_def = {
    16, 0x1021u,
    {0x0000, 0x1021, 0x2042, 0x3063, 0x4084, 0x50A5, 0x60C6, 0x70E7, 0x8108,
     0x9129, 0xA14A, 0xB16B, 0xC18C, 0xD1AD, 0xE1CE, 0xF1EF}};
static const struct crc_def crc24_def = {
    24, 0x5D6DCBu,
    {0x000000, 0x5D6DCB, 0xBADB96, 0xE7B65D, 0x28DAE7, 0x75B72C, 0x920171,
     0xCF6CBA, 0x51B5CE, 0x0CD805, 0xEB6E58, 0xB60393, 0x796F29, 0x2402E2,
     0xC3B4BF, 0x9ED974}};

/* rio_crc_bits(crc, bits, nbits, d->width, d->poly), four bits a step. */
static uint32_t crc_nibbles(const struct crc_def *d, uint32_t crc,
                            uint64_t bits, unsigned nbits)
{
    uint32_t mask = ((uint32_t)1u << d->width) - 1u;
    unsigned i = nbits;
    crc &= mask;
    for (; i >= 4; i -= 4) {
        unsigned in = (unsigned)(bits >> (i - 4)) & 0xFu;
        unsigned feedback = ((unsigned)(crc >> (d->width - 4)) ^ in) & 0xFu;
        crc = ((crc << 4) & mask) ^ d->table[feedback];
    }
    return rio_crc_bits(crc, bits, i, d->width, d->poly);
}

uint8_t rio_crc5(uint32_t bits0_18)
{
    uint64_t with_zero = ((uint64_t)(bits0_18 & 0x7FFFFu)) << 1;
    return (uint8_t)crc_nibbles(&crc5_def, 0x1Fu, with_zero, 20);
}

uint16_t rio_crc13(uint64_t bits0_34)
{
    return (uint16_t)crc_nibbles(&crc13_def, 0,
                                 bits0_34 & ((UINT64_C(1) << 35) - 1u), 35);
}

uint32_t rio_crc24(uint64_t bits0_37)
{
    return crc_nibbles(&crc24_def, 0xFFFFFFu,
                       bits0_37 & ((UINT64_C(1) << 38) - 1u), 38);
}

uint16_t rio_crc16_update(uint16_t crc, const uint8_t *p, size_t n, int first)
{
    for (size_t i = 0; i < n; i++) {
        uint8_t b = p[i];
        if (first && i == 0)
            b &= 0x03u; /* bits 0-5 of the packet (ackID) count as 0 */
        crc = (uint16_t)crc_nibbles(&crc16_def, crc, b, 8);
    }
    return crc;
}
/* SPDX-License-Identifier: Apache-2.0 */
