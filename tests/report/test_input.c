/* test_input.c - what report and plot read (report/input.c) and the false
 * optima they mark (harness/results_optima.c): the marking against a
 * brute force over every pair of rows on random sets, then two result
 * files loaded side by side (labels, columns, duplicates, the limit, the
 * warnings) and the refusals, each with its message. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "core/rng.h"
#include "core/xmalloc.h"
#include "harness/results_optima.h"
#include "report/input.h"

static void add_row(result_set *rs, const char *exp, const char *inst, const char *strat, long rep,
                    int status, int sense, int64_t value) {
    result_row r;
    result_row_init(&r);
    result_row_set(&r.experiment, exp);
    result_row_set(&r.instance, inst);
    result_row_set(&r.puzzle, "p");
    result_row_set(&r.strategy, strat);
    r.rep = rep;
    r.status = status;
    double at = 1; /* one anytime point: the value found */
    if (sense) result_row_set_objective(&r, sense, value, &at, &value, 1);
    result_set_add(rs, &r);
    result_row_free(&r);
}

static int verified(int status) { return status == STATUS_SOLVED || status == STATUS_OPTIMAL; }

/* Random sets: each optimal row is marked exactly when another verified
 * row of its experiment and instance has a strictly better value. */
static void false_optima_against_brute_force(void) {
    rng g;
    rng_seed(&g, 7);
    static const int statuses[] = {STATUS_SOLVED, STATUS_OPTIMAL, STATUS_TIMEOUT, STATUS_UNSAT};
    static const char *const exps[] = {"e1", "e2"}, *const insts[] = {"a", "b", "c"};
    size_t total_marked = 0;
    for (int round = 0; round < 300; round++) {
        result_set rs = {0};
        int sense[2][3]; /* one direction per experiment and instance */
        for (int e = 0; e < 2; e++)
            for (int i = 0; i < 3; i++) sense[e][i] = rng_below(&g, 2) ? 1 : -1;
        size_t n = 1 + rng_below(&g, 12);
        int st[16], ex[16], in[16], has[16];
        int64_t val[16];
        for (size_t k = 0; k < n; k++) {
            ex[k] = (int)rng_below(&g, 2), in[k] = (int)rng_below(&g, 3);
            st[k] = statuses[rng_below(&g, 4)];
            has[k] = verified(st[k]) && rng_below(&g, 5) != 0;
            val[k] = (int64_t)rng_below(&g, 6) - 2;
            add_row(&rs, exps[ex[k]], insts[in[k]], "s", (long)k, st[k],
                    has[k] ? sense[ex[k]][in[k]] : 0, val[k]);
        }
        size_t want = 0;
        int wrong[16] = {0};
        for (size_t k = 0; k < n; k++) {
            if (st[k] != STATUS_OPTIMAL || !has[k]) continue;
            int s = sense[ex[k]][in[k]];
            for (size_t q = 0; q < n && !wrong[k]; q++)
                wrong[k] = ex[q] == ex[k] && in[q] == in[k] && has[q] && s * val[q] < s * val[k];
            want += (size_t)wrong[k];
        }
        size_t got = result_set_mark_false_optima(&rs);
        CHECK_MSG(got == want, "round %d: %zu marked, expected %zu", round, got, want);
        for (size_t k = 0; k < n; k++) {
            const result_row *r = &rs.rows[k]; /* the rows keep their order */
            CHECK_MSG((r->status == STATUS_WRONG) == (wrong[k] != 0), "round %d row %zu", round, k);
            if (wrong[k]) CHECK(strstr(r->note, "claims the optimum") != NULL);
        }
        total_marked += got;
        result_set_free(&rs);
    }
    CHECK(total_marked > 20); /* the random sets did hold false optima */
}

/* The warnings of a load, kept in one buffer. */
typedef struct said {
    char text[4096];
    int lines;
} said;
static void keep(void *ctx, const char *line) {
    said *s = ctx;
    size_t len = strlen(s->text);
    snprintf(s->text + len, sizeof s->text - len, "%s\n", line);
    s->lines++;
}

static void write_file(const char *path, const result_set *rs) {
    diag d = {{0}};
    CHECK_MSG(results_write_all(path, rs, NULL, &d) == 0, "%s", d.msg);
}

