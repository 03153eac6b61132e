/* SPDX-License-Identifier: Apache-2.0 */
/* Playing one vector against a DUT. */
#include "run.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../oracle/oracle.h"
#include "dutload.h"

#define OUT_CAP 8192u /* outputs of one `do`, all repetitions together */

/* The detail of an ERROR caused by a lost DUT (RC_LOST). */
static const char *lost_why(const struct rc_dut *dut)
{
    return rc_dut_why_lost(dut);
}

const char *rc_verdict_name(enum rc_verdict v)
{
    switch (v) {
    case RC_V_PASS:
        return "pass";
    case RC_V_FAIL:
        return "fail";
    case RC_V_ERROR:
        return "error";
    case RC_V_NA:
        return "not-applicable";
    case RC_V_WAIVED:
        return "waived";
    case RC_V_INCONCLUSIVE:
        return "inconclusive";
    }
    return "?";
}

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static void verdict(struct rc_vec_result *res, enum rc_verdict v, unsigned line,
                    const char *fmt, ...)
{
    va_list ap;
    res->verdict = v;
    res->line = line;
    va_start(ap, fmt);
    vsnprintf(res->detail, sizeof res->detail, fmt, ap);
    va_end(ap);
}

/* After a not-applicable verdict caused by an RC_NOTSUP: the DUT's reason,
 * if it declares why_notsup and gives one (rc_dut_why_notsup: bounded and
 * cleaned), appended to the detail. */
static void notsup_why(const struct rc_dut *dut, struct rc_vec_result *res)
{
    char why[RC_WHY_NOTSUP_MAX + 1];
    if (!rc_dut_why_notsup(dut, why, sizeof why))
        return;
    size_t len = strlen(res->detail);
    if (len < sizeof res->detail)
        snprintf(res->detail + len, sizeof res->detail - len, "; the DUT says: %s", why);
}

/* The machine-readable halves of a FAIL, for the results files. */
static void expect_actual(struct rc_vec_result *res, const char *expected,
                          const char *actual)
{
    /* truncation is fine: the full text is in detail */
    size_t a = strlen(expected), b = strlen(actual);
    a = a < sizeof res->expected - 1 ? a : sizeof res->expected - 1;
    b = b < sizeof res->actual - 1 ? b : sizeof res->actual - 1;
    memcpy(res->expected, expected, a);
    res->expected[a] = '\0';
    memcpy(res->actual, actual, b);
    res->actual[b] = '\0';
}

/* A byte string's arguments (len, hi, lo: up to 16 bytes, big-endian, hi
 * holding bytes 0-7 with byte 0 in its top 8 bits; docs/vendor-guide.md),
 * printed the way the vectors write it, " hex=807FC4003902": 2*len
 * upper-case digits, leading zero bytes kept. -1 when the values are not a
 * byte string hex= can write (len 0 or over 16, or a bit set past len
 * bytes): the caller then prints the three (hi_lo_width). */
static int format_hex(char *dst, size_t cap, uint64_t len, uint64_t hi, uint64_t lo)
{
    static const char digit[] = "0123456789ABCDEF";
    if (len == 0 || len > 16)
        return -1;
    char hex[33];
    for (unsigned i = 0; i < 16; i++) {
        uint64_t word = i < 8 ? hi : lo;
        unsigned b = (unsigned)(word >> (56 - 8 * (i % 8))) & 0xFFu;
        if (i >= len && b != 0)
            return -1;
        hex[2 * i] = digit[b >> 4];
        hex[2 * i + 1] = digit[b & 15u];
    }
    hex[2 * len] = '\0';
    return snprintf(dst, cap, " hex=%s", hex);
}

/* The indices of a kind's len, hi and lo arguments (all three, or -1 in
 * bytes[0] when it has no byte string). */
static void bytes_args(int bytes[3], const struct rc_kind_desc *k)
{
    bytes[0] = rc_kind_arg(k, "len");
    bytes[1] = rc_kind_arg(k, "hi");
    bytes[2] = rc_kind_arg(k, "lo");
    if (bytes[1] < 0 || bytes[2] < 0)
        bytes[0] = -1;
}

/* hi or lo of a byte string that hex= cannot write: all 16 digits. */
static int hi_lo_width(const int bytes[3], unsigned idx)
{
    return bytes[0] >= 0 && (idx == (unsigned)bytes[1] || idx == (unsigned)bytes[2]);
}

void rc_format_msg(char *dst, size_t cap, const char *machine,
                   const struct rc_kind_desc *kind, const struct rc_msg *m)
{
    size_t off = 0;
    int n = snprintf(dst, cap, "%s", kind ? kind->name : "?");
    if (n < 0)
        return;
    off = (size_t)n;
    unsigned nargs = kind ? rc_kind_nargs(kind) : 0;
    int bytes[3] = {-1, -1, -1}, as_hex = 0;
    if (kind)
        bytes_args(bytes, kind);
    if (bytes[0] >= 0 && (unsigned)bytes[0] < m->nargs && (unsigned)bytes[1] < m->nargs &&
        (unsigned)bytes[2] < m->nargs) {
        char tmp[48];
        as_hex = format_hex(tmp, sizeof tmp, m->arg[bytes[0]], m->arg[bytes[1]],
                            m->arg[bytes[2]]) > 0;
    }
    for (unsigned i = 0; i < nargs && i < m->nargs && off < cap; i++) {
        const char *an = kind->args[i];
        const char *sym = rc_symbol_name(machine, kind->name, an, m->arg[i]);
        if (as_hex && (i == (unsigned)bytes[1] || i == (unsigned)bytes[2]))
            continue; /* written by hex= */
        if (as_hex && i == (unsigned)bytes[0])
            n = format_hex(dst + off, cap - off, m->arg[bytes[0]], m->arg[bytes[1]],
                           m->arg[bytes[2]]);
        else if (hi_lo_width(bytes, i))
            n = snprintf(dst + off, cap - off, " %s=0x%016llX", an,
                         (unsigned long long)m->arg[i]);
        else if (sym)
            n = snprintf(dst + off, cap - off, " %s=%s", an, sym);
        else if (m->arg[i] < 256)
            n = snprintf(dst + off, cap - off, " %s=%llu", an,
                         (unsigned long long)m->arg[i]);
        else
            n = snprintf(dst + off, cap - off, " %s=0x%llX", an,
                         (unsigned long long)m->arg[i]);
        if (n < 0)
            return;
        off += (size_t)n;
    }
}

static uint32_t dut_revs(const struct rc_profile *p)
{
    uint32_t r = 0;
    if (p->p12_revs & (1u << 2))
        r |= VEC_P12R2;
    if (p->p12_revs & (1u << 3))
        r |= VEC_P12R3;
    if (p->p9_revs & (1u << 2))
        r |= VEC_P9R2;
    if (p->p9_revs & (1u << 3))
        r |= VEC_P9R3;
    return r;
}

