/* SPDX-License-Identifier: Apache-2.0 */
/* riocheck decode / encode: every wire format of the reference codecs. */
#include <string.h>

#include "cli.h"
#include "rio/ccp.h"
#include "rio/cs.h"
#include "rio/err.h"
#include "rio/voq.h"

/* ---- field=value words ------------------------------------------------- */

enum kind { NUM, TEXT };

struct field {
    const char *name;
    enum kind kind;
    uint64_t max; /* NUM: largest value */
    int given;
    uint64_t v;
    const char *text;
};

static struct field *find(struct field *f, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(f[i].name, name) == 0)
            return &f[i];
    return NULL;
}

static int parse_words(struct field *f, size_t nf, int nw, char **w,
                       const char *format, char *why, size_t cap)
{
    for (int i = 0; i < nw; i++) {
        const char *eq = strchr(w[i], '=');
        char name[32];
        if (eq == NULL || eq == w[i] || (size_t)(eq - w[i]) >= sizeof name) {
            snprintf(why, cap, "'%s' is not a field=value word", w[i]);
            return CLI_USAGE;
        }
        memcpy(name, w[i], (size_t)(eq - w[i]));
        name[eq - w[i]] = '\0';
        struct field *x = find(f, nf, name);
        if (x == NULL) {
            size_t off = (size_t)snprintf(why, cap, "'%s' is not a %s field (fields:",
                                          name, format);
            for (size_t k = 0; k < nf && off < cap; k++)
                off += (size_t)snprintf(why + off, cap - off, " %s", f[k].name);
            if (off < cap)
                snprintf(why + off, cap - off, ")");
            return CLI_USAGE;
        }
        if (x->given) {
            snprintf(why, cap, "field '%s' given twice", name);
            return CLI_USAGE;
        }
        x->given = 1;
        x->text = eq + 1;
        if (x->kind == NUM) {
            char r[160];
            if (cli_parse_uint(eq + 1, x->max, &x->v, r, sizeof r) != 0) {
                snprintf(why, cap, "field '%s': %s", name, r);
                return CLI_USAGE;
            }
        }
    }
    return CLI_OK;
}

static uint64_t val(struct field *f, size_t n, const char *name, uint64_t dflt)
{
    const struct field *x = find(f, n, name);
    return x != NULL && x->given ? x->v : dflt;
}

static int given(struct field *f, size_t n, const char *name)
{
    struct field *x = find(f, n, name);
    return x != NULL && x->given;
}

/* VoQ message fields shared by stype2, cs48 and cs64: group, and the port
 * status as a bit vector (status=) or a list of congested ports (congested=,
 * absolute port numbers that must lie in the group). */
static int voq_status(uint32_t *status, unsigned group, unsigned status_width,
                      struct field *f, size_t nf, char *why, size_t cap)
{
    int has_status = given(f, nf, "status"), has_list = given(f, nf, "congested");
    if (has_status && has_list) {
        snprintf(why, cap, "give status= or congested=, not both");
        return CLI_USAGE;
    }
    if (has_status) {
        uint64_t s = val(f, nf, "status", 0);
        if (s >> status_width) {
            snprintf(why, cap, "status 0x%llX does not fit %u status bits",
                     (unsigned long long)s, status_width);
            return CLI_USAGE;
        }
        *status = (uint32_t)s;
        return CLI_OK;
    }
    *status = 0;
    if (!has_list)
        return CLI_OK;
    const char *p = find(f, nf, "congested")->text;
    unsigned first = group * status_width;
    while (*p) {
        char num[24];
        size_t k = strcspn(p, ",");
        if (k == 0 || k >= sizeof num) {
            snprintf(why, cap, "congested=: empty or over-long port number");
            return CLI_USAGE;
        }
        memcpy(num, p, k);
        num[k] = '\0';
        uint64_t port;
        char r[160];
        if (cli_parse_uint(num, 0xFFFF, &port, r, sizeof r) != 0) {
            snprintf(why, cap, "congested=: %s", r);
            return CLI_USAGE;
        }
        if (port < first || port >= first + status_width) {
            snprintf(why, cap,
                     "congested=: port %llu is not in group %u (ports %u-%u)",
                     (unsigned long long)port, group, first,
                     first + status_width - 1);
            return CLI_USAGE;
        }
        *status |= 1u << (port - first);
        p += k;
        if (*p == ',')
            p++;
    }
    return CLI_OK;
}

