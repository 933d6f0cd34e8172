/* server_config.c — see server_config.h. */
#include "cli/server_config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli/exit_codes.h"
#include "cli/observing.h"
#include "pgstat/pg_queries.h"
#include "report/observed_text.h"
#include "report/results_reader.h"
#include "report/words.h"

int wb_cli_server_observation(const struct wb_config *cfg, struct wb_pg_observed *o)
{
	struct wb_saved_results saved;
	char err[1024];
	int status;

	if (cfg->server_dsn && cfg->observed_path) {
		fprintf(stderr, "walbench: --server and --observed: give one (a live server, or a "
			"saved observation)\n");
		return WB_EXIT_SETUP;
	}
	if (cfg->server_dsn) {
		status = wb_cli_observe(cfg->server_dsn, cfg->observe_ns, cfg->quiet, o);
		/* A Ctrl-C during the window is a stop, not a shorter window. */
		return status;
	}
	memset(&saved, 0, sizeof(saved));
	if (wb_saved_read(cfg->observed_path, &saved, err, sizeof(err))) {
		fprintf(stderr, "walbench: --observed: %s\n", err);
		wb_saved_free(&saved);
		return WB_EXIT_SETUP;
	}
	if (!saved.observed) {
		fprintf(stderr, "walbench: --observed: %s holds no observation of a server (write "
			"one with walbench observe --json FILE)\n", cfg->observed_path);
		wb_saved_free(&saved);
		return WB_EXIT_SETUP;
	}
	*o = *saved.observed;
	wb_saved_free(&saved);
	return WB_EXIT_OK;
}

/* Sets option name to text as if given, unless the command line gave it. */
static void set_unless_given(struct wb_config *cfg, const char *name, const char *text)
{
	const struct wb_option *opt = wb_option_find(name, WB_CMD_RECOMMEND);
	char why[256];

	if (opt && !wb_option_given(cfg, name))
		(void)wb_option_set(cfg, opt, text, why, sizeof(why));
}

static void versions(struct wb_config *cfg, const struct wb_pg_observed *o)
{
	const struct wb_pg_settings *s = &o->set;
	char num[32];

	snprintf(num, sizeof(num), "%u", s->major > WB_PG_MAX_MAJOR ? WB_PG_MAX_MAJOR : s->major);
	set_unless_given(cfg, "pg-version", num);
	if (s->have & (1u << WB_PGS_WAL_LEVEL))
		set_unless_given(cfg, "wal-level", s->text[WB_PGS_WAL_LEVEL]);
	if ((s->have & (1u << WB_PGS_DEBUG_IO_DIRECT)) && !wb_option_given(cfg, "debug-io-direct"))
		cfg->debug_io_direct = wb_pg_io_direct_has(s->text[WB_PGS_DEBUG_IO_DIRECT], "wal");
	if ((s->have & (1u << WB_PGS_WAL_BUFFERS)) && s->value[WB_PGS_WAL_BUFFERS] > 0 &&
	    !wb_option_given(cfg, "wal-buffers"))
		cfg->wal_buffers = (uint64_t)s->value[WB_PGS_WAL_BUFFERS];
	if ((s->have & (1u << WB_PGS_SHARED_BUFFERS)) && s->value[WB_PGS_SHARED_BUFFERS] > 0 &&
	    !wb_option_given(cfg, "shared-buffers"))
		cfg->shared_buffers = (uint64_t)s->value[WB_PGS_SHARED_BUFFERS];
}

static bool dir_given(const struct wb_config *cfg)
{
	return cfg->target_given || wb_option_given(cfg, "data") || wb_option_given(cfg, "dir");
}

/* Where to test: the server's pg_wal (its data directory with candidates),
 * unless a directory was given. */
static int directory(struct wb_config *cfg, const struct wb_pg_observed *o)
{
	const struct wb_pg_paths *p = &o->paths;

	if (dir_given(cfg))
		return WB_EXIT_OK;
	if (p->unreadable) {
		fprintf(stderr, "walbench: the server's data directory %s is not readable (run as "
			"the server's OS user, or give DIR: walbench recommend --server ... DIR)\n",
			p->data_directory);
		return WB_EXIT_SETUP;
	}
	if (!p->on_this_host || !p->pg_wal[0]) {
		fprintf(stderr, "walbench: the server's pg_wal is not on this host%s: give the "
			"directory to test (where pg_wal lives, on its volume): walbench recommend "
			"--server ... DIR\n", !p->data_directory[0]
			? " as far as walbench can see (its role may not read data_directory: "
			  "GRANT pg_read_all_settings)"
			: "");
		return WB_EXIT_SETUP;
	}
	cfg->target = cfg->wal_candidates.n ? p->data_directory : p->pg_wal;
	return WB_EXIT_OK;
}

