/* test_context.c - the invocation records (context.c) and their JSON
 * reader (json.c): parsing and writing back, string decoding, the
 * settings check of a resume (limits, binary, machine, legacy records),
 * the repair of killed records, context_mix_of for the tables, legacy
 * .context.json files (a run's and a merge's), and the bad-input corpus
 * (tests/harness/bad_contexts: every file refused with FILE:LINE:COL). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "corpus.h"
#include "core/xmalloc.h"
#include "harness/context.h"
#include "harness/json.h"

static void parse_ok(json_object *o, const char *text) {
    diag d = {{0}};
    memset(o, 0, sizeof *o);
    CHECK_MSG(json_parse_object("t", 1, text, strlen(text), o, &d) == 0, "%s: %s", text, d.msg);
}

static void json_basics(void) {
    json_object o;
    parse_ok(&o, " {\"a\": 1, \"b\" : [1, {\"c\": null}], \"s\": \"x\\u00e9\\ud83d\\ude00\\n\"} ");
    CHECK(o.n == 3 && !strcmp(json_get(&o, "a"), "1"));
    CHECK(!strcmp(json_get(&o, "b"), "[1, {\"c\": null}]"));
    char *s = json_string_value(json_get(&o, "s"));
    CHECK_MSG(s && !strcmp(s, "x\xc3\xa9\xf0\x9f\x98\x80\n"), "decoded '%s'", s ? s : "(null)");
    if (s) xstrfree(s);
    CHECK(json_string_value("12") == NULL);
    /* replace in place, append, write back, read again: the same */
    json_set(&o, "a", "2");
    json_set_string(&o, "new", "q\"uote");
    CHECK(o.n == 4 && !strcmp(o.m[0].raw, "2") && !strcmp(o.m[3].key, "new"));
    char *mem = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&mem, &len);
    json_write_line(&o, m);
    fclose(m);
    CHECK(len > 0 && mem[len - 1] == '\n' && !memchr(mem, '\n', len - 1));
    json_object back;
    parse_ok(&back, mem);
    CHECK(back.n == o.n);
    for (size_t i = 0; i < back.n && i < o.n; i++)
        CHECK(!strcmp(back.m[i].key, o.m[i].key) && !strcmp(back.m[i].raw, o.m[i].raw));
    json_object_free(&back);
    free(mem);
    char **items;
    size_t n;
    CHECK(json_array_items(json_get(&o, "b"), &items, &n) == 0 && n == 2);
    if (n == 2) {
        CHECK(!strcmp(items[0], "1") && !strcmp(items[1], "{\"c\": null}"));
        for (size_t i = 0; i < n; i++) xstrfree(items[i]);
        FREEN(items, n);
    }
    CHECK(json_array_items("[]", &items, &n) == 0 && n == 0 && !items);
    CHECK(json_array_items("3", &items, &n) == -1);
    json_object_free(&o);
    /* a NUL code point does not cut the decoded string short */
    s = json_string_value("\"a\\u0000b\"");
    CHECK(s && !strcmp(s, "a\xef\xbf\xbd"
                          "b"));
    if (s) xstrfree(s);
    /* a pretty-printed object: line and column of an error */
    diag d = {{0}};
    memset(&o, 0, sizeof o);
    const char *pretty = "{\n  \"a\": 1,\n  \"b\": tru\n}";
    CHECK(json_parse_object("p.json", 1, pretty, strlen(pretty), &o, &d) == -1);
    CHECK_MSG(!strncmp(d.msg, "p.json:3:8: expected a JSON value", 33), "%s", d.msg);
}

/* A record with the settings of a run; over overrides members. */
static void record(json_object *o, const char *id, const char *over) {
    char text[2048];
    snprintf(text, sizeof text,
             "{\"id\": \"%s\", \"status\": \"complete\", \"timeout_s\": 10, \"memory_mib\": 2048, "
             "\"node_limit\": 0, \"binary_hash\": \"00112233aabbccdd\", \"git_commit\": \"c1\", "
             "\"git_dirty\": false, \"build_flags\": \"Release\", \"compiler\": \"gcc\", "
             "\"host\": \"vm\", \"cpu_model\": \"cpu\", \"cores\": 2}",
             id);
    parse_ok(o, text);
    if (over) {
        json_object ov;
        parse_ok(&ov, over);
        for (size_t i = 0; i < ov.n; i++) json_set(o, ov.m[i].key, ov.m[i].raw);
        json_object_free(&ov);
    }
}

static void rows_of(result_set *rs, const char *const *ids, size_t n) {
    for (size_t i = 0; i < n; i++) {
        result_row r;
        result_row_init(&r);
        result_row_set(&r.invocation, ids[i]);
        result_set_add(rs, &r);
        result_row_free(&r);
    }
}

static int check_with(const char *old_over, const char *now_over, const char *row_id, char *what,
                      size_t size) {
    context_file cf;
    memset(&cf, 0, sizeof cf);
    json_object old, now;
    record(&old, "inv1", old_over);
    context_add(&cf, &old);
    record(&now, "inv2", now_over);
    result_set rs = {0};
    rows_of(&rs, &row_id, 1);
    int r = context_check(&cf, &rs, &now, what, size);
    result_set_free(&rs);
    json_object_free(&old);
    json_object_free(&now);
    context_file_free(&cf);
    return r;
}

