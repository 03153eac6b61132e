/* The vector-file parser: well-formed records, and every malformed input
 * rejected with file:line and the reason (docs/vector-format.md). */
#include <string.h>

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
        {"vector a\nmachine gen\ndo tick\nresult maybe\n", "t.vec:4: 'result' needs one result name"},
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

int main(int argc, char **argv)
{
    (void)argc;
    RUN(vec_parses_a_well_formed_record);
    RUN(vec_hex_sets_len_hi_lo);
    RUN(vec_rejects_malformed_input_with_file_line);
    RUN(vec_rejects_long_lines_and_nul_bytes);
    RUN(vec_duplicate_ids_are_reported_with_both_places);
    RUN(vec_missing_file_names_it);
    return check_finish(argv[0]);
}
