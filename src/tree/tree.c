/* tree.c - the in-memory search tree and its recorder (the search hook).
 *
 * Invariant while recording: path[0..top] are the ids of the nodes on the
 * path from the root (of the current run) to the last node kept, so a
 * depth-first search's next node, at depth d <= top + 1, is a child of
 * path[d - 1].  The second root of a search with restarts turns the tree
 * into a forest (make_forest): every id moves up by one to make room for
 * the virtual root at 0, which keeps the ids in depth-first order. */
#include <string.h>

#include "../core/xmalloc.h"
#include "../csp/changes.h"
#include "tree.h"

void tree_init(search_tree *t, size_t max_nodes, int record_pruned) {
    memset(t, 0, sizeof *t);
    t->max_nodes = max_nodes;
    t->record_pruned = record_pruned;
    t->top = -1;
}

void tree_free(search_tree *t) {
    if (t->node) FREEN(t->node, t->cap);
    if (t->text) FREEN(t->text, t->text_cap);
    if (t->path) FREEN(t->path, t->path_cap);
    if (t->stamp) FREEN(t->stamp, t->stamp_cap);
    memset(t, 0, sizeof *t);
}

int tree_complete(const search_tree *t) {
    if (t->overflow || t->bad_order || t->roots < 1) return 0;
    if (t->roots == 1) return !t->forest && t->n == t->counted + 1;
    return t->forest && t->n == t->counted + (uint64_t)t->roots + 1;
}

/* ---- texts ---------------------------------------------------------------- */

/* Appends s (n bytes) and a NUL; returns its offset. */
static size_t text_add(search_tree *t, const char *s, size_t n) {
    GROW(&t->text, &t->text_cap, t->text_len + n + 1);
    size_t at = t->text_len;
    memcpy(t->text + at, s, n);
    t->text[at + n] = '\0';
    t->text_len += n + 1;
    return at;
}

/* Appends to the string being built at offset `at` (the last one). */
static void text_more(search_tree *t, const char *s) {
    size_t n = strlen(s);
    GROW(&t->text, &t->text_cap, t->text_len + n);
    memcpy(t->text + t->text_len - 1, s, n + 1);
    t->text_len += n;
}

static void var_name(const csp *p, int v, char *buf, size_t size) {
    if (p->names && p->names[v])
        snprintf(buf, size, "%s", p->names[v]);
    else
        snprintf(buf, size, "x%d", v);
}

/* The values pruned by the node's inference: for each variable changed
 * above the mark, its domain before the node (its first trail entry
 * there; for the decision variable, the decided value) less its domain
 * now.  A variable of another representation than bits is shown by how
 * many values left it and its bounds now (its trail entries are words of
 * the representation, not domains).  TREE_NO_TEXT when nothing was
 * pruned. */
static size_t pruned_text(search_tree *t, const csp_node_event *e) {
    const csp *p = e->p;
    size_t had = t->stamp_cap;
    GROW(&t->stamp, &t->stamp_cap, (size_t)p->nvars);
    memset(t->stamp + had, 0, (t->stamp_cap - had) * sizeof *t->stamp); /* GROW leaves it */
    if (++t->epoch == 0) { /* wrapped: clear the stamps once */
        memset(t->stamp, 0, t->stamp_cap * sizeof *t->stamp);
        t->epoch = 1;
    }
    size_t at = TREE_NO_TEXT;
    csp_change ch;
    for (size_t i = e->mark; i < csp_mark(p); i++) {
        if (!csp_change_at(p, i, &ch)) continue; /* a propagator's own word */
        int v = ch.var;
        if (t->stamp[v] == t->epoch) continue;
        t->stamp[v] = t->epoch;
        char line[96], num[64];
        csp_dom gone = 0;
        int64_t ngone = 0;
        if (ch.bits) {
            csp_dom before = v == e->var ? csp_bit(e->value - p->offset[v]) : ch.before;
            gone = before & ~csp_bits(p, v);
            if (!gone) continue;
        } else {
            ngone = v == e->var ? 0 : ch.size_before - csp_size(p, v);
            if (ngone <= 0) continue;
        }
        var_name(p, v, line, sizeof line);
        if (at == TREE_NO_TEXT)
            at = text_add(t, "", 0);
        else
            text_more(t, "\n");
        text_more(t, line);
        if (!ch.bits) {
            snprintf(num, sizeof num, ": %lld values pruned, in %d..%d", (long long)ngone,
                     csp_min(p, v), csp_max(p, v));
            text_more(t, num);
            continue;
        }
        text_more(t, " != ");
        for (int b = 0; gone; gone &= gone - 1, b++) {
            snprintf(num, sizeof num, "%s%d", b ? "," : "", csp_value(p, v, csp_dom_min(gone)));
            text_more(t, num);
        }
    }
    return at;
}

/* ---- the recorder --------------------------------------------------------- */

