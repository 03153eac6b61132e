/* SPDX-License-Identifier: Apache-2.0 */
/* procdut.h, the --dut-cmd device of the fuzz targets: the command string
 * and command file parsers; startup errors; one DUT process per process
 * that calls it (after a fork, the child starts its own and the parent's is
 * untouched); steps sent ahead on a promise that does not hold are undone
 * (the instance rebuilt: the queries that follow answer as the reference
 * does in process); a crash reported through lost() before RC_LOST.
 * The DUT process is this program: procdut_test --serve (the shim serving
 * rc_refdut()), --serve-crash (the same, exiting with status 7 at the first
 * ep tick).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../refdut/refdut.h"
#include "../procdut.h"

static int pass, fail;

#define CHECK(cond, ...)                                                  \
    do {                                                                  \
        if (cond) {                                                       \
            pass++;                                                       \
        } else {                                                          \
            fail++;                                                       \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                   \
            printf(__VA_ARGS__);                                          \
            printf("\n");                                                 \
        }                                                                 \
    } while (0)

/* ---- the DUT processes ------------------------------------------------------ */

static struct rc_dut crash_dut;

static int crash_step(void *inst, const struct rc_msg *ev, struct rc_msg *out, uint32_t cap,
                      uint32_t *n)
{
    if (ev->kind == RC_EP_EV_TICK)
        _exit(7);
    return rc_refdut()->machine[RC_M_EP].step(inst, ev, out, cap, n);
}

static int serve(const char *mode)
{
    if (strcmp(mode, "--serve-crash") == 0) {
        crash_dut = *rc_refdut();
        crash_dut.machine[RC_M_EP].step = crash_step;
        return rc_shim_serve(&crash_dut, stdin, stdout) == 0 ? 0 : 3;
    }
    return rc_shim_serve(rc_refdut(), stdin, stdout) == 0 ? 0 : 3;
}

/* ---- hooks ------------------------------------------------------------------- */

static uint64_t g_ahead;
static int g_lost;
static char g_why[1200];

static uint64_t ahead(void *arg)
{
    (void)arg;
    return g_ahead;
}

static void lost(void *arg, const char *why)
{
    (void)arg;
    g_lost++;
    snprintf(g_why, sizeof g_why, "%s", why);
}

static char self[4096];

static struct rc_procdut *open_self(const char *mode)
{
    char m[32];
    snprintf(m, sizeof m, "%s", mode);
    char *argv[] = {self, m, NULL};
    char err[600];
    struct rc_procdut *pd = NULL;
    int r = rc_procdut_open(&pd, argv, 5000, RC_PROCDUT_PREFETCH_QUERIES, lost, ahead, NULL, err,
                            sizeof err);
    CHECK(r == 0 && pd != NULL, "rc_procdut_open %s: %s", mode, err);
    return pd;
}

/* ---- the parsers --------------------------------------------------------------- */

static void test_words(void)
{
    char **v = NULL;
    char err[200];
    CHECK(rc_procdut_words(&v, " prog  -a\t'b c'\n", "X", err, sizeof err) == 0, "%s", err);
    CHECK(v != NULL && v[0] && strcmp(v[0], "prog") == 0 && v[1] && strcmp(v[1], "-a") == 0 &&
              v[2] && strcmp(v[2], "'b") == 0 && v[3] && strcmp(v[3], "c'") == 0 && !v[4],
          "words: no quoting, split at every blank");
    rc_procdut_free_words(v);
    CHECK(rc_procdut_words(&v, " \t ", "X", err, sizeof err) == -1 && v == NULL &&
              strcmp(err, "X: no program (only blanks)") == 0,
          "blanks: '%s'", err);
    CHECK(rc_procdut_words(NULL, "a", NULL, err, sizeof err) == -1, "NULL argv");

    static const char text[] = "/a b/prog\n\n--x=1\r\nlast";
    CHECK(rc_procdut_lines(&v, text, sizeof text - 1, "f", err, sizeof err) == 0, "%s", err);
    CHECK(v && strcmp(v[0], "/a b/prog") == 0 && strcmp(v[1], "") == 0 &&
              strcmp(v[2], "--x=1") == 0 && strcmp(v[3], "last") == 0 && !v[4],
          "lines: one argument per line, CR dropped, last line without LF");
    rc_procdut_free_words(v);
    CHECK(rc_procdut_lines(&v, "p\nq\n", 4, "f", err, sizeof err) == 0 && v && v[2] == NULL,
          "a final LF ends the last line");
    rc_procdut_free_words(v);
    CHECK(rc_procdut_lines(&v, "p\nq\0r\n", 6, "f", err, sizeof err) == -1 &&
              strcmp(err, "f:2: a NUL byte (one argument per line, as text)") == 0,
          "NUL: '%s'", err);
    CHECK(rc_procdut_lines(&v, "", 0, "f", err, sizeof err) == -1 &&
              strncmp(err, "f:1: no program", 15) == 0,
          "empty: '%s'", err);
    CHECK(rc_procdut_lines(&v, "\r\nx\n", 4, "f", err, sizeof err) == -1 &&
              strcmp(err, "f:1: the first line (the program) is empty") == 0,
          "first empty: '%s'", err);
    CHECK(rc_procdut_argfile(&v, "/nonexistent/cmd.txt", err, sizeof err) == -1 &&
              strcmp(err, "/nonexistent/cmd.txt: No such file or directory") == 0,
          "missing file: '%s'", err);
}

