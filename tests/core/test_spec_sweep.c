/* test_spec_sweep.c - spec_expand: the product of value sets, in order,
 * the digit-continuation rule inside a set, and the refusals. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "core/spec.h"
#include "core/xmalloc.h"

enum { CAP = 1100 };
static char got[CAP][160];
static int n_got;

static void collect(void *ctx, const char *spec) {
    (void)ctx;
    if (n_got < CAP) snprintf(got[n_got], sizeof got[0], "%s", spec);
    n_got++;
}

static int expand(const char *text, diag *d) {
    n_got = 0;
    return spec_expand(text, collect, NULL, d);
}

int main(void) {
    diag d;
    /* the example: four strategies, the first set slowest */
    CHECK(expand("gac:queue={dom,arc-fifo},var={dom/wdeg,dom/deg}", &d) == 4);
    CHECK(n_got == 4);
    CHECK(!strcmp(got[0], "gac:queue=dom,var=dom/wdeg"));
    CHECK(!strcmp(got[1], "gac:queue=dom,var=dom/deg"));
    CHECK(!strcmp(got[2], "gac:queue=arc-fifo,var=dom/wdeg"));
    CHECK(!strcmp(got[3], "gac:queue=arc-fifo,var=dom/deg"));
    /* every expanded spec still splits as a spec */
    for (int i = 0; i < 4; i++) {
        spec_text t;
        CHECK(spec_split(got[i], &t, &d) == 0 && t.n == 2);
    }
    /* no set: the text itself, digit continuation untouched */
    CHECK(expand("gac:restart=geom:100,1.1", &d) == 1);
    CHECK(!strcmp(got[0], "gac:restart=geom:100,1.1"));
    /* inside a set: a digit continues an alternative holding ':' */
    CHECK(expand("gac:restart={geom:100,1.5,luby:50},var=dom", &d) == 2);
    CHECK(!strcmp(got[0], "gac:restart=geom:100,1.5,var=dom"));
    CHECK(!strcmp(got[1], "gac:restart=luby:50,var=dom"));
    /* and is a value of its own otherwise */
    CHECK(expand("gac:nodes={100,200,300}", &d) == 3);
    CHECK(!strcmp(got[2], "gac:nodes=300"));
    /* a set in the name too */
    CHECK(expand("{fc,gac}:var=dom", &d) == 2);
    CHECK(!strcmp(got[0], "fc:var=dom") && !strcmp(got[1], "gac:var=dom"));
    /* the product's size, computed without expanding: 10^3 is allowed,
     * 10^3 * 2 refused before anything is emitted */
    const char *ten = "{0,1,2,3,4,5,6,7,8,9}";
    char big[200];
    snprintf(big, sizeof big, "gac:a=%s,b=%s,c=%s", ten, ten, ten);
    CHECK(expand(big, &d) == 1000 && n_got == 1000);
    CHECK(!strcmp(got[999], "gac:a=9,b=9,c=9"));
    snprintf(big, sizeof big, "gac:a=%s,b=%s,c=%s,d={x,y}", ten, ten, ten);
    CHECK(expand(big, &d) == -1 && n_got == 0);
    CHECK(strstr(d.msg, "2000 strategies") && strstr(d.msg, "1000"));
    /* malformed sets */
    CHECK(expand("gac:var={dom,deg", &d) == -1 && strstr(d.msg, "without its '}'"));
    CHECK(expand("gac:var=dom}", &d) == -1 && strstr(d.msg, "without its '{'"));
    CHECK(expand("gac:var={dom,{a}}", &d) == -1 && strstr(d.msg, "nest"));
    CHECK(expand("gac:var={}", &d) == -1 && strstr(d.msg, "empty value"));
    CHECK(expand("gac:var={dom,,deg}", &d) == -1 && strstr(d.msg, "empty value"));
    CHECK(n_got == 0);
    CHECK(xmem_current() == 0);
    return CHECK_DONE();
}
