/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/diff.c - DIFFERENTIAL fuzzing: one event program (common/evprog.h)
 * drives the reference (rc_refdut()) and a vendor DUT side by side through
 * the riocheck vendor ABI, and any observable difference is a finding.
 *
 * Input: byte 0 picks the machine (byte % 9: codec, p12reg, p9reg, gen, rx,
 * ep, sw, arbtx, arbrx), the rest is an event program for it.
 *
 * The vendor DUT is the shared library named by the environment variable
 * RIOCHECK_FUZZ_DUT, loaded once (rc_dut_load: ABI version 2, or 1, ABI
 * version checked) before the first input, or a program speaking the DUT
 * protocol (docs/dut-protocol.md, riocheck run --dut-cmd): the words of
 * RIOCHECK_FUZZ_DUT_CMD (split at blanks, no quoting) or the lines of the
 * file RIOCHECK_FUZZ_DUT_CMD_FILE (one argument per line), started and
 * checked before the first input and then once in every process that runs
 * inputs (harness/proc/procdut.h: a fork server never shares it), with
 * RIOCHECK_FUZZ_DUT_TIMEOUT_MS per answer (default DIFF_PROC_TIMEOUT_MS),
 * the per-event queries sent ahead with each step and the repetitions of a
 * record between two query points sent at once (diff_ahead;
 * RIOCHECK_FUZZ_DUT_PREFETCH=0 turns both off). A DUT that cannot start is an error at startup (exit 2);
 * one that crashes, hangs or answers garbage during an input is a finding
 * ("the DUT process failed: ..." with what it did and the request). Without
 * either the "vendor"
 * is the reference itself: the target then checks that the reference is
 * deterministic and that its instances share nothing (two instances fed the
 * same program must never differ). The loaded library (or the DUT process)
 * is the only state kept between inputs, and it is not derived from any
 * input.
 *
 * Compared, for every event (every repetition) and every query:
 *   - create: the result (a vendor answering RC_NOTSUP, or lacking the
 *     machine, makes the input not applicable: nothing is compared); in the
 *     refused mode of the header (common/evcfg.h, evcfg_refused: one
 *     configuration the spec rules out) only that the vendor does not
 *     accept it (any result but RC_OK, as a `create refused` vector);
 *   - step: the result code, and the RC_WIRE outputs: same outputs, in the
 *     same order among those of one KEY (gen: link, VC, group; sw:
 *     destination, target, flowID; arbtx / arbrx: flow; other machines: one
 *     key), in any order across keys - no sentence orders symbols of one
 *     event on different links or groups (I-GEN-13), XONs of a restart
 *     (2.4.2.2) or answers to different flows (RC_NOTE outputs are optional
 *     observations and are not compared, as in the conformance vectors,
 *     except the classes below);
 *   - notes under capabilities: the sw verdict, arbtx note, arbrx violation
 *     and freed, p12reg wrote notes, which a device declaring the capability
 *     must report (riocheck/dut.h), when both the reference and the vendor
 *     declare it: as a multiset per step (compare_notes);
 *   - queries: the program's own query records, plus after every event a
 *     fixed per-machine set of queries that make hidden state visible (the
 *     counters and enabled flows of the destination a CCP named, the
 *     congestion of the first ports, the port CSRs, the pool, ...): result
 *     code and value.
 * The reference is one conforming device among many (issue 10): what the
 * spec leaves open is never a finding. See "the permitted space" below and
 * fuzz/DIFFERENTIAL.md: a difference a free policy or an open choice
 * explains is a PERMITTED DIVERGENCE, counted and printed at exit
 * ("diff: permitted: ..."; RIOCHECK_FUZZ_DIFF_VERBOSE=1 prints each), and
 * comparing stops for what it affects, while the invariants every device
 * keeps are still checked on the vendor's outputs.
 * Work is bounded by the event program's budget (common/evprog.h) and by
 * DIFF_OUTPUT_BUDGET: an input ends once that many outputs have been
 * compared, a step that ends RC_FULL counting as DIFF_CAP (it scanned that
 * much); the state it ends in is queried as after a record's last event.
 *
 * A difference calls fuzz_fail() with the machine, the record (number, byte
 * offset, decoded event), the repetition, both sides and the rule ids the
 * differing output or query is evidence for (table below). See
 * fuzz/DIFFERENTIAL.md for the example vendors and the time each takes to be
 * found (fuzz/tools/diff-findtime.sh), and fuzz/tools/diff-conforming.sh for
 * the soundness test on the conforming examples.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../harness/core/dutload.h"
#include "../harness/core/registry.h"
#include "../harness/proc/procdut.h"
#include "../harness/refdut/refdut.h"
#include "common/evcfg.h"
#include "common/evmut.h"
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
    /* 'n': the notes a declared capability makes mandatory */
    {RC_M_SW, 'n', RC_SW_OUT_VERDICT,
     "P9-2.4.2.2-a/b P9-2.4.3-a/b P9-2.4.6-1/3 P9-4.2.2-a/b (sw_verdicts)"},
    {RC_M_ARBTX, 'n', RC_ARBTX_OUT_NOTE,
     "P9-2.4.7-1/3/4/6/7/8 (arbtx_notes)"},
    {RC_M_ARBRX, 'n', RC_ARBRX_OUT_VIOLATION,
     "P9-2.4.7-1/7/8/11/12 (arbrx_violations)"},
    {RC_M_ARBRX, 'n', RC_ARBRX_OUT_FREED,
     "P9-2.4.7-7/8/10 P9-2.4.8-a/b (arbrx_freed)"},
    {RC_M_P12REG, 'n', RC_P12REG_OUT_WROTE,
     "P12-5.1.2.2-b0..b29 P12-5.1.2.2-rsv P12-5.1.2.2-tx (p12reg_wrote)"},
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

static void diff_policies(const struct rc_dut *d);

/* The --dut-cmd vendor (RIOCHECK_FUZZ_DUT_CMD / _CMD_FILE): a lost DUT
 * process is a finding (diff_lost). The answer timeout stays well below the
 * engines' per-input timeouts (diff.options: 10 s), so that a hung DUT is
 * reported, and killed, by this target rather than by the engine. */
#define DIFF_PROC_TIMEOUT_MS 5000u
static struct rc_procdut *diff_proc;
static void diff_lost(void *arg, const char *why);
static uint64_t diff_ahead(void *arg);

static void diff_proc_close(void)
{
    struct rc_proc_stats st;
    struct rc_procdut_stats a;
    rc_procdut_stats(diff_proc, &st, &a);
    if (st.spawns != 0)
        fprintf(stderr, "diff: DUT process: %llu requests, %llu waits for an answer, "
                "%llu queries sent ahead (%llu taken), %llu steps sent ahead (%llu "
                "taken, %llu instances rebuilt), %llu started\n",
                (unsigned long long)st.requests, (unsigned long long)st.waits,
                (unsigned long long)st.qprefetched, (unsigned long long)st.qhits,
                (unsigned long long)a.sent_ahead, (unsigned long long)a.taken_ahead,
                (unsigned long long)a.rebuilds, (unsigned long long)st.spawns);
    rc_procdut_close(diff_proc);
    diff_proc = NULL;
}

