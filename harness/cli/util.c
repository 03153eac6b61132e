/* SPDX-License-Identifier: Apache-2.0 */
/* Argument parsing and output helpers for the riocheck command. */
#include "cli.h"

#include <ctype.h>
#include <getopt.h>
#include <string.h>

#include "../core/hex.h"
#include "../report/text.h"

int cli_parse_uint(const char *s, uint64_t max, uint64_t *out, char *why,
                   size_t cap)
{
    unsigned base = 10;
    const char *p = s;
    if (s == NULL || *s == '\0') {
        snprintf(why, cap, "empty number");
        return -1;
    }
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        base = 16;
        p += 2;
    } else if (p[0] == '0' && (p[1] == 'b' || p[1] == 'B')) {
        base = 2;
        p += 2;
    }
    if (*p == '\0') {
        snprintf(why, cap, "'%s' has no digits", s);
        return -1;
    }
    uint64_t v = 0;
    unsigned ndigits = 0;
    for (; *p; p++) {
        unsigned d;
        unsigned char c = (unsigned char)*p;
        if (c == '_')
            continue; /* 0b1000_0001 */
        if (isdigit(c))
            d = (unsigned)(c - '0');
        else if (isxdigit(c))
            d = (unsigned)(tolower(c) - 'a' + 10);
        else
            d = 99;
        if (d >= base) {
            snprintf(why, cap, "'%s' is not a number (bad digit '%c')", s, c);
            return -1;
        }
        if (v > (UINT64_MAX - d) / base) {
            snprintf(why, cap, "'%s' is too large", s);
            return -1;
        }
        v = v * base + d;
        ndigits++;
    }
    if (ndigits == 0) {
        snprintf(why, cap, "'%s' has no digits", s);
        return -1;
    }
    if (v > max) {
        snprintf(why, cap, "%s is out of range (at most %llu)", s,
                 (unsigned long long)max);
        return -1;
    }
    *out = v;
    return 0;
}

int cli_parse_hex(uint8_t *dst, size_t cap, size_t *len, const char *s,
                  char *why, size_t why_cap)
{
    size_t n = 0, i = 0;
    int hi = -1;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        i = 2;
    for (; s[i]; i++) {
        int c = (unsigned char)s[i];
        if (c == ' ' || c == ':' || c == '_' || c == '-' || c == '\t') {
            if (hi >= 0) {
                snprintf(why, why_cap, "separator inside a byte at column %zu",
                         i + 1);
                return -1;
            }
            continue;
        }
        int v = rc_hex_digit(c);
        if (v < 0) {
            snprintf(why, why_cap, "invalid hex digit '%c' at column %zu",
                     isprint(c) ? c : '?', i + 1);
            return -1;
        }
        if (hi < 0) {
            hi = v;
            continue;
        }
        if (n >= cap) {
            snprintf(why, why_cap, "more than %zu bytes", cap);
            return -1;
        }
        dst[n++] = (uint8_t)((hi << 4) | v);
        hi = -1;
    }
    if (hi >= 0) {
        snprintf(why, why_cap, "odd number of hex digits");
        return -1;
    }
    if (n == 0) {
        snprintf(why, why_cap, "no hex digits");
        return -1;
    }
    *len = n;
    return 0;
}

void out_init(struct cli_out *o, FILE *f, int json)
{
    memset(o, 0, sizeof *o);
    o->f = f;
    o->json = json;
    if (json)
        fputc('{', f);
}

/* Start an item: comma, key (in objects), human indentation. */
static void item(struct cli_out *o, const char *name)
{
    if (o->json) {
        if (o->need_comma[o->depth])
            fputc(',', o->f);
        o->need_comma[o->depth] = 1;
        if (name != NULL && !o->in_array[o->depth]) {
            rc_esc_json_str(o->f, name, (size_t)-1);
            fputc(':', o->f);
        }
    } else {
        for (int i = 0; i < o->depth; i++)
            fputs("  ", o->f);
        if (name != NULL)
            fprintf(o->f, "%-18s ", name);
        else
            fputs("- ", o->f);
    }
}

void out_begin(struct cli_out *o, const char *name)
{
    item(o, name);
    if (o->json)
        fputc('{', o->f);
    else
        fputc('\n', o->f);
    if (o->depth < 7)
        o->depth++;
    o->need_comma[o->depth] = 0;
    o->in_array[o->depth] = 0;
}

void out_begin_array(struct cli_out *o, const char *name)
{
    item(o, name);
    if (o->json)
        fputc('[', o->f);
    else
        fputc('\n', o->f);
    if (o->depth < 7)
        o->depth++;
    o->need_comma[o->depth] = 0;
    o->in_array[o->depth] = 1;
}

void out_end(struct cli_out *o)
{
    if (o->json)
        fputc(o->in_array[o->depth] ? ']' : '}', o->f);
    if (o->depth > 0)
        o->depth--;
}

