/* space.c — see space.h. */
#include "facts/space.h"

#include <errno.h>
#include <sys/stat.h>
#include <sys/statvfs.h>

int wb_space_probe(const char *dir, struct wb_space *sp)
{
	struct statvfs vfs;

	if (statvfs(dir, &vfs))
		return -errno;
	sp->free_bytes = (uint64_t)vfs.f_bavail * vfs.f_frsize;
	sp->size_bytes = (uint64_t)vfs.f_blocks * vfs.f_frsize;
	return 0;
}

bool wb_space_same_fs(const char *a, const char *b)
{
	struct stat sa, sb;

	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev;
}
