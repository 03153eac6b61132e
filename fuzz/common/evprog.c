/* SPDX-License-Identifier: Apache-2.0 */
/* The event program decoder and writer. The encoding is documented in
 * evprog.h; this file holds the small-value tables, which are the part that
 * decides how quickly a fuzzer reaches interesting states. */
#include "evprog.h"

#include "evcfg.h"

#include <string.h>

#include "../../harness/core/registry.h"
#include "rio/cs.h"
#include "rio/err.h"
#include "rio/voq.h"

/* ---- small values -------------------------------------------------------- */

/* flowIDs: the 14 of Table 3-1, then reserved ones (P9-3.2-e). */
static const uint8_t flow_ids[] = {
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46,
    0x47, 0x48, 0x06, 0x40, 0x49, 0x7F, 0x3F, 0x20, 0x07, 0x50, 0x60, 0x0F};

static const uint64_t ids[] = {
    0, 1, 2,    3,     4,      5,       6,           7,
    8, 9, 0xFF, 0x100, 0xFFFF, 0x10000, 0xFFFFFFFFu, 0x12345678u};

static uint64_t cfgv(const struct evprog *p, uint32_t key)
{
    return evprog_cfg(p, key);
}

/* The "ports" of the machine (8 when it has none). */
static uint64_t ports_of(const struct evprog *p)
{
    switch ((enum rc_machine)p->machine) {
    case RC_M_P12REG:
        return cfgv(p, RC_P12REG_CFG_PORTS);
    case RC_M_P9REG:
        return cfgv(p, RC_P9REG_CFG_PORTS);
    case RC_M_GEN:
        return cfgv(p, RC_GEN_CFG_PORTS);
    case RC_M_RX:
        return cfgv(p, RC_RX_CFG_PORTS);
    case RC_M_SW:
        return cfgv(p, RC_SW_CFG_PORTS);
    case RC_M_CODEC:
    case RC_M_EP:
    case RC_M_ARBTX:
    case RC_M_ARBRX:
    case RC_MACHINE_COUNT:
        break;
    }
    return 8;
}

static uint64_t mod_plus_one(unsigned b, uint64_t n)
{
    /* b % (n + 1) without overflow for huge n */
    return n >= 127u ? b : b % (n + 1u);
}

/* Port n VoQ CSR from bits: b0 bit 8, b1 bit 9, b2 bit 10, b3 bit 11 (with
 * bit 2 so that rev 3+ counts it, I-GEN-12), b4-6 TX and RX group size. */
static uint64_t voq_csr(unsigned b)
{
    uint64_t v = 0;
    if (b & 1u)
        v |= RIO_VOQ_CSR_GEN_ENABLE;
    if (b & 2u)
        v |= RIO_VOQ_CSR_PARTICIPATE;
    if (b & 4u)
        v |= RIO_VOQ_CSR_PORT_XOFF;
    if (b & 8u)
        v |= RIO_VOQ_CSR_PER_VC_ENABLE | RIO_VOQ_CSR_PER_VC_SUPPORTED;
    unsigned size = (b >> 4) & 7u;
    return v | (uint64_t)(size << 3) | size;
}

/* Port n Control CSR: b0 bit 13, b1 bit 15, then parallel-PHY bits 10 and
 * 12, bit 0, bit 31, bit 14 (other specs' bits). */
static uint64_t ctl_csr(unsigned b)
{
    static const uint32_t bit[7] = {0x00040000u, 0x00010000u, 0x00200000u,
                                    0x00080000u, 0x80000000u, 0x00000001u,
                                    0x00020000u};
    uint64_t v = 0;
    for (unsigned i = 0; i < 7; i++)
        if (b & (1u << i))
            v |= bit[i];
    return v;
}

/* PE Features CAR: b0 bit 20, b1 bit 24, then bits 21, 25, 0, 31, 23. */
static uint64_t car_value(unsigned b)
{
    static const uint32_t bit[7] = {0x00000800u, 0x00000080u, 0x00000400u,
                                    0x00000040u, 0x80000000u, 0x00000001u,
                                    0x00000100u};
    uint64_t v = 0;
    for (unsigned i = 0; i < 7; i++)
        if (b & (1u << i))
            v |= bit[i];
    return v;
}

