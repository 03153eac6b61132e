/* SPDX-License-Identifier: Apache-2.0 */
/* The --out folder of riocheck run (harness/report/outdir.h) and the
 * results journal (harness/core/results.h): the lock, the journal, the
 * sets moved and swapped, what kill -9, SIGTERM, a full disk (/dev/full
 * through RIOCHECK_TEST_FULL, RLIMIT_FSIZE), a failed rename, a planted
 * symlink or a foreign folder leave. Every expected file content is written
 * out here from outdir.h, never read back from the module. Runs that must
 * die (kill -9, a signal) run in a forked child. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../../reference/tests/check.h"
#include "../outdir.h"

#define CHECK_STR(a, b)                                                        \
    do {                                                                       \
        const char *sa_ = (a), *sb_ = (b);                                     \
        if (sa_ == NULL || sb_ == NULL || strcmp(sa_, sb_) != 0) {             \
            check_fail_(__FILE__, __LINE__);                                   \
            fprintf(stderr, "%s == %s\n    left:  \"%s\"\n    right: \"%s\"\n", \
                    #a, #b, sa_ ? sa_ : "(null)", sb_ ? sb_ : "(null)");       \
            return;                                                            \
        }                                                                      \
    } while (0)
/* s contains sub */
#define CHECK_HAS(s, sub)                                                      \
    do {                                                                       \
        const char *sh_ = (s);                                                 \
        if (sh_ == NULL || strstr(sh_, (sub)) == NULL) {                       \
            check_fail_(__FILE__, __LINE__);                                   \
            fprintf(stderr, "%s contains \"%s\"\n    it is: \"%s\"\n", #s,     \
                    (sub), sh_ ? sh_ : "(null)");                              \
            return;                                                            \
        }                                                                      \
    } while (0)

static char base_[64];
static char out_[128];
static char buf_[1 << 16];
static char err_[8192];

/* A fresh folder for one test; OUT is base/out (not created). */
static void fresh(void)
{
    snprintf(base_, sizeof base_, "/tmp/outdir_test_XXXXXX");
    if (mkdtemp(base_) == NULL) {
        perror("mkdtemp");
        exit(1);
    }
    snprintf(out_, sizeof out_, "%s/out", base_);
}

static void cleanup(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", base_);
    if (system(cmd) != 0)
        fprintf(stderr, "cannot remove %s\n", base_);
}

/* The text of dir/name, or NULL (in buf_, overwritten by the next call). */
static const char *file_at(const char *dir, const char *name)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "r");
    if (f == NULL)
        return NULL;
    size_t n = fread(buf_, 1, sizeof buf_ - 1, f);
    buf_[n] = '\0';
    fclose(f);
    return buf_;
}
static const char *text(const char *name)
{
    return file_at(out_, name);
}
/* Its first line. */
static const char *first(const char *name)
{
    const char *t = text(name);
    if (t == NULL)
        return NULL;
    char *nl = strchr(buf_, '\n');
    if (nl)
        *nl = '\0';
    return t;
}
static int there(const char *name)
{
    char p[512];
    struct stat st;
    snprintf(p, sizeof p, "%s/%s", out_, name);
    return lstat(p, &st) == 0;
}
static void put(const char *name, const char *content)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s", out_, name);
    FILE *f = fopen(p, "w");
    if (f == NULL || fputs(content, f) < 0 || fclose(f) != 0) {
        perror(p);
        exit(1);
    }
}
/* base/name holding content */
static void putb(const char *name, const char *content)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s", base_, name);
    FILE *f = fopen(p, "w");
    if (f == NULL || fputs(content, f) < 0 || fclose(f) != 0) {
        perror(p);
        exit(1);
    }
}
static void mk(const char *name)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s", out_, name);
    if (mkdir(p, 0777) != 0) {
        perror(p);
        exit(1);
    }
}
/* No staging folder in OUT. */
static int no_stage(void)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "ls -A '%s' | grep -q '^.riocheck-stage'", out_);
    return system(cmd) != 0;
}

