/* SPDX-License-Identifier: Apache-2.0 */
/* The external-process DUT protocol (proc.h, docs/dut-protocol.md): the line
 * helpers, the shim served in process, the client against the shim, and the
 * client against fake DUT processes that crash, exit, hang or answer
 * garbage.
 *
 * The DUT processes are this program itself, started by the client through
 * its real spawn path (/proc/self/exe):
 *   proc_test --serve ref        the shim serving rc_refdut()
 *   proc_test --serve crashy     the same, but gen `congest port=13` kills
 *                                the process (SIGKILL), port=14 exits with
 *                                status 3, port=15 hangs
 *   proc_test --serve-once FILE  crashy the first time (FILE absent), later
 *                                starts exit with status 5 at once
 *   proc_test --serve-flip FILE  crashy the first time, later crashy under
 *                                another name
 *   proc_test --fake HELLO CREATE STEP QUERY DESTROY BYE
 *                                a scripted DUT: each argument is the answer
 *                                to that request ("std" = the usual one),
 *                                lines separated by real newlines; a line
 *                                "@hang", "@kill", "@exitN", "@long", "@nul",
 *                                "@manyN", "@sleepMS" or "@spam" does that instead of
 *                                printing; "A||B||C" answers the first such
 *                                request with A, the second with B, the
 *                                rest with C.
 * Expected values come from the protocol document and the ABI, and the
 * equivalence tests compare the proxy with direct calls on rc_refdut().
 */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../../reference/tests/check.h"
#include "../../core/registry.h"
#include "../../core/suite.h"
#include "../../refdut/refdut.h"
#include "../proc.h"
#include "rio/version.h"
#include "../shim.h"

static char self[4096]; /* this program's path */
static char fuzz_dut[4096 + 16]; /* proc-fuzz-dut beside it (fuzz_dut.c) */

/* ---- DUT process modes ------------------------------------------------------ */

static int crashy_gen_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                           uint32_t cap, uint32_t *n)
{
    if (ev != NULL && ev->kind == RC_GEN_EV_CONGEST && ev->nargs == 3) {
        if (ev->arg[0] == 13)
            kill(getpid(), SIGKILL);
        if (ev->arg[0] == 14)
            _exit(3);
        if (ev->arg[0] == 15)
            for (;;)
                pause();
    }
    return rc_refdut()->machine[RC_M_GEN].step(inst, ev, out, cap, n);
}

static int serve_crashy(const char *name)
{
    static struct rc_dut d;
    d = *rc_refdut();
    d.name = name;
    d.machine[RC_M_GEN].step = crashy_gen_step;
    return rc_shim_serve(&d, stdin, stdout) == 0 ? 0 : 3;
}

