/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/clihex.c - the riocheck command's input parsers (harness/cli/util.c:
 * cli_parse_hex, cli_parse_uint; harness/cli/codec.c: the FIELD=VALUE words
 * of `riocheck encode` through codec_encode, and codec_decode on what they
 * produce). Linked with util.c and codec.c, which only the riocheck binary
 * otherwise contains.
 *
 * Input: byte 0 picks the parser (value % 3), bytes 1.. are its input:
 *   0 hex:    byte 1 = dst capacity (% 21), byte 2 = print style for the
 *             round trip, the rest (up to a NUL) is the hex text;
 *   1 uint:   bytes 1-8 = max (big-endian), the rest (up to a NUL) the text;
 *   2 encode: byte 1 = --rev (% 3: none, 2, 3), byte 2 = --group-width
 *             (% 8 - 1: none, 0..6), the rest = words separated by spaces,
 *             the first one the format (stype2, cs48, cs64, ccp).
 * Strings are copied into buffers of exactly their length + 1 so that
 * AddressSanitizer sees any read past the terminator.
 *
 * Properties checked (fuzz_fail on violation):
 *   H1  cli_parse_hex agrees with a model written from its contract (cli.h):
 *       optional 0x/0X prefix, hex digits, separators space ':' '_' '-' (and
 *       tab, which the code also takes) only between byte pairs, an even
 *       number of digits, at least one byte, at most cap bytes; same bytes.
 *   H2  hex round trip: bytes printed in any of the accepted styles parse
 *       back to the same bytes with cap = their length, and fail with
 *       cap = length - 1.
 *   H3  cli_parse_uint agrees with a model: 0x/0X hex, 0b/0B binary or
 *       decimal, '_' allowed between digits, at least one digit, no
 *       overflow of 64 bits, at most max; and decimal/hex/binary printing of
 *       any value parses back to it.
 *   H4  every failure leaves a non-empty, NUL-terminated reason; *len and
 *       *out are not written on failure.
 *   E1  codec_encode returns CLI_OK or CLI_USAGE (never the internal-error
 *       code for words a user typed), a reason on failure, and on success
 *       exactly the format's length (stype2 2, cs48 6, cs64 8, ccp the
 *       Part 9 length of its tt).
 *   E2  codec_decode of the encoded bytes with the same options returns
 *       OK, INVALID or USAGE and writes well-formed JSON when it returns OK.
 *   E3  re-encoding the raw fields that decode --json prints (the keys are
 *       the encode field names) gives the same bytes.
 * Known findings are tolerated unless built with -DFUZZ_STRICT: F3-1 (a
 * number made of '_' only parses as 0) - see model_uint.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#endif
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/fuzz.h"

#include "../harness/cli/cli.h"
#include "rio/ccp.h"
#include "rio/cs.h"

#define MAX_TEXT 4096u

/* A NUL-terminated copy of data[0..n) up to its first NUL, exactly sized. */
static char *cstr(const uint8_t *data, size_t n)
{
    const uint8_t *z = memchr(data, 0, n);
    size_t len = z ? (size_t)(z - data) : n;
    char *s = malloc(len + 1);
    if (s == NULL)
        fuzz_fail("out of memory");
    memcpy(s, data, len);
    s[len] = '\0';
    return s;
}

static void check_why(const char *why, size_t cap, const char *what, const char *input)
{
    if (memchr(why, '\0', cap) == NULL || why[0] == '\0')
        fuzz_fail("H4: %s(\"%s\") failed without a NUL-terminated reason", what, input);
}

/* ---- H1, H2: hex -------------------------------------------------------- */

static int is_sep(char c)
{
    return c == ' ' || c == ':' || c == '_' || c == '-' || c == '\t';
}

static int hexdigit(char c)
{
    static const char digits[] = "0123456789abcdef0123456789ABCDEF";
    const char *p = c ? strchr(digits, c) : NULL;
    return p ? (int)((p - digits) % 16) : -1;
}

