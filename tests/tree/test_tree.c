/* test_tree.c - search trees recorded through the search hook:
 * - for bt, fc, gac (and the convict's own searches), with and without
 *   --all, on small instances of every puzzle: the tree's node count,
 *   solutions and failures equal the solver's counters; every node but the
 *   root has its parent (earlier in the order, one level up, a branch);
 *   NKids and the alternatives agree with the parent links; every branch
 *   has a child; bt has no wipe-outs, futoshiki's fc and gac no failures;
 * - the solution nodes are the solutions: the decisions on the path from
 *   the root to each one, with the givens, fill a grid that the puzzle's
 *   verifier accepts, and the first equals the solver's first solution;
 * - a solve with the hook counts exactly what it counts without it;
 * - the CP-Profiler database holds the same tree, in the order its loader
 *   needs, with its four tables; the DOT has one edge per parent link (plus
 *   one per x != v dot in the binary view);
 * - restarts (restart=luby:N, geom:N,F): every run's tree hangs from a
 *   virtual root, in order, and the counts above still hold (nodes + runs
 *   + 1 tree nodes, runs = restarts + 1);
 * - the limit: past max_nodes the recorder keeps counting and drops nodes;
 *   events out of depth-first order are refused;
 * - everything allocated is freed. */
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "core/xmalloc.h"
#include "solve/solve.h"
#include "tree/tree.h"

static void *parse_text(const puzzle *pz, const char *text) {
    lexer lx;
    diag d;
    if (lex_from_memory(&lx, "mem", text, strlen(text), &d)) return NULL;
    void *inst = pz->parse(&lx, &d);
    lex_close(&lx);
    return inst;
}

/* ---- the tree's shape ------------------------------------------------------ */

static void check_shape(const search_tree *t, const char *what) {
    CHECK_MSG(t->n >= 1 && t->node[0].parent == -1 && t->node[0].depth == (t->forest ? -1 : 0),
              "%s: root", what);
    if (t->forest) /* the virtual root's children are the runs' roots */
        CHECK_MSG(t->node[0].nkids == t->roots, "%s: %d runs, %d roots", what, t->node[0].nkids,
                  t->roots);
    int *kids = NEWN(t->n, int);
    for (size_t i = 1; i < t->n; i++) {
        const tree_node *nd = &t->node[i];
        int ok = nd->parent >= 0 && (size_t)nd->parent < i;
        CHECK_MSG(ok, "%s: node %zu has parent %d", what, i, nd->parent);
        if (!ok) continue;
        const tree_node *pa = &t->node[nd->parent];
        CHECK_MSG(nd->depth == pa->depth + 1, "%s: node %zu depth", what, i);
        CHECK_MSG(pa->kind == CSP_NODE_BRANCH, "%s: node %zu's parent is no branch", what, i);
        CHECK_MSG(nd->alt == kids[nd->parent], "%s: node %zu alternative %d, expected %d", what, i,
                  nd->alt, kids[nd->parent]);
        kids[nd->parent]++;
    }
    for (size_t i = 0; i < t->n; i++) {
        const tree_node *nd = &t->node[i];
        CHECK_MSG(nd->nkids == kids[i], "%s: node %zu NKids %d, %d children", what, i, nd->nkids,
                  kids[i]);
        int walk = 0, alt = 0;
        for (int k = nd->first_kid; k >= 0; k = t->node[k].next, alt++)
            walk += t->node[k].parent == (int)i && t->node[k].alt == alt;
        CHECK_MSG(walk == kids[i], "%s: node %zu's child list", what, i);
        if (nd->kind == CSP_NODE_BRANCH)
            CHECK_MSG(nd->nkids > 0, "%s: branch %zu has no child", what, i);
        else
            CHECK_MSG(nd->nkids == 0, "%s: leaf %zu has children", what, i);
    }
    FREEN(kids, t->n);
}

/* ---- futoshiki: the solution nodes are the solutions ------------------------ */

/* The givens of a futoshiki instance (0 for empty cells) from its text:
 * '#' comments skipped, n, then n*n numbers; returns n (0 on error). */
