/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/ccp.c - Part 9 type 7 flow control packets (CCPs) on an LP-Serial
 * link: every transport size (Dev8, Dev16, Dev32), both Part 9 revisions,
 * the FAM commands (Table 3-2) and the flowIDs (Table 3-1).
 *
 * Input: ctrl || rest.
 *   ctrl bit 0    Part 9 revision: 0 rev 2 (no Dev32), 1 rev 3
 *   ctrl bit 4    0: decode mode, rest = the packet bytes (any length)
 *                 1: encode mode, rest = raw (2) || ack_id || vc || crf ||
 *                    prio || tt || ftype || destination_id (4) ||
 *                    tgt_destination_id (4) || xon || fam || rsrv || flow_id
 *                    || soc || cmd || seq || flow vc || flow; raw bit i
 *                    (bit 0 = LSB of the 16) leaves field i (ack_id .. soc, in
 *                    that order) unmasked, so too-wide values reach the
 *                    encoder; ftype is 7 unless raw
 *
 * Properties (fuzz_fail on any violation):
 *  decode mode
 *  1. rio_ccp_unpack returns what a spec-literal reading of the header says
 *     (ccp.h table, in its order): fewer than 2 bytes RIO_ETRUNC; ftype != 7
 *     RIO_EFORMAT; tt 3 RIO_ERESERVED; tt 2 in rev 2 RIO_EREVISION; then the
 *     length (8, 12, 16 with the pad; the unpadded 10 and 14 RIO_ELENGTH,
 *     I-CCP-3; shorter RIO_ETRUNC, longer RIO_ELENGTH); then RIO_OK exactly
 *     when the CRC-16 received equals a bit-serial CRC-16 written here (CCITT,
 *     initial 0xFFFF, the 6 ackID bits as 0, Part 6 2.5), else RIO_ECRC.
 *     Fields, CRC and pad are those of a bit walk (bit 0 = MSB).
 *  2. canonical form: pack(unpack(b)) == b with a zero pad and the CRC the
 *     fields call for (I-CCP-2: a non-zero pad is reported, never packed).
 *  3. rio_ccp_packet_len(rev, tt) = 8, 12, 16 or 0 (tt 3; tt 2 in rev 2).
 *  4. FAM (Table 3-2) and flowID (Table 3-1) of the packet: rio_fam_decode
 *     and rio_flow_decode agree with the tables written out here, and every
 *     command / flow that is not reserved encodes back to the same bits.
 *  encode mode
 *  5. rio_ccp_pack fails exactly when something is wrong, with one of the
 *     errors that apply (tt 3 RIO_ERESERVED, tt 2 in rev 2 RIO_EREVISION,
 *     ftype != 7 RIO_EFORMAT, a field or ID too wide for its width or the
 *     transport size RIO_ERANGE); a one byte too small buffer is RIO_ETRUNC;
 *     on success the spec-literal layout with the bit-serial CRC and a zero
 *     pad, rio_ccp_crc() is that CRC, unpack(pack(p)) == p, and its FAM and
 *     flowID pass property 4.
 *  6. rio_fam_encode / rio_flow_encode of any (command, seq) and (vc, flow):
 *     RIO_ERANGE exactly for the reserved command, seq > 1, vc > 8, flow > F
 *     and flows other than A on VC1-VC8; else bits that decode back.
 *  both
 *  7. the reference behind the DUT ABI (rc_refdut() codec: ccp_unpack,
 *     ccp_pack, fam_decode, flow_decode) gives the same result codes and
 *     fields as the direct library calls.
 *
 * Custom mutator (libFuzzer; AFL++ through build/fuzz-afl/ccp-mutator.so):
 * in decode mode it mutates fields (transport size, IDs, command, flowID,
 * header bits, sometimes the pad or ftype) and rebuilds the packet with its
 * CRC and the length of its transport size; one mutation in eight (and half
 * of those of an input whose length does not match) is a raw byte mutation.
 */
#include <string.h>

#include "common/codec_dut.h"
#include "common/fuzz.h"
#include "rio/ccp.h"
#include "rio/err.h"

#define CTRL_REV3 0x01u
#define CTRL_ENCODE 0x10u

/* ---- spec-literal helpers (no code shared with reference/) ---------------- */

