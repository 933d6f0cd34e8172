/* testfile.c — safe creation and guaranteed removal of test files: never an
 * existing file, never through a symlink, and every file registered for removal
 * on a signal (signal_cleanup.h) in the same step that creates it.
 * Trap: the flock is held on a dup of the creating descriptor, so it lasts while
 * callers close and reopen the file; it does no I/O and costs no flush. */
#include "measure/testfile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "measure/signal_cleanup.h"
#include "model/ownfile.h"

/* A run's files in one directory must never exhaust the names. */
_Static_assert(WB_TESTFILE_ATTEMPTS > WB_MAX_JOBS * WB_FILES_PER_JOB + 8,
	       "too few test file names for the most jobs");

/* A lock on the file for as long as it exists, so `walbench clean` can tell a
 * running walbench's file from a leftover even when the PID in its name is not
 * one it can see (another PID namespace). Best effort: without a descriptor to
 * spare, or on a file system without flock, clean still has the PID. */
static int lock_file(int fd)
{
	int lock_fd = fcntl(fd, F_DUPFD_CLOEXEC, 3);

	if (lock_fd >= 0 && flock(lock_fd, LOCK_EX | LOCK_NB)) {
		(void)close(lock_fd);
		lock_fd = -1;
	}
	return lock_fd;
}

/* Create-and-register must be one step: a signal between open and register would
 * leave the file behind. */
static int create_exclusive(const char *path, const char **why)
{
	sigset_t old;
	int fd, ret, lock_fd;

	wb_cleanup_block(&old);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0) {
		ret = -errno;
		*why = ret == -EEXIST ? "already exists; walbench never writes to an existing file"
				      : "cannot be created";
		wb_cleanup_restore(&old);
		return ret;
	}
	lock_fd = lock_file(fd);
	ret = wb_cleanup_register(path, lock_fd);
	if (ret) {
		(void)unlink(path);
		if (lock_fd >= 0)
			(void)close(lock_fd);
		(void)close(fd);
		*why = "too many test files";
		fd = ret;
	}
	wb_cleanup_restore(&old);
	return fd;
}

int wb_testfile_create(const char *target, char *path, size_t path_len, const char **why)
{
	struct stat st;
	unsigned attempt;
	int fd;

	if (!target)
		target = ".";
	*why = "cannot be created";
	if (lstat(target, &st) == 0 && S_ISLNK(st.st_mode)) {
		/* A symlink to a directory is fine (pg_wal is often one); to anything else not. */
		if (stat(target, &st) != 0 || !S_ISDIR(st.st_mode)) {
			*why = "is a symbolic link; walbench does not follow it";
			return -ELOOP;
		}
	}
	if (stat(target, &st) == 0 && S_ISDIR(st.st_mode)) {
		for (attempt = 0; attempt < WB_TESTFILE_ATTEMPTS; attempt++) {
			if (snprintf(path, path_len, "%s/" WB_TESTFILE_PREFIX "%ld.%u"
				     WB_TESTFILE_SUFFIX, target, (long)getpid(),
				     attempt) >= (int)path_len) {
				*why = "path too long";
				return -ENAMETOOLONG;
			}
			fd = create_exclusive(path, why);
			if (fd != -EEXIST)
				return fd;
		}
		return -EEXIST;
	}
	if (lstat(target, &st) == 0) {
		*why = "already exists; walbench never writes to an existing file";
		return -EEXIST;
	}
	if (snprintf(path, path_len, "%s", target) >= (int)path_len) {
		*why = "path too long";
		return -ENAMETOOLONG;
	}
	return create_exclusive(path, why);
}

int wb_fsync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -errno;
	if (fsync(fd))
		ret = -errno;
	if (close(fd) && !ret)
		ret = -errno;
	return ret;
}

/* Says so whenever a file stays: callers remove files on their way out of a
 * failure too (a shut-down file system fails the unlink as it failed the
 * test), where a status cannot carry a second story. */
int wb_testfile_remove(const char *path)
{
	const char *slash = strrchr(path, '/'), *name = slash ? slash + 1 : path;
	const char *dir = slash ? path : ".";
	int dir_len = slash && slash != path ? (int)(slash - path) : 1; /* "/x": dir is "/" */
	int ret = unlink(path) ? -errno : 0;
	pid_t pid;

	wb_cleanup_forget(path);
	if (!ret)
		return 0;
	fprintf(stderr, "walbench: removing %s failed: %s", path, strerror(-ret));
	if (ret == -ENOENT)
		fprintf(stderr, "\n");
	else if (!wb_testfile_name_parse(name, &pid)) /* compat -f FILE: a name of the user's */
		fprintf(stderr, "; the file is left there\n");
	else
		fprintf(stderr, "; the file is left there (`walbench clean %.*s` removes it once "
			"the file system allows)\n", dir_len, dir);
	return ret;
}
