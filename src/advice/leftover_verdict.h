/* leftover_verdict.h — whether `walbench clean` may remove one file named like walbench's:
 * a pure function of the facts (facts/leftover.h). The verdict is a reason code
 * and the figures it names; report/words.h words it. */
#ifndef WB_ADVICE_LEFTOVER_VERDICT_H
#define WB_ADVICE_LEFTOVER_VERDICT_H

#include <stdbool.h>
#include <sys/types.h>

#include "facts/leftover.h"

/* Why a file goes or stays; the first rule that applies, in this order. */
enum wb_clean_reason {
	WB_CLEAN_SYMLINK,        /* kept: a symbolic link is never followed nor removed */
	WB_CLEAN_NOT_REGULAR,    /* kept: a directory, FIFO, device... */
	WB_CLEAN_VANISHED,       /* kept: gone or replaced while probed (err) */
	WB_CLEAN_NOT_MINE,       /* kept: owned by uid, not by me */
	WB_CLEAN_LOCK_HELD,      /* kept: a running process holds its lock */
	WB_CLEAN_LOCK_UNKNOWN,   /* kept: the lock could not be checked (err) */
	WB_CLEAN_PID_WALBENCH,   /* kept: pid is a running walbench */
	WB_CLEAN_PID_UNKNOWN,    /* kept: pid runs, its program unreadable */
	WB_CLEAN_PID_REUSED,     /* removed: pid is now another program (comm) */
	WB_CLEAN_PID_GONE,       /* removed: no process pid */
};

struct wb_clean_verdict {
	bool remove;
	enum wb_clean_reason reason;
	pid_t pid;               /* the PID in the file's name */
	uid_t uid, me;           /* the file's owner, and who judges (NOT_MINE) */
	int err;                 /* errno behind VANISHED and LOCK_UNKNOWN */
	char comm[32];           /* the program now running as pid (PID_REUSED) */
};

/* A file goes only when it is a regular file owned by me, no process holds its
 * lock, and the PID in its name is no running walbench (gone, or reused by another
 * program). Anything uncertain stays: a leftover kept costs disk space, a live
 * run's file removed costs the run. */
void wb_clean_judge(const struct wb_leftover *f, uid_t me, struct wb_clean_verdict *v);

#endif
