/* session.c — file lifecycle, the schedule of trials, and loud failure
 * reporting around the timing loops. The session picks the loop for each test:
 * group commit has its own, everything else runs in the runner. */
#include "measure/session.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sys/stat.h>

#include "measure/cleanup.h"
#include "measure/clock.h"
#include "measure/dataload.h"
#include "measure/fill.h"
#include "measure/flush.h"
#include "measure/groupcommit.h"
#include "measure/prepare.h"
#include "measure/runner.h"
#include "measure/testfile.h"
#include "model/units.h"

/* What a trial needs besides its result: the files at each site, the write
 * buffer, and the data load when the run has one. */
struct session_ctx {
	const char *const *paths[WB_MAX_SITES]; /* the files at dirs[site] */
	const void *buf;
	struct wb_load *load;                  /* NULL: no test runs loaded */
	const struct wb_load_result *load_fig;
	bool slices;                           /* keep each trial's p99 and start */
	uint64_t start_ns;                     /* the schedule's start, for trial start times */
};

/* Names the file the failure happened on (a job's own file, a segment), not
 * just the session's first. */
static void say_durability_failure(void)
{
	fprintf(stderr, "walbench: DURABILITY FAILURE: the system reported that written data may "
		"not be on stable storage. Do not put a database on this storage until this is "
		"explained (check dmesg and the device).\n");
}

static void report_failure(const struct wb_result *r, const char *path)
{
	if (r->site.file[0])
		path = r->site.file;
	const struct wb_test *t = &r->test;
	char size[32];

	wb_format_size(t->size, size, sizeof(size));
	fprintf(stderr, "walbench: %s/%s %s x%u failed on %s: %s\n",
		wb_method_get(t->method)->name, wb_engine_name(t->engine), size, t->writes_per_op,
		path, r->reason);
	if (r->durability_failure)
		say_durability_failure();
}

/* Big enough for every flush in flight (queue depth x writes x size) and for
 * every append test's segment. */
static uint64_t file_size_for(const struct wb_test *tests, size_t n)
{
	uint64_t size = WB_DEFAULT_FILE_SIZE, need;
	size_t i;

	for (i = 0; i < n; i++) {
		need = (uint64_t)tests[i].size * tests[i].writes_per_op *
		       (tests[i].queue_depth ? tests[i].queue_depth : 1);
		if (tests[i].pattern == WB_PATTERN_APPEND && tests[i].segment_size > need)
			need = tests[i].segment_size;
		if (need > size)
			size = need;
	}
	return size;
}

/* A WAL segment is zero-filled (wal_init_zero); pg_test_fsync's file is random. */
static bool zero_filled(const struct wb_test *tests, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (tests[i].pattern == WB_PATTERN_APPEND)
			return true;
	return false;
}

static unsigned files_for(const struct wb_test *tests, size_t n)
{
	unsigned files = 1;
	size_t i;

	for (i = 0; i < n; i++)
		if (tests[i].jobs > files)
			files = tests[i].jobs;
	return files;
}

/* The facts a result set carries: when, where, on what machine and storage.
 * The device is probed on the file itself: ext4 reports O_DIRECT alignment for
 * files only. */
static void describe(struct wb_results *rs, const char *path)
{
	snprintf(rs->target, sizeof(rs->target), "%s", path);
	rs->started_unix = (int64_t)time(NULL);
	wb_host_probe(&rs->host);
	wb_os_probe(&rs->os, "/proc", "/sys");
	wb_device_probe(path, &rs->device, "/sys", "/proc");
}

/* Why the files could not be made: every test of the session fails with it. */
struct prep_failure {
	const char *call;        /* "create", "write", "fsync", "close" */
	int err;                 /* errno */
	int64_t offset;          /* of a failed write; -1 otherwise */
	char path[PATH_MAX];
	char why[160];           /* the refusal, when creating */
	const struct wb_load_result *load; /* the data load failed: its story instead */
};

/* Creates and fills files [0, count); on failure removes what it made and says
 * why in *pf. With rs, the first file describes the run's host and storage. */
static enum wb_session_status create_files(const char *target, char (*paths)[PATH_MAX],
					   unsigned count, uint64_t size, bool zeros,
					   struct wb_results *rs, struct prep_failure *pf)
{
	enum wb_session_status status;
	const char *why, *call;
	uint64_t at;
	unsigned i;
	int fd, ret;

