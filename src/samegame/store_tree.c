/* store_tree.c - the AVL tree store, ordered by (x, y).
 *
 * Invariant: for every node, the heights of its two subtrees differ by at
 * most one, and h is 1 + the larger one.  The cell is one 64-bit key whose
 * unsigned order is the (x, y) order, so a descent step is one comparison.
 * Nodes are 32 bytes (key, children, colour, height; no parent pointer),
 * carved from 32-byte aligned chunks, so a node never straddles a cache
 * line and a descent touches one line per level; erased nodes go to a
 * free list.  Without parent pointers, put and erase record the links of
 * their descent (at most TREE_MAX_HEIGHT) and retrace them bottom-up,
 * stopping at the first subtree whose height did not change; a rectangle
 * scan walks the in-order sequence with an explicit stack from (x0, y0)
 * and jumps over the part of each column outside [y0, y1] with one
 * descent, so it touches the marbles inside plus at most one per column
 * crossed.  Nothing recurses.
 */
#include <assert.h>
#include <stdint.h>

#include "core/xmalloc.h"
#include "store.h"

/* An AVL tree of height h holds at least F(h+2) - 1 nodes (Fibonacci), so
 * a tree of height 92 would hold over 2^63 nodes: 96 levels are enough. */
enum { TREE_MAX_HEIGHT = 96, CHUNK_NODES = 512 };

typedef struct node {
    uint64_t key;      /* tree_key(x, y) */
    struct node *c[2]; /* children: smaller keys, larger keys */
    int colour;
    int h;
} node;

typedef struct tree_store {
    store base;
    node *root;
    node *free_list;         /* erased nodes, linked through c[0] */
    node *fresh, *fresh_end; /* the unused part of the newest chunk */
    void **chunks;           /* the raw chunk allocations, for destroy */
    size_t nchunks, chunks_cap;
} tree_store;

/* Biased so that the unsigned order of the key is the (x, y) order. */
static uint64_t tree_key(int32_t x, int32_t y) {
    return (uint64_t)((int64_t)x + 2147483648) << 32 | (uint64_t)((int64_t)y + 2147483648);
}
static int32_t key_x(uint64_t k) { return (int32_t)((int64_t)(k >> 32) - 2147483648); }
static int32_t key_y(uint64_t k) { return (int32_t)((int64_t)(k & 0xffffffffu) - 2147483648); }

enum { CHUNK_BYTES = CHUNK_NODES * sizeof(node) + sizeof(node) }; /* + room to align */

static node *node_new(tree_store *t) {
    node *n = t->free_list;
    if (n) {
        t->free_list = n->c[0];
        return n;
    }
    if (t->fresh == t->fresh_end) {
        char *raw = xmalloc(CHUNK_BYTES);
        GROW(&t->chunks, &t->chunks_cap, t->nchunks + 1);
        t->chunks[t->nchunks++] = raw;
        uintptr_t skip = (sizeof(node) - (uintptr_t)raw % sizeof(node)) % sizeof(node);
        t->fresh = (node *)(void *)(raw + skip);
        t->fresh_end = t->fresh + CHUNK_NODES;
    }
    return t->fresh++;
}

static void node_free(tree_store *t, node *n) {
    n->c[0] = t->free_list;
    t->free_list = n;
}

/* ---- balance ----------------------------------------------------------- */

static int height(const node *n) { return n ? n->h : 0; }

static void update(node *n) {
    int a = height(n->c[0]), b = height(n->c[1]);
    n->h = 1 + (a > b ? a : b);
}

/* Rotates n down to side d (0 left, 1 right); returns the child on the
 * other side, which takes n's place. */
static node *rotate(node *n, int d) {
    node *r = n->c[!d];
    n->c[!d] = r->c[d];
    r->c[d] = n;
    update(n);
    update(r);
    return r;
}

/* Recomputes the height of *link and restores the AVL invariant there. */
static void fix(node **link) {
    node *n = *link;
    update(n);
    int bal = height(n->c[0]) - height(n->c[1]);
    if (bal > 1 || bal < -1) {
        int heavy = bal < -1; /* the taller side */
        node *h = n->c[heavy];
        if (height(h->c[heavy]) < height(h->c[!heavy])) n->c[heavy] = rotate(h, heavy);
        *link = rotate(n, !heavy);
    }
}

/* path[0..depth-1]: the links from the root down to the changed place.
 * Fixes them bottom-up until a subtree keeps its height: nothing above
 * it can change then. */
