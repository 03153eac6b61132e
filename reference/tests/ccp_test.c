/* SPDX-License-Identifier: Apache-2.0 */
/* Part 9 type 7 packets: known answers (shared/spec/README.md), Table 3-1
 * flowIDs, Table 3-2 FAM commands, transport sizes per revision, truncation
 * and single-bit flips. */
#include "check.h"
#include "rio/ccp.h"
#include "rio/err.h"

static struct rio_ccp_packet dev8_xoff_0a(void)
{
    /* "Type 7 Dev8 XOFF Flow 0A, dest 0x12, tgt 0x34, SOC 1" */
    return (struct rio_ccp_packet){.crf = 1, .prio = 3, .tt = RIO_TT_DEV8,
                                   .ftype = 7, .destination_id = 0x12,
                                   .ccp = {.xon = 0, .flow_id = 0, .soc = 1,
                                           .tgt_destination_id = 0x34}};
}

static void ccp_pack_known_answer_dev8(void)
{
    struct rio_ccp_packet p = dev8_xoff_0a();
    uint8_t out[16], want[8];
    size_t len = 0;
    check_unhex(want, 8, "01C712340001E057");
    CHECK_EQ(rio_ccp_pack(out, sizeof out, &len, RIO_P9_REV2, &p), RIO_OK);
    CHECK_EQ(len, 8);
    CHECK_MEM(out, want, 8);
    p.ack_id = 0x2A; /* "ackID 0x2A instead of 0: A9C712340001E057, same CRC" */
    check_unhex(want, 8, "A9C712340001E057");
    CHECK_EQ(rio_ccp_pack(out, sizeof out, &len, RIO_P9_REV3, &p), RIO_OK);
    CHECK_MEM(out, want, 8);
}

static void ccp_pack_known_answer_dev16(void)
{
    /* "Type 7 Dev16 XON, dest 0x1234, tgt 0x5678: 01D712345678800002780000" */
    struct rio_ccp_packet p = {.crf = 1, .prio = 3, .tt = RIO_TT_DEV16, .ftype = 7,
                               .destination_id = 0x1234,
                               .ccp = {.xon = 1, .tgt_destination_id = 0x5678}};
    uint8_t out[16], want[12];
    size_t len = 0;
    check_unhex(want, 12, "01D712345678800002780000");
    CHECK_EQ(rio_ccp_pack(out, sizeof out, &len, RIO_P9_REV2, &p), RIO_OK);
    CHECK_EQ(len, 12);
    CHECK_MEM(out, want, 12);
}

static void ccp_unpack_known_answer_dev32(void)
{
    /* "Type 7 Dev32 XOFF Flow 1A, dest 01020304, tgt 05060708:
     *  01E701020304050607080083BE460000" */
    uint8_t in[16];
    struct rio_ccp_packet p;
    check_unhex(in, 16, "01E701020304050607080083BE460000");
    CHECK_EQ(rio_ccp_unpack(&p, RIO_P9_REV3, in, 16), RIO_OK);
    CHECK_EQ(p.tt, RIO_TT_DEV32);
    CHECK_EQ(p.prio, 3);
    CHECK_EQ(p.crf, 1);
    CHECK_EQ(p.destination_id, 0x01020304);
    CHECK_EQ(p.ccp.tgt_destination_id, 0x05060708);
    CHECK_EQ(p.ccp.xon, 0);
    CHECK_EQ(p.ccp.flow_id, 0x41);
    CHECK_EQ(p.ccp.soc, 1);
    CHECK_EQ(p.crc, 0xBE46);
    CHECK_EQ(p.pad, 0);
    struct rio_flow f;
    CHECK_EQ(rio_flow_decode(&f, p.ccp.flow_id), RIO_OK);
    CHECK_EQ(f.reserved, 0);
    CHECK_EQ(f.vc, 1);
    CHECK_EQ(f.flow, RIO_FLOW_A);
    /* rev 2 has no Dev32: tt 0b10 is reserved there */
    CHECK_EQ(rio_ccp_unpack(&p, RIO_P9_REV2, in, 16), RIO_EREVISION);
}

