/* SPDX-License-Identifier: Apache-2.0 */
/*
 * shim.c - the server side of the DUT protocol (rc_shim_serve, proc.h) and
 * the line helpers both sides share (shim.h). The protocol itself is
 * docs/dut-protocol.md.
 *
 * The server is fed by the client, but also by people typing, by fuzzers and
 * by other implementations of the client: every request is parsed completely
 * and checked before the DUT is called, and a malformed one gets exactly one
 * `error` line, so the client can always pair answers with requests.
 */
#include "proc.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../core/dutload.h"
#include "../core/hex.h"
#include "../core/registry.h"
#include "shim.h"

/* ---- shared line helpers (shim.h) ---------------------------------------- */

int rc_proto_split(struct rc_proto_line *l, char *s)
{
    l->n = 0;
    if (s == NULL)
        return 0;
    for (;;) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (*s == '\0')
            return 0;
        if (l->n == RC_PROTO_MAX_FIELDS)
            return -1;
        l->f[l->n++] = s;
        while (*s != '\0' && *s != ' ' && *s != '\t')
            s++;
        if (*s == '\0')
            return 0;
        *s++ = '\0';
    }
}

int rc_proto_number(const char *s, uint64_t *v)
{
    uint64_t n = 0;
    if (s == NULL || v == NULL || *s == '\0')
        return -1;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        s += 2;
        if (*s == '\0')
            return -1;
        for (; *s; s++) {
            int d = rc_hex_digit(*s);
            if (d < 0 || n > (UINT64_MAX >> 4))
                return -1;
            n = (n << 4) | (uint64_t)d;
        }
    } else {
        for (; *s; s++) {
            if (*s < '0' || *s > '9')
                return -1;
            uint64_t d = (uint64_t)(*s - '0');
            if (n > (UINT64_MAX - d) / 10u)
                return -1;
            n = n * 10u + d;
        }
    }
    *v = n;
    return 0;
}

int rc_proto_result(const char *s, int *rc)
{
    if (s == NULL || rc == NULL || *s == '\0')
        return -1;
    if (rc_result_by_name(s, rc) == 0)
        return 0;
    int neg = *s == '-';
    uint64_t mag;
    if (rc_proto_number(s + neg, &mag) != 0 || (s[neg] == '0' && s[neg + 1] == 'x') ||
        (s[neg] == '0' && s[neg + 1] == 'X'))
        return -1;
    if (neg ? mag > (uint64_t)INT_MAX + 1u : mag > (uint64_t)INT_MAX)
        return -1;
    *rc = neg ? (mag == (uint64_t)INT_MAX + 1u ? INT_MIN : -(int)mag) : (int)mag;
    return 0;
}

const char *rc_proto_result_text(int rc, char buf[16])
{
    const char *name = rc_result_name(rc);
    if (strcmp(name, "?") != 0)
        return name;
    snprintf(buf, 16, "%d", rc);
    return buf;
}

int rc_proto_pair(char *tok, char **name, char **value)
{
    char *eq = tok ? strchr(tok, '=') : NULL;
    if (eq == NULL || eq == tok || eq[1] == '\0')
        return -1;
    *eq = '\0';
    *name = tok;
    *value = eq + 1;
    return 0;
}

size_t rc_proto_put_u64(char *dst, uint64_t v)
{
    char tmp[20];
    size_t n = 0, k = 0;
    if (v < 65536u) {
        do {
            tmp[n++] = (char)('0' + v % 10u);
            v /= 10u;
        } while (v);
    } else {
        do {
            tmp[n++] = "0123456789abcdef"[v & 15u];
            v >>= 4;
        } while (v);
        dst[k++] = '0';
        dst[k++] = 'x';
    }
    while (n)
        dst[k++] = tmp[--n];
    dst[k] = '\0';
    return k;
}

void rc_proto_buf_init(struct rc_proto_buf *b, char *s, size_t cap)
{
    b->s = s;
    b->len = 0;
    b->cap = cap;
    b->overflow = 0;
    if (cap > 0)
        s[0] = '\0';
}

void rc_proto_add(struct rc_proto_buf *b, const char *text)
{
    size_t n = strlen(text);
    if (b->cap == 0 || b->len + n > b->cap - 1) {
        b->overflow = 1;
        return;
    }
    memcpy(b->s + b->len, text, n + 1);
    b->len += n;
}

