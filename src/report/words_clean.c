/* words_clean.c — clean's reasons, one sentence per reason code (words_clean.h). */
#include "report/words.h"

#include <stdio.h>
#include <string.h>

char *wb_clean_reason_words(const struct wb_clean_verdict *v, char *buf, size_t len)
{
	switch (v->reason) {
	case WB_CLEAN_SYMLINK:
		snprintf(buf, len, "a symbolic link: never followed, never removed");
		break;
	case WB_CLEAN_NOT_REGULAR:
		snprintf(buf, len, "not a regular file");
		break;
	case WB_CLEAN_VANISHED:
		snprintf(buf, len, "vanished or changed while being checked (%s)",
			 strerror(v->err));
		break;
	case WB_CLEAN_NOT_MINE:
		snprintf(buf, len, "owned by uid %ld, not by you (uid %ld)", (long)v->uid,
			 (long)v->me);
		break;
	case WB_CLEAN_LOCK_HELD:
		snprintf(buf, len, "in use: a running process holds its lock");
		break;
	case WB_CLEAN_LOCK_UNKNOWN:
		snprintf(buf, len, "its lock cannot be checked (%s)", strerror(v->err));
		break;
	case WB_CLEAN_PID_WALBENCH:
		snprintf(buf, len, "process %ld is a running walbench", (long)v->pid);
		break;
	case WB_CLEAN_PID_UNKNOWN:
		snprintf(buf, len, "process %ld runs, and whether it is walbench cannot be read",
			 (long)v->pid);
		break;
	case WB_CLEAN_PID_REUSED:
		snprintf(buf, len, "process %ld is now %s, not walbench", (long)v->pid, v->comm);
		break;
	case WB_CLEAN_PID_GONE:
		snprintf(buf, len, "process %ld no longer exists", (long)v->pid);
		break;
	default:
		snprintf(buf, len, "?");
		break;
	}
	return buf;
}
