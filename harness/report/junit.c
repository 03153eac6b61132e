/* SPDX-License-Identifier: Apache-2.0 */
/* JUnit XML for CI systems: one <testsuite> per suite, one <testcase> per
 * vector. Waived vectors are <skipped> so a CI job does not go red on a
 * failure the vendor has documented; the waiver reason is the message.
 *
 * Only elements and attributes that both the schema Jenkins' xUnit plugin
 * validates JUnit files against (junit-10.xsd) and the Apache Ant schema
 * (JUnit.xsd) allow, with what the Ant schema requires: <testsuites> name
 * tests failures errors time (no skipped: junit-10.xsd rejects it there);
 * <testsuite> name tests failures errors skipped time timestamp hostname id
 * package, <properties> first, an empty <system-out/> and <system-err/>
 * last; <testcase> classname name time (no file or line: junit-10.xsd
 * rejects them; the location is the first line of a failure's text);
 * <failure>/<error> message type; <skipped> message, with the reason also as
 * its text (GitLab shows the text). docs/ci.md lists what each holds. */
#include "report.h"
#include "text.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Text or attribute value, escaped for XML 1.0 by text.h (RC_ESC_XML,
 * RC_ESC_XML_ATTR): markup as entities, characters XML 1.0 cannot carry and
 * invalid UTF-8 as U+FFFD, in attributes tab, newline and CR as character
 * references so a reader keeps them. */
static void xml_text(FILE *f, const char *s, size_t max, int attr)
{
    rc_esc_put(f, attr ? RC_ESC_XML_ATTR : RC_ESC_XML, s, max);
}

static void attr(FILE *f, const char *name, const char *value, size_t max)
{
    fprintf(f, " %s=\"", name);
    xml_text(f, value, max, 1);
    fputc('"', f);
}

static void attr_u64(FILE *f, const char *name, uint64_t v)
{
    fprintf(f, " %s=\"%" PRIu64 "\"", name, v);
}

static void attr_time(FILE *f, double s)
{
    fprintf(f, " time=\"%.6f\"", isfinite(s) && s >= 0 ? s : 0.0);
}

static const char *suite_name(const struct rc_result_row *row)
{
    return row->suite != NULL ? row->suite : "unassigned";
}

static void property(FILE *f, const char *name, const char *value, size_t max)
{
    if (value == NULL)
        return;
    fputs("      <property", f);
    attr(f, "name", name, (size_t)-1);
    attr(f, "value", value, max);
    fputs("/>\n", f);
}

static void properties(FILE *f, const struct rc_run_info *info)
{
    char num[32];
    fputs("    <properties>\n", f);
    property(f, "tool", info->tool_version, (size_t)-1);
    property(f, "suite_version", info->suite_version, (size_t)-1);
    property(f, "vector_hash", info->vector_hash, sizeof info->vector_hash);
    if (info->dut != NULL) {
        property(f, "dut_name", info->dut->name, (size_t)-1);
        property(f, "dut_version", info->dut->version, (size_t)-1);
    }
    property(f, "dut_source", info->dut_source, (size_t)-1);
    snprintf(num, sizeof num, "%" PRIu64, info->seed);
    property(f, "seed", num, sizeof num);
    snprintf(num, sizeof num, "%" PRIu32, info->sweep_stride);
    property(f, "sweep_stride", num, sizeof num);
    property(f, "command_line", info->command_line, (size_t)-1);
    /* provenance (docs/provenance.md) */
    property(f, "commit", rc_prov_text(info->commit), (size_t)-1);
    property(f, "compiler", rc_prov_text(info->compiler), (size_t)-1);
    property(f, "host", rc_prov_text(info->host), (size_t)-1);
    if (info->dut_sha256[0] != '\0' || info->dut_hashed != NULL) {
        property(f, "dut_sha256", rc_prov_text(info->dut_sha256), (size_t)-1);
        property(f, "dut_file", info->dut_hashed, (size_t)-1);
    }
    property(f, "vectors_sha256", rc_prov_text(info->vectors_sha256), (size_t)-1);
    char *r = rc_recipe_str(rc_recipe_vectors, info);
    property(f, "vectors_recipe", r, (size_t)-1);
    free(r);
    fputs("    </properties>\n", f);
}

