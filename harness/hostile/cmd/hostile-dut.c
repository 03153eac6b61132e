/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hostile-dut.c - a hostile DUT program for `riocheck run --dut-cmd`
 * (docs/dut-protocol.md): it speaks the protocol correctly for the codec
 * machine's cs64_decode and the p9reg machine's create, and attacks riocheck
 * in the way MODE says when the p9reg car_read request arrives (the test's
 * vector hostile.trigger). hostile_test.sh runs it as
 *
 *     riocheck run --vectors V --dut-cmd BUILD/VARIANT/hostile/hostile-dut MODE
 *
 * Modes (what the car_read request gets; "bounded" = the program gives up
 * by itself after at most HOSTILE_BOUND_S seconds, so a test that fails can
 * never leave it running for long):
 *   ok              the right answer (value 0x80): the baseline
 *   wrong           value 0x81: a plain FAIL, so that a reproducer is written
 *   garbage         an `out` line whose value is not a number
 *   garbage-markup  a garbage line full of report syntax (TAB, quotes, <, &,
 *                   ]]>, a TAP line, an ESC sequence, invalid UTF-8), which
 *                   riocheck quotes in the vector's detail
 *   refuse-markup   `error TEXT` (the DUT refuses the request) with the same
 *                   kind of TEXT
 *   binary          4 KiB of bytes of every value, then a newline
 *   longline        a 100 MB line
 *   nul             a line with a NUL byte inside
 *   outputs-flood   9000 `out` lines (more than any step may have)
 *   result-unknown  `done result=12345`, a code RC_RESULTS does not have
 *   result-lost     `done result=-90`, which the protocol forbids
 *   comments        only `#` comment lines, one a millisecond (bounded)
 *   exit            exit status 7
 *   segv            SIGSEGV
 *   hang            no answer (bounded)
 *   sigstop         stops itself (SIGSTOP)
 *   close-stdout    closes its standard output and stays alive (bounded)
 *   stderr-flood    8 MiB on standard error, then the right answer
 *   fork-linger     forks a child that keeps every descriptor and sleeps
 *                   (bounded), then gives the right answer
 *   grandchild      forks a child that leaves the process group and the
 *                   session (setsid) keeping the DUT's pipes open and sleeps
 *                   (bounded), then exits with status 7 (issue 11 item 10)
 * Modes that attack the handshake instead:
 *   banner-flood    2000 banner lines before the hello (riocheck allows 1000)
 *   bad-hello       answers the hello with protocol version 2
 *   name-markup     a name and version of report syntax (valid UTF-8), and
 *                   the `wrong` answer
 *   name-bytes      a name and version with invalid UTF-8 and control
 *                   characters, and the `wrong` answer
 * Processes started by the fork modes append their process ids to the file
 * named by the environment variable HOSTILE_PIDFILE, if it is set.
 */
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define HOSTILE_BOUND_S 20u
#define HOSTILE_LINE_MAX 8192

static const char *mode = "ok";

static int is(const char *m)
{
    return strcmp(mode, m) == 0;
}

static void say(const char *text)
{
    fputs(text, stdout);
    fflush(stdout);
}

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0) {
        /* interrupted: sleep the rest */
    }
}

static void note_pid(long pid)
{
    const char *path = getenv("HOSTILE_PIDFILE");
    if (path == NULL || path[0] == '\0')
        return;
    FILE *f = fopen(path, "a");
    if (f == NULL)
        return;
    fprintf(f, "%ld\n", pid);
    fclose(f);
}

/* The value of argument NAME=... in a request line, or `none`. */
static uint64_t arg(const char *line, const char *name, uint64_t none)
{
    size_t len = strlen(name);
    for (const char *p = line; (p = strstr(p, name)) != NULL; p += len) {
        if ((p == line || p[-1] == ' ' || p[-1] == '\t') && p[len] == '=')
            return strtoull(p + len + 1, NULL, 0);
    }
    return none;
}

/* codec cs64_decode(width, param), Part 12 rev 4.1 3.2 Figure 3-4 and Table
 * 3-3: VC_IND (4 bits) | Port Status (20 - g bits) | Port Group (g bits). */
static void cs64_decode(const char *line)
{
    uint64_t width = arg(line, "width", 0), param = arg(line, "param", 0);
    if (param >> 24 != 0) {
        say("done result=range\n");
        return;
    }
    if (width > 6) {
        say("done result=reserved\n");
        return;
    }
    uint64_t sw = 20 - width, vc_ind = param >> 20;
    uint64_t group = param & ((1u << width) - 1u), status = (param >> width) & ((1u << sw) - 1u);
    uint64_t kind = 0, vc = 255;
    if (vc_ind <= 7)
        vc = vc_ind + 1;
    else if (vc_ind == 8)
        vc = 0;
    else if (vc_ind != 15)
        kind = 3;
    printf("out voq_msg kind=%" PRIu64 " vc_ind=%" PRIu64 " vc=%" PRIu64 " group_width=%" PRIu64
           " status_width=%" PRIu64 " group=%" PRIu64 " status=%" PRIu64 " first_port=%" PRIu64
           "\ndone result=ok\n",
           kind, vc_ind, vc, width, sw, group, status, group * sw);
    fflush(stdout);
}

static void flood(int fd, const char *line, size_t total)
{
    char buf[64 * 1024];
    size_t len = strlen(line), used = 0;
    while (used + len <= sizeof buf) {
        memcpy(buf + used, line, len);
        used += len;
    }
    for (size_t done = 0; done < total; done += used)
        if (write(fd, buf, used) < 0)
            return;
}

