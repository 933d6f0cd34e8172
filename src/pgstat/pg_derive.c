/* pg_derive.c — see pg_derive.h. Every rate is NAN unless its inputs were read
 * in both snapshots and its divisor is above 0: a missing figure never turns
 * into a measured 0. */
#include "pgstat/pg_derive.h"
#include "pgstat/pg_queries.h"

#include <math.h>
#include <string.h>

static bool has(const struct wb_pg_observed *o, enum wb_pg_counter c)
{
	return o->have & (1u << c);
}

static bool has_ms(const struct wb_pg_observed *o, enum wb_pg_timer t)
{
	return o->have_ms & (1u << t);
}

static double per(double num, double den)
{
	return den > 0 && !isnan(num) ? num / den : NAN;
}

static double count(const struct wb_pg_observed *o, enum wb_pg_counter c)
{
	return has(o, c) ? (double)o->delta[c] : NAN;
}

/* Data pages written in the interval by the checkpointer, the background
 * writer and the backends; NAN without the checkpointer's count (the others
 * are added where the version has them). */
static double data_pages(const struct wb_pg_observed *o)
{
	double n;

	if (!has(o, WB_PGC_BUF_CHECKPOINTER))
		return NAN;
	n = (double)o->delta[WB_PGC_BUF_CHECKPOINTER];
	if (has(o, WB_PGC_BUF_BGWRITER))
		n += (double)o->delta[WB_PGC_BUF_BGWRITER];
	if (has(o, WB_PGC_BUF_BACKEND))
		n += (double)o->delta[WB_PGC_BUF_BACKEND];
	return n;
}

/* Device writes per data page: the data device's completed writes over the
 * pages PostgreSQL wrote. Sorted checkpoint writes and writeback merge pages
 * into fewer device writes (about 0.6 per page measured here), which released
 * versions cannot see. When pg_wal shares the device, each WAL write is one
 * more device write: those are taken out (a WAL write of contiguous pages is
 * one request; its sync is a flush request, which the stat file does not count
 * as a write). NAN without the device's count or without pages. */
static double device_writes_per_page(const struct wb_pg_observed *o, double pages)
{
	double writes;

	if (!o->dev.have || o->dev.writes_end < o->dev.writes_begin || !(pages > 0))
		return NAN;
	writes = (double)(o->dev.writes_end - o->dev.writes_begin);
	if (o->paths.data_dev[0] && !strcmp(o->paths.data_dev, o->paths.wal_dev) &&
	    has(o, WB_PGC_WAL_WRITES))
		writes -= (double)o->delta[WB_PGC_WAL_WRITES];
	/* WAL writes past the device's count: the device merged them, and the
	 * pages' share is unknown. */
	return writes > 0 ? writes / pages : NAN;
}

/* The checkpoints that completed inside the interval, and how much of them it
 * saw. Pages the checkpointer wrote are no sign of one: a window that catches
 * only the tail of a checkpoint sees its last pages, and its load as near 0.
 * 18 counts the completed ones (num_done). Before, timed and requested count
 * at the start and count skipped checkpoints too, but the checkpoint's write
 * and sync times are added only when one completes (LogCheckpointEnd): when
 * they moved, at least one completed. A standby's are restartpoints, which
 * 17+ count apart (restartpoints_done completed, 18's num_done not among
 * them) and which write and sync the same pages: counted as checkpoints. */
static void checkpoints(const struct wb_pg_observed *o, struct wb_pg_rates *r)
{
	double began = count(o, WB_PGC_CKPT_TIMED) + count(o, WB_PGC_CKPT_REQUESTED), ms = NAN;
	unsigned restarts = has(o, WB_PGC_RSTPT_DONE) ? (unsigned)o->delta[WB_PGC_RSTPT_DONE] : 0;

	if (has(o, WB_PGC_RSTPT_TIMED) && has(o, WB_PGC_RSTPT_REQUESTED))
		began += count(o, WB_PGC_RSTPT_TIMED) + count(o, WB_PGC_RSTPT_REQUESTED);
	if (has_ms(o, WB_PGT_CKPT_WRITE) && has_ms(o, WB_PGT_CKPT_SYNC))
		ms = o->delta_ms[WB_PGT_CKPT_WRITE] + o->delta_ms[WB_PGT_CKPT_SYNC];
	r->checkpoints = 0;
	if (has(o, WB_PGC_CKPT_DONE))
		r->checkpoints = (unsigned)o->delta[WB_PGC_CKPT_DONE] + restarts;
	else if (ms > 0 || restarts)
		r->checkpoints = began > 1 ? (unsigned)began : 1;
	if (r->checkpoints < restarts)
		r->checkpoints = restarts;
	r->checkpoint_in_window = r->checkpoints > 0;
	r->checkpoint_seen = NAN;
	if (!r->checkpoint_in_window)
		return;
	if (began > 0)
		r->checkpoint_seen = 1; /* one began inside too (or a skipped one was counted) */
	else if (ms > 0 && o->seconds > 0)
		r->checkpoint_seen = fmin(1.0, o->seconds * 1000.0 / ms);
}

