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

uint8_t rio_crc5(uint32_t bits0_18)
{
    uint64_t with_zero = ((uint64_t)(bits0_18 & 0x7FFFFu)) << 1;
    return (uint8_t)rio_crc_bits(0x1Fu, with_zero, 20, 5, 0x15u);
}

uint16_t rio_crc13(uint64_t bits0_34)
{
    return (uint16_t)rio_crc_bits(0, bits0_34 & ((UINT64_C(1) << 35) - 1u), 35,
                                  13, 0x0525u);
}

uint32_t rio_crc24(uint64_t bits0_37)
{
    return rio_crc_bits(0xFFFFFFu, bits0_37 & ((UINT64_C(1) << 38) - 1u), 38,
                        24, 0x5D6DCBu);
}

uint16_t rio_crc16_update(uint16_t crc, const uint8_t *p, size_t n, int first)
{
    for (size_t i = 0; i < n; i++) {
        uint8_t b = p[i];
        if (first && i == 0)
            b &= 0x03u; /* bits 0-5 of the packet (ackID) count as 0 */
        crc = (uint16_t)rio_crc_bits(crc, b, 8, 16, 0x1021u);
    }
    return crc;
}
