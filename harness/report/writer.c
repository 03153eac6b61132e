/* SPDX-License-Identifier: Apache-2.0 */
/* What the document writers share (writer.h). */
#include "writer.h"

#include <stdlib.h>

int rc_writer_start(const struct rc_run_info **info, const struct rc_catalogue **cat,
                    const struct rc_result_row *rows, size_t *n, struct rc_rollups *ro)
{
    static const struct rc_run_info no_info;
    static const struct rc_catalogue no_cat;
    if (*info == NULL)
        *info = &no_info;
    if (*cat == NULL)
        *cat = &no_cat;
    if (rows == NULL)
        *n = 0;
    const struct rc_dut *dut = (*info)->dut;
    return rc_rollups_build_for(ro, *cat, rows, *n, dut ? &dut->profile : NULL) != 0 ? -1 : 0;
}

void rc_writer_revs(FILE *f, uint32_t mask, const char *part)
{
    int any = 0;
    if (mask & (1u << 2))
        fprintf(f, "%s rev 2.0-2.2", part), any = 1;
    if (mask & (1u << 3))
        fprintf(f, "%s%s rev 3.0-4.1", any ? ", " : "", part), any = 1;
    if (!any)
        fputs("not implemented", f);
}

void rc_writer_anchor(char *dst, size_t cap, const char *id)
{
    if (cap == 0)
        return;
    size_t k = 0;
    for (; id[k] != '\0' && k < cap - 1; k++)
        dst[k] = (id[k] >= 'A' && id[k] <= 'Z') ? (char)(id[k] - 'A' + 'a') : id[k];
    dst[k] = '\0';
}

int rc_write_waiver_section(FILE *f, const struct rc_waiver_layout *l,
                            const struct rc_waivers *w, const struct rc_result_row *rows,
                            size_t n)
{
    fputs(l->head, f);
    if (w == NULL) {
        fputs(l->no_file, f);
        return 0;
    }
    size_t *stale = calloc(w->n ? w->n : 1, sizeof *stale);
    if (stale == NULL)
        return -1;
    size_t nstale = rc_waivers_stale(w, rows, n, stale, w->n);
    size_t used = 0;
    for (size_t i = 0; i < w->n; i++)
        used += rc_waiver_uses(w, i, rows, n) > 0;
    fputs(l->used_head, f);
    if (used == 0) {
        fputs(l->used_none, f);
    } else {
        fputs(l->used_open, f);
        for (size_t i = 0; i < w->n; i++) {
            size_t uses = rc_waiver_uses(w, i, rows, n);
            if (uses > 0)
                l->row(f, &w->w[i], uses, 1);
        }
        fputs(l->used_close, f);
    }
    fputs(l->stale_head, f);
    if (nstale == 0) {
        fputs(l->stale_none, f);
    } else {
        fputs(l->stale_open, f);
        for (size_t k = 0; k < nstale && k < w->n; k++)
            l->row(f, &w->w[stale[k]], 0, 0);
        fputs(l->stale_close, f);
    }
    free(stale);
    fputs(l->tail, f);
    return 0;
}
