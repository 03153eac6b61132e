/* SPDX-License-Identifier: Apache-2.0 */
/* Crash isolation (isolate.h): a DUT that crashes, aborts, exits, hangs or
 * corrupts its result costs only the vector in progress; every other vector
 * keeps its real verdict, results arrive in order, the limits are respected,
 * one worker is forked when nothing fails, and no child is left behind.
 *
 * The DUT here is a fake built in this file: an ep machine whose `tick n`
 * event does what n says (see fake_step). Every vector has one `do tick`.
 *
 * Sanitizers: the test does not change ASAN_OPTIONS (ASan reads them once at
 * start-up, and a forked worker inherits the parent's already-initialised
 * runtime, so a setenv() before the fork would change nothing). Instead it
 * accepts what a sanitizer build really does: ASan (and UBSan's null check)
 * catch the segmentation fault, print a report and exit with status 1, which
 * isolate.c reports as "the DUT crashed: it exited with status 1 ...". The
 * crash tests capture stderr in a temporary file so that those reports do not
 * clutter the test log. */
#define _DEFAULT_SOURCE /* RLIMIT_NPROC */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../../reference/tests/check.h"
#include "../../refdut/refdut.h"
#include "../isolate.h"
#include "libdir.h"

#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

/* The limit of the tests about hangs and timing. The crash tests use a
 * generous one: a crash ends the worker at once, except under ASan, whose
 * SEGV report (symbolised by an external process) or exit-time leak check
 * can take longer than 200 ms - and must not be mistaken for a hang. */
#define LIMIT_MS 200u
#define CRASH_LIMIT_MS 10000u

/* ---- the fake DUT --------------------------------------------------------- */

enum fake_tick {
    T_OK = 0,
    T_SEGV = 1,       /* store through a NULL pointer */
    T_ABORT = 2,      /* abort() */
    T_EXIT3 = 3,      /* _exit(3) */
    T_SPIN = 4,       /* loop forever */
    T_GARBAGE = 5,    /* write bytes into the result pipe */
    T_EXIT0 = 6,      /* _exit(0) */
    T_CLOSE = 7,      /* close the result pipe */
    T_PRINT = 8,      /* print to stdout and stderr, then succeed */
    T_FULLEXIT = 9,   /* exit(0): atexit handlers and stdio flush */
    T_COUNT = 10,     /* count in a global, then succeed */
    T_GRANDCHILD = 11, /* start a process that keeps the pipes, then abort */
    T_CHLD_IGN = 12,  /* succeed only if SIGCHLD is ignored (else: state) */
    T_DIRTY = 13,     /* succeed the first time in a process, then RC_STATE */
    T_FDS = 14,       /* succeed only if the worker holds exactly stdin (/dev/null),
                         stdout, stderr and its result pipe (fd 3) */
    T_LINGER = 15,    /* start a process that sleeps 30 s (noted), then succeed */
    T_FORKCRASH = 16, /* start a process that sleeps 3 s holding the pipe, then abort */
    T_SETSID = 17,    /* start a process that leaves the group and the session
                         (setsid) and sleeps 30 s (noted), then succeed */
    T_HOG = 18,       /* allocate and touch 16 MB after 16 MB up to 256 MB; abort()
                         when an allocation fails, else free and succeed */
    T_FILES = 19,     /* open /dev/null until it fails: succeed if that took
                         fewer than 100 descriptors */
    T_NPROC = 20,     /* succeed if RLIMIT_NPROC is below the test's own */
    T_SIGNALS = 21,   /* succeed if SIGTERM is SIG_DFL and nothing is blocked */
    T_SLEEP = 1000    /* 1000 + ms: sleep ms, then succeed */
};

static int *volatile fake_null;     /* never set: the crash address */
static volatile unsigned long fake_spin, fake_codec_spin;
static int fake_counter;            /* T_COUNT */
static int fake_dirty;              /* T_DIRTY: global state left behind */
static int fake_token;
static unsigned fake_sweep_sleeps;  /* cs64_decode: sleep (ms) on the first call */
static unsigned long fake_nproc;    /* T_NPROC: the test's own RLIMIT_NPROC */
/* Files (by name: a worker holds no descriptor of the test's) where the
 * workers note their pids (one per tick) and the processes the fake DUT
 * started; "" when not wanted. */
static char pid_path[64], child_path[64];
#define FD_SCAN 1024

static void note_pid(const char *path, pid_t pid)
{
    if (path[0] == '\0')
        return;
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0)
        return;
    (void)!write(fd, &pid, sizeof pid);
    close(fd);
}

/* Read the pids noted in path (in order) and remove it. */
static size_t read_noted(const char *path, pid_t *pids, size_t cap)
{
    size_t n = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    while (fd >= 0 && n < cap &&
           read(fd, &pids[n], sizeof pids[n]) == (ssize_t)sizeof pids[n])
        n++;
    if (fd >= 0)
        close(fd);
    unlink(path);
    return n;
}

static void sleep_ms(long ms)
{
    struct timespec ts = {.tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int fake_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    (void)cfg;
    *inst = &fake_token;
    return RC_OK;
}

static void fake_destroy(void *inst)
{
    (void)inst;
}

static int fake_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                     uint32_t cap, uint32_t *n)
{
    (void)inst, (void)out, (void)cap;
    *n = 0;
    if (ev->kind != RC_EP_EV_TICK)
        return RC_OK;
    note_pid(pid_path, getpid());
    uint64_t t = ev->arg[0];
    if (t >= T_SLEEP) {
        sleep_ms((long)(t - T_SLEEP));
        return RC_OK;
    }
    switch ((enum fake_tick)t) {
    case T_OK:
        return RC_OK;
    case T_SEGV:
        *fake_null = 1;
        return RC_OK;
    case T_ABORT:
        abort();
    case T_EXIT3:
        _exit(3);
    case T_SPIN:
        for (;;)
            fake_spin++;
    case T_GARBAGE: {
        static const char junk[100] = "not a result record";
        for (int fd = 3; fd < FD_SCAN; fd++) {
            struct stat st;
            if (fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode))
                (void)!write(fd, junk, sizeof junk);
        }
        return RC_OK;
    }
    case T_EXIT0:
        _exit(0);
    case T_CLOSE: /* every descriptor but the standard ones: the result pipe */
        for (int fd = 3; fd < FD_SCAN; fd++)
            (void)close(fd);
        return RC_OK;
    case T_PRINT:
        printf("DUT-STDOUT-MARK\n");
        fprintf(stderr, "DUT-STDERR-MARK\n");
        return RC_OK;
    case T_FULLEXIT:
        exit(0);
    case T_COUNT:
        fake_counter++;
        return RC_OK;
    case T_GRANDCHILD: {
        pid_t g = fork();
        if (g == 0) { /* holds the result pipe; not the test's output */
            close(STDIN_FILENO);
            close(STDOUT_FILENO);
            close(STDERR_FILENO);
            sleep_ms(8000);
            _exit(0);
        }
        abort();
    }
    case T_DIRTY:
        if (fake_dirty)
            return RC_STATE;
        fake_dirty = 1;
        return RC_OK;
    case T_CHLD_IGN: {
        struct sigaction sa;
        sigaction(SIGCHLD, NULL, &sa);
        return sa.sa_handler == SIG_IGN ? RC_OK : RC_STATE;
    }
    case T_FDS: {
        struct stat st, null;
        if (stat("/dev/null", &null) != 0 || fstat(0, &st) != 0 || st.st_rdev != null.st_rdev)
            return RC_STATE;
        if (fstat(1, &st) != 0 || fstat(2, &st) != 0)
            return RC_STATE;
        if (fstat(3, &st) != 0 || !S_ISFIFO(st.st_mode))
            return RC_STATE;
        for (int fd = 4; fd < FD_SCAN; fd++)
            if (fstat(fd, &st) == 0)
                return RC_STATE;
        return RC_OK;
    }
    case T_LINGER:
    case T_FORKCRASH:
    case T_SETSID: {
        pid_t g = fork();
        if (g == 0) { /* keeps every descriptor, the result pipe too */
            if (t == T_SETSID)
                (void)setsid();
            sleep_ms(t == T_FORKCRASH ? 12000 : 30000);
            _exit(0);
        }
        note_pid(child_path, g);
        if (t == T_FORKCRASH)
            abort();
        return g > 0 ? RC_OK : RC_STATE;
    }
    case T_HOG: { /* 16 MB at a time: room is left for a sanitizer's report */
        static char *chunk[16];
        for (size_t i = 0; i < 16; i++) {
            chunk[i] = malloc((size_t)16 << 20);
            if (chunk[i] == NULL)
                abort(); /* like a program that assumes malloc never fails */
            memset(chunk[i], 1, (size_t)16 << 20);
        }
        for (size_t i = 0; i < 16; i++)
            free(chunk[i]);
        return RC_OK;
    }
    case T_FILES: {
        int fds[100], k = 0;
        while (k < 100 && (fds[k] = open("/dev/null", O_RDONLY)) >= 0)
            k++;
        for (int i = 0; i < k; i++)
            close(fds[i]);
        return k < 100 ? RC_OK : RC_STATE;
    }
    case T_NPROC: {
        struct rlimit rl;
        if (getrlimit(RLIMIT_NPROC, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
            return RC_STATE;
        return rl.rlim_cur < fake_nproc ? RC_OK : RC_STATE;
    }
    case T_SIGNALS: {
        struct sigaction sa;
        sigset_t blocked;
        if (sigaction(SIGTERM, NULL, &sa) != 0 || sa.sa_handler != SIG_DFL ||
            sigprocmask(SIG_SETMASK, NULL, &blocked) != 0 || sigismember(&blocked, SIGUSR1))
            return RC_STATE;
        return RC_OK;
    }
    case T_SLEEP:
        break;
    }
    return RC_OK;
}

static int fake_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    (void)inst, (void)q;
    *value = 0;
    return RC_OK;
}

