/* results.c - CSV and JSON-lines result rows: writer, crash-safe
 * appender, and the reader shared by resume, report, merge and plot. */
#include "results.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../core/registry.h"
#include "../core/xmalloc.h"
#include "../core/textout.h"
#include "writelock.h"

/* ---- the columns ----------------------------------------------------------
 * Three tables describe the fixed columns; the labels are inserted after
 * `strategy` from the key tables (run_label_names()), the counters after
 * `status` from the statistics table.  Writer and reader both walk col_at(). */

/* COL_INT and COL_POINTS are held as text (a char *, like COL_STR) and
 * checked on read: "" (none) or an integer; "" or anytime points
 * "SECONDS:VALUE SECONDS:VALUE ..." (JSON: a number or null; an array of
 * [seconds, value] pairs). */
enum col_type { COL_STR, COL_LONG, COL_U64, COL_DBL, COL_STATUS, COL_LABEL, COL_INT, COL_POINTS };
static int col_is_text(int type) {
    return type == COL_STR || type == COL_INT || type == COL_POINTS;
}
typedef struct column {
    const char *name;
    enum col_type type;
    size_t off;
    const char *doc;
    int optional; /* may be missing from the header of an older file (reads as "") */
} column;

#define COL(name, type, doc)                                                                       \
    { #name, type, offsetof(result_row, name), doc, 0 }
#define COL_OPTIONAL(name, type, doc)                                                              \
    { #name, type, offsetof(result_row, name), doc, 1 }
static const column head_cols[] = {
    COL(experiment, COL_STR, "the experiment's name (a result file holds one experiment)"),
    COL(instance, COL_STR, "the instance file, as found (the run's identity with strategy, rep)"),
    COL(instance_hash, COL_STR, "FNV-1a 64 of the instance file's bytes, 16 hex digits"),
    COL(puzzle, COL_STR, "the puzzle"),
    COL(size, COL_LONG, "the instance's size (n of an n x n board): the x axis of scaling"),
    COL(strategy, COL_STR, "the strategy spec as given: the run's label in reports"),
};
static const column mid_cols[] = {
    COL(rep, COL_LONG, "the repetition, from 1"),
    COL(seed, COL_U64, "the run's seed (experiment seed, instance, strategy, rep): restart ties"),
    COL(status, COL_STATUS, "solved, optimal, unsat, timeout, memout, node-limit, crash or wrong"),
};
static const column tail_cols[] = {
    COL(wall_s, COL_DBL, "wall seconds of the child process (load, build, search, verify)"),
    COL(cpu_s, COL_DBL, "CPU seconds (user + system) of the child, from wait4"),
    COL(peak_rss_kib, COL_U64, "peak resident set of the child in KiB, from wait4"),
    COL(signal, COL_STR, "the signal that killed a crashed run (SIGSEGV, ...), else \"\""),
    COL(note, COL_STR,
        "why a run failed: the verifier's reason, the limit hit, stderr's last line"),
    COL_OPTIONAL(invocation, COL_STR,
                 "the `run` that recorded the row: its id in RESULTS.context.jsonl"),
    COL_OPTIONAL(sense, COL_STR,
                 "an optimisation's direction: min or max (\"\" without an objective)"),
    COL_OPTIONAL(objective, COL_INT,
                 "the best objective value found (\"\" when none: no objective, or no solution)"),
    COL_OPTIONAL(anytime, COL_POINTS,
                 "each better solution as CPU-seconds:value, space-separated, in order (the JSON "
                 "line: [[seconds, value], ...]); the last is the best"),
};
#undef COL
#undef COL_OPTIONAL
enum {
    N_HEAD = sizeof head_cols / sizeof *head_cols,
    N_MID = sizeof mid_cols / sizeof *mid_cols,
    N_TAIL = sizeof tail_cols / sizeof *tail_cols,
    N_COLS_MAX = N_HEAD + RUN_LABELS_MAX + N_MID + STATS_N + N_TAIL
};

/* The file layout: head_cols, a column per label (run_label_names(),
 * optional: "" in older files), mid_cols, a column per counter (by its
 * stats_names[] name), tail_cols. */
static int n_cols(void) { return N_HEAD + run_labels_n() + N_MID + STATS_N + N_TAIL; }
static int first_counter(void) { return N_HEAD + run_labels_n() + N_MID; }

/* The label columns, made from the label names on first use. */
static const column *label_col(int i) {
    static column cols[RUN_LABELS_MAX];
    static char docs[RUN_LABELS_MAX][96];
    if (!cols[i].name) {
        snprintf(docs[i], sizeof docs[i],
                 "label: the spec's %s (\"\" when the strategy has no such key)",
                 run_label_names()[i]);
        cols[i] = (column){run_label_names()[i], COL_LABEL,
                           offsetof(result_row, lab.value) + (size_t)i * RUN_LABEL_MAX, docs[i], 1};
    }
    return &cols[i];
}

/* Column i of the file layout, or NULL for counter i - first_counter()
 * (its name is stats_names[]). */
static const column *col_at(int i) {
    int nl = run_labels_n();
    if (i < N_HEAD) return &head_cols[i];
    if (i < N_HEAD + nl) return label_col(i - N_HEAD);
    if (i < N_HEAD + nl + N_MID) return &mid_cols[i - N_HEAD - nl];
    if (i >= first_counter() + STATS_N) return &tail_cols[i - first_counter() - STATS_N];
    return NULL;
}
static const char *col_name(int i) {
    const column *c = col_at(i);
    return c ? c->name : stats_names[i - first_counter()];
}

void results_write_columns(FILE *out) {
    for (int i = 0; i < n_cols(); i++) {
        const column *c = col_at(i);
        fprintf(out, "%-18s %s\n", col_name(i), c ? c->doc : stats_docs[i - first_counter()]);
    }
}

/* ---- rows ------------------------------------------------------------------ */

void result_row_set(char **field, const char *value) {
    if (*field) xstrfree(*field);
    *field = xstrdup(value ? value : "");
    for (char *p = *field; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f) *p = ' ';
}

static char **str_field(result_row *r, const column *c) { return (char **)((char *)r + c->off); }

void result_row_init(result_row *r) {
    memset(r, 0, sizeof *r);
    for (int i = 0; i < n_cols(); i++) {
        const column *c = col_at(i);
        if (c && col_is_text(c->type)) result_row_set(str_field(r, c), "");
    }
}

void result_row_free(result_row *r) {
    for (int i = 0; i < n_cols(); i++) {
        const column *c = col_at(i);
        if (c && col_is_text(c->type) && *str_field(r, c)) xstrfree(*str_field(r, c));
    }
    memset(r, 0, sizeof *r);
}

void result_row_copy(result_row *dst, const result_row *src) {
    *dst = *src;
    for (int i = 0; i < n_cols(); i++) {
        const column *c = col_at(i);
        if (c && col_is_text(c->type))
            *str_field(dst, c) = xstrdup(*str_field((result_row *)src, c));
    }
}

char *result_row_key(const result_row *r) {
    size_t a = strlen(r->instance), b = strlen(r->strategy);
    char *k = xmalloc(a + b + 24);
    snprintf(k, a + b + 24, "%s\x1f%s\x1f%ld", r->instance, r->strategy, r->rep);
    /* keyed as stored: result_row_set turns control characters into
     * spaces, so a name read back from the file and the same name as found
     * on disk (a newline or tab in it) make the same key */
    for (size_t i = 0; i < a + 1 + b; i++)
        if (i != a && ((unsigned char)k[i] < 0x20 || k[i] == 0x7f)) k[i] = ' ';
    char *out = xstrdup(k);
    xfree(k, a + b + 24);
    return out;
}

void result_set_add(result_set *rs, const result_row *r) {
    GROW(&rs->rows, &rs->cap, rs->n + 1);
    result_row_copy(&rs->rows[rs->n++], r);
}

int results_regroup(result_set *rs, const char *by, diag *d) {
    if (!by || !strcmp(by, "strategy")) return 0;
    const char *const *names = run_label_names();
    int idx[RUN_LABELS_MAX], n = 0;
    for (const char *s = by; *s;) {
        size_t len = strcspn(s, ",");
        int k = names_index_n(names, s, len);
        if (k < 0 || n == RUN_LABELS_MAX) {
            char all[256];
            return diag_set(d, "--group-by: '%.*s' is no label (one of: strategy, %s)", (int)len, s,
                            names_join(names, all, sizeof all));
        }
        idx[n++] = k;
        s += len + (s[len] == ',');
    }
    char key[RUN_LABELS_MAX * (RUN_LABEL_MAX + 16)];
    for (size_t r = 0; r < rs->n; r++) {
        size_t o = 0;
        for (int i = 0; i < n; i++) {
            const char *v = run_label_get(&rs->rows[r].lab, idx[i]);
            o += (size_t)snprintf(key + o, sizeof key - o, "%s%s=%s", i ? "," : "", names[idx[i]],
                                  *v ? v : "-");
        }
        result_row_set(&rs->rows[r].strategy, key);
    }
    return 0;
}

void result_set_free(result_set *rs) {
    for (size_t i = 0; i < rs->n; i++) result_row_free(&rs->rows[i]);
    if (rs->rows) FREEN(rs->rows, rs->cap);
    memset(rs, 0, sizeof *rs);
}

/* ---- writing --------------------------------------------------------------- */

/* Anytime points "S:V S:V" (checked) as the JSON array [[S, V], ...]. */
static void write_points_json(const char *s, FILE *out) {
    fputc('[', out);
    for (int first = 1; *s; first = 0) {
        size_t n = strcspn(s, " ");
        const char *colon = memchr(s, ':', n);
        if (colon)
            fprintf(out, "%s[%.*s, %.*s]", first ? "" : ", ", (int)(colon - s), s,
                    (int)(n - (size_t)(colon + 1 - s)), colon + 1);
        s += n + (s[n] == ' ');
    }
    fputc(']', out);
}

/* Writes column i of r: as CSV (json = 0) or as a JSON value. */
static void write_value(const result_row *r, int i, int json, FILE *out) {
    const column *c = col_at(i);
    if (!c) {
        fprintf(out, "%llu", (unsigned long long)stats_get(&r->st, i - first_counter()));
        return;
    }
    const char *p = (const char *)r + c->off;
    switch (c->type) {
    case COL_STR:
        (json ? text_json_string : text_csv_field)(out, *(char *const *)p);
        break;
    case COL_LONG:
        fprintf(out, "%ld", *(const long *)p);
        break;
    case COL_U64:
        fprintf(out, "%llu", (unsigned long long)*(const uint64_t *)p);
        break;
    case COL_DBL:
        fprintf(out, "%.6f", *(const double *)p);
        break;
    case COL_STATUS:
        (json ? text_json_string : text_csv_field)(out, status_name(*(const run_status *)p));
        break;
    case COL_LABEL:
        (json ? text_json_string : text_csv_field)(out, p);
        break;
    case COL_INT: /* checked on read and when made: digits and a sign only */
        if (json)
            fputs(**(char *const *)p ? *(char *const *)p : "null", out);
        else
            text_csv_field(out, *(char *const *)p);
        break;
    case COL_POINTS:
        if (json)
            write_points_json(*(char *const *)p, out);
        else
            text_csv_field(out, *(char *const *)p);
        break;
    }
}

void results_write_header(FILE *out) {
    for (int i = 0; i < n_cols(); i++) fprintf(out, "%s%s", i ? "," : "", col_name(i));
    fputc('\n', out);
}

void results_write_csv(const result_row *r, FILE *out) {
    for (int i = 0; i < n_cols(); i++) {
        if (i) fputc(',', out);
        write_value(r, i, 0, out);
    }
    fputc('\n', out);
}

void results_write_json(const result_row *r, FILE *out) {
    fputc('{', out);
    for (int i = 0; i < n_cols(); i++) {
        fprintf(out, "%s\"%s\": ", i ? ", " : "", col_name(i));
        write_value(r, i, 1, out);
    }
    fputs("}\n", out);
}

/* ---- reading --------------------------------------------------------------- */

typedef struct reader {
    const char *name, *buf;
    size_t len, pos, ls; /* ls: offset where the current line starts */
    int line;
} reader;

/* One CSV field starting at rd->pos (which is on the current line, whose
 * end is eol).  Sets *start and *flen to the field's text (unquoted into tmp
 * when quoted) and advances past the field (not past the separator).
 * Returns 0 or -1 with d. */
static int read_field(reader *rd, size_t eol, char **tmp, size_t *tmp_cap, const char **start,
                      size_t *flen, diag *d) {
    const char *b = rd->buf;
    size_t p = rd->pos;
    if (p < eol && b[p] == '"') {
        size_t n = 0, col0 = p;
        p++;
        for (;;) {
            if (p >= eol)
                return diag_at(d, rd->name, rd->line, (int)(col0 - rd->ls + 1),
                               "unterminated quoted field: expected a closing '\"' on this line");
            if (b[p] == '"') {
                if (p + 1 < eol && b[p + 1] == '"') {
                    p++;
                } else {
                    p++;
                    break;
                }
            }
            GROW(tmp, tmp_cap, n + 1);
            (*tmp)[n++] = b[p++];
        }
        if (p < eol && b[p] != ',')
            return diag_at(d, rd->name, rd->line, (int)(p - rd->ls + 1),
                           "expected ',' or the end of the line after a quoted field");
        rd->pos = p;
        *start = n ? *tmp : "";
        *flen = n;
        return 0;
    }
    size_t s = p;
    while (p < eol && b[p] != ',') {
        if (b[p] == '"')
            return diag_at(d, rd->name, rd->line, (int)(p - rd->ls + 1),
                           "unexpected '\"' inside an unquoted field");
        p++;
    }
    rd->pos = p;
    *start = b + s;
    *flen = p - s;
    return 0;
}

/* 1 when t[0..n) is an integer (an optional - and 1 to 19 digits). */
static int int_ok(const char *t, size_t n) {
    size_t i = n && t[0] == '-';
    if (i == n || n - i > 19) return 0;
    for (; i < n; i++)
        if (t[i] < '0' || t[i] > '9') return 0;
    return 1;
}

/* 1 when t[0..n) is a number of seconds: digits, one '.', digits. */
static int seconds_ok(const char *t, size_t n) {
    int dots = 0, digits = 0;
    for (size_t i = 0; i < n; i++) {
        if (t[i] == '.')
            dots++;
        else if (t[i] >= '0' && t[i] <= '9')
            digits++;
        else
            return 0;
    }
    return dots <= 1 && digits > 0 && digits < 20;
}

/* The text of a COL_INT or COL_POINTS column is well formed ("" is). */
static int text_ok(int type, const char *t, size_t n) {
    if (type == COL_INT) return n == 0 || int_ok(t, n);
    for (size_t i = 0; i < n;) {
        const char *sp = memchr(t + i, ' ', n - i);
        size_t e = sp ? (size_t)(sp - t) : n;
        const char *colon = memchr(t + i, ':', e - i);
        if (!colon || !seconds_ok(t + i, (size_t)(colon - (t + i))) ||
            !int_ok(colon + 1, (size_t)(t + e - colon - 1)))
            return 0;
        i = e + (sp != NULL);
        if (sp && i == n) return 0; /* a trailing space */
    }
    return 1;
}

/* Parses the text t[0..n) of column c into r; -1 with d on a bad value. */
static int parse_value(const reader *rd, int col, const column *c, int stat, const char *t,
                       size_t n, result_row *r, diag *d) {
    char num[64], whatbuf[160];
    const char *what = NULL;
    if (c && (c->type == COL_INT || c->type == COL_POINTS) && !text_ok(c->type, t, n)) {
        char shown[48];
        snprintf(shown, sizeof shown, "%.*s", (int)(n < 40 ? n : 40), t);
        for (char *q = shown; *q; q++)
            if ((unsigned char)*q < 0x20) *q = '?';
        return diag_at(d, rd->name, rd->line, col, "column '%s': expected %s, found '%s'", c->name,
                       c->type == COL_INT ? "an integer or nothing"
                                          : "CPU-seconds:value pairs separated by spaces",
                       shown);
    }
    if (c && !strcmp(c->name, "sense") &&
        !(n == 0 || (n == 3 && (!memcmp(t, "min", 3) || !memcmp(t, "max", 3)))))
        return diag_at(d, rd->name, rd->line, col, "column 'sense': expected min, max or nothing");
    if (c && col_is_text(c->type)) {
        char *s = xstrndup(t, n);
        result_row_set(str_field(r, c), s);
        xstrfree(s);
        return 0;
    }
    if (c && c->type == COL_LABEL) { /* cut to the field, one line */
        char *f = (char *)r + c->off;
        size_t k = n < RUN_LABEL_MAX - 1 ? n : RUN_LABEL_MAX - 1;
        for (size_t i = 0; i < k; i++)
            f[i] = (unsigned char)t[i] < 0x20 || t[i] == 0x7f ? ' ' : t[i];
        f[k] = '\0';
        return 0;
    }
    if (n < sizeof num) {
        memcpy(num, t, n);
        num[n] = '\0';
    } else {
        num[0] = '\0';
        n = 0;
    }
    char *end = NULL;
    errno = 0;
    if (c && c->type == COL_STATUS) {
        int s = status_find(num);
        if (s >= 0) {
            r->status = (run_status)s;
            return 0;
        }
        char names[128];
        snprintf(whatbuf, sizeof whatbuf, "a status (%s)",
                 names_join(status_names, names, sizeof names));
        what = whatbuf;
    } else if (c && c->type == COL_DBL) {
        double v = strtod(num, &end);
        if (n && *end == '\0' && !errno && isfinite(v) && v >= 0) {
            *(double *)((char *)r + c->off) = v;
            return 0;
        }
        what = "a non-negative number of seconds";
    } else if (c && c->type == COL_LONG) {
        long v = strtol(num, &end, 10);
        if (n && *end == '\0' && !errno && v >= 0 && v <= 1000000000L) {
            *(long *)((char *)r + c->off) = v;
            return 0;
        }
        what = "an integer from 0 to 1000000000";
    } else {
        unsigned long long v = strtoull(num, &end, 10);
        if (n && num[0] >= '0' && num[0] <= '9' && *end == '\0' && !errno) {
            if (c)
                *(uint64_t *)((char *)r + c->off) = v;
            else
                stats_set(&r->st, stat, v);
            return 0;
        }
        what = "a non-negative integer";
    }
    char shown[40];
    size_t k = 0;
    for (size_t i = 0; i < n && k + 5 < sizeof shown; i++)
        k += (size_t)snprintf(shown + k, sizeof shown - k,
                              (unsigned char)num[i] >= 0x20 && num[i] != 0x7f ? "%c" : "\\x%02x",
                              (unsigned char)num[i]);
    shown[k] = '\0';
    return diag_at(d, rd->name, rd->line, col, "column '%s': expected %s, found '%s'",
                   c ? c->name : stats_names[stat], what, shown);
}

int results_parse(const char *name, const char *buf, size_t len, result_set *rs, diag *d) {
    reader rd = {name, buf, len, 0, 0, 0};
    int map[N_COLS_MAX * 2 + 8]; /* file column -> layout column */
    int nmap = 0, ret = 0;
    char *tmp = NULL;
    size_t tmp_cap = 0;
    result_row row;
    result_row_init(&row);
    rs->torn = 0;
    rs->valid_len = 0;
    while (rd.pos < len) {
        rd.line++;
        rd.ls = rd.pos;
        const char *nl = memchr(buf + rd.pos, '\n', len - rd.pos);
        if (!nl) { /* a torn last line: the writer was killed mid-row */
            rs->torn = 1;
            break;
        }
        size_t eol = (size_t)(nl - buf), next = eol + 1;
        if (memchr(buf + rd.pos, '\0', eol - rd.pos)) {
            ret =
                diag_at(d, name, rd.line, 0, "binary data (a NUL byte): expected a CSV text line");
            break;
        }
        if (eol > rd.pos && buf[eol - 1] == '\r') eol--;
        if (eol == rd.pos && next == len && rs->has_header)
            break; /* one blank last line (an editor's): ignored, and cut by a writer */
        if (eol == rd.pos) {
            ret = diag_at(d, name, rd.line, 1, "empty line: expected %s",
                          rs->has_header ? "a result row" : "the header row");
            break;
        }
        int nf = 0;
        for (;;) {
            const char *t = "";
            size_t n = 0;
            int col = (int)(rd.pos - rd.ls + 1);
            if ((ret = read_field(&rd, eol, &tmp, &tmp_cap, &t, &n, d))) break;
            if (!rs->has_header) {
                int found = -1;
                for (int i = 0; i < n_cols(); i++)
                    if (strlen(col_name(i)) == n && !memcmp(col_name(i), t, n)) found = i;
                for (int j = 0; j < nmap && found >= 0; j++)
                    if (map[j] == found) {
                        ret = diag_at(d, name, rd.line, col, "column '%s' appears twice",
                                      col_name(found));
                        break;
                    }
                if (ret) break;
                if (found < 0) {
                    char *s = xstrndup(t, n < 40 ? n : 40);
                    for (char *q = s; *q; q++)
                        if ((unsigned char)*q < 0x20) *q = '?';
                    ret = diag_at(d, name, rd.line, col,
                                  "unknown column '%s': expected a result column "
                                  "(docs/driver.md; is this a searchlab result file?)",
                                  s);
                    xstrfree(s);
                    break;
                }
                if (nmap >= (int)(sizeof map / sizeof *map)) {
                    ret = diag_at(d, name, rd.line, col, "too many columns");
                    break;
                }
                map[nmap++] = found;
            } else {
                if (nf >= nmap) {
                    ret = diag_at(d, name, rd.line, col,
                                  "too many fields: expected %d, as in the header", nmap);
                    break;
                }
                int li = map[nf];
                if ((ret = parse_value(&rd, col, col_at(li), li - first_counter(), t, n, &row, d)))
                    break;
            }
            nf++;
            if (rd.pos >= eol) break;
            rd.pos++; /* the ',' */
        }
        if (ret) break;
        if (!rs->has_header) {
            for (int i = 0; i < n_cols() && !ret; i++) {
                int have = 0;
                for (int j = 0; j < nmap; j++) have |= map[j] == i;
                if (!have && col_at(i) && !col_at(i)->optional)
                    ret = diag_at(d, name, rd.line, 0, "header: missing the column '%s'",
                                  col_name(i));
            }
            if (ret) break;
            rs->has_header = 1;
            rs->header_current = nmap == n_cols();
            for (int j = 0; j < nmap && rs->header_current; j++) rs->header_current = map[j] == j;
        } else {
            if (nf < nmap) {
                ret = diag_at(d, name, rd.line, (int)(eol - rd.ls + 1),
                              "too few fields: expected %d, as in the header, found %d", nmap, nf);
                break;
            }
            GROW(&rs->rows, &rs->cap, rs->n + 1);
            rs->rows[rs->n++] = row;
            result_row_init(&row);
        }
        rd.pos = next;
        rs->valid_len = next;
    }
    result_row_free(&row);
    if (tmp) xfree(tmp, tmp_cap);
    return ret;
}

char *results_read_file(const char *path, size_t max, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, n = 0, got;
    char *buf = xmalloc(cap);
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            if (max && cap > max) {
                xfree(buf, cap);
                fclose(f);
                errno = EFBIG;
                return NULL;
            }
            size_t ncap = max && cap * 2 > max + 1 ? max + 1 : cap * 2;
            if (ncap <= cap) ncap = cap * 2; /* max below the first 4096 bytes */
            buf = xrealloc(buf, cap, ncap);
            cap = ncap;
        }
    }
    int err = ferror(f);
    fclose(f);
    if (err) {
        xfree(buf, cap);
        errno = EIO;
        return NULL;
    }
    char *out = xrealloc(buf, cap, n + 1);
    out[n] = '\0';
    *len = n;
    return out;
}

