/* SPDX-License-Identifier: Apache-2.0 */
/*
 * minimal_dut.c - a complete, minimal riocheck DUT adapter, written the way a
 * vendor writes one. docs/vendor-guide.md walks through it.
 *
 * The device: "Acme AX-64", which for this example implements exactly one
 * thing riocheck can check - the Part 12 rev 3.0-4.1 CS64 VoQ backpressure
 * parameter (Part 12 rev 4.1 3.2, Figure 3-4, Table 3-3): its 24-bit
 * parameter0 || parameter1 encoder and decoder. Everything else (CS48,
 * whole control symbols with their CRC-24, the generator, the receiver, the
 * registers, Part 9) it declines, so riocheck reports those vectors
 * not-applicable instead of failing them.
 *
 * The file has two parts:
 *   Part A  "the device": a stand-alone codec of the kind a vendor already has
 *           in a C model of their RTL or in their driver. It knows nothing of
 *           riocheck. In a real adapter this part is your code, linked in, or
 *           a call into your simulator.
 *   Part B  "the adapter": translates riocheck's vendor ABI (riocheck/dut.h,
 *           the only riocheck file needed) into calls of part A and back.
 * Nothing here calls riocheck's reference library (librio): the adapter is
 * independent of the implementation it is checked against.
 *
 * Build: see the Makefile next to this file (one compiler call, -shared
 * -fPIC, -I to the folder holding riocheck/dut.h). Run:
 *   riocheck run --dut ./build/libminimal_dut.so --suite p12-cs64
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "riocheck/dut.h"

/* ==========================================================================
 * Part A - the device's own CS64 VoQ codec (not riocheck code)
 *
 * Part 12 rev 4.1 3.2, Figure 3-4: the 24-bit parameter is
 *     VC_IND (4 bits) | Port Status (20 - g bits) | Port Group (g bits)
 * where g is the Port Group Size (0..6; the encoding 7 is reserved, Table
 * 5-3). 2.1: the group covers ports group x (20 - g) and up, and the least
 * significant status bit is the lowest-numbered port.
 * Table 3-3: VC_IND 0b0000-0b0111 = VC1-VC8, 0b1000 = VC0, 0b1111 = all VCs,
 * 0b1001-0b1110 reserved (a receiver ignores the symbol without error).
 * ========================================================================== */

#define ACME_PARAM_BITS 24u
#define ACME_STATUS_GROUP_BITS 20u
#define ACME_GROUP_SIZE_MAX 6u
#define ACME_VC_ALL 0xFFu

enum acme_result {
    ACME_OK,
    ACME_BAD_GROUP_SIZE, /* group size 7 or more: reserved encoding */
    ACME_TOO_WIDE        /* a value does not fit its field */
};

struct acme_voq_fields {
    unsigned vc_ind;     /* 4 bits, as on the wire */
    unsigned group_size; /* g, 0..6 */
    unsigned group;      /* g bits */
    uint32_t status;     /* 20 - g bits; bit i = port group x (20 - g) + i */
};

static enum acme_result acme_voq_unpack(struct acme_voq_fields *f, uint32_t param,
                                        unsigned group_size)
{
    if (param >> ACME_PARAM_BITS != 0)
        return ACME_TOO_WIDE;
    if (group_size > ACME_GROUP_SIZE_MAX)
        return ACME_BAD_GROUP_SIZE;
    unsigned status_bits = ACME_STATUS_GROUP_BITS - group_size;
    f->vc_ind = (unsigned)(param >> ACME_STATUS_GROUP_BITS);
    f->group_size = group_size;
    f->group = (unsigned)(param & ((1u << group_size) - 1u));
    f->status = (param >> group_size) & ((1u << status_bits) - 1u);
    return ACME_OK;
}

static enum acme_result acme_voq_pack(uint32_t *param, const struct acme_voq_fields *f)
{
    if (f->group_size > ACME_GROUP_SIZE_MAX)
        return ACME_BAD_GROUP_SIZE;
    unsigned status_bits = ACME_STATUS_GROUP_BITS - f->group_size;
    if (f->vc_ind > 0xFu || f->group >> f->group_size != 0 ||
        f->status >> status_bits != 0)
        return ACME_TOO_WIDE;
    *param = (uint32_t)f->vc_ind << ACME_STATUS_GROUP_BITS |
             f->status << f->group_size | f->group;
    return ACME_OK;
}

/* The VC a VC_IND names: 0..8, ACME_VC_ALL, or -1 for a reserved VC_IND. */
static int acme_vc_of(unsigned vc_ind)
{
    if (vc_ind <= 7u)
        return (int)vc_ind + 1; /* VC1..VC8 */
    if (vc_ind == 8u)
        return 0;
    if (vc_ind == 0xFu)
        return (int)ACME_VC_ALL;
    return -1;
}

