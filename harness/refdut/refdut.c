/*
 * refdut.c - the reference library (reference/include/rio/) behind the
 * riocheck vendor ABI (riocheck/dut.h). See refdut.h for the common contract.
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
 * F1  car_write / ctl_write output the register after the write (wr.after;
 *     the CAR never changes). ctl_read / errstat_read: value. Errors (port >=
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
 *     verdict(v) with v = enum rio_fcsw_verdict (the ABI has no symbols for
 *     verdicts).
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
 *     first"), then note(kind, flow, seq) with kind = enum
 *     rio_arb_tx_note_kind. travel is enum rio_arb_travel (0 own flow, 1
 *     control channel), the ABI's "travel" symbols own/other.
 * A3  rx outputs: msg(cmd, seq, flow, dealloc) in order, then the notes:
 *     allocated(flow); freed(flow, reason) with the RC_SYMBOLS reasons 20-25;
 *     violation(kind, flow) with kind = enum rio_arb_rx_note_kind (9-12).
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
#include "refdut.h"

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rio/arb.h"
#include "rio/ccp.h"
#include "rio/cs.h"
#include "rio/err.h"
#include "rio/fcep.h"
#include "rio/fcreg.h"
#include "rio/fcsw.h"
#include "rio/voq.h"
#include "rio/voqgen.h"
#include "rio/voqreg.h"
#include "rio/voqrx.h"

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

/* Maxima of the C types arguments are narrowed to (G2). */
#define RD_U1 1ull
#define RD_U8 0xFFull
#define RD_U16 0xFFFFull
#define RD_U32 0xFFFFFFFFull
#define RD_UINT ((uint64_t)UINT_MAX)
#define RD_ANY UINT64_MAX

/* RC_SYMBOLS "reason" numbers. */
enum rd_reason {
    RD_REASON_RESERVED_VC_IND = 1,
    RD_REASON_NOT_LINKED = 2,
    RD_REASON_RESERVED_CMD = 3,
    RD_REASON_NOP = 4,
    RD_REASON_NOT_VOQ = 5,
    RD_REASON_VC_NOT_IN_USE = 6,
    RD_REASON_CRC = 7,
    RD_REASON_BEYOND = 8,
    RD_REASON_RESERVED_FLOW_ID = 9,
    RD_REASON_CRITICAL_FLOW = 10,
    RD_REASON_RESERVED_FAM = 11,
    RD_REASON_NOT_CONGESTION_MGMT = 12,
    RD_REASON_LAST_SEGMENT = 20,
    RD_REASON_ABORTED = 21,
    RD_REASON_IDLE_TIMEOUT = 22,
    RD_REASON_RELEASE = 23,
    RD_REASON_RELEASE_TIMEOUT = 24,
    RD_REASON_RESET = 25
};

/* ==========================================================================
 * Tables, messages, configs, outputs
 * ========================================================================== */

/* One event/output/query line of a dut.h table: its number and argument
 * names (arg[0] NULL: none). */
struct rd_kind {
    uint32_t kind;
    const char *const *arg;
    uint32_t slots;
};

#define RD_NAMES_(...) (const char *const[]){__VA_ARGS__}
#define RD_KIND_(n, v, s, f, ...)                                              \
    {(v), RD_NAMES_(__VA_ARGS__),                                              \
     (uint32_t)(sizeof(RD_NAMES_(__VA_ARGS__)) / sizeof(const char *))},
#define RD_TABLE_(name, LIST)                                                  \
    static const struct rd_kind name[] = {LIST(RD_KIND_)}
#define RD_COUNT_(t) (sizeof(t) / sizeof((t)[0]))

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
static int rd_fit(const struct rc_msg *m, const uint64_t *max, size_t n)
{
    if (n != m->nargs)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (m->arg[i] > max[i])
            return 0;
    return 1;
}
#define RD_FIT(m, ...)                                                         \
    rd_fit((m), (const uint64_t[]){__VA_ARGS__},                               \
           sizeof((const uint64_t[]){__VA_ARGS__}) / sizeof(uint64_t))

/* Config keys: key numbers are below RD_KEYS in every table. */
#define RD_KEYS 16u
struct rd_key {
    uint32_t key;
    uint64_t def;
};
#define RD_KEY_(n, v, s, d) {(v), (uint64_t)(d)},
#define RD_KEYTABLE_(name, LIST) static const struct rd_key name[] = {LIST(RD_KEY_)}

