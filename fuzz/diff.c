/*
 * fuzz/diff.c - DIFFERENTIAL fuzzing: one event program (common/evprog.h)
 * drives the reference (rc_refdut()) and a vendor DUT side by side through
 * the riocheck vendor ABI, and any observable difference is a finding.
 *
 * Input: byte 0 picks the machine (byte % 9: codec, p12reg, p9reg, gen, rx,
 * ep, sw, arbtx, arbrx), the rest is an event program for it.
 *
 * The vendor DUT is the shared library named by the environment variable
 * RIOCHECK_FUZZ_DUT, loaded once (dlopen, its riocheck_dut_v1 entry, ABI
 * version checked) before the first input. Without the variable the "vendor"
 * is the reference itself: the target then checks that the reference is
 * deterministic and that its instances share nothing (two instances fed the
 * same program must never differ). The loaded library is the only state kept
 * between inputs, and it is not derived from any input.
 *
 * Compared, for every event (every repetition) and every query:
 *   - create: the result (a vendor answering RC_NOTSUP, or lacking the
 *     machine, makes the input not applicable: nothing is compared);
 *   - step: the result code, and the RC_WIRE outputs exactly - same number,
 *     same kinds, same arguments, same order (RC_NOTE outputs are optional
 *     observations and are not compared, as in the conformance vectors);
 *   - queries: the program's own query records, plus after every event a
 *     fixed per-machine set of queries that make hidden state visible (the
 *     counters and enabled flows of the destination a CCP named, the
 *     congestion of the first ports, the port CSRs, the pool, ...): result
 *     code and value.
 * Work is bounded by the event program's budget (common/evprog.h) and by
 * DIFF_OUTPUT_BUDGET: an input ends once that many outputs have been
 * compared, a step that ends RC_FULL counting as DIFF_CAP (it scanned that
 * much); the state it ends in is queried as after a record's last event.
 *
 * A difference calls fuzz_fail() with the machine, the record (number, byte
 * offset, decoded event), the repetition, both sides and the rule ids the
 * differing output or query is evidence for (table below). See
 * fuzz/DIFFERENTIAL.md for the example vendors and the time each takes to be
 * found (fuzz/tools/diff-findtime.sh).
 */
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include "../harness/core/registry.h"
#include "../harness/refdut/refdut.h"
#include "common/evprog.h"
#include "common/fuzz.h"

#define DIFF_CAP 8192u
#define DIFF_QUERIES 160u
/* A generator tick can refresh thousands of groups (up to DIFF_CAP symbols a
 * step), and the fuzzer chained repeated ticks into a 5-minute input. */
#define DIFF_OUTPUT_BUDGET 65536u

/* ---- rule ids: what a difference in an output / query / result is evidence
 * against (catalogue ids, suites/catalogue.tsv) ------------------------------
 */
struct rule {
    uint32_t machine;
    char cls; /* 'e' event result, 'o' output, 'q' query */
    uint32_t kind;
    const char *ids;
};

