/* SPDX-License-Identifier: Apache-2.0 */
/*
 * p9reg.c - the Part 9 flow control registers (rio/fcreg.h) behind the riocheck
 * vendor ABI: machine RC_M_P9REG of the reference DUT (rd_dut in refdut.c). Its
 * mapping notes (F1) and the general ones (G1-G7) are at the top of refdut.c.
 */
#include "refdut_int.h"

#include <stdlib.h>
#include <string.h>

#include "rio/fcreg.h"

RD_TABLE_(p9reg_events, RC_P9REG_EVENTS);
RD_TABLE_(p9reg_queries, RC_P9REG_QUERIES);
RD_KEYTABLE_(p9reg_keys, RC_P9REG_CONFIG);

struct rd_p9reg {
    struct rio_fcreg blk;
};

int rd_p9reg_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
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

int rd_p9reg_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
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
    case RC_P9REG_EV_ERRSTAT_WRITE:
        if (!RD_FIT(ev, RD_UINT, RD_U32))
            return RC_RANGE;
        rc = rio_fcreg_port_errstat_write(&r->blk, (unsigned)a[0],
                                          (uint32_t)a[1], &wr);
        if (rc == RIO_OK)
            RD_EMIT(&o, RC_P9REG_OUT_VALUE, wr.after);
        break;
    case RC_P9REG_EV_END_:
        return RC_INVAL; /* not reached */
    }
    return rd_step_end(&o, n, rc);
}

int rd_p9reg_query(void *inst, const struct rc_msg *q, uint64_t *value)
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
