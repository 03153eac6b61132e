/* SPDX-License-Identifier: Apache-2.0 */
/*
 * client.c - the client side of the DUT protocol: spawn the DUT program,
 * handshake, and a struct rc_dut whose machines forward every call as a
 * request line (proc.h, docs/dut-protocol.md).
 *
 * Design notes (why, not what):
 *   - One queue of outstanding requests. Every request has exactly one
 *     response (a step's `out` lines belong to its `done`), so answers are
 *     paired with requests by position only. A caller that needs an answer
 *     waits until its entry has left the queue; entries nobody waits for
 *     (destroy, dropped predictions) are still parsed and checked, so a DUT
 *     that answers garbage to them is caught at the next wait.
 *   - The pipes are non-blocking and one poll() loop both writes queued
 *     requests and reads answers: a DUT that answers while it still has
 *     requests to read never deadlocks against us, whatever the pipe sizes.
 *   - Every failure goes through lose(): the message, then SIGKILL to the
 *     process group and waitpid, so no failure path can leave a process or a
 *     zombie behind, and the generation counter makes the old instances dead.
 *     A process that left the group (setsid) is adopted by riocheck, a child
 *     subreaper while a client is open (rc_orphans_begin, isolate.h), and is
 *     killed by rc_orphans_sweep after the DUT process is reaped.
 *   - The end of the DUT process is seen by waitid as well as by the end of
 *     its output (polled every EXIT_POLL_MS while waiting): a grandchild that
 *     keeps the pipes open cannot turn an exit into a time-out.
 *   - The proxy DUT's ctx is its client: no global state, any number of
 *     clients open at once; create has no machine argument, so one small
 *     trampoline per machine.
 */
#include "proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../core/dutload.h"
#include "../core/isolate.h"
#include "../core/registry.h"
#include "../core/seterr.h"
#include "shim.h"

extern char **environ;

#define RBUF_CAP (64u * 1024u)    /* answers read but not yet handled */
#define QCAP 512u                 /* outstanding requests (> RC_PROC_PREFETCH) */
#define SPEC_OUTS 2u              /* outputs kept for a predicted decode */
#define BANNER_LINES 1000u        /* lines ignored before the hello answer */
#define TEXT_MAX 256u             /* name and version, NUL included */
#define REQ_SHOWN 120u            /* request text kept for messages */
#define EXIT_GRACE_MS 500         /* EOF seen: time to learn the exit status */
#define EXIT_POLL_MS 50           /* while waiting: how often to look at the process */
#define MARK_MAX 1024u             /* a vector mark line, NUL included */

enum pend_type { P_HELLO, P_CREATE, P_STEP, P_QUERY, P_DESTROY, P_FAST, P_BYE };

/* One rc_proc_step_many call: where its repetitions' outputs go. */
struct many {
    struct rc_msg *out;
    uint32_t cap, total;
    int want, rc, stopped, overflow;
    uint64_t done;
    /* rc_proc_step_each: no stop at a result, each repetition's count and
     * result kept; a repetition whose outputs do not fit stops the taking */
    int each;
    uint32_t *counts;
    int *rcs;
    char why[RC_WHY_NOTSUP_MAX + 1]; /* the last repetition's notsup reason */
};

struct pend {
    enum pend_type type;
    const struct rc_machine_desc *m; /* STEP, FAST: whose outputs */
    struct rc_msg *out;              /* NULL: outputs are checked, dropped */
    uint32_t cap;                    /* room in out */
    uint32_t n;                      /* outputs received */
    int rc;
    uint64_t value;
    int spec;                        /* index into spec[], or -1 */
    struct many *many;               /* a repetition of rc_proc_step_many */
    int begun, taken;                /* many: answer started; counted */
    uint32_t qp;                     /* 1 + index into qp_*[] of a query sent
                                        ahead (rc_proc_prefetch_queries), or 0 */
    char req[REQ_SHOWN];
    /* the text after "result=notsup" (docs/dut-protocol.md), cleaned and
     * bounded (rc_why_notsup_clean); "" when none */
    char why[RC_WHY_NOTSUP_MAX + 1];
};

/* What the handshake said. */
struct ident {
    char name[TEXT_MAX], version[TEXT_MAX];
    struct rc_profile profile;
    uint32_t machines; /* bit per machine id */
    int fast;          /* fastpath cs64_decode */
    uint32_t seen;     /* handshake keywords seen (parsing only) */
};

/* A predicted (speculative) stateless decode. */
struct spec {
    uint64_t seq;  /* its request */
    const void *src;
    struct rc_msg ev;
    struct rc_msg out[SPEC_OUTS];
    uint32_t n;
    int rc, done, overflow;
};

struct proxy_inst {
    struct rc_proc *p;
    uint64_t gen;
    uint32_t id;
    const struct rc_machine_desc *m;
    struct proxy_inst *prev, *next;
};

struct rc_proc {
    char **argv;
    unsigned timeout_ms;
    struct rc_dut dut;
    struct ident ident;

    /* the running process */
    int up;
    pid_t pid;
    int to_fd, from_fd;
    int write_closed, eof;
    uint64_t gen;
    unsigned restart_failures;
    struct rc_orphans orphans; /* processes the DUT left behind (isolate.h) */

    /* requests written but not yet sent */
    char *wbuf;
    size_t wlen, woff, wcap;
    /* answers read but not yet handled */
    char *rbuf;
    size_t rlen, rpos;

    /* outstanding requests: seq head_seq .. head_seq + qn - 1 */
    struct pend q[QCAP];
    size_t qhead, qn;
    uint64_t head_seq;
    uint64_t drop_lo, drop_hi; /* requests dropped by the last failure */

    /* handshake parsing */
    struct ident hs;
    int hs_state; /* 0 before the DUT's hello, 1 after */
    unsigned hs_banner;

    /* prediction of sweeps */
    struct spec spec[RC_PROC_PREFETCH];
    size_t spec_head, spec_n;
    const void *pred_src;
    struct rc_msg pred_last, pred_tail;
    int pred_have;
    uint64_t pred_stride;

    /* queries sent ahead with a step (rc_proc_prefetch_queries): the ones
     * that followed the previous step (qp_pat, learned from qp_cur), sent
     * for qp_inst right behind its step; answers kept in qp_rc/qp_val */
    int qp_on;
    uint32_t qp_pat_mid, qp_npat, qp_ncur;
    int qp_cur_on; /* qp_cur collects: a step came, nothing else since */
    uint32_t qp_cur_mid;
    struct rc_msg qp_pat[RC_PROC_QUERY_AHEAD], qp_cur[RC_PROC_QUERY_AHEAD];
    const struct proxy_inst *qp_inst;
    uint32_t qp_n, qp_next; /* sent ahead; the next one to look at */
    uint64_t qp_seq[RC_PROC_QUERY_AHEAD], qp_val[RC_PROC_QUERY_AHEAD];
    int qp_rc[RC_PROC_QUERY_AHEAD], qp_done[RC_PROC_QUERY_AHEAD];
    char qp_why[RC_PROC_QUERY_AHEAD][RC_WHY_NOTSUP_MAX + 1];
    /* the reason the last create, step or query the caller made was
     * answered notsup with (the proxy's why_notsup); "" when none */
    char why_last[RC_WHY_NOTSUP_MAX + 1];

    uint32_t next_id;
    struct proxy_inst *live;
    struct rc_proc_stats stats;
    char err[1024];
    uint64_t answers; /* answer lines handled (comments not counted) */
    char raw[200];  /* the start of the answer line being handled */
    size_t raw_len;
    char line[200]; /* the same, quoted for a message */

    /* the transcript (rc_proc_open_transcript; NULL: none) and the vector
     * mark waiting for the vector's first request (rc_proc_mark_vector) */
    FILE *tr;
    char mark[MARK_MAX];
    size_t mark_len;
};


/* A sentinel source for the cs64_decode fast path (no instance). */
static const char fast_src_;
#define FAST_SRC ((const void *)&fast_src_)

/* ---- small helpers -------------------------------------------------------- */

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void sleep_ms(int ms)
{
    (void)poll(NULL, 0, ms);
}

/* The queue slot of request seq: outstanding, or answered so recently that
 * no later request has reused the slot (callers read their answer right
 * after waiting, before queueing anything). */
static struct pend *pend_at(struct rc_proc *p, uint64_t seq)
{
    if (seq >= p->head_seq)
        return &p->q[(p->qhead + (size_t)(seq - p->head_seq)) % QCAP];
    return &p->q[(p->qhead + QCAP - (size_t)((p->head_seq - seq) % QCAP)) % QCAP];
}

/* ---- the transcript (rc_proc_open_transcript) ------------------------------ */

/* One line of the conversation: the direction mark ('>' riocheck to the DUT,
 * '<' the DUT to riocheck), a space and the line as it went, control bytes
 * and backslashes as \xNN so that the transcript stays one line per line. */
static void tr_line(struct rc_proc *p, char dir, const char *text, size_t len)
{
    if (p->tr == NULL)
        return;
    putc(dir, p->tr);
    putc(' ', p->tr);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c < 0x20 || c == 0x7f || c == '\\')
            fprintf(p->tr, "\\x%02x", c);
        else
            putc(c, p->tr);
    }
    putc('\n', p->tr);
}

/* riocheck's own note in the transcript: "# TEXT" (the process started, was
 * lost, ended). Flushed: a note marks a moment worth having on disk. */
