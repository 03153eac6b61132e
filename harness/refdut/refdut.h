/* SPDX-License-Identifier: Apache-2.0 */
/*
 * refdut.h - the reference implementation (reference/, librio) packaged as a
 * device under test through the riocheck vendor ABI (riocheck/dut.h).
 *
 * The riocheck runner uses it in-process to play the conformance vectors
 * against the reference itself: a vector the reference fails is a wrong
 * vector (or a reference bug), never a device problem. The same object file
 * also defines the ABI's one exported entry, riocheck_dut_v2(), so that it can
 * be linked into a shared library and loaded like any vendor's DUT.
 *
 * All nine machines are provided (codec, p12reg, p9reg, gen, rx, ep, sw,
 * arbtx, arbrx). How each ABI event, output and query maps onto the reference
 * API, and every place where the two do not match exactly, is written down in
 * the "Mapping notes" at the top of refdut.c.
 *
 * Contract common to every machine (beyond riocheck/dut.h):
 *   - create: a NULL inst or config, more than RC_MAX_CONFIG entries, an
 *     unknown or repeated key: RC_INVAL; a value that does not fit what the
 *     reference takes: RC_RANGE; semantic errors are the reference's own
 *     result (e.g. RC_REVISION for CS64 with Part 12 rev 2); a configuration
 *     the ABI allows and the reference refuses as unsupported: RC_NOTSUP;
 *     malloc failure: RC_FULL. On error *inst is NULL.
 *   - step: NULL inst/event/out/n: RC_INVAL; cap < RC_MAX_OUTPUTS: RC_INVAL
 *     (the ABI requires cap >= RC_MAX_OUTPUTS); unknown kind, or nargs other
 *     than the table's argument count: RC_INVAL; an argument that does not fit
 *     the reference's C type: RC_RANGE (nothing is ever narrowed silently).
 *     *n is always written: 0 on every error except RC_CRC, which reports
 *     what was received (codec unpack fields, rx discarded(crc)). A step whose
 *     outputs would not fit in cap returns RC_FULL with *n = 0 and the
 *     instance unchanged.
 *   - query: NULL arguments, unknown kind, wrong nargs: RC_INVAL; *value is 0
 *     on every error.
 *   - destroy: NULL is allowed.
 * Instances share nothing; no global mutable state.
 */
#ifndef RIOCHECK_REFDUT_H
#define RIOCHECK_REFDUT_H

#include "riocheck/dut.h"

/* The reference DUT description (static storage, never NULL). */
const struct rc_dut *rc_refdut(void);

/* The ABI entry point (RC_DUT_ENTRY), returning rc_refdut(). Define
 * REFDUT_NO_ENTRY when compiling refdut.c to leave it out, e.g. in a runner
 * that exports its symbols (-rdynamic) and also dlopen()s vendor DUTs. */
#ifndef REFDUT_NO_ENTRY
const struct rc_dut *riocheck_dut_v2(void);
#endif

#endif
