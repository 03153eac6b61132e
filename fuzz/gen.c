/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/gen.c - the Part 12 VoQ backpressure GENERATOR (machine gen) driven by
 * an event program (common/evprog.h) through the DUT ABI (rc_refdut()).
 *
 * The target keeps its own shadow of the device, written from Part 12 4.2 and
 * Table 5-4 without looking at reference/src/voqgen.c: per port the CSR word
 * (from csr events) and the real congestion per VC (congest events); per
 * transmitting port, VC and reported port the status last sent (from the
 * symbols the DUT put on the wire). After every event it computes the exact
 * list of symbols the spec requires and compares:
 *   - no symbol leaves a port whose Enable VoQ Symbol Generation (bit 8) is
 *     0, or whose TX Port Group Size is the reserved 7   (P12-4.2-a, I-GEN-5)
 *   - a symbol for (port, VC stream, group) appears exactly when the
 *     reported status of a participating port of the group differs from what
 *     the port last sent for it on that stream; refresh ticks and link
 *     recovery resend every group                 (P12-4.2-e/f/g, I-GEN-2/9)
 *   - the status in a symbol is the Table 5-4 reported status of every port
 *     of the group, aggregated over the VCs in use without per-VC
 *                                  (P12-T5-4-00/01/10/11, P12-5.1.2.2-x2)
 *   - the encoded stype2 / CS64 parameter decodes (harness/oracle, a naive
 *     spec-literal decoder) to the same group and status, with VC_IND 0b1111
 *     without per-VC and the VC's own with it; a per-VC CS48 symbol rides
 *     with Status (VC0) or VC_Status VCID = VC - 1  (P12-3.2-d, P12-3.3-g)
 *   - symbols come in I-GEN-13 order (port, VC stream, group ascending)
 *   - a step with invalid arguments fails and changes nothing; a valid one
 *     succeeds (RC_FULL only when its symbols exceed the output array)
 *   - the reported and last_sent queries agree with the shadow.
 * Ports above GEN_GLOBAL_PORTS are checked on the groups an event can touch
 * (the rest cannot change without a symbol that is itself checked).
 * A record is applied at most GEN_REPEAT (16) times, a tick at most
 * GEN_TICK_REPEAT (4): repeating a congest, csr or link_recovered event
 * changes nothing after the first, and a tick carries its own count (a
 * refresh of every group of 256 ports x 9 VCs per tick made programs of
 * repeated ticks take 15 s under ASan), and an input ends once 65536
 * symbols have been checked (GEN_SYMBOL_BUDGET).
 */
#include <stdlib.h>
#include <string.h>

#include "../harness/oracle/oracle.h"
#include "../harness/refdut/refdut.h"
#include "common/evprog.h"
#include "common/fuzz.h"

#define GEN_PORTS 256u
#define GEN_VCS 9u
#define GEN_CAP 8192u
#define GEN_GLOBAL_PORTS 16u /* up to here every group is re-derived */
#define GEN_REPEAT 16u       /* repetitions checked (the rest are the same) */
#define GEN_TICK_REPEAT 4u
/* An input stops after the step that brings the symbols checked to this
 * many: a tick can carry thousands of refreshes (refresh = 1, n = 8192), and
 * the fuzzer learned to chain such ticks into 15-s inputs. */
#define GEN_SYMBOL_BUDGET 65536u
#define GEN_ALL 255u         /* the all-VCs stream */

#define CSR_GEN 0x00800000u       /* bit 8 */
#define CSR_PART 0x00400000u      /* bit 9 */
#define CSR_XOFF 0x00200000u      /* bit 10 */
#define CSR_PERVC 0x00100000u     /* bit 11 */
#define CSR_PERVC_SUP 0x20000000u /* bit 2 */

struct shadow {
    unsigned rev, cs64, ports;
    uint16_t vcmask;           /* VCs in use (Part 6 Table 3-12) */
    uint64_t refresh, elapsed; /* ticks between refreshes, since the last */
    unsigned link_refresh;
    uint32_t csr[GEN_PORTS];
    uint16_t cong[GEN_PORTS]; /* bit v: really congested on VC v */
    uint64_t sent[GEN_PORTS][GEN_VCS][GEN_PORTS / 64u];
};