/* ---- the DUT ------------------------------------------------------------------ */

static const struct rc_config ep_cfg = {2, {{RC_EP_CFG_REV, 3}, {RC_EP_CFG_WIDTH, 4}}};

static struct rc_msg ccp_xoff(uint64_t flow)
{
    struct rc_msg m = {RC_EP_EV_CCP, 5, {0, 0, flow, 0x12, 0}};
    return m;
}

static void test_start(void)
{
    char prog[] = "/nonexistent/dut";
    char *argv[] = {prog, NULL};
    char err[600];
    struct rc_procdut *pd = NULL;
    CHECK(rc_procdut_open(&pd, argv, 1000, 0, lost, NULL, NULL, err, sizeof err) == -1 &&
              pd == NULL && strstr(err, "cannot start '/nonexistent/dut'") != NULL,
          "cannot start: '%s'", err);
}

/* Steps sent ahead, the promise kept and broken: every answer equal to the
 * reference's in process. */
static void test_ahead(void)
{
    struct rc_procdut *pd = open_self("--serve");
    if (pd == NULL)
        return;
    const struct rc_dut *d = rc_procdut_dut(pd);
    const struct rc_dut *r = rc_refdut();
    CHECK(rc_procdut_pid(pd) == -1, "a process left running after the check");
    void *di = NULL, *ri = NULL;
    CHECK(d->machine[RC_M_EP].create(d->ctx, &di, &ep_cfg) == RC_OK, "create");
    CHECK(r->machine[RC_M_EP].create(r->ctx, &ri, &ep_cfg) == RC_OK, "ref create");
    long pid = rc_procdut_pid(pd);
    CHECK(pid > 0, "no DUT process after create");
    static struct rc_msg o1[RC_MAX_OUTPUTS], o2[RC_MAX_OUTPUTS];
    /* promise 40 more; make 10, then query: the instance is rebuilt */
    for (unsigned round = 0; round < 3; round++) {
        struct rc_msg ev = ccp_xoff(71);
        for (unsigned i = 0; i < 10; i++) {
            g_ahead = round == 2 ? 0 : 40u - i;
            uint32_t n1 = 0, n2 = 0;
            int a = d->machine[RC_M_EP].step(di, &ev, o1, RC_MAX_OUTPUTS, &n1);
            int b = r->machine[RC_M_EP].step(ri, &ev, o2, RC_MAX_OUTPUTS, &n2);
            CHECK(a == b && n1 == n2 && memcmp(o1, o2, n1 * sizeof o1[0]) == 0,
                  "round %u step %u: %d/%u vs %d/%u", round, i, a, n1, b, n2);
        }
        for (uint64_t f = 0; f <= 71; f += 71) {
            struct rc_msg q = {RC_EP_Q_COUNTER, 2, {0x12, f}};
            uint64_t v1 = 99, v2 = 98;
            int a = d->machine[RC_M_EP].query(di, &q, &v1);
            int b = r->machine[RC_M_EP].query(ri, &q, &v2);
            CHECK(a == RC_OK && a == b && v1 == v2, "round %u counter %llx: %d/%llu vs %d/%llu", round,
                  (unsigned long long)f, a, (unsigned long long)v1, b,
                  (unsigned long long)v2);
        }
    }
    struct rc_procdut_stats a;
    struct rc_proc_stats s;
    rc_procdut_stats(pd, &s, &a);
    CHECK(a.sent_ahead >= 60 && a.taken_ahead == 18 && a.rebuilds == 2,
          "sent ahead %llu, taken %llu, rebuilt %llu", (unsigned long long)a.sent_ahead,
          (unsigned long long)a.taken_ahead, (unsigned long long)a.rebuilds);

    /* a forked child starts its own process; the parent's stays as it was */
    fflush(NULL);
    pid_t c = fork();
    if (c == 0) {
        void *ci = NULL;
        int ok = d->machine[RC_M_EP].create(d->ctx, &ci, &ep_cfg) == RC_OK &&
                 rc_procdut_pid(pd) > 0 && rc_procdut_pid(pd) != pid;
        if (ci != NULL)
            d->machine[RC_M_EP].destroy(ci);
        rc_procdut_close(pd);
        _exit(ok ? 0 : 1);
    }
    int st = -1;
    CHECK(c > 0 && waitpid(c, &st, 0) == c && WIFEXITED(st) && WEXITSTATUS(st) == 0,
          "the forked child did not get a process of its own (status %d)", st);
    CHECK(rc_procdut_pid(pd) == pid, "the parent's DUT process changed");
    struct rc_msg q = {RC_EP_Q_COUNTER, 2, {0x12, 71}};
    uint64_t v1 = 99, v2 = 98;
    int qa = d->machine[RC_M_EP].query(di, &q, &v1);
    int qb = r->machine[RC_M_EP].query(ri, &q, &v2);
    CHECK(qa == RC_OK && qb == RC_OK && v1 == v2,
          "the parent's instance after the fork: %d/%llu vs %d/%llu (%s)", qa,
          (unsigned long long)v1, qb, (unsigned long long)v2, g_why);
    d->machine[RC_M_EP].destroy(di);
    r->machine[RC_M_EP].destroy(ri);
    CHECK(g_lost == 0, "lost: %s", g_why);
    rc_procdut_close(pd);
}

