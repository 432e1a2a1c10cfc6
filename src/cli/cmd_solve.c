/* cmd_solve.c - `searchlab solve PUZZLE FILE [options]` (CLI.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "../puzzles/puzzle.h"
#include "cli.h"
#include "../core/textout.h"

static void help(void) {
    printf("usage: searchlab solve PUZZLE FILE [options]\n\n"
           "Solves one instance and prints its solution (or 'no solution').\n\n"
           "  --strategy SPEC     NAME[:key=value,...], default: the puzzle's (searchlab list);\n"
           "                      CSP keys: queue, var, val, support (bits|scan|rm),\n"
           "                      timing (on|off), model\n"
           "  --queue NAME        shorthand for the queue=NAME option (GAC queue policy)\n"
           "  --var NAME          shorthand for var=NAME (variable ordering)\n"
           "  --val NAME          shorthand for val=NAME (value ordering)\n"
           "  --model NAME        shorthand for model=NAME\n"
           "  --all               search every solution; last line 'solutions: K'\n"
           "  --timeout SECONDS   stop after this wall time (exit 3)\n"
           "  --node-limit N      stop after N nodes (exit 3)\n"
           "  --json              print one JSON object instead of the human output\n"
           "  --stats             print the statistics table to standard error\n"
           "  --draw              draw the grid with its signs or walls\n"
           "  --trace             print every node to standard error, indented by depth\n\n"
           "xcsp (XCSP3 files) answers in the competition's form: 's SATISFIABLE' and 'v'\n"
           "lines of an <instantiation>, 's UNSATISFIABLE', 's UNKNOWN' when a limit stops\n"
           "the search first, 'c solutions: K' with --all (docs/xcsp.md).\n"
           "`searchlab list` names every puzzle, strategy, queue and heuristic.\n"
           "exit status: 0 solved or proven unsat, 1 internal error (a wrong answer),\n"
           "2 bad usage or input, 3 a limit stopped the search\n");
}

static void print_stats(const solve_result *r, FILE *out) {
    for (int i = 0; i < STATS_N; i++)
        fprintf(out, "  %-18s %14llu  %s\n", stats_names[i],
                (unsigned long long)stats_get(&r->st, i), stats_docs[i]);
    double avg = r->st.inference_calls ? (double)r->st.inference_ns / r->st.inference_calls : 0;
    fprintf(out, "  %-18s %14.1f  %s\n", "avg_inference_ns", avg,
            "inference_ns / inference_calls (not total time / nodes)");
}

static void json_name(FILE *out, const char *key, const char *value) {
    fprintf(out, "\"%s\": ", key);
    if (*value) text_json_string(out, value);
    else fputs("null", out);
    fputs(", ", out);
}

static void print_json(const puzzle *pz, const void *inst, const char *path, const solve_result *r,
                       FILE *out) {
    fprintf(out, "{\"puzzle\": \"%s\", \"instance\": ", pz->name);
    text_json_string(out, path);
    fputs(", ", out);
    json_name(out, "strategy", r->strategy);
    json_name(out, "model", r->model);
    json_name(out, "queue", r->queue);
    json_name(out, "var", r->var);
    json_name(out, "val", r->val);
    fprintf(out, "\"status\": \"%s\", \"solutions\": %llu, \"solution\": ",
            solve_status_name(r->status), (unsigned long long)r->solutions);
    if (r->first) pz->print_json(inst, r->first, r->first_len, out);
    else fputs("null", out);
    fputs(", \"stats\": {", out);
    stats_write_json(&r->st, out);
    fputs("}}\n", out);
}

/* Appends ",key=value" (or ":key=value" after a bare name) to spec. */
static void spec_add(char *spec, size_t size, const char *key, const char *value) {
    size_t n = strlen(spec);
    snprintf(spec + n, size - n, "%s%s=%s", strchr(spec, ':') ? "," : ":", key, value);
}

/* The spec options that have a flag of their own (--queue NAME, ...). */
static const char *const keys[] = {"queue", "var", "val", "model"};

/* Index in keys of the shorthand flag a, or -1. */
static int shorthand_of(const char *a) {
    for (int k = 0; k < 4; k++)
        if (a[0] == '-' && a[1] == '-' && cli_is(a + 2, keys[k])) return k;
    return -1;
}

