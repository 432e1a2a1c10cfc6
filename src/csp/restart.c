/* restart.c - restart policies: the Luby sequence, the failure cutoff of
 * each run, and the text form `none | luby:N | geom:N,F` (solver.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solver.h"

/* Cutoffs stop growing here: no run ever reaches 2^62 failures, and the
 * products below never overflow. */
#define CUTOFF_CAP ((uint64_t)1 << 62)

uint64_t csp_luby(uint64_t i) {
    /* With k the bit length of i (2^(k-1) <= i <= 2^k - 1): luby(2^k - 1)
     * is 2^(k-1), and the values after 2^(k-1) - 1 repeat the sequence
     * from its start: luby(i) = luby(i - 2^(k-1) + 1). */
    for (;;) {
        int k = 64 - __builtin_clzll(i);
        uint64_t top = k == 64 ? ~(uint64_t)0 : ((uint64_t)1 << k) - 1;
        if (i == top) return (uint64_t)1 << (k - 1);
        i -= ((uint64_t)1 << (k - 1)) - 1;
    }
}

uint64_t csp_restart_cutoff(const csp_restart *r, uint64_t i) {
    if (r->kind == CSP_RESTART_LUBY) {
        uint64_t l = csp_luby(i);
        return l > CUTOFF_CAP / r->base ? CUTOFF_CAP : r->base * l;
    }
    /* geom: base * factor^(i-1), truncated (as Gecode's geometric cutoff);
     * pow, not a loop: a factor near 1 can take millions of runs */
    double c = (double)r->base * pow(r->factor, (double)(i - 1));
    return !(c < (double)CUTOFF_CAP) ? CUTOFF_CAP : (uint64_t)c;
}

/* An integer 1..CSP_RESTART_MAX_BASE at s, ending at end (exclusive). */
static int read_base(const char *s, const char *end, uint64_t *out, diag *d) {
    char *stop;
    errno = 0;
    unsigned long long v = strtoull(s, &stop, 10);
    if (s == end || *s < '0' || *s > '9' || stop != end || errno || v < 1 ||
        v > CSP_RESTART_MAX_BASE)
        return diag_set(d, "N must be an integer from 1 to %d", CSP_RESTART_MAX_BASE);
    *out = v;
    return 0;
}

int csp_restart_parse(const char *text, csp_restart *r, diag *d) {
    csp_restart x = {CSP_RESTART_NONE, 1, 1.0};
    if (!strcmp(text, "none")) {
        *r = x;
        return 0;
    }
    if (!strncmp(text, "luby:", 5)) {
        x.kind = CSP_RESTART_LUBY;
        if (read_base(text + 5, text + strlen(text), &x.base, d)) return -1;
    } else if (!strncmp(text, "geom:", 5)) {
        x.kind = CSP_RESTART_GEOM;
        const char *comma = strchr(text + 5, ',');
        if (!comma) return diag_set(d, "geom needs a cutoff and a factor, N,F");
        if (read_base(text + 5, comma, &x.base, d)) return -1;
        char *stop;
        errno = 0;
        x.factor = strtod(comma + 1, &stop);
        /* plain decimals only: no "inf", no hexadecimal, no blanks */
        if (!comma[1] || comma[1 + strspn(comma + 1, "0123456789.eE+-")] || *stop || errno ||
            !isfinite(x.factor) || !(x.factor > 1) || x.factor > CSP_RESTART_MAX_FACTOR)
            return diag_set(d, "F must be a number above 1 and at most %g", CSP_RESTART_MAX_FACTOR);
    } else {
        return diag_set(d, "unknown restart policy");
    }
    *r = x;
    return 0;
}

void csp_restart_show(const csp_restart *r, char *buf, size_t size) {
    if (r->kind == CSP_RESTART_LUBY)
        snprintf(buf, size, "luby:%llu", (unsigned long long)r->base);
    else if (r->kind == CSP_RESTART_GEOM) {
        /* the shortest decimal that reads back as the same factor */
        char f[32];
        for (int prec = 1; prec <= 17; prec++) { /* no exponent: 1000, not 1e+03 */
            snprintf(f, sizeof f, "%.*g", prec, r->factor);
            if (!strchr(f, 'e') && strtod(f, NULL) == r->factor) break;
        }
        snprintf(buf, size, "geom:%llu,%s", (unsigned long long)r->base, f);
    } else
        snprintf(buf, size, "none");
}
