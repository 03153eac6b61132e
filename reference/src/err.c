#include "rio/err.h"

const char *rio_strerror(int err)
{
    switch (err) {
#define RIO_ERR_TEXT_(name, value, text) case (value): return (text);
        RIO_ERR_MAP(RIO_ERR_TEXT_)
#undef RIO_ERR_TEXT_
    default:
        return "unknown error";
    }
}

const char *rio_errname(int err)
{
    switch (err) {
#define RIO_ERR_NAME_(name, value, text) case (value): return #name;
        RIO_ERR_MAP(RIO_ERR_NAME_)
#undef RIO_ERR_NAME_
    default:
        return "RIO_E?";
    }
}
/* SPDX-License-Identifier: Apache-2.0 */
