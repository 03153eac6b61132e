/* SPDX-License-Identifier: Apache-2.0 */
/*
 * refdut.c - the reference library (reference/include/rio/) behind the
 * riocheck vendor ABI (riocheck/dut.h). See refdut.h for the common contract.
 *
 * This file holds the mapping notes of every machine (below), the helpers the
 * machines share (declared in refdut_int.h) and the DUT description rd_dut;
 * each machine's adapter is a file of its own: codec.c, p12reg.c, p9reg.c,
 * gen.c, rx.c, ep.c, sw.c, arbtx.c, arbrx.c.
 *
 * ==========================================================================
 * Mapping notes
 * ==========================================================================
 * General
 * G1  Result codes are the rio_err values unchanged (checked at compile time
 *     below); a step returns the reference's result.
 * G2  Arguments are 64-bit in the ABI. Every argument is checked against the
 *     C type the reference takes before it is narrowed; one that does not fit
 *     is RC_RANGE (e.g. a port 2^32 is RC_RANGE, while port 2^32-1 reaches
 *     the reference, which may answer RC_NOENT or RC_RANGE itself). Values
 *     the reference takes as an enum (rev, format, mode, cmd, role, ...) are
 *     checked against the enumerators here and give the reference's own code
 *     for an unknown value (RC_INVAL; RC_REVISION for p12reg rev and the
 *     port_xoff_expected query).
 * G3  An event or query must carry exactly the number of arguments of its
 *     table line (nargs); anything else is RC_INVAL. Outputs always carry
 *     exactly their table's count, unused arg[] slots zeroed.
 * G4  Byte strings (len, hi, lo): len > 16, or a non-zero byte at or past
 *     len, is RC_RANGE (not canonical, nothing is dropped silently).
 * G5  Outputs: RC_WIRE outputs in the order the reference produced them, then
 *     the RC_NOTE outputs of the step. On any error nothing is emitted, except
 *     the RC_CRC results that report what was received (codec unpackers, rx
 *     discarded note). If a step's outputs do not fit in cap the result is
 *     RC_FULL and the instance is unchanged (gen: the reference's own RC_FULL;
 *     ep, sw: the step runs on a scratch copy that is committed only when the
 *     outputs fit; the other machines produce at most 49 outputs, below
 *     RC_MAX_OUTPUTS, and cap < RC_MAX_OUTPUTS is refused as RC_INVAL).
 * G6  Config: a key given twice is RC_INVAL (like an unknown key). Boolean
 *     keys must be 0 or 1 (RC_RANGE otherwise) where the reference takes a
 *     bool; uint8_t flags reach the reference, which answers for values > 1.
 * G7  malloc failure in create is RC_FULL (there is no out-of-memory code).
 *
 * codec
 * C1  Stateless. The config key "none" is accepted with value 0 only
 *     (RC_RANGE otherwise); the query "none" answers RC_NOTSUP.
 * C2  stype2_decode / cs64_decode: one voq_msg on RC_OK (the rev 2 NOP /
 *     reserved-CMD `parameter` of rio_voq_msg has no ABI argument). Encoders:
 *     one value. cs48/cs64_unpack: the fields on RC_OK and on RC_CRC (crc =
 *     the CRC received); cs48/cs64_pack: bytes. ccp_unpack: ccp_hdr then ccp,
 *     on RC_OK and RC_CRC. ccp_pack: bytes, ftype used as given (0 is not
 *     defaulted to 7: the reference answers RC_FORMAT). fam_decode: xon > 1
 *     or fam > 7 is RC_RANGE (rio_fam_decode itself would call it reserved),
 *     else command(cmd, seq) with cmd = enum rio_fam_cmd (= the ABI's "cmd"
 *     symbols). flow_decode: flow(reserved, vc, flow).
 * C3  The optional fast path rc_dut.cs64_decode is provided; on error it
 *     writes an empty message (kind 0, nargs 0) and returns the error. It
 *     writes kind, nargs and arg[0..nargs-1] only.
 *
 * p12reg
 * R1  rev 2 or 3 (else RC_REVISION, as rio_voqreg_init). gen/rx/pervc (0/1)
 *     apply to every port except nogen_port (gen 0) and norx_port (rx 0);
 *     those must be RC_NONE or < ports (RC_RANGE). sizes: rev 3 as given
 *     (bits 0 and 4 are always set by the reference); rev 2: the default
 *     0x11 stands for "no size fields" and becomes 0, an explicitly given
 *     non-zero sizes is passed on and refused with RC_REVISION.
 * R2  Policies tx_while_gen, size7, unsup_size, unsup_enable (0 refuse,
 *     1 accept) and unimpl_error (0 reads zero, 1 RC_NOENT) map onto struct
 *     rio_voqreg_policy.
 * R3  read: value on RC_OK only. write: wrote(after, read_only, reserved,
 *     refused) on RC_OK only (the report's violation flags and "where" have
 *     no ABI argument). Query csr(port): port >= ports is RC_RANGE.
 *
 * p9reg
 * F1  car_write / ctl_write / errstat_write output the register after the
 *     write (wr.after; the CAR never changes, nor does bit 28 of the Error
 *     and Status CSR: I-FCREG-6). ctl_read / errstat_read: value. Errors (port >=
 *     ports: RC_NOENT) emit nothing. may_route_* of a port that does not
 *     exist answer 0 (the reference's rule), not an error.
 *
 * gen
 * V1  The reference counts one tick per TICK event; the ABI's tick has n.
 *     The adapter keeps the refresh timer itself (ticks since create or the
 *     last timer refresh, I-GEN-9) and runs the reference with
 *     refresh_interval 1, so each reference TICK is one refresh: tick n does
 *     floor((elapsed + n) / refresh) refreshes. A refresh that sends nothing
 *     changes nothing, and consecutive refreshes send the same symbols; the
 *     symbol count is learnt with a zero-capacity dry run, so an n whose
 *     refreshes would not fit in cap is RC_FULL with nothing changed.
 * V2  congest vc must be a VC in use (0..8); RC_VC_ALL is RC_RANGE (the
 *     reference sets one VC per event).
 * V3  symbol(tx_port, vc, group, status, ride, vcid, encoded): vc 255 = all
 *     VCs. CS48: ride = the stype0 it must ride with (255 any, 4 Status, 5
 *     VC_Status), vcid = the VC_Status VCID else 0, encoded = stype2. CS64:
 *     ride = 255 (the ABI defines ride for CS48 only), vcid = 0, encoded =
 *     the 24-bit parameter. Order I-GEN-13.
 * V4  The output array is allocated in the instance for the worst case of
 *     the configured port count (ports x 37 groups x 9 VCs, which bounds
 *     every event of rio/voqgen.h).
 *
 * rx
 * X1  Default staging map: queue p for port p when queues >= ports, else
 *     p % queues. map(port, queue) rebuilds queue_of_port and re-initialises
 *     the receiver; allowed only while no symbol or enqueue has succeeded
 *     since create or the last reset (RC_STATE otherwise); port >= ports or
 *     queue >= queues is RC_RANGE.
 * X2  per_vc without queue_within_vcs: RC_NOTSUP (the reference, I-RX-7).
 * X3  symbol: applied(vc) / ignored(reason) / discarded(reason) with the
 *     RC_SYMBOLS reason numbers; a bad CRC returns RC_CRC with
 *     discarded(crc). schedule: committed(id, flow, port, vc) when a packet
 *     was committed, nothing when none is eligible.
 * X4  route(destination_id, port): the routing association, up to 256
 *     entries (RC_FULL beyond), a later entry for the same destination_id
 *     replaces it, kept across reset (configuration, like the map); port >=
 *     ports is RC_RANGE. enqueue with port = RC_NONE takes the port of the
 *     destination_id's entry at that moment (RC_NOENT without one); the
 *     packet keeps it, and committed reports it.
 *
 * ep
 * E1  ccp builds struct rio_ccp with rsrv 0. Outputs: ignored(reason) for
 *     the actions reserved flowID / critical flow / reserved FAM / not
 *     congestion management, stopped(dest, mask) and restarted(dest, mask)
 *     when non-zero (dest = the CCP's tgtdestinationID, also when the
 *     counter is the shared aggregate set, I-FCEP-2: the ABI has no
 *     "aggregated" flag).
 * E2  tick n: the reference takes 32-bit tick counts and its orphan timer is
 *     additive, so n is fed in chunks of at most 2^32-1 until n is used up or
 *     no flow is XOFF'd. Per expiry: orphan(dest, flow_id) then
 *     restarted(dest, mask) when non-zero; dest is 0 for the aggregate set.
 * E3  setup(dest, flow_id) and the queries enabled/counter take a Table 3-1
 *     flowID; a reserved flowID (or > 127) is RC_RANGE.
 *
 * sw
 * S1  candidate events are collected in the instance (at most
 *     RIO_FCSW_CANDIDATES_MAX = 8, then RC_FULL). congested(port) runs the
 *     reference's CONGESTED event with them and clears the list whatever the
 *     result; with none collected it is RC_STATE.
 * S2  Every CCP sent: ccp(port, xon, fam, flow_id, destination_id,
 *     tgt_destination_id, soc, prio, crf), in the reference's order, then
 *     verdict(v) with v the RC_SYMBOLS verdict value of the reference's
 *     enum rio_fcsw_verdict (sw_verdict in sw.c; capability sw_verdicts).
 * S3  forward builds the rio_ccp_packet with ackID 0, VC 0, CRF 1, prio 3,
 *     rsrv 0, ftype 7 and the configured tt.
 * S4  listed: 1 / 0 from rio_fcsw_find.
 *
 * arbtx / arbrx
 * A1  tick n: the reference takes 32-bit tick counts and fires at most one
 *     timer stage per flow per TICK (I-ARB-5, I-ARB-12), so n cannot be split:
 *     n > 2^32-1 is RC_RANGE.
 * A2  tx outputs: data(flow, pdu, segment, last) first, then msg(cmd, seq,
 *     flow, reissue, travel) in order (arb.h: "a step's data packet goes
 *     first"), then note(note, flow, seq) with note the RC_SYMBOLS value of
 *     the reference's enum rio_arb_tx_note_kind (arbtx_note in arbtx.c). travel is enum rio_arb_travel (0 own flow, 1
 *     control channel), the ABI's "travel" symbols own/other.
 * A3  rx outputs: msg(cmd, seq, flow, dealloc) in order, then the notes:
 *     allocated(flow); freed(flow, reason) with the RC_SYMBOLS reasons 20-25;
 *     violation(violation, flow) with the RC_SYMBOLS values 1-4 of the
 *     reference's violation kinds (arbrx_violation in arbrx.c).
 *     The other reference notes (held, duplicate request, abort kept,
 *     ignored CCP, RELEASE bit mismatch, stale request, dealloc crossing)
 *     have no ABI output and are not reported.
 * A4  static_mask: bit f = flow f has static resources; a bit at or above
 *     flows is RC_RANGE. cmd arguments are enum rio_fam_cmd (0..7, the ABI's
 *     "cmd" symbols); mode 0 single, 1 multi.
 *
 * Profile: both revisions of both parts, every capability, and the table
 * defaults for the "var" values (ports 8, vcs 8 - the reference supports
 * every optional VC count, 8 runs the most vectors).
 * ==========================================================================
 */
