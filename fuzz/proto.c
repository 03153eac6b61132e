/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/proto.c - the DUT protocol for devices in another process
 * (harness/proc/proc.h, docs/dut-protocol.md): the shim's request parser
 * (rc_shim_serve) and the client's response parser (rc_proc_open and the
 * proxy DUT).
 *
 * Input: byte 0 picks the side (low bit), the rest is what that side reads.
 *
 * Even: REQUESTS to the shim. rc_shim_serve(the reference DUT) reads the
 * bytes from a memory stream (fmemopen) and writes its answers to another
 * (open_memstream). Properties (fuzz_fail on violation):
 *   R1  it returns 0 (end of input or `bye`).
 *   R2  every answer line is printable ASCII (0x20-0x7E) and at most
 *       RC_PROC_LINE_MAX bytes with its LF.
 *   R3  one answer per request, in order, read with a model of the framing
 *       written here: lines end at LF (the last one may not), a CR before it
 *       is dropped; a line with a NUL byte or of RC_PROC_LINE_MAX bytes or
 *       more gets `error`; a line starting '#', or of spaces and tabs only,
 *       gets nothing; `bye` alone ends the session with `bye`. Answers:
 *         hello    the handshake (hello, name, version, revisions, caps,
 *                  profile, machines, [fastpath], ready) or `error`;
 *         create   `ok` or `error`;
 *         step, fastpath   `out` lines then `done result=R`, or `error`
 *                  alone (never `out` lines followed by `error`);
 *         query    `value N` or `error`;
 *         destroy  `ok` or `error`;
 *       anything else, and everything but hello/bye before the handshake,
 *       `error`.
 *   R4  an `out` line names an output of the instance's machine (known from
 *       the `create` that answered `ok`) with its arguments in table order,
 *       values decimal below 65536 or 0x lower-case hex; R in `done
 *       result=R` is a result name or a decimal number.
 *   R5  serving the same bytes again gives the same answers byte for byte
 *       (the shim and the reference keep no hidden state).
 *
 * Odd: RESPONSES of a DUT process to the client. The bytes are written to
 * ROOT/answers (ROOT from mkdtemp under /tmp) and the "DUT program" is
 *     /bin/cat ROOT/answers
 * which plays them back and exits: the client reads every answer it was
 * given (a request written after cat ended fails with EPIPE, and the client
 * still reads what is left before the end of file), then sees the end of
 * the file at once instead of waiting for its time limit, so the result
 * does not depend on timing. The client then runs a fixed script: for every
 * machine the handshake lists, create with no configuration, step its first
 * event with zero arguments, query its first query, destroy; then the
 * cs64_decode fast path if offered. Properties:
 *   C1  rc_proc_open gives 0 and a client, or -1, no client and a one-line
 *       reason (no LF, NUL-terminated, not empty).
 *   C2  the proxy DUT has a name and a version of at most 255 printable
 *       bytes, and create functions exactly for the machines it lists.
 *   C3  every call returns a result the ABI knows (a result of RC_RESULTS,
 *       RC_DUT_LOST, or an int the DUT wrote as a number); create gives an
 *       instance exactly on RC_OK; a step gives n <= cap outputs, each of a
 *       kind of the machine and with at most RC_MAX_ARGS arguments; after
 *       RC_DUT_LOST the client has a one-line reason (rc_proc_last_error).
 *   C4  rc_proc_close leaves no child process behind (the DUT's pid is
 *       reaped: kill(pid, 0) fails).
 *   C5  after an RC_NOTSUP, the reason (rc_dut_why_notsup, read only when
 *       the handshake declared why_notsup) is "" or at most
 *       RC_WHY_NOTSUP_MAX bytes without a control byte.
 *   Memory: everything is freed (LeakSanitizer in the libFuzzer build).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* fmemopen, open_memstream, mkdtemp */
#endif
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "common/fuzz.h"

#include "../harness/core/dutload.h"
#include "../harness/core/registry.h"
#include "../harness/proc/proc.h"
#include "../harness/refdut/refdut.h"

#define MAX_INPUT (64u * 1024u)
#define MAX_TRACKED 1024u

/* ---- the shim side ---------------------------------------------------------- */

/* The answers, as lines (LF removed), read front to back. */
struct answers {
    char *p, *end;
    unsigned line;
};

static char *next_answer(struct answers *a)
{
    if (a->p >= a->end)
        return NULL;
    char *nl = memchr(a->p, '\n', (size_t)(a->end - a->p));
    if (nl == NULL)
        fuzz_fail("R2: the last answer line has no LF");
    *nl = '\0';
    char *l = a->p;
    a->p = nl + 1;
    a->line++;
    return l;
}

