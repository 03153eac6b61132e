/* SPDX-License-Identifier: Apache-2.0 */
/*
 * harness/mutation/mutate.c - riocheck-mutate: the mutation sites of one C
 * source file, and the source of one mutant (issue 12, `make mutation`;
 * harness/mutation/README.md).
 *
 *   riocheck-mutate --list FILE [--sample N --seed S]
 *   riocheck-mutate --apply FILE ID
 *
 * A small C tokenizer (comments, string and character literals and
 * preprocessor lines are skipped, never mutated) finds these sites:
 *   rel    < <= > >= : the boundary swap (< to <=) and the negation (< to >=)
 *   eq     == to !=, != to ==
 *   arith  binary + to -, - to +; += to -=, -= to +=; ++ to --, -- to ++
 *   bit    binary & to |, | to &, ^ to |; &= |= ^= likewise
 *   shift  << to >>, >> to <<; <<= to >>=, >>= to <<=
 *   logic  && to ||, || to &&
 *   const  an integer literal n to n+1 (same base and suffix), and to 0
 *          (1 when n is 0); not inside _Static_assert nor in the size of
 *          an array declarator (`T name[8]`)
 *   stmt   an expression statement of a function body (an assignment, a
 *          call, ++/--) replaced by the empty statement `;`
 *   ret    `return E;` to `return 0;` and, unless the function returns
 *          bool, to `return -(E);` (E not a lone integer literal: const
 *          covers those); `return RIO_OK;` (NULL, false: zero already) to
 *          `return -1;` only
 *   cond   `if (c)` to `if (!(c))`
 * A site is ID (1, 2, ... in source order), LINE and COL (1-based, of the
 * replaced text), KIND, BEFORE and AFTER (the replaced text and its
 * replacement, blanks collapsed, at most 72 characters) and FUNCTION: the
 * name of the function whose body holds the site (the identifier before the
 * parameter list of the top-level `{`), `-` outside any (an initializer) or
 * when that is no identifier (a declarator such as `(*f(void))(int) {`).
 * --list prints one site a line, tab-separated in that order, after a `#`
 * header line;
 * --sample N --seed S lists N sites drawn with a seeded generator
 * (deterministic: the same file, N and S give the same sites), in ID order.
 * --apply prints the source with site ID replaced, byte for byte the rest.
 *
 * A swapped operator gets a blank on a side where it would merge with the
 * neighbouring punctuator (a-+b becomes a+ +b, not a++b).
 * Input errors (unterminated comment or literal, a byte that is no C token,
 * a NUL byte anywhere, a file too large) are reported as FILE:LINE:COL:
 * what, exit 1; usage errors exit 2. Unbalanced brackets are not errors (a conditional
 * block may open a brace twice): a site needing its bracket is not made.
 *
 * The fuzz target fuzz/mutate.c includes this file with MUTATE_NO_MAIN.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MUT_MAX_INPUT (16u * 1024u * 1024u)
#define MUT_SHOW_MAX 72u

enum mut_tok_kind { MT_IDENT, MT_NUM, MT_STR, MT_CHR, MT_PUNCT };

struct mut_tok {
    enum mut_tok_kind kind;
    size_t off, len;
    unsigned line, col;
    size_t match; /* matching bracket's index, or SIZE_MAX */
};

struct mut_site {
    size_t start, len;   /* replaced bytes of the source */
    char *repl;          /* their replacement */
    const char *kind;
    unsigned line, col;
    char *before, *after; /* shown forms */
    size_t fn_off, fn_len; /* name of the enclosing function (fn_len 0: none) */
};

struct mut_file {
    const char *src;
    size_t n;
    struct mut_tok *tok;
    size_t ntok, captok;
    struct mut_site *site;
    size_t nsite, capsite;
    char err[256];
    int oom;
    size_t skip_end; /* no site starts before this offset (_Static_assert) */
    size_t pos_off;           /* mut_pos_at: the last position computed */
    unsigned pos_line, pos_col;
    size_t fn_off, fn_len;    /* the function whose body is being walked */
    size_t fn_end;            /* the token closing its body (its match; SIZE_MAX: none) */
};

/* ---- tokenizer --------------------------------------------------------- */