static const struct rule rules[] = {
    {RC_M_CODEC, 'e', RC_CODEC_EV_STYPE2_DECODE, "P12-3.1-b/c/e/f P12-2.1-b/c"},
    {RC_M_CODEC, 'e', RC_CODEC_EV_STYPE2_ENCODE, "P12-3.1-b/c/f P12-2.1-b/c"},
    {RC_M_CODEC, 'e', RC_CODEC_EV_CS64_DECODE, "P12-3.2-a/b/e P12-2.1-b"},
    {RC_M_CODEC, 'e', RC_CODEC_EV_CS64_ENCODE, "P12-3.2-a/b/e P12-2.1-b"},
    {RC_M_CODEC, 'e', RC_CODEC_EV_CS48_UNPACK, "P12-3.1-a (Part 6 CS48)"},
    {RC_M_CODEC, 'e', RC_CODEC_EV_CS48_PACK, "P12-3.1-a (Part 6 CS48)"},
    {RC_M_CODEC, 'e', RC_CODEC_EV_CS64_UNPACK, "P12-3.2-a (Part 6 CS64)"},
    {RC_M_CODEC, 'e', RC_CODEC_EV_CS64_PACK, "P12-3.2-a (Part 6 CS64)"},
    {RC_M_CODEC, 'e', RC_CODEC_EV_CCP_UNPACK, "P9-3.2-a/c/d P9-3.4-b"},
    {RC_M_CODEC, 'e', RC_CODEC_EV_CCP_PACK, "P9-3.2-a/c P9-3.4-b P9-2.4.2-a"},
    {RC_M_CODEC, 'e', RC_CODEC_EV_FAM_DECODE, "P9-3.3-a"},
    {RC_M_CODEC, 'e', RC_CODEC_EV_FLOW_DECODE, "P9-3.2-d"},
    {RC_M_P12REG, 'o', RC_P12REG_OUT_VALUE,
     "P12-5.1.1-a/b P12-5.1.2.1-a P12-5.1.2.2-b0..b29 P12-5.1.2.2-rsv"},
    {RC_M_P12REG, 'q', RC_P12REG_Q_CSR,
     "P12-5.1.2.2-b0/b1/b2/b8..b11/b12/b26/b29 P12-5.1.2.2-rsv"},
    {RC_M_P12REG, 'e', 0, "P12-5.1.1-a/b (I-VOQREG-2/3/4)"},
    {RC_M_P9REG, 'o', RC_P9REG_OUT_VALUE, "P9-4.2.1-a P9-4.2.2-a/b"},
    {RC_M_P9REG, 'q', RC_P9REG_Q_MAY_ROUTE_FC, "P9-4.2.2-a"},
    {RC_M_P9REG, 'q', RC_P9REG_Q_MAY_ROUTE_ARB, "P9-4.2.2-b"},
    {RC_M_P9REG, 'q', RC_P9REG_Q_PORT_XOFF_EXPECTED, "P12-5.1.2.2-b10"},
    {RC_M_GEN, 'o', RC_GEN_OUT_SYMBOL,
     "P12-4.2-a/e P12-T5-4-00/01/10/11 P12-3.3-g P12-3.2-d"},
    {RC_M_GEN, 'q', RC_GEN_Q_REPORTED, "P12-T5-4-00/01/10/11 P12-5.1.2.2-x2"},
    {RC_M_GEN, 'q', RC_GEN_Q_LAST_SENT, "P12-4.2-a/e"},
    {RC_M_RX, 'o', RC_RX_OUT_COMMITTED, "P12-4.3-b/c/e P12-2.3-a"},
    {RC_M_RX, 'q', RC_RX_Q_CONGESTED,
     "P12-3.3-a/b/c/e/f/h P12-3.2-c P12-2.1-a/b P12-4.3-b"},
    {RC_M_RX, 'q', RC_RX_Q_ELIGIBLE, "P12-2.3-a P12-4.3-e"},
    {RC_M_RX, 'q', RC_RX_Q_DEPTH, "P12-4.3-a/b"},
    {RC_M_EP, 'q', RC_EP_Q_COUNTER,
     "P9-2.4.2.3-b/c/d P9-3.2-e P9-2.4.5-1/2 P9-A.2-a"},
    {RC_M_EP, 'q', RC_EP_Q_ENABLED, "P9-2.4.5-1/2 P9-3.2-e P9-2.4.3-d"},
    {RC_M_SW, 'o', RC_SW_OUT_CCP,
     "P9-3.2-b P9-2.4.2-a P9-2.4.3-a/b P9-3.4-a P9-2.4.6-1/3 P9-4.2.2-a/b"},
    {RC_M_SW, 'q', RC_SW_Q_LISTED, "P9-2.4.2.2-a/b"},
    {RC_M_SW, 'q', RC_SW_Q_LIST_LEN, "P9-2.4.2.2-a/b"},
    {RC_M_ARBTX, 'o', RC_ARBTX_OUT_MSG, "P9-2.4.7-3/4/7/8/11/12 P9-3.3-c"},
    {RC_M_ARBTX, 'o', RC_ARBTX_OUT_DATA, "P9-2.4.7-1/6 P9-2.2.2-x2"},
    {RC_M_ARBTX, 'q', RC_ARBTX_Q_NEXT_SEQ, "P9-2.4.7-4"},
    {RC_M_ARBTX, 'q', RC_ARBTX_Q_OUTSTANDING, "P9-2.4.7-11"},
    {RC_M_ARBTX, 'q', RC_ARBTX_Q_MAY_SEND, "P9-2.4.7-1"},
    {RC_M_ARBTX, 'q', RC_ARBTX_Q_QUEUED, "P9-2.4.7-6"},
    {RC_M_ARBRX, 'o', RC_ARBRX_OUT_MSG, "P9-2.4.7-2/8/10 P9-2.4.8-b"},
    {RC_M_ARBRX, 'q', RC_ARBRX_Q_FREE, "P9-2.4.7-10 P9-2.2.1-a/b P9-2.4.8-a/b"},
    {RC_M_ARBRX, 'q', RC_ARBRX_Q_ALLOCATED, "P9-2.4.7-10 P9-2.2.1-a/b"},
    {RC_M_ARBRX, 'q', RC_ARBRX_Q_HELD, "P9-2.2.2-a P9-2.4.7-2"},
};

