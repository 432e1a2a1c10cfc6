/* xmalloc.c - checked allocation with a byte counter (see xmalloc.h). */
#include "xmalloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t mem_current, mem_peak, mem_budget;
static xmem_fail_fn on_fail;

static void count(size_t add, size_t sub) {
    mem_current = mem_current - sub + add;
    if (mem_current > mem_peak) mem_peak = mem_current;
}

static _Noreturn void fail(const char *what, size_t bytes, int over_budget) {
    if (on_fail) on_fail(what, bytes, over_budget); /* does not return */
    fprintf(stderr, "searchlab: %s of %zu bytes failed (out of memory)\n", what, bytes);
    abort();
}

static void die(const char *what, size_t bytes) { fail(what, bytes, 0); }

/* Fails when add bytes in place of sub (a realloc) pass the budget. */
static void budget(const char *what, size_t add, size_t sub) {
    if (!mem_budget || add <= sub) return;
    size_t room = mem_current < mem_budget ? mem_budget - mem_current : 0;
    if (add - sub > room) fail(what, add, 1);
}

_Noreturn void xmalloc_fail(const char *what, size_t bytes) { fail(what, bytes, 0); }

void xmem_set_budget(size_t bytes) { mem_budget = bytes; }
size_t xmem_budget(void) { return mem_budget; }
void xmem_on_fail(xmem_fail_fn fn) { on_fail = fn; }

size_t xmul(size_t a, size_t b) {
    if (b && a > SIZE_MAX / b) {
        if (on_fail) on_fail("size overflow", SIZE_MAX, 0);
        fprintf(stderr, "searchlab: size overflow (%zu x %zu)\n", a, b);
        abort();
    }
    return a * b;
}

void *xmalloc(size_t bytes) {
    budget("malloc", bytes, 0);
    void *p = malloc(bytes ? bytes : 1);
    if (!p) die("malloc", bytes);
    count(bytes, 0);
    return p;
}

void *xcalloc(size_t count_, size_t size) {
    size_t bytes = xmul(count_, size);
    budget("calloc", bytes, 0);
    void *p = calloc(bytes ? bytes : 1, 1);
    if (!p) die("calloc", bytes);
    count(bytes, 0);
    return p;
}

void *xrealloc(void *p, size_t old_bytes, size_t new_bytes) {
    budget("realloc", new_bytes, old_bytes);
    void *q = realloc(p, new_bytes ? new_bytes : 1);
    if (!q) die("realloc", new_bytes);
    count(new_bytes, old_bytes);
    return q;
}

void xfree(void *p, size_t bytes) {
    if (!p) return;
    count(0, bytes);
    free(p);
}

char *xstrndup(const char *s, size_t n) {
    char *p = xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

void xstrfree(char *s) {
    if (s) xfree(s, strlen(s) + 1);
}

size_t xmem_current(void) { return mem_current; }
size_t xmem_peak(void) { return mem_peak; }
void xmem_reset_peak(void) { mem_peak = mem_current; }
