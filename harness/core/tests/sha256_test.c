/* SPDX-License-Identifier: Apache-2.0 */
/* SHA-256: the FIPS 180-2 known answers (appendix B), the streaming API
 * against the one-shot one at every split, and files against coreutils'
 * sha256sum (the tool a customer recomputes the reports' hashes with). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../../reference/tests/check.h"
#include "../sha256.h"

static void hex_of(char out[RC_SHA256_HEX_LEN], const void *data, size_t len)
{
    uint8_t d[RC_SHA256_LEN];
    rc_sha256(d, data, len);
    rc_sha256_hex(out, d);
}

#define CHECK_STR(a, b)                                                        \
    do {                                                                       \
        const char *sa_ = (a), *sb_ = (b);                                     \
        if (strcmp(sa_, sb_) != 0) {                                           \
            check_fail_(__FILE__, __LINE__);                                   \
            fprintf(stderr, "%s == %s\n    left:  %s\n    right: %s\n", #a, #b, \
                    sa_, sb_);                                                 \
            return;                                                            \
        }                                                                      \
    } while (0)

/* FIPS 180-2 appendix B.1, B.2, B.3, and the empty message */
static void sha256_fips_180_2_known_answers(void)
{
    char h[RC_SHA256_HEX_LEN];
    hex_of(h, "abc", 3);
    CHECK_STR(h, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    static const char m448[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    CHECK_EQ(strlen(m448) * 8, 448);
    hex_of(h, m448, strlen(m448));
    CHECK_STR(h, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    struct rc_sha256 c;
    rc_sha256_init(&c);
    char a[1000];
    memset(a, 'a', sizeof a);
    for (int i = 0; i < 1000; i++)
        rc_sha256_update(&c, a, sizeof a);
    uint8_t d[RC_SHA256_LEN];
    rc_sha256_final(&c, d);
    rc_sha256_hex(h, d);
    CHECK_STR(h, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    hex_of(h, "", 0);
    CHECK_STR(h, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

/* Every message length around the padding boundaries (55, 56, 63, 64 ...),
 * fed in two pieces split at every point, gives the one-shot digest. */
static void sha256_streaming_equals_one_shot_at_every_split(void)
{
    uint8_t msg[200];
    for (size_t i = 0; i < sizeof msg; i++)
        msg[i] = (uint8_t)(i * 131u + 7u);
    for (size_t len = 0; len <= 140; len++) {
        uint8_t one[RC_SHA256_LEN];
        rc_sha256(one, msg, len);
        for (size_t cut = 0; cut <= len; cut++) {
            struct rc_sha256 c;
            uint8_t two[RC_SHA256_LEN];
            rc_sha256_init(&c);
            rc_sha256_update(&c, msg, cut);
            rc_sha256_update(&c, msg + cut, len - cut);
            rc_sha256_final(&c, two);
            CHECK_MEM(one, two, RC_SHA256_LEN);
        }
    }
}

/* rc_sha256_file agrees with `sha256sum` on files of lengths around the
 * block size and a large one (several read()s). */
static void sha256_file_equals_sha256sum(void)
{
    static const size_t lens[] = {0, 1, 55, 56, 63, 64, 65, 119, 120, 1000, 200000};
    char dir[] = "/tmp/rc-sha256-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    for (size_t k = 0; k < sizeof lens / sizeof lens[0]; k++) {
        char path[64], cmd[128], want[RC_SHA256_HEX_LEN + 8] = "", got[RC_SHA256_HEX_LEN],
             err[256];
        snprintf(path, sizeof path, "%s/f%zu", dir, k);
        FILE *f = fopen(path, "wb");
        CHECK(f != NULL);
        for (size_t i = 0; i < lens[k]; i++)
            fputc((int)((i * 2654435761u) >> 13 & 0xFF), f);
        CHECK_EQ(fclose(f), 0);
        snprintf(cmd, sizeof cmd, "sha256sum < %s", path);
        FILE *p = popen(cmd, "r");
        CHECK(p != NULL);
        CHECK(fgets(want, sizeof want, p) != NULL);
        CHECK_EQ(pclose(p), 0);
        want[64] = '\0';
        CHECK_EQ(rc_sha256_file(got, path, err, sizeof err), 0);
        CHECK_STR(got, want);
        remove(path);
    }
    CHECK_EQ(rmdir(dir), 0);
}

/* A file that cannot be read is an error naming it, never a crash, and
 * leaves no digest behind. */
static void sha256_file_errors_name_the_file(void)
{
    char got[RC_SHA256_HEX_LEN] = "x", err[256] = "";
    CHECK_EQ(rc_sha256_file(got, "/nonexistent/rc-sha256", err, sizeof err), -1);
    CHECK_STR(got, "");
    CHECK(strstr(err, "/nonexistent/rc-sha256: ") == err);
    CHECK(strstr(err, "No such file") != NULL);
    CHECK_EQ(rc_sha256_file(got, "/tmp", err, sizeof err), -1);
    CHECK(strstr(err, "/tmp: ") == err);
    CHECK_STR(got, "");
    char small[8];
    CHECK_EQ(rc_sha256_file(got, "/nonexistent/rc-sha256", small, sizeof small), -1);
    CHECK_EQ(strlen(small), sizeof small - 1); /* cut, terminated */
}

int main(int argc, char **argv)
{
    (void)argc;
    RUN(sha256_fips_180_2_known_answers);
    RUN(sha256_streaming_equals_one_shot_at_every_split);
    RUN(sha256_file_equals_sha256sum);
    RUN(sha256_file_errors_name_the_file);
    return check_finish(argv[0]);
}
