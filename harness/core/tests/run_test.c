/* SPDX-License-Identifier: Apache-2.0 */
/* The runner's judgement of vector language v2 (docs/vector-format.md, "The
 * permitted space"): order, allow, bound values, wait windows, branches,
 * per-step attribution, declared policies - each proved to pass the
 * behaviour it permits and to fail the one it does not. The DUT is a
 * scripted gen machine: every step outputs the symbols the test put in its
 * script for that call (or echoes the event, see fake_step). */
#include <stdlib.h>
#include <string.h>

#include "../../../reference/tests/check.h"
#include "../../oracle/oracle.h"
#include "../run.h"

/* ---- the scripted DUT ---------------------------------------------------- */

#define MAX_CALLS 32
#define MAX_OUT 8
struct sym {
    uint64_t tx_port, vc, status;
};
static struct {
    struct sym out[MAX_CALLS][MAX_OUT];
    unsigned nout[MAX_CALLS];
    unsigned calls;       /* step calls since create */
    unsigned fire_at;     /* tick: output one symbol at this call (1-based) */
} sc;

static void script_reset(void)
{
    memset(&sc, 0, sizeof sc);
}

static void script(unsigned call, uint64_t tx_port, uint64_t vc, uint64_t status)
{
    unsigned k = sc.nout[call]++;
    sc.out[call][k] = (struct sym){tx_port, vc, status};
}

static int inst_dummy;
static int create_rc; /* what fake_create answers (RC_OK: an instance) */
static int fake_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    (void)cfg;
    if (create_rc != RC_OK)
        return create_rc;
    sc.calls = 0;
    *inst = &inst_dummy;
    return RC_OK;
}

static void fake_destroy(void *inst)
{
    (void)inst;
}

static void put(struct rc_msg *o, uint64_t tx_port, uint64_t vc, uint64_t status)
{
    memset(o, 0, sizeof *o);
    o->kind = RC_GEN_OUT_SYMBOL;
    o->nargs = 7;
    o->arg[0] = tx_port;
    o->arg[1] = vc;
    o->arg[3] = status;
}

/* congest port=P vc=V on=O: echoes a symbol tx_port=P vc=V status=O; tick:
 * the scripted outputs of this call, or (fire_at) one symbol at that call;
 * csr: the scripted outputs of this call. */
static int csr_rc; /* what a csr event answers (RC_OK by default) */
static int fake_step(void *inst, const struct rc_msg *ev, struct rc_msg *out, uint32_t cap,
                     uint32_t *n)
{
    (void)inst;
    (void)cap;
    unsigned c = sc.calls++;
    *n = 0;
    if (ev->kind == RC_GEN_EV_CSR && csr_rc != RC_OK)
        return csr_rc;
    if (ev->kind == RC_GEN_EV_CONGEST) {
        put(&out[0], ev->arg[0], ev->arg[1], ev->arg[2]);
        *n = 1;
        return RC_OK;
    }
    if (ev->kind == RC_GEN_EV_TICK && sc.fire_at) {
        if (c + 1 == sc.fire_at) {
            put(&out[0], 0, RC_VC_ALL, 1);
            *n = 1;
        }
        return RC_OK;
    }
    if (c < MAX_CALLS)
        for (unsigned k = 0; k < sc.nout[c]; k++)
            put(&out[(*n)++], sc.out[c][k].tx_port, sc.out[c][k].vc, sc.out[c][k].status);
    return RC_OK;
}

static int fake_query(void *inst, const struct rc_msg *q, uint64_t *v)
{
    (void)inst;
    (void)q;
    *v = 1;
    return RC_OK;
}

static struct rc_dut fake = {
    .abi_version = RC_DUT_ABI_VERSION,
    .name = "scripted",
    .version = "1",
    .profile = {.p12_revs = 1u << 3, .caps = RC_CAP_GEN, .ports = 8},
    .machine = {[RC_M_GEN] = {fake_create, fake_destroy, fake_step, fake_query}},
};