struct expect {
    unsigned n;
    unsigned distinct; /* the first `distinct` differ; the rest repeat them */
    struct sym {
        uint16_t p, g;
        uint8_t stream;
        uint32_t status;
    } s[GEN_CAP];
};

static struct rc_msg gen_out[GEN_CAP];
static struct shadow gen_sh;
static struct expect gen_ex;

static int in_use(const struct shadow *s, uint64_t vc)
{
    return vc < GEN_VCS && ((s->vcmask >> vc) & 1u);
}

/* Table 5-4 (bits 9, 10), I-GEN-3 (OR over the VCs without per-VC), I-GEN-4
 * (ports the device lacks report 0). */
static FUZZ_ORACLE unsigned reported(const struct shadow *s, unsigned q,
                                     unsigned stream)
{
    if (q >= s->ports)
        return 0;
    uint32_t c = s->csr[q];
    if (!(c & CSR_PART))
        return (c & CSR_XOFF) ? 1u : 0u;
    if (c & CSR_XOFF)
        return 1;
    if (stream == GEN_ALL)
        return (s->cong[q] & s->vcmask) != 0;
    return (s->cong[q] >> stream) & 1u;
}

static FUZZ_ORACLE int participating(const struct shadow *s, unsigned q)
{
    return q < s->ports && (s->csr[q] & CSR_PART) != 0;
}

/* 0: p sends nothing (bit 8 clear, or rev 3 TX size 7); 1: one all-VCs
 * stream; 2: a stream per VC in use (bit 11, rev 3 only with bit 2). */
static FUZZ_ORACLE unsigned tx_mode(const struct shadow *s, unsigned p)
{
    uint32_t c = s->csr[p];
    if (!(c & CSR_GEN))
        return 0;
    if (s->rev == 3u && ((c >> 3) & 7u) == 7u)
        return 0;
    if (!(c & CSR_PERVC))
        return 1;
    return s->rev == 2u || (c & CSR_PERVC_SUP) ? 2u : 1u;
}

/* Group width N, status width S, groups in use (4.2d). */
static FUZZ_ORACLE void geometry(const struct shadow *s, unsigned p,
                                 unsigned *n, unsigned *w, unsigned *groups)
{
    unsigned addressable;
    if (s->rev == 2u) {
        *n = 5;
        *w = 6;
        addressable = 32;
    } else {
        *n = (s->csr[p] >> 3) & 7u;
        *w = (s->cs64 ? 20u : 13u) - (*n > 6u ? 0u : *n);
        addressable = 1u << (*n > 6u ? 0u : *n);
    }
    unsigned needed = (s->ports + *w - 1u) / *w;
    *groups = needed < addressable ? needed : addressable;
}

/* Bit sets of ports, GEN_PORTS bits in 64-bit words. */
#define GEN_WORDS (GEN_PORTS / 64u)

/* len (<= 32) bits of set from bit `from`; bits at or past GEN_PORTS are 0. */
static FUZZ_ORACLE uint32_t bits(const uint64_t *set, unsigned from,
                                 unsigned len)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < len; i++) {
        unsigned q = from + i;
        if (q >= GEN_PORTS)
            break;
        v |= (uint32_t)((set[q / 64u] >> (q % 64u)) & 1u) << i;
    }
    return v;
}

static FUZZ_ORACLE void put_bits(uint64_t *set, unsigned from, unsigned len,
                                 uint32_t v, unsigned limit)
{
    for (unsigned i = 0; i < len && from + i < limit; i++) {
        unsigned q = from + i;
        uint64_t m = (uint64_t)1 << (q % 64u);
        set[q / 64u] = (v >> i) & 1u ? set[q / 64u] | m : set[q / 64u] & ~m;
    }
}

static FUZZ_ORACLE unsigned sent_get(const struct shadow *s, unsigned p,
                                     unsigned v, unsigned q)
{
    return (unsigned)((s->sent[p][v][q / 64u] >> (q % 64u)) & 1u);
}

/* The reported status of every port on every stream (index GEN_VCS = the
 * all-VCs stream) and the participating ports, for one scan. */
