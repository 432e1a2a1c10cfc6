/* driver.c - the experiment loop of `searchlab run` (see driver.h). */
#include "driver.h"

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/clock.h"
#include "../core/hash.h"
#include "../core/options.h"
#include "../core/registry.h"
#include "../core/rng.h"
#include "../core/xmalloc.h"
#include "../solve/solve.h"
#include "../solve/solver_file.h"
#include "context.h"
#include "instset.h"
#include "isolate.h"
#include "mznset.h"
#include "writelock.h"

/* Set by driver_stop (a signal handler): the signal that asks to stop. */
static volatile sig_atomic_t stop_sig;

void driver_stop(int sig) { stop_sig = sig; }

/* ---- small helpers ------------------------------------------------------------ */

/* The test-only strategy key test-fault=, a key table of one row read by
 * the one reader (core/options.h): its names are enum driver_fault's. */
static const char *const faults[] = {"none", "crash", "hang", "memhog", "wrong", "slow", NULL};
static const spec_key fault_keys[] = {
    {.name = "test-fault", .doc = "a fault the run fakes (tests only)", .names = faults},
    {.name = NULL}};

int driver_strip_fault(const char *spec, char *out, size_t size, diag *d) {
    spec_text t;
    snprintf(out, size, "%s", spec);
    if (spec_split(spec, &t, NULL)) return DRIVER_FAULT_NONE; /* solve_puzzle says why */
    const spec_key *k = &fault_keys[0];
    int i = spec_text_find(&t, k->name);
    if (i < 0) return DRIVER_FAULT_NONE;
    int fault = DRIVER_FAULT_NONE;
    diag why;
    if (opt_set(k, t.item[i].value, &fault, &why)) {
        if (d) diag_set(d, "%s: %s", k->name, why.msg);
        return -1;
    }
    spec_text_remove(&t, i);
    spec_join(&t, out, size);
    return fault;
}

static uint64_t mix(uint64_t h, const char *s) { return fnv1a(h, s, strlen(s)); }

/* ---- the child's side ----------------------------------------------------------- */

enum { REPORT_MAGIC = 0x5e4c4142 };
typedef struct run_report {
    uint32_t magic;
    int error; /* 1: why holds the reason the run could not start */
    run_status status;
    stats st;
    char why[256];
    /* an optimisation: sense (0: none), the best value, and the anytime
     * points, thinned to RESULT_ANYTIME_MAX as result_row_set_objective
     * keeps them */
    int sense;
    int64_t objective;
    uint32_t npoints;
    double sec[RESULT_ANYTIME_MAX];
    int64_t val[RESULT_ANYTIME_MAX];
} run_report;
_Static_assert(sizeof(run_report) <= ISOLATE_REPORT_MAX, "the report fits the pipe's buffer");

typedef struct run_job {
    const puzzle *pz;
    const char *path;
    const char *spec; /* stripped of test-fault */
    int fault;
    solve_request rq;
    int lock_fd; /* the writer lock's descriptor: the child closes it */
} run_job;

/* The direction of inst's objective when no solution was found (the
 * result knows it only from a solution): asked of the puzzle's objective
 * hook on a zero vector, whose value is not used. */
static int objective_sense(const puzzle *pz, const void *inst) {
    size_t n = pz->sol_cap ? pz->sol_cap(inst) : 0;
    int *zero = NEWN(n ? n : 1, int);
    int64_t v;
    int sense = pz->objective(inst, zero, n, &v);
    FREEN(zero, n ? n : 1);
    return sense;
}