static const struct rc_dut *load_proc_vendor(const char *cmd, const char *file)
{
    char err[900];
    char **argv = NULL;
    const char *what = cmd != NULL ? "RIOCHECK_FUZZ_DUT_CMD" : "RIOCHECK_FUZZ_DUT_CMD_FILE";
    if ((cmd != NULL ? rc_procdut_words(&argv, cmd, what, err, sizeof err)
                     : rc_procdut_argfile(&argv, file, err, sizeof err)) != 0) {
        fprintf(stderr, "diff: %s%s\n", cmd != NULL ? "" : "RIOCHECK_FUZZ_DUT_CMD_FILE=", err);
        exit(2);
    }
    unsigned long t = DIFF_PROC_TIMEOUT_MS;
    const char *ts = getenv("RIOCHECK_FUZZ_DUT_TIMEOUT_MS");
    if (ts != NULL && ts[0] != '\0') {
        char *end;
        errno = 0;
        t = strtoul(ts, &end, 10);
        if (ts[0] < '0' || ts[0] > '9' || *end != '\0' || errno != 0 || t > 86400000ul) {
            fprintf(stderr, "diff: RIOCHECK_FUZZ_DUT_TIMEOUT_MS=%s: not a number of "
                    "milliseconds (0 to 86400000; 0: no limit)\n", ts);
            exit(2);
        }
    }
    const char *pf = getenv("RIOCHECK_FUZZ_DUT_PREFETCH");
    int batch = pf == NULL || strcmp(pf, "0") != 0;
    if (rc_procdut_open(&diff_proc, argv, (unsigned)t,
                        batch ? RC_PROCDUT_PREFETCH_QUERIES : 0u, diff_lost,
                        batch ? diff_ahead : NULL, NULL, err, sizeof err) != 0) {
        fprintf(stderr, "diff: cannot start the DUT of %s=%s: %s\n", what,
                cmd != NULL ? cmd : file, err);
        exit(2);
    }
    rc_procdut_free_words(argv);
    (void)atexit(diff_proc_close);
    const struct rc_dut *d = rc_procdut_dut(diff_proc);
    fprintf(stderr, "diff: vendor DUT %s (process: %s=%s, timeout %lu ms)\n", d->name, what,
            cmd != NULL ? cmd : file, t);
    diff_vendor = d;
    diff_policies(d);
    return d;
}

static const struct rc_dut *load_vendor(void)
{
    if (diff_vendor != NULL)
        return diff_vendor;
    const char *path = getenv("RIOCHECK_FUZZ_DUT");
    const char *cmd = getenv("RIOCHECK_FUZZ_DUT_CMD");
    const char *file = getenv("RIOCHECK_FUZZ_DUT_CMD_FILE");
    int have_path = path != NULL && path[0] != '\0';
    int have_cmd = cmd != NULL && cmd[0] != '\0';
    int have_file = file != NULL && file[0] != '\0';
    if (have_path + have_cmd + have_file > 1) {
        fprintf(stderr, "diff: give one of RIOCHECK_FUZZ_DUT (a library), "
                "RIOCHECK_FUZZ_DUT_CMD (a command) and RIOCHECK_FUZZ_DUT_CMD_FILE (a "
                "command, one argument per line), not several\n");
        exit(2);
    }
    if (have_cmd || have_file)
        return load_proc_vendor(have_cmd ? cmd : NULL, file);
    if (path == NULL || path[0] == '\0') {
        diff_vendor = rc_refdut();
        diff_policies(diff_vendor);
        return diff_vendor;
    }
    char err[512];
    static struct rc_dut_lib *lib; /* stays loaded (and reachable) until exit */
    const struct rc_dut *d = rc_dut_load(path, &lib, err, sizeof err);
    if (d == NULL) {
        fprintf(stderr, "diff: cannot load RIOCHECK_FUZZ_DUT=%s: %s\n", path, err);
        exit(2);
    }
    fprintf(stderr, "diff: vendor DUT %s (%s)\n", d->name ? d->name : "?",
            path);
    diff_vendor = d;
    diff_policies(d);
    return d;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    (void)load_vendor();
    return 0;
}

/* ---- the permitted space ---------------------------------------------------
 * The reference is one conforming device among many (issue 10). Where the
 * spec leaves a choice, a difference from the reference is not a finding:
 *   - declared policies (profile.policy[], RC_POLICIES): a policy is FREE
 *     when the vendor's value differs from the reference's (0, undeclared,
 *     counts as different). Where the reference has a configuration key for
 *     the vendor's declared value, the reference is configured so
 *     (rx_beyond); otherwise a difference the free policy explains is a
 *     PERMITTED DIVERGENCE: counted, and comparing stops for what it affects
 *     (the machine, one arbitration flow, or the generator's symbols and
 *     last_sent) while the invariants every device must keep are still
 *     checked; gen_absent_bits (erratum 10: what a generator sends for a
 *     port beyond the device) is exact instead: when free, the status bits
 *     naming ports >= the configured count are cleared in the vendor's
 *     symbols (status and encoded) and in both last_sent answers, and the
 *     rest is compared as strictly as before;
 *   - freedoms no policy names: the order of one step's wire outputs on
 *     different links / groups / flows (compared per key, in order within a
 *     key), Table 2-1 "C or higher" (a flowID bound at the first XOFF), the
 *     first sequence bit of an arbitration flow (a bit flip bound per flow),
 *     and the fields a decoder reports after an error (a subsequence of the
 *     reference's);
 *   - choice keys of the configuration (p12reg tx_while_gen, size7,
 *     unsup_size, unsup_enable, unimpl_error; sw pick; rx beyond) are passed
 *     to the vendor explicitly, so a vendor that made another choice
 *     declines the input (not applicable) instead of differing.
 * The counts are printed at exit ("diff: permitted ...") when nonzero.
 */
#define DIFF_FLOWS 64u
#define DIFF_GEN_PORTS 256u /* gen: ports whose CSR is followed (rev 3: 256) */

static uint8_t diff_free[RC_POLICY_SLOTS]; /* 1: the vendor's value differs */

/* RIOCHECK_FUZZ_DIFF_VERBOSE=1: one line per permitted divergence. */
static int diff_verbose;

static struct {
    unsigned long long restate, dup_answer, rep_xoff, flow_bind, seq_flip, codec_quiet,
        release_flow, gen_stop, gen_absent, stop[RC_MACHINE_COUNT], policy_cfg,
        dealloc_reading, refused;
} diff_stats;

/* Inputs whose configuration the vendor declined (not applicable). */
static unsigned long long diff_declined;

static void diff_report(void)
{
    if (diff_declined != 0)
        fprintf(stderr, "diff: %llu inputs not applicable: the vendor "
                "declined their (valid) configuration\n", diff_declined);
    if (diff_stats.refused != 0)
        fprintf(stderr, "diff: %llu inputs in the refused mode: a configuration "
                "the spec rules out, refused by both\n", diff_stats.refused);
    unsigned long long stops = 0;
    for (unsigned m = 0; m < RC_MACHINE_COUNT; m++)
        stops += diff_stats.stop[m];
    if (stops + diff_stats.restate + diff_stats.dup_answer +
            diff_stats.rep_xoff +
            diff_stats.flow_bind + diff_stats.seq_flip +
            diff_stats.codec_quiet + diff_stats.release_flow +
            diff_stats.gen_stop + diff_stats.gen_absent + diff_stats.policy_cfg +
            diff_stats.dealloc_reading ==
        0)
        return;
    fprintf(stderr,
            "diff: permitted: %llu gen restatements, %llu repeated arbrx "
            "answers, %llu repeated de-allocation XOFF(ARB)s, %llu sw flowID bindings (Table 2-1 C or higher), %llu "
            "arbtx sequence-bit flips, %llu quiet codec errors, %llu "
            "reference configured to a declared policy, %llu arbtx flows "
            "released otherwise, %llu gen symbol divergences, %llu gen symbols and "
            "last_sent answers with other absent-port bits, %llu arbtx XOFF(ARB)s "
            "read as de-allocation by one side; inputs stopped "
            "at a permitted divergence:",
            diff_stats.restate, diff_stats.dup_answer, diff_stats.rep_xoff,
            diff_stats.flow_bind,
            diff_stats.seq_flip, diff_stats.codec_quiet, diff_stats.policy_cfg,
            diff_stats.release_flow, diff_stats.gen_stop, diff_stats.gen_absent,
            diff_stats.dealloc_reading);
    for (unsigned m = 0; m < RC_MACHINE_COUNT; m++)
        if (diff_stats.stop[m] != 0)
            fprintf(stderr, " %s %llu", evprog_machine_name(m),
                    diff_stats.stop[m]);
    fprintf(stderr, "%s\n", stops == 0 ? " none" : "");
}

