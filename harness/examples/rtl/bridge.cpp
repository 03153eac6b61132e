// SPDX-License-Identifier: Apache-2.0
// bridge.cpp - the Verilated rio_voq_codec (rio_voq_codec.v) as a riocheck
// DUT process: it speaks riocheck-dut-protocol 1 (docs/dut-protocol.md) on
// stdin/stdout and answers every codec request by driving the RTL's ports
// clock by clock.
//
//   riocheck run --dut-cmd BUILD/VARIANT/rtl/rio-rtl-dut -- --suite p12-cs64
//
// This is the vendor side: C++ because Verilator generates C++; riocheck
// itself stays C. It implements one machine, codec, and of it the events the
// RTL has (stype2_decode/encode, cs64_decode/encode, cs48_unpack/pack,
// cs64_unpack/pack) plus the `fastpath cs64_decode` request; the Part 9
// codec events (ccp_*, fam_decode, flow_decode) are answered `done
// result=notsup`, queries `error result=notsup`, so riocheck reports those
// vectors not-applicable.
//
// What the bridge decides itself (the RTL cannot see it): a value too wide
// for the port it goes to is `range` (a 2^24 parameter, an stype0 of 16), a
// byte string shorter than the symbol is `trunc` and a longer one `length`,
// a `rev` other than 2 or 3 is `revision`, a width above 7 is driven as 7
// (reserved). Everything else - field layout, CRC, VC_IND, reserved widths,
// field ranges - is the RTL's answer.
//
// Logging goes to stderr only. RIO_RTL_LOG=1 in the environment prints every
// vector mark (`# vector ID FILE:LINE`, protocol version 1 comments) as it
// arrives; an `error` answer always names the vector it happened in.
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unordered_set>
#include <unistd.h>

#include "Vrio_voq_codec.h"
#include "verilated.h"

