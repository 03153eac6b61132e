/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/stype2.c - the Part 12 VoQ backpressure message in the CS48 stype2
 * field: rev 2.0-2.2 (3-bit CMD, 6-port groups, Tables 3-1..3-3) and rev
 * 3.0-4.1 (1-bit CMD, status || group with the RX/TX Port Group Size 0-6,
 * Tables 3-1, 3-2, 5-3).
 *
 * Input: ctrl || rest.
 *   ctrl bit 0    revision: 0 rev 2, 1 rev 3
 *   ctrl bits 1-3 Port Group Size 0-7 (7 is the reserved encoding)
 *   ctrl bit 4    0: decode mode, rest = value
 *                 1: encode mode, rest = group (2 bytes) || status (4)
 *   ctrl bit 5    raw: decode mode reads a 4-byte value (else 2 bytes masked
 *                 to 14 bits); encode mode leaves group and status unmasked
 *   ctrl bit 6    also call the decoder with an invalid revision (RIO_EINVAL)
 *
 * Properties (fuzz_fail on any violation):
 *  decode mode
 *  1. rio_voq_stype2_decode: RIO_ERANGE for a value wider than 14 bits; else
 *     the same result and voq_msg (kind, vc_ind, vc, widths, group, status,
 *     first port) as the naive oracle (harness/oracle); rev 2 reports
 *     parameter = bits 3-13 (I-VOQ-4).
 *  2. a backpressure message encodes back to the same value (every stype2 bit
 *     is a field); rio_voq_msg_ports lists status_width ports from first_port
 *     with bit i = port first_port + i; other kinds list no port.
 *  encode mode
 *  3. rio_voq_stype2_encode: RIO_ERESERVED for rev 3 width 7, RIO_ERANGE
 *     exactly when group or status does not fit, else the Table 3-1 layout
 *     (rev 2: 0b001 || status(6) || group(5); rev 3: 1 || status || group),
 *     which decodes back to (group, status) with the oracle agreeing.
 *  both
 *  4. the reference behind the DUT ABI (rc_refdut() codec: stype2_decode,
 *     stype2_encode) gives the same result codes and outputs.
 *
 * No custom mutator: there is no CRC, and every bit pattern is meaningful.
 */
#include <string.h>

#include "../harness/oracle/oracle.h"
#include "common/codec_dut.h"
#include "common/fuzz.h"
#include "rio/err.h"
#include "rio/voq.h"

#define CTRL_REV3 0x01u
#define CTRL_WIDTH(c) (((unsigned)(c) >> 1) & 7u)
#define CTRL_ENCODE 0x10u
#define CTRL_RAW 0x20u
#define CTRL_BADREV 0x40u

/* ---- properties ------------------------------------------------------------ */

/* Decode value (any 32 bits) in rev/width; returns the library's result. */
static int check_decode(struct codec_dut *t, unsigned rev, unsigned width,
                        uint32_t value, struct rio_voq_msg *m)
{
    enum rio_p12_rev r = rev == 3 ? RIO_P12_REV3 : RIO_P12_REV2;
    int rc = rio_voq_stype2_decode(m, r, width, value);
    uint64_t arg[3] = {rev, width, value};
    int drc = codec_dut_step(t, RC_CODEC_EV_STYPE2_DECODE, arg, 3);
    if (drc != rc || (rc != RIO_OK && t->n != 0))
        fuzz_fail("stype2 0x%X rev %u width %u: refdut %d n %u, direct %d",
                  value, rev, width, drc, t->n, rc);
    if (value > 0x3FFFu) {
        if (rc != RIO_ERANGE)
            fuzz_fail("stype2 0x%X (wider than 14 bits) rev %u: %d, want "
                      "RIO_ERANGE", value, rev, rc);
        return rc;
    }
    struct rc_msg want;
    memset(&want, 0, sizeof want);
    int orc = oracle_stype2(rev, width, value, &want);
    if (rc != orc)
        fuzz_fail("stype2 0x%04X rev %u width %u: decode %d, oracle %d", value,
                  rev, width, rc, orc);
    if (rc != RIO_OK)
        return rc;
    uint64_t got[8] = {(uint64_t)m->kind, m->vc_ind, m->vc, m->group_width,
                       m->status_width, m->group, m->status, m->first_port};
    for (unsigned a = 0; a < 8; a++)
        if (got[a] != want.arg[a])
            fuzz_fail("stype2 0x%04X rev %u width %u: voq_msg arg %u decode "
                      "%llu, oracle %llu", value, rev, width, a,
                      (unsigned long long)got[a],
                      (unsigned long long)want.arg[a]);
    codec_dut_expect1(t, RC_CODEC_OUT_VOQ_MSG, got, 8, "stype2_decode");
    if (rev == 2 && m->parameter != (value & 0x7FFu))
        fuzz_fail("stype2 0x%04X rev 2: parameter 0x%X, want bits 3-13 0x%X",
                  value, m->parameter, value & 0x7FFu);
    return rc;
}

