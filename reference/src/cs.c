/* Control Symbol 48 and 64 pack/unpack (Part 6 rev 4.0 3.3, 3.6). */
#include "rio/cs.h"

#include "bits.h"
#include "rio/crc.h"
#include "rio/err.h"

/* CS48 fields, in the spec's bit numbers of the 48-bit symbol (Figure 3-2). */
#define CS48_STYPE0     RIO_BE_MASK(48, 0, 2)
#define CS48_PARAMETER0 RIO_BE_MASK(48, 3, 8)
#define CS48_PARAMETER1 RIO_BE_MASK(48, 9, 14)
#define CS48_STYPE1     RIO_BE_MASK(48, 15, 17)
#define CS48_CMD        RIO_BE_MASK(48, 18, 20)
#define CS48_STYPE2     RIO_BE_MASK(48, 21, 34)
#define CS48_CRC13      RIO_BE_MASK(48, 35, 47)

/* CS64 fields (Figure 3-3). stype1 is split around two alignment bits. */
#define CS64_STYPE0     RIO_BE_MASK(64, 0, 3)
#define CS64_PARAMETER0 RIO_BE_MASK(64, 4, 15)
#define CS64_PARAMETER1 RIO_BE_MASK(64, 16, 27)
#define CS64_STYPE1_0_1 RIO_BE_MASK(64, 28, 29)
#define CS64_ALIGN_A    RIO_BE_MASK(64, 30, 31)
#define CS64_STYPE1_2_7 RIO_BE_MASK(64, 32, 37)
#define CS64_CRC24      RIO_BE_MASK(64, 38, 61)
#define CS64_ALIGN_B    RIO_BE_MASK(64, 62, 63)

_Static_assert(RIO_BE_MASK(48, 0, 47) == 0xFFFFFFFFFFFFu, "CS48 is 48 bits");
_Static_assert((CS48_STYPE0 | CS48_PARAMETER0 | CS48_PARAMETER1 | CS48_STYPE1 |
                CS48_CMD | CS48_STYPE2 | CS48_CRC13) == 0xFFFFFFFFFFFFu,
               "CS48 fields tile the symbol");
_Static_assert((CS64_STYPE0 | CS64_PARAMETER0 | CS64_PARAMETER1 | CS64_STYPE1_0_1 |
                CS64_ALIGN_A | CS64_STYPE1_2_7 | CS64_CRC24 | CS64_ALIGN_B) ==
                   UINT64_MAX, "CS64 fields tile the symbol");

static uint64_t cs48_word(const struct rio_cs48 *cs)
{
    return RIO_FIELD_PREP(CS48_STYPE0, cs->stype0) |
           RIO_FIELD_PREP(CS48_PARAMETER0, cs->parameter0) |
           RIO_FIELD_PREP(CS48_PARAMETER1, cs->parameter1) |
           RIO_FIELD_PREP(CS48_STYPE1, cs->stype1) |
           RIO_FIELD_PREP(CS48_CMD, cs->cmd) |
           RIO_FIELD_PREP(CS48_STYPE2, cs->stype2);
}

uint16_t rio_cs48_crc(const struct rio_cs48 *cs)
{
    if (cs == NULL)
        return 0;
    return rio_crc13(cs48_word(cs) >> 13); /* bits 0-34 */
}

int rio_cs48_pack(uint8_t *dst, const struct rio_cs48 *cs)
{
    if (dst == NULL || cs == NULL)
        return RIO_EINVAL;
    if (!rio_fits(cs->stype0, 3) || !rio_fits(cs->parameter0, 6) ||
        !rio_fits(cs->parameter1, 6) || !rio_fits(cs->stype1, 3) ||
        !rio_fits(cs->cmd, 3) || !rio_fits(cs->stype2, 14))
        return RIO_ERANGE;
    uint64_t w = cs48_word(cs) | RIO_FIELD_PREP(CS48_CRC13, rio_cs48_crc(cs));
    rio_store_be(dst, w, RIO_CS48_BYTES);
    return RIO_OK;
}

int rio_cs48_unpack(struct rio_cs48 *dst, const uint8_t *src, size_t len)
{
    if (dst == NULL || src == NULL)
        return RIO_EINVAL;
    if (len < RIO_CS48_BYTES)
        return RIO_ETRUNC;
    if (len > RIO_CS48_BYTES)
        return RIO_ELENGTH;
    uint64_t w = rio_load_be(src, RIO_CS48_BYTES);
    dst->stype0 = (uint8_t)RIO_FIELD_GET(CS48_STYPE0, w);
    dst->parameter0 = (uint8_t)RIO_FIELD_GET(CS48_PARAMETER0, w);
    dst->parameter1 = (uint8_t)RIO_FIELD_GET(CS48_PARAMETER1, w);
    dst->stype1 = (uint8_t)RIO_FIELD_GET(CS48_STYPE1, w);
    dst->cmd = (uint8_t)RIO_FIELD_GET(CS48_CMD, w);
    dst->stype2 = (uint16_t)RIO_FIELD_GET(CS48_STYPE2, w);
    dst->crc13 = (uint16_t)RIO_FIELD_GET(CS48_CRC13, w);
    return dst->crc13 == rio_cs48_crc(dst) ? RIO_OK : RIO_ECRC;
}

