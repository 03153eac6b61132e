/* SPDX-License-Identifier: Apache-2.0 */
/* The build's identity (buildinfo.h). Kept to these few lines on purpose:
 * the Makefile recompiles it whenever the commit changes. */
#include "buildinfo.h"

#ifndef RC_BUILD_COMMIT
#define RC_BUILD_COMMIT "unknown"
#endif

const char *rc_build_commit(void)
{
    return RC_BUILD_COMMIT[0] != '\0' ? RC_BUILD_COMMIT : "unknown";
}

const char *rc_build_compiler(void)
{
#if defined(__clang__)
    return __VERSION__; /* "Debian Clang 14.0.6": names clang itself */
#elif defined(__GNUC__)
    return "gcc " __VERSION__;
#else
    return "unknown";
#endif
}