/* The answer to p9reg car_read: the attack. */
static void trigger(void)
{
    if (is("ok") || is("stderr-flood") || is("fork-linger")) {
        if (is("stderr-flood"))
            flood(2, "HOSTILE-STDERR not ok 1 - injected\tpass\n", (size_t)8 << 20);
        if (is("fork-linger")) {
            pid_t child = fork();
            if (child == 0) {
                sleep(HOSTILE_BOUND_S);
                _exit(0);
            }
            if (child > 0)
                note_pid((long)child);
        }
        say("out value value=0x80\ndone result=ok\n");
    } else if (is("wrong") || is("name-markup") || is("name-bytes")) {
        say("out value value=0x81\ndone result=ok\n");
    } else if (is("garbage")) {
        say("out value value=zero\ndone result=ok\n");
    } else if (is("garbage-markup")) {
        say("out value value=\"0x80\"\t<b>&amp;</b> ]]> <!-- `x` | not ok 1 - injected "
            "Bail out! \x1b[31m\xff\xfe\x80 \\u0000\ndone result=ok\n");
    } else if (is("refuse-markup")) {
        say("error refused:\t\"quoted\" <b>&amp;</b> ]]> <!-- `x` | not ok 1 - injected "
            "Bail out! \x1b[31m\xff\xfe\x80 \\u0000\n");
    } else if (is("binary")) {
        char buf[4096];
        for (size_t i = 0; i < sizeof buf; i++)
            buf[i] = (char)(unsigned char)((i * 7u + 1u) & 0xFFu);
        fwrite(buf, 1, sizeof buf, stdout);
        say("\n");
    } else if (is("longline")) {
        flood(1, "out value value=0x80 AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", 100000000u);
        say("\ndone result=ok\n");
    } else if (is("nul")) {
        static const char nul_line[] = "out value value=0x80\0 after a NUL\ndone result=ok\n";
        fwrite(nul_line, 1, sizeof nul_line - 1u, stdout);
        fflush(stdout);
    } else if (is("outputs-flood")) {
        for (int i = 0; i < 9000; i++)
            fputs("out value value=0x80\n", stdout);
        say("done result=ok\n");
    } else if (is("result-unknown")) {
        say("done result=12345\n");
    } else if (is("result-lost")) {
        say("done result=-90\n");
    } else if (is("comments")) {
        for (unsigned i = 0; i < HOSTILE_BOUND_S * 1000u; i++) {
            say("# still thinking\n");
            sleep_ms(1);
        }
        exit(0);
    } else if (is("exit")) {
        exit(7);
    } else if (is("segv")) {
        raise(SIGSEGV);
        exit(1);
    } else if (is("hang")) {
        sleep(HOSTILE_BOUND_S);
        exit(0);
    } else if (is("sigstop")) {
        raise(SIGSTOP);
        say("out value value=0x80\ndone result=ok\n");
    } else if (is("close-stdout")) {
        fclose(stdout);
        sleep(HOSTILE_BOUND_S);
        exit(0);
    } else if (is("grandchild")) {
        pid_t child = fork();
        if (child == 0) {
            setsid();
            sleep(HOSTILE_BOUND_S);
            _exit(0);
        }
        if (child > 0)
            note_pid((long)child);
        exit(7);
    } else {
        say("error hostile-dut: unknown mode\n");
    }
}

static void handshake(void)
{
    const char *name = "hostile-dut", *version = "1";
    if (is("banner-flood"))
        for (int i = 0; i < 2000; i++)
            printf("banner line %d of a chatty simulator\n", i);
    if (is("bad-hello")) {
        say("hello riocheck-dut-protocol 2\n");
        return;
    }
    if (is("name-markup")) {
        name = "hostile \"name\" \\ <b>bold</b> &amp; & ]]> <!-- | pipe | `tick` *em* "
               "\\0 %00 \\u0000 not ok 1 - x Bail out!";
        version = "1.0\" onload=\"x' <![CDATA[ ]]> &#0; &lt;";
    }
    if (is("name-bytes")) {
        name = "hostile-bytes \x01 \x1b[31mred\x1b[0m \x7f \x80 \xff\xfe \xe2\x82";
        version = "1 \xc0\x80 \xed\xa0\x80 \xf4\x90\x80\x80";
    }
    printf("hello riocheck-dut-protocol 1\nname %s\nversion %s\nrevisions p12r3 p9r2 p9r3\n"
           "caps codec cs64 p9reg\nprofile ports=4\nmachines codec p9reg\nready\n",
           name, version);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: hostile-dut MODE (modes: see hostile-dut.c)\n");
        return 2;
    }
    mode = argv[1];
    /* The process is bounded even if riocheck never ends it. */
    alarm(HOSTILE_BOUND_S * 3u);
    char line[HOSTILE_LINE_MAX];
    while (fgets(line, sizeof line, stdin) != NULL) {
        char word[32] = "", event[64] = "";
        if (sscanf(line, "%31s", word) != 1 || word[0] == '#')
            continue;
        if (strcmp(word, "hello") == 0) {
            handshake();
        } else if (strcmp(word, "create") == 0 || strcmp(word, "destroy") == 0) {
            say("ok\n");
        } else if (strcmp(word, "query") == 0) {
            say("error result=notsup\n");
        } else if (strcmp(word, "bye") == 0) {
            say("bye\n");
            return 0;
        } else if (strcmp(word, "step") == 0 && sscanf(line, "%*s %*s %63s", event) == 1) {
            if (strcmp(event, "cs64_decode") == 0)
                cs64_decode(line);
            else if (strcmp(event, "car_read") == 0)
                trigger();
            else
                say("done result=notsup\n");
        } else {
            say("error hostile-dut: unknown request\n");
        }
    }
    return 0;
}