/* ==========================================================================
 * Part B - the riocheck adapter
 * ========================================================================== */

/* Symbolic values are numbers fixed by dut.h's RC_SYMBOLS table:
 * X("codec", "kind", "backpressure", 0), X("codec", "kind", "reserved_vc_ind", 3). */
#define MINIMAL_KIND_BACKPRESSURE 0u
#define MINIMAL_KIND_RESERVED_VC_IND 3u

/* One codec instance. A codec has no state; an instance is allocated anyway
 * because that is what a stateful machine needs, and riocheck creates and
 * destroys one per vector. */
struct minimal_codec {
    unsigned long decodes; /* for your own debugging; riocheck never reads it */
};

/* Map the device's result onto the ABI's result codes (the values the
 * vectors name after `result`). */
static int minimal_result(enum acme_result r)
{
    switch (r) {
    case ACME_OK:
        return RC_OK;
    case ACME_BAD_GROUP_SIZE:
        return RC_RESERVED; /* Table 5-3: Port Group Size 0b111 is reserved */
    case ACME_TOO_WIDE:
        return RC_RANGE;
    }
    return RC_INVAL;
}

/* codec cs64_decode(width, param) -> one voq_msg(kind, vc_ind, vc,
 * group_width, status_width, group, status, first_port). Shared by the step
 * and by the sweep fast path below. */
static int minimal_cs64_decode_msg(uint64_t width, uint64_t param, struct rc_msg *out)
{
    struct acme_voq_fields f;
    /* The ABI's arguments are 64-bit and the device's are narrower: never
     * narrow one silently. A parameter wider than 32 bits is certainly wider
     * than 24 (RC_RANGE); every group size from 7 up is the reserved one. */
    if (param > UINT32_MAX)
        return RC_RANGE;
    unsigned group_size = width > ACME_GROUP_SIZE_MAX ? ACME_GROUP_SIZE_MAX + 1u
                                                      : (unsigned)width;
    enum acme_result r = acme_voq_unpack(&f, (uint32_t)param, group_size);
    if (r != ACME_OK)
        return minimal_result(r);
    unsigned status_width = ACME_STATUS_GROUP_BITS - f.group_size;
    int vc = acme_vc_of(f.vc_ind);
    *out = (struct rc_msg){0};
    out->kind = RC_CODEC_OUT_VOQ_MSG;
    out->nargs = 8;
    out->arg[0] = vc < 0 ? MINIMAL_KIND_RESERVED_VC_IND : MINIMAL_KIND_BACKPRESSURE;
    out->arg[1] = f.vc_ind;
    out->arg[2] = vc < 0 ? RC_VC_ALL : (uint64_t)vc; /* ACME_VC_ALL == RC_VC_ALL */
    out->arg[3] = f.group_size;
    out->arg[4] = status_width;
    out->arg[5] = f.group;
    out->arg[6] = f.status;
    out->arg[7] = (uint64_t)f.group * status_width; /* 2.1: the group's first port */
    return RC_OK;
}

/* codec cs64_encode(vc_ind, width, group, status) -> one value(value). */
static int minimal_cs64_encode_msg(const uint64_t *a, struct rc_msg *out)
{
    if (a[0] > UINT32_MAX || a[2] > UINT32_MAX || a[3] > UINT32_MAX)
        return RC_RANGE; /* wider than any field of the parameter */
    unsigned group_size = a[1] > ACME_GROUP_SIZE_MAX ? ACME_GROUP_SIZE_MAX + 1u
                                                     : (unsigned)a[1];
    struct acme_voq_fields f = {(unsigned)a[0], group_size, (unsigned)a[2],
                                (uint32_t)a[3]};
    uint32_t param = 0;
    enum acme_result r = acme_voq_pack(&param, &f);
    if (r != ACME_OK)
        return minimal_result(r);
    *out = (struct rc_msg){0};
    out->kind = RC_CODEC_OUT_VALUE;
    out->nargs = 1;
    out->arg[0] = param;
    return RC_OK;
}

static int minimal_codec_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    if (inst == NULL || cfg == NULL || cfg->n > RC_MAX_CONFIG)
        return RC_INVAL;
    *inst = NULL;
    /* The codec's only configuration key is "none" (value 0). A machine with
     * real keys would switch over them here and return RC_NOTSUP for a value
     * the device cannot be configured to (the vector is then not-applicable). */
    for (uint32_t i = 0; i < cfg->n; i++) {
        if (cfg->kv[i].key != RC_CODEC_CFG_NONE)
            return RC_INVAL;
        if (cfg->kv[i].value != 0)
            return RC_NOTSUP;
    }
    struct minimal_codec *c = calloc(1, sizeof *c);
    if (c == NULL)
        return RC_FULL;
    *inst = c;
    return RC_OK;
}

