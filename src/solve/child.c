/* child.c - running an outside command in a child process, its output
 * read through pipes (child.h). */
#define _DEFAULT_SOURCE /* setpgid, kill, wait4 */
#include "child.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../core/clock.h"
#include "../core/xmalloc.h"

void child_text_add(child_text *t, const char *s, size_t n) {
    GROW(&t->s, &t->cap, t->len + n + 1);
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = '\0';
}

void child_text_free(child_text *t) {
    if (t->s) FREEN(t->s, t->cap);
    memset(t, 0, sizeof *t);
}

const char *child_last_line(const char *s, char *buf, size_t size) {
    size_t n = strlen(s);
    while (n && (s[n - 1] == '\n' || s[n - 1] == '\r')) n--;
    size_t b = n;
    while (b && s[b - 1] != '\n') b--;
    snprintf(buf, size, "%.*s", (int)(n - b), s + b);
    return buf;
}

/* One read of fd into t; *open cleared at its end or on an error. */
static void read_some(child_text *t, int fd, int *open) {
    GROW(&t->s, &t->cap, t->len + 4097);
    ssize_t k = read(fd, t->s + t->len, 4096);
    if (k > 0)
        t->len += (size_t)k;
    else if (k == 0 || errno != EINTR)
        *open = 0;
    t->s[t->len] = '\0';
}

/* In the child: lowers RLIMIT_CPU to s seconds (hard s + 1); lowering a
 * limit is always allowed, raising one is not tried. */
static void lower_cpu_limit(rlim_t s) {
    struct rlimit rl;
    if (getrlimit(RLIMIT_CPU, &rl) == 0 && (rl.rlim_max == RLIM_INFINITY || rl.rlim_max > s)) {
        rl.rlim_cur = s;
        if (rl.rlim_max == RLIM_INFINITY || rl.rlim_max > s + 1) rl.rlim_max = s + 1;
        setrlimit(RLIMIT_CPU, &rl);
    }
}

/* ---- the group's CPU watch ------------------------------------------------------ */

/* The CPU time of one process whose /proc/PID/stat is line, in clock
 * ticks, if it is a live member of pgid, else 0.  The command name (field
 * 2) may hold blanks and parentheses: the fields are read after its last
 * ')'. */
static unsigned long long member_ticks(const char *line, pid_t pgid) {
    const char *p = strrchr(line, ')');
    char state;
    long group;
    unsigned long long ut, st, cut, cst;
    if (!p || sscanf(p + 1, " %c %*d %ld %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %llu %llu",
                     &state, &group, &ut, &st, &cut, &cst) != 6)
        return 0;
    if (group != (long)pgid || state == 'Z' || state == 'X') return 0;
    return ut + st + cut + cst;
}

double child_group_cpu_s(pid_t pgid) {
    DIR *dir = opendir("/proc");
    if (!dir) return -1;
    unsigned long long ticks = 0;
    struct dirent *de;
    while ((de = readdir(dir))) {
        if (de->d_name[0] < '1' || de->d_name[0] > '9') continue;
        char path[64], line[1024];
        snprintf(path, sizeof path, "/proc/%.32s/stat", de->d_name); /* a pid: digits */
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0) continue; /* gone since the readdir */
        ssize_t n = read(fd, line, sizeof line - 1);
        close(fd);
        if (n <= 0) continue;
        line[n] = '\0';
        ticks += member_ticks(line, pgid);
    }
    closedir(dir);
    long hz = sysconf(_SC_CLK_TCK);
    return (double)ticks / (double)(hz > 0 ? hz : 100);
}

/* One look at the group's CPU time against the stops of o (the group's
 * leader is pid): SIGXCPU at cpu_stop_s, SIGKILL at cpu_kill_s, each only
 * when a second reading agrees (a process waited for between the reads of
 * its own line and of its parent's would be counted twice in one).
 * Returns when the next look is due, 0 for none. */
