/* driver.c - the experiment loop of `searchlab run` (see driver.h). */
#include "driver.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/clock.h"
#include "../core/registry.h"
#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "../solve/solve.h"
#include "context.h"
#include "instset.h"
#include "isolate.h"

/* ---- small helpers ------------------------------------------------------------ */

int driver_strip_fault(const char *spec, char *out, size_t size) {
    static const char *const faults[] = {"none", "crash", "hang", "memhog", "wrong", NULL};
    spec_text t;
    snprintf(out, size, "%s", spec);
    if (spec_split(spec, &t, NULL)) return DRIVER_FAULT_NONE; /* solve_puzzle says why */
    int i = spec_text_find(&t, "test-fault");
    if (i < 0) return DRIVER_FAULT_NONE;
    int fault = names_index(faults, t.item[i].value);
    spec_text_remove(&t, i);
    spec_join(&t, out, size);
    return fault;
}

int driver_file_hash(const char *path, char hex[17]) {
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    uint64_t h = 0xcbf29ce484222325ull;
    int c;
    while ((c = getc(f)) != EOF) h = (h ^ (uint64_t)c) * 0x100000001b3ull;
    fclose(f);
    snprintf(hex, 17, "%016llx", (unsigned long long)h);
    return 0;
}

static uint64_t mix(uint64_t h, const char *s) {
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
    return h;
}

/* ---- the child's side ----------------------------------------------------------- */

enum { REPORT_MAGIC = 0x5e4c4142 };
typedef struct run_report {
    uint32_t magic;
    int error; /* 1: why holds the reason the run could not start */
    run_status status;
    stats st;
    char why[256];
} run_report;

typedef struct run_job {
    const puzzle *pz;
    const char *path;
    const char *spec; /* stripped of test-fault */
    int fault;
    solve_request rq;
} run_job;

static size_t child_job(void *ctx, unsigned char *buf, size_t cap) {
    const run_job *j = ctx;
    if (j->fault == DRIVER_FAULT_CRASH) {
        signal(SIGSEGV, SIG_DFL);
        raise(SIGSEGV);
    } else if (j->fault == DRIVER_FAULT_HANG) {
        for (volatile unsigned long spin = 0;; spin++) {
        }
    } else if (j->fault == DRIVER_FAULT_MEMHOG) {
        for (;;) { /* until RLIMIT_AS or the RSS watchdog stops it */
            char *p = xmalloc(1 << 20);
            memset(p, 1, 1 << 20);
        }
    }
    run_report r;
    memset(&r, 0, sizeof r);
    r.magic = REPORT_MAGIC;
    diag d = {{0}};
    void *inst = puzzle_load(j->pz, j->path, &d);
    solve_result res;
    memset(&res, 0, sizeof res);
    if (!inst || solve_puzzle(j->pz, inst, &j->rq, &res, &d)) {
        r.error = 1;
        snprintf(r.why, sizeof r.why, "%.255s", d.msg);
    } else {
        r.status = res.status;
        r.st = res.st;
        snprintf(r.why, sizeof r.why, "%s", res.why);
        solve_result_free(&res);
    }
    if (inst) j->pz->destroy(inst);
    if (cap < sizeof r) return 0;
    memcpy(buf, &r, sizeof r);
    return sizeof r;
}

/* ---- the plan ---------------------------------------------------------------------- */

typedef struct inst_info {
    char *path, hash[17];
    long size;
} inst_info;

typedef struct strat_info {
    const char *label; /* the spec as given */
    char spec[256];    /* without test-fault */
    int fault;
    run_labels labels; /* what the spec resolved to */
} strat_info;

typedef struct run_item {
    int inst, strat;
    long rep;
    uint64_t seed;
} run_item;

typedef struct plan {
    const experiment *e;
    const puzzle *pz;
    inst_info *insts;
    size_t n_insts, insts_cap;
    strat_info *strats;
    run_item *todo;
    size_t n_todo, skipped;
} plan;

static void plan_free(plan *p) {
    for (size_t i = 0; i < p->n_insts; i++) xstrfree(p->insts[i].path);
    if (p->insts) FREEN(p->insts, p->insts_cap);
    if (p->strats) FREEN(p->strats, p->e->strategies.n);
    if (p->todo) FREEN(p->todo, p->n_todo ? p->n_todo : 1);
}

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Instances: expand every set, drop repeats, load each once (a bad file
 * is bad input before any run starts), note size and hash. */
