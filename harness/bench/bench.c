/*
 * riocheck-bench: the speed figures of the harness (issue 4), printed, never
 * asserted. Loads a DUT library (default: the reference as a DUT library)
 * and measures, in one run:
 *   empty  - 2^24 x 7 calls of an empty function with the ABI's cs64_decode
 *            signature, through a function pointer;
 *   decode - the exhaustive CS64 VoQ sweep through the library's cs64_decode
 *            fast path, every result compared field by field with the naive
 *            oracle of harness/oracle;
 *   decode-only - the same calls without the oracle, to show the split.
 * Usage: riocheck-bench [PATH.so]   (median of 3 runs of each loop)
 */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "../oracle/oracle.h"
#include "riocheck/dut.h"

static int empty_decode(uint32_t width, uint32_t param, struct rc_msg *out)
{
    (void)width;
    (void)param;
    out->kind = RC_CODEC_OUT_VOQ_MSG;
    return RC_OK;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* mode 0: empty, 1: decode + oracle, 2: decode only. Returns seconds; *bad
 * counts mismatches. */
static double sweep(int (*volatile fn)(uint32_t, uint32_t, struct rc_msg *), int mode,
                    unsigned long long *bad)
{
    struct rc_msg got, want;
    double t0 = now();
    for (uint32_t w = 0; w <= 6; w++)
        for (uint32_t v = 0; v < (1u << 24); v++) {
            int rc = fn(w, v, &got);
            if (mode == 1) {
                int wrc = oracle_cs64(w, v, &want);
                int same = rc == wrc && got.arg[0] == want.arg[0];
                if (same && want.arg[0] == 0)
                    same = memcmp(&got.arg[1], &want.arg[1], 7 * sizeof got.arg[0]) == 0;
                *bad += same ? 0u : 1u;
            }
        }
    return now() - t0;
}

static double median3(double a, double b, double c)
{
    return a > b ? (b > c ? b : (a > c ? c : a)) : (a > c ? a : (b > c ? c : b));
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "build/gcc/lib/riocheck-reference.so";
    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL) {
        fprintf(stderr, "riocheck-bench: %s\n", dlerror());
        return 3;
    }
    void *sym = dlsym(lib, RC_DUT_ENTRY);
    rc_dut_entry_fn entry;
    memcpy(&entry, &sym, sizeof entry);
    const struct rc_dut *dut = sym ? entry() : NULL;
    if (dut == NULL || dut->cs64_decode == NULL) {
        fprintf(stderr, "riocheck-bench: %s has no cs64_decode fast path\n", path);
        return 3;
    }
    unsigned long long bad = 0, ignore = 0;
    double e[3], d[3], o[3];
    for (int i = 0; i < 3; i++) {
        e[i] = sweep(empty_decode, 0, &ignore);
        d[i] = sweep(dut->cs64_decode, 1, &bad);
        o[i] = sweep(dut->cs64_decode, 2, &ignore);
    }
    double me = median3(e[0], e[1], e[2]), md = median3(d[0], d[1], d[2]),
           mo = median3(o[0], o[1], o[2]);
    double calls = 7.0 * (double)(1u << 24);
    printf("exhaustive CS64 sweep, %.0f calls, DUT %s %s (%s), median of 3\n", calls,
           dut->name, dut->version, path);
    printf("  empty calls through the ABI        %7.3f s  %6.2f ns/call\n", me, me / calls * 1e9);
    printf("  decode + oracle comparison         %7.3f s  %6.2f ns/call  ratio %.2fx\n", md,
           md / calls * 1e9, md / me);
    printf("  decode only                        %7.3f s  %6.2f ns/call  ratio %.2fx\n", mo,
           mo / calls * 1e9, mo / me);
    printf("  mismatches against the oracle: %llu (of 3 runs)\n", bad);
    printf("  goal: decode + oracle within 2.5x of the empty loop: %s\n",
           md / me <= 2.5 ? "met" : "NOT met");
    dlclose(lib);
    return bad ? 1 : 0;
}
