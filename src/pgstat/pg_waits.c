/* pg_waits.c — see pg_waits.h. Trap: the wait event names are each major's
 * own: 17 generates them from wait_event_names.txt and spells the IO ones in
 * CamelCase (WalSync, where 14-16 say WALSync), while the LWLock ones keep
 * their tranche names (WALWrite) on every major. */
#include "pgstat/pg_waits.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *const wb_pg_wait_names[WB_PGW_COUNT] = {
	[WB_PGW_WAL] = "wal",
	[WB_PGW_LOCK] = "lock",
	[WB_PGW_DATA_IO] = "data_io",
	[WB_PGW_CPU] = "cpu",
	[WB_PGW_CLIENT] = "client",
	[WB_PGW_OTHER] = "other",
	[WB_PGW_SYNC_REP] = "sync_rep",
	[WB_PGW_WAL_INSERT] = "wal_insert",
};

/* A wait event whose class is not the one its type gives. */
struct wait_event {
	const char *type;
	const char *name;
	enum wb_pg_wait cls;
};

/* 14, 15 and 16: the monitoring chapter's table "Wait Events of Type IO",
 * every event naming the WAL. Only the commit's own write and flush, and the
 * creation of a segment it may have to do on the way (XLogWrite), are the WAL
 * flush: WALRead (a walsender, logical decoding), WALCopy* (a segment copied
 * at a timeline switch), WALBootstrap* (initdb), WALSenderTimelineHistoryRead
 * and WALSyncMethodAssign (a new wal_sync_method) are no commit's wait. */
static const struct wait_event io_14[] = {
	{ "IO", "WALWrite", WB_PGW_WAL },
	{ "IO", "WALSync", WB_PGW_WAL },
	{ "IO", "WALInitWrite", WB_PGW_WAL },
	{ "IO", "WALInitSync", WB_PGW_WAL },
	{ "IO", "WALRead", WB_PGW_OTHER },
	{ "IO", "WALCopyRead", WB_PGW_OTHER },
	{ "IO", "WALCopyWrite", WB_PGW_OTHER },
	{ "IO", "WALCopySync", WB_PGW_OTHER },
	{ "IO", "WALBootstrapWrite", WB_PGW_OTHER },
	{ "IO", "WALBootstrapSync", WB_PGW_OTHER },
	{ "IO", "WALSenderTimelineHistoryRead", WB_PGW_OTHER },
	{ "IO", "WALSyncMethodAssign", WB_PGW_OTHER },
	{ NULL, NULL, WB_PGW_COUNT },
};

/* 17 and 18: wait_event_names.txt (pg_wait_events lists the same), whose IO
 * names are generated in CamelCase: the same events as 14's, plus the WAL
 * summarizer's (17), no commit's either. */
static const struct wait_event io_17[] = {
	{ "IO", "WalWrite", WB_PGW_WAL },
	{ "IO", "WalSync", WB_PGW_WAL },
	{ "IO", "WalInitWrite", WB_PGW_WAL },
	{ "IO", "WalInitSync", WB_PGW_WAL },
	{ "IO", "WalRead", WB_PGW_OTHER },
	{ "IO", "WalCopyRead", WB_PGW_OTHER },
	{ "IO", "WalCopyWrite", WB_PGW_OTHER },
	{ "IO", "WalCopySync", WB_PGW_OTHER },
	{ "IO", "WalBootstrapWrite", WB_PGW_OTHER },
	{ "IO", "WalBootstrapSync", WB_PGW_OTHER },
	{ "IO", "WalsenderTimelineHistoryRead", WB_PGW_OTHER },
	{ "IO", "WalSyncMethodAssign", WB_PGW_OTHER },
	{ "IO", "WalSummaryRead", WB_PGW_OTHER },
	{ "IO", "WalSummaryWrite", WB_PGW_OTHER },
	{ NULL, NULL, WB_PGW_COUNT },
};

/* Named alike on 14 to 18: the LWLocks keep their tranche names, and IPC
 * SyncRep was never renamed. */
static const struct wait_event every_major[] = {
	{ "LWLock", "WALWrite", WB_PGW_WAL },
	{ "LWLock", "WALInsert", WB_PGW_WAL_INSERT },
	{ "LWLock", "WALBufMapping", WB_PGW_WAL_INSERT },
	{ "IPC", "SyncRep", WB_PGW_SYNC_REP },
	{ "LWLock", "SyncRep", WB_PGW_SYNC_REP },
	{ NULL, NULL, WB_PGW_COUNT },
};

/* Each major's IO events, from WB_PG_WAIT_OLDEST_MAJOR. */
static const struct wait_event *const io_of[] = {
	io_14, /* 14 */
	io_14, /* 15 */
	io_14, /* 16 */
	io_17, /* 17 */
	io_17, /* 18 */
};
_Static_assert(sizeof(io_of) / sizeof(io_of[0]) ==
		       WB_PG_WAIT_NEWEST_MAJOR - WB_PG_WAIT_OLDEST_MAJOR + 1,
	       "one table of IO wait events per major");