static int mut_is_ident0(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int mut_is_ident(unsigned char c)
{
    return mut_is_ident0(c) || (c >= '0' && c <= '9');
}

static int mut_is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

static int mut_is_blank(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* position of offset o: line and column (1-based, bytes) */
static void mut_pos(const struct mut_file *f, size_t o, unsigned *line, unsigned *col)
{
    unsigned l = 1, c = 1;
    for (size_t i = 0; i < o && i < f->n; i++) {
        if (f->src[i] == '\n') {
            l++;
            c = 1;
        } else {
            c++;
        }
    }
    *line = l;
    *col = c;
}

/* mut_pos from the last position asked for when o is not before it: sites
 * come mostly in order, so finding them all stays linear in the input */
static void mut_pos_at(struct mut_file *f, size_t o, unsigned *line, unsigned *col)
{
    if (f->pos_line == 0 || o < f->pos_off) {
        f->pos_off = 0;
        f->pos_line = 1;
        f->pos_col = 1;
    }
    for (size_t i = f->pos_off; i < o && i < f->n; i++) {
        if (f->src[i] == '\n') {
            f->pos_line++;
            f->pos_col = 1;
        } else {
            f->pos_col++;
        }
    }
    f->pos_off = o;
    *line = f->pos_line;
    *col = f->pos_col;
}

static int mut_error(struct mut_file *f, size_t o, const char *what)
{
    unsigned l, c;
    mut_pos(f, o, &l, &c);
    (void)snprintf(f->err, sizeof f->err, "%u:%u: %s", l, c, what);
    return -1;
}

static int mut_push_tok(struct mut_file *f, enum mut_tok_kind k, size_t off, size_t len,
                        unsigned line, unsigned col)
{
    if (f->ntok == f->captok) {
        size_t cap = f->captok ? f->captok * 2u : 256u;
        struct mut_tok *t = realloc(f->tok, cap * sizeof *t);
        if (t == NULL) {
            f->oom = 1;
            (void)snprintf(f->err, sizeof f->err, "out of memory");
            return -1;
        }
        f->tok = t;
        f->captok = cap;
    }
    f->tok[f->ntok].kind = k;
    f->tok[f->ntok].off = off;
    f->tok[f->ntok].len = len;
    f->tok[f->ntok].line = line;
    f->tok[f->ntok].col = col;
    f->tok[f->ntok].match = SIZE_MAX;
    f->ntok++;
    return 0;
}

/* the end of a quoted literal starting at o (the quote): the offset after
 * the closing quote, or 0 when the line or the file ends first */
static size_t mut_quoted_end(const struct mut_file *f, size_t o)
{
    char q = f->src[o];
    size_t i = o + 1;
    while (i < f->n) {
        char c = f->src[i];
        if (c == '\\') {
            if (i + 1 < f->n && f->src[i + 1] == '\r' && i + 2 < f->n && f->src[i + 2] == '\n')
                i += 3;
            else
                i += 2;
            continue;
        }
        if (c == '\n')
            return 0;
        if (c == q)
            return i + 1;
        i++;
    }
    return 0;
}

/* skips a preprocessor directive from o (the '#'): returns the offset of
 * the newline that ends it (or n), or SIZE_MAX on an unterminated comment
 * (the error set). Quotes in a directive may be unbalanced (#error don't). */
static size_t mut_skip_directive(struct mut_file *f, size_t o)
{
    size_t i = o;
    while (i < f->n) {
        char c = f->src[i];
        if (c == '\n')
            return i;
        if (c == '\\' && i + 1 < f->n && (f->src[i + 1] == '\n' || f->src[i + 1] == '\r')) {
            i += (f->src[i + 1] == '\r' && i + 2 < f->n && f->src[i + 2] == '\n') ? 3u : 2u;
            continue;
        }
        if (c == '/' && i + 1 < f->n && f->src[i + 1] == '*') {
            size_t j = i + 2;
            while (j + 1 < f->n && !(f->src[j] == '*' && f->src[j + 1] == '/'))
                j++;
            if (j + 1 >= f->n) {
                (void)mut_error(f, i, "unterminated comment");
                return SIZE_MAX;
            }
            i = j + 2;
            continue;
        }
        if (c == '/' && i + 1 < f->n && f->src[i + 1] == '/') {
            while (i < f->n && f->src[i] != '\n')
                i++;
            return i;
        }
        if (c == '"' || c == '\'') {
            size_t e = mut_quoted_end(f, i);
            if (e == 0) { /* to the end of the line */
                while (i < f->n && f->src[i] != '\n')
                    i++;
                return i;
            }
            i = e;
            continue;
        }
        i++;
    }
    return i;
}

static const char *const mut_puncts[] = {
    ">>=", "<<=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&",
    "||", "+=", "-=", "*=", "/=", "%=", "&=", "^=", "|=", "##",
};

static int mut_tokenize(struct mut_file *f)
{
    size_t i = 0;
    unsigned line = 1, col = 1;
    int line_start = 1;
    if (f->n > MUT_MAX_INPUT) {
        (void)snprintf(f->err, sizeof f->err, "1:1: file too large (over %u bytes)", MUT_MAX_INPUT);
        return -1;
    }
    {
        /* anywhere, comments included: replacements are C strings */
        const char *z = memchr(f->src, '\0', f->n);
        if (z != NULL)
            return mut_error(f, (size_t)(z - f->src), "NUL byte");
    }
    while (i < f->n) {
        unsigned char c = (unsigned char)f->src[i];
        size_t start = i;
        if (c == '\n') {
            i++;
            line++;
            col = 1;
            line_start = 1;
            continue;
        }
        if (mut_is_blank(c)) {
            i++;
            col++;
            continue;
        }
        if (c == '\\' && i + 1 < f->n && (f->src[i + 1] == '\n' || f->src[i + 1] == '\r')) {
            /* a line splice between tokens */
            i += (f->src[i + 1] == '\r' && i + 2 < f->n && f->src[i + 2] == '\n') ? 3u : 2u;
            line++;
            col = 1;
            continue;
        }
        if (c == '/' && i + 1 < f->n && f->src[i + 1] == '*') {
            size_t j = i + 2;
            while (j + 1 < f->n && !(f->src[j] == '*' && f->src[j + 1] == '/'))
                j++;
            if (j + 1 >= f->n)
                return mut_error(f, i, "unterminated comment");
            for (size_t k = i; k < j + 2; k++) {
                if (f->src[k] == '\n') {
                    line++;
                    col = 1;
                } else {
                    col++;
                }
            }
            i = j + 2;
            continue;
        }
        if (c == '/' && i + 1 < f->n && f->src[i + 1] == '/') {
            while (i < f->n && f->src[i] != '\n')
                i++;
            continue;
        }
        if (c == '#' && line_start) {
            size_t e = mut_skip_directive(f, i);
            if (e == SIZE_MAX)
                return -1;
            for (size_t k = i; k < e; k++) {
                if (f->src[k] == '\n') {
                    line++;
                    col = 1;
                } else {
                    col++;
                }
            }
            i = e;
            continue;
        }
        line_start = 0;
        if (mut_is_ident0(c)) {
            while (i < f->n && mut_is_ident((unsigned char)f->src[i]))
                i++;
            /* encoding prefixes of literals: L u U u8 */
            size_t len = i - start;
            if (i < f->n && (f->src[i] == '"' || f->src[i] == '\'') &&
                ((len == 1 && strchr("LuU", f->src[start]) != NULL) ||
                 (len == 2 && f->src[start] == 'u' && f->src[start + 1] == '8'))) {
                size_t e = mut_quoted_end(f, i);
                if (e == 0)
                    return mut_error(f, start, f->src[i] == '"' ? "unterminated string literal"
                                                                : "unterminated character literal");
                if (mut_push_tok(f, f->src[i] == '"' ? MT_STR : MT_CHR, start, e - start, line, col) != 0)
                    return -1;
                col += (unsigned)(e - start);
                i = e;
                continue;
            }
            if (mut_push_tok(f, MT_IDENT, start, len, line, col) != 0)
                return -1;
            col += (unsigned)len;
            continue;
        }
        if (mut_is_digit(c) || (c == '.' && i + 1 < f->n && mut_is_digit((unsigned char)f->src[i + 1]))) {
            /* a preprocessing number */
            i++;
            while (i < f->n) {
                unsigned char d = (unsigned char)f->src[i];
                if ((d == '+' || d == '-') && strchr("eEpP", f->src[i - 1]) != NULL)
                    i++;
                else if (mut_is_ident(d) || d == '.')
                    i++;
                else
                    break;
            }
            if (mut_push_tok(f, MT_NUM, start, i - start, line, col) != 0)
                return -1;
            col += (unsigned)(i - start);
            continue;
        }
        if (c == '"' || c == '\'') {
            size_t e = mut_quoted_end(f, i);
            if (e == 0)
                return mut_error(f, i, c == '"' ? "unterminated string literal"
                                                : "unterminated character literal");
            if (mut_push_tok(f, c == '"' ? MT_STR : MT_CHR, start, e - start, line, col) != 0)
                return -1;
            for (size_t k = start; k < e; k++) {
                if (f->src[k] == '\n') { /* a splice inside the literal */
                    line++;
                    col = 1;
                } else {
                    col++;
                }
            }
            i = e;
            continue;
        }
        {
            size_t len = 0;
            for (size_t p = 0; p < sizeof mut_puncts / sizeof mut_puncts[0]; p++) {
                size_t pl = strlen(mut_puncts[p]);
                if (pl <= f->n - i && memcmp(f->src + i, mut_puncts[p], pl) == 0) {
                    len = pl;
                    break;
                }
            }
            if (len == 0 && strchr("[](){}.&*+-~!/%<>^|?:;=,#", (int)c) != NULL)
                len = 1;
            if (len == 0) {
                char what[64];
                (void)snprintf(what, sizeof what, "byte 0x%02x is no C token", (unsigned)c);
                return mut_error(f, i, what);
            }
            if (mut_push_tok(f, MT_PUNCT, start, len, line, col) != 0)
                return -1;
            col += (unsigned)len;
            i += len;
        }
    }
    return 0;
}

/* matching brackets: ( [ { with ) ] }; a mismatch leaves both unmatched */
static int mut_match(struct mut_file *f)
{
    size_t *stack = malloc((f->ntok + 1u) * sizeof *stack);
    size_t sp = 0;
    if (stack == NULL) {
        f->oom = 1;
        (void)snprintf(f->err, sizeof f->err, "out of memory");
        return -1;
    }
    for (size_t t = 0; t < f->ntok; t++) {
        const struct mut_tok *k = &f->tok[t];
        if (k->kind != MT_PUNCT || k->len != 1)
            continue;
        char c = f->src[k->off];
        if (c == '(' || c == '[' || c == '{') {
            stack[sp++] = t;
        } else if (c == ')' || c == ']' || c == '}') {
            char want = c == ')' ? '(' : c == ']' ? '[' : '{';
            /* the innermost open bracket of this kind closes; others
             * opened after it stay unmatched */
            size_t s = sp;
            while (s > 0 && f->src[f->tok[stack[s - 1]].off] != want)
                s--;
            if (s == 0)
                continue;
            f->tok[t].match = stack[s - 1];
            f->tok[stack[s - 1]].match = t;
            sp = s - 1;
        }
    }
    free(stack);
    return 0;
}

/* ---- sites ------------------------------------------------------------- */

static int mut_tok_is(const struct mut_file *f, size_t t, const char *s)
{
    size_t l = strlen(s);
    return t < f->ntok && f->tok[t].len == l && memcmp(f->src + f->tok[t].off, s, l) == 0 &&
           (f->tok[t].kind == MT_PUNCT || f->tok[t].kind == MT_IDENT);
}

static const char *const mut_keywords[] = {
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else",
    "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register",
    "restrict", "return", "short", "signed", "sizeof", "static", "struct", "switch",
    "typedef", "union", "unsigned", "void", "volatile", "while", "_Alignas", "_Alignof",
    "_Atomic", "_Bool", "_Complex", "_Generic", "_Imaginary", "_Noreturn",
    "_Static_assert", "_Thread_local", "bool",
};

static int mut_is_keyword(const struct mut_file *f, size_t t)
{
    if (t >= f->ntok || f->tok[t].kind != MT_IDENT)
        return 0;
    for (size_t k = 0; k < sizeof mut_keywords / sizeof mut_keywords[0]; k++)
        if (mut_tok_is(f, t, mut_keywords[k]))
            return 1;
    return 0;
}

/* token t ends an operand: a binary operator may follow it */
static int mut_ends_operand(const struct mut_file *f, size_t t)
{
    const struct mut_tok *k = &f->tok[t];
    switch (k->kind) {
    case MT_IDENT:
        return !mut_is_keyword(f, t);
    case MT_NUM:
    case MT_STR:
    case MT_CHR:
        return 1;
    case MT_PUNCT:
        return mut_tok_is(f, t, ")") || mut_tok_is(f, t, "]");
    }
    return 0;
}

/* shown form of bytes: blanks collapsed to one space, control bytes as '?',
 * at most MUT_SHOW_MAX characters (then "...") */
static char *mut_show(const char *p, size_t n)
{
    char *s = malloc(MUT_SHOW_MAX + 4u);
    size_t o = 0;
    int blank = 0;
    if (s == NULL)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)p[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
            blank = 1;
            continue;
        }
        if (blank && o > 0) {
            if (o >= MUT_SHOW_MAX)
                break;
            s[o++] = ' ';
        }
        blank = 0;
        if (o >= MUT_SHOW_MAX) {
            o = MUT_SHOW_MAX;
            memcpy(s + o, "...", 3);
            o += 3;
            s[o] = '\0';
            return s;
        }
        s[o++] = (c < 0x20u || c == 0x7fu) ? '?' : (char)c;
    }
    if (o >= MUT_SHOW_MAX && o < n) {
        memcpy(s + o, "...", 3);
        o += 3;
    }
    s[o] = '\0';
    return s;
}

