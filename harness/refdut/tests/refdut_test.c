/* SPDX-License-Identifier: Apache-2.0 */
/*
 * refdut_test.c - the reference DUT through the riocheck vendor ABI only
 * (riocheck/dut.h): per machine a smoke test on the spec's known answers and
 * rules, the error paths, and a fixed-seed random loop feeding every event
 * and query kind with arbitrary arguments.
 *
 * Expected values come from the spec (shared spec README known answers and
 * bit numbering, Part 12 Tables 3-1/3-3/5-3/5-4, Part 9 Tables 2-1/3-1/3-2)
 * and the reference headers' documented interpretations; symbolic numbers
 * (reasons, cmds) are looked up by name in the ABI's RC_SYMBOLS table.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../reference/tests/check.h"
#include "../refdut.h"
#include "riocheck/dut.h"

/* ---- the ABI tables, as data ------------------------------------------- */

struct tk {
    uint32_t kind;
    const char *name;
    const char *const *arg; /* arg[0] NULL: no arguments */
    uint32_t slots;
};

#define T_NAMES_(...) (const char *const[]){__VA_ARGS__}
#define T_KIND_(n, v, s, f, ...)                                               \
    {(v), s, T_NAMES_(__VA_ARGS__),                                            \
     (uint32_t)(sizeof(T_NAMES_(__VA_ARGS__)) / sizeof(const char *))},
struct tkey {
    uint32_t key;
    const char *name;
    uint64_t def;
};
#define T_KEY_(n, v, s, d) {(v), s, (uint64_t)(d)},

#define T_MACHINE_(M)                                                          \
    static const struct tk M##_ev[] = {RC_##M##_EVENTS(T_KIND_)};              \
    static const struct tk M##_out[] = {RC_##M##_OUTPUTS(T_KIND_)};            \
    static const struct tk M##_q[] = {RC_##M##_QUERIES(T_KIND_)};              \
    static const struct tkey M##_cfg[] = {RC_##M##_CONFIG(T_KEY_)};

T_MACHINE_(CODEC)
T_MACHINE_(P12REG)
T_MACHINE_(P9REG)
T_MACHINE_(GEN)
T_MACHINE_(RX)
T_MACHINE_(EP)
T_MACHINE_(SW)
T_MACHINE_(ARBTX)
T_MACHINE_(ARBRX)

#define N_(a) (sizeof(a) / sizeof((a)[0]))

struct mtab {
    const char *name;
    const struct tk *ev, *out, *q;
    size_t nev, nout, nq;
    const struct tkey *cfg;
    size_t ncfg;
};

