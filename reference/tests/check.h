/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check.h - the unit-test harness shared by every *_test.c (header only).
 *
 * A test is a `static void name(void)`; main() calls RUN(name) for each and
 * returns check_finish(). A failed assertion prints file:line, both
 * expressions and both values (buffers as hex), marks the running test failed
 * and returns from it. The last line printed is
 *   <program>: N passed, N failed
 * Test names say what they prove (cs48_unpack_bad_crc_is_reported).
 */
#ifndef RIO_CHECK_H
#define RIO_CHECK_H

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#if defined(__GNUC__)
#define CHECK_MAYBE_UNUSED __attribute__((unused))
#else
#define CHECK_MAYBE_UNUSED
#endif

static int check_failed_;    /* failures in the running test */
static int check_passed_n_;  /* tests passed */
static int check_failed_n_;  /* tests failed */
static const char *check_name_;

CHECK_MAYBE_UNUSED static void check_hex_(const char *label, const uint8_t *p, size_t n)
{
    fprintf(stderr, "    %s:", label);
    for (size_t i = 0; i < n; i++)
        fprintf(stderr, "%s%02X", (i % 16) ? " " : "\n      ", p[i]);
    fprintf(stderr, "\n");
}

static int check_fail_(const char *file, int line)
{
    if (check_failed_ == 0)
        fprintf(stderr, "FAIL %s\n", check_name_ ? check_name_ : "?");
    fprintf(stderr, "  %s:%d: ", file, line);
    check_failed_++;
    return 1;
}

#define CHECK(cond)                                                            \
    do {                                                                       \
        if (!(cond)) {                                                         \
            check_fail_(__FILE__, __LINE__);                                   \
            fprintf(stderr, "CHECK(%s) is false\n", #cond);                  \
            return;                                                            \
        }                                                                      \
    } while (0)

/* Integer equality, printed in decimal and hex. */
#define CHECK_EQ(a, b)                                                         \
    do {                                                                       \
        int64_t ca_ = (int64_t)(a), cb_ = (int64_t)(b);                        \
        if (ca_ != cb_) {                                                      \
            check_fail_(__FILE__, __LINE__);                                   \
            fprintf(stderr, "%s == %s\n    left:  %" PRId64 " (0x%" PRIX64 ")\n" \
                    "    right: %" PRId64 " (0x%" PRIX64 ")\n", #a, #b, ca_,   \
                    (uint64_t)ca_, cb_, (uint64_t)cb_);                        \
            return;                                                            \
        }                                                                      \
    } while (0)

/* Byte-buffer equality, printed as hex dumps. */
#define CHECK_MEM(a, b, n)                                                     \
    do {                                                                       \
        size_t cn_ = (size_t)(n);                                              \
        if (memcmp((a), (b), cn_) != 0) {                                      \
            check_fail_(__FILE__, __LINE__);                                   \
            fprintf(stderr, "%s == %s (%zu bytes)\n", #a, #b, cn_);          \
            check_hex_("left", (const uint8_t *)(a), cn_);                     \
            check_hex_("right", (const uint8_t *)(b), cn_);                    \
            return;                                                            \
        }                                                                      \
    } while (0)

/* A loop-friendly variant: same as CHECK_EQ, also prints a context index. */
#define CHECK_EQ_AT(i, a, b)                                                   \
    do {                                                                       \
        int64_t ca_ = (int64_t)(a), cb_ = (int64_t)(b);                        \
        if (ca_ != cb_) {                                                      \
            check_fail_(__FILE__, __LINE__);                                   \
            fprintf(stderr, "[%s = %" PRId64 "] %s == %s\n    left:  %" PRId64 \
                    " (0x%" PRIX64 ")\n    right: %" PRId64 " (0x%" PRIX64 ")\n", \
                    #i, (int64_t)(i), #a, #b, ca_, (uint64_t)ca_, cb_,         \
                    (uint64_t)cb_);                                            \
            return;                                                            \
        }                                                                      \
    } while (0)

/* Parse a hex string (no separators) into buf; returns the byte count. */
CHECK_MAYBE_UNUSED static size_t check_unhex(uint8_t *buf, size_t cap, const char *hex)
{
    size_t n = 0;
    for (; hex[0] && hex[1] && n < cap; hex += 2) {
        unsigned v;
        if (sscanf(hex, "%2x", &v) != 1)
            break;
        buf[n++] = (uint8_t)v;
    }
    return n;
}

/* CPU seconds (user+sys) of this process and the children it waited for. */
static double check_cpu_(void)
{
    struct rusage s, c;
    if (getrusage(RUSAGE_SELF, &s) != 0 || getrusage(RUSAGE_CHILDREN, &c) != 0)
        return 0;
    long sec = s.ru_utime.tv_sec + s.ru_stime.tv_sec + c.ru_utime.tv_sec + c.ru_stime.tv_sec;
    long usec = s.ru_utime.tv_usec + s.ru_stime.tv_usec + c.ru_utime.tv_usec + c.ru_stime.tv_usec;
    return (double)sec + (double)usec / 1e6;
}

/* RIOCHECK_TEST_TIMES=1 (make check passes it on): "# time NAME: S s CPU"
 * after each test, its CPU time and that of the children it waited for. */
static void check_run_(const char *name, void (*fn)(void))
{
    const char *times = getenv("RIOCHECK_TEST_TIMES");
    int timed = times != NULL && strcmp(times, "1") == 0;
    double t0 = timed ? check_cpu_() : 0;
    check_name_ = name;
    check_failed_ = 0;
    fn();
    if (timed) {
        printf("# time %s: %.3f s CPU\n", name, check_cpu_() - t0);
        fflush(stdout); /* before a later test forks */
    }
    if (check_failed_)
        check_failed_n_++;
    else
        check_passed_n_++;
}

#define RUN(fn) check_run_(#fn, fn)

static int check_finish(const char *program)
{
    const char *base = strrchr(program, '/');
    printf("%s: %d passed, %d failed\n", base ? base + 1 : program,
           check_passed_n_, check_failed_n_);
    return check_failed_n_ ? 1 : 0;
}

#endif
