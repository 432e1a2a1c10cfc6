/* outside_read.c - reading an outside solver's answer: the XCSP3
 * competition's lines, `searchlab solve --json`'s object, a puzzle's own
 * grid, FlatZinc's solution output, and the stat.COLUMN extractors
 * (outside_read.h). */
#define _DEFAULT_SOURCE /* open_memstream */
#include "outside_read.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/status.h"
#include "../core/xmalloc.h"
#include "child.h"

/* The variables' names in solution order, from the puzzle's JSON form of a
 * solution ({"NAME": value, ...}); n names, or 0 when the puzzle's JSON
 * form has none. */
static char **var_names(const puzzle *pz, const void *inst, size_t n) {
    if (!pz->print_json || !n) return NULL;
    int *zero = NEWN(n, int);
    char *buf = NULL;
    size_t blen = 0;
    FILE *mem = open_memstream(&buf, &blen);
    if (!mem) {
        FREEN(zero, n);
        return NULL;
    }
    pz->print_json(inst, zero, n, mem);
    fclose(mem);
    FREEN(zero, n);
    char **names = NEWN(n, char *);
    size_t k = 0;
    const char *p = buf;
    while (k < n && (p = strchr(p, '"'))) {
        const char *end = strchr(p + 1, '"');
        if (!end) break;
        const char *after = end + 1;
        while (*after == ' ') after++;
        if (*after == ':') {
            size_t len = (size_t)(end - p - 1);
            names[k] = NEWN(len + 1, char);
            memcpy(names[k], p + 1, len);
            k++;
        }
        p = after;
    }
    free(buf); /* open_memstream's */
    if (k != n) {
        for (size_t i = 0; i < k; i++) FREEN(names[i], strlen(names[i]) + 1);
        FREEN(names, n);
        return NULL;
    }
    return names;
}

static void names_free(char **names, size_t n) {
    if (!names) return;
    for (size_t i = 0; i < n; i++) FREEN(names[i], strlen(names[i]) + 1);
    FREEN(names, n);
}

/* The variables' names (NULL: none) with their order by name, so that a
 * name of the output is found in log n (a solver may name every one of
 * thousands of variables). */
typedef struct named {
    const char *name;
    size_t i;
} named;
typedef struct var_table {
    char **name; /* in solution order, n of them */
    named *sorted;
    size_t n;
} var_table;

static int cmp_named(const void *a, const void *b) {
    const named *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : (x->i > y->i) - (x->i < y->i);
}

static void var_table_make(var_table *t, char **names, size_t n) {
    *t = (var_table){names, NULL, names ? n : 0};
    if (!t->n) return;
    t->sorted = NEWN(n, named);
    for (size_t i = 0; i < n; i++) t->sorted[i] = (named){names[i], i};
    qsort(t->sorted, n, sizeof *t->sorted, cmp_named);
}

static void var_table_free(var_table *t) {
    if (t->sorted) FREEN(t->sorted, t->n);
    names_free(t->name, t->n);
}

/* s[0..len) (no NUL in it) against the string u, as strcmp would. */
static int cmp_prefix(const char *s, size_t len, const char *u) {
    int c = strncmp(s, u, len);
    return c ? c : -(u[len] != '\0');
}

/* The solution index of the variable named s[0..len) (the first of two
 * that share it), or t->n. */
