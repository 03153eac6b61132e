/* SPDX-License-Identifier: Apache-2.0 */
/* Escaping for every output format (harness/report/text.h). The expected
 * texts are written out from the contract in text.h (the TAP 14, RFC 8259,
 * XML 1.0, CommonMark and POSIX shell rules it cites), never taken from the
 * escaper's output. */
#include <stdlib.h>
#include <string.h>

#include "../../../reference/tests/check.h"
#include "../text.h"

/* s escaped for fmt through the stream form, as a malloc'd string. */
static char *esc(enum rc_esc fmt, const char *s)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (m == NULL)
        return NULL;
    size_t n = rc_esc_put(m, fmt, s, (size_t)-1);
    fclose(m);
    if (buf != NULL && n != len) { /* the count is what was written */
        free(buf);
        return NULL;
    }
    return buf;
}

static char *code(const char *s, int in_table)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (m == NULL)
        return NULL;
    rc_esc_md_code(m, s, (size_t)-1, in_table);
    fclose(m);
    return buf;
}

#define CHECK_ESC(fmt, in, want)                                               \
    do {                                                                       \
        char *got_ = esc((fmt), (in));                                         \
        CHECK(got_ != NULL);                                                   \
        CHECK_STR_EQ_FREE(got_, (want));                                       \
    } while (0)

/* Compare, free, and on a mismatch print both. */
#define CHECK_STR_EQ_FREE(got, want)                                           \
    do {                                                                       \
        int same_ = strcmp((got), (want)) == 0;                                \
        if (!same_) {                                                          \
            check_fail_(__FILE__, __LINE__);                                   \
            fprintf(stderr, "escaped text differs\n");                       \
            check_hex_("got", (const uint8_t *)(got), strlen(got));            \
            check_hex_("want", (const uint8_t *)(want), strlen(want));         \
        }                                                                      \
        free(got);                                                             \
        if (!same_)                                                            \
            return;                                                            \
    } while (0)

/* The hostile DUT name of issue 11 item 2. */
static const char inject[] = "dut\nnot ok 1 - injected\n1..1\nBail out! x";

/* ---- TAP ----------------------------------------------------------------- */

static void tap_name_with_newlines_stays_on_one_line(void)
{
    CHECK_ESC(RC_ESC_TAP, inject, "dut\\nnot ok 1 - injected\\n1..1\\nBail out! x");
}

static void tap_hash_cannot_start_a_directive_and_backslash_is_doubled(void)
{
    /* TAP 14: "\#" is a literal '#', "\\" a literal backslash */
    CHECK_ESC(RC_ESC_TAP, "x # TODO y \\", "x \\# TODO y \\\\");
}

static void tap_escapes_every_control_and_line_break(void)
{
    /* CR, TAB, SOH, ESC, DEL, an invalid byte, NEL (U+0085), LINE SEPARATOR,
     * PARAGRAPH SEPARATOR, BOM; the micro sign and the euro sign stay */
    CHECK_ESC(RC_ESC_TAP,
              "a\rb\tc\x01\x1b\x7f\xFF \xC2\x85\xE2\x80\xA8\xE2\x80\xA9\xEF\xBB\xBF \xC2\xB5\xE2\x82\xAC",
              "a\\rb\\tc\\x01\\x1b\\x7f\\xff \\u0085\\u2028\\u2029\\ufeff \xC2\xB5\xE2\x82\xAC");
}

static void tap_output_of_every_byte_pair_has_no_control_character(void)
{
    char in[3] = {0, 0, 0};
    for (unsigned a = 1; a < 256; a++)
        for (unsigned b = 0; b < 256; b++) {
            in[0] = (char)a, in[1] = (char)b;
            for (int fmt = RC_ESC_TAP; fmt <= RC_ESC_TSV; fmt++) {
                char out[64];
                size_t n = rc_esc_str(out, sizeof out, (enum rc_esc)fmt, in, 2);
                CHECK(n < sizeof out);
                for (size_t i = 0; i < n; i++) {
                    unsigned char c = (unsigned char)out[i];
                    CHECK_EQ_AT(a * 256 + b, c < 0x20 || c == 0x7F, 0);
                    /* C2 85 is NEL, E2 80 A8/A9 the separators */
                    CHECK_EQ_AT(a * 256 + b, c == 0xC2 && (unsigned char)out[i + 1] == 0x85, 0);
                }
                if (fmt == RC_ESC_TAP)
                    for (size_t i = 0; i < n; i++)
                        if (out[i] == '#')
                            CHECK_EQ_AT(a * 256 + b, i > 0 && out[i - 1] == '\\', 1);
            }
        }
}

/* ---- line text, TSV ------------------------------------------------------ */

