/* SPDX-License-Identifier: Apache-2.0 */
/*
 * proc.h - devices under test in another process: the riocheck DUT protocol
 * (docs/dut-protocol.md, "riocheck-dut-protocol 1"), its client and its
 * server.
 *
 * RTL simulators, models in other languages and hardware bridges implement
 * the same operations as the C ABI (riocheck/dut.h) over a line-based text
 * protocol on their stdin/stdout. This module has two halves:
 *
 *   - the client (client.c): rc_proc_open() starts such a program (without a
 *     shell), does the handshake and returns a struct rc_dut whose machines
 *     are proxies: every create/step/query/destroy the runner makes becomes a
 *     request line, and the answer is parsed back, defensively, into the
 *     ABI's result codes and rc_msg outputs. The runner plays vectors against
 *     it exactly as against a shared library;
 *   - the server (shim.c): rc_shim_serve() speaks the protocol on behalf of
 *     any in-process struct rc_dut. The riocheck-shim program (shim_main.c)
 *     serves the built-in reference or a vendor library loaded with dlopen,
 *     so every DUT library can also run out of process (crash isolation for
 *     free, and a known-good peer for people writing their own DUT process).
 *
 * When the DUT process fails - it exits or is killed, stops answering within
 * the timeout, answers garbage (a malformed line, an unknown name, a number
 * out of range, too many outputs, a missing `done`) or refuses a well-formed
 * request - the call in progress returns RC_DUT_LOST (harness/core/run.h),
 * which the runner turns into an ERROR verdict for that vector; the process
 * is killed (its whole process group) and reaped at once, and rc_proc_last_
 * error() says what happened, e.g.
 *     the DUT process was killed by signal 11 (Segmentation fault) (during
 *     'step 1 congest port=2 vc=0 on=1')
 *     the DUT answered garbage: 'out symbol tx_port=zero' (to 'step 3 ...')
 *     the DUT did not answer within 10000 ms (to 'query 7 reported ...')
 * Instances created before the failure are dead: step and query on them
 * return RC_DUT_LOST without any I/O, destroy only frees them. The next
 * create starts the program again (spawn + handshake) so the run goes on.
 *
 * The proxy speaks ABI version 2 in full: its ctx is the client, so there is
 * no global state and any number of clients may be open at once; its
 * step_many is rc_proc_step_many (repeats pipelined) and its why_lost is
 * rc_proc_last_error, so the runner needs nothing of this header.
 * Threading: like every DUT, one client is called from one thread.
 *
 * Process hygiene: the program gets the pipes as stdin/stdout, inherits
 * stderr (its messages appear on riocheck's stderr), the environment and the
 * working directory, and runs in its own process group with default signal
 * dispositions and an empty signal mask. Every process started is reaped
 * before rc_proc_close() returns (or at the failure that ended it): no
 * zombies. A write to a dead process never raises SIGPIPE in the caller
 * (the signal is blocked around writes and a pending one is consumed).
 * Do not use the proxy from a process forked after rc_proc_open (e.g. an
 * isolation worker): the DUT process is the opener's child.
 */
#ifndef RC_PROC_H
#define RC_PROC_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "riocheck/dut.h"
#include "../core/run.h" /* RC_DUT_LOST */

#ifndef RC_DUT_LOST
#define RC_DUT_LOST (-90) /* the DUT process failed (see run.h) */
#endif

/* The protocol name and version, as the hello line carries them. */
#define RC_PROC_PROTOCOL "riocheck-dut-protocol"
#define RC_PROC_VERSION 1u

/* Longest line, LF included; a longer one is a protocol error both ways. */
#define RC_PROC_LINE_MAX 4096u

/* Most outputs one step (or fastpath) may answer; the shim calls the DUT's
 * step with this capacity (the runner gives 8128 or more, dut.h). */
#define RC_PROC_MAX_OUTPUTS 8128u

/* Consecutive failed restarts (spawn or handshake) after which create stops
 * trying and answers RC_DUT_LOST at once; a successful restart resets it. */