uint32_t rc_caps_effective(const struct rc_profile *p)
{
    if (p == NULL)
        return 0;
    uint32_t caps = p->caps;
    if ((caps & RC_CAP_CS48) && !(caps & RC_CAP_CS48_SPLIT))
        caps |= RC_CAP_STYPE2;
    return caps;
}

int rc_vector_applicable(const struct rc_profile *p, uint32_t machines,
                         const struct vec_record *r, char *why, size_t cap)
{
    if ((r->revs & dut_revs(p)) == 0) {
        char want[64] = "";
        for (uint32_t b = 1; b <= VEC_P9R3; b <<= 1)
            if (r->revs & b) {
                strcat(want, " ");
                strcat(want, vec_rev_name(b));
            }
        snprintf(why, cap, "the DUT implements none of the revisions%s", want);
        return 0;
    }
    uint32_t missing = r->needs & ~rc_caps_effective(p);
    if (missing) {
        uint32_t bit = missing & (0u - missing);
        snprintf(why, cap, "the DUT lacks capability %s", rc_cap_name(bit));
        return 0;
    }
    for (unsigned i = 0; i < r->npolicy; i++) {
        unsigned k = r->policy[i].index, want = r->policy[i].value;
        unsigned have = k < RC_POLICY_SLOTS ? p->policy[k] : 0;
        const char *key = rc_policy_name(k), *wname = rc_policy_value_name(k, want);
        if (have == 0) {
            snprintf(why, cap, "the DUT declares no %s policy (this vector checks %s=%s)",
                     key, key, wname);
            return 0;
        }
        if (have != want) {
            const char *hname = rc_policy_value_name(k, have);
            snprintf(why, cap, "the DUT declares %s=%s; this vector checks %s=%s", key,
                     hname ? hname : "(unknown value)", key, wname);
            return 0;
        }
    }
    for (int v = 0; v < VEC_VAR_COUNT; v++)
        if ((r->params & (1u << v)) && vec_var_value(v, p) < 0) {
            snprintf(why, cap, "the DUT profile gives no %s", vec_var_name(v));
            return 0;
        }
    if (!r->sweep && !(machines & (1u << r->machine->id))) {
        snprintf(why, cap, "the DUT provides no %s machine", r->machine->name);
        return 0;
    }
    return 1;
}

/* Applicability; 0 when the vector can run, else res is set to NA. */
static int applicable(const struct rc_dut *dut, const struct vec_record *r,
                      struct rc_vec_result *res)
{
    uint32_t machines = 0;
    for (uint32_t m = 0; m < RC_MACHINE_COUNT; m++)
        if (dut->machine[m].create != NULL)
            machines |= 1u << m;
    char why[512];
    if (rc_vector_applicable(&dut->profile, machines, r, why, sizeof why))
        return 0;
    verdict(res, RC_V_NA, 0, "%s", why);
    return -1;
}

/* ---- one attempt: the values bound so far and the steps it plays -------- */

struct bind {
    uint64_t v[VEC_MAX_BINDS];
    uint32_t mask; /* slots bound */
};

struct attempt {
    const struct rc_dut *dut;
    const struct vec_record *r;
    const struct rc_profile *p;
    const unsigned *idx; /* step indices: the common steps, then one branch */
    unsigned nidx;
    unsigned done;       /* steps of idx completed (how far it got) */
    struct bind b;
};

static int val(const struct attempt *a, const struct vec_val *v, uint64_t *out)
{
    return vec_resolve_bound(v, a->p, a->b.v, a->b.mask, out);
}

static int build_msg(const struct attempt *a, struct rc_msg *m, const struct vec_step *st)
{
    memset(m, 0, sizeof *m);
    m->kind = st->kind->kind;
    m->nargs = rc_kind_nargs(st->kind);
    for (unsigned i = 0; i < st->nargs; i++)
        if (val(a, &st->args[i].v, &m->arg[st->args[i].index]) != 0)
            return -1;
    return 0;
}

/* Does actual match expect/allow line e under the bindings b? Names e binds
 * (?name not bound yet) are added to b. */
static int msg_matches(const struct attempt *a, const struct rc_msg *actual,
                       const struct vec_step *e, struct bind *b)
{
    if (actual->kind != e->kind->kind)
        return 0;
    struct bind nb = *b;
    for (unsigned i = 0; i < e->nargs; i++) {
        const struct vec_val *v = &e->args[i].v;
        unsigned idx = e->args[i].index;
        if (idx >= actual->nargs)
            return 0;
        if (v->var >= VEC_BIND && !(nb.mask & (1u << (v->var - VEC_BIND)))) {
            unsigned slot = (unsigned)(v->var - VEC_BIND);
            nb.v[slot] = actual->arg[idx];
            nb.mask |= 1u << slot;
            continue;
        }
        uint64_t want, got = actual->arg[idx];
        if (vec_resolve_bound(v, a->p, nb.v, nb.mask, &want) != 0)
            return 0;
        if (v->masked ? (got & v->care) != want : got != want)
            return 0;
    }
    *b = nb;
    return 1;
}

static void format_expected(const struct attempt *a, char *dst, size_t cap,
                            const struct vec_step *e)
{
    const char *machine = a->r->machine->name;
    size_t off = (size_t)snprintf(dst, cap, "%s", e->kind->name);
    /* a byte string the line gives as plain values (hex= sets all three):
     * printed as hex=, the way the vector wrote it */
    int bytes[3], at[3] = {-1, -1, -1}, as_hex = 0;
    uint64_t bv[3] = {0, 0, 0};
    bytes_args(bytes, e->kind);
    for (unsigned i = 0; i < e->nargs && bytes[0] >= 0; i++)
        for (int k = 0; k < 3; k++)
            if (e->args[i].index == (unsigned)bytes[k] && !e->args[i].v.masked &&
                val(a, &e->args[i].v, &bv[k]) == 0)
                at[k] = (int)i;
    if (at[0] >= 0 && at[1] >= 0 && at[2] >= 0) {
        char tmp[48];
        as_hex = format_hex(tmp, sizeof tmp, bv[0], bv[1], bv[2]) > 0;
    }
    int first = at[0] < at[1] ? (at[0] < at[2] ? at[0] : at[2]) : (at[1] < at[2] ? at[1] : at[2]);
    for (unsigned i = 0; i < e->nargs && off < cap; i++) {
        uint64_t v = 0;
        unsigned idx = e->args[i].index;
        const char *an = e->kind->args[idx];
        int n, wide = hi_lo_width(bytes, idx);
        if (as_hex && ((int)i == at[0] || (int)i == at[1] || (int)i == at[2])) {
            if ((int)i != first)
                continue; /* written by hex= */
            n = format_hex(dst + off, cap - off, bv[0], bv[1], bv[2]);
        } else if (val(a, &e->args[i].v, &v) != 0) {
            unsigned slot = (unsigned)(e->args[i].v.var - VEC_BIND);
            n = snprintf(dst + off, cap - off, " %s=?%s", an,
                         slot < VEC_MAX_BINDS ? a->r->bind_names[slot] : "");
        } else {
            const char *sym = rc_symbol_name(machine, e->kind->name, an, v);
            n = e->args[i].v.masked
                    ? snprintf(dst + off, cap - off, wide ? " %s=0x%016llX/0x%016llX"
                                                          : " %s=0x%llX/0x%llX", an,
                               (unsigned long long)v, (unsigned long long)e->args[i].v.care)
                : wide ? snprintf(dst + off, cap - off, " %s=0x%016llX", an,
                                  (unsigned long long)v)
                : sym ? snprintf(dst + off, cap - off, " %s=%s", an, sym)
                    : snprintf(dst + off, cap - off, v < 256 ? " %s=%llu" : " %s=0x%llX",
                               an, (unsigned long long)v);
        }
        if (n < 0)
            return;
        off += (size_t)n;
    }
}

