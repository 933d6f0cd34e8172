/* clean.h — whether `walbench clean` may remove one file named like walbench's:
 * a pure function of the facts (facts/leftover.h), with the reason it prints. */
#ifndef WB_ADVICE_CLEAN_H
#define WB_ADVICE_CLEAN_H

#include <stdbool.h>
#include <sys/types.h>

#include "facts/leftover.h"

struct wb_clean_verdict {
	bool remove;
	char reason[160];        /* "process 1234 no longer exists", "in use: ..." */
};

/* A file goes only when it is a regular file owned by me, no process holds its
 * lock, and the PID in its name is no running walbench (gone, or reused by another
 * program). Anything uncertain stays: a leftover kept costs disk space, a live
 * run's file removed costs the run. */
void wb_clean_judge(const struct wb_leftover *f, uid_t me, struct wb_clean_verdict *v);

#endif
