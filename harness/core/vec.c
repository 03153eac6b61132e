/* SPDX-License-Identifier: Apache-2.0 */
/* Conformance vector files: the parser. Grammar: docs/vector-format.md. */
#include "vec.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const var_names[VEC_VAR_COUNT] = {
    "ports", "last_port", "vcs", "counter_width", "tc", "orphan_timeout",
    "flow_list", "arb_pool"};

const char *vec_var_name(int var)
{
    return var >= 0 && var < VEC_VAR_COUNT ? var_names[var] : "?";
}

int64_t vec_var_value(int var, const struct rc_profile *p)
{
    switch (var) {
    case VEC_VAR_PORTS:
        return p->ports ? (int64_t)p->ports : -1;
    case VEC_VAR_LAST_PORT:
        return p->ports ? (int64_t)p->ports - 1 : -1;
    case VEC_VAR_VCS:
        return (int64_t)p->vcs;
    case VEC_VAR_COUNTER_WIDTH:
        return p->counter_width ? (int64_t)p->counter_width : -1;
    case VEC_VAR_TC:
        return p->counter_width && p->counter_width < 32
                   ? (int64_t)((1u << p->counter_width) - 1u) : -1;
    case VEC_VAR_ORPHAN_TIMEOUT:
        return p->orphan_timeout ? (int64_t)p->orphan_timeout : -1;
    case VEC_VAR_FLOW_LIST:
        return p->flow_list ? (int64_t)p->flow_list : -1;
    case VEC_VAR_ARB_POOL:
        return (int64_t)p->arb_pool;
    default:
        return -1;
    }
}

int vec_resolve(const struct vec_val *v, const struct rc_profile *p, uint64_t *out)
{
    return vec_resolve_bound(v, p, NULL, 0, out);
}

int vec_resolve_bound(const struct vec_val *v, const struct rc_profile *p,
                      const uint64_t *bound, uint32_t mask, uint64_t *out)
{
    if (v->var >= VEC_BIND) {
        unsigned slot = (unsigned)(v->var - VEC_BIND);
        if (bound == NULL || slot >= VEC_MAX_BINDS || !(mask & (1u << slot)))
            return -1;
        *out = v->op == VEC_OP_XOR ? bound[slot] ^ v->n : bound[slot] + v->n;
        return 0;
    }
    if (v->var == VEC_VAR_NONE) {
        *out = v->n;
        return 0;
    }
    int64_t base = vec_var_value(v->var, p);
    if (base < 0)
        return -1;
    *out = (uint64_t)base + v->n; /* n holds a two's complement offset */
    return 0;
}

const char *vec_rev_name(uint32_t bit)
{
    switch (bit) {
    case VEC_P12R2:
        return "p12r2";
    case VEC_P12R3:
        return "p12r3";
    case VEC_P9R2:
        return "p9r2";
    case VEC_P9R3:
        return "p9r3";
    default:
        return "?";
    }
}

/* ---- parsing state ---------------------------------------------------- */

/* The last `do`/`wait` of an alternative and the lines after it so far. */
struct step_state {
    unsigned do_line;  /* 0: no `do` yet */
    unsigned expects;  /* expect and allow lines */
    unsigned order_line, result_line, none_line, wire_line; /* 0: none yet */
};