int results_load(const char *path, int missing_ok, result_set *rs, diag *d) {
    size_t len;
    struct stat st;
    if (stat(path, &st) == 0 &&
        (S_ISDIR(st.st_mode) || S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) || S_ISSOCK(st.st_mode)))
        return diag_at(d, path, 0, 0, "not a regular file: expected a result file (CSV)");
    char *buf = results_read_file(path, RESULTS_MAX_BYTES, &len);
    if (!buf) {
        if (errno == ENOENT && missing_ok) return 0;
        if (errno == EFBIG)
            return diag_at(d, path, 0, 0, "larger than %d MiB: not a result file",
                           (int)(RESULTS_MAX_BYTES >> 20));
        return diag_at(d, path, 0, 0, "cannot read: %s", strerror(errno));
    }
    int ret = results_parse(path, buf, len, rs, d);
    xfree(buf, len + 1);
    return ret;
}

/* ---- the append-only writer -------------------------------------------------- */

struct results_file {
    char *path, *json_path;
    int fd, json_fd;
};

/* Writes all of buf to fd and fsyncs; -1 with errno. */
static int write_sync(int fd, const char *buf, size_t len) {
    while (len > 0) {
        ssize_t w = write(fd, buf, len);
        if (w < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        buf += w;
        len -= (size_t)w;
    }
    return fsync(fd);
}

/* Formats with one of the writers into a memory buffer and appends it
 * with a single write, so that a row is never interleaved. */
static int append_formatted(int fd, void (*fmt)(const result_row *, FILE *), const result_row *r) {
    char *mem = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&mem, &n);
    if (!m) return -1;
    if (r)
        fmt(r, m);
    else
        results_write_header(m);
    fclose(m);
    int ret = write_sync(fd, mem, n);
    free(mem); /* open_memstream's buffer comes from malloc */
    return ret;
}

