/* options.h - command-line flags and KEY=VALUE lists read through key
 * tables (spec.h): kissat's one OPTIONS table, per command.
 *
 * A command declares its flags as spec_key rows (name, kind, default,
 * range, doc, the field each value goes to); opt_argv reads argv with
 * them, opt_list reads a `KEY=VALUE,...` list (the `gen:` and `gen:qwh`
 * instance specs) with them, opt_defaults sets the defaults and
 * opt_help_parts makes the --help line, so a flag's default, range and
 * message are written once, in its row.
 *
 * How a row's value is read (opt_set): a number of its kind in its range
 * (spec_number; SPEC_INT rows with `span` also A..B into two longs), a
 * name of its registry or list (a const void * entry, or an int index), a
 * free-form text read by parse(), or, with no parse, the text itself (a
 * const char * that points into argv: nothing is copied).  `repeat` rows
 * append to an opt_strs.  `bare` rows are switches (--all) or take a
 * value written with '=' only (--minimal=0).
 */
#ifndef SEARCHLAB_CORE_OPTIONS_H
#define SEARCHLAB_CORE_OPTIONS_H

#include <stddef.h>

#include "diag.h"
#include "spec.h"

/* One table and the struct its rows write into.  given: set by the
 * reader, bit i for row i given (at most 32 rows a table).  again: 1 when
 * a row that does not repeat may be given again, the last value counting
 * (run's flags: a script appends a flag to override one), else twice is
 * refused. */
typedef struct opt_group {
    const spec_key *keys;
    void *typed;
    unsigned given;
    int again;
} opt_group;

/* The field of a repeat row: v has room for the row's max values (or for
 * argc when max is 0), n counts them. */
typedef struct opt_strs {
    const char **v;
    size_t n;
} opt_strs;

/* Sets each row of keys that has a default to it: its def, or the first
 * name of its registry or list when def is NULL; a def of "" (and a
 * number or text without def) means none: the field keeps the value the
 * caller gave it, which the row's doc explains.  0, or -1 with d. */
int opt_defaults(const spec_key *keys, void *typed, diag *d);
/* What k takes, for messages and --help: "an integer from 1 to 100000
 * (instances)", "auto, on or off", its form; into buf. */
char *opt_expected(const spec_key *k, char *buf, size_t size);
/* Sets k's field in typed from text.  0, or -1 with d: "expected WHAT,
 * found 'TEXT'" (the caller prefixes the flag or the key). */
int opt_set(const spec_key *k, const char *text, void *typed, diag *d);
/* What k's value is called in --help: its names joined by '|', its form,
 * "N", or "" for a switch (buf holds the names). */
const char *opt_metavar(const spec_key *k, char *buf, size_t size);
/* The --help line of k in two parts: head "--NAME METAVAR" (prefix "--";
 * "-L, --NAME, --ALIAS METAVAR" with a letter and an alias) and body
 * "doc (range); default D". */
void opt_help_parts(const spec_key *k, const char *prefix, char *head, size_t hsize, char *body,
                    size_t bsize);

enum { OPT_HELP = 1 };
/* Reads argv[1..argc-1]: --NAME VALUE, --NAME=VALUE, bare --NAME (NAME a
 * row's name or alias), -LETTER [VALUE] (a row's letter), each looked up
 * in the groups' tables in order; the other arguments (those
 * that do not start with '-', and "-") go to pos, at most max_pos of
 * them.  A row that does not repeat may be given once (unless the
 * group's again says otherwise).  cmd names the
 * command in the hint of an unknown flag.  Returns 0, OPT_HELP when
 * --help or -h is among the arguments (nothing else is read), or -1 with
 * d naming the flag as written and what it expected (or the extra
 * argument). */
int opt_argv(const char *cmd, int argc, char **argv, opt_group *groups, size_t ngroups,
             const char **pos, size_t *npos, size_t max_pos, diag *d);
/* 1 if the row called name of g was given to the last opt_argv. */
int opt_given(const opt_group *g, const char *name);
/* Reads a comma-separated `KEY=VALUE,...` list (text may be empty) into
 * typed through keys: each key at most once, every required row present.
 * *given (when not NULL) gets bit i for row i.  0, or -1 with d: "unknown
 * key 'k' (keys: ...)", "bad value 'k=v': expected ...", "expected
 * KEY=VALUE (keys: ...), found 'x'", "expected k=N (required)". */
int opt_list(const spec_key *keys, const char *text, void *typed, unsigned *given, diag *d);
/* The names of keys joined by ", " into buf. */
char *opt_names(const spec_key *keys, char *buf, size_t size);

#endif