/* Which policies are free; the counts are printed at exit. */
static void diff_policies(const struct rc_dut *d)
{
    const struct rc_dut *ref = rc_refdut();
    for (unsigned i = 0; i < RC_POLICY_SLOTS; i++)
        diff_free[i] = d->profile.policy[i] != ref->profile.policy[i] ||
                       d->profile.policy[i] == 0;
    /* rx_beyond ignore_bits / discard: the reference is configured so */
    if (d->profile.policy[RC_POL_RX_BEYOND] == 1u ||
        d->profile.policy[RC_POL_RX_BEYOND] == 2u)
        diff_free[RC_POL_RX_BEYOND] = 0;
    const char *v = getenv("RIOCHECK_FUZZ_DIFF_VERBOSE");
    diff_verbose = v != NULL && v[0] != '\0' && v[0] != '0';
    (void)atexit(diff_report);
}

static int pol_free(enum rc_policy p)
{
    return diff_free[p];
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

struct bind { /* sw: (destination, target, reference flowID) -> vendor's */
    uint64_t dest, tgt, r, d;
};

struct ctx {
    struct evprog p;
    struct evprog_step st;
    uint32_t rep;
    struct side ref, dut;
    uint64_t last_dest; /* ep: the destination of the last CCP */
    unsigned nkeys;     /* sw: flows seen in CCPs */
    uint64_t keys[8][3];
    /* permitted divergences */
    int stop_out;        /* wire outputs no longer compared */
    uint32_t qskip;      /* bit k: query kind k no longer compared */
    const char *soft;    /* a free policy may explain any later difference */
    uint64_t fdiv;       /* arbtx: flows no longer compared */
    int8_t flip[DIFF_FLOWS];  /* arbtx: vendor seq = ref seq ^ flip, -1 ? */
    uint8_t mid[DIFF_FLOWS];  /* arbtx: the vendor is inside a PDU */
    int8_t lastreq[DIFF_FLOWS]; /* arbrx: bit of the last REQUEST, -1 none */
    uint8_t reqbit[DIFF_FLOWS]; /* arbtx: bit of the reference's last REQUEST
                                   of each flow (0 before one) */
    int8_t dbit[DIFF_FLOWS];    /* arbrx: bit of the last de-allocation
                                   XOFF(ARB) the reference sent, -1 none */
    int ep_xoff;         /* ep: an XOFF was received */
    uint8_t gwidth[DIFF_GEN_PORTS]; /* gen: each port's TX Port Group Size */
    unsigned nbind;
    struct bind bind[32];
    struct rc_msg dev;   /* the event as the vendor gets it */
    uint32_t notes;      /* bit k: note kind k compared (both declare its
                            capability) */
};

static void permitted(const struct ctx *c, const char *why)
{
    if (diff_verbose <= 0)
        return;
    char e[700];
    if (c->st.kind != NULL)
        evprog_format(e, sizeof e, &c->p, &c->st);
    else
        snprintf(e, sizeof e, "create");
    fprintf(stderr, "diff %s: permitted divergence: %s; %s, repetition %u\n",
            evprog_machine_name(c->p.machine), why, e, (unsigned)c->rep);
}

static void stop_all(struct ctx *c, const char *why)
{
    if (c->stop_out && c->qskip == UINT32_MAX)
        return;
    permitted(c, why);
    c->stop_out = 1;
    c->qskip = UINT32_MAX;
    diff_stats.stop[c->p.machine]++;
}

/* A difference: a finding, unless a free policy explains it (then the
 * comparison stops: returns 1). */
/* An output as the finding shows it, or none (what: "no further ..."). */
static void format_or(char *buf, size_t cap, const struct ctx *c, const struct rc_msg *m,
                      const char *none)
{
    if (m != NULL)
        evprog_format_msg(buf, cap, &c->p, 1, m);
    else
        snprintf(buf, cap, "%s", none);
}

static int differ(struct ctx *c, const char *what, const char *ref,
                  const char *dut, const char *rule)
{
    if (c->soft != NULL) {
        stop_all(c, c->soft);
        return 1;
    }
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

/* The input being run, for diff_lost. */
static const struct ctx *diff_cur;

/* The --dut-cmd DUT process failed (crashed, hung, answered garbage): a
 * finding, reported like a difference, with what the process did and the
 * request it was answering (harness/proc). */
static void diff_lost(void *arg, const char *why)
{
    (void)arg;
    const struct ctx *c = diff_cur;
    char e[700];
    if (c != NULL && c->st.kind != NULL)
        evprog_format(e, sizeof e, &c->p, &c->st);
    else
        snprintf(e, sizeof e, "create");
    fuzz_fail("diff %s: the DUT process failed: %s; %s, repetition %u",
              c != NULL ? evprog_machine_name(c->p.machine) : "?", why, e,
              c != NULL ? (unsigned)c->rep : 0u);
}

/* For the --dut-cmd vendor's batching (harness/proc/procdut.h): how many
 * more steps of the record's event follow the one being made with no query
 * in between - up to the next repetition run() queries after (the first
 * 64, every 64th, the last). A wrong answer costs time only (the DUT
 * process's instance is then rebuilt), so the rest of run()'s conditions
 * (the output budget, a vendor notsup, a translated event) are left out. */
static uint64_t diff_ahead(void *arg)
{
    (void)arg;
    const struct ctx *c = diff_cur;
    if (c == NULL || c->st.kind == NULL || c->st.query || c->rep + 1u >= c->st.repeat)
        return 0;
    uint64_t r = c->rep, last = c->st.repeat - 1u;
    if (c->qskip != UINT32_MAX && r < 64u)
        return 0; /* queried after this one */
    uint64_t q = c->qskip == UINT32_MAX ? last : (r / 64u) * 64u + 63u;
    if (q > last)
        q = last;
    return q - r;
}

/* An invariant every device must keep, broken by the vendor's output o. */
static FUZZ_NORETURN void violated(const struct ctx *c, const struct rc_msg *o,
                                   const char *rule, const char *what)
{
    evprog_out_fail(&c->p, &c->st, c->rep, o, rule, what);
}

static int is_wire(const struct evprog *p, uint32_t kind)
{
    for (size_t i = 0; i < p->desc->noutputs; i++)
        if (p->desc->outputs[i].kind == kind)
            return (p->desc->outputs[i].flags & RC_WIRE) != 0;
    return 1; /* an unknown kind is compared (and will differ) */
}

static int msg_eq(const struct rc_msg *x, const struct rc_msg *y)
{
    return x->kind == y->kind && x->nargs == y->nargs &&
           memcmp(x->arg, y->arg, x->nargs * sizeof x->arg[0]) == 0;
}

/* ---- bindings: the vendor's labels in the reference's terms -------------- */

/* flowIDs 0C..0F (dut.h: 0A = 0x00 ... 0F = 0x05) */
static int flow_c_or_higher(uint64_t f)
{
    return f >= 0x02u && f <= 0x05u;
}

static const struct bind *bind_find(const struct ctx *c, uint64_t dest,
                                    uint64_t tgt, uint64_t f, int by_vendor)
{
    for (unsigned i = 0; i < c->nbind; i++)
        if (c->bind[i].dest == dest && c->bind[i].tgt == tgt &&
            (by_vendor ? c->bind[i].d : c->bind[i].r) == f)
            return &c->bind[i];
    return NULL;
}

/* sw: the reference's flowID f of (dest, tgt) as the vendor names it. */
static uint64_t sw_to_vendor(const struct ctx *c, uint64_t dest, uint64_t tgt,
                             uint64_t f)
{
    const struct bind *b = bind_find(c, dest, tgt, f, 0);
    return b != NULL ? b->d : f;
}

/* sw: Part 9 2.4.3 Table 2-1, a prio 0b10 request (and a 0b11 response):
 * "C or higher". A vendor XOFF naming flow d in C..F where the reference
 * named r in C..F (all other fields equal) binds r -> d for that
 * destination pair, once; the XONs, abated_flow events and listed queries
 * of r are then d's. */
static void sw_learn(struct ctx *c)
{
    for (uint32_t j = 0; j < c->dut.n; j++) {
        const struct rc_msg *y = &c->dut.out[j];
        if (y->kind != RC_SW_OUT_CCP || y->nargs < 9 || y->arg[1] != 0 ||
            !flow_c_or_higher(y->arg[3]) ||
            bind_find(c, y->arg[4], y->arg[5], y->arg[3], 1) != NULL)
            continue;
        for (uint32_t i = 0; i < c->ref.n; i++) {
            const struct rc_msg *x = &c->ref.out[i];
            if (x->kind != RC_SW_OUT_CCP || x->nargs != y->nargs ||
                !flow_c_or_higher(x->arg[3]) || x->arg[1] != 0 ||
                bind_find(c, x->arg[4], x->arg[5], x->arg[3], 0) != NULL)
                continue;
            int same = 1;
            for (unsigned a = 0; a < x->nargs; a++)
                if (a != 3 && x->arg[a] != y->arg[a])
                    same = 0;
            if (!same || c->nbind >= sizeof c->bind / sizeof c->bind[0])
                continue;
            c->bind[c->nbind++] =
                (struct bind){x->arg[4], x->arg[5], x->arg[3], y->arg[3]};
            if (x->arg[3] != y->arg[3])
                diff_stats.flow_bind++;
            break;
        }
    }
}

/* arbtx: the first REQUEST of a flow whose bit is not known yet binds it. */
static void arbtx_learn(struct ctx *c)
{
    for (uint32_t j = 0; j < c->dut.n; j++) {
        const struct rc_msg *y = &c->dut.out[j];
        if (y->kind != RC_ARBTX_OUT_MSG || y->arg[2] >= DIFF_FLOWS ||
            c->flip[y->arg[2]] >= 0 || (y->arg[0] != 5u && y->arg[0] != 6u))
            continue;
        for (uint32_t i = 0; i < c->ref.n; i++) {
            const struct rc_msg *x = &c->ref.out[i];
            if (x->kind == RC_ARBTX_OUT_MSG && x->arg[2] == y->arg[2] &&
                x->arg[0] == y->arg[0]) {
                c->flip[y->arg[2]] = (int8_t)((x->arg[1] ^ y->arg[1]) & 1u);
                if (c->flip[y->arg[2]])
                    diff_stats.seq_flip++;
                break;
            }
        }
    }
}

/* gen_absent_bits (erratum 10, I-GEN-4): the status bits of group `group`
 * of transmitting port p that name ports >= the configured count, and in
 * *shift where the status field starts in `encoded` (rev 2 stype2: CMD(3) ||
 * status(6) || group(5); rev 3: ... || status || group(N), CS48 and CS64
 * alike). 0 when p has no such group. */
static uint64_t gen_absent(const struct ctx *c, uint64_t p, uint64_t group,
                           unsigned *shift)
{
    uint64_t ports = evprog_cfg(&c->p, RC_GEN_CFG_PORTS);
    unsigned width = 0, s = 6;
    *shift = 5;
    if (p >= DIFF_GEN_PORTS)
        return 0;
    if (evprog_cfg(&c->p, RC_GEN_CFG_REV) != 2u) {
        width = c->gwidth[p];
        if (width == 7u || group >= (1u << width))
            return 0;
        s = (evprog_cfg(&c->p, RC_GEN_CFG_FORMAT) == 64u ? 20u : 13u) - width;
        *shift = width;
    } else if (group >= 32u) {
        return 0;
    }
    uint64_t mask = 0;
    for (unsigned i = 0; i < s; i++)
        if (group * s + i >= ports)
            mask |= (uint64_t)1 << i;
    return mask;
}

/* gen: follow each port's TX Port Group Size (a CSR write the reference
 * took; the new width applies from this step on, I-GEN-8). */
static void gen_learn(struct ctx *c)
{
    const struct rc_msg *m = &c->st.msg;
    if (c->p.machine == RC_M_GEN && m->kind == RC_GEN_EV_CSR &&
        c->ref.rc == RC_OK && m->arg[0] < DIFF_GEN_PORTS)
        c->gwidth[m->arg[0]] = (uint8_t)(m->arg[1] >> 3 & 7u);
}

/* The vendor's output o in the reference's terms (in place). */
static void to_ref(const struct ctx *c, struct rc_msg *o)
{
    if (c->p.machine == RC_M_GEN && o->kind == RC_GEN_OUT_SYMBOL &&
        o->nargs >= 7 && pol_free(RC_POL_GEN_ABSENT_BITS)) {
        /* erratum 10: what a generator sends for absent ports is its own */
        unsigned shift;
        uint64_t mask = gen_absent(c, o->arg[0], o->arg[2], &shift);
        if ((o->arg[3] & mask) != 0)
            diff_stats.gen_absent++;
        o->arg[3] &= ~mask;
        o->arg[6] &= ~(mask << shift);
    }
    if (c->p.machine == RC_M_ARBTX && o->kind == RC_ARBTX_OUT_MSG &&
        o->arg[2] < DIFF_FLOWS && c->flip[o->arg[2]] > 0)
        o->arg[1] ^= 1u;
    if (c->p.machine == RC_M_SW && o->kind == RC_SW_OUT_CCP) {
        const struct bind *b = bind_find(c, o->arg[4], o->arg[5], o->arg[3], 1);
        if (b != NULL)
            o->arg[3] = b->r;
    }
}

/* The event of the step as the vendor gets it. */
static void vendor_event(struct ctx *c)
{
    const struct rc_msg *m = &c->st.msg;
    c->dev = *m;
    if (c->p.machine == RC_M_ARBTX && m->kind == RC_ARBTX_EV_CCP &&
        m->arg[0] < DIFF_FLOWS && c->flip[m->arg[0]] > 0)
        c->dev.arg[2] ^= 1u;
    if (c->p.machine == RC_M_SW && m->kind == RC_SW_EV_ABATED_FLOW)
        c->dev.arg[2] = sw_to_vendor(c, m->arg[0], m->arg[1], m->arg[2]);
}

/* ---- invariants every device must keep (checked on the vendor's outputs
 * whatever the comparison) ------------------------------------------------ */
static void invariants(struct ctx *c)
{
    for (uint32_t j = 0; j < c->dut.n; j++) {
        const struct rc_msg *y = &c->dut.out[j];
        if (c->p.machine == RC_M_ARBTX && y->kind == RC_ARBTX_OUT_DATA &&
            y->arg[0] < DIFF_FLOWS)
            c->mid[y->arg[0]] = y->arg[3] == 0;
        else if (c->p.machine == RC_M_ARBTX && y->kind == RC_ARBTX_OUT_MSG &&
                 y->arg[0] == 2u && y->arg[2] < DIFF_FLOWS &&
                 c->mid[y->arg[2]])
            violated(c, y, "P9-2.4.7-7/8",
                     "RELEASE inside a PDU (2.4.7 rule 7: a RELEASE after "
                     "completion of the current PDU)");
        else if (c->p.machine == RC_M_SW && y->kind == RC_SW_OUT_CCP &&
                 c->st.msg.kind != RC_SW_EV_FORWARD &&
                 y->arg[6] != (evprog_cfg(&c->p, RC_SW_CFG_ROLE) == 1u))
            violated(c, y, "P9-3.2-b",
                     "SOC of an originated CCP is not 1 from an end point, 0 "
                     "from a switch (3.2)");
    }
}

/* ---- comparing one step's wire outputs ------------------------------------
 * Per key (gen: link, VC, group; sw: destination, target, flowID; arbtx,
 * arbrx: flow; elsewhere one key), in order; across keys in any order. */

struct wout {
    struct rc_msg m;
    uint64_t k[3];
    uint32_t i;
};
static struct wout diff_w_ref[DIFF_CAP], diff_w_dut[DIFF_CAP];

static void out_key(uint32_t machine, const struct rc_msg *m, uint64_t k[3])
{
    k[0] = k[1] = k[2] = 0;
    switch ((enum rc_machine)machine) {
    case RC_M_GEN:
        k[0] = m->arg[0];
        k[1] = m->arg[1];
        k[2] = m->arg[2];
        break;
    case RC_M_SW:
        k[0] = m->arg[4];
        k[1] = m->arg[5];
        k[2] = m->arg[3];
        break;
    case RC_M_ARBTX:
        k[0] = m->kind == RC_ARBTX_OUT_MSG ? m->arg[2] : m->arg[0];
        break;
    case RC_M_ARBRX:
        k[0] = m->arg[2];
        break;
    case RC_M_CODEC:
    case RC_M_P12REG:
    case RC_M_P9REG:
    case RC_M_RX:
    case RC_M_EP:
    case RC_MACHINE_COUNT:
        break;
    }
}

static int wout_cmp(const void *a, const void *b)
{
    const struct wout *x = a, *y = b;
    for (int i = 0; i < 3; i++)
        if (x->k[i] != y->k[i])
            return x->k[i] < y->k[i] ? -1 : 1;
    return x->i < y->i ? -1 : x->i > y->i;
}

static int key_cmp(const struct wout *x, const struct wout *y)
{
    for (int i = 0; i < 3; i++)
        if (x->k[i] != y->k[i])
            return x->k[i] < y->k[i] ? -1 : 1;
    return 0;
}

static uint32_t collect(const struct ctx *c, const struct side *s, int vendor,
                        struct wout *w)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < s->n; i++) {
        if (!is_wire(&c->p, s->out[i].kind))
            continue;
        w[n].m = s->out[i];
        if (vendor)
            to_ref(c, &w[n].m);
        out_key(c->p.machine, &w[n].m, w[n].k);
        if (c->p.machine == RC_M_ARBTX && w[n].k[0] < DIFF_FLOWS &&
            (c->fdiv >> w[n].k[0] & 1u))
            continue; /* a flow released otherwise: no longer compared */
        w[n].i = i;
        n++;
    }
    if (c->p.machine == RC_M_GEN || c->p.machine == RC_M_SW ||
        c->p.machine == RC_M_ARBTX || c->p.machine == RC_M_ARBRX)
        qsort(w, n, sizeof w[0], wout_cmp);
    return n;
}

