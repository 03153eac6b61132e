/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bits.h - internal: the only place where byte order and bit fields are handled.
 *
 * RapidIO numbers bits from the most significant end: in a W-bit word, bit 0 is
 * the MSB and bit W-1 the LSB. Every field mask in the library is written with
 * RIO_BE_MASK(W, first, last) in exactly the spec's numbering, so a reader can
 * check it against the spec's figure without arithmetic. Field access goes
 * through RIO_FIELD_GET / RIO_FIELD_PREP (Linux bitfield.h style: the shift is
 * derived from the mask's lowest set bit, mask & -mask).
 *
 * Never cast structs onto buffers and never use C bit-fields for wire layout.
 */
#ifndef RIO_BITS_H
#define RIO_BITS_H

#include <stddef.h>
#include <stdint.h>

/* Bits first..last (big-endian numbering) of a w-bit word, as a mask. */
#define RIO_BE_MASK(w, first, last) \
    ((((UINT64_C(1) << ((last) - (first) + 1)) - 1u)) << ((w) - 1 - (last)))

/* Value of the field under mask (shifted down). */
#define RIO_FIELD_GET(mask, v) \
    ((((uint64_t)(v)) & (uint64_t)(mask)) / ((uint64_t)(mask) & (0u - (uint64_t)(mask))))

/* x placed in the field under mask; bits of x that do not fit are dropped, so
 * callers check ranges with rio_fits() first. */
#define RIO_FIELD_PREP(mask, x) \
    ((((uint64_t)(x)) * ((uint64_t)(mask) & (0u - (uint64_t)(mask)))) & (uint64_t)(mask))

/* Number of bits in a field mask. */
static inline unsigned rio_mask_width(uint64_t mask)
{
    unsigned n = 0;
    for (; mask != 0; mask &= mask - 1u)
        n++;
    return n;
}

/* True when x fits in an unsigned field of the given width (0..64). */
static inline int rio_fits(uint64_t x, unsigned width)
{
    return width >= 64 || (x >> width) == 0;
}

/* Big-endian load/store of n bytes (1..8) to or from a 64-bit value. */
static inline uint64_t rio_load_be(const uint8_t *p, size_t n)
{
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++)
        v = (v << 8) | p[i];
    return v;
}

static inline void rio_store_be(uint8_t *p, uint64_t v, size_t n)
{
    for (size_t i = n; i > 0; i--) {
        p[i - 1] = (uint8_t)(v & 0xFFu);
        v >>= 8;
    }
}

#endif