static size_t child_job(void *ctx, unsigned char *buf, size_t cap) {
    const run_job *j = ctx;
    /* the lock is the driver's alone: a child still dying after the driver
     * was killed must not keep the next writer out (writelock.h) */
    if (j->lock_fd >= 0) close(j->lock_fd);
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
    } else if (j->fault == DRIVER_FAULT_SLOW) {
        for (uint64_t end = clock_cpu_ns() + 900000000u; clock_cpu_ns() < end;) {
        }
    }
    run_report r;
    memset(&r, 0, sizeof r);
    r.magic = REPORT_MAGIC;
    diag d = {{0}};
    solve_request rq = j->rq;
    rq.path = j->path;            /* outside solvers (solver files) are given the file */
    rq.start_ns = clock_cpu_ns(); /* the timeout counts reading and building the model */
    void *inst = puzzle_load(j->pz, j->path, &d);
    solve_result res;
    memset(&res, 0, sizeof res);
    if (!inst || solve_puzzle(j->pz, inst, &rq, &res, &d)) {
        r.error = 1;
        snprintf(r.why, sizeof r.why, "%.255s", d.msg);
    } else {
        r.status = res.status;
        r.st = res.st;
        r.sense = res.sense                                        ? res.sense
                  : j->pz->objective && res.status != STATUS_WRONG ? objective_sense(j->pz, inst)
                                                                   : 0;
        r.objective = res.objective;
        size_t n = res.nanytime, keep = n < RESULT_ANYTIME_MAX ? n : RESULT_ANYTIME_MAX;
        for (size_t k = 0; k < keep; k++) {
            size_t i =
                keep == 1 ? n - 1 : (size_t)((double)k * (double)(n - 1) / (double)(keep - 1));
            r.sec[k] = res.anytime[i].seconds;
            r.val[k] = res.anytime[i].value;
        }
        r.npoints = (uint32_t)keep;
        snprintf(r.why, sizeof r.why, "%s", res.why);
        solve_result_free(&res);
    }
    if (inst) j->pz->destroy(inst);
    if (cap < sizeof r) return 0;
    memcpy(buf, &r, sizeof r);
    return sizeof r;
}

/* ---- the plan ---------------------------------------------------------------------- */

/* MiniZinc experiments: the compilations other than ours that solver
 * files ask for (mzn_compile), each pair compiled once per distinct one. */
enum { MZN_CONF_MAX = 8 };

typedef struct inst_info {
    char *path, hash[17];
    char *alt[MZN_CONF_MAX]; /* mzn: the pair compiled by configuration k (else NULL) */
    long size;
    int over; /* reading it went over a run's limits when planning (size 0) */
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
    int lock_fd; /* the writer lock's descriptor: every child closes it */
    inst_info *insts;
    size_t n_insts, insts_cap;
    strat_info *strats;
    /* mzn: the configurations' minizinc words (NULL-terminated), and each
     * strategy's configuration (-1: ours) */
    char **conf[MZN_CONF_MAX];
    int nconf;
    int *strat_conf;
    run_item *todo;
    size_t n_todo, skipped;
} plan;

static void plan_free(plan *p) {
    for (size_t i = 0; i < p->n_insts; i++) {
        xstrfree(p->insts[i].path);
        for (int k = 0; k < MZN_CONF_MAX; k++)
            if (p->insts[i].alt[k]) xstrfree(p->insts[i].alt[k]);
    }
    for (int k = 0; k < p->nconf; k++) {
        size_t n = 0;
        while (p->conf[k][n]) xstrfree(p->conf[k][n++]);
        FREEN(p->conf[k], n + 1);
    }
    if (p->strat_conf) FREEN(p->strat_conf, p->e->strategies.n + 1);
    if (p->insts) FREEN(p->insts, p->insts_cap);
    if (p->strats) FREEN(p->strats, p->e->strategies.n);
    if (p->todo) FREEN(p->todo, p->n_todo ? p->n_todo : 1);
}

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static const char *last_line(const char *text, char *buf, size_t size) {
    size_t n = strlen(text);
    while (n && (text[n - 1] == '\n' || text[n - 1] == ' ')) n--;
    size_t s = n;
    while (s && text[s - 1] != '\n') s--;
    snprintf(buf, size, "%.*s", (int)(n - s), text + s);
    return buf;
}

/* How long the loop waits for a child before it reports progress or looks
 * at a stop request that came just before the wait began (a signal during
 * the wait ends it at once). */
enum { WAIT_SLICE_MS = 250 };

static void note(const driver_hooks *h, const char *fmt, ...) DIAG_PRINTF_(2, 3);

/* ---- planning, in children ------------------------------------------------------
 * Planning reads every instance and runs the generators of gen: specs:
 * work on files that may be hostile (or just huge), so each piece runs in
 * a child under the run's limits, as the runs do, and the wait gives way
 * to SIGINT/SIGTERM (driver_stop) at once. */

typedef struct plan_report {
    uint32_t magic;
    int error;         /* 1: why says what is wrong (bad input) */
    long size;         /* an instance's size */
    run_labels labels; /* a strategy's labels */
    char why[600];
} plan_report;

