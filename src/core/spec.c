/* spec.c - the syntax of strategy specs and the key tables (spec.h). */
#include "spec.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "registry.h"
#include "xmalloc.h"

/* ==== syntax =============================================================== */

/* Copies n bytes of s into dst (size bytes); -1 when they do not fit. */
static int copy(char *dst, size_t size, const char *s, size_t n) {
    if (n >= size) return -1;
    memcpy(dst, s, n);
    dst[n] = '\0';
    return 0;
}

int spec_split(const char *text, spec_text *t, diag *d) {
    memset(t, 0, sizeof *t);
    size_t n = strcspn(text, ":");
    if (n == 0) return diag_set(d, "expected a strategy name before ':'");
    if (copy(t->name, sizeof t->name, text, n))
        return diag_set(d, "strategy name '%.*s...' is too long", 20, text);
    const char *s = text[n] ? text + n + 1 : text + n;
    if (text[n] && !*s) return diag_set(d, "expected key=value after ':'");
    while (*s) {
        size_t len = strcspn(s, ",");
        const char *eq = memchr(s, '=', len);
        if (!eq && t->n > 0 && *s >= '0' && *s <= '9') {
            /* a number continues the value before it: geom:100,1.5 */
            char *v = t->item[t->n - 1].value;
            size_t have = strlen(v);
            if (have + 1 + len >= SPEC_VALUE_MAX)
                return diag_set(d, "the value of '%s' is too long", t->item[t->n - 1].key);
            v[have] = ',';
            memcpy(v + have + 1, s, len);
            v[have + 1 + len] = '\0';
        } else {
            if (!eq || eq == s || eq + 1 == s + len)
                return diag_set(d, "option '%.*s': expected key=value", (int)(len > 60 ? 60 : len),
                                s);
            if (t->n == SPEC_MAX_ITEMS) return diag_set(d, "more than %d options", SPEC_MAX_ITEMS);
            size_t kl = (size_t)(eq - s);
            if (copy(t->item[t->n].key, SPEC_NAME_MAX, s, kl) ||
                copy(t->item[t->n].value, SPEC_VALUE_MAX, eq + 1, len - kl - 1))
                return diag_set(d, "option '%.*s' is too long", (int)(len > 60 ? 60 : len), s);
            if (spec_text_find(t, t->item[t->n].key) >= 0)
                return diag_set(d, "'%s' is given twice", t->item[t->n].key);
            t->n++;
        }
        s += len;
        if (*s == ',') {
            s++;
            if (!*s) return diag_set(d, "expected key=value after ','");
        }
    }
    return 0;
}

char *spec_join(const spec_text *t, char *buf, size_t size) {
    size_t o = (size_t)snprintf(buf, size, "%s", t->name);
    for (int i = 0; i < t->n && o < size; i++)
        o += (size_t)snprintf(buf + o, size - o, "%c%s=%s", i ? ',' : ':', t->item[i].key,
                              t->item[i].value);
    return buf;
}

int spec_text_find(const spec_text *t, const char *key) {
    for (int i = 0; i < t->n; i++)
        if (!strcmp(t->item[i].key, key)) return i;
    return -1;
}

void spec_text_remove(spec_text *t, int i) {
    memmove(&t->item[i], &t->item[i + 1], (size_t)(t->n - i - 1) * sizeof t->item[0]);
    t->n--;
}

int spec_text_set(spec_text *t, const char *key, const char *value, diag *d) {
    int i = spec_text_find(t, key);
    if (i < 0) {
        if (t->n == SPEC_MAX_ITEMS) return diag_set(d, "more than %d options", SPEC_MAX_ITEMS);
        i = t->n++;
        if (copy(t->item[i].key, SPEC_NAME_MAX, key, strlen(key)))
            return t->n--, diag_set(d, "option '%s' is too long", key);
    }
    if (copy(t->item[i].value, SPEC_VALUE_MAX, value, strlen(value)))
        return diag_set(d, "the value of '%s' is too long", key);
    return 0;
}

/* ==== sweeps =============================================================== */

