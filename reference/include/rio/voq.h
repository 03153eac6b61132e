/* SPDX-License-Identifier: Apache-2.0 */
/*
 * rio/voq.h - Part 12 (Virtual Output Queueing backpressure) message codecs and
 * the Port n VoQ Control Status Register bit definitions.
 *
 * Two incompatible revisions exist (Part 12 rev 3.0 release note: "not backwards
 * compatible"); a device implements one, so every function that differs takes
 * the revision explicitly:
 *   RIO_P12_REV2 - rev 2.0, 2.1, 2.2: CS48 only, 3-bit CMD, fixed 6-port groups.
 *   RIO_P12_REV3 - rev 3.0 .. 4.1: 1-bit CMD, programmable group width 0-6,
 *                  CS48 (13 bits) and CS64 (VC_IND + 20 bits).
 *
 * A message is decoded to its port group and status vector, and from there to
 * the list of (port number, congested). Port numbering (rev 3+ 2.1, Tables 3-2
 * and 3-4; rev 2 Tables 3-2 and 3-3): the first port of a message is
 * group x status_width (rev 2: group x 6), and the least significant status bit
 * is that lowest-numbered port. Status 1 = congested (rev 3+ 2.1).
 *
 * Interpretation I-VOQ-2: [erratum] erratum 4:
 *   inside the rev 3+ CS48 stype2 field the
 * order is port status then port group (Table 3-1's column order, the same as
 * the CS64 Figure 3-4); no CS48 figure states it.
 * Interpretation I-VOQ-3: [erratum] erratum 3:
 *   checklist row R3.2p12s3.2m0007 says
 * received sizes follow the TX Port Group Size; the spec text (3.1, 3.2) says
 * the RX Port Group Size. Decoders take the receiver's RX size.
 * Interpretation I-VOQ-4: [reading]
 *   a rev 2 NOP or reserved CMD with a non-zero
 * parameter (Table 3-1 says "0b000 0000 0000") is reported in `parameter`,
 * not rejected: Part 6 3.1 makes unsupported encodings "ignored ... no error".
 *
 * Port numbers beyond what a device or register map has (e.g. CS48 width 6
 * reaches port 447, CS64 width 6 port 895, the register map 255) are produced
 * as they are: what a device does with them is implementation-defined (shared
 * spec README erratum 10); rio/voqrx.h decides for the reference receiver.
 */
#ifndef RIO_VOQ_H
#define RIO_VOQ_H

#include <stdint.h>

enum rio_p12_rev {
    RIO_P12_REV2 = 2, /* Part 12 rev 2.0-2.2 */
    RIO_P12_REV3 = 3  /* Part 12 rev 3.0-4.1 */
};

/* Group widths allowed by the TX/RX Port Group Size fields (rev 3+ Table 5-3);
 * 0x7 is reserved. */
#define RIO_VOQ_GROUP_WIDTH_MAX 6u
#define RIO_VOQ_GROUP_WIDTH_RESERVED 7u
/* Bits of status || group in each format. */
#define RIO_VOQ_CS48_BITS 13u /* rev 3+ stype2 bits 1-13 */
#define RIO_VOQ_CS64_BITS 20u /* CS64 parameter0||parameter1 bits 4-23 */
/* Rev 2: 6 status bits, 5 group bits, port = group x 6 + offset, 192 ports. */
#define RIO_VOQ_REV2_STATUS_BITS 6u
#define RIO_VOQ_REV2_GROUP_BITS 5u
#define RIO_VOQ_MAX_STATUS_BITS 20u

/* VC_IND (rev 3+ Table 3-3): 0b0000-0b0111 VC1-VC8, 0b1000 VC0, 0b1111 all VCs,
 * 0b1001-0b1110 reserved.
 * Interpretation I-VOQ-1: [erratum] erratum 2:
 *   the spec writes "0b11111" for all VCs
 * (and checklist row R3.2p12s3.2m0005 "0x11111") in a 4-bit field; 0b1111
 * is the only reading. */
#define RIO_VC_IND_VC0 0x8u
#define RIO_VC_IND_ALL 0xFu
#define RIO_VC_ALL 0xFFu /* rio_voq_msg.vc value meaning "all VCs" */

enum rio_voq_kind {
    RIO_VOQ_BACKPRESSURE = 0,   /* a VoQ message: group/status/ports valid */
    RIO_VOQ_NOP = 1,            /* rev 2 stype2 CMD 0b000 */
    RIO_VOQ_RESERVED_CMD = 2,   /* rev 2 CMD 0b010-0b111, rev 3+ CMD 0: carries
                                   no function; ignored without error (Part 6
                                   3.1 forward compatibility, Table 3-1) */
    RIO_VOQ_RESERVED_VC_IND = 3 /* CS64 VC_IND 0b1001-0b1110: the receiver
                                   "shall ignore ... without error" (3.2);
                                   fields are still decoded for display */
};

struct rio_voq_msg {
    enum rio_voq_kind kind;
    uint8_t vc_ind;       /* CS64: the received VC_IND; CS48: RIO_VC_IND_ALL */
    uint8_t vc;           /* 0..8, or RIO_VC_ALL (CS48 always RIO_VC_ALL: the VC
                             comes from the stype0 it rides with, see
                             rio_cs48_linked_vc) */
    uint8_t group_width;  /* rev 2: 5 */
    uint8_t status_width; /* rev 3+: 13 or 20 minus group_width; rev 2: 6 */
    uint16_t group;
    uint32_t status;      /* bit i: port first_port + i, 1 = congested */
    uint16_t first_port;  /* group x status_width (rev 2: group x 6) */
    uint16_t parameter;   /* stype2 parameter as received: rev 2 bits 3-13
                             (must be 0 for NOP and reserved CMDs; reported,
                             not rejected), rev 3+ bits 1-13; 0 for CS64 */
};