static int starts(const char *s, const char *word)
{
    size_t n = strlen(word);
    return strncmp(s, word, n) == 0 && (s[n] == ' ' || s[n] == '\0');
}

/* A decimal or 0x number as the protocol writes ids (model, not the shim's). */
static int parse_u64(const char *s, uint64_t *v)
{
    unsigned base = 10;
    uint64_t x = 0;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        base = 16, s += 2;
    if (*s == '\0')
        return -1;
    for (; *s; s++) {
        unsigned d;
        if (*s >= '0' && *s <= '9')
            d = (unsigned)(*s - '0');
        else if (base == 16 && *s >= 'a' && *s <= 'f')
            d = (unsigned)(*s - 'a' + 10);
        else if (base == 16 && *s >= 'A' && *s <= 'F')
            d = (unsigned)(*s - 'A' + 10);
        else
            return -1;
        if (x > (UINT64_MAX - d) / base)
            return -1;
        x = x * base + d;
    }
    *v = x;
    return 0;
}

/* Values as the shim writes them: decimal below 65536, else 0x lower hex. */
static int canonical_value(const char *s)
{
    uint64_t v;
    if (parse_u64(s, &v) != 0)
        return 0;
    char buf[24];
    snprintf(buf, sizeof buf, v < 65536 ? "%llu" : "0x%llx", (unsigned long long)v);
    return strcmp(buf, s) == 0;
}

struct tracked {
    uint64_t id;
    const struct rc_machine_desc *m;
};

struct shim_model {
    int hello;
    struct tracked inst[MAX_TRACKED];
    size_t n;
};

static const struct rc_machine_desc *machine_of(const struct shim_model *s, uint64_t id)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->inst[i].id == id)
            return s->inst[i].m;
    return NULL;
}

static void check_out_line(char *l, const struct rc_machine_desc *m, const char *req)
{
    char *save = NULL;
    (void)strtok_r(l, " ", &save); /* "out" */
    const char *kname = strtok_r(NULL, " ", &save);
    const struct rc_kind_desc *k =
        m && kname ? rc_kind_by_name(m->outputs, m->noutputs, kname) : NULL;
    if (k == NULL)
        fuzz_fail("R4: '%s': output '%s' is not one of machine %s", req,
                  kname ? kname : "", m ? m->name : "(unknown instance)");
    unsigned a = 0;
    for (char *t = strtok_r(NULL, " ", &save); t; t = strtok_r(NULL, " ", &save), a++) {
        char *eq = strchr(t, '=');
        if (a >= rc_kind_nargs(k) || eq == NULL)
            fuzz_fail("R4: '%s': output argument %u '%s' is extra or not name=value", req,
                      a, t);
        *eq = '\0';
        if (strcmp(t, k->args[a]) != 0 || !canonical_value(eq + 1))
            fuzz_fail("R4: '%s': output %s argument %u is '%s=%s', expected %s=<canonical>",
                      req, k->name, a, t, eq + 1, k->args[a]);
    }
}

static void check_done(const char *l, const char *req)
{
    const char *r = l + strlen("done result=");
    int known;
    if (strncmp(l, "done result=", 12) != 0)
        fuzz_fail("R3: '%s': expected 'done result=R', got '%s'", req, l);
    known = rc_result_by_name(r, &(int){0}) == 0;
    if (!known) {
        const char *d = r + (*r == '-');
        known = *d != '\0' && strspn(d, "0123456789") == strlen(d);
    }
    if (!known)
        fuzz_fail("R4: '%s': result '%s' is neither a name nor a number", req, r);
}

