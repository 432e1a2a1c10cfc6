/* test_xcsp.c - the xcsp front end against the independent reference
 * (xref.c), in-process so that every solution is compared, not only the
 * first one a command prints:
 * - differential: random instances of gen.c and the files of
 *   tests/xcsp/corpus/: the set of all solutions under every CSP strategy
 *   (bt, fc, gac with every queue, the support modes, dom/wdeg) equals the
 *   reference's set, found by its own backtracking, of the solutions whose
 *   free variables (in no constraint) are at their least value, and that
 *   count times the free variables' factor is the reference's count over
 *   every variable; every solution also passes the reference's check;
 * - hand-written cases for the corners (repeated variables in a table's
 *   scope, unused template parameters, no variable at all, ...);
 * - exports: futoshiki, museum and aquarium instances and their XCSP3
 *   export (write_xcsp3) have the same solutions, which the reference
 *   accepts on the exported text;
 * - the front end frees what it allocates. */
#define _GNU_SOURCE 1 /* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "corpus.h"
#include "core/xmalloc.h"
#include "gen.h"
#include "solve/solve.h"
#include "xcsp/xcsp.h"
#include "xref.h"

/* ---- sets of solutions ------------------------------------------------------ */

typedef struct sols {
    int *v;
    size_t n, cap, width;
} sols;

static void sols_add(sols *s, const int *vals) {
    if ((s->n + 1) * s->width > s->cap) {
        s->cap = (s->n + 1) * s->width * 2 + 16;
        s->v = realloc(s->v, s->cap * sizeof *s->v);
    }
    if (s->width) memcpy(s->v + s->n * s->width, vals, s->width * sizeof *vals);
    s->n++;
}

static size_t cmp_width;
static int cmp_rows(const void *a, const void *b) { return memcmp(a, b, cmp_width * sizeof(int)); }

/* Sorted rows; rows are compared as bytes, which is fine for equality. */
static void sols_sort(sols *s) {
    cmp_width = s->width;
    if (s->n && s->width) qsort(s->v, s->n, s->width * sizeof *s->v, cmp_rows);
}

static int sols_equal(sols *a, sols *b) {
    sols_sort(a);
    sols_sort(b);
    return a->n == b->n && a->width == b->width &&
           (!a->n || !a->width || !memcmp(a->v, b->v, a->n * a->width * sizeof *a->v));
}

/* The reference's solutions whose free variables (in no constraint) are
 * at their least value: the front end's (and ACE's) count; all counts
 * every solution of the reference. */
typedef struct ref_sols {
    const xref *m;
    sols *s;
    long all;
} ref_sols;

static int ref_cb(void *ctx, const int *vals) {
    ref_sols *r = ctx;
    r->all++;
    for (int v = 0; v < xref_nvars(r->m); v++)
        if (xref_is_free(r->m, v) && vals[v] != xref_min(r->m, v)) return 1;
    sols_add(r->s, vals);
    return 1;
}

typedef struct collect {
    const puzzle *pz;
    const void *inst;
    sols *s;
    int *scratch;
} collect;

static int csp_cb(void *ctx, const csp *p) {
    collect *c = ctx;
    c->pz->decode(c->inst, 0, p, c->scratch);
    sols_add(c->s, c->scratch);
    return 1;
}

/* Every solution of inst under spec, through the puzzle's model. */
static int solve_all(const puzzle *pz, const void *inst, const char *spec, sols *out) {
    diag d;
    strategy_spec s;
    csp_config cfg;
    puzzle_model m;
    if (spec_parse(spec, pz, &s, &d)) return -1;
    spec_csp_setup(&s, &cfg, &m);
    csp *p = pz->build(inst, &m, &d);
    if (!p) return -1;
    out->width = pz->sol_cap(inst);
    collect c = {pz, inst, out, calloc(out->width + 1, sizeof(int))};
    csp_limits lim = {.all = 1};
    stats st = {0};
    csp_solve(p, &cfg, &lim, csp_cb, &c, &st);
    free(c.scratch);
    csp_free(p);
    return 0;
}

static void *parse_text(const puzzle *pz, const char *text, size_t len, diag *d) {
    lexer lx;
    if (lex_from_memory(&lx, "test.xml", text, len, d)) return NULL;
    void *inst = pz->parse(&lx, d);
    lex_close(&lx);
    return inst;
}

static const char *const specs[] = {"bt",
                                    "fc",
                                    "gac",
                                    "gac:queue=constraint-lifo",
                                    "gac:queue=arc-fifo",
                                    "gac:queue=arc-fifo,support=scan",
                                    "gac:queue=variable-fifo,support=rm",
                                    "gac:queue=dom",
                                    "gac:var=dom/wdeg",
                                    "fc:var=lex",
                                    "gac:alldiff=value",
                                    "gac:alldiff=bounds",
                                    "gac:queue=dom,alldiff=domain",
                                    "gac:var=dom/wdeg,alldiff=domain",
                                    "fc:alldiff=domain",
                                    "bt:alldiff=bounds",
                                    NULL};

