/* test_prom.c — the Prometheus file says the figures it was given: a run of
 * two tests, recommend's answer and qualify's verdicts, each built here with
 * figures known before rendering (the trials' mean, a histogram of one
 * latency, an interval, a bucket) or read from a fixture whose counters say
 * them (observe's), read back as the exact sample lines.
 * t_prom.sh checks the exposition format of real runs; this checks the values.
 * The whole file of the verdicts' run is pinned too (fixtures/prom/, golden.h):
 * the lines are made from the field tables, and must not move. */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <cmocka.h>

#ifndef WB_FIXTURES_DIR
#define WB_FIXTURES_DIR "tests/unit/fixtures"
#endif

#include "golden.h"
#include "report/prom.h"
#include "report/results_reader.h"
#include "result_fixture.h"
#include "results/histogram.h"

/* Static: results hold 4 kB paths and device facts, cmocka's stack is small. */
static struct wb_results rs;
static struct wb_result v[2];
static struct wb_histogram hist;
static struct wb_recommendation rec;
static struct wb_qualification q;
static struct wb_placement pl;

#define LABELS(method) "{method=\"" method "\",engine=\"sync\",size=\"8192\",writes=\"1\"," \
	"pattern=\"overwrite\",concurrency=\"1\",label=\"\",device=\"nvme0n1\"}"

/* Two trials of unequal length: 1000 flushes in 0.4 s (2500/s), then 2000 in
 * 1.6 s (1250/s). Their mean, 1875/s, is the centre of the interval; ops over
 * elapsed, 1500/s, is not. */
static double trial_rates[] = { 2500, 1250 };
static uint32_t trial_rounds[] = { 1, 2 };

/* fsync: 3000 flushes in 2 s, every one 250 us, +-4.5 % of the trials' mean;
 * open_sync refused. */
static void fixture(void)
{
	size_t i;

	snprintf(rs.device.block_name, sizeof(rs.device.block_name), "nvme0n1");
	result_describe(&v[0], WB_METHOD_FSYNC, WB_ENGINE_SYNC);
	v[0].status = WB_STATUS_OK;
	v[0].ops = 3000;
	v[0].elapsed_ns = 2000000000;
	v[0].trial_rates = trial_rates;
	v[0].trial_rounds = trial_rounds;
	v[0].ntrials = 2;
	v[0].stats = (struct wb_stats){ .n = 2, .mean = 1875, .ci95_pct = 4.5 };
	wb_hist_init(&hist);
	for (i = 0; i < 3000; i++)
		wb_hist_record(&hist, 250000);
	v[0].hist = &hist;
	result_describe(&v[1], WB_METHOD_OPEN_SYNC, WB_ENGINE_SYNC);
	v[1].status = WB_STATUS_NA;
	rs.v = v;
	rs.n = rs.cap = 2;
}

static bool has_line(const char *text, const char *line)
{
	size_t n = strlen(line);
	const char *p;

	for (p = text; (p = strstr(p, line)); p += n)
		if ((p == text || p[-1] == '\n') && p[n] == '\n')
			return true;
	return false;
}

static void expect(const char *text, const char *line)
{
	if (!has_line(text, line))
		fail_msg("no line \"%s\" in:\n%s", line, text);
}

static void test_run_figures(void **state)
{
	char *text;

	(void)state;
	fixture();
	text = wb_prom_render(&rs, NULL);
	assert_non_null(text);
	/* The rate whose interval walbench_ci95_ratio gives: the trials' mean, not ops over
	 * elapsed (1500), which weights the longer, slower trial more. */
	expect(text, "walbench_flush_ops_per_second" LABELS("fsync") " 1875");
	expect(text, "walbench_ci95_ratio" LABELS("fsync") " 0.045");
	expect(text, "walbench_test_status" "{method=\"fsync\",engine=\"sync\",size=\"8192\",writes=\"1\","
	       "pattern=\"overwrite\",concurrency=\"1\",label=\"\",device=\"nvme0n1\",status=\"ok\"} 1");
	expect(text, "walbench_test_status" "{method=\"open_sync\",engine=\"sync\",size=\"8192\","
	       "writes=\"1\",pattern=\"overwrite\",concurrency=\"1\",label=\"\",device=\"nvme0n1\","
	       "status=\"n/a\"} 1");
	/* Every flush took 250 us: so did the median and the 99th percentile. */
	expect(text, "walbench_flush_latency_seconds{method=\"fsync\",engine=\"sync\",size=\"8192\","
	       "writes=\"1\",pattern=\"overwrite\",concurrency=\"1\",label=\"\",device=\"nvme0n1\","
	       "quantile=\"0.5\"} 0.00025");
	expect(text, "walbench_flush_latency_seconds{method=\"fsync\",engine=\"sync\",size=\"8192\","
	       "writes=\"1\",pattern=\"overwrite\",concurrency=\"1\",label=\"\",device=\"nvme0n1\","
	       "quantile=\"0.99\"} 0.00025");
	/* A test that did not measure has a status and no rate. */
	assert_null(strstr(text, "walbench_flush_ops_per_second{method=\"open_sync\""));
	assert_null(strstr(text, "walbench_recommended_method_info"));
	free(text);
}