#define RC_PROC_MAX_RESTARTS 3u

/* A sensible timeout for callers (riocheck run --timeout-ms). */
#define RC_PROC_DEFAULT_TIMEOUT_MS 10000u

/* The handshake (at open and at every restart) may take this many times the
 * timeout: a simulator may need a while to start. */
#define RC_PROC_HANDSHAKE_FACTOR 10u

/* Time rc_proc_close gives the process to answer `bye` and exit when the
 * open timeout is 0 (no limit) or larger. */
#define RC_PROC_CLOSE_MS 5000u

/* Stateless codec requests the client sends ahead when it recognises a
 * sweep (see "Pipelining" below). */
#define RC_PROC_PREFETCH 128u

/* Most queries rc_proc_prefetch_queries sends ahead with one step. */
#define RC_PROC_QUERY_AHEAD 256u

/* Live instances the shim keeps; a create beyond it answers result=full. */
#define RC_SHIM_MAX_INSTANCES 1024u

struct rc_proc;

/*
 * Start argv[0] (searched in PATH like execvp when it has no '/') with
 * argv[0..] (NULL-terminated; copied), do the handshake and make the proxy.
 *   timeout_ms: how long the client waits for the DUT when it expects an
 *               answer (the handshake, each response; the clock restarts
 *               whenever an answer line arrives or requests are written -
 *               comment lines do not count; the handshake gets
 *               RC_PROC_HANDSHAKE_FACTOR times as long); 0 means no limit (for
 *               debugging a DUT under a debugger: a hung DUT then hangs the
 *               run).
 * Returns 0 and *p, or -1 with *p = NULL and a one-line reason in err (cap
 * bytes, may be 0): bad arguments (NULL p or argv, empty argv), the program
 * cannot be started (e.g. "cannot
 * start 'x': No such file or directory"), or the handshake failed (the
 * process exited, hung, spoke another protocol version, refused the hello
 * with an `error` line, or described itself with garbage). Nothing is left
 * running after a failure.
 */
int rc_proc_open(struct rc_proc **p, char *const argv[], unsigned timeout_ms,
                 char *err, size_t cap);

/*
 * The same, recording the conversation in transcript (an open stream, not
 * closed here; NULL: none) from the handshake to the end, restarts included:
 *     > LINE    a line riocheck sent (requests and vector marks), as it was
 *               queued: with pipelining (sweeps, repeats, destroy) several
 *               requests may come before the answer to the first;
 *     < LINE    a line the DUT wrote on its stdout (banners and comments too),
 *               as it was read;
 *     # TEXT    riocheck's own notes: a process started (with its pid), the
 *               DUT was lost (the reason, as rc_proc_last_error), the end.
 * Control bytes and backslashes of a line are written as \xNN. The stream is
 * flushed at every note; write errors are the caller's to see (ferror).
 * Everything else as rc_proc_open.
 */
int rc_proc_open_transcript(struct rc_proc **p, char *const argv[], unsigned timeout_ms,
                            FILE *transcript, char *err, size_t cap);

/*
 * Mark the start of a vector in the request stream: the comment line
 *     # vector ID FILE:LINE
 * (docs/dut-protocol.md, Versions: comments were always allowed, so an older
 * DUT ignores it) goes out just before the next request other than hello or
 * bye - the vector's first (a restart's handshake comes before it). A vector
 * that sends no request (not-applicable before its create) leaves no mark:
 * the next mark replaces it. Blanks and control bytes in ID and FILE become
 * '?', each is cut at 400 bytes. NULL p, id or file: nothing.
 */
void rc_proc_mark_vector(struct rc_proc *p, const char *id, const char *file, unsigned line);

/* The proxy DUT: identity and profile from the handshake, the machines the
 * DUT listed (the others have NULL create), and cs64_decode if the DUT
 * offers the `fastpath cs64_decode` request. Valid until rc_proc_close; the
 * same pointer across restarts. NULL for a NULL p. */
