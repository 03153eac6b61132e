/* SPDX-License-Identifier: Apache-2.0 */
/*
 * arb_int.h - internal: helpers shared by arb.c, arbtx.c (the Part 9 flow
 * arbitration transmitter) and arbrx.c (the receiver) (rio/arb.h).
 */
#ifndef RIO_ARB_INT_H
#define RIO_ARB_INT_H

#include <stdint.h>

#include "rio/arb.h"

static inline uint32_t sat_add(uint32_t a, uint32_t b)
{
    return (a > UINT32_MAX - b) ? UINT32_MAX : a + b;
}

static inline int is_cmd(enum rio_fam_cmd cmd)
{
    return (unsigned)cmd <= (unsigned)RIO_FAM_RESERVED;
}

static inline int is_rev(enum rio_p9_rev rev)
{
    return rev == RIO_P9_REV2 || rev == RIO_P9_REV3;
}

static inline enum rio_arb_travel travel_of(uint8_t ccp_in_own_flow)
{
    return ccp_in_own_flow ? RIO_ARB_OWN_FLOW : RIO_ARB_CONTROL;
}

#endif