/* Part 6 2.5: x^16+x^12+x^5+1, initial 0xFFFF, MSB first, over the packet
 * with its first 6 bits (the ackID) taken as 0. */
FUZZ_ORACLE static unsigned crc16_serial(const uint8_t *p, size_t n)
{
    unsigned crc = 0xFFFFu;
    for (size_t i = 0; i < n; i++) {
        unsigned byte = i == 0 ? p[0] & 0x03u : p[i]; /* bits 0-5 as 0 */
        for (unsigned b = 0; b < 8; b++) {
            unsigned in = (byte >> (7 - b)) & 1u;
            unsigned fb = ((crc >> 15) & 1u) ^ in;
            crc = (crc << 1) & 0xFFFFu;
            if (fb)
                crc ^= 0x1021u;
        }
    }
    return crc;
}

/* Bytes of one device ID per transport size (Part 6 Table 2-2; Dev32 is rev
 * 3 only), 0 if the size is not defined in the revision. */
static unsigned id_bytes_of(unsigned rev, unsigned tt)
{
    return tt == 0 ? 1u : tt == 1 ? 2u : (tt == 2 && rev == 3) ? 4u : 0u;
}

struct fields {
    unsigned ack_id, vc, crf, prio, tt, ftype;
    uint32_t dest, tgt;
    unsigned xon, fam, rsrv, flow_id, soc, crc, pad;
};

/* Figures 3-1/3-2 after the 16-bit physical/transport header; idb bytes per
 * ID. The CRC follows the 16-bit logical word, then a 16-bit pad if the
 * packet is not a multiple of 32 bits. */
FUZZ_ORACLE static struct fields fields_get(const uint8_t *p, unsigned idb)
{
    struct fields f;
    unsigned b = 16 + 16 * idb; /* logical word */
    f.ack_id = (unsigned)fuzz_bits_get(p, 0, 5);
    f.vc = (unsigned)fuzz_bits_get(p, 6, 6);
    f.crf = (unsigned)fuzz_bits_get(p, 7, 7);
    f.prio = (unsigned)fuzz_bits_get(p, 8, 9);
    f.tt = (unsigned)fuzz_bits_get(p, 10, 11);
    f.ftype = (unsigned)fuzz_bits_get(p, 12, 15);
    f.dest = (uint32_t)fuzz_bits_get(p, 16, 16 + 8 * idb - 1);
    f.tgt = (uint32_t)fuzz_bits_get(p, 16 + 8 * idb, b - 1);
    f.xon = (unsigned)fuzz_bits_get(p, b, b);
    f.fam = (unsigned)fuzz_bits_get(p, b + 1, b + 3);
    f.rsrv = (unsigned)fuzz_bits_get(p, b + 4, b + 7);
    f.flow_id = (unsigned)fuzz_bits_get(p, b + 8, b + 14);
    f.soc = (unsigned)fuzz_bits_get(p, b + 15, b + 15);
    f.crc = (unsigned)fuzz_bits_get(p, b + 16, b + 31);
    f.pad = idb > 1 ? (unsigned)fuzz_bits_get(p, b + 32, b + 47) : 0u;
    return f;
}

/* Write the packet for idb-byte IDs (fields masked to their widths), the
 * CRC, and the pad as given; returns the length. */
FUZZ_ORACLE static size_t fields_put(uint8_t *p, unsigned idb,
                                     const struct fields *f)
{
    unsigned b = 16 + 16 * idb;
    fuzz_bits_put(p, 0, 5, f->ack_id);
    fuzz_bits_put(p, 6, 6, f->vc);
    fuzz_bits_put(p, 7, 7, f->crf);
    fuzz_bits_put(p, 8, 9, f->prio);
    fuzz_bits_put(p, 10, 11, f->tt);
    fuzz_bits_put(p, 12, 15, f->ftype);
    fuzz_bits_put(p, 16, 16 + 8 * idb - 1, f->dest);
    fuzz_bits_put(p, 16 + 8 * idb, b - 1, f->tgt);
    fuzz_bits_put(p, b, b, f->xon);
    fuzz_bits_put(p, b + 1, b + 3, f->fam);
    fuzz_bits_put(p, b + 4, b + 7, f->rsrv);
    fuzz_bits_put(p, b + 8, b + 14, f->flow_id);
    fuzz_bits_put(p, b + 15, b + 15, f->soc);
    fuzz_bits_put(p, b + 16, b + 31, crc16_serial(p, (b + 16) / 8));
    if (idb == 1)
        return 8;
    fuzz_bits_put(p, b + 32, b + 47, f->pad);
    return (b + 48) / 8;
}