/* Run the one vector of text (after a standard header) against the fake. */
static enum rc_verdict run(const char *steps, struct rc_vec_result *res)
{
    char text[4096];
    snprintf(text, sizeof text,
             "vector t\nrules R1 R2\nrev p12r3\ncite test\nmachine gen\n%send\n", steps);
    struct vec_set s = {0};
    char err[512] = "";
    if (vec_load_text(&s, "t.vec", text, strlen(text), err, sizeof err) != 0) {
        fprintf(stderr, "  parse error: %s\n", err);
        vec_set_free(&s);
        return (enum rc_verdict)99;
    }
    struct rc_run_opts o = {0};
    rc_run_vector(&fake, &s.rec[0], &o, res);
    vec_set_free(&s);
    return res->verdict;
}

static enum rc_verdict run1(const char *steps)
{
    struct rc_vec_result res;
    return run(steps, &res);
}

/* ---- order -------------------------------------------------------------- */

static void run_order_any_accepts_any_order_only_when_declared(void)
{
    const char *body = "do csr port=0 value=0\n"
                       "expect symbol tx_port=0 status=2\n"
                       "expect symbol tx_port=1 status=3\n";
    char withany[512];
    script_reset();
    script(0, 1, 0, 3);
    script(0, 0, 0, 2);
    CHECK_EQ(run1(body), RC_V_FAIL);
    snprintf(withany, sizeof withany, "%sorder any\n", body);
    script_reset();
    script(0, 1, 0, 3);
    script(0, 0, 0, 2);
    CHECK_EQ(run1(withany), RC_V_PASS);
    /* any order, but still exactly these outputs */
    script_reset();
    script(0, 1, 0, 3);
    script(0, 0, 0, 2);
    script(0, 0, 0, 2);
    CHECK_EQ(run1(withany), RC_V_FAIL);
}

static void run_order_by_key_keeps_order_within_a_key(void)
{
    const char *body = "do csr port=0 value=0\n"
                       "order by tx_port\n"
                       "expect symbol tx_port=0 status=1\n"
                       "expect symbol tx_port=0 status=2\n"
                       "expect symbol tx_port=1 status=3\n";
    script_reset(); /* links interleaved, per-link order kept: pass */
    script(0, 1, 0, 3);
    script(0, 0, 0, 1);
    script(0, 0, 0, 2);
    CHECK_EQ(run1(body), RC_V_PASS);
    script_reset(); /* link 0 reversed: fail */
    script(0, 0, 0, 2);
    script(0, 1, 0, 3);
    script(0, 0, 0, 1);
    CHECK_EQ(run1(body), RC_V_FAIL);
}

/* ---- allow -------------------------------------------------------------- */

static void run_allow_permits_extra_outputs_up_to_max(void)
{
    const char *plain = "do csr port=0 value=0\nexpect symbol tx_port=0 status=2\n";
    const char *allowed = "do csr port=0 value=0\nexpect symbol tx_port=0 status=2\n"
                          "allow symbol tx_port=5\n";
    const char *bounded = "do csr port=0 value=0\nexpect symbol tx_port=0 status=2\n"
                          "allow symbol tx_port=5 max=1\n";
    script_reset();
    script(0, 5, 0, 9);
    script(0, 0, 0, 2);
    CHECK_EQ(run1(plain), RC_V_FAIL);
    script_reset();
    script(0, 5, 0, 9);
    script(0, 0, 0, 2);
    CHECK_EQ(run1(allowed), RC_V_PASS);
    script_reset(); /* the expected output is still required */
    script(0, 5, 0, 9);
    CHECK_EQ(run1(allowed), RC_V_FAIL);
    script_reset(); /* an output the allow line does not match */
    script(0, 6, 0, 9);
    script(0, 0, 0, 2);
    CHECK_EQ(run1(allowed), RC_V_FAIL);
    script_reset();
    script(0, 5, 0, 9);
    script(0, 0, 0, 2);
    script(0, 5, 0, 9);
    CHECK_EQ(run1(allowed), RC_V_PASS);
    CHECK_EQ(run1(bounded), RC_V_FAIL);
    /* `expect none` plus allow: only allowed outputs */
    script_reset();
    script(0, 5, 0, 9);
    CHECK_EQ(run1("do csr port=0 value=0\nexpect none\nallow symbol tx_port=5\n"), RC_V_PASS);
}

