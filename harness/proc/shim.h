/* SPDX-License-Identifier: Apache-2.0 */
/*
 * shim.h - internal to harness/proc/: the line helpers that the client
 * (client.c) and the shim (shim.c) share, so both ends of the DUT protocol
 * (docs/dut-protocol.md) read and write numbers, results and fields the same
 * way. Not part of the public API (that is proc.h).
 *
 * Every function is total: any input, including NULL pointers, gives a
 * defined result; nothing here allocates, prints or keeps state.
 */
#ifndef RC_PROC_SHIM_H
#define RC_PROC_SHIM_H

#include <stddef.h>
#include <stdint.h>

/* At most this many fields in one line; a line with more is malformed (the
 * longest legal line, a create with RC_MAX_CONFIG keys, has 35). */
#define RC_PROTO_MAX_FIELDS 64u

struct rc_proto_line {
    char *f[RC_PROTO_MAX_FIELDS];
    unsigned n;
};

/* Split s in place at runs of spaces and tabs (other bytes, including other
 * control characters, belong to fields). Returns 0, or -1 when s has more
 * than RC_PROTO_MAX_FIELDS fields (l->n is then RC_PROTO_MAX_FIELDS). */
int rc_proto_split(struct rc_proto_line *l, char *s);

/* An unsigned 64-bit number: decimal digits, or "0x"/"0X" and 1 or more hex
 * digits. No sign, no spaces, no other prefix; leading zeros are allowed.
 * Returns 0 and *v, or -1 (empty, bad digit, more than 2^64 - 1). */
int rc_proto_number(const char *s, uint64_t *v);

/* A result: a name of RC_RESULTS ("ok", "notsup", ...) or a decimal int with
 * an optional leading '-' (for codes outside the table). -1 if neither or
 * out of the range of int. */
int rc_proto_result(const char *s, int *rc);

/* The text of a result: its RC_RESULTS name, else the decimal number. buf
 * needs 16 bytes; the return value is buf or a static name. */
const char *rc_proto_result_text(int rc, char buf[16]);

/* "name=value": NUL-terminates name in place and sets *name, *value.
 * -1 if tok has no '=' or an empty name or value. */
int rc_proto_pair(char *tok, char **name, char **value);

/* Append v to dst (decimal below 65536, else 0x and lower-case hex), NUL
 * terminated; dst needs 21 bytes. Returns the number of characters. */
size_t rc_proto_put_u64(char *dst, uint64_t v);

/* A bounded string builder: appends never write past cap - 1 and keep the
 * text NUL-terminated; overflow is remembered. */
struct rc_proto_buf {
    char *s;
    size_t len, cap;
    int overflow;
};
void rc_proto_buf_init(struct rc_proto_buf *b, char *s, size_t cap);
void rc_proto_add(struct rc_proto_buf *b, const char *text);
void rc_proto_add_u64(struct rc_proto_buf *b, uint64_t v);

/* Copy len bytes of s into dst for a message: printable ASCII as is, other
 * bytes as \xNN, cut to at most cap - 1 characters (ending in "..." when
 * cut). dst is always NUL-terminated when cap > 0. */
void rc_proto_quote(char *dst, size_t cap, const char *s, size_t len);

#endif