/* Defaults, then the given values (G6). *given: bit k = key k was given. */
static int rd_config(uint64_t val[RD_KEYS], uint32_t *given,
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

/* The caller's output array. */
struct rd_out {
    struct rc_msg *msg;
    uint32_t cap;
    uint32_t n;
    int full;
};

static void rd_emit(struct rd_out *o, uint32_t kind, const uint64_t *arg,
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
#define RD_EMIT(o, kind, ...)                                                  \
    rd_emit((o), (uint32_t)(kind), (const uint64_t[]){__VA_ARGS__},            \
            sizeof((const uint64_t[]){__VA_ARGS__}) / sizeof(uint64_t))

/* Common start of step(): *n = 0, argument checks, event validation. */
static int rd_step_begin(struct rd_out *o, const void *inst,
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
static int rd_step_end(struct rd_out *o, uint32_t *n, int rc)
{
    if (o->full) {
        *n = 0;
        return RC_FULL;
    }
    *n = o->n;
    return rc;
}

static int rd_query_begin(const void *inst, const struct rc_msg *q,
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
static int rd_query_result(int r, uint64_t *value)
{
    if (r < 0)
        return r;
    *value = (uint64_t)r;
    return RC_OK;
}

/* Byte strings (G4). */
static int rd_bytes_in(uint8_t dst[16], size_t *len, uint64_t n, uint64_t hi,
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

static void rd_bytes_out(struct rd_out *o, uint32_t kind, const uint8_t *src,
                         size_t len)
{
    uint64_t w[2] = {0, 0};
    for (size_t i = 0; i < len && i < 16u; i++)
        w[i / 8u] |= (uint64_t)src[i] << (56u - 8u * (i % 8u));
    RD_EMIT(o, kind, (uint64_t)len, w[0], w[1]);
}

static int rd_p12_rev(uint64_t v, enum rio_p12_rev *dst)
{
    if (v == RIO_P12_REV2 || v == RIO_P12_REV3) {
        *dst = v == RIO_P12_REV2 ? RIO_P12_REV2 : RIO_P12_REV3;
        return 1;
    }
    return 0;
}

static int rd_p9_rev(uint64_t v, enum rio_p9_rev *dst)
{
    if (v == RIO_P9_REV2 || v == RIO_P9_REV3) {
        *dst = v == RIO_P9_REV2 ? RIO_P9_REV2 : RIO_P9_REV3;
        return 1;
    }
    return 0;
}

static int rd_format(uint64_t v, enum rio_voq_format *dst)
{
    if (v == RIO_VOQ_FORMAT_CS48 || v == RIO_VOQ_FORMAT_CS64) {
        *dst = v == RIO_VOQ_FORMAT_CS48 ? RIO_VOQ_FORMAT_CS48
                                        : RIO_VOQ_FORMAT_CS64;
        return 1;
    }
    return 0;
}

/* cmd arguments: enum rio_fam_cmd (A4). */
static int rd_fam_cmd(uint64_t v, enum rio_fam_cmd *dst)
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
static int rd_flow_of_id(uint64_t flow_id, unsigned *vc, unsigned *flow)
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
static uint64_t rd_flow_id(unsigned vc, unsigned flow)
{
    uint8_t id = 0;
    if (rio_flow_encode(&id, vc, flow) != RIO_OK)
        return RD_U8; /* not reached: the reference reports valid flows */
    return id;
}

static void rd_destroy(void *inst)
{
    free(inst);
}

/* ==========================================================================
 * codec
 * ========================================================================== */

RD_TABLE_(codec_events, RC_CODEC_EVENTS);
RD_TABLE_(codec_queries, RC_CODEC_QUERIES);
RD_KEYTABLE_(codec_keys, RC_CODEC_CONFIG);

struct rd_codec {
    uint8_t unused;
};

static int codec_create(void **inst, const struct rc_config *cfg)
{
    uint64_t v[RD_KEYS];
    uint32_t given;
    if (inst == NULL)
        return RC_INVAL;
    *inst = NULL;
    int rc = rd_config(v, &given, codec_keys, RD_COUNT_(codec_keys), cfg);
    if (rc != RC_OK)
        return rc;
    if (v[RC_CODEC_CFG_NONE] != 0)
        return RC_RANGE;
    struct rd_codec *c = calloc(1, sizeof *c);
    if (c == NULL)
        return RC_FULL;
    *inst = c;
    return RC_OK;
}

static void codec_voq_msg(struct rd_out *o, const struct rio_voq_msg *m)
{
    RD_EMIT(o, RC_CODEC_OUT_VOQ_MSG, (uint64_t)m->kind, m->vc_ind, m->vc,
            m->group_width, m->status_width, m->group, m->status,
            m->first_port);
}

static int codec_ccp_unpack(struct rd_out *o, const struct rc_msg *ev)
{
    const uint64_t *a = ev->arg;
    enum rio_p9_rev rev;
    uint8_t buf[16];
    size_t len;
    struct rio_ccp_packet p;
    if (!rd_p9_rev(a[0], &rev))
        return RC_INVAL;
    int rc = rd_bytes_in(buf, &len, a[1], a[2], a[3]);
    if (rc != RC_OK)
        return rc;
    memset(&p, 0, sizeof p);
    rc = rio_ccp_unpack(&p, rev, buf, len);
    if (rc == RIO_OK || rc == RIO_ECRC) {
        RD_EMIT(o, RC_CODEC_OUT_CCP_HDR, p.ack_id, p.vc, p.crf, p.prio, p.tt,
                p.ftype, p.destination_id, p.crc, p.pad);
        RD_EMIT(o, RC_CODEC_OUT_CCP, p.ccp.xon, p.ccp.fam, p.ccp.rsrv,
                p.ccp.flow_id, p.ccp.soc, p.ccp.tgt_destination_id);
    }
    return rc;
}

static int codec_ccp_pack(struct rd_out *o, const struct rc_msg *ev)
{
    const uint64_t *a = ev->arg;
    enum rio_p9_rev rev;
    uint8_t buf[RIO_CCP_MAX_BYTES];
    size_t len = 0;
    if (!rd_p9_rev(a[0], &rev))
        return RC_INVAL;
    if (!RD_FIT(ev, RD_ANY, RD_U8, RD_U8, RD_U8, RD_U8, RD_U8, RD_U32, RD_U32,
                RD_U8, RD_U8, RD_U8, RD_U8, RD_U8, RD_U8))
        return RC_RANGE;
    struct rio_ccp_packet p = {
        .ack_id = (uint8_t)a[1],
        .vc = (uint8_t)a[2],
        .crf = (uint8_t)a[3],
        .prio = (uint8_t)a[4],
        .tt = (uint8_t)a[5],
        .destination_id = (uint32_t)a[6],
        .ccp = {.tgt_destination_id = (uint32_t)a[7],
                .xon = (uint8_t)a[8],
                .fam = (uint8_t)a[9],
                .rsrv = (uint8_t)a[10],
                .flow_id = (uint8_t)a[11],
                .soc = (uint8_t)a[12]},
        .ftype = (uint8_t)a[13],
    };
    int rc = rio_ccp_pack(buf, sizeof buf, &len, rev, &p);
    if (rc == RIO_OK)
        rd_bytes_out(o, RC_CODEC_OUT_BYTES, buf, len);
    return rc;
}

static int codec_dispatch(struct rd_out *o, const struct rc_msg *ev)
{
    const uint64_t *a = ev->arg;
    enum rio_p12_rev rev;
    struct rio_voq_msg m;
    uint8_t buf[16];
    size_t len;
    int rc;
    switch ((enum rc_codec_event)ev->kind) {
    case RC_CODEC_EV_STYPE2_DECODE:
        if (!rd_p12_rev(a[0], &rev))
            return RC_INVAL;
        if (!RD_FIT(ev, RD_ANY, RD_UINT, RD_U32))
            return RC_RANGE;
        rc = rio_voq_stype2_decode(&m, rev, (unsigned)a[1], (uint32_t)a[2]);
        if (rc == RIO_OK)
            codec_voq_msg(o, &m);
        return rc;
    case RC_CODEC_EV_STYPE2_ENCODE: {
        uint16_t v = 0;
        if (!rd_p12_rev(a[0], &rev))
            return RC_INVAL;
        if (!RD_FIT(ev, RD_ANY, RD_UINT, RD_UINT, RD_U32))
            return RC_RANGE;
        rc = rio_voq_stype2_encode(&v, rev, (unsigned)a[1], (unsigned)a[2],
                                   (uint32_t)a[3]);
        if (rc == RIO_OK)
            RD_EMIT(o, RC_CODEC_OUT_VALUE, v);
        return rc;
    }
    case RC_CODEC_EV_CS64_DECODE:
        if (!RD_FIT(ev, RD_UINT, RD_U32))
            return RC_RANGE;
        rc = rio_voq_cs64_decode(&m, (unsigned)a[0], (uint32_t)a[1]);
        if (rc == RIO_OK)
            codec_voq_msg(o, &m);
        return rc;
    case RC_CODEC_EV_CS64_ENCODE: {
        uint32_t v = 0;
        if (!RD_FIT(ev, RD_UINT, RD_UINT, RD_UINT, RD_U32))
            return RC_RANGE;
        rc = rio_voq_cs64_encode(&v, (unsigned)a[0], (unsigned)a[1],
                                 (unsigned)a[2], (uint32_t)a[3]);
        if (rc == RIO_OK)
            RD_EMIT(o, RC_CODEC_OUT_VALUE, v);
        return rc;
    }
    case RC_CODEC_EV_CS48_UNPACK: {
        struct rio_cs48 cs;
        rc = rd_bytes_in(buf, &len, a[0], a[1], a[2]);
        if (rc != RC_OK)
            return rc;
        memset(&cs, 0, sizeof cs);
        rc = rio_cs48_unpack(&cs, buf, len);
        if (rc == RIO_OK || rc == RIO_ECRC)
            RD_EMIT(o, RC_CODEC_OUT_CS48, cs.stype0, cs.parameter0,
                    cs.parameter1, cs.stype1, cs.cmd, cs.stype2, cs.crc13);
        return rc;
    }
    case RC_CODEC_EV_CS48_PACK: {
        if (!RD_FIT(ev, RD_U8, RD_U8, RD_U8, RD_U8, RD_U8, RD_U16))
            return RC_RANGE;
        struct rio_cs48 cs = {
            .stype0 = (uint8_t)a[0],
            .parameter0 = (uint8_t)a[1],
            .parameter1 = (uint8_t)a[2],
            .stype1 = (uint8_t)a[3],
            .cmd = (uint8_t)a[4],
            .stype2 = (uint16_t)a[5],
        };
        rc = rio_cs48_pack(buf, &cs);
        if (rc == RIO_OK)
            rd_bytes_out(o, RC_CODEC_OUT_BYTES, buf, RIO_CS48_BYTES);
        return rc;
    }
    case RC_CODEC_EV_CS64_UNPACK: {
        struct rio_cs64 cs;
        rc = rd_bytes_in(buf, &len, a[0], a[1], a[2]);
        if (rc != RC_OK)
            return rc;
        memset(&cs, 0, sizeof cs);
        rc = rio_cs64_unpack(&cs, buf, len);
        if (rc == RIO_OK || rc == RIO_ECRC)
            RD_EMIT(o, RC_CODEC_OUT_CS64, cs.stype0, cs.parameter0,
                    cs.parameter1, cs.stype1, cs.crc24, cs.alignment);
        return rc;
    }
    case RC_CODEC_EV_CS64_PACK: {
        if (!RD_FIT(ev, RD_U8, RD_U16, RD_U16, RD_U8))
            return RC_RANGE;
        struct rio_cs64 cs = {
            .stype0 = (uint8_t)a[0],
            .parameter0 = (uint16_t)a[1],
            .parameter1 = (uint16_t)a[2],
            .stype1 = (uint8_t)a[3],
        };
        rc = rio_cs64_pack(buf, &cs);
        if (rc == RIO_OK)
            rd_bytes_out(o, RC_CODEC_OUT_BYTES, buf, RIO_CS64_BYTES);
        return rc;
    }
    case RC_CODEC_EV_CCP_UNPACK:
        return codec_ccp_unpack(o, ev);
    case RC_CODEC_EV_CCP_PACK:
        return codec_ccp_pack(o, ev);
    case RC_CODEC_EV_FAM_DECODE: {
        unsigned seq = 0;
        if (!RD_FIT(ev, RD_U1, 7u))
            return RC_RANGE;
        enum rio_fam_cmd cmd =
            rio_fam_decode((unsigned)a[0], (unsigned)a[1], &seq);
        RD_EMIT(o, RC_CODEC_OUT_COMMAND, (uint64_t)cmd, seq);
        return RC_OK;
    }
    case RC_CODEC_EV_FLOW_DECODE: {
        struct rio_flow f;
        if (!RD_FIT(ev, RD_UINT))
            return RC_RANGE;
        rc = rio_flow_decode(&f, (unsigned)a[0]);
        if (rc == RIO_OK)
            RD_EMIT(o, RC_CODEC_OUT_FLOW, f.reserved, f.vc, f.flow);
        return rc;
    }
    case RC_CODEC_EV_END_:
        break;
    }
    return RC_INVAL; /* not reached: rd_check_msg accepted the kind */
}

static int codec_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                      uint32_t cap, uint32_t *n)
{
    struct rd_out o;
    int rc = rd_step_begin(&o, inst, ev, out, cap, n, codec_events,
                           RD_COUNT_(codec_events));
    if (rc != RC_OK)
        return rc;
    rc = codec_dispatch(&o, ev);
    return rd_step_end(&o, n, rc);
}

static int codec_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    int rc = rd_query_begin(inst, q, value, codec_queries,
                            RD_COUNT_(codec_queries));
    return rc != RC_OK ? rc : RC_NOTSUP; /* C1: no observable state */
}

/* C3: the optional sweep fast path, called 117M times by an exhaustive CS64
 * sweep: the voq_msg of codec_voq_msg written field by field (no clearing
 * of the unused arguments, no output buffer bookkeeping). */
static int codec_cs64_decode(uint32_t width, uint32_t param, struct rc_msg *out)
{
    struct rio_voq_msg m;
    if (out == NULL)
        return RC_INVAL;
    int rc = rio_voq_cs64_decode(&m, width, param);
    if (rc != RIO_OK) {
        out->kind = 0;
        out->nargs = 0;
        return rc;
    }
    out->kind = RC_CODEC_OUT_VOQ_MSG;
    out->nargs = 8;
    out->arg[0] = (uint64_t)m.kind;
    out->arg[1] = m.vc_ind;
    out->arg[2] = m.vc;
    out->arg[3] = m.group_width;
    out->arg[4] = m.status_width;
    out->arg[5] = m.group;
    out->arg[6] = m.status;
    out->arg[7] = m.first_port;
    return RC_OK;
}

/* ==========================================================================
 * p12reg
 * ========================================================================== */

RD_TABLE_(p12reg_events, RC_P12REG_EVENTS);
RD_TABLE_(p12reg_queries, RC_P12REG_QUERIES);
RD_KEYTABLE_(p12reg_keys, RC_P12REG_CONFIG);

struct rd_p12reg {
    struct rio_voqreg blk;
};

static int p12reg_policy(uint64_t v, enum rio_voqreg_action *dst)
{
    if (v > 1u)
        return 0;
    *dst = v ? RIO_VOQREG_ACCEPT : RIO_VOQREG_REFUSE;
    return 1;
}

static int p12reg_desc(struct rio_voqreg_desc *d, const uint64_t *v,
                       uint32_t given)
{
    memset(d, 0, sizeof *d);
    if (!rd_p12_rev(v[RC_P12REG_CFG_REV], &d->rev))
        return RC_REVISION; /* as rio_voqreg_init */
    uint64_t max_ports = d->rev == RIO_P12_REV2 ? RIO_VOQREG_MAX_PORTS_REV2
                                                : RIO_VOQREG_MAX_PORTS;
    uint64_t ports = v[RC_P12REG_CFG_PORTS];
    uint64_t nogen = v[RC_P12REG_CFG_NOGEN_PORT];
    uint64_t norx = v[RC_P12REG_CFG_NORX_PORT];
    uint64_t sizes = v[RC_P12REG_CFG_SIZES];
    if (ports == 0 || ports > max_ports || v[RC_P12REG_CFG_EF_PTR] > RD_U16 ||
        v[RC_P12REG_CFG_GEN] > 1u || v[RC_P12REG_CFG_RX] > 1u ||
        v[RC_P12REG_CFG_PERVC] > 1u || sizes > RD_U8 ||
        (nogen != RC_NONE && nogen >= ports) ||
        (norx != RC_NONE && norx >= ports))
        return RC_RANGE;
    /* R1: rev 2 has no size fields; the table default means "none". */
    if (d->rev == RIO_P12_REV2 && (given & (1u << RC_P12REG_CFG_SIZES)) == 0)
        sizes = 0;
    if (!p12reg_policy(v[RC_P12REG_CFG_TX_WHILE_GEN],
                       &d->policy.tx_size_while_gen) ||
        !p12reg_policy(v[RC_P12REG_CFG_SIZE7], &d->policy.size_reserved) ||
        !p12reg_policy(v[RC_P12REG_CFG_UNSUP_SIZE],
                       &d->policy.size_unsupported) ||
        !p12reg_policy(v[RC_P12REG_CFG_UNSUP_ENABLE],
                       &d->policy.enable_unsupported) ||
        v[RC_P12REG_CFG_UNIMPL_ERROR] > 1u)
        return RC_RANGE;
    d->policy.unimplemented = v[RC_P12REG_CFG_UNIMPL_ERROR]
                                  ? RIO_VOQREG_UNIMPL_ERROR
                                  : RIO_VOQREG_UNIMPL_READS_ZERO;
    d->port_count = (unsigned)ports;
    d->ef_ptr = (uint16_t)v[RC_P12REG_CFG_EF_PTR];
    for (unsigned p = 0; p < d->port_count; p++) {
        struct rio_voqreg_port_desc *pd = &d->port[p];
        pd->gen_supported = p == nogen ? 0 : (uint8_t)v[RC_P12REG_CFG_GEN];
        pd->rx_supported = p == norx ? 0 : (uint8_t)v[RC_P12REG_CFG_RX];
        pd->per_vc_supported = (uint8_t)v[RC_P12REG_CFG_PERVC];
        pd->sizes_supported = (uint8_t)sizes;
    }
    return RC_OK;
}

static int p12reg_create(void **inst, const struct rc_config *cfg)
{
    uint64_t v[RD_KEYS];
    uint32_t given;
    struct rio_voqreg_desc d;
    if (inst == NULL)
        return RC_INVAL;
    *inst = NULL;
    int rc = rd_config(v, &given, p12reg_keys, RD_COUNT_(p12reg_keys), cfg);
    if (rc != RC_OK)
        return rc;
    rc = p12reg_desc(&d, v, given);
    if (rc != RC_OK)
        return rc;
    struct rd_p12reg *r = calloc(1, sizeof *r);
    if (r == NULL)
        return RC_FULL;
    rc = rio_voqreg_init(&r->blk, &d);
    if (rc != RIO_OK) {
        free(r);
        return rc;
    }
    *inst = r;
    return RC_OK;
}

static int p12reg_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                       uint32_t cap, uint32_t *n)
{
    struct rd_out o;
    struct rd_p12reg *r = inst;
    int rc = rd_step_begin(&o, inst, ev, out, cap, n, p12reg_events,
                           RD_COUNT_(p12reg_events));
    if (rc != RC_OK)
        return rc;
    const uint64_t *a = ev->arg;
    switch ((enum rc_p12reg_event)ev->kind) {
    case RC_P12REG_EV_READ: {
        uint32_t value = 0;
        if (!RD_FIT(ev, RD_U32))
            return RC_RANGE;
        rc = rio_voqreg_read(&r->blk, (uint32_t)a[0], &value, NULL);
        if (rc == RIO_OK)
            RD_EMIT(&o, RC_P12REG_OUT_VALUE, value);
        break;
    }
    case RC_P12REG_EV_WRITE: {
        struct rio_voqreg_wr wr;
        if (!RD_FIT(ev, RD_U32, RD_U32))
            return RC_RANGE;
        memset(&wr, 0, sizeof wr);
        rc = rio_voqreg_write(&r->blk, (uint32_t)a[0], (uint32_t)a[1], &wr);
        if (rc == RIO_OK)
            RD_EMIT(&o, RC_P12REG_OUT_WROTE, wr.after, wr.read_only,
                    wr.reserved, wr.refused);
        break;
    }
    case RC_P12REG_EV_RESET:
        rc = rio_voqreg_reset(&r->blk);
        break;
    case RC_P12REG_EV_END_:
        return RC_INVAL; /* not reached */
    }
    return rd_step_end(&o, n, rc);
}

static int p12reg_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    const struct rd_p12reg *r = inst;
    int rc = rd_query_begin(inst, q, value, p12reg_queries,
                            RD_COUNT_(p12reg_queries));
    if (rc != RC_OK)
        return rc;
    switch ((enum rc_p12reg_query)q->kind) {
    case RC_P12REG_Q_CSR:
        if (q->arg[0] >= rio_voqreg_port_count(&r->blk))
            return RC_RANGE;
        *value = rio_voqreg_port_csr(&r->blk, (unsigned)q->arg[0]);
        return RC_OK;
    case RC_P12REG_Q_END_:
        break;
    }
    return RC_INVAL;
}

/* ==========================================================================
 * p9reg
 * ========================================================================== */

RD_TABLE_(p9reg_events, RC_P9REG_EVENTS);
RD_TABLE_(p9reg_queries, RC_P9REG_QUERIES);
RD_KEYTABLE_(p9reg_keys, RC_P9REG_CONFIG);

struct rd_p9reg {
    struct rio_fcreg blk;
};

static int p9reg_create(void **inst, const struct rc_config *cfg)
{
    uint64_t v[RD_KEYS];
    uint32_t given;
    if (inst == NULL)
        return RC_INVAL;
    *inst = NULL;
    int rc = rd_config(v, &given, p9reg_keys, RD_COUNT_(p9reg_keys), cfg);
    if (rc != RC_OK)
        return rc;
    if (v[RC_P9REG_CFG_PORTS] > RD_UINT || v[RC_P9REG_CFG_FC] > RD_U8 ||
        v[RC_P9REG_CFG_ARB] > RD_U8 || v[RC_P9REG_CFG_ARB_NEEDS_FC] > RD_U8)
        return RC_RANGE;
    struct rio_fcreg_desc d = {
        .port_count = (unsigned)v[RC_P9REG_CFG_PORTS],
        .flow_ctl_support = (uint8_t)v[RC_P9REG_CFG_FC],
        .flow_arb_support = (uint8_t)v[RC_P9REG_CFG_ARB],
        .arb_requires_fc_participant = (uint8_t)v[RC_P9REG_CFG_ARB_NEEDS_FC],
    };
    struct rd_p9reg *r = calloc(1, sizeof *r);
    if (r == NULL)
        return RC_FULL;
    rc = rio_fcreg_init(&r->blk, &d);
    if (rc != RIO_OK) {
        free(r);
        return rc;
    }
    *inst = r;
    return RC_OK;
}

static int p9reg_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                      uint32_t cap, uint32_t *n)
{
    struct rd_out o;
    struct rd_p9reg *r = inst;
    struct rio_fcreg_wr wr;
    uint32_t value = 0;
    int rc = rd_step_begin(&o, inst, ev, out, cap, n, p9reg_events,
                           RD_COUNT_(p9reg_events));
    if (rc != RC_OK)
        return rc;
    const uint64_t *a = ev->arg;
    memset(&wr, 0, sizeof wr);
    switch ((enum rc_p9reg_event)ev->kind) {
    case RC_P9REG_EV_CAR_READ:
        RD_EMIT(&o, RC_P9REG_OUT_VALUE, rio_fcreg_pef_car(&r->blk));
        break;
    case RC_P9REG_EV_CAR_WRITE:
        if (!RD_FIT(ev, RD_U32))
            return RC_RANGE;
        rc = rio_fcreg_pef_car_write(&r->blk, (uint32_t)a[0], &wr);
        if (rc == RIO_OK)
            RD_EMIT(&o, RC_P9REG_OUT_VALUE, wr.after);
        break;
    case RC_P9REG_EV_CTL_READ:
        if (!RD_FIT(ev, RD_UINT))
            return RC_RANGE;
        rc = rio_fcreg_port_ctl_read(&r->blk, (unsigned)a[0], &value);
        if (rc == RIO_OK)
            RD_EMIT(&o, RC_P9REG_OUT_VALUE, value);
        break;
    case RC_P9REG_EV_CTL_WRITE:
        if (!RD_FIT(ev, RD_UINT, RD_U32))
            return RC_RANGE;
        rc = rio_fcreg_port_ctl_write(&r->blk, (unsigned)a[0], (uint32_t)a[1],
                                      &wr);
        if (rc == RIO_OK)
            RD_EMIT(&o, RC_P9REG_OUT_VALUE, wr.after);
        break;
    case RC_P9REG_EV_ERRSTAT_READ:
        if (!RD_FIT(ev, RD_UINT))
            return RC_RANGE;
        rc = rio_fcreg_port_errstat_read(&r->blk, (unsigned)a[0], &value);
        if (rc == RIO_OK)
            RD_EMIT(&o, RC_P9REG_OUT_VALUE, value);
        break;
    case RC_P9REG_EV_SET_UNAVAILABLE:
        if (!RD_FIT(ev, RD_UINT, RD_UINT))
            return RC_RANGE;
        rc = rio_fcreg_set_port_unavailable(&r->blk, (unsigned)a[0],
                                            (unsigned)a[1]);
        break;
    case RC_P9REG_EV_RESET:
        rc = rio_fcreg_reset(&r->blk);
        break;
    case RC_P9REG_EV_END_:
        return RC_INVAL; /* not reached */
    }
    return rd_step_end(&o, n, rc);
}

