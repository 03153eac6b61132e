/* SPDX-License-Identifier: Apache-2.0 */
/*
 * refdut_int.h - internal to harness/refdut/: what the machine files of the
 * reference DUT (codec.c, p12reg.c, p9reg.c, gen.c, rx.c, ep.c, sw.c, arbtx.c,
 * arbrx.c) share with refdut.c, which holds the DUT description and the
 * shared helpers. Not a public header: refdut.h is the public one.
 */
#ifndef RIOCHECK_REFDUT_INT_H
#define RIOCHECK_REFDUT_INT_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "refdut.h"

#include "rio/arb.h"
#include "rio/ccp.h"
#include "rio/err.h"
#include "rio/voq.h"
#include "rio/voqgen.h"

/* Maxima of the C types arguments are narrowed to (G2). */
#define RD_U1 1ull
#define RD_U8 0xFFull
#define RD_U16 0xFFFFull
#define RD_U32 0xFFFFFFFFull
#define RD_UINT ((uint64_t)UINT_MAX)
#define RD_ANY UINT64_MAX

/* RC_SYMBOLS "reason" numbers. */
enum rd_reason {
    RD_REASON_RESERVED_VC_IND = 1,
    RD_REASON_NOT_LINKED = 2,
    RD_REASON_RESERVED_CMD = 3,
    RD_REASON_NOP = 4,
    RD_REASON_NOT_VOQ = 5,
    RD_REASON_VC_NOT_IN_USE = 6,
    RD_REASON_CRC = 7,
    RD_REASON_BEYOND = 8,
    RD_REASON_RESERVED_FLOW_ID = 9,
    RD_REASON_CRITICAL_FLOW = 10,
    RD_REASON_RESERVED_FAM = 11,
    RD_REASON_NOT_CONGESTION_MGMT = 12,
    RD_REASON_LAST_SEGMENT = 20,
    RD_REASON_ABORTED = 21,
    RD_REASON_IDLE_TIMEOUT = 22,
    RD_REASON_RELEASE = 23,
    RD_REASON_RELEASE_TIMEOUT = 24,
    RD_REASON_RESET = 25
};

/* ==========================================================================
 * Tables, messages, configs, outputs (refdut.c)
 * ========================================================================== */

/* One event/output/query line of a dut.h table: its number and argument
 * names (arg[0] NULL: none). */
struct rd_kind {
    uint32_t kind;
    const char *const *arg;
    uint32_t slots;
};

#define RD_NAMES_(...) (const char *const[]){__VA_ARGS__}
#define RD_KIND_(n, v, s, f, ...)                                              \
    {(v), RD_NAMES_(__VA_ARGS__),                                              \
     (uint32_t)(sizeof(RD_NAMES_(__VA_ARGS__)) / sizeof(const char *))},
#define RD_TABLE_(name, LIST)                                                  \
    static const struct rd_kind name[] = {LIST(RD_KIND_)}
#define RD_COUNT_(t) (sizeof(t) / sizeof((t)[0]))

/* 1 when every argument is at most its maximum (G2). */
int rd_fit(const struct rc_msg *m, const uint64_t *max, size_t n);
#define RD_FIT(m, ...)                                                         \
    rd_fit((m), (const uint64_t[]){__VA_ARGS__},                               \
           sizeof((const uint64_t[]){__VA_ARGS__}) / sizeof(uint64_t))

/* Config keys: key numbers are below RD_KEYS in every table. */
#define RD_KEYS 16u
struct rd_key {
    uint32_t key;
    uint64_t def;
};
#define RD_KEY_(n, v, s, d) {(v), (uint64_t)(d)},
#define RD_KEYTABLE_(name, LIST) static const struct rd_key name[] = {LIST(RD_KEY_)}

/* Defaults, then the given values (G6). *given: bit k = key k was given. */
int rd_config(uint64_t val[RD_KEYS], uint32_t *given,
              const struct rd_key *keys, size_t nkeys,
              const struct rc_config *cfg);

/* The caller's output array. */
struct rd_out {
    struct rc_msg *msg;
    uint32_t cap;
    uint32_t n;
    int full;
};

void rd_emit(struct rd_out *o, uint32_t kind, const uint64_t *arg,
             size_t nargs);
#define RD_EMIT(o, kind, ...)                                                  \
    rd_emit((o), (uint32_t)(kind), (const uint64_t[]){__VA_ARGS__},            \
            sizeof((const uint64_t[]){__VA_ARGS__}) / sizeof(uint64_t))

