/* SPDX-License-Identifier: Apache-2.0 */
/* The vector-file parser: well-formed records, and every malformed input
 * rejected with file:line and the reason (docs/vector-format.md). */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../../reference/tests/check.h"
#include "../vec.h"

static int load(struct vec_set *s, const char *text, char *err, size_t cap)
{
    return vec_load_text(s, "t.vec", text, strlen(text), err, cap);
}

static const char good[] =
    "# comment\n"
    "vector a.b-c_1\n"
    "rules P12-T5-4-10 P12-4.2-e\n"
    "rev p12r3 p12r2\n"
    "needs gen cs64\n"
    "params ports\n"
    "cite Part 12 Table 5-4   \n"
    "machine gen rev=3 format=cs64 ports=${ports}\n"
    "do csr port=0 value=0x0080_0020\n"
    "expect none\n"
    "do congest port=${last_port} vc=all on=1 repeat=${tc+1}\n"
    "expect symbol tx_port=0 vc=all status=0b100\n"
    "result ok\n"
    "query reported port=2 vc=all == 1\n"
    "end\n"
    "sweep s1\nrules X\nrev p12r3\ncite c\noracle cs64\nend\n";

static void vec_parses_a_well_formed_record(void)
{
    struct vec_set s = {0};
    char err[512] = "";
    CHECK_EQ(load(&s, good, err, sizeof err), 0);
    CHECK_EQ(s.n, 2);
    const struct vec_record *r = &s.rec[0];
    CHECK(strcmp(r->id, "a.b-c_1") == 0);
    CHECK_EQ(r->nrules, 2);
    CHECK_EQ(r->revs, VEC_P12R3 | VEC_P12R2);
    CHECK_EQ(r->needs, RC_CAP_GEN | RC_CAP_CS64);
    CHECK_EQ(r->params, 1u << VEC_VAR_PORTS);
    CHECK(strcmp(r->cite, "Part 12 Table 5-4") == 0);
    CHECK_EQ(r->machine->id, RC_M_GEN);
    CHECK_EQ(r->ncfg, 3);
    CHECK_EQ(r->cfg[1].v.n, 64);            /* format=cs64 symbol */
    CHECK_EQ(r->cfg[2].v.var, VEC_VAR_PORTS);
    CHECK_EQ(r->nsteps, 6);
    CHECK_EQ(r->steps[0].type, VEC_DO);
    CHECK_EQ(r->steps[0].args[1].v.n, 0x00800020);
    CHECK_EQ(r->steps[1].type, VEC_EXPECT_NONE);
    CHECK_EQ(r->steps[2].args[1].v.n, RC_VC_ALL);
    CHECK_EQ(r->steps[2].repeat.var, VEC_VAR_TC);
    CHECK_EQ(r->steps[2].repeat.n, 1);
    CHECK_EQ(r->steps[3].args[2].v.n, 4);   /* status=0b100 */
    CHECK_EQ(r->steps[5].type, VEC_QUERY);
    CHECK_EQ(r->steps[5].value.n, 1);
    CHECK(s.rec[1].sweep);
    CHECK(strcmp(s.rec[1].oracle, "cs64") == 0);
    struct rc_profile p = {.ports = 8, .counter_width = 4};
    uint64_t v;
    CHECK_EQ(vec_resolve(&r->steps[2].repeat, &p, &v), 0);
    CHECK_EQ(v, 16);
    CHECK_EQ(vec_resolve(&r->steps[2].args[0].v, &p, &v), 0);
    CHECK_EQ(v, 7);
    struct rc_profile none = {0};
    CHECK_EQ(vec_resolve(&r->steps[2].repeat, &none, &v), -1);
    vec_set_free(&s);
}

static void vec_hex_sets_len_hi_lo(void)
{
    struct vec_set s = {0};
    char err[512];
    const char *t = "vector h\nrules R\nrev p12r3\ncite c\nmachine codec\n"
                    "do cs48_unpack hex=807FC4003902\nexpect any\nend\n";
    CHECK_EQ(load(&s, t, err, sizeof err), 0);
    const struct vec_step *st = &s.rec[0].steps[0];
    CHECK_EQ(st->nargs, 3);
    CHECK_EQ(st->args[0].v.n, 6);
    CHECK_EQ(st->args[1].v.n, UINT64_C(0x807FC40039020000));
    CHECK_EQ(st->args[2].v.n, 0);
    vec_set_free(&s);
}

