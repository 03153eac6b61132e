/* SPDX-License-Identifier: Apache-2.0 */
/*
 * rio/version.h - the one version number of riocheck.
 *
 * RIO_VERSION is the version of the reference library (librio) and of every
 * program and report built with it: `riocheck --version` and `--help`,
 * `riocheck-shim --version`, the built-in reference DUT's version, and the
 * "tool" of results.json, results.xml and compliance.md all come from this
 * one define. Change it here and nowhere else (escape_test.sh checks that
 * they agree).
 *
 * rio_version() returns the same string from the library: a program that
 * loads librio.so at run time can compare it with the RIO_VERSION it was
 * compiled with.
 */
#ifndef RIO_VERSION_H
#define RIO_VERSION_H

#define RIO_VERSION "0.3"

/* RIO_VERSION as compiled into the library ("MAJOR.MINOR"). */
const char *rio_version(void);

#endif
