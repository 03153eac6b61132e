/* Results of a run: the interpretation ids a vector's cite line names. */
#include "results.h"

#include <string.h>

static int is_upper_or_digit(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* A character that may not touch an id on either side: a cite line writes
 * "(interpretation I-GEN-1)", "I-VOQ-2, I-VOQ-3" or "I-FCEP-1:", never
 * "XI-GEN-1" or "I-GEN-1a". */
static int is_word(char c)
{
    return (c >= 'a' && c <= 'z') || is_upper_or_digit(c) || c == '_' || c == '-';
}

/* Interpretation ids have the form I-<A-Z0-9>+-<0-9>+ (docs/interpretations.md).
 * Each distinct id is written once, in order of first appearance; ids that
 * do not fit in 16 bytes are not interpretation ids and are skipped. The
 * return value is the number written (never more than cap). */
size_t rc_cite_interpretations(char dst[][16], size_t cap, const char *cite)
{
    size_t n = 0;
    if (dst == NULL || cite == NULL)
        return 0;
    for (size_t i = 0; cite[i] != '\0' && n < cap; i++) {
        if (cite[i] != 'I' || cite[i + 1] != '-' || (i > 0 && is_word(cite[i - 1])))
            continue;
        size_t p = i + 2, mod = p;
        while (is_upper_or_digit(cite[p]))
            p++;
        if (p == mod || cite[p] != '-')
            continue;
        size_t num = ++p;
        while (is_digit(cite[p]))
            p++;
        if (p == num || is_word(cite[p]) || p - i > 15)
            continue;
        char id[16];
        memcpy(id, cite + i, p - i);
        id[p - i] = '\0';
        int seen = 0;
        for (size_t k = 0; k < n && !seen; k++)
            seen = strcmp(dst[k], id) == 0;
        if (!seen)
            memcpy(dst[n++], id, sizeof id);
        i = p - 1;
    }
    return n;
}
