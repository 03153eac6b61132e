/* Crash isolation: the vectors run in a forked worker, results come back over
 * a pipe. The contract is in isolate.h. */
#include "isolate.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#define ISO_MAGIC 0x52435631u /* "RCV1" */

/* The worker's own exit statuses, chosen outside what the C library (1) and
 * the shells (126-128+n) use, so the parent can tell them from a DUT exit. */
#define ISO_EXIT_PIPE 121   /* the result pipe is gone (parent died or DUT closed it) */
#define ISO_EXIT_ORPHAN 122 /* the parent died before the worker started */

/* One result, as the worker writes it. Both ends are the same executable, so
 * the in-memory layout is the wire format; the checksum and the checks in
 * iso_check() catch bytes that the DUT wrote into the pipe or memory it
 * corrupted on the way. rc_vec_result is carried whole so that a field added
 * to it later travels without a change here. */
struct iso_record {
    uint32_t magic;
    uint32_t verdict; /* validated copy of res.verdict */
    uint64_t index;   /* into recs: the worker runs them in order */
    double seconds;
    struct rc_vec_result res;
    uint64_t sum; /* FNV-1a 64 of every byte before it */
};

enum iso_wait {
    ISO_GOT_RECORD, /* a whole record arrived */
    ISO_GOT_EOF,    /* the pipe was closed (mid-record or between records) */
    ISO_GOT_TIMEOUT,
    ISO_GOT_IOERR /* poll or read failed: errno */
};