typedef struct plan_job {
    const plan *p;
    const char *path; /* the instance (load, strategy) */
    const char *spec; /* the strategy (strategy) */
    int kind;         /* PLAN_EXPAND, PLAN_LOAD, PLAN_STRATEGY */
    int conf;         /* PLAN_EXPAND of MiniZinc pairs: this compilation only (-1: ours) */
} plan_job;
enum { PLAN_EXPAND, PLAN_LOAD, PLAN_STRATEGY };

/* Expands instance set i into files (generating or compiling into the
 * cache what is missing); MiniZinc pairs add a line each to notes when it
 * is not NULL, compiled by configuration conf (-1: ours).  0, or -1 with
 * d. */
static int expand_set(const plan *p, size_t i, int conf, strlist *files, strlist *notes, diag *d) {
    const experiment *e = p->e;
    if (e->mzn)
        return mznset_expand(e->instances.items[i], e->instances.where[i], e->gen_cache,
                             conf < 0 ? NULL : (const char *const *)p->conf[conf], files, notes, d);
    return instset_expand(p->pz, e->instances.items[i], e->instances.where[i], e->gen_cache, files,
                          d);
}

static size_t child_plan(void *ctx, unsigned char *buf, size_t cap) {
    const plan_job *j = ctx;
    const plan *p = j->p;
    if (p->lock_fd >= 0) close(p->lock_fd); /* the driver's alone (writelock.h) */
    plan_report r;
    memset(&r, 0, sizeof r);
    r.magic = REPORT_MAGIC;
    diag d = {{0}};
    if (j->kind == PLAN_EXPAND) { /* makes the generated files (the cache keeps them) */
        strlist files = {0};
        for (size_t i = 0; i < p->e->instances.n && !r.error; i++)
            r.error = expand_set(p, i, j->conf, &files, NULL, &d) != 0;
        strlist_free(&files);
    } else {
        void *inst = puzzle_load(p->pz, j->path, &d);
        r.error = !inst;
        if (inst && j->kind == PLAN_LOAD) r.size = p->pz->size(inst);
        if (inst && j->kind == PLAN_STRATEGY) {
            solve_request rq = {.spec = j->spec, .node_limit = 1, .timeout_s = 5};
            solve_result res;
            memset(&res, 0, sizeof res);
            if (solve_puzzle(p->pz, inst, &rq, &res, &d)) {
                r.error = 1;
            } else {
                r.labels = res.labels;
                solve_result_free(&res);
            }
        }
        if (inst) p->pz->destroy(inst);
    }
    if (r.error) snprintf(r.why, sizeof r.why, "%s", d.msg);
    if (cap < sizeof r) return 0;
    memcpy(buf, &r, sizeof r);
    return sizeof r;
}

/* Runs job in a child under the run's limits and waits for it.  0 with
 * *out its report; 2 with d when it is refused (bad input); 3 with d when
 * it went over a limit or died (the runs of what it read will too, and
 * record why); 128 + SIG when a stop was asked for (the child is killed);
 * 1 with d when no child could be made. */
static int plan_in_child(const plan *p, plan_job *job, const char *what, plan_report *out,
                         diag *d) {
    const experiment *e = p->e;
    if (stop_sig) return 128 + stop_sig;
    isolate_limits lim = {
        e->timeout_s, e->wall_timeout_s > 0 ? e->wall_timeout_s : isolate_wall_net(e->timeout_s),
        e->memory_mib, -1};
    isolate_child c;
    if (isolate_start(&c, &lim, child_plan, job, d)) return 1;
    isolate_child *live[1] = {&c};
    for (;;) {
        int s = isolate_wait_any_for(live, 1, WAIT_SLICE_MS);
        if (s == 0) break;
        if (s != ISOLATE_WAIT_AGAIN) return diag_set(d, "lost track of a child process"), 1;
        if (stop_sig) {
            kill(c.pid, SIGKILL);
            isolate_wait_any(live, 1);
            return 128 + stop_sig;
        }
    }
    if (c.end == ISOLATE_EXITED && c.code == 0 && c.report_len == sizeof *out) {
        memcpy(out, c.report, sizeof *out);
        if (out->magic == REPORT_MAGIC) {
            if (!out->error) return 0;
            return diag_set(d, "%s", out->why), 2;
        }
    }
    char line[ISOLATE_ERR_TAIL + 1];
    switch (c.end) {
    case ISOLATE_CPU_LIMIT:
    case ISOLATE_WALL_KILL:
        return diag_set(d,
                        "%s: planning the runs, reading it went over the time limit of a run "
                        "(%g s; --timeout)",
                        what, e->timeout_s),
               3;
    case ISOLATE_MEM_KILL:
    case ISOLATE_OOM:
        return diag_set(d,
                        "%s: planning the runs, reading it went over the memory limit of a run "
                        "(%llu MiB; --memory)",
                        what, (unsigned long long)e->memory_mib),
               3;
    default:
        return diag_set(d, "%s: planning the runs, reading it failed: %s", what,
                        last_line(c.err_tail, line, sizeof line)),
               3;
    }
}