static void settings_check(void) {
    char what[400];
    CHECK(check_with(NULL, NULL, "inv1", what, sizeof what) == 0 && !what[0]);
    /* what a resume may change freely */
    CHECK(check_with(NULL, "{\"reps\": 9, \"jobs\": 2, \"seed\": 5, \"git_commit\": \"c2\"}",
                     "inv1", what, sizeof what) == 0);
    CHECK(check_with(NULL, "{\"timeout_s\": 5}", "inv1", what, sizeof what) == 1);
    CHECK_MSG(!strcmp(what, "timeout_s 10 (now 5)"), "%s", what);
    CHECK(check_with(NULL, "{\"memory_mib\": 512, \"node_limit\": 7}", "inv1", what, sizeof what) ==
          2);
    CHECK_MSG(!strcmp(what, "memory_mib 2048 (now 512); node_limit 0 (now 7)"), "%s", what);
    CHECK(check_with(NULL, "{\"host\": \"other\", \"cores\": 64}", "inv1", what, sizeof what) == 2);
    CHECK_MSG(strstr(what, "host \"vm\" (now \"other\")") && strstr(what, "cores 2 (now 64)"), "%s",
              what);
    /* another binary: named, with the commit that explains it */
    CHECK(check_with(NULL, "{\"binary_hash\": \"ffff\", \"git_commit\": \"c2\"}", "inv1", what,
                     sizeof what) == 1);
    CHECK_MSG(strstr(what, "binary_hash \"00112233aabbccdd\" (now \"ffff\")") &&
                  strstr(what, "git_commit \"c1\" (now \"c2\")"),
              "%s", what);
    /* a legacy record (no binary_hash): the commit and flags decide */
    CHECK(check_with("{\"legacy\": true, \"binary_hash\": \"\"}", "{\"binary_hash\": \"ffff\"}", "",
                     what, sizeof what) == 0);
    CHECK(check_with("{\"legacy\": true, \"binary_hash\": \"\"}",
                     "{\"git_commit\": \"c2\", \"build_flags\": \"Debug\"}", "", what,
                     sizeof what) == 2);
    CHECK_MSG(strstr(what, "git_commit") && strstr(what, "build_flags"), "%s", what);
    /* a setting the old record lacks is not compared */
    {
        context_file cf;
        memset(&cf, 0, sizeof cf);
        json_object old, now;
        parse_ok(&old, "{\"id\": \"old\", \"timeout_s\": 10}");
        context_add(&cf, &old);
        record(&now, "inv2", "{\"node_limit\": 5}");
        result_set rs = {0};
        const char *id = "old";
        rows_of(&rs, &id, 1);
        CHECK(context_check(&cf, &rs, &now, what, sizeof what) == 0);
        result_set_free(&rs);
        json_object_free(&old);
        json_object_free(&now);
        context_file_free(&cf);
    }
    /* rows that no record describes */
    CHECK(check_with(NULL, NULL, "gone", what, sizeof what) == -1);
    CHECK_MSG(strstr(what, "1 rows were recorded by invocation gone"), "%s", what);
    CHECK(check_with(NULL, NULL, "", what, sizeof what) == -1);
    CHECK_MSG(strstr(what, "older version"), "%s", what);
    /* two old invocations with two values: both named */
    {
        context_file cf;
        memset(&cf, 0, sizeof cf);
        json_object a, b, now;
        record(&a, "a", NULL);
        record(&b, "b", "{\"timeout_s\": 20}");
        context_add(&cf, &a);
        context_add(&cf, &b);
        record(&now, "c", "{\"timeout_s\": 5}");
        result_set rs = {0};
        const char *ids[] = {"a", "b", "a"};
        rows_of(&rs, ids, 3);
        CHECK(context_check(&cf, &rs, &now, what, sizeof what) == 1);
        CHECK_MSG(!strcmp(what, "timeout_s 10, 20 (now 5)"), "%s", what);
        /* a killed record: marked, with its rows counted */
        json_set_string(&cf.recs[0], "status", "running");
        CHECK(context_repair(&cf, &rs) == 1);
        CHECK(!strcmp(json_get(&cf.recs[0], "status"), "\"killed\"") &&
              !strcmp(json_get(&cf.recs[0], "runs_added"), "2"));
        CHECK(context_repair(&cf, &rs) == 0);
        result_set_free(&rs);
        json_object_free(&a);
        json_object_free(&b);
        json_object_free(&now);
        context_file_free(&cf);
    }
    /* a tiny buffer: cut short, never overrun */
    char small[8];
    CHECK(check_with(NULL, "{\"timeout_s\": 5}", "inv1", small, sizeof small) == 1);
    CHECK(strlen(small) < sizeof small);
}

static void write_file(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f) return;
    fputs(text, f);
    fclose(f);
}

