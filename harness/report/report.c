/* SPDX-License-Identifier: Apache-2.0 */
/* Rollups, text helpers and atomic files shared by the report writers. */
#include "report.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

size_t rc_strnlen(const char *s, size_t max)
{
    size_t n = 0;
    if (s == NULL)
        return 0;
    while (n < max && s[n] != '\0')
        n++;
    return n;
}

size_t rc_utf8_next(const char *s, size_t len, long *cp)
{
    const unsigned char *u = (const unsigned char *)s;
    *cp = -1;
    if (len == 0)
        return 0;
    unsigned c = u[0];
    if (c < 0x80) {
        *cp = (long)c;
        return 1;
    }
    size_t need;
    unsigned long v, min;
    if (c >= 0xC2 && c <= 0xDF)
        need = 1, v = c & 0x1Fu, min = 0x80;
    else if (c >= 0xE0 && c <= 0xEF)
        need = 2, v = c & 0x0Fu, min = 0x800;
    else if (c >= 0xF0 && c <= 0xF4)
        need = 3, v = c & 0x07u, min = 0x10000;
    else
        return 1; /* continuation byte, C0/C1 overlong lead, F5..FF */
    if (len < need + 1)
        return 1;
    for (size_t i = 1; i <= need; i++) {
        if ((u[i] & 0xC0u) != 0x80u)
            return 1;
        v = (v << 6) | (u[i] & 0x3Fu);
    }
    if (v < min || v > 0x10FFFFu || (v >= 0xD800u && v <= 0xDFFFu))
        return 1;
    *cp = (long)v;
    return need + 1;
}

const char *rc_report_path(const struct rc_run_info *info, const char *file)
{
    if (info == NULL || info->root == NULL || file == NULL)
        return file;
    size_t rl = strlen(info->root);
    while (rl > 1 && info->root[rl - 1] == '/')
        rl--;
    if (rl > 0 && strncmp(file, info->root, rl) == 0 && file[rl] == '/' && file[rl + 1] != '\0')
        return file + rl + 1;
    return file;
}

const char *rc_rollup_name(enum rc_rollup r)
{
    switch (r) {
    case RC_R_PASS:
        return "pass";
    case RC_R_FAIL:
        return "fail";
    case RC_R_ERROR:
        return "error";
    case RC_R_NA:
        return "not-applicable";
    case RC_R_WAIVED:
        return "waived";
    case RC_R_UNTESTABLE:
        return "untestable";
    case RC_R_NOT_RUN:
        return "not-run";
    case RC_R_INCONCLUSIVE:
        return "inconclusive";
    }
    return "?";
}

/* A verdict as an index into the count arrays; anything out of range is
 * a runner bug and counts as the DUT-independent worst case, ERROR. */
static size_t verdict_index(enum rc_verdict v)
{
    switch (v) {
    case RC_V_PASS:
    case RC_V_FAIL:
    case RC_V_ERROR:
    case RC_V_NA:
    case RC_V_WAIVED:
    case RC_V_INCONCLUSIVE:
        return (size_t)v;
    }
    return (size_t)RC_V_ERROR;
}

enum rc_verdict rc_row_rule_verdict(const struct rc_result_row *row, unsigned k)
{
    enum rc_verdict v = (enum rc_verdict)verdict_index(row->res.verdict);
    uint32_t mask = row->res.failed_rules;
    int mine = k < 32 && (mask & (1u << k));
    switch (v) {
    case RC_V_PASS:
    case RC_V_NA:
    case RC_V_ERROR:
        return v;
    case RC_V_FAIL:
    case RC_V_WAIVED:
        return mask == 0 || mine ? v : RC_V_INCONCLUSIVE;
    case RC_V_INCONCLUSIVE:
        return mine ? RC_V_FAIL : RC_V_INCONCLUSIVE;
    }
    return RC_V_ERROR;
}

static enum rc_rollup rollup_of_counts(const size_t *count)
{
    if (count[RC_V_FAIL])
        return RC_R_FAIL;
    if (count[RC_V_ERROR])
        return RC_R_ERROR;
    if (count[RC_V_WAIVED])
        return RC_R_WAIVED;
    if (count[RC_V_INCONCLUSIVE])
        return RC_R_INCONCLUSIVE;
    if (count[RC_V_PASS])
        return RC_R_PASS;
    return RC_R_NA;
}