/* Table 3-2: XOFF 000 XOFF, 01Y XOFF(ARB), 10Y RELEASE, 001 and 11Y
 * reserved; XON 000 XON, 01Y XON(ARB), 10Y REQUEST single, 11Y REQUEST
 * multi, 001 reserved. Y (the last FAM bit) is the sequence bit. */
static enum rio_fam_cmd fam_table(unsigned xon, unsigned fam, unsigned *seq)
{
    static const enum rio_fam_cmd xoff_cmds[8] = {
        RIO_FAM_XOFF,     RIO_FAM_RESERVED, RIO_FAM_XOFF_ARB, RIO_FAM_XOFF_ARB,
        RIO_FAM_RELEASE,  RIO_FAM_RELEASE,  RIO_FAM_RESERVED, RIO_FAM_RESERVED};
    static const enum rio_fam_cmd xon_cmds[8] = {
        RIO_FAM_XON,            RIO_FAM_RESERVED,
        RIO_FAM_XON_ARB,        RIO_FAM_XON_ARB,
        RIO_FAM_REQUEST_SINGLE, RIO_FAM_REQUEST_SINGLE,
        RIO_FAM_REQUEST_MULTI,  RIO_FAM_REQUEST_MULTI};
    enum rio_fam_cmd c = xon ? xon_cmds[fam & 7u] : xoff_cmds[fam & 7u];
    *seq = (c == RIO_FAM_XOFF || c == RIO_FAM_XON || c == RIO_FAM_RESERVED)
               ? 0u
               : fam & 1u;
    return c;
}

/* ---- properties ------------------------------------------------------------ */

/* FAM and flowID of a packet (each 3 and 7 bits wide here). */
static void check_fam_flow(struct codec_dut *t, unsigned xon, unsigned fam,
                           unsigned flow_id)
{
    unsigned seq = 9, want_seq;
    enum rio_fam_cmd want = fam_table(xon, fam, &want_seq);
    enum rio_fam_cmd cmd = rio_fam_decode(xon, fam, &seq);
    if (cmd != want || seq != want_seq)
        fuzz_fail("FAM xon %u fam %u: %s seq %u, Table 3-2 %s seq %u", xon, fam,
                  rio_fam_name(cmd), seq, rio_fam_name(want), want_seq);
    if (rio_fam_decode(xon, fam, NULL) != want)
        fuzz_fail("FAM xon %u fam %u: decode without seq differs", xon, fam);
    const char *name = rio_fam_name(cmd);
    if (name == NULL || name[0] == '\0')
        fuzz_fail("rio_fam_name(%d) empty", (int)cmd);
    if (cmd != RIO_FAM_RESERVED) {
        unsigned x = 9, f = 9;
        int rc = rio_fam_encode(&x, &f, cmd, seq);
        if (rc != RIO_OK || x != xon || f != fam)
            fuzz_fail("FAM %s seq %u: encode %d gives xon %u fam %u, want %u %u",
                      name, seq, rc, x, f, xon, fam);
    }
    uint64_t arg[2] = {xon, fam};
    uint64_t out[2] = {(uint64_t)cmd, seq};
    if (codec_dut_step(t, RC_CODEC_EV_FAM_DECODE, arg, 2) != RC_OK)
        fuzz_fail("refdut fam_decode %u %u failed", xon, fam);
    codec_dut_expect(t, 0, RC_CODEC_OUT_COMMAND, out, 2, "fam_decode");

    /* Table 3-1 (I-CCP-4: 0000101 is VC0 flow F). */
    struct rio_flow fl = {9, 9, 9};
    int rc = rio_flow_decode(&fl, flow_id);
    unsigned want_res = !(flow_id <= 5 || (flow_id >= 0x41 && flow_id <= 0x48));
    unsigned want_vc = want_res ? 0 : flow_id <= 5 ? 0 : flow_id - 0x40;
    unsigned want_flow = want_res || flow_id > 5 ? 0 : flow_id;
    if (rc != RIO_OK || fl.reserved != want_res || fl.vc != want_vc ||
        fl.flow != want_flow)
        fuzz_fail("flowID 0x%02X: %d reserved %u vc %u flow %u, Table 3-1 %u "
                  "%u %u", flow_id, rc, fl.reserved, fl.vc, fl.flow, want_res,
                  want_vc, want_flow);
    if (!want_res) {
        uint8_t id = 0xFF;
        if (rio_flow_encode(&id, fl.vc, fl.flow) != RIO_OK || id != flow_id)
            fuzz_fail("flowID 0x%02X: encode(decode) 0x%02X", flow_id, id);
    }
    uint64_t farg[1] = {flow_id};
    uint64_t fout[3] = {fl.reserved, fl.vc, fl.flow};
    if (codec_dut_step(t, RC_CODEC_EV_FLOW_DECODE, farg, 1) != RC_OK)
        fuzz_fail("refdut flow_decode 0x%02X failed", flow_id);
    codec_dut_expect(t, 0, RC_CODEC_OUT_FLOW, fout, 3, "flow_decode");
}