#include "refdut_int.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "rio/arb.h"
#include "rio/ccp.h"
#include "rio/err.h"
#include "rio/fcsw.h"
#include "rio/version.h"
#include "rio/voqgen.h"

/* G1: the ABI's result codes are the rio_err values. */
_Static_assert((int)RC_OK == (int)RIO_OK, "result codes");
_Static_assert((int)RC_INVAL == (int)RIO_EINVAL, "result codes");
_Static_assert((int)RC_RANGE == (int)RIO_ERANGE, "result codes");
_Static_assert((int)RC_REVISION == (int)RIO_EREVISION, "result codes");
_Static_assert((int)RC_TRUNC == (int)RIO_ETRUNC, "result codes");
_Static_assert((int)RC_LENGTH == (int)RIO_ELENGTH, "result codes");
_Static_assert((int)RC_CRC == (int)RIO_ECRC, "result codes");
_Static_assert((int)RC_RESERVED == (int)RIO_ERESERVED, "result codes");
_Static_assert((int)RC_FORMAT == (int)RIO_EFORMAT, "result codes");
_Static_assert((int)RC_FULL == (int)RIO_EFULL, "result codes");
_Static_assert((int)RC_NOTSUP == (int)RIO_ENOTSUP, "result codes");
_Static_assert((int)RC_STATE == (int)RIO_ESTATE, "result codes");
_Static_assert((int)RC_NOENT == (int)RIO_ENOENT, "result codes");
_Static_assert((int)RC_BUSY == (int)RIO_EBUSY, "result codes");
_Static_assert((int)RC_ALIGN == (int)RIO_EALIGN, "result codes");
_Static_assert((int)RC_OFFSET == (int)RIO_EOFFSET, "result codes");
/* The value meaning "all VCs" and "any stype0" is the same in both. */
_Static_assert(RC_VC_ALL == RIO_VC_ALL, "vc all");
_Static_assert(RC_VC_ALL == RIO_VOQGEN_STYPE0_ANY, "ride any");
/* G5: arbtx and arbrx never need more than RC_MAX_OUTPUTS. */
_Static_assert(1u + RIO_ARB_OUT_MSGS + RIO_ARB_OUT_NOTES <= RC_MAX_OUTPUTS,
               "arb outputs fit");
