/* test_qualify_json.c — the results file's "qualification" and "findings" as
 * the writer makes them, byte for byte: each verdict of a synthetic qualify
 * run (qualify_runs.h) has a golden file in tests/unit/fixtures/qualify,
 * NAME.golden.json, of what the writer made of it before the qualification
 * became a table of fields: the table may change how it is walked, never what
 * is written. The verdicts: a pass, a tier asked that no table has, a
 * durability failure (and, apart, a trend too short to know: null figures),
 * a bucket that ran dry, a virtual disk held back, a drop
 * not judged, a provider's volume that may be on credits (its bucket ran
 * dry) and one ruled out, the findings of memory and a volatile cache, and a
 * parity array's write-size sweep: a penalty, unclear through a cache, and
 * not measured with a slow member; and in the HTML, the slice chart's axis,
 * which names the slice run, and the unsynced write named as such. Each golden also reads back
 * (report/results_reader.h) and is written again from what it read as the
 * same text. WB_GOLDEN_WRITE=1 rewrites the goldens (for a new key: review the
 * diff). Writes nothing otherwise. */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "golden.h"
#include "qualify_runs.h"
#include "report/html.h"
#include "report/json_parts.h"
#include "report/results_reader.h"

#ifndef WB_FIXTURES_DIR
#define WB_FIXTURES_DIR "tests/unit/fixtures"
#endif

static struct wb_results rs;
static struct wb_tiers tiers;
static struct wb_burst_table table;
static struct wb_qualification q;

/* A golden file read back, written again (golden_round_trip). */
static void write_again(cJSON *got, const struct wb_saved_results *saved)
{
	assert_true(saved->has_qualification);
	wb_json_add_saved_qualification(got, &saved->qual, saved->findings, saved->nfindings);
}

/* {"qualification": ..., "findings": ...} as the writer makes it of the
 * verdict of rs against tier (table: the provider table, NULL none), against
 * NAME.golden.json, and read back. */
static void golden(const char *name, const struct wb_burst_table *t, const char *tier)
{
	char path[512], *text;
	cJSON *root = cJSON_CreateObject();

	wb_qualify(&rs, &tiers, t, tier, &q);
	assert_non_null(root);
	wb_json_add_qualification(root, &q);
	snprintf(path, sizeof(path), WB_FIXTURES_DIR "/qualify/%s.golden.json", name);
	text = golden_check_json(path, name, root);
	golden_round_trip(name, cJSON_Parse(text), text, write_again);
	free(text);
}

static void test_pass(void **state)
{
	(void)state;
	qualify_run_build(&rs, &tiers, 1000, 2000, 10);
	golden("pass", NULL, "standard");
	assert_int_equal(q.tiers[0].verdict, WB_Q_PASS);
}

/* Two slices 4163/s apart by a wide spread: the t interval reaches below 0,
 * which no rate can; the file, the HTML reading it and the words say 0. */
static void test_rate_interval_at_zero(void **state)
{
	cJSON *root = cJSON_CreateObject();
	char *text, buf[200];

	(void)state;
	qualify_run_build(&rs, &tiers, 1000, 2000, 10);
	rs.v[0].stats.mean = 4163;
	rs.v[0].stats.ci95_half = 6886;
	wb_qualify(&rs, &tiers, NULL, "standard", &q);
	assert_true(q.tiers[q.chosen].o[0].fig.low < 0); /* the verdict's own figure */
	assert_non_null(root);
	wb_json_add_qualification(root, &q);
	text = cJSON_PrintUnformatted(root);
	assert_non_null(text);
	assert_non_null(strstr(text, "\"ci95\":[0,11049]"));
	assert_null(strstr(text, "-2723"));
	wb_words_q_outcome(&q.tiers[q.chosen].o[0], buf, sizeof(buf));
	assert_non_null(strstr(buf, "4163/s [0, 11049]"));
	free(text);
	cJSON_Delete(root);
}

/* The HTML report prints a criterion as the text does (a rate whole, the
 * unit, which way the threshold goes), not rounded for a chart's axis: 4163/s
 * read "4.2k", and 1996/s would read "2.0k" beside a threshold of "2.0k" and a
 * fail. Its option table types a --seed back whole, a fraction in the fewest
 * digits that read back, and an option never given reads "not set". */
