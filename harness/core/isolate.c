/* SPDX-License-Identifier: Apache-2.0 */
/* Crash isolation: the vectors run in a forked worker, results come back over
 * a pipe. The contract is in isolate.h. */
#define _DEFAULT_SOURCE /* wait4, syscall, NSIG-free signal loops, VmData */
#include "isolate.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

#include "dutload.h"

#define ISO_MAGIC 0x52435631u       /* "RCV1": a result */
#define ISO_HELLO_MAGIC 0x52434831u /* "RCH1": a library worker's loading stage */

/* The worker's own exit statuses, chosen outside what the C library (1) and
 * the shells (126-128+n) use, so the parent can tell them from a DUT exit. */
#define ISO_EXIT_PIPE 121   /* the result pipe is gone (parent died or DUT closed it) */
#define ISO_EXIT_ORPHAN 122 /* the parent died before the worker started */
#define ISO_EXIT_SETUP 123  /* the worker could not set up its descriptors */

/* The worker's result pipe; every descriptor above it is closed. */
#define ISO_RESULT_FD 3
/* The parent looks at the worker (waitid) at least this often while it
 * waits for the pipe: a process the DUT started may hold the pipe open
 * after the worker is gone. */
#define ISO_POLL_MS 50
/* Rounds of rc_orphans_sweep (each kills the orphans adopted so far). */
#define ISO_SWEEP_ROUNDS 1000
/* Bits of iso_hello.has and rc_dut_desc.has beyond the machines. */
#define ISO_HAS_CS64 (1u << 16)
#define ISO_HAS_MANY (1u << 17)
#define ISO_HAS_WHY (1u << 18)
#define ISO_HAS_WHY_NOTSUP (1u << 19) /* why_notsup, with RC_CAP_WHY_NOTSUP */
#define ISO_HAS_ALL                                                                       \
    (((1u << RC_MACHINE_COUNT) - 1u) | ISO_HAS_CS64 | ISO_HAS_MANY | ISO_HAS_WHY |         \
     ISO_HAS_WHY_NOTSUP)
_Static_assert(RC_MACHINE_COUNT <= 16, "machine bits of iso_hello.has");

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

/* A library worker says where it is before each step of loading the DUT (so
 * the parent can tell which one crashed, exited or hung), then either READY
 * with the DUT's description or FAILED with rc_dut_load's reason. The
 * strings are the DUT's, bounded and NUL-terminated here; the parent checks
 * every field again (iso_hello_check). */
enum iso_stage {
    ISO_ST_OPEN = 1,  /* dlopen: the library's constructors run */
    ISO_ST_ENTRY = 2, /* the entry function (text: its name) */
    ISO_ST_READ = 3,  /* reading the description it returned (text: the entry's name) */
    ISO_ST_READY = 4,
    ISO_ST_FAILED = 5 /* text: why */
};
struct iso_hello {
    uint32_t magic;
    uint32_t stage;
    uint32_t abi_version;
    uint32_t has; /* ISO_HAS_* and a bit per machine */
    struct rc_profile profile;
    uint32_t name_len, version_len;
    char name[RC_DUT_TEXT_MAX + 1];
    char version[RC_DUT_TEXT_MAX + 1];
    char text[512];
    uint64_t sum; /* FNV-1a 64 of every byte before it */
};

enum iso_wait {
    ISO_GOT_RECORD,  /* a whole record arrived */
    ISO_GOT_EOF,     /* the pipe was closed (mid-record or between records) */
    ISO_GOT_ENDED,   /* the worker ended and the pipe holds nothing more, but
                        something else (a process the DUT started) keeps it open */
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

static uint64_t iso_fnv(const void *p, size_t len)
{
    const unsigned char *b = p;
    uint64_t h = 0xcbf29ce484222325u;
    for (size_t i = 0; i < len; i++) {
        h ^= b[i];
        h *= 0x100000001b3u;
    }
    return h;
}

static uint64_t iso_sum(const struct iso_record *rec)
{
    return iso_fnv(rec, offsetof(struct iso_record, sum));
}

static uint64_t iso_hello_sum(const struct iso_hello *h)
{
    return iso_fnv(h, offsetof(struct iso_hello, sum));
}

static void iso_sleep_ms(long ms)
{
    struct timespec ts = {.tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L};
    (void)nanosleep(&ts, NULL);
}

/* This process's resident size now (kilobytes; -1 if unknown). */
static long iso_rss_kb(void)
{
#ifdef __linux__
    char buf[256];
    int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t k = read(fd, buf, sizeof buf - 1);
    (void)close(fd);
    if (k <= 0)
        return -1;
    buf[k] = '\0';
    char *p = strchr(buf, ' ');
    long page = sysconf(_SC_PAGESIZE);
    if (p == NULL || page <= 0)
        return -1;
    long pages = strtol(p + 1, NULL, 10);
    return pages * (page / 1024);
#else
    return -1;
#endif
}

struct rc_limits rc_limits_default(void)
{
    struct rc_limits l = {RC_LIMIT_DEFAULT_MEM_MB, RC_LIMIT_AUTO, RC_LIMIT_DEFAULT_FILES,
                          RC_LIMIT_DEFAULT_PROCS};
    return l;
}

/* ---- /proc (Linux) ------------------------------------------------------------ */

/* ppid, pgrp and num_threads of a process from /proc/PID/stat; -1 when it
 * is gone or unreadable. The command name (field 2) may hold spaces and
 * parentheses: the fields are counted from its last ')'. */
static int iso_proc_stat(long pid, long *ppid, long *pgrp, long *threads)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t k = read(fd, buf, sizeof buf - 1);
    (void)close(fd);
    if (k <= 0)
        return -1;
    buf[k] = '\0';
    char *p = strrchr(buf, ')');
    if (p == NULL)
        return -1;
    /* fields 3 (state) to 20 (num_threads) */
    long field[21] = {0};
    p++;
    for (int i = 3; i <= 20; i++) {
        while (*p == ' ')
            p++;
        if (*p == '\0')
            return -1;
        if (i == 3) {
            p++; /* the state letter */
            continue;
        }
        char *end;
        field[i] = strtol(p, &end, 10);
        if (end == p)
            return -1;
        p = end;
    }
    *ppid = field[4];
    *pgrp = field[5];
    *threads = field[20];
    return 0;
}

/* Each numeric entry of /proc, in turn; 0 at the end. */
static long iso_proc_next(DIR *d)
{
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        char *end;
        long pid = strtol(e->d_name, &end, 10);
        if (end != e->d_name && *end == '\0' && pid > 0)
            return pid;
    }
    return 0;
}

/* The tasks (threads) of every process of the real user, for RLIMIT_NPROC
 * (0 when /proc cannot be read). */
static uint64_t iso_user_tasks(void)
{
    uint64_t n = 0;
#ifdef __linux__
    DIR *d = opendir("/proc");
    if (d == NULL)
        return 0;
    uid_t me = getuid();
    long pid;
    while ((pid = iso_proc_next(d)) != 0) {
        char path[64];
        struct stat st;
        long ppid, pgrp, threads;
        snprintf(path, sizeof path, "/proc/%ld", pid);
        if (stat(path, &st) != 0 || st.st_uid != me)
            continue;
        if (iso_proc_stat(pid, &ppid, &pgrp, &threads) != 0 || threads < 1)
            threads = 1;
        n += (uint64_t)threads;
    }
    (void)closedir(d);
#endif
    return n;
}

/* ---- orphans ------------------------------------------------------------------ */

