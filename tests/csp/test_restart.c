/* test_restart.c - restarts and last-conflict reasoning (src/csp/restart.c,
 * search.c):
 * - the Luby sequence and the geometric cutoffs against values worked out
 *   by hand, and their saturation;
 * - the text forms: every good one reads back as it was written, every bad
 *   one is refused with a message that says what is wrong;
 * - on Futoshiki boards: the `restarts` counter agrees with the cutoffs
 *   (the failures of the completed runs add up to their cutoffs), the
 *   dom/wdeg weights survive restarts (the weights grow by one per failed
 *   node over all runs), the same seed gives the same search and other
 *   seeds other searches, and without restarts the seed changes nothing;
 * - last conflict: after a failure, the next variable branched on is the
 *   failed one while it is unassigned (watched through the search hook);
 * - everything allocated is freed. */
#include <string.h>

#include "check.h"
#include "core/xmalloc.h"
#include "solve/solve.h"

/* ---- the sequences ----------------------------------------------------- */

static void test_luby(void) {
    /* Luby, Sinclair, Zuckerman 1993: 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... */
    const uint64_t want[] = {1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8,  1,
                             1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 16, 1};
    for (uint64_t i = 1; i <= sizeof want / sizeof *want; i++)
        CHECK_MSG(csp_luby(i) == want[i - 1], "luby(%llu) = %llu, want %llu", (unsigned long long)i,
                  (unsigned long long)csp_luby(i), (unsigned long long)want[i - 1]);
    for (int k = 1; k <= 63; k++) { /* luby(2^k - 1) = 2^(k-1), and 1 right after */
        uint64_t top = ((uint64_t)1 << k) - 1;
        CHECK_MSG(csp_luby(top) == (uint64_t)1 << (k - 1), "luby(2^%d - 1)", k);
        CHECK_MSG(csp_luby(top + 1) == 1, "luby(2^%d)", k);
    }
    CHECK(csp_luby(~(uint64_t)0) == (uint64_t)1 << 63);
}

static void test_cutoffs(void) {
    csp_restart luby = {CSP_RESTART_LUBY, 3, 1};
    const uint64_t lw[] = {3, 3, 6, 3, 3, 6, 12, 3, 3, 6, 3, 3, 6, 12, 24};
    for (uint64_t i = 1; i <= 15; i++) CHECK(csp_restart_cutoff(&luby, i) == lw[i - 1]);
    /* 100 * 1.5^(i-1), truncated: 337.5 -> 337, 506.25 -> 506, ... */
    csp_restart geom = {CSP_RESTART_GEOM, 100, 1.5};
    const uint64_t gw[] = {100, 150, 225, 337, 506, 759, 1139, 1708, 2562};
    for (uint64_t i = 1; i <= 9; i++)
        CHECK_MSG(csp_restart_cutoff(&geom, i) == gw[i - 1], "geom(%llu) = %llu",
                  (unsigned long long)i, (unsigned long long)csp_restart_cutoff(&geom, i));
    csp_restart dbl = {CSP_RESTART_GEOM, 1, 2};
    for (uint64_t i = 1; i <= 40; i++) CHECK(csp_restart_cutoff(&dbl, i) == (uint64_t)1 << (i - 1));
    /* saturation instead of overflow */
    csp_restart big = {CSP_RESTART_GEOM, CSP_RESTART_MAX_BASE, CSP_RESTART_MAX_FACTOR};
    CHECK(csp_restart_cutoff(&big, 1000000) == (uint64_t)1 << 62);
    csp_restart lbig = {CSP_RESTART_LUBY, CSP_RESTART_MAX_BASE, 1};
    CHECK(csp_restart_cutoff(&lbig, ((uint64_t)1 << 50) - 1) == (uint64_t)1 << 62);
    CHECK(csp_restart_cutoff(&lbig, 3) == 2 * (uint64_t)CSP_RESTART_MAX_BASE);
}

/* ---- the text forms --------------------------------------------------------- */

