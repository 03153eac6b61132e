/* Part 12 VoQ backpressure generator (the downstream device): Table 5-4 port
 * status control, 4.2 generation rules. The contract is in rio/voqgen.h. */
#include "rio/voqgen.h"

#include <string.h>

#include "rio/err.h"

/* VCs in use per optional VC count, bit v = VC v (Part 6 Table 3-12, I-GEN-14):
 * 1 optional VC is VC1; 2 are VC1, VC5; 4 are VC1, VC3, VC5, VC7. */
#define VCS_0 0x001u
#define VCS_1 0x003u
#define VCS_2 0x023u
#define VCS_4 0x0ABu
#define VCS_8 0x1FFu

#define NO_PORT 0xFFFFFFFFu
#define ALL_PORTS 0xFFFFFFFEu

_Static_assert(RIO_VOQGEN_MAX_PORTS % 8u == 0, "sent[] holds whole bytes");
_Static_assert(RIO_VOQ_CS48_BITS - RIO_VOQ_GROUP_WIDTH_MAX == 7u &&
                   (RIO_VOQGEN_MAX_PORTS + 6u) / 7u == RIO_VOQGEN_MAX_GROUPS,
               "the most groups in use: CS48, N = 6, 256 ports");

static uint16_t vc_mask(unsigned optional_vcs)
{
    switch (optional_vcs) {
    case 0: return VCS_0;
    case 1: return VCS_1;
    case 2: return VCS_2;
    case 4: return VCS_4;
    case 8: return VCS_8;
    default: return 0; /* not a Table 3-12 configuration */
    }
}

bool rio_voqgen_vc_in_use(unsigned optional_vcs, unsigned vc)
{
    return vc < RIO_VOQGEN_VCS && (((unsigned)vc_mask(optional_vcs) >> vc) & 1u) != 0;
}

enum rio_voqgen_status_control rio_voqgen_status_control(uint32_t csr)
{
    bool participate = (csr & RIO_VOQ_CSR_PARTICIPATE) != 0;
    bool xoff = (csr & RIO_VOQ_CSR_PORT_XOFF) != 0;
    if (!participate)
        return xoff ? RIO_VOQGEN_STATUS_ALWAYS_1 : RIO_VOQGEN_STATUS_ALWAYS_0;
    return xoff ? RIO_VOQGEN_STATUS_XOFF : RIO_VOQGEN_STATUS_NORMAL;
}

/* Real status of q: one VC, or (RIO_VC_ALL) the OR over the VCs in use,
 * I-GEN-3. */
static unsigned real_status(const struct rio_voqgen *g, unsigned q, unsigned vc)
{
    if (vc == RIO_VC_ALL)
        return (g->congested[q] & vc_mask(g->cfg.optional_vcs)) != 0;
    return ((unsigned)g->congested[q] >> vc) & 1u;
}

/* Table 5-4. Ports beyond the device report 0 (I-GEN-4). */
static unsigned reported(const struct rio_voqgen *g, unsigned q, unsigned vc)
{
    if (q >= g->cfg.port_count)
        return 0;
    switch (rio_voqgen_status_control(g->csr[q])) {
    case RIO_VOQGEN_STATUS_ALWAYS_0:
        return 0;
    case RIO_VOQGEN_STATUS_ALWAYS_1:
        return 1;
    case RIO_VOQGEN_STATUS_NORMAL:
        return real_status(g, q, vc);
    case RIO_VOQGEN_STATUS_XOFF:
        return 1;
    }
    return 0;
}

static bool participating(const struct rio_voqgen *g, unsigned q)
{
    return q < g->cfg.port_count && (g->csr[q] & RIO_VOQ_CSR_PARTICIPATE) != 0;
}