static void line_text_keeps_hash_and_backslash(void)
{
    CHECK_ESC(RC_ESC_LINE, "# a\\b\nc\xEF\xBB\xBF", "# a\\b\\nc\\ufeff");
}

static void tsv_cell_has_no_tab_cr_or_lf(void)
{
    CHECK_ESC(RC_ESC_TSV, "dir\twith\nnewline\r/x #1 \\", "dir\\twith\\nnewline\\r/x #1 \\\\");
}

/* ---- JSON ---------------------------------------------------------------- */

static void json_escapes_quotes_controls_separators_and_invalid_bytes(void)
{
    /* RFC 8259 7: quote, backslash and the controls; \b \f have short forms;
     * lower-case hex; U+2028/9 escaped; the surrogate ED A0 80 is three
     * invalid bytes */
    CHECK_ESC(RC_ESC_JSON, "q\"b\\\b\f\n\r\t\x01\x7f\xC2\x9F\xE2\x80\xA8 \xED\xA0\x80 \xC2\xB5",
              "q\\\"b\\\\\\b\\f\\n\\r\\t\\u0001\\u007f\\u009f\\u2028 \\ufffd\\ufffd\\ufffd "
              "\xC2\xB5");
}

/* ---- XML ----------------------------------------------------------------- */

static void xml_text_escapes_markup_and_replaces_forbidden_characters(void)
{
    /* "]]>" cannot survive; CR as a reference; SOH, U+FFFE and the invalid
     * byte are not XML 1.0 characters; DEL and NEL as references */
    CHECK_ESC(RC_ESC_XML, "a<b>&c\"d'e]]>\t\n\r\x01\xEF\xBF\xBE\x7f\xC2\x85\xFF",
              "a&lt;b&gt;&amp;c\"d'e]]&gt;\t\n&#13;\xEF\xBF\xBD\xEF\xBF\xBD&#127;&#133;"
              "\xEF\xBF\xBD");
}

static void xml_attribute_uses_all_five_entities_and_references_for_blanks(void)
{
    CHECK_ESC(RC_ESC_XML_ATTR, "<\"'&>\t\n\r", "&lt;&quot;&apos;&amp;&gt;&#9;&#10;&#13;");
}

/* ---- Markdown ------------------------------------------------------------ */

static void md_text_cannot_split_a_cell_or_add_markup(void)
{
    CHECK_ESC(RC_ESC_MD, "a|b\nc<d>&`*_[]~\\\x01\xFF",
              "a\\|b c&lt;d&gt;&amp;\\`\\*\\_\\[\\]\\~\\\\ \xEF\xBF\xBD");
}

static void md_code_span_is_longer_than_any_backtick_run_inside(void)
{
    char *s = code("a``b", 0);
    CHECK(s != NULL);
    CHECK_STR_EQ_FREE(s, "``` a``b ```");
    s = code("`x`", 0);
    CHECK(s != NULL);
    CHECK_STR_EQ_FREE(s, "`` `x` ``");
    s = code("x\ny", 0);
    CHECK(s != NULL);
    CHECK_STR_EQ_FREE(s, "`x y`");
    s = code("", 0);
    CHECK(s != NULL);
    CHECK_STR_EQ_FREE(s, "-");
}

static void json_string_is_quoted_escaped_and_null_for_null(void)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    CHECK(m != NULL);
    rc_esc_json_str(m, "a\"b\n\xff", (size_t)-1);
    fputc(' ', m);
    rc_esc_json_str(m, "abc", 2);
    fputc(' ', m);
    rc_esc_json_str(m, NULL, (size_t)-1);
    fclose(m);
    CHECK(buf != NULL);
    CHECK_STR_EQ_FREE(buf, "\"a\\\"b\\n\\ufffd\" \"ab\" null");
}

static void md_code_in_a_table_with_a_pipe_is_escaped_text(void)
{
    char *s = code("a|b", 1);
    CHECK(s != NULL);
    CHECK_STR_EQ_FREE(s, "a\\|b");
    s = code("a|b", 0);
    CHECK(s != NULL);
    CHECK_STR_EQ_FREE(s, "`a|b`");
}

/* ---- shell words --------------------------------------------------------- */

static void sh_word_is_plain_quoted_or_dollar_quoted(void)
{
    CHECK_ESC(RC_ESC_SH, "out/repro/p12.x.vec", "out/repro/p12.x.vec");
    CHECK_ESC(RC_ESC_SH, "", "''");
    CHECK_ESC(RC_ESC_SH, "a b#$`", "'a b#$`'");
    CHECK_ESC(RC_ESC_SH, "it's", "'it'\\''s'");
    CHECK_ESC(RC_ESC_SH, "d\tx\ny'\\", "$'d\\tx\\ny\\'\\\\'");
    CHECK_ESC(RC_ESC_SH, "\xFF\xE2\x80\xA8", "$'\\xff\\xe2\\x80\\xa8'");
    CHECK_ESC(RC_ESC_SH, "\xC2\xB5", "'\xC2\xB5'");
}

