/* SPDX-License-Identifier: Apache-2.0 */
/* riocheck selfcheck: encode and decode every known answer of a data file
 * with the built-in reference, print TAP, write a Markdown report. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../report/text.h"
#include "cli.h"

static const char selfcheck_help[] =
    "Usage: riocheck selfcheck [--vectors FILE] [--report FILE] [--data DIR]\n"
    "\n"
    "Check the built-in reference implementation against known answers taken\n"
    "from the specs (default file: vectors/selfcheck/known-answers.txt in the\n"
    "data folder, see riocheck run --help). Each record is one line:\n"
    "  FORMAT [--rev 2|3] [--group-width N] FIELD=VALUE... => HEX\n"
    "in the words of 'riocheck encode' (see riocheck encode --help); '#' starts\n"
    "a comment. For each record the fields are encoded and must give exactly\n"
    "HEX, and HEX must decode as valid (CRC and length). Results are printed as\n"
    "TAP and written as a Markdown report (default reports/out/selfcheck.md,\n"
    "replaced atomically; relative to the current folder).\n"
    "\n"
    "Options (--opt VALUE or --opt=VALUE):\n"
    "  --vectors FILE    the known-answer file\n"
    "  --report FILE     the Markdown report\n"
    "  --data DIR        the data folder (synonym: --root DIR); default:\n"
    "                    RIOCHECK_DATA, else the current folder when it holds\n"
    "                    suites/catalogue.tsv, else the installed one\n"
    "  -h, --help        this text\n"
    "\n"
    "Exit status: 0 all passed; 1 a record failed; 2 usage error or a malformed\n"
    "record (reported as FILE:LINE); 3 I/O error.\n";

#define MAX_RECORDS 512
#define MAX_LINE 1024
#define MAX_WORDS 48

struct result {
    unsigned line;
    int ok;
    char text[200];
};

static int write_report(const char *path, const char *vectors,
                        const struct result *r, unsigned n, unsigned failed)
{
    char tmp[1024];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp)
        return -1;
    FILE *f = fopen(tmp, "we");
    if (f == NULL)
        return -1;
    fprintf(f, "# riocheck self-check of the reference implementation\n\n");
    /* the file name and the records are the user's text: escaped (text.h) */
    fputs("Known answers: ", f);
    rc_esc_md_code(f, vectors, (size_t)-1, 0);
    fprintf(f, " (%u records). Result: **%s** (%u passed, %u failed).\n\n", n,
            failed ? "FAILED" : "PASSED", n - failed, failed);
    fprintf(f, "| line | result | record |\n|---:|---|---|\n");
    for (unsigned i = 0; i < n; i++) {
        fprintf(f, "| %u | %s | ", r[i].line, r[i].ok ? "pass" : "**FAIL**");
        rc_esc_md_code(f, r[i].text, sizeof r[i].text, 1);
        fputs(" |\n", f);
    }
    if (fclose(f) != 0 || rename(tmp, path) != 0) {
        remove(tmp);
        return -1;
    }
    return 0;
}

/* Make the folder of path (one level, as reports/out) if it is missing. */
static void make_parent(const char *path);

