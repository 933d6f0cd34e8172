/* testfile.h — creating and always removing the files walbench writes.
 * Files are created with O_CREAT|O_EXCL|O_NOFOLLOW only: an existing file, a
 * symlink or a device is never opened for writing. Every created path is
 * registered with signal_cleanup.h so a signal cannot leave it behind; a SIGKILL can,
 * so each file made in a directory is named walbench.PID.N.tmp and flock()ed for
 * its life, and `walbench clean` removes only those no live walbench holds. */
#ifndef WB_MEASURE_TESTFILE_H
#define WB_MEASURE_TESTFILE_H

#include <stddef.h>

#include "model/ownfile.h"

/* Creates a new file for target: NULL means the current directory; a directory
 * (or a symlink to one) means a uniquely named file inside it; any other path must
 * not exist yet. On success path holds the file's path, the file is registered
 * for removal, and the open descriptor (O_WRONLY) is returned. -errno otherwise;
 * *why names the refusal ("exists", "is a symbolic link"). */
int wb_testfile_create(const char *target, char *path, size_t path_len, const char **why);

/* Unlinks a file created above, forgets it and releases its lock. 0 or -errno;
 * a failure is reported on stderr here, with the path of the file left. */
int wb_testfile_remove(const char *path);

/* Makes dir's entries durable (a created or removed file survives a crash). 0 or -errno. */
int wb_fsync_dir(const char *dir);

#endif