static int p9reg_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    const struct rd_p9reg *r = inst;
    int rc = rd_query_begin(inst, q, value, p9reg_queries,
                            RD_COUNT_(p9reg_queries));
    if (rc != RC_OK)
        return rc;
    const uint64_t *a = q->arg;
    switch ((enum rc_p9reg_query)q->kind) {
    case RC_P9REG_Q_MAY_ROUTE_FC:
        if (!RD_FIT(q, RD_UINT))
            return RC_RANGE;
        return rd_query_result(rio_fcreg_may_route_fc(&r->blk, (unsigned)a[0]),
                               value);
    case RC_P9REG_Q_MAY_ROUTE_ARB:
        if (!RD_FIT(q, RD_UINT))
            return RC_RANGE;
        return rd_query_result(
            rio_fcreg_may_route_arb(&r->blk, (unsigned)a[0]), value);
    case RC_P9REG_Q_PORT_XOFF_EXPECTED: {
        enum rio_p12_rev rev;
        uint32_t dst = 0;
        if (!rd_p12_rev(a[0], &rev))
            return RC_REVISION; /* as rio_fcreg_port_xoff_expected */
        if (!RD_FIT(q, RD_ANY, RD_U32, RD_U32))
            return RC_RANGE;
        rc = rio_fcreg_port_xoff_expected(rev, (uint32_t)a[1], (uint32_t)a[2],
                                          &dst);
        if (rc == RIO_OK)
            *value = dst;
        return rc;
    }
    case RC_P9REG_Q_END_:
        break;
    }
    return RC_INVAL;
}

/* ==========================================================================
 * gen
 * ========================================================================== */

RD_TABLE_(gen_events, RC_GEN_EVENTS);
RD_TABLE_(gen_queries, RC_GEN_QUERIES);
RD_KEYTABLE_(gen_keys, RC_GEN_CONFIG);

struct rd_gen {
    struct rio_voqgen g;
    uint32_t refresh;  /* the configured interval, 0 = no timer (V1) */
    uint32_t elapsed;  /* ticks since create or the last timer refresh */
    size_t symcap;
    struct rio_voqgen_symbol *sym;
};