/* Every logical field lands on its bits (Figure 3-1). */
static void ccp_logical_fields_occupy_the_figure_bits(void)
{
    static const struct {
        struct rio_ccp ccp;
        uint16_t word; /* the 16 bits after tgtdestinationID */
    } rows[] = {
        {{.xon = 1}, 0x8000},   {{.fam = 7}, 0x7000},     {{.rsrv = 15}, 0x0F00},
        {{.flow_id = 0x7F}, 0x00FE}, {{.soc = 1}, 0x0001},
    };
    for (unsigned i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        struct rio_ccp_packet p = dev8_xoff_0a();
        p.ccp = rows[i].ccp;
        uint8_t out[16];
        size_t len;
        CHECK_EQ_AT(i, rio_ccp_pack(out, sizeof out, &len, RIO_P9_REV3, &p), RIO_OK);
        CHECK_EQ_AT(i, (out[4] << 8) | out[5], rows[i].word);
    }
}

/* Table 3-2: every (XON/XOFF, FAM) pair. */
static void fam_table_3_2_every_combination(void)
{
    static const struct {
        enum rio_fam_cmd cmd;
        unsigned seq;
    } want[2][8] = {
        /* XOFF: 000 XOFF, 001 -, 010/011 XOFF(ARB) Y, 10Y RELEASE, 11Y - */
        {{RIO_FAM_XOFF, 0}, {RIO_FAM_RESERVED, 0}, {RIO_FAM_XOFF_ARB, 0},
         {RIO_FAM_XOFF_ARB, 1}, {RIO_FAM_RELEASE, 0}, {RIO_FAM_RELEASE, 1},
         {RIO_FAM_RESERVED, 0}, {RIO_FAM_RESERVED, 0}},
        /* XON: 000 XON, 001 -, 01Y XON(ARB), 10Y REQUEST single, 11Y multi */
        {{RIO_FAM_XON, 0}, {RIO_FAM_RESERVED, 0}, {RIO_FAM_XON_ARB, 0},
         {RIO_FAM_XON_ARB, 1}, {RIO_FAM_REQUEST_SINGLE, 0},
         {RIO_FAM_REQUEST_SINGLE, 1}, {RIO_FAM_REQUEST_MULTI, 0},
         {RIO_FAM_REQUEST_MULTI, 1}},
    };
    for (unsigned xon = 0; xon < 2; xon++) {
        for (unsigned fam = 0; fam < 8; fam++) {
            unsigned seq = 9;
            CHECK_EQ_AT(xon * 8 + fam, rio_fam_decode(xon, fam, &seq),
                        want[xon][fam].cmd);
            CHECK_EQ_AT(xon * 8 + fam, seq, want[xon][fam].seq);
            if (want[xon][fam].cmd != RIO_FAM_RESERVED) {
                unsigned x2, f2;
                CHECK_EQ_AT(fam, rio_fam_encode(&x2, &f2, want[xon][fam].cmd,
                                                want[xon][fam].seq), RIO_OK);
                CHECK_EQ_AT(fam, x2, xon);
                CHECK_EQ_AT(fam, f2, fam);
            }
        }
    }
    unsigned x, f;
    CHECK_EQ(rio_fam_encode(&x, &f, RIO_FAM_RESERVED, 0), RIO_ERANGE);
    CHECK_EQ(rio_fam_encode(&x, &f, RIO_FAM_REQUEST_MULTI, 2), RIO_ERANGE);
    CHECK_EQ(rio_fam_encode(NULL, &f, RIO_FAM_XON, 0), RIO_EINVAL);
    CHECK_EQ(rio_fam_decode(2, 0, NULL), RIO_FAM_RESERVED);
    CHECK_EQ(rio_fam_decode(1, 8, NULL), RIO_FAM_RESERVED);
    CHECK(strcmp(rio_fam_name(RIO_FAM_XOFF_ARB), "XOFF(ARB)") == 0);
    CHECK(strcmp(rio_fam_name((enum rio_fam_cmd)42), "reserved") == 0);
}

