/* context.c - the invocation records beside the results and the settings
 * check of a resume (see context.h). */
#define _DEFAULT_SOURCE /* gethostname, getloadavg */
#include "context.h"

#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "../core/clock.h"
#include "../core/hash.h"
#include "../core/textout.h"
#include "../core/xmalloc.h"
#include "build_info.h"
#include "isolate.h"

#ifndef SEARCHLAB_BUILD_FLAGS
#define SEARCHLAB_BUILD_FLAGS "unknown"
#endif
#ifndef SEARCHLAB_GBENCH_BUILD_TYPE
#define SEARCHLAB_GBENCH_BUILD_TYPE "unknown"
#endif

/* A context file is a line or two per invocation; a bigger one is not ours. */
enum { CONTEXT_FILE_MAX = 16 << 20 };

/* ---- reading -------------------------------------------------------------------- */

void context_file_free(context_file *cf) {
    for (size_t i = 0; i < cf->n; i++) {
        json_object_free(&cf->recs[i]);
        xstrfree(cf->ids[i]);
    }
    if (cf->recs) FREEN(cf->recs, cf->cap);
    if (cf->ids) FREEN(cf->ids, cf->cap);
    if (cf->order) FREEN(cf->order, cf->order_cap);
    if (cf->path) xstrfree(cf->path);
    if (cf->legacy_path) xstrfree(cf->legacy_path);
    memset(cf, 0, sizeof *cf);
}

/* The decoded id of rec ("" when it has none; owned). */
static char *rec_id(const json_object *rec) {
    const char *raw = json_get(rec, "id");
    char *id = raw ? json_string_value(raw) : NULL;
    return id ? id : xstrdup("");
}

/* Appends rec, taking its members (rec is left empty).  The index must be
 * rebuilt (reindex) before the next lookup. */
static void push(context_file *cf, json_object *rec) {
    if (cf->n == cf->cap) {
        size_t cap = cf->cap;
        GROW(&cf->recs, &cap, cf->n + 1);
        cap = cf->cap;
        GROW(&cf->ids, &cap, cf->n + 1);
        cf->cap = cap;
    }
    cf->ids[cf->n] = rec_id(rec);
    cf->recs[cf->n++] = *rec;
    memset(rec, 0, sizeof *rec);
}

static int cmp_order(const void *a, const void *b) {
    const context_ref *x = a, *y = b;
    int c = strcmp(x->id, y->id);
    return c ? c : (x->i > y->i) - (x->i < y->i);
}

/* Sorts the records by id (then position) into cf->order: lookups take
 * log n, and a file of a million records is checked in n log n. */
static void reindex(context_file *cf) {
    if (cf->order) FREEN(cf->order, cf->order_cap);
    cf->order_cap = cf->n ? cf->n : 1;
    cf->order = NEWN(cf->order_cap, context_ref);
    for (size_t i = 0; i < cf->n; i++) cf->order[i] = (context_ref){cf->ids[i], i};
    qsort(cf->order, cf->n, sizeof *cf->order, cmp_order);
}

