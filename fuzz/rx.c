/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/rx.c - the Part 12 VoQ backpressure RECEIVER and its scheduler
 * (machine rx) driven by an event program (common/evprog.h; symbol events
 * are synthesized VoQ symbols with a correct CRC, or raw bytes) through the
 * DUT ABI (rc_refdut()).
 *
 * The target keeps a shadow written from Part 12 2.3, 3.1-3.3 and 4.3
 * without looking at reference/src/voqrx.c: the congestion flag of every
 * (downstream port, VC), set from the symbols it fed, which it decodes itself
 * (CRC by the CS48/CS64 codec, the VoQ message by harness/oracle, a naive
 * spec-literal decoder), the port-to-queue map and the packets waiting.
 * After every event:
 *   - no packet is committed for a congested port, nor from a staging queue
 *     that co-mingles a congested port   (P12-4.3-b, P12-4.3-e, P12-2.3-a)
 *   - commits of one flow keep their enqueue order, and the packet committed
 *     is the oldest eligible one; a schedule with an eligible packet commits
 *     one (4.3b "allowing other traffic to pass"; 4.3c/d, I-RX-5)
 *   - the congested / eligible / depth queries agree with the shadow: a VoQ
 *     message sets the ports it covers on every VC without per-VC, on the VC
 *     of the stype0 it rides with (CS48) or of its VC_IND (CS64) with per-VC
 *     (P12-3.3-a..h, I-RX-2/3); a reserved VC_IND, a NOP, a reserved CMD, a
 *     non-VoQ CS64 and a bad CRC change nothing (P12-3.2-c, I-RX-4); bits of
 *     ports the device lacks follow the `beyond` policy (I-RX-1)
 *   - create accepts exactly the valid configurations; every step result is
 *     the expected success or failure, and a failed step changes nothing.
 */
#include <string.h>

#include "../harness/oracle/oracle.h"
#include "../harness/refdut/refdut.h"
#include "common/evprog.h"
#include "common/fuzz.h"
#include "rio/cs.h"
#include "rio/err.h"

#define RX_PORTS 256u
#define RX_QUEUES 256u
#define RX_PACKETS 256u
#define RX_VCS 9u
#define RX_CAP 256u
#define RX_CHECK_PORTS 32u /* ports / queues whose queries are checked */

struct pkt {
    uint64_t id, flow, port, vc;
};

struct shadow {
    unsigned rev, cs64, ports, per_vc, width, qwv, queues, beyond;
    unsigned vcs;    /* optional VCs */
    uint16_t vcmask; /* VCs in use */
    int traffic;     /* a symbol or enqueue succeeded since create / reset */
    uint16_t cong[RX_PORTS];
    uint8_t map[RX_PORTS];
    unsigned n;
    struct pkt wait[RX_PACKETS]; /* oldest first */
    unsigned nroutes;            /* route entries (refdut.c rx note X4) */
    uint64_t route_dest[256];
    unsigned route_port[256];
};

/* The route entry of a destination ID: its index, or nroutes. */
static unsigned route_find(const struct shadow *s, uint64_t dest)
{
    unsigned i = 0;
    while (i < s->nroutes && s->route_dest[i] != dest)
        i++;
    return i;
}

static struct shadow rx_sh;
static struct rc_msg rx_out[RX_CAP];

static int in_use(const struct shadow *s, uint64_t vc)
{
    return vc < RX_VCS && ((s->vcmask >> vc) & 1u);
}

/* Part 6 Table 3-12: the VC a VCID (or CS64 VC_IND 0-7) names with the
 * optional VCs in use; the low bits that do not count are ignored (I-RX-3).
 * 99: no VC of the device. */
static FUZZ_ORACLE unsigned vcid_vc(const struct shadow *s, unsigned vcid)
{
    vcid &= 7u;
    switch (s->vcs) {
    case 8:
        return 1u + vcid;
    case 4:
        return 1u + (vcid & 6u);
    case 2:
        return 1u + (vcid & 4u);
    case 1:
        return 1u;
    default:
        return 99;
    }
}

/* Queue q blocked on VC v (v = RX_VCS: the queue shared by all VCs). */
static FUZZ_ORACLE int blocked(const struct shadow *s, unsigned q, unsigned v)
{
    for (unsigned p = 0; p < s->ports; p++)
        if (s->map[p] == q &&
            (s->qwv ? ((s->cong[p] >> v) & 1u) : (s->cong[p] & s->vcmask)))
            return 1;
    return 0;
}

