/* convict_search.c - the convict's own route search: depth-first with an
 * explicit stack, a move order (classic or Warnsdorff) and optional cuts
 * (parity/counting, connectivity), behind the puzzle_search interface.
 *
 * Invariants of the search state:
 * - path[0..depth] is the route so far; path[0] is the start;
 * - visited[x] is 1 exactly for the open cells other than the start that
 *   are on the path (the start is never "visited": under rule return it
 *   may be entered again, under rule strict it is simply not a candidate);
 * - remaining = the open cells other than the start not yet visited (the
 *   exit included); ncolour[k] counts those of chessboard colour k;
 * - frame[d] holds the candidate moves out of path[d] and the next one to
 *   try.  The exit is a candidate only when it is the last cell left.
 * A node is one move tried (the root, standing on the start, is none); a
 * fail is a node with no way on (a cut, or no candidate move).  lim->hook
 * hears of the root and every node: a cut is reported as a wipe-out (the
 * inference refuted the node), no candidate move as a failure.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "../core/clock.h"
#include "../core/xmalloc.h"
#include "convict.h"

/* Classic program's order: down, right, up, left. */
static const int cvt_dr[4] = {1, 0, -1, 0};
static const int cvt_dc[4] = {0, 1, 0, -1};

enum { CVT_ORDER_CLASSIC, CVT_ORDER_WARNSDORFF };

typedef struct cvt_cfg {
    int order;
    int parity;  /* parity + counting (degree) cut */
    int connect; /* connectivity cut */
} cvt_cfg;

typedef struct cvt_frame {
    int cand[4];
    int n, next;
} cvt_frame;

typedef struct cvt_state {
    const cvt_inst *in;
    cvt_cfg cfg;
    int ncell;
    int nbr[4];
    unsigned char *visited;
    int *path;
    cvt_frame *frame;
    size_t cap;
    int depth, remaining;
    int ncolour[2];
    /* connectivity BFS: a queue and epoch stamps (no clearing per node) */
    int *queue;
    unsigned *seen;
    unsigned epoch;
    stats *st;
} cvt_state;

static int colour(const cvt_inst *in, int x) { return (x / in->cols + x % in->cols) & 1; }

/* Open neighbour of x in direction k, or -1. */
static int neighbour(const cvt_inst *in, int x, int k) {
    int r = x / in->cols + cvt_dr[k], c = x % in->cols + cvt_dc[k];
    if (r < 0 || c < 0 || r >= in->rows || c >= in->cols) return -1;
    int y = r * in->cols + c;
    return in->blocked[y] ? -1 : y;
}

/* 1 if the route may step from its end into y now. */
static int can_enter(const cvt_state *s, int y) {
    const cvt_inst *in = s->in;
    if (y == in->exit) return s->remaining == 1;
    if (y == in->start) return !in->strict;
    return !s->visited[y];
}

/* Onward moves from y (Warnsdorff's degree): unvisited open neighbours. */
static int onward(const cvt_state *s, int y) {
    int n = 0;
    for (int k = 0; k < 4; k++) {
        int z = neighbour(s->in, y, k);
        if (z >= 0 && z != s->in->start && !s->visited[z]) n++;
    }
    return n;
}

static void gen_moves(cvt_state *s, int x, cvt_frame *f) {
    int key[4];
    f->n = f->next = 0;
    for (int k = 0; k < 4; k++) {
        int y = neighbour(s->in, x, k);
        if (y < 0 || !can_enter(s, y)) continue;
        int w = s->cfg.order == CVT_ORDER_WARNSDORFF ? onward(s, y) : 0;
        int i = f->n++;
        /* stable insertion by key: ties keep the classic order */
        while (i > 0 && key[i - 1] > w) {
            key[i] = key[i - 1];
            f->cand[i] = f->cand[i - 1];
            i--;
        }
        key[i] = w;
        f->cand[i] = y;
    }
}

/* ---- cuts (each is sound: it never removes a branch that has a route) --- */

