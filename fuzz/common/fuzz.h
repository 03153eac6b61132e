/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/common/fuzz.h - what every fuzz target of riocheck shares: the engine
 * entry points, fuzz_fail() for a violated property, a bounded byte reader
 * (struct fuzz_in) and a seeded generator for custom mutators.
 *
 * A target is one file fuzz/<target>.c (one input surface) that includes this
 * header as "common/fuzz.h" and defines
 *
 *     int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
 *
 * plus static helpers, and optionally LLVMFuzzerCustomMutator. The same file
 * builds for libFuzzer (make fuzz-build), AFL++ persistent mode
 * (fuzz/driver/afl_main.c, make fuzz-afl-build) and a plain replay program
 * (fuzz/driver/replay_main.c, gcc, every VARIANT; `make check` replays the
 * corpora), so a target must be deterministic: no clock, no randomness, no
 * state that survives from one input to the next. It checks properties, not
 * only crashes: on a violated property it calls fuzz_fail(), which prints the
 * message and aborts, so every engine records the input as a crash.
 *
 * Everything here is static inline: no object file to link.
 */
#ifndef RIOCHECK_FUZZ_H
#define RIOCHECK_FUZZ_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#if defined(__GNUC__) || defined(__clang__)
#define FUZZ_NORETURN __attribute__((noreturn))
#define FUZZ_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define FUZZ_WEAK __attribute__((weak))
#else
#define FUZZ_NORETURN
#define FUZZ_PRINTF(f, a)
#define FUZZ_WEAK
#endif

/* FUZZ_ORACLE marks a target's own oracle helpers (spec-literal bit walks,
 * bit-serial CRCs): under clang they get no coverage instrumentation, which
 * would otherwise dominate the cost of an execution (a comparison callback
 * per loop iteration) and only describe the oracle, not the code under test.
 * noinline keeps the attribute meaningful. */
#if defined(__clang__)
#define FUZZ_ORACLE __attribute__((no_sanitize("coverage"), noinline))
#elif defined(__GNUC__)
#define FUZZ_ORACLE __attribute__((noinline))
#else
#define FUZZ_ORACLE
#endif

/* ---- engine entry points -------------------------------------------------
 * LLVMFuzzerTestOneInput: the target (required). Return 0.
 * LLVMFuzzerInitialize: optional, called once before the first input by
 *   every driver (libFuzzer, AFL++, replay).
 * LLVMFuzzerCustomMutator: optional; libFuzzer calls it instead of its own
 *   mutations, and build/fuzz-afl/<target>-mutator.so offers it to AFL++
 *   (AFL_CUSTOM_MUTATOR_LIBRARY). It may call LLVMFuzzerMutate for a raw
 *   mutation; that exists only under libFuzzer and the AFL++ mutator library,
 *   so check it for NULL (it is declared weak).
 * The optional ones are declared weak so that a driver can test whether the
 * target defines them. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
FUZZ_WEAK int LLVMFuzzerInitialize(int *argc, char ***argv);
FUZZ_WEAK size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size,
                                         size_t max_size, unsigned int seed);
FUZZ_WEAK size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
/* LLVMFuzzerCustomCrossOver: optional; libFuzzer calls it to combine two
 * inputs, the AFL++ mutator library now and then with AFL++'s splice input. */
FUZZ_WEAK size_t LLVMFuzzerCustomCrossOver(const uint8_t *data1, size_t size1,
                                           const uint8_t *data2, size_t size2,
                                           uint8_t *out, size_t max_out_size,
                                           unsigned int seed);

/* ---- violated properties ------------------------------------------------ */

/* Print "fuzz_fail: <message>" to stderr and abort(): the input that got here
 * is a finding (a crash for every engine). printf-like. */
