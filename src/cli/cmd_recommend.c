/* cmd_recommend.c — `walbench recommend [--data] DIR`: measure what the server
 * would do on DIR (WAL-faithful commits and bulk flushes, each method opened as
 * the given PostgreSQL version opens it), stop as soon as the question is
 * answered, and say which wal_sync_method to set, or that they tie. With
 * --wal-candidate, first say where pg_wal belongs (commits on DIR and on each
 * candidate while a checkpoint-like load runs on DIR), then choose the method
 * for the volume pg_wal ends up on. With --server (or --observed), first read
 * what the running server does and decide for it: its pg_wal, version, method,
 * flush sizes and data load, and gains in commits rather than flushes. */
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advice/placement.h"
#include "advice/recommend.h"
#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/inputs.h"
#include "cli/measuring.h"
#include "cli/server_config.h"
#include "cli/space_gate.h"
#include "facts/pgdata.h"
#include "facts/space.h"
#include "measure/session.h"
#include "model/units.h"
#include "plan/command.h"
#include "plan/options.h"
#include "plan/plan.h"
#include "report/json.h"
#include "report/observed_text.h"
#include "report/placement_text.h"
#include "report/recommend_text.h"
#include "report/run_text.h"

/* Phase one with --wal-candidate: the placement rows on the data directory and
 * every candidate, interleaved, for the whole budget; then the verdict, printed
 * at once. live: the server --server observed, for the space guard. Returns the
 * session's exit status; WB_EXIT_SETUP, pl untouched, when the space guard
 * refuses. */
static int run_placement(const struct wb_config *cfg, uint64_t seed,
			 const struct wb_pg_observed *server, const struct wb_pg_observed *live,
			 struct wb_results *prs, struct wb_placement *pl, bool *refused)
{
	static char abs[WB_MAX_SITES][PATH_MAX], data_abs[PATH_MAX];
	const char *dirs[WB_MAX_SITES];
	/* pg_wal on a volume of its own (--server found it): its rows run there,
	 * the data load in the data directory. */
	const char *now = cfg->wal_now ? cfg->wal_now : cfg->target;
	struct wb_load_spec load = {
		.per_s = (double)cfg->data_load.per_s,
		.pct = (double)cfg->data_load.pct_bp / 100.0,
		.file_size = cfg->data_load_size / WB_LOAD_PAGE * WB_LOAD_PAGE,
	};
	/* A server running on this host puts its own load on its data volume:
	 * a synthetic one on top would count its writes twice (issue 37: +1394 %
	 * predicted where pgbench gained +41 %). Stopped or elsewhere (--observed),
	 * its observed load is replayed. */
	bool live_load = live && live->paths.on_this_host;
	struct wb_placement_params params = { .min_gain_pct = cfg->min_gain_bp / 100.0,
					      /* a cluster's own: the steps can name it */
					      .data_is_pgdata = wb_pgdata_here(cfg->target) == 0,
					      .server = server, .live_load = live_load };
	struct wb_session_where where = { .dirs = dirs, .ndirs = 1 + cfg->wal_candidates.n,
					  .load = live_load ? NULL : &load };
	struct wb_command_plan plan;
	struct wb_test *tests;
	size_t n, k;
	int status;

	tests = wb_plan_placement(cfg, &n);
	if (!tests)
		return WB_EXIT_SETUP;
	/* Absolute paths: the steps to move pg_wal are pasted into a shell in
	 * another directory, and initdb takes only an absolute --waldir. */
	for (k = 0; k <= cfg->wal_candidates.n; k++) {
		const char *dir = k ? cfg->wal_candidates.v[k - 1] : now;

		dirs[k] = realpath(dir, abs[k]) ? abs[k] : dir;
	}
	if (cfg->wal_now) {
		where.load_dir = params.data_dir = realpath(cfg->target, data_abs) ? data_abs
										 : cfg->target;
		for (k = 1; k <= cfg->wal_candidates.n; k++)
			params.on_data_fs[k] = wb_space_same_fs(dirs[k], params.data_dir);
	}
	*refused = !wb_cli_session_space_ok(cfg, &where, tests, n, live);
	if (*refused) {
		free(tests);
		return WB_EXIT_SETUP;
	}
	wb_plan_placement_step(cfg, seed, n, &plan);
	wb_placement_print_header(cfg, &plan.sched, load.per_s, load.pct, live_load, n);
	status = wb_cli_measure(&where, tests, n, &plan, NULL, cfg->quiet, prs);
	if (!wb_placement_decide(prs, &params, pl) && status == WB_EXIT_OK)
		status = WB_EXIT_SETUP;
	wb_placement_print(pl, prs);
	printf("\n");
	free(tests);
	return status;
}