/* ---- the buffer form ----------------------------------------------------- */

static void buffer_form_cuts_only_between_whole_escapes_and_characters(void)
{
    char b[8];
    /* "ab\ncd" is "ab\\ncd" (6 bytes) escaped */
    CHECK_EQ(rc_esc_str(b, 7, RC_ESC_TAP, "ab\ncd", (size_t)-1), 6);
    CHECK(strcmp(b, "ab\\ncd") == 0);
    CHECK_EQ(rc_esc_str(b, 6, RC_ESC_TAP, "ab\ncd", (size_t)-1), 6);
    CHECK(strcmp(b, "ab\\nc") == 0);
    CHECK_EQ(rc_esc_str(b, 4, RC_ESC_TAP, "ab\ncd", (size_t)-1), 6);
    CHECK(strcmp(b, "ab") == 0); /* not "ab\" */
    CHECK_EQ(rc_esc_str(b, 4, RC_ESC_JSON, "\xC2\xB5\xC2\xB5", (size_t)-1), 4);
    CHECK(strcmp(b, "\xC2\xB5") == 0);
    CHECK_EQ(rc_esc_str(b, 5, RC_ESC_XML, "a&b", (size_t)-1), 7);
    CHECK(strcmp(b, "a") == 0); /* not "a&am" */
    /* once a unit does not fit, no later (shorter) one is written */
    CHECK_EQ(rc_esc_str(b, 3, RC_ESC_TAP, "a\nb", (size_t)-1), 4);
    CHECK(strcmp(b, "a") == 0);
    CHECK_EQ(rc_esc_str(NULL, 0, RC_ESC_TAP, "a\nb", (size_t)-1), 4);
}

static void buffer_form_writes_a_shell_word_whole_or_not_at_all(void)
{
    char b[8];
    CHECK_EQ(rc_esc_str(b, sizeof b, RC_ESC_SH, "a b c d e", (size_t)-1), 11);
    CHECK(strcmp(b, "") == 0);
    CHECK_EQ(rc_esc_str(b, sizeof b, RC_ESC_SH, "a b", (size_t)-1), 5);
    CHECK(strcmp(b, "'a b'") == 0);
}

static void max_bounds_the_input_and_null_is_empty(void)
{
    char b[16];
    CHECK_EQ(rc_esc_str(b, sizeof b, RC_ESC_TSV, "abcdef", 3), 3);
    CHECK(strcmp(b, "abc") == 0);
    CHECK_EQ(rc_esc_str(b, sizeof b, RC_ESC_JSON, NULL, (size_t)-1), 0);
    CHECK(strcmp(b, "") == 0);
    CHECK_EQ(rc_esc_str(b, sizeof b, RC_ESC_SH, NULL, (size_t)-1), 2);
    CHECK(strcmp(b, "''") == 0);
    CHECK_EQ(rc_esc_str(b, sizeof b, (enum rc_esc)RC_ESC_COUNT, "x", (size_t)-1), 0);
}

int main(int argc, char **argv)
{
    RUN(tap_name_with_newlines_stays_on_one_line);
    RUN(tap_hash_cannot_start_a_directive_and_backslash_is_doubled);
    RUN(tap_escapes_every_control_and_line_break);
    RUN(tap_output_of_every_byte_pair_has_no_control_character);
    RUN(line_text_keeps_hash_and_backslash);
    RUN(tsv_cell_has_no_tab_cr_or_lf);
    RUN(json_escapes_quotes_controls_separators_and_invalid_bytes);
    RUN(xml_text_escapes_markup_and_replaces_forbidden_characters);
    RUN(xml_attribute_uses_all_five_entities_and_references_for_blanks);
    RUN(md_text_cannot_split_a_cell_or_add_markup);
    RUN(md_code_span_is_longer_than_any_backtick_run_inside);
    RUN(json_string_is_quoted_escaped_and_null_for_null);
    RUN(md_code_in_a_table_with_a_pipe_is_escaped_text);
    RUN(sh_word_is_plain_quoted_or_dollar_quoted);
    RUN(buffer_form_cuts_only_between_whole_escapes_and_characters);
    RUN(buffer_form_writes_a_shell_word_whole_or_not_at_all);
    RUN(max_bounds_the_input_and_null_is_empty);
    (void)argc;
    return check_finish(argv[0]);
}
