/* samegame.c - Same Game as a puzzle of the registry, so that the
 * experiment driver runs the stores x path finders like any strategy
 * (docs/samegame.md, "Through the driver").
 *
 * An instance is a command script in the statement's format (the lines up
 * to `f`).  A run interprets it with the strategy's store, path finder
 * and count mode (src/samegame/protocol.h) and its "solution" is the
 * digest of what it printed: FNV-1a 64 of the standard output and its
 * length in bytes, plus a flag set when the chosen path finder disagreed
 * with the canonical one (the protocol's internal error).
 *
 * The verifier compares that digest with the instance's reference: the
 * digest of the output of the reference configuration (the registry's
 * first store, the canonical finders, incremental count).  Where it comes
 * from, in this order:
 *   - a line `reference fnv1a64=HEX bytes=N` after the script's `f`
 *     (lines after `f` are never read by the interpreter): the generator
 *     of `gen:` specs writes it, computed once when the file is made;
 *   - otherwise the verifier runs the reference configuration on the
 *     script itself, once per process (the result is kept in the instance).
 * Every store x path finder x count mode must print the same bytes, so a
 * run whose digest differs is `wrong`, with both digests in its note.
 *
 * Test-only fault: SEARCHLAB_SAMEGAME_TEST_DROP=STORE makes the store
 * called STORE drop one marble (its 7th put onto an empty cell is not
 * stored) in the measured run, never in the reference run: the driver's
 * tests check that such a run is recorded as `wrong`.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "../core/hash.h"
#include "../core/xmalloc.h"
#include "../samegame/gen.h"
#include "../samegame/protocol.h"
#include "puzzle.h"

/* ---- the instance -------------------------------------------------------- */

typedef struct sg_digest {
    uint64_t hash, bytes;
} sg_digest;

typedef struct sg_inst {
    char *text; /* the whole file, NUL-terminated (owned) */
    size_t len;
    long marbles; /* the opening plane: b lines plus the cells of i tables */
    int has_ref;  /* ref is known: from the reference line, or computed */
    int ref_from_file;
    sg_digest ref;
} sg_inst;

/* The solution vector: the digest's hash and length as 16-bit pieces
 * (ints of any width hold them), then the path finders' disagreement. */
enum { SG_SOL = 9, SG_SOL_DISAGREE = 8 };

static void digest_to_sol(const sg_digest *g, int disagree, int *sol) {
    for (int i = 0; i < 4; i++) {
        sol[i] = (int)((g->hash >> (16 * i)) & 0xffff);
        sol[4 + i] = (int)((g->bytes >> (16 * i)) & 0xffff);
    }
    sol[SG_SOL_DISAGREE] = disagree;
}

static int sol_to_digest(const int *sol, size_t n, sg_digest *g) {
    if (n != SG_SOL) return -1;
    g->hash = g->bytes = 0;
    for (int i = 0; i < 4; i++) {
        if (sol[i] < 0 || sol[i] > 0xffff || sol[4 + i] < 0 || sol[4 + i] > 0xffff) return -1;
        g->hash |= (uint64_t)sol[i] << (16 * i);
        g->bytes |= (uint64_t)sol[4 + i] << (16 * i);
    }
    return 0;
}

