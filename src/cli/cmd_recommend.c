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
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advice/placement.h"
#include "advice/placement_load.h"
#include "advice/server_shape.h"
#include "advice/recommend.h"
#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/inputs.h"
#include "cli/measuring.h"
#include "cli/server_config.h"
#include "cli/space_gate.h"
#include "facts/pgdata.h"
#include "facts/space.h"
#include "measure/clock.h"
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

/* Where one candidate's commit row is measured again (placement_load.h): the
 * candidate alone, the data load in the data directory. */
struct at_load_ctx {
	const struct wb_config *cfg;
	uint64_t seed;
	const char *dir, *data_dir;
	const struct wb_test *row;   /* the candidate's commit row in the first run */
	double server_pages_per_s;   /* the server's own data writes while it runs here; 0 */
	uint64_t file_size;          /* the data load's file */
};

/* One round: the row under the data writes of at_per_s commits (pages_per_s
 * of them in all, the server's own among them), for budget_ns. Fills a with the
 * flush figures; false when the row did not measure. *signal: the signal that
 * stopped the round, which stops the whole command as it would the rows. */
static bool measure_at_load(const struct at_load_ctx *x, double at_per_s, double pages_per_s,
			    const struct wb_command_plan *round, uint64_t budget_ns,
			    struct wb_placement_at_load *a, int *signal)
{
	struct wb_load_spec load = { .per_s = pages_per_s - x->server_pages_per_s,
				     .file_size = x->file_size };
	const char *dirs[1] = { x->dir };
	struct wb_session_where where = { .dirs = dirs, .ndirs = 1, .load_dir = x->data_dir,
					  .load = load.per_s >= 1 ? &load : NULL };
	struct wb_results rs = { 0 };
	struct wb_command_plan plan = *round;
	struct wb_test t = *x->row;
	bool ok;

	t.site = 0;
	plan.sched.budget_ns = budget_ns;
	(void)wb_cli_measure(&where, &t, 1, &plan, NULL, true, &rs);
	*signal = rs.interrupted;
	ok = rs.n == 1 && !rs.interrupted;
	if (ok) {
		wb_placement_flush_of(&rs.v[0], &a->flush_ms, &a->flush_ms_low, &a->flush_ms_high);
		ok = a->flush_ms > 0;
	}
	if (ok) {
		double active_s = (double)rs.load.active_ns / 1e9;

		a->rounds++;
		a->at_per_s = at_per_s;
		/* what the data volume carried: the server's own and what walbench kept up */
		a->pages_per_s = x->server_pages_per_s +
				 (where.load && active_s > 0 ? (double)rs.load.writes / active_s : 0);
	}
	wb_results_free(&rs);
	return ok;
}

/* The data writes a commit brings: the server's own load over its commits
 * beside a live server (the shape's, over a checkpoint), else the load the
 * rows ran under (--data-load RATE/s, or the observed one replayed); NAN for
 * a share of capacity, which is no rate of the server's to scale. */
static double pages_per_commit(const struct wb_config *cfg, const struct wb_server_shape *sh,
			       bool live_load, double commits_per_s)
{
	struct wb_server_shape given = { .load_why = WB_LOAD_MEASURED,
					 .load_per_s = (double)cfg->data_load.per_s };

	if (!live_load && !(cfg->data_load.per_s > 0))
		return NAN;
	return wb_placement_pages_per_commit(live_load ? sh : &given, commits_per_s);
}

/* A candidate on the data directory's file system with pg_wal apart now
 * gains commits, and with them data writes on the volume it shares: its
 * commit row is measured again under the data writes of the commits
 * predicted, and predicted again, until the prediction carried its own load
 * (placement_load.h), within what is left of the placement's budget. The
 * verdict is then decided once more from the rounds' figures. */
static void predict_at_own_load(const struct wb_config *cfg, uint64_t seed,
				const struct wb_pg_observed *server, bool live_load,
				const char *const *dirs, uint64_t deadline_ns,
				struct wb_placement_params *params, struct wb_results *prs,
				struct wb_placement *pl)
{
	struct wb_command_plan round;
	struct wb_server_shape shape;
	size_t k;
	bool again = false;