static size_t var_find(const var_table *t, const char *s, size_t len) {
    size_t lo = 0, hi = t->n;
    while (lo < hi) { /* the first entry not below s */
        size_t mid = lo + (hi - lo) / 2;
        if (cmp_prefix(s, len, t->sorted[mid].name) > 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < t->n && !cmp_prefix(s, len, t->sorted[lo].name) ? t->sorted[lo].i : t->n;
}

/* The values of a v line, read in order. */
typedef struct vlist {
    char **tok;
    size_t n, at;
} vlist;

/* The next value: an integer (*star 0) or '*' (*star 1: a cell the
 * solver's array has and the instance does not); 0, or -1 with a->problem. */
static int next_value(vlist *v, outside_answer *a, int *value, int *star) {
    if (v->at == v->n) {
        snprintf(a->problem, sizeof a->problem, "the v line has fewer values than names");
        return -1;
    }
    const char *t = v->tok[v->at++];
    char *end;
    long x = strtol(t, &end, 10);
    *star = !strcmp(t, "*");
    if (*star) return 0;
    if (end == t || *end || x < INT_MIN || x > INT_MAX) {
        snprintf(a->problem, sizeof a->problem, "the v line's value '%.40s' is no integer", t);
        return -1;
    }
    *value = (int)x;
    return 0;
}

static void set_var(outside_answer *a, size_t i, int value, unsigned char *given) {
    a->sol[i] = value;
    given[i] = 1;
}

/* Splits s at white space into a token list (pointers into s). */
static char **tokens(char *s, size_t *n) {
    size_t cap = 16;
    char **t = NEWN(cap, char *);
    *n = 0;
    for (char *p = strtok(s, " \t\r\n"); p; p = strtok(NULL, " \t\r\n")) {
        GROW(&t, &cap, *n + 1);
        t[(*n)++] = p;
    }
    /* tokens_free needs the capacity: it is kept in the slot after the last */
    GROW(&t, &cap, *n + 1);
    t[*n] = (char *)(uintptr_t)cap;
    return t;
}

static void tokens_free(char **t, size_t n) {
    size_t cap = (size_t)(uintptr_t)t[n];
    FREEN(t, cap);
}

/* The numbers of q..end in order into a->sol (the first a->cap of them),
 * counted in *k: json, signed numbers anywhere; else (a grid) unsigned
 * numbers that start a word.  -1 with a->problem on a number out of int's
 * range. */
static int scan_numbers(const char *q, const char *end, int json, outside_answer *a, size_t *k) {
    const char *start = q;
    while (q < end) {
        int at = json
                     ? isdigit((unsigned char)*q) || (*q == '-' && isdigit((unsigned char)q[1]))
                     : isdigit((unsigned char)*q) && (q == start || !isalnum((unsigned char)q[-1]));
        if (!at) {
            q++;
            continue;
        }
        char *qe;
        long x = strtol(q, &qe, 10);
        if (x < INT_MIN || x > INT_MAX) {
            snprintf(a->problem, sizeof a->problem, "a number out of range: %.30s", q);
            return -1;
        }
        if (*k < a->cap) a->sol[*k] = (int)x;
        (*k)++;
        q = qe;
    }
    return 0;
}

/* Reads the XCSP3 instantiation in inst_text (the v lines without "v "). */
/* A '*' of a declared variable takes its smallest value (pz->var_min,
 * when the puzzle has one); the verifier then checks that it occurs in no
 * violated constraint. */
static void read_instantiation(char *inst_text, const var_table *vars, const puzzle *pz,
                               const void *in, outside_answer *a) {
    char **names = vars->name;
    char *l = strstr(inst_text, "<list>"), *le = l ? strstr(l, "</list>") : NULL;
    char *v = le ? strstr(le, "<values>") : NULL, *ve = v ? strstr(v, "</values>") : NULL;
    if (!ve) {
        snprintf(a->problem, sizeof a->problem,
                 "the v lines hold no <list>...</list> <values>...</values>");
        return;
    }
    *le = '\0';
    *ve = '\0';
    size_t nn, nv;
    char **nt = tokens(l + 6, &nn), **vt = tokens(v + 8, &nv);
    /* values of the form VxK (K copies of V) expanded */
    size_t vcap = nv + 1, m = 0;
    char **vals = NEWN(vcap, char *);
    for (size_t i = 0; i < nv; i++) {
        char *x = strchr(vt[i], 'x');
        long k = x ? strtol(x + 1, NULL, 10) : 0;
        if (x && k > 0 && k < 10000000) {
            *x = '\0';
            for (long j = 0; j < k; j++) {
                GROW(&vals, &vcap, m + 1);
                vals[m++] = vt[i];
            }
        } else {
            GROW(&vals, &vcap, m + 1);
            vals[m++] = vt[i];
        }
    }
    unsigned char *given = NEWN(a->len ? a->len : 1, unsigned char);
    vlist vl = {vals, m, 0};
    int bad = 0;
    for (size_t i = 0; i < nn && !bad; i++) {
        const char *name = nt[i];
        size_t len = strlen(name);
        int value, star;
        if (len > 2 && !strcmp(name + len - 2, "[]")) { /* an array: all of its cells */
            const char *br = strchr(name, '[');
            size_t base = (size_t)(br - name);
            size_t cells = 0;
            for (size_t k = 0; k < a->len && !bad; k++)
                if (!strncmp(names[k], name, base) && names[k][base] == '[') {
                    cells++; /* one value per declared cell; '*': a cell the
                              * solver dropped (ACE: in no constraint) */
                    bad = next_value(&vl, a, &value, &star);
                    if (!bad && !star) set_var(a, k, value, given);
                    if (!bad && star) given[k] = 2;
                }
            if (!cells && !bad) {
                snprintf(a->problem, sizeof a->problem,
                         "the v line names '%.40s', no array of "
                         "the instance",
                         name);
                bad = 1;
            }
            continue;
        }
        size_t k = var_find(vars, name, len);
        if (k >= a->len) {
            snprintf(a->problem, sizeof a->problem,
                     "the v line names '%.40s', no variable of "
                     "the instance",
                     name);
            bad = 1;
        } else if (!(bad = next_value(&vl, a, &value, &star)) && !star) {
            set_var(a, k, value, given);
        }
    }
    while (!bad && vl.at < vl.n && !strcmp(vl.tok[vl.at], "*")) vl.at++; /* trailing cells */
    if (!bad && vl.at != vl.n)
        snprintf(a->problem, sizeof a->problem, "the v line has more values than names");
    else if (!bad) {
        for (size_t k = 0; k < a->len && !a->problem[0]; k++) {
            if (given[k] == 2 && pz->var_min) /* dropped: any value of its domain will do */
                set_var(a, k, pz->var_min(in, k), given);
            if (!given[k] || given[k] == 2)
                snprintf(a->problem, sizeof a->problem, "the v line gives no value to %.60s",
                         names[k]);
        }
    }
    if (!a->problem[0]) a->has_sol = 1;
    FREEN(given, a->len ? a->len : 1);
    FREEN(vals, vcap);
    tokens_free(nt, nn);
    tokens_free(vt, nv);
}

/* The XCSP3 competition's lines: s STATUS, o VALUE, v ..., d NAME VALUE. */
static void read_xcsp3(char *out, const var_table *vt, const puzzle *pz, const void *in, stats *st,
                       outside_answer *a) {
    child_text inst = {0};
    child_text_add(&inst, "", 0);
    int in_v = 0;
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
        size_t n = strlen(line);
        if (n && line[n - 1] == '\r') line[--n] = '\0';
        if (line[0] == 's' && (line[1] == ' ' || line[1] == '\t')) {
            const char *s = line + 2;
            while (*s == ' ') s++;
            a->claim = !strncmp(s, "SATISFIABLE", 11)     ? OUTSIDE_CLAIM_SAT
                       : !strncmp(s, "OPTIMUM FOUND", 13) ? OUTSIDE_CLAIM_OPT
                       : !strncmp(s, "UNSATISFIABLE", 13) ? OUTSIDE_CLAIM_UNSAT
                       : !strncmp(s, "UNSUPPORTED", 11)   ? OUTSIDE_CLAIM_REFUSED
                                                          : OUTSIDE_CLAIM_UNKNOWN;
        } else if (line[0] == 'o' && (line[1] == ' ' || line[1] == '\t')) {
            char *end;
            long long v = strtoll(line + 2, &end, 10);
            if (end != line + 2) {
                a->has_o = 1;
                a->o = v;
            }
        } else if (line[0] == 'v' && (line[1] == ' ' || line[1] == '\t' || !line[1])) {
            if (strstr(line, "<instantiation") || !in_v) { /* a new solution */
                inst.len = 0;
                inst.s[0] = '\0';
            }
            in_v = 1;
            child_text_add(&inst, line + 1, strlen(line + 1));
            child_text_add(&inst, " ", 1);
        } else if (line[0] == 'd' && line[1] == ' ') {
            char key[64];
            unsigned long long v;
            if (sscanf(line + 2, "%63s %llu", key, &v) == 2) {
                for (char *c = key; *c; c++) *c = (char)tolower((unsigned char)*c);
                int col = stats_find(key);
                if (col >= 0) stats_set(st, col, (uint64_t)v);
            }
        } else {
            in_v = 0;
        }
    }
    if (inst.len && vt->name)
        read_instantiation(inst.s, vt, pz, in, a);
    else if (inst.len)
        snprintf(a->problem, sizeof a->problem, "the puzzle names no variables for v lines");
    child_text_free(&inst);
}

/* JSON as `searchlab solve --json` prints it: "status", "solution" (an
 * object of names, or numbers in order), "objective", "stats". */
static const char *json_member(const char *s, const char *key) {
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\"", key);
    const char *p = strstr(s, pat);
    if (!p) return NULL;
    p += strlen(pat);
    while (isspace((unsigned char)*p)) p++;
    if (*p != ':') return NULL;
    p++;
    while (isspace((unsigned char)*p)) p++;
    return p;
}