static int need_rev(const struct codec_opts *opt, const char *format, char *why,
                    size_t cap)
{
    if (opt->rev == 0) {
        snprintf(why, cap,
                 "%s needs --rev 2 or --rev 3: the spec revisions differ here",
                 format);
        return CLI_USAGE;
    }
    return CLI_OK;
}

static int need_width(const struct codec_opts *opt, char *why, size_t cap)
{
    if (opt->group_width < 0) {
        snprintf(why, cap, "Part 12 rev 3+ messages need --group-width 0..6 "
                           "(the TX/RX Port Group Size)");
        return CLI_USAGE;
    }
    return CLI_OK;
}

static int codec_err(int rc, const char *what, char *why, size_t cap)
{
    snprintf(why, cap, "%s: %s (%s)", what, rio_strerror(rc), rio_errname(rc));
    return rc == RIO_EINVAL ? CLI_IOERR : CLI_USAGE;
}

/* Build a stype2 value from group/status words (rev and width from opt). */
static int build_stype2(uint16_t *s2, const struct codec_opts *opt,
                        struct field *f, size_t nf, char *why, size_t cap)
{
    int rc = need_rev(opt, "a VoQ stype2", why, cap);
    if (rc)
        return rc;
    unsigned gw = RIO_VOQ_REV2_GROUP_BITS, sw = RIO_VOQ_REV2_STATUS_BITS;
    if (opt->rev == 3) {
        if ((rc = need_width(opt, why, cap)) != 0)
            return rc;
        gw = (unsigned)opt->group_width;
        sw = RIO_VOQ_CS48_BITS - gw;
    }
    uint64_t group = val(f, nf, "group", 0);
    if (group >> gw) {
        snprintf(why, cap, "group %llu does not fit %u group bits",
                 (unsigned long long)group, gw);
        return CLI_USAGE;
    }
    uint32_t status;
    if ((rc = voq_status(&status, (unsigned)group, sw, f, nf, why, cap)) != 0)
        return rc;
    rc = rio_voq_stype2_encode(s2, opt->rev == 2 ? RIO_P12_REV2 : RIO_P12_REV3,
                               gw, (unsigned)group, status);
    return rc ? codec_err(rc, "stype2", why, cap) : CLI_OK;
}

static int parse_vc(const char *t, unsigned *vc_ind, char *why, size_t cap)
{
    uint64_t v;
    char r[160];
    if (strcmp(t, "all") == 0) {
        *vc_ind = RIO_VC_IND_ALL;
        return CLI_OK;
    }
    if (cli_parse_uint(t, 8, &v, r, sizeof r) != 0) {
        snprintf(why, cap, "vc=: %s (use 0..8 or all)", r);
        return CLI_USAGE;
    }
    *vc_ind = (unsigned)rio_voq_vc_to_vc_ind((unsigned)v);
    return CLI_OK;
}

#define NF(a) (sizeof(a) / sizeof((a)[0]))

static int encode_stype2(uint8_t *dst, size_t *len, const struct codec_opts *opt,
                         int nw, char **w, char *why, size_t cap)
{
    struct field f[] = {{"group", NUM, 63, 0, 0, 0}, {"status", NUM, 0xFFFFF, 0, 0, 0},
                        {"congested", TEXT, 0, 0, 0, 0}};
    int rc = parse_words(f, NF(f), nw, w, "stype2", why, cap);
    uint16_t s2;
    if (rc || (rc = build_stype2(&s2, opt, f, NF(f), why, cap)) != 0)
        return rc;
    dst[0] = (uint8_t)(s2 >> 8);
    dst[1] = (uint8_t)s2;
    *len = 2;
    return CLI_OK;
}

