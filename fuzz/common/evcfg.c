/* SPDX-License-Identifier: Apache-2.0 */
/* Valid configuration headers (evcfg.h): the valid set of every key of every
 * machine's CONFIG table, and the fold of a decoded header into them. */
#include "evcfg.h"

#include <string.h>

#include "../../harness/core/registry.h"
#include "evprog.h"

static uint32_t min32(uint32_t a, uint32_t b)
{
    return a < b ? a : b;
}

void evcfg_from_profile(struct evcfg *v, const struct rc_profile *prof,
                        int table)
{
    memset(v, 0, sizeof *v);
    v->p12_revs = v->p9_revs = 0xCu;
    v->vcs = 8;
    v->counter_width = 16;
    v->flow_list = 8;
    v->arb_pool = 4;
    if (prof == NULL)
        return;
    if ((prof->p12_revs & 0xCu) != 0)
        v->p12_revs = prof->p12_revs & 0xCu;
    if ((prof->p9_revs & 0xCu) != 0)
        v->p9_revs = prof->p9_revs & 0xCu;
    if (table) {
        v->counter_width = 16;
        v->flow_list = 64;
        v->arb_pool = 16;
        return;
    }
    v->ports = prof->ports;
    if (prof->vcs <= 8u)
        v->vcs = prof->vcs;
    if (prof->counter_width >= 1u && prof->counter_width <= 16u)
        v->counter_width = prof->counter_width;
    v->orphan = prof->orphan_timeout;
    if (prof->flow_list >= 1u)
        v->flow_list = min32(prof->flow_list, 64u);
    if (prof->arb_pool <= 16u)
        v->arb_pool = prof->arb_pool;
}

/* ---- folding ------------------------------------------------------------- */

struct fold {
    struct evprog *p;
    unsigned changed;
};

static uint64_t get(const struct fold *f, uint32_t key)
{
    return evprog_cfg(f->p, key);
}

/* Set key to v, naming it in the configuration even when v is its current
 * value (a default becomes explicit: rev 2 sizes, R1 of refdut.c).
 * Returns 0, or -1 when it could not (an unknown key, a full list). */
static int force(struct evprog *p, uint32_t key, uint64_t v)
{
    if (key >= EVPROG_KEYS)
        return -1;
    uint32_t i = 0;
    while (i < p->cfg.n && p->cfg.kv[i].key != key)
        i++;
    if (i == p->cfg.n) {
        if (p->cfg.n >= RC_MAX_CONFIG)
            return -1; /* cannot happen: at most one entry per key */
        p->cfg.n++;
        p->cfg.kv[i].key = key;
    }
    p->cfg.kv[i].value = v;
    p->val[key] = v;
    return 0;
}

static void put(struct fold *f, uint32_t key, uint64_t v)
{
    if (key >= EVPROG_KEYS || f->p->val[key] == v)
        return;
    if (force(f->p, key, v) == 0)
        f->changed++;
}

static void range(struct fold *f, uint32_t key, uint64_t lo, uint64_t hi)
{
    uint64_t v = get(f, key);
    if (hi < lo)
        hi = lo;
    if (v < lo || v > hi)
        put(f, key, lo + v % (hi - lo + 1u));
}

static void flag(struct fold *f, uint32_t key)
{
    range(f, key, 0, 1);
}

static void list(struct fold *f, uint32_t key, const uint64_t *set, size_t n)
{
    uint64_t v = get(f, key);
    for (size_t i = 0; i < n; i++)
        if (set[i] == v)
            return;
    put(f, key, set[v % n]);
}

/* rev: 2 or 3, among the declared revisions (bit 2, bit 3). */
static void rev(struct fold *f, uint32_t key, uint32_t revs)
{
    uint64_t v = get(f, key);
    if ((v == 2u || v == 3u) && (revs & (1u << v)) != 0)
        return;
    if (revs == 0x4u)
        put(f, key, 2);
    else if (revs == 0x8u)
        put(f, key, 3);
    else
        put(f, key, 2u + v % 2u);
}

static uint32_t port_max(const struct evcfg *c, uint32_t spec)
{
    return c->ports != 0 ? min32(c->ports, spec) : spec;
}

