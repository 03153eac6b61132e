/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bad-p12reg-ro-writable.c - a deliberately NON-CONFORMING example DUT.
 *
 * What it breaks: Part 12 5.1.2.2 Table 5-3: Port n VoQ CSR bit 0
 * (0x80000000, "VoQ Backpressure Symbol Generation Supported") is read-only,
 * its value fixed by the implementation. In this device it is an ordinary
 * read/write bit: a write stores bit 0 of the written value, and reads and
 * the csr query return what was written until the next reset, which restores
 * the capability value.
 *
 * BREAKS: P12-5.1.2.2-b0
 *
 * How: the reference DUT (rc_refdut()) with the p12reg machine wrapped. The
 * wrapper keeps bit 0 of every port's CSR itself (initialised from the
 * reference, again after a reset). A write to a Port n VoQ CSR (rev 3+:
 * offset 0x20 + 4n, rev 2: 0xC + 4n) goes to the reference as it is, then
 * sets the kept bit from the written value; the wrote report gets that bit
 * in `after` and no longer counts bit 0 as a read-only bit the write tried
 * to change. Reads of a port CSR and the csr query get the kept bit. Every
 * other bit, offset and machine is the reference.
 *
 * Run it by hand (after `make examples cli`):
 *   build/gcc/bin/riocheck run --dut build/gcc/lib/riocheck-bad-p12reg-ro-writable.so
 */
#include <stdint.h>
#include <stdlib.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

#define BAD_CSR_BIT0 0x80000000u /* Table 5-3 bit 0, big-endian numbering */
#define BAD_PORTS 256u           /* port registers a block has at most */

struct bad_p12reg {
    void *inner;              /* the reference p12reg instance */
    uint32_t first_csr;       /* offset of Port 0 VoQ CSR: 0x20, rev 2 0xC */
    uint32_t ports;
    uint8_t bit0[BAD_PORTS];  /* the writable bit 0 of each port */
};

static const struct rc_machine_ops *bad_ref(void)
{
    return &rc_refdut()->machine[RC_M_P12REG];
}

/* The value of a config key, or `def` (the dut.h table default). */
static uint64_t bad_cfg(const struct rc_config *cfg, uint32_t key, uint64_t def)
{
    for (uint32_t i = 0; cfg != NULL && i < cfg->n && i < RC_MAX_CONFIG; i++)
        if (cfg->kv[i].key == key)
            return cfg->kv[i].value;
    return def;
}

/* Bit 0 of every port as the reference has it (after create or reset). */
static void bad_load(struct bad_p12reg *b)
{
    for (uint32_t p = 0; p < b->ports; p++) {
        struct rc_msg q = {.kind = RC_P12REG_Q_CSR, .nargs = 1, .arg = {p}};
        uint64_t csr = 0;
        (void)bad_ref()->query(b->inner, &q, &csr); /* p < ports: RC_OK */
        b->bit0[p] = (csr & BAD_CSR_BIT0) != 0;
    }
}

static int bad_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    void *inner = NULL;
    if (inst == NULL)
        return RC_INVAL;
    *inst = NULL;
    int rc = bad_ref()->create(ctx, &inner, cfg);
    if (rc != RC_OK)
        return rc;
    struct bad_p12reg *b = calloc(1, sizeof *b);
    if (b == NULL) {
        bad_ref()->destroy(inner);
        return RC_FULL;
    }
    b->inner = inner;
    /* the reference accepted rev (2 or 3) and ports (1..256) */
    b->first_csr = bad_cfg(cfg, RC_P12REG_CFG_REV, 3) == 2u ? 0xCu : 0x20u;
    b->ports = (uint32_t)bad_cfg(cfg, RC_P12REG_CFG_PORTS, 4);
    bad_load(b);
    *inst = b;
    return RC_OK;
}

static void bad_destroy(void *inst)
{
    struct bad_p12reg *b = inst;
    if (b != NULL)
        bad_ref()->destroy(b->inner);
    free(b);
}

/* The port whose VoQ CSR is at `offset`, or BAD_PORTS. */
static uint32_t bad_port(const struct bad_p12reg *b, uint64_t offset)
{
    if (offset < b->first_csr || (offset - b->first_csr) % 4u != 0 ||
        (offset - b->first_csr) / 4u >= b->ports)
        return BAD_PORTS;
    return (uint32_t)((offset - b->first_csr) / 4u);
}

static uint64_t bad_with_bit0(uint64_t csr, uint8_t bit0)
{
    return (csr & ~(uint64_t)BAD_CSR_BIT0) | (bit0 ? BAD_CSR_BIT0 : 0u);
}

static int bad_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                    uint32_t cap, uint32_t *n)
{
    struct bad_p12reg *b = inst;
    if (b == NULL)
        return bad_ref()->step(NULL, ev, out, cap, n);
    int rc = bad_ref()->step(b->inner, ev, out, cap, n);
    if (rc != RC_OK)
        return rc;
    uint32_t p = BAD_PORTS;
    if (ev->kind == RC_P12REG_EV_READ || ev->kind == RC_P12REG_EV_WRITE)
        p = bad_port(b, ev->arg[0]); /* read(offset), write(offset, value) */
    switch ((enum rc_p12reg_event)ev->kind) {
    case RC_P12REG_EV_READ: /* output value(value) */
        if (p < BAD_PORTS && *n == 1u)
            out[0].arg[0] = bad_with_bit0(out[0].arg[0], b->bit0[p]);
        break;
    case RC_P12REG_EV_WRITE: /* wrote(after, read_only, reserved, refused) */
        if (p < BAD_PORTS && *n == 1u) {
            b->bit0[p] = (ev->arg[1] & BAD_CSR_BIT0) != 0;
            out[0].arg[0] = bad_with_bit0(out[0].arg[0], b->bit0[p]);
            out[0].arg[1] &= ~(uint64_t)BAD_CSR_BIT0;
        }
        break;
    case RC_P12REG_EV_RESET:
        bad_load(b);
        break;
    case RC_P12REG_EV_END_:
        break;
    }
    return rc;
}

static int bad_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    const struct bad_p12reg *b = inst;
    int rc = bad_ref()->query(b != NULL ? b->inner : NULL, q, value);
    if (rc == RC_OK && q->kind == RC_P12REG_Q_CSR && q->arg[0] < b->ports)
        *value = bad_with_bit0(*value, b->bit0[q->arg[0]]);
    return rc;
}

const struct rc_dut *riocheck_dut_v2(void)
{
    /* The description: the reference's with the p12reg machine replaced.
     * Filled on every call, always with the same values. */
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "bad-p12reg-ro-writable";
    dut.machine[RC_M_P12REG] = (struct rc_machine_ops){bad_create, bad_destroy,
                                                       bad_step, bad_query};
    return &dut;
}
