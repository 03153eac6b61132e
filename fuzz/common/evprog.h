/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/common/evprog.h - the EVENT PROGRAM: a compact byte encoding of a
 * machine configuration and a sequence of typed events (and queries) for one
 * machine of the riocheck vendor ABI (riocheck/dut.h), shared by the state
 * machine fuzz targets (gen, rx, ep, sw, arbtx, arbrx, p12reg, p9reg) and the
 * differential target (diff).
 *
 * Why a program and not raw structs: a fuzzer mutates bytes. With this
 * encoding every byte string is a valid program (there is no parse error:
 * missing bytes read as 0), one byte picks an event kind, one byte per
 * argument picks a MEANINGFUL value (ports below the configured port count
 * plus one just beyond, the VCs 0-8 and "all", the assigned flowIDs plus a
 * few reserved ones, the CSR bits that matter, the timer values of the
 * configuration), a flag reaches any 32- or 64-bit value, and a repeat count
 * makes "16 XOFFs" or "65535 ticks" a few bytes long. Programs are
 * machine-independent in shape, so the same bytes drive the reference
 * (rc_refdut()) and a vendor DUT.
 *
 * Encoding (all multi-byte values big-endian):
 *
 *   program = header { record }
 *   header  = n:u8 { key:u8 value }     n % (keys + 1) entries; key % keys is
 *                                       an index into the machine's CONFIG
 *                                       table; a key given again replaces the
 *                                       earlier value (create gets each key
 *                                       once, in order of first appearance;
 *                                       keys not given take the table default)
 *   record  = head:u8 body
 *     head bit 7    1: a QUERY record (machines without queries: an event)
 *     head bit 6    events: a repeat count follows the arguments
 *     head bits 0-5 index % count into the machine's EVENTS (QUERIES) table
 *     body          one `value` per argument of the kind, in table order,
 *                   except that an argument triple len, hi, lo (a byte
 *                   string) is one `bytes` item; then, with bit 6, `repeat`
 *   value   = b:u8                      b <= 0x7F: a small value, see below
 *           | 0xFF v:u64                the 64-bit value v
 *           | b:u8 (0x80..0xFE) v:u32   the 32-bit value v
 *   bytes   = b:u8 (>= 0x80) raw        raw: (b & 0x7F) % 17 bytes follow
 *           | b:u8 (<= 0x7F) synth      rx "symbol": a synthesized control
 *                                       symbol (below); elsewhere raw with
 *                                       b % 17 bytes following
 *   repeat  = LEB128 varint v (at most 3 bytes): the event is applied
 *             1 + min(v, EVPROG_REPEAT_MAX - 1) times
 *
 * Small values (b = 0..127) by argument name (and machine where it matters):
 *   rev 2 + b%2; width b%8 (7 = reserved; ep: counter width 1 + b%16);
 *   stype0, vc_ind, rsrv, ftype b%16; boolean-like args (on, xon, soc,
 *   seq, mode, last, aborted, grant, no_buffer, crf) b%2; vc b%10 with 9 ->
 *   255 (all VCs); port, tx_port, in_port, ccp_port b % (ports + 1); queue b %
 *   (queues + 1); arbitration flow b % (flows + 1); rx flow b%4; flow_id
 *   b%24 -> the 14 assigned flowIDs 0x00-0x05, 0x41-0x48, then reserved ones;
 *   IDs (dest, destination_id, tgt_destination_id, source_id) 0..9, 0xFF,
 *   0x100, 0xFFFF, 0x10000, 0xFFFFFFFF, 0x12345678; fam, cmd b%8; prio, tt b%4;
 *   packets b%5 (0 is invalid); n (ticks) 0..95, powers of two, and at
 *   120..127 the timer values of the configuration (+-1); CSR values are
 *   built from bits (Port n VoQ CSR bits 8, 9, 10, 11+2 and the group sizes;
 *   Port n Control CSR bits 13, 15; CAR bits 20, 24); p12reg offsets: the
 *   header, reserved words, port CSRs, the end of the map and unaligned
 *   ones; codec stype2 / CS64 parameters a spread of 14-/24-bit values;
 *   anything else (group, status, id, parameter0/1, ...) b itself.
 *
 * Small config values: rev 2 + b%2; format 48 or 64; ports (gen, rx) and
 *   queues mostly 1..16, sometimes 20..257 or 0; ports elsewhere 1..8 (or
 *   249..256); vcs 0, 1, 2, 4, 8 or the invalid 3; rx width b%8; ep width
 *   1..16 (17 at the top); capacity 0..8 (32, 33); orphan timeout 1, 2, 3, 5,
 *   10, 100, 1000 or 0; sw list 1..8 (64, 65) and arbitration flows 1..4
 *   (16, 17); timers b%8; backoff, pool, static_mask b%4; ef_ptr b << 8;
 *   sizes, critical b; nogen_port / norx_port 0..7 or none; flags and
 *   policies b%2. Invalid values are reachable so that create is tested.
 *
 * Synthesized rx symbol (synth byte f, then group:u8, status:u24): a VoQ
 * symbol in the receiver's format, revision and RX group width, with a
 * correct CRC:
 *   f & 3      0, 1: a VoQ backpressure message (group and status masked to
 *              the geometry); 2: rev 3 CMD 0 / rev 2 CMD from the group
 *              byte (NOP / reserved); 3: CS48 stype2 raw from group||status,
 *              CS64 a symbol whose stype0 is not VoQ backpressure
 *   (f>>2)&15  CS64: the VC_IND; CS48: 0 -> rides with Status (VC0), 1..8 ->
 *              VC_Status with VCID v-1, 9..15 -> another stype0
 *   f & 0x40   the CRC is corrupted (one bit flipped)
 *
 * Valid configurations (the differential target, evprog_open_valid): after
 * the header is read, every key is folded into its valid set
 * (common/evcfg.h), and an arbtx ccp seq small value >= 4 becomes
 * EVPROG_SEQ_ANSWER (below). The state machine targets keep evprog_open:
 * invalid configurations reach their create checks. A header count byte
 * EVPROG_REFUSED_MODE (0xFF) is the refused mode: one configuration the
 * spec rules out (below, common/evcfg.h).
 *
 * Budget: one program applies at most EVPROG_BUDGET events in all (repeat
 * counts are clamped to what is left), so every input runs in bounded time.
 * A target may apply fewer repetitions of a record where more cannot change
 * anything it checks (each target says so).
 */
