/* SPDX-License-Identifier: Apache-2.0 */
/*
 * rio/ccp.h - Part 9 type 7 FLOW CONTROL packets (congestion control packets,
 * CCPs): logical fields, FAM commands, flowIDs, and whole LP-Serial packets.
 *
 * Revisions: RIO_P9_REV2 (Part 9 rev 2.0-2.2) and RIO_P9_REV3 (3.0-4.1). The
 * only wire difference is the Dev32 transport (tt = 0b10), added in rev 3
 * (reserved before). Both use the rev 2.x+ Part 6 physical header
 * ackID(6) VC(1) CRF(1) prio(2) tt(2) ftype(4).
 * Interpretation I-CCP-1: [reading]
 *   the rev 1.3 physical header (5-bit ackID, 2 reserved
 * bits) predates both Part 9 revisions covered and is not supported.
 *
 * Wire layout (Part 9 Figures 3-1/3-2, Part 6 chapter 2), big-endian:
 *   ackID VC CRF | prio tt ftype | destinationID | tgtdestinationID |
 *   XON/XOFF(1) FAM(3) rsrv(4) | flowID(7) SOC(1) | CRC-16 | pad to 32 bits
 * Lengths: Dev8 8 bytes; Dev16 10 + 2 pad = 12; Dev32 14 + 2 pad = 16.
 * Interpretation I-CCP-3: [reading]
 *   the pad is part of the packet on an LP-Serial link,
 * so the unpadded Dev16/Dev32 lengths (10, 14) are RIO_ELENGTH.
 *
 * What the decoder does with each field it does not act on:
 *   ftype != 0b0111          rejected, RIO_EFORMAT (not a CCP).
 *   tt = 0b11                rejected, RIO_ERESERVED (Part 6: reserved).
 *   tt = 0b10 under REV2     rejected, RIO_EREVISION (Dev32 is rev 3+).
 *   wrong total length       rejected, RIO_ETRUNC / RIO_ELENGTH.
 *   bad CRC                  RIO_ECRC with every field filled in.
 * Interpretation I-CCP-2: [reading]
 *   what a decoder does with the fields it receives but does not act on (those
 *   it rejects on are listed just before, in rio/ccp.h): it reports them.
 *   + prio != 0b11, CRF != 1: reported (fields as received): 2.4.2 says how
 *     CCPs are SENT; a receiver has no rule to reject them.
 *   + rsrv != 0: reported: Table 3-1 fixes 0b0000 on transmit only.
 *   + pad != 0: reported: Part 6 pads with zeros; the receiver ignores it.
 *   + reserved FAM / flowID: reported through `rio_ccp_command()` /
 *     `rio_flow_decode()`, which say "reserved" / "no action" (3.4).
 */
#ifndef RIO_CCP_H
#define RIO_CCP_H

#include <stddef.h>
#include <stdint.h>

enum rio_p9_rev {
    RIO_P9_REV2 = 2, /* Part 9 rev 2.0-2.2 */
    RIO_P9_REV3 = 3  /* Part 9 rev 3.0-4.1: adds Dev32 */
};

enum rio_tt {
    RIO_TT_DEV8 = 0,  /* 8-bit device IDs */
    RIO_TT_DEV16 = 1, /* 16-bit device IDs */
    RIO_TT_DEV32 = 2  /* 32-bit device IDs, rev 3+ */
};

#define RIO_FTYPE_MAINTENANCE 8u
#define RIO_FTYPE_FLOW_CONTROL 7u
#define RIO_CCP_PRIO 3u /* 2.4.2: CCPs are sent with prio 0b11 ... */
#define RIO_CCP_CRF 1u  /* ... and CRF 1 where CRF is supported */
#define RIO_CCP_MAX_BYTES 16u

/* Logical fields of a type 7 packet (Part 9 Table 3-1). */
struct rio_ccp {
    uint8_t xon;        /* 1 = XON, 0 = XOFF */
    uint8_t fam;        /* 3 bits, Table 3-2 */
    uint8_t rsrv;       /* 4 bits, 0 on transmit */
    uint8_t flow_id;    /* 7 bits */
    uint8_t soc;        /* 0 = switch originated, 1 = endpoint (3.2) */
    uint32_t tgt_destination_id;
};

