/* Part 12 VoQ backpressure receiver (the upstream device): 3.3 VC selection,
 * 2.3 / 4.3 staging and scheduling. The contract is in rio/voqrx.h. */
#include "rio/voqrx.h"

#include <string.h>

#include "rio/cs.h"
#include "rio/err.h"

static uint16_t vcs_in_use(unsigned optional_vcs)
{
    uint16_t m = 0;
    for (unsigned v = 0; v < RIO_VOQRX_VCS; v++)
        if (rio_voqgen_vc_in_use(optional_vcs, v))
            m = (uint16_t)(m | (1u << v));
    return m;
}

/* Part 6 Table 3-12: the VC a VCID names when `optional_vcs` VCs besides VC0
 * are in use; low VCID bits that do not count are ignored (I-RX-3). -1: the
 * device has no optional VC at all. */
static int vcid_to_vc(unsigned optional_vcs, unsigned vcid)
{
    vcid &= 0x7u;
    switch (optional_vcs) {
    case 8: return 1 + (int)vcid;
    case 4: return 1 + (int)(vcid & 0x6u);
    case 2: return 1 + (int)(vcid & 0x4u);
    case 1: return 1;
    default: return -1;
    }
}

static unsigned max_ports(enum rio_p12_rev rev)
{
    switch (rev) {
    case RIO_P12_REV2:
        return 192u;
    case RIO_P12_REV3:
        return RIO_VOQRX_MAX_PORTS;
    }
    return 0;
}

int rio_voqrx_cfg_default(struct rio_voqrx_cfg *cfg, enum rio_p12_rev rev,
                          enum rio_voq_format format, unsigned port_count)
{
    if (cfg == NULL)
        return RIO_EINVAL;
    if (port_count == 0 || port_count > RIO_VOQRX_MAX_PORTS)
        return RIO_ERANGE;
    memset(cfg, 0, sizeof *cfg);
    cfg->rev = rev;
    cfg->format = format;
    cfg->port_count = port_count;
    cfg->queue_count = port_count;
    for (unsigned p = 0; p < port_count; p++)
        cfg->queue_of_port[p] = (uint8_t)p;
    cfg->beyond = RIO_VOQRX_BEYOND_IGNORE_BITS;
    return RIO_OK;
}

int rio_voqrx_init(struct rio_voqrx *rx, const struct rio_voqrx_cfg *cfg)
{
    if (rx == NULL || cfg == NULL)
        return RIO_EINVAL;
    unsigned ports_max = max_ports(cfg->rev);
    if (ports_max == 0)
        return RIO_EINVAL;
    bool format_known = false;
    switch (cfg->format) {
    case RIO_VOQ_FORMAT_CS48:
        format_known = true;
        break;
    case RIO_VOQ_FORMAT_CS64:
        if (cfg->rev == RIO_P12_REV2)
            return RIO_EREVISION;
        format_known = true;
        break;
    }
    bool beyond_known = false;
    switch (cfg->beyond) {
    case RIO_VOQRX_BEYOND_IGNORE_BITS:
    case RIO_VOQRX_BEYOND_DISCARD:
        beyond_known = true;
        break;
    }
    if (!format_known || !beyond_known || cfg->port_count == 0 ||
        vcs_in_use(cfg->optional_vcs) == 0 || cfg->queue_count == 0)
        return RIO_EINVAL;
    if (cfg->port_count > ports_max || cfg->queue_count > RIO_VOQRX_MAX_QUEUES)
        return RIO_ERANGE;
    if (cfg->rev == RIO_P12_REV3) {
        if (cfg->rx_group_width == RIO_VOQ_GROUP_WIDTH_RESERVED)
            return RIO_ERESERVED;
        if (cfg->rx_group_width > RIO_VOQ_GROUP_WIDTH_RESERVED)
            return RIO_EINVAL;
    }
    for (unsigned p = 0; p < cfg->port_count; p++)
        if (cfg->queue_of_port[p] >= cfg->queue_count)
            return RIO_EINVAL;
    if (cfg->per_vc && !cfg->queue_within_vcs)
        return RIO_ENOTSUP; /* I-RX-7, P12-3.3-d */
    memset(rx, 0, sizeof *rx);
    rx->cfg = *cfg;
    return RIO_OK;
}

