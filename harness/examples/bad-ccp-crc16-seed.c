/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bad-ccp-crc16-seed.c - a deliberately NON-CONFORMING example DUT.
 *
 * What it breaks: the initial value of the packet CRC-16 of a type 7 (CCP)
 * packet. Part 9 3.4 Figure 3-2 shows the complete flow control packet with
 * its physical layer CRC; Part 6 (shared/spec/README.md) computes that
 * CRC-16 x^16+x^12+x^5+1 most significant bit first with initial value
 * 0xFFFF, the first 6 bits of the packet taken as 0. This device starts its
 * CRC-16 register at 0x0000, on transmit and on receipt alike: its own
 * packets check against themselves, every packet of a conforming link
 * partner is rejected as corrupt.
 *
 * BREAKS: P9-3.2-a
 *
 * P9-3.2-a is the catalogue's CCP packet-format rule (a type 7 packet, its
 * fields, and the packet around them): every vector that packs or unpacks a
 * valid CCP first packs or accepts one under `setup P9-3.2-a`, so this device
 * fails that rule only; the field checks behind that set-up become
 * inconclusive, never failed.
 *
 * How: the reference DUT (rc_refdut()) with the codec step wrapped.
 *   ccp_pack: the reference's packet with its CRC-16 replaced by the
 *     zero-seed CRC-16 of the same bytes.
 *   ccp_unpack: a whole packet (8, 12 or 16 bytes, its tt giving exactly
 *     that length) whose CRC is the zero-seed CRC reaches the reference with
 *     the conforming CRC (the reported crc field is set back to the one
 *     received); one whose CRC is the conforming CRC reaches the reference
 *     with its last CRC bit flipped, so it is rejected (RC_CRC); any other
 *     input is the reference's.
 * Every other codec event (CS48, CS64, stype2, FAM, flowID) and every other
 * machine is the reference.
 *
 * Run it by hand (after `make examples cli`):
 *   build/gcc/bin/riocheck run --dut build/gcc/lib/riocheck-bad-ccp-crc16-seed.so
 */
#include <stddef.h>
#include <stdint.h>

#include "riocheck/dut.h"
#include "rio/crc.h"
#include "../refdut/refdut.h"

#define BAD_SEED 0x0000u /* the conforming initial value is 0xFFFF */

/* A byte string (len, hi, lo) as bytes; 0 when it is longer than 16. */
static int bad_bytes(const uint64_t *a, uint8_t b[16], size_t *len)
{
    if (a[0] > 16u)
        return 0;
    for (int i = 0; i < 8; i++) {
        b[i] = (uint8_t)(a[1] >> (56 - 8 * i));
        b[8 + i] = (uint8_t)(a[2] >> (56 - 8 * i));
    }
    *len = (size_t)a[0];
    return 1;
}

static void bad_store(uint64_t *a, const uint8_t b[16])
{
    a[1] = 0;
    a[2] = 0;
    for (int i = 0; i < 8; i++) {
        a[1] = (a[1] << 8) | b[i];
        a[2] = (a[2] << 8) | b[8 + i];
    }
}

/* Where the CRC-16 of a whole type 7 packet of this length starts (Dev8 8
 * bytes, Dev16 12 with pad, Dev32 16 with pad), checked against its tt; 0
 * when the bytes are not a whole packet. */
static size_t bad_crc_at(uint64_t rev, const uint8_t *b, size_t len)
{
    unsigned tt = (b[1] >> 4) & 3u;
    if (len == 8u && tt == 0u)
        return 6u;
    if (len == 12u && tt == 1u)
        return 8u;
    if (len == 16u && tt == 2u && rev != 2u)
        return 12u;
    return 0;
}

static uint16_t bad_crc16(const uint8_t *b, size_t n)
{
    return rio_crc16_update(BAD_SEED, b, n, 1);
}

static int bad_codec_step(void *inst, const struct rc_msg *ev,
                          struct rc_msg *out, uint32_t cap, uint32_t *n)
{
    const struct rc_machine_ops *ref = &rc_refdut()->machine[RC_M_CODEC];
    if (ev == NULL || out == NULL || n == NULL)
        return ref->step(inst, ev, out, cap, n);
    uint8_t b[16];
    size_t len, at;
    /* ccp_unpack(rev, len, hi, lo) */
    if (ev->kind == RC_CODEC_EV_CCP_UNPACK && ev->nargs == 4u &&
        bad_bytes(&ev->arg[1], b, &len) &&
        (at = bad_crc_at(ev->arg[0], b, len)) != 0) {
        uint16_t got = (uint16_t)((b[at] << 8) | b[at + 1]);
        uint16_t good = rio_crc16_update(RIO_CRC16_INIT, b, at, 1);
        struct rc_msg e = *ev;
        if (got == bad_crc16(b, at)) {
            b[at] = (uint8_t)(good >> 8);
            b[at + 1] = (uint8_t)good;
        } else if (got == good) {
            b[at + 1] ^= 1u;
        }
        bad_store(&e.arg[1], b);
        int rc = ref->step(inst, &e, out, cap, n);
        /* ccp_hdr(ack_id, vc, crf, prio, tt, ftype, destination_id, crc, pad) */
        for (uint32_t i = 0; i < *n; i++)
            if (out[i].kind == RC_CODEC_OUT_CCP_HDR && out[i].nargs >= 8u)
                out[i].arg[7] = got;
        return rc;
    }
    int rc = ref->step(inst, ev, out, cap, n);
    if (rc == RC_OK && ev->kind == RC_CODEC_EV_CCP_PACK && ev->nargs >= 1u)
        for (uint32_t i = 0; i < *n; i++) {
            /* bytes(len, hi, lo) */
            struct rc_msg *m = &out[i];
            if (m->kind != RC_CODEC_OUT_BYTES || m->nargs != 3u ||
                !bad_bytes(m->arg, b, &len) ||
                (at = bad_crc_at(ev->arg[0], b, len)) == 0)
                continue;
            uint16_t c = bad_crc16(b, at);
            b[at] = (uint8_t)(c >> 8);
            b[at + 1] = (uint8_t)c;
            bad_store(m->arg, b);
        }
    return rc;
}

const struct rc_dut *riocheck_dut_v2(void)
{
    /* The description: the reference's with the codec step replaced. Filled
     * on every call, always with the same values. */
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "bad-ccp-crc16-seed";
    dut.machine[RC_M_CODEC].step = bad_codec_step;
    return &dut;
}