/* Each malformed input gives "t.vec:LINE: <reason>" and adds no record. */
static void vec_rejects_malformed_input_with_file_line(void)
{
    static const struct {
        const char *text, *want;
    } bad[] = {
        {"rules X\n", "t.vec:1: 'rules' outside a record"},
        {"vector a\nrules X\nrev p12r3\ncite c\nmachine gen\ndo congest\n",
         "t.vec:7: end of file inside record a"},
        {"vector a b\n", "t.vec:1: 'vector' takes exactly one id"},
        {"vector a/b\n", "t.vec:1: id 'a/b'"},
        {"vector a\nrev p13r1\n", "t.vec:2: revision 'p13r1'"},
        {"vector a\nneeds wings\n", "t.vec:2: unknown capability 'wings'"},
        {"vector a\nparams colour\n", "t.vec:2: unknown parameter 'colour'"},
        {"vector a\nmachine toaster\n", "t.vec:2: 'machine' needs one of"},
        {"vector a\nmachine gen speed=3\n", "t.vec:2: machine gen has no config key 'speed'"},
        {"vector a\nmachine gen ports=1 ports=2\n", "t.vec:2: config key 'ports' given twice"},
        {"vector a\nmachine gen\ndo fly\n", "t.vec:3: 'do' needs an event of machine gen"},
        {"vector a\nmachine gen\ndo csr colour=1\n", "t.vec:3: 'csr' has no argument 'colour'"},
        {"vector a\nmachine gen\ndo csr port=1 port=2\n", "t.vec:3: argument 'port' given twice"},
        {"vector a\nmachine gen\ndo csr port=0x1G\n", "t.vec:3: '0x1G' is not a number"},
        {"vector a\nmachine gen\ndo csr port=${ports\n", "t.vec:3: '${ports': missing"},
        {"vector a\nmachine gen\ndo csr port=${legs}\n", "t.vec:3: '${legs}': unknown variable"},
        {"vector a\nmachine gen\ndo csr port\n", "t.vec:3: 'port' is not name=value"},
        {"vector a\nmachine gen\nexpect none\n", "t.vec:3: 'expect' before any 'do'"},
        {"vector a\nmachine gen\ndo tick\nexpect fireworks\n", "t.vec:4: 'expect' needs none"},
        {"vector a\nmachine gen\ndo tick\nresult maybe\n", "t.vec:4: 'result': unknown result name 'maybe'"},
        {"vector a\nmachine gen\ndo tick\nresult ok crc\n", "t.vec:4: 'result' needs one result name"},
        {"vector a\nmachine gen\ndo tick\nresult range|\n", "t.vec:4: 'result' needs result names separated by '|'"},
        {"vector a\nmachine gen\ndo tick\nresult |ok\n", "t.vec:4: 'result' needs result names separated by '|'"},
        {"vector a\nmachine gen\ndo tick\nresult ok||crc\n", "t.vec:4: 'result' needs result names separated by '|'"},
        {"vector a\nmachine gen\ndo tick\nresult noent|crc|noent\n", "t.vec:4: 'result': 'noent' named twice"},
        {"vector a\nmachine gen\ndo tick\nresult error|error\n", "t.vec:4: 'result': 'error' named twice"},
        {"vector a\nmachine gen\ndo tick\nresult errors\n", "t.vec:4: 'result': unknown result name 'errors'"},
        {"vector a\nmachine gen\ndo tick\nquery reported port=1\n", "t.vec:4: 'query' is:"},
        {"vector a\nmachine gen\ndo tick\nquery height == 1\n", "t.vec:4: machine gen has no query 'height'"},
        {"vector a\nmachine codec\ndo cs48_unpack hex=807\n", "t.vec:3: hex=807: need an even"},
        {"vector a\nmachine codec\ndo cs48_unpack hex=80ZZ\n", "t.vec:3: hex=80ZZ: bad hex digit"},
        {"vector a\nmachine gen\ndo tick hex=00\n", "t.vec:3: 'tick' has no byte-string"},
        {"vector a\nmachine codec\ndo cs48_unpack len=1 hex=807FC0000A35\n",
         "t.vec:3: hex= and len/hi/lo (or hex= twice) given together"},
        {"vector a\nmachine gen\ndo csr port=_\n", "t.vec:3: '_' is not a number"},
        {"vector a\nmachine gen\ndo csr port=0x_\n", "t.vec:3: '0x_' is not a number"},
        {"vector a\nmachine gen\ndo tick\nend\n", "t.vec:4: vector a has no 'rules' line"},
        {"vector a\nrules R\nmachine gen\ndo tick\nend\n", "t.vec:5: vector a has no 'rev' line"},
        {"vector a\nrules R\nrev p9r2\nmachine gen\ndo tick\nend\n", "t.vec:6: vector a has no 'cite' line"},
        {"vector a\nrules R\nrev p9r2\ncite c\nend\n", "t.vec:5: vector a has no 'machine' line"},
        {"vector a\nrules R\nrev p9r2\ncite c\nmachine gen\nend\n", "t.vec:6: vector a has no 'do' step"},
        {"sweep a\nrules R\nrev p9r2\ncite c\nend\n", "t.vec:5: sweep a has no 'oracle' line"},
        {"sweep a\nmachine gen\n", "t.vec:2: a sweep has no machine"},
        {"vector a\noracle x\n", "t.vec:2: 'oracle' belongs to sweep records"},
        {"vector a\nvector b\n", "t.vec:2: 'vector' inside record a: missing 'end'"},
        {"vector a\nend x\n", "t.vec:2: 'end' takes nothing"},
        {"vector a\ncite\n", "t.vec:2: 'cite' needs the spec source"},
        {"vector a\nfrobnicate\n", "t.vec:2: 'frobnicate' before the 'machine' line"},
        {"vector a\nrules R S\nrules R\n", "t.vec:3: rule R given twice"},
        {"vector a\nmachine gen\nfrobnicate\n", "t.vec:3: 'frobnicate' before any 'do'"},
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct vec_set s = {0};
        char err[512] = "";
        CHECK_EQ_AT(i, load(&s, bad[i].text, err, sizeof err), -1);
        if (strstr(err, bad[i].want) == NULL) {
            fprintf(stderr, "  case %u: got \"%s\", want \"%s\"\n", i, err, bad[i].want);
            CHECK(strstr(err, bad[i].want) != NULL);
        }
        CHECK_EQ_AT(i, s.n, 0);
        vec_set_free(&s);
    }
}

