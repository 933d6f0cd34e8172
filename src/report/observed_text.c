/* observed_text.c — see observed_text.h. Rates the server did not give (no
 * timing, no flushes) read "n/a" with the reason, never 0. */
#include "report/observed_text.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model/units.h"
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

static void print_settings(const struct wb_pg_settings *s)
{
	static const enum wb_pg_setting shown[] = {
		WB_PGS_WAL_SYNC_METHOD, WB_PGS_WAL_LEVEL, WB_PGS_SYNCHRONOUS_COMMIT,
		WB_PGS_COMMIT_DELAY, WB_PGS_COMMIT_SIBLINGS, WB_PGS_WAL_BUFFERS,
		WB_PGS_WAL_WRITER_DELAY, WB_PGS_WAL_WRITER_FLUSH_AFTER, WB_PGS_FULL_PAGE_WRITES,
		WB_PGS_WAL_COMPRESSION, WB_PGS_WAL_SEGMENT_SIZE, WB_PGS_CHECKPOINT_TIMEOUT,
		WB_PGS_MAX_WAL_SIZE, WB_PGS_CHECKPOINT_COMPLETION_TARGET,
		WB_PGS_CHECKPOINT_FLUSH_AFTER, WB_PGS_SHARED_BUFFERS, WB_PGS_HUGE_PAGES,
		WB_PGS_HUGE_PAGES_STATUS, WB_PGS_TRACK_WAL_IO_TIMING, WB_PGS_DEBUG_IO_DIRECT,
	};
	char v[64];
	unsigned k, col = 2;

	printf("Settings:\n ");
	for (k = 0; k < sizeof(shown) / sizeof(shown[0]); k++) {
		if (!have(s, shown[k]))
			continue;
		setting_text(s, shown[k], v, sizeof(v));
		if (col + strlen(wb_pg_setting_names[shown[k]]) + strlen(v) + 2 > 96) {
			printf("\n ");
			col = 2;
		}
		col += (unsigned)printf(" %s=%s", wb_pg_setting_names[shown[k]], v[0] ? v : "''");
	}
	printf("\n");
}

static void print_rates(const struct wb_pg_observed *o)
{
	const struct wb_pg_rates *r = &o->rate;
	char a[32], b[32];

	if (isfinite(r->commits_per_s))
		printf("  commits          %.1f/s\n", r->commits_per_s);
	else
		printf("  commits          n/a (pg_stat_database not read)\n");
	wb_format_size(isfinite(r->wal_bytes_per_s) ? (uint64_t)r->wal_bytes_per_s : 0, a,
		       sizeof(a));
	printf("  WAL              %s/s, %.1f writes/s, %.1f flushes/s (%s%s)\n",
	       isfinite(r->wal_bytes_per_s) ? a : "n/a", r->wal_writes_per_s, r->wal_syncs_per_s,
	       o->set.text[WB_PGS_WAL_SYNC_METHOD],
	       r->open_method ? ": each write is its own flush" : "");
	if (isfinite(r->bytes_per_flush)) {
		wb_format_size((uint64_t)r->bytes_per_flush, a, sizeof(a));
		wb_format_size(isfinite(r->bytes_per_write) ? (uint64_t)r->bytes_per_write : 0, b,
			       sizeof(b));
		printf("  per flush        %s of WAL (%.1f pages); per write %s\n", a,
		       r->bytes_per_flush / 8192.0, isfinite(r->bytes_per_write) ? b : "n/a");
	} else {
		printf("  per flush        n/a (no flush in the interval)\n");
	}
	if (isfinite(r->flush_ms))
		printf("  server's flush   %.3f ms mean (track_wal_io_timing); flushing %.0f %% of "
		       "the time\n", r->flush_ms, r->flush_busy * 100);
	else
		printf("  server's flush   n/a (%s)\n",
		       o->missing & (1u << WB_PGM_WAL_TIMING) ? "track_wal_io_timing is off"
							 : "no flush timed in the interval");
	if (isfinite(r->data_pages_per_s)) {
		printf("  data pages       %.1f written/s (checkpointer %.1f, background writer %.1f, "
		       "backends %.1f)", r->data_pages_per_s,
		       o->delta[WB_PGC_BUF_CHECKPOINTER] / o->seconds,
		       o->delta[WB_PGC_BUF_BGWRITER] / o->seconds,
		       o->delta[WB_PGC_BUF_BACKEND] / o->seconds);
		if (isfinite(r->device_writes_per_page))
			printf("; %.2f device writes on %s per page (WAL's too when it shares "
			       "the device)", r->device_writes_per_page, o->paths.data_dev);
		printf("\n");
	}
	if (isfinite(r->fpi_share))
		printf("  full-page images %.1f %% of WAL records; wal_buffers full %.1f/s\n",
		       r->fpi_share * 100, r->buffers_full_per_s);
}

void wb_observed_print(const struct wb_pg_observed *o)
{
	const struct wb_pg_paths *p = &o->paths;
	char line[640];
	unsigned k;

	printf("PostgreSQL %u (server_version_num %u) at %s, as role %s, observed for "
	       "%.1f s:\n", o->set.major, o->set.version_num, o->dsn, o->role[0] ? o->role : "?",
	       o->seconds);
	wb_words_checkpoints(o, line, sizeof(line));
	printf("  %s\n", line);
	print_rates(o);
	print_settings(&o->set);
	if (!p->data_directory[0])
		printf("Where: data_directory not readable\n");
	else if (!p->on_this_host)
		printf("Where: data_directory %s is not on this host (or not readable here): give "
		       "the directories yourself\n", p->data_directory);
	else
		printf("Where: data_directory %s%s%s; pg_wal %s%s%s%s\n", p->data_directory,
		       p->data_dev[0] ? " on " : "", p->data_dev,
		       p->pg_wal[0] ? p->pg_wal : "(not resolved)",
		       p->wal_moved ? " (moved: a symlink)" : "", p->wal_dev[0] ? " on " : "",
		       p->wal_dev);
	for (k = 0; k < WB_PGM_COUNT; k++) {
		if (!(o->missing & (1u << k)))
			continue;
		wb_words_missing(o, (enum wb_pg_missing)k, line, sizeof(line));
		printf("Note: %s.\n", line);
	}
}
