/* cmd_run.c - `searchlab run`: an experiment from a file and/or flags
 * (docs/cli.md, docs/driver.md); progress for people on stderr (a bar on a
 * terminal, lines for logs otherwise); SIGINT/SIGTERM stop it cleanly. */
#define _DEFAULT_SOURCE /* sigaction */
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../core/xmalloc.h"
#include "../harness/driver.h"
#include "../core/options.h"
#include "../core/spec.h"
#include "../puzzles/puzzle.h"
#include "../solve/solver_file.h"
#include "cli.h"

/* run's own flags (core/options.h); the experiment's keys are flags too
 * (experiment_keys, read as text and set by experiment_set). */
typedef struct run_cli {
    int resume_anyway, verbose, quiet, columns;
    double every_s;
} run_cli;

#define R_(f) offsetof(run_cli, f)
const spec_key cli_run_keys[] = {
    {.name = "resume-anyway",
     .doc = "resume although the rows there were measured under other limits (timeout, memory, "
            "node limit), by another binary or on another machine (refused otherwise, exit 2)",
     .bare = 1,
     .offset = R_(resume_anyway)},
    {.name = "verbose",
     .doc = "one line per finished run on stderr (when not a terminal)",
     .bare = 1,
     .offset = R_(verbose)},
    {.name = "quiet",
     .doc = "no progress on stderr (warnings and errors still print)",
     .bare = 1,
     .offset = R_(quiet)},
    {.name = "progress-every",
     .doc = "when stderr is not a terminal: a progress line at least every S seconds, and at "
            "25, 50 and 75%",
     .kind = SPEC_REAL,
     .min = 0,
     .max = SPEC_SECONDS_MAX,
     .unit = "a number of seconds",
     .def = "10",
     .form = "S",
     .offset = R_(every_s)},
    {.name = "columns",
     .doc = "print the result columns and what they hold, and exit",
     .bare = 1,
     .offset = R_(columns)},
    {.name = NULL}};
#undef R_

/* The experiment's keys as flags: each row's value kept as text (a list
 * for the repeatable ones, a name's index for pin) until the file is read,
 * then set by experiment_set in the order of the table. */
typedef union key_slot {
    const char *v;
    opt_strs l;
    int i;
} key_slot;

/* Reads argv: the file (pos[0]) and every flag; then loads the file and
 * sets the flags on e.  EXIT_DONE, EXIT_BAD_INPUT (message printed), or -1
 * for --help. */
static int read_args(int argc, char **argv, experiment *e, run_cli *rc) {
    const spec_key *ek = experiment_keys();
    size_t n = 0;
    while (ek[n].name) n++;
    spec_key *keys = NEWN(n + 1, spec_key);
    key_slot *slot = NEWN(n, key_slot);
    const char **lists = NEWN(n * (size_t)argc + 1, const char *);
    for (size_t i = 0; i < n; i++) {
        keys[i] = (spec_key){.name = ek[i].name,
                             .doc = ek[i].doc,
                             .names = ek[i].names,
                             .bare = ek[i].bare,
                             .repeat = ek[i].repeat,
                             .offset = i * sizeof(key_slot)};
        if (ek[i].repeat) slot[i].l = (opt_strs){lists + i * (size_t)argc, 0};
    }
    keys[n] = (spec_key){.name = NULL};
    diag d;
    memset(rc, 0, sizeof *rc); /* the switches: off */
    int ret = opt_defaults(cli_run_keys, rc, &d) ? cli_usage_error("run", "%s", d.msg) : EXIT_DONE;
    /* a flag given twice: the last counts, as it always did for run */
    opt_group groups[] = {{cli_run_keys, rc, 0, 1}, {keys, slot, 0, 1}};
    const char *file = NULL;
    size_t npos = 0;
    if (!ret) ret = cli_options("run", argc, argv, groups, 2, &file, &npos, 1, NULL);
    if (!ret && !rc->columns && file && experiment_load(e, file, &d))
        ret = cli_usage_error("run", "%s", d.msg);
    for (size_t i = 0; !ret && !rc->columns && i < n; i++) {
        if (!((groups[1].given >> i) & 1)) continue;
        char flag[64];
        snprintf(flag, sizeof flag, "--%s", ek[i].name);
        size_t m = ek[i].repeat ? slot[i].l.n : 1;
        for (size_t j = 0; j < m && !ret; j++) {
            const char *v = ek[i].repeat  ? slot[i].l.v[j]
                            : ek[i].names ? ek[i].names[slot[i].i]
                                          : slot[i].v;
            if (experiment_set(e, ek[i].name, v, flag, &d))
                ret = cli_usage_error("run", "%s", d.msg);
        }
    }
    FREEN(keys, n + 1);
    FREEN(slot, n);
    FREEN(lists, n * (size_t)argc + 1);
    return ret;
}