static void tr_note(struct rc_proc *p, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void tr_note(struct rc_proc *p, const char *fmt, ...)
{
    if (p->tr == NULL)
        return;
    va_list ap;
    fputs("# ", p->tr);
    va_start(ap, fmt);
    vfprintf(p->tr, fmt, ap);
    va_end(ap);
    putc('\n', p->tr);
    fflush(p->tr);
}

/* ---- process management --------------------------------------------------- */

static void describe_exit(char *dst, size_t cap, int code, int status)
{
    if (code == CLD_EXITED)
        snprintf(dst, cap, "exited with status %d", status);
    else if (code == CLD_KILLED || code == CLD_DUMPED)
        snprintf(dst, cap, "was killed by signal %d (%s)", status, strsignal(status));
    else
        snprintf(dst, cap, "ended (code %d, status %d)", code, status);
}

/* Wait up to ms for the process to end without reaping it (so its pid and
 * process group id cannot be reused before we kill the group). 1 and a
 * description once it has ended, 0 if it still runs. */
static int wait_ended(struct rc_proc *p, int ms, char *desc, size_t cap)
{
    int64_t end = now_ms() + ms;
    for (;;) {
        siginfo_t si;
        memset(&si, 0, sizeof si);
        int r = waitid(P_PID, (id_t)p->pid, &si, WEXITED | WNOHANG | WNOWAIT);
        if (r == 0 && si.si_pid == p->pid) {
            describe_exit(desc, cap, si.si_code, si.si_status);
            return 1;
        }
        if (r < 0 && errno != EINTR) { /* not our child any more (SIG_IGN) */
            snprintf(desc, cap, "ended");
            return 1;
        }
        if (now_ms() >= end)
            return 0;
        sleep_ms(2);
    }
}

/* Kill the process group and reap the process; close the pipes. */
static void kill_and_reap(struct rc_proc *p)
{
    if (p->pid > 0) {
        (void)kill(-p->pid, SIGKILL);
        (void)kill(p->pid, SIGKILL); /* in case it left its process group */
        int st;
        while (waitpid(p->pid, &st, 0) < 0 && errno == EINTR)
            ;
        rc_orphans_unkeep(p->pid);
        rc_orphans_sweep(&p->orphans); /* what left the group, adopted */
    }
    if (p->to_fd >= 0)
        close(p->to_fd);
    if (p->from_fd >= 0)
        close(p->from_fd);
    p->pid = -1;
    p->to_fd = p->from_fd = -1;
    p->up = 0;
}

/* Forget every outstanding request and prediction. */
static void drop_queue(struct rc_proc *p)
{
    p->drop_lo = p->head_seq;
    p->drop_hi = p->head_seq + p->qn;
    p->head_seq += p->qn;
    p->qn = 0;
    p->qhead = 0;
    p->spec_n = 0;
    p->spec_head = 0;
    p->pred_have = 0;
    p->pred_src = NULL;
    p->qp_n = p->qp_next = 0;
    p->qp_inst = NULL;
    p->qp_cur_on = 0;
    p->wlen = p->woff = 0;
    p->rlen = p->rpos = 0;
}

/* The DUT process failed: say why (with the request it was answering),
 * kill it, and make every instance of this generation dead. */
static void lose(struct rc_proc *p, const char *prep, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static void lose(struct rc_proc *p, const char *prep, const char *fmt, ...)
{
    if (!p->up)
        return;
    char why[700];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    if (p->qn > 0)
        snprintf(p->err, sizeof p->err, "%s (%s '%s')", why, prep, p->q[p->qhead].req);
    else
        snprintf(p->err, sizeof p->err, "%s", why);
    tr_note(p, "lost: %s", p->err);
    kill_and_reap(p);
    drop_queue(p);
    p->gen++;
    p->stats.failures++;
}

/* Quote the answer line being handled (saved before it was split). */
static void quote_line(struct rc_proc *p)
{
    rc_proto_quote(p->line, sizeof p->line, p->raw, p->raw_len);
}

/* The answer line being handled is garbage. */
static void lose_garbage(struct rc_proc *p, const char *why)
{
    quote_line(p);
    lose(p, "to", "the DUT answered garbage: '%s'%s%s", p->line, why ? ": " : "",
         why ? why : "");
}

/* Move fd to 3 or above (so dup2 onto 0/1 in the child never is a no-op
 * that keeps FD_CLOEXEC) and make it close-on-exec. */
static int high_cloexec(int fd)
{
    if (fd < 3) {
        int h = fcntl(fd, F_DUPFD_CLOEXEC, 3);
        close(fd);
        return h;
    }
    if (fcntl(fd, F_SETFD, FD_CLOEXEC) < 0) {
        close(fd);
        return -1;
    }
    return fd;
}

static int spawn(struct rc_proc *p, char *err, size_t cap)
{
    int in[2] = {-1, -1}, out[2] = {-1, -1};
    if (pipe(in) != 0 || pipe(out) != 0) {
        rc_set_err(err, cap, "cannot make pipes: %s", strerror(errno));
        if (out[0] < 0) /* pipe() leaves its array unspecified on failure */
            out[1] = -1;
        if (in[0] < 0)
            in[1] = -1;
        goto fail;
    }
    for (int i = 0; i < 2; i++) {
        in[i] = high_cloexec(in[i]);
        out[i] = high_cloexec(out[i]);
    }
    if (in[0] < 0 || in[1] < 0 || out[0] < 0 || out[1] < 0) {
        rc_set_err(err, cap, "cannot set up pipes: %s", strerror(errno));
        goto fail;
    }
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t at;
    sigset_t none, dflt;
    sigemptyset(&none);
    sigemptyset(&dflt);
    sigaddset(&dflt, SIGPIPE);
    sigaddset(&dflt, SIGINT);
    sigaddset(&dflt, SIGQUIT);
    sigaddset(&dflt, SIGHUP);
    sigaddset(&dflt, SIGTERM);
    sigaddset(&dflt, SIGCHLD);
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    posix_spawnattr_init(&at);
    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK |
                                      POSIX_SPAWN_SETSIGDEF);
    posix_spawnattr_setpgroup(&at, 0);
    posix_spawnattr_setsigmask(&at, &none);
    posix_spawnattr_setsigdefault(&at, &dflt);
    pid_t pid;
    int e = posix_spawnp(&pid, p->argv[0], &fa, &at, p->argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&at);
    if (e != 0) {
        rc_set_err(err, cap, "cannot start '%s': %s", p->argv[0], strerror(e));
        goto fail;
    }
    close(in[0]);
    close(out[1]);
    (void)fcntl(in[1], F_SETFL, fcntl(in[1], F_GETFL) | O_NONBLOCK);
    (void)fcntl(out[0], F_SETFL, fcntl(out[0], F_GETFL) | O_NONBLOCK);
    (void)rc_orphans_keep(pid); /* ours: never swept */
    p->pid = pid;
    p->to_fd = in[1];
    p->from_fd = out[0];
    p->up = 1;
    p->write_closed = p->eof = 0;
    p->stats.spawns++;
    tr_note(p, "started '%s': process %ld", p->argv[0], (long)pid);
    return 0;
fail:
    for (int i = 0; i < 2; i++) {
        if (in[i] >= 0)
            close(in[i]);
        if (out[i] >= 0)
            close(out[i]);
    }
    return -1;
}

/* ---- writing ---------------------------------------------------------------- */

/* write() with SIGPIPE blocked; a SIGPIPE it raised is consumed, so a dead
 * DUT is an EPIPE here and never kills riocheck. */
static ssize_t write_nosigpipe(int fd, const char *buf, size_t n)
{
    sigset_t set, old, pending;
    sigemptyset(&set);
    sigaddset(&set, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &set, &old);
    sigemptyset(&pending);
    sigpending(&pending);
    int was_pending = sigismember(&pending, SIGPIPE);
    ssize_t w = write(fd, buf, n);
    int e = errno;
    if (w < 0 && e == EPIPE && !was_pending) {
        struct timespec zero = {0, 0};
        while (sigtimedwait(&set, NULL, &zero) < 0 && errno == EINTR)
            ;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    errno = e;
    return w;
}

/* Send what the pipe takes now. 1 if bytes went out. */
static int write_some(struct rc_proc *p)
{
    int progress = 0;
    while (p->up && !p->write_closed && p->woff < p->wlen) {
        ssize_t w = write_nosigpipe(p->to_fd, p->wbuf + p->woff, p->wlen - p->woff);
        if (w > 0) {
            p->woff += (size_t)w;
            progress = 1;
        } else if (w < 0 && errno == EINTR) {
            continue;
        } else {
            if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
                p->write_closed = 1; /* EPIPE: read what is left, then EOF */
            break;
        }
    }
    if (p->woff == p->wlen)
        p->woff = p->wlen = 0;
    return progress;
}

static int wbuf_reserve(struct rc_proc *p, size_t n)
{
    if (p->wlen + n <= p->wcap)
        return 0;
    if (p->woff > 0) {
        memmove(p->wbuf, p->wbuf + p->woff, p->wlen - p->woff);
        p->wlen -= p->woff;
        p->woff = 0;
        if (p->wlen + n <= p->wcap)
            return 0;
    }
    size_t cap = p->wcap ? p->wcap : 65536u;
    while (cap < p->wlen + n)
        cap *= 2;
    char *nb = realloc(p->wbuf, cap);
    if (nb == NULL)
        return -1;
    p->wbuf = nb;
    p->wcap = cap;
    return 0;
}

/* ---- reading and handling answers ----------------------------------------- */

static int wait_for(struct rc_proc *p, uint64_t seq);

/* Take the head request off the queue: it is answered. */
static void pop(struct rc_proc *p)
{
    struct pend *e = &p->q[p->qhead];
    if (e->spec >= 0) {
        struct spec *s = &p->spec[e->spec];
        s->done = 1;
        s->rc = e->rc;
        s->n = e->n;
        s->overflow = e->n > e->cap;
    }
    if (e->qp != 0) {
        p->qp_done[e->qp - 1] = 1;
        p->qp_rc[e->qp - 1] = e->rc;
        p->qp_val[e->qp - 1] = e->value;
        memcpy(p->qp_why[e->qp - 1], e->why, sizeof e->why);
    }
    p->qhead = (p->qhead + 1) % QCAP;
    p->qn--;
    p->head_seq++;
}

/* A notsup answer's reason: for "error result=notsup TEXT" and "done
 * result=notsup TEXT" (result=-41 alike), TEXT goes to e->why (cleaned:
 * at most RC_WHY_NOTSUP_MAX bytes, control characters '?') and the line
 * is cut after the result, so the words of TEXT are never parsed. */
static void take_notsup_why(struct pend *e, char *line)
{
    char *t = line;
    while (*t == ' ' || *t == '\t')
        t++;
    size_t w = strncmp(t, "error", 5) == 0 ? 5 : strncmp(t, "done", 4) == 0 ? 4 : 0;
    if (w == 0 || (t[w] != ' ' && t[w] != '\t'))
        return;
    t += w;
    while (*t == ' ' || *t == '\t')
        t++;
    size_t r = strncmp(t, "result=notsup", 13) == 0 ? 13 : strncmp(t, "result=-41", 10) == 0 ? 10 : 0;
    if (r == 0 || (t[r] != ' ' && t[r] != '\t'))
        return;
    rc_why_notsup_clean(e->why, sizeof e->why, t + r);
    t[r] = '\0';
}

/* "result=NAME" of a done / error line; -1 if malformed or reserved. */
static int parse_result(const char *f, int *rc)
{
    if (strcmp(f, "result=ok") == 0) {
        *rc = RC_OK;
        return 0;
    }
    if (strncmp(f, "result=", 7) != 0 || rc_proto_result(f + 7, rc) != 0 ||
        *rc == RC_DUT_LOST)
        return -1;
    return 0;
}

/* An `out` line into the head request. 0, or -1 after lose(). */
static int take_out(struct rc_proc *p, struct pend *e, const struct rc_proto_line *l)
{
    const struct rc_machine_desc *m = e->m;
    const struct rc_kind_desc *k =
        l->n >= 2 ? rc_kind_by_name(m->outputs, m->noutputs, l->f[1]) : NULL;
    if (k == NULL) {
        lose_garbage(p, "no such output");
        return -1;
    }
    uint32_t limit = e->type == P_FAST ? 1u : RC_PROC_MAX_OUTPUTS;
    if (e->n >= limit) {
        lose_garbage(p, e->type == P_FAST ? "the fast path answers one output"
                                                      : "more than 8128 outputs");
        return -1;
    }
    struct rc_msg m1;
    memset(&m1, 0, sizeof m1);
    m1.kind = k->kind;
    uint32_t seen = 0;
    for (unsigned i = 2; i < l->n; i++) {
        char *name, *value;
        int a;
        if (rc_proto_pair(l->f[i], &name, &value) != 0)
            a = -1;
        else if (i - 2 < RC_MAX_ARGS && k->args[i - 2] != NULL &&
                 strcmp(k->args[i - 2], name) == 0)
            a = (int)(i - 2); /* the usual case: table order */
        else
            a = rc_kind_arg(k, name);
        if (a < 0 || (seen & (1u << a)) || rc_proto_number(value, &m1.arg[a]) != 0) {
            lose_garbage(p, "bad argument");
            return -1;
        }
        seen |= 1u << a;
        if ((uint32_t)a + 1u > m1.nargs)
            m1.nargs = (uint32_t)a + 1u;
    }
    if (e->out != NULL) {
        if (e->n < e->cap) {
            e->out[e->n] = m1;
        } else if (e->many != NULL && e->many->each) {
            e->out = NULL; /* no room: this one and the rest are not taken */
            e->taken = 0;
            e->many->stopped = 1;
            e->many->overflow = 1;
        } else if (e->spec < 0) {
            lose(p, "to", "the DUT sent more than %u outputs (the room the runner gave)",
                 e->cap);
            return -1;
        }
    }
    e->n++;
    return 0;
}

static int hs_text(struct rc_proc *p, char *dst, const char *rest)
{
    while (*rest == ' ' || *rest == '\t')
        rest++;
    size_t n = strlen(rest);
    while (n > 0 && (rest[n - 1] == ' ' || rest[n - 1] == '\t'))
        n--;
    if (n >= TEXT_MAX) {
        lose_garbage(p, "longer than 255 bytes");
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)rest[i] < 0x20 || rest[i] == 0x7f) {
            lose_garbage(p, "a control character");
            return -1;
        }
    memcpy(dst, rest, n);
    dst[n] = '\0';
    return 0;
}

enum { HS_NAME = 1, HS_VERSION = 2, HS_REVS = 4, HS_CAPS = 8, HS_PROFILE = 16,
       HS_MACHINES = 32, HS_FAST = 64, HS_POLICY = 128 };

/* One line of the DUT's handshake. 1 when it is complete (ready). */
static int take_handshake(struct rc_proc *p, char *line)
{
    struct ident *id = &p->hs;
    if (p->hs_state == 0) {
        struct rc_proto_line l;
        if (strncmp(line, "error", 5) == 0 && (line[5] == ' ' || line[5] == '\0')) {
            quote_line(p);
            lose(p, "to", "the DUT refused the handshake: '%s'", p->line);
            return -1;
        }
        int split = rc_proto_split(&l, line);
        if (l.n < 2 || strcmp(l.f[0], "hello") != 0 || strcmp(l.f[1], RC_PROC_PROTOCOL) != 0) {
            if (++p->hs_banner > BANNER_LINES) {
                lose(p, "to", "no hello answer in the first %u lines", BANNER_LINES);
                return -1;
            }
            return 0; /* a banner line (simulators print one on stdout) */
        }
        uint64_t v;
        if (split != 0 || l.n != 3 || rc_proto_number(l.f[2], &v) != 0) {
            lose_garbage(p, "expected 'hello " RC_PROC_PROTOCOL " 1'");
            return -1;
        }
        if (v != RC_PROC_VERSION) {
            lose(p, "to", "the DUT speaks " RC_PROC_PROTOCOL " %llu; riocheck speaks "
                 RC_PROC_PROTOCOL " 1", (unsigned long long)v);
            return -1;
        }
        memset(id, 0, sizeof *id);
        p->hs_state = 1;
        return 0;
    }
    /* name and version: the rest of the line is the text */
    if (strncmp(line, "name", 4) == 0 && (line[4] == ' ' || line[4] == '\t' || !line[4])) {
        if (id->seen & HS_NAME) {
            lose_garbage(p, "name given twice");
            return -1;
        }
        id->seen |= HS_NAME;
        return hs_text(p, id->name, line + 4);
    }
    if (strncmp(line, "version", 7) == 0 &&
        (line[7] == ' ' || line[7] == '\t' || !line[7])) {
        if (id->seen & HS_VERSION) {
            lose_garbage(p, "version given twice");
            return -1;
        }
        id->seen |= HS_VERSION;
        return hs_text(p, id->version, line + 7);
    }
    struct rc_proto_line l;
    if (rc_proto_split(&l, line) != 0 || l.n == 0) {
        lose_garbage(p, "too many fields");
        return -1;
    }
    const char *kw = l.f[0];
    uint32_t bit = strcmp(kw, "revisions") == 0  ? HS_REVS
                   : strcmp(kw, "caps") == 0     ? HS_CAPS
                   : strcmp(kw, "profile") == 0  ? HS_PROFILE
                   : strcmp(kw, "machines") == 0 ? HS_MACHINES
                   : strcmp(kw, "fastpath") == 0 ? HS_FAST
                   : strcmp(kw, "policy") == 0   ? HS_POLICY : 0;
    if (strcmp(kw, "ready") == 0 && l.n == 1) {
        const char *missing = !(id->seen & HS_NAME)       ? "name"
                              : !(id->seen & HS_VERSION)  ? "version"
                              : !(id->seen & HS_MACHINES) ? "machines" : NULL;
        if (missing != NULL) {
            lose(p, "to", "the DUT's handshake has no '%s' line", missing);
            return -1;
        }
        return 1;
    }
    if (bit == 0 || (id->seen & bit)) {
        lose_garbage(p, bit ? "given twice" : "not a handshake line");
        return -1;
    }
    id->seen |= bit;
    for (unsigned i = 1; i < l.n; i++) {
        const char *f = l.f[i];
        int ok = 1;
        switch (bit) {
        case HS_REVS:
            if (strcmp(f, "p12r2") == 0)
                id->profile.p12_revs |= 1u << 2;
            else if (strcmp(f, "p12r3") == 0)
                id->profile.p12_revs |= 1u << 3;
            else if (strcmp(f, "p9r2") == 0)
                id->profile.p9_revs |= 1u << 2;
            else if (strcmp(f, "p9r3") == 0)
                id->profile.p9_revs |= 1u << 3;
            else
                ok = 0;
            break;
        case HS_CAPS: {
            uint32_t c = rc_cap_by_name(f);
            ok = c != 0;
            id->profile.caps |= c;
            break;
        }
        case HS_PROFILE: {
            char buf[64], *name, *value;
            uint64_t v = 0;
            uint32_t *dst = NULL;
            snprintf(buf, sizeof buf, "%s", f);
            if (rc_proto_pair(buf, &name, &value) == 0) {
                dst = strcmp(name, "ports") == 0           ? &id->profile.ports
                      : strcmp(name, "vcs") == 0           ? &id->profile.vcs
                      : strcmp(name, "counter_width") == 0 ? &id->profile.counter_width
                      : strcmp(name, "orphan_timeout") == 0 ? &id->profile.orphan_timeout
                      : strcmp(name, "flow_list") == 0     ? &id->profile.flow_list
                      : strcmp(name, "arb_pool") == 0      ? &id->profile.arb_pool : NULL;
            }
            ok = dst != NULL && strlen(f) < sizeof buf &&
                 rc_proto_number(value, &v) == 0 && v <= UINT32_MAX;
            if (ok)
                *dst = (uint32_t)v;
            break;
        }
        case HS_MACHINES: {
            const struct rc_machine_desc *m = rc_machine_by_name(f);
            ok = m != NULL;
            if (ok)
                id->machines |= 1u << m->id;
            break;
        }
        case HS_FAST:
            ok = strcmp(f, "cs64_decode") == 0;
            id->fast = 1;
            break;
        case HS_POLICY: {
            /* KEY=VALUE of RC_POLICIES / RC_POLICY_VALUES (ABI v2) */
            char buf[64], *name, *value;
            int idx = -1, val = -1;
            snprintf(buf, sizeof buf, "%s", f);
            if (strlen(f) < sizeof buf && rc_proto_pair(buf, &name, &value) == 0 &&
                (idx = rc_policy_by_name(name)) >= 0)
                val = rc_policy_value((unsigned)idx, value);
            ok = val > 0;
            if (ok)
                id->profile.policy[idx] = (uint8_t)val;
            break;
        }
        default:
            ok = 0;
            break;
        }
        if (!ok) {
            char q[80];
            rc_proto_quote(q, sizeof q, f, strlen(f));
            char why[120];
            snprintf(why, sizeof why, "unknown value '%s'", q);
            lose_garbage(p, why);
            return -1;
        }
    }
    return 0;
}

/* The answer to a repetition of rc_proc_step_many starts: it is taken
 * unless an earlier one stopped the run, or (like the runner's loop) fewer
 * than RC_MAX_OUTPUTS places are left for it. */
static void many_begin(struct pend *e)
{
    struct many *c = e->many;
    e->begun = 1;
    if (!c->stopped && !c->each && c->cap - c->total < RC_MAX_OUTPUTS) {
        c->stopped = 1;
        c->overflow = 1;
    }
    e->taken = !c->stopped;
    e->out = e->taken ? c->out + c->total : NULL;
    e->cap = e->taken ? c->cap - c->total : 0;
    if (e->cap > RC_PROC_MAX_OUTPUTS)
        e->cap = RC_PROC_MAX_OUTPUTS;
}

/* One answer line. 0, or -1 after lose(). */
static int take_line(struct rc_proc *p, char *line, size_t len)
{
    p->raw_len = len < sizeof p->raw ? len : sizeof p->raw;
    memcpy(p->raw, line, p->raw_len);
    if (memchr(line, '\0', len) != NULL) {
        lose_garbage(p, "a NUL byte");
        return -1;
    }
    if (len > 0 && line[len - 1] == '\r')
        line[--len] = '\0';
    const char *t = line;
    while (*t == ' ' || *t == '\t')
        t++;
    if (*t == '\0' || *t == '#')
        return 0; /* blank lines and comments */
    p->answers++;
    if (p->qn == 0) {
        lose_garbage(p, "no request is waiting for an answer");
        return -1;
    }
    struct pend *e = &p->q[p->qhead];
    if (e->type == P_HELLO) {
        int r = take_handshake(p, line);
        if (r == 1)
            pop(p);
        return r < 0 ? -1 : 0;
    }
    if (e->type == P_CREATE || e->type == P_QUERY || e->type == P_STEP || e->type == P_FAST)
        take_notsup_why(e, line);
    struct rc_proto_line l;
    if (rc_proto_split(&l, line) != 0) {
        lose_garbage(p, "too many fields");
        return -1;
    }
    const char *w = l.f[0];
    int is_error = strcmp(w, "error") == 0;
    if (is_error && (l.n < 2 || strncmp(l.f[1], "result=", 7) != 0)) {
        quote_line(p);
        lose(p, "to", "the DUT refused a request: '%s'", p->line);
        return -1;
    }
    switch (e->type) {
    case P_CREATE:
    case P_QUERY:
        if (is_error) {
            if (parse_result(l.f[1], &e->rc) != 0 || e->rc == RC_OK)
                break;
            e->value = 0;
            pop(p);
            return 0;
        }
        if (e->type == P_CREATE && strcmp(w, "ok") == 0 && l.n == 1) {
            e->rc = RC_OK;
            pop(p);
            return 0;
        }
        if (e->type == P_QUERY && strcmp(w, "value") == 0 && l.n == 2 &&
            rc_proto_number(l.f[1], &e->value) == 0) {
            e->rc = RC_OK;
            pop(p);
            return 0;
        }
        break;
    case P_STEP:
    case P_FAST:
        if (e->many != NULL && !e->begun)
            many_begin(e);
        if (strcmp(w, "out") == 0)
            return take_out(p, e, &l);
        if (strcmp(w, "done") == 0 && l.n == 2 && parse_result(l.f[1], &e->rc) == 0) {
            if (e->many != NULL && e->taken) {
                struct many *c = e->many;
                c->total += e->n;
                if (c->each) {
                    c->counts[c->done] = e->n;
                    c->rcs[c->done] = e->rc;
                }
                c->done++;
                c->rc = e->rc;
                memcpy(c->why, e->why, sizeof c->why);
                if (e->rc != c->want && !c->each)
                    c->stopped = 1;
            }
            pop(p);
            return 0;
        }
        break;
    case P_DESTROY:
        if (strcmp(w, "ok") == 0 && l.n == 1) {
            pop(p);
            return 0;
        }
        break;
    case P_BYE:
        if (strcmp(w, "bye") == 0 && l.n == 1) {
            pop(p);
            return 0;
        }
        break;
    case P_HELLO:
        break;
    }
    lose_garbage(p, NULL);
    return -1;
}

/* Handle every complete line in the read buffer. */
static int take_lines(struct rc_proc *p)
{
    while (p->up && p->rpos < p->rlen) {
        char *start = p->rbuf + p->rpos;
        size_t avail = p->rlen - p->rpos;
        char *nl = memchr(start, '\n', avail < RC_PROC_LINE_MAX ? avail : RC_PROC_LINE_MAX);
        if (nl == NULL) {
            if (avail >= RC_PROC_LINE_MAX) {
                tr_line(p, '<', start, 60);
                tr_note(p, "(the line above is the start of a line longer than 4096 bytes)");
                memcpy(p->raw, start, 60);
                p->raw_len = 60;
                lose_garbage(p, "a line longer than 4096 bytes");
                return -1;
            }
            break;
        }
        size_t len = (size_t)(nl - start);
        *nl = '\0';
        p->rpos += len + 1;
        tr_line(p, '<', start, len);
        if (take_line(p, start, len) != 0)
            return -1;
    }
    if (p->rpos == p->rlen) {
        p->rpos = p->rlen = 0;
    } else if (p->rpos > 0 && p->rlen > RBUF_CAP - RC_PROC_LINE_MAX) {
        memmove(p->rbuf, p->rbuf + p->rpos, p->rlen - p->rpos);
        p->rlen -= p->rpos;
        p->rpos = 0;
    }
    return p->up ? 0 : -1;
}

/* Read what is there. 1 if bytes came, 0 if none, -1 at end of file. */
static int read_some(struct rc_proc *p)
{
    if (p->rlen == RBUF_CAP)
        return 0; /* cannot happen: take_lines keeps room for a line */
    for (;;) {
        ssize_t r = read(p->from_fd, p->rbuf + p->rlen, RBUF_CAP - p->rlen);
        if (r > 0) {
            p->rlen += (size_t)r;
            return 1;
        }
        if (r == 0)
            return -1;
        if (errno == EINTR)
            continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK)
            return 0;
        return -1; /* a read error is the end of the conversation too */
    }
}