static void fake_answer(const char *answer)
{
    char buf[8192];
    snprintf(buf, sizeof buf, "%s", answer);
    for (char *line = strtok(buf, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        if (strcmp(line, "@hang") == 0) {
            fflush(stdout);
            for (;;)
                pause();
        } else if (strcmp(line, "@kill") == 0) {
            fflush(stdout);
            kill(getpid(), SIGKILL);
        } else if (strncmp(line, "@exit", 5) == 0) {
            fflush(stdout);
            _exit(atoi(line + 5));
        } else if (strcmp(line, "@long") == 0) {
            for (int i = 0; i < 5000; i++)
                putchar('x');
            putchar('\n');
        } else if (strcmp(line, "@nul") == 0) {
            fwrite("done res\0ult=ok\n", 1, 16, stdout);
        } else if (strncmp(line, "@sleep", 6) == 0) {
            fflush(stdout);
            struct timespec ts = {0, atol(line + 6) * 1000000L};
            nanosleep(&ts, NULL);
        } else if (strcmp(line, "@spam") == 0) {
            for (;;) { /* comments forever: not an answer */
                puts("# still thinking");
                fflush(stdout);
            }
        } else if (strncmp(line, "@many", 5) == 0) {
            for (int i = atoi(line + 5); i > 0; i--)
                puts("out symbol tx_port=1");
            puts("done result=ok");
        } else {
            puts(line);
        }
    }
    fflush(stdout);
}

static const char std_hello[] =
    "hello riocheck-dut-protocol 1\nname fake\nversion 1\nrevisions p12r3\n"
    "caps gen\nprofile ports=8\nmachines gen\nready";

/* argv: HELLO CREATE STEP QUERY DESTROY BYE */
static int fake_main(char **a)
{
    const char *std[6] = {std_hello, "ok", "done result=ok", "value 7", "ok",
                          "bye\n@exit0"};
    const char *verbs[6] = {"hello", "create", "step", "query", "destroy", "bye"};
    unsigned count[6] = {0, 0, 0, 0, 0, 0};
    char line[8192];
    while (fgets(line, sizeof line, stdin) != NULL) {
        for (int v = 0; v < 6; v++)
            if (strncmp(line, verbs[v], strlen(verbs[v])) == 0) {
                const char *ans = strcmp(a[v], "std") == 0 ? std[v] : a[v];
                /* the count-th "||"-separated answer, or the last one */
                for (unsigned k = 0; k < count[v]; k++) {
                    const char *next = strstr(ans, "||");
                    if (next == NULL)
                        break;
                    ans = next + 2;
                }
                count[v]++;
                char one[8192];
                size_t len = strstr(ans, "||") ? (size_t)(strstr(ans, "||") - ans)
                                                : strlen(ans);
                snprintf(one, sizeof one, "%.*s", (int)len, ans);
                fake_answer(one);
                break;
            }
    }
    return 0;
}

static int child_main(int argc, char **argv)
{
    if (strcmp(argv[1], "--serve") == 0 && argc == 3) {
        if (strcmp(argv[2], "ref") == 0)
            return rc_shim_serve(rc_refdut(), stdin, stdout) == 0 ? 0 : 3;
        return serve_crashy("riocheck reference");
    }
    if ((strcmp(argv[1], "--serve-once") == 0 || strcmp(argv[1], "--serve-flip") == 0) &&
        argc == 3) {
        if (access(argv[2], F_OK) != 0) {
            FILE *f = fopen(argv[2], "w");
            if (f)
                fclose(f);
            return serve_crashy("riocheck reference");
        }
        if (strcmp(argv[1], "--serve-once") == 0)
            _exit(5);
        return serve_crashy("someone else");
    }
    if (strcmp(argv[1], "--fake") == 0 && argc == 8)
        return fake_main(argv + 2);
    fprintf(stderr, "proc_test: bad child mode\n");
    return 2;
}

/* ---- helpers ---------------------------------------------------------------- */

static struct rc_proc *open_args(const char *a1, const char *a2, unsigned timeout_ms,
                                 char *err, size_t cap)
{
    char *argv[4] = {self, (char *)(uintptr_t)a1, (char *)(uintptr_t)a2, NULL};
    struct rc_proc *p = NULL;
    if (rc_proc_open(&p, argv, timeout_ms, err, cap) != 0)
        return NULL;
    return p;
}

static struct rc_proc *open_ref(void)
{
    char err[512];
    struct rc_proc *p = open_args("--serve", "ref", 10000, err, sizeof err);
    if (p == NULL)
        fprintf(stderr, "  open: %s\n", err);
    return p;
}

/* A fake DUT; answers are "std" or the text. */
static struct rc_proc *open_fake(const char *hello, const char *create, const char *step,
                                 const char *query, const char *destroy, const char *bye,
                                 unsigned timeout_ms, char *err, size_t cap)
{
    char *argv[9] = {self, "--fake", (char *)(uintptr_t)hello, (char *)(uintptr_t)create,
                     (char *)(uintptr_t)step, (char *)(uintptr_t)query,
                     (char *)(uintptr_t)destroy, (char *)(uintptr_t)bye, NULL};
    struct rc_proc *p = NULL;
    if (rc_proc_open(&p, argv, timeout_ms, err, cap) != 0)
        return NULL;
    return p;
}

/* The process is gone and reaped (a zombie would still accept signal 0). */
static int reaped(long pid)
{
    return pid > 0 && kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}

static int no_children(void)
{
    int st;
    return waitpid(-1, &st, WNOHANG) < 0 && errno == ECHILD;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint64_t xorshift(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static struct rc_msg ev1(uint32_t kind, uint32_t nargs, uint64_t a0, uint64_t a1,
                         uint64_t a2)
{
    struct rc_msg m;
    memset(&m, 0, sizeof m);
    m.kind = kind;
    m.nargs = nargs;
    m.arg[0] = a0;
    m.arg[1] = a1;
    m.arg[2] = a2;
    return m;
}

static int same_outputs(const struct rc_msg *a, uint32_t na, const struct rc_msg *b,
                        uint32_t nb)
{
    if (na != nb)
        return 0;
    for (uint32_t i = 0; i < na; i++) {
        if (a[i].kind != b[i].kind || a[i].nargs != b[i].nargs)
            return 0;
        for (uint32_t k = 0; k < a[i].nargs && k < RC_MAX_ARGS; k++)
            if (a[i].arg[k] != b[i].arg[k])
                return 0;
    }
    return 1;
}

/* Serve a request text with rc_shim_serve in process; the answers in out. */
static int serve_text(const struct rc_dut *dut, const char *req, size_t len, char *out,
                      size_t cap)
{
    FILE *in = fmemopen((void *)(uintptr_t)req, len, "r");
    FILE *o = tmpfile();
    if (in == NULL || o == NULL)
        return -2;
    int rc = rc_shim_serve(dut, in, o);
    rewind(o);
    size_t n = fread(out, 1, cap - 1, o);
    out[n] = '\0';
    fclose(in);
    fclose(o);
    return rc;
}

/* ---- line helpers ----------------------------------------------------------- */

static void numbers_are_decimal_or_0x_hex_and_fit_64_bits(void)
{
    uint64_t v = 0;
    CHECK_EQ(rc_proto_number("0", &v), 0);
    CHECK_EQ(v, 0);
    CHECK_EQ(rc_proto_number("007", &v), 0);
    CHECK_EQ(v, 7);
    CHECK_EQ(rc_proto_number("18446744073709551615", &v), 0);
    CHECK(v == UINT64_MAX);
    CHECK_EQ(rc_proto_number("0xFFFFFFFFFFFFFFFF", &v), 0);
    CHECK(v == UINT64_MAX);
    CHECK_EQ(rc_proto_number("0x000000000000000000001", &v), 0);
    CHECK_EQ(v, 1);
    CHECK_EQ(rc_proto_number("0XaB", &v), 0);
    CHECK_EQ(v, 0xAB);
    const char *bad[] = {"", "18446744073709551616", "0x10000000000000000", "0x", "-1",
                         "+1", " 1", "1 ", "1a", "0b1", "x1", "1.0", "0x1g"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK_EQ_AT(i, rc_proto_number(bad[i], &v), -1);
    CHECK_EQ(rc_proto_number(NULL, &v), -1);
}

static void results_are_names_or_signed_decimal_ints(void)
{
    int rc = 1;
    CHECK_EQ(rc_proto_result("ok", &rc), 0);
    CHECK_EQ(rc, RC_OK);
    CHECK_EQ(rc_proto_result("notsup", &rc), 0);
    CHECK_EQ(rc, RC_NOTSUP);
    CHECK_EQ(rc_proto_result("offset", &rc), 0);
    CHECK_EQ(rc, RC_OFFSET);
    CHECK_EQ(rc_proto_result("-5", &rc), 0);
    CHECK_EQ(rc, -5);
    CHECK_EQ(rc_proto_result("-2147483648", &rc), 0);
    CHECK_EQ(rc, INT32_MIN);
    CHECK_EQ(rc_proto_result("2147483647", &rc), 0);
    CHECK_EQ(rc, INT32_MAX);
    const char *bad[] = {"", "-", "2147483648", "-2147483649", "0x1", "-0x1", "OK", "nope"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK_EQ_AT(i, rc_proto_result(bad[i], &rc), -1);
    char buf[16];
    CHECK(strcmp(rc_proto_result_text(RC_CRC, buf), "crc") == 0);
    CHECK(strcmp(rc_proto_result_text(-5, buf), "-5") == 0);
}

static void numbers_are_written_decimal_below_65536_else_hex(void)
{
    char b[24];
    CHECK_EQ(rc_proto_put_u64(b, 0), 1);
    CHECK(strcmp(b, "0") == 0);
    rc_proto_put_u64(b, 65535);
    CHECK(strcmp(b, "65535") == 0);
    rc_proto_put_u64(b, 65536);
    CHECK(strcmp(b, "0x10000") == 0);
    CHECK_EQ(rc_proto_put_u64(b, UINT64_MAX), 18);
    CHECK(strcmp(b, "0xffffffffffffffff") == 0);
    /* every written number reads back */
    for (int i = 0; i < 10000; i++) {
        uint64_t v = xorshift() >> (xorshift() % 64), r = 0;
        rc_proto_put_u64(b, v);
        CHECK_EQ_AT(i, rc_proto_number(b, &r), 0);
        CHECK(r == v);
    }
}

static void split_cuts_at_space_runs_and_bounds_the_fields(void)
{
    char s[512] = "  a\t\tbb  c=1 \t";
    struct rc_proto_line l;
    CHECK_EQ(rc_proto_split(&l, s), 0);
    CHECK_EQ(l.n, 3);
    CHECK(strcmp(l.f[0], "a") == 0 && strcmp(l.f[1], "bb") == 0 &&
          strcmp(l.f[2], "c=1") == 0);
    char many[512] = "";
    for (unsigned i = 0; i < RC_PROTO_MAX_FIELDS; i++)
        strcat(many, "x ");
    CHECK_EQ(rc_proto_split(&l, many), 0);
    CHECK_EQ(l.n, RC_PROTO_MAX_FIELDS);
    char more[512] = "";
    for (unsigned i = 0; i <= RC_PROTO_MAX_FIELDS; i++)
        strcat(more, "y ");
    CHECK_EQ(rc_proto_split(&l, more), -1);
    char *name, *value;
    char p1[] = "a=b", p2[] = "=b", p3[] = "a=", p4[] = "ab";
    CHECK_EQ(rc_proto_pair(p1, &name, &value), 0);
    CHECK(strcmp(name, "a") == 0 && strcmp(value, "b") == 0);
    CHECK_EQ(rc_proto_pair(p2, &name, &value), -1);
    CHECK_EQ(rc_proto_pair(p3, &name, &value), -1);
    CHECK_EQ(rc_proto_pair(p4, &name, &value), -1);
}

static void quote_escapes_and_cuts(void)
{
    char d[16];
    rc_proto_quote(d, sizeof d, "a\x01z", 3);
    CHECK(strcmp(d, "a\\x01z") == 0);
    rc_proto_quote(d, sizeof d, "0123456789abcdefghij", 20);
    CHECK(strlen(d) == 15);
    CHECK(strcmp(d + 12, "...") == 0);
    char b[8];
    struct rc_proto_buf pb;
    rc_proto_buf_init(&pb, b, sizeof b);
    rc_proto_add(&pb, "1234567");
    CHECK(!pb.overflow);
    rc_proto_add(&pb, "8");
    CHECK(pb.overflow);
    CHECK(strcmp(b, "1234567") == 0);
}

/* ---- the shim, in process ----------------------------------------------------- */

/* The reference's handshake. Its policy line lists the policies the
 * reference's profile declares (the input the shim transmits), in table
 * order. */
static const char *ref_handshake(void)
{
    static char hs[2048];
    char pol[1024] = "policy";
    const struct rc_profile *p = &rc_refdut()->profile;
    for (unsigned k = 0; k < RC_POLICY_SLOTS; k++) {
        const char *key = rc_policy_name(k);
        const char *val = key ? rc_policy_value_name(k, p->policy[k]) : NULL;
        if (val != NULL)
            snprintf(pol + strlen(pol), sizeof pol - strlen(pol), " %s=%s", key, val);
    }
    snprintf(hs, sizeof hs,
             "hello riocheck-dut-protocol 1\n"
             "name riocheck reference\n"
             "version " RIO_VERSION "\n"
             "revisions p12r2 p12r3 p9r2 p9r3\n"
             "caps cs48 cs64 gen rx pervc p12reg p9reg ep sw arbtx arbrx codec switch "
             "sw_replace arbrx_freed ep_notes sw_verdicts arbtx_notes arbrx_violations "
             "p12reg_wrote errstat_write stype2 cs48_split\n"
             "profile ports=8 vcs=8 counter_width=4 orphan_timeout=1000 flow_list=8 "
             "arb_pool=1\n"
             "%s\n"
             "machines codec p12reg p9reg gen rx ep sw arbtx arbrx\n"
             "fastpath cs64_decode\n"
             "ready\n",
             pol);
    return hs;
}

static void shim_session_follows_the_worked_example(void)
{
    /* docs/dut-protocol.md "A worked example"; the expected symbol is the
     * one of docs/vector-format.md's example vector (Table 5-4 row 1,0). */
    static const char req[] =
        "hello riocheck-dut-protocol 1\n"
        "create 1 gen rev=3 format=64 ports=4\n"
        "step 1 csr port=0 value=0x00800020\n"
        "step 1 csr port=2 value=0x00400000\n"
        "step 1 congest port=2 vc=0 on=1\n"
        "query 1 reported port=2 vc=255\n"
        "query 1 reported port=4 vc=255\n"
        "create 2 codec\n"
        "step 2 cs64_decode width=4 param=0xF00001\n"
        "fastpath cs64_decode width=7 param=0\n"
        "destroy 2\n"
        "destroy 1\n"
        "bye\n"
        "create 3 gen\n";
    char out[8192];
    CHECK_EQ(serve_text(rc_refdut(), req, sizeof req - 1, out, sizeof out), 0);
    char want[4096];
    snprintf(want, sizeof want, "%s%s", ref_handshake(),
             "ok\n"
             "done result=ok\n"
             "done result=ok\n"
             "out symbol tx_port=0 vc=255 group=0 status=4 ride=255 vcid=0 "
             "encoded=0xf00040\n"
             "done result=ok\n"
             "value 1\n"
             "error result=range\n"
             "ok\n"
             "out voq_msg kind=0 vc_ind=15 vc=255 group_width=4 status_width=16 group=1 "
             "status=0 first_port=16\n"
             "done result=ok\n"
             "done result=reserved\n"
             "ok\n"
             "ok\n"
             "bye\n");
    if (strcmp(out, want) != 0)
        fprintf(stderr, "  got:\n%s\n  want:\n%s\n", out, want);
    CHECK(strcmp(out, want) == 0);
}

/* Each malformed request gets exactly one `error` line naming the problem,
 * and the session goes on. */
static void shim_answers_every_malformed_request_with_one_error_line(void)
{
    static const struct {
        const char *req, *answer;
    } cases[] = {
        {"create 1 gen", "error say 'hello riocheck-dut-protocol 1' first"},
        {"hello riocheck-dut-protocol 2",
         "error riocheck-dut-protocol 2 is not supported: this DUT speaks "
         "riocheck-dut-protocol 1"},
        {"hello riocheck-dut-protocol", "error usage: hello riocheck-dut-protocol 1"},
        {"hello other 1", "error usage: hello riocheck-dut-protocol 1"},
        {"hello riocheck-dut-protocol 1", NULL}, /* the handshake */
        {"hello riocheck-dut-protocol 1", "error hello was already done"},
        {"create 0 gen", "error '0' is not an instance id (1 to 4294967295)"},
        {"create 4294967296 gen", "error '4294967296' is not an instance id (1 to 4294967295)"},
        {"create x gen", "error 'x' is not an instance id (1 to 4294967295)"},
        {"create 1", "error usage: create ID MACHINE [KEY=VALUE]..."},
        {"create 1 teleporter", "error unknown machine 'teleporter'"},
        {"create 1 gen warp=1", "error gen has no configuration key 'warp'"},
        {"create 1 gen rev", "error 'rev' is not key=value"},
        {"create 1 gen rev=", "error 'rev=' is not key=value"},
        {"create 1 gen rev=three",
         "error rev=three: not a decimal or 0x hex number below 2^64"},
        {"create 1 gen rev=0x", "error rev=0x: not a decimal or 0x hex number below 2^64"},
        {"create 1 gen rev=99999999999999999999",
         "error rev=99999999999999999999: not a decimal or 0x hex number below 2^64"},
        {"create 1 p12reg rev=9", "error result=revision"}, /* refdut.c R1 */
        {"create 1 gen rev=3 rev=3", "error result=inval"}, /* the DUT decides */
        {"create 1 gen rev=3 format=64 ports=4", "ok"},
        {"create 1 gen", "error instance 1 is in use"},
        {"step", "error step needs an instance id"},
        {"step 1", "error usage: step ID EVENT [ARG=VALUE]..."},
        {"step 2 congest", "error no instance 2"},
        {"step 1 fly", "error gen has no event 'fly'"},
        {"step 1 reported port=1", "error gen has no event 'reported'"},
        {"step 1 congest port=1 port=2", "error argument port given twice"},
        {"step 1 congest speed=1", "error congest has no argument 'speed'"},
        {"step 1 congest port", "error 'port' is not name=value"},
        {"step 1 congest port=-1",
         "error port=-1: not a decimal or 0x hex number below 2^64"},
        {"step 1 congest", "done result=ok"}, /* missing arguments are 0 */
        {"step 1 congest on=1 port=1", "done result=ok"}, /* any order */
        {"query 1", "error usage: query ID QUERY [ARG=VALUE]..."},
        {"query 1 congest", "error gen has no query 'congest'"},
        {"query 1 reported port=1 vc=255", "value 0"}, /* generation is off */
        {"query 1 reported port=1 vc=255 vc=1", "error argument vc given twice"},
        {"fastpath", "error usage: fastpath cs64_decode width=W param=P"},
        {"fastpath cs48", "error usage: fastpath cs64_decode width=W param=P"},
        {"fastpath cs64_decode width=1 width=2", "error 'width=2': expected width=W param=P"},
        {"fastpath cs64_decode depth=1", "error 'depth=1': expected width=W param=P"},
        {"fastpath cs64_decode width=4294967296",
         "error width=4294967296: not a number below 2^32"},
        {"destroy", "error destroy needs an instance id"},
        {"destroy 1 now", "error usage: destroy ID"},
        {"destroy 7", "error no instance 7"},
        {"bye now", "error usage: bye"},
        {"launch 1", "error unknown request 'launch'"},
        {"# a comment", ""},
        {"   ", ""},
        {"\t", ""},
        {"step 1 congest port=1 vc=0 on=0\r", "done result=ok"}, /* CRLF */
        {"destroy 1", "ok"},
        {"step 1 congest", "error no instance 1"},
    };
    char req[16384] = "", want[16384] = "";
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        strcat(req, cases[i].req);
        strcat(req, "\n");
        if (cases[i].answer == NULL) {
            strcat(want, ref_handshake());
        } else if (cases[i].answer[0] != '\0') {
            strcat(want, cases[i].answer);
            strcat(want, "\n");
        }
    }
    char out[32768];
    CHECK_EQ(serve_text(rc_refdut(), req, strlen(req), out, sizeof out), 0);
    /* compare line by line to name the first difference */
    const char *a = out, *b = want;
    for (unsigned line = 1; *a || *b; line++) {
        size_t la = strcspn(a, "\n"), lb = strcspn(b, "\n");
        if (la != lb || strncmp(a, b, la) != 0) {
            fprintf(stderr, "  answer line %u: got '%.*s', want '%.*s'\n", line, (int)la,
                    a, (int)lb, b);
            CHECK(0);
        }
        a += la + (a[la] == '\n');
        b += lb + (b[lb] == '\n');
    }
}

static void shim_rejects_long_lines_nul_bytes_and_too_many_fields(void)
{
    char req[16384];
    size_t n = 0;
    n += (size_t)sprintf(req + n, "hello riocheck-dut-protocol 1\n");
    /* 4095 bytes + LF is the longest line: an unknown request, not too long */
    req[n++] = 'z';
    memset(req + n, 'x', 4094);
    n += 4094;
    req[n++] = '\n';
    /* 4096 bytes + LF is too long; the next line is read normally */
    memset(req + n, 'y', 4096);
    n += 4096;
    req[n++] = '\n';
    memcpy(req + n, "step 1 a\0b\n", 11);
    n += 11;
    for (unsigned i = 0; i <= RC_PROTO_MAX_FIELDS; i++)
        n += (size_t)sprintf(req + n, "f ");
    req[n++] = '\n';
    n += (size_t)sprintf(req + n, "destroy 9\n");
    char out[16384];
    CHECK_EQ(serve_text(rc_refdut(), req, n, out, sizeof out), 0);
    const char *rest = out + strlen(ref_handshake());
    CHECK(strncmp(out, ref_handshake(), strlen(ref_handshake())) == 0);
    CHECK(strncmp(rest, "error unknown request 'zxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
                  40) == 0);
    rest = strchr(rest, '\n') + 1;
    const char *want = "error the request is longer than 4096 bytes\n"
                       "error the request holds a NUL byte\n"
                       "error more than 64 fields\n"
                       "error no instance 9\n";
    if (strcmp(rest, want) != 0)
        fprintf(stderr, "  got:\n%s", rest);
    CHECK(strcmp(rest, want) == 0);
}

/* A DUT that misbehaves inside the shim: its answers are checked before they
 * are forwarded. */
static uint32_t bad_n;
static uint32_t bad_kind;
static int bad_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    (void)cfg;
    *inst = NULL;
    return RC_OK;
}
static int bad_step(void *inst, const struct rc_msg *ev, struct rc_msg *out, uint32_t cap,
                    uint32_t *n)
{
    (void)inst;
    (void)ev;
    for (uint32_t i = 0; i < bad_n && i < cap; i++) {
        memset(&out[i], 0, sizeof out[i]);
        out[i].kind = bad_kind;
        out[i].nargs = 99; /* more than the table: the shim sends the table's */
        out[i].arg[0] = i;
    }
    *n = bad_n;
    return -5;
}

static void shim_checks_the_duts_answers_before_forwarding_them(void)
{
    struct rc_dut d;
    memset(&d, 0, sizeof d);
    d.abi_version = RC_DUT_ABI_VERSION;
    d.name = "bad\nname\x7f";
    d.version = NULL;
    d.machine[RC_M_P9REG].create = bad_create;
    d.machine[RC_M_P9REG].step = bad_step; /* no query, no destroy */
    static const char req[] =
        "hello riocheck-dut-protocol 1\ncreate 1 p9reg\nstep 1 reset\nstep 1 reset\n"
        "step 1 reset\nstep 1 reset\nquery 1 may_route_fc port=0\ncreate 2 gen\n"
        "destroy 1\n";
    char out[8192];
    bad_n = 2;
    bad_kind = RC_P9REG_OUT_VALUE;
    FILE *in = fmemopen((void *)(uintptr_t)req, sizeof req - 1, "r");
    FILE *o = tmpfile();
    CHECK(in != NULL && o != NULL);
    /* serve request by request so the fake can change between steps */
    CHECK_EQ(rc_shim_serve(&d, in, o), 0);
    fclose(in);
    rewind(o);
    size_t n = fread(out, 1, sizeof out - 1, o);
    out[n] = '\0';
    fclose(o);
    static const char want[] =
        "hello riocheck-dut-protocol 1\nname bad?name?\nversion \nrevisions\ncaps\n"
        "profile ports=0 vcs=0 counter_width=0 orphan_timeout=0 flow_list=0 arb_pool=0\n"
        "machines p9reg\nready\nok\n"
        "out value value=0\nout value value=1\ndone result=-5\n"
        "out value value=0\nout value value=1\ndone result=-5\n"
        "out value value=0\nout value value=1\ndone result=-5\n"
        "out value value=0\nout value value=1\ndone result=-5\n"
        "error result=notsup\nerror result=notsup\nok\n";
    if (strcmp(out, want) != 0)
        fprintf(stderr, "  got:\n%s", out);
    CHECK(strcmp(out, want) == 0);
    /* too many outputs, and an unknown kind: one error line, no `out` */
    static const char req2[] = "hello riocheck-dut-protocol 1\ncreate 1 p9reg\nstep 1 reset\n";
    bad_n = RC_PROC_MAX_OUTPUTS + 1;
    CHECK_EQ(serve_text(&d, req2, sizeof req2 - 1, out, sizeof out), 0);
    CHECK(strstr(out, "ok\nerror the DUT reported 8129 outputs for a buffer of 8128\n") !=
          NULL);
    bad_n = 1;
    bad_kind = 77;
    CHECK_EQ(serve_text(&d, req2, sizeof req2 - 1, out, sizeof out), 0);
    CHECK(strstr(out, "ok\nerror the DUT produced an output of unknown kind 77\n") != NULL);
    CHECK(strstr(out, "out ") == NULL);
}

static void shim_refuses_null_arguments(void)
{
    CHECK_EQ(rc_shim_serve(NULL, stdin, stdout), -1);
    CHECK_EQ(rc_shim_serve(rc_refdut(), NULL, stdout), -1);
    CHECK_EQ(rc_shim_serve(rc_refdut(), stdin, NULL), -1);
}

/* Random requests built from the protocol's own words and from noise: the
 * shim never crashes, and every request line gets exactly one final answer
 * (ok, value, done, error, bye or the handshake's ready). */
static void shim_fuzz_one_final_answer_per_request(void)
{
    static const char *words[] = {
        "hello", "riocheck-dut-protocol", "1", "create", "step", "query", "destroy",
        "fastpath", "cs64_decode", "bye", "gen", "rx", "ep", "sw", "codec", "arbtx",
        "arbrx", "p12reg", "p9reg", "congest", "csr", "tick", "reported", "port=2",
        "vc=255", "on=1", "n=5", "width=3", "param=0x123456", "rev=3", "rev=2",
        "format=64", "ports=4", "2", "3", "0", "4294967295", "0x", "=", "x=", "=1",
        "value=0x00800020", "stype2_decode", "ccp_unpack", "len=16", "hi=0xffffffffffffffff",
        "lo=1", "ccp", "flow=1", "cmd=5", "seq=1", "pdu", "mode=1", "packets=3", "#",
        "\x01", "\xff", "result=ok", "\r"};
    const size_t nw = sizeof words / sizeof words[0];
    for (int round = 0; round < 60; round++) {
        char *req = malloc(200000);
        CHECK(req != NULL);
        size_t n = 0;
        unsigned requests = 0;
        n += (size_t)sprintf(req + n, "hello riocheck-dut-protocol 1\n");
        requests++;
        for (int l = 0; l < 400; l++) {
            size_t start = n;
            int nf = (int)(xorshift() % 8);
            for (int f = 0; f < nf; f++) {
                const char *w = words[xorshift() % nw];
                if (xorshift() % 50 == 0) { /* noise bytes, never a newline */
                    char c = (char)(xorshift() % 255 + 1);
                    req[n++] = c == '\n' ? '?' : c;
                } else {
                    n += (size_t)sprintf(req + n, "%s", w);
                }
                req[n++] = xorshift() % 10 ? ' ' : '\t';
            }
            req[n++] = '\n';
            /* does this line count as a request? */
            char tmp[512];
            size_t len = n - start - 1;
            memcpy(tmp, req + start, len);
            tmp[len] = '\0';
            if (len > 0 && tmp[len - 1] == '\r')
                tmp[--len] = '\0';
            struct rc_proto_line pl;
            int split = rc_proto_split(&pl, tmp);
            if (tmp[0] != '#' && (split != 0 || pl.n > 0))
                requests++;
            if (split == 0 && pl.n == 1 && strcmp(pl.f[0], "bye") == 0)
                break; /* the shim stops after bye */
        }
        char *out = malloc(4u << 20);
        CHECK(out != NULL);
        int rc = serve_text(rc_refdut(), req, n, out, 4u << 20);
        CHECK_EQ_AT(round, rc, 0);
        unsigned finals = 0;
        for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n"))
            if (strcmp(line, "ok") == 0 || strncmp(line, "value ", 6) == 0 ||
                strncmp(line, "done ", 5) == 0 || strncmp(line, "error ", 6) == 0 ||
                strcmp(line, "bye") == 0 || strcmp(line, "ready") == 0)
                finals++;
        CHECK_EQ_AT(round, finals, requests);
        free(req);
        free(out);
    }
}

/* ---- the client against the shim ------------------------------------------- */

static void handshake_gives_the_identity_and_profile_of_the_served_dut(void)
{
    struct rc_proc *p = open_ref();
    CHECK(p != NULL);
    const struct rc_dut *d = rc_proc_dut(p), *r = rc_refdut();
    CHECK_EQ(d->abi_version, RC_DUT_ABI_VERSION);
    CHECK(strcmp(d->name, r->name) == 0);
    CHECK(strcmp(d->version, r->version) == 0);
    CHECK_MEM(&d->profile, &r->profile, sizeof d->profile);
    for (unsigned m = 0; m < RC_MACHINE_COUNT; m++) {
        CHECK_EQ_AT(m, d->machine[m].create != NULL, r->machine[m].create != NULL);
        CHECK_EQ_AT(m, d->machine[m].step != NULL, 1);
    }
    CHECK(d->cs64_decode != NULL);
    CHECK(rc_proc_pid(p) > 0);
    CHECK(strcmp(rc_proc_last_error(p), "") == 0);
    long pid = rc_proc_pid(p);
    rc_proc_close(p);
    CHECK(reaped(pid));
}

static uint64_t pick_arg(void)
{
    static const uint64_t interesting[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 15, 16, 31, 255,
                                           0xFFFF, 0x00800020, 0x00400000, 0x41, 0x05};
    switch (xorshift() % 4) {
    case 0:
        return xorshift() % 8;
    case 1:
        return xorshift();
    default:
        return interesting[xorshift() % (sizeof interesting / sizeof interesting[0])];
    }
}

/* Random events and queries on every machine: the proxy answers exactly what
 * direct calls on rc_refdut() answer (result, outputs, value). */
static void every_machine_through_the_proxy_equals_direct_calls(void)
{
    struct rc_proc *p = open_ref();
    CHECK(p != NULL);
    const struct rc_dut *px = rc_proc_dut(p), *rf = rc_refdut();
    static struct rc_msg o1[RC_PROC_MAX_OUTPUTS], o2[RC_PROC_MAX_OUTPUTS];
    unsigned compared = 0;
    for (uint32_t mid = 0; mid < RC_MACHINE_COUNT; mid++) {
        const struct rc_machine_desc *m = rc_machine_by_id(mid);
        for (int cfgi = 0; cfgi < 3; cfgi++) {
            struct rc_config cfg;
            memset(&cfg, 0, sizeof cfg);
            if (cfgi > 0) /* a few keys with values the table likes */
                for (size_t k = 0; k < m->nconfig && cfg.n < 3; k++)
                    if (m->config[k].key != 0 && xorshift() % 2) {
                        cfg.kv[cfg.n].key = m->config[k].key;
                        cfg.kv[cfg.n].value =
                            cfgi == 1 ? m->config[k].dflt : xorshift() % 4;
                        cfg.n++;
                    }
            void *a = NULL, *b = NULL;
            int ra = px->machine[mid].create(px->ctx, &a, &cfg);
            int rb = rf->machine[mid].create(rf->ctx, &b, &cfg);
            CHECK_EQ_AT(mid, ra, rb);
            if (ra != RC_OK)
                continue;
            for (int i = 0; i < 150; i++) {
                if (xorshift() % 4 == 0 && m->nqueries > 0 && m->queries[0].kind != 0) {
                    const struct rc_kind_desc *k = &m->queries[xorshift() % m->nqueries];
                    struct rc_msg q;
                    memset(&q, 0, sizeof q);
                    q.kind = k->kind;
                    q.nargs = rc_kind_nargs(k);
                    for (uint32_t x = 0; x < q.nargs; x++)
                        q.arg[x] = pick_arg();
                    uint64_t va = 1, vb = 2;
                    int qa = px->machine[mid].query(a, &q, &va);
                    int qb = rf->machine[mid].query(b, &q, &vb);
                    CHECK_EQ_AT(i, qa, qb);
                    CHECK(va == vb);
                    compared++;
                    continue;
                }
                const struct rc_kind_desc *k = &m->events[xorshift() % m->nevents];
                struct rc_msg ev;
                memset(&ev, 0, sizeof ev);
                ev.kind = k->kind;
                ev.nargs = rc_kind_nargs(k);
                for (uint32_t x = 0; x < ev.nargs; x++)
                    ev.arg[x] = pick_arg();
                if (strcmp(k->name, "tick") == 0)
                    ev.arg[0] %= 5000; /* keep timers cheap */
                uint32_t na = 0, nb = 0;
                int sa = px->machine[mid].step(a, &ev, o1, RC_PROC_MAX_OUTPUTS, &na);
                int sb = rf->machine[mid].step(b, &ev, o2, RC_PROC_MAX_OUTPUTS, &nb);
                if (sa != sb || !same_outputs(o1, na, o2, nb)) {
                    char s[300];
                    rc_format_msg(s, sizeof s, m->name, k, &ev);
                    fprintf(stderr, "  %s '%s': proxy %d (%u outputs), direct %d (%u)\n",
                            m->name, s, sa, na, sb, nb);
                }
                CHECK_EQ_AT(i, sa, sb);
                CHECK(same_outputs(o1, na, o2, nb));
                compared++;
            }
            px->machine[mid].destroy(a);
            rf->machine[mid].destroy(b);
        }
    }
    CHECK(compared > 2000);
    CHECK(strcmp(rc_proc_last_error(p), "") == 0);
    struct rc_proc_stats st;
    rc_proc_get_stats(p, &st);
    CHECK_EQ(st.failures, 0);
    CHECK_EQ(st.spawns, 1);
    rc_proc_close(p);
}

static void proxy_refuses_what_the_abi_calls_invalid_without_asking_the_dut(void)
{
    struct rc_proc *p = open_ref();
    CHECK(p != NULL);
    const struct rc_dut *d = rc_proc_dut(p);
    struct rc_proc_stats before, after;
    struct rc_config cfg;
    memset(&cfg, 0, sizeof cfg);
    rc_proc_get_stats(p, &before);
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, NULL, &cfg), RC_INVAL);
    void *inst = (void *)&cfg;
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, &inst, NULL), RC_INVAL);
    CHECK(inst == NULL);
    cfg.n = RC_MAX_CONFIG + 1;
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg), RC_INVAL);
    cfg.n = 1;
    cfg.kv[0].key = 99; /* no such key: it has no name to send */
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg), RC_INVAL);
    rc_proc_get_stats(p, &after);
    CHECK_EQ(after.requests, before.requests);
    cfg.n = 0;
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg), RC_OK);
    struct rc_msg out[RC_MAX_OUTPUTS], ev = ev1(RC_GEN_EV_CONGEST, 3, 1, 0, 1);
    uint32_t n = 5;
    rc_proc_get_stats(p, &before);
    CHECK_EQ(d->machine[RC_M_GEN].step(inst, &ev, out, RC_MAX_OUTPUTS - 1, &n), RC_INVAL);
    CHECK_EQ(n, 0);
    ev.nargs = 2;
    CHECK_EQ(d->machine[RC_M_GEN].step(inst, &ev, out, RC_MAX_OUTPUTS, &n), RC_INVAL);
    ev = ev1(99, 0, 0, 0, 0);
    CHECK_EQ(d->machine[RC_M_GEN].step(inst, &ev, out, RC_MAX_OUTPUTS, &n), RC_INVAL);
    CHECK_EQ(d->machine[RC_M_GEN].step(NULL, &ev, out, RC_MAX_OUTPUTS, &n), RC_INVAL);
    CHECK_EQ(d->machine[RC_M_GEN].step(inst, NULL, out, RC_MAX_OUTPUTS, &n), RC_INVAL);
    uint64_t v = 9;
    struct rc_msg q = ev1(RC_GEN_Q_REPORTED, 1, 0, 0, 0);
    CHECK_EQ(d->machine[RC_M_GEN].query(inst, &q, &v), RC_INVAL);
    CHECK(v == 0);
    rc_proc_get_stats(p, &after);
    CHECK_EQ(after.requests, before.requests);
    d->machine[RC_M_GEN].destroy(inst);
    d->machine[RC_M_GEN].destroy(NULL);
    rc_proc_close(p);
    rc_proc_close(NULL);
}