enum { SWEEP_SETS_MAX = 16 };

/* One value set: its alternatives as (offset, length) into the text. */
typedef struct sweep_set {
    size_t open, close; /* positions of '{' and '}' */
    size_t n;
    size_t *off, *len;
} sweep_set;

static void sweep_free(sweep_set *sets, int n) {
    for (int i = 0; i < n; i++) {
        FREEN(sets[i].off, sets[i].close - sets[i].open);
        FREEN(sets[i].len, sets[i].close - sets[i].open);
    }
}

/* Reads the set whose '{' is at text[open]; -1 with d. */
static int sweep_read(const char *text, size_t open, sweep_set *set, diag *d) {
    size_t close = open + 1;
    while (text[close] && text[close] != '}') {
        if (text[close] == '{')
            return diag_set(d, "column %zu: '{' inside a value set (sets do not nest)", close + 1);
        close++;
    }
    if (!text[close])
        return diag_set(d, "column %zu: '{' without its '}'", open + 1);
    set->open = open;
    set->close = close;
    set->n = 0;
    /* at most (close - open) alternatives: one per character plus one */
    set->off = NEWN(close - open, size_t);
    set->len = NEWN(close - open, size_t);
    for (size_t s = open + 1;;) {
        size_t e = s;
        while (e < close && text[e] != ',') e++;
        if (e == s) {
            sweep_free(set, 1);
            return diag_set(d, "column %zu: empty value in the set '%.*s'", s + 1,
                            (int)(close - open + 1), text + open);
        }
        int digit = text[s] >= '0' && text[s] <= '9';
        if (digit && set->n > 0 &&
            memchr(text + set->off[set->n - 1], ':', set->len[set->n - 1])) {
            set->len[set->n - 1] = e - set->off[set->n - 1]; /* geom:100,1.5 */
        } else {
            set->off[set->n] = s;
            set->len[set->n++] = e - s;
        }
        if (e == close) break;
        s = e + 1;
    }
    return 0;
}

int spec_expand(const char *text, void (*emit)(void *ctx, const char *spec), void *ctx, diag *d) {
    sweep_set sets[SWEEP_SETS_MAX];
    int ns = 0;
    double total = 1;
    for (size_t i = 0; text[i]; i++) {
        if (text[i] == '}') {
            sweep_free(sets, ns);
            return diag_set(d, "column %zu: '}' without its '{'", i + 1);
        }
        if (text[i] != '{') continue;
        if (ns == SWEEP_SETS_MAX) {
            sweep_free(sets, ns);
            return diag_set(d, "more than %d value sets", SWEEP_SETS_MAX);
        }
        if (sweep_read(text, i, &sets[ns], d)) {
            sweep_free(sets, ns);
            return -1;
        }
        total *= (double)sets[ns].n;
        i = sets[ns++].close;
    }
    if (total > SPEC_SWEEP_MAX) {
        sweep_free(sets, ns);
        return diag_set(d, "the sweep expands to %.0f strategies, more than %d: split it", total,
                        SPEC_SWEEP_MAX);
    }
    /* an odometer over the sets, the last one turning fastest */
    size_t pick[SWEEP_SETS_MAX] = {0}, cap = strlen(text) + 1, count = 0;
    char *buf = xmalloc(cap);
    for (;;) {
        size_t o = 0, from = 0;
        for (int k = 0; k < ns; k++) {
            memcpy(buf + o, text + from, sets[k].open - from);
            o += sets[k].open - from;
            memcpy(buf + o, text + sets[k].off[pick[k]], sets[k].len[pick[k]]);
            o += sets[k].len[pick[k]];
            from = sets[k].close + 1;
        }
        /* an alternative is never longer than its set, so buf holds it */
        memcpy(buf + o, text + from, strlen(text + from) + 1);
        emit(ctx, buf);
        count++;
        int k = ns - 1;
        while (k >= 0 && ++pick[k] == sets[k].n) pick[k--] = 0;
        if (k < 0) break;
    }
    xfree(buf, cap);
    sweep_free(sets, ns);
    return (int)count;
}

/* ==== key tables ============================================================ */

