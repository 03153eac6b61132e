/* SPDX-License-Identifier: Apache-2.0 */
/*
 * xmlcheck.c - an XML well-formedness checker for the hostile-device test
 * (issue 11: "results.xml well-formed"), so that the test needs no tool
 * beyond the compiler. Usage:
 *
 *     xmlcheck [-a ELEMENT ATTRIBUTE] FILE
 *
 * Exit status 0 when FILE is a well-formed XML 1.0 document of the kind
 * riocheck writes (no DTD): valid UTF-8, no byte order mark, only XML Char
 * code points anywhere (no control character but TAB, LF and CR, even as a
 * character reference); an optional XML declaration first; comments (no "--"
 * inside), processing instructions and CDATA sections; exactly one root
 * element; start and end tags that match; names made of name characters;
 * attribute values quoted, without '<', each attribute at most once per
 * element; references only to the five predefined entities or to legal
 * characters; no "]]>" in character data; nothing but comments, processing
 * instructions and white space outside the root. A DOCTYPE is refused (it
 * could define entities this checker does not expand). Otherwise status 1
 * and one line "FILE:LINE:COLUMN: what" on stderr; 2 for a usage or I/O error.
 *
 * -a ELEMENT ATTRIBUTE also prints, one per line, the value of ATTRIBUTE of
 * every ELEMENT, references decoded, with bytes below 0x20 and the backslash
 * written as \xNN: what the test compares with the other reports.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define XMLCHECK_ATTRS 256

struct xs {
    const unsigned char *s;
    size_t n, i;
    const char *file;
    const char *want_elem, *want_attr;
};

struct span {
    size_t at, len;
};

static int fail(const struct xs *x, const char *what)
{
    size_t line = 1, col = 1;
    for (size_t k = 0; k < x->i && k < x->n; k++) {
        if (x->s[k] == '\n') {
            line++;
            col = 1;
        } else {
            col++;
        }
    }
    fprintf(stderr, "%s:%zu:%zu: %s\n", x->file, line, col, what);
    return -1;
}

/* Decode one UTF-8 character at s[0..n): its length, *cp the code point;
 * 0 when the bytes are not valid UTF-8 (overlong, surrogate, > U+10FFFF). */
static size_t utf8_char(const unsigned char *s, size_t n, unsigned long *cp)
{
    if (n == 0)
        return 0;
    unsigned c = s[0];
    if (c < 0x80u) {
        *cp = c;
        return 1;
    }
    size_t len;
    unsigned long v;
    if (c >= 0xC2u && c <= 0xDFu) {
        len = 2;
        v = c & 0x1Fu;
    } else if (c >= 0xE0u && c <= 0xEFu) {
        len = 3;
        v = c & 0x0Fu;
    } else if (c >= 0xF0u && c <= 0xF4u) {
        len = 4;
        v = c & 0x07u;
    } else {
        return 0;
    }
    if (n < len)
        return 0;
    for (size_t k = 1; k < len; k++) {
        if ((s[k] & 0xC0u) != 0x80u)
            return 0;
        v = (v << 6) | (s[k] & 0x3Fu);
    }
    if ((len == 3 && v < 0x800u) || (len == 4 && v < 0x10000u) || v > 0x10FFFFu ||
        (v >= 0xD800u && v <= 0xDFFFu))
        return 0;
    *cp = v;
    return len;
}

/* XML 1.0 Char. */
static int is_char(unsigned long c)
{
    return c == 0x9u || c == 0xAu || c == 0xDu || (c >= 0x20u && c <= 0xD7FFu) ||
           (c >= 0xE000u && c <= 0xFFFDu) || (c >= 0x10000u && c <= 0x10FFFFu);
}

/* Every byte of the file is valid UTF-8 and a Char: checked once, first. */
static int check_chars(struct xs *x)
{
    for (x->i = 0; x->i < x->n;) {
        unsigned long cp;
        size_t len = utf8_char(x->s + x->i, x->n - x->i, &cp);
        if (len == 0)
            return fail(x, "invalid UTF-8");
        if (!is_char(cp))
            return fail(x, "a character XML 1.0 does not allow");
        x->i += len;
    }
    x->i = 0;
    return 0;
}

