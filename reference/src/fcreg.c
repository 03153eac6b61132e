#include "rio/fcreg.h"

#include "rio/err.h"
#include "bits.h"

_Static_assert(RIO_FCREG_CAR_FLOW_ARB_SUPPORT == RIO_BE_MASK(32, 20, 20) &&
                   RIO_FCREG_CAR_FLOW_CTL_SUPPORT == RIO_BE_MASK(32, 24, 24),
               "Part 9 Table 4-1: bits 20 and 24");
_Static_assert(RIO_FCREG_CTL_FLOW_CTL_PARTICIPANT == RIO_BE_MASK(32, 13, 13) &&
                   RIO_FCREG_CTL_FLOW_ARB_PARTICIPANT == RIO_BE_MASK(32, 15, 15),
               "Part 9 Table 4-2 (serial): bits 13 and 15");
_Static_assert(RIO_FCREG_PARALLEL_CTL_FLOW_CTL_PARTICIPANT ==
                       RIO_BE_MASK(32, 10, 10) &&
                   RIO_FCREG_PARALLEL_CTL_FLOW_ARB_PARTICIPANT ==
                       RIO_BE_MASK(32, 12, 12),
               "Part 9 rev 2.2 Table 4-2 (parallel): bits 10 and 12");
_Static_assert(RIO_FCREG_ERRSTAT_PORT_UNAVAILABLE == RIO_BE_MASK(32, 28, 28),
               "Part 6 Port n Error and Status CSR bit 28");

static int blk_ok(const struct rio_fcreg *blk)
{
    return blk != NULL && blk->desc.port_count != 0 &&
           blk->desc.port_count <= RIO_FCREG_MAX_PORTS;
}

/* The participant bits this device may hold (I-FCREG-2). */
static uint32_t ctl_writable(const struct rio_fcreg *blk)
{
    uint32_t m = 0;
    if (blk->desc.flow_ctl_support)
        m |= RIO_FCREG_CTL_FLOW_CTL_PARTICIPANT;
    if (blk->desc.flow_arb_support)
        m |= RIO_FCREG_CTL_FLOW_ARB_PARTICIPANT;
    return m;
}

int rio_fcreg_reset(struct rio_fcreg *blk)
{
    if (!blk_ok(blk))
        return RIO_EINVAL;
    for (unsigned n = 0; n < RIO_FCREG_MAX_PORTS; n++) {
        blk->port_ctl[n] = 0;
        blk->port_errstat[n] = 0;
    }
    return RIO_OK;
}

int rio_fcreg_init(struct rio_fcreg *blk, const struct rio_fcreg_desc *desc)
{
    if (blk == NULL || desc == NULL)
        return RIO_EINVAL;
    if (desc->port_count == 0 || desc->port_count > RIO_FCREG_MAX_PORTS ||
        desc->flow_ctl_support > 1 || desc->flow_arb_support > 1 ||
        desc->arb_requires_fc_participant > 1)
        return RIO_ERANGE;
    if (desc->flow_arb_support && !desc->flow_ctl_support)
        return RIO_EINVAL; /* I-FCREG-3 */
    blk->desc = *desc;
    return rio_fcreg_reset(blk);
}

uint32_t rio_fcreg_pef_car(const struct rio_fcreg *blk)
{
    uint32_t v = 0;
    if (!blk_ok(blk))
        return 0;
    if (blk->desc.flow_arb_support)
        v |= RIO_FCREG_CAR_FLOW_ARB_SUPPORT;
    if (blk->desc.flow_ctl_support)
        v |= RIO_FCREG_CAR_FLOW_CTL_SUPPORT;
    return v;
}

int rio_fcreg_pef_car_write(const struct rio_fcreg *blk, uint32_t value,
                            struct rio_fcreg_wr *wr)
{
    if (wr == NULL || !blk_ok(blk))
        return RIO_EINVAL;
    uint32_t car = rio_fcreg_pef_car(blk);
    *wr = (struct rio_fcreg_wr){value, car, car, 0, 0, 0};
    wr->read_only = (value ^ car) & RIO_FCREG_CAR_MODELLED;
    wr->not_modelled = value & ~RIO_FCREG_CAR_MODELLED;
    return RIO_OK;
}

/* Common argument checks of the port accessors. */
static int port_check(const struct rio_fcreg *blk, unsigned port)
{
    if (!blk_ok(blk))
        return RIO_EINVAL;
    if (port >= blk->desc.port_count)
        return RIO_ENOENT;
    return RIO_OK;
}

int rio_fcreg_port_ctl_read(const struct rio_fcreg *blk, unsigned port,
                            uint32_t *value)
{
    if (value == NULL)
        return RIO_EINVAL;
    *value = 0;
    int rc = port_check(blk, port);
    if (rc != RIO_OK)
        return rc;
    *value = blk->port_ctl[port];
    return RIO_OK;
}

int rio_fcreg_port_ctl_write(struct rio_fcreg *blk, unsigned port,
                             uint32_t value, struct rio_fcreg_wr *wr)
{
    if (wr == NULL)
        return RIO_EINVAL;
    int rc = port_check(blk, port);
    if (rc == RIO_EINVAL)
        return rc;
    *wr = (struct rio_fcreg_wr){value, 0, 0, 0, 0, 0};
    if (rc != RIO_OK) {
        wr->not_modelled = value;
        return rc;
    }
    uint32_t writable = ctl_writable(blk);
    uint32_t before = blk->port_ctl[port];
    uint32_t after = value & writable;
    wr->before = before;
    wr->after = after;
    wr->unsupported = value & RIO_FCREG_CTL_MODELLED & ~writable;
    wr->not_modelled = value & ~RIO_FCREG_CTL_MODELLED;
    blk->port_ctl[port] = after;
    return RIO_OK;
}

