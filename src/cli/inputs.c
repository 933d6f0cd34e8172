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
#include "model/units.h"

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

const char *wb_input_dir_word(const struct wb_config *cfg)
{
	return cfg->target_given ? "DIR" : "--dir";
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

/* Whether path names something already (a file of someone's, a symlink, a
 * device): walbench writes only files it creates, so that is said, naming
 * opt, and refused. */
static bool taken(const char *opt, const char *path)
{
	struct stat st;

	if (lstat(path, &st))
		return false;
	fprintf(stderr, "walbench: %s %s: %s\n", opt, path,
		S_ISLNK(st.st_mode)   ? "is a symbolic link; not followed"
		: !S_ISREG(st.st_mode) ? "is not a regular file"
				       : "already exists; walbench never writes to an existing file "
					 "(remove it, or name another)");
	return true;
}

bool wb_input_target_ok(const char *opt, const char *target)
{
	char copy[PATH_MAX];
	const char *dir = wb_input_target_dir(target, copy, sizeof(copy));
	struct stat st;

	if (dir == target)
		return dir_ok(opt, target, target);
	/* A file name: it must not exist, and is refused now, in one line, before
	 * a table whose every row would say EEXIST (the create refuses one that
	 * appears meanwhile); its directory must, or the file would land nowhere
	 * sensible. */
	if (taken(opt, target))
		return false;
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
	/* Whatever is there is someone's: a results file given as the report's
	 * input, last week's run, a device. It is refused now, while nothing is
	 * spent; the write at the end refuses one that appears meanwhile. */
	if (taken(opt, file))
		return false;
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
	if (size < 0) {
		fprintf(stderr, "walbench: %s: %s\n", dev, strerror((int)-size));
		return false;
	}
	if ((uint64_t)size < need) { /* both sizes: how much larger a device must be */
		char has[16], needs[16];

		wb_format_size((uint64_t)size, has, sizeof(has));
		wb_format_size(need, needs, sizeof(needs));
		fprintf(stderr, "walbench: %s: %s, smaller than the %s the tests write\n", dev,
			has, needs);
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

/* Whether a and b, neither of which exists yet, would be one file: the same
 * name in the same directory, however each spells the directory (x, ./x). */
static bool same_new_file(const char *a, const char *b)
{
	char da[PATH_MAX], db[PATH_MAX], na[PATH_MAX], nb[PATH_MAX];
	struct stat sa, sb;

	snprintf(da, sizeof(da), "%s", a);
	snprintf(db, sizeof(db), "%s", b);
	snprintf(na, sizeof(na), "%s", a);
	snprintf(nb, sizeof(nb), "%s", b);
	if (strcmp(basename(na), basename(nb)))
		return false;
	if (stat(dirname(da), &sa) || stat(dirname(db), &sb))
		return strcmp(a, b) == 0;
	return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

bool wb_input_reports_ok(const struct wb_config *cfg)
{
	const struct {
		const char *opt, *path;
	} out[] = {
		{ "--json", cfg->json_path },
		{ "--csv", cfg->csv_path },
		{ "--prom", cfg->prom_path },
	};
	size_t i, j, n = sizeof(out) / sizeof(out[0]);

	for (i = 0; i < n; i++)
		if (!wb_input_output_ok(out[i].opt, out[i].path))
			return false;
	/* Two reports into one file: the second write would find the first's
	 * file there and fail after the whole run, the first report kept. */
	for (i = 0; i < n; i++) {
		for (j = 0; j < i; j++) {
			if (!out[i].path || !out[j].path ||
			    !same_new_file(out[i].path, out[j].path))
				continue;
			fprintf(stderr, "walbench: %s %s: %s names the same file; each report "
				"needs a file of its own\n", out[i].opt, out[i].path, out[j].opt);
			return false;
		}
	}
	return true;
}
