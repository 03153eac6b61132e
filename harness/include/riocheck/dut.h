/* SPDX-License-Identifier: Apache-2.0 */
/*
 * riocheck/dut.h - the riocheck vendor interface (DUT ABI), version 2.
 *
 * A device under test (DUT) is a shared library that exports one function,
 *
 *     const struct rc_dut *riocheck_dut_v2(void);
 *
 * returning a description of the device: identity, a capability profile, and
 * up to RC_MACHINE_COUNT "machines". A machine is one area of behaviour the
 * conformance vectors drive: the codecs, the two register blocks, and the
 * event-driven models (Part 12 generator and receiver, Part 9 endpoint,
 * congested element, arbitration transmitter and receiver). A vendor provides
 * the machines its device has; the vectors of a missing machine are reported
 * not-applicable, never failed. This header is self-contained: a vendor needs
 * nothing else from riocheck. docs/vendor-guide.md shows a complete adapter.
 *
 * Every machine speaks the same small protocol:
 *   create(ctx, &inst, config) -> RC_OK, or RC_NOTSUP when the device cannot be
 *                             configured that way (the vector is then
 *                             not-applicable), or another error;
 *   step(inst, event, out, cap, &n) -> a result code, plus n outputs written
 *                             to out[0..n); cap >= RC_MAX_OUTPUTS (the
 *                             harness gives 8128 or more); a step whose
 *                             outputs do not fit returns RC_FULL with n = 0
 *                             and the instance unchanged;
 *   query(inst, query, &value) -> observable state, e.g. "is flow F enabled";
 *   destroy(inst).
 * Events, outputs and queries are struct rc_msg: a kind and up to
 * RC_MAX_ARGS unsigned 64-bit arguments whose order and meaning are given by
 * the tables below (one X-macro line per kind: enum name, number, the name
 * used in vector files, flags, then the argument names in order). A step that
 * the device does not implement returns RC_NOTSUP (vector not-applicable); a
 * device may say why (rc_dut.why_notsup, capability why_notsup).
 *
 * Time: a `tick n` event means n time units pass at once (one event, not n
 * events); a DUT whose timers fire at most once per event says so in its
 * documentation. Register writes (p9reg car_write, ctl_write) output the
 * register value after the write; p12reg write gives an optional note.
 *
 * Conventions for arguments: booleans are 0/1. "vc" has one of three
 * ranges, by kind: (a) the 1-bit VC field of a packet header (Part 6 packet
 * header ackID(6) VC(1) CRF(1) ...), 0 or 1: codec ccp_pack and ccp_hdr only
 * (ccp_pack with vc >= 2 is RC_RANGE); (b) a virtual channel 0..8 (VC0, or
 * an optional VC1-VC8): gen congest and last_sent, rx enqueue, committed,
 * congested and eligible, sw candidate (the packet's channel, resolved by the
 * caller, I-FCSW-3), codec flow (the VC of a flowID, Part 9 Table 3-1);
 * (c) 0..8 or RC_VC_ALL ("all VCs"): codec voq_msg, gen symbol and
 * reported, rx applied and depth.
 * Byte strings (symbols, packets) are three arguments len, hi, lo: up to 16
 * bytes, big-endian, hi holds bytes 0-7 with byte 0 in its top 8 bits and lo
 * bytes 8-15, unused bytes 0. A CS48 is its 6 bytes, bits 0-47 of the
 * symbol (known answer 807FC0000A35), and a CS64 its 8 bytes, bits 0-63
 * with the alignment bits 30-31 and 62-63 (known answer 4000FFF0E21F8884):
 * the bare, unencoded control symbol, without the delimiting special
 * characters or codeword framing of the physical coding layer. A CCP is the
 * whole type 7 packet from its first header byte through the CRC-16 and the
 * pad (8, 12 or 16 bytes).
 * Revisions: "rev" is 2 (Part 12 or Part 9 rev 2.0-2.2) or 3 (rev 3.0-4.1),
 * given as the configuration key rev (default 3) of p12reg, gen and rx (Part
 * 12) and of ep, sw, arbtx and arbrx (Part 9); the codec has no
 * configuration and takes it as the first argument of stype2_decode and
 * stype2_encode (the Part 12 revision) and of ccp_unpack and ccp_pack (the
 * Part 9 revision); cs48_*, cs64_*, fam_decode and flow_decode take none.
 * p9reg has no rev key; its query port_xoff_expected takes the Part 9
 * revision as an argument.
 *
 * Outputs are of two classes (flags): RC_WIRE outputs are what the device
 * puts on the link (symbols, packets, data it sends, packets it commits); a
 * vector lists ALL of them, in order, after every step. RC_NOTE outputs are
 * observations a device may report (a resource was freed, a symbol was
 * ignored); a vector may require one, and extra notes are never a failure.
 * A note class behind a capability (ep_notes, arbrx_freed, sw_verdicts,
 * arbtx_notes, arbrx_violations, p12reg_wrote; RC_CAPS) is NOT optional for
 * a device declaring the capability: it reports every note of that class
 * when and as the capability and the output's comment document it (a
 * verdict after every sw step but candidate, a wrote after every p12reg
 * write that returns ok, an arbtx note for each of the events RC_SYMBOLS
 * names, a violation for every breach of the listed 2.4.7 rules it
 * receives, a freed when a resource is freed), with the RC_SYMBOLS values.
 * No order is defined among the notes of one step (compare them as a
 * multiset). fuzz/diff.c compares these classes (but ep_notes) between the
 * reference and a vendor declaring the same capability.
 *
 * Result codes have the same values as the reference library's rio_err.
 * Threading: the harness calls a DUT from one thread. Instances must be
 * independent of each other.
 *
 * ABI versions. Version 2 (this header) added the declared policies
 * (profile.policy), the context pointer (rc_dut.ctx, handed to create and
 * cs64_decode, so one library can serve several devices without globals) and
 * the optional operations step_many and why_lost (rc_dut). A library built
 * against version 1 exports riocheck_dut_v1 instead, returning the version 1
 * layout (create and cs64_decode without ctx, no policies, nothing after
 * cs64_decode); riocheck still loads it as it is: it declares no policy, and
 * vectors whose checks need a version 2 output argument are not-applicable.
 *
 * Later additions keep version 2: they are appended at the end of a table
 * (capabilities 16-22, the p9reg event errstat_write, RC_SYMBOLS values for
 * the sw verdict, arbtx note and arbrx violation notes), and each is used by
 * vectors only for a device declaring its capability, so a version 2 library
 * built before them still loads and passes. A device that declares one
 * reports it as documented at the capability. Capability 21 (stype2) took
 * the stype2 field's interpretation out of cs48: a library built before it
 * declares cs48 alone and is given stype2 as well, unless it declares
 * cs48_split (22) (see "Capabilities" at struct rc_profile). The optional
 * operation why_notsup (a reason for an RC_NOTSUP) is appended after
 * why_lost and gated by capability 23 (why_notsup): a library built before
 * it has a struct rc_dut that ends at why_lost, so riocheck reads
 * why_notsup only from a device that declares RC_CAP_WHY_NOTSUP.
 */
#ifndef RIOCHECK_DUT_H
#define RIOCHECK_DUT_H

#include <stddef.h>
#include <stdint.h>

#define RC_DUT_ABI_VERSION 2u
#define RC_MAX_ARGS 16u
#define RC_MAX_CONFIG 32u
#define RC_MAX_OUTPUTS 64u
#define RC_VC_ALL 255u
#define RC_NONE 0xFFFFu /* "no port" and similar absent values */

