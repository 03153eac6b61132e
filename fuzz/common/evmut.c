/* SPDX-License-Identifier: Apache-2.0 */
/* Structure-aware mutation of differential inputs (evmut.h). */
#include "evmut.h"

#include <string.h>

#include "../../harness/core/registry.h"
#include "evprog.h"
#include "fuzz.h"

#define MAX_RECS 512u
#define MAX_ITEMS RC_MAX_ARGS

/* One item of a record (a value or a byte string) or the repeat count. */
struct item {
    const char *name;  /* argument name (the first of a len/hi/lo triple) */
    uint32_t off, len; /* bytes present in the source */
    uint32_t need;     /* its full length (missing bytes read as 0) */
};

struct rec {
    const uint8_t *src; /* the buffer off refers to */
    uint32_t off, len, need;
    int query;
    const struct rc_kind_desc *kind;
    unsigned nitems;
    struct item it[MAX_ITEMS];
    int has_rep;
    struct item rep;
};

struct prog {
    uint32_t machine;
    const struct rc_machine_desc *d;
    const uint8_t *src;
    uint32_t size;
    uint32_t hdr_end; /* offset after the header (need: hdr_need) */
    uint32_t hdr_need;
    unsigned n;
    struct rec r[MAX_RECS];
    uint32_t tail; /* offset of bytes left unparsed (too many records) */
};

/* ---- reading ---------------------------------------------------------------
 * The same reading as evprog_open / evprog_next, keeping the byte spans. */

struct rd {
    const uint8_t *b;
    uint32_t size, pos;
};

static uint8_t rd_u8(struct rd *r)
{
    return r->pos < r->size ? r->b[r->pos++] : 0;
}

/* Skip n bytes; returns how many were there. */
static uint32_t rd_skip(struct rd *r, uint32_t n)
{
    uint32_t have = r->size - r->pos < n ? r->size - r->pos : n;
    r->pos += have;
    return have;
}

/* A value item: 1, 5 or 9 bytes. */
static void rd_value(struct rd *r, struct item *it)
{
    it->off = r->pos;
    uint32_t had = r->pos < r->size ? 1u : 0u;
    uint8_t b = rd_u8(r);
    uint32_t more = b == 0xFFu ? 8u : (b & 0x80u) ? 4u : 0u;
    it->len = had + rd_skip(r, more);
    it->need = 1u + more;
}

static void rd_bytes(struct rd *r, struct item *it, int rx_symbol)
{
    it->off = r->pos;
    uint32_t had = r->pos < r->size ? 1u : 0u;
    uint8_t b = rd_u8(r);
    uint32_t more = b < 0x80u && rx_symbol
                        ? 4u
                        : (b < 0x80u ? b : (unsigned)(b & 0x7Fu)) % 17u;
    it->len = had + rd_skip(r, more);
    it->need = 1u + more;
}

static void rd_repeat(struct rd *r, struct item *it)
{
    it->off = r->pos;
    it->len = it->need = 0;
    for (unsigned i = 0; i < 3u; i++) {
        uint32_t had = r->pos < r->size ? 1u : 0u;
        uint8_t b = rd_u8(r);
        it->len += had;
        it->need++;
        if ((b & 0x80u) == 0)
            break;
    }
}

static void parse(struct prog *g, const uint8_t *data, uint32_t size)
{
    memset(g, 0, sizeof *g);
    g->src = data;
    g->size = size;
    g->machine = size > 0 ? data[0] % RC_MACHINE_COUNT : 0;
    g->d = rc_machine_by_id(g->machine);
    struct rd r = {data, size, size > 0 ? 1u : 0u};
    size_t nkeys = g->d->nconfig;
    unsigned nh = rd_u8(&r) % (unsigned)(nkeys + 1u);
    uint32_t need = 1;
    for (unsigned i = 0; i < nh; i++) {
        struct item it;
        (void)rd_u8(&r);
        rd_value(&r, &it);
        need += 1u + it.need;
    }
    g->hdr_end = r.pos;
    g->hdr_need = need;
    size_t nq = evprog_nqueries(g->d);
    while (r.pos < size && g->n < MAX_RECS) {
        struct rec *c = &g->r[g->n++];
        c->src = data;
        c->off = r.pos;
        uint8_t head = rd_u8(&r);
        c->query = (head & 0x80u) != 0 && nq > 0;
        c->kind = c->query ? &g->d->queries[(head & 0x3Fu) % nq]
                           : &g->d->events[(head & 0x3Fu) % g->d->nevents];
        unsigned nargs = rc_kind_nargs(c->kind);
        uint32_t rneed = 1;
        for (unsigned i = 0; i < nargs && c->nitems < MAX_ITEMS; i++) {
            struct item *it = &c->it[c->nitems++];
            it->name = c->kind->args[i];
            if (evprog_bytes_arg(c->kind, i)) {
                rd_bytes(&r, it,
                         g->machine == RC_M_RX &&
                             c->kind->kind == RC_RX_EV_SYMBOL);
                i += 2u;
            } else {
                rd_value(&r, it);
            }
            rneed += it->need;
        }
        c->has_rep = !c->query && (head & 0x40u) != 0;
        if (c->has_rep) {
            rd_repeat(&r, &c->rep);
            rneed += c->rep.need;
        }
        c->len = r.pos - c->off;
        c->need = rneed;
    }
    g->tail = r.pos;
}

/* ---- writing ---------------------------------------------------------------
 */