/* codec: only the stype2 sweep reaches it; it never answers */
static int fake_codec_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                           uint32_t cap, uint32_t *n)
{
    (void)inst, (void)ev, (void)out, (void)cap, (void)n;
    while (fake_codec_spin != 1) /* never 1: it only grows by 2 from 0 */
        fake_codec_spin += 2;
    return RC_OK;
}

/* the CS64 sweep's fast path: slow on its first call, then a wrong answer */
static int fake_cs64_decode(void *ctx, uint32_t width, uint32_t param, struct rc_msg *out)
{
    (void)ctx;
    static int calls;
    (void)width, (void)param;
    if (calls++ == 0)
        sleep_ms((long)fake_sweep_sleeps);
    memset(out, 0, sizeof *out);
    return RC_INVAL;
}

static const struct rc_dut fake_dut = {
    .abi_version = RC_DUT_ABI_VERSION,
    .name = "fake",
    .version = "1",
    .profile = {.p12_revs = 1u << 3, .p9_revs = 1u << 3, .caps = RC_CAP_EP},
    .machine = {[RC_M_EP] = {fake_create, fake_destroy, fake_step, fake_query},
                [RC_M_CODEC] = {fake_create, fake_destroy, fake_codec_step, fake_query}},
    .cs64_decode = fake_cs64_decode,
};

/* ---- vectors -------------------------------------------------------------- */

enum expect_kind { E_PASS, E_FAIL, E_NA };

#define MAX_VECS 4096

struct vecs {
    struct vec_set set;
    const struct vec_record *recs[MAX_VECS];
    size_t n;
};

static char vec_text[MAX_VECS * 120];

/* One vector per tick value; kinds[i] makes the vector expect a pass (no
 * output), a fail (a note the fake never gives) or not-applicable (needs sw).
 * NULL kinds: all pass. Returns 0. */
static int make_vecs(struct vecs *v, const unsigned *ticks,
                     const enum expect_kind *kinds, size_t n)
{
    size_t off = 0;
    memset(&v->set, 0, sizeof v->set);
    for (size_t i = 0; i < n; i++) {
        enum expect_kind k = kinds ? kinds[i] : E_PASS;
        int w = snprintf(vec_text + off, sizeof vec_text - off,
                         "vector v%zu\nrules R\nrev p9r3\ncite c\n%s"
                         "machine ep\ndo tick n=%u\n%send\n",
                         i, k == E_NA ? "needs sw\n" : "", ticks[i],
                         k == E_FAIL ? "expect stopped dest=1 mask=1\n" : "");
        if (w < 0 || (size_t)w >= sizeof vec_text - off)
            return -1;
        off += (size_t)w;
    }
    char err[512];
    if (vec_load_text(&v->set, "iso.vec", vec_text, off, err, sizeof err) != 0) {
        fprintf(stderr, "make_vecs: %s\n", err);
        return -1;
    }
    v->n = v->set.n;
    for (size_t i = 0; i < v->n; i++)
        v->recs[i] = &v->set.rec[i];
    return 0;
}

/* ---- collecting results --------------------------------------------------- */

struct got {
    size_t n;
    int out_of_order;
    enum rc_verdict verdict[MAX_VECS];
    unsigned line[MAX_VECS];
    double seconds[MAX_VECS];
    char detail[64][1024];
};

static struct got got;

static void collect(void *ctx, size_t i, const struct rc_vec_result *res, double seconds)
{
    struct got *g = ctx;
    if (i != g->n || i >= MAX_VECS) {
        g->out_of_order = 1;
        return;
    }
    g->verdict[i] = res->verdict;
    g->line[i] = res->line;
    g->seconds[i] = seconds;
    if (i < 64)
        snprintf(g->detail[i], sizeof g->detail[i], "%s", res->detail);
    g->n++;
}

static void never_called(void *ctx, size_t i, const struct rc_vec_result *res,
                         double seconds)
{
    (void)i, (void)res, (void)seconds;
    ++*(int *)ctx;
}

/* ---- capturing a descriptor (stderr, stdout) in a temporary file ---------- */

struct capture {
    int fd, saved;
    FILE *tmp;
    char text[65536];
};

static void capture_begin(struct capture *c, int fd)
{
    fflush(NULL);
    c->fd = fd;
    c->tmp = tmpfile();
    c->saved = dup(fd);
    if (c->tmp != NULL)
        dup2(fileno(c->tmp), fd);
}

static void capture_end(struct capture *c)
{
    fflush(NULL);
    dup2(c->saved, c->fd);
    close(c->saved);
    c->text[0] = '\0';
    if (c->tmp == NULL)
        return;
    rewind(c->tmp);
    size_t k = fread(c->text, 1, sizeof c->text - 1, c->tmp);
    c->text[k] = '\0';
    fclose(c->tmp);
}