/* ---- result codes: X(NAME, value, "name in vector files") ---------------- */
#define RC_RESULTS(X)                                                          \
    X(OK, 0, "ok")                                                             \
    X(INVAL, -1, "inval")                                                      \
    X(RANGE, -2, "range")                                                      \
    X(REVISION, -3, "revision")                                                \
    X(TRUNC, -20, "trunc")                                                     \
    X(LENGTH, -21, "length")                                                   \
    X(CRC, -22, "crc")                                                         \
    X(RESERVED, -23, "reserved")                                               \
    X(FORMAT, -24, "format")                                                   \
    X(FULL, -40, "full")                                                       \
    X(NOTSUP, -41, "notsup")                                                   \
    X(STATE, -42, "state")                                                     \
    X(NOENT, -43, "noent")                                                     \
    X(BUSY, -44, "busy")                                                       \
    X(ALIGN, -60, "align")                                                     \
    X(OFFSET, -61, "offset")

enum rc_result {
#define RC_RESULT_ENUM_(n, v, s) RC_##n = (v),
    RC_RESULTS(RC_RESULT_ENUM_)
#undef RC_RESULT_ENUM_
};

/* ---- output flags ---------------------------------------------------------- */
#define RC_WIRE 1u /* listed exhaustively by vectors */
#define RC_NOTE 2u /* optional observation */

/* ---- machines: X(NAME, id, "name") ---------------------------------------- */
#define RC_MACHINES(X)                                                         \
    X(CODEC, 0, "codec")   /* Part 6/12/9 wire formats */                     \
    X(P12REG, 1, "p12reg") /* Part 12 VoQ register block */                   \
    X(P9REG, 2, "p9reg")   /* Part 9 CAR/CSR bits */                          \
    X(GEN, 3, "gen")       /* Part 12 backpressure generator */               \
    X(RX, 4, "rx")         /* Part 12 backpressure receiver + scheduler */    \
    X(EP, 5, "ep")         /* Part 9 source endpoint (counters, orphan) */    \
    X(SW, 6, "sw")         /* Part 9 congested element (switch/endpoint) */   \
    X(ARBTX, 7, "arbtx")   /* Part 9 arbitration transmitter */               \
    X(ARBRX, 8, "arbrx")   /* Part 9 arbitration receiver */

enum rc_machine {
#define RC_MACHINE_ENUM_(n, v, s) RC_M_##n = (v),
    RC_MACHINES(RC_MACHINE_ENUM_)
#undef RC_MACHINE_ENUM_
    RC_MACHINE_COUNT = 9
};

/*
 * Per machine: CONFIG keys (create), EVENTS (step), OUTPUTS, QUERIES.
 * Entry: X(NAME, number, "name", flags, "arg0", "arg1", ...); a list with no
 * arguments ends in NULL. Config entries are X(NAME, number, "name", default).
 */

/* codec: stateless. Decoders return RC_OK with the fields, or an error.
 * After an error the vectors accept exactly this: the whole-symbol and
 * whole-packet decoders cs48_unpack, cs64_unpack and ccp_unpack may report
 * at most one output of their kind (cs48; cs64; ccp_hdr and ccp, one each),
 * with any field values, or nothing, whatever the error (crc, trunc, length,
 * and for ccp_unpack also format, reserved, revision): the spec says nothing
 * of a rejected symbol's report, so vectors `allow` it and never require it.
 * Every other codec event (the field decoders stype2_decode, cs64_decode,
 * fam_decode, flow_decode, and all encoders and packers) reports nothing on
 * an error.
 * A reserved VC_IND is RC_OK with kind = reserved_vc_ind (ignored without
 * error, Part 12 3.2).
 * Bytes (cs48_unpack/pack, cs64_unpack/pack, ccp_unpack/pack): the bare
 * symbol or packet, see "Conventions" above (CS48 6 bytes, CS64 8 bytes, no
 * delimiters). */
#define RC_CODEC_CONFIG(X) X(NONE, 0, "none", 0)
#define RC_CODEC_EVENTS(X)                                                     \
    X(STYPE2_DECODE, 1, "stype2_decode", 0, "rev", "width", "value")           \
    X(STYPE2_ENCODE, 2, "stype2_encode", 0, "rev", "width", "group", "status") \
    X(CS64_DECODE, 3, "cs64_decode", 0, "width", "param")                      \
    X(CS64_ENCODE, 4, "cs64_encode", 0, "vc_ind", "width", "group", "status")  \
    X(CS48_UNPACK, 5, "cs48_unpack", 0, "len", "hi", "lo")                     \
    X(CS48_PACK, 6, "cs48_pack", 0, "stype0", "parameter0", "parameter1",      \
      "stype1", "cmd", "stype2")                                               \
    X(CS64_UNPACK, 7, "cs64_unpack", 0, "len", "hi", "lo")                     \
    X(CS64_PACK, 8, "cs64_pack", 0, "stype0", "parameter0", "parameter1",      \
      "stype1")                                                                \
    X(CCP_UNPACK, 9, "ccp_unpack", 0, "rev", "len", "hi", "lo")                \
    X(CCP_PACK, 10, "ccp_pack", 0, "rev", "ack_id", "vc", "crf", "prio", "tt", \
      "destination_id", "tgt_destination_id", "xon", "fam", "rsrv", "flow_id", \
      "soc", "ftype")                                                          \
    X(FAM_DECODE, 11, "fam_decode", 0, "xon", "fam")                           \
    X(FLOW_DECODE, 12, "flow_decode", 0, "flow_id")
#define RC_CODEC_OUTPUTS(X)                                                    \
    X(VOQ_MSG, 1, "voq_msg", RC_WIRE, "kind", "vc_ind", "vc", "group_width",   \
      "status_width", "group", "status", "first_port")                         \
    X(VALUE, 2, "value", RC_WIRE, "value")                                     \
    X(CS48, 3, "cs48", RC_WIRE, "stype0", "parameter0", "parameter1",          \
      "stype1", "cmd", "stype2", "crc")                                        \
    X(CS64, 4, "cs64", RC_WIRE, "stype0", "parameter0", "parameter1",          \
      "stype1", "crc", "alignment")                                            \
    X(BYTES, 5, "bytes", RC_WIRE, "len", "hi", "lo")                           \
    X(CCP_HDR, 6, "ccp_hdr", RC_WIRE, "ack_id", "vc", "crf", "prio", "tt",     \
      "ftype", "destination_id", "crc", "pad")                                 \
    X(CCP, 7, "ccp", RC_WIRE, "xon", "fam", "rsrv", "flow_id", "soc",          \
      "tgt_destination_id")                                                    \
    X(COMMAND, 8, "command", RC_WIRE, "cmd", "seq")                            \
    X(FLOW, 9, "flow", RC_WIRE, "reserved", "vc", "flow")
/* vc, by kind: ccp_pack and ccp_hdr the 1-bit VC field of the packet header
 * (0 or 1); flow the VC of the flowID (0..8); voq_msg 0..8 or RC_VC_ALL. */
#define RC_CODEC_QUERIES(X) X(NONE, 0, "none", 0, NULL)

