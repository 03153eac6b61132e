/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/cs48.c - Control Symbol 48 (Part 6 rev 4.0 3.3 Figure 3-2, CRC-13
 * 3.6.2) and the Part 12 stype2 it carries, both revisions.
 *
 * Input: ctrl || rest.
 *   ctrl bit 0    Part 12 revision for the stype2 field: 0 rev 2, 1 rev 3
 *   ctrl bits 1-3 RX Port Group Size 0-7 (7 is the reserved encoding)
 *   ctrl bit 4    0: decode mode, rest = the symbol bytes (any length)
 *                 1: encode mode, rest = raw || stype0 || parameter0 ||
 *                    parameter1 || stype1 || cmd (one byte each) || stype2
 *                    (2 bytes); raw bit i set leaves field i unmasked, so
 *                    too-wide values reach the encoder
 *
 * Properties (fuzz_fail on any violation):
 *  decode mode
 *  1. rio_cs48_unpack: length < 6 RIO_ETRUNC, > 6 RIO_ELENGTH, nothing
 *     written; length 6: the fields and CRC of a spec-literal bit walk
 *     (bit 0 = MSB), RIO_OK exactly when the CRC-13 received equals a
 *     bit-serial CRC-13 written here from the polynomial, else RIO_ECRC.
 *  2. canonical form: pack(unpack(b)) == b with the CRC the fields call for
 *     (a CS48 has no bit outside its fields: a valid symbol packs to itself).
 *  3. rio_cs48_linked_vc() per Part 12 3.3 and Part 6 Table 3-12.
 *  4. stype2: rio_voq_stype2_decode agrees with the naive oracle
 *     (harness/oracle) field by field, for the input's revision and width.
 *  encode mode
 *  5. rio_cs48_pack: RIO_ERANGE exactly when a field is wider than its width;
 *     else the spec-literal layout with the bit-serial CRC, rio_cs48_crc() is
 *     that CRC, and unpack(pack(f)) == f with RIO_OK.
 *  both
 *  6. the reference behind the DUT ABI (rc_refdut() codec: cs48_unpack,
 *     cs48_pack, stype2_decode) gives the same result codes and fields as the
 *     direct library calls (byte strings longer than 16, or with a non-zero
 *     byte past their length: RC_RANGE, mapping note G4).
 *
 * Custom mutator (libFuzzer; AFL++ through build/fuzz-afl/cs48-mutator.so):
 * in decode mode it mutates fields and recomputes the CRC, so most inputs
 * reach the field decoders; one mutation in eight (and half of those of a
 * symbol that is not 6 bytes long) is a raw byte mutation, which keeps CRC
 * errors and other lengths covered.
 */
#include <string.h>

#include "../harness/oracle/oracle.h"
#include "common/codec_dut.h"
#include "common/fuzz.h"
#include "rio/cs.h"
#include "rio/err.h"
#include "rio/voq.h"

#define CTRL_REV3 0x01u
#define CTRL_WIDTH(c) (((unsigned)(c) >> 1) & 7u)
#define CTRL_ENCODE 0x10u

/* ---- spec-literal helpers (no code shared with reference/) ---------------- */

/* CRC-13, x^13+x^10+x^8+x^5+x^2+1, initial 0, over bits 0-34, MSB first
 * (Part 6 3.6.2), one bit at a time. */
FUZZ_ORACLE static unsigned crc13_serial(const uint8_t sym[6])
{
    uint64_t w = 0; /* the 48 bits, bit 0 the most significant */
    for (unsigned i = 0; i < 6; i++)
        w = (w << 8) | sym[i];
    unsigned crc = 0;
    for (unsigned b = 0; b <= 34; b++) {
        unsigned in = (unsigned)(w >> (47 - b)) & 1u;
        unsigned fb = ((crc >> 12) & 1u) ^ in;
        crc = (crc << 1) & 0x1FFFu;
        if (fb)
            crc ^= 0x0525u; /* x^10 + x^8 + x^5 + x^2 + 1 */
    }
    return crc;
}

struct fields {
    unsigned stype0, parameter0, parameter1, stype1, cmd, stype2, crc;
};

/* Figure 3-2. */
FUZZ_ORACLE static struct fields fields_get(const uint8_t sym[6])
{
    struct fields f = {
        (unsigned)fuzz_bits_get(sym, 0, 2),   (unsigned)fuzz_bits_get(sym, 3, 8),
        (unsigned)fuzz_bits_get(sym, 9, 14),  (unsigned)fuzz_bits_get(sym, 15, 17),
        (unsigned)fuzz_bits_get(sym, 18, 20), (unsigned)fuzz_bits_get(sym, 21, 34),
        (unsigned)fuzz_bits_get(sym, 35, 47)};
    return f;
}