static void lose_eof(struct rc_proc *p)
{
    char desc[160];
    if (!wait_ended(p, EXIT_GRACE_MS, desc, sizeof desc))
        snprintf(desc, sizeof desc, "closed its output");
    lose(p, "during", "the DUT process %s", desc);
}

/* Write requests and handle answers until request seq is answered.
 * 0, or -1 when the process was lost (p->err says why). */
static int wait_for(struct rc_proc *p, uint64_t seq)
{
    if (seq >= p->drop_lo && seq < p->drop_hi)
        return -1;
    if (p->head_seq > seq)
        return 0;
    p->stats.waits++;
    /* the deadline moves with progress: an answer line (not a comment: a
     * DUT printing only comments forever is hung) or bytes written */
    int64_t last = now_ms();
    uint64_t answers = p->answers;
    while (p->up && p->head_seq <= seq) {
        if (take_lines(p) != 0)
            break; /* lost: maybe after our answer, see below */
        if (p->answers != answers) {
            answers = p->answers;
            last = now_ms();
        }
        if (p->head_seq > seq)
            break;
        if (p->eof) {
            lose_eof(p);
            return -1;
        }
        if (write_some(p))
            last = now_ms();
        struct pollfd f[2];
        nfds_t nf = 1;
        f[0].fd = p->from_fd;
        f[0].events = POLLIN;
        f[0].revents = 0;
        if (p->woff < p->wlen && !p->write_closed) {
            f[1].fd = p->to_fd;
            f[1].events = POLLOUT;
            f[1].revents = 0;
            nf = 2;
        }
        int wait = EXIT_POLL_MS;
        if (p->timeout_ms > 0) {
            int64_t left = last + (int64_t)p->timeout_ms - now_ms();
            if (left <= 0) {
                lose(p, "to", "the DUT did not answer within %u ms", p->timeout_ms);
                return -1;
            }
            wait = left > EXIT_POLL_MS ? EXIT_POLL_MS : (int)left;
        }
        int k = poll(f, nf, wait);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            lose(p, "to", "poll: %s", strerror(errno));
            return -1;
        }
        if (k == 0) {
            /* nothing to read: has the process ended while something else
             * (a process it started) keeps its output open? Then what it
             * wrote is read, and it is the end of its output. */
            char desc[160];
            if (wait_ended(p, 0, desc, sizeof desc) && read_some(p) <= 0)
                p->eof = 1;
            continue; /* the deadline is checked at the top */
        }
        if (nf == 2 && f[1].revents != 0 && write_some(p))
            last = now_ms();
        if (f[0].revents != 0 && read_some(p) < 0)
            p->eof = 1;
    }
    /* answered, unless a failure dropped it (a failure after its answer,
     * on a later line of the same read, does not take the answer back) */
    return seq >= p->drop_lo && seq < p->drop_hi ? -1 : 0;
}

