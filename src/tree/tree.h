/* tree.h - the search tree of one solve, recorded in memory through the
 * search hook (csp_search_hook, csp/solver.h), and its two outputs:
 * Graphviz DOT (tree_write_dot) and CP-Profiler's saved-execution
 * database (tree_write_cpprofiler).  Both outputs read the same tree.
 *
 * The tree.  Node 0 is the root: the instance after the root inference,
 * before any decision; it is no node of the statistics.  Every other node
 * is one counted node (`nodes` in docs/STATS.md): one value given to one
 * variable (d-way branching, as the engine searches), so a tree holds
 * stats.nodes + 1 nodes.  Ids are the depth-first (pre-)order in which
 * the search visited the nodes, so a parent's id is below its children's
 * and the children of a node are in the order they were tried
 * (alternative 0, 1, ...).
 *
 * Restarts.  A search with restarts (restart=luby:N, geom:N,F) reports
 * one root per run.  The tree then becomes a forest under a virtual root:
 * node 0 is no node of the search (depth -1, drawn apart), its children
 * are the runs' roots in order (depth 0, each named by its run: "run 2:
 * cutoff 3 failures"), and each run's nodes hang below its root, so the
 * tree holds stats.nodes + runs + 1 nodes.  A search whose first run
 * ends it has one root and no virtual root, as without restarts.
 *
 * Ownership: the tree owns its nodes and texts; tree_free releases them.
 */
#ifndef SEARCHLAB_TREE_TREE_H
#define SEARCHLAB_TREE_TREE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../core/diag.h"
#include "../csp/solver.h"

#define TREE_NO_TEXT ((size_t)-1)

typedef struct tree_node {
    int parent;           /* -1 for the root */
    int alt;              /* position among the parent's children, from 0 */
    int nkids;            /* children recorded */
    int first_kid, next;  /* first child, next sibling; -1 when none */
    int depth;            /* 0 for a root, -1 for the virtual root of the runs */
    int left;             /* values of the branching variable not tried after this one */
    int value;            /* the decision's value (CSP searches) */
    unsigned char kind;   /* csp_node_kind */
    unsigned char valued; /* 1: the decision is name = value; 0: name is the whole decision */
    size_t name;          /* offset of the decision's variable name (or text) in text */
    size_t pruned;        /* offset of the values pruned at the node, or TREE_NO_TEXT */
} tree_node;

typedef struct search_tree {
    tree_node *node;
    size_t n, cap;
    char *text; /* NUL-separated strings */
    size_t text_len, text_cap;
    size_t max_nodes;  /* counted nodes kept at most (the root is kept besides) */
    int record_pruned; /* 1: keep the values pruned at each node */
    /* What the search reported, kept or not: */
    uint64_t counted; /* counted nodes (depth >= 1 events) */
    /* solution events (the root's too: an instance with every variable
     * given is solved there, and the statistics count that solution), and
     * failed counted nodes (a failed root is no `fails` in the statistics) */
    uint64_t solutions, failures, wipeouts;
    int roots;     /* depth-0 events: more than one means restarts */
    int forest;    /* 1: node 0 is the virtual root of the runs (roots > 1) */
    int overflow;  /* 1 once more than max_nodes counted nodes came */
    int bad_order; /* 1 if an event did not follow depth-first order */
    /* recorder state: path[d] is the last node kept at depth d */
    int *path;
    size_t path_cap;
    int top;         /* depth of the last node kept */
    unsigned *stamp; /* per variable, for the pruned values */
    size_t stamp_cap;
    unsigned epoch;
} search_tree;

/* An empty tree that keeps at most max_nodes counted nodes (and the
 * root); record_pruned: keep the values pruned at each node. */
void tree_init(search_tree *t, size_t max_nodes, int record_pruned);
void tree_free(search_tree *t);
/* The recorder: a hook whose events build t (ctx is t).  Past max_nodes
 * it only counts (t->overflow).  Pass it in csp_limits/solve_request. */
csp_search_hook tree_hook(search_tree *t);
/* 1 when t holds a whole tree that it can draw: every node reported (one
 * root, or the roots of every run under the virtual root), in
 * depth-first order, no overflow. */
int tree_complete(const search_tree *t);

/* The decision that led to node id, e.g. "(2,3) = 4", into buf; its
 * refutation ("(2,3) != 4") when negate.  A root's is its run ("run 2:
 * cutoff 3 failures") in a search with restarts, else ""; the virtual
 * root's is "".  Returns buf. */
const char *tree_decision(const search_tree *t, int id, int negate, char *buf, size_t size);
/* The values pruned at node id, one "name != v,w" line per variable
 * separated by '\n'; NULL when not recorded or none. */
const char *tree_pruned(const search_tree *t, int id);

/* CP-Profiler's status codes (its NodeStatus): a wipe-out is a failure. */
enum { TREE_CPP_SOLVED = 0, TREE_CPP_FAILED = 1, TREE_CPP_BRANCH = 2, TREE_CPP_SKIPPED = 3 };
int tree_cpp_status(const tree_node *nd);

/* ---- Graphviz ------------------------------------------------------------ */

typedef struct tree_dot_opts {
    int binary;        /* 1: Gist's binary view (docs/tree.md), 0: d-way as searched */
    int labels;        /* 1: edges labelled with their decisions (and larger nodes) */
    int pruned;        /* 1: each node with pruned values is a box that lists them */
    int right;         /* 1: the root on the left, trees growing right (and
                        * several trees one above the other); 0: top down */
    const char *title; /* the picture's caption above the colour key (NULL: none) */
} tree_dot_opts;

/* Writes the n trees as one DOT digraph to out: one tree as is, several
 * side by side at the same scale, each in a frame captioned titles[k]
 * (titles may be NULL when n is 1).  0, or -1 on a write error. */
int tree_write_dot(const search_tree *const *trees, const char *const *titles, size_t n,
                   const tree_dot_opts *o, FILE *out);

/* ---- CP-Profiler --------------------------------------------------------- */

/* Creates the SQLite database at path (an empty or missing file) with
 * CP-Profiler's tables (Nodes, Bookmarks, Nogoods, Info) and the tree in
 * Nodes; with info, the pruned values go to Info.  0, or -1 with d. */
int tree_write_cpprofiler(const search_tree *t, const char *path, int info, diag *d);

#endif