/* The end of the JSON value at p (a flat scan: brackets and strings). */
static const char *json_end(const char *p) {
    int depth = 0, str = 0;
    for (; *p; p++) {
        if (str) {
            if (*p == '\\' && p[1])
                p++;
            else if (*p == '"')
                str = 0;
            continue;
        }
        if (*p == '"')
            str = 1;
        else if (*p == '{' || *p == '[')
            depth++;
        else if (*p == '}' || *p == ']') {
            if (--depth <= 0) return p + 1;
        } else if (depth == 0 && (*p == ',' || *p == '\n'))
            return p;
    }
    return p;
}

static void read_json(char *out, const var_table *vt, stats *st, outside_answer *a) {
    const char *p = json_member(out, "status");
    if (p && *p == '"') {
        char name[32];
        size_t n = strcspn(p + 1, "\"");
        snprintf(name, sizeof name, "%.*s", (int)(n < 31 ? n : 31), p + 1);
        a->json_status = status_find(name);
    }
    if ((p = json_member(out, "objective")) && (isdigit((unsigned char)*p) || *p == '-')) {
        a->has_o = 1;
        a->o = strtoll(p, NULL, 10);
    }
    if ((p = json_member(out, "stats")) && *p == '{') {
        const char *end = json_end(p);
        for (const char *q = p; q < end && (q = strchr(q, '"')) && q < end;) {
            const char *qe = strchr(q + 1, '"');
            if (!qe) break;
            char key[64];
            snprintf(key, sizeof key, "%.*s", (int)((qe - q - 1) < 63 ? qe - q - 1 : 63), q + 1);
            const char *v = qe + 1;
            while (isspace((unsigned char)*v) || *v == ':') v++;
            int col = stats_find(key);
            if (col >= 0 && isdigit((unsigned char)*v)) stats_set(st, col, strtoull(v, NULL, 10));
            q = qe + 1;
        }
    }
    p = json_member(out, "solution");
    if (!p || !strncmp(p, "null", 4)) return;
    const char *end = json_end(p);
    if (*p == '{') { /* names */
        if (!vt->name) {
            snprintf(a->problem, sizeof a->problem, "a solution of names for a puzzle without");
            return;
        }
        unsigned char *given = NEWN(a->len ? a->len : 1, unsigned char);
        for (const char *q = p + 1; q < end && (q = strchr(q, '"')) && q < end;) {
            const char *qe = strchr(q + 1, '"');
            if (!qe) break;
            size_t len = (size_t)(qe - q - 1), k = var_find(vt, q + 1, len);
            const char *v = qe + 1;
            while (isspace((unsigned char)*v) || *v == ':') v++;
            char *ve;
            long x = strtol(v, &ve, 10);
            if (k >= a->len || ve == v) {
                snprintf(a->problem, sizeof a->problem,
                         "the solution's member '%.*s' is no "
                         "variable with a number",
                         (int)(len < 40 ? len : 40), q + 1);
                break;
            }
            a->sol[k] = (int)x;
            given[k] = 1;
            q = ve;
        }
        for (size_t k = 0; k < a->len && !a->problem[0]; k++)
            if (!given[k])
                snprintf(a->problem, sizeof a->problem, "the solution gives no value to %.60s",
                         vt->name[k]);
        FREEN(given, a->len ? a->len : 1);
        if (!a->problem[0]) a->has_sol = 1;
        return;
    }
    size_t k = 0; /* numbers in order, however nested */
    if (scan_numbers(p, end, 1, a, &k)) return;
    if (k > a->cap) {
        snprintf(a->problem, sizeof a->problem, "a solution of %zu values (at most %zu)", k,
                 a->cap);
        return;
    }
    a->len = k;
    a->has_sol = 1;
}

