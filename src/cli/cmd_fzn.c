/* cmd_fzn.c - `searchlab fzn [flags] FILE.fzn`: a FlatZinc file solved as
 * MiniZinc runs a solver (its solver configuration, share/searchlab's
 * .msc written by the build, calls this through the fzn-searchlab
 * wrapper): the standard flags -a -n -f -s -t -r -p -i, --strategy SPEC
 * (one key table, cli_fzn_keys),
 * solutions as `----------`-terminated blocks, the final `==========`,
 * `=====UNSATISFIABLE=====` or `=====UNKNOWN=====`, and `%%%mzn-stat:`
 * lines (docs/flatzinc.md). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/clock.h"
#include "../core/options.h"
#include "../core/xmalloc.h"
#include "../solve/solve.h"
#include "cli.h"

/* fzn's flags: MiniZinc's standard ones (-a -n -f -s -t -r -p -i, with
 * their long spellings) and --strategy; one key table (core/options.h). */
typedef struct fzn_cli {
    int all, intermediate, free, stats;
    uint64_t nsol, ms, seed, threads;
    const char *spec;
} fzn_cli;

#define F_(f) offsetof(fzn_cli, f)
const spec_key cli_fzn_keys[] = {
    {.name = "all-solutions",
     .letter = 'a',
     .doc = "every solution (satisfaction); optimisation always prints every better "
            "solution at once",
     .bare = 1,
     .offset = F_(all)},
    {.name = "intermediate",
     .letter = 'i',
     .doc = "accepted (optimisation prints every better solution)",
     .bare = 1,
     .offset = F_(intermediate)},
    {.name = "num-solutions",
     .letter = 'n',
     .doc = "stop after N solutions (0: one, or every one with -a)",
     .kind = SPEC_U64,
     .unit = "a number of solutions",
     .def = "0",
     .offset = F_(nsol)},
    {.name = "free-search",
     .letter = 'f',
     .doc = "free search (the default: search annotations are followed only with "
            "--strategy ...,model=search)",
     .bare = 1,
     .offset = F_(free)},
    {.name = "statistics",
     .letter = 's',
     .doc = "statistics as %%%mzn-stat: lines",
     .bare = 1,
     .offset = F_(stats)},
    {.name = "time-limit",
     .letter = 't',
     .doc = "CPU time limit in milliseconds (0: none)",
     .kind = SPEC_U64,
     .max = SPEC_SECONDS_MAX * 1000, /* the seconds every reader shares */
     .unit = "a number of milliseconds",
     .form = "MS",
     .def = "0",
     .offset = F_(ms)},
    {.name = "random-seed",
     .letter = 'r',
     .alias = "seed",
     .doc = "seed of restarts' random tie-breaking",
     .kind = SPEC_U64,
     .unit = "a seed",
     .form = "SEED",
     .def = "1",
     .offset = F_(seed)},
    {.name = "parallel",
     .letter = 'p',
     .doc = "threads: searchlab runs one whatever N",
     .kind = SPEC_U64,
     .unit = "a number of threads",
     .def = "1",
     .offset = F_(threads)},
    {.name = "strategy",
     .doc = "the strategy (searchlab list); default the fzn puzzle's",
     .form = "SPEC",
     .def = "",
     .offset = F_(spec)},
    {.name = NULL}};
#undef F_

static void help(void) {
    printf("usage: searchlab fzn [options] FILE.fzn\n\n"
           "Solves a FlatZinc file and answers as FlatZinc says (MiniZinc's solver\n"
           "interface; `minizinc --solver searchlab` runs it, docs/flatzinc.md).\n\n");
    cli_print_options(cli_fzn_keys);
}

typedef struct printer {
    const puzzle *pz;
    const void *inst;
    int all; /* print every solution as it comes */
    uint64_t printed;
} printer;

static void on_each(void *ctx, const int *sol, size_t n) {
    printer *pr = ctx;
    if (!pr->all) return;
    pr->pz->print(pr->inst, sol, n, 0, stdout);
    fflush(stdout);
    pr->printed++;
}

