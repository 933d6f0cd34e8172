/* test_tests_golden.c — the run's tests, byte for byte as walbench writes and
 * reads them, pinned before their fields became one table: a synthetic run
 * with every branch a test takes (ok, n/a, error with its site, append with
 * new and preallocated segments and per-job figures, group commit, coalesced
 * flushes, one trial, a label) and a placement run with its sites, each as
 * the JSON tests array, the CSV and the Prometheus text; --decide's decision
 * over that run, with a group left open and with none; and every results
 * file of tests/ (unit fixtures, fuzz seeds) as the reader reads its tests,
 * and the trial mean it gives an ok test without trials.
 * Goldens in fixtures/tests_golden/; WB_GOLDEN_WRITE=1 rewrites them (for a
 * new key: review the diff). Writes nothing otherwise. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "golden.h"
#include "result_fixture.h"
#include "report/csv.h"
#include "report/fields_cells.h"
#include "report/html.h"
#include "report/json_parts.h"
#include "report/prom.h"
#include "report/results_reader.h"
#include "report/tests_fields.h"
#include "report/textbuf.h"
#include "results/decision.h"
#include "results/histogram.h"

#ifndef WB_FIXTURES_DIR
#define WB_FIXTURES_DIR "tests/unit/fixtures"
#endif
#ifndef WB_FUZZ_CORPUS_DIR
#define WB_FUZZ_CORPUS_DIR "tests/fuzz/corpus"
#endif
#define GOLDEN WB_FIXTURES_DIR "/tests_golden/"

/* Static: results hold 4 kB paths and device facts, cmocka's stack is small. */
static struct wb_results rs;
static struct wb_result v[7];
static struct wb_histogram hist[3], switches;
static struct wb_site sites[2];
static double rates[3][4] = { { 1234.5678, 1301.25, 1188.0625, 1250.1 },
			      { 98.765432101, 102.5 },
			      { 5000.0 / 3.0 } };
static uint32_t rounds[4] = { 1, 2, 3, 4 };
static struct wb_job_figures jobs[2] = { { 700, 3, 81920 }, { 650, 2, 16384 } };
static struct wb_group_decision groups[3];

/* A histogram of n flushes from lo ns, each step ns longer. */
static struct wb_histogram *spread(struct wb_histogram *h, size_t n, uint64_t lo, uint64_t step)
{
	size_t i;

	wb_hist_init(h);
	for (i = 0; i < n; i++)
		wb_hist_record(h, lo + i * step);
	return h;
}

static void measured(struct wb_result *r, uint64_t ops, uint64_t ns, double *tr, size_t n)
{
	r->status = WB_STATUS_OK;
	r->ops = ops;
	r->elapsed_ns = ns;
	r->trial_rates = tr;
	r->ntrials = n;
	r->stats.mean = wb_mean_range(tr, 0, n); /* as the scheduler's wb_stats_compute */
	r->stats.ci95_pct = n > 1 ? 3.141592653589793 : INFINITY;
	r->stats.cv_pct = n > 1 ? 4.25 : 0;
	r->warmup_ns = 250000000;
}