static void test_forms(void) {
    const char *good[] = {"none",          "luby:1",     "luby:100", "luby:1000000000",
                          "geom:100,1.5",  "geom:1,1.1", "geom:7,2", "geom:3,1000",
                          "geom:10,1.0001"};
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        csp_restart r;
        diag d = {{0}};
        char back[64];
        CHECK_MSG(csp_restart_parse(good[i], &r, &d) == 0, "%s: %s", good[i], d.msg);
        csp_restart_show(&r, back, sizeof back);
        CHECK_MSG(!strcmp(back, good[i]), "%s reads back as %s", good[i], back);
    }
    csp_restart r;
    diag d;
    CHECK(csp_restart_parse("geom:100,1.5", &r, &d) == 0 && r.kind == CSP_RESTART_GEOM &&
          r.base == 100 && r.factor == 1.5);
    CHECK(csp_restart_parse("luby:64", &r, &d) == 0 && r.kind == CSP_RESTART_LUBY && r.base == 64);
    struct {
        const char *text, *msg;
    } bad[] = {
        {"", "unknown restart policy"},
        {"luby", "unknown restart policy"},
        {"restart", "unknown restart policy"},
        {"fixed:100", "unknown restart policy"},
        {"luby:", "N must be an integer from 1 to"},
        {"luby:0", "N must be an integer from 1 to"},
        {"luby:-1", "N must be an integer from 1 to"},
        {"luby: 5", "N must be an integer from 1 to"},
        {"luby:5x", "N must be an integer from 1 to"},
        {"luby:1000000001", "N must be an integer from 1 to"},
        {"luby:99999999999999999999999", "N must be an integer from 1 to"},
        {"luby:100,2", "N must be an integer from 1 to"},
        {"geom:100", "geom needs a cutoff and a factor"},
        {"geom:,2", "N must be an integer from 1 to"},
        {"geom:0,2", "N must be an integer from 1 to"},
        {"geom:100,", "F must be a number above 1"},
        {"geom:100,1", "F must be a number above 1"},
        {"geom:100,0.5", "F must be a number above 1"},
        {"geom:100,-2", "F must be a number above 1"},
        {"geom:100,1001", "F must be a number above 1"},
        {"geom:100,inf", "F must be a number above 1"},
        {"geom:100,nan", "F must be a number above 1"},
        {"geom:100,1e999", "F must be a number above 1"},
        {"geom:100,0x2", "F must be a number above 1"},
        {"geom:100, 2", "F must be a number above 1"},
        {"geom:100,2,3", "F must be a number above 1"},
        {"geom:100,1.5x", "F must be a number above 1"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        diag e = {{0}};
        CHECK_MSG(csp_restart_parse(bad[i].text, &r, &e) == -1 && strstr(e.msg, bad[i].msg),
                  "'%s': '%s', want '%s'", bad[i].text, e.msg, bad[i].msg);
    }
}

/* ---- searches ------------------------------------------------------------- */

static const puzzle *pz;

/* A board where the search fails often (a minimal 9x9: hundreds of
 * failures without restarts). */
#define HARD "instances/futoshiki/hard/futoshiki-n9-s901-d0.05-e0.5-min-002.fut"

static solve_result solve(const void *inst, const char *spec, uint64_t seed, int all) {
    solve_request rq = {.spec = spec, .seed = seed, .all = all};
    solve_result r;
    diag d;
    int ok = solve_puzzle(pz, inst, &rq, &r, &d) == 0;
    CHECK_MSG(ok, "%s: %s", spec, d.msg);
    if (!ok) memset(&r, 0, sizeof r);
    CHECK_MSG(r.status == STATUS_SOLVED, "%s: %s", spec, status_name(r.status));
    return r;
}

/* The failures of the completed runs are their cutoffs, and the last run
 * stopped (at the solution) before its own. */
