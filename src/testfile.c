/* testfile.c — safe creation and guaranteed removal of test files.
 * Trap: the signal handler may only use async-signal-safe calls (unlink, write,
 * _exit); the registry is a fixed array whose slots are published by a flag
 * written last, so the handler never sees a half-written path. */
#include "testfile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static char registered_path[WB_TESTFILE_MAX][PATH_MAX];
static volatile sig_atomic_t registered[WB_TESTFILE_MAX];

static void remove_all_and_exit(int sig)
{
	static const char msg[] = "\nwalbench: interrupted; test files removed\n";
	unsigned i;

	for (i = 0; i < WB_TESTFILE_MAX; i++)
		if (registered[i])
			(void)unlink(registered_path[i]);
	(void)!write(STDERR_FILENO, msg, sizeof(msg) - 1);
	_exit(128 + sig);
}

int wb_cleanup_install(void)
{
	static const int signals[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa;
	unsigned i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = remove_all_and_exit;
	sigfillset(&sa.sa_mask); /* one handler at a time: a second signal must not cut it short */
	for (i = 0; i < sizeof(signals) / sizeof(signals[0]); i++)
		if (sigaction(signals[i], &sa, NULL))
			return -errno;
	return 0;
}

/* Registration runs with the cleanup signals blocked so a slot is never seen
 * half-filled. */
static void block_signals(sigset_t *old)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &set, old);
}

static int register_path(const char *path)
{
	sigset_t old;
	unsigned i;
	int ret = -ENFILE;

	block_signals(&old);
	for (i = 0; i < WB_TESTFILE_MAX; i++) {
		if (!registered[i]) {
			snprintf(registered_path[i], PATH_MAX, "%s", path);
			registered[i] = 1;
			ret = 0;
			break;
		}
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return ret;
}

static void unregister_path(const char *path)
{
	sigset_t old;
	unsigned i;

	block_signals(&old);
	for (i = 0; i < WB_TESTFILE_MAX; i++)
		if (registered[i] && strcmp(registered_path[i], path) == 0)
			registered[i] = 0;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}

/* Create-and-register must be one step: a signal between open and register would
 * leave the file behind. */
static int create_exclusive(const char *path, const char **why)
{
	sigset_t old;
	int fd, ret;

	block_signals(&old);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0) {
		ret = -errno;
		*why = ret == -EEXIST ? "already exists; walbench never writes to an existing file"
				      : "cannot be created";
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		return ret;
	}
	ret = register_path(path);
	if (ret) {
		(void)unlink(path);
		(void)close(fd);
		*why = "too many test files";
		fd = ret;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return fd;
}

int wb_testfile_create(const char *target, char *path, size_t path_len, const char **why)
{
	struct stat st;
	unsigned attempt;
	int fd;

	if (!target)
		target = ".";
	*why = "cannot be created";
	if (lstat(target, &st) == 0 && S_ISLNK(st.st_mode)) {
		/* A symlink to a directory is fine (pg_wal is often one); to anything else not. */
		if (stat(target, &st) != 0 || !S_ISDIR(st.st_mode)) {
			*why = "is a symbolic link; walbench does not follow it";
			return -ELOOP;
		}
	}
	if (stat(target, &st) == 0 && S_ISDIR(st.st_mode)) {
		for (attempt = 0; attempt < 100; attempt++) {
			if (snprintf(path, path_len, "%s/walbench.%ld.%u.tmp", target,
				     (long)getpid(), attempt) >= (int)path_len) {
				*why = "path too long";
				return -ENAMETOOLONG;
			}
			fd = create_exclusive(path, why);
			if (fd != -EEXIST)
				return fd;
		}
		return -EEXIST;
	}
	if (lstat(target, &st) == 0) {
		*why = "already exists; walbench never writes to an existing file";
		return -EEXIST;
	}
	if (snprintf(path, path_len, "%s", target) >= (int)path_len) {
		*why = "path too long";
		return -ENAMETOOLONG;
	}
	return create_exclusive(path, why);
}

void wb_fill_random(void *buf, size_t len, uint64_t seed)
{
	uint64_t x = seed | 1, *p = buf;
	size_t i;

	/* xorshift64*: fast, and its output does not compress. */
	for (i = 0; i < len / sizeof(*p); i++) {
		x ^= x >> 12;
		x ^= x << 25;
		x ^= x >> 27;
		p[i] = x * 0x2545F4914F6CDD1DULL;
	}
	memset((char *)buf + i * sizeof(*p), 0x5a, len % sizeof(*p));
}

int wb_testfile_fill(int fd, uint64_t bytes, bool zeros, const char **call)
{
	const size_t chunk = 1 << 20;
	uint64_t done = 0;
	char *buf;
	int ret = 0;

	buf = zeros ? calloc(1, chunk) : malloc(chunk);
	if (!buf) {
		*call = "malloc";
		return -ENOMEM;
	}
	while (done < bytes) {
		size_t len = bytes - done < chunk ? (size_t)(bytes - done) : chunk;
		ssize_t n;

		if (!zeros)
			wb_fill_random(buf, len, (uint64_t)time(NULL) ^ done);
		n = pwrite(fd, buf, len, (off_t)done);
		if (n < 0) {
			ret = -errno;
			*call = "write";
			goto out;
		}
		if (n == 0) {
			ret = -EIO;
			*call = "write (no progress)";
			goto out;
		}
		done += (uint64_t)n;
	}
	/* Sync now so the tests do not pay for this file's dirty pages. */
	if (fsync(fd)) {
		ret = -errno;
		*call = "fsync";
	}
out:
	free(buf);
	return ret;
}

int wb_testfile_remove(const char *path)
{
	int ret = unlink(path) ? -errno : 0;

	unregister_path(path);
	return ret;
}