/* Every branch of a test's object, row and metric. */
static void run_fixture(void)
{
	struct wb_result *r;

	memset(&rs, 0, sizeof(rs));
	snprintf(rs.device.block_name, sizeof(rs.device.block_name), "nvme0n1");
	snprintf(rs.device.fs_type, sizeof(rs.device.fs_type), "ext4");
	rs.adaptive = true;
	rs.ci_target_pct = 2;
	rs.max_cv_pct = 10;
	/* ok, adaptive, label, rounds with a transient, unstable (CI above 2 %) */
	r = &v[0];
	result_describe(r, WB_METHOD_FDATASYNC, WB_ENGINE_SYNC);
	snprintf(r->test.label, sizeof(r->test.label), "PostgreSQL \"16\", tuned");
	measured(r, 4974, 4012345678, rates[0], 4);
	r->trial_rounds = rounds;
	r->first_round = 2;
	r->stats.outliers = 1;
	r->converged = true;
	r->hist = spread(&hist[0], 4974, 180000, 97);
	/* n/a: O_DIRECT refused */
	r = &v[1];
	result_describe(r, WB_METHOD_OPEN_DATASYNC, WB_ENGINE_DIRECT);
	r->status = WB_STATUS_NA;
	r->error = EINVAL;
	r->direct_refused = true;
	snprintf(r->reason, sizeof(r->reason), "open(O_DIRECT): Invalid argument, on tmpfs");
	/* error with its site, a durability failure */
	r = &v[2];
	result_describe(r, WB_METHOD_FSYNC, WB_ENGINE_IO_URING);
	r->test.queue_depth = 4;
	r->status = WB_STATUS_ERROR;
	r->error = EIO;
	r->durability_failure = true;
	r->ops = 17;
	r->elapsed_ns = 12345;
	snprintf(r->reason, sizeof(r->reason), "fsync: Input/output error");
	snprintf(r->site.call, sizeof(r->site.call), "fsync");
	r->site.offset = -1;
	r->site.op_index = 17;
	snprintf(r->site.file, sizeof(r->site.file), "/mnt/wal, \"x\"/walbench.tmp");
	/* append, new segments timed apart, two jobs, bulk flushes, fd per op */
	r = &v[3];
	result_describe(r, WB_METHOD_FDATASYNC, WB_ENGINE_SYNC);
	r->test.pattern = WB_PATTERN_APPEND;
	r->test.segment_mode = WB_SEGMENT_NEW;
	r->test.segment_size = 16u << 20;
	r->test.writes_per_op = 16;
	r->test.jobs = 2;
	r->test.fd_mode = WB_FD_SYNC_THEN_CLOSE;
	measured(r, 1350, 2000000000, rates[1], 2);
	r->switches = 5;
	r->switch_hist = spread(&switches, 5, 3000000, 250000);
	r->per_job = jobs;
	r->njobs = 2;
	r->hist = spread(&hist[1], 1350, 900000, 1500);
	/* append, preallocated, fallocate refused: ftruncate */
	r = &v[4];
	result_describe(r, WB_METHOD_OPEN_DATASYNC, WB_ENGINE_SYNC);
	r->test.pattern = WB_PATTERN_APPEND;
	r->test.segment_mode = WB_SEGMENT_PREALLOCATE;
	r->test.segment_size = 1u << 20;
	measured(r, 3000, 1800000000, rates[2], 1);
	r->fallocate_err = EOPNOTSUPP;
	r->switches = 2;
	/* group commit, coalesced flushes in a ring, settled */
	r = &v[5];
	result_describe(r, WB_METHOD_FDATASYNC, WB_ENGINE_SYNC);
	r->test.pattern = WB_PATTERN_GROUPCOMMIT;
	r->test.committers = 16;
	r->test.flush_form = WB_FLUSH_COALESCED;
	r->test.wal_buffers = 16u << 20;
	r->test.writes_per_op = 4;
	measured(r, 9000, 3000000000, rates[0], 3);
	r->flushes = 1234;
	r->settled = true;
	r->hist = spread(&hist[2], 9000, 40000, 11);
	/* never ran (the budget ended first), close before sync */
	r = &v[6];
	result_describe(r, WB_METHOD_FSYNC, WB_ENGINE_SYNC);
	r->test.fd_mode = WB_FD_CLOSE_THEN_SYNC;
	r->dropped = true;
	rs.v = v;
	rs.n = rs.cap = 7;
}

/* The same tests measured at two sites of a placement run, with the load. */
static void sites_fixture(void)
{
	run_fixture();
	snprintf(sites[0].path, sizeof(sites[0].path), "/var/lib/postgresql/16/main");
	snprintf(sites[0].device.block_name, sizeof(sites[0].device.block_name), "sda");
	snprintf(sites[1].path, sizeof(sites[1].path), "/mnt/fast \"wal\"");
	sites[1].device.fs_type[0] = '\0';
	rs.sites = sites;
	rs.nsites = 2;
	v[0].test.site = 1;
	v[0].test.data_load = true;
	v[3].test.site = 1;
	v[5].test.data_load = true;
}

/* --decide over the run: a switch proven in 14 rounds (its margin paired), a
 * group the budget left open (its settle figure), one where every other
 * method was slower; with open 0, every group decided. */
