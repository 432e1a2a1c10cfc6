/* solver_file.c - reading solver files into the table of loaded outside
 * solvers (solver_file.h). */
#define _DEFAULT_SOURCE /* realpath */
#include "solver_file.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/registry.h"
#include "../core/xmalloc.h"
#include "family.h"

static outside_solver *loaded[SOLVER_FILES_MAX];
static int n_loaded;

const outside_solver *outside_solver_at(int i) { return i >= 0 && i < n_loaded ? loaded[i] : NULL; }

const outside_solver *outside_solver_find(const char *name) {
    for (int i = 0; i < n_loaded; i++)
        if (!strcmp(loaded[i]->name, name)) return loaded[i];
    return NULL;
}

int outside_solver_accepts(const outside_solver *s, const char *pz_name) {
    return names_index(s->accepts, pz_name) >= 0;
}

static void solver_free(outside_solver *s) {
    for (int i = 0; i < s->nwords; i++) xstrfree(s->words[i]);
    for (int i = 0; i < s->ncompile; i++) xstrfree(s->compile[i]);
    for (int i = 0; i < s->nstat; i++) regfree(&s->stat[i].rx);
    FREEN(s, 1);
}

void solver_files_clear(void) {
    for (int i = 0; i < n_loaded; i++) solver_free(loaded[i]);
    n_loaded = 0;
}

/* 1 if name is a strategy of searchlab's own families (for any puzzle). */
static int own_strategy(const char *name) {
    for (int f = 0; spec_families[f]; f++) {
        if (!strcmp(spec_families[f]->name, "outside-command")) continue;
        for (int p = -1; p < 0 || puzzles[p]; p++) {
            const char *s, *summary;
            for (int i = 0;
                 (s = spec_families[f]->strategy(p < 0 ? NULL : puzzles[p], i, &summary)); i++)
                if (!strcmp(s, name)) return 1;
        }
    }
    return 0;
}

typedef struct reader {
    const char *file;
    int line;
    const char *text; /* the line's first character */
    diag *d;
} reader;

static int fail(const reader *r, const char *at, const char *fmt, const char *arg) {
    char msg[400], shown[81];
    size_t n = strlen(arg);
    memcpy(shown, arg, n < 80 ? n : 80); /* a long value is shown cut */
    shown[n < 80 ? n : 80] = '\0';
    snprintf(msg, sizeof msg, fmt, shown);
    return diag_at(r->d, r->file, r->line, (int)(at - r->text) + 1, "%s", msg);
}

/* The placeholders of one command word: each {...} must be a known one;
 * an {env:NAME} that is unset is reported through *unset. */
static int check_word(const reader *r, const char *word, const char *at, char *unset, size_t size) {
    static const char *const known[] = {"instance", "timeout", "seed", "dir", "searchlab", NULL};
    for (const char *p = strchr(word, '{'); p; p = strchr(p + 1, '{')) {
        const char *end = strchr(p, '}');
        if (!end)
            return fail(r, at + (p - word), "an unclosed '{' (placeholders: %s)",
                        "{instance}, {timeout}, {seed}, {dir}, {searchlab}, {env:NAME}");
        size_t n = (size_t)(end - p - 1);
        int ok = names_index_n(known, p + 1, n) >= 0;
        if (!ok && n > 4 && !strncmp(p + 1, "env:", 4)) {
            char var[128];
            if (n - 4 >= sizeof var)
                return fail(r, at + (p - word), "%s", "a variable name too long");
            memcpy(var, p + 5, n - 4);
            var[n - 4] = '\0';
            for (const char *c = var; *c; c++)
                if (!isalnum((unsigned char)*c) && *c != '_')
                    return fail(r, at + (p - word), "{env:NAME}: '%s' is no variable name", var);
            const char *v = getenv(var);
            if ((!v || !*v) && !*unset) snprintf(unset, size, "%s", var);
            ok = 1;
        }
        if (!ok)
            return fail(r, at + (p - word),
                        "unknown placeholder (expected {instance}, {timeout}, {seed}, {dir}, "
                        "{searchlab} or {env:NAME}): %.40s",
                        p);
    }
    return 0;
}

