/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/p9reg.c - the Part 9 register bits (machine p9reg: Processing Element
 * Features CAR bits 20/24, Port n Control CSR bits 13/15, Port n Error and
 * Status CSR bit 28, the Part 12 Port XOFF rule) driven by an event program
 * (common/evprog.h) through the DUT ABI (rc_refdut()).
 *
 * The target keeps the register values the spec requires (written from Part
 * 9 4.2, Part 6 7.6.10, Part 12 Table 5-3 bit 10) and checks after every
 * event:
 *   - the CAR is read-only: every read and every write report the configured
 *     capability bits (bit 20 flow arbitration, bit 24 flow control) and
 *     nothing else                                           (P9-4.2.1-a)
 *   - Port n Control CSR: bits 13 and 15 take the written value where the
 *     function is supported and read 0 where it is not; every other bit
 *     reads 0 (not modelled, I-FCREG-1/2); reset clears them
 *                                                     (P9-4.2.2-a/b)
 *   - Port n Error and Status CSR bit 28 (Port Unavailable) changes only by
 *     the device (set_unavailable), never by software; other bits read 0
 *   - may_route_fc / may_route_arb follow bits 13 / 15 (and 13 for
 *     arbitration with arb_needs_fc, I-FCREG-4); a port the device lacks
 *     routes nothing
 *   - port_xoff_expected: rev 3+ with Port Unavailable set gives the CSR with
 *     Port XOFF (bit 10) set, otherwise the CSR unchanged (I-FCREG-5)
 *   - any port number gives a defined result (RC_NOENT past the device);
 *     create accepts exactly the valid configurations (arbitration needs
 *     flow control, I-FCREG-3).
 * A record is applied at most 8 times (register accesses are idempotent).
 */
#include <string.h>

#include "../harness/refdut/refdut.h"
#include "common/evprog.h"
#include "common/fuzz.h"

#define P9_PORTS 256u
#define P9_CAP 64u
#define P9_CHECK_PORTS 32u
#define P9_FC 0x00040000u   /* Port n Control CSR bit 13 */
#define P9_FA 0x00010000u   /* bit 15 */
#define P9_UNAV 0x00000008u /* Port n Error and Status CSR bit 28 */
#define P9_XOFF 0x00200000u /* Port n VoQ CSR bit 10 */

struct state {
    unsigned ports, fc, arb, arb_fc;
    uint32_t car;
    uint32_t ctl[P9_PORTS];
    uint32_t errstat[P9_PORTS];
};

static struct state p9_st;
static struct rc_msg p9_out[P9_CAP];

static FUZZ_ORACLE uint64_t may_fc(const struct state *s, uint64_t port)
{
    return port < s->ports && (s->ctl[port] & P9_FC) != 0;
}

static FUZZ_ORACLE uint64_t may_arb(const struct state *s, uint64_t port)
{
    return port < s->ports && (s->ctl[port] & P9_FA) != 0 &&
           (!s->arb_fc || (s->ctl[port] & P9_FC) != 0);
}

