/* cpustat.c — see cpustat.h. The first line's columns, in the order
 * proc(5) gives them: user nice system idle iowait irq softirq steal (guest
 * and guest_nice are already in user and nice). */
#include "facts/cpustat.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

int wb_cpustat_read(const char *proc_root, struct wb_cpustat *out)
{
	uint64_t v[8] = { 0 };
	char path[PATH_MAX], line[512];
	int n, ret = 0;
	FILE *f;

	memset(out, 0, sizeof(*out));
	if ((size_t)snprintf(path, sizeof(path), "%s/stat", proc_root) >= sizeof(path))
		return -ENAMETOOLONG;
	f = fopen(path, "re");
	if (!f)
		return -errno;
	if (!fgets(line, sizeof(line), f)) {
		ret = -EINVAL;
		goto out;
	}
	n = sscanf(line, "cpu %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64
		   " %" SCNu64 " %" SCNu64 " %" SCNu64, &v[0], &v[1], &v[2], &v[3], &v[4],
		   &v[5], &v[6], &v[7]);
	if (n < 4) {
		ret = -EINVAL;
		goto out;
	}
	out->busy = v[0] + v[1] + v[2] + v[5] + v[6] + v[7];
	out->total = out->busy + v[3] + v[4];
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "cpu", 3) && line[3] >= '0' && line[3] <= '9')
			out->ncpu++;
	if (!out->ncpu)
		ret = -EINVAL;
out:
	fclose(f);
	return ret;
}

/* Reads proc_root/PID/stat: its parent and its ticks (utime + stime, and with
 * reaped, cutime + cstime too). The command name may hold spaces and ')': the
 * fields are counted from the last ')'. 0 or -errno. */
static int stat_ticks(const char *proc_root, const char *pid, bool reaped, long *ppid,
		      uint64_t *ticks)
{
	char path[PATH_MAX], line[1024], *p;
	unsigned long long ut, st, cut, cst;
	int ret = 0;
	FILE *f;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s/stat", proc_root, pid) >= sizeof(path))
		return -ENAMETOOLONG;
	f = fopen(path, "re");
	if (!f)
		return -errno;
	if (!fgets(line, sizeof(line), f) || !(p = strrchr(line, ')')) ||
	    sscanf(p + 1, " %*c %ld %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %llu %llu", ppid,
		   &ut, &st, &cut, &cst) != 5)
		ret = -EINVAL;
	else
		*ticks = ut + st + (reaped ? cut + cst : 0);
	fclose(f);
	return ret;
}

int wb_proc_child_ticks(const char *proc_root, long pid, long parent, uint64_t *ticks)
{
	char name[32];
	long ppid;
	int ret;

	snprintf(name, sizeof(name), "%ld", pid);
	ret = stat_ticks(proc_root, name, false, &ppid, ticks);
	if (ret)
		return ret == -ENOENT ? -ESRCH : ret;
	return ppid == parent ? 0 : -ESRCH;
}

int wb_proc_tree_ticks(const char *proc_root, long pid, uint64_t *ticks)
{
	char name[32];
	struct dirent *e;
	uint64_t t;
	long ppid;
	DIR *d;
	int ret;

	snprintf(name, sizeof(name), "%ld", pid);
	ret = stat_ticks(proc_root, name, true, &ppid, ticks);
	if (ret)
		return ret == -ENOENT ? -ESRCH : ret;
	d = opendir(proc_root);
	if (!d)
		return -errno;
	while ((e = readdir(d))) {
		char *end;
		long child = strtol(e->d_name, &end, 10);

		/* A child that exits between the listing and the read is in the
		 * parent's reaped time at the next read: skipping it is right. */
		if (*end || child <= 0 || child == pid)
			continue;
		if (!stat_ticks(proc_root, e->d_name, false, &ppid, &t) && ppid == pid)
			*ticks += t;
	}
	closedir(d);
	return 0;
}