/* Fields (masked to their widths), then the CRC they call for. */
FUZZ_ORACLE static void fields_put(uint8_t sym[6], const struct fields *f)
{
    fuzz_bits_put(sym, 0, 2, f->stype0);
    fuzz_bits_put(sym, 3, 8, f->parameter0);
    fuzz_bits_put(sym, 9, 14, f->parameter1);
    fuzz_bits_put(sym, 15, 17, f->stype1);
    fuzz_bits_put(sym, 18, 20, f->cmd);
    fuzz_bits_put(sym, 21, 34, f->stype2);
    fuzz_bits_put(sym, 35, 47, crc13_serial(sym));
}

/* ---- properties ------------------------------------------------------------ */

static void check_stype2(struct codec_dut *t, unsigned rev, unsigned width,
                         unsigned stype2)
{
    struct rio_voq_msg m;
    struct rc_msg want;
    memset(&want, 0, sizeof want);
    int rc = rio_voq_stype2_decode(&m, rev == 3 ? RIO_P12_REV3 : RIO_P12_REV2,
                                   width, stype2);
    int orc = oracle_stype2(rev, width, stype2, &want);
    if (rc != orc)
        fuzz_fail("stype2 0x%04X rev %u width %u: decode %d, oracle %d", stype2,
                  rev, width, rc, orc);
    uint64_t arg[3] = {rev, width, stype2};
    int drc = codec_dut_step(t, RC_CODEC_EV_STYPE2_DECODE, arg, 3);
    if (drc != rc || (rc != RIO_OK && t->n != 0))
        fuzz_fail("stype2 0x%04X rev %u width %u: refdut %d n %u, direct %d",
                  stype2, rev, width, drc, t->n, rc);
    if (rc != RIO_OK)
        return;
    uint64_t got[8] = {(uint64_t)m.kind, m.vc_ind, m.vc, m.group_width,
                       m.status_width, m.group, m.status, m.first_port};
    for (unsigned a = 0; a < 8; a++)
        if (got[a] != want.arg[a])
            fuzz_fail("stype2 0x%04X rev %u width %u: voq_msg arg %u decode "
                      "%llu, oracle %llu", stype2, rev, width, a,
                      (unsigned long long)got[a],
                      (unsigned long long)want.arg[a]);
    codec_dut_expect1(t, RC_CODEC_OUT_VOQ_MSG, got, 8, "stype2_decode");
}

