/* SPDX-License-Identifier: Apache-2.0 */
/*
 * seterr.h - the harness's one way of putting a message into a caller's
 * error buffer (the "char *err, size_t cap" pair of its loaders, the
 * process client and the output folder).
 */
#ifndef RC_SETERR_H
#define RC_SETERR_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

/* Print fmt into err[0..cap) (cut to fit, NUL-terminated); nothing when err
 * is NULL or cap is 0. Returns -1, so that "return rc_set_err(...);" fails. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static inline int rc_set_err(char *err, size_t cap, const char *fmt, ...)
{
    if (err != NULL && cap > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, cap, fmt, ap);
        va_end(ap);
    }
    return -1;
}

#endif
