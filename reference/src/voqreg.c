#include "rio/voqreg.h"

#include "rio/err.h"
#include "bits.h"

/* Sizes 0 and 4 are always supported: Table 5-3 gives bits 12 and 16 the reset
 * value 0b1 rather than "see footnote 1" (P12-5.1.2.2-b12). */
#define SIZES_ALWAYS ((uint8_t)((1u << 0) | (1u << 4)))

_Static_assert(RIO_VOQ_CSR_SIZE_SUPPORTED(0) == RIO_BE_MASK(32, 12, 12),
               "size 0 supported is bit 12");
_Static_assert(RIO_VOQ_CSR_SIZE_SUPPORTED(6) == RIO_BE_MASK(32, 18, 18),
               "size 6 supported is bit 18");
_Static_assert(RIO_VOQ_CSR_TX_GROUP_SIZE == RIO_BE_MASK(32, 26, 28),
               "TX Port Group Size is bits 26-28");
_Static_assert(RIO_VOQ_CSR_RX_GROUP_SIZE == RIO_BE_MASK(32, 29, 31),
               "RX Port Group Size is bits 29-31");
_Static_assert(RIO_VOQ_CSR_REV2_RSV_12_31 == RIO_BE_MASK(32, 12, 31),
               "rev 2 reserves bits 12-31");
_Static_assert(RIO_VOQREG_HDR_EF_PTR == RIO_BE_MASK(32, 0, 15) &&
                   RIO_VOQREG_HDR_EF_ID == RIO_BE_MASK(32, 16, 31),
               "header fields, Table 5-2");

/* How each bit of one port's CSR behaves on a write. The three masks are
 * disjoint and cover all 32 bits. */
struct bit_classes {
    uint32_t read_only;
    uint32_t reserved;
    uint32_t writable;
};

static int rev_known(enum rio_p12_rev rev)
{
    switch (rev) {
    case RIO_P12_REV2:
    case RIO_P12_REV3:
        return 1;
    }
    return 0;
}

static unsigned map_ports(enum rio_p12_rev rev)
{
    return rev == RIO_P12_REV2 ? RIO_VOQREG_MAX_PORTS_REV2 : RIO_VOQREG_MAX_PORTS;
}

static uint32_t port0_offset(enum rio_p12_rev rev)
{
    return rev == RIO_P12_REV2 ? RIO_VOQREG_PORT0_OFFSET_REV2
                               : RIO_VOQREG_PORT0_OFFSET;
}

static int action_known(enum rio_voqreg_action a)
{
    switch (a) {
    case RIO_VOQREG_REFUSE:
    case RIO_VOQREG_ACCEPT:
        return 1;
    }
    return 0;
}

static int unimpl_known(enum rio_voqreg_unimpl u)
{
    switch (u) {
    case RIO_VOQREG_UNIMPL_READS_ZERO:
    case RIO_VOQREG_UNIMPL_ERROR:
        return 1;
    }
    return 0;
}

static int desc_check(const struct rio_voqreg_desc *d)
{
    const struct rio_voqreg_policy *p = &d->policy;
    if (!action_known(p->tx_size_while_gen) || !action_known(p->size_reserved) ||
        !action_known(p->size_unsupported) ||
        !action_known(p->enable_unsupported) || !unimpl_known(p->unimplemented))
        return RIO_EINVAL;
    if (!rev_known(d->rev))
        return RIO_EREVISION;
    if (d->port_count == 0 || d->port_count > map_ports(d->rev))
        return RIO_ERANGE;
    for (unsigned n = 0; n < d->port_count; n++) {
        const struct rio_voqreg_port_desc *pd = &d->port[n];
        if (pd->gen_supported > 1 || pd->rx_supported > 1 ||
            pd->per_vc_supported > 1)
            return RIO_ERANGE;
        if (pd->sizes_supported & 0x80u)
            return RIO_ERANGE;
        if (d->rev == RIO_P12_REV2 && pd->sizes_supported != 0)
            return RIO_EREVISION;
    }
    return RIO_OK;
}

/* A block is usable only if it still holds what rio_voqreg_init accepted; the
 * cheap part of that is checked on every access so that a zeroed or corrupted
 * struct gives RIO_EINVAL instead of an out-of-bounds index. */
static int blk_ok(const struct rio_voqreg *blk)
{
    return blk != NULL && rev_known(blk->desc.rev) && blk->desc.port_count != 0 &&
           blk->desc.port_count <= map_ports(blk->desc.rev);
}