json_object *context_find(const context_file *cf, const char *id) {
    size_t lo = 0, hi = cf->order ? cf->n : 0;
    while (lo < hi) { /* the first entry >= id */
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(cf->order[mid].id, id) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < (cf->order ? cf->n : 0) && !strcmp(cf->order[lo].id, id)
               ? &cf->recs[cf->order[lo].i]
               : NULL;
}

void context_add(context_file *cf, const json_object *rec) {
    json_object o = {0};
    for (size_t i = 0; i < rec->n; i++) json_append(&o, rec->m[i].key, rec->m[i].raw);
    push(cf, &o);
    reindex(cf);
}

int context_parse(const char *name, const char *buf, size_t len, context_file *cf, diag *d) {
    int line = 0;
    size_t first = cf->n;
    int *lines = NULL; /* line of each record read here, for messages */
    size_t lines_cap = 0;
    int ret = 0;
    for (size_t pos = 0; pos < len && !ret;) {
        line++;
        const char *nl = memchr(buf + pos, '\n', len - pos);
        size_t eol = nl ? (size_t)(nl - buf) : len;
        json_object rec = {0};
        if ((ret = json_parse_object(name, line, buf + pos, eol - pos, &rec, d))) break;
        const char *id = json_get(&rec, "id");
        if (!id || id[0] != '"' || !strcmp(id, "\"\"")) {
            ret = diag_at(d, name, line, 1, "expected a record with an \"id\" string");
            json_object_free(&rec);
            break;
        }
        GROW(&lines, &lines_cap, cf->n - first + 1);
        lines[cf->n - first] = line;
        push(cf, &rec);
        pos = eol + 1;
    }
    reindex(cf);
    /* one record per id: the second of two equal ids is the error */
    for (size_t k = 1; k < cf->n && !ret; k++)
        if (!strcmp(cf->order[k].id, cf->order[k - 1].id) && cf->order[k].i >= first)
            ret = diag_at(d, name, lines[cf->order[k].i - first], 1,
                          "the id \"%.60s\" appears twice: expected one record per invocation",
                          cf->order[k].id);
    if (lines) FREEN(lines, lines_cap);
    return ret;
}

/* One legacy context object (its text) into a record: "id" first
 * ("legacy-" and a hash of the text, so shards' records stay apart),
 * then every member it had, then "legacy": true, "start" (its "date")
 * and "converted_from". */
static int legacy_record(context_file *cf, const char *path, int line, const char *text, size_t len,
                         const char *shard_of, diag *d) {
    json_object old = {0}, rec = {0};
    if (json_parse_object(path, line, text, len, &old, d)) return -1;
    char id[32];
    snprintf(id, sizeof id, "legacy-%08llx",
             (unsigned long long)(fnv1a(FNV1A_OFFSET, text, len) & 0xffffffffu));
    json_set_string(&rec, "id", id);
    for (size_t i = 0; i < old.n; i++)
        if (strcmp(old.m[i].key, "id")) json_append(&rec, old.m[i].key, old.m[i].raw);
    json_set(&rec, "legacy", "true");
    if (!json_get(&rec, "start") && json_get(&old, "date"))
        json_set(&rec, "start", json_get(&old, "date"));
    json_set_string(&rec, "converted_from", path);
    if (shard_of) json_set_string(&rec, "shard_results", shard_of);
    if (!context_find(cf, id)) {
        push(cf, &rec);
        reindex(cf);
    }
    json_object_free(&old);
    json_object_free(&rec);
    return 0;
}

/* A legacy RESULTS.context.json: a run's context, or a merge's
 * {"merged_by", "shards": [{"results", "context": TEXT or null}]}. */
static int legacy_parse(context_file *cf, const char *path, const char *buf, size_t len, diag *d) {
    json_object top = {0};
    if (json_parse_object(path, 1, buf, len, &top, d)) return -1;
    const char *shards = json_get(&top, "shards");
    int ret = 0;
    if (!json_get(&top, "merged_by") || !shards) {
        ret = legacy_record(cf, path, 1, buf, len, NULL, d);
    } else {
        char **items = NULL;
        size_t n = 0;
        if (json_array_items(shards, &items, &n))
            ret = diag_at(d, path, 0, 0, "\"shards\": expected an array");
        for (size_t i = 0; i < n; i++) {
            json_object shard = {0};
            if (!ret && json_parse_object(path, 1, items[i], strlen(items[i]), &shard, d) == 0) {
                const char *ctx = json_get(&shard, "context");
                const char *res = json_get(&shard, "results");
                char *text = ctx ? json_string_value(ctx) : NULL;
                char *res_path = res ? json_string_value(res) : NULL;
                if (text) ret = legacy_record(cf, path, 1, text, strlen(text), res_path, d);
                if (text) xstrfree(text);
                if (res_path) xstrfree(res_path);
                json_object_free(&shard);
            } else if (!ret) {
                ret = -1;
            }
            xstrfree(items[i]);
        }
        if (n) FREEN(items, n);
    }
    json_object_free(&top);
    return ret;
}

int context_load(const char *csv_path, context_file *cf, diag *d) {
    memset(cf, 0, sizeof *cf);
    cf->path = results_sibling(csv_path, ".context.jsonl");
    size_t len = 0;
    char *buf = results_read_file(cf->path, CONTEXT_FILE_MAX, &len);
    if (buf) {
        int ret = context_parse(cf->path, buf, len, cf, d);
        xfree(buf, len + 1);
        return ret;
    }
    if (errno != ENOENT) return diag_at(d, cf->path, 0, 0, "cannot read: %s", strerror(errno));
    char *legacy = results_sibling(csv_path, ".context.json");
    buf = results_read_file(legacy, CONTEXT_FILE_MAX, &len);
    if (!buf) {
        int ret =
            errno == ENOENT ? 0 : diag_at(d, legacy, 0, 0, "cannot read: %s", strerror(errno));
        xstrfree(legacy);
        return ret;
    }
    cf->legacy_path = legacy;
    int ret = legacy_parse(cf, legacy, buf, len, d);
    xfree(buf, len + 1);
    return ret;
}

/* ---- writing -------------------------------------------------------------------- */

int context_save(context_file *cf, diag *d) {
    char *mem = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&mem, &len);
    if (!m) return diag_set(d, "%s: cannot write: out of memory", cf->path);
    for (size_t i = 0; i < cf->n; i++) json_write_line(&cf->recs[i], m);
    fclose(m);
    int ret = results_replace_bytes(cf->path, mem, len, NULL);
    if (ret) diag_set(d, "%s: cannot write: %s", cf->path, strerror(errno));
    free(mem);                     /* open_memstream's buffer comes from malloc */
    if (!ret && cf->legacy_path) { /* its records live on in the .context.jsonl */
        unlink(cf->legacy_path);
        xstrfree(cf->legacy_path);
        cf->legacy_path = NULL;
    }
    return ret ? -1 : 0;
}