static char *mut_strndup(const char *p, size_t n)
{
    char *s = malloc(n + 1u);
    if (s != NULL) {
        memcpy(s, p, n);
        s[n] = '\0';
    }
    return s;
}

/* concatenation of up to three byte ranges */
static char *mut_cat3(const char *a, size_t na, const char *b, size_t nb, const char *c, size_t nc)
{
    char *s = malloc(na + nb + nc + 1u);
    if (s != NULL) {
        memcpy(s, a, na);
        memcpy(s + na, b, nb);
        memcpy(s + na + nb, c, nc);
        s[na + nb + nc] = '\0';
    }
    return s;
}

/* adds a site replacing [start, start+len) by repl (taken over), shown as
 * before/after (taken over) */
static int mut_add(struct mut_file *f, const char *kind, size_t start, size_t len, char *repl,
                   char *before, char *after)
{
    if (repl == NULL || before == NULL || after == NULL)
        goto oom;
    /* composed forms (if (!(c)), return -(E);) are cut like the rest */
    if (strlen(before) > MUT_SHOW_MAX + 3u)
        memcpy(before + MUT_SHOW_MAX, "...", 4);
    if (strlen(after) > MUT_SHOW_MAX + 3u)
        memcpy(after + MUT_SHOW_MAX, "...", 4);
    if (start < f->skip_end) { /* would only fail to compile */
        free(repl);
        free(before);
        free(after);
        return 0;
    }
    if (f->nsite == f->capsite) {
        size_t cap = f->capsite ? f->capsite * 2u : 64u;
        struct mut_site *s = realloc(f->site, cap * sizeof *s);
        if (s == NULL)
            goto oom;
        f->site = s;
        f->capsite = cap;
    }
    {
        struct mut_site *s = &f->site[f->nsite++];
        s->start = start;
        s->len = len;
        s->repl = repl;
        s->kind = kind;
        mut_pos_at(f, start, &s->line, &s->col);
        s->before = before;
        s->after = after;
        s->fn_off = f->fn_off;
        s->fn_len = f->fn_len;
    }
    return 0;
oom:
    free(repl);
    free(before);
    free(after);
    f->oom = 1;
    (void)snprintf(f->err, sizeof f->err, "out of memory");
    return -1;
}

