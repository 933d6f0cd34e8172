/* pg_observe.c — see pg_observe.h. The window's pace (0.1 s) is the
 * sampler's and how soon a stop is seen; the caller's hooks print. */
#include "server/pg_observe.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "facts/cpustat.h"
#include "facts/devstat.h"
#include "facts/pgdata.h"
#include "pgstat/pg_derive.h"
#include "pgstat/dsn_redact.h"
#include "pgstat/pg_queries.h"
#include "server/pg_conn.h"

static int settings_row(void *ctx, unsigned ncols, const char *const *names,
			const char *const *values)
{
	(void)names;
	if (ncols < 3 || !values[0] || !values[1])
		return 0;
	/* A value walbench cannot convert is left unread, not fatal: the
	 * report shows the setting's text either way. */
	(void)wb_pg_settings_row(ctx, values[0], values[1], values[2]);
	return 0;
}

static int snapshot_row(void *ctx, unsigned ncols, const char *const *names,
			const char *const *values)
{
	return wb_pg_snapshot_row(ctx, ncols, names, values);
}

static int databases_row(void *ctx, unsigned ncols, const char *const *names,
			 const char *const *values)
{
	(void)names;
	return wb_pg_databases_row(ctx, ncols, values);
}

/* Each database's counters beside a snapshot; one that cannot be read leaves
 * the set incomplete, and a moved stats_reset then voids the commits. */
static void databases(struct wb_pg_conn *c, struct wb_pg_databases *d)
{
	char err[256];

	memset(d, 0, sizeof(*d));
	d->complete = true;
	if (wb_pg_query(c, wb_pg_databases_sql(), databases_row, d, err, sizeof(err)))
		d->complete = false;
}

/* Where the server's files are from here: its data directory must hold
 * PG_VERSION and, when postmaster.pid is readable, name the port connected to
 * (a directory of the same name on another host's server is not it). */
static void find_paths(const struct wb_pg_conn *c, const struct wb_pg_settings *set,
		       struct wb_pg_paths *p)
{
	struct wb_devstat ds;
	unsigned port;
	long pid;
	int ret;

	memset(p, 0, sizeof(*p));
	if (!(set->have & (1u << WB_PGS_DATA_DIRECTORY)))
		return;
	snprintf(p->data_directory, sizeof(p->data_directory), "%s", set->data_directory);
	if (!wb_pg_is_local(c))
		return;
	ret = wb_pgdata_here(set->data_directory);
	if (ret) {
		/* The server's own 0700 directory, seen by another OS user: here,
		 * but closed, which is not another host. */
		p->unreadable = ret == -EACCES;
		return;
	}
	if (wb_pgdata_pid_file(set->data_directory, &pid, &port))
		port = 0;
	if (port && wb_pg_port(c) && port != wb_pg_port(c))
		return;
	p->on_this_host = true;
	p->wal_moved = wb_pgdata_wal(set->data_directory, p->pg_wal);
	if (wb_devstat_read(set->data_directory, &ds, "/sys") == 0)
		snprintf(p->data_dev, sizeof(p->data_dev), "%s", ds.name);
	if (p->pg_wal[0] && wb_devstat_read(p->pg_wal, &ds, "/sys") == 0)
		snprintf(p->wal_dev, sizeof(p->wal_dev), "%s", ds.name);
}

/* The server's own CPU time beside a snapshot; a read that fails drops it. */
static void server_cpu_time(struct wb_pg_observed *o, bool first)
{
	long pid, hz = sysconf(_SC_CLK_TCK);
	uint64_t ticks;

	if (wb_pgdata_pid_file(o->paths.data_directory, &pid, NULL) || pid < 0)
		pid = 0;
	if (!pid || hz <= 0 || wb_proc_tree_ticks("/proc", pid, &ticks)) {
		o->cpu.have_server = false;
		return;
	}
	if (first) {
		o->cpu.have_server = true;
		o->cpu.postmaster = pid;
		o->cpu.tick_hz = (double)hz;
		o->cpu.server_begin = ticks;
	} else {
		o->cpu.server_end = ticks;
	}
}

/* The host's CPU time beside a snapshot; a read that fails drops it. */
static void cpu_time(struct wb_pg_observed *o, bool first)
{
	struct wb_cpustat cs;

	server_cpu_time(o, first);
	if (wb_cpustat_read("/proc", &cs)) {
		o->cpu.have = false;
		return;
	}
	if (first) {
		o->cpu.have = true;
		o->cpu.ncpu = cs.ncpu;
		o->cpu.busy_begin = cs.busy;
		o->cpu.total_begin = cs.total;
	} else {
		o->cpu.busy_end = cs.busy;
		o->cpu.total_end = cs.total;
	}
}