/* vcs: 0, 1, 2, 4, 8 up to the declared count. */
static void vcs(struct fold *f, uint32_t key, uint32_t max)
{
    static const uint64_t all[5] = {0, 1, 2, 4, 8};
    size_t n = 1;
    while (n < 5u && all[n] <= max)
        n++;
    list(f, key, all, n);
}

/* A port-valued key: below the port count, or none. */
static void port_or_none(struct fold *f, uint32_t key, uint64_t ports)
{
    uint64_t v = get(f, key);
    if (v != RC_NONE && v >= ports)
        put(f, key, v % (ports + 1u) == ports ? RC_NONE : v % (ports + 1u));
}

#define TIMER_MAX 1000u

unsigned evcfg_fix(const struct evcfg *c, struct evprog *p)
{
    struct fold f = {p, 0};
    switch ((enum rc_machine)p->machine) {
    case RC_M_CODEC:
        range(&f, RC_CODEC_CFG_NONE, 0, 0);
        break;
    case RC_M_P12REG: {
        rev(&f, RC_P12REG_CFG_REV, c->p12_revs);
        uint32_t spec = get(&f, RC_P12REG_CFG_REV) == 2u ? 192u : 256u;
        range(&f, RC_P12REG_CFG_PORTS, 1, port_max(c, spec));
        range(&f, RC_P12REG_CFG_EF_PTR, 0, 0xFFFFu);
        flag(&f, RC_P12REG_CFG_GEN);
        flag(&f, RC_P12REG_CFG_RX);
        flag(&f, RC_P12REG_CFG_PERVC);
        /* bit n: group size n supported, 0..6; rev 2 has fixed 6-port
         * groups and no size fields: none */
        range(&f, RC_P12REG_CFG_SIZES, 0,
              get(&f, RC_P12REG_CFG_REV) == 2u ? 0u : 0x7Fu);
        port_or_none(&f, RC_P12REG_CFG_NOGEN_PORT, get(&f, RC_P12REG_CFG_PORTS));
        port_or_none(&f, RC_P12REG_CFG_NORX_PORT, get(&f, RC_P12REG_CFG_PORTS));
        flag(&f, RC_P12REG_CFG_TX_WHILE_GEN);
        flag(&f, RC_P12REG_CFG_SIZE7);
        flag(&f, RC_P12REG_CFG_UNSUP_SIZE);
        flag(&f, RC_P12REG_CFG_UNSUP_ENABLE);
        flag(&f, RC_P12REG_CFG_UNIMPL_ERROR);
        break;
    }
    case RC_M_P9REG:
        range(&f, RC_P9REG_CFG_PORTS, 1, port_max(c, 256u));
        flag(&f, RC_P9REG_CFG_FC);
        flag(&f, RC_P9REG_CFG_ARB);
        flag(&f, RC_P9REG_CFG_ARB_NEEDS_FC);
        /* flow arbitration (2.4.7) uses the flow control CCPs: arbitration
         * support without flow control support is no device (I-FCREG-3) */
        if (get(&f, RC_P9REG_CFG_ARB) == 1u)
            put(&f, RC_P9REG_CFG_FC, 1);
        break;
    case RC_M_GEN: {
        static const uint64_t fmt[2] = {48, 64};
        rev(&f, RC_GEN_CFG_REV, c->p12_revs);
        /* CS64 carries VoQ backpressure from rev 3; rev 2 has only stype2 */
        list(&f, RC_GEN_CFG_FORMAT, fmt,
             get(&f, RC_GEN_CFG_REV) == 2u ? 1u : 2u);
        uint32_t spec = get(&f, RC_GEN_CFG_REV) == 2u ? 192u : 256u;
        range(&f, RC_GEN_CFG_PORTS, 1, port_max(c, spec));
        vcs(&f, RC_GEN_CFG_VCS, c->vcs);
        range(&f, RC_GEN_CFG_REFRESH, 0, TIMER_MAX);
        flag(&f, RC_GEN_CFG_LINK_REFRESH);
        break;
    }
    case RC_M_RX: {
        static const uint64_t fmt[2] = {48, 64};
        rev(&f, RC_RX_CFG_REV, c->p12_revs);
        /* CS64 carries VoQ backpressure from rev 3; rev 2 has only stype2 */
        list(&f, RC_RX_CFG_FORMAT, fmt,
             get(&f, RC_RX_CFG_REV) == 2u ? 1u : 2u);
        uint32_t spec = get(&f, RC_RX_CFG_REV) == 2u ? 192u : 256u;
        range(&f, RC_RX_CFG_PORTS, 1, port_max(c, spec));
        vcs(&f, RC_RX_CFG_VCS, c->vcs);
        flag(&f, RC_RX_CFG_PER_VC);
        range(&f, RC_RX_CFG_WIDTH, 0, 6);
        flag(&f, RC_RX_CFG_QUEUE_WITHIN_VCS);
        if (get(&f, RC_RX_CFG_PER_VC) == 1u)
            put(&f, RC_RX_CFG_QUEUE_WITHIN_VCS, 1);
        range(&f, RC_RX_CFG_QUEUES, 1, 256);
        flag(&f, RC_RX_CFG_BEYOND);
        break;
    }
    case RC_M_EP:
        rev(&f, RC_EP_CFG_REV, c->p9_revs);
        range(&f, RC_EP_CFG_WIDTH, 1, c->counter_width);
        range(&f, RC_EP_CFG_CAPACITY, 0, 8);
        if (c->orphan != 0)
            range(&f, RC_EP_CFG_ORPHAN, c->orphan, c->orphan);
        else
            range(&f, RC_EP_CFG_ORPHAN, 1, 5000);
        flag(&f, RC_EP_CFG_ARB);
        range(&f, RC_EP_CFG_CRITICAL, 0, 0x3FFFu); /* the 14 flows */
        break;
    case RC_M_SW:
        rev(&f, RC_SW_CFG_REV, c->p9_revs);
        flag(&f, RC_SW_CFG_ROLE);
        /* Dev32 (tt 2) exists from Part 9 rev 3 (Part 6: tt 10 rev 3+) */
        range(&f, RC_SW_CFG_TT, 0, get(&f, RC_SW_CFG_REV) == 2u ? 1u : 2u);
        range(&f, RC_SW_CFG_PORTS, 1, port_max(c, 256u));
        range(&f, RC_SW_CFG_LIST, 1, c->flow_list);
        flag(&f, RC_SW_CFG_CRF);
        flag(&f, RC_SW_CFG_RESPONSES);
        flag(&f, RC_SW_CFG_PICK);
        flag(&f, RC_SW_CFG_DROP);
        flag(&f, RC_SW_CFG_ARB_NEEDS_FC);
        break;
    case RC_M_ARBTX:
        rev(&f, RC_ARBTX_CFG_REV, c->p9_revs);
        range(&f, RC_ARBTX_CFG_FLOWS, 1, 4);
        flag(&f, RC_ARBTX_CFG_PEER_ARB);
        flag(&f, RC_ARBTX_CFG_PIPELINE);
        flag(&f, RC_ARBTX_CFG_OWN_FLOW);
        flag(&f, RC_ARBTX_CFG_ANY_SEQ);
        range(&f, RC_ARBTX_CFG_TIMEOUT, 0, TIMER_MAX);
        range(&f, RC_ARBTX_CFG_BACKOFF, 0, TIMER_MAX);
        range(&f, RC_ARBTX_CFG_STATIC_MASK, 0,
              (1u << get(&f, RC_ARBTX_CFG_FLOWS)) - 1u);
        break;
    case RC_M_ARBRX:
        rev(&f, RC_ARBRX_CFG_REV, c->p9_revs);
        range(&f, RC_ARBRX_CFG_FLOWS, 1, 4);
        range(&f, RC_ARBRX_CFG_POOL, 0, c->arb_pool);
        flag(&f, RC_ARBRX_CFG_ANSWER);
        flag(&f, RC_ARBRX_CFG_POLICY);
        flag(&f, RC_ARBRX_CFG_PIPELINING);
        flag(&f, RC_ARBRX_CFG_OWN_FLOW);
        flag(&f, RC_ARBRX_CFG_AFRESH);
        range(&f, RC_ARBRX_CFG_IDLE, 0, TIMER_MAX);
        range(&f, RC_ARBRX_CFG_RELEASE, 0, TIMER_MAX);
        range(&f, RC_ARBRX_CFG_STATIC_MASK, 0,
              (1u << get(&f, RC_ARBRX_CFG_FLOWS)) - 1u);
        break;
    case RC_MACHINE_COUNT:
        break;
    }
    return f.changed;
}