static void vec_rejects_long_lines_and_nul_bytes(void)
{
    struct vec_set s = {0};
    char err[512];
    static char big[VEC_LINE_MAX + 10];
    memset(big, 'a', sizeof big - 1);
    CHECK_EQ(load(&s, big, err, sizeof err), -1);
    CHECK(strstr(err, "t.vec:1: line longer than") != NULL);
    const char nul[] = "vector a\0b\n";
    CHECK_EQ(vec_load_text(&s, "t.vec", nul, sizeof nul - 1, err, sizeof err), -1);
    CHECK(strstr(err, "t.vec:1: NUL byte") != NULL);
    vec_set_free(&s);
}

static void vec_duplicate_ids_are_reported_with_both_places(void)
{
    struct vec_set s = {0};
    char err[512];
    const char *rec = "vector dup\nrules R\nrev p9r3\ncite c\nmachine ep\ndo tick\nend\n";
    CHECK_EQ(vec_load_text(&s, "a.vec", rec, strlen(rec), err, sizeof err), 0);
    CHECK_EQ(vec_load_text(&s, "b.vec", rec, strlen(rec), err, sizeof err), 0);
    CHECK_EQ(vec_check_unique(&s, err, sizeof err), -1);
    CHECK(strstr(err, "b.vec:1: vector id dup already used at a.vec:1") != NULL);
    vec_set_free(&s);
}

static void vec_missing_file_names_it(void)
{
    struct vec_set s = {0};
    char err[512];
    CHECK_EQ(vec_load_file(&s, "/nonexistent/x.vec", err, sizeof err), -1);
    CHECK(strstr(err, "/nonexistent/x.vec:") != NULL);
    vec_set_free(&s);
}

