/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/cs64.c - Control Symbol 64 (Part 6 rev 4.0 3.3 Figure 3-3, CRC-24
 * 3.6.3) and the Part 12 rev 3+ VoQ parameter it carries (stype0 0b1101,
 * Figure 3-4: VC_IND || status || group, Tables 3-3 and 3-4).
 *
 * Input: ctrl || rest.
 *   ctrl bits 0-2 RX Port Group Size 0-7 (7 is the reserved encoding)
 *   ctrl bit 4    0: decode mode, rest = the symbol bytes (any length)
 *                 1: encode mode, rest = raw || stype0 || parameter0 (2) ||
 *                    parameter1 (2) || stype1 || vc_ind || group (2) ||
 *                    status (4); raw bit i set leaves field i (in that order,
 *                    stype1 excluded) unmasked, so too-wide values reach the
 *                    encoders
 *
 * Properties (fuzz_fail on any violation):
 *  decode mode
 *  1. rio_cs64_unpack: length < 8 RIO_ETRUNC, > 8 RIO_ELENGTH, nothing
 *     written; length 8: the fields, CRC and alignment bits of a spec-literal
 *     bit walk (bit 0 = MSB); RIO_OK exactly when the CRC-24 received equals a
 *     bit-serial CRC-24 written here (polynomial 0x5D6DCB, initial 0xFFFFFF,
 *     bits 0-37 with the alignment bits 30-31 as zero), else RIO_ECRC.
 *  2. canonical form (I-CS-1): pack(unpack(b)) == b with the alignment bits
 *     30-31 and 62-63 cleared and the CRC the fields call for.
 *  3. VoQ: parameter0 || parameter1 decoded with rio_voq_cs64_decode (any
 *     stype0) agrees with the naive oracle (harness/oracle) field by field;
 *     a decoded message encodes back to the same 24 bits; rio_voq_msg_ports
 *     lists status_width ports from first_port, bit i = port first_port + i.
 *  encode mode
 *  4. rio_cs64_pack: RIO_ERANGE exactly when stype0 or a parameter is too
 *     wide; else the spec-literal layout with the bit-serial CRC and zero
 *     alignment, rio_cs64_crc() is that CRC, unpack(pack(f)) == f, and
 *     parameter0 || parameter1 passes property 3 at the input's width.
 *  5. rio_voq_cs64_encode: RIO_ERESERVED for width 7, RIO_ERANGE exactly
 *     when vc_ind, group or status does not fit, else VC_IND << 20 | status
 *     << width | group, which decodes back (oracle agreeing).
 *  both
 *  6. the reference behind the DUT ABI (rc_refdut() codec: cs64_unpack,
 *     cs64_pack, cs64_decode, cs64_encode, and the rc_dut.cs64_decode fast
 *     path) gives the same result codes and fields as the direct calls.
 *
 * Custom mutator (libFuzzer; AFL++ through build/fuzz-afl/cs64-mutator.so):
 * in decode mode it mutates fields (stype0 0b1101 with a VoQ parameter half of
 * the time) and recomputes the CRC; alignment bits are set once in sixteen;
 * one mutation in eight (and half of those of a symbol that is not 8 bytes
 * long) is a raw byte mutation, keeping CRC errors and other lengths covered.
 */
#include <string.h>

#include "../harness/oracle/oracle.h"
#include "common/codec_dut.h"
#include "common/fuzz.h"
#include "rio/cs.h"
#include "rio/err.h"
#include "rio/voq.h"

#define CTRL_WIDTH(c) ((unsigned)(c) & 7u)
#define CTRL_ENCODE 0x10u

/* ---- spec-literal helpers (no code shared with reference/) ---------------- */

/* CRC-24: polynomial 0x5D6DCB, initial 0xFFFFFF, MSB first over bits 0-37
 * with bits 30-31 taken as zero (Part 6 3.6.3), one bit at a time. */
FUZZ_ORACLE static uint32_t crc24_serial(const uint8_t sym[8])
{
    uint64_t w = 0; /* the 64 bits, bit 0 the most significant */
    for (unsigned i = 0; i < 8; i++)
        w = (w << 8) | sym[i];
    uint32_t crc = 0xFFFFFFu;
    for (unsigned b = 0; b <= 37; b++) {
        unsigned in = (b == 30 || b == 31) ? 0u : (unsigned)(w >> (63 - b)) & 1u;
        unsigned fb = ((crc >> 23) & 1u) ^ in;
        crc = (crc << 1) & 0xFFFFFFu;
        if (fb)
            crc ^= 0x5D6DCBu;
    }
    return crc;
}

