/* child.h - running an outside command in a child process: the one
 * fork/exec/poll/wait4 loop of the outside solvers (minizinc.c, outside.c)
 * and of the MiniZinc compilation of instance sets (harness/mznset.c), and
 * the growing text buffer their outputs are read into.
 *
 * The child gets /dev/null as standard input, its standard output and
 * error go through pipes into two buffers, it runs in its own process
 * group that dies with us (PR_SET_PDEATHSIG), and whatever of that group
 * is left when it has been waited for is killed (a solver's own children).
 * The limits are the caller's: a CPU rlimit, a wall deadline. */
#ifndef SEARCHLAB_SOLVE_CHILD_H
#define SEARCHLAB_SOLVE_CHILD_H

#include <stddef.h>
#include <stdint.h>

#include "../core/diag.h"

/* A growing text buffer (xmalloc'd; s is always NUL-terminated once
 * something was added, even nothing: child_text_add(t, "", 0)). */
typedef struct child_text {
    char *s;
    size_t len, cap;
} child_text;
void child_text_add(child_text *t, const char *s, size_t n);
void child_text_free(child_text *t);

/* The last non-empty line of s (its message, for a note) into buf, cut to
 * size - 1 bytes; returns buf. */
const char *child_last_line(const char *s, char *buf, size_t size);

typedef struct child_opts {
    const char *what;       /* names the command in the messages of a failed start */
    unsigned long cpu_rlim; /* > 0: RLIMIT_CPU's soft limit in seconds (hard: one more),
                             * never raised above the limit we run under */
    uint64_t wall_ns;       /* > 0: the group is killed this long after the start */
    int search_path;        /* 1: argv[0] is looked up on PATH (execvp), else run as is */
} child_opts;

typedef struct child_end {
    int status;       /* the wait status */
    int killed;       /* 1: killed at the wall deadline */
    double cpu_s;     /* user + system CPU of the child and the descendants it waited for */
    uint64_t wall_ns; /* from the fork to the wait */
} child_end;

/* Runs argv with its standard output into out and its standard error into
 * err (appended; both NUL-terminated afterwards, "" at least) until it
 * exits or the wall deadline passes.  0, or -1 with d when it could not be
 * started (a missing executable is the child's exit status 127, with a
 * "cannot run" line on err). */
int child_run(char *const argv[], const child_opts *o, child_text *out, child_text *err,
              child_end *e, diag *d);

#endif
