/* SPDX-License-Identifier: Apache-2.0 */
/* Provenance: the vector set hash is what `cd DIR && sha256sum NAMES |
 * sha256sum` prints (escaped names too), names relative to the root, the
 * program of --dut-cmd found as execvp finds it, and a DUT file that
 * cannot be read reported as unknown with a warning (docs/provenance.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../../reference/tests/check.h"
#include "../buildinfo.h"
#include "../provenance.h"

#define CHECK_STR(a, b)                                                        \
    do {                                                                       \
        const char *sa_ = (a), *sb_ = (b);                                     \
        if (sa_ == NULL || sb_ == NULL || strcmp(sa_, sb_) != 0) {             \
            check_fail_(__FILE__, __LINE__);                                   \
            fprintf(stderr, "%s == %s\n    left:  %s\n    right: %s\n", #a, #b, \
                    sa_ ? sa_ : "(null)", sb_ ? sb_ : "(null)");               \
            return;                                                            \
        }                                                                      \
    } while (0)

static char dir_[] = "/tmp/rc-prov-XXXXXX";

static int put_file(const char *name, const char *text, mode_t mode)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir_, name);
    FILE *f = fopen(path, "wb");
    if (f == NULL || fputs(text, f) < 0 || fclose(f) != 0)
        return -1;
    return chmod(path, mode);
}

/* The first line a shell command prints (its newline removed). */
static int shell_line(char *dst, size_t cap, const char *cmd)
{
    FILE *p = popen(cmd, "r");
    if (p == NULL)
        return -1;
    if (fgets(dst, (int)cap, p) == NULL)
        dst[0] = '\0';
    dst[strcspn(dst, "\n")] = '\0';
    return pclose(p) == 0 ? 0 : -1;
}

/* The listing hash is sha256sum's own, for plain names and for names that
 * sha256sum escapes (a backslash, a line feed, a carriage return). */
static void prov_listing_hash_is_sha256sum_of_sha256sum(void)
{
    const char *names[] = {"a.vec", "sub/b.vec", "back\\slash.vec", "line\nfeed.vec",
                           "car\rret.vec", "empty.vec"};
    const char *texts[] = {"vector a\n", "# b\n\xef\xbb\xbf", "x", "y\n", "z", ""};
    size_t lens[6];
    char cmd[1024], want[128], got[RC_SHA256_HEX_LEN];
    CHECK(mkdir(strcat(strcpy(cmd, dir_), "/sub"), 0777) == 0);
    for (int i = 0; i < 6; i++) {
        lens[i] = strlen(texts[i]);
        CHECK_EQ(put_file(names[i], texts[i], 0644), 0);
    }
    /* the names as the shell gives them: $'..' is not POSIX sh, printf is */
    snprintf(cmd, sizeof cmd, "cd %s && sha256sum a.vec sub/b.vec 'back\\slash.vec' "
             "\"$(printf 'line\\nfeed.vec')\" \"$(printf 'car\\rret.vec')\" empty.vec "
             "| sha256sum", dir_);
    CHECK_EQ(shell_line(want, sizeof want, cmd), 0);
    want[64] = '\0';
    rc_prov_listing_sha256(got, names, texts, lens, 6);
    CHECK_STR(got, want);
    /* order matters: the listing is in load order */
    const char *rn[] = {names[1], names[0]}, *rt[] = {texts[1], texts[0]};
    size_t rlens[] = {lens[1], lens[0]};
    rc_prov_listing_sha256(got, rn, rt, rlens, 2);
    CHECK(strcmp(got, want) != 0);
    snprintf(cmd, sizeof cmd, "cd %s && sha256sum sub/b.vec a.vec | sha256sum", dir_);
    CHECK_EQ(shell_line(want, sizeof want, cmd), 0);
    want[64] = '\0';
    CHECK_STR(got, want);
}