#define ISO_KEPT_MAX 64
static pid_t iso_kept[ISO_KEPT_MAX];

int rc_orphans_keep(pid_t pid)
{
    for (size_t i = 0; i < ISO_KEPT_MAX; i++)
        if (iso_kept[i] == 0) {
            iso_kept[i] = pid;
            return 0;
        }
    return -1;
}

void rc_orphans_unkeep(pid_t pid)
{
    for (size_t i = 0; i < ISO_KEPT_MAX; i++)
        if (iso_kept[i] == pid)
            iso_kept[i] = 0;
}

/* Has this process any child (running or not yet reaped)? */
static int iso_has_children(void)
{
    siginfo_t si;
    memset(&si, 0, sizeof si);
    return !(waitid(P_ALL, 0, &si, WEXITED | WNOHANG | WNOWAIT) < 0 && errno == ECHILD);
}

struct iso_kid {
    pid_t pid, pgrp;
};

/* The children of this process (a malloc'd list, *n of them; NULL when
 * there are none or /proc cannot be read). */
static struct iso_kid *iso_children(size_t *n)
{
    *n = 0;
#ifdef __linux__
    DIR *d = opendir("/proc");
    if (d == NULL)
        return NULL;
    long self = (long)getpid(), pid;
    struct iso_kid *kids = NULL;
    size_t cap = 0;
    while ((pid = iso_proc_next(d)) != 0) {
        long ppid, pgrp, threads;
        if (iso_proc_stat(pid, &ppid, &pgrp, &threads) != 0 || ppid != self)
            continue;
        if (*n == cap) {
            size_t ncap = cap ? cap * 2 : 16;
            struct iso_kid *k = realloc(kids, ncap * sizeof *k);
            if (k == NULL)
                break;
            kids = k;
            cap = ncap;
        }
        kids[*n].pid = (pid_t)pid;
        kids[*n].pgrp = (pid_t)pgrp;
        (*n)++;
    }
    (void)closedir(d);
    return kids;
#else
    return NULL;
#endif
}

/* Killed by a signal (Ctrl-C, SIGTERM, a hang-up) while workers or DUT
 * processes run: their process groups die with this process. While an
 * rc_orphans is begun, SIGHUP, SIGINT and SIGTERM (those not ignored) go
 * first to iso_on_signal, which kills the running worker's group and the
 * groups of the kept processes, then to what was there before (a handler,
 * or the default action: the process ends as the signal would have ended
 * it). Async-signal-safe: getpid, kill, sigaction, raise. */
static const int iso_sigs[3] = {SIGHUP, SIGINT, SIGTERM};
static struct sigaction iso_sig_prev[3];
static int iso_sig_set[3];
static int iso_sig_depth;                   /* rc_orphans begun and not ended */
static pid_t iso_sig_owner;                 /* the process that installed them */
static volatile sig_atomic_t iso_sig_group; /* the running worker's group, 0 none */

static void iso_on_signal(int sig, siginfo_t *si, void *uc)
{
    int e = errno;
    int k = sig == SIGHUP ? 0 : sig == SIGINT ? 1 : 2;
    if (getpid() == iso_sig_owner) {
        if (iso_sig_group > 0)
            (void)kill(-(pid_t)iso_sig_group, SIGKILL);
        for (size_t i = 0; i < ISO_KEPT_MAX; i++)
            if (iso_kept[i] > 0)
                (void)kill(-iso_kept[i], SIGKILL);
    }
    const struct sigaction *prev = &iso_sig_prev[k];
    if (prev->sa_flags & SA_SIGINFO) {
        prev->sa_sigaction(sig, si, uc);
    } else if (prev->sa_handler == SIG_DFL) {
        struct sigaction dfl;
        memset(&dfl, 0, sizeof dfl);
        dfl.sa_handler = SIG_DFL;
        sigemptyset(&dfl.sa_mask);
        (void)sigaction(sig, &dfl, NULL);
        (void)raise(sig); /* delivered when this handler returns */
    } else if (prev->sa_handler != SIG_IGN) {
        prev->sa_handler(sig);
    }
    errno = e;
}

static void iso_signals_on(void)
{
    if (iso_sig_depth++ > 0)
        return;
    iso_sig_owner = getpid();
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = iso_on_signal;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&sa.sa_mask);
    for (int k = 0; k < 3; k++)
        sigaddset(&sa.sa_mask, iso_sigs[k]);
    for (int k = 0; k < 3; k++) {
        iso_sig_set[k] = 0;
        /* one ignored when we started (nohup, a background job) stays so */
        if (sigaction(iso_sigs[k], NULL, &iso_sig_prev[k]) == 0 &&
            ((iso_sig_prev[k].sa_flags & SA_SIGINFO) || iso_sig_prev[k].sa_handler != SIG_IGN))
            iso_sig_set[k] = sigaction(iso_sigs[k], &sa, NULL) == 0;
    }
}

static void iso_signals_off(void)
{
    if (iso_sig_depth == 0 || --iso_sig_depth > 0)
        return;
    for (int k = 0; k < 3; k++) {
        struct sigaction cur;
        /* put back what was there, unless someone replaced ours since */
        if (iso_sig_set[k] && sigaction(iso_sigs[k], NULL, &cur) == 0 &&
            (cur.sa_flags & SA_SIGINFO) && cur.sa_sigaction == iso_on_signal)
            (void)sigaction(iso_sigs[k], &iso_sig_prev[k], NULL);
        iso_sig_set[k] = 0;
    }
}

void rc_orphans_begin(struct rc_orphans *o)
{
    memset(o, 0, sizeof *o);
    iso_signals_on();
#if defined(__linux__) && defined(PR_SET_CHILD_SUBREAPER)
    int was = 0;
    if (prctl(PR_GET_CHILD_SUBREAPER, &was) == 0)
        o->was_subreaper = was != 0;
    (void)prctl(PR_SET_CHILD_SUBREAPER, 1);
#endif
    o->on = 1;
    if (!iso_has_children())
        return;
    size_t n;
    struct iso_kid *kids = iso_children(&n);
    if (kids == NULL)
        return;
    o->known = malloc(n * sizeof *o->known);
    if (o->known != NULL) {
        for (size_t i = 0; i < n; i++)
            o->known[i] = kids[i].pid;
        o->nknown = n;
    }
    free(kids);
}

static int iso_spared(const struct rc_orphans *o, pid_t pid)
{
    for (size_t i = 0; i < o->nknown; i++)
        if (o->known[i] == pid)
            return 1;
    for (size_t i = 0; i < ISO_KEPT_MAX; i++)
        if (iso_kept[i] == pid)
            return 1;
    return 0;
}

void rc_orphans_sweep(struct rc_orphans *o)
{
    if (o == NULL || !o->on)
        return;
    for (int round = 0; round < ISO_SWEEP_ROUNDS; round++) {
        if (!iso_has_children())
            return;
        size_t n, swept = 0;
        struct iso_kid *kids = iso_children(&n);
        for (size_t i = 0; i < n; i++) {
            pid_t pid = kids[i].pid;
            if (iso_spared(o, pid))
                continue;
            (void)kill(pid, SIGKILL);
            if (kids[i].pgrp == pid)
                (void)kill(-pid, SIGKILL); /* the group it leads (setsid) */
            while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
                ;
            swept++;
        }
        free(kids);
        if (swept == 0)
            return; /* only the caller's own children are left */
    }
}

