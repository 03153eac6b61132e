/* SPDX-License-Identifier: Apache-2.0 */
/*
 * riocheck-bench: the speed figures of the harness (issue 4), printed, never
 * asserted. Loads a DUT library (default: the reference as a DUT library)
 * and measures, in one run, over the exhaustive CS64 VoQ sweep (every 24-bit
 * parameter x group widths 0-6 = 117,440,512 calls):
 *   empty        - calls of an empty function with the ABI's cs64_decode
 *                  signature, through a function pointer;
 *   decode+field - the library's cs64_decode fast path, every result
 *                  compared field by field with the expected message: kind
 *                  and VC per VC_IND from the naive oracle (Table 3-3,
 *                  harness/oracle, 16 values computed before the loop), group,
 *                  status and first port from the field layout of Part 12 3.2
 *                  (VC_IND | status | group, most significant first);
 *   decode+naive - the same calls compared with the naive bit-by-bit oracle
 *                  of harness/oracle called for every value (what `riocheck
 *                  run` does in its sweeps); it also proves that the field
 *                  oracle above agrees with the naive one on every value;
 *   decode only  - the calls without any comparison.
 * The goal of issue 4 is decode+field within 2.5x of empty.
 * Usage: riocheck-bench [PATH.so]   (median of 3 runs of each loop, the
 * loops interleaved so that a change of machine load hits all of them)
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "../core/dutload.h"
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

enum mode { EMPTY, FIELD, NAIVE, ONLY };

/* Expected kind (arg 0) and VC (arg 2) of each VC_IND, from the naive oracle. */
static uint64_t kind_of[16], vc_of[16];

/* One sweep in the given mode. Returns seconds; *bad counts mismatches. */
static double sweep(int (*volatile fn)(uint32_t, uint32_t, struct rc_msg *), enum mode mode,
                    unsigned long long *bad)
{
    struct rc_msg got, want;
    unsigned long long nbad = 0;
    double t0 = now();
    for (uint32_t w = 0; w <= 6; w++) {
        uint32_t s = 20 - w; /* status bits */
        uint32_t gmask = (1u << w) - 1u, smask = (1u << s) - 1u;
        for (uint32_t v = 0; v < (1u << 24); v++) {
            int rc = fn(w, v, &got);
            if (mode == FIELD) {
                uint32_t vi = v >> 20, group = v & gmask;
                uint64_t diff = (uint64_t)(unsigned)rc |
                                (got.kind ^ (uint64_t)RC_CODEC_OUT_VOQ_MSG) |
                                (got.arg[0] ^ kind_of[vi]) | (got.arg[1] ^ vi) |
                                (got.arg[2] ^ vc_of[vi]) | (got.arg[3] ^ w) |
                                (got.arg[4] ^ s);
                if (kind_of[vi] == 0) /* backpressure: the port fields too */
                    diff |= (got.arg[5] ^ group) | (got.arg[6] ^ ((v >> w) & smask)) |
                            (got.arg[7] ^ (uint64_t)group * s);
                nbad += diff != 0;
            } else if (mode == NAIVE) {
                int wrc = oracle_cs64(w, v, &want);
                int same = rc == wrc && got.kind == want.kind && got.arg[0] == want.arg[0];
                if (same && want.arg[0] == 0)
                    same = memcmp(&got.arg[1], &want.arg[1], 7 * sizeof got.arg[0]) == 0;
                nbad += same ? 0u : 1u;
            }
        }
    }
    *bad += nbad;
    return now() - t0;
}

static double median3(double a, double b, double c)
{
    return a > b ? (b > c ? b : (a > c ? c : a)) : (a > c ? a : (b > c ? c : b));
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "build/gcc/lib/riocheck-reference.so";
    char err[512];
    struct rc_dut_lib *lib = NULL;
    const struct rc_dut *dut = rc_dut_load(path, &lib, err, sizeof err);
    if (dut == NULL) {
        fprintf(stderr, "riocheck-bench: %s: %s\n", path, err);
        return 3;
    }
    if (dut == NULL || dut->cs64_decode == NULL) {
        fprintf(stderr, "riocheck-bench: %s has no cs64_decode fast path\n", path);
        return 3;
    }
    for (uint32_t vi = 0; vi < 16; vi++) {
        struct rc_msg m;
        if (oracle_cs64(0, vi << 20, &m) != RC_OK) {
            fprintf(stderr, "riocheck-bench: the naive oracle refused VC_IND %u\n", vi);
            return 3;
        }
        kind_of[vi] = m.arg[0];
        vc_of[vi] = m.arg[2];
    }
    unsigned long long bad_field = 0, bad_naive = 0, ignore = 0;
    double e[3], f[3], n[3], o[3];
    for (int i = 0; i < 3; i++) {
        e[i] = sweep(empty_decode, EMPTY, &ignore);
        f[i] = sweep(dut->cs64_decode, FIELD, &bad_field);
        n[i] = sweep(dut->cs64_decode, NAIVE, &bad_naive);
        o[i] = sweep(dut->cs64_decode, ONLY, &ignore);
    }
    double me = median3(e[0], e[1], e[2]), mf = median3(f[0], f[1], f[2]),
           mn = median3(n[0], n[1], n[2]), mo = median3(o[0], o[1], o[2]);
    double calls = 7.0 * (double)(1u << 24);
    printf("exhaustive CS64 sweep, %.0f calls, DUT %s %s (%s), median of 3\n", calls,
           dut->name, dut->version, path);
    printf("  empty calls through the ABI        %7.3f s  %6.2f ns/call\n", me, me / calls * 1e9);
    printf("  decode + field oracle              %7.3f s  %6.2f ns/call  ratio %.2fx\n", mf,
           mf / calls * 1e9, mf / me);
    printf("  decode + naive bit-by-bit oracle   %7.3f s  %6.2f ns/call  ratio %.2fx\n", mn,
           mn / calls * 1e9, mn / me);
    printf("  decode only                        %7.3f s  %6.2f ns/call  ratio %.2fx\n", mo,
           mo / calls * 1e9, mo / me);
    printf("  mismatches (3 runs): field oracle %llu, naive oracle %llu\n", bad_field,
           bad_naive);
    printf("  goal: decode + field oracle within 2.5x of the empty loop: %s\n",
           mf / me <= 2.5 ? "met" : "NOT met");
    dlclose(lib);
    return bad_field || bad_naive ? 1 : 0;
}