void rc_proto_add_u64(struct rc_proto_buf *b, uint64_t v)
{
    if (b->cap > 0 && b->cap - 1 - b->len >= 20 && !b->overflow) {
        b->len += rc_proto_put_u64(b->s + b->len, v);
        return;
    }
    char tmp[24];
    rc_proto_put_u64(tmp, v);
    rc_proto_add(b, tmp);
}

void rc_proto_quote(char *dst, size_t cap, const char *s, size_t len)
{
    size_t k = 0;
    if (cap == 0)
        return;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        size_t need = c >= 0x20 && c < 0x7f ? 1u : 4u;
        if (k + need + 3 > cap - 1) { /* keep room for "..." */
            if (k + 3 <= cap - 1) {
                memcpy(dst + k, "...", 3);
                k += 3;
            }
            break;
        }
        if (need == 1) {
            dst[k++] = (char)c;
        } else {
            dst[k++] = '\\';
            dst[k++] = 'x';
            dst[k++] = "0123456789ABCDEF"[c >> 4];
            dst[k++] = "0123456789ABCDEF"[c & 15u];
        }
    }
    dst[k] = '\0';
}

/* ---- the server ----------------------------------------------------------- */

struct shim_inst {
    uint32_t id;
    uint32_t machine;
    void *inst;
};

struct shim {
    const struct rc_dut *dut;
    FILE *in, *out;
    int hello;                      /* the handshake was done */
    struct shim_inst *inst;         /* live instances, dense */
    size_t ninst;
    struct rc_msg *outs;            /* RC_PROC_MAX_OUTPUTS */
    int io_error;
    int in_fd;                      /* fileno(in), or -1 */
    int nonblock;                   /* in_fd was made non-blocking by us */
};