/* Table 3-1 flowIDs, all 128 values (erratum 8: 0000101 is Flow 0F). */
static void flow_id_table_3_1_every_value(void)
{
    for (unsigned id = 0; id < 128; id++) {
        struct rio_flow f;
        CHECK_EQ_AT(id, rio_flow_decode(&f, id), RIO_OK);
        if (id <= 5) {
            CHECK_EQ_AT(id, f.reserved, 0);
            CHECK_EQ_AT(id, f.vc, 0);
            CHECK_EQ_AT(id, f.flow, id); /* 0A,0B,0C,0D,0E,0F */
        } else if (id >= 0x41 && id <= 0x48) {
            CHECK_EQ_AT(id, f.reserved, 0);
            CHECK_EQ_AT(id, f.vc, id - 0x40); /* 1000001 = Flow 1A ... 8A */
            CHECK_EQ_AT(id, f.flow, RIO_FLOW_A);
        } else {
            CHECK_EQ_AT(id, f.reserved, 1); /* P9-3.2-e: no action */
        }
        if (!f.reserved) {
            uint8_t back;
            CHECK_EQ_AT(id, rio_flow_encode(&back, f.vc, f.flow), RIO_OK);
            CHECK_EQ_AT(id, back, id);
        }
    }
    struct rio_flow f;
    uint8_t id;
    CHECK_EQ(rio_flow_decode(&f, 128), RIO_ERANGE);
    CHECK_EQ(rio_flow_encode(&id, 1, 1), RIO_ERANGE); /* VC1 has flow A only */
    CHECK_EQ(rio_flow_encode(&id, 0, 6), RIO_ERANGE);
    CHECK_EQ(rio_flow_encode(&id, 9, 0), RIO_ERANGE);
}

/* P9-3.4-b: tt 00 Dev8, 01 Dev16, 10 Dev32 (rev 3+), 11 reserved. */
static void transport_sizes_per_revision(void)
{
    CHECK_EQ(rio_ccp_packet_len(RIO_P9_REV2, RIO_TT_DEV8), 8);
    CHECK_EQ(rio_ccp_packet_len(RIO_P9_REV2, RIO_TT_DEV16), 12);
    CHECK_EQ(rio_ccp_packet_len(RIO_P9_REV2, RIO_TT_DEV32), 0);
    CHECK_EQ(rio_ccp_packet_len(RIO_P9_REV3, RIO_TT_DEV32), 16);
    CHECK_EQ(rio_ccp_packet_len(RIO_P9_REV3, 3), 0);
    CHECK_EQ(rio_ccp_packet_len((enum rio_p9_rev)4, 0), 0);
    struct rio_ccp_packet p = dev8_xoff_0a();
    uint8_t out[16];
    size_t len;
    p.tt = 3;
    CHECK_EQ(rio_ccp_pack(out, sizeof out, &len, RIO_P9_REV3, &p), RIO_ERESERVED);
    p.tt = RIO_TT_DEV32;
    CHECK_EQ(rio_ccp_pack(out, sizeof out, &len, RIO_P9_REV2, &p), RIO_EREVISION);
    /* a tt 0b11 header on the wire */
    uint8_t in[8];
    check_unhex(in, 8, "01F712340001E057");
    CHECK_EQ(rio_ccp_unpack(&p, RIO_P9_REV3, in, 8), RIO_ERESERVED);
}