static int gen_create(void **inst, const struct rc_config *cfg)
{
    uint64_t v[RD_KEYS];
    uint32_t given;
    if (inst == NULL)
        return RC_INVAL;
    *inst = NULL;
    int rc = rd_config(v, &given, gen_keys, RD_COUNT_(gen_keys), cfg);
    if (rc != RC_OK)
        return rc;
    struct rio_voqgen_cfg c;
    memset(&c, 0, sizeof c);
    if (!rd_p12_rev(v[RC_GEN_CFG_REV], &c.rev) ||
        !rd_format(v[RC_GEN_CFG_FORMAT], &c.format))
        return RC_INVAL; /* as rio_voqgen_init */
    if (v[RC_GEN_CFG_PORTS] > RD_UINT || v[RC_GEN_CFG_VCS] > RD_UINT ||
        v[RC_GEN_CFG_REFRESH] > RD_U32 || v[RC_GEN_CFG_LINK_REFRESH] > 1u)
        return RC_RANGE;
    c.port_count = (unsigned)v[RC_GEN_CFG_PORTS];
    c.optional_vcs = (unsigned)v[RC_GEN_CFG_VCS];
    c.refresh_interval = v[RC_GEN_CFG_REFRESH] ? 1u : 0u; /* V1 */
    c.refresh_on_link_recovery = v[RC_GEN_CFG_LINK_REFRESH] != 0;
    struct rd_gen *g = calloc(1, sizeof *g);
    if (g == NULL)
        return RC_FULL;
    rc = rio_voqgen_init(&g->g, &c);
    if (rc != RIO_OK) {
        free(g);
        return rc;
    }
    g->refresh = (uint32_t)v[RC_GEN_CFG_REFRESH];
    g->symcap = (size_t)c.port_count * RIO_VOQGEN_MAX_GROUPS * RIO_VOQGEN_VCS;
    g->sym = calloc(g->symcap, sizeof g->sym[0]);
    if (g->sym == NULL) {
        free(g);
        return RC_FULL;
    }
    *inst = g;
    return RC_OK;
}

static void gen_destroy(void *inst)
{
    struct rd_gen *g = inst;
    if (g != NULL)
        free(g->sym);
    free(g);
}

static void gen_symbol(struct rd_out *o, const struct rio_voqgen_symbol *s)
{
    uint64_t ride = RC_VC_ALL, vcid = 0, encoded = s->parameter; /* V3 */
    if (s->format == RIO_VOQ_FORMAT_CS48) {
        ride = s->stype0;
        vcid = s->stype0 == RIO_CS48_STYPE0_VC_STATUS ? s->parameter0 : 0u;
        encoded = s->stype2;
    }
    RD_EMIT(o, RC_GEN_OUT_SYMBOL, s->tx_port, s->vc, s->group, s->status, ride,
            vcid, encoded);
}

/* One reference step; its symbols go to o (they always fit: the reference
 * is given at most the room left in o). */
static int gen_run(struct rd_gen *g, struct rd_out *o,
                   const struct rio_voqgen_event *e)
{
    size_t room = o->cap - o->n;
    struct rio_voqgen_out ro = {g->sym, room < g->symcap ? room : g->symcap,
                                0};
    int rc = rio_voqgen_step(&g->g, e, &ro);
    if (rc == RIO_OK)
        for (size_t i = 0; i < ro.count; i++)
            gen_symbol(o, &g->sym[i]);
    return rc;
}

/* V1: tick n with the adapter's own refresh timer. */
static int gen_tick(struct rd_gen *g, struct rd_out *o, uint64_t n)
{
    const struct rio_voqgen_event e = {.type = RIO_VOQGEN_EV_TICK};
    if (g->refresh == 0 || n == 0)
        return RC_OK;
    uint64_t part = n % g->refresh + g->elapsed; /* < 2^33 */
    uint64_t k = n / g->refresh + part / g->refresh;
    uint32_t rest = (uint32_t)(part % g->refresh);
    if (k > 0) {
        struct rio_voqgen_out dry = {NULL, 0, 0};
        int rc = rio_voqgen_step(&g->g, &e, &dry);
        if (rc == RIO_EFULL) {
            /* Every refresh sends dry.count symbols: all k must fit. */
            if (dry.count > o->cap - o->n || k > (o->cap - o->n) / dry.count)
                return RC_FULL;
            for (uint64_t i = 0; i < k; i++) {
                rc = gen_run(g, o, &e);
                if (rc != RIO_OK)
                    return rc; /* not reached: the room was checked */
            }
        } else if (rc != RIO_OK) {
            return rc;
        }
        /* RIO_OK with a zero capacity: no port transmits, and refreshes
         * that send nothing change nothing. */
    }
    g->elapsed = rest;
    return RC_OK;
}

static int gen_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                    uint32_t cap, uint32_t *n)
{
    struct rd_out o;
    struct rd_gen *g = inst;
    int rc = rd_step_begin(&o, inst, ev, out, cap, n, gen_events,
                           RD_COUNT_(gen_events));
    if (rc != RC_OK)
        return rc;
    const uint64_t *a = ev->arg;
    struct rio_voqgen_event e;
    memset(&e, 0, sizeof e);
    switch ((enum rc_gen_event)ev->kind) {
    case RC_GEN_EV_CONGEST:
        if (!RD_FIT(ev, RD_UINT, RD_UINT, RD_UINT))
            return RC_RANGE;
        e.type = RIO_VOQGEN_EV_SET_CONGESTION;
        e.port = (unsigned)a[0];
        e.vc = (unsigned)a[1];
        e.congested = (unsigned)a[2];
        rc = gen_run(g, &o, &e);
        break;
    case RC_GEN_EV_CSR:
        if (!RD_FIT(ev, RD_UINT, RD_U32))
            return RC_RANGE;
        e.type = RIO_VOQGEN_EV_WRITE_CSR;
        e.port = (unsigned)a[0];
        e.csr = (uint32_t)a[1];
        rc = gen_run(g, &o, &e);
        break;
    case RC_GEN_EV_TICK:
        rc = gen_tick(g, &o, a[0]);
        break;
    case RC_GEN_EV_LINK_RECOVERED:
        if (!RD_FIT(ev, RD_UINT))
            return RC_RANGE;
        e.type = RIO_VOQGEN_EV_LINK_RECOVERED;
        e.port = (unsigned)a[0];
        rc = gen_run(g, &o, &e);
        break;
    case RC_GEN_EV_END_:
        return RC_INVAL; /* not reached */
    }
    return rd_step_end(&o, n, rc);
}

static int gen_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    const struct rd_gen *g = inst;
    int rc = rd_query_begin(inst, q, value, gen_queries,
                            RD_COUNT_(gen_queries));
    if (rc != RC_OK)
        return rc;
    const uint64_t *a = q->arg;
    switch ((enum rc_gen_query)q->kind) {
    case RC_GEN_Q_REPORTED:
        if (!RD_FIT(q, RD_UINT, RD_UINT))
            return RC_RANGE;
        return rd_query_result(rio_voqgen_reported_status(
                                   &g->g, (unsigned)a[0], (unsigned)a[1]),
                               value);
    case RC_GEN_Q_LAST_SENT: {
        uint32_t status = 0;
        if (!RD_FIT(q, RD_UINT, RD_UINT, RD_UINT))
            return RC_RANGE;
        rc = rio_voqgen_last_sent(&g->g, &status, (unsigned)a[0],
                                  (unsigned)a[1], (unsigned)a[2]);
        if (rc == RIO_OK)
            *value = status;
        return rc;
    }
    case RC_GEN_Q_END_:
        break;
    }
    return RC_INVAL;
}

/* ==========================================================================
 * rx
 * ========================================================================== */

RD_TABLE_(rx_events, RC_RX_EVENTS);
RD_TABLE_(rx_queries, RC_RX_QUERIES);
RD_KEYTABLE_(rx_keys, RC_RX_CONFIG);

/* X4: the routing association of the upstream device (rx route events):
 * destination ID -> downstream egress port, at most this many entries. */
#define RD_RX_ROUTES 256u

struct rd_rx {
    struct rio_voqrx_cfg cfg; /* as given to rio_voqrx_init (map: X1) */
    int traffic;              /* a symbol or enqueue succeeded (X1) */
    struct rio_voqrx rx;
    uint32_t nroutes;         /* X4 */
    struct {
        uint32_t destination_id;
        uint16_t port;
    } route[RD_RX_ROUTES];
};

static int rx_create(void **inst, const struct rc_config *cfg)
{
    uint64_t v[RD_KEYS];
    uint32_t given;
    if (inst == NULL)
        return RC_INVAL;
    *inst = NULL;
    int rc = rd_config(v, &given, rx_keys, RD_COUNT_(rx_keys), cfg);
    if (rc != RC_OK)
        return rc;
    struct rd_rx *r = calloc(1, sizeof *r);
    if (r == NULL)
        return RC_FULL;
    struct rio_voqrx_cfg *c = &r->cfg;
    if (!rd_p12_rev(v[RC_RX_CFG_REV], &c->rev) ||
        !rd_format(v[RC_RX_CFG_FORMAT], &c->format) ||
        v[RC_RX_CFG_BEYOND] > 1u) {
        free(r);
        return RC_INVAL; /* as rio_voqrx_init */
    }
    if (v[RC_RX_CFG_PORTS] > RD_UINT || v[RC_RX_CFG_VCS] > RD_UINT ||
        v[RC_RX_CFG_PER_VC] > 1u || v[RC_RX_CFG_WIDTH] > RD_UINT ||
        v[RC_RX_CFG_QUEUE_WITHIN_VCS] > 1u || v[RC_RX_CFG_QUEUES] > RD_UINT) {
        free(r);
        return RC_RANGE;
    }
    c->port_count = (unsigned)v[RC_RX_CFG_PORTS];
    c->optional_vcs = (unsigned)v[RC_RX_CFG_VCS];
    c->per_vc = v[RC_RX_CFG_PER_VC] != 0;
    c->rx_group_width = (unsigned)v[RC_RX_CFG_WIDTH];
    c->queue_within_vcs = v[RC_RX_CFG_QUEUE_WITHIN_VCS] != 0;
    c->queue_count = (unsigned)v[RC_RX_CFG_QUEUES];
    c->beyond = v[RC_RX_CFG_BEYOND] ? RIO_VOQRX_BEYOND_DISCARD
                                    : RIO_VOQRX_BEYOND_IGNORE_BITS;
    /* X1: the default map (queue numbers < 256 fit the uint8_t map). */
    for (unsigned p = 0; p < RIO_VOQRX_MAX_PORTS && c->queue_count > 0; p++)
        c->queue_of_port[p] =
            (uint8_t)(c->queue_count >= c->port_count ? p
                                                      : p % c->queue_count);
    rc = rio_voqrx_init(&r->rx, c);
    if (rc != RIO_OK) {
        free(r);
        return rc;
    }
    *inst = r;
    return RC_OK;
}

