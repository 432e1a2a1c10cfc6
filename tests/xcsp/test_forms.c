/* test_forms.c - every form of XCSP3-core that the front end reads, one
 * tiny instance each (tests/xcsp/forms/, the counts in its EXPECTED with
 * their provenance), and the random differential instances of
 * tests/xcsp/random/ (gen_random.py: a brute force's counts, checked
 * against ACE's where it reads them): the number of solutions under bt (which uses only
 * the families' checks), fc and gac with several queues equals the
 * expected one, and every solution passes the verifier (solve_puzzle
 * makes a rejected one `wrong`).  The objective of a COP is read and the
 * instance solved to its optimum (issue 25); the random COPs of
 * tests/xcsp/random/OPTIMA (every objective type, the brute force's
 * optima) are proven optimal, or unsatisfiable, under the same strategies. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/xmalloc.h"
#include "solve/solve.h"
#include "xcsp/xcsp.h"
#include "xcsp/xcsp_family.h"

/* The strategies every listed file runs under; the last, NULL, is the
 * xcsp puzzle's default (restarts with nogoods, last conflict, dom/wdeg):
 * what a user gets without --strategy. */
static const char *const specs[] = {"bt",
                                    "fc",
                                    "gac",
                                    "gac:queue=arc-fifo",
                                    "gac:queue=dom",
                                    "fc:var=dom/wdeg",
                                    "gac:alldiff=value",
                                    NULL};
enum { NSPECS = sizeof specs / sizeof specs[0] };

static const char *spec_name(int k) { return specs[k] ? specs[k] : "the default"; }

static void *load(const puzzle *pz, const char *path, diag *d) {
    lexer lx;
    if (lex_open(&lx, path, d)) return NULL;
    void *inst = pz->parse(&lx, d);
    lex_close(&lx);
    return inst;
}

/* Each file of dir/list ("name<TAB>expected..." lines, '#' comments) is
 * loaded and handed to run with its expected text; at least min_files. */
static void each_listed(const char *dir, const char *list, int min_files,
                        void (*run)(const puzzle *, void *, const char *, const char *)) {
    const puzzle *pz = puzzle_find("xcsp");
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, list);
    FILE *f = fopen(path, "r");
    CHECK_MSG(f != NULL, "cannot open %s", path);
    if (!f) return;
    char line[512];
    int files = 0;
    while (fgets(line, sizeof line, f)) {
        char name[256], want[32];
        if (line[0] == '#' || sscanf(line, "%255[^\t]\t%31[^\t\n]", name, want) != 2) continue;
        snprintf(path, sizeof path, "%s/%s", dir, name);
        diag d;
        void *inst = load(pz, path, &d);
        CHECK_MSG(inst != NULL, "%s: %s", name, d.msg);
        if (inst) {
            run(pz, inst, name, want);
            pz->destroy(inst);
        }
        files++;
    }
    fclose(f);
    CHECK_MSG(files >= min_files, "only %d files in %s/%s", files, dir, list);
}

/* An EXPECTED line: every strategy counts want solutions.  "KxF": K
 * solutions over the variables that occur somewhere, and F the factor of
 * the free ones (xcsp_free_factor; K * F is the brute force over every
 * variable, in brute.py); a plain K: no free variable at all. */
static void run_count(const puzzle *pz, void *inst, const char *name, const char *want_text) {
    char *end;
    long want = strtol(want_text, &end, 10);
    char *factor = xcsp_free_factor(inst);
    CHECK_MSG(!strcmp(*end == 'x' ? end + 1 : "1", factor), "%s: free factor %s, expected %s", name,
              factor, *end == 'x' ? end + 1 : "1 (no free variable)");
    xstrfree(factor);
    for (int k = 0; k < NSPECS; k++) {
        solve_request rq = {.spec = specs[k], .all = 1};
        solve_result r;
        diag d;
        CHECK_MSG(solve_puzzle(pz, inst, &rq, &r, &d) == 0, "%s: %s", name, d.msg);
        CHECK_MSG(r.status == (want ? STATUS_SOLVED : STATUS_UNSAT) &&
                      r.solutions == (uint64_t)want,
                  "%s, %s: %s with %ld solutions, expected %ld (%s)", name, spec_name(k),
                  status_name(r.status), (long)r.solutions, want, r.why);
        solve_result_free(&r);
    }
}

