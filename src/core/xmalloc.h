/* xmalloc.h - checked allocation with sized frees and a byte counter.
 *
 * Every allocation of the library goes through here so that the bytes in
 * use and their peak are always known (per run, per store, per strategy).
 * Out of memory and size overflow abort with a clear message: callers
 * never test for NULL.  Invariant: xmem_current() equals the sum of the
 * sizes passed to live allocations; xfree() must be given the same size
 * as the allocation (tests assert the counter returns to zero).
 */
#ifndef SEARCHLAB_CORE_XMALLOC_H
#define SEARCHLAB_CORE_XMALLOC_H

#include <stddef.h>

/* Out of memory: the handler set by xmem_on_fail when there is one (it
 * does not return), else says so on stderr ("... (out of memory)", which
 * the driver records as a memout) and aborts.  For allocators other than
 * ours (libxml2's) that report a failure instead of dying. */
_Noreturn void xmalloc_fail(const char *what, size_t bytes);

/* The memory budget: an allocation that would take the bytes in use
 * (xmem_current) past budget bytes fails as one the system refuses does
 * (0: no budget, the default).  What it covers: every allocation through
 * this module, i.e. the library's models, domains, trails and search
 * state; not libxml2's parser (bounded by the file, xcsp_guard.c), nor
 * the stack. */
void xmem_set_budget(size_t bytes);
size_t xmem_budget(void);
/* What a failed allocation calls instead of aborting: what ("malloc",
 * "realloc", ...), the bytes asked, and whether the budget (1) or the
 * system (0) refused them.  It must not return (the CLI's prints a clear
 * message, "... (out of memory)", and exits 3).  NULL: abort. */
typedef void (*xmem_fail_fn)(const char *what, size_t bytes, int over_budget);
void xmem_on_fail(xmem_fail_fn fn);
void *xmalloc(size_t bytes);
void *xcalloc(size_t count, size_t size);
/* Grows or shrinks p from old_bytes to new_bytes (p may be NULL when
 * old_bytes is 0).  New bytes are not zeroed. */
void *xrealloc(void *p, size_t old_bytes, size_t new_bytes);
void xfree(void *p, size_t bytes);
/* A copy of s; free it with xfree(p, strlen(p) + 1). */
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
void xstrfree(char *s);

/* a * b, aborting on overflow. */
size_t xmul(size_t a, size_t b);

size_t xmem_current(void);
size_t xmem_peak(void);
void xmem_reset_peak(void);

#define NEWN(n, type) ((type *)xcalloc((n), sizeof(type)))
#define FREEN(p, n) xfree((p), xmul((n), sizeof *(p)))
/* Grow a vector *pp of *capp elements so that it holds at least need. */
#define GROW(pp, capp, need)                                                                       \
    do {                                                                                           \
        if ((size_t)(need) > *(capp)) {                                                            \
            size_t grow_new_ = *(capp) ? *(capp) : 8;                                              \
            while (grow_new_ < (size_t)(need)) grow_new_ = xmul(grow_new_, 2);                     \
            *(pp) = xrealloc(*(pp), xmul(*(capp), sizeof **(pp)), xmul(grow_new_, sizeof **(pp))); \
            *(capp) = grow_new_;                                                                   \
        }                                                                                          \
    } while (0)

#endif
