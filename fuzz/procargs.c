/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/procargs.c - the two parsers of a --dut-cmd command for the
 * differential target (harness/proc/procdut.c): rc_procdut_words (the
 * RIOCHECK_FUZZ_DUT_CMD variable, split at blanks) and rc_procdut_lines
 * (RIOCHECK_FUZZ_DUT_CMD_FILE, one argument per line).
 *
 * Input: byte 0 picks the parser (bit 0: 0 words, 1 lines), the rest is
 * the text (words: up to its first NUL, as an environment variable ends
 * there). The text is copied into a buffer of exactly its length (+1 for
 * the NUL of words) so that AddressSanitizer sees any read past it.
 *
 * Properties (fuzz_fail on violation), from procdut.h's contract:
 *   W1  words: success exactly when the text holds a non-blank byte; the
 *       words are the maximal runs of non-blanks (space, tab, CR, LF) in
 *       order, byte for byte, NULL-terminated.
 *   L1  lines: success exactly when the text holds no NUL and its first
 *       line is not empty; the arguments are the lines (LF ends a line, a
 *       CR ending a line - before its LF or at the end of the text - is
 *       dropped, the last line needs no LF, a final LF opens no further
 *       line), byte for byte.
 *   E1  every failure leaves a non-empty reason and *argv NULL; lines'
 *       reasons start with "<input>:" (no name given).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/fuzz.h"

#include "../harness/proc/procdut.h"

static int blank(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* W1's model: the k-th word of t[0..n) into (*at, *len); 0 when none. */
static int model_word(const char *t, size_t n, size_t k, size_t *at, size_t *len)
{
    size_t i = 0, w = 0;
    while (i < n) {
        while (i < n && blank((unsigned char)t[i]))
            i++;
        if (i == n)
            break;
        size_t s = i;
        while (i < n && !blank((unsigned char)t[i]))
            i++;
        if (w++ == k) {
            *at = s;
            *len = i - s;
            return 1;
        }
    }
    return 0;
}

static void check_words(const char *t, size_t n)
{
    char **argv = (char **)(uintptr_t)1;
    char err[256] = "";
    int rc = rc_procdut_words(&argv, t, NULL, err, sizeof err);
    size_t at, len;
    int any = model_word(t, n, 0, &at, &len);
    if (!any) {
        if (rc != -1)
            fuzz_fail("W1: a text of blanks only was accepted");
        if (err[0] == '\0' || argv != NULL)
            fuzz_fail("E1: words failed without a reason or left *argv set");
        return;
    }
    if (rc != 0 || argv == NULL)
        fuzz_fail("W1: words refused a text with a word: %s", err);
    size_t k = 0;
    for (; argv[k] != NULL; k++) {
        if (!model_word(t, n, k, &at, &len))
            fuzz_fail("W1: word %zu is one too many", k);
        if (strlen(argv[k]) != len || memcmp(argv[k], t + at, len) != 0)
            fuzz_fail("W1: word %zu differs from the text's", k);
    }
    if (model_word(t, n, k, &at, &len))
        fuzz_fail("W1: only %zu words, the text has more", k);
    rc_procdut_free_words(argv);
}

/* L1's model: line k of t[0..n) into (*at, *len); 0 when none. */
static int model_line(const char *t, size_t n, size_t k, size_t *at, size_t *len)
{
    size_t i = 0, l = 0;
    while (i < n) {
        size_t s = i;
        while (i < n && t[i] != '\n')
            i++;
        size_t e = i;
        if (e > s && t[e - 1] == '\r')
            e--;
        if (l++ == k) {
            *at = s;
            *len = e - s;
            return 1;
        }
        if (i < n)
            i++; /* past the LF; a final LF opens no line */
    }
    return 0;
}

static void check_lines(const char *t, size_t n)
{
    char **argv = (char **)(uintptr_t)1;
    char err[256] = "";
    int rc = rc_procdut_lines(&argv, t, n, NULL, err, sizeof err);
    size_t at, len;
    int ok = memchr(t, '\0', n) == NULL && model_line(t, n, 0, &at, &len) && len > 0;
    if (!ok) {
        if (rc != -1)
            fuzz_fail("L1: accepted a text with a NUL, no line or an empty first line");
        if (err[0] == '\0' || argv != NULL)
            fuzz_fail("E1: lines failed without a reason or left *argv set");
        if (strncmp(err, "<input>:", 8) != 0 && strstr(err, "memory") == NULL)
            fuzz_fail("E1: lines' reason does not name <input>: %s", err);
        return;
    }
    if (rc != 0 || argv == NULL)
        fuzz_fail("L1: lines refused a valid text: %s", err);
    size_t k = 0;
    for (; argv[k] != NULL; k++) {
        if (!model_line(t, n, k, &at, &len))
            fuzz_fail("L1: argument %zu is one too many", k);
        if (strlen(argv[k]) != len || memcmp(argv[k], t + at, len) != 0)
            fuzz_fail("L1: argument %zu differs from line %zu", k, k + 1);
    }
    if (model_line(t, n, k, &at, &len))
        fuzz_fail("L1: only %zu arguments, the text has more lines", k);
    rc_procdut_free_words(argv);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096)
        return 0;
    size_t n = size - 1;
    if ((data[0] & 1u) == 0) {
        const void *nul = memchr(data + 1, 0, n);
        if (nul != NULL)
            n = (size_t)((const uint8_t *)nul - (data + 1));
        char *t = malloc(n + 1);
        if (t == NULL)
            return 0;
        memcpy(t, data + 1, n);
        t[n] = '\0';
        check_words(t, n);
        free(t);
    } else {
        char *t = malloc(n ? n : 1);
        if (t == NULL)
            return 0;
        if (n)
            memcpy(t, data + 1, n);
        check_lines(t, n);
        free(t);
    }
    return 0;
}