/* Cells that the rest of the route may use to enter or leave u. */
static int free_degree(const cvt_state *s, int u, int cur) {
    const cvt_inst *in = s->in;
    int n = 0;
    for (int k = 0; k < 4; k++) {
        int z = neighbour(in, u, k);
        if (z < 0) continue;
        if (z == cur || (z == in->start ? !in->strict : !s->visited[z])) n++;
    }
    return n;
}

/* Parity: the rest of the route alternates chessboard colours from the
 * current cell; visits to the start (at most one per unvisited neighbour
 * it could leave by) are the only cells that may be added.  Counting:
 * every unvisited cell that lost a neighbour by the last move still needs
 * two ways in and out (the exit one). */
static int parity_ok(cvt_state *s, int prev, int cur) {
    const cvt_inst *in = s->in;
    int k = s->remaining, same = s->ncolour[colour(in, cur)], opp = k - same;
    int smax = 0;
    if (!in->strict)
        for (int d = 0; d < 4; d++) {
            int z = neighbour(in, in->start, d);
            if (z >= 0 && !s->visited[z]) smax++;
        }
    int start_opp = colour(in, in->start) != colour(in, cur);
    int exit_opp = colour(in, in->exit) != colour(in, cur);
    int ok = 0;
    for (int t = 0; t <= smax && !ok; t++) {
        int len = k + t, odd = (len + 1) / 2, even = len / 2;
        int need_opp = opp + (start_opp ? t : 0), need_same = same + (start_opp ? 0 : t);
        ok = need_opp == odd && need_same == even && exit_opp == (len & 1);
    }
    ADD(s->st, checks, 1);
    if (!ok) return 0;
    for (int d = 0; d < 4; d++) {
        int u = neighbour(in, prev, d);
        if (u < 0 || u == cur || u == in->start || s->visited[u]) continue;
        ADD(s->st, checks, 1);
        if (free_degree(s, u, cur) < (u == in->exit ? 1 : 2)) return 0;
    }
    return 1;
}

/* Connectivity: every unvisited cell (the exit too) must be reachable from
 * the current cell through unvisited cells (and the start, under rule
 * return). */
static int connect_ok(cvt_state *s, int cur) {
    const cvt_inst *in = s->in;
    if (++s->epoch == 0) { /* wrapped: clear the stamps once */
        memset(s->seen, 0, (size_t)s->ncell * sizeof *s->seen);
        s->epoch = 1;
    }
    int head = 0, tail = 0, reached = 0;
    s->queue[tail++] = cur;
    s->seen[cur] = s->epoch;
    while (head < tail) {
        int x = s->queue[head++];
        for (int d = 0; d < 4; d++) {
            int z = neighbour(in, x, d);
            if (z < 0 || s->seen[z] == s->epoch) continue;
            int usable = z == in->start ? !in->strict : !s->visited[z];
            if (!usable) continue;
            s->seen[z] = s->epoch;
            if (z != in->start) reached++;
            s->queue[tail++] = z;
        }
    }
    ADD(s->st, checks, (uint64_t)tail);
    return reached == s->remaining;
}

/* ---- the search loop ---------------------------------------------------- */

/* --trace: one line per node, indented by depth. */
static void trace_move(const csp_limits *lim, const cvt_state *s, int y, const char *what) {
    if (lim && lim->trace)
        fprintf(lim->trace, "%*s(%d,%d)%s\n", 2 * (s->depth - 1), "", y / s->in->cols,
                y % s->in->cols, what);
}

/* Reports a node to lim->hook (only called when there is one): the move
 * into cell y as "(r,c)", depth 0 and y < 0 for the root. */
static void tell(const csp_limits *lim, const cvt_state *s, int y, int left, csp_node_kind kind) {
    char label[32] = "";
    if (y >= 0) snprintf(label, sizeof label, "(%d,%d)", y / s->in->cols, y % s->in->cols);
    csp_node_event e = {y < 0 ? 0 : s->depth, y, y < 0 ? 0 : s->depth, left, kind, NULL, 0, label};
    lim->hook->on_node(lim->hook->ctx, &e);
}