static int plan_instances(plan *p, diag *d) {
    const experiment *e = p->e;
    strlist files = {0};
    for (size_t i = 0; i < e->instances.n; i++)
        if (instset_expand(p->pz, e->instances.items[i], e->instances.where[i], e->gen_cache,
                           &files, d)) {
            strlist_free(&files);
            return -1;
        }
    p->insts = NEWN(files.n, inst_info);
    p->insts_cap = files.n;
    for (size_t i = 0; i < files.n; i++) {
        int dup = 0;
        for (size_t j = 0; j < p->n_insts && !dup; j++)
            dup = !strcmp(p->insts[j].path, files.items[i]);
        if (dup) continue;
        inst_info *in = &p->insts[p->n_insts];
        void *inst = puzzle_load(p->pz, files.items[i], d);
        if (!inst) {
            strlist_free(&files);
            return -1;
        }
        in->size = p->pz->size(inst);
        p->pz->destroy(inst);
        if (driver_file_hash(files.items[i], in->hash)) {
            diag_set(d, "%s: cannot read", files.items[i]);
            strlist_free(&files);
            return -1;
        }
        in->path = xstrdup(files.items[i]);
        p->n_insts++;
    }
    strlist_free(&files);
    return 0;
}

/* Strategies: strip the test fault, and solve the first instance with a
 * node limit of 1 so that a wrong spec is bad input before any run. */
static int plan_strategies(plan *p, diag *d) {
    const experiment *e = p->e;
    p->strats = NEWN(e->strategies.n, strat_info);
    void *inst = puzzle_load(p->pz, p->insts[0].path, d);
    if (!inst) return -1;
    int ret = 0;
    for (size_t s = 0; s < e->strategies.n && !ret; s++) {
        strat_info *si = &p->strats[s];
        si->label = e->strategies.items[s];
        si->fault = driver_strip_fault(si->label, si->spec, sizeof si->spec);
        if (si->fault < 0) {
            ret =
                diag_set(d, "%s: strategy '%s': test-fault: expected crash, hang, memhog or wrong",
                         e->strategies.where[s], si->label);
            break;
        }
        solve_request rq = {.spec = si->spec, .node_limit = 1, .timeout_s = 5};
        solve_result res;
        memset(&res, 0, sizeof res);
        diag sd = {{0}};
        if (solve_puzzle(p->pz, inst, &rq, &res, &sd)) {
            ret = diag_set(d, "%s: strategy '%s': %s", e->strategies.where[s], si->label, sd.msg);
            break;
        }
        si->labels = res.labels;
        solve_result_free(&res);
    }
    p->pz->destroy(inst);
    return ret;
}

static char *item_key(const plan *p, const run_item *it) {
    result_row r;
    memset(&r, 0, sizeof r);
    r.instance = p->insts[it->inst].path;
    r.strategy = (char *)p->strats[it->strat].label;
    r.rep = it->rep;
    return result_row_key(&r);
}

/* The matrix, this shard's part of it, minus what is already recorded,
 * in a seeded random order. */
static void plan_runs(plan *p, const result_set *done) {
    const experiment *e = p->e;
    size_t nkeys = done->n;
    char **keys = NEWN(nkeys ? nkeys : 1, char *);
    for (size_t i = 0; i < nkeys; i++) keys[i] = result_row_key(&done->rows[i]);
    if (nkeys) qsort(keys, nkeys, sizeof *keys, cmp_str);
    size_t total = p->n_insts * e->strategies.n * (size_t)e->reps, idx = 0;
    p->todo = NEWN(total ? total : 1, run_item);
    for (size_t i = 0; i < p->n_insts; i++)
        for (size_t s = 0; s < e->strategies.n; s++)
            for (long r = 1; r <= e->reps; r++, idx++) {
                if ((long)(idx % (size_t)e->shard_n) != e->shard_k - 1) continue;
                run_item it = {(int)i, (int)s, r, 0};
                uint64_t h =
                    mix(mix(e->seed * 0x100000001b3ull, p->insts[i].hash), p->strats[s].label);
                it.seed = (h ^ (uint64_t)r * 0x9E3779B97F4A7C15ull) & 0x7fffffffu;
                char *k = item_key(p, &it);
                if (nkeys && bsearch(&k, keys, nkeys, sizeof *keys, cmp_str))
                    p->skipped++;
                else
                    p->todo[p->n_todo++] = it;
                xstrfree(k);
            }
    for (size_t i = 0; i < nkeys; i++) xstrfree(keys[i]);
    FREEN(keys, nkeys ? nkeys : 1);
    p->todo = xrealloc(p->todo, (total ? total : 1) * sizeof *p->todo,
                       (p->n_todo ? p->n_todo : 1) * sizeof *p->todo);
    rng g;
    rng_seed(&g, e->seed);
    for (size_t i = p->n_todo; i > 1; i--) { /* Fisher-Yates */
        size_t j = (size_t)rng_below(&g, i);
        run_item t = p->todo[i - 1];
        p->todo[i - 1] = p->todo[j];
        p->todo[j] = t;
    }
}

