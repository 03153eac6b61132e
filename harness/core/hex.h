/* SPDX-License-Identifier: Apache-2.0 */
/* hex.h - the value of one hexadecimal digit, for the harness's parsers
 * (riocheck's hex arguments, the DUT protocol's numbers, JSON \u escapes). */
#ifndef RC_HEX_H
#define RC_HEX_H

/* 0-15 for '0'-'9', 'a'-'f', 'A'-'F'; -1 for any other c. */
static inline int rc_hex_digit(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

#endif
