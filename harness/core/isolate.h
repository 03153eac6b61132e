/* SPDX-License-Identifier: Apache-2.0 */
/*
 * isolate.h - run conformance vectors against a DUT so that a DUT that
 * crashes, aborts, hangs, exits, forks, allocates without bound or corrupts
 * its result costs only the vector in progress.
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
 *     killed: CPU limit (the DUT used up its 10 s of CPU time for this
 *       vector, --limit-cpu)
 *     allocation failed / out of memory limit: the DUT had used 60 MB of its
 *       64 MB (--limit-mem) when it crashed: signal 6 (Aborted)
 *     the DUT wrote a malformed result (bad checksum)
 *     the DUT broke the worker's result pipe (closed or redirected its file
 *       descriptor)
 *     the DUT hung: it closed the result pipe and did not exit within 200 ms
 *     the DUT library failed to load in a new worker: <why, as
 *       rc_isolate_describe says it>
 *     the DUT described itself differently in a new worker (name, version,
 *       ABI version, profile or machines)
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
 * exit before the vector's result is counted as a crash. The memory detail
 * is given when the worker ended abnormally after its resident memory grew
 * by at least half its memory limit (the kernel does not say that an
 * allocation failed; the peak resident size from wait4 is the evidence).
 *
 * The DUT. A DUT linked into riocheck (the built-in reference, a test's fake)
 * is inherited by the worker as it is. A DUT library is loaded (dlopen, its
 * constructors, its entry function) ONLY in worker processes, never in the
 * calling process: rc_isolate_describe() runs one worker that loads it and
 * sends back its description (name, version, ABI version, profile, which
 * machines and optional operations it has), which the caller uses for
 * vector selection and reports (struct rc_dut_desc); every worker of the
 * run then loads the library again before its vectors and must describe it
 * identically.
 *
 * The worker process:
 *   - starts from a clean descriptor table: its result pipe (fd 3,
 *     close-on-exec), stdin from /dev/null, stdout and stderr both the
 *     caller's stderr (unbuffered), so vendor debug output stays visible but
 *     never interleaves with the TAP or other results the parent writes on
 *     stdout. Every other descriptor is closed (close_range), so a DUT
 *     cannot reach the caller's files (a results file open during the run).
 *     A caller's stderr that riocheck opened itself - close-on-exec, as
 *     every file riocheck opens, e.g. a results file that took the place of
 *     a closed standard descriptor - is never handed on: the DUT's output
 *     then goes to /dev/null;
 *   - runs in its own process group (setpgid), which the parent kills whole
 *     (SIGKILL) after every batch, whenever it gives up on a worker and
 *     when it is itself stopped by SIGHUP, SIGINT or SIGTERM, so
 *     the processes a DUT started die with it; a process that left the group
 *     (setsid) is caught on Linux because the caller is made a child
 *     subreaper for the duration of the call (PR_SET_CHILD_SUBREAPER): such
 *     processes are adopted by the caller when their parent dies and are
 *     killed and reaped after the batch (rc_orphans_sweep). Elsewhere they
 *     can escape (not a sandbox: docs/hostile-devices.md);
 *   - has resource limits (struct rc_limits, setrlimit) set before the DUT
 *     is loaded or called;
 *   - has the signal handlers the caller installed reset to SIG_DFL (those
 *     set to SIG_IGN stay ignored), no blocked signal, ignores SIGPIPE and
 *     ends (_exit) when the pipe is gone; on Linux it is also killed when
 *     the parent dies (PR_SET_PDEATHSIG);
 *   - ends with _exit(), so it never flushes stdio buffers or runs atexit
 *     handlers; the parent calls fflush(NULL) before every fork so that a DUT
 *     calling exit() cannot write the parent's buffered output a second time.
 *
 * The parent never blocks without a bound while a time limit is set: every
 * read is preceded by poll() with the time left, and every worker it forks is
 * reaped (waitpid) before the function returns, so no zombie is left. The end
 * of a worker is seen by waitid() as well as by the end of the pipe (polled
 * at least every ISO_POLL_MS, 50 ms), so a process the DUT started that keeps
 * the pipe open cannot hide a crash, with or without a time limit. A
 * worker that has closed its pipe but not exited within the time limit is
 * killed with SIGKILL.
 *
 * If SIGCHLD is ignored (SIG_IGN or SA_NOCLDWAIT, which would let the kernel
 * discard the worker's exit status), it is set to SIG_DFL for the duration
 * of the call and restored before returning (the worker restores it for the
 * DUT). Not thread-safe: call from one thread; the caller must not reap
 * children with waitpid(-1, ...) from a signal handler meanwhile, nor start
 * children of its own during the call (they could be taken for orphans of
 * the DUT).
 */
#ifndef RC_ISOLATE_H
#define RC_ISOLATE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "run.h"