static void destroy_is_sent_without_waiting(void)
{
    struct rc_proc *p = open_ref();
    CHECK(p != NULL);
    const struct rc_dut *d = rc_proc_dut(p);
    struct rc_config cfg;
    memset(&cfg, 0, sizeof cfg);
    void *inst = NULL;
    CHECK_EQ(d->machine[RC_M_EP].create(d->ctx, &inst, &cfg), RC_OK);
    struct rc_proc_stats a, b;
    rc_proc_get_stats(p, &a);
    d->machine[RC_M_EP].destroy(inst);
    rc_proc_get_stats(p, &b);
    CHECK_EQ(b.requests, a.requests + 1);
    CHECK_EQ(b.waits, a.waits);
    /* its `ok` is read with the next answer */
    CHECK_EQ(d->machine[RC_M_EP].create(d->ctx, &inst, &cfg), RC_OK);
    d->machine[RC_M_EP].destroy(inst);
    rc_proc_get_stats(p, &b);
    CHECK_EQ(b.failures, 0);
    rc_proc_close(p);
}

/* The sweeps of run.c through the codec step and the fast path: answers
 * equal direct calls, and most come from predicted requests. Then broken
 * patterns (random values, a destroy with predictions in flight) stay in
 * step. */
static void sweep_prefetch_answers_equal_direct_calls(void)
{
    struct rc_proc *p = open_ref();
    CHECK(p != NULL);
    const struct rc_dut *d = rc_proc_dut(p), *r = rc_refdut();
    struct rc_config cfg;
    memset(&cfg, 0, sizeof cfg);
    void *a = NULL, *b = NULL;
    CHECK_EQ(d->machine[RC_M_CODEC].create(d->ctx, &a, &cfg), RC_OK);
    CHECK_EQ(r->machine[RC_M_CODEC].create(r->ctx, &b, &cfg), RC_OK);
    struct rc_msg o1[RC_MAX_OUTPUTS], o2[RC_MAX_OUTPUTS];
    uint64_t calls = 0;
    const uint32_t stride = 257;
    /* cs64 through the step, stype2 rev 2 and rev 3 */
    for (int sweep = 0; sweep < 3; sweep++) {
        unsigned wmax = sweep == 1 ? 0 : 6;
        uint32_t nvalues = sweep == 0 ? 1u << 24 : 1u << 14;
        for (unsigned w = 0; w <= wmax; w++)
            for (uint32_t v = 0; v < nvalues; v += sweep == 0 ? stride * 64 : stride / 8) {
                struct rc_msg ev = sweep == 0 ? ev1(RC_CODEC_EV_CS64_DECODE, 2, w, v, 0)
                                              : ev1(RC_CODEC_EV_STYPE2_DECODE, 3,
                                                    sweep == 1 ? 2 : 3, w, v);
                uint32_t na = 0, nb = 0;
                int ra = d->machine[RC_M_CODEC].step(a, &ev, o1, RC_MAX_OUTPUTS, &na);
                int rb = r->machine[RC_M_CODEC].step(b, &ev, o2, RC_MAX_OUTPUTS, &nb);
                CHECK_EQ_AT(v, ra, rb);
                CHECK(same_outputs(o1, na, o2, nb));
                calls++;
            }
    }
    /* cs64 through the fast path */
    for (unsigned w = 0; w <= 6; w++)
        for (uint32_t v = 0; v < (1u << 24); v += stride * 64) {
            struct rc_msg g1, g2;
            int ra = d->cs64_decode(d->ctx, w, v, &g1);
            int rb = r->cs64_decode(r->ctx, w, v, &g2);
            CHECK_EQ_AT(v, ra, rb);
            CHECK(same_outputs(&g1, 1, &g2, 1));
            calls++;
        }
    struct rc_proc_stats st;
    rc_proc_get_stats(p, &st);
    CHECK(st.hits > calls * 9 / 10);
    CHECK(st.waits < calls / 10);
    /* broken patterns: random decodes, other events, sweeps cut short */
    for (int i = 0; i < 3000; i++) {
        struct rc_msg ev;
        uint64_t k = xorshift() % 6;
        static uint32_t v;
        if (k < 3) {
            v = (v + 4099u * (xorshift() % 3 == 0 ? 2u : 1u)) % (1u << 24);
            ev = ev1(RC_CODEC_EV_CS64_DECODE, 2, xorshift() % 50 == 0 ? 7 : 3, v, 0);
        } else if (k == 3) {
            ev = ev1(RC_CODEC_EV_STYPE2_DECODE, 3, 3, xorshift() % 8, xorshift() % (1u << 15));
        } else if (k == 4) {
            ev = ev1(RC_CODEC_EV_FLOW_DECODE, 1, xorshift() % 256, 0, 0);
        } else {
            struct rc_msg g1, g2;
            uint32_t w = (uint32_t)(xorshift() % 8), prm = (uint32_t)xorshift();
            CHECK_EQ_AT(i, d->cs64_decode(d->ctx, w, prm, &g1), r->cs64_decode(r->ctx, w, prm, &g2));
            CHECK(same_outputs(&g1, g1.kind != 0, &g2, g2.kind != 0));
            continue;
        }
        uint32_t na = 0, nb = 0;
        int ra = d->machine[RC_M_CODEC].step(a, &ev, o1, RC_MAX_OUTPUTS, &na);
        int rb = r->machine[RC_M_CODEC].step(b, &ev, o2, RC_MAX_OUTPUTS, &nb);
        CHECK_EQ_AT(i, ra, rb);
        CHECK(same_outputs(o1, na, o2, nb));
        if (xorshift() % 500 == 0) { /* destroy with predictions in flight */
            d->machine[RC_M_CODEC].destroy(a);
            CHECK_EQ(d->machine[RC_M_CODEC].create(d->ctx, &a, &cfg), RC_OK);
        }
    }
    d->machine[RC_M_CODEC].destroy(a);
    r->machine[RC_M_CODEC].destroy(b);
    rc_proc_get_stats(p, &st);
    CHECK_EQ(st.failures, 0);
    rc_proc_close(p);
}

