/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ok-gen-restate.c - a CONFORMING example DUT whose generator sends extra
 * VoQ symbols that restate what the upstream device already has.
 *
 * Permitted by Part 12 rev 4.1 (and rev 2.0) 4.2e: "The backpressure symbol
 * shall be generated any time the status of at least one of the ports in the
 * group changes. It is up to the implementer to define what constitutes a
 * status change." This generator also counts a congestion or CSR event of a
 * port as a "change" of that port's group even when nothing it reports
 * changed: it then sends the group's current status again (2.5 also accepts
 * "a lot of on/off chatter ... as long as the additional utilization of link
 * bandwidth is accounted for"). It never sends a status the upstream device
 * does not already have, so it never says anything new on an event that
 * Table 5-4 forbids to trigger a symbol.
 *
 * PERMITS: Part 12 4.2e "It is up to the implementer to define what constitutes a status change"
 * DECLARES: gen_status_change=other
 *
 * BREAKS: none (conforming: 0 fail over every vector; the .strict generator
 * vectors, which check policy gen_status_change=transitions_only, are not
 * applicable to it)
 *
 * How: the reference DUT (rc_refdut()) with the gen step wrapped. After a
 * congest or csr event of port q that made the reference send nothing, for
 * every transmitting port p (bit 8 set, TX Port Group Size not 7) and every
 * VC stream of p, if the group of p holding q reads the same as p last sent
 * for it (queries reported / last_sent, so the restated value is exactly the
 * upstream device's belief), one symbol with that status is appended. The
 * wrapper keeps each port's CSR word (the reference has no query for it);
 * everything else is the reference.
 */
/* ok-gen-restate-all.c builds this file with OK_RESTATE_ALL 1: restate
 * every group in use after every congest or csr event, not only the event
 * port's group after an event that made the reference send nothing. */
#ifndef OK_RESTATE_ALL
#define OK_RESTATE_ALL 0
#define OK_NAME "ok-gen-restate"
#endif

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

#define OK_CSR_BIT2_PERVC_SUP 0x20000000u
#define OK_CSR_BIT8_GEN 0x00800000u
#define OK_CSR_BIT11_PERVC 0x00100000u
#define OK_MAX_PORTS 256u

struct ok_gen {
    void *ref; /* the reference instance */
    unsigned rev, format, ports, vcs;
    uint32_t csr[OK_MAX_PORTS];
};

static const struct rc_machine_ops *ok_ref(void)
{
    return &rc_refdut()->machine[RC_M_GEN];
}

static uint64_t ok_cfg(const struct rc_config *cfg, uint32_t key, uint64_t def)
{
    for (uint32_t i = 0; cfg != NULL && i < cfg->n && i < RC_MAX_CONFIG; i++)
        if (cfg->kv[i].key == key)
            return cfg->kv[i].value;
    return def;
}

static int ok_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    if (inst == NULL)
        return RC_INVAL;
    *inst = NULL;
    struct ok_gen *g = calloc(1, sizeof *g);
    if (g == NULL)
        return RC_FULL;
    int rc = ok_ref()->create(ctx, &g->ref, cfg);
    if (rc != RC_OK) {
        free(g);
        return rc;
    }
    g->rev = (unsigned)ok_cfg(cfg, RC_GEN_CFG_REV, 3);
    g->format = (unsigned)ok_cfg(cfg, RC_GEN_CFG_FORMAT, 48);
    g->ports = (unsigned)ok_cfg(cfg, RC_GEN_CFG_PORTS, 8);
    g->vcs = (unsigned)ok_cfg(cfg, RC_GEN_CFG_VCS, 0);
    *inst = g;
    return RC_OK;
}

static void ok_destroy(void *inst)
{
    struct ok_gen *g = inst;
    if (g != NULL)
        ok_ref()->destroy(g->ref);
    free(g);
}

static int ok_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    const struct ok_gen *g = inst;
    return ok_ref()->query(g->ref, q, value);
}

/* VCs in use (Part 6 Table 3-12, I-GEN-14). */
static int ok_vc_in_use(unsigned vcs, unsigned v)
{
    switch (vcs) {
    case 0: return v == 0;
    case 1: return v <= 1;
    case 2: return v == 0 || v == 1 || v == 5;
    case 4: return v == 0 || v == 1 || v == 3 || v == 5 || v == 7;
    default: return v <= 8;
    }
}

static int ok_q(const struct ok_gen *g, uint32_t kind, uint64_t a0, uint64_t a1,
                uint64_t a2, uint32_t nargs, uint64_t *v)
{
    struct rc_msg m = {.kind = kind, .nargs = nargs, .arg = {a0, a1, a2}};
    return ok_ref()->query(g->ref, &m, v);
}

/* Port Status bits of a symbol of transmitting port p (2.1). */
static unsigned ok_status_bits(const struct ok_gen *g, unsigned p)
{
    unsigned width = g->rev == 2 ? 5u : (g->csr[p] >> 3) & 7u;
    return g->rev == 2 ? 6u : (g->format == 64 ? 20u : 13u) - width;
}

