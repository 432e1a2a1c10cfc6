/* cpulimit.c - the rules of the CPU-time limit (cpulimit.h). */
#include "cpulimit.h"

#include <math.h>
#include <signal.h>

double cpulimit_bound(double cpu_s) { return ceil(cpu_s) + 1; }

double cpulimit_rlimit(double cpu_s) { return ceil(1.25 * cpu_s) + 1; }

int cpulimit_signal(int sig, double cpu_s, double cpu_limit) {
    return (sig == SIGXCPU || sig == SIGKILL) && cpu_limit > 0 && cpu_s >= cpu_limit;
}