static uint32_t reset_value(enum rio_p12_rev rev,
                            const struct rio_voqreg_port_desc *pd)
{
    uint32_t v = 0;
    if (pd->gen_supported)
        v |= RIO_VOQ_CSR_GEN_SUPPORTED;
    if (pd->rx_supported)
        v |= RIO_VOQ_CSR_RX_SUPPORTED;
    if (pd->per_vc_supported)
        v |= RIO_VOQ_CSR_PER_VC_SUPPORTED;
    if (rev == RIO_P12_REV3) {
        unsigned sizes = (unsigned)(pd->sizes_supported | SIZES_ALWAYS);
        for (unsigned k = 0; k <= RIO_VOQ_GROUP_WIDTH_MAX; k++)
            if (sizes & (1u << k))
                v |= RIO_VOQ_CSR_SIZE_SUPPORTED(k);
    }
    return v;
}

/* Table 5-3 of the block's revision, specialised for one port. */
static struct bit_classes classes_of(enum rio_p12_rev rev,
                                     const struct rio_voqreg_port_desc *pd)
{
    struct bit_classes c;
    c.read_only = RIO_VOQ_CSR_GEN_SUPPORTED | RIO_VOQ_CSR_RX_SUPPORTED |
                  RIO_VOQ_CSR_PER_VC_SUPPORTED;
    c.writable = RIO_VOQ_CSR_GEN_ENABLE | RIO_VOQ_CSR_PARTICIPATE |
                 RIO_VOQ_CSR_PORT_XOFF | RIO_VOQ_CSR_PER_VC_ENABLE;
    if (rev == RIO_P12_REV3) {
        c.read_only |= RIO_VOQ_CSR_SIZE_SUPPORTED_ALL;
        c.writable |= RIO_VOQ_CSR_TX_GROUP_SIZE | RIO_VOQ_CSR_RX_GROUP_SIZE;
        /* I-VOQREG-6: "This field shall be reserved when VoQ Backpressure per
         * VC Supported is 0." */
        if (!pd->per_vc_supported)
            c.writable &= ~RIO_VOQ_CSR_PER_VC_ENABLE;
    }
    c.reserved = ~(c.read_only | c.writable);
    return c;
}

int rio_voqreg_reset(struct rio_voqreg *blk)
{
    if (!blk_ok(blk))
        return RIO_EINVAL;
    for (unsigned n = 0; n < RIO_VOQREG_MAX_PORTS; n++)
        blk->csr[n] = n < blk->desc.port_count
                          ? reset_value(blk->desc.rev, &blk->desc.port[n])
                          : 0;
    return RIO_OK;
}

int rio_voqreg_init(struct rio_voqreg *blk, const struct rio_voqreg_desc *desc)
{
    if (blk == NULL || desc == NULL)
        return RIO_EINVAL;
    int rc = desc_check(desc);
    if (rc != RIO_OK)
        return rc;
    blk->desc = *desc;
    /* Slots past port_count are never read; zero them so that a dump of the
     * struct does not show the caller's leftovers. */
    for (unsigned n = desc->port_count; n < RIO_VOQREG_MAX_PORTS; n++)
        blk->desc.port[n] = (struct rio_voqreg_port_desc){0, 0, 0, 0};
    return rio_voqreg_reset(blk);
}

static enum rio_voqreg_where where_of(const struct rio_voqreg *blk,
                                      uint32_t offset, unsigned *port)
{
    enum rio_p12_rev rev = blk->desc.rev;
    uint32_t end = rev == RIO_P12_REV2 ? RIO_VOQREG_END_REV2 : RIO_VOQREG_END;
    uint32_t first = port0_offset(rev);
    *port = 0;
    if (offset % 4u != 0)
        return RIO_VOQREG_AT_UNALIGNED; /* I-VOQREG-4: before the range check */
    if (offset >= end)
        return RIO_VOQREG_AT_OUTSIDE;
    if (offset == RIO_VOQREG_HEADER_OFFSET)
        return RIO_VOQREG_AT_HEADER;
    if (offset < first)
        return RIO_VOQREG_AT_RESERVED; /* rev 3+ 0x4-0x1C; rev 2 I-VOQREG-1 */
    unsigned n = (unsigned)((offset - first) / 4u);
    *port = n;
    return n < blk->desc.port_count ? RIO_VOQREG_AT_PORT_CSR
                                    : RIO_VOQREG_AT_ABSENT_PORT;
}

/* The result code of an access to a class without a register. */
static int unimpl_result(const struct rio_voqreg *blk)
{
    return blk->desc.policy.unimplemented == RIO_VOQREG_UNIMPL_ERROR
               ? RIO_ENOENT
               : RIO_OK;
}