/* p12reg block offsets (Table 5-1, both maps). */
static uint64_t p12_offset(const struct evprog *p, unsigned b)
{
    int rev2 = cfgv(p, RC_P12REG_CFG_REV) == 2u;
    uint64_t base = rev2 ? 0x0Cu : 0x20u, end = rev2 ? 0x30Cu : 0x420u;
    uint64_t ports = cfgv(p, RC_P12REG_CFG_PORTS);
    if (b < 16u)
        return 4u * b;
    if (b < 48u)
        return base + 4u * (b - 16u);
    if (b < 56u) {
        const uint64_t t[8] = {end - 4u,
                               end,
                               end + 4u,
                               0xFFFFFFFCu,
                               0x1000u,
                               base + 4u * ports,
                               base + 4u * (ports - 1u),
                               0x7FFFFFFCu};
        return t[b - 48u] & 0xFFFFFFFFu;
    }
    if (b < 64u) {
        const uint64_t t[8] = {1,         2,           3,        base + 1u,
                               base + 2u, 0xFFFFFFFFu, end - 1u, 0x22};
        return t[b - 56u];
    }
    return base + 4u * ((b - 64u) * 3u);
}

/* Tick counts: small, powers of two, and the configured timers (+-1). */
static uint64_t ticks(const struct evprog *p, unsigned b)
{
    if (b < 96u)
        return b;
    if (b < 112u)
        return (uint64_t)1 << (b - 96u + 7u); /* 2^7 .. 2^22 */
    if (b < 120u)
        return (uint64_t)1 << (24u + 5u * (b - 112u)); /* 2^24 .. 2^59 */
    uint64_t t[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    switch ((enum rc_machine)p->machine) {
    case RC_M_GEN: {
        uint64_t r = cfgv(p, RC_GEN_CFG_REFRESH);
        t[0] = r - 1u, t[1] = r, t[2] = r + 1u, t[3] = 2u * r;
        t[4] = 3u * r - 1u, t[5] = 1000u * r, t[6] = r / 2u, t[7] = r;
        break;
    }
    case RC_M_EP: {
        uint64_t o = cfgv(p, RC_EP_CFG_ORPHAN);
        t[0] = o - 1u, t[1] = o, t[2] = o + 1u, t[3] = 2u * o;
        t[4] = 14u * o, t[5] = 15u * 33u * o, t[6] = o / 2u, t[7] = 3u * o;
        break;
    }
    case RC_M_ARBTX: {
        uint64_t o = cfgv(p, RC_ARBTX_CFG_TIMEOUT),
                 k = cfgv(p, RC_ARBTX_CFG_BACKOFF);
        t[0] = o - 1u, t[1] = o, t[2] = o + 1u, t[3] = k;
        t[4] = k - 1u, t[5] = k + 1u, t[6] = 2u * o, t[7] = o + k;
        break;
    }
    case RC_M_ARBRX: {
        uint64_t i = cfgv(p, RC_ARBRX_CFG_IDLE),
                 r = cfgv(p, RC_ARBRX_CFG_RELEASE);
        t[0] = i - 1u, t[1] = i, t[2] = i + 1u, t[3] = r;
        t[4] = r - 1u, t[5] = r + 1u, t[6] = i + r, t[7] = 2u * i;
        break;
    }
    case RC_M_CODEC:
    case RC_M_P12REG:
    case RC_M_P9REG:
    case RC_M_RX:
    case RC_M_SW:
    case RC_MACHINE_COUNT:
        return b;
    }
    return t[b - 120u] & 0xFFFFFFFFu; /* wraps of "0 - 1" stay 32-bit */
}

static int is(const char *a, const char *b)
{
    return strcmp(a, b) == 0;
}

/* Port counts: mostly 1..16, sometimes the interesting large ones. */
static uint64_t port_count(unsigned b)
{
    static const uint16_t big[16] = {20,  24,  26,  32,  39,  40,  64,  100,
                                     128, 191, 192, 193, 255, 256, 257, 0};
    return b < 112u ? 1u + b % 16u : big[b - 112u];
}

/* The small value b of config key `key` (CONFIG table names). */
static uint64_t config_value(const struct evprog *p, const char *key,
                             unsigned b)
{
    const enum rc_machine m = (enum rc_machine)p->machine;
    if (is(key, "rev"))
        return 2u + b % 2u;
    if (is(key, "format"))
        return b % 2u ? 64u : 48u;
    if (is(key, "ports"))
        return m == RC_M_GEN || m == RC_M_RX
                   ? port_count(b)
                   : 1u + b % 8u + (b >= 120u ? 248u : 0u);
    if (is(key, "queues"))
        return port_count(b);
    if (is(key, "vcs")) {
        static const uint8_t v[6] = {0, 1, 2, 4, 8, 3};
        return v[b % 6u];
    }
    if (is(key, "width"))
        return m == RC_M_EP ? 1u + b % 16u + (b >= 124u ? 1u : 0u) : b % 8u;
    if (is(key, "capacity"))
        return b < 120u ? b % 9u : 32u + b % 2u;
    if (is(key, "orphan")) {
        static const uint16_t v[8] = {1, 2, 3, 5, 10, 100, 1000, 0};
        return v[b % 8u];
    }
    if (is(key, "critical"))
        return b;
    if (is(key, "tt"))
        return b % 4u;
    if (is(key, "list") || is(key, "flows"))
        return b < 120u ? 1u + b % (m == RC_M_SW ? 8u : 4u)
                        : (m == RC_M_SW ? 64u : 16u) + b % 2u;
    if (is(key, "refresh") || is(key, "timeout") || is(key, "idle") ||
        is(key, "release"))
        return b % 8u;
    if (is(key, "backoff") || is(key, "pool") || is(key, "static_mask"))
        return b % 4u;
    if (is(key, "ef_ptr"))
        return (uint64_t)b << 8;
    if (is(key, "sizes"))
        return b;
    if (is(key, "nogen_port") || is(key, "norx_port"))
        return b % 9u == 8u ? RC_NONE : b % 9u;
    if (is(key, "none"))
        return 0;
    return b % 2u; /* the 0/1 flags and policies */
}

/* The small value b (0..127) of argument `arg` of a kind (kname) of the
 * program's machine; kname "config": a configuration key. */
static uint64_t small_value(const struct evprog *p, const char *kname,
                            const char *arg, unsigned b)
{
    const enum rc_machine m = (enum rc_machine)p->machine;
    if (is(kname, "config"))
        return config_value(p, arg, b);
    if (is(arg, "rev"))
        return 2u + b % 2u;
    if (p->answer_seq && m == RC_M_ARBTX && is(kname, "ccp") &&
        is(arg, "seq") && b >= 4u)
        return EVPROG_SEQ_ANSWER;
    if (is(arg, "width"))
        return m == RC_M_EP ? 1u + b % 16u : b % 8u;
    if (is(arg, "on") || is(arg, "xon") || is(arg, "soc") || is(arg, "seq") ||
        is(arg, "mode") || is(arg, "last") || is(arg, "aborted") ||
        is(arg, "grant") || is(arg, "no_buffer") || is(arg, "crf") ||
        is(arg, "reserved"))
        return b % 2u;
    if (is(arg, "vc"))
        return b % 10u == 9u ? RC_VC_ALL : b % 10u;
    if (is(arg, "port") || is(arg, "tx_port") || is(arg, "in_port") ||
        is(arg, "ccp_port"))
        return mod_plus_one(b, ports_of(p));
    if (is(arg, "queue"))
        return mod_plus_one(b, cfgv(p, RC_RX_CFG_QUEUES));
    if (is(arg, "flow")) {
        if (m == RC_M_ARBTX)
            return mod_plus_one(b, cfgv(p, RC_ARBTX_CFG_FLOWS));
        if (m == RC_M_ARBRX)
            return mod_plus_one(b, cfgv(p, RC_ARBRX_CFG_FLOWS));
        return b % 4u;
    }
    if (is(arg, "flow_id"))
        return flow_ids[b % (sizeof flow_ids)];
    if (is(arg, "dest") || is(arg, "destination_id") ||
        is(arg, "tgt_destination_id") || is(arg, "source_id"))
        return ids[b % (sizeof ids / sizeof ids[0])];
    if (is(arg, "fam") || is(arg, "cmd"))
        return b % 8u;
    if (is(arg, "prio") || is(arg, "tt"))
        return b % 4u;
    if (is(arg, "packets"))
        return b % 5u;
    if (is(arg, "n"))
        return ticks(p, b);
    if (is(arg, "offset"))
        return p12_offset(p, b);
    if (is(arg, "errstat"))
        return (b & 1u ? 0x8u : 0u) | (b & 2u ? 0x80000000u : 0u) |
               (b & 4u ? 0x4u : 0u);
    if (is(arg, "csr"))
        return voq_csr(b);
    if (is(arg, "value")) {
        switch (m) {
        case RC_M_CODEC: /* stype2_decode: a spread of 14-bit values */
            return ((uint64_t)b * 40503u + (b >> 3)) & 0x3FFFu;
        case RC_M_GEN:
        case RC_M_P12REG:
            return voq_csr(b);
        case RC_M_P9REG:
            return is(kname, "car_write") ? car_value(b) : ctl_csr(b);
        case RC_M_SW:
            return ctl_csr(b);
        case RC_M_RX:
        case RC_M_EP:
        case RC_M_ARBTX:
        case RC_M_ARBRX:
        case RC_MACHINE_COUNT:
            break;
        }
        return b;
    }
    if (is(arg, "param")) /* cs64_decode: a spread of 24-bit values */
        return ((uint64_t)b * 0x9E3779B1u >> 7) & 0xFFFFFFu;
    if (is(arg, "stype2"))
        return ((uint64_t)b * 40503u) & 0x3FFFu;
    if (is(arg, "vc_ind") || is(arg, "stype0") || is(arg, "rsrv") ||
        is(arg, "ftype"))
        return b % 16u;
    return b; /* group, status, id, parameter0/1, stype1, ack_id, ... */
}

/* ---- reading ------------------------------------------------------------- */

static uint64_t read_value(struct evprog *p, const char *kname, const char *arg)
{
    uint8_t b = fuzz_u8(&p->in);
    if (b == 0xFFu)
        return fuzz_u64(&p->in);
    if (b & 0x80u)
        return fuzz_u32(&p->in);
    return small_value(p, kname, arg, b);
}

static void put_bytes(uint64_t *hi, uint64_t *lo, const uint8_t *src,
                      size_t len)
{
    *hi = 0;
    *lo = 0;
    for (size_t i = 0; i < len && i < 16u; i++) {
        uint64_t *w = i < 8u ? hi : lo;
        *w |= (uint64_t)src[i] << (56u - 8u * (i % 8u));
    }
}

/* A VoQ control symbol for the rx machine (see the header). */
static size_t synth_rx_symbol(struct evprog *p, unsigned f, uint8_t *dst)
{
    unsigned kind = f & 3u, vsel = (f >> 2) & 15u, corrupt = (f >> 6) & 1u;
    unsigned group = fuzz_u8(&p->in);
    uint32_t status = (uint32_t)fuzz_u8(&p->in) << 16;
    status |= (uint32_t)fuzz_u16(&p->in);
    enum rio_p12_rev rev =
        cfgv(p, RC_RX_CFG_REV) == 2u ? RIO_P12_REV2 : RIO_P12_REV3;
    unsigned width = (unsigned)(cfgv(p, RC_RX_CFG_WIDTH) & 7u);
    int cs64 = cfgv(p, RC_RX_CFG_FORMAT) == 64u;
    unsigned gw = rev == RIO_P12_REV2 ? 5u : width;
    unsigned sw = rev == RIO_P12_REV2 ? 6u : (cs64 ? 20u : 13u) - width;
    unsigned gmask = (1u << gw) - 1u;
    uint32_t smask = (uint32_t)((1ull << sw) - 1u);
    size_t len;
    if (cs64) {
        uint32_t param = 0;
        struct rio_cs64 cs = {0};
        if (rio_voq_cs64_encode(&param, vsel, width > 6u ? 0u : width,
                                group & gmask, status & smask) != RIO_OK)
            param = ((uint32_t)vsel << 20) | (status & 0xFFFFFu);
        cs.stype0 = kind == 3u ? (uint8_t)(vsel == 0xDu ? 0x4u : vsel)
                               : (uint8_t)RIO_CS64_STYPE0_VOQ_BACKPRESSURE;
        cs.parameter0 = rio_voq_cs64_parameter0(param);
        cs.parameter1 = rio_voq_cs64_parameter1(param);
        cs.stype1 = 0x38;
        if (rio_cs64_pack(dst, &cs) != RIO_OK)
            return 0;
        len = RIO_CS64_BYTES;
    } else {
        uint16_t stype2 = 0;
        struct rio_cs48 cs = {0};
        if (kind < 2u) {
            if (rio_voq_stype2_encode(&stype2, rev, width > 6u ? 0u : width,
                                      group & gmask, status & smask) != RIO_OK)
                stype2 = 0;
        } else if (kind == 2u) {
            /* rev 3: CMD 0 (bit 0 clear); rev 2: CMD from the group byte,
             * never 0b001 (VoQ), parameter 0 (NOP) or from status */
            unsigned cmd = group % 8u == 1u ? 0u : group % 8u;
            stype2 = rev == RIO_P12_REV2
                         ? (uint16_t)((cmd << 11) | (status & 0x7FFu))
                         : (uint16_t)(status & 0x1FFFu);
        } else {
            stype2 = (uint16_t)(((group << 8) ^ status) & 0x3FFFu);
        }
        if (vsel == 0u) {
            cs.stype0 = RIO_CS48_STYPE0_STATUS;
        } else if (vsel <= 8u) {
            cs.stype0 = RIO_CS48_STYPE0_VC_STATUS;
            cs.parameter0 = (uint8_t)(vsel - 1u);
        } else {
            cs.stype0 = (uint8_t)(vsel % 8u);
            cs.parameter0 = (uint8_t)vsel;
        }
        cs.parameter1 = 0x3F;
        cs.stype1 = 0x7;
        cs.stype2 = stype2;
        if (rio_cs48_pack(dst, &cs) != RIO_OK)
            return 0;
        len = RIO_CS48_BYTES;
    }
    if (corrupt)
        dst[len - 1u] ^= 0x01u;
    return len;
}

static void read_bytes(struct evprog *p, int rx_symbol, uint64_t *len,
                       uint64_t *hi, uint64_t *lo)
{
    uint8_t buf[16];
    size_t n;
    uint8_t b = fuzz_u8(&p->in);
    memset(buf, 0, sizeof buf);
    if (b < 0x80u && rx_symbol) {
        n = synth_rx_symbol(p, b, buf);
    } else {
        n = (b < 0x80u ? b : (unsigned)(b & 0x7Fu)) % 17u;
        for (size_t i = 0; i < n; i++)
            buf[i] = fuzz_u8(&p->in);
    }
    *len = n;
    put_bytes(hi, lo, buf, n);
}

static uint32_t read_repeat(struct evprog *p)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < 3u; i++) {
        uint8_t b = fuzz_u8(&p->in);
        v |= (uint32_t)(b & 0x7Fu) << (7u * i);
        if ((b & 0x80u) == 0)
            break;
    }
    return 1u + (v < EVPROG_REPEAT_MAX - 1u ? v : EVPROG_REPEAT_MAX - 1u);
}

