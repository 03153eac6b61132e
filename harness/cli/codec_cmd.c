/* SPDX-License-Identifier: Apache-2.0 */
/* riocheck decode / encode: option parsing and help; the codec work is in
 * codec.c. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char decode_help[] =
    "Usage: riocheck decode FORMAT [--rev 2|3] [--group-width N] [--json] HEX...\n"
    "       riocheck decode FORMAT [options] -     (read the hex from stdin)\n"
    "Options may come anywhere, as --opt VALUE or --opt=VALUE; words after a\n"
    "lone -- are never options.\n"
    "\n"
    "Decode wire bytes and print every field, the CRC check and, for Part 12\n"
    "messages, the list of (port, congested). HEX may be split over several\n"
    "arguments and may contain the separators space : _ - between bytes.\n"
    "\n"
    "Formats:\n"
    "  cs48    6 bytes; with --rev also interprets stype2 (rev 3 also needs\n"
    "          --group-width) and the VC it is linked to (Status = VC0,\n"
    "          VC_Status = VCID+1)\n"
    "  stype2  the 14-bit field as a hex value (e.g. 2001); needs --rev, and\n"
    "          --group-width with --rev 3\n"
    "  cs64    8 bytes (Part 12 rev 3+ only); a VoQ symbol (stype0 0b1101) needs\n"
    "          --group-width\n"
    "  ccp     a type 7 packet with its pad: Dev8 8 bytes, Dev16 12, Dev32 16\n"
    "          (Dev32 needs --rev 3); needs --rev (Part 9 revision)\n"
    "\n"
    "Options:\n"
    "  --rev 2|3          spec revision: Part 12 for cs48/stype2/cs64, Part 9\n"
    "                     for ccp (2 = rev 2.0-2.2, 3 = rev 3.0-4.1)\n"
    "  --group-width N    Port Group Size, 0..6 group bits (RX side); 7 is\n"
    "                     reserved and rejected\n"
    "  --json             one JSON object instead of name/value lines\n"
    "  -h, --help         this text\n"
    "\n"
    "Exit status: 0 valid; 1 decoded but invalid (CRC mismatch, non-zero CS64\n"
    "alignment bits, wrong length, reserved transport size); 2 usage error.\n"
    "\n"
    "Examples:\n"
    "  riocheck decode cs48 --rev 3 --group-width 0 807FC4003902\n"
    "  riocheck decode cs64 --group-width 4 DF000100E2BE8698\n"
    "  riocheck decode ccp --rev 3 --json 01E701020304050607080083BE460000\n";

static const char encode_help[] =
    "Usage: riocheck encode FORMAT [--rev 2|3] [--group-width N] [--json] "
    "FIELD=VALUE...\n"
    "\n"
    "Encode fields into wire bytes, computing the CRC (and the pad for ccp),\n"
    "and print them as hex. Numbers are decimal, 0x hex or 0b binary. Fields\n"
    "not given are 0 unless said otherwise. Field names are the spec's and\n"
    "match the keys 'riocheck decode --json' prints.\n"
    "\n"
    "Formats and fields:\n"
    "  cs48    stype0 parameter0 parameter1 stype1 cmd, and either stype2=V\n"
    "          (raw 14 bits) or a VoQ message: group=G and status=BITS or\n"
    "          congested=P,P,... (port numbers inside the group); a VoQ\n"
    "          message needs --rev (and --group-width with --rev 3)\n"
    "  stype2  group and status or congested, as for cs48; prints the 14-bit\n"
    "          value as 4 hex digits\n"
    "  cs64    stype0 parameter0 parameter1 stype1 (8 bits), or a VoQ message:\n"
    "          vc_ind=0..15 or vc=0..8|all (default all VCs), group, status or\n"
    "          congested, with --group-width; stype0 defaults to 0b1101 then\n"
    "  ccp     needs --rev; ack_id vc crf (default 1) prio (default 3)\n"
    "          tt=dev8|dev16|dev32 (default dev8) destination_id\n"
    "          tgt_destination_id, xon and fam or command=XOFF|XON|XOFF_ARB|\n"
    "          XON_ARB|RELEASE|REQUEST_SINGLE|REQUEST_MULTI with seq=0|1,\n"
    "          flow_id=0..127 or flow=0A..0F|1A..8A, rsrv, soc\n"
    "\n"
    "Options: --rev, --group-width, --json and -h/--help as for decode, anywhere,\n"
    "as --opt VALUE or --opt=VALUE (--group-width is the TX Port Group Size\n"
    "here).\n"
    "\n"
    "Examples:\n"
    "  riocheck encode cs48 stype0=4 parameter1=63 stype1=7 stype2=0x2001\n"
    "  riocheck encode stype2 --rev 2 group=31 congested=186,191\n"
    "  riocheck encode cs64 --group-width 4 vc=all group=0 status=1 stype1=0x38\n"
    "  riocheck encode ccp --rev 3 tt=dev32 destination_id=0x01020304 \\\n"
    "      tgt_destination_id=0x05060708 command=XOFF flow=1A soc=1\n";

/* Parse the options common to decode and encode (getopt_long: --rev 3,
 * --rev=3, anywhere among the other words), moving the remaining words to
 * argv[1..n]; returns n or -1 (message printed). */