static enum rio_voqgen_tx_mode tx_mode(const struct rio_voqgen *g, unsigned p)
{
    uint32_t csr = g->csr[p];
    if ((csr & RIO_VOQ_CSR_GEN_ENABLE) == 0)
        return RIO_VOQGEN_TX_DISABLED;
    bool per_vc = (csr & RIO_VOQ_CSR_PER_VC_ENABLE) != 0;
    switch (g->cfg.rev) {
    case RIO_P12_REV2:
        break; /* no group size field (I-GEN-10); bit 11 = VC linking */
    case RIO_P12_REV3:
        if (rio_voq_csr_tx_group_width(csr) > RIO_VOQ_GROUP_WIDTH_MAX)
            return RIO_VOQGEN_TX_RESERVED_SIZE; /* I-GEN-5 */
        if ((csr & RIO_VOQ_CSR_PER_VC_SUPPORTED) == 0)
            per_vc = false; /* bit 11 reserved, I-GEN-12 */
        break;
    }
    return per_vc ? RIO_VOQGEN_TX_PER_VC : RIO_VOQGEN_TX_ALL_VCS;
}

struct geometry {
    unsigned group_width;  /* N */
    unsigned status_width; /* S */
    unsigned groups;       /* groups in use */
};

/* Port p's groups (4.2d); false for the reserved TX Port Group Size 7. */
static bool geometry(const struct rio_voqgen *g, unsigned p, struct geometry *geo)
{
    unsigned addressable = 0;
    *geo = (struct geometry){0, 0, 0};
    switch (g->cfg.rev) {
    case RIO_P12_REV2:
        geo->group_width = RIO_VOQ_REV2_GROUP_BITS;
        geo->status_width = RIO_VOQ_REV2_STATUS_BITS;
        addressable = 1u << RIO_VOQ_REV2_GROUP_BITS;
        break;
    case RIO_P12_REV3: {
        unsigned n = rio_voq_csr_tx_group_width(g->csr[p]);
        if (n > RIO_VOQ_GROUP_WIDTH_MAX)
            return false;
        unsigned bits = RIO_VOQ_CS48_BITS;
        switch (g->cfg.format) {
        case RIO_VOQ_FORMAT_CS48:
            bits = RIO_VOQ_CS48_BITS;
            break;
        case RIO_VOQ_FORMAT_CS64:
            bits = RIO_VOQ_CS64_BITS;
            break;
        }
        geo->group_width = n;
        geo->status_width = bits - n;
        addressable = 1u << n;
        break;
    }
    }
    if (geo->status_width == 0)
        return false; /* NEVER: init accepted only the two revisions */
    unsigned needed = (g->cfg.port_count + geo->status_width - 1u) /
                      geo->status_width;
    geo->groups = needed < addressable ? needed : addressable;
    return true;
}

static unsigned sent_get(const struct rio_voqgen *g, unsigned p, unsigned vc,
                         unsigned q)
{
    return ((unsigned)g->sent[p][vc][q / 8u] >> (q % 8u)) & 1u;
}

static void sent_put(struct rio_voqgen *g, unsigned p, unsigned vc, unsigned q,
                     unsigned bit)
{
    uint8_t m = (uint8_t)(1u << (q % 8u));
    if (bit)
        g->sent[p][vc][q / 8u] = (uint8_t)(g->sent[p][vc][q / 8u] | m);
    else
        g->sent[p][vc][q / 8u] = (uint8_t)(g->sent[p][vc][q / 8u] & ~m);
}

/* 4.2e with I-GEN-2: does some participating port of the group differ from what
 * p last sent on this stream? An all-VCs stream must agree on every VC in use,
 * because its symbols set the belief on all of them (I-GEN-7). */
static bool group_changed(const struct rio_voqgen *g, unsigned p,
                          const struct geometry *geo, unsigned stream,
                          unsigned group)
{
    uint16_t vcs = vc_mask(g->cfg.optional_vcs);
    for (unsigned i = 0; i < geo->status_width; i++) {
        unsigned q = group * geo->status_width + i;
        if (q >= g->cfg.port_count)
            break;
        if (!participating(g, q))
            continue;
        unsigned r = reported(g, q, stream);
        if (stream != RIO_VC_ALL) {
            if (sent_get(g, p, stream, q) != r)
                return true;
            continue;
        }
        for (unsigned v = 0; v < RIO_VOQGEN_VCS; v++)
            if ((((unsigned)vcs >> v) & 1u) && sent_get(g, p, v, q) != r)
                return true;
    }
    return false;
}

