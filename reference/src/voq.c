/* Part 12 VoQ message codecs: CS48 stype2 (rev 2 and rev 3+) and the CS64
 * VoQ parameter (rev 3+). */
#include "rio/voq.h"

#include "bits.h"
#include "rio/err.h"

/* Rev 3+ stype2 (14 bits, Table 3-1): CMD bit 0, parameter bits 1-13. */
#define STYPE2_R3_CMD    RIO_BE_MASK(14, 0, 0)
#define STYPE2_R3_PARAM  RIO_BE_MASK(14, 1, 13)
#define STYPE2_R3_CMD_VOQ 1u
/* Rev 2 stype2 (Table 3-1): CMD bits 0-2, status bits 3-8 (offsets 5..0,
 * Table 3-2), port group bits 9-13 (Table 3-3). */
#define STYPE2_R2_CMD    RIO_BE_MASK(14, 0, 2)
#define STYPE2_R2_PARAM  RIO_BE_MASK(14, 3, 13)
#define STYPE2_R2_STATUS RIO_BE_MASK(14, 3, 8)
#define STYPE2_R2_GROUP  RIO_BE_MASK(14, 9, 13)
#define STYPE2_R2_CMD_NOP 0u
#define STYPE2_R2_CMD_VOQ 1u
/* CS64 parameter0||parameter1 (24 bits, Figure 3-4): VC_IND bits 0-3. */
#define CS64_VC_IND      RIO_BE_MASK(24, 0, 3)
#define CS64_STATUS_GROUP RIO_BE_MASK(24, 4, 23)

_Static_assert(RIO_BE_MASK(14, 3, 8) == 0x7E0u, "rev 2 status = (v >> 5) & 0x3F");
_Static_assert(RIO_VOQ_REV2_STATUS_BITS * 32u == 192u, "rev 2 covers 192 ports");

/* Split `bits` (the low `total` bits: status || group) into a message. */
static void split_status_group(struct rio_voq_msg *m, uint32_t bits,
                               unsigned total, unsigned group_width)
{
    unsigned status_width = total - group_width;
    m->group_width = (uint8_t)group_width;
    m->status_width = (uint8_t)status_width;
    m->group = (uint16_t)(bits & ((1u << group_width) - 1u));
    m->status = (bits >> group_width) & ((1u << status_width) - 1u);
    m->first_port = (uint16_t)(m->group * status_width);
}

static void msg_clear(struct rio_voq_msg *m)
{
    *m = (struct rio_voq_msg){.kind = RIO_VOQ_RESERVED_CMD,
                              .vc_ind = RIO_VC_IND_ALL,
                              .vc = RIO_VC_ALL};
}

int rio_voq_stype2_decode(struct rio_voq_msg *dst, enum rio_p12_rev rev,
                          unsigned group_width, uint32_t stype2)
{
    if (dst == NULL)
        return RIO_EINVAL;
    if (!rio_fits(stype2, 14))
        return RIO_ERANGE;
    switch (rev) {
    case RIO_P12_REV2: {
        msg_clear(dst);
        unsigned cmd = (unsigned)RIO_FIELD_GET(STYPE2_R2_CMD, stype2);
        dst->parameter = (uint16_t)RIO_FIELD_GET(STYPE2_R2_PARAM, stype2);
        dst->group_width = RIO_VOQ_REV2_GROUP_BITS;
        dst->status_width = RIO_VOQ_REV2_STATUS_BITS;
        if (cmd == STYPE2_R2_CMD_NOP) {
            dst->kind = RIO_VOQ_NOP;
        } else if (cmd == STYPE2_R2_CMD_VOQ) {
            dst->kind = RIO_VOQ_BACKPRESSURE;
            /* Status bit 3 is offset 5 ... bit 8 offset 0: as a value, offset k
             * is bit k, so the field value is already the status vector. */
            dst->status = (uint32_t)RIO_FIELD_GET(STYPE2_R2_STATUS, stype2);
            dst->group = (uint16_t)RIO_FIELD_GET(STYPE2_R2_GROUP, stype2);
            dst->first_port = (uint16_t)(dst->group * RIO_VOQ_REV2_STATUS_BITS);
        }
        return RIO_OK;
    }
    case RIO_P12_REV3:
        if (group_width > RIO_VOQ_GROUP_WIDTH_MAX)
            return RIO_ERESERVED;
        msg_clear(dst);
        if (RIO_FIELD_GET(STYPE2_R3_CMD, stype2) == STYPE2_R3_CMD_VOQ)
            dst->kind = RIO_VOQ_BACKPRESSURE;
        dst->parameter = (uint16_t)RIO_FIELD_GET(STYPE2_R3_PARAM, stype2);
        split_status_group(dst, dst->parameter, RIO_VOQ_CS48_BITS, group_width);
        if (dst->kind != RIO_VOQ_BACKPRESSURE) {
            dst->status = 0;
            dst->group = 0;
            dst->first_port = 0;
        }
        return RIO_OK;
    }
    return RIO_EINVAL;
}

