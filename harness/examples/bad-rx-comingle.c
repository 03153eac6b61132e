/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bad-rx-comingle.c - a deliberately NON-CONFORMING example DUT.
 *
 * What it breaks: Part 12 2.3 and 4.3e, co-mingled staging queues. When
 * several downstream ports share one staging queue, "the queue must be shut
 * down when any of those ports are congested" and co-mingled traffic "may
 * only be committed to the link if all ports represented by the traffic are
 * not congested". This receiver checks only the port of each packet: a
 * queue shared by ports 0 and 1 still commits a packet for port 0 while port
 * 1 is congested. It reports a shared queue as eligible while any of its
 * ports is uncongested. Queues that serve one port behave correctly.
 *
 * BREAKS: P12-4.3-e P12-2.3-a
 *
 * How: the reference DUT (rc_refdut()) with the rx machine wrapped. The
 * reference instance is created with one staging queue per downstream port
 * (queues = ports, queue p for port p), so its scheduler - the oldest
 * eligible packet first, flows kept in order - gates each packet on its own
 * port only. The wrapper keeps the device's real port-to-queue map (the
 * default of refdut.c mapping note X1, then map events, with the same
 * checks) and answers the queue queries from it: depth(q) is the sum of the
 * reference queues of q's ports, eligible(q) is 1 when any of them is.
 * Symbols, enqueue, schedule, reset, the congested query and every other
 * machine are the reference.
 *
 * Run it by hand (after `make examples cli`):
 *   build/gcc/bin/riocheck run --dut build/gcc/lib/riocheck-bad-rx-comingle.so
 */
#include <stdint.h>
#include <stdlib.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

#define BAD_PORTS 256u /* downstream ports a receiver has at most */

struct bad_rx {
    void *inner;                   /* reference rx, one queue per port */
    uint32_t ports, queues;        /* as configured */
    uint32_t queue_of_port[BAD_PORTS];
    int traffic;                   /* a symbol or enqueue succeeded (X1) */
};

static const struct rc_machine_ops *bad_ref(void)
{
    return &rc_refdut()->machine[RC_M_RX];
}

/* The value of a config key, or `def` (the dut.h table default). */
static uint64_t bad_cfg(const struct rc_config *cfg, uint32_t key, uint64_t def)
{
    for (uint32_t i = 0; cfg != NULL && i < cfg->n && i < RC_MAX_CONFIG; i++)
        if (cfg->kv[i].key == key)
            return cfg->kv[i].value;
    return def;
}

static int bad_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    void *inner = NULL;
    if (inst == NULL)
        return RC_INVAL;
    *inst = NULL;
    /* The configuration as given decides success or the error... */
    int rc = bad_ref()->create(ctx, &inner, cfg);
    if (rc != RC_OK)
        return rc;
    bad_ref()->destroy(inner);
    inner = NULL;
    /* ...and the reference instance gets one queue per port. */
    uint64_t ports = bad_cfg(cfg, RC_RX_CFG_PORTS, 8);
    uint64_t queues = bad_cfg(cfg, RC_RX_CFG_QUEUES, 8);
    /* cfg has at most one entry per rx key (9): room for one more */
    struct rc_config own = {.n = 0};
    for (uint32_t i = 0; i < cfg->n; i++)
        if (cfg->kv[i].key != RC_RX_CFG_QUEUES)
            own.kv[own.n++] = cfg->kv[i];
    own.kv[own.n++] = (struct rc_kv){RC_RX_CFG_QUEUES, ports};
    rc = bad_ref()->create(ctx, &inner, &own);
    if (rc != RC_OK)
        return rc;
    struct bad_rx *b = calloc(1, sizeof *b);
    if (b == NULL) {
        bad_ref()->destroy(inner);
        return RC_FULL;
    }
    b->inner = inner;
    b->ports = (uint32_t)ports;   /* accepted: 1..256 */
    b->queues = (uint32_t)queues; /* accepted: 1..256 */
    for (uint32_t p = 0; p < b->ports; p++)
        b->queue_of_port[p] = b->queues >= b->ports ? p : p % b->queues;
    *inst = b;
    return RC_OK;
}