static size_t count_of(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* Vectors per worker of run_quiet (0: one worker until a failure). */
static size_t per_worker;

/* Run ticks[] isolated with stderr captured; fills `got`; returns forks. */
static int run_quiet(struct vecs *v, unsigned limit_ms, struct capture *err)
{
    memset(&got, 0, sizeof got);
    struct rc_run_opts opts = {1};
    capture_begin(err, STDERR_FILENO);
    int forks = rc_run_isolated(&fake_dut, v->recs, v->n, &opts, limit_ms, per_worker,
                                collect, &got);
    capture_end(err);
    return forks;
}

/* No child of this process is left, running or zombie. */
static int no_children(void)
{
    return waitpid(-1, NULL, WNOHANG) == -1 && errno == ECHILD;
}

/* A crash detail: the signal, or under a sanitizer its exit(1). */
static int is_crash(const char *detail, int sig)
{
    char want[64];
    snprintf(want, sizeof want, "the DUT crashed: signal %d (", sig);
    if (strstr(detail, want) != NULL)
        return 1;
    return SANITIZED && strstr(detail, "the DUT crashed: it exited with status 1 in "
                                       "the middle of the vector") != NULL;
}

/* A fresh file name for noted pids. */
static void note_begin(char *path, size_t cap, const char *what)
{
    snprintf(path, cap, "/tmp/isolate_test.%ld.%s", (long)getpid(), what);
    unlink(path);
}

static void pids_begin(void)
{
    note_begin(pid_path, sizeof pid_path, "pids");
}

static size_t pids_end(pid_t *pids, size_t cap)
{
    size_t n = read_noted(pid_path, pids, cap);
    pid_path[0] = '\0';
    return n;
}

/* Is process pid still there (running, or a zombie of someone's)? Kills it
 * if it is, so that a failing test leaves nothing behind. */
static int alive(pid_t pid)
{
    if (kill(pid, 0) != 0)
        return 0;
    kill(pid, SIGKILL);
    return 1;
}

/* ---- tests ---------------------------------------------------------------- */

static void isolated_run_without_failure_forks_once_in_order_with_real_verdicts(void)
{
    static const unsigned t[] = {T_OK, T_OK, T_OK, T_OK, T_OK, T_OK};
    static const enum expect_kind k[] = {E_PASS, E_FAIL, E_NA, E_PASS, E_FAIL, E_PASS};
    struct vecs v;
    struct capture err;
    pid_t pids[16];
    CHECK_EQ(make_vecs(&v, t, k, 6), 0);
    pids_begin();
    int forks = run_quiet(&v, CRASH_LIMIT_MS, &err);
    size_t np = pids_end(pids, 16);
    CHECK_EQ(forks, 1);
    CHECK(!got.out_of_order);
    CHECK_EQ(got.n, 6);
    for (size_t i = 0; i < 6; i++)
        CHECK_EQ_AT(i, got.verdict[i],
                    k[i] == E_PASS ? RC_V_PASS : k[i] == E_FAIL ? RC_V_FAIL : RC_V_NA);
    CHECK(strstr(got.detail[1], "expected note stopped") != NULL);
    /* one worker, not this process, ran every applicable vector */
    CHECK_EQ(np, 5);
    for (size_t i = 0; i < np; i++) {
        CHECK_EQ_AT(i, pids[i], pids[0]);
        CHECK(pids[i] != getpid());
    }
    CHECK(no_children());
    vec_set_free(&v.set);
}

static void segv_costs_only_its_vector_and_a_new_worker_runs_the_rest(void)
{
    static const unsigned t[] = {T_OK, T_OK, T_SEGV, T_OK, T_OK};
    static const enum expect_kind k[] = {E_PASS, E_FAIL, E_PASS, E_PASS, E_FAIL};
    struct vecs v;
    struct capture err;
    pid_t pids[16];
    CHECK_EQ(make_vecs(&v, t, k, 5), 0);
    pids_begin();
    int forks = run_quiet(&v, CRASH_LIMIT_MS, &err);
    size_t np = pids_end(pids, 16);
    CHECK_EQ(forks, 2);
    CHECK(!got.out_of_order);
    CHECK_EQ(got.n, 5);
    CHECK_EQ(got.verdict[0], RC_V_PASS);
    CHECK_EQ(got.verdict[1], RC_V_FAIL);
    CHECK_EQ(got.verdict[2], RC_V_ERROR);
    CHECK_EQ(got.verdict[3], RC_V_PASS);
    CHECK_EQ(got.verdict[4], RC_V_FAIL);
    CHECK(is_crash(got.detail[2], SIGSEGV));
    CHECK_EQ(got.line[2], v.recs[2]->line); /* the record names the vector */
    CHECK(strstr(got.detail[2], "Segmentation fault") != NULL || SANITIZED);
    /* the worker changed exactly after the crash */
    CHECK_EQ(np, 5);
    CHECK_EQ(pids[1], pids[0]);
    CHECK_EQ(pids[2], pids[0]);
    CHECK(pids[3] != pids[2]);
    CHECK_EQ(pids[4], pids[3]);
    CHECK(no_children());
    vec_set_free(&v.set);
}

static void abort_is_reported_as_signal_6(void)
{
    static const unsigned t[] = {T_OK, T_ABORT, T_OK};
    struct vecs v;
    struct capture err;
    CHECK_EQ(make_vecs(&v, t, NULL, 3), 0);
    CHECK_EQ(run_quiet(&v, CRASH_LIMIT_MS, &err), 2);
    CHECK_EQ(got.n, 3);
    CHECK_EQ(got.verdict[0], RC_V_PASS);
    CHECK_EQ(got.verdict[1], RC_V_ERROR);
    CHECK_EQ(got.verdict[2], RC_V_PASS);
    CHECK(is_crash(got.detail[1], SIGABRT));
    CHECK(no_children());
    vec_set_free(&v.set);
}

static void exit_3_is_reported_with_its_status(void)
{
    static const unsigned t[] = {T_OK, T_EXIT3, T_OK};
    struct vecs v;
    struct capture err;
    CHECK_EQ(make_vecs(&v, t, NULL, 3), 0);
    CHECK_EQ(run_quiet(&v, CRASH_LIMIT_MS, &err), 2);
    CHECK_EQ(got.n, 3);
    CHECK_EQ(got.verdict[1], RC_V_ERROR);
    CHECK(strcmp(got.detail[1], "the DUT crashed: it exited with status 3 in the "
                                "middle of the vector") == 0);
    CHECK_EQ(got.verdict[0], RC_V_PASS);
    CHECK_EQ(got.verdict[2], RC_V_PASS);
    CHECK(no_children());
    vec_set_free(&v.set);
}

static void exit_0_in_the_middle_of_a_vector_is_an_error(void)
{
    static const unsigned t[] = {T_EXIT0, T_OK};
    struct vecs v;
    struct capture err;
    CHECK_EQ(make_vecs(&v, t, NULL, 2), 0);
    CHECK_EQ(run_quiet(&v, CRASH_LIMIT_MS, &err), 2);
    CHECK_EQ(got.n, 2);
    CHECK_EQ(got.verdict[0], RC_V_ERROR);
    CHECK(strcmp(got.detail[0], "the DUT exited with status 0 in the middle of the "
                                "vector") == 0);
    CHECK_EQ(got.verdict[1], RC_V_PASS);
    CHECK(no_children());
    vec_set_free(&v.set);
}

static void hang_is_killed_after_the_limit_and_the_run_goes_on(void)
{
    static const unsigned t[] = {T_OK, T_SPIN, T_OK};
    struct vecs v;
    struct capture err;
    CHECK_EQ(make_vecs(&v, t, NULL, 3), 0);
    double t0 = now_s();
    CHECK_EQ(run_quiet(&v, LIMIT_MS, &err), 2);
    double took = now_s() - t0;
    CHECK_EQ(got.n, 3);
    CHECK_EQ(got.verdict[0], RC_V_PASS);
    CHECK_EQ(got.verdict[1], RC_V_ERROR);
    CHECK_EQ(got.verdict[2], RC_V_PASS);
    CHECK(strcmp(got.detail[1], "the DUT hung: no verdict after 200 ms") == 0);
    CHECK(got.seconds[1] >= 0.2);
    CHECK(got.seconds[1] < 1.5);
    CHECK(took >= 0.2);
    CHECK(took < 8.0); /* the hang is cut at 200 ms, not at a longer limit */
    CHECK(no_children());
    vec_set_free(&v.set);
}

static void the_limit_is_per_vector_not_per_run(void)
{
    /* five vectors of 60 ms each: 300 ms in all, each within 200 ms (the
     * first, instant, vector absorbs the worker's start-up) */
    static const unsigned t[] = {T_OK, T_SLEEP + 60, T_SLEEP + 60, T_SLEEP + 60,
                                 T_SLEEP + 60, T_SLEEP + 60};
    struct vecs v;
    struct capture err;
    CHECK_EQ(make_vecs(&v, t, NULL, 6), 0);
    double t0 = now_s();
    CHECK_EQ(run_quiet(&v, LIMIT_MS, &err), 1);
    double took = now_s() - t0;
    CHECK_EQ(got.n, 6);
    CHECK(took >= 0.3);
    CHECK_EQ(got.verdict[0], RC_V_PASS);
    for (size_t i = 1; i < 6; i++) {
        CHECK_EQ_AT(i, got.verdict[i], RC_V_PASS);
        CHECK(got.seconds[i] >= 0.059);
    }
    CHECK(no_children());
    vec_set_free(&v.set);
}

static void a_vector_slower_than_the_limit_is_a_hang(void)
{
    static const unsigned t[] = {T_SLEEP + 400, T_OK};
    struct vecs v;
    struct capture err;
    CHECK_EQ(make_vecs(&v, t, NULL, 2), 0);
    CHECK_EQ(run_quiet(&v, LIMIT_MS, &err), 2);
    CHECK_EQ(got.n, 2);
    CHECK_EQ(got.verdict[0], RC_V_ERROR);
    CHECK(strcmp(got.detail[0], "the DUT hung: no verdict after 200 ms") == 0);
    CHECK_EQ(got.verdict[1], RC_V_PASS);
    CHECK(no_children());
    vec_set_free(&v.set);
}

static void a_sweep_gets_the_sweep_factor_times_the_limit(void)
{
    /* limit 10 ms: a sweep may take 1000 ms. The cs64 sweep takes ~300 ms
     * (then fails: the fake answers inval); the stype2 sweep never ends. */
    static const char text[] =
        "sweep s.cs64\nrules R\nrev p12r3\ncite c\noracle cs64\nend\n"
        "sweep s.stype2\nrules R\nrev p12r3\ncite c\noracle stype2-r3\nend\n";
    struct vecs v;
    memset(&v, 0, sizeof v);
    char e[256];
    CHECK_EQ(vec_load_text(&v.set, "sweep.vec", text, strlen(text), e, sizeof e), 0);
    v.n = 2;
    v.recs[0] = &v.set.rec[0];
    v.recs[1] = &v.set.rec[1];
    fake_sweep_sleeps = 300;
    memset(&got, 0, sizeof got);
    struct rc_run_opts opts = {1u << 24}; /* 7 values: one per group width */
    struct capture err;
    capture_begin(&err, STDERR_FILENO);
    double t0 = now_s();
    int forks = rc_run_isolated(&fake_dut, v.recs, 2, &opts, 10, 0, collect, &got);
    double took = now_s() - t0;
    capture_end(&err);
    fake_sweep_sleeps = 0;
    CHECK_EQ(forks, 1);
    CHECK_EQ(got.n, 2);
    CHECK_EQ(got.verdict[0], RC_V_FAIL);
    CHECK(got.seconds[0] >= 0.29);
    CHECK_EQ(got.verdict[1], RC_V_ERROR);
    CHECK(strcmp(got.detail[1], "the DUT hung: no verdict after 1000 ms (sweep: 100 x "
                                "10 ms)") == 0);
    CHECK(got.seconds[1] >= 1.0);
    CHECK(took >= 1.29);
    CHECK(took < 8.0);
    CHECK(no_children());
    vec_set_free(&v.set);
}

static void garbage_in_the_result_pipe_is_a_malformed_result(void)
{
    static const unsigned t[] = {T_OK, T_GARBAGE, T_OK};
    struct vecs v;
    struct capture err;
    CHECK_EQ(make_vecs(&v, t, NULL, 3), 0);
    CHECK_EQ(run_quiet(&v, CRASH_LIMIT_MS, &err), 2);
    CHECK_EQ(got.n, 3);
    CHECK_EQ(got.verdict[0], RC_V_PASS);
    CHECK_EQ(got.verdict[1], RC_V_ERROR);
    CHECK(strncmp(got.detail[1], "the DUT wrote a malformed result (", 34) == 0);
    CHECK_EQ(got.verdict[2], RC_V_PASS);
    CHECK(no_children());
    vec_set_free(&v.set);
}

static void a_dut_that_closes_the_result_pipe_costs_only_its_vector(void)
{
    static const unsigned t[] = {T_OK, T_CLOSE, T_OK};
    struct vecs v;
    struct capture err;
    CHECK_EQ(make_vecs(&v, t, NULL, 3), 0);
    CHECK_EQ(run_quiet(&v, CRASH_LIMIT_MS, &err), 2);
    CHECK_EQ(got.n, 3);
    CHECK_EQ(got.verdict[0], RC_V_PASS);
    CHECK_EQ(got.verdict[1], RC_V_ERROR);
    CHECK(strstr(got.detail[1], "broke the worker's result pipe") != NULL);
    CHECK_EQ(got.verdict[2], RC_V_PASS);
    CHECK(no_children());
    vec_set_free(&v.set);
}

static void dut_stdout_goes_to_stderr_never_to_the_callers_stdout(void)
{
    static const unsigned t[] = {T_PRINT, T_OK};
    struct vecs v;
    struct capture out, err;
    CHECK_EQ(make_vecs(&v, t, NULL, 2), 0);
    memset(&got, 0, sizeof got);
    struct rc_run_opts opts = {1};
    capture_begin(&out, STDOUT_FILENO);
    capture_begin(&err, STDERR_FILENO);
    printf("TAP-LINE-BEFORE\n");
    int forks = rc_run_isolated(&fake_dut, v.recs, v.n, &opts, CRASH_LIMIT_MS, 0, collect, &got);
    printf("TAP-LINE-AFTER\n");
    capture_end(&err);
    capture_end(&out);
    CHECK_EQ(forks, 1);
    CHECK_EQ(got.verdict[0], RC_V_PASS);
    CHECK_EQ(count_of(out.text, "DUT-STDOUT-MARK"), 0);
    CHECK_EQ(count_of(out.text, "DUT-STDERR-MARK"), 0);
    CHECK_EQ(count_of(err.text, "DUT-STDOUT-MARK"), 1);
    CHECK_EQ(count_of(err.text, "DUT-STDERR-MARK"), 1);
    CHECK_EQ(count_of(out.text, "TAP-LINE-BEFORE"), 1);
    CHECK_EQ(count_of(out.text, "TAP-LINE-AFTER"), 1);
    CHECK(no_children());
    vec_set_free(&v.set);
}

static void dut_calling_exit_does_not_write_the_callers_buffers_twice(void)
{
    static const unsigned t[] = {T_FULLEXIT, T_OK};
    struct vecs v;
    struct capture out, err;
    CHECK_EQ(make_vecs(&v, t, NULL, 2), 0);
    FILE *results = tmpfile();
    CHECK(results != NULL);
    memset(&got, 0, sizeof got);
    struct rc_run_opts opts = {1};
    capture_begin(&out, STDOUT_FILENO);
    capture_begin(&err, STDERR_FILENO);
    /* buffered, not yet written, when the worker is forked */
    printf("STDOUT-PENDING");
    fprintf(results, "RESULTS-PENDING");
    int forks = rc_run_isolated(&fake_dut, v.recs, v.n, &opts, CRASH_LIMIT_MS, 0, collect, &got);
    capture_end(&err);
    capture_end(&out);
    char text[256] = "";
    rewind(results);
    size_t k = fread(text, 1, sizeof text - 1, results);
    text[k] = '\0';
    fclose(results);
    CHECK_EQ(forks, 2);
    CHECK_EQ(got.n, 2);
    CHECK_EQ(got.verdict[0], RC_V_ERROR);
    /* exit(0); under LeakSanitizer the exit status may be its own */
    CHECK(strstr(got.detail[0], "exited with status") != NULL);
    CHECK(SANITIZED || strcmp(got.detail[0], "the DUT exited with status 0 in the "
                                             "middle of the vector") == 0);
    CHECK_EQ(got.verdict[1], RC_V_PASS);
    CHECK_EQ(count_of(text, "RESULTS-PENDING"), 1);
    CHECK_EQ(count_of(out.text, "STDOUT-PENDING"), 1);
    CHECK_EQ(count_of(err.text, "STDOUT-PENDING"), 0);
    CHECK(no_children());
    vec_set_free(&v.set);
}

static void a_process_the_dut_started_cannot_hide_its_crash(void)
{
    /* the DUT's own child keeps the result pipe open for 8 s after the
     * worker crashed (abort: no sanitizer report to wait for): the limit
     * expires, and the crash is reported */
    static const unsigned t[] = {T_GRANDCHILD, T_OK};
    struct vecs v;
    struct capture err;
    CHECK_EQ(make_vecs(&v, t, NULL, 2), 0);
    double t0 = now_s();
    CHECK_EQ(run_quiet(&v, 500, &err), 2);
    double took = now_s() - t0;
    CHECK_EQ(got.n, 2);
    CHECK_EQ(got.verdict[0], RC_V_ERROR);
    CHECK(is_crash(got.detail[0], SIGABRT));
    CHECK_EQ(got.verdict[1], RC_V_PASS);
    CHECK(took < 5.0); /* did not wait for the DUT's process (8 s) */
    CHECK(no_children());
    vec_set_free(&v.set);
}

static void an_ignored_sigchld_does_not_lose_the_exit_status(void)
{
    /* a DUT library may set SIGCHLD to SIG_IGN when it is loaded: the kernel
     * would then discard the worker's status; the DUT still sees SIG_IGN */
    static const unsigned t[] = {T_OK, T_EXIT3, T_OK, T_CHLD_IGN};
    struct vecs v;
    struct capture err;
    CHECK_EQ(make_vecs(&v, t, NULL, 4), 0);
    struct sigaction ign, dfl, after;
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    dfl = ign;
    dfl.sa_handler = SIG_DFL;
    sigaction(SIGCHLD, &ign, NULL);
    int forks = run_quiet(&v, CRASH_LIMIT_MS, &err);
    sigaction(SIGCHLD, &dfl, &after);
    CHECK_EQ(forks, 2);
    CHECK_EQ(got.n, 4);
    CHECK_EQ(got.verdict[0], RC_V_PASS);
    CHECK(strcmp(got.detail[1], "the DUT crashed: it exited with status 3 in the "
                                "middle of the vector") == 0);
    CHECK_EQ(got.verdict[2], RC_V_PASS);
    CHECK_EQ(got.verdict[3], RC_V_PASS);
    CHECK(after.sa_handler == SIG_IGN); /* restored */
    CHECK(no_children());
    vec_set_free(&v.set);
}

static void a_crash_in_the_last_vector_starts_no_new_worker(void)
{
    static const unsigned t[] = {T_OK, T_OK, T_SEGV};
    struct vecs v;
    struct capture err;
    CHECK_EQ(make_vecs(&v, t, NULL, 3), 0);
    CHECK_EQ(run_quiet(&v, CRASH_LIMIT_MS, &err), 1);
    CHECK_EQ(got.n, 3);
    CHECK_EQ(got.verdict[2], RC_V_ERROR);
    CHECK(no_children());
    vec_set_free(&v.set);
}

static void without_a_limit_a_crash_is_still_caught(void)
{
    static const unsigned t[] = {T_OK, T_ABORT, T_OK};
    struct vecs v;
    struct capture err;
    CHECK_EQ(make_vecs(&v, t, NULL, 3), 0);
    CHECK_EQ(run_quiet(&v, 0, &err), 2);
    CHECK_EQ(got.n, 3);
    CHECK_EQ(got.verdict[0], RC_V_PASS);
    CHECK(is_crash(got.detail[1], SIGABRT));
    CHECK_EQ(got.verdict[2], RC_V_PASS);
    CHECK(no_children());
    vec_set_free(&v.set);
}

/* per_worker 2 over 5 vectors: workers for 0-1, 2-3 and 4, each vector
 * run by the worker of its pair; per_worker 1: a process per vector. */
static void per_worker_starts_a_fresh_worker_every_n_vectors(void)
{
    static const unsigned t[] = {T_OK, T_OK, T_OK, T_OK, T_OK};
    struct vecs v;
    struct capture err;
    pid_t pids[16];
    CHECK_EQ(make_vecs(&v, t, NULL, 5), 0);
    per_worker = 2;
    pids_begin();
    int forks = run_quiet(&v, CRASH_LIMIT_MS, &err);
    size_t np = pids_end(pids, 16);
    per_worker = 0;
    CHECK_EQ(forks, 3);
    CHECK_EQ(got.n, 5);
    CHECK(!got.out_of_order);
    CHECK_EQ(np, 5);
    CHECK(pids[0] == pids[1] && pids[2] == pids[3]);
    CHECK(pids[1] != pids[2] && pids[3] != pids[4] && pids[0] != pids[4]);
    for (size_t i = 0; i < 5; i++)
        CHECK_EQ_AT(i, got.verdict[i], RC_V_PASS);

    per_worker = 1;
    pids_begin();
    forks = run_quiet(&v, CRASH_LIMIT_MS, &err);
    np = pids_end(pids, 16);
    per_worker = 0;
    CHECK_EQ(forks, 5);
    CHECK_EQ(got.n, 5);
    CHECK_EQ(np, 5);
    for (size_t i = 0; i < 5; i++)
        for (size_t j = 0; j < i; j++)
            CHECK(pids[i] != pids[j]);
    CHECK(no_children());
    vec_set_free(&v.set);
}

/* A DUT that leaves global state behind fails the vectors after its first in
 * one worker; with a process per vector each starts clean. */
static void a_process_per_vector_keeps_dut_state_from_carrying_over(void)
{
    static const unsigned t[] = {T_DIRTY, T_DIRTY, T_DIRTY};
    struct vecs v;
    struct capture err;
    CHECK_EQ(make_vecs(&v, t, NULL, 3), 0);
    CHECK_EQ(run_quiet(&v, CRASH_LIMIT_MS, &err), 1);
    CHECK_EQ(got.n, 3);
    CHECK_EQ(got.verdict[0], RC_V_PASS);
    CHECK(got.verdict[1] != RC_V_PASS && got.verdict[2] != RC_V_PASS);
    per_worker = 1;
    int forks = run_quiet(&v, CRASH_LIMIT_MS, &err);
    per_worker = 0;
    CHECK_EQ(forks, 3);
    CHECK_EQ(got.n, 3);
    for (size_t i = 0; i < 3; i++)
        CHECK_EQ_AT(i, got.verdict[i], RC_V_PASS);
    CHECK_EQ(fake_dirty, 0); /* and the caller's copy was never touched */
    vec_set_free(&v.set);
}

/* A crash inside a batch costs its vector; the next worker starts at the one
 * after and takes a whole batch: [0 1*] [2 3] [4] with 1 crashing. */
static void a_crash_inside_a_batch_costs_only_its_vector(void)
{
    static const unsigned t[] = {T_OK, T_ABORT, T_OK, T_OK, T_OK};
    struct vecs v;
    struct capture err;
    CHECK_EQ(make_vecs(&v, t, NULL, 5), 0);
    per_worker = 2;
    int forks = run_quiet(&v, CRASH_LIMIT_MS, &err);
    per_worker = 0;
    CHECK_EQ(forks, 3);
    CHECK_EQ(got.n, 5);
    CHECK(!got.out_of_order);
    CHECK_EQ(got.verdict[0], RC_V_PASS);
    CHECK_EQ(got.verdict[1], RC_V_ERROR);
    CHECK(is_crash(got.detail[1], SIGABRT));
    for (size_t i = 2; i < 5; i++)
        CHECK_EQ_AT(i, got.verdict[i], RC_V_PASS);
    CHECK(no_children());
    vec_set_free(&v.set);
}

static void the_callers_state_is_untouched_by_isolated_vectors(void)
{
    static const unsigned t[] = {T_COUNT, T_COUNT, T_COUNT};
    struct vecs v;
    struct capture err;
    CHECK_EQ(make_vecs(&v, t, NULL, 3), 0);
    fake_counter = 0;
    CHECK_EQ(run_quiet(&v, CRASH_LIMIT_MS, &err), 1);
    CHECK_EQ(got.n, 3);
    CHECK_EQ(fake_counter, 0);
    /* and in-process runs them here */
    memset(&got, 0, sizeof got);
    CHECK_EQ(rc_run_in_process(&fake_dut, v.recs, v.n, NULL, collect, &got), 0);
    CHECK_EQ(got.n, 3);
    CHECK_EQ(fake_counter, 3);
    CHECK(no_children());
    vec_set_free(&v.set);
}

static void in_process_gives_the_same_verdicts_in_order(void)
{
    static const unsigned t[] = {T_OK, T_OK, T_OK, T_SLEEP + 20};
    static const enum expect_kind k[] = {E_FAIL, E_NA, E_PASS, E_PASS};
    struct vecs v;
    CHECK_EQ(make_vecs(&v, t, k, 4), 0);
    memset(&got, 0, sizeof got);
    CHECK_EQ(rc_run_in_process(&fake_dut, v.recs, v.n, NULL, collect, &got), 0);
    CHECK(!got.out_of_order);
    CHECK_EQ(got.n, 4);
    CHECK_EQ(got.verdict[0], RC_V_FAIL);
    CHECK_EQ(got.verdict[1], RC_V_NA);
    CHECK_EQ(got.verdict[2], RC_V_PASS);
    CHECK_EQ(got.verdict[3], RC_V_PASS);
    CHECK(got.seconds[3] >= 0.019);
    vec_set_free(&v.set);
}

static void bad_arguments_are_refused_before_anything_runs(void)
{
    static const unsigned t[] = {T_OK, T_OK};
    struct vecs v;
    CHECK_EQ(make_vecs(&v, t, NULL, 2), 0);
    int calls = 0;
    errno = 0;
    CHECK_EQ(rc_run_isolated(NULL, v.recs, 2, NULL, CRASH_LIMIT_MS, 0, never_called, &calls), -1);
    CHECK_EQ(errno, EINVAL);
    CHECK_EQ(rc_run_isolated(&fake_dut, v.recs, 2, NULL, CRASH_LIMIT_MS, 0, NULL, &calls), -1);
    CHECK_EQ(rc_run_isolated(&fake_dut, NULL, 2, NULL, CRASH_LIMIT_MS, 0, never_called, &calls), -1);
    const struct vec_record *holes[3] = {v.recs[0], NULL, v.recs[1]};
    CHECK_EQ(rc_run_isolated(&fake_dut, holes, 3, NULL, CRASH_LIMIT_MS, 0, never_called, &calls), -1);
    CHECK_EQ(rc_run_in_process(&fake_dut, holes, 3, NULL, never_called, &calls), -1);
    CHECK_EQ(rc_run_in_process(NULL, v.recs, 2, NULL, never_called, &calls), -1);
    CHECK_EQ(calls, 0);
    /* nothing to run: no worker */
    CHECK_EQ(rc_run_isolated(&fake_dut, NULL, 0, NULL, CRASH_LIMIT_MS, 0, never_called, &calls), 0);
    CHECK_EQ(rc_run_in_process(&fake_dut, NULL, 0, NULL, never_called, &calls), 0);
    CHECK_EQ(calls, 0);
    CHECK(no_children());
    vec_set_free(&v.set);
}

static void a_full_size_run_uses_one_worker(void)
{
    static unsigned t[3600];
    static enum expect_kind k[3600];
    for (size_t i = 0; i < 3600; i++) {
        t[i] = T_OK;
        k[i] = (enum expect_kind)(i % 3);
    }
    struct vecs v;
    CHECK_EQ(make_vecs(&v, t, k, 3600), 0);
    struct capture err;
    double t0 = now_s();
    CHECK_EQ(rc_run_in_process(&fake_dut, v.recs, v.n, NULL, collect, &got), 0);
    double in_process = now_s() - t0;
    t0 = now_s();
    int forks = run_quiet(&v, CRASH_LIMIT_MS, &err);
    double took = now_s() - t0;
    CHECK_EQ(forks, 1);
    CHECK(!got.out_of_order);
    CHECK_EQ(got.n, 3600);
    for (size_t i = 0; i < 3600; i++)
        CHECK_EQ_AT(i, got.verdict[i],
                    k[i] == E_PASS ? RC_V_PASS : k[i] == E_FAIL ? RC_V_FAIL : RC_V_NA);
    /* what isolation costs is a figure, not a check (a loaded machine would
     * fail any bound): about 0.1 s for these 3600 with -O2 */
    printf("# 3600 vectors: %.3f s in one worker, %.3f s in process\n", took, in_process);
    CHECK(no_children());
    vec_set_free(&v.set);
}

static uint32_t xorshift32(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *s = x;
}

static void random_failures_each_cost_exactly_their_vector(void)
{
    /* 60 vectors, a random mix of pass / fail / n.a. / segv / abort /
     * exit(3) / garbage: each gets its own verdict, forks = 1 + the failures
     * that are not the last vector */
    static const unsigned bad[] = {T_SEGV, T_ABORT, T_EXIT3, T_GARBAGE, T_EXIT0};
    uint32_t seed = 0x1234567u;
    unsigned t[60];
    enum expect_kind k[60];
    int broken[60];
    int want_forks = 1;
    for (size_t i = 0; i < 60; i++) {
        uint32_t r = xorshift32(&seed) % 8u;
        broken[i] = r >= 3;
        t[i] = broken[i] ? bad[r - 3] : T_OK;
        k[i] = broken[i] ? E_PASS : (enum expect_kind)r;
        if (broken[i] && i + 1 < 60)
            want_forks++;
    }
    struct vecs v;
    struct capture err;
    CHECK_EQ(make_vecs(&v, t, k, 60), 0);
    int forks = run_quiet(&v, CRASH_LIMIT_MS, &err);
    CHECK(!got.out_of_order);
    CHECK_EQ(got.n, 60);
    CHECK(want_forks > 5); /* the seed gives a real mix */
    CHECK_EQ(forks, want_forks);
    for (size_t i = 0; i < 60; i++) {
        enum rc_verdict want = broken[i] ? RC_V_ERROR
                               : k[i] == E_PASS ? RC_V_PASS
                               : k[i] == E_FAIL ? RC_V_FAIL : RC_V_NA;
        CHECK_EQ_AT(i, got.verdict[i], want);
        if (i < 64 && broken[i])
            CHECK(strncmp(got.detail[i], "the DUT ", 8) == 0);
    }
    CHECK(no_children());
    vec_set_free(&v.set);
}

/* ---- the worker's set-up (issue 11 items 1, 5, 9, 10, 16) --------------------- */

/* Run ticks[] isolated with these limits, stderr captured; fills `got`. */
static int run_with(struct vecs *v, unsigned limit_ms, const struct rc_limits *lim,
                    struct capture *err)
{
    memset(&got, 0, sizeof got);
    struct rc_run_opts opts = {1};
    struct rc_isolate iso;
    memset(&iso, 0, sizeof iso);
    iso.dut = &fake_dut;
    iso.opts = &opts;
    iso.timeout_ms = limit_ms;
    iso.per_worker = per_worker;
    iso.limits = *lim;
    capture_begin(err, STDERR_FILENO);
    int forks = rc_run_isolated_with(&iso, v->recs, v->n, collect, &got);
    capture_end(err);
    return forks;
}

/* Item 1: the worker inherited the open results.tsv temporary as fd 3. */
static void the_worker_holds_only_its_pipe_and_the_standard_descriptors(void)
{
    static const unsigned t[] = {T_FDS, T_OK};
    struct vecs v;
    struct capture err;
    CHECK_EQ(make_vecs(&v, t, NULL, 2), 0);
    /* a results file and a pipe open here, not close-on-exec */
    FILE *results = tmpfile();
    int p[2];
    CHECK(results != NULL);
    CHECK_EQ(pipe(p), 0);
    int forks = run_quiet(&v, CRASH_LIMIT_MS, &err);
    fclose(results);
    close(p[0]);
    close(p[1]);
    CHECK_EQ(forks, 1);
    CHECK_EQ(got.n, 2);
    CHECK_EQ(got.verdict[0], RC_V_PASS);
    CHECK_EQ(got.verdict[1], RC_V_PASS);
    CHECK(no_children());
    vec_set_free(&v.set);
}

/* Item 5: started with stderr closed, a results file took its place; the
 * DUT's output must not go into it. */
static void a_stderr_riocheck_opened_itself_never_gets_the_duts_output(void)
{
    static const unsigned t[] = {T_PRINT, T_OK};
    struct vecs v;
    CHECK_EQ(make_vecs(&v, t, NULL, 2), 0);
    char path[] = "/tmp/isolate_test.XXXXXX";
    int f = mkstemp(path);
    CHECK(f >= 0);
    fflush(NULL);
    int saved = dup(STDERR_FILENO);
    /* close-on-exec, as every file riocheck opens */
    dup2(f, STDERR_FILENO);
    fcntl(STDERR_FILENO, F_SETFD, FD_CLOEXEC);
    close(f);
    memset(&got, 0, sizeof got);
    struct rc_run_opts opts = {1};
    int forks = rc_run_isolated(&fake_dut, v.recs, v.n, &opts, CRASH_LIMIT_MS, 0, collect, &got);
    dup2(saved, STDERR_FILENO);
    close(saved);
    char text[4096] = "";
    FILE *in = fopen(path, "r");
    size_t k = in ? fread(text, 1, sizeof text - 1, in) : 0;
    text[k] = '\0';
    if (in)
        fclose(in);
    unlink(path);
    CHECK_EQ(forks, 1);
    CHECK_EQ(got.verdict[0], RC_V_PASS);
    CHECK_EQ(got.verdict[1], RC_V_PASS);
    CHECK_EQ(count_of(text, "DUT-STDOUT-MARK"), 0);
    CHECK_EQ(count_of(text, "DUT-STDERR-MARK"), 0);
    CHECK(no_children());
    vec_set_free(&v.set);
}

static void on_term(int sig)
{
    (void)sig;
}

static void the_callers_signal_handlers_and_mask_are_not_the_duts(void)
{
    static const unsigned t[] = {T_SIGNALS};
    struct vecs v;
    struct capture err;
    CHECK_EQ(make_vecs(&v, t, NULL, 1), 0);
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_term;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, &old);
    sigset_t usr1, oldmask;
    sigemptyset(&usr1);
    sigaddset(&usr1, SIGUSR1);
    sigprocmask(SIG_BLOCK, &usr1, &oldmask);
    int forks = run_quiet(&v, CRASH_LIMIT_MS, &err);
    sigprocmask(SIG_SETMASK, &oldmask, NULL);
    sigaction(SIGTERM, &old, NULL);
    CHECK_EQ(forks, 1);
    CHECK_EQ(got.verdict[0], RC_V_PASS);
    vec_set_free(&v.set);
}

