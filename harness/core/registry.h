/* SPDX-License-Identifier: Apache-2.0 */
/*
 * registry.h - the names of everything in riocheck/dut.h, built from the same
 * X-macro tables, for the vector parser, the runner and the reports.
 */
#ifndef RC_REGISTRY_H
#define RC_REGISTRY_H

#include <stddef.h>
#include <stdint.h>

#include "riocheck/dut.h"

struct rc_kind_desc {
    uint32_t kind;
    const char *name;
    uint32_t flags;                 /* RC_WIRE / RC_NOTE for outputs */
    const char *args[RC_MAX_ARGS];  /* NULL-terminated unless full */
};

struct rc_cfg_desc {
    uint32_t key;
    const char *name;
    uint64_t dflt;
};

struct rc_machine_desc {
    uint32_t id;
    const char *name;
    const struct rc_kind_desc *events, *outputs, *queries;
    size_t nevents, noutputs, nqueries;
    const struct rc_cfg_desc *config;
    size_t nconfig;
};

const struct rc_machine_desc *rc_machine_by_name(const char *name);
const struct rc_machine_desc *rc_machine_by_id(uint32_t id);
const struct rc_kind_desc *rc_kind_by_name(const struct rc_kind_desc *t, size_t n,
                                           const char *name);
const struct rc_kind_desc *rc_kind_by_id(const struct rc_kind_desc *t, size_t n,
                                         uint32_t kind);
const struct rc_cfg_desc *rc_cfg_by_name(const struct rc_machine_desc *m,
                                         const char *name);
/* Number of arguments of a kind; index of an argument name or -1. */
unsigned rc_kind_nargs(const struct rc_kind_desc *k);
int rc_kind_arg(const struct rc_kind_desc *k, const char *arg);

/* Symbolic values (RC_SYMBOLS) of an argument of a machine (and kind, the
 * event/output/query name, or NULL for configuration keys): 0 and *v set
 * when found, -1 otherwise. */
int rc_symbol_value(const char *machine, const char *kind, const char *arg,
                    const char *symbol, uint64_t *v);
/* The symbol for a value of an argument of a machine, or NULL. */
const char *rc_symbol_name(const char *machine, const char *kind, const char *arg,
                           uint64_t v);

/* Result codes. rc_result_name: the name of a code of RC_RESULTS ("ok",
 * "crc", ...), or "?" for any other value (a test for "is it known").
 * rc_result_text: a result code as messages and reports show it: its name,
 * or for a value RC_RESULTS lacks (a DUT may return any int) the number,
 * "12345 (not an ABI result code)", written into buf; returns the name or
 * buf. RC_RESULT_TEXT(code) is the same with a buffer that lives until the
 * end of the enclosing block (for function arguments). */
#define RC_RESULT_TEXT_MAX 48
const char *rc_result_name(int code);
const char *rc_result_text(int code, char buf[RC_RESULT_TEXT_MAX]);
#define RC_RESULT_TEXT(code) rc_result_text((code), (char[RC_RESULT_TEXT_MAX]){0})
int rc_result_by_name(const char *name, int *code);

/* Capabilities: the bit of a name, or 0. */
uint32_t rc_cap_by_name(const char *name);
const char *rc_cap_name(uint32_t bit);

/* Policies (RC_POLICIES, RC_POLICY_VALUES): the index of a key or -1; the key
 * of an index or NULL; the spec sentence that leaves the choice open; the
 * number of a value name of that policy or -1; the name of a value number or
 * NULL. */
int rc_policy_by_name(const char *key);
const char *rc_policy_name(unsigned index);
const char *rc_policy_why(unsigned index);
int rc_policy_value(unsigned index, const char *value);
const char *rc_policy_value_name(unsigned index, unsigned number);

#endif
