/* test_results.c - result rows: CSV round trip against the row written,
 * quoting, torn last lines, the append-only writer, and the bad-input
 * corpus (tests/harness/bad_results: every file must be refused with a
 * FILE:LINE message). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "corpus.h"
#include "core/rng.h"
#include "core/xmalloc.h"
#include "harness/results.h"

/* The distinct values of the invocation column among the rows of rs. */
static size_t count_invocations(const result_set *rs) {
    size_t distinct = 0;
    for (size_t i = 0; i < rs->n; i++) {
        size_t j = 0;
        while (j < i && strcmp(rs->rows[j].invocation, rs->rows[i].invocation)) j++;
        distinct += j == i;
    }
    return distinct;
}

static void make_row(result_row *r, int i) {
    char buf[64];
    result_row_init(r);
    result_row_set(&r->experiment, "exp");
    snprintf(buf, sizeof buf, "dir/inst,%d \"q\".fut", i);
    result_row_set(&r->instance, buf);
    result_row_set(&r->instance_hash, "0123456789abcdef");
    result_row_set(&r->puzzle, "futoshiki");
    r->size = 4 + i;
    result_row_set(&r->strategy, i % 2 ? "gac:queue=arc-fifo,var=dom" : "fc");
    result_row_set(&r->note, "line one\nline two");
    snprintf(run_label_at(&r->lab, run_label_index("queue")), RUN_LABEL_MAX, "%s",
             i % 2 ? "arc-fifo" : "");
    snprintf(run_label_at(&r->lab, run_label_index("var")), RUN_LABEL_MAX, "%s", "dom");
    r->rep = i + 1;
    r->seed = 1234567u + (uint64_t)i;
    r->status = (run_status)(i % STATUS_N);
    for (int k = 0; k < STATS_N; k++) stats_set(&r->st, k, (uint64_t)(k * 1000 + i));
    r->wall_s = 0.5 + i;
    r->cpu_s = 0.25;
    r->peak_rss_kib = 2048;
    result_row_set(&r->invocation, i % 3 ? "20261121T122410Z-1a2b3c4d" : "");
}

/* Every field equal (the note had its newline made a space). */
static int same(const result_row *a, const result_row *b) {
    int ok = !strcmp(a->experiment, b->experiment) && !strcmp(a->instance, b->instance) &&
             !strcmp(a->instance_hash, b->instance_hash) && !strcmp(a->strategy, b->strategy) &&
             !strcmp(a->note, b->note) && a->size == b->size && a->rep == b->rep &&
             !memcmp(&a->lab, &b->lab, sizeof a->lab) && a->seed == b->seed &&
             a->status == b->status && a->peak_rss_kib == b->peak_rss_kib &&
             a->wall_s == b->wall_s && a->cpu_s == b->cpu_s &&
             !strcmp(a->invocation, b->invocation);
    for (int k = 0; k < STATS_N; k++) ok &= stats_get(&a->st, k) == stats_get(&b->st, k);
    return ok;
}

static char *to_csv(const result_set *rs, size_t *len) {
    char *mem = NULL;
    FILE *m = open_memstream(&mem, len);
    results_write_header(m);
    for (size_t i = 0; i < rs->n; i++) results_write_csv(&rs->rows[i], m);
    fclose(m);
    return mem;
}