/* TABLE's class for TYPE:NAME, or WB_PGW_COUNT when it does not name it. */
static enum wb_pg_wait lookup(const struct wait_event *table, const char *type, const char *name)
{
	const struct wait_event *e;

	for (e = table; e->type; e++)
		if (!strcmp(e->type, type) && !strcmp(e->name, name))
			return e->cls;
	return WB_PGW_COUNT;
}

/* MAJOR's class for TYPE:NAME, or WB_PGW_COUNT when its tables do not name it. */
static enum wb_pg_wait named_class(unsigned major, const char *type, const char *name)
{
	enum wb_pg_wait c;

	if (!major || major > WB_PG_WAIT_NEWEST_MAJOR)
		major = WB_PG_WAIT_NEWEST_MAJOR;
	if (major < WB_PG_WAIT_OLDEST_MAJOR)
		major = WB_PG_WAIT_OLDEST_MAJOR;
	c = lookup(io_of[major - WB_PG_WAIT_OLDEST_MAJOR], type, name);
	return c < WB_PGW_COUNT ? c : lookup(every_major, type, name);
}

enum wb_pg_wait wb_pg_wait_class(unsigned major, const char *type, const char *event,
				 const char *state)
{
	enum wb_pg_wait c;

	if (!strcmp(state, "idle"))
		return WB_PGW_COUNT;
	c = named_class(major, type, event);
	if (c < WB_PGW_COUNT)
		return c;
	if (!strcmp(type, "IO"))
		return WB_PGW_DATA_IO;
	if (!strcmp(type, "Lock"))
		return WB_PGW_LOCK;
	if (!strcmp(type, "Client") || !strcmp(state, "idle, recent"))
		return WB_PGW_CLIENT;
	if (!type[0])
		return WB_PGW_CPU;
	return WB_PGW_OTHER;
}

int wb_pg_waits_row(struct wb_pg_waits *w, unsigned ncols, const char *const *values)
{
	enum wb_pg_wait c;
	unsigned long n;
	char *end;

	if (ncols < 4 || !values[0] || !values[1] || !values[2] || !values[3])
		return -EINVAL;
	errno = 0;
	n = strtoul(values[3], &end, 10);
	if (errno || end == values[3] || *end || n > UINT32_MAX)
		return -EINVAL;
	/* Another role's session, seen without pg_read_all_stats: no state. */
	if (!values[2][0]) {
		w->cur_hidden += (uint32_t)n;
		return 0;
	}
	c = wb_pg_wait_class(w->major, values[0], values[1], values[2]);
	if (c < WB_PGW_COUNT)
		w->cur[c] += (uint32_t)n;
	return 0;
}

void wb_pg_waits_round_end(struct wb_pg_waits *w)
{
	uint32_t busy = 0;
	unsigned k;

	for (k = 0; k < WB_PGW_COUNT; k++)
		busy += w->cur[k];
	w->rounds++;
	w->hidden += w->cur_hidden;
	if (busy) {
		w->busy_rounds++;
		for (k = 0; k < WB_PGW_COUNT; k++) {
			double s = (double)w->cur[k] / busy;

			w->sessions[k] += w->cur[k];
			w->share_sum[k] += s;
			w->share_sumsq[k] += s * s;
		}
	}
	memset(w->cur, 0, sizeof(w->cur));
	w->cur_hidden = 0;
}

void wb_pg_wait_shares(const struct wb_pg_waits *w, struct wb_pg_wait_shares *out)
{
	double n = w->busy_rounds, seen = 0;
	unsigned k;

	memset(out, 0, sizeof(*out));
	for (k = 0; k < WB_PGW_COUNT; k++)
		seen += w->sessions[k];
	if (w->busy_rounds < WB_PG_WAIT_MIN_ROUNDS ||
	    w->hidden > WB_PG_WAIT_MAX_HIDDEN * (seen + w->hidden))
		return;
	out->known = true;
	out->busy_sessions = seen / n;
	for (k = 0; k < WB_PGW_COUNT; k++) {
		double mean = w->share_sum[k] / n;
		double var = (w->share_sumsq[k] - n * mean * mean) / (n - 1);

		/* Rounds 0.1 s apart are not independent (a flush, a lock wait
		 * outlasts one): the interval counts WB_PG_WAIT_ROUNDS_PER_DRAW rounds
		 * as one draw, and takes 2 for the t quantile (at least 12 draws). */
		out->share[k] = mean;
		out->half95[k] = 2.0 * sqrt(fmax(var, 0) / (n / WB_PG_WAIT_ROUNDS_PER_DRAW));
	}
}
