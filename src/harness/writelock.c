/* writelock.c - the one-writer lock of a result file (see writelock.h). */
#include "writelock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../core/xmalloc.h"
#include "results.h"

struct writelock {
    char *path;
    int fd;
};

/* The holder's "pid N started DATE" line, read from fd into buf.  The
 * holder writes it just after taking the lock, so an empty file is given
 * a moment (up to 0.5 s) to fill. */
static void read_holder(int fd, char *buf, size_t size) {
    buf[0] = '\0';
    for (int tries = 0; tries < 50; tries++) {
        ssize_t n = pread(fd, buf, size - 1, 0);
        if (n > 0) {
            buf[n] = '\0';
            buf[strcspn(buf, "\n")] = '\0';
            return;
        }
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
}

writelock *writelock_take(const char *csv_path, const char *started, int *busy, diag *d) {
    *busy = 0;
    char *path = results_sibling(csv_path, ".lock");
    /* Few tries: each failure means the holder let go between our open and
     * our lock, which does not happen in a loop. */
    int attempt = 0;
    for (; attempt < 20; attempt++) {
        int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (fd < 0) {
            diag_set(d, "%s: cannot create the lock file: %s", path, strerror(errno));
            break;
        }
        struct flock fl;
        memset(&fl, 0, sizeof fl);
        fl.l_type = F_WRLCK;
        fl.l_whence = SEEK_SET; /* l_start = l_len = 0: the whole file */
        if (fcntl(fd, F_SETLK, &fl)) {
            int err = errno;
            if (err == EAGAIN || err == EACCES) {
                char holder[200];
                long pid = 0;
                char date[64] = "?";
                read_holder(fd, holder, sizeof holder);
                if (sscanf(holder, "pid %ld started %63s", &pid, date) >= 1 && pid > 0)
                    diag_set(d, "%s is being written by pid %ld (started %s)", csv_path, pid, date);
                else
                    diag_set(d, "%s is being written by another process (it holds %s)", csv_path,
                             path);
                *busy = 1;
            } else {
                diag_set(d, "%s: cannot lock: %s", path, strerror(err));
            }
            close(fd);
            break;
        }
        struct stat mine, now;
        if (fstat(fd, &mine) == 0 && stat(path, &now) == 0 && mine.st_ino == now.st_ino &&
            mine.st_dev == now.st_dev) {
            char line[128];
            int n = snprintf(line, sizeof line, "pid %ld started %s\n", (long)getpid(), started);
            if (ftruncate(fd, 0) || pwrite(fd, line, (size_t)n, 0) != n) {
                diag_set(d, "%s: cannot write: %s", path, strerror(errno));
                close(fd);
                break;
            }
            writelock *l = NEWN(1, writelock);
            l->path = path;
            l->fd = fd;
            return l;
        }
        close(fd); /* we locked a file its holder had just removed: again */
    }
    if (attempt == 20) diag_set(d, "%s: cannot take the lock (it keeps being replaced)", path);
    xstrfree(path);
    return NULL;
}

void writelock_release(writelock *l) {
    if (!l) return;
    /* unlink first: a writer that opens the path from now on makes a new
     * file, and one that opened the old file finds it gone (inode check) */
    unlink(l->path);
    close(l->fd);
    xstrfree(l->path);
    FREEN(l, 1);
}