	for (i = 0; i < count; i++) {
		fd = wb_testfile_create(target, paths[i], PATH_MAX, &why);
		if (fd < 0) {
			fprintf(stderr, "walbench: %s: %s (%s)\n", target ? target : ".", why,
				strerror(-fd));
			*pf = (struct prep_failure){ .call = "create", .err = -fd, .offset = -1 };
			snprintf(pf->path, sizeof(pf->path), "%s", target ? target : ".");
			snprintf(pf->why, sizeof(pf->why), "%s", why);
			status = WB_SESSION_SETUP_FAILED;
			goto out_remove;
		}
		if (i == 0 && rs)
			describe(rs, paths[0]);
		at = UINT64_MAX;
		ret = wb_testfile_fill(fd, size, zeros, &call, &at);
		if (close(fd) && !ret) {
			ret = -errno;
			call = "close";
		}
		if (ret) {
			fprintf(stderr, "walbench: preparing %s failed: %s: %s\n", paths[i], call,
				strerror(-ret));
			*pf = (struct prep_failure){ .call = call, .err = -ret,
						     .offset = at == UINT64_MAX ? -1 : (int64_t)at };
			snprintf(pf->path, sizeof(pf->path), "%s", paths[i]);
			status = ret == -ENOMEM ? WB_SESSION_SETUP_FAILED : WB_SESSION_IO_FAILED;
			i++;
			goto out_remove;
		}
	}
	return WB_SESSION_OK;
out_remove:
	while (i--)
		(void)wb_testfile_remove(paths[i]);
	return status;
}

/* The files could not be made: every test becomes an error row saying why, so
 * the table, the JSON and a verdict read the failure instead of nothing. A
 * failed fsync or close of written data is a durability failure like any other.
 * A test that could never run here (fsync_writethrough on Linux) stays n/a. */
static void fail_all(const struct wb_test *tests, size_t n, const struct prep_failure *pf,
		     const struct wb_result_hooks *hooks, struct wb_results *rs)
{
	const char *name = strerrorname_np(pf->err), *na;
	bool lost = pf->load ? pf->load->durability_failure
			     : strcmp(pf->call, "fsync") == 0 || strcmp(pf->call, "close") == 0;
	size_t i;

	for (i = 0; i < n; i++) {
		struct wb_result *r = wb_results_add(rs, &tests[i]);

		if (!r)
			return; /* the stderr line above still told */
		na = wb_method_engine_reason(tests[i].method, tests[i].engine);
		r->durability_failure = lost && !na;
		if (na)
			wb_set_status(r, WB_STATUS_NA, ENOTSUP, "%s", na);
		else if (pf->load)
			wb_set_status(r, WB_STATUS_ERROR, pf->err, "%s", pf->load->reason);
		else if (pf->why[0])
			wb_set_status(r, WB_STATUS_ERROR, pf->err, "create: %s while creating the test "
				      "file: %s", name ? name : "?", pf->why);
		else
			wb_set_status(r, WB_STATUS_ERROR, pf->err, "%s: %s while preparing the test "
				      "file", pf->call, name ? name : "?");
		if (!na)
			wb_result_set_site(r, pf->call, pf->offset, -1, pf->path);
		if (hooks && hooks->before)
			hooks->before(&r->test, hooks->ctx);
		if (hooks && hooks->after)
			hooks->after(r, hooks->ctx);
	}
	if (lost && !pf->load) /* open_load said it already */
		say_durability_failure();
}

static size_t buffer_size_for(const struct wb_test *tests, size_t n)
{
	size_t size = WB_BUF_ALIGN, i;

	for (i = 0; i < n; i++) {
		uint64_t need = tests[i].flush_form == WB_FLUSH_COALESCED ? wb_flush_bytes(&tests[i])
									   : tests[i].size;

		if (need > size)
			size = (size_t)need;
	}
	return size;
}

/* What statx says O_DIRECT needs on this file, checked before any I/O so the
 * reason can name the alignment: marks r n/a when the test cannot meet it. */