struct parser {
    struct vec_set *set;
    const char *file;
    unsigned line;
    char *err;
    size_t cap;
    struct vec_record *rec; /* the record being read, or NULL */
    /* its steps while it is read (rec->steps points here; end_record copies
     * them out at their size): one buffer for the whole file, not a
     * realloc per power of two of every record */
    struct vec_step *sbuf;
    unsigned scap;
    size_t first_new;       /* records added by this file start here */
    /* attribution of the steps that follow (`checks` / `setup`) */
    uint32_t cur_rules;     /* 0 with !cur_setup: all of the vector's rules */
    int cur_setup;
    uint32_t bound;         /* names bound by earlier lines (slots) */
    uint32_t prefix_bound;  /* ... before the first `branch` */
    int capture_ok;         /* ?name allowed in the value being parsed */
    int mask_ok;            /* VALUE/MASK allowed (expect, allow, query) */
    /* the step being described in the current alternative (the common
     * steps, then one branch); prefix: the same at the first `branch`, where
     * every alternative starts again */
    struct step_state cur, prefix;
    /* the bytes of the file, and where the current line starts and ends
     * (after its newline) */
    const char *text;
    size_t line_start, line_end;
};

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int fail(struct parser *ps, const char *fmt, ...)
{
    va_list ap;
    int n = snprintf(ps->err, ps->cap, "%s:%u: ", ps->file, ps->line);
    if (n >= 0 && (size_t)n < ps->cap) {
        va_start(ap, fmt);
        vsnprintf(ps->err + n, ps->cap - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static int parse_number(const char *s, uint64_t *out)
{
    unsigned base = 10;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        base = 16, s += 2;
    else if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
        base = 2, s += 2;
    if (*s == '\0')
        return -1;
    uint64_t v = 0;
    unsigned ndigits = 0;
    for (; *s; s++) {
        unsigned d;
        unsigned char c = (unsigned char)*s;
        if (c == '_')
            continue;
        if (isdigit(c))
            d = (unsigned)(c - '0');
        else if (isxdigit(c))
            d = (unsigned)(tolower(c) - 'a' + 10);
        else
            return -1;
        if (d >= base || v > (UINT64_MAX - d) / base)
            return -1;
        v = v * base + d;
        ndigits++;
    }
    if (ndigits == 0)
        return -1; /* "_" alone is not a number */
    *out = v;
    return 0;
}

static int name_char(int c)
{
    return islower(c) || isdigit(c) || c == '_';
}

/* The slot of a bound name (len bytes of name), or -1. */
static int bound_slot(const struct vec_record *r, const char *name, size_t len)
{
    for (unsigned i = 0; r && i < r->nbinds; i++)
        if (strlen(r->bind_names[i]) == len && strncmp(r->bind_names[i], name, len) == 0)
            return (int)i;
    return -1;
}

/* ?name, $name, ${name}, ${name+N}, ${name-N}, ${name^N}. */
static int parse_bound(struct parser *ps, const char *text, struct vec_val *v)
{
    struct vec_record *r = ps->rec;
    int capture = text[0] == '?';
    int braced = text[0] == '$' && text[1] == '{';
    const char *name = text + (braced ? 2 : 1);
    size_t len = 0;
    while (name_char((unsigned char)name[len]))
        len++;
    if (len == 0 || len >= VEC_BIND_NAME_MAX || !islower((unsigned char)name[0]))
        return fail(ps, "'%s': a bound name is lower-case letters, digits and '_' "
                        "(at most %u), starting with a letter", text,
                    VEC_BIND_NAME_MAX - 1);
    for (int i = 0; i < VEC_VAR_COUNT; i++)
        if (strlen(var_names[i]) == len && strncmp(var_names[i], name, len) == 0)
            return fail(ps, "'%s': %s is a profile variable, not a bound name "
                            "(write ${%s})", text, var_names[i], var_names[i]);
    const char *op = name + len;
    if (capture) {
        if (*op != '\0')
            return fail(ps, "'%s': ?name takes no offset", text);
        if (!ps->capture_ok)
            return fail(ps, "'%s': ?name binds a value only in an expect line", text);
        int slot = bound_slot(r, name, len);
        if (slot < 0) {
            if (r->nbinds >= VEC_MAX_BINDS)
                return fail(ps, "more than %u bound names in one vector", VEC_MAX_BINDS);
            if (r->bind_names == NULL &&
                (r->bind_names = calloc(VEC_MAX_BINDS, sizeof *r->bind_names)) == NULL)
                return fail(ps, "out of memory");
            memcpy(r->bind_names[r->nbinds], name, len);
            r->bind_names[r->nbinds][len] = '\0';
            slot = (int)r->nbinds++;
        }
        v->var = VEC_BIND + slot;
        v->capture = (ps->bound & (1u << slot)) == 0;
        ps->bound |= 1u << slot;
        return 0;
    }
    int slot = bound_slot(r, name, len);
    if (slot < 0 || !(ps->bound & (1u << slot)))
        return fail(ps, "'%s': %.*s is used before a ?%.*s binds it", text, (int)len, name,
                    (int)len, name);
    v->var = VEC_BIND + slot;
    if (!braced) {
        if (*op != '\0')
            return fail(ps, "'%s': write ${name+N}, ${name-N} or ${name^N}", text);
        return 0;
    }
    if (*op == '}' && op[1] == '\0')
        return 0;
    if ((*op != '+' && *op != '-' && *op != '^') || strchr(op, '}') == NULL ||
        strchr(op, '}')[1] != '\0')
        return fail(ps, "'%s': write ${name+N}, ${name-N} or ${name^N}", text);
    char num[32];
    size_t k = (size_t)(strchr(op, '}') - op - 1);
    uint64_t n;
    if (k == 0 || k >= sizeof num)
        return fail(ps, "'%s': bad offset", text);
    memcpy(num, op + 1, k);
    num[k] = '\0';
    if (parse_number(num, &n) != 0)
        return fail(ps, "'%s': bad offset", text);
    v->op = *op == '^' ? VEC_OP_XOR : VEC_OP_ADD;
    v->n = *op == '-' ? 0u - n : n;
    return 0;
}

/* A value for argument `arg`: number, symbol or ${var[+-N]}. */
static int parse_value(struct parser *ps, const char *kind, const char *arg,
                       const char *text, struct vec_val *v)
{
    v->var = VEC_VAR_NONE;
    v->n = 0;
    v->op = VEC_OP_ADD;
    v->capture = 0;
    v->masked = 0;
    v->care = 0;
    const char *slash = strchr(text, '/');
    if (slash != NULL) {
        /* VALUE/MASK: numbers only, where outputs are compared */
        char num[32];
        size_t k = (size_t)(slash - text);
        uint64_t care;
        if (!ps->mask_ok)
            return fail(ps, "'%s': VALUE/MASK is only for expect, allow and query "
                            "lines", text);
        if (k == 0 || k >= sizeof num)
            return fail(ps, "'%s': write VALUE/MASK with two numbers", text);
        memcpy(num, text, k);
        num[k] = '\0';
        if (parse_number(num, &v->n) != 0 || parse_number(slash + 1, &care) != 0)
            return fail(ps, "'%s': write VALUE/MASK with two numbers", text);
        if (care == 0)
            return fail(ps, "'%s': a mask of 0 compares nothing (write ?name to accept "
                            "any value)", text);
        if (v->n & ~care)
            return fail(ps, "'%s': the value has bits outside the mask", text);
        v->masked = 1;
        v->care = care;
        return 0;
    }
    if (text[0] == '?' || (text[0] == '$' && text[1] != '{'))
        return parse_bound(ps, text, v);
    if (text[0] == '$') {
        const char *end = strchr(text, '}');
        if (end == NULL || end[1] != '\0')
            return fail(ps, "'%s': missing or misplaced '}'", text);
        size_t len = strcspn(text + 2, "+-^}");
        int found = -1;
        for (int i = 0; i < VEC_VAR_COUNT; i++)
            if (strlen(var_names[i]) == len && strncmp(var_names[i], text + 2, len) == 0)
                found = i;
        if (found < 0 && bound_slot(ps->rec, text + 2, len) >= 0)
            return parse_bound(ps, text, v);
        if (found < 0)
            return fail(ps, "'%s': unknown variable (ports, last_port, vcs, "
                            "counter_width, tc, orphan_timeout, flow_list, "
                            "arb_pool) and no name bound by ?name before", text);
        v->var = found;
        const char *op = text + 2 + len;
        if (*op == '+' || *op == '-') {
            char num[32];
            size_t k = (size_t)(end - op - 1);
            uint64_t off;
            if (k == 0 || k >= sizeof num)
                return fail(ps, "'%s': bad offset", text);
            memcpy(num, op + 1, k);
            num[k] = '\0';
            if (parse_number(num, &off) != 0 || off > 0xFFFFFFFFu)
                return fail(ps, "'%s': bad offset", text);
            v->n = *op == '+' ? off : 0u - off;
        }
        return 0;
    }
    const char *mname = ps->rec && ps->rec->machine ? ps->rec->machine->name : "*";
    if (arg != NULL && rc_symbol_value(mname, kind, arg, text, &v->n) == 0)
        return 0;
    if (parse_number(text, &v->n) != 0)
        return fail(ps, "'%s' is not a number%s", text,
                    arg ? ", a symbol of this argument or ${variable}" : "");
    return 0;
}

/* hex=... for kinds with len/hi/lo arguments. */
static int parse_hex_arg(struct parser *ps, const struct rc_kind_desc *k,
                         const char *text, struct vec_step *st)
{
    int ilen = rc_kind_arg(k, "len"), ihi = rc_kind_arg(k, "hi"),
        ilo = rc_kind_arg(k, "lo");
    if (ilen < 0 || ihi < 0 || ilo < 0)
        return fail(ps, "'%s' has no byte-string argument for hex=", k->name);
    uint8_t b[16] = {0};
    size_t n = 0, digits = strlen(text);
    if (digits == 0 || digits % 2 != 0 || digits > 32)
        return fail(ps, "hex=%s: need an even number of hex digits, at most 32",
                    text);
    for (size_t i = 0; i < digits; i += 2) {
        unsigned v;
        char two[3] = {text[i], text[i + 1], '\0'};
        if (!isxdigit((unsigned char)two[0]) || !isxdigit((unsigned char)two[1]) ||
            sscanf(two, "%2x", &v) != 1)
            return fail(ps, "hex=%s: bad hex digit at column %zu", text, i + 1);
        b[n++] = (uint8_t)v;
    }
    uint64_t hi = 0, lo = 0;
    for (int i = 0; i < 8; i++)
        hi = (hi << 8) | b[i];
    for (int i = 8; i < 16; i++)
        lo = (lo << 8) | b[i];
    for (unsigned j = 0; j < st->nargs; j++)
        if (st->args[j].index == (unsigned)ilen || st->args[j].index == (unsigned)ihi ||
            st->args[j].index == (unsigned)ilo)
            return fail(ps, "hex= and len/hi/lo (or hex= twice) given together");
    if (st->nargs + 3 > RC_MAX_ARGS)
        return fail(ps, "too many arguments");
    st->args[st->nargs++] = (struct vec_arg){(unsigned)ilen, {.n = n, .var = VEC_VAR_NONE}};
    st->args[st->nargs++] = (struct vec_arg){(unsigned)ihi, {.n = hi, .var = VEC_VAR_NONE}};
    st->args[st->nargs++] = (struct vec_arg){(unsigned)ilo, {.n = lo, .var = VEC_VAR_NONE}};
    return 0;
}

/* name=value words of a do/expect/query line. */
static int parse_args(struct parser *ps, struct vec_step *st, char **w, int nw)
{
    for (int i = 0; i < nw; i++) {
        char *eq = strchr(w[i], '=');
        if (eq == NULL || eq == w[i] || eq[1] == '\0')
            return fail(ps, "'%s' is not name=value", w[i]);
        *eq = '\0';
        const char *name = w[i], *text = eq + 1;
        if (strcmp(name, "hex") == 0) {
            if (parse_hex_arg(ps, st->kind, text, st) != 0)
                return -1;
            continue;
        }
        if (strcmp(name, "repeat") == 0 && st->type == VEC_DO && !st->wait) {
            if (parse_value(ps, NULL, NULL, text, &st->repeat) != 0)
                return -1;
            continue;
        }
        if (st->type == VEC_DO && st->wait &&
            (strcmp(name, "upto") == 0 || strcmp(name, "from") == 0)) {
            int saved = ps->capture_ok;
            ps->capture_ok = 0;
            int rc = parse_value(ps, NULL, NULL, text, name[0] == 'u' ? &st->upto : &st->from);
            ps->capture_ok = saved;
            if (rc != 0)
                return -1;
            continue;
        }
        if (strcmp(name, "max") == 0 && st->type == VEC_ALLOW) {
            if (parse_number(text, &st->value.n) != 0 || st->value.n == 0)
                return fail(ps, "max=%s: a number of 1 or more", text);
            continue;
        }
        int idx = rc_kind_arg(st->kind, name);
        if (idx < 0)
            return fail(ps, "'%s' has no argument '%s'", st->kind->name, name);
        for (unsigned k = 0; k < st->nargs; k++)
            if (st->args[k].index == (unsigned)idx)
                return fail(ps, "argument '%s' given twice", name);
        if (st->nargs >= RC_MAX_ARGS)
            return fail(ps, "too many arguments");
        struct vec_arg *a = &st->args[st->nargs++];
        a->index = (unsigned)idx;
        if (parse_value(ps, st->kind->name, name, text, &a->v) != 0)
            return -1;
    }
    return 0;
}

/* The steps' arguments live in chunks owned by the set (a step keeps a
 * pointer): a step is then about 200 bytes instead of 800, and loading every
 * vector file touches a quarter of the memory. */
struct vec_arena {
    struct vec_arena *next;
    size_t used, cap;
    struct vec_arg a[];
};

static struct vec_arg *arena_args(struct vec_set *set, unsigned n)
{
    struct vec_arena *c = set->arena;
    if (c == NULL || c->cap - c->used < n) {
        size_t cap = 4096; /* >= RC_MAX_ARGS */
        c = malloc(sizeof *c + cap * sizeof c->a[0]);
        if (c == NULL)
            return NULL;
        c->next = set->arena;
        c->used = 0;
        c->cap = cap;
        set->arena = c;
    }
    struct vec_arg *p = &c->a[c->used];
    c->used += n;
    return p;
}

/* ---- result codes of a `result` line ------------------------------------- */

static const int result_codes[] = {
#define RES_CODE_(n, v, s) RC_##n,
    RC_RESULTS(RES_CODE_)
#undef RES_CODE_
};
#define N_RESULT_CODES (sizeof result_codes / sizeof result_codes[0])
_Static_assert(N_RESULT_CODES < 31, "a result set has a bit per code and VEC_RESULT_ERROR");

static uint32_t result_bit(int code)
{
    for (unsigned i = 0; i < N_RESULT_CODES; i++)
        if (result_codes[i] == code)
            return 1u << i;
    return 0;
}

/* `result NAME|NAME...`: each a result name or `error`, each once. */
static int parse_result(struct parser *ps, struct vec_step *st, const char *text)
{
    const char *p = text;
    st->results = 0;
    for (;;) {
        size_t len = strcspn(p, "|");
        char name[32];
        int code = RC_INVAL;
        uint32_t bit;
        if (len == 0 || len >= sizeof name)
            return fail(ps, "'result' needs result names separated by '|' (ok, crc, "
                        "reserved, ..., error), not '%s'", text);
        memcpy(name, p, len);
        name[len] = '\0';
        if (strcmp(name, "error") == 0)
            bit = VEC_RESULT_ERROR;
        else if (rc_result_by_name(name, &code) == 0)
            bit = result_bit(code);
        else
            return fail(ps, "'result': unknown result name '%s' (ok, inval, range, "
                        "crc, reserved, noent, ..., or error for any but ok and notsup)",
                        name);
        if (st->results & bit)
            return fail(ps, "'result': '%s' named twice", name);
        if (st->results == 0)
            st->result = code;
        st->results |= bit;
        if (p[len] == '\0')
            return 0;
        p += len + 1;
    }
}

int vec_result_accepts(const struct vec_step *s, int rc)
{
    if (s->results & result_bit(rc))
        return 1;
    return (s->results & VEC_RESULT_ERROR) && rc != RC_OK && rc != RC_NOTSUP;
}

int vec_result_single(const struct vec_step *s, int *code)
{
    if (s->results == 0 || (s->results & (s->results - 1)) != 0 ||
        (s->results & VEC_RESULT_ERROR))
        return 0;
    *code = s->result;
    return 1;
}

void vec_result_text(const struct vec_step *s, char buf[VEC_RESULT_TEXT_MAX])
{
    size_t off = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < N_RESULT_CODES; i++)
        if (s->results & (1u << i))
            off += (size_t)snprintf(buf + off, VEC_RESULT_TEXT_MAX - off, "%s%s",
                                    off ? "|" : "", rc_result_name(result_codes[i]));
    if (s->results & VEC_RESULT_ERROR)
        snprintf(buf + off, VEC_RESULT_TEXT_MAX - off, "%s%s", off ? "|" : "", "error");
}
static int add_step(struct parser *ps, const struct vec_step *st)
{
    struct vec_record *r = ps->rec;
    if (r->nsteps >= VEC_MAX_STEPS)
        return fail(ps, "more than %u steps in one vector", VEC_MAX_STEPS);
    if (r->nsteps == ps->scap) {
        unsigned want = ps->scap ? 2u * ps->scap : 64u;
        struct vec_step *p = realloc(ps->sbuf, want * sizeof *p);
        if (p == NULL)
            return fail(ps, "out of memory");
        ps->sbuf = p;
        ps->scap = want;
    }
    r->steps = ps->sbuf;
    struct vec_step *to = &r->steps[r->nsteps];
    *to = *st;
    to->args = NULL;
    if (st->nargs > 0) {
        if ((to->args = arena_args(ps->set, st->nargs)) == NULL)
            return fail(ps, "out of memory");
        memcpy(to->args, st->args, st->nargs * sizeof *to->args);
    }
    r->nsteps++;
    return 0;
}

static int last_do(const struct vec_record *r)
{
    for (unsigned i = r->nsteps; i > 0; i--)
        if (r->steps[i - 1].type == VEC_DO)
            return (int)(i - 1);
    return -1;
}

static int begin_record(struct parser *ps, char **w, int nw, int sweep)
{
    if (nw != 2)
        return fail(ps, "'%s' takes exactly one id", w[0]);
    size_t len = strlen(w[1]);
    if (len == 0 || len >= VEC_ID_MAX)
        return fail(ps, "id '%s' is empty or longer than %u characters", w[1],
                    VEC_ID_MAX - 1);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)w[1][i];
        if (!isalnum(c) && c != '.' && c != '_' && c != '-')
            return fail(ps, "id '%s': only letters, digits, '.', '_' and '-'", w[1]);
    }
    struct vec_set *s = ps->set;
    if (s->n == s->cap) {
        size_t want = s->cap ? 2 * s->cap : 64;
        struct vec_record *p = realloc(s->rec, want * sizeof *p);
        if (p == NULL)
            return fail(ps, "out of memory");
        s->rec = p;
        s->cap = want;
    }
    ps->rec = &s->rec[s->n++];
    memset(ps->rec, 0, sizeof *ps->rec);
    ps->cur_rules = 0;
    ps->cur_setup = 0;
    ps->bound = ps->prefix_bound = 0;
    ps->capture_ok = 0;
    memset(&ps->cur, 0, sizeof ps->cur);
    memset(&ps->prefix, 0, sizeof ps->prefix);
    memcpy(ps->rec->id, w[1], len + 1);
    ps->rec->file = ps->file;
    ps->rec->line = ps->line;
    ps->rec->text = ps->text + ps->line_start;
    ps->rec->sweep = sweep;
    return 0;
}