/* ---- the refused mode (evcfg.h) -------------------------------------------- */

/* Beyond a limit: the limit + 1 (1 in 4), else spread above it. */
static uint64_t beyond(uint64_t first, uint8_t v)
{
    return v % 4u == 0 ? first : first + 1u + (uint64_t)v * 37u;
}

/* Not 0 / 1: 2, 3, or a larger value. */
static uint64_t not_bool(uint8_t v)
{
    return v % 4u == 0 ? 2u : 2u + (uint64_t)v * 13u;
}

/* vcs no Part 6 Table 3-12 configuration: 3, 5, 6, 7, 9..16 */
static uint64_t bad_vcs(uint8_t v)
{
    static const uint64_t t[8] = {3, 5, 6, 7, 9, 12, 15, 16};
    return t[v % 8u];
}

const char *evcfg_refused(struct evprog *p, uint8_t pick, uint8_t v)
{
    uint64_t rev2 = 0;
    switch ((enum rc_machine)p->machine) {
    case RC_M_P12REG:
        rev2 = evprog_cfg(p, RC_P12REG_CFG_REV) == 2u;
        switch (pick % 2u) {
        case 0: /* vectors/p12/create.vec p12.create.reg.r3.ports257, .r2.ports193 */
            force(p, RC_P12REG_CFG_PORTS, beyond(rev2 ? 193u : 257u, v));
            return rev2 ? "P12-5.1.1-b P12-5.1.2-a (Table 5-1: Port n VoQ CSR for n = 0..191)"
                        : "P12-5.1.1-a P12-5.1.2-a (Table 5-1: Port n VoQ CSR for n = 0..255)";
        default: /* create-covp12.vec .reg.r2.sizes, create-sizes.vec .reg.r3.size7-supported */
            force(p, RC_P12REG_CFG_SIZES,
                  rev2 ? 1u + v % 0x7Fu : (evprog_cfg(p, RC_P12REG_CFG_SIZES) & 0x7Fu) | 0x80u);
            return rev2 ? "P12-5.1.2.2-rsv (rev 2 Table 5-3: no Port Group Size Supported bits)"
                        : "P12-5.1.2.2-b12 P12-5.1.2.2-rsv (Table 5-3: group size 7 is reserved)";
        }
    case RC_M_GEN:
    case RC_M_RX: {
        int gen = p->machine == RC_M_GEN;
        uint32_t krev = gen ? RC_GEN_CFG_REV : RC_RX_CFG_REV;
        rev2 = evprog_cfg(p, krev) == 2u;
        switch (pick % (gen ? 3u : 4u)) {
        case 0: /* create.vec .gen/.rx.r3.ports257, .r2.ports193 */
            force(p, gen ? RC_GEN_CFG_PORTS : RC_RX_CFG_PORTS,
                  beyond(rev2 ? 193u : 257u, v));
            return rev2 ? "P12-5.1.1-b P12-5.1.2-a (192 Port n VoQ CSRs)"
                        : "P12-5.1.1-a P12-5.1.2-a (256 Port n VoQ CSRs)";
        case 1: /* create-covp12.vec .vcs3 */
            force(p, gen ? RC_GEN_CFG_VCS : RC_RX_CFG_VCS, bad_vcs(v));
            return "P12-3.3-x1 (Part 6 Table 3-12: 1, 2, 4 or 8 VCs)";
        case 2: /* create.vec .gen/.rx.r2.cs64 */
            force(p, krev, 2);
            force(p, gen ? RC_GEN_CFG_FORMAT : RC_RX_CFG_FORMAT, 64);
            return "P12-3.1-a (rev 2: the VoQ message is CS48 stype2 only)";
        default: /* create-covp12.vec .rx.r3.width8 (and .cs64) */
            force(p, RC_RX_CFG_REV, 3);
            force(p, RC_RX_CFG_WIDTH, beyond(8u, v));
            return "P12-5.1.2.2-b29 P12-3.1-c P12-3.2-e (RX Port Group Size: 3 bits, 7 reserved)";
        }
    }
    case RC_M_SW:
        switch (pick % 8u) {
        case 0: /* create.vec p9.create.sw.tt-reserved, create-cov.vec .tt4 */
            force(p, RC_SW_CFG_TT, 3u + (v % 4u == 0 ? 0u : v));
            return "P9-3.4-b (tt 0b11 reserved; a 2-bit field)";
        case 1: /* create.vec p9.create.sw.r2.dev32 */
            force(p, RC_SW_CFG_REV, 2);
            force(p, RC_SW_CFG_TT, 2);
            return "P9-3.4-b (rev 2: tt 0b10 reserved, Dev32 from rev 3.0)";
        case 2: /* create-cov.vec .sw.no-ports */
            force(p, RC_SW_CFG_PORTS, 0);
            return "P9-2.4.6-1 (a congested element of no port)";
        case 3: /* create-cov.vec .sw.empty-list */
            force(p, RC_SW_CFG_LIST, 0);
            return "P9-2.4.2.2-a (a controlled flow list of 0 entries)";
        case 4:
            force(p, RC_SW_CFG_CRF, not_bool(v));
            return "P9-2.4.2-a (crf is yes/no)";
        case 5:
            force(p, RC_SW_CFG_RESPONSES, not_bool(v));
            return "P9-2.4.3-c (responses is yes/no)";
        case 6:
            force(p, RC_SW_CFG_DROP, not_bool(v));
            return "P9-2.4.2-b (drop is yes/no)";
        default:
            force(p, RC_SW_CFG_ARB_NEEDS_FC, not_bool(v));
            return "P9-4.2.2-b (arb_needs_fc is yes/no)";
        }
    case RC_M_P9REG:
        switch (pick % 5u) {
        case 0: /* create-cov.vec p9.create.reg.no-ports */
            force(p, RC_P9REG_CFG_PORTS, 0);
            return "P9-4.2.2-a (a device of no port)";
        case 1:
            force(p, RC_P9REG_CFG_FC, not_bool(v));
            return "P9-4.2.1-a (fc is one CAR bit)";
        case 2:
            force(p, RC_P9REG_CFG_FC, 1);
            force(p, RC_P9REG_CFG_ARB, not_bool(v));
            return "P9-4.2.1-a (arb is one CAR bit)";
        case 3: /* create-reg.vec p9.create.reg.arb-without-fc */
            force(p, RC_P9REG_CFG_FC, 0);
            force(p, RC_P9REG_CFG_ARB, 1);
            return "P9-4.2.1-a (flow arbitration uses the flow control CCPs, 2.2, 3.3)";
        default:
            force(p, RC_P9REG_CFG_FC, 1);
            force(p, RC_P9REG_CFG_ARB, 1);
            force(p, RC_P9REG_CFG_ARB_NEEDS_FC, not_bool(v));
            return "P9-4.2.2-b (arb_needs_fc is yes/no)";
        }
    case RC_M_EP:
        switch (pick % 3u) {
        case 0: /* create-cov.vec p9.create.ep.width0 */
            force(p, RC_EP_CFG_WIDTH, 0);
            return "P9-2.4.2.3-b (a counter of 0 bits)";
        case 1:
            force(p, RC_EP_CFG_ARB, not_bool(v));
            return "P9-4.2.1-a (arb is one CAR bit)";
        default: /* create-cov.vec p9.create.ep.critical-no-such-flow */
            force(p, RC_EP_CFG_CRITICAL, evprog_cfg(p, RC_EP_CFG_CRITICAL) |
                                             (uint64_t)1 << (14u + v % 18u));
            return "P9-2.4.3-d (Table 3-1: 14 flows, mask bits 0-13)";
        }
    case RC_M_CODEC:
    case RC_M_ARBTX:
    case RC_M_ARBRX:
    case RC_MACHINE_COUNT:
        break;
    }
    return NULL;
}
