/*
 * results.h - the results of one conformance run, as the report writers,
 * the waiver logic and the runner share them.
 */
#ifndef RC_RESULTS_H
#define RC_RESULTS_H

#include <stddef.h>
#include <stdint.h>

#include "run.h"
#include "suite.h"

struct rc_result_row {
    const struct vec_record *rec;  /* the vector (file, line, id, rules, cite) */
    struct rc_vec_result res;      /* verdict, detail, expected, actual */
    const char *suite;             /* the suite its file belongs to, or NULL */
    const char *waiver;            /* FAIL/ERROR turned WAIVED: the reason */
    double seconds;                /* wall time of the vector */
};

struct rc_run_info {
    const char *tool_version;      /* "riocheck 0.3" */
    const char *suite_version;     /* version of the vector set */
    char vector_hash[17];          /* FNV-1a 64 of every vector file, hex */
    const struct rc_dut *dut;      /* identity and profile */
    const char *dut_source;        /* "built-in reference", a .so path, or a command */
    uint64_t seed;                 /* order of the run (0 = file order) */
    uint32_t sweep_stride;
    const char *started;           /* ISO 8601 UTC */
    double seconds;
    const char *command_line;      /* how to rerun the whole run */
    const char *root;              /* --root */
};

/* Interpretation ids (I-XXX-n) named in a vector's cite line, for the
 * compliance summary ("every documented interpretation that applied").
 * Writes up to cap pointers into the cite text's copies in dst; returns the
 * number found. */
size_t rc_cite_interpretations(char dst[][16], size_t cap, const char *cite);

#endif
