/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/sw.c - the Part 9 CONGESTED ELEMENT (machine sw: a switch port or a
 * destination end point that sends XOFF/XON CCPs and keeps the controlled
 * flow list) driven by an event program (common/evprog.h) through the DUT
 * ABI (rc_refdut()).
 *
 * The target keeps its own list of the flows the DUT XOFF'd and has not
 * XON'd yet (flow = CCP destinationID, tgtdestinationID, flowID), the Flow
 * Control / Flow Arbitration Participant bits it wrote, and the candidates of
 * the pending congestion decision, and checks from Part 9 2.4.2-2.4.6, 3.2,
 * 3.4 and 4.2.2:
 *   - every XOFF'd flow stays listed (listed query, list_len) until the DUT
 *     sends its XON: a controlled flow is never forgotten; a flow is never
 *     XOFF'd twice without an XON in between (its source counts XOFFs), and
 *     no XON goes out for a flow that is not XOFF'd   (P9-2.4.2.2-a/b,
 *     P9-2.4.6-3, P9-2.4.5-4, I-FCSW-5)
 *   - every CCP the element originates has prio 0b11, CRF = 1 where CRF is
 *     supported (else 0), FAM 000, SOC 0 for a switch and 1 for an end point
 *                                          (P9-2.4.2-a, P9-3.2-b, P9-3.3-a)
 *   - an XOFF answers a candidate of the decision: destinationID = its
 *     sourceID, tgtdestinationID = its destinationID, sent by its ccp_port,
 *     flowID per Table 2-1 (I-FCSW-1/3), never for ftype 7 or 8, never for a
 *     response when responses are not targeted, at most one per decision
 *                        (P9-3.4-a, P9-2.4.3-a/b/c, P9-2.4.6-1)
 *   - no CCP is issued or routed to a port whose Flow Control Participant
 *     (bit 13) is 0; routed arbitration messages need Flow Arbitration
 *     Participant (bit 15) (and bit 13 with arb_needs_fc)
 *                                                   (P9-4.2.2-a/b, I-FCSW-6)
 *   - abatement XONs every abated flow whose port participates and holds the
 *     others until the port participates again; the list never exceeds its
 *     capacity; a routed CCP leaves unchanged, in the same step (P9-2.4.4-a)
 *   - create accepts exactly the valid configurations; step results are the
 *     expected success or failure and a failed step sends nothing.
 * A record is applied at most 64 times (the candidate list holds 8).
 */
#include <string.h>

#include "../harness/refdut/refdut.h"
#include "common/evprog.h"
#include "common/fuzz.h"
#include "rio/ccp.h"

#define SW_PORTS 256u
#define SW_LIST 64u
#define SW_CANDS 8u
#define SW_CAP 256u
#define SW_FC 0x00040000u /* Port n Control CSR bit 13 */
#define SW_FA 0x00010000u /* bit 15 */

struct entry {
    uint64_t dst, tgt, flow_id; /* the key (I-FCSW-5) */
    uint64_t ccp_port, cong_port;
    int held; /* abated, XON waits for bit 13 of ccp_port */
};

struct state {
    unsigned rev, role, tt, ports, list, crf, responses, pick, drop, arb_fc;
    uint64_t idmax;
    uint8_t fc[SW_PORTS], fa[SW_PORTS];
    unsigned ncand;
    uint64_t cand[SW_CANDS][7]; /* ftype vc prio crf source dest ccp_port */
    unsigned n;
    struct entry e[SW_LIST + 1u];
};

static struct state sw_st;
static struct rc_msg sw_out[SW_CAP];

static FUZZ_ORACLE int find(const struct state *s, uint64_t dst, uint64_t tgt,
                            uint64_t flow_id)
{
    for (unsigned i = 0; i < s->n; i++)
        if (s->e[i].dst == dst && s->e[i].tgt == tgt &&
            s->e[i].flow_id == flow_id)
            return (int)i;
    return -1;
}

