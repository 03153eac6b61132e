/* SPDX-License-Identifier: Apache-2.0 */
/*
 * vec.h - conformance vector files: parsing and the in-memory form.
 * The grammar is documented in docs/vector-format.md. Every error names
 * file:line and the reason.
 */
#ifndef RC_VEC_H
#define RC_VEC_H

#include <stddef.h>
#include <stdint.h>

#include "registry.h"

/* The fixed limits of the language (docs/vector-format.md "Limits"); the
 * parser rejects a file that exceeds one with file:line and the reason. */
#define VEC_MAX_RULES 16u   /* rule ids on a `rules` line */
#define VEC_ID_MAX 80u      /* id length + 1 */
#define VEC_CITE_MAX 512u   /* cite length + 1 */
#define VEC_LINE_MAX 4096u  /* line length + 1, without the newline */
#define VEC_MAX_STEPS 4096u /* steps of one vector */
/* expect and allow lines after one `do` or `wait`, in any one alternative
 * (the common steps and one branch): what the runner can match */
#define VEC_MAX_EXPECT 256u
/* repeat=N and wait upto=N: 1 <= N <= VEC_REPEAT_MAX (a literal N is checked
 * by the parser, one from a variable by the runner) */
#define VEC_REPEAT_MAX 100000000u

/* Revision bits of a record's `rev` line. */
enum {
    VEC_P12R2 = 1u,
    VEC_P12R3 = 2u,
    VEC_P9R2 = 4u,
    VEC_P9R3 = 8u
};

/* Profile variables usable as ${name}, ${name+N}, ${name-N}. */
enum vec_var {
    VEC_VAR_NONE = -1,
    VEC_VAR_PORTS = 0,
    VEC_VAR_LAST_PORT,
    VEC_VAR_VCS,
    VEC_VAR_COUNTER_WIDTH,
    VEC_VAR_TC,
    VEC_VAR_ORPHAN_TIMEOUT,
    VEC_VAR_FLOW_LIST,
    VEC_VAR_ARB_POOL,
    VEC_VAR_COUNT
};
const char *vec_var_name(int var);
/* Value of a variable for a profile; -1 if the profile does not give it
 * (e.g. counter_width 0). */
int64_t vec_var_value(int var, const struct rc_profile *p);

/* A value: a literal, a profile variable plus an offset, or a name bound
 * from the DUT's own outputs (var >= VEC_BIND: slot var - VEC_BIND of the
 * record's bind_names) plus an offset or exclusive-or'ed with n. */
#define VEC_BIND 64
#define VEC_MAX_BINDS 16u
#define VEC_BIND_NAME_MAX 24u
enum { VEC_OP_ADD = 0, VEC_OP_XOR = 1 };
struct vec_val {
    uint64_t n;      /* the literal, or the offset / mask applied to the variable */
    int var;         /* enum vec_var, or VEC_BIND + slot */
    uint8_t op;      /* VEC_OP_ADD or VEC_OP_XOR (bound names only) */
    uint8_t capture; /* ?name in an expect line: matches any value, binds it */
    /* VALUE/MASK (a literal in an expect, allow or query line): only the
     * bits of care are compared; n has no bit outside care. */
    uint8_t masked;
    uint64_t care;
};

struct vec_arg {
    unsigned index; /* argument position in the kind */
    struct vec_val v;
};

enum vec_step_type {
    VEC_DO,          /* apply an event */
    VEC_EXPECT,      /* an output of the last DO */
    VEC_EXPECT_NONE, /* no wire output from the last DO */
    VEC_EXPECT_ANY,  /* do not check the last DO's outputs */
    VEC_RESULT,      /* the result code of the last DO */
    VEC_QUERY,       /* a query and its expected value */
    VEC_ORDER,       /* how the last DO's wire outputs may be ordered */
    VEC_ALLOW,       /* optional extra wire outputs of the last DO */
    VEC_BRANCH,      /* starts an alternative that runs to the end */
    VEC_CREATE_REFUSED /* create() must refuse the machine line's
                          configuration: the vector's only step */
};

struct vec_step {
    enum vec_step_type type;
    unsigned line;
    const struct rc_kind_desc *kind; /* DO: event; EXPECT: output; QUERY */
    unsigned nargs;                  /* at most RC_MAX_ARGS */
    struct vec_arg *args;            /* nargs of them, in the set's arena
                                        (NULL when nargs is 0): a step is
                                        small, so 50,000 vectors load fast */
    struct vec_val repeat;           /* DO: times (default 1) */
    int result;                      /* RESULT: the first code named */
    uint32_t results;                /* RESULT: the codes accepted, bit i =
                                        the i-th of RC_RESULTS, and
                                        VEC_RESULT_ERROR (`error`: any code
                                        but ok and notsup) */
    struct vec_val value;            /* QUERY: expected value; ALLOW: max
                                        (n, 0 = any number) */
    uint32_t rules;                  /* DO/QUERY/CREATE_REFUSED: bit i =
                                        the record's rules[i] is what this
                                        step checks */
    uint8_t setup;                   /* DO/QUERY: a set-up step */
    uint8_t order_any;               /* ORDER: any order */
    uint32_t order_keys;             /* ORDER by: bit per argument index */
    uint8_t wait;                    /* DO: a `wait` (upto/from) */
    struct vec_val upto, from;       /* DO wait: at most / not before */
};