int results_replace_bytes(const char *path, const char *buf, size_t len, writelock *lock) {
    size_t n = strlen(path) + 32;
    char *tmp = xmalloc(n);
    snprintf(tmp, n, "%s.tmp%ld", path, (long)getpid());
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644), old_fd = -1;
    int ret = fd < 0 ? -1 : write_sync(fd, buf, len);
    /* the replacement is locked before it takes the name (writelock.h) */
    if (!ret) ret = writelock_move(lock, fd, &old_fd);
    if (fd >= 0) close(fd);
    if (!ret) ret = rename(tmp, path);
    if (ret && old_fd >= 0) { /* the file stays: so does its lock (still held by old_fd) */
        int e = errno, tmp_fd = -1;
        writelock_move(lock, old_fd, &tmp_fd);
        if (tmp_fd >= 0) close(tmp_fd);
        errno = e;
    }
    if (old_fd >= 0) close(old_fd);
    if (ret) {
        int e = errno;
        unlink(tmp);
        errno = e;
    }
    xfree(tmp, n);
    return ret;
}

/* Replaces the file at path by the header (csv only) and the rows of rs
 * in one format, in one write (not one fsync per row: a file of 10^5 rows
 * is rebuilt in a moment).  0, or -1 with d. */
static int replace_file(const char *path, const result_set *rs, int csv, writelock *lock, diag *d) {
    char *mem = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&mem, &len);
    if (!m) return diag_at(d, path, 0, 0, "cannot write: out of memory");
    if (csv) results_write_header(m);
    for (size_t i = 0; i < rs->n; i++)
        (csv ? results_write_csv : results_write_json)(&rs->rows[i], m);
    fclose(m);
    int ret = results_replace_bytes(path, mem, len, lock);
    if (ret) diag_at(d, path, 0, 0, "cannot write: %s", strerror(errno));
    free(mem); /* open_memstream's buffer comes from malloc */
    return ret;
}

