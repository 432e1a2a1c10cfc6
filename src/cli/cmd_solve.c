/* cmd_solve.c - `searchlab solve PUZZLE FILE [options]` (docs/cli.md); its
 * flags are two key tables: its own and the strategy keys' shorthands. */
#include <assert.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "../core/clock.h"
#include "../core/options.h"
#include "../core/xmalloc.h"
#include "../solve/solve.h"
#include "../solve/solver_file.h"
#include "cli.h"
#include "../core/textout.h"

static void help(void) {
    printf("usage: searchlab solve PUZZLE FILE [options]\n\n"
           "Solves one instance and prints its solution (or 'no solution').\n\n");
    cli_print_options(cli_solve_keys);
    printf("\nThe shorthands: --KEY VALUE is the spec's key=VALUE, for every key below (it may\n"
           "not repeat a key of --strategy):\n");
    cli_print_options(cli_solve_shorthand_keys());
    printf("\nxcsp (XCSP3 files) answers in the competition's form: 's SATISFIABLE' and 'v'\n"
           "lines of an <instantiation>, 's UNSATISFIABLE', 's UNKNOWN' when a limit stops\n"
           "the search first, 'c solutions: K' with --all (docs/xcsp.md).\n"
           "With an objective (xcsp, gallery): 'o VALUE' at once for each better solution,\n"
           "'s OPTIMUM FOUND' when proven (exit 0), 's SATISFIABLE' when a limit stopped\n"
           "the proof (exit 3, the v lines the best); --json adds \"objective\" and\n"
           "\"anytime\": [[seconds, value], ...] (docs/cli.md).\n\n");
    cli_print_strategies(stdout);
    printf("\nexit status: 0 solved or proven unsat, 1 internal error (a wrong answer; with\n"
           "--solver: the solver's answer is wrong), 2 bad usage or input, 3 a limit stopped\n"
           "the search (with --solver also: it crashed or refused the instance)\n");
}

/* The counters of the puzzles' searches: Same Game's own (its path
 * finders and stores) belong to `searchlab samegame`, not here. */
static void print_stats(const solve_result *r, FILE *out) {
    for (int i = 0; i < STATS_N; i++)
        if (!stats_is_samegame(i))
            fprintf(out, "  %-18s %14llu  %s\n", stats_names[i],
                    (unsigned long long)stats_get(&r->st, i), stats_docs[i]);
    double avg = r->st.inference_calls ? (double)r->st.inference_ns / r->st.inference_calls : 0;
    fprintf(out, "  %-18s %14.1f  %s\n", "avg_inference_ns", avg,
            "inference_ns / inference_calls (not total time / nodes)");
}

static void json_name(FILE *out, const char *key, const char *value) {
    fprintf(out, "\"%s\": ", key);
    if (*value)
        text_json_string(out, value);
    else
        fputs("null", out);
    fputs(", ", out);
}

static void print_json(const puzzle *pz, const void *inst, const char *path, const solve_result *r,
                       FILE *out) {
    fprintf(out, "{\"puzzle\": \"%s\", \"instance\": ", pz->name);
    text_json_string(out, path);
    fputs(", ", out);
    json_name(out, "strategy", r->labels.strategy);
    for (int i = 0; i < run_labels_n(); i++)
        json_name(out, run_label_names()[i], run_label_get(&r->labels, i));
    fprintf(out, "\"status\": \"%s\", \"solutions\": %llu, ", status_name(r->status),
            (unsigned long long)r->solutions);
    if (pz->print_json_extra) pz->print_json_extra(inst, out);
    if (r->sense) { /* an optimisation: the best value and its progress */
        fprintf(out, "\"objective\": %lld, \"anytime\": [", (long long)r->objective);
        for (size_t i = 0; i < r->nanytime; i++)
            fprintf(out, "%s[%.6f, %lld]", i ? ", " : "", r->anytime[i].seconds,
                    (long long)r->anytime[i].value);
        fputs("], ", out);
    }
    fputs("\"solution\": ", out);
    if (r->first)
        pz->print_json(inst, r->first, r->first_len, out);
    else
        fputs("null", out);
    fputs(", \"stats\": {", out);
    stats_write_json(&r->st, out);
    fputs("}}\n", out);
}