/* Splits value into words (*nwords of them; s->words or s->compile). */
static int split_words(const reader *r, char *value, char **words, int *nwords, char *unset,
                       size_t size) {
    char *p = value;
    while (*p) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) break;
        if (*nwords == SOLVER_WORDS_MAX) return fail(r, p, "more than %s words", "64");
        char word[4096];
        size_t n = 0;
        const char *start = p;
        while (*p && *p != ' ' && *p != '\t') {
            if (*p == '\'' || *p == '"') {
                char q = *p++;
                const char *open = p - 1;
                while (*p && *p != q) {
                    if (n + 1 < sizeof word) word[n++] = *p;
                    p++;
                }
                if (!*p) return fail(r, open, "an unclosed quote %s", q == '"' ? "\"" : "'");
                p++;
            } else {
                if (n + 1 < sizeof word) word[n++] = *p;
                p++;
            }
        }
        word[n] = '\0';
        if (check_word(r, word, start, unset, size)) return -1;
        words[(*nwords)++] = xstrdup(word);
    }
    if (!*nwords) return fail(r, value, "%s", "expected a command");
    return 0;
}

/* mzn_compile: minizinc's words; of the placeholders only {dir} and
 * {env:NAME} (a compilation belongs to no run). */
static int split_compile(const reader *r, char *value, outside_solver *s, char *unset,
                         size_t size) {
    static const char *const run_only[] = {"{instance}", "{timeout}", "{seed}", "{searchlab}",
                                           NULL};
    for (int k = 0; run_only[k]; k++) {
        const char *at = strstr(value, run_only[k]);
        if (at)
            return fail(r, at,
                        "mzn_compile takes the placeholders {dir} and {env:NAME} only, not %s",
                        run_only[k]);
    }
    return split_words(r, value, s->compile, &s->ncompile, unset, size);
}

char *outside_solver_compile_word(const outside_solver *s, int i) {
    const char *w = s->compile[i];
    size_t cap = strlen(w) + 1, n = 0;
    char *out = NEWN(cap, char);
    for (const char *p = w; *p;) {
        const char *v = NULL;
        size_t skip = 1;
        char var[128];
        if (!strncmp(p, "{dir}", 5)) {
            v = s->dir, skip = 5;
        } else if (!strncmp(p, "{env:", 5) && strchr(p, '}')) {
            size_t k = (size_t)(strchr(p, '}') - p - 5);
            snprintf(var, sizeof var, "%.*s", (int)(k < sizeof var - 1 ? k : sizeof var - 1),
                     p + 5);
            v = getenv(var) ? getenv(var) : "", skip = k + 6;
        }
        size_t add = v ? strlen(v) : 1;
        if (n + add + 1 > cap) {
            size_t ncap = 2 * (n + add + 1);
            out = xrealloc(out, cap, ncap);
            cap = ncap;
        }
        memcpy(out + n, v ? v : p, add);
        n += add;
        p += skip;
    }
    out[n] = '\0';
    char *word = xstrdup(out);
    FREEN(out, cap);
    return word;
}

static int parse_accepts(const reader *r, char *value, outside_solver *s) {
    for (char *p = value; *p;) {
        while (*p == ' ' || *p == '\t' || *p == ',') p++;
        if (!*p) break;
        char *start = p;
        while (*p && *p != ' ' && *p != '\t' && *p != ',') p++;
        char save = *p;
        *p = '\0';
        const puzzle *pz = puzzle_find(start);
        if (!pz) {
            *p = save;
            char names[400];
            return fail(r, start, "unknown puzzle (one of: %s)",
                        registry_join((const void *const *)puzzles, names, sizeof names));
        }
        if (s->naccepts == SOLVER_ACCEPTS_MAX) return fail(r, start, "more than %s puzzles", "16");
        s->accepts[s->naccepts++] = pz->name;
        *p = save;
    }
    if (!s->naccepts) return fail(r, value, "%s", "expected puzzle names (searchlab list)");
    return 0;
}

/* The puzzles whose own output format the `grid` protocol reads: the
 * solution vector's numbers in order (../shared/specs: Futoshiki's grid,
 * one row per line, digits separated by single spaces). */
static int grid_puzzle(const char *name) { return !strcmp(name, "futoshiki"); }

/* The folder of path (absolute) into dir. */
static void folder_of(const char *path, char *dir, size_t size) {
    char abs[PATH_MAX];
    if (!realpath(path, abs)) snprintf(abs, sizeof abs, "%s", path);
    char *slash = strrchr(abs, '/');
    if (slash && slash != abs)
        *slash = '\0';
    else
        snprintf(abs, sizeof abs, "%s", slash ? "/" : ".");
    snprintf(dir, size, "%s", abs);
}

