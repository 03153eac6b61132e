/* SPDX-License-Identifier: Apache-2.0 */
/*
 * rio/fcreg.h - the register bits that Part 9 (logical layer flow control) and
 * the Part 12 Port XOFF rule rely on, and a small model of them for a device.
 *
 * Spec: Part 9 rev 4.1 chapter 4 (4.2.1, 4.2.2) and rev 2.2 chapter 4 (4.2,
 * 4.3, which also gives the parallel-PHY bit numbers); Part 6 7.6.10 (Port n
 * Error and Status CSR, via the register summary); Part 12 rev 4.1 Table 5-3
 * bit 10; shared spec README errata 6 and 9.
 * Rules: P9-4.2.1-a, P9-4.2.2-a, P9-4.2.2-b, P12-5.1.2.2-b10.
 *
 * Bit numbers are the spec's: bit n of a 32-bit register is 1 << (31 - n).
 *
 *   register                      offset                   bit  name
 *   Processing Element Features   0x10 (config space)      20   Flow Arbitration Support
 *   CAR (Part 9 Table 4-1)                                 24   Flow Control Support
 *   Port n Control CSR            LP-Serial block          13   Flow Control Participant
 *   (Part 9 Table 4-2)            RM-I  0x5C + 0x20 n      15   Flow Arbitration Participant
 *                                 RM-II 0x5C + 0x40 n      (parallel PHY, rev 2.2: 10, 12)
 *   Port n Error and Status CSR   LP-Serial block          28   Port Unavailable
 *   (Part 6 7.6.10)               RM-I  0x58 + 0x20 n
 *                                 RM-II 0x58 + 0x40 n
 * The serial bit positions are the same in Part 9 rev 2.2 and rev 4.1; only
 * rev 2.2 defines the parallel ones (the model uses the serial ones).
 *
 * Interpretation I-FCREG-1: [reading] Part 9 "only describes registers or register bits
 *   defined by this specification" (4.1). The model holds only the bits above;
 *   every other bit of these registers belongs to another spec and is "not
 *   modelled": it reads 0 and a written 1 there is ignored and reported in
 *   wr.not_modelled. A harness comparing with a device masks with
 *   RIO_FCREG_*_MODELLED.
 * Interpretation I-FCREG-2: [reading] the CAR bits are hard-wired capabilities ("*
 *   Implementation dependant" reset, read-only like every CAR). The
 *   participant bits 13 and 15 are read/write with reset 0b0 when the device
 *   supports the function (CAR bit 24 resp. 20 = 1). On a device without the
 *   function the bit is not defined for it: it reads 0 and a written 1 is
 *   reported in wr.unsupported. The spec fixes only that no such
 *   transaction is routed or issued; whether the bit reads back 0 or the
 *   written 1 is open, and the vectors accept both.
 * Interpretation I-FCREG-3: [reading] flow arbitration "extends the Congestion Control
 *   Packet (CCP) protocol" (Part 9 2.2) and uses the FAM field of the flow
 *   control packet (3.3), so a description with flow arbitration support and
 *   without flow control support is rejected (RIO_EINVAL).
 * Interpretation I-FCREG-4: [choice: config arb_needs_fc] bit 13 gates flow control transactions ("Do not
 *   route or issue flow control transactions to this port"), bit 15 flow
 *   arbitration transactions. Whether an arbitration transaction (itself a
 *   type 7 flow control packet) also needs bit 13 is not stated; vendors may
 *   differ, so it is the description flag arb_requires_fc_participant (default
 *   0: bit 15 alone decides). Which class a type 7 packet belongs to (FAM, and
 *   "a device that does not support the SAR protocol ignores the FAM bits",
 *   3.3) is the packet module's business, not this one's.
 * Interpretation I-FCREG-5 [erratum] (erratum 6): Part 12 rev 3+ Table 5-3 bit 10: "This
 *   field should be set to 1 if the Port n Status and Control CSR Port
 *   Unavailable bit is set for this port." The register meant is the Port n
 *   Error and Status CSR, bit 28. The sentence is rev 3+ only (rev 2 Table 5-3
 *   has no such text) and is a recommendation ("should"): the helpers below
 *   report it, they do not make it an error. When Port Unavailable is 0 Port
 *   XOFF is not constrained (software may set it for other reasons).
 * Interpretation I-FCREG-6: [reading] Port Unavailable is status driven by the device: it
 *   is read-only to software (a write to it is reported in wr.read_only) and is
 *   set through rio_fcreg_set_port_unavailable(), the model's input.
 * Interpretation I-FCREG-7: [reading] the tables list Port n registers for n = 0..15
 *   (RM-I 0x58 ... 0x238, RM-II 0x58 ... 0x418). The offset helpers give those
 *   and return RIO_ERANGE beyond; the model itself is indexed by port number
 *   and holds up to 256 ports, matching the Part 12 register map, so the Port
 *   XOFF relationship can be checked for every VoQ port.
 * Interpretation I-FCREG-8 [erratum] (erratum 9): Table 4-1 skips bit 25 and its
 *   introduction calls bit 20 "Flow Arbitration Participant"; bit 20 is the CAR
 *   bit "Flow Arbitration Support" (the table's name; the participant bit is
 *   Port n Control CSR bit 15). Bit 25 is treated like every bit defined
 *   elsewhere (I-FCREG-1).
 */
