/* list_sections.c - the sections of `searchlab list`, one printer per
 * registry. */
#include "cli.h"
#include "list.h"

static void print_commands(FILE *out) {
#define ITEM_(name, summary) list_item(out, #name, summary);
    CLI_COMMANDS(ITEM_)
#undef ITEM_
}
const list_section list_commands = {"commands", print_commands};