/* Queue a request (text without newline). Returns its sequence number, or
 * UINT64_MAX when the process was lost while making room. */
static uint64_t enqueue(struct rc_proc *p, enum pend_type type, const char *text,
                        size_t len)
{
    if (p->qn == QCAP && wait_for(p, p->head_seq) != 0)
        return UINT64_MAX;
    if (!p->up)
        return UINT64_MAX;
    if (p->mark_len > 0 && type != P_HELLO && type != P_BYE) {
        /* the vector's first request: its mark goes just before it (a
         * comment: no answer, nothing queued) */
        if (wbuf_reserve(p, p->mark_len + 1) != 0) {
            lose(p, "to", "out of memory for requests");
            return UINT64_MAX;
        }
        memcpy(p->wbuf + p->wlen, p->mark, p->mark_len);
        p->wbuf[p->wlen + p->mark_len] = '\n';
        p->wlen += p->mark_len + 1;
        tr_line(p, '>', p->mark, p->mark_len);
        p->mark_len = 0;
    }
    if (wbuf_reserve(p, len + 1) != 0) {
        lose(p, "to", "out of memory for requests");
        return UINT64_MAX;
    }
    memcpy(p->wbuf + p->wlen, text, len);
    p->wbuf[p->wlen + len] = '\n';
    p->wlen += len + 1;
    tr_line(p, '>', text, len);
    uint64_t seq = p->head_seq + p->qn;
    struct pend *e = &p->q[(p->qhead + p->qn) % QCAP];
    p->qn++;
    memset(e, 0, offsetof(struct pend, req));
    e->why[0] = '\0';
    e->type = type;
    e->spec = -1;
    size_t shown = len < REQ_SHOWN - 1 ? len : REQ_SHOWN - 1;
    memcpy(e->req, text, shown);
    e->req[shown] = '\0';
    p->stats.requests++;
    return seq;
}