int results_check_experiment(const char *path, const result_set *done, const char *experiment,
                             diag *d) {
    for (size_t i = 0; i < done->n; i++)
        if (strcmp(done->rows[i].experiment, experiment))
            return diag_at(d, path, 0, 0,
                           "holds results of experiment '%s', not '%s': pick another --out "
                           "or experiment name",
                           done->rows[i].experiment, experiment);
    return 0;
}

int results_check_ours(const char *path, const result_set *done, diag *d) {
    if (done->has_header) return 0;
    /* no complete line: empty, or the header torn by a killed writer (a
     * prefix of it), or anything else (minified JSON, a binary, a text
     * without a newline), which is left alone */
    char *mem = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&mem, &n);
    if (!m) return diag_at(d, path, 0, 0, "cannot check: out of memory");
    results_write_header(m);
    fclose(m);
    size_t len = 0;
    char *buf = results_read_file(path, n + 1, &len);
    int ours = !buf ? errno == ENOENT : len <= n && !memcmp(buf, mem, len);
    if (buf) xfree(buf, len + 1);
    free(mem); /* open_memstream's buffer comes from malloc */
    if (ours) return 0;
    return diag_at(d, path, 0, 0,
                   "is not a result file (it does not start with the result header): "
                   "left as it is; pick another --out");
}