/* ---- one finished run -> one row ------------------------------------------------------ */

static const char *last_line(const char *text, char *buf, size_t size) {
    size_t n = strlen(text);
    while (n && (text[n - 1] == '\n' || text[n - 1] == ' ')) n--;
    size_t s = n;
    while (s && text[s - 1] != '\n') s--;
    snprintf(buf, size, "%.*s", (int)(n - s), text + s);
    return buf;
}

static void fill_row(const plan *p, const run_item *it, const isolate_child *c, result_row *row) {
    const experiment *e = p->e;
    const inst_info *in = &p->insts[it->inst];
    const strat_info *si = &p->strats[it->strat];
    result_row_set(&row->experiment, e->name);
    result_row_set(&row->instance, in->path);
    result_row_set(&row->instance_hash, in->hash);
    result_row_set(&row->puzzle, p->pz->name);
    row->size = in->size;
    result_row_set(&row->strategy, si->label);
    row->rep = it->rep;
    row->seed = it->seed;
    row->wall_s = c->wall_s;
    row->cpu_s = c->cpu_s;
    row->peak_rss_kib = c->peak_rss_kib;
    memset(&row->st, 0, sizeof row->st);
    run_report rep;
    char line[ISOLATE_ERR_TAIL + 1], note[600], sigbuf[16];
    note[0] = '\0';
    result_row_set(&row->signal, "");
    if (c->end == ISOLATE_EXITED && c->code == 0 && c->report_len == sizeof rep) {
        memcpy(&rep, c->report, sizeof rep);
        if (rep.magic == REPORT_MAGIC && !rep.error) {
            /* the child reports what solve_puzzle can return */
            row->status = rep.status <= STATUS_WRONG ? rep.status : STATUS_CRASH;
            row->st = rep.st;
            snprintf(note, sizeof note, "%s", rep.why);
        } else {
            row->status = STATUS_CRASH;
            snprintf(note, sizeof note, "the run could not start: %s", rep.why);
        }
    } else {
        switch (c->end) {
        case ISOLATE_WALL_KILL:
            row->status = STATUS_TIMEOUT;
            snprintf(note, sizeof note, "killed at the wall-time limit (%.3g s)", c->lim.wall_s);
            break;
        case ISOLATE_CPU_LIMIT:
            row->status = STATUS_TIMEOUT;
            snprintf(note, sizeof note, "stopped by the CPU-time limit");
            break;
        case ISOLATE_MEM_KILL:
            row->status = STATUS_MEMOUT;
            snprintf(note, sizeof note, "killed: resident set over %llu MiB",
                     (unsigned long long)c->lim.mem_mib);
            break;
        case ISOLATE_OOM:
            row->status = STATUS_MEMOUT;
            snprintf(note, sizeof note, "%s", last_line(c->err_tail, line, sizeof line));
            break;
        case ISOLATE_SIGNALED:
            row->status = STATUS_CRASH;
            result_row_set(&row->signal, isolate_signal_name(c->sig, sigbuf, sizeof sigbuf));
            snprintf(note, sizeof note, "%s", last_line(c->err_tail, line, sizeof line));
            break;
        default:
            row->status = STATUS_CRASH;
            snprintf(note, sizeof note, "exit status %d: %s", c->code,
                     last_line(c->err_tail, line, sizeof line));
        }
    }
    row->lab = si->labels;
    result_row_set(&row->note, note);
}

/* ---- the loop ---------------------------------------------------------------------------- */

