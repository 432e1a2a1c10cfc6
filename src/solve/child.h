/* child.h - running an outside command in a child process: the one
 * fork/exec/poll/wait4 loop of the outside solvers (minizinc.c, outside.c)
 * and of the MiniZinc compilation of instance sets (harness/mznset.c), and
 * the growing text buffer their outputs are read into.
 *
 * The child gets /dev/null as standard input, its standard output and
 * error go through pipes into two buffers, it runs in its own process
 * group that dies with us (PR_SET_PDEATHSIG), and whatever of that group
 * is left when it has been waited for is killed (a solver's own children).
 * The limits are the caller's: a CPU rlimit, stops at the group's exact
 * CPU time, a wall deadline.
 *
 * The group's CPU watch: RLIMIT_CPU is per process and counted in
 * scheduler ticks, which run ahead of the exact CPU time on a loaded
 * machine (core/cpulimit.h), so a solver stopped by it alone gets less
 * than its limit, and a solver of several processes (minizinc and the
 * solver it starts) gets the limit once per process.  child_run reads
 * the exact CPU time of the whole group (child_group_cpu_s) and sends the
 * group SIGXCPU, then SIGKILL, when it reaches the caller's stops; a
 * reading is planned no sooner than the group could reach the next stop
 * with every core busy (at least CHILD_CPU_POLL_MS, at most
 * CHILD_CPU_POLL_MAX_MS apart), so a 20 s run costs about 30 readings (a
 * scan of /proc each) and a stop comes at most CHILD_CPU_POLL_MS per core
 * late. */
#ifndef SEARCHLAB_SOLVE_CHILD_H
#define SEARCHLAB_SOLVE_CHILD_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "../core/diag.h"

enum { CHILD_CPU_POLL_MS = 20, CHILD_CPU_POLL_MAX_MS = 1000 };

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
    double cpu_stop_s;      /* > 0: SIGXCPU to the group when its CPU time reaches it */
    double cpu_kill_s;      /* > 0: SIGKILL to the group when its CPU time reaches it */
    uint64_t wall_ns;       /* > 0: the group is killed this long after the start */
    int search_path;        /* 1: argv[0] is looked up on PATH (execvp), else run as is */
} child_opts;

typedef struct child_end {
    int status;       /* the wait status */
    int killed;       /* 1: killed at the wall deadline */
    int cpu_stopped;  /* 1: the group was sent SIGXCPU at cpu_stop_s; 2: SIGKILL at cpu_kill_s */
    double cpu_s;     /* user + system CPU of the child and the descendants it waited for, or
                       * the group's last reading (with a stop) if larger */
    uint64_t wall_ns; /* from the fork to the wait */
} child_end;

/* Runs argv with its standard output into out and its standard error into
 * err (appended; both NUL-terminated afterwards, "" at least) until it
 * exits or the wall deadline passes.  0, or -1 with d when it could not be
 * started (a missing executable is the child's exit status 127, with a
 * "cannot run" line on err). */
int child_run(char *const argv[], const child_opts *o, child_text *out, child_text *err,
              child_end *e, diag *d);

/* The exact CPU time in seconds of process group pgid: the user + system
 * time of each of its live processes (all their threads: /proc/PID/stat,
 * where the kernel scales the ticks to the scheduler's exact runtime; in
 * clock ticks rounded down, so never ahead of it) and of the children
 * each has waited for.  A zombie counts nothing (its parent's count has
 * it once waited for); so does a process that left the group, and one
 * that exits with no process of the group to wait for it is lost then.
 * -1 when /proc cannot be read. */
double child_group_cpu_s(pid_t pgid);

#endif
