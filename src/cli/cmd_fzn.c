/* cmd_fzn.c - `searchlab fzn [flags] FILE.fzn`: a FlatZinc file solved as
 * MiniZinc runs a solver (its solver configuration, share/searchlab's
 * .msc written by the build, calls this through the fzn-searchlab
 * wrapper): the standard flags -a -n -f -s -t -r -p -i, --strategy SPEC,
 * solutions as `----------`-terminated blocks, the final `==========`,
 * `=====UNSATISFIABLE=====` or `=====UNKNOWN=====`, and `%%%mzn-stat:`
 * lines (docs/flatzinc.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/clock.h"
#include "../core/xmalloc.h"
#include "../solve/solve.h"
#include "cli.h"

static void help(void) {
    printf("usage: searchlab fzn [options] FILE.fzn\n\n"
           "Solves a FlatZinc file and answers as FlatZinc says (MiniZinc's solver\n"
           "interface; `minizinc --solver searchlab` runs it, docs/flatzinc.md).\n\n"
           "  -a                 every solution (satisfaction); optimisation always prints\n"
           "                     every better solution at once\n"
           "  -i                 accepted (optimisation prints every better solution)\n"
           "  -n N               stop after N solutions\n"
           "  -f                 free search (the default: search annotations are followed\n"
           "                     only with --strategy ...,model=search)\n"
           "  -s                 statistics as %%%%%%mzn-stat: lines\n"
           "  -t MS              CPU time limit in milliseconds\n"
           "  -r SEED            seed of restarts' random tie-breaking\n"
           "  -p N               threads: searchlab runs one whatever N\n"
           "  --strategy SPEC    the strategy (searchlab list), default the fzn puzzle's\n");
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
    const char *cmd = "fzn", *path = NULL, *spec = NULL, *v;
    int all = 0, intermediate = 0, show_stats = 0;
    uint64_t nsol = 0, ms = 0, threads = 1;
    solve_request rq = {.seed = 1, .start_ns = clock_cpu_ns()};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            help();
            return EXIT_DONE;
        } else if (!strcmp(a, "-a") || !strcmp(a, "--all-solutions")) {
            all = 1;
        } else if (!strcmp(a, "-i") || !strcmp(a, "--intermediate")) {
            intermediate = 1;
        } else if (!strcmp(a, "-f") || !strcmp(a, "--free-search")) {
            /* nothing to do: annotations are followed only when the spec asks */
        } else if (!strcmp(a, "-s") || !strcmp(a, "--statistics")) {
            show_stats = 1;
        } else if (!strcmp(a, "-n") || !strcmp(a, "--num-solutions")) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || cli_u64(cmd, a, v, &nsol))
                return EXIT_BAD_INPUT;
        } else if (!strcmp(a, "-t") || !strcmp(a, "--time-limit")) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || cli_u64(cmd, a, v, &ms))
                return EXIT_BAD_INPUT;
        } else if (!strcmp(a, "-r") || !strcmp(a, "--random-seed") || !strcmp(a, "--seed")) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || cli_u64(cmd, a, v, &rq.seed))
                return EXIT_BAD_INPUT;
        } else if (!strcmp(a, "-p") || !strcmp(a, "--parallel")) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || cli_u64(cmd, a, v, &threads))
                return EXIT_BAD_INPUT;
        } else if (cli_is(a, "--strategy")) {
            if (!(spec = cli_value(cmd, argc, argv, &i))) return EXIT_BAD_INPUT;
        } else if (a[0] == '-' && a[1]) {
            return cli_usage_error(cmd, "unknown option '%s' (searchlab fzn --help)", a);
        } else if (path) {
            return cli_usage_error(cmd, "one FlatZinc file expected, given '%s' and '%s'", path, a);
        } else {
            path = a;
        }
    }
    if (!path) return cli_usage_error(cmd, "expected FILE.fzn (searchlab fzn --help)");
    const puzzle *pz = puzzle_find("fzn");
    void *inst = cli_load(pz, path);
    if (!inst) return EXIT_BAD_INPUT;
    rq.spec = spec ? spec : puzzle_default_spec(pz);
    /* an optimisation? (the objective hook on any vector says) */
    size_t cap = pz->sol_cap(inst);
    int *zero = NEWN(cap, int), opt = pz->objective(inst, zero, cap, &(int64_t){0}) != 0;
    FREEN(zero, cap);
    rq.all = all && !opt;
    rq.max_solutions = opt ? 0 : nsol ? nsol : all ? 0 : 1;
    if (nsol && !opt) rq.all = 1;
    rq.timeout_s = (double)ms / 1000.0;
    /* an optimisation prints each better solution at once, -a/-i or not
     * (as fzn-gecode does): MiniZinc's -t is wall time and it kills the
     * solver when it runs out, so a best kept for the end would be lost */
    (void)intermediate;
    printer pr = {pz, inst, opt || rq.all || nsol > 1, 0};
    rq.on_each = on_each;
    rq.each_ctx = &pr;
    solve_result r;
    diag d;
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
    if (show_stats) print_stats(&r, (double)(clock_cpu_ns() - rq.start_ns) / 1e9);
    fflush(stdout);
    solve_result_free(&r);
    pz->destroy(inst);
    return code;
}