/* One run: begin with n vectors, rows "id<TAB>pass..." for ids v1..vk. */
static int run_rows(struct rc_outdir *od, size_t n, int k)
{
    memset(od, 0, sizeof *od);
    if (rc_outdir_begin(od, out_, NULL, NULL, n, err_, sizeof err_) != 0)
        return -1;
    for (int i = 1; i <= k; i++) {
        FILE *f = rc_outdir_row(od);
        if (f == NULL)
            return -1;
        fprintf(f, "v%d\tpass\tR-%d\tt.vec:%d\t\t-\n", i, i, i);
        if (rc_outdir_row_done(od, err_, sizeof err_) != 0)
            return -1;
    }
    return 0;
}
static int finish(struct rc_outdir *od)
{
    return rc_outdir_finish(od, NULL, NULL, NULL, 0, NULL, err_, sizeof err_);
}
/* A complete run of k rows into OUT. */
static int complete_run(int k)
{
    struct rc_outdir od;
    int rc = run_rows(&od, (size_t)k, k) == 0 && finish(&od) == 0 ? 0 : -1;
    rc_outdir_end(&od, NULL);
    return rc;
}

/* Run fn in a child; the child's wait status. */
static int in_child(void (*fn)(void))
{
    fflush(NULL);
    pid_t p = fork();
    if (p == 0) {
        fn();
        _exit(0);
    }
    int st = -1;
    while (waitpid(p, &st, 0) < 0 && errno == EINTR)
        ;
    return st;
}

/* results.tsv: its header line (also the journal's second line), then rows */
#define COLS "# id\tverdict\trules\tfile:line\tdetail\tfailed_rules\n"
#define ROWS2 COLS "v1\tpass\tR-1\tt.vec:1\t\t-\nv2\tpass\tR-2\tt.vec:2\t\t-\n"
#define ROWS3 ROWS2 "v3\tpass\tR-3\tt.vec:3\t\t-\n"

/* ---- the options ------------------------------------------------------------------- */

static void check_rejects_empty_paths_files_for_folders_and_missing_folders(void)
{
    fresh();
    const char *files[RC_OUT_FILES] = {NULL, NULL, NULL, NULL};
    char p[256], q[1024];
    CHECK_EQ(rc_outdir_check("", NULL, NULL, err_, sizeof err_), -1);
    CHECK_STR(err_, "--out '': an empty folder name");
    snprintf(p, sizeof p, "%s/f", base_);
    putb("f", "x");
    CHECK_EQ(rc_outdir_check(p, NULL, NULL, err_, sizeof err_), -1);
    snprintf(q, sizeof q, "--out %s: not a folder", p);
    CHECK_STR(err_, q);
    snprintf(p, sizeof p, "%s/f/sub", base_);
    CHECK_EQ(rc_outdir_check(p, NULL, NULL, err_, sizeof err_), -1);
    snprintf(q, sizeof q, "--out %s: Not a directory", p);
    CHECK_STR(err_, q);
    files[RC_OUT_JSON] = "";
    CHECK_EQ(rc_outdir_check(out_, files, NULL, err_, sizeof err_), -1);
    CHECK_STR(err_, "--json '': an empty file name");
    files[RC_OUT_JSON] = NULL;
    files[RC_OUT_XML] = base_;
    CHECK_EQ(rc_outdir_check(out_, files, NULL, err_, sizeof err_), -1);
    snprintf(q, sizeof q, "--junit %s: a folder, not a file", base_);
    CHECK_STR(err_, q);
    snprintf(p, sizeof p, "%s/x/", base_);
    files[RC_OUT_XML] = p;
    CHECK_EQ(rc_outdir_check(out_, files, NULL, err_, sizeof err_), -1);
    snprintf(q, sizeof q, "--junit %s: a folder name, not a file name", p);
    CHECK_STR(err_, q);
    snprintf(p, sizeof p, "%s/no/r.md", base_);
    files[RC_OUT_XML] = NULL;
    files[RC_OUT_MD] = p;
    CHECK_EQ(rc_outdir_check(out_, files, NULL, err_, sizeof err_), -1);
    snprintf(q, sizeof q, "--markdown %s: folder %s/no: No such file or directory", p, base_);
    CHECK_STR(err_, q);
    snprintf(p, sizeof p, "%s/f/r.tsv", base_);
    files[RC_OUT_MD] = NULL;
    files[RC_OUT_TSV] = p;
    CHECK_EQ(rc_outdir_check(out_, files, NULL, err_, sizeof err_), -1);
    CHECK_HAS(err_, "--results ");
    files[RC_OUT_TSV] = NULL;
    CHECK_EQ(rc_outdir_check(out_, files, "", err_, sizeof err_), -1);
    CHECK_STR(err_, "--repro-dir '': an empty folder name");
    static char longp[RC_OUT_PATH_MAX];
    memset(longp, 'a', sizeof longp - 1);
    longp[sizeof longp - 1] = '\0';
    CHECK_EQ(rc_outdir_check(longp, NULL, NULL, err_, sizeof err_), -1);
    CHECK_HAS(err_, "longer than 4032 bytes");
    /* nothing was created */
    CHECK(!there(""));
    cleanup();
}