/* An OPTIMA line (the optimum, or "unsat"): every strategy proves it. */
static void run_optimum(const puzzle *pz, void *inst, const char *name, const char *want) {
    int unsat = strcmp(want, "unsat") == 0;
    long long best = unsat ? 0 : strtoll(want, NULL, 10);
    for (int k = 0; k < NSPECS; k++) {
        solve_request rq = {.spec = specs[k]};
        solve_result r;
        diag d;
        CHECK_MSG(solve_puzzle(pz, inst, &rq, &r, &d) == 0, "%s: %s", name, d.msg);
        CHECK_MSG(unsat ? r.status == STATUS_UNSAT
                        : r.status == STATUS_OPTIMAL && (long long)r.objective == best,
                  "%s, %s: %s, objective %lld, expected %s (%s)", name, spec_name(k),
                  status_name(r.status), (long long)r.objective, want, r.why);
        solve_result_free(&r);
    }
}

/* An objective is read whole (its terms in the instance), and solved by
 * branch and bound to its optimum. */
static void test_objective(void) {
    static const char text[] =
        "<instance format=\"XCSP3\" type=\"COP\">\n"
        "  <variables> <array id=\"x\" size=\"[3]\"> 0..2 </array> </variables>\n"
        "  <constraints> <allDifferent> x[] </allDifferent> </constraints>\n"
        "  <objectives>\n"
        "    <maximize type=\"sum\"> <list> x[] </list> <coeffs> 1 2 3 </coeffs> </maximize>\n"
        "  </objectives>\n"
        "</instance>\n";
    diag d;
    xcsp_inst *in = xcsp_read(text, sizeof text - 1, "cop.xml", &d);
    CHECK_MSG(in != NULL, "%s", in ? "" : d.msg);
    if (in) {
        CHECK(in->obj.present && !in->obj.minimize && in->obj.type == XOBJ_SUM);
        CHECK(in->obj.c.nlists == 2 && in->obj.c.lists[0].n == 3 && in->obj.c.lists[1].n == 3);
        CHECK(in->obj.c.lists[1].t[2].k == 3 && in->obj.line == 5);
        int sol[3] = {2, 1, 0}, undef = 0; /* 1*2 + 2*1 + 3*0 */
        CHECK(xcsp_objective_value(in, sol, &undef) == 4 && !undef);
        xcsp_inst_free(in);
    }
    /* solved: every strategy proves the optimum, 1*0 + 2*1 + 3*2 = 8 */
    lexer lx;
    CHECK(lex_from_memory(&lx, "cop.xml", text, sizeof text - 1, &d) == 0);
    const puzzle *pz = puzzle_find("xcsp");
    void *inst = pz->parse(&lx, &d);
    lex_close(&lx);
    CHECK_MSG(inst != NULL, "%s", d.msg);
    static const char *const cop_specs[] = {
        "bt", "fc", "gac", "gac:queue=dom,restart=luby:1", "gac:queue=dom,restart=luby:1,nogood=on",
        NULL};
    for (int k = 0; inst && cop_specs[k]; k++) {
        solve_request rq = {.spec = cop_specs[k]};
        solve_result r;
        CHECK(solve_puzzle(pz, inst, &rq, &r, &d) == 0);
        CHECK_MSG(
            r.status == STATUS_OPTIMAL && r.sense == -1 && r.objective == 8 && r.nanytime >= 1,
            "%s: %s, objective %lld", cop_specs[k], status_name(r.status), (long long)r.objective);
        solve_result_free(&r);
    }
    if (inst) pz->destroy(inst);
}

/* A linear objective expression (linked as a sum, xcsp_link_linear), a
 * non-linear one (the checker) and sums over expressions (their auxiliary
 * variables in the sum) each solved to the optimum a hand count
 * gives, by every strategy. */