static void decision_fixture(bool open)
{
	const struct wb_comparison paired = { 12.25, 6.5, 18.75, true, true, true, false, 14, 2 };

	run_fixture();
	rs.decide = true;
	rs.decide_params = (struct wb_decide_params){ .baseline = WB_METHOD_FDATASYNC,
						      .min_gain_pct = 5, .conf = 0.995,
						      .equiv_conf = 0.95 };
	groups[0] = (struct wb_group_decision){
		.first = 3, .baseline = 3, .leader = 4, .state = WB_DECIDE_SWITCH, .margin = paired,
		.rounds = 14, .decided_s = 21.5, .why = WB_WHY_BEATS,
		.leader_method = WB_METHOD_OPEN_DATASYNC, .params = rs.decide_params };
	groups[1] = (struct wb_group_decision){
		.first = 0, .baseline = 0, .leader = 0, .state = WB_DECIDE_SLOWER,
		.margin = { -9.5, -14, -5, true, false, false, false, 0, 0 }, .rounds = 12,
		.decided_s = 9.25, .why = WB_WHY_ALL_SLOWER, .leader_method = WB_METHOD_FDATASYNC,
		.params = rs.decide_params };
	groups[2] = (struct wb_group_decision){
		.first = 5, .baseline = 5, .leader = 5, .state = WB_DECIDE_UNDECIDED,
		.margin = paired, .why = WB_WHY_BUDGET_LEADS, .leader_method = WB_METHOD_FSYNC,
		.params = rs.decide_params,
		.settle = { .known = true, .method = WB_METHOD_FSYNC, .vs_baseline = paired,
			    .more_rounds = 30, .s_per_round = 1.5, .budget_s = 90 } };
	rs.decisions = groups;
	rs.ndecisions = open ? 3 : 2;
}

/* A decision read back, written again (golden_round_trip). */
static void write_decision(cJSON *got, const struct wb_saved_results *saved)
{
	assert_true(saved->has_decision);
	wb_json_add_saved_decision(got, &saved->decision);
}

/* {"decision": ...} (or an adaptive run's "schedule" and "comparisons") as
 * json.c prints it; a decision is read back whole, for the HTML report. */
static void check_decision(const char *name)
{
	cJSON *root = cJSON_CreateObject();
	char path[512], *text;

	assert_non_null(root);
	if (rs.decide)
		wb_json_add_decision(root, &rs);
	else
		wb_json_add_adaptive(root, &rs);
	snprintf(path, sizeof(path), GOLDEN "%s.json", name);
	text = golden_check_json(path, path, root);
	if (rs.decide)
		golden_round_trip(name, cJSON_Parse(text), text, write_decision);
	free(text);
}

/* The HTML report of a run --decide shows each group's answer, and the open
 * one's settle; it said the run "decides nothing". */
static void test_decision_html(void **state)
{
	static struct wb_saved_results back;
	struct wb_report_run run = { &back, "decide" };
	cJSON *root = cJSON_CreateObject();
	char *html;

	(void)state;
	decision_fixture(true);
	assert_non_null(root);
	wb_json_add_decision(root, &rs);
	golden_read_doc("decide.json", root, &back);
	html = wb_html_render(&run, 1);
	assert_non_null(html);
	if (!strstr(html, "Decision against <code>fdatasync</code> (--decide)") ||
	    !strstr(html, "class=\"state-switch\">switch</td><td><code>open_datasync</code>") ||
	    !strstr(html, "class=\"state-undecided\">undecided</td><td><code>fdatasync</code>") ||
	    !strstr(html, "fsync may be up to +18.8% faster") ||
	    /* the interval is the tie's 95 %; the switch's confidence named beside it */
	    !strstr(html, "95% CI; a switch needs 99.5%)") || strstr(html, "decides nothing"))
		fail_msg("the decision is not in the HTML:\n%s", strstr(html, "<h2>Decision"));
	free(html);
	wb_saved_free(&back);
	/* a group's size not a byte count (absent: NAN) is "?", and converting it
	 * was undefined behaviour (the fuzzer's; caught where UBSan runs this) */
	root = cJSON_Parse("{\"decision\": {\"baseline\": \"fdatasync\", \"groups\": "
			   "[{\"engine\": \"sync\", \"size\": -1, \"state\": \"tie\"}, "
			   "{\"engine\": \"sync\", \"state\": \"tie\"}]}}");
	golden_read_doc("decide.json", root, &back);
	assert_int_equal(back.decision.ngroups, 2);
	html = wb_html_render(&run, 1);
	assert_non_null(html);
	assert_non_null(strstr(html, "<td>sync  ? x"));
	free(html);
	wb_saved_free(&back);
}

