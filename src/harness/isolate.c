/* isolate.c - fork a run into a child with CPU, wall and memory limits,
 * measure it (cgroup v2 or rusage) and collect how it ended (see
 * isolate.h). */
#define _GNU_SOURCE /* wait4, struct rusage fields, sched_setaffinity */
#include "isolate.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "../core/clock.h"

#if defined(__SANITIZE_ADDRESS__)
#define ISOLATE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ISOLATE_ASAN 1
#endif
#endif
#ifndef ISOLATE_ASAN
#define ISOLATE_ASAN 0
#endif

const char *isolate_signal_name(int sig, char *buf, size_t size) {
    static const struct {
        int sig;
        const char *name;
    } names[] = {{SIGSEGV, "SIGSEGV"}, {SIGABRT, "SIGABRT"}, {SIGBUS, "SIGBUS"},
                 {SIGFPE, "SIGFPE"},   {SIGILL, "SIGILL"},   {SIGKILL, "SIGKILL"},
                 {SIGTERM, "SIGTERM"}, {SIGXCPU, "SIGXCPU"}, {SIGINT, "SIGINT"},
                 {SIGPIPE, "SIGPIPE"}, {SIGTRAP, "SIGTRAP"}, {SIGSYS, "SIGSYS"}};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (names[i].sig == sig) return names[i].name;
    snprintf(buf, size, "SIG%d", sig);
    return buf;
}

/* A temporary file for the child's stderr, already unlinked. */
static int err_file(void) {
    const char *dir = getenv("TMPDIR");
    char path[512];
    snprintf(path, sizeof path, "%s/searchlab-stderr-XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(path);
    if (fd >= 0) unlink(path);
    return fd;
}

isolate_end isolate_signal_end(int sig, double cpu_s, double cpu_limit, int oom) {
    if (cpulimit_signal(sig, cpu_s, cpu_limit)) return ISOLATE_CPU_LIMIT;
    return oom ? ISOLATE_OOM : ISOLATE_SIGNALED;
}

double isolate_wall_net(double cpu_s) { return 10 * cpu_s + 30; }

/* ---- cgroup v2 ------------------------------------------------------------------
 * Invariant: cg.state is 0 until the first run looks, then 1 (base_fd is
 * our own cgroup's folder and a child cgroup could be made there) or -1
 * (rusage only, for the rest of the process). */
static struct {
    int state, base_fd;
    unsigned next;
} cg = {0, -1, 0};

/* Our cgroup v2 folder: the mount point of cgroup2 (mountinfo) joined to
 * our path in it ("0::PATH" in /proc/self/cgroup).  0, or -1. */
static int cg_base(char *buf, size_t size) {
    char line[4096], path[4096] = "", mnt[2048] = "";
    FILE *f = fopen("/proc/self/cgroup", "r");
    if (!f) return -1;
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, "0::", 3)) {
            line[strcspn(line, "\n")] = '\0';
            snprintf(path, sizeof path, "%s", line + 3);
        }
    fclose(f);
    f = fopen("/proc/self/mountinfo", "r");
    if (!f || !path[0]) {
        if (f) fclose(f);
        return -1;
    }
    while (fgets(line, sizeof line, f)) {
        /* ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS... - FSTYPE SOURCE ... */
        const char *dash = strstr(line, " - cgroup2 ");
        char root[2048], point[2048];
        if (!dash || sscanf(line, "%*s %*s %*s %2047s %2047s", root, point) != 2) continue;
        if (strcmp(root, "/")) continue; /* a bind of a sub-tree: paths would not match */
        snprintf(mnt, sizeof mnt, "%s", point);
        break;
    }
    fclose(f);
    if (!mnt[0]) return -1;
    snprintf(buf, size, "%s%s", mnt, strcmp(path, "/") ? path : "");
    return 0;
}

/* Removes the empty cgroups that drivers killed before they could remove
 * them left behind (named searchlab-PID-N, PID no longer running); a
 * cgroup that still holds a process is not removed (rmdir refuses). */