void rc_orphans_end(struct rc_orphans *o)
{
    if (o == NULL || !o->on)
        return;
    rc_orphans_sweep(o);
#if defined(__linux__) && defined(PR_SET_CHILD_SUBREAPER)
    if (!o->was_subreaper)
        (void)prctl(PR_SET_CHILD_SUBREAPER, 0);
#endif
    free(o->known);
    memset(o, 0, sizeof *o);
    iso_signals_off();
}

/* ---- the worker ----------------------------------------------------------- */

/* A page the worker and the parent share: what the worker says of itself
 * where a crash cannot take it back (the DUT can overwrite it: it is only
 * used for the wording of a detail). */
struct iso_shared {
    long start_rss_kb; /* the worker's resident size before the DUT ran */
};

/* What a worker is to do, worked out by the parent before the fork. */
struct iso_plan {
    struct iso_shared *shared; /* NULL if it could not be mapped */
    const struct rc_isolate *iso;
    const struct vec_record *const *recs;
    size_t first, end;   /* this worker's vectors: recs[first..end) */
    pid_t parent;
    uint64_t cpu_vec;    /* CPU seconds of a vector (0: no CPU limit) */
    uint64_t cpu_hard;   /* the whole batch's, loading included */
    uint64_t nproc;      /* RLIMIT_NPROC (0: none) */
    const struct sigaction *chld; /* the caller's SIGCHLD, to give back to the DUT */
};

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

/* Signals as a program just started would have them: no handler of the
 * caller's (a handler of riocheck's must never run in the worker), nothing
 * blocked. Ignored ones stay ignored; the synchronous crash signals keep a
 * sanitizer's handlers. SIGPIPE is ignored: a write to a pipe the parent
 * closed fails with EPIPE and the worker ends quietly. */
static void iso_worker_signals(const struct sigaction *chld)
{
    struct sigaction sa;
    for (int sig = 1; sig < 65; sig++) {
        if (sig == SIGKILL || sig == SIGSTOP || sig == SIGSEGV || sig == SIGBUS ||
            sig == SIGFPE || sig == SIGILL || sig == SIGABRT || sig == SIGTRAP)
            continue;
        if (sigaction(sig, NULL, &sa) != 0)
            continue;
        int custom = (sa.sa_flags & SA_SIGINFO) ? 1
                     : sa.sa_handler != SIG_DFL && sa.sa_handler != SIG_IGN;
        if (!custom)
            continue;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = SIG_DFL;
        sigemptyset(&sa.sa_mask);
        (void)sigaction(sig, &sa, NULL);
    }
    if (chld != NULL) /* the DUT gets the disposition it had */
        (void)sigaction(SIGCHLD, chld, NULL);
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_IGN;
    sigemptyset(&sa.sa_mask);
    (void)sigaction(SIGPIPE, &sa, NULL);
    sigset_t none;
    sigemptyset(&none);
    (void)sigprocmask(SIG_SETMASK, &none, NULL);
}

static void iso_close_from(int low)
{
#if defined(__linux__) && defined(SYS_close_range)
    if (syscall(SYS_close_range, (unsigned)low, ~0u, 0u) == 0)
        return;
#endif
    long max = sysconf(_SC_OPEN_MAX);
    if (max < 0 || max > 65536)
        max = 65536;
    for (long fd = low; fd < max; fd++)
        (void)close((int)fd);
}

/* The worker's descriptor table: the result pipe at ISO_RESULT_FD, stdin
 * from /dev/null, stdout and stderr the caller's stderr - unless riocheck
 * opened that itself (close-on-exec: then it is one of riocheck's files in
 * a closed stderr's place, and the DUT's output goes to /dev/null) - and
 * nothing else. Returns the pipe, or -1. */
static int iso_worker_fds(int fd)
{
    int fl = fcntl(STDERR_FILENO, F_GETFD);
    int keep_err = fl >= 0 && !(fl & FD_CLOEXEC);
    if (fd != ISO_RESULT_FD) {
        if (dup2(fd, ISO_RESULT_FD) < 0)
            return -1;
        (void)close(fd);
    }
    (void)fcntl(ISO_RESULT_FD, F_SETFD, FD_CLOEXEC);
    iso_close_from(ISO_RESULT_FD + 1);
    int in = open("/dev/null", O_RDONLY);
    if (in < 0) {
        (void)close(STDIN_FILENO);
    } else if (in != STDIN_FILENO) {
        (void)dup2(in, STDIN_FILENO);
        (void)close(in);
    }
    /* the caller flushed every stream before the fork: nothing buffered */
    if (keep_err) {
        if (dup2(STDERR_FILENO, STDOUT_FILENO) < 0)
            (void)close(STDOUT_FILENO);
    } else {
        int out = open("/dev/null", O_WRONLY);
        if (out < 0) {
            (void)close(STDOUT_FILENO);
            (void)close(STDERR_FILENO);
        } else {
            if (out != STDOUT_FILENO)
                (void)dup2(out, STDOUT_FILENO);
            if (out != STDERR_FILENO)
                (void)dup2(out, STDERR_FILENO);
            if (out > STDERR_FILENO)
                (void)close(out);
        }
    }
    /* unbuffered, so that what the DUT printed before a crash is not lost */
    (void)setvbuf(stdout, NULL, _IONBF, 0);
    return ISO_RESULT_FD;
}

/* Lower (never raise) a limit to cur/max; the caller's hard limit caps it. */
static void iso_set_limit(int resource, uint64_t cur, uint64_t max)
{
    struct rlimit rl;
    if (getrlimit(resource, &rl) != 0)
        return;
    rlim_t m = (rlim_t)max, c = (rlim_t)cur;
    if (rl.rlim_max != RLIM_INFINITY && m > rl.rlim_max)
        m = rl.rlim_max;
    if (c > m)
        c = m;
    rl.rlim_cur = c;
    rl.rlim_max = m;
    (void)setrlimit(resource, &rl);
}

/* The worker's data segment size now (bytes; 0 if unknown). */
static uint64_t iso_vmdata(void)
{
    uint64_t kb = 0;
#ifdef __linux__
    int fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    char buf[4096];
    ssize_t k = read(fd, buf, sizeof buf - 1);
    (void)close(fd);
    if (k <= 0)
        return 0;
    buf[k] = '\0';
    const char *p = strstr(buf, "\nVmData:");
    if (p != NULL)
        kb = strtoull(p + 8, NULL, 10);
#endif
    return kb * 1024u;
}

static uint64_t iso_cpu_share(const struct iso_plan *pl, const struct vec_record *r)
{
    return pl->cpu_vec * (r != NULL && r->sweep ? RC_ISOLATE_SWEEP_FACTOR : 1u);
}

/* CPU seconds this process has used, rounded up. */
static uint64_t iso_cpu_used(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
        return 0;
    return (uint64_t)ts.tv_sec + (ts.tv_nsec > 0 ? 1u : 0u);
}

/* Give the next vector (NULL: loading the library) its CPU share: the soft
 * limit (SIGXCPU) at what is used, rounded up to a second, + the share;
 * changed only when that is off by more than two seconds (one clock read
 * per vector, a setrlimit now and then). */
static void iso_cpu_for(const struct iso_plan *pl, const struct vec_record *r, uint64_t *soft)
{
    if (pl->cpu_vec == 0)
        return;
    uint64_t want = iso_cpu_used() + iso_cpu_share(pl, r);
    if (*soft >= want && *soft <= want + 2u)
        return;
    *soft = want;
    iso_set_limit(RLIMIT_CPU, *soft, pl->cpu_hard);
}

