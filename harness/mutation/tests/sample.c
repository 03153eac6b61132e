/* sample.c - the fixed input of mutate_test.sh: every kind of site once,
 * and what is never a site: a < b + 1 in a comment, "x == y" in a string */
#include <stdbool.h>
#define LIMIT (3 + 4)
_Static_assert(LIMIT > 2, "limit");

static const unsigned table[4] = {0x1f, 010};

static bool small(unsigned v)
{
    return v < 10u && v != 0;
}

int step(unsigned *acc, unsigned v)
{
    unsigned buf[2];
    char c = '+';
    if (acc == NULL || -v == 1)
        return -1;
    buf[0] = (v << 2) + (v & 1u);
    *acc += v ^ table[1];
    (void)buf;
    (void)c;
    if (small(v))
        acc[0]++;
    return RIO_OK;
}
/* SPDX-License-Identifier: Apache-2.0 */