/* ---- bound values -------------------------------------------------------- */

static void run_bound_values_follow_the_dut(void)
{
    /* the DUT chooses status 7; the vector binds it and uses it later */
    const char *ok = "do csr port=0 value=0\nexpect symbol tx_port=0 status=?s\n"
                     "do congest port=$s vc=0 on=1\nexpect symbol tx_port=${s} status=1\n"
                     "do congest port=${s^1} vc=0 on=1\nexpect symbol tx_port=6\n"
                     "do congest port=${s+1} vc=0 on=1\nexpect symbol tx_port=8\n";
    const char *wrong = "do csr port=0 value=0\nexpect symbol tx_port=0 status=?s\n"
                        "do congest port=$s vc=0 on=1\nexpect symbol tx_port=${s^1}\n";
    script_reset();
    script(0, 0, 0, 7);
    CHECK_EQ(run1(ok), RC_V_PASS);
    script_reset();
    script(0, 0, 0, 3); /* another choice: the same vector passes */
    CHECK_EQ(run1("do csr port=0 value=0\nexpect symbol tx_port=0 status=?s\n"
                  "do congest port=$s vc=0 on=1\nexpect symbol tx_port=${s} status=1\n"),
             RC_V_PASS);
    script_reset();
    script(0, 0, 0, 7);
    CHECK_EQ(run1(wrong), RC_V_FAIL);
    /* ?name on a bound name compares */
    script_reset();
    script(0, 0, 0, 7);
    script(1, 0, 0, 8);
    CHECK_EQ(run1("do csr port=0 value=0\nexpect symbol status=?s\n"
                  "do csr port=0 value=0\nexpect symbol status=?s\n"),
             RC_V_FAIL);
}

static void run_bound_names_are_checked_by_the_parser(void)
{
    struct vec_set s = {0};
    char err[512] = "";
    const char *use_before = "vector a\nrules R\nrev p12r3\ncite c\nmachine gen\n"
                             "do congest port=$s\nend\n";
    CHECK_EQ(vec_load_text(&s, "t.vec", use_before, strlen(use_before), err, sizeof err), -1);
    CHECK(strstr(err, "t.vec:6:") != NULL && strstr(err, "before a ?s binds it") != NULL);
    const char *capture_in_do = "vector a\nrules R\nrev p12r3\ncite c\nmachine gen\n"
                                "do congest port=?s\nend\n";
    CHECK_EQ(vec_load_text(&s, "t.vec", capture_in_do, strlen(capture_in_do), err,
                           sizeof err), -1);
    CHECK(strstr(err, "binds a value only in an expect line") != NULL);
    const char *profile_name = "vector a\nrules R\nrev p12r3\ncite c\nmachine gen\n"
                               "do tick\nexpect symbol status=?ports\nend\n";
    CHECK_EQ(vec_load_text(&s, "t.vec", profile_name, strlen(profile_name), err,
                           sizeof err), -1);
    CHECK(strstr(err, "is a profile variable") != NULL);
    const char *not_in_rules = "vector a\nrules R\nrev p12r3\ncite c\nmachine gen\n"
                               "checks Q\ndo tick\nend\n";
    CHECK_EQ(vec_load_text(&s, "t.vec", not_in_rules, strlen(not_in_rules), err,
                           sizeof err), -1);
    CHECK(strstr(err, "t.vec:6: 'checks': rule Q is not on") != NULL);
    const char *unknown_policy = "vector a\nrules R\nrev p12r3\ncite c\npolicy colour=red\n";
    CHECK_EQ(vec_load_text(&s, "t.vec", unknown_policy, strlen(unknown_policy), err,
                           sizeof err), -1);
    CHECK(strstr(err, "t.vec:5: unknown policy 'colour'") != NULL);
    const char *bad_value = "vector a\nrules R\nrev p12r3\ncite c\n"
                            "policy sw_restart_order=sideways\n";
    CHECK_EQ(vec_load_text(&s, "t.vec", bad_value, strlen(bad_value), err, sizeof err), -1);
    CHECK(strstr(err, "has no value 'sideways'") != NULL);
    const char *order_keys = "vector a\nrules R\nrev p12r3\ncite c\nmachine gen\n"
                             "do tick\norder by tx_port\nexpect symbol status=1\nend\n";
    CHECK_EQ(vec_load_text(&s, "t.vec", order_keys, strlen(order_keys), err, sizeof err), -1);
    CHECK(strstr(err, "t.vec:8: this expect line does not give every argument") != NULL);
    const char *no_upto = "vector a\nrules R\nrev p12r3\ncite c\nmachine gen\n"
                          "wait tick n=1\nend\n";
    CHECK_EQ(vec_load_text(&s, "t.vec", no_upto, strlen(no_upto), err, sizeof err), -1);
    CHECK(strstr(err, "'wait' needs upto=N") != NULL);
    const char *empty_branch = "vector a\nrules R\nrev p12r3\ncite c\nmachine gen\n"
                               "do tick\nbranch\nbranch\nexpect none\nend\n";
    CHECK_EQ(vec_load_text(&s, "t.vec", empty_branch, strlen(empty_branch), err,
                           sizeof err), -1);
    CHECK(strstr(err, "an empty 'branch'") != NULL);
    CHECK_EQ(s.n, 0);
    vec_set_free(&s);
}