results_file *results_open_loaded(const char *path, const result_set *done, writelock *lock,
                                  results_repair *rep, diag *d) {
    results_repair none;
    if (!rep) rep = &none;
    memset(rep, 0, sizeof *rep);
    struct stat st;
    if (stat(path, &st) == 0 && (size_t)st.st_size > done->valid_len)
        rep->torn_bytes = (size_t)st.st_size - done->valid_len;
    /* An older layout (a column added since) is rewritten in the current
     * one first (complete rows only), so that appended rows match the
     * header. */
    if (done->has_header && !done->header_current) {
        if (results_write_all(path, done, lock, d)) return NULL;
        rep->relayout = 1;
    }
    int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (fd < 0) {
        diag_at(d, path, 0, 0, "cannot open for writing: %s", strerror(errno));
        return NULL;
    }
    /* Cut a torn last line (or a torn header) off before appending. */
    if ((!rep->relayout && ftruncate(fd, (off_t)done->valid_len)) ||
        (!done->has_header && append_formatted(fd, NULL, NULL))) {
        diag_at(d, path, 0, 0, "cannot write: %s", strerror(errno));
        close(fd);
        return NULL;
    }
    results_file *f = NEWN(1, results_file);
    f->path = xstrdup(path);
    f->json_path = results_sibling(path, ".jsonl");
    f->fd = fd;
    f->json_fd = -1;
    if (!rep->relayout && replace_file(f->json_path, done, 0, NULL, d)) {
        results_close(f);
        return NULL;
    }
    if ((f->json_fd = open(f->json_path, O_WRONLY | O_APPEND)) < 0) {
        diag_at(d, f->json_path, 0, 0, "cannot open: %s", strerror(errno));
        results_close(f);
        return NULL;
    }
    return f;
}