/* ---- failures ---------------------------------------------------------------- */

static void crash_during_a_step_is_lost_and_the_next_create_restarts(void)
{
    char err[512];
    struct rc_proc *p = open_args("--serve", "crashy", 10000, err, sizeof err);
    CHECK(p != NULL);
    const struct rc_dut *d = rc_proc_dut(p), *r = rc_refdut();
    struct rc_config cfg;
    memset(&cfg, 0, sizeof cfg);
    void *inst = NULL, *other = NULL;
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg), RC_OK);
    CHECK_EQ(d->machine[RC_M_EP].create(d->ctx, &other, &cfg), RC_OK);
    long pid = rc_proc_pid(p);
    struct rc_msg out[RC_MAX_OUTPUTS];
    struct rc_msg ev = ev1(RC_GEN_EV_CONGEST, 3, 13, 0, 1);
    uint32_t n = 7;
    CHECK_EQ(d->machine[RC_M_GEN].step(inst, &ev, out, RC_MAX_OUTPUTS, &n), RC_DUT_LOST);
    CHECK_EQ(n, 0);
    const char *e = rc_proc_last_error(p);
    CHECK(strstr(e, "the DUT process was killed by signal 9") == e);
    CHECK(strstr(e, "(during 'step 1 congest port=13 vc=0 on=1')") != NULL);
    CHECK(reaped(pid));
    CHECK_EQ(rc_proc_pid(p), -1);
    /* the instances of the dead process are dead, without any I/O */
    ev = ev1(RC_GEN_EV_CONGEST, 3, 1, 0, 1);
    CHECK_EQ(d->machine[RC_M_GEN].step(inst, &ev, out, RC_MAX_OUTPUTS, &n), RC_DUT_LOST);
    uint64_t v = 5;
    struct rc_msg q = ev1(RC_EP_Q_ENABLED, 2, 0, 0, 0);
    CHECK_EQ(d->machine[RC_M_EP].query(other, &q, &v), RC_DUT_LOST);
    CHECK(v == 0);
    CHECK_EQ(rc_proc_pid(p), -1);
    d->machine[RC_M_GEN].destroy(inst);
    d->machine[RC_M_EP].destroy(other);
    CHECK_EQ(rc_proc_pid(p), -1);
    /* the next create starts it again; it behaves like the reference */
    void *b = NULL;
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg), RC_OK);
    CHECK_EQ(r->machine[RC_M_GEN].create(r->ctx, &b, &cfg), RC_OK);
    CHECK(rc_proc_pid(p) > 0 && rc_proc_pid(p) != pid);
    struct rc_msg evs[3] = {ev1(RC_GEN_EV_CSR, 2, 0, 0x00800020, 0),
                            ev1(RC_GEN_EV_CSR, 2, 2, 0x00400000, 0),
                            ev1(RC_GEN_EV_CONGEST, 3, 2, 0, 1)};
    for (int i = 0; i < 3; i++) {
        struct rc_msg o2[RC_MAX_OUTPUTS];
        uint32_t na = 0, nb = 0;
        CHECK_EQ_AT(i, d->machine[RC_M_GEN].step(inst, &evs[i], out, RC_MAX_OUTPUTS, &na),
                    r->machine[RC_M_GEN].step(b, &evs[i], o2, RC_MAX_OUTPUTS, &nb));
        CHECK(same_outputs(out, na, o2, nb));
    }
    d->machine[RC_M_GEN].destroy(inst);
    r->machine[RC_M_GEN].destroy(b);
    struct rc_proc_stats st;
    rc_proc_get_stats(p, &st);
    CHECK_EQ(st.spawns, 2);
    CHECK_EQ(st.failures, 1);
    pid = rc_proc_pid(p);
    rc_proc_close(p);
    CHECK(reaped(pid));
}

