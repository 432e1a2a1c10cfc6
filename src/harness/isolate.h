/* isolate.h - one run in its own child process, under a CPU-time limit
 * that decides, a wall-time limit that is only a safety net, and a memory
 * limit (RLIMIT_AS, plus a resident-set watchdog in the parent).
 *
 * The CPU limit holds for the child and every process it starts: where
 * the run has a cgroup (below) the parent stops the whole tree when the
 * cgroup's CPU time passes cpulimit_bound; RLIMIT_CPU, a little
 * further (cpulimit_rlimit: the kernel counts it in ticks, which run
 * ahead under load), stops a child that does not stop itself where there
 * is no cgroup.  The wall limit is for runs that sleep or wait (a hung
 * outside solver): the caller makes it generous, so that a loaded machine
 * never decides a run (benchexec's rule).  Each child is in its own
 * process group, and a kill reaches the whole group (and cgroup).
 *
 * Measurement: where cgroups v2 are mounted and our cgroup lets us make
 * a child cgroup, each run gets one, and CPU time (cpu.stat) and peak
 * memory (memory.peak, when the memory controller is on) cover the whole
 * process tree; otherwise wait4()'s rusage of the child (and of the
 * children it waited for).  isolate_measure_name() says which, for the
 * run context.  CPU time is the larger of the two (the cgroup misses the
 * moment before the child joins it; rusage misses what was not waited
 * for).
 *
 * The child runs a job function that fills a small report (at most
 * ISOLATE_REPORT_MAX bytes) which travels back through a pipe; its
 * standard error goes to an unlinked temporary file whose tail the parent
 * keeps (for crash notes and to recognise an out-of-memory abort).
 * Several children may run at once (isolate_wait_any).
 *
 * Sanitizer builds: AddressSanitizer reserves terabytes of address space
 * for its shadow memory, so RLIMIT_AS would make every child fail; when
 * built with ASan, only the RSS watchdog enforces the memory limit
 * (checked every ISOLATE_POLL_MS milliseconds).
 */
#ifndef SEARCHLAB_HARNESS_ISOLATE_H
#define SEARCHLAB_HARNESS_ISOLATE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "../core/cpulimit.h"
#include "../core/diag.h"

enum { ISOLATE_REPORT_MAX = 4000, ISOLATE_POLL_MS = 20, ISOLATE_ERR_TAIL = 400 };

typedef struct isolate_limits {
    double cpu_s;     /* 0: none; the child is stopped at cpulimit_bound(cpu_s) */
    double wall_s;    /* 0: none; the parent SIGKILLs the child after it */
    uint64_t mem_mib; /* 0: none */
    int core;         /* >= 0: the child runs on this core only (sched_setaffinity) */
} isolate_limits;

/* Where the CPU limit stops a child (cpulimit_bound) and its RLIMIT_CPU
 * backstop (cpulimit_rlimit): core/cpulimit.h, whose rules outside
 * solvers' commands follow too (solve/outside.c). */

/* The wall-time safety net for a CPU limit of cpu_s: 10 x cpu_s + 30 s,
 * so that a run gets a tenth of a core for its whole CPU limit (load 20 on
 * two cores) before the wall clock may end it. */
double isolate_wall_net(double cpu_s);
/* "cgroup2" or "rusage": how runs are measured (known after the first
 * isolate_start; before it, what the first would use). */
const char *isolate_measure_name(void);

/* Runs in the child: writes its report into buf (cap bytes) and returns
 * its length.  Returning is success; the child then exits with status 0. */
typedef size_t (*isolate_job)(void *ctx, unsigned char *buf, size_t cap);

/* How the child ended. */
typedef enum isolate_end {
    ISOLATE_EXITED,    /* exit status in code */
    ISOLATE_SIGNALED,  /* killed by signal sig (not by us) */
    ISOLATE_WALL_KILL, /* we killed it: wall-time limit */
    ISOLATE_MEM_KILL,  /* we killed it: resident set over the memory limit */
    ISOLATE_CPU_LIMIT, /* used the CPU limit: SIGXCPU/SIGKILL (RLIMIT_CPU) at cpu_s >= the
                        limit, or we killed it at cpulimit_bound (the tree's CPU time) */
    ISOLATE_OOM        /* died of an out-of-memory abort (message on stderr) */
} isolate_end;

typedef struct isolate_child {
    pid_t pid;
    int pipe_fd, err_fd;
    int cg_fd; /* the run's cgroup folder, or -1 (rusage only) */
    char cg_name[48];
    uint64_t start_ns;
    isolate_limits lim;
    int done;
    int killed; /* we killed it (end says why) */
    void *tag;  /* the caller's */
    /* results, valid once done */
    isolate_end end;
    int code, sig;
    double wall_s, cpu_s;
    uint64_t peak_rss_kib; /* the tree's (memory.peak) or the child's (ru_maxrss) */
    size_t report_len;
    unsigned char report[ISOLATE_REPORT_MAX];
    char err_tail[ISOLATE_ERR_TAIL + 1];
} isolate_child;

/* How a child that died of signal sig ended, cpu_s its measured CPU time
 * and cpu_limit the run's limit (0: none), when we did not kill it:
 * ISOLATE_CPU_LIMIT only if it really used the limit (cpulimit_signal:
 * SIGXCPU or SIGKILL, the soft and hard RLIMIT_CPU, at cpu_s >=
 * cpu_limit); a SIGXCPU before the limit (ticks ran ahead,
 * cpulimit_rlimit) is ISOLATE_SIGNALED, as is any other signal; oom:
 * stderr says out of memory. */
isolate_end isolate_signal_end(int sig, double cpu_s, double cpu_limit, int oom);

/* Starts job in a new child.  Returns 0, or -1 with d (fork/pipe failed). */
int isolate_start(isolate_child *c, const isolate_limits *lim, isolate_job job, void *ctx, diag *d);
/* Waits until one of the n running children (done == 0) ends, fills its
 * results, sets done, and returns its index.  -1 if none is running. */
int isolate_wait_any(isolate_child *const *running, size_t n);
/* The same, but gives up after timeout_ms milliseconds (-1: never), or
 * when a signal interrupts the wait, returning ISOLATE_WAIT_AGAIN: the
 * caller's chance to report progress or to stop (the children go on). */
enum { ISOLATE_WAIT_AGAIN = -2 };
int isolate_wait_any_for(isolate_child *const *running, size_t n, int timeout_ms);
/* Convenience: start and wait for one child. */
int isolate_run(isolate_child *c, const isolate_limits *lim, isolate_job job, void *ctx, diag *d);

/* "SIGSEGV"-style name of a signal. */
const char *isolate_signal_name(int sig, char *buf, size_t size);

#endif
