/* SPDX-License-Identifier: Apache-2.0 */
/* Name tables generated from the X-macros of riocheck/dut.h. */
#include "registry.h"

#include <stdio.h>
#include <string.h>

#define KIND_(n, v, name, flags, ...) {(v), (name), (flags), {__VA_ARGS__}},
#define CFG_(n, v, name, dflt) {(v), (name), (uint64_t)(dflt)},

#define TABLES_(M, m)                                                          \
    static const struct rc_kind_desc m##_events[] = {RC_##M##_EVENTS(KIND_)};  \
    static const struct rc_kind_desc m##_outputs[] = {RC_##M##_OUTPUTS(KIND_)};\
    static const struct rc_kind_desc m##_queries[] = {RC_##M##_QUERIES(KIND_)};\
    static const struct rc_cfg_desc m##_config[] = {RC_##M##_CONFIG(CFG_)};

TABLES_(CODEC, codec)
TABLES_(P12REG, p12reg)
TABLES_(P9REG, p9reg)
TABLES_(GEN, gen)
TABLES_(RX, rx)
TABLES_(EP, ep)
TABLES_(SW, sw)
TABLES_(ARBTX, arbtx)
TABLES_(ARBRX, arbrx)

#define N_(a) (sizeof(a) / sizeof((a)[0]))
#define MACHINE_(M, m)                                                         \
    {RC_M_##M,   #m,          m##_events,     m##_outputs, m##_queries,        \
     N_(m##_events), N_(m##_outputs), N_(m##_queries), m##_config,             \
     N_(m##_config)},

static const struct rc_machine_desc machines[RC_MACHINE_COUNT] = {
    MACHINE_(CODEC, codec) MACHINE_(P12REG, p12reg) MACHINE_(P9REG, p9reg)
    MACHINE_(GEN, gen) MACHINE_(RX, rx) MACHINE_(EP, ep) MACHINE_(SW, sw)
    MACHINE_(ARBTX, arbtx) MACHINE_(ARBRX, arbrx)};

const struct rc_machine_desc *rc_machine_by_name(const char *name)
{
    for (size_t i = 0; i < RC_MACHINE_COUNT; i++)
        if (strcmp(machines[i].name, name) == 0)
            return &machines[i];
    return NULL;
}

const struct rc_machine_desc *rc_machine_by_id(uint32_t id)
{
    return id < RC_MACHINE_COUNT ? &machines[id] : NULL;
}

const struct rc_kind_desc *rc_kind_by_name(const struct rc_kind_desc *t, size_t n,
                                           const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (t[i].kind != 0 && strcmp(t[i].name, name) == 0)
            return &t[i];
    return NULL;
}

const struct rc_kind_desc *rc_kind_by_id(const struct rc_kind_desc *t, size_t n,
                                         uint32_t kind)
{
    for (size_t i = 0; i < n; i++)
        if (t[i].kind == kind && kind != 0)
            return &t[i];
    return NULL;
}

const struct rc_cfg_desc *rc_cfg_by_name(const struct rc_machine_desc *m,
                                         const char *name)
{
    for (size_t i = 0; i < m->nconfig; i++)
        if (m->config[i].key != 0 && strcmp(m->config[i].name, name) == 0)
            return &m->config[i];
    return NULL;
}

unsigned rc_kind_nargs(const struct rc_kind_desc *k)
{
    unsigned n = 0;
    while (n < RC_MAX_ARGS && k->args[n] != NULL)
        n++;
    return n;
}

int rc_kind_arg(const struct rc_kind_desc *k, const char *arg)
{
    for (unsigned i = 0; i < RC_MAX_ARGS && k->args[i] != NULL; i++)
        if (strcmp(k->args[i], arg) == 0)
            return (int)i;
    return -1;
}

static const struct {
    const char *scope, *arg, *symbol;
    uint64_t value;
} symbols[] = {
#define SYM_(m, a, s, v) {(m), (a), (s), (uint64_t)(v)},
    RC_SYMBOLS(SYM_)
#undef SYM_
};

/* Does a symbol scope ("*", "arbtx arbrx", "codec.command") include the
 * machine, or the machine.kind? kind may be NULL. */
static int in_scope(const char *scope, const char *machine, const char *kind)
{
    char full[96];
    snprintf(full, sizeof full, "%s.%s", machine, kind ? kind : "");
    for (const char *p = scope; *p;) {
        size_t n = strcspn(p, " ");
        if ((n == 1 && *p == '*') || (n == strlen(machine) && strncmp(p, machine, n) == 0) ||
            (kind != NULL && n == strlen(full) && strncmp(p, full, n) == 0))
            return 1;
        p += n;
        while (*p == ' ')
            p++;
    }
    return 0;
}

int rc_symbol_value(const char *machine, const char *kind, const char *arg,
                    const char *symbol, uint64_t *v)
{
    for (size_t i = 0; i < N_(symbols); i++)
        if (symbols[i].symbol[0] == symbol[0] && /* most differ there: loading
                                                     calls this for every value */
            strcmp(symbols[i].symbol, symbol) == 0 && strcmp(symbols[i].arg, arg) == 0 &&
            in_scope(symbols[i].scope, machine, kind)) {
            *v = symbols[i].value;
            return 0;
        }
    return -1;
}

const char *rc_symbol_name(const char *machine, const char *kind, const char *arg,
                           uint64_t v)
{
    for (size_t i = 0; i < N_(symbols); i++)
        if (in_scope(symbols[i].scope, machine, kind) && strcmp(symbols[i].arg, arg) == 0 &&
            symbols[i].value == v)
            return symbols[i].symbol;
    return NULL;
}

static const struct {
    int code;
    const char *name;
} results[] = {
#define RES_(n, v, s) {(v), (s)},
    RC_RESULTS(RES_)
#undef RES_
};

const char *rc_result_name(int code)
{
    for (size_t i = 0; i < N_(results); i++)
        if (results[i].code == code)
            return results[i].name;
    return "?";
}

const char *rc_result_text(int code, char buf[RC_RESULT_TEXT_MAX])
{
    for (size_t i = 0; i < N_(results); i++)
        if (results[i].code == code)
            return results[i].name;
    snprintf(buf, RC_RESULT_TEXT_MAX, "%d (not an ABI result code)", code);
    return buf;
}

int rc_result_by_name(const char *name, int *code)
{
    for (size_t i = 0; i < N_(results); i++)
        if (strcmp(results[i].name, name) == 0) {
            *code = results[i].code;
            return 0;
        }
    return -1;
}

static const struct {
    uint32_t bit;
    const char *name;
} caps[] = {
#define CAP_(n, b, s) {1u << (b), (s)},
    RC_CAPS(CAP_)
#undef CAP_
};

uint32_t rc_cap_by_name(const char *name)
{
    for (size_t i = 0; i < N_(caps); i++)
        if (strcmp(caps[i].name, name) == 0)
            return caps[i].bit;
    return 0;
}

const char *rc_cap_name(uint32_t bit)
{
    for (size_t i = 0; i < N_(caps); i++)
        if (caps[i].bit == bit)
            return caps[i].name;
    return "?";
}

static const struct {
    unsigned index;
    const char *key, *why;
} policies[] = {
#define POL_(n, i, s, why) {(i), (s), (why)},
    RC_POLICIES(POL_)
#undef POL_
};

static const struct {
    const char *key, *value;
    unsigned number;
} policy_values[] = {
#define POLV_(k, v, num) {(k), (v), (num)},
    RC_POLICY_VALUES(POLV_)
#undef POLV_
};

int rc_policy_by_name(const char *key)
{
    for (size_t i = 0; i < N_(policies); i++)
        if (strcmp(policies[i].key, key) == 0)
            return (int)policies[i].index;
    return -1;
}

const char *rc_policy_name(unsigned index)
{
    for (size_t i = 0; i < N_(policies); i++)
        if (policies[i].index == index)
            return policies[i].key;
    return NULL;
}

const char *rc_policy_why(unsigned index)
{
    for (size_t i = 0; i < N_(policies); i++)
        if (policies[i].index == index)
            return policies[i].why;
    return NULL;
}

int rc_policy_value(unsigned index, const char *value)
{
    const char *key = rc_policy_name(index);
    for (size_t i = 0; key && i < N_(policy_values); i++)
        if (strcmp(policy_values[i].key, key) == 0 &&
            strcmp(policy_values[i].value, value) == 0)
            return (int)policy_values[i].number;
    return -1;
}

const char *rc_policy_value_name(unsigned index, unsigned number)
{
    const char *key = rc_policy_name(index);
    for (size_t i = 0; key && i < N_(policy_values); i++)
        if (strcmp(policy_values[i].key, key) == 0 && policy_values[i].number == number)
            return policy_values[i].value;
    return NULL;
}