/* solve's own flags (core/options.h). */
typedef struct solve_cli {
    const char *strategy, *solver;
    int all, json, stats, draw, trace;
    double timeout_s;
    uint64_t node_limit, memory_mib, seed;
} solve_cli;

#define S_(f) offsetof(solve_cli, f)
const spec_key cli_solve_keys[] = {
    {.name = "strategy",
     .doc = "NAME[:key=value,...] (searchlab list); default the puzzle's",
     .form = "SPEC",
     .def = "",
     .offset = S_(strategy)},
    {.name = "solver",
     .doc = "run the outside solver declared in FILE (a solver file, docs/driver.md); its "
            "answer is verified like ours",
     .form = "FILE",
     .offset = S_(solver)},
    {.name = "all",
     .doc = "search every solution; last line 'solutions: K'",
     .bare = 1,
     .offset = S_(all)},
    {.name = "timeout",
     .doc = "stop after this much CPU time, reading and building counted (exit 3; 0: none)",
     .kind = SPEC_REAL,
     .min = 0,
     .max = SPEC_SECONDS_MAX,
     .unit = "a number of seconds",
     .form = "SECONDS",
     .def = "0",
     .offset = S_(timeout_s)},
    {.name = "node-limit",
     .doc = "stop after N nodes (exit 3; 0: none)",
     .kind = SPEC_U64,
     .unit = "a number of nodes",
     .def = "0",
     .offset = S_(node_limit)},
    {.name = "memory",
     .doc = "the memory budget of the model and search (exit 3 past it; default 3/4 of the "
            "machine's memory or address-space limit)",
     .kind = SPEC_U64,
     .min = 1,
     .max = (double)((uint64_t)1 << 40),
     .unit = "a number of MiB",
     .form = "MIB",
     .offset = S_(memory_mib)},
    {.name = "seed",
     .doc = "seed of the random tie-breaking of restart=luby:N|geom:N,F (without restarts the "
            "search is deterministic)",
     .kind = SPEC_U64,
     .unit = "a seed",
     .form = "S",
     .def = "1",
     .offset = S_(seed)},
    {.name = "json",
     .doc = "print one JSON object instead of the human output",
     .bare = 1,
     .offset = S_(json)},
    {.name = "stats",
     .doc = "print the statistics table to standard error",
     .bare = 1,
     .offset = S_(stats)},
    {.name = "draw", .doc = "draw the grid with its signs or walls", .bare = 1, .offset = S_(draw)},
    {.name = "trace",
     .doc = "print every node to standard error, indented by depth",
     .bare = 1,
     .offset = S_(trace)},
    {.name = NULL}};
#undef S_

/* The shorthands: a row per key of the strategy families (the run labels,
 * run_label_names) that is not one of solve's own flags (--solver is
 * solve's), its value the text for the spec; field i of an array of
 * const char *.  Built once. */
enum { SHORTHAND_MAX = 32 }; /* opt_group.given has a bit per row */
static spec_key shorthand[SHORTHAND_MAX + 1];

const spec_key *cli_solve_shorthand_keys(void) {
    if (shorthand[0].name) return shorthand;
    size_t n = 0;
    for (const char *const *k = run_label_names(); *k; k++) {
        if (spec_key_find(cli_solve_keys, *k)) continue;
        assert(n < SHORTHAND_MAX);
        shorthand[n] = (spec_key){.name = *k,
                                  .doc = "the spec's key of that name (its values: keys, below)",
                                  .form = "VALUE",
                                  .offset = n * sizeof(const char *)};
        n++;
    }
    shorthand[n] = (spec_key){.name = NULL};
    return shorthand;
}

/* The spec text to solve with: --strategy's text (or the puzzle's
 * default) with the shorthand flags' keys (value[i] of row i, NULL when
 * not given).  A shorthand may replace a key of the default spec, but not
 * one written in --strategy. */
