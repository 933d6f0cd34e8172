/* commit_wait.h — what the observed server's commits wait for (pure): their own
 * WAL flush on this host, or a synchronous standby's confirmation (IPC
 * SyncRep, sampled in pg_stat_activity). A commit on a primary with a
 * synchronous standby flushes its WAL here, then waits until the standby says
 * it has it (synchronous_commit = on: flushed there too): where that second
 * wait dominates, neither wal_sync_method nor where pg_wal lives on this host
 * is what the commits wait for, the standby's flush and the network are. The
 * placement model already scales only the local flush's share; this verdict
 * is what the method and placement advice say about it. */
#ifndef WB_ADVICE_COMMIT_WAIT_H
#define WB_ADVICE_COMMIT_WAIT_H

#include "pgstat/observed.h"

enum wb_commit_waits_for {
	WB_WAITS_UNKNOWN,    /* no server, or its samples say nothing */
	WB_WAITS_FLUSH,      /* this host's flush, or no standby's wait that dominates */
	WB_WAITS_STANDBY,    /* a synchronous standby: SyncRep's share is the larger, and
			      * the standby's with its row locks at least
			      * WB_STANDBY_MIN_SHARE */
};

/* "unknown", "flush", "standby": the JSON's commits_wait_for. */
const char *wb_commit_waits_for_name(enum wb_commit_waits_for w);

/* The least share of the sessions' time the standby accounts for that is the
 * commits' wait rather than a standby catching up now and then: a fifth of the
 * time, as much as a pgbench TPC-B loop on a fast local disk spends in its own
 * flush (10-15 % on the suite's machine, integration.observe_waits). */
#define WB_STANDBY_MIN_SHARE 0.2

/* Row locks are held across the holder's commit, so a session queued on one
 * waits for what that commit waits for: the lock share is split between the
 * standby and the flush in the proportion of their own shares (TPC-B on one
 * branch read 16 % SyncRep, 2 % flush and 58 % row locks: 67 % the standby's). */
struct wb_commit_wait {
	enum wb_commit_waits_for state;
	double standby_share;  /* the sessions' time the standby accounts for: SyncRep and its
				* part of the row locks (0..1); NAN unknown */
	double flush_share;    /* this host's WAL flush and its part of the row locks */
};

/* From o's sampled waits (NULL: no server). */
void wb_commit_wait(const struct wb_pg_observed *o, struct wb_commit_wait *out);

#endif
