/* test_schema.c — the results file's one owner (results/schema.h and its two
 * halves, report/json.h and report/results_reader.h): every key has one
 * spelling; the typed reader on the report fixtures holds what the HTML report
 * shows; what the writer writes, the reader reads back. Reads fixtures
 * (tests/unit/fixtures/report); writes nothing (wb_saved_parse reads text). */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "report/html.h"
#include "report/json.h"
#include "report/results_reader.h"
#include "results/schema.h"

#ifndef WB_FIXTURES_DIR
#define WB_FIXTURES_DIR "tests/unit/fixtures"
#endif

/* Static: these hold 4 kB paths and device facts, cmocka's stack is small. */
static struct wb_saved_results s;
static struct wb_results rs;
static struct wb_config cfg;
static struct wb_recommendation rec;

static int teardown(void **state)
{
	(void)state;
	wb_saved_free(&s);
	return 0;
}

static void read_fixture(const char *name)
{
	char path[512], err[1024] = "";

	snprintf(path, sizeof(path), "%s/report/%s", WB_FIXTURES_DIR, name);
	if (wb_saved_read(path, &s, err, sizeof(err)))
		fail_msg("%s", err);
}

/* Each key spelled, once, as a JSON key a reader can type. */
static void test_names(void **state)
{
	size_t i, j;

	(void)state;
	for (i = 0; i < WB_KEY_COUNT; i++) {
		const char *k = wb_key((enum wb_key)i);

		assert_non_null(k);
		assert_true(*k);
		assert_int_equal(strspn(k, "abcdefghijklmnopqrstuvwxyz0123456789_"), strlen(k));
		for (j = 0; j < i; j++)
			assert_string_not_equal(k, wb_key((enum wb_key)j));
	}
	assert_string_equal(wb_key(WB_KEY_SCHEMA_VERSION), "schema_version");
}

/* recommend: the method, its rows, the lines to paste, the advisories. */
static void test_recommend_fixture(void **state)
{
	(void)state;
	read_fixture("recommend.json");
	assert_true(s.has_recommendation);
	assert_false(s.has_qualification);
	assert_string_equal(s.rec.method, "fdatasync");
	/* schema 6: no state; decided false is undecided, not a tie */
	assert_true(s.rec.state_derived);
	assert_int_equal(s.rec.state, WB_SAVED_REC_UNDECIDED);
	assert_string_equal(s.rec.settle.budget, "");
	assert_true(isnan(s.rec.settle.more_s));
	assert_string_equal(s.rec.headline, s.headline);
	assert_true(s.rec.oltp.present);
	assert_string_equal(s.rec.oltp.method, "fdatasync");
	assert_true(s.rec.runner_up.present);
	assert_string_equal(s.rec.runner_up.method, "open_datasync");
	assert_true(fabs(s.rec.runner_up.margin_pct - 2.5984353161288665) < 1e-12);
	assert_true(fabs(s.rec.runner_up.ci95_pct.low + 29.57788861252689) < 1e-12);
	assert_int_equal(s.rec.config.n, 2);
	assert_int_equal(s.rec.alter_system.n, 3);
	assert_non_null(s.rec.config.v[0]);
	assert_int_equal(s.rec.nadvisories, 5);
	assert_string_equal(s.rec.advisories[0].fact, "vm.dirty_background_ratio");
	assert_false(s.rec.placement.present);
	assert_true(isnan(s.slice_s));
	assert_string_equal(s.interrupted_by, "");
	assert_string_equal(s.command_line.v[0], "walbench");
	assert_string_equal(s.command_line.v[1], "recommend");
}

