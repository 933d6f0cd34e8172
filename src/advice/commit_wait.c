/* commit_wait.c — see commit_wait.h. */
#include "advice/commit_wait.h"

#include <math.h>
#include <stddef.h>

const char *wb_commit_waits_for_name(enum wb_commit_waits_for w)
{
	static const char *const names[] = {
		[WB_WAITS_UNKNOWN] = "unknown",
		[WB_WAITS_FLUSH] = "flush",
		[WB_WAITS_STANDBY] = "standby",
	};
	_Static_assert(sizeof(names) / sizeof(names[0]) == WB_WAITS_STANDBY + 1,
		       "a name per state");

	return (unsigned)w < sizeof(names) / sizeof(names[0]) ? names[w] : "unknown";
}

void wb_commit_wait(const struct wb_pg_observed *o, struct wb_commit_wait *out)
{
	const struct wb_pg_wait_shares *s = o ? &o->rate.waits : NULL;
	double sync, wal, standby_part;

	out->state = WB_WAITS_UNKNOWN;
	out->standby_share = out->flush_share = NAN;
	if (!s || !s->known)
		return;
	sync = s->share[WB_PGW_SYNC_REP];
	wal = s->share[WB_PGW_WAL];
	standby_part = sync + wal > 0 ? sync / (sync + wal) : 0;
	out->standby_share = sync + s->share[WB_PGW_LOCK] * standby_part;
	out->flush_share = wal + s->share[WB_PGW_LOCK] * (1 - standby_part);
	out->state = sync > wal && out->standby_share >= WB_STANDBY_MIN_SHARE ? WB_WAITS_STANDBY
									      : WB_WAITS_FLUSH;
}
