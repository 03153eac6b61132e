/* SPDX-License-Identifier: Apache-2.0 */
/*
 * dutload.c - load a DUT library, version 1 or 2, and the optional ABI
 * operations with their defaults (dutload.h).
 */
#include "dutload.h"
#include "seterr.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the version 1 layout (riocheck/dut.h before ABI version 2) ----------- */

struct v1_machine_ops {
    int (*create)(void **inst, const struct rc_config *cfg);
    void (*destroy)(void *inst);
    int (*step)(void *inst, const struct rc_msg *event, struct rc_msg *out, uint32_t cap,
                uint32_t *n);
    int (*query)(void *inst, const struct rc_msg *query, uint64_t *value);
};

struct v1_dut {
    uint32_t abi_version; /* 1 */
    const char *name;
    const char *version;
    struct rc_profile profile; /* policy[] was "reserved", zero */
    struct v1_machine_ops machine[RC_MACHINE_COUNT];
    int (*cs64_decode)(uint32_t width, uint32_t param, struct rc_msg *out);
};

/* One create per machine: the ctx is the version 1 description. */
#define V1_CREATE_(name, id, text)                                             \
    static int v1_create_##name(void *ctx, void **inst, const struct rc_config *cfg) \
    {                                                                          \
        const struct v1_dut *v = ctx;                                          \
        return v->machine[RC_M_##name].create(inst, cfg);                      \
    }
RC_MACHINES(V1_CREATE_)
#undef V1_CREATE_

typedef int (*create_fn)(void *, void **, const struct rc_config *);
static const create_fn v1_creates[RC_MACHINE_COUNT] = {
#define V1_ROW_(name, id, text) [RC_M_##name] = v1_create_##name,
    RC_MACHINES(V1_ROW_)
#undef V1_ROW_
};

static int v1_cs64(void *ctx, uint32_t width, uint32_t param, struct rc_msg *out)
{
    const struct v1_dut *v = ctx;
    return v->cs64_decode(width, param, out);
}

int rc_dut_from_v1(const void *v1, struct rc_dut_v1_view *out)
{
    const struct v1_dut *v = v1;
    if (v == NULL || out == NULL || v->abi_version != 1u)
        return -1;
    struct rc_dut *d = &out->dut;
    memset(d, 0, sizeof *d);
    d->abi_version = 1u;
    d->name = v->name;
    d->version = v->version;
    d->profile = v->profile;
    memset(d->profile.policy, 0, sizeof d->profile.policy); /* reserved in v1 */
    d->ctx = (void *)(uintptr_t)v;
    for (unsigned m = 0; m < RC_MACHINE_COUNT; m++) {
        if (v->machine[m].create == NULL)
            continue;
        d->machine[m].create = v1_creates[m];
        d->machine[m].destroy = v->machine[m].destroy;
        d->machine[m].step = v->machine[m].step;
        d->machine[m].query = v->machine[m].query;
    }
    if (v->cs64_decode != NULL)
        d->cs64_decode = v1_cs64;
    return 0;
}

/* ---- loading ---------------------------------------------------------------- */

struct rc_dut_lib {
    void *dl;
    void *entry;            /* the entry symbol dlsym found */
    const char *entry_name; /* RC_DUT_ENTRY or RC_DUT_ENTRY_V1 */
    int v1;                 /* the entry is RC_DUT_ENTRY_V1 */
    struct rc_dut_v1_view view; /* a version 1 library's translation */
};

static const void *call_entry(void *sym)
{
    rc_dut_entry_fn entry;
    memcpy(&entry, &sym, sizeof entry); /* object to function pointer, POSIX */
    return entry();
}

int rc_dut_open(const char *path, struct rc_dut_lib **libp, char *err, size_t cap)
{
    rc_set_err(err, cap, "%s", "");
    if (libp != NULL)
        *libp = NULL;
    if (path == NULL || path[0] == '\0' || libp == NULL) {
        rc_set_err(err, cap, "no DUT library given");
        return -1;
    }
    /* dlopen searches the library path for a bare name: make it a path */
    size_t n = strlen(path);
    char *abs = malloc(n + 3);
    struct rc_dut_lib *lib = calloc(1, sizeof *lib);
    if (abs == NULL || lib == NULL) {
        free(abs);
        free(lib);
        rc_set_err(err, cap, "out of memory");
        return -1;
    }
    snprintf(abs, n + 3, "%s%s", strchr(path, '/') ? "" : "./", path);
    (void)dlerror();
    lib->dl = dlopen(abs, RTLD_NOW | RTLD_LOCAL);
    free(abs);
    if (lib->dl == NULL) {
        const char *why = dlerror();
        rc_set_err(err, cap, "%s", why ? why : "cannot be loaded");
        free(lib);
        return -1;
    }
    if ((lib->entry = dlsym(lib->dl, RC_DUT_ENTRY)) != NULL) {
        lib->entry_name = RC_DUT_ENTRY;
    } else if ((lib->entry = dlsym(lib->dl, RC_DUT_ENTRY_V1)) != NULL) {
        lib->entry_name = RC_DUT_ENTRY_V1;
        lib->v1 = 1;
    } else {
        rc_set_err(err, cap, "exports neither %s nor %s (see riocheck/dut.h)", RC_DUT_ENTRY,
                   RC_DUT_ENTRY_V1);
        rc_dut_unload(lib);
        return -1;
    }
    *libp = lib;
    return 0;
}

const char *rc_dut_entry_name(const struct rc_dut_lib *lib)
{
    return lib != NULL ? lib->entry_name : NULL;
}

const struct rc_dut *rc_dut_enter(struct rc_dut_lib *lib, char *err, size_t cap)
{
    rc_set_err(err, cap, "%s", "");
    if (lib == NULL || lib->entry == NULL) {
        rc_set_err(err, cap, "no DUT library given");
        return NULL;
    }
    const struct rc_dut *dut = NULL;
    if (!lib->v1) {
        dut = call_entry(lib->entry);
        if (dut == NULL) {
            rc_set_err(err, cap, "%s() returned NULL", RC_DUT_ENTRY);
        } else if (dut->abi_version != RC_DUT_ABI_VERSION) {
            rc_set_err(err, cap, "%s() says ABI version %u; riocheck speaks %u (and 1 through %s)",
                       RC_DUT_ENTRY, dut->abi_version, RC_DUT_ABI_VERSION, RC_DUT_ENTRY_V1);
            dut = NULL;
        }
    } else {
        const void *v1 = call_entry(lib->entry);
        const struct v1_dut *v = v1;
        if (v == NULL)
            rc_set_err(err, cap, "%s() returned NULL", RC_DUT_ENTRY_V1);
        else if (rc_dut_from_v1(v1, &lib->view) != 0)
            rc_set_err(err, cap, "%s() says ABI version %u; a version 1 library must say 1",
                       RC_DUT_ENTRY_V1, v->abi_version);
        else
            dut = &lib->view.dut;
    }
    if (dut != NULL && (dut->name == NULL || dut->version == NULL)) {
        rc_set_err(err, cap, "the DUT's %s is NULL", dut->name == NULL ? "name" : "version");
        dut = NULL;
    }
    return dut;
}

const struct rc_dut *rc_dut_load(const char *path, struct rc_dut_lib **libp, char *err,
                                 size_t cap)
{
    struct rc_dut_lib *lib = NULL;
    if (libp == NULL) {
        rc_set_err(err, cap, "no DUT library given");
        return NULL;
    }
    *libp = NULL;
    if (rc_dut_open(path, &lib, err, cap) != 0)
        return NULL;
    const struct rc_dut *dut = rc_dut_enter(lib, err, cap);
    if (dut == NULL) {
        rc_dut_unload(lib);
        return NULL;
    }
    *libp = lib;
    return dut;
}

void rc_dut_unload(struct rc_dut_lib *lib)
{
    if (lib == NULL)
        return;
    if (lib->dl != NULL)
        dlclose(lib->dl);
    free(lib);
}

/* ---- the optional operations ------------------------------------------------ */

const char *rc_dut_why_lost(const struct rc_dut *dut)
{
    if (dut != NULL && dut->abi_version == RC_DUT_ABI_VERSION && dut->why_lost != NULL) {
        const char *why = dut->why_lost(dut->ctx);
        if (why != NULL && why[0] != '\0')
            return why;
    }
    return "the DUT returned RC_LOST (-90) and said nothing more";
}

int rc_why_notsup_clean(char *dst, size_t cap, const char *src)
{
    if (dst == NULL || cap == 0)
        return 0;
    dst[0] = '\0';
    if (src == NULL)
        return 0;
    while (*src == ' ' || *src == '\t')
        src++;
    size_t max = cap - 1 < RC_WHY_NOTSUP_MAX ? cap - 1 : RC_WHY_NOTSUP_MAX;
    size_t n = 0;
    while (n < max && src[n] != '\0')
        n++;
    /* cut before a UTF-8 character the bound split (continuation bytes
     * 10xxxxxx after the cut belong to the last character kept) */
    if (src[n] != '\0' && ((unsigned char)src[n] & 0xC0) == 0x80) {
        size_t k = n;
        while (k > 0 && ((unsigned char)src[k - 1] & 0xC0) == 0x80)
            k--;
        if (k > 0 && (unsigned char)src[k - 1] >= 0xC0)
            n = k - 1;
    }
    while (n > 0 && (src[n - 1] == ' ' || src[n - 1] == '\t'))
        n--;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)src[i];
        dst[i] = c < 0x20 || c == 0x7f ? '?' : (char)c;
    }
    dst[n] = '\0';
    return n > 0;
}

int rc_dut_why_notsup(const struct rc_dut *dut, char *dst, size_t cap)
{
    const char *why = NULL;
    /* never read the field without the capability: a library built before
     * it ends at why_lost */
    if (dut != NULL && dut->abi_version == RC_DUT_ABI_VERSION &&
        (dut->profile.caps & RC_CAP_WHY_NOTSUP) && dut->why_notsup != NULL)
        why = dut->why_notsup(dut->ctx);
    return rc_why_notsup_clean(dst, cap, why);
}
