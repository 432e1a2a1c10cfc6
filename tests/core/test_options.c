/* test_options.c - the option-table reader (core/options.h): flags and
 * KEY=VALUE lists through one table, defaults, the one message form. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "core/options.h"

typedef struct opts {
    long lo, hi, count;
    uint64_t seed;
    double frac;
    int mode, on, flag;
    const char *out;
    opt_strs many;
} opts;

static const char *const modes[] = {"a", "b", "c", NULL};
static const char *const zero_one[] = {"0", "1", NULL};

static const spec_key keys[] = {
    {.name = "size",
     .doc = "d",
     .kind = SPEC_INT,
     .min = 2,
     .max = 9,
     .span = 1,
     .required = 1,
     .unit = "a size",
     .offset = offsetof(opts, lo)},
    {.name = "count",
     .letter = 'c',
     .alias = "number",
     .doc = "d",
     .kind = SPEC_INT,
     .min = 1,
     .max = 100,
     .def = "3",
     .unit = "a count",
     .offset = offsetof(opts, count)},
    {.name = "seed", .doc = "d", .kind = SPEC_U64, .def = "7", .offset = offsetof(opts, seed)},
    {.name = "frac",
     .doc = "d",
     .kind = SPEC_REAL,
     .min = 0,
     .max = 1,
     .offset = offsetof(opts, frac)},
    {.name = "mode", .doc = "d", .names = modes, .offset = offsetof(opts, mode)},
    {.name = "on", .doc = "d", .names = zero_one, .bare = 1, .offset = offsetof(opts, on)},
    {.name = "flag", .letter = 'f', .doc = "d", .bare = 1, .offset = offsetof(opts, flag)},
    {.name = "out", .doc = "d", .form = "FILE", .def = "x.out", .offset = offsetof(opts, out)},
    {.name = "many", .doc = "d", .repeat = 1, .max = 2, .offset = offsetof(opts, many)},
    {.name = NULL}};

static const char *vals[8];

static void init(opts *o) {
    memset(o, 0, sizeof *o);
    o->frac = -1;
    o->many.v = vals;
    diag d;
    CHECK(opt_defaults(keys, o, &d) == 0);
}

/* argv from a NULL-terminated list of words after the command */
static int run(opts *o, diag *d, const char **pos, size_t *npos, ...) __attribute__((sentinel));

#include <stdarg.h>
static int run(opts *o, diag *d, const char **pos, size_t *npos, ...) {
    char *argv[32] = {"cmd"};
    int argc = 1;
    va_list ap;
    va_start(ap, npos);
    for (char *w; (w = va_arg(ap, char *)) != NULL && argc < 31;) argv[argc++] = w;
    va_end(ap);
    init(o);
    opt_group g = {keys, o, 0, 0};
    *npos = 0;
    return opt_argv("cmd", argc, argv, &g, 1, pos, npos, 1, d);
}