static void ccp_pack_rejects_bad_fields(void)
{
    uint8_t out[16];
    size_t len;
    struct rio_ccp_packet p = dev8_xoff_0a();
    p.destination_id = 0x100; /* does not fit Dev8 */
    CHECK_EQ(rio_ccp_pack(out, sizeof out, &len, RIO_P9_REV3, &p), RIO_ERANGE);
    p = dev8_xoff_0a();
    p.ccp.flow_id = 0x80;
    CHECK_EQ(rio_ccp_pack(out, sizeof out, &len, RIO_P9_REV3, &p), RIO_ERANGE);
    p = dev8_xoff_0a();
    p.ftype = 8;
    CHECK_EQ(rio_ccp_pack(out, sizeof out, &len, RIO_P9_REV3, &p), RIO_EFORMAT);
    p = dev8_xoff_0a();
    CHECK_EQ(rio_ccp_pack(out, 7, &len, RIO_P9_REV3, &p), RIO_ETRUNC);
    CHECK_EQ(rio_ccp_pack(NULL, 16, &len, RIO_P9_REV3, &p), RIO_EINVAL);
    CHECK_EQ(rio_ccp_pack(out, 16, &len, (enum rio_p9_rev)1, &p), RIO_EINVAL);
}

/* Every truncated prefix is ETRUNC, except the whole packet without its pad
 * (Dev16 10 bytes, Dev32 14), which is ELENGTH (I-CCP-3); one byte more than
 * the padded length is ELENGTH. */
static void ccp_every_truncated_prefix(void)
{
    static const char *const hex[] = {"01C712340001E057",
                                      "01D712345678800002780000",
                                      "01E701020304050607080083BE460000"};
    for (unsigned k = 0; k < 3; k++) {
        uint8_t in[17] = {0};
        size_t n = check_unhex(in, 16, hex[k]);
        struct rio_ccp_packet p;
        size_t unpadded = k == 0 ? SIZE_MAX : k == 1 ? 10 : 14; /* Dev8: no pad */
        for (size_t len = 0; len < n; len++)
            CHECK_EQ_AT(len, rio_ccp_unpack(&p, RIO_P9_REV3, in, len),
                        len == unpadded ? RIO_ELENGTH : RIO_ETRUNC);
        CHECK_EQ_AT(k, rio_ccp_unpack(&p, RIO_P9_REV3, in, n), RIO_OK);
        CHECK_EQ_AT(k, rio_ccp_unpack(&p, RIO_P9_REV3, in, n + 1), RIO_ELENGTH);
    }
}

/* Every single-bit flip of every known-answer packet decodes to a defined
 * result: ackID bits (CRC-exempt) and pad bits are reported, ftype flips are
 * EFORMAT, tt flips are reserved/length errors, all others ECRC. */
static void ccp_every_single_bit_flip(void)
{
    static const char *const hex[] = {"01C712340001E057",
                                      "01D712345678800002780000",
                                      "01E701020304050607080083BE460000"};
    for (unsigned k = 0; k < 3; k++) {
        uint8_t good[16];
        size_t n = check_unhex(good, 16, hex[k]);
        size_t data = k == 0 ? 8 : k == 1 ? 10 : 14; /* bytes before the pad */
        for (unsigned bit = 0; bit < n * 8; bit++) {
            uint8_t in[16];
            struct rio_ccp_packet p;
            memcpy(in, good, n);
            in[bit / 8] ^= (uint8_t)(0x80u >> (bit % 8));
            int rc = rio_ccp_unpack(&p, RIO_P9_REV3, in, n);
            if (bit < 6) {
                CHECK_EQ_AT(bit, rc, RIO_OK); /* ackID: outside the CRC */
                CHECK_EQ_AT(bit, p.ack_id, 1u << (5 - bit));
            } else if (bit >= 12 && bit < 16) {
                CHECK_EQ_AT(bit, rc, RIO_EFORMAT); /* ftype != 7 */
            } else if (bit == 10 || bit == 11) {
                CHECK_EQ_AT(bit, rc < 0, 1); /* tt changed: length/reserved */
            } else if (bit >= data * 8) {
                CHECK_EQ_AT(bit, rc, RIO_OK); /* pad: reported */
                CHECK_EQ_AT(bit, p.pad != 0, 1);
            } else {
                CHECK_EQ_AT(bit, rc, RIO_ECRC);
            }
        }
    }
}