/* The body of a failure or error: where, why, expected and actual, cite. */
static void failure_body(FILE *f, const struct rc_run_info *info,
                         const struct rc_result_row *row)
{
    const struct vec_record *r = row->rec;
    const struct rc_vec_result *res = &row->res;
    xml_text(f, rc_report_path(info, r->file), (size_t)-1, 0);
    fprintf(f, ":%u: ", res->line ? res->line : r->line);
    xml_text(f, res->detail, sizeof res->detail, 0);
    if (res->expected[0] != '\0') {
        fputs("\nexpected: ", f);
        xml_text(f, res->expected, sizeof res->expected, 0);
    }
    if (res->actual[0] != '\0') {
        fputs("\nactual: ", f);
        xml_text(f, res->actual, sizeof res->actual, 0);
    }
    fputs("\nrules:", f);
    for (unsigned k = 0; k < r->nrules && k < VEC_MAX_RULES; k++) {
        fputc(' ', f);
        xml_text(f, r->rules[k], (size_t)-1, 0);
    }
    fputs("\ncite: ", f);
    xml_text(f, r->cite, sizeof r->cite, 0);
}

static void testcase(FILE *f, const struct rc_run_info *info, const struct rc_result_row *row)
{
    const struct vec_record *r = row->rec;
    const struct rc_vec_result *res = &row->res;
    fputs("    <testcase", f);
    attr(f, "classname", suite_name(row), (size_t)-1);
    attr(f, "name", r->id, sizeof r->id);
    attr_time(f, row->seconds);
    switch (res->verdict) {
    case RC_V_PASS:
        fputs("/>\n", f);
        return;
    case RC_V_INCONCLUSIVE:
        if (res->failed_rules == 0) {
            /* a set-up step failed and fails no rule: never a pass */
            fputs(">\n      <skipped message=\"inconclusive: ", f);
            xml_text(f, res->detail, sizeof res->detail, 1);
            fputs("\">inconclusive: ", f);
            xml_text(f, res->detail, sizeof res->detail, 0);
            fputs("</skipped>\n    </testcase>\n", f);
            return;
        }
        fputs(">\n      <failure", f);
        attr(f, "message", res->detail, sizeof res->detail);
        attr(f, "type", "inconclusive", (size_t)-1);
        fputc('>', f);
        failure_body(f, info, row);
        fputs("</failure>\n    </testcase>\n", f);
        return;
    case RC_V_FAIL:
    case RC_V_ERROR:
        fputs(">\n      <", f);
        fputs(res->verdict == RC_V_FAIL ? "failure" : "error", f);
        attr(f, "message", res->detail, sizeof res->detail);
        attr(f, "type", rc_verdict_name(res->verdict), (size_t)-1);
        fputc('>', f);
        failure_body(f, info, row);
        fprintf(f, "</%s>\n    </testcase>\n", res->verdict == RC_V_FAIL ? "failure" : "error");
        return;
    case RC_V_NA:
        fputs(">\n      <skipped", f);
        fputs(" message=\"not applicable: ", f);
        xml_text(f, res->detail, sizeof res->detail, 1);
        fputs("\">not applicable: ", f);
        xml_text(f, res->detail, sizeof res->detail, 0);
        fputs("</skipped>\n    </testcase>\n", f);
        return;
    case RC_V_WAIVED:
        fputs(">\n      <skipped", f);
        fputs(" message=\"waived: ", f);
        xml_text(f, row->waiver ? row->waiver : "(no reason recorded)", (size_t)-1, 1);
        fputs("\">waived: ", f);
        xml_text(f, row->waiver ? row->waiver : "(no reason recorded)", (size_t)-1, 0);
        fputc('\n', f);
        failure_body(f, info, row);
        fputs("</skipped>\n    </testcase>\n", f);
        return;
    }
    /* a verdict out of range is a runner bug: report it, never hide it */
    fputs(">\n      <error message=\"unknown verdict\" type=\"error\"/>\n    </testcase>\n", f);
}

struct tally {
    size_t tests, failures, errors, skipped;
    double seconds;
};

static void tally_row(struct tally *t, const struct rc_result_row *row)
{
    t->tests++;
    if (isfinite(row->seconds) && row->seconds > 0)
        t->seconds += row->seconds;
    switch (row->res.verdict) {
    case RC_V_PASS:
        return;
    case RC_V_FAIL:
        t->failures++;
        return;
    case RC_V_INCONCLUSIVE:
        if (row->res.failed_rules != 0)
            t->failures++;
        else
            t->skipped++;
        return;
    case RC_V_ERROR:
        t->errors++;
        return;
    case RC_V_NA:
    case RC_V_WAIVED:
        t->skipped++;
        return;
    }
    t->errors++;
}

