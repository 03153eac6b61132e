/* SPDX-License-Identifier: Apache-2.0 */
/*
 * rio/voqreg.h - register model of the Part 12 VoQ Backpressure Extended
 * Features block (EF_ID 0x000B), both revisions.
 *
 * Spec: Part 12 rev 4.1 chapter 5 (rev 3.0-4.1), Part 12 rev 2.0 chapter 5
 * (rev 2.0-2.2); shared spec README errata 5, 7, 10.
 * Rules: P12-5.1-a, P12-5.1.1-a, P12-5.1.1-b, P12-5.1.2-a, P12-5.1.2.1-a,
 * P12-5.1.2.2-b0, -b1, -b2, -rsv, -b8, -b9, -b10, -b11, -b12, -b26, -b29, -tx;
 * helpers for P12-5.1.2.2-gen, P12-5.1.2.2-vc, P12-3.3-d, P12-4.1-b, P12-4.1-c.
 *
 * What it is: one device's block, as seen by software doing 32-bit maintenance
 * reads and writes at block offsets (offset 0 = the block header, i.e. the
 * address EF_PTR of the previous block points to; this model never adds a base
 * address). A caller fills a struct rio_voqreg_desc describing the device
 * (revision, port count, the read-only capability bits of every port, how the
 * device treats questionable writes), calls rio_voqreg_init(), and then reads
 * and writes offsets. Every write returns a report (struct rio_voqreg_wr) that
 * says which written bits had no effect and why, so a harness can show it.
 * Generators and receivers keep their own copy of a port's CSR word; they read
 * it here with rio_voqreg_port_csr().
 *
 * Register map (Table 5-1):
 *   rev 3+: 0x0 header | 0x4-0x1C reserved | 0x20 + 4n Port n VoQ CSR,
 *           n = 0..255 (last 0x41C) | 0x420 and up: outside the block.
 *   rev 2:  0x0 header | 0x4, 0x8 not listed (I-VOQREG-1) | 0xC + 4n Port n
 *           VoQ CSR, n = 0..191 (last 0x308) | 0x30C and up: outside.
 *
 * Every offset (any uint32_t) falls in exactly one class, enum rio_voqreg_where,
 * checked in this order:
 *   UNALIGNED   offset not a multiple of 4     RIO_EALIGN, read value 0
 *   OUTSIDE     offset past the end of the map RIO_EOFFSET, read value 0
 *   HEADER      0x0                            read-only (P12-5.1.2.1-a)
 *   RESERVED    reserved words inside the map  see I-VOQREG-2
 *   ABSENT_PORT Port n CSR with n >= port count see I-VOQREG-3
 *   PORT_CSR    Port n CSR, n < port count     Table 5-3 behaviour below
 * An error never changes the block.
 *
 * Interpretation I-VOQREG-1: [reading] rev 2 Table 5-1 lists only 0x0 and 0xC onward;
 *   0x4 and 0x8 are not named. They are treated as reserved words inside the
 *   block (class RESERVED), exactly like rev 3+'s "0x4-0x1C Reserved"; the VoQ
 *   block is contiguous from the header to the last port register.
 * Interpretation I-VOQREG-2: [choice: config unimpl_error] a reserved word inside the map is not a register.
 *   Default (RIO_VOQREG_UNIMPL_READS_ZERO): it reads 0 and ignores writes,
 *   result RIO_OK, class RESERVED (the usual RapidIO reading of "reserved").
 *   Devices that answer such accesses with an error response are described with
 *   RIO_VOQREG_UNIMPL_ERROR: the access returns RIO_ENOENT (read value 0).
 * Interpretation I-VOQREG-3: [reading] "Multiport devices ... shall implement one register
 *   per port ... Single port end points implement the port 0 register only"
 *   (5.1.2, P12-5.1.2-a). The map has room for 256 (rev 2: 192) ports; the
 *   slots of ports n >= port count hold no register. They follow the same
 *   policy as reserved words (I-VOQREG-2) but are reported as class
 *   ABSENT_PORT, so a harness can tell "port 5 of a 4-port device" from a
 *   reserved word. A port that exists but supports no VoQ function (bits 0-2
 *   all 0) is PORT_CSR: it has its register, bits 9 and 10 still work (its
 *   status is reported in other ports' symbols).
 * Interpretation I-VOQREG-4: [reading] alignment is checked before range: 0xFFFFFFFF is
 *   UNALIGNED (RIO_EALIGN), 0xFFFFFFFC is OUTSIDE (RIO_EOFFSET): RapidIO
 *   registers are 32-bit words ("All registers are 32-bits and aligned to a
 *   32-bit boundary", Part 9 4.1), so a misaligned address names no register
 *   whatever its value.
 * Interpretation I-VOQREG-5 [erratum] (erratum 5): 5.1.2.1 calls the header "LP-Serial VC
 *   Register Block Header" (copied from the VC block, EF_ID 0x000A); it is the
 *   VoQ block header and its EF_ID is 0x000B (5.1, Table 5-2).
 *
 * Port n VoQ CSR, bit by bit (Table 5-3 of each revision; masks in rio/voq.h):
 *   bit  rev 3+                              rev 2
 *   0    gen supported, RO (desc)            same
 *   1    rx supported, RO (desc)             same
 *   2    per-VC supported, RO (desc)         linking with VCs supported, RO
 *   3-7  reserved                            reserved
 *   8    enable generation, RW, reset 0      same
 *   9    enable participation, RW, reset 0   same
 *   10   Port XOFF, RW, reset 0              same
 *   11   per-VC transmission, RW, reset 0;   enable VC linking, RW, reset 0
 *        reserved when bit 2 = 0
 *   12-18 size 0..6 supported, RO; 12 and   reserved (12-31)
 *        16 reset 1, others desc
 *   19-25 reserved                           reserved
 *   26-28 TX Port Group Size, RW, reset 0   reserved
 *   29-31 RX Port Group Size, RW, reset 0   reserved
 * Read-only bits: writes ignored. Reserved bits: read 0, writes ignored
 * ("reserved ... 0b0" reset, P12-5.1.2.2-rsv). With nothing implementation-
 * defined set a rev 3+ port resets to 0x00088000 (bits 12 and 16); a rev 2 port
 * to 0x00000000.
 *
 * Interpretation I-VOQREG-6: [reading] rev 3+ bit 11 "shall be reserved when VoQ
 *   Backpressure per VC Supported is 0": on such a port bit 11 is a reserved
 *   bit (reads 0, a written 1 is reported in wr.reserved). Not configurable:
 *   the spec decides it.
 * Interpretation I-VOQREG-7: [choice: config unsup_enable] writing 1 to bit 8 on a port whose bit 0
 *   (generation supported) is 0, or (rev 2) to bit 11 on a port whose bit 2
 *   (linking supported) is 0, enables a function the port does not have; the
 *   spec is silent. Policy enable_unsupported: RIO_VOQREG_REFUSE (default, the
 *   bit stays 0, like hardware that wires it to 0) or RIO_VOQREG_ACCEPT (the bit
 *   is stored, like a plain flip-flop). Both report RIO_VOQREG_V_GEN_UNSUPPORTED
 *   / RIO_VOQREG_V_LINK_UNSUPPORTED.
 * Interpretation I-VOQREG-8: [choice: config tx_while_gen] "TX Port Group Size ... shall be changed only when
 *   Enable VoQ Symbol Generation is cleared" (P12-5.1.2.2-tx) is judged on bit
 *   8 as it is BEFORE the write: while bit 8 = 1 any change of the field is a
 *   violation, including in the same write that clears bit 8 (symbols may still
 *   be in flight with the old size); a write that sets bit 8 and changes the
 *   size together is allowed (no symbol was sent with the old size). Which
 *   value of bit 8 (before or after the write) a device judges by is itself
 *   left open: the vectors accept both outcomes of a write that sets or
 *   clears bit 8 while changing the size (branch), and check refusal or
 *   acceptance only where bit 8 is 1 before and after, on a device configured
 *   with tx_while_gen. Policy
 *   tx_size_while_gen: RIO_VOQREG_REFUSE (default: the field keeps its old value,
 *   the rest of the write applies) or RIO_VOQREG_ACCEPT (stored). Both report
 *   RIO_VOQREG_V_TX_SIZE_WHILE_GEN.
 * Interpretation I-VOQREG-9: [choice: config size7] "0x7 = Reserved" in TX/RX Port Group Size: a write
 *   that changes a field to 7 is reported (RIO_VOQREG_V_TX/RX_SIZE_RESERVED);
 *   policy size_reserved: RIO_VOQREG_REFUSE (default: field keeps its value) or
 *   RIO_VOQREG_ACCEPT (7 is stored; codecs then report RIO_ERESERVED).
 * Interpretation I-VOQREG-10: [choice: config unsup_size] a write that changes TX/RX Port Group Size to a
 *   size whose "Port Group Size n Supported" bit (12 + n) is 0 is reported
 *   (RIO_VOQREG_V_TX/RX_SIZE_UNSUPPORTED); policy size_unsupported as above.
 * Interpretation I-VOQREG-11: [reading] "RX Port Group Size ... shall be changed only
 *   when the link partner's Enable VoQ Symbol Generation field is cleared"
 *   depends on the other device, which one register block cannot see: the
 *   model accepts any RX change (subject to I-VOQREG-9/10). Likewise "Symbol
 *   Generation ... must be enabled only when the device at the other end of the
 *   link supports reception" (P12-5.1.2.2-gen) and "per VC should be enabled
 *   only if it is supported by both" (P12-5.1.2.2-vc, P12-3.3-d). The link
 *   pair is checked from both CSR words by rio_voqreg_link_check().
 * Interpretation I-VOQREG-12: [reading] TX/RX Port Group Size are writable on every rev 3+
 *   port, even one without generation / reception support (the spec does not
 *   make them reserved there; they simply have no effect). Bits 9 and 10 are
 *   writable on every port (I-VOQREG-3).
 * Interpretation I-VOQREG-13: [reading] violations are judged on CHANGES: re-writing the
 *   value a field already holds never reports a violation, so software doing
 *   read-modify-write gets an empty report. wr.read_only lists read-only bits
 *   the write tried to change (written value differs from the register);
 *   wr.reserved lists 1s written to reserved positions (reserved reads 0, so a
 *   read-modify-write writes 0 there).
 * Interpretation I-VOQREG-14: [reading] rev 3+ Table 5-3 bit 2 = 1 says "VoQ
 *   backpressure messages shall indicate, and shall be interpreted to mean,
 *   that a specific VC on a port is congested", while bit 11 = 0 says "The
 *   Port Status in VoQ backpressure messages shall aggregate the congestion
 *   status of all VCs". Taken literally the two shalls conflict on a port
 *   with bit 2 = 1 and bit 11 = 0 (an erratum-like wording, not among the
 *   errata of ../shared/spec/README.md). Bit 2 is a read-only capability and
 *   bit 11 the enable that 3.3 and the rest of the table make the switch, so
 *   the only workable reading is: bit 2 = 1 means per-VC messages are
 *   possible; a message indicates one VC only while bit 11 = 1, and with
 *   bit 11 = 0 it aggregates all VCs (P12-5.1.2.2-x3,
 *   p12.reg.r3.gen.b2-set-b11-clear-aggregates).
 */