/* 2.3 / 4.3e: a queue stops while any of its ports is congested - on its own
 * VC, or on any VC when the queue is shared by all VCs (I-RX-6). */
static bool queue_blocked(const struct rio_voqrx *rx, unsigned queue,
                          unsigned vc)
{
    if (rx->cfg.queue_within_vcs)
        return rx->blocking[queue][vc] != 0;
    for (unsigned v = 0; v < RIO_VOQRX_VCS; v++)
        if (rx->blocking[queue][v] != 0)
            return true;
    return false;
}

/* Returns 1 when the flag changed. Keeps blocking[][] equal to the number of
 * congested ports of each queue. */
static unsigned set_flag(struct rio_voqrx *rx, unsigned port, unsigned vc,
                         unsigned congested)
{
    uint16_t m = (uint16_t)(1u << vc);
    unsigned was = (rx->congested[port] & m) != 0;
    if (was == congested)
        return 0;
    rx->congested[port] = (uint16_t)(rx->congested[port] ^ m);
    uint16_t *count = &rx->blocking[rx->cfg.queue_of_port[port]][vc];
    *count = (uint16_t)(congested ? *count + 1u : *count - 1u);
    return 1;
}

/* The VCs a BACKPRESSURE message applies to (3.3); false with out->result set
 * when it applies to none. */
static bool message_vcs(const struct rio_voqrx *rx, const struct rio_voq_msg *m,
                        unsigned stype0, unsigned parameter0, uint8_t *vc,
                        struct rio_voqrx_out *out)
{
    *vc = RIO_VC_ALL;
    if (!rx->cfg.per_vc)
        return true; /* P12-3.3-h, P12-3.3-e: every VC, whatever it rides with */
    int v = -1;
    switch (rx->cfg.format) {
    case RIO_VOQ_FORMAT_CS48: {
        bool linked = false;
        switch ((enum rio_cs48_stype0)stype0) {
        case RIO_CS48_STYPE0_STATUS:
            v = 0;
            linked = true;
            break;
        case RIO_CS48_STYPE0_VC_STATUS:
            v = vcid_to_vc(rx->cfg.optional_vcs, parameter0);
            linked = true;
            break;
        case RIO_CS48_STYPE0_PACKET_ACCEPTED:
        case RIO_CS48_STYPE0_PACKET_RETRY:
        case RIO_CS48_STYPE0_PACKET_NOT_ACCEPTED:
        case RIO_CS48_STYPE0_TIMESTAMP:
        case RIO_CS48_STYPE0_LINK_RESPONSE:
        case RIO_CS48_STYPE0_IMPL_DEFINED:
            break;
        }
        if (!linked) {
            out->result = RIO_VOQRX_IGNORED_NOT_LINKED; /* I-RX-2 */
            return false;
        }
        break;
    }
    case RIO_VOQ_FORMAT_CS64:
        if (m->vc_ind == RIO_VC_IND_ALL)
            return true;
        v = m->vc_ind == RIO_VC_IND_VC0 ? 0
                                        : vcid_to_vc(rx->cfg.optional_vcs, m->vc_ind);
        break;
    }
    if (v < 0) {
        out->result = RIO_VOQRX_IGNORED_VC_NOT_IN_USE; /* I-RX-3 */
        return false;
    }
    *vc = (uint8_t)v;
    return true;
}

