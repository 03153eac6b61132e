/* SPDX-License-Identifier: Apache-2.0 */
/* The provenance of a run (provenance.h, docs/provenance.md). */
#include "provenance.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "buildinfo.h"

/* One listing line as GNU sha256sum writes it. */
static void listing_line(struct rc_sha256 *c, const char *name, const char *text, size_t len)
{
    uint8_t d[RC_SHA256_LEN];
    char hex[RC_SHA256_HEX_LEN];
    rc_sha256(d, text, len);
    rc_sha256_hex(hex, d);
    int escape = strpbrk(name, "\\\n\r") != NULL;
    if (escape)
        rc_sha256_update(c, "\\", 1);
    rc_sha256_update(c, hex, 64);
    rc_sha256_update(c, "  ", 2);
    for (const char *p = name; *p; p++) {
        const char *e = !escape      ? NULL
                        : *p == '\\' ? "\\\\"
                        : *p == '\n' ? "\\n"
                        : *p == '\r' ? "\\r" : NULL;
        if (e != NULL)
            rc_sha256_update(c, e, 2);
        else
            rc_sha256_update(c, p, 1);
    }
    rc_sha256_update(c, "\n", 1);
}

void rc_prov_listing_sha256(char out[RC_SHA256_HEX_LEN], const char *const *names,
                            const char *const *texts, const size_t *lens, size_t n)
{
    struct rc_sha256 c;
    uint8_t d[RC_SHA256_LEN];
    rc_sha256_init(&c);
    for (size_t i = 0; i < n; i++)
        listing_line(&c, names[i], texts[i], lens[i]);
    rc_sha256_final(&c, d);
    rc_sha256_hex(out, d);
}

const char *rc_prov_under_root(const char *file, const char *root)
{
    if (file == NULL || root == NULL)
        return NULL;
    size_t rl = strlen(root);
    while (rl > 1 && root[rl - 1] == '/')
        rl--;
    if (rl == 1 && root[0] == '/')
        rl = 0; /* "/": every absolute path */
    else if (rl == 0 || strncmp(file, root, rl) != 0 || file[rl] != '/')
        return NULL;
    const char *rest = file + rl;
    while (*rest == '/')
        rest++;
    return *rest != '\0' ? rest : NULL;
}

int rc_prov_which(char *dst, size_t cap, const char *prog, const char *path)
{
    if (prog == NULL || prog[0] == '\0' || cap == 0)
        return -1;
    if (strchr(prog, '/') != NULL) {
        if (strlen(prog) >= cap)
            return -1;
        memcpy(dst, prog, strlen(prog) + 1);
        return 0;
    }
    if (path == NULL)
        path = "/bin:/usr/bin";
    for (const char *p = path;; p++) {
        const char *end = strchr(p, ':');
        size_t dl = end ? (size_t)(end - p) : strlen(p);
        int w = dl == 0 ? snprintf(dst, cap, "%s", prog)
                        : snprintf(dst, cap, "%.*s/%s", (int)dl, p, prog);
        struct stat st;
        if (w > 0 && (size_t)w < cap && stat(dst, &st) == 0 && S_ISREG(st.st_mode) &&
            access(dst, X_OK) == 0)
            return 0;
        if (end == NULL)
            break;
        p = end;
    }
    dst[0] = '\0';
    return -1;
}

void rc_prov_host(char *dst, size_t cap)
{
    struct utsname u;
    if (uname(&u) != 0)
        snprintf(dst, cap, "unknown");
    else
        snprintf(dst, cap, "%s %s %s %s", u.nodename, u.sysname, u.release, u.machine);
}

/* The DUT file: --dut's library or --dut-cmd's program. */
static void dut_hash(struct rc_prov *pv, struct rc_run_info *info, const char *dut_path,
                     char *const *dut_cmd, char *warn, size_t cap)
{
    info->dut_sha256[0] = '\0';
    info->dut_hashed = NULL;
    if (dut_path == NULL && (dut_cmd == NULL || dut_cmd[0] == NULL))
        return; /* the built-in reference: riocheck's commit says it */
    char err[600];
    const char *what = dut_path ? "--dut" : "--dut-cmd";
    if (dut_path != NULL) {
        /* dutload.c opens a bare name as ./NAME (never the library path) */
        snprintf(pv->dut_file, sizeof pv->dut_file, "%s%s",
                 strchr(dut_path, '/') ? "" : "./", dut_path);
    } else if (rc_prov_which(pv->dut_file, sizeof pv->dut_file, dut_cmd[0],
                             getenv("PATH")) != 0) {
        snprintf(info->dut_sha256, sizeof info->dut_sha256, "unknown");
        snprintf(warn, cap, "%s %s: not found in PATH: its SHA-256 is reported as "
                 "unknown", what, dut_cmd[0]);
        return;
    }
    info->dut_hashed = pv->dut_file;
    if (rc_sha256_file(info->dut_sha256, pv->dut_file, err, sizeof err) != 0) {
        snprintf(info->dut_sha256, sizeof info->dut_sha256, "unknown");
        snprintf(warn, cap, "%s: cannot hash %s: its SHA-256 is reported as unknown",
                 what, err);
    }
}

int rc_prov_fill(struct rc_prov *pv, struct rc_run_info *info, const struct vec_set *set,
                 const char *root, const char *dut_path, char *const *dut_cmd, char *warn,
                 size_t cap)
{
    memset(pv, 0, sizeof *pv);
    if (cap > 0)
        warn[0] = '\0';
    info->commit = rc_build_commit();
    info->compiler = rc_build_compiler();
    rc_prov_host(pv->host, sizeof pv->host);
    info->host = pv->host;
    dut_hash(pv, info, dut_path, dut_cmd, warn, cap);

    pv->names = malloc((set->nfiles ? set->nfiles : 1) * sizeof *pv->names);
    if (pv->names == NULL)
        return -1;
    int all_under = 1;
    for (size_t f = 0; f < set->nfiles && all_under; f++)
        all_under = rc_prov_under_root(set->files[f], root) != NULL;
    for (size_t f = 0; f < set->nfiles; f++)
        pv->names[f] = all_under ? rc_prov_under_root(set->files[f], root) : set->files[f];
    rc_prov_listing_sha256(info->vectors_sha256, pv->names,
                           (const char *const *)set->texts, set->text_lens, set->nfiles);
    info->vector_files = pv->names;
    info->nvector_files = set->nfiles;
    info->vectors_dir = all_under ? root : ".";
    return 0;
}

void rc_prov_free(struct rc_prov *pv)
{
    free(pv->names);
    pv->names = NULL;
}