static int read_givens(const char *text_or_path, int from_text, int *grid, int cap) {
    char buf[8192];
    size_t len = 0;
    if (from_text) {
        len = strlen(text_or_path) < sizeof buf - 1 ? strlen(text_or_path) : sizeof buf - 1;
        memcpy(buf, text_or_path, len);
    } else {
        FILE *f = fopen(text_or_path, "r");
        if (!f) return 0;
        len = fread(buf, 1, sizeof buf - 1, f);
        fclose(f);
    }
    buf[len] = '\0';
    for (char *c = strchr(buf, '#'); c; c = strchr(c, '#')) /* blank the comments */
        while (*c && *c != '\n') *c++ = ' ';
    char *s = buf, *end;
    int n = (int)strtol(s, &end, 10);
    if (end == s || n <= 0 || n * n > cap) return 0;
    for (int k = 0; k < n * n; k++, s = end) grid[k] = (int)strtol(s = end, &end, 10);
    return n;
}

/* Adds the decisions "(r,c) = v" on the path from node id to the root
 * into grid; 0 if one does not parse or names a cell already filled (a
 * given, or decided twice). */
static int path_grid(const search_tree *t, int id, int n, int *grid) {
    for (; t->node[id].depth > 0; id = t->node[id].parent) {
        char dec[160];
        int r, c, v;
        tree_decision(t, id, 0, dec, sizeof dec);
        if (sscanf(dec, "(%d,%d) = %d", &r, &c, &v) != 3 || r < 0 || c < 0 || r >= n || c >= n)
            return 0;
        if (grid[r * n + c]) return 0;
        grid[r * n + c] = v;
    }
    return 1;
}

/* Each solution node's path, with the instance's givens, fills the whole
 * grid, and the verifier accepts it; the first is the solver's first. */
static void check_futoshiki_solutions(const puzzle *pz, const void *inst, const search_tree *t,
                                      const solve_result *r, const char *text_or_path,
                                      int from_text, const char *what) {
    int givens[81], grid[81], first = 1;
    int n = read_givens(text_or_path, from_text, givens, 81);
    CHECK_MSG(n == pz->size(inst), "%s: cannot read the givens", what);
    if (n != pz->size(inst)) return;
    for (size_t i = 0; i < t->n; i++) {
        if (t->node[i].kind != CSP_NODE_SOLUTION) continue;
        memcpy(grid, givens, sizeof grid);
        int ok = path_grid(t, (int)i, n, grid);
        for (int k = 0; k < n * n; k++) ok &= grid[k] != 0;
        CHECK_MSG(ok, "%s: solution node %zu's path does not fill the grid", what, i);
        char why[256] = "";
        CHECK_MSG(ok && pz->verify(inst, grid, (size_t)n * n, why, sizeof why),
                  "%s: solution node %zu is no solution: %s", what, i, why);
        if (ok && first && r->first)
            CHECK_MSG(!memcmp(grid, r->first, (size_t)n * n * sizeof *grid),
                      "%s: the first solution node is not the first solution", what);
        first = 0;
    }
}

/* ---- the CP-Profiler database ---------------------------------------------- */

