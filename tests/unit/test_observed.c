/* test_observed.c — the "observed" object, read back and written again, byte
 * for byte as walbench wrote it: each fixture of tests/unit/fixtures/observed
 * (observe's own files from a throwaway PostgreSQL 15, busy under pgbench and
 * idle with track_wal_io_timing off, and that idle one edited to what a far or
 * restricted server leaves out) has a golden file, X.golden.json, of what the
 * writer made of it before the observation became one table of fields
 * (report/observed_fields.c): the table may change how it is walked, never
 * what is written. WB_GOLDEN_WRITE=1 rewrites the goldens (for a new key:
 * review the diff). And the role a run connected as reads back into the
 * HTML report; the text's rates, and its refusal of a size per flush or a
 * mean from fewer than a handful of flushes. Writes nothing otherwise. */
#include <errno.h>
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
#include "report/html.h"
#include "report/json_parts.h"
#include "report/observed_text.h"
#include "report/textbuf.h"
#include "report/results_reader.h"

#ifndef WB_FIXTURES_DIR
#define WB_FIXTURES_DIR "tests/unit/fixtures"
#endif
#define DIR WB_FIXTURES_DIR "/observed/"

static struct wb_saved_results s;

/* {"observed": ...} as the writer makes it of what the reader read. */
static char *written(const char *name)
{
	char path[512], err[1024] = "", *text;
	cJSON *root;

	snprintf(path, sizeof(path), DIR "%s.json", name);
	if (wb_saved_read(path, &s, err, sizeof(err)))
		fail_msg("%s", err);
	assert_non_null(s.observed);
	root = cJSON_CreateObject();
	assert_non_null(root);
	wb_json_add_observed(root, s.observed);
	text = cJSON_Print(root);
	assert_non_null(text);
	cJSON_Delete(root);
	wb_saved_free(&s);
	return text;
}

static void golden(const char *name)
{
	char path[512], *text = written(name);

	snprintf(path, sizeof(path), DIR "%s.golden.json", name);
	golden_check(path, name, text);
	free(text);
}

/* observe's files are their own golden: the reader and the writer lose and
 * add nothing of what walbench wrote. */
static void same_as_written(const char *name)
{
	char path[512], *text = written(name), *file, *want;
	cJSON *root, *obs;

	snprintf(path, sizeof(path), DIR "%s.json", name);
	file = golden_slurp(path);
	assert_non_null(file);
	root = cJSON_Parse(file);
	assert_non_null(root);
	obs = cJSON_DetachItemFromObject(root, "observed");
	assert_non_null(obs);
	cJSON_Delete(root);
	root = cJSON_CreateObject();
	assert_non_null(root);
	cJSON_AddItemToObject(root, "observed", obs);
	want = cJSON_Print(root);
	assert_non_null(want);
	if (strcmp(text, want))
		fail_msg("%s: read and written again, it differs from what walbench wrote:\n%s", name,
			 text);
	cJSON_Delete(root);
	free(want);
	free(file);
	free(text);
}

static void test_busy(void **state)
{
	(void)state;
	golden("busy");
	same_as_written("busy");
}

static void test_idle(void **state)
{
	(void)state;
	golden("idle");
	same_as_written("idle");
}

static void test_restricted(void **state)
{
	(void)state;
	golden("restricted");
}

/* The role recommend --server printed is the one the HTML report made from its
 * file names: it is saved (observed.role), not "?". */
static void test_role(void **state)
{
	struct wb_report_run run = { &s, "busy" };
	char err[1024] = "", *html;

	(void)state;
	if (wb_saved_read(DIR "busy.json", &s, err, sizeof(err)))
		fail_msg("%s", err);
	assert_non_null(s.observed);
	assert_string_equal(s.observed->role, "postgres");
	html = wb_html_render(&run, 1);
	assert_non_null(html);
	if (!strstr(html, "as role postgres, observed for"))
		fail_msg("the HTML report does not name the role:\n%s", html);
	free(html);
	wb_saved_free(&s);
}

/* The observation of the file at path, into s. */
static void read_observed(const char *path)
{
	char err[1024] = "";

	if (wb_saved_read(path, &s, err, sizeof(err)))
		fail_msg("%s", err);
	assert_non_null(s.observed);
}