static void test_counter(const void *inst) {
    const char *specs[] = {"gac:queue=dom,var=dom/wdeg,restart=luby:1", "gac:restart=luby:4",
                           "fc:var=dom/wdeg,restart=geom:2,1.3", "gac:queue=dom,restart=geom:5,2",
                           "gac:queue=dom,var=dom/wdeg,restart=luby:2,lc=on"};
    for (size_t s = 0; s < sizeof specs / sizeof *specs; s++) {
        strategy_spec sp;
        diag d;
        CHECK(spec_parse(specs[s], pz, &sp, &d) == 0);
        const csp_restart *rs = &sp.u.csp.cfg.restart;
        solve_result r = solve(inst, specs[s], 7, 0);
        uint64_t before = 0;
        for (uint64_t i = 1; i <= r.st.restarts; i++) before += csp_restart_cutoff(rs, i);
        uint64_t last = csp_restart_cutoff(rs, r.st.restarts + 1);
        CHECK_MSG(r.st.restarts > 0, "%s: no restart", specs[s]);
        CHECK_MSG(r.st.fails >= before && r.st.fails < before + last,
                  "%s: %llu fails, %llu restarts", specs[s], (unsigned long long)r.st.fails,
                  (unsigned long long)r.st.restarts);
        solve_result_free(&r);
    }
    solve_result r = solve(inst, "gac:var=dom/wdeg", 7, 0);
    CHECK(r.st.restarts == 0 && r.st.fails > 0);
    solve_result_free(&r);
}

/* Same seed, same search; another seed, another search (for some of 8
 * seeds); without restarts the seed is not read. */
static void test_seeds(const void *inst) {
    const char *spec = "gac:queue=dom,var=dom/wdeg,restart=geom:10,1.5";
    solve_result a = solve(inst, spec, 42, 0), b = solve(inst, spec, 42, 0);
    CHECK(a.st.nodes == b.st.nodes && a.st.fails == b.st.fails && a.st.restarts == b.st.restarts &&
          a.st.prunings == b.st.prunings);
    CHECK(a.first && b.first && !memcmp(a.first, b.first, a.first_len * sizeof *a.first));
    int other = 0;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        solve_result c = solve(inst, spec, seed, 0);
        other += c.st.nodes != a.st.nodes;
        solve_result_free(&c);
    }
    CHECK_MSG(other >= 4, "only %d of 8 seeds change the search", other);
    solve_result_free(&a);
    solve_result_free(&b);
    for (int lc = 0; lc < 2; lc++) {
        const char *plain = lc ? "gac:var=dom/wdeg,lc=on" : "gac:var=dom/wdeg";
        solve_result x = solve(inst, plain, 1, 0), y = solve(inst, plain, 99, 0);
        CHECK_MSG(x.st.nodes == y.st.nodes && x.st.fails == y.st.fails, "%s reads the seed", plain);
        solve_result_free(&x);
        solve_result_free(&y);
    }
}

/* The weights of dom/wdeg go up by one per failed node, in every run: a
 * restart keeps them (and the search leaves them for the next search). */
static void test_weights(const void *hard) {
    /* fc and bt on the small case 2: on the 9x9, fc takes 10^5 nodes and
     * more, and bt's random ties are hopeless (every domain stays full,
     * so every choice is a tie) */
    const char *specs[] = {"gac:var=dom/wdeg,restart=luby:1", "fc:var=dom/wdeg,restart=luby:1",
                           "bt:var=lex,restart=geom:5,2"};
    diag d0;
    void *small = puzzle_load(pz, "instances/futoshiki/case2.fut", &d0);
    CHECK(small != NULL);
    for (size_t s = 0; s < sizeof specs / sizeof *specs && small; s++) {
        const void *inst = s < 1 ? hard : small;
        strategy_spec sp;
        diag d;
        CHECK(spec_parse(specs[s], pz, &sp, &d) == 0);
        csp_config cfg = sp.u.csp.cfg;
        cfg.strategy = csp_find_strategy(sp.name);
        csp *p = pz->build(inst, &(puzzle_model){0}, &d);
        CHECK(p != NULL);
        if (!p) continue;
        csp_limits lim = {.node_limit = 2000000, .seed = 3};
        stats st = {0};
        run_status rs = csp_solve(p, &cfg, &lim, NULL, NULL, &st);
        uint64_t grown = 0;
        for (int c = 0; c < p->ncons; c++) grown += csp_weight(p, c) - 1;
        CHECK_MSG(rs == STATUS_SOLVED && st.restarts > 2, "%s: %s after %llu restarts", specs[s],
                  status_name(rs), (unsigned long long)st.restarts);
        CHECK_MSG(grown == st.fails, "%s: weights grew by %llu for %llu failed nodes", specs[s],
                  (unsigned long long)grown, (unsigned long long)st.fails);
        csp_free(p);
    }
    if (small) pz->destroy(small);
}

