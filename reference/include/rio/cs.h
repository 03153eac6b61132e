/* SPDX-License-Identifier: Apache-2.0 */
/*
 * rio/cs.h - whole LP-Serial control symbols: Control Symbol 48 and Control
 * Symbol 64 (Part 6 rev 4.0 section 3.3, Figures 3-2 and 3-3), with their CRCs.
 *
 * Symbols travel as big-endian byte strings: 6 bytes for CS48, 8 for CS64.
 *
 * CS48 layout (bit 0 = MSB of the first byte):
 *   stype0 0-2 | parameter0 3-8 | parameter1 9-14 | stype1 15-17 | cmd 18-20 |
 *   reserved/stype2 21-34 | CRC-13 35-47
 * CS64 layout:
 *   stype0 0-3 | parameter0 4-15 | parameter1 16-27 | stype1[0:1] 28-29 |
 *   alignment 30-31 | stype1[2:7] 32-37 | CRC-24 38-61 | alignment 62-63
 *
 * Reserved and alignment fields, and what the decoder does with them:
 * - CS48 bits 21-34: Part 6 Table 3-1 "set to logic 0s on transmission and
 *   ignored on reception". Part 12 defines them as stype2, so the decoder returns
 *   them as `stype2` and never rejects them; interpretation is rio/voq.h's job.
 * - Interpretation I-CS-1: [reading]
 *   CS64 alignment bits 30-31 and 62-63: Part 6 Table
 *   3-1 "fixed value of 0b00, discarded when the control symbol is encoded
 *   into codewords". A decoder of unencoded symbols never sees other values
 *   from a conforming sender, so the decoder REPORTS them (`alignment`, non-zero means a malformed symbol was given) and
 *   computes the CRC with bits 30-31 as zero, as Part 6 3.6.3 requires.
 * - Interpretation I-CS-2: [reading]
 *   unknown stype0/stype1 encodings are returned as
 *   they are; the caller
 *   decides (Part 6 3.1: an unsupported encoding in a functional field makes the
 *   function ignored, without error).
 */
#ifndef RIO_CS_H
#define RIO_CS_H

#include <stddef.h>
#include <stdint.h>

#define RIO_CS48_BYTES 6u
#define RIO_CS64_BYTES 8u

/* stype0 encodings, CS24/CS48 (3 bits, Part 6 Table 3-2). */
enum rio_cs48_stype0 {
    RIO_CS48_STYPE0_PACKET_ACCEPTED = 0x0,
    RIO_CS48_STYPE0_PACKET_RETRY = 0x1,
    RIO_CS48_STYPE0_PACKET_NOT_ACCEPTED = 0x2,
    RIO_CS48_STYPE0_TIMESTAMP = 0x3,
    RIO_CS48_STYPE0_STATUS = 0x4,     /* buf_status for VC0 */
    RIO_CS48_STYPE0_VC_STATUS = 0x5,  /* parameter0 = 0b000 || VCID */
    RIO_CS48_STYPE0_LINK_RESPONSE = 0x6,
    RIO_CS48_STYPE0_IMPL_DEFINED = 0x7
};

/* stype0 encodings, CS64 (4 bits, Part 6 Table 3-3). 0x8-0xA, 0xC, 0xE, 0xF are
 * reserved. */
enum rio_cs64_stype0 {
    RIO_CS64_STYPE0_PACKET_ACCEPTED = 0x0,
    RIO_CS64_STYPE0_PACKET_RETRY = 0x1,
    RIO_CS64_STYPE0_PACKET_NOT_ACCEPTED = 0x2,
    RIO_CS64_STYPE0_TIMESTAMP = 0x3,
    RIO_CS64_STYPE0_STATUS = 0x4,
    RIO_CS64_STYPE0_VC_STATUS = 0x5,
    RIO_CS64_STYPE0_LINK_RESPONSE = 0x6,
    RIO_CS64_STYPE0_IMPL_DEFINED = 0x7,
    RIO_CS64_STYPE0_LOOP_RESPONSE = 0xB,
    RIO_CS64_STYPE0_VOQ_BACKPRESSURE = 0xD /* Part 12 rev 3+ section 3.2 */
};

struct rio_cs48 {
    uint8_t stype0;     /* 3 bits */
    uint8_t parameter0; /* 6 bits */
    uint8_t parameter1; /* 6 bits */
    uint8_t stype1;     /* 3 bits */
    uint8_t cmd;        /* 3 bits */
    uint16_t stype2;    /* 14 bits (reserved in Part 6, Part 12's VoQ field) */
    uint16_t crc13;     /* unpack: the CRC received; pack ignores it */
};

struct rio_cs64 {
    uint8_t stype0;      /* 4 bits */
    uint16_t parameter0; /* 12 bits */
    uint16_t parameter1; /* 12 bits */
    uint8_t stype1;      /* 8 bits: stype1[0:1] in bits 7-6, stype1[2:7] in 5-0 */
    uint32_t crc24;      /* unpack: the CRC received; pack ignores it */
    uint8_t alignment;   /* unpack: bits 30-31 in bits 3-2, bits 62-63 in 1-0 */
};

/* Pack cs into dst[6] with a freshly computed CRC-13.
 * RIO_EINVAL: a NULL pointer. RIO_ERANGE: a field wider than its width. */
int rio_cs48_pack(uint8_t *dst, const struct rio_cs48 *cs);

/* Unpack len bytes. RIO_ETRUNC: len < 6; RIO_ELENGTH: len > 6 (nothing filled
 * in either case). RIO_ECRC: the fields are filled in, crc13 holds the CRC that
 * was received, and rio_cs48_crc() gives the expected one. RIO_EINVAL: NULL. */
int rio_cs48_unpack(struct rio_cs48 *dst, const uint8_t *src, size_t len);

/* The CRC-13 that the fields of cs call for (fields are masked to width). */
uint16_t rio_cs48_crc(const struct rio_cs48 *cs);

/* Which VC a CS48 links a VoQ stype2 message to (Part 12 rev 3+ 3.3, rev 2 3.2):
 * stype0 Status names VC0, VC_Status names VCID+1 (VCID 0b000 = VC1, Part 6
 * Table 3-12; the 3 upper bits of parameter0 are reserved and ignored).
 * Returns the VC 0..8, or RIO_EFORMAT for any other stype0 (not linkable). */
int rio_cs48_linked_vc(const struct rio_cs48 *cs);

/* CS64 counterparts; alignment bits are always packed as zero. */
int rio_cs64_pack(uint8_t *dst, const struct rio_cs64 *cs);
int rio_cs64_unpack(struct rio_cs64 *dst, const uint8_t *src, size_t len);
uint32_t rio_cs64_crc(const struct rio_cs64 *cs);

#endif