static void check_accepts_new_folders_and_files_in_existing_folders(void)
{
    fresh();
    char deep[256], file[256];
    snprintf(deep, sizeof deep, "%s/a/b/c", base_);
    snprintf(file, sizeof file, "%s/r.json", base_);
    const char *files[RC_OUT_FILES] = {NULL, file, "r.xml", NULL};
    CHECK_EQ(rc_outdir_check(deep, files, deep, err_, sizeof err_), 0);
    CHECK_EQ(rc_outdir_check(base_, NULL, NULL, err_, sizeof err_), 0);
    CHECK_EQ(rc_outdir_check("/", NULL, NULL, err_, sizeof err_), 0);
    cleanup();
}

/* ---- the journal (results.h) ----------------------------------------------------------- */

static void journal_rejects_a_header_that_is_not_one_comment_line(void)
{
    fresh();
    struct rc_journal j;
    char p[256];
    snprintf(p, sizeof p, "%s/j", base_);
    int fd = open(p, O_RDWR | O_CREAT, 0600);
    CHECK(fd >= 0);
    errno = 0;
    CHECK_EQ(rc_journal_init(&j, fd, "no hash\n"), -1);
    CHECK_EQ(errno, EINVAL);
    CHECK_EQ(j.fd, -1); /* closed */
    fd = open(p, O_RDWR, 0600);
    CHECK_EQ(rc_journal_init(&j, fd, "# no newline"), -1);
    CHECK_EQ(rc_journal_init(&j, -1, "# x\n"), -1);
    cleanup();
}

static void journal_copies_rows_without_its_header(void)
{
    fresh();
    struct rc_journal j;
    char p[256];
    snprintf(p, sizeof p, "%s/j", base_);
    CHECK_EQ(rc_journal_init(&j, open(p, O_RDWR | O_CREAT, 0600), "# head\n"), 0);
    fputs("a\t1\n", rc_journal_row(&j));
    CHECK_EQ(rc_journal_commit(&j), 0);
    fputs("bb\t2\n", rc_journal_row(&j)); /* shorter rows after longer ones too */
    CHECK_EQ(rc_journal_commit(&j), 0);
    fputs("c\n", rc_journal_row(&j));
    CHECK_EQ(rc_journal_commit(&j), 0);
    CHECK_EQ(j.rows, 3);
    CHECK_STR(file_at(base_, "j"), "# head\na\t1\nbb\t2\nc\n");
    char *mem = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&mem, &len);
    CHECK(m != NULL);
    CHECK_EQ(rc_journal_copy_rows(&j, m), 0);
    fclose(m);
    CHECK_STR(mem, "a\t1\nbb\t2\nc\n");
    free(mem);
    rc_journal_close(&j);
    rc_journal_close(&j); /* twice is harmless */
    cleanup();
}

/* A row cut by the file size limit: the short write is taken back. */
static char jpath_[256];
static void journal_child_with_a_size_limit(void)
{
    struct rc_journal j;
    signal(SIGXFSZ, SIG_IGN);
    if (rc_journal_init(&j, open(jpath_, O_RDWR | O_CREAT, 0600), "# h\n") != 0)
        _exit(10);
    struct rlimit rl = {20, 20};
    if (setrlimit(RLIMIT_FSIZE, &rl) != 0)
        _exit(11);
    fputs("row-one\n", rc_journal_row(&j)); /* 4 + 8 = 12 bytes */
    if (rc_journal_commit(&j) != 0)
        _exit(12);
    fputs("row-two-is-longer\n", rc_journal_row(&j)); /* only 8 of it fit */
    if (rc_journal_commit(&j) != -1 || j.err != EFBIG)
        _exit(13);
    fputs("x\n", rc_journal_row(&j)); /* would fit, but the journal stopped */
    if (rc_journal_commit(&j) != -1 || errno != EFBIG || j.rows != 1)
        _exit(14);
    _exit(0);
}
static void journal_is_cut_back_to_its_last_whole_row_when_a_write_fails(void)
{
    fresh();
    snprintf(jpath_, sizeof jpath_, "%s/j", base_);
    int st = in_child(journal_child_with_a_size_limit);
    CHECK(WIFEXITED(st));
    CHECK_EQ(WEXITSTATUS(st), 0);
    CHECK_STR(file_at(base_, "j"), "# h\nrow-one\n");
    cleanup();
}