	if (!server || !params->data_dir)
		return;
	wb_server_shape(server, &shape);
	/* One row, every trial its own: no placement to settle, the rate's CI
	 * the only early stop; fit_budget_ns is the least that holds two trials. */
	wb_plan_placement_step(cfg, seed, 1, &round);
	round.sched.placement = false;
	round.sched.ci_target_pct = WB_PLACEMENT_LOAD_CI_PCT;
	for (k = 0; k < pl->n; k++) {
		const struct wb_placement_candidate *c = &pl->c[k];
		unsigned site = (unsigned)(k + 1);
		struct wb_placement_at_load *a = &params->at_load[site];
		struct wb_load_point pts[WB_PLACEMENT_LOAD_ROUNDS + 1];
		struct at_load_ctx x = { .cfg = cfg, .seed = seed, .dir = dirs[site],
					 .data_dir = params->data_dir,
					 .file_size = cfg->data_load_size / WB_LOAD_PAGE * WB_LOAD_PAGE };
		double ppc = pages_per_commit(cfg, &shape, live_load, c->model.commits_per_s);
		size_t i, n = 1;

		if (!c->on_data_fs || !c->model.known || !(c->gain.pct > 0) || !isfinite(ppc))
			continue;
		for (i = 0; i < prs->n; i++)
			if (prs->v[i].test.site == site && prs->v[i].test.data_load &&
			    prs->v[i].test.pattern != WB_PATTERN_GROUPCOMMIT)
				x.row = &prs->v[i].test;
		if (!x.row)
			continue;
		x.server_pages_per_s = live_load ? shape.load_per_s : 0;
		pts[0] = (struct wb_load_point){ c->model.commits_per_s, c->model.per_s };
		for (unsigned r = 0; r < WB_PLACEMENT_LOAD_ROUNDS; r++) {
			struct wb_placement_at_load before = *a;
			double at = wb_placement_load_next(pts, n);
			uint64_t now = wb_now_ns(), left, budget;

			if (!isfinite(at))
				break;
			left = now < deadline_ns ? deadline_ns - now : 0;
			/* a share of what is left, but never less than two trials */
			budget = left / (WB_PLACEMENT_LOAD_ROUNDS - r);
			if (budget < round.sched.fit_budget_ns)
				budget = left;
			if (budget < round.sched.fit_budget_ns) {
				a->budget_out = true;
				break;
			}
			printf("Measuring %s again under the data writes %.0f commits/s bring: "
			       "%.0f pages/s\n", c->path, at, ppc * at);
			fflush(stdout);
			if (!measure_at_load(&x, at, ppc * at, &round, budget, a, &prs->interrupted)) {
				*a = before;
				break;
			}
			again = true;
			(void)wb_placement_decide(prs, params, pl);
			pts[n++] = (struct wb_load_point){ at, pl->c[k].model.per_s };
			if (pl->c[k].own_load)
				break;
		}
		if (a->budget_out || prs->interrupted)
			(void)wb_placement_decide(prs, params, pl);
		if (prs->interrupted)
			break;
	}
	if (again)
		printf("\n");
}

static bool any_on_data_fs(const struct wb_placement_params *p)
{
	for (size_t k = 0; k < WB_MAX_SITES; k++)
		if (p->on_data_fs[k])
			return true;
	return false;
}

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
	uint64_t deadline;
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
	deadline = wb_now_ns() + plan.sched.budget_ns;
	/* A candidate back on the data volume is measured again at its own load
	 * after the rows (predict_at_own_load): they leave it a third of the
	 * budget, where that still holds their trials. */
	if (any_on_data_fs(&params) && server &&
	    plan.sched.budget_ns - plan.sched.budget_ns / 3 >= plan.sched.fit_budget_ns)
		plan.sched.budget_ns -= plan.sched.budget_ns / 3;
	wb_placement_print_header(cfg, &plan.sched, load.per_s, load.pct, live_load, n);
	status = wb_cli_measure(&where, tests, n, &plan, NULL, cfg->quiet, prs);
	if (!wb_placement_decide(prs, &params, pl) && status == WB_EXIT_OK)
		status = WB_EXIT_SETUP;
	if (!pl->failed && !prs->interrupted)
		predict_at_own_load(cfg, seed, server, live_load, dirs, deadline, &params, prs, pl);
	if (prs->interrupted && status == WB_EXIT_OK)
		status = WB_EXIT_SIGNAL + prs->interrupted;
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
		/* After the verdict, which stays the first line: which test the
		 * budget gave less than a whole last trial. */
		wb_text_print_cut(&rs, cfg.budget_ns, "trial", "--budget", WB_CUT_BY_FLUSH);
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
