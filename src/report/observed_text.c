/* observed_text.c — see observed_text.h. Rates the server did not give (no
 * timing, no flushes) read "n/a" with the reason, never 0. */
#include "report/observed_text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/units.h"
#include "report/textbuf.h"
#include "report/words.h"

static bool have(const struct wb_pg_settings *s, enum wb_pg_setting k)
{
	return s->have & (1u << k);
}

/* A setting as the server shows it, with its unit ("512 (8kB)" reads badly:
 * sizes are turned into bytes). */
static void setting_text(const struct wb_pg_settings *s, enum wb_pg_setting k, char *buf,
			 unsigned len)
{
	const char *u = s->unit[k];

	if (!have(s, k)) {
		snprintf(buf, len, "?");
	} else if (s->value[k] > 0 && (strcmp(u, "8kB") == 0 || strcmp(u, "kB") == 0 ||
				       strcmp(u, "MB") == 0 || strcmp(u, "B") == 0)) {
		wb_format_size((uint64_t)s->value[k], buf, len);
	} else {
		snprintf(buf, len, "%s%s", s->text[k], u);
	}
}

/* Bytes as a reader scans them: 828.1 kB, 1.2 MiB. */
static void bytes_text(double v, char *buf, size_t len)
{
	if (!isfinite(v))
		snprintf(buf, len, "n/a");
	else if (v >= 1048576.0)
		snprintf(buf, len, "%.1f MiB", v / 1048576.0);
	else if (v >= 1024.0)
		snprintf(buf, len, "%.1f kB", v / 1024.0);
	else
		snprintf(buf, len, "%.0f B", v);
}

static void print_settings(struct wb_textbuf *b, const struct wb_pg_settings *s)
{
	static const enum wb_pg_setting shown[] = {
		WB_PGS_WAL_SYNC_METHOD, WB_PGS_WAL_LEVEL, WB_PGS_SYNCHRONOUS_COMMIT,
		WB_PGS_COMMIT_DELAY, WB_PGS_COMMIT_SIBLINGS, WB_PGS_WAL_BUFFERS,
		WB_PGS_WAL_WRITER_DELAY, WB_PGS_WAL_WRITER_FLUSH_AFTER, WB_PGS_FULL_PAGE_WRITES,
		WB_PGS_WAL_COMPRESSION, WB_PGS_WAL_SEGMENT_SIZE, WB_PGS_CHECKPOINT_TIMEOUT,
		WB_PGS_MAX_WAL_SIZE, WB_PGS_CHECKPOINT_COMPLETION_TARGET,
		WB_PGS_CHECKPOINT_FLUSH_AFTER, WB_PGS_SHARED_BUFFERS, WB_PGS_HUGE_PAGES,
		WB_PGS_HUGE_PAGES_STATUS, WB_PGS_SHARED_MEMORY_SIZE_IN_HUGE_PAGES,
		WB_PGS_TRACK_WAL_IO_TIMING, WB_PGS_DEBUG_IO_DIRECT,
	};
	char v[64];
	unsigned k, col = 2;

	wb_textbuf_add(b, "Settings:\n ");
	for (k = 0; k < sizeof(shown) / sizeof(shown[0]); k++) {
		if (!have(s, shown[k]))
			continue;
		setting_text(s, shown[k], v, sizeof(v));
		if (col + strlen(wb_pg_setting_names[shown[k]]) + strlen(v) + 2 > 96) {
			wb_textbuf_add(b, "\n ");
			col = 2;
		}
		wb_textbuf_add(b, " %s=%s", wb_pg_setting_names[shown[k]], v[0] ? v : "''");
		col += 2 + (unsigned)(strlen(wb_pg_setting_names[shown[k]]) + strlen(v[0] ? v : "''"));
	}
	wb_textbuf_add(b, "\n");
}

static const char *fmt2(double v, char *buf, size_t len)
{
	snprintf(buf, len, "%.2f", v);
	return buf;
}