struct now {
    uint64_t rep[GEN_VCS + 1u][GEN_WORDS];
    uint64_t part[GEN_WORDS];
};

static FUZZ_ORACLE void snapshot(const struct shadow *s, struct now *nw)
{
    memset(nw, 0, sizeof *nw);
    for (unsigned q = 0; q < s->ports; q++) {
        uint64_t m = (uint64_t)1 << (q % 64u);
        if (participating(s, q))
            nw->part[q / 64u] |= m;
        for (unsigned st = 0; st <= GEN_VCS; st++)
            if (reported(s, q, st == GEN_VCS ? GEN_ALL : st))
                nw->rep[st][q / 64u] |= m;
    }
}

static FUZZ_ORACLE unsigned stream_index(unsigned stream)
{
    return stream == GEN_ALL ? GEN_VCS : stream;
}

/* 4.2e, I-GEN-2, I-GEN-7: does a participating port of the group differ from
 * what p last sent (on every VC in use, for the all-VCs stream)? */
static FUZZ_ORACLE int changed(const struct shadow *s, const struct now *nw,
                               unsigned p, unsigned w, unsigned stream,
                               unsigned g)
{
    uint32_t part = bits(nw->part, g * w, w);
    uint32_t r = bits(nw->rep[stream_index(stream)], g * w, w);
    if (part == 0)
        return 0;
    for (unsigned v = 0; v < GEN_VCS; v++)
        if ((stream == GEN_ALL ? in_use(s, v) : v == stream) &&
            ((bits(s->sent[p][v], g * w, w) ^ r) & part) != 0)
            return 1;
    return 0;
}

static FUZZ_ORACLE void record(struct shadow *s, const struct sym *y,
                               unsigned w)
{
    for (unsigned v = 0; v < GEN_VCS; v++)
        if (y->stream == GEN_ALL || v == y->stream)
            put_bits(s->sent[y->p][v], y->g * w, w, y->status, s->ports);
}

/* The symbols required now, in I-GEN-13 order, appended to ex; they are not
 * recorded. focus: the port whose group is checked on every transmitter
 * (GEN_PORTS: none); all_of: the port all of whose groups are checked
 * (GEN_PORTS: none; GEN_PORTS + 1: every port); force: send whether changed
 * or not (refresh). Returns 0, or -1 when more than GEN_CAP. */
static FUZZ_ORACLE int scan(const struct shadow *s, struct expect *ex,
                            unsigned focus, unsigned all_of, int force)
{
    static struct now nw;
    snapshot(s, &nw);
    if (s->ports <= GEN_GLOBAL_PORTS && !force)
        all_of = GEN_PORTS + 1u; /* small devices: the whole rule, always */
    for (unsigned p = 0; p < s->ports; p++) {
        unsigned mode = tx_mode(s, p), n, w, groups;
        if (mode == 0)
            continue;
        geometry(s, p, &n, &w, &groups);
        unsigned g0 = 0, g1 = groups;
        if (all_of != p && all_of != GEN_PORTS + 1u) {
            if (focus >= s->ports || focus / w >= groups)
                continue;
            g0 = focus / w;
            g1 = g0 + 1u;
        }
        for (unsigned st = 0; st <= GEN_VCS; st++) {
            unsigned stream = st == 0 ? GEN_ALL : st - 1u;
            if (mode == 1 ? stream != GEN_ALL
                          : (stream == GEN_ALL || !in_use(s, stream)))
                continue;
            for (unsigned g = g0; g < g1; g++) {
                if (!force && !changed(s, &nw, p, w, stream, g))
                    continue;
                if (ex->n >= GEN_CAP)
                    return -1;
                struct sym *y = &ex->s[ex->n++];
                y->p = (uint16_t)p;
                y->g = (uint16_t)g;
                y->stream = (uint8_t)stream;
                y->status = bits(nw.rep[stream_index(stream)], g * w, w);
            }
        }
    }
    return 0;
}

static FUZZ_NORETURN void describe_fail(const struct evprog *p,
                                        const struct evprog_step *st,
                                        uint32_t rep, const char *rule,
                                        const char *what)
{
    char e[700];
    evprog_format(e, sizeof e, p, st);
    fuzz_fail("gen %s: %s; %s, repetition %u", rule, what, e, (unsigned)rep);
}