results_file *results_open(const char *path, const char *experiment, result_set *done, diag *d) {
    if (results_load(path, 1, done, d) || results_check_ours(path, done, d) ||
        results_check_experiment(path, done, experiment, d))
        return NULL;
    return results_open_loaded(path, done, NULL, NULL, d);
}

int results_append(results_file *f, const result_row *r, diag *d) {
    /* The CSV is the file of record: it is written first, so the JSON
     * twin can only lag behind (and is rebuilt from the CSV on resume). */
    if (append_formatted(f->fd, results_write_csv, r))
        return diag_at(d, f->path, 0, 0, "cannot append: %s", strerror(errno));
    if (append_formatted(f->json_fd, results_write_json, r))
        return diag_at(d, f->json_path, 0, 0, "cannot append: %s", strerror(errno));
    return 0;
}

void results_close(results_file *f) {
    if (!f) return;
    if (f->fd >= 0) close(f->fd);
    if (f->json_fd >= 0) close(f->json_fd);
    xstrfree(f->path);
    xstrfree(f->json_path);
    xfree(f, sizeof *f);
}

int results_write_all(const char *path_csv, const result_set *rs, writelock *lock, diag *d) {
    if (replace_file(path_csv, rs, 1, lock, d)) return -1;
    char *json = results_sibling(path_csv, ".jsonl");
    int ret = replace_file(json, rs, 0, NULL, d);
    xstrfree(json);
    return ret;
}

