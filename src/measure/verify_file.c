/* verify_file.c — verify's file and its durable record writes (see verify_file.h).
 * Trap: a file already at the path is replaced only when its header says it is a previous
 * verify file (a run's evidence), never someone's data. */
#include "measure/verify_file.h"
#include "measure/testfile.h"
#include "facts/host.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/uio.h>
#include <unistd.h>

static int file_path(const char *dir, char *path, size_t path_len)
{
	if (snprintf(path, path_len, "%s/%s", dir, WB_VERIFY_FILE_NAME) >= (int)path_len)
		return -ENAMETOOLONG;
	return 0;
}

/* An existing path may go only if it is a regular file (not a link) whose first block
 * is a verify header: a previous run's evidence, never someone's data. */
static int remove_previous(const char *path, const char **why)
{
	unsigned char hdr[WB_VERIFY_MAX_RECORD > 4096 ? 4096 : WB_VERIFY_MAX_RECORD];
	struct wb_verify_run old;
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		*why = errno == ELOOP ? "is a symbolic link; walbench does not follow it"
				      : "exists and cannot be read";
		return -errno;
	}
	n = pread(fd, hdr, sizeof(hdr), 0);
	(void)close(fd);
	/* Header blocks up to 4 kB decode from the first 4 kB; a bigger one is refused. */
	if (n < 0 || wb_verify_header_decode(hdr, (size_t)n, &old, NULL)) {
		*why = "exists and is not a walbench verify file; walbench never writes to it";
		return -EEXIST;
	}
	if (unlink(path)) {
		*why = "is a previous verify file that cannot be removed";
		return -errno;
	}
	return 0;
}

int wb_verify_file_create(const char *dir, const struct wb_verify_run *run, const char *boot_id,
			  enum wb_method_id method, char *path, size_t path_len, bool *replaced,
			  const char **why)
{
	const struct wb_method *m = wb_method_get(method);
	void *hdr;
	ssize_t n;
	int fd, ret;

	*replaced = false;
	*why = "path too long";
	if (file_path(dir, path, path_len))
		return -ENAMETOOLONG;
	fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | m->open_flags, 0600);
	if (fd < 0 && errno == EEXIST) {
		ret = remove_previous(path, why);
		if (ret)
			return ret;
		*replaced = true;
		fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | m->open_flags,
			  0600);
	}
	if (fd < 0) {
		*why = "cannot be created";
		return -errno;
	}
	hdr = calloc(1, run->record_size);
	if (!hdr) {
		ret = -ENOMEM;
		*why = "out of memory";
		goto out_close;
	}
	wb_verify_header_encode(run, boot_id, hdr);
	n = pwrite(fd, hdr, run->record_size, 0);
	free(hdr);
	if (n != (ssize_t)run->record_size) {
		ret = n < 0 ? -errno : -EIO;
		*why = "write of the header";
		goto out_close;
	}
	/* The header and the file's existence are durable before any record is announced. */
	if (fsync(fd)) {
		ret = -errno;
		*why = "fsync of the header";
		goto out_close;
	}
	ret = wb_fsync_dir(dir);
	if (ret) {
		*why = "fsync of the directory";
		goto out_close;
	}
	return fd;
out_close:
	(void)close(fd);
	return ret;
}

int wb_verify_write_record(int fd, const struct wb_verify_run *run, enum wb_method_id method,
			   uint64_t seq, void *buf, const char **call)
{
	const struct wb_method *m = wb_method_get(method);
	off_t off = (off_t)wb_verify_offset(run, wb_verify_slot_of(run, seq));
	struct iovec iov = { .iov_base = buf, .iov_len = run->record_size };
	ssize_t n;

	wb_verify_record_encode(run, seq, buf);
	if (m->write_flags & WB_OPF_DSYNC) {
		*call = "pwritev2 (RWF_DSYNC)";
		n = pwritev2(fd, &iov, 1, off, RWF_DSYNC);
	} else {
		*call = m->open_flags == O_DSYNC ? "write (O_DSYNC)"
			: m->open_flags ? "write (O_SYNC)" : "pwrite";
		n = pwrite(fd, buf, run->record_size, off);
	}
	if (n < 0)
		return -errno;
	if (n != (ssize_t)run->record_size)
		return -EIO; /* a short write of a record is a record not written */
	switch (m->sync) {
	case WB_SYNC_FSYNC:
		*call = "fsync";
		return fsync(fd) ? -errno : 0;
	case WB_SYNC_FDATASYNC:
		*call = "fdatasync";
		return fdatasync(fd) ? -errno : 0;
	case WB_SYNC_NONE:
		break;
	}
	return 0;
}

int wb_verify_dir_identity(const char *dir, uint64_t *dir_id)
{
	char real[PATH_MAX], machine[128];
	int ret;

	if (!realpath(dir, real))
		return -errno;
	ret = wb_host_machine_id(machine, sizeof(machine));
	if (ret)
		return ret;
	*dir_id = wb_verify_dir_id(machine, real);
	return 0;
}

int wb_verify_file_open(const char *dir, char *path, size_t path_len)
{
	int fd;

	if (file_path(dir, path, path_len))
		return -ENAMETOOLONG;
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

ssize_t wb_verify_read_slot(int fd, const struct wb_verify_run *run, uint64_t slot, void *buf)
{
	size_t got = 0;
	ssize_t n;

	while (got < run->record_size) {
		n = pread(fd, (char *)buf + got, run->record_size - got,
			  (off_t)(wb_verify_offset(run, slot) + got));
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (n == 0)
			break;
		got += (size_t)n;
	}
	return (ssize_t)got;
}