/* "a; b; c" for the outputs of one class ("(none)" when there are none). */
static void format_actual(char *dst, size_t cap, const struct rc_machine_desc *m,
                          const struct rc_msg *out, uint32_t n, uint32_t cls)
{
    size_t off = 0;
    unsigned shown = 0;
    dst[0] = '\0';
    for (uint32_t i = 0; i < n && off < cap; i++) {
        const struct rc_kind_desc *k = rc_kind_by_id(m->outputs, m->noutputs, out[i].kind);
        if (k == NULL || !(k->flags & cls))
            continue;
        if (shown == 8) {
            snprintf(dst + off, cap - off, "; ...");
            return;
        }
        char one[256];
        rc_format_msg(one, sizeof one, m->name, k, &out[i]);
        int w = snprintf(dst + off, cap - off, "%s%s", shown ? "; " : "", one);
        if (w < 0)
            return;
        off += (size_t)w;
        shown++;
    }
    if (shown == 0)
        snprintf(dst, cap, "(none)");
}

/* Optional notes a DUT reports only if it declares the capability: without
 * it a vector's expectation of the note is skipped (the rest applies). */
static const struct {
    uint32_t machine, kind, cap;
} optional_notes[] = {
    {RC_M_ARBRX, RC_ARBRX_OUT_FREED, RC_CAP_ARBRX_FREED},
};

static int note_reported(const struct rc_machine_desc *m, const struct rc_kind_desc *k,
                         const struct rc_profile *p)
{
    for (size_t i = 0; i < sizeof optional_notes / sizeof optional_notes[0]; i++)
        if (optional_notes[i].machine == m->id && optional_notes[i].kind == k->kind)
            return (rc_caps_effective(p) & optional_notes[i].cap) != 0;
    return 1;
}

/* Output arguments ABI v2 added at the end of a kind: a v1 DUT does not
 * report them, so a step that compares one is not-applicable to it (never
 * failed). {machine, output kind, number of arguments in ABI v1}. */
static const struct {
    uint32_t machine, kind, v1_nargs;
} v2_output_args[] = {
    {RC_M_ARBTX, RC_ARBTX_OUT_MSG, 4}, /* travel (Part 9 2.4.7 rule 12) */
};

/* 0, or the v2 argument an expect/allow line compares that a v1 DUT lacks. */
static const char *v1_unobservable(const struct attempt *a, const struct vec_step *e)
{
    if (a->dut->abi_version != 1u || e->kind == NULL)
        return NULL;
    for (size_t i = 0; i < sizeof v2_output_args / sizeof v2_output_args[0]; i++) {
        if (v2_output_args[i].machine != a->r->machine->id ||
            v2_output_args[i].kind != e->kind->kind)
            continue;
        for (unsigned k = 0; k < e->nargs; k++)
            if (e->args[k].index >= v2_output_args[i].v1_nargs)
                return e->kind->args[e->args[k].index];
    }
    return NULL;
}

/* ---- matching the wire outputs of one step ------------------------------
 * W: the wire outputs in the DUT's order; E: the expect lines; A: the allow
 * lines (any_extra: `expect any`, every extra output is allowed). Each
 * output is assigned to an expect line or an allow line; every expect line
 * gets exactly one output. Which expect line an output may take: ordered,
 * the first one not taken; `order any`, any not taken; `order by K`, the
 * first not taken among those whose K arguments equal the output's. A
 * depth-first search with backtracking (expect lines first), bounded. */

/* the parser accepts at most VEC_MAX_EXPECT expect/allow lines after a step */
#define MATCH_MAX_LINES (VEC_MAX_EXPECT + 1u)
#define MATCH_BUDGET 200000u

struct matcher {
    const struct attempt *a;
    const struct rc_msg *const *w;
    uint32_t nw;
    const struct vec_step *const *e;
    unsigned ne;
    const struct vec_step *const *al;
    unsigned nal;
    int any_extra;
    const struct vec_step *order; /* NULL: in order */
    uint8_t taken[MATCH_MAX_LINES];
    unsigned used[MATCH_MAX_LINES]; /* per allow line */
    unsigned long budget;
    uint32_t best_i;                /* furthest output reached */
    struct bind out;                /* the bindings of the match found */
};

static int same_keys(const struct matcher *m, const struct rc_msg *w,
                     const struct vec_step *e, const struct bind *b)
{
    for (unsigned i = 0; i < e->nargs; i++) {
        unsigned idx = e->args[i].index;
        if (!(m->order->order_keys & (1u << idx)))
            continue;
        uint64_t want;
        if (vec_resolve_bound(&e->args[i].v, m->a->p, b->v, b->mask, &want) != 0)
            continue; /* a name this line binds: any value */
        if (idx >= w->nargs || w->arg[idx] != want)
            return 0;
    }
    return 1;
}

/* `order by`: output w may take only the first open expect line of its key
 * class (true for every line under the other orders). */
static int by_key_eligible(const struct matcher *m, const struct rc_msg *w, unsigned j,
                           const struct bind *b)
{
    if (m->order == NULL || m->order->order_any)
        return 1;
    for (unsigned k = 0; k < j; k++)
        if (!m->taken[k] && same_keys(m, w, m->e[k], b))
            return 0;
    return same_keys(m, w, m->e[j], b);
}

