/* SPDX-License-Identifier: Apache-2.0 */
/*
 * rio/err.h - the one error enum of the riocheck reference library.
 *
 * 0 is success; every error is negative and grouped by range:
 *   -1 .. -19   the caller's arguments (bad parameter, value out of field range)
 *   -20 .. -39  decoding bits from the wire (length, CRC, reserved encodings)
 *   -40 .. -59  state machines and device models (capacity, unsupported, state)
 *   -60 .. -79  register access
 * The enum and rio_strerror() are generated from one X-macro table so that they
 * can never disagree (the libuv UV_ERRNO_MAP pattern).
 *
 * A "reserved value that the spec says to ignore without error" is NOT an error:
 * such decoders return RIO_OK and report the fact in their output structure.
 */
#ifndef RIO_ERR_H
#define RIO_ERR_H

#define RIO_ERR_MAP(X)                                                          \
    X(RIO_OK,        0,  "success")                                             \
    X(RIO_EINVAL,   -1,  "invalid argument")                                    \
    X(RIO_ERANGE,   -2,  "value does not fit its field")                        \
    X(RIO_EREVISION,-3,  "not defined in the selected spec revision")           \
    X(RIO_ETRUNC,  -20,  "input too short")                                     \
    X(RIO_ELENGTH, -21,  "input has the wrong length")                          \
    X(RIO_ECRC,    -22,  "CRC mismatch")                                        \
    X(RIO_ERESERVED,-23, "reserved encoding")                                   \
    X(RIO_EFORMAT, -24,  "not the expected symbol or packet type")              \
    X(RIO_EFULL,   -40,  "capacity exhausted")                                  \
    X(RIO_ENOTSUP, -41,  "not supported by this device profile")                \
    X(RIO_ESTATE,  -42,  "event not valid in the current state")                \
    X(RIO_ENOENT,  -43,  "no such entry")                                       \
    X(RIO_EBUSY,   -44,  "already in use or outstanding")                       \
    X(RIO_EALIGN,  -60,  "register access not 32-bit aligned")                  \
    X(RIO_EOFFSET, -61,  "register offset outside the block")

enum rio_err {
#define RIO_ERR_ENUM_(name, value, text) name = (value),
    RIO_ERR_MAP(RIO_ERR_ENUM_)
#undef RIO_ERR_ENUM_
};

/* Short, constant, human-readable text for an error code; "unknown error" for
 * a value that is not in the table. Never NULL. */
const char *rio_strerror(int err);

/* The enumerator's name ("RIO_ECRC"), for machine-readable output; "RIO_E?" for
 * a value that is not in the table. Never NULL. */
const char *rio_errname(int err);

#endif