static void retrace(node **path[], int depth) {
    while (depth > 0) {
        node **link = path[--depth];
        int before = (*link)->h;
        fix(link);
        if ((*link)->h == before) return;
    }
}

/* ---- the store operations ---------------------------------------------- */

static store *tree_create(void) { return &NEWN(1, tree_store)->base; }

static void tree_destroy(store *s) {
    tree_store *t = (tree_store *)s;
    for (size_t i = 0; i < t->nchunks; i++) xfree(t->chunks[i], CHUNK_BYTES);
    if (t->chunks_cap) FREEN(t->chunks, t->chunks_cap);
    FREEN(t, 1);
}

static int tree_get(const store *s, int32_t x, int32_t y) {
    uint64_t k = tree_key(x, y);
    const node *n = ((const tree_store *)s)->root;
    while (n && n->key != k) n = n->c[n->key < k];
    return n ? n->colour : STORE_EMPTY;
}

static int tree_put(store *s, int32_t x, int32_t y, int colour) {
    tree_store *t = (tree_store *)s;
    uint64_t k = tree_key(x, y);
    node **path[TREE_MAX_HEIGHT], **link = &t->root;
    int depth = 0;
    for (node *n; (n = *link) != NULL; link = &n->c[n->key < k]) {
        if (n->key == k) {
            int old = n->colour;
            n->colour = colour;
            return old;
        }
        assert(depth < TREE_MAX_HEIGHT);
        path[depth++] = link;
    }
    node *n = node_new(t);
    *n = (node){.key = k, .colour = colour, .h = 1};
    *link = n;
    s->count++;
    retrace(path, depth);
    return STORE_EMPTY;
}

static int tree_erase(store *s, int32_t x, int32_t y) {
    tree_store *t = (tree_store *)s;
    uint64_t k = tree_key(x, y);
    node **path[TREE_MAX_HEIGHT], **link = &t->root;
    int depth = 0;
    for (node *n; (n = *link) != NULL && n->key != k; link = &n->c[n->key < k]) {
        assert(depth < TREE_MAX_HEIGHT);
        path[depth++] = link;
    }
    node *n = *link;
    if (!n) return STORE_EMPTY;
    int old = n->colour;
    if (n->c[0] && n->c[1]) { /* take the successor's cell: it has no left child */
        path[depth++] = link;
        for (link = &n->c[1]; (*link)->c[0]; link = &(*link)->c[0]) {
            assert(depth < TREE_MAX_HEIGHT);
            path[depth++] = link;
        }
        n->key = (*link)->key, n->colour = (*link)->colour;
        n = *link;
    }
    *link = n->c[0] ? n->c[0] : n->c[1];
    node_free(t, n);
    s->count--;
    retrace(path, depth);
    return old;
}

/* ---- rectangle scan ---------------------------------------------------- */

/* An in-order cursor: the current node on top of the ancestors whose left
 * subtree holds it (the nodes still to visit after it). */
typedef struct cursor {
    const node *stack[TREE_MAX_HEIGHT];
    int n;
} cursor;

/* Places the cursor on the first node >= k; returns it, or NULL. */
static const node *seek(const tree_store *t, cursor *cur, uint64_t k, uint64_t *steps) {
    cur->n = 0;
    for (const node *n = t->root; n; n = n->c[n->key < k]) {
        ++*steps;
        if (k <= n->key) cur->stack[cur->n++] = n;
    }
    return cur->n ? cur->stack[cur->n - 1] : NULL;
}

/* Moves the cursor to the next node in order; returns it, or NULL. */
static const node *advance(cursor *cur) {
    for (const node *n = cur->stack[--cur->n]->c[1]; n; n = n->c[0]) cur->stack[cur->n++] = n;
    return cur->n ? cur->stack[cur->n - 1] : NULL;
}

static uint64_t tree_scan(const store *s, const plane_rect *r, store_visit_fn visit, void *arg) {
    const tree_store *t = (const tree_store *)s;
    uint64_t steps = 0;
    cursor cur;
    const node *n = seek(t, &cur, tree_key(r->x0, r->y0), &steps);
    while (n && key_x(n->key) <= r->x1) {
        int32_t x = key_x(n->key), y = key_y(n->key);
        steps++;
        if (y < r->y0) {
            n = seek(t, &cur, tree_key(x, r->y0), &steps);
        } else if (y > r->y1) {
            if (x == INT32_MAX) break;
            n = seek(t, &cur, tree_key(x + 1, r->y0), &steps);
        } else {
            visit(arg, x, y, n->colour);
            n = advance(&cur);
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