/* Non-CCP prio/CRF and non-zero rsrv are reported, not rejected. */
static void ccp_unusual_prio_crf_rsrv_are_reported(void)
{
    struct rio_ccp_packet p = dev8_xoff_0a(), q;
    p.prio = 1;
    p.crf = 0;
    p.ccp.rsrv = 0xA;
    uint8_t out[16];
    size_t len;
    CHECK_EQ(rio_ccp_pack(out, sizeof out, &len, RIO_P9_REV3, &p), RIO_OK);
    CHECK_EQ(rio_ccp_unpack(&q, RIO_P9_REV3, out, len), RIO_OK);
    CHECK_EQ(q.prio, 1);
    CHECK_EQ(q.crf, 0);
    CHECK_EQ(q.ccp.rsrv, 0xA);
    CHECK_EQ(q.crc, rio_ccp_crc(RIO_P9_REV3, &p));
}

/* Round trip over every logical field combination that fits in Dev16. */
static void ccp_round_trip_all_logical_words(void)
{
    for (uint32_t w = 0; w < 0x10000; w += 3) {
        struct rio_ccp_packet p = {.ack_id = (uint8_t)(w & 63), .vc = (uint8_t)(w & 1),
                                   .crf = 1, .prio = 3, .tt = RIO_TT_DEV16, .ftype = 7,
                                   .destination_id = w ^ 0xFFFF,
                                   .ccp = {.xon = (uint8_t)(w >> 15),
                                           .fam = (uint8_t)((w >> 12) & 7),
                                           .rsrv = (uint8_t)((w >> 8) & 15),
                                           .flow_id = (uint8_t)((w >> 1) & 127),
                                           .soc = (uint8_t)(w & 1),
                                           .tgt_destination_id = w}};
        struct rio_ccp_packet q;
        uint8_t out[16];
        size_t len;
        CHECK_EQ_AT(w, rio_ccp_pack(out, sizeof out, &len, RIO_P9_REV2, &p), RIO_OK);
        CHECK_EQ_AT(w, rio_ccp_unpack(&q, RIO_P9_REV2, out, len), RIO_OK);
        CHECK_EQ_AT(w, q.ack_id, p.ack_id);
        CHECK_EQ_AT(w, q.vc, p.vc);
        CHECK_EQ_AT(w, q.destination_id, p.destination_id);
        CHECK_EQ_AT(w, q.ccp.tgt_destination_id, w);
        CHECK_EQ_AT(w, q.ccp.xon, p.ccp.xon);
        CHECK_EQ_AT(w, q.ccp.fam, p.ccp.fam);
        CHECK_EQ_AT(w, q.ccp.rsrv, p.ccp.rsrv);
        CHECK_EQ_AT(w, q.ccp.flow_id, p.ccp.flow_id);
        CHECK_EQ_AT(w, q.ccp.soc, p.ccp.soc);
    }
}

int main(int argc, char **argv)
{
    (void)argc;
    RUN(ccp_pack_known_answer_dev8);
    RUN(ccp_pack_known_answer_dev16);
    RUN(ccp_unpack_known_answer_dev32);
    RUN(ccp_logical_fields_occupy_the_figure_bits);
    RUN(fam_table_3_2_every_combination);
    RUN(flow_id_table_3_1_every_value);
    RUN(transport_sizes_per_revision);
    RUN(ccp_pack_rejects_bad_fields);
    RUN(ccp_every_truncated_prefix);
    RUN(ccp_every_single_bit_flip);
    RUN(ccp_unusual_prio_crf_rsrv_are_reported);
    RUN(ccp_round_trip_all_logical_words);
    return check_finish(argv[0]);
}
