/* gen_samegame.c - `searchlab gen samegame`: random Same Game planes (N
 * marbles, K colours, dense, clustered or spread over a huge coordinate
 * range) written as a command script (b lines, or one i file), followed
 * by a random mix of operations for the scaling benchmarks. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "core/rng.h"
#include "core/xmalloc.h"
#include "plane/cell.h"

enum layout { DENSE, CLUSTERS, SPREAD };
enum base_kind { WINDOW, STRIP, ALL };
enum { SPAN = 1000000000, CLUSTER = 16 };
static const char kinds[] = "ocmnb";

typedef struct gen {
    uint64_t marbles, colours, ops, seed;
    enum layout layout;
    enum base_kind base;
    unsigned mix[5]; /* weights of o c m n b */
    const char *table, *out;
    rng g;
    cell *pts;
    size_t npts, cap;
    int32_t ymin, ymax; /* rows the layout spans (for strip bases) */
} gen;

static void usage(FILE *out) {
    fprintf(out,
            "usage: searchlab gen samegame [--marbles N] [--colours K] [--layout L] [--ops M]\n"
            "                              [--mix o=W,c=W,m=W,n=W,b=W] [--base B] [--seed S]\n"
            "                              [--table FILE] [--out FILE]\n\n"
            "Writes a Same Game command script: a random plane, then M operations.\n"
            "  --marbles N   about N marbles (default 1000)\n"
            "  --colours K   K colours (default 4); names a, b, ..., z, ba, bb, ...\n"
            "  --layout L    dense: one filled square (80%% full) around the origin;\n"
            "                clusters: 16x16 squares (75%% full) spread over +-1e9;\n"
            "                spread: uniform over [-1e9, 1e9]^2 (default dense)\n"
            "  --ops M       operations after the plane (default 100)\n"
            "  --mix ...     relative weights of o c m n b (default o=1,c=1,m=1,n=1,b=1)\n"
            "  --base B      move bases: window (17x17 around a marble), strip (5 columns\n"
            "                over every row of the layout) or all (the whole plane);\n"
            "                default window\n"
            "  --seed S      random seed (default 1)\n"
            "  --table FILE  dense layout only: write the square to FILE as an i table\n"
            "  --out FILE    write the script to FILE instead of standard output\n");
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
    if (g->layout == DENSE) {
        int64_t side = (int64_t)ceil(sqrt((double)g->marbles / 0.8)), x0 = -side / 2;
        double p = side ? (double)g->marbles / (double)(side * side) : 0;
        for (int64_t y = 0; y < side; y++)
            for (int64_t x = 0; x < side; x++)
                if (rng_double(&g->g) < p) add_point(g, x0 + x, x0 + y);
        g->ymin = (int32_t)x0, g->ymax = (int32_t)(x0 + side);
    } else if (g->layout == CLUSTERS) {
        while (g->npts < g->marbles) {
            int64_t cx = uniform(g, -SPAN, SPAN - CLUSTER), cy = uniform(g, -SPAN, SPAN - CLUSTER);
            for (int y = 0; y < CLUSTER; y++)
                for (int x = 0; x < CLUSTER && g->npts < g->marbles; x++)
                    if (rng_below(&g->g, 4)) add_point(g, cx + x, cy + y);
        }
        g->ymin = -SPAN, g->ymax = SPAN;
    } else {
        while (g->npts < g->marbles) add_point(g, uniform(g, -SPAN, SPAN), uniform(g, -SPAN, SPAN));
        g->ymin = -SPAN, g->ymax = SPAN;
    }
}

static int parse_mix(gen *g, const char *v) {
    memset(g->mix, 0, sizeof g->mix);
    for (const char *p = v; *p;) {
        const char *k = strchr(kinds, *p);
        char *end;
        if (!*p || !k || p[1] != '=') return -1;
        unsigned long w = strtoul(p + 2, &end, 10);
        if (end == p + 2 || w > 1000000) return -1;
        g->mix[k - kinds] = (unsigned)w;
        p = *end == ',' ? end + 1 : end;
        if (*end && *end != ',') return -1;
    }
    unsigned total = 0;
    for (int i = 0; i < 5; i++) total += g->mix[i];
    return total ? 0 : -1;
}

static int32_t clamp(int64_t v) {
    return v < INT32_MIN ? INT32_MIN : v > INT32_MAX ? INT32_MAX : (int32_t)v;
}

static void operations(gen *g, FILE *out) {
    unsigned total = 0;
    for (int i = 0; i < 5; i++) total += g->mix[i];
    char word[16];
    for (uint64_t i = 0; i < g->ops && g->npts; i++) {
        unsigned r = (unsigned)rng_below(&g->g, total), k = 0;
        while (r >= g->mix[k]) r -= g->mix[k++];
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
            colour_word(rng_below(&g->g, g->colours), word);
            fprintf(out, "b %d %d %s\n", qx, qy, word);
            break;
        default: {
            int64_t x0 = INT32_MIN, x1 = INT32_MAX, y0 = INT32_MIN, y1 = INT32_MAX;
            if (g->base == WINDOW) x0 = p.x - 8, x1 = p.x + 8, y0 = p.y - 8, y1 = p.y + 8;
            if (g->base == STRIP) x0 = p.x - 2, x1 = p.x + 2, y0 = g->ymin, y1 = g->ymax;
            fprintf(out, "m %d %d %d %d %d %d\n", p.x, p.y, clamp(x0), clamp(x1), clamp(y0),
                    clamp(y1));
        }
        }
    }
}