static void step_in(cvt_state *s, int y) {
    s->path[++s->depth] = y;
    if (y != s->in->start) {
        s->visited[y] = 1;
        s->remaining--;
        s->ncolour[colour(s->in, y)]--;
    }
}

static void step_out(cvt_state *s) {
    int y = s->path[s->depth--];
    if (y != s->in->start) {
        s->visited[y] = 0;
        s->remaining++;
        s->ncolour[colour(s->in, y)]++;
    }
}

static run_status cvt_search(const cvt_inst *in, const cvt_cfg *cfg, const csp_limits *lim,
                             puzzle_on_solution cb, void *ctx, stats *st) {
    uint64_t t0 = clock_ns(), cpu0 = lim && lim->start_ns
                                         ? lim->start_ns
                                         : clock_cpu_ns(); /* the limit is CPU time */
    cvt_state s = {.in = in, .cfg = *cfg, .ncell = in->rows * in->cols, .st = st};
    s.cap = cvt_route_cap(in);
    s.visited = NEWN((size_t)s.ncell, unsigned char);
    s.path = NEWN(s.cap, int);
    s.frame = NEWN(s.cap, cvt_frame);
    s.queue = NEWN((size_t)s.ncell, int);
    s.seen = NEWN((size_t)s.ncell, unsigned);
    for (int x = 0; x < s.ncell; x++)
        if (!in->blocked[x] && x != in->start) {
            s.remaining++;
            s.ncolour[colour(in, x)]++;
        }
    s.path[0] = in->start;
    gen_moves(&s, in->start, &s.frame[0]);
    run_status status = STATUS_UNSAT;
    uint64_t nodes0 = st->nodes;
    const int hooked = lim && lim->hook;
    if (hooked) tell(lim, &s, -1, 0, s.frame[0].n ? CSP_NODE_BRANCH : CSP_NODE_FAILURE);
    int stop = 0;
    while (!stop) {
        cvt_frame *f = &s.frame[s.depth];
        if (f->next == f->n) {
            if (s.depth == 0) break;
            step_out(&s);
            continue;
        }
        uint64_t done = st->nodes - nodes0;
        if (lim && lim->node_limit && done >= lim->node_limit) {
            status = STATUS_NODE_LIMIT;
            break;
        }
        if (lim && lim->timeout_s > 0 && (done & 1023) == 0 &&
            (double)(clock_cpu_ns() - cpu0) * 1e-9 >= lim->timeout_s) {
            status = STATUS_TIMEOUT;
            break;
        }
        int y = f->cand[f->next++];
        INC(st, nodes);
        if (f->next < f->n) INC(st, decisions);
        int prev = s.path[s.depth];
        step_in(&s, y);
        MAXTO(st, max_depth, s.depth);
        cvt_frame *g = &s.frame[s.depth];
        g->n = g->next = 0;
        if (y == in->exit) { /* the exit is entered only as the last cell */
            trace_move(lim, &s, y, " exit");
            INC(st, solutions);
            if (hooked) tell(lim, &s, y, f->n - f->next, CSP_NODE_SOLUTION);
            if (status == STATUS_UNSAT) status = STATUS_SOLVED;
            if ((cb && !cb(ctx, s.path, (size_t)s.depth + 1)) || !(lim && lim->all)) stop = 1;
            continue;
        }
        int ok = 1;
        if (cfg->parity || cfg->connect) {
            uint64_t c0 = clock_ns();
            INC(st, inference_calls);
            ok = (!cfg->parity || parity_ok(&s, prev, y)) && (!cfg->connect || connect_ok(&s, y));
            ADD(st, inference_ns, clock_ns() - c0);
        }
        if (ok) gen_moves(&s, y, g);
        if (g->n == 0) INC(st, fails);
        trace_move(lim, &s, y, !ok ? "  cut" : g->n == 0 ? "  fail" : "");
        if (hooked)
            tell(lim, &s, y, f->n - f->next,
                 !ok         ? CSP_NODE_WIPEOUT
                 : g->n == 0 ? CSP_NODE_FAILURE
                             : CSP_NODE_BRANCH);
    }
    FREEN(s.visited, (size_t)s.ncell);
    FREEN(s.path, s.cap);
    FREEN(s.frame, s.cap);
    FREEN(s.queue, (size_t)s.ncell);
    FREEN(s.seen, (size_t)s.ncell);
    ADD(st, total_ns, clock_ns() - t0);
    return status;
}