static void iso_worker_limits(const struct iso_plan *pl, uint64_t *cpu_soft)
{
    const struct rc_limits *l = &pl->iso->limits;
    if (l->mem_mb != 0) {
        uint64_t mb = l->mem_mb > (UINT64_MAX >> 21) ? UINT64_MAX >> 21 : l->mem_mb;
        uint64_t v = iso_vmdata() + (mb << 20);
        iso_set_limit(RLIMIT_DATA, v, v);
    }
    if (l->files != 0)
        iso_set_limit(RLIMIT_NOFILE, l->files, l->files);
    if (pl->nproc != 0)
        iso_set_limit(RLIMIT_NPROC, pl->nproc, pl->nproc);
    if (pl->cpu_vec != 0) {
        *cpu_soft = 0;
        iso_set_limit(RLIMIT_CPU, pl->cpu_hard, pl->cpu_hard);
        iso_cpu_for(pl, NULL, cpu_soft);
    }
}

static void iso_hello_send(int fd, struct iso_hello *h, enum iso_stage stage, const char *text)
{
    h->magic = ISO_HELLO_MAGIC;
    h->stage = (uint32_t)stage;
    snprintf(h->text, sizeof h->text, "%s", text);
    h->sum = iso_hello_sum(h);
    if (iso_write_all(fd, h, sizeof *h) != 0)
        _exit(ISO_EXIT_PIPE);
}

/* Copy a string of the DUT's, at most RC_DUT_TEXT_MAX bytes; -1 if longer. */
static int iso_text(char *dst, uint32_t *len, const char *src)
{
    size_t n = strnlen(src, RC_DUT_TEXT_MAX + 1u);
    if (n > RC_DUT_TEXT_MAX)
        return -1;
    memcpy(dst, src, n);
    dst[n] = '\0';
    *len = (uint32_t)n;
    return 0;
}

/* gcc's coverage runtime (libgcov), in riocheck only when it was built with
 * --coverage and linked with -u __gcov_dump -u __gcov_reset (VARIANT=cov: a
 * weak reference alone does not take them out of libgcov.a). Weak, so that
 * a normal build needs no libgcov: they are then NULL. */
extern void __gcov_dump(void) __attribute__((weak));
extern void __gcov_reset(void) __attribute__((weak));

/* A worker's normal end (every result sent, or the load's outcome said).
 * _exit, not exit: atexit handlers and stdio buffers are the parent's. What
 * exit would have written, the coverage data, is written here:
 *  - riocheck's own counters (a --coverage build): __gcov_dump(). They were
 *    zeroed when the worker started (iso_worker), so the files get this
 *    worker's counts once, and the parent's are written by the parent.
 *  - a DUT library built with --coverage has its own private copy of
 *    libgcov, which writes the library's counters from a destructor:
 *    dlclose runs it (with a --coverage riocheck of the same gcc,
 *    __gcov_dump has already written them and the destructor writes
 *    nothing twice). A library that cannot be unloaded (-z nodelete, GNU
 *    unique symbols of C++) keeps its data: docs/coverage.md.
 * The result pipe is closed first, so nothing a destructor writes reaches
 * the parent; a destructor that hangs or crashes loses no result: the parent
 * waits at most --timeout for a worker that has said everything, then kills
 * its process group (iso_finish). */
_Noreturn static void iso_worker_end(int fd, struct rc_dut_lib *lib)
{
    (void)close(fd);
    if (__gcov_dump != NULL)
        __gcov_dump();
    rc_dut_unload(lib);
    _exit(0);
}

/* Load the library in this worker, saying each stage first; on failure say
 * why and end. *libp: the library, for iso_worker_end. */
static const struct rc_dut *iso_worker_load(int fd, const char *path, struct rc_dut_lib **libp)
{
    static struct iso_hello h; /* static: 1 KB off the stack */
    memset(&h, 0, sizeof h);   /* padding included: it is checksummed */
    char err[512];
    struct rc_dut_lib *lib = NULL;
    iso_hello_send(fd, &h, ISO_ST_OPEN, "");
    if (rc_dut_open(path, &lib, err, sizeof err) != 0) {
        iso_hello_send(fd, &h, ISO_ST_FAILED, err);
        iso_worker_end(fd, NULL);
    }
    const char *entry = rc_dut_entry_name(lib);
    iso_hello_send(fd, &h, ISO_ST_ENTRY, entry);
    const struct rc_dut *dut = rc_dut_enter(lib, err, sizeof err);
    if (dut == NULL) {
        iso_hello_send(fd, &h, ISO_ST_FAILED, err);
        iso_worker_end(fd, lib);
    }
    iso_hello_send(fd, &h, ISO_ST_READ, entry);
    h.abi_version = dut->abi_version;
    h.profile = dut->profile;
    for (unsigned m = 0; m < RC_MACHINE_COUNT; m++)
        if (dut->machine[m].create != NULL)
            h.has |= 1u << m;
    if (dut->cs64_decode != NULL)
        h.has |= ISO_HAS_CS64;
    if (dut->abi_version == RC_DUT_ABI_VERSION && dut->step_many != NULL)
        h.has |= ISO_HAS_MANY;
    if (dut->abi_version == RC_DUT_ABI_VERSION && dut->why_lost != NULL)
        h.has |= ISO_HAS_WHY;
    /* the field exists only in a library that declares the capability */
    if (dut->abi_version == RC_DUT_ABI_VERSION && (dut->profile.caps & RC_CAP_WHY_NOTSUP) &&
        dut->why_notsup != NULL)
        h.has |= ISO_HAS_WHY_NOTSUP;
    const char *too_long = iso_text(h.name, &h.name_len, dut->name) != 0 ? "name"
                           : iso_text(h.version, &h.version_len, dut->version) != 0
                               ? "version"
                               : NULL;
    if (too_long != NULL) {
        snprintf(err, sizeof err, "the DUT's %s is longer than %u bytes", too_long,
                 RC_DUT_TEXT_MAX);
        iso_hello_send(fd, &h, ISO_ST_FAILED, err);
        iso_worker_end(fd, lib);
    }
    iso_hello_send(fd, &h, ISO_ST_READY, "");
    *libp = lib;
    return dut;
}

_Noreturn static void iso_worker(int fd, const struct iso_plan *pl)
{
    /* a --coverage riocheck: the counters copied from the parent are the
     * parent's to write; this worker writes its own (iso_worker_end) */
    if (__gcov_reset != NULL)
        __gcov_reset();
#ifdef __linux__
    /* a worker whose parent was killed must not run (or hang) on its own */
    (void)prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != pl->parent)
        _exit(ISO_EXIT_ORPHAN);
#endif
    /* its own process group, which the parent kills whole after the batch
     * (the parent sets it too: whichever runs first) */
    (void)setpgid(0, 0);
    iso_worker_signals(pl->chld);
    fd = iso_worker_fds(fd);
    if (fd < 0)
        _exit(ISO_EXIT_SETUP);
    uint64_t cpu_soft = 0;
    iso_worker_limits(pl, &cpu_soft);
    if (pl->shared != NULL)
        pl->shared->start_rss_kb = iso_rss_kb();
    const struct rc_dut *dut = pl->iso->dut;
    struct rc_dut_lib *lib = NULL;
    if (dut == NULL)
        dut = iso_worker_load(fd, pl->iso->lib->path, &lib);
    const struct rc_run_opts *opts = pl->iso->opts;
    for (size_t i = pl->first; i < pl->end; i++) {
        struct iso_record rec;
        memset(&rec, 0, sizeof rec);
        iso_cpu_for(pl, pl->recs[i], &cpu_soft);
        double t0 = iso_now();
        rc_run_vector(dut, pl->recs[i], opts, &rec.res);
        rec.seconds = iso_now() - t0;
        rec.magic = ISO_MAGIC;
        rec.verdict = (uint32_t)rec.res.verdict;
        rec.index = (uint64_t)i;
        rec.sum = iso_sum(&rec);
        if (iso_write_all(fd, &rec, sizeof rec) != 0)
            _exit(ISO_EXIT_PIPE);
    }
    iso_worker_end(fd, lib);
}