/* A vendor output the reference did not send, permitted by a free policy. */
static int extra_ok(struct ctx *c, const struct wout *d, uint32_t j)
{
    const struct rc_msg *y = &d[j].m;
    if (c->p.machine == RC_M_GEN && y->kind == RC_GEN_OUT_SYMBOL &&
        pol_free(RC_POL_GEN_STATUS_CHANGE)) {
        /* Part 12 4.2e: restating the status the upstream device has */
        /* (an all-VC symbol: every VC the reference answers for) */
        int ok = 1;
        for (uint64_t vc = 0; vc <= 8u && ok; vc++) {
            if (y->arg[1] != RC_VC_ALL && vc != y->arg[1])
                continue;
            struct rc_msg q = {.kind = RC_GEN_Q_LAST_SENT,
                               .nargs = 3,
                               .arg = {y->arg[0], y->arg[2], vc}};
            uint64_t v = 0;
            int rc = c->ref.ops->query(c->ref.inst, &q, &v);
            if (rc != RC_OK ? vc == 0 || y->arg[1] != RC_VC_ALL
                            : v != y->arg[3])
                ok = 0;
        }
        if (ok) {
            diff_stats.restate++;
            return 1;
        }
    }
    if (c->p.machine == RC_M_ARBRX && y->kind == RC_ARBRX_OUT_MSG &&
        pol_free(RC_POL_ARBRX_COPIES) && j > 0 && msg_eq(y, &d[j - 1].m) &&
        (y->arg[0] == 1u || y->arg[0] == 4u)) {
        /* 2.4.7 rule 2: an answer for each copy of a REQUEST */
        diff_stats.dup_answer++;
        return 1;
    }
    if (c->p.machine == RC_M_ARBRX && y->kind == RC_ARBRX_OUT_MSG &&
        y->arg[0] == 1u && y->arg[3] == 1u && y->arg[2] < DIFF_FLOWS &&
        c->dbit[y->arg[2]] == (int8_t)(y->arg[1] & 1u)) {
        /* 2.4.7 rule 8 "may send a XOFF(ARB) message during the multi-PDU
         * transfer": the de-allocation request again, while the flow still
         * holds its resource (a CCP may be dropped, 2.4.6 rule 2) */
        struct rc_msg q = {
            .kind = RC_ARBRX_Q_ALLOCATED, .nargs = 1, .arg = {y->arg[2]}};
        uint64_t v = 0;
        if (c->ref.ops->query(c->ref.inst, &q, &v) == RC_OK && v != 0) {
            diff_stats.rep_xoff++;
            return 1;
        }
    }
    return 0;
}

