/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/p12reg.c - the Part 12 VoQ Backpressure extended features REGISTER
 * BLOCK (machine p12reg) driven by an event program (common/evprog.h: reads
 * and writes at any 32-bit offset, resets) through the DUT ABI
 * (rc_refdut()).
 *
 * From Part 12 5.1 (Tables 5-1 to 5-3) and the configuration it checks after
 * every event:
 *   - read-only bits never change: the block header (EF_PTR, EF_ID 0x000B)
 *     and, in every Port n VoQ CSR, bits 0-2 (generation / reception / per-VC
 *     support) and, rev 3+, bits 12-18 (group sizes supported, sizes 0 and 4
 *     always) hold the configured capability values (P12-5.1.2.1-a,
 *     P12-5.1.2.2-b0/b1/b2/b12)
 *   - reserved bits read 0: rev 3+ bits 3-7 and 19-25 (and bit 11 on a port
 *     without per-VC support), rev 2 bits 3-7 and 12-31
 *                                        (P12-5.1.2.2-rsv, -b11, I-VOQREG-6)
 *   - every offset gives a defined result: unaligned -> RC_ALIGN, past the
 *     map (rev 3+ 0x420, rev 2 0x30C) -> RC_OFFSET, reserved words and the
 *     slots of absent ports read 0 and ignore writes (or RC_NOENT when so
 *     configured), a port CSR at 0x20 + 4n (rev 2 0xC + 4n)
 *                               (P12-5.1.1-a/b, I-VOQREG-1..4)
 *   - bits 9 and 10 take the written value on every port (P12-5.1.2.2-b9/b10,
 *     I-VOQREG-12); a write reports the value a read then returns; a write to
 *     a word without a register changes no register
 *   - reset restores every port CSR to its Table 5-3 reset value; the csr
 *     query and reads agree
 *   - create accepts exactly the valid configurations.
 * A record is applied at most 8 times (register accesses are idempotent).
 */
#include <string.h>

#include "../harness/refdut/refdut.h"
#include "common/evprog.h"
#include "common/fuzz.h"

#define P12_PORTS 256u
#define P12_CAP 64u
#define P12_CHECK_PORTS 32u

struct state {
    unsigned rev2, ports, unimpl_error;
    uint32_t base, end, header;
    uint32_t ro_mask, rsv_mask;
    uint32_t caps[P12_PORTS]; /* the read-only bits of each port */
    uint32_t csr[P12_PORTS];  /* the last value read / queried */
};

static struct state p12_st;
static struct rc_msg p12_out[P12_CAP];

/* Reserved bits of port q's CSR (I-VOQREG-6: bit 11 without bit 2). */
static FUZZ_ORACLE uint32_t reserved(const struct state *s, unsigned q)
{
    uint32_t r = s->rsv_mask;
    if (!s->rev2 && !(s->caps[q] & 0x20000000u))
        r |= 0x00100000u;
    return r;
}

/* Check one port CSR value; rule names the violated bits. */
static void check_csr(const struct evprog *p, const struct evprog_step *st,
                      uint32_t rep, unsigned q, uint64_t v, const char *how)
{
    const struct state *s = &p12_st;
    char w[400];
    if (v > 0xFFFFFFFFu || (v & s->ro_mask) != s->caps[q]) {
        snprintf(w, sizeof w,
                 "port %u CSR %s 0x%08llX: read-only bits 0x%08X must stay "
                 "0x%08X",
                 q, how, (unsigned long long)v, (unsigned)(v & s->ro_mask),
                 (unsigned)s->caps[q]);
        evprog_fail(p, st, rep, "P12-5.1.2.2-b0/b1/b2/b12", w);
    }
    if (v & reserved(s, q)) {
        snprintf(w, sizeof w,
                 "port %u CSR %s 0x%08llX: reserved bits 0x%08X read 1", q, how,
                 (unsigned long long)v, (unsigned)(v & reserved(s, q)));
        evprog_fail(p, st, rep, "P12-5.1.2.2-rsv", w);
    }
}

/* Offset class: 0 header, 1 port CSR (*q), 2 no register, -RC_ALIGN /
 * -RC_OFFSET as negative result codes. */
static FUZZ_ORACLE int classify(const struct state *s, uint64_t off,
                                unsigned *q)
{
    if (off % 4u)
        return RC_ALIGN;
    if (off >= s->end)
        return RC_OFFSET;
    if (off == 0)
        return 0;
    if (off < s->base)
        return 2;
    uint64_t n = (off - s->base) / 4u;
    if (n >= s->ports)
        return 2;
    *q = (unsigned)n;
    return 1;
}