int main(void) {
    opts o;
    diag d;
    const char *pos[1];
    size_t np;
    /* defaults: def texts, first names; rows without one keep the caller's */
    init(&o);
    CHECK(o.count == 3 && o.seed == 7 && o.mode == 0 && o.on == 0 && !strcmp(o.out, "x.out"));
    CHECK(o.frac == -1 && o.lo == 0);
    /* flags */
    CHECK(run(&o, &d, pos, &np, "--size", "4..6", "--count=9", "--mode", "c", "--on", "--flag",
              "file", "--many", "p", "--many=q", (char *)NULL) == 0);
    CHECK(o.lo == 4 && o.hi == 6 && o.count == 9 && o.mode == 2 && o.on == 1 && o.flag == 1);
    CHECK(np == 1 && !strcmp(pos[0], "file") && o.many.n == 2 && !strcmp(vals[1], "q"));
    CHECK(run(&o, &d, pos, &np, "--size", "5", "--on=0", (char *)NULL) == 0 && o.lo == 5 &&
          o.hi == 5 && o.on == 0);
    CHECK(run(&o, &d, pos, &np, "--size", "5", "--help", "--bogus", (char *)NULL) == OPT_HELP);
    /* refusals, each naming the flag */
    struct {
        const char *a, *b, *want;
    } bad[] = {
        {"--size", "1", "--size: expected an integer from 2 to 9 (a size), or A..B, found '1'"},
        {"--size", "6..5", "--size: expected"},
        {"--size", "5..10", "--size: expected"},
        {"--count", "101", "--count: expected an integer from 1 to 100 (a count), found '101'"},
        {"--count", "1.5", "--count: expected"},
        {"--seed", "-1", "--seed: expected an integer from 0 up"},
        {"--frac", "1.01", "--frac: expected a number from 0 to 1"},
        {"--mode", "d", "--mode: expected a, b or c, found 'd'"},
        {"--on=2", NULL, "--on: expected 0 or 1, found '2'"},
        {"--flag=1", NULL, "--flag takes no value"},
        {"--nope", NULL, "unknown option '--nope' (searchlab cmd --help)"},
        {"--count", NULL, "--count: expected a value after it"},
        {"two", NULL, "unexpected argument 'two'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        /* with a good --size unless --size is the flag under test */
        const char *size = strcmp(bad[i].a, "--size") ? "--size=3" : "--seed=1";
        int r = bad[i].b ? run(&o, &d, pos, &np, "one", size, bad[i].a, bad[i].b, (char *)NULL)
                         : run(&o, &d, pos, &np, "one", size, bad[i].a, (char *)NULL);
        CHECK_MSG(r == -1 && strstr(d.msg, bad[i].want), "%s: %s", bad[i].a, d.msg);
    }
    CHECK(run(&o, &d, pos, &np, "--count", "2", (char *)NULL) == -1 &&
          strstr(d.msg, "--size: required"));
    CHECK(run(&o, &d, pos, &np, "--size", "3", "--count", "2", "--count", "2", (char *)NULL) ==
              -1 &&
          strstr(d.msg, "--count given twice"));
    CHECK(run(&o, &d, pos, &np, "--size", "3", "--many", "a", "--many", "b", "--many", "c",
              (char *)NULL) == -1 &&
          strstr(d.msg, "--many: at most 2"));
    /* other spellings: -LETTER [VALUE] and the alias, one row; messages
     * name the flag as written */
    CHECK(run(&o, &d, pos, &np, "--size", "3", "-c", "4", "-f", (char *)NULL) == 0 &&
          o.count == 4 && o.flag == 1);
    CHECK(run(&o, &d, pos, &np, "--size", "3", "--number=5", (char *)NULL) == 0 && o.count == 5);
    CHECK(run(&o, &d, pos, &np, "--size", "3", "-c", "4", "--number", "5", (char *)NULL) == -1 &&
          strstr(d.msg, "--number given twice"));
    CHECK(run(&o, &d, pos, &np, "--size", "3", "-c", "x", (char *)NULL) == -1 &&
          strstr(d.msg, "-c: expected an integer from 1 to 100"));
    CHECK(run(&o, &d, pos, &np, "--size", "3", "-c", (char *)NULL) == -1 &&
          strstr(d.msg, "-c: expected a value after it"));
    CHECK(run(&o, &d, pos, &np, "--size", "3", "-x", (char *)NULL) == -1 &&
          strstr(d.msg, "unknown option '-x'"));
    CHECK(run(&o, &d, pos, &np, "--size", "3", "-cf", (char *)NULL) == -1 &&
          strstr(d.msg, "unknown option '-cf'"));
    /* lists: the same rows, the same ranges */
    unsigned given = 0;
    init(&o);
    CHECK(opt_list(keys, "size=2..3,count=5,on=1", &o, &given, &d) == 0 && o.lo == 2 && o.hi == 3 &&
          o.count == 5 && o.on == 1 && given == (1u | 2u | 32u));
    init(&o);
    CHECK(opt_list(keys, "count=5", &o, NULL, &d) == -1 &&
          strstr(d.msg, "expected size=N or size=A..B"));
    CHECK(opt_list(keys, "size=3,count=101", &o, NULL, &d) == -1 &&
          strstr(d.msg, "bad value 'count=101': expected an integer from 1 to 100"));
    CHECK(opt_list(keys, "size=3,size=4", &o, NULL, &d) == -1 && strstr(d.msg, "given twice"));
    CHECK(opt_list(keys, "size=3,bogus=1", &o, NULL, &d) == -1 &&
          strstr(d.msg, "unknown key 'bogus' (keys: size, count"));
    CHECK(opt_list(keys, "size=3,oops", &o, NULL, &d) == -1 && strstr(d.msg, "expected KEY=VALUE"));
    CHECK(opt_list(keys, "size=3,", &o, NULL, &d) == -1 && strstr(d.msg, "after the last ','"));
    CHECK(opt_list(keys, "size=3,many=x", &o, NULL, &d) == -1 && strstr(d.msg, "unknown key"));
    /* the --help line: head and body from the row */
    char head[200], body[400];
    opt_help_parts(&keys[1], "--", head, sizeof head, body, sizeof body);
    CHECK(!strcmp(head, "-c, --count, --number N") && strstr(body, "from 1 to 100") &&
          strstr(body, "default 3"));
    opt_help_parts(&keys[0], "--", head, sizeof head, body, sizeof body);
    CHECK(!strcmp(head, "--size N or A..B") && strstr(body, "required") &&
          !strstr(body, "default"));
    opt_help_parts(&keys[4], "--", head, sizeof head, body, sizeof body);
    CHECK(!strcmp(head, "--mode a|b|c") && strstr(body, "default a"));
    opt_help_parts(&keys[6], "--", head, sizeof head, body, sizeof body);
    CHECK(!strcmp(head, "-f, --flag") && !strstr(body, "default"));
    return CHECK_DONE();
}
