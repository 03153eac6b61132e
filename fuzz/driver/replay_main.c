/* SPDX-License-Identifier: Apache-2.0 */
/*
 * replay_main.c - a plain main() for any fuzz target: runs
 * LLVMFuzzerTestOneInput once on every file given, and on every regular file
 * of every directory given (in name order), so that `make check` replays the
 * corpora with gcc (and under ASan/UBSan in VARIANT=san) without a fuzzing
 * engine.
 *
 *   build/VARIANT/fuzz/TARGET-replay [--mutants=N] FILE|DIR...
 *
 * --mutants=N: an input of at most N bytes is also run as every proper prefix
 * (lengths 0 .. size-1) and every single-bit flip of it: the deterministic
 * neighbourhood of each seed (STYLE.md: every truncated prefix and every
 * single-bit flip).
 *
 * Every input is copied into a buffer of exactly its size, so that ASan sees
 * a read past the end. A violated property aborts (fuzz_fail), which is the
 * failure; the driver then names the input on stderr ("replay: the failing
 * input: FILE cut to its first N bytes", "... with bit B flipped"), from its
 * SIGABRT handler or the sanitizers' death callback. Exit status: 0 all
 * inputs ran, 2 usage, 3 unreadable file.
 * Output: one line "TARGET-replay: N inputs (M mutants) from F files".
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "../common/fuzz.h"

/* Which input is running, for the report of a crash or a violated property:
 * written before every input, printed by the signal handler (SIGABRT from
 * fuzz_fail or abort, SIGSEGV, ...) and by the sanitizers' death callback. */
static char g_current[4352];

static void print_current(void)
{
    static const char head[] = "replay: the failing input: ";
    size_t n = strlen(g_current);
    ssize_t w = write(2, head, sizeof head - 1);
    w = write(2, g_current, n);
    w = write(2, "\n", 1);
    (void)w;
}

static void on_signal(int sig)
{
    print_current();
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Provided by the ASan/UBSan runtimes (gcc and clang) when linked in. */
FUZZ_WEAK void __sanitizer_set_death_callback(void (*callback)(void));

struct replay {
    const char *path; /* the file being replayed */
    size_t max_mutant_size; /* 0: no mutants */
    unsigned long inputs;
    unsigned long mutants;
    unsigned long files;
};

static void run_exact(const uint8_t *p, size_t n)
{
    uint8_t *copy = malloc(n > 0 ? n : 1);
    if (copy == NULL) {
        fprintf(stderr, "replay: out of memory\n");
        exit(3);
    }
    if (n > 0)
        memcpy(copy, p, n);
    LLVMFuzzerTestOneInput(copy, n);
    free(copy);
}

static void run_input(struct replay *r, uint8_t *p, size_t n)
{
    snprintf(g_current, sizeof g_current, "%s", r->path);
    run_exact(p, n);
    r->inputs++;
    if (n > r->max_mutant_size)
        return;
    for (size_t len = 0; len < n; len++, r->mutants++) {
        snprintf(g_current, sizeof g_current, "%s cut to its first %zu bytes",
                 r->path, len);
        run_exact(p, len);
    }
    for (size_t bit = 0; bit < 8 * n; bit++, r->mutants++) {
        p[bit / 8] ^= (uint8_t)(0x80u >> (bit % 8));
        snprintf(g_current, sizeof g_current,
                 "%s with bit %zu flipped (byte %zu ^= 0x%02X)", r->path, bit,
                 bit / 8, 0x80u >> (bit % 8));
        run_exact(p, n);
        p[bit / 8] ^= (uint8_t)(0x80u >> (bit % 8));
    }
}

static int run_file(struct replay *r, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
        return -1;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    while (buf != NULL) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        uint8_t *bigger = realloc(buf, cap * 2);
        if (bigger == NULL) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    int bad = ferror(f) || buf == NULL;
    fclose(f);
    if (bad) {
        fprintf(stderr, "replay: %s: read error\n", path);
        free(buf);
        return -1;
    }
    r->files++;
    r->path = path;
    run_input(r, buf, n);
    free(buf);
    return 0;
}

static int skip_entry(const struct dirent *e)
{
    return e->d_name[0] != '.';
}

static int run_path(struct replay *r, const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode))
        return run_file(r, path);
    struct dirent **names = NULL;
    int count = scandir(path, &names, skip_entry, alphasort);
    if (count < 0) {
        fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
        return -1;
    }
    int rc = 0;
    for (int i = 0; i < count; i++) {
        char full[4096];
        int w = snprintf(full, sizeof full, "%s/%s", path, names[i]->d_name);
        if (w > 0 && (size_t)w < sizeof full && stat(full, &st) == 0 &&
            S_ISREG(st.st_mode) && run_file(r, full) != 0)
            rc = -1;
        free(names[i]);
    }
    free(names);
    return rc;
}

int main(int argc, char **argv)
{
#if defined(__GLIBC__)
    /* Every input creates and frees the machines it drives, some of them
     * hundreds of kB (a 256-port generator): glibc gave that memory back to
     * the kernel at every free (brk shrink, TLB flushes on every core) and
     * took it again at the next create, 14 times the replay's own work
     * (diff: 2.9 s -> 0.21 s on 200 seeds and their mutants). Keep it. */
    (void)mallopt(M_TRIM_THRESHOLD, 256 << 20);
    (void)mallopt(M_MMAP_THRESHOLD, 32 << 20);
#endif
    struct replay r = {"", 0, 0, 0, 0};
    const char *name = strrchr(argv[0], '/') != NULL ? strrchr(argv[0], '/') + 1
                                                     : argv[0];
    int first = 1;
    if (argc > 1 && strncmp(argv[1], "--mutants=", 10) == 0) {
        char *end = NULL;
        r.max_mutant_size = (size_t)strtoul(argv[1] + 10, &end, 10);
        if (end == argv[1] + 10 || *end != '\0') {
            fprintf(stderr, "%s: bad %s\n", name, argv[1]);
            return 2;
        }
        first = 2;
    }
    if (argc <= first) {
        fprintf(stderr, "usage: %s [--mutants=N] FILE|DIR...\n", name);
        return 2;
    }
    signal(SIGABRT, on_signal); /* fuzz_fail, abort() */
    if (__sanitizer_set_death_callback != NULL) {
        __sanitizer_set_death_callback(print_current);
    } else { /* no sanitizer runtime to report these */
        signal(SIGSEGV, on_signal);
        signal(SIGBUS, on_signal);
        signal(SIGFPE, on_signal);
        signal(SIGILL, on_signal);
    }
    if (LLVMFuzzerInitialize != NULL)
        LLVMFuzzerInitialize(&argc, &argv);
    int rc = 0;
    for (int i = first; i < argc; i++)
        if (run_path(&r, argv[i]) != 0)
            rc = 3;
    printf("%s: %lu inputs (%lu mutants) from %lu files\n", name,
           r.inputs + r.mutants, r.mutants, r.files);
    return rc;
}