/* placement: the baseline's rows and each candidate's figures and verdict. */
static void test_placement_fixture(void **state)
{
	const struct wb_saved_candidate *c;

	(void)state;
	read_fixture("placement.json");
	assert_true(s.rec.placement.present);
	assert_string_equal(s.rec.placement.state, ""); /* schema 6: no state */
	assert_true(s.rec.placement.has_candidates);
	assert_int_equal(s.rec.placement.n, 1);
	assert_true(fabs(s.rec.placement.idle_commit.commits_per_s - 14886.195908721638) < 1e-9);
	assert_int_equal(s.rec.placement.steps.n, 0);
	c = &s.rec.placement.c[0];
	assert_string_equal(c->path, "/dev/shm");
	assert_string_equal(c->device, "tmpfs");
	assert_true(c->move);
	assert_false(c->recommended);
	assert_false(c->same_device);
	assert_true(fabs(c->gain.pct - 1023.0451719635415) < 1e-9);
	assert_true(fabs(c->commit.commits_per_s - 617177.3146110565) < 1e-6);
	assert_true(fabs(c->group.commits_per_s - 332422.418898251) < 1e-6);
}

/* qualify: the verdict, its criteria, every tier, the findings. */
static void test_qualify_fixture(void **state)
{
	const struct wb_saved_criterion *c;

	(void)state;
	read_fixture("qualify.json");
	assert_true(s.has_qualification);
	assert_string_equal(s.verdict, "pass");
	assert_string_equal(s.tier, "standard");
	assert_int_equal(s.qual.ncriteria, 2);
	c = &s.qual.criteria[0];
	assert_string_equal(c->shape, "commit");
	assert_string_equal(c->metric, "p99_ms");
	assert_string_equal(c->result, "pass");
	assert_true(fabs(c->fig.value - 0.517119) < 1e-12);
	assert_true(fabs(c->fig.ci95.high - 0.526335) < 1e-12);
	assert_true(fabs(c->threshold - 10) < 1e-12);
	assert_int_equal(s.qual.ntiers, 5);
	assert_true(*s.qual.tiers[0].tier);
	assert_true(*s.qual.trend.line);
	assert_int_equal(s.nfindings, 3);
	assert_string_equal(s.findings[0].name, "flush-faster-than-rotation");
	assert_true(fabs(s.slice_s - 1) < 1e-12);
}

/* run: the facts tables, os.vm flattened, and the config as rows. */
static void test_facts_fixture(void **state)
{
	size_t i;
	bool vm = false;

	(void)state;
	read_fixture("run_sweep.json");
	assert_false(s.has_recommendation);
	assert_int_equal(s.ntests, 12);
	assert_int_equal(s.device_facts.n, 23);
	assert_string_equal(s.device_facts.v[0].name, "fs_type");
	assert_int_equal(s.device_facts.v[0].kind, WB_SAVED_FACT_STRING);
	for (i = 0; i < s.os_facts.n; i++)
		if (strcmp(s.os_facts.v[i].name, "vm.dirty_ratio") == 0) {
			vm = true;
			assert_int_equal(s.os_facts.v[i].kind, WB_SAVED_FACT_NUMBER);
			assert_true(s.os_facts.v[i].number == 20);
		}
	assert_true(vm);
	assert_int_equal(s.os_facts.n, 9 + 7);
	assert_string_equal(s.config_facts.v[0].name, "dir");
	assert_string_equal(s.config_facts.v[0].text, "/tmp");
	assert_int_equal(s.config_facts.v[1].kind, WB_SAVED_FACT_JSON);
	assert_string_equal(s.config_facts.v[1].text, "[\"open_datasync\",\"fdatasync\",\"fsync\"]");
	assert_string_equal(s.target, "/tmp/walbench.9437.0.tmp");
}

/* res holding one ok result of method, sync engine, size bytes x1, qd 1, one job. */
static struct wb_result *one_result(struct wb_results *res, enum wb_method_id method,
				    uint32_t size)
{
	struct wb_result *r = res->v = calloc(1, sizeof(*res->v));

	assert_non_null(r);
	res->n = res->cap = 1;
	r->test.method = method;
	r->test.engine = WB_ENGINE_SYNC;
	r->test.size = size;
	r->test.writes_per_op = 1;
	r->test.queue_depth = 1;
	r->test.jobs = 1;
	r->status = WB_STATUS_OK;
	return r;
}

/* What the writer writes, the reader reads back: the run, its one test and
 * recommend's answer. */
