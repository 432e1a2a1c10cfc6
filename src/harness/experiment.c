/* experiment.c - the experiment file parser and the key setter shared
 * with the command-line flags (see experiment.h). */
#include "experiment.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/lexer.h"
#include "../core/xmalloc.h"
#include "../puzzles/puzzle.h"

enum key_type { K_NAME, K_STR, K_LIST, K_LONG, K_U64, K_SECONDS, K_SHARD, K_ONOFF };
typedef struct key {
    const char *name;
    enum key_type type;
    size_t off;
    long lo, hi; /* K_LONG */
    const char *what;
} key;

#define OFF(f) offsetof(experiment, f)
static const key keys[] = {
    {"experiment", K_NAME, OFF(name), 0, 0, "an experiment name (letters, digits, - _ .)"},
    {"puzzle", K_STR, OFF(puzzle), 0, 0, "a puzzle name"},
    {"instances", K_LIST, OFF(instances), 0, 0, "instance files, folders, globs or gen: specs"},
    {"strategy", K_LIST, OFF(strategies), 0, 0, "strategy specs"},
    {"reps", K_LONG, OFF(reps), 1, 100000, "a number of repetitions"},
    {"timeout", K_SECONDS, OFF(timeout_s), 0, 0, "a number of seconds"},
    {"wall-timeout", K_SECONDS, OFF(wall_timeout_s), 0, 0, "a number of seconds"},
    {"pin", K_ONOFF, OFF(pin), 0, 0, "on or off"},
    {"memory", K_U64, OFF(memory_mib), 0, 0, "a number of MiB (0: no limit)"},
    {"node-limit", K_U64, OFF(node_limit), 0, 0, "a number of nodes (0: no limit)"},
    {"seed", K_U64, OFF(seed), 0, 0, "a seed (a non-negative integer)"},
    {"jobs", K_LONG, OFF(jobs), 1, 64, "a number of parallel runs"},
    {"warmup", K_LONG, OFF(warmup), 0, 100000, "a number of warm-up runs"},
    {"shard", K_SHARD, OFF(shard_k), 0, 0, "K/N with 1 <= K <= N"},
    {"out", K_STR, OFF(out), 0, 0, "a result file path"},
    {"gen-cache", K_STR, OFF(gen_cache), 0, 0, "a folder for generated instances"},
};
#undef OFF
enum { N_KEYS = sizeof keys / sizeof *keys };

void strlist_add(strlist *l, const char *item, const char *where) {
    if (l->n == l->cap) {
        size_t cap = l->cap;
        GROW(&l->items, &cap, l->n + 1);
        cap = l->cap;
        GROW(&l->where, &cap, l->n + 1);
        l->cap = cap;
    }
    l->items[l->n] = xstrdup(item);
    l->where[l->n++] = xstrdup(where);
}

void strlist_free(strlist *l) {
    for (size_t i = 0; i < l->n; i++) {
        xstrfree(l->items[i]);
        xstrfree(l->where[i]);
    }
    if (l->items) FREEN(l->items, l->cap);
    if (l->where) FREEN(l->where, l->cap);
    memset(l, 0, sizeof *l);
}

void experiment_init(experiment *e) {
    memset(e, 0, sizeof *e);
    e->reps = 1;
    e->timeout_s = 10;
    e->memory_mib = 2048;
    e->seed = 1;
    e->jobs = 1;
    e->shard_k = e->shard_n = 1;
}

static void free_str(char **s) {
    if (*s) xstrfree(*s);
    *s = NULL;
}

void experiment_free(experiment *e) {
    free_str(&e->name);
    free_str(&e->puzzle);
    free_str(&e->puzzle_where);
    free_str(&e->out);
    free_str(&e->gen_cache);
    free_str(&e->source);
    strlist_free(&e->instances);
    strlist_free(&e->strategies);
}

int experiment_is_key(const char *name) {
    for (int i = 0; i < N_KEYS; i++)
        if (!strcmp(keys[i].name, name)) return 1;
    return 0;
}

static int bad(const char *where, const key *k, const char *value, diag *d) {
    return diag_set(d, "%s: %s: expected %s, found '%.60s'", where, k->name, k->what, value);
}