_Static_assert(RIO_FCSW_CANDIDATES_MAX <= 8u, "candidate list");

/* ==========================================================================
 * Tables, messages, configs, outputs
 * ========================================================================== */

static uint32_t rd_nargs(const struct rd_kind *k)
{
    return k->arg[0] == NULL ? 0u : k->slots;
}

/* RC_OK when m is a kind of the table with exactly its argument count. */
static int rd_check_msg(const struct rd_kind *tab, size_t ntab,
                        const struct rc_msg *m)
{
    for (size_t i = 0; i < ntab; i++)
        if (tab[i].kind == m->kind)
            return m->nargs == rd_nargs(&tab[i]) ? RC_OK : RC_INVAL;
    return RC_INVAL;
}

/* 1 when every argument is at most its maximum (G2). */
int rd_fit(const struct rc_msg *m, const uint64_t *max, size_t n)
{
    if (n != m->nargs)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (m->arg[i] > max[i])
            return 0;
    return 1;
}

/* Defaults, then the given values (G6). *given: bit k = key k was given. */
int rd_config(uint64_t val[RD_KEYS], uint32_t *given,
              const struct rd_key *keys, size_t nkeys,
              const struct rc_config *cfg)
{
    *given = 0;
    if (cfg == NULL || cfg->n > RC_MAX_CONFIG)
        return RC_INVAL;
    for (size_t i = 0; i < RD_KEYS; i++)
        val[i] = 0;
    for (size_t i = 0; i < nkeys; i++)
        val[keys[i].key] = keys[i].def;
    for (uint32_t i = 0; i < cfg->n; i++) {
        uint32_t key = cfg->kv[i].key;
        size_t j = 0;
        while (j < nkeys && keys[j].key != key)
            j++;
        if (j == nkeys || (*given & (1u << key)) != 0)
            return RC_INVAL;
        *given |= 1u << key;
        val[key] = cfg->kv[i].value;
    }
    return RC_OK;
}