/* ---- options and the strategy tables ------------------------------------ */

/* The typed options of every search: keys order and cut. */
typedef struct cvt_opts {
    int order; /* CVT_ORDER_* */
    int cut;   /* index in cut_names */
} cvt_opts;

static const char *const order_names[] = {"classic", "warnsdorff", NULL};
static const char *const cut_names[] = {"none", "parity", "connect", "both", NULL};

static const spec_key cvt_keys[] = {
    {.name = "order",
     .doc = "move order: classic (down, right, up, left) or warnsdorff (fewest onward moves)",
     .names = order_names,
     .offset = offsetof(cvt_opts, order)},
    {.name = "cut",
     .doc = "cuts: parity (parity and counting), connect (unvisited cells stay connected), both",
     .names = cut_names,
     .offset = offsetof(cvt_opts, cut)},
    {0},
};

static int run(const void *inst, const void *opts, const csp_limits *lim, puzzle_on_solution cb,
               void *ctx, stats *st) {
    const cvt_opts *o = opts;
    cvt_cfg cfg = {o->order, o->cut == 1 || o->cut == 3, o->cut == 2 || o->cut == 3};
    return (int)cvt_search(inst, &cfg, lim, cb, ctx, st);
}

/* X(id, summary, preset): the searches are presets of the one search;
 * the first is the default. */
#define CVT_SEARCHES(X)                                                                            \
    X(smart, "Warnsdorff order with the parity and connectivity cuts (default)",                   \
      "order=warnsdorff,cut=both")                                                                 \
    X(dfs, "plain DFS in the classic order down, right, up, left", NULL)                           \
    X(parity, "DFS with the parity/counting cut", "cut=parity")                                    \
    X(connect, "DFS with the connectivity cut (unvisited cells and exit stay connected)",          \
      "cut=connect")                                                                               \
    X(warnsdorff, "DFS trying the neighbour with fewest onward moves first", "order=warnsdorff")

#define CVT_SEARCH_(id, summ, pre)                                                                 \
    static const puzzle_search search_##id = {                                                     \
        .name = #id, .summary = summ, .keys = cvt_keys, .preset = pre, .run = run};
CVT_SEARCHES(CVT_SEARCH_)
#undef CVT_SEARCH_

#define CVT_ENTRY_(id, summ, pre) &search_##id,
const puzzle_search *const cvt_searches[] = {CVT_SEARCHES(CVT_ENTRY_) NULL};
#undef CVT_ENTRY_

typedef struct route_counter {
    long found, limit;
} route_counter;

static int count_route(void *vc, const int *route, size_t n) {
    (void)route, (void)n;
    route_counter *c = vc;
    return ++c->found < c->limit;
}

long cvt_count_routes(const cvt_inst *in, long limit, uint64_t node_limit) {
    cvt_cfg cfg = {CVT_ORDER_WARNSDORFF, 1, 1}; /* smart */
    csp_limits lim = {.all = 1, .node_limit = node_limit};
    route_counter c = {0, limit};
    stats st = {0};
    run_status s = cvt_search(in, &cfg, &lim, count_route, &c, &st);
    return s == STATUS_SOLVED || s == STATUS_UNSAT || c.found >= limit ? c.found : -1;
}