static int encode_cs48(uint8_t *dst, size_t *len, const struct codec_opts *opt,
                       int nw, char **w, char *why, size_t cap)
{
    struct field f[] = {
        {"stype0", NUM, 7, 0, 0, 0},     {"parameter0", NUM, 63, 0, 0, 0},
        {"parameter1", NUM, 63, 0, 0, 0}, {"stype1", NUM, 7, 0, 0, 0},
        {"cmd", NUM, 7, 0, 0, 0},        {"stype2", NUM, 0x3FFF, 0, 0, 0},
        {"group", NUM, 63, 0, 0, 0},     {"status", NUM, 0xFFFFF, 0, 0, 0},
        {"congested", TEXT, 0, 0, 0, 0}};
    int rc = parse_words(f, NF(f), nw, w, "cs48", why, cap);
    if (rc)
        return rc;
    struct rio_cs48 cs = {
        .stype0 = (uint8_t)val(f, NF(f), "stype0", 0),
        .parameter0 = (uint8_t)val(f, NF(f), "parameter0", 0),
        .parameter1 = (uint8_t)val(f, NF(f), "parameter1", 0),
        .stype1 = (uint8_t)val(f, NF(f), "stype1", 0),
        .cmd = (uint8_t)val(f, NF(f), "cmd", 0),
        .stype2 = (uint16_t)val(f, NF(f), "stype2", 0)};
    int voq = given(f, NF(f), "group") || given(f, NF(f), "status") ||
              given(f, NF(f), "congested");
    if (voq && given(f, NF(f), "stype2")) {
        snprintf(why, cap, "give stype2= or the VoQ fields group/status/congested, "
                           "not both");
        return CLI_USAGE;
    }
    if (voq && (rc = build_stype2(&cs.stype2, opt, f, NF(f), why, cap)) != 0)
        return rc;
    rc = rio_cs48_pack(dst, &cs);
    if (rc)
        return codec_err(rc, "cs48", why, cap);
    *len = RIO_CS48_BYTES;
    return CLI_OK;
}

static int encode_cs64(uint8_t *dst, size_t *len, const struct codec_opts *opt,
                       int nw, char **w, char *why, size_t cap)
{
    struct field f[] = {
        {"stype0", NUM, 15, 0, 0, 0},       {"parameter0", NUM, 0xFFF, 0, 0, 0},
        {"parameter1", NUM, 0xFFF, 0, 0, 0}, {"stype1", NUM, 0xFF, 0, 0, 0},
        {"vc_ind", NUM, 15, 0, 0, 0},       {"vc", TEXT, 0, 0, 0, 0},
        {"group", NUM, 63, 0, 0, 0},        {"status", NUM, 0xFFFFF, 0, 0, 0},
        {"congested", TEXT, 0, 0, 0, 0}};
    int rc = parse_words(f, NF(f), nw, w, "cs64", why, cap);
    if (rc)
        return rc;
    if (opt->rev == 2) {
        snprintf(why, cap, "Control Symbol 64 exists only in Part 12 rev 3+");
        return CLI_USAGE;
    }
    struct rio_cs64 cs = {.stype0 = (uint8_t)val(f, NF(f), "stype0", 0),
                          .parameter0 = (uint16_t)val(f, NF(f), "parameter0", 0),
                          .parameter1 = (uint16_t)val(f, NF(f), "parameter1", 0),
                          .stype1 = (uint8_t)val(f, NF(f), "stype1", 0)};
    int voq = given(f, NF(f), "vc_ind") || given(f, NF(f), "vc") ||
              given(f, NF(f), "group") || given(f, NF(f), "status") ||
              given(f, NF(f), "congested");
    if (voq) {
        if (given(f, NF(f), "parameter0") || given(f, NF(f), "parameter1")) {
            snprintf(why, cap, "give parameter0/parameter1 or the VoQ fields, "
                               "not both");
            return CLI_USAGE;
        }
        if (given(f, NF(f), "vc_ind") && given(f, NF(f), "vc")) {
            snprintf(why, cap, "give vc_ind= or vc=, not both");
            return CLI_USAGE;
        }
        if ((rc = need_width(opt, why, cap)) != 0)
            return rc;
        unsigned gw = (unsigned)opt->group_width, vc_ind = RIO_VC_IND_ALL;
        if (given(f, NF(f), "vc_ind"))
            vc_ind = (unsigned)val(f, NF(f), "vc_ind", 0);
        if (given(f, NF(f), "vc") &&
            (rc = parse_vc(find(f, NF(f), "vc")->text, &vc_ind, why, cap)) != 0)
            return rc;
        uint64_t group = val(f, NF(f), "group", 0);
        if (group >> gw) {
            snprintf(why, cap, "group %llu does not fit %u group bits",
                     (unsigned long long)group, gw);
            return CLI_USAGE;
        }
        uint32_t status, param;
        rc = voq_status(&status, (unsigned)group, RIO_VOQ_CS64_BITS - gw, f,
                        NF(f), why, cap);
        if (rc)
            return rc;
        rc = rio_voq_cs64_encode(&param, vc_ind, gw, (unsigned)group, status);
        if (rc)
            return codec_err(rc, "cs64 VoQ parameter", why, cap);
        if (!given(f, NF(f), "stype0"))
            cs.stype0 = RIO_CS64_STYPE0_VOQ_BACKPRESSURE;
        cs.parameter0 = rio_voq_cs64_parameter0(param);
        cs.parameter1 = rio_voq_cs64_parameter1(param);
    }
    rc = rio_cs64_pack(dst, &cs);
    if (rc)
        return codec_err(rc, "cs64", why, cap);
    *len = RIO_CS64_BYTES;
    return CLI_OK;
}

