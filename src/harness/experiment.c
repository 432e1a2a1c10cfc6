/* experiment.c - the experiment file parser and the key setter shared
 * with the command-line flags (see experiment.h). */
#include "experiment.h"

#include <assert.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/lexer.h"
#include "../core/options.h"
#include "../core/registry.h"
#include "../core/spec.h"
#include "../core/xmalloc.h"
#include "../puzzles/puzzle.h"

/* ---- the keys: one spec_key row each (core/spec.h) -------------------------
 * The same rows read the experiment file and `run`'s flags (--KEY VALUE)
 * and make `run --help`, so a range or a default cannot differ between
 * them.  Numbers are spec kinds with their ranges; the other values have
 * a parse function; the lists (repeat) are added to by experiment_set. */

static int parse_name(const char *text, void *field, diag *d) {
    if (!*text || strspn(text, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                               "0123456789-_.") != strlen(text))
        return diag_set(d, "not a name");
    char **s = field;
    if (*s) xstrfree(*s);
    *s = xstrdup(text);
    return 0;
}

static int parse_str(const char *text, void *field, diag *d) {
    (void)d;
    char **s = field;
    if (*s) xstrfree(*s);
    *s = xstrdup(text);
    return 0;
}

/* K/N into the two longs shard_k, shard_n (adjacent in the struct) */
static int parse_shard(const char *text, void *field, diag *d) {
    char *end, *end2;
    errno = 0;
    long k = strtol(text, &end, 10), n = 0;
    int ok = *text >= '0' && *text <= '9' && *end == '/' && !errno;
    if (ok) {
        n = strtol(end + 1, &end2, 10);
        ok = end[1] >= '0' && end[1] <= '9' && !*end2 && !errno && k >= 1 && n >= 1 && k <= n &&
             n <= 1000000;
    }
    if (!ok) return diag_set(d, "not K/N");
    ((long *)field)[0] = k;
    ((long *)field)[1] = n;
    return 0;
}

static const char *const on_off[] = {"off", "on", NULL};

#define OFF(f) offsetof(experiment, f)
static const spec_key keys[] = {{.name = "experiment",
                                 .doc = "the experiment's name; rows carry it",
                                 .form = "NAME",
                                 .parse = parse_name,
                                 .offset = OFF(name),
                                 .unit = "letters, digits, - _ ."},
                                {.name = "puzzle",
                                 .doc = "the puzzle (searchlab list), or mzn: MiniZinc "
                                        "(model, data) pairs run as fzn",
                                 .form = "P",
                                 .parse = parse_str,
                                 .offset = OFF(puzzle)},
                                {.name = "instances",
                                 .doc = "files, folders, globs or gen: specs (repeatable)",
                                 .form = "PATH",
                                 .offset = OFF(instances),
                                 .repeat = 1},
                                {.name = "strategy",
                                 .doc = "strategy specs (repeatable); default: the puzzle's own",
                                 .form = "SPEC",
                                 .offset = OFF(strategies),
                                 .repeat = 1},
                                {.name = "solver",
                                 .doc = "outside solvers: solver files (repeatable), each one more "
                                        "strategy named by its name (docs/driver.md)",
                                 .form = "FILE",
                                 .offset = OFF(solvers),
                                 .repeat = 1},
                                {.name = "reps",
                                 .doc = "repetitions of each run",
                                 .kind = SPEC_INT,
                                 .min = 1,
                                 .max = SPEC_COUNT_MAX,
                                 .unit = "a number of repetitions",
                                 .def = "1",
                                 .offset = OFF(reps)},
                                {.name = "timeout",
                                 .doc = "CPU seconds per run (the run and the processes it starts)",
                                 .kind = SPEC_REAL,
                                 .min = 0,
                                 .min_open = 1,
                                 .max = SPEC_SECONDS_MAX,
                                 .unit = "a number of seconds",
                                 .def = "10",
                                 .form = "S",
                                 .offset = OFF(timeout_s)},
                                {.name = "wall-timeout",
                                 .doc = "the wall-clock safety net (default: 10 x timeout + 30 s)",
                                 .kind = SPEC_REAL,
                                 .min = 0,
                                 .min_open = 1,
                                 .max = SPEC_SECONDS_MAX,
                                 .unit = "a number of seconds",
                                 .form = "S",
                                 .offset = OFF(wall_timeout_s)},
                                {.name = "pin",
                                 .doc = "each run on one core (its --jobs slot's)",
                                 .names = on_off,
                                 .bare = 1, /* the flag --pin alone: on */
                                 .offset = OFF(pin)},
                                {.name = "memory",
                                 .doc = "MiB per run (0: none)",
                                 .kind = SPEC_U64,
                                 .min = 0,
                                 .max = 1 << 30,
                                 .unit = "a number of MiB",
                                 .def = "2048",
                                 .form = "MIB",
                                 .offset = OFF(memory_mib)},
                                {.name = "node-limit",
                                 .doc = "nodes per run (0: none)",
                                 .kind = SPEC_U64,
                                 .unit = "a number of nodes",
                                 .def = "0",
                                 .offset = OFF(node_limit)},
                                {.name = "seed",
                                 .doc = "the run order's seed (and the runs' seeds)",
                                 .kind = SPEC_U64,
                                 .unit = "a seed",
                                 .def = "1",
                                 .offset = OFF(seed)},
                                {.name = "jobs",
                                 .doc = "runs at once (1: timed runs do not share cores)",
                                 .kind = SPEC_INT,
                                 .min = 1,
                                 .max = 64,
                                 .unit = "a number of parallel runs",
                                 .def = "1",
                                 .offset = OFF(jobs)},
                                {.name = "warmup",
                                 .doc = "each strategy's first N runs once more first, unrecorded",
                                 .kind = SPEC_INT,
                                 .min = 0,
                                 .max = SPEC_COUNT_MAX,
                                 .unit = "a number of warm-up runs",
                                 .def = "0",
                                 .offset = OFF(warmup)},
                                {.name = "shard",
                                 .doc = "only the K-th of N deterministic parts of the matrix",
                                 .form = "K/N",
                                 .parse = parse_shard,
                                 .def = "1/1",
                                 .offset = OFF(shard_k),
                                 .unit = "1 <= K <= N"},
                                {.name = "out",
                                 .doc = "the result file (default results/EXPERIMENT.csv)",
                                 .form = "RESULTS.csv",
                                 .parse = parse_str,
                                 .offset = OFF(out)},
                                {.name = "gen-cache",
                                 .doc = "the folder of generated instances",
                                 .form = "DIR",
                                 .parse = parse_str,
                                 .def = "results/gen",
                                 .offset = OFF(gen_cache)},
                                {.name = NULL}};