static int has_release(const struct wout *w, uint32_t from, uint32_t to)
{
    for (uint32_t i = from; i < to; i++)
        if (w[i].m.kind == RC_ARBTX_OUT_MSG && w[i].m.arg[0] == 2u)
            return 1;
    return 0;
}

/* One key's outputs: r[0..nr) of the reference, d[0..nd) of the vendor.
 * Returns 0 when they agree or differ as permitted, 1 when comparing
 * stopped. */
static int compare_group(struct ctx *c, const struct wout *r, uint32_t nr,
                         const struct wout *d, uint32_t nd)
{
    uint32_t i = 0, j = 0;
    if (c->p.machine == RC_M_CODEC && c->ref.rc != RC_OK &&
        c->dut.rc == c->ref.rc) {
        /* Part 6 3.6 / Table 3-8 require only the detection: after an error
         * a decoder reports some of the fields it split, or none */
        for (; j < nd; j++) {
            while (i < nr && !msg_eq(&r[i].m, &d[j].m))
                i++;
            if (i == nr)
                break;
            i++;
        }
        if (j == nd) {
            if (nd < nr)
                diff_stats.codec_quiet++;
            return 0;
        }
        i = nr; /* report the vendor's first unmatched field */
    } else {
        while (i < nr || j < nd) {
            if (i < nr && j < nd && msg_eq(&r[i].m, &d[j].m)) {
                i++;
                j++;
                continue;
            }
            if (j < nd && extra_ok(c, d, j)) {
                j++;
                continue;
            }
            break;
        }
        if (i == nr && j == nd)
            return 0;
    }
    /* a difference: permitted? */
    if (c->p.machine == RC_M_GEN && (pol_free(RC_POL_GEN_STATUS_CHANGE))) {
        /* another definition of a status change sends other symbols: the
         * symbols and last_sent are no longer compared, reported is */
        c->stop_out = 1;
        c->qskip |= 1u << RC_GEN_Q_LAST_SENT;
        diff_stats.gen_stop++;
        if (diff_verbose > 0) {
            char a[300], b[300], w[700];
            if (i < nr)
                evprog_format_msg(a, sizeof a, &c->p, 1, &r[i].m);
            else
                snprintf(a, sizeof a, "-");
            if (j < nd)
                evprog_format_msg(b, sizeof b, &c->p, 1, &d[j].m);
            else
                snprintf(b, sizeof b, "-");
            snprintf(w, sizeof w,
                     "gen_status_change: symbols and last_sent no longer "
                     "compared (reference %s, vendor %s)",
                     a, b);
            permitted(c, w);
        }
        return 1;
    }
    if (c->p.machine == RC_M_ARBTX && pol_free(RC_POL_ARBTX_RELEASE) &&
        (has_release(r, i, nr) || has_release(d, j, nd))) {
        uint64_t f = (i < nr ? r[i].k : d[j].k)[0];
        if (f < DIFF_FLOWS) {
            c->fdiv |= (uint64_t)1 << f;
            diff_stats.release_flow++;
            permitted(c, "arbtx_release: the flow is no longer compared");
            return 0;
        }
    }
    char a[600], b[600], w[96];
    const struct rc_msg *x = i < nr ? &r[i].m : NULL;
    const struct rc_msg *y = j < nd ? &d[j].m : NULL;
    format_or(a, sizeof a, c, x, "no further wire output");
    format_or(b, sizeof b, c, y, "no further wire output");
    snprintf(w, sizeof w, "wire output %u",
             (unsigned)(x != NULL ? r[i].i : d[j].i));
    return differ(c, w, a, b,
                  rule_for(c->p.machine, 'o', x != NULL ? x->kind : y->kind));
}

