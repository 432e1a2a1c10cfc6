/* diag.c - error values with a location (see diag.h). */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>

int diag_at(diag *d, const char *file, int line, int col, const char *fmt, ...) {
    if (!d) return -1;
    int n;
    if (line > 0 && col > 0)
        n = snprintf(d->msg, sizeof d->msg, "%s:%d:%d: ", file, line, col);
    else if (line > 0)
        n = snprintf(d->msg, sizeof d->msg, "%s:%d: ", file, line);
    else
        n = snprintf(d->msg, sizeof d->msg, "%s: ", file);
    if (n < 0 || (size_t)n >= sizeof d->msg) return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->msg + n, sizeof d->msg - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

int diag_set(diag *d, const char *fmt, ...) {
    if (!d) return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->msg, sizeof d->msg, fmt, ap);
    va_end(ap);
    return -1;
}