/* a token replaced by a fixed operator; a blank on the side where it would
 * merge with the neighbouring punctuator into another one (a-+b: a++b) */
static int mut_add_tok(struct mut_file *f, const char *kind, size_t t, const char *to)
{
    const struct mut_tok *k = &f->tok[t];
    static const char merge[] = "+-&|<>=";
    size_t e = k->off + k->len;
    int pre = k->off > 0 && f->src[k->off - 1] != '\0' && strchr(merge, f->src[k->off - 1]) != NULL;
    int post = e < f->n && f->src[e] != '\0' && strchr(merge, f->src[e]) != NULL;
    return mut_add(f, kind, k->off, k->len,
                   mut_cat3(" ", pre ? 1u : 0u, to, strlen(to), " ", post ? 1u : 0u),
                   mut_show(f->src + k->off, k->len), mut_strndup(to, strlen(to)));
}

struct mut_swap {
    const char *from, *kind, *to1, *to2; /* to2 may be NULL */
};

static const struct mut_swap mut_swaps[] = {
    {"<", "rel", "<=", ">="},     {"<=", "rel", "<", ">"},    {">", "rel", ">=", "<="},
    {">=", "rel", ">", "<"},      {"==", "eq", "!=", NULL},   {"!=", "eq", "==", NULL},
    {"+", "arith", "-", NULL},    {"-", "arith", "+", NULL},  {"+=", "arith", "-=", NULL},
    {"-=", "arith", "+=", NULL},  {"++", "arith", "--", NULL}, {"--", "arith", "++", NULL},
    {"&", "bit", "|", NULL},      {"|", "bit", "&", NULL},    {"^", "bit", "|", NULL},
    {"&=", "bit", "|=", NULL},    {"|=", "bit", "&=", NULL},  {"^=", "bit", "|=", NULL},
    {"<<", "shift", ">>", NULL},  {">>", "shift", "<<", NULL}, {"<<=", "shift", ">>=", NULL},
    {">>=", "shift", "<<=", NULL}, {"&&", "logic", "||", NULL}, {"||", "logic", "&&", NULL},
};

/* value of an integer literal token; 0 when it is none (float, too large,
 * binary, malformed). *base, the digits' span and the suffix start are set. */
static int mut_int_literal(const struct mut_file *f, size_t t, uint64_t *v, unsigned *base,
                           size_t *digits, size_t *ndigits)
{
    const char *p = f->src + f->tok[t].off;
    size_t n = f->tok[t].len, i = 0, d0;
    uint64_t x = 0;
    if (n >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        *base = 16;
        i = 2;
    } else if (p[0] == '0') {
        *base = 8;
    } else {
        *base = 10;
    }
    d0 = i;
    for (; i < n; i++) {
        char c = p[i];
        unsigned dv;
        if (c >= '0' && c <= '9')
            dv = (unsigned)(c - '0');
        else if (*base == 16 && c >= 'a' && c <= 'f')
            dv = (unsigned)(c - 'a') + 10u;
        else if (*base == 16 && c >= 'A' && c <= 'F')
            dv = (unsigned)(c - 'A') + 10u;
        else
            break;
        if (dv >= *base)
            return 0;
        if (x > (UINT64_MAX - dv) / *base)
            return 0;
        x = x * *base + dv;
    }
    if (i == d0)
        return 0;
    for (size_t j = i; j < n; j++) /* suffix: u, l, ll in any case */
        if (strchr("uUlL", p[j]) == NULL)
            return 0;
    *v = x;
    *digits = d0;
    *ndigits = i - d0;
    return 1;
}