/* p12reg: one VoQ extended-features block, offsets relative to the block. */
#define RC_P12REG_CONFIG(X)                                                    \
    X(REV, 1, "rev", 3)                                                        \
    X(PORTS, 2, "ports", 4)                                                    \
    X(EF_PTR, 3, "ef_ptr", 0)                                                  \
    X(GEN, 4, "gen", 1)          /* every port supports generation */          \
    X(RX, 5, "rx", 1)            /* ... reception */                           \
    X(PERVC, 6, "pervc", 0)      /* ... per-VC (rev 2: VC linking) */          \
    X(SIZES, 7, "sizes", 0x11)   /* bit n: group size n supported */           \
    X(NOGEN_PORT, 8, "nogen_port", RC_NONE) /* one port without generation */  \
    X(NORX_PORT, 9, "norx_port", RC_NONE)   /* one port without reception */   \
    X(TX_WHILE_GEN, 10, "tx_while_gen", 0)  /* 1: accept TX size change while \
                                               generating (I-VOQREG-8) */      \
    X(SIZE7, 11, "size7", 0)               /* 1: accept size 7 (I-VOQREG-9) */ \
    X(UNSUP_SIZE, 12, "unsup_size", 0)     /* 1: accept unsupported size */    \
    X(UNSUP_ENABLE, 13, "unsup_enable", 0) /* 1: accept enable w/o support */  \
    X(UNIMPL_ERROR, 14, "unimpl_error", 0) /* 1: reserved words -> noent */
#define RC_P12REG_EVENTS(X)                                                    \
    X(READ, 1, "read", 0, "offset")                                            \
    X(WRITE, 2, "write", 0, "offset", "value")                                 \
    X(RESET, 3, "reset", 0, NULL)
#define RC_P12REG_OUTPUTS(X)                                                   \
    X(VALUE, 1, "value", RC_WIRE, "value")                                     \
    X(WROTE, 2, "wrote", RC_NOTE, "after", "read_only", "reserved", "refused")
/* wrote (capability p12reg_wrote: then after every write that returns ok),
 * in Table 5-3's terms: after = the register after the write (what a read
 * returns next); read_only = the bits of read-only fields the written value
 * differs in ((value ^ before) & read-only; the header: value ^ header);
 * reserved = the 1s written to reserved positions (a reserved word or an
 * absent port's register: the whole value); refused = the whole mask of each
 * writable field or bit whose change the device refused (a p12reg config
 * policy: tx_while_gen, size7, unsup_size, unsup_enable set to 0). */
#define RC_P12REG_QUERIES(X) X(CSR, 1, "csr", 0, "port")

/* p9reg: PE Features CAR, Port n Control CSR bits 13/15, Port n Error and
 * Status CSR bit 28. */
#define RC_P9REG_CONFIG(X)                                                     \
    X(PORTS, 1, "ports", 4)                                                    \
    X(FC, 2, "fc", 1)                  /* flow control support (bit 24) */     \
    X(ARB, 3, "arb", 0)                /* flow arbitration support (bit 20) */ \
    X(ARB_NEEDS_FC, 4, "arb_needs_fc", 0)
#define RC_P9REG_EVENTS(X)                                                     \
    X(CAR_READ, 1, "car_read", 0, NULL)                                        \
    X(CAR_WRITE, 2, "car_write", 0, "value")                                   \
    X(CTL_READ, 3, "ctl_read", 0, "port")                                      \
    X(CTL_WRITE, 4, "ctl_write", 0, "port", "value")                           \
    X(ERRSTAT_READ, 5, "errstat_read", 0, "port")                              \
    X(SET_UNAVAILABLE, 6, "set_unavailable", 0, "port", "on")                  \
    X(RESET, 7, "reset", 0, NULL)                                              \
    X(ERRSTAT_WRITE, 8, "errstat_write", 0, "port", "value")
/* errstat_write (capability errstat_write; a library without it answers an
 * unknown event): a software write to the Port n Error and Status CSR; the
 * output is the register value after the write, as for ctl_write. */
#define RC_P9REG_OUTPUTS(X) X(VALUE, 1, "value", RC_WIRE, "value")
#define RC_P9REG_QUERIES(X)                                                    \
    X(MAY_ROUTE_FC, 1, "may_route_fc", 0, "port")                              \
    X(MAY_ROUTE_ARB, 2, "may_route_arb", 0, "port")                            \
    X(PORT_XOFF_EXPECTED, 3, "port_xoff_expected", 0, "rev", "errstat", "csr")

/* gen: the downstream device that sends VoQ backpressure (Part 12 4.2). */
#define RC_GEN_CONFIG(X)                                                       \
    X(REV, 1, "rev", 3)                                                        \
    X(FORMAT, 2, "format", 48)           /* 48 or 64 */                       \
    X(PORTS, 3, "ports", 8)                                                    \
    X(VCS, 4, "vcs", 0)                  /* optional VCs: 0,1,2,4,8 */        \
    X(REFRESH, 5, "refresh", 0)          /* ticks between refreshes, 0 off */ \
    X(LINK_REFRESH, 6, "link_refresh", 0) /* 1: refresh on link recovery */
#define RC_GEN_EVENTS(X)                                                       \
    X(CONGEST, 1, "congest", 0, "port", "vc", "on")                            \
    X(CSR, 2, "csr", 0, "port", "value")                                       \
    X(TICK, 3, "tick", 0, "n")                                                 \
    X(LINK_RECOVERED, 4, "link_recovered", 0, "port")
/* symbol: tx_port carries it; vc 0..8 or RC_VC_ALL; ride = the stype0 a CS48
 * symbol must ride with (RC_VC_ALL = any, 4 = Status, 5 = VC_Status with
 * parameter0 = vcid; always RC_VC_ALL for CS64, which carries VC_IND); encoded = the stype2 (CS48) or 24-bit parameter (CS64) */
#define RC_GEN_OUTPUTS(X)                                                      \
    X(SYMBOL, 1, "symbol", RC_WIRE, "tx_port", "vc", "group", "status",        \
      "ride", "vcid", "encoded")
#define RC_GEN_QUERIES(X)                                                      \
    X(REPORTED, 1, "reported", 0, "port", "vc")                                \
    X(LAST_SENT, 2, "last_sent", 0, "port", "group", "vc")

/* rx: the upstream device that honours VoQ backpressure (Part 12 4.3). */
#define RC_RX_CONFIG(X)                                                        \
    X(REV, 1, "rev", 3)                                                        \
    X(FORMAT, 2, "format", 48)                                                 \
    X(PORTS, 3, "ports", 8)              /* downstream ports */               \
    X(VCS, 4, "vcs", 0)                                                        \
    X(PER_VC, 5, "per_vc", 0)            /* CSR bit 11 */                     \
    X(WIDTH, 6, "width", 0)              /* RX Port Group Size */             \
    X(QUEUE_WITHIN_VCS, 7, "queue_within_vcs", 0)                              \
    X(QUEUES, 8, "queues", 8)            /* staging queues; map: event map */ \
    X(BEYOND, 9, "beyond", 0)            /* 0 ignore bits of absent ports,    \
                                            1 discard such a message */
/* enqueue(id, flow, port, vc, destination_id): a packet to send. `port` is
 * the downstream device's egress port the packet will leave by, given
 * directly; port = RC_NONE (vector files: port=routed) asks the device to
 * find it itself from the packet's destination_id through its own routing
 * association (the `route` entries; Part 12 2.2, 4.3a). With a direct port
 * destination_id carries no meaning (vectors give 0).
 * route(destination_id, port): an entry of the device's knowledge of the
 * downstream routing: packets for destination_id leave the downstream device
 * by its egress port `port`. Vectors give routes before any traffic and
 * never rely on them across reset. A device that does not implement route
 * (or routed enqueue) answers RC_NOTSUP: those vectors are not-applicable.
 * A routed enqueue for a destination_id with no route is never driven by a
 * vector (the reference answers RC_NOENT). `committed` reports the egress
 * port the device associated with the packet. */
#define RC_RX_EVENTS(X)                                                        \
    X(MAP, 1, "map", 0, "port", "queue")   /* before any traffic */          \
    X(SYMBOL, 2, "symbol", 0, "len", "hi", "lo")                               \
    X(ENQUEUE, 3, "enqueue", 0, "id", "flow", "port", "vc", "destination_id")  \
    X(SCHEDULE, 4, "schedule", 0, NULL)                                        \
    X(RESET, 5, "reset", 0, NULL)                                              \
    X(ROUTE, 6, "route", 0, "destination_id", "port")