static void test_verdicts(void **state)
{
	char *text;

	(void)state;
	fixture();
	rec.state = WB_REC_SWITCH;
	rec.method = WB_METHOD_FSYNC;
	q.ntiers = 2;
	snprintf(q.tiers[0].name, sizeof(q.tiers[0].name), "oltp-small");
	q.tiers[0].verdict = WB_Q_PASS;
	snprintf(q.tiers[1].name, sizeof(q.tiers[1].name), "oltp-large");
	q.tiers[1].verdict = WB_Q_FAIL;
	q.chosen = 1;
	q.burst.state = WB_SUSTAINED_BUCKET;
	q.burst.bucket[0].detected = true;
	q.burst.bucket[0].burst_per_s = 3000;
	q.burst.bucket[0].baseline_per_s = 125;
	q.burst.bucket[0].drop_at_s = 42.5;
	/* a second shape's bucket that ran dry, and a tier's name to escape */
	q.burst.bucket[1].detected = true;
	q.burst.bucket[1].burst_per_s = 1234.56;
	q.burst.bucket[1].baseline_per_s = 15.625;
	q.burst.bucket[1].drop_at_s = 40;
	snprintf(q.tiers[1].name, sizeof(q.tiers[1].name), "oltp \"large\"");
	text = wb_prom_render(&rs, &(struct wb_json_verdicts){ .rec = &rec, .qual = &q });
	assert_non_null(text);
	expect(text, "walbench_recommended_method_info{method=\"fsync\",change=\"true\","
	       "state=\"switch\"} 1");
	expect(text, "walbench_qualify_verdict_info{tier=\"oltp-small\",verdict=\"pass\",chosen=\"false\"} 1");
	expect(text, "walbench_qualify_verdict_info{tier=\"oltp \\\"large\\\"\",verdict=\"fail\","
	       "chosen=\"true\"} 1");
	expect(text, "walbench_sustained_info{state=\"bucket\"} 1");
	expect(text, "walbench_burst_flushes_per_second{shape=\"commit\"} 3000");
	expect(text, "walbench_baseline_flushes_per_second{shape=\"commit\"} 125");
	expect(text, "walbench_burst_drop_seconds{shape=\"commit\"} 42.5");
	expect(text, "walbench_baseline_flushes_per_second{shape=\"etcd\"} 15.625");
	expect(text, "walbench_partial 0");
	golden_check(WB_FIXTURES_DIR "/prom/verdicts.prom", "the verdicts' metrics", text);
	free(text);
	/* A signal stopped the run: marked first, its figures kept, and no
	 * verdict that a dashboard could read as a pass. */
	rs.interrupted = SIGINT;
	text = wb_prom_render(&rs, &(struct wb_json_verdicts){ .rec = &rec, .qual = &q });
	assert_non_null(text);
	assert_true(strncmp(text, "# HELP walbench_partial ", 24) == 0);
	expect(text, "walbench_partial{signal=\"SIGINT\"} 1");
	assert_non_null(strstr(text, "\nwalbench_flush_ops_per_second{"));
	assert_null(strstr(text, "walbench_qualify_verdict_info"));
	assert_null(strstr(text, "walbench_sustained_info"));
	assert_null(strstr(text, "walbench_burst_flushes_per_second"));
	assert_null(strstr(text, "walbench_recommended_method_info"));
	rs.interrupted = 0;
	free(text);
	/* Undecided keeps the default for now, as a proven tie keeps it: only
	 * the state tells a dashboard which one it is. */
	rec.state = WB_REC_UNDECIDED, rec.method = WB_METHOD_FDATASYNC;
	text = wb_prom_render(&rs, &(struct wb_json_verdicts){ .rec = &rec, .qual = &q });
	assert_non_null(text);
	expect(text, "walbench_recommended_method_info{method=\"fdatasync\",change=\"false\","
	       "state=\"undecided\"} 1");
	free(text);
	rec.state = WB_REC_TIE;
	text = wb_prom_render(&rs, &(struct wb_json_verdicts){ .rec = &rec, .qual = &q });
	assert_non_null(text);
	expect(text, "walbench_recommended_method_info{method=\"fdatasync\",change=\"false\","
	       "state=\"tie\"} 1");
	free(text);
}