/* A failed symbol check: the output, what is wrong, the rule. */
static FUZZ_NORETURN void symbol_fail(const struct evprog *p,
                                      const struct evprog_step *st,
                                      uint32_t rep, const struct rc_msg *o,
                                      const char *rule, const char *what)
{
    char m[512], w[1200];
    evprog_format_msg(m, sizeof m, p, 1, o);
    snprintf(w, sizeof w, "%s: %s", m, what);
    describe_fail(p, st, rep, rule, w);
}

/* Compare one output with the expected symbol (fields, ride, encoding). */
static void check_symbol(const struct evprog *p, const struct evprog_step *st,
                         uint32_t rep, const struct rc_msg *o,
                         const struct sym *y)
{
    const struct shadow *s = &gen_sh;
    char w[600];
    unsigned n, sw, groups;
    if (o->kind != RC_GEN_OUT_SYMBOL || o->nargs != 7u)
        symbol_fail(p, st, rep, o, "P12-4.2-e", "not a symbol");
    if (o->arg[0] < s->ports && tx_mode(s, (unsigned)o->arg[0]) == 0) {
        snprintf(w, sizeof w, "the port does not transmit (CSR 0x%08X)",
                 (unsigned)s->csr[o->arg[0]]);
        symbol_fail(p, st, rep, o, "P12-4.2-a", w);
    }
    if (o->arg[0] != y->p || o->arg[1] != y->stream || o->arg[2] != y->g ||
        o->arg[3] != y->status) {
        snprintf(w, sizeof w,
                 "Table 5-4 / 4.2e require symbol tx_port=%u vc=%u group=%u "
                 "status=0x%X",
                 y->p, y->stream, y->g, (unsigned)y->status);
        symbol_fail(p, st, rep, o,
                    o->arg[0] == y->p && o->arg[2] == y->g
                        ? "P12-T5-4-10/P12-4.2-e"
                        : "P12-4.2-e",
                    w);
    }
    uint64_t ride = RC_VC_ALL, vcid = 0;
    if (!s->cs64 && y->stream != GEN_ALL) {
        ride = y->stream == 0 ? 4u : 5u;
        vcid = y->stream == 0 ? 0u : y->stream - 1u;
    }
    if (o->arg[4] != ride || o->arg[5] != vcid) {
        snprintf(w, sizeof w, "must ride with %u vcid %u", (unsigned)ride,
                 (unsigned)vcid);
        symbol_fail(p, st, rep, o, "P12-3.3-g/P12-4.2-c", w);
    }
    struct rc_msg d;
    memset(&d, 0, sizeof d);
    geometry(s, y->p, &n, &sw, &groups);
    int rc = s->cs64 ? oracle_cs64(n, (uint32_t)o->arg[6], &d)
                     : oracle_stype2(s->rev, n, (uint32_t)o->arg[6], &d);
    uint64_t vc_ind = y->stream == GEN_ALL ? 15u
                      : y->stream == 0     ? 8u
                                           : y->stream - 1u;
    if (o->arg[6] > (s->cs64 ? 0xFFFFFFu : 0x3FFFu) || rc != RC_OK ||
        d.arg[0] != 0 || d.arg[5] != y->g || d.arg[6] != y->status ||
        (s->cs64 && d.arg[1] != vc_ind)) {
        snprintf(w, sizeof w,
                 "encoded 0x%llX decodes (oracle) to kind %u vc_ind %u group "
                 "%u status 0x%X",
                 (unsigned long long)o->arg[6], (unsigned)d.arg[0],
                 (unsigned)d.arg[1], (unsigned)d.arg[5], (unsigned)d.arg[6]);
        symbol_fail(p, st, rep, o,
                    s->cs64 ? "P12-3.2-d/P12-3.2-e" : "P12-3.1-c", w);
    }
}

static int query(void *inst, uint32_t kind, uint64_t a0, uint64_t a1,
                 uint64_t a2, uint32_t nargs, uint64_t *v)
{
    struct rc_msg q = {.kind = kind, .nargs = nargs, .arg = {a0, a1, a2}};
    return rc_refdut()->machine[RC_M_GEN].query(inst, &q, v);
}

