/* Part 9 type 7 packets (CCPs): FAM commands, flowIDs, LP-Serial packets. */
#include "rio/ccp.h"

#include "bits.h"
#include "rio/crc.h"
#include "rio/err.h"

/* Physical + transport header, first 16 bits (Part 6 2.x, rev 2.x+ header). */
#define HDR_ACKID RIO_BE_MASK(16, 0, 5)
#define HDR_VC    RIO_BE_MASK(16, 6, 6)
#define HDR_CRF   RIO_BE_MASK(16, 7, 7)
#define HDR_PRIO  RIO_BE_MASK(16, 8, 9)
#define HDR_TT    RIO_BE_MASK(16, 10, 11)
#define HDR_FTYPE RIO_BE_MASK(16, 12, 15)
/* Type 7 logical word after tgtdestinationID (Part 9 Figure 3-1). */
#define LOG_XON    RIO_BE_MASK(16, 0, 0)
#define LOG_FAM    RIO_BE_MASK(16, 1, 3)
#define LOG_RSRV   RIO_BE_MASK(16, 4, 7)
#define LOG_FLOWID RIO_BE_MASK(16, 8, 14)
#define LOG_SOC    RIO_BE_MASK(16, 15, 15)

/* Bytes of each device ID for a transport size, 0 when not valid in rev. */
static size_t id_bytes(enum rio_p9_rev rev, unsigned tt)
{
    switch (tt) {
    case RIO_TT_DEV8:
        return 1;
    case RIO_TT_DEV16:
        return 2;
    case RIO_TT_DEV32:
        return rev == RIO_P9_REV3 ? 4 : 0;
    default:
        return 0;
    }
}

static int rev_valid(enum rio_p9_rev rev)
{
    return rev == RIO_P9_REV2 || rev == RIO_P9_REV3;
}

/* Unpadded length: 2 header + 2 IDs + 2 logical + 2 CRC. */
static size_t data_len(size_t idb)
{
    return 2 + 2 * idb + 2 + 2;
}

size_t rio_ccp_packet_len(enum rio_p9_rev rev, unsigned tt)
{
    if (!rev_valid(rev))
        return 0;
    size_t idb = id_bytes(rev, tt);
    if (idb == 0)
        return 0;
    return (data_len(idb) + 3u) & ~(size_t)3u; /* pad to 32 bits */
}

/* Serialise everything before the CRC into dst; returns the byte count. */
static size_t put_body(uint8_t *dst, size_t idb, const struct rio_ccp_packet *p)
{
    uint64_t hdr = RIO_FIELD_PREP(HDR_ACKID, p->ack_id) |
                   RIO_FIELD_PREP(HDR_VC, p->vc) | RIO_FIELD_PREP(HDR_CRF, p->crf) |
                   RIO_FIELD_PREP(HDR_PRIO, p->prio) | RIO_FIELD_PREP(HDR_TT, p->tt) |
                   RIO_FIELD_PREP(HDR_FTYPE, p->ftype);
    uint64_t log = RIO_FIELD_PREP(LOG_XON, p->ccp.xon) |
                   RIO_FIELD_PREP(LOG_FAM, p->ccp.fam) |
                   RIO_FIELD_PREP(LOG_RSRV, p->ccp.rsrv) |
                   RIO_FIELD_PREP(LOG_FLOWID, p->ccp.flow_id) |
                   RIO_FIELD_PREP(LOG_SOC, p->ccp.soc);
    size_t n = 0;
    rio_store_be(dst + n, hdr, 2);
    n += 2;
    rio_store_be(dst + n, p->destination_id, idb);
    n += idb;
    rio_store_be(dst + n, p->ccp.tgt_destination_id, idb);
    n += idb;
    rio_store_be(dst + n, log, 2);
    n += 2;
    return n;
}

uint16_t rio_ccp_crc(enum rio_p9_rev rev, const struct rio_ccp_packet *pkt)
{
    uint8_t body[RIO_CCP_MAX_BYTES];
    if (pkt == NULL || !rev_valid(rev))
        return 0;
    size_t idb = id_bytes(rev, pkt->tt);
    if (idb == 0)
        return 0;
    size_t n = put_body(body, idb, pkt);
    return rio_crc16_update(RIO_CRC16_INIT, body, n, 1);
}