/* recommend --wal-candidate: a candidate that gains 21.5 % and is
 * recommended, one in memory that gains 40 % and is not, one too noisy to
 * compare (no gain, never 0), each named by its directory. */
static void test_placement(void **state)
{
	static const char *const path[] = { "/srv/wal \"1\"", "/dev/shm/wal", "/srv/noisy" };
	char *text;
	size_t k;

	(void)state;
	fixture();
	pl.state = WB_PLACEMENT_MOVE;
	pl.best = 0;
	pl.n = 3;
	for (k = 0; k < 3; k++)
		snprintf(pl.c[k].path, sizeof(pl.c[k].path), "%s", path[k]);
	pl.c[0].gain = (struct wb_placement_gain){ true, 21.5, 20, 23, true };
	pl.c[0].move = pl.c[0].recommended = true;
	pl.c[1].gain = (struct wb_placement_gain){ true, 40, 38, 42, true };
	pl.c[1].move = pl.c[1].in_ram = true;
	rec.state = WB_REC_KEEP;
	rec.placement = &pl;
	text = wb_prom_render(&rs, &(struct wb_json_verdicts){ .rec = &rec });
	assert_non_null(text);
	expect(text, "walbench_placement_gain_ratio{candidate=\"/srv/wal \\\"1\\\"\"} 0.215");
	expect(text, "walbench_placement_gain_ratio{candidate=\"/dev/shm/wal\"} 0.4");
	assert_null(strstr(text, "walbench_placement_gain_ratio{candidate=\"/srv/noisy\"}"));
	expect(text, "walbench_placement_recommended{candidate=\"/srv/wal \\\"1\\\"\"} 1");
	expect(text, "walbench_placement_recommended{candidate=\"/dev/shm/wal\"} 0");
	expect(text, "walbench_placement_recommended{candidate=\"/srv/noisy\"} 0");
	free(text);
	/* a placement run that failed says nothing of the candidates */
	pl.failed = true;
	text = wb_prom_render(&rs, &(struct wb_json_verdicts){ .rec = &rec });
	assert_non_null(text);
	assert_null(strstr(text, "walbench_placement_"));
	free(text);
	rec.placement = NULL;
}

#define SERVER "{server=\"host=/tmp/wbtest.o12hca port=54329 dbname=postgres user=postgres\"}"

/* observe --prom: fixtures/observed/busy.json's window is 10.104268 s
 * (interval), in which xact_commit went 912 -> 4209 with 100 of walbench's
 * own, wal_bytes 18274034 -> 19867714, wal_syncs 15 -> 3210 and
 * wal_sync_time 98.619 -> 7170.374 ms, and no data page was written: 3197
 * commits, 1593680 bytes, 3195 flushes of 2.213 ms each, flushing 70 % of the
 * window. idle.json: 3 commits (5198 -> 5303, 102 walbench's) in 10.038 s,
 * and no flush timed: no sample of the flush time, never 0. */
static void test_observed(void **state)
{
	struct wb_saved_results saved;
	struct wb_results none = { 0 };
	char err[1024] = "", *text;

	(void)state;
	if (wb_saved_read(WB_FIXTURES_DIR "/observed/busy.json", &saved, err, sizeof(err)))
		fail_msg("%s", err);
	text = wb_prom_render(&none, &(struct wb_json_verdicts){ .observed = saved.observed });
	assert_non_null(text);
	expect(text, "walbench_server_commits_per_second" SERVER " 316.401");
	expect(text, "walbench_server_wal_bytes_per_second" SERVER " 157723");
	expect(text, "walbench_server_wal_flushes_per_second" SERVER " 316.203");
	expect(text, "walbench_server_wal_flush_seconds" SERVER " 0.00221338");
	expect(text, "walbench_server_wal_flush_busy_ratio" SERVER " 0.699878");
	expect(text, "walbench_server_data_pages_per_second" SERVER " 0");
	/* observe measures no test: none of the tests' families */
	assert_null(strstr(text, "walbench_flush_ops_per_second"));
	free(text);
	wb_saved_free(&saved);
	if (wb_saved_read(WB_FIXTURES_DIR "/observed/idle.json", &saved, err, sizeof(err)))
		fail_msg("%s", err);
	text = wb_prom_render(&none, &(struct wb_json_verdicts){ .observed = saved.observed });
	assert_non_null(text);
	expect(text, "# TYPE walbench_server_wal_flush_seconds gauge");
	assert_null(strstr(text, "walbench_server_wal_flush_seconds{"));
	expect(text, "walbench_server_commits_per_second" SERVER " 0.298855");
	free(text);
	wb_saved_free(&saved);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_run_figures),
		cmocka_unit_test(test_verdicts),
		cmocka_unit_test(test_observed),
		cmocka_unit_test(test_placement),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
