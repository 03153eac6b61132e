/* SPDX-License-Identifier: Apache-2.0 */
/*
 * procdut.c - a --dut-cmd device for the fuzz targets (procdut.h).
 *
 * Design notes:
 *   - The DUT the caller sees is this file's, not the client's: its pointer
 *     and identity must outlive the clients (one per process that calls it,
 *     and a new one after a fork), so every machine op is a trampoline that
 *     makes sure this process has its client, then calls the client's proxy.
 *     Instances are wrapped ({pd, client's instance}) because step, query and
 *     destroy get no context pointer.
 *   - Every result goes through lost_check(): RC_LOST is the one place where
 *     the caller learns the DUT process failed, so the caller's `lost` is
 *     called there, with the client's reason, before the result is returned.
 *   - A client opened by another process (we are a forked child) is never
 *     touched: its process and pipes belong to the parent. The pointer is
 *     kept (stale) so that nothing looks leaked.
 */
#include "procdut.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "../core/registry.h"
#include "../core/seterr.h"

#define ARGFILE_MAX (1024u * 1024u)

/* Steps sent ahead (RC_PROCDUT_AHEAD): at most this many at once, with
 * room for this many outputs; runs of steps kept per instance to rebuild
 * its state, at most HIST_MAX (then nothing more is sent ahead for it). */
#define AHEAD_MAX 256u
#define AHEAD_ROOM 65536u
#define HIST_MAX (1u << 20)

struct rc_procdut {
    char **argv;
    unsigned timeout_ms, flags;
    rc_procdut_lost_fn lost;
    rc_procdut_ahead_fn ahead;
    void *arg;
    uint64_t sent_ahead, taken_ahead, rebuilds;
    struct rc_dut dut; /* what the caller sees */
    char name[256], version[256];
    int fast;
    struct rc_proc *p;  /* this process's client, or NULL */
    pid_t owner;        /* the process that opened p */
    struct rc_proc *stale; /* a client of the process we were forked from */
    char why[1200];
};

struct step_run {
    struct rc_msg ev;
    uint64_t count;
};

struct wrap_inst {
    struct rc_procdut *pd;
    void *in; /* the client's instance */
    uint32_t mid;
    struct rc_config cfg;
    /* every step the caller made, in runs of one event (to rebuild) */
    struct step_run *hist;
    size_t nhist, caphist;
    int nohist; /* the history is incomplete: nothing is sent ahead */
    /* steps of ahead_ev the DUT executed beyond what the caller made: the
     * answers a_next .. a_taken-1 are kept (outputs from a_off on) */
    struct rc_msg ahead_ev;
    uint32_t ahead, a_next, a_taken, a_off, last_n;
    struct rc_msg *a_out;
    uint32_t *a_cnt;
    int *a_rc;
};

/* ---- argument lists ---------------------------------------------------------- */

