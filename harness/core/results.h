/* SPDX-License-Identifier: Apache-2.0 */
/*
 * results.h - the results of one conformance run, as the report writers,
 * the waiver logic and the runner share them, and the journal that keeps
 * them on disk as the run goes (results.tsv).
 */
#ifndef RC_RESULTS_H
#define RC_RESULTS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "run.h"
#include "suite.h"

struct rc_result_row {
    const struct vec_record *rec;  /* the vector (file, line, id, rules, cite) */
    struct rc_vec_result res;      /* verdict, detail, expected, actual */
    const char *suite;             /* the suite its file belongs to, or NULL */
    const char *waiver;            /* FAIL/ERROR turned WAIVED: the reason */
    double seconds;                /* wall time of the vector */
};

struct rc_run_info {
    const char *tool_version;      /* "riocheck 0.3" */
    const char *suite_version;     /* version of the vector set */
    char vector_hash[17];          /* FNV-1a 64 of every vector file, hex */
    const struct rc_dut *dut;      /* identity and profile */
    const char *dut_source;        /* "built-in reference", a .so path, or a command */
    uint64_t seed;                 /* order of the run (0 = file order) */
    uint32_t sweep_stride;
    const char *started;           /* ISO 8601 UTC */
    double seconds;
    const char *command_line;      /* how to rerun the whole run */
    const char *root;              /* --root */
    /* provenance (issue 12): what a customer can recompute or check.
     * Empty strings / NULL when unknown; the writers print "unknown". */
    char dut_sha256[65];           /* SHA-256 (hex) of the --dut library
                                      file or the --dut-cmd program file;
                                      "" for the built-in reference */
    const char *dut_hashed;        /* the file that was hashed, or NULL */
    char vectors_sha256[65];       /* SHA-256 (hex) of the vector set, by the
                                      recipe in docs/provenance.md */
    const char *commit;            /* riocheck git commit it was built from */
    const char *host;              /* uname: nodename sysname release machine */
    const char *compiler;          /* the compiler that built riocheck */
    /* the sha256sum listing vectors_sha256 hashes (docs/provenance.md):
     * the vector files in load order, named relative to vectors_dir */
    const char *const *vector_files;
    size_t nvector_files;
    const char *vectors_dir;       /* --root, or "." (the folder riocheck
                                      ran in) when a file is not under it */
};

/* Interpretation ids (I-XXX-n) named in a vector's cite line, for the
 * compliance summary ("every documented interpretation that applied").
 * Writes up to cap pointers into the cite text's copies in dst; returns the
 * number found. */
size_t rc_cite_interpretations(char dst[][16], size_t cap, const char *cite);


/* ---- the results journal ------------------------------------------------- */

/*
 * results.tsv as the run goes: a file that holds every row of the vectors
 * finished so far, whatever happens to the process. The caller formats one
 * row into rc_journal_row() (a memory stream) and rc_journal_commit()
 * appends it to the file with one write(), so the file always ends at a
 * row boundary: a SIGTERM or SIGINT handler runs between two write()s, and
 * only kill -9 or a full disk in the middle of one (a row longer than the
 * kernel writes at once) can leave a last line without its newline, which
 * a reader drops. Rows are not fsync'd: the journal survives the process,
 * not a power cut.
 *
 * A write that fails (ENOSPC, EIO, EFBIG) stops the journal: the file is
 * cut back to its last whole row, the error is kept in err and every later
 * commit returns -1 without writing.
 */
struct rc_journal {
    int fd;          /* the journal file, -1 when none */
    FILE *row;       /* the row being formatted (open_memstream) */
    char *buf;       /* its buffer */
    size_t buflen;
    long long head;  /* bytes of the header line */
    long long good;  /* bytes of the file that are the header and whole rows */
    long long rows;  /* rows committed */
    int err;         /* errno of the first failed write, 0 */
};

/* Start a journal on fd (an empty file open for writing and reading; the
 * journal owns it from now on): writes header, a line of its own that must
 * start with '#' and end with '\n'. 0, or -1 with errno set (j->fd is then
 * closed). */
int rc_journal_init(struct rc_journal *j, int fd, const char *header);
/* The stream to format the next row into (one line ending in '\n'). */
FILE *rc_journal_row(struct rc_journal *j);
/* Append the formatted row to the file. 0, or -1 with errno set (and kept
 * in j->err) when this or an earlier write failed; -1 also when the row
 * could not be formatted (ENOMEM) - that row alone is lost. */
int rc_journal_commit(struct rc_journal *j);
/* Write the rows (the file without its header line) to out. 0, or -1 with
 * errno set (a read error of the journal, or a write error of out). */
int rc_journal_copy_rows(const struct rc_journal *j, FILE *out);
/* Close the file and free the row buffer (the file itself stays). */
void rc_journal_close(struct rc_journal *j);

#endif
