/* list.h - the sections of `searchlab list`: X(name) for each section
 * defined as `const list_section list_NAME` in some cmd_*.c or list_*.c. */
#ifndef SEARCHLAB_CLI_LIST_H
#define SEARCHLAB_CLI_LIST_H

#include <stdio.h>

typedef struct list_section {
    const char *heading;
    void (*print)(FILE *out);
} list_section;

#define LIST_SECTIONS(X)                                                                           \
    X(puzzles) X(xcsp) X(globals) X(strategies) X(keys) X(queues) X(var) X(val) X(stores) X(paths) X(commands) X(options)

#define LIST_DECLARE_(name) extern const list_section list_##name;
LIST_SECTIONS(LIST_DECLARE_)
#undef LIST_DECLARE_

/* One indented line: the name, then the summary. */
void list_item(FILE *out, const char *name, const char *summary);

#endif