static int add_node(search_tree *t, const csp_node_event *e, int parent) {
    GROW(&t->node, &t->cap, t->n + 1);
    int id = (int)t->n++;
    tree_node *nd = &t->node[id];
    memset(nd, 0, sizeof *nd);
    nd->parent = parent;
    nd->first_kid = nd->next = -1;
    nd->depth = e->depth;
    nd->left = e->left;
    nd->kind = (unsigned char)e->kind;
    nd->pruned = TREE_NO_TEXT;
    if (e->depth == 0) {
        const char *run = e->label ? e->label : ""; /* "run 2: ..." with restarts */
        nd->name = text_add(t, run, strlen(run));
    } else if (e->p) {
        char name[64];
        var_name(e->p, e->var, name, sizeof name);
        nd->name = text_add(t, name, strlen(name));
        nd->value = e->value;
        nd->valued = 1;
    } else {
        const char *s = e->label ? e->label : "";
        nd->name = text_add(t, s, strlen(s));
    }
    if (t->record_pruned && e->p) nd->pruned = pruned_text(t, e);
    if (parent >= 0) { /* link as the last child: walk from the previous kid */
        tree_node *pa = &t->node[parent];
        nd->alt = pa->nkids++;
        if (pa->first_kid < 0) {
            pa->first_kid = id;
        } else {
            int k = t->path[e->depth]; /* the previous child: the last node kept at this depth */
            t->node[k].next = id;
        }
    }
    GROW(&t->path, &t->path_cap, (size_t)e->depth + 1);
    t->path[e->depth] = id;
    t->top = e->depth;
    return id;
}

/* The second root of a search with restarts: node 0 becomes the virtual
 * root of the runs, with the first run's tree (ids one up) as its first
 * child. */
static void make_forest(search_tree *t) {
    GROW(&t->node, &t->cap, t->n + 1);
    memmove(&t->node[1], &t->node[0], t->n * sizeof *t->node);
    t->n++;
    for (size_t i = 1; i < t->n; i++) {
        tree_node *nd = &t->node[i];
        nd->parent++; /* the first root's -1 becomes 0 */
        if (nd->first_kid >= 0) nd->first_kid++;
        if (nd->next >= 0) nd->next++;
    }
    for (int d = 0; d <= t->top; d++) t->path[d]++;
    tree_node *v = &t->node[0];
    memset(v, 0, sizeof *v);
    v->parent = v->next = -1;
    v->first_kid = 1;
    v->nkids = 1;
    v->depth = -1;
    v->kind = CSP_NODE_BRANCH;
    v->name = text_add(t, "", 0);
    v->pruned = TREE_NO_TEXT;
    t->forest = 1;
}

static void on_node(void *ctx, const csp_node_event *e) {
    search_tree *t = ctx;
    if (e->depth == 0) {
        if (e->kind == CSP_NODE_SOLUTION) t->solutions++; /* every variable given */
        if (++t->roots == 1) {
            if (!t->n) add_node(t, e, -1);
        } else if (!t->overflow && !t->bad_order && t->n) { /* a restart: the next run */
            if (!t->forest) make_forest(t);
            add_node(t, e, 0);
        }
        return;
    }
    t->counted++;
    if (e->kind == CSP_NODE_SOLUTION)
        t->solutions++;
    else if (e->kind == CSP_NODE_FAILURE)
        t->failures++;
    else if (e->kind == CSP_NODE_WIPEOUT)
        t->wipeouts++;
    if (t->overflow || t->bad_order || t->roots < 1) return;
    if (t->counted > t->max_nodes) {
        t->overflow = 1;
        return;
    }
    /* depth-first order: a child of the last node kept or of one of its
     * ancestors, and that parent must be a branch */
    if (e->depth > t->top + 1 || t->node[t->path[e->depth - 1]].kind != CSP_NODE_BRANCH) {
        t->bad_order = 1;
        return;
    }
    add_node(t, e, t->path[e->depth - 1]);
}

csp_search_hook tree_hook(search_tree *t) { return (csp_search_hook){on_node, t}; }

/* ---- reading ---------------------------------------------------------------- */

const char *tree_decision(const search_tree *t, int id, int negate, char *buf, size_t size) {
    const tree_node *nd = &t->node[id];
    const char *name = t->text + nd->name;
    if (nd->depth <= 0) /* a root: its run ("" without restarts); the virtual root: "" */
        snprintf(buf, size, "%s", name);
    else if (nd->valued)
        snprintf(buf, size, "%s %s %d", name, negate ? "!=" : "=", nd->value);
    else
        snprintf(buf, size, "%s%s", negate ? "not " : "", name);
    return buf;
}

const char *tree_pruned(const search_tree *t, int id) {
    size_t at = t->node[id].pruned;
    return at == TREE_NO_TEXT ? NULL : t->text + at;
}

int tree_cpp_status(const tree_node *nd) {
    switch ((csp_node_kind)nd->kind) {
    case CSP_NODE_SOLUTION:
        return TREE_CPP_SOLVED;
    case CSP_NODE_FAILURE:
    case CSP_NODE_WIPEOUT:
        return TREE_CPP_FAILED;
    case CSP_NODE_BRANCH:
        break;
    }
    return TREE_CPP_BRANCH;
}
