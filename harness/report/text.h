/* SPDX-License-Identifier: Apache-2.0 */
/*
 * text.h - escaping of untrusted text for every output format riocheck
 * writes, from one place.
 *
 * Untrusted text is everything riocheck did not write itself: a DUT's name
 * and version (a hostile library or --dut-cmd process chooses them), result
 * details quoting DUT output, vector file paths (which may hold a TAB, a
 * newline or bytes that are not UTF-8), waiver reasons, command lines. Each
 * writer puts such text into its format only through rc_esc_put() or
 * rc_esc_str() with the format's enum value, so that no input can end a
 * line, add a column, inject a TAP line, close a string or an element, or
 * make a file invalid.
 *
 * The input is s[0..n) where n = strnlen(s, max) (a fixed buffer may lack
 * its NUL; pass (size_t)-1 for a NUL-terminated string). It is read as
 * UTF-8; a byte that does not start a valid UTF-8 sequence (overlong,
 * surrogate, above U+10FFFF, truncated, a stray continuation byte) is an
 * "invalid byte" below. NULL is the empty string.
 *
 * What each format guarantees of its output (every output is valid UTF-8):
 *
 * RC_ESC_TAP   text on a TAP test line (description, directive reason).
 *              No line break of any kind (LF, CR, VT, FF, U+0085, U+2028,
 *              U+2029) and no control character: the line stays one test
 *              line, so a name with "\nnot ok 1\n1..1\nBail out!" cannot
 *              add a test, a plan or a bail-out. No unescaped '#', so text
 *              cannot start a directive ("# SKIP", "# TODO") that would turn
 *              a failure into a skip or a todo (TAP 14 "Escaping": \# and
 *              \\). Escapes: \\ \# \n \r \t, \xHH for another C0 byte, DEL
 *              or an invalid byte, \u0085 \u2028 \u2029 \ufeff and \u00HH
 *              for the C1 controls. Reversible.
 * RC_ESC_LINE  free text on one line of a line-oriented text for humans: TAP
 *              diagnostics ("  # ..."), comment lines of a reproducer vector
 *              file, the console. As RC_ESC_TAP, except that '#' and '\'
 *              are kept as they are (so a shell word of RC_ESC_SH stays
 *              copyable). The output has no NUL, no line break, no control
 *              character and no U+FEFF (which a vector file rejects after
 *              its start), so a "# ..." comment line of a vector file holding
 *              it still parses.
 * RC_ESC_TSV   one cell of a tab-separated table (results.tsv, --list): no
 *              TAB, CR, LF or other control character, so every row keeps
 *              its column count. Escapes as RC_ESC_TAP, but '#' is kept;
 *              "\\" for '\', so the escaping is reversible (the "linear TSV"
 *              convention).
 * RC_ESC_JSON  the inside of a JSON string (the caller writes the quotes):
 *              \" \\ \b \f \n \r \t, \u00hh for every other C0 control, DEL
 *              and the C1 controls, \u2028 and \u2029 (valid JSON, but line
 *              breaks to JavaScript), each invalid byte as \ufffd (U+FFFD).
 *              The result is a valid RFC 8259 string of valid UTF-8.
 * RC_ESC_XML   XML 1.0 character data: & < > as &amp; &lt; &gt; (so "]]>"
 *              can never appear), CR as &#13; (a parser would turn a raw one
 *              into LF), TAB and LF kept. A character XML 1.0 forbids (C0
 *              controls but TAB, LF, CR; U+FFFE, U+FFFF) and an invalid byte
 *              become U+FFFD; DEL and the C1 controls, allowed but
 *              discouraged, become decimal character references (&#127;).
 * RC_ESC_XML_ATTR  an XML 1.0 attribute value between double quotes: as
 *              RC_ESC_XML, with all five predefined entities (&quot; and
 *              &apos; too) and TAB, LF, CR as &#9; &#10; &#13; (attribute
 *              value normalisation would turn raw ones into spaces).
 * RC_ESC_MD    Markdown (CommonMark / GFM) inline text and table cells: every
 *              line break, control character and U+FEFF becomes a space (a cell
 *              stays on its row), '|' and the markup characters \ ` * _ [ ]
 *              ~ get a backslash (no cell split, no emphasis, link or code),
 *              < > & become &lt; &gt; &amp; (no HTML, no autolink, no
 *              entity), an invalid byte becomes U+FFFD.
 * RC_ESC_SH    one word of a POSIX shell command line (rerun commands):
 *              unquoted when it is made of letters, digits and ._/=:+,@%-
 *              only; else in single quotes ('\'' for a quote); a word with a
 *              control character, a line break of any kind, U+FEFF or an
 *              invalid byte is written as $'...' (POSIX.1-2024 dollar-single
 *              quotes, also bash, ksh, zsh) with \\ \' \n \r \t and \xHH. The
 *              empty word is ''. The output never holds a control character
 *              or a line break, so it can go into RC_ESC_LINE text as it is.
 *
 * Markdown code spans, which need the whole text to size their delimiter,
 * have their own function, rc_esc_md_code().
 */
#ifndef RC_TEXT_H
#define RC_TEXT_H

#include <stddef.h>
#include <stdio.h>

enum rc_esc {
    RC_ESC_TAP,
    RC_ESC_LINE,
    RC_ESC_TSV,
    RC_ESC_JSON,
    RC_ESC_XML,
    RC_ESC_XML_ATTR,
    RC_ESC_MD,
    RC_ESC_SH
};
#define RC_ESC_COUNT 8

/* Write s (at most max bytes, see above) escaped for fmt to f. Returns the
 * number of bytes written (as a count of what was passed to f: a write error
 * shows in ferror(f), as for the other writers). A fmt out of range writes
 * nothing and returns 0. */
size_t rc_esc_put(FILE *f, enum rc_esc fmt, const char *s, size_t max);

/* The same into dst (cap bytes, cap >= 1: always NUL-terminated), like
 * snprintf: returns the length of the whole escaped text; when that is cap
 * or more the text was cut, and dst holds only whole escapes and whole
 * characters (never half of "\\n", "&amp;" or a UTF-8 sequence). An
 * RC_ESC_SH word that does not fit is not written at all (dst is ""), since
 * a cut word would lack its closing quote. dst may be NULL when cap is 0
 * (to measure). */
size_t rc_esc_str(char *dst, size_t cap, enum rc_esc fmt, const char *s, size_t max);

/* A JSON string value: s (at most max bytes) escaped as RC_ESC_JSON between
 * double quotes; null for a NULL s. */
void rc_esc_json_str(FILE *f, const char *s, size_t max);

/* A Markdown code span showing s (at most max bytes) verbatim: delimited by
 * one backtick more than the longest run of backticks inside, padded with a
 * space when s starts or ends with one (CommonMark 6.1). Line breaks,
 * control characters and U+FEFF become spaces, invalid bytes U+FFFD. In a
 * GFM table a '|' splits the row even inside code and a backslash escapes
 * the next character, so with in_table a text holding '|' or '\' is written as
 * RC_ESC_MD text instead. The empty text is written as "-". */
void rc_esc_md_code(FILE *f, const char *s, size_t max, int in_table);

#endif
