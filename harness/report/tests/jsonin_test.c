/* SPDX-License-Identifier: Apache-2.0 */
/* The strict JSON reader (harness/report/jsonin.h). What is valid and what
 * is not comes from RFC 8259 (grammar of sections 2-7, UTF-8 of 8.1) and the
 * choices jsonin.h states; the positions in the messages are counted by hand
 * from the texts below. */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../../reference/tests/check.h"
#include "../jsonin.h"

static char err[512];

/* Parse s (strlen) with the default limits: 0 or -1. */
static int parse(struct rc_json_doc *d, const char *s)
{
    return rc_json_parse(d, "t.json", s, strlen(s), NULL, err, sizeof err);
}

/* s is rejected with exactly this message, and leaves an empty doc. */
#define CHECK_ERR(s, want)                                                     \
    do {                                                                       \
        struct rc_json_doc d_;                                                 \
        int rc_ = parse(&d_, (s));                                             \
        if (rc_ != -1 || strcmp(err, (want)) != 0) {                           \
            check_fail_(__FILE__, __LINE__);                                   \
            fprintf(stderr, "input %s\n    rc %d, error '%s'\n    want '%s'\n", \
                    #s, rc_, rc_ ? err : "", (want));                          \
            rc_json_doc_free(&d_);                                             \
            return;                                                            \
        }                                                                      \
        CHECK(d_.arena == NULL && d_.blocks == NULL && d_.values == 0);         \
    } while (0)

#define CHECK_OK(d, s)                                                         \
    do {                                                                       \
        if (parse((d), (s)) != 0) {                                            \
            check_fail_(__FILE__, __LINE__);                                   \
            fprintf(stderr, "input %s rejected: %s\n", #s, err);               \
            return;                                                            \
        }                                                                      \
    } while (0)

static void every_type_parses_with_its_position(void)
{
    struct rc_json_doc d;
    CHECK_OK(&d, "{\"a\": [1, -2.5e3, \"x\"],\n \"b\": {\"c\": null},\r\n\t\"d\": true, \"e\": false}");
    const struct rc_json *r = &d.root;
    CHECK_EQ(r->type, RC_JSON_OBJECT);
    CHECK_EQ(r->n, 4);
    CHECK_EQ(d.values, 9);
    CHECK_EQ(d.depth, 2);
    const struct rc_json *a = rc_json_get(r, "a"), *b = rc_json_get(r, "b");
    CHECK(a != NULL && a->type == RC_JSON_ARRAY && a->n == 3);
    CHECK_EQ(a->line, 1);
    CHECK_EQ(a->col, 7);
    CHECK(a->kid[0].type == RC_JSON_NUMBER && a->kid[0].is_int && a->kid[0].i64 == 1);
    CHECK(a->kid[1].type == RC_JSON_NUMBER && !a->kid[1].is_int && a->kid[1].num == -2500.0);
    CHECK(strcmp(a->kid[1].str, "-2.5e3") == 0);
    CHECK(a->kid[2].type == RC_JSON_STRING && strcmp(a->kid[2].str, "x") == 0);
    CHECK(a->kid[2].key == NULL);
    CHECK(b != NULL && b->line == 2 && b->col == 7);
    CHECK_EQ(rc_json_get(b, "c")->type, RC_JSON_NULL);
    CHECK_EQ(rc_json_get(b, "c")->col, 13);
    const struct rc_json *t = rc_json_get(r, "d"), *f = rc_json_get(r, "e");
    CHECK(t != NULL && t->type == RC_JSON_TRUE && t->line == 3 && t->col == 7);
    CHECK(f != NULL && f->type == RC_JSON_FALSE);
    CHECK(rc_json_get(r, "z") == NULL && rc_json_get(a, "a") == NULL && rc_json_get(NULL, "a") == NULL);
    rc_json_doc_free(&d);
    rc_json_doc_free(&d); /* twice is safe */
    CHECK_OK(&d, " 7 ");
    CHECK(d.root.type == RC_JSON_NUMBER && d.root.i64 == 7 && d.depth == 0);
    rc_json_doc_free(&d);
    CHECK_OK(&d, "\"\"");
    CHECK(d.root.type == RC_JSON_STRING && d.root.len == 0);
    rc_json_doc_free(&d);
    CHECK_OK(&d, "[[], {}, [[]]]");
    CHECK(d.root.n == 3 && d.root.kid[0].n == 0 && d.root.kid[1].type == RC_JSON_OBJECT);
    rc_json_doc_free(&d);
    CHECK(strcmp(rc_json_type_name(RC_JSON_OBJECT), "object") == 0);
    CHECK(strcmp(rc_json_type_name((enum rc_json_type)99), "?") == 0);
}

static void numbers_follow_the_rfc_grammar(void)
{
    static const char *const ok[] = {"0", "-0", "1", "-1", "10", "0.5", "-0.0", "1e5", "1E5",
                                     "1e+5", "1e-5", "1.25E-2", "123456789012345678901234567890"};
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        struct rc_json_doc d;
        if (parse(&d, ok[i]) != 0) {
            check_fail_(__FILE__, __LINE__);
            fprintf(stderr, "%s rejected: %s\n", ok[i], err);
            return;
        }
        CHECK(d.root.type == RC_JSON_NUMBER && strcmp(d.root.str, ok[i]) == 0);
        CHECK_EQ(d.root.num == strtod(ok[i], NULL), 1);
        rc_json_doc_free(&d);
    }
    CHECK_ERR("01", "t.json:1:1: invalid number: leading zero");
    CHECK_ERR("-01", "t.json:1:1: invalid number: leading zero");
    CHECK_ERR("+1", "t.json:1:1: expected a value, found '+'");
    CHECK_ERR(".5", "t.json:1:1: expected a value, found '.'");
    CHECK_ERR("5.", "t.json:1:3: invalid number: a digit must follow '.'");
    CHECK_ERR("[5.e3]", "t.json:1:4: invalid number: a digit must follow '.'");
    CHECK_ERR("1e", "t.json:1:3: invalid number: a digit must start the exponent");
    CHECK_ERR("1e+", "t.json:1:4: invalid number: a digit must start the exponent");
    CHECK_ERR("-", "t.json:1:2: invalid number: a digit must follow '-'");
    CHECK_ERR("- 1", "t.json:1:2: invalid number: a digit must follow '-'");
    CHECK_ERR("NaN", "t.json:1:1: expected a value, found 'N'");
    CHECK_ERR("-Infinity", "t.json:1:2: invalid number: a digit must follow '-'");
    CHECK_ERR("0x10", "t.json:1:2: text after the JSON value (found 'x')");
    CHECK_ERR("1 2", "t.json:1:3: text after the JSON value (found '2')");
}

static void integers_fit_int64_exactly(void)
{
    struct rc_json_doc d;
    CHECK_OK(&d, "[9223372036854775807, -9223372036854775808, 9223372036854775808, "
                 "-9223372036854775809, 1.0, 1e0, 1e400, -1e400, 1e-400]");
    const struct rc_json *k = d.root.kid;
    CHECK(k[0].is_int && k[0].i64 == INT64_MAX);
    CHECK(k[1].is_int && k[1].i64 == INT64_MIN);
    CHECK(!k[2].is_int && k[2].num == 9223372036854775808.0);
    CHECK(!k[3].is_int);
    CHECK(!k[4].is_int && k[4].num == 1.0);
    CHECK(!k[5].is_int);
    CHECK(isinf(k[6].num) && k[6].num > 0 && isinf(k[7].num) && k[7].num < 0);
    CHECK(k[8].num == 0.0);
    rc_json_doc_free(&d);
}

static void strings_decode_every_escape(void)
{
    struct rc_json_doc d;
    CHECK_OK(&d, "\"\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u0041\\u00e9\\u20AC\\ud83d\\ude00\"");
    static const char want[] = "\" \\ / \b \f \n \r \t A\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80";
    CHECK_EQ(d.root.len, sizeof want - 1);
    CHECK_MEM(d.root.str, want, sizeof want);
    rc_json_doc_free(&d);
    /* U+0000 is kept, with the length */
    CHECK_OK(&d, "{\"a\\u0000b\": \"x\\u0000y\"}");
    CHECK_EQ(d.root.kid[0].keylen, 3);
    CHECK_EQ(d.root.kid[0].len, 3);
    CHECK_MEM(d.root.kid[0].str, "x\0y", 4);
    CHECK(rc_json_get(&d.root, "a") == NULL);
    rc_json_doc_free(&d);
    /* raw UTF-8 of every length passes as it is */
    CHECK_OK(&d, "\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xf4\x8f\xbf\xbf\"");
    CHECK_EQ(d.root.len, 13);
    rc_json_doc_free(&d);
    CHECK_ERR("\"a\\x\"", "t.json:1:3: invalid escape: backslash then 'x' (valid: \\\" \\\\ \\/ "
                          "\\b \\f \\n \\r \\t \\uXXXX)");
    CHECK_ERR("\"\\u12G4\"", "t.json:1:2: invalid \\u escape: four hex digits expected");
    CHECK_ERR("\"\\u12\"", "t.json:1:2: invalid \\u escape: four hex digits expected");
    CHECK_ERR("\"\\ud83d\"", "t.json:1:2: lone high surrogate \\uD83D (a \\uDC00-\\uDFFF escape "
                             "must follow it)");
    CHECK_ERR("\"\\ud83d\\u0041\"", "t.json:1:2: lone high surrogate \\uD83D (a \\uDC00-\\uDFFF "
                                   "escape must follow it)");
    CHECK_ERR("\"\\ude00\"", "t.json:1:2: lone low surrogate \\uDE00 (no character; it may only "
                             "follow a high surrogate)");
    CHECK_ERR("\"a\nb\"", "t.json:1:3: control character U+000A inside a string (it must be "
                          "written as an escape)");
    CHECK_ERR("\"a\tb\"", "t.json:1:3: control character U+0009 inside a string (it must be "
                          "written as an escape)");
    CHECK_ERR("\"abc", "t.json:1:5: end of input inside the string that starts at 1:1");
    CHECK_ERR("\"abc\\", "t.json:1:6: end of input inside the string that starts at 1:1");
    CHECK_ERR("'a'", "t.json:1:1: expected a value, found '''");
}

static void invalid_utf8_is_rejected_where_it_is(void)
{
    static const struct {
        const char *in, *err;
    } bad[] = {
        {"\"\x80\"", "t.json:1:2: invalid UTF-8 (byte 0x80) inside a string"},
        {"\"a\xc0\xaf\"", "t.json:1:3: invalid UTF-8 (byte 0xC0) inside a string"},
        {"\"\xc1\xbf\"", "t.json:1:2: invalid UTF-8 (byte 0xC1) inside a string"},
        {"\"\xe0\x80\xaf\"", "t.json:1:2: invalid UTF-8 (byte 0xE0) inside a string"},
        {"\"\xed\xa0\x80\"", "t.json:1:2: invalid UTF-8 (byte 0xED) inside a string"},
        {"\"\xf0\x80\x80\xaf\"", "t.json:1:2: invalid UTF-8 (byte 0xF0) inside a string"},
        {"\"\xf4\x90\x80\x80\"", "t.json:1:2: invalid UTF-8 (byte 0xF4) inside a string"},
        {"\"\xf5\x80\x80\x80\"", "t.json:1:2: invalid UTF-8 (byte 0xF5) inside a string"},
        {"\"\xff\"", "t.json:1:2: invalid UTF-8 (byte 0xFF) inside a string"},
        {"\"\xe2\x82\"", "t.json:1:2: invalid UTF-8 (byte 0xE2) inside a string"},
        {"\"\xe2\x82", "t.json:1:2: invalid UTF-8 (byte 0xE2) inside a string"},
        {"[\xc3\xa9]", "t.json:1:2: expected a value, found byte 0xC3"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct rc_json_doc d;
        int rc = parse(&d, bad[i].in);
        if (rc != -1 || strcmp(err, bad[i].err) != 0) {
            check_fail_(__FILE__, __LINE__);
            fprintf(stderr, "case %zu: rc %d, '%s', want '%s'\n", i, rc, err, bad[i].err);
            rc_json_doc_free(&d);
            return;
        }
    }
}

static void whitespace_is_only_space_tab_lf_cr(void)
{
    struct rc_json_doc d;
    CHECK_OK(&d, " \t\r\n[ 1 ,\n\n 2 ] \n");
    CHECK_EQ(d.root.kid[1].line, 4);
    CHECK_EQ(d.root.kid[1].col, 2);
    rc_json_doc_free(&d);
    CHECK_ERR("\f1", "t.json:1:1: expected a value, found byte 0x0C");
    CHECK_ERR("[1,\xc2\xa0" "2]", "t.json:1:4: expected a value, found byte 0xC2");
    CHECK_ERR("\xef\xbb\xbf{}", "t.json:1:1: byte order mark (U+FEFF) at the start: JSON text "
                                "has none (RFC 8259 8.1)");
    CHECK_ERR("", "t.json:1:1: empty input: no JSON value");
    CHECK_ERR(" \n ", "t.json:2:2: only whitespace: no JSON value");
    struct rc_json_doc e;
    CHECK(rc_json_parse(&e, "n.json", "1\0", 2, NULL, err, sizeof err) == -1);
    CHECK(strcmp(err, "n.json:1:2: text after the JSON value (found byte 0x00)") == 0);
}

static void structure_errors_name_what_was_expected(void)
{
    CHECK_ERR("[1,]", "t.json:1:4: expected a value, found ']' (a comma before it?)");
    CHECK_ERR("{\"a\": 1,}", "t.json:1:9: expected a member name (a string), found '}'");
    CHECK_ERR("{,}", "t.json:1:2: expected a member name (a string) or '}', found ','");
    CHECK_ERR("{a: 1}", "t.json:1:2: expected a member name (a string) or '}', found 'a'");
    CHECK_ERR("{\"a\" 1}", "t.json:1:6: expected ':' after the member name, found '1'");
    CHECK_ERR("{\"a\": 1 \"b\": 2}", "t.json:1:9: expected ',' or '}' after a member, found '\"'");
    CHECK_ERR("[1 2]", "t.json:1:4: expected ',' or ']' after an element, found '2'");
    CHECK_ERR("[1}", "t.json:1:3: expected ',' or ']' after an element, found '}'");
    CHECK_ERR("]", "t.json:1:1: expected a value, found ']'");
    CHECK_ERR("tru", "t.json:1:1: invalid literal (true, false or null expected)");
    CHECK_ERR("nul", "t.json:1:1: invalid literal (true, false or null expected)");
    CHECK_ERR("True", "t.json:1:1: expected a value, found 'T'");
    CHECK_ERR("truex", "t.json:1:5: text after the JSON value (found 'x')");
    CHECK_ERR("[\n  1,\n  {\"a\": [", "t.json:3:10: end of input inside the array that opens at "
                                      "3:9, where a value was expected");
    CHECK_ERR("{\"a\": {\"b\": 1", "t.json:1:14: end of input inside the object that opens at 1:7");
    CHECK_ERR("{\"a\"", "t.json:1:5: end of input inside the object that opens at 1:1");
    CHECK_ERR("{", "t.json:1:2: end of input inside the object that opens at 1:1");
    CHECK_ERR("[", "t.json:1:2: end of input inside the array that opens at 1:1, where a "
                   "value was expected");
}

static void a_member_name_used_twice_is_an_error(void)
{
    CHECK_ERR("{\"a\": 1,\n \"b\": 2,\n \"a\": 3}", "t.json:3:7: member name \"a\" used twice "
                                                  "in one object (first at 1:7)");
    /* the earliest second use is named, among many members */
    char big[4096];
    size_t o = 0;
    o += (size_t)snprintf(big + o, sizeof big - o, "{");
    for (int i = 0; i < 40; i++)
        o += (size_t)snprintf(big + o, sizeof big - o, "\"k%d\": %d, ", i, i);
    snprintf(big + o, sizeof big - o, "\"k7\": 0, \"k3\": 0}");
    struct rc_json_doc d;
    CHECK(parse(&d, big) == -1);
    CHECK(strstr(err, "member name \"k7\" used twice in one object (first at 1:") != NULL);
    /* names that differ only after a NUL, and the same name in two objects */
    CHECK_OK(&d, "{\"a\\u0000x\": 1, \"a\\u0000y\": 2, \"a\": 3, \"o\": {\"a\": 4}}");
    rc_json_doc_free(&d);
    CHECK_ERR("{\"a\\u0000\": 1, \"a\\u0000\": 2}", "t.json:1:27: member name \"a\" used twice "
                                                  "in one object (first at 1:13)");
    /* a hostile name is escaped in the message */
    CHECK_ERR("{\"\\u001b[2J\": 1, \"\\u001b[2J\": 2}", "t.json:1:31: member name \"\\x1b[2J\" "
                                                      "used twice in one object (first at 1:15)");
}

static char *repeat(const char *a, size_t n, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    char *s = malloc(la * n + lb * n + 1);
    if (s == NULL)
        return NULL;
    for (size_t i = 0; i < n; i++)
        memcpy(s + i * la, a, la);
    for (size_t i = 0; i < n; i++)
        memcpy(s + la * n + i * lb, b, lb);
    s[la * n + lb * n] = '\0';
    return s;
}

static void depth_values_and_size_are_bounded(void)
{
    struct rc_json_doc d;
    char *s = repeat("[", 64, "]");
    CHECK(s != NULL);
    int rc = parse(&d, s);
    free(s);
    CHECK_EQ(rc, 0);
    CHECK_EQ(d.depth, 64);
    rc_json_doc_free(&d);
    s = repeat("[", 65, "]");
    CHECK(s != NULL);
    rc = parse(&d, s);
    free(s);
    CHECK_EQ(rc, -1);
    CHECK(strcmp(err, "t.json:1:65: arrays and objects nested deeper than 64 (the limit)") == 0);
    /* a million open brackets: an error, not a stack overflow */
    s = repeat("{\"a\":[", 1000000, "");
    CHECK(s != NULL);
    struct rc_jsonin_limits deep = {0, 100000, 0};
    rc = rc_json_parse(&d, "t.json", s, strlen(s), &deep, err, sizeof err);
    free(s);
    CHECK_EQ(rc, -1);
    CHECK(strcmp(err, "t.json:1:12289: arrays and objects nested deeper than 4096 (the limit)") == 0);
    struct rc_jsonin_limits few = {0, 0, 5};
    CHECK(rc_json_parse(&d, "t.json", "[1,2,3,4]", 9, &few, err, sizeof err) == 0);
    rc_json_doc_free(&d);
    CHECK(rc_json_parse(&d, "t.json", "[1,2,3,4,5]", 11, &few, err, sizeof err) == -1);
    CHECK(strcmp(err, "t.json:1:10: more than 5 values (the limit)") == 0);
    struct rc_jsonin_limits small = {8, 0, 0};
    CHECK(rc_json_parse(&d, "t.json", "[1,2,3,4]", 9, &small, err, sizeof err) == -1);
    CHECK(strcmp(err, "t.json: 9 bytes, more than the limit of 8") == 0);
    CHECK(rc_json_parse(&d, "t.json", "[1,2,3]", 7, &small, err, sizeof err) == 0);
    rc_json_doc_free(&d);
}

/* Every proper prefix of a valid text is rejected (no value is complete
 * before its end, but a number), and every single-byte change parses or
 * fails cleanly. */
static void every_prefix_and_byte_flip_ends_cleanly(void)
{
    static const char text[] = "{\"format\": \"riocheck-results-1\", \"v\": [{\"id\": \"a\\u00e9\","
                               " \"n\": -1.5e2}, null, true, false, []], \"o\": {}}";
    size_t n = sizeof text - 1;
    struct rc_json_doc d;
    for (size_t k = 0; k < n; k++) {
        if (rc_json_parse(&d, "p", text, k, NULL, err, sizeof err) != -1) {
            check_fail_(__FILE__, __LINE__);
            fprintf(stderr, "prefix of %zu bytes accepted\n", k);
            rc_json_doc_free(&d);
            return;
        }
        CHECK(strncmp(err, "p:1:", 4) == 0);
    }
    CHECK(rc_json_parse(&d, "p", text, n, NULL, err, sizeof err) == 0);
    rc_json_doc_free(&d);
    char buf[sizeof text];
    for (size_t k = 0; k < n; k++)
        for (int bit = 0; bit < 8; bit++) {
            memcpy(buf, text, sizeof text);
            buf[k] = (char)(buf[k] ^ (1 << bit));
            int rc = rc_json_parse(&d, "p", buf, n, NULL, err, sizeof err);
            CHECK(rc == 0 || rc == -1);
            if (rc == -1)
                CHECK(strncmp(err, "p:1:", 4) == 0);
            rc_json_doc_free(&d);
        }
}

static void load_reads_files_and_names_them(void)
{
    char path[] = "/tmp/jsonin_test.XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    static const char body[] = "{\"x\": [1,\n 2,\n 3 4]}";
    CHECK(write(fd, body, sizeof body - 1) == (ssize_t)(sizeof body - 1));
    close(fd);
    struct rc_json_doc d;
    CHECK(rc_json_load(&d, path, NULL, err, sizeof err) == -1);
    char want[256];
    snprintf(want, sizeof want, "%s:3:4: expected ',' or ']' after an element, found '4'", path);
    CHECK(strcmp(err, want) == 0);
    struct rc_jsonin_limits small = {4, 0, 0};
    CHECK(rc_json_load(&d, path, &small, err, sizeof err) == -1);
    snprintf(want, sizeof want, "%s: 20 bytes, more than the limit of 4", path);
    CHECK(strcmp(err, want) == 0);
    unlink(path);
    CHECK(rc_json_load(&d, path, NULL, err, sizeof err) == -1);
    snprintf(want, sizeof want, "%s: No such file or directory", path);
    CHECK(strcmp(err, want) == 0);
    CHECK(rc_json_load(&d, "/tmp", NULL, err, sizeof err) == -1);
    CHECK(strcmp(err, "/tmp: Is a directory") == 0);
    CHECK(rc_json_load(&d, "/dev/null", NULL, err, sizeof err) == -1);
    CHECK(strcmp(err, "/dev/null:1:1: empty input: no JSON value") == 0);
}

int main(int argc, char **argv)
{
    RUN(every_type_parses_with_its_position);
    RUN(numbers_follow_the_rfc_grammar);
    RUN(integers_fit_int64_exactly);
    RUN(strings_decode_every_escape);
    RUN(invalid_utf8_is_rejected_where_it_is);
    RUN(whitespace_is_only_space_tab_lf_cr);
    RUN(structure_errors_name_what_was_expected);
    RUN(a_member_name_used_twice_is_an_error);
    RUN(depth_values_and_size_are_bounded);
    RUN(every_prefix_and_byte_flip_ends_cleanly);
    RUN(load_reads_files_and_names_them);
    (void)argc;
    return check_finish(argv[0]);
}
