/* test_isolate.c - isolated runs with fake jobs: a report comes back, a
 * crash is a signal, a hang meets the wall or CPU limit, a memory hog
 * meets the memory limit (RLIMIT_AS, or the RSS watchdog under ASan),
 * the CPU limit holds for a tree of processes (cgroup v2), a pinned run
 * has one core, and several children run at once.  No check is on wall
 * time beyond what a limit guarantees (the machine may be busy). */
#define _GNU_SOURCE /* sched_getaffinity */
#include <sched.h>
#include <signal.h>
#include <sys/wait.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "core/clock.h"
#include "core/xmalloc.h"
#include "harness/isolate.h"

static size_t job_echo(void *ctx, unsigned char *buf, size_t cap) {
    const char *msg = ctx;
    size_t n = strlen(msg) + 1;
    memcpy(buf, msg, n < cap ? n : cap);
    return n;
}

static size_t job_crash(void *ctx, unsigned char *buf, size_t cap) {
    (void)ctx, (void)buf, (void)cap;
    fputs("about to crash\n", stderr);
    signal(SIGSEGV, SIG_DFL);
    raise(SIGSEGV);
    return 0;
}

static size_t job_spin(void *ctx, unsigned char *buf, size_t cap) {
    (void)ctx, (void)buf, (void)cap;
    for (volatile unsigned long i = 0;; i++) {
    }
    return 0;
}

static size_t job_sleep(void *ctx, unsigned char *buf, size_t cap) {
    (void)ctx, (void)buf, (void)cap;
    for (;;) pause();
    return 0;
}

static size_t job_hog(void *ctx, unsigned char *buf, size_t cap) {
    (void)ctx, (void)buf, (void)cap;
    for (;;) {
        char *p = xmalloc(1 << 20);
        memset(p, 7, 1 << 20);
    }
    return 0;
}

/* Three spinning grandchildren; the child waits for them.  Each alone
 * stays under its own RLIMIT_CPU long enough for the tree to pass the
 * bound first. */
static size_t job_tree(void *ctx, unsigned char *buf, size_t cap) {
    (void)ctx, (void)buf, (void)cap;
    for (int i = 0; i < 3; i++)
        if (fork() == 0)
            for (volatile unsigned long k = 0;; k++) {
            }
    while (wait(NULL) > 0) {
    }
    return 0;
}

/* Reports how many cores the child may run on, and whether core 0. */
static size_t job_cores(void *ctx, unsigned char *buf, size_t cap) {
    (void)ctx;
    cpu_set_t set;
    CPU_ZERO(&set);
    int r[2] = {-1, 0};
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        r[0] = CPU_COUNT(&set), r[1] = CPU_ISSET(0, &set);
    memcpy(buf, r, sizeof r < cap ? sizeof r : cap);
    return sizeof r;
}

static size_t job_exit3(void *ctx, unsigned char *buf, size_t cap) {
    (void)ctx, (void)buf, (void)cap;
    _exit(3);
}