#undef OFF
enum { N_KEYS = sizeof keys / sizeof *keys - 1 };
_Static_assert(N_KEYS <= sizeof((experiment *)0)->line_of_ / sizeof(int),
               "experiment.line_of_ has a slot per key");

const spec_key *experiment_keys(void) { return keys; }

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
    /* the defaults are the rows' (one definition: the file, the flags,
     * `run --help` and this read the same text) */
    diag d;
    int bad = opt_defaults(keys, e, &d);
    assert(!bad); /* every default is in its row's range */
    (void)bad;
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
    strlist_free(&e->solvers);
}

int experiment_is_key(const char *name) { return spec_key_find(keys, name) != NULL; }

/* spec_expand's emit for the strategy list: adds one spec at where. */
typedef struct sweep_into {
    strlist *l;
    const char *where;
} sweep_into;

static void add_swept(void *ctx, const char *spec) {
    sweep_into *s = ctx;
    strlist_add(s->l, spec, s->where);
}

/* Sets k from value read at where; -1 with d ("WHERE: KEY: expected ..."). */
static int set_key(experiment *e, const spec_key *k, const char *value, const char *where,
                   diag *d) {
    void *field = (char *)e + k->offset;
    diag why;
    if (k->offset == offsetof(experiment, strategies)) { /* a sweep: its product */
        sweep_into into = {field, where};
        if (spec_expand(value, add_swept, &into, &why) < 0)
            return diag_set(d, "%s: strategy '%.80s': %s", where, value, why.msg);
        return 0;
    }
    if (k->repeat) {
        strlist_add(field, value, where);
        return 0;
    }
    if (opt_set(k, value, e, &why)) /* core/options.h: the one reader of a row's value */
        /* a flag names itself; a file's position needs the key (and so
         * does a flag whose value is a word or a form, as it always did) */
        return k->kind != SPEC_TEXT && !strncmp(where, "--", 2)
                   ? diag_set(d, "%s: %s", where, why.msg)
                   : diag_set(d, "%s: %s: %s", where, k->name, why.msg);
    if (k->offset == offsetof(experiment, puzzle)) {
        free_str(&e->puzzle_where);
        e->puzzle_where = xstrdup(where);
        e->mzn = !strcmp(e->puzzle, "mzn");
        if (e->mzn) { /* MiniZinc pairs, run as the fzn puzzle's instances (mznset.h) */
            free_str(&e->puzzle);
            e->puzzle = xstrdup("fzn");
        }
    }
    return 0;
}

static const spec_key *find_key(const char *name, size_t len) {
    for (const spec_key *k = keys; k->name; k++)
        if (strlen(k->name) == len && !memcmp(k->name, name, len)) return k;
    return NULL;
}

int experiment_set(experiment *e, const char *name, const char *value, const char *where, diag *d) {
    const spec_key *k = find_key(name, strlen(name));
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
        const spec_key *k = find_key(t[0].s, t[0].len);
        if (!k) {
            char list[400] = "";
            spec_keys_of(keys, "", list, sizeof list);
            char what[440];
            snprintf(what, sizeof what, "a key (%s)", list);
            ret = lex_expected(&lx, &t[0], what, d);
            break;
        }
        if (n == 1) {
            ret = diag_at(d, name, t[0].line, t[0].col + (int)t[0].len,
                          "expected a value after '%s' (%s)", k->name, k->unit ? k->unit : k->doc);
            break;
        }
        if (n > 64) {
            ret = diag_at(d, name, t[0].line, t[0].col, "too many values on one line (at most 63)");
            break;
        }
        int ki = (int)(k - keys);
        if (!k->repeat) {
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
    return 0;
}
