/* SPDX-License-Identifier: Apache-2.0 */
/* Results files, compliance summary, waivers and atomic files
 * (harness/report/report.h), checked on a small hand-made run: a catalogue
 * of seven rules and five official rows built here, and six vectors whose
 * verdicts cover every rollup. Expected values are written out from the
 * rules in report.h and docs/waivers.md, never taken from the writers. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../../reference/tests/check.h"
#include "../report.h"

/* ---- the synthetic run -------------------------------------------------- */

static struct rc_rule rules_[] = {
    {"R-A", "shall", "p12r3", "gen", "A is done (4.2a).", "-"},
    {"R-B", "should", "p9r3", "ep", "B <should> | be done.", "-"},
    {"R-C", "may", "p12r2", "sys", "C is system-level.", "system: needs two devices | a link"},
    {"R-D", "def", "p12r3", "cs64", "D defines bits.", "-"},
    {"R-E", "shall", "p12r3", "gen", "E has no vector.", "-"},
    {"R-F", "shall", "p9r3", "sw", "F errs.", "-"},
    {"R-G", "shall", "p12r3", "gen", "G passes.", "-"},
};
static char *m1[] = {"R-A", "R-G"}, *m2[] = {"R-G"}, *m3[] = {"R-C"}, *m4[] = {"R-B", "R-C"},
            *m5[] = {"R-G", "R-E"};
static struct rc_mapping map_[] = {
    {"OFF-1", m1, 2, "A and G"},
    {"OFF-2", m2, 1, "-"},
    {"OFF-3", m3, 1, "untestable only"},
    {"OFF-4", m4, 2, "n/a and untestable"},
    {"OFF-5", m5, 2, "G and unrun E"},
};
static struct rc_catalogue cat_ = {rules_, 7, map_, 5, NULL, 0};

/* A detail with quotes, a backslash, control characters, valid UTF-8 (the
 * micro sign) and an invalid byte. */
static const char nasty[] = "say \"hi\" \\ p\x01\x1f tab\t nl\n \xC2\xB5 \xFF end <&> |x|";

enum { NROWS = 6 };
static struct vec_record recs_[NROWS];
static struct rc_result_row rows_[NROWS];
static struct rc_dut dut_;
static struct rc_run_info info_;

static void set_rec(int i, const char *id, unsigned line, const char *r0, const char *r1,
                    const char *cite)
{
    struct vec_record *r = &recs_[i];
    memset(r, 0, sizeof *r);
    snprintf(r->id, sizeof r->id, "%s", id);
    r->file = "vectors/t.vec";
    r->line = line;
    r->rules[0] = (char *)(uintptr_t)r0; /* the test never writes through them */
    r->nrules = 1;
    if (r1 != NULL) {
        r->rules[1] = (char *)(uintptr_t)r1;
        r->nrules = 2;
    }
    snprintf(r->cite, sizeof r->cite, "%s", cite);
}

static void set_row(int i, enum rc_verdict v, const char *suite, const char *detail)
{
    struct rc_result_row *w = &rows_[i];
    memset(w, 0, sizeof *w);
    w->rec = &recs_[i];
    w->res.verdict = v;
    snprintf(w->res.detail, sizeof w->res.detail, "%s", detail);
    w->suite = suite;
    w->seconds = 0.25;
}

static void build_run(void)
{
    set_rec(0, "p12.a.pass", 10, "R-A", "R-G", "Part 12 4.2a (I-GEN-2, I-GEN-10)");
    set_rec(1, "p12.a.fail", 20, "R-A", NULL, "Part 12 4.2a; I-GEN-2");
    set_rec(2, "p9.b.na1", 30, "R-B", NULL, "Part 9 (interpretation I-FCEP-1)");
    set_rec(3, "p9.b.na2", 40, "R-B", NULL, "Part 9");
    set_rec(4, "p9.f.err", 50, "R-F", NULL, "Part 9 2.4.6 I-FCSW-3");
    set_rec(5, "p12.d.bad", 60, "R-D", NULL, "Part 12 3.2");
    set_row(0, RC_V_PASS, "s1", "");
    set_row(1, RC_V_FAIL, "s1", nasty);
    snprintf(rows_[1].res.expected, sizeof rows_[1].res.expected, "symbol tx_port=0 vc=all");
    snprintf(rows_[1].res.actual, sizeof rows_[1].res.actual, "none");
    rows_[1].res.line = 23;
    set_row(2, RC_V_NA, "s2", "no ep machine");
    set_row(3, RC_V_NA, "s2", "no ep machine");
    set_row(4, RC_V_ERROR, NULL, "DUT crashed (SIGSEGV)");
    set_row(5, RC_V_FAIL, "s1", "wrong bit order");
    rows_[5].seconds = NAN;

    memset(&dut_, 0, sizeof dut_);
    dut_.abi_version = RC_DUT_ABI_VERSION;
    dut_.name = "Acme \"VoQ\" switch";
    dut_.version = "1.2\x01";
    dut_.profile.p12_revs = 1u << 3;
    dut_.profile.p9_revs = (1u << 2) | (1u << 3);
    dut_.profile.caps = RC_CAP_CS48 | RC_CAP_GEN;
    dut_.profile.ports = 8;
    dut_.profile.counter_width = 4;
    memset(&info_, 0, sizeof info_);
    info_.tool_version = "riocheck 0.3";
    info_.suite_version = "v-test";
    snprintf(info_.vector_hash, sizeof info_.vector_hash, "0123456789abcdef");
    info_.dut = &dut_;
    info_.dut_source = "./my dut";
    info_.seed = 42;
    info_.sweep_stride = 7;
    info_.started = "2024-05-01T12:00:00Z";
    info_.seconds = 1.5;
    info_.command_line = "riocheck run --dut-cmd './my dut'";
    info_.root = "/r";
}

/* Write with one writer into memory; the caller frees. */
enum writer { W_JSON, W_JUNIT, W_MD };
static char *render(enum writer w, const struct rc_run_info *info,
                    const struct rc_catalogue *cat, const struct rc_result_row *rows,
                    size_t n, const struct rc_report_opts *o, int *rc)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (f == NULL)
        return NULL;
    switch (w) {
    case W_JSON:
        *rc = rc_write_json_opts(f, info, cat, rows, n, o);
        break;
    case W_JUNIT:
        *rc = rc_write_junit(f, info, cat, rows, n);
        break;
    case W_MD:
        *rc = rc_write_markdown(f, info, cat, rows, n, o);
        break;
    }
    fclose(f);
    return buf;
}

static size_t count_of(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = hay; (p = strstr(p, needle)) != NULL; p += strlen(needle))
        n++;
    return n;
}

/* ---- a strict JSON validator (RFC 8259 grammar, UTF-8) ----------------------- */

static const char *j_ws(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
    return p;
}

static const char *j_value(const char *p, int depth);

static const char *j_string(const char *p)
{
    if (*p++ != '"')
        return NULL;
    while (*p != '"') {
        unsigned char c = (unsigned char)*p;
        if (c == '\0' || c < 0x20)
            return NULL;
        if (c == '\\') {
            p++;
            if (*p == 'u') {
                for (int i = 1; i <= 4; i++)
                    if (strchr("0123456789abcdefABCDEF", p[i]) == NULL || p[i] == '\0')
                        return NULL;
                p += 5;
            } else if (*p != '\0' && strchr("\"\\/bfnrt", *p) != NULL) {
                p++;
            } else {
                return NULL;
            }
            continue;
        }
        long cp;
        size_t k = rc_utf8_next(p, strlen(p), &cp);
        if (cp < 0)
            return NULL;
        p += k;
    }
    return p + 1;
}

static const char *j_number(const char *p)
{
    if (*p == '-')
        p++;
    if (*p == '0')
        p++;
    else if (*p >= '1' && *p <= '9')
        while (*p >= '0' && *p <= '9')
            p++;
    else
        return NULL;
    if (*p == '.') {
        p++;
        if (!(*p >= '0' && *p <= '9'))
            return NULL;
        while (*p >= '0' && *p <= '9')
            p++;
    }
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (!(*p >= '0' && *p <= '9'))
            return NULL;
        while (*p >= '0' && *p <= '9')
            p++;
    }
    return p;
}

static const char *j_value(const char *p, int depth)
{
    if (depth > 64)
        return NULL;
    p = j_ws(p);
    if (*p == '{' || *p == '[') {
        char close = *p == '{' ? '}' : ']';
        int obj = *p == '{';
        p = j_ws(p + 1);
        if (*p == close)
            return p + 1;
        for (;;) {
            if (obj) {
                p = j_string(j_ws(p));
                if (p == NULL)
                    return NULL;
                p = j_ws(p);
                if (*p++ != ':')
                    return NULL;
            }
            p = j_value(p, depth + 1);
            if (p == NULL)
                return NULL;
            p = j_ws(p);
            if (*p == close)
                return p + 1;
            if (*p++ != ',')
                return NULL;
        }
    }
    if (*p == '"')
        return j_string(p);
    if (strncmp(p, "true", 4) == 0)
        return p + 4;
    if (strncmp(p, "false", 5) == 0)
        return p + 5;
    if (strncmp(p, "null", 4) == 0)
        return p + 4;
    return j_number(p);
}

static int json_valid(const char *doc)
{
    const char *p = j_value(doc, 0);
    return p != NULL && *j_ws(p) == '\0';
}

/* ---- a small XML well-formedness checker ------------------------------------- */

