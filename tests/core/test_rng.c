/* test_rng.c - seeded streams repeat; bounds hold; shuffles permute. */
#include "check.h"
#include "core/rng.h"

int main(void) {
    rng a, b;
    rng_seed(&a, 42);
    rng_seed(&b, 42);
    for (int i = 0; i < 100; i++) CHECK(rng_next(&a) == rng_next(&b));
    rng_seed(&b, 43);
    CHECK(rng_next(&a) != rng_next(&b));
    int hist[7] = {0};
    for (int i = 0; i < 7000; i++) {
        uint64_t x = rng_below(&a, 7);
        CHECK(x < 7);
        hist[x]++;
    }
    for (int i = 0; i < 7; i++) CHECK(hist[i] > 800 && hist[i] < 1200);
    int p[10], seen[10] = {0};
    for (int i = 0; i < 10; i++) p[i] = i;
    rng_shuffle(&a, p, 10);
    for (int i = 0; i < 10; i++) seen[p[i]]++;
    for (int i = 0; i < 10; i++) CHECK(seen[i] == 1);
    double d = rng_double(&a);
    CHECK(d >= 0 && d < 1);
    return CHECK_DONE();
}