static const char *rule_for(uint32_t machine, char cls, uint32_t kind)
{
    const char *any = NULL;
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
        if (rules[i].machine == machine && rules[i].cls == cls) {
            if (rules[i].kind == kind)
                return rules[i].ids;
            if (rules[i].kind == 0)
                any = rules[i].ids;
        }
    return any != NULL ? any : "ABI (see the machine's rules)";
}

/* ---- the vendor ------------------------------------------------------------
 */

static const struct rc_dut *diff_vendor;

static const struct rc_dut *load_vendor(void)
{
    if (diff_vendor != NULL)
        return diff_vendor;
    const char *path = getenv("RIOCHECK_FUZZ_DUT");
    if (path == NULL || path[0] == '\0') {
        diff_vendor = rc_refdut();
        return diff_vendor;
    }
    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL) {
        fprintf(stderr, "diff: cannot load RIOCHECK_FUZZ_DUT=%s: %s\n", path,
                dlerror());
        exit(2);
    }
    void *sym = dlsym(lib, RC_DUT_ENTRY);
    rc_dut_entry_fn entry;
    if (sym == NULL) {
        fprintf(stderr, "diff: %s exports no %s\n", path, RC_DUT_ENTRY);
        exit(2);
    }
    memcpy(&entry, &sym, sizeof entry); /* object to function pointer */
    const struct rc_dut *d = entry();
    if (d == NULL || d->abi_version != RC_DUT_ABI_VERSION) {
        fprintf(stderr, "diff: %s: not a riocheck DUT of ABI version %u\n",
                path, (unsigned)RC_DUT_ABI_VERSION);
        exit(2);
    }
    fprintf(stderr, "diff: vendor DUT %s (%s)\n", d->name ? d->name : "?",
            path);
    diff_vendor = d;
    return d;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    (void)load_vendor();
    return 0;
}

/* ---- one side
 * ---------------------------------------------------------------- */

struct side {
    const struct rc_machine_ops *ops;
    void *inst;
    struct rc_msg *out;
    uint32_t n;
    int rc;
};

static struct rc_msg diff_out_ref[DIFF_CAP], diff_out_dut[DIFF_CAP];

struct ctx {
    struct evprog p;
    struct evprog_step st;
    uint32_t rep;
    struct side ref, dut;
    uint64_t last_dest; /* ep: the destination of the last CCP */
    unsigned nkeys;     /* sw: flows seen in CCPs */
    uint64_t keys[8][3];
};

