/* test_experiment.c - the experiment file parser: a good file read key by
 * key, flags overriding it, and the bad-input corpus
 * (tests/harness/bad_experiments: each refused with FILE:LINE:COL). */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "core/spec.h"
#include "corpus.h"
#include "core/xmalloc.h"
#include "harness/experiment.h"

static void good(void) {
    static const char text[] = "# a comment\n"
                               "experiment demo-1\n"
                               "puzzle futoshiki   # trailing comment\n"
                               "instances a.fut b/ gen:size=4..6,count=2\n"
                               "strategy fc gac:queue=arc-fifo,var=dom\n"
                               "strategy bt\n"
                               "reps 3\ntimeout 2.5\nmemory 512\nnode-limit 1000\nseed 9\n"
                               "jobs 2\nwarmup 1\nshard 2/3\nout r/x.csv\n";
    experiment e;
    experiment_init(&e);
    diag d = {{0}};
    CHECK_MSG(experiment_parse(&e, "demo.exp", text, sizeof text - 1, &d) == 0, "%s", d.msg);
    CHECK(!strcmp(e.name, "demo-1") && !strcmp(e.puzzle, "futoshiki"));
    CHECK(e.instances.n == 3 && !strcmp(e.instances.items[2], "gen:size=4..6,count=2"));
    CHECK(!strcmp(e.instances.where[1], "demo.exp:4:17"));
    CHECK(e.strategies.n == 3 && !strcmp(e.strategies.items[1], "gac:queue=arc-fifo,var=dom"));
    CHECK(e.reps == 3 && e.timeout_s == 2.5 && e.memory_mib == 512 && e.node_limit == 1000);
    CHECK(e.seed == 9 && e.jobs == 2 && e.warmup == 1 && e.shard_k == 2 && e.shard_n == 3);
    /* flags after the file: scalars override, lists add */
    CHECK(experiment_set(&e, "reps", "5", "--reps", &d) == 0 && e.reps == 5);
    CHECK(experiment_set(&e, "strategy", "fc:var=lex", "--strategy", &d) == 0 &&
          e.strategies.n == 4);
    CHECK(experiment_set(&e, "reps", "0", "--reps", &d) == -1 &&
          strstr(d.msg, "--reps: expected an integer from 1 to 100000 (a number of repetitions)"));
    /* a memory limit that would wrap to 0 once shifted to bytes (issue 27) */
    CHECK(experiment_set(&e, "memory", "17592186044416", "--memory", &d) == -1 &&
          strstr(d.msg, "--memory: expected an integer from 0 to"));
    CHECK(experiment_set(&e, "timeout", "2e6", "f.exp:3:9", &d) == -1 &&
          strstr(d.msg, "f.exp:3:9: timeout: expected a number above 0, at most 1000000"));
    CHECK(experiment_set(&e, "shard", "4/3", "--shard", &d) == -1);
    CHECK(experiment_set(&e, "strategy", "fc", "--strategy", &d) == 0 && e.strategies.n == 5);
    CHECK(experiment_finish(&e, &d) == 0 && !strcmp(e.out, "r/x.csv"));
    CHECK(e.strategies.n == 4); /* the repeated fc is one strategy */
    experiment_free(&e);
    /* defaults: name from the file, out under results/ */
    experiment_init(&e);
    e.source = xstrdup("dir/my exp.exp");
    CHECK(experiment_set(&e, "puzzle", "p", "--puzzle", &d) == 0);
    CHECK(experiment_set(&e, "instances", "x", "--instances", &d) == 0);
    CHECK(experiment_finish(&e, &d) == 0);
    CHECK_MSG(!strcmp(e.name, "my_exp") && !strcmp(e.out, "results/my_exp.csv"), "%s %s", e.name,
              e.out);
    CHECK(e.strategies.n == 1 && !strcmp(e.strategies.items[0], "gac"));
    experiment_free(&e);
    /* no strategy: the puzzle's default spec */
    static const struct {
        const char *puzzle, *spec;
    } defaults[] = {{"futoshiki", "gac:queue=variable-fifo,var=dom/wdeg,alldiff=domain"},
                    {"aquarium", "gac:var=dom/wdeg"},
                    {"convict", "smart"}};
    for (size_t k = 0; k < sizeof defaults / sizeof *defaults; k++) {
        experiment_init(&e);
        CHECK(experiment_set(&e, "puzzle", defaults[k].puzzle, "--puzzle", &d) == 0);
        CHECK(experiment_set(&e, "instances", "x", "--instances", &d) == 0);
        CHECK(experiment_finish(&e, &d) == 0);
        CHECK_MSG(e.strategies.n == 1 && !strcmp(e.strategies.items[0], defaults[k].spec), "%s: %s",
                  defaults[k].puzzle, e.strategies.items[0]);
        experiment_free(&e);
    }
}

static void refused(const char *path, void *ctx) {
    (void)ctx;
    experiment e;
    experiment_init(&e);
    diag d = {{0}};
    int r = experiment_load(&e, path, &d);
    if (r == 0) r = experiment_finish(&e, &d);
    CHECK_MSG(r == -1, "%s was accepted", path);
    /* FILE:LINE:COL (or FILE:LINE for whole-line problems) */
    CHECK_MSG(corpus_names_line(d.msg, path), "%s: message without FILE:LINE: %s", path, d.msg);
    experiment_free(&e);
}

/* The options engine: every key's default is a value its own row accepts,
 * each numeric key refuses one past its range with the range in the
 * message, and --help's line for it says the range. */
static void engine(void) {
    experiment e;
    diag d;
    for (const spec_key *k = experiment_keys(); k->name; k++) {
        char line[600], past[64];
        spec_help_line(k, "--", NULL, line, sizeof line);
        CHECK_MSG(strstr(line, k->name) && strstr(line, k->doc), "%s", line);
        if (k->kind == SPEC_TEXT) continue;
        experiment_init(&e);
        if (k->def) CHECK_MSG(experiment_set(&e, k->name, k->def, "--x", &d) == 0, "%s", d.msg);
        CHECK(strstr(line, k->kind == SPEC_REAL ? "a number" : "an integer"));
        if (k->max > 0) {
            snprintf(past, sizeof past, "%.15g", k->kind == SPEC_REAL ? k->max * 2 : k->max + 1);
            int refused = experiment_set(&e, k->name, past, "--x", &d) == -1;
            CHECK_MSG(refused && strstr(d.msg, k->kind == SPEC_REAL ? "at most" : " to "),
                      "%s %s: %s", k->name, past, d.msg);
        }
        experiment_free(&e);
    }
}

static void corpus(const char *dir) { corpus_each(dir, "", 10, refused, NULL); }

int main(void) {
    size_t mem0 = xmem_current();
    good();
    engine();
    corpus("tests/harness/bad_experiments");
    CHECK_MSG(xmem_current() == mem0, "leaked %zu bytes", xmem_current() - mem0);
    return CHECK_DONE();
}