static void test_decision(void **state)
{
	(void)state;
	decision_fixture(true);
	check_decision("decision_open");
	decision_fixture(false);
	check_decision("decision_all");
	/* the adaptive run's trials compared, without a throttle and with one */
	run_fixture();
	rs.seed = 1234567;
	rs.rounds = 4;
	rs.elapsed_ns = 12500000000;
	rs.trial_ns = 500000000;
	/* the 2 s --trial-time given, shortened to what the budget holds */
	rs.asked_trial_ns = 2000000000;
	rs.trial_given = true;
	rs.trial_shortened = true;
	/* v[4] as v[3] but for its method, each with its trials: compared */
	v[4].test = v[3].test;
	v[4].test.method = WB_METHOD_OPEN_DATASYNC;
	measured(&v[4], 3000, 1800000000, rates[0], 4);
	check_decision("schedule");
	rs.throttle = (struct wb_throttle){ true, 0.125, 8, 53.3, 150, 48.5, 210, 0.04, 96, 0.97 };
	snprintf(rs.throttle_test, sizeof(rs.throttle_test), "fdatasync sync 8k");
	rs.throttle_late = true;
	check_decision("schedule_throttled");
}

/* {"tests": [...]} as json.c prints it. */
static char *json_text(void)
{
	cJSON *root = cJSON_CreateObject(), *arr;
	char *text;
	size_t i;

	assert_non_null(root);
	arr = cJSON_AddArrayToObject(root, "tests");
	assert_non_null(arr);
	for (i = 0; i < rs.n; i++)
		cJSON_AddItemToArray(arr, wb_json_test(&rs, &rs.v[i]));
	text = cJSON_Print(root);
	assert_non_null(text);
	cJSON_Delete(root);
	return text;
}

static void check_formats(const char *name)
{
	char path[512], *text;

	snprintf(path, sizeof(path), GOLDEN "%s.json", name);
	text = json_text();
	golden_check(path, path, text);
	free(text);
	snprintf(path, sizeof(path), GOLDEN "%s.csv", name);
	text = wb_csv_render(&rs);
	assert_non_null(text);
	golden_check(path, path, text);
	free(text);
	snprintf(path, sizeof(path), GOLDEN "%s.prom", name);
	text = wb_prom_render(&rs, NULL);
	assert_non_null(text);
	golden_check(path, path, text);
	free(text);
}

static void test_run(void **state)
{
	(void)state;
	run_fixture();
	check_formats("run");
}

static void test_sites(void **state)
{
	(void)state;
	sites_fixture();
	check_formats("sites");
}

/* Every member of a test as the reader filled it, one per line. */
static void dump_test(struct wb_textbuf *b, const struct wb_saved_test *t)
{
	size_t i;

	wb_textbuf_add(b, "method=%s engine=%s label=%s size=%llu writes_per_op=%llu\n", t->method,
		       t->engine, t->label, (unsigned long long)t->size,
		       (unsigned long long)t->writes_per_op);
	wb_textbuf_add(b, "pattern=%s queue_depth=%llu jobs=%llu committers=%llu\n", t->pattern,
		       (unsigned long long)t->queue_depth, (unsigned long long)t->jobs,
		       (unsigned long long)t->committers);
	wb_textbuf_add(b, "flush_form=%s wal_buffers=%llu fd_mode=%s segment=%s segment_size=%llu\n",
		       t->flush_form, (unsigned long long)t->wal_buffers, t->fd_mode, t->segment,
		       (unsigned long long)t->segment_size);
	wb_textbuf_add(b, "preallocated_by=%s fallocate_error=%s where=%s data_load=%d\n",
		       t->preallocated_by, t->fallocate_error, t->where, t->data_load);
	wb_textbuf_add(b, "status=%s reason=%s durability_failure=%d shape=%s\n", t->status,
		       t->reason, t->durability_failure, t->shape);
	wb_textbuf_add(b, "ops_per_sec=%.17g ci95_pct=%.17g has_ci95=%d p99_us=%.17g has_p99=%d\n",
		       t->ops_per_sec, t->has_ci95 ? t->ci95_pct : 0, t->has_ci95,
		       t->has_p99 ? t->p99_us : 0, t->has_p99);
	wb_textbuf_add(b, "mean_us=%.17g p50_us=%.17g p90_us=%.17g p999_us=%.17g max_us=%.17g\n",
		       t->mean_us, t->p50_us, t->p90_us, t->p999_us, t->max_us);
	wb_textbuf_add(b, "trials=%zu:", t->ntrials);
	for (i = 0; i < t->ntrials; i++)
		wb_textbuf_add(b, " %.17g", t->trial_rates[i]);
	wb_textbuf_add(b, "\n");
}