/* One allocation: n + 1 pointers, then the words (NUL-terminated). */
static char **words_alloc(size_t n, size_t bytes)
{
    if (n > (SIZE_MAX - bytes) / sizeof(char *) - 1)
        return NULL;
    return malloc((n + 1) * sizeof(char *) + bytes);
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

int rc_procdut_words(char ***argv, const char *cmd, const char *what, char *err, size_t cap)
{
    rc_set_err(err, cap, "%s", "");
    if (argv != NULL)
        *argv = NULL;
    if (what == NULL)
        what = "the command";
    if (argv == NULL || cmd == NULL) {
        rc_set_err(err, cap, "%s: no command given", what);
        return -1;
    }
    size_t n = 0, bytes = 0;
    for (const char *s = cmd; *s != '\0';) {
        while (is_blank(*s))
            s++;
        if (*s == '\0')
            break;
        n++;
        while (*s != '\0' && !is_blank(*s)) {
            s++;
            bytes++;
        }
        bytes++;
    }
    if (n == 0) {
        rc_set_err(err, cap, "%s: no program (only blanks)", what);
        return -1;
    }
    char **v = words_alloc(n, bytes);
    if (v == NULL) {
        rc_set_err(err, cap, "%s: out of memory", what);
        return -1;
    }
    char *d = (char *)(v + n + 1);
    size_t i = 0;
    for (const char *s = cmd; *s != '\0';) {
        while (is_blank(*s))
            s++;
        if (*s == '\0')
            break;
        v[i++] = d;
        while (*s != '\0' && !is_blank(*s))
            *d++ = *s++;
        *d++ = '\0';
    }
    v[n] = NULL;
    *argv = v;
    return 0;
}

int rc_procdut_lines(char ***argv, const char *text, size_t len, const char *name, char *err,
                     size_t cap)
{
    rc_set_err(err, cap, "%s", "");
    if (argv != NULL)
        *argv = NULL;
    if (name == NULL)
        name = "<input>";
    if (argv == NULL || (text == NULL && len > 0)) {
        rc_set_err(err, cap, "%s: no arguments given", name);
        return -1;
    }
    /* lines: a last line without LF counts; a final LF ends the last one */
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '\0') {
            rc_set_err(err, cap, "%s:%zu: a NUL byte (one argument per line, as text)", name,
                       n + 1);
            return -1;
        }
        if (text[i] == '\n')
            n++;
    }
    if (len > 0 && text[len - 1] != '\n')
        n++;
    if (n == 0) {
        rc_set_err(err, cap, "%s:1: no program (the file is empty; one argument per line, "
                   "the program first)", name);
        return -1;
    }
    size_t first = 0;
    while (first < len && text[first] != '\n')
        first++;
    if (first == 0 || (first == 1 && text[0] == '\r')) {
        rc_set_err(err, cap, "%s:1: the first line (the program) is empty", name);
        return -1;
    }
    char **v = words_alloc(n, len + n);
    if (v == NULL) {
        rc_set_err(err, cap, "%s: out of memory", name);
        return -1;
    }
    char *d = (char *)(v + n + 1);
    size_t at = 0;
    for (size_t k = 0; k < n; k++) {
        size_t e = at;
        while (e < len && text[e] != '\n')
            e++;
        size_t l = e - at;
        if (l > 0 && text[at + l - 1] == '\r')
            l--;
        memcpy(d, text + at, l);
        d[l] = '\0';
        v[k] = d;
        d += l + 1;
        at = e + 1;
    }
    v[n] = NULL;
    *argv = v;
    return 0;
}

int rc_procdut_argfile(char ***argv, const char *path, char *err, size_t cap)
{
    rc_set_err(err, cap, "%s", "");
    if (argv != NULL)
        *argv = NULL;
    if (argv == NULL || path == NULL) {
        rc_set_err(err, cap, "no argument file given");
        return -1;
    }
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        rc_set_err(err, cap, "%s: %s", path, strerror(errno));
        return -1;
    }
    char *buf = malloc(ARGFILE_MAX + 1u);
    if (buf == NULL) {
        fclose(f);
        rc_set_err(err, cap, "%s: out of memory", path);
        return -1;
    }
    size_t len = fread(buf, 1, ARGFILE_MAX + 1u, f);
    int bad = ferror(f);
    int e = errno;
    fclose(f);
    int rc = -1;
    if (bad)
        rc_set_err(err, cap, "%s: %s", path, strerror(e));
    else if (len > ARGFILE_MAX)
        rc_set_err(err, cap, "%s: longer than %u bytes (one argument per line)", path,
                   ARGFILE_MAX);
    else
        rc = rc_procdut_lines(argv, buf, len, path, err, cap);
    free(buf);
    return rc;
}

void rc_procdut_free_words(char **argv)
{
    free(argv);
}

/* ---- the client of this process --------------------------------------------- */

static int lost_check(struct rc_procdut *pd, int rc)
{
    if (rc != RC_LOST)
        return rc;
    if (pd->p != NULL)
        snprintf(pd->why, sizeof pd->why, "%s", rc_proc_last_error(pd->p));
    if (pd->why[0] == '\0')
        snprintf(pd->why, sizeof pd->why, "the DUT process was lost");
    if (pd->lost != NULL)
        pd->lost(pd->arg, pd->why);
    return rc;
}

