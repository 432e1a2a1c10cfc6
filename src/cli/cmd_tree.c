/* cmd_tree.c - `searchlab tree PUZZLE FILE --format dot|svg|png|sqlite
 * --out PATH [options]`: the search tree of one solve, drawn with Graphviz
 * or saved as a CP-Profiler database (docs/tree.md).
 *
 * The output appears at PATH whole or not at all: it is written to a
 * temporary file beside PATH and renamed; on any failure, a limit, or
 * SIGINT/SIGTERM/SIGHUP, the temporary files are removed. */
#include <errno.h>
#include <stddef.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../core/options.h"
#include "../solve/solve.h"
#include "../tree/tree.h"
#include "cli.h"

#define MAX_TREES 8 /* --strategy given several times: trees side by side */
/* Over --max-nodes, the search goes on counting up to this many times
 * --max-nodes, so the message can say how large the tree is. */
#define COUNT_FACTOR 100
/* --labels auto: edge labels up to this many nodes (a 300-node tree with
 * labels stays readable; past it they overlap and only widen the picture). */
#define AUTO_LABEL_NODES 300

/* The flags: one key table (core/options.h) that reads them and prints
 * --help. */
typedef struct tree_cli {
    opt_strs strategy;
    int all, format;
    const char *out;
    uint64_t max_nodes;
    int pruned, binary, labels, layout;
    double timeout_s;
    uint64_t seed;
} tree_cli;

static const char *const formats[] = {"dot", "svg", "png", "sqlite", NULL};
static const char *const label_modes[] = {"auto", "on", "off", NULL};
static const char *const layouts[] = {"down", "right", NULL};
enum { LABELS_AUTO, LABELS_ON, LABELS_OFF };

#define T_(f) offsetof(tree_cli, f)
const spec_key cli_tree_keys[] = {
    {.name = "strategy",
     .doc = "as for solve (default: the puzzle's; searchlab list); dot/svg/png: give it up to "
            "8 times to draw the trees side by side, at the same scale",
     .form = "SPEC",
     .repeat = 1,
     .max = MAX_TREES,
     .offset = T_(strategy)},
    {.name = "all",
     .doc = "search every solution (default: stop at the first)",
     .bare = 1,
     .offset = T_(all)},
    {.name = "format", .doc = "the output", .names = formats, .required = 1, .offset = T_(format)},
    {.name = "out",
     .doc = "the file to write (replaced whole or not at all)",
     .form = "PATH",
     .required = 1,
     .offset = T_(out)},
    {.name = "max-nodes",
     .doc = "refuse trees of more than N nodes: exit 3, no file, and a message saying how "
            "large the tree is",
     .kind = SPEC_U64,
     .min = 1,
     .max = 10000000,
     .unit = "a number of nodes",
     .def = "10000",
     .offset = T_(max_nodes)},
    {.name = "pruned",
     .doc = "show the values pruned at each node (sqlite: Info table)",
     .bare = 1,
     .offset = T_(pruned)},
    {.name = "binary",
     .doc = "dot/svg/png: Gist's binary view (x = v | x != v) of the engine's d-way tree; the "
            "x != v dots are no nodes",
     .bare = 1,
     .offset = T_(binary)},
    {.name = "labels",
     .doc = "dot/svg/png: edge labels (auto: up to 300 nodes)",
     .names = label_modes,
     .offset = T_(labels)},
    {.name = "layout",
     .doc = "dot/svg/png: root on top (down), or on the left (right: far narrower for bushy "
            "trees with labels)",
     .names = layouts,
     .offset = T_(layout)},
    {.name = "timeout",
     .doc = "stop the search after this wall time (exit 3, no file; 0: none)",
     .kind = SPEC_REAL,
     .min = 0,
     .max = SPEC_SECONDS_MAX,
     .unit = "a number of seconds",
     .def = "0",
     .form = "SECONDS",
     .offset = T_(timeout_s)},
    {.name = "seed",
     .doc = "seed of restart=...'s random tie-breaking",
     .kind = SPEC_U64,
     .unit = "a seed",
     .def = "1",
     .form = "S",
     .offset = T_(seed)},
    {.name = NULL}};
