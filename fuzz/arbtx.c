/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/arbtx.c - the Part 9 flow arbitration TRANSMITTER (machine arbtx)
 * driven by an event program (common/evprog.h) through the DUT ABI
 * (rc_refdut()).
 *
 * Per flow the target keeps what the wire shows: the REQUESTs sent (the one
 * outstanding, the last sequence bit), the grants received for them
 * (XON(ARB) events answering the outstanding REQUEST's bit), the PDUs the
 * application queued and the data packets sent. From Part 9 2.2, 2.4.7 and
 * 3.3 it checks after every event:
 *   - at most one REQUEST outstanding per flow: a new REQUEST only when the
 *     previous one was answered                           (P9-2.4.7-11)
 *   - sequence bits: a re-issued REQUEST (timeout) keeps the bit of the
 *     outstanding one, a new REQUEST advances the flow's bit, and the
 *     next_seq query announces the bit the next new REQUEST carries
 *                                                          (P9-2.4.7-3/4)
 *   - no data packet without a grant: an arbitrated flow sends data only
 *     while it holds a context (a single-PDU grant ends with its PDU's last
 *     segment, a multi-PDU grant with the RELEASE)   (P9-2.4.7-1, P9-2.2.1)
 *   - RELEASE only for a multi-PDU context and only between PDUs (after the
 *     current PDU's last packet), with the granted REQUEST's bit
 *                                             (P9-2.4.7-7/8, I-ARB-4)
 *   - data packets carry the queued PDUs in order, segments 0..packets-1, the
 *     last one flagged; one per slot, only for the slot's flow (P9-2.2.2-x2)
 *   - a flow without arbitration (peer without support, static flow) never
 *     sends REQUEST or RELEASE                         (P9-3.3-c, I-ARB-11)
 *   - the transmitter sends only REQUEST and RELEASE messages; the
 *     outstanding / queued / may_send queries agree with the wire
 *   - create accepts exactly the valid configurations; invalid events fail
 *     and send nothing.
 * A record is applied at most 256 times (queues hold 4 PDUs, a PDU any
 * number of slots).
 */
#include <string.h>

#include "../harness/refdut/refdut.h"
#include "common/evprog.h"
#include "common/fuzz.h"

#define TX_FLOWS 16u
#define TX_QUEUE 4u
#define TX_CAP 256u

enum {
    CMD_XOFF_ARB = 1,
    CMD_RELEASE = 2,
    CMD_XON_ARB = 4,
    CMD_REQ_SINGLE = 5,
    CMD_REQ_MULTI = 6
};

struct flow {
    int arb;                     /* arbitrated */
    int out, out_seq, out_multi; /* the REQUEST outstanding */
    int last_seq;                /* bit of the last REQUEST, -1 none */
    unsigned ngrant;             /* contexts granted, current first */
    int grant_multi[2], grant_seq[2];
    unsigned nq; /* PDUs queued, in progress first */
    uint64_t packets[TX_QUEUE];
    uint64_t sent; /* segments of the head PDU sent */
    uint64_t pdu;  /* number of the head PDU */
};

struct state {
    unsigned flows;
    uint64_t timeout;
    struct flow f[TX_FLOWS];
};

static struct state tx_st;
static struct rc_msg tx_out[TX_CAP];

static int query(void *inst, uint32_t kind, unsigned flow, uint64_t *v)
{
    struct rc_msg q = {.kind = kind, .nargs = 1, .arg = {flow}};
    return rc_refdut()->machine[RC_M_ARBTX].query(inst, &q, v);
}

static void check_queries(const struct evprog *p, const struct evprog_step *st,
                          void *inst)
{
    const struct state *s = &tx_st;
    char w[400];
    for (unsigned i = 0; i < s->flows; i++) {
        const struct flow *f = &s->f[i];
        uint64_t out = 0, nseq = 0, q = 0, may = 0;
        int r1 = query(inst, RC_ARBTX_Q_OUTSTANDING, i, &out);
        int r2 = query(inst, RC_ARBTX_Q_NEXT_SEQ, i, &nseq);
        int r3 = query(inst, RC_ARBTX_Q_QUEUED, i, &q);
        int r4 = query(inst, RC_ARBTX_Q_MAY_SEND, i, &may);
        if (r1 != RC_OK || r3 != RC_OK || r4 != RC_OK ||
            out != (uint64_t)f->out || q != f->nq || may > 1u) {
            snprintf(w, sizeof w,
                     "flow %u: outstanding rc %d = %llu (the wire shows %d), "
                     "queued rc %d = %llu (%u), may_send rc %d = %llu",
                     i, r1, (unsigned long long)out, f->out, r3,
                     (unsigned long long)q, f->nq, r4, (unsigned long long)may);
            evprog_fail(p, st, 0, "P9-2.4.7-11", w);
        }
        if (may && !(f->nq > 0 && (!f->arb || f->ngrant > 0))) {
            snprintf(w, sizeof w,
                     "flow %u: may_send 1 with %u PDUs queued and %u grants", i,
                     f->nq, f->ngrant);
            evprog_fail(p, st, 0, "P9-2.4.7-1", w);
        }
        if (f->arb && (r2 != RC_OK || (f->last_seq >= 0 &&
                                       nseq != (uint64_t)(1 - f->last_seq)))) {
            snprintf(w, sizeof w,
                     "flow %u: next_seq rc %d = %llu after a REQUEST with bit "
                     "%d: a new REQUEST must advance the bit",
                     i, r2, (unsigned long long)nseq, f->last_seq);
            evprog_fail(p, st, 0, "P9-2.4.7-4", w);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct evprog p;
    struct evprog_step st;
    struct state *s = &tx_st;
    const struct rc_machine_ops *ops = &rc_refdut()->machine[RC_M_ARBTX];
    void *inst = NULL;
    char w[1200];

    evprog_open(&p, RC_M_ARBTX, data, size);
    uint64_t c[10];
    for (uint32_t k = 1; k <= 9u; k++)
        c[k] = evprog_cfg(&p, k);
    uint64_t flows = c[RC_ARBTX_CFG_FLOWS], mask = c[RC_ARBTX_CFG_STATIC_MASK];
    int valid =
        (c[RC_ARBTX_CFG_REV] == 2u || c[RC_ARBTX_CFG_REV] == 3u) &&
        flows >= 1u && flows <= TX_FLOWS && c[RC_ARBTX_CFG_PEER_ARB] <= 1u &&
        c[RC_ARBTX_CFG_PIPELINE] <= 1u && c[RC_ARBTX_CFG_OWN_FLOW] <= 1u &&
        c[RC_ARBTX_CFG_ANY_SEQ] <= 1u &&
        c[RC_ARBTX_CFG_TIMEOUT] <= 0xFFFFFFFFu &&
        c[RC_ARBTX_CFG_BACKOFF] <= 0xFFFFFFFFu && mask <= 0xFFFFu &&
        (flows >= 16u || (mask >> flows) == 0);
    int rc = evprog_create(&p, rc_refdut(), &inst);
    if ((rc == RC_OK) != valid)
        fuzz_fail("arbtx: create returned %d for a %s configuration (flows "
                  "%llu static_mask 0x%llX)",
                  rc, valid ? "valid" : "invalid", (unsigned long long)flows,
                  (unsigned long long)mask);
    if (rc != RC_OK)
        return 0;
    memset(s, 0, sizeof *s);
    s->flows = (unsigned)flows;
    s->timeout = c[RC_ARBTX_CFG_TIMEOUT];
    for (unsigned i = 0; i < s->flows; i++) {
        s->f[i].arb = c[RC_ARBTX_CFG_PEER_ARB] && !((mask >> i) & 1u);
        s->f[i].last_seq = -1;
    }

    while (evprog_next(&p, &st)) {
        const uint64_t *a = st.msg.arg;
        if (st.query) {
            uint64_t v = 0;
            rc = ops->query(inst, &st.msg, &v);
            if ((rc == RC_OK) != (a[0] < s->flows)) {
                snprintf(w, sizeof w, "answer rc %d for flow %llu of %u", rc,
                         (unsigned long long)a[0], s->flows);
                evprog_fail(&p, &st, 0, "ABI", w);
            }
            continue;
        }
        for (uint32_t r = 0; r < st.repeat && r < 256u; r++) {
            uint32_t n = 0;
            int valid_ev = 1, may_state = 0;
            switch ((enum rc_arbtx_event)st.msg.kind) {
            case RC_ARBTX_EV_PDU:
                valid_ev = a[0] < s->flows && a[1] <= 1u && a[2] >= 1u &&
                           a[2] <= 0xFFFFFFFFu && s->f[a[0]].nq < TX_QUEUE;
                break;
            case RC_ARBTX_EV_END:
                valid_ev = a[0] < s->flows;
                may_state = 1; /* nothing to release: RC_STATE */
                break;
            case RC_ARBTX_EV_CCP:
                valid_ev = a[0] < s->flows && a[1] <= 7u && a[2] <= 1u;
                break;
            case RC_ARBTX_EV_TICK:
                valid_ev = a[0] <= 0xFFFFFFFFu;
                break;
            case RC_ARBTX_EV_SLOT:
                valid_ev = a[0] < s->flows;
                break;
            case RC_ARBTX_EV_END_:
                break;
            }
            rc = ops->step(inst, &st.msg, tx_out, TX_CAP, &n);
            if ((rc == RC_OK) != valid_ev &&
                !(may_state && valid_ev && rc == RC_STATE)) {
                snprintf(w, sizeof w, "result %d; the event is %s", rc,
                         valid_ev ? "valid" : "invalid");
                evprog_fail(&p, &st, r, "ABI", w);
            }
            if (rc != RC_OK) {
                if (n != 0)
                    evprog_fail(&p, &st, r, "ABI", "outputs with an error result");
                continue;
            }
            /* inputs first: a PDU queued, an answer to the outstanding
             * REQUEST */
            if (st.msg.kind == RC_ARBTX_EV_PDU) {
                struct flow *f = &s->f[a[0]];
                f->packets[f->nq++] = a[2];
            }
            if (st.msg.kind == RC_ARBTX_EV_CCP) {
                struct flow *f = &s->f[a[0]];
                if (f->arb && f->out && (int)a[2] == f->out_seq &&
                    (a[1] == CMD_XON_ARB || a[1] == CMD_XOFF_ARB)) {
                    f->out = 0;
                    if (a[1] == CMD_XON_ARB) {
                        if (f->ngrant >= 2u)
                            evprog_fail(&p, &st, r, "P9-2.4.7-11",
                                 "a third context granted (shadow)");
                        f->grant_multi[f->ngrant] = f->out_multi;
                        f->grant_seq[f->ngrant] = f->out_seq;
                        f->ngrant++;
                    }
                }
            }
            unsigned ndata = 0;
            for (unsigned i = 0; i < n; i++) {
                const struct rc_msg *o = &tx_out[i];
                if (o->kind == RC_ARBTX_OUT_NOTE)
                    continue;
                if (o->arg[o->kind == RC_ARBTX_OUT_MSG ? 2 : 0] >= s->flows)
                    evprog_out_fail(&p, &st, r, o, "ABI",
                             "a flow that does not exist");
                if (o->kind == RC_ARBTX_OUT_DATA) {
                    struct flow *f = &s->f[o->arg[0]];
                    if (st.msg.kind != RC_ARBTX_EV_SLOT || o->arg[0] != a[0] ||
                        ++ndata > 1u)
                        evprog_out_fail(&p, &st, r, o, "P9-2.4.7-1",
                                 "data only in a slot of its own flow, one "
                                 "packet per slot");
                    if (f->arb && f->ngrant == 0)
                        evprog_out_fail(&p, &st, r, o, "P9-2.4.7-1",
                                 "data without a grant (no context held)");
                    if (f->nq == 0 || o->arg[1] != (f->pdu & 0xFFFFFFFFu) ||
                        o->arg[2] != f->sent ||
                        o->arg[3] != (f->sent + 1u == f->packets[0]))
                        evprog_out_fail(&p, &st, r, o, "P9-2.2.2-x2",
                                 "data must carry the queued PDUs in order, "
                                 "segment by segment, the last one flagged");
                    f->sent++;
                    if (f->sent == f->packets[0]) {
                        memmove(&f->packets[0], &f->packets[1],
                                (TX_QUEUE - 1u) * sizeof f->packets[0]);
                        f->nq--;
                        f->sent = 0;
                        f->pdu++;
                        if (f->arb && !f->grant_multi[0]) { /* single ends */
                            f->grant_multi[0] = f->grant_multi[1];
                            f->grant_seq[0] = f->grant_seq[1];
                            f->ngrant--;
                        }
                    }
                    continue;
                }
                if (o->kind != RC_ARBTX_OUT_MSG || o->nargs != 5u)
                    evprog_out_fail(&p, &st, r, o, "ABI", "unknown output");
                struct flow *f = &s->f[o->arg[2]];
                uint64_t cmd = o->arg[0], seq = o->arg[1];
                if (!f->arb)
                    evprog_out_fail(&p, &st, r, o, "P9-3.3-c",
                             "arbitration message on a flow without "
                             "arbitration");
                if (cmd == CMD_RELEASE) {
                    if (o->arg[4] != 0u) /* travel own */
                        evprog_out_fail(&p, &st, r, o, "P9-2.4.7-12",
                                 "RELEASE not in the flow of its context");
                    if (f->ngrant == 0 || !f->grant_multi[0])
                        evprog_out_fail(&p, &st, r, o, "P9-3.3-x1/P9-2.4.7-7",
                                 "RELEASE without a multi-PDU context");
                    if (f->sent != 0)
                        evprog_out_fail(&p, &st, r, o, "P9-2.4.7-7/8",
                                 "RELEASE in the middle of a PDU");
                    if ((int)seq != f->grant_seq[0])
                        evprog_out_fail(&p, &st, r, o, "I-ARB-4",
                                 "RELEASE carries the bit of the granted "
                                 "REQUEST");
                    f->grant_multi[0] = f->grant_multi[1];
                    f->grant_seq[0] = f->grant_seq[1];
                    f->ngrant--;
                    continue;
                }
                if (cmd != CMD_REQ_SINGLE && cmd != CMD_REQ_MULTI)
                    evprog_out_fail(&p, &st, r, o, "P9-3.3-a",
                             "a transmitter sends REQUEST and RELEASE only");
                if (o->arg[3] == 1u) { /* re-issue after a timeout */
                    if (st.msg.kind != RC_ARBTX_EV_TICK || s->timeout == 0 ||
                        !f->out || (int)seq != f->out_seq ||
                        (cmd == CMD_REQ_MULTI) != f->out_multi)
                        evprog_out_fail(&p, &st, r, o, "P9-2.4.7-3/4",
                                 "a re-issue repeats the outstanding REQUEST "
                                 "(same bit) after a timeout");
                    continue;
                }
                if (f->out)
                    evprog_out_fail(&p, &st, r, o, "P9-2.4.7-11",
                             "a second REQUEST while one is unanswered");
                if (f->last_seq >= 0 && (int)seq == f->last_seq)
                    evprog_out_fail(&p, &st, r, o, "P9-2.4.7-4",
                             "a new REQUEST must advance the sequence bit");
                if (seq > 1u)
                    evprog_out_fail(&p, &st, r, o, "P9-3.3-a", "bit out of range");
                f->out = 1;
                f->out_seq = (int)seq;
                f->out_multi = cmd == CMD_REQ_MULTI;
                f->last_seq = (int)seq;
            }
        }
        check_queries(&p, &st, inst);
    }
    ops->destroy(inst);
    return 0;
}