/* A sweep record (vec_record.sweep, e.g. the 117M CS64 decodes, ~5 s for the
 * reference built with -O2) gets RC_ISOLATE_SWEEP_FACTOR times the per-vector
 * limit: with the suggested 10 s limit, 1000 s, so a DUT 200 times slower
 * than the reference still finishes the full sweep. */
#define RC_ISOLATE_SWEEP_FACTOR 100u

/* A suggested per-vector limit for callers (riocheck run --timeout-ms). The
 * slowest non-sweep vector of the suite takes a few milliseconds. */
#define RC_ISOLATE_DEFAULT_TIMEOUT_MS 10000u

/*
 * Resource limits of every worker process, set with setrlimit() in the
 * worker before the DUT is loaded or called (soft and hard limit alike, so
 * the DUT cannot raise them; a limit is never raised above the caller's own
 * hard limit). 0 = no limit.
 *   mem_mb: megabytes of data the DUT may map beyond what the worker holds
 *           when it starts: RLIMIT_DATA = the worker's VmData + mem_mb on
 *           Linux (an ASan build reserves terabytes of shadow memory at
 *           start-up, so an absolute limit, or RLIMIT_AS, would break it),
 *           mem_mb itself elsewhere. Allocations past it fail (malloc
 *           returns NULL; mmap and brk fail with ENOMEM).
 *   cpu_s:  CPU seconds a vector may use (a sweep RC_ISOLATE_SWEEP_FACTOR
 *           times as many), loading the library counting as a vector:
 *           before each vector the worker sets RLIMIT_CPU's soft limit to
 *           what it has used so far plus the vector's share (SIGXCPU past
 *           it), the hard limit (SIGKILL) is the whole batch's sum.
 *           RC_LIMIT_AUTO: the per-vector time limit rounded up to whole
 *           seconds (no CPU limit when that is 0).
 *   files:  RLIMIT_NOFILE (descriptors the worker may have open).
 *   procs:  processes and threads the DUT may start: RLIMIT_NPROC = the
 *           tasks of the caller's real user when the run starts + 1 (the
 *           worker) + procs (counted in /proc; where they cannot be
 *           counted, no process limit). The kernel counts every process
 *           of the user, and does not apply it to root (or
 *           CAP_SYS_RESOURCE).
 */
struct rc_limits {
    uint64_t mem_mb;
    uint64_t cpu_s;
    uint64_t files;
    uint64_t procs;
};
#define RC_LIMIT_AUTO UINT64_MAX
#define RC_LIMIT_DEFAULT_MEM_MB 4096u
#define RC_LIMIT_DEFAULT_FILES 256u
#define RC_LIMIT_DEFAULT_PROCS 64u
/* {RC_LIMIT_DEFAULT_MEM_MB, RC_LIMIT_AUTO, RC_LIMIT_DEFAULT_FILES,
 * RC_LIMIT_DEFAULT_PROCS} */
struct rc_limits rc_limits_default(void);

/* Called once per vector, in index order, in the calling process: i is the
 * index into recs, res the result (valid during the call only; the callback
 * may copy it), seconds the wall time of the vector (for a vector that ended
 * the worker: from the previous result to the moment the parent noticed). */
typedef void (*rc_result_fn)(void *ctx, size_t i, const struct rc_vec_result *res,
                             double seconds);

/* The longest name or version a DUT library may give (bytes, NUL not
 * counted), the limit of the external-process protocol (docs/dut-protocol.md). */
#define RC_DUT_TEXT_MAX 255u
#define RC_DUT_PATH_MAX 4096u

/*
 * What the calling process knows of a DUT library that only workers load.
 * dut is the view the caller uses like any DUT's description: abi_version,
 * name and version (pointing into this struct: the DUT's bytes verbatim, up
 * to RC_DUT_TEXT_MAX, any byte but NUL - escape them where they are
 * written), profile (policies included) as the DUT gave them; a machine's
 * create (and destroy, step, query), cs64_decode and (ABI version 2)
 * step_many, why_lost and why_notsup (only a DUT declaring RC_CAP_WHY_NOTSUP
 * has that field) are non-NULL exactly when the DUT has them. A reason for
 * RC_NOTSUP reaches the caller in the result's detail, which the worker
 * writes (rc_run_vector asks the DUT there). They
 * are placeholders, not the DUT: they answer RC_LOST (why_lost: "the DUT
 * runs only in riocheck's worker processes"), so rc_run_vector() on this
 * view gives ERROR, never a DUT's verdict. has and path are the module's.
 */
struct rc_dut_desc {
    struct rc_dut dut;
    char name[RC_DUT_TEXT_MAX + 1];
    char version[RC_DUT_TEXT_MAX + 1];
    uint32_t has; /* bit m: machine m; bits 16, 17, 18, 19: cs64_decode, step_many,
                     why_lost, why_notsup (read only with RC_CAP_WHY_NOTSUP) */
    char path[RC_DUT_PATH_MAX];
};