/* The answer to one request (fields f[0..n)); returns 1 after `bye`. */
static int check_answer(struct shim_model *s, struct answers *a, char **f, unsigned n,
                        const char *req)
{
    char *l = next_answer(a);
    if (l == NULL)
        fuzz_fail("R3: no answer to '%s'", req);
    const char *cmd = f[0];
    if (strcmp(cmd, "bye") == 0 && n == 1) {
        if (strcmp(l, "bye") != 0)
            fuzz_fail("R3: 'bye' answered '%s'", l);
        return 1;
    }
    if (starts(l, "error"))
        return 0; /* every request may be refused (R3 checks what follows) */
    if (strcmp(cmd, "hello") == 0) {
        if (s->hello || !starts(l, "hello"))
            fuzz_fail("R3: '%s' answered '%s'", req, l);
        /* the optional "policy" line (ABI v2) comes between profile and
         * machines when the DUT declares a policy */
        static const char *const hs[] = {"name", "version", "revisions", "caps", "profile",
                                         "machines"};
        for (size_t i = 0; i < sizeof hs / sizeof hs[0]; i++) {
            l = next_answer(a);
            if (l != NULL && i == 5 && starts(l, "policy"))
                l = next_answer(a);
            if (l == NULL || !starts(l, hs[i]))
                fuzz_fail("R3: handshake line %zu is '%s', expected '%s ...'", i + 2,
                          l ? l : "(none)", hs[i]);
        }
        l = next_answer(a);
        if (l != NULL && strcmp(l, "fastpath cs64_decode") == 0)
            l = next_answer(a);
        if (l == NULL || strcmp(l, "ready") != 0)
            fuzz_fail("R3: the handshake does not end with 'ready'");
        s->hello = 1;
        return 0;
    }
    if (!s->hello)
        fuzz_fail("R3: '%s' before the handshake answered '%s'", req, l);
    uint64_t id = 0;
    int has_id = n >= 2 && parse_u64(f[1], &id) == 0;
    if (strcmp(cmd, "create") == 0 || strcmp(cmd, "destroy") == 0) {
        if (strcmp(l, "ok") != 0 || !has_id)
            fuzz_fail("R3: '%s' answered '%s'", req, l);
        if (cmd[0] == 'c') {
            if (machine_of(s, id) != NULL)
                fuzz_fail("R3: '%s' reused live instance %llu", req, (unsigned long long)id);
            if (s->n < MAX_TRACKED)
                s->inst[s->n++] = (struct tracked){id, rc_machine_by_name(f[2])};
        } else {
            for (size_t i = 0; i < s->n; i++)
                if (s->inst[i].id == id)
                    s->inst[i] = s->inst[--s->n];
        }
        return 0;
    }
    if (strcmp(cmd, "query") == 0) {
        if (!starts(l, "value") || !canonical_value(l + 6))
            fuzz_fail("R3: '%s' answered '%s'", req, l);
        return 0;
    }
    if (strcmp(cmd, "step") == 0 || strcmp(cmd, "fastpath") == 0) {
        const struct rc_machine_desc *m =
            cmd[0] == 'f' ? rc_machine_by_id(RC_M_CODEC) : (has_id ? machine_of(s, id) : NULL);
        unsigned outs = 0;
        while (starts(l, "out")) {
            check_out_line(l, m, req);
            outs++;
            l = next_answer(a);
            if (l == NULL)
                fuzz_fail("R3: '%s': out lines without 'done'", req);
            if (starts(l, "error"))
                fuzz_fail("R3: '%s': 'error' after %u out lines", req, outs);
        }
        if (cmd[0] == 'f' && outs > 1)
            fuzz_fail("R3: '%s': the fast path answered %u outputs", req, outs);
        check_done(l, req);
        return 0;
    }
    fuzz_fail("R3: unknown request '%s' answered '%s'", req, l);
}

static char *serve(const uint8_t *data, size_t size, size_t *outn)
{
    char *copy = malloc(size ? size : 1), *out = NULL;
    if (copy == NULL)
        fuzz_fail("out of memory");
    memcpy(copy, data, size);
    FILE *in = fmemopen(copy, size ? size : 1, "r");
    FILE *o = open_memstream(&out, outn);
    if (in == NULL || o == NULL)
        fuzz_fail("fmemopen/open_memstream failed");
    if (size == 0)
        (void)fgetc(in); /* an empty stream: consume the one placeholder byte */
    int rc = rc_shim_serve(rc_refdut(), in, o);
    fclose(in);
    fclose(o);
    free(copy);
    if (rc != 0)
        fuzz_fail("R1: rc_shim_serve returned %d", rc);
    return out;
}