int rio_cs48_linked_vc(const struct rio_cs48 *cs)
{
    if (cs == NULL)
        return RIO_EINVAL;
    switch ((enum rio_cs48_stype0)cs->stype0) {
    case RIO_CS48_STYPE0_STATUS:
        return 0;
    case RIO_CS48_STYPE0_VC_STATUS:
        /* parameter0 = 0b000 || VCID; VCID 0b000 = VC1 (Part 6 Table 3-12). */
        return 1 + (cs->parameter0 & 0x7);
    case RIO_CS48_STYPE0_PACKET_ACCEPTED:
    case RIO_CS48_STYPE0_PACKET_RETRY:
    case RIO_CS48_STYPE0_PACKET_NOT_ACCEPTED:
    case RIO_CS48_STYPE0_TIMESTAMP:
    case RIO_CS48_STYPE0_LINK_RESPONSE:
    case RIO_CS48_STYPE0_IMPL_DEFINED:
        return RIO_EFORMAT;
    }
    return RIO_EFORMAT; /* stype0 wider than 3 bits */
}

/* The 38 bits 0-37 that CRC-24 covers, with the alignment bits 30-31 as zero. */
static uint64_t cs64_crc_input(uint64_t w)
{
    return (w & ~CS64_ALIGN_A) >> 26;
}

static uint64_t cs64_word(const struct rio_cs64 *cs)
{
    return RIO_FIELD_PREP(CS64_STYPE0, cs->stype0) |
           RIO_FIELD_PREP(CS64_PARAMETER0, cs->parameter0) |
           RIO_FIELD_PREP(CS64_PARAMETER1, cs->parameter1) |
           RIO_FIELD_PREP(CS64_STYPE1_0_1, (unsigned)cs->stype1 >> 6) |
           RIO_FIELD_PREP(CS64_STYPE1_2_7, cs->stype1 & 0x3Fu);
}

uint32_t rio_cs64_crc(const struct rio_cs64 *cs)
{
    if (cs == NULL)
        return 0;
    return rio_crc24(cs64_crc_input(cs64_word(cs)));
}

int rio_cs64_pack(uint8_t *dst, const struct rio_cs64 *cs)
{
    if (dst == NULL || cs == NULL)
        return RIO_EINVAL;
    if (!rio_fits(cs->stype0, 4) || !rio_fits(cs->parameter0, 12) ||
        !rio_fits(cs->parameter1, 12))
        return RIO_ERANGE;
    uint64_t w = cs64_word(cs) | RIO_FIELD_PREP(CS64_CRC24, rio_cs64_crc(cs));
    rio_store_be(dst, w, RIO_CS64_BYTES);
    return RIO_OK;
}

int rio_cs64_unpack(struct rio_cs64 *dst, const uint8_t *src, size_t len)
{
    if (dst == NULL || src == NULL)
        return RIO_EINVAL;
    if (len < RIO_CS64_BYTES)
        return RIO_ETRUNC;
    if (len > RIO_CS64_BYTES)
        return RIO_ELENGTH;
    uint64_t w = rio_load_be(src, RIO_CS64_BYTES);
    dst->stype0 = (uint8_t)RIO_FIELD_GET(CS64_STYPE0, w);
    dst->parameter0 = (uint16_t)RIO_FIELD_GET(CS64_PARAMETER0, w);
    dst->parameter1 = (uint16_t)RIO_FIELD_GET(CS64_PARAMETER1, w);
    dst->stype1 = (uint8_t)((RIO_FIELD_GET(CS64_STYPE1_0_1, w) << 6) |
                            RIO_FIELD_GET(CS64_STYPE1_2_7, w));
    dst->crc24 = (uint32_t)RIO_FIELD_GET(CS64_CRC24, w);
    dst->alignment = (uint8_t)((RIO_FIELD_GET(CS64_ALIGN_A, w) << 2) |
                               RIO_FIELD_GET(CS64_ALIGN_B, w));
    return dst->crc24 == rio_crc24(cs64_crc_input(w)) ? RIO_OK : RIO_ECRC;
}
/* SPDX-License-Identifier: Apache-2.0 */
