/* config.c - strategy specs: "gac:queue=arc-fifo,var=dom/wdeg". */
#include <stdio.h>
#include <string.h>

#include "solver.h"

void csp_config_default(csp_config *cfg) {
    cfg->strategy = csp_find_strategy("gac");
    cfg->queue = csp_find_queue("constraint-fifo");
    cfg->var = csp_find_var("dom");
    cfg->val = csp_find_val("lex");
    cfg->support = CSP_SUPPORT_BITS;
    cfg->timing = 1;
}

/* "a, b, c" from the names of a registry (names at a stride of the
 * struct: every registry entry starts with its name). */
static void names_of(const void *const *table, char *buf, size_t size) {
    size_t o = 0;
    buf[0] = '\0';
    for (int i = 0; table[i] && o < size; i++)
        o += (size_t)snprintf(buf + o, size - o, "%s%s", i ? ", " : "",
                              *(const char *const *)table[i]);
}

static int unknown(diag *d, const char *what, const char *value, const void *const *table) {
    char names[256];
    names_of(table, names, sizeof names);
    return diag_set(d, "unknown %s '%s' (one of: %s)", what, value, names);
}

int csp_config_set(csp_config *cfg, const char *key, const char *value, diag *d) {
    if (!strcmp(key, "queue")) {
        if (!(cfg->queue = csp_find_queue(value)))
            return unknown(d, "queue", value, (const void *const *)csp_queues);
    } else if (!strcmp(key, "var")) {
        if (!(cfg->var = csp_find_var(value)))
            return unknown(d, "variable heuristic", value, (const void *const *)csp_var_heurs);
    } else if (!strcmp(key, "val")) {
        if (!(cfg->val = csp_find_val(value)))
            return unknown(d, "value heuristic", value, (const void *const *)csp_val_heurs);
    } else if (!strcmp(key, "support")) {
        int i = 0;
        while (csp_support_names[i] && strcmp(csp_support_names[i], value)) i++;
        if (!csp_support_names[i]) return diag_set(d, "unknown support '%s' (one of: bits, scan, rm)", value);
        cfg->support = i;
    } else if (!strcmp(key, "timing")) {
        if (strcmp(value, "on") && strcmp(value, "off"))
            return diag_set(d, "timing: expected on or off, found '%s'", value);
        cfg->timing = !strcmp(value, "on");
    } else {
        return diag_set(d, "unknown option '%s' (one of: queue, var, val, support, timing)", key);
    }
    return 0;
}

int csp_spec_split(const char **cursor, char *key, size_t key_size, char *value,
                   size_t value_size, diag *d) {
    const char *s = *cursor;
    if (!*s) return 0;
    size_t n = strcspn(s, ",");
    const char *eq = memchr(s, '=', n);
    if (!eq || eq == s || eq + 1 == s + n)
        return diag_set(d, "option '%.*s': expected key=value", (int)n, s);
    size_t kl = (size_t)(eq - s), vl = n - kl - 1;
    if (kl >= key_size || vl >= value_size)
        return diag_set(d, "option '%.*s' is too long", (int)(n > 60 ? 60 : n), s);
    memcpy(key, s, kl);
    key[kl] = '\0';
    memcpy(value, eq + 1, vl);
    value[vl] = '\0';
    *cursor = s[n] ? s + n + 1 : s + n;
    return 1;
}

int csp_spec_name(const char **cursor, char *name, size_t size, diag *d) {
    const char *s = *cursor;
    size_t n = strcspn(s, ":");
    if (n == 0 || n >= size) return diag_set(d, "expected a strategy name before ':'");
    memcpy(name, s, n);
    name[n] = '\0';
    *cursor = s[n] ? s + n + 1 : s + n;
    return 0;
}

int csp_config_parse(csp_config *cfg, const char *spec, diag *d) {
    char name[64], key[64], value[64];
    const char *cur = spec;
    if (csp_spec_name(&cur, name, sizeof name, d)) return -1;
    if (!(cfg->strategy = csp_find_strategy(name)))
        return unknown(d, "strategy", name, (const void *const *)csp_strategies);
    int r;
    while ((r = csp_spec_split(&cur, key, sizeof key, value, sizeof value, d)) == 1)
        if (csp_config_set(cfg, key, value, d)) return -1;
    return r;
}