/* ---- what this invocation runs on ------------------------------------------------ */

/* The first line printed by a shell command, or "" (e.g. outside git). */
static void first_line(const char *cmd, char *buf, size_t size) {
    buf[0] = '\0';
    fflush(NULL); /* popen forks: our buffers must not be written twice */
    FILE *p = popen(cmd, "r");
    if (!p) return;
    if (!fgets(buf, (int)size, p)) buf[0] = '\0';
    pclose(p);
    buf[strcspn(buf, "\n")] = '\0';
}

/* The first line of a small file, or def. */
static void file_line(const char *path, const char *def, char *buf, size_t size) {
    snprintf(buf, size, "%s", def);
    FILE *f = fopen(path, "r");
    if (!f) return;
    if (fgets(buf, (int)size, f))
        buf[strcspn(buf, "\n")] = '\0';
    else
        snprintf(buf, size, "%s", def);
    fclose(f);
    if (!buf[0]) snprintf(buf, size, "%s", def);
}

/* CPU model (the first "model name") and the mean of the "cpu MHz" lines
 * of /proc/cpuinfo (-1: unknown). */
static void cpu_info(char *model, size_t size, double *mhz) {
    snprintf(model, size, "unknown");
    *mhz = -1;
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return;
    char line[512];
    int have_model = 0, n_mhz = 0;
    double sum = 0;
    while (fgets(line, sizeof line, f)) {
        const char *v = strchr(line, ':');
        if (!v) continue;
        if (!have_model && !strncmp(line, "model name", 10)) {
            snprintf(model, size, "%s", v + 1 + (v[1] == ' '));
            model[strcspn(model, "\n")] = '\0';
            have_model = 1;
        } else if (!strncmp(line, "cpu MHz", 7)) {
            sum += strtod(v + 1, NULL);
            n_mhz++;
        }
    }
    fclose(f);
    if (n_mhz) *mhz = sum / n_mhz;
}

static void utc_now(char *buf, size_t size, const char *fmt) {
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(buf, size, fmt, &tm);
}

/* "[1m, 5m, 15m]" or "null". */
static void load_avg(char *buf, size_t size) {
    double l[3];
    if (getloadavg(l, 3) == 3)
        snprintf(buf, size, "[%.2f, %.2f, %.2f]", l[0], l[1], l[2]);
    else
        snprintf(buf, size, "null");
}

static uint32_t random32(void) {
    uint32_t r = 0;
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        if (read(fd, &r, sizeof r) != (ssize_t)sizeof r) r = 0;
        close(fd);
    }
    if (!r) r = (uint32_t)(clock_ns() ^ ((uint64_t)getpid() << 16));
    return r;
}

/* A new invocation id: the UTC time and 32 random bits (unique across
 * the shards of an experiment started at the same second on many hosts). */