/* ---- handshake and restart ------------------------------------------------ */

static int handshake(struct rc_proc *p)
{
    static const char hello[] = "hello " RC_PROC_PROTOCOL " 1";
    p->hs_state = 0;
    p->hs_banner = 0;
    memset(&p->hs, 0, sizeof p->hs);
    /* a simulator may elaborate for a while before it can answer */
    unsigned timeout = p->timeout_ms;
    if (timeout > 0)
        p->timeout_ms = timeout > UINT32_MAX / RC_PROC_HANDSHAKE_FACTOR
                            ? UINT32_MAX : timeout * RC_PROC_HANDSHAKE_FACTOR;
    uint64_t seq = enqueue(p, P_HELLO, hello, sizeof hello - 1);
    int rc = seq == UINT64_MAX || wait_for(p, seq) != 0 ? -1 : 0;
    p->timeout_ms = timeout;
    return rc;
}

static int same_ident(const struct ident *a, const struct ident *b)
{
    return strcmp(a->name, b->name) == 0 && strcmp(a->version, b->version) == 0 &&
           memcmp(&a->profile, &b->profile, sizeof a->profile) == 0 &&
           a->machines == b->machines && a->fast == b->fast;
}

/* Start the process again after a failure. 0, or -1 (p->err says why). */
static int restart(struct rc_proc *p)
{
    char why[600];
    if (p->restart_failures >= RC_PROC_MAX_RESTARTS)
        return -1; /* p->err still holds the last reason */
    int failed = 0;
    if (spawn(p, why, sizeof why) != 0) {
        failed = 1;
    } else if (handshake(p) != 0) {
        snprintf(why, sizeof why, "%.590s", p->err);
        failed = 1;
    } else if (!same_ident(&p->hs, &p->ident)) {
        snprintf(why, sizeof why, "it now describes itself differently ('%.100s' '%.100s', "
                 "was '%.100s' '%.100s')", p->hs.name, p->hs.version, p->ident.name,
                 p->ident.version);
        kill_and_reap(p);
        drop_queue(p);
        p->gen++;
        failed = 1;
    }
    if (!failed) {
        p->restart_failures = 0;
        return 0;
    }
    p->restart_failures++;
    snprintf(p->err, sizeof p->err, "restarting the DUT: %s%s", why,
             p->restart_failures == RC_PROC_MAX_RESTARTS
                 ? " (giving up: no more restarts in this run)" : "");
    return -1;
}

/* ---- requests --------------------------------------------------------------- */

/* "VERB ID KIND a=v ..." for a step or query of an instance. */
static void format_msg(struct rc_proto_buf *b, const char *verb, uint32_t id,
                       const struct rc_kind_desc *k, const struct rc_msg *m)
{
    rc_proto_add(b, verb);
    rc_proto_add(b, " ");
    rc_proto_add_u64(b, id);
    rc_proto_add(b, " ");
    rc_proto_add(b, k->name);
    for (uint32_t a = 0; a < m->nargs; a++) {
        rc_proto_add(b, " ");
        rc_proto_add(b, k->args[a]);
        rc_proto_add(b, "=");
        rc_proto_add_u64(b, m->arg[a]);
    }
}

static int same_msg(const struct rc_msg *a, const struct rc_msg *b)
{
    if (a->kind != b->kind || a->nargs != b->nargs)
        return 0;
    for (uint32_t i = 0; i < a->nargs && i < RC_MAX_ARGS; i++)
        if (a->arg[i] != b->arg[i])
            return 0;
    return 1;
}

/* Drop the predictions (their answers will be read and thrown away). */
static void drop_specs(struct rc_proc *p)
{
    for (size_t i = 0; i < p->spec_n; i++) {
        struct spec *s = &p->spec[(p->spec_head + i) % RC_PROC_PREFETCH];
        if (!s->done && s->seq >= p->head_seq && s->seq < p->head_seq + p->qn) {
            struct pend *e = pend_at(p, s->seq);
            e->out = NULL;
            e->spec = -1;
        }
    }
    p->spec_n = 0;
    p->spec_head = 0;
}

/* ---- queries sent ahead (rc_proc_prefetch_queries) ------------------------
 * A caller that queries the same state after every event (the differential
 * fuzz target) would pay a round trip per query. The queries that followed
 * the previous step are sent again right behind the next step on the same
 * machine; a query the caller then makes is answered from the first
 * matching one not yet taken (those skipped are simply not used: a query
 * changes nothing), any other goes out as usual. Everything sent ahead and
 * not taken is dropped (its answer read and thrown away) at the next step,
 * create, destroy or step_many: from then on the state may differ. */

/* Stop using the queries sent ahead; learning goes on unless forget. */
static void qp_drop(struct rc_proc *p, int forget)
{
    for (uint32_t i = 0; i < p->qp_n; i++) {
        uint64_t seq = p->qp_seq[i];
        if (!p->qp_done[i] && seq >= p->head_seq && seq < p->head_seq + p->qn)
            pend_at(p, seq)->qp = 0;
    }
    p->qp_n = p->qp_next = 0;
    p->qp_inst = NULL;
    if (forget)
        p->qp_cur_on = 0;
}

/* A step on pi was just queued: what followed the previous step becomes
 * the pattern (unless nothing did: a caller that queries every Nth step
 * keeps its pattern), and the pattern's queries go out for pi. */