/* The instance text under every strategy against the reference; the
 * reference must read it (the front end may refuse only what the
 * reference reads when refuse_ok says so). */
static void differential(const char *name, const char *text, size_t len) {
    const puzzle *pz = puzzle_find("xcsp");
    char err[256];
    xref *m = xref_read(text, len, err, sizeof err);
    CHECK_MSG(m != NULL, "%s: the reference cannot read it: %s", name, err);
    if (!m) return;
    sols want = {.width = (size_t)xref_nvars(m)};
    ref_sols rs = {m, &want, 0};
    long n = xref_solve(m, 2000000, ref_cb, &rs);
    CHECK_MSG(n >= 0, "%s: the reference needs too many nodes", name);
    diag d;
    void *inst = parse_text(pz, text, len, &d);
    CHECK_MSG(inst != NULL, "%s: %s", name, d.msg);
    if (inst) { /* the factor of the free variables: the counts both ways */
        unsigned long long f = 1;
        for (int v = 0; v < xref_nvars(m); v++)
            if (xref_is_free(m, v)) f *= (unsigned long long)xref_dom_size(m, v);
        char *got = xcsp_free_factor(inst), want_f[32];
        snprintf(want_f, sizeof want_f, "%llu", f);
        CHECK_MSG(!strcmp(got, want_f), "%s: free factor %s, the reference %s", name, got, want_f);
        CHECK_MSG(n < 0 || (unsigned long long)want.n * f == (unsigned long long)rs.all,
                  "%s: %zu solutions times the factor %llu, the reference %ld over every variable",
                  name, want.n, f, rs.all);
        xstrfree(got);
    }
    for (int k = 0; inst && n >= 0 && specs[k]; k++) {
        sols got = {0};
        CHECK(solve_all(pz, inst, specs[k], &got) == 0);
        CHECK_MSG(sols_equal(&got, &want), "%s, %s: %zu solutions, the reference %zu", name,
                  specs[k], got.n, want.n);
        char why[256];
        for (size_t i = 0; i < got.n && i < 50; i++)
            CHECK_MSG(xref_check(m, got.v + i * got.width, why, sizeof why), "%s: %s", name, why);
        /* and through solve_puzzle: the count, no wrong answer */
        if (k < 3) {
            solve_request rq = {.spec = specs[k], .all = 1};
            solve_result r;
            CHECK(solve_puzzle(pz, inst, &rq, &r, &d) == 0);
            CHECK(r.status == (want.n ? STATUS_SOLVED : STATUS_UNSAT));
            CHECK(r.solutions == want.n);
            solve_result_free(&r);
        }
        free(got.v);
    }
    if (inst) pz->destroy(inst);
    free(want.v);
    xref_free(m);
}

static void test_random(void) {
    for (uint64_t seed = 1; seed <= 400; seed++) {
        char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        gen_xcsp(seed, f);
        fclose(f);
        char name[32];
        snprintf(name, sizeof name, "seed %llu", (unsigned long long)seed);
        differential(name, text, len);
        free(text);
    }
}

static char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    *len = fread(s, 1, (size_t)n, f);
    s[*len] = '\0';
    fclose(f);
    return s;
}

static void corpus_file(const char *path, void *ctx) {
    (void)ctx;
    size_t len = 0;
    char *text = slurp(path, &len);
    CHECK_MSG(text != NULL, "cannot read %s", path);
    if (text) differential(path, text, len);
    free(text);
}

static void test_corpus(void) { corpus_each("tests/xcsp/corpus", ".xml", 20, corpus_file, NULL); }

/* ---- corners ---------------------------------------------------------------- */

