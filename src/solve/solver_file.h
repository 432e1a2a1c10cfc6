/* solver_file.h - outside solvers declared in a solver file: how to run a
 * command on an instance and how to read its answer (docs/driver.md,
 * "Outside solvers").  The file is read here; running it is outside.c's
 * (the `outside-command` family of strategies, one strategy per loaded
 * file, named by its `name`).
 *
 * A solver file is plain text, `#` comments, one `KEY = VALUE` per line:
 *   name = ace                       (required: the strategy's name)
 *   command = java -jar {env:ACE_JAR} {instance}   (required)
 *   accepts = xcsp                   (required: puzzles, blank or comma separated)
 *   output = xcsp3                   (required: xcsp3, json, grid or fzn)
 *   mzn_compile = --solver gecode -G std   (optional, FlatZinc solvers: how
 *                                    `run --puzzle mzn` compiles its models)
 *   stat.nodes = REGEX               (optional, any counter column; one group)
 *   refused_exit = N                 (optional: this exit status means refused)
 * Placeholders of `command`: {instance} (absolute path), {timeout} (the
 * CPU limit in whole seconds, rounded up; 0 when none), {seed}, {dir} (the
 * solver file's folder, absolute), {searchlab} (this executable) and
 * {env:NAME}.  The command is split into words at blanks (single or double
 * quotes group a word) before placeholders are replaced, so a path with
 * blanks stays one word; it runs without a shell.
 *
 * Invariant: every loaded solver has a name no other loaded solver and no
 * strategy of searchlab's own families has, and every {env:NAME} of its
 * command was set when it was loaded (else it was skipped). */
#ifndef SEARCHLAB_SOLVE_SOLVER_FILE_H
#define SEARCHLAB_SOLVE_SOLVER_FILE_H

#include <limits.h>
#include <regex.h>
#include <stddef.h>

#include "../core/diag.h"
#include "../core/stats.h"

enum { SOLVER_FILES_MAX = 32, SOLVER_WORDS_MAX = 64, SOLVER_ACCEPTS_MAX = 16 };

/* How the answer is read (outside.c). */
typedef enum solver_output {
    SOLVER_OUT_XCSP3, /* s, o, v, d lines of the XCSP3 competition */
    SOLVER_OUT_JSON,  /* one object as `searchlab solve --json` prints it */
    SOLVER_OUT_GRID,  /* the puzzle's own solution format: its numbers, in order */
    SOLVER_OUT_FZN    /* FlatZinc's solution output (the puzzle's read_solution) */
} solver_output;

typedef struct solver_stat_rx {
    int column; /* stats index */
    regex_t rx; /* one capture group: the value */
} solver_stat_rx;

typedef struct outside_solver {
    char name[48];
    char file[PATH_MAX], dir[PATH_MAX]; /* the solver file and its folder (absolute) */
    char *words[SOLVER_WORDS_MAX];      /* the command, split, placeholders kept */
    int nwords;
    const char *accepts[SOLVER_ACCEPTS_MAX + 1]; /* puzzle names (the registry's strings),
                                                  * NULL after the last */
    int naccepts;
    solver_output output;
    solver_stat_rx stat[STATS_N];
    int nstat;
    int refused_exit; /* -1: none */
    /* mzn_compile: the words that replace `--solver MSC` in `minizinc
     * WORDS -c ...` when `run --puzzle mzn` compiles a pair for this
     * solver ({dir} and {env:NAME} kept); 0 words: our own compilation */
    char *compile[SOLVER_WORDS_MAX];
    int ncompile;
} outside_solver;

/* Reads the solver file at path.  Returns 0 (loaded; *out, when not NULL,
 * gets its name), 1 (skipped: an {env:NAME} is unset; why in d, one line
 * that names the solver and the variable), or -1 with d (FILE:LINE:COL:
 * what was expected).  Loading the same file twice loads it once. */
int solver_file_load(const char *path, const char **out, diag *d);
/* Parses text as the solver file `name` (tests); as solver_file_load. */
int solver_file_parse(const char *name, const char *text, const char **out, diag *d);
/* The loaded solvers: solver i, or NULL past the last. */
const outside_solver *outside_solver_at(int i);
/* The loaded solver called name, or NULL. */
const outside_solver *outside_solver_find(const char *name);
/* 1 if s takes instances of the puzzle called pz_name. */
int outside_solver_accepts(const outside_solver *s, const char *pz_name);
/* Word i of s's mzn_compile with {dir} and {env:NAME} replaced (the
 * caller frees it with xstrfree). */
char *outside_solver_compile_word(const outside_solver *s, int i);
/* Forgets every loaded solver (tests). */
void solver_files_clear(void);

#endif