/* The reader's tests of one results file, against NAME.read.txt. */
static void check_read(const char *path, const char *name)
{
	struct wb_saved_results s;
	struct wb_textbuf b = { 0 };
	char golden[512], err[1024] = "";
	size_t i;

	if (wb_saved_read(path, &s, err, sizeof(err)))
		fail_msg("%s", err);
	wb_textbuf_add(&b, "tests=%zu\n", s.ntests);
	for (i = 0; i < s.ntests; i++) {
		wb_textbuf_add(&b, "[%zu]\n", i);
		dump_test(&b, &s.tests[i]);
	}
	assert_false(b.failed);
	b.s[b.len - 1] = '\0'; /* golden_check adds the last newline */
	snprintf(golden, sizeof(golden), GOLDEN "%s.read.txt", name);
	golden_check(golden, path, b.s);
	free(b.s);
	wb_saved_free(&s);
}

/* Every results file of tests/ the reader takes (the refused ones are the
 * compare and fuzz tests' business). */
static const struct {
	const char *path, *name;
} files[] = {
	{ WB_FIXTURES_DIR "/report/recommend.json", "report_recommend" },
	{ WB_FIXTURES_DIR "/report/run_sweep.json", "report_run_sweep" },
	{ WB_FIXTURES_DIR "/report/placement.json", "report_placement" },
	{ WB_FIXTURES_DIR "/report/qualify.json", "report_qualify" },
	{ WB_FIXTURES_DIR "/observed/busy.json", "observed_busy" },
	{ WB_FIXTURES_DIR "/observed/idle.json", "observed_idle" },
	{ WB_FIXTURES_DIR "/observed/restricted.json", "observed_restricted" },
	{ WB_FIXTURES_DIR "/secrets/hand.json", "secrets_hand" },
	{ WB_FIXTURES_DIR "/compare/base.json", "compare_base" },
	{ WB_FIXTURES_DIR "/compare/slower.json", "compare_slower" },
	{ WB_FIXTURES_DIR "/compare/failed.json", "compare_failed" },
	{ WB_FIXTURES_DIR "/compare/future_ok.json", "compare_future_ok" },
	{ WB_FIXTURES_DIR "/compare/v2.json", "compare_v2" },
	{ WB_FIXTURES_DIR "/compare/v1.json", "compare_v1" },
	{ WB_FIXTURES_DIR "/commit_tie/slowdisk-tie.json", "commit_tie_slowdisk_tie" },
	{ WB_FIXTURES_DIR "/commit_tie/throttled-switch.json", "commit_tie_throttled_switch" },
	{ WB_FIXTURES_DIR "/commit_tie/shm-stall-switch.json", "commit_tie_shm_stall_switch" },
	{ WB_FIXTURES_DIR "/commit_tie/zram-xfs-stall-switch.json",
	  "commit_tie_zram_xfs_stall_switch" },
	{ WB_FIXTURES_DIR "/commit_tie/zram-xfs-switch.json", "commit_tie_zram_xfs_switch" },
	{ WB_FUZZ_CORPUS_DIR "/results/base.json", "fuzz_base" },
	{ WB_FUZZ_CORPUS_DIR "/results/recommend.json", "fuzz_recommend" },
	{ WB_FUZZ_CORPUS_DIR "/results/run_sweep.json", "fuzz_run_sweep" },
	{ WB_FUZZ_CORPUS_DIR "/results/failed.json", "fuzz_failed" },
	{ WB_FUZZ_CORPUS_DIR "/results/observed.json", "fuzz_observed" },
	{ WB_FUZZ_CORPUS_DIR "/results/placement.json", "fuzz_placement" },
	{ WB_FUZZ_CORPUS_DIR "/results/v2.json", "fuzz_v2" },
	{ WB_FUZZ_CORPUS_DIR "/results/qualify.json", "fuzz_qualify" },
};

static void test_fixtures_read(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		check_read(files[i].path, files[i].name);
}