/* One snapshot, with the data device's count read right after it. */
static int snapshot(struct wb_pg_conn *c, struct wb_pg_observed *o, struct wb_pg_snapshot *s,
		    bool first, char *err, size_t len)
{
	const char *sql = wb_pg_snapshot_sql(o->set.major);
	struct wb_devstat ds;
	int ret;

	memset(s, 0, sizeof(*s));
	ret = wb_pg_query(c, sql, snapshot_row, s, err, len);
	if (ret)
		return ret;
	databases(c, first ? &o->db_begin : &o->db_end);
	if (!o->paths.on_this_host)
		return 0;
	cpu_time(o, first);
	if (wb_devstat_read(o->paths.data_directory, &ds, "/sys")) {
		o->dev.have = false;
		return 0;
	}
	if (first) {
		o->dev.have = true;
		o->dev.writes_begin = ds.writes;
		o->dev.sectors_begin = ds.sectors;
	} else {
		o->dev.writes_end = ds.writes;
		o->dev.sectors_end = ds.sectors;
	}
	return 0;
}

static int waits_row(void *ctx, unsigned ncols, const char *const *names,
		     const char *const *values)
{
	(void)names;
	return wb_pg_waits_row(ctx, ncols, values);
}

/* The sampler's statement, prepared once on its connection. */
#define SAMPLER_STATEMENT "walbench_sampler"

/* Keeps why the sampler failed, cut to its field: the message was scrubbed
 * whole (pg_conn.h) before it is cut. */
static void keep_failure(struct wb_pg_observed *o, const char *err)
{
	snprintf(o->sampler_failure, sizeof(o->sampler_failure), "%.*s",
		 (int)sizeof(o->sampler_failure) - 1, err);
}

/* Closes the sampler, adding the transactions it ran to o->own. */
static void sampler_close(struct wb_pg_conn *c, struct wb_pg_observed *o)
{
	unsigned long commits, rollbacks;

	wb_pg_xacts(c, &commits, &rollbacks);
	o->own.commits += (uint32_t)commits;
	o->own.rollbacks += (uint32_t)rollbacks;
	wb_pg_close(c);
}

/* The window's sampler: a connection of its own, busy every round, so no
 * idle timeout ends it, with its query prepared once (planned once, not every
 * round). 0 or -errno with err, also kept in o->sampler_failure. */
static int sampler_open(const char *dsn, struct wb_pg_observed *o, struct wb_pg_conn **out,
			char *err, size_t len)
{
	int ret = wb_pg_connect(dsn, out, err, len);

	if (!ret && (ret = wb_pg_prepare(*out, SAMPLER_STATEMENT, wb_pg_sampler_sql(), err, len))) {
		sampler_close(*out, o);
		*out = NULL;
	}
	if (ret)
		keep_failure(o, err);
	return ret;
}

/* The CPU time of the backend serving the sampler, read when it opens (first)
 * and before it closes: walbench's own load inside the server's process tree,
 * which the server's CPU leaves out. Kept only when the server runs here and
 * the backend is its postmaster's child. */
static void sampler_ticks(struct wb_pg_conn *c, struct wb_pg_observed *o, bool first)
{
	long pid = wb_pg_backend_pid(c);
	uint64_t t;

	if (!o->cpu.have_server || !o->cpu.postmaster || pid <= 0 || (!first && !o->cpu.have_own) ||
	    wb_proc_child_ticks("/proc", pid, o->cpu.postmaster, &t)) {
		o->cpu.have_own = false;
		return;
	}
	if (first) {
		o->cpu.have_own = true;
		o->cpu.own_begin = o->cpu.own_end = t;
	} else {
		o->cpu.own_end = t;
	}
}

/* One round of pg_stat_activity into o->waits (pgstat/pg_waits.h). 0 or
 * -errno with err, also kept in o->sampler_failure; a failed round is not
 * counted. */
static int sample_waits(struct wb_pg_conn *c, struct wb_pg_observed *o, char *err, size_t len)
{
	int ret = wb_pg_query_prepared(c, SAMPLER_STATEMENT, waits_row, &o->waits, err, len);

	/* A round cut short is dropped whole, not counted in part. */
	if (ret) {
		memset(o->waits.cur, 0, sizeof(o->waits.cur));
		o->waits.cur_hidden = 0;
		keep_failure(o, err);
		return ret;
	}
	wb_pg_waits_round_end(&o->waits);
	return 0;
}

/* Connects to dsn and fills o's dsn, settings, paths, first snapshot and the
 * data device's first count, and closes the connection. */