struct rio_voq_port {
    uint16_t port;
    uint8_t congested;
};

/* Decode a 14-bit CS48 stype2 value. group_width is the RX Port Group Size
 * (0-6) for rev 3+ and is ignored for rev 2. RIO_EINVAL: NULL or bad rev;
 * RIO_ERANGE: stype2 wider than 14 bits; RIO_ERESERVED: group_width 7 (the
 * reserved Port Group Size encoding) or more. */
int rio_voq_stype2_decode(struct rio_voq_msg *dst, enum rio_p12_rev rev,
                          unsigned group_width, uint32_t stype2);

/* Encode a VoQ backpressure stype2 (CMD = VoQ). status bit i is the port
 * group x status_width + i. RIO_ERANGE: group or status does not fit;
 * RIO_ERESERVED: group_width 7+ (rev 3+). */
int rio_voq_stype2_encode(uint16_t *dst, enum rio_p12_rev rev,
                          unsigned group_width, unsigned group, uint32_t status);

/* Decode the 24-bit CS64 VoQ parameter0||parameter1 (rev 3+ Figure 3-4:
 * VC_IND(4) || status(20-N) || group(N)). RIO_ERANGE: more than 24 bits;
 * RIO_ERESERVED: group_width 7+. A reserved VC_IND is RIO_OK with kind
 * RIO_VOQ_RESERVED_VC_IND. */
int rio_voq_cs64_decode(struct rio_voq_msg *dst, unsigned group_width,
                        uint32_t param24);

/* Encode VC_IND || status || group. RIO_ERANGE: vc_ind > 15 or group/status too
 * wide; RIO_ERESERVED: group_width 7+ (the reserved Port Group Size).
 * Reserved VC_IND values are encodable (for negative tests). */
int rio_voq_cs64_encode(uint32_t *dst, unsigned vc_ind, unsigned group_width,
                        unsigned group, uint32_t status);

/* Split a 24-bit CS64 parameter into parameter0 (bits 0-11) and parameter1. */
static inline uint16_t rio_voq_cs64_parameter0(uint32_t param24)
{
    return (uint16_t)((param24 >> 12) & 0xFFFu);
}
static inline uint16_t rio_voq_cs64_parameter1(uint32_t param24)
{
    return (uint16_t)(param24 & 0xFFFu);
}

/* Write up to cap (port, congested) pairs of a BACKPRESSURE message, lowest
 * port first; returns the number of ports the message covers (status_width),
 * which may exceed cap (only cap are written). 0 for other kinds. */
unsigned rio_voq_msg_ports(struct rio_voq_port *dst, unsigned cap,
                           const struct rio_voq_msg *msg);

/* VC_IND to VC: 0..8, RIO_VC_ALL, or -1 for a reserved value. */
int rio_voq_vc_ind_to_vc(unsigned vc_ind);
/* VC (0..8 or RIO_VC_ALL) to VC_IND; RIO_ERANGE otherwise. */
int rio_voq_vc_to_vc_ind(unsigned vc);

/*
 * Port n VoQ Control Status Register (rev 3+ Table 5-3, rev 2 Table 5-3).
 * Masks use the spec's bit numbers: bit n of a 32-bit register is 1 << (31-n).
 */
#define RIO_VOQ_CSR_GEN_SUPPORTED      0x80000000u /* bit 0, read-only */
#define RIO_VOQ_CSR_RX_SUPPORTED       0x40000000u /* bit 1, read-only */
#define RIO_VOQ_CSR_PER_VC_SUPPORTED   0x20000000u /* bit 2, read-only (rev 2:
                                                      linking with VCs) */
#define RIO_VOQ_CSR_RSV_3_7            0x1F000000u /* bits 3-7, reserved */
#define RIO_VOQ_CSR_GEN_ENABLE         0x00800000u /* bit 8 */
#define RIO_VOQ_CSR_PARTICIPATE        0x00400000u /* bit 9 */
#define RIO_VOQ_CSR_PORT_XOFF          0x00200000u /* bit 10 */
#define RIO_VOQ_CSR_PER_VC_ENABLE      0x00100000u /* bit 11 (rev 2: VC linking) */
#define RIO_VOQ_CSR_SIZE_SUPPORTED(n)  (0x00080000u >> (n)) /* bits 12-18, rev 3+ */
#define RIO_VOQ_CSR_SIZE_SUPPORTED_ALL 0x000FE000u
#define RIO_VOQ_CSR_RSV_19_25          0x00001FC0u /* bits 19-25, rev 3+ */
#define RIO_VOQ_CSR_TX_GROUP_SIZE      0x00000038u /* bits 26-28, rev 3+ */
#define RIO_VOQ_CSR_RX_GROUP_SIZE      0x00000007u /* bits 29-31, rev 3+ */
#define RIO_VOQ_CSR_REV2_RSV_12_31     0x000FFFFFu /* bits 12-31, rev 2 */
#define RIO_VOQ_EF_ID                  0x000Bu

static inline unsigned rio_voq_csr_tx_group_width(uint32_t csr)
{
    return (unsigned)((csr & RIO_VOQ_CSR_TX_GROUP_SIZE) >> 3);
}
static inline unsigned rio_voq_csr_rx_group_width(uint32_t csr)
{
    return (unsigned)(csr & RIO_VOQ_CSR_RX_GROUP_SIZE);
}

#endif
