/* store_tree.c - the AVL tree store, ordered by (x, y).
 *
 * Invariant: for every node, the heights of its two subtrees differ by at
 * most one, and h is 1 + the larger one; parent pointers make iteration
 * and rebalancing iterative (no recursion).  A rectangle scan walks the
 * in-order sequence from (x0, y0) and jumps over the part of each column
 * outside [y0, y1] with one descent, so it touches the marbles inside
 * plus at most one per column crossed.
 */
#include "core/xmalloc.h"
#include "store.h"

typedef struct node {
    struct node *c[2], *p; /* children (left, right), parent */
    int32_t x, y;
    int colour;
    int h;
} node;

typedef struct tree_store {
    store base;
    node *root;
} tree_store;

static int cmp(int32_t x, int32_t y, const node *n) {
    if (x != n->x) return x < n->x ? -1 : 1;
    return (y > n->y) - (y < n->y);
}

static int height(const node *n) { return n ? n->h : 0; }

static void update(node *n) {
    int a = height(n->c[0]), b = height(n->c[1]);
    n->h = 1 + (a > b ? a : b);
}

/* Makes c take the place of n under n's parent. */
static void replace(tree_store *t, node *n, node *c) {
    if (!n->p)
        t->root = c;
    else if (n->p->c[0] == n)
        n->p->c[0] = c;
    else
        n->p->c[1] = c;
    if (c) c->p = n->p;
}

/* Rotates n down to side d (0 left, 1 right): its child on the other side
 * takes its place. */
static node *rotate(tree_store *t, node *n, int d) {
    node *r = n->c[!d];
    n->c[!d] = r->c[d];
    if (r->c[d]) r->c[d]->p = n;
    replace(t, n, r);
    r->c[d] = n;
    n->p = r;
    update(n);
    update(r);
    return r;
}

/* Restores the AVL invariant on the path from n to the root. */
static void rebalance(tree_store *t, node *n) {
    while (n) {
        update(n);
        int bal = height(n->c[0]) - height(n->c[1]);
        if (bal > 1 || bal < -1) {
            int heavy = bal < -1; /* the taller side */
            node *h = n->c[heavy];
            if (height(h->c[heavy]) < height(h->c[!heavy])) rotate(t, h, heavy);
            n = rotate(t, n, !heavy);
        }
        n = n->p;
    }
}

static node *find(const tree_store *t, int32_t x, int32_t y) {
    node *n = t->root;
    while (n) {
        int c = cmp(x, y, n);
        if (!c) return n;
        n = c < 0 ? n->c[0] : n->c[1];
    }
    return NULL;
}

/* The first node >= (x, y), or NULL; *steps counts the nodes visited. */
static node *lower_bound(const tree_store *t, int32_t x, int32_t y, uint64_t *steps) {
    node *n = t->root, *best = NULL;
    while (n) {
        ++*steps;
        if (cmp(x, y, n) <= 0)
            best = n, n = n->c[0];
        else
            n = n->c[1];
    }
    return best;
}

static node *next(node *n) {
    if (n->c[1]) {
        n = n->c[1];
        while (n->c[0]) n = n->c[0];
        return n;
    }
    while (n->p && n->p->c[1] == n) n = n->p;
    return n->p;
}

static store *tree_create(void) { return &NEWN(1, tree_store)->base; }

static void tree_destroy(store *s) {
    tree_store *t = (tree_store *)s;
    /* free by repeatedly cutting leaves: no recursion, no extra memory */
    node *n = t->root;
    while (n) {
        if (n->c[0])
            n = n->c[0];
        else if (n->c[1])
            n = n->c[1];
        else {
            node *p = n->p;
            if (p) {
                if (p->c[0] == n)
                    p->c[0] = NULL;
                else
                    p->c[1] = NULL;
            }
            FREEN(n, 1);
            n = p;
        }
    }
    FREEN(t, 1);
}

static int tree_get(const store *s, int32_t x, int32_t y) {
    node *n = find((const tree_store *)s, x, y);
    return n ? n->colour : STORE_EMPTY;
}

static int tree_put(store *s, int32_t x, int32_t y, int colour) {
    tree_store *t = (tree_store *)s;
    node *n = t->root, *parent = NULL;
    int c = 0;
    while (n) {
        c = cmp(x, y, n);
        if (!c) {
            int old = n->colour;
            n->colour = colour;
            return old;
        }
        parent = n;
        n = c < 0 ? n->c[0] : n->c[1];
    }
    n = NEWN(1, node);
    n->x = x, n->y = y, n->colour = colour, n->h = 1, n->p = parent;
    if (!parent)
        t->root = n;
    else if (c < 0)
        parent->c[0] = n;
    else
        parent->c[1] = n;
    s->count++;
    rebalance(t, parent);
    return STORE_EMPTY;
}

static int tree_erase(store *s, int32_t x, int32_t y) {
    tree_store *t = (tree_store *)s;
    node *n = find(t, x, y);
    if (!n) return STORE_EMPTY;
    int old = n->colour;
    if (n->c[0] && n->c[1]) { /* take the successor's place: it has no left child */
        node *m = n->c[1];
        while (m->c[0]) m = m->c[0];
        n->x = m->x, n->y = m->y, n->colour = m->colour;
        n = m;
    }
    node *child = n->c[0] ? n->c[0] : n->c[1], *parent = n->p;
    replace(t, n, child);
    FREEN(n, 1);
    s->count--;
    rebalance(t, parent);
    return old;
}

static uint64_t tree_scan(const store *s, const plane_rect *r, store_visit_fn visit, void *arg) {
    const tree_store *t = (const tree_store *)s;
    uint64_t steps = 0;
    node *n = lower_bound(t, r->x0, r->y0, &steps);
    while (n && n->x <= r->x1) {
        steps++;
        if (n->y < r->y0) {
            n = lower_bound(t, n->x, r->y0, &steps);
        } else if (n->y > r->y1) {
            if (n->x == INT32_MAX) break;
            n = lower_bound(t, n->x + 1, r->y0, &steps);
        } else {
            visit(arg, n->x, n->y, n->colour);
            n = next(n);
        }
    }
    return steps;
}

const store_ops store_tree_ops = {
    .name = "tree",
    .summary = "AVL tree ordered by (x, y), written here; native rectangle scan",
    .sorted_scan = 1,
    .create = tree_create,
    .destroy = tree_destroy,
    .get = tree_get,
    .put = tree_put,
    .erase = tree_erase,
    .scan = tree_scan,
};
