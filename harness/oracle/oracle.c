/* SPDX-License-Identifier: Apache-2.0 */
/* Naive spec-literal oracles: see oracle.h. No shared helpers, on purpose. */
#include "oracle.h"

#include <string.h>

/* Bit i of an n-bit field, bit 0 being the most significant (1.3 Conventions:
 * "All fields and message formats are described using big endian format"). */
static unsigned bit_of(uint32_t field, unsigned n, unsigned i)
{
    return (field >> (n - 1 - i)) & 1u;
}

static void emit(struct rc_msg *out, uint64_t kind, uint64_t vc_ind, uint64_t vc,
                 uint64_t gw, uint64_t sw, uint64_t group, uint64_t status,
                 uint64_t first)
{
    memset(out, 0, sizeof *out);
    out->kind = RC_CODEC_OUT_VOQ_MSG;
    out->nargs = 8;
    out->arg[0] = kind;
    out->arg[1] = vc_ind;
    out->arg[2] = vc;
    out->arg[3] = gw;
    out->arg[4] = sw;
    out->arg[5] = group;
    out->arg[6] = status;
    out->arg[7] = first;
}

int oracle_stype2(unsigned rev, unsigned width, uint32_t stype2, struct rc_msg *out)
{
    if (rev == 2) {
        /* Table 3-1: CMD is bits 0-2. */
        unsigned cmd = bit_of(stype2, 14, 0) * 4 + bit_of(stype2, 14, 1) * 2 +
                       bit_of(stype2, 14, 2);
        if (cmd == 0) {
            emit(out, 1 /* nop */, 15, 255, 5, 6, 0, 0, 0);
            return RC_OK;
        }
        if (cmd != 1) {
            emit(out, 2 /* reserved_cmd */, 15, 255, 5, 6, 0, 0, 0);
            return RC_OK;
        }
        /* Table 3-3: bits 9-13 are the port group; base = group x 6. */
        unsigned group = 0;
        for (unsigned b = 9; b <= 13; b++)
            group = group * 2 + bit_of(stype2, 14, b);
        unsigned base = group * 6;
        /* Table 3-2: bit 3 is port offset 5, ..., bit 8 port offset 0. */
        uint32_t status = 0;
        for (unsigned b = 3; b <= 8; b++) {
            unsigned offset = 5 - (b - 3);
            if (bit_of(stype2, 14, b))
                status |= 1u << offset;
        }
        emit(out, 0, 15, 255, 5, 6, group, status, base);
        return RC_OK;
    }
    if (width > 6)
        return RC_RESERVED; /* Table 5-3: 0x7 = Reserved */
    unsigned s = 13 - width; /* status bits: the rest of the 13 (3.1) */
    /* Table 3-1: CMD is bit 0; 1 = VoQ Backpressure, 0 = Reserved. */
    if (bit_of(stype2, 14, 0) == 0) {
        emit(out, 2, 15, 255, width, s, 0, 0, 0);
        return RC_OK;
    }
    /* Parameter bits 1-13: Port Status Bits then Port Group. */
    unsigned group = 0;
    for (unsigned b = 1 + s; b <= 13; b++)
        group = group * 2 + bit_of(stype2, 14, b);
    /* Table 3-2 (and 2.1): status bit j (j = 0 the leftmost) is port
     * group x s + (s - 1 - j): the lowest port is the rightmost bit. */
    uint32_t status = 0;
    for (unsigned j = 0; j < s; j++)
        if (bit_of(stype2, 14, 1 + j))
            status |= 1u << (s - 1 - j);
    emit(out, 0, 15, 255, width, s, group, status, group * s);
    return RC_OK;
}

int oracle_cs64(unsigned width, uint32_t param24, struct rc_msg *out)
{
    if (width > 6)
        return RC_RESERVED;
    unsigned s = 20 - width; /* "The combined size ... is 20 bits" (3.2) */
    unsigned vc_ind = 0;
    for (unsigned b = 0; b <= 3; b++)
        vc_ind = vc_ind * 2 + bit_of(param24, 24, b);
    unsigned group = 0;
    for (unsigned b = 4 + s; b <= 23; b++)
        group = group * 2 + bit_of(param24, 24, b);
    uint32_t status = 0;
    for (unsigned j = 0; j < s; j++)
        if (bit_of(param24, 24, 4 + j))
            status |= 1u << (s - 1 - j);
    /* Table 3-3. */
    unsigned kind = 0, vc;
    if (vc_ind <= 7)
        vc = vc_ind + 1; /* 0b0000 = VC1 ... 0b0111 = VC8 */
    else if (vc_ind == 8)
        vc = 0;          /* 0b1000 = VC0 */
    else if (vc_ind == 15)
        vc = 255;        /* all VCs */
    else {
        vc = 255;
        kind = 3;        /* reserved: ignored without error */
    }
    emit(out, kind, vc_ind, vc, width, s, group, status, group * s);
    return RC_OK;
}
