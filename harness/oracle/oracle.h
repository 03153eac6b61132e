/* SPDX-License-Identifier: Apache-2.0 */
/*
 * oracle.h - deliberately naive, spec-literal decoders for the exhaustive
 * sweeps. Written separately from reference/ and sharing none of its code:
 * they walk the bits one by one in the spec's numbering (bit 0 = MSB) exactly
 * as the tables describe, so a shared misreading is unlikely.
 *
 * Output: one codec voq_msg (riocheck/dut.h): kind, vc_ind, vc, group_width,
 * status_width, group, status (bit i = port first_port + i), first_port.
 * Only kind is meaningful unless kind is backpressure.
 */
#ifndef RC_ORACLE_H
#define RC_ORACLE_H

#include <stdint.h>

#include "riocheck/dut.h"

/* Part 12 rev 2.0 Tables 3-1..3-3 (rev = 2) or rev 4.1 Tables 3-1, 3-2
 * (rev = 3, width = RX Port Group Size 0..6). Returns RC_OK or RC_RESERVED
 * (width 7+ in rev 3). */
int oracle_stype2(unsigned rev, unsigned width, uint32_t stype2, struct rc_msg *out);

/* Part 12 rev 4.1 Figure 3-4, Tables 3-3 and 3-4. */
int oracle_cs64(unsigned width, uint32_t param24, struct rc_msg *out);

#endif
