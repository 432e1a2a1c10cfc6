/* test_child.c - child.c's watch of an outside command's process group
 * (child.h): the group's exact CPU time is read over all of its
 * processes, a group of two busy loops gets SIGXCPU when their sum
 * reaches the stop (each alone stays under it), SIGKILL at the kill
 * stop when it ignores SIGXCPU, and a group that only sleeps is never
 * stopped.  CPU-time asserts only, with wide margins; none on the wall
 * clock (the machine may be loaded). */
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "solve/child.h"

/* Runs sh -c script under the stops; the end in *e. */
static void run(const char *script, double stop, double kill_at, child_end *e) {
    char *argv[] = {"sh", "-c", (char *)script, NULL};
    child_opts o = {.what = "test",
                    .cpu_stop_s = stop,
                    .cpu_kill_s = kill_at,
                    .wall_ns = 120000000000u,
                    .search_path = 1};
    child_text out = {0}, err = {0};
    diag d = {{0}};
    CHECK(child_run(argv, &o, &out, &err, e, &d) == 0);
    CHECK_MSG(!e->killed, "the wall net ended it: %s", err.s);
    child_text_free(&out);
    child_text_free(&err);
}

int main(void) {
    /* our own group (the test's) is read; a group that does not exist is 0 */
    CHECK(child_group_cpu_s(getpgrp()) >= 0);
    CHECK(child_group_cpu_s(999999999) == 0);

    child_end e;
    /* two busy loops, 0.4 s each at the stop: SIGXCPU to the group at 0.8 s
     * of their sum; the shell waited for neither, so it is the group's
     * reading that says 0.8 */
    run("sh -c 'while :; do :; done' & sh -c 'while :; do :; done' & wait; exit 0", 0.8, 5, &e);
    CHECK_MSG(WIFSIGNALED(e.status) && WTERMSIG(e.status) == SIGXCPU && e.cpu_stopped == 1,
              "status %#x, stopped %d", e.status, e.cpu_stopped);
    CHECK_MSG(e.cpu_s >= 0.8 && e.cpu_s < 3, "cpu %.3f", e.cpu_s);

    /* SIGXCPU ignored (the shells inherit it ignored): SIGKILL at the kill stop */
    run("trap '' XCPU; sh -c 'while :; do :; done' & wait", 0.3, 0.6, &e);
    CHECK_MSG(WIFSIGNALED(e.status) && WTERMSIG(e.status) == SIGKILL && e.cpu_stopped == 2,
              "status %#x, stopped %d", e.status, e.cpu_stopped);
    CHECK_MSG(e.cpu_s >= 0.6 && e.cpu_s < 3, "cpu %.3f", e.cpu_s);

    /* a sleeper uses no CPU: never stopped, exits on its own */
    run("sleep 0.3", 0.2, 0.4, &e);
    CHECK_MSG(WIFEXITED(e.status) && WEXITSTATUS(e.status) == 0 && e.cpu_stopped == 0,
              "status %#x, stopped %d", e.status, e.cpu_stopped);
    return CHECK_DONE();
}