static FUZZ_ORACLE int eligible(const struct shadow *s, unsigned i)
{
    const struct pkt *k = &s->wait[i];
    for (unsigned j = 0; j < i; j++)
        if (s->wait[j].flow == k->flow)
            return 0; /* an older packet of its flow waits (I-RX-5) */
    return !blocked(s, s->map[k->port], s->qwv ? (unsigned)k->vc : RX_VCS);
}

/* The effect of a symbol: 1 and the new flags in cong when it applies, 0
 * when it is ignored or discarded (no change), -1 when the step must fail
 * (bad length, CRC, non-canonical bytes). */
static FUZZ_ORACLE int symbol_effect(const struct shadow *s,
                                     const struct rc_msg *e, uint16_t *cong)
{
    uint8_t b[16];
    uint64_t len = e->arg[0];
    if (len > 16u)
        return -1;
    for (unsigned i = 0; i < 16u; i++) {
        uint8_t x = (uint8_t)((i < 8u ? e->arg[1] : e->arg[2]) >>
                              (56u - 8u * (i % 8u)));
        if (i >= len && x != 0)
            return -1; /* not canonical (G4) */
        b[i] = x;
    }
    struct rc_msg m;
    unsigned stype0 = 0, par0 = 0;
    memset(&m, 0, sizeof m);
    if (s->cs64) {
        struct rio_cs64 cs;
        if (rio_cs64_unpack(&cs, b, (size_t)len) != RIO_OK)
            return -1;
        if (cs.stype0 != RIO_CS64_STYPE0_VOQ_BACKPRESSURE)
            return 0; /* I-RX-8 */
        uint32_t param = ((uint32_t)cs.parameter0 << 12) | cs.parameter1;
        if (oracle_cs64(s->width, param, &m) != RC_OK)
            return -1;
    } else {
        struct rio_cs48 cs;
        if (rio_cs48_unpack(&cs, b, (size_t)len) != RIO_OK)
            return -1;
        stype0 = cs.stype0;
        par0 = cs.parameter0;
        if (oracle_stype2(s->rev, s->width, cs.stype2, &m) != RC_OK)
            return -1;
    }
    if (m.arg[0] != 0)
        return 0; /* NOP, reserved CMD, reserved VC_IND (P12-3.2-c) */
    uint16_t vcs = s->vcmask; /* P12-3.3-h: every VC without per-VC */
    if (s->per_vc) {
        unsigned vc;
        if (s->cs64) {
            unsigned vc_ind = (unsigned)m.arg[1];
            vc = vc_ind == 15u  ? RX_VCS
                 : vc_ind == 8u ? 0u
                                : vcid_vc(s, vc_ind);
        } else if (stype0 == RIO_CS48_STYPE0_STATUS) {
            vc = 0;
        } else if (stype0 == RIO_CS48_STYPE0_VC_STATUS) {
            vc = vcid_vc(s, par0);
        } else {
            return 0; /* not linked to a VC (I-RX-2) */
        }
        if (vc != RX_VCS) {
            if (!in_use(s, vc))
                return 0;
            vcs = (uint16_t)(1u << vc);
        }
    }
    unsigned first = (unsigned)m.arg[7], width = (unsigned)m.arg[4];
    uint32_t status = (uint32_t)m.arg[6];
    if (s->beyond)
        for (unsigned i = 0; i < width; i++)
            if (first + i >= s->ports && ((status >> i) & 1u))
                return 0; /* discarded as a whole (I-RX-1) */
    memcpy(cong, s->cong, sizeof s->cong);
    for (unsigned i = 0; i < width && first + i < s->ports; i++)
        cong[first + i] =
            (uint16_t)(((status >> i) & 1u) ? cong[first + i] | vcs
                                            : cong[first + i] & ~vcs);
    return 1;
}

static int query(void *inst, uint32_t kind, uint64_t a0, uint64_t a1,
                 uint64_t *v)
{
    struct rc_msg q = {.kind = kind, .nargs = 2, .arg = {a0, a1}};
    return rc_refdut()->machine[RC_M_RX].query(inst, &q, v);
}