#define HEAD "<instance format=\"XCSP3\" type=\"CSP\"><variables>"
static const char *const corners[] = {
    /* a table whose scope repeats a variable; stars against the twin */
    HEAD
    "<array id=\"x\" size=\"[3]\"> 0..2 </array></variables><constraints><group>"
    "<extension><list> %0 %1 %2 "
    "</list><supports>(0,0,1)(1,2,*)(2,2,0)(*,1,1)</supports></extension>"
    "<args> x[0] x[0] x[1] </args><args> x[1] x[2] x[1] </args></group></constraints></instance>",
    /* conflicts with a repeated variable and stars */
    HEAD "<array id=\"x\" size=\"[2]\"> 0..2 </array></variables><constraints><extension>"
         "<list> x[0] x[1] x[0] </list><conflicts>(0,*,0)(1,1,*)(2,0,1)</conflicts></extension>"
         "</constraints></instance>",
    /* a template parameter no expression uses, and constants as arguments */
    HEAD "<array id=\"x\" size=\"[3]\"> 0..3 </array></variables><constraints><group>"
         "<intension> le(add(%0,%2),%3) </intension><args> x[0] x[1] x[2] 3 </args>"
         "<args> 1 x[0] x[1] x[2] </args></group></constraints></instance>",
    /* the built-in relations and their evaluator twins */
    HEAD "<array id=\"x\" size=\"[4]\"> 0..3 </array></variables><constraints>"
         "<intension> ne(x[0],x[1]) </intension><intension> lt(x[1],x[2]) </intension>"
         "<intension> gt(x[3],x[2]) </intension><intension> ne(x[0],x[0]) </intension>"
         "</constraints></instance>",
    HEAD "<array id=\"x\" size=\"[3]\"> 0..3 </array></variables><constraints>"
         "<intension> lt(x[0],x[0]) </intension></constraints></instance>",
    HEAD "<array id=\"x\" size=\"[3]\"> 0..3 </array></variables><constraints>"
         "<group><intension> gt(%0,%1) </intension><args> x[0] x[1] </args><args> x[1] 2 </args>"
         "</group></constraints></instance>",
    /* a constant predicate: true (dropped), false (no solution) */
    HEAD
    "<var id=\"a\"> 1 5 </var></variables><constraints><group><intension> eq(%0,%1) </intension>"
    "<args> 2 2 </args></group></constraints></instance>",
    HEAD
    "<var id=\"a\"> 1 5 </var></variables><constraints><group><intension> eq(%0,%1) </intension>"
    "<args> 2 3 </args></group></constraints></instance>",
    /* no variable at all: one (empty) solution */
    "<instance format=\"XCSP3\" type=\"CSP\"><variables/><constraints/></instance>",
    /* instantiation outside the domain, and twice on one variable */
    HEAD
    "<var id=\"a\"> 1 5 </var><var id=\"b\"> 0..3 </var></variables><constraints>"
    "<instantiation><list> a b </list><values> 5 2 </values></instantiation>"
    "<instantiation><list> a </list><values> 5 </values></instantiation></constraints></instance>",
    HEAD
    "<var id=\"a\"> 1 5 </var><var id=\"b\"> 0..3 </var></variables><constraints>"
    "<instantiation><list> b </list><values> 9 </values></instantiation></constraints></instance>",
    /* unary tables: ranges, values beyond any domain, conflicts */
    HEAD "<array id=\"x\" size=\"[2]\"> -3..3 </array></variables><constraints>"
         "<extension><list> x[0] </list><supports> -5..-2 1 2..2000000000 </supports></extension>"
         "<extension><list> x[1] </list><conflicts> -3..0 3 "
         "</conflicts></extension></constraints></instance>",
    /* 3 dimensions, per-cell domains, every reference form */
    HEAD "<array id=\"c\" size=\"[2][2][2]\"><domain for=\"c[0][][1] c[1][1][0]\"> 0 1 </domain>"
         "<domain for=\"others\"> 1..2 </domain></array></variables><constraints>"
         "<allDifferent> c[0][0][] </allDifferent><allDifferent> c[][1][1] </allDifferent>"
         "<allDifferent><list> c[1][0..1][0] </list></allDifferent>"
         "<intension> eq(add(c[0][1][0],c[1][0][1]),3) </intension></constraints></instance>",
    /* matrix as rows of references */
    HEAD
    "<array id=\"m\" size=\"[2][3]\"> 0..2 </array></variables><constraints><allDifferent>"
    "<matrix> (m[0][]) (m[1][0] m[1][1] m[1][2]) </matrix></allDifferent></constraints></instance>",
    /* every operator, deep nesting */
    HEAD "<array id=\"x\" size=\"[3]\"> -2..2 </array></variables><constraints>"
         "<intension> or(xor(lt(neg(x[0]),abs(x[1])),ge(sqr(x[2]),1),not(eq(x[0],x[1],x[2]))),"
         "iff(le(min(x[0],x[1],x[2]),0),gt(max(x[0],x[1]),0)),imp(ne(dist(x[0],x[2]),2),"
         "eq(if(lt(x[0],0),mul(x[1],x[2],2),sub(x[1],x[2])),1))) </intension>"
         "<intension> and(ne(x[0],x[1]),ne(mul(add(x[0],1),sub(x[1],x[2])),0)) </intension>"
         "</constraints></instance>",
    /* a bare 0/1 variable as a predicate, and as logical operands */
    HEAD "<array id=\"b\" size=\"[3]\"> 0 1 </array></variables><constraints>"
         "<intension> b[0] </intension><intension> or(b[1],not(b[2])) </intension>"
         "<group><intension> imp(%0,%1) </intension><args> b[1] b[2] </args></group>"
         "</constraints></instance>",
    /* blocks, notes, classes, a <function> element, comments, CDATA */
    "<?xml version=\"1.0\"?><!-- c --><instance format=\"XCSP3\" type=\"CSP\"><variables>"
    "<var id=\"a\" note=\"n\"> 0..4 </var><var id=\"b\" type=\"integer\"> 0..4 </var></variables>"
    "<constraints><block class=\"k\" note=\"n\"><block><intension id=\"c0\" class=\"z\">"
    "<function> <![CDATA[lt(a,b)]]> </function></intension></block>"
    "<!-- between --><intension> eq(add(a,b),4) </intension></block></constraints></instance>",
};