/* The contract as a token model: split at separators; every token must be
 * an even run of hex digits; the bytes are the tokens' digit pairs. */
static int model_hex(uint8_t *dst, size_t cap, size_t *len, const char *s)
{
    size_t i = (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) ? 2 : 0, n = 0;
    while (s[i] != '\0') {
        if (is_sep(s[i])) {
            i++;
            continue;
        }
        size_t run = 0;
        while (s[i + run] != '\0' && !is_sep(s[i + run])) {
            if (hexdigit(s[i + run]) < 0)
                return -1;
            run++;
        }
        if (run % 2 != 0)
            return -1;
        for (size_t k = 0; k < run; k += 2) {
            if (n == cap)
                return -1;
            dst[n++] = (uint8_t)(hexdigit(s[i + k]) * 16 + hexdigit(s[i + k + 1]));
        }
        i += run;
    }
    if (n == 0)
        return -1;
    *len = n;
    return 0;
}

static void hex_roundtrip(const uint8_t *b, size_t n, uint8_t style)
{
    static const char *const seps[] = {"", " ", ":", "_", "-", "\t", " : ", "--"};
    const char *sep = seps[style % 8];
    int upper = (style >> 3) & 1, prefix = (style >> 4) & 1;
    char *text = malloc(2 + n * (2 + strlen(sep)) + 1);
    if (text == NULL)
        fuzz_fail("out of memory");
    size_t off = 0;
    if (prefix)
        off += (size_t)sprintf(text, "0%c", upper ? 'X' : 'x');
    for (size_t i = 0; i < n; i++)
        off += (size_t)sprintf(text + off, upper ? "%s%02X" : "%s%02x", i ? sep : "", b[i]);
    uint8_t got[32];
    size_t len = 0;
    char why[160];
    if (cli_parse_hex(got, n, &len, text, why, sizeof why) != 0)
        fuzz_fail("H2: printed bytes \"%s\" do not parse: %s", text, why);
    if (len != n || memcmp(got, b, n) != 0)
        fuzz_fail("H2: \"%s\" parses to %zu other bytes", text, len);
    if (cli_parse_hex(got, n - 1, &len, text, why, sizeof why) == 0)
        fuzz_fail("H2: \"%s\" (%zu bytes) fits a capacity of %zu", text, n, n - 1);
    free(text);
}

static void target_hex(const uint8_t *data, size_t size)
{
    if (size < 2)
        return;
    size_t cap = data[0] % 21u;
    uint8_t style = data[1];
    char *s = cstr(data + 2, size - 2);
    uint8_t got[24], want[24];
    size_t glen = 999, wlen = 0;
    char why[160];
    memset(why, 'x', sizeof why);
    int rc = cli_parse_hex(got, cap, &glen, s, why, sizeof why);
    int mrc = model_hex(want, cap, &wlen, s);
    if (rc != 0 && rc != -1)
        fuzz_fail("H1: cli_parse_hex returned %d", rc);
    if (rc != mrc)
        fuzz_fail("H1: cli_parse_hex(\"%s\", cap %zu) = %d (%s), the contract says %d", s,
                  cap, rc, rc ? why : "", mrc);
    if (rc == 0 && (glen != wlen || memcmp(got, want, wlen) != 0))
        fuzz_fail("H1: cli_parse_hex(\"%s\") gives other bytes than the contract", s);
    if (rc != 0) {
        check_why(why, sizeof why, "cli_parse_hex", s);
        if (glen != 999)
            fuzz_fail("H4: cli_parse_hex wrote *len on failure");
    }
    /* H2 on bytes taken from the input itself */
    size_t n = size - 2 < 16 ? size - 2 : 16;
    if (n > 0)
        hex_roundtrip(data + 2, n, style);
    free(s);
}

/* ---- H3: numbers ---------------------------------------------------------- */

