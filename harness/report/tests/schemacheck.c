/* SPDX-License-Identifier: Apache-2.0 */
/*
 * schemacheck.c - check JSON documents against a JSON Schema (draft 2020-12)
 * for the tests (ci_test.sh: docs/results.schema.json against real
 * results.json files and broken copies of them). A test tool, not a product
 * parser: the JSON itself is read by harness/report/jsonin.c (fuzzed).
 *
 *     schemacheck SCHEMA.json DOC.json...
 *
 * Understood keywords, the subset the shipped schemas use:
 *   $ref ("#/$defs/NAME" only; applied beside the other keywords, as in
 *   2020-12), type (a name or an array of names; "integer" is a number
 *   written without fraction or exponent), enum, const, properties,
 *   required, additionalProperties (false or a schema), items (one schema
 *   for every element), minItems, minimum, maximum, minLength (in bytes:
 *   the shipped schemas give it only to ASCII texts), pattern (a POSIX
 *   extended regular expression, unanchored as in JSON Schema: write
 *   patterns that mean the same in ECMA-262 and POSIX ERE).
 * Annotations, not checked: $schema, $id, $defs, $comment, title,
 * description. Any other keyword in the schema is an error (exit 2) naming
 * SCHEMA:LINE:COL, so that the checker never passes what it cannot check.
 *
 * Each violation is printed as "DOC:LINE:COL: POINTER: what" (at most 20 per
 * document). Exit status 0 when every document conforms, 1 when one does
 * not, 2 on bad usage, an unreadable or malformed file, or a schema keyword
 * this checker does not understand.
 */
#include <math.h>
#include <regex.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../jsonin.h"

#define MAX_SHOWN 20
#define PTR_MAX 512

