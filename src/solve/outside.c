/* outside.c - the `outside-command` family: one strategy per loaded
 * solver file (solver_file.h).  A run starts the file's command on the
 * instance's path in a child process, reads its standard output by the
 * file's protocol (xcsp3, json, grid or fzn) and hands the solution it prints
 * to the puzzle's own verifier, like any search's (dispatch.c).
 *
 * Limits (the child and its group are child.c's): the command's process
 * group is stopped on its exact CPU time (child.c's watch) at the driver's
 * bound, the CPU limit rounded up plus one second (SIGXCPU there, SIGKILL
 * a second later), and a FlatZinc solver's at the limit itself (SIGKILL
 * before the driver's bound, less our own CPU time, so that its last
 * solution is read); RLIMIT_CPU is only a backstop beyond (cpulimit.h);
 * the group, which dies with us (PR_SET_PDEATHSIG), is killed at the
 * wall net (10 x limit + 30 s, as the driver's).  Under `run`, this process is the
 * driver's isolated child, so the driver's CPU limit on the whole tree,
 * memory limit and wall net hold for the command and whatever it starts.
 *
 * Reading the answer is outside_read.c's.  How a run ends (docs/driver.md, "Outside solvers"): a
 * solution that fails the verifier, an `o` value its `v` line does not give, or a claim of a
 * solution without one is wrong; `s UNSUPPORTED` or the declared refused_exit is refused; no answer
 * is timeout when the CPU limit stopped the command (cpulimit_signal, the driver's rule: SIGXCPU or
 * SIGKILL at a CPU time at or over the limit), else crash. */
#define _DEFAULT_SOURCE /* realpath, readlink */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../core/cpulimit.h"
#include "../core/xmalloc.h"
#include "child.h"
#include "family.h"
#include "outside_read.h"
#include "solver_file.h"

/* ---- the family's table ------------------------------------------------------ */

static const spec_key no_keys[] = {{0}};

/* The loaded solvers that accept pz (all of them for no puzzle). */
static const outside_solver *nth(const puzzle *pz, int i) {
    const outside_solver *s;
    for (int k = 0; (s = outside_solver_at(k)); k++)
        if (!pz || outside_solver_accepts(s, pz->name))
            if (i-- == 0) return s;
    return NULL;
}

static const char *strategy(const puzzle *pz, int i, const char **summary) {
    const outside_solver *s = nth(pz, i);
    if (!s) return NULL;
    *summary = s->file;
    return s->name;
}

static const spec_key *keys(const puzzle *pz, const char *name) {
    (void)pz, (void)name;
    return no_keys;
}

/* ---- the command line ---------------------------------------------------------- */

/* Word w of the command with its placeholders replaced. */
static char *expand(const outside_solver *o, const char *w, const char *path,
                    const csp_limits *lim) {
    child_text t = {0};
    child_text_add(&t, "", 0);
    char num[64], exe[PATH_MAX];
    for (const char *p = w; *p;) {
        const char *open = strchr(p, '{'), *close = open ? strchr(open, '}') : NULL;
        if (!open || !close) {
            child_text_add(&t, p, strlen(p));
            break;
        }
        child_text_add(&t, p, (size_t)(open - p));
        size_t n = (size_t)(close - open - 1);
        const char *v = "";
        if (n == 8 && !strncmp(open + 1, "instance", 8)) {
            v = path;
        } else if (n == 7 && !strncmp(open + 1, "timeout", 7)) {
            snprintf(num, sizeof num, "%.0f", lim->timeout_s > 0 ? ceil(lim->timeout_s) : 0.0);
            v = num;
        } else if (n == 4 && !strncmp(open + 1, "seed", 4)) {
            snprintf(num, sizeof num, "%llu", (unsigned long long)lim->seed);
            v = num;
        } else if (n == 3 && !strncmp(open + 1, "dir", 3)) {
            v = o->dir;
        } else if (n == 9 && !strncmp(open + 1, "searchlab", 9)) {
            ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
            exe[k > 0 ? k : 0] = '\0';
            v = exe;
        } else if (n > 4 && !strncmp(open + 1, "env:", 4)) {
            char var[128];
            snprintf(var, sizeof var, "%.*s", (int)(n - 4), open + 5);
            v = getenv(var) ? getenv(var) : "";
        }
        child_text_add(&t, v, strlen(v));
        p = close + 1;
    }
    char *word = xstrdup(t.s);
    child_text_free(&t);
    return word;
}

/* ---- running it ------------------------------------------------------------------- */

/* ---- the strategy --------------------------------------------------------------------- */