/* Could the profile run this rule at all (for rules no vector cited)? */
static int rule_applicable(const struct rc_rule *ru, const struct rc_profile *p)
{
    if (p == NULL)
        return 1;
    static const struct {
        const char *rev;
        int p12;
        uint32_t bit;
    } revs[] = {{"p12r2", 1, 1u << 2}, {"p12r3", 1, 1u << 3},
                {"p9r2", 0, 1u << 2}, {"p9r3", 0, 1u << 3}};
    int rev_ok = 0;
    for (size_t i = 0; i < sizeof revs / sizeof revs[0]; i++)
        if (ru->revisions && strstr(ru->revisions, revs[i].rev) &&
            ((revs[i].p12 ? p->p12_revs : p->p9_revs) & revs[i].bit))
            rev_ok = 1;
    if (!rev_ok)
        return 0;
    static const struct {
        const char *area;
        uint32_t cap;
    } areas[] = {{"cs48", RC_CAP_CS48 | RC_CAP_STYPE2}, /* 3.1-3.3: either */
                 {"stype2", RC_CAP_STYPE2}, {"cs64", RC_CAP_CS64}, {"gen", RC_CAP_GEN},
                 {"rx", RC_CAP_RX},     {"ep", RC_CAP_EP},       {"sw", RC_CAP_SW},
                 {"arb-tx", RC_CAP_ARBTX}, {"arb-rx", RC_CAP_ARBRX},
                 {"csr", RC_CAP_P12REG}, {"car", RC_CAP_P9REG}, {"ccp", RC_CAP_CODEC},
                 {"portmap", RC_CAP_CODEC}};
    for (size_t i = 0; i < sizeof areas / sizeof areas[0]; i++)
        if (ru->area && strcmp(ru->area, areas[i].area) == 0)
            return (rc_caps_effective(p) & areas[i].cap) != 0;
    return 1;
}

/* Precedence of rule rollups inside an official row (report.h). */
static int official_rank(enum rc_rollup r)
{
    switch (r) {
    case RC_R_FAIL:
        return 7;
    case RC_R_ERROR:
        return 6;
    case RC_R_WAIVED:
        return 5;
    case RC_R_INCONCLUSIVE:
        return 4;
    case RC_R_NOT_RUN:
        return 3;
    case RC_R_PASS:
        return 2;
    case RC_R_NA:
        return 1;
    case RC_R_UNTESTABLE:
        return 0;
    }
    return 7;
}

/* The catalogue sorted by id, for bsearch; qsort has no context argument,
 * so the comparison works on pointers to the rule structs. */
static int cmp_rule_ptr(const void *a, const void *b)
{
    const struct rc_rule *const *ra = a, *const *rb = b;
    return strcmp((*ra)->id, (*rb)->id);
}

