/* cpulimit.h - the rules of the CPU-time limit, one copy for the driver's
 * isolated runs (harness/isolate.c) and the outside solvers' commands
 * (solve/outside.c, solve/child.c): where a run is stopped, where the
 * kernel's RLIMIT_CPU backstop sits, and when a signal means the limit.
 *
 * CPU time here is the exact one (the scheduler's runtime: a cgroup's
 * cpu.stat, wait4, CLOCK_PROCESS_CPUTIME_ID, /proc/PID/stat), never the
 * sampled one that RLIMIT_CPU is checked against (scheduler ticks, which
 * run ahead of it on a loaded machine). */
#ifndef SEARCHLAB_CORE_CPULIMIT_H
#define SEARCHLAB_CORE_CPULIMIT_H

/* Where the CPU limit stops a run: ceil(cpu_s) + 1 seconds, a grace
 * beyond the limit that the job checks itself (a search stops at cpu_s
 * and reports what it did; the bound is for a job that does not stop). */
double cpulimit_bound(double cpu_s);

/* The RLIMIT_CPU soft limit for a CPU limit of cpu_s: ceil(1.25 x cpu_s)
 * + 1 seconds (hard: one more), a backstop only.  The kernel checks
 * RLIMIT_CPU against the sampled utime + stime (scheduler ticks), which on
 * a loaded machine runs ahead of the exact CPU time by several percent (5 %
 * at load 8 on two cores, measured): at the bare bound it killed searches
 * at 19.3 s of a 20 s limit, before they stopped themselves and reported.
 * The stops that decide are on the exact time (the driver's cgroup watch,
 * child.c's watch of an outside command's process group). */
double cpulimit_rlimit(double cpu_s);

/* 1 when a process that died of signal sig after cpu_s seconds of CPU was
 * stopped by a CPU limit of cpu_limit (0: none): SIGXCPU or SIGKILL (the
 * soft and hard RLIMIT_CPU, or our own stops) at cpu_s >= cpu_limit.  A
 * SIGXCPU before the limit (ticks ran ahead, cpulimit_rlimit; or a
 * program's own kill) is a crash, as is any other signal. */
int cpulimit_signal(int sig, double cpu_s, double cpu_limit);

#endif
