/* options.c - command-line flags and KEY=VALUE lists through key tables
 * (options.h). */
#include "options.h"

#include <assert.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "registry.h"

static void *field_of(const spec_key *k, void *typed) { return (char *)typed + k->offset; }

/* The allowed names of k as a list of names, or NULL. */
static const char *const *names_of(const spec_key *k) { return k->names; }

char *opt_expected(const spec_key *k, char *buf, size_t size) {
    buf[0] = '\0';
    if (k->kind != SPEC_TEXT) {
        char range[160];
        spec_values(k, NULL, ", ", range, sizeof range);
        snprintf(buf, size, "%s%s%s%s%s", range, k->unit ? " (" : "", k->unit ? k->unit : "",
                 k->unit ? ")" : "", k->span ? ", or A..B" : "");
        return buf;
    }
    if (k->registry || names_of(k)) {
        /* "a, b or c" */
        char all[512];
        spec_values(k, NULL, ", ", all, sizeof all);
        char *last = strstr(all, ", ");
        for (char *p = last; p; p = strstr(p + 2, ", ")) last = p;
        if (last)
            snprintf(buf, size, "%.*s or %s", (int)(last - all), all, last + 2);
        else
            snprintf(buf, size, "%s", all);
        return buf;
    }
    snprintf(buf, size, "%s%s%s%s", k->form ? k->form : "a value", k->unit ? " (" : "",
             k->unit ? k->unit : "", k->unit ? ")" : "");
    return buf;
}

/* The one message of a wrong value. */
static int wrong(const spec_key *k, const char *text, diag *d) {
    char what[400];
    return diag_set(d, "expected %s, found '%.80s'", opt_expected(k, what, sizeof what), text);
}

/* A..B of a span row into its two longs. */
static int set_span(const spec_key *k, const char *text, long *f, diag *d) {
    const char *dots = strstr(text, "..");
    diag why;
    if (!dots) {
        if (spec_number(k, text, &f[0], &why)) return wrong(k, text, d);
        f[1] = f[0];
        return 0;
    }
    char a[64];
    if ((size_t)(dots - text) >= sizeof a) return wrong(k, text, d);
    snprintf(a, sizeof a, "%.*s", (int)(dots - text), text);
    long lo, hi;
    if (spec_number(k, a, &lo, &why) || spec_number(k, dots + 2, &hi, &why) || hi < lo)
        return wrong(k, text, d);
    f[0] = lo;
    f[1] = hi;
    return 0;
}

int opt_set(const spec_key *k, const char *text, void *typed, diag *d) {
    void *f = field_of(k, typed);
    diag why;
    if (k->kind == SPEC_INT && k->span) return set_span(k, text, f, d);
    if (k->kind != SPEC_TEXT) return spec_number(k, text, f, &why) ? wrong(k, text, d) : 0;
    if (k->registry) {
        int i = registry_index(k->registry, text);
        if (i < 0) return wrong(k, text, d);
        *(const void **)f = k->registry[i];
        return 0;
    }
    if (names_of(k)) {
        int i = names_index(names_of(k), text);
        if (i < 0) return wrong(k, text, d);
        *(int *)f = i;
        return 0;
    }
    if (!k->parse) {
        *(const char **)f = text;
        return 0;
    }
    if (k->parse(text, f, &why)) /* the unit says what a value is; else the parser's why */
        return diag_set(d, "expected %s (%s), found '%.80s'", k->form ? k->form : "a value",
                        k->unit ? k->unit : why.msg, text);
    return 0;
}

/* Sets bare row k as given without a value. */
static void set_bare(const spec_key *k, void *typed) { *(int *)field_of(k, typed) = 1; }

int opt_defaults(const spec_key *keys, void *typed, diag *d) {
    for (const spec_key *k = keys; k && k->name; k++) {
        if (k->repeat || (k->def && !*k->def)) continue;
        if (!k->def && (k->kind != SPEC_TEXT || (!k->registry && !names_of(k)))) continue;
        diag why;
        if (opt_set(k, spec_default(k, NULL), typed, &why))
            return diag_set(d, "%s: the default: %s", k->name, why.msg);
    }
    return 0;
}