static void exit_mid_session_names_the_status(void)
{
    char err[512];
    struct rc_proc *p = open_args("--serve", "crashy", 10000, err, sizeof err);
    CHECK(p != NULL);
    const struct rc_dut *d = rc_proc_dut(p);
    struct rc_config cfg;
    memset(&cfg, 0, sizeof cfg);
    void *inst = NULL;
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg), RC_OK);
    long pid = rc_proc_pid(p);
    struct rc_msg out[RC_MAX_OUTPUTS], ev = ev1(RC_GEN_EV_CONGEST, 3, 14, 0, 1);
    uint32_t n;
    CHECK_EQ(d->machine[RC_M_GEN].step(inst, &ev, out, RC_MAX_OUTPUTS, &n), RC_DUT_LOST);
    CHECK(strstr(rc_proc_last_error(p), "the DUT process exited with status 3 (during "
                                        "'step 1 congest port=14 vc=0 on=1')") != NULL);
    CHECK(reaped(pid));
    d->machine[RC_M_GEN].destroy(inst);
    rc_proc_close(p);
}

static void hang_is_cut_by_the_timeout_and_the_process_killed(void)
{
    char err[512];
    struct rc_proc *p = open_args("--serve", "crashy", 300, err, sizeof err);
    CHECK(p != NULL);
    const struct rc_dut *d = rc_proc_dut(p);
    struct rc_config cfg;
    memset(&cfg, 0, sizeof cfg);
    void *inst = NULL;
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg), RC_OK);
    long pid = rc_proc_pid(p);
    struct rc_msg out[RC_MAX_OUTPUTS], ev = ev1(RC_GEN_EV_CONGEST, 3, 15, 0, 1);
    uint32_t n;
    double t0 = now_s();
    CHECK_EQ(d->machine[RC_M_GEN].step(inst, &ev, out, RC_MAX_OUTPUTS, &n), RC_DUT_LOST);
    double dt = now_s() - t0;
    CHECK(dt >= 0.29 && dt < 5.0);
    CHECK(strcmp(rc_proc_last_error(p), "the DUT did not answer within 300 ms (to 'step 1 "
                                        "congest port=15 vc=0 on=1')") == 0);
    CHECK(reaped(pid));
    d->machine[RC_M_GEN].destroy(inst);
    /* and it comes back */
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg), RC_OK);
    d->machine[RC_M_GEN].destroy(inst);
    rc_proc_close(p);
}

/* Malformed answers to a step: the call is lost, the message quotes the line
 * and the request, nothing is left running. */
static void garbage_answers_to_a_step_are_lost_with_the_line_quoted(void)
{
    static const struct {
        const char *answer, *msg;
    } cases[] = {
        {"out symbol tx_port=zero\ndone result=ok",
         "the DUT answered garbage: 'out symbol tx_port=zero': bad argument"},
        {"out teleport x=1\ndone result=ok",
         "the DUT answered garbage: 'out teleport x=1': no such output"},
        {"out symbol tx_port=1 tx_port=2\ndone result=ok", "bad argument"},
        {"out symbol speed=1\ndone result=ok", "bad argument"},
        {"out symbol tx_port=18446744073709551616\ndone result=ok", "bad argument"},
        {"out symbol tx_port=-1\ndone result=ok", "bad argument"},
        {"out\ndone result=ok", "no such output"},
        {"done result=bogus", "the DUT answered garbage: 'done result=bogus'"},
        {"done result=-90", "garbage: 'done result=-90'"},
        {"done result=2147483648", "garbage"},
        {"done", "garbage: 'done'"},
        {"done result=ok extra", "garbage"},
        {"done ok", "garbage"},
        {"value 3", "garbage: 'value 3'"},
        {"ok", "garbage: 'ok'"},
        {"error result=crc", "garbage: 'error result=crc'"},
        {"error the sky is falling", "the DUT refused a request: 'error the sky is falling' "
                                     "(to 'step 1 congest port=1 vc=0 on=1')"},
        {"@long", "a line longer than 4096 bytes"},
        {"@nul", "a NUL byte"},
        {"@many65", "the DUT sent more than 64 outputs (the room the runner gave)"},
        {"out symbol tx_port=1\n@exit0", "the DUT process exited with status 0 (during"},
        {"@kill", "the DUT process was killed by signal 9"},
        {"done result=ok\ndone result=ok", NULL}, /* caught at the next answer */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[512];
        struct rc_proc *p = open_fake("std", "std", cases[i].answer, "std", "std", "std",
                                      5000, err, sizeof err);
        CHECK(p != NULL);
        const struct rc_dut *d = rc_proc_dut(p);
        struct rc_config cfg;
        memset(&cfg, 0, sizeof cfg);
        void *inst = NULL;
        CHECK_EQ_AT(i, d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg), RC_OK);
        long pid = rc_proc_pid(p);
        struct rc_msg out[RC_MAX_OUTPUTS], ev = ev1(RC_GEN_EV_CONGEST, 3, 1, 0, 1);
        uint32_t n = 9;
        int rc = d->machine[RC_M_GEN].step(inst, &ev, out, RC_MAX_OUTPUTS, &n);
        if (cases[i].msg == NULL) {
            CHECK_EQ_AT(i, rc, RC_OK);
            rc = d->machine[RC_M_GEN].step(inst, &ev, out, RC_MAX_OUTPUTS, &n);
            CHECK_EQ_AT(i, rc, RC_DUT_LOST);
            CHECK(strstr(rc_proc_last_error(p), "the DUT answered garbage: 'done "
                                                "result=ok'") != NULL);
        } else {
            if (rc != RC_DUT_LOST || strstr(rc_proc_last_error(p), cases[i].msg) == NULL)
                fprintf(stderr, "  case %zu: rc %d, '%s'\n", i, rc, rc_proc_last_error(p));
            CHECK_EQ_AT(i, rc, RC_DUT_LOST);
            CHECK_EQ_AT(i, n, 0);
            CHECK(strstr(rc_proc_last_error(p), cases[i].msg) != NULL);
        }
        CHECK(reaped(pid));
        d->machine[RC_M_GEN].destroy(inst);
        rc_proc_close(p);
    }
}

static void well_formed_answers_in_odd_shapes_are_accepted(void)
{
    char err[512];
    struct rc_proc *p = open_fake(
        "std", "std",
        "\n# a comment\n  \nout symbol status=4 tx_port=3\r\nout symbol\ndone result=-5",
        "value 18446744073709551615", "std", "std", 5000, err, sizeof err);
    CHECK(p != NULL);
    const struct rc_dut *d = rc_proc_dut(p);
    struct rc_config cfg;
    memset(&cfg, 0, sizeof cfg);
    void *inst = NULL;
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg), RC_OK);
    struct rc_msg out[RC_MAX_OUTPUTS], ev = ev1(RC_GEN_EV_CONGEST, 3, 1, 0, 1);
    uint32_t n = 0;
    CHECK_EQ(d->machine[RC_M_GEN].step(inst, &ev, out, RC_MAX_OUTPUTS, &n), -5);
    CHECK_EQ(n, 2);
    /* arguments by name in any order; nargs = up to the last one given */
    CHECK_EQ(out[0].kind, RC_GEN_OUT_SYMBOL);
    CHECK_EQ(out[0].nargs, 4);
    CHECK_EQ(out[0].arg[0], 3);
    CHECK_EQ(out[0].arg[1], 0);
    CHECK_EQ(out[0].arg[3], 4);
    CHECK_EQ(out[1].nargs, 0);
    uint64_t v = 0;
    struct rc_msg q = ev1(RC_GEN_Q_REPORTED, 2, 0, 0, 0);
    CHECK_EQ(d->machine[RC_M_GEN].query(inst, &q, &v), RC_OK);
    CHECK(v == UINT64_MAX);
    d->machine[RC_M_GEN].destroy(inst);
    CHECK(strcmp(rc_proc_last_error(p), "") == 0);
    rc_proc_close(p);
}