static const char *bulk_words(enum wb_bulk_why why)
{
	switch (why) {
	case WB_BULK_NONE_SEEN:
		return "no bulk work seen (no wal_buffers_full, small writes)";
	case WB_BULK_BUFFERS_FULL:
		return "wal_buffers filled: bulk work";
	case WB_BULK_LARGE_WRITES:
		return "large writes: bulk work";
	case WB_BULK_GUESSED:
		return "the server flushed nothing: guessed";
	}
	return "?";
}

static void flushes(struct wb_config *cfg, const struct wb_server_shape *sh)
{
	cfg->baseline = sh->baseline_known ? 1u + (unsigned)sh->baseline : 0;
	cfg->commit_pages = sh->commit_pages;
	cfg->nbulk = sh->nbulk;
	memcpy(cfg->bulk_pages, sh->bulk_pages, sizeof(cfg->bulk_pages));
	/* Commits only where the server showed no bulk work, unless asked. */
	if (sh->bulk_why == WB_BULK_NONE_SEEN && !wb_option_given(cfg, "workload"))
		set_unless_given(cfg, "workload", "oltp");
	printf("From the server: wal_sync_method %s (the baseline), commits of %u page%s (%s)",
	       sh->baseline_known ? wb_method_get(sh->baseline)->name : "not measurable here: fdatasync",
	       sh->commit_pages, sh->commit_pages == 1 ? "" : "s",
	       wb_words_flush_why(sh->commit_why));
	if (sh->nbulk)
		printf(", bulk flushes of %u%s%u pages", sh->bulk_pages[0], sh->nbulk > 1 ? " and " : "",
		       sh->nbulk > 1 ? sh->bulk_pages[1] : 0);
	printf(" (%s).\n", bulk_words(sh->bulk_why));
}

/* The data load with candidates: the pages its checkpoints wrote. */
static void load(struct wb_config *cfg, const struct wb_server_shape *sh,
		 const struct wb_pg_observed *o)
{
	char rate[32], line[640];

	if (!cfg->wal_candidates.n || wb_option_given(cfg, "data-load"))
		return;
	switch (sh->load_why) {
	case WB_LOAD_MEASURED:
		snprintf(rate, sizeof(rate), "%.0f/s", fmax(1.0, round(sh->load_per_s)));
		set_unless_given(cfg, "data-load", rate);
		printf("The data load: %s random 8 kB writes, the server's %.0f data pages/s over "
		       "%.0f s with %u checkpoint%s, at %.2f device writes per page.\n", rate,
		       sh->pages_per_s, o->seconds, o->rate.checkpoints,
		       o->rate.checkpoints == 1 ? "" : "s", sh->writes_per_page);
		return;
	case WB_LOAD_NO_CHECKPOINT:
		wb_words_checkpoints(o, line, sizeof(line));
		printf("The data load: %s; until then the assumed load.\n", line);
		return;
	case WB_LOAD_NOT_READ:
		printf("The data load: the server's data pages could not be read; the assumed "
		       "load.\n");
		return;
	}
}

int wb_cli_server_apply(struct wb_config *cfg, const struct wb_pg_observed *o,
			const struct wb_server_shape *shape)
{
	int status;

	versions(cfg, o);
	status = directory(cfg, o);
	if (status != WB_EXIT_OK)
		return status;
	flushes(cfg, shape);
	cfg->flush_min_gain_pct = wb_server_flush_min_gain(shape, cfg->min_gain_bp / 100.0);
	if (shape->share_source == WB_SHARE_ASYNC_COMMIT) {
		char line[320];

		wb_words_async_min_gain(cfg->min_gain_bp / 100.0, cfg->flush_min_gain_pct, line,
					sizeof(line));
		printf("%s\n", line);
	} else if (cfg->flush_min_gain_pct > 0)
		printf("The server's WAL flushes %.0f %% of its time: --min-gain %.1f %% in commits "
		       "is flushes %.1f %% faster%s, what a switch must prove.\n",
		       shape->flush_share * 100.0, cfg->min_gain_bp / 100.0, cfg->flush_min_gain_pct,
		       cfg->flush_min_gain_pct >= WB_SERVER_MAX_FLUSH_GAIN_PCT
			       ? " (or more: no flush gain reaches it)" : "");
	load(cfg, shape, o);
	return WB_EXIT_OK;
}