int cli_parse_codec_opts(int argc, char **argv, const char *cmd,
                         struct codec_opts *opt, int *help)
{
    enum { O_REV = 256, O_GROUP_WIDTH, O_JSON };
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"rev", required_argument, NULL, O_REV},
        {"group-width", required_argument, NULL, O_GROUP_WIDTH},
        {"json", no_argument, NULL, O_JSON},
        {NULL, 0, NULL, 0},
    };
    int n = 0, c;
    opt->rev = 0;
    opt->group_width = -1;
    opt->json = 0;
    *help = 0;
    optind = 0; /* glibc: a full re-initialisation */
    while ((c = cli_getopt(argc, argv, "-:h", longopts, cmd)) != -1) {
        switch (c) {
        case 'h':
            *help = 1;
            break;
        case O_JSON:
            opt->json = 1;
            break;
        case O_REV:
        case O_GROUP_WIDTH: {
            uint64_t v;
            char why[160];
            int is_rev = c == O_REV;
            const char *a = is_rev ? "--rev" : "--group-width";
            if (cli_parse_uint(optarg, is_rev ? 3 : 7, &v, why, sizeof why) ||
                (is_rev && v < 2)) {
                fprintf(stderr, "riocheck %s: %s %s: %s\n", cmd, a, optarg,
                        is_rev ? "use 2 (rev 2.0-2.2) or 3 (rev 3.0-4.1)" : why);
                return -1;
            }
            if (!is_rev && v == 7) {
                fprintf(stderr, "riocheck %s: --group-width 7: the Port Group Size "
                                "encoding 0x7 is reserved (use 0..6)\n", cmd);
                return -1;
            }
            if (is_rev)
                opt->rev = (int)v;
            else
                opt->group_width = (int)v;
            break;
        }
        case 1: /* FORMAT, HEX, FIELD=VALUE: in order */
            argv[++n] = optarg;
            break;
        default:
            return -1;
        }
    }
    /* after a lone --: words, even those that start with - */
    for (int i = optind; i < argc; i++)
        argv[++n] = argv[i];
    return n;
}

/* The hex text on stdin, all of it (at most cap - 1 bytes); line ends become
 * spaces. -1 with why: unreadable, too long or a NUL byte (the text after it
 * would be ignored). */
static int read_stdin_hex(char *buf, size_t cap, char *why, size_t why_cap)
{
    size_t n = fread(buf, 1, cap - 1, stdin);
    if (ferror(stdin)) {
        snprintf(why, why_cap, "read error");
        return -1;
    }
    if (n == cap - 1 && getc(stdin) != EOF) {
        snprintf(why, why_cap, "longer than %zu characters", cap - 1);
        return -1;
    }
    const char *nul = memchr(buf, '\0', n);
    if (nul != NULL) {
        snprintf(why, why_cap, "NUL byte at offset %zu (byte %zu)", (size_t)(nul - buf),
                 (size_t)(nul - buf) + 1);
        return -1;
    }
    buf[n] = '\0';
    for (size_t i = 0; i < n; i++)
        if (buf[i] == '\n' || buf[i] == '\r')
            buf[i] = ' ';
    return 0;
}