static void garbage_answers_to_create_query_and_destroy_are_lost(void)
{
    static const struct {
        const char *create, *query, *destroy, *msg;
        int at; /* 0 create, 1 query, 2 the create after a destroy */
    } cases[] = {
        {"ok inst=1", "std", "std", "garbage: 'ok inst=1'", 0},
        {"error result=ok", "std", "std", "garbage: 'error result=ok'", 0},
        {"error result=nope", "std", "std", "garbage", 0},
        {"done result=ok", "std", "std", "garbage", 0},
        {"error no such machine", "std", "std",
         "the DUT refused a request: 'error no such machine' (to 'create 1 gen')", 0},
        {"std", "value -1", "std", "garbage: 'value -1'", 1},
        {"std", "value 0x", "std", "garbage", 1},
        {"std", "value 1 2", "std", "garbage", 1},
        {"std", "value", "std", "garbage", 1},
        {"std", "error result=ok", "std", "garbage", 1},
        {"std", "out symbol\ndone result=ok", "std", "garbage", 1},
        {"std", "std", "value 1", "garbage: 'value 1' (to 'destroy 1')", 2},
        {"std", "std", "error no instance 1", "refused a request", 2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[512];
        struct rc_proc *p = open_fake("std", cases[i].create, "std", cases[i].query,
                                      cases[i].destroy, "std", 5000, err, sizeof err);
        CHECK(p != NULL);
        const struct rc_dut *d = rc_proc_dut(p);
        struct rc_config cfg;
        memset(&cfg, 0, sizeof cfg);
        void *inst = NULL;
        long pid = rc_proc_pid(p);
        int rc = d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg);
        if (cases[i].at >= 1) {
            CHECK_EQ_AT(i, rc, RC_OK);
            if (cases[i].at == 1) {
                uint64_t v = 3;
                struct rc_msg q = ev1(RC_GEN_Q_REPORTED, 2, 0, 0, 0);
                rc = d->machine[RC_M_GEN].query(inst, &q, &v);
                CHECK(v == 0);
            } else {
                d->machine[RC_M_GEN].destroy(inst);
                inst = NULL;
                rc = d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg);
            }
        }
        if (rc != RC_DUT_LOST || strstr(rc_proc_last_error(p), cases[i].msg) == NULL)
            fprintf(stderr, "  case %zu: rc %d, '%s'\n", i, rc, rc_proc_last_error(p));
        CHECK_EQ_AT(i, rc, RC_DUT_LOST);
        CHECK(strstr(rc_proc_last_error(p), cases[i].msg) != NULL);
        CHECK(reaped(pid));
        d->machine[RC_M_GEN].destroy(inst);
        rc_proc_close(p);
    }
}

static void create_and_query_results_come_back_as_codes(void)
{
    char err[512];
    struct rc_proc *p = open_fake("std", "error result=notsup with a reason", "std",
                                  "error result=-7", "std", "std", 5000, err, sizeof err);
    CHECK(p != NULL);
    const struct rc_dut *d = rc_proc_dut(p);
    struct rc_config cfg;
    memset(&cfg, 0, sizeof cfg);
    void *inst = (void *)&cfg;
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg), RC_NOTSUP);
    CHECK(inst == NULL);
    rc_proc_close(p);
    p = open_fake("std", "std", "std", "error result=-7", "std", "std", 5000, err,
                  sizeof err);
    CHECK(p != NULL);
    d = rc_proc_dut(p);
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg), RC_OK);
    uint64_t v = 3;
    struct rc_msg q = ev1(RC_GEN_Q_REPORTED, 2, 0, 0, 0);
    CHECK_EQ(d->machine[RC_M_GEN].query(inst, &q, &v), -7);
    CHECK(v == 0);
    d->machine[RC_M_GEN].destroy(inst);
    rc_proc_close(p);
}

static void handshake_failures_are_reported_and_leave_nothing_running(void)
{
    static const struct {
        const char *hello, *msg;
        unsigned timeout;
    } cases[] = {
        {"hello riocheck-dut-protocol 2",
         "the DUT speaks riocheck-dut-protocol 2; riocheck speaks riocheck-dut-protocol 1",
         5000},
        {"hello riocheck-dut-protocol", "garbage", 5000},
        {"error no licence for the simulator",
         "the DUT refused the handshake: 'error no licence for the simulator'", 5000},
        {"hello riocheck-dut-protocol 1\nname x\nversion 1\nready",
         "the DUT's handshake has no 'machines' line", 5000},
        {"hello riocheck-dut-protocol 1\nversion 1\nmachines\nready",
         "the DUT's handshake has no 'name' line", 5000},
        {"hello riocheck-dut-protocol 1\nname x\nmachines\nready",
         "the DUT's handshake has no 'version' line", 5000},
        {"hello riocheck-dut-protocol 1\nname x\nname y", "name given twice", 5000},
        {"hello riocheck-dut-protocol 1\ncaps gen warp_drive", "unknown value 'warp_drive'",
         5000},
        {"hello riocheck-dut-protocol 1\nrevisions p12r4", "unknown value 'p12r4'", 5000},
        {"hello riocheck-dut-protocol 1\nprofile ports=4294967296", "unknown value", 5000},
        {"hello riocheck-dut-protocol 1\nprofile speed=1", "unknown value", 5000},
        {"hello riocheck-dut-protocol 1\nprofile ports", "unknown value", 5000},
        {"hello riocheck-dut-protocol 1\nmachines gen teleporter",
         "unknown value 'teleporter'", 5000},
        {"hello riocheck-dut-protocol 1\nfastpath cs48_decode", "unknown value", 5000},
        {"hello riocheck-dut-protocol 1\ncaps gen\ncaps rx", "given twice", 5000},
        {"hello riocheck-dut-protocol 1\nweather sunny", "not a handshake line", 5000},
        {"hello riocheck-dut-protocol 1\nready now", "not a handshake line", 5000},
        {"@exit4", "the DUT process exited with status 4 (during 'hello "
                   "riocheck-dut-protocol 1')", 5000},
        /* the handshake gets 10 times the timeout */
        {"hello riocheck-dut-protocol 1\nname x", "the DUT did not answer within 300 ms",
         30},
        {"@hang", "the DUT did not answer within 300 ms (to 'hello riocheck-dut-protocol 1')",
         30},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[512] = "unset";
        struct rc_proc *p = open_fake(cases[i].hello, "std", "std", "std", "std", "std",
                                      cases[i].timeout, err, sizeof err);
        if (p != NULL || strstr(err, cases[i].msg) == NULL)
            fprintf(stderr, "  case %zu: '%s'\n", i, err);
        CHECK(p == NULL);
        CHECK(strstr(err, cases[i].msg) != NULL);
        CHECK(no_children());
    }
    char err[512];
    char *missing[] = {"/nonexistent/riocheck-dut", NULL};
    struct rc_proc *p = (struct rc_proc *)&err;
    CHECK_EQ(rc_proc_open(&p, missing, 1000, err, sizeof err), -1);
    CHECK(p == NULL);
    CHECK(strcmp(err, "cannot start '/nonexistent/riocheck-dut': No such file or "
                      "directory") == 0);
    char *notinpath[] = {"riocheck-no-such-program-hI", NULL};
    CHECK_EQ(rc_proc_open(&p, notinpath, 1000, err, sizeof err), -1);
    CHECK(strstr(err, "No such file or directory") != NULL);
    char *empty[] = {NULL};
    CHECK_EQ(rc_proc_open(&p, empty, 1000, err, sizeof err), -1);
    CHECK(strcmp(err, "no DUT command given") == 0);
    CHECK_EQ(rc_proc_open(&p, NULL, 1000, err, sizeof err), -1);
    CHECK_EQ(rc_proc_open(NULL, missing, 1000, NULL, 0), -1);
    CHECK(no_children());
}

static void the_handshake_gets_ten_times_the_timeout(void)
{
    char err[512], hello[512];
    /* 500 ms: more than the timeout, less than the handshake's 2000 ms */
    snprintf(hello, sizeof hello, "@sleep500\n%s", std_hello);
    struct rc_proc *p = open_fake(hello, "std", "@sleep500\ndone result=ok", "std", "std",
                                  "std", 200, err, sizeof err);
    if (p == NULL)
        fprintf(stderr, "  %s\n", err);
    CHECK(p != NULL);
    const struct rc_dut *d = rc_proc_dut(p);
    struct rc_config cfg;
    memset(&cfg, 0, sizeof cfg);
    void *inst = NULL;
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg), RC_OK);
    struct rc_msg out[RC_MAX_OUTPUTS], ev = ev1(RC_GEN_EV_CONGEST, 3, 1, 0, 1);
    uint32_t n;
    CHECK_EQ(d->machine[RC_M_GEN].step(inst, &ev, out, RC_MAX_OUTPUTS, &n), RC_DUT_LOST);
    CHECK(strstr(rc_proc_last_error(p), "the DUT did not answer within 200 ms") != NULL);
    /* the restart's handshake gets the longer time again */
    d->machine[RC_M_GEN].destroy(inst);
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg), RC_OK);
    d->machine[RC_M_GEN].destroy(inst);
    rc_proc_close(p);
}

static void banner_lines_before_the_hello_answer_are_skipped(void)
{
    char err[512];
    char hello[1024];
    snprintf(hello, sizeof hello, "Chronologic simulator, copyright 1991\n"
                                  "loading model...\nhello world\n%s\n# ok",
             std_hello);
    struct rc_proc *p = open_fake(hello, "std", "std", "std", "std", "std", 5000, err,
                                  sizeof err);
    if (p == NULL)
        fprintf(stderr, "  %s\n", err);
    CHECK(p != NULL);
    const struct rc_dut *d = rc_proc_dut(p);
    CHECK(strcmp(d->name, "fake") == 0);
    CHECK_EQ(d->profile.p12_revs, 1u << 3);
    CHECK_EQ(d->profile.caps, RC_CAP_GEN);
    CHECK_EQ(d->profile.ports, 8);
    CHECK(d->machine[RC_M_GEN].create != NULL);
    CHECK(d->machine[RC_M_RX].create == NULL);
    CHECK(d->cs64_decode == NULL);
    rc_proc_close(p);
}

static void a_dead_dut_never_raises_sigpipe(void)
{
    char err[512];
    char hello[512];
    snprintf(hello, sizeof hello, "%s\n@exit0", std_hello);
    struct rc_proc *p = open_fake(hello, "std", "std", "std", "std", "std", 5000, err,
                                  sizeof err);
    CHECK(p != NULL);
    long pid = rc_proc_pid(p);
    struct timespec pause_ = {0, 200000000};
    nanosleep(&pause_, NULL); /* let it exit: the create goes to a dead pipe */
    const struct rc_dut *d = rc_proc_dut(p);
    struct rc_config cfg;
    memset(&cfg, 0, sizeof cfg);
    void *inst = NULL;
    /* nobody has noticed the death yet: the create is written (EPIPE), then
     * the end of its output is read */
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg), RC_DUT_LOST);
    CHECK(strstr(rc_proc_last_error(p), "the DUT process exited with status 0 (during "
                                        "'create 1 gen')") != NULL);
    sigset_t pending;
    sigemptyset(&pending);
    sigpending(&pending);
    CHECK(!sigismember(&pending, SIGPIPE));
    CHECK(reaped(pid));
    rc_proc_close(p);
}

static void restarts_stop_after_three_failures_in_a_row(void)
{
    char file[] = "/tmp/proc_test_once_XXXXXX";
    int fd = mkstemp(file);
    CHECK(fd >= 0);
    close(fd);
    unlink(file);
    char err[512];
    struct rc_proc *p = open_args("--serve-once", file, 5000, err, sizeof err);
    CHECK(p != NULL);
    const struct rc_dut *d = rc_proc_dut(p);
    struct rc_config cfg;
    memset(&cfg, 0, sizeof cfg);
    void *inst = NULL;
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg), RC_OK);
    struct rc_msg out[RC_MAX_OUTPUTS], ev = ev1(RC_GEN_EV_CONGEST, 3, 13, 0, 1);
    uint32_t n;
    CHECK_EQ(d->machine[RC_M_GEN].step(inst, &ev, out, RC_MAX_OUTPUTS, &n), RC_DUT_LOST);
    d->machine[RC_M_GEN].destroy(inst);
    for (unsigned i = 0; i < RC_PROC_MAX_RESTARTS; i++) {
        CHECK_EQ_AT(i, d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg), RC_DUT_LOST);
        CHECK(strstr(rc_proc_last_error(p), "restarting the DUT: the DUT process exited "
                                            "with status 5") != NULL);
    }
    CHECK(strstr(rc_proc_last_error(p), "(giving up: no more restarts in this run)") != NULL);
    struct rc_proc_stats st;
    rc_proc_get_stats(p, &st);
    CHECK_EQ(st.spawns, 1 + RC_PROC_MAX_RESTARTS);
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg), RC_DUT_LOST);
    struct rc_msg g;
    CHECK_EQ(d->cs64_decode(d->ctx, 0, 0, &g), RC_DUT_LOST);
    rc_proc_get_stats(p, &st);
    CHECK_EQ(st.spawns, 1 + RC_PROC_MAX_RESTARTS);
    CHECK(no_children());
    rc_proc_close(p);
    unlink(file);
}