static void files(void) {
    char dir[] = "/tmp/searchlab-test-context-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char csv[256], jsonl[256], legacy[256];
    snprintf(csv, sizeof csv, "%s/x.csv", dir);
    snprintf(jsonl, sizeof jsonl, "%s/x.context.jsonl", dir);
    snprintf(legacy, sizeof legacy, "%s/x.context.json", dir);
    diag d = {{0}};
    context_file cf;
    /* no file: no record */
    CHECK(context_load(csv, &cf, &d) == 0 && cf.n == 0 && !cf.legacy_path);
    context_file_free(&cf);
    /* a merge's legacy file: one record per shard context, null skipped */
    write_file(legacy, "{\n  \"merged_by\": \"searchlab merge a.csv b.csv --out x.csv\",\n"
                       "  \"shards\": [\n    {\"results\": \"a.csv\", \"context\": "
                       "\"{\\n  \\\"experiment\\\": \\\"e\\\", \\\"timeout_s\\\": 10, "
                       "\\\"date\\\": \\\"2026-01-01T00:00:00Z\\\"\\n}\\n\"},\n"
                       "    {\"results\": \"b.csv\", \"context\": \"{\\\"experiment\\\": "
                       "\\\"e\\\", \\\"timeout_s\\\": 20}\"},\n"
                       "    {\"results\": \"c.csv\", \"context\": null}\n  ]\n}\n");
    CHECK_MSG(context_load(csv, &cf, &d) == 0 && cf.n == 2 && cf.legacy_path, "%s", d.msg);
    if (cf.n == 2) {
        CHECK(!strcmp(json_get(&cf.recs[0], "legacy"), "true"));
        CHECK(!strcmp(json_get(&cf.recs[0], "start"), "\"2026-01-01T00:00:00Z\""));
        CHECK(!strcmp(json_get(&cf.recs[1], "shard_results"), "\"b.csv\""));
        CHECK(strcmp(json_get(&cf.recs[0], "id"), json_get(&cf.recs[1], "id")) != 0);
    }
    /* rows of that file (empty invocation) against the two legacy limits */
    json_object now;
    record(&now, "n", NULL);
    result_set rs = {0};
    const char *empty = "";
    rows_of(&rs, &empty, 1);
    char what[300];
    CHECK(context_check(&cf, &rs, &now, what, sizeof what) == 1);
    CHECK_MSG(!strcmp(what, "timeout_s 20 (now 10)"), "%s", what);
    /* saved: the .context.jsonl replaces the legacy file */
    context_add(&cf, &now);
    CHECK(context_save(&cf, &d) == 0 && !cf.legacy_path);
    CHECK(access(legacy, F_OK) != 0 && access(jsonl, F_OK) == 0);
    context_file_free(&cf);
    CHECK(context_load(csv, &cf, &d) == 0 && cf.n == 3 && !cf.legacy_path);
    context_file_free(&cf);
    /* the tables' view: 2 invocations ("" and n), 2 settings (the legacy
     * records differ among themselves; n agrees with the first) */
    const char *nid = "n";
    rows_of(&rs, &nid, 1);
    context_mix mix;
    CHECK(context_mix_of(csv, &rs, &mix, &d) == 0);
    CHECK_MSG(mix.invocations == 2 && mix.settings == 2 && mix.undescribed == 0, "%zu %zu %zu",
              mix.invocations, mix.settings, mix.undescribed);
    CHECK_MSG(!strcmp(mix.differ, "timeout_s 10 / 20"), "%s", mix.differ);
    const char *gone = "gone";
    rows_of(&rs, &gone, 1);
    CHECK(context_mix_of(csv, &rs, &mix, &d) == 0 && mix.invocations == 3 && mix.undescribed == 1);
    result_set_free(&rs);
    /* all alike */
    rows_of(&rs, &nid, 1);
    CHECK(context_mix_of(csv, &rs, &mix, &d) == 0 && mix.settings == 1 && !mix.differ[0]);
    result_set_free(&rs);
    json_object_free(&now);
    unlink(jsonl);
    rmdir(dir);
}

static void refused(const char *path, void *ctx) {
    (void)ctx;
    FILE *f = fopen(path, "rb");
    char buf[4096];
    size_t len = f ? fread(buf, 1, sizeof buf, f) : 0;
    if (f) fclose(f);
    context_file cf;
    memset(&cf, 0, sizeof cf);
    diag d = {{0}};
    int r = context_parse(path, buf, len, &cf, &d);
    CHECK_MSG(r == -1, "%s was accepted", path);
    CHECK_MSG(corpus_names_line(d.msg, path) && strchr(d.msg + strlen(path) + 1, ':') &&
                  strstr(d.msg, "expected"),
              "%s: message without FILE:LINE:COL and what was expected: %s", path, d.msg);
    context_file_free(&cf);
}

static void corpus(const char *dir) { corpus_each(dir, ".jsonl", 20, refused, NULL); }

int main(void) {
    size_t mem0 = xmem_current();
    json_basics();
    settings_check();
    files();
    corpus("tests/harness/bad_contexts");
    CHECK_MSG(xmem_current() == mem0, "leaked %zu bytes", xmem_current() - mem0);
    return CHECK_DONE();
}