void rd_emit(struct rd_out *o, uint32_t kind, const uint64_t *arg,
             size_t nargs)
{
    if (o->n >= o->cap || nargs > RC_MAX_ARGS) {
        o->full = 1;
        return;
    }
    struct rc_msg *m = &o->msg[o->n++];
    m->kind = kind;
    m->nargs = (uint32_t)nargs;
    /* element by element, the unused arguments 0: no memset and memcpy
     * calls, which under ASan are interceptors checking their regions (the
     * codec fuzz targets come here several times per input) */
    for (size_t i = 0; i < RC_MAX_ARGS; i++)
        m->arg[i] = i < nargs ? arg[i] : 0;
}

/* Common start of step(): *n = 0, argument checks, event validation. */
int rd_step_begin(struct rd_out *o, const void *inst,
                  const struct rc_msg *ev, struct rc_msg *out,
                  uint32_t cap, uint32_t *n, const struct rd_kind *tab,
                  size_t ntab)
{
    if (n != NULL)
        *n = 0;
    if (inst == NULL || ev == NULL || out == NULL || n == NULL ||
        cap < RC_MAX_OUTPUTS)
        return RC_INVAL;
    o->msg = out;
    o->cap = cap;
    o->n = 0;
    o->full = 0;
    return rd_check_msg(tab, ntab, ev);
}

/* Common end of step(): publish the outputs, or RC_FULL (G5). */
int rd_step_end(struct rd_out *o, uint32_t *n, int rc)
{
    if (o->full) {
        *n = 0;
        return RC_FULL;
    }
    *n = o->n;
    return rc;
}