static void cg_sweep(void) {
    int fd = dup(cg.base_fd);
    DIR *dir = fd >= 0 ? fdopendir(fd) : NULL;
    if (!dir) {
        if (fd >= 0) close(fd);
        return;
    }
    struct dirent *de;
    while ((de = readdir(dir))) {
        long pid;
        unsigned n;
        char tail;
        if (sscanf(de->d_name, "searchlab-%ld-%u%c", &pid, &n, &tail) != 2 || pid <= 0) continue;
        if (kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue;
        unlinkat(cg.base_fd, de->d_name, AT_REMOVEDIR);
    }
    closedir(dir);
}

static void cg_init(void) {
    char base[8192];
    const char *off = getenv("SEARCHLAB_NO_CGROUP"); /* tests of the fallback */
    cg.state = -1;
    if ((off && *off && strcmp(off, "0")) || cg_base(base, sizeof base)) return;
    cg.base_fd = open(base, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (cg.base_fd >= 0) {
        cg.state = 1;
        cg_sweep();
    }
}

const char *isolate_measure_name(void) {
    if (!cg.state) cg_init();
    return cg.state > 0 ? "cgroup2" : "rusage";
}

/* A new cgroup for a run: its folder's fd (and *procs_fd, its cgroup.procs
 * open for writing), or -1 when runs are measured by rusage.  The first
 * failure to make one turns cgroups off for good (not allowed here). */
static int cg_make(char *name, size_t size, int *procs_fd) {
    if (!cg.state) cg_init();
    *procs_fd = -1;
    if (cg.state < 0) return -1;
    /* a name left by an earlier driver of the same pid (killed) is skipped */
    int made = 0;
    for (int tries = 0; tries < 8 && !made; tries++) {
        snprintf(name, size, "searchlab-%ld-%u", (long)getpid(), cg.next++);
        made = mkdirat(cg.base_fd, name, 0755) == 0;
        if (!made && errno != EEXIST) break;
    }
    if (!made) {
        cg.state = -1;
        return -1;
    }
    int fd = openat(cg.base_fd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) *procs_fd = openat(fd, "cgroup.procs", O_WRONLY | O_CLOEXEC);
    if (fd < 0 || *procs_fd < 0) {
        if (fd >= 0) close(fd);
        unlinkat(cg.base_fd, name, AT_REMOVEDIR);
        cg.state = -1;
        return -1;
    }
    return fd;
}

/* The number after key in the cgroup file (key NULL: the file's first
 * number), or -1. */
static long long cg_read(int dir, const char *file, const char *key) {
    char buf[1024];
    int fd = openat(dir, file, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0) return -1;
    buf[n] = '\0';
    const char *p = buf;
    if (key) {
        size_t k = strlen(key);
        for (p = buf; p && !(strncmp(p, key, k) == 0 && p[k] == ' ');)
            if ((p = strchr(p, '\n'))) p++;
        if (!p) return -1;
        p += k;
    }
    char *end;
    long long v = strtoll(p, &end, 10);
    return end == p ? -1 : v;
}

static double cg_cpu_s(int dir) {
    long long us = cg_read(dir, "cpu.stat", "usage_usec");
    return us < 0 ? 0 : (double)us / 1e6;
}

/* Kills every process of the child's tree: its cgroup (cgroup.kill) and
 * its process group. */
static void kill_tree(const isolate_child *c) {
    if (c->cg_fd >= 0) {
        int fd = openat(c->cg_fd, "cgroup.kill", O_WRONLY | O_CLOEXEC);
        if (fd >= 0) {
            if (write(fd, "1", 1) < 0) { /* an older kernel: the group kill below */
            }
            close(fd);
        }
    }
    kill(-c->pid, SIGKILL);
    kill(c->pid, SIGKILL);
}

/* After the child was reaped: its stragglers killed, the cgroup removed
 * (a moment may pass before the killed ones leave it). */
static void cg_drop(isolate_child *c) {
    if (c->cg_fd < 0) return;
    kill_tree(c);
    for (int i = 0; i < 200 && unlinkat(cg.base_fd, c->cg_name, AT_REMOVEDIR) && errno == EBUSY;
         i++)
        usleep(1000);
    close(c->cg_fd);
    c->cg_fd = -1;
}

static void set_limit(int resource, rlim_t soft, rlim_t hard) {
    struct rlimit rl = {soft, hard};
    setrlimit(resource, &rl);
}

/* The child's side: limits, redirections, the job, the report. */
static void child_main(const isolate_child *c, int write_fd, int procs_fd, pid_t parent,
                       isolate_job job, void *ctx) {
    /* first, so that the cgroup holds all of the run */
    if (procs_fd >= 0 && write(procs_fd, "0", 1) < 0) { /* measured by rusage then */
    }
    setpgid(0, 0);
#ifdef __linux__
    /* If the driver is killed, its runs die with it (no orphans burning
     * the CPU that the next runs will be timed on). */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(126);
#else
    (void)parent;
#endif
    dup2(c->err_fd, 2);
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) {
        dup2(null, 0);
        dup2(null, 1);
    }
    signal(SIGPIPE, SIG_DFL);
    /* Ctrl-C stops the driver, whose death then kills the child: a run
     * must not be recorded as a crash because of it. */
    signal(SIGINT, SIG_IGN);
    if (c->lim.cpu_s > 0) {
        rlim_t s = (rlim_t)cpulimit_rlimit(c->lim.cpu_s);
        set_limit(RLIMIT_CPU, s, s + 1);
    }
#ifdef __linux__
    if (c->lim.core >= 0) {
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(c->lim.core, &one);
        sched_setaffinity(0, sizeof one, &one);
    }
#endif
    if (c->lim.mem_mib > 0 && !ISOLATE_ASAN) { /* saturated: a shift never wraps to 0 */
        rlim_t as =
            c->lim.mem_mib >= ((uint64_t)1 << 43) ? RLIM_INFINITY : (rlim_t)c->lim.mem_mib << 20;
        set_limit(RLIMIT_AS, as, as);
    }
    static unsigned char buf[ISOLATE_REPORT_MAX];
    size_t n = job(ctx, buf, sizeof buf);
    if (n > sizeof buf) n = sizeof buf;
    for (size_t off = 0; off < n;) {
        ssize_t w = write(write_fd, buf + off, n - off);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) _exit(125);
        off += (size_t)w;
    }
    _exit(0);
}