static void compare_outputs(struct ctx *c)
{
    if (c->p.machine == RC_M_ARBRX)
        for (uint32_t i = 0; i < c->ref.n; i++) {
            const struct rc_msg *x = &c->ref.out[i];
            if (x->kind == RC_ARBRX_OUT_MSG && x->arg[0] == 1u &&
                x->arg[3] == 1u && x->arg[2] < DIFF_FLOWS)
                c->dbit[x->arg[2]] = (int8_t)(x->arg[1] & 1u);
        }
    if (c->p.machine == RC_M_SW)
        sw_learn(c);
    if (c->p.machine == RC_M_ARBTX)
        arbtx_learn(c);
    uint32_t nr = collect(c, &c->ref, 0, diff_w_ref);
    uint32_t nd = collect(c, &c->dut, 1, diff_w_dut);
    uint32_t i = 0, j = 0;
    while (!c->stop_out && (i < nr || j < nd)) {
        int k = i == nr   ? 1
                : j == nd ? -1
                          : key_cmp(&diff_w_ref[i], &diff_w_dut[j]);
        uint32_t i2 = i, j2 = j;
        if (k <= 0)
            while (i2 < nr && key_cmp(&diff_w_ref[i2], &diff_w_ref[i]) == 0)
                i2++;
        if (k >= 0)
            while (j2 < nd && key_cmp(&diff_w_dut[j2], &diff_w_dut[j]) == 0)
                j2++;
        if (compare_group(c, diff_w_ref + i, i2 - i, diff_w_dut + j, j2 - j))
            return;
        i = i2;
        j = j2;
    }
}

/* ---- notes under capabilities ----------------------------------------------
 * An RC_NOTE output is an optional observation (dut.h), except the note
 * classes a device declares by capability: a device declaring one reports
 * it as documented at the capability (dut.h RC_CAPS: after every step but
 * candidate, after every write that returns ok, ...). When BOTH the
 * reference and the vendor declare the capability, the notes of that class
 * are compared after every step, as a multiset (dut.h orders no note
 * relative to another); every other note stays ignored. What the spec
 * leaves open is handled as for the wire outputs: a free policy that may
 * explain any later difference (c->soft) stops the comparison, the notes of
 * an arbitration flow no longer compared (arbtx_release) are skipped, and
 * the sequence bit of an arbtx note is taken modulo the flow's bound flip
 * (2.4.7 rule 4 fixes no first bit). */
struct note_class {
    uint32_t machine, kind, cap;
    const char *what;
};

static const struct note_class note_classes[] = {
    {RC_M_SW, RC_SW_OUT_VERDICT, RC_CAP_SW_VERDICTS,
     "the verdict note (capability sw_verdicts)"},
    {RC_M_ARBTX, RC_ARBTX_OUT_NOTE, RC_CAP_ARBTX_NOTES,
     "an arbtx note (capability arbtx_notes)"},
    {RC_M_ARBRX, RC_ARBRX_OUT_VIOLATION, RC_CAP_ARBRX_VIOLATIONS,
     "a violation note (capability arbrx_violations)"},
    {RC_M_ARBRX, RC_ARBRX_OUT_FREED, RC_CAP_ARBRX_FREED,
     "a freed note (capability arbrx_freed)"},
    {RC_M_P12REG, RC_P12REG_OUT_WROTE, RC_CAP_P12REG_WROTE,
     "the wrote note (capability p12reg_wrote)"},
};

static const char *note_what(uint32_t machine, uint32_t kind)
{
    for (size_t i = 0; i < sizeof note_classes / sizeof note_classes[0]; i++)
        if (note_classes[i].machine == machine && note_classes[i].kind == kind)
            return note_classes[i].what;
    return "a note";
}

/* The note kinds of the program's machine compared with this vendor: bit k
 * for output kind k (kinds are below 32). */
static uint32_t note_kinds(uint32_t machine, const struct rc_dut *vendor)
{
    uint32_t both = rc_refdut()->profile.caps & vendor->profile.caps;
    uint32_t k = 0;
    for (size_t i = 0; i < sizeof note_classes / sizeof note_classes[0]; i++)
        if (note_classes[i].machine == machine &&
            (both & note_classes[i].cap) != 0 && note_classes[i].kind < 32u)
            k |= 1u << note_classes[i].kind;
    return k;
}

/* One step's compared notes of side s, in the reference's terms. */
static uint32_t collect_notes(const struct ctx *c, const struct side *s,
                              int vendor, struct rc_msg *w)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < s->n && i < DIFF_CAP; i++) {
        const struct rc_msg *o = &s->out[i];
        if (o->kind >= 32u || (c->notes >> o->kind & 1u) == 0)
            continue;
        w[n] = *o;
        if (c->p.machine == RC_M_ARBTX && o->nargs >= 3u) {
            /* note(note, flow, seq) */
            uint64_t f = o->arg[1];
            if (f < DIFF_FLOWS && (c->fdiv >> f & 1u))
                continue; /* a flow released otherwise: not compared */
            if (vendor && f < DIFF_FLOWS && c->flip[f] > 0)
                w[n].arg[2] ^= 1u;
        }
        n++;
    }
    return n;
}

static struct rc_msg diff_n_ref[DIFF_CAP], diff_n_dut[DIFF_CAP];

static void compare_notes(struct ctx *c)
{
    if (c->notes == 0 || c->stop_out)
        return;
    uint32_t nr = collect_notes(c, &c->ref, 0, diff_n_ref);
    uint32_t nd = collect_notes(c, &c->dut, 1, diff_n_dut);
    static uint8_t used[DIFF_CAP];
    memset(used, 0, nd);
    const struct rc_msg *x = NULL, *y = NULL;
    for (uint32_t i = 0; i < nr && x == NULL; i++) {
        uint32_t j = 0;
        while (j < nd && (used[j] || !msg_eq(&diff_n_ref[i], &diff_n_dut[j])))
            j++;
        if (j < nd)
            used[j] = 1;
        else
            x = &diff_n_ref[i];
    }
    for (uint32_t j = 0; j < nd && y == NULL; j++)
        if (!used[j])
            y = &diff_n_dut[j];
    if (x == NULL && y == NULL)
        return;
    const struct rc_msg *ev = &c->st.msg;
    if (c->p.machine == RC_M_ARBTX && ev->kind == RC_ARBTX_EV_CCP &&
        ev->arg[1] == 1u && ev->arg[0] < DIFF_FLOWS &&
        ((x != NULL && x->arg[0] == 4u) || (y != NULL && y->arg[0] == 4u))) {
        /* an XOFF(ARB) during a multi-PDU context whose bit is not the
         * context's: ignored (I-ARB-3) or, as rule 8 literally reads, the
         * de-allocation request - vectors/p9/arb-tx.vec accepts both; the
         * flow is no longer compared (as for arbtx_release) */
        c->fdiv |= (uint64_t)1 << ev->arg[0];
        diff_stats.dealloc_reading++;
        permitted(c, "an XOFF(ARB) read as de-allocation by one side only "
                     "(2.4.7 rule 8): the flow is no longer compared");
        return;
    }
    char a[600], b[600];
    format_or(a, sizeof a, c, x, "no further note of the kind");
    format_or(b, sizeof b, c, y, "no further note of the kind");
    uint32_t kind = x != NULL ? x->kind : y->kind;
    (void)differ(c, note_what(c->p.machine, kind), a, b,
                 rule_for(c->p.machine, 'n', kind));
}

static int query_flow_skipped(const struct ctx *c, const struct rc_msg *q)
{
    return c->p.machine == RC_M_ARBTX && q->nargs >= 1 &&
           q->arg[0] < DIFF_FLOWS && (c->fdiv >> q->arg[0] & 1u);
}