/* ---- wait ---------------------------------------------------------------- */

static void run_wait_accepts_a_window_and_rejects_outside_it(void)
{
    script_reset();
    sc.fire_at = 5;
    CHECK_EQ(run1("wait tick n=1 upto=10\nexpect symbol tx_port=0\n"), RC_V_PASS);
    CHECK_EQ(run1("wait tick n=1 upto=5 from=5\nexpect symbol tx_port=0\n"), RC_V_PASS);
    CHECK_EQ(run1("wait tick n=1 upto=4\nexpect symbol tx_port=0\n"), RC_V_FAIL);
    CHECK_EQ(run1("wait tick n=1 from=6 upto=10\nexpect symbol tx_port=0\n"), RC_V_FAIL);
    /* the steps after the wait continue from where it stopped */
    CHECK_EQ(run1("wait tick n=1 upto=10\nexpect symbol tx_port=0\ndo tick n=1\n"
                  "expect none\n"),
             RC_V_PASS);
}

/* ---- branch -------------------------------------------------------------- */

static void run_branch_passes_when_one_alternative_passes(void)
{
    const char *body = "do csr port=0 value=0\n"
                       "branch\nexpect symbol status=1\n"
                       "branch\nexpect symbol status=2\n";
    struct rc_vec_result res;
    script_reset();
    script(0, 0, 0, 2);
    CHECK_EQ(run(body, &res), RC_V_PASS);
    script_reset();
    script(0, 0, 0, 3);
    CHECK_EQ(run(body, &res), RC_V_FAIL);
    CHECK(strstr(res.detail, "no branch passed") != NULL);
}

/* ---- attribution ------------------------------------------------------- */

static void run_attribution_fails_only_the_steps_rules(void)
{
    struct rc_vec_result res;
    script_reset();
    script(1, 0, 0, 9);
    /* the second step (checks R2) fails: only R2 */
    CHECK_EQ(run("do csr port=0 value=0\nexpect none\nchecks R2\n"
                 "do csr port=0 value=0\nexpect symbol status=1\n", &res),
             RC_V_FAIL);
    CHECK_EQ(res.failed_rules, 2u);
    /* default attribution: every rule */
    CHECK_EQ(run("do csr port=0 value=0\nexpect none\n"
                 "do csr port=0 value=0\nexpect symbol status=1\n", &res),
             RC_V_FAIL);
    CHECK_EQ(res.failed_rules, 3u);
    /* a set-up step that fails: inconclusive, failing only its own rule */
    CHECK_EQ(run("do csr port=0 value=0\nexpect none\nsetup R1\n"
                 "do csr port=0 value=0\nexpect symbol status=1\nchecks R2\n"
                 "do csr port=0 value=0\nexpect none\n", &res),
             RC_V_INCONCLUSIVE);
    CHECK_EQ(res.failed_rules, 1u);
    CHECK_EQ(run("setup\ndo csr port=0 value=0\nexpect none\nchecks\n"
                 "do csr port=0 value=0\nexpect symbol status=1\n", &res),
             RC_V_FAIL); /* the set-up passed; the check failed */
    CHECK_EQ(res.failed_rules, 3u);
    CHECK_EQ(run("do csr port=0 value=0\nexpect none\nsetup\n"
                 "do csr port=0 value=0\nexpect symbol status=2\n", &res),
             RC_V_INCONCLUSIVE);
    CHECK_EQ(res.failed_rules, 0u);
}