static int compose_spec(const puzzle *pz, const char *given, const char *const *value, char *out,
                        size_t size) {
    spec_text t;
    diag d;
    if (spec_split(given ? given : puzzle_default_spec(pz), &t, &d))
        return cli_usage_error("solve", "--strategy '%s': %s", given, d.msg);
    const spec_key *keys = cli_solve_shorthand_keys();
    for (size_t i = 0; keys[i].name; i++) {
        if (!value[i]) continue;
        if (given && spec_text_find(&t, keys[i].name) >= 0)
            return cli_usage_error("solve", "'%s' is given twice (in --strategy and as --%s)",
                                   keys[i].name, keys[i].name);
        if (spec_text_set(&t, keys[i].name, value[i], &d))
            return cli_usage_error("solve", "--%s: %s", keys[i].name, d.msg);
    }
    spec_join(&t, out, size);
    return EXIT_DONE;
}

/* ==== the memory budget ===================================================== */

/* What the handler of a failed allocation needs (set as solve goes). */
static struct {
    const puzzle *pz;
    const void *inst; /* NULL until the instance is read */
    int json;
    uint64_t budget_mib;
} memout;

/* 3/4 of the smallest of the machine's memory and the address-space and
 * data limits (the rest: code, stack, libxml2's parser), in MiB. */
static uint64_t default_budget_mib(void) {
    long pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGE_SIZE);
    uint64_t m = pages > 0 && psize > 0 ? (uint64_t)pages * (uint64_t)psize : UINT64_MAX;
    const int which[] = {RLIMIT_AS, RLIMIT_DATA};
    for (int i = 0; i < 2; i++) {
        struct rlimit rl;
        if (!getrlimit(which[i], &rl) && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < m)
            m = (uint64_t)rl.rlim_cur;
    }
    return m == UINT64_MAX ? 0 : m / 4 * 3 / (1024 * 1024);
}

/* An allocation failed (over the budget, or refused by the system): the
 * run stops as a limit stops it, with one clear line and exit 3; the
 * words "out of memory" let the driver record a memout. */
static _Noreturn void on_memout(const char *what, size_t bytes, int over_budget) {
    fflush(stdout);
    if (memout.json)
        printf("{\"puzzle\": \"%s\", \"status\": \"%s\"}\n", memout.pz ? memout.pz->name : "",
               status_name(STATUS_MEMOUT));
    else if (memout.pz && memout.inst && memout.pz->print_status)
        memout.pz->print_status(memout.inst, STATUS_MEMOUT, stdout);
    fflush(stdout);
    if (over_budget)
        fprintf(stderr,
                "searchlab solve: memout: a %s of %zu bytes would pass the memory budget of "
                "%llu MiB (--memory; %zu bytes in use) (out of memory)\n",
                what, bytes, (unsigned long long)memout.budget_mib, xmem_current());
    else
        fprintf(stderr, "searchlab solve: memout: a %s of %zu bytes failed (out of memory)\n", what,
                bytes);
    exit(EXIT_LIMIT);
}

/* The budget and handler off again (cmd_solve may run in a test's
 * process); returns code. */
static int memout_off(int code) {
    xmem_set_budget(0);
    xmem_on_fail(NULL);
    memout.inst = NULL;
    return code;
}

/* The competition's `o` line of each better solution, at once. */
static void print_better(void *ctx, int64_t value, double seconds, const int *sol, size_t n) {
    (void)ctx, (void)seconds, (void)sol, (void)n;
    printf("o %lld\n", (long long)value);
    fflush(stdout);
}