#undef T_
_Static_assert(AUTO_LABEL_NODES == 300, "--labels' doc says 300");
_Static_assert(MAX_TREES == 8, "--strategy's doc says 8");

static void help(void) {
    printf("usage: searchlab tree PUZZLE FILE --format dot|svg|png|sqlite --out PATH [options]\n\n"
           "Records the search tree of one solve: one node per node that --stats counts\n"
           "(plus the root, the instance after the root inference), and writes it as\n"
           "Graphviz (dot, or svg/png drawn by the `dot` program) or as CP-Profiler's\n"
           "saved-execution database (sqlite).  docs/tree.md explains the pictures.\n\n");
    cli_print_options(cli_tree_keys);
    printf("\nWith restarts (restart=luby:N or geom:N,F) each run is a tree of its own, the\n"
           "runs hang in order from a dashed virtual root, each edge naming its run.\n\n"
           "Colours: blue circle branch, green diamond solution, red square failure\n"
           "(a check failed: bt), orange square wipe-out (propagation left a variable\n"
           "without values: fc, gac; the convict's cuts).\n"
           "exit status: 0 written, 1 internal error, 2 bad usage or input,\n"
           "3 a limit (--max-nodes, --timeout) stopped it\n");
}

/* ---- temporary files, removed on failure and on signals ----------------- */

enum { N_TMP = 2 };
static char tmp_path[N_TMP][4096];
static volatile sig_atomic_t tmp_live[N_TMP];

static void remove_tmp(void) {
    for (int i = 0; i < N_TMP; i++)
        if (tmp_live[i]) {
            unlink(tmp_path[i]);
            tmp_live[i] = 0;
        }
}

static volatile sig_atomic_t dot_pid; /* the running `dot`, 0 when none */

static void on_signal(int sig) {
    if (dot_pid > 0) { /* first stop dot, or it would write its output after the unlink */
        kill((pid_t)dot_pid, SIGKILL);
        waitpid((pid_t)dot_pid, NULL, 0); /* async-signal-safe */
    }
    for (int i = 0; i < N_TMP; i++)
        if (tmp_live[i]) unlink(tmp_path[i]); /* async-signal-safe */
    signal(sig, SIG_DFL);
    raise(sig);
}

/* A new empty file "DIR/.BASE.tmp.XXXXXX" beside out (so that rename is
 * atomic), mode 0666 less the umask; its fd, or -1 with a message. */
static int make_tmp(int slot, const char *out, const char *what) {
    const char *slash = strrchr(out, '/');
    int dir_len = slash ? (int)(slash - out + 1) : 0;
    int n = snprintf(tmp_path[slot], sizeof tmp_path[slot], "%.*s.%s.%s.XXXXXX", dir_len, out,
                     out + dir_len, what);
    if (n < 0 || (size_t)n >= sizeof tmp_path[slot]) {
        fprintf(stderr, "searchlab tree: --out: path too long\n");
        return -1;
    }
    cli_mkdir_parent(out); /* out/x.png in a fresh clone */
    int fd = mkstemp(tmp_path[slot]);
    if (fd < 0) {
        fprintf(stderr, "searchlab tree: --out %s: cannot create a file there: %s\n", out,
                strerror(errno));
        return -1;
    }
    tmp_live[slot] = 1;
    mode_t mask = umask(0);
    umask(mask);
    if (fchmod(fd, 0666 & ~mask) != 0) { /* mkstemp's 0600 would stick to the output */
        /* harmless: the file stays private to its owner */
    }
    return fd;
}

/* Moves the temporary file of slot to out; 0, or -1 with a message. */
static int commit_tmp(int slot, const char *out) {
    if (rename(tmp_path[slot], out)) {
        fprintf(stderr, "searchlab tree: --out %s: cannot write it: %s\n", out, strerror(errno));
        return -1;
    }
    tmp_live[slot] = 0;
    return 0;
}