/* ---- create refused ------------------------------------------------------ */

static void run_create_refused_fails_a_dut_that_accepts(void)
{
    struct rc_vec_result res;
    create_rc = RC_OK;
    CHECK_EQ(run("checks R2\ncreate refused\n", &res), RC_V_FAIL);
    CHECK_EQ(res.failed_rules, 2u); /* the step's rules only */
    CHECK(strcmp(res.expected, "create refused") == 0);
    CHECK(strcmp(res.actual, "create ok") == 0);
    CHECK_EQ(run("create refused\n", &res), RC_V_FAIL);
    CHECK_EQ(res.failed_rules, 3u);
    create_rc = RC_RANGE;
    CHECK_EQ(run1("create refused\n"), RC_V_PASS);
    create_rc = RC_NOTSUP; /* "cannot be configured that way" is a refusal */
    CHECK_EQ(run1("create refused\n"), RC_V_PASS);
    create_rc = RC_OK;
    /* the only step, a check, spelled exactly */
    CHECK_EQ(run1("create refused\ndo csr port=0 value=0\n"), (enum rc_verdict)99);
    CHECK_EQ(run1("do csr port=0 value=0\ncreate refused\n"), (enum rc_verdict)99);
    CHECK_EQ(run1("setup\ncreate refused\n"), (enum rc_verdict)99);
    CHECK_EQ(run1("create accepted\n"), (enum rc_verdict)99);
    CHECK_EQ(run1("create refused\nchecks R1\n"), RC_V_FAIL);
}

/* ---- policy -------------------------------------------------------------- */

static void run_policy_vectors_apply_only_to_declaring_duts(void)
{
    struct rc_vec_result res;
    const char *text = "vector t\nrules R\nrev p12r3\ncite c\n"
                       "policy sw_restart_order=oldest_first\nmachine gen\n"
                       "do tick n=1\nend\n";
    struct vec_set s = {0};
    char err[512];
    CHECK_EQ(vec_load_text(&s, "t.vec", text, strlen(text), err, sizeof err), 0);
    struct rc_run_opts o = {0};
    script_reset();
    rc_run_vector(&fake, &s.rec[0], &o, &res);
    CHECK_EQ(res.verdict, RC_V_NA);
    CHECK(strstr(res.detail, "declares no sw_restart_order policy") != NULL);
    fake.profile.policy[RC_POL_SW_RESTART_ORDER] = 2;
    rc_run_vector(&fake, &s.rec[0], &o, &res);
    CHECK_EQ(res.verdict, RC_V_NA);
    CHECK(strstr(res.detail, "declares sw_restart_order=other") != NULL);
    fake.profile.policy[RC_POL_SW_RESTART_ORDER] = 1;
    rc_run_vector(&fake, &s.rec[0], &o, &res);
    CHECK_EQ(res.verdict, RC_V_PASS);
    fake.profile.policy[RC_POL_SW_RESTART_ORDER] = 0;
    vec_set_free(&s);
}

/* ---- sweeps ------------------------------------------------------------- */

static int sweep_mode; /* 0 notsup, 1 status off by one bit */
static int sweep_cs64(void *ctx, uint32_t width, uint32_t param, struct rc_msg *out)
{
    (void)ctx;
    if (sweep_mode == 0)
        return RC_NOTSUP;
    int rc = oracle_cs64(width, param, out);
    if (param == 0x000123u && width == 0)
        out->arg[6] ^= 1u; /* status */
    return rc;
}

