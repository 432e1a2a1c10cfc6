/* list_sections.c - the sections of `searchlab list`, one printer per
 * registry. */
#include "cli.h"
#include "list.h"
#include "plane/path.h"
#include "plane/store.h"

static void print_commands(FILE *out) {
#define ITEM_(name, summary) list_item(out, #name, summary);
    CLI_COMMANDS(ITEM_)
#undef ITEM_
}
const list_section list_commands = {"commands", print_commands};

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