/* A decoded message: ignore it, discard it, or set the flags it names. */
static int apply(struct rio_voqrx *rx, const struct rio_voq_msg *m,
                 unsigned stype0, unsigned parameter0, struct rio_voqrx_out *out)
{
    out->msg = *m;
    switch (m->kind) {
    case RIO_VOQ_BACKPRESSURE:
        break;
    case RIO_VOQ_NOP:
        out->result = RIO_VOQRX_IGNORED_NOP;
        return RIO_OK;
    case RIO_VOQ_RESERVED_CMD:
        out->result = RIO_VOQRX_IGNORED_RESERVED_CMD;
        return RIO_OK;
    case RIO_VOQ_RESERVED_VC_IND:
        out->result = RIO_VOQRX_IGNORED_RESERVED_VC_IND; /* P12-3.2-c */
        return RIO_OK;
    }
    uint8_t vc = RIO_VC_ALL;
    if (!message_vcs(rx, m, stype0, parameter0, &vc, out))
        return RIO_OK;
    out->vc = vc;
    unsigned vcs = vc == RIO_VC_ALL ? (unsigned)vcs_in_use(rx->cfg.optional_vcs)
                                    : 1u << vc;
    unsigned beyond = 0;
    for (unsigned i = 0; i < m->status_width; i++)
        if ((unsigned)m->first_port + i >= rx->cfg.port_count &&
            ((m->status >> i) & 1u))
            beyond++;
    out->beyond_bits = (uint16_t)beyond;
    if (beyond != 0 && rx->cfg.beyond == RIO_VOQRX_BEYOND_DISCARD) {
        out->result = RIO_VOQRX_DISCARDED_BEYOND; /* I-RX-1 */
        return RIO_OK;
    }
    unsigned changed = 0;
    for (unsigned i = 0; i < m->status_width; i++) {
        unsigned port = (unsigned)m->first_port + i;
        if (port >= rx->cfg.port_count)
            break; /* I-RX-1: ignored bits */
        for (unsigned v = 0; v < RIO_VOQRX_VCS; v++)
            if ((vcs >> v) & 1u)
                changed += set_flag(rx, port, v, (m->status >> i) & 1u);
    }
    out->flags_changed = (uint16_t)changed;
    out->result = RIO_VOQRX_APPLIED;
    return RIO_OK;
}

static int rx_symbol(struct rio_voqrx *rx, const struct rio_voqrx_event *ev,
                     struct rio_voqrx_out *out)
{
    if (ev->bytes == NULL)
        return RIO_EINVAL;
    struct rio_voq_msg m;
    switch (rx->cfg.format) {
    case RIO_VOQ_FORMAT_CS48: {
        struct rio_cs48 cs;
        int rc = rio_cs48_unpack(&cs, ev->bytes, ev->len);
        if (rc == RIO_ECRC)
            out->result = RIO_VOQRX_DISCARDED_CRC; /* I-RX-4 */
        if (rc != RIO_OK)
            return rc;
        rc = rio_voq_stype2_decode(&m, rx->cfg.rev, rx->cfg.rx_group_width,
                                   cs.stype2);
        if (rc != RIO_OK)
            return rc; /* NEVER: init checked the group width */
        return apply(rx, &m, cs.stype0, cs.parameter0, out);
    }
    case RIO_VOQ_FORMAT_CS64: {
        struct rio_cs64 cs;
        int rc = rio_cs64_unpack(&cs, ev->bytes, ev->len);
        if (rc == RIO_ECRC)
            out->result = RIO_VOQRX_DISCARDED_CRC;
        if (rc != RIO_OK)
            return rc;
        if (cs.stype0 != RIO_CS64_STYPE0_VOQ_BACKPRESSURE) {
            out->result = RIO_VOQRX_IGNORED_NOT_VOQ; /* I-RX-8 */
            return RIO_OK;
        }
        uint32_t param = ((uint32_t)cs.parameter0 << 12) | cs.parameter1;
        rc = rio_voq_cs64_decode(&m, rx->cfg.rx_group_width, param);
        if (rc != RIO_OK)
            return rc; /* NEVER */
        return apply(rx, &m, 0, 0, out);
    }
    }
    return RIO_EINVAL;
}