static const struct rc_json *schema_root;
static const char *schema_name, *doc_name;
static unsigned violations;
static int schema_bad;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void violation(const struct rc_json *v, const char *ptr, const char *fmt, ...)
{
    if (violations++ >= MAX_SHOWN)
        return;
    printf("%s:%u:%u: %s: ", doc_name, v->line, v->col, ptr[0] ? ptr : "/");
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void bad_schema(const struct rc_json *s, const char *fmt, ...)
{
    fprintf(stderr, "%s:%u:%u: ", schema_name, s->line, s->col);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    schema_bad = 1;
}

/* JSON values equal (numbers by their text, which riocheck writes in one
 * form; strings by bytes; arrays and objects member by member in order). */
static int json_equal(const struct rc_json *a, const struct rc_json *b)
{
    if (a->type != b->type)
        return 0;
    switch (a->type) {
    case RC_JSON_NULL:
    case RC_JSON_FALSE:
    case RC_JSON_TRUE:
        return 1;
    case RC_JSON_NUMBER:
        return strcmp(a->str, b->str) == 0 || a->num == b->num;
    case RC_JSON_STRING:
        return a->len == b->len && memcmp(a->str, b->str, a->len) == 0;
    case RC_JSON_ARRAY:
    case RC_JSON_OBJECT:
        if (a->n != b->n)
            return 0;
        for (size_t i = 0; i < a->n; i++) {
            if (a->type == RC_JSON_OBJECT &&
                (a->kid[i].keylen != b->kid[i].keylen ||
                 memcmp(a->kid[i].key, b->kid[i].key, a->kid[i].keylen) != 0))
                return 0;
            if (!json_equal(&a->kid[i], &b->kid[i]))
                return 0;
        }
        return 1;
    }
    return 0;
}

static int is_integer(const struct rc_json *v)
{
    return v->type == RC_JSON_NUMBER && strpbrk(v->str, ".eE") == NULL;
}

/* Compare two integer texts as JSON writes them (-?digits, no leading
 * zeros; -0 is 0): <0, 0, >0. */
static int int_text_cmp(const char *a, const char *b)
{
    if (strcmp(a, "-0") == 0)
        a = "0";
    if (strcmp(b, "-0") == 0)
        b = "0";
    int na = a[0] == '-', nb = b[0] == '-';
    if (na != nb)
        return na ? -1 : 1;
    a += na, b += nb;
    size_t la = strlen(a), lb = strlen(b);
    int c = la != lb ? (la < lb ? -1 : 1) : strcmp(a, b);
    c = c < 0 ? -1 : c > 0;
    return na ? -c : c;
}

static int type_is(const struct rc_json *v, const struct rc_json *t)
{
    if (t->type != RC_JSON_STRING) {
        bad_schema(t, "type: a type name must be a string");
        return 1;
    }
    const char *n = t->str;
    if (strcmp(n, "integer") == 0)
        return is_integer(v);
    if (strcmp(n, "number") == 0)
        return v->type == RC_JSON_NUMBER;
    if (strcmp(n, "boolean") == 0)
        return v->type == RC_JSON_TRUE || v->type == RC_JSON_FALSE;
    if (strcmp(n, "null") == 0 || strcmp(n, "string") == 0 || strcmp(n, "array") == 0 ||
        strcmp(n, "object") == 0)
        return strcmp(n, rc_json_type_name(v->type)) == 0;
    bad_schema(t, "type: unknown type name '%s'", n);
    return 1;
}

static void check(const struct rc_json *v, const struct rc_json *s, char *ptr, size_t plen);

/* ptr + "/" + key (JSON Pointer escapes ~ and /); restores on return. */
static void check_at(const struct rc_json *v, const struct rc_json *s, char *ptr, size_t plen,
                     const char *key, size_t keylen)
{
    size_t at = plen;
    if (at + 1 < PTR_MAX)
        ptr[at++] = '/';
    for (size_t i = 0; i < keylen && at + 2 < PTR_MAX; i++) {
        if (key[i] == '~' || key[i] == '/') {
            ptr[at++] = '~';
            ptr[at++] = key[i] == '~' ? '0' : '1';
        } else {
            ptr[at++] = key[i] != '\0' ? key[i] : '?';
        }
    }
    ptr[at] = '\0';
    check(v, s, ptr, at);
    ptr[plen] = '\0';
}

static const struct rc_json *resolve(const struct rc_json *ref)
{
    static const char prefix[] = "#/$defs/";
    if (ref->type != RC_JSON_STRING || strncmp(ref->str, prefix, sizeof prefix - 1) != 0) {
        bad_schema(ref, "$ref: only \"#/$defs/NAME\" is understood");
        return NULL;
    }
    const struct rc_json *d = rc_json_get(rc_json_get(schema_root, "$defs"),
                                          ref->str + sizeof prefix - 1);
    if (d == NULL)
        bad_schema(ref, "$ref: no $defs/%s", ref->str + sizeof prefix - 1);
    return d;
}

static double num_of(const struct rc_json *k)
{
    if (k->type != RC_JSON_NUMBER) {
        bad_schema(k, "%s must be a number", k->key);
        return NAN;
    }
    return k->num;
}

static void check(const struct rc_json *v, const struct rc_json *s, char *ptr, size_t plen)
{
    if (schema_bad)
        return;
    if (s->type == RC_JSON_TRUE)
        return;
    if (s->type == RC_JSON_FALSE) {
        violation(v, ptr, "not allowed here");
        return;
    }
    if (s->type != RC_JSON_OBJECT) {
        bad_schema(s, "a schema must be an object or a boolean");
        return;
    }
    const struct rc_json *props = rc_json_get(s, "properties");
    for (size_t i = 0; i < s->n && !schema_bad; i++) {
        const struct rc_json *k = &s->kid[i];
        const char *kw = k->key;
        if (strcmp(kw, "$schema") == 0 || strcmp(kw, "$id") == 0 || strcmp(kw, "$defs") == 0 ||
            strcmp(kw, "$comment") == 0 || strcmp(kw, "title") == 0 ||
            strcmp(kw, "description") == 0 || strcmp(kw, "properties") == 0) {
            continue; /* annotations; properties below, with additionalProperties */
        } else if (strcmp(kw, "$ref") == 0) {
            const struct rc_json *d = resolve(k);
            if (d != NULL)
                check(v, d, ptr, plen);
        } else if (strcmp(kw, "type") == 0) {
            int ok = 0;
            if (k->type == RC_JSON_ARRAY) {
                for (size_t t = 0; t < k->n; t++)
                    ok |= type_is(v, &k->kid[t]);
            } else {
                ok = type_is(v, k);
            }
            if (!ok)
                violation(v, ptr, "a %s where the schema wants another type",
                          is_integer(v) ? "integer" : rc_json_type_name(v->type));
        } else if (strcmp(kw, "enum") == 0) {
            if (k->type != RC_JSON_ARRAY) {
                bad_schema(k, "enum must be an array");
                return;
            }
            int found = 0;
            for (size_t e = 0; e < k->n && !found; e++)
                found = json_equal(v, &k->kid[e]);
            if (!found)
                violation(v, ptr, "%s is none of the values enum allows",
                          v->type == RC_JSON_STRING ? v->str : rc_json_type_name(v->type));
        } else if (strcmp(kw, "const") == 0) {
            if (!json_equal(v, k))
                violation(v, ptr, "%s is not the value const wants",
                          v->type == RC_JSON_STRING ? v->str : rc_json_type_name(v->type));
        } else if (strcmp(kw, "required") == 0) {
            if (k->type != RC_JSON_ARRAY) {
                bad_schema(k, "required must be an array");
                return;
            }
            if (v->type != RC_JSON_OBJECT)
                continue;
            for (size_t r = 0; r < k->n; r++) {
                if (k->kid[r].type != RC_JSON_STRING) {
                    bad_schema(&k->kid[r], "required: names must be strings");
                    return;
                }
                if (rc_json_get(v, k->kid[r].str) == NULL)
                    violation(v, ptr, "no member \"%s\" (required)", k->kid[r].str);
            }
        } else if (strcmp(kw, "additionalProperties") == 0) {
            if (v->type != RC_JSON_OBJECT)
                continue;
            for (size_t m = 0; m < v->n; m++) {
                const struct rc_json *mv = &v->kid[m];
                if (props != NULL && rc_json_get(props, mv->key) != NULL)
                    continue;
                if (k->type == RC_JSON_FALSE)
                    violation(mv, ptr, "member \"%s\" is not in the schema", mv->key);
                else
                    check_at(mv, k, ptr, plen, mv->key, mv->keylen);
            }
        } else if (strcmp(kw, "items") == 0) {
            if (v->type != RC_JSON_ARRAY)
                continue;
            for (size_t e = 0; e < v->n; e++) {
                char idx[24];
                snprintf(idx, sizeof idx, "%zu", e);
                check_at(&v->kid[e], k, ptr, plen, idx, strlen(idx));
            }
        } else if (strcmp(kw, "minItems") == 0) {
            double m = num_of(k);
            if (v->type == RC_JSON_ARRAY && (double)v->n < m)
                violation(v, ptr, "fewer items than minItems");
        } else if (strcmp(kw, "minimum") == 0 || strcmp(kw, "maximum") == 0) {
            double m = num_of(k);
            if (v->type != RC_JSON_NUMBER)
                continue;
            int lo = kw[1] == 'i';
            /* integers exactly, as decimal texts (uint64 values exceed both
             * int64 and a double's precision) */
            int out;
            if (is_integer(v) && is_integer(k))
                out = lo ? int_text_cmp(v->str, k->str) < 0 : int_text_cmp(v->str, k->str) > 0;
            else
                out = lo ? v->num < m : v->num > m;
            if (out)
                violation(v, ptr, "%s is out of the schema's range", v->str);
        } else if (strcmp(kw, "minLength") == 0) {
            double m = num_of(k);
            if (v->type == RC_JSON_STRING && (double)v->len < m)
                violation(v, ptr, "\"%s\" is shorter than minLength", v->str);
        } else if (strcmp(kw, "pattern") == 0) {
            if (k->type != RC_JSON_STRING) {
                bad_schema(k, "pattern must be a string");
                return;
            }
            if (v->type != RC_JSON_STRING)
                continue;
            regex_t re;
            if (regcomp(&re, k->str, REG_EXTENDED | REG_NOSUB) != 0) {
                bad_schema(k, "pattern %s is not a POSIX extended regular expression", k->str);
                return;
            }
            if (strlen(v->str) != v->len || regexec(&re, v->str, 0, NULL, 0) != 0)
                violation(v, ptr, "\"%s\" does not match the schema's pattern", v->str);
            regfree(&re);
        } else {
            bad_schema(k, "keyword \"%s\" is not understood by this checker", kw);
            return;
        }
    }
    if (props != NULL && v->type == RC_JSON_OBJECT && !schema_bad) {
        if (props->type != RC_JSON_OBJECT) {
            bad_schema(props, "properties must be an object");
            return;
        }
        for (size_t p = 0; p < props->n; p++) {
            const struct rc_json *mv = rc_json_get(v, props->kid[p].key);
            if (mv != NULL)
                check_at(mv, &props->kid[p], ptr, plen, props->kid[p].key, props->kid[p].keylen);
        }
    }
}

/* Every keyword of every subschema known, before any document is checked
 * (a keyword in a part no document reaches must not pass unseen). */
static void lint(const struct rc_json *s)
{
    static const char *const known[] = {
        "$schema", "$id", "$defs", "$comment", "title", "description", "$ref", "type", "enum",
        "const", "properties", "required", "additionalProperties", "items", "minItems",
        "minimum", "maximum", "minLength", "pattern"};
    if (s->type == RC_JSON_TRUE || s->type == RC_JSON_FALSE)
        return;
    if (s->type != RC_JSON_OBJECT) {
        bad_schema(s, "a schema must be an object or a boolean");
        return;
    }
    for (size_t i = 0; i < s->n && !schema_bad; i++) {
        const struct rc_json *k = &s->kid[i];
        size_t w = 0;
        while (w < sizeof known / sizeof known[0] && strcmp(k->key, known[w]) != 0)
            w++;
        if (w == sizeof known / sizeof known[0]) {
            bad_schema(k, "keyword \"%s\" is not understood by this checker", k->key);
            return;
        }
        if (strcmp(k->key, "$defs") == 0 || strcmp(k->key, "properties") == 0) {
            if (k->type != RC_JSON_OBJECT) {
                bad_schema(k, "%s must be an object", k->key);
                return;
            }
            for (size_t m = 0; m < k->n; m++)
                lint(&k->kid[m]);
        } else if (strcmp(k->key, "additionalProperties") == 0 ||
                   strcmp(k->key, "items") == 0) {
            lint(k);
        } else if (strcmp(k->key, "$ref") == 0) {
            (void)resolve(k);
        }
    }
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: schemacheck SCHEMA.json DOC.json...\n");
        return 2;
    }
    char err[512];
    struct rc_json_doc schema;
    memset(&schema, 0, sizeof schema);
    if (rc_json_load(&schema, argv[1], NULL, err, sizeof err) != 0) {
        fprintf(stderr, "schemacheck: %s\n", err);
        return 2;
    }
    schema_root = &schema.root;
    schema_name = argv[1];
    lint(&schema.root);
    int status = schema_bad ? 2 : 0;
    for (int i = 2; i < argc && status != 2; i++) {
        struct rc_json_doc doc;
        memset(&doc, 0, sizeof doc);
        if (rc_json_load(&doc, argv[i], NULL, err, sizeof err) != 0) {
            fprintf(stderr, "schemacheck: %s\n", err);
            status = 2;
            break;
        }
        doc_name = argv[i];
        violations = 0;
        char ptr[PTR_MAX] = "";
        check(&doc.root, &schema.root, ptr, 0);
        if (schema_bad) {
            status = 2;
        } else if (violations != 0) {
            if (violations > MAX_SHOWN)
                printf("%s: %u more violations\n", doc_name, violations - MAX_SHOWN);
            status = 1;
        }
        rc_json_doc_free(&doc);
    }
    rc_json_doc_free(&schema);
    return status;
}
