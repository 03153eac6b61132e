/* SPDX-License-Identifier: Apache-2.0 */
/*
 * rio/crc.h - the LP-Serial CRCs (Part 6 rev 4.0, sections 2.x and 3.6).
 *
 * The definition is rio_crc_bits: bit-serial, most significant bit first,
 * exactly as the spec's serial description. The fixed CRCs below take four
 * bits a step from a 16-entry table of their polynomial (crc.c says why that
 * is the same), and crc_test.c checks them against rio_crc_bits; the spec's
 * parallel equation tables give the same results (checked against the known
 * answers in shared/spec/README.md).
 * The inputs are bit strings held right-aligned in an integer: the first bit on
 * the wire is the most significant of the nbits given.
 */
#ifndef RIO_CRC_H
#define RIO_CRC_H

#include <stddef.h>
#include <stdint.h>

/* Generic MSB-first CRC over the nbits (0..64) low bits of `bits`, continuing
 * from `crc`. width is the CRC width (1..32), poly the generator polynomial
 * without its x^width term. No reflection, no final XOR. */
uint32_t rio_crc_bits(uint32_t crc, uint64_t bits, unsigned nbits,
                      unsigned width, uint32_t poly);

/* CRC-5 of a Control Symbol 24: x^5+x^4+x^2+1, initial 0b11111, over the 19
 * bits 0-18 followed by one appended 0 bit (Part 6 3.6.1). */
uint8_t rio_crc5(uint32_t bits0_18);

/* CRC-13 of a Control Symbol 48: x^13+x^10+x^8+x^5+x^2+1, initial 0, over the
 * 35 bits 0-34 (Part 6 3.6.2). */
uint16_t rio_crc13(uint64_t bits0_34);

/* CRC-24 of a Control Symbol 64: polynomial 0x5D6DCB, initial 0xFFFFFF, over
 * the 38 bits 0-37, where the caller has already set bits 30-31 (alignment) to
 * zero (Part 6 3.6.3). */
uint32_t rio_crc24(uint64_t bits0_37);

/* Packet CRC-16: x^16+x^12+x^5+1 (CCITT), initial 0xFFFF, MSB first, over n
 * bytes, with the first 6 bits of the packet (the ackID) treated as 0 (Part 6
 * 2.5). Packets longer than 80 bytes carry an intermediate CRC that the caller
 * feeds as ordinary bytes; the running value is never reset. `first` says
 * whether p starts the packet (so that its first 6 bits are masked). */
uint16_t rio_crc16_update(uint16_t crc, const uint8_t *p, size_t n, int first);

#define RIO_CRC16_INIT 0xFFFFu

#endif
