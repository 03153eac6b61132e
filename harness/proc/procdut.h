/* SPDX-License-Identifier: Apache-2.0 */
/*
 * procdut.h - a --dut-cmd device for callers other than the runner: the fuzz
 * targets (fuzz/diff.c, RIOCHECK_FUZZ_DUT_CMD). The runner (riocheck run
 * --dut-cmd) uses proc.h directly.
 *
 * A fuzz target differs from the runner in three ways, and this layer adds
 * exactly those to the client of proc.h:
 *   - its command comes from the environment, not from argv: the words of a
 *     command string (rc_procdut_words) or of a file with one argument per
 *     line (rc_procdut_argfile);
 *   - a fuzzing engine may fork the process that opened the DUT (the AFL++
 *     fork server, libFuzzer -fork): rc_procdut_open starts the program once
 *     to check it and learn its identity, then stops it; every process that
 *     calls the DUT starts its own on its first create (and after a loss), so
 *     no two processes ever share a DUT process or its pipes;
 *   - a lost DUT (it crashed, hung past the timeout, answered garbage,
 *     cannot be started again, or now describes itself differently) is a
 *     finding: every call that ends RC_LOST first calls the caller's `lost`
 *     function with one line saying why (rc_proc_last_error's text: what the
 *     process did and the request it was answering). A fuzz target aborts
 *     there, so the engine records the input; if `lost` returns, the call
 *     returns RC_LOST and the next create starts the program again.
 *
 * The DUT it returns is an ordinary version 2 rc_dut (riocheck/dut.h) with
 * step_many (rc_proc_step_many: repeats pipelined) and why_lost; its
 * identity and profile are those of the first handshake. Requests go out as
 * the runner's do, with two kinds of batching for a caller that cannot ask
 * for a batch itself (fuzz/diff.c compares every step and query one by
 * one): with RC_PROCDUT_PREFETCH_QUERIES the client sends the queries that
 * followed the last step ahead with each step (rc_proc_prefetch_queries,
 * proc.h), and when the caller's `ahead` function says more steps of the
 * same event follow, they are sent at once (rc_procdut_open). A caller that
 * queries the same state after some events and repeats others so pays
 * about one round trip per queried event and per 256 repeated ones.
 * Threading: one thread, like every DUT.
 */
#ifndef RC_PROCDUT_H
#define RC_PROCDUT_H

#include <stddef.h>
#include <stdint.h>

#include "proc.h"

/*
 * The words of cmd: split at runs of blanks (space, tab, CR, LF). No quoting
 * and no escapes: every other byte, quotes and backslashes included, is part
 * of a word (an argument holding a blank needs rc_procdut_argfile). Returns
 * 0 and a NULL-terminated *argv (one allocation: rc_procdut_free_words), or
 * -1 with a one-line reason in err (cap bytes, may be 0): NULL arguments, no
 * word at all, out of memory. what names the source in messages (e.g.
 * "RIOCHECK_FUZZ_DUT_CMD"; NULL: "the command").
 */
int rc_procdut_words(char ***argv, const char *cmd, const char *what, char *err, size_t cap);

/*
 * The arguments in text[0..len): one per line, taken as written (no
 * trimming, no quoting, no comments; a line "" is an empty argument); lines
 * end at LF, a CR ending a line (right before the LF, or at the end of the
 * text) is dropped, and the last line needs no LF. The first line is the
 * program. Errors (-1, the reason with "NAME:LINE: " in err; name may be
 * NULL for "<input>"): a NUL byte, a first line that is empty, no line at
 * all, NULL arguments, out of memory.
 * Otherwise as rc_procdut_words.
 */
int rc_procdut_lines(char ***argv, const char *text, size_t len, const char *name, char *err,
                     size_t cap);

/* rc_procdut_lines on the contents of the file path (at most 1 MiB).
 * Errors also: the file cannot be read ("PATH: strerror"), is too big. */
int rc_procdut_argfile(char ***argv, const char *path, char *err, size_t cap);

/* Free what rc_procdut_words / _lines / _argfile returned; NULL is fine. */
void rc_procdut_free_words(char **argv);

/* Called with why (one line) before a call returns RC_LOST; arg is
 * rc_procdut_open's. May abort or exit; if it returns, the call returns
 * RC_LOST. */
typedef void (*rc_procdut_lost_fn)(void *arg, const char *why);

/* How many more steps of the same event the caller will make right after
 * the one it is making now, with no other call on the instance in between
 * (0: none, or cannot tell). arg is rc_procdut_open's. A promise that does
 * not hold costs time, not correctness (see rc_procdut_open). */
typedef uint64_t (*rc_procdut_ahead_fn)(void *arg);

/* Flags of rc_procdut_open. */
#define RC_PROCDUT_PREFETCH_QUERIES 1u /* rc_proc_prefetch_queries on */

struct rc_procdut;

/*
 * Check that argv (copied) starts and completes the handshake within
 * RC_PROC_HANDSHAKE_FACTOR x timeout_ms (0: no limit; proc.h), take its
 * identity, and stop it again (`bye`). Returns 0 and *pd, or -1 with *pd =
 * NULL and rc_proc_open's reason in err (e.g. "cannot start 'x': No such
 * file or directory", "the DUT process exited with status 3 (to 'hello
 * ...')"). lost may be NULL (calls just return RC_LOST).
 *
 * Steps sent ahead: when ahead (may be NULL) says k more steps of the same
 * event follow, the step is sent with up to min(k, 255) copies behind it
 * (rc_proc_step_each: one round trip) and the copies' answers are kept for
 * the calls that follow. When the caller then does anything else on the
 * instance while copies it did not make were executed (a query, another
 * event, the same event after an answer that did not fit), the instance is
 * rebuilt: destroyed, created again with its configuration, and every step
 * the caller made is replayed (pipelined), so that it is in the state the
 * caller expects - which holds for a deterministic device, the premise of
 * differential fuzzing anyway (a device that refuses to create again is
 * lost). Queries are assumed to change nothing (dut.h).
 */
int rc_procdut_open(struct rc_procdut **pd, char *const argv[], unsigned timeout_ms,
                    unsigned flags, rc_procdut_lost_fn lost, rc_procdut_ahead_fn ahead,
                    void *arg, char *err, size_t cap);

/* The DUT (valid until rc_procdut_close; the same pointer for the whole
 * life of pd, whatever process serves it). NULL for a NULL pd. */
const struct rc_dut *rc_procdut_dut(struct rc_procdut *pd);

/* The counters of the client this process has open now (zeros if none),
 * and of the steps sent ahead (a may be NULL). */
struct rc_procdut_stats {
    uint64_t sent_ahead;  /* steps sent ahead */
    uint64_t taken_ahead; /* ... whose answers the caller took */
    uint64_t rebuilds;    /* instances rebuilt (steps ahead not made) */
};
void rc_procdut_stats(const struct rc_procdut *pd, struct rc_proc_stats *s,
                      struct rc_procdut_stats *a);

/* The process id of this process's DUT process, or -1 (tests). */
long rc_procdut_pid(const struct rc_procdut *pd);

/* Stop this process's DUT process (`bye`, then as rc_proc_close) and free
 * everything; instances not destroyed become invalid. A client opened by
 * another process (before a fork) is left alone. NULL is fine. */
void rc_procdut_close(struct rc_procdut *pd);

#endif
