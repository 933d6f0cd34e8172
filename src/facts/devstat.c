/* devstat.c — see devstat.h. */
#include "facts/devstat.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "facts/sysfs.h"

/* One stat line: fields 5, 7 and 8 are writes completed, sectors written and
 * the milliseconds writes took (the kernel's Documentation/block/stat.rst). */
static int parse_stat(const char *line, struct wb_devstat *out)
{
	uint64_t f[8];

	if (sscanf(line, "%" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64
			 " %" SCNu64 " %" SCNu64,
		   &f[0], &f[1], &f[2], &f[3], &f[4], &f[5], &f[6], &f[7]) != 8)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->writes = f[4];
	out->sectors = f[6];
	out->write_ms = f[7];
	return 0;
}

int wb_devstat_read(const char *path, struct wb_devstat *out, const char *sysfs_root)
{
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
	if (ret || (ret = parse_stat(line, out)))
		return ret;
	snprintf(line, sizeof(line), "%s/dev/block", sysfs_root);
	snprintf(dir, sizeof(dir), "%u:%u", major(st.st_dev), minor(st.st_dev));
	if (wb_facts_link_name(line, dir, out->name, sizeof(out->name)))
		wb_facts_copy(out->name, sizeof(out->name), dir);
	return 0;
}

int wb_devstat_read_name(const char *name, struct wb_devstat *out, const char *sysfs_root)
{
	char dir[512], line[512];
	int ret;

	if (!*name || strchr(name, '/'))
		return -EINVAL; /* a sysfs name, never a path */
	snprintf(dir, sizeof(dir), "%s/class/block/%s", sysfs_root, name);
	ret = wb_facts_read_attr(dir, "stat", line, sizeof(line));
	if (ret || (ret = parse_stat(line, out)))
		return ret;
	wb_facts_copy(out->name, sizeof(out->name), name);
	return 0;
}

int wb_devstat_members_read(const struct wb_array *a, struct wb_members_stat *out,
			    const char *sysfs_root)
{
	bool any = false;
	unsigned i;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < a->n_members && i < WB_ARRAY_MAX_MEMBERS; i++) {
		out->ok[i] = wb_devstat_read_name(a->members[i].name, &out->s[i], sysfs_root) == 0;
		any = any || out->ok[i];
	}
	out->n = i;
	return any ? 0 : -ENOENT;
}

/* The snapshot's counters of the member called name, or NULL. */
static const struct wb_devstat *find(const struct wb_members_stat *m, const char *name)
{
	unsigned i;

	for (i = 0; i < m->n; i++)
		if (m->ok[i] && strcmp(m->s[i].name, name) == 0)
			return &m->s[i];
	return NULL;
}

void wb_devstat_members_io(const struct wb_members_stat *before,
			   const struct wb_members_stat *after, struct wb_array *a)
{
	const struct wb_devstat *x, *y;
	unsigned i;

	for (i = 0; i < a->n_members && i < WB_ARRAY_MAX_MEMBERS; i++) {
		struct wb_array_member *m = &a->members[i];

		x = find(before, m->name);
		y = find(after, m->name);
		m->io_known = x && y && y->writes >= x->writes && y->write_ms >= x->write_ms;
		m->run_writes = m->io_known ? y->writes - x->writes : 0;
		m->run_write_ms = m->io_known ? y->write_ms - x->write_ms : 0;
	}
}