int main(void) {
    /* how a signal ends a run (isolate_signal_end): the CPU limit only
     * when the measured CPU time reached it; RLIMIT_CPU's SIGXCPU comes
     * from ticks that may run ahead of it, so a SIGXCPU at 19.4 s of a
     * 20 s limit is a signal, not the limit */
    CHECK(isolate_signal_end(SIGXCPU, 19.4, 20, 0) == ISOLATE_SIGNALED);
    CHECK(isolate_signal_end(SIGXCPU, 20.0, 20, 0) == ISOLATE_CPU_LIMIT);
    CHECK(isolate_signal_end(SIGXCPU, 21.3, 20, 1) == ISOLATE_CPU_LIMIT);
    CHECK(isolate_signal_end(SIGKILL, 22.0, 20, 0) == ISOLATE_CPU_LIMIT);
    CHECK(isolate_signal_end(SIGKILL, 19.9, 20, 0) == ISOLATE_SIGNALED);
    CHECK(isolate_signal_end(SIGKILL, 30.0, 0, 0) == ISOLATE_SIGNALED);
    CHECK(isolate_signal_end(SIGXCPU, 30.0, 0, 0) == ISOLATE_SIGNALED);
    CHECK(isolate_signal_end(SIGSEGV, 25.0, 20, 0) == ISOLATE_SIGNALED);
    CHECK(isolate_signal_end(SIGABRT, 1.0, 20, 1) == ISOLATE_OOM);
    /* the child's RLIMIT_CPU is a backstop beyond the bound that decides,
     * with room for ticks running a fifth ahead */
    for (double lim = 0.5; lim <= 3600; lim *= 3)
        CHECK_MSG(cpulimit_rlimit(lim) >= cpulimit_bound(lim) &&
                      cpulimit_rlimit(lim) >= 1.2 * lim + 1,
                  "limit %g: rlimit %g bound %g", lim, cpulimit_rlimit(lim), cpulimit_bound(lim));

    isolate_child c;
    diag d = {{0}};
    isolate_limits none = {0, 0, 0, -1};
    char msg[] = "hello from the child";
    CHECK(isolate_run(&c, &none, job_echo, msg, &d) == 0);
    CHECK(c.end == ISOLATE_EXITED && c.code == 0 && c.report_len == sizeof msg);
    CHECK(memcmp(c.report, msg, sizeof msg) == 0);
    CHECK(c.peak_rss_kib > 0 && c.wall_s >= 0);

    CHECK(isolate_run(&c, &none, job_crash, NULL, &d) == 0);
    CHECK_MSG(c.end == ISOLATE_SIGNALED && c.sig == SIGSEGV, "end %d sig %d", c.end, c.sig);
    CHECK(strstr(c.err_tail, "about to crash") != NULL);

    CHECK(isolate_run(&c, &none, job_exit3, NULL, &d) == 0);
    CHECK(c.end == ISOLATE_EXITED && c.code == 3 && c.report_len == 0);

    /* a sleeper uses no CPU: only the wall limit can stop it */
    isolate_limits wall = {0, 0.3, 0, -1};
    uint64_t t0 = clock_ns();
    CHECK(isolate_run(&c, &wall, job_sleep, NULL, &d) == 0);
    double took = (double)(clock_ns() - t0) / 1e9;
    CHECK_MSG(c.end == ISOLATE_WALL_KILL && took >= 0.3, "end %d took %.2f", c.end, took);

    /* a spinner under a CPU limit of 0.5 s (stopped at 2 s of CPU) and the
     * wall net that the driver gives it: the CPU limit stops it */
    isolate_limits cpu = {0.5, isolate_wall_net(0.5), 0, -1};
    CHECK(cpulimit_bound(0.5) == 2 && isolate_wall_net(0.5) >= 30);
    CHECK(isolate_run(&c, &cpu, job_spin, NULL, &d) == 0);
    CHECK_MSG(c.end == ISOLATE_CPU_LIMIT && c.cpu_s >= 1.0, "end %d cpu %.2f", c.end, c.cpu_s);

    /* the CPU limit of a tree: with a cgroup the three grandchildren are
     * stopped together when the tree's CPU time passes 2 s (each alone
     * would reach it only at 2 s of its own); with rusage each grandchild
     * meets its own RLIMIT_CPU and the child, which waited for them,
     * exits with their CPU time in its rusage */
    const char *how = isolate_measure_name();
    CHECK(!strcmp(how, "cgroup2") || !strcmp(how, "rusage"));
    CHECK(isolate_run(&c, &cpu, job_tree, NULL, &d) == 0);
    if (!strcmp(isolate_measure_name(), "cgroup2"))
        CHECK_MSG(c.end == ISOLATE_CPU_LIMIT && c.cpu_s >= 2 && c.cpu_s < 5.5, "end %d cpu %.2f",
                  c.end, c.cpu_s);
    else
        CHECK_MSG(c.end == ISOLATE_EXITED && c.cpu_s >= 5.5, "end %d cpu %.2f", c.end, c.cpu_s);
    printf("runs measured by %s\n", isolate_measure_name());

    /* pinned to core 0: one core, core 0 */
    isolate_limits pin = {0, 0, 0, 0};
    CHECK(isolate_run(&c, &pin, job_cores, NULL, &d) == 0);
    int cores[2] = {0, 0};
    memcpy(cores, c.report, sizeof cores);
    CHECK_MSG(c.report_len == sizeof cores && cores[0] == 1 && cores[1] == 1, "cores %d, 0: %d",
              cores[0], cores[1]);
    CHECK(isolate_run(&c, &none, job_cores, NULL, &d) == 0);
    memcpy(cores, c.report, sizeof cores);
    CHECK(cores[0] >= 1);

    isolate_limits mem = {0, 20, 64, -1};
    CHECK(isolate_run(&c, &mem, job_hog, NULL, &d) == 0);
    CHECK_MSG(c.end == ISOLATE_OOM || c.end == ISOLATE_MEM_KILL, "end %d: %s", c.end, c.err_tail);

    /* three at once: each report comes back to its own child */
    isolate_child kids[3];
    isolate_child *live[3];
    char msgs[3][8] = {"a", "bb", "ccc"};
    for (int i = 0; i < 3; i++) {
        CHECK(isolate_start(&kids[i], &none, job_echo, msgs[i], &d) == 0);
        live[i] = &kids[i];
    }
    for (int k = 0; k < 3; k++) {
        int i = isolate_wait_any(live, 3);
        CHECK(i >= 0 && i < 3);
        if (i < 0) break;
        CHECK(kids[i].report_len == strlen(msgs[i]) + 1 &&
              !strcmp((char *)kids[i].report, msgs[i]));
        live[i] = NULL;
    }
    CHECK(isolate_wait_any(live, 3) == -1);
    return CHECK_DONE();
}
