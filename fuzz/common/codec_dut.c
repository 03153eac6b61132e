/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz/common/codec_dut.c - see codec_dut.h. */
#include "codec_dut.h"

#include <string.h>

#include "../../harness/refdut/refdut.h"
#include "fuzz.h"

struct codec_dut *codec_dut(void)
{
    static struct codec_dut t;
    if (t.inst != NULL)
        return &t;
    struct rc_config cfg;
    memset(&cfg, 0, sizeof cfg);
    t.d = rc_refdut();
    t.n = 0;
    int rc = t.d->machine[RC_M_CODEC].create(t.d->ctx, &t.inst, &cfg);
    if (rc != RC_OK || t.inst == NULL)
        fuzz_fail("refdut codec create: %d", rc);
    return &t;
}

int codec_dut_step(struct codec_dut *t, uint32_t kind, const uint64_t *arg,
                   uint32_t nargs)
{
    struct rc_msg ev;
    ev.kind = kind;
    ev.nargs = nargs;
    for (uint32_t i = 0; i < nargs && i < RC_MAX_ARGS; i++)
        ev.arg[i] = arg[i];
    t->n = UINT32_MAX;
    int rc = t->d->machine[RC_M_CODEC].step(t->inst, &ev, t->out,
                                            RC_MAX_OUTPUTS, &t->n);
    if (t->n > RC_MAX_OUTPUTS)
        fuzz_fail("refdut codec event %u: n = %u", kind, t->n);
    return rc;
}

void codec_msg_expect(const struct rc_msg *m, uint32_t kind,
                      const uint64_t *want, uint32_t nargs, const char *what)
{
    if (m->kind != kind || m->nargs != nargs)
        fuzz_fail("%s: output kind %u with %u args, want kind %u, %u args",
                  what, m->kind, m->nargs, kind, nargs);
    for (uint32_t a = 0; a < nargs; a++)
        if (m->arg[a] != want[a])
            fuzz_fail("%s: arg %u = %llu, want %llu", what, a,
                      (unsigned long long)m->arg[a],
                      (unsigned long long)want[a]);
}

void codec_dut_expect(const struct codec_dut *t, uint32_t i, uint32_t kind,
                      const uint64_t *want, uint32_t nargs, const char *what)
{
    if (i >= t->n)
        fuzz_fail("%s: refdut gave %u outputs, want output %u (kind %u)", what,
                  t->n, i, kind);
    codec_msg_expect(&t->out[i], kind, want, nargs, what);
}

void codec_dut_expect1(const struct codec_dut *t, uint32_t kind,
                       const uint64_t *want, uint32_t nargs, const char *what)
{
    if (t->n != 1)
        fuzz_fail("%s: refdut gave %u outputs, want 1 (kind %u)", what, t->n,
                  kind);
    codec_msg_expect(&t->out[0], kind, want, nargs, what);
}

void codec_bytes_args(uint64_t arg[3], const uint8_t *p, size_t n)
{
    arg[0] = n;
    arg[1] = arg[2] = 0;
    for (size_t i = 0; i < n && i < 16; i++)
        arg[1 + i / 8] |= (uint64_t)p[i] << (56 - 8 * (i % 8));
}

FUZZ_ORACLE uint64_t fuzz_bits_get(const uint8_t *p, unsigned first,
                                   unsigned last)
{
    uint64_t v = 0;
    for (unsigned i = first / 8; i <= last / 8; i++)
        v = (v << 8) | p[i];
    v >>= 7 - last % 8;
    return v & ((UINT64_C(1) << (last - first + 1)) - 1);
}

FUZZ_ORACLE void fuzz_bits_put(uint8_t *p, unsigned first, unsigned last,
                               uint64_t v)
{
    unsigned shift = 7 - last % 8;
    uint64_t mask = ((UINT64_C(1) << (last - first + 1)) - 1) << shift;
    uint64_t w = 0;
    for (unsigned i = first / 8; i <= last / 8; i++)
        w = (w << 8) | p[i];
    w = (w & ~mask) | ((v << shift) & mask);
    for (unsigned i = last / 8 + 1; i-- > first / 8; w >>= 8)
        p[i] = (uint8_t)w;
}
