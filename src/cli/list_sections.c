/* list_sections.c - the sections of `searchlab list`, one printer per
 * registry. */
#include "../puzzles/puzzle.h"
#include "cli.h"
#include "list.h"
#include "samegame/path.h"
#include "samegame/store.h"

static void print_commands(FILE *out) {
#define ITEM_(name, summary) list_item(out, #name, summary);
    CLI_COMMANDS(ITEM_)
#undef ITEM_
}
const list_section list_commands = {"commands", print_commands};

static void print_puzzles(FILE *out) {
    for (int i = 0; puzzles[i]; i++) {
        char line[256];
        snprintf(line, sizeof line, "%s (default strategy %s)", puzzles[i]->summary,
                 puzzle_default_spec(puzzles[i]));
        list_item(out, puzzles[i]->name, line);
    }
}
const list_section list_puzzles = {"puzzles", print_puzzles};

/* Each engine registry is a NULL-terminated array of pointers to structs
 * that start with name and summary. */
#define REGISTRY_PRINTER_(fn, table)                                           \
    static void fn(FILE *out) {                                                \
        for (int i = 0; table[i]; i++) list_item(out, table[i]->name, table[i]->summary); \
    }
REGISTRY_PRINTER_(print_strategies, csp_strategies)
REGISTRY_PRINTER_(print_queues, csp_queues)
REGISTRY_PRINTER_(print_vars, csp_var_heurs)
REGISTRY_PRINTER_(print_vals, csp_val_heurs)

static void print_strategies_all(FILE *out) {
    print_strategies(out);
    for (int i = 0; puzzles[i]; i++)
        for (int k = 0; puzzles[i]->searches && puzzles[i]->searches[k]; k++) {
            char name[64];
            snprintf(name, sizeof name, "%s (%s)", puzzles[i]->searches[k]->name, puzzles[i]->name);
            list_item(out, name, puzzles[i]->searches[k]->summary);
        }
}

const list_section list_strategies = {"strategies", print_strategies_all};
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