long rc_rollups_rule_index(const struct rc_rollups *s, const struct rc_catalogue *cat,
                           const char *id)
{
    if (s == NULL || cat == NULL || id == NULL || s->sorted == NULL)
        return -1;
    size_t lo = 0, hi = s->nrule;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(cat->rule[s->sorted[mid]].id, id);
        if (c == 0)
            return (long)s->sorted[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

size_t rc_rollups_official_of(const struct rc_rollups *s, const struct rc_catalogue *cat,
                              const struct vec_record *r, size_t *idx, size_t cap)
{
    size_t total = 0;
    if (s == NULL || cat == NULL || r == NULL || s->map_start == NULL)
        return 0;
    /* A vector cites at most VEC_MAX_RULES rules and each rule maps to a
     * handful of rows: collect, then emit in map order without repeats. */
    for (size_t m = 0; m < s->nofficial; m++) {
        int hit = 0;
        for (unsigned k = 0; k < r->nrules && k < VEC_MAX_RULES && !hit; k++) {
            long ri = rc_rollups_rule_index(s, cat, r->rules[k]);
            if (ri < 0)
                continue;
            for (size_t j = s->map_start[ri]; j < s->map_start[ri + 1] && !hit; j++)
                hit = s->map_of[j] == m;
        }
        if (hit) {
            if (total < cap && idx != NULL)
                idx[total] = m;
            total++;
        }
    }
    return total;
}

/* I-GEN-2 before I-GEN-10: compare the prefix, then the number. */
static int cmp_interp(const void *a, const void *b)
{
    const struct rc_interp_count *x = a, *y = b;
    const char *dx = strrchr(x->id, '-'), *dy = strrchr(y->id, '-');
    size_t px = dx ? (size_t)(dx - x->id) : strlen(x->id);
    size_t py = dy ? (size_t)(dy - y->id) : strlen(y->id);
    int c = strncmp(x->id, y->id, px < py ? px : py);
    if (c != 0)
        return c;
    if (px != py)
        return px < py ? -1 : 1;
    unsigned long nx = dx ? strtoul(dx + 1, NULL, 10) : 0;
    unsigned long ny = dy ? strtoul(dy + 1, NULL, 10) : 0;
    return nx < ny ? -1 : nx > ny;
}

static int add_interp(struct rc_rollups *s, size_t *cap, const char *id)
{
    for (size_t i = 0; i < s->ninterp; i++)
        if (strcmp(s->interp[i].id, id) == 0) {
            s->interp[i].vectors++;
            return 0;
        }
    if (s->ninterp == *cap) {
        size_t want = *cap ? 2 * *cap : 32;
        void *p = realloc(s->interp, want * sizeof *s->interp);
        if (p == NULL)
            return -1;
        s->interp = p;
        *cap = want;
    }
    struct rc_interp_count *e = &s->interp[s->ninterp++];
    memset(e, 0, sizeof *e);
    memcpy(e->id, id, rc_strnlen(id, sizeof e->id - 1));
    e->vectors = 1;
    return 0;
}

void rc_rollups_free(struct rc_rollups *s)
{
    if (s == NULL)
        return;
    free(s->rule);
    free(s->official);
    free(s->interp);
    free(s->sorted);
    free(s->map_of);
    free(s->map_start);
    free(s->fail_idx);
    memset(s, 0, sizeof *s);
}

/* A vector citing a rule twice counts once for it. */
static int cited_before(const struct vec_record *r, unsigned k)
{
    for (unsigned j = 0; j < k; j++)
        if (r->rules[j] && r->rules[k] && strcmp(r->rules[j], r->rules[k]) == 0)
            return 1;
    return 0;
}

static void *xcalloc(size_t n, size_t size)
{
    return calloc(n ? n : 1, size);
}

int rc_rollups_build(struct rc_rollups *s, const struct rc_catalogue *cat,
                     const struct rc_result_row *rows, size_t n)
{
    return rc_rollups_build_for(s, cat, rows, n, NULL);
}

int rc_rollups_build_for(struct rc_rollups *s, const struct rc_catalogue *cat,
                         const struct rc_result_row *rows, size_t n,
                         const struct rc_profile *profile)
{
    memset(s, 0, sizeof *s);
    static const struct rc_catalogue empty;
    if (cat == NULL)
        cat = &empty;
    if (rows == NULL)
        n = 0;
    size_t nr = cat->nrule, nm = cat->nmap;
    s->nrule = nr;
    s->nofficial = nm;
    s->rule = xcalloc(nr, sizeof *s->rule);
    s->official = xcalloc(nm, sizeof *s->official);
    s->sorted = xcalloc(nr, sizeof *s->sorted);
    s->map_start = xcalloc(nr + 1, sizeof *s->map_start);
    const struct rc_rule **tmp = xcalloc(nr, sizeof *tmp);
    if (!s->rule || !s->official || !s->sorted || !s->map_start || !tmp)
        goto oom;
    for (size_t i = 0; i < nr; i++)
        tmp[i] = &cat->rule[i];
    if (nr > 1)
        qsort(tmp, nr, sizeof *tmp, cmp_rule_ptr);
    for (size_t i = 0; i < nr; i++)
        s->sorted[i] = (size_t)(tmp[i] - cat->rule);
    free(tmp);
    tmp = NULL;

    /* rule -> official rows, as one flat array with per-rule offsets */
    size_t *deg = xcalloc(nr + 1, sizeof *deg);
    if (deg == NULL)
        goto oom;
    for (size_t m = 0; m < nm; m++)
        for (size_t k = 0; k < cat->map[m].nrules; k++) {
            long ri = rc_rollups_rule_index(s, cat, cat->map[m].rules[k]);
            if (ri >= 0)
                deg[ri]++;
        }
    for (size_t i = 0; i < nr; i++)
        s->map_start[i + 1] = s->map_start[i] + deg[i];
    s->map_of = xcalloc(s->map_start[nr], sizeof *s->map_of);
    if (s->map_of == NULL) {
        free(deg);
        goto oom;
    }
    memset(deg, 0, (nr + 1) * sizeof *deg);
    for (size_t m = 0; m < nm; m++)
        for (size_t k = 0; k < cat->map[m].nrules; k++) {
            long ri = rc_rollups_rule_index(s, cat, cat->map[m].rules[k]);
            if (ri < 0)
                continue;
            /* a row naming a rule twice is counted once */
            int dup = 0;
            for (size_t j = s->map_start[ri]; j < s->map_start[ri] + deg[ri]; j++)
                dup |= s->map_of[j] == m;
            if (!dup)
                s->map_of[s->map_start[ri] + deg[ri]++] = m;
        }
    /* compact away the duplicate slots */
    {
        size_t w = 0;
        for (size_t i = 0; i < nr; i++) {
            size_t start = s->map_start[i];
            s->map_start[i] = w;
            for (size_t j = 0; j < deg[i]; j++)
                s->map_of[w++] = s->map_of[start + j];
        }
        s->map_start[nr] = w;
    }
    free(deg);

    /* per rule: counts; failing lists in a second pass */
    size_t nfail_total = 0, interp_cap = 0;
    size_t *off = xcalloc(nm, sizeof *off);
    if (off == NULL)
        goto oom;
    for (size_t i = 0; i < n; i++) {
        const struct vec_record *r = rows[i].rec;
        if (r == NULL)
            continue;
        size_t v = verdict_index(rows[i].res.verdict);
        s->totals[v]++;
        s->nvectors++;
        for (unsigned k = 0; k < r->nrules && k < VEC_MAX_RULES; k++) {
            long ri = rc_rollups_rule_index(s, cat, r->rules[k]);
            if (ri < 0) {
                s->unknown_rules++;
                continue;
            }
            if (cited_before(r, k))
                continue;
            size_t rv = (size_t)rc_row_rule_verdict(&rows[i], k);
            s->rule[ri].count[rv]++;
            if (rv == RC_V_FAIL || rv == RC_V_ERROR)
                s->rule[ri].nfailing++, nfail_total++;
        }
        size_t no = rc_rollups_official_of(s, cat, r, off, nm);
        for (size_t j = 0; j < no && j < nm; j++)
            s->official[off[j]].count[v]++;
        if (v != RC_V_NA) {
            char ids[32][16];
            size_t ni = rc_cite_interpretations(ids, 32, r->cite);
            for (size_t j = 0; j < ni; j++)
                if (add_interp(s, &interp_cap, ids[j]) != 0) {
                    free(off);
                    goto oom;
                }
        }
    }
    free(off);
    s->fail_idx = xcalloc(nfail_total, sizeof *s->fail_idx);
    size_t *fill = xcalloc(nr, sizeof *fill);
    if (s->fail_idx == NULL || fill == NULL) {
        free(fill);
        goto oom;
    }
    {
        size_t at = 0;
        for (size_t i = 0; i < nr; i++) {
            fill[i] = at;
            s->rule[i].failing = s->fail_idx + at;
            at += s->rule[i].nfailing;
        }
    }
    for (size_t i = 0; i < n; i++) {
        const struct vec_record *r = rows[i].rec;
        if (r == NULL)
            continue;
        for (unsigned k = 0; k < r->nrules && k < VEC_MAX_RULES; k++) {
            enum rc_verdict rv = rc_row_rule_verdict(&rows[i], k);
            if (rv != RC_V_FAIL && rv != RC_V_ERROR)
                continue;
            long ri = rc_rollups_rule_index(s, cat, r->rules[k]);
            if (ri >= 0 && !cited_before(r, k))
                s->fail_idx[fill[ri]++] = i;
        }
    }
    free(fill);

    for (size_t i = 0; i < nr; i++) {
        struct rc_rule_rollup *ru = &s->rule[i];
        ru->rule = &cat->rule[i];
        size_t any = 0;
        for (size_t v = 0; v < RC_VERDICT_COUNT; v++)
            any += ru->count[v];
        if (any)
            ru->verdict = rollup_of_counts(ru->count);
        else if (ru->rule->untestable && strcmp(ru->rule->untestable, "-") != 0 &&
                 ru->rule->untestable[0] != '\0')
            ru->verdict = RC_R_UNTESTABLE;
        else
            ru->verdict = RC_R_NOT_RUN;
        s->rule_totals[ru->verdict]++;
        int app = ru->verdict == RC_R_PASS || ru->verdict == RC_R_WAIVED ||
                  ru->verdict == RC_R_INCONCLUSIVE || ru->verdict == RC_R_FAIL ||
                  ru->verdict == RC_R_ERROR ||
                  (ru->verdict == RC_R_NOT_RUN && rule_applicable(ru->rule, profile));
        s->applicable += (size_t)app;
        s->applicable_passed += (size_t)(ru->verdict == RC_R_PASS);
    }
    for (size_t m = 0; m < nm; m++) {
        struct rc_official_rollup *o = &s->official[m];
        o->map = &cat->map[m];
        int best = -1;
        enum rc_rollup v = RC_R_NOT_RUN;
        for (size_t k = 0; k < o->map->nrules; k++) {
            long ri = rc_rollups_rule_index(s, cat, o->map->rules[k]);
            /* a mapped rule missing from the catalogue cannot have run */
            enum rc_rollup rv = ri < 0 ? RC_R_NOT_RUN : s->rule[ri].verdict;
            if (official_rank(rv) > best)
                best = official_rank(rv), v = rv;
        }
        o->verdict = v;
        s->official_totals[v]++;
    }
    if (s->ninterp > 1)
        qsort(s->interp, s->ninterp, sizeof *s->interp, cmp_interp);
    size_t open_rules = s->rule_totals[RC_R_INCONCLUSIVE];
    for (size_t i = 0; i < nr; i++)
        open_rules += s->rule[i].verdict == RC_R_NOT_RUN &&
                      rule_applicable(s->rule[i].rule, profile);
    if (s->rule_totals[RC_R_FAIL] || s->rule_totals[RC_R_ERROR] ||
        s->totals[RC_V_ERROR] || s->totals[RC_V_FAIL])
        s->overall = "fail";
    else if (s->rule_totals[RC_R_PASS] + s->rule_totals[RC_R_WAIVED] == 0 || open_rules)
        s->overall = "incomplete";
    else if (s->rule_totals[RC_R_WAIVED])
        s->overall = "pass-with-waivers";
    else
        s->overall = "pass";
    return 0;
oom:
    free(tmp);
    rc_rollups_free(s);
    return -1;
}

/* ---- atomic files ------------------------------------------------------- */

FILE *rc_atomic_open(const char *path, char *tmp, size_t cap)
{
    if (path == NULL || tmp == NULL || cap == 0 || path[0] == '\0') {
        errno = EINVAL;
        return NULL;
    }
    int len = snprintf(tmp, cap, "%s.tmp.%ld", path, (long)getpid());
    if (len < 0 || (size_t)len >= cap) {
        tmp[0] = '\0';
        errno = ENAMETOOLONG;
        return NULL;
    }
    /* O_EXCL: never write through a symlink or a file someone else holds;
     * a leftover of this very name can only be ours from an earlier crash
     * of a process with the same pid, so it is removed once. */
    /* O_CLOEXEC: a --dut-cmd process (re)started while the file is open
     * must not inherit it. */
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno == EEXIST && unlink(tmp) == 0)
        fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0)
        return NULL;
    FILE *f = fdopen(fd, "w");
    if (f == NULL) {
        int e = errno;
        close(fd);
        unlink(tmp);
        errno = e;
    }
    return f;
}