/* The identity of d differs from the first handshake's: the reason. */
static int same_identity(const struct rc_procdut *pd, const struct rc_dut *d, char *why,
                         size_t cap)
{
    int machines = 1;
    for (uint32_t m = 0; m < RC_MACHINE_COUNT; m++)
        if ((d->machine[m].create != NULL) != (pd->dut.machine[m].create != NULL))
            machines = 0;
    if (strcmp(d->name, pd->name) == 0 && strcmp(d->version, pd->version) == 0 &&
        memcmp(&d->profile, &pd->dut.profile, sizeof d->profile) == 0 && machines &&
        (d->cs64_decode != NULL) == pd->fast)
        return 1;
    snprintf(why, cap, "the DUT process started again describes itself differently "
             "('%.100s' '%.100s', was '%.100s' '%.100s'%s)", d->name, d->version, pd->name,
             pd->version, machines ? "" : "; other machines");
    return 0;
}

/* This process's client: opened on first use in each process. 0, or -1
 * after lost_check (pd->why says why). */
static int ensure(struct rc_procdut *pd)
{
    pid_t me = getpid();
    if (pd->p != NULL && pd->owner == me)
        return 0;
    if (pd->p != NULL) {
        pd->stale = pd->p; /* the parent's: not ours to stop */
        pd->p = NULL;
    }
    char err[700];
    struct rc_proc *p = NULL;
    if (rc_proc_open(&p, pd->argv, pd->timeout_ms, err, sizeof err) != 0) {
        snprintf(pd->why, sizeof pd->why, "cannot start the DUT process: %s", err);
        (void)lost_check(pd, RC_LOST);
        return -1;
    }
    if (!same_identity(pd, rc_proc_dut(p), pd->why, sizeof pd->why)) {
        rc_proc_close(p);
        (void)lost_check(pd, RC_LOST);
        return -1;
    }
    rc_proc_prefetch_queries(p, (pd->flags & RC_PROCDUT_PREFETCH_QUERIES) != 0);
    pd->p = p;
    pd->owner = me;
    return 0;
}

/* ---- the DUT's operations ----------------------------------------------------- */

static int same_event(const struct rc_msg *a, const struct rc_msg *b)
{
    if (a->kind != b->kind || a->nargs != b->nargs || a->nargs > RC_MAX_ARGS)
        return 0;
    for (uint32_t i = 0; i < a->nargs; i++)
        if (a->arg[i] != b->arg[i])
            return 0;
    return 1;
}

static void inst_free(struct wrap_inst *w)
{
    free(w->hist);
    free(w->a_out);
    free(w->a_cnt);
    free(w->a_rc);
    free(w);
}

/* The caller made step ev (count times). */
static void hist_add(struct wrap_inst *w, const struct rc_msg *ev, uint64_t count)
{
    if (w->nohist)
        return;
    if (w->nhist > 0 && same_event(&w->hist[w->nhist - 1].ev, ev)) {
        w->hist[w->nhist - 1].count += count;
        return;
    }
    if (w->nhist == w->caphist) {
        size_t cap = w->caphist ? w->caphist * 2 : 64;
        struct step_run *h = cap <= HIST_MAX ? realloc(w->hist, cap * sizeof *h) : NULL;
        if (h == NULL) {
            w->nohist = 1;
            return;
        }
        w->hist = h;
        w->caphist = cap;
    }
    w->hist[w->nhist].ev = *ev;
    w->hist[w->nhist].count = count;
    w->nhist++;
}

static int w_create(struct rc_procdut *pd, uint32_t mid, void **inst, const struct rc_config *cfg)
{
    if (inst == NULL)
        return RC_INVAL;
    *inst = NULL;
    struct wrap_inst *w = calloc(1, sizeof *w);
    if (w == NULL)
        return RC_FULL;
    if (ensure(pd) != 0) {
        free(w);
        return RC_LOST;
    }
    /* only the keys of the machine's table have a name to send (the
     * protocol cannot carry others; an in-process DUT ignores them) */
    if (cfg != NULL) {
        const struct rc_machine_desc *m = rc_machine_by_id(mid);
        for (uint32_t i = 0; i < cfg->n && i < RC_MAX_CONFIG; i++)
            for (size_t k = 0; k < m->nconfig; k++)
                if (m->config[k].key == cfg->kv[i].key && cfg->kv[i].key != 0) {
                    w->cfg.kv[w->cfg.n++] = cfg->kv[i];
                    break;
                }
    }
    const struct rc_dut *d = rc_proc_dut(pd->p);
    int rc = lost_check(pd, d->machine[mid].create(d->ctx, &w->in, &w->cfg));
    if (rc != RC_OK) {
        free(w);
        return rc;
    }
    w->pd = pd;
    w->mid = mid;
    *inst = w;
    return RC_OK;
}