/* Common start of step(): *n = 0, argument checks, event validation. */
int rd_step_begin(struct rd_out *o, const void *inst,
                  const struct rc_msg *ev, struct rc_msg *out,
                  uint32_t cap, uint32_t *n, const struct rd_kind *tab,
                  size_t ntab);
/* Common end of step(): publish the outputs, or RC_FULL (G5). */
int rd_step_end(struct rd_out *o, uint32_t *n, int rc);
int rd_query_begin(const void *inst, const struct rc_msg *q,
                   uint64_t *value, const struct rd_kind *tab,
                   size_t ntab);
/* A reference query result: a value >= 0 or a negative rio_err. */
int rd_query_result(int r, uint64_t *value);

/* Byte strings (G4). */
int rd_bytes_in(uint8_t dst[16], size_t *len, uint64_t n, uint64_t hi,
                uint64_t lo);
void rd_bytes_out(struct rd_out *o, uint32_t kind, const uint8_t *src,
                  size_t len);

/* Enumerated arguments: 1 and *dst set when v is an enumerator (G2). */
int rd_p12_rev(uint64_t v, enum rio_p12_rev *dst);
int rd_p9_rev(uint64_t v, enum rio_p9_rev *dst);
int rd_format(uint64_t v, enum rio_voq_format *dst);
/* cmd arguments: enum rio_fam_cmd (A4). */
int rd_fam_cmd(uint64_t v, enum rio_fam_cmd *dst);

/* A Table 3-1 flowID naming a flow (E3): RC_RANGE if reserved or > 127. */
int rd_flow_of_id(uint64_t flow_id, unsigned *vc, unsigned *flow);
/* The flowID of a flow the reference reported (always valid). */
uint64_t rd_flow_id(unsigned vc, unsigned flow);
/* A4: static_mask bit f -> static_flow[f] (arbtx, arbrx). */
int rd_static_flows(uint8_t dst[RIO_ARB_MAX_FLOWS], uint64_t mask,
                    uint64_t flows);

/* The destroy of every machine but gen: free(inst). */
void rd_destroy(void *inst);

/* ==========================================================================
 * The machines (one file each), as listed in rd_dut (refdut.c)
 * ========================================================================== */

/* codec.c */
int rd_codec_create(void *ctx, void **inst, const struct rc_config *cfg);
int rd_codec_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                  uint32_t cap, uint32_t *n);
int rd_codec_query(void *inst, const struct rc_msg *q, uint64_t *value);
int rd_codec_cs64_decode(void *ctx, uint32_t width, uint32_t param,
                         struct rc_msg *out);

/* p12reg.c */
int rd_p12reg_create(void *ctx, void **inst, const struct rc_config *cfg);
int rd_p12reg_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                   uint32_t cap, uint32_t *n);
int rd_p12reg_query(void *inst, const struct rc_msg *q, uint64_t *value);

/* p9reg.c */
int rd_p9reg_create(void *ctx, void **inst, const struct rc_config *cfg);
int rd_p9reg_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                  uint32_t cap, uint32_t *n);
int rd_p9reg_query(void *inst, const struct rc_msg *q, uint64_t *value);

/* gen.c */
int rd_gen_create(void *ctx, void **inst, const struct rc_config *cfg);
void rd_gen_destroy(void *inst);
int rd_gen_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                uint32_t cap, uint32_t *n);
int rd_gen_query(void *inst, const struct rc_msg *q, uint64_t *value);

/* rx.c */
int rd_rx_create(void *ctx, void **inst, const struct rc_config *cfg);
int rd_rx_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
               uint32_t cap, uint32_t *n);
int rd_rx_query(void *inst, const struct rc_msg *q, uint64_t *value);

/* ep.c */
int rd_ep_create(void *ctx, void **inst, const struct rc_config *cfg);
int rd_ep_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
               uint32_t cap, uint32_t *n);
int rd_ep_query(void *inst, const struct rc_msg *q, uint64_t *value);

/* sw.c */
int rd_sw_create(void *ctx, void **inst, const struct rc_config *cfg);
int rd_sw_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
               uint32_t cap, uint32_t *n);
int rd_sw_query(void *inst, const struct rc_msg *q, uint64_t *value);

/* arbtx.c */
int rd_arbtx_create(void *ctx, void **inst, const struct rc_config *cfg);
int rd_arbtx_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                  uint32_t cap, uint32_t *n);
int rd_arbtx_query(void *inst, const struct rc_msg *q, uint64_t *value);

/* arbrx.c */
int rd_arbrx_create(void *ctx, void **inst, const struct rc_config *cfg);
int rd_arbrx_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                  uint32_t cap, uint32_t *n);
int rd_arbrx_query(void *inst, const struct rc_msg *q, uint64_t *value);

#endif