static int end_record(struct parser *ps)
{
    struct vec_record *r = ps->rec;
    r->end_line = ps->line;
    r->text_len = ps->line_end - (size_t)(r->text - ps->text);
    if (r->nrules == 0)
        return fail(ps, "vector %s has no 'rules' line", r->id);
    if (r->revs == 0)
        return fail(ps, "vector %s has no 'rev' line", r->id);
    if (r->cite[0] == '\0')
        return fail(ps, "vector %s has no 'cite' line", r->id);
    if (r->sweep) {
        if (r->oracle[0] == '\0')
            return fail(ps, "sweep %s has no 'oracle' line", r->id);
    } else {
        if (r->machine == NULL)
            return fail(ps, "vector %s has no 'machine' line", r->id);
        if (last_do(r) < 0 && !vec_is_create_refused(r))
            return fail(ps, "vector %s has no 'do' step (nor 'create refused')", r->id);
        if (r->nsteps > 0 && r->steps[r->nsteps - 1].type == VEC_BRANCH)
            return fail(ps, "vector %s: an empty 'branch' at its end", r->id);
        for (unsigned i = 0; i + 1 < r->nsteps; i++)
            if (r->steps[i].type == VEC_BRANCH && r->steps[i + 1].type == VEC_BRANCH)
                return fail(ps, "vector %s: an empty 'branch' (line %u)", r->id,
                            r->steps[i].line);
        uint32_t all = r->nrules >= 32 ? 0xFFFFFFFFu : (1u << r->nrules) - 1u;
        for (unsigned i = 0; i < r->nsteps; i++) {
            struct vec_step *st = &r->steps[i];
            if ((st->type == VEC_DO || st->type == VEC_QUERY ||
                 st->type == VEC_CREATE_REFUSED) && !st->setup && st->rules == 0)
                st->rules = all;
            if (st->type != VEC_ORDER || st->order_any)
                continue;
            /* order by: every expect line of the step names the keys (the
             * lines around it up to a do or a branch) */
            unsigned lo = i, hi = i;
            while (lo > 0 && r->steps[lo - 1].type != VEC_DO &&
                   r->steps[lo - 1].type != VEC_BRANCH)
                lo--;
            while (hi + 1 < r->nsteps && r->steps[hi + 1].type != VEC_DO &&
                   r->steps[hi + 1].type != VEC_BRANCH)
                hi++;
            for (unsigned k = lo; k <= hi; k++) {
                const struct vec_step *e = &r->steps[k];
                if (e->type != VEC_EXPECT || !(e->kind->flags & RC_WIRE))
                    continue;
                uint32_t have = 0;
                for (unsigned a = 0; a < e->nargs; a++)
                    have |= 1u << e->args[a].index;
                if ((have & st->order_keys) != st->order_keys) {
                    ps->line = e->line;
                    return fail(ps, "this expect line does not give every argument "
                                    "of the 'order by' line %u", st->line);
                }
            }
        }
    }
    if (r->nsteps > 0) {
        struct vec_step *own = malloc(r->nsteps * sizeof *own);
        if (own == NULL)
            return fail(ps, "out of memory");
        memcpy(own, r->steps, r->nsteps * sizeof *own);
        r->steps = own;
    }
    ps->rec = NULL;
    return 0;
}