static void test_html_figures(void **state)
{
	static struct wb_saved_results back;
	struct wb_report_run run = { &back, "q" };
	cJSON *root = cJSON_CreateObject(), *config;
	char *html;

	(void)state;
	qualify_run_build(&rs, &tiers, 1000, 2000, 10);
	rs.v[0].stats.mean = 4163;
	rs.v[0].stats.ci95_half = 6886;
	wb_qualify(&rs, &tiers, NULL, "standard", &q);
	assert_non_null(root);
	config = cJSON_AddObjectToObject(root, "config");
	cJSON_AddNumberToObject(config, "seed", 4232575366279279.0);
	cJSON_AddNumberToObject(config, "trial-time", 0.2);
	cJSON_AddNullToObject(config, "prom");
	wb_json_add_qualification(root, &q);
	golden_read_doc("q.json", root, &back);
	html = wb_html_render(&run, 1);
	assert_non_null(html);
	if (!strstr(html, "<td>4163/s [0, 11049]</td><td>&ge; "))
		fail_msg("the criterion is not as the text prints it:\n%s",
			 strstr(html, "<h3>Does the disk qualify?"));
	assert_null(strstr(html, "4.2k"));
	assert_non_null(strstr(html, "<th>seed</th><td>4232575366279279</td>"));
	/* a fraction in the fewest digits that read back: not 0.20000000000000001 */
	assert_non_null(strstr(html, "<th>trial-time</th><td>0.2</td>"));
	assert_non_null(strstr(html, "<th>prom</th><td><span class=\"small\">not set</span>"));
	free(html);
	wb_saved_free(&back);
}

/* The HTML slice chart's axis of a qualify file (fixtures/report/qualify.json)
 * with config.slice at slice and schedule.trial_s at trial_s (NAN: no
 * schedule): the text from "time slice of" to ", in the order". */
static void slice_axis(double slice, double trial_s, char *axis, size_t len)
{
	static struct wb_saved_results back;
	struct wb_report_run run = { &back, "q" };
	char *file = golden_slurp(WB_FIXTURES_DIR "/report/qualify.json"), *text, *html, err[512];
	const char *at, *end;
	cJSON *root;

	assert_non_null(file);
	assert_non_null(root = cJSON_Parse(file));
	cJSON_ReplaceItemInObject(cJSON_GetObjectItem(root, "config"), "slice",
				  cJSON_CreateNumber(slice));
	if (isnan(trial_s))
		cJSON_DeleteItemFromObject(root, "schedule");
	else
		cJSON_ReplaceItemInObject(cJSON_GetObjectItem(root, "schedule"), "trial_s",
					  cJSON_CreateNumber(trial_s));
	assert_non_null(text = cJSON_Print(root));
	if (wb_saved_parse(text, "q.json", &back, err, sizeof(err)))
		fail_msg("%s", err);
	assert_non_null(html = wb_html_render(&run, 1));
	at = strstr(html, "time slice of");
	end = at ? strstr(at, ", in the order") : NULL;
	if (!end)
		fail_msg("no slice chart axis in:\n%s", html);
	else
		snprintf(axis, len, "%.*s", (int)(end - at), at);
	free(html);
	free(text);
	free(file);
	cJSON_Delete(root);
	wb_saved_free(&back);
}

/* A --duration shorter than the slices asked shortens them (qualify's 5 s to
 * 1.111 s in a 10 s run): the axis says the slice run, schedule.trial_s, not
 * config.slice; a file without a schedule falls back to config.slice. */
static void test_html_slice_run(void **state)
{
	char axis[96];

	(void)state;
	slice_axis(5, 1.111, axis, sizeof(axis));
	assert_string_equal(axis, "time slice of 1.111 s");
	slice_axis(5, NAN, axis, sizeof(axis));
	assert_string_equal(axis, "time slice of 5 s");
}

/* The part of html from the heading that starts so to the next heading. */
static char *section_of(const char *html, const char *heading)
{
	const char *at = strstr(html, heading), *end;
	char *sec;

	if (!at)
		fail_msg("no heading \"%s\" in:\n%s", heading, html);
	/* from past the heading itself to the next <h2> or <h3> (a byte at a
	 * time: gcc's sanitizer build read strcspn(at + 1) as an overread) */
	for (end = at + strlen(heading); *end; end++)
		if (!strncmp(end, "<h2>", 4) || !strncmp(end, "<h3>", 4))
			break;
	assert_non_null(sec = strndup(at, (size_t)(end - at)));
	return sec;
}