#define T_MTAB_(M, s)                                                          \
    {s, M##_ev, M##_out, M##_q, N_(M##_ev), N_(M##_out), N_(M##_q), M##_cfg,   \
     N_(M##_cfg)}
static const struct mtab mtabs[RC_MACHINE_COUNT] = {
    [RC_M_CODEC] = T_MTAB_(CODEC, "codec"),
    [RC_M_P12REG] = T_MTAB_(P12REG, "p12reg"),
    [RC_M_P9REG] = T_MTAB_(P9REG, "p9reg"),
    [RC_M_GEN] = T_MTAB_(GEN, "gen"),
    [RC_M_RX] = T_MTAB_(RX, "rx"),
    [RC_M_EP] = T_MTAB_(EP, "ep"),
    [RC_M_SW] = T_MTAB_(SW, "sw"),
    [RC_M_ARBTX] = T_MTAB_(ARBTX, "arbtx"),
    [RC_M_ARBRX] = T_MTAB_(ARBRX, "arbrx"),
};

static uint32_t tk_nargs(const struct tk *k)
{
    return k->arg[0] == NULL ? 0u : k->slots;
}

static const struct tk *tk_find(const struct tk *t, size_t n, uint32_t kind)
{
    for (size_t i = 0; i < n; i++)
        if (t[i].kind == kind)
            return &t[i];
    return NULL;
}

struct tsym {
    const char *arg, *name;
    uint64_t value;
};
#define T_SYM_(scope, a, s, v) {a, s, (uint64_t)(v)},
static const struct tsym syms[] = {RC_SYMBOLS(T_SYM_)};

/* The number of a symbolic value (RC_SYMBOLS); aborts if it is not there. */
static uint64_t sym(const char *arg, const char *name)
{
    for (size_t i = 0; i < N_(syms); i++)
        if (strcmp(syms[i].arg, arg) == 0 && strcmp(syms[i].name, name) == 0)
            return syms[i].value;
    fprintf(stderr, "no symbol %s=%s\n", arg, name);
    abort();
}

static const int results[] = {
#define T_RES_(n, v, s) v,
    RC_RESULTS(T_RES_)
#undef T_RES_
};

static int known_result(int rc)
{
    for (size_t i = 0; i < N_(results); i++)
        if (results[i] == rc)
            return 1;
    return 0;
}

/* ---- driving a machine -------------------------------------------------- */

#define OUTCAP 1024u
static const struct rc_dut *dut;
static struct rc_msg out[OUTCAP];
static uint32_t nout;

/* Instances of the running test, destroyed after it (also when it fails). */
static struct {
    unsigned m;
    void *p;
} live[64];
static unsigned nlive;

static void release_all(void)
{
    for (unsigned i = 0; i < nlive; i++)
        dut->machine[live[i].m].destroy(live[i].p);
    nlive = 0;
}

#define T(fn)                                                                  \
    do {                                                                       \
        RUN(fn);                                                               \
        release_all();                                                         \
    } while (0)

static struct rc_config cfg_(const uint64_t *kv, size_t n)
{
    struct rc_config c;
    memset(&c, 0, sizeof c);
    c.n = (uint32_t)(n / 2u);
    for (size_t i = 0; i < c.n; i++) {
        c.kv[i].key = (uint32_t)kv[2u * i];
        c.kv[i].value = kv[2u * i + 1u];
    }
    return c;
}
#define CFG(...)                                                               \
    cfg_((const uint64_t[]){__VA_ARGS__},                                      \
         sizeof((const uint64_t[]){__VA_ARGS__}) / sizeof(uint64_t))
static const struct rc_config cfg_none = {0, {{0, 0}}};

/* create; on RC_OK the instance is tracked and returned in *p. */
static int make(void **p, unsigned m, struct rc_config c)
{
    *p = NULL;
    int rc = dut->machine[m].create(dut->ctx, p, &c);
    if (rc == RC_OK) {
        if (nlive == N_(live)) {
            fprintf(stderr, "test bug: more than %zu live instances\n",
                    N_(live));
            abort();
        }
        live[nlive].m = m;
        live[nlive].p = *p;
        nlive++;
    }
    return rc;
}

static struct rc_msg msg_(uint32_t kind, const uint64_t *a, size_t n)
{
    struct rc_msg m;
    memset(&m, 0, sizeof m);
    m.kind = kind;
    m.nargs = (uint32_t)n;
    if (n > 0)
        memcpy(m.arg, a, n * sizeof a[0]);
    return m;
}
#define MSG(kind, ...)                                                         \
    msg_((uint32_t)(kind), (const uint64_t[]){__VA_ARGS__},                    \
         sizeof((const uint64_t[]){__VA_ARGS__}) / sizeof(uint64_t))
#define MSG0(kind) msg_((uint32_t)(kind), NULL, 0)

static unsigned cur_m;
static void *cur_p;
static uint32_t cap = RC_MAX_OUTPUTS;

static int step(struct rc_msg ev)
{
    nout = 0xDEADu;
    return dut->machine[cur_m].step(cur_p, &ev, out, cap, &nout);
}

static int query(struct rc_msg q, uint64_t *v)
{
    *v = 0xDEADu;
    return dut->machine[cur_m].query(cur_p, &q, v);
}

/* Select the instance that step()/query() drive. */
static void use(unsigned m, void *p)
{
    cur_m = m;
    cur_p = p;
    cap = RC_MAX_OUTPUTS;
}

/* out[i] is kind k with exactly these arguments. */
#define CHECK_OUT(i, k, ...)                                                   \
    do {                                                                       \
        const uint64_t e_[] = {__VA_ARGS__};                                   \
        CHECK((uint32_t)(i) < nout);                                           \
        CHECK_EQ(out[i].kind, (k));                                            \
        CHECK_EQ(out[i].nargs, N_(e_));                                        \
        for (size_t j_ = 0; j_ < N_(e_); j_++)                                 \
            CHECK_EQ_AT(j_, out[i].arg[j_], e_[j_]);                           \
    } while (0)

/* step() result and output count. */
#define CHECK_STEP(ev, rc, n)                                                  \
    do {                                                                       \
        CHECK_EQ(step(ev), (rc));                                              \
        CHECK_EQ(nout, (n));                                                   \
    } while (0)

#define CHECK_QUERY(q, rc, value)                                              \
    do {                                                                       \
        uint64_t v_;                                                           \
        CHECK_EQ(query((q), &v_), (rc));                                       \
        CHECK_EQ(v_, (value));                                                 \
    } while (0)

#define CREATE(m, c)                                                           \
    do {                                                                       \
        void *p_;                                                              \
        CHECK_EQ(make(&p_, (m), (c)), RC_OK);                                  \
        CHECK(p_ != NULL);                                                     \
        use((m), p_);                                                          \
    } while (0)

/* Number of outputs of kind k in out[0..nout). */
static unsigned count_kind(uint32_t k)
{
    unsigned c = 0;
    for (uint32_t i = 0; i < nout && i < OUTCAP; i++)
        c += out[i].kind == k;
    return c;
}

/* Big-endian bytes of the spec's hex strings, as the ABI's hi / lo. */
static uint64_t be(const char *hex, int word)
{
    uint8_t b[16] = {0};
    size_t n = check_unhex(b, sizeof b, hex);
    uint64_t w = 0;
    for (size_t i = 0; i < 8; i++) {
        size_t k = (size_t)word * 8u + i;
        w = (w << 8) | (k < n ? b[k] : 0u);
    }
    return w;
}
#define BYTES(len, hex) (uint64_t)(len), be(hex, 0), be(hex, 1)

/* ======================================================================== */

static void dut_entry_and_profile_describe_every_machine(void)
{
    CHECK(riocheck_dut_v2() == rc_refdut());
    CHECK_EQ(dut->abi_version, RC_DUT_ABI_VERSION);
    CHECK(dut->name != NULL && dut->version != NULL);
    CHECK_EQ(dut->profile.p12_revs, (1u << 2) | (1u << 3));
    CHECK_EQ(dut->profile.p9_revs, (1u << 2) | (1u << 3));
    for (unsigned m = 0; m < RC_MACHINE_COUNT; m++) {
        CHECK(dut->machine[m].create != NULL);
        CHECK(dut->machine[m].destroy != NULL);
        CHECK(dut->machine[m].step != NULL);
        CHECK(dut->machine[m].query != NULL);
    }
    CHECK(dut->cs64_decode != NULL);
    /* every declared policy is a value of RC_POLICY_VALUES (1 or 2 here) */
    for (size_t i = 0; i < N_(dut->profile.policy); i++)
        CHECK(dut->profile.policy[i] <= 2);
    CHECK_EQ(dut->profile.policy[RC_POL_SW_RESTART_ORDER], 1);
}

/* Every machine: defaults create, and the error paths common to all. */
static void every_machine_rejects_bad_config_and_bad_messages(void)
{
    for (unsigned m = 0; m < RC_MACHINE_COUNT; m++) {
        const struct mtab *t = &mtabs[m];
        void *p;
        uint32_t n = 7;
        uint64_t v = 7;
        CHECK_EQ(dut->machine[m].create(dut->ctx, NULL, &cfg_none), RC_INVAL);
        CHECK_EQ(make(&p, m, CFG(99, 1)), RC_INVAL); /* unknown key */
        CHECK(p == NULL);
        struct rc_config big = cfg_none;
        big.n = RC_MAX_CONFIG + 1u;
        CHECK_EQ(make(&p, m, big), RC_INVAL);
        p = (void *)&n;
        CHECK_EQ(dut->machine[m].create(dut->ctx, &p, NULL), RC_INVAL);
        CHECK(p == NULL);
        /* a key given twice */
        CHECK_EQ(make(&p, m, CFG(t->cfg[0].key, t->cfg[0].def, t->cfg[0].key,
                                 t->cfg[0].def)),
                 RC_INVAL);
        /* every default given explicitly is the same as none given */
        struct rc_config all = cfg_none;
        for (size_t i = 0; i < t->ncfg; i++) {
            all.kv[i].key = t->cfg[i].key;
            all.kv[i].value = t->cfg[i].def;
        }
        all.n = (uint32_t)t->ncfg;
        CHECK_EQ_AT(m, make(&p, m, all), RC_OK);
        CHECK_EQ_AT(m, make(&p, m, cfg_none), RC_OK);
        use(m, p);
        /* unknown kinds, wrong nargs, NULLs, small cap */
        CHECK_STEP(MSG0(0xFFFFu), RC_INVAL, 0);
        CHECK_STEP(MSG0(t->nev + 1u), RC_INVAL, 0);
        struct rc_msg ev = msg_(t->ev[0].kind, NULL, 0);
        ev.nargs = tk_nargs(&t->ev[0]) + 1u;
        CHECK_STEP(ev, RC_INVAL, 0);
        ev.nargs = RC_MAX_ARGS + 1u;
        CHECK_STEP(ev, RC_INVAL, 0);
        ev.nargs = tk_nargs(&t->ev[0]);
        CHECK_EQ(dut->machine[m].step(p, &ev, out, RC_MAX_OUTPUTS - 1u, &n),
                 RC_INVAL);
        CHECK_EQ(n, 0);
        CHECK_EQ(dut->machine[m].step(NULL, &ev, out, OUTCAP, &n), RC_INVAL);
        CHECK_EQ(dut->machine[m].step(p, NULL, out, OUTCAP, &n), RC_INVAL);
        CHECK_EQ(dut->machine[m].step(p, &ev, NULL, OUTCAP, &n), RC_INVAL);
        CHECK_EQ(dut->machine[m].step(p, &ev, out, OUTCAP, NULL), RC_INVAL);
        struct rc_msg q = msg_(0xFFFFu, NULL, 0);
        CHECK_QUERY(q, RC_INVAL, 0);
        q = msg_(t->q[0].kind, NULL, 0);
        q.nargs = tk_nargs(&t->q[0]) + 1u;
        CHECK_QUERY(q, RC_INVAL, 0);
        CHECK_EQ(dut->machine[m].query(NULL, &q, &v), RC_INVAL);
        CHECK_EQ(dut->machine[m].query(p, NULL, &v), RC_INVAL);
        CHECK_EQ(dut->machine[m].query(p, &q, NULL), RC_INVAL);
    }
    dut->machine[RC_M_GEN].destroy(NULL);
    dut->machine[RC_M_CODEC].destroy(NULL);
}

/* ---- codec --------------------------------------------------------------- */

static void codec_cs48_known_answers(void)
{
    CREATE(RC_M_CODEC, cfg_none);
    /* Status, buf_status 63, stype1 NOP, stype2 0 / 0x2001 */
    CHECK_STEP(MSG(RC_CODEC_EV_CS48_PACK, 4, 0, 63, 7, 0, 0), RC_OK, 1);
    CHECK_OUT(0, RC_CODEC_OUT_BYTES, BYTES(6, "807FC0000A35"));
    CHECK_STEP(MSG(RC_CODEC_EV_CS48_PACK, 4, 0, 63, 7, 0, 0x2001), RC_OK, 1);
    CHECK_OUT(0, RC_CODEC_OUT_BYTES, BYTES(6, "807FC4003902"));
    /* fields from the CS48 layout: CRC-13 = bits 35-47 */
    CHECK_STEP(MSG(RC_CODEC_EV_CS48_UNPACK, BYTES(6, "807FC4003902")), RC_OK,
               1);
    CHECK_OUT(0, RC_CODEC_OUT_CS48, 4, 0, 63, 7, 0, 0x2001, 0x1902);
    /* a corrupted CRC: RC_CRC with the fields and the CRC received */
    CHECK_STEP(MSG(RC_CODEC_EV_CS48_UNPACK, BYTES(6, "807FC4003903")), RC_CRC,
               1);
    CHECK_OUT(0, RC_CODEC_OUT_CS48, 4, 0, 63, 7, 0, 0x2001, 0x1903);
    CHECK_STEP(MSG(RC_CODEC_EV_CS48_UNPACK, BYTES(5, "807FC40039")), RC_TRUNC,
               0);
    CHECK_STEP(MSG(RC_CODEC_EV_CS48_UNPACK, BYTES(7, "807FC400390200")),
               RC_LENGTH, 0);
    CHECK_STEP(MSG(RC_CODEC_EV_CS48_PACK, 8, 0, 0, 0, 0, 0), RC_RANGE, 0);
    CHECK_STEP(MSG(RC_CODEC_EV_CS48_PACK, 4, 0, 63, 7, 0, 0x10000), RC_RANGE,
               0);
}

static void codec_cs64_known_answers(void)
{
    CREATE(RC_M_CODEC, cfg_none);
    CHECK_STEP(MSG(RC_CODEC_EV_CS64_PACK, 0xD, 0xF00, 0x010, 0x38), RC_OK, 1);
    CHECK_OUT(0, RC_CODEC_OUT_BYTES, BYTES(8, "DF000100E2BE8698"));
    CHECK_STEP(MSG(RC_CODEC_EV_CS64_PACK, 4, 0, 0xFFF, 0x38), RC_OK, 1);
    CHECK_OUT(0, RC_CODEC_OUT_BYTES, BYTES(8, "4000FFF0E21F8884"));
    CHECK_STEP(MSG(RC_CODEC_EV_CS64_UNPACK, BYTES(8, "DF000100E2BE8698")),
               RC_OK, 1);
    CHECK_OUT(0, RC_CODEC_OUT_CS64, 0xD, 0xF00, 0x010, 0x38, 0xAFA1A6, 0);
    /* VC_IND 0b1111 || 16 status bits || 4 group bits (Figure 3-4) */
    CHECK_STEP(MSG(RC_CODEC_EV_CS64_ENCODE, 0xF, 4, 0, 1), RC_OK, 1);
    CHECK_OUT(0, RC_CODEC_OUT_VALUE, 0xF00010);
    CHECK_STEP(MSG(RC_CODEC_EV_CS64_DECODE, 4, 0xF00010), RC_OK, 1);
    CHECK_OUT(0, RC_CODEC_OUT_VOQ_MSG, sym("kind", "backpressure"), 0xF,
              RC_VC_ALL, 4, 16, 0, 1, 0);
    /* VC_IND 0b1001 is reserved: ignored without error (3.2) */
    CHECK_STEP(MSG(RC_CODEC_EV_CS64_DECODE, 4, 0x900010), RC_OK, 1);
    CHECK_EQ(out[0].arg[0], sym("kind", "reserved_vc_ind"));
    CHECK_STEP(MSG(RC_CODEC_EV_CS64_DECODE, 7, 0), RC_RESERVED, 0);
    CHECK_STEP(MSG(RC_CODEC_EV_CS64_DECODE, 4, 0x1000000), RC_RANGE, 0);
    CHECK_STEP(MSG(RC_CODEC_EV_CS64_DECODE, 0x100000000ull, 0), RC_RANGE, 0);
    /* the sweep fast path decodes alike */
    struct rc_msg m;
    CHECK_EQ(dut->cs64_decode(dut->ctx, 4, 0xF00010, &m), RC_OK);
    CHECK_EQ(m.kind, RC_CODEC_OUT_VOQ_MSG);
    CHECK_EQ(m.nargs, 8);
    CHECK_EQ(m.arg[6], 1);
    CHECK_EQ(dut->cs64_decode(dut->ctx, 7, 0, &m), RC_RESERVED);
    CHECK_EQ(m.nargs, 0);
    CHECK_EQ(dut->cs64_decode(dut->ctx, 4, 0, NULL), RC_INVAL);
}

static void codec_stype2_known_answers(void)
{
    CREATE(RC_M_CODEC, cfg_none);
    /* rev 3+ width 0: CMD 1, port 0 congested = 0x2001 */
    CHECK_STEP(MSG(RC_CODEC_EV_STYPE2_ENCODE, 3, 0, 0, 1), RC_OK, 1);
    CHECK_OUT(0, RC_CODEC_OUT_VALUE, 0x2001);
    CHECK_STEP(MSG(RC_CODEC_EV_STYPE2_DECODE, 3, 0, 0x2001), RC_OK, 1);
    CHECK_OUT(0, RC_CODEC_OUT_VOQ_MSG, 0, 0xF, RC_VC_ALL, 0, 13, 0, 1, 0);
    /* width 1: the same bits are group 1 with no congested port, first
     * port 1 x 12 */
    CHECK_STEP(MSG(RC_CODEC_EV_STYPE2_DECODE, 3, 1, 0x2001), RC_OK, 1);
    CHECK_OUT(0, RC_CODEC_OUT_VOQ_MSG, 0, 0xF, RC_VC_ALL, 1, 12, 1, 0, 12);
    /* rev 3+ CMD 0 is reserved: no function, no error */
    CHECK_STEP(MSG(RC_CODEC_EV_STYPE2_DECODE, 3, 0, 0x0001), RC_OK, 1);
    CHECK_EQ(out[0].arg[0], sym("kind", "reserved_cmd"));
    /* rev 2: CMD 0b000 is NOP */
    CHECK_STEP(MSG(RC_CODEC_EV_STYPE2_DECODE, 2, 0, 0), RC_OK, 1);
    CHECK_EQ(out[0].arg[0], sym("kind", "nop"));
    CHECK_STEP(MSG(RC_CODEC_EV_STYPE2_DECODE, 4, 0, 0x2001), RC_INVAL, 0);
    CHECK_STEP(MSG(RC_CODEC_EV_STYPE2_DECODE, 3, 7, 0x2001), RC_RESERVED, 0);
    CHECK_STEP(MSG(RC_CODEC_EV_STYPE2_DECODE, 3, 0, 0x4000), RC_RANGE, 0);
    CHECK_STEP(MSG(RC_CODEC_EV_STYPE2_DECODE, 3, 0x100000000ull, 0), RC_RANGE,
               0);
    CHECK_STEP(MSG(RC_CODEC_EV_STYPE2_ENCODE, 3, 0, 0, 0x2000), RC_RANGE, 0);
}

static void codec_ccp_known_answers(void)
{
    CREATE(RC_M_CODEC, cfg_none);
    /* rev ack vc crf prio tt dest tgt xon fam rsrv flow soc ftype */
    CHECK_STEP(MSG(RC_CODEC_EV_CCP_PACK, 3, 0, 0, 1, 3, 0, 0x12, 0x34, 0, 0,
                   0, 0, 1, 7),
               RC_OK, 1);
    CHECK_OUT(0, RC_CODEC_OUT_BYTES, BYTES(8, "01C712340001E057"));
    CHECK_STEP(MSG(RC_CODEC_EV_CCP_PACK, 3, 0x2A, 0, 1, 3, 0, 0x12, 0x34, 0,
                   0, 0, 0, 1, 7),
               RC_OK, 1);
    CHECK_OUT(0, RC_CODEC_OUT_BYTES, BYTES(8, "A9C712340001E057"));
    CHECK_STEP(MSG(RC_CODEC_EV_CCP_PACK, 2, 0, 0, 1, 3, 1, 0x1234, 0x5678, 1,
                   0, 0, 0, 0, 7),
               RC_OK, 1);
    CHECK_OUT(0, RC_CODEC_OUT_BYTES, BYTES(12, "01D712345678800002780000"));
    CHECK_STEP(MSG(RC_CODEC_EV_CCP_PACK, 3, 0, 0, 1, 3, 2, 0x01020304,
                   0x05060708, 0, 0, 0, sym("flow_id", "1A"), 1, 7),
               RC_OK, 1);
    CHECK_OUT(0, RC_CODEC_OUT_BYTES,
              BYTES(16, "01E701020304050607080083BE460000"));
    /* ftype is used as given: 0 is not a CCP */
    CHECK_STEP(MSG(RC_CODEC_EV_CCP_PACK, 3, 0, 0, 1, 3, 0, 0x12, 0x34, 0, 0,
                   0, 0, 1, 0),
               RC_FORMAT, 0);
    CHECK_STEP(MSG(RC_CODEC_EV_CCP_PACK, 2, 0, 0, 1, 3, 2, 1, 1, 0, 0, 0, 0,
                   0, 7),
               RC_REVISION, 0);
    CHECK_STEP(MSG(RC_CODEC_EV_CCP_PACK, 3, 0, 0, 1, 3, 0, 0x100, 0x34, 0, 0,
                   0, 0, 1, 7),
               RC_RANGE, 0);
    CHECK_STEP(MSG(RC_CODEC_EV_CCP_PACK, 3, 0, 0, 1, 3, 0, 0x100000000ull,
                   0x34, 0, 0, 0, 0, 1, 7),
               RC_RANGE, 0);
    CHECK_STEP(MSG(RC_CODEC_EV_CCP_UNPACK, 3, BYTES(8, "A9C712340001E057")),
               RC_OK, 2);
    CHECK_OUT(0, RC_CODEC_OUT_CCP_HDR, 0x2A, 0, 1, 3, 0, 7, 0x12, 0xE057, 0);
    CHECK_OUT(1, RC_CODEC_OUT_CCP, 0, 0, 0, 0, 1, 0x34);
    CHECK_STEP(MSG(RC_CODEC_EV_CCP_UNPACK, 2, BYTES(8, "01C712340001E058")),
               RC_CRC, 2);
    CHECK_OUT(0, RC_CODEC_OUT_CCP_HDR, 0, 0, 1, 3, 0, 7, 0x12, 0xE058, 0);
    CHECK_STEP(MSG(RC_CODEC_EV_CCP_UNPACK, 2,
                   BYTES(16, "01E701020304050607080083BE460000")),
               RC_REVISION, 0);
    CHECK_STEP(MSG(RC_CODEC_EV_CCP_UNPACK, 3, BYTES(7, "01C712340001E0")),
               RC_TRUNC, 0);
    CHECK_STEP(MSG(RC_CODEC_EV_CCP_UNPACK, 1, BYTES(8, "01C712340001E057")),
               RC_INVAL, 0);
}

static void codec_fam_and_flow_tables(void)
{
    CREATE(RC_M_CODEC, cfg_none);
    /* Table 3-2: XON + 10Y = REQUEST single, Y = 1 */
    CHECK_STEP(MSG(RC_CODEC_EV_FAM_DECODE, 1, 5), RC_OK, 1);
    CHECK_OUT(0, RC_CODEC_OUT_COMMAND, sym("cmd", "REQUEST_SINGLE"), 1);
    CHECK_STEP(MSG(RC_CODEC_EV_FAM_DECODE, 0, 3), RC_OK, 1);
    CHECK_OUT(0, RC_CODEC_OUT_COMMAND, sym("cmd", "XOFF_ARB"), 1);
    CHECK_STEP(MSG(RC_CODEC_EV_FAM_DECODE, 0, 1), RC_OK, 1);
    CHECK_OUT(0, RC_CODEC_OUT_COMMAND, sym("cmd", "RESERVED"), 0);
    CHECK_STEP(MSG(RC_CODEC_EV_FAM_DECODE, 2, 0), RC_RANGE, 0);
    CHECK_STEP(MSG(RC_CODEC_EV_FAM_DECODE, 0, 8), RC_RANGE, 0);
    /* Table 3-1 (erratum 8: 0000101 is flow 0F) */
    CHECK_STEP(MSG(RC_CODEC_EV_FLOW_DECODE, sym("flow_id", "0F")), RC_OK, 1);
    CHECK_OUT(0, RC_CODEC_OUT_FLOW, 0, 0, 5);
    CHECK_STEP(MSG(RC_CODEC_EV_FLOW_DECODE, sym("flow_id", "1A")), RC_OK, 1);
    CHECK_OUT(0, RC_CODEC_OUT_FLOW, 0, 1, 0);
    CHECK_STEP(MSG(RC_CODEC_EV_FLOW_DECODE, 0x06), RC_OK, 1);
    CHECK_EQ(out[0].arg[0], 1); /* reserved */
    CHECK_STEP(MSG(RC_CODEC_EV_FLOW_DECODE, 0x80), RC_RANGE, 0);
}

static void codec_byte_strings_must_be_canonical(void)
{
    CREATE(RC_M_CODEC, cfg_none);
    CHECK_STEP(MSG(RC_CODEC_EV_CS48_UNPACK, 17, 0, 0), RC_RANGE, 0);
    /* a non-zero byte past len */
    CHECK_STEP(MSG(RC_CODEC_EV_CS48_UNPACK, 6, be("807FC400390201", 0), 0),
               RC_RANGE, 0);
    CHECK_STEP(MSG(RC_CODEC_EV_CS48_UNPACK, 6, be("807FC4003902", 0), 1),
               RC_RANGE, 0);
    CHECK_STEP(MSG(RC_CODEC_EV_CS48_UNPACK, 0, 0, 0), RC_TRUNC, 0);
}

static void codec_config_and_query(void)
{
    void *p;
    CHECK_EQ(make(&p, RC_M_CODEC, CFG(RC_CODEC_CFG_NONE, 0)), RC_OK);
    CHECK_EQ(make(&p, RC_M_CODEC, CFG(RC_CODEC_CFG_NONE, 1)), RC_RANGE);
    CHECK_EQ(make(&p, RC_M_CODEC, CFG(1, 0)), RC_INVAL);
    CREATE(RC_M_CODEC, cfg_none);
    CHECK_QUERY(MSG0(RC_CODEC_Q_NONE), RC_NOTSUP, 0);
}

/* ---- p12reg -------------------------------------------------------------- */

static void p12reg_reset_values_and_header(void)
{
    CREATE(RC_M_P12REG, CFG(RC_P12REG_CFG_EF_PTR, 0x1234));
    /* header: EF_PTR bits 0-15, EF_ID 0x000B */
    CHECK_STEP(MSG(RC_P12REG_EV_READ, 0x0), RC_OK, 1);
    CHECK_OUT(0, RC_P12REG_OUT_VALUE, 0x1234000B);
    /* port 0: bits 0, 1 (gen, rx supported), 12 and 16 (sizes 0, 4) */
    CHECK_STEP(MSG(RC_P12REG_EV_READ, 0x20), RC_OK, 1);
    CHECK_OUT(0, RC_P12REG_OUT_VALUE, 0xC0088000);
    CHECK_STEP(MSG(RC_P12REG_EV_READ, 0x2C), RC_OK, 1);
    CHECK_OUT(0, RC_P12REG_OUT_VALUE, 0xC0088000);
    /* port 4 of a 4-port device: no register, reads 0 (I-VOQREG-3) */
    CHECK_STEP(MSG(RC_P12REG_EV_READ, 0x30), RC_OK, 1);
    CHECK_OUT(0, RC_P12REG_OUT_VALUE, 0);
    CHECK_STEP(MSG(RC_P12REG_EV_READ, 0x22), RC_ALIGN, 0);
    CHECK_STEP(MSG(RC_P12REG_EV_READ, 0x420), RC_OFFSET, 0);
    CHECK_STEP(MSG(RC_P12REG_EV_READ, 0x100000020ull), RC_RANGE, 0);
    CHECK_QUERY(MSG(RC_P12REG_Q_CSR, 3), RC_OK, 0xC0088000);
    CHECK_QUERY(MSG(RC_P12REG_Q_CSR, 4), RC_RANGE, 0);
}

static void p12reg_write_reports_and_policies(void)
{
    CREATE(RC_M_P12REG, cfg_none);
    /* bits 8 and 9 are read/write; a read-modify-write reports nothing
     * (I-VOQREG-13) */
    CHECK_STEP(MSG(RC_P12REG_EV_WRITE, 0x20, 0xC0C88000), RC_OK, 1);
    CHECK_OUT(0, RC_P12REG_OUT_WROTE, 0xC0C88000, 0, 0, 0);
    CHECK_QUERY(MSG(RC_P12REG_Q_CSR, 0), RC_OK, 0xC0C88000);
    /* read-only bits the write tried to change (written 0, register 1) */
    CHECK_STEP(MSG(RC_P12REG_EV_WRITE, 0x24, 0x00C00000), RC_OK, 1);
    CHECK_OUT(0, RC_P12REG_OUT_WROTE, 0xC0C88000, 0xC0088000, 0, 0);
    /* RX Port Group Size 7 is reserved: refused by default (I-VOQREG-9) */
    CHECK_STEP(MSG(RC_P12REG_EV_WRITE, 0x28, 0xC0088007), RC_OK, 1);
    CHECK_OUT(0, RC_P12REG_OUT_WROTE, 0xC0088000, 0, 0, 0x7);
    /* reserved bits 3-7 */
    CHECK_STEP(MSG(RC_P12REG_EV_WRITE, 0x2C, 0xC1088000), RC_OK, 1);
    CHECK_OUT(0, RC_P12REG_OUT_WROTE, 0xC0088000, 0, 0x01000000, 0);
    CHECK_STEP(MSG(RC_P12REG_EV_WRITE, 0x20, 0x100000000ull), RC_RANGE, 0);
    CHECK_STEP(MSG(RC_P12REG_EV_WRITE, 0x21, 0), RC_ALIGN, 0);
    CHECK_STEP(MSG0(RC_P12REG_EV_RESET), RC_OK, 0);
    CHECK_QUERY(MSG(RC_P12REG_Q_CSR, 0), RC_OK, 0xC0088000);
    /* size7 = 1 accepts it */
    CREATE(RC_M_P12REG, CFG(RC_P12REG_CFG_SIZE7, 1));
    CHECK_STEP(MSG(RC_P12REG_EV_WRITE, 0x20, 0xC0088007), RC_OK, 1);
    CHECK_OUT(0, RC_P12REG_OUT_WROTE, 0xC0088007, 0, 0, 0);
    /* unimpl_error: absent ports and reserved words are RC_NOENT */
    CREATE(RC_M_P12REG, CFG(RC_P12REG_CFG_UNIMPL_ERROR, 1));
    CHECK_STEP(MSG(RC_P12REG_EV_READ, 0x30), RC_NOENT, 0);
    CHECK_STEP(MSG(RC_P12REG_EV_READ, 0x4), RC_NOENT, 0);
}

static void p12reg_config_describes_ports(void)
{
    CREATE(RC_M_P12REG, CFG(RC_P12REG_CFG_NOGEN_PORT, 1,
                            RC_P12REG_CFG_NORX_PORT, 2, RC_P12REG_CFG_PERVC, 1,
                            RC_P12REG_CFG_SIZES, 0x7F));
    CHECK_QUERY(MSG(RC_P12REG_Q_CSR, 0), RC_OK, 0xE00FE000);
    CHECK_QUERY(MSG(RC_P12REG_Q_CSR, 1), RC_OK, 0x600FE000);
    CHECK_QUERY(MSG(RC_P12REG_Q_CSR, 2), RC_OK, 0xA00FE000);
    /* rev 2: ports from 0xC, bits 12-31 reserved */
    CREATE(RC_M_P12REG, CFG(RC_P12REG_CFG_REV, 2));
    CHECK_STEP(MSG(RC_P12REG_EV_READ, 0xC), RC_OK, 1);
    CHECK_OUT(0, RC_P12REG_OUT_VALUE, 0xC0000000);
    void *p;
    CHECK_EQ(make(&p, RC_M_P12REG,
                  CFG(RC_P12REG_CFG_REV, 2, RC_P12REG_CFG_SIZES, 0x11)),
             RC_REVISION);
    CHECK_EQ(make(&p, RC_M_P12REG, CFG(RC_P12REG_CFG_REV, 4)), RC_REVISION);
    CHECK_EQ(make(&p, RC_M_P12REG, CFG(RC_P12REG_CFG_PORTS, 0)), RC_RANGE);
    CHECK_EQ(make(&p, RC_M_P12REG, CFG(RC_P12REG_CFG_PORTS, 257)), RC_RANGE);
    CHECK_EQ(make(&p, RC_M_P12REG,
                  CFG(RC_P12REG_CFG_REV, 2, RC_P12REG_CFG_PORTS, 193)),
             RC_RANGE);
    CHECK_EQ(make(&p, RC_M_P12REG, CFG(RC_P12REG_CFG_PORTS, 256)), RC_OK);
    CHECK_EQ(make(&p, RC_M_P12REG, CFG(RC_P12REG_CFG_NOGEN_PORT, 4)), RC_RANGE);
    CHECK_EQ(make(&p, RC_M_P12REG, CFG(RC_P12REG_CFG_GEN, 2)), RC_RANGE);
    CHECK_EQ(make(&p, RC_M_P12REG, CFG(RC_P12REG_CFG_EF_PTR, 0x10000)),
             RC_RANGE);
    CHECK_EQ(make(&p, RC_M_P12REG, CFG(RC_P12REG_CFG_SIZES, 0x80)), RC_RANGE);
    CHECK_EQ(make(&p, RC_M_P12REG, CFG(RC_P12REG_CFG_TX_WHILE_GEN, 2)),
             RC_RANGE);
}

/* ---- p9reg --------------------------------------------------------------- */

static void p9reg_bits_and_gating(void)
{
    CREATE(RC_M_P9REG, cfg_none);
    CHECK_STEP(MSG0(RC_P9REG_EV_CAR_READ), RC_OK, 1);
    CHECK_OUT(0, RC_P9REG_OUT_VALUE, 0x00000080); /* bit 24 */
    CHECK_STEP(MSG(RC_P9REG_EV_CAR_WRITE, 0xFFFFFFFF), RC_OK, 1);
    CHECK_OUT(0, RC_P9REG_OUT_VALUE, 0x00000080); /* read-only */
    CHECK_QUERY(MSG(RC_P9REG_Q_MAY_ROUTE_FC, 0), RC_OK, 0);
    /* bit 13 takes the write; bit 15 without arbitration support does not */
    CHECK_STEP(MSG(RC_P9REG_EV_CTL_WRITE, 0, 0x00050000), RC_OK, 1);
    CHECK_OUT(0, RC_P9REG_OUT_VALUE, 0x00040000);
    CHECK_STEP(MSG(RC_P9REG_EV_CTL_READ, 0), RC_OK, 1);
    CHECK_OUT(0, RC_P9REG_OUT_VALUE, 0x00040000);
    CHECK_QUERY(MSG(RC_P9REG_Q_MAY_ROUTE_FC, 0), RC_OK, 1);
    CHECK_QUERY(MSG(RC_P9REG_Q_MAY_ROUTE_ARB, 0), RC_OK, 0);
    CHECK_QUERY(MSG(RC_P9REG_Q_MAY_ROUTE_FC, 4), RC_OK, 0);
    /* Port Unavailable, bit 28 */
    CHECK_STEP(MSG(RC_P9REG_EV_SET_UNAVAILABLE, 1, 1), RC_OK, 0);
    CHECK_STEP(MSG(RC_P9REG_EV_ERRSTAT_READ, 1), RC_OK, 1);
    CHECK_OUT(0, RC_P9REG_OUT_VALUE, 0x00000008);
    /* errstat_write (F1): bit 28 is the device's status, a write keeps it */
    CHECK_STEP(MSG(RC_P9REG_EV_ERRSTAT_WRITE, 1, 0), RC_OK, 1);
    CHECK_OUT(0, RC_P9REG_OUT_VALUE, 0x00000008);
    CHECK_STEP(MSG(RC_P9REG_EV_ERRSTAT_WRITE, 2, 0xFFFFFFFFu), RC_OK, 1);
    CHECK_OUT(0, RC_P9REG_OUT_VALUE, 0);
    CHECK_STEP(MSG(RC_P9REG_EV_ERRSTAT_WRITE, 4, 0), RC_NOENT, 0);
    CHECK_STEP(MSG(RC_P9REG_EV_ERRSTAT_WRITE, 1, 0x100000000ull), RC_RANGE, 0);
    CHECK_STEP(MSG(RC_P9REG_EV_SET_UNAVAILABLE, 1, 2), RC_RANGE, 0);
    CHECK_STEP(MSG(RC_P9REG_EV_CTL_READ, 4), RC_NOENT, 0);
    CHECK_STEP(MSG(RC_P9REG_EV_CTL_READ, 0x100000000ull), RC_RANGE, 0);
    CHECK_STEP(MSG0(RC_P9REG_EV_RESET), RC_OK, 0);
    CHECK_STEP(MSG(RC_P9REG_EV_ERRSTAT_READ, 1), RC_OK, 1);
    CHECK_OUT(0, RC_P9REG_OUT_VALUE, 0);
    /* Part 12 bit 10 should follow Port Unavailable (rev 3+ only) */
    CHECK_QUERY(MSG(RC_P9REG_Q_PORT_XOFF_EXPECTED, 3, 0x8, 0), RC_OK,
                0x00200000);
    CHECK_QUERY(MSG(RC_P9REG_Q_PORT_XOFF_EXPECTED, 2, 0x8, 0), RC_OK, 0);
    CHECK_QUERY(MSG(RC_P9REG_Q_PORT_XOFF_EXPECTED, 5, 0x8, 0), RC_REVISION, 0);
    CREATE(RC_M_P9REG, CFG(RC_P9REG_CFG_ARB, 1));
    CHECK_STEP(MSG0(RC_P9REG_EV_CAR_READ), RC_OK, 1);
    CHECK_OUT(0, RC_P9REG_OUT_VALUE, 0x00000880);
    void *p;
    CHECK_EQ(make(&p, RC_M_P9REG, CFG(RC_P9REG_CFG_ARB, 1, RC_P9REG_CFG_FC, 0)),
             RC_INVAL); /* I-FCREG-3 */
    CHECK_EQ(make(&p, RC_M_P9REG, CFG(RC_P9REG_CFG_PORTS, 0)), RC_RANGE);
    CHECK_EQ(make(&p, RC_M_P9REG, CFG(RC_P9REG_CFG_FC, 0x100)), RC_RANGE);
}

/* ---- gen ----------------------------------------------------------------- */

#define CSR_GEN 0x00800000u    /* bit 8 */
#define CSR_PART 0x00400000u   /* bit 9 */
#define CSR_PERVC_SUP 0x20000000u /* bit 2 */
#define CSR_PERVC 0x00100000u  /* bit 11 */

static void gen_sends_on_status_change(void)
{
    CREATE(RC_M_GEN, cfg_none);
    CHECK_STEP(MSG(RC_GEN_EV_CSR, 1, CSR_PART), RC_OK, 0);
    CHECK_STEP(MSG(RC_GEN_EV_CSR, 0, CSR_GEN), RC_OK, 0); /* nothing to say */
    /* port 1 congests: port 0 sends group 0, status bit 1 (CS48 13 bits,
     * width 0: stype2 = CMD 1 || status) */
    CHECK_STEP(MSG(RC_GEN_EV_CONGEST, 1, 0, 1), RC_OK, 1);
    CHECK_OUT(0, RC_GEN_OUT_SYMBOL, 0, RC_VC_ALL, 0, 0x2, sym("ride", "any"), 0,
              0x2002);
    CHECK_QUERY(MSG(RC_GEN_Q_REPORTED, 1, 0), RC_OK, 1);
    CHECK_QUERY(MSG(RC_GEN_Q_REPORTED, 1, RC_VC_ALL), RC_OK, 1);
    CHECK_QUERY(MSG(RC_GEN_Q_LAST_SENT, 0, 0, 0), RC_OK, 0x2);
    /* a non-participating port never triggers (Table 5-4 row 0,0) */
    CHECK_STEP(MSG(RC_GEN_EV_CONGEST, 2, 0, 1), RC_OK, 0);
    CHECK_STEP(MSG(RC_GEN_EV_CONGEST, 1, 0, 0), RC_OK, 1);
    CHECK_OUT(0, RC_GEN_OUT_SYMBOL, 0, RC_VC_ALL, 0, 0, RC_VC_ALL, 0, 0x2000);
    /* errors */
    CHECK_STEP(MSG(RC_GEN_EV_CONGEST, 1, RC_VC_ALL, 1), RC_RANGE, 0);
    CHECK_STEP(MSG(RC_GEN_EV_CONGEST, 8, 0, 1), RC_RANGE, 0);
    CHECK_STEP(MSG(RC_GEN_EV_CONGEST, 1, 0, 2), RC_INVAL, 0);
    CHECK_STEP(MSG(RC_GEN_EV_CONGEST, 0x100000001ull, 0, 1), RC_RANGE, 0);
    CHECK_STEP(MSG(RC_GEN_EV_CSR, 0, 0x100000000ull), RC_RANGE, 0);
    CHECK_QUERY(MSG(RC_GEN_Q_REPORTED, 8, 0), RC_RANGE, 0);
    CHECK_QUERY(MSG(RC_GEN_Q_LAST_SENT, 0, 0, RC_VC_ALL), RC_INVAL, 0);
}

static void gen_per_vc_symbols_ride_status_or_vc_status(void)
{
    CREATE(RC_M_GEN, CFG(RC_GEN_CFG_VCS, 8));
    CHECK_STEP(MSG(RC_GEN_EV_CSR, 1, CSR_PART), RC_OK, 0);
    CHECK_STEP(MSG(RC_GEN_EV_CSR, 0, CSR_PERVC_SUP | CSR_GEN | CSR_PERVC),
               RC_OK, 0);
    /* VC0 rides with Status, VC3 with VC_Status VCID 2 (Part 6 Table 3-12) */
    CHECK_STEP(MSG(RC_GEN_EV_CONGEST, 1, 0, 1), RC_OK, 1);
    CHECK_OUT(0, RC_GEN_OUT_SYMBOL, 0, 0, 0, 0x2, sym("ride", "status"), 0,
              0x2002);
    CHECK_STEP(MSG(RC_GEN_EV_CONGEST, 1, 3, 1), RC_OK, 1);
    CHECK_OUT(0, RC_GEN_OUT_SYMBOL, 0, 3, 0, 0x2, sym("ride", "vc_status"), 2,
              0x2002);
    /* CS64: VC_IND || status || group, VC_IND 0b1111 for all VCs */
    CREATE(RC_M_GEN, CFG(RC_GEN_CFG_FORMAT, sym("format", "cs64")));
    CHECK_STEP(MSG(RC_GEN_EV_CSR, 1, CSR_PART), RC_OK, 0);
    CHECK_STEP(MSG(RC_GEN_EV_CSR, 0, CSR_GEN), RC_OK, 0);
    CHECK_STEP(MSG(RC_GEN_EV_CONGEST, 1, 0, 1), RC_OK, 1);
    CHECK_OUT(0, RC_GEN_OUT_SYMBOL, 0, RC_VC_ALL, 0, 0x2, RC_VC_ALL, 0,
              0xF00002);
}

static void gen_refresh_timer_counts_ticks_and_never_drops(void)
{
    CREATE(RC_M_GEN, CFG(RC_GEN_CFG_REFRESH, 3));
    CHECK_STEP(MSG(RC_GEN_EV_CSR, 1, CSR_PART), RC_OK, 0);
    CHECK_STEP(MSG(RC_GEN_EV_CSR, 0, CSR_GEN), RC_OK, 0);
    CHECK_STEP(MSG(RC_GEN_EV_CONGEST, 1, 0, 1), RC_OK, 1);
    /* 4.2f: one refresh on the tick that completes 3 */
    CHECK_STEP(MSG(RC_GEN_EV_TICK, 2), RC_OK, 0);
    CHECK_STEP(MSG(RC_GEN_EV_TICK, 1), RC_OK, 1);
    CHECK_OUT(0, RC_GEN_OUT_SYMBOL, 0, RC_VC_ALL, 0, 0x2, RC_VC_ALL, 0, 0x2002);
    CHECK_STEP(MSG(RC_GEN_EV_TICK, 7), RC_OK, 2); /* 6 of 7: one left over */
    CHECK_OUT(1, RC_GEN_OUT_SYMBOL, 0, RC_VC_ALL, 0, 0x2, RC_VC_ALL, 0, 0x2002);
    CHECK_STEP(MSG(RC_GEN_EV_TICK, 2), RC_OK, 1);
    CHECK_STEP(MSG(RC_GEN_EV_TICK, 0), RC_OK, 0);
    /* 65 refreshes do not fit in 64: nothing happens */
    CHECK_STEP(MSG(RC_GEN_EV_TICK, 3u * 65u), RC_FULL, 0);
    CHECK_STEP(MSG(RC_GEN_EV_TICK, UINT64_MAX), RC_FULL, 0);
    CHECK_STEP(MSG(RC_GEN_EV_TICK, 2), RC_OK, 0);
    CHECK_STEP(MSG(RC_GEN_EV_TICK, 1), RC_OK, 1);
    cap = OUTCAP;
    CHECK_STEP(MSG(RC_GEN_EV_TICK, 3u * 65u), RC_OK, 65);
    /* nobody transmits: any number of refreshes sends nothing */
    CREATE(RC_M_GEN, CFG(RC_GEN_CFG_REFRESH, 1));
    CHECK_STEP(MSG(RC_GEN_EV_TICK, UINT64_MAX), RC_OK, 0);
    /* 4.2g */
    CREATE(RC_M_GEN, CFG(RC_GEN_CFG_LINK_REFRESH, 1));
    CHECK_STEP(MSG(RC_GEN_EV_CSR, 0, CSR_GEN), RC_OK, 0);
    CHECK_STEP(MSG(RC_GEN_EV_LINK_RECOVERED, 0), RC_OK, 1);
    CHECK_OUT(0, RC_GEN_OUT_SYMBOL, 0, RC_VC_ALL, 0, 0, RC_VC_ALL, 0, 0x2000);
    CHECK_STEP(MSG(RC_GEN_EV_LINK_RECOVERED, 8), RC_RANGE, 0);
}

static void gen_config_errors(void)
{
    void *p;
    CHECK_EQ(make(&p, RC_M_GEN, CFG(RC_GEN_CFG_FORMAT, 50)), RC_INVAL);
    CHECK_EQ(make(&p, RC_M_GEN, CFG(RC_GEN_CFG_REV, 2, RC_GEN_CFG_FORMAT, 64)),
             RC_REVISION);
    CHECK_EQ(make(&p, RC_M_GEN, CFG(RC_GEN_CFG_REV, 1)), RC_INVAL);
    CHECK_EQ(make(&p, RC_M_GEN, CFG(RC_GEN_CFG_VCS, 3)), RC_INVAL);
    CHECK_EQ(make(&p, RC_M_GEN, CFG(RC_GEN_CFG_PORTS, 257)), RC_RANGE);
    CHECK_EQ(make(&p, RC_M_GEN, CFG(RC_GEN_CFG_REFRESH, 0x100000000ull)),
             RC_RANGE);
    CHECK_EQ(make(&p, RC_M_GEN, CFG(RC_GEN_CFG_LINK_REFRESH, 2)), RC_RANGE);
    CHECK_EQ(make(&p, RC_M_GEN, CFG(RC_GEN_CFG_PORTS, 256)), RC_OK);
}

/* ---- rx ------------------------------------------------------------------ */

/* CS48 Status + stype2 0x2001: rev 3+, width 0, port 0 congested */
#define SYM_PORT0 BYTES(6, "807FC4003902")

static void rx_applies_backpressure_and_stages(void)
{
    CREATE(RC_M_RX, cfg_none);
    CHECK_STEP(MSG(RC_RX_EV_SYMBOL, SYM_PORT0), RC_OK, 1);
    CHECK_OUT(0, RC_RX_OUT_APPLIED, RC_VC_ALL);
    CHECK_QUERY(MSG(RC_RX_Q_CONGESTED, 0, 0), RC_OK, 1);
    CHECK_QUERY(MSG(RC_RX_Q_CONGESTED, 1, 0), RC_OK, 0);
    /* 4.3b: the packet for the congested port waits, the other passes */
    CHECK_STEP(MSG(RC_RX_EV_ENQUEUE, 1, 10, 0, 0, 0), RC_OK, 0);
    CHECK_STEP(MSG(RC_RX_EV_ENQUEUE, 2, 20, 1, 0, 0), RC_OK, 0);
    CHECK_STEP(MSG0(RC_RX_EV_SCHEDULE), RC_OK, 1);
    CHECK_OUT(0, RC_RX_OUT_COMMITTED, 2, 20, 1, 0);
    CHECK_STEP(MSG0(RC_RX_EV_SCHEDULE), RC_OK, 0);
    CHECK_QUERY(MSG(RC_RX_Q_DEPTH, 0, RC_VC_ALL), RC_OK, 1);
    CHECK_QUERY(MSG(RC_RX_Q_ELIGIBLE, 0, RC_VC_ALL), RC_OK, 0);
    CHECK_QUERY(MSG(RC_RX_Q_ELIGIBLE, 1, RC_VC_ALL), RC_OK, 1);
    /* a corrupt symbol is discarded (I-RX-4) */
    CHECK_STEP(MSG(RC_RX_EV_SYMBOL, BYTES(6, "807FC4003903")), RC_CRC, 1);
    CHECK_OUT(0, RC_RX_OUT_DISCARDED, sym("reason", "crc"));
    /* rev 3+ CMD 0: reserved, ignored */
    CHECK_STEP(MSG(RC_RX_EV_SYMBOL, BYTES(6, "807FC0000A35")), RC_OK, 1);
    CHECK_OUT(0, RC_RX_OUT_IGNORED, sym("reason", "reserved_cmd"));
    /* port 0 uncongested: its packet goes */
    CHECK_STEP(MSG(RC_RX_EV_SYMBOL, BYTES(6, "807FC0000A35")), RC_OK, 1);
    CHECK_STEP(MSG(RC_RX_EV_SYMBOL, SYM_PORT0), RC_OK, 1);
    CHECK_STEP(MSG(RC_RX_EV_ENQUEUE, 3, 10, 1, 0, 0), RC_OK, 0);
    CHECK_STEP(MSG0(RC_RX_EV_SCHEDULE), RC_OK, 0); /* flow 10 held (4.3c) */
    /* errors */
    CHECK_STEP(MSG(RC_RX_EV_SYMBOL, BYTES(8, "DF000100E2BE8698")), RC_LENGTH,
               0);
    CHECK_STEP(MSG(RC_RX_EV_SYMBOL, 17, 0, 0), RC_RANGE, 0);
    CHECK_STEP(MSG(RC_RX_EV_ENQUEUE, 4, 1, 8, 0, 0), RC_RANGE, 0);
    CHECK_STEP(MSG(RC_RX_EV_ENQUEUE, 4, 1, 0, 1, 0), RC_RANGE, 0);
    CHECK_STEP(MSG(RC_RX_EV_ENQUEUE, 4, 1, 0, 0x100, 0), RC_RANGE, 0);
    CHECK_STEP(MSG(RC_RX_EV_ENQUEUE, 0x100000000ull, 1, 0, 0, 0), RC_RANGE, 0);
    CHECK_QUERY(MSG(RC_RX_Q_CONGESTED, 8, 0), RC_RANGE, 0);
}

static void rx_map_before_traffic_makes_co_mingling(void)
{
    CREATE(RC_M_RX, cfg_none);
    CHECK_STEP(MSG(RC_RX_EV_MAP, 1, 0), RC_OK, 0); /* ports 0, 1 share 0 */
    CHECK_STEP(MSG(RC_RX_EV_MAP, 8, 0), RC_RANGE, 0);
    CHECK_STEP(MSG(RC_RX_EV_MAP, 1, 8), RC_RANGE, 0);
    CHECK_STEP(MSG(RC_RX_EV_SYMBOL, SYM_PORT0), RC_OK, 1);
    CHECK_STEP(MSG(RC_RX_EV_ENQUEUE, 1, 1, 1, 0, 0), RC_OK, 0);
    /* 4.3e: queue 0 holds congested port 0, so port 1 waits too */
    CHECK_STEP(MSG0(RC_RX_EV_SCHEDULE), RC_OK, 0);
    CHECK_QUERY(MSG(RC_RX_Q_ELIGIBLE, 0, RC_VC_ALL), RC_OK, 0);
    CHECK_STEP(MSG(RC_RX_EV_MAP, 2, 0), RC_STATE, 0);
    CHECK_STEP(MSG0(RC_RX_EV_RESET), RC_OK, 0);
    CHECK_STEP(MSG(RC_RX_EV_MAP, 2, 0), RC_OK, 0);
    /* fewer queues than ports: port p -> p % queues */
    CREATE(RC_M_RX, CFG(RC_RX_CFG_QUEUES, 4));
    CHECK_STEP(MSG(RC_RX_EV_SYMBOL, SYM_PORT0), RC_OK, 1);
    CHECK_QUERY(MSG(RC_RX_Q_ELIGIBLE, 0, RC_VC_ALL), RC_OK, 0);
    CHECK_QUERY(MSG(RC_RX_Q_ELIGIBLE, 1, RC_VC_ALL), RC_OK, 1);
    CHECK_STEP(MSG(RC_RX_EV_ENQUEUE, 1, 1, 4, 0, 0), RC_OK, 0);
    CHECK_STEP(MSG0(RC_RX_EV_SCHEDULE), RC_OK, 0); /* 4 % 4 = queue 0 */
}

/* refdut.c X4: enqueue port=RC_NONE routes by destination_id through the
 * route entries (Part 12 2.2, 4.3a). */
static void rx_route_by_destination_id(void)
{
    CREATE(RC_M_RX, cfg_none);
    CHECK_STEP(MSG(RC_RX_EV_ROUTE, 0x12, 0), RC_OK, 0); /* 0x12 -> port 0 */
    CHECK_STEP(MSG(RC_RX_EV_ROUTE, 0x34, 5), RC_OK, 0);
    CHECK_STEP(MSG(RC_RX_EV_ROUTE, 0x34, 1), RC_OK, 0); /* replaces */
    CHECK_STEP(MSG(RC_RX_EV_ROUTE, 0x56, 8), RC_RANGE, 0); /* 8 ports */
    CHECK_STEP(MSG(RC_RX_EV_ROUTE, 0x100000000ull, 1), RC_RANGE, 0);
    CHECK_STEP(MSG(RC_RX_EV_SYMBOL, SYM_PORT0), RC_OK, 1);
    CHECK_STEP(MSG(RC_RX_EV_ENQUEUE, 1, 10, RC_NONE, 0, 0x12), RC_OK, 0);
    CHECK_STEP(MSG(RC_RX_EV_ENQUEUE, 2, 20, RC_NONE, 0, 0x34), RC_OK, 0);
    CHECK_STEP(MSG(RC_RX_EV_ENQUEUE, 3, 30, RC_NONE, 0, 0x99), RC_NOENT, 0);
    /* the packet for 0x12 waits behind congested port 0; 0x34 (port 1) goes */
    CHECK_STEP(MSG0(RC_RX_EV_SCHEDULE), RC_OK, 1);
    CHECK_OUT(0, RC_RX_OUT_COMMITTED, 2, 20, 1, 0);
    CHECK_STEP(MSG0(RC_RX_EV_SCHEDULE), RC_OK, 0);
    CHECK_QUERY(MSG(RC_RX_Q_DEPTH, 0, RC_VC_ALL), RC_OK, 1);
    /* routes survive reset */
    CHECK_STEP(MSG0(RC_RX_EV_RESET), RC_OK, 0);
    CHECK_STEP(MSG(RC_RX_EV_ENQUEUE, 4, 10, RC_NONE, 0, 0x12), RC_OK, 0);
    CHECK_STEP(MSG0(RC_RX_EV_SCHEDULE), RC_OK, 1);
    CHECK_OUT(0, RC_RX_OUT_COMMITTED, 4, 10, 0, 0);
}

static void rx_per_vc_and_cs64(void)
{
    void *p;
    CHECK_EQ(make(&p, RC_M_RX, CFG(RC_RX_CFG_PER_VC, 1)), RC_NOTSUP);
    CHECK_EQ(make(&p, RC_M_RX, CFG(RC_RX_CFG_PER_VC, 2)), RC_RANGE);
    CHECK_EQ(make(&p, RC_M_RX, CFG(RC_RX_CFG_REV, 2, RC_RX_CFG_FORMAT, 64)),
             RC_REVISION);
    CHECK_EQ(make(&p, RC_M_RX, CFG(RC_RX_CFG_QUEUES, 0)), RC_INVAL);
    CHECK_EQ(make(&p, RC_M_RX, CFG(RC_RX_CFG_BEYOND, 2)), RC_INVAL);
    /* per-VC: a CS48 message riding with packet-accepted names no VC */
    CREATE(RC_M_CODEC, cfg_none);
    CHECK_STEP(MSG(RC_CODEC_EV_CS48_PACK, 0, 0, 0, 7, 0, 0x2001), RC_OK, 1);
    uint64_t hi = out[0].arg[1];
    CREATE(RC_M_RX, CFG(RC_RX_CFG_PER_VC, 1, RC_RX_CFG_QUEUE_WITHIN_VCS, 1));
    CHECK_STEP(MSG(RC_RX_EV_SYMBOL, 6, hi, 0), RC_OK, 1);
    CHECK_OUT(0, RC_RX_OUT_IGNORED, sym("reason", "not_linked"));
    CHECK_STEP(MSG(RC_RX_EV_SYMBOL, SYM_PORT0), RC_OK, 1);
    CHECK_OUT(0, RC_RX_OUT_APPLIED, 0); /* Status: VC0 */
    /* CS64 VC_IND all, width 4, port 0 congested */
    CREATE(RC_M_RX, CFG(RC_RX_CFG_FORMAT, 64, RC_RX_CFG_WIDTH, 4));
    CHECK_STEP(MSG(RC_RX_EV_SYMBOL, BYTES(8, "DF000100E2BE8698")), RC_OK, 1);
    CHECK_OUT(0, RC_RX_OUT_APPLIED, RC_VC_ALL);
    CHECK_QUERY(MSG(RC_RX_Q_CONGESTED, 0, 0), RC_OK, 1);
    CHECK_STEP(MSG(RC_RX_EV_SYMBOL, BYTES(8, "4000FFF0E21F8884")), RC_OK, 1);
    CHECK_OUT(0, RC_RX_OUT_IGNORED, sym("reason", "not_voq"));
}

/* Every ignored/discarded reason of the receiver, with its RC_SYMBOLS
 * number. The symbols are built with the codec machine (input only). */
static void rx_every_ignore_and_discard_reason(void)
{
    CREATE(RC_M_CODEC, cfg_none);
    /* Status + stype2 CMD 1, width 0, port 5 congested */
    CHECK_STEP(MSG(RC_CODEC_EV_CS48_PACK, 4, 0, 63, 7, 0, 0x2020), RC_OK, 1);
    uint64_t port5 = out[0].arg[1];
    /* CS64 VoQ, VC_IND 0b1001 (reserved) and 0b0000 (VC1), width 4 */
    CHECK_STEP(MSG(RC_CODEC_EV_CS64_PACK, 0xD, 0x900, 0x010, 0x38), RC_OK, 1);
    uint64_t vcind9 = out[0].arg[1];
    CHECK_STEP(MSG(RC_CODEC_EV_CS64_PACK, 0xD, 0x000, 0x010, 0x38), RC_OK, 1);
    uint64_t vc1 = out[0].arg[1];
    /* I-RX-1: a 1 for a port the device lacks; discard policy */
    CREATE(RC_M_RX, CFG(RC_RX_CFG_PORTS, 4, RC_RX_CFG_BEYOND, 1));
    CHECK_STEP(MSG(RC_RX_EV_SYMBOL, 6, port5, 0), RC_OK, 1);
    CHECK_OUT(0, RC_RX_OUT_DISCARDED, sym("reason", "beyond"));
    /* ... default policy: the bit is ignored, the message applies */
    CREATE(RC_M_RX, CFG(RC_RX_CFG_PORTS, 4));
    CHECK_STEP(MSG(RC_RX_EV_SYMBOL, 6, port5, 0), RC_OK, 1);
    CHECK_OUT(0, RC_RX_OUT_APPLIED, RC_VC_ALL);
    /* rev 2: stype2 CMD 0b000 is NOP */
    CREATE(RC_M_RX, CFG(RC_RX_CFG_REV, 2));
    CHECK_STEP(MSG(RC_RX_EV_SYMBOL, BYTES(6, "807FC0000A35")), RC_OK, 1);
    CHECK_OUT(0, RC_RX_OUT_IGNORED, sym("reason", "nop"));
    /* P12-3.2-c: reserved VC_IND ignored without error */
    CREATE(RC_M_RX, CFG(RC_RX_CFG_FORMAT, 64, RC_RX_CFG_WIDTH, 4));
    CHECK_STEP(MSG(RC_RX_EV_SYMBOL, 8, vcind9, 0), RC_OK, 1);
    CHECK_OUT(0, RC_RX_OUT_IGNORED, sym("reason", "reserved_vc_ind"));
    /* I-RX-3: VC1 on a device without optional VCs (per-VC on) */
    CREATE(RC_M_RX, CFG(RC_RX_CFG_FORMAT, 64, RC_RX_CFG_WIDTH, 4,
                        RC_RX_CFG_PER_VC, 1, RC_RX_CFG_QUEUE_WITHIN_VCS, 1));
    CHECK_STEP(MSG(RC_RX_EV_SYMBOL, 8, vc1, 0), RC_OK, 1);
    CHECK_OUT(0, RC_RX_OUT_IGNORED, sym("reason", "vc_not_in_use"));
    /* ... and with 8 optional VCs it applies to VC1 */
    CREATE(RC_M_RX, CFG(RC_RX_CFG_FORMAT, 64, RC_RX_CFG_WIDTH, 4,
                        RC_RX_CFG_PER_VC, 1, RC_RX_CFG_QUEUE_WITHIN_VCS, 1,
                        RC_RX_CFG_VCS, 8));
    CHECK_STEP(MSG(RC_RX_EV_SYMBOL, 8, vc1, 0), RC_OK, 1);
    CHECK_OUT(0, RC_RX_OUT_APPLIED, 1);
    CHECK_QUERY(MSG(RC_RX_Q_CONGESTED, 0, 1), RC_OK, 1);
    CHECK_QUERY(MSG(RC_RX_Q_CONGESTED, 0, 0), RC_OK, 0);
}

/* ---- ep ------------------------------------------------------------------ */

static void ep_xoff_stops_lower_flows_and_orphan_restarts(void)
{
    CREATE(RC_M_EP, cfg_none);
    /* XOFF flow 0C: C and every lower VC0 flow stop (2.4.5 rule 1) */
    CHECK_STEP(MSG(RC_EP_EV_CCP, 0, 0, sym("flow_id", "0C"), 0x34, 1), RC_OK,
               1);
    CHECK_OUT(0, RC_EP_OUT_STOPPED, 0x34, 0x7);
    CHECK_QUERY(MSG(RC_EP_Q_COUNTER, 0x34, 2), RC_OK, 1);
    CHECK_QUERY(MSG(RC_EP_Q_ENABLED, 0x34, 0), RC_OK, 0);
    CHECK_QUERY(MSG(RC_EP_Q_ENABLED, 0x34, 3), RC_OK, 1);
    CHECK_QUERY(MSG(RC_EP_Q_ENABLED, 0x35, 0), RC_OK, 1);
    /* Annex A.2: after the orphan timeout the flow restarts */
    CHECK_STEP(MSG(RC_EP_EV_TICK, 999), RC_OK, 0);
    CHECK_STEP(MSG(RC_EP_EV_TICK, 1), RC_OK, 2);
    CHECK_OUT(0, RC_EP_OUT_ORPHAN, 0x34, 2);
    CHECK_OUT(1, RC_EP_OUT_RESTARTED, 0x34, 0x7);
    CHECK_QUERY(MSG(RC_EP_Q_COUNTER, 0x34, 2), RC_OK, 0);
    /* XOFF then XON (2.4.5 rule 2) */
    CHECK_STEP(MSG(RC_EP_EV_CCP, 0, 0, sym("flow_id", "1A"), 0x34, 1), RC_OK,
               1);
    CHECK_OUT(0, RC_EP_OUT_STOPPED, 0x34, 1u << 6);
    CHECK_STEP(MSG(RC_EP_EV_CCP, 1, 0, sym("flow_id", "1A"), 0x34, 1), RC_OK,
               1);
    CHECK_OUT(0, RC_EP_OUT_RESTARTED, 0x34, 1u << 6);
    /* a tick of 2^64-1 with one flow XOFF'd expires it */
    CHECK_STEP(MSG(RC_EP_EV_CCP, 0, 0, 0, 0x34, 1), RC_OK, 1);
    CHECK_STEP(MSG(RC_EP_EV_TICK, UINT64_MAX), RC_OK, 2);
    CHECK_OUT(0, RC_EP_OUT_ORPHAN, 0x34, 0);
    /* set-up zeroes a counter (I-FCEP-6) */
    CHECK_STEP(MSG(RC_EP_EV_CCP, 0, 0, 2, 0x34, 1), RC_OK, 1);
    CHECK_STEP(MSG(RC_EP_EV_SETUP, 0x34, 2), RC_OK, 1);
    CHECK_OUT(0, RC_EP_OUT_RESTARTED, 0x34, 0x7);
    CHECK_STEP(MSG(RC_EP_EV_SETUP, 0x34, 0x06), RC_RANGE, 0);
    CHECK_STEP(MSG0(RC_EP_EV_RESET), RC_OK, 0);
}

static void ep_ignored_ccps_say_why(void)
{
    CREATE(RC_M_EP, cfg_none);
    CHECK_STEP(MSG(RC_EP_EV_CCP, 0, 0, 0x10, 0x34, 1), RC_OK, 1);
    CHECK_OUT(0, RC_EP_OUT_IGNORED, sym("reason", "reserved_flow_id"));
    CREATE(RC_M_EP, CFG(RC_EP_CFG_CRITICAL, 1));
    CHECK_STEP(MSG(RC_EP_EV_CCP, 0, 0, 0, 0x34, 1), RC_OK, 1);
    CHECK_OUT(0, RC_EP_OUT_IGNORED, sym("reason", "critical_flow"));
    CREATE(RC_M_EP, CFG(RC_EP_CFG_ARB, 1));
    CHECK_STEP(MSG(RC_EP_EV_CCP, 1, 5, 0, 0x34, 1), RC_OK, 1);
    CHECK_OUT(0, RC_EP_OUT_IGNORED, sym("reason", "not_congestion_mgmt"));
    CHECK_STEP(MSG(RC_EP_EV_CCP, 0, 1, 0, 0x34, 1), RC_OK, 1);
    CHECK_OUT(0, RC_EP_OUT_IGNORED, sym("reason", "reserved_fam"));
    /* counter terminal count (width 1): no wrap, nothing new stops */
    CREATE(RC_M_EP, CFG(RC_EP_CFG_WIDTH, 1));
    CHECK_STEP(MSG(RC_EP_EV_CCP, 0, 0, 0, 0x34, 1), RC_OK, 1);
    CHECK_STEP(MSG(RC_EP_EV_CCP, 0, 0, 0, 0x34, 1), RC_OK, 0);
    CHECK_QUERY(MSG(RC_EP_Q_COUNTER, 0x34, 0), RC_OK, 1);
    /* errors */
    CHECK_STEP(MSG(RC_EP_EV_CCP, 2, 0, 0, 0x34, 1), RC_RANGE, 0);
    CHECK_STEP(MSG(RC_EP_EV_CCP, 0, 0, 0, 0x100000000ull, 1), RC_RANGE, 0);
    CHECK_STEP(MSG(RC_EP_EV_CCP, 0, 0x100, 0, 0, 1), RC_RANGE, 0);
    CHECK_QUERY(MSG(RC_EP_Q_ENABLED, 0x34, 0x06), RC_RANGE, 0);
    CHECK_QUERY(MSG(RC_EP_Q_COUNTER, 0x34, 0x80), RC_RANGE, 0);
    void *p;
    CHECK_EQ(make(&p, RC_M_EP, CFG(RC_EP_CFG_ORPHAN, 0)), RC_RANGE);
    CHECK_EQ(make(&p, RC_M_EP, CFG(RC_EP_CFG_WIDTH, 17)), RC_RANGE);
    CHECK_EQ(make(&p, RC_M_EP, CFG(RC_EP_CFG_REV, 4)), RC_INVAL);
    CHECK_EQ(make(&p, RC_M_EP, CFG(RC_EP_CFG_CRITICAL, 0x4000)), RC_RANGE);
}

static void ep_orphan_burst_larger_than_cap_is_full_and_atomic(void)
{
    CREATE(RC_M_EP, cfg_none);
    static const uint64_t ids[14] = {0,    1,    2,    3,    4,    5,    0x41,
                                     0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48};
    for (uint64_t d = 1; d <= 3; d++)
        for (size_t i = 0; i < N_(ids); i++)
            CHECK_EQ(step(MSG(RC_EP_EV_CCP, 0, 0, ids[i], d, 1)), RC_OK);
    CHECK_STEP(MSG(RC_EP_EV_TICK, 1000000), RC_FULL, 0);
    CHECK_QUERY(MSG(RC_EP_Q_COUNTER, 2, 0x48), RC_OK, 1);
    cap = OUTCAP;
    CHECK_EQ(step(MSG(RC_EP_EV_TICK, 1000000)), RC_OK);
    CHECK_EQ(count_kind(RC_EP_OUT_ORPHAN), 42);
    CHECK(nout > RC_MAX_OUTPUTS);
    CHECK_QUERY(MSG(RC_EP_Q_COUNTER, 2, 0x48), RC_OK, 0);
}

/* ---- sw ------------------------------------------------------------------ */

#define CTL_FC 0x00040000u /* Port n Control CSR bit 13 */
#define FTYPE_NWRITE 5u

static void sw_xoff_list_and_xon(void)
{
    CREATE(RC_M_SW, cfg_none);
    /* no port participates after reset (I-FCSW-6) */
    CHECK_STEP(MSG(RC_SW_EV_CANDIDATE, FTYPE_NWRITE, 0, 0, 0, 0x12, 0x34, 2),
               RC_OK, 0);
    CHECK_STEP(MSG(RC_SW_EV_CONGESTED, 1), RC_OK, 1);
    CHECK_OUT(0, RC_SW_OUT_VERDICT, sym("verdict", "not_participant"));
    CHECK_STEP(MSG(RC_SW_EV_PORT_CONTROL, 2, CTL_FC), RC_OK, 1);
    /* request prio 0 -> flow A (Table 2-1); CCP prio 3, CRF 1, SOC 0 */
    CHECK_STEP(MSG(RC_SW_EV_CANDIDATE, FTYPE_NWRITE, 0, 0, 0, 0x12, 0x34, 2),
               RC_OK, 0);
    CHECK_STEP(MSG(RC_SW_EV_CONGESTED, 1), RC_OK, 2);
    CHECK_OUT(0, RC_SW_OUT_CCP, 2, 0, 0, sym("flow_id", "0A"), 0x12, 0x34, 0,
              3, 1);
    CHECK_OUT(1, RC_SW_OUT_VERDICT, sym("verdict", "xoff"));
    CHECK_QUERY(MSG(RC_SW_Q_LISTED, 0x12, 0x34, 0), RC_OK, 1);
    CHECK_QUERY(MSG(RC_SW_Q_LISTED, 0x12, 0x34, 1), RC_OK, 0);
    CHECK_QUERY(MSG0(RC_SW_Q_LIST_LEN), RC_OK, 1);
    /* request prio 2 -> flow C */
    CHECK_STEP(MSG(RC_SW_EV_CANDIDATE, FTYPE_NWRITE, 0, 2, 0, 0x13, 0x34, 2),
               RC_OK, 0);
    CHECK_STEP(MSG(RC_SW_EV_CONGESTED, 1), RC_OK, 2);
    CHECK_OUT(0, RC_SW_OUT_CCP, 2, 0, 0, sym("flow_id", "0C"), 0x13, 0x34, 0,
              3, 1);
    /* maintenance never causes a CCP (P9-2.4.3-a) */
    CHECK_STEP(MSG(RC_SW_EV_CANDIDATE, 8, 0, 0, 0, 0x12, 0x34, 2), RC_OK, 0);
    CHECK_STEP(MSG(RC_SW_EV_CONGESTED, 1), RC_OK, 1);
    CHECK_OUT(0, RC_SW_OUT_VERDICT, sym("verdict", "maintenance"));
    /* abatement: XONs, oldest first */
    CHECK_STEP(MSG(RC_SW_EV_ABATED_PORT, 1), RC_OK, 3);
    CHECK_OUT(0, RC_SW_OUT_CCP, 2, 1, 0, 0, 0x12, 0x34, 0, 3, 1);
    CHECK_OUT(1, RC_SW_OUT_CCP, 2, 1, 0, 2, 0x13, 0x34, 0, 3, 1);
    CHECK_OUT(2, RC_SW_OUT_VERDICT, sym("verdict", "xon"));
    CHECK_QUERY(MSG0(RC_SW_Q_LIST_LEN), RC_OK, 0);
    /* routing a CCP: unchanged, to a participating port */
    CHECK_STEP(MSG(RC_SW_EV_FORWARD, 0, 2, 0, 0, 0, 0, 1, 0x12, 0x34), RC_OK,
               2);
    CHECK_OUT(0, RC_SW_OUT_CCP, 2, 0, 0, 0, 0x12, 0x34, 1, 3, 1);
    CHECK_OUT(1, RC_SW_OUT_VERDICT, sym("verdict", "forwarded"));
    CHECK_STEP(MSG(RC_SW_EV_FORWARD, 0, 3, 0, 0, 0, 0, 1, 0x12, 0x34), RC_OK,
               1);
    CHECK_OUT(0, RC_SW_OUT_VERDICT, sym("verdict", "not_participant"));
}

static void sw_candidates_and_errors(void)
{
    CREATE(RC_M_SW, cfg_none);
    CHECK_STEP(MSG(RC_SW_EV_CONGESTED, 1), RC_STATE, 0);
    for (int i = 0; i < 8; i++)
        CHECK_STEP(MSG(RC_SW_EV_CANDIDATE, FTYPE_NWRITE, 0, 0, 0, 1, 2, 0),
                   RC_OK, 0);
    CHECK_STEP(MSG(RC_SW_EV_CANDIDATE, FTYPE_NWRITE, 0, 0, 0, 1, 2, 0), RC_FULL,
               0);
    CHECK_STEP(MSG(RC_SW_EV_CONGESTED, 8), RC_RANGE, 0);
    CHECK_STEP(MSG(RC_SW_EV_CONGESTED, 1), RC_STATE, 0); /* consumed */
    CHECK_STEP(MSG(RC_SW_EV_CANDIDATE, 16, 0, 0, 0, 1, 2, 0), RC_OK, 0);
    CHECK_STEP(MSG(RC_SW_EV_CONGESTED, 1), RC_RANGE, 0); /* ftype 16 */
    CHECK_STEP(MSG(RC_SW_EV_CANDIDATE, 0x100, 0, 0, 0, 1, 2, 0), RC_RANGE, 0);
    CHECK_STEP(MSG(RC_SW_EV_CANDIDATE, 5, 0, 0, 0, 1, 2, 0x10000), RC_RANGE, 0);
    CHECK_STEP(MSG(RC_SW_EV_ABATED_FLOW, 1, 2, 0), RC_NOENT, 0);
    CHECK_STEP(MSG(RC_SW_EV_ABATED_FLOW, 1, 2, 0x80), RC_RANGE, 0);
    CREATE(RC_M_SW, CFG(RC_SW_CFG_ROLE, 1));
    CHECK_STEP(MSG(RC_SW_EV_FORWARD, 0, 2, 0, 0, 0, 0, 1, 0x12, 0x34),
               RC_NOTSUP, 0);
    void *p;
    CHECK_EQ(make(&p, RC_M_SW, CFG(RC_SW_CFG_TT, 3)), RC_RESERVED);
    CHECK_EQ(make(&p, RC_M_SW, CFG(RC_SW_CFG_REV, 2, RC_SW_CFG_TT, 2)),
             RC_REVISION);
    CHECK_EQ(make(&p, RC_M_SW, CFG(RC_SW_CFG_LIST, 65)), RC_RANGE);
    CHECK_EQ(make(&p, RC_M_SW, CFG(RC_SW_CFG_ROLE, 2)), RC_INVAL);
    /* endpoint role: SOC 1; CRF not supported: CRF 0 */
    CREATE(RC_M_SW, CFG(RC_SW_CFG_ROLE, 1, RC_SW_CFG_CRF, 0));
    CHECK_STEP(MSG(RC_SW_EV_PORT_CONTROL, 0, CTL_FC), RC_OK, 1);
    CHECK_STEP(MSG(RC_SW_EV_CANDIDATE, FTYPE_NWRITE, 0, 1, 0, 0x12, 0x34, 0),
               RC_OK, 0);
    CHECK_STEP(MSG(RC_SW_EV_CONGESTED, 0), RC_OK, 2);
    CHECK_OUT(0, RC_SW_OUT_CCP, 0, 0, 0, sym("flow_id", "0B"), 0x12, 0x34, 1,
              3, 0);
}

static void sw_abating_a_full_list_needs_65_outputs(void)
{
    CREATE(RC_M_SW, CFG(RC_SW_CFG_LIST, 64));
    CHECK_STEP(MSG(RC_SW_EV_PORT_CONTROL, 2, CTL_FC), RC_OK, 1);
    for (uint64_t i = 0; i < 64; i++) {
        CHECK_EQ(step(MSG(RC_SW_EV_CANDIDATE, FTYPE_NWRITE, 0, 0, 0, i, 0x34, 2)),
                 RC_OK);
        CHECK_EQ(step(MSG(RC_SW_EV_CONGESTED, 1)), RC_OK);
    }
    CHECK_QUERY(MSG0(RC_SW_Q_LIST_LEN), RC_OK, 64);
    CHECK_STEP(MSG(RC_SW_EV_ABATED_PORT, 1), RC_FULL, 0);
    CHECK_QUERY(MSG0(RC_SW_Q_LIST_LEN), RC_OK, 64); /* unchanged */
    cap = OUTCAP;
    CHECK_STEP(MSG(RC_SW_EV_ABATED_PORT, 1), RC_OK, 65);
    CHECK_QUERY(MSG0(RC_SW_Q_LIST_LEN), RC_OK, 0);
}

/* ---- arbtx / arbrx ------------------------------------------------------- */

static void arbtx_request_grant_data_release(void)
{
    const uint64_t single = sym("mode", "single");
    CREATE(RC_M_ARBTX, cfg_none);
    /* rule 1: no data before a grant; the REQUEST carries bit 0 */
    CHECK_EQ(step(MSG(RC_ARBTX_EV_PDU, 0, single, 2)), RC_OK);
    CHECK(nout >= 1);
    CHECK_OUT(0, RC_ARBTX_OUT_MSG, sym("cmd", "REQUEST_SINGLE"), 0, 0, 0,
              sym("travel", "other")); /* own_flow 0: control channel */
    CHECK_EQ(count_kind(RC_ARBTX_OUT_MSG), 1);
    CHECK_QUERY(MSG(RC_ARBTX_Q_MAY_SEND, 0), RC_OK, 0);
    CHECK_QUERY(MSG(RC_ARBTX_Q_OUTSTANDING, 0), RC_OK, 1);
    CHECK_EQ(step(MSG(RC_ARBTX_EV_SLOT, 0)), RC_OK);
    CHECK_EQ(count_kind(RC_ARBTX_OUT_DATA), 0);
    /* XON(ARB) with the bit: granted */
    CHECK_EQ(step(MSG(RC_ARBTX_EV_CCP, 0, sym("cmd", "XON_ARB"), 0)), RC_OK);
    CHECK_EQ(count_kind(RC_ARBTX_OUT_MSG), 0);
    CHECK_EQ(count_kind(RC_ARBTX_OUT_NOTE), nout);
    CHECK_QUERY(MSG(RC_ARBTX_Q_MAY_SEND, 0), RC_OK, 1);
    CHECK_QUERY(MSG(RC_ARBTX_Q_OUTSTANDING, 0), RC_OK, 0);
    CHECK_QUERY(MSG(RC_ARBTX_Q_NEXT_SEQ, 0), RC_OK, 1); /* rule 4 */
    CHECK_QUERY(MSG(RC_ARBTX_Q_QUEUED, 0), RC_OK, 1);
    CHECK_EQ(step(MSG(RC_ARBTX_EV_SLOT, 0)), RC_OK);
    CHECK_OUT(0, RC_ARBTX_OUT_DATA, 0, 0, 0, 0);
    CHECK_EQ(step(MSG(RC_ARBTX_EV_SLOT, 0)), RC_OK);
    CHECK_OUT(0, RC_ARBTX_OUT_DATA, 0, 0, 1, 1);
    CHECK_EQ(count_kind(RC_ARBTX_OUT_MSG), 0); /* single PDU: no RELEASE */
    CHECK_QUERY(MSG(RC_ARBTX_Q_QUEUED, 0), RC_OK, 0);
    /* a static flow sends without asking (I-ARB-11) */
    CREATE(RC_M_ARBTX, CFG(RC_ARBTX_CFG_STATIC_MASK, 2));
    CHECK_EQ(step(MSG(RC_ARBTX_EV_PDU, 1, single, 1)), RC_OK);
    CHECK_EQ(count_kind(RC_ARBTX_OUT_MSG), 0);
    CHECK_EQ(step(MSG(RC_ARBTX_EV_SLOT, 1)), RC_OK);
    CHECK_OUT(0, RC_ARBTX_OUT_DATA, 1, 0, 0, 1);
    /* timeout re-issue keeps the bit (rules 3, 4) */
    CREATE(RC_M_ARBTX, CFG(RC_ARBTX_CFG_TIMEOUT, 5));
    CHECK_EQ(step(MSG(RC_ARBTX_EV_PDU, 0, sym("mode", "multi"), 1)), RC_OK);
    CHECK_OUT(0, RC_ARBTX_OUT_MSG, sym("cmd", "REQUEST_MULTI"), 0, 0, 0,
              sym("travel", "other"));
    CHECK_EQ(step(MSG(RC_ARBTX_EV_TICK, 4)), RC_OK);
    CHECK_EQ(count_kind(RC_ARBTX_OUT_MSG), 0);
    CHECK_EQ(step(MSG(RC_ARBTX_EV_TICK, 1)), RC_OK);
    CHECK_OUT(0, RC_ARBTX_OUT_MSG, sym("cmd", "REQUEST_MULTI"), 0, 0, 1,
              sym("travel", "other"));
    /* RELEASE travels in its own flow (rule 12), behind the last packet */
    CHECK_EQ(step(MSG(RC_ARBTX_EV_CCP, 0, sym("cmd", "XON_ARB"), 0)), RC_OK);
    CHECK_EQ(step(MSG(RC_ARBTX_EV_END, 0)), RC_OK);
    CHECK_EQ(step(MSG(RC_ARBTX_EV_SLOT, 0)), RC_OK);
    CHECK_OUT(0, RC_ARBTX_OUT_DATA, 0, 0, 0, 1);
    CHECK_OUT(1, RC_ARBTX_OUT_MSG, sym("cmd", "RELEASE"), 0, 0, 0,
              sym("travel", "own"));
    /* errors */
    CHECK_STEP(MSG(RC_ARBTX_EV_TICK, 0x100000000ull), RC_RANGE, 0);
    CHECK_STEP(MSG(RC_ARBTX_EV_PDU, 0, 2, 1), RC_INVAL, 0);
    CHECK_STEP(MSG(RC_ARBTX_EV_PDU, 2, single, 1), RC_RANGE, 0);
    CHECK_STEP(MSG(RC_ARBTX_EV_PDU, 0, single, 0), RC_RANGE, 0);
    CHECK_STEP(MSG(RC_ARBTX_EV_CCP, 0, 8, 0), RC_INVAL, 0);
    CHECK_STEP(MSG(RC_ARBTX_EV_CCP, 0, sym("cmd", "XON_ARB"), 2), RC_RANGE, 0);
    CHECK_QUERY(MSG(RC_ARBTX_Q_QUEUED, 2), RC_RANGE, 0);
    void *p;
    CHECK_EQ(make(&p, RC_M_ARBTX, CFG(RC_ARBTX_CFG_STATIC_MASK, 4)), RC_RANGE);
    CHECK_EQ(make(&p, RC_M_ARBTX, CFG(RC_ARBTX_CFG_FLOWS, 17)), RC_RANGE);
    CHECK_EQ(make(&p, RC_M_ARBTX, CFG(RC_ARBTX_CFG_FLOWS, 0)), RC_RANGE);
}

static void arbrx_grant_free_and_violations(void)
{
    CREATE(RC_M_ARBRX, cfg_none);
    CHECK_STEP(MSG(RC_ARBRX_EV_CCP, 0, sym("cmd", "REQUEST_SINGLE"), 0), RC_OK,
               2);
    CHECK_OUT(0, RC_ARBRX_OUT_MSG, sym("cmd", "XON_ARB"), 0, 0, 0);
    CHECK_OUT(1, RC_ARBRX_OUT_ALLOCATED, 0);
    CHECK_QUERY(MSG0(RC_ARBRX_Q_FREE), RC_OK, 0);
    CHECK_QUERY(MSG(RC_ARBRX_Q_ALLOCATED, 0), RC_OK, 1);
    /* pool empty: rejected */
    CHECK_STEP(MSG(RC_ARBRX_EV_CCP, 1, sym("cmd", "REQUEST_SINGLE"), 0), RC_OK,
               1);
    CHECK_OUT(0, RC_ARBRX_OUT_MSG, sym("cmd", "XOFF_ARB"), 0, 1, 0);
    /* last segment frees a single-PDU resource (P9-2.2.1-a) */
    CHECK_STEP(MSG(RC_ARBRX_EV_DATA, 0, 1, 0), RC_OK, 1);
    CHECK_OUT(0, RC_ARBRX_OUT_FREED, 0, sym("reason", "last_segment"));
    /* data without a resource (P9-2.4.7-1) */
    CHECK_STEP(MSG(RC_ARBRX_EV_DATA, 1, 0, 0), RC_OK, 1);
    CHECK_OUT(0, RC_ARBRX_OUT_VIOLATION, sym("violation", "data_without_grant"), 1);
    /* multi-PDU: de-allocation request, RELEASE frees */
    CHECK_STEP(MSG(RC_ARBRX_EV_CCP, 0, sym("cmd", "REQUEST_MULTI"), 1), RC_OK,
               2);
    CHECK_OUT(0, RC_ARBRX_OUT_MSG, sym("cmd", "XON_ARB"), 1, 0, 0);
    CHECK_STEP(MSG(RC_ARBRX_EV_ASK_DEALLOC, 0), RC_OK, 1);
    CHECK_OUT(0, RC_ARBRX_OUT_MSG, sym("cmd", "XOFF_ARB"), 1, 0, 1);
    CHECK_STEP(MSG(RC_ARBRX_EV_CCP, 0, sym("cmd", "RELEASE"), 1), RC_OK, 1);
    CHECK_OUT(0, RC_ARBRX_OUT_FREED, 0, sym("reason", "release"));
    CHECK_STEP(MSG(RC_ARBRX_EV_CCP, 1, sym("cmd", "REQUEST_MULTI"), 1), RC_OK,
               2);
    CHECK_STEP(MSG0(RC_ARBRX_EV_RESET), RC_OK, 1);
    CHECK_OUT(0, RC_ARBRX_OUT_FREED, 1, sym("reason", "reset"));
    /* errors */
    CHECK_STEP(MSG(RC_ARBRX_EV_ASK_DEALLOC, 0), RC_STATE, 0);
    CHECK_STEP(MSG(RC_ARBRX_EV_DECIDE, 0, 1), RC_NOENT, 0);
    CHECK_STEP(MSG(RC_ARBRX_EV_TICK, 0x100000000ull), RC_RANGE, 0);
    CHECK_STEP(MSG(RC_ARBRX_EV_CCP, 2, 5, 0), RC_RANGE, 0);
    CHECK_STEP(MSG(RC_ARBRX_EV_CCP, 0, 99, 0), RC_INVAL, 0);
    CHECK_STEP(MSG(RC_ARBRX_EV_DATA, 0, 2, 0), RC_RANGE, 0);
    CHECK_QUERY(MSG(RC_ARBRX_Q_HELD, 2), RC_RANGE, 0);
}

static void arbrx_decide_and_idle_timeout(void)
{
    CREATE(RC_M_ARBRX, CFG(RC_ARBRX_CFG_ANSWER, 1));
    CHECK_STEP(MSG(RC_ARBRX_EV_CCP, 0, sym("cmd", "REQUEST_SINGLE"), 0), RC_OK,
               0);
    CHECK_QUERY(MSG(RC_ARBRX_Q_HELD, 0), RC_OK, 1);
    CHECK_STEP(MSG(RC_ARBRX_EV_DECIDE, 0, 1), RC_OK, 2);
    CHECK_OUT(0, RC_ARBRX_OUT_MSG, sym("cmd", "XON_ARB"), 0, 0, 0);
    CHECK_OUT(1, RC_ARBRX_OUT_ALLOCATED, 0);
    CHECK_QUERY(MSG(RC_ARBRX_Q_HELD, 0), RC_OK, 0);
    /* 2.4.8: idle single-PDU resource freed at the timeout */
    CREATE(RC_M_ARBRX, CFG(RC_ARBRX_CFG_IDLE, 10));
    CHECK_STEP(MSG(RC_ARBRX_EV_CCP, 0, sym("cmd", "REQUEST_SINGLE"), 0), RC_OK,
               2);
    CHECK_STEP(MSG(RC_ARBRX_EV_TICK, 9), RC_OK, 0);
    CHECK_STEP(MSG(RC_ARBRX_EV_TICK, 1), RC_OK, 1);
    CHECK_OUT(0, RC_ARBRX_OUT_FREED, 0, sym("reason", "idle_timeout"));
    void *p;
    CHECK_EQ(make(&p, RC_M_ARBRX, CFG(RC_ARBRX_CFG_POOL, 65536)), RC_RANGE);
    CHECK_EQ(make(&p, RC_M_ARBRX, CFG(RC_ARBRX_CFG_ANSWER, 2)), RC_INVAL);
    CHECK_EQ(make(&p, RC_M_ARBRX, CFG(RC_ARBRX_CFG_POLICY, 1)), RC_OK);
}

static void arbrx_aborted_pdu_and_release_timeout_free(void)
{
    /* 2.4.8: an aborted single PDU frees its resource (P9-2.4.8-a) */
    CREATE(RC_M_ARBRX, cfg_none);
    CHECK_STEP(MSG(RC_ARBRX_EV_CCP, 0, sym("cmd", "REQUEST_SINGLE"), 0), RC_OK,
               2);
    CHECK_STEP(MSG(RC_ARBRX_EV_DATA, 0, 0, 1), RC_OK, 1);
    CHECK_OUT(0, RC_ARBRX_OUT_FREED, 0, sym("reason", "aborted"));
    /* multi PDU: no RELEASE after the de-allocation XOFF(ARB) within the
     * second timeout: freed asynchronously (P9-2.4.8-b, I-ARB-12) */
    CREATE(RC_M_ARBRX, CFG(RC_ARBRX_CFG_RELEASE, 5));
    CHECK_STEP(MSG(RC_ARBRX_EV_CCP, 0, sym("cmd", "REQUEST_MULTI"), 0), RC_OK,
               2);
    CHECK_STEP(MSG(RC_ARBRX_EV_ASK_DEALLOC, 0), RC_OK, 1);
    CHECK_OUT(0, RC_ARBRX_OUT_MSG, sym("cmd", "XOFF_ARB"), 0, 0, 1);
    CHECK_STEP(MSG(RC_ARBRX_EV_TICK, 4), RC_OK, 0);
    CHECK_STEP(MSG(RC_ARBRX_EV_TICK, 1), RC_OK, 1);
    CHECK_OUT(0, RC_ARBRX_OUT_FREED, 0, sym("reason", "release_timeout"));
    CHECK_QUERY(MSG0(RC_ARBRX_Q_FREE), RC_OK, 1);
}

/* ---- every event kind with arbitrary arguments -------------------------- */

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint64_t xorshift(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static uint64_t arb_value(void)
{
    static const uint64_t edge[] = {
        0,          1,          2,           3,          7,
        8,          0x10,       0x20,        0x3F,       0x40,
        0x41,       0x48,       0x7F,        0x80,       0xFF,
        0x100,      255,        256,         0x2001,     0x3FFF,
        0xFFFF,     0x10000,    0xFFFFFF,    0x1000000,  0x00800000,
        0x00400000, 0x00C00000, 0x20900000,  0xFFFFFFFF, 0x100000000ull,
        UINT64_MAX, 0x420,      0x41C,       0x30C,      RC_NONE};
    uint64_t r = xorshift();
    switch (r % 8u) {
    case 0:
    case 1:
    case 2:
    case 3:
        return (r >> 8) % 10u;
    case 4:
    case 5:
        return edge[(r >> 8) % N_(edge)];
    case 6:
        return (r >> 8) % 70000u;
    default:
        return xorshift();
    }
}

/* Known spec symbols, so that byte-string events also reach deep paths. */
static void arb_bytes(uint64_t *a)
{
    static const char *const hex[] = {"807FC4003902", "807FC0000A35",
                                      "DF000100E2BE8698", "4000FFF0E21F8884",
                                      "01C712340001E057",
                                      "01E701020304050607080083BE460000"};
    const char *h = hex[xorshift() % N_(hex)];
    a[0] = strlen(h) / 2u;
    a[1] = be(h, 0);
    a[2] = be(h, 1);
    if (xorshift() % 4u == 0)
        a[1] ^= 1ull << (xorshift() % 64u); /* a bit flip */
}

static int outputs_are_well_formed(const struct mtab *t, int rc)
{
    if (nout > cap)
        return 0;
    if (rc != RC_OK && rc != RC_CRC && nout != 0)
        return 0;
    for (uint32_t i = 0; i < nout; i++) {
        const struct tk *k = tk_find(t->out, t->nout, out[i].kind);
        if (k == NULL || out[i].nargs != tk_nargs(k))
            return 0;
        for (uint32_t j = out[i].nargs; j < RC_MAX_ARGS; j++)
            if (out[i].arg[j] != 0)
                return 0;
    }
    return 1;
}

static void every_event_kind_with_arbitrary_arguments_is_defined(void)
{
    unsigned creates_ok = 0, steps_ok = 0, steps = 0;
    for (unsigned m = 0; m < RC_MACHINE_COUNT; m++) {
        const struct mtab *t = &mtabs[m];
        for (unsigned it = 0; it < 60; it++) {
            /* a config: mostly small values for a few known keys */
            struct rc_config c = cfg_none;
            c.n = (uint32_t)(xorshift() % 4u);
            for (uint32_t i = 0; i < c.n; i++) {
                const struct tkey *k = &t->cfg[xorshift() % t->ncfg];
                c.kv[i].key = xorshift() % 16u == 0 ? (uint32_t)xorshift()
                                                    : k->key;
                c.kv[i].value = xorshift() % 3u == 0 ? k->def : arb_value();
            }
            void *p = NULL;
            int rc = dut->machine[m].create(dut->ctx, &p, &c);
            CHECK_EQ_AT(m, known_result(rc), 1);
            if (rc != RC_OK) {
                CHECK(p == NULL);
                continue;
            }
            creates_ok++;
            use(m, p);
            cap = xorshift() % 4u == 0 ? OUTCAP : RC_MAX_OUTPUTS;
            for (unsigned s = 0; s < 150; s++) {
                struct rc_msg ev;
                memset(&ev, 0, sizeof ev);
                const struct tk *k = &t->ev[xorshift() % t->nev];
                ev.kind = xorshift() % 32u == 0 ? (uint32_t)xorshift() : k->kind;
                ev.nargs = xorshift() % 32u == 0 ? (uint32_t)(xorshift() % 20u)
                                                 : tk_nargs(k);
                for (uint32_t j = 0; j < RC_MAX_ARGS; j++)
                    ev.arg[j] = arb_value();
                if (tk_nargs(k) >= 3 && xorshift() % 2u == 0)
                    arb_bytes(&ev.arg[tk_nargs(k) - 3u]);
                rc = dut->machine[m].step(p, &ev, out, cap, &nout);
                steps++;
                steps_ok += rc == RC_OK;
                CHECK_EQ_AT(s, known_result(rc), 1);
                CHECK_EQ_AT(s, outputs_are_well_formed(t, rc), 1);
                struct rc_msg q;
                memset(&q, 0, sizeof q);
                const struct tk *qk = &t->q[xorshift() % t->nq];
                q.kind = qk->kind;
                q.nargs = tk_nargs(qk);
                for (uint32_t j = 0; j < RC_MAX_ARGS; j++)
                    q.arg[j] = arb_value();
                uint64_t v = 0xDEAD;
                rc = dut->machine[m].query(p, &q, &v);
                CHECK_EQ_AT(s, known_result(rc), 1);
                if (rc != RC_OK)
                    CHECK_EQ_AT(s, v, 0);
            }
            dut->machine[m].destroy(p);
        }
    }
    /* the loop must actually exercise the machines */
    CHECK(creates_ok > 200);
    CHECK(steps_ok > steps / 10u);
}

int main(int argc, char **argv)
{
    (void)argc;
    dut = rc_refdut();
    T(dut_entry_and_profile_describe_every_machine);
    T(every_machine_rejects_bad_config_and_bad_messages);
    T(codec_cs48_known_answers);
    T(codec_cs64_known_answers);
    T(codec_stype2_known_answers);
    T(codec_ccp_known_answers);
    T(codec_fam_and_flow_tables);
    T(codec_byte_strings_must_be_canonical);
    T(codec_config_and_query);
    T(p12reg_reset_values_and_header);
    T(p12reg_write_reports_and_policies);
    T(p12reg_config_describes_ports);
    T(p9reg_bits_and_gating);
    T(gen_sends_on_status_change);
    T(gen_per_vc_symbols_ride_status_or_vc_status);
    T(gen_refresh_timer_counts_ticks_and_never_drops);
    T(gen_config_errors);
    T(rx_applies_backpressure_and_stages);
    T(rx_map_before_traffic_makes_co_mingling);
    T(rx_route_by_destination_id);
    T(rx_per_vc_and_cs64);
    T(rx_every_ignore_and_discard_reason);
    T(ep_xoff_stops_lower_flows_and_orphan_restarts);
    T(ep_ignored_ccps_say_why);
    T(ep_orphan_burst_larger_than_cap_is_full_and_atomic);
    T(sw_xoff_list_and_xon);
    T(sw_candidates_and_errors);
    T(sw_abating_a_full_list_needs_65_outputs);
    T(arbtx_request_grant_data_release);
    T(arbrx_grant_free_and_violations);
    T(arbrx_decide_and_idle_timeout);
    T(arbrx_aborted_pdu_and_release_timeout_free);
    T(every_event_kind_with_arbitrary_arguments_is_defined);
    return check_finish(argv[0]);
}
