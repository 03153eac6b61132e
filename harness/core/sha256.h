/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sha256.h - SHA-256 (FIPS 180-4, section 6.2), for the provenance of the
 * reports: the hash of the DUT file and of the vector set, which a customer
 * recomputes with coreutils' sha256sum (docs/provenance.md).
 *
 * Streaming: rc_sha256_init, any number of rc_sha256_update calls (any
 * lengths, including 0), rc_sha256_final. No allocation, no I/O but
 * rc_sha256_file's.
 */
#ifndef RC_SHA256_H
#define RC_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define RC_SHA256_LEN 32u     /* bytes of a digest */
#define RC_SHA256_HEX_LEN 65u /* its 64 lower-case hex digits and a NUL */

struct rc_sha256 {
    uint32_t h[8];      /* the hash value H(i) (FIPS 180-4 6.2.2) */
    uint64_t bytes;     /* message length so far */
    uint8_t block[64];  /* the message block being filled */
    size_t used;        /* bytes of block filled */
};

void rc_sha256_init(struct rc_sha256 *c);
void rc_sha256_update(struct rc_sha256 *c, const void *data, size_t len);
/* Pads (FIPS 180-4 5.1.1), finishes and writes the digest; c must be
 * initialised again before another use. */
void rc_sha256_final(struct rc_sha256 *c, uint8_t out[RC_SHA256_LEN]);

/* One buffer at once. */
void rc_sha256(uint8_t out[RC_SHA256_LEN], const void *data, size_t len);
/* A digest as sha256sum prints it: 64 lower-case hex digits and a NUL. */
void rc_sha256_hex(char out[RC_SHA256_HEX_LEN], const uint8_t digest[RC_SHA256_LEN]);

/* The digest of a file's bytes, in hex (out), read to its end (opened
 * O_RDONLY | O_CLOEXEC, read() retried on EINTR; a FIFO is read once).
 * 0, or -1 with "PATH: reason" in err (cannot open, is a folder, read
 * error) and out set to "". */
int rc_sha256_file(char out[RC_SHA256_HEX_LEN], const char *path, char *err, size_t cap);

#endif