static void check_db(const search_tree *t, const char *what) {
    char path[] = "/tmp/searchlab_tree_test_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd < 0) return;
    close(fd);
    diag d;
    int w = tree_write_cpprofiler(t, path, 1, &d);
    CHECK_MSG(w == 0, "%s: %s", what, d.msg);
    sqlite3 *db = NULL;
    CHECK(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK);
    /* the tables CP-Profiler's loader selects from */
    const char *tables[] = {"Bookmarks", "Nogoods", "Info"};
    for (int k = 0; k < 3; k++) {
        char q[64];
        snprintf(q, sizeof q, "select * from %s", tables[k]);
        sqlite3_stmt *st = NULL;
        CHECK_MSG(sqlite3_prepare_v2(db, q, -1, &st, NULL) == SQLITE_OK, "%s: table %s", what,
                  tables[k]);
        sqlite3_finalize(st);
    }
    /* the loader: "select * from Nodes", by column position, each row the
     * next child of its (already read) parent */
    sqlite3_stmt *st = NULL;
    CHECK(sqlite3_prepare_v2(db, "select * from Nodes", -1, &st, NULL) == SQLITE_OK);
    int *seen_kids = NEWN(t->n + 1, int), rows = 0, order_ok = 1, match = 1;
    while (st && sqlite3_step(st) == SQLITE_ROW) {
        int id = sqlite3_column_int(st, 0), pid = sqlite3_column_int(st, 1);
        int alt = sqlite3_column_int(st, 2), nk = sqlite3_column_int(st, 3);
        int status = sqlite3_column_int(st, 4);
        const char *label = (const char *)sqlite3_column_text(st, 5);
        if (id != rows || id < 0 || (size_t)id >= t->n) {
            order_ok = 0;
            break;
        }
        if (pid == -1) {
            order_ok &= id == 0 && alt == -1;
        } else {
            order_ok &= pid >= 0 && pid < id && alt == seen_kids[pid];
            if (pid >= 0 && pid < id) seen_kids[pid]++;
        }
        char dec[160];
        const tree_node *nd = &t->node[id];
        match &= pid == nd->parent && nk == nd->nkids && status == tree_cpp_status(nd) && label &&
                 !strcmp(label, tree_decision(t, id, 0, dec, sizeof dec));
        rows++;
    }
    sqlite3_finalize(st);
    CHECK_MSG((size_t)rows == t->n, "%s: %d rows for %zu nodes", what, rows, t->n);
    CHECK_MSG(order_ok, "%s: rows out of the loader's order", what);
    CHECK_MSG(match, "%s: a row differs from its node", what);
    for (size_t i = 0; order_ok && i < t->n; i++)
        CHECK_MSG(seen_kids[i] == t->node[i].nkids, "%s: NKids of row %zu", what, i);
    /* the status codes: 0 solved, 1 failed (failures and wipe-outs), 2 branch */
    sqlite3_stmt *cnt = NULL;
    CHECK(sqlite3_prepare_v2(db, "select Status, count(*) from Nodes group by Status", -1, &cnt,
                             NULL) == SQLITE_OK);
    long want[4] = {0}, got[4] = {0};
    for (size_t i = 0; i < t->n; i++) {
        int k = t->node[i].kind;
        want[k == CSP_NODE_SOLUTION ? 0 : k == CSP_NODE_BRANCH ? 2 : 1]++;
    }
    while (cnt && sqlite3_step(cnt) == SQLITE_ROW) {
        int status = sqlite3_column_int(cnt, 0);
        if (status >= 0 && status < 4)
            got[status] = (long)sqlite3_column_int64(cnt, 1);
        else
            got[3] = -1;
    }
    sqlite3_finalize(cnt);
    CHECK_MSG(!memcmp(want, got, sizeof want), "%s: status counts %ld/%ld/%ld/%ld", what, got[0],
              got[1], got[2], got[3]);
    FREEN(seen_kids, t->n + 1);
    sqlite3_close(db);
    unlink(path);
}

/* ---- the DOT ------------------------------------------------------------------ */

/* Occurrences of what in s (a plain scan: strstr in a loop is quadratic
 * under ASan, which checks the whole rest of s at each call). */
static size_t count(const char *s, const char *what) {
    size_t n = 0, m = strlen(what);
    for (; *s; s++) n += !strncmp(s, what, m);
    return n;
}

static void check_dot(const search_tree *t, const char *what) {
    for (int view = 0; view < 4; view++) {
        int binary = view & 1;
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        tree_dot_opts o = {
            .binary = binary, .labels = 1, .pruned = 1, .right = view >> 1, .title = what};
        const search_tree *tp[] = {t};
        CHECK(tree_write_dot(tp, NULL, 1, &o, f) == 0);
        fclose(f);
        size_t dots = count(buf, "[shape=point"); /* the binary view's x != v dots */
        CHECK_MSG(count(buf, " -> ") == t->n - 1 + dots, "%s: %zu edges for %zu nodes", what,
                  count(buf, " -> "), t->n);
        CHECK_MSG(binary || dots == 0, "%s: dots in the d-way view", what);
        free(buf); /* open_memstream's buffer: malloc */
    }
}

/* ---- one solve ---------------------------------------------------------------- */

static int forests; /* solves whose tree had several runs */