static uint32_t group_status(const struct rio_voqgen *g,
                             const struct geometry *geo, unsigned stream,
                             unsigned group)
{
    uint32_t status = 0;
    for (unsigned i = 0; i < geo->status_width; i++)
        status |= (uint32_t)reported(g, group * geo->status_width + i, stream) << i;
    return status;
}

static void record_sent(struct rio_voqgen *g, unsigned p,
                        const struct geometry *geo, unsigned stream,
                        unsigned group, uint32_t status)
{
    for (unsigned i = 0; i < geo->status_width; i++) {
        unsigned q = group * geo->status_width + i;
        if (q >= g->cfg.port_count)
            break;
        unsigned bit = (status >> i) & 1u;
        if (stream != RIO_VC_ALL) {
            sent_put(g, p, stream, q, bit);
            continue;
        }
        for (unsigned v = 0; v < RIO_VOQGEN_VCS; v++)
            sent_put(g, p, v, q, bit);
    }
}

static int build_symbol(const struct rio_voqgen *g, struct rio_voqgen_symbol *s,
                        unsigned p, const struct geometry *geo, unsigned stream,
                        unsigned group, uint32_t status,
                        enum rio_voqgen_cause cause)
{
    memset(s, 0, sizeof *s);
    s->tx_port = (uint16_t)p;
    s->format = g->cfg.format;
    s->cause = cause;
    s->group_width = (uint8_t)geo->group_width;
    s->status_width = (uint8_t)geo->status_width;
    s->group = (uint16_t)group;
    s->status = status;
    s->vc = (uint8_t)stream;
    switch (g->cfg.format) {
    case RIO_VOQ_FORMAT_CS48:
        s->vc_ind = RIO_VC_IND_ALL;
        /* 3.3 / rev 2 3.2: a per-VC message names its VC by the stype0 it
         * rides with: Status for VC0, VC_Status (VCID = VC - 1) otherwise. */
        if (stream == RIO_VC_ALL) {
            s->stype0 = RIO_VOQGEN_STYPE0_ANY;
        } else if (stream == 0) {
            s->stype0 = RIO_CS48_STYPE0_STATUS;
        } else {
            s->stype0 = RIO_CS48_STYPE0_VC_STATUS;
            s->parameter0 = (uint8_t)(stream - 1u);
        }
        return rio_voq_stype2_encode(&s->stype2, g->cfg.rev, geo->group_width,
                                     group, status);
    case RIO_VOQ_FORMAT_CS64: {
        int vc_ind = rio_voq_vc_to_vc_ind(stream); /* all VCs: 0b1111, 3.2-d */
        if (vc_ind < 0)
            return vc_ind;
        s->vc_ind = (uint8_t)vc_ind;
        s->stype0 = RIO_CS64_STYPE0_VOQ_BACKPRESSURE;
        return rio_voq_cs64_encode(&s->parameter, (unsigned)vc_ind,
                                   geo->group_width, group, status);
    }
    }
    return RIO_EINVAL;
}

/* Which groups one step looks at. Every other (port, stream, group) already
 * satisfies the 4.2e invariant and cannot need a symbol. */
struct scan {
    enum rio_voqgen_cause cause;
    bool force;         /* refresh: send whether changed or not */
    unsigned focus;     /* the group holding this port, on every port */
    unsigned all_of;    /* every group of this port (or ALL_PORTS) */
};

/* Runs a scan. With out == NULL it only counts (and changes nothing); with out
 * it writes the symbols and records them as sent. Both runs visit the same
 * (port, stream, group) triples and decide identically: a recorded symbol
 * changes only its own triple's belief. */
