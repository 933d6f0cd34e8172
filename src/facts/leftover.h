/* leftover.h — what `walbench clean` must know about one directory entry named
 * like a walbench file before it may go: its type and owner (a symlink is seen,
 * never followed), whether a process holds its flock (walbench holds one on each
 * file it makes), and whether the PID in its name is still a running walbench.
 * Trap: a free lock is taken and kept (lock_fd), so nothing can claim the file
 * between the verdict and the unlink; wb_leftover_release drops it. */
#ifndef WB_FACTS_LEFTOVER_H
#define WB_FACTS_LEFTOVER_H

#include <stdbool.h>
#include <sys/types.h>

enum wb_entry_type {
	WB_ENTRY_REGULAR,
	WB_ENTRY_SYMLINK,
	WB_ENTRY_OTHER,   /* a directory, FIFO, socket or device */
	WB_ENTRY_GONE,    /* vanished while being looked at */
};

enum wb_pid_state {
	WB_PID_GONE,      /* no such process (kill: ESRCH, or /proc/PID gone) */
	WB_PID_WALBENCH,  /* running, and its program is walbench */
	WB_PID_OTHER,     /* running, but another program: the PID was reused */
	WB_PID_UNKNOWN,   /* running, program unreadable (hidepid, say) */
};

enum wb_lock_state {
	WB_LOCK_FREE,        /* taken by the probe: no other process holds it */
	WB_LOCK_HELD,        /* a live process (any PID namespace) holds it */
	WB_LOCK_UNSUPPORTED, /* the file system has no flock: only the PID tells */
	WB_LOCK_UNKNOWN,     /* the file could not be opened to try */
};

struct wb_leftover {
	enum wb_entry_type type;
	uid_t uid;                /* owner */
	long long size;           /* bytes */
	pid_t pid;                /* from the name */
	enum wb_pid_state pid_state;
	char comm[32];            /* the PID's program, when running and readable */
	enum wb_lock_state lock;
	int err;                  /* errno behind WB_LOCK_UNKNOWN or WB_ENTRY_GONE */
	int lock_fd;              /* holds the lock while WB_LOCK_FREE; else -1 */
};

/* Looks at name in dirfd (whose name says PID pid) without following it. */
void wb_leftover_probe(int dirfd, const char *name, pid_t pid, struct wb_leftover *f);

/* Drops the lock the probe took, if any. */
void wb_leftover_release(struct wb_leftover *f);

/* The program name a running walbench has in /proc/PID/comm. */
#define WB_PROGRAM_NAME "walbench"

#endif
