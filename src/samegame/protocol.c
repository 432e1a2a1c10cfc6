/* protocol.c - the Same Game command interpreter (see protocol.h). */
#include "protocol.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/stats.h"
#include "core/xmalloc.h"

enum { MAX_ARGS = 8 };

/* CPU time of the calling thread (the interpreter runs on one): exact,
 * where the process clock (clock_cpu_ns) only moves at scheduler ticks
 * once a process CPU limit is armed, as in the driver's runs (RLIMIT_CPU). */
static uint64_t thread_cpu_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

typedef struct tok {
    const char *s;
    size_t len;
    int col;
} tok;

typedef struct interp {
    const protocol_config *cfg;
    const char *name;
    FILE *in, *out, *err;
    plane p;
    stats st;
    char *line;
    size_t line_cap;
    long lineno;
    int rejected, internal;
    int opening; /* 1 until the first command other than b and i */
    path_result canon, alt;
    stats kind_stats[7]; /* per command letter, for stats_summary */
    uint64_t kind_count[7];
    marble *table;
    size_t table_cap;
} interp;

unsigned long long protocol_max_table_cells(void) {
    const char *env = getenv("SEARCHLAB_SAMEGAME_MAX_CELLS");
    if (env && *env) {
        char *end;
        errno = 0;
        unsigned long long v = strtoull(env, &end, 10);
        if (*end == '\0' && errno == 0 && v > 0) return v;
    }
    return PROTOCOL_MAX_TABLE_CELLS_DEFAULT;
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void
reject(interp *it, int col, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    if (col > 0)
        fprintf(it->err, "%s:%ld:%d: ", it->name, it->lineno, col);
    else
        fprintf(it->err, "%s:%ld: ", it->name, it->lineno);
    vfprintf(it->err, fmt, ap);
    fputc('\n', it->err);
    va_end(ap);
    it->rejected = 1;
}

static void show(const tok *t, char *buf, size_t size) {
    token lt = {t->s, t->len, 0, 0};
    tok_show(&lt, buf, size);
}

/* ---- reading lines ----------------------------------------------------- */

/* Reads one line into it->line (without the newline); returns its length,
 * -1 at the end of input, -2 when the line was too long or held a NUL
 * byte (the rest of it is consumed; *why says which). */
static long read_line(interp *it, const char **why) {
    size_t n = 0, limit = lex_max_bytes();
    int c, bad = 0;
    while ((c = getc_unlocked(it->in)) != EOF && c != '\n') {
        if (bad) continue;
        if (c == '\0') {
            bad = 1, *why = "binary data (a NUL byte): expected a text line";
            continue;
        }
        if (n >= limit) {
            bad = 1,
            *why = "line over the input size limit (raise it with SEARCHLAB_MAX_INPUT_MIB)";
            continue;
        }
        GROW(&it->line, &it->line_cap, n + 2);
        it->line[n++] = (char)c;
    }
    if (c == EOF && n == 0 && !bad) return -1;
    if (bad) return -2;
    GROW(&it->line, &it->line_cap, n + 1);
    it->line[n] = '\0';
    return (long)n;
}

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

/* Splits the line; returns the number of tokens (storing at most max). */
static int split(const char *s, size_t len, tok *out, int max) {
    int n = 0;
    size_t i = 0;
    while (i < len) {
        while (i < len && is_blank(s[i])) i++;
        if (i == len) break;
        size_t start = i;
        while (i < len && !is_blank(s[i])) i++;
        if (n < max) out[n] = (tok){s + start, i - start, (int)start + 1};
        n++;
        if (n == max + 1) break; /* enough to say "too many" */
    }
    return n;
}

/* ---- arguments --------------------------------------------------------- */

static int parse_i64(const tok *t, int64_t lo, int64_t hi, int64_t *out) {
    size_t i = 0;
    int neg = 0;
    if (t->len && t->s[0] == '-') neg = 1, i = 1;
    if (i == t->len) return -1;
    int64_t v = 0, lim = neg ? -lo : hi; /* magnitude bound */
    if (neg && lo >= 0) return -1;
    for (; i < t->len; i++) {
        if (t->s[i] < '0' || t->s[i] > '9') return -1;
        int d = t->s[i] - '0';
        if (v > (lim - d) / 10) return -1;
        v = v * 10 + d;
    }
    v = neg ? -v : v;
    if (v < lo || v > hi) return -1;
    *out = v;
    return 0;
}

/* Parses args t[0..n-1] as int32 coordinates into v; 0 or -1 (reported). */
static int coords(interp *it, const tok *t, int n, const char *names, int32_t *v) {
    char cmd = t[-1].s[0]; /* t[-1] is the command */
    for (int i = 0; i < n; i++) {
        int64_t x;
        if (parse_i64(&t[i], INT32_MIN, INT32_MAX, &x)) {
            char shown[64];
            show(&t[i], shown, sizeof shown);
            reject(it, t[i].col, "%c: expected %s: integers from %d to %d; argument %d is '%s'",
                   cmd, names, INT32_MIN, INT32_MAX, i + 1, shown);
            return -1;
        }
        v[i] = (int32_t)x;
    }
    return 0;
}

static int arity(interp *it, const tok *t, int n, int want, const char *usage) {
    if (n - 1 == want) return 0;
    reject(it, t[0].col, "%c: expected %d argument%s (%s), found %d", t[0].s[0], want,
           want == 1 ? "" : "s", usage, n - 1);
    return -1;
}

/* ---- commands ---------------------------------------------------------- */

static void cmd_b(interp *it, const tok *t, int n) {
    int32_t v[2];
    if (arity(it, t, n, 3, "b x y COLOUR") || coords(it, t + 1, 2, "x y", v)) return;
    if (!colour_valid(t[3].s, t[3].len)) {
        char shown[64];
        show(&t[3], shown, sizeof shown);
        reject(it, t[3].col, "b: expected a colour (letters a..z), found '%s'", shown);
        return;
    }
    marble m = {v[0], v[1], colour_intern(&it->p.colours, t[3].s, t[3].len)};
    plane_apply(&it->p, &m, 1);
}

static int default_open(void *ctx, const char *name, lexer *lx, diag *d) {
    (void)ctx;
    return lex_open(lx, name, d);
}

/* One pass over the words of an `i` file.  With build == 0 it checks that
 * the file holds exactly `want` words, each 0 or a colour (reporting and
 * returning -1 otherwise); with build == 1 (after a successful check) it
 * interns the colours and writes the cells to set into it->table, *count of
 * them.  Checking first keeps the plane and the colour table unchanged on
 * a bad file; the caller checked that the table fits in the plane. */
static int table_pass(interp *it, const lexer *lx, const tok *ft, uint64_t want, int32_t x,
                      int32_t y, int32_t cols, int build, size_t *count) {
    const char *b = lx->buf;
    size_t i = 0, len = lx->len, n = 0;
    uint64_t k = 0;
    int line = 1, col = 1;
    while (i < len) {
        if (b[i] == '\n' || is_blank(b[i])) {
            if (b[i++] == '\n')
                line++, col = 1;
            else
                col++;
            continue;
        }
        tok w = {b + i, 0, col};
        while (i < len && b[i] != '\n' && !is_blank(b[i])) i++, col++, w.len++;
        int zero = w.len == 1 && w.s[0] == '0';
        if (build) {
            if (!zero) {
                GROW(&it->table, &it->table_cap, n + 1);
                it->table[n++] = (marble){(int32_t)((int64_t)x + (int64_t)(k % (uint64_t)cols)),
                                          (int32_t)((int64_t)y + (int64_t)(k / (uint64_t)cols)),
                                          colour_intern(&it->p.colours, w.s, w.len)};
            }
        } else if (k == want) {
            reject(it, ft->col, "i: %s:%d:%d: more words than r*c = %llu", lx->path, line, w.col,
                   (unsigned long long)want);
            return -1;
        } else if (!zero && !colour_valid(w.s, w.len)) {
            /* never quoted: the file may be any file the process can read
             * (`i 1 1 0 0 /etc/shadow`), and its words are not the
             * script's to print; where it is and its length say enough */
            reject(it, ft->col,
                   "i: %s:%d:%d: expected a colour (letters a..z) or 0, found a word of %zu "
                   "bytes that is neither (the table's words are not shown)",
                   lx->path, line, w.col, w.len);
            return -1;
        }
        k++;
    }
    if (k < want) {
        reject(it, ft->col, "i: %s: expected r*c = %llu words, found only %llu", lx->path,
               (unsigned long long)want, (unsigned long long)k);
        return -1;
    }
    *count = n;
    return 0;
}

static void cmd_i(interp *it, const tok *t, int n) {
    int32_t v[4];
    if (arity(it, t, n, 5, "i r c x y FILE") || coords(it, t + 1, 4, "r c x y", v)) return;
    int32_t r = v[0], c = v[1], x = v[2], y = v[3];
    unsigned long long limit = protocol_max_table_cells();
    if (r < 1 || c < 1) {
        reject(it, t[r < 1 ? 1 : 2].col, "i: expected r >= 1 and c >= 1, found r = %d, c = %d", r,
               c);
        return;
    }
    uint64_t cells = (uint64_t)r * (uint64_t)c;
    if (cells > limit) {
        reject(it, t[1].col,
               "i: a table of r*c = %llu cells is over the limit of %llu "
               "(raise it with SEARCHLAB_SAMEGAME_MAX_CELLS)",
               (unsigned long long)cells, limit);
        return;
    }
    if ((int64_t)x + c - 1 > INT32_MAX || (int64_t)y + r - 1 > INT32_MAX) {
        reject(it, t[3].col,
               "i: the table would leave the plane (x + c - 1 and y + r - 1 "
               "must be at most %d)",
               INT32_MAX);
        return;
    }
    /* the file name is the rest of the token; make it a C string */
    char *name = xstrndup(t[5].s, t[5].len);
    lexer lx;
    diag d;
    protocol_open_fn open = it->cfg->open ? it->cfg->open : default_open;
    if (open(it->cfg->open_ctx, name, &lx, &d)) {
        reject(it, t[5].col, "i: %s", d.msg);
        xstrfree(name);
        return;
    }
    size_t k = 0;
    if (table_pass(it, &lx, &t[0], cells, x, y, c, 0, &k) == 0 &&
        table_pass(it, &lx, &t[0], cells, x, y, c, 1, &k) == 0)
        plane_apply(&it->p, it->table, k);
    lex_close(&lx);
    xstrfree(name);
}

static void cmd_m(interp *it, const tok *t, int n) {
    int32_t v[6];
    if (arity(it, t, n, 6, "m x y x0 x1 y0 y1") || coords(it, t + 1, 6, "x y x0 x1 y0 y1", v))
        return;
    if (v[2] > v[3] || v[4] > v[5]) {
        reject(it, t[v[2] > v[3] ? 3 : 5].col,
               "m: expected a base with x0 <= x1 and y0 <= y1, found [%d,%d] x [%d,%d]", v[2], v[3],
               v[4], v[5]);
        return;
    }
    plane_rect base = {v[2], v[3], v[4], v[5]};
    plane_move(&it->p, v[0], v[1], &base);
}

static void print_path(interp *it, const path_result *r) {
    fprintf(it->out, "(%llu,%llu\n", (unsigned long long)r->variability,
            (unsigned long long)r->length);
    for (size_t i = 0; i < r->ncells; i++)
        fprintf(it->out, "%ld,%ld\n", (long)r->cells[i].x, (long)r->cells[i].y);
    fputs(")\n", it->out);
}

static void cmd_path(interp *it, const tok *t, int n, int mode) {
    int32_t v[4];
    const char *usage = mode == PATH_ONE_COLOUR ? "o x1 y1 x2 y2" : "c x1 y1 x2 y2";
    if (arity(it, t, n, 4, usage) || coords(it, t + 1, 4, "x1 y1 x2 y2", v)) return;
    path_query q = {{v[0], v[1]}, {v[2], v[3]}, mode};
    const path_ops *canon = path_canonical(mode), *f = it->cfg->path;
    if (!f || !(f->modes & mode)) f = canon;
    /* the chosen finder is timed alone; the canonical one (when it is a
     * different finder) then supplies the path to print */
    path_result *chosen = f != canon ? &it->alt : &it->canon;
    uint64_t t0 = clock_ns();
    f->find(it->p.st, &q, chosen);
    ADD(&it->st, path_ns, clock_ns() - t0);
    if (f != canon) {
        canon->find(it->p.st, &q, &it->canon);
        if (it->alt.found != it->canon.found ||
            (it->canon.found && (it->alt.variability != it->canon.variability ||
                                 it->alt.length != it->canon.length))) {
            fprintf(it->err, "%s:%ld: internal error: path finder %s disagrees with %s\n", it->name,
                    it->lineno, f->name, canon->name);
            it->internal = 1;
        }
    }
    ADD(&it->st, expanded, chosen->expanded);
    if (it->canon.found) {
        print_path(it, &it->canon);
    } else {
        fprintf(it->out, "Non esiste un cammino%s fra (%ld,%ld) e (%ld,%ld)\n",
                mode == PATH_ONE_COLOUR ? " omogeneo" : "", (long)v[0], (long)v[1], (long)v[2],
                (long)v[3]);
    }
}

/* ---- the loop ---------------------------------------------------------- */

static const char kinds[] = "ibmocnf";

static void write_stats(interp *it, char cmd, uint64_t ns) {
    ADD(&it->st, total_ns, ns);
    ADD(&it->st, store_ops, it->p.st->nops);
    ADD(&it->st, count_visits, it->p.count_visits);
    if (!it->opening) INC(&it->st, commands);
    if (cmd == 'o' || cmd == 'c') INC(&it->st, queries);
    if (it->cfg->total) stats_merge(it->cfg->total, &it->st);
    if (!it->cfg->stats) return;
    if (it->cfg->stats_summary) {
        int k = (int)(strchr(kinds, cmd) - kinds);
        stats_merge(&it->kind_stats[k], &it->st);
        it->kind_count[k]++;
        return;
    }
    fprintf(it->cfg->stats, "{\"line\": %ld, \"cmd\": \"%c\", \"marbles\": %zu, ", it->lineno, cmd,
            store_count(it->p.st));
    stats_write_json(&it->st, it->cfg->stats);
    fputs("}\n", it->cfg->stats);
}

int protocol_run(FILE *in, FILE *out, FILE *err, const protocol_config *cfg) {
    interp it;
    memset(&it, 0, sizeof it);
    it.cfg = cfg;
    it.name = cfg->input_name ? cfg->input_name : "<stdin>";
    it.in = in, it.out = out, it.err = err;
    plane_init(&it.p, cfg->store ? cfg->store : store_registry[0], cfg->count_mode);
    path_result_init(&it.canon);
    path_result_init(&it.alt);
    it.opening = 1;
    uint64_t cpu_start = cfg->total ? thread_cpu_ns() : 0, cpu_plane = 0;
    for (;;) {
        const char *why = NULL;
        long len = read_line(&it, &why);
        if (len == -1) break;
        it.lineno++;
        if (len == -2) {
            reject(&it, 0, "%s", why);
            continue;
        }
        tok t[MAX_ARGS];
        int n = split(it.line, (size_t)len, t, MAX_ARGS);
        if (n == 0) continue;           /* blank line */
        if (n > MAX_ARGS) n = MAX_ARGS; /* still "too many" for every command */
        memset(&it.st, 0, sizeof it.st);
        it.p.st->nops = 0;
        it.p.count_visits = 0;
        char cmd = t[0].len == 1 ? t[0].s[0] : '?';
        if (it.opening && cmd != 'b' && cmd != 'i') {
            it.opening = 0;
            if (cfg->total) cpu_plane = thread_cpu_ns();
        }
        uint64_t t0 = clock_ns();
        switch (cmd) {
        case 'b':
            cmd_b(&it, t, n);
            break;
        case 'i':
            cmd_i(&it, t, n);
            break;
        case 'm':
            cmd_m(&it, t, n);
            break;
        case 'o':
            cmd_path(&it, t, n, PATH_ONE_COLOUR);
            break;
        case 'c':
            cmd_path(&it, t, n, PATH_VARIABLE);
            break;
        case 'n':
            if (arity(&it, t, n, 0, "n") == 0)
                fprintf(out, "%llu\n", (unsigned long long)plane_blocks(&it.p));
            break;
        case 'f':
            if (arity(&it, t, n, 0, "f") == 0) goto done;
            break;
        default: {
            char shown[64];
            show(&t[0], shown, sizeof shown);
            reject(&it, t[0].col, "unknown command '%s' (expected one of i b m o c n f)", shown);
            cmd = '?';
        }
        }
        if ((cfg->stats || cfg->total) && cmd != '?') write_stats(&it, cmd, clock_ns() - t0);
    }
done:
    if (cfg->total) {
        uint64_t cpu_end = thread_cpu_ns();
        if (it.opening) cpu_plane = cpu_end;
        ADD(cfg->total, plane_ns, cpu_plane - cpu_start);
        ADD(cfg->total, ops_ns, cpu_end - cpu_plane);
    }
    for (int k = 0; cfg->stats && cfg->stats_summary && k < 7; k++) {
        if (!it.kind_count[k]) continue;
        fprintf(cfg->stats, "{\"cmd\": \"%c\", \"count\": %llu, \"marbles\": %zu, ", kinds[k],
                (unsigned long long)it.kind_count[k], store_count(it.p.st));
        stats_write_json(&it.kind_stats[k], cfg->stats);
        fputs("}\n", cfg->stats);
    }
    plane_free(&it.p);
    path_result_free(&it.canon);
    path_result_free(&it.alt);
    if (it.line_cap) FREEN(it.line, it.line_cap);
    if (it.table_cap) FREEN(it.table, it.table_cap);
    fflush(out);
    return it.internal ? 1 : it.rejected ? 2 : 0;
}