static int mut_add_const(struct mut_file *f, size_t t)
{
    uint64_t v;
    unsigned base;
    size_t d0, nd;
    const struct mut_tok *k = &f->tok[t];
    const char *p = f->src + k->off;
    char num[40];
    if (!mut_int_literal(f, t, &v, &base, &d0, &nd))
        return 0;
    if (v != 0 && v < UINT64_MAX) { /* (0 to 1 is the other mutant) */
        if (base == 16)
            (void)snprintf(num, sizeof num, "%llX", (unsigned long long)(v + 1u));
        else if (base == 8)
            (void)snprintf(num, sizeof num, "%llo", (unsigned long long)(v + 1u));
        else
            (void)snprintf(num, sizeof num, "%llu", (unsigned long long)(v + 1u));
        if (base == 16) { /* keep the case of the literal's digits */
            int lower = 0;
            for (size_t j = d0; j < d0 + nd; j++)
                lower |= p[j] >= 'a' && p[j] <= 'f';
            for (char *c = num; lower && *c != '\0'; c++)
                if (*c >= 'A' && *c <= 'F')
                    *c = (char)(*c - 'A' + 'a');
        }
        {
            const char *pre = base == 8 ? "0" : p; /* octal: a leading 0 */
            size_t npre = base == 8 ? 1u : d0;
            char *r = mut_cat3(pre, npre, num, strlen(num), p + d0 + nd, k->len - d0 - nd);
            if (mut_add(f, "const", k->off, k->len, r, mut_show(p, k->len),
                        r ? mut_strndup(r, strlen(r)) : NULL) != 0)
                return -1;
        }
    }
    {
        const char *z = v == 0 ? "1" : "0";
        char *r = mut_cat3(base == 16 ? p : "", base == 16 ? d0 : 0u, z, 1u, p + d0 + nd,
                           k->len - d0 - nd);
        if (mut_add(f, "const", k->off, k->len, r, mut_show(p, k->len),
                    r ? mut_strndup(r, strlen(r)) : NULL) != 0)
            return -1;
    }
    return 0;
}

/* brace contexts */
enum mut_brace { MB_OTHER, MB_BLOCK };

struct mut_walk {
    enum mut_brace *brace;
    size_t *brace_paren; /* paren depth at each brace */
    size_t depth;        /* braces open */
    size_t paren;        /* ( [ open */
    int fn_bool;         /* the function being walked returns bool */
    size_t fn_depth;     /* depth of its body (0: outside any function) */
};

static int mut_in_block(const struct mut_walk *w)
{
    return w->fn_depth > 0 && w->depth > 0 && w->brace[w->depth - 1] == MB_BLOCK &&
           w->paren == w->brace_paren[w->depth - 1];
}

/* token t starts an expression statement? then *semi is its ';' */
static int mut_expr_stmt(const struct mut_file *f, size_t t, size_t *semi)
{
    size_t d = 0;
    if (mut_tok_is(f, t, "++") || mut_tok_is(f, t, "--") || mut_tok_is(f, t, "*")) {
        /* ok */
    } else if (mut_tok_is(f, t, "(")) {
        if (mut_tok_is(f, t + 1, "void") && mut_tok_is(f, t + 2, ")"))
            return 0; /* (void)x; deleting it is equivalent */
    } else if (f->tok[t].kind == MT_IDENT && !mut_is_keyword(f, t)) {
        static const char *const next[] = {"=", "+=", "-=", "*=", "/=", "%=", "&=", "^=", "|=",
                                           "<<=", ">>=", "(", "++", "--", ".", "->", "["};
        int ok = 0;
        for (size_t k = 0; k < sizeof next / sizeof next[0]; k++)
            ok |= mut_tok_is(f, t + 1, next[k]);
        if (!ok)
            return 0;
    } else {
        return 0;
    }
    for (size_t u = t; u < f->ntok; u++) {
        if (mut_tok_is(f, u, "(") || mut_tok_is(f, u, "[") || mut_tok_is(f, u, "{")) {
            if (d == 0 && mut_tok_is(f, u, "{"))
                return 0;
            d++;
        } else if (mut_tok_is(f, u, ")") || mut_tok_is(f, u, "]") || mut_tok_is(f, u, "}")) {
            if (d == 0)
                return 0;
            d--;
        } else if (d == 0 && mut_tok_is(f, u, ";")) {
            *semi = u;
            return 1;
        } else {
            /* no expression holds these (a macro call without its ';') */
            static const char *const stop[] = {"return", "case", "default", "if", "else",
                                               "for", "while", "do", "switch", "break",
                                               "continue", "goto", "typedef", "static",
                                               "extern"};
            for (size_t k = 0; k < sizeof stop / sizeof stop[0]; k++)
                if (mut_tok_is(f, u, stop[k]))
                    return 0;
        }
    }
    return 0;
}

/* the function whose body opens at token b ('{' after ')'): returns bool? */
static int mut_fn_returns_bool(const struct mut_file *f, size_t b)
{
    size_t open = f->tok[b - 1].match;
    if (open == SIZE_MAX)
        return 0;
    for (size_t t = open; t-- > 0;) {
        if (mut_tok_is(f, t, ";") || mut_tok_is(f, t, "}") || mut_tok_is(f, t, "{"))
            break;
        if (mut_tok_is(f, t, "bool") || mut_tok_is(f, t, "_Bool"))
            return 1;
    }
    return 0;
}

/* the function whose body opens at token b ('{' after ')'): the token of its
 * name, the identifier before the parameter list, or SIZE_MAX when there is
 * none (a keyword, or a declarator such as (*name(void))(int)) */
static size_t mut_fn_name(const struct mut_file *f, size_t b)
{
    size_t open = f->tok[b - 1].match;
    if (open == SIZE_MAX || open == 0 || f->tok[open - 1].kind != MT_IDENT ||
        mut_is_keyword(f, open - 1))
        return SIZE_MAX;
    return open - 1;
}