static void prov_names_lose_the_root_prefix(void)
{
    CHECK_STR(rc_prov_under_root("./vectors/p12/cs64.vec", "."), "vectors/p12/cs64.vec");
    CHECK_STR(rc_prov_under_root("r//vectors/x.vec", "r/"), "vectors/x.vec");
    CHECK_STR(rc_prov_under_root("/opt/rc/vectors/x.vec", "/opt/rc"), "vectors/x.vec");
    CHECK_STR(rc_prov_under_root("/x.vec", "/"), "x.vec");
    CHECK(rc_prov_under_root("/opt/rcx/vectors/x.vec", "/opt/rc") == NULL);
    CHECK(rc_prov_under_root("x.vec", ".") == NULL);
    CHECK(rc_prov_under_root("./", ".") == NULL);
    CHECK(rc_prov_under_root("x.vec", "") == NULL);
}

/* execvp's search: a name with '/' as it is; PATH entries in order, the
 * empty one the current folder; folders and files we may not execute are
 * passed over. */
static void prov_which_searches_path_like_execvp(void)
{
    char got[512], p1[300], p2[300], path[700], cwd[512];
    CHECK(getcwd(cwd, sizeof cwd) != NULL);
    snprintf(p1, sizeof p1, "%s/one", dir_);
    snprintf(p2, sizeof p2, "%s/two", dir_);
    CHECK_EQ(mkdir(p1, 0777), 0);
    CHECK_EQ(mkdir(p2, 0777), 0);
    CHECK_EQ(put_file("one/dut", "#!/bin/sh\n", 0644), 0); /* not executable */
    CHECK_EQ(put_file("two/dut", "#!/bin/sh\n", 0755), 0);
    CHECK_EQ(mkdir(strcat(strcpy(path, p1), "/d"), 0777), 0); /* a folder */
    CHECK_EQ(put_file("two/d", "#!/bin/sh\n", 0755), 0);
    snprintf(path, sizeof path, "%s:%s", p1, p2);
    CHECK_EQ(rc_prov_which(got, sizeof got, "dut", path), 0);
    CHECK_STR(got, strcat(strcpy(path, p2), "/dut"));
    snprintf(path, sizeof path, "%s:%s", p1, p2);
    CHECK_EQ(rc_prov_which(got, sizeof got, "d", path), 0);
    CHECK_STR(got, strcat(strcpy(path, p2), "/d"));
    CHECK_EQ(rc_prov_which(got, sizeof got, "nothere", p2), -1);
    CHECK_STR(got, "");
    CHECK_EQ(rc_prov_which(got, sizeof got, "rel/x", NULL), 0);
    CHECK_STR(got, "rel/x");
    CHECK_EQ(rc_prov_which(got, sizeof got, "", NULL), -1);
    CHECK_EQ(rc_prov_which(got, 4, "dut", p2), -1); /* too long */
    /* an empty entry: the current folder */
    CHECK_EQ(chdir(p2), 0);
    snprintf(path, sizeof path, "%s:", p1);
    int rc = rc_prov_which(got, sizeof got, "dut", path);
    CHECK_EQ(chdir(cwd), 0);
    CHECK_EQ(rc, 0);
    CHECK_STR(got, "dut");
    /* PATH unset: /bin:/usr/bin */
    CHECK_EQ(rc_prov_which(got, sizeof got, "sh", NULL), 0);
    CHECK(strcmp(got, "/bin/sh") == 0 || strcmp(got, "/usr/bin/sh") == 0);
}

/* rc_prov_fill: the DUT hashes and the vector fields for a set under a
 * root; a DUT file that is missing is "unknown" with a warning, the
 * built-in reference has no DUT file. */
