/* SPDX-License-Identifier: Apache-2.0 */
/* SHA-256 (FIPS 180-4). Written from the standard: section numbers below
 * are FIPS 180-4's. */
#include "sha256.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* 4.2.2: the first 32 bits of the fractional parts of the cube roots of
 * the first 64 primes */
static const uint32_t K[64] = {
    0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu, 0x59f111f1u,
    0x923f82a4u, 0xab1c5ed5u, 0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u,
    0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u, 0xc19bf174u, 0xe49b69c1u, 0xefbe4786u,
    0x0fc19dc6u, 0x240ca1ccu, 0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau,
    0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u, 0xc6e00bf3u, 0xd5a79147u,
    0x06ca6351u, 0x14292967u, 0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu, 0x53380d13u,
    0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u, 0xa2bfe8a1u, 0xa81a664bu,
    0xc24b8b70u, 0xc76c51a3u, 0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u,
    0x19a4c116u, 0x1e376c08u, 0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au,
    0x5b9cca4fu, 0x682e6ff3u, 0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u,
    0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u};

static uint32_t rotr(uint32_t x, unsigned n)
{
    return (x >> n) | (x << (32u - n));
}

static uint32_t get_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void put_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* 6.2.2: one 512-bit block */
static void compress(uint32_t h[8], const uint8_t block[64])
{
    uint32_t w[64];
    for (unsigned t = 0; t < 16; t++)
        w[t] = get_be32(block + 4 * t);
    for (unsigned t = 16; t < 64; t++) {
        uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
        uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
        w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6],
             hh = h[7];
    for (unsigned t = 0; t < 64; t++) {
        uint32_t t1 = hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) +
                      K[t] + w[t];
        uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        hh = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d;
    h[4] += e, h[5] += f, h[6] += g, h[7] += hh;
}

void rc_sha256_init(struct rc_sha256 *c)
{
    /* 5.3.3: H(0) */
    static const uint32_t h0[8] = {0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au,
                                   0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u};
    memcpy(c->h, h0, sizeof h0);
    c->bytes = 0;
    c->used = 0;
}

void rc_sha256_update(struct rc_sha256 *c, const void *data, size_t len)
{
    const uint8_t *p = data;
    c->bytes += len;
    if (c->used != 0) {
        size_t take = 64 - c->used < len ? 64 - c->used : len;
        memcpy(c->block + c->used, p, take);
        c->used += take, p += take, len -= take;
        if (c->used < 64)
            return;
        compress(c->h, c->block);
        c->used = 0;
    }
    for (; len >= 64; p += 64, len -= 64)
        compress(c->h, p);
    if (len != 0)
        memcpy(c->block, p, len);
    c->used = len;
}

void rc_sha256_final(struct rc_sha256 *c, uint8_t out[RC_SHA256_LEN])
{
    /* 5.1.1: a 1 bit, zeros to 448 mod 512, the length in bits (64 bits) */
    uint64_t bits = c->bytes * 8u;
    c->block[c->used++] = 0x80;
    if (c->used > 56) {
        memset(c->block + c->used, 0, 64 - c->used);
        compress(c->h, c->block);
        c->used = 0;
    }
    memset(c->block + c->used, 0, 56 - c->used);
    put_be32(c->block + 56, (uint32_t)(bits >> 32));
    put_be32(c->block + 60, (uint32_t)bits);
    compress(c->h, c->block);
    for (unsigned i = 0; i < 8; i++)
        put_be32(out + 4 * i, c->h[i]);
    memset(c, 0, sizeof *c);
}

void rc_sha256(uint8_t out[RC_SHA256_LEN], const void *data, size_t len)
{
    struct rc_sha256 c;
    rc_sha256_init(&c);
    rc_sha256_update(&c, data, len);
    rc_sha256_final(&c, out);
}

void rc_sha256_hex(char out[RC_SHA256_HEX_LEN], const uint8_t digest[RC_SHA256_LEN])
{
    static const char hex[] = "0123456789abcdef";
    for (unsigned i = 0; i < RC_SHA256_LEN; i++) {
        out[2 * i] = hex[digest[i] >> 4];
        out[2 * i + 1] = hex[digest[i] & 15u];
    }
    out[2 * RC_SHA256_LEN] = '\0';
}

int rc_sha256_file(char out[RC_SHA256_HEX_LEN], const char *path, char *err, size_t cap)
{
    out[0] = '\0';
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, cap, "%s: %s", path, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(err, cap, "%s: %s", path, strerror(EISDIR));
        close(fd);
        return -1;
    }
    struct rc_sha256 c;
    rc_sha256_init(&c);
    uint8_t buf[65536];
    for (;;) {
        ssize_t r = read(fd, buf, sizeof buf);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            snprintf(err, cap, "%s: %s", path, strerror(errno));
            close(fd);
            return -1;
        }
        if (r == 0)
            break;
        rc_sha256_update(&c, buf, (size_t)r);
    }
    close(fd);
    uint8_t d[RC_SHA256_LEN];
    rc_sha256_final(&c, d);
    rc_sha256_hex(out, d);
    return 0;
}