static void test_objective_expression(void) {
    static const struct {
        const char *goal;
        long long best;
    } cases[] = {
        /* x distinct in 0..2: -2a + b + 3c + 5 is least at (2, 1, 0): 2 */
        {"<minimize> add(mul(-2,x[0]),x[1],mul(3,x[2]),5) </minimize>", 2},
        /* 4a - (b - c) * 2 is greatest at (2, 0, 1): 10 */
        {"<maximize> sub(mul(4,x[0]),mul(sub(x[1],x[2]),2)) </maximize>", 10},
        /* a * b + c: (2, 1, 0) or (1, 2, 0) give 2, (2, 0, 1) 1, ...: least 1 */
        {"<minimize> add(mul(x[0],x[1]),x[2]) </minimize>", 1},
        /* a sum over expressions (auxiliary variables): (a != 0) + b * c, least 1 */
        {"<minimize type=\"sum\"> ne(x[0],0) mul(x[1],x[2]) </minimize>", 1},
        /* 3 (a != 0) - b * c: greatest 3, at (1, 0, 2) and others */
        {"<maximize type=\"sum\"> <list> ne(x[0],0) mul(x[1],x[2]) </list> <coeffs> 3 -1 "
         "</coeffs> </maximize>",
         3},
    };
    static const char *const cop_specs[] = {
        "bt", "fc", "gac", "gac:queue=dom,restart=luby:1", "gac:queue=dom,restart=luby:1,nogood=on",
        NULL};
    const puzzle *pz = puzzle_find("xcsp");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[1024];
        snprintf(text, sizeof text,
                 "<instance format=\"XCSP3\" type=\"COP\">\n"
                 "  <variables> <array id=\"x\" size=\"[3]\"> 0..2 </array> </variables>\n"
                 "  <constraints> <allDifferent> x[] </allDifferent> </constraints>\n"
                 "  <objectives> %s </objectives>\n"
                 "</instance>\n",
                 cases[i].goal);
        diag d;
        lexer lx;
        CHECK(lex_from_memory(&lx, "cop.xml", text, strlen(text), &d) == 0);
        void *inst = pz->parse(&lx, &d);
        lex_close(&lx);
        CHECK_MSG(inst != NULL, "%s", d.msg);
        for (int k = 0; inst && cop_specs[k]; k++) {
            solve_request rq = {.spec = cop_specs[k]};
            solve_result r;
            CHECK(solve_puzzle(pz, inst, &rq, &r, &d) == 0);
            CHECK_MSG(r.status == STATUS_OPTIMAL && r.objective == cases[i].best,
                      "%s, %s: %s, objective %lld, expected %lld", cases[i].goal, cop_specs[k],
                      status_name(r.status), (long long)r.objective, cases[i].best);
            solve_result_free(&r);
        }
        if (inst) pz->destroy(inst);
    }
}

/* Free variables (in no constraint, not in the objective) are not in the
 * model: its engine variables are the others (plus the model's
 * auxiliaries), so no strategy branches on them; solutions give
 * them their least value in declaration order, and a COP's optimum is
 * over the others. */