static size_t real_queries(const struct rc_machine_desc *d)
{
    return d->nqueries == 1u && d->queries[0].kind == 0 ? 0u : d->nqueries;
}

/* Index of argument "len" starting a len, hi, lo triple, or -1. */
static int bytes_at(const struct rc_kind_desc *k, unsigned i)
{
    return i + 2u < RC_MAX_ARGS && k->args[i] != NULL &&
                   is(k->args[i], "len") && k->args[i + 1u] != NULL &&
                   is(k->args[i + 1u], "hi") && k->args[i + 2u] != NULL &&
                   is(k->args[i + 2u], "lo")
               ? 1
               : 0;
}

int evprog_open(struct evprog *p, uint32_t machine, const uint8_t *data,
                size_t size)
{
    memset(p, 0, sizeof *p);
    p->desc = rc_machine_by_id(machine);
    if (p->desc == NULL)
        return -1;
    p->machine = machine;
    p->data = data;
    p->budget = EVPROG_BUDGET;
    fuzz_in_init(&p->in, data, size);
    for (size_t i = 0; i < p->desc->nconfig; i++)
        if (p->desc->config[i].key < EVPROG_KEYS)
            p->val[p->desc->config[i].key] = p->desc->config[i].dflt;
    size_t nkeys = p->desc->nconfig;
    unsigned n = fuzz_u8(&p->in) % (unsigned)(nkeys + 1u);
    for (unsigned i = 0; i < n; i++) {
        const struct rc_cfg_desc *c = &p->desc->config[fuzz_u8(&p->in) % nkeys];
        uint64_t v = read_value(p, "config", c->name);
        uint32_t j = 0;
        while (j < p->cfg.n && p->cfg.kv[j].key != c->key)
            j++;
        if (j == p->cfg.n && p->cfg.n < RC_MAX_CONFIG)
            p->cfg.kv[p->cfg.n++].key = c->key;
        if (j < RC_MAX_CONFIG)
            p->cfg.kv[j].value = v;
        if (c->key < EVPROG_KEYS)
            p->val[c->key] = v;
    }
    return 0;
}