/* ---- beginning, finishing ------------------------------------------------------------- */

static void begin_on_a_new_folder_installs_an_interrupted_journal_set(void)
{
    fresh();
    struct rc_outdir od;
    CHECK_EQ(run_rows(&od, 5, 2), 0);
    CHECK_STR(first("run-status"), "interrupted");
    CHECK_HAS(text("run-status"), "\nvectors: 5\n");
    char pid[32];
    snprintf(pid, sizeof pid, "\npid: %ld\n", (long)getpid());
    CHECK_HAS(text("run-status"), pid);
    CHECK_HAS(first("results.tsv"), "# interrupted: the riocheck run of ");
    CHECK_HAS(text("results.tsv"), "(see run-status)\n" ROWS2);
    CHECK(there("repro"));
    CHECK(there(".riocheck.lock"));
    snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
    CHECK_STR(text(".riocheck.lock"), pid);
    CHECK(!there("results.json"));
    CHECK(!there("previous"));
    char want[256];
    snprintf(want, sizeof want, "%s/repro", out_);
    CHECK_STR(rc_outdir_repro(&od), want);
    snprintf(want, sizeof want, "%s/results.xml", out_);
    CHECK_STR(rc_outdir_path(&od, RC_OUT_XML), want);
    rc_outdir_end(&od, NULL);
    CHECK(no_stage());
    CHECK_STR(first("run-status"), "interrupted"); /* never finished */
    cleanup();
}

static void finish_swaps_in_the_complete_set(void)
{
    fresh();
    struct rc_outdir od;
    CHECK_EQ(run_rows(&od, 3, 3), 0);
    CHECK_EQ(finish(&od), 0);
    CHECK_STR(first("run-status"), "complete");
    CHECK_HAS(text("run-status"), "\nvectors: 3\n");
    CHECK_HAS(text("run-status"), "\nfinished: ");
    CHECK_STR(text("results.tsv"), ROWS3);
    CHECK_HAS(text("results.json"), "\"format\": \"riocheck-results-1\"");
    CHECK_HAS(text("results.xml"), "<testsuites");
    CHECK_HAS(text("compliance.md"), "#");
    CHECK(there("repro"));
    CHECK(!there("previous"));
    CHECK_EQ(finish(&od), -1); /* once */
    rc_outdir_end(&od, "ignored: the run completed");
    CHECK_STR(first("run-status"), "complete");
    CHECK(no_stage());
    cleanup();
}

static void a_new_run_moves_the_complete_set_to_previous_until_it_completes(void)
{
    fresh();
    CHECK_EQ(complete_run(2), 0);
    mk("mine");
    put("run.tap", "kept");
    put("repro/old.vec", "old reproducer");
    struct rc_outdir od;
    CHECK_EQ(run_rows(&od, 1, 1), 0);
    CHECK_STR(first("previous/run-status"), "complete");
    CHECK_STR(text("previous/results.tsv"), ROWS2);
    CHECK(there("previous/results.json"));
    CHECK_STR(text("previous/repro/old.vec"), "old reproducer");
    CHECK(!there("repro/old.vec")); /* the new run's repro/ is empty */
    CHECK(!there("results.json"));
    CHECK_STR(text("run.tap"), "kept"); /* not part of the set */
    CHECK(there("mine"));
    CHECK_EQ(finish(&od), 0);
    rc_outdir_end(&od, NULL);
    CHECK(!there("previous"));
    CHECK_STR(text("results.tsv"), COLS "v1\tpass\tR-1\tt.vec:1\t\t-\n");
    CHECK_STR(text("run.tap"), "kept");
    CHECK(there("mine"));
    cleanup();
}