static int header_line(struct parser *ps, char **w, int nw, char *rest)
{
    struct vec_record *r = ps->rec;
    const char *key = w[0];
    if (strcmp(key, "rules") == 0) {
        if (nw < 2)
            return fail(ps, "'rules' needs at least one rule id");
        for (int i = 1; i < nw; i++) {
            if (r->nrules >= VEC_MAX_RULES)
                return fail(ps, "more than %u rule ids", VEC_MAX_RULES);
            for (unsigned k = 0; k < r->nrules; k++)
                if (strcmp(r->rules[k], w[i]) == 0)
                    return fail(ps, "rule %s given twice", w[i]);
            r->rules[r->nrules] = strdup(w[i]);
            if (r->rules[r->nrules] == NULL)
                return fail(ps, "out of memory");
            r->nrules++;
        }
        return 0;
    }
    if (strcmp(key, "rev") == 0) {
        if (nw < 2)
            return fail(ps, "'rev' needs p12r2, p12r3, p9r2 or p9r3");
        for (int i = 1; i < nw; i++) {
            uint32_t bit = strcmp(w[i], "p12r2") == 0   ? VEC_P12R2
                           : strcmp(w[i], "p12r3") == 0 ? VEC_P12R3
                           : strcmp(w[i], "p9r2") == 0  ? VEC_P9R2
                           : strcmp(w[i], "p9r3") == 0  ? VEC_P9R3
                                                        : 0;
            if (bit == 0)
                return fail(ps, "revision '%s': use p12r2, p12r3, p9r2 or p9r3",
                            w[i]);
            r->revs |= bit;
        }
        return 0;
    }
    if (strcmp(key, "needs") == 0) {
        for (int i = 1; i < nw; i++) {
            uint32_t bit = rc_cap_by_name(w[i]);
            if (bit == 0)
                return fail(ps, "unknown capability '%s'", w[i]);
            r->needs |= bit;
        }
        return 0;
    }
    if (strcmp(key, "params") == 0) {
        for (int i = 1; i < nw; i++) {
            int found = -1;
            for (int v = 0; v < VEC_VAR_COUNT; v++)
                if (strcmp(var_names[v], w[i]) == 0)
                    found = v;
            if (found < 0)
                return fail(ps, "unknown parameter '%s'", w[i]);
            r->params |= 1u << found;
        }
        return 0;
    }
    if (strcmp(key, "cite") == 0) {
        if (rest == NULL || *rest == '\0')
            return fail(ps, "'cite' needs the spec source");
        if (strlen(rest) >= VEC_CITE_MAX)
            return fail(ps, "'cite' longer than %u characters", VEC_CITE_MAX - 1);
        strcpy(r->cite, rest);
        return 0;
    }
    if (strcmp(key, "policy") == 0) {
        if (nw < 2)
            return fail(ps, "'policy' needs KEY=VALUE (RC_POLICIES of dut.h)");
        for (int i = 1; i < nw; i++) {
            char *eq = strchr(w[i], '=');
            if (eq == NULL || eq == w[i] || eq[1] == '\0')
                return fail(ps, "'%s' is not KEY=VALUE", w[i]);
            *eq = '\0';
            int idx = rc_policy_by_name(w[i]);
            if (idx < 0)
                return fail(ps, "unknown policy '%s' (RC_POLICIES of dut.h)", w[i]);
            int val = rc_policy_value((unsigned)idx, eq + 1);
            if (val < 0)
                return fail(ps, "policy %s has no value '%s' (RC_POLICY_VALUES of dut.h)",
                            w[i], eq + 1);
            for (unsigned k = 0; k < r->npolicy; k++)
                if (r->policy[k].index == (unsigned)idx)
                    return fail(ps, "policy '%s' given twice", w[i]);
            if (r->npolicy >= RC_POLICY_SLOTS) /* NEVER: each policy once */
                return fail(ps, "more than %u policies", RC_POLICY_SLOTS);
            r->policy[r->npolicy].index = (uint8_t)idx;
            r->policy[r->npolicy].value = (uint8_t)val;
            r->npolicy++;
        }
        return 0;
    }
    if (strcmp(key, "oracle") == 0) {
        if (!r->sweep)
            return fail(ps, "'oracle' belongs to sweep records");
        if (nw != 2 || strlen(w[1]) >= sizeof r->oracle)
            return fail(ps, "'oracle' takes one name (at most %zu characters)",
                        sizeof r->oracle - 1);
        strcpy(r->oracle, w[1]);
        return 0;
    }
    if (strcmp(key, "machine") == 0) {
        if (r->sweep)
            return fail(ps, "a sweep has no machine");
        if (r->machine != NULL)
            return fail(ps, "one 'machine' line per vector");
        if (nw < 2 || (r->machine = rc_machine_by_name(w[1])) == NULL)
            return fail(ps, "'machine' needs one of codec, p12reg, p9reg, gen, "
                            "rx, ep, sw, arbtx, arbrx");
        if (nw - 2 > (int)RC_MAX_CONFIG)
            return fail(ps, "more than %u config keys", RC_MAX_CONFIG);
        if (nw > 2 && (r->cfg = calloc((size_t)(nw - 2), sizeof *r->cfg)) == NULL)
            return fail(ps, "out of memory");
        for (int i = 2; i < nw; i++) {
            char *eq = strchr(w[i], '=');
            if (eq == NULL || eq == w[i] || eq[1] == '\0')
                return fail(ps, "'%s' is not key=value", w[i]);
            *eq = '\0';
            const struct rc_cfg_desc *c = rc_cfg_by_name(r->machine, w[i]);
            if (c == NULL)
                return fail(ps, "machine %s has no config key '%s'",
                            r->machine->name, w[i]);
            for (unsigned k = 0; k < r->ncfg; k++)
                if (r->cfg[k].key == c->key)
                    return fail(ps, "config key '%s' given twice", w[i]);
            r->cfg[r->ncfg].key = c->key; /* ncfg < nw - 2 */
            if (parse_value(ps, NULL, w[i], eq + 1, &r->cfg[r->ncfg].v) != 0)
                return -1;
            r->ncfg++;
        }
        return 0;
    }
    return 1; /* not a header keyword */
}