static int x_entity(const char **pp)
{
    const char *p = *pp;
    static const char *const ents[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"};
    for (size_t i = 0; i < 5; i++)
        if (strncmp(p, ents[i], strlen(ents[i])) == 0) {
            *pp = p + strlen(ents[i]);
            return 1;
        }
    if (p[1] == '#') {
        p += 2;
        const char *d = p;
        while (*p >= '0' && *p <= '9')
            p++;
        if (p == d || *p != ';')
            return 0;
        *pp = p + 1;
        return 1;
    }
    return 0;
}

/* Text and attribute characters: valid UTF-8, no control character but tab,
 * newline, CR; '&' only as an entity; never '<'. */
static int x_char(const char **pp, char stop)
{
    const char *p = *pp;
    if (*p == '&')
        return x_entity(pp);
    if (*p == '<' || *p == stop || *p == '\0')
        return 0;
    long cp;
    size_t k = rc_utf8_next(p, strlen(p), &cp);
    if (cp < 0 || (cp < 0x20 && cp != '\t' && cp != '\n' && cp != '\r') || cp == 0xFFFE ||
        cp == 0xFFFF)
        return 0;
    *pp = p + k;
    return 1;
}

static int x_name(const char **pp, char *out, size_t cap)
{
    const char *p = *pp;
    size_t n = 0;
    while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '_' || *p == '-' ||
           (*p >= '0' && *p <= '9' && n > 0)) {
        if (n + 1 < cap)
            out[n++] = *p;
        p++;
    }
    out[n] = '\0';
    *pp = p;
    return n > 0;
}

static int xml_valid(const char *doc)
{
    const char *p = doc;
    const char *decl = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    if (strncmp(p, decl, strlen(decl)) != 0)
        return 0;
    p += strlen(decl);
    char stack[16][32];
    int depth = 0, roots = 0;
    while (*p != '\0') {
        if (*p != '<') {
            if (depth == 0 && (*p == '\n' || *p == ' ')) {
                p++;
                continue;
            }
            if (depth == 0 || !x_char(&p, '<'))
                return 0;
            continue;
        }
        p++;
        if (*p == '/') {
            char name[32];
            p++;
            if (!x_name(&p, name, sizeof name) || *p++ != '>' || depth == 0 ||
                strcmp(stack[--depth], name) != 0)
                return 0;
            continue;
        }
        char name[32];
        if (!x_name(&p, name, sizeof name))
            return 0;
        if (depth == 0 && roots++ > 0)
            return 0;
        for (;;) {
            if (*p == ' ') {
                char an[32];
                p++;
                if (!x_name(&p, an, sizeof an) || *p++ != '=' || *p++ != '"')
                    return 0;
                while (*p != '"')
                    if (!x_char(&p, '"'))
                        return 0;
                p++;
            } else if (p[0] == '/' && p[1] == '>') {
                p += 2;
                break;
            } else if (*p == '>') {
                p++;
                if (depth >= 16)
                    return 0;
                snprintf(stack[depth++], sizeof stack[0], "%s", name);
                break;
            } else {
                return 0;
            }
        }
    }
    return depth == 0 && roots == 1;
}

/* ---- cite lines ----------------------------------------------------------------- */

static void cite_interpretations_are_found_once_each_in_order(void)
{
    char ids[8][16];
    size_t n = rc_cite_interpretations(
        ids, 8, "Part 12 4.2 (interpretation I-GEN-2, I-VOQREG-11): I-GEN-2 again; I-FCEP-1.");
    CHECK_EQ(n, 3);
    CHECK(strcmp(ids[0], "I-GEN-2") == 0);
    CHECK(strcmp(ids[1], "I-VOQREG-11") == 0);
    CHECK(strcmp(ids[2], "I-FCEP-1") == 0);
}

static void cite_interpretations_need_word_boundaries_and_the_id_form(void)
{
    char ids[8][16];
    /* glued to a word, lower case, missing number, trailing letters, too long */
    CHECK_EQ(rc_cite_interpretations(ids, 8, "XI-GEN-1 I-gen-1 I-GEN- I-GEN-1a "
                                             "I-ABCDEFGHIJKL-1 I--1 I-GEN-1-2"),
             0);
    CHECK_EQ(rc_cite_interpretations(ids, 8, "(I-ARB-19)"), 1);
    CHECK(strcmp(ids[0], "I-ARB-19") == 0);
    CHECK_EQ(rc_cite_interpretations(ids, 8, "I-A1-7"), 1);
    CHECK(strcmp(ids[0], "I-A1-7") == 0);
}

static void cite_interpretations_respect_cap_and_null(void)
{
    char ids[2][16];
    CHECK_EQ(rc_cite_interpretations(ids, 2, "I-A-1 I-A-2 I-A-3"), 2);
    CHECK(strcmp(ids[1], "I-A-2") == 0);
    CHECK_EQ(rc_cite_interpretations(ids, 0, "I-A-1"), 0);
    CHECK_EQ(rc_cite_interpretations(ids, 2, NULL), 0);
    CHECK_EQ(rc_cite_interpretations(NULL, 2, "I-A-1"), 0);
    CHECK_EQ(rc_cite_interpretations(ids, 2, ""), 0);
}

/* ---- rollups ------------------------------------------------------------------- */

static void rollups_follow_the_verdict_rules(void)
{
    build_run();
    struct rc_rollups ro;
    CHECK_EQ(rc_rollups_build(&ro, &cat_, rows_, NROWS), 0);
    /* R-A: one pass, one fail -> fail; R-B: all n/a; R-C: untestable; R-D:
     * one fail; R-E: nothing ran -> not-run; R-F: error; R-G: pass */
    CHECK_EQ(ro.rule[0].verdict, RC_R_FAIL);
    CHECK_EQ(ro.rule[0].count[RC_V_PASS], 1);
    CHECK_EQ(ro.rule[0].count[RC_V_FAIL], 1);
    CHECK_EQ(ro.rule[0].nfailing, 1);
    CHECK_EQ(ro.rule[0].failing[0], 1);
    CHECK_EQ(ro.rule[1].verdict, RC_R_NA);
    CHECK_EQ(ro.rule[1].count[RC_V_NA], 2);
    CHECK_EQ(ro.rule[2].verdict, RC_R_UNTESTABLE);
    CHECK_EQ(ro.rule[3].verdict, RC_R_FAIL);
    CHECK_EQ(ro.rule[4].verdict, RC_R_NOT_RUN);
    CHECK_EQ(ro.rule[5].verdict, RC_R_ERROR);
    CHECK_EQ(ro.rule[5].nfailing, 1);
    CHECK_EQ(ro.rule[6].verdict, RC_R_PASS);
    /* official rows: worst of fail, error, waived, not-run, pass, n/a, untestable */
    CHECK_EQ(ro.official[0].verdict, RC_R_FAIL);
    CHECK_EQ(ro.official[0].count[RC_V_PASS], 1); /* p12.a.pass counted once */
    CHECK_EQ(ro.official[0].count[RC_V_FAIL], 1);
    CHECK_EQ(ro.official[1].verdict, RC_R_PASS);
    CHECK_EQ(ro.official[2].verdict, RC_R_UNTESTABLE);
    CHECK_EQ(ro.official[3].verdict, RC_R_NA);
    CHECK_EQ(ro.official[4].verdict, RC_R_NOT_RUN);
    CHECK_EQ(ro.nvectors, 6);
    CHECK_EQ(ro.totals[RC_V_PASS], 1);
    CHECK_EQ(ro.totals[RC_V_FAIL], 2);
    CHECK_EQ(ro.totals[RC_V_ERROR], 1);
    CHECK_EQ(ro.totals[RC_V_NA], 2);
    CHECK_EQ(ro.rule_totals[RC_R_FAIL], 2);
    CHECK_EQ(ro.rule_totals[RC_R_NOT_RUN], 1);
    CHECK(strcmp(ro.overall, "fail") == 0);
    /* interpretations of vectors that were not n/a: I-GEN-2 x2, I-GEN-10,
     * I-FCSW-3; I-FCEP-1 only in a not-applicable vector. Sorted by module,
     * then number. */
    CHECK_EQ(ro.ninterp, 3);
    CHECK(strcmp(ro.interp[0].id, "I-FCSW-3") == 0);
    CHECK(strcmp(ro.interp[1].id, "I-GEN-2") == 0);
    CHECK_EQ(ro.interp[1].vectors, 2);
    CHECK(strcmp(ro.interp[2].id, "I-GEN-10") == 0);
    size_t idx[8];
    CHECK_EQ(rc_rollups_official_of(&ro, &cat_, &recs_[0], idx, 8), 3); /* OFF-1,2,5 */
    CHECK_EQ(idx[0], 0);
    CHECK_EQ(idx[1], 1);
    CHECK_EQ(idx[2], 4);
    CHECK_EQ(rc_rollups_rule_index(&ro, &cat_, "R-G"), 6);
    CHECK_EQ(rc_rollups_rule_index(&ro, &cat_, "R-Z"), -1);
    rc_rollups_free(&ro);
}