static void bad_destroy(void *inst)
{
    struct bad_rx *b = inst;
    if (b != NULL)
        bad_ref()->destroy(b->inner);
    free(b);
}

/* map(port, queue): the device's own map; checks as refdut.c X1. */
static int bad_map(struct bad_rx *b, const struct rc_msg *ev,
                   struct rc_msg *out, uint32_t cap, uint32_t *n)
{
    if (n != NULL)
        *n = 0;
    if (out == NULL || n == NULL || cap < RC_MAX_OUTPUTS || ev->nargs != 2u)
        return RC_INVAL;
    if (b->traffic)
        return RC_STATE;
    if (ev->arg[0] >= b->ports || ev->arg[1] >= b->queues)
        return RC_RANGE;
    b->queue_of_port[ev->arg[0]] = (uint32_t)ev->arg[1];
    return RC_OK;
}

static int bad_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                    uint32_t cap, uint32_t *n)
{
    struct bad_rx *b = inst;
    if (b == NULL || ev == NULL)
        return bad_ref()->step(NULL, ev, out, cap, n);
    if (ev->kind == RC_RX_EV_MAP)
        return bad_map(b, ev, out, cap, n);
    int rc = bad_ref()->step(b->inner, ev, out, cap, n);
    if (rc == RC_OK &&
        (ev->kind == RC_RX_EV_SYMBOL || ev->kind == RC_RX_EV_ENQUEUE))
        b->traffic = 1;
    if (rc == RC_OK && ev->kind == RC_RX_EV_RESET)
        b->traffic = 0;
    return rc;
}

/* eligible(queue, vc) / depth(queue, vc) of the device's queue q: over the
 * reference queues of its ports, any eligible / the sum of the depths. */
static int bad_queue_query(const struct bad_rx *b, const struct rc_msg *q,
                           uint64_t *value)
{
    struct rc_msg one = *q;
    uint64_t result = 0;
    /* the reference checks the arguments (vc, queue range) on queue 0 */
    one.arg[0] = 0;
    int rc = bad_ref()->query(b->inner, &one, value);
    if (rc != RC_OK)
        return rc;
    if (q->arg[0] >= b->queues) {
        *value = 0;
        return RC_RANGE;
    }
    for (uint32_t p = 0; p < b->ports; p++) {
        uint64_t v = 0;
        if (b->queue_of_port[p] != q->arg[0])
            continue;
        one.arg[0] = p;
        rc = bad_ref()->query(b->inner, &one, &v);
        if (rc != RC_OK) {
            *value = 0;
            return rc; /* not reached: checked on queue 0 */
        }
        result = q->kind == RC_RX_Q_ELIGIBLE ? (result | v) : result + v;
    }
    /* a queue no port is mapped to holds nothing and blocks on nothing */
    if (q->kind == RC_RX_Q_ELIGIBLE && result == 0) {
        int mapped = 0;
        for (uint32_t p = 0; p < b->ports; p++)
            mapped |= b->queue_of_port[p] == q->arg[0];
        result = !mapped;
    }
    *value = result;
    return RC_OK;
}

static int bad_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    const struct bad_rx *b = inst;
    if (b == NULL || q == NULL || value == NULL ||
        (q->kind != RC_RX_Q_ELIGIBLE && q->kind != RC_RX_Q_DEPTH) ||
        q->nargs != 2u)
        return bad_ref()->query(b != NULL ? b->inner : NULL, q, value);
    return bad_queue_query(b, q, value);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    /* The description: the reference's with the rx machine replaced. Filled
     * on every call, always with the same values. */
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "bad-rx-comingle";
    dut.machine[RC_M_RX] = (struct rc_machine_ops){bad_create, bad_destroy,
                                                   bad_step, bad_query};
    return &dut;
}