int spec_key_takes(const spec_key *k, const char *strategy) {
    if (!k->takes) return 1;
    size_t n = strlen(strategy);
    for (const char *s = k->takes; *s;) {
        size_t len = strcspn(s, " ");
        if (len == n && !strncmp(s, strategy, n)) return 1;
        s += len + (s[len] == ' ');
    }
    return 0;
}

const spec_key *spec_key_find(const spec_key *keys, const char *name) {
    for (; keys && keys->name; keys++)
        if (!strcmp(keys->name, name)) return keys;
    return NULL;
}

static void *field(const spec_key *k, void *typed) { return (char *)typed + k->offset; }

/* The list of allowed names of k (NULL for registries and free values). */
static const char *const *names(const spec_key *k, const void *ctx) {
    return k->names ? k->names : k->names_of ? k->names_of(ctx) : NULL;
}

const char *spec_default(const spec_key *k, const void *ctx) {
    if (k->def) return k->def;
    if (k->registry) return registry_name(k->registry, 0);
    const char *const *list = names(k, ctx);
    return list && list[0] ? list[0] : "";
}

/* "an integer from 1 to 100000", "a number above 0, at most 1e+06" */
static void range_text(const spec_key *k, char *buf, size_t size) {
    const char *what = k->kind == SPEC_REAL ? "a number" : "an integer";
    if (k->kind == SPEC_U64 && k->max == 0)
        snprintf(buf, size, "%s from %.15g up", what, k->min);
    else if (k->min_open)
        snprintf(buf, size, "%s above %.15g, at most %.15g", what, k->min, k->max);
    else
        snprintf(buf, size, "%s from %.15g to %.15g", what, k->min, k->max);
}

int spec_number(const spec_key *k, const char *text, void *f, diag *d) {
    char *end;
    errno = 0;
    double v = 0;
    unsigned long long u = 0;
    int ok = *text && !isspace((unsigned char)*text);
    if (k->kind == SPEC_U64) {
        ok = ok && *text >= '0' && *text <= '9';
        u = ok ? strtoull(text, &end, 10) : 0;
        v = (double)u;
    } else if (k->kind == SPEC_INT) {
        long l = ok ? strtol(text, &end, 10) : 0;
        v = (double)l;
    } else {
        v = ok ? strtod(text, &end) : 0;
        ok = ok && isfinite(v);
    }
    ok = ok && !*end && !errno && (k->min_open ? v > k->min : v >= k->min) &&
         (k->max == 0 && k->kind == SPEC_U64 ? 1 : v <= k->max);
    if (!ok) {
        char range[120];
        range_text(k, range, sizeof range);
        return diag_set(d, "expected %s (%s), found '%.60s'", range, k->unit ? k->unit : k->doc,
                        text);
    }
    if (k->kind == SPEC_U64)
        *(uint64_t *)f = u;
    else if (k->kind == SPEC_INT)
        *(long *)f = (long)v;
    else
        *(double *)f = v;
    return 0;
}

char *spec_help_line(const spec_key *k, const char *prefix, const void *ctx, char *buf,
                     size_t size) {
    char values[256], head[320];
    if (k->kind != SPEC_TEXT)
        range_text(k, values, sizeof values);
    else
        spec_values(k, ctx, "|", values, sizeof values);
    snprintf(head, sizeof head, "%s%s %s", prefix, k->name,
             k->form && !k->registry && !names(k, ctx) ? k->form
             : k->kind == SPEC_TEXT                    ? values
                                                       : "N");
    const char *def = k->kind != SPEC_TEXT || k->def || k->registry || names(k, ctx)
                          ? spec_default(k, ctx)
                          : NULL;
    snprintf(buf, size, "  %-22s %s%s%s%s%s%s", head, k->doc, k->kind != SPEC_TEXT ? " (" : "",
             k->kind != SPEC_TEXT ? values : "", k->kind != SPEC_TEXT ? ")" : "",
             def && *def ? "; default " : "", def && *def ? def : "");
    return buf;
}