/* Item 10: processes forked by the DUT were never killed. */
static void a_process_the_dut_left_behind_is_killed_with_its_worker(void)
{
    static const unsigned t[] = {T_LINGER, T_OK};
    struct vecs v;
    struct capture err;
    pid_t kids[4];
    CHECK_EQ(make_vecs(&v, t, NULL, 2), 0);
    note_begin(child_path, sizeof child_path, "children");
    double t0 = now_s();
    int forks = run_quiet(&v, CRASH_LIMIT_MS, &err);
    double took = now_s() - t0;
    size_t nk = read_noted(child_path, kids, 4);
    child_path[0] = '\0';
    CHECK_EQ(nk, 1);
    CHECK(!alive(kids[0]));
    CHECK_EQ(forks, 1);
    CHECK_EQ(got.verdict[0], RC_V_PASS);
    CHECK_EQ(got.verdict[1], RC_V_PASS);
    CHECK(took < 15.0); /* the child sleeps 30 s */
    CHECK(no_children());
    vec_set_free(&v.set);
}

/* Item 10: with --timeout-ms 0 a crash after a fork was not reported until
 * the child (holding the result pipe) exited. */
static void without_a_limit_a_crash_after_a_fork_is_reported_at_once(void)
{
    static const unsigned t[] = {T_FORKCRASH, T_OK};
    struct vecs v;
    struct capture err;
    pid_t kids[4];
    CHECK_EQ(make_vecs(&v, t, NULL, 2), 0);
    note_begin(child_path, sizeof child_path, "children");
    double t0 = now_s();
    int forks = run_quiet(&v, 0, &err);
    double took = now_s() - t0;
    size_t nk = read_noted(child_path, kids, 4);
    child_path[0] = '\0';
    CHECK_EQ(nk, 1);
    CHECK(!alive(kids[0]));
    CHECK_EQ(forks, 2);
    CHECK_EQ(got.verdict[0], RC_V_ERROR);
    CHECK(is_crash(got.detail[0], SIGABRT));
    CHECK_EQ(got.verdict[1], RC_V_PASS);
    CHECK(took < 8.0); /* the child sleeps 12 s */
    CHECK(no_children());
    vec_set_free(&v.set);
}