static int run_scan(struct rio_voqgen *g, const struct scan *sc,
                    struct rio_voqgen_out *out, size_t *count)
{
    uint16_t vcs = vc_mask(g->cfg.optional_vcs);
    size_t n = 0;
    for (unsigned p = 0; p < g->cfg.port_count; p++) {
        enum rio_voqgen_tx_mode mode = tx_mode(g, p);
        unsigned first_stream = RIO_VC_ALL, last_stream = RIO_VC_ALL;
        switch (mode) {
        case RIO_VOQGEN_TX_DISABLED:
        case RIO_VOQGEN_TX_RESERVED_SIZE:
            continue; /* 4.2a, I-GEN-5 */
        case RIO_VOQGEN_TX_ALL_VCS:
            break;
        case RIO_VOQGEN_TX_PER_VC:
            first_stream = 0;
            last_stream = RIO_VOQGEN_VCS - 1u;
            break;
        }
        struct geometry geo;
        if (!geometry(g, p, &geo))
            continue;
        unsigned g_first = 0, g_end = geo.groups;
        if (sc->all_of != p && sc->all_of != ALL_PORTS) {
            if (sc->focus == NO_PORT)
                continue;
            g_first = sc->focus / geo.status_width;
            if (g_first >= geo.groups)
                continue; /* the port is in no group in use, I-GEN-4 */
            g_end = g_first + 1u;
        }
        for (unsigned stream = first_stream; stream <= last_stream; stream++) {
            if (stream != RIO_VC_ALL && (((unsigned)vcs >> stream) & 1u) == 0)
                continue;
            for (unsigned grp = g_first; grp < g_end; grp++) {
                if (!sc->force && !group_changed(g, p, &geo, stream, grp))
                    continue;
                uint32_t status = group_status(g, &geo, stream, grp);
                if (out != NULL && n >= out->cap)
                    return RIO_EFULL; /* NEVER: emit() counted first */
                struct rio_voqgen_symbol tmp;
                struct rio_voqgen_symbol *s = out ? &out->symbols[n] : &tmp;
                int rc = build_symbol(g, s, p, &geo, stream, grp, status,
                                      sc->cause);
                if (rc != RIO_OK)
                    return rc;
                if (out)
                    record_sent(g, p, &geo, stream, grp, status);
                n++;
            }
        }
    }
    *count = n;
    return RIO_OK;
}

/* Count, check the caller's room, then emit: all or nothing. The caller has
 * already applied the event's input; on failure it restores it. */
static int emit(struct rio_voqgen *g, const struct scan *sc,
                struct rio_voqgen_out *out)
{
    size_t needed = 0;
    int rc = run_scan(g, sc, NULL, &needed);
    if (rc != RIO_OK)
        return rc;
    if (needed > out->cap) {
        out->count = needed;
        return RIO_EFULL;
    }
    rc = run_scan(g, sc, out, &out->count);
    return rc;
}

int rio_voqgen_init(struct rio_voqgen *g, const struct rio_voqgen_cfg *cfg)
{
    if (g == NULL || cfg == NULL)
        return RIO_EINVAL;
    unsigned max_ports = 0;
    switch (cfg->rev) {
    case RIO_P12_REV2:
        max_ports = RIO_VOQGEN_MAX_PORTS_REV2;
        break;
    case RIO_P12_REV3:
        max_ports = RIO_VOQGEN_MAX_PORTS;
        break;
    }
    if (max_ports == 0)
        return RIO_EINVAL;
    bool format_known = false;
    switch (cfg->format) {
    case RIO_VOQ_FORMAT_CS48:
        format_known = true;
        break;
    case RIO_VOQ_FORMAT_CS64:
        if (cfg->rev == RIO_P12_REV2)
            return RIO_EREVISION; /* rev 2 has only the stype2 message */
        format_known = true;
        break;
    }
    if (!format_known)
        return RIO_EINVAL;
    if (cfg->port_count == 0 || vc_mask(cfg->optional_vcs) == 0)
        return RIO_EINVAL;
    if (cfg->port_count > max_ports)
        return RIO_ERANGE;
    memset(g, 0, sizeof *g);
    g->cfg = *cfg;
    return RIO_OK;
}