/* An RX_MSG must look like what the codec gives for this receiver. */
static bool msg_consistent(const struct rio_voqrx *rx, const struct rio_voq_msg *m)
{
    bool cs64 = rx->cfg.format == RIO_VOQ_FORMAT_CS64;
    bool rev2 = rx->cfg.rev == RIO_P12_REV2;
    bool kind_ok = false;
    switch (m->kind) {
    case RIO_VOQ_BACKPRESSURE:
        kind_ok = true;
        break;
    case RIO_VOQ_NOP:
        return rev2;
    case RIO_VOQ_RESERVED_CMD:
        return !cs64;
    case RIO_VOQ_RESERVED_VC_IND:
        return cs64 && m->vc_ind <= 0xFu && rio_voq_vc_ind_to_vc(m->vc_ind) < 0;
    }
    if (!kind_ok)
        return false;
    unsigned gw = rev2 ? RIO_VOQ_REV2_GROUP_BITS : rx->cfg.rx_group_width;
    unsigned sw = rev2 ? RIO_VOQ_REV2_STATUS_BITS
                       : (cs64 ? RIO_VOQ_CS64_BITS : RIO_VOQ_CS48_BITS) - gw;
    if (m->group_width != gw || m->status_width != sw ||
        m->group >= (1u << gw) || (m->status >> sw) != 0 ||
        m->first_port != m->group * sw)
        return false;
    if (cs64) {
        int vc = m->vc_ind <= 0xFu ? rio_voq_vc_ind_to_vc(m->vc_ind) : -1;
        return vc >= 0 && (unsigned)vc == m->vc;
    }
    return true;
}

static int enqueue(struct rio_voqrx *rx, const struct rio_voqrx_packet *p,
                   struct rio_voqrx_out *out)
{
    if (p->port >= rx->cfg.port_count ||
        !rio_voqgen_vc_in_use(rx->cfg.optional_vcs, p->vc))
        return RIO_ERANGE;
    if (rx->depth >= RIO_VOQRX_MAX_PACKETS)
        return RIO_EFULL;
    bool head = true;
    for (unsigned i = 0; i < rx->depth && head; i++)
        if (rx->waiting[i].packet.flow_id == p->flow_id)
            head = false;
    rx->waiting[rx->depth].packet = *p;
    rx->waiting[rx->depth].flow_head = head;
    rx->depth++;
    out->result = RIO_VOQRX_ENQUEUED;
    out->packet = *p;
    return RIO_OK;
}

/* 4.3b-e: the oldest packet that heads its flow and whose queue may go. */
static void schedule(struct rio_voqrx *rx, struct rio_voqrx_out *out)
{
    for (unsigned i = 0; i < rx->depth; i++) {
        const struct rio_voqrx_slot *s = &rx->waiting[i];
        if (!s->flow_head ||
            queue_blocked(rx, rx->cfg.queue_of_port[s->packet.port], s->packet.vc))
            continue;
        struct rio_voqrx_packet p = s->packet;
        memmove(&rx->waiting[i], &rx->waiting[i + 1],
                (rx->depth - i - 1u) * sizeof rx->waiting[0]);
        rx->depth--;
        /* The flow's next packet (the oldest left) now heads it. */
        for (unsigned j = i; j < rx->depth; j++) {
            if (rx->waiting[j].packet.flow_id == p.flow_id) {
                rx->waiting[j].flow_head = true;
                break;
            }
        }
        out->result = RIO_VOQRX_COMMITTED;
        out->packet = p;
        return;
    }
    out->result = RIO_VOQRX_NOTHING_ELIGIBLE;
}

/*
 * Transition table (state: flags per (port, VC), blocking counts per (queue,
 * VC), waiting packets in arrival order):
 *
 *   RX_SYMBOL  bad CRC                      -> DISCARDED_CRC, RIO_ECRC  (I-RX-4)
 *              CS64 stype0 != 0b1101        -> IGNORED_NOT_VOQ          (I-RX-8)
 *              then as RX_MSG
 *   RX_MSG     rev 2 NOP                    -> IGNORED_NOP              (3.1)
 *              reserved CMD                 -> IGNORED_RESERVED_CMD     (3.1)
 *              reserved VC_IND              -> IGNORED_RESERVED_VC_IND  (3.2)
 *              per_vc, CS48 not with Status/VC_Status
 *                                           -> IGNORED_NOT_LINKED       (I-RX-2)
 *              per_vc, VC not in use        -> IGNORED_VC_NOT_IN_USE    (I-RX-3)
 *              DISCARD policy, 1 beyond     -> DISCARDED_BEYOND         (I-RX-1)
 *              otherwise                    -> APPLIED: flags of the covered
 *                                              ports := status bits, on the
 *                                              VC(s) of 3.3          (4.3b, 3.3)
 *   ENQUEUE    packet appended; heads its flow if no older one  (4.3a)
 *   SCHEDULE   oldest flow head of an eligible queue removed -> COMMITTED,
 *              its flow's next packet becomes head; none -> NOTHING_ELIGIBLE
 *                                                         (4.3b-e, 2.3)
 *   RESET      state as after init                               (I-RX-10)
 */