struct fields {
    unsigned stype0, parameter0, parameter1, stype1, alignment;
    uint32_t crc;
};

/* Figure 3-3: stype1 is bits 28-29 (its two upper bits) and 32-37. */
FUZZ_ORACLE static struct fields fields_get(const uint8_t sym[8])
{
    struct fields f;
    f.stype0 = (unsigned)fuzz_bits_get(sym, 0, 3);
    f.parameter0 = (unsigned)fuzz_bits_get(sym, 4, 15);
    f.parameter1 = (unsigned)fuzz_bits_get(sym, 16, 27);
    f.stype1 = (unsigned)(fuzz_bits_get(sym, 28, 29) << 6 | fuzz_bits_get(sym, 32, 37));
    f.alignment = (unsigned)(fuzz_bits_get(sym, 30, 31) << 2 | fuzz_bits_get(sym, 62, 63));
    f.crc = (uint32_t)fuzz_bits_get(sym, 38, 61);
    return f;
}

/* Fields (masked to their widths), the CRC, then the alignment bits. */
FUZZ_ORACLE static void fields_put(uint8_t sym[8], const struct fields *f)
{
    fuzz_bits_put(sym, 0, 3, f->stype0);
    fuzz_bits_put(sym, 4, 15, f->parameter0);
    fuzz_bits_put(sym, 16, 27, f->parameter1);
    fuzz_bits_put(sym, 28, 29, f->stype1 >> 6);
    fuzz_bits_put(sym, 32, 37, f->stype1);
    fuzz_bits_put(sym, 38, 61, crc24_serial(sym));
    fuzz_bits_put(sym, 30, 31, f->alignment >> 2);
    fuzz_bits_put(sym, 62, 63, f->alignment);
}

/* ---- properties ------------------------------------------------------------ */

/* The 24-bit VoQ parameter at this width: library, oracle, DUT ABI (event
 * and fast path), encode back, port list. */
static void check_voq(struct codec_dut *t, unsigned width, uint32_t param24)
{
    struct rio_voq_msg m;
    struct rc_msg want, fast;
    memset(&want, 0, sizeof want);
    int rc = rio_voq_cs64_decode(&m, width, param24);
    int orc = oracle_cs64(width, param24, &want);
    if (rc != orc)
        fuzz_fail("cs64 VoQ 0x%06X width %u: decode %d, oracle %d", param24,
                  width, rc, orc);
    uint64_t arg[2] = {width, param24};
    int drc = codec_dut_step(t, RC_CODEC_EV_CS64_DECODE, arg, 2);
    int frc = t->d->cs64_decode(t->d->ctx, width, param24, &fast);
    if (drc != rc || frc != rc || (rc != RIO_OK && t->n != 0))
        fuzz_fail("cs64 VoQ 0x%06X width %u: refdut %d (n %u), fast path %d, "
                  "direct %d", param24, width, drc, t->n, frc, rc);
    if (rc != RIO_OK)
        return;
    uint64_t got[8] = {(uint64_t)m.kind, m.vc_ind, m.vc, m.group_width,
                       m.status_width, m.group, m.status, m.first_port};
    codec_msg_expect(&want, RC_CODEC_OUT_VOQ_MSG, got, 8, "cs64 VoQ vs oracle");
    codec_dut_expect1(t, RC_CODEC_OUT_VOQ_MSG, got, 8, "cs64_decode");
    codec_msg_expect(&fast, RC_CODEC_OUT_VOQ_MSG, got, 8, "cs64_decode fast path");

    uint32_t back = 0;
    rc = rio_voq_cs64_encode(&back, m.vc_ind, width, m.group, m.status);
    if (rc != RIO_OK || back != param24)
        fuzz_fail("cs64 VoQ 0x%06X width %u: encode(decode) %d 0x%06X", param24,
                  width, rc, back);

    struct rio_voq_port ports[RIO_VOQ_MAX_STATUS_BITS];
    unsigned n = rio_voq_msg_ports(ports, RIO_VOQ_MAX_STATUS_BITS, &m);
    unsigned want_n = m.kind == RIO_VOQ_BACKPRESSURE ? 20u - width : 0u;
    if (n != want_n)
        fuzz_fail("cs64 VoQ 0x%06X width %u: %u ports, want %u", param24, width,
                  n, want_n);
    for (unsigned i = 0; i < n; i++)
        if (ports[i].port != m.group * (20u - width) + i ||
            ports[i].congested != ((m.status >> i) & 1u))
            fuzz_fail("cs64 VoQ 0x%06X width %u: port entry %u = (%u, %u)",
                      param24, width, i, ports[i].port, ports[i].congested);
}