static double iso_now(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
        return 0.0; /* not reached: CLOCK_MONOTONIC is mandatory on Linux */
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static uint64_t iso_sum(const struct iso_record *rec)
{
    const unsigned char *p = (const unsigned char *)rec;
    uint64_t h = 0xcbf29ce484222325u;
    for (size_t i = 0; i < offsetof(struct iso_record, sum); i++) {
        h ^= p[i];
        h *= 0x100000001b3u;
    }
    return h;
}

/* ---- the worker ----------------------------------------------------------- */

static int iso_write_all(int fd, const void *buf, size_t len)
{
    const unsigned char *p = buf;
    while (len > 0) {
        ssize_t k = write(fd, p, len);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        p += k;
        len -= (size_t)k;
    }
    return 0;
}

_Noreturn static void iso_worker(int fd, pid_t parent, const struct rc_dut *dut,
                                 const struct vec_record *const *recs, size_t first,
                                 size_t n, const struct rc_run_opts *opts)
{
#ifdef __linux__
    /* a worker whose parent was killed must not run (or hang) on its own */
    (void)prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
        _exit(ISO_EXIT_ORPHAN);
#else
    (void)parent;
#endif
    /* a write to a pipe the parent closed fails with EPIPE: end quietly */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_IGN;
    sigemptyset(&sa.sa_mask);
    (void)sigaction(SIGPIPE, &sa, NULL);
    /* The DUT's stdout must not reach the parent's stdout (TAP). stderr is
     * the next best place for vendor debug output; unbuffered, so that what
     * the DUT printed before a crash is not lost with it. The parent flushed
     * every stream before the fork, so the buffer being replaced is empty. */
    (void)fflush(stdout);
    if (dup2(STDERR_FILENO, STDOUT_FILENO) < 0)
        (void)close(STDOUT_FILENO); /* no stderr either: stdout writes fail */
    (void)setvbuf(stdout, NULL, _IONBF, 0);
    for (size_t i = first; i < n; i++) {
        struct iso_record rec;
        memset(&rec, 0, sizeof rec);
        double t0 = iso_now();
        rc_run_vector(dut, recs[i], opts, &rec.res);
        rec.seconds = iso_now() - t0;
        rec.magic = ISO_MAGIC;
        rec.verdict = (uint32_t)rec.res.verdict;
        rec.index = (uint64_t)i;
        rec.sum = iso_sum(&rec);
        if (iso_write_all(fd, &rec, sizeof rec) != 0)
            _exit(ISO_EXIT_PIPE);
    }
    _exit(0); /* no atexit handlers, no stdio flush: those belong to the parent */
}

/* ---- the parent ----------------------------------------------------------- */

/* Read exactly len bytes, waiting until deadline (iso_now() seconds; < 0: no
 * limit). Every wait is a poll() bounded by the time left. */
static enum iso_wait iso_read(int fd, void *buf, size_t len, double deadline)
{
    unsigned char *p = buf;
    size_t have = 0;
    while (have < len) {
        int ms = -1;
        if (deadline >= 0) {
            double left = deadline - iso_now();
            if (left <= 0)
                return ISO_GOT_TIMEOUT;
            double want = left * 1000.0 + 1.0; /* rounded up: never wake early */
            ms = want >= (double)INT_MAX ? INT_MAX : (int)want;
        }
        struct pollfd pfd = {.fd = fd, .events = POLLIN, .revents = 0};
        int r = poll(&pfd, 1, ms);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return ISO_GOT_IOERR;
        if (r == 0)
            continue; /* the deadline check above decides */
        ssize_t k = read(fd, p + have, len - have);
        if (k < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (k < 0)
            return ISO_GOT_IOERR;
        if (k == 0)
            return ISO_GOT_EOF;
        have += (size_t)k;
    }
    return ISO_GOT_RECORD;
}

static void iso_sleep_ms(long ms)
{
    struct timespec ts = {.tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L};
    (void)nanosleep(&ts, NULL);
}

/* Wait for the worker to end until deadline (< 0: no limit), then kill it
 * with SIGKILL and wait for that. Returns 0 with the wait status and whether
 * it had to be killed, or -1 when it is not (or no longer) our child. */
static int iso_reap(pid_t pid, double deadline, int *status, int *killed)
{
    *killed = 0;
    for (;;) {
        pid_t r = waitpid(pid, status, deadline < 0 ? 0 : WNOHANG);
        if (r == pid)
            return 0;
        if (r < 0 && errno != EINTR)
            return -1;
        if (r == 0) {
            if (iso_now() >= deadline)
                break;
            iso_sleep_ms(1);
        }
    }
    (void)kill(pid, SIGKILL);
    *killed = 1;
    for (;;) {
        pid_t r = waitpid(pid, status, 0);
        if (r == pid)
            return 0;
        if (r < 0 && errno != EINTR)
            return -1;
    }
}

/* Why a worker that ended on its own ended, as a detail line. */
static void iso_describe_end(char *dst, size_t cap, int status)
{
    if (WIFSIGNALED(status)) {
        int sig = WTERMSIG(status);
        const char *name = strsignal(sig);
        snprintf(dst, cap, "the DUT crashed: signal %d (%s)", sig,
                 name != NULL ? name : "unknown signal");
    } else if (WIFEXITED(status) && WEXITSTATUS(status) == ISO_EXIT_PIPE) {
        snprintf(dst, cap, "the DUT broke the worker's result pipe (closed or "
                           "redirected its file descriptor)");
    } else if (WIFEXITED(status) && WEXITSTATUS(status) != 0) {
        /* a sanitizer report (ASan handles SIGSEGV itself and exits with 1),
         * or exit(N) from the DUT */
        snprintf(dst, cap, "the DUT crashed: it exited with status %d in the middle "
                           "of the vector", WEXITSTATUS(status));
    } else if (WIFEXITED(status)) {
        snprintf(dst, cap, "the DUT exited with status 0 in the middle of the vector");
    } else {
        snprintf(dst, cap, "the DUT's worker process ended (wait status 0x%X)",
                 (unsigned)status);
    }
}

/* NULL when a record is sound; what is wrong with it otherwise. */
static const char *iso_check(const struct iso_record *rec, size_t want)
{
    if (rec->magic != ISO_MAGIC)
        return "bad magic number";
    if (rec->sum != iso_sum(rec))
        return "bad checksum";
    if (rec->index != (uint64_t)want)
        return "out of order";
    if (rec->verdict > (uint32_t)RC_V_LAST)
        return "unknown verdict";
    if (memchr(rec->res.detail, 0, sizeof rec->res.detail) == NULL ||
        memchr(rec->res.expected, 0, sizeof rec->res.expected) == NULL ||
        memchr(rec->res.actual, 0, sizeof rec->res.actual) == NULL)
        return "unterminated text";
    if (!(rec->seconds >= 0.0 && rec->seconds < 1e9)) /* also NaN, infinity */
        return "bad time";
    return NULL;
}

static void iso_error(rc_result_fn on_result, void *ctx, size_t i,
                      const struct vec_record *r, const char *detail, double seconds)
{
    struct rc_vec_result res;
    memset(&res, 0, sizeof res);
    res.verdict = RC_V_ERROR;
    res.line = r->line;
    snprintf(res.detail, sizeof res.detail, "%s", detail);
    on_result(ctx, i, &res, seconds);
}

static uint64_t iso_limit_ms(const struct vec_record *r, unsigned timeout_ms)
{
    return (uint64_t)timeout_ms * (r->sweep ? RC_ISOLATE_SWEEP_FACTOR : 1u);
}

/* Collect the results of the worker pid started at recs[next] on fd. Returns
 * the index to start the next worker at (n when every vector has a result).
 * The worker is always reaped. */
static size_t iso_collect(pid_t pid, int fd, const struct vec_record *const *recs,
                          size_t next, size_t n, unsigned timeout_ms,
                          rc_result_fn on_result, void *ctx)
{
    struct iso_record rec;
    double start = iso_now();
    /* after the end of its pipe, or its last result, a worker gets this long
     * to exit before it is killed */
    double grace = timeout_ms ? (double)timeout_ms / 1000.0 : -1.0;
    int status = 0, killed = 0;
    char why[300];
    for (; next < n; next++) {
        uint64_t limit = iso_limit_ms(recs[next], timeout_ms);
        double deadline = limit ? start + (double)limit / 1000.0 : -1.0;
        enum iso_wait got = iso_read(fd, &rec, sizeof rec, deadline);
        double seconds = iso_now() - start;
        switch (got) {
        case ISO_GOT_RECORD: {
            const char *bad = iso_check(&rec, next);
            if (bad == NULL) {
                struct rc_vec_result res = rec.res;
                res.verdict = (enum rc_verdict)rec.verdict;
                on_result(ctx, next, &res, rec.seconds);
                start = iso_now();
                continue;
            }
            snprintf(why, sizeof why, "the DUT wrote a malformed result (%s)", bad);
            (void)iso_reap(pid, 0.0, &status, &killed); /* kill it now */
            break;
        }
        case ISO_GOT_EOF:
            if (iso_reap(pid, grace < 0 ? -1.0 : iso_now() + grace, &status, &killed) != 0)
                snprintf(why, sizeof why, "the DUT's worker process ended (its exit "
                                          "status was lost)");
            else if (killed)
                snprintf(why, sizeof why, "the DUT hung: it closed the result pipe and "
                                          "did not exit within %u ms", timeout_ms);
            else
                iso_describe_end(why, sizeof why, status);
            break;
        case ISO_GOT_TIMEOUT:
            /* the worker may have ended while something else (a process the
             * DUT started) holds the pipe open: then say how it ended */
            if (waitpid(pid, &status, WNOHANG) == pid) {
                iso_describe_end(why, sizeof why, status);
                break;
            }
            (void)iso_reap(pid, 0.0, &status, &killed);
            if (recs[next]->sweep)
                snprintf(why, sizeof why, "the DUT hung: no verdict after %llu ms "
                         "(sweep: %u x %u ms)", (unsigned long long)limit,
                         RC_ISOLATE_SWEEP_FACTOR, timeout_ms);
            else
                snprintf(why, sizeof why, "the DUT hung: no verdict after %llu ms",
                         (unsigned long long)limit);
            break;
        case ISO_GOT_IOERR: {
            int e = errno;
            (void)iso_reap(pid, 0.0, &status, &killed);
            snprintf(why, sizeof why, "riocheck lost the worker process: %s",
                     strerror(e));
            break;
        }
        }
        iso_error(on_result, ctx, next, recs[next], why, seconds);
        return next + 1;
    }
    /* every result is in: the worker is on its way to _exit(0) */
    (void)iso_reap(pid, grace < 0 ? -1.0 : iso_now() + grace, &status, &killed);
    return n;
}

static int iso_args_ok(const struct rc_dut *dut, const struct vec_record *const *recs,
                       size_t n, rc_result_fn on_result)
{
    if (dut == NULL || on_result == NULL || (recs == NULL && n > 0))
        return 0;
    for (size_t i = 0; i < n; i++)
        if (recs[i] == NULL)
            return 0;
    return 1;
}

/* SIGCHLD ignored (SIG_IGN or SA_NOCLDWAIT, e.g. set by a DUT library when it
 * was loaded) makes the kernel reap children at once, and waitpid() then
 * cannot say how the worker ended. */
static int iso_chld_ignored(const struct sigaction *sa)
{
    if (sa->sa_flags & SA_NOCLDWAIT)
        return 1;
    return !(sa->sa_flags & SA_SIGINFO) && sa->sa_handler == SIG_IGN;
}

static int iso_run(const struct rc_dut *dut, const struct vec_record *const *recs,
                   size_t n, const struct rc_run_opts *opts, unsigned timeout_ms,
                   size_t per_worker, rc_result_fn on_result, void *ctx,
                   const struct sigaction *chld)
{
    int forks = 0;
    size_t next = 0;
    pid_t self = getpid();
    while (next < n) {
        /* this worker's vectors: recs[next..end) */
        size_t end = per_worker != 0 && n - next > per_worker ? next + per_worker : n;
        int fds[2];
        /* the worker is a copy of this process: buffered output would be
         * written twice if the DUT calls exit() */
        (void)fflush(NULL);
        pid_t pid = -1;
        if (pipe(fds) == 0) {
            /* close-on-exec: nothing the DUT starts inherits the pipe */
            (void)fcntl(fds[0], F_SETFD, FD_CLOEXEC);
            (void)fcntl(fds[1], F_SETFD, FD_CLOEXEC);
            pid = fork();
            if (pid < 0) {
                int e = errno;
                (void)close(fds[0]);
                (void)close(fds[1]);
                errno = e;
            }
        }
        if (pid < 0) {
            int e = errno;
            char why[300];
            snprintf(why, sizeof why, "riocheck could not start a worker process: %s",
                     strerror(e));
            for (; next < n; next++)
                iso_error(on_result, ctx, next, recs[next], why, 0.0);
            errno = e;
            return -1;
        }
        if (pid == 0) {
            (void)close(fds[0]);
            if (chld != NULL) /* the DUT gets the disposition it had */
                (void)sigaction(SIGCHLD, chld, NULL);
            iso_worker(fds[1], self, dut, recs, next, end, opts);
        }
        (void)close(fds[1]);
        forks++;
        next = iso_collect(pid, fds[0], recs, next, end, timeout_ms, on_result, ctx);
        (void)close(fds[0]);
    }
    return forks;
}

int rc_run_isolated(const struct rc_dut *dut, const struct vec_record *const *recs,
                    size_t n, const struct rc_run_opts *opts, unsigned timeout_ms,
                    size_t per_worker, rc_result_fn on_result, void *ctx)
{
    if (!iso_args_ok(dut, recs, n, on_result)) {
        errno = EINVAL;
        return -1;
    }
    struct sigaction old, dfl;
    int restore = 0;
    if (sigaction(SIGCHLD, NULL, &old) == 0 && iso_chld_ignored(&old)) {
        memset(&dfl, 0, sizeof dfl);
        dfl.sa_handler = SIG_DFL;
        sigemptyset(&dfl.sa_mask);
        restore = sigaction(SIGCHLD, &dfl, NULL) == 0;
    }
    int forks = iso_run(dut, recs, n, opts, timeout_ms, per_worker, on_result, ctx,
                        restore ? &old : NULL);
    if (restore) {
        int e = errno;
        (void)sigaction(SIGCHLD, &old, NULL);
        errno = e;
    }
    return forks;
}

int rc_run_in_process(const struct rc_dut *dut, const struct vec_record *const *recs,
                      size_t n, const struct rc_run_opts *opts, rc_result_fn on_result,
                      void *ctx)
{
    if (!iso_args_ok(dut, recs, n, on_result)) {
        errno = EINVAL;
        return -1;
    }
    struct rc_vec_result res;
    for (size_t i = 0; i < n; i++) {
        double t0 = iso_now();
        rc_run_vector(dut, recs[i], opts, &res);
        on_result(ctx, i, &res, iso_now() - t0);
    }
    return 0;
}
