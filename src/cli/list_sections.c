/* list_sections.c - the sections of `searchlab list`, one printer per
 * registry. */
#include "../solve/family.h"
#include <string.h>

#include "../core/options.h"
#include "../core/registry.h"
#include "../harness/experiment.h"
#include "../harness/instset.h"
#include "cli.h"
#include "list.h"
#include "samegame/gen.h"
#include "samegame/path.h"
#include "samegame/store.h"
#include "csp/globals.h"
#include "xcsp/xcsp_family.h"

static void print_commands(FILE *out) {
#define ITEM_(name, summary) list_item(out, #name, summary);
    CLI_COMMANDS(ITEM_)
#undef ITEM_
}
const list_section list_commands = {"commands", print_commands};

/* "NAME SUMMARY (default strategy SPEC; models A, B; all-different
 * groups: WHAT (alldiff=))": the last part only for puzzles whose models
 * post groups, the ones the alldiff key applies to. */
static void print_puzzles(FILE *out) {
    for (int i = 0; puzzles[i]; i++) {
        const puzzle *pz = puzzles[i];
        char line[512];
        char models[256];
        snprintf(line, sizeof line, "%s (default strategy %s%s%s%s%s%s)", pz->summary,
                 puzzle_default_spec(pz), pz->build ? "; models " : "",
                 pz->build ? names_join(puzzle_models(pz), models, sizeof models) : "",
                 pz->alldiff_groups ? "; all-different groups: " : "",
                 pz->alldiff_groups ? pz->alldiff_groups : "",
                 pz->alldiff_groups ? " (alldiff=)" : "");
        list_item(out, pz->name, line);
    }
}
const list_section list_puzzles = {"puzzles", print_puzzles};

/* The constraint elements the xcsp puzzle reads (its registry), with the
 * forms of each; <group>, <slide> and <block> take any of them. */
static void print_xcsp(FILE *out) {
    for (int i = 0; xcsp_families[i]; i++)
        list_item(out, xcsp_families[i]->name, xcsp_families[i]->summary);
    list_item(out, "group", "one template of the elements above with %0 %1 ... %..., then <args>");
    list_item(out, "slide", "[circular] <list [offset]> then one template with %0 %1 ...");
    list_item(out, "block", "any nesting of the above");
}
const list_section list_xcsp = {"xcsp constraints", print_xcsp};

/* The engine's global constraints (csp/globals.h), each with its
 * consistency (the level tests/csp/test_globals.c holds it to, then the
 * algorithm). */
static void print_globals(FILE *out) {
    char line[512];
    for (int i = 0; csp_globals[i]; i++) {
        const csp_global *g = csp_globals[i];
        snprintf(line, sizeof line, "%s; %s", g->summary, g->consistency);
        list_item(out, g->name, line);
    }
}
const list_section list_globals = {"globals", print_globals};

/* Each engine registry is a NULL-terminated array of pointers to structs
 * that start with name and summary. */
#define REGISTRY_PRINTER_(fn, table)                                                               \
    static void fn(FILE *out) {                                                                    \
        for (int i = 0; table[i]; i++) list_item(out, table[i]->name, table[i]->summary);          \
    }
REGISTRY_PRINTER_(print_queues, csp_queues)
REGISTRY_PRINTER_(print_vars, csp_var_heurs)
REGISTRY_PRINTER_(print_vals, csp_val_heurs)

/* The puzzles for which fam offers the strategy called name, joined by
 * spaces. */
static char *offered_for(const spec_family *fam, const char *name, char *buf, size_t size) {
    size_t o = 0;
    buf[0] = '\0';
    for (int p = 0; puzzles[p] && o < size; p++) {
        const char *sname, *summary;
        for (int i = 0; (sname = fam->strategy(puzzles[p], i, &summary)); i++)
            if (!strcmp(sname, name)) {
                o += (size_t)snprintf(buf + o, size - o, "%s%s", o ? " " : "", puzzles[p]->name);
                break;
            }
    }
    return buf;
}

/* Every strategy of every family: "NAME [family: puzzles; installed]
 * summary; = preset". */
static void print_strategies(FILE *out) {
    for (int f = 0; spec_families[f]; f++) {
        const spec_family *fam = spec_families[f];
        char why[256], where[256], line[768];
        const char *off = fam->unavailable ? fam->unavailable(NULL, why, sizeof why) : NULL;
        const char *name, *summary;
        for (int i = 0; (name = fam->strategy(NULL, i, &summary)); i++) {
            const char *preset = fam->preset ? fam->preset(NULL, name) : NULL;
            snprintf(line, sizeof line, "[%s: %s%s] %s%s%s", fam->name,
                     offered_for(fam, name, where, sizeof where),
                     fam->unavailable ? off ? "; not installed" : "; installed" : "", summary,
                     preset ? "; = " : "", preset ? preset : "");
            list_item(out, name, line);
        }
    }
}

/* The strategies of fam that take key k, joined by spaces. */
static char *takers(const spec_family *fam, const spec_key *k, char *buf, size_t size) {
    size_t o = 0;
    const char *name, *summary;
    buf[0] = '\0';
    for (int i = 0; (name = fam->strategy(NULL, i, &summary)) && o < size; i++)
        if (spec_key_find(fam->keys(NULL, name), k->name) == k && spec_key_takes(k, name))
            o += (size_t)snprintf(buf + o, size - o, "%s%s", o ? " " : "", name);
    return buf;
}

/* Every key of every family (a key table shared by several strategies
 * once): "KEY (strategies) values, default: doc". */