static void rx_result(struct rd_out *o, const struct rio_voqrx_out *r)
{
    switch (r->result) {
    case RIO_VOQRX_NOTHING:
    case RIO_VOQRX_ENQUEUED:
    case RIO_VOQRX_NOTHING_ELIGIBLE:
        break;
    case RIO_VOQRX_APPLIED:
        RD_EMIT(o, RC_RX_OUT_APPLIED, r->vc);
        break;
    case RIO_VOQRX_DISCARDED_CRC:
        RD_EMIT(o, RC_RX_OUT_DISCARDED, RD_REASON_CRC);
        break;
    case RIO_VOQRX_DISCARDED_BEYOND:
        RD_EMIT(o, RC_RX_OUT_DISCARDED, RD_REASON_BEYOND);
        break;
    case RIO_VOQRX_IGNORED_NOT_VOQ:
        RD_EMIT(o, RC_RX_OUT_IGNORED, RD_REASON_NOT_VOQ);
        break;
    case RIO_VOQRX_IGNORED_NOP:
        RD_EMIT(o, RC_RX_OUT_IGNORED, RD_REASON_NOP);
        break;
    case RIO_VOQRX_IGNORED_RESERVED_CMD:
        RD_EMIT(o, RC_RX_OUT_IGNORED, RD_REASON_RESERVED_CMD);
        break;
    case RIO_VOQRX_IGNORED_RESERVED_VC_IND:
        RD_EMIT(o, RC_RX_OUT_IGNORED, RD_REASON_RESERVED_VC_IND);
        break;
    case RIO_VOQRX_IGNORED_NOT_LINKED:
        RD_EMIT(o, RC_RX_OUT_IGNORED, RD_REASON_NOT_LINKED);
        break;
    case RIO_VOQRX_IGNORED_VC_NOT_IN_USE:
        RD_EMIT(o, RC_RX_OUT_IGNORED, RD_REASON_VC_NOT_IN_USE);
        break;
    case RIO_VOQRX_COMMITTED:
        RD_EMIT(o, RC_RX_OUT_COMMITTED, r->packet.id, r->packet.flow_id,
                r->packet.port, r->packet.vc);
        break;
    }
}

static int rx_map(struct rd_rx *r, const struct rc_msg *ev)
{
    struct rio_voqrx_cfg c = r->cfg;
    if (r->traffic)
        return RC_STATE;
    if (ev->arg[0] >= c.port_count || ev->arg[1] >= c.queue_count)
        return RC_RANGE;
    c.queue_of_port[ev->arg[0]] = (uint8_t)ev->arg[1];
    int rc = rio_voqrx_init(&r->rx, &c);
    if (rc == RIO_OK)
        r->cfg = c;
    return rc;
}

/* X4: route(destination_id, port): add or replace the entry. */
static int rx_route(struct rd_rx *r, const struct rc_msg *ev)
{
    if (!RD_FIT(ev, RD_U32, RD_U16) || ev->arg[1] >= r->cfg.port_count)
        return RC_RANGE;
    uint32_t i = 0;
    while (i < r->nroutes && r->route[i].destination_id != ev->arg[0])
        i++;
    if (i == RD_RX_ROUTES)
        return RC_FULL;
    r->route[i].destination_id = (uint32_t)ev->arg[0];
    r->route[i].port = (uint16_t)ev->arg[1];
    if (i == r->nroutes)
        r->nroutes++;
    return RC_OK;
}

/* X4: the downstream egress port of a routed enqueue (port = RC_NONE). */
static int rx_lookup(const struct rd_rx *r, uint64_t destination_id,
                     uint16_t *port)
{
    for (uint32_t i = 0; i < r->nroutes; i++)
        if (r->route[i].destination_id == destination_id) {
            *port = r->route[i].port;
            return RC_OK;
        }
    return RC_NOENT;
}

static int rx_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                   uint32_t cap, uint32_t *n)
{
    struct rd_out o;
    struct rd_rx *r = inst;
    int rc = rd_step_begin(&o, inst, ev, out, cap, n, rx_events,
                           RD_COUNT_(rx_events));
    if (rc != RC_OK)
        return rc;
    const uint64_t *a = ev->arg;
    struct rio_voqrx_event e;
    struct rio_voqrx_out ro;
    uint8_t buf[16];
    memset(&e, 0, sizeof e);
    memset(&ro, 0, sizeof ro);
    switch ((enum rc_rx_event)ev->kind) {
    case RC_RX_EV_MAP:
        return rx_map(r, ev);
    case RC_RX_EV_ROUTE:
        return rx_route(r, ev);
    case RC_RX_EV_SYMBOL:
        rc = rd_bytes_in(buf, &e.len, a[0], a[1], a[2]);
        if (rc != RC_OK)
            return rc;
        e.type = RIO_VOQRX_EV_RX_SYMBOL;
        e.bytes = buf;
        break;
    case RC_RX_EV_ENQUEUE:
        if (!RD_FIT(ev, RD_U32, RD_U32, RD_U16, RD_U8, RD_U32))
            return RC_RANGE;
        e.type = RIO_VOQRX_EV_ENQUEUE;
        e.packet.id = (uint32_t)a[0];
        e.packet.flow_id = (uint32_t)a[1];
        e.packet.port = (uint16_t)a[2];
        e.packet.vc = (uint8_t)a[3];
        if (a[2] == RC_NONE) { /* X4: routed by destination_id */
            rc = rx_lookup(r, a[4], &e.packet.port);
            if (rc != RC_OK)
                return rc;
        }
        break;
    case RC_RX_EV_SCHEDULE:
        e.type = RIO_VOQRX_EV_SCHEDULE;
        break;
    case RC_RX_EV_RESET:
        e.type = RIO_VOQRX_EV_RESET;
        break;
    case RC_RX_EV_END_:
        return RC_INVAL; /* not reached */
    }
    rc = rio_voqrx_step(&r->rx, &e, &ro);
    if (rc == RIO_OK || (rc == RIO_ECRC && ro.result == RIO_VOQRX_DISCARDED_CRC))
        rx_result(&o, &ro);
    if (rc == RIO_OK && (e.type == RIO_VOQRX_EV_RX_SYMBOL ||
                         e.type == RIO_VOQRX_EV_ENQUEUE))
        r->traffic = 1;
    if (rc == RIO_OK && e.type == RIO_VOQRX_EV_RESET)
        r->traffic = 0;
    return rd_step_end(&o, n, rc);
}

static int rx_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    const struct rd_rx *r = inst;
    int rc = rd_query_begin(inst, q, value, rx_queries, RD_COUNT_(rx_queries));
    if (rc != RC_OK)
        return rc;
    if (!RD_FIT(q, RD_UINT, RD_UINT))
        return RC_RANGE;
    unsigned x = (unsigned)q->arg[0], vc = (unsigned)q->arg[1];
    switch ((enum rc_rx_query)q->kind) {
    case RC_RX_Q_CONGESTED:
        return rd_query_result(rio_voqrx_port_congested(&r->rx, x, vc), value);
    case RC_RX_Q_ELIGIBLE:
        return rd_query_result(rio_voqrx_queue_eligible(&r->rx, x, vc), value);
    case RC_RX_Q_DEPTH:
        return rd_query_result(rio_voqrx_queue_depth(&r->rx, x, vc), value);
    case RC_RX_Q_END_:
        break;
    }
    return RC_INVAL;
}

/* ==========================================================================
 * ep
 * ========================================================================== */

RD_TABLE_(ep_events, RC_EP_EVENTS);
RD_TABLE_(ep_queries, RC_EP_QUERIES);
RD_KEYTABLE_(ep_keys, RC_EP_CONFIG);

struct rd_ep {
    struct rio_fcep ctx;
    struct rio_fcep scratch; /* G5: the step runs here first */
    struct rio_fcep_out out;
};

static int ep_create(void **inst, const struct rc_config *cfg)
{
    uint64_t v[RD_KEYS];
    uint32_t given;
    if (inst == NULL)
        return RC_INVAL;
    *inst = NULL;
    int rc = rd_config(v, &given, ep_keys, RD_COUNT_(ep_keys), cfg);
    if (rc != RC_OK)
        return rc;
    struct rio_fcep_cfg c;
    memset(&c, 0, sizeof c);
    if (!rd_p9_rev(v[RC_EP_CFG_REV], &c.rev))
        return RC_INVAL; /* as rio_fcep_init */
    if (v[RC_EP_CFG_WIDTH] > RD_UINT || v[RC_EP_CFG_CAPACITY] > RD_UINT ||
        v[RC_EP_CFG_ORPHAN] > RD_U32 || v[RC_EP_CFG_ARB] > RD_U8 ||
        v[RC_EP_CFG_CRITICAL] > RD_U16)
        return RC_RANGE;
    c.counter_width = (unsigned)v[RC_EP_CFG_WIDTH];
    c.capacity = (unsigned)v[RC_EP_CFG_CAPACITY];
    c.orphan_timeout = (uint32_t)v[RC_EP_CFG_ORPHAN];
    c.arb_support = (uint8_t)v[RC_EP_CFG_ARB];
    c.critical_mask = (uint16_t)v[RC_EP_CFG_CRITICAL];
    struct rd_ep *e = calloc(1, sizeof *e);
    if (e == NULL)
        return RC_FULL;
    rc = rio_fcep_init(&e->ctx, &c);
    if (rc != RIO_OK) {
        free(e);
        return rc;
    }
    *inst = e;
    return RC_OK;
}

static void ep_outputs(struct rd_out *o, const struct rio_fcep_out *r)
{
    switch (r->action) {
    case RIO_FCEP_NO_CCP:
    case RIO_FCEP_XOFF_COUNTED:
    case RIO_FCEP_XOFF_SATURATED:
    case RIO_FCEP_XON_COUNTED:
    case RIO_FCEP_XON_AT_ZERO:
        break;
    case RIO_FCEP_RESERVED_FLOW_ID:
        RD_EMIT(o, RC_EP_OUT_IGNORED, RD_REASON_RESERVED_FLOW_ID);
        break;
    case RIO_FCEP_CRITICAL_FLOW:
        RD_EMIT(o, RC_EP_OUT_IGNORED, RD_REASON_CRITICAL_FLOW);
        break;
    case RIO_FCEP_RESERVED_FAM:
        RD_EMIT(o, RC_EP_OUT_IGNORED, RD_REASON_RESERVED_FAM);
        break;
    case RIO_FCEP_NOT_CONGESTION_MGMT:
        RD_EMIT(o, RC_EP_OUT_IGNORED, RD_REASON_NOT_CONGESTION_MGMT);
        break;
    }
    if (r->stopped != 0)
        RD_EMIT(o, RC_EP_OUT_STOPPED, r->dest, r->stopped);
    if (r->restarted != 0)
        RD_EMIT(o, RC_EP_OUT_RESTARTED, r->dest, r->restarted);
    for (unsigned i = 0; i < r->n_expired && i < RIO_FCEP_FIFO_MAX; i++) {
        const struct rio_fcep_expiry *x = &r->expired[i];
        RD_EMIT(o, RC_EP_OUT_ORPHAN, x->dest, rd_flow_id(x->vc, x->flow));
        if (x->restarted != 0)
            RD_EMIT(o, RC_EP_OUT_RESTARTED, x->dest, x->restarted);
    }
}

/* E2: feed n ticks to the scratch context in 32-bit chunks. */
static int ep_tick(struct rio_fcep *c, struct rd_ep *e, struct rd_out *o,
                   uint64_t n)
{
    struct rio_fcep_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = RIO_FCEP_EV_TICK;
    do {
        struct rio_fcep_orphan orphan;
        ev.ticks = n > RD_U32 ? (uint32_t)RD_U32 : (uint32_t)n;
        n -= ev.ticks;
        int rc = rio_fcep_step(c, &ev, &e->out);
        if (rc != RIO_OK)
            return rc;
        ep_outputs(o, &e->out);
        rc = rio_fcep_orphan_state(&orphan, c);
        if (rc != RIO_OK)
            return rc;
        if (!orphan.running)
            break; /* no flow XOFF'd: further ticks do nothing */
    } while (n > 0 && !o->full);
    return RC_OK;
}

