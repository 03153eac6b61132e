/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jsonin.h - a small, strict JSON reader (RFC 8259) for the files riocheck
 * reads back: results.json of an earlier run (riocheck diff). No external
 * library; no recursion (an explicit stack), so no input can exhaust the C
 * stack; bounded in size, nesting depth and number of values.
 *
 * What is accepted is exactly RFC 8259 JSON text encoded in UTF-8 (8.1):
 *   - one value of any type, surrounded by optional whitespace (space, TAB,
 *     LF, CR only);
 *   - literals true, false, null (lower case);
 *   - numbers by the grammar of section 6: -?(0|[1-9][0-9]*)(.[0-9]+)?
 *     ([eE][+-]?[0-9]+)? - no leading '+', no leading zeros, no '.5', no
 *     '5.', no NaN or Infinity;
 *   - strings with the escapes \" \\ \/ \b \f \n \r \t \uXXXX (a UTF-16
 *     surrogate pair for characters above U+FFFF); raw control characters
 *     U+0000-U+001F are rejected (section 7), so a string never spans lines.
 * Rejected beyond the grammar (the RFC leaves them to the implementation):
 *   - bytes that are not valid UTF-8 (overlong forms, surrogates, above
 *     U+10FFFF, truncated or stray continuation bytes), anywhere;
 *   - a byte order mark at the start (8.1: "MAY ignore"; a riocheck file
 *     never has one, so one is taken as a sign of another file);
 *   - \u escapes of lone surrogates (they have no UTF-8 form; 8.2);
 *   - a member name used twice in one object (4: "SHOULD be unique"; the
 *     files riocheck reads never repeat one, and a reader that kept the
 *     first or the last would silently disagree with another reader).
 *
 * Positions: every value records the line and column where it starts, and
 * every error names one: "NAME:LINE:COL: what" (lines from 1, counted at LF;
 * columns from 1, in bytes from the start of the line).
 *
 * Memory: the document owns everything. Strings and number texts are kept
 * decoded in one buffer of the input's size + 1; each array and object holds
 * its values in one array. A value is about 90 bytes: max_values bounds the
 * memory to max_values * 90 bytes besides the buffer.
 */
#ifndef RC_JSONIN_H
#define RC_JSONIN_H

#include <stddef.h>
#include <stdint.h>

enum rc_json_type {
    RC_JSON_NULL,
    RC_JSON_FALSE,
    RC_JSON_TRUE,
    RC_JSON_NUMBER,
    RC_JSON_STRING,
    RC_JSON_ARRAY,
    RC_JSON_OBJECT
};

struct rc_json {
    enum rc_json_type type;
    unsigned line, col;  /* where the value starts (1-based; col in bytes) */
    /* member of an object: its name, decoded, NUL-terminated; keylen bytes
     * (a name may hold U+0000 from \u0000). NULL for other values. */
    const char *key;
    size_t keylen;
    /* STRING: the decoded text (valid UTF-8, NUL-terminated, len bytes; it
     * may hold U+0000). NUMBER: the number as written (NUL-terminated). */
    const char *str;
    size_t len;
    /* NUMBER: strtod() of the text in the C locale: +-HUGE_VAL when it is
     * beyond a double's range, 0 (or -0) when below; is_int is 1 when the
     * text has no fraction and no exponent and fits int64_t (then in i64). */
    double num;
    int64_t i64;
    int is_int;
    /* ARRAY, OBJECT: its n values (members) in document order. */
    struct rc_json *kid;
    size_t n;
};

/* Limits; a 0 field takes the default. */
struct rc_jsonin_limits {
    size_t max_bytes;   /* input size (default RC_JSONIN_MAX_BYTES) */
    unsigned max_depth; /* arrays and objects open at once (default
                           RC_JSONIN_MAX_DEPTH; at most RC_JSONIN_DEPTH_CAP) */
    size_t max_values;  /* values in the document (default RC_JSONIN_MAX_VALUES) */
};
#define RC_JSONIN_MAX_BYTES ((size_t)256 << 20)
#define RC_JSONIN_MAX_DEPTH 64u
#define RC_JSONIN_DEPTH_CAP 4096u
#define RC_JSONIN_MAX_VALUES ((size_t)4 << 20)

struct rc_json_doc {
    struct rc_json root;
    size_t values;      /* values in the document (root included) */
    unsigned depth;     /* deepest nesting reached (0: a scalar root) */
    /* internal */
    char *arena;
    struct rc_json **blocks;
    size_t nblocks, capblocks;
};

/* Parse text[0..len) (it may hold NUL bytes, which are errors outside
 * strings and inside them). name is used in messages. Returns 0 and fills
 * doc, or -1 with "name:line:col: what" in err (cap bytes; err may be NULL
 * when cap is 0) and doc empty (safe to free). What is reported:
 *   empty input, a byte order mark, invalid UTF-8, a byte that starts no
 *   value, an invalid literal, number or escape, a raw control character in
 *   a string, a lone surrogate, a missing ',' ':' ']' '}' or member name, a
 *   duplicate member name (with the line of the first), text after the
 *   value, the end of input inside a string, array or object (with where
 *   it opened), nesting beyond max_depth, more than max_values values,
 *   input larger than max_bytes, out of memory. */
int rc_json_parse(struct rc_json_doc *doc, const char *name, const char *text, size_t len,
                  const struct rc_jsonin_limits *lim, char *err, size_t cap);

/* Read the file at path (at most max_bytes: a larger one is an error before
 * it is read whole) and parse it as rc_json_parse() with path as the name.
 * Errors reading it are "path: strerror" (a folder: "Is a directory"). */
int rc_json_load(struct rc_json_doc *doc, const char *path,
                 const struct rc_jsonin_limits *lim, char *err, size_t cap);

/* Release everything doc holds (no recursion); doc is then empty. Safe on a
 * zeroed or already freed doc. */
void rc_json_doc_free(struct rc_json_doc *doc);

/* The member of obj named key (a NUL-terminated name), or NULL when obj is
 * NULL, not an object or has no such member. */
const struct rc_json *rc_json_get(const struct rc_json *obj, const char *key);

/* "null" "false" "true" "number" "string" "array" "object"; "?" out of range. */
const char *rc_json_type_name(enum rc_json_type t);

#endif