/* qualify's unsynced write (method none, no flush at all) is the reference
 * beside the commit and etcd shapes: its group is titled as unsynced writes
 * and charted in writes per second, alone and side by side with another
 * file; the commit group keeps its flushes. */
static void test_html_unsynced_reference(void **state)
{
	static struct wb_saved_results back;
	struct wb_report_run runs[2] = { { &back, "a" }, { &back, "b" } };
	char err[512], *html, *sec;
	size_t n;

	(void)state;
	if (wb_saved_read(WB_FIXTURES_DIR "/report/qualify.json", &back, err, sizeof(err)))
		fail_msg("%s", err);
	for (n = 1; n <= 2; n++) {
		assert_non_null(html = wb_html_render(runs, n));
		sec = section_of(html, "<h3>Unsynced writes (a reference, no flush): one write of "
				       "8kB each, sync engine, write ");
		assert_non_null(strstr(sec, n == 1 ? "Writes per second, with the 95 % interval"
						   : "Writes per second, each file&#39;s own 95 %"));
		assert_non_null(strstr(sec, "writes/s"));
		assert_null(strstr(strstr(sec, "</h3>"), "lush")); /* but the heading's "no flush" */
		assert_null(strstr(sec, "ops/s"));
		free(sec);
		sec = section_of(html, "<h3>Commits: one write of 8kB per flush, sync engine, "
				       "commit ");
		assert_non_null(strstr(sec, "Flushes per second"));
		assert_null(strstr(sec, "writes/s"));
		free(sec);
		free(html);
	}
	wb_saved_free(&back);
}

static void test_no_such_tier(void **state)
{
	(void)state;
	qualify_run_build(&rs, &tiers, 1000, 20000, 10);
	golden("no_such_tier", NULL, "missing");
	assert_int_equal(q.chosen, -1);
}

static void test_failed(void **state)
{
	(void)state;
	qualify_run_build(&rs, &tiers, 1000, 2000, 10);
	rs.v[0].status = WB_STATUS_ERROR;
	rs.v[0].durability_failure = true;
	snprintf(rs.v[0].reason, sizeof(rs.v[0].reason), "fdatasync: EIO");
	golden("failed", NULL, "standard");
	assert_true(q.failed);
}

/* Three commit slices: too few for a trend. Its figures are null, never 0
 * (a 0 would read as measured and flat), and read back as not known. */
static void test_trend_unknown(void **state)
{
	struct wb_saved_results back;
	char err[1024] = "", *text;
	const cJSON *trend;
	cJSON *root = cJSON_CreateObject();

	(void)state;
	qualify_run_build(&rs, &tiers, 1000, 2000, 10);
	rs.v[0].ntrials = 3;
	wb_qualify(&rs, &tiers, NULL, "standard", &q);
	assert_false(q.trend.known);
	assert_non_null(root);
	wb_json_add_qualification(root, &q);
	trend = cJSON_GetObjectItem(cJSON_GetObjectItem(root, "qualification"), "trend");
	assert_true(cJSON_IsFalse(cJSON_GetObjectItem(trend, "known")));
	assert_true(cJSON_IsNull(cJSON_GetObjectItem(trend, "burst_per_s")));
	assert_true(cJSON_IsNull(cJSON_GetObjectItem(trend, "sustained_per_s")));
	assert_true(cJSON_IsNull(cJSON_GetObjectItem(trend, "fell")));
	assert_null(cJSON_GetObjectItem(trend, "fell_after_s"));
	cJSON_AddNumberToObject(root, "schema_version", WB_SCHEMA_VERSION);
	cJSON_AddArrayToObject(root, "tests");
	text = cJSON_Print(root);
	assert_non_null(text);
	cJSON_Delete(root);
	if (wb_saved_parse(text, "trend_unknown", &back, err, sizeof(err)))
		fail_msg("%s", err);
	free(text);
	assert_false(back.qual.trend.known);
	assert_false(back.qual.trend.fell);
	assert_false(isfinite(back.qual.trend.burst_per_s));
	assert_false(isfinite(back.qual.trend.sustained_per_s));
	wb_saved_free(&back);
}