#define CREATE_FN_(name, id, text)                                                     \
    static int w_create_##name(void *ctx, void **inst, const struct rc_config *cfg) \
    {                                                                                  \
        return w_create(ctx, RC_M_##name, inst, cfg);                                  \
    }
RC_MACHINES(CREATE_FN_)
#undef CREATE_FN_

typedef int (*create_fn)(void *, void **, const struct rc_config *);
static const create_fn w_creates[RC_MACHINE_COUNT] = {
#define CREATE_ROW_(name, id, text) [RC_M_##name] = w_create_##name,
    RC_MACHINES(CREATE_ROW_)
#undef CREATE_ROW_
};

/* The client's ops for w, or NULL when w's client is not this process's
 * (then the instance is dead: RC_LOST without I/O, as the client does). */
static const struct rc_machine_ops *ops_of(const struct wrap_inst *w)
{
    if (w->pd->p == NULL || w->pd->owner != getpid())
        return NULL;
    return &rc_proc_dut(w->pd->p)->machine[w->mid];
}

static int ahead_buffers(struct wrap_inst *w)
{
    if (w->a_out == NULL)
        w->a_out = malloc(AHEAD_ROOM * sizeof *w->a_out);
    if (w->a_cnt == NULL)
        w->a_cnt = malloc(AHEAD_MAX * sizeof *w->a_cnt);
    if (w->a_rc == NULL)
        w->a_rc = malloc(AHEAD_MAX * sizeof *w->a_rc);
    return w->a_out != NULL && w->a_cnt != NULL && w->a_rc != NULL ? 0 : -1;
}

/* The DUT executed steps the caller did not make (sent ahead, then the
 * caller did something else): a new instance of the same configuration
 * replays every step the caller made. A deterministic device is then in the
 * state the caller expects. RC_OK, or RC_LOST after lost_check. */
static int rebuild(struct wrap_inst *w)
{
    struct rc_procdut *pd = w->pd;
    const struct rc_machine_ops *o = ops_of(w);
    if (o == NULL)
        return lost_check(pd, RC_LOST);
    o->destroy(w->in);
    w->in = NULL;
    w->ahead = w->a_next = w->a_taken = w->a_off = 0;
    pd->rebuilds++;
    const struct rc_dut *d = rc_proc_dut(pd->p);
    int rc = d->machine[w->mid].create(d->ctx, &w->in, &w->cfg);
    if (rc == RC_LOST)
        return lost_check(pd, rc);
    if (rc != RC_OK) {
        snprintf(pd->why, sizeof pd->why, "the DUT refused (result %d) to create again an "
                 "instance of a configuration it took before (steps sent ahead are undone "
                 "by creating it again and replaying the steps made)", rc);
        if (pd->lost != NULL)
            pd->lost(pd->arg, pd->why);
        return RC_LOST;
    }
    if (w->nhist > 0 && ahead_buffers(w) != 0)
        return lost_check(pd, RC_LOST);
    for (size_t i = 0; i < w->nhist; i++)
        for (uint64_t left = w->hist[i].count; left > 0;) {
            uint32_t k = left < AHEAD_MAX ? (uint32_t)left : AHEAD_MAX;
            uint32_t taken;
            rc = rc_proc_step_each(pd->p, w->in, &w->hist[i].ev, k, w->a_out, AHEAD_ROOM,
                                   w->a_cnt, w->a_rc, &taken);
            if (rc != RC_OK)
                return lost_check(pd, rc == RC_INVAL ? RC_LOST : rc);
            left -= k; /* all k were executed, taken or not */
        }
    return RC_OK;
}

static void w_destroy(void *inst)
{
    struct wrap_inst *w = inst;
    if (w == NULL)
        return;
    const struct rc_machine_ops *o = ops_of(w);
    struct rc_procdut *pd = w->pd;
    void *in = w->in;
    inst_free(w);
    if (o == NULL || in == NULL)
        return;
    o->destroy(in);
    /* a failure the destroy causes belongs to this input, not the next */
    if (rc_proc_sync(pd->p) != 0)
        (void)lost_check(pd, RC_LOST);
}

/* Steps sent ahead the caller then did not make are undone first. */
static int settle(struct wrap_inst *w)
{
    return w->ahead > 0 ? rebuild(w) : RC_OK;
}

static int w_step(void *inst, const struct rc_msg *ev, struct rc_msg *out, uint32_t cap,
                  uint32_t *n)
{
    struct wrap_inst *w = inst;
    if (n != NULL)
        *n = 0;
    if (w == NULL || ev == NULL || out == NULL || n == NULL)
        return RC_INVAL;
    struct rc_procdut *pd = w->pd;
    const struct rc_machine_ops *o = ops_of(w);
    if (o == NULL || w->in == NULL)
        return lost_check(pd, RC_LOST);
    if (w->ahead > 0 && w->a_next < w->a_taken && same_event(&w->ahead_ev, ev) &&
        w->a_cnt[w->a_next] <= cap) {
        /* answered already */
        uint32_t k = w->a_cnt[w->a_next];
        memcpy(out, w->a_out + w->a_off, k * sizeof *out);
        *n = k;
        int rc = w->a_rc[w->a_next];
        w->a_off += k;
        w->a_next++;
        w->ahead--;
        pd->taken_ahead++;
        hist_add(w, ev, 1);
        return rc;
    }
    if (settle(w) != RC_OK)
        return RC_LOST;
    uint64_t more = pd->ahead != NULL && !w->nohist ? pd->ahead(pd->arg) : 0;
    uint32_t batch = more >= AHEAD_MAX ? AHEAD_MAX : (uint32_t)more + 1u;
    /* room for twice the outputs of the last step each */
    uint32_t fit = AHEAD_ROOM / (2u * w->last_n + 2u);
    if (batch > fit)
        batch = fit;
    if (batch >= 2u && ahead_buffers(w) == 0) {
        uint32_t taken = 0;
        int rc = rc_proc_step_each(pd->p, w->in, ev, batch, w->a_out, AHEAD_ROOM, w->a_cnt,
                                   w->a_rc, &taken);
        if (rc != RC_OK)
            return lost_check(pd, rc);
        w->a_taken = taken;
        w->a_next = 0;
        w->a_off = 0;
        w->ahead_ev = *ev;
        pd->sent_ahead += batch - 1u;
        if (taken > 0 && w->a_cnt[0] <= cap) {
            w->ahead = batch - 1u;
            uint32_t k = w->a_cnt[0];
            memcpy(out, w->a_out, k * sizeof *out);
            *n = k;
            w->a_off = k;
            w->a_next = 1;
            w->last_n = k;
            hist_add(w, ev, 1);
            return w->a_rc[0];
        }
        /* cannot happen (one step's outputs always fit): undo them all and
         * make the step alone */
        w->ahead = batch;
        if (rebuild(w) != RC_OK)
            return RC_LOST;
    }
    int rc = o->step(w->in, ev, out, cap, n);
    if (rc != RC_LOST) {
        hist_add(w, ev, 1);
        w->last_n = *n;
    }
    return lost_check(pd, rc);
}

static int w_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    struct wrap_inst *w = inst;
    if (value != NULL)
        *value = 0;
    if (w == NULL)
        return RC_INVAL;
    const struct rc_machine_ops *o = ops_of(w);
    if (o == NULL || w->in == NULL)
        return lost_check(w->pd, RC_LOST);
    if (settle(w) != RC_OK)
        return RC_LOST;
    return lost_check(w->pd, o->query(w->in, q, value));
}