static int search(struct matcher *m, uint32_t i, unsigned left, struct bind b)
{
    if (m->budget == 0)
        return 0;
    m->budget--;
    if (i > m->best_i)
        m->best_i = i;
    if (i == m->nw) {
        if (left != 0)
            return 0;
        m->out = b;
        return 1;
    }
    const struct rc_msg *w = m->w[i];
    for (unsigned j = 0; j < m->ne; j++) {
        if (m->taken[j])
            continue;
        if (!by_key_eligible(m, w, j, &b))
            continue;
        struct bind nb = b;
        if (msg_matches(m->a, w, m->e[j], &nb)) {
            m->taken[j] = 1;
            int ok = search(m, i + 1, left - 1, nb);
            m->taken[j] = 0;
            if (ok)
                return 1;
        }
        if (m->order == NULL)
            break; /* in order: only the first open line */
    }
    for (unsigned k = 0; k < m->nal; k++) {
        struct bind nb = b;
        uint64_t max = m->al[k]->value.n;
        if ((max != 0 && m->used[k] >= max) || !msg_matches(m->a, w, m->al[k], &nb))
            continue;
        m->used[k]++;
        int ok = search(m, i + 1, left, nb);
        m->used[k]--;
        if (ok)
            return 1;
    }
    if (m->any_extra)
        return search(m, i + 1, left, b);
    return 0;
}

/* The same without backtracking, for steps with more than MATCH_DEEP wire
 * outputs (bounded recursion depth): each output takes the first eligible
 * expect line, else an allow line. Exact for outputs in order without allow
 * lines; may reject an assignment a search would find otherwise. */
#define MATCH_DEEP 1024u
static int greedy(struct matcher *m, struct bind b)
{
    unsigned left = m->ne;
    for (uint32_t i = 0; i < m->nw; i++) {
        const struct rc_msg *w = m->w[i];
        int placed = 0;
        m->best_i = i;
        for (unsigned j = 0; j < m->ne && !placed; j++) {
            if (m->taken[j])
                continue;
            if (!by_key_eligible(m, w, j, &b))
                continue;
            if (msg_matches(m->a, w, m->e[j], &b)) {
                m->taken[j] = 1;
                left--;
                placed = 1;
            } else if (m->order == NULL) {
                break;
            }
        }
        for (unsigned k = 0; k < m->nal && !placed; k++) {
            uint64_t max = m->al[k]->value.n;
            if ((max == 0 || m->used[k] < max) && msg_matches(m->a, w, m->al[k], &b)) {
                m->used[k]++;
                placed = 1;
            }
        }
        if (!placed && !m->any_extra)
            return 0;
    }
    m->best_i = m->nw;
    m->out = b;
    return left == 0;
}

static void fail_at(struct rc_vec_result *res, const struct vec_step *s)
{
    res->verdict = s->setup ? RC_V_INCONCLUSIVE : RC_V_FAIL;
    res->failed_rules = s->rules;
}

/* Check the outputs of the DO at idx[d] against the lines after it. probe:
 * only say whether they satisfy (no verdict). Returns 0 when satisfied. */
static int check_outputs(struct attempt *a, unsigned d, const struct rc_msg *out,
                         uint32_t n, struct rc_vec_result *res, int probe)
{
    const struct vec_record *r = a->r;
    const struct rc_machine_desc *mach = r->machine;
    const struct vec_step *dostep = &r->steps[a->idx[d]];
    const struct vec_step *e[MATCH_MAX_LINES], *al[MATCH_MAX_LINES], *en[MATCH_MAX_LINES];
    const struct rc_msg **w = malloc(OUT_CAP * sizeof *w);
    struct matcher *m = calloc(1, sizeof *m);
    if (m == NULL || w == NULL) {
        free(m);
        free(w);
        if (!probe)
            verdict(res, RC_V_ERROR, dostep->line, "out of memory");
        return -1;
    }
    unsigned ne = 0, nal = 0, nen = 0;
    int any = 0;
    const struct vec_step *order = NULL;
    for (unsigned i = d + 1; i < a->nidx && r->steps[a->idx[i]].type != VEC_DO; i++) {
        const struct vec_step *s = &r->steps[a->idx[i]];
        if (s->type == VEC_EXPECT_ANY)
            any = 1;
        else if (s->type == VEC_ORDER)
            order = s;
        else if (s->type == VEC_ALLOW)
            al[nal++] = s; /* at most VEC_MAX_EXPECT: the parser checks */
        else if (s->type == VEC_EXPECT && (s->kind->flags & RC_WIRE))
            e[ne++] = s;
        else if (s->type == VEC_EXPECT && note_reported(mach, s->kind, a->p))
            en[nen++] = s;
        const char *v2arg = (s->type == VEC_EXPECT || s->type == VEC_ALLOW)
                                ? v1_unobservable(a, s) : NULL;
        if (v2arg != NULL) {
            free(m);
            free(w);
            if (!probe)
                verdict(res, RC_V_NA, s->line, "the DUT speaks ABI v1, whose %s output "
                        "has no argument %s (ABI v2)", s->kind->name, v2arg);
            return -1;
        }
        if (ne >= MATCH_MAX_LINES || nal >= MATCH_MAX_LINES || nen >= MATCH_MAX_LINES) {
            /* NEVER: vec.c rejects more than VEC_MAX_EXPECT with file:line */
            free(m);
            free(w);
            if (!probe)
                verdict(res, RC_V_ERROR, s->line, "more than %u expect or allow lines "
                        "after one step", MATCH_MAX_LINES - 1);
            return -1;
        }
    }
    uint32_t nw = 0;
    for (uint32_t i = 0; i < n; i++) {
        const struct rc_kind_desc *k = rc_kind_by_id(mach->outputs, mach->noutputs, out[i].kind);
        if (k == NULL) {
            free(m);
            free(w);
            if (!probe)
                verdict(res, RC_V_ERROR, dostep->line,
                        "the DUT produced an output of unknown kind %u", out[i].kind);
            return -1;
        }
        if ((k->flags & RC_WIRE) && nw < OUT_CAP)
            w[nw++] = &out[i];
    }
    *m = (struct matcher){.a = a, .w = w, .nw = nw, .e = e, .ne = ne, .al = al,
                          .nal = nal, .any_extra = any, .order = order,
                          .budget = MATCH_BUDGET};
    int ok = nw > MATCH_DEEP ? greedy(m, a->b) : search(m, 0, ne, a->b);
    if (!ok) {
        if (!probe) {
            char want[700] = "", got[700];
            size_t off = 0;
            for (unsigned i = 0; i < ne && off < sizeof want; i++) {
                char one[256];
                format_expected(a, one, sizeof one, e[i]);
                int wr = snprintf(want + off, sizeof want - off, "%s%s", i ? "; " : "", one);
                if (wr < 0)
                    break;
                off += (size_t)wr;
            }
            format_actual(got, sizeof got, mach, out, n, RC_WIRE);
            verdict(res, RC_V_FAIL, dostep->line,
                    "after '%s': expected %s%s%s; got %s (%s)", dostep->kind->name,
                    ne ? want : "(none)", order ? (order->order_any ? " in any order"
                                                                     : " (ordered per key)")
                                                : "",
                    nal || any ? ", with allowed extra outputs" : "", got,
                    m->budget == 0 ? "no assignment found within the search bound"
                                   : m->best_i < nw ? "first output that fits nothing "
                                                      "expected or allowed: see position"
                                                    : "an expected output is missing");
            if (m->budget != 0 && m->best_i < nw) {
                size_t l = strlen(res->detail);
                snprintf(res->detail + l, sizeof res->detail - l, " %u", m->best_i + 1);
            }
            expect_actual(res, ne ? want : "(none)", got);
            fail_at(res, dostep);
        }
        free(m);
        free(w);
        return -1;
    }
    a->b = m->out;
    free(m);
    free(w);
    /* notes: a subsequence, in order */
    unsigned ni = 0;
    for (uint32_t i = 0; i < n && ni < nen; i++)
        if (msg_matches(a, &out[i], en[ni], &a->b))
            ni++;
    if (ni != nen) {
        if (!probe) {
            char want[300], got[700];
            format_expected(a, want, sizeof want, en[ni]);
            format_actual(got, sizeof got, mach, out, n, RC_NOTE);
            verdict(res, RC_V_FAIL, en[ni]->line, "expected note %s; notes were: %s",
                    want, got);
            expect_actual(res, want, got);
            fail_at(res, dostep);
        }
        return -1;
    }
    return 0;
}