static void check_decode(struct codec_dut *t, uint8_t ctrl, const uint8_t *sym,
                         size_t len)
{
    struct rio_cs64 cs, sentinel;
    char h[FUZZ_HEX_CAP];
    memset(&sentinel, 0xA5, sizeof sentinel);
    cs = sentinel;
    int rc = rio_cs64_unpack(&cs, sym, len);

    uint64_t arg[3];
    codec_bytes_args(arg, sym, len);
    int drc = codec_dut_step(t, RC_CODEC_EV_CS64_UNPACK, arg, 3);
    if (drc != (len <= 16 ? rc : RC_RANGE))
        fuzz_fail("cs64 %s: refdut %d, direct %d", fuzz_hex(h, sizeof h, sym, len),
                  drc, rc);

    if (len != RIO_CS64_BYTES) {
        int want = len < RIO_CS64_BYTES ? RIO_ETRUNC : RIO_ELENGTH;
        int kept = memcmp(&cs, &sentinel, sizeof cs) == 0;
        if (rc != want || !kept || t->n != 0)
            fuzz_fail("cs64 length %zu: %d (want %d), fields %s, refdut %u "
                      "outputs", len, rc, want, kept ? "kept" : "written", t->n);
        return;
    }

    struct fields f = fields_get(sym);
    uint32_t crc = crc24_serial(sym);
    int want = f.crc == crc ? RIO_OK : RIO_ECRC;
    if (rc != want)
        fuzz_fail("cs64 %s: %d, want %d (CRC-24 received 0x%06X, computed "
                  "0x%06X)", fuzz_hex(h, sizeof h, sym, len), rc, want, f.crc,
                  crc);
    if (cs.stype0 != f.stype0 || cs.parameter0 != f.parameter0 ||
        cs.parameter1 != f.parameter1 || cs.stype1 != f.stype1 ||
        cs.alignment != f.alignment || cs.crc24 != f.crc)
        fuzz_fail("cs64 %s: fields %u 0x%X 0x%X 0x%X align %u crc 0x%X, spec "
                  "%u 0x%X 0x%X 0x%X align %u crc 0x%X",
                  fuzz_hex(h, sizeof h, sym, len), cs.stype0, cs.parameter0,
                  cs.parameter1, cs.stype1, cs.alignment, cs.crc24, f.stype0,
                  f.parameter0, f.parameter1, f.stype1, f.alignment, f.crc);
    uint64_t fa[6] = {f.stype0, f.parameter0, f.parameter1,
                      f.stype1, f.crc,        f.alignment};
    codec_dut_expect1(t, RC_CODEC_OUT_CS64, fa, 6, "cs64_unpack");

    /* Canonical form: alignment bits cleared, the CRC the fields call for. */
    uint8_t canon[8], packed[8];
    memcpy(canon, sym, sizeof canon);
    fuzz_bits_put(canon, 30, 31, 0);
    fuzz_bits_put(canon, 62, 63, 0);
    fuzz_bits_put(canon, 38, 61, crc);
    int prc = rio_cs64_pack(packed, &cs);
    if (prc != RIO_OK || memcmp(packed, canon, sizeof canon) != 0)
        fuzz_fail("cs64 %s: pack(unpack) %d %s", fuzz_hex(h, sizeof h, sym, len),
                  prc, prc == RIO_OK ? "is not canonical" : "failed");
    drc = codec_dut_step(t, RC_CODEC_EV_CS64_PACK, fa, 4);
    codec_bytes_args(arg, canon, sizeof canon);
    if (drc != RC_OK)
        fuzz_fail("cs64 %s: refdut cs64_pack %d", fuzz_hex(h, sizeof h, sym, len),
                  drc);
    codec_dut_expect1(t, RC_CODEC_OUT_BYTES, arg, 3, "cs64_pack");

    check_voq(t, CTRL_WIDTH(ctrl), (uint32_t)(f.parameter0 << 12 | f.parameter1));
}