#ifndef RIO_VOQREG_H
#define RIO_VOQREG_H

#include <stdint.h>

#include "rio/voq.h"

/* Capacities: the register map's port slots (Table 5-1). */
#define RIO_VOQREG_MAX_PORTS 256u      /* rev 3+: ports 0..255 */
#define RIO_VOQREG_MAX_PORTS_REV2 192u /* rev 2: ports 0..191 */

/* Block offsets (Table 5-1). *_END is the first offset past the map. */
#define RIO_VOQREG_HEADER_OFFSET 0x0u
#define RIO_VOQREG_PORT0_OFFSET 0x20u      /* rev 3+ */
#define RIO_VOQREG_END 0x420u              /* rev 3+: last register 0x41C */
#define RIO_VOQREG_PORT0_OFFSET_REV2 0x0Cu /* rev 2 */
#define RIO_VOQREG_END_REV2 0x30Cu         /* rev 2: last register 0x308 */

/* Block header fields (Table 5-2): EF_PTR bits 0-15, EF_ID bits 16-31. */
#define RIO_VOQREG_HDR_EF_PTR 0xFFFF0000u
#define RIO_VOQREG_HDR_EF_ID 0x0000FFFFu

/* How the modelled device treats a questionable write (see I-VOQREG-7..10). */
enum rio_voqreg_action {
    RIO_VOQREG_REFUSE = 0, /* the field keeps its old value (default) */
    RIO_VOQREG_ACCEPT = 1  /* the written value is stored anyway */
};