/* ---- last conflict ------------------------------------------------------- */

/* Replays lc's rule on the hook's events: the first node of a new frame
 * (the event after a branch, one level down) must be on the last failed
 * variable while that one is not on the path. */
typedef struct lc_watch {
    int path[128]; /* path[d]: the variable decided at depth d */
    int lc, last_depth, last_branch, checked, broken;
} lc_watch;

static void on_node(void *ctx, const csp_node_event *e) {
    lc_watch *w = ctx;
    if (e->depth == 0) { /* a (re)start: no conflict yet */
        w->lc = -1;
        w->last_depth = 0;
        w->last_branch = e->kind == CSP_NODE_BRANCH;
        return;
    }
    if (e->depth >= 128) return;
    int new_frame = w->last_branch && e->depth == w->last_depth + 1;
    if (new_frame && w->lc >= 0) {
        int on_path = 0;
        for (int k = 1; k < e->depth; k++) on_path |= w->path[k] == w->lc;
        if (!on_path) {
            w->checked++;
            w->broken += e->var != w->lc;
        }
    }
    w->path[e->depth] = e->var;
    if (e->kind == CSP_NODE_FAILURE || e->kind == CSP_NODE_WIPEOUT)
        w->lc = e->var;
    else if (e->var == w->lc)
        w->lc = -1;
    w->last_depth = e->depth;
    w->last_branch = e->kind == CSP_NODE_BRANCH;
}

static void test_last_conflict(const void *inst) {
    const char *specs[] = {"gac:queue=dom,var=dom/wdeg,lc=on", "gac:var=dom,lc=on,restart=luby:8",
                           "fc:lc=on"};
    diag d0;
    void *small = puzzle_load(pz, "instances/futoshiki/case2.fut", &d0); /* for fc */
    CHECK(small != NULL);
    for (size_t s = 0; s < sizeof specs / sizeof *specs && small; s++) {
        lc_watch w = {.lc = -1};
        csp_search_hook hook = {on_node, &w};
        solve_request rq = {.spec = specs[s], .hook = &hook, .all = 1};
        solve_result r;
        diag d;
        CHECK(solve_puzzle(pz, s < 2 ? inst : small, &rq, &r, &d) == 0);
        CHECK_MSG(r.status == STATUS_SOLVED && r.solutions == 1, "%s", specs[s]);
        CHECK_MSG(w.checked > 10 && w.broken == 0, "%s: %d of %d choices broke lc", specs[s],
                  w.broken, w.checked);
        solve_result_free(&r);
    }
    if (small) pz->destroy(small);
    /* lc changes the search (on this board), and off means off */
    solve_result on = solve(inst, "gac:queue=dom,var=dom/wdeg,lc=on", 1, 1);
    solve_result off = solve(inst, "gac:queue=dom,var=dom/wdeg,lc=off", 1, 1);
    solve_result none = solve(inst, "gac:queue=dom,var=dom/wdeg", 1, 1);
    CHECK(on.st.nodes != off.st.nodes && off.st.nodes == none.st.nodes);
    solve_result_free(&on);
    solve_result_free(&off);
    solve_result_free(&none);
}

int main(void) {
    size_t mem0 = xmem_current();
    test_luby();
    test_cutoffs();
    test_forms();
    pz = puzzle_find("futoshiki");
    diag d;
    void *inst = puzzle_load(pz, HARD, &d);
    CHECK_MSG(inst != NULL, "%s", d.msg);
    if (inst) {
        test_counter(inst);
        test_seeds(inst);
        test_weights(inst);
        test_last_conflict(inst);
        pz->destroy(inst);
    }
    CHECK_MSG(xmem_current() == mem0, "leaked %zu bytes", xmem_current() - mem0);
    return CHECK_DONE();
}
