/* SPDX-License-Identifier: Apache-2.0 */
/*
 * outdir.h - the output folder of `riocheck run` (--out OUT): one run at a
 * time, results kept as a journal while the run goes, and the report set
 * replaced as a whole when it completes.
 *
 * The report set of OUT is
 *   run-status     first line "complete" or "interrupted", then
 *                  "key: value" lines (pid, started, finished, vectors,
 *                  reason) and '#' comment lines
 *   results.tsv    one row per vector
 *   results.json, results.xml, compliance.md, compliance.html
 *   interpretations.md, interpretations.html
 *                  a copy of the run's ROOT/docs/interpretations.md and its
 *                  HTML rendering (rc_write_interp_html), which the
 *                  compliance reports link to; left out, without failing
 *                  the run, when that file cannot be read (the reports say so)
 *   repro/         the reproducers of the failing vectors
 * (the files given elsewhere with --results, --json, --junit, --markdown,
 * --html, --repro-dir are not part of it: each of those is replaced on its
 * own, by a rename, when the run completes).
 *
 * What a reader of OUT can rely on:
 *   - run-status says "complete": every file of the set present in OUT is
 *     from the one run run-status names, and that run completed. The set
 *     is swapped in by renames from a staging folder, run-status last (and
 *     taken out first), so no moment shows a set said complete that mixes
 *     two runs.
 *   - run-status says "interrupted": the run it names has not completed -
 *     it is still running (OUT/.riocheck.lock is locked), or it was killed,
 *     stopped or failed (a "reason:" line says why when riocheck could
 *     tell: a signal, a write error). results.tsv is then its journal: a
 *     first line "# interrupted: ..." and one row per vector it finished,
 *     written as each vector finished (rc_journal: whole rows, survives
 *     kill -9); repro/ holds the reproducers written so far; no
 *     results.json, results.xml or compliance.md.
 *   - the last complete set is kept whole in OUT/previous/ (with its own
 *     run-status) from the moment a new run starts until that run
 *     completes; a complete run removes previous/. A run that fails to
 *     write (a full disk: ENOSPC on a write, a flush, a close or a rename)
 *     names the file and the reason, and leaves previous/ as it was (or,
 *     when the run could not even start, the set in OUT as it was).
 *   - one run at a time: a run holds an exclusive flock(2) on
 *     OUT/.riocheck.lock (which holds its pid) from before it loads
 *     anything (rc_outdir_lock) until it ends; a second run fails at
 *     once, naming the first one's pid. The lock is advisory: it keeps
 *     riocheck runs apart, not other programs. Only OUT is locked, not
 *     files given elsewhere.
 *   - nothing is written through a symbolic link planted in OUT: files are
 *     created with O_CREAT | O_EXCL | O_NOFOLLOW in a staging folder of the
 *     run's own (OUT/.riocheck-stage.PID, removed at the end; a later run
 *     removes one left by kill -9) or in repro/, a folder the run created.
 * Files and folders in OUT that are not part of the set are left alone
 * (make run keeps run.tap and selfcheck.md there).
 *
 * SIGTERM, SIGINT and SIGHUP, while a run holds OUT (rc_outdir_begin to
 * rc_outdir_end), rewrite run-status as interrupted with the signal as the
 * reason, then end the process by that signal as if unhandled (one that
 * was ignored when the run began - nohup, a background job - stays
 * ignored). While the
 * final set is written and swapped in (rc_outdir_finish) they are blocked,
 * so the swap is never cut short by them.
 *
 * Errors are returned as text, "what: why" naming the file; nothing here
 * prints. RIOCHECK_TEST_FULL=NAME[,NAME...] (a test hook) gives each
 * file of that name (results.tsv, results.json, results.xml,
 * compliance.md, compliance.html, interpretations.md, interpretations.html,
 * run-status; "repro" for every reproducer) /dev/full as its
 * descriptor once it is created, so its writes fail with a real ENOSPC.
 */
#ifndef RC_OUTDIR_H
#define RC_OUTDIR_H

#include <stddef.h>
#include <stdio.h>

#include "../core/results.h"
#include "report.h"

#define RC_OUT_PATH_MAX 4096u /* bytes of any output path, with its NUL */
#define RC_OUT_INTERP_MAX (8u << 20) /* bytes of docs/interpretations.md copied */

/* The outputs of the set, in this order everywhere. */
enum rc_out_file {
    RC_OUT_TSV = 0,
    RC_OUT_JSON,
    RC_OUT_XML,
    RC_OUT_MD,
    RC_OUT_HTML,
    RC_OUT_FILES
};

struct rc_outdir {
    int locked;                     /* rc_outdir_lock and not ended */
    int active;                     /* begun and not ended */
    int complete;                   /* rc_outdir_finish swapped the set in */
    int dirfd, lockfd, stagefd;     /* OUT, its lock file, the staging folder */
    char dir[RC_OUT_PATH_MAX];      /* OUT as given */
    char stage[64];                 /* the staging folder's name in OUT */
    char path[RC_OUT_FILES][RC_OUT_PATH_MAX]; /* where each output goes */
    int loose[RC_OUT_FILES];        /* given elsewhere: not part of the set */
    char repro[RC_OUT_PATH_MAX];    /* where reproducers go */
    int repro_in_set;               /* repro is OUT/repro */
    struct rc_journal journal;      /* OUT/results.tsv while the run goes */
    char started[32];               /* ISO 8601 UTC */
    size_t vectors;                 /* selected */
    int reason_given;               /* run-status has a reason line */
    int err;                        /* first write error of an output, 0 */
    char err_path[RC_OUT_PATH_MAX]; /* ... its file */
};