static void killed_child(void)
{
    struct rc_outdir od;
    if (run_rows(&od, 9, 2) != 0)
        _exit(20);
    kill(getpid(), SIGKILL);
}
static void kill_9_leaves_the_journal_and_the_last_complete_set(void)
{
    fresh();
    CHECK_EQ(complete_run(3), 0);
    int st = in_child(killed_child);
    CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
    CHECK_STR(first("run-status"), "interrupted");
    CHECK_HAS(text("results.tsv"), "(see run-status)\n" ROWS2);
    CHECK(!there("results.json"));
    CHECK_STR(first("previous/run-status"), "complete");
    CHECK_STR(text("previous/results.tsv"), ROWS3);
    CHECK(!no_stage()); /* kill -9 leaves it: the next run removes it */
    /* a run after that keeps the last complete set while it goes */
    struct rc_outdir od;
    CHECK_EQ(run_rows(&od, 1, 1), 0);
    CHECK_STR(text("previous/results.tsv"), ROWS3);
    rc_outdir_end(&od, "stopped by the test");
    CHECK_HAS(text("run-status"), "\nreason: stopped by the test\n");
    CHECK(no_stage());
    CHECK_STR(text("previous/results.tsv"), ROWS3);
    CHECK_EQ(complete_run(1), 0);
    CHECK(!there("previous"));
    cleanup();
}

static void termed_child(void)
{
    struct rc_outdir od;
    if (run_rows(&od, 5, 2) != 0)
        _exit(20);
    raise(SIGTERM);
    _exit(21);
}
static void sigterm_marks_the_run_interrupted_with_the_reason_and_ends_it(void)
{
    fresh();
    CHECK_EQ(complete_run(3), 0);
    int st = in_child(termed_child);
    CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM);
    CHECK_STR(first("run-status"), "interrupted");
    CHECK_HAS(text("run-status"), "\nreason: received SIGTERM after 2 of 5 vectors\n");
    CHECK_HAS(text("results.tsv"), "(see run-status)\n" ROWS2);
    CHECK_STR(text("previous/results.tsv"), ROWS3);
    CHECK(no_stage());
    cleanup();
}

static void finished_then_termed_child(void)
{
    struct rc_outdir od;
    if (run_rows(&od, 1, 1) != 0 || finish(&od) != 0)
        _exit(20);
    raise(SIGTERM); /* before rc_outdir_end */
    _exit(21);
}
static void a_signal_after_the_swap_leaves_the_set_complete(void)
{
    fresh();
    int st = in_child(finished_then_termed_child);
    CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM);
    CHECK_STR(first("run-status"), "complete");
    CHECK(!strstr(text("run-status"), "reason"));
    cleanup();
}

static void worker_child(void)
{
    struct rc_outdir od;
    if (run_rows(&od, 4, 1) != 0)
        _exit(20);
    pid_t p = fork();
    if (p == 0) {
        raise(SIGTERM); /* a forked worker: ends by the signal, writes nothing */
        _exit(30);
    }
    int wst = 0;
    waitpid(p, &wst, 0);
    if (!(WIFSIGNALED(wst) && WTERMSIG(wst) == SIGTERM))
        _exit(31);
    rc_outdir_end(&od, NULL);
    _exit(0);
}
static void a_signal_in_a_forked_worker_does_not_touch_the_folder(void)
{
    fresh();
    int st = in_child(worker_child);
    CHECK(WIFEXITED(st));
    CHECK_EQ(WEXITSTATUS(st), 0);
    CHECK_STR(first("run-status"), "interrupted");
    CHECK(!strstr(text("run-status"), "reason"));
    cleanup();
}

/* ---- one run at a time --------------------------------------------------------------- */

static int lock_pipe_[2];
static void locking_child(void)
{
    struct rc_outdir od;
    if (rc_outdir_lock(&od, out_, err_, sizeof err_) != 0)
        _exit(20);
    char c = 'L';
    if (write(lock_pipe_[1], &c, 1) != 1)
        _exit(21);
    /* hold the lock until the parent closes its end */
    while (read(lock_pipe_[0], &c, 1) > 0)
        ;
    rc_outdir_end(&od, NULL);
    _exit(0);
}
static void a_second_run_fails_at_once_naming_the_first(void)
{
    fresh();
    CHECK_EQ(pipe(lock_pipe_), 0);
    int back[2];
    CHECK_EQ(pipe(back), 0);
    fflush(NULL);
    pid_t p = fork();
    if (p == 0) {
        close(back[1]);
        lock_pipe_[0] = back[0]; /* reads until the parent is done */
        locking_child();
    }
    close(back[0]);
    char c = 0;
    CHECK_EQ(read(lock_pipe_[0], &c, 1), 1);
    struct rc_outdir od;
    memset(&od, 0, sizeof od);
    CHECK_EQ(rc_outdir_begin(&od, out_, NULL, NULL, 1, err_, sizeof err_), -1);
    char want[256];
    snprintf(want, sizeof want, "another riocheck run is writing %s (pid %ld); wait for it "
             "to end or give another --out", out_, (long)p);
    CHECK_STR(err_, want);
    CHECK_EQ(od.locked, 0);
    rc_outdir_end(&od, NULL); /* harmless */
    CHECK(!there("run-status"));
    close(back[1]); /* the child ends and releases the lock */
    int st;
    waitpid(p, &st, 0);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    CHECK_EQ(rc_outdir_lock(&od, out_, err_, sizeof err_), 0);
    rc_outdir_end(&od, NULL);
    close(lock_pipe_[0]);
    close(lock_pipe_[1]);
    cleanup();
}