int evprog_next(struct evprog *p, struct evprog_step *st)
{
    if (fuzz_left(&p->in) == 0 || p->budget == 0)
        return 0;
    memset(st, 0, sizeof *st);
    st->offset = (size_t)(p->in.p - p->data);
    st->index = p->records++;
    uint8_t head = fuzz_u8(&p->in);
    size_t nq = real_queries(p->desc);
    st->query = (head & 0x80u) != 0 && nq > 0;
    if (st->query)
        st->kind = &p->desc->queries[(head & 0x3Fu) % nq];
    else
        st->kind = &p->desc->events[(head & 0x3Fu) % p->desc->nevents];
    st->msg.kind = st->kind->kind;
    st->msg.nargs = rc_kind_nargs(st->kind);
    for (unsigned i = 0; i < st->msg.nargs; i++) {
        if (bytes_at(st->kind, i)) {
            read_bytes(
                p, p->machine == RC_M_RX && st->kind->kind == RC_RX_EV_SYMBOL,
                &st->msg.arg[i], &st->msg.arg[i + 1u], &st->msg.arg[i + 2u]);
            i += 2u;
            continue;
        }
        st->msg.arg[i] = read_value(p, st->kind->name, st->kind->args[i]);
    }
    st->repeat = 1;
    if (!st->query && (head & 0x40u))
        st->repeat = read_repeat(p);
    if (st->repeat > p->budget)
        st->repeat = p->budget;
    p->budget -= st->repeat;
    return 1;
}