#ifndef RIO_FCREG_H
#define RIO_FCREG_H

#include <stdint.h>

#include "rio/voq.h"

/* Processing Element Features CAR (Part 9 4.2.1 Table 4-1). */
#define RIO_FCREG_PEF_CAR_OFFSET 0x10u
#define RIO_FCREG_CAR_FLOW_ARB_SUPPORT 0x00000800u /* bit 20 */
#define RIO_FCREG_CAR_FLOW_CTL_SUPPORT 0x00000080u /* bit 24 */
#define RIO_FCREG_CAR_MODELLED                                               \
    (RIO_FCREG_CAR_FLOW_ARB_SUPPORT | RIO_FCREG_CAR_FLOW_CTL_SUPPORT)

/* Port n Control CSR (Part 9 4.2.2 Table 4-2; rev 2.2 4.3). Reset 0b0. */
#define RIO_FCREG_CTL_FLOW_CTL_PARTICIPANT 0x00040000u /* bit 13 (serial) */
#define RIO_FCREG_CTL_FLOW_ARB_PARTICIPANT 0x00010000u /* bit 15 (serial) */
#define RIO_FCREG_CTL_MODELLED                                               \
    (RIO_FCREG_CTL_FLOW_CTL_PARTICIPANT | RIO_FCREG_CTL_FLOW_ARB_PARTICIPANT)
/* Parallel PHY (Part 9 rev 2.2 Table 4-2 only; not used by the model). */
#define RIO_FCREG_PARALLEL_CTL_FLOW_CTL_PARTICIPANT 0x00200000u /* bit 10 */
#define RIO_FCREG_PARALLEL_CTL_FLOW_ARB_PARTICIPANT 0x00080000u /* bit 12 */

/* Port n Error and Status CSR (Part 6 7.6.10). */
#define RIO_FCREG_ERRSTAT_PORT_UNAVAILABLE 0x00000008u /* bit 28 */
#define RIO_FCREG_ERRSTAT_MODELLED RIO_FCREG_ERRSTAT_PORT_UNAVAILABLE

/* Capacity: ports held by the model (I-FCREG-7). */
#define RIO_FCREG_MAX_PORTS 256u
/* Ports that have a register offset in the LP-Serial block tables. */
#define RIO_FCREG_OFFSET_PORTS 16u

/* LP-Serial register block layouts (Part 6 7.6): RM-I ports are 0x20 apart,
 * RM-II ports 0x40 apart. */
enum rio_fcreg_rm {
    RIO_FCREG_RM_I = 1,
    RIO_FCREG_RM_II = 2
};

struct rio_fcreg_desc {
    unsigned port_count;      /* 1..RIO_FCREG_MAX_PORTS */
    uint8_t flow_ctl_support; /* CAR bit 24, 0/1 */
    uint8_t flow_arb_support; /* CAR bit 20, 0/1; needs flow_ctl_support (I-FCREG-3) */
    uint8_t arb_requires_fc_participant; /* 0/1, I-FCREG-4 */
};

/* The model. Caller-owned; fields private (use the functions). */
struct rio_fcreg {
    struct rio_fcreg_desc desc;
    uint32_t port_ctl[RIO_FCREG_MAX_PORTS];     /* modelled bits only */
    uint32_t port_errstat[RIO_FCREG_MAX_PORTS]; /* modelled bits only */
};

/* Report of a write. */
struct rio_fcreg_wr {
    uint32_t value;        /* the value written */
    uint32_t before;       /* modelled bits before */
    uint32_t after;        /* modelled bits after (what a read returns) */
    uint32_t read_only;    /* modelled read-only bits the write tried to change */
    uint32_t unsupported;  /* 1s written to participant bits of a function the
                              device does not support (I-FCREG-2) */
    uint32_t not_modelled; /* 1s written to bits of other specs (I-FCREG-1) */
};