static const char *const fam_cmd_words[] = {
    [RIO_FAM_XOFF] = "XOFF",
    [RIO_FAM_XOFF_ARB] = "XOFF_ARB",
    [RIO_FAM_RELEASE] = "RELEASE",
    [RIO_FAM_XON] = "XON",
    [RIO_FAM_XON_ARB] = "XON_ARB",
    [RIO_FAM_REQUEST_SINGLE] = "REQUEST_SINGLE",
    [RIO_FAM_REQUEST_MULTI] = "REQUEST_MULTI",
};

static const char *const flow_letters = "ABCDEF";

static int parse_flow(const char *t, uint8_t *flow_id, char *why, size_t cap)
{
    /* "0A".."0F" (VC0) and "1A".."8A" (VC1-VC8), Table 3-1 names */
    const char *l = strlen(t) == 2 ? strchr(flow_letters, t[1]) : NULL;
    if (l == NULL || t[0] < '0' || t[0] > '8' ||
        rio_flow_encode(flow_id, (unsigned)(t[0] - '0'),
                        (unsigned)(l - flow_letters)) != RIO_OK) {
        snprintf(why, cap, "flow=%s: use 0A..0F or 1A..8A (Part 9 Table 3-1)", t);
        return CLI_USAGE;
    }
    return CLI_OK;
}

static int encode_ccp(uint8_t *dst, size_t cap_bytes, size_t *len,
                      const struct codec_opts *opt, int nw, char **w, char *why,
                      size_t cap)
{
    struct field f[] = {
        {"ack_id", NUM, 63, 0, 0, 0},   {"vc", NUM, 1, 0, 0, 0},
        {"crf", NUM, 1, 0, 0, 0},       {"prio", NUM, 3, 0, 0, 0},
        {"tt", TEXT, 0, 0, 0, 0},       {"destination_id", NUM, 0xFFFFFFFF, 0, 0, 0},
        {"tgt_destination_id", NUM, 0xFFFFFFFF, 0, 0, 0},
        {"xon", NUM, 1, 0, 0, 0},       {"fam", NUM, 7, 0, 0, 0},
        {"command", TEXT, 0, 0, 0, 0},  {"seq", NUM, 1, 0, 0, 0},
        {"rsrv", NUM, 15, 0, 0, 0},     {"flow_id", NUM, 127, 0, 0, 0},
        {"flow", TEXT, 0, 0, 0, 0},     {"soc", NUM, 1, 0, 0, 0}};
    int rc = parse_words(f, NF(f), nw, w, "ccp", why, cap);
    if (rc || (rc = need_rev(opt, "a type 7 packet", why, cap)) != 0)
        return rc;
    struct rio_ccp_packet p = {
        .ack_id = (uint8_t)val(f, NF(f), "ack_id", 0),
        .vc = (uint8_t)val(f, NF(f), "vc", 0),
        .crf = (uint8_t)val(f, NF(f), "crf", RIO_CCP_CRF),
        .prio = (uint8_t)val(f, NF(f), "prio", RIO_CCP_PRIO),
        .tt = RIO_TT_DEV8,
        .ftype = RIO_FTYPE_FLOW_CONTROL,
        .destination_id = (uint32_t)val(f, NF(f), "destination_id", 0),
        .ccp = {.xon = (uint8_t)val(f, NF(f), "xon", 0),
                .fam = (uint8_t)val(f, NF(f), "fam", 0),
                .rsrv = (uint8_t)val(f, NF(f), "rsrv", 0),
                .flow_id = (uint8_t)val(f, NF(f), "flow_id", 0),
                .soc = (uint8_t)val(f, NF(f), "soc", 0),
                .tgt_destination_id =
                    (uint32_t)val(f, NF(f), "tgt_destination_id", 0)}};
    if (given(f, NF(f), "tt")) {
        const char *t = find(f, NF(f), "tt")->text;
        if (strcmp(t, "dev8") == 0 || strcmp(t, "0") == 0)
            p.tt = RIO_TT_DEV8;
        else if (strcmp(t, "dev16") == 0 || strcmp(t, "1") == 0)
            p.tt = RIO_TT_DEV16;
        else if (strcmp(t, "dev32") == 0 || strcmp(t, "2") == 0)
            p.tt = RIO_TT_DEV32;
        else {
            snprintf(why, cap, "tt=%s: use dev8, dev16 or dev32", t);
            return CLI_USAGE;
        }
    }
    if (given(f, NF(f), "command")) {
        if (given(f, NF(f), "xon") || given(f, NF(f), "fam")) {
            snprintf(why, cap, "give command= or xon=/fam=, not both");
            return CLI_USAGE;
        }
        const char *t = find(f, NF(f), "command")->text;
        int found = -1;
        for (int i = 0; i < (int)NF(fam_cmd_words); i++)
            if (strcmp(t, fam_cmd_words[i]) == 0)
                found = i;
        if (found < 0) {
            snprintf(why, cap, "command=%s: use XOFF, XON, XOFF_ARB, XON_ARB, "
                               "RELEASE, REQUEST_SINGLE or REQUEST_MULTI", t);
            return CLI_USAGE;
        }
        unsigned x, fam;
        rc = rio_fam_encode(&x, &fam, (enum rio_fam_cmd)found,
                            (unsigned)val(f, NF(f), "seq", 0));
        if (rc)
            return codec_err(rc, "command", why, cap);
        p.ccp.xon = (uint8_t)x;
        p.ccp.fam = (uint8_t)fam;
    } else if (given(f, NF(f), "seq")) {
        snprintf(why, cap, "seq= goes with command=");
        return CLI_USAGE;
    }
    if (given(f, NF(f), "flow")) {
        if (given(f, NF(f), "flow_id")) {
            snprintf(why, cap, "give flow= or flow_id=, not both");
            return CLI_USAGE;
        }
        if ((rc = parse_flow(find(f, NF(f), "flow")->text, &p.ccp.flow_id, why,
                             cap)) != 0)
            return rc;
    }
    rc = rio_ccp_pack(dst, cap_bytes, len,
                      opt->rev == 2 ? RIO_P9_REV2 : RIO_P9_REV3, &p);
    return rc ? codec_err(rc, "ccp", why, cap) : CLI_OK;
}