static int execute(plan *p, results_file *rf, const driver_hooks *h, diag *d) {
    const experiment *e = p->e;
    size_t warm = (size_t)e->warmup < p->n_todo ? (size_t)e->warmup : p->n_todo;
    size_t nq = warm + p->n_todo, next = 0, running = 0, jobs = (size_t)e->jobs;
    isolate_child *slots = NEWN(jobs, isolate_child);
    isolate_child **live = NEWN(jobs, isolate_child *);
    size_t *slot_item = NEWN(jobs, size_t);
    driver_progress pr = {0, p->n_todo, 0, p->skipped, 0, 0, NULL};
    uint64_t t0 = clock_ns();
    if (h && h->on_progress) h->on_progress(h->ctx, &pr);
    isolate_limits lim = {e->timeout_s, e->timeout_s * 1.5 + 1, e->memory_mib};
    int ret = 0;
    result_row row;
    result_row_init(&row);
    while (!ret && (next < nq || running > 0)) {
        for (size_t s = 0; s < jobs && next < nq; s++) {
            if (live[s]) continue;
            const run_item *it = &p->todo[next < warm ? next : next - warm];
            const strat_info *si = &p->strats[it->strat];
            run_job job = {p->pz,
                           p->insts[it->inst].path,
                           si->spec,
                           si->fault,
                           {.spec = si->spec,
                            .node_limit = e->node_limit,
                            .timeout_s = e->timeout_s,
                            .seed = it->seed, /* the row's `seed`: restarts' ties */
                            .test_corrupt = si->fault == DRIVER_FAULT_WRONG}};
            if (isolate_start(&slots[s], &lim, child_job, &job, d)) {
                ret = 1;
                break;
            }
            live[s] = &slots[s];
            slot_item[s] = next++;
            running++;
        }
        if (ret || running == 0) break;
        int s = isolate_wait_any(live, jobs);
        if (s < 0) {
            ret = 1;
            diag_set(d, "lost track of the child processes");
            break;
        }
        size_t q = slot_item[s];
        live[s] = NULL;
        running--;
        if (q < warm) continue; /* warm-up runs are not recorded */
        fill_row(p, &p->todo[q - warm], &slots[s], &row);
        if (results_append(rf, &row, d)) {
            ret = 1;
            break;
        }
        pr.done++;
        if (!status_finished(row.status)) pr.failures++;
        pr.elapsed_s = (double)(clock_ns() - t0) / 1e9;
        pr.eta_s = pr.elapsed_s / (double)pr.done * (double)(pr.total - pr.done);
        pr.row = &row;
        if (h && h->on_progress) h->on_progress(h->ctx, &pr);
    }
    /* On an error, let the runs in flight end (they are not recorded). */
    while (running > 0 && isolate_wait_any(live, jobs) >= 0) running--;
    result_row_free(&row);
    FREEN(slots, jobs);
    FREEN(live, jobs);
    FREEN(slot_item, jobs);
    return ret;
}

int driver_run(const experiment *e, const driver_hooks *h, diag *d) {
    plan p;
    memset(&p, 0, sizeof p);
    p.e = e;
    p.pz = puzzle_find(e->puzzle);
    if (!p.pz) {
        char names[400];
        registry_join((const void *const *)puzzles, names, sizeof names);
        return diag_set(d, "%s: unknown puzzle '%s' (expected one of: %s)",
                        e->puzzle_where ? e->puzzle_where : "--puzzle", e->puzzle, names),
               2;
    }
    if (plan_instances(&p, d) || plan_strategies(&p, d)) {
        plan_free(&p);
        return 2;
    }
    result_set done = {0};
    char *slash = strrchr(e->out, '/');
    if (slash && slash != e->out) {
        char *dir = xstrndup(e->out, (size_t)(slash - e->out));
        int bad = instset_mkdirs(dir, d);
        xstrfree(dir);
        if (bad) {
            plan_free(&p);
            return 1;
        }
    }
    results_file *rf = results_open(e->out, e->name, &done, d);
    if (!rf) {
        result_set_free(&done);
        plan_free(&p);
        return 2;
    }
    plan_runs(&p, &done);
    result_set_free(&done);
    int ret = context_write(e, h ? h->command : NULL, d) ? 1 : execute(&p, rf, h, d);
    results_close(rf);
    plan_free(&p);
    return ret;
}