const char *opt_metavar(const spec_key *k, char *buf, size_t size) {
    if (k->bare) return "";
    if (k->kind == SPEC_TEXT && (k->registry || names_of(k)))
        return spec_values(k, NULL, "|", buf, size);
    return k->form ? k->form : "N";
}

void opt_help_parts(const spec_key *k, const char *prefix, char *head, size_t hsize, char *body,
                    size_t bsize) {
    char values[400], letter[8] = "", alias[SPEC_NAME_MAX + 8] = "";
    const char *meta = opt_metavar(k, values, sizeof values);
    if (k->letter) snprintf(letter, sizeof letter, "-%c, ", k->letter);
    if (k->alias) snprintf(alias, sizeof alias, ", %s%s", prefix, k->alias);
    snprintf(head, hsize, "%s%s%s%s%s%s%s", letter, prefix, k->name, alias, *meta ? " " : "", meta,
             k->span ? " or A..B" : "");
    char range[400] = "";
    if (k->kind != SPEC_TEXT) { /* the range without the unit, which the doc says */
        spec_values(k, NULL, ", ", range, sizeof range);
        if (k->span) snprintf(range + strlen(range), sizeof range - strlen(range), " or A..B");
    }
    const char *def = NULL;
    if (!k->bare && !k->repeat && !k->required && !(k->def && !*k->def) &&
        (k->def || (k->kind == SPEC_TEXT && (k->registry || names_of(k)))))
        def = spec_default(k, NULL);
    snprintf(body, bsize, "%s%s%s%s%s%s%s", k->doc, *range ? " (" : "", range, *range ? ")" : "",
             def ? "; default " : "", def ? def : "", k->required ? "; required" : "");
}

char *opt_names(const spec_key *keys, char *buf, size_t size) {
    size_t o = 0;
    buf[0] = '\0';
    for (const spec_key *k = keys; k && k->name; k++) join_append(buf, size, &o, ", ", k->name);
    return buf;
}

/* ==== command lines ========================================================= */

/* The row of the groups that a is a spelling of ("--NAME", "--NAME=V",
 * its alias, or "-LETTER"), with its group; its spelling (up to '=')
 * goes to flag. */
static const spec_key *find_flag(opt_group *groups, size_t ng, const char *a, opt_group **g,
                                 char *flag, size_t fsize) {
    int letter = a[0] == '-' && a[1] && a[1] != '-' && !a[2];
    size_t len = strcspn(a, "=");
    if (!letter && (strncmp(a, "--", 2) || len == 2 || len >= fsize)) return NULL;
    memcpy(flag, a, len);
    flag[len] = '\0';
    for (size_t i = 0; i < ng; i++)
        for (const spec_key *k = groups[i].keys; k->name; k++)
            if (letter ? k->letter == a[1]
                       : !strcmp(flag + 2, k->name) || (k->alias && !strcmp(flag + 2, k->alias))) {
                *g = &groups[i];
                return k;
            }
    return NULL;
}

/* The message of a required row left out (of a flag when prefix is "--"). */
static int missing(const spec_key *k, const char *prefix, diag *d) {
    char what[400];
    opt_expected(k, what, sizeof what);
    if (!strcmp(prefix, "--")) return diag_set(d, "--%s: required (%s)", k->name, what);
    const char *form = k->form ? k->form : "N";
    if (k->span)
        return diag_set(d, "expected %s=%s or %s=A..B (required: %s)", k->name, form, k->name,
                        what);
    return diag_set(d, "expected %s=%s (required: %s)", k->name, form, what);
}