int rio_ccp_pack(uint8_t *dst, size_t cap, size_t *len, enum rio_p9_rev rev,
                 const struct rio_ccp_packet *pkt)
{
    if (dst == NULL || len == NULL || pkt == NULL || !rev_valid(rev))
        return RIO_EINVAL;
    if (pkt->tt == 3)
        return RIO_ERESERVED;
    if (pkt->tt == RIO_TT_DEV32 && rev == RIO_P9_REV2)
        return RIO_EREVISION;
    size_t idb = id_bytes(rev, pkt->tt);
    if (idb == 0)
        return RIO_ERANGE;
    if (pkt->ftype != RIO_FTYPE_FLOW_CONTROL)
        return RIO_EFORMAT;
    if (!rio_fits(pkt->ack_id, 6) || !rio_fits(pkt->vc, 1) ||
        !rio_fits(pkt->crf, 1) || !rio_fits(pkt->prio, 2) ||
        !rio_fits(pkt->destination_id, (unsigned)(8 * idb)) ||
        !rio_fits(pkt->ccp.tgt_destination_id, (unsigned)(8 * idb)) ||
        !rio_fits(pkt->ccp.xon, 1) || !rio_fits(pkt->ccp.fam, 3) ||
        !rio_fits(pkt->ccp.rsrv, 4) || !rio_fits(pkt->ccp.flow_id, 7) ||
        !rio_fits(pkt->ccp.soc, 1))
        return RIO_ERANGE;
    size_t total = rio_ccp_packet_len(rev, pkt->tt);
    if (cap < total)
        return RIO_ETRUNC;
    size_t n = put_body(dst, idb, pkt);
    uint16_t crc = rio_crc16_update(RIO_CRC16_INIT, dst, n, 1);
    rio_store_be(dst + n, crc, 2);
    n += 2;
    while (n < total)
        dst[n++] = 0; /* pad */
    *len = total;
    return RIO_OK;
}

int rio_ccp_unpack(struct rio_ccp_packet *dst, enum rio_p9_rev rev,
                   const uint8_t *src, size_t len)
{
    if (dst == NULL || src == NULL || !rev_valid(rev))
        return RIO_EINVAL;
    if (len < 2)
        return RIO_ETRUNC;
    uint64_t hdr = rio_load_be(src, 2);
    unsigned tt = (unsigned)RIO_FIELD_GET(HDR_TT, hdr);
    if (RIO_FIELD_GET(HDR_FTYPE, hdr) != RIO_FTYPE_FLOW_CONTROL)
        return RIO_EFORMAT;
    if (tt == 3)
        return RIO_ERESERVED;
    if (tt == RIO_TT_DEV32 && rev == RIO_P9_REV2)
        return RIO_EREVISION;
    size_t idb = id_bytes(rev, tt);
    size_t total = rio_ccp_packet_len(rev, tt);
    if (len == data_len(idb) && len < total)
        return RIO_ELENGTH; /* a whole packet without its pad (I-CCP-3) */
    if (len < total)
        return RIO_ETRUNC;
    if (len > total)
        return RIO_ELENGTH;
    size_t n = 2;
    dst->ack_id = (uint8_t)RIO_FIELD_GET(HDR_ACKID, hdr);
    dst->vc = (uint8_t)RIO_FIELD_GET(HDR_VC, hdr);
    dst->crf = (uint8_t)RIO_FIELD_GET(HDR_CRF, hdr);
    dst->prio = (uint8_t)RIO_FIELD_GET(HDR_PRIO, hdr);
    dst->tt = (uint8_t)tt;
    dst->ftype = (uint8_t)RIO_FIELD_GET(HDR_FTYPE, hdr);
    dst->destination_id = (uint32_t)rio_load_be(src + n, idb);
    n += idb;
    dst->ccp.tgt_destination_id = (uint32_t)rio_load_be(src + n, idb);
    n += idb;
    uint64_t log = rio_load_be(src + n, 2);
    n += 2;
    dst->ccp.xon = (uint8_t)RIO_FIELD_GET(LOG_XON, log);
    dst->ccp.fam = (uint8_t)RIO_FIELD_GET(LOG_FAM, log);
    dst->ccp.rsrv = (uint8_t)RIO_FIELD_GET(LOG_RSRV, log);
    dst->ccp.flow_id = (uint8_t)RIO_FIELD_GET(LOG_FLOWID, log);
    dst->ccp.soc = (uint8_t)RIO_FIELD_GET(LOG_SOC, log);
    uint16_t expect = rio_crc16_update(RIO_CRC16_INIT, src, n, 1);
    dst->crc = (uint16_t)rio_load_be(src + n, 2);
    n += 2;
    dst->pad = (uint16_t)(n < total ? rio_load_be(src + n, total - n) : 0);
    return dst->crc == expect ? RIO_OK : RIO_ECRC;
}