/* ---- a growing text, for the limit tests ------------------------------- */

struct buf {
    char *p;
    size_t n, cap;
};

static void add(struct buf *b, const char *s)
{
    size_t l = strlen(s);
    if (b->n + l + 1 > b->cap) {
        size_t want = 2 * (b->n + l + 1) + 256;
        char *q = realloc(b->p, want);
        if (q == NULL) {
            fprintf(stderr, "vec_test: out of memory\n");
            exit(1);
        }
        b->p = q;
        b->cap = want;
    }
    memcpy(b->p + b->n, s, l + 1);
    b->n += l;
}

static void add_lines(struct buf *b, const char *line, unsigned times)
{
    for (unsigned i = 0; i < times; i++)
        add(b, line);
}

#define HEAD "vector a\nrules R\nrev p12r3\ncite c\nmachine codec\n" /* 5 lines */
#define DO_DECODE "do stype2_decode rev=3 width=0 value=0x2001\n"
#define EXPECT_MSG "expect voq_msg kind=backpressure group=0 status=0x1\n"

/* Loads b; returns the error (static) or NULL when accepted. */
static const char *load_buf(const struct buf *b)
{
    static char err[512];
    struct vec_set s = {0};
    int rc = vec_load_text(&s, "t.vec", b->p, b->n, err, sizeof err);
    vec_set_free(&s);
    return rc == 0 ? NULL : err;
}

/* The runner matches at most VEC_MAX_EXPECT lines after one step: more is a
 * vector-file error naming the line, never a silent drop or a DUT error. */
static void vec_expect_lines_after_one_step_are_bounded(void)
{
    struct buf b = {0};
    add(&b, HEAD DO_DECODE); /* the do is line 6 */
    add_lines(&b, EXPECT_MSG, VEC_MAX_EXPECT);
    add(&b, "end\n");
    const char *e = load_buf(&b);
    CHECK(e == NULL);

    b.n = 0;
    add(&b, HEAD DO_DECODE);
    add_lines(&b, EXPECT_MSG, VEC_MAX_EXPECT - 1);
    add(&b, "allow voq_msg kind=backpressure\n"); /* allow lines count too */
    add(&b, EXPECT_MSG);
    add(&b, "end\n");
    e = load_buf(&b);
    CHECK(e != NULL);
    char want[160];
    snprintf(want, sizeof want, "t.vec:%u: more than %u expect and allow lines after "
             "the 'do' or 'wait' of line 6", 6 + VEC_MAX_EXPECT + 1, VEC_MAX_EXPECT);
    if (strstr(e, want) == NULL)
        fprintf(stderr, "  got \"%s\", want \"%s\"\n", e, want);
    CHECK(strstr(e, want) != NULL);

    /* a new do starts a new count */
    b.n = 0;
    add(&b, HEAD DO_DECODE);
    add_lines(&b, EXPECT_MSG, VEC_MAX_EXPECT);
    add(&b, DO_DECODE);
    add_lines(&b, EXPECT_MSG, VEC_MAX_EXPECT);
    add(&b, "end\n");
    CHECK(load_buf(&b) == NULL);

    /* an alternative is the common steps and one branch: the lines after the
     * last common do count in every branch */
    b.n = 0;
    add(&b, HEAD DO_DECODE);
    add_lines(&b, EXPECT_MSG, VEC_MAX_EXPECT / 2);
    add(&b, "branch\n");
    add_lines(&b, EXPECT_MSG, VEC_MAX_EXPECT / 2);
    add(&b, "branch\n");
    add_lines(&b, EXPECT_MSG, VEC_MAX_EXPECT / 2);
    add(&b, "end\n");
    CHECK(load_buf(&b) == NULL);
    b.n -= strlen("end\n");
    add(&b, EXPECT_MSG "end\n"); /* one more in the second branch */
    e = load_buf(&b);
    CHECK(e != NULL);
    snprintf(want, sizeof want, "t.vec:%u: more than %u expect and allow lines",
             6 + 3 * (VEC_MAX_EXPECT / 2) + 2 + 1, VEC_MAX_EXPECT);
    if (strstr(e, want) == NULL)
        fprintf(stderr, "  got \"%s\", want \"%s\"\n", e, want);
    CHECK(strstr(e, want) != NULL);
    free(b.p);
}