/* What an access to a word with no register does (I-VOQREG-2, I-VOQREG-3). */
enum rio_voqreg_unimpl {
    RIO_VOQREG_UNIMPL_READS_ZERO = 0, /* RIO_OK, reads 0, write ignored */
    RIO_VOQREG_UNIMPL_ERROR = 1       /* RIO_ENOENT, reads 0, no change */
};

/* Device policy; all zeros is the default described in the interpretations. */
struct rio_voqreg_policy {
    enum rio_voqreg_action tx_size_while_gen;  /* I-VOQREG-8 */
    enum rio_voqreg_action size_reserved;      /* I-VOQREG-9 */
    enum rio_voqreg_action size_unsupported;   /* I-VOQREG-10 */
    enum rio_voqreg_action enable_unsupported; /* I-VOQREG-7 */
    enum rio_voqreg_unimpl unimplemented;      /* I-VOQREG-2, -3 */
};

/* One port's read-only capabilities (their reset values are "implementation
 * dependent", Table 5-3 footnote 1). Each flag is 0 or 1. Ports may differ
 * (P12-4.1-b); generation-only and reception-only ports are fine (P12-4.1-c). */
struct rio_voqreg_port_desc {
    uint8_t gen_supported;    /* bit 0 */
    uint8_t rx_supported;     /* bit 1 */
    uint8_t per_vc_supported; /* bit 2 (rev 2: linking with VCs supported) */
    /* Rev 3+ only: bit k (k = 0..6) = "Port Group Size k Supported" (CSR bit
     * 12 + k). Sizes 0 and 4 are always supported (bits 12 and 16 reset to
     * 0b1); giving them here is allowed and changes nothing. Must be 0 for
     * rev 2 (those bits are reserved there). */
    uint8_t sizes_supported;
};

