/* testfile.h — creating, filling and always removing the files walbench writes.
 * Files are created with O_CREAT|O_EXCL|O_NOFOLLOW only: an existing file, a
 * symlink or a device is never opened for writing. Every created path is
 * registered so that a SIGINT/SIGTERM/SIGHUP handler can unlink it before exiting
 * with 128 + the signal number. */
#ifndef WB_TESTFILE_H
#define WB_TESTFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define WB_TESTFILE_MAX 64 /* files registered at once (one per writer thread) */

/* Installs the cleanup handlers; call once before creating any file. */
int wb_cleanup_install(void);

/* Creates a new file for target: NULL means the current directory; a directory
 * (or a symlink to one) means a uniquely named file inside it; any other path must
 * not exist yet. On success path holds the file's path, the file is registered
 * for removal, and the open descriptor (O_WRONLY) is returned. -errno otherwise;
 * *why names the refusal ("exists", "is a symbolic link"). */
int wb_testfile_create(const char *target, char *path, size_t path_len, const char **why);

/* Writes bytes from offset 0 and fsyncs, so later tests overwrite allocated
 * blocks: pseudo-random data as pg_test_fsync prepares its file, or zeros as
 * PostgreSQL's wal_init_zero prepares a WAL segment. 0 or -errno; *call names the
 * failing call ("write", "fsync"). */
int wb_testfile_fill(int fd, uint64_t bytes, bool zeros, const char **call);

/* Unlinks a file created above and forgets it. 0 or -errno. */
int wb_testfile_remove(const char *path);

/* Fills buf with non-repeating bytes (compressing devices must not shortcut it). */
void wb_fill_random(void *buf, size_t len, uint64_t seed);

#endif