namespace {

// rio_voq_codec's OP_* and RES_* (rio_voq_codec.v)
enum Op : uint8_t {
    OP_STYPE2_DECODE = 1, OP_STYPE2_ENCODE = 2, OP_CS64_DECODE = 3, OP_CS64_ENCODE = 4,
    OP_CS48_UNPACK = 5, OP_CS48_PACK = 6, OP_CS64_UNPACK = 7, OP_CS64_PACK = 8
};
const char *const RESULT_NAME[4] = {"ok", "range", "reserved", "crc"};

const char HELLO[] =
    "hello riocheck-dut-protocol 1\n"
#ifdef RIO_BUG_CRC13
    "name rio_voq_codec RTL (Verilator) with a planted CRC-13 bug\n"
#else
    "name rio_voq_codec RTL (Verilator)\n"
#endif
    "version 1.0\n"
    "revisions p12r2 p12r3\n"
    "caps codec cs48 cs64\n"
    "profile ports=0 vcs=0 counter_width=0 orphan_timeout=0 flow_list=0 arb_pool=0\n"
    "machines codec\n"
    "fastpath cs64_decode\n"
    "ready\n";

// ---- output: one buffer, written when the input runs dry ---------------------
char obuf[1 << 16];
size_t olen;

void flush_out()
{
    size_t off = 0;
    while (off < olen) {
        ssize_t w = write(1, obuf + off, olen - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            std::exit(1); // riocheck went away
        off += (size_t)w;
    }
    olen = 0;
}

void put(const char *s, size_t n)
{
    if (olen + n > sizeof obuf)
        flush_out();
    std::memcpy(obuf + olen, s, n);
    olen += n;
}

void puts_(const char *s) { put(s, std::strlen(s)); }

void put_u64(uint64_t v)
{
    char t[24];
    int i = 24;
    do {
        t[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    put(t + i, (size_t)(24 - i));
}

void put_arg(const char *name, uint64_t v) // " name=v"
{
    put(" ", 1);
    puts_(name);
    put("=", 1);
    put_u64(v);
}

// ---- the RTL -------------------------------------------------------------------
VerilatedContext *ctx;
Vrio_voq_codec *rtl;

void clock_edge()
{
    rtl->clk = 0;
    rtl->eval();
    rtl->clk = 1;
    rtl->eval();
}

void rtl_reset()
{
    rtl->rst_n = 0;
    rtl->in_valid = 0;
    clock_edge();
    clock_edge();
    rtl->rst_n = 1;
}

// Present one operation (the in_* ports set by the caller), clock it through
// the two register stages, and check the RTL answered it.
void rtl_run(uint8_t op)
{
    rtl->in_op = op;
    rtl->in_valid = 1;
    clock_edge();
    rtl->in_valid = 0;
    clock_edge();
    if (!rtl->out_valid || rtl->out_op != op) {
        std::fprintf(stderr, "rio-rtl-dut: the RTL did not answer operation %u\n", op);
        std::exit(2);
    }
}

// ---- requests ------------------------------------------------------------------
const char *g_mark = ""; // the last "# vector ..." line, for messages
char mark_buf[1100];

struct Args {
    const char *name[16];
    uint64_t value[16];
    unsigned n;
    uint64_t get(const char *k, bool *ok) const
    {
        for (unsigned i = 0; i < n; i++)
            if (std::strcmp(name[i], k) == 0)
                return value[i];
        *ok = false;
        return 0;
    }
};

bool parse_number(const char *s, uint64_t *v)
{
    uint64_t x = 0;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        s += 2;
        if (*s == '\0')
            return false;
        for (; *s; s++) {
            unsigned d;
            if (*s >= '0' && *s <= '9')
                d = (unsigned)(*s - '0');
            else if (*s >= 'a' && *s <= 'f')
                d = (unsigned)(*s - 'a' + 10);
            else if (*s >= 'A' && *s <= 'F')
                d = (unsigned)(*s - 'A' + 10);
            else
                return false;
            if (x >> 60)
                return false;
            x = x << 4 | d;
        }
    } else {
        if (*s == '\0')
            return false;
        for (; *s; s++) {
            if (*s < '0' || *s > '9')
                return false;
            unsigned d = (unsigned)(*s - '0');
            if (x > (UINT64_MAX - d) / 10)
                return false;
            x = x * 10 + d;
        }
    }
    *v = x;
    return true;
}

// name=value fields f[0..n) into a; false on a malformed one
bool parse_args(char **f, unsigned n, Args *a)
{
    a->n = 0;
    for (unsigned i = 0; i < n && a->n < 16; i++) {
        char *eq = std::strchr(f[i], '=');
        if (eq == nullptr)
            return false;
        *eq = '\0';
        a->name[a->n] = f[i];
        if (!parse_number(eq + 1, &a->value[a->n]))
            return false;
        a->n++;
    }
    return a->n == n;
}

void reply_error(const char *why, const char *what)
{
    puts_("error ");
    puts_(why);
    puts_(what);
    put("\n", 1);
    std::fprintf(stderr, "rio-rtl-dut: error %s%s (in %s)\n", why, what,
                 g_mark[0] ? g_mark : "no vector marked yet");
}

void done(const char *result)
{
    puts_("done result=");
    puts_(result);
    put("\n", 1);
}

void out_voq_msg()
{
    puts_("out voq_msg");
    put_arg("kind", rtl->out_kind);
    put_arg("vc_ind", rtl->out_vc_ind);
    put_arg("vc", rtl->out_vc);
    put_arg("group_width", rtl->out_group_width);
    put_arg("status_width", rtl->out_status_width);
    put_arg("group", rtl->out_group);
    put_arg("status", rtl->out_status);
    put_arg("first_port", rtl->out_first_port);
    put("\n", 1);
}

// A codec event (or the fast path): the out lines and the done line.
void codec_event(const char *ev, const Args &a)
{
    bool ok = true;
    if (std::strcmp(ev, "cs64_decode") == 0) {
        uint64_t width = a.get("width", &ok), param = a.get("param", &ok);
        if (!ok)
            return reply_error("missing argument of ", ev);
        if (param >> 24)
            return done("range");
        rtl->in_width = (uint8_t)(width > 7 ? 7 : width);
        rtl->in_data = param;
        rtl_run(OP_CS64_DECODE);
        if (rtl->out_result == 0)
            out_voq_msg();
        return done(RESULT_NAME[rtl->out_result]);
    }
    if (std::strcmp(ev, "stype2_decode") == 0) {
        uint64_t rev = a.get("rev", &ok), width = a.get("width", &ok),
                 value = a.get("value", &ok);
        if (!ok)
            return reply_error("missing argument of ", ev);
        if (rev != 2 && rev != 3)
            return done("revision");
        if (value >> 14)
            return done("range");
        rtl->in_rev3 = rev == 3;
        rtl->in_width = (uint8_t)(width > 7 ? 7 : width);
        rtl->in_data = value;
        rtl_run(OP_STYPE2_DECODE);
        if (rtl->out_result == 0)
            out_voq_msg();
        return done(RESULT_NAME[rtl->out_result]);
    }
    if (std::strcmp(ev, "cs64_encode") == 0 || std::strcmp(ev, "stype2_encode") == 0) {
        bool cs64 = ev[1] == 's';
        uint64_t rev = cs64 ? 3 : a.get("rev", &ok), width = a.get("width", &ok),
                 group = a.get("group", &ok), status = a.get("status", &ok),
                 vc_ind = cs64 ? a.get("vc_ind", &ok) : 0;
        if (!ok)
            return reply_error("missing argument of ", ev);
        if (rev != 2 && rev != 3)
            return done("revision");
        rtl->in_width = (uint8_t)(width > 7 ? 7 : width);
        if (width < 7 && (vc_ind >> 4 || group >> 7 || status >> 20))
            return done("range"); // wider than the RTL's ports
        rtl->in_rev3 = rev == 3;
        rtl->in_vc_ind = (uint8_t)(vc_ind & 15);
        rtl->in_group = (uint8_t)(group & 127);
        rtl->in_status = (uint32_t)(status & 0xFFFFF);
        rtl_run(cs64 ? OP_CS64_ENCODE : OP_STYPE2_ENCODE);
        if (rtl->out_result == 0) {
            puts_("out value");
            put_arg("value", rtl->out_value);
            put("\n", 1);
        }
        return done(RESULT_NAME[rtl->out_result]);
    }
    if (std::strcmp(ev, "cs64_unpack") == 0 || std::strcmp(ev, "cs48_unpack") == 0) {
        bool cs64 = ev[2] == '6';
        uint64_t len = a.get("len", &ok), hi = a.get("hi", &ok);
        (void)a.get("lo", &ok);
        if (!ok)
            return reply_error("missing argument of ", ev);
        uint64_t size = cs64 ? 8 : 6;
        if (len > 16)
            return done("range");
        if (len < size)
            return done("trunc");
        if (len > size)
            return done("length");
        rtl->in_data = cs64 ? hi : hi >> 16; // byte 0 is hi's top byte
        rtl_run(cs64 ? OP_CS64_UNPACK : OP_CS48_UNPACK);
        if (rtl->out_result == 0) {
            puts_(cs64 ? "out cs64" : "out cs48");
            put_arg("stype0", rtl->out_stype0);
            put_arg("parameter0", rtl->out_parameter0);
            put_arg("parameter1", rtl->out_parameter1);
            put_arg("stype1", rtl->out_stype1);
            if (!cs64) {
                put_arg("cmd", rtl->out_cmd);
                put_arg("stype2", rtl->out_stype2);
            }
            put_arg("crc", rtl->out_crc);
            if (cs64)
                put_arg("alignment", rtl->out_alignment);
            put("\n", 1);
        }
        return done(RESULT_NAME[rtl->out_result]);
    }
    if (std::strcmp(ev, "cs64_pack") == 0 || std::strcmp(ev, "cs48_pack") == 0) {
        bool cs64 = ev[2] == '6';
        uint64_t stype0 = a.get("stype0", &ok), p0 = a.get("parameter0", &ok),
                 p1 = a.get("parameter1", &ok), stype1 = a.get("stype1", &ok),
                 cmd = cs64 ? 0 : a.get("cmd", &ok), stype2 = cs64 ? 0 : a.get("stype2", &ok);
        if (!ok)
            return reply_error("missing argument of ", ev);
        // the field widths of Part 6 Figures 3-2 and 3-3 are the RTL's ports
        bool fits = cs64 ? stype0 < 16 && p0 < 4096 && p1 < 4096 && stype1 < 256
                         : stype0 < 8 && p0 < 64 && p1 < 64 && stype1 < 8 && cmd < 8 &&
                               stype2 < 16384;
        if (!fits)
            return done("range");
        rtl->in_stype0 = (uint8_t)stype0;
        rtl->in_parameter0 = (uint16_t)p0;
        rtl->in_parameter1 = (uint16_t)p1;
        rtl->in_stype1 = (uint8_t)stype1;
        rtl->in_cmd = (uint8_t)cmd;
        rtl->in_stype2 = (uint16_t)stype2;
        rtl_run(cs64 ? OP_CS64_PACK : OP_CS48_PACK);
        puts_("out bytes");
        put_arg("len", cs64 ? 8 : 6);
        put_arg("hi", cs64 ? rtl->out_value : rtl->out_value << 16);
        put_arg("lo", 0);
        put("\n", 1);
        return done("ok");
    }
    if (std::strcmp(ev, "ccp_unpack") == 0 || std::strcmp(ev, "ccp_pack") == 0 ||
        std::strcmp(ev, "fam_decode") == 0 || std::strcmp(ev, "flow_decode") == 0)
        return done("notsup"); // Part 9: not in this RTL
    return reply_error("codec has no event ", ev);
}

std::unordered_set<uint32_t> instances;

bool parse_id(const char *s, uint32_t *id)
{
    uint64_t v;
    if (!parse_number(s, &v) || v == 0 || v > UINT32_MAX)
        return false;
    *id = (uint32_t)v;
    return true;
}

// One request line (NUL-terminated, no LF). Returns false at `bye`.
bool handle(char *line)
{
    char *f[70];
    unsigned n = 0;
    for (char *s = line; *s && n < 70;) {
        while (*s == ' ' || *s == '\t' || *s == '\r')
            *s++ = '\0';
        if (*s == '\0')
            break;
        f[n++] = s;
        while (*s && *s != ' ' && *s != '\t' && *s != '\r')
            s++;
    }
    if (n == 0)
        return true;
    if (f[0][0] == '#') { // a comment: the vector marks of protocol version 1
        if (std::strcmp(f[0], "#") == 0 && n >= 4 && std::strcmp(f[1], "vector") == 0) {
            std::snprintf(mark_buf, sizeof mark_buf, "vector %.500s at %.500s", f[2], f[3]);
            g_mark = mark_buf;
            if (std::getenv("RIO_RTL_LOG") != nullptr)
                std::fprintf(stderr, "rio-rtl-dut: %s\n", g_mark);
        }
        return true;
    }
    Args a;
    if (std::strcmp(f[0], "hello") == 0) {
        if (n == 3 && std::strcmp(f[1], "riocheck-dut-protocol") == 0 &&
            std::strcmp(f[2], "1") == 0)
            puts_(HELLO);
        else
            reply_error("I speak riocheck-dut-protocol 1", "");
    } else if (std::strcmp(f[0], "bye") == 0) {
        puts_("bye\n");
        return false;
    } else if (std::strcmp(f[0], "create") == 0 && n >= 3) {
        uint32_t id;
        if (!parse_id(f[1], &id))
            reply_error("bad instance id ", f[1]);
        else if (instances.count(id))
            reply_error("instance id in use ", f[1]);
        else if (std::strcmp(f[2], "codec") != 0 || n > 3)
            puts_("error result=notsup\n"); // only the codec, which has no configuration
        else {
            instances.insert(id);
            puts_("ok\n");
        }
    } else if (std::strcmp(f[0], "destroy") == 0 && n == 2) {
        uint32_t id;
        if (!parse_id(f[1], &id) || instances.erase(id) == 0)
            reply_error("no instance ", f[1]);
        else
            puts_("ok\n");
    } else if (std::strcmp(f[0], "step") == 0 && n >= 3) {
        uint32_t id;
        if (!parse_id(f[1], &id) || instances.count(id) == 0)
            reply_error("no instance ", f[1]);
        else if (!parse_args(f + 3, n - 3, &a))
            reply_error("malformed arguments of ", f[2]);
        else
            codec_event(f[2], a);
    } else if (std::strcmp(f[0], "fastpath") == 0 && n >= 2 &&
               std::strcmp(f[1], "cs64_decode") == 0) {
        if (!parse_args(f + 2, n - 2, &a))
            reply_error("malformed arguments of ", "fastpath");
        else
            codec_event("cs64_decode", a);
    } else if (std::strcmp(f[0], "query") == 0 && n >= 3) {
        puts_("error result=notsup\n"); // the codec has no state to observe
    } else {
        reply_error("unknown request ", f[0]);
    }
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    ctx = new VerilatedContext;
    ctx->commandArgs(argc, argv);
    rtl = new Vrio_voq_codec{ctx};
    rtl_reset();
    // Read what is there, answer every whole line, write the answers when
    // the input has run dry (riocheck sends up to 128 sweep requests ahead).
    static char ibuf[1 << 16];
    size_t ilen = 0;
    bool running = true;
    while (running) {
        ssize_t r = read(0, ibuf + ilen, sizeof ibuf - ilen);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break; // end of input: riocheck is gone
        ilen += (size_t)r;
        size_t start = 0;
        for (;;) {
            char *nl = (char *)std::memchr(ibuf + start, '\n', ilen - start);
            if (nl == nullptr)
                break;
            *nl = '\0';
            if (std::memchr(ibuf + start, '\0', (size_t)(nl - (ibuf + start))) != nullptr)
                reply_error("a NUL byte in the request", "");
            else if (!handle(ibuf + start)) {
                running = false;
                break;
            }
            start = (size_t)(nl - ibuf) + 1;
        }
        std::memmove(ibuf, ibuf + start, ilen - start);
        ilen -= start;
        if (running && ilen == sizeof ibuf) {
            reply_error("a request longer than 4096 bytes", "");
            ilen = 0;
        }
        flush_out();
    }
    flush_out();
    rtl->final();
    delete rtl;
    delete ctx;
    return 0;
}