/* An upper bound on the size of the automaton that regcomp builds for
 * the extended expression re: glibc copies a bounded repetition's operand
 * once per count, so nested bounds multiply ("((a{1,255}){1,255}){1,255}"
 * takes gigabytes), and its epsilon closures grow with the square of the
 * nodes (empty groups repeated: seconds).  Each atom costs 1, a group the
 * sum of its atoms plus 1, and a quantifier multiplies its operand's cost
 * by its largest count (2 for * + ?).  A counter's extractor needs a few
 * dozen; the limit leaves room.  Saturates at REGEX_COST_MAX + 1.
 * *why is set, and the cost saturated, on what regcomp or regexec cannot
 * bound: a back-reference \1..\9 (exponential matching) and a repetition
 * of a repetition ("a++", "x{2}*": undefined in POSIX EREs, exponential in
 * glibc's epsilon closures). */
enum { REGEX_COST_MAX = 256 };
static long regex_cost(const char *re, const char **why) {
    long sum[32] = {0}, last = 0; /* sum[d]: the open group d's cost so far */
    int depth = 0, after_quantifier = 0;
    *why = NULL;
    for (const char *p = re; *p;) {
        long k = 0;
        if (*p == '(') {
            if (depth == 31) return REGEX_COST_MAX + 1;
            sum[++depth] = 0, last = 0, after_quantifier = 0, p++;
            continue;
        }
        if (*p == ')' && depth > 0) {
            last = sum[depth--] + 1, sum[depth] += last, p++; /* the group is a node */
            after_quantifier = 0;
            continue;
        }
        if (*p == '*' || *p == '+' || *p == '?') {
            k = 2, p++;
        } else if (*p == '{' && p[1 + strspn(p + 1, "0123456789,")] == '}') {
            /* {m}, {m,}, {m,n} or glibc's {,n}: the largest count, plus one
             * when open-ended */
            const char *e = p + 1;
            for (k = 1; *e != '}'; e += *e == ',') {
                long x = isdigit((unsigned char)*e) ? strtol(e, (char **)&e, 10) : 0;
                k = x > REGEX_COST_MAX ? REGEX_COST_MAX + 1 : x > k ? x : k;
                k += *e == ',' && e[1] == '}';
            }
            p = e + 1;
        }
        if (k && after_quantifier) {
            *why = "a repetition of a repetition (undefined in POSIX extended expressions)";
            return REGEX_COST_MAX + 1;
        }
        after_quantifier = k > 0;
        if (k) {
            long extra =
                last > REGEX_COST_MAX || k > REGEX_COST_MAX ? REGEX_COST_MAX + 1 : last * (k - 1);
            sum[depth] += extra, last += extra;
        } else {
            if (*p == '\\') {
                if (p[1] >= '1' && p[1] <= '9') {
                    *why = "a back-reference (\\1..\\9)";
                    return REGEX_COST_MAX + 1;
                }
                p += p[1] ? 2 : 1;
            } else if (*p == '[') { /* a bracket expression: one atom */
                p++;
                if (*p == '^') p++;
                if (*p == ']') p++;
                while (*p && *p != ']')
                    p += p[0] == '[' && (p[1] == ':' || p[1] == '.' || p[1] == '=') &&
                                 strchr(p + 2, ']')
                             ? strchr(p + 2, ']') - p + 1
                             : 1;
                p += *p == ']';
            } else {
                p++;
            }
            last = 1, sum[depth]++;
        }
        if (sum[depth] > REGEX_COST_MAX) return REGEX_COST_MAX + 1;
    }
    while (depth > 0) sum[depth - 1] += sum[depth], depth--;
    return sum[0] > REGEX_COST_MAX ? REGEX_COST_MAX + 1 : sum[0];
}

