/* minizinc.c - the outside solvers' family: the `minizinc` strategy runs
 * the MiniZinc driver (default solver Gecode) on models/PUZZLE.mzn with the
 * instance as command-line data, reads its solutions and statistics from a
 * pipe, and hands every solution to the verifier like any search.
 *
 * The child (child.c) runs in its own process group and dies with us
 * (PR_SET_PDEATHSIG); on our wall deadline (the time limit + 2 s of
 * grace, since minizinc's own --time-limit already stops it) the whole
 * group is killed, so its Gecode process goes too. */
#define _DEFAULT_SOURCE /* open_memstream */
#include "minizinc.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../core/xmalloc.h"
#include "child.h"
#include "family.h"

#ifndef SEARCHLAB_MODELS_DIR
#define SEARCHLAB_MODELS_DIR "models"
#endif

/* ---- finding the executable and the model ------------------------------ */

const char *minizinc_path(void) {
    static char found[4096];
    const char *env = getenv("SEARCHLAB_MINIZINC");
    if (env && *env) return access(env, X_OK) ? NULL : env;
    const char *path = getenv("PATH");
    if (!path) path = "/usr/bin:/bin";
    while (*path) {
        size_t n = strcspn(path, ":");
        if (n && n + sizeof "/minizinc" <= sizeof found) {
            snprintf(found, sizeof found, "%.*s/minizinc", (int)n, path);
            if (!access(found, X_OK)) return found;
        }
        path += n + (path[n] == ':');
    }
    return NULL;
}

/* ---- the family: its keys ---------------------------------------------- */

/* Free-form values: any text up to the field's size. */
static int parse_text(const char *text, void *field, size_t size, diag *d) {
    if (!*text || strlen(text) >= size)
        return diag_set(d, "expected 1 to %zu characters", size - 1);
    memcpy(field, text, strlen(text) + 1);
    return 0;
}
static int parse_solver(const char *text, void *field, diag *d) {
    return parse_text(text, field, sizeof((mzn_spec *)0)->solver, d);
}
static int parse_model(const char *text, void *field, diag *d) {
    return parse_text(text, field, sizeof((mzn_spec *)0)->model, d);
}
static void show_text(const void *field, char *buf, size_t size) {
    snprintf(buf, size, "%s", (const char *)field);
}
/* The model's file name without its folders (a label, not a path). */
static void show_model(const void *field, char *buf, size_t size) {
    const char *slash = strrchr(field, '/');
    snprintf(buf, size, "%s", slash ? slash + 1 : (const char *)field);
}

static const spec_key mzn_keys[] = {
    {.name = "solver",
     .doc = "the MiniZinc solver to run (minizinc --solvers lists them)",
     .form = "a solver id",
     .parse = parse_solver,
     .show = show_text,
     .offset = offsetof(mzn_spec, solver),
     .def = "gecode"},
    {.name = "model",
     .doc = "the MiniZinc model: default is models/PUZZLE.mzn, a NAME without '/' or .mzn is "
            "models/NAME.mzn (futoshiki_distinct_domain: Gecode's domain-consistent distinct; "
            "futoshiki_distinct_afc: the same with AFC branching), "
            "else a file (SEARCHLAB_MODELS overrides the folder)",
     .form = "default, NAME or FILE.mzn",
     .parse = parse_model,
     .show = show_model,
     .offset = offsetof(mzn_spec, model),
     .def = "default"},
    {0},
};

static const char *strategy(const puzzle *pz, int i, const char **summary) {
    if (i > 0 || (pz && !pz->write_minizinc_data)) return NULL;
    *summary = "MiniZinc with an outside solver (default Gecode) on models/PUZZLE.mzn";
    return "minizinc";
}

static const spec_key *keys(const puzzle *pz, const char *name) {
    (void)pz, (void)name;
    return mzn_keys;
}

static const char *unavailable(const puzzle *pz, char *buf, size_t size) {
    (void)pz;
    if (minizinc_path()) return NULL;
    snprintf(buf, size,
             "the minizinc executable is not installed (Debian package minizinc; or "
             "set SEARCHLAB_MINIZINC)");
    return buf;
}

