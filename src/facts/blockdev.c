/* blockdev.c — see blockdev.h. The device and its partitions are a list of
 * "MAJ:MIN name" pairs read from sysfs (/sys/dev/block/MAJ:MIN and the
 * partition directories under it); each is then looked for in mountinfo
 * (field 3 is the mounted device's MAJ:MIN), in /proc/swaps (by the device's
 * rdev) and in its holders/ directory. */
#include "facts/blockdev.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "facts/sysfs.h"

#define MAX_PARTS 128

struct part {
	unsigned maj, min;
	char name[64];
	char dir[PATH_MAX];        /* its sysfs directory */
};

/* The device itself, then every partition (a subdirectory with a "partition"
 * attribute). Returns how many, at most max. */
static size_t list_parts(const char *sysfs_root, unsigned maj, unsigned min, struct part *p,
			 size_t max)
{
	char dir[PATH_MAX], dev[32];
	struct dirent *e;
	size_t n = 0;
	DIR *d;

	snprintf(dir, sizeof(dir), "%s/dev/block/%u:%u", sysfs_root, maj, min);
	p[n] = (struct part){ .maj = maj, .min = min };
	/* The link's target directory is named after the device ("loop3"). */
	if (realpath(dir, p[n].dir) && strrchr(p[n].dir, '/'))
		snprintf(p[n].name, sizeof(p[n].name), "%.63s", strrchr(p[n].dir, '/') + 1);
	else
		snprintf(p[n].name, sizeof(p[n].name), "%u:%u", maj, min);
	if (!p[n].dir[0] || access(p[n].dir, F_OK))
		snprintf(p[n].dir, sizeof(p[n].dir), "%s", dir);
	n++;
	d = opendir(p[0].dir);
	if (!d)
		return n;
	while ((e = readdir(d)) && n < max) {
		char sub[PATH_MAX];
		unsigned a, b;

		if (e->d_name[0] == '.' ||
		    (size_t)snprintf(sub, sizeof(sub), "%s/%s", p[0].dir, e->d_name) >= sizeof(sub) ||
		    !wb_facts_exists(sub, "partition") ||
		    wb_facts_read_attr(sub, "dev", dev, sizeof(dev)) || sscanf(dev, "%u:%u", &a, &b) != 2)
			continue;
		p[n] = (struct part){ .maj = a, .min = b };
		snprintf(p[n].name, sizeof(p[n].name), "%.63s", e->d_name);
		snprintf(p[n].dir, sizeof(p[n].dir), "%s", sub);
		n++;
	}
	closedir(d);
	return n;
}

/* Where part is mounted, from mountinfo's "MAJ:MIN" field; false if nowhere. */
static bool mounted(const char *mountinfo, const struct part *p, char *where, size_t len)
{
	const char *line = mountinfo;
	char want[32];

	snprintf(want, sizeof(want), "%u:%u", p->maj, p->min);
	while (line && *line) {
		char id[32], majmin[32], root[PATH_MAX], mnt[PATH_MAX];

		if (sscanf(line, "%31s %*s %31s %4095s %4095s", id, majmin, root, mnt) == 4 &&
		    strcmp(majmin, want) == 0) {
			snprintf(where, len, "%s", mnt);
			return true;
		}
		line = strchr(line, '\n');
		line = line ? line + 1 : NULL;
	}
	return false;
}

/* Whether part is active swap: /proc/swaps names a path whose rdev is it. */
static bool swap(const char *swaps, const struct part *p)
{
	const char *line = swaps ? strchr(swaps, '\n') : NULL; /* skip the header */
	struct stat st;

	while (line && *++line) {
		char path[PATH_MAX];

		if (sscanf(line, "%4095s", path) == 1 && stat(path, &st) == 0 &&
		    S_ISBLK(st.st_mode) && major(st.st_rdev) == p->maj && minor(st.st_rdev) == p->min)
			return true;
		line = strchr(line, '\n');
	}
	return false;
}

/* The first holder of part (dm-0, md127), or false. */
static bool held(const struct part *p, char *holder, size_t len)
{
	char dir[PATH_MAX];
	struct dirent *e;
	bool found = false;
	DIR *d;

	if ((size_t)snprintf(dir, sizeof(dir), "%s/holders", p->dir) >= sizeof(dir))
		return false;
	d = opendir(dir);
	if (!d)
		return false;
	while (!found && (e = readdir(d)))
		if (e->d_name[0] != '.') {
			snprintf(holder, len, "%s", e->d_name);
			found = true;
		}
	closedir(d);
	return found;
}

int wb_blockdev_refusal_of(const char *path, unsigned maj, unsigned min,
			   const char *sysfs_root, const char *proc_root, char *why, size_t why_len)
{
	static struct part parts[MAX_PARTS];
	char file[PATH_MAX], where[PATH_MAX];
	char *mountinfo = NULL, *swaps = NULL;
	size_t n, i;
	int ret = 0;

	n = list_parts(sysfs_root, maj, min, parts, MAX_PARTS);
	snprintf(file, sizeof(file), "%s/self/mountinfo", proc_root);
	if (wb_facts_read_file(file, &mountinfo)) {
		snprintf(why, why_len, "cannot read %s to check that %s is not mounted", file, path);
		return -EACCES;
	}
	snprintf(file, sizeof(file), "%s/swaps", proc_root);
	(void)wb_facts_read_file(file, &swaps); /* no swap support: nothing is swap */
	for (i = 0; i < n && !ret; i++) {
		const char *what = i ? "its partition " : "";

		if (mounted(mountinfo, &parts[i], where, sizeof(where))) {
			snprintf(why, why_len, "%s: %s%s is mounted on %.200s", path, what,
				 parts[i].name, where);
			ret = -EBUSY;
		} else if (swap(swaps, &parts[i])) {
			snprintf(why, why_len, "%s: %s%s is in use as swap", path, what, parts[i].name);
			ret = -EBUSY;
		} else if (held(&parts[i], where, sizeof(where))) {
			snprintf(why, why_len, "%s: %s%s is held by %.64s (LVM, md, dm or bcache use it)",
				 path, what, parts[i].name, where);
			ret = -EBUSY;
		}
	}
	free(mountinfo);
	free(swaps);
	return ret;
}

int wb_blockdev_refusal(const char *path, const char *sysfs_root, const char *proc_root,
			char *why, size_t why_len)
{
	struct stat st;
	int ret;

	if (stat(path, &st)) {
		ret = -errno;
		snprintf(why, why_len, "%s: %s", path, strerror(errno));
		return ret;
	}
	if (!S_ISBLK(st.st_mode)) {
		snprintf(why, why_len, "%s is not a block device", path);
		return -ENOTBLK;
	}
	return wb_blockdev_refusal_of(path, major(st.st_rdev), minor(st.st_rdev), sysfs_root,
				      proc_root, why, why_len);
}

int64_t wb_blockdev_size(const char *path)
{
	uint64_t bytes = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -errno;
	if (ioctl(fd, BLKGETSIZE64, &bytes))
		ret = -errno;
	(void)close(fd);
	return ret ? ret : (int64_t)bytes;
}