static int ep_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                   uint32_t cap, uint32_t *n)
{
    struct rd_out o;
    struct rd_ep *e = inst;
    int rc = rd_step_begin(&o, inst, ev, out, cap, n, ep_events,
                           RD_COUNT_(ep_events));
    if (rc != RC_OK)
        return rc;
    const uint64_t *a = ev->arg;
    struct rio_fcep_event re;
    memset(&re, 0, sizeof re);
    /* G5 needs the scratch copy (a few KB) only when the outputs may not
     * fit: a CCP, SETUP or RESET reports at most 3 (ep_outputs), a TICK at
     * most 2 per XOFF'd flow. Otherwise the context is stepped in place
     * (rio_fcep_step leaves it unchanged on error). */
    uint32_t most = ev->kind == RC_EP_EV_TICK ? 2u * RIO_FCEP_FIFO_MAX : 3u;
    int direct = cap >= most;
    struct rio_fcep *c = direct ? &e->ctx : &e->scratch;
    if (!direct)
        e->scratch = e->ctx;
    switch ((enum rc_ep_event)ev->kind) {
    case RC_EP_EV_CCP:
        if (!RD_FIT(ev, RD_U8, RD_U8, RD_U8, RD_U32, RD_U8))
            return RC_RANGE;
        re.type = RIO_FCEP_EV_CCP;
        re.ccp.xon = (uint8_t)a[0];
        re.ccp.fam = (uint8_t)a[1];
        re.ccp.flow_id = (uint8_t)a[2];
        re.ccp.tgt_destination_id = (uint32_t)a[3];
        re.ccp.soc = (uint8_t)a[4];
        break;
    case RC_EP_EV_TICK:
        rc = ep_tick(c, e, &o, a[0]);
        if (rc == RC_OK && !o.full && !direct)
            e->ctx = e->scratch;
        return rd_step_end(&o, n, rc);
    case RC_EP_EV_SETUP: {
        unsigned vc = 0, flow = 0;
        if (!RD_FIT(ev, RD_U32, RD_ANY))
            return RC_RANGE;
        rc = rd_flow_of_id(a[1], &vc, &flow);
        if (rc != RC_OK)
            return rc;
        re.type = RIO_FCEP_EV_SETUP;
        re.dest = (uint32_t)a[0];
        re.vc = (uint8_t)vc;
        re.flow = (uint8_t)flow;
        break;
    }
    case RC_EP_EV_RESET:
        re.type = RIO_FCEP_EV_RESET;
        break;
    case RC_EP_EV_END_:
        return RC_INVAL; /* not reached */
    }
    rc = rio_fcep_step(c, &re, &e->out);
    if (rc == RIO_OK) {
        ep_outputs(&o, &e->out);
        if (!o.full && !direct)
            e->ctx = e->scratch;
    }
    return rd_step_end(&o, n, rc);
}

static int ep_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    const struct rd_ep *e = inst;
    unsigned vc = 0, flow = 0;
    int rc = rd_query_begin(inst, q, value, ep_queries, RD_COUNT_(ep_queries));
    if (rc != RC_OK)
        return rc;
    if (!RD_FIT(q, RD_U32, RD_ANY))
        return RC_RANGE;
    rc = rd_flow_of_id(q->arg[1], &vc, &flow);
    if (rc != RC_OK)
        return rc;
    uint32_t dest = (uint32_t)q->arg[0];
    switch ((enum rc_ep_query)q->kind) {
    case RC_EP_Q_ENABLED:
        return rd_query_result(rio_fcep_flow_enabled(&e->ctx, dest, vc, flow),
                               value);
    case RC_EP_Q_COUNTER: {
        uint16_t c = 0;
        rc = rio_fcep_counter(&c, NULL, &e->ctx, dest, vc, flow);
        if (rc == RIO_OK)
            *value = c;
        return rc;
    }
    case RC_EP_Q_END_:
        break;
    }
    return RC_INVAL;
}

/* ==========================================================================
 * sw
 * ========================================================================== */

RD_TABLE_(sw_events, RC_SW_EVENTS);
RD_TABLE_(sw_queries, RC_SW_QUERIES);
RD_KEYTABLE_(sw_keys, RC_SW_CONFIG);

struct rd_sw {
    uint8_t tt;               /* the configured tt, for forward (S3) */
    struct rio_fcsw ctx;
    struct rio_fcsw scratch; /* G5 */
    struct rio_fcsw_event ev; /* candidates collect here (S1) */
    struct rio_fcsw_out out;
};

static int sw_create(void **inst, const struct rc_config *cfg)
{
    uint64_t v[RD_KEYS];
    uint32_t given;
    if (inst == NULL)
        return RC_INVAL;
    *inst = NULL;
    int rc = rd_config(v, &given, sw_keys, RD_COUNT_(sw_keys), cfg);
    if (rc != RC_OK)
        return rc;
    struct rio_fcsw_cfg c;
    memset(&c, 0, sizeof c);
    if (!rd_p9_rev(v[RC_SW_CFG_REV], &c.rev) || v[RC_SW_CFG_ROLE] > 1u ||
        v[RC_SW_CFG_PICK] > 1u)
        return RC_INVAL; /* as rio_fcsw_init */
    if (v[RC_SW_CFG_TT] > RD_UINT || v[RC_SW_CFG_PORTS] > RD_UINT ||
        v[RC_SW_CFG_LIST] > RD_UINT || v[RC_SW_CFG_CRF] > RD_U8 ||
        v[RC_SW_CFG_RESPONSES] > RD_U8 || v[RC_SW_CFG_DROP] > RD_U8 ||
        v[RC_SW_CFG_ARB_NEEDS_FC] > RD_U8)
        return RC_RANGE;
    c.role = v[RC_SW_CFG_ROLE] ? RIO_FCSW_ENDPOINT : RIO_FCSW_SWITCH;
    c.tt = (unsigned)v[RC_SW_CFG_TT];
    c.ports = (unsigned)v[RC_SW_CFG_PORTS];
    c.list_capacity = (unsigned)v[RC_SW_CFG_LIST];
    c.crf_supported = (uint8_t)v[RC_SW_CFG_CRF];
    c.target_responses = (uint8_t)v[RC_SW_CFG_RESPONSES];
    c.response_pick =
        v[RC_SW_CFG_PICK] ? RIO_FCSW_PICK_UNPROMOTED : RIO_FCSW_PICK_LOWEST;
    c.drop_ccp_no_buffer = (uint8_t)v[RC_SW_CFG_DROP];
    c.arb_requires_fc_participant = (uint8_t)v[RC_SW_CFG_ARB_NEEDS_FC];
    struct rd_sw *s = calloc(1, sizeof *s);
    if (s == NULL)
        return RC_FULL;
    rc = rio_fcsw_init(&s->ctx, &c);
    if (rc != RIO_OK) {
        free(s);
        return rc;
    }
    s->tt = (uint8_t)c.tt; /* init accepted it: tt <= 2 */
    *inst = s;
    return RC_OK;
}

static void sw_outputs(struct rd_out *o, const struct rio_fcsw_out *r)
{
    for (unsigned i = 0; i < r->n_send && i < RIO_FCSW_OUT_MAX; i++) {
        const struct rio_fcsw_send *s = &r->send[i];
        RD_EMIT(o, RC_SW_OUT_CCP, s->port, s->pkt.ccp.xon, s->pkt.ccp.fam,
                s->pkt.ccp.flow_id, s->pkt.destination_id,
                s->pkt.ccp.tgt_destination_id, s->pkt.ccp.soc, s->pkt.prio,
                s->pkt.crf);
    }
    RD_EMIT(o, RC_SW_OUT_VERDICT, (uint64_t)r->verdict);
}

/* Builds the reference event in s->ev; returns RC_OK to run it, 1 when the
 * event was handled here (candidate), or an error. */
static int sw_event(struct rd_sw *s, const struct rc_msg *ev)
{
    const uint64_t *a = ev->arg;
    struct rio_fcsw_event *e = &s->ev;
    switch ((enum rc_sw_event)ev->kind) {
    case RC_SW_EV_CANDIDATE: {
        if (!RD_FIT(ev, RD_U8, RD_U8, RD_U8, RD_U8, RD_U32, RD_U32, RD_U16))
            return RC_RANGE;
        if (e->n_candidates >= RIO_FCSW_CANDIDATES_MAX)
            return RC_FULL;
        struct rio_fcsw_packet *p = &e->candidates[e->n_candidates++];
        p->ftype = (uint8_t)a[0];
        p->vc = (uint8_t)a[1];
        p->prio = (uint8_t)a[2];
        p->crf = (uint8_t)a[3];
        p->source_id = (uint32_t)a[4];
        p->destination_id = (uint32_t)a[5];
        p->ccp_port = (uint16_t)a[6];
        return 1;
    }
    case RC_SW_EV_CONGESTED:
        if (e->n_candidates == 0)
            return RC_STATE;
        if (!RD_FIT(ev, RD_U16))
            return RC_RANGE;
        e->type = RIO_FCSW_EV_CONGESTED;
        e->port = (uint16_t)a[0];
        return RC_OK;
    case RC_SW_EV_ABATED_PORT:
        if (!RD_FIT(ev, RD_U16))
            return RC_RANGE;
        e->type = RIO_FCSW_EV_ABATED_PORT;
        e->port = (uint16_t)a[0];
        return RC_OK;
    case RC_SW_EV_ABATED_FLOW:
        if (!RD_FIT(ev, RD_U32, RD_U32, RD_U8))
            return RC_RANGE;
        e->type = RIO_FCSW_EV_ABATED_FLOW;
        e->flow.destination_id = (uint32_t)a[0];
        e->flow.tgt_destination_id = (uint32_t)a[1];
        e->flow.flow_id = (uint8_t)a[2];
        return RC_OK;
    case RC_SW_EV_PORT_CONTROL:
        if (!RD_FIT(ev, RD_U16, RD_U32))
            return RC_RANGE;
        e->type = RIO_FCSW_EV_PORT_CONTROL;
        e->port = (uint16_t)a[0];
        e->port_control = (uint32_t)a[1];
        return RC_OK;
    case RC_SW_EV_FORWARD:
        if (!RD_FIT(ev, RD_U16, RD_U16, RD_U8, RD_U8, RD_U8, RD_U8, RD_U8,
                    RD_U32, RD_U32))
            return RC_RANGE;
        e->type = RIO_FCSW_EV_FORWARD;
        e->in_port = (uint16_t)a[0];
        e->port = (uint16_t)a[1];
        e->no_buffer = (uint8_t)a[2];
        memset(&e->ccp, 0, sizeof e->ccp); /* S3 */
        e->ccp.crf = RIO_CCP_CRF;
        e->ccp.prio = RIO_CCP_PRIO;
        e->ccp.tt = s->tt;
        e->ccp.ftype = RIO_FTYPE_FLOW_CONTROL;
        e->ccp.ccp.xon = (uint8_t)a[3];
        e->ccp.ccp.fam = (uint8_t)a[4];
        e->ccp.ccp.flow_id = (uint8_t)a[5];
        e->ccp.ccp.soc = (uint8_t)a[6];
        e->ccp.destination_id = (uint32_t)a[7];
        e->ccp.ccp.tgt_destination_id = (uint32_t)a[8];
        return RC_OK;
    case RC_SW_EV_END_:
        break;
    }
    return RC_INVAL; /* not reached */
}