static void a_restarted_dut_must_describe_itself_the_same(void)
{
    char file[] = "/tmp/proc_test_flip_XXXXXX";
    int fd = mkstemp(file);
    CHECK(fd >= 0);
    close(fd);
    unlink(file);
    char err[512];
    struct rc_proc *p = open_args("--serve-flip", file, 5000, err, sizeof err);
    CHECK(p != NULL);
    const struct rc_dut *d = rc_proc_dut(p);
    struct rc_config cfg;
    memset(&cfg, 0, sizeof cfg);
    void *inst = NULL;
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg), RC_OK);
    struct rc_msg out[RC_MAX_OUTPUTS], ev = ev1(RC_GEN_EV_CONGEST, 3, 13, 0, 1);
    uint32_t n;
    CHECK_EQ(d->machine[RC_M_GEN].step(inst, &ev, out, RC_MAX_OUTPUTS, &n), RC_DUT_LOST);
    d->machine[RC_M_GEN].destroy(inst);
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg), RC_DUT_LOST);
    CHECK(strstr(rc_proc_last_error(p), "it now describes itself differently ('someone "
                                        "else'") != NULL);
    CHECK(strcmp(d->name, "riocheck reference") == 0);
    CHECK(no_children());
    rc_proc_close(p);
    unlink(file);
}

/* Random answers: every call returns a result (never crashes, never hangs),
 * a lost process is always reaped and the next create starts a new one.
 * The DUT process is proc-fuzz-dut beside this program (fuzz_dut.c). */
static void client_fuzz_random_answers_never_break_the_client(void)
{
    for (int round = 0; round < 8; round++) {
        char seed[32], err[512];
        snprintf(seed, sizeof seed, "%llu", (unsigned long long)(xorshift() | 1));
        char *argv[4] = {fuzz_dut, seed, (char *)(uintptr_t)std_hello, NULL};
        struct rc_proc *p = NULL;
        if (rc_proc_open(&p, argv, 2000, err, sizeof err) != 0)
            fprintf(stderr, "  open %s: %s\n", fuzz_dut, err);
        CHECK(p != NULL);
        const struct rc_dut *d = rc_proc_dut(p);
        struct rc_config cfg;
        memset(&cfg, 0, sizeof cfg);
        void *inst = NULL;
        unsigned lost = 0;
        for (int i = 0; i < 100; i++) {
            if (inst == NULL) {
                int rc = d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg);
                CHECK(rc == RC_OK || rc == RC_DUT_LOST || inst == NULL);
                if (rc != RC_OK) {
                    lost += rc == RC_DUT_LOST;
                    inst = NULL;
                    continue;
                }
            }
            struct rc_msg out[RC_MAX_OUTPUTS];
            uint32_t n = 99;
            int rc;
            if (xorshift() % 3 == 0) {
                uint64_t v = 5;
                struct rc_msg q = ev1(RC_GEN_Q_REPORTED, 2, 1, 0, 0);
                rc = d->machine[RC_M_GEN].query(inst, &q, &v);
                CHECK(rc == RC_OK || v == 0);
            } else {
                struct rc_msg ev = ev1(RC_GEN_EV_CONGEST, 3, 1, 0, 1);
                rc = d->machine[RC_M_GEN].step(inst, &ev, out, RC_MAX_OUTPUTS, &n);
                CHECK(n <= RC_MAX_OUTPUTS);
                CHECK(rc != RC_DUT_LOST || n == 0);
            }
            if (rc == RC_DUT_LOST || xorshift() % 5 == 0) {
                lost += rc == RC_DUT_LOST;
                CHECK(rc != RC_DUT_LOST || rc_proc_pid(p) == -1);
                CHECK(rc != RC_DUT_LOST || rc_proc_last_error(p)[0] != '\0');
                d->machine[RC_M_GEN].destroy(inst);
                inst = NULL;
            }
        }
        CHECK(lost > 0);
        d->machine[RC_M_GEN].destroy(inst);
        rc_proc_close(p);
        CHECK(no_children());
    }
}

static void comments_forever_are_no_answer_and_time_out(void)
{
    char err[512];
    struct rc_proc *p = open_fake("std", "std", "@spam", "std", "std", "std", 300, err,
                                  sizeof err);
    CHECK(p != NULL);
    const struct rc_dut *d = rc_proc_dut(p);
    struct rc_config cfg;
    memset(&cfg, 0, sizeof cfg);
    void *inst = NULL;
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg), RC_OK);
    long pid = rc_proc_pid(p);
    struct rc_msg out[RC_MAX_OUTPUTS], ev = ev1(RC_GEN_EV_CONGEST, 3, 1, 0, 1);
    uint32_t n;
    double t0 = now_s();
    CHECK_EQ(d->machine[RC_M_GEN].step(inst, &ev, out, RC_MAX_OUTPUTS, &n), RC_DUT_LOST);
    CHECK(now_s() - t0 < 5.0);
    CHECK(strstr(rc_proc_last_error(p), "the DUT did not answer within 300 ms") != NULL);
    CHECK(reaped(pid));
    d->machine[RC_M_GEN].destroy(inst);
    rc_proc_close(p);
}

/* ---- repeats in one go (rc_proc_step_many) ---------------------------------- */

static void proc_of_finds_the_client_of_a_proxy_only(void)
{
    struct rc_proc *p = open_ref();
    CHECK(p != NULL);
    CHECK(rc_proc_of(rc_proc_dut(p)) == p);
    CHECK(rc_proc_of(rc_refdut()) == NULL);
    CHECK(rc_proc_of(NULL) == NULL);
    rc_proc_close(p);
}

/* The repeats of the vectors: all of them happen (the counter of the
 * reference endpoint counts them), with the outputs of a loop of steps. */
static void step_many_equals_a_loop_of_steps(void)
{
    struct rc_proc *p = open_ref();
    CHECK(p != NULL);
    const struct rc_dut *d = rc_proc_dut(p), *r = rc_refdut();
    struct rc_config cfg;
    memset(&cfg, 0, sizeof cfg);
    static struct rc_msg o1[8192], o2[8192];
    const uint64_t times[] = {1, 2, 3, 255, 256, 257, 1000, 65536};
    for (size_t t = 0; t < sizeof times / sizeof times[0]; t++) {
        void *a = NULL, *b = NULL;
        CHECK_EQ(d->machine[RC_M_EP].create(d->ctx, &a, &cfg), RC_OK);
        CHECK_EQ(r->machine[RC_M_EP].create(r->ctx, &b, &cfg), RC_OK);
        /* XOFF for flow 0A of destination 0 (Part 9 2.4.2.3): the counter
         * goes up to its terminal count and saturates */
        struct rc_msg ev = ev1(RC_EP_EV_CCP, 5, 0, 0, 0);
        struct rc_many m;
        int rc = rc_proc_step_many(p, a, &ev, times[t], RC_OK, o1, 8192, &m);
        uint32_t total = 0;
        int rb = RC_OK;
        for (uint64_t k = 0; k < times[t] && rb == RC_OK; k++) {
            uint32_t n = 0;
            rb = r->machine[RC_M_EP].step(b, &ev, o2 + total, 8192 - total, &n);
            total += n;
        }
        CHECK_EQ_AT(t, rc, rb);
        CHECK_EQ_AT(t, m.rc, rb);
        CHECK_EQ_AT(t, m.done, times[t]);
        CHECK_EQ_AT(t, m.overflow, 0);
        CHECK(same_outputs(o1, m.n, o2, total));
        struct rc_msg q = ev1(RC_EP_Q_COUNTER, 2, 0, 0, 0);
        uint64_t va = 1, vb = 2;
        CHECK_EQ(d->machine[RC_M_EP].query(a, &q, &va), r->machine[RC_M_EP].query(b, &q, &vb));
        CHECK(va == vb);
        d->machine[RC_M_EP].destroy(a);
        r->machine[RC_M_EP].destroy(b);
    }
    struct rc_proc_stats st;
    rc_proc_get_stats(p, &st);
    CHECK(st.waits < 2000); /* not one per repetition */
    CHECK_EQ(st.failures, 0);
    rc_proc_close(p);
}

static void step_many_stops_where_the_loop_would(void)
{
    char err[512];
    /* the second repetition answers busy: taken up to it, the rest dropped */
    struct rc_proc *p = open_fake("std", "std",
                                  "out symbol tx_port=1\ndone result=ok||"
                                  "out symbol tx_port=2\ndone result=busy||"
                                  "out symbol tx_port=3\ndone result=ok",
                                  "std", "std", "std", 5000, err, sizeof err);
    CHECK(p != NULL);
    const struct rc_dut *d = rc_proc_dut(p);
    struct rc_config cfg;
    memset(&cfg, 0, sizeof cfg);
    void *inst = NULL;
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg), RC_OK);
    static struct rc_msg out[8192];
    struct rc_msg ev = ev1(RC_GEN_EV_CONGEST, 3, 1, 0, 1);
    struct rc_many m;
    CHECK_EQ(rc_proc_step_many(p, inst, &ev, 10, RC_OK, out, 8192, &m), RC_BUSY);
    CHECK_EQ(m.done, 2);
    CHECK_EQ(m.n, 2);
    CHECK_EQ(out[0].arg[0], 1);
    CHECK_EQ(out[1].arg[0], 2);
    CHECK_EQ(m.overflow, 0);
    /* the dropped answers were read: the next call is in step */
    uint32_t n = 0;
    CHECK_EQ(d->machine[RC_M_GEN].step(inst, &ev, out, RC_MAX_OUTPUTS, &n), RC_OK);
    CHECK_EQ(n, 1);
    CHECK_EQ(out[0].arg[0], 3);
    d->machine[RC_M_GEN].destroy(inst);
    rc_proc_close(p);
    /* want busy: every repetition must be busy */
    p = open_fake("std", "std", "done result=busy", "std", "std", "std", 5000, err,
                  sizeof err);
    CHECK(p != NULL);
    d = rc_proc_dut(p);
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg), RC_OK);
    CHECK_EQ(rc_proc_step_many(p, inst, &ev, 700, RC_BUSY, out, 8192, &m), RC_BUSY);
    CHECK_EQ(m.done, 700);
    d->machine[RC_M_GEN].destroy(inst);
    rc_proc_close(p);
}

static void step_many_stops_when_fewer_than_64_places_are_left(void)
{
    char err[512];
    struct rc_proc *p = open_fake("std", "std", "@many30", "std", "std", "std", 5000, err,
                                  sizeof err);
    CHECK(p != NULL);
    const struct rc_dut *d = rc_proc_dut(p);
    struct rc_config cfg;
    memset(&cfg, 0, sizeof cfg);
    void *inst = NULL;
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg), RC_OK);
    static struct rc_msg out[8192];
    struct rc_msg ev = ev1(RC_GEN_EV_CONGEST, 3, 1, 0, 1);
    struct rc_many m;
    /* room 130: 30 taken (100 left), 60 (70 left), 90 (40 < 64: stop) */
    CHECK_EQ(rc_proc_step_many(p, inst, &ev, 10, RC_OK, out, 130, &m), RC_OK);
    CHECK_EQ(m.done, 3);
    CHECK_EQ(m.n, 90);
    CHECK_EQ(m.overflow, 1);
    d->machine[RC_M_GEN].destroy(inst);
    rc_proc_close(p);
}