#define RC_RX_OUTPUTS(X)                                                       \
    X(COMMITTED, 1, "committed", RC_WIRE, "id", "flow", "port", "vc")          \
    X(APPLIED, 2, "applied", RC_NOTE, "vc")                                    \
    X(IGNORED, 3, "ignored", RC_NOTE, "reason")                                \
    X(DISCARDED, 4, "discarded", RC_NOTE, "reason")
#define RC_RX_QUERIES(X)                                                       \
    X(CONGESTED, 1, "congested", 0, "port", "vc")                              \
    X(ELIGIBLE, 2, "eligible", 0, "queue", "vc")                               \
    X(DEPTH, 3, "depth", 0, "queue", "vc")

/* ep: the source endpoint that receives CCPs (Part 9 2.4.2.1, 2.4.2.3,
 * 2.4.5). Flows are named by flow_id (Table 3-1 encoding). */
#define RC_EP_CONFIG(X)                                                        \
    X(REV, 1, "rev", 3)                                                        \
    X(WIDTH, 2, "width", 4)              /* counter width, bits */            \
    X(CAPACITY, 3, "capacity", 8)        /* destinations with own counters */ \
    X(ORPHAN, 4, "orphan", 1000)         /* orphan timeout, ticks */          \
    X(ARB, 5, "arb", 0)                  /* flow arbitration support */       \
    X(CRITICAL, 6, "critical", 0)        /* mask of critical flows */
#define RC_EP_EVENTS(X)                                                        \
    X(CCP, 1, "ccp", 0, "xon", "fam", "flow_id", "tgt_destination_id", "soc")  \
    X(TICK, 2, "tick", 0, "n")                                                 \
    X(SETUP, 3, "setup", 0, "dest", "flow_id")                                 \
    X(RESET, 4, "reset", 0, NULL)
/* masks: bit i (0..5) = VC0 flow A+i, bit 5+n = VCn flow A */
#define RC_EP_OUTPUTS(X)                                                       \
    X(STOPPED, 1, "stopped", RC_NOTE, "dest", "mask")                          \
    X(RESTARTED, 2, "restarted", RC_NOTE, "dest", "mask")                      \
    X(ORPHAN, 3, "orphan", RC_NOTE, "dest", "flow_id")                         \
    X(IGNORED, 4, "ignored", RC_NOTE, "reason")
#define RC_EP_QUERIES(X)                                                       \
    X(ENABLED, 1, "enabled", 0, "dest", "flow_id")                             \
    X(COUNTER, 2, "counter", 0, "dest", "flow_id")

/* sw: the congested element that sends CCPs (Part 9 2.4.2.2, 2.4.3, 2.4.6).
 * candidate events collect the packets of one congestion decision, the
 * congested event makes it. */
#define RC_SW_CONFIG(X)                                                        \
    X(REV, 1, "rev", 3)                                                        \
    X(ROLE, 2, "role", 0)                /* 0 switch, 1 endpoint */           \
    X(TT, 3, "tt", 0)                    /* 0 Dev8, 1 Dev16, 2 Dev32 */       \
    X(PORTS, 4, "ports", 8)                                                    \
    X(LIST, 5, "list", 8)                /* controlled flow list capacity */  \
    X(CRF, 6, "crf", 1)                  /* CRF supported */                  \
    X(RESPONSES, 7, "responses", 1)      /* responses may be XOFF'd */        \
    X(PICK, 8, "pick", 0)                /* response flowID: 0 lowest, 1     \
                                            unpromoted (I-FCSW-1) */          \
    X(DROP, 9, "drop", 0)                /* drop CCPs without buffer */       \
    X(ARB_NEEDS_FC, 10, "arb_needs_fc", 0)
#define RC_SW_EVENTS(X)                                                        \
    X(CANDIDATE, 1, "candidate", 0, "ftype", "vc", "prio", "crf",              \
      "source_id", "destination_id", "ccp_port")                               \
    X(CONGESTED, 2, "congested", 0, "port")                                    \
    X(ABATED_PORT, 3, "abated_port", 0, "port")                                \
    X(ABATED_FLOW, 4, "abated_flow", 0, "destination_id",                      \
      "tgt_destination_id", "flow_id")                                         \
    X(PORT_CONTROL, 5, "port_control", 0, "port", "value")                     \
    X(FORWARD, 6, "forward", 0, "in_port", "port", "no_buffer", "xon", "fam",  \
      "flow_id", "soc", "destination_id", "tgt_destination_id")
#define RC_SW_OUTPUTS(X)                                                       \
    X(CCP, 1, "ccp", RC_WIRE, "port", "xon", "fam", "flow_id",                 \
      "destination_id", "tgt_destination_id", "soc", "prio", "crf")            \
    X(VERDICT, 2, "verdict", RC_NOTE, "verdict")
#define RC_SW_QUERIES(X)                                                       \
    X(LISTED, 1, "listed", 0, "destination_id", "tgt_destination_id",          \
      "flow_id")                                                               \
    X(LIST_LEN, 2, "list_len", 0, NULL)

/* arbtx: the source of arbitrated flows (Part 9 2.2, 2.4.7). */
#define RC_ARBTX_CONFIG(X)                                                     \
    X(REV, 1, "rev", 3)                                                        \
    X(FLOWS, 2, "flows", 2)                                                    \
    X(PEER_ARB, 3, "peer_arb", 1)                                              \
    X(PIPELINE, 4, "pipeline", 0)                                              \
    X(OWN_FLOW, 5, "own_flow", 0)        /* REQUEST in its own flow */        \
    X(ANY_SEQ, 6, "any_seq", 0)                                                \
    X(TIMEOUT, 7, "timeout", 0)          /* request timeout, ticks, 0 off */  \
    X(BACKOFF, 8, "backoff", 0)                                                \
    X(STATIC_MASK, 9, "static_mask", 0)  /* flows with static resources */
#define RC_ARBTX_EVENTS(X)                                                     \
    X(PDU, 1, "pdu", 0, "flow", "mode", "packets")                             \
    X(END, 2, "end", 0, "flow")                                                \
    X(CCP, 3, "ccp", 0, "flow", "cmd", "seq")                                  \
    X(TICK, 4, "tick", 0, "n")                                                 \
    X(SLOT, 5, "slot", 0, "flow")
#define RC_ARBTX_OUTPUTS(X)                                                    \
    X(MSG, 1, "msg", RC_WIRE, "cmd", "seq", "flow", "reissue", "travel")      \
    X(DATA, 2, "data", RC_WIRE, "flow", "pdu", "segment", "last")              \
    X(NOTE, 3, "note", RC_NOTE, "note", "flow", "seq")
/* arbtx msg travel (Part 9 2.4.7 rule 12): the flow the message is sent in:
 * own = the flow it concerns (msg flow); other = any other flow or channel
 * (e.g. a high-priority control channel). RELEASE must be own; REQUEST may
 * be either. */
#define RC_ARBTX_QUERIES(X)                                                    \
    X(MAY_SEND, 1, "may_send", 0, "flow")                                      \
    X(OUTSTANDING, 2, "outstanding", 0, "flow")                                \
    X(NEXT_SEQ, 3, "next_seq", 0, "flow")                                      \
    X(QUEUED, 4, "queued", 0, "flow")

/* arbrx: the destination that owns a pool of resources (Part 9 2.2, 2.4.7,
 * 2.4.8). */