struct out {
    uint8_t *b;
    size_t cap, len;
    int over;
};

static void put(struct out *o, uint8_t v)
{
    if (o->len >= o->cap) {
        o->over = 1;
        return;
    }
    o->b[o->len++] = v;
}

/* src[off..off+len) then zeros up to need. */
static void put_span(struct out *o, const uint8_t *src, uint32_t off,
                     uint32_t len, uint32_t need)
{
    for (uint32_t i = 0; i < need; i++)
        put(o, i < len ? src[off + i] : 0u);
}

static void put_rec(struct out *o, const struct rec *c)
{
    put_span(o, c->src, c->off, c->len, c->need);
}

/* The arena holds the records the mutator builds (one call). */
static uint8_t arena[EVMUT_MAX_SIZE];
static size_t arena_len;

/* ---- generating ----------------------------------------------------------- */

static int is_target_arg(const char *a)
{
    static const char *const t[] = {
        "port",  "tx_port",        "in_port",            "ccp_port",
        "vc",    "flow",           "flow_id",            "queue",
        "dest",  "destination_id", "tgt_destination_id", "source_id",
        "group", "id"};
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (strcmp(a, t[i]) == 0)
            return 1;
    return 0;
}

/* An item of another record with the same argument name, or NULL. */
static const struct item *same_named(const struct prog *g, struct fuzz_rng *r,
                                     const char *name, const struct rec **from)
{
    if (g->n == 0)
        return NULL;
    unsigned start = fuzz_rng_below(r, g->n);
    for (unsigned k = 0; k < g->n; k++) {
        const struct rec *c = &g->r[(start + k) % g->n];
        for (unsigned i = 0; i < c->nitems; i++)
            if (strcmp(c->it[i].name, name) == 0) {
                *from = c;
                return &c->it[i];
            }
    }
    return NULL;
}

static void gen_u32(struct out *o, struct fuzz_rng *r)
{
    static const uint32_t v[] = {0,          1,         2,          0x7F,
                                 0x80,       0xFF,      0x100,      0xFFFF,
                                 0x10000,    0x7FFFFFFFu, 0x80000000u,
                                 0xFFFFFFFFu};
    uint32_t x = fuzz_rng_below(r, 2) ? v[fuzz_rng_below(r, sizeof v / sizeof v[0])]
                                      : (uint32_t)fuzz_rng_next(r);
    put(o, 0x80);
    for (int s = 24; s >= 0; s -= 8)
        put(o, (uint8_t)(x >> s));
}

/* The values a side of Part 9 receives (small values = the values): an
 * arbitration transmitter gets the destination's answers XOFF(ARB) 1 and
 * XON(ARB) 4 (2.4.7 rules 2, 3), a receiver the source's REQUEST_SINGLE 5,
 * REQUEST_MULTI 6 and RELEASE 2 (rules 4, 7); end points and switches act
 * on FAM 000, congestion management (Table 3-2). The other values stay
 * reachable (a quarter of the time), they only cause no action. */
struct hint {
    uint32_t machine, kind;
    const char *arg;
    uint8_t n, v[3];
};

static const struct hint hints[] = {
    {RC_M_ARBTX, RC_ARBTX_EV_CCP, "cmd", 2, {1, 4, 0}},
    {RC_M_ARBRX, RC_ARBRX_EV_CCP, "cmd", 3, {5, 6, 2}},
    {RC_M_EP, RC_EP_EV_CCP, "fam", 1, {0, 0, 0}},
    {RC_M_SW, RC_SW_EV_FORWARD, "fam", 1, {0, 0, 0}},
    /* a type 7 packet to pack: ftype 0111, tt Dev8/16/32, VC 0/1 (Part 6
     * packet header), so that packing succeeds and its bytes (CRC-16) are
     * compared */
    {RC_M_CODEC, RC_CODEC_EV_CCP_PACK, "ftype", 1, {7, 0, 0}},
    {RC_M_CODEC, RC_CODEC_EV_CCP_PACK, "tt", 3, {0, 1, 2}},
    {RC_M_CODEC, RC_CODEC_EV_CCP_PACK, "vc", 2, {0, 1, 0}},
};

static int hinted(const struct prog *g, const struct rc_kind_desc *k,
                  const char *name, struct fuzz_rng *r, uint8_t *b)
{
    for (size_t i = 0; i < sizeof hints / sizeof hints[0]; i++)
        if (hints[i].machine == g->machine && k != NULL &&
            hints[i].kind == k->kind && strcmp(hints[i].arg, name) == 0 &&
            fuzz_rng_below(r, 4) != 0) {
            *b = hints[i].v[fuzz_rng_below(r, hints[i].n)];
            return 1;
        }
    return 0;
}

/* A value for argument name: usually a small value (a meaningful one),
 * sometimes a copy of another record's, rarely a 32-bit one. */
static void gen_value(struct out *o, const struct prog *g, struct fuzz_rng *r,
                      const struct rc_kind_desc *k, const char *name)
{
    uint8_t hb;
    if (hinted(g, k, name, r, &hb)) {
        put(o, hb);
        return;
    }
    unsigned pick = fuzz_rng_below(r, 16);
    /* ports, VCs, flows, IDs: half of them name what another record named,
     * so that records act on the same port / flow */
    if (pick < 4u || (pick < 8u && is_target_arg(name))) {
        const struct rec *c = NULL;
        const struct item *it = same_named(g, r, name, &c);
        if (it != NULL) {
            put_span(o, c->src, it->off, it->len, it->need);
            return;
        }
    }
    if (pick == 15u) {
        gen_u32(o, r);
        return;
    }
    /* small values: mostly the low ones (first ports, VC0, flow A, ...) */
    put(o, (uint8_t)(fuzz_rng_below(r, 2) ? fuzz_rng_below(r, 10)
                                          : fuzz_rng_below(r, 128)));
}