static void check_queries(const struct evprog *p, const struct evprog_step *st,
                          void *inst)
{
    const struct shadow *s = &rx_sh;
    char w[400];
    uint64_t v = 0;
    for (unsigned port = 0; port < s->ports && port < RX_CHECK_PORTS; port++)
        for (unsigned vc = 0; vc < RX_VCS; vc++) {
            if (!in_use(s, vc))
                continue;
            int rc = query(inst, RC_RX_Q_CONGESTED, port, vc, &v);
            unsigned want = (s->cong[port] >> vc) & 1u;
            if (rc != RC_OK || v != want) {
                snprintf(w, sizeof w,
                         "query congested port=%u vc=%u: rc %d value %llu, "
                         "the symbols fed give %u",
                         port, vc, rc, (unsigned long long)v, want);
                evprog_fail(p, st, 0,
                     s->per_vc ? "P12-3.3-b/c/f" : "P12-3.3-h/P12-4.3-b", w);
            }
        }
    for (unsigned q = 0; q < s->queues && q < RX_CHECK_PORTS; q++) {
        unsigned depth = 0;
        for (unsigned i = 0; i < s->n; i++)
            depth += s->map[s->wait[i].port] == q;
        int rc = query(inst, RC_RX_Q_DEPTH, q, RC_VC_ALL, &v);
        if (rc != RC_OK || v != depth) {
            snprintf(w, sizeof w,
                     "query depth queue=%u vc=all: rc %d value "
                     "%llu, %u packets wait there",
                     q, rc, (unsigned long long)v, depth);
            evprog_fail(p, st, 0, "P12-4.3-a", w);
        }
        for (unsigned vc = 0; vc < RX_VCS; vc++) {
            if (!in_use(s, vc))
                continue;
            unsigned want = !blocked(s, q, s->qwv ? vc : RX_VCS);
            rc = query(inst, RC_RX_Q_ELIGIBLE, q, vc, &v);
            if (rc != RC_OK || v != want) {
                snprintf(w, sizeof w,
                         "query eligible queue=%u vc=%u: rc %d value %llu, "
                         "the congestion of its ports gives %u",
                         q, vc, rc, (unsigned long long)v, want);
                evprog_fail(p, st, 0, "P12-2.3-a/P12-4.3-e", w);
            }
        }
    }
}

/* A schedule: the expected commit (index into wait, or -1 for none). */
static FUZZ_ORACLE int expect_commit(const struct shadow *s)
{
    for (unsigned i = 0; i < s->n; i++)
        if (eligible(s, i))
            return (int)i;
    return -1;
}

