/* SPDX-License-Identifier: Apache-2.0 */
/*
 * maxrss.c - run a command and write its peak resident set size.
 *
 *   maxrss OUTFILE PROGRAM [ARGS...]
 *
 * Runs PROGRAM (execvp) with ARGS, waits for it and writes its peak RSS in
 * KiB (getrusage's ru_maxrss, from wait4) and a newline to OUTFILE. Exits
 * with the program's exit status (128 + N when killed by signal N), 125 when
 * it cannot be run or OUTFILE cannot be written. hostile_test.sh uses it to
 * print (and bound) riocheck's memory while a DUT sends a 100 MB line.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* wait4 is BSD/Linux, not POSIX: declared here for -D_POSIX_C_SOURCE */
pid_t wait4(pid_t pid, int *status, int options, struct rusage *rusage);

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: maxrss OUTFILE PROGRAM [ARGS...]\n");
        return 125;
    }
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "maxrss: fork: %s\n", strerror(errno));
        return 125;
    }
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        fprintf(stderr, "maxrss: %s: %s\n", argv[2], strerror(errno));
        _exit(125);
    }
    int st = 0;
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    pid_t w;
    while ((w = wait4(pid, &st, 0, &ru)) < 0 && errno == EINTR)
        ;
    if (w < 0) {
        fprintf(stderr, "maxrss: wait4: %s\n", strerror(errno));
        return 125;
    }
    FILE *f = fopen(argv[1], "w");
    if (f == NULL || fprintf(f, "%ld\n", (long)ru.ru_maxrss) < 0 || fclose(f) != 0) {
        fprintf(stderr, "maxrss: %s: cannot write\n", argv[1]);
        return 125;
    }
    if (WIFSIGNALED(st))
        return 128 + WTERMSIG(st);
    return WEXITSTATUS(st);
}