int isolate_start(isolate_child *c, const isolate_limits *lim, isolate_job job, void *ctx,
                  diag *d) {
    void *tag = c->tag;
    memset(c, 0, sizeof *c);
    c->tag = tag;
    c->lim = *lim;
    c->cg_fd = -1;
    int fds[2];
    if (pipe(fds)) return diag_set(d, "cannot create a pipe: %s", strerror(errno));
    c->err_fd = err_file();
    if (c->err_fd < 0) {
        close(fds[0]);
        close(fds[1]);
        return diag_set(d, "cannot create a temporary file: %s", strerror(errno));
    }
    int procs_fd;
    c->cg_fd = cg_make(c->cg_name, sizeof c->cg_name, &procs_fd);
    fflush(NULL); /* the child must not flush the parent's buffers again */
    pid_t parent = getpid();
    c->start_ns = clock_ns();
    c->pid = fork();
    if (c->pid < 0) {
        int e = errno;
        close(fds[0]);
        close(fds[1]);
        close(c->err_fd);
        if (procs_fd >= 0) close(procs_fd);
        cg_drop(c);
        return diag_set(d, "cannot fork: %s", strerror(e));
    }
    if (c->pid == 0) {
        close(fds[0]);
        child_main(c, fds[1], procs_fd, parent, job, ctx);
    }
    setpgid(c->pid, c->pid); /* also here: a kill may come before the child ran */
    if (procs_fd >= 0) close(procs_fd);
    close(fds[1]);
    c->pipe_fd = fds[0];
    return 0;
}

/* Resident set of pid in KiB, or 0 if unknown. */
static uint64_t rss_kib(pid_t pid) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%ld/statm", (long)pid);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    unsigned long long size = 0, res = 0;
    int ok = fscanf(f, "%llu %llu", &size, &res) == 2;
    fclose(f);
    return ok ? res * (uint64_t)sysconf(_SC_PAGESIZE) / 1024 : 0;
}

static void read_err_tail(isolate_child *c) {
    struct stat st;
    c->err_tail[0] = '\0';
    if (fstat(c->err_fd, &st) == 0 && st.st_size > 0) {
        off_t from = st.st_size > ISOLATE_ERR_TAIL ? st.st_size - ISOLATE_ERR_TAIL : 0;
        ssize_t n = pread(c->err_fd, c->err_tail, ISOLATE_ERR_TAIL, from);
        c->err_tail[n > 0 ? n : 0] = '\0';
    }
    close(c->err_fd);
    c->err_fd = -1;
}

