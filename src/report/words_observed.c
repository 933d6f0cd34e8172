/* words_observed.c — an observation's caveats in words: what could not be
 * read and the grant or setting that would allow it, and whether a checkpoint
 * fell inside the window. The text report and the HTML both say them so. */
#include "report/words.h"

#include <stdio.h>

#include "report/sentence.h"

void wb_words_missing(const struct wb_pg_observed *o, enum wb_pg_missing m, char *buf,
		      size_t len)
{
	switch (m) {
	case WB_PGM_DATA_DIRECTORY:
		snprintf(buf, len, "data_directory is hidden from role \"%s\": GRANT "
			 "pg_read_all_settings TO \"%s\"; (or pg_monitor) lets walbench find the "
			 "data directory and pg_wal; until then give the directory yourself",
			 o->role, o->role);
		return;
	case WB_PGM_STATS:
		snprintf(buf, len, "some statistics are hidden from role \"%s\": GRANT pg_monitor "
			 "TO \"%s\"; as a superuser", o->role, o->role);
		return;
	case WB_PGM_WAL_TIMING:
		snprintf(buf, len, "track_wal_io_timing is off, so the server's own flush time is "
			 "unknown (walbench's measured one stands in): ALTER SYSTEM SET "
			 "track_wal_io_timing = on; SELECT pg_reload_conf(); as a superuser. It "
			 "reads the clock twice per WAL write and sync: pg_test_timing shows what "
			 "that costs on this host (under 100 ns a read is cheap)");
		return;
	case WB_PGM_WAL_UNTIMED:
		snprintf(buf, len, "the server counted flushes but no time for them: the sessions "
			 "that flushed run with track_wal_io_timing off (it can be set per role or "
			 "per database; walbench's own session has it on), so the server's own "
			 "flush time is unknown and walbench's measured one stands in. Set it for "
			 "the whole server: ALTER SYSTEM SET track_wal_io_timing = on; and reset "
			 "the role's or database's own setting");
		return;
	case WB_PGM_WAITS:
		if (o->waits.hidden)
			snprintf(buf, len, "other roles' sessions are hidden from role \"%s\" in "
				 "pg_stat_activity, so where sessions wait is unknown (a move's gain "
				 "in commits is then only bounded): GRANT pg_read_all_stats TO "
				 "\"%s\"; as a superuser", o->role, o->role);
		else
			snprintf(buf, len, "where sessions wait is unknown: %u of %u samples of "
				 "pg_stat_activity found a busy session (%u needed); a move's gain "
				 "in commits is then only bounded", o->waits.busy_rounds,
				 o->waits.rounds, WB_PG_WAIT_MIN_ROUNDS);
		return;
	case WB_PGM_COUNT:
		break;
	}
	snprintf(buf, len, "?");
}

void wb_words_sampler_failure(const struct wb_pg_observed *o, char *buf, size_t len)
{
	*buf = '\0';
	if (!o->sampler_failure[0])
		return;
	if (!o->waits.rounds)
		snprintf(buf, len, "the sampling of pg_stat_activity failed before its first "
			 "round: %s", o->sampler_failure);
	else
		snprintf(buf, len, "the sampling of pg_stat_activity stopped after %u rounds "
			 "(%.1f s of the window): %s", o->waits.rounds,
			 o->waits.rounds * 0.1, o->sampler_failure);
}

void wb_words_resets(const struct wb_pg_observed *o, char *buf, size_t len)
{
	struct wb_sentence s = wb_sentence_at(buf, len);
	unsigned k, views = 0;

	for (k = 0; k < WB_PGV_COUNT; k++)
		if (o->reset & (1u << k))
			wb_sentence_add(&s, "%s%s", views++ ? ", " : "", wb_pg_view_names[k]);
	if (views)
		wb_sentence_add(&s, ": %s statistics were reset between the two snapshots, so %s "
				"figures are left out (n/a); observe again for a window without a "
				"reset", views == 1 ? "its" : "their", views == 1 ? "its" : "their");
}

static const char *const flush_why_words[] = {
	[WB_FLUSH_OBSERVED] = "its mean flush",
	[WB_FLUSH_NONE_SEEN] = "it flushed nothing: guessed",
	[WB_FLUSH_FSYNC_OFF] = "it never flushes, fsync = off: guessed",
};
_Static_assert(sizeof(flush_why_words) / sizeof(flush_why_words[0]) == WB_FLUSH_FSYNC_OFF + 1,
	       "a word for every way a flush size was known");

const char *wb_words_flush_why(enum wb_flush_why why)
{
	return (unsigned)why <= WB_FLUSH_FSYNC_OFF ? flush_why_words[why] : "?";
}

void wb_words_server_flushes(const struct wb_pg_observed *o, char *buf, size_t len)
{
	*buf = '\0';
	if (o->rate.fsync_off)
		snprintf(buf, len, "WARNING: fsync = off: the server flushes neither its WAL nor "
			 "its data (no sync is made or counted%s), so a crash of the server or its "
			 "host can lose committed transactions or corrupt the database",
			 o->rate.open_method ? "; its open_* writes are plain writes" : "");
	else if (o->rate.async_commit)
		snprintf(buf, len, "synchronous_commit = off: commits do not wait for their WAL "
			 "flush (the WAL writer flushes behind them), so flushes do not limit the "
			 "commit rate (as walbench's session reads it: a role or database can set "
			 "its own)");
}

void wb_words_few_flushes(const struct wb_pg_observed *o, const char *what, char *buf,
			  size_t len)
{
	double n = o->rate.flushes;

	*buf = '\0';
	if (n >= 1 && n < WB_OBSERVED_MIN_FLUSHES)
		snprintf(buf, len, "%.0f flush%s in the %.1f s window, too few (fewer than %d) "
			 "for %s", n, n == 1 ? "" : "es", o->seconds, WB_OBSERVED_MIN_FLUSHES, what);
}

void wb_words_checkpoints(const struct wb_pg_observed *o, char *buf, size_t len)
{
	const struct wb_pg_settings *s = &o->set;
	double timeout_s = s->have & (1u << WB_PGS_CHECKPOINT_TIMEOUT)
				   ? s->value[WB_PGS_CHECKPOINT_TIMEOUT] / 1e6
				   : 300;

	if (o->rate.checkpoint_in_window) {
		if (o->rate.checkpoint_seen < 1)
			snprintf(buf, len, "%u checkpoint%s completed inside the interval, begun before "
				 "it: at most %.0f %% of %s seen (observe longer than checkpoint_timeout, "
				 "%.0f s, to see one whole)", o->rate.checkpoints,
				 o->rate.checkpoints == 1 ? "" : "s", o->rate.checkpoint_seen * 100.0,
				 o->rate.checkpoints == 1 ? "it" : "them", timeout_s);
		else
			snprintf(buf, len, "%u checkpoint%s completed inside the interval",
				 o->rate.checkpoints, o->rate.checkpoints == 1 ? "" : "s");
		return;
	}
	/* A window just longer than one checkpoint cycle always holds some of one. */
	snprintf(buf, len, "no checkpoint completed inside the interval: the data pages are "
		 "the background writer's and the backends' (and the part of a checkpoint that "
		 "had not ended); to see a checkpoint's load, "
		 "observe longer than checkpoint_timeout (%.0f s): --observe %.0fs",
		 timeout_s, timeout_s * 1.25 + 10);
}
