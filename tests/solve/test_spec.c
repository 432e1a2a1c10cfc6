/* test_spec.c - the strategy spec's one home: the syntax (core/spec.h),
 * the families' key tables and the typed spec (solve/family.h), the
 * labels, and the messages of every kind of wrong spec. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/registry.h"
#include "solve/family.h"

static const puzzle *pz(const char *name) { return puzzle_find(name); }

/* The minizinc family parses its keys only where it can run: a stand-in
 * executable lets the spec tests run without MiniZinc installed (nothing
 * here runs it). */
static void minizinc_stand_in(void) { setenv("SEARCHLAB_MINIZINC", "/bin/sh", 1); }

/* spec_parse(text) for puzzle p fails with a message containing want. */
static void refused(const char *p, const char *text, const char *want) {
    strategy_spec s;
    diag d = {{0}};
    int r = spec_parse(text, pz(p), &s, &d);
    CHECK_MSG(r == -1 && strstr(d.msg, want), "%s %s: %d '%s', want '%s'", p, text, r, d.msg, want);
}

/* The field of the label called name in l (a label that does not exist
 * fails the test). */
static char *lab(run_labels *l, const char *name) {
    int i = run_label_index(name);
    CHECK_MSG(i >= 0, "no label %s", name);
    return i >= 0 ? run_label_at(l, i) : l->strategy;
}

static strategy_spec parsed(const char *p, const char *text) {
    strategy_spec s;
    diag d = {{0}};
    CHECK_MSG(spec_parse(text, pz(p), &s, &d) == 0, "%s %s: %s", p, text, d.msg);
    return s;
}

static void test_syntax(void) {
    spec_text t;
    diag d;
    char buf[256];
    CHECK(spec_split("gac", &t, &d) == 0 && !strcmp(t.name, "gac") && t.n == 0);
    CHECK(spec_split("gac:queue=dom,var=dom/wdeg", &t, &d) == 0 && t.n == 2);
    CHECK(!strcmp(t.item[1].key, "var") && !strcmp(t.item[1].value, "dom/wdeg"));
    CHECK(!strcmp(spec_join(&t, buf, sizeof buf), "gac:queue=dom,var=dom/wdeg"));
    /* a number after a comma continues the value before it */
    CHECK(spec_split("gac:restart=geom:100,1.5,var=dom", &t, &d) == 0 && t.n == 2);
    CHECK(!strcmp(t.item[0].value, "geom:100,1.5") && !strcmp(t.item[1].key, "var"));
    CHECK(spec_split(":queue=dom", &t, &d) == -1 && strstr(d.msg, "strategy name"));
    CHECK(spec_split("gac:", &t, &d) == -1 && strstr(d.msg, "key=value"));
    CHECK(spec_split("gac:queue", &t, &d) == -1 && strstr(d.msg, "'queue': expected key=value"));
    CHECK(spec_split("gac:queue=dom,", &t, &d) == -1 && strstr(d.msg, "after ','"));
    CHECK(spec_split("gac:=dom", &t, &d) == -1);
    CHECK(spec_split("gac:queue=", &t, &d) == -1);
    CHECK(spec_split("gac:1.5", &t, &d) == -1); /* nothing to continue */
    CHECK(spec_split("gac:queue=dom,queue=dom", &t, &d) == -1 &&
          strstr(d.msg, "'queue' is given twice"));
    /* editing */
    CHECK(spec_split("gac:var=dom", &t, &d) == 0);
    CHECK(spec_text_set(&t, "queue", "dom", &d) == 0 && spec_text_set(&t, "var", "lex", &d) == 0);
    CHECK(!strcmp(spec_join(&t, buf, sizeof buf), "gac:var=lex,queue=dom"));
    spec_text_remove(&t, spec_text_find(&t, "var"));
    CHECK(!strcmp(spec_join(&t, buf, sizeof buf), "gac:queue=dom"));
    char longv[400];
    memset(longv, 'a', sizeof longv - 1);
    longv[sizeof longv - 1] = '\0';
    CHECK(spec_text_set(&t, "queue", longv, &d) == -1 && strstr(d.msg, "too long"));
}

/* The key table's defaults are the engine's (csp_config_default). */
static void test_defaults(void) {
    csp_config def;
    csp_config_default(&def);
    strategy_spec s = parsed("futoshiki", "gac");
    const csp_config *c = &s.u.csp.cfg;
    CHECK(c->queue == def.queue && c->var == def.var && c->val == def.val);
    CHECK(c->support == def.support && c->timing == def.timing && s.u.csp.model.index == 0);
    CHECK(c->restart.kind == def.restart.kind && c->restart.kind == CSP_RESTART_NONE &&
          c->lc == def.lc && def.lc == 0 && c->phase == def.phase && def.phase == 0);
    CHECK(s.given == 0 && !strcmp(s.name, "gac"));
}