static int model_uint(const char *s, uint64_t max, uint64_t *out)
{
    unsigned base = 10;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        base = 16, s += 2;
    else if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
        base = 2, s += 2;
    const char *body = s;
    uint64_t v = 0;
    int digits = 0;
    for (; *s; s++) {
        if (*s == '_')
            continue;
        int d = hexdigit(*s);
        if (d < 0 || (unsigned)d >= base)
            return -1;
        if (v > (UINT64_MAX - (unsigned)d) / base)
            return -1;
        v = v * base + (unsigned)d;
        digits++;
    }
    (void)body;
    if (digits == 0) /* "_" alone is no number (finding F3-1, fixed) */
        return -1;
    if (v > max)
        return -1;
    *out = v;
    return 0;
}

static void uint_roundtrip(uint64_t v)
{
    char text[80], why[160];
    uint64_t got;
    snprintf(text, sizeof text, "%llu", (unsigned long long)v);
    if (cli_parse_uint(text, UINT64_MAX, &got, why, sizeof why) != 0 || got != v)
        fuzz_fail("H3: \"%s\" does not parse back", text);
    snprintf(text, sizeof text, "0x%llX", (unsigned long long)v);
    if (cli_parse_uint(text, v, &got, why, sizeof why) != 0 || got != v)
        fuzz_fail("H3: \"%s\" does not parse back with max = itself", text);
    size_t k = 0;
    text[k++] = '0';
    text[k++] = 'b';
    for (int bit = 63; bit >= 0; bit--)
        if ((v >> bit) != 0 || bit == 0)
            text[k++] = (char)('0' + ((v >> bit) & 1u));
    text[k] = '\0';
    if (cli_parse_uint(text, UINT64_MAX, &got, why, sizeof why) != 0 || got != v)
        fuzz_fail("H3: \"%s\" does not parse back", text);
    if (v > 0 && cli_parse_uint(text, v - 1, &got, why, sizeof why) == 0)
        fuzz_fail("H3: \"%s\" passes max = %llu", text, (unsigned long long)(v - 1));
}

static void target_uint(const uint8_t *data, size_t size)
{
    if (size < 8)
        return;
    uint64_t max = 0;
    for (int i = 0; i < 8; i++)
        max = (max << 8) | data[i];
    char *s = cstr(data + 8, size - 8);
    uint64_t got = 0x5A5A, want = 0;
    char why[160];
    memset(why, 'x', sizeof why);
    int rc = cli_parse_uint(s, max, &got, why, sizeof why);
    int mrc = model_uint(s, max, &want);
    if (rc != 0 && rc != -1)
        fuzz_fail("H3: cli_parse_uint returned %d", rc);
    if (rc != mrc)
        fuzz_fail("H3: cli_parse_uint(\"%s\", max %llu) = %d (%s), the contract says %d", s,
                  (unsigned long long)max, rc, rc ? why : "", mrc);
    if (rc == 0 && got != want)
        fuzz_fail("H3: cli_parse_uint(\"%s\") = %llu, the contract says %llu", s,
                  (unsigned long long)got, (unsigned long long)want);
    if (rc != 0) {
        check_why(why, sizeof why, "cli_parse_uint", s);
        if (got != 0x5A5A)
            fuzz_fail("H4: cli_parse_uint wrote *out on failure");
    }
    uint_roundtrip(max);
    free(s);
}

/* ---- E1-E3: encode and decode ---------------------------------------------- */

/* A small JSON checker that also collects "key":scalar pairs (any depth). */
struct json {
    const char *p, *end;
    char keys[48][24];
    char vals[48][24];
    size_t n;
};

static int j_value(struct json *j, int depth);

static void j_ws(struct json *j)
{
    while (j->p < j->end && (*j->p == ' ' || *j->p == '\n' || *j->p == '\t' || *j->p == '\r'))
        j->p++;
}