int cmd_solve(int argc, char **argv) {
    const char *cmd = "solve", *name = NULL, *path = NULL;
    char spec[512] = "";
    /* --queue/--var/--val/--model: shorthands for spec options; the last
     * of each wins, and they are appended after --strategy's own */
    const char *shorthand[4] = {NULL};
    int key, nshort = 0, json = 0, show_stats = 0, draw = 0;
    solve_request rq = {0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            help();
            return EXIT_DONE;
        } else if (cli_is(a, "--strategy")) {
            if (!(v = cli_value(cmd, argc, argv, &i))) return EXIT_BAD_INPUT;
            snprintf(spec, sizeof spec, "%s", v);
        } else if ((key = shorthand_of(a)) >= 0) {
            if (!(v = cli_value(cmd, argc, argv, &i))) return EXIT_BAD_INPUT;
            nshort += !shorthand[key];
            shorthand[key] = v;
        } else if (!strcmp(a, "--all")) {
            rq.all = 1;
        } else if (cli_is(a, "--timeout")) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || cli_seconds(cmd, "--timeout", v, &rq.timeout_s))
                return EXIT_BAD_INPUT;
        } else if (cli_is(a, "--node-limit")) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || cli_u64(cmd, "--node-limit", v, &rq.node_limit))
                return EXIT_BAD_INPUT;
        } else if (!strcmp(a, "--json")) {
            json = 1;
        } else if (!strcmp(a, "--stats")) {
            show_stats = 1;
        } else if (!strcmp(a, "--draw")) {
            draw = 1;
        } else if (!strcmp(a, "--trace")) {
            rq.trace = stderr;
        } else if (a[0] == '-' && a[1]) {
            return cli_usage_error(cmd, "unknown option '%s' (searchlab solve --help)", a);
        } else if (!name) {
            name = a;
        } else if (!path) {
            path = a;
        } else {
            return cli_usage_error(cmd, "unexpected argument '%s'", a);
        }
    }
    if (!name || !path) return cli_usage_error(cmd, "expected PUZZLE FILE (searchlab solve --help)");
    const puzzle *pz = puzzle_find(name);
    if (!pz) {
        char names[256] = "";
        for (int k = 0; puzzles[k]; k++)
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", k ? ", " : "",
                     puzzles[k]->name);
        return cli_usage_error(cmd, "unknown puzzle '%s' (one of: %s)", name, names);
    }
    if (nshort && !spec[0]) snprintf(spec, sizeof spec, "%s", puzzle_default_spec(pz));
    for (int k = 0; k < 4; k++)
        if (shorthand[k]) spec_add(spec, sizeof spec, keys[k], shorthand[k]);
    rq.spec = spec[0] ? spec : NULL;

    diag d;
    void *inst = puzzle_load(pz, path, &d);
    if (!inst) {
        fprintf(stderr, "%s\n", d.msg);
        return EXIT_BAD_INPUT;
    }
    solve_result r;
    if (puzzle_solve(pz, inst, &rq, &r, &d)) {
        pz->destroy(inst);
        return cli_usage_error(cmd, "--strategy '%s': %s", spec[0] ? spec : "(default)", d.msg);
    }
    if (json) {
        print_json(pz, inst, path, &r, stdout);
    } else {
        if (r.first && r.status != SOLVE_WRONG) pz->print(inst, r.first, r.first_len, draw, stdout);
        else if (pz->print_none && r.status != SOLVE_WRONG)
            pz->print_none(inst, (int)r.status, stdout);
        else if (r.status == SOLVE_UNSAT) puts("no solution");
        if (rq.all && (r.status == SOLVE_SOLVED || r.status == SOLVE_UNSAT))
            printf("%ssolutions: %llu\n", pz->count_prefix ? pz->count_prefix : "",
                   (unsigned long long)r.solutions);
    }
    if (show_stats) print_stats(&r, stderr);
    int code = EXIT_DONE;
    if (r.status == SOLVE_WRONG) {
        fprintf(stderr, "searchlab solve: internal error: the verifier rejected a solution: %s\n",
                r.why);
        code = EXIT_INTERNAL;
    } else if (r.status == SOLVE_TIMEOUT || r.status == SOLVE_NODE_LIMIT) {
        fprintf(stderr, "searchlab solve: %s after %llu nodes (%llu solutions found)\n",
                solve_status_name(r.status), (unsigned long long)r.st.nodes,
                (unsigned long long)r.solutions);
        code = EXIT_LIMIT;
    }
    solve_result_free(&r);
    pz->destroy(inst);
    return code;
}