static void check_decode(struct codec_dut *t, uint8_t ctrl, const uint8_t *sym,
                         size_t len)
{
    struct rio_cs48 cs, sentinel;
    char h[FUZZ_HEX_CAP];
    memset(&sentinel, 0xA5, sizeof sentinel);
    cs = sentinel;
    int rc = rio_cs48_unpack(&cs, sym, len);

    uint64_t arg[3];
    codec_bytes_args(arg, sym, len);
    if (len < 16) {
        /* G4: a non-zero byte at or past len is not canonical: RC_RANGE. */
        uint64_t stray[3] = {arg[0], arg[1], arg[2]};
        stray[1 + len / 8] |= (uint64_t)0x01u << (56 - 8 * (len % 8));
        int src = codec_dut_step(t, RC_CODEC_EV_CS48_UNPACK, stray, 3);
        if (src != RC_RANGE || t->n != 0)
            fuzz_fail("cs48_unpack len %zu with a byte past len: refdut %d n %u",
                      len, src, t->n);
    }
    int drc = codec_dut_step(t, RC_CODEC_EV_CS48_UNPACK, arg, 3);
    if (drc != (len <= 16 ? rc : RC_RANGE))
        fuzz_fail("cs48 %s: refdut %d, direct %d", fuzz_hex(h, sizeof h, sym, len),
                  drc, rc);

    if (len != RIO_CS48_BYTES) {
        int want = len < RIO_CS48_BYTES ? RIO_ETRUNC : RIO_ELENGTH;
        int kept = memcmp(&cs, &sentinel, sizeof cs) == 0;
        if (rc != want || !kept || t->n != 0)
            fuzz_fail("cs48 length %zu: %d (want %d), fields %s, refdut %u "
                      "outputs", len, rc, want, kept ? "kept" : "written", t->n);
        return;
    }

    struct fields f = fields_get(sym);
    unsigned crc = crc13_serial(sym);
    int want = f.crc == crc ? RIO_OK : RIO_ECRC;
    if (rc != want)
        fuzz_fail("cs48 %s: %d, want %d (CRC-13 received 0x%04X, computed "
                  "0x%04X)", fuzz_hex(h, sizeof h, sym, len), rc, want, f.crc,
                  crc);
    if (cs.stype0 != f.stype0 || cs.parameter0 != f.parameter0 ||
        cs.parameter1 != f.parameter1 || cs.stype1 != f.stype1 ||
        cs.cmd != f.cmd || cs.stype2 != f.stype2 || cs.crc13 != f.crc)
        fuzz_fail("cs48 %s: fields %u %u %u %u %u 0x%X crc 0x%X, spec %u %u %u "
                  "%u %u 0x%X crc 0x%X", fuzz_hex(h, sizeof h, sym, len),
                  cs.stype0, cs.parameter0, cs.parameter1, cs.stype1, cs.cmd,
                  cs.stype2, cs.crc13, f.stype0, f.parameter0, f.parameter1,
                  f.stype1, f.cmd, f.stype2, f.crc);
    uint64_t fa[7] = {f.stype0, f.parameter0, f.parameter1, f.stype1,
                      f.cmd,    f.stype2,     f.crc};
    codec_dut_expect1(t, RC_CODEC_OUT_CS48, fa, 7, "cs48_unpack");

    /* Canonical form: the same bytes, with the CRC the fields call for; the
     * DUT ABI packs the same. */
    uint8_t canon[6], packed[6];
    memcpy(canon, sym, sizeof canon);
    fuzz_bits_put(canon, 35, 47, crc);
    int prc = rio_cs48_pack(packed, &cs);
    if (prc != RIO_OK || memcmp(packed, canon, sizeof canon) != 0)
        fuzz_fail("cs48 %s: pack(unpack) %d %s", fuzz_hex(h, sizeof h, sym, len),
                  prc, prc == RIO_OK ? "differs" : "failed");
    drc = codec_dut_step(t, RC_CODEC_EV_CS48_PACK, fa, 6);
    codec_bytes_args(arg, canon, sizeof canon);
    if (drc != RC_OK)
        fuzz_fail("cs48 %s: refdut cs48_pack %d", fuzz_hex(h, sizeof h, sym, len),
                  drc);
    codec_dut_expect1(t, RC_CODEC_OUT_BYTES, arg, 3, "cs48_pack");

    int vc = rio_cs48_linked_vc(&cs);
    int want_vc = f.stype0 == 4   ? 0
                  : f.stype0 == 5 ? (int)(1 + (f.parameter0 & 7u))
                                  : RIO_EFORMAT;
    if (vc != want_vc)
        fuzz_fail("cs48 stype0 %u parameter0 %u: linked VC %d, want %d",
                  f.stype0, f.parameter0, vc, want_vc);

    check_stype2(t, (ctrl & CTRL_REV3) ? 3 : 2, CTRL_WIDTH(ctrl), f.stype2);
}

