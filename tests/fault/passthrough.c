/* passthrough.c — the FUSE operations faultfs, lyingfs and bucketfs share unchanged: paths resolved
 * below the backing directory, metadata and directories passed straight through. Each file
 * system keeps its own data path (open, read, write, fsync), which is where they differ. */
#define FUSE_USE_VERSION 31
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "passthrough.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

int pt_root_fd = -1;
const char *pt_prog = "passthrough";

/* FUSE paths are absolute within the mount; the *at() calls want them relative to root_fd. */
const char *pt_rel(const char *path)
{
	if (path == NULL || path[0] == '\0' || (path[0] == '/' && path[1] == '\0'))
		return ".";
	return path[0] == '/' ? path + 1 : path;
}

DIR *pt_dir(const struct fuse_file_info *fi)
{
	return (DIR *)(uintptr_t)fi->fh;
}

/* close(2) must not fail because of us: the test file systems are about write and fsync. */
int pt_flush(const char *path, struct fuse_file_info *fi)
{
	(void)path;
	(void)fi;
	return 0;
}

int pt_release(const char *path, struct fuse_file_info *fi)
{
	(void)path;
	/* The kernel ignores release's result; a close error here has nobody to go to. */
	(void)close((int)fi->fh);
	return 0;
}

void *pt_init(struct fuse_conn_info *conn, struct fuse_config *cfg)
{
	/* Writeback cache would let the kernel absorb and merge writes; faults must see each one. */
	conn->want &= ~FUSE_CAP_WRITEBACK_CACHE;
	/* Every op with a file handle uses the fd, so unlink-while-open needs no .fuse_hidden file. */
	cfg->nullpath_ok = 1;
	cfg->hard_remove = 1;
	cfg->use_ino = 1;
	/* No attribute/entry caching: a test that unlinks and recreates must see the backing fs. */
	cfg->entry_timeout = 0;
	cfg->attr_timeout = 0;
	cfg->negative_timeout = 0;
	cfg->kernel_cache = 0;
	cfg->auto_cache = 0;
	return NULL;
}

int pt_getattr(const char *path, struct stat *st, struct fuse_file_info *fi)
{
	int rc;

	if (fi != NULL)
		rc = fstat((int)fi->fh, st);
	else
		rc = fstatat(pt_root_fd, pt_rel(path), st, AT_SYMLINK_NOFOLLOW);
	return rc < 0 ? -errno : 0;
}

int pt_mkdir(const char *path, mode_t mode)
{
	return mkdirat(pt_root_fd, pt_rel(path), mode) < 0 ? -errno : 0;
}

int pt_rmdir(const char *path)
{
	return unlinkat(pt_root_fd, pt_rel(path), AT_REMOVEDIR) < 0 ? -errno : 0;
}

int pt_rename(const char *from, const char *to, unsigned int flags)
{
	int rc = renameat2(pt_root_fd, pt_rel(from), pt_root_fd, pt_rel(to), flags);

	return rc < 0 ? -errno : 0;
}

int pt_chmod(const char *path, mode_t mode, struct fuse_file_info *fi)
{
	int rc;

	if (fi != NULL)
		rc = fchmod((int)fi->fh, mode);
	else
		rc = fchmodat(pt_root_fd, pt_rel(path), mode, 0);
	return rc < 0 ? -errno : 0;
}

int pt_chown(const char *path, uid_t uid, gid_t gid, struct fuse_file_info *fi)
{
	int rc;

	if (fi != NULL)
		rc = fchown((int)fi->fh, uid, gid);
	else
		rc = fchownat(pt_root_fd, pt_rel(path), uid, gid, AT_SYMLINK_NOFOLLOW);
	return rc < 0 ? -errno : 0;
}

int pt_utimens(const char *path, const struct timespec ts[2], struct fuse_file_info *fi)
{
	int rc;

	if (fi != NULL)
		rc = futimens((int)fi->fh, ts);
	else
		rc = utimensat(pt_root_fd, pt_rel(path), ts, AT_SYMLINK_NOFOLLOW);
	return rc < 0 ? -errno : 0;
}

int pt_statfs(const char *path, struct statvfs *st)
{
	(void)path;
	return fstatvfs(pt_root_fd, st) < 0 ? -errno : 0;
}

int pt_opendir(const char *path, struct fuse_file_info *fi)
{
	DIR *dir;
	int fd;

	fd = openat(pt_root_fd, pt_rel(path), O_RDONLY | O_DIRECTORY);
	if (fd < 0)
		return -errno;
	dir = fdopendir(fd);
	if (dir == NULL) {
		int err = errno;

		(void)close(fd);
		return -err;
	}
	fi->fh = (uint64_t)(uintptr_t)dir;
	return 0;
}

/* Offset-0 mode: every call lists the whole directory and libfuse buffers it. */
int pt_readdir(const char *path, void *buf, fuse_fill_dir_t filler, off_t off,
		      struct fuse_file_info *fi, enum fuse_readdir_flags flags)
{
	DIR *dir = pt_dir(fi);
	struct dirent *de;

	(void)path;
	(void)off;
	(void)flags;
	rewinddir(dir);
	for (;;) {
		struct stat st;

		errno = 0;
		de = readdir(dir);
		if (de == NULL)
			break;
		memset(&st, 0, sizeof(st));
		st.st_ino = de->d_ino;
		st.st_mode = (mode_t)DTTOIF(de->d_type);
		if (filler(buf, de->d_name, &st, 0, 0) != 0)
			return -ENOMEM; /* cannot happen in offset-0 mode; do not loop forever */
	}
	return errno != 0 ? -errno : 0;
}

int pt_releasedir(const char *path, struct fuse_file_info *fi)
{
	(void)path;
	(void)closedir(pt_dir(fi));
	return 0;
}

int pt_read(const char *path, char *buf, size_t size, off_t off, struct fuse_file_info *fi)
{
	ssize_t n;

	(void)path;
	n = pread((int)fi->fh, buf, size, off);
	return n < 0 ? -errno : (int)n;
}

int pt_unlink(const char *path)
{
	return unlinkat(pt_root_fd, pt_rel(path), 0) < 0 ? -errno : 0;
}

int pt_fsyncdir(const char *path, int datasync, struct fuse_file_info *fi)
{
	int fd = dirfd(pt_dir(fi));

	(void)path;
	return (datasync ? fdatasync(fd) : fsync(fd)) < 0 ? -errno : 0;
}

int pt_truncate(const char *path, off_t size, struct fuse_file_info *fi)
{
	int fd;
	int rc;

	if (fi != NULL)
		return ftruncate((int)fi->fh, size) < 0 ? -errno : 0;
	fd = openat(pt_root_fd, pt_rel(path), O_WRONLY | O_NOFOLLOW);
	if (fd < 0)
		return -errno;
	rc = ftruncate(fd, size) < 0 ? -errno : 0;
	if (close(fd) < 0 && rc == 0)
		rc = -errno;
	return rc;
}

int pt_fallocate(const char *path, int mode, off_t off, off_t len, struct fuse_file_info *fi)
{
	(void)path;
	if (fi == NULL)
		return -EBADF; /* fallocate(2) always comes with an open file */
	return fallocate((int)fi->fh, mode, off, len) < 0 ? -errno : 0;
}
