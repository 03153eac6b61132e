/* SPDX-License-Identifier: Apache-2.0 */
/*
 * v1-reference.c - the reference DUT as a library built for ABI version 1
 * would present it: entry riocheck_dut_v1, create and cs64_decode without a
 * context pointer, no declared policies. It exists to prove that riocheck
 * still loads version 1 libraries (harness/core/tests/dutload_test.c): the
 * layout below is the version 1 riocheck/dut.h's, written out here because
 * the header now describes version 2.
 */
#include <stdint.h>

#include "../refdut/refdut.h"
#include "riocheck/dut.h"

struct v1_machine_ops {
    int (*create)(void **inst, const struct rc_config *cfg);
    void (*destroy)(void *inst);
    int (*step)(void *inst, const struct rc_msg *event, struct rc_msg *out, uint32_t cap,
                uint32_t *n);
    int (*query)(void *inst, const struct rc_msg *query, uint64_t *value);
};

struct v1_dut {
    uint32_t abi_version;
    const char *name;
    const char *version;
    struct rc_profile profile;
    struct v1_machine_ops machine[RC_MACHINE_COUNT];
    int (*cs64_decode)(uint32_t width, uint32_t param, struct rc_msg *out);
};

#define V1_CREATE_(name, id, text)                                             \
    static int v1_create_##name(void **inst, const struct rc_config *cfg)      \
    {                                                                          \
        return rc_refdut()->machine[RC_M_##name].create(rc_refdut()->ctx, inst, cfg); \
    }
RC_MACHINES(V1_CREATE_)
#undef V1_CREATE_

static int v1_cs64_decode(uint32_t width, uint32_t param, struct rc_msg *out)
{
    return rc_refdut()->cs64_decode(rc_refdut()->ctx, width, param, out);
}

const struct v1_dut *riocheck_dut_v1(void);
const struct v1_dut *riocheck_dut_v1(void)
{
    static struct v1_dut d;
    const struct rc_dut *r = rc_refdut();
    d.abi_version = 1;
    d.name = "reference as an ABI v1 library";
    d.version = r->version;
    d.profile = r->profile;
    for (unsigned i = 0; i < RC_POLICY_SLOTS; i++)
        d.profile.policy[i] = 0xAA; /* v1 "reserved" bytes: must be ignored */
#define V1_ROW_(name, id, text)                                                \
    d.machine[RC_M_##name] = (struct v1_machine_ops){                          \
        v1_create_##name, r->machine[RC_M_##name].destroy,                     \
        r->machine[RC_M_##name].step, r->machine[RC_M_##name].query};
    RC_MACHINES(V1_ROW_)
#undef V1_ROW_
    d.cs64_decode = v1_cs64_decode;
    return &d;
}
