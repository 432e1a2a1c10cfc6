/* cli.h - the subcommands of `searchlab` and the helpers they share for
 * flags and exit codes.  Only this layer parses flags and prints for
 * people (docs/cli.md is the contract). */
#ifndef SEARCHLAB_CLI_CLI_H
#define SEARCHLAB_CLI_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "../core/spec.h"
#include "../puzzles/puzzle.h"

/* Exit status of every subcommand (docs/cli.md). */
enum { EXIT_DONE = 0, EXIT_INTERNAL = 1, EXIT_BAD_INPUT = 2, EXIT_LIMIT = 3 };

/* The subcommands: X(name, summary).  Adding one is a line here and a
 * cmd_NAME.c that defines int cmd_NAME(int argc, char **argv) (argv[0]
 * is the subcommand's name). */
#define CLI_COMMANDS(X)                                                                            \
    X(list, "list the puzzles, strategies, queues, heuristics, stores and path finders")           \
    X(samegame, "run the Same Game command protocol on standard input")                            \
    X(solve, "solve one instance with one strategy")                                               \
    X(run, "run an experiment: isolated, limited runs into a resumable result file")               \
    X(report, "tables from result files: course, compare, scaling, files (md, csv, tex, html)")    \
    X(plot, "gnuplot figures from a result file: scaling, cactus, scatter, bars, anytime")         \
    X(merge, "merge the result files of an experiment's shards")                                   \
    X(gen, "generate instances: unique-solution puzzles, QWH, Same Game scripts")                  \
    X(tree, "draw the search tree of one solve (Graphviz) or save it for CP-Profiler")             \
    X(export, "write an instance in another format (XCSP3) for other solvers")                     \
    X(fzn, "solve a FlatZinc file as MiniZinc runs a solver (-a -n -f -s -t -r -p -i)")

#define CLI_DECLARE_(name, summary) int cmd_##name(int argc, char **argv);
CLI_COMMANDS(CLI_DECLARE_)
#undef CLI_DECLARE_

/* `searchlab gen samegame ...` (gen_samegame.c): random Same Game planes
 * and command scripts; argv[0] is "samegame". */
int cmd_gen_samegame(int argc, char **argv);
/* `searchlab gen qwh ...` (gen_qwh.c): quasigroups with holes as Futoshiki
 * files; argv[0] is "qwh". */
int cmd_gen_qwh(int argc, char **argv);

/* The --out DIR flag of gen and gen qwh (cmd_gen.c): the folder of the
 * generated files. */
typedef struct cli_gen_out {
    const char *dir;
} cli_gen_out;
extern const spec_key cli_gen_out_keys[];
/* The flag tables of the commands (besides the tables of the layers
 * below: instset_gen_keys, instset_qwh_keys, sgen_keys): tree's,
 * samegame's, gen samegame's --table and --out, run's own (beside the
 * experiment's keys, experiment_keys), fzn's (with MiniZinc's -LETTER
 * spellings), merge's, export's, solve's own, report's and plot's.
 * Every command reads its flags through them; `list` shows them all
 * (list_sections.c, cli_option_tables). */
extern const spec_key cli_tree_keys[], cli_samegame_keys[], cli_gen_samegame_keys[], cli_run_keys[],
    cli_fzn_keys[], cli_merge_keys[], cli_export_keys[], cli_solve_keys[], cli_report_keys[],
    cli_plot_keys[];
/* solve's --KEY VALUE shorthands: a text row per key of the strategy
 * families (not --solver, which is solve's own), built once. */
const spec_key *cli_solve_shorthand_keys(void);
/* A command and its flag tables (NULL: no more). */
typedef struct cli_options_of {
    const char *cmd;
    const spec_key *tables[2];
} cli_options_of;
/* Fills all[] (room for CLI_OPTION_COMMANDS) with every command whose
 * flags are key tables. */
enum { CLI_OPTION_COMMANDS = 12 };
void cli_option_tables(cli_options_of *all);
/* `list --options`: one tab-separated line per flag of those tables
 * (list_sections.c says the columns). */
void cli_print_option_rows(FILE *out);

/* The strategies of every family and their keys, as `searchlab list`
 * shows them (for `solve --help`). */
void cli_print_strategies(FILE *out);

/* Prints the lines of doc to stdout, each after the first indented by
 * indent spaces, and a newline (a registry's doc in --help). */
void cli_print_doc(const char *doc, int indent);
/* Prints "searchlab CMD: MESSAGE" to stderr and returns EXIT_BAD_INPUT. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Reads argv through the option tables of groups (core/options.h), the
 * positional arguments into pos[] (at most max_pos; more is a usage
 * error): EXIT_DONE, EXIT_BAD_INPUT after "searchlab CMD: --FLAG:
 * expected ...", or -1 for --help after help() (when not NULL) printed
 * the command's help (the caller exits EXIT_DONE). */
struct opt_group;
int cli_options(const char *cmd, int argc, char **argv, struct opt_group *groups, size_t ngroups,
                const char **pos, size_t *npos, size_t max_pos, void (*help)(void));
/* Prints one --help line per row of keys ("  --NAME METAVAR  doc (range);
 * default D"), the doc wrapped at 79 columns. */
struct spec_key;
void cli_print_options(const struct spec_key *keys);

/* The puzzle called name, or NULL after a message that lists the puzzles
 * (the caller exits EXIT_BAD_INPUT). */
const puzzle *cli_puzzle(const char *cmd, const char *name);
/* Makes the folder of the file path when missing (`--out out/x.html` in a
 * fresh clone); a failure is left to the open that follows to report. */
void cli_mkdir_parent(const char *path);
/* pz's instance read from path, or NULL after printing the reader's
 * message (file:line:column; the caller exits EXIT_BAD_INPUT). */
void *cli_load(const puzzle *pz, const char *path);
/* "searchlab ARG..." with the arguments shell-quoted where needed (for
 * the run context files); owned, free with xstrfree. */
char *cli_command_line(int argc, char **argv);

#endif
