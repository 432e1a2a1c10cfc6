/* gen.c - random Same Game planes and operation scripts (gen.h). */
#include "gen.h"

#include <assert.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cell.h"
#include "core/options.h"
#include "core/rng.h"
#include "core/xmalloc.h"

const char *const sgen_layout_names[] = {"dense", "clusters", "spread", NULL};
const char *const sgen_base_names[] = {"window", "strip", "all", NULL};

enum { SPAN = 1000000000, CLUSTER = 16 };
static const char kinds[] = SGEN_KINDS;

/* The generator's state: the options, the random stream and the marbles
 * placed so far (in the order they were generated: row by row for the
 * dense layout, which write_table relies on). */
typedef struct gen {
    const sgen_opts *o;
    rng g;
    cell *pts;
    size_t npts, cap;
    int32_t ymin, ymax; /* rows the layout spans (for strip bases) */
} gen;

/* sgen_parse_mix as a key's parse: field is the mix array of sgen_opts. */
static int parse_mix(const char *text, void *field, diag *d) {
    sgen_opts o;
    if (sgen_parse_mix(&o, text))
        return diag_set(d, "KIND one of o c m n b, each weight up to 10^6, a positive total");
    memcpy(field, o.mix, sizeof o.mix);
    return 0;
}

#define O_(f) offsetof(sgen_opts, f)
/* The options of the generator: `gen samegame`'s flags, their ranges and
 * defaults (sgen_defaults sets these). */
static const spec_key keys[] = {
    {.name = "marbles",
     .doc = "about N marbles",
     .kind = SPEC_U64,
     .min = 0,
     .max = 100000000,
     .unit = "a number of marbles",
     .def = "1000",
     .offset = O_(marbles)},
    {.name = "colours",
     .doc = "K colours; names a, b, ..., z, ba, bb, ...",
     .kind = SPEC_U64,
     .min = 1,
     .max = 1000000,
     .unit = "a number of colours",
     .def = "4",
     .form = "K",
     .offset = O_(colours)},
    {.name = "layout",
     .doc = "dense: one filled square (80% full) around the origin; clusters: 16x16 squares "
            "(75% full) spread over +-1e9; spread: uniform over [-1e9, 1e9]^2",
     .names = sgen_layout_names,
     .offset = O_(layout)},
    {.name = "ops",
     .doc = "operations after the plane",
     .kind = SPEC_U64,
     .min = 0,
     .max = 1000000000,
     .unit = "a number of operations",
     .def = "100",
     .form = "M",
     .offset = O_(ops)},
    {.name = "mix",
     .doc = "relative weights of the operations o c m n b (each up to 10^6, a positive total)",
     .form = "o=W,c=W,m=W,n=W,b=W",
     .parse = parse_mix,
     .def = "o=1,c=1,m=1,n=1,b=1",
     .offset = O_(mix)},
    {.name = "base",
     .doc = "move bases: window (17x17 around a marble), strip (5 columns over every row of "
            "the layout) or all (the whole plane)",
     .names = sgen_base_names,
     .offset = O_(base)},
    {.name = "seed",
     .doc = "random seed",
     .kind = SPEC_U64,
     .unit = "a seed",
     .def = "1",
     .form = "S",
     .offset = O_(seed)},
    {.name = NULL}};
#undef O_

const spec_key *sgen_keys(void) { return keys; }

void sgen_defaults(sgen_opts *o) {
    memset(o, 0, sizeof *o);
    diag d;
    int bad = opt_defaults(keys, o, &d);
    assert(!bad); /* the table's defaults are in their ranges */
    (void)bad;
}

static void colour_word(uint64_t k, char *buf) {
    char tmp[16];
    int n = 0;
    do tmp[n++] = (char)('a' + k % 26), k /= 26;
    while (k);
    for (int i = 0; i < n; i++) buf[i] = tmp[n - 1 - i];
    buf[n] = '\0';
}

static void add_point(gen *g, int64_t x, int64_t y) {
    GROW(&g->pts, &g->cap, g->npts + 1);
    g->pts[g->npts++] = (cell){(int32_t)x, (int32_t)y};
}

static int64_t uniform(gen *g, int64_t lo, int64_t hi) {
    return lo + (int64_t)rng_below(&g->g, (uint64_t)(hi - lo + 1));
}