static void compare_query(struct ctx *c, const struct rc_msg *q)
{
    if (q->kind < 32u && (c->qskip >> q->kind & 1u))
        return;
    if (query_flow_skipped(c, q))
        return;
    struct rc_msg qd = *q;
    if (c->p.machine == RC_M_SW && q->kind == RC_SW_Q_LISTED)
        qd.arg[2] = sw_to_vendor(c, q->arg[0], q->arg[1], q->arg[2]);
    uint64_t v1 = 0, v2 = 0;
    int r1 = c->ref.ops->query(c->ref.inst, q, &v1);
    int r2 = c->dut.ops->query(c->dut.inst, &qd, &v2);
    if (r2 == RC_NOTSUP && r1 != RC_NOTSUP)
        return; /* the vendor does not offer this query: not applicable */
    if (c->p.machine == RC_M_GEN && q->kind == RC_GEN_Q_LAST_SENT &&
        q->nargs >= 2 && pol_free(RC_POL_GEN_ABSENT_BITS)) {
        unsigned shift;
        uint64_t mask = gen_absent(c, q->arg[0], q->arg[1], &shift);
        if (r2 == RC_OK && (v2 & mask) != 0)
            diff_stats.gen_absent++;
        v1 &= ~mask;
        v2 &= ~mask;
    }
    if (c->p.machine == RC_M_ARBTX && q->kind == RC_ARBTX_Q_NEXT_SEQ &&
        r2 == RC_OK && q->arg[0] < DIFF_FLOWS && c->flip[q->arg[0]] > 0)
        v2 ^= 1u;
    if (r1 != r2 || (r1 == RC_OK && v1 != v2)) {
        char m[400], a[64], b[64];
        evprog_format_msg(m, sizeof m, &c->p, 0, q);
        snprintf(a, sizeof a, "rc %d value %llu", r1, (unsigned long long)v1);
        snprintf(b, sizeof b, "rc %d value %llu", r2, (unsigned long long)v2);
        char what[460];
        snprintf(what, sizeof what, "query %s", m);
        (void)differ(c, what, a, b, rule_for(c->p.machine, 'q', q->kind));
    }
}