int rio_fcreg_port_errstat_read(const struct rio_fcreg *blk, unsigned port,
                                uint32_t *value)
{
    if (value == NULL)
        return RIO_EINVAL;
    *value = 0;
    int rc = port_check(blk, port);
    if (rc != RIO_OK)
        return rc;
    *value = blk->port_errstat[port];
    return RIO_OK;
}

int rio_fcreg_port_errstat_write(struct rio_fcreg *blk, unsigned port,
                                 uint32_t value, struct rio_fcreg_wr *wr)
{
    if (wr == NULL)
        return RIO_EINVAL;
    int rc = port_check(blk, port);
    if (rc == RIO_EINVAL)
        return rc;
    *wr = (struct rio_fcreg_wr){value, 0, 0, 0, 0, 0};
    if (rc != RIO_OK) {
        wr->not_modelled = value;
        return rc;
    }
    uint32_t cur = blk->port_errstat[port];
    wr->before = wr->after = cur;
    wr->read_only = (value ^ cur) & RIO_FCREG_ERRSTAT_MODELLED;
    wr->not_modelled = value & ~RIO_FCREG_ERRSTAT_MODELLED;
    return RIO_OK;
}

int rio_fcreg_set_port_unavailable(struct rio_fcreg *blk, unsigned port,
                                   unsigned unavailable)
{
    int rc = port_check(blk, port);
    if (rc != RIO_OK)
        return rc;
    if (unavailable > 1)
        return RIO_ERANGE;
    blk->port_errstat[port] = unavailable ? RIO_FCREG_ERRSTAT_PORT_UNAVAILABLE : 0;
    return RIO_OK;
}

int rio_fcreg_may_route_fc(const struct rio_fcreg *blk, unsigned port)
{
    if (port_check(blk, port) != RIO_OK)
        return 0;
    return (blk->port_ctl[port] & RIO_FCREG_CTL_FLOW_CTL_PARTICIPANT) != 0;
}

int rio_fcreg_may_route_arb(const struct rio_fcreg *blk, unsigned port)
{
    if (port_check(blk, port) != RIO_OK)
        return 0;
    if (blk->desc.arb_requires_fc_participant &&
        !rio_fcreg_may_route_fc(blk, port))
        return 0;
    return (blk->port_ctl[port] & RIO_FCREG_CTL_FLOW_ARB_PARTICIPANT) != 0;
}

static int port_offset(enum rio_fcreg_rm rm, unsigned port, uint32_t first,
                       uint32_t *dst)
{
    uint32_t stride = 0;
    if (dst == NULL)
        return RIO_EINVAL;
    *dst = 0;
    switch (rm) {
    case RIO_FCREG_RM_I:
        stride = 0x20u;
        break;
    case RIO_FCREG_RM_II:
        stride = 0x40u;
        break;
    }
    if (stride == 0)
        return RIO_EINVAL;
    if (port >= RIO_FCREG_OFFSET_PORTS)
        return RIO_ERANGE;
    *dst = first + stride * port;
    return RIO_OK;
}

int rio_fcreg_port_ctl_offset(enum rio_fcreg_rm rm, unsigned port, uint32_t *dst)
{
    return port_offset(rm, port, 0x5Cu, dst);
}

int rio_fcreg_port_errstat_offset(enum rio_fcreg_rm rm, unsigned port,
                                  uint32_t *dst)
{
    return port_offset(rm, port, 0x58u, dst);
}

/* Does Part 12 of this revision carry the Port XOFF sentence (I-FCREG-5)?
 * -1 for an unknown revision. */
static int xoff_rule_applies(enum rio_p12_rev rev)
{
    switch (rev) {
    case RIO_P12_REV2:
        return 0;
    case RIO_P12_REV3:
        return 1;
    }
    return -1;
}

int rio_fcreg_port_xoff_expected(enum rio_p12_rev rev, uint32_t errstat,
                                 uint32_t voq_csr, uint32_t *dst)
{
    if (dst == NULL)
        return RIO_EINVAL;
    *dst = voq_csr;
    int applies = xoff_rule_applies(rev);
    if (applies < 0)
        return RIO_EREVISION;
    if (applies && (errstat & RIO_FCREG_ERRSTAT_PORT_UNAVAILABLE))
        *dst = voq_csr | RIO_VOQ_CSR_PORT_XOFF;
    return RIO_OK;
}

int rio_fcreg_port_xoff_check(enum rio_p12_rev rev, uint32_t errstat,
                              uint32_t voq_csr, int *conforms)
{
    uint32_t expected;
    if (conforms == NULL)
        return RIO_EINVAL;
    *conforms = 0;
    int rc = rio_fcreg_port_xoff_expected(rev, errstat, voq_csr, &expected);
    if (rc != RIO_OK)
        return rc;
    *conforms = expected == voq_csr;
    return RIO_OK;
}
/* SPDX-License-Identifier: Apache-2.0 */