/* One more expect or allow line after the current `do`. */
static int count_expect(struct parser *ps)
{
    if (++ps->cur.expects > VEC_MAX_EXPECT)
        return fail(ps, "more than %u expect and allow lines after the 'do' or "
                        "'wait' of line %u", VEC_MAX_EXPECT, ps->cur.do_line);
    return 0;
}

/* repeat=N, wait upto=N from=M: literals in range (values from variables are
 * checked by the runner). */
static int check_times(struct parser *ps, const struct vec_step *st)
{
    if (!st->wait) {
        if (st->repeat.var == VEC_VAR_NONE &&
            (st->repeat.n == 0 || st->repeat.n > VEC_REPEAT_MAX))
            return fail(ps, "repeat=%llu: the number of applications is 1 to %u",
                        (unsigned long long)st->repeat.n, VEC_REPEAT_MAX);
        return 0;
    }
    if (st->upto.var == VEC_VAR_NONE && (st->upto.n == 0 || st->upto.n > VEC_REPEAT_MAX))
        return fail(ps, "'wait' needs upto=N, 1 <= N <= %u", VEC_REPEAT_MAX);
    if (st->from.var == VEC_VAR_NONE && st->upto.var == VEC_VAR_NONE &&
        st->from.n > st->upto.n)
        return fail(ps, "wait from=%llu is after upto=%llu",
                    (unsigned long long)st->from.n, (unsigned long long)st->upto.n);
    return 0;
}

