/* writelock.h - one writer per result file: `run` and `merge` hold an
 * exclusive lock on RESULTS.csv itself for their whole life, so a second
 * writer is refused at once instead of appending duplicates or replacing
 * the rows.  The lock is on the file (its inode), not on a name: a symbolic
 * or hard link to the file is the same file, and finds it locked.
 *
 * It is an open file description lock (fcntl F_OFD_SETLK): it belongs to
 * the descriptor the lock opened, so the process may open and close the
 * file through other descriptors (the readers, the appender) without
 * losing it, as a POSIX record lock would; and the driver's forked run
 * children close that descriptor first (writelock_fd), so a child still
 * dying after the driver was killed does not keep the next writer out.
 * The kernel drops the lock with its last descriptor: a killed writer
 * leaves nothing that blocks.  When the holder replaces the file (a
 * temporary renamed over it), it locks the replacement before the rename
 * (writelock_move), so the file at the name is locked at every moment; a
 * writer that locked a file replaced meanwhile notices by its inode and
 * tries again.
 *
 * Beside the file's real name, RESULTS.lock holds "pid N started DATE" of
 * the holder, for the message of the refused writer; the holder removes
 * it when it lets go.  Taking the lock also removes the temporaries that a
 * writer killed in a replacement left (RESULTS.csv.tmpPID, ...).
 */
#ifndef SEARCHLAB_HARNESS_WRITELOCK_H
#define SEARCHLAB_HARNESS_WRITELOCK_H

#include "../core/diag.h"

typedef struct writelock writelock;

/* The lock of the result file csv_path (created empty when missing, and
 * removed again at release if it is still empty).  The time it is
 * taken (UTC, ISO 8601) is written into the info file.  Returns the lock, or
 * NULL with d and *busy = 1 when another process holds it ("CSV is being
 * written by pid N (started DATE)"), or NULL with d and *busy = 0 when
 * the file cannot be opened (or is no regular file). */
writelock *writelock_take(const char *csv_path, int *busy, diag *d);
/* The descriptor that holds the lock (-1 for NULL): a forked child that
 * does not write the file closes it. */
int writelock_fd(const writelock *l);
/* Locks the file open as fd (the replacement of the locked file, before
 * it is renamed over it) and makes it the locked one; *old_fd is the
 * descriptor of the old lock, for the caller to close once the rename is
 * done (-1 when l is NULL).  0, or -1 with errno. */
int writelock_move(writelock *l, int fd, int *old_fd);
/* Removes the info file and lets go of the lock.  NULL is allowed. */
void writelock_release(writelock *l);

#endif
