/* instset.c - instance sets: files, folders, globs and generator specs
 * (see instset.h). */
#include "instset.h"

#include <assert.h>
#include <dirent.h>
#include <stddef.h>
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../core/options.h"
#include "../core/spec.h"
#include "../core/xmalloc.h"
#include "../puzzles/qwh.h"
#include "results.h"

int instset_mkdirs(const char *dir, diag *d) {
    char path[4096];
    if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path)
        return diag_set(d, "%s: path too long", dir);
    for (char *p = path + 1;; p++) {
        if (*p == '/' || *p == '\0') {
            char c = *p;
            *p = '\0';
            if (mkdir(path, 0755) && errno != EEXIST)
                return diag_set(d, "%s: cannot create the folder: %s", path, strerror(errno));
            *p = c;
            if (!c) break;
        }
    }
    return 0;
}

/* ".ext" from the puzzle's extension (written with or without the dot). */
static void dotted_ext(const puzzle *pz, char *buf, size_t size) {
    snprintf(buf, size, "%s%s", pz->ext[0] == '.' ? "" : ".", pz->ext);
}

static int has_ext(const char *name, const char *ext) {
    size_t n = strlen(name), m = strlen(ext);
    return n > m && !strcmp(name + n - m, ext);
}

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int add_folder(const puzzle *pz, const char *dir, const char *where, strlist *out, diag *d) {
    char ext[32];
    dotted_ext(pz, ext, sizeof ext);
    DIR *dp = opendir(dir);
    if (!dp) return diag_set(d, "%s: %s: cannot open the folder: %s", where, dir, strerror(errno));
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *de;
    while ((de = readdir(dp)) != NULL) {
        if (!has_ext(de->d_name, ext)) continue;
        size_t len = strlen(dir) + strlen(de->d_name) + 2;
        char *p = xmalloc(len);
        snprintf(p, len, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", de->d_name);
        GROW(&names, &cap, n + 1);
        names[n++] = xstrdup(p);
        xfree(p, len);
    }
    closedir(dp);
    if (n) qsort(names, n, sizeof *names, cmp_str);
    for (size_t i = 0; i < n; i++) {
        strlist_add(out, names[i], where);
        xstrfree(names[i]);
    }
    if (names) FREEN(names, cap);
    return n ? 0 : diag_set(d, "%s: %s: no %s files in this folder", where, dir, ext);
}

/* ---- generator specs ------------------------------------------------------- */

/* The keys of `gen:` and `gen:qwh` specs, which are also the flags of
 * `searchlab gen` and `gen qwh` (core/options.h): each range and default
 * is written here once. */
static const char *const zero_one[] = {"0", "1", NULL};

#define G_(f) offsetof(instset_gen, f)
static const spec_key gen_keys[] = {
    {.name = "size",
     .doc = "board size (rows for rectangular puzzles); A..B: every size from A to B by step",
     .kind = SPEC_INT,
     .min = 1,
     .max = 1000,
     .span = 1,
     .required = 1,
     .unit = "a board size",
     .offset = G_(lo)},
    {.name = "step",
     .doc = "the step between the sizes of A..B",
     .kind = SPEC_INT,
     .min = 1,
     .max = 1000,
     .unit = "a size step",
     .def = "1",
     .offset = G_(step)},
    {.name = "count",
     .doc = "instances of each size",
     .kind = SPEC_INT,
     .min = 1,
     .max = SPEC_COUNT_MAX,
     .unit = "a number of instances",
     .def = "1",
     .form = "K",
     .offset = G_(count)},
    {.name = "seed",
     .doc = "the family's seed: instance k gets S+k",
     .kind = SPEC_U64,
     .unit = "a seed",
     .def = "1",
     .form = "S",
     .offset = G_(seed)},
    {.name = "cols",
     .doc = "columns, for puzzles with rectangular boards (0: as many as rows)",
     .kind = SPEC_INT,
     .min = 0,
     .max = 1000,
     .unit = "a number of columns",
     .def = "0",
     .form = "C",
     .offset = G_(cols)},
    {.name = "density",
     .doc = "puzzle-specific fraction, e.g. futoshiki givens (default: the puzzle's)",
     .kind = SPEC_REAL,
     .min = 0,
     .max = 1,
     .unit = "a fraction",
     .form = "D",
     .offset = G_(density)},
    {.name = "density2",
     .doc = "second puzzle-specific fraction, e.g. futoshiki inequalities (default: the "
            "puzzle's)",
     .kind = SPEC_REAL,
     .min = 0,
     .max = 1,
     .unit = "a fraction",
     .form = "D",
     .offset = G_(density2)},
    {.name = "minimal",
     .doc = "futoshiki: then remove clues (givens, inequalities) one at a time in random order "
            "while the solution stays unique: a minimal, much harder puzzle (file name "
            "...-min-KKK.fut)",
     .names = zero_one,
     .bare = 1,
     .offset = G_(minimal)},
    {.name = NULL}};
#undef G_

#define Q_(f) offsetof(instset_qwh, f)
static const spec_key qwh_keys[] = {
    {.name = "order",
     .doc = "the square's order; A..B: every order from A to B by step",
     .kind = SPEC_INT,
     .min = QWH_MIN_ORDER,
     .max = QWH_MAX_ORDER,
     .span = 1,
     .required = 1,
     .unit = "an order",
     .offset = Q_(lo)},
    {.name = "step",
     .doc = "the step between the orders of A..B",
     .kind = SPEC_INT,
     .min = 1,
     .max = QWH_MAX_ORDER,
     .unit = "an order step",
     .def = "1",
     .offset = Q_(step)},
    {.name = "holes",
     .doc = "the fraction of cells emptied",
     .kind = SPEC_REAL,
     .min = 0,
     .max = 1,
     .required = 1,
     .unit = "a fraction",
     .form = "F",
     .offset = Q_(holes)},
    {.name = "count",
     .doc = "instances of each order",
     .kind = SPEC_INT,
     .min = 1,
     .max = SPEC_COUNT_MAX,
     .unit = "a number of instances",
     .def = "1",
     .form = "K",
     .offset = Q_(count)},
    {.name = "seed",
     .doc = "the family's seed: instance k gets S+k",
     .kind = SPEC_U64,
     .unit = "a seed",
     .def = "1",
     .form = "S",
     .offset = Q_(seed)},
    {.name = "balanced",
     .doc = "every row and every column gets the same number of holes (floor or ceil of "
            "round(F*N*N)/N when N does not divide it)",
     .names = zero_one,
     .bare = 1,
     .offset = Q_(balanced)},
    {.name = NULL}};
#undef Q_

const spec_key *instset_gen_keys(void) { return gen_keys; }
const spec_key *instset_qwh_keys(void) { return qwh_keys; }

void instset_gen_defaults(instset_gen *g) {
    *g = (instset_gen){.density = -1, .density2 = -1}; /* the puzzle's */
    diag d;
    int bad = opt_defaults(gen_keys, g, &d);
    assert(!bad); /* the table's defaults are in their ranges */
    (void)bad;
}

void instset_qwh_defaults(instset_qwh *q) {
    *q = (instset_qwh){.holes = -1}; /* required: no default */
    diag d;
    int bad = opt_defaults(qwh_keys, q, &d);
    assert(!bad);
    (void)bad;
}

/* Reads the items of a spec after its head into typed. */
static int parse_items(const spec_key *keys, const char *items, const char *where, const char *what,
                       void *typed, diag *d) {
    diag why;
    if (opt_list(keys, items, typed, NULL, &why))
        return diag_set(d, "%s: %s: %s", where, what, why.msg);
    return 0;
}

/* The seed of instance k of a family: seed + k, so that instance k is
 * also what `searchlab gen --seed SEED+k --count 1` makes (the generator
 * writes that seed in the file's first comment). */
static uint64_t member_seed(uint64_t seed, int k) { return seed + (uint64_t)k; }

/* A generator: writes one instance (its options in ctx) to out; 0, or
 * -1 with d. */
typedef int (*gen_write)(const void *ctx, FILE *out, diag *d);

typedef struct puzzle_job {
    const puzzle *pz;
    const puzzle_gen *g;
} puzzle_job;

static int write_puzzle(const void *ctx, FILE *out, diag *d) {
    const puzzle_job *c = ctx;
    return c->pz->generate(c->g, out, d);
}

static int write_qwh(const void *ctx, FILE *out, diag *d) { return qwh_generate(ctx, out, d); }

/* Writes the generator's text to memory; NULL with d. */
static char *generate_text(gen_write make, const void *ctx, size_t *len, diag *d) {
    char *mem = NULL;
    FILE *m = open_memstream(&mem, len);
    if (!m) {
        diag_set(d, "out of memory");
        return NULL;
    }
    int ret = make(ctx, m, d);
    fclose(m);
    if (ret) {
        free(mem); /* open_memstream's buffer comes from malloc */
        return NULL;
    }
    return mem;
}

/* The file `name` in dir: kept when it is there, else made by make and
 * written whole (the path goes to *path either way).  0, or -1 with d. */
static int cached_file(const char *dir, const char *name, gen_write make, const void *ctx,
                       char **path, diag *d) {
    *path = xstrdup(name);
    if (access(name, R_OK) == 0) return 0; /* cached */
    if (instset_mkdirs(dir, d)) return -1;
    size_t len = 0;
    char *text = generate_text(make, ctx, &len, d);
    if (!text) return -1;
    /* written whole under a temporary name, then renamed: concurrent shards
     * making the same file never see half of it */
    int bad = results_replace_bytes(name, text, len, NULL);
    if (bad) diag_set(d, "%s: cannot write: %s", name, strerror(errno));
    free(text); /* open_memstream's buffer comes from malloc */
    if (bad) return -1;
    return 0;
}

int instset_generate(const puzzle *pz, const puzzle_gen *g, int k, const char *dir, char **path,
                     diag *d) {
    if (!pz->generate) return diag_set(d, "puzzle '%s' has no generator", pz->name);
    if (g->minimal && !pz->gen_minimal)
        return diag_set(d, "puzzle '%s': its generator has no minimal option", pz->name);
    char ext[32], name[4096], extra[96] = "", cols[24] = "";
    dotted_ext(pz, ext, sizeof ext);
    if (g->cols > 0) snprintf(cols, sizeof cols, "x%d", g->cols);
    if (g->density >= 0) snprintf(extra, sizeof extra, "-d%g", g->density);
    if (g->density2 >= 0)
        snprintf(extra + strlen(extra), sizeof extra - strlen(extra), "-e%g", g->density2);
    if (g->minimal) snprintf(extra + strlen(extra), sizeof extra - strlen(extra), "-min");
    snprintf(name, sizeof name, "%s/%s-n%d%s-s%llu%s-%03d%s", dir, pz->name, g->size, cols,
             (unsigned long long)g->seed, extra, k, ext);
    puzzle_gen one = *g;
    one.seed = member_seed(g->seed, k);
    puzzle_job c = {pz, &one};
    return cached_file(dir, name, write_puzzle, &c, path, d);
}

int instset_generate_qwh(const qwh_opts *q, int k, const char *dir, char **path, diag *d) {
    char name[4096], frac[32];
    qwh_format_fraction(q->holes, frac, sizeof frac);
    int len = snprintf(name, sizeof name, "%s/qwh-n%d-s%llu-h%s%s-%03d%s", dir, q->order,
                       (unsigned long long)q->seed, frac, q->balanced ? "-bal" : "", k,
                       qwh_puzzle()->ext);
    if (len < 0 || (size_t)len >= sizeof name) return diag_set(d, "%s: path too long", dir);
    qwh_opts one = *q;
    one.seed = member_seed(q->seed, k);
    return cached_file(dir, name, write_qwh, &one, path, d);
}

/* The paths of a family's members, as add_family gathers them. */
typedef struct family_out {
    strlist *out;
    const char *where;
} family_out;

static void add_member(void *ctx, const char *path) {
    family_out *f = ctx;
    strlist_add(f->out, path, f->where);
}

int instset_make_gen(const puzzle *pz, const instset_gen *gs, const char *dir,
                     void (*emit)(void *ctx, const char *path), void *ctx, diag *d) {
    for (long n = gs->lo; n <= gs->hi; n += gs->step)
        for (long k = 0; k < gs->count; k++) {
            puzzle_gen g = {(int)n,      (int)gs->cols, gs->seed,
                            gs->density, gs->density2,  gs->minimal};
            char *path;
            if (instset_generate(pz, &g, (int)k, dir, &path, d)) return -1;
            emit(ctx, path);
            xstrfree(path);
        }
    return 0;
}

int instset_make_qwh(const instset_qwh *qs, const char *dir,
                     void (*emit)(void *ctx, const char *path), void *ctx, diag *d) {
    for (long n = qs->lo; n <= qs->hi; n += qs->step)
        for (long k = 0; k < qs->count; k++) {
            qwh_opts q = {(int)n, qs->holes, qs->seed, qs->balanced};
            char *path;
            if (instset_generate_qwh(&q, (int)k, dir, &path, d)) return -1;
            emit(ctx, path);
            xstrfree(path);
        }
    return 0;
}

/* A member's error, prefixed with where the spec was written. */
static int at(const char *where, diag *d) {
    diag e = *d;
    return diag_set(d, "%s: %s", where, e.msg);
}

int instset_expand(const puzzle *pz, const char *spec, const char *where, const char *cache_dir,
                   strlist *out, diag *d) {
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/%s", cache_dir, pz->name);
    family_out fo = {out, where};
    if (!strncmp(spec, "gen:qwh", 7) && (spec[7] == ',' || spec[7] == '\0')) {
        if (pz != qwh_puzzle())
            return diag_set(d, "%s: gen:qwh makes %s files, not %s ones", where, qwh_puzzle()->name,
                            pz->name);
        instset_qwh qs;
        instset_qwh_defaults(&qs);
        if (parse_items(qwh_keys, spec[7] ? spec + 8 : spec + 7, where, "gen:qwh", &qs, d))
            return -1;
        return instset_make_qwh(&qs, dir, add_member, &fo, d) ? at(where, d) : 0;
    }
    if (!strncmp(spec, "gen:", 4)) {
        instset_gen gs;
        instset_gen_defaults(&gs);
        if (parse_items(gen_keys, spec + 4, where, "generator spec", &gs, d)) return -1;
        return instset_make_gen(pz, &gs, dir, add_member, &fo, d) ? at(where, d) : 0;
    }
    struct stat st;
    if (stat(spec, &st) == 0) {
        if (S_ISDIR(st.st_mode)) return add_folder(pz, spec, where, out, d);
        strlist_add(out, spec, where);
        return 0;
    }
    if (!strpbrk(spec, "*?[")) return diag_set(d, "%s: %s: no such file or folder", where, spec);
    glob_t gl;
    int r = glob(spec, 0, NULL, &gl);
    if (r == GLOB_NOMATCH || (r == 0 && gl.gl_pathc == 0)) {
        if (r == 0) globfree(&gl);
        return diag_set(d, "%s: %s: the pattern matches no file", where, spec);
    }
    if (r) return diag_set(d, "%s: %s: cannot expand the pattern", where, spec);
    for (size_t i = 0; i < gl.gl_pathc; i++) strlist_add(out, gl.gl_pathv[i], where);
    globfree(&gl);
    return 0;
}