/* Item 10: a process that leaves the worker's group and session cannot be
 * killed by group; the subreaper catches it. */
static void a_process_that_left_the_session_does_not_outlive_the_run(void)
{
    static const unsigned t[] = {T_SETSID, T_OK, T_SETSID};
    struct vecs v;
    struct capture err;
    pid_t kids[4];
    CHECK_EQ(make_vecs(&v, t, NULL, 3), 0);
    note_begin(child_path, sizeof child_path, "children");
    per_worker = 1;
    int forks = run_quiet(&v, CRASH_LIMIT_MS, &err);
    per_worker = 0;
    size_t nk = read_noted(child_path, kids, 4);
    child_path[0] = '\0';
    CHECK_EQ(nk, 2);
    CHECK(!alive(kids[0]));
    CHECK(!alive(kids[1]));
    CHECK_EQ(forks, 3);
    for (size_t i = 0; i < 3; i++)
        CHECK_EQ_AT(i, got.verdict[i], RC_V_PASS);
    CHECK(no_children());
    vec_set_free(&v.set);
}

/* Item 16: no memory limit on the worker. */
static void a_dut_over_its_memory_limit_is_an_error_and_the_run_goes_on(void)
{
    static const unsigned t[] = {T_OK, T_HOG, T_OK};
    struct vecs v;
    struct capture err;
    CHECK_EQ(make_vecs(&v, t, NULL, 3), 0);
    struct rc_limits lim = rc_limits_default();
    lim.mem_mb = 64;
    CHECK_EQ(run_with(&v, CRASH_LIMIT_MS, &lim, &err), 2);
    CHECK_EQ(got.n, 3);
    CHECK_EQ(got.verdict[0], RC_V_PASS);
    CHECK_EQ(got.verdict[1], RC_V_ERROR);
    if (strncmp(got.detail[1], "allocation failed", 17) != 0)
        fprintf(stderr, "  detail: %s\n", got.detail[1]);
    CHECK(strncmp(got.detail[1], "allocation failed / out of memory limit: the DUT had "
                                 "used ", 57) == 0);
    CHECK(strstr(got.detail[1], " MB of its 64 MB (--limit-mem) when it ") != NULL);
    CHECK_EQ(got.verdict[2], RC_V_PASS);
    /* the limit is what stopped it: without one the same DUT passes (256 MB
     * touched under the sanitizers on a loaded machine: a generous time limit,
     * which is not what this checks) */
    lim.mem_mb = 0;
    CHECK_EQ(run_with(&v, 6 * CRASH_LIMIT_MS, &lim, &err), 1);
    CHECK_EQ(got.verdict[1], RC_V_PASS);
    if (got.verdict[1] != RC_V_PASS)
        fprintf(stderr, "  detail: %s\n", got.detail[1]);
    CHECK(no_children());
    vec_set_free(&v.set);
}

