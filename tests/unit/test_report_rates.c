/* test_report_rates.c — where a report prints a rate beside its 95 % interval,
 * the rate is the interval's centre: the mean of the trial rates, not ops over
 * elapsed time (audit D7). Two trials of unequal length make the two differ:
 * 1000 flushes in 0.4 s (2500/s), then 2000 in 1.6 s (1250/s), a mean of
 * 1875/s against 3000 in 2 s, 1500/s. Checked: run's row, recommend's evidence
 * row and the HTML report's bar (from a file of schema 24, which has no
 * trial_mean_ops_per_sec: the reader takes the mean of its trials). compare's
 * rates are test_compare.c's, the Prometheus sample test_prom.c's. stdout is
 * read back through a memfd; nothing is written to disk. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "capture.h"
#include "plan/options.h"
#include "report/html_parts.h"
#include "report/json.h"
#include "report/recommend_text.h"
#include "report/results_reader.h"
#include "report/run_text.h"
#include "result_fixture.h"

#define MEAN 1875.0
#define CI_PCT 4.5

/* Static: results hold 4 kB paths and device facts, cmocka's stack is small. */
static struct wb_results rs;
static struct wb_result r;
static struct wb_recommendation rec;
static struct wb_saved_results saved;
static double trial_rates[] = { 2500, 1250 };
static uint32_t trial_rounds[] = { 1, 2 };
static char out[8192];

/* fdatasync measured so, its interval +-4.5 % of the mean. */
static void measured(void)
{
	memset(&rs, 0, sizeof(rs));
	result_describe(&r, WB_METHOD_FDATASYNC, WB_ENGINE_SYNC);
	r.status = WB_STATUS_OK;
	r.ops = 3000;
	r.elapsed_ns = 2000000000;
	r.trial_rates = trial_rates;
	r.trial_rounds = trial_rounds;
	r.ntrials = 2;
	r.converged = true;
	r.stats = (struct wb_stats){ .n = 2, .mean = MEAN, .ci95_pct = CI_PCT };
	rs.v = &r;
	rs.n = rs.cap = 1;
	rs.rounds = 2;
	rs.trial_ns = 1000000000;
}

/* A recommendation to keep fdatasync, the baseline the evidence is against. */
static void keep_fdatasync(void)
{
	rec = (struct wb_recommendation){ .workload = WB_WORKLOAD_OLTP, .state = WB_REC_KEEP,
					  .method = WB_METHOD_FDATASYNC,
					  .baseline = WB_METHOD_FDATASYNC, .decided = true };
}

static struct capture cap;

/* stdout into a memfd until caught() reads it back into out. */
static void catch_stdout(void)
{
	capture_start(&cap, stdout, STDOUT_FILENO);
}

static const char *caught(void)
{
	return capture_end(&cap, out, sizeof(out));
}

/* The line of text that starts with start (after blanks). */
static const char *line_of(const char *text, const char *start)
{
	const char *p = text;

	for (;;) {
		const char *s = p + strspn(p, " ");

		if (strncmp(s, start, strlen(start)) == 0)
			return s;
		if (!(p = strchr(p, '\n')))
			fail_msg("no line starting \"%s\" in:\n%s", start, text);
		p++;
	}
}

static void test_run_row(void **state)
{
	struct wb_text_table table;
	struct wb_result_hooks hooks;
	const char *row;

	(void)state;
	measured();
	wb_text_table_fit(&r.test, 1, &table);
	hooks = wb_text_hooks(&table);
	catch_stdout();
	hooks.after(&r, hooks.ctx);
	row = line_of(caught(), "fdatasync");
	if (!strstr(row, " 1875.0 ") || strstr(row, "1500.0"))
		fail_msg("run's row does not print the trials' mean beside its +-:\n%s", row);
	assert_non_null(strstr(row, " 4.5% "));
}

static void test_recommend_evidence(void **state)
{
	const char *row;

	(void)state;
	measured();
	keep_fdatasync();
	catch_stdout();
	wb_recommend_print(&rs, &rec);
	row = line_of(strstr(caught(), "\nEvidence ("), "fdatasync");
	if (!strstr(row, " 1875.0 ") || strstr(row, "1500.0"))
		fail_msg("recommend's evidence row does not print the trials' mean:\n%s", row);
	assert_non_null(strstr(row, " 4.5% "));
}