static int at(const struct xs *x, const char *lit)
{
    size_t len = strlen(lit);
    return x->n - x->i >= len && memcmp(x->s + x->i, lit, len) == 0;
}

static int is_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static void skip_space(struct xs *x)
{
    while (x->i < x->n && is_space(x->s[x->i]))
        x->i++;
}

/* Name: a start character (letter, '_', ':' or any non-ASCII), then name
 * characters (also digits, '-', '.'). Non-ASCII is accepted whole: the
 * characters riocheck writes in names are ASCII. */
static int name(struct xs *x, struct span *sp)
{
    sp->at = x->i;
    while (x->i < x->n) {
        unsigned char c = x->s[x->i];
        int start = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' ||
                    c >= 0x80u;
        int more = (c >= '0' && c <= '9') || c == '-' || c == '.';
        if (!(start || (more && x->i > sp->at)))
            break;
        x->i++;
    }
    sp->len = x->i - sp->at;
    return sp->len > 0 ? 0 : fail(x, "expected a name");
}

/* A reference after '&' (x->i at '&'); *cp its character (for printing). */
static int reference(struct xs *x, unsigned long *cp)
{
    static const struct {
        const char *name;
        unsigned long c;
    } ent[] = {{"amp;", '&'}, {"lt;", '<'}, {"gt;", '>'}, {"quot;", '"'}, {"apos;", '\''}};
    x->i++;
    if (x->i < x->n && x->s[x->i] == '#') {
        x->i++;
        int hex = x->i < x->n && x->s[x->i] == 'x';
        if (hex)
            x->i++;
        unsigned long v = 0;
        size_t nd = 0;
        for (; x->i < x->n && x->s[x->i] != ';'; x->i++, nd++) {
            unsigned char c = x->s[x->i];
            unsigned d;
            if (c >= '0' && c <= '9')
                d = (unsigned)(c - '0');
            else if (hex && c >= 'a' && c <= 'f')
                d = (unsigned)(c - 'a') + 10u;
            else if (hex && c >= 'A' && c <= 'F')
                d = (unsigned)(c - 'A') + 10u;
            else
                return fail(x, "bad character reference");
            v = v * (hex ? 16u : 10u) + d;
            if (v > 0x10FFFFu)
                return fail(x, "character reference out of range");
        }
        if (x->i >= x->n || nd == 0)
            return fail(x, "bad character reference");
        x->i++;
        if (!is_char(v))
            return fail(x, "character reference to a character XML 1.0 does not allow");
        *cp = v;
        return 0;
    }
    for (size_t k = 0; k < sizeof ent / sizeof ent[0]; k++)
        if (at(x, ent[k].name)) {
            x->i += strlen(ent[k].name);
            *cp = ent[k].c;
            return 0;
        }
    return fail(x, "reference to an undefined entity");
}

static void print_char(unsigned long c)
{
    if (c < 0x20u || c == '\\') {
        printf("\\x%02lX", c);
    } else if (c < 0x80u) {
        putchar((int)c);
    } else if (c < 0x800u) {
        putchar((int)(0xC0u | (c >> 6)));
        putchar((int)(0x80u | (c & 0x3Fu)));
    } else if (c < 0x10000u) {
        putchar((int)(0xE0u | (c >> 12)));
        putchar((int)(0x80u | ((c >> 6) & 0x3Fu)));
        putchar((int)(0x80u | (c & 0x3Fu)));
    } else {
        putchar((int)(0xF0u | (c >> 18)));
        putchar((int)(0x80u | ((c >> 12) & 0x3Fu)));
        putchar((int)(0x80u | ((c >> 6) & 0x3Fu)));
        putchar((int)(0x80u | (c & 0x3Fu)));
    }
}