/* mzn: the distinct mzn_compile configurations of the strategies that
 * are solver files (p->conf, p->strat_conf).  0, or 2 with d. */
static int plan_confs(plan *p, diag *d) {
    const experiment *e = p->e;
    p->strat_conf = NEWN(e->strategies.n + 1, int);
    for (size_t s = 0; s < e->strategies.n; s++) {
        p->strat_conf[s] = -1;
        char spec[256];
        driver_strip_fault(e->strategies.items[s], spec, sizeof spec, NULL);
        const outside_solver *o = e->mzn ? outside_solver_find(spec) : NULL;
        if (!o || !o->ncompile) continue;
        char **w = NEWN((size_t)o->ncompile + 1, char *);
        for (int i = 0; i < o->ncompile; i++) w[i] = outside_solver_compile_word(o, i);
        int k = 0;
        for (; k < p->nconf; k++) {
            int same = 1, i = 0;
            for (; same && w[i] && p->conf[k][i]; i++) same = !strcmp(w[i], p->conf[k][i]);
            if (same && !w[i] && !p->conf[k][i]) break;
        }
        if (k < p->nconf) {
            for (int i = 0; i < o->ncompile; i++) xstrfree(w[i]);
            FREEN(w, (size_t)o->ncompile + 1);
        } else if (p->nconf == MZN_CONF_MAX) {
            for (int i = 0; i < o->ncompile; i++) xstrfree(w[i]);
            FREEN(w, (size_t)o->ncompile + 1);
            return diag_set(d, "%s: more than %d distinct mzn_compile configurations",
                            e->strategies.where[s], MZN_CONF_MAX),
                   2;
        } else {
            p->conf[p->nconf++] = w;
        }
        p->strat_conf[s] = k;
    }
    return 0;
}

/* Instances: expand every set (the generators in a child), drop repeats,
 * load each once in a child (a bad file is bad input before any run
 * starts), note size and hash.  0, or what plan_in_child returns. */