static int step_line(struct parser *ps, char **w, int nw)
{
    struct vec_record *r = ps->rec;
    struct vec_step st;
    struct vec_arg args[RC_MAX_ARGS]; /* copied into the set by add_step */
    memset(&st, 0, sizeof st);
    st.args = args;
    st.line = ps->line;
    st.repeat = (struct vec_val){.n = 1, .var = VEC_VAR_NONE};
    st.value = st.upto = st.from = (struct vec_val){.n = 0, .var = VEC_VAR_NONE};
    const char *key = w[0];
    if (r->sweep)
        return fail(ps, "'%s' does not belong in a sweep", key);
    if (r->machine == NULL)
        return fail(ps, "'%s' before the 'machine' line", key);
    const struct rc_machine_desc *m = r->machine;
    if (vec_is_create_refused(r) && strcmp(key, "checks") != 0 && strcmp(key, "setup") != 0)
        return fail(ps, "'%s' after 'create refused' (line %u): that is the vector's "
                        "only step", key, r->steps[0].line);
    if (strcmp(key, "create") == 0) {
        if (nw != 2 || strcmp(w[1], "refused") != 0)
            return fail(ps, "'create' is: create refused");
        if (r->nsteps != 0)
            return fail(ps, "'create refused' must be the vector's only step (a step "
                            "comes before it at line %u)", r->steps[0].line);
        if (ps->cur_setup)
            return fail(ps, "'create refused' is a check, not a set-up step "
                            "(write 'checks' before it)");
        st.type = VEC_CREATE_REFUSED;
        st.rules = ps->cur_rules;
        return add_step(ps, &st);
    }
    if (strcmp(key, "do") == 0 || strcmp(key, "wait") == 0 || strcmp(key, "query") == 0) {
        st.rules = ps->cur_rules; /* attribution: only steps that are judged */
        st.setup = (uint8_t)ps->cur_setup;
    }
    if (strcmp(key, "checks") == 0 || strcmp(key, "setup") == 0) {
        uint32_t mask = 0;
        for (int i = 1; i < nw; i++) {
            unsigned k = 0;
            while (k < r->nrules && strcmp(r->rules[k], w[i]) != 0)
                k++;
            if (k == r->nrules)
                return fail(ps, "'%s': rule %s is not on the vector's 'rules' line "
                                "(above this line)", key, w[i]);
            mask |= 1u << k;
        }
        ps->cur_rules = mask;
        ps->cur_setup = key[0] == 's';
        if (ps->cur_setup)
            r->nsetup++;
        return 0;
    }
    if (strcmp(key, "branch") == 0) {
        if (nw != 1)
            return fail(ps, "'branch' takes no arguments");
        if (r->nbranches == 0) {
            ps->prefix_bound = ps->bound;
            ps->prefix = ps->cur;
        }
        ps->bound = ps->prefix_bound;
        ps->cur = ps->prefix;
        st.type = VEC_BRANCH;
        r->nbranches++;
        return add_step(ps, &st);
    }
    if (strcmp(key, "do") == 0 || strcmp(key, "wait") == 0) {
        st.type = VEC_DO;
        st.wait = key[0] == 'w';
        if (nw < 2 || (st.kind = rc_kind_by_name(m->events, m->nevents, w[1])) == NULL)
            return fail(ps, "'%s' needs an event of machine %s", key, m->name);
        if (parse_args(ps, &st, w + 2, nw - 2) != 0)
            return -1;
        if (check_times(ps, &st) != 0)
            return -1;
        memset(&ps->cur, 0, sizeof ps->cur);
        ps->cur.do_line = ps->line;
        return add_step(ps, &st);
    }
    if (ps->cur.do_line == 0)
        return fail(ps, "'%s' before any 'do'%s", key,
                    r->nbranches ? " (in the common steps or this branch)" : "");
    if (strcmp(key, "order") == 0) {
        st.type = VEC_ORDER;
        if (ps->cur.order_line != 0)
            return fail(ps, "one 'order' line per step (another at line %u)",
                        ps->cur.order_line);
        ps->cur.order_line = ps->line;
        if (nw == 2 && strcmp(w[1], "any") == 0) {
            st.order_any = 1;
            return add_step(ps, &st);
        }
        if (nw < 3 || strcmp(w[1], "by") != 0)
            return fail(ps, "'order' is: order any | order by ARG...");
        for (int i = 2; i < nw; i++) {
            int found = -1;
            for (size_t o = 0; o < m->noutputs && found < 0; o++)
                if (m->outputs[o].flags & RC_WIRE)
                    found = rc_kind_arg(&m->outputs[o], w[i]);
            if (found < 0)
                return fail(ps, "'order by %s': no wire output of machine %s has "
                                "that argument", w[i], m->name);
            st.order_keys |= 1u << found;
        }
        return add_step(ps, &st);
    }
    if (strcmp(key, "allow") == 0) {
        st.type = VEC_ALLOW;
        if (nw < 2 || (st.kind = rc_kind_by_name(m->outputs, m->noutputs, w[1])) == NULL ||
            !(st.kind->flags & RC_WIRE))
            return fail(ps, "'allow' needs a wire output of machine %s", m->name);
        ps->mask_ok = 1;
        int rc = parse_args(ps, &st, w + 2, nw - 2);
        ps->mask_ok = 0;
        if (rc != 0 || count_expect(ps) != 0)
            return -1;
        return add_step(ps, &st);
    }
    if (strcmp(key, "expect") == 0) {
        if (nw == 2 && (strcmp(w[1], "none") == 0 || strcmp(w[1], "any") == 0)) {
            st.type = w[1][0] == 'n' ? VEC_EXPECT_NONE : VEC_EXPECT_ANY;
            unsigned other = st.type == VEC_EXPECT_NONE ? ps->cur.wire_line
                                                        : ps->cur.none_line;
            if (other != 0)
                return fail(ps, "'expect %s' contradicts the %s of line %u", w[1],
                            st.type == VEC_EXPECT_NONE ? "expected wire output"
                                                       : "'expect none'", other);
            if (st.type == VEC_EXPECT_NONE)
                ps->cur.none_line = ps->line;
            else
                ps->cur.wire_line = ps->line;
            return add_step(ps, &st);
        }
        st.type = VEC_EXPECT;
        if (nw < 2 || (st.kind = rc_kind_by_name(m->outputs, m->noutputs, w[1])) == NULL)
            return fail(ps, "'expect' needs none, any or an output of machine %s",
                        m->name);
        if ((st.kind->flags & RC_WIRE) && ps->cur.none_line != 0)
            return fail(ps, "'expect %s' contradicts the 'expect none' of line %u",
                        w[1], ps->cur.none_line);
        ps->capture_ok = ps->mask_ok = 1;
        int rc = parse_args(ps, &st, w + 2, nw - 2);
        ps->capture_ok = ps->mask_ok = 0;
        if (rc != 0 || count_expect(ps) != 0)
            return -1;
        if (st.kind->flags & RC_WIRE)
            ps->cur.wire_line = ps->line;
        return add_step(ps, &st);
    }
    if (strcmp(key, "result") == 0) {
        st.type = VEC_RESULT;
        if (nw != 2)
            return fail(ps, "'result' needs one result name (ok, crc, reserved, ...) "
                        "or several separated by '|' (range|noent, ok|error)");
        if (parse_result(ps, &st, w[1]) != 0)
            return -1;
        if (ps->cur.result_line != 0)
            return fail(ps, "one 'result' line per step (another at line %u)",
                        ps->cur.result_line);
        ps->cur.result_line = ps->line;
        return add_step(ps, &st);
    }
    if (strcmp(key, "query") == 0) {
        st.type = VEC_QUERY;
        if (nw < 4 || strcmp(w[nw - 2], "==") != 0)
            return fail(ps, "'query' is: query NAME arg=value... == VALUE");
        if ((st.kind = rc_kind_by_name(m->queries, m->nqueries, w[1])) == NULL)
            return fail(ps, "machine %s has no query '%s'", m->name, w[1]);
        if (parse_args(ps, &st, w + 2, nw - 4) != 0)
            return -1;
        ps->mask_ok = 1;
        int vrc = parse_value(ps, w[1], w[1], w[nw - 1], &st.value);
        ps->mask_ok = 0;
        if (vrc != 0)
            return -1;
        return add_step(ps, &st);
    }
    return fail(ps, "unknown keyword '%s'", key);
}