static FUZZ_NORETURN void differ(const struct ctx *c, const char *what,
                                 const char *ref, const char *dut,
                                 const char *rule)
{
    char e[700];
    if (c->st.kind != NULL)
        evprog_format(e, sizeof e, &c->p, &c->st);
    else
        snprintf(e, sizeof e, "create");
    fuzz_fail("diff %s: %s differs; %s, repetition %u; reference: %s; "
              "vendor: %s; rule %s",
              evprog_machine_name(c->p.machine), what, e, (unsigned)c->rep, ref,
              dut, rule);
}

static int is_wire(const struct evprog *p, uint32_t kind)
{
    for (size_t i = 0; i < p->desc->noutputs; i++)
        if (p->desc->outputs[i].kind == kind)
            return (p->desc->outputs[i].flags & RC_WIRE) != 0;
    return 1; /* an unknown kind is compared (and will differ) */
}

/* The wire outputs of both sides, in order, must be identical. */
static void compare_outputs(const struct ctx *c)
{
    uint32_t i = 0, j = 0;
    char a[600], b[600], w[64];
    for (;;) {
        while (i < c->ref.n && !is_wire(&c->p, c->ref.out[i].kind))
            i++;
        while (j < c->dut.n && !is_wire(&c->p, c->dut.out[j].kind))
            j++;
        if (i == c->ref.n && j == c->dut.n)
            return;
        const struct rc_msg *x = i < c->ref.n ? &c->ref.out[i] : NULL;
        const struct rc_msg *y = j < c->dut.n ? &c->dut.out[j] : NULL;
        if (x == NULL || y == NULL || x->kind != y->kind ||
            x->nargs != y->nargs ||
            memcmp(x->arg, y->arg, x->nargs * sizeof x->arg[0]) != 0) {
            if (x != NULL)
                evprog_format_msg(a, sizeof a, &c->p, 1, x);
            else
                snprintf(a, sizeof a, "no further wire output");
            if (y != NULL)
                evprog_format_msg(b, sizeof b, &c->p, 1, y);
            else
                snprintf(b, sizeof b, "no further wire output");
            snprintf(w, sizeof w, "wire output %u", (unsigned)i);
            differ(c, w, a, b,
                   rule_for(c->p.machine, 'o', x != NULL ? x->kind : y->kind));
        }
        i++;
        j++;
    }
}

static void compare_query(const struct ctx *c, const struct rc_msg *q)
{
    uint64_t v1 = 0, v2 = 0;
    int r1 = c->ref.ops->query(c->ref.inst, q, &v1);
    int r2 = c->dut.ops->query(c->dut.inst, q, &v2);
    if (r2 == RC_NOTSUP && r1 != RC_NOTSUP)
        return; /* the vendor does not offer this query: not applicable */
    if (r1 != r2 || (r1 == RC_OK && v1 != v2)) {
        char m[400], a[64], b[64];
        evprog_format_msg(m, sizeof m, &c->p, 0, q);
        snprintf(a, sizeof a, "rc %d value %llu", r1, (unsigned long long)v1);
        snprintf(b, sizeof b, "rc %d value %llu", r2, (unsigned long long)v2);
        char what[460];
        snprintf(what, sizeof what, "query %s", m);
        differ(c, what, a, b, rule_for(c->p.machine, 'q', q->kind));
    }
}

static void q1(const struct ctx *c, uint32_t kind, uint32_t nargs, uint64_t a0,
               uint64_t a1, uint64_t a2)
{
    struct rc_msg q = {.kind = kind, .nargs = nargs, .arg = {a0, a1, a2}};
    compare_query(c, &q);
}

static const uint8_t diff_flow_ids[14] = {0x00, 0x01, 0x02, 0x03, 0x04,
                                          0x05, 0x41, 0x42, 0x43, 0x44,
                                          0x45, 0x46, 0x47, 0x48};