/* reported(q, vc) and last_sent(p, g, vc) against the shadow. */
static void check_queries(const struct evprog *p, const struct evprog_step *st,
                          void *inst, unsigned q)
{
    const struct shadow *s = &gen_sh;
    char w[512];
    uint64_t v = 0;
    if (q >= s->ports)
        return;
    for (unsigned vc = 0; vc <= GEN_VCS; vc++) {
        unsigned stream = vc == GEN_VCS ? GEN_ALL : vc;
        if (stream != GEN_ALL && !in_use(s, stream))
            continue;
        int rc = query(inst, RC_GEN_Q_REPORTED, q, stream, 0, 2, &v);
        if (rc != RC_OK || v != reported(s, q, stream)) {
            snprintf(w, sizeof w,
                     "query reported port=%u vc=%u: rc %d value %llu, Table "
                     "5-4 gives %u (CSR 0x%08X)",
                     q, stream, rc, (unsigned long long)v,
                     reported(s, q, stream), (unsigned)s->csr[q]);
            describe_fail(p, st, 0, "P12-T5-4-10", w);
        }
    }
    for (unsigned tx = 0; tx < s->ports && tx < GEN_GLOBAL_PORTS; tx++) {
        unsigned n, sw, groups;
        if (s->rev == 3u && ((s->csr[tx] >> 3) & 7u) == 7u)
            continue;
        geometry(s, tx, &n, &sw, &groups);
        unsigned g = q / sw;
        if (g >= (1u << n))
            continue;
        for (unsigned vc = 0; vc < GEN_VCS; vc++) {
            if (!in_use(s, vc))
                continue;
            uint32_t want = 0;
            for (unsigned i = 0; i < sw && g * sw + i < s->ports; i++)
                want |= (uint32_t)sent_get(s, tx, vc, g * sw + i) << i;
            int rc = query(inst, RC_GEN_Q_LAST_SENT, tx, g, vc, 3, &v);
            if (rc != RC_OK || v != want) {
                snprintf(w, sizeof w,
                         "query last_sent port=%u group=%u vc=%u: rc %d value "
                         "0x%llX, the symbols sent give 0x%X",
                         tx, g, vc, rc, (unsigned long long)v, (unsigned)want);
                describe_fail(p, st, 0, "P12-4.2-e", w);
            }
        }
    }
}

/* Apply one event to the shadow (inputs only) and build the expected
 * symbols; returns 1 when the event is valid, 0 when the DUT must refuse it.
 * *full: the expected outputs exceed the output array. */
static FUZZ_ORACLE int expect_event(struct shadow *s, struct expect *ex,
                                    const struct rc_msg *e, int *full,
                                    uint64_t *elapsed)
{
    const uint64_t *a = e->arg;
    ex->n = 0;
    ex->distinct = GEN_CAP;
    *full = 0;
    *elapsed = s->elapsed;
    switch ((enum rc_gen_event)e->kind) {
    case RC_GEN_EV_CONGEST:
        if (a[0] >= s->ports || !in_use(s, a[1]) || a[2] > 1u)
            return 0;
        if (a[2])
            s->cong[a[0]] = (uint16_t)(s->cong[a[0]] | (1u << a[1]));
        else
            s->cong[a[0]] = (uint16_t)(s->cong[a[0]] & ~(1u << a[1]));
        *full = scan(s, ex, (unsigned)a[0], GEN_PORTS, 0) != 0;
        return 1;
    case RC_GEN_EV_CSR:
        if (a[0] >= s->ports || a[1] > 0xFFFFFFFFu)
            return 0;
        s->csr[a[0]] = (uint32_t)a[1];
        *full = scan(s, ex, (unsigned)a[0], (unsigned)a[0], 0) != 0;
        return 1;
    case RC_GEN_EV_TICK: {
        if (s->refresh == 0)
            return 1;
        uint64_t part = a[0] % s->refresh + s->elapsed;
        uint64_t k = a[0] / s->refresh + part / s->refresh;
        *elapsed = part % s->refresh;
        if (k == 0)
            return 1;
        if (scan(s, ex, GEN_PORTS, GEN_PORTS + 1u, 1) != 0) {
            *full = 1;
            return 1;
        }
        if (ex->n == 0)
            return 1; /* nothing transmits: refreshes send nothing */
        if (k > GEN_CAP / ex->n) {
            *full = 1;
            return 1;
        }
        unsigned one = ex->n;
        ex->distinct = one; /* k refreshes send the same symbols */
        for (uint64_t i = 1; i < k; i++)
            for (unsigned j = 0; j < one; j++)
                ex->s[ex->n++] = ex->s[j];
        return 1;
    }
    case RC_GEN_EV_LINK_RECOVERED:
        if (a[0] >= s->ports)
            return 0;
        if (s->link_refresh)
            *full = scan(s, ex, GEN_PORTS, (unsigned)a[0], 1) != 0;
        return 1;
    case RC_GEN_EV_END_:
        break;
    }
    return 0;
}