/*
 * Transition table (per event; "scan" = the 4.2e rule of rio/voqgen.h on the
 * named groups, emitted atomically by emit()):
 *
 *   SET_CONGESTION(q, v, c)  congested[q].v := c; scan the group of q on every
 *                            transmitting port                 (4.2e, T5-4-10)
 *   WRITE_CSR(w, x)          csr[w] := x; scan the group of w on every
 *                            transmitting port and all groups of w
 *                            (T5-4-*, 4.2a, 4.2d, 3.3, I-GEN-6)
 *   TICK                     interval 0: nothing. Else ticks+1; on reaching
 *                            the interval: forced scan of all groups of all
 *                            transmitting ports, ticks := 0    (4.2f, I-GEN-9)
 *   LINK_RECOVERED(p)        refresh_on_link_recovery: forced scan of all
 *                            groups of p                        (4.2g)
 * On any error the input is restored: the generator is as before the step.
 */
int rio_voqgen_step(struct rio_voqgen *g, const struct rio_voqgen_event *ev,
                    struct rio_voqgen_out *out)
{
    if (g == NULL || ev == NULL || out == NULL)
        return RIO_EINVAL;
    if (out->symbols == NULL && out->cap > 0)
        return RIO_EINVAL;
    out->count = 0;
    switch (ev->type) {
    case RIO_VOQGEN_EV_SET_CONGESTION: {
        if (ev->port >= g->cfg.port_count ||
            !rio_voqgen_vc_in_use(g->cfg.optional_vcs, ev->vc))
            return RIO_ERANGE;
        if (ev->congested > 1u)
            return RIO_EINVAL;
        uint16_t old = g->congested[ev->port];
        uint16_t bit = (uint16_t)(1u << ev->vc);
        g->congested[ev->port] =
            (uint16_t)(ev->congested ? (old | bit) : (old & ~bit));
        struct scan sc = {RIO_VOQGEN_CAUSE_CHANGE, false, ev->port, NO_PORT};
        int rc = emit(g, &sc, out);
        if (rc != RIO_OK)
            g->congested[ev->port] = old;
        return rc;
    }
    case RIO_VOQGEN_EV_WRITE_CSR: {
        if (ev->port >= g->cfg.port_count)
            return RIO_ERANGE;
        uint32_t old = g->csr[ev->port];
        g->csr[ev->port] = ev->csr;
        struct scan sc = {RIO_VOQGEN_CAUSE_CHANGE, false, ev->port, ev->port};
        int rc = emit(g, &sc, out);
        if (rc != RIO_OK)
            g->csr[ev->port] = old;
        return rc;
    }
    case RIO_VOQGEN_EV_TICK: {
        if (g->cfg.refresh_interval == 0)
            return RIO_OK;
        if (g->ticks + 1u < g->cfg.refresh_interval) {
            g->ticks++;
            return RIO_OK;
        }
        struct scan sc = {RIO_VOQGEN_CAUSE_REFRESH, true, NO_PORT, ALL_PORTS};
        int rc = emit(g, &sc, out);
        if (rc == RIO_OK)
            g->ticks = 0;
        return rc;
    }
    case RIO_VOQGEN_EV_LINK_RECOVERED: {
        if (ev->port >= g->cfg.port_count)
            return RIO_ERANGE;
        if (!g->cfg.refresh_on_link_recovery)
            return RIO_OK;
        struct scan sc = {RIO_VOQGEN_CAUSE_LINK_RECOVERY, true, NO_PORT,
                          ev->port};
        return emit(g, &sc, out);
    }
    }
    return RIO_EINVAL; /* not an event type */
}

int rio_voqgen_reported_status(const struct rio_voqgen *g, unsigned q,
                               unsigned vc)
{
    if (g == NULL)
        return RIO_EINVAL;
    if (q >= g->cfg.port_count ||
        (vc != RIO_VC_ALL && !rio_voqgen_vc_in_use(g->cfg.optional_vcs, vc)))
        return RIO_ERANGE;
    return (int)reported(g, q, vc);
}

int rio_voqgen_congested(const struct rio_voqgen *g, unsigned q, unsigned vc)
{
    if (g == NULL)
        return RIO_EINVAL;
    if (q >= g->cfg.port_count || !rio_voqgen_vc_in_use(g->cfg.optional_vcs, vc))
        return RIO_ERANGE;
    return (int)real_status(g, q, vc);
}