/* --waldir: only beside candidates (without, pg_wal's directory is DIR itself),
 * a directory, and none of them. */
static bool waldir_ok(struct wb_config *cfg)
{
	char a[PATH_MAX], b[PATH_MAX];
	size_t k;

	if (!cfg->wal_now)
		return true;
	if (!cfg->wal_candidates.n) {
		fprintf(stderr, "walbench: --waldir %s needs --wal-candidate: without one, give "
			"pg_wal's directory as DIR\n", cfg->wal_now);
		return false;
	}
	if (!wb_input_dir_ok(cfg, "--waldir", cfg->wal_now) || !realpath(cfg->wal_now, a))
		return false;
	for (k = 0; k < cfg->wal_candidates.n; k++)
		if (realpath(cfg->wal_candidates.v[k], b) && strcmp(a, b) == 0) {
			fprintf(stderr, "walbench: --wal-candidate %s is --waldir, where pg_wal is "
				"now: it is measured as that already\n", cfg->wal_candidates.v[k]);
			return false;
		}
	return true;
}

/* pg_wal's own volume (--waldir, or the link --server found) on the data
 * directory's file system is no volume of its own: one file system is one
 * I/O path, so the data directory stands for it, as without one. */
static void wal_now_same_fs(struct wb_config *cfg)
{
	if (cfg->wal_now && wb_space_same_fs(cfg->wal_now, cfg->target)) {
		printf("pg_wal's directory %s is on the data directory's file system: measured "
		       "there, as one volume\n", cfg->wal_now);
		cfg->wal_now = NULL;
	}
}

/* Writes the reports asked for, with rec; returns the status recommend ends on. */
static int write_reports(const struct wb_config *cfg, const struct wb_results *rs,
			 const struct wb_recommendation *rec, const struct wb_pg_observed *server,
			 int status)
{
	return wb_cli_write_reports(cfg, WB_CMD_RECOMMEND, rs,
				    &(struct wb_json_verdicts){ .rec = rec, .observed = server },
				    status);
}

/* --server or --observed: the observation, printed, and recommend's
 * configuration from it. NULL with *status set when it cannot be had. */
static const struct wb_pg_observed *observe_server(struct wb_config *cfg, int *status)
{
	static struct wb_pg_observed o;
	struct wb_server_shape shape;

	*status = wb_cli_server_observation(cfg, &o);
	if (*status != WB_EXIT_OK)
		return NULL;
	wb_observed_print(&o);
	printf("\n");
	wb_server_shape(&o, &shape);
	*status = wb_cli_server_apply(cfg, &o, &shape);
	fflush(stdout);
	return *status == WB_EXIT_OK ? &o : NULL;
}

/* Whether cfg's budget gives every test of each step (the placement's rows,
 * then the method's tests: each step has the whole budget) its warm-up and
 * two trials of the shortest length a plan shortens to (plan/trial_fit.h). A
 * shorter one can only end with a test never measured and nothing to decide
 * from, so it is refused, naming the least that would do, before any flush. */
static bool budget_holds(const struct wb_config *cfg)
{
	struct wb_command_plan plan;
	char have[32], need[32];
	uint64_t least;
	struct wb_test *t;
	size_t n, most;

	t = wb_plan_recommend(cfg, &n);
	if (!t) {
		fprintf(stderr, "walbench: out of memory\n");
		return false;
	}
	free(t);
	(void)wb_plan_command(WB_CMD_RECOMMEND, cfg, 1, n, &plan);
	least = plan.sched.fit_budget_ns;
	most = n;
	if (cfg->wal_candidates.n) {
		t = wb_plan_placement(cfg, &n);
		if (!t) {
			fprintf(stderr, "walbench: out of memory\n");
			return false;
		}
		free(t);
		wb_plan_placement_step(cfg, 1, n, &plan);
		if (plan.sched.fit_budget_ns > least) {
			least = plan.sched.fit_budget_ns;
			most = n;
		}
	}
	if (cfg->budget_ns >= least)
		return true;
	wb_format_duration(cfg->budget_ns, have, sizeof(have));
	wb_format_duration(least, need, sizeof(need));
	fprintf(stderr, "walbench: --budget %s cannot give each of %zu tests its warm-up and two "
		"trials, which a decision needs: give at least --budget %s\n", have, most, need);
	return false;
}