struct rio_voqreg_desc {
    enum rio_p12_rev rev;
    unsigned port_count; /* 1..256 (rev 3+), 1..192 (rev 2); 1 = single-port
                            endpoint, which implements port 0 only */
    uint16_t ef_ptr;     /* header bits 0-15: hard-wired next-block pointer */
    struct rio_voqreg_policy policy;
    struct rio_voqreg_port_desc port[RIO_VOQREG_MAX_PORTS]; /* [0, port_count) */
};

/* The block. The caller owns it; the fields are private (read them through the
 * functions below), documented only so that a debugger session makes sense. */
struct rio_voqreg {
    struct rio_voqreg_desc desc;       /* copy taken by rio_voqreg_init */
    uint32_t csr[RIO_VOQREG_MAX_PORTS]; /* Port n VoQ CSR, n < port_count */
};

enum rio_voqreg_where {
    RIO_VOQREG_AT_HEADER = 0,
    RIO_VOQREG_AT_PORT_CSR = 1,
    RIO_VOQREG_AT_ABSENT_PORT = 2,
    RIO_VOQREG_AT_RESERVED = 3,
    RIO_VOQREG_AT_OUTSIDE = 4,
    RIO_VOQREG_AT_UNALIGNED = 5
};

/* Violation flags of a write (struct rio_voqreg_wr.violations). They are set
 * whether the policy refused or accepted the change. */
#define RIO_VOQREG_V_TX_SIZE_WHILE_GEN 0x01u   /* I-VOQREG-8, P12-5.1.2.2-tx */
#define RIO_VOQREG_V_TX_SIZE_RESERVED 0x02u    /* I-VOQREG-9 */
#define RIO_VOQREG_V_RX_SIZE_RESERVED 0x04u    /* I-VOQREG-9 */
#define RIO_VOQREG_V_TX_SIZE_UNSUPPORTED 0x08u /* I-VOQREG-10 */
#define RIO_VOQREG_V_RX_SIZE_UNSUPPORTED 0x10u /* I-VOQREG-10 */
#define RIO_VOQREG_V_GEN_UNSUPPORTED 0x20u     /* I-VOQREG-7, bit 8 */
#define RIO_VOQREG_V_LINK_UNSUPPORTED 0x40u    /* I-VOQREG-7, rev 2 bit 11 */

/* Report of one write. For the classes without a register (RESERVED,
 * ABSENT_PORT, OUTSIDE, UNALIGNED) before = after = 0, reserved = value and the
 * other masks are 0. */
struct rio_voqreg_wr {
    enum rio_voqreg_where where;
    unsigned port;       /* PORT_CSR, ABSENT_PORT: the port n; else 0 */
    uint32_t value;      /* the value written */
    uint32_t before;     /* the register before the write */
    uint32_t after;      /* the register after the write (what a read returns) */
    uint32_t read_only;  /* read-only bits the write tried to change */
    uint32_t reserved;   /* 1s written to reserved positions (ignored) */
    uint32_t refused;    /* writable bits whose change the policy refused */
    unsigned violations; /* RIO_VOQREG_V_* */
};

/* Validate desc and reset blk from it (rio_voqreg_reset). On error blk is left
 * untouched.
 * RIO_EINVAL: NULL; a policy value that is not one of its enumerators.
 * RIO_EREVISION: rev is not RIO_P12_REV2 / RIO_P12_REV3; sizes_supported != 0
 *   on a rev 2 port (bits 12-18 are reserved in rev 2).
 * RIO_ERANGE: port_count 0 or above the revision's maximum; a port flag other
 *   than 0/1; sizes_supported with bit 7 set (there are sizes 0..6 only). */