static void check_decode(struct codec_dut *t, unsigned rev, const uint8_t *pkt,
                         size_t len)
{
    struct rio_ccp_packet p;
    char h[FUZZ_HEX_CAP];
    memset(&p, 0, sizeof p);
    int rc = rio_ccp_unpack(&p, rev == 3 ? RIO_P9_REV3 : RIO_P9_REV2, pkt, len);

    uint64_t arg[4];
    arg[0] = rev;
    codec_bytes_args(arg + 1, pkt, len);
    int drc = codec_dut_step(t, RC_CODEC_EV_CCP_UNPACK, arg, 4);
    if (drc != (len <= 16 ? rc : RC_RANGE))
        fuzz_fail("ccp rev %u %s: refdut %d, direct %d", rev,
                  fuzz_hex(h, sizeof h, pkt, len), drc, rc);

    /* The expected result, in the order of the ccp.h table. */
    unsigned tt = len >= 2 ? ((unsigned)pkt[1] >> 4) & 3u : 0u;
    unsigned idb = id_bytes_of(rev, tt);
    size_t total = idb == 0 ? 0 : idb == 1 ? 8 : 8u + 2u * idb;
    size_t unpadded = 6u + 2u * idb;
    int want;
    if (len < 2)
        want = RIO_ETRUNC;
    else if ((pkt[1] & 0xFu) != 7u)
        want = RIO_EFORMAT;
    else if (tt == 3)
        want = RIO_ERESERVED;
    else if (idb == 0)
        want = RIO_EREVISION;
    else if (len == unpadded && len < total)
        want = RIO_ELENGTH;
    else if (len != total)
        want = len < total ? RIO_ETRUNC : RIO_ELENGTH;
    else
        want = RIO_OK; /* or RIO_ECRC, below */
    if (len >= 2 && rio_ccp_packet_len(rev == 3 ? RIO_P9_REV3 : RIO_P9_REV2,
                                       tt) != total)
        fuzz_fail("rio_ccp_packet_len rev %u tt %u: %zu, want %zu", rev, tt,
                  rio_ccp_packet_len(rev == 3 ? RIO_P9_REV3 : RIO_P9_REV2, tt),
                  total);
    if (want != RIO_OK) {
        if (rc != want || t->n != 0)
            fuzz_fail("ccp rev %u %s: %d, want %d (refdut %u outputs)", rev,
                      fuzz_hex(h, sizeof h, pkt, len), rc, want, t->n);
        return;
    }
    struct fields f = fields_get(pkt, idb);
    unsigned crc = crc16_serial(pkt, unpadded - 2);
    want = f.crc == crc ? RIO_OK : RIO_ECRC;
    if (rc != want)
        fuzz_fail("ccp rev %u %s: %d, want %d (CRC-16 received 0x%04X, "
                  "computed 0x%04X)", rev, fuzz_hex(h, sizeof h, pkt, len), rc,
                  want, f.crc, crc);
    if (p.ack_id != f.ack_id || p.vc != f.vc || p.crf != f.crf ||
        p.prio != f.prio || p.tt != f.tt || p.ftype != f.ftype ||
        p.destination_id != f.dest || p.ccp.tgt_destination_id != f.tgt ||
        p.ccp.xon != f.xon || p.ccp.fam != f.fam || p.ccp.rsrv != f.rsrv ||
        p.ccp.flow_id != f.flow_id || p.ccp.soc != f.soc || p.crc != f.crc ||
        p.pad != f.pad)
        fuzz_fail("ccp rev %u %s: fields differ from the spec layout", rev,
                  fuzz_hex(h, sizeof h, pkt, len));
    uint64_t hdr[9] = {f.ack_id, f.vc, f.crf, f.prio, f.tt,
                       f.ftype,  f.dest, f.crc, f.pad};
    uint64_t log[6] = {f.xon, f.fam, f.rsrv, f.flow_id, f.soc, f.tgt};
    if (t->n != 2)
        fuzz_fail("ccp_unpack: refdut %u outputs, want 2", t->n);
    codec_dut_expect(t, 0, RC_CODEC_OUT_CCP_HDR, hdr, 9, "ccp_unpack");
    codec_dut_expect(t, 1, RC_CODEC_OUT_CCP, log, 6, "ccp_unpack");

    /* Canonical form: zero pad, the CRC the fields call for. */
    uint8_t canon[RIO_CCP_MAX_BYTES], packed[RIO_CCP_MAX_BYTES];
    size_t plen = 0;
    memcpy(canon, pkt, len);
    fuzz_bits_put(canon, 8 * (unsigned)unpadded - 16, 8 * (unsigned)unpadded - 1, crc);
    if (total > unpadded)
        fuzz_bits_put(canon, 8 * (unsigned)unpadded, 8 * (unsigned)total - 1, 0);
    int prc = rio_ccp_pack(packed, sizeof packed, &plen,
                           rev == 3 ? RIO_P9_REV3 : RIO_P9_REV2, &p);
    if (prc != RIO_OK || plen != total || memcmp(packed, canon, total) != 0)
        fuzz_fail("ccp rev %u %s: pack(unpack) %d len %zu %s", rev,
                  fuzz_hex(h, sizeof h, pkt, len), prc, plen,
                  prc == RIO_OK ? "is not canonical" : "");
    uint64_t parg[14] = {rev,    f.ack_id, f.vc,   f.crf,  f.prio,
                         f.tt,   f.dest,   f.tgt,  f.xon,  f.fam,
                         f.rsrv, f.flow_id, f.soc, f.ftype};
    uint64_t bytes[3];
    codec_bytes_args(bytes, canon, total);
    if (codec_dut_step(t, RC_CODEC_EV_CCP_PACK, parg, 14) != RC_OK)
        fuzz_fail("ccp rev %u %s: refdut ccp_pack failed", rev,
                  fuzz_hex(h, sizeof h, pkt, len));
    codec_dut_expect(t, 0, RC_CODEC_OUT_BYTES, bytes, 3, "ccp_pack");

    check_fam_flow(t, f.xon, f.fam, f.flow_id);
}