/* {"tests": [...]} as the file at path has it, byte for byte: walbench
 * writes tests last, and its trial arrays as raw text (cJSON would print
 * them again in 15 digits that do not always read back the same). */
static char *file_tests(const char *path)
{
	char *file = golden_slurp(path), *at, *text;
	size_t len;

	assert_non_null(file);
	at = strstr(file, "\n\t\"tests\":\t[");
	if (!at) /* observe's file has none */
		at = "\n\t\"tests\":\t[]\n}";
	len = strlen(at);
	if (len && at[len - 1] == '\n')
		len--;
	text = calloc(1, len + 2);
	assert_non_null(text);
	text[0] = '{';
	memcpy(text + 1, at, len);
	free(file);
	return text;
}

/* Read and written again, a file's tests are what walbench wrote: the table
 * reads every key it writes. Files of an older schema lack keys the writer
 * adds (their goldens say which). */
static void test_round_trip(void **state)
{
	struct wb_saved_results s;
	char err[1024] = "", golden[512], *text, *want;
	cJSON *root;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		if (wb_saved_read(files[i].path, &s, err, sizeof(err)))
			fail_msg("%s", err);
		root = cJSON_CreateObject();
		assert_non_null(root);
		wb_json_add_saved_tests(root, s.tests, s.ntests);
		snprintf(golden, sizeof(golden), GOLDEN "%s.json", files[i].name);
		text = golden_check_json(golden, files[i].path, root);
		want = file_tests(files[i].path);
		if (s.schema_version == WB_SCHEMA_VERSION && strcmp(text, want))
			fail_msg("%s: read and written again, its tests differ:\n%s", files[i].path, text);
		free(want);
		free(text);
		wb_saved_free(&s);
	}
}

/* The cell of a test's trial mean: the Prometheus sample
 * walbench_flush_ops_per_second, and the CSV's column of that row. */
struct mean_cell {
	bool seen, shown;
	double value;
};

static void take_mean(const struct wb_field_cell *c, void *ctx)
{
	struct mean_cell *m = ctx;

	if (c->f->prom != WB_PROM_OPS)
		return;
	*m = (struct mean_cell){ true, c->shown, wb_field_number(c) };
}

/* An ok test with no trials ran as one, the whole test: its trial mean is
 * ops_per_sec, so the rows that carry the mean (Prometheus, CSV) have one,
 * for a file before schema 2 (no trial arrays) and for an empty trial array
 * with a null mean; a test not ok has none. */
static void test_trialless_mean(void **state)
{
	static const char empty[] =
		"{\"walbench_version\": \"0.1.0\", \"schema_version\": 26, \"tests\": ["
		"{\"method\": \"fsync\", \"engine\": \"sync\", \"size\": 8192, "
		"\"writes_per_op\": 1, \"status\": \"ok\", \"ops_per_sec\": 812.5, "
		"\"trial_mean_ops_per_sec\": null, \"trials\": 0, \"trial_ops_per_sec\": [], "
		"\"trial_round\": []}]}";
	struct wb_saved_results s;
	struct mean_cell m;
	char err[1024] = "";

	(void)state;
	if (wb_saved_read(WB_FIXTURES_DIR "/compare/v1.json", &s, err, sizeof(err)))
		fail_msg("%s", err);
	assert_int_equal(s.ntests, 2);
	m = (struct mean_cell){ 0 };
	wb_fields_cells(&wb_test_fields, &s.tests[0], take_mean, &m);
	assert_true(m.seen && m.shown);
	assert_true(m.value == 1000.0);
	m = (struct mean_cell){ 0 };
	wb_fields_cells(&wb_test_fields, &s.tests[1], take_mean, &m); /* n/a */
	assert_true(m.seen && !m.shown);
	wb_saved_free(&s);
	if (wb_saved_parse(empty, "empty.json", &s, err, sizeof(err)))
		fail_msg("%s", err);
	m = (struct mean_cell){ 0 };
	wb_fields_cells(&wb_test_fields, &s.tests[0], take_mean, &m);
	assert_true(m.seen && m.shown);
	assert_true(m.value == 812.5);
	wb_saved_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_run),
		cmocka_unit_test(test_sites),
		cmocka_unit_test(test_decision),
		cmocka_unit_test(test_decision_html),
		cmocka_unit_test(test_fixtures_read),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_trialless_mean),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