static int set_key(experiment *e, const key *k, const char *value, const char *where, diag *d) {
    char *p = (char *)e + k->off, *end;
    errno = 0;
    switch (k->type) {
    case K_NAME:
        if (!*value || strspn(value, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                     "0123456789-_.") != strlen(value))
            return bad(where, k, value, d);
        /* fall through */
    case K_STR:
        free_str((char **)p);
        *(char **)p = xstrdup(value);
        if (k->off == offsetof(experiment, puzzle)) {
            free_str(&e->puzzle_where);
            e->puzzle_where = xstrdup(where);
        }
        return 0;
    case K_LIST:
        strlist_add((strlist *)p, value, where);
        return 0;
    case K_LONG: {
        long v = strtol(value, &end, 10);
        if (!*value || *end || errno || v < k->lo || v > k->hi)
            return diag_set(d, "%s: %s: expected %s (an integer from %ld to %ld), found '%.60s'",
                            where, k->name, k->what, k->lo, k->hi, value);
        *(long *)p = v;
        return 0;
    }
    case K_U64: {
        unsigned long long v = strtoull(value, &end, 10);
        if (!*value || *value < '0' || *value > '9' || *end || errno)
            return bad(where, k, value, d);
        *(uint64_t *)p = v;
        return 0;
    }
    case K_SECONDS: {
        double v = strtod(value, &end);
        if (!*value || *end || errno || !isfinite(v) || v <= 0 || v > 1e6)
            return diag_set(d,
                            "%s: %s: expected a number of seconds above 0 (at most 1e6), "
                            "found '%.60s'",
                            where, k->name, value);
        *(double *)p = v;
        return 0;
    }
    case K_ONOFF:
        if (strcmp(value, "on") && strcmp(value, "off")) return bad(where, k, value, d);
        *(int *)p = !strcmp(value, "on");
        return 0;
    case K_SHARD: {
        long kk = strtol(value, &end, 10), n = 0;
        int ok = *value >= '0' && *value <= '9' && *end == '/' && !errno;
        if (ok) {
            char *end2;
            n = strtol(end + 1, &end2, 10);
            ok = end[1] >= '0' && end[1] <= '9' && !*end2 && !errno && kk >= 1 && n >= 1 &&
                 kk <= n && n <= 1000000;
        }
        if (!ok) return bad(where, k, value, d);
        e->shard_k = kk;
        e->shard_n = n;
        return 0;
    }
    }
    return bad(where, k, value, d);
}

static const key *find_key(const char *name, size_t len) {
    for (int i = 0; i < N_KEYS; i++)
        if (strlen(keys[i].name) == len && !memcmp(keys[i].name, name, len)) return &keys[i];
    return NULL;
}

int experiment_set(experiment *e, const char *name, const char *value, const char *where, diag *d) {
    const key *k = find_key(name, strlen(name));
    if (!k) return diag_set(d, "%s: unknown experiment key '%s'", where, name);
    return set_key(e, k, value, where, d);
}

int experiment_parse(experiment *e, const char *name, const char *text, size_t len, diag *d) {
    lexer lx;
    if (lex_from_memory(&lx, name, text, len, d)) return -1;
    token t[64];
    int n, ret = 0;
    char where[600];
    while (!ret && (n = lex_line(&lx, t, 64)) > 0) {
        const key *k = find_key(t[0].s, t[0].len);
        if (!k) {
            char list[400] = "";
            for (int i = 0; i < N_KEYS; i++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "",
                         keys[i].name);
            char what[440];
            snprintf(what, sizeof what, "a key (%s)", list);
            ret = lex_expected(&lx, &t[0], what, d);
            break;
        }
        if (n == 1) {
            ret = diag_at(d, name, t[0].line, t[0].col + (int)t[0].len,
                          "expected a value after '%s' (%s)", k->name, k->what);
            break;
        }
        if (n > 64) {
            ret = diag_at(d, name, t[0].line, t[0].col, "too many values on one line (at most 63)");
            break;
        }
        int ki = (int)(k - keys);
        if (k->type != K_LIST) {
            if (n > 2) {
                ret = diag_at(d, name, t[2].line, t[2].col,
                              "expected the end of the line ('%s' takes one value)", k->name);
                break;
            }
            if (e->line_of_[ki]) {
                ret = diag_at(d, name, t[0].line, t[0].col, "'%s' given twice (first on line %d)",
                              k->name, e->line_of_[ki]);
                break;
            }
            e->line_of_[ki] = t[0].line;
        }
        for (int i = 1; i < n && !ret; i++) {
            char *v = xstrndup(t[i].s, t[i].len);
            snprintf(where, sizeof where, "%s:%d:%d", name, t[i].line, t[i].col);
            ret = set_key(e, k, v, where, d);
            xstrfree(v);
        }
    }
    lex_close(&lx);
    return ret;
}