/* Only allowed wire outputs (a `wait` application before the awaited one). */
static int only_allowed(struct attempt *a, unsigned d, const struct rc_msg *out, uint32_t n)
{
    const struct vec_record *r = a->r;
    const struct rc_machine_desc *mach = r->machine;
    for (uint32_t i = 0; i < n; i++) {
        const struct rc_kind_desc *k = rc_kind_by_id(mach->outputs, mach->noutputs, out[i].kind);
        if (k == NULL)
            return 0;
        if (!(k->flags & RC_WIRE))
            continue;
        int ok = 0;
        for (unsigned j = d + 1; j < a->nidx && !ok && r->steps[a->idx[j]].type != VEC_DO; j++) {
            const struct vec_step *s = &r->steps[a->idx[j]];
            struct bind b = a->b;
            ok = s->type == VEC_EXPECT_ANY || (s->type == VEC_ALLOW && msg_matches(a, &out[i], s, &b));
        }
        if (!ok)
            return 0;
    }
    return 1;
}

/* The result step of the do at d (NULL: none, so `ok` is expected). */
static const struct vec_step *expected_result(const struct attempt *a, unsigned d)
{
    for (unsigned i = d + 1; i < a->nidx && a->r->steps[a->idx[i]].type != VEC_DO; i++)
        if (a->r->steps[a->idx[i]].type == VEC_RESULT)
            return &a->r->steps[a->idx[i]];
    return NULL;
}

/* The result code of one application; 0 when it is an expected one (want:
 * the result step, NULL for ok). */
static int judge_rc(struct attempt *a, const struct vec_step *s, const struct rc_msg *ev,
                    int rc, const struct vec_step *want, int repeated,
                    struct rc_vec_result *res)
{
    if (rc == RC_DUT_LOST) {
        verdict(res, RC_V_ERROR, s->line, "%s", lost_why(a->dut));
        return -1;
    }
    int accepted = want ? vec_result_accepts(want, rc) : rc == RC_OK;
    if (rc == RC_NOTSUP && !accepted) {
        verdict(res, RC_V_NA, s->line, "the DUT does not implement '%s'", s->kind->name);
        notsup_why(a->dut, res);
        return -1;
    }
    if (!accepted) {
        char es[300], ws[VEC_RESULT_TEXT_MAX] = "ok";
        if (want)
            vec_result_text(want, ws);
        rc_format_msg(es, sizeof es, a->r->machine->name, s->kind, ev);
        verdict(res, RC_V_FAIL, s->line, "'%s'%s: result %s, expected %s", es,
                repeated ? " (a repetition)" : "", RC_RESULT_TEXT(rc), ws);
        expect_actual(res, ws, RC_RESULT_TEXT(rc));
        fail_at(res, s);
        return -1;
    }
    return 0;
}

static int run_query(struct attempt *a, void *inst, const struct vec_step *s,
                     struct rc_vec_result *res)
{
    const struct rc_machine_ops *ops = &a->dut->machine[a->r->machine->id];
    struct rc_msg q;
    uint64_t want, got = 0;
    if (build_msg(a, &q, s) != 0 || val(a, &s->value, &want) != 0) {
        verdict(res, RC_V_NA, s->line, "a variable is missing from the profile");
        return -1;
    }
    if (ops->query == NULL) {
        verdict(res, RC_V_NA, s->line, "the DUT provides no queries");
        return -1;
    }
    int rc = ops->query(inst, &q, &got);
    if (rc == RC_DUT_LOST) {
        verdict(res, RC_V_ERROR, s->line, "%s", lost_why(a->dut));
        return -1;
    }
    if (rc == RC_NOTSUP) {
        verdict(res, RC_V_NA, s->line, "the DUT cannot answer query %s", s->kind->name);
        notsup_why(a->dut, res);
        return -1;
    }
    if (rc != RC_OK) {
        verdict(res, RC_V_FAIL, s->line, "query %s: result %s, expected a value",
                s->kind->name, RC_RESULT_TEXT(rc));
        expect_actual(res, "a value", RC_RESULT_TEXT(rc));
        fail_at(res, s);
        return -1;
    }
    if (s->value.masked ? (got & s->value.care) != want : got != want) {
        char qs[300], mk[64] = "";
        rc_format_msg(qs, sizeof qs, a->r->machine->name, s->kind, &q);
        if (s->value.masked)
            snprintf(mk, sizeof mk, " in the bits 0x%llX", (unsigned long long)s->value.care);
        verdict(res, RC_V_FAIL, s->line, "query %s: got %llu (0x%llX), expected "
                "%llu (0x%llX)%s", qs, (unsigned long long)got, (unsigned long long)got,
                (unsigned long long)want, (unsigned long long)want, mk);
        char ew[64], ga[64];
        if (s->value.masked)
            snprintf(ew, sizeof ew, "0x%llX/0x%llX", (unsigned long long)want,
                     (unsigned long long)s->value.care);
        else
            snprintf(ew, sizeof ew, "%llu", (unsigned long long)want);
        snprintf(ga, sizeof ga, "%llu", (unsigned long long)got);
        expect_actual(res, ew, ga);
        fail_at(res, s);
        return -1;
    }
    return 0;
}