static void gen_bytes(struct out *o, const struct prog *g, struct fuzz_rng *r,
                      const struct rc_kind_desc *k)
{
    if (g->machine == RC_M_RX && k->kind == RC_RX_EV_SYMBOL &&
        fuzz_rng_below(r, 8) != 0) {
        /* a synthesized VoQ symbol: kind (f & 3), VC selector, rarely a
         * corrupted CRC; group; 24 status bits (a few set, or all) */
        uint8_t f = (uint8_t)(fuzz_rng_below(r, 64) |
                              (fuzz_rng_below(r, 16) == 0 ? 0x40u : 0u));
        if (fuzz_rng_below(r, 2))
            f &= 0x3Cu; /* kind 0: a VoQ message */
        put(o, f);
        put(o, (uint8_t)fuzz_rng_below(r, 4));
        uint32_t st;
        switch (fuzz_rng_below(r, 4)) {
        case 0:
            st = 0xFFFFFFu;
            break;
        case 1:
            st = 1u << fuzz_rng_below(r, 24);
            break;
        case 2:
            st = 0;
            break;
        default:
            st = (uint32_t)fuzz_rng_next(r) & 0xFFFFFFu;
            break;
        }
        put(o, (uint8_t)(st >> 16));
        put(o, (uint8_t)(st >> 8));
        put(o, (uint8_t)st);
        return;
    }
    static const uint8_t lens[] = {6, 8, 8, 12, 16, 0, 1, 7};
    uint8_t n = lens[fuzz_rng_below(r, sizeof lens)];
    put(o, (uint8_t)(0x80u | n));
    for (unsigned i = 0; i < n; i++)
        put(o, (uint8_t)fuzz_rng_next(r));
}

/* A repeat count (v + 1 applications) as the program's varint: mostly
 * small, then 2^w - 1 / 2^w / 2^w + 1 (counter widths, wraps), rarely large
 * (a repetition costs a step and queries: long runs slow every execution). */
static void gen_repeat(struct out *o, struct fuzz_rng *r)
{
    uint32_t v;
    unsigned pick = fuzz_rng_below(r, 32);
    if (pick < 16u) {
        v = fuzz_rng_below(r, 4);
    } else if (pick < 22u) {
        v = fuzz_rng_below(r, 16);
    } else if (pick < 30u) {
        uint32_t w = 1u + fuzz_rng_below(r, pick < 28u ? 6u : 12u);
        v = (1u << w) - 2u + fuzz_rng_below(r, 3);
    } else {
        v = fuzz_rng_below(r, 1u << (8u + fuzz_rng_below(r, 10)));
    }
    if (v > (1u << 17) - 1u)
        v = (1u << 17) - 1u;
    do {
        uint8_t b = (uint8_t)(v & 0x7Fu);
        v >>= 7;
        put(o, (uint8_t)(b | (v ? 0x80u : 0u)));
    } while (v);
}

/* Parse one record just written to the arena (the shape for later ops). */
static int arena_rec(const struct prog *g, struct rec *c, size_t from)
{
    struct prog tmp;
    uint8_t one[1 + 1 + 4096];
    size_t n = arena_len - from;
    if (n + 2u > sizeof one)
        return -1;
    one[0] = (uint8_t)g->machine;
    one[1] = 0; /* no header keys */
    memcpy(one + 2, arena + from, n);
    parse(&tmp, one, (uint32_t)(n + 2u));
    if (tmp.n != 1)
        return -1;
    *c = tmp.r[0];
    c->src = arena;
    c->off = (uint32_t)from;
    for (unsigned i = 0; i < c->nitems; i++)
        c->it[i].off = c->it[i].off - 2u + (uint32_t)from;
    if (c->has_rep)
        c->rep.off = c->rep.off - 2u + (uint32_t)from;
    return 0;
}

static int new_record(const struct prog *g, struct fuzz_rng *r, struct rec *c)
{
    size_t from = arena_len;
    struct out o = {arena, sizeof arena, arena_len, 0};
    size_t nq = evprog_nqueries(g->d);
    int query = nq > 0 && fuzz_rng_below(r, 5) == 0;
    unsigned idx = fuzz_rng_below(r, (uint32_t)(query ? nq : g->d->nevents));
    const struct rc_kind_desc *k = query ? &g->d->queries[idx] : &g->d->events[idx];
    int rep = !query && fuzz_rng_below(r, 5) == 0;
    put(&o, (uint8_t)(idx | (query ? 0x80u : 0u) | (rep ? 0x40u : 0u)));
    unsigned nargs = rc_kind_nargs(k);
    for (unsigned i = 0; i < nargs; i++) {
        if (evprog_bytes_arg(k, i)) {
            gen_bytes(&o, g, r, k);
            i += 2u;
        } else {
            gen_value(&o, g, r, k, k->args[i]);
        }
    }
    if (rep)
        gen_repeat(&o, r);
    if (o.over)
        return -1;
    arena_len = o.len;
    return arena_rec(g, c, from);
}