void rc_atomic_abort(FILE *f, const char *tmp)
{
    int e = errno;
    if (f != NULL)
        fclose(f);
    if (tmp != NULL && tmp[0] != '\0')
        unlink(tmp);
    errno = e;
}

/* Make the rename itself durable: fsync the folder holding path. Failure
 * is not reported (some file systems refuse fsync on folders). */
static void sync_folder(const char *path)
{
    char dir[4096];
    const char *slash = strrchr(path, '/');
    if (slash == NULL)
        snprintf(dir, sizeof dir, ".");
    else if (slash == path)
        snprintf(dir, sizeof dir, "/");
    else if ((size_t)(slash - path) < sizeof dir)
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    else
        return;
    int fd = open(dir, O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        (void)fsync(fd);
        close(fd);
    }
}

int rc_atomic_commit(FILE *f, const char *tmp, const char *path)
{
    if (f == NULL || tmp == NULL || path == NULL) {
        if (f != NULL)
            rc_atomic_abort(f, tmp);
        errno = EINVAL;
        return -1;
    }
    if (fflush(f) != 0 || ferror(f) || fsync(fileno(f)) != 0) {
        int e = errno ? errno : EIO;
        rc_atomic_abort(f, tmp);
        errno = e;
        return -1;
    }
    if (fclose(f) != 0) {
        int e = errno;
        unlink(tmp);
        errno = e;
        return -1;
    }
    if (rename(tmp, path) != 0) {
        int e = errno;
        unlink(tmp);
        errno = e;
        return -1;
    }
    sync_folder(path);
    return 0;
}