const struct rc_dut *rc_proc_dut(struct rc_proc *p);

/* Say `bye`, close the DUT's stdin, wait up to min(timeout, RC_PROC_CLOSE_MS)
 * (RC_PROC_CLOSE_MS when the timeout is 0) for it to exit, then kill its
 * process group and reap it; free everything. Instances not yet destroyed
 * are freed too (the proxy's instance objects become invalid). NULL is
 * allowed. */
void rc_proc_close(struct rc_proc *p);

/* What the last failure was ("" if none): one line, no trailing newline,
 * valid until the next failure or close. The runner's ERROR detail. */
const char *rc_proc_last_error(const struct rc_proc *p);

/* Counters, for tests and measurements. */
struct rc_proc_stats {
    uint64_t failures;   /* times the process was declared lost */
    uint64_t spawns;     /* processes started (1 + restarts) */
    uint64_t requests;   /* request lines sent */
    uint64_t waits;      /* times the caller waited for an answer */
    uint64_t prefetched; /* speculative codec requests sent */
    uint64_t hits;       /* calls answered from a speculative request */
    uint64_t qprefetched; /* queries sent ahead (rc_proc_prefetch_queries) */
    uint64_t qhits;       /* queries answered from one sent ahead */
};
void rc_proc_get_stats(const struct rc_proc *p, struct rc_proc_stats *s);

/* The client behind a proxy DUT (rc_proc_dut's result), or NULL for any
 * other DUT (tests). */
struct rc_proc *rc_proc_of(const struct rc_dut *dut);

/*
 * A `do EVENT repeat=times` in one go: the runner's repeat loop (run.c
 * run_steps) without a round trip per repetition. Exactly equivalent to
 *     for (t = 0; t < times; t++) {
 *         if (cap - total < RC_MAX_OUTPUTS) { overflow; stop }
 *         rc = step(inst, ev, out + total, cap - total, &n); total += n;
 *         if (rc != want) stop;
 *     }
 * except that up to 256 repetitions are in flight: the ones sent after the
 * stopping one are executed by the DUT and their answers dropped (the
 * vector is decided at that point and its instance is destroyed next).
 *   p, inst:  the client and an instance its proxy created;
 *   want:     the result every repetition must return;
 *   out, cap: room for the outputs of all repetitions (cap >= RC_MAX_OUTPUTS).
 * Fills res: done = repetitions taken (the stopping one included), n =
 * their outputs in out[0..n), rc = the last one's result, overflow = stopped
 * because fewer than RC_MAX_OUTPUTS places were left (rc is then the last
 * taken repetition's, RC_OK when none was taken). Returns res->rc; it is
 * RC_DUT_LOST when the process failed before the stopping repetition was
 * answered (a failure after it does not change the result; the next create
 * restarts the process), RC_INVAL for bad arguments (NULL, times 0, an
 * instance of another client, an unknown kind or wrong nargs, cap too small).
 */
int rc_proc_step_many(struct rc_proc *p, void *inst, const struct rc_msg *ev, uint64_t times,
                      int want, struct rc_msg *out, uint32_t cap, struct rc_many *res);

/*
 * `times` repetitions of step ev on inst sent at once, every answer kept:
 * repetition i (i < *taken) returned rcs[i] with counts[i] outputs, which
 * follow those of repetition i-1 in out. Nothing stops at a result (unlike
 * rc_proc_step_many); the room does: a repetition whose outputs do not fit
 * in what is left of cap (at most RC_PROC_MAX_OUTPUTS each) and every later
 * one are executed by the DUT but not taken (*taken < times). For callers
 * that know the next calls will be these steps (procdut.h). With
 * rc_proc_prefetch_queries on, the queries are sent ahead after the last
 * repetition as after a step. Returns RC_OK,
 * RC_DUT_LOST when the process failed before every answer came, RC_INVAL for
 * bad arguments (NULL, times 0, an instance of another client, an unknown
 * kind or wrong nargs).
 */