/* A `wait`: apply the event one at a time until the lines after it are
 * satisfied, within [from, upto] applications. */
static int run_wait(struct attempt *a, void *inst, unsigned d, struct rc_msg *out,
                    struct rc_vec_result *res)
{
    const struct vec_step *s = &a->r->steps[a->idx[d]];
    const struct rc_machine_ops *ops = &a->dut->machine[a->r->machine->id];
    struct rc_msg ev;
    uint64_t upto, from = 0;
    if (build_msg(a, &ev, s) != 0 || val(a, &s->upto, &upto) != 0 ||
        val(a, &s->from, &from) != 0) {
        verdict(res, RC_V_NA, s->line, "a variable is missing from the profile");
        return -1;
    }
    if (upto == 0 || upto > VEC_REPEAT_MAX || from > upto) {
        verdict(res, RC_V_ERROR, s->line, "wait upto=%llu from=%llu is out of range "
                "(1 <= from <= upto <= 1e8)", (unsigned long long)upto,
                (unsigned long long)from);
        return -1;
    }
    const struct vec_step *want = expected_result(a, d);
    for (uint64_t t = 1; t <= upto; t++) {
        uint32_t n = 0;
        int rc = ops->step(inst, &ev, out, OUT_CAP, &n);
        if (rc != RC_DUT_LOST && n > OUT_CAP) {
            verdict(res, RC_V_ERROR, s->line, "the DUT reported %u outputs for a "
                    "buffer of %u", n, OUT_CAP);
            return -1;
        }
        if (judge_rc(a, s, &ev, rc, want, t > 1, res) != 0)
            return -1;
        if (check_outputs(a, d, out, n, res, 1) == 0) {
            if (t < from) {
                char es[300];
                rc_format_msg(es, sizeof es, a->r->machine->name, s->kind, &ev);
                verdict(res, RC_V_FAIL, s->line, "'%s': what is awaited came after %llu "
                        "applications, before the earliest permitted (%llu)", es,
                        (unsigned long long)t, (unsigned long long)from);
                expect_actual(res, "not before the window", "too early");
                fail_at(res, s);
                return -1;
            }
            return 0;
        }
        if (!only_allowed(a, d, out, n))
            return check_outputs(a, d, out, n, res, 0) == 0 ? 0 : -1;
    }
    char es[300];
    rc_format_msg(es, sizeof es, a->r->machine->name, s->kind, &ev);
    verdict(res, RC_V_FAIL, s->line, "'%s': what is awaited did not come within %llu "
            "applications", es, (unsigned long long)upto);
    expect_actual(res, "within the window", "not within the window");
    fail_at(res, s);
    return -1;
}

static int run_do(struct attempt *a, void *inst, unsigned d, struct rc_msg *out,
                  struct rc_vec_result *res)
{
    const struct vec_step *s = &a->r->steps[a->idx[d]];
    const struct rc_dut *dut = a->dut;
    const struct rc_machine_ops *ops = &dut->machine[a->r->machine->id];
    if (s->wait)
        return run_wait(a, inst, d, out, res);
    struct rc_msg ev;
    uint64_t times;
    if (build_msg(a, &ev, s) != 0 || val(a, &s->repeat, &times) != 0) {
        verdict(res, RC_V_NA, s->line, "a variable is missing from the profile");
        return -1;
    }
    if (times == 0 || times > VEC_REPEAT_MAX) {
        verdict(res, RC_V_ERROR, s->line, "repeat=%llu is out of range (1..1e8)",
                (unsigned long long)times);
        return -1;
    }
    const struct vec_step *want = expected_result(a, d);
    int want1 = RC_OK; /* the one code step_many stops on: a result with
                          several codes is judged per repetition below */
    uint32_t total = 0;
    if (times > 1 && dut->abi_version == RC_DUT_ABI_VERSION && dut->step_many != NULL &&
        (want == NULL || vec_result_single(want, &want1))) {
        /* the DUT's own repeat (a process transport pipelines it): the
         * same judgement as the loop below (dut.h says it must be) */
        struct rc_many many;
        memset(&many, 0, sizeof many);
        int rc = dut->step_many(dut->ctx, inst, &ev, times, want1, out, OUT_CAP, &many);
        if (rc != RC_DUT_LOST && many.n > OUT_CAP) {
            verdict(res, RC_V_ERROR, s->line, "the DUT reported %u outputs for a "
                    "buffer of %u", many.n, OUT_CAP);
            return -1;
        }
        total = many.n;
        if (rc != RC_DUT_LOST && many.overflow) {
            verdict(res, RC_V_ERROR, s->line, "more than %u outputs from one step",
                    OUT_CAP - RC_MAX_OUTPUTS);
            return -1;
        }
        if (judge_rc(a, s, &ev, rc, want, 1, res) != 0)
            return -1;
        times = 0; /* done: skip the loop */
    }
    for (uint64_t t = 0; t < times; t++) {
        uint32_t n = 0;
        uint32_t room = OUT_CAP - total;
        if (room < RC_MAX_OUTPUTS) {
            verdict(res, RC_V_ERROR, s->line, "more than %u outputs from one step",
                    OUT_CAP - RC_MAX_OUTPUTS);
            return -1;
        }
        int rc = ops->step(inst, &ev, out + total, room, &n);
        if (rc != RC_DUT_LOST && n > room) {
            verdict(res, RC_V_ERROR, s->line, "the DUT reported %u outputs for a "
                    "buffer of %u", n, room);
            return -1;
        }
        if (judge_rc(a, s, &ev, rc, want, times > 1, res) != 0)
            return -1;
        total += n;
    }
    return check_outputs(a, d, out, total, res, 0);
}

static void run_steps(struct attempt *a, void *inst, struct rc_msg *out,
                      struct rc_vec_result *res)
{
    for (unsigned i = 0; i < a->nidx; i++) {
        const struct vec_step *s = &a->r->steps[a->idx[i]];
        if (s->type == VEC_QUERY && run_query(a, inst, s, res) != 0)
            return;
        if (s->type == VEC_DO && run_do(a, inst, i, out, res) != 0)
            return;
        a->done = i + 1;
    }
    verdict(res, RC_V_PASS, 0, "%s", "");
}

/* Sweep attribution: which rules a difference in each voq_msg field is
 * evidence against, per oracle (argument order: kind, vc_ind, vc,
 * group_width, status_width, group, status, first_port; "rc" = the result
 * code). A rule not on the sweep's rules line is skipped. */
