/* SPDX-License-Identifier: Apache-2.0 */
/* The output folder of riocheck run: lock, staging folder, journal, the
 * swap of the report set, and what a signal leaves behind (outdir.h). */
#include "outdir.h"
#include "../core/seterr.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define STATUS "run-status"
#define LOCK ".riocheck.lock"
#define STAGE_PREFIX ".riocheck-stage."

#define INTERP_MD "interpretations.md"
#define INTERP_HTML "interpretations.html"

/* results.tsv's header line: '#' (a reader skips every line that starts
 * with '#': this one and an interrupted run's first line) and the names of
 * the six columns of every row (docs/ci.md). */
#define TSV_COLUMNS "# id\tverdict\trules\tfile:line\tdetail\tfailed_rules\n"
static const char *const out_name[RC_OUT_FILES] = {
    "results.tsv", "results.json", "results.xml", "compliance.md", "compliance.html"};
/* The set's members: run-status first (it is taken out first and, from the
 * staging folder, put in last). */
static const char *const member[] = {STATUS,          "results.tsv",   "results.json",
                                     "results.xml",   "compliance.md", "compliance.html",
                                     INTERP_MD,       INTERP_HTML,     "repro"};
#define NMEMBERS (sizeof member / sizeof member[0])

/* dst = dir/name (dir "/" gives "/name"). */
static void join(char *dst, size_t cap, const char *dir, const char *name)
{
    size_t dl = strlen(dir), nl = strlen(name), at = 0;
    if (cap == 0)
        return;
    dl = dl < cap - 1 ? dl : cap - 1;
    memcpy(dst, dir, dl);
    at = dl;
    if (at < cap - 1 && !(dl > 0 && dir[dl - 1] == '/'))
        dst[at++] = '/';
    nl = nl < cap - 1 - at ? nl : cap - 1 - at;
    memcpy(dst + at, name, nl);
    dst[at + nl] = '\0';
}

/* ---- checking the options ---------------------------------------------------- */

/* The name of path for opt is not empty (what: "folder" or "file") and
 * leaves room for the names made inside or beside it. */
static int check_length(const char *opt, const char *path, const char *what, char *err,
                        size_t cap)
{
    size_t len = strlen(path);
    if (len == 0)
        return rc_set_err(err, cap, "%s '': an empty %s name", opt, what);
    if (len > RC_OUT_PATH_MAX - 64)
        return rc_set_err(err, cap, "%s %.60s...: longer than %u bytes", opt, path,
                          RC_OUT_PATH_MAX - 64);
    return 0;
}

static int check_folder(const char *opt, const char *path, char *err, size_t cap)
{
    struct stat st;
    if (check_length(opt, path, "folder", err, cap) != 0)
        return -1;
    if (stat(path, &st) == 0)
        return S_ISDIR(st.st_mode) ? 0 : rc_set_err(err, cap, "%s %s: not a folder", opt, path);
    /* ENOENT: missing components, all created like mkdir -p; a component
     * that is a file is ENOTDIR */
    if (errno != ENOENT)
        return rc_set_err(err, cap, "%s %s: %s", opt, path, strerror(errno));
    return 0;
}

static int check_file(const char *opt, const char *path, char *err, size_t cap)
{
    struct stat st;
    if (check_length(opt, path, "file", err, cap) != 0)
        return -1;
    size_t len = strlen(path);
    if (path[len - 1] == '/')
        return rc_set_err(err, cap, "%s %s: a folder name, not a file name", opt, path);
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return rc_set_err(err, cap, "%s %s: a folder, not a file", opt, path);
    } else if (errno != ENOENT) {
        return rc_set_err(err, cap, "%s %s: %s", opt, path, strerror(errno));
    }
    char parent[RC_OUT_PATH_MAX];
    const char *slash = strrchr(path, '/');
    if (slash == NULL)
        snprintf(parent, sizeof parent, ".");
    else if (slash == path)
        snprintf(parent, sizeof parent, "/");
    else
        snprintf(parent, sizeof parent, "%.*s", (int)(slash - path), path);
    if (stat(parent, &st) != 0)
        return rc_set_err(err, cap, "%s %s: folder %s: %s", opt, path, parent, strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return rc_set_err(err, cap, "%s %s: %s is not a folder", opt, path, parent);
    return 0;
}

int rc_outdir_check(const char *out, const char *const files[RC_OUT_FILES],
                    const char *repro, char *err, size_t cap)
{
    static const char *const opt[RC_OUT_FILES] = {"--results", "--json", "--junit",
                                                  "--markdown", "--html"};
    if (out != NULL && check_folder("--out", out, err, cap) != 0)
        return -1;
    for (int k = 0; files != NULL && k < RC_OUT_FILES; k++)
        if (files[k] != NULL && check_file(opt[k], files[k], err, cap) != 0)
            return -1;
    if (repro != NULL && check_folder("--repro-dir", repro, err, cap) != 0)
        return -1;
    return 0;
}

/* ---- small file helpers ------------------------------------------------------- */

/* The test hook (outdir.h): fd becomes /dev/full when RIOCHECK_TEST_FULL
 * names name. */
