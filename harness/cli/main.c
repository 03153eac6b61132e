/* SPDX-License-Identifier: Apache-2.0 */
/* riocheck: the command-line entry point. Subcommands live in their own
 * files; this one dispatches and owns the top-level help. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

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
    "  diff OLD.json NEW.json      compare two runs' results.json: regressions,\n"
    "                              fixes, changes (exit 1 on a regression)\n"
    "  export                      the selected vectors resolved for a DUT profile\n"
    "                              as JSON, CSV or $readmemh files for testbenches\n"
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

/* Descriptors 0, 1 and 2 open before any file is: a standard stream that
 * was closed gets /dev/null, so that no file riocheck opens (results.tsv)
 * lands on 0-2, where TAP lines, messages or a DUT's output would go into
 * it. 0, or -1 when /dev/null cannot be opened. */
static int std_fds_open(void)
{
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
            continue;
        int n = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
        if (n < 0)
            return -1;
        if (n != fd) { /* not the lowest free one: cannot happen */
            int d = dup2(n, fd);
            close(n);
            if (d != fd)
                return -1;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (std_fds_open() != 0)
        return CLI_IOERR;
    /* A reader of the output that goes away (`riocheck run | head -1`) makes
     * writes to stdout fail with EPIPE instead of killing riocheck: the TAP
     * stream stops quietly and the run still writes its reports and exits
     * with its own status. Children get SIGPIPE back: a --dut-cmd process is
     * started with its default, a worker sets its own. */
    struct sigaction ign;
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    (void)sigaction(SIGPIPE, &ign, NULL);
    cli_program_set(argv[0]); /* for rerun lines */
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
    if (strcmp(cmd, "diff") == 0)
        return cmd_diff(argc, argv);
    if (strcmp(cmd, "export") == 0)
        return cmd_export(argc, argv);
    if (strcmp(cmd, "--version") == 0) {
        puts("riocheck " RIO_VERSION); /* the one version: rio/version.h */
        return CLI_OK;
    }
    fprintf(stderr, "riocheck: unknown command '%s'\n\n%s", cmd, usage);
    return CLI_USAGE;
}