/* The per-machine queries after an event. */
static void auto_queries(struct ctx *c)
{
    const struct evprog *p = &c->p;
    const uint64_t *a = c->st.msg.arg;
    uint32_t ev = c->st.msg.kind;
    switch ((enum rc_machine)p->machine) {
    case RC_M_CODEC:
    case RC_MACHINE_COUNT:
        break;
    case RC_M_P12REG: {
        uint64_t ports = evprog_cfg(p, RC_P12REG_CFG_PORTS);
        for (uint64_t q = 0; q < ports && q < 8u; q++)
            q1(c, RC_P12REG_Q_CSR, 1, q, 0, 0);
        if (ev == RC_P12REG_EV_WRITE) {
            uint64_t base =
                evprog_cfg(p, RC_P12REG_CFG_REV) == 2u ? 0x0Cu : 0x20u;
            if (a[0] >= base && a[0] % 4u == 0 && (a[0] - base) / 4u < ports)
                q1(c, RC_P12REG_Q_CSR, 1, (a[0] - base) / 4u, 0, 0);
        }
        break;
    }
    case RC_M_P9REG:
        for (uint64_t q = 0; q < 8u; q++) {
            q1(c, RC_P9REG_Q_MAY_ROUTE_FC, 1, q, 0, 0);
            q1(c, RC_P9REG_Q_MAY_ROUTE_ARB, 1, q, 0, 0);
        }
        break;
    case RC_M_GEN: {
        uint64_t port = ev == RC_GEN_EV_TICK ? 0 : a[0];
        for (uint64_t vc = 0; vc <= 9u; vc++)
            q1(c, RC_GEN_Q_REPORTED, 2, port, vc == 9u ? RC_VC_ALL : vc, 0);
        for (uint64_t tx = 0; tx < 4u; tx++)
            for (uint64_t g = 0; g < 2u; g++)
                for (uint64_t vc = 0; vc < 2u; vc++)
                    q1(c, RC_GEN_Q_LAST_SENT, 3, tx, g, vc);
        break;
    }
    case RC_M_RX:
        for (uint64_t q = 0; q < 8u; q++) {
            for (uint64_t vc = 0; vc < 9u; vc++)
                q1(c, RC_RX_Q_CONGESTED, 2, q, vc, 0);
            q1(c, RC_RX_Q_ELIGIBLE, 2, q, 0, 0);
            q1(c, RC_RX_Q_DEPTH, 2, q, RC_VC_ALL, 0);
        }
        break;
    case RC_M_EP:
        if (ev == RC_EP_EV_CCP)
            c->last_dest = a[3];
        else if (ev == RC_EP_EV_SETUP)
            c->last_dest = a[0];
        for (unsigned f = 0; f < 14u; f++) {
            q1(c, RC_EP_Q_COUNTER, 2, c->last_dest, diff_flow_ids[f], 0);
            q1(c, RC_EP_Q_ENABLED, 2, c->last_dest, diff_flow_ids[f], 0);
        }
        break;
    case RC_M_SW:
        for (uint32_t i = 0; i < c->ref.n; i++)
            if (c->ref.out[i].kind == RC_SW_OUT_CCP && c->nkeys < 8u) {
                c->keys[c->nkeys][0] = c->ref.out[i].arg[4];
                c->keys[c->nkeys][1] = c->ref.out[i].arg[5];
                c->keys[c->nkeys][2] = c->ref.out[i].arg[3];
                c->nkeys++;
            }
        q1(c, RC_SW_Q_LIST_LEN, 0, 0, 0, 0);
        for (unsigned k = 0; k < c->nkeys; k++)
            q1(c, RC_SW_Q_LISTED, 3, c->keys[k][0], c->keys[k][1],
               c->keys[k][2]);
        break;
    case RC_M_ARBTX:
        for (uint64_t f = 0; f < 4u; f++) {
            q1(c, RC_ARBTX_Q_MAY_SEND, 1, f, 0, 0);
            q1(c, RC_ARBTX_Q_OUTSTANDING, 1, f, 0, 0);
            q1(c, RC_ARBTX_Q_NEXT_SEQ, 1, f, 0, 0);
            q1(c, RC_ARBTX_Q_QUEUED, 1, f, 0, 0);
        }
        break;
    case RC_M_ARBRX:
        q1(c, RC_ARBRX_Q_FREE, 0, 0, 0, 0);
        for (uint64_t f = 0; f < 4u; f++) {
            q1(c, RC_ARBRX_Q_ALLOCATED, 1, f, 0, 0);
            q1(c, RC_ARBRX_Q_HELD, 1, f, 0, 0);
        }
        break;
    }
}