static void check_encode(struct codec_dut *t, uint8_t ctrl, const uint8_t *p,
                         size_t len)
{
    struct fuzz_in in;
    fuzz_in_init(&in, p, len);
    unsigned raw = fuzz_u8(&in);
    struct rio_cs64 cs = {0, 0, 0, 0, 0, 0};
    cs.stype0 = (uint8_t)(fuzz_u8(&in) & ((raw & 1u) ? 0xFFu : 0x0Fu));
    cs.parameter0 = (uint16_t)(fuzz_u16(&in) & ((raw & 2u) ? 0xFFFFu : 0xFFFu));
    cs.parameter1 = (uint16_t)(fuzz_u16(&in) & ((raw & 4u) ? 0xFFFFu : 0xFFFu));
    cs.stype1 = fuzz_u8(&in);
    cs.crc24 = raw;     /* pack ignores these two */
    cs.alignment = 0xF;
    int fits = cs.stype0 < 16 && cs.parameter0 < 0x1000 && cs.parameter1 < 0x1000;
    uint8_t sym[8];
    int rc = rio_cs64_pack(sym, &cs);
    if (rc != (fits ? RIO_OK : RIO_ERANGE))
        fuzz_fail("cs64_pack %u 0x%X 0x%X 0x%X: %d, fields %s", cs.stype0,
                  cs.parameter0, cs.parameter1, cs.stype1, rc,
                  fits ? "fit" : "too wide");
    uint64_t arg[4] = {cs.stype0, cs.parameter0, cs.parameter1, cs.stype1};
    int drc = codec_dut_step(t, RC_CODEC_EV_CS64_PACK, arg, 4);
    if (drc != rc || (rc != RIO_OK && t->n != 0))
        fuzz_fail("cs64_pack: refdut %d n %u, direct %d", drc, t->n, rc);
    if (rc == RIO_OK) {
        uint64_t want[3];
        codec_bytes_args(want, sym, sizeof sym);
        codec_dut_expect1(t, RC_CODEC_OUT_BYTES, want, 3, "cs64_pack");
        struct fields f = {cs.stype0, cs.parameter0, cs.parameter1, cs.stype1,
                           0, 0};
        uint8_t spec[8] = {0};
        fields_put(spec, &f);
        if (memcmp(spec, sym, sizeof sym) != 0) {
            char h1[FUZZ_HEX_CAP], h2[FUZZ_HEX_CAP];
            fuzz_fail("cs64_pack %s, spec layout %s",
                      fuzz_hex(h1, sizeof h1, sym, 8),
                      fuzz_hex(h2, sizeof h2, spec, 8));
        }
        uint32_t crc = (uint32_t)fuzz_bits_get(spec, 38, 61);
        if (rio_cs64_crc(&cs) != crc)
            fuzz_fail("rio_cs64_crc 0x%06X, bit-serial 0x%06X",
                      rio_cs64_crc(&cs), crc);
        struct rio_cs64 back;
        rc = rio_cs64_unpack(&back, sym, sizeof sym);
        if (rc != RIO_OK || back.stype0 != cs.stype0 ||
            back.parameter0 != cs.parameter0 ||
            back.parameter1 != cs.parameter1 || back.stype1 != cs.stype1 ||
            back.crc24 != crc || back.alignment != 0)
            fuzz_fail("cs64 unpack(pack(f)) != f (rc %d)", rc);
        check_voq(t, CTRL_WIDTH(ctrl),
                  (uint32_t)cs.parameter0 << 12 | cs.parameter1);
    }

    /* The VoQ parameter encoder. */
    unsigned width = CTRL_WIDTH(ctrl);
    unsigned sw = width <= 6 ? 20u - width : 20u;
    unsigned vc_ind = fuzz_u8(&in);
    unsigned group = fuzz_u16(&in);
    uint32_t status = fuzz_u32(&in);
    if (!(raw & 8u))
        vc_ind &= 0xFu;
    if (!(raw & 16u))
        group &= (1u << (width <= 6 ? width : 6)) - 1u;
    if (!(raw & 32u))
        status &= (1u << sw) - 1u;
    int want = width > 6 ? RIO_ERESERVED
               : vc_ind > 15 || group >> width != 0 || status >> sw != 0
                   ? RIO_ERANGE
                   : RIO_OK;
    uint32_t v = 0xFFFFFFFFu;
    rc = rio_voq_cs64_encode(&v, vc_ind, width, group, status);
    if (rc != want)
        fuzz_fail("cs64 VoQ encode vc_ind %u width %u group %u status 0x%X: %d, "
                  "want %d", vc_ind, width, group, status, rc, want);
    uint64_t earg[4] = {vc_ind, width, group, status};
    drc = codec_dut_step(t, RC_CODEC_EV_CS64_ENCODE, earg, 4);
    if (drc != rc || (rc != RIO_OK && t->n != 0))
        fuzz_fail("cs64_encode: refdut %d n %u, direct %d", drc, t->n, rc);
    if (rc != RIO_OK)
        return;
    uint64_t value = v;
    codec_dut_expect1(t, RC_CODEC_OUT_VALUE, &value, 1, "cs64_encode");
    uint32_t spec = (uint32_t)(vc_ind << 20) | (status << width) | group;
    if (v != spec)
        fuzz_fail("cs64 VoQ encode vc_ind %u width %u group %u status 0x%X: "
                  "0x%06X, Figure 3-4 0x%06X", vc_ind, width, group, status, v,
                  spec);
    check_voq(t, width, v);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    struct codec_dut *t = codec_dut();
    if (data[0] & CTRL_ENCODE)
        check_encode(t, data[0], data + 1, size - 1);
    else
        check_decode(t, data[0], data + 1, size - 1);
    return 0;
}