void out_finish(struct cli_out *o)
{
    while (o->depth > 0)
        out_end(o);
    if (o->json)
        fputs("}\n", o->f);
}

void out_uint(struct cli_out *o, const char *name, uint64_t v)
{
    item(o, name);
    fprintf(o->f, o->json ? "%llu" : "%llu\n", (unsigned long long)v);
}

void out_hexnum(struct cli_out *o, const char *name, uint64_t v, int digits)
{
    item(o, name);
    if (o->json)
        fprintf(o->f, "%llu", (unsigned long long)v);
    else
        fprintf(o->f, "0x%0*llX\n", digits, (unsigned long long)v);
}

void out_str(struct cli_out *o, const char *name, const char *s)
{
    item(o, name);
    if (o->json)
        rc_esc_json_str(o->f, s, (size_t)-1);
    else
        fprintf(o->f, "%s\n", s);
}

void out_bool(struct cli_out *o, const char *name, int v)
{
    item(o, name);
    fputs(o->json ? (v ? "true" : "false") : (v ? "yes\n" : "no\n"), o->f);
}

/* ---- options: getopt_long with riocheck's messages ------------------------ */

/* The long option a word "--name[=value]" names: the exact one, or the one
 * option it is a prefix of (getopt_long's abbreviations). NULL when none;
 * *ambiguous set when it is a prefix of several. */
static const struct option *long_named(const struct option *longopts, const char *word,
                                       int *ambiguous)
{
    const char *name = word + 2;
    size_t len = strcspn(name, "=");
    const struct option *hit = NULL;
    int n = 0;
    *ambiguous = 0;
    for (const struct option *o = longopts; o->name != NULL; o++) {
        if (strncmp(o->name, name, len) != 0)
            continue;
        if (o->name[len] == '\0')
            return o; /* exact */
        hit = o;
        n++;
    }
    *ambiguous = n > 1;
    return n == 1 ? hit : NULL;
}

/* "--a, --b, ..." of the options the abbreviation in word may mean. */
static void list_matches(char *dst, size_t cap, const struct option *longopts,
                         const char *word)
{
    const char *name = word + 2;
    size_t len = strcspn(name, "="), off = 0;
    dst[0] = '\0';
    for (const struct option *o = longopts; o->name != NULL && off < cap; o++)
        if (strncmp(o->name, name, len) == 0) {
            int w = snprintf(dst + off, cap - off, "%s--%s", off ? ", " : "", o->name);
            if (w < 0)
                break;
            off += (size_t)w;
        }
}

int cli_getopt(int argc, char **argv, const char *shortopts,
               const struct option *longopts, const char *cmd)
{
    int li = -1;
    opterr = 0; /* the messages are riocheck's own */
    int c = getopt_long(argc, argv, shortopts, longopts, &li);
    if (c == -1 || c == 1)
        return c;
    const char *word = optind > 0 && optind <= argc ? argv[optind - 1] : "";
    if (c == '?' || c == ':') {
        int amb = 0;
        const struct option *o = NULL;
        if (strncmp(word, "--", 2) == 0 && word[2] != '\0')
            o = long_named(longopts, word, &amb);
        if (o == NULL && !amb && optopt > 0 && optopt < 256 &&
            strncmp(word, "--", 2) != 0) {
            fprintf(stderr, "riocheck %s: option '-%c' %s (see riocheck %s --help)\n", cmd,
                    optopt, c == ':' ? "needs a value" : "is unknown", cmd);
        } else if (amb) {
            char list[512];
            list_matches(list, sizeof list, longopts, word);
            fprintf(stderr, "riocheck %s: option '%.*s' is ambiguous: %s\n", cmd,
                    (int)strcspn(word, "="), word, list);
        } else if (o == NULL) {
            fprintf(stderr, "riocheck %s: option '%.*s' is unknown (see riocheck %s "
                            "--help)\n", cmd, (int)strcspn(word, "="), word, cmd);
        } else if (c == ':') {
            fprintf(stderr, "riocheck %s: option '--%s' needs a value\n", cmd, o->name);
        } else {
            fprintf(stderr, "riocheck %s: option '--%s' takes no value ('%s')\n", cmd,
                    o->name, word);
        }
        return '?';
    }
    if (optarg != NULL && li >= 0 && longopts[li].has_arg == required_argument) {
        const char *name = longopts[li].name;
        if (optarg[0] == '\0') {
            fprintf(stderr, "riocheck %s: option '--%s' has an empty value\n", cmd, name);
            return '?';
        }
        /* "--out --json": a missing value, not a folder named --json */
        int amb;
        if (strncmp(optarg, "--", 2) == 0 && optarg[2] != '\0' &&
            long_named(longopts, optarg, &amb) != NULL) {
            fprintf(stderr, "riocheck %s: option '--%s' needs a value (got the option "
                            "'%s')\n", cmd, name, optarg);
            return '?';
        }
    }
    return c;
}