static void test_corners(void) {
    for (size_t i = 0; i < sizeof corners / sizeof *corners; i++) {
        char name[32];
        snprintf(name, sizeof name, "corner %zu", i);
        differential(name, corners[i], strlen(corners[i]));
    }
}

/* ---- exports ------------------------------------------------------------------- */

static const char *const exports[][2] = {
    {"futoshiki", "4\n0 0 0 0\n0 2 0 0\n0 0 0 0\n0 0 0 0\n2\n0 0 0 1\n2 3 3 3\n"},
    {"futoshiki", "3\n0 0 0\n0 0 0\n0 0 0\n0\n"},
    {"futoshiki", NULL}, /* instances/futoshiki/case1.fut */
    {"museum", "3\n3 3 3\n3 3 3\n3 3 3\n"},
    {"museum", "2\n2 2\n2 2\n"},
    {"museum", NULL}, /* instances/museum/museum-n4-s1-000.mus */
    {"aquarium", "size 3 3\ncols 2 - 2\nrows - 2 -\nregions\na a b\nc a b\nc c b\n"},
    {"aquarium", "size 2 4\ncols - - - -\nrows 2 -\nregions\na a b b\na c c b\n"},
    {"aquarium", NULL}, /* instances/aquarium/blog_681742_6x6.aq */
};
static const char *const export_files[] = {"instances/futoshiki/case1.fut",
                                           "instances/museum/museum-n4-s1-000.mus",
                                           "instances/aquarium/blog_681742_6x6.aq"};

static void test_exports(void) {
    const puzzle *xp = puzzle_find("xcsp");
    for (size_t i = 0; i < sizeof exports / sizeof *exports; i++) {
        const puzzle *pz = puzzle_find(exports[i][0]);
        diag d;
        void *inst;
        if (exports[i][1]) {
            lexer lx;
            CHECK(lex_from_memory(&lx, "test", exports[i][1], strlen(exports[i][1]), &d) == 0);
            inst = pz->parse(&lx, &d);
            lex_close(&lx);
        } else {
            inst = puzzle_load(pz, export_files[i / 3], &d);
        }
        CHECK_MSG(inst != NULL, "%s: %s", exports[i][0], d.msg);
        if (!inst) continue;
        char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        CHECK(pz->write_xcsp3(inst, f) == 0);
        fclose(f);
        void *xi = parse_text(xp, text, len, &d);
        CHECK_MSG(xi != NULL, "%s export: %s", exports[i][0], d.msg);
        char err[256];
        xref *m = xref_read(text, len, err, sizeof err);
        CHECK_MSG(m != NULL, "%s export: the reference: %s", exports[i][0], err);
        if (xi && m) {
            sols a = {0}, b = {0};
            CHECK(solve_all(pz, inst, "gac", &a) == 0);
            CHECK(solve_all(xp, xi, "gac", &b) == 0);
            CHECK_MSG(sols_equal(&a, &b), "%s %zu: %zu solutions, its export %zu", exports[i][0], i,
                      a.n, b.n);
            char why[256];
            for (size_t k = 0; k < b.n; k++)
                CHECK_MSG(xref_check(m, b.v + k * b.width, why, sizeof why), "%s: %s",
                          exports[i][0], why);
            sols c = {0};
            CHECK(solve_all(xp, xi, "fc", &c) == 0);
            CHECK(sols_equal(&b, &c));
            CHECK(a.n > 0);
            free(a.v), free(b.v), free(c.v);
        }
        if (xi) xp->destroy(xi);
        xref_free(m);
        free(text);
        pz->destroy(inst);
    }
}

int main(void) {
    size_t base = xmem_current();
    test_corners();
    test_random();
    test_corpus();
    test_exports();
    CHECK(xmem_current() == base);
    return CHECK_DONE();
}
