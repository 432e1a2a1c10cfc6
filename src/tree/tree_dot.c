/* tree_dot.c - a search tree as a Graphviz DOT digraph, laid out top-down
 * by `dot`: nodes coloured and shaped by outcome, edges labelled with
 * their decisions, in the engine's d-way view or Gist's binary view.
 *
 * The binary view (docs/tree.md): a node whose variable x was tried with
 * values v0, v1, ... has the left child x = v0 and a right child x != v0,
 * which has x = v1 on its left, and so on.  The right children are no
 * nodes of the engine (drawn as small grey dots), except the last one of
 * an exhausted variable: after x != v(k-2) only v(k-1) is left, and the
 * engine's node x = v(k-1) is that right child.  So every counted node
 * keeps exactly one place in either view. */
#include <string.h>

#include "../core/xmalloc.h"
#include "tree.h"

/* Fill colour and shape of each csp_node_kind, and its name in the key. */
static const struct {
    const char *fill, *shape, *name;
} look[] = {
    [CSP_NODE_BRANCH] = {"#4e79a7", "circle", "branch"},
    [CSP_NODE_SOLUTION] = {"#59a14f", "diamond", "solution"},
    [CSP_NODE_FAILURE] = {"#e15759", "square", "failure"},
    [CSP_NODE_WIPEOUT] = {"#f28e2b", "square", "wipe-out"},
};

/* s inside a DOT "..." string: quotes and backslashes escaped, line
 * breaks as left-justified line ends. */
static void dot_string(FILE *out, const char *s) {
    const char *start = s;
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', out), fputc(*s, out);
        else if (*s == '\n')
            fputs("\\l", out);
        else
            fputc(*s, out);
    }
    if (strchr(start, '\n')) fputs("\\l", out); /* the last line left-justified too */
    fputc('"', out);
}

/* s inside an HTML-like label: &, < and > as entities. */
static void html_text(FILE *out, const char *s) {
    for (; *s; s++) {
        if (*s == '&')
            fputs("&amp;", out);
        else if (*s == '<')
            fputs("&lt;", out);
        else if (*s == '>')
            fputs("&gt;", out);
        else
            fputc(*s, out);
    }
}

/* One edge: from node (or x != v dot, when *_dot) to node (or dot),
 * labelled with the decision of node `dec` (its refutation if negate; no
 * label when dec < 0).  Node names: t<tree>n<id> for the search's nodes,
 * t<tree>r<id> for the binary view's dots. */
typedef struct dot_edge {
    int from, to, dec;
    unsigned char from_dot, to_dot, negate;
} dot_edge;

typedef struct edge_list {
    dot_edge *e;
    size_t n, cap;
    int binary_view;
} edge_list;

static void add_edge(edge_list *l, int from, int from_dot, int to, int to_dot, int dec,
                     int negate) {
    GROW(&l->e, &l->cap, l->n + 1);
    l->e[l->n++] = (dot_edge){
        from, to, dec, (unsigned char)from_dot, (unsigned char)to_dot, (unsigned char)negate};
}

static void write_edge(FILE *out, int tree, const search_tree *t, const dot_edge *e, int labels) {
    fprintf(out, "  t%d%c%d -> t%d%c%d", tree, e->from_dot ? 'r' : 'n', e->from, tree,
            e->to_dot ? 'r' : 'n', e->to);
    /* the edges to the runs' roots always say which run they are */
    int run = !e->from_dot && t->node[e->from].depth < 0;
    if ((labels || run) && e->dec >= 0) {
        char dec[160];
        fprintf(out, " [%slabel=", run ? "style=dashed, color=\"#999999\", " : "");
        dot_string(out, tree_decision(t, e->dec, e->negate, dec, sizeof dec));
        fputc(']', out);
    }
    fputs(";\n", out);
}

/* A node: its kind's shape and colour; with its pruned values (--pruned),
 * a box holding them, framed in its kind's colour, so that the layout
 * makes room for the text (external labels would overlap the edges). */
static void node(FILE *out, int tree, const search_tree *t, int id, const tree_dot_opts *o) {
    const tree_node *nd = &t->node[id];
    if (nd->depth < 0) { /* the virtual root of the runs: no node of the search */
        fprintf(
            out,
            "  t%dn%d [shape=circle, style=dashed, width=0.25, height=0.25, fillcolor=\"#ffffff\","
            " color=\"#999999\", penwidth=1.5];\n",
            tree, id);
        return;
    }
    const char *pruned = o->pruned ? tree_pruned(t, id) : NULL;
    if (pruned) {
        fprintf(
            out,
            "  t%dn%d [shape=box, style=\"rounded,filled\", fillcolor=\"#ffffff\", color=\"%s\","
            " penwidth=%s, fixedsize=false, width=0, height=0, margin=\"0.05,0.03\", label=",
            tree, id, look[nd->kind].fill, nd->depth == 0 ? "3" : "2");
        dot_string(out, pruned);
        fputs("];\n", out);
        return;
    }
    fprintf(out, "  t%dn%d [fillcolor=\"%s\", shape=%s", tree, id, look[nd->kind].fill,
            look[nd->kind].shape);
    if (nd->depth == 0) fputs(", penwidth=2.5, color=\"#222222\"", out);
    fputs("];\n", out);
}