static void run_sweep_declined_is_na_and_failures_blame_their_field(void)
{
    const char *text = "sweep s\nrules P12-3.2-a P12-3.2-b P12-3.2-e P12-2.1-b\nrev p12r3\n"
                       "cite c\noracle cs64\nend\n";
    struct vec_set s = {0};
    char err[512];
    CHECK_EQ(vec_load_text(&s, "t.vec", text, strlen(text), err, sizeof err), 0);
    struct rc_dut d = fake;
    d.cs64_decode = sweep_cs64;
    struct rc_run_opts o = {0};
    struct rc_vec_result res;
    sweep_mode = 0;
    rc_run_vector(&d, &s.rec[0], &o, &res);
    CHECK_EQ(res.verdict, RC_V_NA);
    CHECK(strstr(res.detail, "declines") != NULL);
    sweep_mode = 1;
    rc_run_vector(&d, &s.rec[0], &o, &res);
    CHECK_EQ(res.verdict, RC_V_FAIL);
    CHECK_EQ(res.failed_rules, (1u << 2) | (1u << 3)); /* P12-3.2-e, P12-2.1-b */
    vec_set_free(&s);
}

/* ---- ABI v1 devices ------------------------------------------------------ */

static int v1_step(void *inst, const struct rc_msg *ev, struct rc_msg *out, uint32_t cap,
                   uint32_t *n)
{
    (void)inst;
    (void)ev;
    (void)cap;
    memset(out, 0, sizeof *out);
    out->kind = RC_ARBTX_OUT_MSG;
    out->nargs = 4; /* cmd seq flow reissue: the v1 layout, no travel */
    out->arg[0] = 5;
    *n = 1;
    return RC_OK;
}

static void run_v2_output_arguments_are_not_applicable_to_v1_duts(void)
{
    const char *text = "vector t\nrules R\nrev p9r3\ncite c\nmachine arbtx\n"
                       "do pdu flow=0 mode=single packets=1\n"
                       "expect msg cmd=REQUEST_SINGLE flow=0 travel=own\nend\n";
    struct vec_set s = {0};
    char err[512];
    CHECK_EQ(vec_load_text(&s, "t.vec", text, strlen(text), err, sizeof err), 0);
    struct rc_dut d = {.abi_version = 1, .name = "v1", .version = "1",
                       .profile = {.p9_revs = 1u << 3, .caps = RC_CAP_ARBTX}};
    d.machine[RC_M_ARBTX] = (struct rc_machine_ops){fake_create, fake_destroy, v1_step,
                                                    fake_query};
    struct rc_run_opts o = {0};
    struct rc_vec_result res;
    rc_run_vector(&d, &s.rec[0], &o, &res);
    CHECK_EQ(res.verdict, RC_V_NA);
    CHECK(strstr(res.detail, "ABI v1") != NULL);
    d.abi_version = RC_DUT_ABI_VERSION; /* a v2 DUT that omits it fails */
    rc_run_vector(&d, &s.rec[0], &o, &res);
    CHECK_EQ(res.verdict, RC_V_FAIL);
    vec_set_free(&s);
}

/* ---- VALUE/MASK ------------------------------------------------------------ */