char *spec_values(const spec_key *k, const void *ctx, const char *sep, char *buf, size_t size) {
    if (k->kind != SPEC_TEXT) {
        range_text(k, buf, size);
        return buf;
    }
    const char *const *list = names(k, ctx);
    if (!k->registry && !list) {
        snprintf(buf, size, "%s", k->form ? k->form : "TEXT");
        return buf;
    }
    size_t o = 0;
    buf[0] = '\0';
    for (int i = 0; k->registry ? k->registry[i] != NULL : list[i] != NULL; i++)
        join_append(buf, size, &o, sep, k->registry ? registry_name(k->registry, i) : list[i]);
    return buf;
}

/* Sets k in typed from text; -1 with d naming the key and the allowed
 * values. */
static int set(const spec_key *k, const char *text, void *typed, const void *ctx, diag *d) {
    if (k->kind != SPEC_TEXT) {
        diag why;
        if (spec_number(k, text, field(k, typed), &why))
            return diag_set(d, "%s: %s", k->name, why.msg);
        return 0;
    }
    const char *const *list = names(k, ctx);
    if (k->registry || list) {
        int i = k->registry ? registry_index(k->registry, text) : names_index(list, text);
        if (i < 0) {
            char all[512];
            return diag_set(d, "unknown %s '%s' (one of: %s)", k->name, text,
                            spec_values(k, ctx, ", ", all, sizeof all));
        }
        if (k->registry)
            *(const void **)field(k, typed) = k->registry[i];
        else
            *(int *)field(k, typed) = i;
        return 0;
    }
    diag why;
    if (k->parse(text, field(k, typed), &why))
        return diag_set(d, "%s '%s': %s (expected %s)", k->name, text, why.msg, k->form);
    return 0;
}

int spec_defaults(const spec_key *keys, const char *strategy, void *typed, const void *ctx,
                  diag *d) {
    for (const spec_key *k = keys; k && k->name; k++)
        if (spec_key_takes(k, strategy) && set(k, spec_default(k, ctx), typed, ctx, d)) return -1;
    return 0;
}

char *spec_keys_of(const spec_key *keys, const char *strategy, char *buf, size_t size) {
    size_t o = 0;
    buf[0] = '\0';
    for (const spec_key *k = keys; k && k->name; k++)
        if (spec_key_takes(k, strategy)) join_append(buf, size, &o, ", ", k->name);
    return buf;
}

int spec_apply(const spec_key *keys, const char *strategy, const spec_text *t, void *typed,
               const void *ctx, unsigned *given, diag *d) {
    for (int i = 0; i < t->n; i++) {
        const spec_key *k = spec_key_find(keys, t->item[i].key);
        if (!k || !spec_key_takes(k, strategy)) {
            char takes[256];
            spec_keys_of(keys, strategy, takes, sizeof takes);
            return diag_set(d, "'%s' is not a key of '%s'; %s takes %s", t->item[i].key, strategy,
                            strategy, takes[0] ? takes : "no keys");
        }
        if (set(k, t->item[i].value, typed, ctx, d)) return -1;
        if (given) *given |= 1u << (k - keys);
    }
    return 0;
}

char *spec_show(const spec_key *k, const void *typed, const void *ctx, char *buf, size_t size) {
    const void *f = (const char *)typed + k->offset;
    const char *const *list = names(k, ctx);
    buf[0] = '\0';
    if (k->registry) {
        const void *entry = *(const void *const *)f;
        if (entry) snprintf(buf, size, "%s", *(const char *const *)entry);
    } else if (list) {
        int i = *(const int *)f;
        if (i >= 0) snprintf(buf, size, "%s", list[i]);
    } else if (k->kind == SPEC_U64) {
        snprintf(buf, size, "%llu", (unsigned long long)*(const uint64_t *)f);
    } else if (k->kind == SPEC_INT) {
        snprintf(buf, size, "%ld", *(const long *)f);
    } else if (k->kind == SPEC_REAL) {
        snprintf(buf, size, "%.15g", *(const double *)f);
    } else if (k->show) {
        k->show(f, buf, size);
    }
    return buf;
}