uint64_t evprog_cfg(const struct evprog *p, uint32_t key)
{
    return key < EVPROG_KEYS ? p->val[key] : 0;
}

int evprog_create(const struct evprog *p, const struct rc_dut *dut, void **inst)
{
    *inst = NULL;
    if (dut == NULL || p->machine >= RC_MACHINE_COUNT ||
        dut->machine[p->machine].create == NULL)
        return RC_NOTSUP;
    return dut->machine[p->machine].create(dut->ctx, inst, &p->cfg);
}

const char *evprog_machine_name(uint32_t machine)
{
    const struct rc_machine_desc *d = rc_machine_by_id(machine);
    return d != NULL ? d->name : "?";
}

/* "name arg=value ..." with the symbolic names of riocheck/dut.h where one
 * exists (like the vector language). */
static void format_msg(char *dst, size_t cap, const char *machine,
                       const struct rc_kind_desc *k, const struct rc_msg *m)
{
    size_t off = 0;
    int n = snprintf(dst, cap, "%s", k != NULL ? k->name : "?");
    unsigned nargs = k != NULL ? rc_kind_nargs(k) : 0;
    for (unsigned i = 0; n >= 0 && i < nargs && i < m->nargs; i++) {
        off += (size_t)n;
        if (off >= cap)
            return;
        const char *sym =
            rc_symbol_name(machine, k->name, k->args[i], m->arg[i]);
        if (sym != NULL)
            n = snprintf(dst + off, cap - off, " %s=%s", k->args[i], sym);
        else if (m->arg[i] < 256u)
            n = snprintf(dst + off, cap - off, " %s=%llu", k->args[i],
                         (unsigned long long)m->arg[i]);
        else
            n = snprintf(dst + off, cap - off, " %s=0x%llX", k->args[i],
                         (unsigned long long)m->arg[i]);
    }
}

