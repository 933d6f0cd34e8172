/* results.c — storage and derived figures of the results structure. */
#include "results.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statfs.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>
#include <linux/magic.h>

struct wb_result *wb_results_add(struct wb_results *rs, const struct wb_test *t)
{
	struct wb_result *r;

	if (rs->n == rs->cap) {
		size_t cap = rs->cap ? rs->cap * 2 : 16;
		struct wb_result *v = realloc(rs->v, cap * sizeof(*v));

		if (!v)
			return NULL;
		rs->v = v;
		rs->cap = cap;
	}
	r = &rs->v[rs->n++];
	memset(r, 0, sizeof(*r));
	r->test = *t;
	return r;
}

void wb_result_release(struct wb_result *r)
{
	free(r->hist);
	free(r->switch_hist);
	free(r->trial_rates);
	r->hist = r->switch_hist = NULL;
	r->trial_rates = NULL;
	r->ntrials = 0;
}

int wb_result_add_trial(struct wb_result *r, double rate)
{
	double *v = realloc(r->trial_rates, (r->ntrials + 1) * sizeof(*v));

	if (!v)
		return -ENOMEM;
	v[r->ntrials++] = rate;
	r->trial_rates = v;
	return 0;
}

const char *wb_shape_name(const struct wb_test *t)
{
	return t->writes_per_op > 1 ? "bulk" : "commit";
}

void wb_results_free(struct wb_results *rs)
{
	size_t i;

	for (i = 0; i < rs->n; i++)
		wb_result_release(&rs->v[i]);
	free(rs->v);
	rs->v = NULL;
	rs->n = rs->cap = 0;
}

void wb_result_merge(struct wb_result *r, const struct wb_result *part, bool consecutive)
{
	r->ops += part->ops;
	r->flushes += part->flushes;
	r->switches += part->switches;
	if (consecutive)
		r->elapsed_ns += part->elapsed_ns;
	else if (part->elapsed_ns > r->elapsed_ns)
		r->elapsed_ns = part->elapsed_ns;
	if (part->hist)
		wb_hist_merge(r->hist, part->hist);
	if (part->switch_hist) {
		if (!r->switch_hist && (r->switch_hist = malloc(sizeof(*r->switch_hist))))
			wb_hist_init(r->switch_hist);
		if (r->switch_hist)
			wb_hist_merge(r->switch_hist, part->switch_hist);
	}
	r->durability_failure |= part->durability_failure;
	if (part->status != WB_STATUS_OK && r->status == WB_STATUS_OK) {
		r->status = part->status;
		r->error = part->error;
		r->direct_refused = part->direct_refused;
		memcpy(r->reason, part->reason, sizeof(r->reason));
	}
}

static const char *fs_name(long magic)
{
	static const struct {
		long magic;
		const char *name;
	} names[] = {
		{ EXT4_SUPER_MAGIC, "ext4" }, { XFS_SUPER_MAGIC, "xfs" },
		{ BTRFS_SUPER_MAGIC, "btrfs" }, { TMPFS_MAGIC, "tmpfs" },
		{ RAMFS_MAGIC, "ramfs" }, { 0x65735546, "fuse" },
		{ NFS_SUPER_MAGIC, "nfs" }, { 0x2fc12fc1, "zfs" },
		{ OVERLAYFS_SUPER_MAGIC, "overlay" }, { F2FS_SUPER_MAGIC, "f2fs" },
	};
	unsigned i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].magic == magic)
			return names[i].name;
	return NULL;
}

void wb_results_describe(struct wb_results *rs, const char *target)
{
	struct utsname u;
	struct statfs sf;
	const char *name;

	snprintf(rs->target, sizeof(rs->target), "%s", target);
	rs->started_unix = (int64_t)time(NULL);
	/* Probed on the file itself: ext4 reports O_DIRECT alignment for files only. */
	wb_device_probe(target, &rs->device, "/sys", "/proc");
	if (uname(&u) == 0) {
		snprintf(rs->kernel, sizeof(rs->kernel), "%s %s", u.sysname, u.release);
		snprintf(rs->host, sizeof(rs->host), "%s", u.nodename);
	}
	if (statfs(target, &sf) == 0) {
		name = fs_name((long)sf.f_type);
		if (name)
			snprintf(rs->fs_type, sizeof(rs->fs_type), "%s", name);
		else
			snprintf(rs->fs_type, sizeof(rs->fs_type), "0x%lx", (unsigned long)sf.f_type);
	}
}

double wb_result_ops_per_sec(const struct wb_result *r)
{
	if (r->status != WB_STATUS_OK || r->elapsed_ns == 0)
		return 0.0;
	return (double)r->ops * 1e9 / (double)r->elapsed_ns;
}

double wb_result_flushes_per_sec(const struct wb_result *r)
{
	if (r->status != WB_STATUS_OK || r->elapsed_ns == 0)
		return 0.0;
	return (double)r->flushes * 1e9 / (double)r->elapsed_ns;
}

double wb_result_usecs(const struct wb_result *r, double pct)
{
	if (!r->hist || r->hist->count == 0)
		return 0.0;
	if (pct < 0)
		return wb_hist_mean_ns(r->hist) / 1e3;
	return (double)wb_hist_percentile(r->hist, pct) / 1e3;
}

bool wb_result_unstable(const struct wb_results *rs, const struct wb_result *r)
{
	return rs->adaptive && r->status == WB_STATUS_OK &&
	       wb_stats_unstable(&r->stats, rs->ci_target_pct, rs->max_cv_pct);
}

const char *wb_status_name(enum wb_status s)
{
	switch (s) {
	case WB_STATUS_OK:
		return "ok";
	case WB_STATUS_NA:
		return "n/a";
	case WB_STATUS_ERROR:
		return "error";
	}
	return "?";
}

const char *wb_pattern_name(enum wb_pattern p)
{
	return p < WB_PATTERN_COUNT ? wb_pattern_names[p] : "?";
}