static void new_id(char id[CONTEXT_ID_MAX]) {
    char stamp[20];
    utc_now(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ");
    snprintf(id, CONTEXT_ID_MAX, "%.16s-%08x", stamp, (unsigned)random32());
}

static void set_num(json_object *rec, const char *key, const char *fmt, ...) DIAG_PRINTF_(3, 4);
static void set_num(json_object *rec, const char *key, const char *fmt, ...) {
    char buf[128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    json_set(rec, key, buf);
}

void context_begin(json_object *rec, const experiment *e, const char *command, size_t planned,
                   size_t skipped, char id[CONTEXT_ID_MAX]) {
    char start[32], buf[512];
    utc_now(start, sizeof start, "%Y-%m-%dT%H:%M:%SZ");
    new_id(id);
    json_set_string(rec, "id", id);
    json_set_string(rec, "status", "running");
    json_set_string(rec, "experiment", e->name);
    { /* the strategies in the experiment's order (reports take its first
       * two as the pair a scatter compares) */
        char *mem = NULL;
        size_t n = 0;
        FILE *m = open_memstream(&mem, &n);
        if (m) {
            fputc('[', m);
            for (size_t i = 0; i < e->strategies.n; i++) {
                if (i) fputs(", ", m);
                text_json_string(m, e->strategies.items[i]);
            }
            fputc(']', m);
            fclose(m);
            json_set(rec, "strategies", mem);
            free(mem); /* open_memstream's buffer comes from malloc */
        }
    }
    json_set_string(rec, "command", command ? command : "");
    json_set_string(rec, "start", start);
    json_set(rec, "end", "null");
    /* the binary */
    /* the commit the binary was built from (build_info.h), wherever the
     * run starts; a build outside git falls back to the checkout the run
     * starts in.  git reads the repository's config, and `status` runs its
     * core.fsmonitor command: a folder unpacked from an archive must not
     * run anything, so the monitor is off and submodules are not entered */
    buf[0] = '\0';
    if (!build_info_commit[0])
        first_line("git -c core.fsmonitor=false rev-parse HEAD 2>/dev/null", buf, sizeof buf);
    if (build_info_commit[0]) {
        json_set_string(rec, "git_commit", build_info_commit);
        json_set(rec, "git_dirty",
                 build_info_dirty < 0 ? "null" : build_info_dirty ? "true" : "false");
    } else if (buf[0]) {
        json_set_string(rec, "git_commit", buf);
        /* dirty: a tracked source differs from the commit (the result and plot
         * files that experiments rewrite do not count) */
        first_line("git -c core.fsmonitor=false status --porcelain --untracked-files=no "
                   "--ignore-submodules -- . ':!results' ':!plots' "
                   "2>/dev/null | head -1 | wc -l",
                   buf, sizeof buf);
        json_set(rec, "git_dirty", !strcmp(buf, "1") ? "true" : "false");
    } else { /* not in a git checkout: nothing known, not "" and clean */
        json_set(rec, "git_commit", "null");
        json_set(rec, "git_dirty", "null");
    }
    char hash[17];
    /* the binary itself, not the commit of the tree the run starts in: the
     * same sources built with the same flags give the same bytes, and any
     * change of code, flags or compiler shows ("" when unreadable) */
    fnv1a_file("/proc/self/exe", hash);
    json_set_string(rec, "binary_hash", hash);
#ifdef __VERSION__
    json_set_string(rec, "compiler", "gcc-compatible " __VERSION__);
#else
    json_set_string(rec, "compiler", "unknown");
#endif
    json_set_string(rec, "build_flags", SEARCHLAB_BUILD_FLAGS);
    json_set_string(rec, "gbench_library_build_type", SEARCHLAB_GBENCH_BUILD_TYPE);
    /* the machine */
    char host[256] = "";
    gethostname(host, sizeof host - 1);
    json_set_string(rec, "host", host);
    double mhz;
    cpu_info(buf, sizeof buf, &mhz);
    json_set_string(rec, "cpu_model", buf);
    set_num(rec, "cores", "%ld", sysconf(_SC_NPROCESSORS_ONLN));
    if (mhz > 0)
        set_num(rec, "cpu_mhz", "%.1f", mhz);
    else
        json_set(rec, "cpu_mhz", "null");
    file_line("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "unknown", buf, sizeof buf);
    json_set_string(rec, "cpu_governor", buf);
    struct utsname u;
    buf[0] = '\0';
    if (uname(&u) == 0) snprintf(buf, sizeof buf, "%s %s %s", u.sysname, u.release, u.machine);
    json_set_string(rec, "kernel", buf);
    load_avg(buf, sizeof buf);
    json_set(rec, "load_avg_start", buf);
    json_set(rec, "load_avg_end", "null");
    /* the limits, then the other settings */
    set_num(rec, "timeout_s", "%g", e->timeout_s); /* CPU time */
    set_num(rec, "wall_timeout_s", "%g",
            e->wall_timeout_s > 0 ? e->wall_timeout_s : isolate_wall_net(e->timeout_s));
    json_set_string(rec, "measure", isolate_measure_name()); /* cgroup2 or rusage */
    json_set(rec, "pin", e->pin ? "true" : "false");
    set_num(rec, "memory_mib", "%llu", (unsigned long long)e->memory_mib);
    set_num(rec, "node_limit", "%llu", (unsigned long long)e->node_limit);
    set_num(rec, "jobs", "%ld", e->jobs);
    set_num(rec, "reps", "%ld", e->reps);
    set_num(rec, "warmup", "%ld", e->warmup);
    set_num(rec, "seed", "%llu", (unsigned long long)e->seed);
    snprintf(buf, sizeof buf, "%ld/%ld", e->shard_k, e->shard_n);
    json_set_string(rec, "shard", buf);
    set_num(rec, "runs_planned", "%zu", planned);
    set_num(rec, "runs_skipped", "%zu", skipped);
    set_num(rec, "runs_added", "%d", 0);
}

void context_end(json_object *rec, const char *status, size_t added) {
    char buf[64];
    json_set_string(rec, "status", status);
    utc_now(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ");
    json_set_string(rec, "end", buf);
    load_avg(buf, sizeof buf);
    json_set(rec, "load_avg_end", buf);
    set_num(rec, "runs_added", "%zu", added);
}

double context_load_start(const json_object *rec) {
    const char *raw = json_get(rec, "load_avg_start");
    if (!raw || raw[0] != '[') return -1;
    return strtod(raw + 1, NULL);
}

/* ---- the invocations behind a set of rows ------------------------------------------- */

static int cmp_cstr(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* All invocation ids of rows, sorted (not unique; the strings belong to
 * the rows).  Free with FREEN(ids, rows->n ? rows->n : 1). */
static const char **sorted_row_ids(const result_set *rows) {
    const char **ids = NEWN(rows->n ? rows->n : 1, const char *);
    for (size_t i = 0; i < rows->n; i++) ids[i] = rows->rows[i].invocation;
    qsort(ids, rows->n, sizeof *ids, cmp_cstr);
    return ids;
}

/* The distinct invocation ids of rows, sorted (the strings belong to the
 * rows); *n of them.  Free with FREEN(ids, rows->n ? rows->n : 1). */
static const char **distinct_ids(const result_set *rows, size_t *n) {
    const char **ids = sorted_row_ids(rows);
    size_t k = 0;
    for (size_t i = 0; i < rows->n; i++)
        if (k == 0 || strcmp(ids[i], ids[k - 1])) ids[k++] = ids[i];
    *n = k;
    return ids;
}

/* How many of the n sorted ids equal id (two binary searches). */
static size_t count_id(const char **ids, size_t n, const char *id) {
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(ids[mid], id) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    size_t first = lo;
    hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(ids[mid], id) <= 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo - first;
}

size_t context_repair(context_file *cf, const result_set *rows) {
    size_t fixed = 0;
    const char **ids = NULL;
    for (size_t i = 0; i < cf->n; i++) {
        const char *st = json_get(&cf->recs[i], "status");
        if (!st || strcmp(st, "\"running\"")) continue;
        if (!ids) ids = sorted_row_ids(rows);
        json_set_string(&cf->recs[i], "status", "killed");
        set_num(&cf->recs[i], "runs_added", "%zu", count_id(ids, rows->n, cf->ids[i]));
        fixed++;
    }
    if (ids) FREEN(ids, rows->n ? rows->n : 1);
    return fixed;
}

static int is_legacy(const json_object *r) {
    const char *lg = json_get(r, "legacy");
    return lg && !strcmp(lg, "true");
}

/* The records behind invocation id: the one with that id, or for "" (rows
 * of an older file) every legacy record.  Appended to refs (room for
 * 2 cf->n: a legacy record may come once by "" and once by its id; NULL:
 * only counted); returns how many. */
static size_t records_of(const context_file *cf, const char *id, const json_object **refs,
                         size_t *nrefs) {
    if (*id) {
        const json_object *r = context_find(cf, id);
        if (r && refs) refs[(*nrefs)++] = r;
        return r != NULL;
    }
    size_t found = 0;
    for (size_t i = 0; i < cf->n; i++) {
        if (!is_legacy(&cf->recs[i])) continue;
        found++;
        if (refs) refs[(*nrefs)++] = &cf->recs[i];
    }
    return found;
}

/* The settings compared, in the order of messages.  DECISIVE: a change
 * refuses the resume.  BINARY_FALLBACK: decisive when either record lacks
 * binary_hash (records of older versions), else shown to explain a
 * binary that differs.  EXPLAIN: only shown to explain it. */
enum setting_kind { DECISIVE, BINARY, BINARY_FALLBACK, EXPLAIN };
static const struct {
    const char *key;
    enum setting_kind kind;
} settings[] = {
    {"timeout_s", DECISIVE},
    {"memory_mib", DECISIVE},
    {"node_limit", DECISIVE},
    {"binary_hash", BINARY},
    {"git_commit", BINARY_FALLBACK},
    {"build_flags", BINARY_FALLBACK},
    {"git_dirty", EXPLAIN},
    {"compiler", EXPLAIN},
    {"host", DECISIVE},
    {"cpu_model", DECISIVE},
    {"cores", DECISIVE},
};
enum { N_SETTINGS = sizeof settings / sizeof *settings };

static int value_differs(const json_object *a, const json_object *b, const char *key) {
    const char *x = json_get(a, key), *y = json_get(b, key);
    return x && y && strcmp(x, y) != 0;
}

/* Whether old and now differ in setting s: 1 decisive, 2 shown only as an
 * explanation, 0 not at all. */
static int setting_differs(const json_object *old, const json_object *now, int s) {
    if (!value_differs(old, now, settings[s].key)) return 0;
    int hashes = json_get(old, "binary_hash") && json_get(now, "binary_hash") &&
                 strcmp(json_get(old, "binary_hash"), "\"\"") &&
                 strcmp(json_get(now, "binary_hash"), "\"\"");
    switch (settings[s].kind) {
    case DECISIVE:
        return 1;
    case BINARY:
        return hashes ? 1 : 0;
    case BINARY_FALLBACK:
        return hashes ? 2 : 1;
    case EXPLAIN:
        return 2;
    }
    return 0;
}

/* Whether old and now differ decisively in any setting. */
static int records_differ(const json_object *old, const json_object *now) {
    for (int s = 0; s < N_SETTINGS; s++)
        if (setting_differs(old, now, s) == 1) return 1;
    return 0;
}

/* Appends a value for a message: strings longer than 60 bytes shortened. */
static void show_value(char *out, size_t size, const char *raw) {
    size_t o = strlen(out);
    if (o >= size) return;
    if (strlen(raw) > 60)
        snprintf(out + o, size - o, "%.56s...%s", raw, raw[0] == '"' ? "\"" : "");
    else
        snprintf(out + o, size - o, "%s", raw);
}

static void append(char *out, size_t size, const char *text) {
    size_t o = strlen(out);
    if (o < size) snprintf(out + o, size - o, "%s", text);
}

int context_check(const context_file *cf, const result_set *rows, const json_object *now,
                  char *what, size_t size) {
    what[0] = '\0';
    size_t nids = 0, nrefs = 0, missing = 0;
    const char **ids = distinct_ids(rows, &nids);
    const json_object **refs = NEWN(2 * cf->n + 1, const json_object *);
    const char *first_missing = NULL;
    for (size_t i = 0; i < nids; i++)
        if (records_of(cf, ids[i], refs, &nrefs) == 0) {
            if (!missing++) first_missing = ids[i];
        }
    int ret = 0;
    if (missing) {
        size_t rows_missing = 0;
        int any_legacy = 0; /* what describes the rows with "" */
        for (size_t i = 0; i < cf->n && !any_legacy; i++) any_legacy = is_legacy(&cf->recs[i]);
        for (size_t r = 0; r < rows->n; r++) {
            const char *id = rows->rows[r].invocation;
            rows_missing += *id ? context_find(cf, id) == NULL : !any_legacy;
        }
        if (*first_missing)
            snprintf(what, size,
                     "%zu rows were recorded by invocation %s%s, which no context "
                     "record describes",
                     rows_missing, first_missing, missing > 1 ? " and others" : "");
        else
            snprintf(what, size,
                     "%zu rows were recorded by an older version, and no context "
                     "file describes them",
                     rows_missing);
        ret = -1;
    } else {
        /* per setting: the old values that differ from now's */
        int decisive = 0;
        for (int pass = 1; pass <= 2; pass++) {
            if (pass == 2 && !decisive) break;
            for (int s = 0; s < N_SETTINGS; s++) {
                const char *olds[64];
                size_t nold = 0;
                int kind_here = 0;
                for (size_t k = 0; k < nrefs; k++) {
                    int dk = setting_differs(refs[k], now, s);
                    if (dk != pass) continue;
                    kind_here = dk;
                    const char *raw = json_get(refs[k], settings[s].key);
                    int seen = 0;
                    for (size_t j = 0; j < nold && !seen; j++) seen = !strcmp(olds[j], raw);
                    if (!seen && nold < 64) olds[nold++] = raw;
                }
                if (!kind_here) continue;
                if (pass == 1) decisive++;
                if (what[0]) append(what, size, "; ");
                append(what, size, settings[s].key);
                append(what, size, " ");
                for (size_t j = 0; j < nold; j++) {
                    if (j) append(what, size, ", ");
                    show_value(what, size, olds[j]);
                }
                append(what, size, " (now ");
                show_value(what, size, json_get(now, settings[s].key));
                append(what, size, ")");
            }
        }
        ret = decisive;
    }
    FREEN(refs, 2 * cf->n + 1);
    FREEN(ids, rows->n ? rows->n : 1);
    return ret;
}

int context_mix_of(const char *csv_path, const result_set *rs, context_mix *m, diag *d) {
    memset(m, 0, sizeof *m);
    context_file cf;
    if (context_load(csv_path, &cf, d)) {
        context_file_free(&cf);
        return -1;
    }
    size_t nids = 0, nrefs = 0;
    const char **ids = distinct_ids(rs, &nids);
    const json_object **refs = NEWN(2 * cf.n + 1, const json_object *);
    m->invocations = nids;
    for (size_t i = 0; i < nids; i++) m->undescribed += records_of(&cf, ids[i], refs, &nrefs) == 0;
    for (size_t k = 0; k < nrefs && !m->first[1][0]; k++) { /* the first record's first two */
        const char *raw = json_get(refs[k], "strategies");
        char **items;
        size_t n;
        if (!raw || json_array_items(raw, &items, &n)) continue;
        for (size_t j = 0; j < n; j++) {
            char *v = json_string_value(items[j]);
            if (j < 2 && v) snprintf(m->first[j], sizeof m->first[j], "%s", v);
            if (v) xstrfree(v);
            xstrfree(items[j]);
        }
        if (n) FREEN(items, n);
        if (!m->first[1][0]) m->first[0][0] = '\0'; /* a pair or nothing */
    }
    for (size_t k = 0; k < nrefs; k++) { /* the limit the rows' PAR-2 charges */
        const char *raw = json_get(refs[k], "timeout_s");
        double v = raw ? strtod(raw, NULL) : 0;
        if (!(v > 0)) continue;
        if (m->timeout_s > 0 && v != m->timeout_s) m->timeout_mixed = 1;
        if (v > m->timeout_s) m->timeout_s = v;
        /* the load the runs shared the machine with, and its cores */
        for (int e = 0; e < 2; e++) {
            const char *l = json_get(refs[k], e ? "load_avg_end" : "load_avg_start");
            if (l && l[0] == '[' && strtod(l + 1, NULL) > m->load_max)
                m->load_max = strtod(l + 1, NULL);
        }
        const char *c = json_get(refs[k], "cores");
        long cores = c ? strtol(c, NULL, 10) : 0;
        if (cores > 0 && (!m->cores || cores < m->cores)) m->cores = cores;
    }
    /* groups of records with the same settings: each record joins the first
     * group whose first record it does not differ from */
    enum { MAX_GROUPS = 1000 }; /* beyond that, a count is all a table can say */
    const json_object **heads = NEWN(nrefs ? nrefs : 1, const json_object *);
    for (size_t k = 0; k < nrefs; k++) {
        size_t g = 0;
        while (g < m->settings && g < MAX_GROUPS && records_differ(heads[g], refs[k])) g++;
        if (g == m->settings) heads[m->settings++] = refs[k];
    }
    if (m->settings > 1)
        for (int s = 0; s < N_SETTINGS; s++) {
            if (settings[s].kind == EXPLAIN) continue;
            int shown = 0;
            for (size_t g = 1; g < m->settings && !shown; g++)
                shown = setting_differs(heads[0], heads[g], s) == 1;
            if (!shown) continue;
            if (m->differ[0]) append(m->differ, sizeof m->differ, "; ");
            append(m->differ, sizeof m->differ, settings[s].key);
            for (size_t g = 0; g < m->settings; g++) {
                const char *raw = json_get(heads[g], settings[s].key);
                append(m->differ, sizeof m->differ, g ? " / " : " ");
                show_value(m->differ, sizeof m->differ, raw ? raw : "?");
            }
        }
    FREEN(heads, nrefs ? nrefs : 1);
    FREEN(refs, 2 * cf.n + 1);
    FREEN(ids, rs->n ? rs->n : 1);
    context_file_free(&cf);
    return 0;
}

/* ---- merge ------------------------------------------------------------------------- */

/* Keeps the first record of each id, in their order (sorted, n log n). */
static void dedupe(context_file *cf) {
    reindex(cf);
    unsigned char *drop = NEWN(cf->n ? cf->n : 1, unsigned char);
    for (size_t k = 1; k < cf->n; k++)
        if (!strcmp(cf->order[k].id, cf->order[k - 1].id)) drop[cf->order[k].i] = 1;
    size_t kept = 0;
    for (size_t i = 0; i < cf->n; i++) {
        if (drop[i]) {
            json_object_free(&cf->recs[i]);
            xstrfree(cf->ids[i]);
            continue;
        }
        cf->recs[kept] = cf->recs[i];
        cf->ids[kept++] = cf->ids[i];
    }
    FREEN(drop, cf->n ? cf->n : 1);
    cf->n = kept;
    reindex(cf);
}

int context_merge(const char *out_csv, const char *command, const char *const *inputs, size_t n,
                  diag *d) {
    context_file out;
    memset(&out, 0, sizeof out);
    out.path = results_sibling(out_csv, ".context.jsonl");
    char *legacy = results_sibling(out_csv, ".context.json");
    if (access(legacy, F_OK) == 0)
        out.legacy_path = legacy; /* replaced by the merged records */
    else
        xstrfree(legacy);
    int ret = 0;
    for (size_t i = 0; i < n && !ret; i++) {
        context_file in;
        ret = context_load(inputs[i], &in, d);
        for (size_t k = 0; k < in.n && !ret; k++) push(&out, &in.recs[k]);
        context_file_free(&in);
    }
    if (!ret) dedupe(&out);
    if (!ret) {
        json_object rec = {0};
        char start[32], id[CONTEXT_ID_MAX];
        utc_now(start, sizeof start, "%Y-%m-%dT%H:%M:%SZ");
        new_id(id);
        json_set_string(&rec, "id", id);
        json_set_string(&rec, "kind", "merge");
        json_set_string(&rec, "command", command ? command : "");
        char *mem = NULL;
        size_t len = 0;
        FILE *mf = open_memstream(&mem, &len);
        if (mf) {
            fputc('[', mf);
            for (size_t i = 0; i < n; i++) {
                if (i) fputs(", ", mf);
                text_json_string(mf, inputs[i]);
            }
            fputc(']', mf);
            fclose(mf);
            json_set(&rec, "inputs", mem);
            free(mem); /* open_memstream's buffer comes from malloc */
        }
        json_set_string(&rec, "start", start);
        context_add(&out, &rec);
        json_object_free(&rec);
        ret = context_save(&out, d);
    }
    context_file_free(&out);
    return ret;
}