/* 1 if line [s, e) holds exactly the one token `f` (the interpreter's end). */
static int is_f_line(const char *s, const char *e) {
    while (s < e && (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\v' || *s == '\f')) s++;
    while (e > s &&
           (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' || e[-1] == '\v' || e[-1] == '\f'))
        e--;
    return e - s == 1 && *s == 'f';
}

/* Reads `reference fnv1a64=HEX bytes=N` (line [s, e), number lineno):
 * exactly 16 hex digits, a decimal byte count, nothing else. */
static int parse_ref(const lexer *lx, const char *s, const char *e, int lineno, sg_digest *g,
                     diag *d) {
    static const char head[] = "reference fnv1a64=", mid[] = " bytes=";
    size_t n = (size_t)(e - s), k = sizeof head - 1;
    if (n && s[n - 1] == '\r') n--;
    int ok = n > k && !memcmp(s, head, k);
    uint64_t h = 0, b = 0;
    for (int i = 0; ok && i < 16; i++, k++) {
        char c = k < n ? s[k] : '\0';
        int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        ok = v >= 0;
        h = h << 4 | (uint64_t)(v & 15);
    }
    ok = ok && n - k > sizeof mid - 1 && !memcmp(s + k, mid, sizeof mid - 1);
    k += sizeof mid - 1;
    for (; ok && k < n; k++) {
        ok = s[k] >= '0' && s[k] <= '9' && b <= (UINT64_MAX - 9) / 10;
        b = b * 10 + (uint64_t)(s[k] - '0');
    }
    if (!ok)
        return diag_at(d, lx->path, lineno, 1,
                       "expected 'reference fnv1a64=HEX bytes=N' after f (16 lower-case hex "
                       "digits, a byte count)"),
               -1;
    g->hash = h;
    g->bytes = b;
    return 0;
}

/* sum plus the marbles line [s, e) places when it is a b or an i line
 * (i: its r*c cells, zeros included); *done is set at the first other
 * non-blank line, which ends the opening plane. */
static long opening_marbles(const char *s, const char *e, long sum, int *done) {
    while (s < e && (*s == ' ' || *s == '\t')) s++;
    if (s == e || *s == '\r') return sum; /* a blank line */
    if (s + 1 < e && (s[1] == ' ' || s[1] == '\t') && (*s == 'b' || *s == 'i')) {
        if (*s == 'b') return sum + 1;
        long r, c;
        if (sscanf(s + 1, "%ld %ld", &r, &c) == 2 && r > 0 && c > 0 && r < (1L << 24) &&
            c < (1L << 24))
            return sum + r * c;
    }
    *done = 1;
    return sum;
}

static void *sg_parse(lexer *lx, diag *d) {
    sg_inst *in = NEWN(1, sg_inst);
    in->len = lx->len;
    in->text = xmalloc(lx->len + 1);
    memcpy(in->text, lx->buf, lx->len);
    in->text[lx->len] = '\0';
    const char *p = in->text, *end = in->text + in->len;
    int after_f = 0, opening_done = 0, lineno = 0;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *e = nl ? nl : end;
        lineno++;
        if (after_f) {
            if (e - p >= 10 && !memcmp(p, "reference ", 10)) {
                if (in->has_ref) {
                    diag_at(d, lx->path, lineno, 1, "a second reference line (one at most)");
                    goto bad;
                }
                if (parse_ref(lx, p, e, lineno, &in->ref, d)) goto bad;
                in->has_ref = in->ref_from_file = 1;
            }
        } else if (is_f_line(p, e)) {
            after_f = 1;
        } else if (!opening_done) {
            in->marbles = opening_marbles(p, e, in->marbles, &opening_done);
        }
        p = nl ? nl + 1 : end;
    }
    return in;
bad:
    xfree(in->text, in->len + 1);
    FREEN(in, 1);
    return NULL;
}

static void sg_destroy(void *vi) {
    sg_inst *in = vi;
    xfree(in->text, in->len + 1);
    FREEN(in, 1);
}

static int sg_size(const void *vi) {
    long m = ((const sg_inst *)vi)->marbles;
    return m > INT_MAX ? INT_MAX : (int)m;
}

static size_t sg_sol_cap(const void *vi) {
    (void)vi;
    return SG_SOL;
}

/* ---- running a script ---------------------------------------------------- */

/* The test-only store that drops one marble (see the top of the file):
 * the wrapped store's table with put replaced.  Invariant: only the
 * measured run of a strategy whose store is `dropped_of` uses it. */
static const store_ops *dropped_of;
static store_ops dropping;
static unsigned long drop_puts;

static int drop_put(store *s, int32_t x, int32_t y, int colour) {
    if (dropped_of->get(s, x, y) == STORE_EMPTY && ++drop_puts == 7) return STORE_EMPTY;
    return dropped_of->put(s, x, y, colour);
}

static const store_ops *test_drop(const store_ops *st) {
    const char *env = getenv("SEARCHLAB_SAMEGAME_TEST_DROP");
    if (!env || strcmp(env, st->name)) return st;
    dropped_of = st;
    dropping = *st;
    dropping.put = drop_put;
    drop_puts = 0;
    return &dropping;
}

/* Interprets the script with cfg (its total, when set, gets the
 * counters); *g gets the digest of the standard output.  Returns the
 * protocol's status (0, 1 internal error, 2 rejected lines), or -1 when
 * no memory stream could be made. */
static int interpret(const sg_inst *in, protocol_config *cfg, sg_digest *g) {
    FILE *src = fmemopen(in->text, in->len ? in->len : 1, "r");
    char *out_buf = NULL, *err_buf = NULL;
    size_t out_len = 0, err_len = 0;
    FILE *out = open_memstream(&out_buf, &out_len);
    FILE *err = open_memstream(&err_buf, &err_len);
    int rc = -1;
    if (src && out && err) {
        if (!in->len) fgetc(src); /* an empty script: fmemopen needs a byte; read it away */
        rc = protocol_run(src, out, err, cfg);
        fflush(out);
        g->hash = fnv1a(FNV1A_OFFSET, out_buf, out_len);
        g->bytes = out_len;
    }
    if (src) fclose(src);
    if (out) fclose(out);
    if (err) fclose(err);
    free(out_buf); /* the memory streams' own allocations */
    free(err_buf);
    return rc;
}

/* The reference digest of in, computed once (see the top of the file). */
static int reference(const sg_inst *in, sg_digest *g) {
    if (!in->has_ref) {
        protocol_config cfg = {.store = store_registry[0],
                               .count_mode = PLANE_COUNT_INCREMENTAL,
                               .input_name = "reference"};
        sg_inst *w = (sg_inst *)in; /* a cache: the instance is the caller's heap object */
        if (interpret(in, &cfg, &w->ref) < 0) return -1;
        w->has_ref = 1;
    }
    *g = in->ref;
    return 0;
}

static int sg_verify(const void *vi, const int *sol, size_t n, char *why, size_t why_size) {
    const sg_inst *in = vi;
    sg_digest got, ref;
    if (sol_to_digest(sol, n, &got)) {
        snprintf(why, why_size, "not an output digest (%zu values)", n);
        return 0;
    }
    if (sol[SG_SOL_DISAGREE]) {
        snprintf(why, why_size,
                 "the chosen path finder disagreed with the canonical one on some query");
        return 0;
    }
    if (reference(in, &ref)) {
        snprintf(why, why_size, "the reference run could not be made (no memory stream)");
        return 0;
    }
    if (got.hash == ref.hash && got.bytes == ref.bytes) return 1;
    snprintf(why, why_size,
             "output differs from the reference (%s): fnv1a64=%016llx bytes=%llu, reference "
             "fnv1a64=%016llx bytes=%llu",
             in->ref_from_file ? "the script's reference line" : "reference store, canonical paths",
             (unsigned long long)got.hash, (unsigned long long)got.bytes,
             (unsigned long long)ref.hash, (unsigned long long)ref.bytes);
    return 0;
}

/* ---- the strategy: samegame:store=NAME,path=NAME,count=MODE -------------- */

typedef struct sg_opts {
    const void *store; /* a store_ops */
    const void *path;  /* a path_ops */
    int count;         /* index in plane_count_names: plane_count_mode */
} sg_opts;

_Static_assert(PLANE_COUNT_INCREMENTAL == 0 && PLANE_COUNT_FULL == 1, "plane_count_names' order");

static const spec_key sg_keys[] = {
    {.name = "store",
     .doc = "the sparse store that holds the marbles (searchlab list: stores)",
     .registry = (const void *const *)store_registry,
     .offset = offsetof(sg_opts, store)},
    {.name = "path",
     .doc = "the path finder run, timed (path_ns) and counted (expanded) on o/c queries; "
            "the printed path is always the canonical one (searchlab list: paths)",
     .registry = (const void *const *)path_registry,
     .offset = offsetof(sg_opts, path)},
    {.name = "count",
     .doc = "block count upkeep: incremental, or full (recount at the first n after a change)",
     .names = plane_count_names,
     .offset = offsetof(sg_opts, count)},
    {0},
};
_Static_assert(sizeof(sg_opts) <= PUZZLE_OPTS_MAX, "the options fit the spec");

static int sg_run(const void *vi, const void *vo, const csp_limits *lim, puzzle_on_solution cb,
                  void *ctx, stats *st) {
    (void)lim; /* a script runs to its end; the driver's CPU limit stops a long one */
    const sg_inst *in = vi;
    const sg_opts *o = vo;
    protocol_config cfg = {.store = test_drop(o->store),
                           .path = o->path,
                           .count_mode = (plane_count_mode)o->count,
                           .input_name = "script",
                           .total = st};
    sg_digest g;
    int rc = interpret(in, &cfg, &g);
    if (rc < 0) return STATUS_CRASH;
    INC(st, solutions);
    int sol[SG_SOL];
    digest_to_sol(&g, rc == 1, sol);
    cb(ctx, sol, SG_SOL);
    return STATUS_SOLVED;
}

static const puzzle_search sg_search = {
    .name = "samegame",
    .summary = "interpret the script with a store, a path finder and a count mode",
    .keys = sg_keys,
    .run = sg_run,
};
static const puzzle_search *const sg_searches[] = {&sg_search, NULL};

/* ---- output ---------------------------------------------------------------- */

static void sg_print(const void *vi, const int *sol, size_t n, int drawn, FILE *out) {
    (void)vi, (void)drawn;
    sg_digest g;
    if (sol_to_digest(sol, n, &g)) return;
    fprintf(out, "output fnv1a64=%016llx bytes=%llu%s\n", (unsigned long long)g.hash,
            (unsigned long long)g.bytes, sol[SG_SOL_DISAGREE] ? " (path finders disagreed)" : "");
}

static void sg_print_json(const void *vi, const int *sol, size_t n, FILE *out) {
    (void)vi;
    sg_digest g;
    if (sol_to_digest(sol, n, &g)) {
        fputs("null", out);
        return;
    }
    fprintf(out, "{\"fnv1a64\": \"%016llx\", \"bytes\": %llu, \"paths_disagree\": %d}",
            (unsigned long long)g.hash, (unsigned long long)g.bytes, sol[SG_SOL_DISAGREE]);
}

/* ---- the generator of gen: specs -------------------------------------------
 * size=N: a dense plane of about density x N x N marbles (density 0.8 by
 * default: the generator's dense square, N on a side), 4 colours, then
 * 2000 operations o=1,c=1,m=1,n=1,b=1 with 17x17 window bases (the mix of
 * the scaling experiment), and the reference line. */

enum { SG_GEN_OPS = 2000, SG_GEN_COLOURS = 4 };

static int sg_generate(const puzzle_gen *g, FILE *out, diag *d) {
    if (g->cols && g->cols != g->size)
        return diag_set(d, "samegame: gen: cols is not taken (the plane is a square)");
    if (g->density2 >= 0) return diag_set(d, "samegame: gen: density2 is not taken");
    sgen_opts o;
    sgen_defaults(&o);
    double density = g->density >= 0 ? g->density : 0.8;
    o.marbles = (uint64_t)(density * (double)g->size * (double)g->size + 0.5);
    o.colours = SG_GEN_COLOURS;
    o.ops = SG_GEN_OPS;
    o.seed = g->seed;
    o.layout = SGEN_DENSE;
    o.base = SGEN_WINDOW;
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem) return diag_set(d, "samegame: gen: no memory stream");
    int bad = sgen_write(&o, mem, NULL, NULL, d);
    fclose(mem);
    if (!bad) {
        sg_inst in = {.text = buf, .len = len};
        sg_digest ref;
        if (reference(&in, &ref))
            bad = diag_set(d, "samegame: gen: the reference run could not be made");
        else if (fwrite(buf, 1, len, out) != len ||
                 fprintf(out, "reference fnv1a64=%016llx bytes=%llu\n",
                         (unsigned long long)ref.hash, (unsigned long long)ref.bytes) < 0)
            bad = diag_set(d, "samegame: gen: cannot write the script");
    }
    free(buf);
    return bad ? -1 : 0;
}

const puzzle puzzle_samegame = {
    .name = "samegame",
    .ext = "sg",
    .summary = "Same Game command scripts: stores x path finders, answers checked byte for byte",
    .parse = sg_parse,
    .destroy = sg_destroy,
    .size = sg_size,
    .size_name = "marbles of the opening plane",
    .searches = sg_searches,
    .sol_cap = sg_sol_cap,
    .verify = sg_verify,
    .print = sg_print,
    .print_json = sg_print_json,
    .generate = sg_generate,
};