/* A device fact row named name, with text (NULL: any). */
static bool array_row(const char *name, const char *text)
{
	size_t i;

	for (i = 0; i < s.device_facts.n; i++)
		if (strcmp(s.device_facts.v[i].name, name) == 0)
			return !text || strcmp(s.device_facts.v[i].text, text) == 0;
	return false;
}

static void test_round_trip(void **state)
{
	static double rates[] = { 900.0, 1100.0 };
	struct wb_result *r;
	char err[1024] = "", *text;

	(void)state;
	assert_int_equal(wb_config_defaults(&cfg, WB_CMD_RECOMMEND), 0);
	snprintf(rs.target, sizeof(rs.target), "/srv/pg_wal/walbench.1.0.tmp");
	snprintf(rs.host.hostname, sizeof(rs.host.hostname), "db1");
	snprintf(rs.host.kernel, sizeof(rs.host.kernel), "Linux 6.1.0");
	snprintf(rs.device.fs_type, sizeof(rs.device.fs_type), "ext4");
	snprintf(rs.device.block_name, sizeof(rs.device.block_name), "nvme0n1");
	rs.device.array = (struct wb_array){ .kind = WB_ARRAY_MD, .device = "md2", .level = "raid5",
					     .parity_disks = 1, .raid_disks = 3, .data_disks = 2,
					     .chunk = 524288, .stripe = 1048576, .n_members = 1 };
	rs.device.array.members[0] = (struct wb_array_member){ .name = "sdb1", .disk = "sdb",
							       .state = "in_sync", .rotational = -1,
							       .loop_dio = -1 };
	rs.started_unix = 1767225600;
	rs.interrupted = SIGINT;
	r = one_result(&rs, WB_METHOD_FSYNC, 8192);
	r->ops = 2000;
	r->elapsed_ns = 2000000000;
	r->trial_rates = rates;
	r->ntrials = 2;
	r->stats.ci95_pct = 4.5;
	rec.method = WB_METHOD_FSYNC;
	rec.state = WB_REC_SWITCH;
	text = wb_json_render(&rs, &cfg, WB_CMD_RECOMMEND, &(struct wb_json_verdicts){ .rec = &rec });
	assert_non_null(text);
	if (wb_saved_parse(text, "rt.json", &s, err, sizeof(err)))
		fail_msg("%s", err);
	free(text);
	free(rs.v);
	assert_int_equal(s.schema_version, WB_SCHEMA_VERSION);
	assert_string_equal(s.command, "recommend");
	assert_true(s.partial);
	assert_string_equal(s.interrupted_by, "SIGINT");
	assert_string_equal(s.hostname, "db1");
	assert_string_equal(s.kernel, "Linux 6.1.0");
	assert_string_equal(s.fs_type, "ext4");
	assert_string_equal(s.block_device, "nvme0n1");
	assert_string_equal(s.target, "/srv/pg_wal/walbench.1.0.tmp");
	assert_int_equal(s.started_unix, 1767225600);
	assert_true(s.has_recommendation);
	assert_string_equal(s.rec.method, "fsync");
	assert_true(s.rec.change);
	assert_int_equal(s.rec.state, WB_SAVED_REC_SWITCH);
	assert_false(s.rec.state_derived);
	assert_false(s.rec.runner_up.present);
	assert_false(s.rec.placement.present);
	assert_int_equal(s.ntests, 1);
	assert_string_equal(s.tests[0].method, "fsync");
	assert_string_equal(s.tests[0].engine, "sync");
	assert_int_equal(s.tests[0].size, 8192);
	assert_string_equal(s.tests[0].status, "ok");
	assert_true(fabs(s.tests[0].ops_per_sec - 1000.0) < 1e-9);
	assert_int_equal(s.tests[0].ntrials, 2);
	assert_true(s.tests[0].trial_rates[1] == 1100.0);
	assert_true(s.tests[0].has_ci95);
	assert_true(s.tests[0].ci95_pct == 4.5);
	assert_true(s.config_facts.n > 0);
	assert_true(s.device_facts.n > 0);
	assert_string_equal(s.device_facts.v[0].name, "fs_type");
	/* the array reads back as the HTML report's rows: its object flattened */
	assert_true(array_row("array.level", "raid5"));
	assert_true(array_row("array.stripe_bytes", NULL));
	assert_true(array_row("array.members", "[{\"name\":\"sdb1\",\"disk\":\"sdb\","
						"\"state\":\"in_sync\",\"rotational\":null,"
						"\"write_cache\":\"\",\"fua\":false,"
						"\"scheduler\":\"\",\"model\":\"\","
						"\"direct_io\":null,\"in_ram\":false}]"));
}

