/* alldiff_hall.c - bounds(Z) consistency of all-different by Hall
 * intervals (see alldiff_hall.h). */
#include "alldiff_hall.h"

#include "../core/xmalloc.h"

void ad_hall_init(ad_hall *s, int n) {
    size_t un = (size_t)n, m2 = 2 * un + 2;
    s->n = n;
    s->buf64 = NEWN(4 * un + 2 * m2, int64_t);
    s->buf = NEWN(4 * un + 2 * m2, int);
    int64_t *w = s->buf64;
    int *i = s->buf;
    s->lo = w, s->hi = w + un, s->nlo = w + 2 * un, s->nhi = w + 3 * un, s->bnd = w + 4 * un;
    s->d = s->bnd + m2;
    s->minrank = i, s->maxrank = i + un, s->minsorted = i + 2 * un, s->maxsorted = i + 3 * un;
    s->t = i + 4 * un, s->h = s->t + m2;
    for (int k = 0; k < n; k++) s->minsorted[k] = s->maxsorted[k] = k;
}

void ad_hall_free(ad_hall *s) {
    if (!s->buf) return;
    size_t un = (size_t)s->n, m2 = 2 * un + 2;
    FREEN(s->buf64, 4 * un + 2 * m2);
    FREEN(s->buf, 4 * un + 2 * m2);
    s->buf = NULL;
}

static int pathmax(const int *a, int x) {
    while (a[x] > x) x = a[x];
    return x;
}
static int pathmin(const int *a, int x) {
    while (a[x] < x) x = a[x];
    return x;
}
/* Points every link on the path from x (until y) at z. */
static void pathset(int *a, int x, int y, int z) {
    while (x != y) {
        int next = a[x];
        a[x] = z;
        x = next;
    }
}

/* Sorts the positions in perm by key (insertion sort: near-linear on the
 * previous call's order when few bounds moved). */
static void isort(int *perm, const int64_t *key, int n) {
    for (int i = 1; i < n; i++) {
        int v = perm[i], j = i;
        int64_t kv = key[v];
        for (; j > 0 && key[perm[j - 1]] > kv; j--) perm[j] = perm[j - 1];
        perm[j] = v;
    }
}

/* One pass of Lopez-Ortiz et al. over the intervals [lo, hi]: the new
 * ends in nlo/nhi (preset to lo/hi).  Returns -1 when some interval of
 * values holds fewer values than variables confined to it. */
static int hall_pass(ad_hall *s) {
    int n = s->n, *t = s->t, *h = s->h;
    int64_t *lo = s->lo, *hi = s->hi, *b = s->bnd, *d = s->d;
    int *ms = s->minsorted, *xs = s->maxsorted;
    isort(ms, lo, n);
    isort(xs, hi, n);
    /* rank the mins and the maxes + 1 into b[1..nb], sentinels around */
    int64_t mn = lo[ms[0]], mx = hi[xs[0]] + 1, last = mn - 2;
    int nb = 0, i = 0, j = 0;
    b[0] = last;
    for (;;) {
        if (i < n && mn <= mx) {
            if (mn != last) b[++nb] = last = mn;
            s->minrank[ms[i]] = nb;
            if (++i < n) mn = lo[ms[i]];
        } else {
            if (mx != last) b[++nb] = last = mx;
            s->maxrank[xs[j]] = nb;
            if (++j == n) break;
            mx = hi[xs[j]] + 1;
        }
    }
    b[nb + 1] = b[nb] + 2;
    /* lower bounds, variables by increasing max */
    for (i = 1; i <= nb + 1; i++) t[i] = h[i] = i - 1, d[i] = b[i] - b[i - 1];
    for (i = 0; i < n; i++) {
        int v = xs[i], x = s->minrank[v], y = s->maxrank[v];
        int z = pathmax(t, x + 1), k = t[z];
        if (--d[z] == 0) {
            t[z] = z + 1;
            z = pathmax(t, t[z]);
            t[z] = k;
        }
        pathset(t, x + 1, z, z);
        if (d[z] < b[z] - b[y]) return -1;
        if (h[x] > x) {
            int w = pathmax(h, h[x]);
            s->nlo[v] = b[w];
            pathset(h, x, w, w);
        }
        if (d[z] == b[z] - b[y]) { /* [b[y], b[z]) ... a Hall interval */
            pathset(h, h[y], k - 1, y);
            h[y] = k - 1;
        }
    }
    /* upper bounds, variables by decreasing min */
    for (i = 0; i <= nb; i++) t[i] = h[i] = i + 1, d[i] = b[i + 1] - b[i];
    for (i = n - 1; i >= 0; i--) {
        int v = ms[i], x = s->maxrank[v], y = s->minrank[v];
        int z = pathmin(t, x - 1), k = t[z];
        if (--d[z] == 0) {
            t[z] = z - 1;
            z = pathmin(t, t[z]);
            t[z] = k;
        }
        pathset(t, x - 1, z, z);
        if (d[z] < b[y] - b[z]) return -1;
        if (h[x] < x) {
            int w = pathmin(h, h[x]);
            s->nhi[v] = b[w] - 1;
            pathset(h, x, w, w);
        }
        if (d[z] == b[y] - b[z]) {
            pathset(h, h[y], k + 1, y);
            h[y] = k + 1;
        }
    }
    return 0;
}

int ad_hall_propagate(csp *p, const csp_con *c, ad_hall *s) {
    int n = c->arity, r = CSP_NOCHANGE;
    for (int again = 1; again;) {
        again = 0;
        for (int i = 0; i < n; i++) {
            int v = c->scope[i];
            s->nlo[i] = s->lo[i] = csp_min(p, v);
            s->nhi[i] = s->hi[i] = csp_max(p, v);
        }
        if (hall_pass(s)) return CSP_WIPEOUT;
        for (int i = 0; i < n; i++) {
            if (s->nlo[i] == s->lo[i] && s->nhi[i] == s->hi[i]) continue;
            int v = c->scope[i];
            if (csp_remove_below(p, v, s->nlo[i]) == CSP_WIPEOUT ||
                csp_remove_above(p, v, s->nhi[i]) == CSP_WIPEOUT)
                return CSP_WIPEOUT;
            r = CSP_CHANGED;
            /* a hole right inside a new bound moved it further: the
             * intervals are not those the pass computed, so pass again */
            if (csp_min(p, v) != s->nlo[i] || csp_max(p, v) != s->nhi[i]) again = 1;
        }
    }
    return r;
}
