/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gen.c - the VoQ backpressure generator (rio/voqgen.h) behind the riocheck
 * vendor ABI: machine RC_M_GEN of the reference DUT (rd_dut in refdut.c). Its
 * mapping notes (V1-V4) and the general ones (G1-G7) are at the top of
 * refdut.c.
 */
#include "refdut_int.h"

#include <stdlib.h>
#include <string.h>

#include "rio/voqgen.h"

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

int rd_gen_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
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

void rd_gen_destroy(void *inst)
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

int rd_gen_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
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

int rd_gen_query(void *inst, const struct rc_msg *q, uint64_t *value)
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