/* Runs `dot -TFMT -o OUT IN`; 0 on success, else -1 with a message. */
static int run_dot(const char *fmt, const char *in, const char *out) {
    char tflag[16];
    snprintf(tflag, sizeof tflag, "-T%s", fmt);
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "searchlab tree: fork: %s\n", strerror(errno));
        return -1;
    }
    if (pid == 0) {
        execlp("dot", "dot", tflag, "-o", out, in, (char *)NULL);
        _exit(127);
    }
    dot_pid = pid;
    int st, w;
    while ((w = (int)waitpid(pid, &st, 0)) < 0 && errno == EINTR) {
    }
    dot_pid = 0;
    if (w < 0) {
        fprintf(stderr, "searchlab tree: waiting for `dot`: %s\n", strerror(errno));
        return -1;
    }
    if (WIFEXITED(st) && WEXITSTATUS(st) == 127) {
        fprintf(stderr,
                "searchlab tree: --format %s needs Graphviz's `dot` program (Debian "
                "package graphviz; scripts/deps.sh graphviz)\n",
                fmt);
        return -1;
    }
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        fprintf(stderr, "searchlab tree: `dot -T%s` failed (status %d)\n", fmt,
                WIFEXITED(st) ? WEXITSTATUS(st) : -1);
        return -1;
    }
    return 0;
}

/* ---- writing ------------------------------------------------------------- */

static int write_dot_file(int fd, const search_tree *const *t, const char *const *titles, size_t n,
                          const tree_dot_opts *o) {
    FILE *f = fdopen(fd, "w");
    if (!f) {
        close(fd);
        return -1;
    }
    int r = tree_write_dot(t, titles, n, o, f);
    return fclose(f) || r ? -1 : 0;
}

/* Writes t to out in fmt; 0, or an exit status (message printed). */
static int write_tree(const search_tree *const *t, const char *const *titles, size_t n,
                      const char *fmt, const char *out, const tree_dot_opts *o, int info) {
    int code = EXIT_BAD_INPUT; /* until the first file exists: --out names no writable place */
    if (!strcmp(fmt, "sqlite")) {
        int fd = make_tmp(0, out, "tmp");
        if (fd < 0) goto done;
        code = EXIT_INTERNAL;
        close(fd); /* an empty file: SQLite makes it a new database */
        diag d;
        if (tree_write_cpprofiler(t[0], tmp_path[0], info, &d)) {
            fprintf(stderr, "searchlab tree: %s\n", d.msg);
            goto done;
        }
    } else {
        int fd = make_tmp(0, out, strcmp(fmt, "dot") ? "dot" : "tmp");
        if (fd < 0) goto done;
        code = EXIT_INTERNAL;
        if (write_dot_file(fd, t, titles, n, o)) {
            fprintf(stderr, "searchlab tree: --out %s: write error: %s\n", out, strerror(errno));
            goto done;
        }
        if (strcmp(fmt, "dot")) { /* svg, png: dot draws it into a second file */
            int fd2 = make_tmp(1, out, "tmp");
            if (fd2 < 0) goto done;
            close(fd2);
            if (run_dot(fmt, tmp_path[0], tmp_path[1])) goto done;
            if (commit_tmp(1, out)) goto done;
            code = EXIT_DONE;
            goto done;
        }
    }
    if (!commit_tmp(0, out)) code = EXIT_DONE;
done:
    remove_tmp();
    return code;
}

/* ---- the command -------------------------------------------------------- */

static const char *kind_counts(const search_tree *t, char *buf, size_t size) {
    int o = snprintf(buf, size, "%llu solution%s, %llu failure%s, %llu wipe-out%s",
                     (unsigned long long)t->solutions, t->solutions == 1 ? "" : "s",
                     (unsigned long long)t->failures, t->failures == 1 ? "" : "s",
                     (unsigned long long)t->wipeouts, t->wipeouts == 1 ? "" : "s");
    if (t->roots > 1 && o > 0 && (size_t)o < size)
        snprintf(buf + o, size - (size_t)o, ", %d runs", t->roots);
    return buf;
}

/* Solves inst with spec (rq's other fields as given), recording into t
 * (initialised by the caller).  Returns EXIT_DONE when t holds the whole
 * tree, else an exit status (message printed). */