int wb_cmd_recommend(int argc, char **argv)
{
	const struct wb_pg_observed *server = NULL, *live = NULL;
	struct wb_results prs = { 0 };
	struct wb_placement *pl = NULL;
	unsigned k;
	struct wb_recommend_params params;
	struct wb_recommendation rec;
	struct wb_results rs = { 0 };
	struct wb_session_where where;
	struct wb_command_plan plan;
	struct wb_config cfg;
	struct wb_test *tests;
	size_t n;
	int ret, status = WB_EXIT_OK;
	bool refused = false;

	if (!wb_cli_configure(&cfg, WB_CMD_RECOMMEND, argc, argv, &status))
		return status;
	/* A typo in a pg_wal path must not quietly measure the parent's file
	 * system; and every input is judged before the server's window. */
	if (!wb_input_dir_ok(&cfg, "DIR", cfg.target) || !wb_input_reports_ok(&cfg))
		return WB_EXIT_SETUP;
	for (k = 0; k < cfg.wal_candidates.n; k++)
		if (!wb_input_dir_ok(&cfg, "--wal-candidate", cfg.wal_candidates.v[k]))
			return WB_EXIT_SETUP;
	if (!waldir_ok(&cfg))
		return WB_EXIT_SETUP;
	if (cfg.server_dsn || cfg.observed_path) {
		server = observe_server(&cfg, &status);
		if (!server)
			return status;
		if (!wb_input_dir_ok(&cfg, "the server's directory", cfg.target))
			return WB_EXIT_SETUP;
		/* Only a server observed now is running: a saved one may be anywhere. */
		if (cfg.server_dsn)
			live = server;
	}
	wal_now_same_fs(&cfg);
	/* After the server's observation, which may leave fewer tests (a
	 * server that never writes bulk WAL: commits only). */
	if (!budget_holds(&cfg))
		return WB_EXIT_SETUP;
	cfg.seed = wb_input_seed(cfg.seed);
	if (cfg.wal_candidates.n) {
		pl = malloc(sizeof(*pl));
		if (!pl) {
			fprintf(stderr, "walbench: out of memory\n");
			return WB_EXIT_SETUP;
		}
		status = run_placement(&cfg, cfg.seed, server, live, &prs, pl, &refused);
		if (refused)
			goto out_placement;
		if (prs.interrupted || pl->failed) {
			/* Stopped by a signal, or a failure on the data volume or a
			 * candidate: the placement so far, and no method (none is
			 * chosen for storage that just failed). */
			wb_recommend_none((enum wb_workload)cfg.workload,
					  prs.interrupted ? WB_REC_FAIL_INTERRUPTED : WB_REC_FAIL_PLACEMENT,
					  pl, &rec);
			if (!prs.interrupted && status == WB_EXIT_OK)
				status = WB_EXIT_SETUP;
			status = write_reports(&cfg, &prs, &rec, server, status);
			goto out_placement;
		}
		cfg.target = pl->wal_dir;
	}
	tests = wb_plan_recommend(&cfg, &n);
	if (!tests) {
		status = WB_EXIT_SETUP;
		goto out_placement;
	}
	if (!wb_cli_one_site(&cfg, WB_CMD_RECOMMEND, false, tests, n, live, &where, &plan)) {
		status = WB_EXIT_SETUP;
		free(tests);
		goto out_placement;
	}
	wb_recommend_print_header(&cfg, &plan.sched, n);
	ret = wb_cli_measure(&where, tests, n, &plan, NULL, cfg.quiet, &rs);
	if (!pl || status == WB_EXIT_OK)
		status = ret;
	params = (struct wb_recommend_params){
		.workload = (enum wb_workload)cfg.workload,
		.min_gain_pct = cfg.min_gain_bp / 100.0,
		.shared_buffers = cfg.shared_buffers,
		.server = server,
		.moved = pl && pl->best >= 0,
	};
	if (rs.n) {
		/* Stopped by a signal before the answer was known: the exit says the
		 * signal (as run's and qualify's do), not "nothing could run". */
		if (!wb_recommend(&rs, &params, &rec) && status == WB_EXIT_OK && !rs.interrupted)
			status = WB_EXIT_SETUP;
		rec.placement = pl;
		wb_text_print_interrupted(&rs);
		wb_recommend_print(&rs, &rec);
		wb_text_print_storage_notes(&rs, "--budget");
		status = write_reports(&cfg, &rs, &rec, server, status);
	}
	wb_results_free(&rs);
	free(tests);
out_placement:
	wb_results_free(&prs);
	free(pl);
	return status;
}