/* Record c with item i replaced (i == MAX_ITEMS: the repeat; its presence
 * toggled by set_rep: 0 drop, 1 keep / add), rebuilt in the arena. */
static int rebuild(const struct prog *g, struct fuzz_rng *r, struct rec *c,
                   unsigned which, int set_rep)
{
    size_t from = arena_len;
    struct out o = {arena, sizeof arena, arena_len, 0};
    uint8_t head = c->src[c->off] & 0xBFu;
    int rep = which == MAX_ITEMS ? set_rep : c->has_rep;
    if (c->query)
        rep = 0;
    put(&o, (uint8_t)(head | (rep ? 0x40u : 0u)));
    for (unsigned i = 0; i < c->nitems; i++) {
        const struct item *it = &c->it[i];
        if (i != which) {
            put_span(&o, c->src, it->off, it->len, it->need);
            continue;
        }
        int bytes = evprog_bytes_arg(c->kind, (unsigned)rc_kind_arg(c->kind, it->name));
        if (bytes) {
            gen_bytes(&o, g, r, c->kind);
            continue;
        }
        uint8_t old = it->len > 0 ? c->src[it->off] : 0;
        switch (fuzz_rng_below(r, 4)) {
        case 0: /* +-1 of a small value */
            if (old < 0x80u) {
                put(&o, (uint8_t)((old + (fuzz_rng_below(r, 2) ? 1u : 127u)) & 0x7Fu));
                break;
            }
            /* fall through */
        default:
            gen_value(&o, g, r, c->kind, it->name);
            break;
        }
    }
    if (rep) {
        if (which != MAX_ITEMS && c->has_rep)
            put_span(&o, c->src, c->rep.off, c->rep.len, c->rep.need);
        else
            gen_repeat(&o, r);
    }
    if (o.over)
        return -1;
    arena_len = o.len;
    return arena_rec(g, c, from);
}

/* The record's target arguments (ports, VCs, flows, IDs) copied from other
 * records, or one shared small value. */
static int retarget(const struct prog *g, struct fuzz_rng *r, struct rec *c)
{
    size_t from = arena_len;
    struct out o = {arena, sizeof arena, arena_len, 0};
    uint8_t shared = (uint8_t)fuzz_rng_below(r, fuzz_rng_below(r, 2) ? 4 : 128);
    put(&o, c->src[c->off]);
    for (unsigned i = 0; i < c->nitems; i++) {
        const struct item *it = &c->it[i];
        if (!is_target_arg(it->name)) {
            put_span(&o, c->src, it->off, it->len, it->need);
            continue;
        }
        const struct rec *src = NULL;
        const struct item *s = fuzz_rng_below(r, 3) ? same_named(g, r, it->name, &src) : NULL;
        if (s != NULL && src != c)
            put_span(&o, src->src, s->off, s->len, s->need);
        else
            put(&o, shared);
    }
    if (c->has_rep)
        put_span(&o, c->src, c->rep.off, c->rep.len, c->rep.need);
    if (o.over)
        return -1;
    arena_len = o.len;
    return arena_rec(g, c, from);
}

/* ---- the program's record list -------------------------------------------- */

static void ins(struct prog *g, unsigned at, const struct rec *c)
{
    if (g->n >= MAX_RECS)
        return;
    if (at > g->n)
        at = g->n;
    memmove(&g->r[at + 1u], &g->r[at], (g->n - at) * sizeof g->r[0]);
    g->r[at] = *c;
    g->n++;
}

static void del(struct prog *g, unsigned at)
{
    if (at >= g->n)
        return;
    memmove(&g->r[at], &g->r[at + 1u], (g->n - at - 1u) * sizeof g->r[0]);
    g->n--;
}

/* Header bytes of the output: the old one, or a new one. */
struct hdr {
    uint8_t b[64];
    size_t len;
    int fresh;
};

static void new_header(const struct prog *g, struct fuzz_rng *r, struct hdr *h)
{
    size_t nkeys = g->d->nconfig;
    unsigned nr = (unsigned)(EVPROG_REFUSED_MODE % (nkeys + 1u));
    if (fuzz_rng_below(r, 16) == 0 && 3u + 2u * nr <= sizeof h->b) {
        /* the refused mode (evprog.h): the count byte 0xFF reads as nr
         * entries, then pick and v (one configuration the spec rules out) */
        h->fresh = 1;
        h->len = 0;
        h->b[h->len++] = (uint8_t)EVPROG_REFUSED_MODE;
        for (unsigned i = 0; i < nr; i++) {
            h->b[h->len++] = (uint8_t)fuzz_rng_below(r, (uint32_t)nkeys);
            h->b[h->len++] = (uint8_t)fuzz_rng_below(r, 128);
        }
        h->b[h->len++] = (uint8_t)fuzz_rng_below(r, 256);
        h->b[h->len++] = (uint8_t)fuzz_rng_below(r, 256);
        return;
    }
    unsigned n = fuzz_rng_below(r, 3) == 0 ? 0u : 1u + fuzz_rng_below(r, 3);
    if (n > nkeys)
        n = (unsigned)nkeys;
    h->fresh = 1;
    h->len = 0;
    h->b[h->len++] = (uint8_t)n;
    for (unsigned i = 0; i < n; i++) {
        h->b[h->len++] = (uint8_t)fuzz_rng_below(r, (uint32_t)nkeys);
        h->b[h->len++] = (uint8_t)fuzz_rng_below(r, 128);
    }
}