/* repeat=N and wait upto/from: a literal out of range is a vector-file error
 * (it was an ERROR of the DUT at run time). */
static void vec_repeat_and_wait_literals_are_checked(void)
{
    static const struct {
        const char *step, *want; /* want NULL: accepted */
    } t[] = {
        {"do tick n=1 repeat=0\n", "t.vec:6: repeat=0: the number of applications is 1 to "
                                   "100000000"},
        {"do tick n=1 repeat=100000001\n", "t.vec:6: repeat=100000001:"},
        {"do tick n=1 repeat=100000000\n", NULL},
        {"do tick n=1 repeat=${tc}\n", NULL}, /* checked by the runner */
        {"wait tick n=1 upto=0\n", "t.vec:6: 'wait' needs upto=N, 1 <= N <= 100000000"},
        {"wait tick n=1 upto=100000001\n", "t.vec:6: 'wait' needs upto=N"},
        {"wait tick n=1 upto=5 from=6\n", "t.vec:6: wait from=6 is after upto=5"},
        {"wait tick n=1 upto=5 from=5\n", NULL},
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        struct buf b = {0};
        add(&b, "vector a\nrules R\nrev p12r3\ncite c\nmachine gen\n");
        add(&b, t[i].step);
        add(&b, "expect any\nend\n");
        const char *e = load_buf(&b);
        free(b.p);
        if (t[i].want == NULL) {
            if (e != NULL)
                fprintf(stderr, "  case %u: got \"%s\"\n", i, e);
            CHECK_EQ_AT(i, e == NULL, 1);
            continue;
        }
        if (e == NULL || strstr(e, t[i].want) == NULL)
            fprintf(stderr, "  case %u: got \"%s\", want \"%s\"\n", i, e ? e : "(accepted)",
                    t[i].want);
        CHECK_EQ_AT(i, e != NULL && strstr(e, t[i].want) != NULL, 1);
    }
}

/* Lines the runner would silently ignore or contradict are errors. */
static void vec_contradictory_step_lines_are_rejected(void)
{
    static const struct {
        const char *text, *want;
    } bad[] = {
        {HEAD DO_DECODE "result ok\nresult crc\nend\n",
         "t.vec:8: one 'result' line per step (another at line 7)"},
        {HEAD DO_DECODE "expect none\n" EXPECT_MSG "end\n",
         "t.vec:8: 'expect voq_msg' contradicts the 'expect none' of line 7"},
        {HEAD DO_DECODE EXPECT_MSG "expect none\nend\n",
         "t.vec:8: 'expect none' contradicts the expected wire output of line 7"},
        {HEAD DO_DECODE "expect none\nexpect any\nend\n",
         "t.vec:8: 'expect any' contradicts the 'expect none' of line 7"},
        {HEAD DO_DECODE "order any\nbranch\norder any\nend\n",
         "t.vec:9: one 'order' line per step (another at line 7)"},
        /* branch 2 has no do of its own and the common steps none either */
        {HEAD "branch\n" DO_DECODE "branch\n" EXPECT_MSG "end\n",
         "t.vec:9: 'expect' before any 'do' (in the common steps or this branch)"},
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct vec_set s = {0};
        char err[512] = "";
        CHECK_EQ_AT(i, load(&s, bad[i].text, err, sizeof err), -1);
        if (strstr(err, bad[i].want) == NULL) {
            fprintf(stderr, "  case %u: got \"%s\", want \"%s\"\n", i, err, bad[i].want);
            CHECK(strstr(err, bad[i].want) != NULL);
        }
        vec_set_free(&s);
    }
    /* the same lines where they do not contradict */
    static const char *const ok[] = {
        HEAD DO_DECODE "result ok\n" DO_DECODE "result ok\nend\n",
        HEAD DO_DECODE "branch\nresult ok\nbranch\nresult ok\nend\n",
        HEAD DO_DECODE "branch\norder any\nbranch\norder any\nend\n",
        HEAD DO_DECODE "expect any\n" EXPECT_MSG "end\n",
    };
    for (unsigned i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        struct vec_set s = {0};
        char err[512] = "";
        int rc = load(&s, ok[i], err, sizeof err);
        if (rc != 0)
            fprintf(stderr, "  ok case %u: %s\n", i, err);
        CHECK_EQ_AT(i, rc, 0);
        vec_set_free(&s);
    }
}