int rio_voqreg_locate(const struct rio_voqreg *blk, uint32_t offset,
                      enum rio_voqreg_where *where, unsigned *port)
{
    unsigned n = 0;
    if (where == NULL || !blk_ok(blk))
        return RIO_EINVAL;
    *where = where_of(blk, offset, &n);
    if (port != NULL)
        *port = n;
    return RIO_OK;
}

int rio_voqreg_read(const struct rio_voqreg *blk, uint32_t offset,
                    uint32_t *value, enum rio_voqreg_where *where)
{
    if (value == NULL)
        return RIO_EINVAL;
    *value = 0;
    if (!blk_ok(blk))
        return RIO_EINVAL;
    unsigned n;
    enum rio_voqreg_where w = where_of(blk, offset, &n);
    if (where != NULL)
        *where = w;
    switch (w) {
    case RIO_VOQREG_AT_UNALIGNED:
        return RIO_EALIGN;
    case RIO_VOQREG_AT_OUTSIDE:
        return RIO_EOFFSET;
    case RIO_VOQREG_AT_HEADER:
        *value = rio_voqreg_header(blk);
        return RIO_OK;
    case RIO_VOQREG_AT_RESERVED:
    case RIO_VOQREG_AT_ABSENT_PORT:
        return unimpl_result(blk);
    case RIO_VOQREG_AT_PORT_CSR:
        *value = blk->csr[n];
        return RIO_OK;
    }
    return RIO_EINVAL; /* NEVER: where_of returns one of the enumerators */
}

/* Decide the new value of one Port Group Size field (rev 3+). The field is
 * judged only when the write changes it (I-VOQREG-13). */
static void size_field(uint32_t *next, struct rio_voqreg_wr *wr,
                       const struct rio_voqreg_policy *pol, uint32_t mask,
                       int is_tx)
{
    uint32_t before = wr->before;
    unsigned old_size = (unsigned)RIO_FIELD_GET(mask, before);
    unsigned new_size = (unsigned)RIO_FIELD_GET(mask, wr->value);
    int refuse = 0;
    if (new_size == old_size)
        return;
    if (new_size == RIO_VOQ_GROUP_WIDTH_RESERVED) {
        wr->violations |= is_tx ? RIO_VOQREG_V_TX_SIZE_RESERVED
                                : RIO_VOQREG_V_RX_SIZE_RESERVED;
        refuse |= pol->size_reserved == RIO_VOQREG_REFUSE;
    } else if (!(before & RIO_VOQ_CSR_SIZE_SUPPORTED(new_size))) {
        wr->violations |= is_tx ? RIO_VOQREG_V_TX_SIZE_UNSUPPORTED
                                : RIO_VOQREG_V_RX_SIZE_UNSUPPORTED;
        refuse |= pol->size_unsupported == RIO_VOQREG_REFUSE;
    }
    /* I-VOQREG-8: bit 8 as it was before this write. */
    if (is_tx && (before & RIO_VOQ_CSR_GEN_ENABLE)) {
        wr->violations |= RIO_VOQREG_V_TX_SIZE_WHILE_GEN;
        refuse |= pol->tx_size_while_gen == RIO_VOQREG_REFUSE;
    }
    if (refuse) {
        *next = (*next & ~mask) | (before & mask);
        wr->refused |= mask;
    }
}

/* An enable bit (8, or rev 2 bit 11) set on a port without the capability
 * (I-VOQREG-7). */
static void enable_bit(uint32_t *next, struct rio_voqreg_wr *wr,
                       const struct rio_voqreg_policy *pol, uint32_t bit,
                       unsigned violation)
{
    if (!(wr->value & bit) || (wr->before & bit))
        return; /* not a 0 -> 1 change */
    wr->violations |= violation;
    if (pol->enable_unsupported == RIO_VOQREG_REFUSE) {
        *next &= ~bit;
        wr->refused |= bit;
    }
}

static void port_write(struct rio_voqreg *blk, unsigned n,
                       struct rio_voqreg_wr *wr)
{
    const struct rio_voqreg_port_desc *pd = &blk->desc.port[n];
    const struct rio_voqreg_policy *pol = &blk->desc.policy;
    enum rio_p12_rev rev = blk->desc.rev;
    struct bit_classes c = classes_of(rev, pd);
    uint32_t before = blk->csr[n];
    uint32_t next = (before & ~c.writable) | (wr->value & c.writable);

    wr->before = before;
    wr->read_only = (wr->value ^ before) & c.read_only;
    wr->reserved = wr->value & c.reserved;