static int mut_find_sites(struct mut_file *f)
{
    struct mut_walk w;
    int stmt_start = 1, in_case = 0;
    size_t decl_end = 0;          /* ... in an array declarator's size */
    size_t *hdr = malloc((f->ntok + 1u) * sizeof *hdr);
    size_t nhdr = 0;
    int rc = -1;
    memset(&w, 0, sizeof w);
    w.brace = malloc((f->ntok + 1u) * sizeof *w.brace);
    w.brace_paren = malloc((f->ntok + 1u) * sizeof *w.brace_paren);
    if (w.brace == NULL || w.brace_paren == NULL || hdr == NULL) {
        f->oom = 1;
        (void)snprintf(f->err, sizeof f->err, "out of memory");
        goto out;
    }
    for (size_t t = 0; t < f->ntok; t++) {
        const struct mut_tok *k = &f->tok[t];
        int was_start = stmt_start;
        stmt_start = 0;
        if (t == f->fn_end)
            f->fn_len = 0; /* the body's matching brace, even where the walk's
                            * count of braces differs (unbalanced brackets) */
        if (k->kind == MT_IDENT && mut_tok_is(f, t, "_Static_assert") &&
            mut_tok_is(f, t + 1, "(") && f->tok[t + 1].match != SIZE_MAX)
            f->skip_end = f->tok[f->tok[t + 1].match].off;
        /* statements of a function body */
        if (was_start && mut_in_block(&w)) {
            size_t semi;
            if (mut_tok_is(f, t, "case") || mut_tok_is(f, t, "default")) {
                in_case = 1;
            } else if (k->kind == MT_IDENT && !mut_is_keyword(f, t) && mut_tok_is(f, t + 1, ":")) {
                in_case = 1; /* a label */
            } else if (mut_expr_stmt(f, t, &semi)) {
                size_t e = f->tok[semi].off + 1u;
                if (mut_add(f, "stmt", k->off, e - k->off, mut_strndup(";", 1u),
                            mut_show(f->src + k->off, e - k->off), mut_strndup(";", 1u)) != 0)
                    goto out;
            }
        }
        if (k->kind == MT_IDENT) {
            if (mut_tok_is(f, t, "else") || mut_tok_is(f, t, "do")) {
                stmt_start = 1;
            } else if ((mut_tok_is(f, t, "if") || mut_tok_is(f, t, "while") ||
                        mut_tok_is(f, t, "for") || mut_tok_is(f, t, "switch")) &&
                       mut_tok_is(f, t + 1, "(") && f->tok[t + 1].match != SIZE_MAX) {
                size_t o = t + 1, c = f->tok[t + 1].match;
                hdr[nhdr++] = c;
                if (mut_tok_is(f, t, "if") && w.fn_depth > 0 && c > o + 1) {
                    size_t a = f->tok[o + 1].off, b = f->tok[c].off;
                    char *r = mut_cat3("!(", 2u, f->src + a, b - a, ")", 1u);
                    char *sb = mut_show(f->src + k->off, f->tok[c].off + 1u - k->off);
                    char *in = mut_show(f->src + a, b - a);
                    char *sa = in ? mut_cat3("if (!(", 6u, in, strlen(in), "))", 2u) : NULL;
                    free(in);
                    if (mut_add(f, "cond", a, b - a, r, sb, sa) != 0)
                        goto out;
                }
            } else if (mut_tok_is(f, t, "return") && w.fn_depth > 0) {
                size_t e = t + 1, d = 0;
                for (; e < f->ntok; e++) {
                    if (mut_tok_is(f, e, "(") || mut_tok_is(f, e, "[") || mut_tok_is(f, e, "{"))
                        d++;
                    else if (mut_tok_is(f, e, ")") || mut_tok_is(f, e, "]") || mut_tok_is(f, e, "}")) {
                        if (d == 0)
                            break;
                        d--;
                    } else if (d == 0 && mut_tok_is(f, e, ";")) {
                        break;
                    }
                }
                if (e < f->ntok && mut_tok_is(f, e, ";") && e > t + 1 &&
                    !(e == t + 2 && f->tok[t + 1].kind == MT_NUM)) {
                    size_t a = f->tok[t + 1].off, b = f->tok[e - 1].off + f->tok[e - 1].len;
                    char *ex = mut_show(f->src + a, b - a);
                    size_t nx = ex != NULL ? strlen(ex) : 0u;
                    /* E already zero (RIO_OK is 0): -1, this project's error
                     * and the usual one; -(E) of a string: none */
                    int zero = e == t + 2 && (mut_tok_is(f, t + 1, "RIO_OK") ||
                                              mut_tok_is(f, t + 1, "NULL") ||
                                              mut_tok_is(f, t + 1, "false"));
                    int str = f->tok[t + 1].kind == MT_STR;
                    int glued = a == k->off + k->len; /* return(x): return 0 */
                    int bad = ex == NULL;
                    bad = bad || mut_add(f, "ret", a, b - a,
                                         zero ? mut_strndup("-1", 2u)
                                              : glued ? mut_strndup(" 0", 2u) : mut_strndup("0", 1u),
                                         ex ? mut_cat3("return ", 7u, ex, nx, ";", 1u) : NULL,
                                         zero ? mut_strndup("return -1;", 10u)
                                              : mut_strndup("return 0;", 9u)) != 0;
                    bad = bad || (!w.fn_bool && !zero && !str &&
                                  mut_add(f, "ret", a, b - a,
                                          mut_cat3("-(", 2u, f->src + a, b - a, ")", 1u),
                                          mut_cat3("return ", 7u, ex, nx, ";", 1u),
                                          mut_cat3("return -(", 9u, ex, nx, ");", 2u)) != 0);
                    free(ex);
                    if (bad) {
                        f->oom = 1;
                        (void)snprintf(f->err, sizeof f->err, "out of memory");
                        goto out;
                    }
                }
            }
        } else if (k->kind == MT_NUM) {
            if (t >= decl_end && mut_add_const(f, t) != 0)
                goto out;
        } else if (k->kind == MT_PUNCT) {
            char c = f->src[k->off];
            if (k->len == 1 && (c == '(' || c == '[')) {
                w.paren++;
                /* T name[N]: the size is no site */
                if (c == '[' && t >= 2 && f->tok[t - 1].kind == MT_IDENT &&
                    !mut_is_keyword(f, t - 1) && f->tok[t - 2].kind == MT_IDENT &&
                    k->match != SIZE_MAX && !mut_tok_is(f, t - 2, "return") &&
                    !mut_tok_is(f, t - 2, "sizeof") && !mut_tok_is(f, t - 2, "case"))
                    decl_end = k->match;
            } else if (k->len == 1 && (c == ')' || c == ']')) {
                if (w.paren > 0)
                    w.paren--;
                if (c == ')' && nhdr > 0 && hdr[nhdr - 1] == t) {
                    nhdr--;
                    stmt_start = 1;
                }
            } else if (k->len == 1 && c == '{') {
                enum mut_brace b = MB_OTHER;
                if (w.depth == 0 && w.paren == 0 && t > 0 && mut_tok_is(f, t - 1, ")")) {
                    b = MB_BLOCK; /* a function body */
                    w.fn_depth = 1;
                    w.fn_bool = mut_fn_returns_bool(f, t);
                    {
                        size_t nm = mut_fn_name(f, t);
                        f->fn_off = nm == SIZE_MAX ? 0u : f->tok[nm].off;
                        f->fn_len = nm == SIZE_MAX ? 0u : f->tok[nm].len;
                        f->fn_end = k->match;
                    }
                } else if (mut_in_block(&w) && (was_start || mut_tok_is(f, t - 1, ")"))) {
                    b = MB_BLOCK;
                }
                w.brace[w.depth] = b;
                w.brace_paren[w.depth] = w.paren;
                w.depth++;
                stmt_start = b == MB_BLOCK;
            } else if (k->len == 1 && c == '}') {
                if (w.depth > 0) {
                    w.depth--;
                    w.paren = w.brace_paren[w.depth];
                    if (w.depth < w.fn_depth) {
                        w.fn_depth = 0;
                        f->fn_len = 0;
                    }
                }
                stmt_start = 1;
            } else if (k->len == 1 && c == ';') {
                stmt_start = 1;
                in_case = 0;
            } else if (k->len == 1 && c == ':' && in_case) {
                stmt_start = 1;
                in_case = 0;
            } else {
                for (size_t s = 0; s < sizeof mut_swaps / sizeof mut_swaps[0]; s++) {
                    const struct mut_swap *m = &mut_swaps[s];
                    if (!mut_tok_is(f, t, m->from))
                        continue;
                    if ((strcmp(m->from, "+") == 0 || strcmp(m->from, "-") == 0 ||
                         strcmp(m->from, "&") == 0) &&
                        (t == 0 || !mut_ends_operand(f, t - 1)))
                        break; /* unary */
                    if (mut_add_tok(f, m->kind, t, m->to1) != 0)
                        goto out;
                    if (m->to2 != NULL && mut_add_tok(f, m->kind, t, m->to2) != 0)
                        goto out;
                    break;
                }
            }
        }
    }
    rc = 0;
out:
    free(w.brace);
    free(w.brace_paren);
    free(hdr);
    return rc;
}