int cmd_selfcheck(int argc, char **argv)
{
    enum { O_VECTORS = 256, O_REPORT, O_DATA, O_ROOT };
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"vectors", required_argument, NULL, O_VECTORS},
        {"report", required_argument, NULL, O_REPORT},
        {"data", required_argument, NULL, O_DATA},
        {"root", required_argument, NULL, O_ROOT},
        {NULL, 0, NULL, 0},
    };
    const char *vectors = NULL, *data = NULL, *data_opt = "--data";
    const char *report = "reports/out/selfcheck.md";
    int c;
    optind = 0; /* glibc: a full re-initialisation */
    while ((c = cli_getopt(argc, argv, "-:h", longopts, "selfcheck")) != -1) {
        switch (c) {
        case 'h':
            fputs(selfcheck_help, stdout);
            return CLI_OK;
        case O_VECTORS:
            vectors = optarg;
            break;
        case O_REPORT:
            report = optarg;
            break;
        case O_DATA:
        case O_ROOT:
            data = optarg;
            data_opt = c == O_DATA ? "--data" : "--root";
            break;
        case 1:
            fprintf(stderr, "riocheck selfcheck: unexpected argument '%s' (see riocheck "
                            "selfcheck --help)\n", optarg);
            return CLI_USAGE;
        default:
            return CLI_USAGE;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "riocheck selfcheck: unexpected argument '%s'\n", argv[optind]);
        return CLI_USAGE;
    }
    char dflt[4200];
    if (vectors == NULL) {
        /* the data folder's known answers (cli.h cli_data_find) */
        struct cli_data d;
        char err[3 * 4200];
        if (cli_data_find(&d, data, data_opt, err, sizeof err) != 0) {
            fprintf(stderr, "riocheck selfcheck: %s\n", err);
            return CLI_IOERR;
        }
        if (strcmp(d.dir, ".") == 0)
            snprintf(dflt, sizeof dflt, "vectors/selfcheck/known-answers.txt");
        else
            snprintf(dflt, sizeof dflt, "%s/vectors/selfcheck/known-answers.txt", d.dir);
        vectors = dflt;
    }
    FILE *in = fopen(vectors, "re");
    if (in == NULL) {
        fprintf(stderr, "riocheck selfcheck: %s: %s (give --data DIR or --vectors "
                        "FILE)\n", vectors, strerror(errno));
        return CLI_IOERR;
    }
    struct stat st;
    if (fstat(fileno(in), &st) == 0 && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "riocheck selfcheck: %s: is a folder, not a known-answer file\n",
                vectors);
        fclose(in);
        return CLI_IOERR;
    }
    static struct result res[MAX_RECORDS];
    unsigned n = 0, failed = 0, lineno = 0;
    char *line = NULL;
    size_t line_cap = 0;
    ssize_t line_len;
    int status = CLI_OK;
    printf("TAP version 13\n");
    errno = 0;
    while ((line_len = getline(&line, &line_cap, in)) != -1) {
        lineno++;
        size_t l = (size_t)line_len;
        if (memchr(line, '\0', l) != NULL) {
            fprintf(stderr, "%s:%u: NUL byte in a text file\n", vectors, lineno);
            status = CLI_USAGE;
            break;
        }
        if (l > 0 && line[l - 1] == '\n')
            l--;
        if (l > MAX_LINE) {
            fprintf(stderr, "%s:%u: line longer than %d characters\n", vectors,
                    lineno, MAX_LINE);
            status = CLI_USAGE;
            break;
        }
        /* a UTF-8 byte order mark, as some editors write: not part of line 1 */
        if (lineno == 1 && l >= 3 && memcmp(line, "\xEF\xBB\xBF", 3) == 0)
            memset(line, ' ', 3);
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        char *words[MAX_WORDS];
        int nw = 0;
        int too_many = 0;
        for (char *t = strtok(line, " \t\r\n"); t; t = strtok(NULL, " \t\r\n")) {
            if (nw == MAX_WORDS) {
                too_many = 1;
                break;
            }
            words[nw++] = t;
        }
        if (nw == 0)
            continue;
        char where[4300];
        snprintf(where, sizeof where, "selfcheck %s:%u", vectors, lineno);
        int arrow = -1;
        for (int i = 0; i < nw; i++)
            if (strcmp(words[i], "=>") == 0)
                arrow = i;
        if (too_many || arrow < 1 || arrow != nw - 2) {
            fprintf(stderr, "%s:%u: expected 'FORMAT [options] FIELD=VALUE... => "
                            "HEX'%s\n", vectors, lineno,
                    too_many ? " (too many words)" : "");
            status = CLI_USAGE;
            break;
        }
        if (n == MAX_RECORDS) {
            fprintf(stderr, "%s:%u: more than %d records\n", vectors, lineno,
                    MAX_RECORDS);
            status = CLI_USAGE;
            break;
        }
        struct result *r = &res[n++];
        r->line = lineno;
        size_t off = 0;
        r->text[0] = '\0';
        for (int i = 0; i < nw && off < sizeof r->text; i++)
            off += (size_t)snprintf(r->text + off, sizeof r->text - off, "%s%s",
                                    i ? " " : "", words[i]);
        struct codec_opts opt;
        int help;
        const char *expect_hex = words[nw - 1];
        int nrest = cli_parse_codec_opts(arrow, words, where, &opt, &help);
        if (nrest < 0 || help) {
            if (help)
                fprintf(stderr, "%s:%u: --help is not allowed in a record\n", vectors,
                        lineno);
            status = CLI_USAGE;
            break;
        }
        uint8_t want[64], got[64];
        size_t want_len, got_len;
        char why[512];
        if (cli_parse_hex(want, sizeof want, &want_len, expect_hex, why, sizeof why)) {
            fprintf(stderr, "%s:%u: expected hex '%s': %s\n", vectors, lineno,
                    expect_hex, why);
            status = CLI_USAGE;
            break;
        }
        int rc = codec_encode(got, sizeof got, &got_len, words[0], &opt, nrest,
                              words + 1, why, sizeof why);
        if (rc == CLI_USAGE || rc == CLI_IOERR) {
            fprintf(stderr, "%s:%u: %s\n", vectors, lineno, why);
            status = CLI_USAGE;
            break;
        }
        r->ok = rc == CLI_OK && got_len == want_len &&
                memcmp(got, want, want_len) == 0;
        char detail[600] = "";
        if (rc == CLI_OK && !r->ok) {
            char hex[130];
            for (size_t i = 0; i < got_len && i < 64; i++)
                snprintf(hex + 2 * i, 3, "%02X", got[i]);
            snprintf(detail, sizeof detail, "encode gave %s", hex);
        }
        FILE *sink = tmpfile();
        if (sink == NULL) {
            status = CLI_IOERR;
            break;
        }
        struct cli_out o;
        out_init(&o, sink, 0);
        opt.json = 0;
        rc = codec_decode(&o, words[0], &opt, want, want_len, why, sizeof why);
        fclose(sink);
        if (rc != CLI_OK) {
            r->ok = 0;
            snprintf(detail, sizeof detail, "decode: %s", why);
        }
        failed += r->ok ? 0u : 1u;
        printf("%s %u - ", r->ok ? "ok" : "not ok", n);
        rc_esc_put(stdout, RC_ESC_TAP, vectors, (size_t)-1);
        printf(":%u ", lineno);
        rc_esc_put(stdout, RC_ESC_TAP, r->text, sizeof r->text);
        fputc('\n', stdout);
        if (!r->ok) {
            fputs("  # ", stdout);
            rc_esc_put(stdout, RC_ESC_LINE, detail, sizeof detail);
            fputc('\n', stdout);
        }
        errno = 0;
    }
    if (status == CLI_OK && ferror(in)) {
        fprintf(stderr, "riocheck selfcheck: %s: read error: %s\n", vectors,
                strerror(errno ? errno : EIO));
        status = CLI_IOERR;
    }
    free(line);
    fclose(in);
    if (status != CLI_OK)
        return status;
    printf("1..%u\n", n);
    make_parent(report);
    if (write_report(report, vectors, res, n, failed) != 0) {
        fprintf(stderr, "riocheck selfcheck: cannot write %s: %s\n", report,
                strerror(errno));
        return CLI_IOERR;
    }
    printf("selfcheck: %u passed, %u failed\n", n - failed, failed);
    fputs("report: ", stdout);
    rc_esc_put(stdout, RC_ESC_LINE, report, (size_t)-1);
    fputc('\n', stdout);
    return failed ? CLI_INVALID : CLI_OK;
}

static void make_parent(const char *path)
{
    char dir[1024];
    const char *slash = strrchr(path, '/');
    if (slash == NULL || (size_t)(slash - path) >= sizeof dir)
        return;
    memcpy(dir, path, (size_t)(slash - path));
    dir[slash - path] = '\0';
    mkdir(dir, 0777); /* an existing folder is fine; errors show at fopen */
}
