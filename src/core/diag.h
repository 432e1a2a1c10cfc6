/* diag.h - error values that carry file:line:column.
 *
 * Library code never prints or exits on bad input: it fills a diag and
 * returns an error value; the CLI prints diag.msg on one line and exits 2.
 */
#ifndef SEARCHLAB_CORE_DIAG_H
#define SEARCHLAB_CORE_DIAG_H

typedef struct diag {
    char msg[512];
} diag;

#if defined(__GNUC__)
#define DIAG_PRINTF_(a, b) __attribute__((format(printf, a, b)))
#else
#define DIAG_PRINTF_(a, b)
#endif

/* Formats "FILE:LINE:COL: MESSAGE" (":COL" left out when col <= 0,
 * ":LINE" too when line <= 0) into d; returns -1 so that parsers can
 * write `return diag_at(...)`.  d may be NULL. */
int diag_at(diag *d, const char *file, int line, int col, const char *fmt, ...)
    DIAG_PRINTF_(5, 6);
/* Formats a message with no location; returns -1. */
int diag_set(diag *d, const char *fmt, ...) DIAG_PRINTF_(2, 3);

#endif