static int sw_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                   uint32_t cap, uint32_t *n)
{
    struct rd_out o;
    struct rd_sw *s = inst;
    int rc = rd_step_begin(&o, inst, ev, out, cap, n, sw_events,
                           RD_COUNT_(sw_events));
    if (rc != RC_OK)
        return rc;
    int congested = ev->kind == RC_SW_EV_CONGESTED;
    rc = sw_event(s, ev);
    if (rc == 1)
        return rd_step_end(&o, n, RC_OK); /* candidate collected */
    if (rc == RC_OK) {
        s->scratch = s->ctx;
        rc = rio_fcsw_step(&s->scratch, &s->ev, &s->out);
        if (rc == RIO_OK) {
            sw_outputs(&o, &s->out);
            if (!o.full)
                s->ctx = s->scratch;
        }
    }
    if (congested)
        s->ev.n_candidates = 0; /* S1: consumed whatever the result */
    return rd_step_end(&o, n, rc);
}

static int sw_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    const struct rd_sw *s = inst;
    int rc = rd_query_begin(inst, q, value, sw_queries, RD_COUNT_(sw_queries));
    if (rc != RC_OK)
        return rc;
    switch ((enum rc_sw_query)q->kind) {
    case RC_SW_Q_LISTED: {
        if (!RD_FIT(q, RD_U32, RD_U32, RD_U8))
            return RC_RANGE;
        struct rio_fcsw_flow_key key = {(uint32_t)q->arg[0],
                                        (uint32_t)q->arg[1],
                                        (uint8_t)q->arg[2]};
        rc = rio_fcsw_find(&s->ctx, &key);
        if (rc == RIO_ENOENT)
            return RC_OK; /* *value is 0 */
        if (rc < 0)
            return rc;
        *value = 1;
        return RC_OK;
    }
    case RC_SW_Q_LIST_LEN:
        *value = rio_fcsw_list_len(&s->ctx);
        return RC_OK;
    case RC_SW_Q_END_:
        break;
    }
    return RC_INVAL;
}

/* ==========================================================================
 * arbtx
 * ========================================================================== */

RD_TABLE_(arbtx_events, RC_ARBTX_EVENTS);
RD_TABLE_(arbtx_queries, RC_ARBTX_QUERIES);
RD_KEYTABLE_(arbtx_keys, RC_ARBTX_CONFIG);

struct rd_arbtx {
    struct rio_arb_tx ctx;
    struct rio_arb_tx_out out;
};

/* A4: static_mask bit f -> static_flow[f]. */
static int rd_static_flows(uint8_t dst[RIO_ARB_MAX_FLOWS], uint64_t mask,
                           uint64_t flows)
{
    if (mask > RD_U16 || (flows < 16u && (mask >> flows) != 0))
        return RC_RANGE;
    for (unsigned f = 0; f < RIO_ARB_MAX_FLOWS; f++)
        dst[f] = (uint8_t)((mask >> f) & 1u);
    return RC_OK;
}

static int arbtx_create(void **inst, const struct rc_config *cfg)
{
    uint64_t v[RD_KEYS];
    uint32_t given;
    if (inst == NULL)
        return RC_INVAL;
    *inst = NULL;
    int rc = rd_config(v, &given, arbtx_keys, RD_COUNT_(arbtx_keys), cfg);
    if (rc != RC_OK)
        return rc;
    struct rio_arb_tx_cfg c;
    memset(&c, 0, sizeof c);
    if (!rd_p9_rev(v[RC_ARBTX_CFG_REV], &c.rev))
        return RC_INVAL; /* as rio_arb_tx_init */
    if (v[RC_ARBTX_CFG_FLOWS] > RD_UINT || v[RC_ARBTX_CFG_PEER_ARB] > RD_U8 ||
        v[RC_ARBTX_CFG_PIPELINE] > RD_U8 || v[RC_ARBTX_CFG_OWN_FLOW] > RD_U8 ||
        v[RC_ARBTX_CFG_ANY_SEQ] > RD_U8 || v[RC_ARBTX_CFG_TIMEOUT] > RD_U32 ||
        v[RC_ARBTX_CFG_BACKOFF] > RD_U32)
        return RC_RANGE;
    rc = rd_static_flows(c.static_flow, v[RC_ARBTX_CFG_STATIC_MASK],
                         v[RC_ARBTX_CFG_FLOWS]);
    if (rc != RC_OK)
        return rc;
    c.nflows = (unsigned)v[RC_ARBTX_CFG_FLOWS];
    c.peer_arb = (uint8_t)v[RC_ARBTX_CFG_PEER_ARB];
    c.pipeline = (uint8_t)v[RC_ARBTX_CFG_PIPELINE];
    c.ccp_in_own_flow = (uint8_t)v[RC_ARBTX_CFG_OWN_FLOW];
    c.xoff_arb_any_seq = (uint8_t)v[RC_ARBTX_CFG_ANY_SEQ];
    c.request_timeout = (uint32_t)v[RC_ARBTX_CFG_TIMEOUT];
    c.retry_backoff = (uint32_t)v[RC_ARBTX_CFG_BACKOFF];
    struct rd_arbtx *t = calloc(1, sizeof *t);
    if (t == NULL)
        return RC_FULL;
    rc = rio_arb_tx_init(&t->ctx, &c);
    if (rc != RIO_OK) {
        free(t);
        return rc;
    }
    *inst = t;
    return RC_OK;
}

static void arbtx_outputs(struct rd_out *o, const struct rio_arb_tx_out *r)
{
    if (r->ndata != 0)
        RD_EMIT(o, RC_ARBTX_OUT_DATA, r->data.flow, r->data.pdu,
                r->data.segment, r->data.last);
    for (unsigned i = 0; i < r->nmsg && i < RIO_ARB_OUT_MSGS; i++)
        RD_EMIT(o, RC_ARBTX_OUT_MSG, (uint64_t)r->msg[i].cmd, r->msg[i].seq,
                r->msg[i].flow, r->msg[i].reissue,
                (uint64_t)r->msg[i].travel);
    for (unsigned i = 0; i < r->nnote && i < RIO_ARB_OUT_NOTES; i++)
        RD_EMIT(o, RC_ARBTX_OUT_NOTE, (uint64_t)r->note[i].kind,
                r->note[i].flow, r->note[i].seq);
}

static int arbtx_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                      uint32_t cap, uint32_t *n)
{
    struct rd_out o;
    struct rd_arbtx *t = inst;
    int rc = rd_step_begin(&o, inst, ev, out, cap, n, arbtx_events,
                           RD_COUNT_(arbtx_events));
    if (rc != RC_OK)
        return rc;
    const uint64_t *a = ev->arg;
    struct rio_arb_tx_event e;
    memset(&e, 0, sizeof e);
    switch ((enum rc_arbtx_event)ev->kind) {
    case RC_ARBTX_EV_PDU:
        if (a[1] > 1u)
            return RC_INVAL; /* as rio_arb_tx_step: unknown mode */
        if (!RD_FIT(ev, RD_UINT, RD_ANY, RD_U32))
            return RC_RANGE;
        e.type = RIO_ARB_TX_EV_PDU;
        e.flow = (unsigned)a[0];
        e.mode = a[1] ? RIO_ARB_MULTI : RIO_ARB_SINGLE;
        e.packets = (uint32_t)a[2];
        break;
    case RC_ARBTX_EV_END:
        if (!RD_FIT(ev, RD_UINT))
            return RC_RANGE;
        e.type = RIO_ARB_TX_EV_END;
        e.flow = (unsigned)a[0];
        break;
    case RC_ARBTX_EV_CCP:
        if (!rd_fam_cmd(a[1], &e.cmd))
            return RC_INVAL; /* as rio_arb_tx_step: unknown command */
        if (!RD_FIT(ev, RD_UINT, RD_ANY, RD_U8))
            return RC_RANGE;
        e.type = RIO_ARB_TX_EV_CCP;
        e.flow = (unsigned)a[0];
        e.seq = (uint8_t)a[2];
        break;
    case RC_ARBTX_EV_TICK:
        if (!RD_FIT(ev, RD_U32))
            return RC_RANGE; /* A1 */
        e.type = RIO_ARB_TX_EV_TICK;
        e.ticks = (uint32_t)a[0];
        break;
    case RC_ARBTX_EV_SLOT:
        if (!RD_FIT(ev, RD_UINT))
            return RC_RANGE;
        e.type = RIO_ARB_TX_EV_SLOT;
        e.flow = (unsigned)a[0];
        break;
    case RC_ARBTX_EV_END_:
        return RC_INVAL; /* not reached */
    }
    rc = rio_arb_tx_step(&t->ctx, &e, &t->out);
    if (rc == RIO_OK)
        arbtx_outputs(&o, &t->out);
    return rd_step_end(&o, n, rc);
}

static int arbtx_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    const struct rd_arbtx *t = inst;
    int rc = rd_query_begin(inst, q, value, arbtx_queries,
                            RD_COUNT_(arbtx_queries));
    if (rc != RC_OK)
        return rc;
    if (!RD_FIT(q, RD_UINT))
        return RC_RANGE;
    unsigned flow = (unsigned)q->arg[0];
    switch ((enum rc_arbtx_query)q->kind) {
    case RC_ARBTX_Q_MAY_SEND:
        return rd_query_result(rio_arb_tx_may_send(&t->ctx, flow), value);
    case RC_ARBTX_Q_OUTSTANDING:
        return rd_query_result(rio_arb_tx_outstanding(&t->ctx, flow, NULL),
                               value);
    case RC_ARBTX_Q_NEXT_SEQ:
        return rd_query_result(rio_arb_tx_next_seq(&t->ctx, flow), value);
    case RC_ARBTX_Q_QUEUED:
        return rd_query_result(rio_arb_tx_queued(&t->ctx, flow), value);
    case RC_ARBTX_Q_END_:
        break;
    }
    return RC_INVAL;
}

/* ==========================================================================
 * arbrx
 * ========================================================================== */

RD_TABLE_(arbrx_events, RC_ARBRX_EVENTS);
RD_TABLE_(arbrx_queries, RC_ARBRX_QUERIES);
RD_KEYTABLE_(arbrx_keys, RC_ARBRX_CONFIG);

struct rd_arbrx {
    struct rio_arb_rx ctx;
    struct rio_arb_rx_out out;
};

