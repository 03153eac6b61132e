/* export_schemacheck SCHEMA.json DOC.json - check a JSON document against a
 * JSON Schema, for export_test.sh (docs/export.schema.json). Only the subset
 * of JSON Schema 2020-12 that schema uses is understood: type (a name or an
 * array of names), properties, required, additionalProperties (false or a
 * schema), items, enum, const, minimum, maximum, $ref to "#/$defs/NAME";
 * $schema, $id, $defs, title and description are annotations. Any other
 * keyword is an error, so the checker never skips what it cannot check.
 * Integers are compared exactly, as decimal texts (uint64 values exceed a
 * double's precision). Prints every violation as "DOC:LINE:COL: what" (at
 * most 20) and exits 1; 0 when the document conforms; 2 on bad usage or an
 * unreadable or malformed file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../report/jsonin.h"

static const struct rc_json *g_root; /* the schema, for $ref */
static const char *g_doc;
static unsigned g_errors;

static void report(const struct rc_json *v, const char *path, const char *what)
{
    if (g_errors++ < 20)
        printf("%s:%u:%u: %s: %s\n", g_doc, v->line, v->col, path, what);
}

static int is_integer_text(const struct rc_json *v)
{
    if (v->type != RC_JSON_NUMBER)
        return 0;
    return strpbrk(v->str, ".eE") == NULL;
}

/* Compare two integer texts (-?digits, no leading zeros): <0, 0, >0. */
static int int_cmp(const char *a, const char *b)
{
    int na = a[0] == '-', nb = b[0] == '-';
    if (na != nb)
        return na ? -1 : 1;
    a += na, b += nb;
    size_t la = strlen(a), lb = strlen(b);
    int c = la != lb ? (la < lb ? -1 : 1) : strcmp(a, b);
    c = c < 0 ? -1 : c > 0;
    return na ? -c : c;
}

static int type_ok(const struct rc_json *v, const char *t)
{
    if (strcmp(t, "object") == 0)
        return v->type == RC_JSON_OBJECT;
    if (strcmp(t, "array") == 0)
        return v->type == RC_JSON_ARRAY;
    if (strcmp(t, "string") == 0)
        return v->type == RC_JSON_STRING;
    if (strcmp(t, "number") == 0)
        return v->type == RC_JSON_NUMBER;
    if (strcmp(t, "integer") == 0)
        return is_integer_text(v);
    if (strcmp(t, "boolean") == 0)
        return v->type == RC_JSON_TRUE || v->type == RC_JSON_FALSE;
    if (strcmp(t, "null") == 0)
        return v->type == RC_JSON_NULL;
    return -1;
}

/* Structural equality of two JSON values (enum, const). */
static int json_eq(const struct rc_json *a, const struct rc_json *b)
{
    if (a->type != b->type)
        return 0;
    switch (a->type) {
    case RC_JSON_NULL:
    case RC_JSON_TRUE:
    case RC_JSON_FALSE:
        return 1;
    case RC_JSON_NUMBER:
        if (is_integer_text(a) && is_integer_text(b))
            return int_cmp(a->str, b->str) == 0;
        return a->num == b->num;
    case RC_JSON_STRING:
        return a->len == b->len && memcmp(a->str, b->str, a->len) == 0;
    case RC_JSON_ARRAY:
        if (a->n != b->n)
            return 0;
        for (size_t i = 0; i < a->n; i++)
            if (!json_eq(&a->kid[i], &b->kid[i]))
                return 0;
        return 1;
    case RC_JSON_OBJECT:
        if (a->n != b->n)
            return 0;
        for (size_t i = 0; i < a->n; i++) {
            const struct rc_json *o = rc_json_get(b, a->kid[i].key);
            if (o == NULL || !json_eq(&a->kid[i], o))
                return 0;
        }
        return 1;
    }
    return 0;
}

static void check(const struct rc_json *s, const struct rc_json *v, const char *path,
                  unsigned depth);

