/* test_isolate.c - isolated runs with fake jobs: a report comes back, a
 * crash is a signal, a hang meets the wall or CPU limit, a memory hog
 * meets the memory limit (RLIMIT_AS, or the RSS watchdog under ASan),
 * and several children run at once. */
#include <signal.h>
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

static size_t job_exit3(void *ctx, unsigned char *buf, size_t cap) {
    (void)ctx, (void)buf, (void)cap;
    _exit(3);
}

int main(void) {
    isolate_child c;
    diag d = {{0}};
    isolate_limits none = {0, 0, 0};
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
    isolate_limits wall = {0, 0.3, 0};
    uint64_t t0 = clock_ns();
    CHECK(isolate_run(&c, &wall, job_sleep, NULL, &d) == 0);
    double took = (double)(clock_ns() - t0) / 1e9;
    CHECK_MSG(c.end == ISOLATE_WALL_KILL && took >= 0.3 && took < 3, "end %d took %.2f", c.end,
              took);

    /* a spinner under a CPU limit of 1 s (RLIMIT_CPU 2 s) and a long wall
     * limit: the CPU limit stops it */
    isolate_limits cpu = {0.5, 30, 0};
    CHECK(isolate_run(&c, &cpu, job_spin, NULL, &d) == 0);
    CHECK_MSG(c.end == ISOLATE_CPU_LIMIT && c.cpu_s >= 1.0, "end %d cpu %.2f", c.end, c.cpu_s);

    isolate_limits mem = {0, 20, 64};
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