static void rollup_of_waived_and_passing_vectors_is_waived(void)
{
    build_run();
    rows_[1].res.verdict = RC_V_WAIVED; /* R-A: pass + waived */
    rows_[4].res.verdict = RC_V_PASS;
    rows_[5].res.verdict = RC_V_PASS;
    struct rc_rollups ro;
    CHECK_EQ(rc_rollups_build(&ro, &cat_, rows_, NROWS), 0);
    CHECK_EQ(ro.rule[0].verdict, RC_R_WAIVED);
    CHECK_EQ(ro.official[0].verdict, RC_R_WAIVED);
    /* R-E (shall, gen) has no vector: with no profile it counts as applicable */
    CHECK(strcmp(ro.overall, "incomplete") == 0);
    rc_rollups_free(&ro);
    /* a device without the gen machine: R-E is not applicable to it */
    struct rc_profile nogen = {.p12_revs = 1u << 3, .p9_revs = 1u << 3,
                               .caps = RC_CAP_CS64 | RC_CAP_SW};
    CHECK_EQ(rc_rollups_build_for(&ro, &cat_, rows_, NROWS, &nogen), 0);
    CHECK(strcmp(ro.overall, "pass-with-waivers") == 0);
    CHECK_EQ(ro.applicable, 4); /* R-A, R-D, R-F, R-G */
    rc_rollups_free(&ro);
    CHECK_EQ(rc_rollups_build(&ro, &cat_, rows_, 0), 0);
    CHECK(strcmp(ro.overall, "incomplete") == 0); /* nothing ran */
    CHECK_EQ(ro.rule[0].verdict, RC_R_NOT_RUN);
    CHECK_EQ(ro.rule[2].verdict, RC_R_UNTESTABLE);
    rc_rollups_free(&ro);
}

/* Attribution: a failing step fails only its own rules; the vector's other
 * rules are inconclusive (never pass); a set-up failure fails only the rules
 * it names; the overall result is never pass with an inconclusive rule. */
static void rollup_fails_only_the_failing_steps_rules(void)
{
    build_run();
    rows_[1].res.verdict = RC_V_PASS;
    rows_[4].res.verdict = RC_V_PASS;
    rows_[5].res.verdict = RC_V_PASS;
    rows_[0].res.verdict = RC_V_FAIL; /* p12.a.pass cites R-A, R-G */
    rows_[0].res.failed_rules = 1u << 1;
    CHECK_EQ(rc_row_rule_verdict(&rows_[0], 0), RC_V_INCONCLUSIVE);
    CHECK_EQ(rc_row_rule_verdict(&rows_[0], 1), RC_V_FAIL);
    struct rc_rollups ro;
    struct rc_profile nogen = {.p12_revs = 1u << 3, .p9_revs = 1u << 3,
                               .caps = RC_CAP_CS64 | RC_CAP_SW};
    CHECK_EQ(rc_rollups_build_for(&ro, &cat_, rows_, NROWS, &nogen), 0);
    CHECK_EQ(ro.rule[6].verdict, RC_R_FAIL);         /* R-G */
    CHECK_EQ(ro.rule[0].verdict, RC_R_INCONCLUSIVE); /* R-A: one pass, one inconclusive */
    CHECK_EQ(ro.rule[6].nfailing, 1);
    CHECK_EQ(ro.rule[0].nfailing, 0);
    CHECK(strcmp(ro.overall, "fail") == 0);
    rc_rollups_free(&ro);
    /* a set-up step failed and names R-G: R-G fails, R-A is inconclusive */
    rows_[0].res.verdict = RC_V_INCONCLUSIVE;
    CHECK_EQ(rc_rollups_build_for(&ro, &cat_, rows_, NROWS, &nogen), 0);
    CHECK_EQ(ro.rule[6].verdict, RC_R_FAIL);
    CHECK_EQ(ro.rule[0].verdict, RC_R_INCONCLUSIVE);
    CHECK(strcmp(ro.overall, "fail") == 0);
    rc_rollups_free(&ro);
    /* a set-up step that names no rule: nothing fails, but not a pass */
    rows_[0].res.failed_rules = 0;
    CHECK_EQ(rc_rollups_build_for(&ro, &cat_, rows_, NROWS, &nogen), 0);
    CHECK_EQ(ro.rule[6].verdict, RC_R_INCONCLUSIVE);
    CHECK_EQ(ro.rule_totals[RC_R_FAIL], 0);
    CHECK(strcmp(ro.overall, "incomplete") == 0);
    rc_rollups_free(&ro);
    /* and all passing: pass */
    rows_[0].res.verdict = RC_V_PASS;
    CHECK_EQ(rc_rollups_build_for(&ro, &cat_, rows_, NROWS, &nogen), 0);
    CHECK(strcmp(ro.overall, "pass") == 0);
    CHECK_EQ(ro.applicable_passed, ro.applicable);
    rc_rollups_free(&ro);
}

static void rollup_fail_beats_error_and_error_beats_waived(void)
{
    build_run();
    /* R-A: fail (p12.a.fail) + error; R-F: error + waived */
    recs_[4].rules[1] = (char *)(uintptr_t) "R-A";
    recs_[4].nrules = 2;
    recs_[5].rules[0] = (char *)(uintptr_t) "R-F";
    rows_[5].res.verdict = RC_V_WAIVED;
    struct rc_rollups ro;
    CHECK_EQ(rc_rollups_build(&ro, &cat_, rows_, NROWS), 0);
    CHECK_EQ(ro.rule[0].verdict, RC_R_FAIL);
    CHECK_EQ(ro.rule[0].nfailing, 2);
    CHECK_EQ(ro.rule[0].failing[0], 1);
    CHECK_EQ(ro.rule[0].failing[1], 4);
    CHECK_EQ(ro.rule[5].verdict, RC_R_ERROR);
    CHECK_EQ(ro.rule[5].count[RC_V_WAIVED], 1);
    CHECK_EQ(ro.rule[3].verdict, RC_R_NOT_RUN); /* R-D lost its only vector */
    rc_rollups_free(&ro);
}

static void rollup_counts_a_rule_cited_twice_once_and_ignores_unknown_rules(void)
{
    build_run();
    recs_[0].rules[1] = (char *)(uintptr_t) "R-A"; /* R-A R-A */
    recs_[1].rules[1] = (char *)(uintptr_t) "R-NOPE";
    recs_[1].nrules = 2;
    struct rc_rollups ro;
    CHECK_EQ(rc_rollups_build(&ro, &cat_, rows_, NROWS), 0);
    CHECK_EQ(ro.rule[0].count[RC_V_PASS], 1);
    CHECK_EQ(ro.rule[0].nfailing, 1);
    CHECK_EQ(ro.unknown_rules, 1);
    CHECK_EQ(ro.rule[6].verdict, RC_R_NOT_RUN); /* R-G lost its only vector */
    rc_rollups_free(&ro);
}

static void report_paths_are_relative_to_the_root(void)
{
    struct rc_run_info in;
    memset(&in, 0, sizeof in);
    in.root = "/r";
    CHECK(strcmp(rc_report_path(&in, "/r/vectors/x.vec"), "vectors/x.vec") == 0);
    CHECK(strcmp(rc_report_path(&in, "/rx/vectors/x.vec"), "/rx/vectors/x.vec") == 0);
    CHECK(strcmp(rc_report_path(&in, "/r"), "/r") == 0);
    in.root = "/r/";
    CHECK(strcmp(rc_report_path(&in, "/r/vectors/x.vec"), "vectors/x.vec") == 0);
    in.root = ".";
    CHECK(strcmp(rc_report_path(&in, "./vectors/x.vec"), "vectors/x.vec") == 0);
    CHECK(strcmp(rc_report_path(NULL, "./v"), "./v") == 0);
    CHECK(rc_report_path(&in, NULL) == NULL);
}

static void rollup_counts_a_verdict_out_of_range_as_error(void)
{
    build_run();
    rows_[0].res.verdict = (enum rc_verdict)77;
    struct rc_rollups ro;
    CHECK_EQ(rc_rollups_build(&ro, &cat_, rows_, 1), 0);
    CHECK_EQ(ro.totals[RC_V_ERROR], 1);
    CHECK_EQ(ro.rule[6].verdict, RC_R_ERROR);
    rc_rollups_free(&ro);
}

/* ---- JSON ---------------------------------------------------------------------- */

static void json_is_valid_and_carries_the_run(void)
{
    build_run();
    int rc = -1;
    char *doc = render(W_JSON, &info_, &cat_, rows_, NROWS, NULL, &rc);
    CHECK(doc != NULL);
    CHECK_EQ(rc, 0);
    CHECK(json_valid(doc));
    CHECK(strstr(doc, "\"format\": \"riocheck-results-1\"") != NULL);
    CHECK(strstr(doc, "\"tool\": \"riocheck 0.3\"") != NULL);
    CHECK(strstr(doc, "\"suite_version\": \"v-test\"") != NULL);
    CHECK(strstr(doc, "\"vector_hash\": \"0123456789abcdef\"") != NULL);
    CHECK(strstr(doc, "\"seed\": 42") != NULL);
    CHECK(strstr(doc, "\"sweep_stride\": 7") != NULL);
    CHECK(strstr(doc, "\"started\": \"2024-05-01T12:00:00Z\"") != NULL);
    CHECK(strstr(doc, "\"seconds\": 1.500000") != NULL);
    CHECK(strstr(doc, "\"command_line\": \"riocheck run --dut-cmd './my dut'\"") != NULL);
    CHECK(strstr(doc, "\"name\": \"Acme \\\"VoQ\\\" switch\"") != NULL);
    CHECK(strstr(doc, "\"version\": \"1.2\\u0001\"") != NULL);
    CHECK(strstr(doc, "\"source\": \"./my dut\"") != NULL);
    CHECK(strstr(doc, "\"p12_revs\": [\"p12r3\"]") != NULL);
    CHECK(strstr(doc, "\"p9_revs\": [\"p9r2\", \"p9r3\"]") != NULL);
    CHECK(strstr(doc, "\"capabilities\": [\"cs48\", \"gen\"]") != NULL);
    CHECK(strstr(doc, "\"ports\": 8") != NULL);
    CHECK(strstr(doc, "\"counter_width\": 4") != NULL);
    CHECK(strstr(doc, "\"overall\": \"fail\"") != NULL);
    CHECK(strstr(doc, "\"vectors\": 6, \"pass\": 1, \"fail\": 2, \"error\": 1, "
                      "\"not-applicable\": 2, \"waived\": 0") != NULL);
    free(doc);
}