static size_t emit(const struct prog *g, const struct hdr *h, uint8_t *dst,
                   size_t cap)
{
    static uint8_t tmp[EVMUT_MAX_SIZE];
    struct out o = {tmp, cap < sizeof tmp ? cap : sizeof tmp, 0, 0};
    put(&o, (uint8_t)g->machine);
    if (h->fresh)
        for (size_t i = 0; i < h->len; i++)
            put(&o, h->b[i]);
    else
        put_span(&o, g->src, 1, g->hdr_end > 1u ? g->hdr_end - 1u : 0u,
                 g->hdr_need);
    for (unsigned i = 0; i < g->n; i++)
        put_rec(&o, &g->r[i]);
    if (o.over)
        return 0;
    memcpy(dst, tmp, o.len);
    return o.len;
}

/* ---- transaction templates -------------------------------------------------
 * Where the spec defines a protocol of several coordinated events, a random
 * record rarely meets the others it needs (same flow, the right command, the
 * answer to the right REQUEST, in order). A template inserts one such
 * transaction at once, with one shared target and random optional steps,
 * built from the spec's structure only (not from any device's code):
 *   arbtx (Part 9 2.4.7 rules 1, 2, 3, 4, 6, 7, 8): pdu(F, multi mostly,
 *     1-4 packets) [a second pdu] -> ccp(F, XON(ARB) / XOFF(ARB), the
 *     answer's bit) -> slot(F) x0-2 -> [ccp(F, XOFF(ARB) mostly / XON(ARB),
 *     the answer's bit): de-allocation during the context] -> slot(F) x0-3
 *     -> [end(F)]; half of them the whole rule 8 scenario (multi, 2-4
 *     packets, XON(ARB), 1-2 slots, XOFF(ARB), each with the answer's bit);
 *   arbrx (rules 1, 2, 7, 8, 10, 11, 12): ccp(F, REQUEST_MULTI/SINGLE, S)
 *     [another REQUEST, same or next bit: a copy or a second request] ->
 *     [decide(F, grant)] -> data(F) x0-2 -> [ask_dealloc(F)] -> [last data
 *     (rarely aborted)] -> [RELEASE S] -> [data after it];
 *   sw (2.4.2.2, 2.4.3, 4.2.2 Table 4-2 bit 13): [port_control(P, bit 13
 *     set or clear)] -> candidate(request / response / maintenance / flow
 *     control ftype, ccp_port P) x1-3 -> congested(Q) -> [abated_port(Q)];
 *   p12reg (Table 5-3: fields that change only under conditions, read-only
 *     fields): write(O, v) -> write(O, v') -> [read(O)], one port CSR.
 * The arguments are small values (evprog.h) of the machine's tables. */

static int kind_index(const struct prog *g, uint32_t kind)
{
    for (size_t i = 0; i < g->d->nevents && i <= 0x3Fu; i++)
        if (g->d->events[i].kind == kind)
            return (int)i;
    return -1;
}

/* One event record of kind: head, body bytes (its items as the program
 * encodes them), and a repeat count (> 1: the head's bit 6 and the varint),
 * appended to the arena and inserted into g at *at (then *at moves past
 * it). A body that does not parse as exactly one record is dropped. */
static void tpl_body(struct prog *g, unsigned *at, uint32_t kind,
                     const uint8_t *body, size_t n, uint32_t repeat)
{
    int idx = kind_index(g, kind);
    if (idx < 0 || g->n >= MAX_RECS || repeat == 0)
        return;
    size_t from = arena_len;
    struct out o = {arena, sizeof arena, arena_len, 0};
    put(&o, (uint8_t)((unsigned)idx | (repeat > 1u ? 0x40u : 0u)));
    for (size_t i = 0; i < n; i++)
        put(&o, body[i]);
    if (repeat > 1u) {
        uint32_t v = repeat - 1u;
        do {
            uint8_t b = (uint8_t)(v & 0x7Fu);
            v >>= 7;
            put(&o, (uint8_t)(b | (v ? 0x80u : 0u)));
        } while (v);
    }
    if (o.over)
        return;
    arena_len = o.len;
    struct rec c;
    if (arena_rec(g, &c, from) != 0) {
        arena_len = from;
        return;
    }
    ins(g, *at, &c);
    (*at)++;
}

/* The same with nargs small values, applied once. */
static void tpl(struct prog *g, unsigned *at, uint32_t kind, unsigned nargs,
                const uint8_t *args)
{
    int idx = kind_index(g, kind);
    if (idx < 0 || rc_kind_nargs(&g->d->events[idx]) != nargs)
        return;
    tpl_body(g, at, kind, args, nargs, 1);
}

/* A shared target byte: what another record's argument name says (so the
 * transaction joins the program's state) or a low small value. */
static uint8_t tpl_target(const struct prog *g, struct fuzz_rng *r,
                          const char *name)
{
    if (fuzz_rng_below(r, 2)) {
        const struct rec *c = NULL;
        const struct item *it = same_named(g, r, name, &c);
        if (it != NULL && it->len > 0 && c->src[it->off] < 0x80u)
            return c->src[it->off];
    }
    return (uint8_t)fuzz_rng_below(r, 4);
}

static unsigned below(struct fuzz_rng *r, unsigned n)
{
    return fuzz_rng_below(r, n);
}