int cmd_solve(int argc, char **argv) {
    const char *cmd = "solve", *pos[2] = {NULL, NULL};
    char spec[SPEC_MAX_ITEMS * (SPEC_NAME_MAX + SPEC_VALUE_MAX)];
    const char *value[SHORTHAND_MAX] = {NULL}; /* --KEY VALUE shorthands */
    diag d;
    solve_cli o = {0};
    if (opt_defaults(cli_solve_keys, &o, &d)) return cli_usage_error(cmd, "%s", d.msg);
    opt_group groups[] = {{cli_solve_keys, &o, 0, 0}, {cli_solve_shorthand_keys(), value, 0, 0}};
    size_t npos = 0;
    int ret = cli_options(cmd, argc, argv, groups, 2, pos, &npos, 2, help);
    if (ret) return ret < 0 ? EXIT_DONE : ret;
    const char *name = pos[0], *path = pos[1], *given = o.strategy, *solver = o.solver;
    int json = o.json;
    /* the timeout counts reading the instance and building the model */
    solve_request rq = {.seed = o.seed,
                        .start_ns = clock_cpu_ns(),
                        .all = o.all,
                        .timeout_s = o.timeout_s,
                        .node_limit = o.node_limit,
                        .trace = o.trace ? stderr : NULL};
    memout.budget_mib = o.memory_mib;
    if (!name || !path)
        return cli_usage_error(cmd, "expected PUZZLE FILE (searchlab solve --help)");
    const puzzle *pz = cli_puzzle(cmd, name);
    if (!pz) return EXIT_BAD_INPUT;
    if (solver) {
        const char *sname;
        int lr = solver_file_load(solver, &sname, &d);
        if (lr) {
            fprintf(stderr, "searchlab solve: %s\n", d.msg);
            return EXIT_BAD_INPUT;
        }
        if (given) return cli_usage_error(cmd, "--solver and --strategy: give one");
        if (!outside_solver_accepts(outside_solver_find(sname), pz->name))
            return cli_usage_error(cmd, "--solver %s: solver %s does not accept %s instances",
                                   solver, sname, pz->name);
        given = sname;
    }
    rq.path = path;
    int rc = compose_spec(pz, given, value, spec, sizeof spec);
    if (rc != EXIT_DONE) return rc;
    rq.spec = spec;

    if (!memout.budget_mib) memout.budget_mib = default_budget_mib();
    memout.pz = pz, memout.json = json;
    xmem_set_budget((size_t)(memout.budget_mib * 1024 * 1024));
    xmem_on_fail(on_memout);
    void *inst = cli_load(pz, path);
    if (!inst) return memout_off(EXIT_BAD_INPUT);
    memout.inst = inst;
    /* the competition's o lines; FlatZinc's answers (print_end) have none */
    if (!json && !pz->print_end) rq.on_better = print_better;
    solve_result r;
    if (solve_puzzle(pz, inst, &rq, &r, &d)) {
        pz->destroy(inst);
        return memout_off(cli_usage_error(cmd, "--strategy '%s': %s", spec, d.msg));
    }
    if (json) {
        print_json(pz, inst, path, &r, stdout);
    } else {
        if (pz->print_status && r.status != STATUS_WRONG)
            pz->print_status(inst, (int)r.status, stdout);
        if (r.first && r.status != STATUS_WRONG)
            pz->print(inst, r.first, r.first_len, o.draw, stdout);
        else if (!pz->print_status && r.status == STATUS_UNSAT)
            puts("no solution");
        if (pz->print_end && r.status != STATUS_WRONG)
            pz->print_end(inst,
                          r.status == STATUS_OPTIMAL ||
                              (rq.all && !r.sense && !r.stopped && r.status == STATUS_SOLVED),
                          stdout);
        if (rq.all && !r.sense && (r.status == STATUS_SOLVED || r.status == STATUS_UNSAT) &&
            pz->print_count_note)
            pz->print_count_note(inst, stdout);
        if (rq.all && !r.sense && (r.status == STATUS_SOLVED || r.status == STATUS_UNSAT))
            printf("%ssolutions: %llu\n", pz->count_prefix ? pz->count_prefix : "",
                   (unsigned long long)r.solutions);
    }
    if (o.stats) print_stats(&r, stderr);
    int code = EXIT_DONE;
    if (r.status == STATUS_WRONG && solver) {
        fprintf(stderr, "searchlab solve: the solver's answer is wrong: %s\n", r.why);
        code = EXIT_INTERNAL;
    } else if (r.status == STATUS_WRONG) {
        fprintf(stderr, "searchlab solve: internal error: the verifier rejected a solution: %s\n",
                r.why);
        code = EXIT_INTERNAL;
    } else if (solver && !status_finished(r.status) && !r.stopped) {
        fprintf(stderr, "searchlab solve: %s: %s\n", status_name(r.status), r.why);
        code = EXIT_LIMIT;
    } else if (r.stopped) {
        fprintf(stderr, "searchlab solve: %s after %llu nodes (%llu solutions found%s)\n",
                status_name((run_status)r.stopped), (unsigned long long)r.st.nodes,
                (unsigned long long)r.solutions,
                r.sense && r.solutions ? ", the last the best" : "");
        code = EXIT_LIMIT;
    }
    solve_result_free(&r);
    pz->destroy(inst);
    return memout_off(code);
}