int rio_voqrx_step(struct rio_voqrx *rx, const struct rio_voqrx_event *ev,
                   struct rio_voqrx_out *out)
{
    if (rx == NULL || ev == NULL || out == NULL)
        return RIO_EINVAL;
    memset(out, 0, sizeof *out);
    out->result = RIO_VOQRX_NOTHING;
    switch (ev->type) {
    case RIO_VOQRX_EV_RX_SYMBOL:
        return rx_symbol(rx, ev, out);
    case RIO_VOQRX_EV_RX_MSG:
        if (!msg_consistent(rx, &ev->msg))
            return RIO_EINVAL;
        return apply(rx, &ev->msg, ev->stype0, ev->parameter0, out);
    case RIO_VOQRX_EV_ENQUEUE:
        return enqueue(rx, &ev->packet, out);
    case RIO_VOQRX_EV_SCHEDULE:
        schedule(rx, out);
        return RIO_OK;
    case RIO_VOQRX_EV_RESET:
        memset(rx->congested, 0, sizeof rx->congested);
        memset(rx->blocking, 0, sizeof rx->blocking);
        memset(rx->waiting, 0, sizeof rx->waiting);
        rx->depth = 0;
        return RIO_OK;
    }
    return RIO_EINVAL; /* not an event type */
}

int rio_voqrx_port_congested(const struct rio_voqrx *rx, unsigned port,
                             unsigned vc)
{
    if (rx == NULL)
        return RIO_EINVAL;
    if (port >= rx->cfg.port_count ||
        !rio_voqgen_vc_in_use(rx->cfg.optional_vcs, vc))
        return RIO_ERANGE;
    return (int)(((unsigned)rx->congested[port] >> vc) & 1u);
}

/* Shared argument check of the queue queries; `all_ok`: RIO_VC_ALL allowed. */
static int queue_args(const struct rio_voqrx *rx, unsigned queue, unsigned vc,
                      bool all_ok)
{
    if (rx == NULL)
        return RIO_EINVAL;
    if (queue >= rx->cfg.queue_count)
        return RIO_ERANGE;
    if (vc == RIO_VC_ALL)
        return all_ok ? RIO_OK : RIO_EINVAL;
    if (!rio_voqgen_vc_in_use(rx->cfg.optional_vcs, vc))
        return RIO_ERANGE;
    return RIO_OK;
}

int rio_voqrx_queue_eligible(const struct rio_voqrx *rx, unsigned queue,
                             unsigned vc)
{
    int rc = queue_args(rx, queue, vc,
                        rx != NULL && !rx->cfg.queue_within_vcs);
    if (rc != RIO_OK)
        return rc;
    return queue_blocked(rx, queue, vc == RIO_VC_ALL ? 0u : vc) ? 0 : 1;
}

int rio_voqrx_queue_depth(const struct rio_voqrx *rx, unsigned queue,
                          unsigned vc)
{
    int rc = queue_args(rx, queue, vc, true);
    if (rc != RIO_OK)
        return rc;
    int n = 0;
    for (unsigned i = 0; i < rx->depth; i++) {
        const struct rio_voqrx_packet *p = &rx->waiting[i].packet;
        if (rx->cfg.queue_of_port[p->port] == queue &&
            (vc == RIO_VC_ALL || p->vc == vc))
            n++;
    }
    return n;
}

unsigned rio_voqrx_waiting(const struct rio_voqrx *rx)
{
    return rx == NULL ? 0u : rx->depth;
}
/* SPDX-License-Identifier: Apache-2.0 */