static void test_typed(void) {
    strategy_spec r = parsed("futoshiki", "fc:restart=geom:100,1.5,lc=on,var=dom/wdeg");
    CHECK(r.u.csp.cfg.restart.kind == CSP_RESTART_GEOM && r.u.csp.cfg.restart.base == 100 &&
          r.u.csp.cfg.restart.factor == 1.5 && r.u.csp.cfg.lc == 1);
    r = parsed("futoshiki", "bt:restart=luby:64");
    CHECK(r.u.csp.cfg.restart.kind == CSP_RESTART_LUBY && r.u.csp.cfg.restart.base == 64);
    run_labels rl;
    spec_labels(&r, &rl);
    CHECK(!strcmp(lab(&rl, "restart"), "luby:64") && !strcmp(lab(&rl, "lc"), "off") &&
          !strcmp(lab(&rl, "phase"), "off"));
    r = parsed("xcsp", "gac:restart=luby:100,phase=on");
    spec_labels(&r, &rl);
    CHECK(r.u.csp.cfg.phase == 1 && !strcmp(lab(&rl, "phase"), "on"));
    strategy_spec s = parsed("futoshiki", "gac:queue=arc-fifo,var=dom/wdeg,support=rm,timing=off");
    const csp_config *c = &s.u.csp.cfg;
    CHECK(!strcmp(c->queue->name, "arc-fifo") && !strcmp(c->var->name, "dom/wdeg"));
    CHECK(c->support == CSP_SUPPORT_RM && c->timing == 0);
    CHECK(s.given == 0x1b); /* queue, var, support, timing: bits 0 1 3 4 */
    s = parsed("museum", "fc:model=rooms,var=lex");
    CHECK(s.u.csp.model.index == 1 && !strcmp(s.u.csp.cfg.var->name, "lex"));
    s = parsed("museum", NULL); /* the puzzle's default */
    CHECK(!strcmp(s.name, "gac") && s.u.csp.model.index == 0);
    s = parsed("aquarium", NULL);
    CHECK(!strcmp(s.u.csp.cfg.var->name, "dom/wdeg"));
}

static void test_errors(void) {
    refused("futoshiki", "fc:queue=dom",
            "'queue' is not a key of 'fc'; fc takes var, val, support, timing, restart, lc, phase, "
            "nogood, domain, model");
    refused("futoshiki", "bt:support=rm",
            "'support' is not a key of 'bt'; bt takes var, val, timing, restart, lc, phase, "
            "nogood, domain, model");
    refused("futoshiki", "gac:color=red", "'color' is not a key of 'gac'; gac takes queue, var");
    refused("futoshiki", "gac:restart=luby:0",
            "restart 'luby:0': N must be an integer from 1 to 1000000000 (expected none, luby:N "
            "or geom:N,F");
    refused("futoshiki", "fc:restart=geom:10,0.9", "restart 'geom:10,0.9': F must be a number");
    refused("futoshiki", "bt:lc=maybe", "unknown lc 'maybe' (one of: off, on)");
    refused("convict", "dfs:restart=luby:1", "'restart' is not a key of 'dfs'");
    refused("futoshiki", "gac:queue=zzz",
            "unknown queue 'zzz' (one of: constraint-fifo, constraint-lifo, arc-fifo");
    refused("futoshiki", "gac:timing=maybe", "unknown timing 'maybe' (one of: off, on)");
    refused("futoshiki", "gac:var=dom,var=lex", "'var' is given twice");
    refused("futoshiki", "xyz",
            "unknown strategy 'xyz' for futoshiki (one of: bt, fc, gac, minizinc)");
    refused("museum", "minizinc", "unknown strategy 'minizinc' for museum (one of: bt, fc, gac)");
    refused("museum", "gac:model=zz", "unknown model 'zz' (one of: index, rooms)");
    refused("futoshiki", "gac:model=rooms", "unknown model 'rooms' (one of: default)");
    refused("convict", "gac", "unknown strategy 'gac' for convict (one of: smart, dfs, parity");
    refused("convict", "dfs:cut=sometimes",
            "unknown cut 'sometimes' (one of: none, parity, connect, both)");
    refused("convict", "dfs:var=dom", "'var' is not a key of 'dfs'; dfs takes order, cut");
    refused("futoshiki", "minizinc:colour=red",
            "'colour' is not a key of 'minizinc'; minizinc takes solver, model");
}