static int w_fast(void *ctx, uint32_t width, uint32_t param, struct rc_msg *out)
{
    struct rc_procdut *pd = ctx;
    if (ensure(pd) != 0) {
        if (out != NULL)
            memset(out, 0, sizeof *out);
        return RC_LOST;
    }
    const struct rc_dut *d = rc_proc_dut(pd->p);
    return lost_check(pd, d->cs64_decode(d->ctx, width, param, out));
}

static int w_step_many(void *ctx, void *inst, const struct rc_msg *ev, uint64_t times, int want,
                       struct rc_msg *out, uint32_t cap, struct rc_many *res)
{
    struct rc_procdut *pd = ctx;
    struct wrap_inst *w = inst;
    if (res != NULL)
        memset(res, 0, sizeof *res);
    if (w == NULL || w->pd != pd || res == NULL)
        return RC_INVAL;
    if (ops_of(w) == NULL || w->in == NULL)
        return res->rc = lost_check(pd, RC_LOST);
    if (settle(w) != RC_OK)
        return res->rc = RC_LOST;
    /* it may execute repetitions it does not answer: the history ends */
    w->nohist = 1;
    return lost_check(pd, rc_proc_step_many(pd->p, w->in, ev, times, want, out, cap, res));
}

static const char *w_why_lost(void *ctx)
{
    const struct rc_procdut *pd = ctx;
    return pd->why;
}