/* recommend's text of two methods of one flush over n rounds (at most 12),
 * fdatasync the baseline at base[], m at other[]: the output, in out. */
static const char *evidence_of(enum wb_method_id m, const double *base, const double *other,
			       size_t n)
{
	static struct wb_result two[2];
	static uint32_t rounds[12];
	size_t i;

	assert_true(n <= 12);
	for (i = 0; i < n; i++)
		rounds[i] = (uint32_t)i;
	memset(&rs, 0, sizeof(rs));
	result_describe(&two[0], WB_METHOD_FDATASYNC, WB_ENGINE_SYNC);
	result_describe(&two[1], m, WB_ENGINE_SYNC);
	for (i = 0; i < 2; i++) {
		two[i].status = WB_STATUS_OK;
		two[i].trial_rates = (double *)(i ? other : base);
		two[i].trial_rounds = rounds;
		two[i].ntrials = n;
		wb_stats_compute(two[i].trial_rates, n, &two[i].stats);
	}
	rs.v = two;
	rs.n = rs.cap = 2;
	rs.rounds = (uint32_t)n;
	rs.trial_ns = 200000000;
	rec = (struct wb_recommendation){ .workload = WB_WORKLOAD_OLTP, .state = WB_REC_KEEP,
					  .method = WB_METHOD_FDATASYNC,
					  .baseline = WB_METHOD_FDATASYNC, .decided = true };
	catch_stdout();
	wb_recommend_print(&rs, &rec);
	return caught();
}

/* The Evidence table's last column is each method against the baseline as
 * the headline takes it, paired by round: fsync at 1.2 times fdatasync in
 * the rounds where fdatasync ran at 1000/s and even in those at 100/s gains
 * sqrt(1.2) - 1 = +9.5 % round by round, while its rows' means (650 against
 * 550) are 18 % apart, the ratio a reader would take of the table. */
static void test_recommend_evidence_gain(void **state)
{
	double base[10], fast[10];
	const char *row;
	size_t i;

	(void)state;
	for (i = 0; i < 10; i++) {
		base[i] = i % 2 ? 100 : 1000;
		fast[i] = i % 2 ? 100 : 1200;
	}
	row = line_of(strstr(evidence_of(WB_METHOD_FSYNC, base, fast, 10), "\nEvidence ("), "fsync");
	if (!strstr(row, " 650.0 ") || !strstr(row, " +9.5%"))
		fail_msg("fsync's row does not give its paired gain over fdatasync:\n%s", out);
	assert_non_null(strstr(out, " vs fdatasync"));
	assert_null(strstr(out, "\n  * ")); /* the means agree: no footnote */
	row = line_of(strstr(out, "\nEvidence ("), "fdatasync");
	/* the baseline against itself: nothing */
	assert_null(memchr(row, '+', (size_t)(strchr(row, '\n') - row)));
}

/* Noisy trials: open_datasync at 400/s and 1700/s in turn against fdatasync's
 * steady 1000/s has the higher mean (1050/s) and is 17.5 % slower round by
 * round (the geometric mean of 0.4 and 1.7 is 0.82). The column gives the
 * paired figure and marks that the means say otherwise, with a footnote: a
 * row 5 % above the baseline's beside -17.5 % read as a contradiction. */
static void test_recommend_evidence_other_side(void **state)
{
	double base[12], noisy[12];
	const char *row;
	size_t i;

	(void)state;
	for (i = 0; i < 12; i++) {
		base[i] = 1000;
		noisy[i] = i % 2 ? 1700 : 400;
	}
	row = line_of(strstr(evidence_of(WB_METHOD_OPEN_DATASYNC, base, noisy, 12), "\nEvidence ("),
		      "open_datasync");
	if (!strstr(row, " 1050.0 ") || !strstr(row, " -17.5%*"))
		fail_msg("open_datasync's row does not mark its mean against its rounds:\n%s", out);
	assert_non_null(strstr(out, "\n  * the means and the rounds disagree"));
	assert_non_null(strstr(out, "geometric mean of the rounds' paired ratios"));
}