int experiment_load(experiment *e, const char *path, diag *d) {
    lexer lx;
    if (lex_open(&lx, path, d)) return -1;
    int ret = experiment_parse(e, path, lx.buf, lx.len, d);
    lex_close(&lx);
    if (!ret) {
        free_str(&e->source);
        e->source = xstrdup(path);
    }
    return ret;
}

/* A strategy spec and its position in the list, sorted by spec then
 * position: the first of equal specs comes first. */
typedef struct spec_at {
    const char *spec;
    size_t i;
} spec_at;

static int spec_cmp(const void *a, const void *b) {
    const spec_at *x = a, *y = b;
    int c = strcmp(x->spec, y->spec);
    return c ? c : (x->i > y->i) - (x->i < y->i);
}

int experiment_finish(experiment *e, diag *d) {
    if (!e->name) {
        const char *base = e->source ? strrchr(e->source, '/') : NULL;
        base = base ? base + 1 : e->source;
        char name[200] = "cli";
        if (base) {
            snprintf(name, sizeof name, "%s", base);
            char *dot = strrchr(name, '.');
            if (dot && dot != name) *dot = '\0';
            for (char *q = name; *q; q++)
                if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.",
                            *q))
                    *q = '_';
        }
        e->name = xstrdup(name);
    }
    /* the CLI says which command; the file, when there is one */
    const char *src = e->source ? e->source : "", *colon = e->source ? ": " : "";
    if (!e->puzzle)
        return diag_set(d, "%s%sno puzzle: expected `puzzle NAME` or --puzzle", src, colon);
    if (e->instances.n == 0)
        return diag_set(d, "%s%sno instances: expected `instances PATH...` or --instances", src,
                        colon);
    if (e->strategies.n == 0) { /* the puzzle's default (an unknown puzzle is the driver's error) */
        const puzzle *pz = puzzle_find(e->puzzle);
        strlist_add(&e->strategies, pz ? puzzle_default_spec(pz) : "gac", "default");
    }
    /* A spec given twice is one strategy: the label identifies the runs.
     * Sorted, so that a file with many strategies takes n log n, not n^2. */
    size_t ns = e->strategies.n, kept = 0;
    spec_at *by_spec = NEWN(ns, spec_at);
    unsigned char *dup = NEWN(ns, unsigned char);
    for (size_t i = 0; i < ns; i++) by_spec[i] = (spec_at){e->strategies.items[i], i};
    qsort(by_spec, ns, sizeof *by_spec, spec_cmp);
    for (size_t i = 1; i < ns; i++)
        if (!strcmp(by_spec[i].spec, by_spec[i - 1].spec)) dup[by_spec[i].i] = 1;
    for (size_t i = 0; i < ns; i++) {
        if (dup[i]) {
            xstrfree(e->strategies.items[i]);
            xstrfree(e->strategies.where[i]);
        } else {
            e->strategies.items[kept] = e->strategies.items[i];
            e->strategies.where[kept++] = e->strategies.where[i];
        }
    }
    e->strategies.n = kept;
    FREEN(by_spec, ns);
    FREEN(dup, ns);
    if (!e->out) {
        size_t n = strlen(e->name) + 16;
        char *s = xmalloc(n);
        snprintf(s, n, "results/%s.csv", e->name);
        e->out = xstrdup(s);
        xfree(s, n);
    }
    if (!e->gen_cache) e->gen_cache = xstrdup("results/gen");
    return 0;
}