static void minimal_codec_destroy(void *inst)
{
    free(inst);
}

static int minimal_codec_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                              uint32_t cap, uint32_t *n)
{
    if (n == NULL)
        return RC_INVAL;
    *n = 0;
    if (inst == NULL || ev == NULL || out == NULL)
        return RC_INVAL;
    if (cap < 1)
        return RC_FULL; /* every event here has one output */
    struct minimal_codec *c = inst;
    int rc;
    /* Arguments arrive in the order of the event's line in RC_CODEC_EVENTS:
     * cs64_decode(width, param), cs64_encode(vc_ind, width, group, status). */
    switch ((enum rc_codec_event)ev->kind) {
    case RC_CODEC_EV_CS64_DECODE:
        if (ev->nargs != 2)
            return RC_INVAL;
        c->decodes++;
        rc = minimal_cs64_decode_msg(ev->arg[0], ev->arg[1], &out[0]);
        *n = rc == RC_OK ? 1u : 0u; /* on an error: no output */
        return rc;
    case RC_CODEC_EV_CS64_ENCODE:
        if (ev->nargs != 4)
            return RC_INVAL;
        rc = minimal_cs64_encode_msg(ev->arg, &out[0]);
        *n = rc == RC_OK ? 1u : 0u;
        return rc;
    /* What the AX-64 does not implement: declined, so the vectors that need
     * it are not-applicable. */
    case RC_CODEC_EV_STYPE2_DECODE:
    case RC_CODEC_EV_STYPE2_ENCODE:
    case RC_CODEC_EV_CS48_UNPACK:
    case RC_CODEC_EV_CS48_PACK:
    case RC_CODEC_EV_CS64_UNPACK:
    case RC_CODEC_EV_CS64_PACK:
    case RC_CODEC_EV_CCP_UNPACK:
    case RC_CODEC_EV_CCP_PACK:
    case RC_CODEC_EV_FAM_DECODE:
    case RC_CODEC_EV_FLOW_DECODE:
        return RC_NOTSUP;
    case RC_CODEC_EV_END_:
        break;
    }
    return RC_INVAL; /* not an event of the codec table */
}

static int minimal_codec_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    (void)inst;
    (void)q;
    if (value != NULL)
        *value = 0;
    return RC_NOTSUP; /* the codec has no observable state */
}

/* The sweep fast path: the same decode without building an event (the CS64
 * sweep decodes 2^24 parameters x 7 group widths). On an error it writes an
 * empty message. */
static int minimal_cs64_decode(void *ctx, uint32_t width, uint32_t param, struct rc_msg *out)
{
    (void)ctx;
    if (out == NULL)
        return RC_INVAL;
    *out = (struct rc_msg){0};
    return minimal_cs64_decode_msg(width, param, out);
}

static const struct rc_dut minimal_dut = {
    .abi_version = RC_DUT_ABI_VERSION,
    .name = "Acme AX-64 (riocheck minimal example)",
    .version = "1.0",
    .profile =
        {
            .p12_revs = 1u << 3, /* Part 12 rev 3.0-4.1 only */
            .p9_revs = 0,        /* no Part 9 */
            .caps = RC_CAP_CODEC | RC_CAP_CS64,
            /* Implementation-defined parameters (the ${vars} of the vectors):
             * 0 = "not given", so a vector that uses one is not-applicable.
             * A device with a generator or receiver would give its ports,
             * vcs, ...; an endpoint its counter_width and orphan_timeout. */
            .ports = 0,
            .vcs = 0,
            .counter_width = 0,
            .orphan_timeout = 0,
            .flow_list = 0,
            .arb_pool = 0,
            /* Choices where the spec leaves one (docs/vendor-guide.md 2.2): the
             * encoder refuses a value its field cannot carry (a VC_IND of 16,
             * a group too wide for its width) with RC_RANGE, so the vectors
             * that give such values apply; leave it 0 and they are
             * not-applicable. */
            .policy = {[RC_POL_OUT_OF_FIELD] = 1}, /* out_of_field=refuse */
        },
    .machine =
        {
            [RC_M_CODEC] = {minimal_codec_create, minimal_codec_destroy,
                            minimal_codec_step, minimal_codec_query},
            /* every other machine: create == NULL, "not provided" */
        },
    .cs64_decode = minimal_cs64_decode,
};

/* The one symbol riocheck looks up (RC_DUT_ENTRY). dut.h declares only its
 * type, so declare it here too (-Wmissing-prototypes). */
const struct rc_dut *riocheck_dut_v2(void);

const struct rc_dut *riocheck_dut_v2(void)
{
    return &minimal_dut;
}