/* An attribute value (x->i at the quote); printed when print is set. */
static int attr_value(struct xs *x, int print)
{
    unsigned char q = x->s[x->i];
    if (q != '"' && q != '\'')
        return fail(x, "attribute value not quoted");
    x->i++;
    for (;;) {
        if (x->i >= x->n)
            return fail(x, "unterminated attribute value");
        unsigned char c = x->s[x->i];
        if (c == q) {
            x->i++;
            if (print)
                putchar('\n');
            return 0;
        }
        if (c == '<')
            return fail(x, "'<' in an attribute value");
        unsigned long cp;
        if (c == '&') {
            if (reference(x, &cp) != 0)
                return -1;
        } else {
            x->i += utf8_char(x->s + x->i, x->n - x->i, &cp); /* valid: check_chars */
        }
        if (print)
            print_char(cp);
    }
}

static int same(const struct xs *x, struct span a, struct span b)
{
    return a.len == b.len && memcmp(x->s + a.at, x->s + b.at, a.len) == 0;
}

static int matches(const struct xs *x, struct span a, const char *lit)
{
    return lit != NULL && a.len == strlen(lit) && memcmp(x->s + a.at, lit, a.len) == 0;
}

/* A start tag after '<' (x->i at the name); *empty for "/>". */
static int start_tag(struct xs *x, struct span *elem, int *empty)
{
    struct span attrs[XMLCHECK_ATTRS];
    size_t nattrs = 0;
    if (name(x, elem) != 0)
        return -1;
    for (;;) {
        size_t before = x->i;
        skip_space(x);
        if (x->i >= x->n)
            return fail(x, "unterminated start tag");
        if (at(x, "/>")) {
            x->i += 2;
            *empty = 1;
            return 0;
        }
        if (x->s[x->i] == '>') {
            x->i++;
            *empty = 0;
            return 0;
        }
        if (x->i == before)
            return fail(x, "expected white space before an attribute");
        struct span an;
        if (name(x, &an) != 0)
            return -1;
        for (size_t k = 0; k < nattrs; k++)
            if (same(x, attrs[k], an))
                return fail(x, "attribute given twice");
        if (nattrs == XMLCHECK_ATTRS)
            return fail(x, "too many attributes");
        attrs[nattrs++] = an;
        skip_space(x);
        if (x->i >= x->n || x->s[x->i] != '=')
            return fail(x, "expected '=' after an attribute name");
        x->i++;
        skip_space(x);
        if (x->i >= x->n)
            return fail(x, "unterminated start tag");
        if (attr_value(x, matches(x, *elem, x->want_elem) && matches(x, an, x->want_attr)) != 0)
            return -1;
    }
}

/* Comment, PI, CDATA: x->i at "<!--", "<?" or "<![CDATA[". */
static int comment(struct xs *x)
{
    x->i += 4;
    for (; x->i < x->n; x->i++)
        if (at(x, "--")) {
            if (!at(x, "-->"))
                return fail(x, "'--' inside a comment");
            x->i += 3;
            return 0;
        }
    return fail(x, "unterminated comment");
}

static int pi(struct xs *x)
{
    x->i += 2;
    struct span target;
    if (name(x, &target) != 0)
        return -1;
    if (target.len == 3 && (x->s[target.at] | 0x20) == 'x' && (x->s[target.at + 1] | 0x20) == 'm' &&
        (x->s[target.at + 2] | 0x20) == 'l')
        return fail(x, "an XML declaration that is not at the very start");
    for (; x->i < x->n; x->i++)
        if (at(x, "?>")) {
            x->i += 2;
            return 0;
        }
    return fail(x, "unterminated processing instruction");
}

static int cdata(struct xs *x)
{
    x->i += 9;
    for (; x->i < x->n; x->i++)
        if (at(x, "]]>")) {
            x->i += 3;
            return 0;
        }
    return fail(x, "unterminated CDATA section");
}