void evprog_format(char *dst, size_t cap, const struct evprog *p,
                   const struct evprog_step *st)
{
    char m[512];
    format_msg(m, sizeof m, p->desc->name, st->kind, &st->msg);
    snprintf(dst, cap, "record %u at byte %zu: %s%s%s (x%u)", st->index,
             st->offset, p->desc->name, st->query ? " query " : " ", m,
             (unsigned)st->repeat);
}

void evprog_format_msg(char *dst, size_t cap, const struct evprog *p,
                       int output, const struct rc_msg *m)
{
    const struct rc_kind_desc *k =
        output ? rc_kind_by_id(p->desc->outputs, p->desc->noutputs, m->kind)
               : rc_kind_by_id(p->desc->queries, p->desc->nqueries, m->kind);
    if (k == NULL) {
        snprintf(dst, cap, "kind %u (nargs %u)", (unsigned)m->kind,
                 (unsigned)m->nargs);
        return;
    }
    format_msg(dst, cap, p->desc->name, k, m);
}

/* ---- writing ------------------------------------------------------------- */

static void w_byte(struct evprog_writer *w, uint8_t b)
{
    if (w->len >= w->cap) {
        w->overflow = 1;
        return;
    }
    w->buf[w->len++] = b;
}

static void w_value(struct evprog_writer *w, const char *kname, const char *arg,
                    uint64_t v)
{
    for (unsigned b = 0; b < 0x80u; b++)
        if (small_value(&w->ctx, kname, arg, b) == v) {
            w_byte(w, (uint8_t)b);
            return;
        }
    if (v <= 0xFFFFFFFFu) {
        w_byte(w, 0x80u);
        for (int s = 24; s >= 0; s -= 8)
            w_byte(w, (uint8_t)(v >> s));
        return;
    }
    w_byte(w, 0xFFu);
    for (int s = 56; s >= 0; s -= 8)
        w_byte(w, (uint8_t)(v >> s));
}