static void qp_after_step(struct rc_proc *p, const struct proxy_inst *pi)
{
    qp_drop(p, 0);
    if (!p->qp_on)
        return;
    if (p->qp_cur_on && p->qp_ncur > 0) {
        p->qp_pat_mid = p->qp_cur_mid;
        p->qp_npat = p->qp_ncur;
        memcpy(p->qp_pat, p->qp_cur, p->qp_ncur * sizeof p->qp_cur[0]);
    }
    p->qp_cur_on = 1;
    p->qp_cur_mid = pi->m->id;
    p->qp_ncur = 0;
    if (p->qp_pat_mid != pi->m->id)
        return;
    for (uint32_t i = 0; i < p->qp_npat && p->up; i++) {
        const struct rc_msg *q = &p->qp_pat[i];
        const struct rc_kind_desc *k = rc_kind_by_id(pi->m->queries, pi->m->nqueries, q->kind);
        if (k == NULL)
            break; /* cannot happen: only valid queries are learned */
        char text[RC_PROC_LINE_MAX];
        struct rc_proto_buf b;
        rc_proto_buf_init(&b, text, sizeof text);
        format_msg(&b, "query", pi->id, k, q);
        uint64_t seq = enqueue(p, P_QUERY, text, b.len);
        if (seq == UINT64_MAX)
            return;
        uint32_t j = p->qp_n++;
        p->qp_seq[j] = seq;
        p->qp_done[j] = 0;
        pend_at(p, seq)->qp = j + 1u;
        p->qp_inst = pi;
        p->stats.qprefetched++;
    }
}

/* The caller's query q on pi: learned, and answered from a query sent ahead
 * when one matches (1: *rc and *value set), else 0. */
static int qp_take(struct rc_proc *p, const struct proxy_inst *pi, const struct rc_msg *q,
                   int *rc, uint64_t *value)
{
    if (!p->qp_on)
        return 0;
    if (p->qp_cur_on && p->qp_cur_mid == pi->m->id && p->qp_ncur < RC_PROC_QUERY_AHEAD)
        p->qp_cur[p->qp_ncur++] = *q;
    if (p->qp_inst != pi)
        return 0;
    for (uint32_t i = p->qp_next; i < p->qp_n; i++) {
        if (!same_msg(&p->qp_pat[i], q))
            continue;
        if (wait_for(p, p->qp_seq[i]) != 0) {
            *rc = RC_DUT_LOST;
            *value = 0;
            return 1;
        }
        if (!p->qp_done[i])
            return 0; /* cannot happen: answered means taken by pop */
        p->qp_next = i + 1u;
        *rc = p->qp_rc[i];
        memcpy(p->why_last, p->qp_why[i], sizeof p->why_last);
        *value = *rc == RC_OK ? p->qp_val[i] : 0;
        p->stats.qhits++;
        return 1;
    }
    return 0;
}

/* The next value of a sweep after e (the runner's loops in run.c: every
 * stride-th value, then the next group width from 0). 0 if there is none. */
static int successor(const struct rc_msg *e, uint64_t stride, struct rc_msg *next)
{
    *next = *e;
    if (e->kind == RC_CODEC_EV_CS64_DECODE && e->nargs == 2) {
        next->arg[1] = e->arg[1] + stride;
        if (next->arg[1] >= (1u << 24)) {
            next->arg[0] = e->arg[0] + 1;
            next->arg[1] = 0;
        }
        return next->arg[0] <= 6;
    }
    if (e->kind == RC_CODEC_EV_STYPE2_DECODE && e->nargs == 3) {
        next->arg[2] = e->arg[2] + stride;
        if (next->arg[2] >= (1u << 14)) {
            if (e->arg[0] != 3)
                return 0;
            next->arg[1] = e->arg[1] + 1;
            next->arg[2] = 0;
        }
        return next->arg[1] <= 6;
    }
    return 0;
}

/* The request text of a decode for source src (an instance or the fast
 * path). */
static void format_decode(struct rc_proto_buf *b, const void *src, const struct rc_msg *ev)
{
    if (src == FAST_SRC) {
        rc_proto_add(b, "fastpath cs64_decode width=");
        rc_proto_add_u64(b, ev->arg[0]);
        rc_proto_add(b, " param=");
        rc_proto_add_u64(b, ev->arg[1]);
    } else {
        const struct proxy_inst *pi = src;
        const struct rc_kind_desc *k =
            rc_kind_by_id(pi->m->events, pi->m->nevents, ev->kind);
        format_msg(b, "step", pi->id, k, ev);
    }
}

/* Keep RC_PROC_PREFETCH predicted decodes in flight. */
static void refill(struct rc_proc *p)
{
    const struct rc_machine_desc *codec = rc_machine_by_id(RC_M_CODEC);
    while (p->up && p->pred_have && p->pred_stride > 0 && p->spec_n < RC_PROC_PREFETCH) {
        struct rc_msg next;
        if (!successor(&p->pred_tail, p->pred_stride, &next)) {
            p->pred_stride = 0;
            break;
        }
        char text[256];
        struct rc_proto_buf b;
        rc_proto_buf_init(&b, text, sizeof text);
        format_decode(&b, p->pred_src, &next);
        uint64_t seq = enqueue(p, p->pred_src == FAST_SRC ? P_FAST : P_STEP, text, b.len);
        if (seq == UINT64_MAX)
            return;
        size_t si = (p->spec_head + p->spec_n) % RC_PROC_PREFETCH;
        struct spec *s = &p->spec[si];
        p->spec_n++;
        s->seq = seq;
        s->src = p->pred_src;
        s->ev = next;
        s->done = 0;
        s->n = 0;
        struct pend *e = pend_at(p, seq);
        e->m = codec;
        e->out = s->out;
        e->cap = SPEC_OUTS;
        e->spec = (int)si;
        p->pred_tail = next;
        p->stats.prefetched++;
    }
    /* keep the DUT busy while the caller uses the answers it has */
    if (p->wlen - p->woff >= 1024)
        (void)write_some(p);
}

/* Learn from a decode the caller asked for: two in a row with one argument
 * growing is a sweep with that stride. */
static void learn(struct rc_proc *p, const void *src, const struct rc_msg *ev)
{
    uint64_t stride = 0;
    if (p->pred_have && p->pred_src == src && p->pred_last.kind == ev->kind &&
        p->pred_last.nargs == ev->nargs) {
        const struct rc_msg *l = &p->pred_last;
        if (ev->kind == RC_CODEC_EV_CS64_DECODE && ev->nargs == 2 &&
            ev->arg[0] == l->arg[0] && ev->arg[1] > l->arg[1])
            stride = ev->arg[1] - l->arg[1];
        if (ev->kind == RC_CODEC_EV_STYPE2_DECODE && ev->nargs == 3 &&
            ev->arg[0] == l->arg[0] && ev->arg[1] == l->arg[1] && ev->arg[2] > l->arg[2])
            stride = ev->arg[2] - l->arg[2];
    }
    p->pred_src = src;
    p->pred_last = *ev;
    p->pred_tail = *ev;
    p->pred_have = 1;
    p->pred_stride = stride;
    refill(p);
}

static int is_sweep_event(const struct rc_msg *ev)
{
    return (ev->kind == RC_CODEC_EV_CS64_DECODE && ev->nargs == 2) ||
           (ev->kind == RC_CODEC_EV_STYPE2_DECODE && ev->nargs == 3);
}

/* A decode, answered from a prediction when it matches the oldest one. */
static int decode_call(struct rc_proc *p, const void *src, const struct rc_msg *ev,
                       struct rc_msg *out, uint32_t cap, uint32_t *n)
{
    if (p->spec_n > 0) {
        struct spec *s = &p->spec[p->spec_head];
        if (s->src == src && same_msg(&s->ev, ev)) {
            if (wait_for(p, s->seq) != 0)
                return RC_DUT_LOST;
            if (s->done && !s->overflow && s->n <= cap) {
                memcpy(out, s->out, s->n * sizeof *out);
                *n = s->n;
                int rc = s->rc;
                p->spec_head = (p->spec_head + 1) % RC_PROC_PREFETCH;
                p->spec_n--;
                p->stats.hits++;
                p->why_last[0] = '\0';
                p->pred_last = *ev;
                refill(p);
                return rc;
            }
        }
        drop_specs(p);
    }
    char text[512];
    struct rc_proto_buf b;
    rc_proto_buf_init(&b, text, sizeof text);
    format_decode(&b, src, ev);
    uint64_t seq = enqueue(p, src == FAST_SRC ? P_FAST : P_STEP, text, b.len);
    if (seq == UINT64_MAX)
        return RC_DUT_LOST;
    struct pend *e = pend_at(p, seq);
    e->m = rc_machine_by_id(RC_M_CODEC);
    e->out = out;
    e->cap = cap;
    if (wait_for(p, seq) != 0)
        return RC_DUT_LOST;
    e = pend_at(p, seq); /* answered: the slot keeps the answer */
    *n = e->n;
    int rc = e->rc;
    memcpy(p->why_last, e->why, sizeof p->why_last);
    learn(p, src, ev);
    return rc;
}

/* ---- the proxy machine ops ------------------------------------------------ */