static int j_string(struct json *j, char *copy, size_t cap)
{
    size_t k = 0;
    if (j->p >= j->end || *j->p != '"')
        return -1;
    for (j->p++; j->p < j->end && *j->p != '"'; j->p++) {
        unsigned char c = (unsigned char)*j->p;
        if (c < 0x20)
            return -1;
        if (c == '\\') {
            if (++j->p >= j->end || strchr("\"\\/bfnrtu", *j->p) == NULL)
                return -1;
            if (*j->p == 'u') {
                for (int i = 0; i < 4; i++)
                    if (++j->p >= j->end || hexdigit(*j->p) < 0)
                        return -1;
            }
        }
        if (copy && k + 1 < cap)
            copy[k++] = (char)c;
    }
    if (copy)
        copy[k] = '\0';
    if (j->p >= j->end)
        return -1;
    j->p++;
    return 0;
}

static int j_value(struct json *j, int depth)
{
    j_ws(j);
    if (j->p >= j->end || depth > 8)
        return -1;
    char c = *j->p;
    if (c == '{' || c == '[') {
        char close = c == '{' ? '}' : ']';
        j->p++;
        j_ws(j);
        if (j->p < j->end && *j->p == close) {
            j->p++;
            return 0;
        }
        for (;;) {
            char key[24] = "";
            if (c == '{') {
                j_ws(j);
                if (j_string(j, key, sizeof key) != 0)
                    return -1;
                j_ws(j);
                if (j->p >= j->end || *j->p++ != ':')
                    return -1;
            }
            j_ws(j);
            const char *v = j->p;
            if (j_value(j, depth + 1) != 0)
                return -1;
            if (c == '{' && *v != '{' && *v != '[' && j->n < 48) {
                size_t len = (size_t)(j->p - v);
                if (*v == '"')
                    v++, len -= 2;
                len = len < 23 ? len : 23;
                memcpy(j->vals[j->n], v, len);
                j->vals[j->n][len] = '\0';
                memcpy(j->keys[j->n], key, sizeof key);
                j->n++;
            }
            j_ws(j);
            if (j->p >= j->end)
                return -1;
            if (*j->p == ',') {
                j->p++;
                continue;
            }
            if (*j->p++ != close)
                return -1;
            return 0;
        }
    }
    if (c == '"')
        return j_string(j, NULL, 0);
    static const char *const lit[] = {"true", "false", "null"};
    for (int i = 0; i < 3; i++) {
        size_t l = strlen(lit[i]);
        if ((size_t)(j->end - j->p) >= l && memcmp(j->p, lit[i], l) == 0) {
            j->p += l;
            return 0;
        }
    }
    if (c == '-')
        j->p++;
    const char *d = j->p;
    while (j->p < j->end && *j->p >= '0' && *j->p <= '9')
        j->p++;
    return j->p == d ? -1 : 0;
}

static const char *j_get(const struct json *j, const char *key)
{
    for (size_t i = 0; i < j->n; i++)
        if (strcmp(j->keys[i], key) == 0)
            return j->vals[i];
    return NULL;
}

static size_t expected_len(const char *format, const struct codec_opts *opt,
                           const uint8_t *b)
{
    if (strcmp(format, "stype2") == 0)
        return 2;
    if (strcmp(format, "cs48") == 0)
        return RIO_CS48_BYTES;
    if (strcmp(format, "cs64") == 0)
        return RIO_CS64_BYTES;
    /* ccp: tt is bits 10-11 of the first 16 bits (Part 9 Figure 3-1) */
    return rio_ccp_packet_len(opt->rev == 2 ? RIO_P9_REV2 : RIO_P9_REV3, (b[1] >> 4) & 3u);
}