static void run_masked_values_compare_only_their_bits(void)
{
    struct rc_vec_result res;
    /* the fake echoes congest as a symbol with status = on */
    CHECK_EQ(run("do congest port=3 vc=0 on=1\nexpect symbol tx_port=3 vc=0 status=1/1\n",
                 &res), RC_V_PASS);
    CHECK_EQ(run("do congest port=3 vc=0 on=1\nexpect symbol tx_port=3 vc=0 status=0/2\n",
                 &res), RC_V_PASS);
    CHECK_EQ(run("do congest port=3 vc=0 on=1\nexpect symbol tx_port=3 vc=0 status=0/3\n",
                 &res), RC_V_FAIL);
    CHECK(strstr(res.detail, "status=0x0/0x3") != NULL);
    CHECK_EQ(run("do congest port=3 vc=0 on=1\nexpect none\n"
                 "allow symbol tx_port=3 vc=0 status=1/0xFF\n", &res), RC_V_PASS);
    CHECK_EQ(run("do congest port=3 vc=0 on=1\nexpect none\n"
                 "allow symbol tx_port=3 vc=0 status=0/0xFF\n", &res), RC_V_FAIL);
    /* the fake answers every query 1 */
    CHECK_EQ(run("do tick\nexpect any\nquery reported port=0 vc=0 == 1/0x1\n", &res), RC_V_PASS);
    CHECK_EQ(run("do tick\nexpect any\nquery reported port=0 vc=0 == 0/0x2\n", &res), RC_V_PASS);
    CHECK_EQ(run("do tick\nexpect any\nquery reported port=0 vc=0 == 0/0x3\n", &res), RC_V_FAIL);
    CHECK(strstr(res.detail, "in the bits 0x3") != NULL);
    /* the parser: numbers only, a mask that compares something, no stray bits,
     * only where outputs are compared */
    const char *bad[][2] = {
        {"do congest port=1/1 vc=0 on=1\n", "only for expect, allow and query"},
        {"do congest port=1 vc=0 on=1\nexpect symbol status=0/0\n", "a mask of 0"},
        {"do congest port=1 vc=0 on=1\nexpect symbol status=4/3\n", "bits outside the mask"},
        {"do congest port=1 vc=0 on=1\nexpect symbol status=${ports}/3\n", "two numbers"},
        {"do congest port=1 vc=0 on=1\nexpect symbol status=/3\n", "two numbers"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char text[512], err[512] = "";
        snprintf(text, sizeof text, "vector t\nrules R1\nrev p12r3\ncite c\nmachine gen\n%send\n",
                 bad[i][0]);
        struct vec_set s = {0};
        CHECK_EQ_AT(i, vec_load_text(&s, "t.vec", text, strlen(text), err, sizeof err), -1);
        if (strstr(err, bad[i][1]) == NULL || strstr(err, "t.vec:") == NULL)
            fprintf(stderr, "  case %zu: %s\n", i, err);
        CHECK(strstr(err, bad[i][1]) != NULL && strstr(err, "t.vec:") != NULL);
        vec_set_free(&s);
    }
}

/* ---- the optional ABI operations: step_many and why_lost ---------------- */

static unsigned many_calls, many_bad_ctx;
static int many_lose;
static int fake_step_many(void *ctx, void *inst, const struct rc_msg *ev, uint64_t times,
                          int want, struct rc_msg *out, uint32_t cap, struct rc_many *res)
{
    many_bad_ctx += ctx != &many_calls;
    many_calls++;
    if (many_lose)
        return res->rc = RC_LOST;
    while (res->done < times) {
        uint32_t k = 0;
        res->rc = fake_step(inst, ev, out + res->n, cap - res->n, &k);
        res->n += k;
        res->done++;
        if (res->rc != want)
            break;
    }
    return res->rc;
}

static const char *fake_why(void *ctx)
{
    many_bad_ctx += ctx != &many_calls;
    return "the bridge fell over";
}

static void run_step_many_and_why_lost_are_abi_operations(void)
{
    struct rc_vec_result res;
    fake.ctx = &many_calls;
    fake.step_many = fake_step_many;
    fake.why_lost = fake_why;
    /* a repeat goes through step_many once, judged as the loop would be */
    many_calls = 0;
    CHECK_EQ(run("do congest port=1 vc=0 on=1 repeat=3\n"
                 "expect symbol tx_port=1 vc=0 status=1\n"
                 "expect symbol tx_port=1 vc=0 status=1\n"
                 "expect symbol tx_port=1 vc=0 status=1\n", &res), RC_V_PASS);
    CHECK_EQ(many_calls, 1u);
    CHECK_EQ(run("do congest port=1 vc=0 on=1 repeat=3\n"
                 "expect symbol tx_port=1 vc=0 status=1\n", &res), RC_V_FAIL);
    /* a single application is a plain step */
    many_calls = 0;
    CHECK_EQ(run("do congest port=1 vc=0 on=1\nexpect symbol tx_port=1 vc=0 status=1\n",
                 &res), RC_V_PASS);
    CHECK_EQ(many_calls, 0u);
    /* a lost device: ERROR with the DUT's own reason, or a fixed text */
    many_lose = 1;
    CHECK_EQ(run("do congest port=1 vc=0 on=1 repeat=2\n", &res), RC_V_ERROR);
    CHECK(strcmp(res.detail, "the bridge fell over") == 0);
    fake.why_lost = NULL;
    CHECK_EQ(run("do congest port=1 vc=0 on=1 repeat=2\n", &res), RC_V_ERROR);
    CHECK(strstr(res.detail, "RC_LOST (-90)") != NULL);
    CHECK_EQ(many_bad_ctx, 0u);
    many_lose = 0;
    fake.ctx = NULL;
    fake.step_many = NULL;
}


/* ---- result with several codes ------------------------------------------ */

static void run_result_set_accepts_each_named_code_only(void)
{
    struct rc_vec_result res;
    static const int named[] = {RC_RANGE, RC_NOENT};
    for (unsigned i = 0; i < 2; i++) {
        csr_rc = named[i];
        CHECK_EQ(run("do csr port=9 value=1\nresult range|noent\n", &res), RC_V_PASS);
    }
    /* ok, another error, and a code outside RC_RESULTS are not named */
    csr_rc = RC_OK;
    CHECK_EQ(run("do csr port=9 value=1\nresult range|noent\n", &res), RC_V_FAIL);
    CHECK(strstr(res.detail, "result ok, expected range|noent") != NULL);
    CHECK(strcmp(res.expected, "range|noent") == 0);
    csr_rc = RC_STATE;
    CHECK_EQ(run("do csr port=9 value=1\nresult range|noent\n", &res), RC_V_FAIL);
    csr_rc = -77;
    CHECK_EQ(run("do csr port=9 value=1\nresult range|noent\n", &res), RC_V_FAIL);
    /* error: any code but ok and notsup, a DUT's own code too */
    CHECK_EQ(run("do csr port=9 value=1\nresult error\n", &res), RC_V_PASS);
    CHECK_EQ(run("do csr port=9 value=1\nresult ok|error\n", &res), RC_V_PASS);
    csr_rc = RC_OK;
    CHECK_EQ(run("do csr port=9 value=1\nresult error\n", &res), RC_V_FAIL);
    CHECK(strstr(res.detail, "result ok, expected error") != NULL);
    CHECK_EQ(run("do csr port=9 value=1\nresult ok|error\n", &res), RC_V_PASS);
    /* notsup stays not-applicable unless named */
    csr_rc = RC_NOTSUP;
    CHECK_EQ(run("do csr port=9 value=1\nresult ok|error\n", &res), RC_V_NA);
    CHECK_EQ(run("do csr port=9 value=1\nresult range|notsup\n", &res), RC_V_PASS);
    /* every repetition is judged; step_many (one code to stop on) is not
     * used for a set */
    fake.step_many = fake_step_many;
    fake.ctx = &many_calls;
    many_calls = 0;
    csr_rc = RC_NOENT;
    CHECK_EQ(run("do csr port=9 value=1 repeat=3\nresult range|noent\n", &res), RC_V_PASS);
    CHECK_EQ(many_calls, 0u);
    CHECK_EQ(run("do csr port=9 value=1 repeat=3\nresult noent\n", &res), RC_V_PASS);
    CHECK_EQ(many_calls, 1u);
    fake.step_many = NULL;
    fake.ctx = NULL;
    csr_rc = RC_OK;
}
int main(int argc, char **argv)
{
    (void)argc;
    RUN(run_order_any_accepts_any_order_only_when_declared);
    RUN(run_order_by_key_keeps_order_within_a_key);
    RUN(run_allow_permits_extra_outputs_up_to_max);
    RUN(run_bound_values_follow_the_dut);
    RUN(run_bound_names_are_checked_by_the_parser);
    RUN(run_wait_accepts_a_window_and_rejects_outside_it);
    RUN(run_branch_passes_when_one_alternative_passes);
    RUN(run_attribution_fails_only_the_steps_rules);
    RUN(run_policy_vectors_apply_only_to_declaring_duts);
    RUN(run_create_refused_fails_a_dut_that_accepts);
    RUN(run_sweep_declined_is_na_and_failures_blame_their_field);
    RUN(run_v2_output_arguments_are_not_applicable_to_v1_duts);
    RUN(run_step_many_and_why_lost_are_abi_operations);
    RUN(run_masked_values_compare_only_their_bits);
    RUN(run_result_set_accepts_each_named_code_only);
    return check_finish(argv[0]);
}