static void print_rates(struct wb_textbuf *b, const struct wb_pg_observed *o)
{
	const struct wb_pg_rates *r = &o->rate;
	char a[32], w[32], cpus[32], size_few[160], mean_few[160];

	if (isfinite(r->commits_per_s) && isfinite(r->write_commits_per_s))
		wb_textbuf_add(b, "  commits          %.1f/s, %.1f/s of them writing (%s)\n",
			       r->commits_per_s, r->write_commits_per_s,
			       r->fsync_off ? "fsync = off: their WAL is never flushed"
			       : r->async_commit ? "synchronous_commit = off: they do not wait for "
						   "its flush"
			       : "waiting for a flush");
	else if (isfinite(r->commits_per_s))
		wb_textbuf_add(b, "  commits          %.1f/s\n", r->commits_per_s);
	else
		wb_textbuf_add(b, "  commits          n/a (pg_stat_database not read)\n");
	bytes_text(r->wal_bytes_per_s, a, sizeof(a));
	wb_textbuf_add(b, "  WAL              %s/s, %.1f writes/s, %.1f flushes/s (%s%s)\n", a,
		       r->wal_writes_per_s, r->wal_syncs_per_s, o->set.text[WB_PGS_WAL_SYNC_METHOD],
		       r->open_method ? ": each write is its own flush" : "");
	wb_words_few_flushes(o, "a size per flush", size_few, sizeof(size_few));
	wb_words_few_flushes(o, "a mean", mean_few, sizeof(mean_few));
	if (*size_few) {
		wb_textbuf_add(b, "  per flush        n/a (%s)\n", size_few);
	} else if (isfinite(r->bytes_per_flush)) {
		bytes_text(r->bytes_per_flush, a, sizeof(a));
		bytes_text(r->bytes_per_write, w, sizeof(w));
		wb_textbuf_add(b, "  per flush        %s of WAL (%.1f pages); per write %s\n", a,
			       r->bytes_per_flush / 8192.0, w);
		/* 18 also counts the bytes each write wrote: whole pages, the
		 * one the WAL grows in rewritten each time, so more than the WAL
		 * they carry: a figure of its own, never the line above. */
		if (isfinite(r->written_per_flush)) {
			bytes_text(r->written_per_flush, a, sizeof(a));
			bytes_text(r->written_per_write, w, sizeof(w));
			wb_textbuf_add(b, "  written          %s per flush (%.1f pages), %s per write "
				       "(whole pages: pg_stat_io)\n", a,
				       r->written_per_flush / 8192.0, w);
		}
	} else {
		wb_textbuf_add(b, "  per flush        n/a (no flush in the interval)\n");
	}
	if (*mean_few && isfinite(r->flush_ms))
		wb_textbuf_add(b, "  server's flush   n/a (%s)\n", mean_few);
	else if (isfinite(r->flush_ms))
		wb_textbuf_add(b, "  server's flush   %.3f ms mean (track_wal_io_timing); flushing %.0f %% of "
		       "the time\n", r->flush_ms, r->flush_busy * 100);
	else
		wb_textbuf_add(b, "  server's flush   n/a (%s)\n",
		       o->missing & (1u << WB_PGM_WAL_TIMING) ? "track_wal_io_timing is off"
		       : o->missing & (1u << WB_PGM_WAL_UNTIMED)
			       ? "the flushes were not timed: track_wal_io_timing is off where they ran"
			       : "no flush timed in the interval");
	if (isfinite(r->data_pages_per_s)) {
		wb_textbuf_add(b, "  data pages       %.1f written/s (checkpointer %.1f, background writer %.1f, "
		       "backends %.1f)", r->data_pages_per_s,
		       o->delta[WB_PGC_BUF_CHECKPOINTER] / o->seconds,
		       o->delta[WB_PGC_BUF_BGWRITER] / o->seconds,
		       o->delta[WB_PGC_BUF_BACKEND] / o->seconds);
		/* More device writes than pages: others write there too (a journal,
		 * other files, other programs), and the figure is not the pages'. */
		if (isfinite(r->device_writes_per_page) && r->device_writes_per_page > 1)
			wb_textbuf_add(b, "; %s took %.2f writes per page (the WAL's own taken out): "
				       "more than the pages, so others write there too; the load "
				       "counts one write per page", o->paths.data_dev,
				       r->device_writes_per_page);
		else if (isfinite(r->device_writes_per_page))
			wb_textbuf_add(b, "; %.2f device writes on %s per page (the WAL's own taken out "
			       "where it shares the device)", r->device_writes_per_page, o->paths.data_dev);
		wb_textbuf_add(b, "\n");
	}
	if (r->waits.known) {
		const double *w = r->waits.share;

		wb_textbuf_add(b, "  sessions         %.1f busy on average: %.0f %% waiting for the WAL "
			       "flush, ", r->waits.busy_sessions, 100 * w[WB_PGW_WAL]);
		/* Seen only where a standby is synchronous, or WAL insertion queues. */
		if (w[WB_PGW_SYNC_REP] > 0)
			wb_textbuf_add(b, "%.0f %% for a synchronous standby, ",
				       100 * w[WB_PGW_SYNC_REP]);
		if (w[WB_PGW_WAL_INSERT] > 0)
			wb_textbuf_add(b, "%.0f %% to insert WAL, ", 100 * w[WB_PGW_WAL_INSERT]);
		wb_textbuf_add(b, "%.0f %% for row locks, %.0f %% for data I/O, %.0f %% on CPU, "
			       "%.0f %% for the client, %.0f %% other\n", 100 * w[WB_PGW_LOCK],
			       100 * w[WB_PGW_DATA_IO], 100 * w[WB_PGW_CPU], 100 * w[WB_PGW_CLIENT],
			       100 * w[WB_PGW_OTHER]);
	}
	if (isfinite(r->cpu_busy))
		wb_textbuf_add(b, "  CPU              the server used %s CPUs of the host's %u (%.0f %% of "
			       "the host busy, everything counted)\n",
			       isfinite(r->server_cpus) ? fmt2(r->server_cpus, cpus, sizeof(cpus)) : "n/a",
			       r->ncpu, 100 * r->cpu_busy);
	if (isfinite(r->fpi_share))
		wb_textbuf_add(b, "  full-page images %.1f %% of WAL records; wal_buffers full %.1f/s\n",
		       r->fpi_share * 100, r->buffers_full_per_s);
}

