/* SPDX-License-Identifier: Apache-2.0 */
/* The protocol additions of issue 13 (proc.h, docs/dut-protocol.md,
 * Versions): the vector marks in the request stream (rc_proc_mark_vector)
 * and the transcript of the conversation (rc_proc_open_transcript).
 *
 * The DUT process is this program itself, started through the client's real
 * spawn path (/proc/self/exe):
 *   transcript_test --serve    the shim serving rc_refdut(), except that a
 *                              codec cs64_decode of param 0xDEAD exits with
 *                              status 3 (a lost DUT, the same identity
 *                              after the restart)
 *   transcript_test --odd      a scripted DUT: the usual handshake after a
 *                              banner holding a control byte and a
 *                              backslash, then the answer "a<0x01>b\" (garbage)
 *                              to everything
 * Expected lines come from the protocol document: '> ' what riocheck sent,
 * '< ' what the DUT wrote, '# ' riocheck's notes; comments (the marks) are
 * no request, so the shim answers them nothing and the run goes on.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../../reference/tests/check.h"
#include "../../refdut/refdut.h"
#include "../proc.h"

static char self[4096];

/* ---- the DUT processes -------------------------------------------------------- */

static struct rc_dut served;

static int trapdoor_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                         uint32_t cap, uint32_t *n)
{
    if (ev != NULL && ev->kind == RC_CODEC_EV_CS64_DECODE && ev->nargs == 2 &&
        ev->arg[1] == 0xDEAD)
        _exit(3);
    return rc_refdut()->machine[RC_M_CODEC].step(inst, ev, out, cap, n);
}

static int child_main(const char *mode)
{
    if (strcmp(mode, "--serve") == 0) {
        served = *rc_refdut();
        served.machine[RC_M_CODEC].step = trapdoor_step;
        return rc_shim_serve(&served, stdin, stdout) == 0 ? 0 : 1;
    }
    if (strcmp(mode, "--odd") == 0) {
        char line[4096];
        while (fgets(line, sizeof line, stdin) != NULL) {
            if (line[0] == '#')
                continue;
            if (strncmp(line, "hello", 5) == 0)
                fputs("banner \x01 and \\\nhello riocheck-dut-protocol 1\nname odd\n"
                      "version 1\nmachines codec\nready\n", stdout);
            else
                fputs("a\x01" "b\\\n", stdout);
            fflush(stdout);
        }
        return 0;
    }
    return 2;
}

/* ---- helpers -------------------------------------------------------------------- */

/* The transcript read back into lines (at most 64, each without its LF). */
struct lines {
    char buf[16384];
    char *l[64];
    size_t n;
};

static void read_lines(struct lines *t, FILE *f)
{
    rewind(f);
    size_t len = fread(t->buf, 1, sizeof t->buf - 1, f);
    t->buf[len] = '\0';
    t->n = 0;
    for (char *s = t->buf; *s != '\0' && t->n < 64;) {
        char *nl = strchr(s, '\n');
        t->l[t->n++] = s;
        if (nl == NULL)
            break;
        *nl = '\0';
        s = nl + 1;
    }
}

/* The index of the first line equal to text from 'from' on, or -1. */
static long find(const struct lines *t, size_t from, const char *text)
{
    for (size_t i = from; i < t->n; i++)
        if (strcmp(t->l[i], text) == 0)
            return (long)i;
    return -1;
}

static long find_prefix(const struct lines *t, size_t from, const char *prefix)
{
    for (size_t i = from; i < t->n; i++)
        if (strncmp(t->l[i], prefix, strlen(prefix)) == 0)
            return (long)i;
    return -1;
}

static void dump(const struct lines *t)
{
    for (size_t i = 0; i < t->n; i++)
        fprintf(stderr, "  | %s\n", t->l[i]);
}

static struct rc_proc *open_with(const char *mode, FILE *tr)
{
    char *argv[3] = {self, (char *)(uintptr_t)mode, NULL};
    char err[512];
    struct rc_proc *p = NULL;
    if (rc_proc_open_transcript(&p, argv, 10000, tr, err, sizeof err) != 0) {
        fprintf(stderr, "  open: %s\n", err);
        return NULL;
    }
    return p;
}

