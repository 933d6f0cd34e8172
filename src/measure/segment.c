/* segment.c — append position and segment switching.
 * Trap: a directory fsync is part of the switch (a new file's name is not durable
 * without it), and a failure there is a durability failure like any other sync.
 * Trap: a preallocated segment must never be written before the appends: its
 * first write into each unwritten extent is what makes etcd's fdatasync commit
 * metadata too, the cost this mode exists to measure. */
#include "measure/segment.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "measure/fill.h"
#include "measure/testfile.h"

void wb_segment_init(struct wb_segment *s, const char *base_path, uint64_t size,
		     enum wb_segment_mode mode, uint64_t pos)
{
	memset(s, 0, sizeof(*s));
	s->size = size;
	s->pos = pos;
	s->mode = mode;
	s->base_path = base_path;
}

bool wb_segment_full(const struct wb_segment *s, uint64_t region)
{
	return s->mode != WB_SEGMENT_RECYCLE && s->pos + region > s->size;
}

uint64_t wb_segment_advance(struct wb_segment *s, uint64_t region)
{
	uint64_t at;

	if (s->pos + region > s->size) {
		s->pos = 0;
		s->switches++; /* recycled: the wrap stands for the switch to the next segment */
	}
	at = s->pos;
	s->pos += region;
	return at;
}

const char *wb_segment_path(const struct wb_segment *s)
{
	return s->made_path[0] ? s->made_path : s->base_path;
}

/* What etcd's WAL does to a new segment (fileutil.Preallocate with extendFile,
 * Linux): fallocate mode 0 over the whole size; where the file system does not
 * support it (EOPNOTSUPP) or the call was interrupted (EINTR), its
 * preallocExtendTrunc, which extends the empty file with ftruncate: a sparse
 * file, nothing written either way. Then the size is synced, as etcd syncs a
 * new segment's header before appending. */
static int preallocate(struct wb_segment *s, int fd, const char **call)
{
	int err;

	if (fallocate(fd, 0, 0, (off_t)s->size) == 0)
		goto out_sync;
	err = errno;
	if (err != EOPNOTSUPP && err != EINTR) {
		*call = "fallocate";
		return -err;
	}
	if (!s->fallocate_err)
		s->fallocate_err = err;
	if (ftruncate(fd, (off_t)s->size)) {
		*call = "ftruncate";
		return -errno;
	}
out_sync:
	if (fsync(fd)) {
		*call = "fsync";
		return -errno;
	}
	return 0;
}

/* Creates the next segment file and makes it this test's current one. */
static int make_segment(struct wb_segment *s, const char **call)
{
	char copy[PATH_MAX], dir[PATH_MAX], path[PATH_MAX];
	const char *why;
	int fd, ret;

	/* dirname() may return a pointer into its argument: copy out of it. */
	snprintf(copy, sizeof(copy), "%s", s->base_path);
	snprintf(dir, sizeof(dir), "%s", dirname(copy));
	fd = wb_testfile_create(dir, path, sizeof(path), &why);
	if (fd < 0) {
		*call = "create";
		return fd;
	}
	if (s->mode == WB_SEGMENT_PREALLOCATE)
		ret = preallocate(s, fd, call);
	else
		ret = wb_testfile_fill(fd, s->size, true, call, NULL);
	if (close(fd) && !ret) {
		ret = -errno;
		*call = "close";
	}
	if (!ret && (ret = wb_fsync_dir(dir)))
		*call = "fsync of the directory";
	if (ret) {
		(void)wb_testfile_remove(path);
		return ret;
	}
	if (s->made_path[0] && (ret = wb_testfile_remove(s->made_path))) {
		*call = "unlink";
		(void)wb_testfile_remove(path);
		return ret;
	}
	snprintf(s->made_path, sizeof(s->made_path), "%s", path);
	return 0;
}

int wb_segment_begin(struct wb_segment *s, const char **call)
{
	return s->mode == WB_SEGMENT_PREALLOCATE ? make_segment(s, call) : 0;
}

int wb_segment_switch(struct wb_segment *s, const char **call)
{
	int ret = make_segment(s, call);

	if (ret)
		return ret;
	s->pos = 0;
	s->switches++;
	return 0;
}

int wb_segment_finish(struct wb_segment *s)
{
	int ret = 0;

	if (s->made_path[0])
		ret = wb_testfile_remove(s->made_path);
	s->made_path[0] = '\0';
	return ret;
}