/* ---- an optimisation's fields ----------------------------------------------- */

int result_row_objective(const result_row *r, int64_t *value) {
    if (!r->objective || !*r->objective || !r->sense || !*r->sense) return 0;
    *value = strtoll(r->objective, NULL, 10);
    return strcmp(r->sense, "max") ? 1 : -1;
}

void result_row_anytime(const result_row *r, result_point **pts, size_t *n) {
    *pts = NULL;
    *n = 0;
    const char *s = r->anytime ? r->anytime : "";
    size_t k = 0, cap = 0;
    for (const char *q = s; *q; q++) k += *q == ':';
    if (!k) return;
    *pts = NEWN(k, result_point);
    cap = k;
    while (*s && *n < cap) { /* well formed: checked on read and when set */
        char *end;
        double sec = strtod(s, &end);
        if (*end != ':') break;
        int64_t v = strtoll(end + 1, &end, 10);
        (*pts)[(*n)++] = (result_point){sec, v};
        s = end + (*end == ' ');
    }
    if (*n == 0)
        FREEN(*pts, cap), *pts = NULL;
    else if (*n < cap)
        *pts = xrealloc(*pts, cap * sizeof **pts, *n * sizeof **pts);
}

void result_row_set_objective(result_row *r, int sense, int64_t best, const double *seconds,
                              const int64_t *values, size_t n) {
    if (!sense) {
        result_row_set(&r->sense, "");
        result_row_set(&r->objective, "");
        result_row_set(&r->anytime, "");
        return;
    }
    char num[32];
    result_row_set(&r->sense, sense > 0 ? "min" : "max");
    snprintf(num, sizeof num, "%lld", (long long)best);
    result_row_set(&r->objective, n ? num : "");
    size_t keep = n < RESULT_ANYTIME_MAX ? n : RESULT_ANYTIME_MAX, cap = keep * 48 + 1, o = 0;
    char *buf = xmalloc(cap);
    buf[0] = '\0';
    for (size_t j = 0; j < keep; j++) {
        /* evenly spread over 0..n-1, the first and the last included */
        size_t i = keep == 1 ? n - 1 : (size_t)((double)j * (double)(n - 1) / (double)(keep - 1));
        double s = seconds[i] >= 0 && seconds[i] < 1e12 ? seconds[i] : 0;
        o += (size_t)snprintf(buf + o, cap - o, "%s%.6f:%lld", j ? " " : "", s,
                              (long long)values[i]);
    }
    result_row_set(&r->anytime, buf);
    xfree(buf, cap);
}
