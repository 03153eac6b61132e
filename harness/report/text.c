/* SPDX-License-Identifier: Apache-2.0 */
/* Escaping for every output format (contract: text.h). One decoder pass per
 * string; each character becomes either itself or one escape, chosen by
 * unit(), so that the stream and the buffer forms cannot disagree and a cut
 * buffer never holds half an escape. */
#include "text.h"

#include <string.h>

#include "report.h" /* rc_utf8_next, rc_strnlen */

/* Where the escaped bytes go: a stream, or a buffer that takes whole units
 * until the first one that does not fit (then nothing more). len counts
 * every byte of the whole escaped text either way. */
struct sink {
    FILE *f;
    char *dst;
    size_t cap, used, len;
    int full;
};

static void emit(struct sink *k, const char *p, size_t n)
{
    k->len += n;
    if (k->f != NULL) {
        fwrite(p, 1, n, k->f);
        return;
    }
    if (k->full || k->dst == NULL || k->cap == 0 || n >= k->cap - k->used) {
        k->full = 1;
        return;
    }
    memcpy(k->dst + k->used, p, n);
    k->used += n;
}

static const char hexd[] = "0123456789abcdef";

static size_t put_xhh(char *out, unsigned char b)
{
    out[0] = '\\', out[1] = 'x', out[2] = hexd[b >> 4], out[3] = hexd[b & 15u];
    return 4;
}

static size_t put_u4(char *out, unsigned long cp)
{
    out[0] = '\\', out[1] = 'u';
    for (int i = 0; i < 4; i++)
        out[2 + i] = hexd[(cp >> (12 - 4 * i)) & 15u];
    return 6;
}

static size_t put_lit(char *out, const char *lit)
{
    size_t n = strlen(lit);
    memcpy(out, lit, n);
    return n;
}

/* A character that would break a line or is a control: C0, DEL, C1, the
 * Unicode line and paragraph separators, the BOM (rejected by the vector
 * parser after the start of a file), or an invalid byte (cp < 0). */
static int line_unsafe(long cp)
{
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029 ||
           cp == 0xFEFF;
}

/* The escape of one character (cp, or -1 for the invalid byte b) in fmt,
 * written to out; 0 when the character is written as it is. RC_ESC_SH is
 * handled by sh_word(). */
static size_t unit(enum rc_esc fmt, long cp, unsigned char b, char out[16])
{
    switch (fmt) {
    case RC_ESC_TAP:
    case RC_ESC_LINE:
    case RC_ESC_TSV:
        if (cp == '\\' && fmt != RC_ESC_LINE)
            return put_lit(out, "\\\\");
        if (cp == '#' && fmt == RC_ESC_TAP)
            return put_lit(out, "\\#");
        if (!line_unsafe(cp))
            return 0;
        if (cp < 0)
            return put_xhh(out, b);
        if (cp == '\n')
            return put_lit(out, "\\n");
        if (cp == '\r')
            return put_lit(out, "\\r");
        if (cp == '\t')
            return put_lit(out, "\\t");
        if (cp < 0x80)
            return put_xhh(out, (unsigned char)cp);
        return put_u4(out, (unsigned long)cp);
    case RC_ESC_JSON:
        switch (cp) {
        case '"':
            return put_lit(out, "\\\"");
        case '\\':
            return put_lit(out, "\\\\");
        case '\b':
            return put_lit(out, "\\b");
        case '\f':
            return put_lit(out, "\\f");
        case '\n':
            return put_lit(out, "\\n");
        case '\r':
            return put_lit(out, "\\r");
        case '\t':
            return put_lit(out, "\\t");
        default:
            break;
        }
        if (cp < 0)
            return put_u4(out, 0xFFFDu);
        if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029)
            return put_u4(out, (unsigned long)cp);
        return 0;
    case RC_ESC_XML:
    case RC_ESC_XML_ATTR: {
        int attr = fmt == RC_ESC_XML_ATTR;
        switch (cp) {
        case '&':
            return put_lit(out, "&amp;");
        case '<':
            return put_lit(out, "&lt;");
        case '>':
            return put_lit(out, "&gt;");
        case '"':
            return attr ? put_lit(out, "&quot;") : 0;
        case '\'':
            return attr ? put_lit(out, "&apos;") : 0;
        case '\t':
            return attr ? put_lit(out, "&#9;") : 0;
        case '\n':
            return attr ? put_lit(out, "&#10;") : 0;
        case '\r':
            return put_lit(out, "&#13;");
        default:
            break;
        }
        if (cp < 0x20 || cp == 0xFFFE || cp == 0xFFFF) /* not XML 1.0 Chars */
            return put_lit(out, "\xEF\xBF\xBD");
        if (cp >= 0x7F && cp <= 0x9F) /* decimal, as &#9; &#10; &#13; */
            return (size_t)snprintf(out, 16, "&#%ld;", cp);
        return 0;
    }
    case RC_ESC_MD:
        if (cp < 0)
            return put_lit(out, "\xEF\xBF\xBD");
        if (line_unsafe(cp))
            return put_lit(out, " ");
        if (cp == '<')
            return put_lit(out, "&lt;");
        if (cp == '>')
            return put_lit(out, "&gt;");
        if (cp == '&')
            return put_lit(out, "&amp;");
        if (cp < 0x80 && strchr("\\`*_[]|~", (int)cp) != NULL && cp != 0) {
            out[0] = '\\', out[1] = (char)cp;
            return 2;
        }
        return 0;
    case RC_ESC_SH:
        break;
    }
    return 0;
}