static uint64_t cpu_watch(pid_t pid, const child_opts *o, child_end *e, uint64_t now) {
    double t = child_group_cpu_s(pid);
    if (t < 0) return 0; /* no /proc: RLIMIT_CPU alone */
    for (int step = 0; step < 2; step++) {
        double at = step ? o->cpu_kill_s : o->cpu_stop_s;
        if (e->cpu_stopped > step || at <= 0 || t < at) continue;
        double again = child_group_cpu_s(pid);
        if (again < t) t = again;
        if (t < at) break;
        kill(-pid, step ? SIGKILL : SIGXCPU);
        e->cpu_stopped = step + 1;
    }
    if (t > e->cpu_s) e->cpu_s = t;
    double next = e->cpu_stopped == 0 && o->cpu_stop_s > 0 ? o->cpu_stop_s
                  : e->cpu_stopped < 2                     ? o->cpu_kill_s
                                                           : 0;
    if (next <= 0) return 0;
    /* the group cannot burn more than one second a second on each core */
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    double ms = (next - t) / (double)(cores > 0 ? cores : 1) * 1e3;
    if (ms < CHILD_CPU_POLL_MS) ms = CHILD_CPU_POLL_MS;
    if (ms > CHILD_CPU_POLL_MAX_MS) ms = CHILD_CPU_POLL_MAX_MS;
    return now + (uint64_t)(ms * 1e6);
}

/* ---- the run ------------------------------------------------------------------------- */

int child_run(char *const argv[], const child_opts *o, child_text *out, child_text *err,
              child_end *e, diag *d) {
    child_text_add(out, "", 0);
    child_text_add(err, "", 0);
    memset(e, 0, sizeof *e);
    int po[2], pe[2];
    if (pipe(po)) return diag_set(d, "%s: pipe: %s", o->what, strerror(errno));
    if (pipe(pe)) {
        close(po[0]), close(po[1]);
        return diag_set(d, "%s: pipe: %s", o->what, strerror(errno));
    }
    fflush(NULL);
    uint64_t start = clock_ns();
    pid_t pid = fork();
    if (pid < 0) {
        close(po[0]), close(po[1]), close(pe[0]), close(pe[1]);
        return diag_set(d, "%s: fork: %s", o->what, strerror(errno));
    }
    if (pid == 0) {
        setpgid(0, 0);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        int null = open("/dev/null", O_RDONLY);
        if (null >= 0) dup2(null, 0);
        dup2(po[1], 1);
        dup2(pe[1], 2);
        close(po[0]), close(po[1]), close(pe[0]), close(pe[1]);
        signal(SIGPIPE, SIG_DFL);
        if (o->cpu_rlim) lower_cpu_limit((rlim_t)o->cpu_rlim);
        if (o->search_path)
            execvp(argv[0], argv);
        else
            execv(argv[0], argv);
        fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    setpgid(pid, pid); /* also here: no kill(-pid) before the child's own call */
    close(po[1]), close(pe[1]);
    uint64_t deadline = o->wall_ns ? start + o->wall_ns : 0;
    uint64_t cpu_due = o->cpu_stop_s > 0 || o->cpu_kill_s > 0 ? start : 0;
    int open_[2] = {1, 1}, fds[2] = {po[0], pe[0]};
    child_text *bufs[2] = {out, err};
    while (open_[0] || open_[1]) {
        int wait_ms = -1;
        uint64_t now = clock_ns();
        if (deadline) {
            if (now >= deadline) {
                kill(-pid, SIGKILL);
                e->killed = 1;
                break;
            }
            wait_ms = (int)((deadline - now) / 1000000u) + 1;
        }
        if (cpu_due && now >= cpu_due) cpu_due = cpu_watch(pid, o, e, now);
        if (cpu_due) {
            int ms = cpu_due > now ? (int)((cpu_due - now) / 1000000u) + 1 : 0;
            if (wait_ms < 0 || ms < wait_ms) wait_ms = ms;
        }
        struct pollfd pf[2];
        for (int i = 0; i < 2; i++) pf[i] = (struct pollfd){open_[i] ? fds[i] : -1, POLLIN, 0};
        if (poll(pf, 2, wait_ms) < 0 && errno != EINTR) break;
        for (int i = 0; i < 2; i++)
            if (open_[i] && (pf[i].revents & (POLLIN | POLLHUP | POLLERR)))
                read_some(bufs[i], fds[i], &open_[i]);
    }
    close(po[0]), close(pe[0]);
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    while (wait4(pid, &e->status, 0, &ru) < 0 && errno == EINTR) {
    }
    kill(-pid, SIGKILL); /* what is left of its group */
    e->wall_ns = clock_ns() - start;
    double waited = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
                    (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
    if (waited > e->cpu_s) e->cpu_s = waited; /* else the group's last reading */
    return 0;
}