static FUZZ_ORACLE void unlist(struct state *s, unsigned i)
{
    memmove(&s->e[i], &s->e[i + 1u], (s->n - i - 1u) * sizeof s->e[0]);
    s->n--;
}

/* Table 2-1 with I-FCSW-1 / I-FCSW-3: the flowID for a candidate, -1 when
 * no CCP may be sent for it (ftype 7/8, Illegal cell). */
static FUZZ_ORACLE int table_2_1(const struct state *s, const uint64_t *c)
{
    uint64_t ftype = c[0], vc = c[1], prio = c[2];
    if (ftype == 7u || ftype == 8u)
        return -1; /* P9-2.4.3-a */
    if (vc >= 1u)
        return (int)(0x40u + vc); /* VCn flow A */
    if (ftype == 13u) {           /* response */
        if (prio == 0u)
            return -1;
        return s->pick ? (int)(prio - 1u) : 0;
    }
    return prio == 3u ? -1 : (int)prio; /* request: A, B, C */
}

static FUZZ_ORACLE int cand_valid(const struct state *s, const uint64_t *c)
{
    return c[0] <= 15u && c[1] <= 8u && c[2] <= 3u && c[3] <= 1u &&
           c[4] <= s->idmax && c[5] <= s->idmax && c[6] < s->ports;
}

static int query(void *inst, uint32_t kind, uint32_t nargs, uint64_t a0,
                 uint64_t a1, uint64_t a2, uint64_t *v)
{
    struct rc_msg q = {.kind = kind, .nargs = nargs, .arg = {a0, a1, a2}};
    return rc_refdut()->machine[RC_M_SW].query(inst, &q, v);
}

static void check_list(const struct evprog *p, const struct evprog_step *st,
                       void *inst)
{
    const struct state *s = &sw_st;
    char w[400];
    uint64_t v = 0;
    int rc = query(inst, RC_SW_Q_LIST_LEN, 0, 0, 0, 0, &v);
    if (rc != RC_OK || v != s->n || v > s->list) {
        snprintf(w, sizeof w,
                 "list_len rc %d value %llu; %u flows are XOFF'd "
                 "and not XON'd (capacity %u)",
                 rc, (unsigned long long)v, s->n, s->list);
        evprog_fail(p, st, 0, "P9-2.4.2.2-b", w);
    }
    for (unsigned i = 0; i < s->n; i++) {
        rc = query(inst, RC_SW_Q_LISTED, 3, s->e[i].dst, s->e[i].tgt,
                   s->e[i].flow_id, &v);
        if (rc != RC_OK || v != 1u) {
            snprintf(w, sizeof w,
                     "flow destination_id=0x%llX tgt_destination_id=0x%llX "
                     "flow_id=0x%02llX was XOFF'd and not XON'd, but listed "
                     "answers rc %d value %llu",
                     (unsigned long long)s->e[i].dst,
                     (unsigned long long)s->e[i].tgt,
                     (unsigned long long)s->e[i].flow_id, rc,
                     (unsigned long long)v);
            evprog_fail(p, st, 0, "P9-2.4.2.2-b", w);
        }
    }
}

/* Fields every CCP the element originates carries. */
static void check_originated(const struct evprog *p,
                             const struct evprog_step *st, uint32_t rep,
                             const struct rc_msg *o)
{
    const struct state *s = &sw_st;
    /* ccp(port, xon, fam, flow_id, destination_id, tgt_destination_id, soc,
     * prio, crf) */
    if (o->arg[7] != 3u || o->arg[8] != s->crf)
        evprog_out_fail(p, st, rep, o, "P9-2.4.2-a",
                 s->crf ? "a CCP must have prio 3 and CRF 1"
                        : "a CCP must have prio 3 (CRF not supported: 0)");
    if (o->arg[6] != s->role)
        evprog_out_fail(p, st, rep, o, "P9-3.2-b",
                 s->role ? "an end point sends SOC 1" : "a switch sends SOC 0");
    if (o->arg[2] != 0)
        evprog_out_fail(p, st, rep, o, "P9-3.3-a",
                 "congestion management CCPs carry FAM 000");
    if (o->arg[0] >= s->ports || !s->fc[o->arg[0]])
        evprog_out_fail(p, st, rep, o, "P9-4.2.2-a",
                 "sent to a port whose Flow Control Participant bit is 0");
}