/* Write one response line (text without the newline). */
static void reply(struct shim *s, const char *text)
{
    if (fputs(text, s->out) == EOF || putc('\n', s->out) == EOF)
        s->io_error = 1;
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void reply_error(struct shim *s, const char *fmt, ...);

static void reply_error(struct shim *s, const char *fmt, ...)
{
    char msg[RC_PROC_LINE_MAX - 16];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* the reason must not look like a result (error result=...) */
    if (fprintf(s->out, "error %s%s\n", strncmp(msg, "result=", 7) == 0 ? "- " : "",
                msg) < 0)
        s->io_error = 1;
}

/* A field for an error message: quoted and short. */
static const char *shown(char dst[64], const char *field)
{
    rc_proto_quote(dst, 64, field, strlen(field));
    return dst;
}

static struct shim_inst *find_inst(struct shim *s, uint64_t id)
{
    for (size_t i = 0; i < s->ninst; i++)
        if (s->inst[i].id == id)
            return &s->inst[i];
    return NULL;
}

/* Free text for the handshake (name, version): control bytes become '?',
 * at most 200 bytes. */
static void add_text(struct rc_proto_buf *b, const char *text)
{
    char t[201];
    size_t k = 0;
    for (const char *p = text ? text : ""; *p && k < 200; p++)
        t[k++] = (unsigned char)*p < 0x20 || *p == 0x7f ? '?' : *p;
    t[k] = '\0';
    rc_proto_add(b, t);
}

static void handshake(struct shim *s)
{
    const struct rc_dut *d = s->dut;
    char line[RC_PROC_LINE_MAX];
    struct rc_proto_buf b;
    reply(s, "hello " RC_PROC_PROTOCOL " 1");
    rc_proto_buf_init(&b, line, sizeof line);
    rc_proto_add(&b, "name ");
    add_text(&b, d->name);
    reply(s, line);
    rc_proto_buf_init(&b, line, sizeof line);
    rc_proto_add(&b, "version ");
    add_text(&b, d->version);
    reply(s, line);
    rc_proto_buf_init(&b, line, sizeof line);
    rc_proto_add(&b, "revisions");
    if (d->profile.p12_revs & (1u << 2))
        rc_proto_add(&b, " p12r2");
    if (d->profile.p12_revs & (1u << 3))
        rc_proto_add(&b, " p12r3");
    if (d->profile.p9_revs & (1u << 2))
        rc_proto_add(&b, " p9r2");
    if (d->profile.p9_revs & (1u << 3))
        rc_proto_add(&b, " p9r3");
    reply(s, line);
    rc_proto_buf_init(&b, line, sizeof line);
    rc_proto_add(&b, "caps");
    for (unsigned bit = 0; bit < 32; bit++) {
        const char *name = rc_cap_name(1u << bit);
        if ((d->profile.caps & (1u << bit)) && strcmp(name, "?") != 0) {
            rc_proto_add(&b, " ");
            rc_proto_add(&b, name);
        }
    }
    reply(s, line);
    const struct rc_profile *p = &d->profile;
    const struct {
        const char *name;
        uint32_t v;
    } params[] = {{"ports", p->ports},
                  {"vcs", p->vcs},
                  {"counter_width", p->counter_width},
                  {"orphan_timeout", p->orphan_timeout},
                  {"flow_list", p->flow_list},
                  {"arb_pool", p->arb_pool}};
    rc_proto_buf_init(&b, line, sizeof line);
    rc_proto_add(&b, "profile");
    for (size_t i = 0; i < sizeof params / sizeof params[0]; i++) {
        rc_proto_add(&b, " ");
        rc_proto_add(&b, params[i].name);
        rc_proto_add(&b, "=");
        rc_proto_add_u64(&b, params[i].v);
    }
    reply(s, line);
    rc_proto_buf_init(&b, line, sizeof line);
    rc_proto_add(&b, "policy");
    int npol = 0;
    for (unsigned k = 0; k < RC_POLICY_SLOTS; k++) {
        const char *key = rc_policy_name(k);
        const char *val = key ? rc_policy_value_name(k, p->policy[k]) : NULL;
        if (val == NULL)
            continue;
        rc_proto_add(&b, " ");
        rc_proto_add(&b, key);
        rc_proto_add(&b, "=");
        rc_proto_add(&b, val);
        npol++;
    }
    if (npol)
        reply(s, line);
    rc_proto_buf_init(&b, line, sizeof line);
    rc_proto_add(&b, "machines");
    for (uint32_t m = 0; m < RC_MACHINE_COUNT; m++)
        if (d->machine[m].create != NULL) {
            rc_proto_add(&b, " ");
            rc_proto_add(&b, rc_machine_by_id(m)->name);
        }
    reply(s, line);
    if (d->cs64_decode != NULL)
        reply(s, "fastpath cs64_decode");
    reply(s, "ready");
}

/* Parse "name=value" fields f[from..n) as the arguments of kind k into m
 * (all table arguments, missing ones 0). 0, or -1 after an error reply. */
static int parse_args(struct shim *s, const struct rc_proto_line *l, unsigned from,
                      const struct rc_kind_desc *k, struct rc_msg *m)
{
    char q[64];
    uint32_t seen = 0;
    memset(m, 0, sizeof *m);
    m->kind = k->kind;
    m->nargs = rc_kind_nargs(k);
    for (unsigned i = from; i < l->n; i++) {
        char *name, *value;
        if (rc_proto_pair(l->f[i], &name, &value) != 0) {
            reply_error(s, "'%s' is not name=value", shown(q, l->f[i]));
            return -1;
        }
        int a = rc_kind_arg(k, name);
        if (a < 0) {
            reply_error(s, "%s has no argument '%s'", k->name, shown(q, name));
            return -1;
        }
        if (seen & (1u << a)) {
            reply_error(s, "argument %s given twice", k->args[a]);
            return -1;
        }
        seen |= 1u << a;
        if (rc_proto_number(value, &m->arg[a]) != 0) {
            reply_error(s, "%s=%s: not a decimal or 0x hex number below 2^64",
                        k->args[a], shown(q, value));
            return -1;
        }
    }
    return 0;
}

/* f[i] as an instance id (1 .. 2^32 - 1); -1 after an error reply. */
static int parse_id(struct shim *s, const char *f, uint32_t *id)
{
    uint64_t v;
    char q[64];
    if (rc_proto_number(f, &v) != 0 || v == 0 || v > UINT32_MAX) {
        reply_error(s, "'%s' is not an instance id (1 to 4294967295)", shown(q, f));
        return -1;
    }
    *id = (uint32_t)v;
    return 0;
}

static struct shim_inst *parse_live(struct shim *s, const struct rc_proto_line *l)
{
    uint32_t id;
    if (l->n < 2) {
        reply_error(s, "%s needs an instance id", l->f[0]);
        return NULL;
    }
    if (parse_id(s, l->f[1], &id) != 0)
        return NULL;
    struct shim_inst *in = find_inst(s, id);
    if (in == NULL)
        reply_error(s, "no instance %u", (unsigned)id);
    return in;
}

/* After "error result=R" or "done result=R" in line (cap bytes): for
 * RC_NOTSUP, the DUT's reason when it declares why_notsup and gives one
 * (rc_dut_why_notsup: at most RC_WHY_NOTSUP_MAX bytes, no control
 * characters), as " TEXT" (docs/dut-protocol.md). */
static void add_notsup_why(const struct shim *s, int rc, char *line, size_t cap)
{
    char why[RC_WHY_NOTSUP_MAX + 1];
    if (rc != RC_NOTSUP || !rc_dut_why_notsup(s->dut, why, sizeof why))
        return;
    size_t len = strlen(line);
    if (len < cap)
        snprintf(line + len, cap - len, " %s", why);
}

static void do_create(struct shim *s, struct rc_proto_line *l)
{
    char q[64], rb[16];
    uint32_t id;
    if (l->n < 3) {
        reply_error(s, "usage: create ID MACHINE [KEY=VALUE]...");
        return;
    }
    if (parse_id(s, l->f[1], &id) != 0)
        return;
    if (find_inst(s, id) != NULL) {
        reply_error(s, "instance %u is in use", (unsigned)id);
        return;
    }
    const struct rc_machine_desc *m = rc_machine_by_name(l->f[2]);
    if (m == NULL) {
        reply_error(s, "unknown machine '%s'", shown(q, l->f[2]));
        return;
    }
    struct rc_config cfg;
    memset(&cfg, 0, sizeof cfg);
    for (unsigned i = 3; i < l->n; i++) {
        char *name, *value;
        if (rc_proto_pair(l->f[i], &name, &value) != 0) {
            reply_error(s, "'%s' is not key=value", shown(q, l->f[i]));
            return;
        }
        const struct rc_cfg_desc *c = rc_cfg_by_name(m, name);
        if (c == NULL) {
            reply_error(s, "%s has no configuration key '%s'", m->name, shown(q, name));
            return;
        }
        if (cfg.n == RC_MAX_CONFIG) {
            reply_error(s, "more than %u configuration keys", RC_MAX_CONFIG);
            return;
        }
        /* repeated keys are passed on: the DUT answers them as in process */
        cfg.kv[cfg.n].key = c->key;
        if (rc_proto_number(value, &cfg.kv[cfg.n].value) != 0) {
            reply_error(s, "%s=%s: not a decimal or 0x hex number below 2^64",
                        c->name, shown(q, value));
            return;
        }
        cfg.n++;
    }
    const struct rc_machine_ops *ops = &s->dut->machine[m->id];
    if (ops->create == NULL) {
        reply(s, "error result=notsup");
        return;
    }
    if (s->ninst == RC_SHIM_MAX_INSTANCES) {
        reply(s, "error result=full");
        return;
    }
    void *inst = NULL;
    int rc = ops->create(s->dut->ctx, &inst, &cfg);
    if (rc != RC_OK) {
        char line[64 + RC_WHY_NOTSUP_MAX];
        snprintf(line, sizeof line, "error result=%s", rc_proto_result_text(rc, rb));
        add_notsup_why(s, rc, line, sizeof line);
        reply(s, line);
        return;
    }
    s->inst[s->ninst].id = id;
    s->inst[s->ninst].machine = m->id;
    s->inst[s->ninst].inst = inst;
    s->ninst++;
    reply(s, "ok");
}

/* Answer the outputs of a step: every one is checked first, so an error
 * never follows `out` lines. */
static void answer_outputs(struct shim *s, const struct rc_machine_desc *m, int rc,
                           uint32_t n)
{
    char line[RC_PROC_LINE_MAX], rb[16];
    struct rc_proto_buf b;
    if (n > RC_PROC_MAX_OUTPUTS) {
        reply_error(s, "the DUT reported %u outputs for a buffer of %u", (unsigned)n,
                    RC_PROC_MAX_OUTPUTS);
        return;
    }
    for (uint32_t i = 0; i < n; i++)
        if (rc_kind_by_id(m->outputs, m->noutputs, s->outs[i].kind) == NULL) {
            reply_error(s, "the DUT produced an output of unknown kind %u",
                        (unsigned)s->outs[i].kind);
            return;
        }
    for (uint32_t i = 0; i < n; i++) {
        const struct rc_msg *o = &s->outs[i];
        const struct rc_kind_desc *k = rc_kind_by_id(m->outputs, m->noutputs, o->kind);
        unsigned na = rc_kind_nargs(k);
        if (o->nargs < na)
            na = o->nargs;
        rc_proto_buf_init(&b, line, sizeof line);
        rc_proto_add(&b, "out ");
        rc_proto_add(&b, k->name);
        for (unsigned a = 0; a < na; a++) {
            rc_proto_add(&b, " ");
            rc_proto_add(&b, k->args[a]);
            rc_proto_add(&b, "=");
            rc_proto_add_u64(&b, o->arg[a]);
        }
        reply(s, line);
    }
    snprintf(line, sizeof line, "done result=%s", rc_proto_result_text(rc, rb));
    add_notsup_why(s, rc, line, sizeof line);
    reply(s, line);
}

static void do_step(struct shim *s, struct rc_proto_line *l)
{
    char q[64];
    struct shim_inst *in = parse_live(s, l);
    if (in == NULL)
        return;
    const struct rc_machine_desc *m = rc_machine_by_id(in->machine);
    if (l->n < 3) {
        reply_error(s, "usage: step ID EVENT [ARG=VALUE]...");
        return;
    }
    const struct rc_kind_desc *k = rc_kind_by_name(m->events, m->nevents, l->f[2]);
    if (k == NULL) {
        reply_error(s, "%s has no event '%s'", m->name, shown(q, l->f[2]));
        return;
    }
    struct rc_msg ev;
    if (parse_args(s, l, 3, k, &ev) != 0)
        return;
    const struct rc_machine_ops *ops = &s->dut->machine[in->machine];
    uint32_t n = 0;
    int rc = RC_NOTSUP;
    if (ops->step != NULL)
        rc = ops->step(in->inst, &ev, s->outs, RC_PROC_MAX_OUTPUTS, &n);
    answer_outputs(s, m, rc, n);
}

static void do_query(struct shim *s, struct rc_proto_line *l)
{
    char q[64], rb[16], line[96 + RC_WHY_NOTSUP_MAX];
    struct shim_inst *in = parse_live(s, l);
    if (in == NULL)
        return;
    const struct rc_machine_desc *m = rc_machine_by_id(in->machine);
    if (l->n < 3) {
        reply_error(s, "usage: query ID QUERY [ARG=VALUE]...");
        return;
    }
    const struct rc_kind_desc *k = rc_kind_by_name(m->queries, m->nqueries, l->f[2]);
    if (k == NULL) {
        reply_error(s, "%s has no query '%s'", m->name, shown(q, l->f[2]));
        return;
    }
    struct rc_msg qm;
    if (parse_args(s, l, 3, k, &qm) != 0)
        return;
    const struct rc_machine_ops *ops = &s->dut->machine[in->machine];
    uint64_t v = 0;
    int rc = RC_NOTSUP;
    if (ops->query != NULL)
        rc = ops->query(in->inst, &qm, &v);
    if (rc == RC_OK) {
        char num[24];
        rc_proto_put_u64(num, v);
        snprintf(line, sizeof line, "value %s", num);
    } else {
        snprintf(line, sizeof line, "error result=%s", rc_proto_result_text(rc, rb));
        add_notsup_why(s, rc, line, sizeof line);
    }
    reply(s, line);
}

static void destroy_inst(struct shim *s, struct shim_inst *in)
{
    const struct rc_machine_ops *ops = &s->dut->machine[in->machine];
    if (ops->destroy != NULL)
        ops->destroy(in->inst);
    *in = s->inst[--s->ninst]; /* keep the table dense */
}

static void do_destroy(struct shim *s, struct rc_proto_line *l)
{
    struct shim_inst *in = parse_live(s, l);
    if (in == NULL)
        return;
    if (l->n != 2) {
        reply_error(s, "usage: destroy ID");
        return;
    }
    destroy_inst(s, in);
    reply(s, "ok");
}

static void do_fastpath(struct shim *s, struct rc_proto_line *l)
{
    char q[64];
    if (l->n < 2 || strcmp(l->f[1], "cs64_decode") != 0) {
        reply_error(s, "usage: fastpath cs64_decode width=W param=P");
        return;
    }
    if (s->dut->cs64_decode == NULL) {
        reply_error(s, "this DUT has no cs64_decode fast path");
        return;
    }
    uint64_t v[2] = {0, 0};
    int seen[2] = {0, 0};
    for (unsigned i = 2; i < l->n; i++) {
        char *name, *value;
        int a = -1;
        shown(q, l->f[i]);
        if (rc_proto_pair(l->f[i], &name, &value) == 0)
            a = strcmp(name, "width") == 0 ? 0 : strcmp(name, "param") == 0 ? 1 : -1;
        if (a < 0 || seen[a]) {
            reply_error(s, "'%s': expected width=W param=P", q);
            return;
        }
        seen[a] = 1;
        if (rc_proto_number(value, &v[a]) != 0 || v[a] > UINT32_MAX) {
            reply_error(s, "%s=%s: not a number below 2^32", name, shown(q, value));
            return;
        }
    }
    const struct rc_machine_desc *m = rc_machine_by_id(RC_M_CODEC);
    memset(&s->outs[0], 0, sizeof s->outs[0]);
    int rc = s->dut->cs64_decode(s->dut->ctx, (uint32_t)v[0], (uint32_t)v[1], &s->outs[0]);
    /* the fast path writes one message, possibly empty (kind 0) on error:
     * forward it when it is a known output, otherwise none */
    uint32_t n = rc_kind_by_id(m->outputs, m->noutputs, s->outs[0].kind) != NULL;
    answer_outputs(s, m, rc, n);
}

static void flush_if_idle(struct shim *s);

/* getc, but when a non-blocking input has nothing now: flush the answers
 * (the client may be waiting for them), wait for input, go on. */
static int next_char(struct shim *s)
{
    for (;;) {
        int c = getc_unlocked(s->in);
        if (c != EOF || !s->nonblock || !ferror(s->in) ||
            (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
            return c;
        clearerr(s->in);
        if (fflush(s->out) != 0) {
            s->io_error = 1;
            return EOF;
        }
        struct pollfd pfd = {s->in_fd, POLLIN, 0};
        (void)poll(&pfd, 1, -1);
    }
}

/* Read one line into buf (cap bytes, NUL-terminated, without the newline).
 * Returns 1 for a line, 0 at end of input, -1 on a read error; *bad is set
 * for a line that is too long (the rest of it is skipped) or holds a NUL. */
static int read_line(struct shim *s, char *buf, size_t cap, int *bad, size_t *len)
{
    FILE *in = s->in;
    size_t n = 0;
    int c = 0, any = 0;
    *bad = 0;
    flush_if_idle(s);
    while ((c = next_char(s)) != EOF) {
        any = 1;
        if (c == '\n')
            break;
        if (c == '\0')
            *bad = 1;
        if (n + 1 < cap)
            buf[n++] = (char)c;
        else if (*bad == 0)
            *bad = 2;
    }
    if (c == EOF && ferror(in))
        return -1;
    if (!any)
        return 0;
    if (n > 0 && buf[n - 1] == '\r')
        n--;
    buf[n] = '\0';
    *len = n;
    return 1;
}

/* Flush when the next read could block, so a client waiting for an answer
 * gets it, without one write per answer while requests are queued. A pipe
 * or socket is read non-blocking and next_char flushes exactly when it runs
 * dry; other inputs (a terminal, a file, a memory stream) are polled before
 * each request. */
static void flush_if_idle(struct shim *s)
{
    if (s->nonblock)
        return;
    int fd = s->in_fd;
    if (fd >= 0) {
        struct pollfd pfd = {fd, POLLIN, 0};
        if (poll(&pfd, 1, 0) == 1 && (pfd.revents & POLLIN))
            return;
    }
    if (fflush(s->out) != 0)
        s->io_error = 1;
}

static void handle(struct shim *s, char *text, int *bye)
{
    struct rc_proto_line l;
    char q[64];
    if (text[0] == '#')
        return;
    if (rc_proto_split(&l, text) != 0) {
        reply_error(s, "more than %u fields", RC_PROTO_MAX_FIELDS);
        return;
    }
    if (l.n == 0)
        return;
    const char *cmd = l.f[0];
    if (strcmp(cmd, "bye") == 0) {
        if (l.n != 1) {
            reply_error(s, "usage: bye");
            return;
        }
        reply(s, "bye");
        *bye = 1;
        return;
    }
    if (strcmp(cmd, "hello") == 0) {
        uint64_t v;
        if (l.n != 3 || strcmp(l.f[1], RC_PROC_PROTOCOL) != 0 ||
            rc_proto_number(l.f[2], &v) != 0) {
            reply_error(s, "usage: hello " RC_PROC_PROTOCOL " 1");
        } else if (v != RC_PROC_VERSION) {
            reply_error(s, RC_PROC_PROTOCOL " %s is not supported: this DUT speaks "
                        RC_PROC_PROTOCOL " 1", shown(q, l.f[2]));
        } else if (s->hello) {
            reply_error(s, "hello was already done");
        } else {
            s->hello = 1;
            handshake(s);
        }
        return;
    }
    if (!s->hello) {
        reply_error(s, "say 'hello " RC_PROC_PROTOCOL " 1' first");
        return;
    }
    if (strcmp(cmd, "create") == 0)
        do_create(s, &l);
    else if (strcmp(cmd, "step") == 0)
        do_step(s, &l);
    else if (strcmp(cmd, "query") == 0)
        do_query(s, &l);
    else if (strcmp(cmd, "destroy") == 0)
        do_destroy(s, &l);
    else if (strcmp(cmd, "fastpath") == 0)
        do_fastpath(s, &l);
    else
        reply_error(s, "unknown request '%s'", shown(q, cmd));
}

int rc_shim_serve(const struct rc_dut *dut, FILE *in, FILE *out)
{
    if (dut == NULL || in == NULL || out == NULL)
        return -1;
    struct shim s;
    memset(&s, 0, sizeof s);
    s.dut = dut;
    s.in = in;
    s.out = out;
    s.inst = calloc(RC_SHIM_MAX_INSTANCES, sizeof *s.inst);
    s.outs = calloc(RC_PROC_MAX_OUTPUTS, sizeof *s.outs);
    if (s.inst == NULL || s.outs == NULL) {
        free(s.inst);
        free(s.outs);
        return -1;
    }
    char *line = malloc(RC_PROC_LINE_MAX);
    int bye = 0, rc = 0;
    if (line == NULL)
        rc = -1;
    s.in_fd = fileno(in);
    int fl = -1;
    struct stat st;
    if (s.in_fd >= 0 && fstat(s.in_fd, &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)) &&
        (fl = fcntl(s.in_fd, F_GETFL)) >= 0 && !(fl & O_NONBLOCK) &&
        fcntl(s.in_fd, F_SETFL, fl | O_NONBLOCK) == 0)
        s.nonblock = 1;
    flockfile(in);
    while (rc == 0 && !bye && !s.io_error) {
        int bad;
        size_t len = 0;
        int r = read_line(&s, line, RC_PROC_LINE_MAX, &bad, &len);
        if (r < 0)
            rc = -1;
        if (r <= 0)
            break;
        if (bad == 1)
            reply_error(&s, "the request holds a NUL byte");
        else if (bad == 2)
            reply_error(&s, "the request is longer than %u bytes", RC_PROC_LINE_MAX);
        else
            handle(&s, line, &bye);
    }
    funlockfile(in);
    if (s.nonblock)
        (void)fcntl(s.in_fd, F_SETFL, fl);
    while (s.ninst > 0)
        destroy_inst(&s, &s.inst[s.ninst - 1]);
    if (fflush(out) != 0 || s.io_error)
        rc = -1;
    free(line);
    free(s.inst);
    free(s.outs);
    return rc;
}