static const struct {
    const char *oracle, *field, *rules;
} sweep_blame[] = {
    {"cs64", "rc", "P12-3.2-a"},
    {"cs64", "kind", "P12-3.2-b"},
    {"cs64", "vc_ind", "P12-3.2-b"},
    {"cs64", "vc", "P12-3.2-b"},
    {"cs64", "group_width", "P12-3.2-e"},
    {"cs64", "status_width", "P12-3.2-e"},
    {"cs64", "group", "P12-3.2-e"},
    {"cs64", "status", "P12-3.2-e P12-2.1-b"},
    {"cs64", "first_port", "P12-2.1-b"},
    {"stype2-r3", "rc", "P12-3.1-b"},
    {"stype2-r3", "kind", "P12-3.1-b"},
    {"stype2-r3", "group_width", "P12-3.1-c"},
    {"stype2-r3", "status_width", "P12-3.1-c"},
    {"stype2-r3", "group", "P12-3.1-b P12-3.1-c"},
    {"stype2-r3", "status", "P12-3.1-b P12-2.1-b P12-3.1-d"},
    {"stype2-r3", "first_port", "P12-2.1-b P12-3.1-d"},
    {"stype2-r2", "rc", "P12-3.1-e"},
    {"stype2-r2", "kind", "P12-3.1-e"},
    {"stype2-r2", "group", "P12-3.1-f"},
    {"stype2-r2", "status", "P12-3.1-f"},
    {"stype2-r2", "first_port", "P12-3.1-f P12-2.1-c"},
};

static uint32_t sweep_rules(const struct vec_record *r, const char *field)
{
    uint32_t mask = 0;
    for (size_t i = 0; i < sizeof sweep_blame / sizeof sweep_blame[0]; i++) {
        if (strcmp(sweep_blame[i].oracle, r->oracle) != 0 ||
            strcmp(sweep_blame[i].field, field) != 0)
            continue;
        for (unsigned k = 0; k < r->nrules; k++) {
            const char *p = strstr(sweep_blame[i].rules, r->rules[k]);
            size_t l = strlen(r->rules[k]);
            if (p != NULL && (p[l] == '\0' || p[l] == ' '))
                mask |= 1u << k;
        }
    }
    return mask;
}

/* The rules a sweep difference fails: those of every differing field (all
 * of the sweep's rules when no field names one). */
static uint32_t sweep_blame_mask(const struct vec_record *r, int grc, int wrc, uint32_t n,
                                 const struct rc_msg *got, const struct rc_msg *want)
{
    static const char *const fields[8] = {"kind",         "vc_ind", "vc",     "group_width",
                                          "status_width", "group",  "status", "first_port"};
    uint32_t mask = 0;
    if (grc != wrc || n != 1 || got->kind != want->kind)
        mask |= sweep_rules(r, "rc");
    else
        for (unsigned a = 0; a < 8; a++)
            if (got->arg[a] != want->arg[a] && (a == 0 || want->arg[0] == 0))
                mask |= sweep_rules(r, fields[a]);
    return mask ? mask : (r->nrules >= 32 ? 0xFFFFFFFFu : (1u << r->nrules) - 1u);
}

static void run_sweep(const struct rc_dut *dut, const struct vec_record *r,
                      const struct rc_run_opts *opts, struct rc_vec_result *res)
{
    const struct rc_machine_ops *ops = &dut->machine[RC_M_CODEC];
    uint32_t stride = opts && opts->sweep_stride > 1 ? opts->sweep_stride : 1;
    int is_cs64 = strcmp(r->oracle, "cs64") == 0;
    int rev = strcmp(r->oracle, "stype2-r2") == 0 ? 2
              : strcmp(r->oracle, "stype2-r3") == 0 ? 3 : 0;
    if (!is_cs64 && rev == 0) {
        verdict(res, RC_V_ERROR, r->line, "unknown oracle '%s' (stype2-r2, stype2-r3, "
                "cs64)", r->oracle);
        return;
    }
    if (ops->create == NULL && !(is_cs64 && dut->cs64_decode)) {
        verdict(res, RC_V_NA, 0, "the DUT provides no codec machine");
        return;
    }
    void *inst = NULL;
    if (ops->create != NULL) {
        struct rc_config cfg = {0};
        int rc = ops->create(dut->ctx, &inst, &cfg);
        if (rc == RC_DUT_LOST) {
            verdict(res, RC_V_ERROR, r->line, "%s", lost_why(dut));
            return;
        }
        if (rc != RC_OK) {
            verdict(res, rc == RC_NOTSUP ? RC_V_NA : RC_V_ERROR, 0,
                    "codec create: %s", RC_RESULT_TEXT(rc));
            if (rc == RC_NOTSUP)
                notsup_why(dut, res);
            return;
        }
    }
    unsigned wmax = rev == 2 ? 0 : 6;
    uint32_t nvalues = is_cs64 ? (1u << 24) : (1u << 14);
    uint64_t checks = 0;
    for (unsigned w = 0; w <= wmax; w++) {
        for (uint32_t v = 0; v < nvalues; v += stride) {
            struct rc_msg want, got[RC_MAX_OUTPUTS];
            uint32_t n = 0;
            int wrc = is_cs64 ? oracle_cs64(w, v, &want) : oracle_stype2((unsigned)rev, w, v, &want);
            int grc;
            if (is_cs64 && dut->cs64_decode) {
                grc = dut->cs64_decode(dut->ctx, w, v, &got[0]);
                n = 1;
            } else {
                struct rc_msg ev = {0};
                if (is_cs64) {
                    ev.kind = RC_CODEC_EV_CS64_DECODE;
                    ev.nargs = 2;
                    ev.arg[0] = w;
                    ev.arg[1] = v;
                } else {
                    ev.kind = RC_CODEC_EV_STYPE2_DECODE;
                    ev.nargs = 3;
                    ev.arg[0] = (uint64_t)rev;
                    ev.arg[1] = w;
                    ev.arg[2] = v;
                }
                grc = ops->step(inst, &ev, got, RC_MAX_OUTPUTS, &n);
            }
            checks++;
            if (grc == RC_DUT_LOST) {
                verdict(res, RC_V_ERROR, r->line, "%s", lost_why(dut));
                res->checks = checks;
                if (inst)
                    ops->destroy(inst);
                return;
            }
            if (grc == RC_NOTSUP) {
                /* a declined decode: the sweep cannot be complete */
                verdict(res, RC_V_NA, r->line, "the DUT declines %s width=%u value=0x%X "
                        "(notsup)", r->oracle, w, v);
                notsup_why(dut, res);
                res->checks = checks;
                if (inst && ops->destroy)
                    ops->destroy(inst);
                return;
            }
            int same = grc == wrc && n == 1 && got[0].kind == want.kind &&
                       got[0].arg[0] == want.arg[0];
            if (same && want.arg[0] == 0) /* backpressure: every field */
                for (unsigned a = 1; a < 8; a++)
                    same = same && got[0].arg[a] == want.arg[a];
            if (!same) {
                char g[300] = "(no output)", e[300];
                const struct rc_machine_desc *m = rc_machine_by_id(RC_M_CODEC);
                const struct rc_kind_desc *k = rc_kind_by_id(m->outputs, m->noutputs,
                                                             RC_CODEC_OUT_VOQ_MSG);
                if (n >= 1)
                    rc_format_msg(g, sizeof g, "codec", k, &got[0]);
                rc_format_msg(e, sizeof e, "codec", k, &want);
                verdict(res, RC_V_FAIL, r->line, "%s width=%u value=0x%X: got %s %s; "
                        "the oracle says %s %s", r->oracle, w, v, RC_RESULT_TEXT(grc), g,
                        RC_RESULT_TEXT(wrc), e);
                expect_actual(res, e, n >= 1 ? g : RC_RESULT_TEXT(grc));
                res->failed_rules = sweep_blame_mask(r, grc, wrc, n, &got[0], &want);
                res->checks = checks;
                if (inst && ops->destroy)
                    ops->destroy(inst);
                return;
            }
        }
    }
    if (inst && ops->destroy)
        ops->destroy(inst);
    res->checks = checks;
    verdict(res, RC_V_PASS, 0, "%llu values checked%s", (unsigned long long)checks,
            stride > 1 ? " (strided)" : "");
}

