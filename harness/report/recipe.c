/* SPDX-License-Identifier: Apache-2.0 */
/* The provenance recipes every report prints (report.h, rc_recipe_*;
 * docs/provenance.md): the shell commands that recompute the hashes. */
#include "report.h"
#include "text.h"

#include <stdlib.h>
#include <string.h>

const char *rc_prov_text(const char *s)
{
    return s != NULL && s[0] != '\0' ? s : "unknown";
}

int rc_recipe_dut(FILE *f, const struct rc_run_info *info)
{
    if (info == NULL || info->dut_hashed == NULL)
        return 0;
    fputs("sha256sum ", f);
    rc_esc_put(f, RC_ESC_SH, info->dut_hashed, (size_t)-1);
    return 1;
}

int rc_recipe_vectors(FILE *f, const struct rc_run_info *info)
{
    if (info == NULL || info->vectors_sha256[0] == '\0')
        return 0;
    if (info->nvector_files == 0 || info->vector_files == NULL) {
        fputs("printf '' | sha256sum", f); /* the empty listing */
        return 1;
    }
    if (info->vectors_dir != NULL && strcmp(info->vectors_dir, ".") != 0) {
        fputs("cd ", f);
        rc_esc_put(f, RC_ESC_SH, info->vectors_dir, (size_t)-1);
        fputs(" && ", f);
    }
    fputs("sha256sum", f);
    for (size_t i = 0; i < info->nvector_files; i++) {
        fputc(' ', f);
        rc_esc_put(f, RC_ESC_SH, info->vector_files[i], (size_t)-1);
    }
    fputs(" | sha256sum", f);
    return 1;
}

char *rc_recipe_str(int (*recipe)(FILE *, const struct rc_run_info *),
                    const struct rc_run_info *info)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (m == NULL)
        return NULL;
    int any = recipe(m, info);
    if (fclose(m) != 0 || !any) {
        free(buf);
        return NULL;
    }
    return buf;
}