/* An etcd-shaped append reads back with its segment mode and how its segments
 * were preallocated: here where fallocate was refused and ftruncate stood in. */
static void test_round_trip_preallocate(void **state)
{
	static struct wb_results prs;
	struct wb_result *r;
	char err[1024] = "", *text;

	(void)state;
	assert_int_equal(wb_config_defaults(&cfg, WB_CMD_RUN), 0);
	r = one_result(&prs, WB_METHOD_FDATASYNC, 2300);
	r->test.pattern = WB_PATTERN_APPEND;
	r->test.segment_mode = WB_SEGMENT_PREALLOCATE;
	r->test.segment_size = 64000000;
	r->fallocate_err = EOPNOTSUPP;
	r->ops = 100;
	r->elapsed_ns = 2000000000;
	text = wb_json_render(&prs, &cfg, WB_CMD_RUN, &(struct wb_json_verdicts){ 0 });
	assert_non_null(text);
	if (wb_saved_parse(text, "rt.json", &s, err, sizeof(err)))
		fail_msg("%s", err);
	free(text);
	free(prs.v);
	assert_int_equal(s.ntests, 1);
	assert_string_equal(s.tests[0].pattern, "append");
	assert_string_equal(s.tests[0].segment, "preallocate");
	assert_int_equal(s.tests[0].segment_size, 64000000);
	assert_string_equal(s.tests[0].preallocated_by, "ftruncate");
	assert_string_equal(s.tests[0].fallocate_error, "EOPNOTSUPP");
}

/* qualify's burst credits read back as written (qualification.burst, with the
 * provider's rule quoted), and the HTML report drawn from the file marks the
 * plateau on the slice chart and links the rule's page. */