static int plan_instances(plan *p, const driver_hooks *h, diag *d) {
    const experiment *e = p->e;
    int ret0 = plan_confs(p, d);
    if (ret0) return ret0;
    plan_report rep;
    int gen = 0, ret = 0;
    for (size_t i = 0; i < e->instances.n; i++) gen |= !strncmp(e->instances.items[i], "gen:", 4);
    plan_job job = {p, NULL, NULL, PLAN_EXPAND, -1};
    /* MiniZinc pairs compile in the child too (minizinc under the run's
     * limits), one child per compilation configuration */
    for (int k = -1; k < (e->mzn ? p->nconf : 0) && (gen || e->mzn); k++) {
        job.conf = k;
        if ((ret = plan_in_child(p, &job, e->mzn ? "--puzzle mzn" : "gen:", &rep, d))) return ret;
    }
    strlist files = {0}, notes = {0}, alt[MZN_CONF_MAX] = {{0}};
    int bad = 0;
    for (int k = -1; k < p->nconf && !bad; k++)
        for (size_t i = 0; i < e->instances.n && !bad; i++)
            bad = expand_set(p, i, k, k < 0 ? &files : &alt[k], &notes, d) != 0;
    for (int k = 0; k < p->nconf && !bad; k++)
        if (alt[k].n != files.n) /* the same pairs in the same order, whoever compiles */
            bad = diag_set(d, "--puzzle mzn: %zu pairs compiled one way, %zu another", files.n,
                           alt[k].n) != 0;
    if (bad) {
        strlist_free(&files);
        strlist_free(&notes);
        for (int k = 0; k < p->nconf; k++) strlist_free(&alt[k]);
        return 2;
    }
    /* the compilation times, apart from the runs' (the child compiled, the
     * cache keeps each time beside its .fzn) */
    for (size_t i = 0; i < notes.n; i++) note(h, "%s", notes.items[i]);
    strlist_free(&notes);
    p->insts = NEWN(files.n, inst_info);
    p->insts_cap = files.n;
    for (size_t i = 0; i < files.n && !ret; i++) {
        int dup = 0;
        for (size_t j = 0; j < p->n_insts && !dup; j++)
            dup = !strcmp(p->insts[j].path, files.items[i]);
        if (dup) continue;
        inst_info *in = &p->insts[p->n_insts];
        job = (plan_job){p, files.items[i], NULL, PLAN_LOAD, -1};
        ret = plan_in_child(p, &job, files.items[i], &rep, d);
        in->over = ret == 3;
        if (in->over) { /* its runs go over the same limit and say so */
            note(h, "%s; its runs are planned all the same (size unknown: 0)", d->msg);
            ret = 0;
        }
        if (ret) break;
        in->size = in->over ? 0 : rep.size;
        if (fnv1a_file(files.items[i], in->hash)) {
            diag_set(d, "%s: cannot read", files.items[i]);
            ret = 2;
            break;
        }
        in->path = xstrdup(files.items[i]);
        p->n_insts++;
        /* a solver's own compilation is read too: its answers are checked on it */
        for (int k = 0; k < p->nconf && !ret; k++) {
            in->alt[k] = xstrdup(alt[k].items[i]);
            job = (plan_job){p, in->alt[k], NULL, PLAN_LOAD, -1};
            diag ad = {{0}};
            ret = plan_in_child(p, &job, in->alt[k], &rep, &ad);
            if (ret == 3) {
                note(h, "%s; its runs are planned all the same", ad.msg);
                ret = 0;
            } else if (ret == 2) {
                diag_set(d,
                         "%s (compiled for a solver file's mzn_compile: its answers are checked "
                         "on this FlatZinc, which searchlab must read)",
                         ad.msg);
            } else if (ret) {
                *d = ad;
            }
        }
    }
    strlist_free(&files);
    for (int k = 0; k < p->nconf; k++) strlist_free(&alt[k]);
    return ret;
}

/* Strategies: strip the test fault, and solve the first instance with a
 * node limit of 1 (in a child) so that a wrong spec is bad input before
 * any run.  0, or what plan_in_child returns. */