static void print_stats(const solve_result *r, double seconds) {
    printf("%%%%%%mzn-stat: nodes=%llu\n", (unsigned long long)r->st.nodes);
    printf("%%%%%%mzn-stat: failures=%llu\n", (unsigned long long)r->st.fails);
    printf("%%%%%%mzn-stat: propagations=%llu\n", (unsigned long long)r->st.revisions);
    printf("%%%%%%mzn-stat: solutions=%llu\n", (unsigned long long)r->solutions);
    printf("%%%%%%mzn-stat: restarts=%llu\n", (unsigned long long)r->st.restarts);
    printf("%%%%%%mzn-stat: peakDepth=%llu\n", (unsigned long long)r->st.max_depth);
    printf("%%%%%%mzn-stat: solveTime=%.6f\n", seconds);
    printf("%%%%%%mzn-stat: peakMem=%.3f\n", (double)xmem_peak() / (1024.0 * 1024.0));
    if (r->sense && r->solutions)
        printf("%%%%%%mzn-stat: objective=%lld\n", (long long)r->objective);
    puts("%%%mzn-stat-end");
}

int cmd_fzn(int argc, char **argv) {
    const char *cmd = "fzn", *path = NULL;
    solve_request rq = {.start_ns = clock_cpu_ns()};
    fzn_cli o = {0};
    diag d;
    if (opt_defaults(cli_fzn_keys, &o, &d)) return cli_usage_error(cmd, "%s", d.msg);
    opt_group groups[] = {{cli_fzn_keys, &o, 0, 0}};
    size_t npos = 0;
    int ret = cli_options(cmd, argc, argv, groups, 1, &path, &npos, 1, help);
    if (ret) return ret < 0 ? EXIT_DONE : ret;
    if (!path) return cli_usage_error(cmd, "expected FILE.fzn (searchlab fzn --help)");
    /* -f: nothing to do (annotations are followed only when the spec asks);
     * -p: one thread whatever N */
    int all = o.all;
    uint64_t nsol = o.nsol;
    rq.seed = o.seed;
    const puzzle *pz = puzzle_find("fzn");
    void *inst = cli_load(pz, path);
    if (!inst) return EXIT_BAD_INPUT;
    rq.spec = o.spec ? o.spec : puzzle_default_spec(pz);
    /* an optimisation? (the objective hook on any vector says) */
    size_t cap = pz->sol_cap(inst);
    int *zero = NEWN(cap, int), opt = pz->objective(inst, zero, cap, &(int64_t){0}) != 0;
    FREEN(zero, cap);
    rq.all = all && !opt;
    rq.max_solutions = opt ? 0 : nsol ? nsol : all ? 0 : 1;
    if (nsol && !opt) rq.all = 1;
    rq.timeout_s = (double)o.ms / 1000.0;
    /* an optimisation prints each better solution at once, -a/-i or not
     * (as fzn-gecode does): MiniZinc's -t is wall time and it kills the
     * solver when it runs out, so a best kept for the end would be lost */
    printer pr = {pz, inst, opt || rq.all || nsol > 1, 0};
    rq.on_each = on_each;
    rq.each_ctx = &pr;
    solve_result r;
    if (solve_puzzle(pz, inst, &rq, &r, &d)) {
        pz->destroy(inst);
        return cli_usage_error(cmd, "--strategy '%s': %s", rq.spec, d.msg);
    }
    int code = EXIT_DONE;
    if (r.status == STATUS_WRONG) {
        fprintf(stderr, "searchlab fzn: internal error: the checker rejected a solution: %s\n",
                r.why);
        code = EXIT_INTERNAL;
    } else {
        if (r.first && !pr.printed) pz->print(inst, r.first, r.first_len, 0, stdout);
        if (!r.first) pz->print_status(inst, (int)r.status, stdout);
        /* the search went to its end: the optimum proven, or every solution listed */
        else
            pz->print_end(inst,
                          r.status == STATUS_OPTIMAL ||
                              (!opt && rq.all && !r.stopped &&
                               (!rq.max_solutions || r.solutions < rq.max_solutions)),
                          stdout);
    }
    if (o.stats) print_stats(&r, (double)(clock_cpu_ns() - rq.start_ns) / 1e9);
    fflush(stdout);
    solve_result_free(&r);
    pz->destroy(inst);
    return code;
}
