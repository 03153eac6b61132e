/* SPDX-License-Identifier: Apache-2.0 */
/*
 * shim_main.c - the riocheck-shim program: serve a DUT over the riocheck DUT
 * protocol (docs/dut-protocol.md) on stdin/stdout, so that any DUT library
 * can be run by `riocheck run --dut-cmd` in a process of its own.
 *
 *   riocheck-shim                 serve the built-in reference
 *   riocheck-shim --dut PATH.so   serve a vendor library (riocheck_dut_v2())
 *
 * The protocol owns the real stdout: before the DUT library is loaded, file
 * descriptor 1 is moved to a private descriptor and replaced by stderr, so a
 * DUT that prints (printf debugging) cannot corrupt the answers.
 * Exit status: 0 after `bye` or end of input; 2 usage error; 3 the DUT
 * cannot be loaded, or an I/O error (the client went away).
 */
#define _GNU_SOURCE /* getopt_long */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/dutload.h"
#include "../refdut/refdut.h"
#include "proc.h"
#include "rio/version.h"

static const char usage[] =
    "Usage: riocheck-shim [--dut PATH.so]\n"
    "       riocheck-shim --version\n"
    "\n"
    "Serve a device under test over the riocheck DUT protocol\n"
    "(" RC_PROC_PROTOCOL " 1, docs/dut-protocol.md) on stdin and stdout:\n"
    "the built-in reference implementation, or with --dut a vendor shared\n"
    "library exporting riocheck_dut_v2() (harness/include/riocheck/dut.h).\n"
    "riocheck runs it with `riocheck run --dut-cmd`; a person can type to it:\n"
    "\n"
    "  $ riocheck-shim\n"
    "  hello " RC_PROC_PROTOCOL " 1\n"
    "  create 1 gen rev=3 format=64 ports=4\n"
    "  step 1 csr port=0 value=0x00800020\n"
    "  bye\n"
    "\n"
    "Anything the DUT library prints on stdout goes to stderr.\n"
    "Exit status: 0 after bye or end of input, 2 usage error, 3 the DUT\n"
    "cannot be loaded or an I/O error.\n";

/* Load a vendor DUT (version 1 or 2); NULL after a message. The library
 * stays loaded until main unloads it (*lib) after the last request, so its
 * destructors run (a --coverage library writes its data then). */
static const struct rc_dut *load_dut(const char *path, struct rc_dut_lib **lib)
{
    char err[512];
    const struct rc_dut *dut = rc_dut_load(path, lib, err, sizeof err);
    if (dut == NULL)
        fprintf(stderr, "riocheck-shim: --dut %s: %s\n", path, err);
    return dut;
}

int main(int argc, char **argv)
{
    const char *dut_path = NULL;
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {"dut", required_argument, NULL, 'd'},
        {NULL, 0, NULL, 0},
    };
    opterr = 0;
    for (;;) {
        int c = getopt_long(argc, argv, ":h", longopts, NULL);
        if (c == -1)
            break;
        switch (c) {
        case 'h':
            fputs(usage, stdout);
            return 0;
        case 'V':
            puts("riocheck-shim " RIO_VERSION); /* the one version: rio/version.h */
            return 0;
        case 'd':
            if (dut_path != NULL) {
                fputs("riocheck-shim: --dut given twice\n", stderr);
                return 2;
            }
            dut_path = optarg;
            break;
        case ':':
            fprintf(stderr, "riocheck-shim: option '%s' needs a value (see riocheck-shim "
                            "--help)\n", argv[optind - 1]);
            return 2;
        default:
            fprintf(stderr, "riocheck-shim: unknown option '%s' (see riocheck-shim "
                            "--help)\n", argv[optind - 1]);
            return 2;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "riocheck-shim: unexpected argument '%s' (see riocheck-shim "
                        "--help)\n", argv[optind]);
        return 2;
    }
    /* the client going away is an I/O error, not a signal */
    signal(SIGPIPE, SIG_IGN);
    int proto_fd = dup(1);
    FILE *out = proto_fd >= 0 ? fdopen(proto_fd, "w") : NULL;
    if (out == NULL || dup2(2, 1) < 0) {
        perror("riocheck-shim: cannot set up stdout");
        return 3;
    }
    static char obuf[1 << 16];
    setvbuf(out, obuf, _IOFBF, sizeof obuf);
    struct rc_dut_lib *lib = NULL;
    const struct rc_dut *dut = dut_path ? load_dut(dut_path, &lib) : rc_refdut();
    if (dut == NULL) {
        rc_dut_unload(lib);
        return 3;
    }
    int rc = rc_shim_serve(dut, stdin, out);
    if (fclose(out) != 0)
        rc = -1;
    rc_dut_unload(lib);
    return rc == 0 ? 0 : 3;
}