static void layout(gen *g) {
    if (g->o->layout == SGEN_DENSE) {
        int64_t side = (int64_t)ceil(sqrt((double)g->o->marbles / 0.8)), x0 = -side / 2;
        double p = side ? (double)g->o->marbles / (double)(side * side) : 0;
        for (int64_t y = 0; y < side; y++)
            for (int64_t x = 0; x < side; x++)
                if (rng_double(&g->g) < p) add_point(g, x0 + x, x0 + y);
        g->ymin = (int32_t)x0, g->ymax = (int32_t)(x0 + side);
    } else if (g->o->layout == SGEN_CLUSTERS) {
        while (g->npts < g->o->marbles) {
            int64_t cx = uniform(g, -SPAN, SPAN - CLUSTER), cy = uniform(g, -SPAN, SPAN - CLUSTER);
            for (int y = 0; y < CLUSTER; y++)
                for (int x = 0; x < CLUSTER && g->npts < g->o->marbles; x++)
                    if (rng_below(&g->g, 4)) add_point(g, cx + x, cy + y);
        }
        g->ymin = -SPAN, g->ymax = SPAN;
    } else {
        while (g->npts < g->o->marbles)
            add_point(g, uniform(g, -SPAN, SPAN), uniform(g, -SPAN, SPAN));
        g->ymin = -SPAN, g->ymax = SPAN;
    }
}

int sgen_parse_mix(sgen_opts *o, const char *v) {
    memset(o->mix, 0, sizeof o->mix);
    for (const char *p = v; *p;) {
        const char *k = strchr(kinds, *p);
        char *end;
        if (!*p || !k || p[1] != '=') return -1;
        unsigned long w = strtoul(p + 2, &end, 10);
        if (end == p + 2 || w > 1000000) return -1;
        o->mix[k - kinds] = (unsigned)w;
        p = *end == ',' ? end + 1 : end;
        if (*end && *end != ',') return -1;
    }
    unsigned total = 0;
    for (int i = 0; i < 5; i++) total += o->mix[i];
    return total ? 0 : -1;
}

static int32_t clamp(int64_t v) {
    return v < INT32_MIN ? INT32_MIN : v > INT32_MAX ? INT32_MAX : (int32_t)v;
}

static void operations(gen *g, FILE *out) {
    unsigned total = 0;
    for (int i = 0; i < 5; i++) total += g->o->mix[i];
    char word[16];
    for (uint64_t i = 0; i < g->o->ops && g->npts; i++) {
        unsigned r = (unsigned)rng_below(&g->g, total), k = 0;
        while (r >= g->o->mix[k]) r -= g->o->mix[k++];
        cell p = g->pts[rng_below(&g->g, g->npts)];
        int64_t reach = kinds[k] == 'o' ? 8 : 16;
        int32_t qx = clamp(p.x + uniform(g, -reach, reach)),
                qy = clamp(p.y + uniform(g, -reach, reach));
        switch (kinds[k]) {
        case 'o':
        case 'c':
            fprintf(out, "%c %d %d %d %d\n", kinds[k], p.x, p.y, qx, qy);
            break;
        case 'n':
            fputs("n\n", out);
            break;
        case 'b':
            colour_word(rng_below(&g->g, g->o->colours), word);
            fprintf(out, "b %d %d %s\n", qx, qy, word);
            break;
        default: {
            int64_t x0 = INT32_MIN, x1 = INT32_MAX, y0 = INT32_MIN, y1 = INT32_MAX;
            if (g->o->base == SGEN_WINDOW) x0 = p.x - 8, x1 = p.x + 8, y0 = p.y - 8, y1 = p.y + 8;
            if (g->o->base == SGEN_STRIP) x0 = p.x - 2, x1 = p.x + 2, y0 = g->ymin, y1 = g->ymax;
            fprintf(out, "m %d %d %d %d %d %d\n", p.x, p.y, clamp(x0), clamp(x1), clamp(y0),
                    clamp(y1));
        }
        }
    }
}

static void write_table(gen *g, FILE *f, const char *name, FILE *script) {
    int64_t side = g->ymax - g->ymin;
    /* the points were generated row by row, so one pass writes the grid */
    size_t next = 0;
    char word[16];
    for (int64_t y = 0; y < side; y++)
        for (int64_t x = 0; x < side; x++) {
            if (next < g->npts && g->pts[next].x == g->ymin + x && g->pts[next].y == g->ymin + y) {
                colour_word(rng_below(&g->g, g->o->colours), word);
                fputs(word, f);
                next++;
            } else {
                fputc('0', f);
            }
            fputc(x + 1 < side ? ' ' : '\n', f);
        }
    fprintf(script, "i %lld %lld %d %d %s\n", (long long)side, (long long)side, g->ymin, g->ymin,
            name);
}

int sgen_write(const sgen_opts *o, FILE *out, FILE *table, const char *table_name, diag *d) {
    if (table && o->layout != SGEN_DENSE)
        return diag_set(d, "--table: only the dense layout can be written as a table");
    gen g = {.o = o};
    rng_seed(&g.g, o->seed);
    layout(&g);
    if (table) {
        write_table(&g, table, table_name, out);
    } else {
        char word[16];
        for (size_t i = 0; i < g.npts; i++) {
            colour_word(rng_below(&g.g, o->colours), word);
            fprintf(out, "b %d %d %s\n", g.pts[i].x, g.pts[i].y, word);
        }
    }
    operations(&g, out);
    fputs("f\n", out);
    if (g.cap) FREEN(g.pts, g.cap);
    return 0;
}
