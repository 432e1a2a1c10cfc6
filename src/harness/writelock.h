/* writelock.h - one writer per result file: `run` holds an exclusive
 * lock on RESULTS.lock (beside RESULTS.csv) for its whole life, so a
 * second `run` on the same file is refused at once instead of appending
 * duplicates.  The lock is a POSIX record lock (fcntl F_SETLK), not
 * flock(2): a flock is shared with the forked run children, so after the
 * driver is killed a child still dying would keep the next writer out;
 * a record lock belongs to the process alone (and works over NFS).  Readers (report, plot, merge)
 * take no lock: a row is one write() and the reader ignores a torn last line, so they see complete
 * rows only.
 *
 * The lock file holds "pid N started DATE" of its holder, for the message
 * of the refused writer.  The lock is the record lock, not the file: a file left
 * by a killed run is harmless (the kernel drops the lock with the process),
 * and the next writer takes it over.  The holder removes the file when it
 * lets go; a writer that locked a file removed meanwhile (it opened the
 * old one just before) notices by its inode and tries again.
 */
#ifndef SEARCHLAB_HARNESS_WRITELOCK_H
#define SEARCHLAB_HARNESS_WRITELOCK_H

#include "../core/diag.h"

typedef struct writelock writelock;

/* The lock of the result file csv_path (the lock file is csv_path with
 * .csv replaced by .lock).  started is the holder's start time, written
 * into the file.  Returns the lock, or NULL with d and *busy = 1 when
 * another process holds it ("CSV is being written by pid N (started
 * DATE)"), or NULL with d and *busy = 0 when the file cannot be made. */
writelock *writelock_take(const char *csv_path, const char *started, int *busy, diag *d);
/* Removes the lock file and lets go of the lock.  NULL is allowed. */
void writelock_release(writelock *l);

#endif