static void check_direct_alignment(struct wb_result *r, const struct wb_device *d)
{
	const struct wb_engine_ops *eng = wb_engine_get(r->test.engine);
	char size[16];

	if (!eng || !(eng->caps & WB_CAP_DIRECT) || !d->dio_known)
		return;
	if (d->dio_offset_align == 0) {
		wb_set_direct_refused(r, "O_DIRECT not supported by this file system (statx "
				      "reports no direct I/O alignment)");
	} else if (r->test.size % d->dio_offset_align) {
		wb_format_size(r->test.size, size, sizeof(size));
		wb_set_direct_refused(r, "O_DIRECT here needs writes aligned to %u bytes (statx); "
				      "%s is not", d->dio_offset_align, size);
	}
}

/* Memory ran out around r's test: it is an error, with that reason, never a pass. */
static void out_of_memory(struct wb_result *r, const char *while_doing)
{
	wb_set_status(r, WB_STATUS_ERROR, ENOMEM, "out of memory %s", while_doing);
	wb_result_set_site(r, "malloc", -1, -1, NULL);
}

/* Runs r's test once on the loop that fits its pattern. */
static void measure_test(struct wb_result *r, const char *const *paths, const void *buf)
{
	struct stat st;
	int ret;

	if (wb_test_prepare(r, buf) || r->status != WB_STATUS_OK)
		return;
	if (r->test.pattern == WB_PATTERN_GROUPCOMMIT)
		ret = stat(paths[0], &st) ? -errno
					  : wb_groupcommit_run(r, wb_engine_get(r->test.engine),
							       paths[0], (uint64_t)st.st_size, NULL);
	else
		ret = wb_runner_run(r, paths, buf);
	if (ret && r->status == WB_STATUS_OK)
		wb_set_status(r, WB_STATUS_ERROR, -ret, "%s", strerror(-ret));
	if (wb_result_failed(r) && r->test.pattern == WB_PATTERN_GROUPCOMMIT)
		wb_result_set_site(r, "", -1, -1, paths[0]);
}

/* Runs r's test at its site, with the data load running meanwhile when the
 * test says so. A failure of the load fails the test: its figures were taken
 * under a load that did not happen as asked, and a failed fsync of the data
 * volume is a durability failure whoever issued it. */
static void measure_at_site(struct wb_result *r, const struct session_ctx *ctx)
{
	int ret;

	if (!r->test.data_load || !ctx->load) {
		measure_test(r, ctx->paths[r->test.site], ctx->buf);
		return;
	}
	ret = wb_load_start(ctx->load);
	if (!ret) {
		measure_test(r, ctx->paths[r->test.site], ctx->buf);
		ret = wb_load_stop(ctx->load);
	}
	if (ret) {
		wb_set_status(r, WB_STATUS_ERROR, -ret, "%s", ctx->load_fig->reason[0]
			      ? ctx->load_fig->reason : "the data load could not start");
		wb_result_set_site(r, "data load", -1, -1, wb_load_path(ctx->load));
		r->durability_failure = r->durability_failure || ctx->load_fig->durability_failure;
	}
}

/* Runs one trial of r's test for duration_ns and folds it into r. Returns the
 * wall time it took (setup included, so the budget is honest). */
static uint64_t run_trial(struct wb_result *r, uint64_t duration_ns, bool counted,
			  uint32_t round, const struct session_ctx *ctx)
{
	struct wb_result trial;
	uint64_t t0 = wb_now_ns();

	wb_result_init(&trial, &r->test);
	trial.test.duration_ns = duration_ns;
	wb_result_take_positions(&trial, r); /* the append stream goes on where it stopped */
	measure_at_site(&trial, ctx);
	if (!counted && trial.status == WB_STATUS_OK) {
		r->warmup_ns += trial.elapsed_ns;
		wb_result_take_positions(r, &trial);
	} else {
		wb_result_merge(r, &trial, true);
		if (trial.status == WB_STATUS_OK && trial.elapsed_ns > 0 &&
		    (wb_result_add_trial(r, (double)trial.ops * 1e9 / (double)trial.elapsed_ns,
					 round) ||
		     (ctx->slices && trial.hist &&
		      wb_result_note_trial(r, (double)wb_hist_percentile(trial.hist, 99) / 1e3,
					   (double)(t0 - ctx->start_ns) / 1e9))))
			out_of_memory(r, "keeping a trial's figures");
	}
	wb_result_release(&trial);
	return wb_now_ns() - t0;
}

