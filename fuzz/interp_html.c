/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/interp_html.c - the rendering of docs/interpretations.md as
 * interpretations.html (harness/report/report.h rc_write_interp_html),
 * which reads whatever file the run's --root holds.
 *
 * Input: the Markdown text (any bytes).
 *
 * Properties checked (fuzz_fail on violation), by code written here:
 *   P1  the output starts with "<!DOCTYPE html>\n" and the rest is a tree:
 *       every start tag is closed by the matching end tag or is a void
 *       element (meta) written "<meta .../>", in order, nothing left open;
 *   P2  nothing from the input becomes markup: every tag is one the
 *       renderer writes (html head meta title style body a h1-h6 p ul li
 *       code strong), an <a> has only an id of [a-z0-9-];
 *   P3  no control byte but LF and TAB; '&' only starts a reference
 *       (&name; or &#digits;).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/fuzz.h"

#include "../harness/report/report.h"

#define MAX_TEXT 8192u
#define DEPTH 64

static const char *const known[] = {"html", "head", "meta", "title", "style", "body",
                                    "a",    "h1",   "h2",   "h3",    "h4",    "h5",
                                    "h6",   "p",    "ul",   "li",    "code",  "strong"};

static int is_known(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (strlen(known[i]) == len && memcmp(known[i], name, len) == 0)
            return 1;
    return 0;
}

static void check(const char *s, size_t n)
{
    static const char doctype[] = "<!DOCTYPE html>\n";
    if (n < sizeof doctype - 1 || memcmp(s, doctype, sizeof doctype - 1) != 0)
        fuzz_fail("P1: no DOCTYPE line");
    const char *stack[DEPTH];
    size_t slen[DEPTH], depth = 0;
    for (size_t i = sizeof doctype - 1; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f)
            fuzz_fail("P3: control byte 0x%02x at %zu", c, i);
        if (c == '&') {
            size_t j = i + 1;
            if (j < n && s[j] == '#') {
                j++;
                while (j < n && s[j] >= '0' && s[j] <= '9')
                    j++;
            } else {
                while (j < n && s[j] >= 'a' && s[j] <= 'z')
                    j++;
            }
            if (j == i + 1 || j >= n || s[j] != ';')
                fuzz_fail("P3: a bare '&' at %zu", i);
            continue;
        }
        if (c != '<')
            continue;
        int end = i + 1 < n && s[i + 1] == '/';
        size_t at = i + 1 + (size_t)end, k = at;
        while (k < n && ((s[k] >= 'a' && s[k] <= 'z') || (s[k] >= '0' && s[k] <= '9')))
            k++;
        if (!is_known(s + at, k - at))
            fuzz_fail("P2: tag '%.*s' at %zu", (int)(k - at < 20 ? k - at : 20), s + at, i);
        const char *gt = memchr(s + k, '>', n - k);
        if (gt == NULL)
            fuzz_fail("P1: a tag without its '>' at %zu", i);
        size_t close = (size_t)(gt - s);
        if (!end && k - at == 1 && s[at] == 'a') {
            /* <a id="[a-z0-9-]+"> exactly */
            size_t q = k;
            if (close - q < 6 || memcmp(s + q, " id=\"", 5) != 0 || s[close - 1] != '"')
                fuzz_fail("P2: an <a> with other attributes at %zu", i);
            for (q += 5; q < close - 1; q++)
                if (!((s[q] >= 'a' && s[q] <= 'z') || (s[q] >= '0' && s[q] <= '9') ||
                      s[q] == '-'))
                    fuzz_fail("P2: an <a> id with '%c' at %zu", s[q], q);
        }
        int void_elem = !end && s[close - 1] == '/';
        if (end) {
            if (depth == 0 || slen[depth - 1] != k - at ||
                memcmp(stack[depth - 1], s + at, k - at) != 0)
                fuzz_fail("P1: </%.*s> closes nothing open at %zu", (int)(k - at), s + at, i);
            depth--;
        } else if (!void_elem) {
            if (depth == DEPTH)
                fuzz_fail("P1: nested deeper than %d", DEPTH);
            stack[depth] = s + at;
            slen[depth++] = k - at;
            if (k - at == 5 && memcmp(s + at, "style", 5) == 0) {
                /* the style sheet is riocheck's own: skip to its end tag */
                const char *e = strstr(gt, "</style>");
                if (e == NULL)
                    fuzz_fail("P1: <style> not closed");
                i = (size_t)(e - s) - 1;
                continue;
            }
        }
        i = close;
    }
    if (depth != 0)
        fuzz_fail("P1: <%.*s> left open", (int)slen[depth - 1], stack[depth - 1]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_TEXT)
        size = MAX_TEXT;
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    if (f == NULL)
        return 0;
    int rc = rc_write_interp_html(f, (const char *)data, size);
    if (fclose(f) != 0 || rc != 0) {
        free(out);
        return 0;
    }
    /* a NUL from the input would end the text for strstr: the renderer
     * stops a run at a NUL (text.h), so there is none in the output */
    if (memchr(out, '\0', len) != NULL)
        fuzz_fail("P3: a NUL byte in the output");
    check(out, len);
    free(out);
    return 0;
}