static void test_labels(void) {
    run_labels l;
    strategy_spec s = parsed("futoshiki", "gac:var=dom/wdeg");
    spec_labels(&s, &l);
    CHECK(!strcmp(l.strategy, "gac") && !strcmp(lab(&l, "queue"), "constraint-fifo"));
    CHECK(!strcmp(lab(&l, "var"), "dom/wdeg") && !strcmp(lab(&l, "model"), "default") &&
          !strcmp(lab(&l, "timing"), "on"));
    CHECK(lab(&l, "order")[0] == '\0' && lab(&l, "solver")[0] == '\0');
    s = parsed("futoshiki", "fc");
    spec_labels(&s, &l);
    CHECK(lab(&l, "queue")[0] == '\0' &&
          !strcmp(lab(&l, "support"), "bits")); /* fc takes no queue */
    s = parsed("futoshiki", "bt");
    spec_labels(&s, &l);
    CHECK(lab(&l, "support")[0] == '\0');
    /* own searches: the preset, then the spec's own options */
    s = parsed("convict", "smart");
    spec_labels(&s, &l);
    CHECK(!strcmp(l.strategy, "smart") && !strcmp(lab(&l, "order"), "warnsdorff") &&
          !strcmp(lab(&l, "cut"), "both"));
    CHECK(lab(&l, "var")[0] == '\0' && lab(&l, "model")[0] == '\0');
    s = parsed("convict", "smart:cut=parity");
    spec_labels(&s, &l);
    CHECK(!strcmp(lab(&l, "order"), "warnsdorff") && !strcmp(lab(&l, "cut"), "parity"));
    s = parsed("convict", "dfs");
    spec_labels(&s, &l);
    CHECK(!strcmp(lab(&l, "order"), "classic") && !strcmp(lab(&l, "cut"), "none"));
    s = parsed("futoshiki", "minizinc:solver=chuffed,model=/a/b/my.mzn");
    spec_labels(&s, &l);
    CHECK(!strcmp(lab(&l, "solver"), "chuffed") && !strcmp(lab(&l, "model"), "my.mzn") &&
          lab(&l, "queue")[0] == '\0');
    /* run_label_at and run_label_get see the same field */
    strcpy(lab(&l, "cut"), "x");
    CHECK(!strcmp(run_label_get(&l, run_label_index("cut")), "x"));
}

/* 1 if some key table (a puzzle's model keys, a family's strategy's for
 * no puzzle or for some puzzle) has a key called name. */
static int in_some_table(const char *name) {
    if (spec_key_find(puzzle_model_keys, name)) return 1;
    for (int f = 0; spec_families[f]; f++)
        for (int p = -1; p < 0 || puzzles[p]; p++) {
            const char *sname, *summary;
            const puzzle *q = p < 0 ? NULL : puzzles[p];
            for (int i = 0; (sname = spec_families[f]->strategy(q, i, &summary)); i++)
                if (spec_key_find(spec_families[f]->keys(q, sname), name)) return 1;
        }
    return 0;
}

/* The labels are the key tables' names: every key of every table is a
 * label (so the JSON and the result columns show every setting, and a new
 * key is a new column with no other edit) and a shorthand flag; every
 * label is some table's key; no label twice; the labels that result files
 * were written with keep their order (committed results, resume). */
static void test_tables(void) {
    const char *const *names = run_label_names();
    int n = run_labels_n();
    CHECK(n > 0 && n <= RUN_LABELS_MAX && names[n] == NULL);
    for (int f = 0; spec_families[f]; f++) {
        const char *name, *summary;
        for (int i = 0; (name = spec_families[f]->strategy(NULL, i, &summary)); i++)
            for (const spec_key *k = spec_families[f]->keys(NULL, name); k && k->name; k++) {
                CHECK_MSG(run_label_index(k->name) >= 0, "key %s is no label", k->name);
                CHECK(spec_is_key(k->name));
                CHECK(k->doc && k->doc[0]);
            }
    }
    for (const spec_key *k = puzzle_model_keys; k->name; k++)
        CHECK_MSG(run_label_index(k->name) >= 0, "model key %s is no label", k->name);
    for (int i = 0; i < n; i++) {
        CHECK_MSG(in_some_table(names[i]), "label %s is no key", names[i]);
        CHECK_MSG(run_label_index(names[i]) == i, "label %s twice", names[i]);
    }
    static const char *const written[] = {"model",   "alldiff", "queue",   "var", "val",
                                          "support", "timing",  "restart", "lc",  "domain",
                                          "order",   "cut",     "solver"};
    int at = -1;
    for (size_t i = 0; i < sizeof written / sizeof *written; i++) {
        int k = run_label_index(written[i]);
        CHECK_MSG(k > at, "label %s missing or out of its order", written[i]);
        at = k;
    }
    CHECK(!spec_is_key("all") && !spec_is_key("strategy"));
}

int main(void) {
    minizinc_stand_in();
    test_syntax();
    test_defaults();
    test_typed();
    test_errors();
    test_labels();
    test_tables();
    return CHECK_DONE();
}