/* The share of the host's CPU time in use between the snapshots. */
static void host_cpu(const struct wb_pg_observed *o, struct wb_pg_rates *r)
{
	const struct wb_pg_cpu *c = &o->cpu;

	r->cpu_busy = r->server_cpus = NAN;
	r->ncpu = c->have ? c->ncpu : 0;
	if (c->have_server && c->server_end >= c->server_begin && c->tick_hz > 0 &&
	    o->seconds > 0) {
		double ticks = (double)(c->server_end - c->server_begin);

		/* The sampler's backend is in the tree but is walbench's: at 40
		 * commits/s its queries were a sizeable share of the server's CPU,
		 * and a ceiling scaled from them came out low. */
		if (c->have_own && c->own_end >= c->own_begin)
			ticks = fmax(0.0, ticks - (double)(c->own_end - c->own_begin));
		r->server_cpus = ticks / c->tick_hz / o->seconds;
	}
	if (c->have && c->total_end > c->total_begin && c->busy_end >= c->busy_begin)
		r->cpu_busy = fmin(1.0, (double)(c->busy_end - c->busy_begin) /
					(double)(c->total_end - c->total_begin));
}

static void rates(struct wb_pg_observed *o)
{
	struct wb_pg_rates *r = &o->rate;
	const char *method = o->set.text[WB_PGS_WAL_SYNC_METHOD];
	bool timing = !(o->missing & (1u << WB_PGM_WAL_TIMING));
	double s = o->seconds, commits, xids, flushes, flush_time = NAN, pages, wal, written;

	r->open_method = !strncmp(method, "open_", 5);
	r->fsync_off = (o->set.have & (1u << WB_PGS_FSYNC)) && o->set.value[WB_PGS_FSYNC] == 0;
	r->async_commit = (o->set.have & (1u << WB_PGS_SYNCHRONOUS_COMMIT)) &&
			  o->set.value[WB_PGS_SYNCHRONOUS_COMMIT] == 0;
	/* Each of walbench's queries was one commit in the sum (the sampler's
	 * every 0.1 s): walbench's, not the server's load (its backend reports
	 * them within about a second, so at most a second's worth strays across
	 * an edge). */
	commits = count(o, WB_PGC_XACT_COMMIT);
	if (!isnan(commits))
		commits = fmax(0.0, commits - o->own.commits);
	r->commits_per_s = per(commits, s);
	/* The xids handed out count the writing commits, but also each aborted
	 * transaction that wrote and each subtransaction that wrote (a
	 * savepoint's own xid, GetNewTransactionId for both): savepoints read
	 * as 3 writes a commit, rollbacks as thousands over none. No statistic
	 * counts the commit records themselves, so the commits bound them: a
	 * writing commit is a commit. Without the commits (a reset) there is no
	 * bound, and the xids alone could be anything: unknown. */
	xids = count(o, WB_PGC_XIDS);
	r->write_commits_per_s = isnan(commits) || isnan(xids) ? NAN : per(fmin(xids, commits), s);
	r->wal_bytes_per_s = per(count(o, WB_PGC_WAL_BYTES), s);
	r->wal_writes_per_s = per(count(o, WB_PGC_WAL_WRITES), s);
	/* Under open_datasync and open_sync the write is the flush: the sync
	 * counters stay 0 and the write time holds the sync's. */
	flushes = r->open_method ? count(o, WB_PGC_WAL_WRITES) : count(o, WB_PGC_WAL_SYNCS);
	/* fsync = off: issue_xlog_fsync returns before syncing, and an open_*
	 * method's file is opened without O_DSYNC, so its writes are not
	 * flushes either: none was made. */
	if (r->fsync_off)
		flushes = 0;
	r->flushes = flushes;
	r->wal_syncs_per_s = per(flushes, s);
	/* The WAL generated per write and per flush means the same on every
	 * major. 18 also counts each pwrite's bytes (pg_stat_io write_bytes):
	 * XLogWrite writes whole pages from the start of the page the last
	 * write ended in, so those are the pages a flush wrote (at least one
	 * page each), a figure of their own and not the WAL they carried. */
	wal = count(o, WB_PGC_WAL_BYTES);
	written = count(o, WB_PGC_WAL_WRITE_BYTES);
	r->bytes_per_write = per(wal, count(o, WB_PGC_WAL_WRITES));
	r->bytes_per_flush = per(wal, flushes);
	r->written_per_write = per(written, count(o, WB_PGC_WAL_WRITES));
	r->written_per_flush = per(written, flushes);
	if (timing && !r->fsync_off) {
		enum wb_pg_timer t = r->open_method ? WB_PGT_WAL_WRITE : WB_PGT_WAL_SYNC;
		if (has_ms(o, t))
			flush_time = o->delta_ms[t];
		/* Flushes that took no time at all were not timed: the processes
		 * that flushed had track_wal_io_timing off (a role's or a
		 * database's setting), whatever walbench's own session reads. A
		 * measured 0 would make every switch a tie. */
		if (flush_time == 0 && flushes > 0) {
			flush_time = NAN;
			o->missing |= 1u << WB_PGM_WAL_UNTIMED;
		}
	}
	r->flush_ms = per(flush_time, flushes);
	/* WALWriteLock serialises the flushes, so their time is a share of the
	 * interval (clamped: the two clocks are not the same clock). */
	r->flush_busy = per(flush_time, s * 1000.0);
	if (r->flush_busy > 1)
		r->flush_busy = 1;
	pages = data_pages(o);
	r->data_pages_per_s = per(pages, s);
	r->device_writes_per_page = device_writes_per_page(o, pages);
	r->buffers_full_per_s = per(count(o, WB_PGC_WAL_BUFFERS_FULL), s);
	r->fpi_share = per(count(o, WB_PGC_WAL_FPI), count(o, WB_PGC_WAL_RECORDS));
	checkpoints(o, r);
	host_cpu(o, r);
	wb_pg_wait_shares(&o->waits, &r->waits);
	/* The samples said nothing: too few busy rounds, or sessions hidden. A
	 * window that took none at all (a saved observation from before them)
	 * lacks them the same way. */
	if (!r->waits.known)
		o->missing |= 1u << WB_PGM_WAITS;
	else
		o->missing &= ~(1u << WB_PGM_WAITS);
}

