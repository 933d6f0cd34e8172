/* cpustat.c — see cpustat.h. The first line's columns, in the order
 * proc(5) gives them: user nice system idle iowait irq softirq steal (guest
 * and guest_nice are already in user and nice). */
#include "facts/cpustat.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
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