/* ---- public API ------------------------------------------------------------- */

int rc_procdut_open(struct rc_procdut **pdp, char *const argv[], unsigned timeout_ms,
                    unsigned flags, rc_procdut_lost_fn lost, rc_procdut_ahead_fn ahead,
                    void *arg, char *err, size_t cap)
{
    rc_set_err(err, cap, "%s", "");
    if (pdp == NULL) {
        rc_set_err(err, cap, "no place for the DUT");
        return -1;
    }
    *pdp = NULL;
    struct rc_proc *p = NULL;
    if (rc_proc_open(&p, argv, timeout_ms, err, cap) != 0)
        return -1;
    struct rc_procdut *pd = calloc(1, sizeof *pd);
    size_t argc = 0, bytes = 0;
    while (argv[argc] != NULL) {
        bytes += strlen(argv[argc]) + 1;
        argc++;
    }
    if (pd != NULL)
        pd->argv = words_alloc(argc, bytes);
    if (pd == NULL || pd->argv == NULL) {
        rc_proc_close(p);
        free(pd);
        rc_set_err(err, cap, "out of memory");
        return -1;
    }
    char *s = (char *)(pd->argv + argc + 1);
    for (size_t i = 0; i < argc; i++) {
        size_t n = strlen(argv[i]) + 1;
        memcpy(s, argv[i], n);
        pd->argv[i] = s;
        s += n;
    }
    pd->argv[argc] = NULL;
    pd->timeout_ms = timeout_ms;
    pd->flags = flags;
    pd->lost = lost;
    pd->ahead = ahead;
    pd->arg = arg;
    const struct rc_dut *d = rc_proc_dut(p);
    snprintf(pd->name, sizeof pd->name, "%s", d->name);
    snprintf(pd->version, sizeof pd->version, "%s", d->version);
    struct rc_dut *w = &pd->dut;
    w->abi_version = RC_DUT_ABI_VERSION;
    w->name = pd->name;
    w->version = pd->version;
    w->profile = d->profile;
    for (uint32_t m = 0; m < RC_MACHINE_COUNT; m++)
        if (d->machine[m].create != NULL) {
            w->machine[m].create = w_creates[m];
            w->machine[m].destroy = w_destroy;
            w->machine[m].step = w_step;
            w->machine[m].query = w_query;
        }
    pd->fast = d->cs64_decode != NULL;
    if (pd->fast)
        w->cs64_decode = w_fast;
    w->ctx = pd;
    w->step_many = w_step_many;
    w->why_lost = w_why_lost;
    /* stopped again: a process forked from this one must not share it */
    rc_proc_close(p);
    *pdp = pd;
    return 0;
}

const struct rc_dut *rc_procdut_dut(struct rc_procdut *pd)
{
    return pd != NULL ? &pd->dut : NULL;
}

void rc_procdut_stats(const struct rc_procdut *pd, struct rc_proc_stats *s,
                      struct rc_procdut_stats *a)
{
    rc_proc_get_stats(pd != NULL && pd->owner == getpid() ? pd->p : NULL, s);
    if (a != NULL) {
        memset(a, 0, sizeof *a);
        if (pd != NULL) {
            a->sent_ahead = pd->sent_ahead;
            a->taken_ahead = pd->taken_ahead;
            a->rebuilds = pd->rebuilds;
        }
    }
}

long rc_procdut_pid(const struct rc_procdut *pd)
{
    return pd != NULL && pd->owner == getpid() ? rc_proc_pid(pd->p) : -1L;
}

void rc_procdut_close(struct rc_procdut *pd)
{
    if (pd == NULL)
        return;
    if (pd->p != NULL && pd->owner == getpid())
        rc_proc_close(pd->p);
    free(pd->argv);
    free(pd);
}