static void free_record(struct vec_record *r)
{
    for (unsigned i = 0; i < r->nrules; i++)
        free(r->rules[i]);
    free(r->steps);
    free(r->cfg);
    free(r->bind_names);
}

static int parse_line(struct parser *ps, char *line)
{
    char *hash = strchr(line, '#');
    if (hash)
        *hash = '\0';
    /* the raw rest of the line after the keyword, for `cite` */
    char *p = line;
    while (*p == ' ' || *p == '\t')
        p++;
    char *rest = p + strcspn(p, " \t");
    while (*rest == ' ' || *rest == '\t')
        rest++;
    size_t rl = strlen(rest);
    while (rl > 0 && (rest[rl - 1] == ' ' || rest[rl - 1] == '\t' || rest[rl - 1] == '\r'))
        rest[--rl] = '\0';
    char restcopy[VEC_LINE_MAX];
    snprintf(restcopy, sizeof restcopy, "%s", rest);

    char *w[VEC_CITE_MAX / 2 + 8]; /* a cite line is words too */
    int nw = 0;
    for (char *t = strtok(line, " \t\r"); t; t = strtok(NULL, " \t\r")) {
        if (nw == (int)(sizeof w / sizeof w[0]))
            return fail(ps, "more than %zu words on one line", sizeof w / sizeof w[0]);
        w[nw++] = t;
    }
    if (nw == 0)
        return 0;
    if (ps->rec == NULL) {
        if (strcmp(w[0], "vector") == 0)
            return begin_record(ps, w, nw, 0);
        if (strcmp(w[0], "sweep") == 0)
            return begin_record(ps, w, nw, 1);
        return fail(ps, "'%s' outside a record (records start with 'vector ID' "
                        "or 'sweep ID')", w[0]);
    }
    if (strcmp(w[0], "end") == 0) {
        if (nw != 1)
            return fail(ps, "'end' takes nothing");
        return end_record(ps);
    }
    if (strcmp(w[0], "vector") == 0 || strcmp(w[0], "sweep") == 0)
        return fail(ps, "'%s' inside record %s: missing 'end'", w[0], ps->rec->id);
    int h = header_line(ps, w, nw, restcopy);
    if (h <= 0)
        return h;
    return step_line(ps, w, nw);
}

/* Append a file to the set: its name and its bytes (text, len + 1 bytes
 * with a NUL, taken over: freed here on failure). */
static int add_file(struct vec_set *set, const char *name, char *text, size_t len)
{
    char *fname = strdup(name);
    char **files = fname ? realloc(set->files, (set->nfiles + 1) * sizeof *files) : NULL;
    if (files != NULL)
        set->files = files;
    char **texts = files ? realloc(set->texts, (set->nfiles + 1) * sizeof *texts) : NULL;
    if (texts != NULL)
        set->texts = texts;
    size_t *lens = texts ? realloc(set->text_lens, (set->nfiles + 1) * sizeof *lens) : NULL;
    if (lens == NULL) {
        free(fname);
        free(text);
        return -1;
    }
    set->text_lens = lens;
    set->files[set->nfiles] = fname;
    set->texts[set->nfiles] = text;
    set->text_lens[set->nfiles] = len;
    set->nfiles++;
    return 0;
}

/* Parse the last file added to the set. */
static int parse_file(struct vec_set *set, char *err, size_t cap)
{
    size_t f = set->nfiles - 1;
    const char *text = set->texts[f];
    size_t len = set->text_lens[f];
    struct parser ps = {.set = set, .file = set->files[f], .err = err, .cap = cap,
                        .first_new = set->n, .text = text};
    size_t pos = 0;
    int rc = 0;
    /* a UTF-8 byte order mark, as some editors write: not part of line 1 */
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        pos = 3;
    while (pos < len && rc == 0) {
        size_t end = pos;
        while (end < len && text[end] != '\n')
            end++;
        ps.line++;
        ps.line_start = pos;
        ps.line_end = end < len ? end + 1 : end;
        size_t n = end - pos;
        if (n >= VEC_LINE_MAX) {
            rc = fail(&ps, "line longer than %u characters", VEC_LINE_MAX - 1);
            break;
        }
        char line[VEC_LINE_MAX];
        memcpy(line, text + pos, n);
        line[n] = '\0';
        if (memchr(line, '\0', n) != NULL) {
            rc = fail(&ps, "NUL byte in a text file");
            break;
        }
        if (n >= 3 && memcmp(line, "\xEF\xBB\xBF", 3) == 0) {
            rc = fail(&ps, "a UTF-8 byte order mark (EF BB BF) is allowed only at the "
                           "start of the file");
            break;
        }
        rc = parse_line(&ps, line);
        pos = end + 1;
    }
    if (rc == 0 && ps.rec != NULL) {
        ps.line++;
        rc = fail(&ps, "end of file inside record %s (missing 'end')", ps.rec->id);
    }
    if (rc != 0) {
        if (ps.rec != NULL && ps.rec->steps == ps.sbuf)
            ps.rec->steps = NULL; /* not its own yet */
        for (size_t i = ps.first_new; i < set->n; i++)
            free_record(&set->rec[i]);
        set->n = ps.first_new;
    }
    free(ps.sbuf);
    return rc;
}

