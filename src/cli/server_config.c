/* server_config.c — see server_config.h. */
#include "cli/server_config.h"

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
		wb_usage_hint();
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

/* The server's version and the settings that say how it opens WAL. */
static void versions(struct wb_config *cfg, const struct wb_pg_observed *o,
		     const struct wb_server_plan *pl)
{
	const struct wb_pg_settings *s = &o->set;
	char num[32];

	snprintf(num, sizeof(num), "%u", pl->pg_version);
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

/* The flushes to measure: the server's method as the baseline, its sizes. */
static void flushes(struct wb_config *cfg, const struct wb_server_shape *sh,
		    const struct wb_server_plan *pl)
{
	cfg->baseline = sh->baseline_known ? 1u + (unsigned)sh->baseline : 0;
	cfg->commit_pages = sh->commit_pages;
	cfg->nbulk = sh->nbulk;
	memcpy(cfg->bulk_pages, sh->bulk_pages, sizeof(cfg->bulk_pages));
	if (pl->oltp_only)
		set_unless_given(cfg, "workload", "oltp");
	cfg->flush_min_gain_pct = pl->flush_min_gain_pct;
	if (pl->set_load) {
		char rate[32];

		snprintf(rate, sizeof(rate), "%.0f/s", pl->load_per_s);
		set_unless_given(cfg, "data-load", rate);
	}
}

/* Prints line, when there is one. */
static void say(const char *line)
{
	if (*line)
		printf("%s\n", line);
}

int wb_cli_server_apply(struct wb_config *cfg, const struct wb_pg_observed *o,
			const struct wb_server_shape *shape)
{
	const struct wb_server_given given = {
		.dir = cfg->target_given || wb_option_given(cfg, "data") ||
		       wb_option_given(cfg, "dir"),
		.candidates = cfg->wal_candidates.n > 0,
		.workload = wb_option_given(cfg, "workload"),
		.data_load = wb_option_given(cfg, "data-load"),
		/* as cmd_recommend's placement: a live server's own load, none added */
		.live = cfg->server_dsn && o->paths.on_this_host,
		.min_gain_pct = cfg->min_gain_bp / 100.0,
	};
	struct wb_server_plan pl;
	char line[1024];

	wb_server_plan(o, shape, &given, &pl);
	versions(cfg, o, &pl);
	wb_words_server_dir(&pl, o, line, sizeof(line));
	if (pl.dir == WB_SERVER_DIR_UNREADABLE || pl.dir == WB_SERVER_DIR_NOT_HERE) {
		fprintf(stderr, "walbench: %s\n", line);
		return WB_EXIT_SETUP;
	}
	say(line);
	if (pl.target)
		cfg->target = pl.target;
	if (!wb_option_given(cfg, "waldir"))
		cfg->wal_now = pl.wal_now;
	flushes(cfg, shape, &pl);
	wb_words_server_from(shape, line, sizeof(line));
	say(line);
	wb_words_server_min_gain(shape, &pl, given.min_gain_pct, line, sizeof(line));
	say(line);
	wb_words_server_load(&pl, shape, o, line, sizeof(line));
	say(line);
	return WB_EXIT_OK;
}