/* A run interrupted after its first round: a test of one trial has an
 * infinite interval (stats.ci95_pct INFINITY). Its row says "-", never
 * "inf%", in recommend's evidence and run's table; the results file has
 * ci95_pct null, which reads back as no interval, and the HTML report says
 * so. `timeout -s INT 5 walbench recommend DIR --budget 60s` printed "inf%"
 * in ten of its twelve evidence rows. */
static void test_one_trial_no_inf(void **state)
{
	struct wb_text_table table;
	struct wb_result_hooks hooks;
	struct wb_config cfg;
	char err[512] = "", note[160], *text;
	const char *row;

	(void)state;
	measured();
	r.ntrials = 1;
	r.stats = (struct wb_stats){ .n = 1, .mean = MEAN, .ci95_pct = INFINITY };
	rs.rounds = 1;
	keep_fdatasync();
	catch_stdout();
	wb_recommend_print(&rs, &rec);
	row = line_of(strstr(caught(), "\nEvidence ("), "fdatasync");
	if (strstr(out, "inf%") || strstr(out, "nan%") || !strstr(row, " 1875.0        - "))
		fail_msg("recommend's evidence row prints no dash for no interval:\n%s", out);
	wb_text_table_fit(&r.test, 1, &table);
	hooks = wb_text_hooks(&table);
	catch_stdout();
	hooks.after(&r, hooks.ctx);
	row = line_of(caught(), "fdatasync");
	if (strstr(row, "inf%") || !strstr(row, " - "))
		fail_msg("run's row prints no dash for no interval:\n%s", row);
	/* the file: null, read back as no interval, which the HTML says */
	assert_int_equal(wb_config_defaults(&cfg, WB_CMD_RECOMMEND), 0);
	text = wb_json_render(&rs, &cfg, WB_CMD_RECOMMEND, &(struct wb_json_verdicts){ .rec = &rec });
	assert_non_null(text);
	assert_non_null(strstr(text, "\"ci95_pct\":\tnull"));
	if (wb_saved_parse(text, "one.json", &saved, err, sizeof(err)))
		fail_msg("%s", err);
	free(text);
	assert_false(saved.tests[0].has_ci95);
	wb_html_rate_note(&saved.tests[0], note, sizeof(note));
	assert_string_equal(note, "1.9k/s (one trial: no interval)");
	wb_saved_free(&saved);
}

/* A test of schema 24: ops_per_sec over elapsed, ci95_pct of the trials' mean. */
static const char v24[] =
	"{\"walbench_version\": \"0.1.0\", \"schema_version\": 24, \"command\": \"run\","
	" \"tests\": [{\"method\": \"fdatasync\", \"engine\": \"sync\", \"size\": 8192,"
	" \"writes_per_op\": 1, \"pattern\": \"overwrite\", \"shape\": \"commit\","
	" \"status\": \"ok\", \"ops\": 3000, \"elapsed_s\": 2, \"ops_per_sec\": 1500,"
	" \"trials\": 2, \"ci95_pct\": 4.5, \"trial_ops_per_sec\": [2500, 1250],"
	" \"trial_round\": [1, 2]}]}";

static void test_html_bar(void **state)
{
	char err[512] = "", note[160];
	struct wb_svg_bar bar;

	(void)state;
	if (wb_saved_parse(v24, "v24.json", &saved, err, sizeof(err)))
		fail_msg("%s", err);
	wb_html_bar(&saved.tests[0], "fdatasync", 0, note, sizeof(note), &bar);
	assert_true(fabs(bar.value - MEAN) < 1e-9);
	assert_true(fabs(bar.lo - MEAN * (1 - CI_PCT / 100)) < 1e-9);
	assert_true(fabs(bar.hi - MEAN * (1 + CI_PCT / 100)) < 1e-9);
	/* two digits: 1.9k, where ops over elapsed would read 1.5k */
	if (strncmp(note, "1.9k/s ", 7) != 0)
		fail_msg("the bar's note does not say the trials' mean: %s", note);
	wb_saved_free(&saved);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_run_row),
		cmocka_unit_test(test_recommend_evidence),
		cmocka_unit_test(test_recommend_evidence_gain),
		cmocka_unit_test(test_recommend_evidence_other_side),
		cmocka_unit_test(test_html_bar),
		cmocka_unit_test(test_one_trial_no_inf),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