static void test_round_trip_burst(void **state)
{
	static double rates[16];
	static struct wb_results qrs;
	static struct wb_qualification q;
	static struct wb_burst_table table;
	struct wb_report_run run = { &s, "bucket" };
	struct wb_result *r;
	char err[1024] = "", *text, *html;
	size_t i;

	(void)state;
	for (i = 0; i < 16; i++)
		rates[i] = i < 11 ? 203 : 50;
	assert_int_equal(wb_config_defaults(&cfg, WB_CMD_QUALIFY), 0);
	r = one_result(&qrs, WB_METHOD_FDATASYNC, 8192);
	snprintf(r->test.label, sizeof(r->test.label), "commit");
	r->ops = 2000;
	r->elapsed_ns = 16000000000;
	r->trial_rates = rates;
	r->ntrials = 16;
	table.kinds[0] = (struct wb_burst_kind){ .name = "gp2", .provider = "AWS",
						 .title = "EBS gp2", .bursts = WB_BURSTS_YES,
						 .rule = "3,000 IOPS while credits last",
						 .source = "https://a.example/gp2", .as_of = "2026-12-03",
						 .unit = "IOPS" };
	table.devices[0] = (struct wb_burst_device){ .name = "aws-ebs", .what = "an EBS volume" };
	table.nkinds = table.ndevices = 1;
	memset(&q, 0, sizeof(q));
	q.chosen = -1;
	q.asked = "standard";
	q.rs = &qrs;
	q.burst = (struct wb_q_burst){ .state = WB_SUSTAINED_BUCKET, .shape = WB_Q_SHAPE_COMMIT,
				       .run_s = 16, .table = &table };
	q.burst.bucket[0] = (struct wb_bucket){ .judged = true, .detected = true,
						.burst_per_s = 203, .baseline_per_s = 50,
						.baseline_low = 48, .baseline_high = 52,
						.drop_at_s = 11, .held = 1683, .first_plateau = 11,
						.nplateau = 5 };
	q.burst.volume = (struct wb_burst_match){ .device = 0, .layer = 0, .bursts = WB_BURSTS_YES,
						  .size_gib = 100, .nkinds = 1, .k = { { 0, 300 } } };
	text = wb_json_render(&qrs, &cfg, WB_CMD_QUALIFY, &(struct wb_json_verdicts){ .qual = &q });
	assert_non_null(text);
	if (wb_saved_parse(text, "rt.json", &s, err, sizeof(err)))
		fail_msg("%s", err);
	free(text);
	free(qrs.v);
	assert_true(s.has_qualification);
	assert_string_equal(s.qual.burst.sustained, "bucket");
	assert_string_equal(s.qual.burst.shape, "commit");
	assert_true(s.qual.burst.burst_per_s == 203 && s.qual.burst.baseline_per_s.value == 50);
	assert_true(s.qual.burst.drop_at_s == 11 && s.qual.burst.plateau_slice == 12);
	assert_non_null(strstr(s.qual.burst.line, "burst credits ran out"));
	assert_non_null(strstr(s.qual.burst.volume.line, "gp2's baseline for this size is 300 IOPS, "
				"against 50 flushes/s measured on the plateau"));
	assert_int_equal(s.qual.burst.volume.nkinds, 1);
	assert_string_equal(s.qual.burst.volume.kinds[0].name, "gp2");
	assert_string_equal(s.qual.burst.volume.kinds[0].basis, "provider");
	assert_string_equal(s.qual.burst.volume.kinds[0].source, "https://a.example/gp2");
	assert_string_equal(s.qual.burst.volume.kinds[0].as_of, "2026-12-03");
	assert_true(s.qual.burst.volume.kinds[0].baseline == 300);
	html = wb_html_render(&run, 1);
	assert_non_null(html);
	assert_non_null(strstr(html, "<strong>Provider's rule:</strong>"));
	assert_non_null(strstr(html, "<a href=\"https://a.example/gp2\">"));
	assert_non_null(strstr(html, ">commit burst 203/s</text>"));
	assert_non_null(strstr(html, ">commit baseline 50/s</text>"));
	assert_non_null(strstr(html, ">bucket ran dry (11 s)</text>"));
	free(html);
}

/* An undecided recommendation reads back as undecided, with what would
 * settle it: the state is written, never inferred from the headline. */
static void test_round_trip_undecided(void **state)
{
	char err[1024] = "", *text;

	(void)state;
	assert_int_equal(wb_config_defaults(&cfg, WB_CMD_RECOMMEND), 0);
	memset(&rs, 0, sizeof(rs));
	memset(&rec, 0, sizeof(rec));
	rec.method = WB_METHOD_FDATASYNC;
	rec.state = WB_REC_UNDECIDED;
	rec.settle.known = true;
	rec.settle.method = WB_METHOD_OPEN_DATASYNC;
	rec.settle.s_per_round = 2.0;
	rec.settle.more_rounds = 35;
	rec.settle.budget_s = 120.0;
	text = wb_json_render(&rs, &cfg, WB_CMD_RECOMMEND, &(struct wb_json_verdicts){ .rec = &rec });
	assert_non_null(text);
	if (wb_saved_parse(text, "rt.json", &s, err, sizeof(err)))
		fail_msg("%s", err);
	free(text);
	assert_int_equal(s.rec.state, WB_SAVED_REC_UNDECIDED);
	assert_false(s.rec.state_derived);
	assert_false(s.rec.change);
	assert_string_equal(s.rec.settle.budget, "2m");
	assert_true(s.rec.settle.more_s == 70.0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names),
		cmocka_unit_test_teardown(test_recommend_fixture, teardown),
		cmocka_unit_test_teardown(test_round_trip_undecided, teardown),
		cmocka_unit_test_teardown(test_placement_fixture, teardown),
		cmocka_unit_test_teardown(test_qualify_fixture, teardown),
		cmocka_unit_test_teardown(test_facts_fixture, teardown),
		cmocka_unit_test_teardown(test_round_trip, teardown),
		cmocka_unit_test_teardown(test_round_trip_preallocate, teardown),
		cmocka_unit_test_teardown(test_round_trip_burst, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
