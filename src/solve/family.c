/* family.c - the family registry, spec_parse() and the labels (family.h). */
#include "family.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/registry.h"

extern const spec_family family_csp, family_own, family_outside, family_outside_command;
const spec_family *const spec_families[] = {&family_csp, &family_own, &family_outside,
                                            &family_outside_command, NULL};

static const char *label_names[RUN_LABELS_MAX + 1];
static int n_labels = -1;

/* Appends the names of keys that are not labels yet. */
static void add_labels(const spec_key *keys) {
    for (const spec_key *k = keys; k && k->name; k++) {
        if (names_index(label_names, k->name) >= 0) continue; /* NULL after the last */
        if (n_labels == RUN_LABELS_MAX) {
            fprintf(stderr, "searchlab: more than RUN_LABELS_MAX (%d) key names (family.h)\n",
                    RUN_LABELS_MAX);
            abort();
        }
        label_names[n_labels++] = k->name;
    }
}

const char *const *run_label_names(void) {
    if (n_labels >= 0) return label_names;
    n_labels = 0;
    add_labels(puzzle_model_keys);
    for (int f = 0; spec_families[f]; f++) /* for no puzzle, then for each (their own tables) */
        for (int p = -1; p < 0 || puzzles[p]; p++) {
            const puzzle *pz = p < 0 ? NULL : puzzles[p];
            const char *name, *summary;
            for (int i = 0; (name = spec_families[f]->strategy(pz, i, &summary)); i++)
                add_labels(spec_families[f]->keys(pz, name));
        }
    return label_names;
}

int run_labels_n(void) {
    run_label_names();
    return n_labels;
}

int run_label_index(const char *name) { return names_index(run_label_names(), name); }

char *run_label_at(run_labels *l, int i) { return l->value[i]; }

const char *run_label_get(const run_labels *l, int i) { return l->value[i]; }

/* Finds the family and strategy called name for pz; sets s->family and
 * s->name.  -1 with d listing the strategies pz offers. */
static int find_strategy(const char *name, const puzzle *pz, strategy_spec *s, diag *d) {
    char names[512];
    size_t o = 0;
    names[0] = '\0';
    for (int f = 0; spec_families[f]; f++) {
        const spec_family *fam = spec_families[f];
        const char *sname, *summary;
        for (int i = 0; (sname = fam->strategy(pz, i, &summary)); i++) {
            if (!strcmp(sname, name)) {
                s->family = fam;
                s->name = sname;
                return 0;
            }
            join_append(names, sizeof names, &o, ", ", sname);
        }
    }
    return diag_set(d, "unknown strategy '%s' for %s (one of: %s)", name, pz->name, names);
}

int spec_parse(const char *text, const puzzle *pz, strategy_spec *s, diag *d) {
    spec_text t;
    memset(s, 0, sizeof *s);
    if (spec_split(text ? text : puzzle_default_spec(pz), &t, d) || find_strategy(t.name, pz, s, d))
        return -1;
    s->pz = pz;
    s->keys = s->family->keys(pz, s->name);
    if (spec_defaults(s->keys, s->name, &s->u, pz, d)) return -1;
    const char *preset = s->family->preset ? s->family->preset(pz, s->name) : NULL;
    if (preset) { /* items after the defaults, before the spec's own */
        char full[SPEC_VALUE_MAX];
        spec_text pt;
        snprintf(full, sizeof full, "%s:%s", s->name, preset);
        if (spec_split(full, &pt, d) || spec_apply(s->keys, s->name, &pt, &s->u, pz, NULL, d))
            return -1;
    }
    if (spec_apply(s->keys, s->name, &t, &s->u, pz, &s->given, d)) return -1;
    /* after the keys: a wrong key is named whether or not the family
     * can run here */
    char why[256];
    if (s->family->unavailable && s->family->unavailable(pz, why, sizeof why))
        return diag_set(d, "strategy '%s': %s", s->name, why);
    return 0;
}

void spec_labels(const strategy_spec *s, run_labels *l) {
    memset(l, 0, sizeof *l);
    snprintf(l->strategy, sizeof l->strategy, "%s", s->name);
    for (const spec_key *k = s->keys; k && k->name; k++) {
        int i = run_label_index(k->name); /* >= 0: every table's keys are labels */
        if (i >= 0 && spec_key_takes(k, s->name) && (!k->applies || k->applies(s->pz)))
            spec_show(k, &s->u, s->pz, run_label_at(l, i), RUN_LABEL_MAX);
    }
}

int spec_is_key(const char *name) { return run_label_index(name) >= 0; }
