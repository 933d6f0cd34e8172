/* leftover_verdict.c — the verdict on one would-be leftover; see leftover_verdict.h.
 * Trap: the lock outranks the PID. A free lock with a running walbench of that
 * PID is still kept (a walbench older than the lock, or one between creating its
 * file and locking it); a held lock is kept whatever the PID says (a walbench in
 * another PID namespace). */
#include "advice/leftover_verdict.h"

#include <string.h>

static enum wb_clean_reason judge(const struct wb_leftover *f, uid_t me)
{
	switch (f->type) {
	case WB_ENTRY_SYMLINK:
		return WB_CLEAN_SYMLINK;
	case WB_ENTRY_OTHER:
		return WB_CLEAN_NOT_REGULAR;
	case WB_ENTRY_GONE:
		return WB_CLEAN_VANISHED;
	case WB_ENTRY_REGULAR:
		break;
	}
	if (f->uid != me)
		return WB_CLEAN_NOT_MINE;
	switch (f->lock) {
	case WB_LOCK_HELD:
		return WB_CLEAN_LOCK_HELD;
	case WB_LOCK_UNKNOWN:
		return WB_CLEAN_LOCK_UNKNOWN;
	case WB_LOCK_FREE:
	case WB_LOCK_UNSUPPORTED: /* no locks here: the PID alone decides */
		break;
	}
	switch (f->pid_state) {
	case WB_PID_WALBENCH:
		return WB_CLEAN_PID_WALBENCH;
	case WB_PID_UNKNOWN:
		return WB_CLEAN_PID_UNKNOWN;
	case WB_PID_OTHER:
		return WB_CLEAN_PID_REUSED;
	case WB_PID_GONE:
		break;
	}
	return WB_CLEAN_PID_GONE;
}

void wb_clean_judge(const struct wb_leftover *f, uid_t me, struct wb_clean_verdict *v)
{
	memset(v, 0, sizeof(*v));
	v->reason = judge(f, me);
	v->remove = v->reason == WB_CLEAN_PID_REUSED || v->reason == WB_CLEAN_PID_GONE;
	v->pid = f->pid;
	v->uid = f->uid;
	v->me = me;
	v->err = f->err;
	_Static_assert(sizeof(v->comm) == sizeof(f->comm), "comm copied whole");
	memcpy(v->comm, f->comm, sizeof(v->comm));
	v->comm[sizeof(v->comm) - 1] = '\0';
}
