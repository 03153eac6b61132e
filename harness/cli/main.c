/* riocheck: the command-line entry point. Subcommands live in their own
 * files; this one dispatches and owns the top-level help. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "rio/version.h"

static const char usage[] =
    "riocheck " RIO_VERSION " - conformance tool for RapidIO Part 12 (VoQ\n"
    "backpressure) and Part 9 (logical layer flow control), both spec\n"
    "revisions.\n"
    "\n"
    "Usage: riocheck COMMAND [options] [arguments]\n"
    "\n"
    "Commands:\n"
    "  decode FORMAT HEX...        decode wire bytes into fields\n"
    "  encode FORMAT FIELD=VALUE.. encode fields into wire bytes (hex)\n"
    "  run                         play the conformance vectors against a DUT\n"
    "                              (default: the built-in reference)\n"
    "  trace                       check the rule catalogue, the checklist map\n"
    "                              and the vectors account for every rule\n"
    "  selfcheck                   check the built-in reference against the\n"
    "                              spec's known answers and write a report\n"
    "  help [COMMAND]              this text, or one command's help\n"
    "  --version                   print the version\n"
    "\n"
    "Formats: cs48 (48-bit control symbol), stype2 (the 14-bit Part 12 field of\n"
    "a CS48), cs64 (64-bit control symbol), ccp (Part 9 type 7 packet).\n"
    "Revisions are always explicit: --rev 2 is Part 12 rev 2.0-2.2 or Part 9\n"
    "rev 2.0-2.2; --rev 3 is Part 12 rev 3.0-4.1 or Part 9 rev 3.0-4.1.\n"
    "\n"
    "Exit status: 0 success; 1 the input is invalid (bad CRC, reserved\n"
    "encoding, wrong length, failed check); 2 usage error; 3 internal or I/O\n"
    "error.\n"
    "Run 'riocheck COMMAND --help' for a command's options.\n";

int main(int argc, char **argv)
{
    static char help_opt[] = "--help";
    char *help_argv[] = {NULL, help_opt, NULL};
    if (argc < 2) {
        fputs(usage, stderr);
        return CLI_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 ||
        (strcmp(cmd, "help") == 0 && argc == 2)) {
        fputs(usage, stdout);
        return CLI_OK;
    }
    if (strcmp(cmd, "help") == 0) {
        help_argv[0] = argv[2];
        argv = help_argv;
        argc = 2;
        cmd = argv[0];
    } else {
        argv++;
        argc--;
    }
    if (strcmp(cmd, "decode") == 0)
        return cmd_decode(argc, argv);
    if (strcmp(cmd, "encode") == 0)
        return cmd_encode(argc, argv);
    if (strcmp(cmd, "selfcheck") == 0)
        return cmd_selfcheck(argc, argv);
    if (strcmp(cmd, "run") == 0)
        return cmd_run(argc, argv);
    if (strcmp(cmd, "trace") == 0)
        return cmd_trace(argc, argv);
    if (strcmp(cmd, "--version") == 0) {
        puts("riocheck " RIO_VERSION); /* the one version: rio/version.h */
        return CLI_OK;
    }
    fprintf(stderr, "riocheck: unknown command '%s'\n\n%s", cmd, usage);
    return CLI_USAGE;
}