/* A UTF-8 byte order mark at the start of a file is skipped (editors write
 * one); anywhere else it is named. */
static void vec_byte_order_mark_is_accepted_at_the_start(void)
{
    struct vec_set s = {0};
    char err[512] = "";
    struct buf b = {0};
    add(&b, "\xEF\xBB\xBF");
    add(&b, good);
    CHECK_EQ(vec_load_text(&s, "t.vec", b.p, b.n, err, sizeof err), 0);
    CHECK_EQ(s.n, 2);
    CHECK(strcmp(s.rec[0].id, "a.b-c_1") == 0);
    CHECK_EQ(s.rec[0].line, 2);
    CHECK(s.rec[0].text_len > 9 && memcmp(s.rec[0].text, "vector a", 8) == 0);
    vec_set_free(&s);
    const char mid[] = "# x\n\xEF\xBB\xBFvector a\n";
    CHECK_EQ(load(&s, mid, err, sizeof err), -1);
    CHECK(strstr(err, "t.vec:2: a UTF-8 byte order mark (EF BB BF) is allowed only at "
                      "the start of the file") != NULL);
    vec_set_free(&s);
    free(b.p);
}

/* Each record keeps its own bytes (what a reproducer copies), and the set
 * hash covers exactly the bytes read, file by file. */
static void vec_records_keep_their_bytes_and_the_set_hashes_them(void)
{
    const char *t = "# lead\nvector r1 # one\nrules R\nrev p9r3\ncite c\nmachine ep\n"
                    "do tick\nend\n\n# between\nvector r2\nrules R\nrev p9r3\ncite c\n"
                    "machine ep\ndo tick\nend"; /* no newline at the end */
    struct vec_set s = {0}, s2 = {0};
    char err[512] = "";
    CHECK_EQ(load(&s, t, err, sizeof err), 0);
    CHECK_EQ(s.n, 2);
    const char *r1 = strstr(t, "vector r1"), *r2 = strstr(t, "vector r2");
    size_t l1 = (size_t)(strstr(t, "\n\n# between") + 1 - r1);
    CHECK_EQ(s.rec[0].text_len, l1);
    CHECK_MEM(s.rec[0].text, r1, l1);
    CHECK_EQ(s.rec[1].text_len, strlen(r2));
    CHECK_MEM(s.rec[1].text, r2, strlen(r2));
    CHECK(s.rec[0].text != r1); /* the set's copy, not the caller's */
    /* a record's bytes alone parse to the same record */
    CHECK_EQ(vec_load_text(&s2, "one.vec", s.rec[0].text, s.rec[0].text_len, err,
                           sizeof err), 0);
    CHECK_EQ(s2.n, 1);
    CHECK(strcmp(s2.rec[0].id, "r1") == 0);
    vec_set_free(&s2);

    /* the hash: same bytes, same hash; one byte differs, hash differs; the
     * files' order matters; an empty set hashes nothing (FNV-1a offset) */
    char h1[17], h2[17], h3[17], h0[17];
    struct vec_set e = {0};
    vec_set_hash(h0, &e);
    CHECK(strcmp(h0, "cbf29ce484222325") == 0);
    vec_set_hash(h1, &s);
    CHECK(strlen(h1) == 16 && strcmp(h1, h0) != 0);
    CHECK_EQ(load(&s2, t, err, sizeof err), 0);
    vec_set_hash(h2, &s2);
    CHECK(strcmp(h1, h2) == 0);
    vec_set_free(&s2);
    struct buf b = {0};
    add(&b, t);
    b.p[b.n - 1] = 'X'; /* "enX": no longer parses, but the text is kept */
    (void)vec_load_text(&s2, "t.vec", b.p, b.n, err, sizeof err);
    vec_set_hash(h3, &s2);
    CHECK(strcmp(h1, h3) != 0);
    vec_set_free(&s2);
    const char *a = "vector x\nrules R\nrev p9r3\ncite c\nmachine ep\ndo tick\nend\n";
    const char *c = "vector y\nrules R\nrev p9r3\ncite c\nmachine ep\ndo tick\nend\n";
    CHECK_EQ(vec_load_text(&s2, "a.vec", a, strlen(a), err, sizeof err), 0);
    CHECK_EQ(vec_load_text(&s2, "c.vec", c, strlen(c), err, sizeof err), 0);
    vec_set_hash(h2, &s2);
    vec_set_free(&s2);
    CHECK_EQ(vec_load_text(&s2, "c.vec", c, strlen(c), err, sizeof err), 0);
    CHECK_EQ(vec_load_text(&s2, "a.vec", a, strlen(a), err, sizeof err), 0);
    vec_set_hash(h3, &s2);
    CHECK(strcmp(h2, h3) != 0);
    vec_set_free(&s2);
    vec_set_free(&s);
    free(b.p);
}