static int record(const puzzle *pz, const void *inst, const char *spec, solve_request rq,
                  search_tree *t, uint64_t max_nodes) {
    const char *label = spec ? spec : puzzle_default_spec(pz);
    csp_search_hook hook = tree_hook(t);
    rq.spec = spec;
    rq.hook = &hook;
    rq.node_limit = max_nodes * COUNT_FACTOR;
    solve_result r;
    diag d;
    if (solve_puzzle(pz, inst, &rq, &r, &d))
        return cli_usage_error("tree", "--strategy '%s': %s", label, d.msg);
    int code = EXIT_DONE;
    if (r.status == STATUS_WRONG) {
        fprintf(stderr, "searchlab tree: internal error: the verifier rejected a solution: %s\n",
                r.why);
        code = EXIT_INTERNAL;
    } else if (t->overflow) {
        int whole = r.status == STATUS_SOLVED || r.status == STATUS_UNSAT;
        fprintf(stderr,
                "searchlab tree: the search tree of %s has %s%llu nodes%s, more than --max-nodes "
                "%llu: no file written (raise --max-nodes, or draw a smaller instance)\n",
                label, whole ? "" : "at least ", (unsigned long long)t->counted,
                whole                        ? ""
                : r.status == STATUS_TIMEOUT ? " (--timeout stopped the count)"
                                             : " (the count stops at 100 x --max-nodes)",
                (unsigned long long)max_nodes);
        code = EXIT_LIMIT;
    } else if (r.status == STATUS_TIMEOUT || r.status == STATUS_NODE_LIMIT) {
        fprintf(stderr, "searchlab tree: %s: %s after %llu nodes: no file written\n", label,
                status_name(r.status), (unsigned long long)t->counted);
        code = EXIT_LIMIT;
    } else if (t->roots == 0) {
        code = cli_usage_error("tree", "--strategy '%s': reports no search tree", label);
    } else if (!tree_complete(t) || (r.st.nodes && r.st.nodes != t->counted) ||
               (r.st.nodes && r.st.restarts + 1 != (uint64_t)t->roots)) {
        /* r.st.nodes is 0 only when the counters are compiled away */
        fprintf(stderr,
                "searchlab tree: internal error: the recorded tree of %s (%zu nodes, %d roots%s) "
                "does not match the search's %llu nodes\n",
                label, t->n, t->roots, t->bad_order ? ", out of depth-first order" : "",
                (unsigned long long)r.st.nodes);
        code = EXIT_INTERNAL;
    }
    solve_result_free(&r);
    return code;
}

