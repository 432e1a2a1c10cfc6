/* test_cop.c - optimisation through the xcsp front end and the puzzle
 * layer: the development set's COPs whose optimum ACE proved
 * (tests/xcsp/dev/OPTIMA) under the default strategy, and every better
 * solution a solve reports (each `o` line) checked by the instance's own
 * verifier and objective, independent of the model.  An instance not
 * proven within its CPU limit is skipped with a printed reason; its values
 * are still checked, and none may pass the proven optimum.  All of it
 * twice: the default, and gac with dom/wdeg, solution-phase saving and
 * restarts (phase=on, restart=luby:100; a limit of 1 s there on the
 * instances the default does not prove: only their values are checked). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/clock.h"
#include "core/xmalloc.h"
#include "solve/solve.h"
#include "xcsp/xcsp.h"

extern const puzzle puzzle_xcsp;

/* What the on_better callback saw. */
typedef struct better_log {
    const void *inst;
    int sense, count, bad;
    int64_t last;
    char why[300];
} better_log;

/* Each better solution: it satisfies every constraint of the instance
 * (the verifier, not the model), its objective is exactly the value
 * reported, and it beats the one before. */
static void on_better(void *ctx, int64_t value, double seconds, const int *sol, size_t n) {
    (void)seconds;
    better_log *b = ctx;
    char why[256];
    int64_t v = 0;
    int sense = puzzle_xcsp.objective(b->inst, sol, n, &v);
    if (!puzzle_xcsp.verify(b->inst, sol, n, why, sizeof why)) {
        if (!b->bad++) snprintf(b->why, sizeof b->why, "o %lld: %s", (long long)value, why);
    } else if (sense == 0 || v != value) {
        if (!b->bad++)
            snprintf(b->why, sizeof b->why, "o %lld, but the solution's objective is %lld",
                     (long long)value, (long long)v);
    } else if (b->count && sense * value >= sense * b->last) {
        if (!b->bad++)
            snprintf(b->why, sizeof b->why, "o %lld after o %lld: not better", (long long)value,
                     (long long)b->last);
    }
    b->sense = sense;
    b->last = value;
    b->count++;
}

/* spec: NULL for the default, or the phase pass's (a limit of 1 s where
 * the default gets 2: values only). */
static void test_dev_optima(const char *spec) {
    FILE *f = fopen("tests/xcsp/dev/OPTIMA", "r");
    CHECK_MSG(f != NULL, "cannot open %s", "tests/xcsp/dev/OPTIMA");
    if (!f) return;
    char line[512], name[256], path[400];
    int files = 0, proven = 0;
    while (fgets(line, sizeof line, f)) {
        long long opt;
        double limit;
        if (line[0] == '#' || sscanf(line, "%255s %lld %lf", name, &opt, &limit) != 3) continue;
        files++;
        if (spec && limit <= 2) limit = 1;
        if (limit <= 0) { /* OPTIMA says why */
            printf("skip %s: not run (limit 0 in OPTIMA: its propagation overruns a CPU limit "
                   "today)\n",
                   name);
            continue;
        }
        snprintf(path, sizeof path, "instances/xcsp/dev/cop/%s", name);
        diag d = {{0}};
        void *inst = puzzle_load(&puzzle_xcsp, path, &d);
        CHECK_MSG(inst != NULL, "%s: %s", path, d.msg);
        if (!inst) continue;
        better_log b = {.inst = inst};
        solve_request rq = {
            .spec = spec, .timeout_s = limit, .seed = 1, .on_better = on_better, .better_ctx = &b};
        solve_result r;
        uint64_t t0 = clock_cpu_ns();
        int rc = solve_puzzle(&puzzle_xcsp, inst, &rq, &r, &d);
        printf("%s%s%s: %s after %.2f s of CPU\n", name, spec ? " under " : "", spec ? spec : "",
               rc ? "error" : status_name(r.status), (double)(clock_cpu_ns() - t0) / 1e9);
        CHECK_MSG(rc == 0, "%s: %s", name, d.msg);
        if (rc == 0) {
            CHECK_MSG(b.bad == 0, "%s: %d wrong o lines, the first: %s", name, b.bad, b.why);
            CHECK_MSG(r.status != STATUS_WRONG && r.status != STATUS_UNSAT, "%s: status %s", name,
                      status_name(r.status));
            if (r.sense && r.nanytime) {
                /* no value beyond the optimum, proven or not */
                CHECK_MSG(r.sense * r.objective >= r.sense * opt,
                          "%s: objective %lld passes the proven optimum %lld", name,
                          (long long)r.objective, opt);
                CHECK_MSG(b.count > 0 && b.last == r.objective,
                          "%s: the last o line %lld is not the result's objective %lld", name,
                          (long long)b.last, (long long)r.objective);
            }
            if (r.status == STATUS_OPTIMAL) {
                proven++;
                CHECK_MSG(r.objective == opt, "%s: proven optimum %lld, ACE proved %lld", name,
                          (long long)r.objective, opt);
            } else {
                printf("skip %s: not proven within %g s of CPU (status %s, best %s%lld; ACE's "
                       "optimum %lld): too slow today\n",
                       name, limit, status_name(r.status), r.nanytime ? "" : "none, ",
                       (long long)(r.nanytime ? r.objective : 0), opt);
            }
            solve_result_free(&r);
        }
        puzzle_xcsp.destroy(inst);
    }
    fclose(f);
    CHECK_MSG(files >= 11, "only %d instances in OPTIMA", files);
    printf("dev COPs: %d of %d proven optimal with ACE's optimum\n", proven, files);
}

int main(void) {
    size_t start = xmem_current();
    test_dev_optima(NULL);
    test_dev_optima("gac:var=dom/wdeg,restart=luby:100,phase=on");
    CHECK_MSG(xmem_current() == start, "%zu bytes not freed", xmem_current() - start);
    return CHECK_DONE();
}