#define RC_ARBRX_CONFIG(X)                                                     \
    X(REV, 1, "rev", 3)                                                        \
    X(FLOWS, 2, "flows", 2)                                                    \
    X(POOL, 3, "pool", 1)                                                      \
    X(ANSWER, 4, "answer", 0)            /* 0 immediate, 1 on decide */       \
    X(POLICY, 5, "policy", 0)            /* 0 grant if free, 1 reject all */  \
    X(PIPELINING, 6, "pipelining", 1)                                          \
    X(OWN_FLOW, 7, "own_flow", 0)                                              \
    X(AFRESH, 8, "afresh", 0)                                                  \
    X(IDLE, 9, "idle", 0)                /* idle timeout, ticks, 0 off */     \
    X(RELEASE, 10, "release", 0)         /* second timeout, 0 never */        \
    X(STATIC_MASK, 11, "static_mask", 0)
#define RC_ARBRX_EVENTS(X)                                                     \
    X(CCP, 1, "ccp", 0, "flow", "cmd", "seq")                                  \
    X(DATA, 2, "data", 0, "flow", "last", "aborted")                           \
    X(TICK, 3, "tick", 0, "n")                                                 \
    X(DECIDE, 4, "decide", 0, "flow", "grant")                                 \
    X(ASK_DEALLOC, 5, "ask_dealloc", 0, "flow")                                \
    X(RESET, 6, "reset", 0, NULL)
#define RC_ARBRX_OUTPUTS(X)                                                    \
    X(MSG, 1, "msg", RC_WIRE, "cmd", "seq", "flow", "dealloc")                 \
    X(ALLOCATED, 2, "allocated", RC_NOTE, "flow")                              \
    X(FREED, 3, "freed", RC_NOTE, "flow", "reason")                            \
    X(VIOLATION, 4, "violation", RC_NOTE, "violation", "flow")
#define RC_ARBRX_QUERIES(X)                                                    \
    X(FREE, 1, "free", 0, NULL)                                                \
    X(ALLOCATED, 2, "allocated", 0, "flow")                                    \
    X(HELD, 3, "held", 0, "flow")

/* Enums for every table: RC_GEN_EV_CONGEST, RC_GEN_OUT_SYMBOL,
 * RC_GEN_Q_REPORTED, RC_GEN_CFG_PORTS, ... */
#define RC_DECLARE_ENUMS_(M, m)                                                \
    enum rc_##m##_event { RC_##M##_EVENTS(RC_##M##_EV_ITEM_) RC_##M##_EV_END_ }; \
    enum rc_##m##_output { RC_##M##_OUTPUTS(RC_##M##_OUT_ITEM_) RC_##M##_OUT_END_ }; \
    enum rc_##m##_query { RC_##M##_QUERIES(RC_##M##_Q_ITEM_) RC_##M##_Q_END_ }; \
    enum rc_##m##_config { RC_##M##_CONFIG(RC_##M##_CFG_ITEM_) RC_##M##_CFG_END_ };

#define RC_CODEC_EV_ITEM_(n, v, ...) RC_CODEC_EV_##n = (v),
#define RC_CODEC_OUT_ITEM_(n, v, ...) RC_CODEC_OUT_##n = (v),
#define RC_CODEC_Q_ITEM_(n, v, ...) RC_CODEC_Q_##n = (v),
#define RC_CODEC_CFG_ITEM_(n, v, ...) RC_CODEC_CFG_##n = (v),
#define RC_P12REG_EV_ITEM_(n, v, ...) RC_P12REG_EV_##n = (v),
#define RC_P12REG_OUT_ITEM_(n, v, ...) RC_P12REG_OUT_##n = (v),
#define RC_P12REG_Q_ITEM_(n, v, ...) RC_P12REG_Q_##n = (v),
#define RC_P12REG_CFG_ITEM_(n, v, ...) RC_P12REG_CFG_##n = (v),
#define RC_P9REG_EV_ITEM_(n, v, ...) RC_P9REG_EV_##n = (v),
#define RC_P9REG_OUT_ITEM_(n, v, ...) RC_P9REG_OUT_##n = (v),
#define RC_P9REG_Q_ITEM_(n, v, ...) RC_P9REG_Q_##n = (v),
#define RC_P9REG_CFG_ITEM_(n, v, ...) RC_P9REG_CFG_##n = (v),
#define RC_GEN_EV_ITEM_(n, v, ...) RC_GEN_EV_##n = (v),
#define RC_GEN_OUT_ITEM_(n, v, ...) RC_GEN_OUT_##n = (v),
#define RC_GEN_Q_ITEM_(n, v, ...) RC_GEN_Q_##n = (v),
#define RC_GEN_CFG_ITEM_(n, v, ...) RC_GEN_CFG_##n = (v),
#define RC_RX_EV_ITEM_(n, v, ...) RC_RX_EV_##n = (v),
#define RC_RX_OUT_ITEM_(n, v, ...) RC_RX_OUT_##n = (v),
#define RC_RX_Q_ITEM_(n, v, ...) RC_RX_Q_##n = (v),
#define RC_RX_CFG_ITEM_(n, v, ...) RC_RX_CFG_##n = (v),
#define RC_EP_EV_ITEM_(n, v, ...) RC_EP_EV_##n = (v),
#define RC_EP_OUT_ITEM_(n, v, ...) RC_EP_OUT_##n = (v),
#define RC_EP_Q_ITEM_(n, v, ...) RC_EP_Q_##n = (v),
#define RC_EP_CFG_ITEM_(n, v, ...) RC_EP_CFG_##n = (v),
#define RC_SW_EV_ITEM_(n, v, ...) RC_SW_EV_##n = (v),
#define RC_SW_OUT_ITEM_(n, v, ...) RC_SW_OUT_##n = (v),
#define RC_SW_Q_ITEM_(n, v, ...) RC_SW_Q_##n = (v),
#define RC_SW_CFG_ITEM_(n, v, ...) RC_SW_CFG_##n = (v),
#define RC_ARBTX_EV_ITEM_(n, v, ...) RC_ARBTX_EV_##n = (v),
#define RC_ARBTX_OUT_ITEM_(n, v, ...) RC_ARBTX_OUT_##n = (v),
#define RC_ARBTX_Q_ITEM_(n, v, ...) RC_ARBTX_Q_##n = (v),
#define RC_ARBTX_CFG_ITEM_(n, v, ...) RC_ARBTX_CFG_##n = (v),
#define RC_ARBRX_EV_ITEM_(n, v, ...) RC_ARBRX_EV_##n = (v),
#define RC_ARBRX_OUT_ITEM_(n, v, ...) RC_ARBRX_OUT_##n = (v),
#define RC_ARBRX_Q_ITEM_(n, v, ...) RC_ARBRX_Q_##n = (v),
#define RC_ARBRX_CFG_ITEM_(n, v, ...) RC_ARBRX_CFG_##n = (v),

RC_DECLARE_ENUMS_(CODEC, codec)
RC_DECLARE_ENUMS_(P12REG, p12reg)
RC_DECLARE_ENUMS_(P9REG, p9reg)
RC_DECLARE_ENUMS_(GEN, gen)
RC_DECLARE_ENUMS_(RX, rx)
RC_DECLARE_ENUMS_(EP, ep)
RC_DECLARE_ENUMS_(SW, sw)
RC_DECLARE_ENUMS_(ARBTX, arbtx)
RC_DECLARE_ENUMS_(ARBRX, arbrx)

/* Symbolic argument values usable in vector files:
 * X("scope", "arg", "symbol", value), where scope is a space-separated list
 * of machine names ("arbtx") or machine.kind names ("codec.command", for one
 * event/output/query kind) the symbol belongs to, or "*" for all. The numbers
 * are the ABI: e.g. a codec voq_msg kind of 3 means the message was ignored
 * because of a reserved VC_IND. */
