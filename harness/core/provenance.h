/* SPDX-License-Identifier: Apache-2.0 */
/*
 * provenance.h - what a report says it tested, on what, built from what, in
 * a form a customer can check (docs/provenance.md): the SHA-256 of the DUT
 * file and of the vector set, riocheck's commit and compiler, the host.
 *
 * The vector set hash (vectors_sha256) is the SHA-256 of the listing
 * `sha256sum NAME...` prints for the vector files, in the order riocheck
 * loaded them, each NAME relative to DIR:
 *
 *     cd DIR && sha256sum NAME1 NAME2 ... | sha256sum
 *
 * computed over the bytes riocheck read (the same bytes as the FNV-1a
 * vector_hash, vec_set_hash), never a second read. A listing line is
 * "HEX  NAME\n" (two spaces: sha256sum's text mode); a NAME holding a
 * backslash, a line feed or a carriage return is written the way GNU
 * sha256sum 9 writes it: the line starts with '\' and those characters are
 * "\\", "\n", "\r". DIR is --root when every file lies under it (the names
 * then lose the "ROOT/" prefix: "vectors/p12/cs64.vec"), else "." - the
 * folder riocheck ran in - with every name as riocheck opened it.
 */
#ifndef RC_PROVENANCE_H
#define RC_PROVENANCE_H

#include <stddef.h>

#include "results.h"
#include "sha256.h"
#include "vec.h"

/* Storage for the strings rc_prov_fill points rc_run_info at; it must
 * outlive the info. */
struct rc_prov {
    char host[400];
    char dut_file[4096];         /* the file hashed */
    const char **names;          /* the listing's names (malloc'd array;
                                    the strings are the set's) */
};

/*
 * Fill info's provenance fields (results.h) for a run of set:
 *   - dut_sha256 / dut_hashed: the file dut_path (--dut), or the program
 *     dut_cmd[0] (--dut-cmd) found the way execvp finds it
 *     (rc_prov_which); both NULL: the built-in reference, "" and NULL. A
 *     file that cannot be found or read: dut_sha256 "unknown", and a
 *     warning in warn ("" when none) - the run goes on;
 *   - vectors_sha256, vector_files, nvector_files, vectors_dir: the
 *     recipe above (root as --root gave it);
 *   - commit and compiler (buildinfo.h), host (rc_prov_host).
 * 0, or -1 when memory ran out (the vector fields are then unset).
 */
int rc_prov_fill(struct rc_prov *pv, struct rc_run_info *info, const struct vec_set *set,
                 const char *root, const char *dut_path, char *const *dut_cmd, char *warn,
                 size_t cap);
void rc_prov_free(struct rc_prov *pv);

/* The SHA-256 (hex) of the sha256sum listing of n buffers texts[i] of
 * lens[i] bytes under names[i] (the recipe above). */
void rc_prov_listing_sha256(char out[RC_SHA256_HEX_LEN], const char *const *names,
                            const char *const *texts, const size_t *lens, size_t n);

/* The name of a vector file in the listing when DIR is root: file without
 * the "ROOT/" prefix (ROOT's trailing slashes and the slashes after it
 * ignored), or NULL when file does not lie under root. */
const char *rc_prov_under_root(const char *file, const char *root);

/* The program execvp(prog) would run: prog itself when it holds a '/';
 * else the first DIR/prog, DIR taken from path (PATH's value; an empty
 * entry is the current folder; NULL: "/bin:/usr/bin", glibc's default),
 * that is a regular file we may execute. 0 and the path in dst, or -1 (not
 * found, or too long for cap). */
int rc_prov_which(char *dst, size_t cap, const char *prog, const char *path);

/* "NODENAME SYSNAME RELEASE MACHINE" from uname(2), "unknown" when it
 * fails (the kernel's text as it is: the report writers escape it). */
void rc_prov_host(char *dst, size_t cap);

#endif
