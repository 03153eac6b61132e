/* SPDX-License-Identifier: Apache-2.0 */
/*
 * writer.h - what the document writers (json.c, markdown.c, html.c) share:
 * their common start, and the Waivers section of the compliance summary
 * (Markdown and HTML lay it out, this walks it once). Internal to
 * harness/report.
 */
#ifndef RC_REPORT_WRITER_H
#define RC_REPORT_WRITER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "report.h"

/* The writers' common start: a NULL *info or *cat reads as an empty one, a
 * NULL rows as none (*n = 0), and ro gets the rollups of the rows for the
 * DUT's profile (rc_rollups_build_for; free with rc_rollups_free). Returns
 * 0, or -1 (ro not built) when memory ran out. */
int rc_writer_start(const struct rc_run_info **info, const struct rc_catalogue **cat,
                    const struct rc_result_row *rows, size_t *n, struct rc_rollups *ro);

/* A revision mask (bit 2: rev 2.0-2.2, bit 3: rev 3.0-4.1) as text, each
 * revision named with part ("Part 12 rev 2.0-2.2, Part 12 rev 3.0-4.1"), or
 * "not implemented". */
void rc_writer_revs(FILE *f, uint32_t mask, const char *part);

/* The anchor of an interpretation id (its text in lower case) in dst, cut
 * to cap - 1 bytes. */
void rc_writer_anchor(char *dst, size_t cap, const char *id);

/* How one format lays out the Waivers section: its fixed texts, each
 * written as is where the comment says, and the row of one waiver. */
struct rc_waiver_layout {
    const char *head;        /* first */
    const char *no_file;     /* then, and nothing else, when no waiver file was given */
    const char *used_head;   /* "Waivers used" */
    const char *used_none;   /* ... when no waiver waived a vector */
    const char *used_open;   /* ... else before the rows of the used ones */
    const char *used_close;  /* ... and after them */
    const char *stale_head;  /* "Stale waivers" */
    const char *stale_none;  /* ... when no waiver is stale */
    const char *stale_open;  /* ... else before the rows of the stale ones */
    const char *stale_close; /* ... and after them */
    const char *tail;        /* last (not after no_file) */
    /* One waiver: pattern, file:line, the vectors it waived (with_uses:
     * in the used table only) and its reason. */
    void (*row)(FILE *f, const struct rc_waiver *e, size_t uses, int with_uses);
};

/* The advice above the stale waivers, in every format. */
#define RC_WAIVERS_STALE_ADVICE \
    "These waivers match no vector that failed in this run: the problem is fixed, or the " \
    "waiver names nothing that ran. Remove them."

/* The Waivers section of rows under the waivers w (NULL: no waiver file was
 * given): the waivers that waived a vector (rc_waiver_uses), in file order,
 * with how many; then the stale ones (rc_waivers_stale). Returns 0, or -1
 * when memory ran out (after the head: the caller's document is failed). */
int rc_write_waiver_section(FILE *f, const struct rc_waiver_layout *l,
                            const struct rc_waivers *w, const struct rc_result_row *rows,
                            size_t n);

#endif