int codec_encode(uint8_t *dst, size_t cap, size_t *len, const char *format,
                 const struct codec_opts *opt, int nwords, char **words,
                 char *why, size_t why_cap)
{
    if (cap < RIO_CCP_MAX_BYTES) {
        snprintf(why, why_cap, "internal: buffer too small");
        return CLI_IOERR;
    }
    if (strcmp(format, "stype2") == 0)
        return encode_stype2(dst, len, opt, nwords, words, why, why_cap);
    if (strcmp(format, "cs48") == 0)
        return encode_cs48(dst, len, opt, nwords, words, why, why_cap);
    if (strcmp(format, "cs64") == 0)
        return encode_cs64(dst, len, opt, nwords, words, why, why_cap);
    if (strcmp(format, "ccp") == 0)
        return encode_ccp(dst, cap, len, opt, nwords, words, why, why_cap);
    snprintf(why, why_cap, "unknown format '%s' (use cs48, stype2, cs64 or ccp)",
             format);
    return CLI_USAGE;
}

/* ---- decoding ----------------------------------------------------------- */

static const char *voq_kind_name(enum rio_voq_kind k)
{
    switch (k) {
    case RIO_VOQ_BACKPRESSURE:
        return "backpressure";
    case RIO_VOQ_NOP:
        return "nop";
    case RIO_VOQ_RESERVED_CMD:
        return "reserved-cmd (no function, ignored without error)";
    case RIO_VOQ_RESERVED_VC_IND:
        return "reserved-vc_ind (ignored without error, P12-3.2-c)";
    }
    return "?";
}

