/* writelock.c - the one-writer lock of a result file (see writelock.h). */
#define _GNU_SOURCE /* F_OFD_SETLK */
#include "writelock.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../core/xmalloc.h"
#include "results_path.h"

struct writelock {
    char *path; /* the result file, as given */
    char *info; /* the holder's "pid N started DATE" file */
    int fd;     /* open on the result file; holds the lock */
    int created;
};

/* The holder's "pid N started DATE" line, read from the info file into
 * buf.  The holder writes it just after taking the lock, so a missing or
 * empty file is given a moment (up to 0.5 s) to fill. */
static void read_holder(const char *info, char *buf, size_t size) {
    buf[0] = '\0';
    for (int tries = 0; tries < 50; tries++) {
        int fd = open(info, O_RDONLY | O_CLOEXEC);
        ssize_t n = fd >= 0 ? pread(fd, buf, size - 1, 0) : -1;
        if (fd >= 0) close(fd);
        if (n > 0) {
            buf[n] = '\0';
            buf[strcspn(buf, "\n")] = '\0';
            return;
        }
        buf[0] = '\0';
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
}

/* An exclusive lock of the whole file open as fd: an open file
 * description lock, which belongs to this open file (not to the process:
 * closing another descriptor of the same file keeps it). */
static int lock_fd(int fd) {
    struct flock fl;
    memset(&fl, 0, sizeof fl);
    fl.l_type = F_WRLCK;
    fl.l_whence = SEEK_SET; /* l_start = l_len = 0: the whole file */
    return fcntl(fd, F_OFD_SETLK, &fl);
}

/* The info file's path: beside the file's real name (symbolic links
 * resolved), so that every name of the file finds the holder. */
static char *info_path(const char *csv_path) {
    char *real = realpath(csv_path, NULL); /* malloc'd */
    char *info = results_sibling(real ? real : csv_path, ".lock");
    free(real);
    return info;
}

writelock *writelock_take(const char *csv_path, int *busy, diag *d) {
    *busy = 0;
    char started[32]; /* the holder's start, for the message of a refused writer */
    time_t t0 = time(NULL);
    struct tm tm;
    gmtime_r(&t0, &tm);
    strftime(started, sizeof started, "%Y-%m-%dT%H:%M:%SZ", &tm);
    /* Few tries: each failure means the holder replaced the file between
     * our open and our lock, which does not happen in a loop. */
    int waits = 0; /* 10 ms waits for the children of a holder that died */
    for (int attempt = 0; attempt < 20; attempt++) {
        int created = 1;
        int fd = open(csv_path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (fd < 0 && errno == EEXIST) {
            created = 0;
            fd = open(csv_path, O_RDWR | O_CLOEXEC);
        }
        if (fd < 0) {
            diag_set(d, "%s: cannot open for writing: %s", csv_path, strerror(errno));
            return NULL;
        }
        struct stat mine, now;
        if (fstat(fd, &mine) || !S_ISREG(mine.st_mode)) {
            diag_set(d, "%s: not a regular file: expected a result file", csv_path);
            close(fd);
            return NULL;
        }
        if (lock_fd(fd)) {
            int err = errno;
            char *info = info_path(csv_path);
            if (err == EAGAIN || err == EACCES) {
                char holder[200];
                long pid = 0;
                char date[64] = "?";
                read_holder(info, holder, sizeof holder);
                int named = sscanf(holder, "pid %ld started %63s", &pid, date) >= 1 && pid > 0;
                /* The holder is gone (killed) but a child it forked still
                 * holds the lock until it dies in turn (its parent-death
                 * signal): wait for it, up to 3 s, rather than refuse. */
                if (named && kill((pid_t)pid, 0) && errno == ESRCH && waits++ < 300) {
                    xstrfree(info);
                    close(fd);
                    struct timespec ts = {0, 10 * 1000 * 1000};
                    nanosleep(&ts, NULL);
                    attempt--;
                    continue;
                }
                if (named)
                    diag_set(d, "%s is being written by pid %ld (started %s)", csv_path, pid, date);
                else
                    diag_set(d, "%s is being written by another process", csv_path);
                *busy = 1;
            } else {
                diag_set(d, "%s: cannot lock: %s", csv_path, strerror(err));
            }
            xstrfree(info);
            close(fd);
            return NULL;
        }
        if (stat(csv_path, &now) || mine.st_ino != now.st_ino || mine.st_dev != now.st_dev) {
            close(fd); /* we locked a file its holder had just replaced: again */
            continue;
        }
        writelock *l = NEWN(1, writelock);
        l->path = xstrdup(csv_path);
        l->info = info_path(csv_path);
        l->fd = fd;
        l->created = created;
        char line[128];
        int n = snprintf(line, sizeof line, "pid %ld started %s\n", (long)getpid(), started);
        int ifd = open(l->info, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (ifd < 0 || write(ifd, line, (size_t)n) != n) {
            diag_set(d, "%s: cannot write: %s", l->info, strerror(errno));
            if (ifd >= 0) close(ifd);
            writelock_release(l);
            return NULL;
        }
        close(ifd);
        /* what a writer killed in a replacement left (see results.h) */
        static const char *const twins[] = {"", ".jsonl", ".context.jsonl", ".context.json"};
        for (size_t i = 0; i < sizeof twins / sizeof *twins; i++) {
            char *p = i ? results_sibling(csv_path, twins[i]) : xstrdup(csv_path);
            results_remove_temporaries(p);
            xstrfree(p);
        }
        return l;
    }
    diag_set(d, "%s: cannot take the lock (the file keeps being replaced)", csv_path);
    return NULL;
}

int writelock_fd(const writelock *l) { return l ? l->fd : -1; }

int writelock_move(writelock *l, int fd, int *old_fd) {
    *old_fd = -1;
    if (!l) return 0;
    int nfd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (nfd < 0) return -1;
    if (lock_fd(nfd)) {
        int e = errno;
        close(nfd);
        errno = e;
        return -1;
    }
    *old_fd = l->fd;
    l->fd = nfd;
    l->created = 0;
    return 0;
}

void writelock_release(writelock *l) {
    if (!l) return;
    /* the info file first: a writer that takes the lock from now on
     * writes its own */
    unlink(l->info);
    /* a file made by taking the lock and never written (the plan failed)
     * is not left behind */
    struct stat mine, now;
    if (l->created && !fstat(l->fd, &mine) && mine.st_size == 0 && !stat(l->path, &now) &&
        mine.st_ino == now.st_ino && mine.st_dev == now.st_dev)
        unlink(l->path);
    close(l->fd);
    xstrfree(l->path);
    xstrfree(l->info);
    FREEN(l, 1);
}