int evprog_w_begin(struct evprog_writer *w, uint32_t machine,
                   const struct rc_config *cfg, uint8_t *buf, size_t cap)
{
    memset(w, 0, sizeof *w);
    w->buf = buf;
    w->cap = cap;
    if (evprog_open(&w->ctx, machine, NULL, 0) != 0)
        return -1;
    uint32_t n = cfg != NULL ? cfg->n : 0;
    if (n > w->ctx.desc->nconfig || n > RC_MAX_CONFIG)
        return -1;
    w_byte(w, (uint8_t)n);
    for (uint32_t i = 0; i < n; i++) {
        size_t j = 0;
        while (j < w->ctx.desc->nconfig &&
               w->ctx.desc->config[j].key != cfg->kv[i].key)
            j++;
        if (j == w->ctx.desc->nconfig)
            return -1;
        w_byte(w, (uint8_t)j);
        w_value(w, "config", w->ctx.desc->config[j].name, cfg->kv[i].value);
        w->ctx.cfg.kv[w->ctx.cfg.n++] = cfg->kv[i];
        if (cfg->kv[i].key < EVPROG_KEYS)
            w->ctx.val[cfg->kv[i].key] = cfg->kv[i].value;
    }
    return 0;
}

int evprog_w_step(struct evprog_writer *w, int query, const struct rc_msg *m,
                  uint32_t repeat)
{
    const struct rc_machine_desc *d = w->ctx.desc;
    const struct rc_kind_desc *t = query ? d->queries : d->events;
    size_t n = query ? real_queries(d) : d->nevents;
    size_t idx = 0;
    while (idx < n && t[idx].kind != m->kind)
        idx++;
    if (idx == n || idx > 0x3Fu || m->nargs != rc_kind_nargs(&t[idx]) ||
        repeat == 0 || repeat > EVPROG_REPEAT_MAX)
        return -1;
    const struct rc_kind_desc *k = &t[idx];
    w_byte(w, (uint8_t)(idx | (query ? 0x80u : 0u) |
                        (!query && repeat > 1u ? 0x40u : 0u)));
    for (unsigned i = 0; i < m->nargs; i++) {
        if (bytes_at(k, i)) {
            uint64_t len = m->arg[i];
            if (len > 16u)
                return -1;
            w_byte(w, (uint8_t)(0x80u | len));
            for (unsigned j = 0; j < len; j++) {
                uint64_t word = j < 8u ? m->arg[i + 1u] : m->arg[i + 2u];
                w_byte(w, (uint8_t)(word >> (56u - 8u * (j % 8u))));
            }
            i += 2u;
            continue;
        }
        w_value(w, k->name, k->args[i], m->arg[i]);
    }
    if (!query && repeat > 1u) {
        uint32_t v = repeat - 1u;
        do {
            uint8_t b = (uint8_t)(v & 0x7Fu);
            v >>= 7;
            w_byte(w, (uint8_t)(b | (v ? 0x80u : 0u)));
        } while (v);
    }
    return w->overflow ? -1 : 0;
}