int rio_voqreg_init(struct rio_voqreg *blk, const struct rio_voqreg_desc *desc);

/* Reset every port register to its Table 5-3 reset value (read-only bits from
 * the description, sizes 0 and 4 supported on rev 3+, everything else 0).
 * RIO_EINVAL: NULL or a block that rio_voqreg_init did not accept. */
int rio_voqreg_reset(struct rio_voqreg *blk);

/* Classify a block offset (see the table at the top). *port receives n for
 * PORT_CSR and ABSENT_PORT, else 0; port may be NULL. RIO_EINVAL: NULL blk or
 * where, or an uninitialised block. */
int rio_voqreg_locate(const struct rio_voqreg *blk, uint32_t offset,
                      enum rio_voqreg_where *where, unsigned *port);

/* 32-bit read at a block offset. *value gets the register (0 for every class
 * without one and on every error); where may be NULL.
 * RIO_EINVAL: NULL blk or value, uninitialised block. RIO_EALIGN: offset not a
 * multiple of 4. RIO_EOFFSET: past the map. RIO_ENOENT: reserved word or
 * absent port with policy RIO_VOQREG_UNIMPL_ERROR. */
int rio_voqreg_read(const struct rio_voqreg *blk, uint32_t offset,
                    uint32_t *value, enum rio_voqreg_where *where);

/* 32-bit write at a block offset. wr is required: it is the only place where
 * ignored bits and refused changes are reported (it is filled on every return
 * except RIO_EINVAL). A refused field change is not an error: the rest of the
 * write applies and the result is RIO_OK.
 * RIO_EINVAL: NULL blk or wr, uninitialised block. RIO_EALIGN, RIO_EOFFSET,
 * RIO_ENOENT: as for rio_voqreg_read; the block is unchanged. */
int rio_voqreg_write(struct rio_voqreg *blk, uint32_t offset, uint32_t value,
                     struct rio_voqreg_wr *wr);

/* Block offset of the Port n VoQ CSR: 0x20 + 4n (rev 3+), 0xC + 4n (rev 2).
 * RIO_EINVAL: NULL dst. RIO_EREVISION: unknown rev. RIO_ERANGE: port beyond the
 * map (256 / 192); *dst is then 0. Ports beyond a device's port count have an
 * offset (their slot exists, I-VOQREG-3). */
int rio_voqreg_port_offset(enum rio_p12_rev rev, unsigned port, uint32_t *dst);

/* Pure getters. Return 0 for a NULL or uninitialised block, and port_csr also
 * for a port >= port count (use rio_voqreg_port_count to tell). */
uint32_t rio_voqreg_port_csr(const struct rio_voqreg *blk, unsigned port);
uint32_t rio_voqreg_header(const struct rio_voqreg *blk);
unsigned rio_voqreg_port_count(const struct rio_voqreg *blk);

/* Link-pair check flags (rio_voqreg_link_check). */
#define RIO_VOQREG_L_GEN_PARTNER_NO_RX 0x01u /* local bit 8 = 1, partner bit 1 = 0:
                                                P12-5.1.2.2-gen ("must") */
#define RIO_VOQREG_L_PER_VC_NOT_BOTH 0x02u   /* local bit 11 = 1 while local or
                                                partner bit 2 = 0: P12-3.3-d
                                                ("shall"), P12-5.1.2.2-vc */
#define RIO_VOQREG_L_SIZE_MISMATCH 0x04u     /* rev 3+, local bit 8 = 1: local TX
                                                Port Group Size != partner RX
                                                size (3.2, erratum 3) */
#define RIO_VOQREG_L_SIZE_NOT_SUPPORTED 0x08u /* rev 3+, local bit 8 = 1: partner
                                                 does not support local TX size
                                                 (or it is 7) */

/* Check the link pair rules that involve both ends (I-VOQREG-11), for symbols
 * sent from the port whose CSR word is local to the port whose CSR word is
 * partner; call twice, swapped, for both directions. *flags gets a set of
 * RIO_VOQREG_L_* (0 = nothing wrong). RIO_EINVAL: NULL flags.
 * RIO_EREVISION: unknown rev (*flags 0). */
int rio_voqreg_link_check(enum rio_p12_rev rev, uint32_t local_csr,
                          uint32_t partner_csr, unsigned *flags);

#endif