static void mut_free(struct mut_file *f)
{
    for (size_t i = 0; i < f->nsite; i++) {
        free(f->site[i].repl);
        free(f->site[i].before);
        free(f->site[i].after);
    }
    free(f->site);
    free(f->tok);
    f->site = NULL;
    f->tok = NULL;
    f->nsite = f->capsite = f->ntok = f->captok = 0;
}

/* tokenizes src[0..n) and finds its sites; -1 with f->err ("LINE:COL: what"
 * or "out of memory") on an input error */
static int mut_scan(struct mut_file *f, const char *src, size_t n)
{
    memset(f, 0, sizeof *f);
    f->src = src;
    f->n = n;
    if (mut_tokenize(f) != 0 || mut_match(f) != 0 || mut_find_sites(f) != 0) {
        mut_free(f);
        return -1;
    }
    return 0;
}

/* the mutant of site s: *out (malloc'd, *outn bytes, NUL after them) */
static int mut_apply(const struct mut_file *f, const struct mut_site *s, char **out, size_t *outn)
{
    size_t r = strlen(s->repl);
    *out = mut_cat3(f->src, s->start, s->repl, r, f->src + s->start + s->len,
                    f->n - s->start - s->len);
    *outn = f->n - s->len + r;
    return *out == NULL ? -1 : 0;
}

