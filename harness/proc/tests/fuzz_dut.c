/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_dut.c - the DUT process of proc_test's
 * client_fuzz_random_answers_never_break_the_client: after the handshake it
 * answers every request with random lines made of protocol words and noise
 * (the client's parser under fuzzing), then a proper answer.
 *
 *   proc-fuzz-dut SEED HELLO
 *
 * SEED: the xorshift seed (decimal); HELLO: the handshake answer, printed
 * first. The client loses the process at most answers and starts a new one
 * at the next create: some 800 processes a run. The Makefile builds this
 * program beside the test programs without the sanitizers in every variant
 * (a DUT process is not the code under test: the client in proc_test is, and
 * it keeps the variant's flags), so that a start costs about a millisecond
 * instead of the ~60 ms of an ASan+UBSan proc_test.
 * Test data: plain C11 and POSIX, no riocheck header.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    static const char *words[] = {
        "out", "symbol", "done", "result=ok", "result=crc", "result=-3", "result=",
        "value", "ok", "error", "bye", "tx_port=1", "vc=255", "group=0", "status=0x4",
        "ride=4", "vcid=1", "encoded=0xffffffffffffffff", "encoded=0x1ffffffffffffffff",
        "1", "0", "-1", "=", "x=1", "#", "name", "hello", "\t", "result=-90",
        "tx_port=1=2", "status=", "18446744073709551616"};
    const size_t nw = sizeof words / sizeof words[0];
    if (argc != 3) {
        fprintf(stderr, "usage: proc-fuzz-dut SEED HELLO\n");
        return 2;
    }
    uint64_t x = (uint64_t)strtoull(argv[1], NULL, 10) | 1;
    char line[8192];
    fputs(argv[2], stdout);
    putchar('\n');
    fflush(stdout);
    while (fgets(line, sizeof line, stdin) != NULL) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        int nlines = (int)(x % 4);
        for (int l = 0; l < nlines; l++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            if (x % 97 == 0) {
                for (int i = 0; i < 4200; i++)
                    putchar('z');
            }
            int nf = (int)(x % 9);
            for (int f = 0; f < nf; f++) {
                x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                if (x % 40 == 0)
                    putchar((int)(x >> 8) & 0xff ? (int)((x >> 8) & 0xff) : 1);
                else
                    fputs(words[x % nw], stdout);
                putchar(' ');
            }
            putchar('\n');
        }
        /* end with a proper answer (a missing one would only cost the
         * client's timeout), so sessions last a while */
        puts(strncmp(line, "step", 4) == 0    ? "done result=ok"
             : strncmp(line, "query", 5) == 0 ? "value 1"
             : strncmp(line, "bye", 3) == 0   ? "bye"
                                              : "ok");
        fflush(stdout);
    }
    return 0;
}