static int proxy_create(struct rc_proc *p, uint32_t mid, void **inst,
                        const struct rc_config *cfg)
{
    if (inst == NULL)
        return RC_INVAL;
    *inst = NULL;
    if (p == NULL || cfg == NULL || cfg->n > RC_MAX_CONFIG)
        return RC_INVAL;
    const struct rc_machine_desc *m = rc_machine_by_id(mid);
    char text[RC_PROC_LINE_MAX];
    struct rc_proto_buf b;
    rc_proto_buf_init(&b, text, sizeof text);
    rc_proto_add(&b, "create ");
    uint32_t id = p->next_id;
    rc_proto_add_u64(&b, id);
    rc_proto_add(&b, " ");
    rc_proto_add(&b, m->name);
    for (uint32_t i = 0; i < cfg->n; i++) {
        const struct rc_cfg_desc *c = NULL;
        for (size_t k = 0; k < m->nconfig && c == NULL; k++)
            if (m->config[k].key == cfg->kv[i].key && cfg->kv[i].key != 0)
                c = &m->config[k];
        if (c == NULL)
            return RC_INVAL; /* a key with no name cannot be sent */
        rc_proto_add(&b, " ");
        rc_proto_add(&b, c->name);
        rc_proto_add(&b, "=");
        rc_proto_add_u64(&b, cfg->kv[i].value);
    }
    qp_drop(p, 1);
    if (!p->up && restart(p) != 0)
        return RC_DUT_LOST;
    struct proxy_inst *pi = calloc(1, sizeof *pi);
    if (pi == NULL)
        return RC_FULL;
    p->next_id = p->next_id == UINT32_MAX ? 1u : p->next_id + 1u;
    uint64_t seq = enqueue(p, P_CREATE, text, b.len);
    if (seq == UINT64_MAX || wait_for(p, seq) != 0) {
        free(pi);
        return RC_DUT_LOST;
    }
    int rc = pend_at(p, seq)->rc;
    memcpy(p->why_last, pend_at(p, seq)->why, sizeof p->why_last);
    if (rc != RC_OK) {
        free(pi);
        return rc;
    }
    pi->p = p;
    pi->gen = p->gen;
    pi->id = id;
    pi->m = m;
    pi->next = p->live;
    if (p->live)
        p->live->prev = pi;
    p->live = pi;
    *inst = pi;
    return RC_OK;
}

static void unlink_inst(struct rc_proc *p, struct proxy_inst *pi)
{
    if (pi->prev)
        pi->prev->next = pi->next;
    else
        p->live = pi->next;
    if (pi->next)
        pi->next->prev = pi->prev;
}

static void proxy_destroy(void *inst)
{
    struct proxy_inst *pi = inst;
    if (pi == NULL)
        return;
    struct rc_proc *p = pi->p;
    if (pi->gen == p->gen && p->up) {
        if (p->pred_src == pi) {
            drop_specs(p);
            p->pred_have = 0;
            p->pred_src = NULL;
        }
        qp_drop(p, 1);
        char text[64];
        struct rc_proto_buf b;
        rc_proto_buf_init(&b, text, sizeof text);
        rc_proto_add(&b, "destroy ");
        rc_proto_add_u64(&b, pi->id);
        if (enqueue(p, P_DESTROY, text, b.len) != UINT64_MAX)
            (void)write_some(p); /* its `ok` is checked later */
    }
    unlink_inst(p, pi);
    free(pi);
}

static int proxy_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                      uint32_t cap, uint32_t *n)
{
    struct proxy_inst *pi = inst;
    if (n != NULL)
        *n = 0;
    if (pi == NULL || ev == NULL || out == NULL || n == NULL)
        return RC_INVAL;
    struct rc_proc *p = pi->p;
    if (pi->gen != p->gen || !p->up)
        return RC_DUT_LOST;
    const struct rc_kind_desc *k = rc_kind_by_id(pi->m->events, pi->m->nevents, ev->kind);
    if (k == NULL || ev->nargs != rc_kind_nargs(k) || cap < RC_MAX_OUTPUTS)
        return RC_INVAL;
    if (cap > RC_PROC_MAX_OUTPUTS)
        cap = RC_PROC_MAX_OUTPUTS;
    if (pi->m->id == RC_M_CODEC && is_sweep_event(ev)) {
        qp_drop(p, 1);
        return decode_call(p, pi, ev, out, cap, n);
    }
    if (p->spec_n > 0)
        drop_specs(p);
    char text[RC_PROC_LINE_MAX];
    struct rc_proto_buf b;
    rc_proto_buf_init(&b, text, sizeof text);
    format_msg(&b, "step", pi->id, k, ev);
    uint64_t seq = enqueue(p, P_STEP, text, b.len);
    if (seq == UINT64_MAX)
        return RC_DUT_LOST;
    struct pend *e = pend_at(p, seq);
    e->m = pi->m;
    e->out = out;
    e->cap = cap;
    qp_after_step(p, pi);
    if (wait_for(p, seq) != 0)
        return RC_DUT_LOST;
    e = pend_at(p, seq);
    *n = e->n;
    memcpy(p->why_last, e->why, sizeof p->why_last);
    return e->rc;
}

static int proxy_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    struct proxy_inst *pi = inst;
    if (value != NULL)
        *value = 0;
    if (pi == NULL || q == NULL || value == NULL)
        return RC_INVAL;
    struct rc_proc *p = pi->p;
    if (pi->gen != p->gen || !p->up)
        return RC_DUT_LOST;
    const struct rc_kind_desc *k = rc_kind_by_id(pi->m->queries, pi->m->nqueries, q->kind);
    if (k == NULL || q->nargs != rc_kind_nargs(k))
        return RC_INVAL;
    int qrc;
    if (qp_take(p, pi, q, &qrc, value))
        return qrc;
    char text[RC_PROC_LINE_MAX];
    struct rc_proto_buf b;
    rc_proto_buf_init(&b, text, sizeof text);
    format_msg(&b, "query", pi->id, k, q);
    uint64_t seq = enqueue(p, P_QUERY, text, b.len);
    if (seq == UINT64_MAX || wait_for(p, seq) != 0)
        return RC_DUT_LOST;
    struct pend *e = pend_at(p, seq);
    *value = e->rc == RC_OK ? e->value : 0;
    memcpy(p->why_last, e->why, sizeof p->why_last);
    return e->rc;
}

static int proxy_fast(void *ctx, uint32_t width, uint32_t param, struct rc_msg *out)
{
    struct rc_proc *p = ctx;
    if (out == NULL)
        return RC_INVAL;
    memset(out, 0, sizeof *out);
    if (p == NULL || !p->ident.fast)
        return RC_INVAL;
    qp_drop(p, 1);
    if (!p->up && restart(p) != 0)
        return RC_DUT_LOST;
    struct rc_msg ev;
    memset(&ev, 0, sizeof ev);
    ev.kind = RC_CODEC_EV_CS64_DECODE;
    ev.nargs = 2;
    ev.arg[0] = width;
    ev.arg[1] = param;
    uint32_t n = 0;
    int rc = decode_call(p, FAST_SRC, &ev, out, 1, &n);
    if (rc == RC_DUT_LOST)
        memset(out, 0, sizeof *out);
    return rc;
}

/* One create per machine: the ABI's create says which machine by being
 * that machine's. */
