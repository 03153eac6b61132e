/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/common/evmut.h - STRUCTURE-AWARE mutation of differential inputs
 * (issue 14): byte 0 picks the machine (byte % RC_MACHINE_COUNT), the rest
 * is an event program (common/evprog.h). The mutator parses the program into
 * its header and records (the same reading as evprog_next, with the
 * machine's EVENTS / QUERIES tables of riocheck/dut.h) and changes it as a
 * program rather than as bytes:
 *   - insert a new record (any event or query of the machine, arguments
 *     small values, i.e. meaningful ones, or copied from the same-named
 *     argument of another record, sometimes a 32-bit value, a repeat count
 *     from small ones, powers of two and 2^w - 1 / 2^w / 2^w + 1);
 *   - delete, duplicate (anywhere), swap neighbouring records;
 *   - set, change or drop a repeat count;
 *   - change one argument within its range (another small value, +-1, a
 *     copy of another record's same-named argument);
 *   - RETARGET a record: its port / vc / flow / flow_id / queue / ID
 *     arguments take those of another record (so "port_control P" and
 *     "candidate ccp_port=P" meet);
 *   - change the configuration header (any key, any small value: the
 *     differential target folds it into a valid configuration, evcfg.h;
 *     one header in 16 is the refused mode, EVPROG_REFUSED_MODE: one
 *     configuration the spec rules out, whose create is compared);
 *   - insert a TRANSACTION TEMPLATE (arbtx, arbrx, sw, p12reg; evmut.c):
 *     the coordinated records of one protocol exchange the spec describes,
 *     on one shared flow or port, with random optional steps - e.g. the
 *     2.4.7 rule 8 scenario: a multi-PDU REQUEST, its XON(ARB), a packet,
 *     an XOFF(ARB) during the PDU; half of the fresh programs get one;
 *   - start a fresh program for a random machine (also for an empty input);
 *   - now and then a raw byte mutation (LLVMFuzzerMutate, when the engine
 *     provides it), so that everything stays reachable.
 * Crossover joins the header and a prefix of one program's records with a
 * run of the other's records.
 *
 * Used by fuzz/diff.c's LLVMFuzzerCustomMutator / LLVMFuzzerCustomCrossOver,
 * which libFuzzer calls and which fuzz/driver/afl_mutator.c offers to AFL++
 * (build/fuzz-afl/diff-mutator.so, AFL_CUSTOM_MUTATOR_LIBRARY). The only
 * state is the engine's seed: the same seed and input give the same output.
 */
#ifndef RIOCHECK_EVMUT_H
#define RIOCHECK_EVMUT_H

#include <stddef.h>
#include <stdint.h>

/* Larger inputs get only raw mutations. */
#define EVMUT_MAX_SIZE 65536u

/* Mutate data[0..size) in place (capacity max_size); returns the new size
 * (<= max_size). */
size_t evmut_mutate(uint8_t *data, size_t size, size_t max_size,
                    unsigned int seed);

/* A child of a and b in out (capacity max_size); returns its size. */
size_t evmut_crossover(const uint8_t *a, size_t na, const uint8_t *b,
                       size_t nb, uint8_t *out, size_t max_size,
                       unsigned int seed);

#endif