int vec_load_text(struct vec_set *set, const char *name, const char *text,
                  size_t len, char *err, size_t cap)
{
    char *copy = len < SIZE_MAX ? malloc(len + 1) : NULL;
    if (copy != NULL) {
        if (len > 0)
            memcpy(copy, text, len);
        copy[len] = '\0';
    }
    if (copy == NULL || add_file(set, name, copy, len) != 0) {
        snprintf(err, cap, "%s: out of memory", name);
        return -1;
    }
    return parse_file(set, err, cap);
}

#define VEC_FILE_MAX (64u << 20)

int vec_load_file(struct vec_set *set, const char *path, char *err, size_t cap)
{
    FILE *f = fopen(path, "rbe");
    if (f == NULL) {
        snprintf(err, cap, "%s: %s", path, strerror(errno));
        return -1;
    }
    /* read once, to the end: a FIFO or a pipe cannot be read again */
    size_t size = 0, alloc = 65536;
    char *buf = malloc(alloc + 1);
    const char *why = buf ? NULL : "out of memory";
    while (why == NULL) {
        errno = 0;
        size_t got = fread(buf + size, 1, alloc - size, f);
        size += got;
        if (got == 0) {
            if (ferror(f))
                why = errno ? strerror(errno) : "read error";
            break;
        }
        if (size == alloc) {
            if (alloc >= VEC_FILE_MAX) {
                why = "larger than 64 MiB";
                break;
            }
            char *p = realloc(buf, 2 * alloc + 1);
            if (p == NULL) {
                why = "out of memory";
                break;
            }
            buf = p;
            alloc *= 2;
        }
    }
    fclose(f);
    if (why != NULL) {
        free(buf);
        snprintf(err, cap, "%s: %s", path, why);
        return -1;
    }
    buf[size] = '\0';
    if (add_file(set, path, buf, size) != 0) {
        snprintf(err, cap, "%s: out of memory", path);
        return -1;
    }
    return parse_file(set, err, cap);
}

static uint64_t fnv1a(const char *s)
{
    uint64_t h = 0xcbf29ce484222325u;
    for (; *s; s++) {
        h ^= (uint64_t)(unsigned char)*s;
        h *= 0x100000001b3u;
    }
    return h;
}

int vec_check_unique(const struct vec_set *set, char *err, size_t cap)
{
    /* one pass in load order over an open-addressing table of the ids seen
     * (hash, record index + 1; 0 = empty), at most half full */
    size_t size = 16;
    while (size < 2 * set->n)
        size *= 2;
    struct slot {
        uint64_t h;
        size_t i;
    } *t = calloc(size, sizeof *t);
    if (t == NULL) {
        snprintf(err, cap, "checking vector ids: out of memory");
        return -1;
    }
    /* of the ids used twice, the one first used earliest, and its second use */
    size_t first = 0, again = 0; /* index + 1; 0 = none */
    for (size_t j = 0; j < set->n; j++) {
        uint64_t h = fnv1a(set->rec[j].id);
        size_t k = (size_t)h & (size - 1);
        while (t[k].i != 0 && (t[k].h != h || strcmp(set->rec[t[k].i - 1].id,
                                                     set->rec[j].id) != 0))
            k = (k + 1) & (size - 1);
        if (t[k].i == 0) {
            t[k].h = h;
            t[k].i = j + 1;
        } else if (first == 0 || t[k].i < first) {
            first = t[k].i;
            again = j + 1;
        }
    }
    free(t);
    if (first == 0)
        return 0;
    const struct vec_record *a = &set->rec[first - 1], *b = &set->rec[again - 1];
    snprintf(err, cap, "%s:%u: vector id %s already used at %s:%u", b->file, b->line,
             b->id, a->file, a->line);
    return -1;
}

void vec_set_hash(char out[17], const struct vec_set *set)
{
    uint64_t h = 0xcbf29ce484222325u; /* FNV-1a 64 */
    for (size_t f = 0; f < set->nfiles; f++)
        for (size_t i = 0; i < set->text_lens[f]; i++) {
            h ^= (uint64_t)(unsigned char)set->texts[f][i];
            h *= 0x100000001b3u;
        }
    snprintf(out, 17, "%016llx", (unsigned long long)h);
}

int vec_is_create_refused(const struct vec_record *r)
{
    return !r->sweep && r->nsteps > 0 && r->steps[0].type == VEC_CREATE_REFUSED;
}

/* A result step accepting a rejection: a code other than ok and notsup. */
static int rejects(const struct vec_step *s)
{
    return (s->results & ~(result_bit(RC_OK) | result_bit(RC_NOTSUP))) != 0;
}

int vec_is_negative(const struct vec_record *r)
{
    for (unsigned i = 0; i < r->nsteps; i++)
        if (r->steps[i].type == VEC_RESULT && rejects(&r->steps[i]))
            return 1;
    return 0;
}

int vec_negative_unpaired(const struct vec_record *r)
{
    int setup_done = 0;
    for (unsigned i = 0; i < r->nsteps; i++) {
        const struct vec_step *s = &r->steps[i];
        if (s->type == VEC_DO && s->setup)
            setup_done = 1;
        if (s->type == VEC_BRANCH)
            continue;
        if (s->type == VEC_RESULT && rejects(s))
            return !setup_done;
    }
    return 0;
}

void vec_set_free(struct vec_set *set)
{
    for (size_t i = 0; i < set->n; i++)
        free_record(&set->rec[i]);
    free(set->rec);
    for (size_t i = 0; i < set->nfiles; i++) {
        free(set->files[i]);
        free(set->texts[i]);
    }
    free(set->files);
    free(set->texts);
    free(set->text_lens);
    while (set->arena) {
        struct vec_arena *next = set->arena->next;
        free(set->arena);
        set->arena = next;
    }
    memset(set, 0, sizeof *set);
}