/* Item 16: no CPU limit on the worker. */
static void a_dut_over_its_cpu_limit_is_killed_and_the_run_goes_on(void)
{
    static const unsigned t[] = {T_OK, T_SPIN, T_OK};
    struct vecs v;
    struct capture err;
    CHECK_EQ(make_vecs(&v, t, NULL, 3), 0);
    struct rc_limits lim = rc_limits_default();
    lim.cpu_s = 1;
    double t0 = now_s();
    int forks = run_with(&v, 30000, &lim, &err);
    double took = now_s() - t0;
    CHECK_EQ(forks, 2);
    CHECK_EQ(got.n, 3);
    CHECK_EQ(got.verdict[0], RC_V_PASS);
    CHECK_EQ(got.verdict[1], RC_V_ERROR);
    CHECK(strcmp(got.detail[1], "killed: CPU limit (the DUT used up its 1 s of CPU time "
                                "for this vector, --limit-cpu)") == 0);
    CHECK_EQ(got.verdict[2], RC_V_PASS);
    CHECK(took < 30.0); /* the time limit did not decide (the detail says so too) */
    CHECK(no_children());
    vec_set_free(&v.set);
}

/* Item 16: descriptors and processes. */
static void the_worker_has_limits_on_files_and_processes(void)
{
    static const unsigned t[] = {T_FILES, T_NPROC};
    struct vecs v;
    struct capture err;
    CHECK_EQ(make_vecs(&v, t, NULL, 2), 0);
    struct rlimit rl;
    CHECK_EQ(getrlimit(RLIMIT_NPROC, &rl), 0);
    fake_nproc = rl.rlim_cur == RLIM_INFINITY ? ULONG_MAX : (unsigned long)rl.rlim_cur;
    struct rc_limits lim = rc_limits_default();
    lim.files = 32;
    lim.procs = 8;
    CHECK_EQ(run_with(&v, CRASH_LIMIT_MS, &lim, &err), 1);
    CHECK_EQ(got.verdict[0], RC_V_PASS);
    CHECK_EQ(got.verdict[1], RC_V_PASS);
    /* 0: no limit of the worker's own */
    lim.files = lim.procs = 0;
    CHECK_EQ(run_with(&v, CRASH_LIMIT_MS, &lim, &err), 1);
    CHECK(got.verdict[0] != RC_V_PASS || rl.rlim_cur < 100);
    CHECK(got.verdict[1] != RC_V_PASS);
    CHECK(no_children());
    vec_set_free(&v.set);
}