/* Starts a result: its merged histogram exists before any trial folds into it.
 * A result already judged n/a stays so; one that never gets a trial stays
 * "not run". */
static int start_result(struct wb_result *r)
{
	r->hist = malloc(sizeof(*r->hist));
	if (!r->hist) {
		out_of_memory(r, "starting the test");
		return -ENOMEM;
	}
	wb_hist_init(r->hist);
	return 0;
}

static void finish_result(struct wb_result *r)
{
	wb_stats_compute(r->trial_rates, r->ntrials, &r->stats);
	if (r->status == WB_STATUS_NOT_RUN && !r->reason[0])
		snprintf(r->reason, sizeof(r->reason), "the budget ran out before its first trial");
}

/* Fixed schedule: each test once, in order, streamed through the hooks. */
static void run_fixed(struct wb_result *rv, size_t n, const struct wb_result_hooks *hooks,
		      const struct session_ctx *ctx, struct wb_results *rs)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (hooks && hooks->before)
			hooks->before(&rv[i].test, hooks->ctx);
		if (!rs->interrupted)
			rs->interrupted = wb_cleanup_stop_requested();
		if (!start_result(&rv[i]) && wb_result_runnable(&rv[i]) && !rs->interrupted)
			(void)run_trial(&rv[i], rv[i].test.duration_ns, true, 0, ctx);
		finish_result(&rv[i]);
		if (hooks && hooks->after)
			hooks->after(&rv[i], hooks->ctx);
	}
}