static void check_kw(const struct rc_json *s, const struct rc_json *kw, const struct rc_json *v,
                     const char *path, unsigned depth)
{
    const char *k = kw->key;
    char sub[1024], msg[1200];
    if (strcmp(k, "$schema") == 0 || strcmp(k, "$id") == 0 || strcmp(k, "$defs") == 0 ||
        strcmp(k, "title") == 0 || strcmp(k, "description") == 0)
        return;
    if (strcmp(k, "$ref") == 0) {
        const char *pre = "#/$defs/";
        const struct rc_json *d = rc_json_get(rc_json_get(g_root, "$defs"),
                                              strncmp(kw->str, pre, 8) == 0 ? kw->str + 8 : "");
        if (d == NULL) {
            fprintf(stderr, "schema: unresolvable $ref %s\n", kw->str);
            exit(2);
        }
        check(d, v, path, depth + 1);
        return;
    }
    if (strcmp(k, "type") == 0) {
        int ok = 0;
        if (kw->type == RC_JSON_STRING) {
            ok = type_ok(v, kw->str);
        } else {
            for (size_t i = 0; i < kw->n && ok != 1; i++)
                ok = type_ok(v, kw->kid[i].str);
        }
        if (ok < 0) {
            fprintf(stderr, "schema: unknown type at %u:%u\n", kw->line, kw->col);
            exit(2);
        }
        if (!ok) {
            snprintf(msg, sizeof msg, "a %s where the schema (line %u) wants type %s",
                     rc_json_type_name(v->type), kw->line,
                     kw->type == RC_JSON_STRING ? kw->str : "(one of a list)");
            report(v, path, msg);
        }
        return;
    }
    if (strcmp(k, "properties") == 0) {
        if (v->type != RC_JSON_OBJECT)
            return;
        for (size_t i = 0; i < v->n; i++) {
            const struct rc_json *ps = rc_json_get(kw, v->kid[i].key);
            if (ps != NULL) {
                snprintf(sub, sizeof sub, "%s.%s", path, v->kid[i].key);
                check(ps, &v->kid[i], sub, depth + 1);
            }
        }
        return;
    }
    if (strcmp(k, "additionalProperties") == 0) {
        if (v->type != RC_JSON_OBJECT)
            return;
        const struct rc_json *props = rc_json_get(s, "properties");
        for (size_t i = 0; i < v->n; i++) {
            if (rc_json_get(props, v->kid[i].key) != NULL)
                continue;
            snprintf(sub, sizeof sub, "%s.%s", path, v->kid[i].key);
            if (kw->type == RC_JSON_FALSE)
                report(&v->kid[i], sub, "a member the schema does not allow");
            else if (kw->type == RC_JSON_OBJECT)
                check(kw, &v->kid[i], sub, depth + 1);
        }
        return;
    }
    if (strcmp(k, "required") == 0) {
        if (v->type != RC_JSON_OBJECT)
            return;
        for (size_t i = 0; i < kw->n; i++)
            if (rc_json_get(v, kw->kid[i].str) == NULL) {
                snprintf(msg, sizeof msg, "the required member '%s' is missing", kw->kid[i].str);
                report(v, path, msg);
            }
        return;
    }
    if (strcmp(k, "items") == 0) {
        if (v->type != RC_JSON_ARRAY)
            return;
        for (size_t i = 0; i < v->n; i++) {
            snprintf(sub, sizeof sub, "%s[%zu]", path, i);
            check(kw, &v->kid[i], sub, depth + 1);
        }
        return;
    }
    if (strcmp(k, "enum") == 0 || strcmp(k, "const") == 0) {
        int ok = 0;
        if (k[0] == 'c')
            ok = json_eq(kw, v);
        for (size_t i = 0; k[0] == 'e' && i < kw->n && !ok; i++)
            ok = json_eq(&kw->kid[i], v);
        if (!ok) {
            snprintf(msg, sizeof msg, "%s%s%s is not a value of the %s at schema line %u",
                     v->type == RC_JSON_STRING ? "'" : "",
                     v->str ? v->str : rc_json_type_name(v->type),
                     v->type == RC_JSON_STRING ? "'" : "", k, kw->line);
            report(v, path, msg);
        }
        return;
    }
    if (strcmp(k, "minimum") == 0 || strcmp(k, "maximum") == 0) {
        if (v->type != RC_JSON_NUMBER)
            return;
        int c = is_integer_text(v) && is_integer_text(kw) ? int_cmp(v->str, kw->str)
                : v->num < kw->num ? -1 : v->num > kw->num;
        if (k[1] == 'i' ? c < 0 : c > 0) {
            snprintf(msg, sizeof msg, "%s is %s the %s %s", v->str,
                     k[1] == 'i' ? "below" : "above", k, kw->str);
            report(v, path, msg);
        }
        return;
    }
    fprintf(stderr, "schema: keyword '%s' at %u:%u is not supported by this checker\n", k,
            kw->line, kw->col);
    exit(2);
}

static void check(const struct rc_json *s, const struct rc_json *v, const char *path,
                  unsigned depth)
{
    if (depth > 200) {
        fprintf(stderr, "schema: $ref nesting deeper than 200\n");
        exit(2);
    }
    if (s->type != RC_JSON_OBJECT) {
        fprintf(stderr, "schema: a schema at %u:%u is not an object\n", s->line, s->col);
        exit(2);
    }
    for (size_t i = 0; i < s->n; i++)
        check_kw(s, &s->kid[i], v, path, depth);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: export_schemacheck SCHEMA.json DOC.json\n");
        return 2;
    }
    struct rc_json_doc schema, doc;
    struct rc_jsonin_limits lim = {0, 0, (size_t)64 << 20};
    char err[600];
    memset(&schema, 0, sizeof schema);
    memset(&doc, 0, sizeof doc);
    if (rc_json_load(&schema, argv[1], NULL, err, sizeof err) != 0 ||
        rc_json_load(&doc, argv[2], &lim, err, sizeof err) != 0) {
        fprintf(stderr, "export_schemacheck: %s\n", err);
        rc_json_doc_free(&schema);
        return 2;
    }
    g_root = &schema.root;
    g_doc = argv[2];
    check(&schema.root, &doc.root, "$", 0);
    if (g_errors > 20)
        printf("%s: ... %u violations in all\n", g_doc, g_errors);
    rc_json_doc_free(&schema);
    rc_json_doc_free(&doc);
    return g_errors ? 1 : 0;
}