static void inject_full(int fd, const char *name)
{
    const char *v = getenv("RIOCHECK_TEST_FULL");
    size_t nl = strlen(name);
    while (v != NULL && *v != '\0') {
        const char *comma = strchr(v, ',');
        size_t l = comma ? (size_t)(comma - v) : strlen(v);
        if (l == nl && memcmp(v, name, l) == 0) {
            int full = open("/dev/full", O_WRONLY | O_CLOEXEC);
            if (full >= 0 && full != fd) {
                (void)dup2(full, fd);
                (void)fcntl(fd, F_SETFD, FD_CLOEXEC);
                close(full);
            }
            return;
        }
        v = comma ? comma + 1 : NULL;
    }
}

static int mkdir_p(const char *path)
{
    char d[RC_OUT_PATH_MAX];
    if (snprintf(d, sizeof d, "%s", path) >= (int)sizeof d) {
        errno = ENAMETOOLONG;
        return -1;
    }
    for (char *p = d + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            if (mkdir(d, 0777) != 0 && errno != EEXIST)
                return -1;
            *p = '/';
        }
    if (mkdir(d, 0777) != 0 && errno != EEXIST)
        return -1;
    return 0;
}

/* Remove name under dfd, a file or a whole folder, never following a
 * symlink. 0, or -1 (some of it may be left). */
static int rm_tree(int dfd, const char *name, int depth)
{
    if (unlinkat(dfd, name, 0) == 0 || errno == ENOENT)
        return 0;
    if ((errno != EISDIR && errno != EPERM) || depth > 16)
        return -1;
    int fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return -1;
    DIR *d = fdopendir(fd);
    if (d == NULL) {
        close(fd);
        return -1;
    }
    int rc = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 &&
            rm_tree(fd, e->d_name, depth + 1) != 0)
            rc = -1;
    closedir(d);
    if (unlinkat(dfd, name, AT_REMOVEDIR) != 0)
        rc = -1;
    return rc;
}

static int exists_at(int dfd, const char *name)
{
    struct stat st;
    return fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0;
}

/* Create dfd/name holding text, fsync'd. 0, or -1 with errno set (the file
 * is then removed). */