static int arbrx_create(void **inst, const struct rc_config *cfg)
{
    uint64_t v[RD_KEYS];
    uint32_t given;
    if (inst == NULL)
        return RC_INVAL;
    *inst = NULL;
    int rc = rd_config(v, &given, arbrx_keys, RD_COUNT_(arbrx_keys), cfg);
    if (rc != RC_OK)
        return rc;
    struct rio_arb_rx_cfg c;
    memset(&c, 0, sizeof c);
    if (!rd_p9_rev(v[RC_ARBRX_CFG_REV], &c.rev) ||
        v[RC_ARBRX_CFG_ANSWER] > 1u || v[RC_ARBRX_CFG_POLICY] > 1u)
        return RC_INVAL; /* as rio_arb_rx_init */
    if (v[RC_ARBRX_CFG_FLOWS] > RD_UINT || v[RC_ARBRX_CFG_POOL] > RD_UINT ||
        v[RC_ARBRX_CFG_PIPELINING] > RD_U8 || v[RC_ARBRX_CFG_OWN_FLOW] > RD_U8 ||
        v[RC_ARBRX_CFG_AFRESH] > RD_U8 || v[RC_ARBRX_CFG_IDLE] > RD_U32 ||
        v[RC_ARBRX_CFG_RELEASE] > RD_U32)
        return RC_RANGE;
    rc = rd_static_flows(c.static_flow, v[RC_ARBRX_CFG_STATIC_MASK],
                         v[RC_ARBRX_CFG_FLOWS]);
    if (rc != RC_OK)
        return rc;
    c.nflows = (unsigned)v[RC_ARBRX_CFG_FLOWS];
    c.pool = (unsigned)v[RC_ARBRX_CFG_POOL];
    c.answer = v[RC_ARBRX_CFG_ANSWER] ? RIO_ARB_RX_ON_DECIDE
                                      : RIO_ARB_RX_IMMEDIATE;
    c.policy = v[RC_ARBRX_CFG_POLICY] ? RIO_ARB_RX_REJECT_ALL
                                      : RIO_ARB_RX_GRANT_IF_FREE;
    c.pipelining = (uint8_t)v[RC_ARBRX_CFG_PIPELINING];
    c.ccp_in_own_flow = (uint8_t)v[RC_ARBRX_CFG_OWN_FLOW];
    c.rejected_copy_afresh = (uint8_t)v[RC_ARBRX_CFG_AFRESH];
    c.idle_timeout = (uint32_t)v[RC_ARBRX_CFG_IDLE];
    c.release_timeout = (uint32_t)v[RC_ARBRX_CFG_RELEASE];
    struct rd_arbrx *r = calloc(1, sizeof *r);
    if (r == NULL)
        return RC_FULL;
    rc = rio_arb_rx_init(&r->ctx, &c);
    if (rc != RIO_OK) {
        free(r);
        return rc;
    }
    *inst = r;
    return RC_OK;
}

static uint64_t arbrx_reason(enum rio_arb_free_reason reason)
{
    switch (reason) {
    case RIO_ARB_FREE_LAST_SEGMENT:
        return RD_REASON_LAST_SEGMENT;
    case RIO_ARB_FREE_ABORTED:
        return RD_REASON_ABORTED;
    case RIO_ARB_FREE_IDLE_TIMEOUT:
        return RD_REASON_IDLE_TIMEOUT;
    case RIO_ARB_FREE_RELEASE:
        return RD_REASON_RELEASE;
    case RIO_ARB_FREE_RELEASE_TIMEOUT:
        return RD_REASON_RELEASE_TIMEOUT;
    case RIO_ARB_FREE_RESET:
        return RD_REASON_RESET;
    }
    return 0; /* not reached: the reference reports its own reasons */
}

static void arbrx_outputs(struct rd_out *o, const struct rio_arb_rx_out *r)
{
    for (unsigned i = 0; i < r->nmsg && i < RIO_ARB_OUT_MSGS; i++)
        RD_EMIT(o, RC_ARBRX_OUT_MSG, (uint64_t)r->msg[i].cmd, r->msg[i].seq,
                r->msg[i].flow, r->msg[i].dealloc);
    for (unsigned i = 0; i < r->nnote && i < RIO_ARB_OUT_NOTES; i++) {
        const struct rio_arb_rx_note *nt = &r->note[i];
        switch (nt->kind) {
        case RIO_ARB_RX_ALLOCATED:
            RD_EMIT(o, RC_ARBRX_OUT_ALLOCATED, nt->flow);
            break;
        case RIO_ARB_RX_FREED:
            RD_EMIT(o, RC_ARBRX_OUT_FREED, nt->flow, arbrx_reason(nt->reason));
            break;
        case RIO_ARB_RX_V_DATA_WITHOUT_RESOURCE:
        case RIO_ARB_RX_V_RELEASE_WITHOUT_RESOURCE:
        case RIO_ARB_RX_V_RELEASE_MID_PDU:
        case RIO_ARB_RX_V_SECOND_REQUEST:
            RD_EMIT(o, RC_ARBRX_OUT_VIOLATION, (uint64_t)nt->kind, nt->flow);
            break;
        case RIO_ARB_RX_HELD:
        case RIO_ARB_RX_DUPLICATE_REQUEST:
        case RIO_ARB_RX_ABORT_KEPT:
        case RIO_ARB_RX_IGNORED_CCP:
        case RIO_ARB_RX_RELEASE_SEQ_MISMATCH:
        case RIO_ARB_RX_STALE_REQUEST:
        case RIO_ARB_RX_DEALLOC_CROSSING:
            break; /* A3: no ABI output */
        }
    }
}

static int arbrx_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                      uint32_t cap, uint32_t *n)
{
    struct rd_out o;
    struct rd_arbrx *r = inst;
    int rc = rd_step_begin(&o, inst, ev, out, cap, n, arbrx_events,
                           RD_COUNT_(arbrx_events));
    if (rc != RC_OK)
        return rc;
    const uint64_t *a = ev->arg;
    struct rio_arb_rx_event e;
    memset(&e, 0, sizeof e);
    switch ((enum rc_arbrx_event)ev->kind) {
    case RC_ARBRX_EV_CCP:
        if (!rd_fam_cmd(a[1], &e.cmd))
            return RC_INVAL; /* as rio_arb_rx_step: unknown command */
        if (!RD_FIT(ev, RD_UINT, RD_ANY, RD_U8))
            return RC_RANGE;
        e.type = RIO_ARB_RX_EV_CCP;
        e.flow = (unsigned)a[0];
        e.seq = (uint8_t)a[2];
        break;
    case RC_ARBRX_EV_DATA:
        if (!RD_FIT(ev, RD_UINT, RD_U8, RD_U8))
            return RC_RANGE;
        e.type = RIO_ARB_RX_EV_DATA;
        e.flow = (unsigned)a[0];
        e.last = (uint8_t)a[1];
        e.aborted = (uint8_t)a[2];
        break;
    case RC_ARBRX_EV_TICK:
        if (!RD_FIT(ev, RD_U32))
            return RC_RANGE; /* A1 */
        e.type = RIO_ARB_RX_EV_TICK;
        e.ticks = (uint32_t)a[0];
        break;
    case RC_ARBRX_EV_DECIDE:
        if (!RD_FIT(ev, RD_UINT, RD_U8))
            return RC_RANGE;
        e.type = RIO_ARB_RX_EV_DECIDE;
        e.flow = (unsigned)a[0];
        e.grant = (uint8_t)a[1];
        break;
    case RC_ARBRX_EV_ASK_DEALLOC:
        if (!RD_FIT(ev, RD_UINT))
            return RC_RANGE;
        e.type = RIO_ARB_RX_EV_ASK_DEALLOC;
        e.flow = (unsigned)a[0];
        break;
    case RC_ARBRX_EV_RESET:
        e.type = RIO_ARB_RX_EV_RESET;
        break;
    case RC_ARBRX_EV_END_:
        return RC_INVAL; /* not reached */
    }
    rc = rio_arb_rx_step(&r->ctx, &e, &r->out);
    if (rc == RIO_OK)
        arbrx_outputs(&o, &r->out);
    return rd_step_end(&o, n, rc);
}

static int arbrx_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    const struct rd_arbrx *r = inst;
    int rc = rd_query_begin(inst, q, value, arbrx_queries,
                            RD_COUNT_(arbrx_queries));
    if (rc != RC_OK)
        return rc;
    switch ((enum rc_arbrx_query)q->kind) {
    case RC_ARBRX_Q_FREE:
        return rd_query_result(rio_arb_rx_free(&r->ctx), value);
    case RC_ARBRX_Q_ALLOCATED:
        if (!RD_FIT(q, RD_UINT))
            return RC_RANGE;
        return rd_query_result(
            rio_arb_rx_allocated(&r->ctx, (unsigned)q->arg[0]), value);
    case RC_ARBRX_Q_HELD:
        if (!RD_FIT(q, RD_UINT))
            return RC_RANGE;
        return rd_query_result(
            rio_arb_rx_held(&r->ctx, (unsigned)q->arg[0], NULL, NULL), value);
    case RC_ARBRX_Q_END_:
        break;
    }
    return RC_INVAL;
}

/* ==========================================================================
 * The DUT
 * ========================================================================== */

static const struct rc_dut rd_dut = {
    .abi_version = RC_DUT_ABI_VERSION,
    .name = "riocheck reference",
    .version = "0.1",
    .profile =
        {
            .p12_revs = (1u << 2) | (1u << 3),
            .p9_revs = (1u << 2) | (1u << 3),
            .caps = RC_CAP_CS48 | RC_CAP_CS64 | RC_CAP_GEN | RC_CAP_RX |
                    RC_CAP_PERVC | RC_CAP_P12REG | RC_CAP_P9REG | RC_CAP_EP |
                    RC_CAP_SW | RC_CAP_ARBTX | RC_CAP_ARBRX | RC_CAP_CODEC |
                    RC_CAP_SWITCH | RC_CAP_SW_REPLACE | RC_CAP_ARBRX_FREED,
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
                       [RC_POL_EP_ORPHAN] = 1,         /* annex_a2 */
                       [RC_POL_SW_IMPORTANCE] = 1,     /* i_fcsw_4 */
                       [RC_POL_ARBTX_RELEASE] = 1,     /* on_end */
                       [RC_POL_ARBRX_COPIES] = 1,      /* i_arb_5_6_7 */
                       [RC_POL_ARBRX_CROSSING] = 1,    /* i_arb_20 */
                       [RC_POL_RX_BEYOND] = 1,         /* ignore_bits */
                       [RC_POL_RX_NOT_LINKED] = 1},    /* ignore */
        },
    .machine =
        {
            [RC_M_CODEC] = {codec_create, rd_destroy, codec_step, codec_query},
            [RC_M_P12REG] = {p12reg_create, rd_destroy, p12reg_step,
                             p12reg_query},
            [RC_M_P9REG] = {p9reg_create, rd_destroy, p9reg_step, p9reg_query},
            [RC_M_GEN] = {gen_create, gen_destroy, gen_step, gen_query},
            [RC_M_RX] = {rx_create, rd_destroy, rx_step, rx_query},
            [RC_M_EP] = {ep_create, rd_destroy, ep_step, ep_query},
            [RC_M_SW] = {sw_create, rd_destroy, sw_step, sw_query},
            [RC_M_ARBTX] = {arbtx_create, rd_destroy, arbtx_step, arbtx_query},
            [RC_M_ARBRX] = {arbrx_create, rd_destroy, arbrx_step, arbrx_query},
        },
    .cs64_decode = codec_cs64_decode,
};

const struct rc_dut *rc_refdut(void)
{
    return &rd_dut;
}

#ifndef REFDUT_NO_ENTRY
const struct rc_dut *riocheck_dut_v1(void)
{
    return &rd_dut;
}
#endif
