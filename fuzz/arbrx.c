/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/arbrx.c - the Part 9 flow arbitration RECEIVER (machine arbrx: the
 * destination that owns a pool of resources) driven by an event program
 * (common/evprog.h) through the DUT ABI (rc_refdut()).
 *
 * The target reads the pool through the free / allocated / held queries
 * after every event and remembers, per flow, which REQUEST (single or multi
 * PDU) each sequence bit carried, the kind of the grant it holds, whether a
 * de-allocation XOFF(ARB) was sent, and the REQUEST waiting for an answer.
 * From Part 9 2.2, 2.4.7, 2.4.8 and 3.3 it checks:
 *   - a flow never holds more than one resource and the pool is conserved:
 *     free + resources held = pool size                   (P9-2.4.7-10)
 *   - a multi-PDU grant is freed only by RELEASE, by the release timeout
 *     after a de-allocation XOFF(ARB), or by reset - never by a PDU's end, an
 *     aborted PDU or a first idle timeout        (P9-2.2.1-b, P9-2.4.8-b)
 *   - a single-PDU grant is freed only by its last segment, an aborted PDU,
 *     the idle timeout, a RELEASE or reset       (P9-2.2.1-a, P9-2.4.8-a)
 *   - with immediate answers every REQUEST is answered XON(ARB) or XOFF(ARB)
 *     with its own bit, in the step that brings it, or it is held (a
 *     pipelined REQUEST, P9-2.2.2-a) until it is answered; a held REQUEST is
 *     dropped silently only by reset or when a de-allocation XOFF(ARB) with
 *     its bit crossed it (I-ARB-17, I-ARB-20)                (P9-2.4.7-2)
 *   - a grant (XON(ARB)) leaves the flow holding a resource (static flows:
 *     no resource, I-ARB-11); with the reject-all policy nothing is granted;
 *     the receiver sends only XON(ARB) and XOFF(ARB), and asks for a resource
 *     back (dealloc) only from a flow holding a multi-PDU grant (rule 8)
 *   - create accepts exactly the valid configurations; invalid events fail
 *     and send nothing.
 * A record is applied at most 256 times.
 */
#include <string.h>

#include "../harness/refdut/refdut.h"
#include "common/evprog.h"
#include "common/fuzz.h"

#define RX_FLOWS 16u
#define RX_CAP 256u

enum {
    CMD_XOFF_ARB = 1,
    CMD_RELEASE = 2,
    CMD_XON_ARB = 4,
    CMD_REQ_SINGLE = 5,
    CMD_REQ_MULTI = 6
};

struct flow {
    int is_static;
    int req_multi[2]; /* kind of the last REQUEST with bit 0 / 1, -1 none */
    uint64_t alloc;   /* allocated (query) after the last step */
    int multi;        /* kind of the grant held */
    int dealloc;      /* a de-allocation XOFF(ARB) was sent for this grant */
    int dealloc_seq;  /* bit of the last one, -1 none */
    int grant_seq;    /* bit of the REQUEST the grant held answered */
    int pending;      /* bit of the REQUEST held unanswered, -1 none */
};

struct state {
    unsigned flows, immediate, reject_all;
    uint64_t pool, idle, release;
    struct flow f[RX_FLOWS];
};

static struct state ax_st;
static struct rc_msg ax_out[RX_CAP];