/* A whole LP-Serial type 7 packet. */
struct rio_ccp_packet {
    uint8_t ack_id; /* 6 bits; excluded from the CRC */
    uint8_t vc;     /* 1 bit */
    uint8_t crf;    /* 1 bit */
    uint8_t prio;   /* 2 bits */
    uint8_t tt;     /* enum rio_tt */
    uint8_t ftype;  /* 4 bits; pack requires 7 */
    uint32_t destination_id;
    struct rio_ccp ccp;
    uint16_t crc;   /* unpack: CRC received; pack ignores it */
    uint16_t pad;   /* unpack: pad received (0 when absent); pack writes 0 */
};

/* Packed length for a transport size: 8, 12 or 16; 0 if tt is not valid in rev. */
size_t rio_ccp_packet_len(enum rio_p9_rev rev, unsigned tt);

/* Pack pkt into dst (cap bytes), computing the CRC and the zero pad; *len gets
 * the packet length. RIO_EINVAL: NULL/bad rev; RIO_ERANGE: a field too wide
 * for its width (IDs checked against the transport size); RIO_EFORMAT: ftype
 * != 7; RIO_ERESERVED: tt 3; RIO_EREVISION: tt 2 in rev 2; RIO_ETRUNC: cap too
 * small. */
int rio_ccp_pack(uint8_t *dst, size_t cap, size_t *len, enum rio_p9_rev rev,
                 const struct rio_ccp_packet *pkt);

/* Unpack exactly one packet of len bytes (see the table above for errors). The
 * unpadded Dev16/Dev32 lengths (10, 14) are RIO_ELENGTH: the pad is part of
 * the packet on an LP-Serial link. */
int rio_ccp_unpack(struct rio_ccp_packet *dst, enum rio_p9_rev rev,
                   const uint8_t *src, size_t len);

/* The CRC-16 the fields of pkt call for (RIO_EINVAL-free: invalid tt gives 0). */
uint16_t rio_ccp_crc(enum rio_p9_rev rev, const struct rio_ccp_packet *pkt);

/* Flow arbitration commands, Table 3-2 (XON/XOFF bit + FAM). */
enum rio_fam_cmd {
    RIO_FAM_XOFF = 0,           /* XOFF + 000 */
    RIO_FAM_XOFF_ARB = 1,       /* XOFF + 01Y: request rejected, seq Y */
    RIO_FAM_RELEASE = 2,        /* XOFF + 10Y */
    RIO_FAM_XON = 3,            /* XON  + 000 */
    RIO_FAM_XON_ARB = 4,        /* XON  + 01Y: request granted, seq Y */
    RIO_FAM_REQUEST_SINGLE = 5, /* XON  + 10Y */
    RIO_FAM_REQUEST_MULTI = 6,  /* XON  + 11Y */
    RIO_FAM_RESERVED = 7        /* XOFF + 001, XOFF + 11Y, XON + 001 */
};

/* Decode (xon, fam) to a command; *seq (may be NULL) gets the sequence bit Y
 * (FAM bit 2, the LSB) for the ARB commands, RELEASE and REQUESTs, else 0. */
enum rio_fam_cmd rio_fam_decode(unsigned xon, unsigned fam, unsigned *seq);

/* Encode a command and sequence bit into (xon, fam). RIO_ERANGE: seq > 1 or
 * RIO_FAM_RESERVED; seq is ignored for XON and XOFF. */
int rio_fam_encode(unsigned *xon, unsigned *fam, enum rio_fam_cmd cmd,
                   unsigned seq);

/* Name of a command ("XOFF(ARB)"), never NULL. */
const char *rio_fam_name(enum rio_fam_cmd cmd);

/* flowIDs (Table 3-1): 0b0000000-0b0000101 VC0 flows A-F (F = "F and
 * higher"), 0b1000001-0b1001000 VC1-VC8 flow A ("A and higher"), everything
 * else reserved.
 * Interpretation I-CCP-4: [erratum] erratum 8:
 *   rev 4.1 prints 0000101 as "Flow 1A";
 * rev 2.2 and the flow list order make it Flow 0F (Flow 1A is 1000001). */
#define RIO_FLOW_A 0u
#define RIO_FLOW_F 5u

struct rio_flow {
    uint8_t reserved; /* 1: reserved encoding, no action, tgtdestinationID
                         ignored (3.4) - not an error */
    uint8_t vc;       /* 0..8 */
    uint8_t flow;     /* 0 = A .. 5 = F (VC1-VC8: always A) */
};

/* Always RIO_OK for 0..127; RIO_ERANGE above (not a 7-bit value). */
int rio_flow_decode(struct rio_flow *dst, unsigned flow_id);

/* RIO_ERANGE: vc > 8, flow > F, or a flow other than A on VC1-VC8. */
int rio_flow_encode(uint8_t *flow_id, unsigned vc, unsigned flow);

#endif
