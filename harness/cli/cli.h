/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cli.h - internal to the riocheck command: argument parsing helpers and a tiny
 * output layer that writes either aligned "name: value" lines or JSON from the
 * same calls, so every subcommand has one code path for both.
 *
 * Exit codes of every subcommand:
 *   0 success; 1 the input was read but is not valid (bad CRC, reserved
 *   encoding, wrong length, a failed check); 2 usage error (bad option, bad
 *   hex, value out of range); 3 internal or I/O error.
 */
#ifndef RIOCHECK_CLI_H
#define RIOCHECK_CLI_H

#include <getopt.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* CLI_INCOMPLETE: riocheck run found no failure but could not call the
 * device compliant (an applicable rule not run or inconclusive). */
enum { CLI_OK = 0, CLI_INVALID = 1, CLI_USAGE = 2, CLI_IOERR = 3, CLI_INCOMPLETE = 4 };

/* Parse an unsigned number: decimal, 0x hex or 0b binary, at most max.
 * Returns 0 on success; on failure writes a reason into why (cap bytes). */
int cli_parse_uint(const char *s, uint64_t max, uint64_t *out, char *why,
                   size_t cap);

/* Parse hex bytes: an optional 0x prefix, hex digits, and the separators
 * space, ':', '_' and '-' between byte pairs. An odd number of digits is an
 * error. On failure returns -1 and writes the reason (with the 1-based column)
 * into why. */
int cli_parse_hex(uint8_t *dst, size_t cap, size_t *len, const char *s,
                  char *why, size_t why_cap);

/* getopt_long (the C library's) with riocheck's messages. shortopts starts
 * with "-:" (every word in the order given; riocheck's own message for a
 * missing value); call with optind = 0 first (a full re-initialisation).
 * Returns the option's val, 1 for a word that is not an option (in optarg),
 * -1 at the end (the words after a lone "--" are argv[optind..argc)), or
 * '?' after printing "riocheck CMD: option '--x' is unknown" (or is
 * ambiguous, needs a value, takes no value, has an empty value) to stderr.
 * A value that is itself one of the options ("--out --json") is refused as
 * a missing value. */
int cli_getopt(int argc, char **argv, const char *shortopts,
               const struct option *longopts, const char *cmd);

/* The data folder: suites/catalogue.tsv, vectors/, docs/ (datadir.c). In
 * order: the option (--data DIR, or its synonym --root DIR: option is its
 * value, opt_name its name for messages), the environment variable
 * RIOCHECK_DATA (when not empty), the current folder when it holds
 * suites/catalogue.tsv (a checkout: what riocheck always did), and the
 * folder compiled in as RIOCHECK_DATADIR (make install: PREFIX/share/
 * riocheck). A folder named by the option or the variable must hold the
 * data (no fallback past a wrong one). 0, or -1 with every place looked at
 * and why each failed in err. */
enum cli_data_source { CLI_DATA_OPTION, CLI_DATA_ENV, CLI_DATA_CWD, CLI_DATA_BUILTIN };
struct cli_data {
    const char *dir; /* as given, "." or RIOCHECK_DATADIR */
    enum cli_data_source source;
};
int cli_data_find(struct cli_data *d, const char *option, const char *opt_name,
                  char *err, size_t cap);
/* RIOCHECK_DATADIR as compiled in, or NULL when it was not. */
const char *cli_data_builtin(void);
/* The command's name on rerun lines: set once from main's argv[0]; the
 * name alone when the PATH finds this same file by it, else the absolute
 * path of argv[0] ("riocheck" until set). */
void cli_program_set(const char *argv0);
const char *cli_program(void);

/* Output: one nesting level of objects/arrays is enough for every command. */
struct cli_out {
    FILE *f;
    int json;
    int depth;
    int need_comma[8];
    int in_array[8];
};

void out_init(struct cli_out *o, FILE *f, int json);
void out_begin(struct cli_out *o, const char *name); /* object; name NULL in arrays */
void out_begin_array(struct cli_out *o, const char *name);
void out_end(struct cli_out *o);
void out_finish(struct cli_out *o); /* closes the top-level object */
void out_uint(struct cli_out *o, const char *name, uint64_t v);
void out_hexnum(struct cli_out *o, const char *name, uint64_t v, int digits);
void out_str(struct cli_out *o, const char *name, const char *s);
void out_bool(struct cli_out *o, const char *name, int v);

/* Subcommands: argv[0] is the subcommand name. */
int cmd_decode(int argc, char **argv);
int cmd_encode(int argc, char **argv);
int cmd_selfcheck(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_trace(int argc, char **argv);
int cmd_diff(int argc, char **argv); /* diff_cmd.c: its own exit codes (--help) */
int cmd_export(int argc, char **argv); /* export_cmd.c (docs/export.md) */

/* export_cmd.c: a profile file of riocheck export --config (the lines of the
 * DUT protocol's handshake: revisions, caps, profile, policy, machines; #
 * comments). 0, or -1 with "name:line: reason" in err. machines gets a bit
 * per machine id (all of them when the text has no machines line). */
struct rc_profile;
int cli_export_profile_parse(struct rc_profile *p, uint32_t *machines, const char *name,
                             const char *text, size_t len, char *err, size_t cap);
/* The profile as such a text (what the parser reads back); the length it
 * needs, written NUL-terminated into dst (cap bytes) as far as it fits. */
size_t cli_export_profile_text(char *dst, size_t cap, const struct rc_profile *p,
                               uint32_t machines);

/* Shared by encode and selfcheck: build the wire bytes for `format` from
 * field=value words, with options already parsed. Returns a CLI_* code and
 * writes a message into why on failure. */
struct codec_opts {
    int rev;         /* 0 = not given, else 2 or 3 */
    int group_width; /* -1 = not given */
    int json;
};
/* Parse --rev, --group-width, --json and --help out of argv (argc words),
 * moving the other words to the front; returns their count, or -1 after
 * printing "riocheck CMD: ..." to stderr. */
int cli_parse_codec_opts(int argc, char **argv, const char *cmd,
                         struct codec_opts *opt, int *help);

int codec_encode(uint8_t *dst, size_t cap, size_t *len, const char *format,
                 const struct codec_opts *opt, int nwords, char **words,
                 char *why, size_t why_cap);
/* Decode bytes (or, for stype2, a value given as bytes: 2 bytes big-endian) and
 * print through o. Returns CLI_OK or CLI_INVALID (message in why). */
int codec_decode(struct cli_out *o, const char *format,
                 const struct codec_opts *opt, const uint8_t *in, size_t len,
                 char *why, size_t why_cap);

#endif
