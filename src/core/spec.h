/* spec.h - strategy specs `NAME[:key=value,...]`: their syntax, and the
 * key tables with which each family of strategies declares its options.
 *
 * A key table is kissat's options table in spirit: one row per key (name,
 * allowed values, default, one line of doc, the strategies that take it,
 * where its value goes).  The same rows drive parsing, every message about
 * a wrong spec, `searchlab list`, `solve --help` and the labels of a run,
 * so none of these can drift from the others.  The same rows, with their
 * numeric kinds and ranges, are the experiment's keys (harness/
 * experiment.c) and so `run`'s flags and its --help.  The families themselves
 * (the CSP engine, the puzzles' own searches, outside solvers) are
 * registered in src/solve/family.h.
 *
 * Syntax.  NAME, then optionally ':' and comma-separated key=value items.
 * An item that starts with a digit continues the value before it, so a
 * value may hold numbers separated by commas (`restart=geom:100,1.5`).  A
 * key given twice is an error.
 *
 * Sweeps.  Before it is split, a spec may hold value sets `{a,b,...}`
 * anywhere in its text; spec_expand writes the product, one spec per
 * combination, the first set varying slowest
 * (`gac:queue={dom,arc-fifo},var={dom/wdeg,dom/deg}` is four specs).
 * Inside a set, an alternative that starts with a digit continues the one
 * before it when that one holds a ':' (`restart={geom:100,1.5,luby:50}`
 * is two values), and is a value of its own otherwise (`{100,200}`).
 */
#ifndef SEARCHLAB_CORE_SPEC_H
#define SEARCHLAB_CORE_SPEC_H

#include <stddef.h>

#include "diag.h"

enum { SPEC_MAX_ITEMS = 16, SPEC_NAME_MAX = 32, SPEC_VALUE_MAX = 256 };

/* A spec split into its name and its items, in the order written. */
typedef struct spec_text {
    char name[SPEC_NAME_MAX];
    int n;
    struct {
        char key[SPEC_NAME_MAX], value[SPEC_VALUE_MAX];
    } item[SPEC_MAX_ITEMS];
} spec_text;

/* Splits text; 0, or -1 with d (no name, an item that is not key=value, a
 * key given twice, too many or too long items). */
int spec_split(const char *text, spec_text *t, diag *d);
/* Writes t back as text into buf (size bytes); returns buf. */
char *spec_join(const spec_text *t, char *buf, size_t size);
/* The item index of key in t, or -1. */
int spec_text_find(const spec_text *t, const char *key);
/* Removes item i of t. */
void spec_text_remove(spec_text *t, int i);
/* Sets key to value in t: replaces the item or appends one; -1 with d
 * when t is full or the value too long. */
int spec_text_set(spec_text *t, const char *key, const char *value, diag *d);

/* The most specs one sweep may expand to. */
enum { SPEC_SWEEP_MAX = 1000 };
/* Expands the value sets of text (see Sweeps above), calling emit once per
 * spec in order; text without a set is emitted as it is.  Returns the
 * number of specs, or -1 with d (an unmatched or nested brace, an empty
 * set or alternative, more than SPEC_SWEEP_MAX specs) before emitting
 * any. */
int spec_expand(const char *text, void (*emit)(void *ctx, const char *spec), void *ctx, diag *d);

/* ---- key tables ---------------------------------------------------------- */

/* The ranges that every reader of such a value shares: seconds of a time
 * limit, and counts of repetitions and generated instances. */
#define SPEC_SECONDS_MAX 1e6
#define SPEC_COUNT_MAX 100000

/* How a key's value is read: by name or parse() (SPEC_TEXT, the zero
 * value), or as a number in [min, max]: SPEC_INT (a long), SPEC_U64 (a
 * uint64_t; max 0: no bound), SPEC_REAL (a double; min_open: above min). */
typedef enum spec_kind { SPEC_TEXT, SPEC_INT, SPEC_U64, SPEC_REAL } spec_kind;