static void q1(struct ctx *c, uint32_t kind, uint32_t nargs, uint64_t a0,
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

/* A free policy that may explain any difference from this event on (the
 * state it touches is hidden or the choice has no configuration key). */
static void soft_before(struct ctx *c)
{
    const uint64_t *a = c->st.msg.arg;
    uint32_t ev = c->st.msg.kind;
    switch ((enum rc_machine)c->p.machine) {
    case RC_M_EP:
        if (ev == RC_EP_EV_CCP && a[0] == 0)
            c->ep_xoff = 1;
        if (ev == RC_EP_EV_TICK && c->ep_xoff && pol_free(RC_POL_EP_ORPHAN))
            c->soft = "ep_orphan"; /* 2.4.2.1: implementation specific */
        break;
    case RC_M_RX:
        if (ev == RC_RX_EV_SYMBOL &&
            (pol_free(RC_POL_RX_BEYOND) || pol_free(RC_POL_RX_NOT_LINKED)))
            c->soft = "rx_beyond/rx_not_linked";
        break;
    case RC_M_SW:
        if (ev == RC_SW_EV_CONGESTED && pol_free(RC_POL_SW_IMPORTANCE))
            c->soft = "sw_importance"; /* 2.4.2.2: "deemed more important" */
        break;
    case RC_M_ARBRX:
        if (ev == RC_ARBRX_EV_TICK && (evprog_cfg(&c->p, RC_ARBRX_CFG_IDLE) ||
                                       evprog_cfg(&c->p, RC_ARBRX_CFG_RELEASE)))
            c->soft = "arbitration timers (2.4.8 NOTE: intervals specific "
                      "to the implementation)";
        if (ev == RC_ARBRX_EV_CCP && (a[1] == 5u || a[1] == 6u) &&
            a[0] < DIFF_FLOWS) {
            if (c->lastreq[a[0]] == (int8_t)(a[2] & 1u) &&
                (pol_free(RC_POL_ARBRX_COPIES) ||
                 pol_free(RC_POL_ARBRX_CROSSING)))
                c->soft = "arbrx_copies/arbrx_crossing";
            c->lastreq[a[0]] = (int8_t)(a[2] & 1u);
        }
        break;
    case RC_M_GEN:
        if (ev == RC_GEN_EV_CSR && (a[1] >> 3 & 7u) == 7u &&
            pol_free(RC_POL_GEN_SIZE7))
            c->soft = "gen_size7"; /* Table 5-3: 0x7 = Reserved */
        break;
    case RC_M_ARBTX:
        if (ev == RC_ARBTX_EV_TICK &&
            (evprog_cfg(&c->p, RC_ARBTX_CFG_TIMEOUT) ||
             evprog_cfg(&c->p, RC_ARBTX_CFG_BACKOFF)))
            c->soft = "arbitration timers (2.4.8 NOTE: intervals specific "
                      "to the implementation)";
        break;
    case RC_M_CODEC:
    case RC_M_P12REG:
    case RC_M_P9REG:
    case RC_MACHINE_COUNT:
        break;
    }
}

/* The configuration both sides get: the program's keys, plus the choice
 * keys given explicitly (a vendor that made the other choice declines),
 * plus the reference configured to a declared policy. */
static void diff_config(const struct evprog *p, const struct rc_dut *vendor,
                        struct rc_config *cfg)
{
    static const uint32_t p12reg_keys[] = {
        RC_P12REG_CFG_TX_WHILE_GEN, RC_P12REG_CFG_SIZE7,
        RC_P12REG_CFG_UNSUP_SIZE, RC_P12REG_CFG_UNSUP_ENABLE,
        RC_P12REG_CFG_UNIMPL_ERROR};
    static const uint32_t sw_keys[] = {RC_SW_CFG_PICK};
    static const uint32_t rx_keys[] = {RC_RX_CFG_BEYOND};
    const uint32_t *keys = NULL;
    size_t nkeys = 0;
    *cfg = p->cfg;
    if (p->machine == RC_M_P12REG) {
        keys = p12reg_keys;
        nkeys = sizeof p12reg_keys / sizeof p12reg_keys[0];
    } else if (p->machine == RC_M_SW) {
        keys = sw_keys;
        nkeys = 1;
    } else if (p->machine == RC_M_RX) {
        keys = rx_keys;
        nkeys = 1;
    }
    for (size_t k = 0; k < nkeys; k++) {
        uint64_t v = evprog_cfg(p, keys[k]);
        if (keys[k] == RC_RX_CFG_BEYOND && p->machine == RC_M_RX &&
            vendor != rc_refdut()) {
            uint8_t d = vendor->profile.policy[RC_POL_RX_BEYOND];
            if (d == 1u || d == 2u) { /* ignore_bits, discard (I-RX-1) */
                if (v != (uint64_t)(d - 1u))
                    diff_stats.policy_cfg++;
                v = d - 1u;
            }
        }
        uint32_t i = 0;
        while (i < cfg->n && cfg->kv[i].key != keys[k])
            i++;
        if (i == cfg->n) {
            if (cfg->n >= RC_MAX_CONFIG)
                continue;
            cfg->n++;
        }
        cfg->kv[i].key = keys[k];
        cfg->kv[i].value = v;
    }
}

/* arbtx ccp seq EVPROG_SEQ_ANSWER (common/evprog.h): the answer to the
 * flow's latest REQUEST carries its bit (Part 9 2.4.7 rules 2, 3). */
static void answer_seq(struct ctx *c)
{
    struct rc_msg *m = &c->st.msg;
    if (c->p.machine != RC_M_ARBTX || m->kind != RC_ARBTX_EV_CCP ||
        m->nargs < 3u || m->arg[2] != EVPROG_SEQ_ANSWER)
        return;
    m->arg[2] = m->arg[0] < DIFF_FLOWS ? c->reqbit[m->arg[0]] : 0u;
}

/* The bits of the REQUESTs the reference sent (for answer_seq). */
static void arbtx_requests(struct ctx *c)
{
    if (c->p.machine != RC_M_ARBTX)
        return;
    for (uint32_t i = 0; i < c->ref.n && i < DIFF_CAP; i++) {
        const struct rc_msg *o = &c->ref.out[i];
        if (o->kind == RC_ARBTX_OUT_MSG && o->nargs >= 3u &&
            (o->arg[0] == 5u || o->arg[0] == 6u) && o->arg[2] < DIFF_FLOWS)
            c->reqbit[o->arg[2]] = (uint8_t)(o->arg[1] & 1u);
    }
}

/* Whether two step results say the same thing. The codes of a decoder's
 * outcome (trunc, length, crc, reserved, format, revision), ok and notsup
 * must be equal; the ABI codes that carry no meaning of the spec's (inval,
 * range, state, busy, full, noent, align, offset) and a device's own codes
 * outside RC_RESULTS all say "not done", as `result error` in the vectors
 * (docs/vendor-guide.md section 3). */
static int unspecified_error(int rc)
{
    switch (rc) {
    case RC_OK:
    case RC_NOTSUP:
    case RC_TRUNC:
    case RC_LENGTH:
    case RC_CRC:
    case RC_RESERVED:
    case RC_FORMAT:
    case RC_REVISION:
    case RC_LOST: /* a lost device is a finding of its own */
        return 0;
    default:
        return 1;
    }
}

static int same_result(int a, int b)
{
    return a == b || (unspecified_error(a) && unspecified_error(b));
}

static void run(struct ctx *c, const struct rc_dut *vendor)
{
    diff_cur = c;
    struct rc_config cfg;
    diff_config(&c->p, vendor, &cfg);
    const struct rc_machine_ops *ro = &rc_refdut()->machine[c->p.machine];
    const struct rc_machine_ops *vo = &vendor->machine[c->p.machine];
    int r1 = ro->create(rc_refdut()->ctx, &c->ref.inst, &cfg);
    int r2 = vo->create != NULL ? vo->create(vendor->ctx, &c->dut.inst, &cfg) : RC_NOTSUP;
    if (c->p.refused != NULL) {
        /* the refused mode (common/evcfg.h): a configuration the spec rules
         * out; any result but ok passes (as a `create refused` vector) */
        char e[512], w[700];
        evprog_cfg_text(e, sizeof e, &c->p);
        if (r1 == RC_OK)
            fuzz_fail("%s evcfg: the reference accepted a configuration the "
                      "spec rules out (%s): %s", evprog_machine_name(c->p.machine),
                      c->p.refused, e);
        diff_stats.refused++;
        if (r2 == RC_OK) {
            char a[32];
            snprintf(a, sizeof a, "create %d (refused)", r1);
            snprintf(w, sizeof w, "the create of a configuration the spec rules "
                     "out (%s)", e);
            (void)differ(c, w, a, "create 0 (accepted)", c->p.refused);
        }
        return;
    }
    if (r1 != RC_OK) {
        /* the header was folded into the valid sets (common/evcfg.h): a
         * conforming device takes every such configuration */
        char e[512];
        evprog_cfg_text(e, sizeof e, &c->p);
        fuzz_fail("%s evcfg: the reference refused (%d) a configuration of "
                  "the valid set: %s", evprog_machine_name(c->p.machine), r1, e);
    }
    if (r2 != RC_OK)
        diff_declined++;
    if (r2 == RC_NOTSUP || r1 != r2) {
        if (r2 != RC_NOTSUP && r1 != r2) {
            char a[32], b[32];
            snprintf(a, sizeof a, "create %d", r1);
            snprintf(b, sizeof b, "create %d", r2);
            (void)differ(c, "the configuration", a, b, "ABI create");
        }
        return;
    }
    if (r1 != RC_OK)
        return;
    c->ref.ops = ro;
    c->dut.ops = vo;
    c->notes = note_kinds(c->p.machine, vendor);
    c->ref.out = diff_out_ref;
    c->dut.out = diff_out_dut;
    memset(c->flip, -1, sizeof c->flip);
    memset(c->lastreq, -1, sizeof c->lastreq);
    memset(c->dbit, -1, sizeof c->dbit);
    if (c->p.machine == RC_M_ARBTX) {
        /* 2.4.7 rule 4 fixes no first bit: bind it per flow (next_seq, or
         * the first REQUEST) */
        for (uint64_t f = 0; f < DIFF_FLOWS && f < 4u; f++) {
            struct rc_msg q = {
                .kind = RC_ARBTX_Q_NEXT_SEQ, .nargs = 1, .arg = {f}};
            uint64_t v1 = 0, v2 = 0;
            if (ro->query(c->ref.inst, &q, &v1) == RC_OK &&
                vo->query(c->dut.inst, &q, &v2) == RC_OK && v1 <= 1u &&
                v2 <= 1u) {
                c->flip[f] = (int8_t)(v1 ^ v2);
                if (c->flip[f])
                    diff_stats.seq_flip++;
            }
        }
    }
    uint32_t work = 0; /* outputs compared: at most DIFF_OUTPUT_BUDGET */
    while (work < DIFF_OUTPUT_BUDGET && evprog_next(&c->p, &c->st)) {
        if (c->st.query) {
            c->rep = 0;
            compare_query(c, &c->st.msg);
            continue;
        }
        for (c->rep = 0; c->rep < c->st.repeat && work < DIFF_OUTPUT_BUDGET;
             c->rep++) {
            answer_seq(c);
            soft_before(c);
            vendor_event(c);
            c->ref.n = c->dut.n = 0;
            c->ref.rc = c->ref.ops->step(c->ref.inst, &c->st.msg, c->ref.out,
                                         DIFF_CAP, &c->ref.n);
            c->dut.rc = c->dut.ops->step(c->dut.inst, &c->dev, c->dut.out,
                                         DIFF_CAP, &c->dut.n);
            if (c->dut.rc == RC_NOTSUP && c->ref.rc != RC_NOTSUP)
                return; /* the vendor does not implement this event */
            if (c->ref.n > DIFF_CAP || c->dut.n > DIFF_CAP)
                (void)differ(c, "the output count", "<= cap", "> cap", "ABI");
            invariants(c);
            gen_learn(c);
            arbtx_requests(c);
            if (!same_result(c->ref.rc, c->dut.rc) && c->qskip != UINT32_MAX &&
                !(c->p.machine == RC_M_ARBTX &&
                  c->st.msg.kind != RC_ARBTX_EV_TICK &&
                  query_flow_skipped(c, &c->st.msg))) {
                char a[32], b[32];
                snprintf(a, sizeof a, "result %d", c->ref.rc);
                snprintf(b, sizeof b, "result %d", c->dut.rc);
                (void)differ(c, "the step result", a, b,
                             rule_for(c->p.machine, 'e', c->st.msg.kind));
            }
            if (!c->stop_out)
                compare_outputs(c);
            compare_notes(c);
            work += c->ref.n > c->dut.n ? c->ref.n : c->dut.n;
            if (c->ref.rc == RC_FULL || c->dut.rc == RC_FULL)
                work += DIFF_CAP;
            if (c->qskip != UINT32_MAX &&
                (c->rep < 64u || (c->rep + 1u) % 64u == 0 ||
                 c->rep + 1u == c->st.repeat || work >= DIFF_OUTPUT_BUDGET))
                auto_queries(c);
        }
    }
}

/* The valid configurations (common/evcfg.h) of the vendor's profile;
 * RIOCHECK_FUZZ_DIFF_CONFIG=table: every size the spec allows. */
static const struct evcfg *diff_valid(const struct rc_dut *vendor)
{
    static struct evcfg v;
    static int ready;
    if (!ready) {
        const char *t = getenv("RIOCHECK_FUZZ_DIFF_CONFIG");
        evcfg_from_profile(&v, &vendor->profile,
                           t != NULL && strcmp(t, "table") == 0);
        ready = 1;
    }
    return &v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct ctx c;
    const struct rc_dut *vendor = load_vendor();
    if (size == 0)
        return 0;
    memset(&c, 0, sizeof c);
    evprog_open_valid(&c.p, data[0] % RC_MACHINE_COUNT, data + 1, size - 1,
                      diff_valid(vendor));
    run(&c, vendor);
    if (c.ref.inst != NULL)
        rc_refdut()->machine[c.p.machine].destroy(c.ref.inst);
    if (c.dut.inst != NULL && vendor->machine[c.p.machine].destroy != NULL)
        vendor->machine[c.p.machine].destroy(c.dut.inst);
    return 0;
}

/* Structure-aware mutation (common/evmut.h): libFuzzer calls these, and
 * build/fuzz-afl/diff-mutator.so offers them to AFL++. */
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
                               unsigned int seed)
{
    return evmut_mutate(data, size, max_size, seed);
}

size_t LLVMFuzzerCustomCrossOver(const uint8_t *data1, size_t size1,
                                 const uint8_t *data2, size_t size2,
                                 uint8_t *out, size_t max_out_size,
                                 unsigned int seed)
{
    return evmut_crossover(data1, size1, data2, size2, out, max_out_size, seed);
}