/* vec_load_file reads a FIFO once, to its end: the set holds the same bytes
 * (and hash) as the text loaded from memory. */
static void vec_load_file_reads_a_fifo_once(void)
{
    const char *t = "vector f1\nrules R\nrev p9r3\ncite c\nmachine ep\ndo tick\nend\n";
    char dir[] = "/tmp/vec_test.XXXXXX", path[64];
    CHECK(mkdtemp(dir) != NULL);
    snprintf(path, sizeof path, "%s/v.fifo", dir);
    CHECK_EQ(mkfifo(path, 0600), 0);
    pid_t pid = fork();
    CHECK(pid >= 0);
    if (pid == 0) {
        FILE *w = fopen(path, "w");
        /* written in two parts: the reader must not stop at the first */
        if (w == NULL || fwrite(t, 1, 20, w) != 20 || fflush(w) != 0)
            _exit(1);
        struct timespec pause = {0, 20000000L};
        nanosleep(&pause, NULL);
        if (fputs(t + 20, w) == EOF || fclose(w) != 0)
            _exit(1);
        _exit(0);
    }
    struct vec_set s = {0}, m = {0};
    char err[512] = "";
    int rc = vec_load_file(&s, path, err, sizeof err);
    int status = 0;
    waitpid(pid, &status, 0);
    unlink(path);
    rmdir(dir);
    if (rc != 0)
        fprintf(stderr, "  %s\n", err);
    CHECK_EQ(rc, 0);
    CHECK_EQ(status, 0);
    CHECK_EQ(s.n, 1);
    CHECK_EQ(s.text_lens[0], strlen(t));
    CHECK_MEM(s.texts[0], t, strlen(t));
    CHECK_EQ(load(&m, t, err, sizeof err), 0);
    char h1[17], h2[17];
    vec_set_hash(h1, &s);
    vec_set_hash(h2, &m);
    CHECK(strcmp(h1, h2) == 0);
    vec_set_free(&s);
    vec_set_free(&m);
}

/* The duplicate check among many records (hashed, not pairwise): the id
 * first used earliest that is used again, at its second use. */
static void vec_duplicate_among_many_names_the_first_reused_id(void)
{
    struct vec_set s = {0};
    char err[512] = "", rec[160];
    static const char *const ids[] = {"z9", "m", "dup.b", "q", "dup.a", "dup.b", "dup.a"};
    struct buf b = {0};
    for (unsigned i = 0; i < 3000; i++) {
        snprintf(rec, sizeof rec, "vector v%u\nrules R\nrev p9r3\ncite c\nmachine ep\n"
                 "do tick\nend\n", 2999 - i); /* loaded out of sorted order */
        add(&b, rec);
    }
    for (unsigned i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        snprintf(rec, sizeof rec, "vector %s\nrules R\nrev p9r3\ncite c\nmachine ep\n"
                 "do tick\nend\n", ids[i]);
        add(&b, rec);
    }
    CHECK_EQ(vec_load_text(&s, "many.vec", b.p, b.n, err, sizeof err), 0);
    CHECK_EQ(s.n, 3007);
    CHECK_EQ(vec_check_unique(&s, err, sizeof err), -1);
    /* dup.b is first used by record 3002 (line 21015), again by 3005 */
    if (strstr(err, "many.vec:21036: vector id dup.b already used at many.vec:21015") == NULL)
        fprintf(stderr, "  got \"%s\"\n", err);
    CHECK(strstr(err, "many.vec:21036: vector id dup.b already used at many.vec:21015") !=
          NULL);
    vec_set_free(&s);
    /* no duplicate: 0 */
    b.n = 0;
    for (unsigned i = 0; i < 3000; i++) {
        snprintf(rec, sizeof rec, "vector w%u\nrules R\nrev p9r3\ncite c\nmachine ep\n"
                 "do tick\nend\n", (i * 7919u) % 3000u);
        add(&b, rec);
    }
    CHECK_EQ(vec_load_text(&s, "many.vec", b.p, b.n, err, sizeof err), 0);
    CHECK_EQ(vec_check_unique(&s, err, sizeof err), 0);
    vec_set_free(&s);
    free(b.p);
}