/* The views whose stats_reset moved between the snapshots (or appeared: NULL
 * is never reset), and their counters and timers left out. */
static void resets(struct wb_pg_observed *o)
{
	o->reset = 0;
	for (int v = 0; v < WB_PGV_COUNT; v++) {
		uint32_t bit = 1u << v, b = o->begin.have_reset & bit, e = o->end.have_reset & bit;

		if (b != e || (b && o->begin.reset_at[v] != o->end.reset_at[v]))
			o->reset |= bit;
	}
	/* A table's or a function's reset moves its database's stats_reset and
	 * leaves the commits as they were. */
	if (o->database_reset_kept)
		o->reset &= ~(1u << WB_PGV_DATABASE);
	for (int i = 0; i < WB_PGC_COUNT; i++)
		if (o->reset & (1u << wb_pg_counter_view(o->set.major, (enum wb_pg_counter)i)))
			o->have &= ~(1u << i);
	for (int i = 0; i < WB_PGT_COUNT; i++)
		if (o->reset & (1u << wb_pg_timer_view(o->set.major, (enum wb_pg_timer)i)))
			o->have_ms &= ~(1u << i);
}

void wb_pg_derive(struct wb_pg_observed *o)
{
	o->seconds = o->end.at_s - o->begin.at_s;
	o->have = o->begin.have & o->end.have;
	o->have_ms = o->begin.have_ms & o->end.have_ms;
	resets(o);
	for (int i = 0; i < WB_PGC_COUNT; i++) {
		o->delta[i] = 0;
		if (!(o->have & (1u << i)))
			continue;
		if (o->end.v[i] < o->begin.v[i])
			o->have &= ~(1u << i); /* reset inside the interval */
		else
			o->delta[i] = o->end.v[i] - o->begin.v[i];
	}
	for (int i = 0; i < WB_PGT_COUNT; i++) {
		o->delta_ms[i] = 0;
		if (!(o->have_ms & (1u << i)))
			continue;
		if (o->end.ms[i] < o->begin.ms[i])
			o->have_ms &= ~(1u << i);
		else
			o->delta_ms[i] = o->end.ms[i] - o->begin.ms[i];
	}
	rates(o);
}
