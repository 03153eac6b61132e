/* SPDX-License-Identifier: Apache-2.0 */
/*
 * dutload.h - load a DUT library (riocheck/dut.h) and talk to any DUT only
 * through the ABI.
 *
 * rc_dut_load() dlopens a vendor library and returns its struct rc_dut in
 * the version 2 layout whatever version it was built for: a version 2
 * library (entry riocheck_dut_v2) as it is, a version 1 library (entry
 * riocheck_dut_v1, create and cs64_decode without a context pointer) behind
 * a translation with abi_version left at 1, so the runner knows it declares
 * no policy and cannot give version 2 output arguments.
 *
 * rc_dut_why_lost() is the runner's way to the optional why_lost: the DUT's
 * own text when it has one (the process transport does), a fixed text
 * otherwise.
 */
#ifndef RC_DUTLOAD_H
#define RC_DUTLOAD_H

#include <stddef.h>

#include "riocheck/dut.h"

struct rc_dut_lib;

/*
 * Load path (a bare name is taken relative to the working directory, never
 * searched in the library path). Returns the DUT and *lib (for
 * rc_dut_unload), or NULL with a one-line reason in err (cap bytes): cannot
 * be opened, no entry symbol, the entry returned NULL, an ABI version this
 * riocheck does not speak, a name or version that is NULL.
 */
const struct rc_dut *rc_dut_load(const char *path, struct rc_dut_lib **lib, char *err,
                                 size_t cap);

/*
 * rc_dut_load in two steps, for a caller that must tell the library's
 * constructors from its entry function (the isolated worker says which one
 * crashed, exited or hung): rc_dut_open dlopens path (which runs the
 * library's constructors) and finds the entry; rc_dut_entry_name names it
 * (RC_DUT_ENTRY or RC_DUT_ENTRY_V1; NULL for a NULL lib); rc_dut_enter calls
 * it and checks what it returned. The errors are rc_dut_load's; after an
 * rc_dut_enter error the caller still owns lib (rc_dut_unload).
 */
int rc_dut_open(const char *path, struct rc_dut_lib **lib, char *err, size_t cap);
const char *rc_dut_entry_name(const struct rc_dut_lib *lib);
const struct rc_dut *rc_dut_enter(struct rc_dut_lib *lib, char *err, size_t cap);

/* dlclose and free; NULL is allowed. The DUT pointer becomes invalid. */
void rc_dut_unload(struct rc_dut_lib *lib);

/*
 * The version 2 view of a version 1 description v1 (which must stay valid),
 * written to *out: every provided machine gets a create that drops the ctx,
 * the fast path likewise; abi_version stays 1, policies are all 0. Returns
 * -1 when v1 is NULL or its abi_version is not 1.
 */
struct rc_dut_v1_view {
    struct rc_dut dut;
};
int rc_dut_from_v1(const void *v1, struct rc_dut_v1_view *out);

/* Why a call returned RC_LOST: the DUT's why_lost when it has one and it
 * says something, else a fixed text. Never NULL. */
const char *rc_dut_why_lost(const struct rc_dut *dut);

/* The longest reason for an RC_NOTSUP riocheck keeps (bytes, NUL not
 * counted). */
#define RC_WHY_NOTSUP_MAX 200u

/* Why the last create/step/query returned RC_NOTSUP, written to dst (cap
 * bytes, NUL-terminated): the DUT's why_notsup text, read ONLY when the DUT
 * speaks ABI version 2 and declares RC_CAP_WHY_NOTSUP in profile.caps (a
 * library built before that capability has a shorter struct rc_dut, without
 * the field). At most RC_WHY_NOTSUP_MAX bytes, cut at a UTF-8 character
 * boundary, each control character (0x00-0x1F, 0x7F) replaced by '?', and
 * blanks at both ends removed. Returns 1 when the DUT said something, else
 * 0 with dst "". */
int rc_dut_why_notsup(const struct rc_dut *dut, char *dst, size_t cap);

/* The same cleaning for a reason from elsewhere (the external-process
 * protocol): src (may be NULL) bounded and cleaned into dst. */
int rc_why_notsup_clean(char *dst, size_t cap, const char *src);

#endif