static void round_trip(void) {
    result_set rs = {0}, back = {0};
    for (int i = 0; i < 9; i++) {
        result_row r;
        make_row(&r, i);
        result_set_add(&rs, &r);
        result_row_free(&r);
    }
    CHECK(strcmp(rs.rows[0].note, "line one line two") == 0);
    size_t len;
    char *csv = to_csv(&rs, &len);
    diag d = {{0}};
    CHECK_MSG(results_parse("mem.csv", csv, len, &back, &d) == 0, "%s", d.msg);
    CHECK(back.n == rs.n && !back.torn && back.valid_len == len);
    for (size_t i = 0; i < rs.n && i < back.n; i++)
        CHECK_MSG(same(&rs.rows[i], &back.rows[i]), "row %zu", i);
    result_set_free(&back);
    /* every cut of the text: either an error-free prefix of rows with a
     * torn line, never a crash, and valid_len on a line boundary */
    for (size_t cut = 0; cut < len; cut += 7) {
        result_set part = {0};
        int r = results_parse("cut.csv", csv, cut, &part, &d);
        CHECK_MSG(r == 0, "cut at %zu: %s", cut, d.msg);
        CHECK(part.valid_len <= cut && (part.valid_len == 0 || csv[part.valid_len - 1] == '\n'));
        CHECK(part.torn == (part.valid_len != cut));
        for (size_t i = 0; i < part.n; i++) CHECK(same(&rs.rows[i], &part.rows[i]));
        result_set_free(&part);
    }
    /* random byte mutations: accepted or refused with a located message,
     * never a crash (ASan watches); a cheap stand-in until the fuzz target */
    rng g;
    rng_seed(&g, 7);
    char *mut = xmalloc(len);
    for (int t = 0; t < 3000; t++) {
        memcpy(mut, csv, len);
        for (int k = 0, nk = 1 + (int)rng_below(&g, 4); k < nk; k++) {
            static const char pick[] = ",\"\n\r\0x9-.e ";
            mut[rng_below(&g, len)] =
                rng_below(&g, 2) ? pick[rng_below(&g, sizeof pick - 1)] : (char)rng_below(&g, 256);
        }
        result_set part = {0};
        d.msg[0] = '\0';
        int r = results_parse("mut.csv", mut, len, &part, &d);
        CHECK(r == 0 || !strncmp(d.msg, "mut.csv:", 8));
        result_set_free(&part);
    }
    xfree(mut, len);
    free(csv);
    result_set_free(&rs);
}

static void writer(void) {
    char path[] = "/tmp/searchlab-test-results-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    close(fd);
    unlink(path);
    diag d = {{0}};
    result_set done = {0};
    results_file *f = results_open(path, "exp", &done, &d);
    CHECK_MSG(f != NULL && done.n == 0, "%s", d.msg);
    result_row r;
    make_row(&r, 1);
    CHECK(f && results_append(f, &r, &d) == 0);
    results_close(f);
    /* a torn line (killed mid-write) is cut off when reopened */
    FILE *a = fopen(path, "a");
    fputs("exp,partial", a);
    fclose(a);
    result_set_free(&done);
    f = results_open(path, "exp", &done, &d);
    CHECK_MSG(f && done.n == 1 && done.torn, "%s", d.msg);
    CHECK(f && results_append(f, &r, &d) == 0);
    results_close(f);
    result_set_free(&done);
    CHECK(results_load(path, 0, &done, &d) == 0 && done.n == 2 && !done.torn);
    char *json = results_sibling(path, ".jsonl");
    FILE *j = fopen(json, "r");
    int lines = 0, c;
    while (j && (c = getc(j)) != EOF) lines += c == '\n';
    if (j) fclose(j);
    CHECK_MSG(lines == 2, "jsonl has %d lines", lines);
    /* another experiment's file is refused */
    result_set_free(&done);
    CHECK(results_open(path, "other", &done, &d) == NULL && strstr(d.msg, "experiment"));
    result_set_free(&done);
    result_row_free(&r);
    unlink(path);
    unlink(json);
    xstrfree(json);
}

/* A file of an older version (no invocation column) loads, its rows with
 * an empty invocation; run rewrites it in the current layout before it
 * appends, and reports a torn last line it cut off. */