#ifndef RIOCHECK_EVPROG_H
#define RIOCHECK_EVPROG_H

#include <stddef.h>
#include <stdint.h>

#include "fuzz.h"
#include "riocheck/dut.h"

#define EVPROG_REPEAT_MAX (1u << 17)
#define EVPROG_BUDGET (1u << 18)
#define EVPROG_KEYS 32u /* config key numbers are below this */

/* The VCs in use with vcs optional VCs (the vcs key of the gen and rx
 * configurations), bit v for VC v: VC0 alone, VC0-1, VC0-1 and 5, VC0-1, 3,
 * 5 and 7, or VC0-8 (Part 6 Table 3-12); 0 for a count other than 0, 1, 2, 4
 * or 8. */
static inline uint16_t evprog_vc_mask(uint64_t vcs)
{
    switch (vcs) {
    case 0:
        return 0x001u;
    case 1:
        return 0x003u;
    case 2:
        return 0x023u; /* VC1, VC5 */
    case 4:
        return 0x0ABu; /* VC1, VC3, VC5, VC7 */
    case 8:
        return 0x1FFu;
    default:
        return 0;
    }
}

struct rc_machine_desc;
struct rc_kind_desc;

struct evprog {
    uint32_t machine;                   /* enum rc_machine */
    const struct rc_machine_desc *desc; /* harness/core/registry.h */
    struct rc_config cfg;               /* the keys the header gave */
    uint64_t val[EVPROG_KEYS];          /* effective value of every key */
    struct fuzz_in in;
    const uint8_t *data; /* the whole input, for offsets */
    uint32_t budget;     /* event applications left */
    unsigned records;    /* records read so far */
    int answer_seq;      /* evprog_open_valid: arbtx ccp seq small values
                            >= 4 are EVPROG_SEQ_ANSWER */
    const char *refused; /* evprog_open_valid, refused mode: the rule ids
                            the configuration breaks (evcfg_refused), else
                            NULL */
};

/* A header count byte of this value (evprog_open_valid only) marks the
 * REFUSED MODE: the header is read as usual and folded into the valid sets,
 * then two more bytes, pick and v, make ONE key a value the spec rules out
 * (common/evcfg.h, evcfg_refused); the differential target then compares
 * only whether the create is refused. The seeds (written by
 * evprog_w_begin: at most one entry per key) never start so. */
#define EVPROG_REFUSED_MODE 0xFFu

/* An arbtx ccp seq meaning "the bit of the flow's latest REQUEST" (the
 * answer to it, Part 9 2.4.7 rules 2, 3): the differential target replaces
 * it with the bit the reference sent (small values 0..3 stay b % 2). */
