/* SPDX-License-Identifier: Apache-2.0 */
/*
 * run.h - play one conformance vector against a DUT and judge it.
 *
 * A vector is not-applicable (never failed) when the DUT lacks its machine,
 * its revision, a capability it needs, a policy it checks or a profile
 * parameter it uses, or when
 * the DUT answers RC_NOTSUP (to the configuration or to a step the vector
 * does not expect to be refused). Wire outputs are compared exhaustively and
 * in order after every `do`; notes must appear in order, extra notes are
 * fine. See docs/vector-format.md.
 */
#ifndef RC_RUN_H
#define RC_RUN_H

#include "vec.h"

/* RC_LOST (riocheck/dut.h), the name the runner has always used: the DUT
 * behind a transport (e.g. the process proxy, harness/proc/proc.h) exited, hung
 * or answered garbage during the call. The runner reports the vector as ERROR. */
#define RC_DUT_LOST RC_LOST

enum rc_verdict {
    RC_V_PASS = 0,
    RC_V_FAIL = 1,
    RC_V_ERROR = 2, /* the DUT misbehaved (crash, hang, garbage, bad config) */
    RC_V_NA = 3,
    RC_V_WAIVED = 4,
    /* a set-up step failed: the vector's own checks could not be made (it
     * fails only the rules that set-up step names: failed_rules) */
    RC_V_INCONCLUSIVE = 5
};
#define RC_V_LAST RC_V_INCONCLUSIVE
const char *rc_verdict_name(enum rc_verdict v);

struct rc_vec_result {
    enum rc_verdict verdict;
    unsigned line;        /* the step that decided a FAIL/ERROR/NA (0: none) */
    char detail[1024];    /* why, with expected and actual values */
    char expected[512];   /* FAIL: what the spec requires, machine-readable text */
    char actual[512];     /* FAIL: what the DUT did */
    uint64_t checks;      /* sweeps: values compared */
    /* FAIL or INCONCLUSIVE: bit i = the record's rules[i] is failed by the
     * step that failed (its `checks` / `setup` rules). The vector's other
     * rules are neither passed nor failed by it. */
    uint32_t failed_rules;
};

struct rc_run_opts {
    uint32_t sweep_stride; /* sweeps check every Nth value; 0 or 1 = all */
};

/* The capabilities a device with profile p has, the one place every
 * reader of profile.caps goes through (applicability, optional notes, the
 * report's rule areas): the declared bits, plus RC_CAP_STYPE2 when the
 * device declares RC_CAP_CS48 without RC_CAP_CS48_SPLIT (a library built
 * before cs48 was split keeps its meaning: dut.h, "Capabilities"). p NULL:
 * 0. */
uint32_t rc_caps_effective(const struct rc_profile *p);

/* Run r against dut. Never fails itself: everything goes into res. */
/* Whether vector r applies to a device with profile p that provides the
 * machines in the bit set machines (1u << enum rc_machine_id): 1, or 0 with
 * the reason (the not-applicable detail riocheck run reports) in why (cap
 * bytes). Sweeps need no machine here. Shared by the runner and riocheck
 * export. */
int rc_vector_applicable(const struct rc_profile *p, uint32_t machines,
                         const struct vec_record *r, char *why, size_t cap);
/* The step indices of alternative alt of r: the common steps (before the
 * first `branch`), then the steps of that branch, without the branch lines.
 * idx holds r->nsteps entries. Returns how many. */
unsigned rc_vector_attempt_steps(const struct vec_record *r, unsigned alt, unsigned *idx);

void rc_run_vector(const struct rc_dut *dut, const struct vec_record *r,
                   const struct rc_run_opts *opts, struct rc_vec_result *res);

/* Format a message as "name arg=value ..." (symbols where known). */
void rc_format_msg(char *dst, size_t cap, const char *machine,
                   const struct rc_kind_desc *kind, const struct rc_msg *m);

#endif
