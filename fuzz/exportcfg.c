/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/exportcfg.c - the profile files of riocheck export --config
 * (harness/cli/cli.h: cli_export_profile_parse, cli_export_profile_text;
 * docs/export.md, Profile).
 *
 * Input: the bytes of a profile file.
 *
 * Properties checked (fuzz_fail on violation):
 *   E1  the parser returns 0 or -1; -1 comes with "exportcfg:LINE: reason",
 *       NUL-terminated, 1 <= LINE <= the input's line count.
 *   E2  an accepted profile uses only what dut.h defines: revision bits 2
 *       and 3 only, capability bits with a name, policy values with a
 *       name, machine bits below RC_MACHINE_COUNT.
 *   E3  the profile written back as text (cli_export_profile_text) parses
 *       again to the same profile and machines, and writing that gives the
 *       same text byte for byte.
 *   E4  each line the parser accepted is accepted alone too (a line's
 *       meaning does not depend on the others, except "given twice").
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/fuzz.h"

#include "../harness/cli/cli.h"
#include "../harness/core/registry.h"

#define MAX_INPUT (16u * 1024u)

static unsigned count_lines(const char *d, size_t n)
{
    unsigned k = 0;
    for (size_t i = 0; i < n; i++)
        k += d[i] == '\n';
    return k + (n > 0 && d[n - 1] != '\n');
}

static void check_error(const char *err, const char *d, size_t n)
{
    const char *pre = "exportcfg:";
    if (strncmp(err, pre, strlen(pre)) != 0)
        fuzz_fail("E1: error without the name: '%s'", err);
    char *end;
    unsigned long line = strtoul(err + strlen(pre), &end, 10);
    if (end == err + strlen(pre) || *end != ':' || line < 1 || line > count_lines(d, n))
        fuzz_fail("E1: error line out of range (%u lines): '%s'", count_lines(d, n), err);
}

static void check_known(const struct rc_profile *p, uint32_t machines)
{
    if ((p->p12_revs | p->p9_revs) & ~0xCu)
        fuzz_fail("E2: revision bits 0x%x 0x%x", p->p12_revs, p->p9_revs);
    for (unsigned b = 0; b < 32; b++)
        if ((p->caps & (1u << b)) && rc_cap_name(1u << b) == NULL)
            fuzz_fail("E2: capability bit %u has no name", b);
    for (unsigned k = 0; k < RC_POLICY_SLOTS; k++)
        if (p->policy[k] != 0 && (rc_policy_name(k) == NULL ||
                                  rc_policy_value_name(k, p->policy[k]) == NULL))
            fuzz_fail("E2: policy %u value %u has no name", k, p->policy[k]);
    if (machines >> RC_MACHINE_COUNT)
        fuzz_fail("E2: machine bits 0x%x", machines);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_INPUT)
        return 0;
    const char *d = (const char *)data;
    struct rc_profile p, q;
    uint32_t m = 0, mq = 0;
    char err[600] = "";
    if (cli_export_profile_parse(&p, &m, "exportcfg", d, size, err, sizeof err) != 0) {
        check_error(err, d, size);
        return 0;
    }
    check_known(&p, m);
    /* E3: text, parse, text */
    static char t1[8192], t2[8192];
    size_t n1 = cli_export_profile_text(t1, sizeof t1, &p, m);
    if (n1 == 0 || n1 >= sizeof t1)
        fuzz_fail("E3: the profile text needs %zu bytes", n1);
    if (cli_export_profile_parse(&q, &mq, "exportcfg", t1, n1, err, sizeof err) != 0)
        fuzz_fail("E3: the written profile does not parse: %s\n%s", err, t1);
    if (memcmp(&p, &q, sizeof p) != 0 || m != mq)
        fuzz_fail("E3: the written profile parses to another one:\n%s", t1);
    size_t n2 = cli_export_profile_text(t2, sizeof t2, &q, mq);
    if (n2 != n1 || memcmp(t1, t2, n1) != 0)
        fuzz_fail("E3: writing twice differs:\n%s---\n%s", t1, t2);
    /* E4: every line alone */
    size_t start = 0;
    for (size_t i = 0; i <= size; i++)
        if (i == size || d[i] == '\n') {
            size_t len = i - start;
            /* a byte order mark counts only at the very start */
            if (start == 0 && len >= 3 && memcmp(d, "\xEF\xBB\xBF", 3) == 0)
                ;
            else if (len >= 3 && memcmp(d + start, "\xEF\xBB\xBF", 3) == 0)
                fuzz_fail("E4: a line after the first starts with a BOM and was accepted");
            if (cli_export_profile_parse(&q, &mq, "exportcfg", d + start, len, err,
                                         sizeof err) != 0)
                fuzz_fail("E4: line at byte %zu accepted in the file, refused alone: %s", start,
                          err);
            start = i + 1;
        }
    return 0;
}