/* Why committing packet k now breaks the spec (NULL: it does not). */
static FUZZ_ORACLE const char *commit_violation(const struct shadow *s,
                                                const struct rc_msg *o,
                                                const char **rule)
{
    unsigned i = 0;
    while (i < s->n &&
           !(s->wait[i].id == o->arg[0] && s->wait[i].flow == o->arg[1] &&
             s->wait[i].port == o->arg[2] && s->wait[i].vc == o->arg[3]))
        i++;
    if (i == s->n) {
        *rule = "P12-4.3-a";
        return "a packet that is not waiting";
    }
    const struct pkt *k = &s->wait[i];
    if (s->cong[k->port] & (s->qwv ? (1u << k->vc) : s->vcmask)) {
        *rule = "P12-4.3-b";
        return "a packet for a congested port";
    }
    if (blocked(s, s->map[k->port], s->qwv ? (unsigned)k->vc : RX_VCS)) {
        *rule = "P12-4.3-e/P12-2.3-a";
        return "a packet of a staging queue that co-mingles a congested port";
    }
    for (unsigned j = 0; j < i; j++)
        if (s->wait[j].flow == k->flow) {
            *rule = "P12-4.3-c";
            return "a packet that passes an older packet of its flow";
        }
    return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct evprog p;
    struct evprog_step st;
    struct shadow *s = &rx_sh;
    const struct rc_machine_ops *ops = &rc_refdut()->machine[RC_M_RX];
    void *inst = NULL;
    char w[1200], m[512];

    evprog_open(&p, RC_M_RX, data, size);
    uint64_t rev = evprog_cfg(&p, RC_RX_CFG_REV),
             fmt = evprog_cfg(&p, RC_RX_CFG_FORMAT),
             ports = evprog_cfg(&p, RC_RX_CFG_PORTS),
             vcs = evprog_cfg(&p, RC_RX_CFG_VCS),
             per_vc = evprog_cfg(&p, RC_RX_CFG_PER_VC),
             width = evprog_cfg(&p, RC_RX_CFG_WIDTH),
             qwv = evprog_cfg(&p, RC_RX_CFG_QUEUE_WITHIN_VCS),
             queues = evprog_cfg(&p, RC_RX_CFG_QUEUES),
             beyond = evprog_cfg(&p, RC_RX_CFG_BEYOND);
    int valid = (rev == 2u || rev == 3u) && (fmt == 48u || fmt == 64u) &&
                !(rev == 2u && fmt == 64u) && ports >= 1u &&
                ports <= (rev == 2u ? 192u : 256u) && evprog_vc_mask(vcs) != 0 &&
                per_vc <= 1u &&
                (rev == 2u ? width <= 0xFFFFFFFFu : width <= 6u) && qwv <= 1u &&
                queues >= 1u && queues <= 256u && beyond <= 1u &&
                !(per_vc && !qwv);
    int rc = evprog_create(&p, rc_refdut(), &inst);
    if ((rc == RC_OK) != valid)
        fuzz_fail("rx: create returned %d for a %s configuration (rev %llu "
                  "format %llu ports %llu vcs %llu per_vc %llu width %llu "
                  "queue_within_vcs %llu queues %llu beyond %llu)",
                  rc, valid ? "valid" : "invalid", (unsigned long long)rev,
                  (unsigned long long)fmt, (unsigned long long)ports,
                  (unsigned long long)vcs, (unsigned long long)per_vc,
                  (unsigned long long)width, (unsigned long long)qwv,
                  (unsigned long long)queues, (unsigned long long)beyond);
    if (rc != RC_OK)
        return 0;

    memset(s, 0, sizeof *s);
    s->rev = (unsigned)rev;
    s->cs64 = fmt == 64u;
    s->ports = (unsigned)ports;
    s->vcs = (unsigned)vcs;
    s->vcmask = evprog_vc_mask(vcs);
    s->per_vc = (unsigned)per_vc;
    s->width = rev == 2u ? 0u : (unsigned)width;
    s->qwv = (unsigned)qwv;
    s->queues = (unsigned)queues;
    s->beyond = (unsigned)beyond;
    for (unsigned q = 0; q < s->ports; q++) /* refdut.h mapping note X1 */
        s->map[q] = (uint8_t)(s->queues >= s->ports ? q : q % s->queues);

    while (evprog_next(&p, &st)) {
        if (st.query) {
            uint64_t v = 0;
            const uint64_t *a = st.msg.arg;
            rc = ops->query(inst, &st.msg, &v);
            if (st.msg.kind == RC_RX_Q_CONGESTED) {
                int valid_q = a[0] < s->ports && in_use(s, a[1]);
                if ((rc == RC_OK) != valid_q ||
                    (valid_q &&
                     v != (((unsigned)s->cong[a[0]] >> a[1]) & 1u))) {
                    snprintf(w, sizeof w, "answer rc %d value %llu", rc,
                             (unsigned long long)v);
                    evprog_fail(&p, &st, 0, "P12-4.3-b", w);
                }
            }
            check_queries(&p, &st, inst);
            continue;
        }
        for (uint32_t r = 0; r < st.repeat; r++) {
            const uint64_t *a = st.msg.arg;
            uint32_t n = 0;
            int want_ok = 1, commit = -1, applies = 0;
            static uint16_t cong[RX_PORTS];
            switch ((enum rc_rx_event)st.msg.kind) {
            case RC_RX_EV_MAP:
                want_ok = !s->traffic && a[0] < s->ports && a[1] < s->queues;
                break;
            case RC_RX_EV_SYMBOL:
                applies = symbol_effect(s, &st.msg, cong);
                want_ok = applies >= 0;
                break;
            case RC_RX_EV_ENQUEUE:
                want_ok = a[0] <= 0xFFFFFFFFu && a[1] <= 0xFFFFFFFFu &&
                          (a[2] < s->ports ||
                           (a[2] == RC_NONE && a[4] <= 0xFFFFFFFFu &&
                            route_find(s, a[4]) < s->nroutes)) &&
                          in_use(s, a[3]) && a[4] <= 0xFFFFFFFFu &&
                          s->n < RX_PACKETS;
                break;
            case RC_RX_EV_ROUTE:
                want_ok = a[0] <= 0xFFFFFFFFu && a[1] < s->ports &&
                          route_find(s, a[0]) < 256u;
                break;
            case RC_RX_EV_SCHEDULE:
                commit = expect_commit(s);
                break;
            case RC_RX_EV_RESET:
            case RC_RX_EV_END_:
                break;
            }
            rc = ops->step(inst, &st.msg, rx_out, RX_CAP, &n);
            /* wire outputs: committed only */
            unsigned wire = 0, wi = 0;
            for (unsigned i = 0; i < n; i++)
                if (rx_out[i].kind == RC_RX_OUT_COMMITTED)
                    wire++, wi = i;
            if ((rc == RC_OK) != want_ok ||
                (rc != RC_OK && !(rc == RC_CRC && n <= 1u) && n != 0) ||
                (st.msg.kind != RC_RX_EV_SCHEDULE && wire != 0)) {
                snprintf(w, sizeof w,
                         "result %d with %u outputs (%u committed); the "
                         "event is %s",
                         rc, (unsigned)n, wire, want_ok ? "valid" : "invalid");
                evprog_fail(&p, &st, r, "ABI", w);
            }
            if (rc != RC_OK)
                continue;
            switch ((enum rc_rx_event)st.msg.kind) {
            case RC_RX_EV_MAP:
                s->map[a[0]] = (uint8_t)a[1];
                break;
            case RC_RX_EV_SYMBOL:
                if (applies == 1)
                    memcpy(s->cong, cong, sizeof cong);
                s->traffic = 1;
                break;
            case RC_RX_EV_ENQUEUE:
                s->wait[s->n].id = a[0];
                s->wait[s->n].flow = a[1];
                s->wait[s->n].port =
                    a[2] == RC_NONE ? s->route_port[route_find(s, a[4])] : a[2];
                s->wait[s->n].vc = a[3];
                s->n++;
                s->traffic = 1;
                break;
            case RC_RX_EV_SCHEDULE: {
                const char *rule = "P12-4.3-b";
                if (wire > 1u) {
                    snprintf(w, sizeof w,
                             "%u packets committed by one "
                             "schedule",
                             wire);
                    evprog_fail(&p, &st, r, "P12-4.3-b", w);
                }
                if (wire == 1u) {
                    const char *why = commit_violation(s, &rx_out[wi], &rule);
                    if (why != NULL) {
                        evprog_format_msg(m, sizeof m, &p, 1, &rx_out[wi]);
                        snprintf(w, sizeof w, "%s: %s", m, why);
                        evprog_fail(&p, &st, r, rule, w);
                    }
                }
                if (commit < 0 && wire == 0)
                    break;
                if (commit >= 0 && wire == 0) {
                    snprintf(w, sizeof w,
                             "nothing committed while packet id=%llu (port "
                             "%llu vc %llu) is eligible",
                             (unsigned long long)s->wait[commit].id,
                             (unsigned long long)s->wait[commit].port,
                             (unsigned long long)s->wait[commit].vc);
                    evprog_fail(&p, &st, r, "P12-4.3-b", w);
                }
                const struct pkt *k = &s->wait[commit < 0 ? 0 : commit];
                if (commit < 0 || rx_out[wi].arg[0] != k->id ||
                    rx_out[wi].arg[1] != k->flow) {
                    evprog_format_msg(m, sizeof m, &p, 1, &rx_out[wi]);
                    snprintf(w, sizeof w,
                             "%s where the oldest eligible packet is id=%llu "
                             "flow=%llu",
                             m, (unsigned long long)k->id,
                             (unsigned long long)k->flow);
                    evprog_fail(&p, &st, r, "P12-4.3-c/I-RX-5", w);
                }
                memmove(&s->wait[commit], &s->wait[commit + 1],
                        (s->n - (unsigned)commit - 1u) * sizeof s->wait[0]);
                s->n--;
                break;
            }
            case RC_RX_EV_ROUTE: {
                unsigned i = route_find(s, a[0]);
                s->route_dest[i] = a[0];
                s->route_port[i] = (unsigned)a[1];
                if (i == s->nroutes)
                    s->nroutes++;
                break;
            }
            case RC_RX_EV_RESET:
                memset(s->cong, 0, sizeof s->cong);
                s->n = 0;
                s->traffic = 0;
                break;
            case RC_RX_EV_END_:
                break;
            }
        }
        if (st.msg.kind != RC_RX_EV_SCHEDULE || st.repeat < 4u)
            check_queries(&p, &st, inst);
    }
    if (p.records > 0)
        check_queries(&p, &st, inst);
    ops->destroy(inst);
    return 0;
}