static void check_encode(struct codec_dut *t, const uint8_t *p, size_t len)
{
    struct fuzz_in in;
    fuzz_in_init(&in, p, len);
    unsigned raw = fuzz_u8(&in);
    struct rio_cs48 cs = {0, 0, 0, 0, 0, 0, 0};
    cs.stype0 = (uint8_t)(fuzz_u8(&in) & ((raw & 1u) ? 0xFFu : 0x07u));
    cs.parameter0 = (uint8_t)(fuzz_u8(&in) & ((raw & 2u) ? 0xFFu : 0x3Fu));
    cs.parameter1 = (uint8_t)(fuzz_u8(&in) & ((raw & 4u) ? 0xFFu : 0x3Fu));
    cs.stype1 = (uint8_t)(fuzz_u8(&in) & ((raw & 8u) ? 0xFFu : 0x07u));
    cs.cmd = (uint8_t)(fuzz_u8(&in) & ((raw & 16u) ? 0xFFu : 0x07u));
    cs.stype2 = (uint16_t)(fuzz_u16(&in) & ((raw & 32u) ? 0xFFFFu : 0x3FFFu));
    cs.crc13 = (uint16_t)(raw << 8); /* pack ignores it */
    int fits = cs.stype0 < 8 && cs.parameter0 < 64 && cs.parameter1 < 64 &&
               cs.stype1 < 8 && cs.cmd < 8 && cs.stype2 < 0x4000;
    uint8_t sym[6];
    int rc = rio_cs48_pack(sym, &cs);
    if (rc != (fits ? RIO_OK : RIO_ERANGE))
        fuzz_fail("cs48_pack %u %u %u %u %u 0x%X: %d, fields %s", cs.stype0,
                  cs.parameter0, cs.parameter1, cs.stype1, cs.cmd, cs.stype2,
                  rc, fits ? "fit" : "too wide");
    uint64_t arg[6] = {cs.stype0, cs.parameter0, cs.parameter1,
                       cs.stype1, cs.cmd,        cs.stype2};
    int drc = codec_dut_step(t, RC_CODEC_EV_CS48_PACK, arg, 6);
    if (drc != rc || (rc != RIO_OK && t->n != 0))
        fuzz_fail("cs48_pack: refdut %d n %u, direct %d", drc, t->n, rc);
    if (rc != RIO_OK)
        return;
    uint64_t want[3];
    codec_bytes_args(want, sym, sizeof sym);
    codec_dut_expect1(t, RC_CODEC_OUT_BYTES, want, 3, "cs48_pack");

    struct fields f = {cs.stype0, cs.parameter0, cs.parameter1, cs.stype1,
                       cs.cmd,    cs.stype2,     0};
    uint8_t spec[6] = {0};
    fields_put(spec, &f);
    if (memcmp(spec, sym, sizeof sym) != 0) {
        char h1[FUZZ_HEX_CAP], h2[FUZZ_HEX_CAP];
        fuzz_fail("cs48_pack %s, spec layout %s", fuzz_hex(h1, sizeof h1, sym, 6),
                  fuzz_hex(h2, sizeof h2, spec, 6));
    }
    if (rio_cs48_crc(&cs) != fuzz_bits_get(spec, 35, 47))
        fuzz_fail("rio_cs48_crc 0x%04X, bit-serial 0x%04X", rio_cs48_crc(&cs),
                  (unsigned)fuzz_bits_get(spec, 35, 47));
    struct rio_cs48 back;
    rc = rio_cs48_unpack(&back, sym, sizeof sym);
    if (rc != RIO_OK || back.stype0 != cs.stype0 ||
        back.parameter0 != cs.parameter0 || back.parameter1 != cs.parameter1 ||
        back.stype1 != cs.stype1 || back.cmd != cs.cmd ||
        back.stype2 != cs.stype2 || back.crc13 != fuzz_bits_get(spec, 35, 47))
        fuzz_fail("cs48 unpack(pack(f)) != f (rc %d)", rc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    struct codec_dut *t = codec_dut();
    if (data[0] & CTRL_ENCODE)
        check_encode(t, data + 1, size - 1);
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
              (size != 7 && fuzz_rng_below(&r, 2) == 0) ||
              (size > 0 && (data[0] & CTRL_ENCODE) && fuzz_rng_below(&r, 8));
    if (max_size < 9 || raw)
        return LLVMFuzzerMutate != NULL ? LLVMFuzzerMutate(data, size, max_size)
                                        : size;
    if (size == 0)
        data[0] = 0;
    data[0] &= (uint8_t)~CTRL_ENCODE;
    for (size_t i = size > 0 ? size : 1; i < 7; i++)
        data[i] = 0;
    struct fields f = fields_get(data + 1);
    unsigned n = 1 + fuzz_rng_below(&r, 3);
    for (unsigned k = 0; k < n; k++) {
        uint32_t v = (uint32_t)fuzz_rng_next(&r);
        switch (fuzz_rng_below(&r, 10)) {
        case 0: /* Status (4) and VC_Status (5) carry VoQ messages */
            f.stype0 = (v & 1u) ? 4u + ((v >> 1) & 1u) : (v >> 2) & 7u;
            break;
        case 1: f.parameter0 = v & 0x3Fu; break;
        case 2: f.parameter1 = v & 0x3Fu; break;
        case 3: f.stype1 = v & 7u; break;
        case 4: f.cmd = v & 7u; break;
        case 5: f.stype2 = v & 0x3FFFu; break;
        case 6: f.stype2 ^= 1u << (v % 14); break;
        case 7: /* a VoQ message: rev 3 CMD 1, or rev 2 CMD 0b001 */
            f.stype2 = (data[0] & CTRL_REV3) ? 0x2000u | (v & 0x1FFFu)
                                             : 0x0800u | (v & 0x07FFu);
            break;
        case 8: data[0] ^= (uint8_t)(1u << (v % 4)); break; /* rev, width */
        default: /* switch to encode mode with these fields */
            data[0] |= CTRL_ENCODE;
            data[1] = (uint8_t)(v >> 8);
            data[2] = (uint8_t)(1u << (v % 8));
            data[7] = (uint8_t)(v >> 16);
            data[8] = (uint8_t)(v >> 24);
            return 9;
        }
    }
    fields_put(data + 1, &f);
    return 7;
}
