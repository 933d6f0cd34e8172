/* clean.c — the verdict on one would-be leftover; see clean.h.
 * Trap: the lock outranks the PID. A free lock with a running walbench of that
 * PID is still kept (a walbench older than the lock, or one between creating its
 * file and locking it); a held lock is kept whatever the PID says (a walbench in
 * another PID namespace). */
#include "advice/clean.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Fills v; returns true so each rule below ends the judgement in one line. */
static bool say(struct wb_clean_verdict *v, bool remove, const char *fmt, ...)
{
	va_list ap;

	v->remove = remove;
	va_start(ap, fmt);
	vsnprintf(v->reason, sizeof(v->reason), fmt, ap);
	va_end(ap);
	return true;
}

static bool judge(const struct wb_leftover *f, uid_t me, struct wb_clean_verdict *v)
{
	switch (f->type) {
	case WB_ENTRY_SYMLINK:
		return say(v, false, "a symbolic link: never followed, never removed");
	case WB_ENTRY_OTHER:
		return say(v, false, "not a regular file");
	case WB_ENTRY_GONE:
		return say(v, false, "vanished or changed while being checked (%s)",
			   strerror(f->err));
	case WB_ENTRY_REGULAR:
		break;
	}
	if (f->uid != me)
		return say(v, false, "owned by uid %ld, not by you (uid %ld)", (long)f->uid,
			   (long)me);
	switch (f->lock) {
	case WB_LOCK_HELD:
		return say(v, false, "in use: a running process holds its lock");
	case WB_LOCK_UNKNOWN:
		return say(v, false, "its lock cannot be checked (%s)", strerror(f->err));
	case WB_LOCK_FREE:
	case WB_LOCK_UNSUPPORTED: /* no locks here: the PID alone decides */
		break;
	}
	switch (f->pid_state) {
	case WB_PID_WALBENCH:
		return say(v, false, "process %ld is a running walbench", (long)f->pid);
	case WB_PID_UNKNOWN:
		return say(v, false, "process %ld runs, and whether it is walbench cannot be read",
			   (long)f->pid);
	case WB_PID_OTHER:
		return say(v, true, "process %ld is now %s, not walbench", (long)f->pid, f->comm);
	case WB_PID_GONE:
		break;
	}
	return say(v, true, "process %ld no longer exists", (long)f->pid);
}

void wb_clean_judge(const struct wb_leftover *f, uid_t me, struct wb_clean_verdict *v)
{
	(void)judge(f, me, v);
}