/* `result A|B`: the codes accepted, printed in RC_RESULTS order; `error` is
 * any code but ok and notsup; a vector accepting a rejection is negative. */
static void vec_result_names_several_codes(void)
{
    static const char text[] =
        "vector a\nrules R\nrev p12r3\ncite c\nmachine gen\n"
        "do csr port=1 value=1\nresult noent|range\n"
        "do csr port=1 value=1\nresult ok|error\n"
        "do csr port=1 value=1\nresult ok|notsup\n"
        "do csr port=1 value=1\nresult crc\nend\n";
    struct vec_set s = {0};
    char err[512] = "", t[VEC_RESULT_TEXT_MAX];
    int code = 0;
    CHECK_EQ(vec_load_text(&s, "t.vec", text, strlen(text), err, sizeof err), 0);
    const struct vec_step *st = s.rec[0].steps;
    CHECK_EQ(st[1].type, VEC_RESULT);
    vec_result_text(&st[1], t);
    CHECK(strcmp(t, "range|noent") == 0);
    CHECK(vec_result_accepts(&st[1], RC_NOENT) && vec_result_accepts(&st[1], RC_RANGE));
    CHECK(!vec_result_accepts(&st[1], RC_OK) && !vec_result_accepts(&st[1], RC_INVAL));
    CHECK(!vec_result_single(&st[1], &code));
    vec_result_text(&st[3], t);
    CHECK(strcmp(t, "ok|error") == 0);
    CHECK(vec_result_accepts(&st[3], RC_OK) && vec_result_accepts(&st[3], -77) &&
          vec_result_accepts(&st[3], RC_CRC) && !vec_result_accepts(&st[3], RC_NOTSUP));
    CHECK(!vec_result_single(&st[3], &code));
    CHECK(vec_result_single(&st[7], &code) && code == RC_CRC);
    CHECK(vec_is_negative(&s.rec[0]));
    vec_set_free(&s);
    /* ok|notsup accepts no rejection: not a negative vector */
    static const char pos[] = "vector a\nrules R\nrev p12r3\ncite c\nmachine gen\n"
                              "do csr port=1 value=1\nresult ok|notsup\nend\n";
    CHECK_EQ(vec_load_text(&s, "t.vec", pos, strlen(pos), err, sizeof err), 0);
    CHECK(!vec_is_negative(&s.rec[0]));
    vec_set_free(&s);
}
int main(int argc, char **argv)
{
    (void)argc;
    RUN(vec_parses_a_well_formed_record);
    RUN(vec_hex_sets_len_hi_lo);
    RUN(vec_rejects_malformed_input_with_file_line);
    RUN(vec_rejects_long_lines_and_nul_bytes);
    RUN(vec_duplicate_ids_are_reported_with_both_places);
    RUN(vec_missing_file_names_it);
    RUN(vec_expect_lines_after_one_step_are_bounded);
    RUN(vec_repeat_and_wait_literals_are_checked);
    RUN(vec_contradictory_step_lines_are_rejected);
    RUN(vec_byte_order_mark_is_accepted_at_the_start);
    RUN(vec_records_keep_their_bytes_and_the_set_hashes_them);
    RUN(vec_load_file_reads_a_fifo_once);
    RUN(vec_duplicate_among_many_names_the_first_reused_id);
    RUN(vec_result_names_several_codes);
    return check_finish(argv[0]);
}
