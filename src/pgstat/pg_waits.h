/* pg_waits.h — where the server's sessions spend their time, from samples of
 * pg_stat_activity taken through the observation window (pure: the SQL, the
 * classes and the sums; server/pg_observe.c runs the query). A closed loop of
 * sessions (pgbench, a connection pool's batch work) commits at N / T, T being
 * a session's cycle: the share of T spent waiting for the WAL flush, and for
 * row locks held by transactions that wait for theirs, is what moving pg_wal
 * can shorten (advice/placement_model.h). This is the sampling DBAs know as
 * active session history (pg_wait_sampling, AWS's Performance Insights): the
 * wait events are the server's own (utils/activity/wait_event.c). */
#ifndef WB_PGSTAT_PG_WAITS_H
#define WB_PGSTAT_PG_WAITS_H

#include <stdbool.h>
#include <stdint.h>

/* What a sampled session was doing. The wait events are each major's own
 * names (17 renamed the IO ones to CamelCase: WALSync became WalSync), read
 * through a table per major (pg_waits.c). */
enum wb_pg_wait {
	WB_PGW_WAL,      /* the commit's WAL flush: IO WALWrite/WALSync/WALInitWrite/
			  * WALInitSync (17: WalWrite...), LWLock WALWrite (the flush
			  * lock: a committer queued behind the flush in progress) */
	WB_PGW_LOCK,     /* a heavyweight lock (Lock: transactionid, tuple, ...): held by
			  * another transaction until it commits, flush included */
	WB_PGW_DATA_IO,  /* any other IO wait: data files, SLRU, temp files */
	WB_PGW_CPU,      /* in a statement or transaction with no wait event: on a CPU,
			  * or runnable */
	WB_PGW_CLIENT,   /* waiting for the client: inside a transaction (ClientRead), or
			  * idle for under WB_PG_WAIT_IDLE_S (a closed loop's turn) */
	WB_PGW_OTHER,    /* every other wait (other LWLocks, IPC, timeouts; WAL read, copied
			  * at a timeline switch or synced for a new sync method) */
	WB_PGW_SYNC_REP, /* a commit waiting for a synchronous standby's confirmation (IPC
			  * SyncRep, LWLock SyncRep): the standby's flush and the network,
			  * not this host's disk */
	WB_PGW_WAL_INSERT, /* queued to insert WAL into its buffers (LWLock WALInsert,
			    * WALBufMapping): CPU and memory contention, not the disk */
	WB_PGW_COUNT
};
/* "wal", "lock", "data_io", "cpu", "client", "other", "sync_rep", "wal_insert":
 * the JSON's keys. */
extern const char *const wb_pg_wait_names[WB_PGW_COUNT];

/* A session idle longer than this is not in a loop that commits: a pool's
 * spare connection. Left out of the samples. */
#define WB_PG_WAIT_IDLE_S 1

/* The samples of one window. Each round reads every client backend once; a
 * class's share in a round is its sessions over the round's busy sessions. */
struct wb_pg_waits {
	unsigned major;            /* the server's major, whose wait event names the rows
				    * carry (0: WB_PG_WAIT_NEWEST_MAJOR's) */
	uint32_t rounds;           /* rounds taken */
	uint32_t busy_rounds;      /* rounds with at least one busy session */
	uint32_t hidden;           /* sessions whose state the role may not see (another
				    * role's, without pg_read_all_stats) */
	double sessions[WB_PGW_COUNT]; /* sessions seen per class, summed over rounds */
	double share_sum[WB_PGW_COUNT];   /* per busy round: the class's share, summed */
	double share_sumsq[WB_PGW_COUNT]; /* and its square, for the interval */
	/* the round being read */
	uint32_t cur[WB_PGW_COUNT];
	uint32_t cur_hidden;
};

/* The majors whose wait event names pg_waits.c lists; a newer one is read as
 * the newest. */
#define WB_PG_WAIT_OLDEST_MAJOR 14
#define WB_PG_WAIT_NEWEST_MAJOR 18

/* The class of a session on a server of MAJOR: its wait_event_type, wait_event
 * and state as the query gives them ("" for NULL). An event MAJOR's table does
 * not name is classed by its type (IO: data I/O, Lock: lock, Client: client,
 * none: CPU, any other: other). A long-idle session is WB_PGW_COUNT (not
 * sampled). */
enum wb_pg_wait wb_pg_wait_class(unsigned major, const char *type, const char *event,
				 const char *state);

/* Adds one row of the query (type, event, state, count) to the round being
 * read. 0, or -EINVAL when the row is not that shape. */
int wb_pg_waits_row(struct wb_pg_waits *w, unsigned ncols, const char *const *values);

/* Ends the round being read: adds it to the sums, clears it. */
void wb_pg_waits_round_end(struct wb_pg_waits *w);

/* The rates a window's samples give. */
struct wb_pg_wait_shares {
	bool known;                /* enough busy rounds (WB_PG_WAIT_MIN_ROUNDS) and few
				    * hidden sessions */
	double busy_sessions;      /* sessions in the loop, on average */
	double share[WB_PGW_COUNT];   /* the mean share of each class, 0..1 */
	double half95[WB_PGW_COUNT];  /* the 95 % half-width of each (Student t over rounds) */
};
/* Fewer busy rounds than this (12 s at the sampling pace, the window being at
 * least 10 s) say nothing. */
#define WB_PG_WAIT_MIN_ROUNDS 60
/* Rounds counted as one independent draw for the shares' interval: a second
 * of rounds at the 0.1 s pace (server/pg_observe.c). */
#define WB_PG_WAIT_ROUNDS_PER_DRAW 10.0
/* More than this share of the sessions hidden: the shares are another role's guess. */
#define WB_PG_WAIT_MAX_HIDDEN 0.1

void wb_pg_wait_shares(const struct wb_pg_waits *w, struct wb_pg_wait_shares *out);

#endif