int solver_file_parse(const char *name, const char *text, const char **out, diag *d) {
    outside_solver *s = NEWN(1, outside_solver);
    s->refused_exit = -1;
    char abs[PATH_MAX];
    snprintf(s->file, sizeof s->file, "%s", realpath(name, abs) ? abs : name);
    folder_of(name, s->dir, sizeof s->dir);
    char unset[128] = "";
    reader r = {name, 0, NULL, d};
    int out_col = 1, seen_name = 0, seen_cmd = 0, seen_acc = 0, seen_out = 0, seen_ref = 0, ret = 0,
        seen_compile = 0, compile_col = 1;
    unsigned seen_stat[(STATS_N + 31) / 32] = {0};
    const char *p = text;
    char line[8192];
    while (*p && !ret) {
        size_t n = strcspn(p, "\n");
        r.line++;
        if (n >= sizeof line) {
            r.text = p;
            ret = fail(&r, p, "%s", "a line longer than 8191 characters");
            break;
        }
        memcpy(line, p, n);
        line[n] = '\0';
        p += n + (p[n] == '\n');
        if (n && line[n - 1] == '\r') line[n - 1] = '\0';
        r.text = line;
        char *k = line;
        while (*k == ' ' || *k == '\t') k++;
        if (!*k || *k == '#') continue;
        char *ke = k;
        while (*ke && *ke != '=' && *ke != ' ' && *ke != '\t') ke++;
        char *eq = ke;
        while (*eq == ' ' || *eq == '\t') eq++;
        if (*eq != '=') {
            ret = fail(&r, eq,
                       "expected 'KEY = VALUE' (keys: name, command, accepts, output, "
                       "stat.COLUMN, refused_exit, mzn_compile)%s",
                       "");
            break;
        }
        *ke = '\0';
        char *v = eq + 1;
        while (*v == ' ' || *v == '\t') v++;
        char *ve = v + strlen(v);
        while (ve > v && (ve[-1] == ' ' || ve[-1] == '\t')) *--ve = '\0';
        if (!*v) {
            ret = fail(&r, v, "expected a value for '%s'", k);
            break;
        }
        int *seen = !strcmp(k, "name")           ? &seen_name
                    : !strcmp(k, "command")      ? &seen_cmd
                    : !strcmp(k, "accepts")      ? &seen_acc
                    : !strcmp(k, "output")       ? &seen_out
                    : !strcmp(k, "refused_exit") ? &seen_ref
                    : !strcmp(k, "mzn_compile")  ? &seen_compile
                                                 : NULL;
        if (seen && *seen) {
            ret = fail(&r, k, "'%s' is given twice", k);
            break;
        }
        if (seen) *seen = r.line;
        if (seen == &seen_out) out_col = (int)(v - line) + 1;
        if (seen == &seen_compile) compile_col = (int)(k - line) + 1;
        if (!strcmp(k, "name")) {
            size_t len = strlen(v);
            int ok = len > 0 && len < sizeof s->name && isalpha((unsigned char)v[0]);
            for (const char *c = v; ok && *c; c++)
                ok = isalnum((unsigned char)*c) || *c == '_' || *c == '-' || *c == '.';
            if (!ok)
                ret = fail(&r, v,
                           "expected a name of 1 to 47 letters, digits, - _ . "
                           "beginning with a letter, not '%s'",
                           v);
            else if (own_strategy(v))
                ret = fail(&r, v, "'%s' is a strategy of searchlab: pick another name", v);
            else
                snprintf(s->name, sizeof s->name, "%s", v);
        } else if (!strcmp(k, "command")) {
            ret = split_words(&r, v, s->words, &s->nwords, unset, sizeof unset);
        } else if (!strcmp(k, "mzn_compile")) {
            ret = split_compile(&r, v, s, unset, sizeof unset);
        } else if (!strcmp(k, "accepts")) {
            ret = parse_accepts(&r, v, s);
        } else if (!strcmp(k, "output")) {
            if (!strcmp(v, "xcsp3"))
                s->output = SOLVER_OUT_XCSP3;
            else if (!strcmp(v, "json"))
                s->output = SOLVER_OUT_JSON;
            else if (!strcmp(v, "grid"))
                s->output = SOLVER_OUT_GRID;
            else if (!strcmp(v, "fzn"))
                s->output = SOLVER_OUT_FZN;
            else
                ret = fail(&r, v, "expected xcsp3, json, grid or fzn, not '%s'", v);
        } else if (!strcmp(k, "refused_exit")) {
            char *end;
            long x = strtol(v, &end, 10);
            if (*end || end == v || x < 1 || x > 255)
                ret = fail(&r, v, "expected an exit status from 1 to 255, not '%s'", v);
            else
                s->refused_exit = (int)x;
        } else if (!strncmp(k, "stat.", 5)) {
            int col = stats_find(k + 5);
            if (col < 0) {
                char names[900] = "";
                size_t o = 0;
                for (int c = 0; c < STATS_N; c++) /* stats_names: no NULL at its end */
                    join_append(names, sizeof names, &o, ", ", stats_names[c]);
                char msg[1000];
                snprintf(msg, sizeof msg, "unknown column '%.40s' (one of: %s)", k + 5, names);
                ret = diag_at(d, r.file, r.line, (int)(k + 5 - line) + 1, "%s", msg);
            } else if (seen_stat[col / 32] >> (col % 32) & 1) {
                ret = fail(&r, k, "'%s' is given twice", k);
            } else {
                seen_stat[col / 32] |= 1u << (col % 32);
                solver_stat_rx *x = &s->stat[s->nstat];
                const char *why;
                int rc = 0;
                if (regex_cost(v, &why) > REGEX_COST_MAX)
                    ret = why ? fail(&r, v, "%s in a regular expression", why)
                              : fail(&r, v, "%s",
                                     "a regular expression too large once its repetition "
                                     "counts are expanded (at most 256 atoms)");
                else if ((rc = regcomp(&x->rx, v, REG_EXTENDED | REG_NEWLINE))) {
                    char msg[200];
                    regerror(rc, &x->rx, msg, sizeof msg);
                    ret = fail(&r, v, "a bad regular expression: %s", msg);
                } else if (x->rx.re_nsub != 1) {
                    regfree(&x->rx);
                    ret = fail(&r, v, "expected a regular expression with one capture group%s", "");
                } else {
                    x->column = col;
                    s->nstat++;
                }
            }
        } else {
            ret = fail(&r, k,
                       "unknown key '%s' (keys: name, command, accepts, output, stat.COLUMN, "
                       "refused_exit, mzn_compile)",
                       k);
        }
    }
    if (!ret) {
        static const char *const need[] = {"name", "command", "accepts", "output"};
        int have[] = {seen_name, seen_cmd, seen_acc, seen_out};
        for (int i = 0; i < 4 && !ret; i++)
            if (!have[i])
                ret = diag_at(d, name, r.line + 1, 1, "expected the key '%s' (required)", need[i]);
    }
    if (!ret && s->output == SOLVER_OUT_GRID)
        for (int i = 0; i < s->naccepts && !ret; i++)
            if (!grid_puzzle(s->accepts[i])) {
                r.line = seen_out;
                ret = diag_at(d, name, seen_out, out_col,
                              "output = grid: puzzle %s has no grid solution format (grid: "
                              "futoshiki; others: json)",
                              s->accepts[i]);
            }
    if (!ret && s->output == SOLVER_OUT_XCSP3)
        for (int i = 0; i < s->naccepts && !ret; i++)
            if (strcmp(s->accepts[i], "xcsp"))
                ret = diag_at(d, name, seen_out, out_col,
                              "output = xcsp3 reads XCSP3 instances only; %s is not one",
                              s->accepts[i]);
    if (!ret && s->output == SOLVER_OUT_FZN)
        for (int i = 0; i < s->naccepts && !ret; i++)
            if (!puzzle_find(s->accepts[i])->read_solution)
                ret = diag_at(d, name, seen_out, out_col,
                              "output = fzn reads FlatZinc solutions: puzzle %s prints none "
                              "(fzn: accepts = fzn)",
                              s->accepts[i]);
    if (!ret && s->ncompile && !outside_solver_accepts(s, "fzn"))
        ret = diag_at(d, name, seen_compile, compile_col,
                      "mzn_compile is how `run --puzzle mzn` compiles MiniZinc for this solver: "
                      "it needs accepts = fzn%s",
                      "");
    const outside_solver *twin = ret ? NULL : outside_solver_find(s->name);
    if (twin) {
        int same = !strcmp(twin->file, s->file);
        if (!same)
            ret = diag_at(d, name, seen_name, 1, "the solver name '%s' is taken by %s", s->name,
                          twin->file);
        solver_free(s);
        if (out && same) *out = twin->name;
        return ret;
    }
    if (!ret && *unset) {
        diag_set(d, "solver %s (%s): the environment variable %s is not set; skipped", s->name,
                 name, unset);
        solver_free(s);
        return 1;
    }
    if (!ret && n_loaded == SOLVER_FILES_MAX)
        ret = diag_at(d, name, 0, 0, "more than %d solver files", SOLVER_FILES_MAX);
    if (ret) {
        solver_free(s);
        return -1;
    }
    loaded[n_loaded++] = s;
    if (out) *out = s->name;
    return 0;
}

int solver_file_load(const char *path, const char **out, diag *d) {
    FILE *f = fopen(path, "rb");
    if (!f) return diag_set(d, "%s: cannot read the solver file: %s", path, strerror(errno));
    char text[65536];
    size_t n = fread(text, 1, sizeof text - 1, f);
    int big = !feof(f);
    fclose(f);
    if (big) return diag_at(d, path, 0, 0, "a solver file of more than 64 KiB");
    text[n] = '\0';
    if (strlen(text) != n) {
        int line = 1, col = 1;
        for (const char *c = text; *c; c++, col++)
            if (*c == '\n') line++, col = 0;
        return diag_at(d, path, line, col, "a NUL byte (a solver file is text)");
    }
    return solver_file_parse(path, text, out, d);
}
