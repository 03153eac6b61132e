/* SPDX-License-Identifier: Apache-2.0 */
/* Results of a run: the interpretation ids a vector's cite line names, and
 * the journal of results.tsv. */
#include "results.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

static int is_upper_or_digit(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* A character that may not touch an id on either side: a cite line writes
 * "(interpretation I-GEN-1)", "I-VOQ-2, I-VOQ-3" or "I-FCEP-1:", never
 * "XI-GEN-1" or "I-GEN-1a". */
static int is_word(char c)
{
    return (c >= 'a' && c <= 'z') || is_upper_or_digit(c) || c == '_' || c == '-';
}

/* Interpretation ids have the form I-<A-Z0-9>+-<0-9>+ (docs/interpretations.md).
 * Each distinct id is written once, in order of first appearance; ids that
 * do not fit in 16 bytes are not interpretation ids and are skipped. The
 * return value is the number written (never more than cap). */
size_t rc_cite_interpretations(char dst[][16], size_t cap, const char *cite)
{
    size_t n = 0;
    if (dst == NULL || cite == NULL)
        return 0;
    for (size_t i = 0; cite[i] != '\0' && n < cap; i++) {
        if (cite[i] != 'I' || cite[i + 1] != '-' || (i > 0 && is_word(cite[i - 1])))
            continue;
        size_t p = i + 2, mod = p;
        while (is_upper_or_digit(cite[p]))
            p++;
        if (p == mod || cite[p] != '-')
            continue;
        size_t num = ++p;
        while (is_digit(cite[p]))
            p++;
        if (p == num || is_word(cite[p]) || p - i > 15)
            continue;
        char id[16];
        memcpy(id, cite + i, p - i);
        id[p - i] = '\0';
        int seen = 0;
        for (size_t k = 0; k < n && !seen; k++)
            seen = strcmp(dst[k], id) == 0;
        if (!seen)
            memcpy(dst[n++], id, sizeof id);
        i = p - 1;
    }
    return n;
}

/* ---- the journal ---------------------------------------------------------- */

/* write() all of p[0..n) at offset *at; on a short write or an error, cut
 * the file back to *at. */
static int append_all(int fd, long long *at, const char *p, size_t n)
{
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(fd, p + done, n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            int e = w < 0 ? errno : EIO;
            (void)ftruncate(fd, (off_t)*at);
            (void)lseek(fd, (off_t)*at, SEEK_SET);
            errno = e;
            return -1;
        }
        done += (size_t)w;
    }
    *at += (long long)n;
    return 0;
}

int rc_journal_init(struct rc_journal *j, int fd, const char *header)
{
    memset(j, 0, sizeof *j);
    j->fd = -1;
    if (fd < 0 || header == NULL || header[0] != '#' ||
        header[strlen(header) - 1] != '\n') {
        if (fd >= 0)
            close(fd);
        errno = EINVAL;
        return -1;
    }
    j->fd = fd;
    j->row = open_memstream(&j->buf, &j->buflen);
    if (j->row == NULL || append_all(fd, &j->good, header, strlen(header)) != 0) {
        int e = errno;
        rc_journal_close(j);
        errno = e;
        return -1;
    }
    j->head = j->good;
    return 0;
}

FILE *rc_journal_row(struct rc_journal *j)
{
    return j ? j->row : NULL;
}

int rc_journal_commit(struct rc_journal *j)
{
    if (j == NULL || j->row == NULL) {
        errno = EINVAL;
        return -1;
    }
    /* the memory stream's length is its position after the flush */
    int bad = fflush(j->row) != 0 || ferror(j->row);
    off_t len = ftello(j->row);
    rewind(j->row);
    if (bad || len < 0) {
        clearerr(j->row);
        errno = ENOMEM;
        return -1;
    }
    if (j->err != 0) {
        errno = j->err;
        return -1;
    }
    if (append_all(j->fd, &j->good, j->buf, (size_t)len) != 0) {
        j->err = errno;
        return -1;
    }
    j->rows++;
    return 0;
}

int rc_journal_copy_rows(const struct rc_journal *j, FILE *out)
{
    char buf[65536];
    long long at = j->head;
    while (at < j->good) {
        size_t want = (size_t)(j->good - at < (long long)sizeof buf ? j->good - at
                                                                     : (long long)sizeof buf);
        ssize_t r = pread(j->fd, buf, want, (off_t)at);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            if (r == 0)
                errno = EIO; /* the file got shorter under us */
            return -1;
        }
        if (fwrite(buf, 1, (size_t)r, out) != (size_t)r)
            return -1;
        at += r;
    }
    return 0;
}

void rc_journal_close(struct rc_journal *j)
{
    if (j == NULL)
        return;
    if (j->row != NULL)
        fclose(j->row);
    free(j->buf);
    if (j->fd >= 0)
        close(j->fd);
    j->row = NULL;
    j->buf = NULL;
    j->fd = -1;
}