static void print_voq(struct cli_out *o, const struct rio_voq_msg *m, int rev,
                      int linked_vc)
{
    out_begin(o, "voq");
    out_str(o, "revision", rev == 2 ? "Part 12 rev 2.0-2.2" : "Part 12 rev 3.0-4.1");
    out_str(o, "kind", voq_kind_name(m->kind));
    if (m->kind == RIO_VOQ_NOP || m->kind == RIO_VOQ_RESERVED_CMD) {
        if (rev == 2)
            out_hexnum(o, "parameter", m->parameter, 3);
        out_end(o);
        return;
    }
    if (m->vc_ind != RIO_VC_IND_ALL || m->kind == RIO_VOQ_RESERVED_VC_IND)
        out_uint(o, "vc_ind", m->vc_ind);
    if (m->kind == RIO_VOQ_BACKPRESSURE) {
        if (m->vc == RIO_VC_ALL)
            out_str(o, "vc", "all");
        else
            out_uint(o, "vc", m->vc);
        /* CS48: the VC comes from the stype0 the message rides with, and only
         * when per-VC transmission (rev 2: VC linking) is enabled (3.3). */
        if (linked_vc >= 0) {
            out_uint(o, "linked_vc", (uint64_t)linked_vc);
            if (!o->json)
                out_str(o, "note", "linked_vc applies only when per-VC "
                                   "transmission (rev 2: VC linking) is enabled");
        }
    }
    out_uint(o, "group_width", m->group_width);
    out_uint(o, "status_width", m->status_width);
    out_uint(o, "group", m->group);
    out_hexnum(o, "status", m->status, (m->status_width + 3) / 4);
    out_uint(o, "first_port", m->first_port);
    if (m->kind != RIO_VOQ_BACKPRESSURE) {
        out_end(o);
        return;
    }
    struct rio_voq_port ports[RIO_VOQ_MAX_STATUS_BITS];
    unsigned n = rio_voq_msg_ports(ports, RIO_VOQ_MAX_STATUS_BITS, m);
    if (o->json) {
        out_begin_array(o, "ports");
        for (unsigned i = 0; i < n; i++) {
            out_begin(o, NULL);
            out_uint(o, "port", ports[i].port);
            out_bool(o, "congested", ports[i].congested);
            out_end(o);
        }
        out_end(o);
    } else {
        char buf[256];
        size_t off = 0;
        buf[0] = '\0';
        for (unsigned i = 0; i < n && off < sizeof buf; i++)
            if (ports[i].congested)
                off += (size_t)snprintf(buf + off, sizeof buf - off, "%s%u",
                                        off ? " " : "", ports[i].port);
        char range[48];
        snprintf(range, sizeof range, "%u-%u", m->first_port, m->first_port + n - 1);
        out_str(o, "ports", range);
        out_str(o, "congested", off ? buf : "none");
    }
    out_end(o);
}

static void print_crc(struct cli_out *o, const char *name, uint32_t got,
                      uint32_t want, int digits)
{
    out_begin(o, name);
    out_hexnum(o, "received", got, digits);
    out_hexnum(o, "expected", want, digits);
    out_bool(o, "ok", got == want);
    out_end(o);
}

static const char *const cs48_stype0_names[8] = {
    "packet-accepted", "packet-retry", "packet-not-accepted", "timestamp",
    "status", "VC_status", "link-response", "implementation-defined"};
static const char *const cs64_stype0_names[16] = {
    "packet-accepted", "packet-retry", "packet-not-accepted", "timestamp",
    "status", "VC_status", "link-response", "implementation-defined",
    "reserved", "reserved", "reserved", "loop-response", "reserved",
    "VoQ-backpressure", "reserved", "reserved"};

static void print_hex(struct cli_out *o, const uint8_t *in, size_t len)
{
    char hex[2 * RIO_CCP_MAX_BYTES + 1];
    for (size_t i = 0; i < len && i < RIO_CCP_MAX_BYTES; i++)
        snprintf(hex + 2 * i, 3, "%02X", in[i]);
    hex[2 * (len < RIO_CCP_MAX_BYTES ? len : RIO_CCP_MAX_BYTES)] = '\0';
    out_str(o, "hex", hex);
}

static int decode_stype2_value(struct cli_out *o, const struct codec_opts *opt,
                               uint32_t s2, int linked_vc, char *why, size_t cap)
{
    struct rio_voq_msg m;
    int rc = rio_voq_stype2_decode(&m, opt->rev == 2 ? RIO_P12_REV2 : RIO_P12_REV3,
                                   opt->rev == 2 ? 0u : (unsigned)opt->group_width,
                                   s2);
    if (rc) {
        snprintf(why, cap, "stype2 0x%X: %s (%s)", s2, rio_strerror(rc),
                 rio_errname(rc));
        return CLI_INVALID;
    }
    print_voq(o, &m, opt->rev, linked_vc);
    return CLI_OK;
}