static int query(void *inst, uint32_t kind, uint32_t nargs, unsigned flow,
                 uint64_t *v)
{
    struct rc_msg q = {.kind = kind, .nargs = nargs, .arg = {flow}};
    return rc_refdut()->machine[RC_M_ARBRX].query(inst, &q, v);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct evprog p;
    struct evprog_step st;
    struct state *s = &ax_st;
    const struct rc_machine_ops *ops = &rc_refdut()->machine[RC_M_ARBRX];
    void *inst = NULL;
    char w[1200];

    evprog_open(&p, RC_M_ARBRX, data, size);
    uint64_t c[12];
    for (uint32_t k = 1; k <= 11u; k++)
        c[k] = evprog_cfg(&p, k);
    uint64_t flows = c[RC_ARBRX_CFG_FLOWS], mask = c[RC_ARBRX_CFG_STATIC_MASK];
    int valid =
        (c[RC_ARBRX_CFG_REV] == 2u || c[RC_ARBRX_CFG_REV] == 3u) &&
        flows >= 1u && flows <= RX_FLOWS && c[RC_ARBRX_CFG_POOL] <= 65535u &&
        c[RC_ARBRX_CFG_ANSWER] <= 1u && c[RC_ARBRX_CFG_POLICY] <= 1u &&
        c[RC_ARBRX_CFG_PIPELINING] <= 1u && c[RC_ARBRX_CFG_OWN_FLOW] <= 1u &&
        c[RC_ARBRX_CFG_AFRESH] <= 1u && c[RC_ARBRX_CFG_IDLE] <= 0xFFFFFFFFu &&
        c[RC_ARBRX_CFG_RELEASE] <= 0xFFFFFFFFu && mask <= 0xFFFFu &&
        (flows >= 16u || (mask >> flows) == 0);
    int rc = evprog_create(&p, rc_refdut(), &inst);
    if ((rc == RC_OK) != valid)
        fuzz_fail("arbrx: create returned %d for a %s configuration (flows "
                  "%llu pool %llu static_mask 0x%llX)",
                  rc, valid ? "valid" : "invalid", (unsigned long long)flows,
                  (unsigned long long)c[RC_ARBRX_CFG_POOL],
                  (unsigned long long)mask);
    if (rc != RC_OK)
        return 0;
    memset(s, 0, sizeof *s);
    s->flows = (unsigned)flows;
    s->pool = c[RC_ARBRX_CFG_POOL];
    s->immediate = c[RC_ARBRX_CFG_ANSWER] == 0;
    s->reject_all = c[RC_ARBRX_CFG_POLICY] == 1u;
    s->idle = c[RC_ARBRX_CFG_IDLE];
    s->release = c[RC_ARBRX_CFG_RELEASE];
    for (unsigned i = 0; i < s->flows; i++) {
        s->f[i].is_static = (mask >> i) & 1u;
        s->f[i].req_multi[0] = s->f[i].req_multi[1] = -1;
        s->f[i].dealloc_seq = -1;
        s->f[i].pending = -1;
    }

    while (evprog_next(&p, &st)) {
        const uint64_t *a = st.msg.arg;
        if (st.query) {
            uint64_t v = 0;
            rc = ops->query(inst, &st.msg, &v);
            if ((rc == RC_OK) !=
                (st.msg.kind == RC_ARBRX_Q_FREE || a[0] < s->flows)) {
                snprintf(w, sizeof w, "answer rc %d", rc);
                evprog_fail(&p, &st, 0, "ABI", w);
            }
            continue;
        }
        for (uint32_t r = 0; r < st.repeat && r < 256u; r++) {
            uint32_t n = 0;
            int valid_ev = 1, may_fail = 0;
            switch ((enum rc_arbrx_event)st.msg.kind) {
            case RC_ARBRX_EV_CCP:
                valid_ev = a[0] < s->flows && a[1] <= 7u && a[2] <= 1u;
                break;
            case RC_ARBRX_EV_DATA:
                valid_ev = a[0] < s->flows && a[1] <= 1u && a[2] <= 1u;
                break;
            case RC_ARBRX_EV_TICK:
                valid_ev = a[0] <= 0xFFFFFFFFu;
                break;
            case RC_ARBRX_EV_DECIDE:
                valid_ev = a[0] < s->flows && a[1] <= 1u;
                may_fail = 1; /* nothing held, busy, pool empty */
                break;
            case RC_ARBRX_EV_ASK_DEALLOC:
                valid_ev = a[0] < s->flows;
                may_fail = 1; /* no multi-PDU grant: RC_STATE */
                if (valid_ev && s->f[a[0]].alloc && s->f[a[0]].multi)
                    may_fail = 0;
                break;
            case RC_ARBRX_EV_RESET:
            case RC_ARBRX_EV_END_:
                break;
            }
            rc = ops->step(inst, &st.msg, ax_out, RX_CAP, &n);
            if ((rc == RC_OK) != valid_ev && !(valid_ev && may_fail)) {
                snprintf(w, sizeof w, "result %d; the event is %s", rc,
                         valid_ev ? "valid" : "invalid");
                evprog_fail(&p, &st, r, "ABI", w);
            }
            if (rc != RC_OK) {
                if (n != 0)
                    evprog_fail(&p, &st, r, "ABI", "outputs with an error result");
                continue;
            }
            int req = st.msg.kind == RC_ARBRX_EV_CCP &&
                      (a[1] == CMD_REQ_SINGLE || a[1] == CMD_REQ_MULTI);
            /* the kind a bit stands for; a copy of the held REQUEST (same
             * bit) does not change the held one (I-ARB-5) */
            if (req && s->f[a[0]].pending != (int)a[2])
                s->f[a[0]].req_multi[a[2]] = a[1] == CMD_REQ_MULTI;
            int answered = 0;
            for (unsigned i = 0; i < n; i++) {
                const struct rc_msg *o = &ax_out[i];
                if (o->kind != RC_ARBRX_OUT_MSG)
                    continue;
                if (o->nargs != 4u || o->arg[2] >= s->flows || o->arg[1] > 1u)
                    evprog_out_fail(&p, &st, r, o, "ABI", "malformed message");
                struct flow *f = &s->f[o->arg[2]];
                uint64_t cmd = o->arg[0], seq = o->arg[1];
                if (cmd != CMD_XON_ARB && cmd != CMD_XOFF_ARB)
                    evprog_out_fail(&p, &st, r, o, "P9-2.4.7-2",
                             "a receiver answers XON(ARB) or XOFF(ARB) only");
                if (o->arg[3] == 1u) { /* de-allocation request, rule 8 */
                    if (cmd != CMD_XOFF_ARB || !f->alloc || !f->multi)
                        evprog_out_fail(&p, &st, r, o, "P9-2.4.7-8/P9-2.4.8-b",
                                 "a de-allocation XOFF(ARB) only for a flow "
                                 "holding a multi-PDU grant");
                    f->dealloc = 1;
                    f->dealloc_seq = (int)seq;
                    /* also the answer to a copy of the granted REQUEST
                     * (I-ARB-6) */
                    if (req && o->arg[2] == a[0] && seq == a[2])
                        answered = 1;
                    if (f->pending == (int)seq)
                        f->pending = -1;
                    continue;
                }
                if (cmd == CMD_XON_ARB && s->reject_all && s->immediate &&
                    !f->is_static)
                    evprog_out_fail(&p, &st, r, o, "ABI",
                             "a grant with the reject-all policy");
                if (f->req_multi[seq] < 0)
                    evprog_out_fail(&p, &st, r, o, "P9-2.4.7-2",
                             "an answer to a REQUEST that never came");
                if (req && o->arg[2] == a[0] && seq == a[2])
                    answered = 1;
                if (f->pending == (int)seq)
                    f->pending = -1;
                if (cmd == CMD_XON_ARB && !f->is_static &&
                    !(req && o->arg[2] == a[0] && seq == a[2] && f->alloc &&
                      f->grant_seq == (int)seq)) {
                    /* a new grant; the answer to a copy of the standing
                     * grant's REQUEST keeps it (I-ARB-6) */
                    f->multi = f->req_multi[seq];
                    f->grant_seq = (int)seq;
                    f->dealloc = 0;
                }
            }
            /* the pool after the step */
            uint64_t free = 0, total = 0;
            int rq = query(inst, RC_ARBRX_Q_FREE, 0, 0, &free);
            for (unsigned i = 0; i < s->flows; i++) {
                struct flow *f = &s->f[i];
                uint64_t al = 0, held = 0;
                int r1 = query(inst, RC_ARBRX_Q_ALLOCATED, 1, i, &al);
                int r2 = query(inst, RC_ARBRX_Q_HELD, 1, i, &held);
                if (r1 != RC_OK || r2 != RC_OK || al > 1u || held > 1u ||
                    (f->is_static && al)) {
                    snprintf(w, sizeof w,
                             "flow %u: allocated rc %d = %llu, held rc %d = "
                             "%llu%s",
                             i, r1, (unsigned long long)al, r2,
                             (unsigned long long)held,
                             f->is_static ? " (static flow)" : "");
                    evprog_fail(&p, &st, r, "P9-2.4.7-10", w);
                }
                total += al;
                if (f->alloc && !al) { /* freed in this step: why? */
                    int ev_flow = st.msg.kind != RC_ARBRX_EV_TICK &&
                                  st.msg.kind != RC_ARBRX_EV_RESET && a[0] == i;
                    int release = st.msg.kind == RC_ARBRX_EV_CCP && ev_flow &&
                                  a[1] == CMD_RELEASE;
                    int reset = st.msg.kind == RC_ARBRX_EV_RESET;
                    int tick = st.msg.kind == RC_ARBRX_EV_TICK;
                    int pdu_end = st.msg.kind == RC_ARBRX_EV_DATA && ev_flow &&
                                  (a[1] || a[2]);
                    int ok = f->multi ? release || reset ||
                                            (tick && s->release && f->dealloc)
                                      : release || reset || pdu_end ||
                                            (tick && s->idle);
                    if (!ok) {
                        snprintf(w, sizeof w,
                                 "flow %u: its %s-PDU grant was freed%s", i,
                                 f->multi ? "multi" : "single",
                                 f->multi ? " before RELEASE (or the release "
                                            "timeout after XOFF(ARB))"
                                          : " with no PDU end, timeout or "
                                            "RELEASE");
                        evprog_fail(&p, &st, r,
                             f->multi ? "P9-2.2.1-b/P9-2.4.8-b"
                                      : "P9-2.2.1-a/P9-2.4.8-a",
                             w);
                    }
                }
                if (!f->alloc && al)
                    f->dealloc = 0;
                f->alloc = al;
                if (st.msg.kind == RC_ARBRX_EV_RESET)
                    f->pending = -1; /* I-ARB-17: held REQUESTs dropped */
                if (req && a[0] == i && !answered) {
                    if (!held && s->immediate) {
                        snprintf(w, sizeof w,
                                 "flow %u: the REQUEST got no answer and is "
                                 "not held",
                                 i);
                        evprog_fail(&p, &st, r, "P9-2.4.7-2", w);
                    }
                    if (held)
                        f->pending = (int)a[2];
                }
                if (f->pending >= 0 && !held) {
                    if (!s->immediate || f->dealloc_seq == f->pending) {
                        f->pending = -1; /* I-ARB-20: crossing */
                    } else {
                        snprintf(w, sizeof w,
                                 "flow %u: the REQUEST with bit %d was held "
                                 "and left without an answer",
                                 i, f->pending);
                        evprog_fail(&p, &st, r, "P9-2.4.7-2", w);
                    }
                }
            }
            if (rq != RC_OK || free + total != s->pool) {
                snprintf(w, sizeof w,
                         "free rc %d = %llu and %llu flows hold a resource: "
                         "the pool has %llu",
                         rq, (unsigned long long)free,
                         (unsigned long long)total,
                         (unsigned long long)s->pool);
                evprog_fail(&p, &st, r, "P9-2.4.7-10", w);
            }
        }
    }
    ops->destroy(inst);
    return 0;
}