static void json_vectors_carry_rules_official_ids_and_escaped_detail(void)
{
    build_run();
    int rc = -1;
    char *doc = render(W_JSON, &info_, &cat_, rows_, NROWS, NULL, &rc);
    CHECK(doc != NULL);
    CHECK_EQ(rc, 0);
    const char *v = strstr(doc, "\"id\": \"p12.a.fail\"");
    CHECK(v != NULL);
    CHECK(strstr(v, "\"line\": 20") != NULL);
    CHECK(strstr(v, "\"step_line\": 23") != NULL);
    CHECK(strstr(v, "\"suite\": \"s1\"") != NULL);
    CHECK(strstr(v, "\"rules\": [\"R-A\"]") != NULL);
    CHECK(strstr(v, "\"official\": [\"OFF-1\"]") != NULL);
    CHECK(strstr(v, "\"verdict\": \"fail\"") != NULL);
    CHECK(strstr(v, "\"waiver\": null") != NULL);
    /* every escape: quote, backslash, \u0001, \u001f, tab, newline, the
     * micro sign kept as UTF-8, the invalid byte as U+FFFD */
    CHECK(strstr(v, "\"detail\": \"say \\\"hi\\\" \\\\ p\\u0001\\u001f tab\\t nl\\n "
                    "\xC2\xB5 \\ufffd end <&> |x|\"") != NULL);
    CHECK(strstr(v, "\"expected\": \"symbol tx_port=0 vc=all\"") != NULL);
    CHECK(strstr(v, "\"actual\": \"none\"") != NULL);
    const char *pass = strstr(doc, "\"id\": \"p12.a.pass\"");
    CHECK(pass != NULL);
    CHECK(strstr(pass, "\"official\": [\"OFF-1\", \"OFF-2\", \"OFF-5\"]") != NULL);
    const char *err = strstr(doc, "\"id\": \"p9.f.err\"");
    CHECK(err != NULL);
    CHECK(strstr(err, "\"suite\": null") != NULL);
    CHECK(strstr(err, "\"official\": []") != NULL);
    /* NaN seconds are null, never NaN */
    const char *bad = strstr(doc, "\"id\": \"p12.d.bad\"");
    CHECK(bad != NULL);
    CHECK(strstr(bad, "\"seconds\": null") != NULL);
    CHECK(strstr(doc, ": nan") == NULL && strstr(doc, ": -nan") == NULL &&
          strstr(doc, "NaN") == NULL); /* ("provenance" holds "nan") */
    free(doc);
}

static void json_rules_and_official_rows_carry_rollups(void)
{
    build_run();
    int rc = -1;
    char *doc = render(W_JSON, &info_, &cat_, rows_, NROWS, NULL, &rc);
    CHECK(doc != NULL);
    CHECK_EQ(rc, 0);
    const char *rules = strstr(doc, "\"rules\": [\n");
    CHECK(rules != NULL);
    const char *ra = strstr(rules, "\"id\": \"R-A\"");
    CHECK(ra != NULL);
    CHECK(strstr(ra, "\"verdict\": \"fail\"") < strstr(ra, "\"id\": \"R-B\""));
    CHECK(strstr(ra, "\"counts\": {\"pass\": 1, \"fail\": 1, \"error\": 0, "
                     "\"not-applicable\": 0, \"waived\": 0, \"inconclusive\": 0}") != NULL);
    CHECK(strstr(ra, "\"failing\": [\"p12.a.fail\"]") != NULL);
    const char *rc_ = strstr(rules, "\"id\": \"R-C\"");
    CHECK(rc_ != NULL);
    CHECK(strstr(rc_, "\"verdict\": \"untestable\"") != NULL);
    CHECK(strstr(rc_, "\"untestable\": \"system: needs two devices | a link\"") != NULL);
    const char *re = strstr(rules, "\"id\": \"R-E\"");
    CHECK(re != NULL);
    CHECK(strstr(re, "\"verdict\": \"not-run\"") != NULL);
    const char *off = strstr(doc, "\"id\": \"OFF-4\"");
    CHECK(off != NULL);
    CHECK(strstr(off, "\"rules\": [\"R-B\", \"R-C\"]") != NULL);
    CHECK(strstr(off, "\"verdict\": \"not-applicable\"") != NULL);
    CHECK(strstr(off, "\"note\": \"n/a and untestable\"") != NULL);
    CHECK(strstr(doc, "{\"id\": \"I-GEN-2\", \"vectors\": 2}") != NULL);
    CHECK(strstr(doc, "\"rule_totals\": {\"pass\": 1, \"fail\": 2, \"error\": 1, "
                      "\"not-applicable\": 1, \"waived\": 0, \"untestable\": 1, "
                      "\"not-run\": 1, \"inconclusive\": 0}") != NULL);
    CHECK(strstr(doc, "\"waivers\"") == NULL);
    free(doc);
}

static void json_escapes_del_and_keeps_valid_multibyte_characters(void)
{
    build_run();
    /* DEL; 2-, 3- and 4-byte UTF-8; an overlong '/', a surrogate, a cut
     * 3-byte sequence */
    snprintf(rows_[1].res.detail, sizeof rows_[1].res.detail,
             "a\x7f \xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80 \xC0\xAF \xED\xA0\x80 \xE2\x82");
    int rc = -1;
    char *doc = render(W_JSON, &info_, &cat_, rows_, NROWS, NULL, &rc);
    CHECK(doc != NULL);
    CHECK(json_valid(doc));
    CHECK(strstr(doc, "\"detail\": \"a\\u007f \xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80 "
                      "\\ufffd\\ufffd \\ufffd\\ufffd\\ufffd \\ufffd\\ufffd\"") != NULL);
    free(doc);
}

static void official_row_naming_a_rule_twice_counts_its_vectors_once(void)
{
    build_run();
    static char *twice[] = {"R-G", "R-G"};
    static struct rc_mapping map2[] = {{"OFF-X", twice, 2, "-"}};
    struct rc_catalogue c2 = {rules_, 7, map2, 1, NULL, 0};
    struct rc_rollups ro;
    CHECK_EQ(rc_rollups_build(&ro, &c2, rows_, NROWS), 0);
    CHECK_EQ(ro.official[0].count[RC_V_PASS], 1);
    size_t idx[4];
    CHECK_EQ(rc_rollups_official_of(&ro, &c2, &recs_[0], idx, 4), 1);
    CHECK_EQ(ro.map_start[7], 1); /* one rule -> row link, not two */
    rc_rollups_free(&ro);
}

static void json_without_info_catalogue_or_rows_is_still_valid(void)
{
    int rc = -1;
    char *doc = render(W_JSON, NULL, NULL, NULL, 0, NULL, &rc);
    CHECK(doc != NULL);
    CHECK_EQ(rc, 0);
    CHECK(json_valid(doc));
    CHECK(strstr(doc, "\"dut\": {\n    \"name\": null") != NULL);
    CHECK(strstr(doc, "\"profile\": null") != NULL);
    CHECK(strstr(doc, "\"overall\": \"incomplete\"") != NULL);
    CHECK(strstr(doc, "\"vectors\": []") != NULL);
    free(doc);
}

/* ---- JUnit --------------------------------------------------------------------- */

static void junit_counts_and_groups_by_suite(void)
{
    build_run();
    int rc = -1;
    char *doc = render(W_JUNIT, &info_, &cat_, rows_, NROWS, NULL, &rc);
    CHECK(doc != NULL);
    CHECK_EQ(rc, 0);
    CHECK(xml_valid(doc));
    /* junit-10.xsd (Jenkins xUnit) has no skipped on <testsuites> */
    CHECK(strstr(doc, "<testsuites name=\"riocheck\" tests=\"6\" failures=\"2\" "
                      "errors=\"1\" time=\"1.500000\">") != NULL);
    CHECK_EQ(count_of(doc, "<testsuite "), 3);
    CHECK_EQ(count_of(doc, "<testcase "), 6);
    CHECK_EQ(count_of(doc, "<failure "), 2);
    CHECK_EQ(count_of(doc, "<error "), 1);
    CHECK_EQ(count_of(doc, "<skipped "), 2);
    /* suites in order of first appearance; the suite-less vector last */
    const char *s1 = strstr(doc, "<testsuite name=\"s1\" tests=\"3\" failures=\"2\" "
                                 "errors=\"0\" skipped=\"0\"");
    const char *s2 = strstr(doc, "<testsuite name=\"s2\" tests=\"2\" failures=\"0\" "
                                 "errors=\"0\" skipped=\"2\"");
    const char *un = strstr(doc, "<testsuite name=\"unassigned\" tests=\"1\" failures=\"0\" "
                                 "errors=\"1\" skipped=\"0\"");
    CHECK(s1 != NULL && s2 != NULL && un != NULL);
    CHECK(s1 < s2 && s2 < un);
    /* id from 0, the Ant schema's timestamp (no zone), hostname, package */
    CHECK(strstr(doc, "skipped=\"0\" time=\"0.500000\" timestamp=\"2024-05-01T12:00:00\" "
                      "hostname=\"localhost\" id=\"0\" package=\"riocheck\">") != NULL);
    CHECK(strstr(doc, "hostname=\"localhost\" id=\"2\" package=\"riocheck\">") != NULL);
    CHECK_EQ(count_of(doc, "<system-out/>\n    <system-err/>\n  </testsuite>"), 3);
    /* no file or line on <testcase> (junit-10.xsd rejects them) */
    CHECK(strstr(doc, "<testcase classname=\"s1\" name=\"p12.a.fail\" "
                      "time=\"0.250000\">") != NULL);
    CHECK(strstr(doc, " file=") == NULL && strstr(doc, " line=") == NULL);
    CHECK(strstr(doc, "<skipped message=\"not applicable: no ep machine\">"
                      "not applicable: no ep machine</skipped>") != NULL);
    CHECK(strstr(doc, "<property name=\"dut_name\" value=\"Acme &quot;VoQ&quot; switch\"/>") !=
          NULL);
    free(doc);
}