static void check_ports(const struct rio_voq_msg *m, uint32_t value)
{
    struct rio_voq_port ports[RIO_VOQ_MAX_STATUS_BITS];
    unsigned n = rio_voq_msg_ports(ports, RIO_VOQ_MAX_STATUS_BITS, m);
    unsigned want = m->kind == RIO_VOQ_BACKPRESSURE ? m->status_width : 0u;
    if (n != want)
        fuzz_fail("stype2 0x%04X: %u ports, want %u", value, n, want);
    for (unsigned i = 0; i < n; i++)
        if (ports[i].port != m->group * m->status_width + i ||
            ports[i].congested != ((m->status >> i) & 1u))
            fuzz_fail("stype2 0x%04X: port entry %u = (%u, %u)", value, i,
                      ports[i].port, ports[i].congested);
    /* Fewer slots than ports: only cap written, the count is still n. */
    struct rio_voq_port one[2] = {{0xFFFF, 0xFF}, {0xFFFF, 0xFF}};
    if (rio_voq_msg_ports(one, 1, m) != n ||
        (n > 0 && one[0].port != ports[0].port) || one[1].port != 0xFFFF)
        fuzz_fail("stype2 0x%04X: rio_voq_msg_ports with cap 1", value);
}

static void decode_mode(struct codec_dut *t, uint8_t ctrl, struct fuzz_in *in)
{
    unsigned rev = (ctrl & CTRL_REV3) ? 3 : 2;
    unsigned width = CTRL_WIDTH(ctrl);
    uint32_t value = (ctrl & CTRL_RAW) ? fuzz_u32(in) : fuzz_u16(in) & 0x3FFFu;
    struct rio_voq_msg m;
    if (ctrl & CTRL_BADREV) {
        /* Interpretation-free: rev is an enum of 2 and 3 only (voq.h). */
        if (rio_voq_stype2_decode(&m, (enum rio_p12_rev)(rev == 3 ? 4 : 1),
                                  width, value & 0x3FFFu) != RIO_EINVAL)
            fuzz_fail("stype2 decode with revision %u: not RIO_EINVAL",
                      rev == 3 ? 4u : 1u);
        if (rio_voq_stype2_decode(NULL, RIO_P12_REV3, 0, 0) != RIO_EINVAL)
            fuzz_fail("stype2 decode into NULL: not RIO_EINVAL");
    }
    if (check_decode(t, rev, width, value, &m) != RIO_OK)
        return;
    check_ports(&m, value);
    if (m.kind != RIO_VOQ_BACKPRESSURE)
        return;
    uint16_t back = 0xFFFF;
    int rc = rio_voq_stype2_encode(&back, rev == 3 ? RIO_P12_REV3 : RIO_P12_REV2,
                                   width, m.group, m.status);
    if (rc != RIO_OK || back != value)
        fuzz_fail("stype2 0x%04X rev %u width %u: encode(decode) %d 0x%04X",
                  value, rev, width, rc, back);
}

static void encode_mode(struct codec_dut *t, uint8_t ctrl, struct fuzz_in *in)
{
    unsigned rev = (ctrl & CTRL_REV3) ? 3 : 2;
    unsigned width = CTRL_WIDTH(ctrl);
    unsigned gw = rev == 2 ? 5u : width;  /* group bits */
    unsigned sw = rev == 2 ? 6u : 13u - (width <= 6 ? width : 6u);
    unsigned group = fuzz_u16(in);
    uint32_t status = fuzz_u32(in);
    if (!(ctrl & CTRL_RAW)) {
        group &= (1u << (gw <= 6 ? gw : 6)) - 1u;
        status &= (1u << sw) - 1u;
    }
    int want = rev == 3 && width > 6                    ? RIO_ERESERVED
               : (group >> gw) != 0 || (status >> sw) != 0 ? RIO_ERANGE
                                                           : RIO_OK;
    uint16_t v = 0xFFFF;
    int rc = rio_voq_stype2_encode(&v, rev == 3 ? RIO_P12_REV3 : RIO_P12_REV2,
                                   width, group, status);
    if (rc != want)
        fuzz_fail("stype2 encode rev %u width %u group %u status 0x%X: %d, "
                  "want %d", rev, width, group, status, rc, want);
    uint64_t arg[4] = {rev, width, group, status};
    int drc = codec_dut_step(t, RC_CODEC_EV_STYPE2_ENCODE, arg, 4);
    if (drc != rc || (rc != RIO_OK && t->n != 0))
        fuzz_fail("stype2_encode: refdut %d n %u, direct %d", drc, t->n, rc);
    if (rc != RIO_OK)
        return;
    uint64_t value = v;
    codec_dut_expect1(t, RC_CODEC_OUT_VALUE, &value, 1, "stype2_encode");
    /* Table 3-1: rev 2 CMD 0b001 in bits 0-2, status bits 3-8, group 9-13;
     * rev 3 CMD 1 in bit 0, then status, then group (I-VOQ-2). */
    uint32_t spec = rev == 2 ? 0x0800u | status << 5 | group
                             : 0x2000u | status << width | group;
    if (v != spec)
        fuzz_fail("stype2 encode rev %u width %u group %u status 0x%X: 0x%04X, "
                  "Table 3-1 0x%04X", rev, width, group, status, v, spec);
    struct rio_voq_msg m;
    if (check_decode(t, rev, width, v, &m) != RIO_OK ||
        m.kind != RIO_VOQ_BACKPRESSURE || m.group != group || m.status != status)
        fuzz_fail("stype2 rev %u width %u: decode(encode(%u, 0x%X)) differs",
                  rev, width, group, status);
    check_ports(&m, v);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fuzz_in in;
    fuzz_in_init(&in, data, size);
    uint8_t ctrl = fuzz_u8(&in);
    struct codec_dut *t = codec_dut();
    if (ctrl & CTRL_ENCODE)
        encode_mode(t, ctrl, &in);
    else
        decode_mode(t, ctrl, &in);
    return 0;
}