static void step_many_is_lost_only_before_it_stops(void)
{
    char err[512];
    struct rc_proc *p = open_args("--serve", "crashy", 5000, err, sizeof err);
    CHECK(p != NULL);
    const struct rc_dut *d = rc_proc_dut(p);
    struct rc_config cfg;
    memset(&cfg, 0, sizeof cfg);
    void *inst = NULL;
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg), RC_OK);
    static struct rc_msg out[8192];
    struct rc_msg ev = ev1(RC_GEN_EV_CONGEST, 3, 13, 0, 1);
    struct rc_many m;
    CHECK_EQ(rc_proc_step_many(p, inst, &ev, 5, RC_OK, out, 8192, &m), RC_DUT_LOST);
    CHECK_EQ(m.done, 0);
    CHECK(strstr(rc_proc_last_error(p), "killed by signal 9") != NULL);
    CHECK_EQ(rc_proc_step_many(p, inst, &ev, 5, RC_OK, out, 8192, &m), RC_DUT_LOST);
    d->machine[RC_M_GEN].destroy(inst);
    rc_proc_close(p);
    /* busy first, then the process dies: the result is the busy one */
    p = open_fake("std", "std", "done result=busy||@kill", "std", "std", "std", 5000, err,
                  sizeof err);
    CHECK(p != NULL);
    d = rc_proc_dut(p);
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg), RC_OK);
    ev = ev1(RC_GEN_EV_CONGEST, 3, 1, 0, 1);
    CHECK_EQ(rc_proc_step_many(p, inst, &ev, 5, RC_OK, out, 8192, &m), RC_BUSY);
    CHECK_EQ(m.done, 1);
    CHECK_EQ(rc_proc_pid(p), -1);
    d->machine[RC_M_GEN].destroy(inst);
    /* bad arguments */
    CHECK_EQ(rc_proc_step_many(NULL, inst, &ev, 5, RC_OK, out, 8192, &m), RC_INVAL);
    CHECK_EQ(rc_proc_step_many(p, NULL, &ev, 5, RC_OK, out, 8192, &m), RC_INVAL);
    rc_proc_close(p);
}

static void close_kills_a_dut_that_ignores_bye(void)
{
    char err[512];
    struct rc_proc *p = open_fake("std", "std", "std", "std", "std", "@hang", 300, err,
                                  sizeof err);
    CHECK(p != NULL);
    long pid = rc_proc_pid(p);
    double t0 = now_s();
    rc_proc_close(p);
    CHECK(now_s() - t0 < 3.0);
    CHECK(reaped(pid));
    /* one that answers bye but does not exit */
    p = open_fake("std", "std", "std", "std", "std", "bye\n@hang", 300, err, sizeof err);
    CHECK(p != NULL);
    pid = rc_proc_pid(p);
    t0 = now_s();
    rc_proc_close(p);
    CHECK(now_s() - t0 < 3.0);
    CHECK(reaped(pid));
    CHECK(no_children());
}

/* No global state: any number of clients at once, each its own process,
 * told apart by the proxy DUT's ctx (ABI v2). */
#define MANY_CLIENTS 6u
static void many_clients_are_open_at_once_each_with_its_own_context(void)
{
    struct rc_proc *p[MANY_CLIENTS];
    char err[512];
    for (unsigned i = 0; i < MANY_CLIENTS; i++) {
        p[i] = open_args("--serve", "ref", 5000, err, sizeof err);
        CHECK(p[i] != NULL);
        CHECK(rc_proc_dut(p[i])->ctx == p[i]);
        CHECK(rc_proc_of(rc_proc_dut(p[i])) == p[i]);
    }
    struct rc_config cfg;
    memset(&cfg, 0, sizeof cfg);
    void *inst[MANY_CLIENTS];
    for (unsigned i = 0; i < MANY_CLIENTS; i++) {
        const struct rc_dut *d = rc_proc_dut(p[i]);
        CHECK_EQ_AT(i, d->machine[RC_M_SW].create(d->ctx, &inst[i], &cfg), RC_OK);
    }
    for (unsigned i = 0; i < MANY_CLIENTS; i++) {
        struct rc_proc_stats st;
        rc_proc_get_stats(p[i], &st);
        CHECK_EQ_AT(i, st.requests, 2); /* hello, create: each to its own process */
        CHECK(rc_proc_pid(p[i]) > 0);
        for (unsigned j = 0; j < i; j++)
            CHECK(rc_proc_pid(p[i]) != rc_proc_pid(p[j]));
        rc_proc_dut(p[i])->machine[RC_M_SW].destroy(inst[i]);
    }
    rc_proc_close(p[1]);
    p[1] = open_args("--serve", "ref", 5000, err, sizeof err);
    CHECK(p[1] != NULL);
    for (unsigned i = 0; i < MANY_CLIENTS; i++)
        rc_proc_close(p[i]);
    CHECK(no_children());
}

/* ---- the whole suite ---------------------------------------------------------- */

/* Every vector of every suite (sweeps strided) gives the same verdict and
 * detail through the shim as in process; prints the speed of both. */
static void every_suite_vector_has_the_same_verdict_through_the_shim(void)
{
    const char *root = getenv("RIOCHECK_ROOT") ? getenv("RIOCHECK_ROOT") : ".";
    struct rc_catalogue cat;
    struct vec_set set;
    char err[1024];
    memset(&set, 0, sizeof set);
    if (rc_catalogue_load(&cat, root, err, sizeof err) != 0 ||
        rc_load_suite_vectors(&cat, root, &set, err, sizeof err) != 0) {
        fprintf(stderr, "  cannot load the suites (run from the riocheck folder or set "
                        "RIOCHECK_ROOT): %s\n", err);
        CHECK(0);
    }
    struct rc_proc *p = open_ref();
    CHECK(p != NULL);
    struct rc_run_opts opts = {4099};
    const char *s = getenv("PROC_TEST_STRIDE");
    if (s != NULL && atoi(s) > 0)
        opts.sweep_stride = (uint32_t)atoi(s);
    static struct rc_vec_result a, b;
    double t_in = 0, t_px = 0, ts_in = 0, ts_px = 0;
    size_t nvec = 0, nsweep = 0, differ = 0;
    uint64_t checks = 0;
    for (size_t i = 0; i < set.n; i++) {
        const struct vec_record *r = &set.rec[i];
        double t0 = now_s();
        rc_run_vector(rc_refdut(), r, &opts, &a);
        double t1 = now_s();
        rc_run_vector(rc_proc_dut(p), r, &opts, &b);
        double t2 = now_s();
        if (r->sweep) {
            ts_in += t1 - t0;
            ts_px += t2 - t1;
            nsweep++;
            checks += b.checks;
        } else {
            t_in += t1 - t0;
            t_px += t2 - t1;
            nvec++;
        }
        if (a.verdict != b.verdict || a.line != b.line || strcmp(a.detail, b.detail) != 0) {
            if (differ++ < 5)
                fprintf(stderr, "  %s: in process %s '%s', through the shim %s '%s'\n",
                        r->id, rc_verdict_name(a.verdict), a.detail,
                        rc_verdict_name(b.verdict), b.detail);
        }
    }
    CHECK_EQ(differ, 0);
    CHECK(nvec > 1000);
    struct rc_proc_stats st;
    rc_proc_get_stats(p, &st);
    CHECK_EQ(st.failures, 0);
    printf("# %zu vectors: in process %.0f vectors/s, through the shim %.0f vectors/s "
           "(%.1f us per vector)\n",
           nvec, (double)nvec / t_in, (double)nvec / t_px, 1e6 * t_px / (double)nvec);
    printf("# %zu sweeps (stride %u, %llu decodes): in process %.2f s, through the shim "
           "%.2f s (%.2f M decodes/s); %llu requests, %llu waits, %llu answered ahead\n",
           nsweep, opts.sweep_stride, (unsigned long long)checks, ts_in, ts_px,
           (double)checks / ts_px / 1e6, (unsigned long long)st.requests,
           (unsigned long long)st.waits, (unsigned long long)st.hits);
    rc_proc_close(p);
    vec_set_free(&set);
    rc_catalogue_free(&cat);
}

static void no_child_is_left(void)
{
    CHECK(no_children());
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strncmp(argv[1], "--", 2) == 0)
        return child_main(argc, argv);
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) {
        fprintf(stderr, "proc_test: cannot find /proc/self/exe\n");
        return 1;
    }
    self[n] = '\0';
    const char *slash = strrchr(self, '/');
    snprintf(fuzz_dut, sizeof fuzz_dut, "%.*s/proc-fuzz-dut", (int)(slash ? slash - self : 1),
             slash ? self : ".");
    RUN(numbers_are_decimal_or_0x_hex_and_fit_64_bits);
    RUN(results_are_names_or_signed_decimal_ints);
    RUN(numbers_are_written_decimal_below_65536_else_hex);
    RUN(split_cuts_at_space_runs_and_bounds_the_fields);
    RUN(quote_escapes_and_cuts);
    RUN(shim_session_follows_the_worked_example);
    RUN(shim_answers_every_malformed_request_with_one_error_line);
    RUN(shim_rejects_long_lines_nul_bytes_and_too_many_fields);
    RUN(shim_checks_the_duts_answers_before_forwarding_them);
    RUN(shim_refuses_null_arguments);
    RUN(shim_fuzz_one_final_answer_per_request);
    RUN(handshake_gives_the_identity_and_profile_of_the_served_dut);
    RUN(every_machine_through_the_proxy_equals_direct_calls);
    RUN(proxy_refuses_what_the_abi_calls_invalid_without_asking_the_dut);
    RUN(destroy_is_sent_without_waiting);
    RUN(sweep_prefetch_answers_equal_direct_calls);
    RUN(crash_during_a_step_is_lost_and_the_next_create_restarts);
    RUN(exit_mid_session_names_the_status);
    RUN(hang_is_cut_by_the_timeout_and_the_process_killed);
    RUN(garbage_answers_to_a_step_are_lost_with_the_line_quoted);
    RUN(well_formed_answers_in_odd_shapes_are_accepted);
    RUN(garbage_answers_to_create_query_and_destroy_are_lost);
    RUN(create_and_query_results_come_back_as_codes);
    RUN(handshake_failures_are_reported_and_leave_nothing_running);
    RUN(the_handshake_gets_ten_times_the_timeout);
    RUN(banner_lines_before_the_hello_answer_are_skipped);
    RUN(a_dead_dut_never_raises_sigpipe);
    RUN(restarts_stop_after_three_failures_in_a_row);
    RUN(a_restarted_dut_must_describe_itself_the_same);
    RUN(client_fuzz_random_answers_never_break_the_client);
    RUN(comments_forever_are_no_answer_and_time_out);
    RUN(proc_of_finds_the_client_of_a_proxy_only);
    RUN(step_many_equals_a_loop_of_steps);
    RUN(step_many_stops_where_the_loop_would);
    RUN(step_many_stops_when_fewer_than_64_places_are_left);
    RUN(step_many_is_lost_only_before_it_stops);
    RUN(close_kills_a_dut_that_ignores_bye);
    RUN(many_clients_are_open_at_once_each_with_its_own_context);
    RUN(every_suite_vector_has_the_same_verdict_through_the_shim);
    RUN(no_child_is_left);
    return check_finish(argv[0]);
}
