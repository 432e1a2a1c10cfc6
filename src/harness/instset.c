/* instset.c - instance sets: files, folders, globs and generator specs
 * (see instset.h). */
#include "instset.h"

#include <dirent.h>
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../core/xmalloc.h"
#include "../core/spec.h"
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

enum { GEN_ITEM_MAX = 128 };

/* Cuts the next item of a comma-separated `KEY=VALUE,...` list at *p into
 * item (the key, NUL-terminated) and moves *p past it; returns the value,
 * or NULL with d (what names the spec's kind, keys the keys it takes). */
static const char *next_item(const char **p, char *item, const char *where, const char *what,
                             const char *keys, diag *d) {
    const char *comma = strchr(*p, ',');
    size_t len = comma ? (size_t)(comma - *p) : strlen(*p);
    if (len >= GEN_ITEM_MAX) { /* cut short, the rest would read as another item */
        diag_set(d, "%s: %s: item too long (at most %d characters): '%.40s...'", where, what,
                 GEN_ITEM_MAX - 1, *p);
        return NULL;
    }
    memcpy(item, *p, len);
    item[len] = '\0';
    *p += len + (comma ? 1 : 0);
    char *eq = strchr(item, '=');
    if (!eq) {
        diag_set(d, "%s: %s: expected KEY=VALUE (%s), found '%s'", where, what, keys, item);
        return NULL;
    }
    *eq = '\0';
    return eq + 1;
}

/* 1 if v is a whole number in [min, max], stored in *out. */
static int parse_long(const char *v, long min, long max, long *out) {
    char *end;
    errno = 0;
    *out = strtol(v, &end, 10);
    return *v >= '0' && *v <= '9' && !*end && !errno && *out >= min && *out <= max;
}

/* 1 if v is N or A..B with min <= A <= B <= max, stored in *lo, *hi. */
static int parse_range(const char *v, long min, long max, long *lo, long *hi) {
    const char *dots = strstr(v, "..");
    char a[GEN_ITEM_MAX];
    if (!dots) return parse_long(v, min, max, lo) && (*hi = *lo, 1);
    snprintf(a, sizeof a, "%.*s", (int)(dots - v), v);
    return parse_long(a, min, max, lo) && parse_long(dots + 2, *lo, max, hi);
}

/* 1 if v is a whole number, stored in *out. */
static int parse_seed(const char *v, uint64_t *out) {
    char *end;
    errno = 0;
    *out = strtoull(v, &end, 10);
    return *v >= '0' && *v <= '9' && !*end && !errno;
}

/* 1 if v is a plain decimal from 0 to 1 (no sign, "inf" or "nan"), stored in *out. */
static int parse_fraction(const char *v, double *out) {
    char *end;
    errno = 0;
    *out = strtod(v, &end);
    return ((*v >= '0' && *v <= '9') || *v == '.') && !*end && !errno && *out >= 0 && *out <= 1;
}

/* 1 if v is "0" or "1", stored in *out. */
static int parse_flag(const char *v, int *out) {
    *out = *v == '1';
    return !strcmp(v, "0") || !strcmp(v, "1");
}

typedef struct gen_spec {
    long lo, hi, step, count, cols;
    uint64_t seed;
    double density, density2;
    int minimal;
} gen_spec;

static int parse_gen(const char *spec, const char *where, gen_spec *g, diag *d) {
    static const char keys[] = "keys: size, step, count, seed, cols, density, density2, minimal";
    *g = (gen_spec){0, 0, 1, 1, 0, 1, -1, -1, 0};
    int have_size = 0;
    const char *p = spec + 4; /* after "gen:" */
    while (*p) {
        char item[GEN_ITEM_MAX];
        const char *v = next_item(&p, item, where, "generator spec", keys, d);
        if (!v) return -1;
        int ok;
        if (!strcmp(item, "size")) {
            ok = parse_range(v, 1, 1000, &g->lo, &g->hi);
            have_size = 1;
        } else if (!strcmp(item, "step")) {
            ok = parse_long(v, 1, 1000, &g->step);
        } else if (!strcmp(item, "count")) {
            ok = parse_long(v, 1, SPEC_COUNT_MAX, &g->count);
        } else if (!strcmp(item, "cols")) {
            ok = parse_long(v, 0, 1000, &g->cols);
        } else if (!strcmp(item, "seed")) {
            ok = parse_seed(v, &g->seed);
        } else if (!strcmp(item, "density") || !strcmp(item, "density2")) {
            ok = parse_fraction(v, item[7] ? &g->density2 : &g->density);
        } else if (!strcmp(item, "minimal")) {
            ok = parse_flag(v, &g->minimal);
        } else {
            return diag_set(d, "%s: generator spec: unknown key '%s' (%s)", where, item, keys);
        }
        if (!ok)
            return diag_set(d,
                            "%s: generator spec: bad value '%s=%s' (size=N or A..B up to 1000, "
                            "step/count >= 1, density in [0,1], minimal 0 or 1)",
                            where, item, v);
    }
    if (!have_size) return diag_set(d, "%s: generator spec: expected size=N or size=A..B", where);
    return 0;
}

