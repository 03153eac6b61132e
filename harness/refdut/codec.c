/* SPDX-License-Identifier: Apache-2.0 */
/*
 * codec.c - the stateless codec machine (rio/voq.h, rio/cs.h, rio/ccp.h) behind
 * the riocheck vendor ABI: machine RC_M_CODEC of the reference DUT (rd_dut in
 * refdut.c). Its mapping notes (C1-C3) and the general ones (G1-G7) are at the
 * top of refdut.c.
 */
#include "refdut_int.h"

#include <stdlib.h>
#include <string.h>

#include "rio/ccp.h"
#include "rio/cs.h"
#include "rio/voq.h"

RD_TABLE_(codec_events, RC_CODEC_EVENTS);
RD_TABLE_(codec_queries, RC_CODEC_QUERIES);
RD_KEYTABLE_(codec_keys, RC_CODEC_CONFIG);

struct rd_codec {
    uint8_t unused;
};

int rd_codec_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    uint64_t v[RD_KEYS];
    uint32_t given;
    if (inst == NULL)
        return RC_INVAL;
    *inst = NULL;
    int rc = rd_config(v, &given, codec_keys, RD_COUNT_(codec_keys), cfg);
    if (rc != RC_OK)
        return rc;
    if (v[RC_CODEC_CFG_NONE] != 0)
        return RC_RANGE;
    struct rd_codec *c = calloc(1, sizeof *c);
    if (c == NULL)
        return RC_FULL;
    *inst = c;
    return RC_OK;
}

static void codec_voq_msg(struct rd_out *o, const struct rio_voq_msg *m)
{
    RD_EMIT(o, RC_CODEC_OUT_VOQ_MSG, (uint64_t)m->kind, m->vc_ind, m->vc,
            m->group_width, m->status_width, m->group, m->status,
            m->first_port);
}

static int codec_ccp_unpack(struct rd_out *o, const struct rc_msg *ev)
{
    const uint64_t *a = ev->arg;
    enum rio_p9_rev rev;
    uint8_t buf[16];
    size_t len;
    struct rio_ccp_packet p;
    if (!rd_p9_rev(a[0], &rev))
        return RC_INVAL;
    int rc = rd_bytes_in(buf, &len, a[1], a[2], a[3]);
    if (rc != RC_OK)
        return rc;
    memset(&p, 0, sizeof p);
    rc = rio_ccp_unpack(&p, rev, buf, len);
    if (rc == RIO_OK || rc == RIO_ECRC) {
        RD_EMIT(o, RC_CODEC_OUT_CCP_HDR, p.ack_id, p.vc, p.crf, p.prio, p.tt,
                p.ftype, p.destination_id, p.crc, p.pad);
        RD_EMIT(o, RC_CODEC_OUT_CCP, p.ccp.xon, p.ccp.fam, p.ccp.rsrv,
                p.ccp.flow_id, p.ccp.soc, p.ccp.tgt_destination_id);
    }
    return rc;
}

static int codec_ccp_pack(struct rd_out *o, const struct rc_msg *ev)
{
    const uint64_t *a = ev->arg;
    enum rio_p9_rev rev;
    uint8_t buf[RIO_CCP_MAX_BYTES];
    size_t len = 0;
    if (!rd_p9_rev(a[0], &rev))
        return RC_INVAL;
    if (!RD_FIT(ev, RD_ANY, RD_U8, RD_U8, RD_U8, RD_U8, RD_U8, RD_U32, RD_U32,
                RD_U8, RD_U8, RD_U8, RD_U8, RD_U8, RD_U8))
        return RC_RANGE;
    struct rio_ccp_packet p = {
        .ack_id = (uint8_t)a[1],
        .vc = (uint8_t)a[2],
        .crf = (uint8_t)a[3],
        .prio = (uint8_t)a[4],
        .tt = (uint8_t)a[5],
        .destination_id = (uint32_t)a[6],
        .ccp = {.tgt_destination_id = (uint32_t)a[7],
                .xon = (uint8_t)a[8],
                .fam = (uint8_t)a[9],
                .rsrv = (uint8_t)a[10],
                .flow_id = (uint8_t)a[11],
                .soc = (uint8_t)a[12]},
        .ftype = (uint8_t)a[13],
    };
    int rc = rio_ccp_pack(buf, sizeof buf, &len, rev, &p);
    if (rc == RIO_OK)
        rd_bytes_out(o, RC_CODEC_OUT_BYTES, buf, len);
    return rc;
}