#define EVPROG_SEQ_ANSWER 0xFFFFFFFFu

struct evprog_step {
    int query;                       /* 1: msg is a query; 0: an event */
    const struct rc_kind_desc *kind; /* its table line */
    struct rc_msg msg;               /* kind, nargs, args */
    uint32_t repeat;                 /* events: 1..EVPROG_REPEAT_MAX */
    unsigned index;                  /* record number, from 0 */
    size_t offset;                   /* offset of its head byte */
};

/* Start reading a program for machine (enum rc_machine) from data[0..size):
 * reads the header. Returns 0, or -1 for an unknown machine. */
int evprog_open(struct evprog *p, uint32_t machine, const uint8_t *data,
                size_t size);

/* The next record: 1 with *st filled, 0 at the end of the input or when the
 * budget is used up (st->repeat already counts against it). */
int evprog_next(struct evprog *p, struct evprog_step *st);

/* Effective value of a config key (the header's, else the table default);
 * 0 for a key the machine does not have. */
uint64_t evprog_cfg(const struct evprog *p, uint32_t key);

/* create() the program's machine on dut with the header's keys. Returns the
 * create result; RC_NOTSUP also when the DUT lacks the machine. */
int evprog_create(const struct evprog *p, const struct rc_dut *dut,
                  void **inst);

/* "record 3 at byte 17: congest port=1 vc=0 on=1 (x5)" */
void evprog_format(char *dst, size_t cap, const struct evprog *p,
                   const struct evprog_step *st);

/* Format an output or query message of the program's machine. */
void evprog_format_msg(char *dst, size_t cap, const struct evprog *p,
                       int output, const struct rc_msg *m);

/* A violated property of the record st (repetition rep): fuzz_fail with
 * "MACHINE RULE: WHAT; record N at byte B: EVENT (xR), repetition REP". */
FUZZ_NORETURN void evprog_fail(const struct evprog *p,
                               const struct evprog_step *st, uint32_t rep,
                               const char *rule, const char *what);

/* The same about output o of that step: WHAT is prefixed with o, formatted. */
FUZZ_NORETURN void evprog_out_fail(const struct evprog *p,
                                   const struct evprog_step *st, uint32_t rep,
                                   const struct rc_msg *o, const char *rule,
                                   const char *what);

/* The name of a machine ("gen"), never NULL. */
const char *evprog_machine_name(uint32_t machine);

/* ---- writing programs (seed generators, tests) ----------------------------
 * The writer picks the shortest encoding of every value (a small value when
 * one maps to it, else 32 or 64 bits), so decode(encode(x)) == x. */
struct evprog_writer {
    struct evprog ctx; /* machine and config values, for the small values */
    uint8_t *buf;
    size_t cap, len;
    int overflow; /* 1 when buf was too small (len is then invalid) */
};

/* Start a program for machine with config cfg (may be NULL: no keys).
 * Returns 0, or -1 for an unknown machine or key. */
int evprog_w_begin(struct evprog_writer *w, uint32_t machine,
                   const struct rc_config *cfg, uint8_t *buf, size_t cap);

/* Append an event (query = 0) or query (query = 1) record; m->kind must be a
 * kind of the machine's table and m->nargs its argument count (a byte string
 * must be canonical: len <= 16, zero bytes past len). Returns 0 or -1. */
int evprog_w_step(struct evprog_writer *w, int query, const struct rc_msg *m,
                  uint32_t repeat);

/* ---- the shape of a program (mutators) ----------------------------------
 * The number of queries a program can name (0: the machine has none, its
 * records are all events), and whether argument i of kind k starts a len,
 * hi, lo byte string (one item in the program). */
size_t evprog_nqueries(const struct rc_machine_desc *d);
int evprog_bytes_arg(const struct rc_kind_desc *k, unsigned i);

/* "rev=3 ports=4 ..." : every key's effective value (the configuration a
 * create gets, with the defaults). */
void evprog_cfg_text(char *dst, size_t cap, const struct evprog *p);

/* Open a program as evprog_open, then fold its configuration into the valid
 * sets of v (common/evcfg.h; NULL: as evprog_open); a header starting with
 * EVPROG_REFUSED_MODE then reads pick and v and sets p->refused. */
struct evcfg;
int evprog_open_valid(struct evprog *p, uint32_t machine, const uint8_t *data,
                      size_t size, const struct evcfg *v);

#endif