/* splitmix64: a fresh, well-mixed order every round from one recorded seed. */
static uint64_t next_random(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Fisher-Yates over the tests still running. A fixed order lets a device with
 * memory (a token bucket that one test drains and the next pays for) bias the
 * same test every round; a fresh random order turns that bias into noise the
 * paired comparisons can see. */
static void shuffle(size_t *order, size_t n, uint64_t *state)
{
	size_t i, j, tmp;

	for (i = n; i > 1; i--) {
		j = (size_t)(next_random(state) % i);
		tmp = order[i - 1];
		order[i - 1] = order[j];
		order[j] = tmp;
	}
}

/* A trial lasts its length times a random factor in [1, 1.5). On a throttled
 * device a fixed length (200 ms is two 100 ms slices) locks the schedule to the
 * slice grid, and which test straddles an extra slice stops being chance. */
static uint64_t jitter(uint64_t trial_ns, uint64_t *rng)
{
	return trial_ns + (uint64_t)((double)trial_ns * 0.5 *
				     ((double)(next_random(rng) >> 11) / 9007199254740992.0));
}

/* Whether test i should run another trial; marks it done when not. */
static bool still_running(struct wb_result *r, const struct wb_schedule *sched, uint64_t used,
			  uint64_t start)
{
	/* Without --duration no test has a cap of its own: the rounds already share
	 * the budget, and what a finished (or n/a) test leaves goes to the others. */
	uint64_t cap = r->test.duration_ns ? r->test.duration_ns : UINT64_MAX;

	return wb_result_runnable(r) && used < cap && wb_now_ns() - start < sched->budget_ns;
}

/* A throttled device's trials must each span many of its slices, or a trial's
 * rate says more about how many slice boundaries it straddled than about the
 * method. After each of the first rounds, until a test has flushed enough to
 * judge, the first test found throttled sets the trial length for the rest of
 * the run (earlier, shorter trials stay paired by round as before): at least
 * WB_THROTTLE_SLICES slices, at most WB_THROTTLE_MAX_TRIAL_NS, and short enough
 * that the budget still holds WB_DECIDE_MIN_ROUNDS rounds. */
#define WB_THROTTLE_SLICES      10
#define WB_THROTTLE_MAX_TRIAL_NS 2000000000ull

static uint64_t throttle_check(const struct wb_result *rv, size_t n,
			       const struct wb_schedule *sched, struct wb_results *rs)
{
	uint64_t want, cap;
	size_t i, running = 0;

	rs->trial_ns = sched->trial_ns;
	for (i = 0; i < n; i++)
		running += wb_result_runnable(&rv[i]);
	for (i = 0; i < n && !rs->throttle.detected; i++) {
		const struct wb_test *t = &rv[i].test;
		char size[16];

		if (rv[i].status != WB_STATUS_OK || t->queue_depth > 1 || t->jobs > 1 ||
		    t->pattern == WB_PATTERN_GROUPCOMMIT || t->data_load)
			continue; /* concurrency or a load blurs the one-flush-per-wait picture */
		wb_throttle_detect(rv[i].hist, wb_result_ops_per_sec(&rv[i]), rv[i].waits,
				   rv[i].nwaits, &rs->throttle);
		wb_format_size(t->size, size, sizeof(size));
		snprintf(rs->throttle_test, sizeof(rs->throttle_test), "%s/%s %s x%u",
			 wb_method_get(t->method)->name, wb_engine_name(t->engine), size,
			 t->writes_per_op);
	}
	if (!rs->throttle.detected)
		return rs->trial_ns;
	want = (uint64_t)(rs->throttle.period_ms * 1e6 * WB_THROTTLE_SLICES);
	cap = running ? sched->budget_ns / (running * WB_DECIDE_MIN_ROUNDS) : want;
	if (cap > WB_THROTTLE_MAX_TRIAL_NS)
		cap = WB_THROTTLE_MAX_TRIAL_NS;
	if (want > cap)
		want = cap;
	if (want > rs->trial_ns)
		rs->trial_ns = want;
	return rs->trial_ns;
}

/* Adaptive schedule: rounds of one trial per running test, in a fresh random
 * order each round, until every test has converged (or, when deciding, the
 * decision is made), used its --duration, or the budget is gone. */
static void run_adaptive(struct wb_result *rv, size_t n, const struct wb_schedule *sched,
			 const struct wb_result_hooks *hooks, const struct session_ctx *ctx,
			 struct wb_results *rs)
{
	uint64_t *used = calloc(n, sizeof(*used)), start = wb_now_ns(), left, cap;
	uint64_t rng = sched->seed, trial_ns = sched->trial_ns, len;
	size_t *order = calloc(n, sizeof(*order)), k, m, i;
	bool *done = calloc(n, sizeof(*done)), *by_rule = calloc(n, sizeof(*by_rule));
	struct wb_decide_params *dp = &rs->decide_params;
	uint32_t round;

	rs->seed = sched->seed;
	if (sched->decide) {
		*dp = (struct wb_decide_params){
			.baseline = sched->decide_baseline,
			.min_gain_pct = sched->min_gain_pct,
			.conf = WB_DECIDE_CONF,
			.equiv_conf = WB_EQUIV_CONF,
			.min_rounds = sched->min_trials > WB_DECIDE_MIN_ROUNDS ? sched->min_trials
									     : WB_DECIDE_MIN_ROUNDS,
		};
		rs->decide = true;
		rs->decisions = calloc(n, sizeof(*rs->decisions));
	}
	for (i = 0; i < n; i++)
		if (!used || !done || !order || !by_rule || (sched->decide && !rs->decisions))
			out_of_memory(&rv[i], "scheduling the tests");
		else
			(void)start_result(&rv[i]);
	for (i = 0; sched->decide && by_rule && i < n; i++)
		by_rule[i] = wb_decide_covers(rv, n, i, dp);
	for (round = 0; used && done && order && by_rule && (!sched->decide || rs->decisions);
	     round++) {
		for (i = 0, m = 0; i < n; i++) {
			if (!done[i] && !still_running(&rv[i], sched, used[i], start))
				done[i] = true;
			if (!done[i])
				order[m++] = i;
		}
		if (m == 0)
			break;
		shuffle(order, m, &rng);
		for (k = 0; k < m; k++) {
			struct wb_result *r = &rv[order[k]];
			struct wb_stats st;

			i = order[k];
			if (!still_running(r, sched, used[i], start))
				continue; /* the budget ran out mid-round */
			if (r->ntrials == 0 && r->warmup_ns == 0 && sched->warmup_ns)
				used[i] += run_trial(r, sched->warmup_ns, false, round, ctx);
			cap = r->test.duration_ns ? r->test.duration_ns : UINT64_MAX;
			left = cap > used[i] ? cap - used[i] : 0;
			len = jitter(trial_ns, &rng);
			used[i] += run_trial(r, left < len ? left : len, true, round, ctx);
			if ((rs->interrupted = wb_cleanup_stop_requested()))
				break;
			if (hooks && hooks->progress)
				hooks->progress(&(struct wb_progress){
					.round = round + 1, .test = k + 1, .ntests = m,
					.elapsed_ns = wb_now_ns() - start, .budget_ns = sched->budget_ns,
					.r = r }, hooks->ctx);
			if (by_rule[i])
				continue; /* stops on the decision, not on its own CI */
			wb_stats_compute(r->trial_rates, r->ntrials, &st);
			if (r->ntrials >= sched->min_trials && st.ci95_pct <= sched->ci_target_pct) {
				r->converged = true;
				done[i] = true;
			}
		}
		rs->rounds = round + 1;
		if (rs->interrupted)
			break; /* what was measured is reported, marked partial */
		if (!rs->throttle.detected && round < WB_DECIDE_MIN_ROUNDS)
			trial_ns = throttle_check(rv, n, sched, rs);
		if (sched->decide)
			(void)wb_decide_step(rv, n, dp, done, rs->decisions, &rs->ndecisions,
					     (double)(wb_now_ns() - start) / 1e9, rs->rounds);
		if (sched->placement &&
		    wb_placement_settled(rv, n, sched->min_gain_pct, rs->rounds,
					 rs->load.requested_pct > 0)) {
			rs->settled_in_s = (double)(wb_now_ns() - start) / 1e9;
			break;
		}
	}
	rs->elapsed_ns = wb_now_ns() - start;
	if (sched->decide && rs->decisions)
		wb_decide_finish(rv, n, dp, rs->decisions, rs->ndecisions,
				 (double)rs->elapsed_ns / 1e9, rs->rounds);
	for (i = 0; i < n; i++) {
		finish_result(&rv[i]);
		if (hooks && hooks->before)
			hooks->before(&rv[i].test, hooks->ctx);
		if (hooks && hooks->after)
			hooks->after(&rv[i], hooks->ctx);
	}
	free(used);
	free(done);
	free(order);
	free(by_rule);
}

/* The files of one site: created by create_site, removed by remove_site. */
struct site_files {
	char (*paths)[PATH_MAX];
	const char **list;         /* paths as the loops take them */
	unsigned made;             /* files that exist now */
	int claim_fd;              /* a raw device: held open with O_EXCL for the run; else -1 */
};

/* Removes what create_site made; a file that stays fails the run even when
 * every test passed (wb_testfile_remove has said which). */
static enum wb_session_status remove_site(struct site_files *sf, enum wb_session_status status)
{
	unsigned f;
	int ret;

	if (sf->claim_fd >= 0) { /* a device is never unlinked: only its claim ends */
		(void)close(sf->claim_fd);
		sf->claim_fd = -1;
		sf->made = 0;
		return status;
	}
	for (f = 0; f < sf->made; f++) {
		ret = wb_testfile_remove(sf->paths[f]);
		if (ret && status == WB_SESSION_OK)
			status = WB_SESSION_IO_FAILED;
	}
	sf->made = 0;
	return status;
}

/* A raw device as the site's one file: claimed with O_EXCL (which fails while
 * anything mounts or holds it, and keeps it so for the run), then the region
 * the tests use written from offset 0 and synced, as a file's would be. */
static enum wb_session_status claim_device(struct site_files *sf, const char *dev,
					   uint64_t size, bool zeros, struct wb_results *rs,
					   struct prep_failure *pf)
{
	const char *call = "open (O_EXCL)";
	uint64_t at = UINT64_MAX;
	int fd, ret = 0;

	sf->claim_fd = open(dev, O_RDONLY | O_EXCL | O_CLOEXEC);
	if (sf->claim_fd < 0) {
		ret = -errno;
		goto fail;
	}
	snprintf(sf->paths[0], PATH_MAX, "%s", dev);
	sf->list[0] = sf->paths[0];
	sf->made = 1;
	describe(rs, dev);
	call = "open";
	fd = open(dev, O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		goto fail;
	}
	ret = wb_testfile_fill(fd, size, zeros, &call, &at);
	if (close(fd) && !ret) {
		ret = -errno;
		call = "close";
	}
	if (!ret)
		return WB_SESSION_OK;
fail:
	fprintf(stderr, "walbench: %s: %s: %s\n", dev, call, strerror(-ret));
	*pf = (struct prep_failure){ .call = call, .err = -ret,
				     .offset = at == UINT64_MAX ? -1 : (int64_t)at };
	snprintf(pf->path, sizeof(pf->path), "%s", dev);
	return ret == -EBUSY || ret == -ENOMEM ? WB_SESSION_SETUP_FAILED : WB_SESSION_IO_FAILED;
}

/* Makes the files of site k in dir. Site 0 describes the run (host, OS,
 * device); another site's storage goes to rs->sites[k]. */
static enum wb_session_status create_site(struct site_files *sf, const char *dir, unsigned k,
					  bool raw, unsigned nfiles, const struct wb_test *tests,
					  size_t n, struct wb_results *rs, struct prep_failure *pf)
{
	enum wb_session_status status;
	unsigned f;

	sf->paths = calloc(nfiles, PATH_MAX);
	sf->list = calloc(nfiles, sizeof(*sf->list));
	if (!sf->paths || !sf->list) {
		fprintf(stderr, "walbench: out of memory\n");
		*pf = (struct prep_failure){ .call = "malloc", .err = ENOMEM, .offset = -1 };
		return WB_SESSION_SETUP_FAILED;
	}
	if (raw)
		return claim_device(sf, dir, file_size_for(tests, n), zero_filled(tests, n), rs, pf);
	status = create_files(dir, sf->paths, nfiles, file_size_for(tests, n),
			      zero_filled(tests, n), k == 0 ? rs : NULL, pf);
	if (status != WB_SESSION_OK)
		return status;
	sf->made = nfiles;
	for (f = 0; f < nfiles; f++)
		sf->list[f] = sf->paths[f];
	if (rs->sites) {
		snprintf(rs->sites[k].path, sizeof(rs->sites[k].path), "%s", dir);
		if (k == 0)
			rs->sites[0].device = rs->device;
		else
			wb_device_probe(sf->paths[0], &rs->sites[k].device, "/sys", "/proc");
	}
	return WB_SESSION_OK;
}

/* Opens the data load in the data directory and, when it is asked as a share
 * of capacity, measures that first. A failure is kept in rs->load. */
static enum wb_session_status open_load(const struct wb_session_where *where, uint64_t seed,
					struct wb_results *rs, struct wb_load **load)
{
	int ret = wb_load_open(load, where->dirs[0], where->load, seed, &rs->load);

	if (!ret && where->load->per_s <= 0)
		ret = wb_load_measure_capacity(*load, WB_LOAD_CAPACITY_NS);
	if (!ret)
		return WB_SESSION_OK;
	fprintf(stderr, "walbench: %s\n", rs->load.reason);
	if (rs->load.durability_failure)
		say_durability_failure();
	return ret == -ENOMEM ? WB_SESSION_SETUP_FAILED : WB_SESSION_IO_FAILED;
}

static bool new_segments(const struct wb_test *tests, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (tests[i].pattern == WB_PATTERN_APPEND && tests[i].segment_mode == WB_SEGMENT_NEW)
			return true;
	return false;
}

static bool any_loaded(const struct wb_test *tests, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (tests[i].data_load)
			return true;
	return false;
}

enum wb_session_status wb_session_run_at(const struct wb_session_where *where,
					 const struct wb_test *tests, size_t n,
					 const struct wb_schedule *sched,
					 const struct wb_result_hooks *hooks, struct wb_results *rs)
{
	unsigned nfiles = files_for(tests, n);
	struct site_files sites[WB_MAX_SITES] = { { 0 } };
	size_t buf_len = buffer_size_for(tests, n), i, k;
	struct session_ctx ctx = { .load_fig = &rs->load, .slices = sched && sched->slices };
	struct prep_failure pf = { .call = NULL };
	enum wb_session_status status = WB_SESSION_OK;
	void *buf = NULL;

	wb_clock_init();
	snprintf(rs->clock, sizeof(rs->clock), "%s", wb_clock_name(wb_clock.source));
	rs->clock_ghz = wb_clock.source == WB_CLOCK_TSC ? wb_clock.ticks_per_ns : 0;
	if (where->ndirs > 1) {
		rs->sites = calloc(where->ndirs, sizeof(*rs->sites));
		if (!rs->sites) {
			fprintf(stderr, "walbench: out of memory\n");
			status = WB_SESSION_SETUP_FAILED;
			goto out_free;
		}
		rs->nsites = where->ndirs;
	}
	for (k = 0; k < WB_MAX_SITES; k++)
		sites[k].claim_fd = -1;
	if (where->raw_device && (where->ndirs != 1 || nfiles != 1 || new_segments(tests, n))) {
		fprintf(stderr, "walbench: a raw device is one file: no --jobs, no --segment new, "
			"no candidates\n");
		status = WB_SESSION_SETUP_FAILED;
		goto out_free;
	}
	for (k = 0; k < where->ndirs; k++) {
		status = create_site(&sites[k], where->dirs[k], (unsigned)k,
				     where->raw_device && k == 0, nfiles, tests, n, rs, &pf);
		if (status != WB_SESSION_OK) {
			fail_all(tests, n, &pf, hooks, rs);
			goto out_remove;
		}
		ctx.paths[k] = sites[k].list;
	}
	if (where->load && any_loaded(tests, n)) {
		status = open_load(where, sched ? sched->seed : 1, rs, &ctx.load);
		if (status != WB_SESSION_OK) {
			pf = (struct prep_failure){ .call = "data load", .err = rs->load.error,
						    .offset = -1, .load = &rs->load };
			fail_all(tests, n, &pf, hooks, rs);
			goto out_remove;
		}
	}
	if (posix_memalign(&buf, WB_BUF_ALIGN, buf_len)) {
		fprintf(stderr, "walbench: out of memory for a %zu-byte buffer\n", buf_len);
		buf = NULL;
		status = WB_SESSION_SETUP_FAILED;
		goto out_remove;
	}
	ctx.buf = buf;
	wb_fill_random(buf, buf_len, (uint64_t)time(NULL));
	for (i = 0; i < n; i++) {
		struct wb_result *r = wb_results_add(rs, &tests[i]);

		if (!r) {
			fprintf(stderr, "walbench: out of memory for results\n");
			status = WB_SESSION_SETUP_FAILED;
			goto out_remove;
		}
		check_direct_alignment(r, rs->sites ? &rs->sites[r->test.site].device : &rs->device);
	}
	ctx.start_ns = wb_now_ns();
	if (sched && sched->adaptive)
		run_adaptive(rs->v + rs->n - n, n, sched, hooks, &ctx, rs);
	else
		run_fixed(rs->v + rs->n - n, n, hooks, &ctx, rs);
	for (i = rs->n - n; i < rs->n; i++) {
		if (rs->v[i].status == WB_STATUS_ERROR) {
			report_failure(&rs->v[i], sites[rs->v[i].test.site].paths[0]);
			status = WB_SESSION_IO_FAILED;
		}
	}
out_remove:
	if (ctx.load) {
		int ret = wb_load_close(ctx.load);

		if (ret && status == WB_SESSION_OK) {
			fprintf(stderr, "walbench: %s\n", rs->load.reason[0] ? rs->load.reason
						: "removing the data load's file failed");
			status = WB_SESSION_IO_FAILED;
		}
	}
	for (k = 0; k < where->ndirs; k++)
		status = remove_site(&sites[k], status);
out_free:
	free(buf);
	for (k = 0; k < where->ndirs; k++) {
		free(sites[k].paths);
		free(sites[k].list);
	}
	return status;
}

uint64_t wb_session_file_size(const struct wb_test *tests, size_t n)
{
	return file_size_for(tests, n);
}

enum wb_session_status wb_session_run(const char *target, const struct wb_test *tests, size_t n,
				      const struct wb_schedule *sched,
				      const struct wb_result_hooks *hooks, struct wb_results *rs)
{
	const struct wb_session_where here = { .dirs = &target, .ndirs = 1 };

	return wb_session_run_at(&here, tests, n, sched, hooks, rs);
}