static void test_free(void) {
    const puzzle *pz = puzzle_find("xcsp");
    static const struct {
        const char *file;
        int nvars, model_vars; /* free_cop: x[0], x[2] and the objective's variable */
    } cases[] = {{"free_array.xml", 9, 5}, {"free_all.xml", 5, 0}, {"free_cop.xml", 5, 3}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char path[256];
        snprintf(path, sizeof path, "tests/xcsp/forms/%s", cases[i].file);
        diag d;
        xcsp_inst *in = load(pz, path, &d);
        CHECK_MSG(in != NULL, "%s: %s", path, in ? "" : d.msg);
        if (!in) continue;
        CHECK(in->nvars == cases[i].nvars && in->nlive <= cases[i].model_vars);
        puzzle_model m = {0};
        csp *p = pz->build(in, &m, &d);
        CHECK_MSG(p && p->nvars == cases[i].model_vars, "%s: %d engine variables, expected %d",
                  path, p ? p->nvars : -1, cases[i].model_vars);
        if (p) csp_free(p);
        pz->destroy(in);
    }
    /* maximise x[0] + 2 x[2], x[0] != x[2] over 0..2: 5; a, x[1], b free */
    xcsp_inst *in = load(pz, "tests/xcsp/forms/free_cop.xml", &(diag){0});
    CHECK(in != NULL);
    for (int k = 0; in && k < NSPECS; k++) {
        solve_request rq = {.spec = specs[k]};
        solve_result r;
        diag d;
        CHECK(solve_puzzle(pz, in, &rq, &r, &d) == 0);
        CHECK_MSG(r.status == STATUS_OPTIMAL && r.objective == 5 && r.first && r.first_len == 5,
                  "free_cop.xml, %s: %s, objective %lld", spec_name(k), status_name(r.status),
                  (long long)r.objective);
        if (r.first && r.first_len == 5) { /* a x[0] x[1] x[2] b */
            CHECK(r.first[0] == 5 && r.first[1] == 1 && r.first[2] == 0 && r.first[3] == 2 &&
                  r.first[4] == 0);
        }
        solve_result_free(&r);
    }
    if (in) pz->destroy(in);
}

/* d (decimal digits, most significant first, room for more) times m, by
 * one digit at a time: not the front end's base-10^9 limbs. */
static void times_small(char *d, long m) {
    size_t n = strlen(d);
    long carry = 0;
    for (size_t i = n; i-- > 0;) {
        long x = (d[i] - '0') * m + carry;
        d[i] = (char)('0' + x % 10);
        carry = x / 10;
    }
    while (carry) {
        memmove(d + 1, d, strlen(d) + 1);
        d[0] = (char)('0' + carry % 10);
        carry /= 10;
    }
}

/* The free variables' factor, exact however large: against a digit-by-
 * digit product, and past 100,000 digits as powers of the sizes. */
static void test_free_factor(void) {
    static const struct {
        int wide, small; /* cells of 0..2147483646 and of -5..7, all free */
        const char *powers;
    } cases[] = {{40, 21, NULL}, {1, 1, NULL}, {11000, 3, "13^3*2147483647^11000"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[512];
        snprintf(text, sizeof text,
                 "<instance format=\"XCSP3\" type=\"CSP\"><variables>"
                 "<array id=\"w\" size=\"[%d]\"> 0..2147483646 </array>"
                 "<array id=\"s\" size=\"[%d]\"> -5..7 </array><var id=\"z\"> 0 1 </var>"
                 "</variables><constraints><intension> ne(z,0) </intension></constraints>"
                 "</instance>",
                 cases[i].wide, cases[i].small);
        diag d;
        xcsp_inst *in = xcsp_read(text, strlen(text), "factor.xml", &d);
        CHECK_MSG(in != NULL, "%s", in ? "" : d.msg);
        if (!in) continue;
        char *got = xcsp_free_factor(in);
        if (cases[i].powers) {
            CHECK_MSG(!strcmp(got, cases[i].powers), "factor %.60s, expected %s", got,
                      cases[i].powers);
        } else {
            char *want = calloc(4096, 1);
            want[0] = '1';
            for (int k = 0; k < cases[i].wide; k++) times_small(want, 2147483647);
            for (int k = 0; k < cases[i].small; k++) times_small(want, 13);
            CHECK_MSG(!strcmp(got, want), "factor %s, expected %s", got, want);
            free(want);
        }
        xstrfree(got);
        xcsp_inst_free(in);
    }
}

int main(void) {
    size_t start = xmem_current();
    test_free_factor();
    test_free();
    each_listed("tests/xcsp/forms", "EXPECTED", 60, run_count);
    each_listed("tests/xcsp/random", "EXPECTED", 232, run_count);
    each_listed("tests/xcsp/random", "OPTIMA", 27, run_optimum);
    test_objective();
    test_objective_expression();
    CHECK_MSG(xmem_current() == start, "%zu bytes not freed", xmem_current() - start);
    return CHECK_DONE();
}
