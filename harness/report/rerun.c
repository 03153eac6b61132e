/* SPDX-License-Identifier: Apache-2.0 */
/* The rerun command of one vector, shared by every report that prints one
 * (report.h rc_rerun_command): built in one place so that compliance.md and
 * compliance.html always give the same command. */
#include "report.h"
#include "text.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* A shell word (text.h, RC_ESC_SH). */
static void sh_word(FILE *f, const char *s)
{
    rc_esc_put(f, RC_ESC_SH, s, (size_t)-1);
}

char *rc_rerun_command(const struct rc_run_info *info, const struct rc_report_opts *o,
                       const char *vector_id)
{
    static const struct rc_run_info no_info;
    char *buf = NULL;
    size_t len = 0;
    if (info == NULL)
        info = &no_info;
    FILE *m = open_memstream(&buf, &len);
    if (m == NULL)
        return NULL;
    const struct rc_rerun *rr = o != NULL ? o->rerun : NULL;
    if (rr != NULL) {
        sh_word(m, rr->program != NULL ? rr->program : "riocheck");
        fputs(" run", m);
        if (rr->data != NULL) {
            fputs(" --data ", m);
            sh_word(m, rr->data);
        }
        if (info->sweep_stride > 1)
            fprintf(m, " --sweep-stride %" PRIu32, info->sweep_stride);
        for (size_t i = 0; i < rr->nvector_files; i++) {
            fputs(" --vectors ", m);
            sh_word(m, rr->vector_files[i]);
        }
        fputs(" --vector ", m);
        sh_word(m, vector_id != NULL ? vector_id : "");
        if (rr->dut_path != NULL) {
            fputs(" --dut ", m);
            sh_word(m, rr->dut_path);
        } else if (rr->dut_cmd != NULL) {
            fputs(" --dut-cmd", m);
            for (char *const *p = rr->dut_cmd; *p != NULL; p++) {
                fputc(' ', m);
                sh_word(m, *p);
            }
        }
        if (fclose(m) != 0) {
            free(buf);
            return NULL;
        }
        return buf;
    }
    fputs("riocheck run", m);
    if (info->root != NULL && strcmp(info->root, ".") != 0) {
        fputs(" --root ", m);
        sh_word(m, info->root);
    }
    const char *src = info->dut_source;
    if (src != NULL && strcmp(src, "built-in reference") != 0) {
        fputc(' ', m);
        fputs(o != NULL && o->dut_option != NULL ? o->dut_option : "--dut", m);
        fputc(' ', m);
        sh_word(m, src);
    }
    if (info->sweep_stride > 1)
        fprintf(m, " --sweep-stride %" PRIu32, info->sweep_stride);
    fputs(" --vector ", m);
    sh_word(m, vector_id != NULL ? vector_id : "");
    if (fclose(m) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}