#define RC_SYMBOLS(X)                                                          \
    X("*", "vc", "all", 255)                                                   \
    X("gen", "ride", "any", 255)                                               \
    X("gen", "ride", "status", 4)                                              \
    X("gen", "ride", "vc_status", 5)                                           \
    X("codec", "kind", "backpressure", 0)                                      \
    X("codec", "kind", "nop", 1)                                               \
    X("codec", "kind", "reserved_cmd", 2)                                      \
    X("codec", "kind", "reserved_vc_ind", 3)                                   \
    X("*", "format", "cs48", 48)                                               \
    X("*", "format", "cs64", 64)                                               \
    X("*", "tt", "dev8", 0)                                                    \
    X("*", "tt", "dev16", 1)                                                   \
    X("*", "tt", "dev32", 2)                                                   \
    X("sw", "role", "switch", 0)                                               \
    X("sw", "role", "endpoint", 1)                                             \
    X("arbtx", "mode", "single", 0)                                            \
    X("arbtx", "mode", "multi", 1)                                             \
    X("codec.command arbtx arbrx", "cmd", "XOFF", 0)                           \
    X("codec.command arbtx arbrx", "cmd", "XOFF_ARB", 1)                       \
    X("codec.command arbtx arbrx", "cmd", "RELEASE", 2)                        \
    X("codec.command arbtx arbrx", "cmd", "XON", 3)                            \
    X("codec.command arbtx arbrx", "cmd", "XON_ARB", 4)                        \
    X("codec.command arbtx arbrx", "cmd", "REQUEST_SINGLE", 5)                 \
    X("codec.command arbtx arbrx", "cmd", "REQUEST_MULTI", 6)                  \
    X("codec.command arbtx arbrx", "cmd", "RESERVED", 7)                       \
    X("*", "flow_id", "0A", 0x00)                                              \
    X("*", "flow_id", "0B", 0x01)                                              \
    X("*", "flow_id", "0C", 0x02)                                              \
    X("*", "flow_id", "0D", 0x03)                                              \
    X("*", "flow_id", "0E", 0x04)                                              \
    X("*", "flow_id", "0F", 0x05)                                              \
    X("*", "flow_id", "1A", 0x41)                                              \
    X("*", "flow_id", "2A", 0x42)                                              \
    X("*", "flow_id", "3A", 0x43)                                              \
    X("*", "flow_id", "4A", 0x44)                                              \
    X("*", "flow_id", "5A", 0x45)                                              \
    X("*", "flow_id", "6A", 0x46)                                              \
    X("*", "flow_id", "7A", 0x47)                                              \
    X("*", "flow_id", "8A", 0x48)                                              \
    X("rx", "reason", "reserved_vc_ind", 1)   /* rx ignored */                 \
    X("rx", "reason", "not_linked", 2)        /* rx ignored: per-VC CS48 symbol \
                                           without Status/VC_Status */         \
    X("rx", "reason", "reserved_cmd", 3)                                       \
    X("rx", "reason", "nop", 4)                                                \
    X("rx", "reason", "not_voq", 5)                                            \
    X("rx", "reason", "vc_not_in_use", 6)                                      \
    X("rx", "reason", "crc", 7)               /* rx discarded */               \
    X("rx", "reason", "beyond", 8)            /* rx discarded (I-RX-1) */      \
    X("rx.enqueue", "port", "routed", 0xFFFF) /* RC_NONE: route by            \
                                           destination_id */                   \
    X("ep", "reason", "reserved_flow_id", 9)  /* ep ignored (Part 9 3.4) */    \
    X("ep", "reason", "critical_flow", 10)                                     \
    X("ep", "reason", "reserved_fam", 11)                                      \
    X("ep", "reason", "not_congestion_mgmt", 12)                               \
    X("arbrx", "reason", "last_segment", 20)     /* arbrx freed */             \
    X("arbrx", "reason", "aborted", 21)                                        \
    X("arbrx", "reason", "idle_timeout", 22)                                   \
    X("arbrx", "reason", "release", 23)                                        \
    X("arbrx", "reason", "release_timeout", 24)                                \
    X("arbrx", "reason", "reset", 25)                                          \
    X("arbtx", "travel", "own", 0)     /* arbtx msg: in the flow it concerns */\
    X("arbtx", "travel", "other", 1)   /* in another flow or channel */\
    /* sw verdict (capability sw_verdicts): what a step decided, in Part 9's  \
     * terms (2.4.2.2, 2.4.3, 2.4.6, Table 2-1)                           */  \
    X("sw", "verdict", "none", 0)           /* nothing to send */              \
    X("sw", "verdict", "xoff", 1)           /* XOFF sent, flow listed */       \
    X("sw", "verdict", "xoff_replacing", 2) /* ... after an XON that freed a   \
                                               less important entry */        \
    X("sw", "verdict", "not_chosen", 3)     /* another packet was chosen */    \
    X("sw", "verdict", "maintenance", 4)    /* ftype 8: never a CCP */         \
    X("sw", "verdict", "flow_control", 5)   /* ftype 7: never a CCP */         \
    X("sw", "verdict", "illegal_prio", 6)   /* Table 2-1 illegal cell */       \
    X("sw", "verdict", "response", 7)       /* a response not XOFF'd */        \
    X("sw", "verdict", "not_participant", 8) /* Flow Control (Arbitration)     \
                                               Participant = 0 */             \
    X("sw", "verdict", "listed", 9)         /* the flow is already listed */   \
    X("sw", "verdict", "list_full", 10)     /* no room: no XOFF */             \
    X("sw", "verdict", "xon", 11)           /* XON sent */                     \
    X("sw", "verdict", "xon_held", 12)      /* XON due, port not a             \
                                               participant: held */           \
    X("sw", "verdict", "forwarded", 13)     /* CCP routed on unchanged */      \
    X("sw", "verdict", "dropped", 14)       /* CCP dropped, no buffer */       \
    /* arbtx note (capability arbtx_notes), Part 9 2.4.7                  */  \
    X("arbtx", "note", "granted", 0)        /* XON(ARB) answered the REQUEST */\
    X("arbtx", "note", "rejected", 1)       /* XOFF(ARB) answered it */        \
    X("arbtx", "note", "reissued", 2)       /* no answer in time: REQUEST      \
                                               re-issued, same bit (rule 3) */\
    X("arbtx", "note", "stale", 3)          /* an answer to no outstanding     \
                                               REQUEST: ignored */            \
    X("arbtx", "note", "dealloc", 4)        /* XOFF(ARB) during a multi-PDU    \
                                               context: release asked (rule 8)*/\
    X("arbtx", "note", "context_start", 5)  /* data of the flow may go */      \
    X("arbtx", "note", "context_end", 6)    /* last segment (single) or        \
                                               RELEASE (multi) sent */        \
    X("arbtx", "note", "pdu_done", 7)       /* a PDU's last segment sent */    \
    X("arbtx", "note", "ignored", 8)        /* a CCP not for a transmitter */  \
    /* arbrx violation (capability arbrx_violations): the transmitter broke \
     * a rule of Part 9 2.4.7                                             */  \
    X("arbrx", "violation", "data_without_grant", 1)    /* rule 1 */           \
    X("arbrx", "violation", "release_without_grant", 2) /* rules 7, 12 */      \
    X("arbrx", "violation", "release_mid_pdu", 3)       /* rules 7, 8 */       \
    X("arbrx", "violation", "second_request", 4)        /* rule 11 */