/* gen:qwh,order=N|A..B[,step=S],holes=F[,count=K][,seed=S][,balanced=0|1] */
typedef struct qwh_spec {
    long lo, hi, step, count;
    double holes;
    uint64_t seed;
    int balanced;
} qwh_spec;

static int parse_qwh(const char *spec, const char *where, qwh_spec *q, diag *d) {
    static const char keys[] = "keys: order, step, holes, count, seed, balanced";
    *q = (qwh_spec){0, 0, 1, 1, -1, 1, 0};
    int have_order = 0;
    const char *p = spec + 7; /* after "gen:qwh": ",KEY=VALUE,..." or nothing */
    if (*p) p++;
    while (*p) {
        char item[GEN_ITEM_MAX];
        const char *v = next_item(&p, item, where, "gen:qwh", keys, d);
        if (!v) return -1;
        int ok;
        if (!strcmp(item, "order")) {
            ok = parse_range(v, QWH_MIN_ORDER, QWH_MAX_ORDER, &q->lo, &q->hi);
            have_order = 1;
        } else if (!strcmp(item, "step")) {
            ok = parse_long(v, 1, 64, &q->step);
        } else if (!strcmp(item, "count")) {
            ok = parse_long(v, 1, SPEC_COUNT_MAX, &q->count);
        } else if (!strcmp(item, "seed")) {
            ok = parse_seed(v, &q->seed);
        } else if (!strcmp(item, "holes")) {
            ok = parse_fraction(v, &q->holes);
        } else if (!strcmp(item, "balanced")) {
            ok = parse_flag(v, &q->balanced);
        } else {
            return diag_set(d, "%s: gen:qwh: unknown key '%s' (%s)", where, item, keys);
        }
        if (!ok)
            return diag_set(d,
                            "%s: gen:qwh: bad value '%s=%s' (order=N or A..B from %d to %d, "
                            "holes a fraction from 0 to 1, step/count >= 1, balanced 0 or 1)",
                            where, item, v, QWH_MIN_ORDER, QWH_MAX_ORDER);
    }
    if (!have_order) return diag_set(d, "%s: gen:qwh: expected order=N or order=A..B", where);
    if (q->holes < 0) return diag_set(d, "%s: gen:qwh: expected holes=F (a fraction)", where);
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

/* Instance k of size n of a generated family into dir (ctx: the spec). */
typedef int (*gen_member)(const void *ctx, long n, long k, const char *dir, char **path, diag *d);

typedef struct puzzle_family {
    const puzzle *pz;
    const gen_spec *gs;
} puzzle_family;

static int puzzle_member(const void *ctx, long n, long k, const char *dir, char **path, diag *d) {
    const puzzle_family *f = ctx;
    const gen_spec *gs = f->gs;
    puzzle_gen g = {(int)n, (int)gs->cols, gs->seed, gs->density, gs->density2, gs->minimal};
    return instset_generate(f->pz, &g, (int)k, dir, path, d);
}

static int qwh_member(const void *ctx, long n, long k, const char *dir, char **path, diag *d) {
    const qwh_spec *qs = ctx;
    qwh_opts q = {(int)n, qs->holes, qs->seed, qs->balanced};
    return instset_generate_qwh(&q, (int)k, dir, path, d);
}

/* Adds instances 0..count-1 of each size lo, lo+step, ..., hi, made (or
 * found cached) in cache_dir/PUZZLE.  0, or -1 with d. */
static int add_family(const puzzle *pz, long lo, long hi, long step, long count, gen_member make,
                      const void *ctx, const char *where, const char *cache_dir, strlist *out,
                      diag *d) {
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/%s", cache_dir, pz->name);
    for (long n = lo; n <= hi; n += step)
        for (long k = 0; k < count; k++) {
            char *path;
            if (make(ctx, n, k, dir, &path, d)) {
                diag e = *d;
                diag_set(d, "%s: %s", where, e.msg);
                return -1;
            }
            strlist_add(out, path, where);
            xstrfree(path);
        }
    return 0;
}

int instset_expand(const puzzle *pz, const char *spec, const char *where, const char *cache_dir,
                   strlist *out, diag *d) {
    if (!strncmp(spec, "gen:qwh", 7) && (spec[7] == ',' || spec[7] == '\0')) {
        if (pz != qwh_puzzle())
            return diag_set(d, "%s: gen:qwh makes %s files, not %s ones", where, qwh_puzzle()->name,
                            pz->name);
        qwh_spec qs;
        if (parse_qwh(spec, where, &qs, d)) return -1;
        return add_family(pz, qs.lo, qs.hi, qs.step, qs.count, qwh_member, &qs, where, cache_dir,
                          out, d);
    }
    if (!strncmp(spec, "gen:", 4)) {
        gen_spec gs;
        if (parse_gen(spec, where, &gs, d)) return -1;
        puzzle_family f = {pz, &gs};
        return add_family(pz, gs.lo, gs.hi, gs.step, gs.count, puzzle_member, &f, where, cache_dir,
                          out, d);
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