static void junit_escapes_every_text(void)
{
    build_run();
    int rc = -1;
    char *doc = render(W_JUNIT, &info_, &cat_, rows_, NROWS, NULL, &rc);
    CHECK(doc != NULL);
    /* attribute: quotes, tab and newline as references, controls and the
     * invalid byte as U+FFFD, markup characters as entities */
    CHECK(strstr(doc, "message=\"say &quot;hi&quot; \\ p\xEF\xBF\xBD\xEF\xBF\xBD tab&#9; "
                      "nl&#10; \xC2\xB5 \xEF\xBF\xBD end &lt;&amp;&gt; |x|\" type=\"fail\">") !=
          NULL);
    /* element text: the body names file:line of the deciding step */
    CHECK(strstr(doc, ">vectors/t.vec:23: say \"hi\"") != NULL);
    CHECK(strstr(doc, "\nexpected: symbol tx_port=0 vc=all\nactual: none\nrules: R-A\n"
                      "cite: Part 12 4.2a; I-GEN-2</failure>") != NULL);
    CHECK(strstr(doc, "\x01") == NULL && strstr(doc, "\xFF") == NULL);
    /* the version "1.2\x01" */
    CHECK(strstr(doc, "value=\"1.2\xEF\xBF\xBD\"") != NULL);
    free(doc);
}

static void junit_reports_waived_vectors_as_skipped_with_the_reason(void)
{
    build_run();
    rows_[5].res.verdict = RC_V_WAIVED;
    rows_[5].waiver = "vendor erratum 7 <fix in 2.0>";
    int rc = -1;
    char *doc = render(W_JUNIT, &info_, &cat_, rows_, NROWS, NULL, &rc);
    CHECK(doc != NULL);
    CHECK(xml_valid(doc));
    CHECK(strstr(doc, "<skipped message=\"waived: vendor erratum 7 &lt;fix in 2.0&gt;\">"
                      "waived: vendor erratum 7 &lt;fix in 2.0&gt;\n") != NULL);
    CHECK(strstr(doc, "<testsuites name=\"riocheck\" tests=\"6\" failures=\"1\" "
                      "errors=\"1\" time=") != NULL);
    CHECK(strstr(doc, "name=\"s1\" tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\"") !=
          NULL);
    free(doc);
}

/* ---- Markdown ------------------------------------------------------------------ */

/* A GFM table row has as many cells as its header: count the pipes that
 * split it (a backslash escapes the next character, as in cmark-gfm). */
static size_t md_cells(const char *line, size_t len)
{
    size_t pipes = 0;
    for (size_t i = 0; i < len; i++) {
        if (line[i] == '\\')
            i++;
        else if (line[i] == '|')
            pipes++;
    }
    return pipes ? pipes - 1 : 0;
}

/* Every table row of the document has the cell count of its header. */
static int md_tables_consistent(const char *doc)
{
    size_t want = 0;
    int in_table = 0;
    for (const char *p = doc; *p != '\0';) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        if (len > 0 && p[0] == '|') {
            size_t cells = md_cells(p, len);
            if (!in_table)
                want = cells, in_table = 1;
            else if (cells != want)
                return 0;
        } else {
            in_table = 0;
        }
        p += len + (nl != NULL);
    }
    return 1;
}

static const char *line_with(const char *doc, const char *start)
{
    const char *p = strstr(doc, start);
    return p;
}

static void markdown_has_every_section_in_order(void)
{
    build_run();
    int rc = -1;
    char *doc = render(W_MD, &info_, &cat_, rows_, NROWS, NULL, &rc);
    CHECK(doc != NULL);
    CHECK_EQ(rc, 0);
    static const char *const sections[] = {
        "# RapidIO Part 12 / Part 9 compliance summary\n", "\n## Totals\n", "\n## Rules\n",
        "\n### shall (4 rules)\n", "\n### should (1 rule)\n", "\n### may (1 rule)\n",
        "\n### def (1 rule)\n", "\n## Official compliance checklist\n",
        "\n## Interpretations that applied\n", "\n## Failures\n", "\n## Untestable rules\n",
        "\n## Waivers\n"};
    const char *at = doc;
    for (size_t i = 0; i < sizeof sections / sizeof sections[0]; i++) {
        const char *p = strstr(at, sections[i]);
        CHECK_EQ_AT(i, p != NULL, 1);
        at = p;
    }
    CHECK(md_tables_consistent(doc));
    free(doc);
}

static void markdown_header_names_the_dut_and_the_result(void)
{
    build_run();
    int rc = -1;
    char *doc = render(W_MD, &info_, &cat_, rows_, NROWS, NULL, &rc);
    CHECK(doc != NULL);
    CHECK(strstr(doc, "| Device | Acme \"VoQ\" switch 1.2  |\n") != NULL);
    CHECK(strstr(doc, "| Part 12 (VoQ backpressure) | Part 12 rev 3.0-4.1 |\n") != NULL);
    CHECK(strstr(doc, "| Part 9 (flow control) | Part 9 rev 2.0-2.2, Part 9 rev 3.0-4.1 |\n") !=
          NULL);
    CHECK(strstr(doc, "| Capabilities | cs48, gen |\n") != NULL);
    CHECK(strstr(doc, "| Date | 2024-05-01T12:00:00Z (1.5 s) |\n") != NULL);
    CHECK(strstr(doc, "| Tool | riocheck 0.3 |\n") != NULL);
    CHECK(strstr(doc, "| Vector set | v-test, hash `0123456789abcdef` |\n") != NULL);
    CHECK(strstr(doc, "seed 42, sweep stride 7 (sweeps sampled, not exhaustive)") != NULL);
    CHECK(strstr(doc, "| Command | `riocheck run --dut-cmd './my dut'` |\n") != NULL);
    CHECK(strstr(doc, "| **Overall result** | **fail** |\n") != NULL);
    CHECK(strstr(doc, "| 6 | 1 | 2 | 1 | 0 | 2 | 0 |\n") != NULL);
    CHECK(strstr(doc, "| 7 | 1 | 2 | 1 | 0 | 1 | 0 | 1 | 1 |\n") != NULL);
    free(doc);
}

static void markdown_rule_rows_show_rollups_counts_and_failing_vectors(void)
{
    build_run();
    int rc = -1;
    char *doc = render(W_MD, &info_, &cat_, rows_, NROWS, NULL, &rc);
    CHECK(doc != NULL);
    CHECK(line_with(doc, "| `R-A` | A is done (4.2a). | **fail** | 1 | 1 | 0 | 0 | 0 | "
                         "`p12.a.fail` |\n") != NULL);
    /* statement escaped: < > as entities, | escaped */
    CHECK(line_with(doc, "| `R-B` | B &lt;should&gt; \\| be done. | not-applicable | 0 | 0 | "
                         "0 | 2 | 0 |  |\n") != NULL);
    CHECK(line_with(doc, "| `R-C` | C is system-level. | untestable | 0 | 0 | 0 | 0 | 0 |  "
                         "|\n") != NULL);
    CHECK(line_with(doc, "| `R-E` | E has no vector. | not-run |") != NULL);
    CHECK(line_with(doc, "| `R-F` | F errs. | **error** | 0 | 0 | 1 | 0 | 0 | `p9.f.err` |\n") !=
          NULL);
    CHECK(line_with(doc, "| `R-G` | G passes. | pass | 1 |") != NULL);
    /* official rows */
    CHECK(line_with(doc, "| `OFF-1` | `R-A`, `R-G` | **fail** | 2 | A and G |\n") != NULL);
    CHECK(line_with(doc, "| `OFF-2` | `R-G` | pass | 1 |  |\n") != NULL);
    CHECK(line_with(doc, "| `OFF-3` | `R-C` | untestable | 0 | untestable only |\n") != NULL);
    CHECK(line_with(doc, "| `OFF-4` | `R-B`, `R-C` | not-applicable | 2 | n/a and untestable "
                         "|\n") != NULL);
    CHECK(line_with(doc, "| `OFF-5` | `R-G`, `R-E` | not-run | 1 | G and unrun E |\n") != NULL);
    free(doc);
}