static void test_bucket(void **state)
{
	(void)state;
	qualify_run_build(&rs, &tiers, 1000, 2000, 10);
	qualify_run_plateau(&rs);
	golden("bucket", NULL, "standard");
	assert_int_equal(q.burst.state, WB_SUSTAINED_BUCKET);
}

static void test_virtual(void **state)
{
	(void)state;
	qualify_run_build(&rs, &tiers, 1000, 2000, 10);
	rs.device.virtual_disk = true;
	golden("virtual", NULL, "standard");
	assert_int_equal(q.burst.state, WB_SUSTAINED_UNKNOWN);
}

static void test_not_judged(void **state)
{
	(void)state;
	qualify_run_dry_at_24s(&rs, &tiers, 6);
	golden("not_judged", NULL, "standard");
	assert_true(q.burst.dropped);
}

static void test_volume(void **state)
{
	(void)state;
	qualify_run_two_volumes(&table);
	qualify_run_build(&rs, &tiers, 1000, 2000, 10);
	qualify_run_on_virtual_disk(&rs, "Cloud Block Store");
	qualify_run_plateau(&rs);
	golden("volume", &table, "standard");
	assert_int_equal(q.burst.volume.device, 0);
}

static void test_ruled_out(void **state)
{
	(void)state;
	qualify_run_two_volumes(&table);
	qualify_run_build(&rs, &tiers, 1000, 2000, 10);
	qualify_run_on_virtual_disk(&rs, "Cloud Local SSD");
	golden("ruled_out", &table, "fast");
	assert_true(q.burst.ruled_out);
}

static void test_findings(void **state)
{
	(void)state;
	qualify_run_build(&rs, &tiers, 1000, 12, 10);
	snprintf(rs.device.fs_type, sizeof(rs.device.fs_type), "tmpfs");
	snprintf(rs.device.write_cache, sizeof(rs.device.write_cache), "write back");
	rs.device.virtual_disk = true;
	golden("findings", NULL, "standard");
	assert_true(q.nfindings >= 4);
}

static void test_stripe_penalty(void **state)
{
	(void)state;
	qualify_run_array(&rs, &tiers, 1000);
	golden("stripe_penalty", NULL, "standard");
	assert_int_equal(q.stripe.state, WB_STRIPE_PENALTY);
}

static void test_stripe_cached(void **state)
{
	unsigned i;

	(void)state;
	qualify_run_array(&rs, &tiers, 2600);
	for (i = 0; i < 3; i++)
		rs.device.array.members[i].loop_dio = 0;
	golden("stripe_cached", NULL, "standard");
	assert_int_equal(q.stripe.state, WB_STRIPE_UNCLEAR);
}

static void test_slow_member(void **state)
{
	size_t i;

	(void)state;
	qualify_run_array(&rs, &tiers, 1000);
	for (i = 0; i < rs.n; i++)
		if (strncmp(rs.v[i].test.label, "sweep", 5) == 0)
			snprintf(rs.v[i].test.label, sizeof(rs.v[i].test.label), "other");
	rs.device.array.members[1].run_write_ms = 1600;
	golden("slow_member", NULL, "standard");
	assert_int_equal(q.stripe.state, WB_STRIPE_NOT_STRIPED);
}

static int teardown(void **state)
{
	(void)state;
	wb_results_free(&rs);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_pass, teardown),
		cmocka_unit_test_teardown(test_rate_interval_at_zero, teardown),
		cmocka_unit_test_teardown(test_html_figures, teardown),
		cmocka_unit_test_teardown(test_html_slice_run, teardown),
		cmocka_unit_test_teardown(test_html_unsynced_reference, teardown),
		cmocka_unit_test_teardown(test_no_such_tier, teardown),
		cmocka_unit_test_teardown(test_failed, teardown),
		cmocka_unit_test_teardown(test_trend_unknown, teardown),
		cmocka_unit_test_teardown(test_bucket, teardown),
		cmocka_unit_test_teardown(test_virtual, teardown),
		cmocka_unit_test_teardown(test_not_judged, teardown),
		cmocka_unit_test_teardown(test_volume, teardown),
		cmocka_unit_test_teardown(test_ruled_out, teardown),
		cmocka_unit_test_teardown(test_findings, teardown),
		cmocka_unit_test_teardown(test_stripe_penalty, teardown),
		cmocka_unit_test_teardown(test_stripe_cached, teardown),
		cmocka_unit_test_teardown(test_slow_member, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