static int observe_begin(const char *dsn, struct wb_pg_observed *o, char *err, size_t len)
{
	struct wb_pg_conn *c;
	int ret;

	memset(o, 0, sizeof(*o));
	wb_pg_dsn_redact(dsn, o->dsn, sizeof(o->dsn));
	ret = wb_pg_connect(dsn, &c, err, len);
	if (ret)
		return ret;
	snprintf(o->role, sizeof(o->role), "%s", wb_pg_user(c));
	ret = wb_pg_query(c, wb_pg_settings_sql(), settings_row, &o->set, err, len);
	if (ret)
		goto out;
	ret = wb_pg_settings_finish(&o->set);
	if (ret == -ENOENT) {
		snprintf(err, len, "the server did not say its server_version_num: not PostgreSQL?");
		ret = -ENOTSUP;
		goto out;
	}
	if (ret) {
		snprintf(err, len, "the server is PostgreSQL %u; walbench reads %d and later "
			 "(pg_stat_wal)", o->set.major, WB_PG_MIN_MAJOR);
		goto out;
	}
	if (!(o->set.have & (1u << WB_PGS_DATA_DIRECTORY)))
		o->missing |= 1u << WB_PGM_DATA_DIRECTORY;
	if (!(o->set.have & (1u << WB_PGS_TRACK_WAL_IO_TIMING)) ||
	    o->set.value[WB_PGS_TRACK_WAL_IO_TIMING] == 0)
		o->missing |= 1u << WB_PGM_WAL_TIMING;
	o->waits.major = o->set.major; /* the names its sessions' wait events carry */
	find_paths(c, &o->set, &o->paths);
	ret = snapshot(c, o, &o->begin, true, err, len);
	/* The snapshot's own transaction and the databases' read after it: its
	 * session reports them when it ends, after the snapshot was read (the
	 * settings' one was reported before: a session's first report is not
	 * held back). */
	o->own.commits = 2;
out:
	wb_pg_close(c);
	return ret;
}

/* After the window: connects to dsn again for the second snapshot, the
 * device's second count and the derived rates. */
static int observe_end(const char *dsn, struct wb_pg_observed *o, char *err, size_t len)
{
	struct wb_pg_conn *c;
	int ret = wb_pg_connect(dsn, &c, err, len);

	if (ret)
		return ret;
	ret = snapshot(c, o, &o->end, false, err, len);
	wb_pg_close(c);
	if (ret)
		return ret;
	o->database_reset_kept = wb_pg_databases_kept(&o->db_begin, &o->db_end, o->begin.at_s,
						      o->end.at_s - o->begin.at_s);
	wb_pg_derive(o);
	return 0;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Waits window_ns, sampling the sessions' waits every step on the sampler's
 * connection (none: no samples; one that fails is closed, and the window goes
 * on without: o->sampler_failure says why, and the reports say so); returns
 * what h->stop answered when it ended the wait, or 0. */
static int wait_window(uint64_t window_ns, const struct wb_pg_window_hooks *h, const char *dsn,
		       struct wb_pg_observed *o)
{
	const uint64_t step_ns = 100000000; /* a Ctrl-C is seen within 0.1 s */
	uint64_t start = now_ns(), waited = 0;
	struct wb_pg_conn *sampler = NULL;
	char err[512];
	int stop = 0;

	if (sampler_open(dsn, o, &sampler, err, sizeof(err)))
		sampler = NULL;
	if (sampler)
		sampler_ticks(sampler, o, true);
	while (waited < window_ns && !(stop = h->stop ? h->stop(h->ctx) : 0)) {
		uint64_t ns = window_ns - waited < step_ns ? window_ns - waited : step_ns;
		struct timespec ts = { (time_t)(ns / 1000000000u), (long)(ns % 1000000000u) };

		if (sampler && sample_waits(sampler, o, err, sizeof(err))) {
			sampler_ticks(sampler, o, false);
			sampler_close(sampler, o);
			sampler = NULL;
		}
		if (nanosleep(&ts, NULL) && errno != EINTR)
			break;
		waited = now_ns() - start;
		if (h->progress)
			h->progress(h->ctx, waited, window_ns);
	}
	if (sampler) {
		sampler_ticks(sampler, o, false);
		sampler_close(sampler, o);
	}
	return stop;
}

int wb_pg_observe(const char *dsn, uint64_t window_ns, const struct wb_pg_window_hooks *hooks,
		  struct wb_pg_observed *o, struct wb_pg_window_end *end)
{
	static const struct wb_pg_window_hooks none = { 0 };
	const struct wb_pg_window_hooks *h = hooks ? hooks : &none;
	int ret;

	memset(end, 0, sizeof(*end));
	ret = observe_begin(dsn, o, end->err, sizeof(end->err));
	if (ret)
		return ret;
	if (h->opened)
		h->opened(h->ctx, o, window_ns);
	end->stopped = wait_window(window_ns, h, dsn, o);
	if (h->closed)
		h->closed(h->ctx);
	ret = observe_end(dsn, o, end->err, sizeof(end->err));
	end->second = ret != 0;
	return ret;
}