struct vec_cfg {
    uint32_t key;
    struct vec_val v;
};

struct vec_record {
    char id[VEC_ID_MAX];
    const char *file; /* owned by the set */
    unsigned line;
    unsigned end_line; /* the line of its `end` */
    /* its bytes as read (owned by the set): from the start of its first line
     * through the newline of its `end` line, comments included; what a
     * reproducer file copies (the file is never read again) */
    const char *text;
    size_t text_len;
    char *rules[VEC_MAX_RULES];
    unsigned nrules;
    uint32_t revs;   /* VEC_P12R2 ... */
    uint32_t needs;  /* RC_CAP_* */
    uint32_t params; /* bit per enum vec_var named in `params` */
    char cite[VEC_CITE_MAX];
    int sweep;                         /* a `sweep` record */
    char oracle[32];                   /* sweep: the oracle's name */
    const struct rc_machine_desc *machine;
    unsigned ncfg;                     /* at most RC_MAX_CONFIG */
    struct vec_cfg *cfg;               /* ncfg (owned; NULL when 0) */
    unsigned nsteps;
    struct vec_step *steps;
    unsigned npolicy;                  /* `policy` requirements */
    struct {
        uint8_t index, value;          /* RC_POLICIES index, value number */
    } policy[RC_POLICY_SLOTS];
    unsigned nbinds;                   /* names bound by ?name */
    char (*bind_names)[VEC_BIND_NAME_MAX]; /* VEC_MAX_BINDS slots (owned; NULL
                                              when nbinds is 0) */
    unsigned nbranches;                /* VEC_BRANCH steps */
    unsigned nsetup;                   /* set-up steps */
};

struct vec_arena;

struct vec_set {
    struct vec_record *rec;
    size_t n, cap;
    char **files;      /* names, in the order loaded */
    char **texts;      /* per file: the bytes read, once (NUL-terminated) */
    size_t *text_lens; /* per file: how many */
    size_t nfiles;
    struct vec_arena *arena; /* the steps' arguments (owned) */
};

/* Append the records of one file. Returns 0, or -1 with "file:line: reason"
 * in err (the set keeps the records of earlier files; the failing file adds
 * none). The file is read once, to its end (a FIFO or a pipe works), at most
 * 64 MiB; the set keeps its bytes (texts, and each record's text). A UTF-8
 * byte order mark at the start of the file is skipped. */
int vec_load_file(struct vec_set *set, const char *path, char *err, size_t cap);
/* Parse records from a string (for tests and fuzzing); name is used in
 * messages. Same contract as vec_load_file (the set keeps a copy of text). */
int vec_load_text(struct vec_set *set, const char *name, const char *text,
                  size_t len, char *err, size_t cap);
/* Duplicate ids across the whole set: -1 with "file:line: vector id X already
 * used at file:line" (the first id, in load order, that appears again, and its
 * second use). One pass over a hash table. */
int vec_check_unique(const struct vec_set *set, char *err, size_t cap);
/* The vector set hash: FNV-1a 64 over the bytes of every file of the set as
 * read by the loader, in load order, as 16 lower-case hex digits and a NUL. */
void vec_set_hash(char out[17], const struct vec_set *set);
void vec_set_free(struct vec_set *set);

/* Resolve a value for a profile; -1 if it uses a variable the profile lacks
 * or a bound name (those the runner resolves: vec_resolve_bound). */
int vec_resolve(const struct vec_val *v, const struct rc_profile *p, uint64_t *out);
/* The same with the values bound so far: bound[slot] valid where bit slot of
 * mask is set; -1 also for a name not bound yet. */
int vec_resolve_bound(const struct vec_val *v, const struct rc_profile *p,
                      const uint64_t *bound, uint32_t mask, uint64_t *out);
/* A `create refused` vector: its only step requires create() to fail. */
int vec_is_create_refused(const struct vec_record *r);
/* `result error`: any code but ok and notsup (a DUT may return any int). */
#define VEC_RESULT_ERROR (1u << 31)
/* Whether a RESULT step accepts the code rc. */
int vec_result_accepts(const struct vec_step *s, int rc);
/* 1 when a RESULT step names exactly one code (*code = it). */
int vec_result_single(const struct vec_step *s, int *code);
/* A RESULT step's codes in RC_RESULTS order ("ok|range|noent", "error"): at most
 * VEC_RESULT_TEXT_MAX bytes with the NUL. */
#define VEC_RESULT_TEXT_MAX 160
void vec_result_text(const struct vec_step *s, char buf[VEC_RESULT_TEXT_MAX]);
/* A negative vector: one that expects a rejection (a result step accepting a
 * code other than ok or notsup). */
int vec_is_negative(const struct vec_record *r);
/* A negative vector whose first rejection is not preceded by a set-up step
 * (the matching valid input accepted): docs/vector-format.md "No vacuous
 * negatives". */
int vec_negative_unpaired(const struct vec_record *r);

/* The names of revision bits ("p12r3"). */
const char *vec_rev_name(uint32_t bit);

#endif
