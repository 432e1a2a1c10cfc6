/* valset.c - a variable's domain against a sorted set of values (see
 * valset.h): what count, cardinality and nValues ask of a domain. */
#include "valset.h"

#include "../core/xmalloc.h"

int csp_valset_has(const int64_t *set, int n, int64_t a) {
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (set[mid] == a) return 1;
        if (set[mid] < a)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return 0;
}

int csp_valset_meets(const csp *p, int v, const int64_t *set, int n) {
    int k = 0;
    for (int i = 0; i < n; i++) k += csp_has(p, v, set[i]);
    return k;
}

int csp_valset_remove(csp *p, int v, const int64_t *set, int n) {
    int r = CSP_NOCHANGE;
    for (int i = 0; i < n; i++) {
        int q = csp_remove(p, v, set[i]);
        if (q == CSP_WIPEOUT) return q;
        if (q == CSP_CHANGED) r = q;
    }
    return r;
}

int csp_valset_keep(csp *p, int v, const int64_t *set, int n) {
    int64_t lo = CSP_NOVAL, hi = CSP_NOVAL;
    for (int i = 0; i < n && lo == CSP_NOVAL; i++)
        if (csp_has(p, v, set[i])) lo = set[i];
    for (int i = n - 1; i >= 0 && hi == CSP_NOVAL; i--)
        if (csp_has(p, v, set[i])) hi = set[i];
    if (lo == CSP_NOVAL) return CSP_WIPEOUT;
    int r1 = csp_remove_below(p, v, lo), r2 = csp_remove_above(p, v, hi);
    int r = r1 == CSP_CHANGED || r2 == CSP_CHANGED ? CSP_CHANGED : CSP_NOCHANGE;
    if (r1 == CSP_WIPEOUT || r2 == CSP_WIPEOUT) return CSP_WIPEOUT;
    /* the gaps between the set's values (within its span now) as runs:
     * the set's span may be 2^31 values wide */
    int64_t *gaps = n > 1 ? NEWN(2 * (size_t)n, int64_t) : NULL;
    size_t ng = 0;
    for (int i = 0; i + 1 < n; i++)
        if (set[i + 1] > set[i] + 1)
            gaps[2 * ng] = set[i] + 1, gaps[2 * ng + 1] = set[i + 1] - 1, ng++;
    int rg = ng ? csp_remove_runs(p, v, gaps, ng) : CSP_NOCHANGE;
    if (gaps) FREEN(gaps, 2 * (size_t)n);
    return rg == CSP_WIPEOUT ? rg : rg == CSP_CHANGED ? CSP_CHANGED : r;
}