/* ---- write errors -------------------------------------------------------------------- */

static void a_full_disk_at_the_end_names_the_file_and_keeps_previous(void)
{
    fresh();
    CHECK_EQ(complete_run(3), 0);
    struct rc_outdir od;
    CHECK_EQ(run_rows(&od, 2, 2), 0);
    setenv("RIOCHECK_TEST_FULL", "compliance.md", 1);
    int rc = finish(&od);
    unsetenv("RIOCHECK_TEST_FULL");
    CHECK_EQ(rc, -1);
    char want[256];
    snprintf(want, sizeof want, "cannot write %s/compliance.md: No space left on device", out_);
    CHECK_STR(err_, want);
    CHECK_STR(first("run-status"), "interrupted");
    char reason[300];
    snprintf(reason, sizeof reason, "\nreason: %s\n", want);
    CHECK_HAS(text("run-status"), reason);
    CHECK(!there("results.json")); /* none of the new set was swapped in */
    CHECK_STR(text("previous/results.tsv"), ROWS3);
    CHECK(there("previous/results.json"));
    rc_outdir_end(&od, "a later reason does not replace it");
    CHECK_HAS(text("run-status"), reason);
    CHECK(no_stage());
    cleanup();
}

static void a_full_disk_under_the_journal_stops_it_and_fails_the_run(void)
{
    fresh();
    setenv("RIOCHECK_TEST_FULL", "results.tsv", 1);
    struct rc_outdir od;
    memset(&od, 0, sizeof od);
    int rc = rc_outdir_begin(&od, out_, NULL, NULL, 2, err_, sizeof err_);
    unsetenv("RIOCHECK_TEST_FULL");
    CHECK_EQ(rc, 0);
    fputs("v1\tpass\n", rc_outdir_row(&od));
    char want[256];
    snprintf(want, sizeof want, "cannot write %s/results.tsv: No space left on device", out_);
    CHECK_EQ(rc_outdir_row_done(&od, err_, sizeof err_), -1);
    CHECK_STR(err_, want);
    CHECK_EQ(finish(&od), -1);
    CHECK_STR(err_, want);
    CHECK_STR(first("run-status"), "interrupted");
    rc_outdir_end(&od, NULL);
    cleanup();
}

static void a_full_disk_at_the_start_changes_nothing(void)
{
    fresh();
    CHECK_EQ(complete_run(3), 0);
    setenv("RIOCHECK_TEST_FULL", "run-status", 1);
    struct rc_outdir od;
    memset(&od, 0, sizeof od);
    int rc = rc_outdir_begin(&od, out_, NULL, NULL, 2, err_, sizeof err_);
    unsetenv("RIOCHECK_TEST_FULL");
    CHECK_EQ(rc, -1);
    char want[256];
    snprintf(want, sizeof want, "cannot write %s/run-status: No space left on device", out_);
    CHECK_STR(err_, want);
    CHECK_EQ(od.locked, 1); /* until end */
    rc_outdir_end(&od, NULL);
    CHECK_STR(first("run-status"), "complete");
    CHECK_STR(text("results.tsv"), ROWS3);
    CHECK(!there("previous"));
    CHECK(no_stage());
    cleanup();
}

