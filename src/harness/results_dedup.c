/* results_dedup.c - a run found twice in a result set (see
 * results_dedup.h): sorted by key, n log n, the rows keeping their order. */
#include "results_dedup.h"

#include <stdlib.h>
#include <string.h>

#include "../core/xmalloc.h"

/* A row's identity and its place, sorted by identity then place. */
typedef struct keyed_row {
    char *key;
    size_t i;
} keyed_row;

static int cmp_key(const void *a, const void *b) {
    const keyed_row *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    return c ? c : (x->i > y->i) - (x->i < y->i);
}

size_t result_set_drop_duplicates(result_set *rs, size_t first) {
    size_t n = rs->n - first;
    if (n < 2) return 0;
    keyed_row *k = NEWN(n, keyed_row);
    for (size_t i = 0; i < n; i++) k[i] = (keyed_row){result_row_key(&rs->rows[first + i]), i};
    qsort(k, n, sizeof *k, cmp_key);
    unsigned char *drop = NEWN(n, unsigned char);
    size_t dups = 0;
    for (size_t i = 1; i < n; i++)
        if (!strcmp(k[i].key, k[i - 1].key)) drop[k[i].i] = 1, dups++;
    for (size_t i = 0; i < n; i++) xstrfree(k[i].key);
    FREEN(k, n);
    size_t kept = first;
    for (size_t i = 0; i < n; i++) {
        if (drop[i]) {
            result_row_free(&rs->rows[first + i]);
            continue;
        }
        if (kept != first + i) rs->rows[kept] = rs->rows[first + i];
        kept++;
    }
    FREEN(drop, n);
    rs->n = kept;
    return dups;
}