void wb_observed_text(const struct wb_pg_observed *o, struct wb_textbuf *b)
{
	const struct wb_pg_paths *p = &o->paths;
	char line[640];
	unsigned k;

	wb_textbuf_add(b, "PostgreSQL %u (server_version_num %u) at %s, as role %s, observed for "
	       "%.1f s:\n", o->set.major, o->set.version_num, o->dsn, o->role[0] ? o->role : "?",
	       o->seconds);
	wb_words_resets(o, line, sizeof(line));
	if (line[0])
		wb_textbuf_add(b, "  RESET: %s.\n", line);
	wb_words_server_flushes(o, line, sizeof(line));
	if (line[0])
		wb_textbuf_add(b, "  %s.\n", line);
	wb_words_checkpoints(o, line, sizeof(line));
	wb_textbuf_add(b, "  %s\n", line);
	print_rates(b, o);
	print_settings(b, &o->set);
	if (!p->data_directory[0])
		wb_textbuf_add(b, "Where: data_directory not readable\n");
	else if (!p->on_this_host)
		wb_textbuf_add(b, "Where: data_directory %s is not on this host (or not readable here): give "
		       "the directories yourself\n", p->data_directory);
	else
		wb_textbuf_add(b, "Where: data_directory %s%s%s; pg_wal %s%s%s%s\n", p->data_directory,
		       p->data_dev[0] ? " on " : "", p->data_dev,
		       p->pg_wal[0] ? p->pg_wal : "(not resolved)",
		       p->wal_moved ? " (moved: a symlink)" : "", p->wal_dev[0] ? " on " : "",
		       p->wal_dev);
	wb_words_sampler_failure(o, line, sizeof(line));
	if (line[0])
		wb_textbuf_add(b, "Note: %s.\n", line);
	for (k = 0; k < WB_PGM_COUNT; k++) {
		if (!(o->missing & (1u << k)))
			continue;
		wb_words_missing(o, (enum wb_pg_missing)k, line, sizeof(line));
		wb_textbuf_add(b, "Note: %s.\n", line);
	}
}

void wb_observed_print(const struct wb_pg_observed *o)
{
	struct wb_textbuf b = { 0 };

	wb_observed_text(o, &b);
	if (b.s)
		fputs(b.s, stdout);
	free(b.s);
}
