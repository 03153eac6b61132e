/* SPDX-License-Identifier: Apache-2.0 */
/*
 * p12reg.c - the Part 12 VoQ registers (rio/voqreg.h) behind the riocheck
 * vendor ABI: machine RC_M_P12REG of the reference DUT (rd_dut in refdut.c).
 * Its mapping notes (R1-R3) and the general ones (G1-G7) are at the top of
 * refdut.c.
 */
#include "refdut_int.h"

#include <stdlib.h>
#include <string.h>

#include "rio/voqreg.h"

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

int rd_p12reg_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
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

int rd_p12reg_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
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

int rd_p12reg_query(void *inst, const struct rc_msg *q, uint64_t *value)
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