/* Restate group `group` on transmitting port p, stream vc (RC_VC_ALL or a
 * VC), when it is in use, was not sent in this event and reads what p last
 * sent. Appends at out[*n] if room. */
static void ok_restate(const struct ok_gen *g, unsigned p, unsigned vc, unsigned group,
                       struct rc_msg *out, uint32_t cap, uint32_t *n)
{
    uint32_t w = g->csr[p];
    unsigned width = g->rev == 2 ? 5u : (w >> 3) & 7u;
    unsigned s = ok_status_bits(g, p);
    if (g->rev != 2 && group >= (1u << width))
        return; /* no such group on p */
    if (group * s >= g->ports)
        return; /* no port of the group exists */
    for (uint32_t i = 0; i < *n; i++)
        if (out[i].kind == RC_GEN_OUT_SYMBOL && out[i].arg[0] == p &&
            out[i].arg[1] == vc && out[i].arg[2] == group)
            return; /* sent in this event already */
    uint64_t status = 0, sent = 0, r;
    for (unsigned i = 0; i < s && group * s + i < g->ports; i++) {
        if (ok_q(g, RC_GEN_Q_REPORTED, group * s + i, vc, 0, 2, &r) != RC_OK)
            return;
        status |= r << i;
    }
    unsigned v0 = vc == RC_VC_ALL ? 0u : vc;
    for (unsigned v = 0; v <= 8; v++) {
        if (!ok_vc_in_use(g->vcs, v) || (vc != RC_VC_ALL && v != v0))
            continue;
        if (ok_q(g, RC_GEN_Q_LAST_SENT, p, group, v, 3, &sent) != RC_OK || sent != status)
            return; /* the upstream device would learn something: not a restatement */
    }
    if (*n >= cap)
        return;
    uint64_t ride = RC_VC_ALL, vcid = 0, enc;
    if (g->rev == 2) {
        enc = 0x800u | (status << 5) | group;
    } else if (g->format == 48) {
        enc = (1u << 13) | (status << width) | group;
    } else {
        uint64_t ind = vc == RC_VC_ALL ? 0xFu : (vc == 0 ? 0x8u : vc - 1u);
        enc = (ind << 20) | (status << width) | group;
    }
    if (g->format == 48 && vc != RC_VC_ALL) {
        ride = vc == 0 ? 4u : 5u;
        vcid = vc == 0 ? 0u : vc - 1u;
    }
    struct rc_msg *m = &out[(*n)++];
    memset(m, 0, sizeof *m);
    m->kind = RC_GEN_OUT_SYMBOL;
    m->nargs = 7;
    m->arg[0] = p; m->arg[1] = vc; m->arg[2] = group; m->arg[3] = status;
    m->arg[4] = ride; m->arg[5] = vcid; m->arg[6] = enc;
}

static int ok_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                   uint32_t cap, uint32_t *n)
{
    struct ok_gen *g = inst;
    int rc = ok_ref()->step(g ? g->ref : NULL, ev, out, cap, n);
    if (rc != RC_OK || ev == NULL || g == NULL)
        return rc;
    if (ev->kind == RC_GEN_EV_CSR && ev->arg[0] < OK_MAX_PORTS)
        g->csr[ev->arg[0]] = (uint32_t)ev->arg[1];
    if (ev->kind != RC_GEN_EV_CSR && ev->kind != RC_GEN_EV_CONGEST)
        return rc;
    if (!OK_RESTATE_ALL && *n != 0)
        return rc; /* only events that made the reference send nothing */
    unsigned q = (unsigned)ev->arg[0];
    for (unsigned p = 0; p < g->ports && p < OK_MAX_PORTS; p++) {
        uint32_t w = g->csr[p];
        if (!(w & OK_CSR_BIT8_GEN) || (g->rev != 2 && ((w >> 3) & 7u) == 7u))
            continue;
        int pervc = (w & OK_CSR_BIT11_PERVC) &&
                    (g->rev == 2 || (w & OK_CSR_BIT2_PERVC_SUP));
        /* the event port's group, or (OK_RESTATE_ALL) every group: 2^6 at most */
        unsigned first = OK_RESTATE_ALL ? 0u : q / ok_status_bits(g, p);
        unsigned last = OK_RESTATE_ALL ? 63u : first;
        for (unsigned grp = first; grp <= last; grp++) {
            if (!pervc) {
                ok_restate(g, p, RC_VC_ALL, grp, out, cap, n);
                continue;
            }
            for (unsigned v = 0; v <= 8; v++)
                if (ok_vc_in_use(g->vcs, v))
                    ok_restate(g, p, v, grp, out, cap, n);
        }
    }
    return rc;
}

const struct rc_dut *riocheck_dut_v2(void)
{
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = OK_NAME;
    dut.profile.policy[RC_POL_GEN_STATUS_CHANGE] = 2; /* other */
    dut.machine[RC_M_GEN].create = ok_create;
    dut.machine[RC_M_GEN].destroy = ok_destroy;
    dut.machine[RC_M_GEN].step = ok_step;
    dut.machine[RC_M_GEN].query = ok_query;
    return &dut;
}