static void target_shim(const uint8_t *data, size_t size)
{
    size_t outn = 0, outn2 = 0;
    char *out = serve(data, size, &outn);
    char *out2 = serve(data, size, &outn2);
    if (outn != outn2 || memcmp(out, out2, outn) != 0)
        fuzz_fail("R5: the same requests served twice give different answers");
    free(out2);

    /* R2 */
    size_t linelen = 0;
    for (size_t i = 0; i < outn; i++) {
        unsigned char c = (unsigned char)out[i];
        if (c == '\n') {
            linelen = 0;
            continue;
        }
        if (c < 0x20 || c > 0x7E)
            fuzz_fail("R2: answer byte 0x%02X at offset %zu", c, i);
        if (++linelen + 1 > RC_PROC_LINE_MAX)
            fuzz_fail("R2: an answer line longer than %u bytes", RC_PROC_LINE_MAX);
    }

    /* R3, R4: walk the requests with the framing model */
    struct answers a = {out, out + outn, 0};
    struct shim_model *s = calloc(1, sizeof *s);
    char *line = malloc(RC_PROC_LINE_MAX + 1);
    if (s == NULL || line == NULL)
        fuzz_fail("out of memory");
    int bye = 0;
    for (size_t pos = 0; pos < size && !bye;) {
        const uint8_t *nl = memchr(data + pos, '\n', size - pos);
        size_t len = nl ? (size_t)(nl - (data + pos)) : size - pos;
        const uint8_t *req = data + pos;
        pos += len + (nl != NULL);
        int has_nul = memchr(req, 0, len) != NULL;
        if (has_nul || len >= RC_PROC_LINE_MAX) {
            char *l = next_answer(&a);
            if (l == NULL || !starts(l, "error"))
                fuzz_fail("R3: a request %s answered '%s'",
                          has_nul ? "with a NUL byte" : "of 4096 bytes or more",
                          l ? l : "(nothing)");
            continue;
        }
        memcpy(line, req, len);
        if (len > 0 && line[len - 1] == '\r')
            len--;
        line[len] = '\0';
        if (line[0] == '#')
            continue;
        char shown[160];
        snprintf(shown, sizeof shown, "%s", line);
        char *f[65];
        unsigned n = 0;
        char *save = NULL;
        for (char *t = strtok_r(line, " \t", &save); t && n < 65; t = strtok_r(NULL, " \t", &save))
            f[n++] = t;
        if (n == 0)
            continue;
        if (n > 64) {
            char *l = next_answer(&a);
            if (l == NULL || !starts(l, "error"))
                fuzz_fail("R3: a request of more than 64 fields answered '%s'",
                          l ? l : "(nothing)");
            continue;
        }
        bye = check_answer(s, &a, f, n, shown);
    }
    if (a.p != a.end)
        fuzz_fail("R3: %zu bytes of answers left after the last request", (size_t)(a.end - a.p));
    free(line);
    free(s);
    free(out);
}

/* ---- the client side -------------------------------------------------------- */

static int result_ok(int rc)
{
    (void)rc; /* any int can come as "result=N"; checked: not a lost DUT posing */
    return 1;
}

static void check_last_error(struct rc_proc *p, const char *what)
{
    const char *e = rc_proc_last_error(p);
    if (e == NULL || e[0] == '\0' || strchr(e, '\n') != NULL)
        fuzz_fail("C3: %s: RC_DUT_LOST without a one-line reason: \"%s\"", what,
                  e ? e : "(null)");
}

static void check_why_notsup(const struct rc_dut *dut, int rc, const char *what)
{
    if (rc != RC_NOTSUP)
        return;
    char why[RC_WHY_NOTSUP_MAX + 8];
    memset(why, 'x', sizeof why);
    int said = rc_dut_why_notsup(dut, why, sizeof why);
    size_t n = strnlen(why, sizeof why);
    if (n == sizeof why || n > RC_WHY_NOTSUP_MAX || said != (n > 0))
        fuzz_fail("C5: %s: a notsup reason of %zu bytes (said %d)", what, n, said);
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)why[i] < 0x20 || why[i] == 0x7F)
            fuzz_fail("C5: %s: control byte 0x%02X in the notsup reason", what,
                      (unsigned char)why[i]);
}

static void check_outputs(const struct rc_machine_desc *m, const struct rc_msg *out,
                          uint32_t n, uint32_t cap)
{
    if (n > cap)
        fuzz_fail("C3: %s step: %u outputs for a buffer of %u", m->name, n, cap);
    for (uint32_t i = 0; i < n; i++) {
        if (rc_kind_by_id(m->outputs, m->noutputs, out[i].kind) == NULL)
            fuzz_fail("C3: %s step: output %u of kind %u", m->name, i, out[i].kind);
        if (out[i].nargs > RC_MAX_ARGS)
            fuzz_fail("C3: %s step: output %u with %u arguments", m->name, i, out[i].nargs);
    }
}