/* The puzzle's own solution format: every number of the output in order
 * (Futoshiki: the grid's rows); "no solution" says unsat. */
static void read_grid(const char *out, outside_answer *a) {
    size_t k = 0;
    if (scan_numbers(out, out + strlen(out), 0, a, &k)) return;
    if (k == 0) {
        if (strstr(out, "no solution")) a->claim = OUTSIDE_CLAIM_UNSAT;
        return;
    }
    if (k > a->cap) {
        snprintf(a->problem, sizeof a->problem, "a board of %zu numbers (at most %zu)", k, a->cap);
        return;
    }
    a->len = k;
    a->has_sol = 1;
}

/* FlatZinc's solution output (the specification's "Output"): each
 * solution's items, then `----------`; `==========` when the search went
 * to its end (an optimisation's last solution is optimal, or every
 * solution was printed); `=====UNSATISFIABLE=====`, `=====UNKNOWN=====`,
 * `=====ERROR=====`; `%` lines are comments, `%%%mzn-stat: KEY=VALUE` the
 * statistics.  The last complete solution counts (a solver stopped while
 * printing one leaves the one before); the puzzle reads it back
 * (pz->read_solution). */
static void read_fzn(char *out, const puzzle *pz, const void *in, stats *st, outside_answer *a) {
    static const char *const stat_keys[][2] = {{"nodes", "nodes"},
                                               {"failures", "fails"},
                                               {"restarts", "restarts"},
                                               {"peakDepth", "max_depth"}};
    child_text block = {0}, last = {0};
    child_text_add(&block, "", 0);
    int complete = 0, solutions = 0;
    for (char *line = out, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next) *next++ = '\0';
        size_t n = strlen(line);
        if (n && line[n - 1] == '\r') line[--n] = '\0';
        if (!strcmp(line, "----------")) {
            child_text_free(&last);
            last = block;
            block = (child_text){0};
            child_text_add(&block, "", 0);
            solutions++;
        } else if (!strcmp(line, "==========")) {
            complete = 1;
        } else if (!strcmp(line, "=====UNSATISFIABLE=====")) {
            a->claim = OUTSIDE_CLAIM_UNSAT;
        } else if (!strcmp(line, "=====ERROR=====")) {
            a->claim = OUTSIDE_CLAIM_ERROR;
        } else if (!strncmp(line, "=====", 5)) { /* UNKNOWN, UNBOUNDED, UNSATorUNBOUNDED */
            a->claim = OUTSIDE_CLAIM_UNKNOWN;
        } else if (!strncmp(line, "%%%mzn-stat:", 12)) {
            char *kv = line + 12, *eq;
            while (*kv == ' ') kv++;
            if (!(eq = strchr(kv, '='))) continue;
            *eq = '\0';
            char *end;
            long long v = strtoll(eq + 1, &end, 10);
            if (end == eq + 1) continue;
            if (!strcmp(kv, "objective") || !strcmp(kv, "_objective")) {
                a->has_o = 1;
                a->o = v;
            }
            for (size_t k = 0; k < sizeof stat_keys / sizeof *stat_keys; k++)
                if (!strcmp(kv, stat_keys[k][0]) && v >= 0)
                    stats_set(st, stats_find(stat_keys[k][1]), (uint64_t)v);
        } else if (line[0] != '%') {
            child_text_add(&block, line, n);
            child_text_add(&block, "\n", 1);
        }
    }
    if (solutions && pz->read_solution) {
        char why[160];
        size_t len = pz->read_solution(in, last.s, a->sol, a->cap, why, sizeof why);
        if (!len) {
            snprintf(a->problem, sizeof a->problem, "solution %d cannot be read: %s", solutions,
                     why);
        } else {
            a->len = len;
            a->has_sol = 1;
        }
    }
    if (complete && a->claim == OUTSIDE_CLAIM_NONE)
        a->claim = OUTSIDE_CLAIM_OPT; /* the search's end: optimal, or every solution */
    else if (solutions && a->claim == OUTSIDE_CLAIM_NONE)
        a->claim = OUTSIDE_CLAIM_SAT;
    child_text_free(&block);
    child_text_free(&last);
}