static void check_routes(const struct evprog *p, const struct evprog_step *st,
                         void *inst)
{
    const struct state *s = &p9_st;
    const struct rc_machine_ops *ops = &rc_refdut()->machine[RC_M_P9REG];
    char w[300];
    for (unsigned port = 0; port <= s->ports && port <= P9_CHECK_PORTS;
         port++) {
        for (unsigned k = 0; k < 2u; k++) {
            struct rc_msg m = {.kind = k ? RC_P9REG_Q_MAY_ROUTE_ARB
                                         : RC_P9REG_Q_MAY_ROUTE_FC,
                               .nargs = 1,
                               .arg = {port}};
            uint64_t v = 0, want = k ? may_arb(s, port) : may_fc(s, port);
            int rc = ops->query(inst, &m, &v);
            if (rc != RC_OK || v != want) {
                snprintf(w, sizeof w,
                         "may_route_%s port=%u: rc %d value %llu, Port %u "
                         "Control CSR 0x%08X gives %llu",
                         k ? "arb" : "fc", port, rc, (unsigned long long)v,
                         port, port < s->ports ? (unsigned)s->ctl[port] : 0u,
                         (unsigned long long)want);
                evprog_fail(p, st, 0, k ? "P9-4.2.2-b" : "P9-4.2.2-a", w);
            }
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct evprog p;
    struct evprog_step st;
    struct state *s = &p9_st;
    const struct rc_machine_ops *ops = &rc_refdut()->machine[RC_M_P9REG];
    void *inst = NULL;
    char w[1200];

    memset(&st, 0, sizeof st);
    evprog_open(&p, RC_M_P9REG, data, size);
    uint64_t ports = evprog_cfg(&p, RC_P9REG_CFG_PORTS),
             fc = evprog_cfg(&p, RC_P9REG_CFG_FC),
             arb = evprog_cfg(&p, RC_P9REG_CFG_ARB),
             arb_fc = evprog_cfg(&p, RC_P9REG_CFG_ARB_NEEDS_FC);
    int valid = ports >= 1u && ports <= 256u && fc <= 1u && arb <= 1u &&
                arb_fc <= 1u && !(arb && !fc);
    int rc = evprog_create(&p, rc_refdut(), &inst);
    if ((rc == RC_OK) != valid)
        fuzz_fail("p9reg: create returned %d for a %s configuration (ports "
                  "%llu fc %llu arb %llu arb_needs_fc %llu)",
                  rc, valid ? "valid" : "invalid", (unsigned long long)ports,
                  (unsigned long long)fc, (unsigned long long)arb,
                  (unsigned long long)arb_fc);
    if (rc != RC_OK)
        return 0;
    memset(s, 0, sizeof *s);
    s->ports = (unsigned)ports;
    s->fc = (unsigned)fc;
    s->arb = (unsigned)arb;
    s->arb_fc = (unsigned)arb_fc;
    s->car = (arb ? 0x00000800u : 0u) | (fc ? 0x00000080u : 0u);
    check_routes(&p, &st, inst);

    while (evprog_next(&p, &st)) {
        const uint64_t *a = st.msg.arg;
        if (st.query) {
            uint64_t v = 0, want = 0;
            int want_rc = RC_OK;
            rc = ops->query(inst, &st.msg, &v);
            switch ((enum rc_p9reg_query)st.msg.kind) {
            case RC_P9REG_Q_MAY_ROUTE_FC:
                want = a[0] <= 0xFFFFFFFFu ? may_fc(s, a[0]) : 0;
                want_rc = a[0] <= 0xFFFFFFFFu ? RC_OK : RC_RANGE;
                break;
            case RC_P9REG_Q_MAY_ROUTE_ARB:
                want = a[0] <= 0xFFFFFFFFu ? may_arb(s, a[0]) : 0;
                want_rc = a[0] <= 0xFFFFFFFFu ? RC_OK : RC_RANGE;
                break;
            case RC_P9REG_Q_PORT_XOFF_EXPECTED:
                if (a[0] != 2u && a[0] != 3u)
                    want_rc = RC_REVISION;
                else if (a[1] > 0xFFFFFFFFu || a[2] > 0xFFFFFFFFu)
                    want_rc = RC_RANGE;
                else
                    want =
                        a[0] == 3u && (a[1] & P9_UNAV) ? a[2] | P9_XOFF : a[2];
                break;
            case RC_P9REG_Q_END_:
                break;
            }
            if (rc != want_rc || (rc == RC_OK && v != want)) {
                snprintf(w, sizeof w,
                         "answer rc %d value 0x%llX where rc %d value 0x%llX "
                         "is required",
                         rc, (unsigned long long)v, want_rc,
                         (unsigned long long)want);
                evprog_fail(&p, &st, 0,
                     st.msg.kind == RC_P9REG_Q_PORT_XOFF_EXPECTED
                         ? "P12-5.1.2.2-b10/I-FCREG-5"
                         : "P9-4.2.2-a/b",
                     w);
            }
            continue;
        }
        for (uint32_t r = 0; r < st.repeat && r < 8u; r++) {
            uint32_t n = 0;
            int want_rc = RC_OK, has_value = 0;
            uint64_t want = 0;
            int port_ok = a[0] < s->ports;
            int port_rc = a[0] > 0xFFFFFFFFu ? RC_RANGE : RC_NOENT;
            switch ((enum rc_p9reg_event)st.msg.kind) {
            case RC_P9REG_EV_CAR_READ:
                has_value = 1;
                want = s->car;
                break;
            case RC_P9REG_EV_CAR_WRITE:
                want_rc = a[0] > 0xFFFFFFFFu ? RC_RANGE : RC_OK;
                has_value = 1;
                want = s->car;
                break;
            case RC_P9REG_EV_CTL_READ:
                want_rc = port_ok ? RC_OK : port_rc;
                has_value = 1;
                want = port_ok ? s->ctl[a[0]] : 0;
                break;
            case RC_P9REG_EV_CTL_WRITE:
                want_rc = a[0] > 0xFFFFFFFFu || a[1] > 0xFFFFFFFFu ? RC_RANGE
                          : port_ok                                ? RC_OK
                                                                   : RC_NOENT;
                has_value = 1;
                want =
                    (s->fc ? a[1] & P9_FC : 0u) | (s->arb ? a[1] & P9_FA : 0u);
                break;
            case RC_P9REG_EV_ERRSTAT_READ:
                want_rc = port_ok ? RC_OK : port_rc;
                has_value = 1;
                want = port_ok ? s->errstat[a[0]] : 0;
                break;
            case RC_P9REG_EV_ERRSTAT_WRITE:
                /* bit 28 is the device's status: a write keeps it (I-FCREG-6) */
                want_rc = a[0] > 0xFFFFFFFFu || a[1] > 0xFFFFFFFFu ? RC_RANGE
                          : port_ok                                ? RC_OK
                                                                   : RC_NOENT;
                has_value = 1;
                want = port_ok ? s->errstat[a[0]] : 0;
                break;
            case RC_P9REG_EV_SET_UNAVAILABLE:
                want_rc = a[0] > 0xFFFFFFFFu || a[1] > 0xFFFFFFFFu ? RC_RANGE
                          : !port_ok                               ? RC_NOENT
                          : a[1] > 1u                              ? RC_RANGE
                                                                   : RC_OK;
                break;
            case RC_P9REG_EV_RESET:
            case RC_P9REG_EV_END_:
                break;
            }
            rc = ops->step(inst, &st.msg, p9_out, P9_CAP, &n);
            uint64_t v = n == 1u && p9_out[0].kind == RC_P9REG_OUT_VALUE
                             ? p9_out[0].arg[0]
                             : UINT64_MAX;
            if (rc != want_rc || (rc != RC_OK && n != 0) ||
                (rc == RC_OK && (has_value ? v != want : n != 0))) {
                snprintf(w, sizeof w,
                         "result %d with %u outputs (value 0x%llX) where rc "
                         "%d%s0x%llX is required",
                         rc, (unsigned)n, (unsigned long long)v, want_rc,
                         has_value ? " value " : " and no output; ",
                         (unsigned long long)want);
                evprog_fail(&p, &st, r,
                     st.msg.kind <= RC_P9REG_EV_CAR_WRITE ? "P9-4.2.1-a"
                     : st.msg.kind == RC_P9REG_EV_ERRSTAT_READ
                         ? "P12-5.1.2.2-b10 (Port Unavailable)"
                         : "P9-4.2.2-a/b, I-FCREG-1/2",
                     w);
            }
            if (rc != RC_OK)
                continue;
            switch ((enum rc_p9reg_event)st.msg.kind) {
            case RC_P9REG_EV_CTL_WRITE:
                s->ctl[a[0]] = (uint32_t)want;
                break;
            case RC_P9REG_EV_SET_UNAVAILABLE:
                s->errstat[a[0]] = a[1] ? P9_UNAV : 0u;
                break;
            case RC_P9REG_EV_RESET:
                memset(s->ctl, 0, sizeof s->ctl);
                memset(s->errstat, 0, sizeof s->errstat);
                break;
            case RC_P9REG_EV_CAR_READ:
            case RC_P9REG_EV_CAR_WRITE:
            case RC_P9REG_EV_CTL_READ:
            case RC_P9REG_EV_ERRSTAT_READ:
            case RC_P9REG_EV_ERRSTAT_WRITE:
            case RC_P9REG_EV_END_:
                break;
            }
        }
        check_routes(&p, &st, inst);
    }
    ops->destroy(inst);
    return 0;
}