/* splitmix64 */
static uint64_t mut_rng(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static int mut_cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

/* a sample of min(k, n) distinct indices of 0..n-1 drawn with seed, sorted
 * (partial Fisher-Yates); *idx malloc'd */
static int mut_sample(size_t n, size_t k, uint64_t seed, size_t **idx, size_t *nidx)
{
    size_t *p = malloc((n + 1u) * sizeof *p);
    uint64_t x = seed;
    if (p == NULL)
        return -1;
    for (size_t i = 0; i < n; i++)
        p[i] = i;
    if (k > n)
        k = n;
    for (size_t i = 0; i < k; i++) {
        size_t j = i + (size_t)(mut_rng(&x) % (uint64_t)(n - i));
        size_t tmp = p[i];
        p[i] = p[j];
        p[j] = tmp;
    }
    qsort(p, k, sizeof *p, mut_cmp_size);
    *idx = p;
    *nidx = k;
    return 0;
}

#ifndef MUTATE_NO_MAIN

static const char mut_usage[] =
    "Usage: riocheck-mutate --list FILE [--sample N --seed S]\n"
    "       riocheck-mutate --apply FILE ID\n"
    "\n"
    "Mutation sites of one C source file (harness/mutation/README.md), for\n"
    "`make mutation` (harness/mutation/run.sh).\n"
    "  --list FILE     every site, one a line: ID LINE COL KIND BEFORE AFTER\n"
    "                  FUNCTION (tab-separated, after a '#' header line; FUNCTION\n"
    "                  is the function whose body holds the site, or -). Kinds:\n"
    "                  rel eq arith bit shift logic const stmt ret cond\n"
    "  --sample N      with --list: only N sites, drawn with the generator\n"
    "  --seed S        seeded with S (default 1): the same file, N and S give\n"
    "                  the same sites; listed in ID order\n"
    "  --apply FILE ID the source of FILE with site ID mutated, to stdout\n"
    "Comments, literals and preprocessor lines are never mutated.\n"
    "Exit status: 0 done; 1 the file cannot be read or is no C source\n"
    "(FILE:LINE:COL: what); 2 usage error.\n";

static int mut_number(const char *s, uint64_t *v)
{
    uint64_t x = 0;
    if (*s == '\0')
        return -1;
    for (; *s != '\0'; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        if (x > (UINT64_MAX - (uint64_t)(*s - '0')) / 10u)
            return -1;
        x = x * 10u + (uint64_t)(*s - '0');
    }
    *v = x;
    return 0;
}

static char *mut_read(const char *path, size_t *n)
{
    FILE *fp = fopen(path, "rb");
    char *buf = NULL;
    size_t len = 0, cap = 0;
    if (fp == NULL)
        return NULL;
    for (;;) {
        if (len == cap) {
            char *b;
            if (cap > MUT_MAX_INPUT)
                break; /* too large: mut_scan says so */
            cap = cap ? cap * 2u : 65536u;
            b = realloc(buf, cap + 1u);
            if (b == NULL) {
                free(buf);
                (void)fclose(fp);
                return NULL;
            }
            buf = b;
        }
        size_t r = fread(buf + len, 1, cap - len, fp);
        len += r;
        if (r == 0)
            break;
    }
    if (ferror(fp)) {
        free(buf);
        (void)fclose(fp);
        return NULL;
    }
    (void)fclose(fp);
    if (buf == NULL)
        buf = malloc(1);
    if (buf != NULL)
        buf[len] = '\0';
    *n = len;
    return buf;
}

static int mut_usage_error(const char *msg)
{
    fprintf(stderr, "riocheck-mutate: %s\n%s", msg, mut_usage);
    return 2;
}

int main(int argc, char **argv)
{
    const char *list = NULL, *apply = NULL, *id_s = NULL;
    uint64_t sample = 0, seed = 1, id = 0;
    int have_sample = 0, have_seed = 0;
    struct mut_file f;
    char *src;
    size_t n;
    int rc = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(mut_usage, stdout);
            return 0;
        } else if (strcmp(a, "--list") == 0 && i + 1 < argc && list == NULL && apply == NULL) {
            list = argv[++i];
        } else if (strcmp(a, "--apply") == 0 && i + 2 < argc && list == NULL && apply == NULL) {
            apply = argv[++i];
            id_s = argv[++i];
        } else if (strcmp(a, "--sample") == 0 && i + 1 < argc && !have_sample) {
            if (mut_number(argv[++i], &sample) != 0)
                return mut_usage_error("--sample: not a number");
            have_sample = 1;
        } else if (strcmp(a, "--seed") == 0 && i + 1 < argc && !have_seed) {
            if (mut_number(argv[++i], &seed) != 0)
                return mut_usage_error("--seed: not a number");
            have_seed = 1;
        } else {
            char msg[160];
            (void)snprintf(msg, sizeof msg, "unexpected argument '%.100s'", a);
            return mut_usage_error(msg);
        }
    }
    if (list == NULL && apply == NULL)
        return mut_usage_error("give --list FILE or --apply FILE ID");
    if (apply != NULL && (have_sample || have_seed))
        return mut_usage_error("--sample and --seed go with --list");
    if (have_seed && !have_sample)
        return mut_usage_error("--seed goes with --sample");
    if (apply != NULL && (mut_number(id_s, &id) != 0 || id == 0))
        return mut_usage_error("--apply: ID must be a site number from 1");
    {
        const char *path = list != NULL ? list : apply;
        src = mut_read(path, &n);
        if (src == NULL) {
            fprintf(stderr, "riocheck-mutate: %s: cannot read\n", path);
            return 1;
        }
        if (mut_scan(&f, src, n) != 0) {
            fprintf(stderr, "riocheck-mutate: %s:%s\n", path, f.err);
            free(src);
            return 1;
        }
        if (apply != NULL) {
            char *out;
            size_t outn;
            if (id > f.nsite) {
                fprintf(stderr, "riocheck-mutate: %s: no site %llu (the file has %zu)\n", path,
                        (unsigned long long)id, f.nsite);
                rc = 1;
            } else if (mut_apply(&f, &f.site[id - 1u], &out, &outn) != 0) {
                fprintf(stderr, "riocheck-mutate: out of memory\n");
                rc = 1;
            } else {
                if (fwrite(out, 1, outn, stdout) != outn)
                    rc = 1;
                free(out);
            }
        } else {
            size_t *idx = NULL, nidx = f.nsite;
            if (have_sample && mut_sample(f.nsite, (size_t)(sample > SIZE_MAX ? SIZE_MAX : sample),
                                          seed, &idx, &nidx) != 0) {
                fprintf(stderr, "riocheck-mutate: out of memory\n");
                rc = 1;
                nidx = 0;
            }
            printf("# id\tline\tcol\tkind\tbefore\tafter\tfunction\n");
            for (size_t j = 0; j < nidx; j++) {
                size_t i = idx != NULL ? idx[j] : j;
                const struct mut_site *s = &f.site[i];
                printf("%zu\t%u\t%u\t%s\t%s\t%s\t%.*s\n", i + 1u, s->line, s->col, s->kind,
                       s->before, s->after, s->fn_len > 0 ? (int)s->fn_len : 1,
                       s->fn_len > 0 ? f.src + s->fn_off : "-");
            }
            free(idx);
        }
        mut_free(&f);
        free(src);
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "riocheck-mutate: cannot write the output\n");
        return 1;
    }
    return rc;
}

#endif /* MUTATE_NO_MAIN */