int cmd_tree(int argc, char **argv) {
    const char *cmd = "tree", *pos[2] = {NULL, NULL};
    const char *specs[MAX_TREES] = {NULL};
    tree_cli c = {.strategy = {specs, 0}};
    diag d;
    if (opt_defaults(cli_tree_keys, &c, &d)) return cli_usage_error(cmd, "%s", d.msg);
    opt_group groups[] = {{cli_tree_keys, &c, 0, 0}};
    size_t npos = 0;
    int r = cli_options(cmd, argc, argv, groups, 1, pos, &npos, 2, help);
    if (r) return r < 0 ? EXIT_DONE : r;
    const char *name = pos[0], *path = pos[1], *fmt = formats[c.format], *out = c.out;
    size_t nspec = c.strategy.n;
    uint64_t max_nodes = c.max_nodes;
    int pruned = c.pruned, binary = c.binary;
    int labels_given = opt_given(&groups[0], "labels"),
        layout_given = opt_given(&groups[0], "layout");
    solve_request rq = {.seed = c.seed, .timeout_s = c.timeout_s, .all = c.all};
    if (!name || !path) return cli_usage_error(cmd, "expected PUZZLE FILE (searchlab tree --help)");
    if (!*out) return cli_usage_error(cmd, "--out: expected the file to write (required)");
    int sqlite = !strcmp(fmt, "sqlite");
    if (sqlite && (binary || labels_given || layout_given))
        return cli_usage_error(cmd,
                               "%s: only for dot, svg and png (the database keeps the "
                               "engine's d-way tree, with every decision as a node label)",
                               binary         ? "--binary"
                               : labels_given ? "--labels"
                                              : "--layout");
    if (sqlite && nspec > 1)
        return cli_usage_error(cmd, "--strategy: --format sqlite holds one tree (one "
                                    "CP-Profiler execution); give one --strategy");
    const puzzle *pz = cli_puzzle(cmd, name);
    if (!pz) return EXIT_BAD_INPUT;
    if (!nspec) nspec = 1; /* specs[0] NULL: the puzzle's default */
    for (size_t k = 0; k < nspec; k++) {
        strategy_spec s;
        if (spec_parse(specs[k], pz, &s, &d))
            return cli_usage_error(cmd, "--strategy '%s': %s", specs[k] ? specs[k] : "(default)",
                                   d.msg);
        if (!s.family->reports_nodes)
            return cli_usage_error(cmd,
                                   "--strategy '%s': runs outside searchlab and reports no "
                                   "search tree (use bt, fc, gac or the puzzle's own "
                                   "searches)",
                                   specs[k]);
    }
    void *inst = cli_load(pz, path);
    if (!inst) return EXIT_BAD_INPUT;

    search_tree trees[MAX_TREES];
    const search_tree *tp[MAX_TREES];
    char titles[MAX_TREES][256], counts[160], caption[512];
    const char *tt[MAX_TREES];
    size_t made = 0;
    int code = EXIT_DONE;
    uint64_t largest = 0;
    for (size_t k = 0; k < nspec && code == EXIT_DONE; k++, made++) {
        tree_init(&trees[k], (size_t)max_nodes, pruned);
        code = record(pz, inst, specs[k], rq, &trees[k], max_nodes);
        const char *label = specs[k] ? specs[k] : puzzle_default_spec(pz);
        snprintf(titles[k], sizeof titles[k], "%s: %llu nodes\n%s", label,
                 (unsigned long long)trees[k].counted,
                 kind_counts(&trees[k], counts, sizeof counts));
        tp[k] = &trees[k];
        tt[k] = titles[k];
        if (trees[k].counted > largest) largest = trees[k].counted;
    }
    if (code == EXIT_DONE) {
        const char *base = strrchr(path, '/');
        base = base ? base + 1 : path;
        if (nspec == 1)
            snprintf(caption, sizeof caption, "%s %s, %s: %llu nodes (%s)", pz->name, base,
                     specs[0] ? specs[0] : puzzle_default_spec(pz),
                     (unsigned long long)trees[0].counted,
                     kind_counts(&trees[0], counts, sizeof counts));
        else
            snprintf(caption, sizeof caption, "%s %s%s", pz->name, base,
                     rq.all ? ", all solutions" : "");
        tree_dot_opts o = {.binary = binary,
                           .labels = c.labels == LABELS_ON ||
                                     (c.labels == LABELS_AUTO && largest <= AUTO_LABEL_NODES),
                           .pruned = pruned,
                           .right = c.layout == 1,
                           .title = caption};
        struct sigaction sa = {0}, old[3];
        sa.sa_handler = on_signal;
        static const int sigs[3] = {SIGINT, SIGTERM, SIGHUP};
        for (int k = 0; k < 3; k++) sigaction(sigs[k], &sa, &old[k]);
        code = write_tree(tp, tt, nspec, fmt, out, &o, pruned);
        for (int k = 0; k < 3; k++) sigaction(sigs[k], &old[k], NULL);
        for (size_t k = 0; code == EXIT_DONE && k < nspec; k++)
            printf("%s: %s: %llu nodes + %s (%s)\n", out,
                   specs[k] ? specs[k] : puzzle_default_spec(pz),
                   (unsigned long long)trees[k].counted,
                   trees[k].forest ? "a root per run and the runs' virtual root" : "the root",
                   kind_counts(&trees[k], counts, sizeof counts));
    }
    for (size_t k = 0; k < made; k++) tree_free(&trees[k]);
    pz->destroy(inst);
    return code;
}
