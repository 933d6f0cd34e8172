/* inputs.c — see inputs.h. A typo in a pg_wal path must not quietly measure the
 * parent's file system, and a report that cannot be written must be known before
 * the budget is spent, not after.
 * Trap: /dev/shm is a tmpfs under /dev that people test on on purpose; only the
 * device directory itself (and what else lives under /dev) is refused. */
#include "cli/inputs.h"

#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include "facts/blockdev.h"

static bool under(const char *path, const char *top)
{
	size_t n = strlen(top);

	return strncmp(path, top, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

/* /proc and /sys hold kernel files, /dev device nodes: never a place for a test
 * file, and a file there would not measure any storage. */
static const char *pseudo_fs(const char *dir)
{
	char real[PATH_MAX];

	if (!realpath(dir, real))
		return NULL;
	if (under(real, "/proc"))
		return "/proc";
	if (under(real, "/sys"))
		return "/sys";
	if (under(real, "/dev") && !under(real, "/dev/shm"))
		return "/dev";
	return NULL;
}

/* wb_input_dir_ok, with dir called shown in the messages. */
static bool dir_ok(const char *opt, const char *dir, const char *shown)
{
	const char *fs;
	struct stat st;

	if (stat(dir, &st)) {
		fprintf(stderr, "walbench: %s %s: %s\n", opt, shown,
			errno == ENOENT ? "no such directory" : strerror(errno));
		return false;
	}
	if (!S_ISDIR(st.st_mode)) {
		fprintf(stderr, "walbench: %s %s: not a directory\n", opt, shown);
		return false;
	}
	if ((fs = pseudo_fs(dir))) {
		fprintf(stderr, "walbench: %s %s: is under %s, which holds no storage to test\n",
			opt, shown, fs);
		return false;
	}
	return true;
}

bool wb_input_dir_ok(const struct wb_config *cfg, const char *opt, const char *dir)
{
	char shown[160];

	return dir_ok(opt, dir, wb_config_word_shown(cfg, dir, shown, sizeof(shown)));
}

const char *wb_input_target_dir(const char *target, char *buf, size_t len)
{
	struct stat st;

	if (stat(target, &st) == 0 && S_ISDIR(st.st_mode))
		return target;
	snprintf(buf, len, "%s", target);
	return dirname(buf); /* may point into buf, or at a static "." */
}

bool wb_input_target_ok(const char *opt, const char *target)
{
	char copy[PATH_MAX];
	const char *dir = wb_input_target_dir(target, copy, sizeof(copy));
	struct stat st;

	if (dir == target)
		return dir_ok(opt, target, target);
	/* A file name: the file itself is judged when it is created (it must not
	 * exist); its directory must, or the file would land nowhere sensible. */
	if (stat(dir, &st) && errno == ENOENT) {
		fprintf(stderr, "walbench: %s %s: directory %s does not exist\n", opt, target, dir);
		return false;
	}
	return dir_ok(opt, dir, dir);
}

bool wb_input_output_ok(const char *opt, const char *file)
{
	char copy[PATH_MAX], *dir;
	struct stat st;

	if (!file)
		return true;
	if (lstat(file, &st) == 0 && !S_ISREG(st.st_mode)) {
		fprintf(stderr, "walbench: %s %s: %s\n", opt, file,
			S_ISLNK(st.st_mode) ? "is a symbolic link; not followed"
					    : "is not a regular file");
		return false;
	}
	snprintf(copy, sizeof(copy), "%s", file);
	dir = dirname(copy);
	if (stat(dir, &st)) {
		fprintf(stderr, "walbench: %s %s: directory %s: %s\n", opt, file, dir,
			errno == ENOENT ? "does not exist" : strerror(errno));
		return false;
	}
	if (!S_ISDIR(st.st_mode)) {
		fprintf(stderr, "walbench: %s %s: %s is not a directory\n", opt, file, dir);
		return false;
	}
	/* The report is a new file renamed into place: the directory must take one. */
	if (access(dir, W_OK | X_OK)) {
		fprintf(stderr, "walbench: %s %s: directory %s is not writable: %s\n", opt, file, dir,
			strerror(errno));
		return false;
	}
	return true;
}

uint64_t wb_input_seed(uint64_t given)
{
	struct timespec ts;

	if (given)
		return given;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (((uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec) & ((1ull << 53) - 1)) | 1;
}

bool wb_input_raw_device_ok(const char *dev, bool destroy, uint64_t need)
{
	char why[600];
	int64_t size;

	if (!destroy) {
		fprintf(stderr, "walbench: %s is a block device: walbench would write over its first "
			"%llu MiB; add --destroy-data to allow it\n", dev,
			(unsigned long long)((need + (1 << 20) - 1) >> 20));
		return false;
	}
	if (wb_blockdev_refusal(dev, "/sys", "/proc", why, sizeof(why))) {
		fprintf(stderr, "walbench: refusing to write over %s\n", why);
		return false;
	}
	size = wb_blockdev_size(dev);
	if (size < 0 || (uint64_t)size < need) {
		fprintf(stderr, "walbench: %s: %s\n", dev, size < 0 ? strerror((int)-size)
			: "smaller than the region the tests write");
		return false;
	}
	return true;
}

bool wb_input_site_ok(const struct wb_config *cfg, const char *opt, const char *target,
		      bool destroy, uint64_t need, bool *raw)
{
	char shown[160];
	struct stat st;

	*raw = stat(target, &st) == 0 && S_ISBLK(st.st_mode);
	if (!*raw && destroy) {
		fprintf(stderr, "walbench: --destroy-data: %s is not a block device\n",
			wb_config_word_shown(cfg, target, shown, sizeof(shown)));
		return false;
	}
	return *raw ? wb_input_raw_device_ok(target, destroy, need)
		    : wb_input_dir_ok(cfg, opt, target);
}

bool wb_input_reports_ok(const struct wb_config *cfg)
{
	return wb_input_output_ok("--json", cfg->json_path) &&
	       wb_input_output_ok("--csv", cfg->csv_path) &&
	       wb_input_output_ok("--prom", cfg->prom_path);
}