static void a_failed_rename_is_named_and_the_set_stays_interrupted(void)
{
    fresh();
    struct rc_outdir od;
    CHECK_EQ(run_rows(&od, 1, 1), 0);
    mk("results.xml"); /* a non-empty folder cannot be replaced by a file */
    put("results.xml/x", "x");
    CHECK_EQ(finish(&od), -1);
    char want[256];
    snprintf(want, sizeof want, "cannot replace %s/results.xml: Is a directory", out_);
    CHECK_STR(err_, want);
    CHECK_STR(first("run-status"), "interrupted");
    rc_outdir_end(&od, NULL);
    CHECK(no_stage());
    cleanup();
}

/* ---- reproducers ---------------------------------------------------------------------- */

static void create_file_replaces_a_planted_symlink_never_its_target(void)
{
    fresh();
    char victim[256], link[256];
    snprintf(victim, sizeof victim, "%s/victim", base_);
    snprintf(link, sizeof link, "%s/r.vec", base_);
    putb("victim", "precious");
    CHECK_EQ(symlink(victim, link), 0);
    FILE *f = rc_outdir_create_file(link);
    CHECK(f != NULL);
    fputs("reproducer", f);
    CHECK_EQ(rc_outdir_close_file(f, link), 0);
    CHECK_STR(file_at(base_, "victim"), "precious");
    CHECK_STR(file_at(base_, "r.vec"), "reproducer");
    struct stat st;
    CHECK_EQ(lstat(link, &st), 0);
    CHECK(S_ISREG(st.st_mode));
    /* a folder is refused */
    errno = 0;
    CHECK(rc_outdir_create_file(base_) == NULL);
    CHECK_EQ(errno, EISDIR);
    cleanup();
}

static void a_reproducer_that_cannot_be_written_fails_the_run(void)
{
    fresh();
    struct rc_outdir od;
    CHECK_EQ(run_rows(&od, 1, 1), 0);
    char p[256];
    snprintf(p, sizeof p, "%s/v1.vec", rc_outdir_repro(&od));
    setenv("RIOCHECK_TEST_FULL", "repro", 1);
    FILE *f = rc_outdir_create_file(p);
    unsetenv("RIOCHECK_TEST_FULL");
    CHECK(f != NULL);
    /* as write_repro ends: a block larger than a stdio buffer, nothing after */
    static char block[20000];
    memset(block, 'x', sizeof block);
    fputs("# header\n", f);
    (void)fwrite(block, 1, sizeof block, f); /* write_repro checks at the close only */
    CHECK_EQ(rc_outdir_close_file(f, p), -1);
    CHECK_EQ(errno, ENOSPC);
    CHECK_EQ(finish(&od), -1);
    char want[300];
    snprintf(want, sizeof want, "cannot write %s: No space left on device", p);
    CHECK_STR(err_, want);
    rc_outdir_end(&od, NULL);
    CHECK_STR(first("run-status"), "interrupted");
    cleanup();
}

/* ---- files elsewhere, older sets, leftovers ---------------------------------------------- */

static void files_given_elsewhere_are_replaced_there_and_the_journal_leaves(void)
{
    fresh();
    char tsv[256], md[256];
    snprintf(tsv, sizeof tsv, "%s/r.tsv", base_);
    snprintf(md, sizeof md, "%s/r.md", base_);
    const char *files[RC_OUT_FILES] = {tsv, NULL, NULL, md};
    putb("r.tsv", "old");
    struct rc_outdir od;
    memset(&od, 0, sizeof od);
    CHECK_EQ(rc_outdir_begin(&od, out_, files, NULL, 1, err_, sizeof err_), 0);
    CHECK_STR(rc_outdir_path(&od, RC_OUT_TSV), tsv);
    fputs("v1\tpass\n", rc_outdir_row(&od));
    CHECK_EQ(rc_outdir_row_done(&od, err_, sizeof err_), 0);
    CHECK_HAS(text("results.tsv"), "v1\tpass\n"); /* the journal is in OUT */
    CHECK_STR(file_at(base_, "r.tsv"), "old");
    CHECK_EQ(finish(&od), 0);
    rc_outdir_end(&od, NULL);
    CHECK_STR(file_at(base_, "r.tsv"), COLS "v1\tpass\n");
    CHECK(file_at(base_, "r.md") != NULL);
    CHECK(!there("results.tsv"));
    CHECK(!there("compliance.md"));
    CHECK(there("results.json"));
    CHECK_STR(first("run-status"), "complete");
    cleanup();
}