static int decode_cs48(struct cli_out *o, const struct codec_opts *opt,
                       const uint8_t *in, size_t len, char *why, size_t cap)
{
    struct rio_cs48 cs;
    int rc = rio_cs48_unpack(&cs, in, len);
    if (rc != RIO_OK && rc != RIO_ECRC) {
        snprintf(why, cap, "cs48 needs %u bytes, got %zu (%s)", RIO_CS48_BYTES,
                 len, rio_errname(rc));
        return CLI_INVALID;
    }
    out_str(o, "format", "cs48");
    print_hex(o, in, len);
    out_uint(o, "stype0", cs.stype0);
    out_str(o, "stype0_name", cs48_stype0_names[cs.stype0 & 7]);
    out_uint(o, "parameter0", cs.parameter0);
    out_uint(o, "parameter1", cs.parameter1);
    out_uint(o, "stype1", cs.stype1);
    out_uint(o, "cmd", cs.cmd);
    out_hexnum(o, "stype2", cs.stype2, 4);
    print_crc(o, "crc13", cs.crc13, rio_cs48_crc(&cs), 4);
    int result = CLI_OK;
    if (opt->rev != 0) {
        if (opt->rev == 3 && opt->group_width < 0) {
            snprintf(why, cap, "interpreting stype2 in rev 3+ needs --group-width");
            return CLI_USAGE;
        }
        int linked = rio_cs48_linked_vc(&cs);
        result = decode_stype2_value(o, opt, cs.stype2, linked, why, cap);
    } else if (!o->json) {
        out_str(o, "note", "stype2 not interpreted: give --rev 2 or --rev 3");
    }
    if (rc == RIO_ECRC) {
        snprintf(why, cap, "CRC-13 mismatch: received 0x%04X, expected 0x%04X",
                 cs.crc13, rio_cs48_crc(&cs));
        return CLI_INVALID;
    }
    return result;
}

static int decode_cs64(struct cli_out *o, const struct codec_opts *opt,
                       const uint8_t *in, size_t len, char *why, size_t cap)
{
    struct rio_cs64 cs;
    if (opt->rev == 2) {
        snprintf(why, cap, "Control Symbol 64 exists only in Part 12 rev 3+");
        return CLI_USAGE;
    }
    int rc = rio_cs64_unpack(&cs, in, len);
    if (rc != RIO_OK && rc != RIO_ECRC) {
        snprintf(why, cap, "cs64 needs %u bytes, got %zu (%s)", RIO_CS64_BYTES,
                 len, rio_errname(rc));
        return CLI_INVALID;
    }
    if (cs.stype0 == RIO_CS64_STYPE0_VOQ_BACKPRESSURE && opt->group_width < 0) {
        snprintf(why, cap, "a CS64 VoQ symbol needs --group-width 0..6 (RX Port "
                           "Group Size) to split status and group");
        return CLI_USAGE;
    }
    out_str(o, "format", "cs64");
    print_hex(o, in, len);
    out_uint(o, "stype0", cs.stype0);
    out_str(o, "stype0_name", cs64_stype0_names[cs.stype0 & 15]);
    out_hexnum(o, "parameter0", cs.parameter0, 3);
    out_hexnum(o, "parameter1", cs.parameter1, 3);
    out_hexnum(o, "stype1", cs.stype1, 2);
    out_uint(o, "alignment", cs.alignment);
    print_crc(o, "crc24", cs.crc24, rio_cs64_crc(&cs), 6);
    if (cs.stype0 == RIO_CS64_STYPE0_VOQ_BACKPRESSURE) {
        struct rio_voq_msg m;
        uint32_t param = ((uint32_t)cs.parameter0 << 12) | cs.parameter1;
        int vrc = rio_voq_cs64_decode(&m, (unsigned)opt->group_width, param);
        if (vrc) {
            snprintf(why, cap, "VoQ parameter: %s", rio_strerror(vrc));
            return CLI_INVALID;
        }
        print_voq(o, &m, 3, -1);
    }
    if (rc == RIO_ECRC) {
        snprintf(why, cap, "CRC-24 mismatch: received 0x%06X, expected 0x%06X",
                 cs.crc24, rio_cs64_crc(&cs));
        return CLI_INVALID;
    }
    if (cs.alignment != 0) {
        snprintf(why, cap, "alignment bits 30-31/62-63 are not zero (0x%X)",
                 cs.alignment);
        return CLI_INVALID;
    }
    return CLI_OK;
}

