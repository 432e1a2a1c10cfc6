/* cmd_run.c - `searchlab run`: an experiment from a file and/or flags
 * (docs/cli.md, docs/driver.md); progress for people on stderr. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../core/xmalloc.h"
#include "../harness/driver.h"
#include "cli.h"

static void help(void) {
    printf("usage: searchlab run [EXPERIMENT_FILE] [--puzzle P] [--instances PATH]...\n"
           "                     [--strategy SPEC]... [--reps N] [--timeout S] [--memory MIB]\n"
           "                     [--node-limit N] [--seed S] [--jobs N] [--shard K/N]\n"
           "                     [--warmup N] [--out RESULTS.csv] [--experiment NAME]\n"
           "                     [--gen-cache DIR] [--verbose]\n\n"
           "Runs every (instance x strategy x repetition) of an experiment, each run in its\n"
           "own child process under CPU-time, wall-time and memory limits, in a seeded random\n"
           "order, and appends one row per run to RESULTS.csv (and RESULTS.jsonl), flushed\n"
           "to disk as it ends.  Running the same command again resumes: finished runs are\n"
           "skipped, none is recorded twice.\n\n"
           "  EXPERIMENT_FILE     the experiment (docs/driver.md); flags add to / override it\n"
           "  --instances PATH    a file, a folder, a glob, or gen:size=A..B,count=K,seed=S\n"
           "                      (repeatable; generated files go to --gen-cache, results/gen)\n"
           "  --strategy SPEC     e.g. fc, gac:queue=arc-fifo,var=dom/wdeg (repeatable); the\n"
           "                      spec as given is the run's label in reports; default gac\n"
           "  --reps N            repetitions of each run (default 1)\n"
           "  --timeout S         per run; CPU limit S, wall limit 1.5 S + 1 (default 10)\n"
           "  --memory MIB        per run (default 2048; 0: none)\n"
           "  --node-limit N      per run (default none)\n"
           "  --seed S            run order seed (default 1)\n"
           "  --jobs N            runs at once (default 1: timed runs should not share cores)\n"
           "  --shard K/N         run only the K-th of N deterministic parts of the matrix\n"
           "  --warmup N          run the first N runs once more first, unrecorded\n"
           "  --out RESULTS.csv   default results/EXPERIMENT.csv\n"
           "  --verbose           one line per finished run on stderr (when not a terminal)\n"
           "  --columns           print the result columns and what they hold, and exit\n\n"
           "exit status: 0 every run recorded (whatever their status), 1 internal error,\n"
           "2 bad usage or input\n");
}

typedef struct progress {
    int tty, verbose;
    size_t last_len;
} progress;

static void fmt_eta(double s, char *buf, size_t size) {
    long t = (long)(s + 0.5);
    if (t >= 3600)
        snprintf(buf, size, "%ldh%02ldm", t / 3600, t / 60 % 60);
    else
        snprintf(buf, size, "%ld:%02ld", t / 60, t % 60);
}

static void on_progress(void *ctx, const driver_progress *p) {
    progress *pg = ctx;
    if (!p->row) {
        if (pg->tty || pg->verbose)
            fprintf(stderr, "run: %zu runs to do%s", p->total, p->skipped ? "" : "\n");
        if (p->skipped && (pg->tty || pg->verbose))
            fprintf(stderr, " (%zu already recorded: resuming)\n", p->skipped);
        return;
    }
    if (pg->tty) {
        char eta[32];
        fmt_eta(p->eta_s, eta, sizeof eta);
        int width = 30, fill = p->total ? (int)(width * p->done / p->total) : width;
        char bar[64];
        for (int i = 0; i < width; i++) bar[i] = i < fill ? '#' : '.';
        bar[width] = '\0';
        fprintf(stderr, "\r[%s] %zu/%zu runs, %zu failed, ETA %s  ", bar, p->done, p->total,
                p->failures, eta);
        if (p->done == p->total) fputc('\n', stderr);
    } else if (pg->verbose) {
        const result_row *r = p->row;
        fprintf(stderr, "[%zu/%zu] %s %s rep %ld: %s%s%s, %llu nodes, %.3f s\n", p->done, p->total,
                r->instance, r->strategy, r->rep, status_name(r->status),
                r->signal[0] ? " " : "", r->signal, (unsigned long long)r->st.nodes, r->wall_s);
    }
}

int cmd_run(int argc, char **argv) {
    experiment e;
    experiment_init(&e);
    diag d = {{0}};
    int verbose = 0, ret = EXIT_DONE;
    /* The experiment file first, so that flags override it. */
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            help();
            experiment_free(&e);
            return EXIT_DONE;
        }
        if (!strcmp(argv[i], "--columns")) {
            results_write_columns(stdout);
            experiment_free(&e);
            return EXIT_DONE;
        }
        if (argv[i][0] == '-') {
            if (!cli_is(argv[i], "--verbose") && !strchr(argv[i], '=')) i++;
            continue;
        }
        if (e.source) {
            experiment_free(&e);
            return cli_usage_error("run", "unexpected argument '%s' (one experiment file at most)",
                                   argv[i]);
        }
        if (experiment_load(&e, argv[i], &d)) {
            fprintf(stderr, "searchlab run: %s\n", d.msg);
            experiment_free(&e);
            return EXIT_BAD_INPUT;
        }
    }
    static const struct {
        const char *flag, *key;
    } flags[] = {{"--puzzle", "puzzle"},
                 {"--instances", "instances"},
                 {"--strategy", "strategy"},
                 {"--reps", "reps"},
                 {"--timeout", "timeout"},
                 {"--memory", "memory"},
                 {"--node-limit", "node-limit"},
                 {"--seed", "seed"},
                 {"--jobs", "jobs"},
                 {"--shard", "shard"},
                 {"--warmup", "warmup"},
                 {"--out", "out"},
                 {"--experiment", "experiment"},
                 {"--gen-cache", "gen-cache"}};
    for (int i = 1; i < argc && ret == EXIT_DONE; i++) {
        if (argv[i][0] != '-') continue;
        if (cli_is(argv[i], "--verbose")) {
            verbose = 1;
            continue;
        }
        size_t f = 0, nf = sizeof flags / sizeof *flags;
        while (f < nf && !cli_is(argv[i], flags[f].flag)) f++;
        if (f == nf) {
            ret = cli_usage_error("run", "unknown option '%s' (searchlab run --help lists them)",
                                  argv[i]);
            break;
        }
        const char *v = cli_value("run", argc, argv, &i);
        if (!v || experiment_set(&e, flags[f].key, v, flags[f].flag, &d)) {
            if (v) fprintf(stderr, "searchlab run: %s\n", d.msg);
            ret = EXIT_BAD_INPUT;
        }
    }
    if (ret == EXIT_DONE && experiment_finish(&e, &d)) {
        fprintf(stderr, "searchlab run: %s\n", d.msg);
        ret = EXIT_BAD_INPUT;
    }
    if (ret == EXIT_DONE) {
        progress pg = {isatty(2), verbose, 0};
        char *cmd = cli_command_line(argc, argv);
        driver_hooks h = {on_progress, &pg, cmd};
        ret = driver_run(&e, &h, &d);
        if (ret)
            fprintf(stderr, "searchlab run: %s\n", d.msg);
        else if (pg.tty || verbose)
            fprintf(stderr, "run: results in %s\n", e.out);
        xstrfree(cmd);
    }
    experiment_free(&e);
    return ret;
}