/* The model file of s: models/PUZZLE.mzn for "default", models/NAME.mzn
 * for a bare NAME (no '/', no .mzn), else the file as given. */
static void model_path(const puzzle *pz, const mzn_spec *o, char *path, size_t size) {
    size_t len = strlen(o->model);
    int file = strchr(o->model, '/') || (len > 4 && !strcmp(o->model + len - 4, ".mzn"));
    if (file) {
        snprintf(path, size, "%s", o->model);
        return;
    }
    const char *dir = getenv("SEARCHLAB_MODELS");
    snprintf(path, size, "%s/%s.mzn", dir && *dir ? dir : SEARCHLAB_MODELS_DIR,
             strcmp(o->model, "default") ? o->model : pz->name);
}

/* ---- reading its output -------------------------------------------------- */

/* Statistics of `-s` that have a column of ours; scale turns seconds to ns. */
static const struct {
    const char *mzn, *ours;
    double scale;
} stat_map[] = {
    {"nodes", "nodes", 1},          {"failures", "fails", 1},      {"peakDepth", "max_depth", 1},
    {"solveTime", "total_ns", 1e9}, {"flatTime", "build_ns", 1e9},
};

static void read_stat(const char *line, stats *st) {
    for (size_t i = 0; i < sizeof stat_map / sizeof *stat_map; i++) {
        size_t n = strlen(stat_map[i].mzn);
        if (strncmp(line, stat_map[i].mzn, n) || line[n] != '=') continue;
        double v = strtod(line + n + 1, NULL) * stat_map[i].scale;
        int k = stats_find(stat_map[i].ours);
        if (k >= 0 && v >= 0 && v < 1.8e19) stats_set(st, k, (uint64_t)(v + 0.5));
    }
}

typedef struct parsed {
    uint64_t solutions;
    int complete, unsat, unknown, error, stopped;
} parsed;

/* Reads the lines of out: solution values up to each "----------", the
 * status lines, and the statistics. */
static int parse_output(char *text, const puzzle *pz, const void *inst, puzzle_on_solution cb,
                        void *ctx, stats *st, parsed *ps, diag *d) {
    size_t cap = pz->sol_cap(inst), len = 0;
    int *sol = NEWN(cap ? cap : 1, int);
    int ret = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        if (!strncmp(line, "%%%mzn-stat: ", 13))
            read_stat(line + 13, st);
        else if (line[0] == '%')
            continue;
        else if (!strcmp(line, "----------")) {
            ps->solutions++;
            if (!ps->stopped && !cb(ctx, sol, len)) ps->stopped = 1;
            len = 0;
        } else if (!strcmp(line, "=========="))
            ps->complete = 1;
        else if (!strcmp(line, "=====UNSATISFIABLE====="))
            ps->unsat = 1;
        else if (!strncmp(line, "=====UNKNOWN", 12))
            ps->unknown = 1;
        else if (!strncmp(line, "=====", 5))
            ps->error = 1;
        else {
            for (char *s = line, *end; *s; s = end) {
                long v = strtol(s, &end, 10);
                if (end == s) {
                    if (*s == ' ' || *s == '\t' || *s == '\r')
                        end = s + 1;
                    else {
                        ret = diag_set(d, "minizinc: unexpected output '%.60s'", line);
                        goto done;
                    }
                } else if (len == cap) {
                    ret = diag_set(d, "minizinc: a solution of more than %zu values", cap);
                    goto done;
                } else {
                    sol[len++] = (int)v;
                }
            }
        }
    }
done:
    FREEN(sol, cap ? cap : 1);
    return ret;
}

/* ---- the strategy ------------------------------------------------------------ */