static void prov_fill_hashes_the_dut_and_the_set(void)
{
    char root[300], file[400], err[256], warn[600], want[128], cmd[800];
    snprintf(root, sizeof root, "%s/root", dir_);
    CHECK_EQ(mkdir(root, 0777), 0);
    CHECK_EQ(put_file("root/v.vec", "# v\n", 0644), 0);
    CHECK_EQ(put_file("lib.so", "not really a library", 0644), 0);
    snprintf(file, sizeof file, "%s/v.vec", root);
    struct vec_set set;
    memset(&set, 0, sizeof set);
    CHECK_EQ(vec_load_file(&set, file, err, sizeof err), 0);

    struct rc_run_info info;
    struct rc_prov pv;
    memset(&info, 0, sizeof info);
    CHECK_EQ(rc_prov_fill(&pv, &info, &set, root, NULL, NULL, warn, sizeof warn), 0);
    CHECK_STR(info.dut_sha256, "");
    CHECK(info.dut_hashed == NULL);
    CHECK_STR(warn, "");
    CHECK_EQ(info.nvector_files, 1);
    CHECK_STR(info.vector_files[0], "v.vec");
    CHECK_STR(info.vectors_dir, root);
    snprintf(cmd, sizeof cmd, "cd %s && sha256sum v.vec | sha256sum", root);
    CHECK_EQ(shell_line(want, sizeof want, cmd), 0);
    want[64] = '\0';
    CHECK_STR(info.vectors_sha256, want);
    CHECK_STR(info.commit, rc_build_commit());
    CHECK(info.host != NULL && strchr(info.host, ' ') != NULL);
    CHECK(info.compiler != NULL && info.compiler[0] != '\0');
    rc_prov_free(&pv);

    /* --dut FILE; a root the file is not under: names as opened, DIR "." */
    snprintf(file, sizeof file, "%s/lib.so", dir_);
    CHECK_EQ(rc_prov_fill(&pv, &info, &set, "/nonexistent", file, NULL, warn, sizeof warn), 0);
    snprintf(cmd, sizeof cmd, "sha256sum < %s", file);
    CHECK_EQ(shell_line(want, sizeof want, cmd), 0);
    want[64] = '\0';
    CHECK_STR(info.dut_sha256, want);
    CHECK_STR(info.dut_hashed, file);
    CHECK_STR(info.vectors_dir, ".");
    CHECK_STR(info.vector_files[0], set.files[0]);
    rc_prov_free(&pv);

    /* --dut-cmd sh: the program PATH finds */
    char *const argv[] = {"sh", NULL};
    CHECK_EQ(rc_prov_fill(&pv, &info, &set, root, NULL, argv, warn, sizeof warn), 0);
    CHECK_STR(warn, "");
    CHECK_EQ(shell_line(want, sizeof want, "sha256sum < \"$(command -v sh)\""), 0);
    want[64] = '\0';
    CHECK_STR(info.dut_sha256, want);
    CHECK(info.dut_hashed != NULL && strstr(info.dut_hashed, "/sh") != NULL);
    rc_prov_free(&pv);

    /* missing: unknown, and a warning naming it */
    CHECK_EQ(rc_prov_fill(&pv, &info, &set, root, "/nonexistent/x.so", NULL, warn,
                          sizeof warn), 0);
    CHECK_STR(info.dut_sha256, "unknown");
    CHECK(strstr(warn, "/nonexistent/x.so") != NULL);
    rc_prov_free(&pv);
    char *const nocmd[] = {"rc-prov-no-such-program", NULL};
    CHECK_EQ(rc_prov_fill(&pv, &info, &set, root, NULL, nocmd, warn, sizeof warn), 0);
    CHECK_STR(info.dut_sha256, "unknown");
    CHECK(info.dut_hashed == NULL);
    CHECK(strstr(warn, "rc-prov-no-such-program: not found") != NULL);
    rc_prov_free(&pv);
    vec_set_free(&set);
}

int main(int argc, char **argv)
{
    (void)argc;
    if (mkdtemp(dir_) == NULL) {
        perror("mkdtemp");
        return 1;
    }
    RUN(prov_listing_hash_is_sha256sum_of_sha256sum);
    RUN(prov_names_lose_the_root_prefix);
    RUN(prov_which_searches_path_like_execvp);
    RUN(prov_fill_hashes_the_dut_and_the_set);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir_);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir_);
    return check_finish(argv[0]);
}
