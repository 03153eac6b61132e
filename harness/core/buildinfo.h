/* SPDX-License-Identifier: Apache-2.0 */
/*
 * buildinfo.h - what riocheck was built from and with, for the provenance
 * of the reports (docs/provenance.md). buildinfo.c is the one translation
 * unit the Makefile gives the commit (-DRC_BUILD_COMMIT, from
 * harness/core/buildinfo.sh), so that a new commit recompiles that file
 * alone.
 */
#ifndef RC_BUILDINFO_H
#define RC_BUILDINFO_H

/* The git commit riocheck was built from: 40 hex digits, with "-dirty"
 * appended when the tracked files differed from it; "unknown" when it was
 * not built from a git checkout of riocheck (a release tarball) or built
 * without the Makefile. */
const char *rc_build_commit(void);
/* The compiler that built riocheck: "gcc 12.2.0" (gcc: "gcc " __VERSION__),
 * "Debian Clang 14.0.6" (clang: its __VERSION__), or "unknown". */
const char *rc_build_compiler(void);

#endif