void evprog_fail(const struct evprog *p, const struct evprog_step *st,
                 uint32_t rep, const char *rule, const char *what)
{
    char e[700];
    evprog_format(e, sizeof e, p, st);
    fuzz_fail("%s %s: %s; %s, repetition %u", evprog_machine_name(p->machine),
              rule, what, e, (unsigned)rep);
}

void evprog_out_fail(const struct evprog *p, const struct evprog_step *st,
                     uint32_t rep, const struct rc_msg *o, const char *rule,
                     const char *what)
{
    char m[512], w[1200];
    evprog_format_msg(m, sizeof m, p, 1, o);
    snprintf(w, sizeof w, "%s: %s", m, what);
    evprog_fail(p, st, rep, rule, w);
}

/* ---- the shape of a program, for mutators (evmut.c) ----------------------- */

size_t evprog_nqueries(const struct rc_machine_desc *d)
{
    return real_queries(d);
}

int evprog_bytes_arg(const struct rc_kind_desc *k, unsigned i)
{
    return bytes_at(k, i);
}

int evprog_open_valid(struct evprog *p, uint32_t machine, const uint8_t *data,
                      size_t size, const struct evcfg *v)
{
    if (evprog_open(p, machine, data, size) != 0)
        return -1;
    if (v != NULL) {
        (void)evcfg_fix(v, p);
        p->answer_seq = 1;
        if (size > 0 && data[0] == EVPROG_REFUSED_MODE) {
            uint8_t pick = fuzz_u8(&p->in);
            uint8_t val = fuzz_u8(&p->in);
            p->refused = evcfg_refused(p, pick, val);
        }
    }
    return 0;
}

void evprog_cfg_text(char *dst, size_t cap, const struct evprog *p)
{
    size_t off = 0;
    if (cap == 0)
        return;
    dst[0] = '\0';
    for (size_t i = 0; i < p->desc->nconfig && off < cap; i++) {
        const struct rc_cfg_desc *c = &p->desc->config[i];
        int n = snprintf(dst + off, cap - off, "%s%s=%llu", i ? " " : "",
                         c->name, (unsigned long long)evprog_cfg(p, c->key));
        if (n < 0)
            return;
        off += (size_t)n;
    }
}