/* One key of a family.  Its allowed values are, in this order of
 * precedence: a number of its kind in its range, the names of a registry
 * (the field is a const void * pointing to the entry), a fixed list of
 * names or the list names_of(ctx) gives for the context (a puzzle's
 * models; the field is an int index in the list), or free-form text read
 * by parse() into the field, whose shape `form` describes.  A table ends
 * with a row whose name is NULL. */
typedef struct spec_key {
    const char *name, *doc;
    const void *const *registry;
    const char *const *names;
    const char *const *(*names_of)(const void *ctx);
    const char *form;
    int (*parse)(const char *text, void *field, diag *d);
    /* free-form keys: writes the value of field as text */
    void (*show)(const void *field, char *buf, size_t size);
    size_t offset;     /* of the field in the family's typed struct */
    const char *def;   /* the default as text; NULL: the first allowed value */
    const char *takes; /* the strategies that take it ("fc gac"); NULL: all */
    /* NULL: the key means something in every context; else 0 when it means
     * nothing in ctx (a run's label for it stays empty) */
    int (*applies)(const void *ctx);
    /* numbers: the kind, the range, and what one is ("repetitions") */
    spec_kind kind;
    double min, max;
    int min_open;
    const char *unit;
    int repeat; /* 1: repeatable, each value added (the reader's own: lists; options.h:
                 * an opt_strs field, at most max values when max > 0) */
    /* command lines and KEY=VALUE lists (core/options.h) */
    int bare;     /* a flag that may go without a value: then names[1] ("on", "1") or,
                   * without names, the int field set to 1 */
    int span;     /* SPEC_INT: the value may be A..B (two longs at offset: A, then B) */
    int required; /* the reader refuses a command line or list that lacks it */
    /* other spellings of a flag (core/options.h): -LETTER (MiniZinc's
     * solver flags -a -n ...; '\0': none) and one more --NAME (NULL: none) */
    char letter;
    const char *alias;
} spec_key;

/* Reads text as the number k describes into *field (long, uint64_t or
 * double by k->kind).  0, or -1 with d: "expected an integer from 1 to
 * 100000 (repetitions), found 'x'" (the caller prefixes the key or flag). */
int spec_number(const spec_key *k, const char *text, void *field, diag *d);
/* One line of --help for k: "  --NAME VALUES  doc (default D)" with the
 * given prefix ("--" for flags, "" for keys), into buf. */
char *spec_help_line(const spec_key *k, const char *prefix, const void *ctx, char *buf,
                     size_t size);

/* 1 if the strategy called name takes key k. */
int spec_key_takes(const spec_key *k, const char *strategy);
/* The row called name in keys, or NULL. */
const spec_key *spec_key_find(const spec_key *keys, const char *name);
/* Sets every key of keys that strategy takes to its default in typed.
 * 0, or -1 with d (a default the context does not allow). */
int spec_defaults(const spec_key *keys, const char *strategy, void *typed, const void *ctx,
                  diag *d);
/* Applies t's items to typed.  Errors name the key and say what is
 * allowed: a key the strategy does not take (listing those it does), an
 * unknown value (listing the allowed ones).  When given is not NULL, it
 * gets bit k for each key k of the table that t sets.  0, or -1 with d. */
int spec_apply(const spec_key *keys, const char *strategy, const spec_text *t, void *typed,
               const void *ctx, unsigned *given, diag *d);
/* The value of key k in typed, as text, into buf ("" when k has no
 * value, e.g. a context without names); returns buf. */
char *spec_show(const spec_key *k, const void *typed, const void *ctx, char *buf, size_t size);
/* The allowed values of k joined by sep (or its form) into buf. */
char *spec_values(const spec_key *k, const void *ctx, const char *sep, char *buf, size_t size);
/* The default of k as text (its def, or the first allowed value). */
const char *spec_default(const spec_key *k, const void *ctx);
/* The keys that strategy takes, joined by ", ", into buf. */
char *spec_keys_of(const spec_key *keys, const char *strategy, char *buf, size_t size);

#endif
