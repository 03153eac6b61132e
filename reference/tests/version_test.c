/* SPDX-License-Identifier: Apache-2.0 */
/* rio/version.h: the library reports the version its header defines, in the
 * documented "MAJOR.MINOR" form. */
#include <string.h>

#include "check.h"
#include "rio/version.h"

static void library_version_is_the_header_version(void)
{
    CHECK(rio_version() != NULL);
    CHECK(strcmp(rio_version(), RIO_VERSION) == 0);
}

static void version_is_major_dot_minor(void)
{
    const char *v = rio_version();
    size_t i = 0, dots = 0, digits = 0;
    for (; v[i] != '\0'; i++) {
        if (v[i] == '.') {
            CHECK(digits > 0); /* no empty part */
            dots++, digits = 0;
        } else {
            CHECK(v[i] >= '0' && v[i] <= '9');
            digits++;
        }
    }
    CHECK_EQ(dots, 1);
    CHECK(digits > 0);
}

int main(int argc, char **argv)
{
    (void)argc;
    RUN(library_version_is_the_header_version);
    RUN(version_is_major_dot_minor);
    return check_finish(argv[0]);
}