int rd_query_begin(const void *inst, const struct rc_msg *q,
                   uint64_t *value, const struct rd_kind *tab,
                   size_t ntab)
{
    if (value != NULL)
        *value = 0;
    if (inst == NULL || q == NULL || value == NULL)
        return RC_INVAL;
    return rd_check_msg(tab, ntab, q);
}

/* A reference query result: a value >= 0 or a negative rio_err. */
int rd_query_result(int r, uint64_t *value)
{
    if (r < 0)
        return r;
    *value = (uint64_t)r;
    return RC_OK;
}

/* Byte strings (G4). */
int rd_bytes_in(uint8_t dst[16], size_t *len, uint64_t n, uint64_t hi,
                uint64_t lo)
{
    if (n > 16u)
        return RC_RANGE;
    for (unsigned i = 0; i < 16u; i++) {
        uint64_t w = i < 8u ? hi : lo;
        uint8_t b = (uint8_t)(w >> (56u - 8u * (i % 8u)));
        if (i < n)
            dst[i] = b;
        else if (b != 0)
            return RC_RANGE;
    }
    *len = (size_t)n;
    return RC_OK;
}

void rd_bytes_out(struct rd_out *o, uint32_t kind, const uint8_t *src,
                  size_t len)
{
    uint64_t w[2] = {0, 0};
    for (size_t i = 0; i < len && i < 16u; i++)
        w[i / 8u] |= (uint64_t)src[i] << (56u - 8u * (i % 8u));
    RD_EMIT(o, kind, (uint64_t)len, w[0], w[1]);
}

int rd_p12_rev(uint64_t v, enum rio_p12_rev *dst)
{
    if (v == RIO_P12_REV2 || v == RIO_P12_REV3) {
        *dst = v == RIO_P12_REV2 ? RIO_P12_REV2 : RIO_P12_REV3;
        return 1;
    }
    return 0;
}

int rd_p9_rev(uint64_t v, enum rio_p9_rev *dst)
{
    if (v == RIO_P9_REV2 || v == RIO_P9_REV3) {
        *dst = v == RIO_P9_REV2 ? RIO_P9_REV2 : RIO_P9_REV3;
        return 1;
    }
    return 0;
}

int rd_format(uint64_t v, enum rio_voq_format *dst)
{
    if (v == RIO_VOQ_FORMAT_CS48 || v == RIO_VOQ_FORMAT_CS64) {
        *dst = v == RIO_VOQ_FORMAT_CS48 ? RIO_VOQ_FORMAT_CS48
                                        : RIO_VOQ_FORMAT_CS64;
        return 1;
    }
    return 0;
}

/* cmd arguments: enum rio_fam_cmd (A4). */
int rd_fam_cmd(uint64_t v, enum rio_fam_cmd *dst)
{
    static const enum rio_fam_cmd cmds[] = {
        RIO_FAM_XOFF,    RIO_FAM_XOFF_ARB,       RIO_FAM_RELEASE,
        RIO_FAM_XON,     RIO_FAM_XON_ARB,        RIO_FAM_REQUEST_SINGLE,
        RIO_FAM_REQUEST_MULTI, RIO_FAM_RESERVED};
    if (v >= RD_COUNT_(cmds))
        return 0;
    *dst = cmds[v];
    return 1;
}

/* A Table 3-1 flowID naming a flow (E3): RC_RANGE if reserved or > 127. */
int rd_flow_of_id(uint64_t flow_id, unsigned *vc, unsigned *flow)
{
    struct rio_flow f;
    if (flow_id > 0x7Fu)
        return RC_RANGE;
    int rc = rio_flow_decode(&f, (unsigned)flow_id);
    if (rc != RIO_OK)
        return rc;
    if (f.reserved)
        return RC_RANGE;
    *vc = f.vc;
    *flow = f.flow;
    return RC_OK;
}

/* The flowID of a flow the reference reported (always valid). */
uint64_t rd_flow_id(unsigned vc, unsigned flow)
{
    uint8_t id = 0;
    if (rio_flow_encode(&id, vc, flow) != RIO_OK)
        return RD_U8; /* not reached: the reference reports valid flows */
    return id;
}

/* A4: static_mask bit f -> static_flow[f]. */
int rd_static_flows(uint8_t dst[RIO_ARB_MAX_FLOWS], uint64_t mask,
                    uint64_t flows)
{
    if (mask > RD_U16 || (flows < 16u && (mask >> flows) != 0))
        return RC_RANGE;
    for (unsigned f = 0; f < RIO_ARB_MAX_FLOWS; f++)
        dst[f] = (uint8_t)((mask >> f) & 1u);
    return RC_OK;
}