static void run_units(struct sink *k, enum rc_esc fmt, const char *s, size_t len)
{
    char out[16];
    for (size_t i = 0; i < len;) {
        long cp;
        size_t n = rc_utf8_next(s + i, len - i, &cp);
        size_t u = unit(fmt, cp, (unsigned char)s[i], out);
        if (u != 0)
            emit(k, out, u);
        else
            emit(k, s + i, n);
        i += n;
    }
}

/* A shell word (text.h, RC_ESC_SH). */
static void sh_word(struct sink *k, const char *s, size_t len)
{
    int plain = len > 0, dollar = 0;
    for (size_t i = 0; i < len;) {
        long cp;
        size_t n = rc_utf8_next(s + i, len - i, &cp);
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              (c != '\0' && strchr("._/=:+,@%-", c) != NULL)))
            plain = 0;
        if (line_unsafe(cp))
            dollar = 1;
        i += n;
    }
    if (plain) {
        emit(k, s, len);
        return;
    }
    emit(k, dollar ? "$'" : "'", dollar ? 2 : 1);
    char out[16];
    for (size_t i = 0; i < len;) {
        long cp;
        size_t n = rc_utf8_next(s + i, len - i, &cp);
        if (!dollar) {
            if (cp == '\'')
                emit(k, "'\\''", 4);
            else
                emit(k, s + i, n);
        } else if (cp == '\\' || cp == '\'') {
            out[0] = '\\', out[1] = (char)cp;
            emit(k, out, 2);
        } else if (cp == '\n' || cp == '\r' || cp == '\t') {
            out[0] = '\\', out[1] = cp == '\n' ? 'n' : cp == '\r' ? 'r' : 't';
            emit(k, out, 2);
        } else if (line_unsafe(cp)) {
            for (size_t b = 0; b < n; b++)
                emit(k, out, put_xhh(out, (unsigned char)s[i + b]));
        } else {
            emit(k, s + i, n);
        }
        i += n;
    }
    emit(k, "'", 1);
}

static void escape(struct sink *k, enum rc_esc fmt, const char *s, size_t max)
{
    size_t len = rc_strnlen(s, max);
    if (fmt == RC_ESC_SH)
        sh_word(k, s ? s : "", len);
    else if (s != NULL && (unsigned)fmt < RC_ESC_COUNT)
        run_units(k, fmt, s, len);
}

size_t rc_esc_put(FILE *f, enum rc_esc fmt, const char *s, size_t max)
{
    struct sink k = {f, NULL, 0, 0, 0, 0};
    if (f == NULL)
        return 0;
    escape(&k, fmt, s, max);
    return k.len;
}

size_t rc_esc_str(char *dst, size_t cap, enum rc_esc fmt, const char *s, size_t max)
{
    struct sink k = {NULL, dst, cap, 0, 0, 0};
    if (fmt == RC_ESC_SH) {
        /* whole or nothing: measure first */
        struct sink m = {NULL, NULL, 0, 0, 0, 0};
        escape(&m, fmt, s, max);
        if (m.len >= cap) {
            if (dst != NULL && cap > 0)
                dst[0] = '\0';
            return m.len;
        }
    }
    escape(&k, fmt, s, max);
    if (dst != NULL && cap > 0)
        dst[k.used] = '\0';
    return k.len;
}

void rc_esc_json_str(FILE *f, const char *s, size_t max)
{
    if (s == NULL) {
        fputs("null", f);
        return;
    }
    fputc('"', f);
    rc_esc_put(f, RC_ESC_JSON, s, max);
    fputc('"', f);
}

void rc_esc_md_code(FILE *f, const char *s, size_t max, int in_table)
{
    size_t len = rc_strnlen(s, max), run = 0, longest = 0;
    if (f == NULL)
        return;
    if (len == 0) {
        fputc('-', f);
        return;
    }
    if (in_table && (memchr(s, '|', len) != NULL || memchr(s, '\\', len) != NULL)) {
        rc_esc_put(f, RC_ESC_MD, s, len);
        return;
    }
    for (size_t i = 0; i < len; i++) {
        run = s[i] == '`' ? run + 1 : 0;
        if (run > longest)
            longest = run;
    }
    for (size_t i = 0; i <= longest; i++)
        fputc('`', f);
    int pad = longest > 0 || s[0] == '`' || s[len - 1] == '`';
    if (pad)
        fputc(' ', f);
    for (size_t i = 0; i < len;) {
        long cp;
        size_t k = rc_utf8_next(s + i, len - i, &cp);
        if (cp < 0)
            fputs("\xEF\xBF\xBD", f);
        else if (line_unsafe(cp))
            fputc(' ', f);
        else
            fwrite(s + i, 1, k, f);
        i += k;
    }
    if (pad)
        fputc(' ', f);
    for (size_t i = 0; i <= longest; i++)
        fputc('`', f);
}