static void help(void) {
    char defaults[600] = "";
    for (const puzzle *const *pz = puzzles; *pz; pz++) {
        size_t n = strlen(defaults);
        snprintf(defaults + n, sizeof defaults - n, "%s%s: %s", n ? ", " : "", (*pz)->name,
                 puzzle_default_spec(*pz));
    }
    printf("usage: searchlab run [EXPERIMENT_FILE] [--KEY VALUE]... [--pin] [--resume-anyway]\n"
           "                     [--verbose | --quiet] [--progress-every S] [--columns]\n\n"
           "Runs every (instance x strategy x repetition) of an experiment, each run in its\n"
           "own child process under a CPU-time limit (of the run and every process it\n"
           "starts), a memory limit and a generous wall-clock safety net, in a seeded random\n"
           "order, and appends one row per run to RESULTS.csv (and RESULTS.jsonl), flushed\n"
           "to disk as it ends.  Running the same command again resumes: finished runs are\n"
           "skipped, none is recorded twice.  One `run` at a time writes a result file (a\n"
           "second one exits 2).  Each invocation is recorded in RESULTS.context.jsonl\n"
           "(commit, binary, machine, limits, times, runs added); each row names it in its\n"
           "`invocation` column.  The status says which limit ended a run: timeout (CPU),\n"
           "wall-timeout (the safety net), memout.\n\n"
           "  EXPERIMENT_FILE        the experiment (docs/driver.md); flags add to / override it\n"
           "Every key of the experiment file is a flag --KEY VALUE:\n");
    cli_print_options(experiment_keys());
    printf("  (default strategies: %s)\n", defaults);
    cli_print_options(cli_run_keys);
    printf("\n"
           "SIGINT (Ctrl-C) and SIGTERM stop the runs in flight, keep every complete row and\n"
           "exit 130 and 143; rerun the same command to resume.\n\n"
           "exit status: 0 every run recorded (whatever their status), 1 internal error,\n"
           "2 bad usage or input (also: the file is being written by another run, or its\n"
           "rows were measured under other settings), 130/143 interrupted\n");
}

typedef struct progress {
    int tty, verbose, quiet;
    double every_s;     /* not a terminal: a line at least this often */
    double last_line_s; /* elapsed at the last line printed */
    double last_bar_s;  /* terminal: when the bar was last drawn */
    int quarters;       /* 25/50/75% lines printed so far */
    int bar_open;       /* a bar is on the screen without its newline */
} progress;

static void fmt_time(double s, char *buf, size_t size) {
    if (s < 0) {
        snprintf(buf, size, "?");
        return;
    }
    long t = (long)(s + 0.5);
    if (t >= 3600)
        snprintf(buf, size, "%ldh%02ldm", t / 3600, t / 60 % 60);
    else
        snprintf(buf, size, "%ld:%02ld", t / 60, t % 60);
}

/* "2 timeouts, 1 failed": the runs that did not end, by why. */
static const char *outcomes(const driver_progress *p) {
    static char buf[80];
    snprintf(buf, sizeof buf, "%zu timeout%s, %zu failed", p->timeouts, p->timeouts == 1 ? "" : "s",
             p->failures);
    return buf;
}

/* The progress line for logs: done/total, failed, elapsed, ETA. */
static void progress_line(progress *pg, const driver_progress *p) {
    char el[32], eta[32];
    fmt_time(p->elapsed_s, el, sizeof el);
    fmt_time(p->eta_s, eta, sizeof eta);
    fprintf(stderr, "run: %zu/%zu runs done (%d%%), %s, %s elapsed, ETA %s\n", p->done, p->total,
            p->total ? (int)(100 * p->done / p->total) : 100, outcomes(p), el, eta);
    pg->last_line_s = p->elapsed_s;
}

static void on_progress(void *ctx, const driver_progress *p) {
    progress *pg = ctx;
    if (pg->quiet) return;
    if (p->event == DRIVER_START) {
        fprintf(stderr, "run: %zu runs to do", p->total);
        if (p->skipped) fprintf(stderr, " (%zu already recorded: resuming)", p->skipped);
        if (p->warmups) fprintf(stderr, ", after %zu warm-up runs", p->warmups);
        fputc('\n', stderr);
        return;
    }
    if (pg->tty) {
        if (p->event == DRIVER_TICK && p->elapsed_s - pg->last_bar_s < 1) return;
        pg->last_bar_s = p->elapsed_s;
        char eta[32];
        fmt_time(p->eta_s, eta, sizeof eta);
        int width = 30, fill = p->total ? (int)(width * p->done / p->total) : width;
        char bar[64];
        for (int i = 0; i < width; i++) bar[i] = i < fill ? '#' : '.';
        bar[width] = '\0';
        fprintf(stderr, "\r[%s] %zu/%zu runs, %s, ETA %s  ", bar, p->done, p->total, outcomes(p),
                eta);
        pg->bar_open = 1;
        if (p->done == p->total) {
            fputc('\n', stderr);
            pg->bar_open = 0;
        }
        return;
    }
    if (p->event == DRIVER_RUN_DONE && pg->verbose) {
        const result_row *r = p->row;
        fprintf(stderr, "[%zu/%zu] %s %s rep %ld: %s%s%s, %llu nodes, %.3f s\n", p->done, p->total,
                r->instance, r->strategy, r->rep, status_name(r->status), r->signal[0] ? " " : "",
                r->signal, (unsigned long long)r->st.nodes, r->wall_s);
    }
    /* A line at each quarter passed (25, 50, 75%; the end has its own),
     * and when every_s went by without one. */
    int quarters = p->total ? (int)(4 * p->done / p->total) : 0;
    if (quarters > 3) quarters = 3;
    if (quarters > pg->quarters && p->done < p->total) {
        pg->quarters = quarters;
        progress_line(pg, p);
    } else if (p->done < p->total && p->elapsed_s - pg->last_line_s >= pg->every_s) {
        progress_line(pg, p);
    }
}