/*
 * Load the library at path in a worker process (with limits and, when
 * timeout_ms is not 0, that much time) and fill *desc from what it sends
 * back. Returns 0, or -1 with a one-line reason in err (cap bytes) that
 * says what happened and where, e.g.
 *     the library exited with status 0 while being loaded (in a
 *       constructor, or a library it needs)
 *     the library hung while being loaded: a constructor did not return
 *       within 10000 ms
 *     riocheck_dut_v2() crashed: signal 11 (Segmentation fault)
 *     the description riocheck_dut_v2() returned cannot be read: the worker
 *       crashed: signal 11 (Segmentation fault)
 *     the DUT's name is longer than 255 bytes
 *     <rc_dut_load's reasons: cannot be opened, no entry, NULL, ABI version>
 * The library is never loaded in the calling process. limits NULL: the
 * defaults.
 */
int rc_isolate_describe(struct rc_dut_desc *desc, const char *path, unsigned timeout_ms,
                        const struct rc_limits *limits, char *err, size_t cap);

/* An isolated run: the DUT (one of the two), the runner's options, the
 * limits. */
struct rc_isolate {
    const struct rc_dut *dut;      /* a DUT linked into this program, or NULL and: */
    const struct rc_dut_desc *lib; /* a library described by rc_isolate_describe */
    const struct rc_run_opts *opts; /* passed to rc_run_vector (may be NULL) */
    unsigned timeout_ms; /* see rc_run_isolated */
    size_t per_worker;   /* see rc_run_isolated */
    struct rc_limits limits;
};

/*
 * Play recs[0..n) against dut, each in a worker process as described above,
 * with the default limits, and call on_result for every one of them, in
 * order, as soon as its result is known.
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

/* The same with every setting in iso (exactly one of iso->dut and iso->lib;
 * EINVAL otherwise). Workers of a library load it before their first vector
 * (its load time does not count against that vector's time limit, but has a
 * limit of its own, timeout_ms). */
int rc_run_isolated_with(const struct rc_isolate *iso, const struct vec_record *const *recs,
                         size_t n, rc_result_fn on_result, void *ctx);

/*
 * The same run without isolation, in the calling process (riocheck run
 * --no-isolation, for debugging the DUT under gdb or valgrind): a crash ends
 * the run, a hang hangs it. Returns 0, or -1 (errno EINVAL) when dut,
 * on_result or an element of recs is NULL (nothing is run).
 */
int rc_run_in_process(const struct rc_dut *dut, const struct vec_record *const *recs,
                      size_t n, const struct rc_run_opts *opts, rc_result_fn on_result,
                      void *ctx);

/*
 * Orphaned descendants (Linux; elsewhere these do nothing and such processes
 * can outlive the run). While a struct rc_orphans is begun, this process is
 * a child subreaper (PR_SET_CHILD_SUBREAPER): a process whose parent dies is
 * re-parented to it instead of to init, even one that left its process group
 * and session (setsid). rc_orphans_sweep kills (SIGKILL, and its process
 * group when it leads one) and reaps every child of this process that is
 * neither one it had at rc_orphans_begin nor kept with rc_orphans_keep, over
 * and over until there is none (their own orphans are adopted in turn),
 * at most 1000 rounds. Cheap when there is nothing to do (one waitid); it
 * reads /proc only when this process has children. rc_orphans_end sweeps
 * and restores the subreaper setting. The isolated runs use these
 * themselves; the external-process client (harness/proc) too, keeping its
 * DUT process.
 * While one is begun, SIGHUP, SIGINT and SIGTERM (those not ignored) are
 * caught: the handler kills (SIGKILL) the running worker's process group
 * and those of the kept processes, then does what was there before (calls
 * the previous handler, or ends the process as the signal would have), so
 * a riocheck interrupted or stopped with SIGTERM leaves none of them
 * behind. A handler installed after rc_orphans_begin replaces this one
 * unless it calls the previous handler in turn; rc_orphans_end puts back
 * the previous handlers (if this one is still in place). SIGKILL cannot be
 * caught: then only the worker itself dies (PR_SET_PDEATHSIG).
 */
struct rc_orphans {
    int was_subreaper; /* the setting at begin */
    int on;            /* begun and not ended */
    pid_t *known;      /* children at begin */
    size_t nknown;
};
void rc_orphans_begin(struct rc_orphans *o);
void rc_orphans_sweep(struct rc_orphans *o);
void rc_orphans_end(struct rc_orphans *o);
/* A child some part of riocheck started and waits for itself: never swept
 * (up to 64 at a time; rc_orphans_keep returns -1 when full). */
int rc_orphans_keep(pid_t pid);
void rc_orphans_unkeep(pid_t pid);

#endif