/* The edges out of node id, in the order of its alternatives (and the
 * binary view's dots, declared on the way). */
static void kids(FILE *out, int tree, const search_tree *t, int id, edge_list *l) {
    int from = id, from_dot = 0, prev = -1;
    for (int k = t->node[id].first_kid; k >= 0; prev = k, k = t->node[k].next) {
        if (!l->binary_view || prev < 0 || t->node[id].depth < 0) { /* runs: no binary view */
            add_edge(l, id, 0, k, 0, k, 0);
        } else if (t->node[k].left ==
                   0) { /* the last value: the engine's node is the right child */
            add_edge(l, from, from_dot, k, 0, prev, 1);
        } else {
            fprintf(out, "  t%dr%d [shape=point, width=0.06, color=\"#999999\"];\n", tree, k);
            add_edge(l, from, from_dot, k, 1, prev, 1);
            add_edge(l, k, 1, k, 0, k, 0);
            from = k;
            from_dot = 1;
        }
    }
}

int tree_write_dot(const search_tree *const *trees, const char *const *titles, size_t n,
                   const tree_dot_opts *o, FILE *out) {
    int small = !o->labels; /* no labels: smaller nodes, packed closer */
    fputs("digraph search_tree {\n", out);
    fprintf(out,
            "  graph [%sordering=out, nodesep=%s, ranksep=%s, fontname=\"Helvetica\","
            " fontsize=12, labelloc=t, forcelabels=true];\n",
            o->right ? "rankdir=LR, " : "", small ? "0.04" : "0.12",
            small      ? "0.18"
            : o->right ? "0.4"
                       : "0.28");
    fprintf(out,
            "  node [label=\"\", style=filled, fixedsize=true, width=%s, height=%s,"
            " penwidth=0.6, color=\"#333333\", fontname=\"Helvetica\", fontsize=7];\n",
            small ? "0.1" : "0.16", small ? "0.1" : "0.16");
    fputs("  edge [arrowhead=none, color=\"#555555\", fontname=\"Helvetica\", fontsize=8,"
          " fontcolor=\"#333333\"];\n",
          out);
    /* the caption and the colour key (kinds that occur in some tree) */
    fputs("  label=<", out);
    if (o->title) {
        html_text(out, o->title);
        fputs("<br/>", out);
    }
    int seen[4] = {0}, forest = 0;
    for (size_t k = 0; k < n; k++) {
        forest |= trees[k]->forest;
        for (size_t i = trees[k]->forest; i < trees[k]->n; i++) seen[trees[k]->node[i].kind] = 1;
    }
    const char *sep = "";
    for (int k = 0; k < 4; k++)
        if (seen[k]) {
            fprintf(out, "%s<font color=\"%s\">&#9632; %s</font>", sep, look[k].fill, look[k].name);
            sep = "&#160;&#160;&#160;";
        }
    if (forest) {
        fprintf(out, "%s<font color=\"#999999\">&#9675; restarts: one run per dashed edge</font>",
                sep);
        sep = "&#160;&#160;&#160;";
    }
    if (o->binary) fprintf(out, "%s<font color=\"#999999\">&#8226; x != v (no node)</font>", sep);
    fputs(">;\n", out);
    /* one cluster per tree; dot places the unconnected clusters side by
     * side in this order, all at the same scale.  Left to right (right=1),
     * dot puts the first of a node's edges, and the first cluster, at the
     * bottom: both go out in reverse so the picture reads top down. */
    edge_list l = {NULL, 0, 0, o->binary};
    for (size_t c = 0; c < n; c++) {
        size_t k = o->right ? n - 1 - c : c;
        const search_tree *t = trees[k];
        if (n > 1) {
            fprintf(out, "  subgraph cluster_%zu {\n  color=\"#bbbbbb\"; label=", k);
            dot_string(out, titles && titles[k] ? titles[k] : "");
            fputs(";\n", out);
        }
        for (size_t i = 0; i < t->n; i++) node(out, (int)k, t, (int)i, o);
        l.n = 0;
        for (size_t i = 0; i < t->n; i++) kids(out, (int)k, t, (int)i, &l);
        for (size_t i = 0; i < l.n; i++)
            write_edge(out, (int)k, t, &l.e[o->right ? l.n - 1 - i : i], o->labels);
        if (n > 1) fputs("  }\n", out);
    }
    if (l.e) FREEN(l.e, l.cap);
    fputs("}\n", out);
    return ferror(out) ? -1 : 0;
}
