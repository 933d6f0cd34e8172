/* atomic_file.c — temp file, fsync, rename; see atomic_file.h. */
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

int wb_write_file_atomic(const char *path, const char *text, size_t len, const char **why)
{
	char tmp[PATH_MAX];
	struct stat st;
	int fd, ret;

	if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		*why = S_ISLNK(st.st_mode) ? "is a symbolic link; not followed" : "is not a regular file";
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
	ret = write_all(fd, text, len);
	if (!ret && fsync(fd))
		ret = -errno;
	if (close(fd) && !ret)
		ret = -errno;
	if (!ret && rename(tmp, path))
		ret = -errno;
	if (ret) {
		*why = "writing";
		(void)unlink(tmp);
	}
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