static int codec_dispatch(struct rd_out *o, const struct rc_msg *ev)
{
    const uint64_t *a = ev->arg;
    enum rio_p12_rev rev;
    struct rio_voq_msg m;
    uint8_t buf[16];
    size_t len;
    int rc;
    switch ((enum rc_codec_event)ev->kind) {
    case RC_CODEC_EV_STYPE2_DECODE:
        if (!rd_p12_rev(a[0], &rev))
            return RC_INVAL;
        if (!RD_FIT(ev, RD_ANY, RD_UINT, RD_U32))
            return RC_RANGE;
        rc = rio_voq_stype2_decode(&m, rev, (unsigned)a[1], (uint32_t)a[2]);
        if (rc == RIO_OK)
            codec_voq_msg(o, &m);
        return rc;
    case RC_CODEC_EV_STYPE2_ENCODE: {
        uint16_t v = 0;
        if (!rd_p12_rev(a[0], &rev))
            return RC_INVAL;
        if (!RD_FIT(ev, RD_ANY, RD_UINT, RD_UINT, RD_U32))
            return RC_RANGE;
        rc = rio_voq_stype2_encode(&v, rev, (unsigned)a[1], (unsigned)a[2],
                                   (uint32_t)a[3]);
        if (rc == RIO_OK)
            RD_EMIT(o, RC_CODEC_OUT_VALUE, v);
        return rc;
    }
    case RC_CODEC_EV_CS64_DECODE:
        if (!RD_FIT(ev, RD_UINT, RD_U32))
            return RC_RANGE;
        rc = rio_voq_cs64_decode(&m, (unsigned)a[0], (uint32_t)a[1]);
        if (rc == RIO_OK)
            codec_voq_msg(o, &m);
        return rc;
    case RC_CODEC_EV_CS64_ENCODE: {
        uint32_t v = 0;
        if (!RD_FIT(ev, RD_UINT, RD_UINT, RD_UINT, RD_U32))
            return RC_RANGE;
        rc = rio_voq_cs64_encode(&v, (unsigned)a[0], (unsigned)a[1],
                                 (unsigned)a[2], (uint32_t)a[3]);
        if (rc == RIO_OK)
            RD_EMIT(o, RC_CODEC_OUT_VALUE, v);
        return rc;
    }
    case RC_CODEC_EV_CS48_UNPACK: {
        struct rio_cs48 cs;
        rc = rd_bytes_in(buf, &len, a[0], a[1], a[2]);
        if (rc != RC_OK)
            return rc;
        memset(&cs, 0, sizeof cs);
        rc = rio_cs48_unpack(&cs, buf, len);
        if (rc == RIO_OK || rc == RIO_ECRC)
            RD_EMIT(o, RC_CODEC_OUT_CS48, cs.stype0, cs.parameter0,
                    cs.parameter1, cs.stype1, cs.cmd, cs.stype2, cs.crc13);
        return rc;
    }
    case RC_CODEC_EV_CS48_PACK: {
        if (!RD_FIT(ev, RD_U8, RD_U8, RD_U8, RD_U8, RD_U8, RD_U16))
            return RC_RANGE;
        struct rio_cs48 cs = {
            .stype0 = (uint8_t)a[0],
            .parameter0 = (uint8_t)a[1],
            .parameter1 = (uint8_t)a[2],
            .stype1 = (uint8_t)a[3],
            .cmd = (uint8_t)a[4],
            .stype2 = (uint16_t)a[5],
        };
        rc = rio_cs48_pack(buf, &cs);
        if (rc == RIO_OK)
            rd_bytes_out(o, RC_CODEC_OUT_BYTES, buf, RIO_CS48_BYTES);
        return rc;
    }
    case RC_CODEC_EV_CS64_UNPACK: {
        struct rio_cs64 cs;
        rc = rd_bytes_in(buf, &len, a[0], a[1], a[2]);
        if (rc != RC_OK)
            return rc;
        memset(&cs, 0, sizeof cs);
        rc = rio_cs64_unpack(&cs, buf, len);
        if (rc == RIO_OK || rc == RIO_ECRC)
            RD_EMIT(o, RC_CODEC_OUT_CS64, cs.stype0, cs.parameter0,
                    cs.parameter1, cs.stype1, cs.crc24, cs.alignment);
        return rc;
    }
    case RC_CODEC_EV_CS64_PACK: {
        if (!RD_FIT(ev, RD_U8, RD_U16, RD_U16, RD_U8))
            return RC_RANGE;
        struct rio_cs64 cs = {
            .stype0 = (uint8_t)a[0],
            .parameter0 = (uint16_t)a[1],
            .parameter1 = (uint16_t)a[2],
            .stype1 = (uint8_t)a[3],
        };
        rc = rio_cs64_pack(buf, &cs);
        if (rc == RIO_OK)
            rd_bytes_out(o, RC_CODEC_OUT_BYTES, buf, RIO_CS64_BYTES);
        return rc;
    }
    case RC_CODEC_EV_CCP_UNPACK:
        return codec_ccp_unpack(o, ev);
    case RC_CODEC_EV_CCP_PACK:
        return codec_ccp_pack(o, ev);
    case RC_CODEC_EV_FAM_DECODE: {
        unsigned seq = 0;
        if (!RD_FIT(ev, RD_U1, 7u))
            return RC_RANGE;
        enum rio_fam_cmd cmd =
            rio_fam_decode((unsigned)a[0], (unsigned)a[1], &seq);
        RD_EMIT(o, RC_CODEC_OUT_COMMAND, (uint64_t)cmd, seq);
        return RC_OK;
    }
    case RC_CODEC_EV_FLOW_DECODE: {
        struct rio_flow f;
        if (!RD_FIT(ev, RD_UINT))
            return RC_RANGE;
        rc = rio_flow_decode(&f, (unsigned)a[0]);
        if (rc == RIO_OK)
            RD_EMIT(o, RC_CODEC_OUT_FLOW, f.reserved, f.vc, f.flow);
        return rc;
    }
    case RC_CODEC_EV_END_:
        break;
    }
    return RC_INVAL; /* not reached: rd_check_msg accepted the kind */
}

