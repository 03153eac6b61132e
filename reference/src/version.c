/* The library's version (rio/version.h). */
#include "rio/version.h"

const char *rio_version(void)
{
    return RIO_VERSION;
}
/* SPDX-License-Identifier: Apache-2.0 */