/* ---- custom mutator ------------------------------------------------------ */

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
                               unsigned int seed)
{
    struct fuzz_rng r;
    fuzz_rng_init(&r, seed);
    int raw = fuzz_rng_below(&r, 8) == 0 ||
              (size != 9 && fuzz_rng_below(&r, 2) == 0) ||
              (size > 0 && (data[0] & CTRL_ENCODE) && fuzz_rng_below(&r, 8));
    if (max_size < 16 || raw)
        return LLVMFuzzerMutate != NULL ? LLVMFuzzerMutate(data, size, max_size)
                                        : size;
    if (size == 0)
        data[0] = 0;
    data[0] &= (uint8_t)~CTRL_ENCODE;
    for (size_t i = size > 0 ? size : 1; i < 9; i++)
        data[i] = 0;
    struct fields f = fields_get(data + 1);
    f.alignment = 0;
    unsigned n = 1 + fuzz_rng_below(&r, 3);
    for (unsigned k = 0; k < n; k++) {
        uint32_t v = (uint32_t)fuzz_rng_next(&r);
        switch (fuzz_rng_below(&r, 11)) {
        case 0: /* VoQ backpressure, Status, VC_Status, or anything */
            f.stype0 = (v & 1u) ? 0xDu : (v & 2u) ? 4u + ((v >> 2) & 1u)
                                                  : (v >> 3) & 0xFu;
            break;
        case 1: f.parameter0 = v & 0xFFFu; break;
        case 2: f.parameter1 = v & 0xFFFu; break;
        case 3: f.stype1 = v & 0xFFu; break;
        case 4: /* a VoQ message: any VC_IND, status and group */
            f.stype0 = 0xD;
            f.parameter0 = v & 0xFFFu;
            f.parameter1 = (v >> 12) & 0xFFFu;
            break;
        case 5: f.parameter0 = (f.parameter0 & 0xFFu) | ((v % 16) << 8); break;
        case 6: f.parameter1 ^= 1u << (v % 12); break;
        case 7: f.parameter0 ^= 1u << (v % 12); break;
        case 8: /* width */
            data[0] = (uint8_t)((data[0] & ~7u) | (v % 8));
            break;
        case 9: /* alignment bits (outside the CRC, or zeroed for it) */
            if (v % 16 == 0)
                f.alignment = (v >> 4) & 0xFu;
            break;
        default: /* switch to encode mode */
            data[0] |= CTRL_ENCODE;
            data[1] = (uint8_t)(1u << (v % 8));
            for (size_t i = 10; i < 16; i++)
                data[i] = (uint8_t)(v >> (i % 4 * 8));
            return 16;
        }
    }
    fields_put(data + 1, &f);
    return 9;
}