static void markdown_lists_interpretations_failures_and_untestable_rules(void)
{
    build_run();
    int rc = -1;
    struct rc_report_opts o = {.waivers = NULL, .dut_option = "--dut-cmd"};
    char *doc = render(W_MD, &info_, &cat_, rows_, NROWS, &o, &rc);
    CHECK(doc != NULL);
    CHECK(strstr(doc, "| [I-FCSW-3](interpretations.md#i-fcsw-3) | 1 |\n") != NULL);
    CHECK(strstr(doc, "| [I-GEN-2](interpretations.md#i-gen-2) | 2 |\n") != NULL);
    CHECK(strstr(doc, "| [I-GEN-10](interpretations.md#i-gen-10) | 1 |\n") != NULL);
    CHECK(strstr(doc, "I-FCEP-1") == NULL); /* only in a not-applicable vector */
    CHECK(strstr(doc, "- `p12.a.fail` **fail** at vectors/t.vec:23 (rules `R-A`): say \"hi\" "
                      "\\\\ p   tab  nl  \xC2\xB5 \xEF\xBF\xBD end &lt;&amp;&gt; \\|x\\|\n"
                      "  - expected: `symbol tx_port=0 vc=all`\n  - actual: `none`\n"
                      "  - rerun: `riocheck run --root /r --dut-cmd './my dut' "
                      "--sweep-stride 7 --vector p12.a.fail`\n") != NULL);
    CHECK(strstr(doc, "- `p9.f.err` **error** at vectors/t.vec:50") != NULL);
    CHECK(strstr(doc, "--vector p12.d.bad`\n") != NULL);
    CHECK_EQ(count_of(doc, "  - rerun: "), 3);
    CHECK(strstr(doc, "| `R-C` | may | system: needs two devices \\| a link |\n") != NULL);
    CHECK(strstr(doc, "No waiver file was given.") != NULL);
    CHECK(md_tables_consistent(doc));
    free(doc);
}

static void reports_print_vector_files_relative_to_the_root(void)
{
    build_run();
    for (int i = 0; i < NROWS; i++)
        recs_[i].file = "/r/vectors/t.vec";
    rows_[4].res.detail[0] = '\0';
    int rc = -1;
    char *md = render(W_MD, &info_, &cat_, rows_, NROWS, NULL, &rc);
    CHECK(md != NULL);
    CHECK(strstr(md, "- `p9.f.err` **error** at vectors/t.vec:50 (rules `R-F`)\n") != NULL);
    CHECK(strstr(md, "/r/vectors") == NULL);
    free(md);
    char *js = render(W_JSON, &info_, &cat_, rows_, NROWS, NULL, &rc);
    CHECK(js != NULL);
    CHECK(strstr(js, "\"file\": \"vectors/t.vec\"") != NULL);
    CHECK(strstr(js, "/r/vectors") == NULL);
    free(js);
    char *x = render(W_JUNIT, &info_, &cat_, rows_, NROWS, NULL, &rc);
    CHECK(x != NULL);
    CHECK(strstr(x, ">vectors/t.vec:") != NULL); /* a failure's first line */
    CHECK(strstr(x, "/r/vectors") == NULL);
    free(x);
}

static void markdown_rerun_defaults_to_dut_and_omits_the_reference(void)
{
    build_run();
    int rc = -1;
    info_.dut_source = "/opt/acme/libdut.so";
    info_.sweep_stride = 1;
    info_.root = ".";
    char *doc = render(W_MD, &info_, &cat_, rows_, NROWS, NULL, &rc);
    CHECK(doc != NULL);
    CHECK(strstr(doc, "`riocheck run --dut /opt/acme/libdut.so --vector p12.a.fail`") != NULL);
    free(doc);
    info_.dut_source = "built-in reference";
    doc = render(W_MD, &info_, &cat_, rows_, NROWS, NULL, &rc);
    CHECK(doc != NULL);
    CHECK(strstr(doc, "`riocheck run --vector p12.a.fail`") != NULL);
    free(doc);
}

static void markdown_code_spans_survive_backticks_and_pipes(void)
{
    build_run();
    info_.command_line = "run `x` | y \\";
    snprintf(rows_[1].res.expected, sizeof rows_[1].res.expected, "a``b");
    int rc = -1;
    char *doc = render(W_MD, &info_, &cat_, rows_, NROWS, NULL, &rc);
    CHECK(doc != NULL);
    /* in the header table: escaped text, not a code span */
    CHECK(strstr(doc, "| Command | run \\`x\\` \\| y \\\\ |\n") != NULL);
    /* outside tables: a longer delimiter */
    CHECK(strstr(doc, "  - expected: ``` a``b ```\n") != NULL);
    CHECK(md_tables_consistent(doc));
    free(doc);
}

/* ---- waivers ------------------------------------------------------------------- */

static int wload(struct rc_waivers *w, const char *text, char *err, size_t cap)
{
    return rc_waivers_load_text(w, "w.txt", text, strlen(text), err, cap);
}

static void waiver_file_parses_comments_blanks_globs_and_rule_ids(void)
{
    struct rc_waivers w = {0};
    char err[256] = "";
    static const char good[] =
        "# waivers for Acme 1.2\n"
        "\n"
        "   \t \n"
        "  # indented comment\n"
        "p12.a.fail\tknown erratum E-7 #123, fixed in 1.3   \n"
        "p9.*.err  crash under   investigation\r\n"
        "R-D   bit order per vendor doc\n"
        "p12.[ab].x?   brackets\n"
        "p12.[!c]*\tnegated class";
    CHECK_EQ(wload(&w, good, err, sizeof err), 0);
    CHECK_EQ(w.n, 5);
    CHECK(strcmp(w.w[0].pattern, "p12.a.fail") == 0);
    CHECK(strcmp(w.w[0].reason, "known erratum E-7 #123, fixed in 1.3") == 0);
    CHECK_EQ(w.w[0].line, 5);
    CHECK(strcmp(w.w[0].file, "w.txt") == 0);
    CHECK(strcmp(w.w[1].reason, "crash under   investigation") == 0);
    CHECK_EQ(w.w[1].line, 6);
    CHECK(strcmp(w.w[2].pattern, "R-D") == 0);
    CHECK_EQ(w.w[4].line, 9);
    CHECK(strcmp(w.w[4].reason, "negated class") == 0);
    rc_waivers_free(&w);
    CHECK_EQ(w.n, 0);
    CHECK_EQ(wload(&w, "", err, sizeof err), 0);
    CHECK_EQ(w.n, 0);
    rc_waivers_free(&w);
}

struct bad_case {
    const char *text;
    size_t len; /* 0: strlen */
    const char *msg;
};