/* ---- the parent ----------------------------------------------------------- */

/* One call: what every batch needs. */
struct iso_call {
    const struct rc_isolate *iso;
    const struct vec_record *const *recs;
    size_t n;
    rc_result_fn on_result;
    void *ctx;
    const struct sigaction *chld; /* the caller's SIGCHLD when it was ignored */
    pid_t self;
    uint64_t cpu_vec, nproc;
    struct rc_orphans orphans;
};

/* A running worker. */
struct iso_proc {
    pid_t pid;
    int fd;
    struct iso_plan plan;
    long parent_rss_kb; /* the caller's resident size at the fork: the worker's at its start */
};

/* How a worker ended. */
struct iso_end {
    int status;
    int killed; /* by the parent */
    int lost;   /* its status could not be had */
    struct rusage ru;
};

/* Has the worker ended (without reaping it, so that its pid and process
 * group id stay reserved until the group is killed)? */
static int iso_ended(pid_t pid)
{
    siginfo_t si;
    memset(&si, 0, sizeof si);
    if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0)
        return si.si_pid == pid;
    return errno != EINTR; /* not our child any more: gone */
}

/* Read exactly len bytes, waiting until deadline (iso_now() seconds; < 0: no
 * limit). Every wait is a poll() bounded by the time left and ISO_POLL_MS;
 * when the worker has ended and the pipe holds nothing more, that is the
 * end even if the pipe is still open somewhere. */
