/* SPDX-License-Identifier: Apache-2.0 */
/* libdir.h - where the tests find the DUT libraries make builds: beside
 * the riocheck under test ($RIOCHECK, default build/gcc/bin/riocheck),
 * BIN/riocheck -> BIN/../lib. Shared by dutload_test and isolate_test. */
#ifndef RC_TEST_LIBDIR_H
#define RC_TEST_LIBDIR_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline void test_libdir(char *dst, size_t cap)
{
    const char *cli = getenv("RIOCHECK") ? getenv("RIOCHECK") : "build/gcc/bin/riocheck";
    snprintf(dst, cap, "%s", cli);
    char *slash = strrchr(dst, '/');
    if (slash != NULL)
        snprintf(slash, cap - (size_t)(slash - dst), "/../lib");
    else
        snprintf(dst, cap, "../lib");
}

#endif