static void older_layout(void) {
    result_set rs = {0};
    result_row r;
    make_row(&r, 1);
    result_row_set(&r.invocation, "");
    result_set_add(&rs, &r);
    char *mem = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&mem, &len);
    /* the header and row without their last column (invocation) */
    results_write_header(m);
    results_write_csv(&r, m);
    fclose(m);
    char *old = xmalloc(len + 1);
    size_t o = 0;
    for (size_t i = 0; i < len; i++) {
        if (mem[i] == '\n') {
            size_t k = o; /* drop ",invocation" / "," (the empty value) before the newline */
            while (k > 0 && old[k - 1] != ',') k--;
            o = k - 1;
        }
        old[o++] = mem[i];
    }
    diag d = {{0}};
    result_set back = {0};
    CHECK_MSG(results_parse("old.csv", old, o, &back, &d) == 0, "%s", d.msg);
    CHECK(back.n == 1 && back.has_header && !back.header_current &&
          !strcmp(back.rows[0].invocation, ""));
    CHECK(back.n == 1 && same(&back.rows[0], &r));
    result_set_free(&back);
    CHECK(results_parse("new.csv", mem, len, &back, &d) == 0 && back.header_current);
    CHECK(count_invocations(&back) == 1);
    result_set_free(&back);
    /* on disk, with a torn last line */
    char path[] = "/tmp/searchlab-test-old-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0 && write(fd, old, o) == (ssize_t)o && write(fd, "exp,torn", 8) == 8);
    close(fd);
    result_set done = {0};
    CHECK(results_load(path, 0, &done, &d) == 0 && done.n == 1 && done.torn);
    results_repair rep;
    results_file *f = results_open_loaded(path, &done, NULL, &rep, &d);
    CHECK_MSG(f && rep.relayout && rep.torn_bytes == 8, "%s", d.msg);
    result_row_set(&r.invocation, "now");
    CHECK(f && results_append(f, &r, &d) == 0);
    results_close(f);
    result_set_free(&done);
    CHECK(results_load(path, 0, &done, &d) == 0 && done.n == 2 && done.header_current &&
          !done.torn);
    CHECK(done.n == 2 && !strcmp(done.rows[0].invocation, "") &&
          !strcmp(done.rows[1].invocation, "now"));
    CHECK(count_invocations(&done) == 2);
    result_set_free(&done);
    char *json = results_sibling(path, ".jsonl");
    unlink(json);
    xstrfree(json);
    unlink(path);
    xfree(old, len + 1);
    free(mem);
    result_row_free(&r);
    result_set_free(&rs);
}

static void refused(const char *path, void *ctx) {
    (void)ctx;
    result_set rs = {0};
    diag d = {{0}};
    int r = results_load(path, 0, &rs, &d);
    CHECK_MSG(r == -1, "%s was accepted", path);
    CHECK_MSG(corpus_names_line(d.msg, path), "%s: message without FILE:LINE: %s", path, d.msg);
    result_set_free(&rs);
}

static void corpus(const char *dir) { corpus_each(dir, "", 10, refused, NULL); }

/* --group-by: rows renamed by their labels; no label, no change. */
static void regroup(void) {
    result_set rs = {0};
    result_row r;
    diag d;
    for (int i = 0; i < 4; i++) {
        make_row(&r, i);
        result_set_add(&rs, &r);
        result_row_free(&r);
    }
    CHECK(results_regroup(&rs, NULL, &d) == 0 && !strcmp(rs.rows[0].strategy, "fc"));
    CHECK(results_regroup(&rs, "strategy", &d) == 0 &&
          !strcmp(rs.rows[1].strategy, "gac:queue=arc-fifo,var=dom"));
    CHECK(results_regroup(&rs, "queue,colour", &d) == -1 && strstr(d.msg, "'colour' is no label"));
    CHECK(results_regroup(&rs, "queue,var", &d) == 0);
    CHECK(!strcmp(rs.rows[0].strategy, "queue=-,var=dom"));
    CHECK(!strcmp(rs.rows[1].strategy, "queue=arc-fifo,var=dom"));
    result_set_free(&rs);
}

int main(void) {
    size_t mem0 = xmem_current();
    round_trip();
    regroup();
    writer();
    older_layout();
    corpus("tests/harness/bad_results");
    CHECK_MSG(xmem_current() == mem0, "leaked %zu bytes", xmem_current() - mem0);
    return CHECK_DONE();
}