static enum iso_wait iso_read(pid_t pid, int fd, void *buf, size_t len, double deadline)
{
    unsigned char *p = buf;
    size_t have = 0;
    int ended = 0;
    while (have < len) {
        int ms = ISO_POLL_MS;
        if (ended) {
            ms = 0;
        } else if (deadline >= 0) {
            double left = deadline - iso_now();
            if (left <= 0)
                return ISO_GOT_TIMEOUT;
            double want = left * 1000.0 + 1.0; /* rounded up: never wake early */
            if (want < (double)ms)
                ms = (int)want;
        }
        struct pollfd pfd = {.fd = fd, .events = POLLIN, .revents = 0};
        int r = poll(&pfd, 1, ms);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return ISO_GOT_IOERR;
        if (r == 0) {
            if (ended)
                return ISO_GOT_ENDED;
            ended = iso_ended(pid); /* then look once more at the pipe */
            continue;
        }
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

/* End a worker: wait for it to end on its own until deadline (< 0: no
 * limit; 0: kill it now), kill its process group (whatever the DUT started
 * in it) and, if it had to be killed, the worker itself (it may have left
 * the group), reap it, then the orphans that left the group. */
static void iso_finish(struct iso_call *c, const struct iso_proc *w, double deadline,
                       struct iso_end *e)
{
    memset(e, 0, sizeof *e);
    while (!iso_ended(w->pid)) {
        if (deadline >= 0 && iso_now() >= deadline) {
            e->killed = 1;
            break;
        }
        iso_sleep_ms(1);
    }
    (void)kill(-w->pid, SIGKILL);
    if (e->killed)
        (void)kill(w->pid, SIGKILL);
    for (;;) {
        pid_t r = wait4(w->pid, &e->status, 0, &e->ru);
        if (r == w->pid)
            break;
        if (r < 0 && errno != EINTR) {
            e->lost = 1;
            break;
        }
    }
    iso_sig_group = 0;
    rc_orphans_sweep(&c->orphans);
}

static double iso_cpu_seconds(const struct rusage *ru)
{
    return (double)ru->ru_utime.tv_sec + (double)ru->ru_utime.tv_usec / 1e6 +
           (double)ru->ru_stime.tv_sec + (double)ru->ru_stime.tv_usec / 1e6;
}

/* Did the worker end at its CPU limit? SIGXCPU at the soft limit, SIGKILL
 * (not ours) at the hard one. */
static int iso_cpu_killed(const struct iso_proc *w, const struct iso_end *e)
{
    if (w->plan.cpu_vec == 0 || e->lost || !WIFSIGNALED(e->status))
        return 0;
    int sig = WTERMSIG(e->status);
    return sig == SIGXCPU ||
           (sig == SIGKILL && !e->killed &&
            iso_cpu_seconds(&e->ru) + 1.0 >= (double)w->plan.cpu_hard);
}

/* Megabytes the worker's resident memory grew by, when it ended abnormally
 * having grown by at least half its memory limit; else 0. */
static uint64_t iso_mem_used(const struct iso_call *c, const struct iso_proc *w,
                             const struct iso_end *e)
{
    uint64_t limit = c->iso->limits.mem_mb;
    if (limit == 0 || e->lost)
        return 0;
    /* killed by the parent: it hung (after a failed allocation, e.g. in a
     * sanitizer's report that could not allocate either) */
    int abnormal = e->killed || WIFSIGNALED(e->status) ||
                   (WIFEXITED(e->status) && WEXITSTATUS(e->status) != 0 &&
                    WEXITSTATUS(e->status) != ISO_EXIT_PIPE);
    long base = w->parent_rss_kb; /* an upper bound of the worker's start */
    if (w->plan.shared != NULL && w->plan.shared->start_rss_kb > 0 &&
        w->plan.shared->start_rss_kb < base)
        base = w->plan.shared->start_rss_kb;
    long grown_kb = e->ru.ru_maxrss - base; /* Linux: kilobytes */
    if (!abnormal || grown_kb <= 0 || (uint64_t)grown_kb * 2u < limit * 1024u)
        return 0;
    uint64_t mb = ((uint64_t)grown_kb + 1023u) / 1024u;
    return mb < limit ? mb : limit;
}

/* How the worker ended, as words after "it": "crashed: signal 11 (...)". */
static void iso_end_words(char *dst, size_t cap, const struct iso_end *e)
{
    if (WIFSIGNALED(e->status)) {
        int sig = WTERMSIG(e->status);
        const char *name = strsignal(sig);
        snprintf(dst, cap, "crashed: signal %d (%s)", sig,
                 name != NULL ? name : "unknown signal");
    } else if (WIFEXITED(e->status) && WEXITSTATUS(e->status) == ISO_EXIT_PIPE) {
        snprintf(dst, cap, "broke riocheck's pipe (closed or redirected its file "
                           "descriptor)");
    } else if (WIFEXITED(e->status)) {
        snprintf(dst, cap, "exited with status %d", WEXITSTATUS(e->status));
    } else {
        snprintf(dst, cap, "ended (wait status 0x%X)", (unsigned)e->status);
    }
}

/* Why a worker that ended on its own during vector r ended, as a detail. */
static void iso_describe_end(char *dst, size_t cap, const struct iso_call *c,
                             const struct iso_proc *w, const struct iso_end *e,
                             const struct vec_record *r)
{
    char words[200];
    if (e->lost) {
        snprintf(dst, cap, "the DUT's worker process ended (its exit status was lost)");
        return;
    }
    if (iso_cpu_killed(w, e)) {
        snprintf(dst, cap, "killed: CPU limit (the DUT used up its %llu s of CPU time "
                           "for this vector, --limit-cpu)",
                 (unsigned long long)iso_cpu_share(&w->plan, r));
        return;
    }
    uint64_t mb = iso_mem_used(c, w, e);
    if (mb != 0) {
        iso_end_words(words, sizeof words, e);
        snprintf(dst, cap, "allocation failed / out of memory limit: the DUT had used "
                           "%llu MB of its %llu MB (--limit-mem) when it %s",
                 (unsigned long long)mb, (unsigned long long)c->iso->limits.mem_mb, words);
        return;
    }
    int status = e->status;
    if (WIFSIGNALED(status)) {
        iso_end_words(words, sizeof words, e);
        snprintf(dst, cap, "the DUT %s", words);
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

static const char *iso_hello_check(const struct iso_hello *h)
{
    if (h->magic != ISO_HELLO_MAGIC)
        return "bad magic number";
    if (h->sum != iso_hello_sum(h))
        return "bad checksum";
    if (h->stage < ISO_ST_OPEN || h->stage > ISO_ST_FAILED)
        return "unknown stage";
    if (memchr(h->text, 0, sizeof h->text) == NULL)
        return "unterminated text";
    if (h->stage != ISO_ST_READY)
        return NULL;
    if (h->name_len > RC_DUT_TEXT_MAX || h->version_len > RC_DUT_TEXT_MAX ||
        h->name[h->name_len] != '\0' || h->version[h->version_len] != '\0' ||
        memchr(h->name, 0, h->name_len) != NULL ||
        memchr(h->version, 0, h->version_len) != NULL)
        return "bad name or version";
    if (h->abi_version != 1u && h->abi_version != RC_DUT_ABI_VERSION)
        return "unknown ABI version";
    if (h->has & ~ISO_HAS_ALL)
        return "unknown operations";
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

/* After the end of its pipe, or its last result, a worker gets the time
 * limit to exit before it is killed (-1: no limit). */
static double iso_grace(const struct iso_call *c)
{
    unsigned t = c->iso->timeout_ms;
    return t ? iso_now() + (double)t / 1000.0 : -1.0;
}

/* What a worker that has been ended still holds here. */
static void iso_release(struct iso_proc *w)
{
    (void)close(w->fd);
    if (w->plan.shared != NULL)
        (void)munmap(w->plan.shared, sizeof *w->plan.shared);
    w->plan.shared = NULL;
}

/* Fork a worker for recs[first..end). 0, or -1 (errno) when pipe() or fork()
 * failed. */
static int iso_spawn(struct iso_call *c, size_t first, size_t end, struct iso_proc *w)
{
    memset(w, 0, sizeof *w);
    struct iso_plan *pl = &w->plan;
    pl->iso = c->iso;
    pl->recs = c->recs;
    pl->first = first;
    pl->end = end;
    pl->parent = c->self;
    pl->chld = c->chld;
    pl->nproc = c->nproc;
    pl->cpu_vec = c->cpu_vec;
    if (pl->cpu_vec != 0) {
        /* loading, every vector, and a second of slack */
        uint64_t sum = 1u + pl->cpu_vec, cap = (uint64_t)1 << 40;
        for (size_t i = first; i < end && sum < cap; i++)
            sum += iso_cpu_share(pl, c->recs[i]);
        pl->cpu_hard = sum < cap ? sum : cap;
    }
    int fds[2];
    /* the worker is a copy of this process: buffered output would be
     * written twice if the DUT calls exit() */
    (void)fflush(NULL);
    if (pipe(fds) != 0)
        return -1;
    /* above the standard descriptors (one may have been closed) and
     * close-on-exec: nothing the caller or the DUT starts inherits them */
    for (int k = 0; k < 2; k++) {
        int h = fcntl(fds[k], F_DUPFD_CLOEXEC, ISO_RESULT_FD + 1);
        if (h < 0) {
            int e = errno;
            (void)close(fds[0]);
            (void)close(fds[1]);
            errno = e;
            return -1;
        }
        (void)close(fds[k]);
        fds[k] = h;
    }
    void *page = mmap(NULL, sizeof *pl->shared, PROT_READ | PROT_WRITE,
                      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    pl->shared = page != MAP_FAILED ? page : NULL;
    w->parent_rss_kb = iso_rss_kb();
    struct rusage ru;
    if (w->parent_rss_kb < 0) /* no /proc: the peak instead (an underestimate of the growth) */
        w->parent_rss_kb = getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : 0;
    pid_t pid = fork();
    if (pid < 0) {
        int e = errno;
        w->fd = fds[0];
        iso_release(w);
        (void)close(fds[1]);
        errno = e;
        return -1;
    }
    if (pid == 0) {
        (void)close(fds[0]);
        iso_worker(fds[1], pl);
    }
    (void)setpgid(pid, pid); /* also done by the worker: no race either way */
    iso_sig_group = (sig_atomic_t)pid;
    (void)close(fds[1]);
    w->pid = pid;
    w->fd = fds[0];
    return 0;
}

/* Wait for a library worker to load its DUT. 0 with *h READY; -1 with why
 * (the worker has then been ended). */
static int iso_hello(struct iso_call *c, struct iso_proc *w, struct iso_hello *h, char *why,
                     size_t cap)
{
    unsigned t = c->iso->timeout_ms;
    double deadline = t ? iso_now() + (double)t / 1000.0 : -1.0;
    uint32_t stage = 0;
    char entry[64] = RC_DUT_ENTRY;
    struct iso_end e;
    for (;;) {
        enum iso_wait got = iso_read(w->pid, w->fd, h, sizeof *h, deadline);
        switch (got) {
        case ISO_GOT_RECORD: {
            const char *bad = iso_hello_check(h);
            if (bad != NULL) {
                iso_finish(c, w, 0.0, &e);
                snprintf(why, cap, "the library wrote into riocheck's pipe while being "
                                   "loaded (%s)", bad);
                return -1;
            }
            if (h->stage == ISO_ST_READY)
                return 0;
            if (h->stage == ISO_ST_FAILED) {
                iso_finish(c, w, iso_grace(c), &e);
                snprintf(why, cap, "%s", h->text);
                return -1;
            }
            stage = h->stage;
            if (stage == ISO_ST_ENTRY) {
                size_t k = strnlen(h->text, sizeof entry - 1u);
                memcpy(entry, h->text, k);
                entry[k] = '\0';
            }
            continue;
        }
        case ISO_GOT_EOF:
        case ISO_GOT_ENDED: {
            char words[300];
            iso_finish(c, w, iso_grace(c), &e);
            if (e.lost) {
                snprintf(words, sizeof words, "ended (its exit status was lost)");
            } else if (iso_cpu_killed(w, &e)) {
                snprintf(words, sizeof words, "was killed at its CPU limit (%llu s, "
                         "--limit-cpu)", (unsigned long long)w->plan.cpu_vec);
            } else {
                char end[200];
                iso_end_words(end, sizeof end, &e);
                uint64_t mb = iso_mem_used(c, w, &e);
                if (mb != 0)
                    snprintf(words, sizeof words, "ran out of memory (%llu MB used of "
                             "%llu MB, --limit-mem) and %s", (unsigned long long)mb,
                             (unsigned long long)c->iso->limits.mem_mb, end);
                else
                    snprintf(words, sizeof words, "%s", end);
            }
            if (stage == ISO_ST_OPEN)
                snprintf(why, cap, "the library %s while being loaded (in a constructor, "
                                   "or a library it needs)", words);
            else if (stage == ISO_ST_ENTRY)
                snprintf(why, cap, "%s() %s", entry, words);
            else if (stage == ISO_ST_READ)
                snprintf(why, cap, "the description %s() returned cannot be read: the "
                                   "worker %s", entry, words);
            else
                snprintf(why, cap, "the worker process %s before loading the library",
                         words);
            return -1;
        }
        case ISO_GOT_TIMEOUT:
            iso_finish(c, w, 0.0, &e);
            if (stage == ISO_ST_OPEN)
                snprintf(why, cap, "the library hung while being loaded: a constructor "
                                   "did not return within %u ms", t);
            else if (stage == ISO_ST_ENTRY)
                snprintf(why, cap, "%s() hung: it did not return within %u ms", entry, t);
            else if (stage == ISO_ST_READ)
                snprintf(why, cap, "reading the description %s() returned took longer "
                                   "than %u ms", entry, t);
            else
                snprintf(why, cap, "the worker process did not start within %u ms", t);
            return -1;
        case ISO_GOT_IOERR: {
            int err = errno;
            iso_finish(c, w, 0.0, &e);
            snprintf(why, cap, "riocheck lost the worker process: %s", strerror(err));
            return -1;
        }
        }
    }
}


/* Does a READY hello describe the DUT of desc? */
static int iso_desc_same(const struct rc_dut_desc *d, const struct iso_hello *h)
{
    return d->dut.abi_version == h->abi_version && d->has == h->has &&
           memcmp(&d->dut.profile, &h->profile, sizeof h->profile) == 0 &&
           strcmp(d->name, h->name) == 0 && strcmp(d->version, h->version) == 0;
}

/* Collect the results of worker w, started at recs[next] for recs[next..end).
 * Returns the index to start the next worker at (end when every vector of
 * the batch has a result). The worker is always ended and reaped. */
static size_t iso_collect(struct iso_call *c, struct iso_proc *w, size_t next, size_t end)
{
    const struct vec_record *const *recs = c->recs;
    unsigned timeout_ms = c->iso->timeout_ms;
    struct iso_record rec;
    struct iso_end e;
    char why[700];
    double start = iso_now();
    if (c->iso->lib != NULL) {
        static struct iso_hello h; /* static: 1 KB off the stack */
        char load[600];
        if (iso_hello(c, w, &h, load, sizeof load) != 0) {
            snprintf(why, sizeof why, "the DUT library failed to load in a new worker: %s",
                     load);
            iso_error(c->on_result, c->ctx, next, recs[next], why, iso_now() - start);
            return next + 1;
        }
        if (!iso_desc_same(c->iso->lib, &h)) {
            iso_finish(c, w, 0.0, &e);
            iso_error(c->on_result, c->ctx, next, recs[next],
                      "the DUT described itself differently in a new worker (name, "
                      "version, ABI version, profile or machines)", iso_now() - start);
            return next + 1;
        }
        start = iso_now();
    }
    for (; next < end; next++) {
        uint64_t limit = iso_limit_ms(recs[next], timeout_ms);
        double deadline = limit ? start + (double)limit / 1000.0 : -1.0;
        enum iso_wait got = iso_read(w->pid, w->fd, &rec, sizeof rec, deadline);
        double seconds = iso_now() - start;
        switch (got) {
        case ISO_GOT_RECORD: {
            const char *bad = iso_check(&rec, next);
            if (bad == NULL) {
                struct rc_vec_result res = rec.res;
                res.verdict = (enum rc_verdict)rec.verdict;
                c->on_result(c->ctx, next, &res, rec.seconds);
                start = iso_now();
                continue;
            }
            snprintf(why, sizeof why, "the DUT wrote a malformed result (%s)", bad);
            iso_finish(c, w, 0.0, &e); /* kill it now */
            break;
        }
        case ISO_GOT_EOF:
        case ISO_GOT_ENDED:
            iso_finish(c, w, iso_grace(c), &e);
            if (e.killed && !e.lost)
                snprintf(why, sizeof why, "the DUT hung: it closed the result pipe and "
                                          "did not exit within %u ms", timeout_ms);
            else
                iso_describe_end(why, sizeof why, c, w, &e, recs[next]);
            break;
        case ISO_GOT_TIMEOUT: {
            /* it may have ended just now: then say how */
            if (iso_ended(w->pid)) {
                iso_finish(c, w, 0.0, &e);
                iso_describe_end(why, sizeof why, c, w, &e, recs[next]);
                break;
            }
            iso_finish(c, w, 0.0, &e);
            if (recs[next]->sweep)
                snprintf(why, sizeof why, "the DUT hung: no verdict after %llu ms "
                         "(sweep: %u x %u ms)", (unsigned long long)limit,
                         RC_ISOLATE_SWEEP_FACTOR, timeout_ms);
            else
                snprintf(why, sizeof why, "the DUT hung: no verdict after %llu ms",
                         (unsigned long long)limit);
            uint64_t mb = iso_mem_used(c, w, &e);
            if (mb != 0) {
                size_t len = strlen(why);
                snprintf(why + len, sizeof why - len, ", having used %llu MB of its "
                         "%llu MB (--limit-mem): out of memory limit?",
                         (unsigned long long)mb, (unsigned long long)c->iso->limits.mem_mb);
            }
            break;
        }
        case ISO_GOT_IOERR: {
            int err = errno;
            iso_finish(c, w, 0.0, &e);
            snprintf(why, sizeof why, "riocheck lost the worker process: %s", strerror(err));
            break;
        }
        }
        iso_error(c->on_result, c->ctx, next, recs[next], why, seconds);
        return next + 1;
    }
    /* every result is in: the worker is on its way to _exit(0) */
    iso_finish(c, w, iso_grace(c), &e);
    return end;
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

/* Set up a call (SIGCHLD, the subreaper, the limits that the parent works
 * out); iso_call_end undoes it. */
static void iso_call_begin(struct iso_call *c, const struct rc_isolate *iso,
                           const struct vec_record *const *recs, size_t n,
                           rc_result_fn on_result, void *ctx, struct sigaction *old,
                           int *restore)
{
    memset(c, 0, sizeof *c);
    c->iso = iso;
    c->recs = recs;
    c->n = n;
    c->on_result = on_result;
    c->ctx = ctx;
    c->self = getpid();
    *restore = 0;
    if (sigaction(SIGCHLD, NULL, old) == 0 && iso_chld_ignored(old)) {
        struct sigaction dfl;
        memset(&dfl, 0, sizeof dfl);
        dfl.sa_handler = SIG_DFL;
        sigemptyset(&dfl.sa_mask);
        *restore = sigaction(SIGCHLD, &dfl, NULL) == 0;
    }
    c->chld = *restore ? old : NULL;
    uint64_t cpu = iso->limits.cpu_s;
    if (cpu == RC_LIMIT_AUTO)
        cpu = ((uint64_t)iso->timeout_ms + 999u) / 1000u;
    c->cpu_vec = cpu > ((uint64_t)1 << 32) ? (uint64_t)1 << 32 : cpu;
    if (iso->limits.procs != 0) {
        uint64_t p = iso->limits.procs > ((uint64_t)1 << 32) ? (uint64_t)1 << 32
                                                              : iso->limits.procs;
        uint64_t tasks = iso_user_tasks(); /* 0: unknown, then no limit */
        c->nproc = tasks != 0 ? tasks + 1u + p : 0;
    }
    rc_orphans_begin(&c->orphans);
}

static void iso_call_end(struct iso_call *c, const struct sigaction *old, int restore)
{
    int e = errno;
    rc_orphans_end(&c->orphans);
    if (restore)
        (void)sigaction(SIGCHLD, old, NULL);
    errno = e;
}

int rc_run_isolated_with(const struct rc_isolate *iso, const struct vec_record *const *recs,
                         size_t n, rc_result_fn on_result, void *ctx)
{
    if (iso == NULL || (iso->dut == NULL) == (iso->lib == NULL) ||
        (iso->lib != NULL && iso->lib->dut.name == NULL) ||
        !iso_args_ok(iso->dut ? iso->dut : &iso->lib->dut, recs, n, on_result)) {
        errno = EINVAL;
        return -1;
    }
    if (n == 0)
        return 0;
    struct iso_call c;
    struct sigaction old;
    int restore;
    iso_call_begin(&c, iso, recs, n, on_result, ctx, &old, &restore);
    int forks = 0;
    size_t next = 0;
    while (next < n) {
        /* this worker's vectors: recs[next..end) */
        size_t per = iso->per_worker;
        size_t end = per != 0 && n - next > per ? next + per : n;
        struct iso_proc w;
        if (iso_spawn(&c, next, end, &w) != 0) {
            int e = errno;
            char why[300];
            snprintf(why, sizeof why, "riocheck could not start a worker process: %s",
                     strerror(e));
            for (; next < n; next++)
                iso_error(on_result, ctx, next, recs[next], why, 0.0);
            iso_call_end(&c, &old, restore);
            errno = e;
            return -1;
        }
        forks++;
        next = iso_collect(&c, &w, next, end);
        iso_release(&w);
    }
    iso_call_end(&c, &old, restore);
    return forks;
}

int rc_run_isolated(const struct rc_dut *dut, const struct vec_record *const *recs,
                    size_t n, const struct rc_run_opts *opts, unsigned timeout_ms,
                    size_t per_worker, rc_result_fn on_result, void *ctx)
{
    struct rc_isolate iso;
    memset(&iso, 0, sizeof iso);
    iso.dut = dut;
    iso.opts = opts;
    iso.timeout_ms = timeout_ms;
    iso.per_worker = per_worker;
    iso.limits = rc_limits_default();
    if (dut == NULL) {
        errno = EINVAL;
        return -1;
    }
    return rc_run_isolated_with(&iso, recs, n, on_result, ctx);
}

/* ---- the description of a library ---------------------------------------------- */

/* The placeholders of a described DUT's operations: the DUT itself is only
 * in the workers. */
static int iso_stub_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx, (void)cfg;
    if (inst != NULL)
        *inst = NULL;
    return RC_LOST;
}
static void iso_stub_destroy(void *inst)
{
    (void)inst;
}
static int iso_stub_step(void *inst, const struct rc_msg *event, struct rc_msg *out,
                         uint32_t cap, uint32_t *n)
{
    (void)inst, (void)event, (void)out, (void)cap;
    if (n != NULL)
        *n = 0;
    return RC_LOST;
}
static int iso_stub_query(void *inst, const struct rc_msg *query, uint64_t *value)
{
    (void)inst, (void)query;
    if (value != NULL)
        *value = 0;
    return RC_LOST;
}
static int iso_stub_cs64(void *ctx, uint32_t width, uint32_t param, struct rc_msg *out)
{
    (void)ctx, (void)width, (void)param, (void)out;
    return RC_LOST;
}
static int iso_stub_many(void *ctx, void *inst, const struct rc_msg *ev, uint64_t times,
                         int want, struct rc_msg *out, uint32_t cap, struct rc_many *res)
{
    (void)ctx, (void)inst, (void)ev, (void)times, (void)want, (void)out, (void)cap;
    if (res != NULL)
        memset(res, 0, sizeof *res);
    return RC_LOST;
}
static const char *iso_stub_why(void *ctx)
{
    (void)ctx;
    return "the DUT runs only in riocheck's worker processes";
}
static const char *iso_stub_why_notsup(void *ctx)
{
    (void)ctx;
    return NULL; /* the worker's run.c asks the DUT itself */
}

static void iso_desc_fill(struct rc_dut_desc *d, const struct iso_hello *h)
{
    memset(&d->dut, 0, sizeof d->dut);
    memcpy(d->name, h->name, sizeof d->name);
    memcpy(d->version, h->version, sizeof d->version);
    d->has = h->has;
    d->dut.abi_version = h->abi_version;
    d->dut.name = d->name;
    d->dut.version = d->version;
    d->dut.profile = h->profile;
    for (unsigned m = 0; m < RC_MACHINE_COUNT; m++)
        if (h->has & (1u << m)) {
            d->dut.machine[m].create = iso_stub_create;
            d->dut.machine[m].destroy = iso_stub_destroy;
            d->dut.machine[m].step = iso_stub_step;
            d->dut.machine[m].query = iso_stub_query;
        }
    if (h->has & ISO_HAS_CS64)
        d->dut.cs64_decode = iso_stub_cs64;
    if (h->abi_version == RC_DUT_ABI_VERSION) {
        if (h->has & ISO_HAS_MANY)
            d->dut.step_many = iso_stub_many;
        d->dut.why_lost = iso_stub_why;
        if (h->has & ISO_HAS_WHY_NOTSUP)
            d->dut.why_notsup = iso_stub_why_notsup;
    }
}

int rc_isolate_describe(struct rc_dut_desc *desc, const char *path, unsigned timeout_ms,
                        const struct rc_limits *limits, char *err, size_t cap)
{
    if (err != NULL && cap > 0)
        err[0] = '\0';
    if (desc == NULL || path == NULL || path[0] == '\0') {
        snprintf(err, cap, "no DUT library given");
        return -1;
    }
    memset(desc, 0, sizeof *desc);
    if (strlen(path) >= sizeof desc->path) {
        snprintf(err, cap, "the path is longer than %u bytes", RC_DUT_PATH_MAX - 1u);
        return -1;
    }
    memcpy(desc->path, path, strlen(path) + 1);
    struct rc_isolate iso;
    memset(&iso, 0, sizeof iso);
    iso.lib = desc;
    iso.timeout_ms = timeout_ms;
    iso.limits = limits != NULL ? *limits : rc_limits_default();
    struct iso_call c;
    struct sigaction old;
    int restore;
    iso_call_begin(&c, &iso, NULL, 0, NULL, NULL, &old, &restore);
    struct iso_proc w;
    int rc = -1;
    if (iso_spawn(&c, 0, 0, &w) != 0) {
        snprintf(err, cap, "riocheck could not start a worker process: %s", strerror(errno));
    } else {
        static struct iso_hello h; /* static: 1 KB off the stack */
        char why[600];
        if (iso_hello(&c, &w, &h, why, sizeof why) == 0) {
            struct iso_end e;
            iso_desc_fill(desc, &h);
            iso_finish(&c, &w, iso_grace(&c), &e);
            rc = 0;
        } else {
            snprintf(err, cap, "%s", why);
        }
        iso_release(&w);
    }
    iso_call_end(&c, &old, restore);
    return rc;
}

/* ---- without isolation -------------------------------------------------------- */

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