static inline FUZZ_NORETURN FUZZ_PRINTF(1, 2) void fuzz_fail(const char *fmt,
                                                             ...)
{
    va_list ap;
    fputs("fuzz_fail: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    fflush(stderr);
    abort();
}

/* Format n bytes as upper-case hex into dst (cap bytes, always terminated;
 * cut short with "..." when it does not fit). Returns dst, for messages:
 *     char h[FUZZ_HEX_CAP]; fuzz_fail("... %s", fuzz_hex(h, sizeof h, p, n)); */
#define FUZZ_HEX_CAP 80u
static inline const char *fuzz_hex(char *dst, size_t cap, const uint8_t *p,
                                   size_t n)
{
    static const char digit[] = "0123456789ABCDEF";
    size_t o = 0;
    if (dst == NULL || cap == 0)
        return "";
    for (size_t i = 0; p != NULL && i < n; i++) {
        /* Write the byte if everything left fits, or if it still leaves room
         * for "..." and the NUL; otherwise end with "..." (if it fits). */
        if (o + 2 * (n - i) + 1 > cap && o + 2 + 4 > cap) {
            if (o + 4 <= cap)
                dst[o++] = '.', dst[o++] = '.', dst[o++] = '.';
            break;
        }
        dst[o++] = digit[p[i] >> 4];
        dst[o++] = digit[p[i] & 15u];
    }
    dst[o] = '\0'; /* o < cap: every write above left room for the NUL */
    return dst;
}

/* ---- bounded byte reader --------------------------------------------------
 * Reads the input front to back; reading past the end gives zeros (never an
 * out-of-bounds access), so a target can parse any input without checking
 * the length before each field. Multi-byte values are big-endian. */
struct fuzz_in {
    const uint8_t *p;
    size_t left;
};

static inline void fuzz_in_init(struct fuzz_in *in, const uint8_t *data,
                                size_t size)
{
    in->p = data;
    in->left = data != NULL ? size : 0;
}

/* Bytes not read yet. */
static inline size_t fuzz_left(const struct fuzz_in *in)
{
    return in->left;
}

/* The next byte, or 0 when the input is exhausted. */
static inline uint8_t fuzz_u8(struct fuzz_in *in)
{
    if (in->left == 0)
        return 0;
    in->left--;
    return *in->p++;
}

static inline uint16_t fuzz_u16(struct fuzz_in *in)
{
    uint16_t hi = fuzz_u8(in);
    return (uint16_t)((hi << 8) | fuzz_u8(in));
}

static inline uint32_t fuzz_u32(struct fuzz_in *in)
{
    uint32_t hi = fuzz_u16(in);
    return (hi << 16) | fuzz_u16(in);
}

static inline uint64_t fuzz_u64(struct fuzz_in *in)
{
    uint64_t hi = fuzz_u32(in);
    return (hi << 32) | fuzz_u32(in);
}

/* A value 0..n-1 from one byte (n <= 256) or two (n > 256); 0 when n is 0. */
static inline unsigned fuzz_below(struct fuzz_in *in, unsigned n)
{
    if (n == 0)
        return 0;
    return (n <= 256u ? (unsigned)fuzz_u8(in) : (unsigned)fuzz_u16(in)) % n;
}

/* 0 or 1 from the low bit of one byte. */
static inline unsigned fuzz_bool(struct fuzz_in *in)
{
    return fuzz_u8(in) & 1u;
}

/* The next n bytes, or NULL (and nothing consumed) if fewer are left. */
static inline const uint8_t *fuzz_take(struct fuzz_in *in, size_t n)
{
    if (n > in->left)
        return NULL;
    const uint8_t *p = in->p;
    in->p += n;
    in->left -= n;
    return p;
}

/* Everything not read yet: *n gets its length (possibly 0). */
static inline const uint8_t *fuzz_rest(struct fuzz_in *in, size_t *n)
{
    *n = in->left;
    return fuzz_take(in, in->left);
}

/* ---- a seeded generator for custom mutators ------------------------------
 * xorshift64*: only for mutators, which get their seed from the engine. A
 * target's LLVMFuzzerTestOneInput never uses it (it must be deterministic). */
struct fuzz_rng {
    uint64_t s;
};

static inline void fuzz_rng_init(struct fuzz_rng *r, uint64_t seed)
{
    r->s = seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
    if (r->s == 0)
        r->s = 1;
}

static inline uint64_t fuzz_rng_next(struct fuzz_rng *r)
{
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return r->s * 0x2545F4914F6CDD1Dull;
}

/* 0..n-1 (0 when n is 0). */
static inline uint32_t fuzz_rng_below(struct fuzz_rng *r, uint32_t n)
{
    return n == 0 ? 0 : (uint32_t)((fuzz_rng_next(r) >> 32) % n);
}

#endif
