/* words_server.c — what recommend says it took from the server it observed
 * (words.h): the directory it tests or why there is none (or where a pg_wal
 * already on a volume of its own is measured), the baseline and flush
 * sizes, what a flush switch must prove at the server's flush share, the data
 * load, and a synchronous standby its commits wait for. The plan
 * (advice/server_plan.h) decides; this only words it. */
#include "report/words.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void wb_words_server_dir(const struct wb_server_plan *pl, const struct wb_pg_observed *o,
			 char *buf, size_t len)
{
	*buf = '\0';
	if (pl->dir == WB_SERVER_DIR_UNREADABLE)
		snprintf(buf, len, "the server's data directory %s is not readable (run as the "
			 "server's OS user, or give DIR: walbench recommend --server ... DIR)",
			 o->paths.data_directory);
	else if (pl->dir == WB_SERVER_DIR_NOT_HERE)
		snprintf(buf, len, "the server's pg_wal is not on this host%s: give the directory "
			 "to test (where pg_wal lives, on its volume): walbench recommend --server "
			 "... DIR", !o->paths.data_directory[0]
			 ? " as far as walbench can see (its role may not read data_directory: "
			   "GRANT pg_read_all_settings)"
			 : "");
	else if (pl->dir == WB_SERVER_DIR_DATA && pl->wal_now)
		snprintf(buf, len, "pg_wal is on a volume of its own already (pg_wal "
			 "%s%s%s%s%s%s; data directory %s%s%s): each candidate is measured against "
			 "it, while the data load runs in the data directory", o->paths.pg_wal,
			 o->paths.wal_moved ? ", a symlink from " : "",
			 o->paths.wal_moved ? o->paths.data_directory : "",
			 o->paths.wal_moved ? "/pg_wal" : "",
			 o->paths.wal_dev[0] ? " on " : "", o->paths.wal_dev,
			 o->paths.data_directory, o->paths.data_dev[0] ? " on " : "",
			 o->paths.data_dev);
}

static const char *const bulk_why_words[] = {
	[WB_BULK_NONE_SEEN] = "no bulk work seen (no wal_buffers_full, small writes)",
	[WB_BULK_BUFFERS_FULL] = "wal_buffers filled: bulk work",
	[WB_BULK_LARGE_WRITES] = "large writes: bulk work",
	[WB_BULK_GUESSED] = "the server flushed nothing: guessed",
};
_Static_assert(sizeof(bulk_why_words) / sizeof(bulk_why_words[0]) == WB_BULK_GUESSED + 1,
	       "a word for every way bulk work was known");

static const char *bulk_why(enum wb_bulk_why why)
{
	return (unsigned)why <= WB_BULK_GUESSED ? bulk_why_words[why] : "?";
}

void wb_words_server_from(const struct wb_server_shape *sh, char *buf, size_t len)
{
	char bulk[64] = "";

	if (sh->nbulk)
		snprintf(bulk, sizeof(bulk), ", bulk flushes of %u%s%.0u pages", sh->bulk_pages[0],
			 sh->nbulk > 1 ? " and " : "", sh->nbulk > 1 ? sh->bulk_pages[1] : 0);
	snprintf(buf, len, "From the server: wal_sync_method %s (the baseline), commits of %u "
		 "page%s (%s)%s (%s).",
		 sh->baseline_known ? wb_method_get(sh->baseline)->name
				    : "not measurable here: fdatasync",
		 sh->commit_pages, sh->commit_pages == 1 ? "" : "s",
		 wb_words_flush_why(sh->commit_why), bulk, bulk_why(sh->bulk_why));
}

void wb_words_server_idle(double commits, double flushes, char *buf, size_t len)
{
	snprintf(buf, len, "the server was idle in the window: %.0f commit%s, %.0f flush%s; the "
		 "decision is on flushes alone", isfinite(commits) ? commits : 0,
		 commits == 1 ? "" : "s", flushes, flushes == 1 ? "" : "es");
}

void wb_words_server_min_gain(const struct wb_server_shape *sh, const struct wb_server_plan *pl,
			      double min_gain_pct, char *buf, size_t len)
{
	*buf = '\0';
	/* The cap (WB_SERVER_MAX_FLUSH_GAIN_PCT) is what the run asks where no
	 * flush gain is --min-gain in commits: said as that, never as a figure. */
	if (sh->idle) {
		char idle[256];

		wb_words_server_idle(sh->commits, sh->flushes, idle, sizeof(idle));
		snprintf(buf, len, "The %s, at --min-gain %.1f %% as without --server.",
			 idle + strlen("the "), min_gain_pct);
	} else if (sh->share_source == WB_SHARE_ASYNC_COMMIT)
		snprintf(buf, len, "With synchronous_commit = off the server's commits do not wait "
			 "for the WAL flush: no flush gain can reach --min-gain %.1f %% in commits, "
			 "so a tie is proven quickly.", min_gain_pct);
	else if (pl->flush_min_gain_pct >= WB_SERVER_MAX_FLUSH_GAIN_PCT)
		snprintf(buf, len, "The server's WAL flushes %.0f %% of its time: no flush gain can "
			 "reach --min-gain %.1f %% in commits, so a tie is proven quickly.",
			 sh->flush_share * 100.0, min_gain_pct);
	else if (pl->flush_min_gain_pct > 0)
		snprintf(buf, len, "The server's WAL flushes %.0f %% of its time: --min-gain %.1f %% "
			 "in commits is flushes %.1f %% faster, what a switch must prove.",
			 sh->flush_share * 100.0, min_gain_pct, pl->flush_min_gain_pct);
}

void wb_words_commit_wait(const struct wb_commit_wait *cw, const char *what, char *buf,
			  size_t len)
{
	*buf = '\0';
	if (cw->state != WB_WAITS_STANDBY)
		return;
	snprintf(buf, len, "the server's commits wait mostly for a synchronous standby (%.0f %% of "
		 "the sessions' time, row locks held meanwhile included, against %.0f %% for "
		 "this host's WAL flush): this host's "
		 "flush is not what they wait for, so %s on this host changes their rate little; "
		 "the standby's flush and the network to it do", cw->standby_share * 100.0,
		 cw->flush_share * 100.0, what);
}

void wb_words_server_load(const struct wb_server_plan *pl, const struct wb_server_shape *sh,
			  const struct wb_pg_observed *o, char *buf, size_t len)
{
	char line[640];

	*buf = '\0';
	if (!pl->load_from_server)
		return;
	switch (sh->load_why) {
	case WB_LOAD_MEASURED:
		snprintf(buf, len, "The data load: %.0f/s random 8 kB writes, the server's %.0f data "
			 "pages/s over %.0f s with %u checkpoint%s, at %.2f device writes per page.",
			 pl->load_per_s, sh->pages_per_s, o->seconds, o->rate.checkpoints,
			 o->rate.checkpoints == 1 ? "" : "s", sh->writes_per_page);
		return;
	case WB_LOAD_NO_CHECKPOINT:
		wb_words_checkpoints(o, line, sizeof(line));
		snprintf(buf, len, "The data load: %s; until then the assumed load.", line);
		return;
	case WB_LOAD_NOT_READ:
		snprintf(buf, len, "The data load: the server's data pages could not be read; the "
			 "assumed load.");
		return;
	}
}