static int solve(const puzzle *pz, const void *inst, const strategy_spec *s, const family_run *r,
                 diag *d) {
    const mzn_spec *o = &s->u.mzn;
    const csp_limits *lim = r->lim;
    char model[sizeof o->model + 64];
    model_path(pz, o, model, sizeof model);
    if (access(model, R_OK))
        return diag_set(d, "minizinc: cannot read the model %s: %s", model, strerror(errno));
    const char *exe = minizinc_path();
    if (!exe) return diag_set(d, "strategy 'minizinc': the minizinc executable is not installed");
    char *data = NULL; /* malloc'd by libc's open_memstream: freed with free() */
    size_t data_len = 0;
    FILE *mem = open_memstream(&data, &data_len);
    if (!mem) return diag_set(d, "minizinc: open_memstream: %s", strerror(errno));
    int wr = pz->write_minizinc_data(inst, mem);
    fclose(mem);
    if (wr) {
        free(data);
        return diag_set(d, "minizinc: cannot write the instance's data");
    }
    char nsol[32] = "", ms[32] = "", nodes[32] = "";
    char *argv[20];
    int a = 0;
    argv[a++] = (char *)exe;
    argv[a++] = "--solver";
    argv[a++] = (char *)o->solver;
    argv[a++] = "-s";
    if (lim->all && r->max_solutions) {
        snprintf(nsol, sizeof nsol, "%llu", (unsigned long long)r->max_solutions);
        argv[a++] = "-n";
        argv[a++] = nsol;
    } else if (lim->all) {
        argv[a++] = "-a";
    }
    if (lim->timeout_s > 0) {
        snprintf(ms, sizeof ms, "%llu", (unsigned long long)(lim->timeout_s * 1000) + 1);
        argv[a++] = "--time-limit";
        argv[a++] = ms;
    }
    if (lim->node_limit && !strcmp(o->solver, "gecode")) { /* Gecode's own flag */
        snprintf(nodes, sizeof nodes, "%llu", (unsigned long long)lim->node_limit);
        argv[a++] = "-node";
        argv[a++] = nodes;
    }
    argv[a++] = "-D";
    argv[a++] = data;
    argv[a++] = model;
    argv[a] = NULL;

    /* the wall deadline: the time limit + 2 s of grace, since minizinc's
     * own --time-limit already stops it */
    child_opts co = {.what = "minizinc"};
    if (lim->timeout_s > 0) co.wall_ns = (uint64_t)((lim->timeout_s + 2) * 1e9);
    child_text sout = {0}, serr = {0};
    child_end e;
    int rc = child_run(argv, &co, &sout, &serr, &e, d);
    free(data);
    stats st = {0};
    parsed ps = {0};
    int ret = rc < 0 ? -1 : parse_output(sout.s, pz, inst, r->on_solution, r->ctx, &st, &ps, d);
    char line[201];
    if (ret == 0 && !e.killed && !ps.solutions && !ps.unsat && !ps.unknown &&
        (!WIFEXITED(e.status) || WEXITSTATUS(e.status) || ps.error))
        ret = diag_set(d, "minizinc --solver %s failed (exit status %d): %s", o->solver,
                       WIFEXITED(e.status) ? WEXITSTATUS(e.status) : 128 + WTERMSIG(e.status),
                       child_last_line(serr.s, line, sizeof line));
    child_text_free(&sout);
    child_text_free(&serr);
    if (ret) return -1;
    if (!st.total_ns) st.total_ns = e.wall_ns; /* killed: no statistics */
    st.solutions = ps.solutions;
    stats_merge(r->st, &st);
    if (ps.unsat && !ps.solutions) return STATUS_UNSAT;
    if (ps.complete) return ps.solutions ? STATUS_SOLVED : STATUS_UNSAT;
    if (ps.solutions && (!lim->all || ps.stopped)) return STATUS_SOLVED;
    if (lim->node_limit && st.nodes >= lim->node_limit) return STATUS_NODE_LIMIT;
    return STATUS_TIMEOUT;
}

const spec_family family_outside = {
    .name = "outside",
    .summary = "outside solvers run in a child process, their answers verified by ours",
    .strategy = strategy,
    .keys = keys,
    .unavailable = unavailable,
    .solve = solve,
};