int rc_proc_step_each(struct rc_proc *p, void *inst, const struct rc_msg *ev, uint32_t times,
                      struct rc_msg *out, uint32_t cap, uint32_t *counts, int *rcs,
                      uint32_t *taken);

/*
 * Queries sent ahead (off by default; the differential fuzz target turns it
 * on). With on != 0, every step of an instance (not rc_proc_step_many, not
 * the codec sweeps; the last of rc_proc_step_each) is followed in the same
 * write by the queries the caller made after the last step of the same
 * machine that was followed by any (up to
 * RC_PROC_QUERY_AHEAD, in that order, for the instance just stepped); a
 * query the caller then makes on that instance is answered from the first
 * matching one not taken yet, without a round trip, and any other query
 * goes out as usual. The rest are dropped (executed, answers read and
 * thrown away) at the next step, create, destroy, step_many or fast path
 * call. A caller that queries the same state after every event so pays
 * one round trip per event instead of one per query. Only for a DUT whose
 * queries change nothing (dut.h: a query observes state): an extra query
 * must be harmless. Turning it on or off forgets what was learned. NULL p:
 * nothing.
 */
void rc_proc_prefetch_queries(struct rc_proc *p, int on);

/*
 * Wait until every request sent so far is answered (a destroy's `ok`,
 * dropped predictions): so that a failure they cause is seen now, not at a
 * later call that has nothing to do with it. 0, or -1 when the process was
 * lost on the way (rc_proc_last_error says why; the next create restarts
 * it). 0 for NULL p or when nothing is outstanding.
 */
int rc_proc_sync(struct rc_proc *p);

/* The DUT process id, or -1 when none is running (tests). */
long rc_proc_pid(const struct rc_proc *p);

/*
 * Pipelining. The ABI answers every call before it returns, so the proxy
 * waits for each create, step and query. It does not wait where the ABI
 * allows: destroy is sent and its `ok` checked later, and for the codec
 * machine (stateless by the ABI) and the cs64_decode fast path it recognises
 * the exhaustive sweeps (the same stype2_decode / cs64_decode with one
 * argument growing by a fixed stride, then the next group width from 0) and
 * keeps up to RC_PROC_PREFETCH predicted requests in flight; a call that
 * matches the oldest prediction takes its answer, any other call drops the
 * predictions (their answers are read and discarded) and is sent normally.
 * A repeated step goes in one go through the proxy's step_many.
 * A DUT sees only a stream of ordinary requests.
 */

/*
 * The server. Serve dut over the protocol: read requests from in, write
 * responses to out, until `bye` (answered, then return) or end of input.
 * Strict: every malformed request (unknown request, machine, event, query,
 * output or key name; a number that is not decimal or 0x hex or does not
 * fit; a repeated argument; an instance id 0, in use or unknown; a line
 * longer than RC_PROC_LINE_MAX or holding a NUL byte; more than 64 fields)
 * gets one `error <reason>` line and changes nothing; it never crashes on
 * any input. Arguments may come in any order (missing ones are 0); the
 * client always sends all of them in table order. The DUT's answers are
 * checked before they are forwarded: more outputs than RC_PROC_MAX_OUTPUTS
 * or an output of a kind the machine does not have is reported as an
 * `error` line (the client then declares the DUT lost, as the runner would
 * give ERROR in process). Output is flushed whenever the input has no
 * request waiting, so a client that waits for an answer always gets it: a
 * pipe or socket input is switched to non-blocking mode for the duration of
 * the call (its flags are restored before returning) and the answers are
 * flushed exactly when it runs dry; any other input (a terminal, a file, a
 * memory stream) is polled before each request.
 * At most RC_SHIM_MAX_INSTANCES instances live at once; all still alive at
 * the end are destroyed.
 * Returns 0 at `bye` or end of input, -1 when dut, in or out is NULL, on a
 * read or write error (e.g. the client went away) or when memory for the
 * output buffer cannot be had.
 */
int rc_shim_serve(const struct rc_dut *dut, FILE *in, FILE *out);

#endif