/* Writes the run's note; returns status. */
static int note(const family_run *r, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int note(const family_run *r, int status, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    if (r->why && r->why_size) vsnprintf(r->why, r->why_size, fmt, ap);
    va_end(ap);
    return status;
}

static int solve(const puzzle *pz, const void *inst, const strategy_spec *s, const family_run *r,
                 diag *d) {
    const outside_solver *o = outside_solver_find(s->name);
    if (!o) return diag_set(d, "outside solver '%s' is not loaded", s->name);
    /* No file: the driver's check of the spec before the runs (a node
     * limit of 1, no path): the spec is valid, nothing is run. */
    if (!r->path) {
        if (r->lim->node_limit == 1) return STATUS_NODE_LIMIT;
        return diag_set(d, "outside solver '%s': no instance file to give it", o->name);
    }
    char abs[PATH_MAX];
    if (!realpath(r->path, abs)) return diag_set(d, "%s: %s", r->path, strerror(errno));
    /* output = fzn: the solver is given the instance with every variable
     * an output (pz->write_outside), in a temporary file removed after
     * the run, so that its answer is the whole solution vector */
    char given[PATH_MAX] = "";
    if (o->output == SOLVER_OUT_FZN) {
        if (!pz->write_outside)
            return diag_set(d, "outside solver '%s': puzzle %s prints no FlatZinc", o->name,
                            pz->name);
        const char *tmpdir = getenv("TMPDIR");
        snprintf(given, sizeof given, "%s/searchlab-%s-XXXXXX.%s",
                 tmpdir && *tmpdir ? tmpdir : "/tmp", o->name, pz->ext);
        int fd = mkstemps(given, (int)strlen(pz->ext) + 1);
        FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
        if (!f) {
            if (fd >= 0) close(fd), unlink(given);
            return diag_set(d, "%s: cannot write a temporary file: %s", given, strerror(errno));
        }
        int bad = pz->write_outside(inst, abs, f, d);
        if (fclose(f) && !bad) bad = diag_set(d, "%s: %s", given, strerror(errno));
        if (bad) {
            unlink(given);
            return -1;
        }
        snprintf(abs, sizeof abs, "%s", given);
    }
    char *argv[SOLVER_WORDS_MAX + 1];
    for (int i = 0; i < o->nwords; i++) argv[i] = expand(o, o->words[i], abs, r->lim);
    argv[o->nwords] = NULL;
    /* the driver's CPU bound (cpulimit_bound) on the group's exact CPU
     * time: a second of grace to print the answer after the solver's own
     * limit; RLIMIT_CPU, counted in ticks that run ahead, only beyond it;
     * the driver's wall net */
    child_opts co = {.what = "outside solver", .search_path = 1};
    if (r->lim->timeout_s > 0) {
        double bound = cpulimit_bound(r->lim->timeout_s);
        co.cpu_rlim = (unsigned long)cpulimit_rlimit(r->lim->timeout_s);
        co.cpu_stop_s = bound;
        co.cpu_kill_s = bound + 1;
        co.wall_ns = (uint64_t)((10 * r->lim->timeout_s + 30) * 1e9);
        /* A FlatZinc solver prints each better solution as it finds it and
         * is stopped by its limit, not by itself (fzn-gecode): SIGXCPU at
         * the limit, and SIGKILL before the driver's bound on the whole
         * tree (the same ceil(limit) + 1 s, our own CPU included) kills
         * this process too, or its last solution is lost; half a second
         * is left to read and check the answer. */
        if (o->output == SOLVER_OUT_FZN) {
            struct rusage ru;
            double used = 0;
            if (!getrusage(RUSAGE_SELF, &ru))
                used = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
                       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
            co.cpu_stop_s = r->lim->timeout_s;
            co.cpu_kill_s = fmax(r->lim->timeout_s, bound - used - 0.5);
        }
    }
    child_text out = {0}, err = {0};
    child_end e;
    int rc = child_run(argv, &co, &out, &err, &e, d);
    for (int i = 0; i < o->nwords; i++) xstrfree(argv[i]);
    if (given[0]) unlink(given);
    if (rc) {
        child_text_free(&out);
        child_text_free(&err);
        return -1;
    }
    stats st = {0};
    outside_answer a = {.json_status = -1};
    a.cap = pz->sol_cap(inst);
    a.len = a.cap;
    a.sol = NEWN(a.cap ? a.cap : 1, int);
    outside_read(o, pz, inst, out.s, err.s, &st, &a);
    st.total_ns = e.wall_ns;
    int status;
    char line[200];
    int sig = WIFSIGNALED(e.status) ? WTERMSIG(e.status) : 0;
    int code = WIFEXITED(e.status) ? WEXITSTATUS(e.status) : -1;
    int cpu_stop = cpulimit_signal(sig, e.cpu_s, r->lim->timeout_s);
    int objective = 0;
    int64_t value = 0;
    if (a.has_sol && pz->objective) objective = pz->objective(inst, a.sol, a.len, &value);
    if (a.claim == OUTSIDE_CLAIM_REFUSED || (o->refused_exit > 0 && code == o->refused_exit)) {
        status = note(r, STATUS_REFUSED, "%s refused the instance%s", o->name,
                      a.claim == OUTSIDE_CLAIM_REFUSED ? ": s UNSUPPORTED"
                                                       : " (its refused_exit status)");
    } else if (a.problem[0]) {
        status = note(r, STATUS_WRONG, "%s", a.problem);
    } else if (a.has_sol) {
        st.solutions = 1;
        if (!r->on_solution(r->ctx, a.sol, a.len)) /* rejected: dispatch says wrong */
            status = STATUS_WRONG;
        else if (a.has_o && objective && value != a.o)
            status = note(r, STATUS_WRONG, "the %s says %lld, the solution gives %lld",
                          o->output == SOLVER_OUT_FZN ? "%%%mzn-stat: objective line" : "o line",
                          (long long)a.o, (long long)value);
        else if (o->output == SOLVER_OUT_JSON && a.json_status >= 0)
            status = a.json_status == STATUS_OPTIMAL && !objective ? STATUS_SOLVED
                     : a.json_status == STATUS_SOLVED && objective ? STATUS_TIMEOUT
                                                                   : a.json_status;
        else if (objective)
            status = a.claim == OUTSIDE_CLAIM_OPT ? STATUS_OPTIMAL : STATUS_TIMEOUT; /* unproven */
        else
            status = STATUS_SOLVED;
        if (status == STATUS_UNSAT || a.claim == OUTSIDE_CLAIM_UNSAT) /* beside a solution */
            status = note(r, STATUS_WRONG, "%s claims no solution and prints one", o->name);
    } else if (a.claim == OUTSIDE_CLAIM_ERROR) {
        status = note(r, STATUS_CRASH, "%s printed =====ERROR=====: %s", o->name,
                      child_last_line(err.s, line, sizeof line));
    } else if (a.claim == OUTSIDE_CLAIM_SAT || a.claim == OUTSIDE_CLAIM_OPT ||
               a.json_status == STATUS_SOLVED || a.json_status == STATUS_OPTIMAL) {
        status = note(r, STATUS_WRONG, "%s claims a solution and prints none", o->name);
    } else if (a.claim == OUTSIDE_CLAIM_UNSAT || a.json_status == STATUS_UNSAT) {
        status = STATUS_UNSAT;
    } else if (cpu_stop) {
        status = note(r, STATUS_TIMEOUT, "%s stopped at the CPU limit (%.2f s of CPU)", o->name,
                      e.cpu_s);
    } else if (e.killed) {
        status = note(r, STATUS_WALL_TIMEOUT, "%s killed by the wall-clock safety net", o->name);
    } else if (a.claim == OUTSIDE_CLAIM_UNKNOWN || a.json_status == STATUS_TIMEOUT ||
               a.json_status == STATUS_NODE_LIMIT) {
        status = note(r, STATUS_TIMEOUT, "%s answered UNKNOWN", o->name);
    } else if (sig == SIGXCPU && r->lim->timeout_s > 0) { /* cpulimit_signal: before the limit */
        status =
            note(r, STATUS_CRASH, "%s died of SIGXCPU at %.3g s of CPU, before the %.3g s limit",
                 o->name, e.cpu_s, r->lim->timeout_s);
    } else if (sig) {
        status = note(r, STATUS_CRASH, "%s died of signal %d: %s", o->name, sig,
                      child_last_line(err.s, line, sizeof line));
    } else {
        child_last_line(err.s, line, sizeof line); /* else stdout's (java's VM errors) */
        if (!line[0]) child_last_line(out.s, line, sizeof line);
        status = note(r, STATUS_CRASH, "%s gave no answer (exit status %d)%s%s", o->name, code,
                      line[0] ? ": " : "", line);
    }
    stats_merge(r->st, &st);
    FREEN(a.sol, a.cap ? a.cap : 1);
    child_text_free(&out);
    child_text_free(&err);
    return status;
}

const spec_family family_outside_command = {
    .name = "outside-command",
    .summary = "commands declared in solver files (--solver FILE), their answers verified by ours",
    .strategy = strategy,
    .keys = keys,
    .solve = solve,
};