int cmd_decode(int argc, char **argv)
{
    struct codec_opts opt;
    int help;
    int n = cli_parse_codec_opts(argc, argv, "decode", &opt, &help);
    if (n < 0)
        return CLI_USAGE;
    if (help) {
        fputs(decode_help, stdout);
        return CLI_OK;
    }
    if (n < 2) {
        fprintf(stderr, "riocheck decode: need FORMAT and HEX\n\n%s", decode_help);
        return CLI_USAGE;
    }
    /* the positional arguments, moved to argv[1..n] by the option parser:
     * FORMAT, then every HEX argument (all of them: none is dropped) */
    char **pos = argv + 1;
    int npos = n;
    char joined[1024];
    size_t off = 0;
    joined[0] = '\0';
    if (npos == 2 && strcmp(pos[1], "-") == 0) {
        char why[128];
        if (read_stdin_hex(joined, sizeof joined, why, sizeof why) != 0) {
            fprintf(stderr, "riocheck decode: stdin: %s\n", why);
            return CLI_USAGE;
        }
    } else {
        for (int i = 1; i < npos; i++) {
            int w = snprintf(joined + off, sizeof joined - off, "%s%s",
                             i > 1 ? " " : "", pos[i]);
            if (w < 0 || (size_t)w >= sizeof joined - off) {
                fprintf(stderr, "riocheck decode: hex input longer than %zu "
                                "characters\n", sizeof joined - 1);
                return CLI_USAGE;
            }
            off += (size_t)w;
        }
    }
    uint8_t bytes[64];
    size_t len;
    char why[512];
    if (cli_parse_hex(bytes, sizeof bytes, &len, joined, why, sizeof why) != 0) {
        fprintf(stderr, "riocheck decode %s: hex input '%s': %s\n", pos[0], joined,
                why);
        return CLI_USAGE;
    }
    /* Decode into a temporary file first so that a usage error found late
     * (e.g. a missing --group-width) prints no half output. */
    FILE *tmp = tmpfile();
    if (tmp == NULL) {
        fprintf(stderr, "riocheck decode: cannot create a temporary file\n");
        return CLI_IOERR;
    }
    struct cli_out o;
    out_init(&o, tmp, opt.json);
    why[0] = '\0';
    int rc = codec_decode(&o, pos[0], &opt, bytes, len, why, sizeof why);
    if (rc != CLI_USAGE && !(rc == CLI_INVALID && ftell(tmp) <= 1)) {
        if (opt.json && rc == CLI_INVALID)
            out_str(&o, "error", why);
        out_finish(&o);
        rewind(tmp);
        char buf[4096];
        size_t k;
        while ((k = fread(buf, 1, sizeof buf, tmp)) > 0)
            fwrite(buf, 1, k, stdout);
    }
    fclose(tmp);
    if (rc != CLI_OK)
        fprintf(stderr, "riocheck decode %s: %s\n", pos[0], why);
    return rc;
}

int cmd_encode(int argc, char **argv)
{
    struct codec_opts opt;
    int help;
    int n = cli_parse_codec_opts(argc, argv, "encode", &opt, &help);
    if (n < 0)
        return CLI_USAGE;
    if (help) {
        fputs(encode_help, stdout);
        return CLI_OK;
    }
    if (n < 1) {
        fprintf(stderr, "riocheck encode: need FORMAT\n\n%s", encode_help);
        return CLI_USAGE;
    }
    uint8_t out[64];
    size_t len = 0;
    char why[512];
    int rc = codec_encode(out, sizeof out, &len, argv[1], &opt, n - 1, argv + 2,
                          why, sizeof why);
    if (rc != CLI_OK) {
        fprintf(stderr, "riocheck encode %s: %s\n", argv[1], why);
        return rc;
    }
    char hex[2 * sizeof out + 1];
    for (size_t i = 0; i < len; i++)
        snprintf(hex + 2 * i, 3, "%02X", out[i]);
    hex[2 * len] = '\0';
    if (opt.json)
        printf("{\"format\":\"%s\",\"hex\":\"%s\"}\n", argv[1], hex);
    else
        printf("%s\n", hex);
    return CLI_OK;
}