/* ---- policies (ABI v2) ------------------------------------------------------
 * Where the spec lets a device choose (a "may", "implementation specific",
 * "up to the implementer", an informative annex), the profile declares the
 * choice it made: profile.policy[index] = the value number of
 * RC_POLICY_VALUES, 0 = not declared. Vectors that check one choice apply
 * only to a device that declares it (docs/vector-format.md, `policy`);
 * every other vector accepts every permitted behaviour.
 * RC_POLICIES: X(NAME, index, "key", "the spec sentence that leaves it open")
 * RC_POLICY_VALUES: X("key", "value", number) */
#define RC_POLICY_SLOTS 32u
#define RC_POLICIES(X)                                                         \
    X(SW_RESTART_ORDER, 0, "sw_restart_order",                                \
      "Part 9 2.4.2.2: permissible to modify the flow restart ordering")      \
    X(GEN_STATUS_CHANGE, 1, "gen_status_change",                              \
      "Part 12 4.2e: up to the implementer what constitutes a status change")  \
    X(EP_ORPHAN, 2, "ep_orphan",                                              \
      "Part 9 2.4.2.1: details of this mechanism are implementation specific") \
    X(SW_IMPORTANCE, 3, "sw_importance",                                      \
      "Part 9 2.4.2.2/2.4.3: which XOFF is 'deemed more important'")          \
    X(ARBTX_RELEASE, 4, "arbtx_release",                                      \
      "Part 9 2.4.7 rule 7: the transmitter may relinquish a multi-PDU context")\
    X(ARBRX_COPIES, 5, "arbrx_copies",                                        \
      "Part 9 2.4.7 rule 2: answers depend on the arbitration policy")        \
    X(ARBRX_CROSSING, 6, "arbrx_crossing",                                    \
      "Part 9 2.4.7 rule 2: answers depend on the arbitration policy")        \
    X(RX_BEYOND, 7, "rx_beyond",                                              \
      "Part 12 erratum 10: ports beyond the device, implementation-defined")  \
    X(RX_NOT_LINKED, 8, "rx_not_linked",                                      \
      "Part 12 3.3 (rev 2 3.2): per-VC VoQ symbol riding another stype0")  \
    X(GEN_SIZE7, 9, "gen_size7",                                              \
      "Part 12 Table 5-3: TX Port Group Size 0x7 = Reserved")                  \
    X(GEN_ABSENT_BITS, 10, "gen_absent_bits",                                  \
      "Part 12 erratum 10: status bits of ports beyond the device (generator)") \
    X(OUT_OF_FIELD, 11, "out_of_field",                                        \
      "no spec rule: an argument value its field or yes/no key cannot carry")
#define RC_POLICY_VALUES(X)                                                    \
    X("sw_restart_order", "oldest_first", 1) /* XONs in list order */          \
    X("sw_restart_order", "other", 2)                                          \
    X("gen_status_change", "transitions_only", 1) /* exactly I-GEN-2 of        \
                                                    rio/voqgen.h */            \
    X("gen_status_change", "other", 2)                                         \
    X("ep_orphan", "annex_a2", 1) /* the informative Annex A.2 timer */        \
    X("ep_orphan", "other", 2)                                                 \
    X("sw_importance", "i_fcsw_4", 1) /* one XOFF per decision, request over  \
                                        response, higher flow, CRF 0 over 1   \
                                        (2.4.3 preferences; I-FCSW-4, -5) */ \
    X("sw_importance", "other", 2)                                             \
    X("arbtx_release", "on_end", 1) /* a multi-PDU context is kept until END, \
                                       XOFF(ARB) or a SINGLE PDU (I-ARB-9) */ \
    X("arbtx_release", "other", 2)                                             \
    X("arbrx_copies", "i_arb_5_6_7", 1) /* one answer for a held REQUEST and  \
                                           its copies; a copy of a standing   \
                                           grant XON(ARB) again, of an ended  \
                                           one or a rejection XOFF(ARB) */    \
    X("arbrx_copies", "other", 2)                                              \
    X("arbrx_crossing", "i_arb_20", 1) /* after a de-allocation XOFF(ARB) bit \
                                          b, the next new REQUEST b is        \
                                          rejected */                         \
    X("arbrx_crossing", "other", 2)                                           \
    X("rx_beyond", "ignore_bits", 1) /* 1-bits of absent ports ignored,       \
                                       the rest applies (I-RX-1) */           \
    X("rx_beyond", "discard", 2) /* a message with a 1 for an absent          \
                                   port is discarded (I-RX-1) */              \
    X("rx_beyond", "other", 3)                                                \
    X("rx_not_linked", "ignore", 1) /* the message names no VC and is         \
                                      ignored (I-RX-2) */                     \
    X("rx_not_linked", "other", 2)                                            \
    X("gen_size7", "silent", 1) /* a port whose TX Port Group Size is 7      \
                                   sends no VoQ symbol (I-GEN-5) */           \
    X("gen_size7", "other", 2)                                                 \
    X("gen_absent_bits", "zero", 1) /* a status bit naming a port >= the     \
                                      device's port count is sent as 0      \
                                      (I-GEN-4) */                          \
    X("gen_absent_bits", "other", 2)                                           \
    X("out_of_field", "refuse", 1) /* an event, packet or configuration      \
                                      value wider than its field (flowID    \
                                      0x80, a yes/no key 2) is refused with \
                                      an error and changes nothing */       \
    X("out_of_field", "other", 2)

enum rc_policy {
#define RC_POLICY_ENUM_(n, i, s, why) RC_POL_##n = (i),
    RC_POLICIES(RC_POLICY_ENUM_)
#undef RC_POLICY_ENUM_
    RC_POL_END_
};
_Static_assert(RC_POL_END_ <= RC_POLICY_SLOTS, "RC_POLICY_SLOTS");

/* Capability profile: what the device is, so vectors can be selected and
 * parameterised (a vector may use ${name} for the values marked "var").
 *
 * Capabilities (caps, RC_CAPS below) are the words of a vector's `needs`
 * line. cs48 and stype2: `cs48` is the CS48 control symbol itself (the
 * codec's cs48_pack and cs48_unpack: the bare 6-byte symbol and its CRC-13,
 * Part 6 Figure 3-2; and CS48 as the link format of gen and rx,
 * format=cs48); `stype2` is the codec's Part 12 3.1 interpretation of the
 * stype2 field (stype2_decode, stype2_encode). Before capability 21 both
 * were `cs48`: a device that declares cs48 WITHOUT cs48_split is taken to
 * have stype2 as well (a library built before the split keeps running the
 * vectors it always ran); one that declares cs48_split gets exactly the
 * bits it declares, e.g. `cs48 cs48_split` for a symbol codec without the
 * VoQ interpretation, whose stype2 vectors are then not-applicable. */
struct rc_profile {
    uint32_t p12_revs;       /* bit 2: Part 12 rev 2.x, bit 3: rev 3.0-4.1 */
    uint32_t p9_revs;        /* bit 2: Part 9 rev 2.x, bit 3: rev 3.0-4.1 */
    uint32_t caps;           /* RC_CAP_* */
    uint32_t ports;          /* var ports: device ports */
    uint32_t vcs;            /* var vcs: optional VCs (0,1,2,4,8) */
    uint32_t counter_width;  /* var counter_width (tc = 2^w - 1) */
    uint32_t orphan_timeout; /* var orphan_timeout, ticks */
    uint32_t flow_list;      /* var flow_list: controlled flow list size */
    uint32_t arb_pool;       /* var arb_pool: arbitration resources */
    /* ABI v2: the declared policies, indexed by RC_POLICIES: a value of
     * RC_POLICY_VALUES, 0 = not declared (vectors that check one policy are
     * then not-applicable). In ABI v1 these 32 bytes were reserved and zero:
     * a v1 device declares no policy. */
    uint8_t policy[RC_POLICY_SLOTS];
};