static void reencode(const char *format, const struct codec_opts *opt,
                     const struct json *j, const uint8_t *b, size_t len)
{
    static const char *const cs48[] = {"stype0", "parameter0", "parameter1", "stype1",
                                       "cmd", "stype2", NULL};
    static const char *const cs64[] = {"stype0", "parameter0", "parameter1", "stype1",
                                       NULL};
    static const char *const ccp[] = {"ack_id", "vc", "crf", "prio", "tt", "destination_id",
                                      "tgt_destination_id", "xon", "fam", "rsrv", "flow_id",
                                      "soc", NULL};
    static const char *const stype2[] = {"group", "status", NULL};
    const char *const *keys = strcmp(format, "cs48") == 0   ? cs48
                              : strcmp(format, "cs64") == 0 ? cs64
                              : strcmp(format, "ccp") == 0  ? ccp
                                                            : stype2;
    char words[16][64];
    char *w[16];
    int nw = 0;
    for (; keys[nw] != NULL; nw++) {
        const char *v = j_get(j, keys[nw]);
        if (v == NULL)
            return; /* e.g. a stype2 that decodes as nop has no group */
        snprintf(words[nw], sizeof words[nw], "%s=%s", keys[nw], v);
        w[nw] = words[nw];
    }
    uint8_t again[64];
    size_t alen = 0;
    char why[512];
    int rc = codec_encode(again, sizeof again, &alen, format, opt, nw, w, why, sizeof why);
    if (rc != CLI_OK)
        fuzz_fail("E3: %s: re-encoding the decoded fields fails: %s", format, why);
    if (alen != len || memcmp(again, b, len) != 0)
        fuzz_fail("E3: %s: re-encoding the decoded fields gives other bytes", format);
}

static void target_encode(const uint8_t *data, size_t size)
{
    if (size < 2)
        return;
    struct codec_opts opt;
    opt.rev = data[0] % 3u == 0 ? 0 : (int)(data[0] % 3u) + 1;
    opt.group_width = (int)(data[1] % 8u) - 1;
    opt.json = 0;
    char *s = cstr(data + 2, size - 2);
    char *w[48];
    int nw = 0;
    for (char *t = strtok(s, " "); t != NULL && nw < 48; t = strtok(NULL, " "))
        w[nw++] = t;
    if (nw == 0) {
        free(s);
        return;
    }
    uint8_t b[64];
    size_t len = 999;
    char why[512];
    memset(why, 'x', sizeof why);
    int rc = codec_encode(b, sizeof b, &len, w[0], &opt, nw - 1, w + 1, why, sizeof why);
    if (rc != CLI_OK && rc != CLI_USAGE)
        fuzz_fail("E1: codec_encode(%s ...) returned %d: %s", w[0], rc,
                  memchr(why, 0, sizeof why) ? why : "(no reason)");
    if (rc != CLI_OK) {
        check_why(why, sizeof why, "codec_encode", w[0]);
        free(s);
        return;
    }
    size_t want = expected_len(w[0], &opt, b);
    if (len != want)
        fuzz_fail("E1: %s encoded into %zu bytes, expected %zu", w[0], len, want);

    char *out = NULL;
    size_t outlen = 0;
    FILE *f = open_memstream(&out, &outlen);
    if (f == NULL)
        fuzz_fail("open_memstream failed");
    struct cli_out o;
    opt.json = 1;
    out_init(&o, f, 1);
    rc = codec_decode(&o, w[0], &opt, b, len, why, sizeof why);
    if (rc == CLI_OK)
        out_finish(&o);
    fclose(f);
    if (rc != CLI_OK && rc != CLI_INVALID && rc != CLI_USAGE)
        fuzz_fail("E2: decoding what %s encoded returned %d", w[0], rc);
    if (rc == CLI_OK) {
        struct json j;
        memset(&j, 0, sizeof j);
        j.p = out;
        j.end = out + outlen;
        if (j_value(&j, 0) != 0 || (j_ws(&j), j.p != j.end))
            fuzz_fail("E2: decode --json of %s wrote malformed JSON: %s", w[0], out);
        reencode(w[0], &opt, &j, b, len);
    }
    free(out);
    free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > MAX_TEXT)
        return 0;
    switch (data[0] % 3u) {
    case 0:
        target_hex(data + 1, size - 1);
        break;
    case 1:
        target_uint(data + 1, size - 1);
        break;
    default:
        target_encode(data + 1, size - 1);
        break;
    }
    return 0;
}
