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
 * stays loaded until exit. */
static const struct rc_dut *load_dut(const char *path)
{
    char err[512];
    struct rc_dut_lib *lib = NULL;
    const struct rc_dut *dut = rc_dut_load(path, &lib, err, sizeof err);
    if (dut == NULL)
        fprintf(stderr, "riocheck-shim: --dut %s: %s\n", path, err);
    return dut;
}

int main(int argc, char **argv)
{
    const char *dut_path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(usage, stdout);
            return 0;
        }
        if (strcmp(argv[i], "--version") == 0) {
            puts("riocheck-shim " RIO_VERSION); /* the one version: rio/version.h */
            return 0;
        }
        if (strcmp(argv[i], "--dut") == 0 && i + 1 < argc && dut_path == NULL) {
            dut_path = argv[++i];
            continue;
        }
        fprintf(stderr, "riocheck-shim: unknown option or missing value: '%s' (see "
                        "riocheck-shim --help)\n", argv[i]);
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
    const struct rc_dut *dut = dut_path ? load_dut(dut_path) : rc_refdut();
    if (dut == NULL)
        return 3;
    int rc = rc_shim_serve(dut, stdin, out);
    if (fclose(out) != 0)
        rc = -1;
    return rc == 0 ? 0 : 3;
}