/* The index of config key `name` in g's CONFIG table, or -1. */
static int cfg_index(const struct prog *g, const char *name)
{
    for (size_t i = 0; i < g->d->nconfig && i < 0x100u; i++)
        if (strcmp(g->d->config[i].name, name) == 0)
            return (int)i;
    return -1;
}

/* Insert a transaction of g's machine at a random place (half of the time
 * at the end); a template may also ask for a header (*h, e.g. a CS64
 * receiver). Returns 0, or -1 when the machine has no template. */
static int insert_template(struct prog *g, struct fuzz_rng *r, struct hdr *h)
{
    unsigned at = below(r, 2) ? g->n : below(r, g->n + 1u);
    switch ((enum rc_machine)g->machine) {
    case RC_M_RX: {
        /* Part 12 3.1-3.3, 4.3: VoQ symbols (any VC selector: VC_IND 0-15
         * in CS64, the stype0 it rides with in CS48) naming the first
         * ports, then packets to stage and a scheduling decision; half of
         * them on a rev 3 CS64 receiver (header rev=3 format=64) */
        int kr = cfg_index(g, "rev"), kf = cfg_index(g, "format");
        if (below(r, 2) && kr >= 0 && kf >= 0) {
            h->fresh = 1;
            h->len = 0;
            h->b[h->len++] = 2;
            h->b[h->len++] = (uint8_t)kr;
            h->b[h->len++] = 1; /* rev 2 + 1 */
            h->b[h->len++] = (uint8_t)kf;
            h->b[h->len++] = 1; /* format 64 */
        }
        for (unsigned i = 1u + below(r, 3); i > 0; i--) {
            uint32_t st = below(r, 2) ? 1u << below(r, 8) : 0xFFu & (uint32_t)fuzz_rng_next(r);
            uint8_t sym[5] = {(uint8_t)(below(r, 16) << 2), (uint8_t)below(r, 2),
                              (uint8_t)(st >> 16), (uint8_t)(st >> 8), (uint8_t)st};
            tpl_body(g, &at, RC_RX_EV_SYMBOL, sym, sizeof sym, 1);
        }
        if (below(r, 2)) {
            uint8_t en[5] = {(uint8_t)below(r, 8), (uint8_t)below(r, 4),
                             (uint8_t)below(r, 4), (uint8_t)below(r, 2),
                             (uint8_t)below(r, 4)};
            tpl(g, &at, RC_RX_EV_ENQUEUE, 5, en);
            tpl_body(g, &at, RC_RX_EV_SCHEDULE, NULL, 0, 1u + below(r, 2));
        }
        return 0;
    }
    case RC_M_EP: {
        /* Part 9 2.4.2.1, 2.4.2.3, 2.4.5: XOFFs to one flow of one
         * destination (FAM 000), as many as the counter holds and one more
         * (2^w - 1, 2^w, 2^w + 1), then XONs, then time (orphan) */
        uint8_t d = tpl_target(g, r, "tgt_destination_id");
        uint8_t f = (uint8_t)(below(r, 4) ? below(r, 14) : below(r, 24));
        uint8_t soc = (uint8_t)below(r, 2);
        unsigned w = below(r, 2) ? 4u : 1u + below(r, 6);
        uint32_t nx = below(r, 3) == 0 ? 1u + below(r, 3)
                                       : (1u << w) - 1u + below(r, 3);
        if (below(r, 3) == 0) {
            uint8_t su[2] = {d, f};
            tpl(g, &at, RC_EP_EV_SETUP, 2, su);
        }
        uint8_t xoff[5] = {0, 0, f, d, soc};
        tpl_body(g, &at, RC_EP_EV_CCP, xoff, sizeof xoff, nx);
        if (below(r, 2)) {
            uint8_t xon[5] = {1, 0, f, d, soc};
            tpl_body(g, &at, RC_EP_EV_CCP, xon, sizeof xon, 1u + below(r, nx));
        }
        if (below(r, 3) == 0) {
            uint8_t n = (uint8_t)(120u + below(r, 8)); /* the timer values */
            tpl(g, &at, RC_EP_EV_TICK, 1, &n);
        }
        return 0;
    }
    case RC_M_ARBTX: {
        /* half of them the whole rule 8 scenario: a multi-PDU REQUEST of
         * 2-4 packets, its grant, 1-2 packets, then XOFF(ARB) mid-PDU */
        unsigned whole = below(r, 2);
        uint8_t f = tpl_target(g, r, "flow");
        uint8_t ans = (uint8_t)(4u + below(r, 8)); /* >= 4: the answer's bit */
        uint8_t a[3] = {f, (uint8_t)(whole || below(r, 4) ? 1u : 0u),
                        (uint8_t)(whole ? 2u + below(r, 3) : 1u + below(r, 4))};
        tpl(g, &at, RC_ARBTX_EV_PDU, 3, a);
        if (below(r, whole ? 4u : 3u) == 0) {
            uint8_t b[3] = {f, (uint8_t)below(r, 2), (uint8_t)(1u + below(r, 4))};
            tpl(g, &at, RC_ARBTX_EV_PDU, 3, b);
        }
        /* the answer: XON(ARB) (a grant) or, in half of the partial ones,
         * XOFF(ARB) (a rejection, rule 2) */
        uint8_t grant[3] = {f, (uint8_t)(whole || below(r, 2) ? 4u : 1u),
                            whole || below(r, 8) ? ans : (uint8_t)below(r, 2)};
        tpl(g, &at, RC_ARBTX_EV_CCP, 3, grant);
        for (unsigned i = whole ? 1u + below(r, 2) : below(r, 3); i > 0; i--)
            tpl(g, &at, RC_ARBTX_EV_SLOT, 1, &f);
        if (whole || below(r, 3) != 0) {
            uint8_t x[3] = {f, (uint8_t)(whole || below(r, 4) ? 1u : 4u),
                            whole || below(r, 8) ? ans : (uint8_t)below(r, 2)};
            tpl(g, &at, RC_ARBTX_EV_CCP, 3, x);
        }
        for (unsigned i = below(r, 4); i > 0; i--)
            tpl(g, &at, RC_ARBTX_EV_SLOT, 1, &f);
        if (below(r, 4) == 0)
            tpl(g, &at, RC_ARBTX_EV_END, 1, &f);
        return 0;
    }
    case RC_M_ARBRX: {
        uint8_t f = tpl_target(g, r, "flow");
        uint8_t s = (uint8_t)below(r, 2);
        uint8_t req[3] = {f, (uint8_t)(below(r, 2) ? 6u : 5u), s};
        tpl(g, &at, RC_ARBRX_EV_CCP, 3, req);
        if (below(r, 3) == 0) {
            uint8_t again[3] = {f, (uint8_t)(below(r, 2) ? 6u : 5u),
                                (uint8_t)(s ^ below(r, 2))};
            tpl(g, &at, RC_ARBRX_EV_CCP, 3, again);
        }
        if (below(r, 2)) {
            uint8_t d[2] = {f, (uint8_t)below(r, 2)};
            tpl(g, &at, RC_ARBRX_EV_DECIDE, 2, d);
        }
        uint8_t data[3] = {f, 0, 0};
        for (unsigned i = below(r, 3); i > 0; i--)
            tpl(g, &at, RC_ARBRX_EV_DATA, 3, data);
        if (below(r, 3) == 0)
            tpl(g, &at, RC_ARBRX_EV_ASK_DEALLOC, 1, &f);
        if (below(r, 2)) {
            uint8_t last[3] = {f, 1, (uint8_t)(below(r, 8) ? 0u : 1u)};
            tpl(g, &at, RC_ARBRX_EV_DATA, 3, last);
        }
        if (below(r, 2)) {
            uint8_t rel[3] = {f, 2, s};
            tpl(g, &at, RC_ARBRX_EV_CCP, 3, rel);
        }
        if (below(r, 4) == 0)
            tpl(g, &at, RC_ARBRX_EV_DATA, 3, data);
        return 0;
    }
    case RC_M_SW: {
        /* ftype (Part 6): NWRITE 5, SWRITE 6, NREAD 2, response 13,
         * maintenance 8, flow control 7 */
        static const uint8_t ftypes[8] = {5, 6, 2, 5, 6, 13, 8, 7};
        uint8_t p = tpl_target(g, r, "ccp_port");
        uint8_t q = below(r, 2) ? p : tpl_target(g, r, "port");
        if (below(r, 2)) {
            /* ctl_csr small value: bit 0 -> bit 13 (Flow Control
             * Participant), bit 1 -> bit 15 */
            uint8_t pc[2] = {p, (uint8_t)below(r, 4)};
            tpl(g, &at, RC_SW_EV_PORT_CONTROL, 2, pc);
        }
        for (unsigned i = 1u + below(r, 3); i > 0; i--) {
            uint8_t c[7] = {ftypes[below(r, 8)], (uint8_t)below(r, 2),
                            (uint8_t)below(r, 4), (uint8_t)below(r, 2),
                            (uint8_t)below(r, 4), (uint8_t)below(r, 4), p};
            tpl(g, &at, RC_SW_EV_CANDIDATE, 7, c);
        }
        tpl(g, &at, RC_SW_EV_CONGESTED, 1, &q);
        if (below(r, 3) == 0)
            tpl(g, &at, RC_SW_EV_ABATED_PORT, 1, &q);
        return 0;
    }
    case RC_M_P12REG: {
        /* p12_offset small values 16..47: the header and port CSRs */
        uint8_t off = (uint8_t)(16u + below(r, 4));
        uint8_t w1[2] = {off, (uint8_t)below(r, 128)};
        uint8_t w2[2] = {off, (uint8_t)below(r, 128)};
        tpl(g, &at, RC_P12REG_EV_WRITE, 2, w1);
        tpl(g, &at, RC_P12REG_EV_WRITE, 2, w2);
        if (below(r, 2))
            tpl(g, &at, RC_P12REG_EV_READ, 1, &off);
        return 0;
    }
    case RC_M_CODEC:
    case RC_M_P9REG:
    case RC_M_GEN:
    case RC_MACHINE_COUNT:
        break;
    }
    return -1;
}