static void load_two_files(const char *dir) {
    char a[512], b[512], empty[512], sub[512], a2[512];
    snprintf(a, sizeof a, "%s/A.csv", dir);
    snprintf(b, sizeof b, "%s/B.csv", dir);
    snprintf(empty, sizeof empty, "%s/empty.csv", dir);
    snprintf(sub, sizeof sub, "%s/sub", dir);
    snprintf(a2, sizeof a2, "%s/sub/A.csv", dir);
    CHECK(mkdir(sub, 0700) == 0);
    result_set ra = {0}, rb = {0}, re = {0};
    add_row(&ra, "x", "i1", "fc", 1, STATUS_SOLVED, 0, 0);
    add_row(&ra, "x", "i1", "fc", 1, STATUS_SOLVED, 0, 0); /* the same run again */
    add_row(&ra, "x", "i1", "gac", 1, STATUS_SOLVED, 0, 0);
    add_row(&rb, "x", "i1", "fc", 1, STATUS_OPTIMAL, 1, 5); /* false: gac found 3 */
    add_row(&rb, "x", "i1", "gac", 1, STATUS_SOLVED, 1, 3);
    write_file(a, &ra);
    write_file(b, &rb);
    write_file(empty, &re);
    write_file(a2, &ra);

    /* two files, the second labelled: columns "LABEL: SPEC" */
    const char *paths[] = {a, b};
    const char *labels[] = {"first"};
    said w = {{0}, 0};
    report_input in;
    diag d = {{0}};
    CHECK_MSG(report_input_load(paths, 2, labels, 1, NULL, 5, (report_say){keep, &w}, &in, &d) == 0,
              "%s", d.msg);
    CHECK(in.n_files == 2 && !strcmp(in.files[0].label, "first") &&
          !strcmp(in.files[1].label, "B"));
    CHECK(in.files[0].rows == 2 && in.files[0].duplicates == 1);
    CHECK(in.files[1].rows == 2 && in.files[1].duplicates == 0);
    CHECK(in.rs.n == 4 && !strcmp(in.rs.rows[0].strategy, "first: fc") &&
          !strcmp(in.rs.rows[2].strategy, "B: fc"));
    CHECK(in.rs.rows[2].status == STATUS_WRONG);
    CHECK(in.limit_s == 5); /* the caller's --timeout */
    CHECK_MSG(strstr(w.text, "B.csv: 1 run claimed an optimum worse than another run's") != NULL,
              "%s", w.text);
    /* the notes: file A's duplicate */
    said notes = {{0}, 0};
    report_input_notes(&in, (report_say){keep, &notes});
    CHECK_MSG(strstr(notes.text, "A.csv: 1 duplicate row (an instance, strategy and rep") != NULL,
              "%s", notes.text);
    const char *pair[2];
    CHECK(!report_experiment_pair(&in, pair)); /* several files: no pair */
    report_input_free(&in);

    /* one file: its strategies as they are, its base name as its label */
    CHECK(report_input_load(paths, 1, NULL, 0, NULL, -1, (report_say){NULL, NULL}, &in, &d) == 0);
    CHECK(in.n_files == 1 && !strcmp(in.files[0].label, "A") &&
          !strcmp(in.rs.rows[0].strategy, "fc"));
    report_input_free(&in);

    /* two files of one base name: their paths are their labels */
    const char *same[] = {a, a2};
    CHECK(report_input_load(same, 2, NULL, 0, NULL, -1, (report_say){NULL, NULL}, &in, &d) == 0);
    CHECK(!strcmp(in.files[0].label, a) && !strcmp(in.files[1].label, a2));
    report_input_free(&in);

    /* refusals */
    CHECK(report_input_load(paths, 1, labels, 2, NULL, -1, (report_say){NULL, NULL}, &in, &d) ==
          -1);
    CHECK_MSG(strstr(d.msg, "--label: 2 labels for 1 result files") != NULL, "%s", d.msg);
    report_input_free(&in);
    const char *none[] = {empty};
    CHECK(report_input_load(none, 1, NULL, 0, NULL, -1, (report_say){NULL, NULL}, &in, &d) == -1);
    CHECK_MSG(strstr(d.msg, "empty.csv: no result rows") != NULL, "%s", d.msg);
    report_input_free(&in);
    CHECK(report_input_load(paths, 1, NULL, 0, "colour", -1, (report_say){NULL, NULL}, &in, &d) ==
          -1);
    CHECK_MSG(strstr(d.msg, "'colour' is no label") != NULL, "%s", d.msg);
    report_input_free(&in);

    result_set_free(&ra);
    result_set_free(&rb);
    result_set_free(&re);
}

int main(void) {
    size_t mem0 = xmem_current();
    false_optima_against_brute_force();
    char dir[] = "/tmp/searchlab_test_input_XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    load_two_files(dir);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0);
    CHECK_MSG(xmem_current() == mem0, "%zu bytes not freed", xmem_current() - mem0);
    return CHECK_DONE();
}