/* The file's stat.COLUMN extractors on stdout, then stderr (a later match
 * replaces an earlier one). */
static void extract(const outside_solver *o, const char *out, const char *err, stats *st) {
    for (int i = 0; i < o->nstat; i++)
        for (int f = 0; f < 2; f++) {
            const char *s = f ? err : out;
            regmatch_t m[2];
            while (s && *s && !regexec(&o->stat[i].rx, s, 2, m, 0) && m[0].rm_eo >= 0) {
                if (m[1].rm_so >= 0) {
                    char num[32];
                    int len = (int)(m[1].rm_eo - m[1].rm_so);
                    int k = 0; /* thousands separators (1,234) dropped */
                    for (int c = 0; c < len && k < 31; c++)
                        if (s[m[1].rm_so + c] != ',') num[k++] = s[m[1].rm_so + c];
                    num[k] = '\0';
                    char *end;
                    double v = strtod(num, &end);
                    if (end != num && v >= 0 && v < 1.8e19)
                        stats_set(st, o->stat[i].column, (uint64_t)(v + 0.5));
                }
                s += m[0].rm_eo > m[0].rm_so ? m[0].rm_eo : m[0].rm_so + 1;
            }
        }
}

void outside_read(const outside_solver *o, const puzzle *pz, const void *inst, const char *out,
                  const char *err, stats *st, outside_answer *a) {
    var_table vt;
    var_table_make(&vt,
                   o->output == SOLVER_OUT_GRID || o->output == SOLVER_OUT_FZN
                       ? NULL
                       : var_names(pz, inst, a->cap),
                   a->cap);
    extract(o, out, err, st);
    size_t len = strlen(out);
    char *copy = xstrdup(out); /* the readers cut it into lines */
    if (o->output == SOLVER_OUT_XCSP3)
        read_xcsp3(copy, &vt, pz, inst, st, a);
    else if (o->output == SOLVER_OUT_JSON)
        read_json(copy, &vt, st, a);
    else if (o->output == SOLVER_OUT_FZN)
        read_fzn(copy, pz, inst, st, a);
    else
        read_grid(copy, a);
    xfree(copy, len + 1);
    var_table_free(&vt);
}