/* ---- the entry points ----------------------------------------------------- */

static size_t raw(uint8_t *data, size_t size, size_t max_size)
{
    if (LLVMFuzzerMutate != NULL)
        return LLVMFuzzerMutate(data, size, max_size);
    return size;
}

static struct prog g_a, g_b;
static uint8_t g_src[EVMUT_MAX_SIZE];

size_t evmut_mutate(uint8_t *data, size_t size, size_t max_size,
                    unsigned int seed)
{
    struct fuzz_rng r;
    fuzz_rng_init(&r, seed);
    if (size > EVMUT_MAX_SIZE || max_size < 2u)
        return raw(data, size, max_size);
    if (size > 0 && fuzz_rng_below(&r, 10) == 0)
        return raw(data, size, max_size);
    memcpy(g_src, data, size);
    struct prog *g = &g_a;
    struct hdr h = {{0}, 0, 0};
    arena_len = 0;
    parse(g, g_src, (uint32_t)size);
    if (size < 2u || fuzz_rng_below(&r, 64) == 0) {
        /* a fresh program for any machine */
        uint8_t m = (uint8_t)fuzz_rng_below(&r, RC_MACHINE_COUNT);
        uint8_t two[2] = {m, 0};
        parse(g, two, 2);
        new_header(g, &r, &h);
        unsigned n = 1u + fuzz_rng_below(&r, 8);
        for (unsigned i = 0; i < n; i++) {
            struct rec c;
            if (new_record(g, &r, &c) == 0)
                ins(g, g->n, &c);
        }
        if (fuzz_rng_below(&r, 2))
            (void)insert_template(g, &r, &h);
        size_t len = emit(g, &h, data, max_size);
        return len > 0 ? len : raw(data, size, max_size);
    }
    unsigned ops = 1u + fuzz_rng_below(&r, 3);
    for (unsigned k = 0; k < ops; k++) {
        unsigned op = fuzz_rng_below(&r, 24);
        unsigned at = g->n > 0 ? fuzz_rng_below(&r, g->n) : 0;
        struct rec c;
        if (g->n == 0)
            op = 0;
        switch (op) {
        case 0:
        case 1:
        case 2:
        case 3:
        case 4: /* insert a new record; half of the time append a run of
                 * one to three (the state grows where the program ended) */
            if (fuzz_rng_below(&r, 2)) {
                unsigned run = 1u + fuzz_rng_below(&r, 3);
                for (unsigned i = 0; i < run; i++)
                    if (new_record(g, &r, &c) == 0)
                        ins(g, g->n, &c);
            } else if (new_record(g, &r, &c) == 0) {
                ins(g, fuzz_rng_below(&r, g->n + 1u), &c);
            }
            break;
        case 5:
        case 6: /* delete */
            del(g, at);
            break;
        case 7:
        case 8: /* duplicate anywhere (often right behind) */
            c = g->r[at];
            ins(g, fuzz_rng_below(&r, 2) ? at + 1u : fuzz_rng_below(&r, g->n + 1u), &c);
            break;
        case 9: /* swap neighbours */
            if (at + 1u < g->n) {
                c = g->r[at];
                g->r[at] = g->r[at + 1u];
                g->r[at + 1u] = c;
            }
            break;
        case 10:
        case 11: /* repeat: set / change, or drop */
            c = g->r[at];
            if (!c.query &&
                rebuild(g, &r, &c, MAX_ITEMS, fuzz_rng_below(&r, 4) != 0) == 0)
                g->r[at] = c;
            break;
        case 12:
        case 13:
        case 14:
        case 15: /* one argument */
            c = g->r[at];
            if (c.nitems > 0 &&
                rebuild(g, &r, &c, fuzz_rng_below(&r, c.nitems), 1) == 0)
                g->r[at] = c;
            break;
        case 16:
        case 17: /* retarget */
            c = g->r[at];
            if (retarget(g, &r, &c) == 0)
                g->r[at] = c;
            break;
        case 18:
        case 19: /* the configuration header */
            new_header(g, &r, &h);
            break;
        default: /* a transaction template (else a new record) */
            if (insert_template(g, &r, &h) != 0 && new_record(g, &r, &c) == 0)
                ins(g, fuzz_rng_below(&r, g->n + 1u), &c);
            break;
        }
    }
    size_t len = emit(g, &h, data, max_size);
    return len > 0 ? len : raw(data, size, max_size);
}