/* A program query: the shadow's answer, or -1 when the query is invalid. */
static FUZZ_ORACLE int64_t expect_query(const struct shadow *s,
                                        const struct rc_msg *q)
{
    const uint64_t *a = q->arg;
    if (q->kind == RC_GEN_Q_REPORTED) {
        if (a[0] >= s->ports || (a[1] != GEN_ALL && !in_use(s, a[1])))
            return -1;
        return reported(s, (unsigned)a[0], (unsigned)a[1]);
    }
    unsigned n, w, groups;
    if (a[0] >= s->ports || a[2] == GEN_ALL || !in_use(s, a[2]))
        return -1;
    if (s->rev == 3u && ((s->csr[a[0]] >> 3) & 7u) == 7u)
        return -1;
    geometry(s, (unsigned)a[0], &n, &w, &groups);
    if (a[1] >= (1u << n))
        return -1;
    uint32_t v = 0;
    for (unsigned i = 0; i < w && a[1] * w + i < s->ports; i++)
        v |= (uint32_t)sent_get(s, (unsigned)a[0], (unsigned)a[2],
                                (unsigned)(a[1] * w + i))
             << i;
    return v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct evprog p;
    struct evprog_step st;
    struct shadow *s = &gen_sh;
    const struct rc_machine_ops *ops = &rc_refdut()->machine[RC_M_GEN];
    void *inst = NULL;
    char w[2048];

    evprog_open(&p, RC_M_GEN, data, size);
    uint64_t rev = evprog_cfg(&p, RC_GEN_CFG_REV),
             fmt = evprog_cfg(&p, RC_GEN_CFG_FORMAT),
             ports = evprog_cfg(&p, RC_GEN_CFG_PORTS),
             vcs = evprog_cfg(&p, RC_GEN_CFG_VCS);
    int valid = (rev == 2u || rev == 3u) && (fmt == 48u || fmt == 64u) &&
                !(rev == 2u && fmt == 64u) && ports >= 1u &&
                ports <= (rev == 2u ? 192u : 256u) && evprog_vc_mask(vcs) != 0 &&
                evprog_cfg(&p, RC_GEN_CFG_REFRESH) <= 0xFFFFFFFFu &&
                evprog_cfg(&p, RC_GEN_CFG_LINK_REFRESH) <= 1u;
    int rc = evprog_create(&p, rc_refdut(), &inst);
    if ((rc == RC_OK) != valid)
        fuzz_fail("gen: create returned %d for a %s configuration "
                  "(rev %llu format %llu ports %llu vcs %llu)",
                  rc, valid ? "valid" : "invalid", (unsigned long long)rev,
                  (unsigned long long)fmt, (unsigned long long)ports,
                  (unsigned long long)vcs);
    if (rc != RC_OK)
        return 0;

    memset(s, 0, sizeof *s);
    s->rev = (unsigned)rev;
    s->cs64 = fmt == 64u;
    s->ports = (unsigned)ports;
    s->vcmask = evprog_vc_mask(vcs);
    s->refresh = evprog_cfg(&p, RC_GEN_CFG_REFRESH);
    s->link_refresh = (unsigned)evprog_cfg(&p, RC_GEN_CFG_LINK_REFRESH);

    uint64_t symbols = 0; /* checked so far: at most GEN_SYMBOL_BUDGET */
    while (symbols < GEN_SYMBOL_BUDGET && evprog_next(&p, &st)) {
        if (st.query) {
            uint64_t v = 0;
            int64_t want = expect_query(s, &st.msg);
            rc = ops->query(inst, &st.msg, &v);
            if ((want < 0) != (rc != RC_OK) ||
                (want >= 0 && v != (uint64_t)want)) {
                snprintf(w, sizeof w, "answer rc %d value 0x%llX, shadow %lld",
                         rc, (unsigned long long)v, (long long)want);
                describe_fail(&p, &st, 0, "P12-4.2-e", w);
            }
            continue;
        }
        uint32_t cap =
            st.msg.kind == RC_GEN_EV_TICK ? GEN_TICK_REPEAT : GEN_REPEAT;
        for (uint32_t r = 0; r < st.repeat && r < cap; r++) {
            uint32_t n = 0;
            int full = 0;
            uint64_t elapsed = 0;
            unsigned port =
                st.msg.kind != RC_GEN_EV_TICK && st.msg.arg[0] < s->ports
                    ? (unsigned)st.msg.arg[0]
                    : GEN_PORTS;
            uint32_t old_csr = port < GEN_PORTS ? s->csr[port] : 0;
            uint16_t old_cong = port < GEN_PORTS ? s->cong[port] : 0;
            int ok = expect_event(s, &gen_ex, &st.msg, &full, &elapsed);
            rc = ops->step(inst, &st.msg, gen_out, GEN_CAP, &n);
            symbols += n;
            if (!ok || full || rc != RC_OK) {
                if (rc == RC_OK || n != 0 || (ok && !full) ||
                    (full && rc != RC_FULL)) {
                    snprintf(w, sizeof w,
                             "result %d with %u outputs; the event is %s", rc,
                             (unsigned)n,
                             !ok    ? "invalid"
                             : full ? "too big (full)"
                                    : "valid");
                    describe_fail(&p, &st, r, "ABI", w);
                }
                if (port < GEN_PORTS) { /* nothing changed */
                    s->csr[port] = old_csr;
                    s->cong[port] = old_cong;
                }
                continue;
            }
            if (n != gen_ex.n) {
                unsigned i = 0;
                while (i < n && i < gen_ex.n &&
                       gen_out[i].arg[0] == gen_ex.s[i].p &&
                       gen_out[i].arg[2] == gen_ex.s[i].g &&
                       gen_out[i].arg[1] == gen_ex.s[i].stream)
                    i++;
                char m[512] = "none";
                if (i < n)
                    evprog_format_msg(m, sizeof m, &p, 1, &gen_out[i]);
                snprintf(w, sizeof w,
                         "%u symbols where the spec requires %u; first "
                         "difference at %u: DUT %s, required %s",
                         (unsigned)n, gen_ex.n, i, m,
                         i < gen_ex.n ? "a symbol" : "nothing");
                describe_fail(&p, &st, r,
                              i < n && gen_out[i].arg[0] < s->ports &&
                                      tx_mode(s, (unsigned)gen_out[i].arg[0]) ==
                                          0
                                  ? "P12-4.2-a"
                                  : "P12-4.2-e",
                              w);
            }
            for (unsigned i = 0; i < n; i++) {
                unsigned nn, sw, groups;
                check_symbol(&p, &st, r, &gen_out[i], &gen_ex.s[i]);
                geometry(s, gen_ex.s[i].p, &nn, &sw, &groups);
                if (i < gen_ex.distinct)
                    record(s, &gen_ex.s[i], sw);
            }
            s->elapsed = elapsed;
        }
        unsigned focus =
            st.msg.nargs > 0 && st.msg.kind != RC_GEN_EV_TICK
                ? (unsigned)(st.msg.arg[0] < GEN_PORTS ? st.msg.arg[0]
                                                       : GEN_PORTS)
                : 0u;
        check_queries(&p, &st, inst, focus);
    }
    ops->destroy(inst);
    return 0;
}