/* The pipe reached its end: reap the child and classify its end. */
static void finish(isolate_child *c) {
    int status = 0;
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    while (wait4(c->pid, &status, 0, &ru) < 0 && errno == EINTR) {
    }
    c->wall_s = (double)(clock_ns() - c->start_ns) / 1e9;
    c->cpu_s = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
               (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
    c->peak_rss_kib = (uint64_t)ru.ru_maxrss; /* KiB on Linux */
    if (c->cg_fd >= 0) {
        c->cpu_s = fmax(c->cpu_s, cg_cpu_s(c->cg_fd));
        long long peak = cg_read(c->cg_fd, "memory.peak", NULL);
        if (peak > 0) c->peak_rss_kib = (uint64_t)peak / 1024;
        cg_drop(c);
    }
    read_err_tail(c);
    close(c->pipe_fd);
    c->pipe_fd = -1;
    c->done = 1;
    int oom = strstr(c->err_tail, "out of memory") != NULL;
    /* Our kill counts only if it is what ended the child (it may have
     * exited on its own a moment before). */
    if (c->killed && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) return;
    if (WIFSIGNALED(status)) {
        c->sig = WTERMSIG(status);
        c->end = isolate_signal_end(c->sig, c->cpu_s, c->lim.cpu_s, oom);
    } else {
        c->code = WEXITSTATUS(status);
        c->end = c->code != 0 && oom ? ISOLATE_OOM : ISOLATE_EXITED;
    }
}

/* The parent's checks of a running child: the wall limit, the resident
 * set and the CPU time of its cgroup; the first one passed kills the
 * tree.  Lowers *wait_ms to when the next check is due. */
static void watch(isolate_child *c, uint64_t now, int *wait_ms) {
    isolate_end why = ISOLATE_EXITED;
    int poll = 0;
    if (c->lim.wall_s > 0) {
        uint64_t deadline = c->start_ns + (uint64_t)(c->lim.wall_s * 1e9);
        if (now >= deadline) {
            why = ISOLATE_WALL_KILL;
        } else {
            int ms = (int)((deadline - now) / 1000000) + 1;
            if (*wait_ms < 0 || ms < *wait_ms) *wait_ms = ms;
        }
    }
    if (why == ISOLATE_EXITED && c->lim.mem_mib > 0) {
        poll = 1;
        if (rss_kib(c->pid) > c->lim.mem_mib * 1024) why = ISOLATE_MEM_KILL;
    }
    if (why == ISOLATE_EXITED && c->lim.cpu_s > 0 && c->cg_fd >= 0) {
        poll = 1;
        if (cg_cpu_s(c->cg_fd) >= cpulimit_bound(c->lim.cpu_s)) why = ISOLATE_CPU_LIMIT;
    }
    if (why != ISOLATE_EXITED) {
        kill_tree(c);
        c->end = why;
        c->killed = 1;
    }
    if (poll && (*wait_ms < 0 || *wait_ms > ISOLATE_POLL_MS)) *wait_ms = ISOLATE_POLL_MS;
}

int isolate_wait_any(isolate_child *const *running, size_t n) {
    int r;
    while ((r = isolate_wait_any_for(running, n, -1)) == ISOLATE_WAIT_AGAIN) {
    }
    return r;
}

int isolate_wait_any_for(isolate_child *const *running, size_t n, int timeout_ms) {
    struct pollfd pf[64];
    size_t idx[64];
    uint64_t give_up = timeout_ms >= 0 ? clock_ns() + (uint64_t)timeout_ms * 1000000u : 0;
    for (;;) {
        size_t np = 0;
        uint64_t now = clock_ns();
        int wait_ms = -1;
        if (timeout_ms >= 0) {
            if (now >= give_up) return ISOLATE_WAIT_AGAIN;
            wait_ms = (int)((give_up - now) / 1000000) + 1;
        }
        for (size_t i = 0; i < n && np < 64; i++) {
            isolate_child *c = running[i];
            if (!c || c->done) continue;
            if (!c->killed) watch(c, now, &wait_ms);
            pf[np].fd = c->pipe_fd;
            pf[np].events = POLLIN;
            pf[np].revents = 0;
            idx[np++] = i;
        }
        if (np == 0) return -1;
        int r = poll(pf, np, wait_ms);
        if (r < 0 && errno != EINTR) return -1;
        /* A signal the caller handles (Ctrl-C): let it look at once. */
        if (r < 0 && timeout_ms >= 0) return ISOLATE_WAIT_AGAIN;
        for (size_t k = 0; r > 0 && k < np; k++) {
            if (!pf[k].revents) continue;
            isolate_child *c = running[idx[k]];
            unsigned char sink[512];
            unsigned char *dst =
                c->report_len < sizeof c->report ? c->report + c->report_len : sink;
            size_t room =
                c->report_len < sizeof c->report ? sizeof c->report - c->report_len : sizeof sink;
            ssize_t got = read(c->pipe_fd, dst, room);
            if (got > 0) {
                if (dst != sink) c->report_len += (size_t)got;
            } else if (got == 0 || errno != EINTR) {
                finish(c);
                return (int)idx[k];
            }
        }
    }
}

int isolate_run(isolate_child *c, const isolate_limits *lim, isolate_job job, void *ctx, diag *d) {
    if (isolate_start(c, lim, job, ctx, d)) return -1;
    isolate_child *one[1] = {c};
    return isolate_wait_any(one, 1) == 0 ? 0 : diag_set(d, "lost track of the child process");
}