static int document(struct xs *x)
{
    struct span *stack = NULL;
    size_t depth = 0, cap = 0;
    int roots = 0, rc = -1;
    if (at(x, "<?xml") && x->n - x->i > 5 && is_space(x->s[x->i + 5])) {
        for (; x->i < x->n && !at(x, "?>"); x->i++) {
        }
        if (x->i >= x->n)
            return fail(x, "unterminated XML declaration");
        x->i += 2;
    }
    while (x->i < x->n) {
        unsigned char c = x->s[x->i];
        if (c == '<') {
            if (at(x, "<!--")) {
                if (comment(x) != 0)
                    goto out;
            } else if (at(x, "<?")) {
                if (pi(x) != 0)
                    goto out;
            } else if (at(x, "<![CDATA[")) {
                if (depth == 0) {
                    fail(x, "CDATA outside the root element");
                    goto out;
                }
                if (cdata(x) != 0)
                    goto out;
            } else if (at(x, "<!")) {
                fail(x, "DOCTYPE or other declaration (not supported)");
                goto out;
            } else if (at(x, "</")) {
                x->i += 2;
                struct span end;
                if (name(x, &end) != 0)
                    goto out;
                skip_space(x);
                if (x->i >= x->n || x->s[x->i] != '>') {
                    fail(x, "expected '>' to close an end tag");
                    goto out;
                }
                x->i++;
                if (depth == 0 || !same(x, stack[depth - 1], end)) {
                    fail(x, "end tag does not match the open element");
                    goto out;
                }
                depth--;
            } else {
                x->i++;
                if (depth == 0 && roots++ > 0) {
                    fail(x, "a second root element");
                    goto out;
                }
                struct span elem;
                int empty;
                if (start_tag(x, &elem, &empty) != 0)
                    goto out;
                if (!empty) {
                    if (depth == cap) {
                        cap = cap ? cap * 2 : 64;
                        struct span *grown = realloc(stack, cap * sizeof *stack);
                        if (grown == NULL) {
                            fail(x, "out of memory");
                            goto out;
                        }
                        stack = grown;
                    }
                    stack[depth++] = elem;
                }
            }
        } else if (depth == 0) {
            if (!is_space(c)) {
                fail(x, "text outside the root element");
                goto out;
            }
            x->i++;
        } else if (c == '&') {
            unsigned long cp;
            if (reference(x, &cp) != 0)
                goto out;
        } else if (at(x, "]]>")) {
            fail(x, "']]>' in character data");
            goto out;
        } else {
            x->i++;
        }
    }
    if (depth != 0)
        fail(x, "the file ends inside an element");
    else if (roots == 0)
        fail(x, "no root element");
    else
        rc = 0;
out:
    free(stack);
    return rc;
}

int main(int argc, char **argv)
{
    struct xs x;
    memset(&x, 0, sizeof x);
    int a = 1;
    if (argc == 5 && strcmp(argv[1], "-a") == 0) {
        x.want_elem = argv[2];
        x.want_attr = argv[3];
        a = 4;
    }
    if (a != argc - 1) {
        fprintf(stderr, "usage: xmlcheck [-a ELEMENT ATTRIBUTE] FILE\n");
        return 2;
    }
    x.file = argv[a];
    FILE *f = fopen(x.file, "rb");
    if (f == NULL) {
        perror(x.file);
        return 2;
    }
    unsigned char *buf = NULL;
    size_t cap = 0, got;
    do {
        if (x.n == cap) {
            cap = cap ? cap * 2 : 65536;
            unsigned char *grown = realloc(buf, cap);
            if (grown == NULL) {
                fprintf(stderr, "%s: out of memory\n", x.file);
                free(buf);
                fclose(f);
                return 2;
            }
            buf = grown;
        }
        got = fread(buf + x.n, 1, cap - x.n, f);
        x.n += got;
    } while (got > 0);
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        fprintf(stderr, "%s: read error\n", x.file);
        free(buf);
        return 2;
    }
    x.s = buf;
    int rc = 0;
    if (x.n >= 3 && buf[0] == 0xEFu && buf[1] == 0xBBu && buf[2] == 0xBFu)
        rc = fail(&x, "byte order mark");
    if (rc == 0)
        rc = check_chars(&x);
    if (rc == 0)
        rc = document(&x);
    free(buf);
    return rc == 0 ? 0 : 1;
}