int rio_voq_stype2_encode(uint16_t *dst, enum rio_p12_rev rev,
                          unsigned group_width, unsigned group, uint32_t status)
{
    if (dst == NULL)
        return RIO_EINVAL;
    switch (rev) {
    case RIO_P12_REV2:
        if (!rio_fits(group, RIO_VOQ_REV2_GROUP_BITS) ||
            !rio_fits(status, RIO_VOQ_REV2_STATUS_BITS))
            return RIO_ERANGE;
        *dst = (uint16_t)(RIO_FIELD_PREP(STYPE2_R2_CMD, STYPE2_R2_CMD_VOQ) |
                          RIO_FIELD_PREP(STYPE2_R2_STATUS, status) |
                          RIO_FIELD_PREP(STYPE2_R2_GROUP, group));
        return RIO_OK;
    case RIO_P12_REV3: {
        if (group_width > RIO_VOQ_GROUP_WIDTH_MAX)
            return RIO_ERESERVED;
        unsigned status_width = RIO_VOQ_CS48_BITS - group_width;
        if (!rio_fits(group, group_width) || !rio_fits(status, status_width))
            return RIO_ERANGE;
        uint32_t param = (status << group_width) | group;
        *dst = (uint16_t)(RIO_FIELD_PREP(STYPE2_R3_CMD, STYPE2_R3_CMD_VOQ) |
                          RIO_FIELD_PREP(STYPE2_R3_PARAM, param));
        return RIO_OK;
    }
    }
    return RIO_EINVAL;
}

int rio_voq_vc_ind_to_vc(unsigned vc_ind)
{
    if (vc_ind <= 7u)
        return (int)vc_ind + 1; /* 0b0000 = VC1 ... 0b0111 = VC8 */
    if (vc_ind == RIO_VC_IND_VC0)
        return 0;
    if (vc_ind == RIO_VC_IND_ALL)
        return RIO_VC_ALL;
    return -1; /* 0b1001-0b1110 reserved; > 15 is no VC_IND at all */
}

int rio_voq_vc_to_vc_ind(unsigned vc)
{
    if (vc == 0)
        return RIO_VC_IND_VC0;
    if (vc <= 8u)
        return (int)vc - 1;
    if (vc == RIO_VC_ALL)
        return RIO_VC_IND_ALL;
    return RIO_ERANGE;
}

int rio_voq_cs64_decode(struct rio_voq_msg *dst, unsigned group_width,
                        uint32_t param24)
{
    if (dst == NULL)
        return RIO_EINVAL;
    if (!rio_fits(param24, 24))
        return RIO_ERANGE;
    if (group_width > RIO_VOQ_GROUP_WIDTH_MAX)
        return RIO_ERESERVED;
    msg_clear(dst);
    dst->vc_ind = (uint8_t)RIO_FIELD_GET(CS64_VC_IND, param24);
    dst->parameter = 0;
    split_status_group(dst, (uint32_t)RIO_FIELD_GET(CS64_STATUS_GROUP, param24),
                       RIO_VOQ_CS64_BITS, group_width);
    int vc = rio_voq_vc_ind_to_vc(dst->vc_ind);
    if (vc < 0) {
        dst->kind = RIO_VOQ_RESERVED_VC_IND;
        dst->vc = RIO_VC_ALL;
    } else {
        dst->kind = RIO_VOQ_BACKPRESSURE;
        dst->vc = (uint8_t)vc;
    }
    return RIO_OK;
}

int rio_voq_cs64_encode(uint32_t *dst, unsigned vc_ind, unsigned group_width,
                        unsigned group, uint32_t status)
{
    if (dst == NULL)
        return RIO_EINVAL;
    if (group_width > RIO_VOQ_GROUP_WIDTH_MAX)
        return RIO_ERESERVED;
    unsigned status_width = RIO_VOQ_CS64_BITS - group_width;
    if (!rio_fits(vc_ind, 4) || !rio_fits(group, group_width) ||
        !rio_fits(status, status_width))
        return RIO_ERANGE;
    *dst = (uint32_t)(RIO_FIELD_PREP(CS64_VC_IND, vc_ind) |
                      RIO_FIELD_PREP(CS64_STATUS_GROUP,
                                     ((uint64_t)status << group_width) | group));
    return RIO_OK;
}

unsigned rio_voq_msg_ports(struct rio_voq_port *dst, unsigned cap,
                           const struct rio_voq_msg *msg)
{
    if (msg == NULL || msg->kind != RIO_VOQ_BACKPRESSURE)
        return 0;
    unsigned n = msg->status_width;
    if (n > RIO_VOQ_MAX_STATUS_BITS)
        n = RIO_VOQ_MAX_STATUS_BITS;
    for (unsigned i = 0; dst != NULL && i < n && i < cap; i++) {
        dst[i].port = (uint16_t)(msg->first_port + i);
        dst[i].congested = (uint8_t)((msg->status >> i) & 1u);
    }
    return n;
}
/* SPDX-License-Identifier: Apache-2.0 */