/* Validate desc and reset. On error blk is untouched.
 * RIO_EINVAL: NULL; flow arbitration without flow control (I-FCREG-3).
 * RIO_ERANGE: port_count 0 or > RIO_FCREG_MAX_PORTS; a flag other than 0/1. */
int rio_fcreg_init(struct rio_fcreg *blk, const struct rio_fcreg_desc *desc);

/* Reset: participant bits 0b0 (Table 4-2), Port Unavailable 0 (every port
 * available). RIO_EINVAL: NULL or uninitialised block. */
int rio_fcreg_reset(struct rio_fcreg *blk);

/* Processing Element Features CAR: the modelled bits (0 for NULL or an
 * uninitialised block). */
uint32_t rio_fcreg_pef_car(const struct rio_fcreg *blk);

/* A write to the CAR: read-only, so nothing changes; the report says which
 * modelled bits the write tried to change and which 1s fell on bits of other
 * specs. RIO_EINVAL: NULL blk or wr, uninitialised block. */
int rio_fcreg_pef_car_write(const struct rio_fcreg *blk, uint32_t value,
                            struct rio_fcreg_wr *wr);

/* Port n Control CSR read (modelled bits; *value 0 on error).
 * RIO_EINVAL: NULL, uninitialised block. RIO_ENOENT: port >= port count. */
int rio_fcreg_port_ctl_read(const struct rio_fcreg *blk, unsigned port,
                            uint32_t *value);

/* Port n Control CSR write: bits 13 and 15 take the written value where the
 * device supports the function (I-FCREG-2); all other bits are not modelled.
 * Errors as for the read (wr is filled except on RIO_EINVAL; the block is
 * unchanged on error). */
int rio_fcreg_port_ctl_write(struct rio_fcreg *blk, unsigned port,
                             uint32_t value, struct rio_fcreg_wr *wr);

/* Port n Error and Status CSR read / write. Bit 28 is read-only to software
 * (I-FCREG-6); a write changes nothing and is reported. Errors as above. */
int rio_fcreg_port_errstat_read(const struct rio_fcreg *blk, unsigned port,
                                uint32_t *value);
int rio_fcreg_port_errstat_write(struct rio_fcreg *blk, unsigned port,
                                 uint32_t value, struct rio_fcreg_wr *wr);

/* Device input: the port became unavailable (1) or available again (0).
 * RIO_EINVAL: NULL, uninitialised block. RIO_ENOENT: port >= port count.
 * RIO_ERANGE: unavailable not 0/1. */
int rio_fcreg_set_port_unavailable(struct rio_fcreg *blk, unsigned port,
                                   unsigned unavailable);

/* Gating (P9-4.2.2-a, P9-4.2.2-b): 1 if flow control (resp. flow arbitration,
 * I-FCREG-4) transactions may be routed or issued to the port, else 0. A port
 * that does not exist (or a NULL / uninitialised block) never receives any: 0. */
int rio_fcreg_may_route_fc(const struct rio_fcreg *blk, unsigned port);
int rio_fcreg_may_route_arb(const struct rio_fcreg *blk, unsigned port);

/* Block offsets of Port n Control / Error and Status CSR in the LP-Serial
 * register block (I-FCREG-7). RIO_EINVAL: NULL dst or unknown layout.
 * RIO_ERANGE: port >= RIO_FCREG_OFFSET_PORTS. *dst is 0 on error. */
int rio_fcreg_port_ctl_offset(enum rio_fcreg_rm rm, unsigned port, uint32_t *dst);
int rio_fcreg_port_errstat_offset(enum rio_fcreg_rm rm, unsigned port,
                                  uint32_t *dst);

/* The Port n VoQ CSR word a device following P12-5.1.2.2-b10 should show,
 * given its Port n Error and Status word: voq_csr with Port XOFF (bit 10) set
 * when Port Unavailable (bit 28) is set; otherwise, and always for rev 2
 * (I-FCREG-5), voq_csr unchanged. RIO_EINVAL: NULL dst. RIO_EREVISION:
 * unknown rev (*dst = voq_csr). */
int rio_fcreg_port_xoff_expected(enum rio_p12_rev rev, uint32_t errstat,
                                 uint32_t voq_csr, uint32_t *dst);

/* *conforms = 1 if the pair satisfies P12-5.1.2.2-b10 (or the rule does not
 * apply: rev 2, port available), 0 if Port Unavailable is set and Port XOFF is
 * clear (rev 3+). RIO_EINVAL: NULL conforms. RIO_EREVISION: unknown rev
 * (*conforms = 0). */
int rio_fcreg_port_xoff_check(enum rio_p12_rev rev, uint32_t errstat,
                              uint32_t voq_csr, int *conforms);

#endif
