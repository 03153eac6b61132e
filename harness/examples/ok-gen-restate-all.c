/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ok-gen-restate-all.c - a CONFORMING example DUT whose generator, after
 * every congestion or CSR event, restates EVERY group in use on every
 * transmitting link and VC stream whose current status is what the upstream
 * device already has (not only the group of the port the event concerns,
 * as ok-gen-restate does).
 *
 * Permitted by Part 12 rev 4.1 (and rev 2.0) 4.2e: "The backpressure symbol
 * shall be generated any time the status of at least one of the ports in the
 * group changes. It is up to the implementer to define what constitutes a
 * status change." This implementer counts any event as a "change" of every
 * group; 2.5 accepts "a lot of on/off chatter ... as long as the additional
 * utilization of link bandwidth is accounted for". It never sends a status
 * the upstream device does not already have, so nothing it adds tells the
 * upstream device anything new on an event Table 5-4 forbids to trigger a
 * symbol; the symbols the reference sends come first, unchanged, and a
 * group the reference sent in this event is not repeated.
 *
 * PERMITS: Part 12 4.2e "It is up to the implementer to define what constitutes a status change"
 * DECLARES: gen_status_change=other
 *
 * BREAKS: none (conforming: 0 fail over every vector; the .strict generator
 * vectors, which check policy gen_status_change=transitions_only, are not
 * applicable to it)
 *
 * What it proves: the `allow` lines of the generator vectors (generator-*.vec
 * and the machine gen records of cs48-r2/-r3, cs64 and registers.vec) cover
 * restatements of any group, not only of the event's port's group.
 *
 * How: ok-gen-restate.c built with OK_RESTATE_ALL (one wrapper, two
 * behaviours): the reference DUT (rc_refdut()) with the gen step wrapped. After a
 * congest or csr event, for every transmitting port p (bit 8 set, TX Port
 * Group Size not 7), every VC stream of p and every group in use of p that
 * the reference did not send in this event, if the group reads the same as p
 * last sent for it (queries reported / last_sent, so the restated value is
 * exactly the upstream device's belief), one symbol with that status is
 * appended. The wrapper keeps each port's CSR word (the reference has no
 * query for it); everything else is the reference.
 */
#define OK_RESTATE_ALL 1
#define OK_NAME "ok-gen-restate-all"
#include "ok-gen-restate.c"