static void on_note(void *ctx, const char *msg) {
    progress *pg = ctx;
    if (pg->bar_open) fputc('\n', stderr);
    pg->bar_open = 0;
    fprintf(stderr, "searchlab run: %s\n", msg);
}

/* SIGINT and SIGTERM: ask the driver to stop (it keeps every complete
 * row); it returns 128 + the signal. */
static void on_signal(int sig) { driver_stop(sig); }

/* Loads the experiment's solver files; each one that accepts its puzzle
 * becomes one more strategy, named by its name.  A solver whose {env:NAME}
 * is unset is skipped with one line. */
static int load_solvers(experiment *e) {
    diag d;
    /* one more strategy each: beside the puzzle's default when no
     * strategy is given */
    const puzzle *pz = e->puzzle ? puzzle_find(e->puzzle) : NULL;
    if (e->solvers.n && !e->strategies.n && pz)
        strlist_add(&e->strategies, puzzle_default_spec(pz), "default");
    for (size_t i = 0; i < e->solvers.n; i++) {
        const char *name;
        int rc = solver_file_load(e->solvers.items[i], &name, &d);
        if (rc < 0) {
            fprintf(stderr, "searchlab run: %s: %s\n", e->solvers.where[i], d.msg);
            return EXIT_BAD_INPUT;
        }
        if (rc > 0) {
            fprintf(stderr, "searchlab run: %s\n", d.msg);
            continue;
        }
        const outside_solver *s = outside_solver_find(name);
        if (e->puzzle && !outside_solver_accepts(s, e->puzzle)) {
            fprintf(stderr, "searchlab run: %s: solver %s (%s) does not accept %s instances\n",
                    e->solvers.where[i], name, e->solvers.items[i], e->puzzle);
            return EXIT_BAD_INPUT;
        }
        strlist_add(&e->strategies, name, e->solvers.where[i]);
    }
    return EXIT_DONE;
}

int cmd_run(int argc, char **argv) {
    experiment e;
    experiment_init(&e);
    diag d = {{0}};
    run_cli rc;
    int ret = read_args(argc, argv, &e, &rc);
    if (ret < 0 || (ret == EXIT_DONE && rc.columns)) {
        if (ret < 0)
            help();
        else
            results_write_columns(stdout);
        experiment_free(&e);
        return EXIT_DONE;
    }
    int verbose = rc.verbose, quiet = rc.quiet, resume_anyway = rc.resume_anyway;
    double every_s = rc.every_s;
    if (ret == EXIT_DONE) ret = load_solvers(&e);
    if (ret == EXIT_DONE && experiment_finish(&e, &d)) {
        fprintf(stderr, "searchlab run: %s\n", d.msg);
        ret = EXIT_BAD_INPUT;
    }
    if (ret == EXIT_DONE && verbose && quiet)
        ret = cli_usage_error("run", "--verbose and --quiet: expected one of them at most");
    if (ret == EXIT_DONE) {
        progress pg = {isatty(2), verbose, quiet, every_s, 0, 0, 0, 0};
        char *cmd = cli_command_line(argc, argv);
        driver_hooks h = {on_progress, on_note, &pg, cmd, resume_anyway};
        struct sigaction sa, old_int, old_term;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = 0; /* no SA_RESTART: the driver's wait returns at once */
        sigaction(SIGINT, &sa, &old_int);
        sigaction(SIGTERM, &sa, &old_term);
        driver_progress end;
        ret = driver_run(&e, &h, &end, &d);
        sigaction(SIGINT, &old_int, NULL);
        sigaction(SIGTERM, &old_term, NULL);
        if (pg.bar_open) fputc('\n', stderr);
        if (ret >= 128) {
            fprintf(stderr,
                    "interrupted: %zu of %zu runs recorded; rerun the same command to resume\n",
                    end.skipped + end.done, end.skipped + end.total);
        } else if (ret) {
            fprintf(stderr, "searchlab run: %s\n", d.msg);
        } else if (!quiet) {
            if (!pg.tty) {
                char el[32];
                fmt_time(end.elapsed_s, el, sizeof el);
                fprintf(stderr, "run: %zu/%zu runs done, %s, %s elapsed\n", end.done, end.total,
                        outcomes(&end), el);
            }
            fprintf(stderr, "run: results in %s\n", e.out);
        }
        xstrfree(cmd);
    }
    experiment_free(&e);
    return ret;
}