/* ---- DUT libraries: loaded only in workers (item 9) ------------------------------ */

static char libdir[4096]; /* where make puts the DUT libraries */

static void lib_path(char *dst, size_t cap, const char *name)
{
    snprintf(dst, cap, "%s/%s", libdir, name);
}

/* Is the file at path mapped into this process? */
static int mapped_here(const char *path)
{
    char real[4096];
    if (realpath(path, real) == NULL)
        return -1;
    FILE *f = fopen("/proc/self/maps", "r");
    if (f == NULL)
        return -1;
    char line[8192];
    int found = 0;
    while (!found && fgets(line, sizeof line, f) != NULL)
        found = strstr(line, real) != NULL;
    fclose(f);
    return found;
}

static struct rc_dut_desc desc;

static void a_library_is_described_by_a_worker_and_never_loaded_here(void)
{
    char path[4200], err[700];
    lib_path(path, sizeof path, "riocheck-reference.so");
    CHECK_EQ(rc_isolate_describe(&desc, path, CRASH_LIMIT_MS, NULL, err, sizeof err), 0);
    const struct rc_dut *r = rc_refdut();
    CHECK_EQ(desc.dut.abi_version, RC_DUT_ABI_VERSION);
    CHECK(strcmp(desc.dut.name, r->name) == 0);
    CHECK(strcmp(desc.dut.version, r->version) == 0);
    CHECK_MEM(&desc.dut.profile, &r->profile, sizeof r->profile);
    for (unsigned m = 0; m < RC_MACHINE_COUNT; m++)
        CHECK_EQ_AT(m, desc.dut.machine[m].create != NULL, r->machine[m].create != NULL);
    CHECK_EQ(desc.dut.cs64_decode != NULL, r->cs64_decode != NULL);
    CHECK_EQ(desc.dut.step_many != NULL, r->step_many != NULL);
    CHECK_EQ(mapped_here(path), 0);
    /* the v1 layout: no policies, no version 2 operations */
    lib_path(path, sizeof path, "riocheck-v1-reference.so");
    CHECK_EQ(rc_isolate_describe(&desc, path, CRASH_LIMIT_MS, NULL, err, sizeof err), 0);
    CHECK_EQ(desc.dut.abi_version, 1u);
    CHECK(strcmp(desc.dut.name, "reference as an ABI v1 library") == 0);
    CHECK(desc.dut.step_many == NULL && desc.dut.why_lost == NULL);
    CHECK_EQ(mapped_here(path), 0);
    CHECK(no_children());
}

