/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ok-gen-absent-ones.c - a CONFORMING example DUT whose generator sends 1
 * for every status bit that names a port beyond the device.
 *
 * A VoQ symbol of transmitting port p for group g carries S status bits, bit
 * i for port g*S + i (Part 12 2.1, Tables 3-2 and 3-4; S = 6 in rev 2, 13 - N
 * for a CS48 and 20 - N for a CS64 in rev 3+, N = p's TX Port Group Size).
 * The group widths allow more ports than a device has (CS48 width 6: 7 x 64
 * = 448; rev 2: 32 x 6 = 192), and what a device sends for the ports it does
 * not have is left open: shared/spec/README.md erratum 10. The reference
 * sends 0 (I-GEN-4 of rio/voqgen.h, policy gen_absent_bits=zero); this
 * generator sends 1 for each of them ("congested": nothing will ever be
 * sent towards a port that does not exist), and says so by declaring
 * gen_absent_bits=other.
 *
 * PERMITS: shared/spec/README.md erratum 10 "behaviour for ports beyond the device is implementation-defined"
 * DECLARES: gen_absent_bits=other
 *
 * BREAKS: none (conforming: 0 fail over every vector; the vectors leave an
 * absent port's status bit out of their VALUE/MASK, computed by
 * harness/examples/gen-absent-bits.awk; only those whose port count is the
 * DUT's own, ports=${ports}, check policy gen_absent_bits=zero and are not
 * applicable to it)
 *
 * How: the reference DUT (rc_refdut()) with the gen machine wrapped. The
 * wrapper keeps each port's CSR word (the reference has no query for it) to
 * know the TX Port Group Size of every transmitting port. In every symbol
 * the reference sends it sets the status bits of absent ports and re-encodes
 * the symbol: the `encoded` field (CS48 stype2 0b1 || status || group, rev 2
 * CMD 0b1 || status || group; CS64 parameter VC_IND || status || group) gets
 * the same bits at the status field's position, so status and encoded stay
 * one symbol. The query last_sent answers what it sent: the reference's
 * value with the absent ports' bits set. Everything else is the reference.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

/* ok-gen-absent-ones-restate.c builds this file around another conforming
 * generator (ok-gen-restate.c with OK_RESTATE_ALL): ONES_INNER_DUT() is the
 * DUT whose gen machine is wrapped, ONES_NAME the name. */
#ifndef ONES_INNER_DUT
#define ONES_INNER_DUT() rc_refdut()
#define ONES_NAME "ok-gen-absent-ones"
#endif

#define ONES_MAX_PORTS 256u

struct ones_gen {
    void *ref; /* the inner (reference) instance */
    unsigned rev, format, ports;
    uint32_t csr[ONES_MAX_PORTS];
};

static const struct rc_machine_ops *ones_inner(void)
{
    return &ONES_INNER_DUT()->machine[RC_M_GEN];
}

static uint64_t ones_cfg(const struct rc_config *cfg, uint32_t key, uint64_t def)
{
    for (uint32_t i = 0; cfg != NULL && i < cfg->n && i < RC_MAX_CONFIG; i++)
        if (cfg->kv[i].key == key)
            return cfg->kv[i].value;
    return def;
}

static int ones_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    if (inst == NULL)
        return RC_INVAL;
    *inst = NULL;
    struct ones_gen *g = calloc(1, sizeof *g);
    if (g == NULL)
        return RC_FULL;
    int rc = ones_inner()->create(ctx, &g->ref, cfg);
    if (rc != RC_OK) {
        free(g);
        return rc;
    }
    g->rev = (unsigned)ones_cfg(cfg, RC_GEN_CFG_REV, 3);
    g->format = (unsigned)ones_cfg(cfg, RC_GEN_CFG_FORMAT, 48);
    g->ports = (unsigned)ones_cfg(cfg, RC_GEN_CFG_PORTS, 8);
    *inst = g;
    return RC_OK;
}

static void ones_destroy(void *inst)
{
    struct ones_gen *g = inst;
    if (g != NULL)
        ones_inner()->destroy(g->ref);
    free(g);
}

/* The status bits of absent ports in group `group` of transmitting port p
 * (bit i: port group*S + i >= ports), and in *shift where the status field
 * starts in `encoded`. 0 when p has no such group (or sends none). */
static uint64_t ones_absent(const struct ones_gen *g, uint64_t p, uint64_t group,
                          unsigned *shift)
{
    unsigned width = 0, s = 6;
    *shift = 5; /* rev 2 stype2: CMD(3) || status(6) || group(5) */
    if (p >= ONES_MAX_PORTS)
        return 0;
    if (g->rev != 2) {
        width = (g->csr[p] >> 3) & 7u;
        if (width == 7u || group >= (1u << width))
            return 0; /* size 7 is reserved: no symbols (I-GEN-5) */
        s = (g->format == 64 ? 20u : 13u) - width;
        *shift = width; /* CS48: 0b1 || status || group; CS64: VC_IND || ... */
    } else if (group >= 32u) {
        return 0;
    }
    uint64_t mask = 0;
    for (unsigned i = 0; i < s; i++)
        if (group * s + i >= g->ports)
            mask |= (uint64_t)1 << i;
    return mask;
}

static int ones_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    const struct ones_gen *g = inst;
    int rc = ones_inner()->query(g ? g->ref : NULL, q, value);
    if (rc == RC_OK && g != NULL && q != NULL && value != NULL &&
        q->kind == RC_GEN_Q_LAST_SENT && q->nargs >= 2) {
        unsigned shift;
        *value |= ones_absent(g, q->arg[0], q->arg[1], &shift);
    }
    return rc;
}

static int ones_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                   uint32_t cap, uint32_t *n)
{
    struct ones_gen *g = inst;
    int rc = ones_inner()->step(g ? g->ref : NULL, ev, out, cap, n);
    if (rc != RC_OK || ev == NULL || g == NULL || out == NULL || n == NULL)
        return rc;
    /* the new TX Port Group Size applies from this step on (I-GEN-8) */
    if (ev->kind == RC_GEN_EV_CSR && ev->nargs >= 2 && ev->arg[0] < ONES_MAX_PORTS)
        g->csr[ev->arg[0]] = (uint32_t)ev->arg[1];
    for (uint32_t i = 0; i < *n; i++) {
        /* symbol(tx_port, vc, group, status, ride, vcid, encoded) */
        struct rc_msg *m = &out[i];
        if (m->kind != RC_GEN_OUT_SYMBOL || m->nargs < 7)
            continue;
        unsigned shift;
        uint64_t mask = ones_absent(g, m->arg[0], m->arg[2], &shift);
        m->arg[3] |= mask;
        m->arg[6] |= mask << shift;
    }
    return rc;
}

const struct rc_dut *riocheck_dut_v2(void)
{
    static struct rc_dut dut;
    dut = *ONES_INNER_DUT();
    dut.name = ONES_NAME;
    dut.profile.policy[RC_POL_GEN_ABSENT_BITS] = 2; /* other */
    dut.machine[RC_M_GEN].create = ones_create;
    dut.machine[RC_M_GEN].destroy = ones_destroy;
    dut.machine[RC_M_GEN].step = ones_step;
    dut.machine[RC_M_GEN].query = ones_query;
    return &dut;
}