size_t evmut_crossover(const uint8_t *a, size_t na, const uint8_t *b,
                       size_t nb, uint8_t *out, size_t max_size,
                       unsigned int seed)
{
    static uint8_t bsrc[EVMUT_MAX_SIZE];
    struct fuzz_rng r;
    fuzz_rng_init(&r, seed);
    if (na > EVMUT_MAX_SIZE || nb > EVMUT_MAX_SIZE || na < 2u || max_size < 2u) {
        size_t n = na < max_size ? na : max_size;
        memcpy(out, a, n);
        return n;
    }
    memcpy(g_src, a, na);
    memcpy(bsrc, b, nb);
    arena_len = 0;
    parse(&g_a, g_src, (uint32_t)na);
    parse(&g_b, bsrc, nb > 1u ? (uint32_t)nb : 0u);
    /* bytes of b's records read as a's machine where the machines differ:
     * still a valid program */
    unsigned keep = g_a.n > 0 ? fuzz_rng_below(&r, g_a.n + 1u) : 0;
    g_a.n = keep;
    if (g_b.n > 0) {
        unsigned from = fuzz_rng_below(&r, g_b.n);
        unsigned cnt = 1u + fuzz_rng_below(&r, g_b.n - from);
        for (unsigned i = 0; i < cnt; i++)
            ins(&g_a, g_a.n, &g_b.r[from + i]);
    }
    struct hdr h = {{0}, 0, 0};
    size_t len = emit(&g_a, &h, out, max_size);
    if (len == 0) {
        len = na < max_size ? na : max_size;
        memcpy(out, a, len);
    }
    return len;
}
