/* leftover.c — the facts about one would-be leftover; see leftover.h.
 * Trap: the file is opened O_NONBLOCK|O_NOFOLLOW and checked to be the very inode
 * fstatat saw, so a FIFO cannot block the probe and a swap between the two looks
 * like a vanished entry, never like someone else's file. */
#include "facts/leftover.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* Whether pid runs, and as what program. */
static enum wb_pid_state pid_state(pid_t pid, char *comm, size_t len)
{
	char path[64];
	ssize_t n;
	int fd;

	comm[0] = '\0';
	if (kill(pid, 0) && errno == ESRCH)
		return WB_PID_GONE;
	/* Running (EPERM: another user's). Its program says whether the PID was reused. */
	snprintf(path, sizeof(path), "/proc/%ld/comm", (long)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? WB_PID_GONE : WB_PID_UNKNOWN;
	n = read(fd, comm, len - 1);
	(void)close(fd);
	if (n <= 0)
		return WB_PID_UNKNOWN;
	comm[n] = '\0';
	comm[strcspn(comm, "\n")] = '\0';
	return strcmp(comm, WB_PROGRAM_NAME) == 0 ? WB_PID_WALBENCH : WB_PID_OTHER;
}

static void probe_lock(int dirfd, const char *name, const struct stat *seen,
		       struct wb_leftover *f)
{
	struct stat st;
	int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0) {
		f->err = errno;
		if (errno == ENOENT)
			f->type = WB_ENTRY_GONE;
		f->lock = WB_LOCK_UNKNOWN;
		return;
	}
	if (fstat(fd, &st) || st.st_dev != seen->st_dev || st.st_ino != seen->st_ino) {
		f->type = WB_ENTRY_GONE; /* replaced since fstatat: judge nothing */
		f->err = ESTALE;
		f->lock = WB_LOCK_UNKNOWN;
		(void)close(fd);
		return;
	}
	if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
		f->lock = WB_LOCK_FREE;
		f->lock_fd = fd;
		return;
	}
	f->err = errno;
	f->lock = errno == EWOULDBLOCK ? WB_LOCK_HELD
		: errno == EOPNOTSUPP || errno == ENOLCK || errno == EINVAL ? WB_LOCK_UNSUPPORTED
		: WB_LOCK_UNKNOWN;
	(void)close(fd);
}

void wb_leftover_probe(int dirfd, const char *name, pid_t pid, struct wb_leftover *f)
{
	struct stat st;

	memset(f, 0, sizeof(*f));
	f->lock_fd = -1;
	f->pid = pid;
	f->lock = WB_LOCK_UNKNOWN;
	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW)) {
		f->type = WB_ENTRY_GONE;
		f->err = errno;
		return;
	}
	f->uid = st.st_uid;
	f->size = (long long)st.st_size;
	f->type = S_ISREG(st.st_mode) ? WB_ENTRY_REGULAR
		: S_ISLNK(st.st_mode) ? WB_ENTRY_SYMLINK : WB_ENTRY_OTHER;
	if (f->type != WB_ENTRY_REGULAR)
		return; /* never opened: not ours, whatever the PID says */
	f->pid_state = pid_state(pid, f->comm, sizeof(f->comm));
	probe_lock(dirfd, name, &st, f);
}

void wb_leftover_release(struct wb_leftover *f)
{
	if (f->lock_fd >= 0)
		(void)close(f->lock_fd);
	f->lock_fd = -1;
}
