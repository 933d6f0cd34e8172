/* cmd_clean.c — `walbench clean DIR [--dry-run]`: removes the files a walbench
 * killed by SIGKILL or the OOM killer left in DIR (no handler runs then), and
 * nothing else: names walbench makes (model/ownfile.h), judged one by one
 * (advice/leftover_verdict.h) on facts that never follow a symlink (facts/leftover.h).
 * Trap: every name is resolved against one directory descriptor and removed with
 * unlinkat, never by path, and never recursively; verify's file is always kept. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "advice/leftover_verdict.h"
#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/measuring.h"
#include "facts/leftover.h"
#include "model/ownfile.h"
#include "model/units.h"
#include "model/verify_protocol.h"
#include "plan/options.h"
#include "report/words.h"

struct tally {
	unsigned removed, kept, failed;
};

/* DIR itself may be a symlink to a directory, as pg_wal often is (run --dir
 * takes one too); what is inside it is never followed. -errno on failure. */
static int open_dir(const char *dir)
{
	struct stat st;
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0 && errno == ELOOP && stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
		fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

static void clean_one(int dirfd, const char *dir, const char *name, pid_t pid, bool dry_run,
		      struct tally *t)
{
	char size[32], why[WB_CLEAN_REASON_LEN];
	struct wb_clean_verdict v;
	struct wb_leftover f;

	wb_leftover_probe(dirfd, name, pid, &f);
	wb_clean_judge(&f, geteuid(), &v);
	wb_format_size(f.size > 0 ? (uint64_t)f.size : 0, size, sizeof(size));
	wb_clean_reason_words(&v, why, sizeof(why));
	if (!v.remove) {
		t->kept++;
		if (dry_run)
			printf("kept %s/%s: %s\n", dir, name, why);
	} else if (dry_run) {
		t->removed++;
		printf("would remove %s/%s (%s): %s\n", dir, name, size, why);
	} else if (unlinkat(dirfd, name, 0)) {
		t->failed++;
		fprintf(stderr, "walbench: removing %s/%s failed: %s\n", dir, name, strerror(errno));
	} else {
		t->removed++;
		printf("removed %s/%s (%s): %s\n", dir, name, size, why);
	}
	wb_leftover_release(&f);
}

int wb_cmd_clean(int argc, char **argv)
{
	struct tally t = { 0, 0, 0 };
	struct wb_config cfg;
	struct dirent *de;
	DIR *d;
	pid_t pid;
	int ret, dirfd, listfd;

	if (!wb_cli_configure(&cfg, WB_CMD_CLEAN, argc, argv, &ret))
		return ret;
	dirfd = open_dir(cfg.target);
	if (dirfd < 0) {
		fprintf(stderr, "walbench: clean %s: %s\n", cfg.target,
			dirfd == -ENOENT ? "no such directory"
			: dirfd == -ENOTDIR || dirfd == -ELOOP ? "not a directory" : strerror(-dirfd));
		return WB_EXIT_SETUP;
	}
	/* The listing gets its own descriptor: closedir closes it, dirfd stays ours. */
	listfd = dup(dirfd);
	d = listfd < 0 ? NULL : fdopendir(listfd);
	if (!d) {
		fprintf(stderr, "walbench: clean %s: %s\n", cfg.target, strerror(errno));
		if (listfd >= 0)
			(void)close(listfd);
		(void)close(dirfd);
		return WB_EXIT_SETUP;
	}
	for (errno = 0; (de = readdir(d)); errno = 0) {
		if (strcmp(de->d_name, WB_VERIFY_FILE_NAME) == 0) {
			t.kept++;
			if (cfg.dry_run)
				printf("kept %s/%s: verify's evidence for `verify check`; clean never "
				       "removes it (`verify check --remove` does)\n", cfg.target,
				       de->d_name);
		} else if (wb_testfile_name_parse(de->d_name, &pid)) {
			clean_one(dirfd, cfg.target, de->d_name, pid, cfg.dry_run, &t);
		}
	}
	if (errno) {
		fprintf(stderr, "walbench: reading %s failed: %s\n", cfg.target, strerror(errno));
		t.failed++;
	}
	(void)closedir(d);
	(void)close(dirfd);
	if (cfg.dry_run)
		printf("%u would be removed, %u kept\n", t.removed, t.kept);
	else if (t.removed || t.kept || t.failed)
		printf("%u removed, %u kept%s%s\n", t.removed, t.kept,
		       t.kept ? " (--dry-run says why)" : "", t.failed ? ", some not removable" : "");
	else
		printf("nothing of walbench's in %s\n", cfg.target);
	return t.failed ? WB_EXIT_IO : WB_EXIT_OK;
}