static void tally_attrs(FILE *f, const struct tally *t, int skipped)
{
    attr_u64(f, "tests", t->tests);
    attr_u64(f, "failures", t->failures);
    attr_u64(f, "errors", t->errors);
    if (skipped)
        attr_u64(f, "skipped", t->skipped);
}

/* The run's start as the Ant schema's timestamp wants it: ISO 8601 without
 * a zone, "YYYY-MM-DDTHH:MM:SS" (riocheck's is UTC: "...Z" without the Z).
 * 0 when started is not of that form (the attribute is then left out). */
static int timestamp(char dst[20], const char *started)
{
    static const char form[] = "dddd-dd-ddTdd:dd:dd";
    if (started == NULL)
        return 0;
    for (size_t i = 0; i < sizeof form - 1; i++) {
        if (form[i] == 'd' ? started[i] < '0' || started[i] > '9' : started[i] != form[i])
            return 0;
    }
    memcpy(dst, started, sizeof form - 1);
    dst[sizeof form - 1] = '\0';
    return 1;
}

/* The host name: the first word of the provenance host ("nodename sysname
 * release machine"), "localhost" when it is not known (as the Ant schema
 * says). */
static void hostname(char *dst, size_t cap, const char *host)
{
    size_t n = 0;
    if (host != NULL && strcmp(host, "unknown") != 0)
        while (host[n] != '\0' && host[n] != ' ' && n + 1 < cap)
            n++;
    if (n == 0)
        snprintf(dst, cap, "localhost");
    else
        snprintf(dst, cap, "%.*s", (int)n, host);
}

int rc_write_junit(FILE *f, const struct rc_run_info *info, const struct rc_catalogue *cat,
                   const struct rc_result_row *rows, size_t n)
{
    static const struct rc_run_info no_info;
    (void)cat; /* suites come from the rows; the catalogue is not needed */
    if (f == NULL)
        return -1;
    if (info == NULL)
        info = &no_info;
    if (rows == NULL)
        n = 0;
    /* suites in order of first appearance: a row "starts" a suite when no
     * earlier row has its name. Few suites, so the scans stay cheap. */
    size_t *first = calloc(n ? n : 1, sizeof *first), nsuites = 0;
    if (first == NULL)
        return -1;
    struct tally all;
    memset(&all, 0, sizeof all);
    for (size_t i = 0; i < n; i++) {
        if (rows[i].rec == NULL)
            continue;
        tally_row(&all, &rows[i]);
        int seen = 0;
        for (size_t k = 0; k < nsuites && !seen; k++)
            seen = strcmp(suite_name(&rows[first[k]]), suite_name(&rows[i])) == 0;
        if (!seen)
            first[nsuites++] = i;
    }
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites", f);
    attr(f, "name", "riocheck", (size_t)-1);
    tally_attrs(f, &all, 0);
    attr_time(f, isfinite(info->seconds) && info->seconds > 0 ? info->seconds : all.seconds);
    fputs(">\n", f);
    char stamp[20], host[256];
    int stamped = timestamp(stamp, info->started);
    hostname(host, sizeof host, info->host);
    for (size_t s = 0; s < nsuites; s++) {
        const char *name = suite_name(&rows[first[s]]);
        struct tally t;
        memset(&t, 0, sizeof t);
        for (size_t i = first[s]; i < n; i++)
            if (rows[i].rec != NULL && strcmp(suite_name(&rows[i]), name) == 0)
                tally_row(&t, &rows[i]);
        fputs("  <testsuite", f);
        attr(f, "name", name, (size_t)-1);
        tally_attrs(f, &t, 1);
        attr_time(f, t.seconds);
        if (stamped)
            attr(f, "timestamp", stamp, sizeof stamp);
        attr(f, "hostname", host, sizeof host);
        attr_u64(f, "id", s);
        attr(f, "package", "riocheck", (size_t)-1);
        fputs(">\n", f);
        properties(f, info);
        for (size_t i = first[s]; i < n; i++)
            if (rows[i].rec != NULL && strcmp(suite_name(&rows[i]), name) == 0)
                testcase(f, info, &rows[i]);
        fputs("    <system-out/>\n    <system-err/>\n  </testsuite>\n", f);
    }
    fputs("</testsuites>\n", f);
    free(first);
    return fflush(f) != 0 || ferror(f) ? -1 : 0;
}