/* A `create refused` vector (docs/vector-format.md): the configuration of
 * its machine line is one the spec makes invalid, so create() must fail. Any
 * error passes (RC_NOTSUP too: the device cannot be configured that way);
 * RC_OK fails the rules of the step. */
static void run_create_refused(const struct rc_dut *dut, const struct vec_record *r,
                               const struct rc_config *cfg, struct rc_vec_result *res)
{
    const struct rc_machine_ops *ops = &dut->machine[r->machine->id];
    const struct vec_step *s = &r->steps[0];
    void *inst = NULL;
    int rc = ops->create(dut->ctx, &inst, cfg);
    if (rc == RC_DUT_LOST) {
        verdict(res, RC_V_ERROR, s->line, "%s", lost_why(dut));
        return;
    }
    if (rc != RC_OK) {
        verdict(res, RC_V_PASS, 0, "%s create refused it: %s", r->machine->name,
                RC_RESULT_TEXT(rc));
        return;
    }
    if (ops->destroy && inst)
        ops->destroy(inst);
    verdict(res, RC_V_FAIL, s->line, "%s create accepted a configuration the spec "
            "makes invalid (line %u); it must refuse it", r->machine->name, r->line);
    fail_at(res, s);
    expect_actual(res, "create refused", "create ok");
}

unsigned rc_vector_attempt_steps(const struct vec_record *r, unsigned alt, unsigned *idx)
{
    unsigned n = 0, branch = 0;
    int in = 1;
    for (unsigned i = 0; i < r->nsteps; i++) {
        if (r->steps[i].type == VEC_BRANCH) {
            in = branch++ == alt;
            continue;
        }
        if (in)
            idx[n++] = i;
    }
    return n;
}

/* The outputs of one `do` (OUT_CAP messages, ~1 MB): allocated once per
 * thread and kept for the process's life. A fresh malloc per vector cost
 * most of a whole run's time under ASan (6.1 s of CPU against 1.9 s). */
static struct rc_msg *out_buffer(void)
{
    static _Thread_local struct rc_msg *buf;
    if (buf == NULL)
        buf = malloc(OUT_CAP * sizeof *buf);
    return buf;
}

void rc_run_vector(const struct rc_dut *dut, const struct vec_record *r,
                   const struct rc_run_opts *opts, struct rc_vec_result *res)
{
    memset(res, 0, sizeof *res);
    if (applicable(dut, r, res) != 0)
        return;
    if (r->sweep) {
        run_sweep(dut, r, opts, res);
        return;
    }
    const struct rc_machine_ops *ops = &dut->machine[r->machine->id];
    struct rc_config cfg;
    memset(&cfg, 0, sizeof cfg);
    for (unsigned i = 0; i < r->ncfg; i++) {
        cfg.kv[cfg.n].key = r->cfg[i].key;
        if (vec_resolve(&r->cfg[i].v, &dut->profile, &cfg.kv[cfg.n].value) != 0) {
            verdict(res, RC_V_NA, r->line, "a variable is missing from the profile");
            return;
        }
        cfg.n++;
    }
    if (vec_is_create_refused(r)) {
        run_create_refused(dut, r, &cfg, res);
        return;
    }
    struct rc_msg *out = out_buffer();
    unsigned *idx = malloc((r->nsteps + 1) * sizeof *idx);
    struct rc_vec_result *one = malloc(sizeof *one);
    if (out == NULL || idx == NULL || one == NULL) {
        verdict(res, RC_V_ERROR, r->line, "out of memory");
        goto done;
    }
    unsigned nalt = r->nbranches ? r->nbranches : 1, best_done = 0;
    int have = 0;
    for (unsigned alt = 0; alt < nalt; alt++) {
        struct attempt a = {.dut = dut, .r = r, .p = &dut->profile, .idx = idx};
        a.nidx = rc_vector_attempt_steps(r, alt, idx);
        void *inst = NULL;
        int rc = ops->create(dut->ctx, &inst, &cfg);
        if (rc == RC_DUT_LOST) {
            verdict(res, RC_V_ERROR, r->line, "%s", lost_why(dut));
            goto done;
        }
        if (rc == RC_NOTSUP) {
            verdict(res, RC_V_NA, r->line, "the DUT cannot be configured as this vector "
                    "needs");
            notsup_why(dut, res);
            goto done;
        }
        if (rc != RC_OK) {
            verdict(res, RC_V_ERROR, r->line, "%s create: %s", r->machine->name,
                    RC_RESULT_TEXT(rc));
            goto done;
        }
        memset(one, 0, sizeof *one);
        run_steps(&a, inst, out, one);
        if (ops->destroy)
            ops->destroy(inst);
        if (one->verdict == RC_V_PASS || one->verdict == RC_V_ERROR) {
            *res = *one;
            goto done;
        }
        /* keep the attempt that got furthest; a judged one over a not-applicable one */
        if (!have || (one->verdict != RC_V_NA &&
                      (res->verdict == RC_V_NA || a.done > best_done))) {
            *res = *one;
            best_done = a.done;
            have = 1;
            if (nalt > 1) {
                int k = snprintf(res->detail, sizeof res->detail, "no branch passed; "
                                 "branch %u got furthest: ", alt + 1);
                size_t room = sizeof res->detail - (size_t)(k > 0 ? k : 0);
                memcpy(res->detail + (k > 0 ? k : 0), one->detail, room - 1);
                res->detail[sizeof res->detail - 1] = '\0';
            }
        }
    }
done:
    free(one);
    free(idx);
}
