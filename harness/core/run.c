/* Playing one vector against a DUT. */
#include "run.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../oracle/oracle.h"
#include "../proc/proc.h"

#define OUT_CAP 8192u /* outputs of one `do`, all repetitions together */

/* The detail of an ERROR caused by a DUT process failure (RC_DUT_LOST). */
static const char *lost_why(const struct rc_dut *dut)
{
    struct rc_proc *p = rc_proc_of(dut);
    return p != NULL ? rc_proc_last_error(p) : "the DUT process failed";
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

void rc_format_msg(char *dst, size_t cap, const char *machine,
                   const struct rc_kind_desc *kind, const struct rc_msg *m)
{
    size_t off = 0;
    int n = snprintf(dst, cap, "%s", kind ? kind->name : "?");
    if (n < 0)
        return;
    off = (size_t)n;
    unsigned nargs = kind ? rc_kind_nargs(kind) : 0;
    for (unsigned i = 0; i < nargs && i < m->nargs && off < cap; i++) {
        const char *an = kind->args[i];
        const char *sym = rc_symbol_name(machine, kind->name, an, m->arg[i]);
        if (sym)
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

/* Applicability; 0 when the vector can run, else res is set to NA. */
static int applicable(const struct rc_dut *dut, const struct vec_record *r,
                      struct rc_vec_result *res)
{
    const struct rc_profile *p = &dut->profile;
    if ((r->revs & dut_revs(p)) == 0) {
        char want[64] = "";
        for (uint32_t b = 1; b <= VEC_P9R3; b <<= 1)
            if (r->revs & b) {
                strcat(want, " ");
                strcat(want, vec_rev_name(b));
            }
        verdict(res, RC_V_NA, 0, "the DUT implements none of the revisions%s", want);
        return -1;
    }
    uint32_t missing = r->needs & ~p->caps;
    if (missing) {
        uint32_t bit = missing & (0u - missing);
        verdict(res, RC_V_NA, 0, "the DUT lacks capability %s", rc_cap_name(bit));
        return -1;
    }
    for (int v = 0; v < VEC_VAR_COUNT; v++)
        if ((r->params & (1u << v)) && vec_var_value(v, p) < 0) {
            verdict(res, RC_V_NA, 0, "the DUT profile gives no %s", vec_var_name(v));
            return -1;
        }
    if (!r->sweep && dut->machine[r->machine->id].create == NULL) {
        verdict(res, RC_V_NA, 0, "the DUT provides no %s machine", r->machine->name);
        return -1;
    }
    return 0;
}

static int build_msg(struct rc_msg *m, const struct vec_step *st,
                     const struct rc_profile *p)
{
    memset(m, 0, sizeof *m);
    m->kind = st->kind->kind;
    m->nargs = rc_kind_nargs(st->kind);
    for (unsigned i = 0; i < st->nargs; i++)
        if (vec_resolve(&st->args[i].v, p, &m->arg[st->args[i].index]) != 0)
            return -1;
    return 0;
}

static int msg_matches(const struct rc_msg *actual, const struct vec_step *e,
                       const struct rc_profile *p)
{
    if (actual->kind != e->kind->kind)
        return 0;
    for (unsigned i = 0; i < e->nargs; i++) {
        uint64_t want;
        if (vec_resolve(&e->args[i].v, p, &want) != 0)
            return 0;
        unsigned idx = e->args[i].index;
        if (idx >= actual->nargs || actual->arg[idx] != want)
            return 0;
    }
    return 1;
}

static void format_expected(char *dst, size_t cap, const char *machine,
                            const struct vec_step *e, const struct rc_profile *p)
{
    struct rc_msg m;
    memset(&m, 0, sizeof m);
    size_t off = (size_t)snprintf(dst, cap, "%s", e->kind->name);
    for (unsigned i = 0; i < e->nargs && off < cap; i++) {
        uint64_t v = 0;
        (void)vec_resolve(&e->args[i].v, p, &v);
        const char *an = e->kind->args[e->args[i].index];
        const char *sym = rc_symbol_name(machine, e->kind->name, an, v);
        int n = sym ? snprintf(dst + off, cap - off, " %s=%s", an, sym)
                    : snprintf(dst + off, cap - off, v < 256 ? " %s=%llu" : " %s=0x%llX",
                               an, (unsigned long long)v);
        if (n < 0)
            return;
        off += (size_t)n;
    }
}

/* "got: a; b; c" for the actual outputs of one class. */
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
            return (p->caps & optional_notes[i].cap) != 0;
    return 1;
}

/* Check the outputs of the DO at steps[d] against the EXPECT lines after it. */
static int check_outputs(const struct vec_record *r, unsigned d, const struct rc_msg *out,
                         uint32_t n, const struct rc_profile *p,
                         struct rc_vec_result *res)
{
    const struct rc_machine_desc *m = r->machine;
    int any = 0;
    const struct vec_step *ew[256], *en[256];
    unsigned new_ = 0, nen = 0;
    for (unsigned i = d + 1; i < r->nsteps && r->steps[i].type != VEC_DO; i++) {
        const struct vec_step *s = &r->steps[i];
        if (s->type == VEC_EXPECT_ANY)
            any = 1;
        if (s->type != VEC_EXPECT)
            continue;
        if (s->kind->flags & RC_WIRE) {
            if (new_ < 256)
                ew[new_++] = s;
        } else if (nen < 256 && note_reported(m, s->kind, p)) {
            en[nen++] = s;
        }
    }
    /* wire outputs: exactly the expected ones, in order */
    uint32_t wi = 0;
    unsigned ei = 0;
    if (!any) {
        for (uint32_t i = 0; i < n; i++) {
            const struct rc_kind_desc *k = rc_kind_by_id(m->outputs, m->noutputs, out[i].kind);
            if (k == NULL) {
                verdict(res, RC_V_ERROR, r->steps[d].line,
                        "the DUT produced an output of unknown kind %u", out[i].kind);
                return -1;
            }
            if (!(k->flags & RC_WIRE))
                continue;
            if (ei >= new_ || !msg_matches(&out[i], ew[ei], p))
                break;
            ei++;
            wi++;
        }
        uint32_t nwire = 0;
        for (uint32_t i = 0; i < n; i++) {
            const struct rc_kind_desc *k = rc_kind_by_id(m->outputs, m->noutputs, out[i].kind);
            if (k && (k->flags & RC_WIRE))
                nwire++;
        }
        if (ei != new_ || wi != nwire) {
            char want[700] = "", got[700];
            size_t off = 0;
            for (unsigned i = 0; i < new_ && off < sizeof want; i++) {
                char one[256];
                format_expected(one, sizeof one, m->name, ew[i], p);
                int w = snprintf(want + off, sizeof want - off, "%s%s", i ? "; " : "", one);
                if (w < 0)
                    break;
                off += (size_t)w;
            }
            format_actual(got, sizeof got, m, out, n, RC_WIRE);
            verdict(res, RC_V_FAIL, r->steps[d].line,
                    "after '%s': expected %s; got %s (first difference at output %u)",
                    r->steps[d].kind->name, new_ ? want : "(none)", got, ei + 1);
            expect_actual(res, new_ ? want : "(none)", got);
            return -1;
        }
    } else {
        /* expect any: listed wire outputs must still appear in order */
        for (uint32_t i = 0; i < n && ei < new_; i++)
            if (msg_matches(&out[i], ew[ei], p))
                ei++;
        if (ei != new_) {
            char want[300], got[700];
            format_expected(want, sizeof want, m->name, ew[ei], p);
            format_actual(got, sizeof got, m, out, n, RC_WIRE);
            verdict(res, RC_V_FAIL, ew[ei]->line, "expected %s among: %s", want, got);
            expect_actual(res, want, got);
            return -1;
        }
    }
    /* notes: a subsequence */
    unsigned ni = 0;
    for (uint32_t i = 0; i < n && ni < nen; i++)
        if (msg_matches(&out[i], en[ni], p))
            ni++;
    if (ni != nen) {
        char want[300], got[700];
        format_expected(want, sizeof want, m->name, en[ni], p);
        format_actual(got, sizeof got, m, out, n, RC_NOTE);
        verdict(res, RC_V_FAIL, en[ni]->line, "expected note %s; notes were: %s", want,
                got);
        expect_actual(res, want, got);
        return -1;
    }
    return 0;
}

static int expected_result(const struct vec_record *r, unsigned d)
{
    for (unsigned i = d + 1; i < r->nsteps && r->steps[i].type != VEC_DO; i++)
        if (r->steps[i].type == VEC_RESULT)
            return r->steps[i].result;
    return RC_OK;
}

static void run_steps(const struct rc_dut *dut, const struct vec_record *r, void *inst,
                      struct rc_msg *out, struct rc_vec_result *res)
{
    const struct rc_machine_ops *ops = &dut->machine[r->machine->id];
    const struct rc_profile *p = &dut->profile;
    for (unsigned i = 0; i < r->nsteps; i++) {
        const struct vec_step *s = &r->steps[i];
        if (s->type == VEC_QUERY) {
            struct rc_msg q;
            uint64_t want, got = 0;
            if (build_msg(&q, s, p) != 0 || vec_resolve(&s->value, p, &want) != 0) {
                verdict(res, RC_V_NA, s->line, "a variable is missing from the profile");
                return;
            }
            if (ops->query == NULL) {
                verdict(res, RC_V_NA, s->line, "the DUT provides no queries");
                return;
            }
            int rc = ops->query(inst, &q, &got);
            if (rc == RC_DUT_LOST) {
                verdict(res, RC_V_ERROR, s->line, "%s", lost_why(dut));
                return;
            }
            if (rc == RC_NOTSUP) {
                verdict(res, RC_V_NA, s->line, "the DUT cannot answer query %s",
                        s->kind->name);
                return;
            }
            if (rc != RC_OK) {
                verdict(res, RC_V_FAIL, s->line, "query %s: result %s, expected a value",
                        s->kind->name, rc_result_name(rc));
                expect_actual(res, "a value", rc_result_name(rc));
                return;
            }
            if (got != want) {
                char qs[300];
                rc_format_msg(qs, sizeof qs, r->machine->name, s->kind, &q);
                verdict(res, RC_V_FAIL, s->line, "query %s: got %llu (0x%llX), expected "
                        "%llu (0x%llX)", qs, (unsigned long long)got,
                        (unsigned long long)got, (unsigned long long)want,
                        (unsigned long long)want);
                char ew[64], ga[64];
                snprintf(ew, sizeof ew, "%llu", (unsigned long long)want);
                snprintf(ga, sizeof ga, "%llu", (unsigned long long)got);
                expect_actual(res, ew, ga);
                return;
            }
            continue;
        }
        if (s->type != VEC_DO)
            continue;
        struct rc_msg ev;
        uint64_t times;
        if (build_msg(&ev, s, p) != 0 || vec_resolve(&s->repeat, p, &times) != 0) {
            verdict(res, RC_V_NA, s->line, "a variable is missing from the profile");
            return;
        }
        if (times == 0 || times > 100000000u) {
            verdict(res, RC_V_ERROR, s->line, "repeat=%llu is out of range (1..1e8)",
                    (unsigned long long)times);
            return;
        }
        int want = expected_result(r, i);
        uint32_t total = 0;
        struct rc_proc *px = times > 1 ? rc_proc_of(dut) : NULL;
        if (px != NULL) {
            /* a DUT process: all repetitions pipelined, same judgement */
            struct rc_proc_many m;
            int rc = rc_proc_step_many(px, inst, &ev, times, want, out, OUT_CAP, &m);
            total = m.n;
            if (rc == RC_DUT_LOST) {
                verdict(res, RC_V_ERROR, s->line, "%s", lost_why(dut));
                return;
            }
            if (m.overflow) {
                verdict(res, RC_V_ERROR, s->line, "more than %u outputs from one step",
                        OUT_CAP - RC_MAX_OUTPUTS);
                return;
            }
            if (rc == RC_NOTSUP && want != RC_NOTSUP) {
                verdict(res, RC_V_NA, s->line, "the DUT does not implement '%s'",
                        s->kind->name);
                return;
            }
            if (rc != want) {
                char es[300];
                rc_format_msg(es, sizeof es, r->machine->name, s->kind, &ev);
                verdict(res, RC_V_FAIL, s->line, "'%s'%s: result %s, expected %s", es,
                        " (a repetition)", rc_result_name(rc), rc_result_name(want));
                expect_actual(res, rc_result_name(want), rc_result_name(rc));
                return;
            }
            times = 0; /* done: skip the loop */
        }
        for (uint64_t t = 0; t < times; t++) {
            uint32_t n = 0;
            uint32_t room = OUT_CAP - total;
            if (room < RC_MAX_OUTPUTS) {
                verdict(res, RC_V_ERROR, s->line, "more than %u outputs from one step",
                        OUT_CAP - RC_MAX_OUTPUTS);
                return;
            }
            int rc = ops->step(inst, &ev, out + total, room, &n);
            if (rc == RC_DUT_LOST) {
                verdict(res, RC_V_ERROR, s->line, "%s", lost_why(dut));
                return;
            }
            if (n > room) {
                verdict(res, RC_V_ERROR, s->line, "the DUT reported %u outputs for a "
                        "buffer of %u", n, room);
                return;
            }
            total += n;
            if (rc == RC_NOTSUP && want != RC_NOTSUP) {
                verdict(res, RC_V_NA, s->line, "the DUT does not implement '%s'",
                        s->kind->name);
                return;
            }
            if (rc != want) {
                char es[300];
                rc_format_msg(es, sizeof es, r->machine->name, s->kind, &ev);
                verdict(res, RC_V_FAIL, s->line, "'%s'%s: result %s, expected %s", es,
                        times > 1 ? " (a repetition)" : "", rc_result_name(rc),
                        rc_result_name(want));
                (void)t;
                expect_actual(res, rc_result_name(want), rc_result_name(rc));
                return;
            }
        }
        if (check_outputs(r, i, out, total, p, res) != 0)
            return;
    }
    verdict(res, RC_V_PASS, 0, "%s", "");
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
        int rc = ops->create(&inst, &cfg);
        if (rc == RC_DUT_LOST) {
            verdict(res, RC_V_ERROR, r->line, "%s", lost_why(dut));
            return;
        }
        if (rc != RC_OK) {
            verdict(res, rc == RC_NOTSUP ? RC_V_NA : RC_V_ERROR, 0,
                    "codec create: %s", rc_result_name(rc));
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
                grc = dut->cs64_decode(w, v, &got[0]);
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
                        "the oracle says %s %s", r->oracle, w, v, rc_result_name(grc), g,
                        rc_result_name(wrc), e);
                expect_actual(res, e, n >= 1 ? g : rc_result_name(grc));
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
    void *inst = NULL;
    int rc = ops->create(&inst, &cfg);
    if (rc == RC_DUT_LOST) {
        verdict(res, RC_V_ERROR, r->line, "%s", lost_why(dut));
        return;
    }
    if (rc == RC_NOTSUP) {
        verdict(res, RC_V_NA, r->line, "the DUT cannot be configured as this vector "
                "needs");
        return;
    }
    if (rc != RC_OK) {
        verdict(res, RC_V_ERROR, r->line, "%s create: %s", r->machine->name,
                rc_result_name(rc));
        return;
    }
    struct rc_msg *out = malloc(OUT_CAP * sizeof *out);
    if (out == NULL) {
        verdict(res, RC_V_ERROR, r->line, "out of memory");
    } else {
        run_steps(dut, r, inst, out, res);
        free(out);
    }
    if (ops->destroy)
        ops->destroy(inst);
}
