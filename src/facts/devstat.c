/* devstat.c — see devstat.h. */
#include "facts/devstat.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "facts/sysfs.h"

int wb_devstat_read(const char *path, struct wb_devstat *out, const char *sysfs_root)
{
	uint64_t f[7];
	char dir[128], line[512];
	struct stat st;
	int ret;

	if (stat(path, &st))
		return -errno;
	if (major(st.st_dev) == 0)
		return -ENODEV; /* tmpfs, overlay, NFS: an anonymous device */
	snprintf(dir, sizeof(dir), "%s/dev/block/%u:%u", sysfs_root, major(st.st_dev),
		 minor(st.st_dev));
	ret = wb_facts_read_attr(dir, "stat", line, sizeof(line));
	if (ret)
		return ret;
	/* Fields 5 and 7: writes completed, sectors written (the kernel's
	 * Documentation/block/stat.rst). */
	if (sscanf(line, "%" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64
			 " %" SCNu64,
		   &f[0], &f[1], &f[2], &f[3], &f[4], &f[5], &f[6]) != 7)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->writes = f[4];
	out->sectors = f[6];
	snprintf(line, sizeof(line), "%s/dev/block", sysfs_root);
	snprintf(dir, sizeof(dir), "%u:%u", major(st.st_dev), minor(st.st_dev));
	if (wb_facts_link_name(line, dir, out->name, sizeof(out->name)))
		wb_facts_copy(out->name, sizeof(out->name), dir);
	return 0;
}