/* An XON: the flow must be XOFF'd; it leaves the list. */
static void take_xon(const struct evprog *p, const struct evprog_step *st,
                     uint32_t rep, const struct rc_msg *o, int want_held,
                     uint64_t cong_port)
{
    struct state *s = &sw_st;
    int i = find(s, o->arg[4], o->arg[5], o->arg[3]);
    if (i < 0)
        evprog_out_fail(p, st, rep, o, "P9-2.4.2.2-a",
                 "XON for a flow that is not XOFF'd");
    const struct entry *e = &s->e[i];
    if (o->arg[0] != e->ccp_port)
        evprog_out_fail(p, st, rep, o, "P9-2.4.6-3",
                 "the XON must go where the XOFF went");
    if (want_held >= 0 && e->held != want_held)
        evprog_out_fail(p, st, rep, o, "I-FCSW-6",
                 want_held ? "only held XONs go out on a participant change"
                           : "a held XON goes out only when the port "
                             "participates again");
    if (cong_port != UINT64_MAX && e->cong_port != cong_port)
        evprog_out_fail(p, st, rep, o, "P9-2.4.6-3",
                 "XON for a flow congested at another port");
    unlist(s, (unsigned)i);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct evprog p;
    struct evprog_step st;
    struct state *s = &sw_st;
    const struct rc_machine_ops *ops = &rc_refdut()->machine[RC_M_SW];
    void *inst = NULL;
    char w[1200];

    evprog_open(&p, RC_M_SW, data, size);
    uint64_t c[11];
    for (uint32_t k = 1; k <= 10u; k++)
        c[k] = evprog_cfg(&p, k);
    int valid = (c[RC_SW_CFG_REV] == 2u || c[RC_SW_CFG_REV] == 3u) &&
                c[RC_SW_CFG_ROLE] <= 1u && c[RC_SW_CFG_TT] <= 2u &&
                !(c[RC_SW_CFG_REV] == 2u && c[RC_SW_CFG_TT] == 2u) &&
                c[RC_SW_CFG_PORTS] >= 1u && c[RC_SW_CFG_PORTS] <= 256u &&
                c[RC_SW_CFG_LIST] >= 1u && c[RC_SW_CFG_LIST] <= 64u &&
                c[RC_SW_CFG_CRF] <= 1u && c[RC_SW_CFG_RESPONSES] <= 1u &&
                c[RC_SW_CFG_PICK] <= 1u && c[RC_SW_CFG_DROP] <= 1u &&
                c[RC_SW_CFG_ARB_NEEDS_FC] <= 1u;
    int rc = evprog_create(&p, rc_refdut(), &inst);
    if ((rc == RC_OK) != valid)
        fuzz_fail("sw: create returned %d for a %s configuration (rev %llu "
                  "role %llu tt %llu ports %llu list %llu)",
                  rc, valid ? "valid" : "invalid",
                  (unsigned long long)c[RC_SW_CFG_REV],
                  (unsigned long long)c[RC_SW_CFG_ROLE],
                  (unsigned long long)c[RC_SW_CFG_TT],
                  (unsigned long long)c[RC_SW_CFG_PORTS],
                  (unsigned long long)c[RC_SW_CFG_LIST]);
    if (rc != RC_OK)
        return 0;
    memset(s, 0, sizeof *s);
    s->rev = (unsigned)c[RC_SW_CFG_REV];
    s->role = (unsigned)c[RC_SW_CFG_ROLE];
    s->tt = (unsigned)c[RC_SW_CFG_TT];
    s->ports = (unsigned)c[RC_SW_CFG_PORTS];
    s->list = (unsigned)c[RC_SW_CFG_LIST];
    s->crf = (unsigned)c[RC_SW_CFG_CRF];
    s->responses = (unsigned)c[RC_SW_CFG_RESPONSES];
    s->pick = (unsigned)c[RC_SW_CFG_PICK];
    s->drop = (unsigned)c[RC_SW_CFG_DROP];
    s->arb_fc = (unsigned)c[RC_SW_CFG_ARB_NEEDS_FC];
    s->idmax = s->tt == 0 ? 0xFFu : s->tt == 1 ? 0xFFFFu : 0xFFFFFFFFu;

    while (evprog_next(&p, &st)) {
        const uint64_t *a = st.msg.arg;
        if (st.query) {
            uint64_t v = 0;
            rc = ops->query(inst, &st.msg, &v);
            uint64_t want = st.msg.kind == RC_SW_Q_LIST_LEN
                                ? s->n
                                : (uint64_t)(find(s, a[0], a[1], a[2]) >= 0);
            int valid_q =
                st.msg.kind == RC_SW_Q_LIST_LEN ||
                (a[0] <= 0xFFFFFFFFu && a[1] <= 0xFFFFFFFFu && a[2] <= 0xFFu);
            if ((rc == RC_OK) != valid_q || (valid_q && v != want)) {
                snprintf(w, sizeof w, "answer rc %d value %llu, expected %llu",
                         rc, (unsigned long long)v, (unsigned long long)want);
                evprog_fail(&p, &st, 0, "P9-2.4.2.2-b", w);
            }
            continue;
        }
        for (uint32_t r = 0; r < st.repeat && r < 64u; r++) {
            uint32_t n = 0;
            int want_ok = 1, want_rc = RC_OK;
            unsigned ncand = s->ncand;
            switch ((enum rc_sw_event)st.msg.kind) {
            case RC_SW_EV_CANDIDATE:
                want_ok = a[0] <= 0xFFu && a[1] <= 0xFFu && a[2] <= 0xFFu &&
                          a[3] <= 0xFFu && a[4] <= 0xFFFFFFFFu &&
                          a[5] <= 0xFFFFFFFFu && a[6] <= 0xFFFFu &&
                          s->ncand < SW_CANDS;
                break;
            case RC_SW_EV_CONGESTED:
                want_ok = s->ncand > 0 && a[0] < s->ports;
                for (unsigned i = 0; i < s->ncand; i++)
                    want_ok = want_ok && cand_valid(s, s->cand[i]);
                s->ncand = 0; /* consumed whatever the result */
                break;
            case RC_SW_EV_ABATED_PORT:
                want_ok = a[0] < s->ports;
                break;
            case RC_SW_EV_ABATED_FLOW:
                want_ok = a[0] <= 0xFFFFFFFFu && a[1] <= 0xFFFFFFFFu &&
                          a[2] <= 0x7Fu && find(s, a[0], a[1], a[2]) >= 0;
                break;
            case RC_SW_EV_PORT_CONTROL:
                want_ok = a[0] < s->ports && a[1] <= 0xFFFFFFFFu;
                break;
            case RC_SW_EV_FORWARD:
                want_ok = s->role == 0 && a[0] < s->ports && a[1] < s->ports &&
                          a[2] <= 1u && a[3] <= 1u && a[4] <= 7u &&
                          a[5] <= 0x7Fu && a[6] <= 1u && a[7] <= s->idmax &&
                          a[8] <= s->idmax;
                break;
            case RC_SW_EV_END_:
                break;
            }
            (void)want_rc;
            rc = ops->step(inst, &st.msg, sw_out, SW_CAP, &n);
            if ((rc == RC_OK) != want_ok || (rc != RC_OK && n != 0)) {
                snprintf(w, sizeof w,
                         "result %d with %u outputs; the event "
                         "is %s",
                         rc, (unsigned)n, want_ok ? "valid" : "invalid");
                evprog_fail(&p, &st, r, "ABI", w);
            }
            if (rc != RC_OK)
                continue;
            if (st.msg.kind == RC_SW_EV_PORT_CONTROL) {
                s->fc[a[0]] = (a[1] & SW_FC) != 0;
                s->fa[a[0]] = (a[1] & SW_FA) != 0;
            }
            unsigned xoffs = 0;
            for (unsigned i = 0; i < n; i++) {
                const struct rc_msg *o = &sw_out[i];
                if (o->kind == RC_SW_OUT_VERDICT)
                    continue;
                if (o->kind != RC_SW_OUT_CCP || o->nargs != 9u)
                    evprog_out_fail(&p, &st, r, o, "ABI", "unknown output");
                switch ((enum rc_sw_event)st.msg.kind) {
                case RC_SW_EV_CANDIDATE:
                    evprog_out_fail(&p, &st, r, o, "ABI",
                             "a CCP before the congestion decision");
                case RC_SW_EV_CONGESTED: {
                    check_originated(&p, &st, r, o);
                    if (o->arg[1] == 1u) { /* early XON (list full) */
                        if (xoffs)
                            evprog_out_fail(&p, &st, r, o, "P9-2.4.2.2-b",
                                     "the early XON must precede the XOFF "
                                     "that replaces it");
                        take_xon(&p, &st, r, o, 0, UINT64_MAX);
                        break;
                    }
                    if (++xoffs > 1u)
                        evprog_out_fail(&p, &st, r, o, "P9-2.4.6-1",
                                 "more than one XOFF for one decision");
                    unsigned k = 0;
                    int why = 0;
                    for (; k < ncand; k++) {
                        const uint64_t *cd = s->cand[k];
                        if (cd[4] != o->arg[4] || cd[5] != o->arg[5] ||
                            cd[6] != o->arg[0])
                            continue;
                        int fid = table_2_1(s, cd);
                        why = fid < 0 ? 1 : why;
                        if (fid < 0 || (uint64_t)fid != o->arg[3])
                            continue;
                        if (cd[0] == 13u && !s->responses) {
                            why = 2;
                            continue;
                        }
                        break;
                    }
                    if (k == ncand)
                        evprog_out_fail(&p, &st, r, o,
                                 why == 1   ? "P9-2.4.3-a/b"
                                 : why == 2 ? "P9-2.4.3-c"
                                            : "P9-3.4-a/P9-2.4.3-b",
                                 why == 1   ? "no CCP may be sent for this "
                                              "packet (ftype 7/8 or an Illegal "
                                              "Table 2-1 cell)"
                                 : why == 2 ? "responses are not XOFF'd here"
                                            : "no candidate packet has this "
                                              "sourceID/destinationID/port and "
                                              "Table 2-1 flowID");
                    if (find(s, o->arg[4], o->arg[5], o->arg[3]) >= 0)
                        evprog_out_fail(&p, &st, r, o, "P9-2.4.2.3-b/I-FCSW-5",
                                 "second XOFF for a flow not XON'd yet");
                    struct entry *e = &s->e[s->n++];
                    e->dst = o->arg[4];
                    e->tgt = o->arg[5];
                    e->flow_id = o->arg[3];
                    e->ccp_port = o->arg[0];
                    e->cong_port = a[0];
                    e->held = 0;
                    if (s->n > s->list)
                        evprog_out_fail(&p, &st, r, o, "P9-2.4.2.2-b",
                                 "the controlled flow list is over capacity");
                    break;
                }
                case RC_SW_EV_ABATED_PORT:
                case RC_SW_EV_ABATED_FLOW:
                case RC_SW_EV_PORT_CONTROL:
                    check_originated(&p, &st, r, o);
                    if (o->arg[1] != 1u)
                        evprog_out_fail(&p, &st, r, o, "P9-2.4.6-3",
                                 "only XONs follow abatement");
                    take_xon(&p, &st, r, o,
                             st.msg.kind == RC_SW_EV_PORT_CONTROL ? 1 : 0,
                             st.msg.kind == RC_SW_EV_ABATED_PORT ? a[0]
                                                                 : UINT64_MAX);
                    break;
                case RC_SW_EV_FORWARD: {
                    enum rio_fam_cmd cmd =
                        rio_fam_decode((unsigned)a[3], (unsigned)a[4], NULL);
                    int arbm = cmd != RIO_FAM_XOFF && cmd != RIO_FAM_XON &&
                               cmd != RIO_FAM_RESERVED;
                    int gate = arbm ? s->fa[a[1]] && (s->fc[a[1]] || !s->arb_fc)
                                    : s->fc[a[1]];
                    if (!gate)
                        evprog_out_fail(&p, &st, r, o,
                                 arbm ? "P9-4.2.2-b" : "P9-4.2.2-a",
                                 "routed to a port that does not participate");
                    if (a[2] && s->drop)
                        evprog_out_fail(&p, &st, r, o, "P9-2.4.2-b",
                                 "configured to drop CCPs without buffer");
                    if (o->arg[0] != a[1] || o->arg[1] != a[3] ||
                        o->arg[2] != a[4] || o->arg[3] != a[5] ||
                        o->arg[4] != a[7] || o->arg[5] != a[8] ||
                        o->arg[6] != a[6] || n != 2u)
                        evprog_out_fail(&p, &st, r, o, "P9-2.4.4-a",
                                 "a routed CCP leaves unchanged, once");
                    break;
                }
                case RC_SW_EV_END_:
                    break;
                }
            }
            switch ((enum rc_sw_event)st.msg.kind) {
            case RC_SW_EV_CANDIDATE:
                for (unsigned k = 0; k < 7u; k++)
                    s->cand[s->ncand][k] = a[k];
                s->ncand++;
                break;
            case RC_SW_EV_ABATED_PORT:
            case RC_SW_EV_ABATED_FLOW:
                /* what was not XON'd now is held (its port does not
                 * participate) */
                for (unsigned i = 0; i < s->n; i++) {
                    struct entry *e = &s->e[i];
                    int hit = st.msg.kind == RC_SW_EV_ABATED_PORT
                                  ? e->cong_port == a[0]
                                  : (e->dst == a[0] && e->tgt == a[1] &&
                                     e->flow_id == a[2]);
                    if (!hit)
                        continue;
                    if (s->fc[e->ccp_port]) {
                        snprintf(w, sizeof w,
                                 "flow destination_id=0x%llX "
                                 "tgt_destination_id=0x%llX flow_id=0x%02llX "
                                 "abated but not XON'd although port %llu "
                                 "participates",
                                 (unsigned long long)e->dst,
                                 (unsigned long long)e->tgt,
                                 (unsigned long long)e->flow_id,
                                 (unsigned long long)e->ccp_port);
                        evprog_fail(&p, &st, r, "P9-2.4.6-3", w);
                    }
                    e->held = 1;
                }
                break;
            case RC_SW_EV_PORT_CONTROL: {
                for (unsigned i = 0; i < s->n; i++)
                    if (s->e[i].held && s->e[i].ccp_port == a[0] &&
                        s->fc[a[0]]) {
                        snprintf(
                            w, sizeof w,
                            "the held XON of flow flow_id=0x%02llX did not "
                            "go out when port %llu began to participate",
                            (unsigned long long)s->e[i].flow_id,
                            (unsigned long long)a[0]);
                        evprog_fail(&p, &st, r, "P9-2.4.2.2-b/I-FCSW-6", w);
                    }
                break;
            }
            case RC_SW_EV_CONGESTED:
            case RC_SW_EV_FORWARD:
            case RC_SW_EV_END_:
                break;
            }
        }
        check_list(&p, &st, inst);
    }
    ops->destroy(inst);
    return 0;
}