static void print_keys(FILE *out) {
    for (int f = 0; spec_families[f]; f++) {
        const spec_family *fam = spec_families[f];
        const spec_key *seen[64];
        int nseen = 0;
        const char *name, *summary;
        for (int i = 0; (name = fam->strategy(NULL, i, &summary)); i++)
            for (const spec_key *k = fam->keys(NULL, name); k && k->name; k++) {
                int dup = 0;
                for (int j = 0; j < nseen; j++) dup |= seen[j] == k;
                if (dup || nseen == 64) continue;
                seen[nseen++] = k;
                char who[256], values[512], line[1200];
                spec_values(k, NULL, "|", values, sizeof values);
                const char *def = spec_default(k, NULL);
                snprintf(line, sizeof line, "(%s) %s [default %s]: %s",
                         takers(fam, k, who, sizeof who), values, def[0] ? def : "the first",
                         k->doc);
                list_item(out, k->name, line);
            }
    }
    char sweep[300];
    snprintf(sweep, sizeof sweep,
             "a sweep: value sets in a spec expand to their product, in --strategy and "
             "experiment files (gac:queue={dom,arc-fifo},var={dom/wdeg,dom/deg} is 4 "
             "strategies; at most %d)",
             SPEC_SWEEP_MAX);
    list_item(out, "{a,b,...}", sweep);
}

void cli_print_strategies(FILE *out) {
    fprintf(out, "strategies (searchlab list names the queues and heuristics):\n");
    print_strategies(out);
    fprintf(out, "keys:\n");
    print_keys(out);
}

const list_section list_strategies = {"strategies", print_strategies};
const list_section list_keys = {"keys", print_keys};
const list_section list_queues = {"queues", print_queues};
const list_section list_var = {"var", print_vars};
const list_section list_val = {"val", print_vals};

static void print_stores(FILE *out) {
    for (int i = 0; store_registry[i]; i++)
        list_item(out, store_registry[i]->name, store_registry[i]->summary);
}
const list_section list_stores = {"stores", print_stores};

static void print_paths(FILE *out) {
    for (int i = 0; path_registry[i]; i++)
        list_item(out, path_registry[i]->name, path_registry[i]->summary);
}
const list_section list_paths = {"paths", print_paths};

/* ---- the commands' flag tables ------------------------------------------- */

void cli_option_tables(cli_options_of *all) {
    const cli_options_of t[CLI_OPTION_COMMANDS] = {
        {"gen", {instset_gen_keys(), cli_gen_out_keys}},
        {"gen qwh", {instset_qwh_keys(), cli_gen_out_keys}},
        {"gen samegame", {sgen_keys(), cli_gen_samegame_keys}},
        {"samegame", {cli_samegame_keys, NULL}},
        {"tree", {cli_tree_keys, NULL}},
        {"run", {experiment_keys(), cli_run_keys}},
        {"solve", {cli_solve_keys, cli_solve_shorthand_keys()}},
        {"fzn", {cli_fzn_keys, NULL}},
        {"merge", {cli_merge_keys, NULL}},
        {"export", {cli_export_keys, NULL}},
        {"report", {cli_report_keys, NULL}},
        {"plot", {cli_plot_keys, NULL}},
    };
    memcpy(all, t, sizeof t);
}

/* "CMD --FLAG" per row, then its help: the ranges and defaults that the
 * command reads and its --help prints, from the same rows. */
static void print_options(FILE *out) {
    cli_options_of all[CLI_OPTION_COMMANDS];
    cli_option_tables(all);
    char name[80], head[400], body[1200], line[1700], values[400];
    for (int c = 0; c < CLI_OPTION_COMMANDS; c++)
        for (int t = 0; t < 2 && all[c].tables[t]; t++)
            for (const spec_key *k = all[c].tables[t]; k->name; k++) {
                opt_help_parts(k, "--", head, sizeof head, body, sizeof body);
                snprintf(name, sizeof name, "%s:--%s", all[c].cmd, k->name);
                for (char *p = name; *p; p++)
                    if (*p == ' ') *p = '-';
                const char *meta = opt_metavar(k, values, sizeof values);
                snprintf(line, sizeof line, "%s%s%s%s", meta, k->span ? " or A..B" : "",
                         *meta ? "  " : "", body);
                list_item(out, name, line);
            }
}
const list_section list_options = {"options", print_options};

/* `list --options`: the same rows for scripts (tests/cli/options.sh), one
 * tab-separated line each: command, flag, kind (int, u64, real, names,
 * text, switch: bare, list: repeat), minimum, maximum (0 for u64: none), default (-
 * none), required (0/1), allowed names joined by | (- none). */
void cli_print_option_rows(FILE *out) {
    cli_options_of all[CLI_OPTION_COMMANDS];
    cli_option_tables(all);
    static const char *const kinds[] = {"text", "int", "u64", "real"};
    char names[400];
    for (int c = 0; c < CLI_OPTION_COMMANDS; c++)
        for (int t = 0; t < 2 && all[c].tables[t]; t++)
            for (const spec_key *k = all[c].tables[t]; k->name; k++) {
                int listed = k->kind == SPEC_TEXT && (k->registry || k->names);
                const char *kind = k->repeat ? "list"
                                   : k->bare ? "switch"
                                   : listed  ? "names"
                                             : kinds[k->kind];
                const char *def = k->required || k->repeat || k->bare || (k->def && !*k->def) ? NULL
                                  : k->def ? k->def
                                  : listed ? spec_default(k, NULL)
                                           : NULL;
                if (listed) spec_values(k, NULL, "|", names, sizeof names);
                fprintf(out, "%s\t%s\t%s\t%.15g\t%.15g\t%s\t%d\t%s\n", all[c].cmd, k->name, kind,
                        k->min, k->max, def ? def : "-", k->required, listed ? names : "-");
            }
}
