/* pg_waits.c — see pg_waits.h. */
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
};

const char *wb_pg_waits_sql(void)
{
	/* clock_timestamp(), not now(): the transaction's start would make every
	 * session look idle for as long as the query ran. */
	return "SELECT coalesce(wait_event_type, ''), coalesce(wait_event, ''), "
	       "CASE WHEN state = 'idle' AND state_change < clock_timestamp() - interval '1 second' "
	       "THEN 'idle' WHEN state = 'idle' THEN 'idle, recent' ELSE coalesce(state, '') END, "
	       "count(*) FROM pg_stat_activity "
	       "WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() "
	       "GROUP BY 1, 2, 3";
}

enum wb_pg_wait wb_pg_wait_class(const char *type, const char *event, const char *state)
{
	if (!strcmp(state, "idle"))
		return WB_PGW_COUNT;
	if (!strcmp(type, "IO"))
		return !strncmp(event, "WAL", 3) ? WB_PGW_WAL : WB_PGW_DATA_IO;
	/* The flush lock: named WALWrite since 13 (WALWriteLock before). */
	if (!strcmp(type, "LWLock"))
		return !strcmp(event, "WALWrite") || !strcmp(event, "WALWriteLock") ? WB_PGW_WAL
										     : WB_PGW_OTHER;
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
	c = wb_pg_wait_class(values[0], values[1], values[2]);
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