static int decode(const struct rc_dut *d, void *inst, uint64_t param)
{
    struct rc_msg ev, out[RC_MAX_OUTPUTS];
    memset(&ev, 0, sizeof ev);
    ev.kind = RC_CODEC_EV_CS64_DECODE;
    ev.nargs = 2;
    ev.arg[0] = 4;
    ev.arg[1] = param;
    uint32_t n = 0;
    return d->machine[RC_M_CODEC].step(inst, &ev, out, RC_MAX_OUTPUTS, &n);
}

/* A DUT process in mode with a transcript in a temporary file (*tr), or NULL
 * (nothing left open). */
static struct rc_proc *start(const char *mode, FILE **tr)
{
    *tr = tmpfile();
    if (*tr == NULL) {
        fprintf(stderr, "  tmpfile failed\n");
        return NULL;
    }
    struct rc_proc *p = open_with(mode, *tr);
    if (p == NULL)
        fclose(*tr);
    return p;
}

/* Close p and read its transcript tr (closed) back into t. */
static void finish(struct rc_proc *p, FILE *tr, struct lines *t)
{
    rc_proc_close(p);
    read_lines(t, tr);
    fclose(tr);
}

/* One vector through p: its mark, a codec created, one cs64_decode of param
 * (its result checked against want), the codec destroyed. */
static void vector_decode(struct rc_proc *p, const char *id, const char *file, unsigned line,
                          uint64_t param, int want)
{
    const struct rc_dut *d = rc_proc_dut(p);
    struct rc_config none = {0};
    void *inst = NULL;
    rc_proc_mark_vector(p, id, file, line);
    CHECK_EQ(d->machine[RC_M_CODEC].create(d->ctx, &inst, &none), RC_OK);
    CHECK_EQ(decode(d, inst, param), want);
    d->machine[RC_M_CODEC].destroy(inst);
}

/* ---- tests ---------------------------------------------------------------------- */

static void each_mark_goes_just_before_its_vectors_first_request(void)
{
    FILE *tr = NULL;
    struct rc_proc *p = start("--serve", &tr);
    CHECK(p != NULL);
    vector_decode(p, "v.one", "vectors/a.vec", 12, 0xF00010, RC_OK);
    const struct rc_dut *d = rc_proc_dut(p);
    struct rc_config none = {0};
    void *inst = NULL;
    /* a vector that sends nothing leaves no mark; blanks and control bytes
     * of the names become '?' */
    rc_proc_mark_vector(p, "v.never", "vectors/a.vec", 20);
    rc_proc_mark_vector(p, "v two\tx", "my vectors/b.vec", 7);
    CHECK_EQ(d->machine[RC_M_CODEC].create(d->ctx, &inst, &none), RC_OK);
    d->machine[RC_M_CODEC].destroy(inst);
    rc_proc_mark_vector(NULL, "x", "y", 1); /* nothing */
    rc_proc_mark_vector(p, NULL, "y", 1);
    struct lines t;
    finish(p, tr, &t);
    long started = find_prefix(&t, 0, "# started '");
    long hello = find(&t, 0, "> hello riocheck-dut-protocol 1");
    long answer = find(&t, 0, "< hello riocheck-dut-protocol 1");
    long m1 = find(&t, 0, "> # vector v.one vectors/a.vec:12");
    long c1 = find(&t, 0, "> create 1 codec");
    long s1 = find(&t, 0, "> step 1 cs64_decode width=4 param=0xf00010");
    long o1 = find_prefix(&t, 0, "< out voq_msg kind=0 vc_ind=15 vc=255 group_width=4");
    long m2 = find(&t, 0, "> # vector v?two?x my?vectors/b.vec:7");
    long c2 = find(&t, 0, "> create 2 codec");
    CHECK(started == 0);
    CHECK(hello == 1 && answer == 2);
    CHECK(m1 > answer && c1 == m1 + 1);
    CHECK(s1 > c1 && o1 > s1);
    CHECK(m2 > s1 && c2 == m2 + 1);
    CHECK(find_prefix(&t, 0, "> # vector v.never") < 0);
    CHECK(find_prefix(&t, 0, "> # vector x") < 0);
    CHECK(find(&t, 0, "> bye") > c2 && find(&t, 0, "< bye") > c2);
    CHECK(t.n > 0 && strcmp(t.l[t.n - 1], "# the end of the run") == 0);
    if (m1 < 0 || m2 < 0 || c1 != m1 + 1 || c2 != m2 + 1)
        dump(&t);
}