static void a_library_runs_only_in_workers_with_its_in_process_verdicts(void)
{
    static const unsigned t[] = {T_OK, T_OK, T_OK, T_OK};
    static const enum expect_kind k[] = {E_PASS, E_FAIL, E_NA, E_PASS};
    struct vecs v;
    CHECK_EQ(make_vecs(&v, t, k, 4), 0);
    char path[4200], err[700];
    lib_path(path, sizeof path, "riocheck-reference.so");
    CHECK_EQ(rc_isolate_describe(&desc, path, CRASH_LIMIT_MS, NULL, err, sizeof err), 0);
    memset(&got, 0, sizeof got);
    CHECK_EQ(rc_run_in_process(rc_refdut(), v.recs, v.n, NULL, collect, &got), 0);
    enum rc_verdict want[4];
    for (size_t i = 0; i < 4; i++)
        want[i] = got.verdict[i];
    CHECK(want[0] == RC_V_PASS && want[1] == RC_V_FAIL);
    for (size_t per = 0; per < 2; per++) {
        struct rc_isolate iso;
        memset(&iso, 0, sizeof iso);
        iso.lib = &desc;
        iso.timeout_ms = CRASH_LIMIT_MS;
        iso.per_worker = per;
        iso.limits = rc_limits_default();
        memset(&got, 0, sizeof got);
        CHECK_EQ(rc_run_isolated_with(&iso, v.recs, v.n, collect, &got), per ? 4 : 1);
        CHECK_EQ(got.n, 4);
        for (size_t i = 0; i < 4; i++)
            CHECK_EQ_AT(i, got.verdict[i], want[i]);
    }
    CHECK_EQ(mapped_here(path), 0);
    /* the description's operations are placeholders, never the DUT */
    struct rc_vec_result res;
    rc_run_vector(&desc.dut, v.recs[0], NULL, &res);
    CHECK_EQ(res.verdict, RC_V_ERROR);
    CHECK(strstr(res.detail, "worker") != NULL);
    CHECK(no_children());
    vec_set_free(&v.set);
}

static void describing_what_is_no_dut_library_says_why(void)
{
    char path[4200], err[700];
    lib_path(path, sizeof path, "no-such-library.so");
    CHECK_EQ(rc_isolate_describe(&desc, path, CRASH_LIMIT_MS, NULL, err, sizeof err), -1);
    CHECK(strstr(err, "No such file") != NULL);
    lib_path(path, sizeof path, "librio.so"); /* a library, but not a DUT */
    CHECK_EQ(rc_isolate_describe(&desc, path, CRASH_LIMIT_MS, NULL, err, sizeof err), -1);
    CHECK(strstr(err, "exports neither riocheck_dut_v2 nor riocheck_dut_v1") != NULL);
    CHECK_EQ(rc_isolate_describe(&desc, "", CRASH_LIMIT_MS, NULL, err, sizeof err), -1);
    CHECK(no_children());
}

static void no_child_is_left_after_all_runs(void)
{
    CHECK(no_children());
}

int main(int argc, char **argv)
{
    (void)argc;
    test_libdir(libdir, sizeof libdir); /* make check builds them */
    RUN(isolated_run_without_failure_forks_once_in_order_with_real_verdicts);
    RUN(segv_costs_only_its_vector_and_a_new_worker_runs_the_rest);
    RUN(abort_is_reported_as_signal_6);
    RUN(exit_3_is_reported_with_its_status);
    RUN(exit_0_in_the_middle_of_a_vector_is_an_error);
    RUN(hang_is_killed_after_the_limit_and_the_run_goes_on);
    RUN(the_limit_is_per_vector_not_per_run);
    RUN(a_vector_slower_than_the_limit_is_a_hang);
    RUN(a_sweep_gets_the_sweep_factor_times_the_limit);
    RUN(garbage_in_the_result_pipe_is_a_malformed_result);
    RUN(a_dut_that_closes_the_result_pipe_costs_only_its_vector);
    RUN(dut_stdout_goes_to_stderr_never_to_the_callers_stdout);
    RUN(dut_calling_exit_does_not_write_the_callers_buffers_twice);
    RUN(a_process_the_dut_started_cannot_hide_its_crash);
    RUN(an_ignored_sigchld_does_not_lose_the_exit_status);
    RUN(a_crash_in_the_last_vector_starts_no_new_worker);
    RUN(without_a_limit_a_crash_is_still_caught);
    RUN(the_callers_state_is_untouched_by_isolated_vectors);
    RUN(in_process_gives_the_same_verdicts_in_order);
    RUN(bad_arguments_are_refused_before_anything_runs);
    RUN(a_full_size_run_uses_one_worker);
    RUN(random_failures_each_cost_exactly_their_vector);
    RUN(per_worker_starts_a_fresh_worker_every_n_vectors);
    RUN(a_process_per_vector_keeps_dut_state_from_carrying_over);
    RUN(a_crash_inside_a_batch_costs_only_its_vector);
    RUN(the_worker_holds_only_its_pipe_and_the_standard_descriptors);
    RUN(a_stderr_riocheck_opened_itself_never_gets_the_duts_output);
    RUN(the_callers_signal_handlers_and_mask_are_not_the_duts);
    RUN(a_process_the_dut_left_behind_is_killed_with_its_worker);
    RUN(without_a_limit_a_crash_after_a_fork_is_reported_at_once);
    RUN(a_process_that_left_the_session_does_not_outlive_the_run);
    RUN(a_dut_over_its_memory_limit_is_an_error_and_the_run_goes_on);
    RUN(a_dut_over_its_cpu_limit_is_killed_and_the_run_goes_on);
    RUN(the_worker_has_limits_on_files_and_processes);
    RUN(a_library_is_described_by_a_worker_and_never_loaded_here);
    RUN(a_library_runs_only_in_workers_with_its_in_process_verdicts);
    RUN(describing_what_is_no_dut_library_says_why);
    RUN(no_child_is_left_after_all_runs);
    return check_finish(argv[0]);
}
