/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/ep.c - the Part 9 source END POINT (machine ep: XON/XOFF counters,
 * orphaned-XOFF timer) driven by an event program (common/evprog.h) through
 * the DUT ABI (rc_refdut()).
 *
 * The target observes the counters only through the ABI queries (counter,
 * enabled) of every destination the program names (up to EP_DESTS), before
 * and after every event, and checks, from Part 9 2.4.2.1, 2.4.2.3, 2.4.3,
 * 2.4.5 and 3.2-3.4:
 *   - a counter never exceeds its terminal count 2^width - 1 and never wraps:
 *     an XOFF counted at the terminal count leaves it there (P9-2.4.2.3-c);
 *     an XOFF adds exactly 1 below it, an XON subtracts exactly 1 and never
 *     goes below 0                              (P9-2.4.2.3-b, P9-2.4.5-1/2)
 *   - a flow is enabled exactly when the counters of it and of every higher
 *     flow of its VC are 0 (VC0 flows A-F; VC1-VC8 have one flow each), or it
 *     is a configured critical flow                 (2.4.2.3, I-FCEP-1/4)
 *   - a CCP with a reserved flowID, an XOFF for a critical flow, and (with
 *     flow arbitration) the arbitration commands and undefined FAM codes
 *     change no counter at all                 (P9-3.2-e, P9-2.4.3-d, I-FCEP-5)
 *   - ticks never raise a counter, only reset XOFF'd flows to 0, and ticks
 *     adding up to (XOFF'd flows) x (orphan timeout) restart every flow
 *                                     (P9-2.4.2.1-a, P9-2.4.2.3-d, P9-A.2-a)
 *   - set-up zeroes the named counter (or is refused with RC_FULL, changing
 *     nothing); reset zeroes every counter              (P9-2.4.2.3-a)
 *   - stopped / restarted notes name flows that are now stopped / enabled
 *   - create accepts exactly the valid configurations; invalid events fail
 *     and change nothing.
 * With more destinations than one counter set each (capacity), destinations
 * share the aggregate set (I-FCEP-2): a counter of another destination may
 * then move with the one acted on, by the same amount and on the same flow.
 */
#include <string.h>

#include "../harness/refdut/refdut.h"
#include "common/evprog.h"
#include "common/fuzz.h"
#include "rio/ccp.h"

#define EP_DESTS 16u
#define EP_FLOWS 14u
#define EP_CAP 2048u
#define EP_FULL_REPEAT 4u /* repetitions checked in full; the rest cheaply */

struct obs {
    uint64_t cnt[EP_FLOWS];
    uint64_t en[EP_FLOWS];
};

struct state {
    unsigned rev2, ndest, overflow;
    uint64_t tc, orphan, arb, critical;
    uint64_t dest[EP_DESTS];
    struct obs now[EP_DESTS];
};

static struct state ep_st;
static struct rc_msg ep_out[EP_CAP];

static const uint8_t flow_id_of[EP_FLOWS] = {0x00, 0x01, 0x02, 0x03, 0x04,
                                             0x05, 0x41, 0x42, 0x43, 0x44,
                                             0x45, 0x46, 0x47, 0x48};

/* Flow-mask bit of a Table 3-1 flowID, -1 for a reserved one. */
static FUZZ_ORACLE int flow_index(uint64_t flow_id)
{
    if (flow_id <= 0x05u)
        return (int)flow_id;
    if (flow_id >= 0x41u && flow_id <= 0x48u)
        return (int)(flow_id - 0x41u) + 6;
    return -1;
}

static int query(void *inst, uint32_t kind, uint64_t dest, uint64_t flow_id,
                 uint64_t *v)
{
    struct rc_msg q = {.kind = kind, .nargs = 2, .arg = {dest, flow_id}};
    return rc_refdut()->machine[RC_M_EP].query(inst, &q, v);
}

/* Read and check one destination; returns its slot. */
static void observe(const struct evprog *p, const struct evprog_step *st,
                    uint32_t rep, void *inst, unsigned d, struct obs *o)
{
    const struct state *s = &ep_st;
    char w[400];
    for (unsigned f = 0; f < EP_FLOWS; f++) {
        int rc =
            query(inst, RC_EP_Q_COUNTER, s->dest[d], flow_id_of[f], &o->cnt[f]);
        int rc2 =
            query(inst, RC_EP_Q_ENABLED, s->dest[d], flow_id_of[f], &o->en[f]);
        if (rc != RC_OK || rc2 != RC_OK || o->cnt[f] > s->tc || o->en[f] > 1u) {
            snprintf(w, sizeof w,
                     "dest 0x%llX flowID 0x%02X: counter rc %d value %llu "
                     "(terminal count %llu), enabled rc %d value %llu",
                     (unsigned long long)s->dest[d], flow_id_of[f], rc,
                     (unsigned long long)o->cnt[f], (unsigned long long)s->tc,
                     rc2, (unsigned long long)o->en[f]);
            evprog_fail(p, st, rep, "P9-2.4.2.3-c", w);
        }
    }
    for (unsigned f = 0; f < EP_FLOWS; f++) {
        int zero = o->cnt[f] == 0;
        for (unsigned g = f + 1u; f < 6u && g < 6u; g++)
            zero = zero && o->cnt[g] == 0;
        unsigned want = ((s->critical >> f) & 1u) || zero;
        if (o->en[f] != want) {
            snprintf(
                w, sizeof w,
                "dest 0x%llX flowID 0x%02X enabled %llu with counters "
                "%llu %llu %llu %llu %llu %llu (VC0 A-F) / %llu%s",
                (unsigned long long)s->dest[d], flow_id_of[f],
                (unsigned long long)o->en[f], (unsigned long long)o->cnt[0],
                (unsigned long long)o->cnt[1], (unsigned long long)o->cnt[2],
                (unsigned long long)o->cnt[3], (unsigned long long)o->cnt[4],
                (unsigned long long)o->cnt[5], (unsigned long long)o->cnt[f],
                (s->critical >> f) & 1u ? " (critical)" : "");
            evprog_fail(p, st, rep, "P9-2.4.2.3-b/P9-2.4.5-1/2", w);
        }
    }
}

/* The slot of dest, adding (and observing) it when new; -1 if the table is
 * full or dest does not fit the revision. */
static int track(const struct evprog *p, const struct evprog_step *st,
                 void *inst, uint64_t dest)
{
    struct state *s = &ep_st;
    if (dest > (s->rev2 ? 0xFFFFu : 0xFFFFFFFFu))
        return -1;
    for (unsigned d = 0; d < s->ndest; d++)
        if (s->dest[d] == dest)
            return (int)d;
    if (s->ndest == EP_DESTS) {
        s->overflow = 1;
        return -1;
    }
    s->dest[s->ndest] = dest;
    observe(p, st, 0, inst, s->ndest, &s->now[s->ndest]);
    return (int)s->ndest++;
}

enum effect {
    EF_INVALID, /* the step must fail, nothing changes */
    EF_NONE,    /* no counter changes */
    EF_XOFF,    /* counter of (d, f) + 1, saturating */
    EF_XON,     /* counter of (d, f) - 1, not below 0 */
    EF_TICK,    /* counters only drop to 0 */
    EF_SETUP,   /* counter of (d, f) := 0, or RC_FULL and nothing */
    EF_RESET    /* every counter 0 */
};

static FUZZ_ORACLE enum effect classify(const struct state *s,
                                        const struct rc_msg *e, int *f)
{
    const uint64_t *a = e->arg;
    *f = -1;
    switch ((enum rc_ep_event)e->kind) {
    case RC_EP_EV_CCP: {
        if (a[0] > 1u || a[1] > 7u || a[2] > 127u || a[4] > 1u ||
            a[3] > (s->rev2 ? 0xFFFFu : 0xFFFFFFFFu))
            return EF_INVALID;
        *f = flow_index(a[2]);
        if (*f < 0)
            return EF_NONE; /* P9-3.2-e */
        int xoff = a[0] == 0;
        if (s->arb) { /* I-FCEP-5: only XOFF+000 and XON+000 count */
            enum rio_fam_cmd c =
                rio_fam_decode((unsigned)a[0], (unsigned)a[1], NULL);
            if (c != RIO_FAM_XOFF && c != RIO_FAM_XON)
                return EF_NONE;
        }
        if (xoff && ((s->critical >> *f) & 1u))
            return EF_NONE; /* P9-2.4.3-d, I-FCEP-4 */
        return xoff ? EF_XOFF : EF_XON;
    }
    case RC_EP_EV_TICK:
        return EF_TICK;
    case RC_EP_EV_SETUP:
        *f = flow_index(a[1]);
        if (*f < 0 || a[1] > 127u || a[0] > (s->rev2 ? 0xFFFFu : 0xFFFFFFFFu))
            return EF_INVALID;
        return EF_SETUP;
    case RC_EP_EV_RESET:
        return EF_RESET;
    case RC_EP_EV_END_:
        break;
    }
    return EF_INVALID;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct evprog p;
    struct evprog_step st;
    struct state *s = &ep_st;
    const struct rc_machine_ops *ops = &rc_refdut()->machine[RC_M_EP];
    void *inst = NULL;
    char w[1200], m[512];
    static struct obs before[EP_DESTS];

    evprog_open(&p, RC_M_EP, data, size);
    uint64_t rev = evprog_cfg(&p, RC_EP_CFG_REV),
             width = evprog_cfg(&p, RC_EP_CFG_WIDTH),
             capacity = evprog_cfg(&p, RC_EP_CFG_CAPACITY),
             orphan = evprog_cfg(&p, RC_EP_CFG_ORPHAN),
             arb = evprog_cfg(&p, RC_EP_CFG_ARB),
             critical = evprog_cfg(&p, RC_EP_CFG_CRITICAL);
    int valid = (rev == 2u || rev == 3u) && width >= 1u && width <= 16u &&
                capacity <= 32u && orphan >= 1u && orphan <= 0xFFFFFFFFu &&
                arb <= 1u && critical <= 0x3FFFu;
    int rc = evprog_create(&p, rc_refdut(), &inst);
    if ((rc == RC_OK) != valid)
        fuzz_fail("ep: create returned %d for a %s configuration (rev %llu "
                  "width %llu capacity %llu orphan %llu arb %llu critical "
                  "0x%llX)",
                  rc, valid ? "valid" : "invalid", (unsigned long long)rev,
                  (unsigned long long)width, (unsigned long long)capacity,
                  (unsigned long long)orphan, (unsigned long long)arb,
                  (unsigned long long)critical);
    if (rc != RC_OK)
        return 0;
    memset(s, 0, sizeof *s);
    s->rev2 = rev == 2u;
    s->tc = (1u << width) - 1u;
    s->orphan = orphan;
    s->arb = arb;
    s->critical = critical;

    while (evprog_next(&p, &st)) {
        const uint64_t *a = st.msg.arg;
        if (st.query) {
            uint64_t v = 0;
            int d = track(&p, &st, inst, a[0]);
            int f = flow_index(a[1]);
            rc = ops->query(inst, &st.msg, &v);
            if ((rc == RC_OK) != (f >= 0 && a[1] <= 127u &&
                                  a[0] <= (s->rev2 ? 0xFFFFu : 0xFFFFFFFFu)) ||
                (rc == RC_OK && d >= 0 &&
                 v != (st.msg.kind == RC_EP_Q_COUNTER ? s->now[d].cnt[f]
                                                      : s->now[d].en[f]))) {
                snprintf(w, sizeof w, "answer rc %d value %llu", rc,
                         (unsigned long long)v);
                evprog_fail(&p, &st, 0, "P9-2.4.2.3-b", w);
            }
            continue;
        }
        int f = -1, d = -1;
        enum effect ef = classify(s, &st.msg, &f);
        if (st.msg.kind == RC_EP_EV_CCP && f >= 0 && ef != EF_INVALID)
            d = track(&p, &st, inst, a[3]);
        if (st.msg.kind == RC_EP_EV_SETUP && ef != EF_INVALID)
            d = track(&p, &st, inst, a[0]);
        int skipped = 0;
        memcpy(before, s->now, sizeof before);
        for (uint32_t r = 0; r < st.repeat; r++) {
            uint32_t n = 0;
            int full_check = r < EP_FULL_REPEAT || r + 1u == st.repeat;
            if (full_check && !skipped)
                memcpy(before, s->now, sizeof before);
            else if (full_check && d >= 0)
                before[d].cnt[f] = s->now[d].cnt[f]; /* checked cheaply */
            rc = ops->step(inst, &st.msg, ep_out, EP_CAP, &n);
            int ok = rc == RC_OK || (ef == EF_SETUP && rc == RC_FULL);
            if (ok != (ef != EF_INVALID) || (rc != RC_OK && n != 0)) {
                snprintf(w, sizeof w,
                         "result %d with %u outputs; the event "
                         "is %s",
                         rc, (unsigned)n,
                         ef == EF_INVALID ? "invalid" : "valid");
                evprog_fail(&p, &st, r, "ABI", w);
            }
            if (!full_check && d >= 0 && (ef == EF_XOFF || ef == EF_XON)) {
                /* cheap: only the flow acted on */
                struct obs *o = &s->now[d];
                uint64_t old = o->cnt[f];
                int qr = query(inst, RC_EP_Q_COUNTER, s->dest[d], flow_id_of[f],
                               &o->cnt[f]);
                uint64_t want = ef == EF_XOFF  ? (old < s->tc ? old + 1u : old)
                                : ef == EF_XON ? (old > 0 ? old - 1u : 0u)
                                               : 0u;
                if (qr != RC_OK || o->cnt[f] != want) {
                    snprintf(w, sizeof w,
                             "counter of dest 0x%llX flowID 0x%02X went from "
                             "%llu to %llu (rc %d); 2.4.2.3 gives %llu "
                             "(terminal count %llu)",
                             (unsigned long long)s->dest[d], flow_id_of[f],
                             (unsigned long long)old,
                             (unsigned long long)o->cnt[f], qr,
                             (unsigned long long)want,
                             (unsigned long long)s->tc);
                    evprog_fail(&p, &st, r,
                         ef == EF_XOFF ? "P9-2.4.2.3-c" : "P9-2.4.2.3-b", w);
                }
                skipped = 1;
                continue;
            }
            if (!full_check) {
                skipped = 1; /* unobserved: other members may have moved */
                continue;
            }
            uint64_t xoffd = 0;
            for (unsigned k = 0; k < s->ndest; k++) {
                observe(&p, &st, r, inst, k, &s->now[k]);
                for (unsigned g = 0; g < EP_FLOWS; g++)
                    xoffd += before[k].cnt[g] != 0;
            }
            for (unsigned k = 0; k < s->ndest; k++)
                for (unsigned g = 0; g < EP_FLOWS; g++) {
                    uint64_t o0 = before[k].cnt[g], o1 = s->now[k].cnt[g];
                    uint64_t want = o0;
                    const char *rule = "P9-2.4.2.3-b";
                    int own = (int)k == d && (int)g == f;
                    switch (ef) {
                    case EF_INVALID:
                    case EF_NONE:
                        rule = st.msg.kind == RC_EP_EV_CCP ? "P9-3.2-e" : "ABI";
                        break;
                    case EF_XOFF:
                    case EF_XON:
                        want = ef == EF_XOFF ? (o0 < s->tc ? o0 + 1u : o0)
                                             : (o0 > 0 ? o0 - 1u : 0u);
                        rule = ef == EF_XOFF && o0 == s->tc ? "P9-2.4.2.3-c"
                                                            : "P9-2.4.2.3-b";
                        /* another member of the aggregate set may follow */
                        if (!own && (int)g == f && (o1 == want || skipped))
                            continue;
                        if (!own)
                            want = o0;
                        break;
                    case EF_TICK:
                        rule = "P9-2.4.2.3-d/P9-A.2-a";
                        if (o1 == 0)
                            continue;
                        break;
                    case EF_SETUP:
                        rule = "P9-2.4.2.3-a";
                        if (own && rc == RC_OK)
                            want = 0;
                        break;
                    case EF_RESET:
                        rule = "P9-2.4.2.3-a";
                        want = 0;
                        break;
                    }
                    if (o1 != want) {
                        snprintf(w, sizeof w,
                                 "counter of dest 0x%llX flowID 0x%02X went "
                                 "from %llu to %llu, expected %llu (terminal "
                                 "count %llu)",
                                 (unsigned long long)s->dest[k], flow_id_of[g],
                                 (unsigned long long)o0, (unsigned long long)o1,
                                 (unsigned long long)want,
                                 (unsigned long long)s->tc);
                        evprog_fail(&p, &st, r, rule, w);
                    }
                }
            /* A.2: each XOFF'd flow expires at most `orphan` ticks after it
             * became the oldest, so enough ticks restart everything. */
            if (ef == EF_TICK && !s->overflow &&
                a[0] / s->orphan >= xoffd + EP_FLOWS)
                for (unsigned k = 0; k < s->ndest; k++)
                    for (unsigned g = 0; g < EP_FLOWS; g++)
                        if (s->now[k].cnt[g] != 0) {
                            snprintf(w, sizeof w,
                                     "dest 0x%llX flowID 0x%02X still XOFF'd "
                                     "(counter %llu) after %llu ticks with "
                                     "orphan timeout %llu",
                                     (unsigned long long)s->dest[k],
                                     flow_id_of[g],
                                     (unsigned long long)s->now[k].cnt[g],
                                     (unsigned long long)a[0],
                                     (unsigned long long)s->orphan);
                            evprog_fail(&p, &st, r, "P9-2.4.2.1-a/P9-A.2-a", w);
                        }
            /* notes about the destination acted on */
            for (unsigned i = 0; i < n && d >= 0 && ef != EF_TICK; i++) {
                const struct rc_msg *o = &ep_out[i];
                if ((o->kind != RC_EP_OUT_STOPPED &&
                     o->kind != RC_EP_OUT_RESTARTED) ||
                    o->arg[0] != s->dest[d])
                    continue;
                for (unsigned g = 0; g < EP_FLOWS; g++)
                    if (((o->arg[1] >> g) & 1u) &&
                        s->now[d].en[g] != (o->kind == RC_EP_OUT_RESTARTED)) {
                        evprog_format_msg(m, sizeof m, &p, 1, o);
                        snprintf(w, sizeof w, "%s but flowID 0x%02X is %s", m,
                                 flow_id_of[g],
                                 s->now[d].en[g] ? "enabled" : "stopped");
                        evprog_fail(&p, &st, r, "P9-2.4.5-1/2", w);
                    }
            }
        }
    }
    ops->destroy(inst);
    return 0;
}