static void client_script(struct rc_proc *p)
{
    const struct rc_dut *dut = rc_proc_dut(p);
    if (dut == NULL || dut->name == NULL || dut->version == NULL ||
        strlen(dut->name) > 255 || strlen(dut->version) > 255)
        fuzz_fail("C2: the proxy DUT has no name or version of at most 255 bytes");
    for (const char *c = dut->name; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7F)
            fuzz_fail("C2: control byte 0x%02X in the DUT name", (unsigned char)*c);
    struct rc_msg *out = calloc(RC_MAX_OUTPUTS, sizeof *out);
    if (out == NULL)
        fuzz_fail("out of memory");
    for (uint32_t id = 0; id < RC_MACHINE_COUNT; id++) {
        const struct rc_machine_desc *m = rc_machine_by_id(id);
        const struct rc_machine_ops *ops = &dut->machine[id];
        if (ops->create == NULL)
            continue;
        if (ops->step == NULL || ops->destroy == NULL)
            fuzz_fail("C2: machine %s has create but no step or destroy", m->name);
        struct rc_config cfg;
        memset(&cfg, 0, sizeof cfg);
        void *inst = (void *)&cfg; /* must be overwritten */
        int rc = ops->create(dut->ctx, &inst, &cfg);
        if (!result_ok(rc) || (rc == RC_OK) != (inst != NULL))
            fuzz_fail("C3: %s create: result %d with instance %p", m->name, rc, inst);
        if (rc == RC_DUT_LOST)
            check_last_error(p, "create");
        check_why_notsup(dut, rc, "create");
        if (rc != RC_OK)
            continue;
        struct rc_msg ev;
        memset(&ev, 0, sizeof ev);
        ev.kind = m->events[0].kind;
        ev.nargs = rc_kind_nargs(&m->events[0]);
        uint32_t n = 0;
        rc = ops->step(inst, &ev, out, RC_MAX_OUTPUTS, &n);
        check_outputs(m, out, n, RC_MAX_OUTPUTS);
        if (rc == RC_DUT_LOST)
            check_last_error(p, "step");
        check_why_notsup(dut, rc, "step");
        if (ops->query != NULL && m->nqueries > 0) {
            struct rc_msg q;
            memset(&q, 0, sizeof q);
            q.kind = m->queries[0].kind;
            q.nargs = rc_kind_nargs(&m->queries[0]);
            uint64_t v = 0;
            rc = ops->query(inst, &q, &v);
            if (rc == RC_DUT_LOST)
                check_last_error(p, "query");
            check_why_notsup(dut, rc, "query");
        }
        ops->destroy(inst);
    }
    if (dut->cs64_decode != NULL) {
        struct rc_msg one;
        memset(&one, 0, sizeof one);
        int rc = dut->cs64_decode(dut->ctx, 3, 0x0F0001u, &one);
        if (rc == RC_DUT_LOST)
            check_last_error(p, "cs64_decode");
        else if (one.kind != 0)
            check_outputs(rc_machine_by_id(RC_M_CODEC), &one, 1, 1);
    }
    free(out);
}

static void target_client(const uint8_t *data, size_t size)
{
    char root[] = "/tmp/riocheck-fuzz-proto-XXXXXX", path[96];
    if (mkdtemp(root) == NULL)
        fuzz_fail("mkdtemp: cannot make a folder under /tmp");
    snprintf(path, sizeof path, "%s/answers", root);
    FILE *f = fopen(path, "wb");
    if (f == NULL || (size > 0 && fwrite(data, 1, size, f) != size) || fclose(f) != 0) {
        unlink(path);
        rmdir(root);
        fuzz_fail("cannot write %s", path);
    }
    char a0[] = "/bin/cat";
    char *argv[] = {a0, path, NULL};
    struct rc_proc *p = (struct rc_proc *)(void *)path; /* must be overwritten */
    char err[512];
    memset(err, 'x', sizeof err);
    int rc = rc_proc_open(&p, argv, 2000, err, sizeof err);
    if (rc != 0) {
        if (rc != -1 || p != NULL)
            fuzz_fail("C1: rc_proc_open failed (%d) but gave a client", rc);
        if (memchr(err, '\0', sizeof err) == NULL || err[0] == '\0' ||
            strchr(err, '\n') != NULL)
            fuzz_fail("C1: rc_proc_open failed without a one-line reason");
    } else {
        if (p == NULL)
            fuzz_fail("C1: rc_proc_open succeeded without a client");
        client_script(p);
        long pid = rc_proc_pid(p);
        rc_proc_close(p);
        if (pid > 0 && kill((pid_t)pid, 0) == 0)
            fuzz_fail("C4: the DUT process %ld is still there after rc_proc_close", pid);
    }
    unlink(path);
    rmdir(root);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > MAX_INPUT)
        return 0;
    if (data[0] & 1u)
        target_client(data + 1, size - 1);
    else
        target_shim(data + 1, size - 1);
    return 0;
}