#define RC_CAPS(X)                                                             \
    X(CS48, 0, "cs48")       /* CS48 symbols: codec cs48_pack/unpack,      \
                                gen/rx format=cs48 (see cs48_split) */    \
    X(CS64, 1, "cs64")                                                         \
    X(GEN, 2, "gen")                                                           \
    X(RX, 3, "rx")                                                             \
    X(PERVC, 4, "pervc")     /* per-VC / VC linking */                        \
    X(P12REG, 5, "p12reg")                                                     \
    X(P9REG, 6, "p9reg")                                                       \
    X(EP, 7, "ep")                                                             \
    X(SW, 8, "sw")                                                             \
    X(ARBTX, 9, "arbtx")                                                       \
    X(ARBRX, 10, "arbrx")                                                      \
    X(CODEC, 11, "codec")                                                      \
    X(SWITCH, 12, "switch")  /* the device is a switch (else an endpoint) */ \
    X(SW_REPLACE, 13, "sw_replace")   /* sw: a full controlled flow list    \
                                         replaces a less important entry    \
                                         (the "may" of Part 9 2.4.2.2) */   \
    X(ARBRX_FREED, 14, "arbrx_freed") /* arbrx reports the optional freed   \
                                         note; without it vectors do not    \
                                         expect that note */                \
    X(EP_NOTES, 15, "ep_notes")       /* ep reports the optional notes      \
                                         stopped, restarted, orphan and     \
                                         ignored; the vectors that check    \
                                         them need it */ \
    X(SW_VERDICTS, 16, "sw_verdicts") /* sw reports a verdict note after     \
                                         every step but candidate, with the  \
                                         RC_SYMBOLS verdict values */        \
    X(ARBTX_NOTES, 17, "arbtx_notes") /* arbtx reports note(note, flow,     \
                                         seq) with the RC_SYMBOLS values */  \
    X(ARBRX_VIOLATIONS, 18, "arbrx_violations") /* arbrx reports            \
                                         violation(violation, flow) */       \
    X(P12REG_WROTE, 19, "p12reg_wrote") /* p12reg reports the wrote note     \
                                         after every write that returns ok */\
    X(ERRSTAT_WRITE, 20, "errstat_write") /* p9reg implements the event     \
                                         errstat_write */                    \
    X(STYPE2, 21, "stype2") /* codec: stype2_decode and stype2_encode, the  \
                               Part 12 3.1 VoQ interpretation of the CS48    \
                               stype2 field */                               \
    X(CS48_SPLIT, 22, "cs48_split") /* cs48 means only the symbol (codec     \
                               cs48_pack/cs48_unpack, gen/rx format=cs48);   \
                               without this bit a device declaring cs48 also \
                               gets stype2 (libraries built before the       \
                               split): see "Capabilities" above */           \
    X(WHY_NOTSUP, 23, "why_notsup") /* rc_dut has why_notsup: the harness    \
                               reads that field ONLY with this bit (a        \
                               library built before it has no such field) */

enum rc_cap {
#define RC_CAP_ENUM_(n, bit, s) RC_CAP_##n = 1u << (bit),
    RC_CAPS(RC_CAP_ENUM_)
#undef RC_CAP_ENUM_
};

/* An event, an output or a query. */
struct rc_msg {
    uint32_t kind;
    uint32_t nargs;
    uint64_t arg[RC_MAX_ARGS];
};

struct rc_config {
    uint32_t n;
    struct rc_kv {
        uint32_t key;
        uint64_t value;
    } kv[RC_MAX_CONFIG]; /* keys not given take the table's default */
};

struct rc_machine_ops {
    /* NULL create: the machine is not provided. ctx is the rc_dut's ctx. */
    int (*create)(void *ctx, void **inst, const struct rc_config *cfg);
    void (*destroy)(void *inst);
    int (*step)(void *inst, const struct rc_msg *event, struct rc_msg *out,
                uint32_t cap, uint32_t *n);
    int (*query)(void *inst, const struct rc_msg *query, uint64_t *value);
};

/* What step_many did (see rc_dut.step_many). */
struct rc_many {
    uint64_t done; /* repetitions taken, the stopping one included */
    uint32_t n;    /* their outputs, in out[0..n) */
    int rc;        /* the last taken repetition's result */
    int overflow;  /* stopped: fewer than RC_MAX_OUTPUTS places were left */
};

/* The result a transport returns when it has lost the device (e.g. the DUT
 * process died or answered garbage): the vector is an ERROR whose detail is
 * why_lost(ctx). Not in RC_RESULTS: a vector never expects it, and a device
 * library should never return it (without why_lost it is reported as "the
 * DUT returned RC_LOST and said nothing more"). */
#define RC_LOST (-90)

struct rc_dut {
    uint32_t abi_version; /* RC_DUT_ABI_VERSION */
    const char *name;
    const char *version;
    struct rc_profile profile;
    struct rc_machine_ops machine[RC_MACHINE_COUNT];
    /* Optional fast path for the exhaustive CS64 sweep: decode a 24-bit VoQ
     * parameter exactly like codec cs64_decode (one voq_msg output, written
     * to *out; the harness reads kind, nargs and arg[0..nargs-1] only, so
     * the rest of *out need not be cleared). */
    int (*cs64_decode)(void *ctx, uint32_t width, uint32_t param, struct rc_msg *out);
    /* Handed unchanged to create, cs64_decode, step_many, why_lost and
     * why_notsup; the harness never looks inside. NULL is fine. */
    void *ctx;
    /* Optional (NULL: the harness loops over step). A `do EVENT repeat=times`
     * in one call, for transports where a call costs a round trip. Must be
     * exactly equivalent to
     *     res->done = res->n = 0; res->overflow = 0; res->rc = RC_OK;
     *     while (res->done < times) {
     *         if (cap - res->n < RC_MAX_OUTPUTS) { res->overflow = 1; break; }
     *         uint32_t k = 0;
     *         res->rc = step(inst, ev, out + res->n, cap - res->n, &k);
     *         res->n += k; res->done++;
     *         if (res->rc != want) break;
     *     }
     *     return res->rc;
     * (inst is an instance of any machine this DUT created), except that it
     * may return RC_LOST when the device is lost. */
    int (*step_many)(void *ctx, void *inst, const struct rc_msg *ev, uint64_t times,
                     int want, struct rc_msg *out, uint32_t cap, struct rc_many *res);
    /* Optional: one line saying why the last call returned RC_LOST. */
    const char *(*why_lost)(void *ctx);
    /* Optional, and only with RC_CAP_WHY_NOTSUP in profile.caps (appended
     * after why_lost; a library built before it has no such field, so the
     * harness never reads it without the bit): one line saying why the last
     * create, step or query (or cs64_decode) returned RC_NOTSUP, e.g.
     * "ackID != 0 is not supported" for a device that has the machine but
     * not that configuration or event. The vector stays not-applicable; its detail
     * carries the text (the first 200 bytes, control characters replaced by
     * '?'). NULL or "" says nothing. Called right after that call, from the
     * one thread that made it; the text must stay valid until the next call
     * into the DUT. */
    const char *(*why_notsup)(void *ctx);
};

/* The one symbol a DUT library exports. */
typedef const struct rc_dut *(*rc_dut_entry_fn)(void);
#define RC_DUT_ENTRY "riocheck_dut_v2"
/* What a version 1 library exports instead (its layout: see ABI versions). */
#define RC_DUT_ENTRY_V1 "riocheck_dut_v1"

#endif