void rd_destroy(void *inst)
{
    free(inst);
}

/* ==========================================================================
 * The DUT
 * ========================================================================== */

static const struct rc_dut rd_dut = {
    .abi_version = RC_DUT_ABI_VERSION,
    .name = "riocheck reference",
    .version = RIO_VERSION, /* the reference is librio: rio/version.h */
    .profile =
        {
            .p12_revs = (1u << 2) | (1u << 3),
            .p9_revs = (1u << 2) | (1u << 3),
            .caps = RC_CAP_CS48 | RC_CAP_CS64 | RC_CAP_GEN | RC_CAP_RX |
                    RC_CAP_PERVC | RC_CAP_P12REG | RC_CAP_P9REG | RC_CAP_EP |
                    RC_CAP_SW | RC_CAP_ARBTX | RC_CAP_ARBRX | RC_CAP_CODEC |
                    RC_CAP_SWITCH | RC_CAP_SW_REPLACE | RC_CAP_ARBRX_FREED |
                    RC_CAP_EP_NOTES | RC_CAP_SW_VERDICTS | RC_CAP_ARBTX_NOTES |
                    RC_CAP_ARBRX_VIOLATIONS | RC_CAP_P12REG_WROTE |
                    RC_CAP_ERRSTAT_WRITE | RC_CAP_STYPE2 | RC_CAP_CS48_SPLIT,
            .ports = 8,
            .vcs = 8,
            .counter_width = 4,
            .orphan_timeout = 1000,
            .flow_list = 8,
            .arb_pool = 1,
            /* the reference's own choices where the spec leaves one */
            .policy = {[RC_POL_SW_RESTART_ORDER] = 1,  /* oldest_first */
                       [RC_POL_GEN_STATUS_CHANGE] = 1, /* transitions_only */
                       [RC_POL_GEN_SIZE7] = 1,         /* silent (I-GEN-5) */
                       [RC_POL_GEN_ABSENT_BITS] = 1,   /* zero (I-GEN-4) */
                       [RC_POL_EP_ORPHAN] = 1,         /* annex_a2 */
                       [RC_POL_SW_IMPORTANCE] = 1,     /* i_fcsw_4 */
                       [RC_POL_ARBTX_RELEASE] = 1,     /* on_end */
                       [RC_POL_ARBRX_COPIES] = 1,      /* i_arb_5_6_7 */
                       [RC_POL_ARBRX_CROSSING] = 1,    /* i_arb_20 */
                       [RC_POL_RX_BEYOND] = 1,         /* ignore_bits */
                       [RC_POL_RX_NOT_LINKED] = 1,     /* ignore */
                       [RC_POL_OUT_OF_FIELD] = 1},     /* refuse */
        },
    .machine =
        {
            [RC_M_CODEC] = {rd_codec_create, rd_destroy, rd_codec_step,
                            rd_codec_query},
            [RC_M_P12REG] = {rd_p12reg_create, rd_destroy, rd_p12reg_step,
                             rd_p12reg_query},
            [RC_M_P9REG] = {rd_p9reg_create, rd_destroy, rd_p9reg_step,
                            rd_p9reg_query},
            [RC_M_GEN] = {rd_gen_create, rd_gen_destroy, rd_gen_step,
                          rd_gen_query},
            [RC_M_RX] = {rd_rx_create, rd_destroy, rd_rx_step, rd_rx_query},
            [RC_M_EP] = {rd_ep_create, rd_destroy, rd_ep_step, rd_ep_query},
            [RC_M_SW] = {rd_sw_create, rd_destroy, rd_sw_step, rd_sw_query},
            [RC_M_ARBTX] = {rd_arbtx_create, rd_destroy, rd_arbtx_step,
                            rd_arbtx_query},
            [RC_M_ARBRX] = {rd_arbrx_create, rd_destroy, rd_arbrx_step,
                            rd_arbrx_query},
        },
    .cs64_decode = rd_codec_cs64_decode,
};

const struct rc_dut *rc_refdut(void)
{
    return &rd_dut;
}

#ifndef REFDUT_NO_ENTRY
const struct rc_dut *riocheck_dut_v2(void)
{
    return &rd_dut;
}
#endif