static void check_encode(struct codec_dut *t, unsigned rev, const uint8_t *data,
                         size_t size)
{
    struct fuzz_in in;
    fuzz_in_init(&in, data, size);
    unsigned raw = fuzz_u16(&in);
    /* Widths of ack_id vc crf prio tt (ftype apart) and xon fam rsrv flow_id
     * soc; IDs are masked to the transport size below. */
    struct rio_ccp_packet p;
    memset(&p, 0, sizeof p);
    p.ack_id = (uint8_t)(fuzz_u8(&in) & ((raw & 1u) ? 0xFFu : 0x3Fu));
    p.vc = (uint8_t)(fuzz_u8(&in) & ((raw & 2u) ? 0xFFu : 1u));
    p.crf = (uint8_t)(fuzz_u8(&in) & ((raw & 4u) ? 0xFFu : 1u));
    p.prio = (uint8_t)(fuzz_u8(&in) & ((raw & 8u) ? 0xFFu : 3u));
    p.tt = (uint8_t)(fuzz_u8(&in) & ((raw & 16u) ? 0xFFu : 3u));
    uint8_t ftype = fuzz_u8(&in);
    p.ftype = (raw & 32u) ? ftype : 7u;
    unsigned idb = id_bytes_of(rev, p.tt);
    uint32_t idmask = idb == 1 ? 0xFFu : idb == 2 ? 0xFFFFu : 0xFFFFFFFFu;
    p.destination_id = fuzz_u32(&in) & ((raw & 64u) ? 0xFFFFFFFFu : idmask);
    p.ccp.tgt_destination_id =
        fuzz_u32(&in) & ((raw & 128u) ? 0xFFFFFFFFu : idmask);
    p.ccp.xon = (uint8_t)(fuzz_u8(&in) & ((raw & 256u) ? 0xFFu : 1u));
    p.ccp.fam = (uint8_t)(fuzz_u8(&in) & ((raw & 512u) ? 0xFFu : 7u));
    p.ccp.rsrv = (uint8_t)(fuzz_u8(&in) & ((raw & 1024u) ? 0xFFu : 0xFu));
    p.ccp.flow_id = (uint8_t)(fuzz_u8(&in) & ((raw & 2048u) ? 0xFFu : 0x7Fu));
    p.ccp.soc = (uint8_t)(fuzz_u8(&in) & ((raw & 4096u) ? 0xFFu : 1u));
    p.crc = 0xDEAD; /* pack ignores crc and pad */
    p.pad = 0xBEEF;

    /* Every error that applies; the header does not rank them. */
    unsigned errs = 0;
#define ERR_BIT(e) (1u << (unsigned)-(e) % 32u)
    if (p.tt == 3)
        errs |= ERR_BIT(RIO_ERESERVED);
    else if (p.tt == 2 && rev == 2)
        errs |= ERR_BIT(RIO_EREVISION);
    else if (p.tt > 3)
        errs |= ERR_BIT(RIO_ERANGE);
    if (p.ftype != 7)
        errs |= ERR_BIT(RIO_EFORMAT);
    if (p.ack_id > 0x3F || p.vc > 1 || p.crf > 1 || p.prio > 3 ||
        p.ccp.xon > 1 || p.ccp.fam > 7 || p.ccp.rsrv > 15 ||
        p.ccp.flow_id > 0x7F || p.ccp.soc > 1 ||
        (idb != 0 && (p.destination_id > idmask ||
                      p.ccp.tgt_destination_id > idmask)))
        errs |= ERR_BIT(RIO_ERANGE);
    enum rio_p9_rev r = rev == 3 ? RIO_P9_REV3 : RIO_P9_REV2;
    uint8_t pkt[RIO_CCP_MAX_BYTES + 4];
    size_t len = 999;
    int rc = rio_ccp_pack(pkt, sizeof pkt, &len, r, &p);
    if (errs != 0 ? (rc >= 0 || (errs & ERR_BIT(rc)) == 0) : rc != RIO_OK)
        fuzz_fail("ccp_pack rev %u tt %u ftype %u ...: %d, applicable errors "
                  "mask 0x%X", rev, p.tt, p.ftype, rc, errs);
#undef ERR_BIT
    uint64_t parg[14] = {rev,
                         p.ack_id,
                         p.vc,
                         p.crf,
                         p.prio,
                         p.tt,
                         p.destination_id,
                         p.ccp.tgt_destination_id,
                         p.ccp.xon,
                         p.ccp.fam,
                         p.ccp.rsrv,
                         p.ccp.flow_id,
                         p.ccp.soc,
                         p.ftype};
    int drc = codec_dut_step(t, RC_CODEC_EV_CCP_PACK, parg, 14);
    if (drc != rc || (rc != RIO_OK && t->n != 0))
        fuzz_fail("ccp_pack: refdut %d n %u, direct %d", drc, t->n, rc);

    if (rc == RIO_OK) {
        size_t total = idb == 1 ? 8 : 8u + 2u * idb;
        uint64_t bytes[3];
        codec_bytes_args(bytes, pkt, len);
        codec_dut_expect(t, 0, RC_CODEC_OUT_BYTES, bytes, 3, "ccp_pack");
        struct fields f = {p.ack_id, p.vc,        p.crf,      p.prio,
                           p.tt,     p.ftype,     p.destination_id,
                           p.ccp.tgt_destination_id,
                           p.ccp.xon, p.ccp.fam,  p.ccp.rsrv, p.ccp.flow_id,
                           p.ccp.soc, 0,          0};
        uint8_t spec[RIO_CCP_MAX_BYTES];
        memset(spec, 0, sizeof spec);
        size_t slen = fields_put(spec, idb, &f);
        if (len != total || slen != total || memcmp(spec, pkt, total) != 0) {
            char h1[FUZZ_HEX_CAP], h2[FUZZ_HEX_CAP];
            fuzz_fail("ccp_pack rev %u: %s (len %zu), spec layout %s", rev,
                      fuzz_hex(h1, sizeof h1, pkt, len), len,
                      fuzz_hex(h2, sizeof h2, spec, slen));
        }
        unsigned crc = (unsigned)fuzz_bits_get(spec, 16 + 16 * idb + 16,
                                          16 + 16 * idb + 31);
        if (rio_ccp_crc(r, &p) != crc)
            fuzz_fail("rio_ccp_crc 0x%04X, bit-serial 0x%04X",
                      rio_ccp_crc(r, &p), crc);
        uint8_t small[RIO_CCP_MAX_BYTES];
        size_t slen2 = 999;
        if (rio_ccp_pack(small, total - 1, &slen2, r, &p) != RIO_ETRUNC)
            fuzz_fail("ccp_pack into %zu bytes: not RIO_ETRUNC", total - 1);
        struct rio_ccp_packet back;
        rc = rio_ccp_unpack(&back, r, pkt, len);
        if (rc != RIO_OK || back.ack_id != p.ack_id || back.vc != p.vc ||
            back.crf != p.crf || back.prio != p.prio || back.tt != p.tt ||
            back.ftype != p.ftype || back.destination_id != p.destination_id ||
            back.ccp.tgt_destination_id != p.ccp.tgt_destination_id ||
            back.ccp.xon != p.ccp.xon || back.ccp.fam != p.ccp.fam ||
            back.ccp.rsrv != p.ccp.rsrv || back.ccp.flow_id != p.ccp.flow_id ||
            back.ccp.soc != p.ccp.soc || back.crc != crc || back.pad != 0)
            fuzz_fail("ccp rev %u: unpack(pack(p)) != p (rc %d)", rev, rc);
        check_fam_flow(t, p.ccp.xon, p.ccp.fam, p.ccp.flow_id);
    }

    /* Encoders of commands and flows, with any arguments. */
    unsigned cmd = fuzz_u8(&in) % 9u; /* 8: not an enumerator */
    unsigned seq = fuzz_u8(&in) % 3u;
    unsigned x = 9, fam = 9;
    rc = rio_fam_encode(&x, &fam, (enum rio_fam_cmd)cmd, seq);
    int want = cmd >= RIO_FAM_RESERVED || seq > 1 ? RIO_ERANGE : RIO_OK;
    if (rc != want)
        fuzz_fail("rio_fam_encode cmd %u seq %u: %d, want %d", cmd, seq, rc,
                  want);
    if (rc == RIO_OK) {
        unsigned s2 = 9;
        unsigned want_seq =
            (cmd == RIO_FAM_XOFF || cmd == RIO_FAM_XON) ? 0u : seq;
        if (rio_fam_decode(x, fam, &s2) != (enum rio_fam_cmd)cmd ||
            s2 != want_seq)
            fuzz_fail("rio_fam_encode cmd %u seq %u: xon %u fam %u decodes "
                      "otherwise", cmd, seq, x, fam);
    }
    unsigned vc = fuzz_u8(&in) % 10u, flow = fuzz_u8(&in) % 7u;
    uint8_t id = 0xFF;
    rc = rio_flow_encode(&id, vc, flow);
    want = (vc == 0 && flow <= RIO_FLOW_F) || (vc >= 1 && vc <= 8 && flow == 0)
               ? RIO_OK
               : RIO_ERANGE;
    if (rc != want)
        fuzz_fail("rio_flow_encode vc %u flow %u: %d, want %d", vc, flow, rc,
                  want);
    if (rc == RIO_OK) {
        struct rio_flow fl;
        if (rio_flow_decode(&fl, id) != RIO_OK || fl.reserved || fl.vc != vc ||
            fl.flow != flow)
            fuzz_fail("rio_flow_encode vc %u flow %u: 0x%02X decodes otherwise",
                      vc, flow, id);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    unsigned rev = (data[0] & CTRL_REV3) ? 3 : 2;
    struct codec_dut *t = codec_dut();
    if (data[0] & CTRL_ENCODE)
        check_encode(t, rev, data + 1, size - 1);
    else
        check_decode(t, rev, data + 1, size - 1);
    return 0;
}

/* ---- custom mutator ------------------------------------------------------ */

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
                               unsigned int seed)
{
    struct fuzz_rng r;
    fuzz_rng_init(&r, seed);
    unsigned rev = size > 0 && (data[0] & CTRL_REV3) ? 3 : 2;
    unsigned tt = size > 2 ? ((unsigned)data[2] >> 4) & 3u : 0u;
    unsigned idb = id_bytes_of(rev, tt);
    size_t want_len = idb == 0 ? 0 : 1u + (idb == 1 ? 8u : 8u + 2u * idb);
    int raw = fuzz_rng_below(&r, 8) == 0 ||
              (size != want_len && fuzz_rng_below(&r, 2) == 0) ||
              (size > 0 && (data[0] & CTRL_ENCODE) && fuzz_rng_below(&r, 8));
    if (max_size < 1 + RIO_CCP_MAX_BYTES + 24 || raw)
        return LLVMFuzzerMutate != NULL ? LLVMFuzzerMutate(data, size, max_size)
                                        : size;
    uint8_t pkt[RIO_CCP_MAX_BYTES];
    memset(pkt, 0, sizeof pkt);
    if (size > 1)
        memcpy(pkt, data + 1, size - 1 < sizeof pkt ? size - 1 : sizeof pkt);
    if (size == 0)
        data[0] = 0;
    data[0] &= (uint8_t)~CTRL_ENCODE;
    if (idb == 0)
        idb = 1, tt = 0;
    struct fields f = fields_get(pkt, idb);
    f.ftype = 7;
    f.pad = 0;
    unsigned n = 1 + fuzz_rng_below(&r, 3);
    for (unsigned k = 0; k < n; k++) {
        uint32_t v = (uint32_t)fuzz_rng_next(&r);
        switch (fuzz_rng_below(&r, 13)) {
        case 0: /* transport size: IDs keep their low bytes */
            f.tt = v % 3u;
            break;
        case 1: data[0] ^= CTRL_REV3; break;
        case 2: f.dest = v; break;
        case 3: f.tgt = v; break;
        case 4: /* a command (Table 3-2) */
            f.xon = v & 1u;
            f.fam = (v >> 1) & 7u;
            break;
        case 5: /* a defined flowID, or any */
            f.flow_id = (v & 1u) ? ((v >> 1) % 6u) : (v & 2u) ? 0x41u + (v >> 2) % 8u
                                                                : (v >> 2) & 0x7Fu;
            break;
        case 6: f.soc ^= 1u; break;
        case 7: /* prio 3 / CRF 1 as 2.4.2 sends them, or anything */
            f.prio = (v & 1u) ? 3u : (v >> 1) & 3u;
            f.crf = (v >> 3) & 1u;
            f.vc = (v >> 4) & 1u;
            break;
        case 8: f.ack_id = v & 0x3Fu; break;
        case 9: f.rsrv = (v % 8 == 0) ? (v >> 3) & 0xFu : 0u; break;
        case 10: f.pad = (v % 8 == 0) ? v >> 16 : 0u; break;
        case 11: if (v % 16 == 0) f.ftype = (v >> 4) & 0xFu; break;
        default: /* switch to encode mode */
            data[0] |= CTRL_ENCODE;
            data[1] = (uint8_t)(v % 16 == 0 ? v >> 8 : 0);
            data[2] = (uint8_t)(v % 16 == 1 ? v >> 16 : 0);
            for (size_t i = 3; i < 1 + 25; i++)
                data[i] = (uint8_t)fuzz_rng_next(&r);
            data[7] &= 3u; /* tt */
            return 1 + 25;
        }
    }
    if (f.tt == 2 && !(data[0] & CTRL_REV3))
        f.tt = 1; /* Dev32 is rev 3 only */
    idb = id_bytes_of((data[0] & CTRL_REV3) ? 3u : 2u, f.tt);
    if (idb == 0)
        idb = 2, f.tt = 1;
    if (idb < 4) {
        f.dest &= (1u << (8 * idb)) - 1u;
        f.tgt &= (1u << (8 * idb)) - 1u;
    }
    memset(pkt, 0, sizeof pkt);
    size_t len = fields_put(pkt, idb, &f);
    memcpy(data + 1, pkt, len);
    return 1 + len;
}