static void check_all(const struct evprog *p, const struct evprog_step *st,
                      void *inst)
{
    struct state *s = &p12_st;
    const struct rc_machine_ops *ops = &rc_refdut()->machine[RC_M_P12REG];
    for (unsigned q = 0; q < s->ports && q < P12_CHECK_PORTS; q++) {
        struct rc_msg m = {.kind = RC_P12REG_Q_CSR, .nargs = 1, .arg = {q}};
        uint64_t v = 0;
        int rc = ops->query(inst, &m, &v);
        if (rc != RC_OK)
            evprog_fail(p, st, 0, "ABI", "query csr of an existing port failed");
        check_csr(p, st, 0, q, v, "(query)");
        s->csr[q] = (uint32_t)v;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct evprog p;
    struct evprog_step st;
    struct state *s = &p12_st;
    const struct rc_machine_ops *ops = &rc_refdut()->machine[RC_M_P12REG];
    void *inst = NULL;
    char w[1200];

    memset(&st, 0, sizeof st);
    evprog_open(&p, RC_M_P12REG, data, size);
    uint64_t c[15];
    for (uint32_t k = 1; k <= 14u; k++)
        c[k] = evprog_cfg(&p, k);
    int sizes_given = 0;
    for (uint32_t i = 0; i < p.cfg.n; i++)
        sizes_given |= p.cfg.kv[i].key == RC_P12REG_CFG_SIZES;
    uint64_t rev = c[RC_P12REG_CFG_REV], ports = c[RC_P12REG_CFG_PORTS];
    uint64_t nogen = c[RC_P12REG_CFG_NOGEN_PORT],
             norx = c[RC_P12REG_CFG_NORX_PORT];
    uint64_t sizes = rev == 2u && !sizes_given ? 0u : c[RC_P12REG_CFG_SIZES];
    int valid =
        (rev == 2u || rev == 3u) && ports >= 1u &&
        ports <= (rev == 2u ? 192u : 256u) &&
        c[RC_P12REG_CFG_EF_PTR] <= 0xFFFFu && c[RC_P12REG_CFG_GEN] <= 1u &&
        c[RC_P12REG_CFG_RX] <= 1u && c[RC_P12REG_CFG_PERVC] <= 1u &&
        sizes <= 0x7Fu && !(rev == 2u && sizes != 0) &&
        (nogen == RC_NONE || nogen < ports) &&
        (norx == RC_NONE || norx < ports) &&
        c[RC_P12REG_CFG_TX_WHILE_GEN] <= 1u && c[RC_P12REG_CFG_SIZE7] <= 1u &&
        c[RC_P12REG_CFG_UNSUP_SIZE] <= 1u &&
        c[RC_P12REG_CFG_UNSUP_ENABLE] <= 1u &&
        c[RC_P12REG_CFG_UNIMPL_ERROR] <= 1u;
    int rc = evprog_create(&p, rc_refdut(), &inst);
    if ((rc == RC_OK) != valid)
        fuzz_fail("p12reg: create returned %d for a %s configuration (rev "
                  "%llu ports %llu sizes 0x%llX given %d)",
                  rc, valid ? "valid" : "invalid", (unsigned long long)rev,
                  (unsigned long long)ports, (unsigned long long)sizes,
                  sizes_given);
    if (rc != RC_OK)
        return 0;
    memset(s, 0, sizeof *s);
    s->rev2 = rev == 2u;
    s->ports = (unsigned)ports;
    s->unimpl_error = (unsigned)c[RC_P12REG_CFG_UNIMPL_ERROR];
    s->base = s->rev2 ? 0x0Cu : 0x20u;
    s->end = s->rev2 ? 0x30Cu : 0x420u;
    s->header = ((uint32_t)c[RC_P12REG_CFG_EF_PTR] << 16) | 0x000Bu;
    s->ro_mask = s->rev2 ? 0xE0000000u : 0xE00FE000u;
    s->rsv_mask = s->rev2 ? 0x1F0FFFFFu : 0x1F001FC0u;
    for (unsigned q = 0; q < s->ports; q++) {
        uint32_t v = 0;
        if (c[RC_P12REG_CFG_GEN] && q != nogen)
            v |= 0x80000000u;
        if (c[RC_P12REG_CFG_RX] && q != norx)
            v |= 0x40000000u;
        if (c[RC_P12REG_CFG_PERVC])
            v |= 0x20000000u;
        if (!s->rev2)
            for (unsigned k = 0; k < 7u; k++)
                if (((sizes | 0x11u) >> k) & 1u)
                    v |= 0x00080000u >> k;
        s->caps[q] = v;
    }
    check_all(&p, &st, inst);
    for (unsigned q = 0; q < s->ports && q < P12_CHECK_PORTS; q++)
        if (s->csr[q] != s->caps[q])
            fuzz_fail("p12reg P12-5.1.2.2: port %u CSR 0x%08X after create, "
                      "Table 5-3 reset value 0x%08X",
                      q, (unsigned)s->csr[q], (unsigned)s->caps[q]);

    while (evprog_next(&p, &st)) {
        const uint64_t *a = st.msg.arg;
        if (st.query) {
            uint64_t v = 0;
            rc = ops->query(inst, &st.msg, &v);
            if ((rc == RC_OK) != (a[0] < s->ports))
                evprog_fail(&p, &st, 0, "ABI", "csr query of a port: result");
            if (rc == RC_OK)
                check_csr(&p, &st, 0, (unsigned)a[0], v, "(query)");
            continue;
        }
        for (uint32_t r = 0; r < st.repeat && r < 8u; r++) {
            uint32_t n = 0;
            unsigned q = 0;
            int cls = st.msg.kind == RC_P12REG_EV_RESET ? 3
                      : a[0] > 0xFFFFFFFFu              ? RC_RANGE
                                                        : classify(s, a[0], &q);
            int want = cls < 0                       ? cls
                       : cls == 2 && s->unimpl_error ? RC_NOENT
                                                     : RC_OK;
            if (st.msg.kind == RC_P12REG_EV_WRITE && a[1] > 0xFFFFFFFFu)
                want = RC_RANGE;
            rc = ops->step(inst, &st.msg, p12_out, P12_CAP, &n);
            if (rc != want || (rc != RC_OK && n != 0)) {
                snprintf(w, sizeof w,
                         "result %d with %u outputs where %d is required "
                         "(offset class %d)",
                         rc, (unsigned)n, want, cls);
                evprog_fail(&p, &st, r, "P12-5.1.1-a/b, I-VOQREG-2/3/4", w);
            }
            if (rc != RC_OK)
                continue;
            switch ((enum rc_p12reg_event)st.msg.kind) {
            case RC_P12REG_EV_READ: {
                uint64_t v = n == 1u && p12_out[0].kind == RC_P12REG_OUT_VALUE
                                 ? p12_out[0].arg[0]
                                 : UINT64_MAX;
                if (cls == 1) {
                    check_csr(&p, &st, r, q, v, "read");
                } else if (v != (cls == 0 ? s->header : 0u)) {
                    snprintf(w, sizeof w,
                             "read 0x%llX (%u outputs) where "
                             "0x%08X is required",
                             (unsigned long long)v, (unsigned)n,
                             cls == 0 ? (unsigned)s->header : 0u);
                    evprog_fail(&p, &st, r,
                         cls == 0 ? "P12-5.1.2.1-a/P12-5.1-a"
                                  : "P12-5.1.1-a/b, I-VOQREG-2",
                         w);
                }
                break;
            }
            case RC_P12REG_EV_WRITE: {
                uint64_t after = UINT64_MAX;
                for (unsigned i = 0; i < n; i++)
                    if (p12_out[i].kind == RC_P12REG_OUT_WROTE)
                        after = p12_out[i].arg[0];
                if (cls == 1) {
                    struct rc_msg m = {
                        .kind = RC_P12REG_Q_CSR, .nargs = 1, .arg = {q}};
                    uint64_t v = 0;
                    (void)ops->query(inst, &m, &v);
                    check_csr(&p, &st, r, q, v, "after the write");
                    if ((v & 0x00600000u) != (a[1] & 0x00600000u) ||
                        (after != UINT64_MAX && after != v)) {
                        snprintf(w, sizeof w,
                                 "port %u: wrote 0x%08llX, reads 0x%08llX, "
                                 "reported after 0x%llX: bits 9, 10 are "
                                 "read/write on every port",
                                 q, (unsigned long long)a[1],
                                 (unsigned long long)v,
                                 (unsigned long long)after);
                        evprog_fail(&p, &st, r, "P12-5.1.2.2-b9/b10", w);
                    }
                    s->csr[q] = (uint32_t)v;
                } else if (after != UINT64_MAX &&
                           after != (cls == 0 ? s->header : 0u)) {
                    snprintf(w, sizeof w, "write reported after 0x%llX",
                             (unsigned long long)after);
                    evprog_fail(&p, &st, r, "P12-5.1.2.1-a", w);
                }
                break;
            }
            case RC_P12REG_EV_RESET:
            case RC_P12REG_EV_END_:
                break;
            }
        }
        /* nothing else moved: writes change only their own register */
        uint32_t before[P12_CHECK_PORTS];
        memcpy(before, s->csr, sizeof before);
        check_all(&p, &st, inst);
        for (unsigned q = 0; q < s->ports && q < P12_CHECK_PORTS; q++) {
            unsigned wq = 0;
            int own = st.msg.kind == RC_P12REG_EV_WRITE &&
                      classify(s, a[0], &wq) == 1 && wq == q;
            uint32_t want =
                st.msg.kind == RC_P12REG_EV_RESET ? s->caps[q] : before[q];
            if (!own && s->csr[q] != want) {
                snprintf(w, sizeof w,
                         "port %u CSR went from 0x%08X to 0x%08X (required "
                         "0x%08X)",
                         q, (unsigned)before[q], (unsigned)s->csr[q],
                         (unsigned)want);
                evprog_fail(&p, &st, 0,
                     st.msg.kind == RC_P12REG_EV_RESET ? "P12-5.1.2.2 (reset)"
                                                       : "P12-5.1.1-a/b",
                     w);
            }
        }
    }
    ops->destroy(inst);
    return 0;
}
