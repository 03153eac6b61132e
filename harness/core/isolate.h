/*
 * isolate.h - run conformance vectors against a DUT so that a DUT that
 * crashes, aborts, hangs, exits or corrupts its result costs only the vector
 * in progress.
 *
 * rc_run_isolated() forks one worker process that plays the vectors in order
 * with rc_run_vector() and streams each result back to the parent over a
 * pipe, one fixed-size binary record per vector (or, with per_worker, a fresh
 * worker for every per_worker vectors: 1 = a process per vector, so that
 * nothing a DUT keeps in its process - global state, memory it corrupted
 * without crashing - carries over to the next vector). The parent waits for each
 * record with poll() and a per-vector time limit, and hands every result to
 * the caller's on_result callback as soon as it arrives (so results already
 * measured are never lost, whatever happens next). When the worker dies
 * (signal, exit, end of the pipe), stops answering within the limit (the
 * parent kills it with SIGKILL) or writes a record that fails validation, the
 * vector in progress gets verdict RC_V_ERROR with one of these details
 *
 *     the DUT crashed: signal 11 (Segmentation fault)
 *     the DUT crashed: it exited with status 1 in the middle of the vector
 *     the DUT exited with status 0 in the middle of the vector
 *     the DUT hung: no verdict after 200 ms
 *     the DUT hung: no verdict after 20000 ms (sweep: 100 x 200 ms)
 *     the DUT wrote a malformed result (bad checksum)
 *     the DUT broke the worker's result pipe (closed or redirected its file
 *       descriptor)
 *     the DUT hung: it closed the result pipe and did not exit within 200 ms
 *     riocheck lost the worker process: <strerror of a failed poll/read>
 *     the DUT's worker process ended (its exit status was lost)
 *
 * (line = the vector record's line, vec_record.line; expected and actual empty; the malformed-result
 * causes are: bad magic number, bad checksum, out of order, unknown verdict,
 * unterminated text, bad time), and a new worker is forked for the vectors
 * after it. When nothing goes wrong there is exactly one fork for the whole
 * run (per_worker 0), or one per per_worker vectors. Sanitizer builds: ASan catches SIGSEGV itself, prints its report on
 * stderr and exits with status 1, so under ASan a segmentation fault is
 * reported as "the DUT crashed: it exited with status 1 ..."; any non-zero
 * exit before the vector's result is counted as a crash.
 *
 * The worker process:
 *   - inherits everything (the loaded DUT library, the vectors, the signal
 *     dispositions); it runs only rc_run_vector() and writes to the pipe;
 *   - has its stdout redirected to the parent's stderr (unbuffered), so
 *     vendor debug output stays visible but never interleaves with the TAP
 *     or other results the parent writes on stdout; stderr is kept as is;
 *   - ignores SIGPIPE and ends (_exit) when the pipe is gone; on Linux it is
 *     also killed when the parent dies (PR_SET_PDEATHSIG);
 *   - ends with _exit(), so it never flushes stdio buffers or runs atexit
 *     handlers; the parent calls fflush(NULL) before every fork so that a DUT
 *     calling exit() cannot write the parent's buffered output a second time.
 *
 * The parent never blocks without a bound while a time limit is set: every
 * read is preceded by poll() with the time left, and every worker it forks is
 * reaped (waitpid) before the function returns, so no zombie is left. A
 * worker that has closed its pipe but not exited within the time limit is
 * killed with SIGKILL. The DUT's own child processes, if it makes any, are not
 * riocheck's: they are neither waited for nor killed.
 *
 * If SIGCHLD is ignored (SIG_IGN or SA_NOCLDWAIT, which would let the kernel
 * discard the worker's exit status), it is set to SIG_DFL for the duration
 * of the call and restored before returning (the worker restores it for the
 * DUT). Not thread-safe: call from one thread; the caller must not reap
 * children with waitpid(-1, ...) from a signal handler meanwhile.
 */
#ifndef RC_ISOLATE_H
#define RC_ISOLATE_H

#include <stddef.h>

#include "run.h"

/* A sweep record (vec_record.sweep, e.g. the 117M CS64 decodes, ~5 s for the
 * reference built with -O2) gets RC_ISOLATE_SWEEP_FACTOR times the per-vector
 * limit: with the suggested 10 s limit, 1000 s, so a DUT 200 times slower
 * than the reference still finishes the full sweep. */
#define RC_ISOLATE_SWEEP_FACTOR 100u

/* A suggested per-vector limit for callers (riocheck run --timeout-ms). The
 * slowest non-sweep vector of the suite takes a few milliseconds. */
#define RC_ISOLATE_DEFAULT_TIMEOUT_MS 10000u

/* Called once per vector, in index order, in the calling process: i is the
 * index into recs, res the result (valid during the call only; the callback
 * may copy it), seconds the wall time of the vector (for a vector that ended
 * the worker: from the previous result to the moment the parent noticed). */
typedef void (*rc_result_fn)(void *ctx, size_t i, const struct rc_vec_result *res,
                             double seconds);

/*
 * Play recs[0..n) against dut, each in a worker process as described above,
 * and call on_result for every one of them, in order, as soon as its result
 * is known.
 *   opts:       passed to rc_run_vector (may be NULL).
 *   timeout_ms: the time limit of one vector, from the previous vector's
 *               result (or the worker's start) to its own; a sweep record
 *               gets RC_ISOLATE_SWEEP_FACTOR times as much. 0: no limit (a
 *               hanging DUT then hangs the run; for debugging only).
 *   per_worker: at most this many vectors per worker process; 0: no limit
 *               (one worker until something goes wrong).
 * Returns the number of worker processes forked (1 when no vector crashed,
 * hung, exited or wrote a malformed result and per_worker is 0 or >= n;
 * ceil(n / per_worker) when nothing went wrong; 0 when n is 0), or -1:
 *   - before anything ran, when dut, on_result or an element of recs is NULL
 *     (errno EINVAL; on_result is not called);
 *   - when pipe() or fork() failed (errno from it): every vector from the one
 *     that could not be started on has still been given to on_result, as
 *     RC_V_ERROR "riocheck could not start a worker process: <reason>".
 */
int rc_run_isolated(const struct rc_dut *dut, const struct vec_record *const *recs,
                    size_t n, const struct rc_run_opts *opts, unsigned timeout_ms,
                    size_t per_worker, rc_result_fn on_result, void *ctx);

/*
 * The same run without isolation, in the calling process (riocheck run
 * --no-isolation, for debugging the DUT under gdb or valgrind): a crash ends
 * the run, a hang hangs it. Returns 0, or -1 (errno EINVAL) when dut,
 * on_result or an element of recs is NULL (nothing is run).
 */
int rc_run_in_process(const struct rc_dut *dut, const struct vec_record *const *recs,
                      size_t n, const struct rc_run_opts *opts, rc_result_fn on_result,
                      void *ctx);

#endif