static int write_at(int dfd, const char *name, const char *text, const char *inject)
{
    int fd = openat(dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0)
        return -1;
    inject_full(fd, inject);
    size_t len = strlen(text), done = 0;
    int e = 0;
    while (done < len && e == 0) {
        ssize_t w = write(fd, text + done, len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            e = w < 0 ? errno : EIO;
        else
            done += (size_t)w;
    }
    if (e == 0 && fsync(fd) != 0 && errno != EINVAL)
        e = errno;
    if (close(fd) != 0 && e == 0)
        e = errno;
    if (e != 0) {
        (void)unlinkat(dfd, name, 0);
        errno = e;
        return -1;
    }
    return 0;
}

/* fflush, fsync and close f: 0, or -1 with errno set (EIO when the stream
 * knew of an error but errno did not say which). f is closed in any case. */
static int close_checked(FILE *f)
{
    int e = 0;
    errno = 0;
    if (fflush(f) != 0 || ferror(f))
        e = errno ? errno : EIO;
    if (e == 0 && fsync(fileno(f)) != 0 && errno != EINVAL)
        e = errno;
    if (fclose(f) != 0 && e == 0)
        e = errno ? errno : EIO;
    errno = e;
    return e ? -1 : 0;
}

/* ---- run-status ------------------------------------------------------------------ */

static void now_iso(char dst[32])
{
    time_t t = time(NULL);
    struct tm tm;
    if (gmtime_r(&t, &tm) == NULL || strftime(dst, 32, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
        snprintf(dst, 32, "-");
}

static size_t status_text(char *dst, size_t cap, const struct rc_outdir *od, int complete)
{
    int len;
    if (complete) {
        char fin[32];
        now_iso(fin);
        len = snprintf(dst, cap,
                       "complete\n"
                       "# The report set in this folder (results.tsv, results.json,\n"
                       "# results.xml, compliance.md, compliance.html, the copy of\n"
                       "# interpretations.md, repro/) is the whole result of\n"
                       "# the riocheck run below, which completed.\n"
                       "pid: %ld\nstarted: %s\nfinished: %s\nvectors: %zu\n",
                       (long)getpid(), od->started, fin, od->vectors);
    } else {
        len = snprintf(dst, cap,
                       "interrupted\n"
                       "# The riocheck run below has not completed: it is still running\n"
                       "# (it holds .riocheck.lock), or it was killed, stopped or failed.\n"
                       "# results.tsv holds a row per vector it finished, repro/ the\n"
                       "# reproducers it wrote; the last complete report set, if any,\n"
                       "# is in previous/.\n"
                       "pid: %ld\nstarted: %s\nvectors: %zu\n",
                       (long)getpid(), od->started, od->vectors);
    }
    return len < 0 ? 0 : (size_t)len < cap ? (size_t)len : cap - 1;
}

/* Append "reason: TEXT\n" (control characters shown as '?'). */
static void add_reason(char *dst, size_t cap, size_t len, const char *reason)
{
    if (reason == NULL || len + 10 >= cap)
        return;
    len += (size_t)snprintf(dst + len, cap - len, "reason: ");
    for (const char *p = reason; *p != '\0' && len + 2 < cap; p++)
        dst[len++] = (unsigned char)*p < 0x20 || *p == 0x7f ? '?' : *p;
    dst[len++] = '\n';
    dst[len] = '\0';
}

/* Replace OUT/run-status by one saying interrupted, with reason. Best
 * effort (it is what a full disk may refuse). */
static void status_interrupted(struct rc_outdir *od, const char *reason)
{
    char text[8192];
    add_reason(text, sizeof text, status_text(text, sizeof text, od, 0), reason);
    (void)unlinkat(od->stagefd, STATUS ".new", 0);
    if (write_at(od->stagefd, STATUS ".new", text, STATUS) != 0)
        return;
    if (renameat(od->stagefd, STATUS ".new", od->dirfd, STATUS) != 0)
        (void)unlinkat(od->stagefd, STATUS ".new", 0);
    else
        od->reason_given = reason != NULL;
}

/* ---- signals --------------------------------------------------------------------- */

static struct rc_outdir *armed;        /* the run holding an output folder */
static pid_t armed_pid;                /* its process (not a forked worker) */
static volatile sig_atomic_t armed_rows; /* rows in its journal */
static char sig_text[4096];            /* run-status up to the reason */
static size_t sig_len;
static const int sig_list[3] = {SIGTERM, SIGINT, SIGHUP};
static struct sigaction sig_old[3];
static int sig_set[3];

static size_t put_str(char *dst, size_t at, size_t cap, const char *s)
{
    while (*s != '\0' && at + 1 < cap)
        dst[at++] = *s++;
    return at;
}

static size_t put_num(char *dst, size_t at, size_t cap, unsigned long long v)
{
    char d[24];
    size_t n = 0;
    do
        d[n++] = (char)('0' + v % 10);
    while ((v /= 10) != 0 && n < sizeof d);
    while (n > 0 && at + 1 < cap)
        dst[at++] = d[--n];
    return at;
}

/* Async-signal-safe: openat, write, close, renameat, unlinkat, sigaction,
 * raise. After run-status is written, the handler that was there before
 * runs (e.g. the isolation layer's, which kills the worker's or the DUT
 * process's group); when there was none, the signal ends the process. */
static void on_signal(int sig, siginfo_t *si, void *uc)
{
    int e = errno;
    struct rc_outdir *od = armed;
    if (od != NULL && getpid() == armed_pid) {
        char tail[160];
        size_t t = put_str(tail, 0, sizeof tail, "reason: received ");
        t = put_str(tail, t, sizeof tail,
                    sig == SIGTERM ? "SIGTERM" : sig == SIGINT ? "SIGINT" : "SIGHUP");
        t = put_str(tail, t, sizeof tail, " after ");
        t = put_num(tail, t, sizeof tail, (unsigned long long)armed_rows);
        t = put_str(tail, t, sizeof tail, " of ");
        t = put_num(tail, t, sizeof tail, (unsigned long long)od->vectors);
        t = put_str(tail, t, sizeof tail, " vectors\n");
        int fd = openat(od->stagefd, STATUS ".sig",
                        O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd >= 0) {
            int ok = write(fd, sig_text, sig_len) == (ssize_t)sig_len &&
                     write(fd, tail, t) == (ssize_t)t;
            close(fd);
            if (ok)
                (void)renameat(od->stagefd, STATUS ".sig", od->dirfd, STATUS);
            else
                (void)unlinkat(od->stagefd, STATUS ".sig", 0);
        }
        /* the staging folder is empty while vectors run */
        (void)unlinkat(od->dirfd, od->stage, AT_REMOVEDIR);
    }
    int k = sig == SIGTERM ? 0 : sig == SIGINT ? 1 : 2;
    const struct sigaction *prev = &sig_old[k];
    if (sig_set[k] && (prev->sa_flags & SA_SIGINFO) && prev->sa_sigaction != NULL) {
        prev->sa_sigaction(sig, si, uc);
        errno = e;
        return;
    }
    if (sig_set[k] && !(prev->sa_flags & SA_SIGINFO) && prev->sa_handler != SIG_DFL &&
        prev->sa_handler != SIG_IGN) {
        prev->sa_handler(sig);
        errno = e;
        return;
    }
    /* end as the signal would have ended us (a forked worker too) */
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    (void)sigaction(sig, &dfl, NULL);
    (void)raise(sig);
    errno = e;
}

static void arm(struct rc_outdir *od)
{
    sig_len = status_text(sig_text, sizeof sig_text, od, 0);
    armed_rows = 0;
    armed_pid = getpid();
    armed = od;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART | SA_SIGINFO;
    for (int i = 0; i < 3; i++) {
        sig_set[i] = 0;
        /* a signal ignored when we started (nohup, a background job) stays so */
        if (sigaction(sig_list[i], NULL, &sig_old[i]) == 0 &&
            !(!(sig_old[i].sa_flags & SA_SIGINFO) && sig_old[i].sa_handler == SIG_IGN))
            sig_set[i] = sigaction(sig_list[i], &sa, NULL) == 0;
    }
}

static void disarm(void)
{
    armed = NULL;
    for (int i = 0; i < 3; i++)
        if (sig_set[i]) {
            (void)sigaction(sig_list[i], &sig_old[i], NULL);
            sig_set[i] = 0;
        }
}

static void note_error(const char *path, int e)
{
    struct rc_outdir *od = armed;
    if (od != NULL && od->err == 0) {
        od->err = e ? e : EIO;
        snprintf(od->err_path, sizeof od->err_path, "%s", path);
    }
}

/* ---- taking the folder --------------------------------------------------------- */

enum set_state { SET_NONE, SET_COMPLETE, SET_LEGACY, SET_INTERRUPTED };

/* What OUT holds now: the first word of its run-status, or (none) an
 * earlier riocheck's set, or nothing. */
static enum set_state set_state(int dirfd)
{
    char buf[16] = "";
    int fd = openat(dirfd, STATUS, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd >= 0) {
        ssize_t r = read(fd, buf, sizeof buf - 1);
        close(fd);
        buf[r > 0 ? r : 0] = '\0';
        /* an unreadable or unknown status: keep the set, as if complete */
        return strncmp(buf, "interrupted", 11) == 0 ? SET_INTERRUPTED : SET_COMPLETE;
    }
    if (exists_at(dirfd, STATUS))
        return SET_COMPLETE; /* e.g. a planted symlink: kept, not read */
    for (size_t i = 1; i < NMEMBERS; i++)
        if (exists_at(dirfd, member[i]))
            return SET_LEGACY;
    return SET_NONE;
}

/* Move every member of the set in OUT into sfd/dest (a folder). Run-status
 * first when status_first, else last. 0, or -1 with errno set and the
 * failing member in *which. */
static int move_members(int dirfd, int sfd, const char *dest, int status_first,
                        const char **which)
{
    for (size_t k = 0; k < NMEMBERS; k++) {
        size_t i = status_first ? k : (k + 1) % NMEMBERS;
        char to[64];
        snprintf(to, sizeof to, "%s/%s", dest, member[i]);
        if (renameat(dirfd, member[i], sfd, to) != 0 && errno != ENOENT) {
            *which = member[i];
            return -1;
        }
    }
    return 0;
}

/* previous/ is ours when it holds a run-status. */
static int previous_is_ours(int dirfd)
{
    struct stat st;
    return fstatat(dirfd, "previous/" STATUS, &st, AT_SYMLINK_NOFOLLOW) == 0;
}

/* A staging folder left by a run that was killed: if it holds a non-empty
 * previous/, that run was moving a complete set there; finish the move.
 * Then remove the folder. */
static void recover_stage(int dirfd, const char *name)
{
    int sfd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (sfd >= 0) {
        int moving = 0;
        for (size_t i = 0; i < NMEMBERS && !moving; i++) {
            char p[64];
            snprintf(p, sizeof p, "previous/%s", member[i]);
            moving = exists_at(sfd, p);
        }
        const char *which;
        if (moving && move_members(dirfd, sfd, "previous", 1, &which) == 0) {
            (void)mkdirat(sfd, "trash", 0700);
            if (renameat(dirfd, "previous", sfd, "trash/previous") == 0 || errno == ENOENT)
                (void)renameat(sfd, "previous", dirfd, "previous");
        }
        close(sfd);
    }
    (void)rm_tree(dirfd, name, 0);
}

static void recover_stale(int dirfd)
{
    int fd = openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    if (d == NULL) {
        if (fd >= 0)
            close(fd);
        return;
    }
    char names[16][64];
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && n < 16)
        if (strncmp(e->d_name, STAGE_PREFIX, strlen(STAGE_PREFIX)) == 0 &&
            strlen(e->d_name) < sizeof names[0]) {
            memcpy(names[n], e->d_name, strlen(e->d_name) + 1);
            n++;
        }
    closedir(d);
    for (size_t i = 0; i < n; i++)
        recover_stage(dirfd, names[i]);
}

static int take_lock(struct rc_outdir *od, char *err, size_t cap)
{
    char shown[RC_OUT_PATH_MAX + 32];
    join(shown, sizeof shown, od->dir, LOCK);
    od->lockfd = openat(od->dirfd, LOCK, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (od->lockfd < 0 && (errno == EACCES || errno == EROFS))
        od->lockfd = openat(od->dirfd, LOCK, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (od->lockfd < 0)
        return rc_set_err(err, cap, "cannot create %s: %s", shown, strerror(errno));
    if (flock(od->lockfd, LOCK_EX | LOCK_NB) != 0) {
        int e = errno;
        if (e != EWOULDBLOCK)
            return rc_set_err(err, cap, "cannot lock %s: %s", shown, strerror(e));
        char pid[24] = "";
        ssize_t r = pread(od->lockfd, pid, sizeof pid - 1, 0);
        pid[r > 0 ? r : 0] = '\0';
        pid[strspn(pid, "0123456789")] = '\0';
        return rc_set_err(err, cap, "another riocheck run is writing %s (pid %s); wait for it to "
                                    "end or give another --out", od->dir, pid[0] ? pid : "unknown");
    }
    char pid[24];
    int len = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
    if (ftruncate(od->lockfd, 0) == 0)
        (void)!pwrite(od->lockfd, pid, (size_t)len, 0);
    return 0;
}

/* Undo what begin did so far (nothing in OUT's set was touched yet); the
 * lock stays until rc_outdir_end. */
static void begin_undo(struct rc_outdir *od)
{
    rc_journal_close(&od->journal);
    if (od->stagefd >= 0) {
        close(od->stagefd);
        (void)rm_tree(od->dirfd, od->stage, 0);
    }
    od->stagefd = -1;
    od->stage[0] = '\0';
}

int rc_outdir_lock(struct rc_outdir *od, const char *out, char *err, size_t cap)
{
    memset(od, 0, sizeof *od);
    od->dirfd = od->lockfd = od->stagefd = od->journal.fd = -1;
    if (out == NULL)
        return rc_set_err(err, cap, "no output folder");
    if (rc_outdir_check(out, NULL, NULL, err, cap) != 0)
        return -1;
    snprintf(od->dir, sizeof od->dir, "%s", out);
    for (size_t l = strlen(od->dir); l > 1 && od->dir[l - 1] == '/'; l--)
        od->dir[l - 1] = '\0';
    if (mkdir_p(od->dir) != 0)
        return rc_set_err(err, cap, "cannot create folder %s: %s", od->dir, strerror(errno));
    od->dirfd = open(od->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (od->dirfd < 0)
        return rc_set_err(err, cap, "cannot open folder %s: %s", od->dir, strerror(errno));
    if (take_lock(od, err, cap) != 0) {
        close(od->dirfd);
        if (od->lockfd >= 0)
            close(od->lockfd);
        od->dirfd = od->lockfd = -1;
        return -1;
    }
    od->locked = 1;
    return 0;
}

int rc_outdir_begin(struct rc_outdir *od, const char *out,
                    const char *const files[RC_OUT_FILES], const char *repro,
                    size_t vectors, char *err, size_t cap)
{
    if (!od->locked && rc_outdir_lock(od, out, err, cap) != 0)
        return -1;
    if (od->active || rc_outdir_check(NULL, files, repro, err, cap) != 0)
        return od->active ? rc_set_err(err, cap, "%s: a run is already going", od->dir) : -1;
    for (int k = 0; k < RC_OUT_FILES; k++) {
        od->loose[k] = files != NULL && files[k] != NULL;
        if (od->loose[k])
            snprintf(od->path[k], sizeof od->path[k], "%s", files[k]);
        else
            join(od->path[k], sizeof od->path[k], od->dir, out_name[k]);
    }
    od->repro_in_set = repro == NULL;
    if (repro != NULL)
        snprintf(od->repro, sizeof od->repro, "%s", repro);
    else
        join(od->repro, sizeof od->repro, od->dir, "repro");
    od->vectors = vectors;
    now_iso(od->started);

    char shown[RC_OUT_PATH_MAX + 32];
    recover_stale(od->dirfd);

    /* everything the swap needs, created before anything is moved */
    snprintf(od->stage, sizeof od->stage, STAGE_PREFIX "%ld", (long)getpid());
    if (mkdirat(od->dirfd, od->stage, 0700) != 0 ||
        (od->stagefd = openat(od->dirfd, od->stage,
                              O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0) {
        int e = errno;
        begin_undo(od);
        return rc_set_err(err, cap, "cannot write in folder %s: %s", od->dir, strerror(e));
    }
    join(shown, sizeof shown, od->dir, "results.tsv");
    char header[512];
    snprintf(header, sizeof header,
             "# interrupted: the riocheck run of %s (pid %ld) has not completed; "
             "a row per finished vector follows (see run-status)\n" TSV_COLUMNS,
             od->started, (long)getpid());
    int jfd = openat(od->stagefd, "results.tsv",
                     O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (jfd < 0 || rc_journal_init(&od->journal, jfd, header) != 0) {
        int e = errno;
        begin_undo(od);
        return rc_set_err(err, cap, "cannot write %s: %s", shown, strerror(e));
    }
    inject_full(od->journal.fd, "results.tsv");
    char text[4096];
    status_text(text, sizeof text, od, 0);
    join(shown, sizeof shown, od->dir, STATUS);
    if (write_at(od->stagefd, STATUS, text, STATUS) != 0) {
        int e = errno;
        begin_undo(od);
        return rc_set_err(err, cap, "cannot write %s: %s", shown, strerror(e));
    }
    enum set_state st = set_state(od->dirfd);
    int mk = (od->repro_in_set ? mkdirat(od->stagefd, "repro", 0777) : 0) != 0 ||
             mkdirat(od->stagefd, "previous", 0777) != 0 ||
             mkdirat(od->stagefd, "trash", 0700) != 0;
    if (!mk && st == SET_LEGACY) {
        snprintf(text, sizeof text,
                 "complete\n# The report set of an earlier riocheck run (which wrote no\n"
                 "# run-status), moved here by the run of %s (pid %ld).\n",
                 od->started, (long)getpid());
        mk = write_at(od->stagefd, "previous/" STATUS, text, STATUS) != 0;
    }
    if (mk) {
        int e = errno;
        begin_undo(od);
        return rc_set_err(err, cap, "cannot write in folder %s: %s", od->dir, strerror(e));
    }
    if ((st == SET_COMPLETE || st == SET_LEGACY) && exists_at(od->dirfd, "previous") &&
        !previous_is_ours(od->dirfd)) {
        begin_undo(od);
        join(shown, sizeof shown, od->dir, "previous");
        return rc_set_err(err, cap, "%s is not riocheck's (it holds no run-status): move it "
                                    "away, riocheck keeps the last complete report set there",
                          shown);
    }

    /* the swap: renames only */
    const char *which = NULL;
    int moved;
    if (st == SET_COMPLETE || st == SET_LEGACY) {
        moved = move_members(od->dirfd, od->stagefd, "previous", 1, &which) == 0 &&
                (renameat(od->dirfd, "previous", od->stagefd, "trash/previous") == 0 ||
                 errno == ENOENT) &&
                renameat(od->stagefd, "previous", od->dirfd, "previous") == 0;
    } else {
        moved = move_members(od->dirfd, od->stagefd, "trash", 0, &which) == 0;
    }
    if (!moved) {
        /* leave the staging folder: the next run finishes the move */
        int e = errno;
        join(shown, sizeof shown, od->dir, which ? which : "previous");
        rc_journal_close(&od->journal);
        close(od->stagefd);
        od->stagefd = -1;
        od->stage[0] = '\0';
        return rc_set_err(err, cap, "cannot move %s out of the way: %s", shown, strerror(e));
    }
    if (renameat(od->stagefd, STATUS, od->dirfd, STATUS) != 0 ||
        renameat(od->stagefd, "results.tsv", od->dirfd, "results.tsv") != 0 ||
        (od->repro_in_set && renameat(od->stagefd, "repro", od->dirfd, "repro") != 0)) {
        int e = errno;
        begin_undo(od);
        return rc_set_err(err, cap, "cannot write in folder %s: %s", od->dir, strerror(e));
    }
    (void)fsync(od->dirfd);
    (void)rm_tree(od->stagefd, "trash", 0);
    (void)unlinkat(od->stagefd, "previous", AT_REMOVEDIR);
    od->active = 1;
    arm(od);
    return 0;
}

/* ---- while the run goes ------------------------------------------------------------ */

FILE *rc_outdir_row(struct rc_outdir *od)
{
    return od != NULL && od->active ? rc_journal_row(&od->journal) : NULL;
}

int rc_outdir_row_done(struct rc_outdir *od, char *err, size_t cap)
{
    if (od == NULL || !od->active)
        return rc_set_err(err, cap, "no output folder");
    if (rc_journal_commit(&od->journal) == 0) {
        armed_rows = (sig_atomic_t)(od->journal.rows < 0x7fffffff ? od->journal.rows
                                                                  : 0x7fffffff);
        return 0;
    }
    int e = errno;
    if (od->journal.err == 0)
        od->journal.err = e; /* a row lost (no memory): the journal stops too */
    char shown[RC_OUT_PATH_MAX + 32];
    join(shown, sizeof shown, od->dir, "results.tsv");
    return rc_set_err(err, cap, "cannot write %s: %s", shown, strerror(od->journal.err));
}

const char *rc_outdir_path(const struct rc_outdir *od, enum rc_out_file k)
{
    return od != NULL && k < RC_OUT_FILES ? od->path[k] : NULL;
}

const char *rc_outdir_repro(const struct rc_outdir *od)
{
    return od != NULL ? od->repro : NULL;
}

/* Files from rc_outdir_create_file are formatted in memory and written by
 * rc_outdir_close_file with write(): a stdio buffer flushed halfway would
 * lose the errno of a failed write (ENOSPC) before the close could report
 * it. A few can be open at once. */
static struct pending_file {
    FILE *f;     /* the memory stream handed out, NULL when the slot is free */
    char *buf;
    size_t len;
    int fd;      /* the file created */
} pending[4];

FILE *rc_outdir_create_file(const char *path)
{
    struct stat st;
    if (path == NULL) {
        errno = EINVAL;
        return NULL;
    }
    if (lstat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            note_error(path, EISDIR);
            errno = EISDIR;
            return NULL;
        }
        if (unlink(path) != 0 && errno != ENOENT) {
            int e = errno;
            note_error(path, e);
            errno = e;
            return NULL;
        }
    }
    struct pending_file *p = NULL;
    for (size_t i = 0; i < sizeof pending / sizeof pending[0] && p == NULL; i++)
        if (pending[i].f == NULL)
            p = &pending[i];
    if (p == NULL) {
        errno = EMFILE;
        return NULL;
    }
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd >= 0) {
        inject_full(fd, "repro");
        p->buf = NULL;
        p->len = 0;
        p->f = open_memstream(&p->buf, &p->len);
        if (p->f == NULL) {
            int e = errno;
            close(fd);
            (void)unlink(path);
            errno = e;
        }
    }
    if (fd < 0 || p->f == NULL) {
        int e = errno;
        note_error(path, e);
        errno = e;
        return NULL;
    }
    p->fd = fd;
    return p->f;
}

int rc_outdir_close_file(FILE *f, const char *path)
{
    struct pending_file *p = NULL;
    for (size_t i = 0; f != NULL && i < sizeof pending / sizeof pending[0] && p == NULL; i++)
        if (pending[i].f == f)
            p = &pending[i];
    if (p == NULL) {
        errno = EINVAL;
        return -1;
    }
    int e = 0;
    if (fflush(f) != 0 || ferror(f))
        e = ENOMEM; /* a memory stream fails only for want of memory */
    size_t done = 0;
    while (e == 0 && done < p->len) {
        ssize_t w = write(p->fd, p->buf + done, p->len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            e = w < 0 ? errno : EIO;
        else
            done += (size_t)w;
    }
    fclose(f);
    free(p->buf);
    if (close(p->fd) != 0 && e == 0)
        e = errno;
    p->f = NULL;
    p->buf = NULL;
    if (e != 0) {
        note_error(path, e);
        errno = e;
        return -1;
    }
    return 0;
}

/* ---- completing ---------------------------------------------------------------------- */

static int write_output(FILE *f, enum rc_out_file k, const struct rc_outdir *od,
                        const struct rc_run_info *info, const struct rc_catalogue *cat,
                        const struct rc_result_row *rows, size_t n,
                        const struct rc_report_opts *o)
{
    switch (k) {
    case RC_OUT_TSV:
        return fputs(TSV_COLUMNS, f) < 0 ? -1 : rc_journal_copy_rows(&od->journal, f);
    case RC_OUT_JSON:
        return rc_write_json_opts(f, info, cat, rows, n, o);
    case RC_OUT_XML:
        return rc_write_junit(f, info, cat, rows, n);
    case RC_OUT_MD:
        return rc_write_markdown(f, info, cat, rows, n, o);
    case RC_OUT_HTML:
        return rc_write_html(f, info, cat, rows, n, o);
    case RC_OUT_FILES:
        break;
    }
    errno = EINVAL;
    return -1;
}

/* ROOT/docs/interpretations.md into memory (at most RC_OUT_INTERP_MAX
 * bytes): a malloc'd buffer, or NULL when it cannot be read (missing,
 * unreadable, too large, no memory): then no copy is shipped, and the
 * reports say so. */
static char *read_interpretations(const char *root, size_t *len)
{
    char path[RC_OUT_PATH_MAX];
    join(path, sizeof path, root != NULL ? root : ".", "docs/" INTERP_MD);
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    struct stat st;
    if (fd < 0)
        return NULL;
    char *buf = NULL;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= 0 &&
        (unsigned long long)st.st_size <= RC_OUT_INTERP_MAX &&
        (buf = malloc((size_t)st.st_size + 1)) != NULL) {
        size_t want = (size_t)st.st_size, got = 0;
        while (got < want) {
            ssize_t r = read(fd, buf + got, want - got);
            if (r < 0 && errno == EINTR)
                continue;
            if (r <= 0)
                break;
            got += (size_t)r;
        }
        if (got != want) {
            free(buf);
            buf = NULL;
        } else {
            buf[got] = '\0';
            *len = got;
        }
    }
    close(fd);
    return buf;
}

/* The copy of docs/interpretations.md and its HTML rendering, into the
 * staging folder. 0 (also when there is nothing to copy), or -1 with errno
 * set and the failed file's name in *which. */
static int write_interpretations(const struct rc_outdir *od, const char *root,
                                 const char **which)
{
    size_t len = 0;
    char *text = read_interpretations(root, &len);
    if (text == NULL)
        return 0;
    int rc = -1, e = 0;
    *which = INTERP_MD;
    if (write_at(od->stagefd, INTERP_MD, text, INTERP_MD) == 0) {
        *which = INTERP_HTML;
        int fd = openat(od->stagefd, INTERP_HTML,
                        O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
        if (f == NULL && fd >= 0)
            close(fd);
        if (f != NULL) {
            inject_full(fileno(f), INTERP_HTML);
            errno = 0;
            int w = rc_write_interp_html(f, text, len);
            e = errno;
            if (close_checked(f) == 0 && w == 0)
                rc = 0;
            else
                e = e != 0 ? e : errno != 0 ? errno : EIO;
        } else {
            e = errno;
        }
    } else {
        e = errno;
    }
    free(text);
    errno = e;
    return rc;
}

int rc_outdir_finish(struct rc_outdir *od, const struct rc_run_info *info,
                     const struct rc_catalogue *cat, const struct rc_result_row *rows,
                     size_t n, const struct rc_report_opts *o, char *err, size_t cap)
{
    if (od == NULL || !od->active || od->complete)
        return rc_set_err(err, cap, "no output folder to complete");
    sigset_t block, old;
    sigemptyset(&block);
    for (int i = 0; i < 3; i++)
        sigaddset(&block, sig_list[i]);
    sigprocmask(SIG_BLOCK, &block, &old);

    char tmp[RC_OUT_FILES][RC_OUT_PATH_MAX];
    int made[RC_OUT_FILES] = {0}, status_made = 0, rc = -1;
    char shown[RC_OUT_PATH_MAX + 32];
    if (od->journal.err != 0) {
        join(shown, sizeof shown, od->dir, "results.tsv");
        rc_set_err(err, cap, "cannot write %s: %s", shown, strerror(od->journal.err));
        goto out;
    }
    if (od->err != 0) {
        rc_set_err(err, cap, "cannot write %s: %s", od->err_path, strerror(od->err));
        goto out;
    }
    for (int k = 0; k < RC_OUT_FILES; k++) {
        FILE *f;
        if (od->loose[k]) {
            f = rc_atomic_open(od->path[k], tmp[k], sizeof tmp[k]);
        } else {
            int fd = openat(od->stagefd, out_name[k],
                            O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
            f = fd >= 0 ? fdopen(fd, "w") : NULL;
            if (f == NULL && fd >= 0)
                close(fd);
        }
        if (f == NULL) {
            rc_set_err(err, cap, "cannot write %s: %s", od->path[k], strerror(errno));
            goto out;
        }
        made[k] = 1;
        inject_full(fileno(f), out_name[k]);
        errno = 0;
        int w = write_output(f, (enum rc_out_file)k, od, info, cat, rows, n, o);
        int e = errno;
        if (close_checked(f) != 0 || w != 0) {
            e = e != 0 ? e : errno != 0 ? errno : EIO;
            rc_set_err(err, cap, "cannot write %s: %s", od->path[k], strerror(e));
            goto out;
        }
    }
    const char *which = NULL;
    if (write_interpretations(od, info != NULL ? info->root : NULL, &which) != 0) {
        int e = errno;
        join(shown, sizeof shown, od->dir, which);
        rc_set_err(err, cap, "cannot write %s: %s", shown, strerror(e));
        goto out;
    }
    char text[4096];
    status_text(text, sizeof text, od, 1);
    join(shown, sizeof shown, od->dir, STATUS);
    if (write_at(od->stagefd, STATUS, text, STATUS) != 0) {
        rc_set_err(err, cap, "cannot write %s: %s", shown, strerror(errno));
        goto out;
    }
    status_made = 1;

    /* every file is written: rename them into place, run-status last */
    for (int k = 0; k < RC_OUT_FILES; k++) {
        int bad = od->loose[k]
                      ? rename(tmp[k], od->path[k])
                      : renameat(od->stagefd, out_name[k], od->dirfd, out_name[k]);
        if (bad != 0) {
            rc_set_err(err, cap, "cannot replace %s: %s", od->path[k], strerror(errno));
            goto out;
        }
        made[k] = 0;
    }
    for (size_t i = 0; i < 2; i++) {
        const char *name = i == 0 ? INTERP_MD : INTERP_HTML;
        if (exists_at(od->stagefd, name) &&
            renameat(od->stagefd, name, od->dirfd, name) != 0) {
            join(shown, sizeof shown, od->dir, name);
            rc_set_err(err, cap, "cannot replace %s: %s", shown, strerror(errno));
            goto out;
        }
    }
    if (od->loose[RC_OUT_TSV]) {
        /* the journal goes, unless --results named it */
        struct stat a, b;
        if (fstat(od->journal.fd, &a) == 0 &&
            fstatat(od->dirfd, "results.tsv", &b, AT_SYMLINK_NOFOLLOW) == 0 &&
            a.st_dev == b.st_dev && a.st_ino == b.st_ino)
            (void)unlinkat(od->dirfd, "results.tsv", 0);
    }
    if (renameat(od->stagefd, STATUS, od->dirfd, STATUS) != 0) {
        rc_set_err(err, cap, "cannot replace %s: %s", shown, strerror(errno));
        goto out;
    }
    status_made = 0;
    od->complete = 1;
    disarm(); /* a signal that came meanwhile now ends the process as usual */
    if (previous_is_ours(od->dirfd) &&
        renameat(od->dirfd, "previous", od->stagefd, "old-previous") == 0)
        (void)rm_tree(od->stagefd, "old-previous", 0);
    (void)fsync(od->dirfd);
    rc = 0;
out:
    for (int k = 0; k < RC_OUT_FILES; k++)
        if (made[k]) {
            if (od->loose[k])
                (void)unlink(tmp[k]);
            else
                (void)unlinkat(od->stagefd, out_name[k], 0);
        }
    if (status_made)
        (void)unlinkat(od->stagefd, STATUS, 0);
    (void)unlinkat(od->stagefd, INTERP_MD, 0);
    (void)unlinkat(od->stagefd, INTERP_HTML, 0);
    if (rc != 0)
        status_interrupted(od, err);
    sigprocmask(SIG_SETMASK, &old, NULL);
    return rc;
}

void rc_outdir_end(struct rc_outdir *od, const char *reason)
{
    if (od == NULL || !od->locked)
        return;
    if (armed == od)
        disarm();
    if (od->active) {
        if (!od->complete && reason != NULL && !od->reason_given)
            status_interrupted(od, reason);
        rc_journal_close(&od->journal);
    }
    if (od->stagefd >= 0)
        close(od->stagefd);
    if (od->stage[0] != '\0')
        (void)rm_tree(od->dirfd, od->stage, 0);
    close(od->dirfd);
    close(od->lockfd); /* releases the lock */
    od->stagefd = od->dirfd = od->lockfd = -1;
    od->active = od->locked = 0;
}