static void one(const puzzle *pz, const char *text_or_path, int from_text, const char *spec,
                int all) {
    char what[256];
    snprintf(what, sizeof what, "%s %.40s %s%s", pz->name, from_text ? "(text)" : text_or_path,
             spec, all ? " --all" : "");
    diag d;
    void *inst = from_text ? parse_text(pz, text_or_path) : puzzle_load(pz, text_or_path, &d);
    CHECK_MSG(inst != NULL, "%s: cannot load", what);
    if (!inst) return;
    search_tree t;
    tree_init(&t, 100000, 1);
    csp_search_hook hook = tree_hook(&t);
    solve_request rq = {.spec = spec, .all = all, .hook = &hook};
    solve_result r, plain;
    CHECK_MSG(solve_puzzle(pz, inst, &rq, &r, &d) == 0, "%s: %s", what, d.msg);
    rq.hook = NULL;
    CHECK(solve_puzzle(pz, inst, &rq, &plain, &d) == 0);

    CHECK_MSG(r.status == STATUS_SOLVED || r.status == STATUS_UNSAT, "%s: status %s", what,
              status_name(r.status));
    CHECK_MSG(tree_complete(&t), "%s: incomplete tree", what);
    CHECK_MSG(t.roots == (int)r.st.restarts + 1 && t.forest == (t.roots > 1), "%s: %d roots", what,
              t.roots);
    size_t extra = t.forest ? (size_t)t.roots + 1 : 1; /* the roots (and the virtual root) */
    CHECK_MSG(t.counted == r.st.nodes && t.n == r.st.nodes + extra,
              "%s: %zu tree nodes, %llu nodes", what, t.n, (unsigned long long)r.st.nodes);
    forests += t.forest;
    CHECK_MSG(t.solutions == r.st.solutions && t.solutions == r.solutions, "%s: solutions", what);
    CHECK_MSG(t.failures + t.wipeouts == r.st.fails, "%s: %llu + %llu failures, %llu fails", what,
              (unsigned long long)t.failures, (unsigned long long)t.wipeouts,
              (unsigned long long)r.st.fails);
    /* the same from the nodes themselves */
    uint64_t sol_nodes = 0, fail_nodes = 0;
    for (size_t i = 0; i < t.n; i++) {
        sol_nodes += t.node[i].kind == CSP_NODE_SOLUTION;
        fail_nodes += t.node[i].depth > 0 &&
                      (t.node[i].kind == CSP_NODE_FAILURE || t.node[i].kind == CSP_NODE_WIPEOUT);
    }
    CHECK_MSG(sol_nodes == r.solutions && fail_nodes == r.st.fails, "%s: node kinds", what);
    /* the hook watches: the search is the same without it */
    CHECK_MSG(plain.st.nodes == r.st.nodes && plain.st.fails == r.st.fails &&
                  plain.solutions == r.solutions,
              "%s: the hook changed the search", what);
    if (!strncmp(spec, "bt", 2)) CHECK_MSG(t.wipeouts == 0, "%s: wipe-outs in bt", what);
    check_shape(&t, what);
    if (!strcmp(pz->name, "futoshiki")) {
        if (strncmp(spec, "bt", 2)) CHECK_MSG(t.failures == 0, "%s: fc/gac failures", what);
        check_futoshiki_solutions(pz, inst, &t, &r, text_or_path, from_text, what);
    }
    check_db(&t, what);
    check_dot(&t, what);
    solve_result_free(&r);
    solve_result_free(&plain);
    tree_free(&t);
    pz->destroy(inst);
}

/* ---- the recorder alone --------------------------------------------------- */

static void test_limit(void) {
    const puzzle *pz = puzzle_find("futoshiki");
    diag d;
    void *inst = puzzle_load(pz, "instances/futoshiki/case1.fut", &d);
    search_tree t;
    tree_init(&t, 10, 0);
    csp_search_hook hook = tree_hook(&t);
    solve_request rq = {.spec = "bt", .hook = &hook};
    solve_result r;
    CHECK(solve_puzzle(pz, inst, &rq, &r, &d) == 0);
    CHECK(t.overflow && !tree_complete(&t));
    CHECK_MSG(t.n == 11, "kept %zu", t.n);
    CHECK_MSG(t.counted == r.st.nodes, "counted %llu of %llu", (unsigned long long)t.counted,
              (unsigned long long)r.st.nodes);
    solve_result_free(&r);
    tree_free(&t);
    pz->destroy(inst);
}