static int write_table(gen *g, FILE *script) {
    FILE *f = fopen(g->table, "w");
    if (!f) return cli_usage_error("gen samegame", "--table: cannot write '%s'", g->table);
    int64_t side = g->ymax - g->ymin;
    /* the points were generated row by row, so one pass writes the grid */
    size_t next = 0;
    char word[16];
    for (int64_t y = 0; y < side; y++)
        for (int64_t x = 0; x < side; x++) {
            if (next < g->npts && g->pts[next].x == g->ymin + x && g->pts[next].y == g->ymin + y) {
                colour_word(rng_below(&g->g, g->colours), word);
                fputs(word, f);
                next++;
            } else {
                fputc('0', f);
            }
            fputc(x + 1 < side ? ' ' : '\n', f);
        }
    if (fclose(f)) return cli_usage_error("gen samegame", "--table: write error on '%s'", g->table);
    fprintf(script, "i %lld %lld %d %d %s\n", (long long)side, (long long)side, g->ymin, g->ymin,
            g->table);
    return 0;
}

int cmd_gen_samegame(int argc, char **argv) {
    const char *cmd = "gen samegame";
    gen g = {.marbles = 1000,
             .colours = 4,
             .ops = 100,
             .seed = 1,
             .layout = DENSE,
             .base = WINDOW,
             .mix = {1, 1, 1, 1, 1}};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        long n;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return EXIT_DONE;
        }
        if (strncmp(a, "--", 2) || !(v = cli_value(cmd, argc, argv, &i)))
            return strncmp(a, "--", 2) ? cli_usage_error(cmd, "unexpected argument '%s'", a)
                                       : EXIT_BAD_INPUT;
        if (cli_is(a, "--marbles")) {
            if (cli_int(cmd, a, v, 0, 100000000, &n)) return EXIT_BAD_INPUT;
            g.marbles = (uint64_t)n;
        } else if (cli_is(a, "--colours")) {
            if (cli_int(cmd, a, v, 1, 1000000, &n)) return EXIT_BAD_INPUT;
            g.colours = (uint64_t)n;
        } else if (cli_is(a, "--ops")) {
            if (cli_int(cmd, a, v, 0, 1000000000, &n)) return EXIT_BAD_INPUT;
            g.ops = (uint64_t)n;
        } else if (cli_is(a, "--seed")) {
            if (cli_u64(cmd, a, v, &g.seed)) return EXIT_BAD_INPUT;
        } else if (cli_is(a, "--layout")) {
            if (!strcmp(v, "dense"))
                g.layout = DENSE;
            else if (!strcmp(v, "clusters"))
                g.layout = CLUSTERS;
            else if (!strcmp(v, "spread"))
                g.layout = SPREAD;
            else
                return cli_usage_error(
                    cmd, "--layout: expected dense, clusters or spread, found '%s'", v);
        } else if (cli_is(a, "--base")) {
            if (!strcmp(v, "window"))
                g.base = WINDOW;
            else if (!strcmp(v, "strip"))
                g.base = STRIP;
            else if (!strcmp(v, "all"))
                g.base = ALL;
            else
                return cli_usage_error(cmd, "--base: expected window, strip or all, found '%s'", v);
        } else if (cli_is(a, "--mix")) {
            if (parse_mix(&g, v))
                return cli_usage_error(cmd,
                                       "--mix: expected KIND=WEIGHT,... with KIND one of o c m n b "
                                       "and a positive total, found '%s'",
                                       v);
        } else if (cli_is(a, "--table")) {
            g.table = v;
        } else if (cli_is(a, "--out")) {
            g.out = v;
        } else {
            return cli_usage_error(cmd, "unknown option '%s' (see --help)", a);
        }
    }
    if (g.table && g.layout != DENSE)
        return cli_usage_error(cmd, "--table: only the dense layout can be written as a table");
    FILE *out = g.out ? fopen(g.out, "w") : stdout;
    if (!out) return cli_usage_error(cmd, "--out: cannot write '%s'", g.out);
    rng_seed(&g.g, g.seed);
    layout(&g);
    int rc = EXIT_DONE;
    if (g.table) {
        if (write_table(&g, out)) rc = EXIT_BAD_INPUT;
    } else {
        char word[16];
        for (size_t i = 0; i < g.npts; i++) {
            colour_word(rng_below(&g.g, g.colours), word);
            fprintf(out, "b %d %d %s\n", g.pts[i].x, g.pts[i].y, word);
        }
    }
    if (rc == EXIT_DONE) operations(&g, out);
    fputs("f\n", out);
    if (g.cap) FREEN(g.pts, g.cap);
    if (g.out && fclose(out)) return cli_usage_error(cmd, "--out: write error on '%s'", g.out);
    return rc;
}