enum rio_fam_cmd rio_fam_decode(unsigned xon, unsigned fam, unsigned *seq)
{
    unsigned y = fam & 1u;
    unsigned top = (fam >> 1) & 3u; /* FAM bits 0-1 */
    enum rio_fam_cmd cmd = RIO_FAM_RESERVED;
    if (xon > 1 || fam > 7) {
        cmd = RIO_FAM_RESERVED;
    } else if (xon == 0) {
        if (fam == 0)
            cmd = RIO_FAM_XOFF;
        else if (top == 1)
            cmd = RIO_FAM_XOFF_ARB;
        else if (top == 2)
            cmd = RIO_FAM_RELEASE;
        /* 0b001 and 0b11Y: reserved */
    } else {
        if (fam == 0)
            cmd = RIO_FAM_XON;
        else if (top == 1)
            cmd = RIO_FAM_XON_ARB;
        else if (top == 2)
            cmd = RIO_FAM_REQUEST_SINGLE;
        else if (top == 3)
            cmd = RIO_FAM_REQUEST_MULTI;
        /* 0b001: reserved */
    }
    if (seq != NULL) {
        switch (cmd) {
        case RIO_FAM_XOFF_ARB:
        case RIO_FAM_RELEASE:
        case RIO_FAM_XON_ARB:
        case RIO_FAM_REQUEST_SINGLE:
        case RIO_FAM_REQUEST_MULTI:
            *seq = y;
            break;
        case RIO_FAM_XOFF:
        case RIO_FAM_XON:
        case RIO_FAM_RESERVED:
            *seq = 0;
            break;
        }
    }
    return cmd;
}

int rio_fam_encode(unsigned *xon, unsigned *fam, enum rio_fam_cmd cmd,
                   unsigned seq)
{
    if (xon == NULL || fam == NULL)
        return RIO_EINVAL;
    if (seq > 1)
        return RIO_ERANGE;
    switch (cmd) {
    case RIO_FAM_XOFF:
        *xon = 0, *fam = 0;
        return RIO_OK;
    case RIO_FAM_XOFF_ARB:
        *xon = 0, *fam = 2u | seq;
        return RIO_OK;
    case RIO_FAM_RELEASE:
        *xon = 0, *fam = 4u | seq;
        return RIO_OK;
    case RIO_FAM_XON:
        *xon = 1, *fam = 0;
        return RIO_OK;
    case RIO_FAM_XON_ARB:
        *xon = 1, *fam = 2u | seq;
        return RIO_OK;
    case RIO_FAM_REQUEST_SINGLE:
        *xon = 1, *fam = 4u | seq;
        return RIO_OK;
    case RIO_FAM_REQUEST_MULTI:
        *xon = 1, *fam = 6u | seq;
        return RIO_OK;
    case RIO_FAM_RESERVED:
        return RIO_ERANGE;
    }
    return RIO_ERANGE;
}

const char *rio_fam_name(enum rio_fam_cmd cmd)
{
    switch (cmd) {
    case RIO_FAM_XOFF:
        return "XOFF";
    case RIO_FAM_XOFF_ARB:
        return "XOFF(ARB)";
    case RIO_FAM_RELEASE:
        return "RELEASE";
    case RIO_FAM_XON:
        return "XON";
    case RIO_FAM_XON_ARB:
        return "XON(ARB)";
    case RIO_FAM_REQUEST_SINGLE:
        return "REQUEST(single-PDU)";
    case RIO_FAM_REQUEST_MULTI:
        return "REQUEST(multi-PDU)";
    case RIO_FAM_RESERVED:
        return "reserved";
    }
    return "reserved";
}

int rio_flow_decode(struct rio_flow *dst, unsigned flow_id)
{
    if (dst == NULL)
        return RIO_EINVAL;
    if (flow_id > 0x7Fu)
        return RIO_ERANGE;
    *dst = (struct rio_flow){.reserved = 1, .vc = 0, .flow = 0};
    if (flow_id <= 0x05u) { /* 0b0000000-0b0000101: VC0 flows A-F */
        dst->reserved = 0;
        dst->flow = (uint8_t)flow_id;
    } else if (flow_id >= 0x41u && flow_id <= 0x48u) { /* VC1-VC8 flow A */
        dst->reserved = 0;
        dst->vc = (uint8_t)(flow_id - 0x40u);
    }
    return RIO_OK;
}

int rio_flow_encode(uint8_t *flow_id, unsigned vc, unsigned flow)
{
    if (flow_id == NULL)
        return RIO_EINVAL;
    if (vc == 0 && flow <= RIO_FLOW_F) {
        *flow_id = (uint8_t)flow;
        return RIO_OK;
    }
    if (vc >= 1 && vc <= 8 && flow == RIO_FLOW_A) {
        *flow_id = (uint8_t)(0x40u + vc);
        return RIO_OK;
    }
    return RIO_ERANGE;
}
/* SPDX-License-Identifier: Apache-2.0 */