static void test_order(void) {
    search_tree t;
    tree_init(&t, 100, 0);
    csp_search_hook h = tree_hook(&t);
    csp_node_event root = {0, -1, 0, 0, CSP_NODE_BRANCH, NULL, 0, NULL};
    csp_node_event a = {1, 0, 1, 1, CSP_NODE_BRANCH, NULL, 0, "a"};
    csp_node_event jump = {3, 0, 1, 0, CSP_NODE_FAILURE, NULL, 0, "jump"};
    h.on_node(h.ctx, &root);
    h.on_node(h.ctx, &a);
    CHECK(tree_complete(&t));
    h.on_node(h.ctx, &jump); /* depth 3 under a node of depth 1 */
    CHECK(t.bad_order && !tree_complete(&t));
    tree_free(&t);

    tree_init(&t, 100, 0);
    h = tree_hook(&t);
    csp_node_event fail = {1, 0, 1, 0, CSP_NODE_FAILURE, NULL, 0, "f"};
    csp_node_event below = {2, 0, 1, 0, CSP_NODE_FAILURE, NULL, 0, "below"};
    h.on_node(h.ctx, &root);
    h.on_node(h.ctx, &fail);
    h.on_node(h.ctx, &below); /* a child of a failure */
    CHECK(t.bad_order);
    tree_free(&t);

    /* a restart: the runs under a virtual root, ids still depth-first */
    tree_init(&t, 100, 0);
    h = tree_hook(&t);
    csp_node_event run2 = {0, -1, 0, 0, CSP_NODE_BRANCH, NULL, 0, "run 2"};
    csp_node_event b = {1, 0, 2, 0, CSP_NODE_SOLUTION, NULL, 0, "b"};
    csp_node_event deep = {2, 0, 1, 0, CSP_NODE_FAILURE, NULL, 0, "d"};
    h.on_node(h.ctx, &root);
    h.on_node(h.ctx, &a);
    h.on_node(h.ctx, &deep); /* below a */
    h.on_node(h.ctx, &run2);
    h.on_node(h.ctx, &b);
    CHECK(t.roots == 2 && t.forest && tree_complete(&t) && t.n == 6);
    CHECK(t.node[0].depth == -1 && t.node[0].nkids == 2 && t.node[0].first_kid == 1);
    CHECK(t.node[1].parent == 0 && t.node[1].alt == 0 && t.node[1].next == 4);
    CHECK(t.node[2].parent == 1 && t.node[3].parent == 2);
    CHECK(t.node[4].parent == 0 && t.node[4].alt == 1 && t.node[4].depth == 0);
    CHECK(t.node[5].parent == 4 && t.node[5].kind == CSP_NODE_SOLUTION);
    char dec[64];
    CHECK(!strcmp(tree_decision(&t, 4, 0, dec, sizeof dec), "run 2"));
    CHECK(!strcmp(tree_decision(&t, 0, 0, dec, sizeof dec), ""));
    check_shape(&t, "two runs");
    tree_free(&t);
}

int main(void) {
    size_t mem0 = xmem_current();
    const puzzle *fut = puzzle_find("futoshiki");
    const char *specs[] = {"bt", "fc", "gac", "gac:queue=arc-fifo,var=dom/wdeg", "fc:var=lex"};
    const char *files[] = {"instances/futoshiki/case1.fut", "instances/futoshiki/case2.fut"};
    for (size_t f = 0; f < 2; f++)
        for (size_t s = 0; s < sizeof specs / sizeof *specs; s++)
            for (int all = 0; all < 2; all++) one(fut, files[f], 0, specs[s], all);
    /* restarts after every failure or two: several runs in one tree */
    const char *restarts[] = {"gac:restart=luby:1", "fc:var=dom/wdeg,restart=geom:1,1.5,lc=on",
                              "bt:var=lex,restart=geom:4,2"};
    for (size_t f = 0; f < 2; f++)
        for (size_t s = 0; s < 3; s++)
            for (int all = 0; all < 2; all++) one(fut, files[f], 0, restarts[s], all);
    CHECK_MSG(forests >= 4, "only %d solves restarted", forests);
    /* unsat after search (a < b in both rows of a 2x2 Latin square), unsat
     * at the root for fc and gac (a cell below a given 1), several solutions, and no
     * decision at all (every cell given) */
    const char *texts[] = {"2\n0 0\n0 0\n2\n0 0 0 1\n1 0 1 1\n", "2\n1 0\n0 0\n1\n0 1 0 0\n",
                           "3\n0 0 0\n0 0 0\n0 0 0\n1\n0 0 0 1\n", "2\n1 2\n2 1\n0\n"};
    for (size_t k = 0; k < 4; k++)
        for (size_t s = 0; s < 3; s++)
            for (int all = 0; all < 2; all++) one(fut, texts[k], 1, specs[s], all);
    const char *csp_puzzles[][2] = {{"museum", "instances/museum/museum-n4-s1-000.mus"},
                                    {"museum", "instances/museum/several_3x3.mus"},
                                    {"aquarium", "instances/aquarium/aquarium-n6-s1-000.aq"}};
    for (size_t k = 0; k < 3; k++)
        for (size_t s = 0; s < 3; s++)
            for (int all = 0; all < 2; all++)
                one(puzzle_find(csp_puzzles[k][0]), csp_puzzles[k][1], 0, specs[s], all);
    const puzzle *cvt = puzzle_find("convict");
    for (int i = 0; cvt->searches[i]; i++)
        for (int all = 0; all < 2; all++)
            one(cvt, "instances/convict/classic_4x4.cvt", 0, cvt->searches[i]->name, all);
    test_limit();
    test_order();
    CHECK_MSG(xmem_current() == mem0, "leaked %zu bytes", xmem_current() - mem0);
    return CHECK_DONE();
}