int opt_argv(const char *cmd, int argc, char **argv, opt_group *groups, size_t ngroups,
             const char **pos, size_t *npos, size_t max_pos, diag *d) {
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) return OPT_HELP;
    for (size_t i = 0; i < ngroups; i++) groups[i].given = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || !a[1]) {
            if (*npos == max_pos) return diag_set(d, "unexpected argument '%.200s'", a);
            pos[(*npos)++] = a;
            continue;
        }
        opt_group *g = NULL;
        char flag[SPEC_NAME_MAX + 2]; /* as written: messages name it so */
        const spec_key *k = find_flag(groups, ngroups, a, &g, flag, sizeof flag);
        if (!k) return diag_set(d, "unknown option '%.200s' (searchlab %s --help)", a, cmd);
        const char *v = a[strlen(flag)] == '=' ? a + strlen(flag) + 1 : NULL;
        if (!v && !k->bare) {
            if (i + 1 >= argc) return diag_set(d, "%s: expected a value after it", flag);
            v = argv[++i];
        }
        assert(k - g->keys < 32); /* given has a bit per row */
        unsigned bit = 1u << (k - g->keys);
        if (!k->repeat && !g->again && (g->given & bit))
            return diag_set(d, "%s given twice (it takes one value)", flag);
        g->given |= bit;
        diag why;
        if (k->repeat) {
            opt_strs *l = field_of(k, g->typed);
            if (k->max > 0 && l->n >= (size_t)k->max)
                return diag_set(d, "%s: at most %.0f of them", flag, k->max);
            l->v[l->n++] = v;
        } else if (!v) {
            set_bare(k, g->typed);
        } else if (k->bare && !names_of(k)) {
            return diag_set(d, "%s takes no value, found '%.80s'", flag, v);
        } else if (opt_set(k, v, g->typed, &why)) {
            return diag_set(d, "%s: %s", flag, why.msg);
        }
    }
    for (size_t i = 0; i < ngroups; i++)
        for (const spec_key *k = groups[i].keys; k->name; k++)
            if (k->required && !(groups[i].given & (1u << (k - groups[i].keys))))
                return missing(k, "--", d);
    return 0;
}

int opt_given(const opt_group *g, const char *name) {
    const spec_key *k = spec_key_find(g->keys, name);
    assert(k); /* a row of the table */
    return k && (g->given >> (k - g->keys)) & 1;
}

/* ==== KEY=VALUE lists ======================================================= */

enum { OPT_ITEM_MAX = 128 };

int opt_list(const spec_key *keys, const char *text, void *typed, unsigned *given, diag *d) {
    unsigned seen = 0;
    char names[400];
    for (const char *p = text; *p;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len >= OPT_ITEM_MAX) /* never cut: the tail would read as another item */
            return diag_set(d, "item too long (at most %d characters): '%.40s...'",
                            OPT_ITEM_MAX - 1, p);
        char item[OPT_ITEM_MAX];
        memcpy(item, p, len);
        item[len] = '\0';
        p += len + (comma ? 1 : 0);
        if (comma && !*p) return diag_set(d, "expected KEY=VALUE after the last ','");
        char *eq = strchr(item, '=');
        if (!eq)
            return diag_set(d, "expected KEY=VALUE (keys: %s), found '%s'",
                            opt_names(keys, names, sizeof names), item);
        *eq = '\0';
        const spec_key *k = spec_key_find(keys, item);
        if (!k || k->repeat)
            return diag_set(d, "unknown key '%s' (keys: %s)", item,
                            opt_names(keys, names, sizeof names));
        assert(k - keys < 32);
        unsigned bit = 1u << (k - keys);
        if (seen & bit) return diag_set(d, "'%s' given twice", k->name);
        seen |= bit;
        diag why;
        if (opt_set(k, eq + 1, typed, &why))
            return diag_set(d, "bad value '%s=%s': %s", k->name, eq + 1, why.msg);
    }
    for (const spec_key *k = keys; k->name; k++)
        if (k->required && !(seen & (1u << (k - keys)))) return missing(k, "", d);
    if (given) *given = seen;
    return 0;
}