/* observe's text of s, with the line that starts with what. */
static void line_of(const char *what, const char *want)
{
	struct wb_textbuf b = { 0 };
	char *at;

	wb_observed_text(s.observed, &b);
	assert_false(b.failed);
	at = strstr(b.s, what);
	if (!at || !strstr(at, want) || strchr(at, '\n') < strstr(at, want))
		fail_msg("no \"%s\" on the line of \"%s\":\n%s", want, what, b.s);
	free(b.s);
}

/* The rates' words follow what the server does: commits that do not wait for
 * a flush are not said to; the size per flush is the WAL carried on every
 * major, 18's bytes written a line of their own; more device writes than
 * pages are not the pages'. */
static void test_rate_words(void **state)
{
	(void)state;
	read_observed(DIR "busy.json");
	line_of("  commits ", "(waiting for a flush)");
	line_of("  per flush ", " of WAL (");
	s.observed->rate.async_commit = true;
	line_of("  commits ", "(synchronous_commit = off: they do not wait for its flush)");
	s.observed->rate.fsync_off = true;
	line_of("  commits ", "(fsync = off: their WAL is never flushed)");
	s.observed->rate.written_per_flush = 8811;
	s.observed->rate.written_per_write = 8704;
	line_of("  per flush ", " of WAL (");
	line_of("  written ", "8.6 kB per flush (1.1 pages), 8.5 kB per write (whole pages");
	s.observed->rate.data_pages_per_s = 27.1;
	s.observed->rate.device_writes_per_page = 558.03;
	line_of("  data pages ", "took 558.03 writes per page (the WAL's own taken out): more "
		"than the pages, so others write there too");
	s.observed->rate.device_writes_per_page = 0.61;
	line_of("  data pages ", "; 0.61 device writes on ");
	wb_saved_free(&s);
}

/* The idle fixture's window held one flush (one wal_sync in 10.04 s): no
 * size per flush nor mean flush time is given of it, but the count; its
 * rates stay. The mean, had the flush been timed, is left out as well. At
 * five flushes the figures are back. */
static void test_few_flushes(void **state)
{
	static const struct {
		double flushes;
		const char *line, *want;
	} rows[] = {
		{ 1, "  per flush ", "n/a (1 flush in the 10.0 s window, too few (fewer than 5) "
				 "for a size per flush)" },
		{ 1, "  WAL ", "0.1 flushes/s" },
		{ 1, "  server's flush ", "n/a (1 flush in the 10.0 s window, too few (fewer "
				      "than 5) for a mean)" },
		{ 4, "  server's flush ", "n/a (4 flushes in the 10.0 s window" },
		{ 5, "  server's flush ", "1.875 ms mean" },
		{ 5, "  per flush ", " of WAL (" },
	};
	size_t i;

	(void)state;
	read_observed(DIR "idle.json");
	assert_true(s.observed->rate.flushes == 1);
	s.observed->rate.flush_ms = 1.875; /* as if timed */
	s.observed->rate.flush_busy = 0.0002;
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		s.observed->rate.flushes = rows[i].flushes;
		line_of(rows[i].line, rows[i].want);
	}
	wb_saved_free(&s);
}

/* A counter past 64 bits (a file edited, or not walbench's) is refused by name,
 * never converted (undefined in C; the results fuzzer found it). */
static void test_counter_too_large(void **state)
{
	static const char was[] = "\"xact_commit\":\t912,";
	char err[1024] = "", *text = golden_slurp(DIR "busy.json"), *at, *big;

	(void)state;
	assert_non_null(text);
	at = strstr(text, was);
	assert_non_null(at);
	big = malloc(strlen(text) + 8);
	assert_non_null(big);
	sprintf(big, "%.*s\"xact_commit\":\t9e99,%s", (int)(at - text), text, at + strlen(was));
	assert_int_equal(wb_saved_parse(big, "big.json", &s, err, sizeof(err)), -EINVAL);
	if (!strstr(err, "big.json: observed.xact_commit: expected a counter below 2^64, got 9e+99"))
		fail_msg("%s", err);
	wb_saved_free(&s);
	free(big);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_busy),
		cmocka_unit_test(test_idle),
		cmocka_unit_test(test_restricted),
		cmocka_unit_test(test_role),
		cmocka_unit_test(test_rate_words),
		cmocka_unit_test(test_few_flushes),
		cmocka_unit_test(test_counter_too_large),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
