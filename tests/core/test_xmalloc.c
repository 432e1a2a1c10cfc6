/* test_xmalloc.c - the byte counter follows sized allocations and frees. */
#include <string.h>

#include "check.h"
#include "core/xmalloc.h"

int main(void) {
    size_t base = xmem_current();
    int *a = NEWN(100, int);
    CHECK(xmem_current() == base + 100 * sizeof(int));
    CHECK(a[0] == 0 && a[99] == 0);
    size_t cap = 100;
    GROW(&a, &cap, 1000);
    CHECK(cap >= 1000);
    CHECK(xmem_current() == base + cap * sizeof(int));
    size_t peak = xmem_peak();
    FREEN(a, cap);
    CHECK(xmem_current() == base);
    CHECK(xmem_peak() == peak);
    char *s = xstrdup("searchlab");
    CHECK(strcmp(s, "searchlab") == 0);
    CHECK(xmem_current() == base + 10);
    xstrfree(s);
    CHECK(xmem_current() == base);
    xmem_reset_peak();
    CHECK(xmem_peak() == xmem_current());
    CHECK(xmul(3, 5) == 15);
    return CHECK_DONE();
}