static void waiver_file_rejects_every_malformed_line_with_file_and_line(void)
{
    static char longline[RC_WAIVER_LINE_MAX + 40];
    memset(longline, 'r', sizeof longline - 1);
    memcpy(longline, "ok.id ", 6);
    longline[sizeof longline - 1] = '\0';
    static char longpat[RC_WAIVER_PATTERN_MAX + 20];
    memset(longpat, 'p', sizeof longpat - 1);
    memcpy(longpat + RC_WAIVER_PATTERN_MAX + 1, " why", 4);
    longpat[RC_WAIVER_PATTERN_MAX + 5] = '\0';
    static const char nul[] = "# c\na.b why\nc.d wh\0y\n";
    const struct bad_case cases[] = {
        {"# c\np12.a.fail\n", 0, "w.txt:2: 'p12.a.fail': missing reason (every waiver says why)"},
        {"p12.a.fail   \t  \n", 0, "w.txt:1: 'p12.a.fail': missing reason (every waiver says why)"},
        {"a.b ok\np12/a why\n", 0, "w.txt:2: 'p12/a': character '/' not allowed in an id "
                                   "(letters, digits, . _ - and globs * ? [ ] !)"},
        {"p12.\xC3\xA9 why\n", 0, "w.txt:1: byte 0xC3 not allowed in an id (letters, digits, "
                                  ". _ - and globs * ? [ ] !)"},
        {"a[b why\n", 0, "w.txt:1: 'a[b': unclosed '['"},
        {"a]b why\n", 0, "w.txt:1: 'a]b': ']' without '['"},
        {"a[]b why\n", 0, "w.txt:1: 'a[]b': empty '[]'"},
        {"a[[b]] why\n", 0, "w.txt:1: 'a[[b]]': nested '['"},
        {"a!b why\n", 0, "w.txt:1: 'a!b': '!' outside the start of '[...]'"},
        {"a[b*] why\n", 0, "w.txt:1: 'a[b*]': '*' or '?' inside '[...]'"},
        {"a.b first\nc.d x\na.b second\n", 0, "w.txt:3: 'a.b' is waived twice (first at w.txt:1)"},
        {"a.b bad \x01 control\n", 0, "w.txt:1: control character in the reason"},
        {"a.b bad \xC2\x85 C1\n", 0, "w.txt:1: control character in the reason"},
        {"a.b bad \xFF byte\n", 0, "w.txt:1: reason is not valid UTF-8"},
        {"a.b bad \xE2\x82 cut\n", 0, "w.txt:1: reason is not valid UTF-8"},
        {nul, sizeof nul - 1, "w.txt:3: NUL byte in the line"},
        {longline, 0, "w.txt:1: line longer than 1024 bytes"},
        {longpat, 0, "w.txt:1: id or glob longer than 127 bytes"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct rc_waivers w = {0};
        char err[512] = "";
        size_t len = cases[i].len ? cases[i].len : strlen(cases[i].text);
        CHECK_EQ_AT(i, rc_waivers_load_text(&w, "w.txt", cases[i].text, len, err, sizeof err),
                    -1);
        if (strcmp(err, cases[i].msg) != 0) {
            fprintf(stderr, "case %zu: got '%s'\n   want '%s'\n", i, err, cases[i].msg);
            CHECK(0);
        }
        CHECK_EQ_AT(i, w.n, 0); /* a file with an error adds no waiver */
        rc_waivers_free(&w);
    }
}

static void waiver_line_limits_are_inclusive(void)
{
    struct rc_waivers w = {0};
    char err[256] = "";
    char line[RC_WAIVER_LINE_MAX + 2];
    memset(line, 'r', RC_WAIVER_LINE_MAX);
    memcpy(line, "id ", 3);
    line[RC_WAIVER_LINE_MAX] = '\n';
    line[RC_WAIVER_LINE_MAX + 1] = '\0';
    CHECK_EQ(wload(&w, line, err, sizeof err), 0);
    CHECK_EQ(w.n, 1);
    rc_waivers_free(&w);
    /* one byte more is too long; a CR before the newline does not count */
    char longer[RC_WAIVER_LINE_MAX + 3];
    memcpy(longer, line, RC_WAIVER_LINE_MAX);
    memcpy(longer + RC_WAIVER_LINE_MAX, "r\n", 3);
    CHECK_EQ(wload(&w, longer, err, sizeof err), -1);
    CHECK(strcmp(err, "w.txt:1: line longer than 1024 bytes") == 0);
    memcpy(longer + RC_WAIVER_LINE_MAX, "\r\n", 3);
    CHECK_EQ(wload(&w, longer, err, sizeof err), 0);
    rc_waivers_free(&w);
    char pat[RC_WAIVER_PATTERN_MAX + 8];
    memset(pat, 'p', RC_WAIVER_PATTERN_MAX);
    memcpy(pat + RC_WAIVER_PATTERN_MAX, " why", 5);
    CHECK_EQ(wload(&w, pat, err, sizeof err), 0);
    rc_waivers_free(&w);
}

static void waiver_files_append_and_duplicates_across_files_are_named(void)
{
    struct rc_waivers w = {0};
    char err[256] = "";
    CHECK_EQ(rc_waivers_load_text(&w, "one.txt", "a.b why\n", 8, err, sizeof err), 0);
    CHECK_EQ(rc_waivers_load_text(&w, "two.txt", "c.d ok\na.b again\n", 17, err, sizeof err),
             -1);
    CHECK(strcmp(err, "two.txt:2: 'a.b' is waived twice (first at one.txt:1)") == 0);
    CHECK_EQ(w.n, 1); /* the failing file added nothing, the first stays */
    CHECK_EQ(rc_waivers_load_text(&w, "three.txt", "e.f fine\n", 9, err, sizeof err), 0);
    CHECK_EQ(w.n, 2);
    CHECK(strcmp(w.w[1].file, "three.txt") == 0);
    rc_waivers_free(&w);
}

static void waiver_load_reads_a_file_and_names_a_missing_one(void)
{
    char dir[] = "/tmp/report_test_XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char path[256];
    snprintf(path, sizeof path, "%s/w.txt", dir);
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    fputs("# x\np12.* all of p12\nbad-line\n", f);
    fclose(f);
    struct rc_waivers w = {0};
    char err[512] = "", want[600];
    CHECK_EQ(rc_waivers_load(&w, path, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s:3: 'bad-line': missing reason (every waiver says why)",
             path);
    CHECK(strcmp(err, want) == 0);
    f = fopen(path, "w");
    CHECK(f != NULL);
    fputs("p12.* all of p12\n", f);
    fclose(f);
    CHECK_EQ(rc_waivers_load(&w, path, err, sizeof err), 0);
    CHECK_EQ(w.n, 1);
    CHECK(strcmp(w.w[0].file, path) == 0);
    rc_waivers_free(&w);
    unlink(path);
    CHECK_EQ(rc_waivers_load(&w, path, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s: %s", path, strerror(ENOENT));
    CHECK(strcmp(err, want) == 0);
    rmdir(dir);
}

static void waiver_matches_by_id_glob_and_by_rule(void)
{
    build_run();
    struct rc_waivers w = {0};
    char err[256] = "";
    CHECK_EQ(wload(&w, "p9.*.err crash\nR-D bits\nR-[X]* never\n", err, sizeof err), 0);
    CHECK(rc_waiver_match(&w, &recs_[4]) != NULL);
    CHECK(strcmp(rc_waiver_match(&w, &recs_[4]), "crash") == 0);
    CHECK(strcmp(rc_waiver_match(&w, &recs_[5]), "bits") == 0); /* by rule R-D */
    CHECK(rc_waiver_match(&w, &recs_[1]) == NULL);
    CHECK(rc_waiver_match(&w, &recs_[2]) == NULL); /* p9.b.na1: '*' needs ".err" */
    CHECK(rc_waiver_match(NULL, &recs_[4]) == NULL);
    CHECK(rc_waiver_match(&w, NULL) == NULL);
    CHECK(rc_waiver_find(&w, &recs_[5]) == &w.w[1]);
    rc_waivers_free(&w);
    /* a rule glob; first match in file order wins */
    CHECK_EQ(wload(&w, "R-?  rule glob\np12.a.fail id\n", err, sizeof err), 0);
    CHECK(strcmp(rc_waiver_match(&w, &recs_[1]), "rule glob") == 0);
    rc_waivers_free(&w);
}

static void waivers_apply_to_fail_and_error_only_and_stale_ones_are_listed(void)
{
    build_run();
    struct rc_waivers w = {0};
    char err[256] = "";
    CHECK_EQ(wload(&w,
                   "p9.*.err crash\n"    /* 0: waives p9.f.err (error) */
                   "R-D bits\n"          /* 1: waives p12.d.bad (fail) */
                   "p12.a.pass pass\n"   /* 2: matches only a passing vector: stale */
                   "p9.b.* na\n"         /* 3: matches only n/a vectors: stale */
                   "nothing.* none\n"    /* 4: matches nothing: stale */
                   "R-F also\n",         /* 5: matches the error, second in line */
                   err, sizeof err),
             0);
    CHECK_EQ(rc_waivers_apply(rows_, NROWS, &w), 2);
    CHECK_EQ(rows_[0].res.verdict, RC_V_PASS);
    CHECK_EQ(rows_[1].res.verdict, RC_V_FAIL); /* no waiver for p12.a.fail */
    CHECK_EQ(rows_[2].res.verdict, RC_V_NA);
    CHECK_EQ(rows_[4].res.verdict, RC_V_WAIVED);
    CHECK(strcmp(rows_[4].waiver, "crash") == 0);
    CHECK(strcmp(rows_[4].res.detail, "DUT crashed (SIGSEGV)") == 0); /* kept */
    CHECK_EQ(rows_[5].res.verdict, RC_V_WAIVED);
    CHECK(strcmp(rows_[5].waiver, "bits") == 0);
    size_t idx[8];
    CHECK_EQ(rc_waivers_stale(&w, rows_, NROWS, idx, 8), 3);
    CHECK_EQ(idx[0], 2);
    CHECK_EQ(idx[1], 3);
    CHECK_EQ(idx[2], 4);
    CHECK_EQ(rc_waivers_stale(&w, rows_, NROWS, NULL, 0), 3);
    CHECK_EQ(rc_waiver_uses(&w, 0, rows_, NROWS), 1);
    CHECK_EQ(rc_waiver_uses(&w, 5, rows_, NROWS), 0); /* matched, used by another */
    CHECK_EQ(rc_waiver_uses(&w, 99, rows_, NROWS), 0);
    /* applying twice changes nothing */
    CHECK_EQ(rc_waivers_apply(rows_, NROWS, &w), 0);

    int rc = -1;
    struct rc_report_opts o = {.waivers = &w, .dut_option = NULL};
    char *md = render(W_MD, &info_, &cat_, rows_, NROWS, &o, &rc);
    CHECK(md != NULL);
    CHECK_EQ(rc, 0);
    const char *used = strstr(md, "### Waivers used\n");
    const char *stale = strstr(md, "### Stale waivers\n");
    CHECK(used != NULL && stale != NULL && used < stale);
    CHECK(strstr(used, "| `p9.*.err` | w.txt:1 | 1 | crash |\n") != NULL);
    const char *rd = strstr(used, "| `R-D` | w.txt:2 | 1 | bits |\n");
    CHECK(rd != NULL && rd < stale);
    CHECK(strstr(stale, "| `p12.a.pass` | w.txt:3 | pass |\n") != NULL);
    CHECK(strstr(stale, "| `nothing.*` | w.txt:5 | none |\n") != NULL);
    CHECK(strstr(stale, "R-F") == NULL);
    CHECK(strstr(md, "| **Overall result** | **fail** |") != NULL); /* p12.a.fail stays */
    CHECK(strstr(md, "| `R-D` | D defines bits. | waived | 0 | 0 | 0 | 0 | 1 |") != NULL);
    CHECK(md_tables_consistent(md));
    free(md);

    char *js = render(W_JSON, &info_, &cat_, rows_, NROWS, &o, &rc);
    CHECK(js != NULL);
    CHECK(json_valid(js));
    CHECK(strstr(js, "\"waiver\": \"bits\"") != NULL);
    CHECK(strstr(js, "\"pattern\": \"p9.*.err\",\n      \"reason\": \"crash\",\n      "
                     "\"file\": \"w.txt\",\n      \"line\": 1,\n      \"used\": 1,\n      "
                     "\"stale\": false") != NULL);
    CHECK(strstr(js, "\"used\": 0,\n      \"stale\": true") != NULL);
    free(js);
    rc_waivers_free(&w);
}

/* ---- robustness: random details and random waiver files -------------------------- */

static uint64_t xs_state = 0x9E3779B97F4A7C15u;
static uint64_t xorshift(void)
{
    xs_state ^= xs_state << 13;
    xs_state ^= xs_state >> 7;
    xs_state ^= xs_state << 17;
    return xs_state;
}

static void writers_stay_well_formed_for_random_bytes(void)
{
    for (int iter = 0; iter < 300; iter++) {
        build_run();
        char name[64];
        for (size_t i = 0; i < sizeof rows_[1].res.detail - 1; i++)
            rows_[1].res.detail[i] = (char)(xorshift() % 255 + 1);
        rows_[1].res.detail[sizeof rows_[1].res.detail - 1] = '\0';
        /* fixed buffers without their NUL must not be overrun */
        memset(rows_[5].res.expected, 'x', sizeof rows_[5].res.expected);
        for (size_t i = 0; i < sizeof name - 1; i++)
            name[i] = (char)(xorshift() % 255 + 1);
        name[sizeof name - 1] = '\0';
        dut_.name = name;
        info_.command_line = name;
        int rc = -1;
        char *js = render(W_JSON, &info_, &cat_, rows_, NROWS, NULL, &rc);
        CHECK(js != NULL);
        CHECK_EQ_AT(iter, json_valid(js), 1);
        free(js);
        char *x = render(W_JUNIT, &info_, &cat_, rows_, NROWS, NULL, &rc);
        CHECK(x != NULL);
        CHECK_EQ_AT(iter, xml_valid(x), 1);
        free(x);
        char *md = render(W_MD, &info_, &cat_, rows_, NROWS, NULL, &rc);
        CHECK(md != NULL);
        CHECK_EQ_AT(iter, md_tables_consistent(md), 1);
        free(md);
    }
}

static void waiver_parser_survives_random_input(void)
{
    static const char alphabet[] = "ab.-_*?[]!# \t\n\r\x01\xC3\xA9\xFF\0";
    for (int iter = 0; iter < 2000; iter++) {
        char text[200];
        size_t len = (size_t)(xorshift() % sizeof text);
        for (size_t i = 0; i < len; i++)
            text[i] = alphabet[xorshift() % (sizeof alphabet - 1)];
        struct rc_waivers w = {0};
        char err[256] = "";
        int rc = rc_waivers_load_text(&w, "r.txt", text, len, err, sizeof err);
        if (rc != 0) {
            CHECK_EQ_AT(iter, strncmp(err, "r.txt:", 6), 0);
            CHECK_EQ_AT(iter, w.n, 0);
        }
        for (size_t i = 0; i < w.n; i++) {
            CHECK(w.w[i].reason[0] != '\0');
            CHECK(w.w[i].pattern[0] != '\0');
        }
        rc_waivers_free(&w);
    }
}

/* ---- write errors and atomic files ------------------------------------------------ */

static void writers_report_write_errors(void)
{
    build_run();
    FILE *f = fopen("/dev/full", "w");
    if (f == NULL)
        return; /* no /dev/full here: nothing to prove */
    CHECK_EQ(rc_write_json(f, &info_, &cat_, rows_, NROWS), -1);
    clearerr(f);
    CHECK_EQ(rc_write_junit(f, &info_, &cat_, rows_, NROWS), -1);
    clearerr(f);
    CHECK_EQ(rc_write_markdown(f, &info_, &cat_, rows_, NROWS, NULL), -1);
    fclose(f);
    CHECK_EQ(rc_write_json(NULL, &info_, &cat_, rows_, NROWS), -1);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return NULL;
    static char buf[256];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static void atomic_file_replaces_the_target_only_on_commit(void)
{
    char dir[] = "/tmp/report_test_XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char path[256], tmp[300], want_tmp[300];
    snprintf(path, sizeof path, "%s/out.json", dir);
    snprintf(want_tmp, sizeof want_tmp, "%s.tmp.%ld", path, (long)getpid());
    FILE *old = fopen(path, "w");
    CHECK(old != NULL);
    fputs("old", old);
    fclose(old);

    FILE *f = rc_atomic_open(path, tmp, sizeof tmp);
    CHECK(f != NULL);
    CHECK(strcmp(tmp, want_tmp) == 0);
    fputs("new", f);
    fflush(f);
    CHECK(strcmp(slurp(path), "old") == 0); /* untouched until commit */
    CHECK_EQ(rc_atomic_commit(f, tmp, path), 0);
    CHECK(strcmp(slurp(path), "new") == 0);
    CHECK_EQ(access(tmp, F_OK), -1);

    /* abort: the target keeps its content, the temporary is gone */
    f = rc_atomic_open(path, tmp, sizeof tmp);
    CHECK(f != NULL);
    fputs("half", f);
    rc_atomic_abort(f, tmp);
    CHECK(strcmp(slurp(path), "new") == 0);
    CHECK_EQ(access(tmp, F_OK), -1);

    /* a leftover temporary of the same name is replaced */
    FILE *left = fopen(want_tmp, "w");
    CHECK(left != NULL);
    fputs("leftover", left);
    fclose(left);
    f = rc_atomic_open(path, tmp, sizeof tmp);
    CHECK(f != NULL);
    fputs("third", f);
    CHECK_EQ(rc_atomic_commit(f, tmp, path), 0);
    CHECK(strcmp(slurp(path), "third") == 0);

    /* errors: tmp too small, missing folder, rename onto a folder */
    char small[8];
    errno = 0;
    CHECK(rc_atomic_open(path, small, sizeof small) == NULL);
    CHECK_EQ(errno, ENAMETOOLONG);
    char missing[300];
    snprintf(missing, sizeof missing, "%s/no/such/out.json", dir);
    CHECK(rc_atomic_open(missing, tmp, sizeof tmp) == NULL);
    CHECK(rc_atomic_open(NULL, tmp, sizeof tmp) == NULL);
    char sub[300];
    snprintf(sub, sizeof sub, "%s/sub", dir);
    CHECK_EQ(mkdir(sub, 0700), 0);
    char inner[320];
    snprintf(inner, sizeof inner, "%s/x", sub);
    FILE *keep = fopen(inner, "w");
    CHECK(keep != NULL);
    fclose(keep);
    f = rc_atomic_open(sub, tmp, sizeof tmp);
    CHECK(f != NULL);
    fputs("x", f);
    CHECK_EQ(rc_atomic_commit(f, tmp, sub), -1); /* cannot replace a non-empty folder */
    CHECK_EQ(access(tmp, F_OK), -1);
    unlink(inner);
    rmdir(sub);
    unlink(path);
    rmdir(dir);
}

int main(int argc, char **argv)
{
    (void)argc;
    RUN(cite_interpretations_are_found_once_each_in_order);
    RUN(cite_interpretations_need_word_boundaries_and_the_id_form);
    RUN(cite_interpretations_respect_cap_and_null);
    RUN(rollups_follow_the_verdict_rules);
    RUN(rollup_of_waived_and_passing_vectors_is_waived);
    RUN(rollup_fails_only_the_failing_steps_rules);
    RUN(rollup_fail_beats_error_and_error_beats_waived);
    RUN(rollup_counts_a_rule_cited_twice_once_and_ignores_unknown_rules);
    RUN(rollup_counts_a_verdict_out_of_range_as_error);
    RUN(report_paths_are_relative_to_the_root);
    RUN(json_is_valid_and_carries_the_run);
    RUN(json_vectors_carry_rules_official_ids_and_escaped_detail);
    RUN(json_rules_and_official_rows_carry_rollups);
    RUN(json_escapes_del_and_keeps_valid_multibyte_characters);
    RUN(official_row_naming_a_rule_twice_counts_its_vectors_once);
    RUN(json_without_info_catalogue_or_rows_is_still_valid);
    RUN(junit_counts_and_groups_by_suite);
    RUN(junit_escapes_every_text);
    RUN(junit_reports_waived_vectors_as_skipped_with_the_reason);
    RUN(markdown_has_every_section_in_order);
    RUN(markdown_header_names_the_dut_and_the_result);
    RUN(markdown_rule_rows_show_rollups_counts_and_failing_vectors);
    RUN(markdown_lists_interpretations_failures_and_untestable_rules);
    RUN(reports_print_vector_files_relative_to_the_root);
    RUN(markdown_rerun_defaults_to_dut_and_omits_the_reference);
    RUN(markdown_code_spans_survive_backticks_and_pipes);
    RUN(waiver_file_parses_comments_blanks_globs_and_rule_ids);
    RUN(waiver_file_rejects_every_malformed_line_with_file_and_line);
    RUN(waiver_line_limits_are_inclusive);
    RUN(waiver_files_append_and_duplicates_across_files_are_named);
    RUN(waiver_load_reads_a_file_and_names_a_missing_one);
    RUN(waiver_matches_by_id_glob_and_by_rule);
    RUN(waivers_apply_to_fail_and_error_only_and_stale_ones_are_listed);
    RUN(writers_stay_well_formed_for_random_bytes);
    RUN(waiver_parser_survives_random_input);
    RUN(writers_report_write_errors);
    RUN(atomic_file_replaces_the_target_only_on_commit);
    return check_finish(argv[0]);
}