enum rio_voqgen_tx_mode rio_voqgen_tx_mode(const struct rio_voqgen *g,
                                           unsigned p)
{
    if (g == NULL || p >= g->cfg.port_count)
        return RIO_VOQGEN_TX_DISABLED;
    return tx_mode(g, p);
}

int rio_voqgen_geometry(const struct rio_voqgen *g, unsigned p,
                        unsigned *group_width, unsigned *status_width,
                        unsigned *groups_in_use)
{
    if (g == NULL)
        return RIO_EINVAL;
    if (p >= g->cfg.port_count)
        return RIO_ERANGE;
    struct geometry geo;
    if (!geometry(g, p, &geo))
        return RIO_ERESERVED;
    if (group_width)
        *group_width = geo.group_width;
    if (status_width)
        *status_width = geo.status_width;
    if (groups_in_use)
        *groups_in_use = geo.groups;
    return RIO_OK;
}

int rio_voqgen_last_sent(const struct rio_voqgen *g, uint32_t *status,
                         unsigned p, unsigned group, unsigned vc)
{
    if (g == NULL || status == NULL || vc == RIO_VC_ALL)
        return RIO_EINVAL;
    if (p >= g->cfg.port_count || !rio_voqgen_vc_in_use(g->cfg.optional_vcs, vc))
        return RIO_ERANGE;
    struct geometry geo;
    if (!geometry(g, p, &geo))
        return RIO_ERESERVED;
    if (group >= (1u << geo.group_width))
        return RIO_ERANGE;
    uint32_t s = 0;
    for (unsigned i = 0; i < geo.status_width; i++) {
        unsigned q = group * geo.status_width + i;
        if (q < g->cfg.port_count)
            s |= (uint32_t)sent_get(g, p, vc, q) << i;
    }
    *status = s;
    return RIO_OK;
}

int rio_voqgen_symbol_pack(uint8_t *dst, size_t dst_len, size_t *written,
                           const struct rio_voqgen_symbol *sym,
                           unsigned ackid_status, unsigned buf_status)
{
    if (dst == NULL || written == NULL || sym == NULL)
        return RIO_EINVAL;
    switch (sym->format) {
    case RIO_VOQ_FORMAT_CS48: {
        if (dst_len < RIO_CS48_BYTES)
            return RIO_ETRUNC;
        if (ackid_status > 0x3Fu || buf_status > 0x3Fu)
            return RIO_ERANGE;
        struct rio_cs48 cs = {0};
        cs.stype0 = sym->stype0 == RIO_VOQGEN_STYPE0_ANY
                        ? (uint8_t)RIO_CS48_STYPE0_STATUS
                        : sym->stype0;
        cs.parameter0 = cs.stype0 == RIO_CS48_STYPE0_VC_STATUS
                            ? sym->parameter0
                            : (uint8_t)ackid_status;
        cs.parameter1 = (uint8_t)buf_status;
        cs.stype1 = 0x7; /* NOP (Ignore), Part 6 Table 3-17 */
        cs.cmd = 0x0;
        cs.stype2 = sym->stype2;
        int rc = rio_cs48_pack(dst, &cs);
        if (rc == RIO_OK)
            *written = RIO_CS48_BYTES;
        return rc;
    }
    case RIO_VOQ_FORMAT_CS64: {
        if (dst_len < RIO_CS64_BYTES)
            return RIO_ETRUNC;
        if (sym->parameter > 0xFFFFFFu)
            return RIO_ERANGE;
        struct rio_cs64 cs = {0};
        cs.stype0 = RIO_CS64_STYPE0_VOQ_BACKPRESSURE;
        cs.parameter0 = rio_voq_cs64_parameter0(sym->parameter);
        cs.parameter1 = rio_voq_cs64_parameter1(sym->parameter);
        cs.stype1 = 0x38; /* NOP (Ignore), Part 6 Table 3-18 */
        int rc = rio_cs64_pack(dst, &cs);
        if (rc == RIO_OK)
            *written = RIO_CS64_BYTES;
        return rc;
    }
    }
    return RIO_EINVAL;
}
/* SPDX-License-Identifier: Apache-2.0 */