static int decode_ccp(struct cli_out *o, const struct codec_opts *opt,
                      const uint8_t *in, size_t len, char *why, size_t cap)
{
    struct rio_ccp_packet p;
    enum rio_p9_rev rev = opt->rev == 2 ? RIO_P9_REV2 : RIO_P9_REV3;
    int rc = rio_ccp_unpack(&p, rev, in, len);
    if (rc != RIO_OK && rc != RIO_ECRC) {
        unsigned tt = len >= 2 ? (in[1] >> 4) & 3u : 0;
        size_t want = rio_ccp_packet_len(rev, tt);
        if (rc == RIO_ETRUNC || rc == RIO_ELENGTH)
            snprintf(why, cap, "a tt=%u type 7 packet is %zu bytes, got %zu (%s)",
                     tt, want, len, rio_errname(rc));
        else
            snprintf(why, cap, "not a valid Part 9 rev %d type 7 packet: %s (%s)",
                     opt->rev, rio_strerror(rc), rio_errname(rc));
        return CLI_INVALID;
    }
    static const char *const tt_names[3] = {"dev8", "dev16", "dev32"};
    unsigned seq = 0;
    enum rio_fam_cmd cmd = rio_fam_decode(p.ccp.xon, p.ccp.fam, &seq);
    struct rio_flow fl;
    (void)rio_flow_decode(&fl, p.ccp.flow_id);
    out_str(o, "format", "ccp");
    out_str(o, "revision", opt->rev == 2 ? "Part 9 rev 2.0-2.2" : "Part 9 rev 3.0-4.1");
    print_hex(o, in, len);
    out_uint(o, "ack_id", p.ack_id);
    out_uint(o, "vc", p.vc);
    out_uint(o, "crf", p.crf);
    out_uint(o, "prio", p.prio);
    out_str(o, "tt", tt_names[p.tt < 3 ? p.tt : 0]);
    out_uint(o, "ftype", p.ftype);
    out_hexnum(o, "destination_id", p.destination_id, 2 * (1 << p.tt));
    out_hexnum(o, "tgt_destination_id", p.ccp.tgt_destination_id, 2 * (1 << p.tt));
    out_uint(o, "xon", p.ccp.xon);
    out_uint(o, "fam", p.ccp.fam);
    out_str(o, "command", rio_fam_name(cmd));
    if (cmd != RIO_FAM_XON && cmd != RIO_FAM_XOFF && cmd != RIO_FAM_RESERVED)
        out_uint(o, "seq", seq);
    out_uint(o, "rsrv", p.ccp.rsrv);
    out_hexnum(o, "flow_id", p.ccp.flow_id, 2);
    char flow[64];
    if (fl.reserved)
        snprintf(flow, sizeof flow, "reserved (no action, P9-3.2-e)");
    else
        snprintf(flow, sizeof flow, "%u%c", fl.vc, flow_letters[fl.flow]);
    out_str(o, "flow", flow);
    out_uint(o, "soc", p.ccp.soc);
    print_crc(o, "crc", p.crc, rio_ccp_crc(rev, &p), 4);
    out_hexnum(o, "pad", p.pad, 4);
    if (p.prio != RIO_CCP_PRIO || p.crf != RIO_CCP_CRF || p.ccp.rsrv != 0 ||
        p.pad != 0) {
        out_str(o, "note", "CCPs are sent with prio 0b11, CRF 1 (P9-2.4.2-a), "
                           "rsrv 0 (P9-3.2-c) and a zero pad");
    }
    if (rc == RIO_ECRC) {
        snprintf(why, cap, "CRC-16 mismatch: received 0x%04X, expected 0x%04X",
                 p.crc, rio_ccp_crc(rev, &p));
        return CLI_INVALID;
    }
    return CLI_OK;
}

int codec_decode(struct cli_out *o, const char *format,
                 const struct codec_opts *opt, const uint8_t *in, size_t len,
                 char *why, size_t why_cap)
{
    if (strcmp(format, "cs48") == 0)
        return decode_cs48(o, opt, in, len, why, why_cap);
    if (strcmp(format, "cs64") == 0)
        return decode_cs64(o, opt, in, len, why, why_cap);
    if (strcmp(format, "ccp") == 0) {
        int rc = need_rev(opt, "a type 7 packet", why, why_cap);
        return rc ? rc : decode_ccp(o, opt, in, len, why, why_cap);
    }
    if (strcmp(format, "stype2") == 0) {
        int rc = need_rev(opt, "stype2", why, why_cap);
        if (rc == 0 && opt->rev == 3)
            rc = need_width(opt, why, why_cap);
        if (rc)
            return rc;
        if (len > 2) {
            snprintf(why, why_cap, "stype2 is a 14-bit value: at most 2 bytes");
            return CLI_USAGE;
        }
        uint32_t v = len == 2 ? ((uint32_t)in[0] << 8) | in[1] : in[0];
        out_str(o, "format", "stype2");
        out_hexnum(o, "stype2", v, 4);
        return decode_stype2_value(o, opt, v, -1, why, why_cap);
    }
    snprintf(why, why_cap, "unknown format '%s' (use cs48, stype2, cs64 or ccp)",
             format);
    return CLI_USAGE;
}