static void a_lost_dut_is_noted_and_the_restart_sends_hello_before_the_mark(void)
{
    FILE *tr = NULL;
    struct rc_proc *p = start("--serve", &tr);
    CHECK(p != NULL);
    vector_decode(p, "v.crash", "c.vec", 1, 0xDEAD, RC_DUT_LOST); /* the process exits */
    vector_decode(p, "v.after", "c.vec", 9, 0x1, RC_OK);
    struct lines t;
    finish(p, tr, &t);
    long lost = find_prefix(&t, 0, "# lost: the DUT process exited with status 3 (during "
                                   "'step 1 cs64_decode width=4 param=57005')");
    long restarted = lost < 0 ? -1 : find_prefix(&t, (size_t)lost, "# started '");
    long hello = restarted < 0 ? -1 : find(&t, (size_t)restarted,
                                           "> hello riocheck-dut-protocol 1");
    long mark = find(&t, 0, "> # vector v.after c.vec:9");
    if (lost <= 0)
        dump(&t);
    CHECK(lost > 0);
    CHECK(restarted > lost && hello == restarted + 1);
    CHECK(mark > hello && strncmp(t.l[mark + 1], "> create ", 9) == 0);
    if (lost < 0 || mark < 0)
        dump(&t);
}

static void odd_bytes_are_escaped_and_garbage_is_noted(void)
{
    FILE *tr = NULL;
    struct rc_proc *p = start("--odd", &tr);
    CHECK(p != NULL);
    const struct rc_dut *d = rc_proc_dut(p);
    struct rc_config none = {0};
    void *inst = NULL;
    CHECK_EQ(d->machine[RC_M_CODEC].create(d->ctx, &inst, &none), RC_DUT_LOST);
    struct lines t;
    finish(p, tr, &t);
    CHECK(find(&t, 0, "< banner \\x01 and \\x5c") > 0);
    long g = find(&t, 0, "< a\\x01b\\x5c");
    CHECK(g > 0);
    CHECK(g > 0 && (size_t)g + 1 < t.n &&
          strncmp(t.l[g + 1], "# lost: the DUT answered garbage: ", 34) == 0);
    if (g < 0)
        dump(&t);
}

static void without_a_transcript_nothing_is_recorded(void)
{
    char *argv[3] = {self, "--serve", NULL};
    char err[512];
    struct rc_proc *p = NULL;
    CHECK_EQ(rc_proc_open_transcript(&p, argv, 10000, NULL, err, sizeof err), 0);
    const struct rc_dut *d = rc_proc_dut(p);
    struct rc_config none = {0};
    void *inst = NULL;
    rc_proc_mark_vector(p, "v", "f.vec", 1);
    CHECK_EQ(d->machine[RC_M_CODEC].create(d->ctx, &inst, &none), RC_OK);
    d->machine[RC_M_CODEC].destroy(inst);
    rc_proc_close(p);
}

int main(int argc, char **argv)
{
    if (argc == 2 && strncmp(argv[1], "--", 2) == 0)
        return child_main(argv[1]);
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) {
        fprintf(stderr, "transcript_test: cannot find /proc/self/exe\n");
        return 1;
    }
    self[n] = '\0';
    RUN(each_mark_goes_just_before_its_vectors_first_request);
    RUN(a_lost_dut_is_noted_and_the_restart_sends_hello_before_the_mark);
    RUN(odd_bytes_are_escaped_and_garbage_is_noted);
    RUN(without_a_transcript_nothing_is_recorded);
    return check_finish(argv[0]);
}