    if (!pd->gen_supported)
        enable_bit(&next, wr, pol, RIO_VOQ_CSR_GEN_ENABLE,
                   RIO_VOQREG_V_GEN_UNSUPPORTED);
    if (rev == RIO_P12_REV2 && !pd->per_vc_supported)
        enable_bit(&next, wr, pol, RIO_VOQ_CSR_PER_VC_ENABLE,
                   RIO_VOQREG_V_LINK_UNSUPPORTED);
    if (rev == RIO_P12_REV3) {
        size_field(&next, wr, pol, RIO_VOQ_CSR_TX_GROUP_SIZE, 1);
        size_field(&next, wr, pol, RIO_VOQ_CSR_RX_GROUP_SIZE, 0);
    }
    blk->csr[n] = next;
    wr->after = next;
}

int rio_voqreg_write(struct rio_voqreg *blk, uint32_t offset, uint32_t value,
                     struct rio_voqreg_wr *wr)
{
    if (wr == NULL || !blk_ok(blk))
        return RIO_EINVAL;
    unsigned n;
    enum rio_voqreg_where w = where_of(blk, offset, &n);
    *wr = (struct rio_voqreg_wr){w, n, value, 0, 0, 0, 0, 0, 0};
    switch (w) {
    case RIO_VOQREG_AT_UNALIGNED:
        wr->reserved = value;
        return RIO_EALIGN;
    case RIO_VOQREG_AT_OUTSIDE:
        wr->reserved = value;
        return RIO_EOFFSET;
    case RIO_VOQREG_AT_RESERVED:
    case RIO_VOQREG_AT_ABSENT_PORT:
        wr->reserved = value;
        return unimpl_result(blk);
    case RIO_VOQREG_AT_HEADER: /* P12-5.1.2.1-a: both fields hard-wired */
        wr->before = wr->after = rio_voqreg_header(blk);
        wr->read_only = value ^ wr->before;
        return RIO_OK;
    case RIO_VOQREG_AT_PORT_CSR:
        port_write(blk, n, wr);
        return RIO_OK;
    }
    return RIO_EINVAL; /* NEVER: where_of returns one of the enumerators */
}

int rio_voqreg_port_offset(enum rio_p12_rev rev, unsigned port, uint32_t *dst)
{
    if (dst == NULL)
        return RIO_EINVAL;
    *dst = 0;
    if (!rev_known(rev))
        return RIO_EREVISION;
    if (port >= map_ports(rev))
        return RIO_ERANGE;
    *dst = port0_offset(rev) + 4u * port;
    return RIO_OK;
}

uint32_t rio_voqreg_port_csr(const struct rio_voqreg *blk, unsigned port)
{
    if (!blk_ok(blk) || port >= blk->desc.port_count)
        return 0;
    return blk->csr[port];
}

uint32_t rio_voqreg_header(const struct rio_voqreg *blk)
{
    if (!blk_ok(blk))
        return 0;
    return (uint32_t)RIO_FIELD_PREP(RIO_VOQREG_HDR_EF_PTR, blk->desc.ef_ptr) |
           (uint32_t)RIO_FIELD_PREP(RIO_VOQREG_HDR_EF_ID, RIO_VOQ_EF_ID);
}

unsigned rio_voqreg_port_count(const struct rio_voqreg *blk)
{
    return blk_ok(blk) ? blk->desc.port_count : 0;
}

int rio_voqreg_link_check(enum rio_p12_rev rev, uint32_t local_csr,
                          uint32_t partner_csr, unsigned *flags)
{
    if (flags == NULL)
        return RIO_EINVAL;
    *flags = 0;
    if (!rev_known(rev))
        return RIO_EREVISION;
    int gen = (local_csr & RIO_VOQ_CSR_GEN_ENABLE) != 0;
    if (gen && !(partner_csr & RIO_VOQ_CSR_RX_SUPPORTED))
        *flags |= RIO_VOQREG_L_GEN_PARTNER_NO_RX;
    if ((local_csr & RIO_VOQ_CSR_PER_VC_ENABLE) &&
        !(local_csr & partner_csr & RIO_VOQ_CSR_PER_VC_SUPPORTED))
        *flags |= RIO_VOQREG_L_PER_VC_NOT_BOTH;
    if (rev == RIO_P12_REV3 && gen) {
        unsigned tx = rio_voq_csr_tx_group_width(local_csr);
        if (tx != rio_voq_csr_rx_group_width(partner_csr))
            *flags |= RIO_VOQREG_L_SIZE_MISMATCH;
        if (tx == RIO_VOQ_GROUP_WIDTH_RESERVED ||
            !(partner_csr & RIO_VOQ_CSR_SIZE_SUPPORTED(tx)))
            *flags |= RIO_VOQREG_L_SIZE_NOT_SUPPORTED;
    }
    return RIO_OK;
}
/* SPDX-License-Identifier: Apache-2.0 */