static void run(struct ctx *c, const struct rc_dut *vendor)
{
    int r1 = evprog_create(&c->p, rc_refdut(), &c->ref.inst);
    int r2 = evprog_create(&c->p, vendor, &c->dut.inst);
    if (r2 == RC_NOTSUP || r1 != r2) {
        if (r2 != RC_NOTSUP && r1 != r2) {
            char a[32], b[32];
            snprintf(a, sizeof a, "create %d", r1);
            snprintf(b, sizeof b, "create %d", r2);
            differ(c, "the configuration", a, b, "ABI create");
        }
        return;
    }
    if (r1 != RC_OK)
        return;
    c->ref.ops = &rc_refdut()->machine[c->p.machine];
    c->dut.ops = &vendor->machine[c->p.machine];
    c->ref.out = diff_out_ref;
    c->dut.out = diff_out_dut;
    uint32_t work = 0; /* outputs compared: at most DIFF_OUTPUT_BUDGET */
    while (work < DIFF_OUTPUT_BUDGET && evprog_next(&c->p, &c->st)) {
        if (c->st.query) {
            c->rep = 0;
            compare_query(c, &c->st.msg);
            continue;
        }
        for (c->rep = 0; c->rep < c->st.repeat && work < DIFF_OUTPUT_BUDGET;
             c->rep++) {
            c->ref.n = c->dut.n = 0;
            c->ref.rc = c->ref.ops->step(c->ref.inst, &c->st.msg, c->ref.out,
                                         DIFF_CAP, &c->ref.n);
            c->dut.rc = c->dut.ops->step(c->dut.inst, &c->st.msg, c->dut.out,
                                         DIFF_CAP, &c->dut.n);
            if (c->dut.rc == RC_NOTSUP && c->ref.rc != RC_NOTSUP)
                return; /* the vendor does not implement this event */
            if (c->ref.rc != c->dut.rc) {
                char a[32], b[32];
                snprintf(a, sizeof a, "result %d", c->ref.rc);
                snprintf(b, sizeof b, "result %d", c->dut.rc);
                differ(c, "the step result", a, b,
                       rule_for(c->p.machine, 'e', c->st.msg.kind));
            }
            if (c->ref.n > DIFF_CAP || c->dut.n > DIFF_CAP)
                differ(c, "the output count", "<= cap", "> cap", "ABI");
            compare_outputs(c);
            work += c->ref.n > c->dut.n ? c->ref.n : c->dut.n;
            if (c->ref.rc == RC_FULL || c->dut.rc == RC_FULL)
                work += DIFF_CAP;
            if (c->rep < 64u || (c->rep + 1u) % 64u == 0 ||
                c->rep + 1u == c->st.repeat || work >= DIFF_OUTPUT_BUDGET)
                auto_queries(c);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct ctx c;
    const struct rc_dut *vendor = load_vendor();
    if (size == 0)
        return 0;
    memset(&c, 0, sizeof c);
    evprog_open(&c.p, data[0] % RC_MACHINE_COUNT, data + 1, size - 1);
    run(&c, vendor);
    if (c.ref.inst != NULL)
        rc_refdut()->machine[c.p.machine].destroy(c.ref.inst);
    if (c.dut.inst != NULL && vendor->machine[c.p.machine].destroy != NULL)
        vendor->machine[c.p.machine].destroy(c.dut.inst);
    return 0;
}