/* A crash: lost() says what the process did, then the call returns RC_LOST. */
static void test_lost(void)
{
    struct rc_procdut *pd = open_self("--serve-crash");
    if (pd == NULL)
        return;
    const struct rc_dut *d = rc_procdut_dut(pd);
    void *di = NULL;
    g_ahead = 0;
    g_lost = 0;
    CHECK(d->machine[RC_M_EP].create(d->ctx, &di, &ep_cfg) == RC_OK, "create");
    struct rc_msg tick = {RC_EP_EV_TICK, 1, {5}};
    static struct rc_msg out[RC_MAX_OUTPUTS];
    uint32_t n = 0;
    int rc = d->machine[RC_M_EP].step(di, &tick, out, RC_MAX_OUTPUTS, &n);
    CHECK(rc == RC_LOST && g_lost == 1 &&
              strstr(g_why, "the DUT process exited with status 7") != NULL &&
              strstr(g_why, "step 1 tick n=5") != NULL,
          "rc %d, lost %d: '%s'", rc, g_lost, g_why);
    CHECK(strcmp(d->why_lost(d->ctx), g_why) == 0, "why_lost: '%s'", d->why_lost(d->ctx));
    d->machine[RC_M_EP].destroy(di);
    rc_procdut_close(pd);
}

int main(int argc, char **argv)
{
    if (argc == 2 && strncmp(argv[1], "--serve", 7) == 0)
        return serve(argv[1]);
    ssize_t k = readlink("/proc/self/exe", self, sizeof self - 1);
    if (k <= 0) {
        printf("procdut_test: cannot read /proc/self/exe\nprocdut_test: 0 passed, 1 failed\n");
        return 1;
    }
    self[k] = '\0';
    signal(SIGPIPE, SIG_IGN);
    test_words();
    test_start();
    test_ahead();
    test_lost();
    printf("procdut_test: %d passed, %d failed\n", pass, fail);
    return fail != 0;
}