static void an_earlier_riocheck_set_without_status_goes_to_previous(void)
{
    fresh();
    mk("");
    put("results.tsv", "old row\n");
    put("results.json", "{}");
    struct rc_outdir od;
    CHECK_EQ(run_rows(&od, 1, 1), 0);
    CHECK_STR(text("previous/results.tsv"), "old row\n");
    CHECK_STR(first("previous/run-status"), "complete");
    CHECK_HAS(text("previous/run-status"), "wrote no\n# run-status");
    rc_outdir_end(&od, NULL);
    cleanup();
}

static void a_previous_folder_that_is_not_riocheck_s_is_refused(void)
{
    fresh();
    CHECK_EQ(complete_run(2), 0);
    mk("previous");
    put("previous/notes.txt", "mine");
    struct rc_outdir od;
    memset(&od, 0, sizeof od);
    CHECK_EQ(rc_outdir_begin(&od, out_, NULL, NULL, 1, err_, sizeof err_), -1);
    CHECK_HAS(err_, "/previous is not riocheck's (it holds no run-status)");
    rc_outdir_end(&od, NULL);
    CHECK_STR(text("previous/notes.txt"), "mine");
    CHECK_STR(first("run-status"), "complete");
    CHECK_STR(text("results.tsv"), ROWS2);
    CHECK(no_stage());
    cleanup();
}

static void a_move_cut_by_kill_9_is_finished_by_the_next_run(void)
{
    fresh();
    CHECK_EQ(complete_run(2), 0);
    /* as a run killed after moving run-status and results.tsv of the
     * complete set into its staging folder's previous/ */
    mk(".riocheck-stage.999999");
    mk(".riocheck-stage.999999/previous");
    char from[256], to[256];
    snprintf(from, sizeof from, "%s/run-status", out_);
    snprintf(to, sizeof to, "%s/.riocheck-stage.999999/previous/run-status", out_);
    CHECK_EQ(rename(from, to), 0);
    snprintf(from, sizeof from, "%s/results.tsv", out_);
    snprintf(to, sizeof to, "%s/.riocheck-stage.999999/previous/results.tsv", out_);
    CHECK_EQ(rename(from, to), 0);
    struct rc_outdir od;
    CHECK_EQ(run_rows(&od, 1, 1), 0);
    CHECK_STR(first("previous/run-status"), "complete");
    CHECK_STR(text("previous/results.tsv"), ROWS2);
    CHECK(there("previous/results.json"));
    CHECK(there("previous/compliance.md"));
    CHECK(!there(".riocheck-stage.999999"));
    CHECK(!there("results.json"));
    rc_outdir_end(&od, NULL);
    cleanup();
}

int main(int argc, char **argv)
{
    (void)argc;
    RUN(check_rejects_empty_paths_files_for_folders_and_missing_folders);
    RUN(check_accepts_new_folders_and_files_in_existing_folders);
    RUN(journal_rejects_a_header_that_is_not_one_comment_line);
    RUN(journal_copies_rows_without_its_header);
    RUN(journal_is_cut_back_to_its_last_whole_row_when_a_write_fails);
    RUN(begin_on_a_new_folder_installs_an_interrupted_journal_set);
    RUN(finish_swaps_in_the_complete_set);
    RUN(a_new_run_moves_the_complete_set_to_previous_until_it_completes);
    RUN(kill_9_leaves_the_journal_and_the_last_complete_set);
    RUN(sigterm_marks_the_run_interrupted_with_the_reason_and_ends_it);
    RUN(a_signal_after_the_swap_leaves_the_set_complete);
    RUN(a_signal_in_a_forked_worker_does_not_touch_the_folder);
    RUN(a_second_run_fails_at_once_naming_the_first);
    RUN(a_full_disk_at_the_end_names_the_file_and_keeps_previous);
    RUN(a_full_disk_under_the_journal_stops_it_and_fails_the_run);
    RUN(a_full_disk_at_the_start_changes_nothing);
    RUN(a_failed_rename_is_named_and_the_set_stays_interrupted);
    RUN(create_file_replaces_a_planted_symlink_never_its_target);
    RUN(a_reproducer_that_cannot_be_written_fails_the_run);
    RUN(files_given_elsewhere_are_replaced_there_and_the_journal_leaves);
    RUN(an_earlier_riocheck_set_without_status_goes_to_previous);
    RUN(a_previous_folder_that_is_not_riocheck_s_is_refused);
    RUN(a_move_cut_by_kill_9_is_finished_by_the_next_run);
    return check_finish(argv[0]);
}
