/* cmd_solve.c - `searchlab solve PUZZLE FILE [options]` (docs/cli.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "../core/clock.h"
#include "../core/xmalloc.h"
#include "../solve/solve.h"
#include "../solve/solver_file.h"
#include "cli.h"
#include "../core/textout.h"

static void help(void) {
    printf("usage: searchlab solve PUZZLE FILE [options]\n\n"
           "Solves one instance and prints its solution (or 'no solution').\n\n"
           "  --strategy SPEC     NAME[:key=value,...], default: the puzzle's (searchlab list)\n"
           "  --solver FILE       run the outside solver declared in FILE (a solver file,\n"
           "                      docs/driver.md); its answer is verified like ours\n"
           "  --KEY VALUE         shorthand for the spec's key=VALUE, for every key below\n"
           "                      (e.g. --queue dom); it may not repeat a key of --strategy\n"
           "  --all               search every solution; last line 'solutions: K'\n"
           "  --timeout SECONDS   stop after this much CPU time (exit 3)\n"
           "  --node-limit N      stop after N nodes (exit 3)\n"
           "  --memory MIB        the memory budget of the model and search (exit 3 past it;\n"
           "                      default 3/4 of the machine's memory or address-space limit)\n"
           "  --seed S            seed of the random tie-breaking of restart=luby:N|geom:N,F\n"
           "                      (default 1; without restarts the search is deterministic)\n"
           "  --json              print one JSON object instead of the human output\n"
           "  --stats             print the statistics table to standard error\n"
           "  --draw              draw the grid with its signs or walls\n"
           "  --trace             print every node to standard error, indented by depth\n\n"
           "xcsp (XCSP3 files) answers in the competition's form: 's SATISFIABLE' and 'v'\n"
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

/* 1 when flag a is --KEY or --KEY=VALUE for a key of some strategy
 * family; the key goes to key. */
static int shorthand_key(const char *a, char *key, size_t size) {
    if (strncmp(a, "--", 2)) return 0;
    size_t n = strcspn(a + 2, "=");
    if (n == 0 || n >= size) return 0;
    memcpy(key, a + 2, n);
    key[n] = '\0';
    return spec_is_key(key);
}

/* The spec text to solve with: --strategy's text (or the puzzle's
 * default) with the shorthand flags' keys.  A shorthand may replace a
 * key of the default spec, but not one written in --strategy. */
static int compose_spec(const puzzle *pz, const char *given, const spec_text *flags, char *out,
                        size_t size) {
    spec_text t;
    diag d;
    if (spec_split(given ? given : puzzle_default_spec(pz), &t, &d))
        return cli_usage_error("solve", "--strategy '%s': %s", given, d.msg);
    for (int i = 0; i < flags->n; i++) {
        if (given && spec_text_find(&t, flags->item[i].key) >= 0)
            return cli_usage_error("solve", "'%s' is given twice (in --strategy and as --%s)",
                                   flags->item[i].key, flags->item[i].key);
        if (spec_text_set(&t, flags->item[i].key, flags->item[i].value, &d))
            return cli_usage_error("solve", "--%s: %s", flags->item[i].key, d.msg);
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
    const char *cmd = "solve", *name = NULL, *path = NULL, *given = NULL;
    char spec[SPEC_MAX_ITEMS * (SPEC_NAME_MAX + SPEC_VALUE_MAX)];
    spec_text flags = {.n = 0}; /* --KEY VALUE shorthands, each key once */
    int json = 0, show_stats = 0, draw = 0;
    const char *solver = NULL; /* --solver FILE: a solver file's command runs */
    char key[SPEC_NAME_MAX];
    diag d;
    /* the timeout counts reading the instance and building the model */
    solve_request rq = {.seed = 1, .start_ns = clock_cpu_ns()};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            help();
            return EXIT_DONE;
        } else if (cli_is(a, "--strategy")) {
            if (!(given = cli_value(cmd, argc, argv, &i))) return EXIT_BAD_INPUT;
        } else if (cli_is(a, "--solver")) {
            if (!(v = cli_value(cmd, argc, argv, &i))) return EXIT_BAD_INPUT;
            if (solver) return cli_usage_error(cmd, "--solver is given twice");
            solver = v;
        } else if (shorthand_key(a, key, sizeof key)) {
            if (!(v = cli_value(cmd, argc, argv, &i))) return EXIT_BAD_INPUT;
            if (spec_text_find(&flags, key) >= 0)
                return cli_usage_error(cmd, "'%s' is given twice (--%s)", key, key);
            if (spec_text_set(&flags, key, v, &d))
                return cli_usage_error(cmd, "--%s: %s", key, d.msg);
        } else if (!strcmp(a, "--all")) {
            rq.all = 1;
        } else if (cli_is(a, "--timeout")) {
            if (!(v = cli_value(cmd, argc, argv, &i)) ||
                cli_seconds(cmd, "--timeout", v, &rq.timeout_s))
                return EXIT_BAD_INPUT;
        } else if (cli_is(a, "--node-limit")) {
            if (!(v = cli_value(cmd, argc, argv, &i)) ||
                cli_u64(cmd, "--node-limit", v, &rq.node_limit))
                return EXIT_BAD_INPUT;
        } else if (cli_is(a, "--memory")) {
            if (!(v = cli_value(cmd, argc, argv, &i)) ||
                cli_u64(cmd, "--memory", v, &memout.budget_mib))
                return EXIT_BAD_INPUT;
            if (!memout.budget_mib || memout.budget_mib > ((uint64_t)1 << 40))
                return cli_usage_error(cmd, "--memory: expected MiB from 1 to 2^40, got '%s'", v);
        } else if (cli_is(a, "--seed")) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || cli_u64(cmd, "--seed", v, &rq.seed))
                return EXIT_BAD_INPUT;
        } else if (!strcmp(a, "--json")) {
            json = 1;
        } else if (!strcmp(a, "--stats")) {
            show_stats = 1;
        } else if (!strcmp(a, "--draw")) {
            draw = 1;
        } else if (!strcmp(a, "--trace")) {
            rq.trace = stderr;
        } else if (a[0] == '-' && a[1]) {
            return cli_usage_error(cmd, "unknown option '%s' (searchlab solve --help)", a);
        } else if (cli_positional(cmd, a, &name, &path)) {
            return EXIT_BAD_INPUT;
        }
    }
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
    int rc = compose_spec(pz, given, &flags, spec, sizeof spec);
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
            pz->print(inst, r.first, r.first_len, draw, stdout);
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
    if (show_stats) print_stats(&r, stderr);
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
