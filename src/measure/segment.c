/* segment.c — append position and segment switching.
 * Trap: a directory fsync is part of the switch (a new file's name is not durable
 * without it), and a failure there is a durability failure like any other sync. */
#include "measure/segment.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "measure/fill.h"
#include "measure/testfile.h"

void wb_segment_init(struct wb_segment *s, const char *base_path, uint64_t size, bool make_new,
		     uint64_t pos)
{
	memset(s, 0, sizeof(*s));
	s->size = size;
	s->pos = pos;
	s->make_new = make_new;
	s->base_path = base_path;
}

bool wb_segment_full(const struct wb_segment *s, uint64_t region)
{
	return s->make_new && s->pos + region > s->size;
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

int wb_segment_switch(struct wb_segment *s, const char **call)
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
