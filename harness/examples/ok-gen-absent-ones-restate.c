/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ok-gen-absent-ones-restate.c - a CONFORMING example DUT that makes two
 * permitted choices at once: its generator sends 1 for every status bit
 * naming a port beyond the device (as ok-gen-absent-ones), and it restates
 * every group in use after every congestion or CSR event (as
 * ok-gen-restate-all), so its restatements carry those 1 bits too.
 *
 * PERMITS: shared/spec/README.md erratum 10 "behaviour for ports beyond the device is implementation-defined"; Part 12 4.2e "It is up to the implementer to define what constitutes a status change"
 * DECLARES: gen_absent_bits=other gen_status_change=other
 *
 * BREAKS: none (conforming: 0 fail over every vector)
 *
 * What it proves: the `allow` lines of the generator vectors that cover an
 * absent port's bit (a restatement of a group that extends beyond the
 * device, e.g. `allow symbol tx_port=0 vc=all status=0x0` on a 4-port
 * device, masked by its companion line for that group) leave it out of
 * their masks like the `expect` lines:
 * ok-gen-absent-ones alone never restates, so it cannot show that.
 *
 * How: ok-gen-restate.c built with OK_RESTATE_ALL (its entry renamed
 * ok_restate_dut), wrapped by ok-gen-absent-ones.c (ONES_INNER_DUT): the
 * restatements are appended first, then every symbol gets the absent ports'
 * bits. The restating wrapper compares the current status with what the
 * reference last sent (without the 1 bits), so what it restates is what
 * the upstream device already has under this device's own encoding.
 */
#include "riocheck/dut.h"

const struct rc_dut *ok_restate_dut(void);
#define riocheck_dut_v2 ok_restate_dut
#define OK_RESTATE_ALL 1
#define OK_NAME "ok-gen-restate-all"
#include "ok-gen-restate.c"
#undef riocheck_dut_v2

const struct rc_dut *riocheck_dut_v2(void);
#define ONES_INNER_DUT() ok_restate_dut()
#define ONES_NAME "ok-gen-absent-ones-restate"
#include "ok-gen-absent-ones.c"