#define CREATE_FN_(name, id, text)                                             \
    static int proxy_create_##name(void *ctx, void **inst, const struct rc_config *cfg) \
    {                                                                          \
        return proxy_create(ctx, RC_M_##name, inst, cfg);                      \
    }
RC_MACHINES(CREATE_FN_)
#undef CREATE_FN_

typedef int (*create_fn)(void *, void **, const struct rc_config *);
static const create_fn proxy_creates[RC_MACHINE_COUNT] = {
#define CREATE_ROW_(name, id, text) [RC_M_##name] = proxy_create_##name,
    RC_MACHINES(CREATE_ROW_)
#undef CREATE_ROW_
};

static int proxy_step_many(void *ctx, void *inst, const struct rc_msg *ev, uint64_t times,
                           int want, struct rc_msg *out, uint32_t cap, struct rc_many *res)
{
    return rc_proc_step_many(ctx, inst, ev, times, want, out, cap, res);
}

static const char *proxy_why_lost(void *ctx)
{
    return rc_proc_last_error(ctx);
}

/* The runner reads it only when the handshake declared why_notsup. */
static const char *proxy_why_notsup(void *ctx)
{
    const struct rc_proc *p = ctx;
    return p != NULL && p->why_last[0] != '\0' ? p->why_last : NULL;
}

/* ---- public API ------------------------------------------------------------ */

static void build_dut(struct rc_proc *p)
{
    struct rc_dut *d = &p->dut;
    memset(d, 0, sizeof *d);
    d->abi_version = RC_DUT_ABI_VERSION;
    d->name = p->ident.name;
    d->version = p->ident.version;
    d->profile = p->ident.profile;
    for (uint32_t m = 0; m < RC_MACHINE_COUNT; m++)
        if (p->ident.machines & (1u << m)) {
            d->machine[m].create = proxy_creates[m];
            d->machine[m].destroy = proxy_destroy;
            d->machine[m].step = proxy_step;
            d->machine[m].query = proxy_query;
        }
    if (p->ident.fast)
        d->cs64_decode = proxy_fast;
    d->ctx = p;
    d->step_many = proxy_step_many;
    d->why_lost = proxy_why_lost;
    d->why_notsup = proxy_why_notsup;
}

static void free_proc(struct rc_proc *p)
{
    while (p->live) {
        struct proxy_inst *pi = p->live;
        unlink_inst(p, pi);
        free(pi);
    }
    free(p->argv);
    free(p->wbuf);
    free(p->rbuf);
    rc_orphans_end(&p->orphans);
    free(p);
}

int rc_proc_open(struct rc_proc **pp, char *const argv[], unsigned timeout_ms, char *err,
                 size_t cap)
{
    return rc_proc_open_transcript(pp, argv, timeout_ms, NULL, err, cap);
}

int rc_proc_open_transcript(struct rc_proc **pp, char *const argv[], unsigned timeout_ms,
                            FILE *transcript, char *err, size_t cap)
{
    rc_set_err(err, cap, "%s", "");
    if (pp == NULL || argv == NULL || argv[0] == NULL || argv[0][0] == '\0') {
        if (pp)
            *pp = NULL;
        rc_set_err(err, cap, "no DUT command given");
        return -1;
    }
    *pp = NULL;
    struct rc_proc *p = calloc(1, sizeof *p);
    if (p == NULL) {
        rc_set_err(err, cap, "out of memory");
        return -1;
    }
    p->pid = -1;
    p->to_fd = p->from_fd = -1;
    p->timeout_ms = timeout_ms;
    p->next_id = 1;
    p->tr = transcript;
    rc_orphans_begin(&p->orphans); /* a subreaper while the client is open */
    /* one block: the pointer array, then the strings */
    size_t argc = 0, bytes = 0;
    while (argv[argc] != NULL) {
        bytes += strlen(argv[argc]) + 1;
        argc++;
    }
    p->argv = malloc((argc + 1) * sizeof *p->argv + bytes);
    p->rbuf = malloc(RBUF_CAP);
    if (p->argv == NULL || p->rbuf == NULL) {
        free_proc(p);
        rc_set_err(err, cap, "out of memory");
        return -1;
    }
    char *s = (char *)(p->argv + argc + 1);
    for (size_t i = 0; i < argc; i++) {
        size_t n = strlen(argv[i]) + 1;
        memcpy(s, argv[i], n);
        p->argv[i] = s;
        s += n;
    }
    p->argv[argc] = NULL;
    if (spawn(p, err, cap) != 0) {
        free_proc(p);
        return -1;
    }
    if (handshake(p) != 0) {
        rc_set_err(err, cap, "%s", p->err);
        free_proc(p); /* lose() has killed and reaped it */
        return -1;
    }
    p->ident = p->hs;
    build_dut(p);
    *pp = p;
    return 0;
}

const struct rc_dut *rc_proc_dut(struct rc_proc *p)
{
    return p ? &p->dut : NULL;
}

void rc_proc_close(struct rc_proc *p)
{
    if (p == NULL)
        return;
    if (p->up) {
        unsigned t = p->timeout_ms == 0 || p->timeout_ms > RC_PROC_CLOSE_MS
                         ? RC_PROC_CLOSE_MS : p->timeout_ms;
        p->timeout_ms = t;
        drop_specs(p);
        uint64_t seq = enqueue(p, P_BYE, "bye", 3);
        if (seq != UINT64_MAX)
            (void)wait_for(p, seq);
        if (p->up) {
            char desc[160];
            close(p->to_fd);
            p->to_fd = -1;
            (void)wait_ended(p, (int)t, desc, sizeof desc);
            kill_and_reap(p);
        }
    }
    tr_note(p, "the end of the run");
    free_proc(p);
}

void rc_proc_mark_vector(struct rc_proc *p, const char *id, const char *file, unsigned line)
{
    if (p == NULL || id == NULL || file == NULL)
        return;
    /* one line, at most MARK_MAX - 1 bytes, fields split at blanks: blanks
     * and control bytes of the names become '?' */
    int w = snprintf(p->mark, sizeof p->mark, "# vector %.400s %.400s:%u", id, file, line);
    size_t n = w < 0 ? 0 : (size_t)w < sizeof p->mark ? (size_t)w : sizeof p->mark - 1;
    for (size_t i = 9; i < n; i++) {
        unsigned char c = (unsigned char)p->mark[i];
        if (c <= 0x20 || c == 0x7f)
            p->mark[i] = '?';
    }
    /* the blank between the id and the file stays one */
    size_t idlen = strlen(id) < 400 ? strlen(id) : 400;
    if (9 + idlen < n)
        p->mark[9 + idlen] = ' ';
    p->mark_len = n;
}

struct rc_proc *rc_proc_of(const struct rc_dut *dut)
{
    /* the proxy's why_lost is this file's: its ctx is then its client */
    return dut != NULL && dut->why_lost == proxy_why_lost ? dut->ctx : NULL;
}

#define MANY_WINDOW 256u /* repetitions in flight */

int rc_proc_step_many(struct rc_proc *p, void *inst, const struct rc_msg *ev, uint64_t times,
                      int want, struct rc_msg *out, uint32_t cap, struct rc_many *res)
{
    struct proxy_inst *pi = inst;
    if (res != NULL)
        memset(res, 0, sizeof *res);
    if (p == NULL || pi == NULL || pi->p != p || ev == NULL || out == NULL ||
        res == NULL || times == 0)
        return RC_INVAL;
    if (pi->gen != p->gen || !p->up)
        return res->rc = RC_DUT_LOST;
    const struct rc_kind_desc *k = rc_kind_by_id(pi->m->events, pi->m->nevents, ev->kind);
    if (k == NULL || ev->nargs != rc_kind_nargs(k) || cap < RC_MAX_OUTPUTS)
        return res->rc = RC_INVAL;
    qp_drop(p, 1);
    if (p->spec_n > 0)
        drop_specs(p);
    char text[RC_PROC_LINE_MAX];
    struct rc_proto_buf b;
    rc_proto_buf_init(&b, text, sizeof text);
    format_msg(&b, "step", pi->id, k, ev);
    struct many c = {out, cap, 0, want, RC_OK, 0, 0, 0, 0, NULL, NULL, ""};
    uint64_t sent = 0, first = 0, last = 0;
    int lost = 0;
    while (!c.stopped && c.done < times) {
        while (sent < times && sent - c.done < MANY_WINDOW) {
            uint64_t seq = enqueue(p, P_STEP, text, b.len);
            if (seq == UINT64_MAX) {
                lost = 1;
                break;
            }
            if (sent == 0)
                first = seq;
            last = seq;
            struct pend *e = pend_at(p, seq);
            e->m = pi->m;
            e->many = &c;
            sent++;
        }
        /* wait for half a window (wait_for takes every answer that is
         * there, so a fast DUT costs few wake-ups) */
        uint64_t target = c.done + MANY_WINDOW / 2 < sent ? c.done + MANY_WINDOW / 2 : sent - 1;
        if (lost || wait_for(p, first + target) != 0) {
            lost = 1;
            break;
        }
    }
    /* the rest are answered and dropped (the runner would not have sent
     * them: the vector is decided); no answer may outlive c */
    if (!lost && sent > 0 && wait_for(p, last) != 0 && !c.stopped)
        lost = 1;
    res->done = c.done;
    res->n = c.total;
    res->overflow = c.overflow;
    memcpy(p->why_last, c.why, sizeof p->why_last);
    res->rc = lost && !c.stopped && c.done < times ? RC_DUT_LOST : c.rc;
    return res->rc;
}

int rc_proc_sync(struct rc_proc *p)
{
    if (p == NULL || p->qn == 0)
        return 0;
    return wait_for(p, p->head_seq + p->qn - 1u);
}

void rc_proc_prefetch_queries(struct rc_proc *p, int on)
{
    if (p == NULL)
        return;
    qp_drop(p, 1);
    p->qp_on = on != 0;
    p->qp_npat = 0;
}

int rc_proc_step_each(struct rc_proc *p, void *inst, const struct rc_msg *ev, uint32_t times,
                      struct rc_msg *out, uint32_t cap, uint32_t *counts, int *rcs,
                      uint32_t *taken)
{
    struct proxy_inst *pi = inst;
    if (taken != NULL)
        *taken = 0;
    if (p == NULL || pi == NULL || pi->p != p || ev == NULL || out == NULL ||
        counts == NULL || rcs == NULL || taken == NULL || times == 0)
        return RC_INVAL;
    if (pi->gen != p->gen || !p->up)
        return RC_DUT_LOST;
    const struct rc_kind_desc *k = rc_kind_by_id(pi->m->events, pi->m->nevents, ev->kind);
    if (k == NULL || ev->nargs != rc_kind_nargs(k))
        return RC_INVAL;
    qp_drop(p, 0);
    if (p->spec_n > 0)
        drop_specs(p);
    char text[RC_PROC_LINE_MAX];
    struct rc_proto_buf b;
    rc_proto_buf_init(&b, text, sizeof text);
    format_msg(&b, "step", pi->id, k, ev);
    struct many c = {out, cap, 0, RC_OK, RC_OK, 0, 0, 0, 1, counts, rcs, ""};
    uint64_t last = 0;
    for (uint32_t i = 0; i < times; i++) {
        /* enqueue waits for the oldest answer when the queue is full */
        uint64_t seq = enqueue(p, P_STEP, text, b.len);
        if (seq == UINT64_MAX)
            return RC_DUT_LOST;
        struct pend *e = pend_at(p, seq);
        e->m = pi->m;
        e->many = &c;
        last = seq;
    }
    qp_after_step(p, pi); /* the queries follow the last one */
    /* every answer is read before c goes out of scope */
    if (wait_for(p, last) != 0)
        return RC_DUT_LOST;
    *taken = (uint32_t)c.done;
    return RC_OK;
}

const char *rc_proc_last_error(const struct rc_proc *p)
{
    return p ? p->err : "";
}

void rc_proc_get_stats(const struct rc_proc *p, struct rc_proc_stats *s)
{
    if (s == NULL)
        return;
    if (p == NULL)
        memset(s, 0, sizeof *s);
    else
        *s = p->stats;
}

long rc_proc_pid(const struct rc_proc *p)
{
    return p && p->up ? (long)p->pid : -1L;
}
