/* atomic_file.c — temp file, fsync, rename; see atomic_file.h.
 * Trap: rename(2) replaces its target without a word, so the name is taken with
 * renameat2(RENAME_NOREPLACE), or with link(2) where the file system has no such
 * flag (NFS, older FUSE file systems): both fail with EEXIST instead of replacing.
 * Where neither works (a FUSE file system with neither, vfat under an old kernel),
 * the report is written straight to a new file made with O_EXCL: a reader may
 * then see it half-written, which beats losing a run of minutes, and it still
 * never replaces anything. */
#include "report/atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int write_all(int fd, const char *s, size_t len)
{
	while (len) {
		ssize_t n = write(fd, s, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		s += n;
		len -= (size_t)n;
	}
	return 0;
}

/* Writes text to fd, fsyncs and closes it. 0 or -errno. */
static int write_sync_close(int fd, const char *text, size_t len)
{
	int ret = write_all(fd, text, len);

	if (!ret && fsync(fd))
		ret = -errno;
	if (close(fd) && !ret)
		ret = -errno;
	return ret;
}

/* The last way to a new name: path made with O_EXCL and the text written there.
 * 0 or -errno (-EEXIST: taken); a file of ours left half-written is removed. */
static int write_new(const char *path, const char *text, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644), ret;

	if (fd < 0)
		return -errno;
	ret = write_sync_close(fd, text, len);
	if (ret)
		(void)unlink(path); /* made by this open: ours, and not the report */
	return ret;
}

/* Gives the report the name path only if path is still free: the check before
 * measuring cannot hold it for the minutes a run takes. tmp holds text already.
 * 0 or -errno (-EEXIST: taken). */
static int take_name(const char *tmp, const char *path, const char *text, size_t len)
{
	int ret;

	if (!renameat2(AT_FDCWD, tmp, AT_FDCWD, path, RENAME_NOREPLACE))
		return 0;
	/* EINVAL and ENOTSUP: the file system has no RENAME_NOREPLACE; ENOSYS: the
	 * kernel or a seccomp filter has no renameat2. link(2) never replaces either. */
	if (errno != EINVAL && errno != ENOTSUP && errno != ENOSYS)
		return -errno;
	if (!link(tmp, path)) {
		(void)unlink(tmp); /* the report has its name; this is only the second one */
		return 0;
	}
	/* EPERM (vfat: no hard links), EOPNOTSUPP, ENOSYS: no way to name a finished
	 * file without replacing, so the text goes to a new one; anything else
	 * (EEXIST above all) is the answer. */
	if (errno != EPERM && errno != EOPNOTSUPP && errno != ENOSYS)
		return -errno;
	ret = write_new(path, text, len);
	if (!ret)
		(void)unlink(tmp); /* the text is at path now */
	return ret;
}

/* The caller checked the name before measuring (cli/inputs.h), so a file there
 * now came while walbench ran: someone's, kept, and the report is lost instead. */
static const char appeared[] =
	"appeared while walbench ran; left as it was, this report not written";

int wb_write_file_atomic(const char *path, const char *text, size_t len, const char **why)
{
	char tmp[PATH_MAX];
	struct stat st;
	int fd, ret;

	if (lstat(path, &st) == 0) {
		*why = S_ISLNK(st.st_mode)   ? "is a symbolic link; not followed"
		       : !S_ISREG(st.st_mode) ? "is not a regular file"
					      : appeared;
		return -EEXIST;
	}
	if (snprintf(tmp, sizeof(tmp), "%s.%ld.tmp", path, (long)getpid()) >= (int)sizeof(tmp)) {
		*why = "path too long";
		return -ENAMETOOLONG;
	}
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0) {
		*why = "creating the temporary file";
		return -errno;
	}
	ret = write_sync_close(fd, text, len);
	if (ret) {
		*why = "writing";
		goto out_unlink;
	}
	ret = take_name(tmp, path, text, len);
	if (!ret)
		return 0;
	*why = ret == -EEXIST ? appeared : "naming the report";
out_unlink:
	(void)unlink(tmp);
	return ret;
}

int wb_write_rendered(const char *path, char *text, const char *what, const char **why)
{
	int ret;

	if (!text) {
		*why = what;
		return -ENOMEM;
	}
	ret = wb_write_file_atomic(path, text, strlen(text), why);
	free(text);
	return ret;
}