int rd_codec_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
               uint32_t cap, uint32_t *n)
{
    struct rd_out o;
    int rc = rd_step_begin(&o, inst, ev, out, cap, n, codec_events,
                           RD_COUNT_(codec_events));
    if (rc != RC_OK)
        return rc;
    rc = codec_dispatch(&o, ev);
    return rd_step_end(&o, n, rc);
}

int rd_codec_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    int rc = rd_query_begin(inst, q, value, codec_queries,
                            RD_COUNT_(codec_queries));
    return rc != RC_OK ? rc : RC_NOTSUP; /* C1: no observable state */
}

/* C3: the optional sweep fast path, called 117M times by an exhaustive CS64
 * sweep: the voq_msg of codec_voq_msg written field by field (no clearing
 * of the unused arguments, no output buffer bookkeeping). */
int rd_codec_cs64_decode(void *ctx, uint32_t width, uint32_t param, struct rc_msg *out)
{
    (void)ctx;
    struct rio_voq_msg m;
    if (out == NULL)
        return RC_INVAL;
    int rc = rio_voq_cs64_decode(&m, width, param);
    if (rc != RIO_OK) {
        out->kind = 0;
        out->nargs = 0;
        return rc;
    }
    out->kind = RC_CODEC_OUT_VOQ_MSG;
    out->nargs = 8;
    out->arg[0] = (uint64_t)m.kind;
    out->arg[1] = m.vc_ind;
    out->arg[2] = m.vc;
    out->arg[3] = m.group_width;
    out->arg[4] = m.status_width;
    out->arg[5] = m.group;
    out->arg[6] = m.status;
    out->arg[7] = m.first_port;
    return RC_OK;
}