/* Check the output options before anything runs: out (--out, a folder),
 * files[k] (--results, --json, --junit, --markdown, --html; NULL when not given)
 * and repro (--repro-dir; NULL when not given). A folder must not be empty
 * text, must be a folder when it exists, and its nearest existing parent
 * must be a folder; a file must not be empty text or end in '/', must not
 * be a folder, and its folder must exist. Paths are limited to
 * RC_OUT_PATH_MAX - 64 bytes. (No NUL can be inside a path: they come from
 * C strings.) 0, or -1 with "--option PATH: why" in err: a usage error. */
int rc_outdir_check(const char *out, const char *const files[RC_OUT_FILES],
                    const char *repro, char *err, size_t cap);

/* Lock OUT (created like mkdir -p when missing) before anything else is
 * done, so that a second run fails at once, before it loads anything:
 * "another riocheck run is writing OUT (pid N); ...". Nothing else in OUT
 * is touched. 0, or -1 with "what: why" in err (od is then not locked).
 * rc_outdir_end releases the lock. */
int rc_outdir_lock(struct rc_outdir *od, const char *out, char *err, size_t cap);

/* Take OUT for a run of `vectors` vectors (od zeroed, or locked by
 * rc_outdir_lock; out is used only to lock it when it is not): remove what a killed run
 * left, create the staging folder, the journal and repro/, then move the
 * set in OUT out of the way (a complete set to previous/, an interrupted
 * one away) and put the new run's in: run-status "interrupted",
 * results.tsv the journal, repro/ empty. files and repro as for
 * rc_outdir_check (NULL: the set's own). Nothing in OUT is changed
 * before every file the swap needs was created, so a full disk leaves it
 * as it was. 0, or -1 with "what: why" in err; od is then not active (but
 * still locked: call rc_outdir_end). */
int rc_outdir_begin(struct rc_outdir *od, const char *out,
                    const char *const files[RC_OUT_FILES], const char *repro,
                    size_t vectors, char *err, size_t cap);

/* The stream to format the next results.tsv row into (one line ending in
 * '\n'), then rc_outdir_row_done() appends it to the journal. 0, or -1
 * with "cannot write OUT/results.tsv: why" in err when the journal failed
 * now (it then stops at its last whole row; stop formatting rows). */
FILE *rc_outdir_row(struct rc_outdir *od);
int rc_outdir_row_done(struct rc_outdir *od, char *err, size_t cap);

/* Where output k goes, and the folder for reproducers. */
const char *rc_outdir_path(const struct rc_outdir *od, enum rc_out_file k);
const char *rc_outdir_repro(const struct rc_outdir *od);

/* Create a new file at path for writing, never through what is there: an
 * existing entry that is not a folder (a file, a planted symlink) is
 * removed first, then the file is opened with O_CREAT | O_EXCL |
 * O_NOFOLLOW (so a symlink planted in between is an error, EEXIST).
 * NULL with errno set. What is written goes to memory until
 * rc_outdir_close_file() writes it to the file and closes both: 0, or -1
 * with errno set (that of the failed write: ENOSPC, not a stdio EIO). At
 * most 4 such files are open at once (EMFILE). A failure of either, while a run holds an output
 * folder, is also kept as that run's first write error (rc_outdir_finish
 * then refuses to complete the set). For reproducers. */
FILE *rc_outdir_create_file(const char *path);
int rc_outdir_close_file(FILE *f, const char *path);

/* Complete the run: write results.tsv (the journal's rows), results.json,
 * results.xml, compliance.md and compliance.html (report.h writers with
 * info, cat, rows, n, o), the copy of info->root's docs/interpretations.md
 * and interpretations.html (only when that file can be read; at most
 * RC_OUT_INTERP_MAX bytes), and run-status "complete" into the staging folder (or beside
 * their own paths when given elsewhere), fsync them, then rename the
 * loose ones into place and swap the set into OUT, run-status last, and
 * remove previous/. On any failure (an earlier write error of the journal
 * or of a reproducer included) nothing is swapped: run-status stays
 * interrupted, with the failure as the reason, previous/ stays, and err
 * says "cannot write FILE: why" (or "cannot replace FILE: why"). 0 or -1. */
int rc_outdir_finish(struct rc_outdir *od, const struct rc_run_info *info,
                     const struct rc_catalogue *cat, const struct rc_result_row *rows,
                     size_t n, const struct rc_report_opts *o, char *err, size_t cap);

/* Release OUT (always, after rc_outdir_lock or rc_outdir_begin or neither;
 * od must have been zeroed or locked): when the run did not complete, run-status keeps
 * "interrupted" and gets reason (NULL: none) unless it has one already
 * (rc_outdir_finish's) - the journal stays; the
 * staging folder is removed, the lock released, the signal handlers put
 * back. */
void rc_outdir_end(struct rc_outdir *od, const char *reason);

#endif