static int plan_strategies(plan *p, diag *d) {
    const experiment *e = p->e;
    p->strats = NEWN(e->strategies.n, strat_info);
    int ret = 0;
    size_t first = 0; /* the first instance read within the limits */
    while (first < p->n_insts && p->insts[first].over) first++;
    for (size_t s = 0; s < e->strategies.n && !ret; s++) {
        strat_info *si = &p->strats[s];
        si->label = e->strategies.items[s];
        diag fd;
        si->fault = driver_strip_fault(si->label, si->spec, sizeof si->spec, &fd);
        if (si->fault < 0) {
            diag_set(d, "%s: strategy '%s': %s", e->strategies.where[s], si->label, fd.msg);
            ret = 2;
            break;
        }
        if (first == p->n_insts) continue; /* none to try it on: its runs say */
        plan_job job = {p, p->insts[first].path, si->spec, PLAN_STRATEGY, -1};
        plan_report rep;
        memset(&rep, 0, sizeof rep);
        diag sd = {{0}};
        ret = plan_in_child(p, &job, p->insts[first].path, &rep, &sd);
        if (ret == 3)
            ret = 0; /* over a limit: the labels stay unknown, the runs say why */
        else if (ret == 2 && rep.magic == REPORT_MAGIC && rep.error)
            diag_set(d, "%s: strategy '%s': %s", e->strategies.where[s], si->label, sd.msg);
        else if (ret)
            *d = sd;
        else if (rep.magic == REPORT_MAGIC)
            si->labels = rep.labels;
    }
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

static void fill_row(const plan *p, const run_item *it, const isolate_child *c,
                     const char *invocation, result_row *row) {
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
    result_row_set_objective(row, 0, 0, NULL, NULL, 0);
    run_report rep;
    char line[ISOLATE_ERR_TAIL + 1], note[600], sigbuf[16];
    note[0] = '\0';
    result_row_set(&row->signal, "");
    if (c->end == ISOLATE_EXITED && c->code == 0 && c->report_len == sizeof rep) {
        memcpy(&rep, c->report, sizeof rep);
        if (rep.magic == REPORT_MAGIC && !rep.error) {
            /* the child reports what solve_puzzle can return (outside
             * solvers: any status) */
            row->status = rep.status < STATUS_N ? rep.status : STATUS_CRASH;
            row->st = rep.st;
            snprintf(note, sizeof note, "%s", rep.why);
            if (rep.npoints > RESULT_ANYTIME_MAX) rep.npoints = 0;
            result_row_set_objective(row, rep.sense, rep.objective, rep.sec, rep.val, rep.npoints);
        } else {
            row->status = STATUS_CRASH;
            snprintf(note, sizeof note, "the run could not start: %s", rep.why);
        }
    } else {
        switch (c->end) {
        case ISOLATE_WALL_KILL:
            row->status = STATUS_WALL_TIMEOUT;
            snprintf(note, sizeof note, "killed by the wall-clock safety net (%.3g s)",
                     c->lim.wall_s);
            break;
        case ISOLATE_CPU_LIMIT:
            row->status = STATUS_TIMEOUT;
            snprintf(note, sizeof note, "killed at the CPU-time limit (%.3g s of CPU)", c->cpu_s);
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
            if (c->sig == SIGXCPU) /* isolate_signal_end: before the limit */
                snprintf(note, sizeof note,
                         "SIGXCPU at %.3g s of CPU, before the %.3g s limit (RLIMIT_CPU counts "
                         "scheduler ticks, which ran ahead)",
                         c->cpu_s, c->lim.cpu_s);
            else
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
    result_row_set(&row->invocation, invocation);
}

/* ---- the loop ---------------------------------------------------------------------------- */

static void progress(const driver_hooks *h, driver_progress *pr, driver_event ev, uint64_t t0) {
    pr->event = ev;
    pr->elapsed_s = (double)(clock_ns() - t0) / 1e9;
    pr->eta_s = pr->done ? pr->elapsed_s / (double)pr->done * (double)(pr->total - pr->done) : -1;
    if (h && h->on_progress) h->on_progress(h->ctx, pr);
}

/* Runs the plan; pr counts what it records.  0, 1 with d, or 128 + SIG
 * when stopped. */
static int execute(plan *p, results_file *rf, writelock *lock, const driver_hooks *h,
                   const char *invocation, driver_progress *pr, diag *d) {
    const experiment *e = p->e;
    /* Warm-up runs, per configuration: each strategy's first e->warmup
     * runs of the shuffled order run once more before the recorded runs,
     * unrecorded (caches, frequency scaling, and each strategy's code
     * warm). */
    size_t nwarm = 0, *warm = NEWN(p->n_todo + 1, size_t);
    size_t *per = NEWN(e->strategies.n + 1, size_t);
    for (size_t i = 0; i < p->n_todo; i++)
        if (per[p->todo[i].strat] < (size_t)e->warmup) per[p->todo[i].strat]++, warm[nwarm++] = i;
    FREEN(per, e->strategies.n + 1);
    pr->warmups = nwarm;
    size_t nq = nwarm + p->n_todo, next = 0, running = 0, jobs = (size_t)e->jobs;
    isolate_child *slots = NEWN(jobs, isolate_child);
    isolate_child **live = NEWN(jobs, isolate_child *);
    size_t *slot_item = NEWN(jobs, size_t);
    uint64_t t0 = clock_ns();
    pr->row = NULL;
    progress(h, pr, DRIVER_START, t0);
    /* CPU time decides; the wall clock is only a safety net (isolate.h) */
    isolate_limits lim = {
        e->timeout_s, e->wall_timeout_s > 0 ? e->wall_timeout_s : isolate_wall_net(e->timeout_s),
        e->memory_mib, -1};
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int ret = 0;
    result_row row;
    result_row_init(&row);
    while (!ret && !stop_sig && (next < nq || running > 0)) {
        for (size_t s = 0; s < jobs && next < nq && !stop_sig; s++) {
            if (live[s]) continue;
            const run_item *it = &p->todo[next < nwarm ? warm[next] : next - nwarm];
            const strat_info *si = &p->strats[it->strat];
            int conf = p->strat_conf ? p->strat_conf[it->strat] : -1;
            run_job job = {p->pz,
                           conf >= 0 ? p->insts[it->inst].alt[conf] : p->insts[it->inst].path,
                           si->spec,
                           si->fault,
                           {.spec = si->spec,
                            .node_limit = e->node_limit,
                            .timeout_s = e->timeout_s,
                            .seed = it->seed, /* the row's `seed`: restarts' ties */
                            .test_corrupt = si->fault == DRIVER_FAULT_WRONG},
                           writelock_fd(lock)};
            lim.core = e->pin && cores > 0 ? (int)(s % (size_t)cores) : -1;
            if (isolate_start(&slots[s], &lim, child_job, &job, d)) {
                ret = 1;
                break;
            }
            live[s] = &slots[s];
            slot_item[s] = next++;
            running++;
        }
        if (ret || running == 0) break;
        int s = isolate_wait_any_for(live, jobs, WAIT_SLICE_MS);
        if (s == ISOLATE_WAIT_AGAIN) {
            pr->row = NULL;
            if (!stop_sig) progress(h, pr, DRIVER_TICK, t0);
            continue;
        }
        if (s < 0) {
            ret = 1;
            diag_set(d, "lost track of the child processes");
            break;
        }
        size_t q = slot_item[s];
        live[s] = NULL;
        running--;
        if (q < nwarm) continue; /* warm-up runs are not recorded */
        /* Once a stop is asked for, only a run that ended on its own with
         * its report is recorded: the others may have been killed by the
         * same signal (SIGTERM sent to the whole process group). */
        if (stop_sig && !(slots[s].end == ISOLATE_EXITED && slots[s].code == 0)) continue;
        fill_row(p, &p->todo[q - nwarm], &slots[s], invocation, &row);
        if (results_append(rf, &row, d)) {
            ret = 1;
            break;
        }
        pr->done++;
        if (row.status == STATUS_TIMEOUT || row.status == STATUS_WALL_TIMEOUT)
            pr->timeouts++;
        else if (!status_finished(row.status))
            pr->failures++;
        pr->row = &row;
        progress(h, pr, DRIVER_RUN_DONE, t0);
        pr->row = NULL;
    }
    /* Stopped or failed: kill the runs in flight (not reaped yet, so their
     * pids are still theirs) and wait for them; they are not recorded. */
    if (running > 0 && (ret || stop_sig))
        for (size_t s = 0; s < jobs; s++)
            if (live[s] && !live[s]->done) kill(live[s]->pid, SIGKILL);
    while (running > 0 && isolate_wait_any(live, jobs) >= 0) running--;
    pr->elapsed_s = (double)(clock_ns() - t0) / 1e9;
    result_row_free(&row);
    FREEN(slots, jobs);
    FREEN(live, jobs);
    FREEN(slot_item, jobs);
    FREEN(warm, p->n_todo + 1);
    if (!ret && stop_sig) ret = 128 + stop_sig;
    return ret;
}

static void note(const driver_hooks *h, const char *fmt, ...) DIAG_PRINTF_(2, 3);
static void note(const driver_hooks *h, const char *fmt, ...) {
    if (!h || !h->on_note) return;
    char msg[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    h->on_note(h->ctx, msg);
}

/* The checks and repairs between the lock and the first run: rows of the
 * same experiment, context records readable and brought up to date, the
 * settings of the rows equal to ours (or accepted), the result file
 * repaired and opened.  Returns 0 with *rf open and rec (this
 * invocation's record, id) added to cf and saved; else 1 or 2 with d. */
static int prepare(plan *p, const driver_hooks *h, writelock *lock, context_file *cf,
                   result_set *done, results_file **rf, char id[CONTEXT_ID_MAX], diag *d) {
    const experiment *e = p->e;
    if (results_load(e->out, 1, done, d) || results_check_ours(e->out, done, d) ||
        results_check_experiment(e->out, done, e->name, d) || context_load(e->out, cf, d))
        return 2;
    plan_runs(p, done);
    json_object rec = {0};
    context_begin(&rec, e, h ? h->command : NULL, p->n_todo, p->skipped, id);
    char what[320];
    int ck = context_check(cf, done, &rec, what, sizeof what);
    if (ck != 0 && !(h && h->resume_anyway)) {
        json_object_free(&rec);
        if (ck < 0)
            return diag_set(d,
                            "%s: its rows cannot be checked against these settings (write to "
                            "another --out, or add --resume-anyway to add runs anyway): %s",
                            e->out, what),
                   2;
        /* how to go on first: a long list of settings may be cut short */
        return diag_set(d,
                        "%s: its rows were measured under other settings (rerun with theirs, "
                        "write to another --out, or add --resume-anyway to record the new runs "
                        "beside them): %s",
                        e->out, what),
               2;
    }
    if (ck != 0) {
        json_set_string(&rec, "resume_anyway", what);
        note(h, "%s: --resume-anyway: adding runs under other settings than its rows: %s", e->out,
             what);
    }
    /* A record left "running" is a writer that was killed (we hold the
     * lock, so none is running). */
    size_t killed = context_repair(cf, done);
    if (killed)
        note(h,
             "%s: %zu earlier run%s of this file ended without closing %s record (killed?): "
             "marked \"killed\"",
             cf->path, killed, killed > 1 ? "s" : "", killed > 1 ? "their" : "its");
    results_repair rep;
    *rf = results_open_loaded(e->out, done, lock, &rep, d);
    if (!*rf) {
        json_object_free(&rec);
        return 1;
    }
    if (rep.torn_bytes && !done->torn)
        note(h, "%s: removed the blank line at its end", e->out);
    else if (rep.torn_bytes)
        note(h,
             "%s: its last line was cut short (%zu bytes without a newline: a run being written "
             "when the machine stopped); removed it, and that run is done again",
             e->out, rep.torn_bytes);
    if (rep.relayout)
        note(h, "%s: rewritten in the current column layout (it came from an older version)",
             e->out);
    double load = context_load_start(&rec);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    if (load >= 0 && cores > 0 && p->n_todo > 0 && load > (double)(cores - e->jobs))
        note(h,
             "warning: the load average (%.2f) exceeds the %ld core%s this run leaves free "
             "(%ld cores, --jobs %ld): other processes may disturb the timings",
             load, cores - e->jobs > 0 ? cores - e->jobs : 0, cores - e->jobs == 1 ? "" : "s",
             cores, e->jobs);
    context_add(cf, &rec);
    json_object_free(&rec);
    return context_save(cf, d) ? 1 : 0;
}

int driver_run(const experiment *e, const driver_hooks *h, driver_progress *end, diag *d) {
    driver_progress pr;
    memset(&pr, 0, sizeof pr);
    if (end) *end = pr;
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
    char *slash = strrchr(e->out, '/');
    if (slash && slash != e->out) {
        char *dir = xstrndup(e->out, (size_t)(slash - e->out));
        int bad = instset_mkdirs(dir, d);
        xstrfree(dir);
        if (bad) return 1;
    }
    /* The lock first: a second writer is refused at once, before it
     * spends time on the plan. */
    int busy = 0;
    writelock *lock = writelock_take(e->out, &busy, d);
    if (!lock) return busy ? 2 : 1;
    p.lock_fd = writelock_fd(lock);
    int planned = plan_instances(&p, h, d);
    if (!planned) planned = plan_strategies(&p, d);
    if (planned) {
        plan_free(&p);
        writelock_release(lock);
        return planned;
    }
    result_set done = {0};
    context_file cf;
    memset(&cf, 0, sizeof cf);
    results_file *rf = NULL;
    char id[CONTEXT_ID_MAX] = "";
    int ret = prepare(&p, h, lock, &cf, &done, &rf, id, d);
    pr.total = p.n_todo;
    pr.skipped = p.skipped;
    result_set_free(&done);
    if (!ret) {
        ret = execute(&p, rf, lock, h, id, &pr, d);
        json_object *mine = context_find(&cf, id);
        diag d2 = {{0}};
        if (mine)
            context_end(mine,
                        ret == 0     ? "complete"
                        : ret >= 128 ? "interrupted"
                                     : "failed",
                        pr.done);
        if (context_save(&cf, &d2) && ret == 0) {
            *d = d2;
            ret = 1;
        }
    }
    results_close(rf);
    context_file_free(&cf);
    plan_free(&p);
    writelock_release(lock);
    if (end) *end = pr;
    return ret;
}
