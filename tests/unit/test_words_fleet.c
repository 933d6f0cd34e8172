/* test_words_fleet.c — the fleet summary's sentences (report/words_fleet.h) for
 * each finding kind, vote state and headline branch, on verdicts built by hand:
 * the figures are set, not measured, so each sentence is checked exactly. The
 * sentences test_fleet.c once checked on measured fleets are here word for word;
 * and the host table's columns and the servers' lines (report/fleet_text.h),
 * printed to memory. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "report/fleet_text.h"
#include "report/words.h"

#define MAXH 8

/* Static: a results struct holds a 4 kB path, cmocka's stack is small. */
static struct wb_saved_results r[MAXH];
static struct wb_fleet_host hosts[MAXH];
static struct wb_fleet_finding findings[MAXH];
static struct wb_fleet_vote votes[4];
static struct wb_fleet_answer answers[MAXH];
static struct wb_fleet_disagreement disagreements[MAXH];
static struct wb_fleet_verdict v;
static char labels[MAXH][16];
static struct wb_saved_test commit; /* fdatasync's commit row, as recommend writes it */
static char buf[WB_FLEET_HEADLINE_LEN];

/* A fleet of n recommend hosts db1..dbn, nothing found, no votes yet. */
static int setup(void **state)
{
	size_t h;

	(void)state;
	memset(&v, 0, sizeof(v));
	memset(findings, 0, sizeof(findings));
	memset(votes, 0, sizeof(votes));
	memset(&commit, 0, sizeof(commit));
	strcpy(commit.method, "fdatasync");
	strcpy(commit.engine, "sync");
	strcpy(commit.label, "PostgreSQL 18");
	commit.size = 8192;
	commit.writes_per_op = 1;
	strcpy(commit.pattern, "append");
	commit.queue_depth = 1;
	commit.jobs = 1;
	strcpy(commit.flush_form, "coalesced");
	strcpy(commit.fd_mode, "keep");
	commit.wal_buffers = 4u << 20;
	commit.data_load = -1;
	for (h = 0; h < MAXH; h++) {
		memset(&r[h], 0, sizeof(r[h]));
		snprintf(labels[h], sizeof(labels[h]), "db%zu", h + 1);
		hosts[h] = (struct wb_fleet_host){ .r = &r[h], .label = labels[h], .key = &commit };
	}
	v.hosts = hosts;
	v.findings = findings;
	v.votes = votes;
	v.answers = answers;
	v.disagreements = disagreements;
	return 0;
}

static void fleet_of(size_t n, size_t judged_tests)
{
	v.nhosts = v.distinct_hosts = n;
	v.judged_tests = v.tests = judged_tests;
}

/* A vote whose answers are values[i] given by hosts[i] hosts, most common first. */
static struct wb_fleet_vote *vote(enum wb_fleet_vote_kind kind, const char *tier, size_t n,
				  const char *const *values, const size_t *counts)
{
	struct wb_fleet_vote *w = &votes[v.nvotes++];
	size_t i;

	w->kind = kind;
	snprintf(w->tier, sizeof(w->tier), "%s", tier);
	w->first_answer = v.nanswers;
	w->nanswers = n;
	for (i = 0; i < n; i++) {
		answers[v.nanswers++] = (struct wb_fleet_answer){ values[i], counts[i] };
		w->hosts += counts[i];
	}
	w->no_majority = n > 1 && counts[0] == counts[1];
	if (!w->no_majority)
		snprintf(w->majority, sizeof(w->majority), "%s", values[0]);
	w->majority_hosts = counts[0];
	return w;
}

static void differs(size_t host, const char *value)
{
	struct wb_fleet_disagreement *x = &disagreements[v.ndisagreements++];

	x->host = host;
	x->vote = v.nvotes - 1;
	snprintf(x->value, sizeof(x->value), "%s", value);
	votes[x->vote].dissent++;
	hosts[host].disagrees = true;
}

static void agree(size_t n)
{
	static const char *const method[] = { "fdatasync" };
	size_t count[] = { n };

	vote(WB_FLEET_RECOMMENDATION, "", 1, method, count);
}

/* Host h's key test slow at rate [low, high] against median, outlier. */
static struct wb_fleet_finding *slow(size_t h, double rate, double low, double high,
				     double median, size_t others)
{
	struct wb_fleet_finding *x = &findings[v.nfindings++];

	*x = (struct wb_fleet_finding){ .host = h, .kind = WB_FLEET_SLOW, .test = &commit,
					.key = true, .others = others, .rate = rate,
					.has_ci = low < high, .rate_low = low, .rate_high = high,
					.median = median, .diff_pct = 100.0 * (rate / median - 1.0),
					.diff_low_pct = 100.0 * (low / median - 1.0),
					.diff_high_pct = 100.0 * (high / median - 1.0) };
	hosts[h].outlier = true;
	v.outliers++;
	if (!v.lead)
		v.lead = x;
	return x;
}

static const char *finding_words(const struct wb_fleet_finding *x)
{
	return wb_fleet_finding_words(&v, x, buf, WB_FLEET_REASON_LEN);
}

static const char *headline(void)
{
	return wb_fleet_headline(&v, buf, sizeof(buf));
}

/* One lemon among five: its reason, and the headline test_fleet.c once checked. */
static void test_one_lemon(void **state)
{
	const struct wb_fleet_finding *x;

	(void)state;
	fleet_of(5, 2);
	agree(5);
	x = slow(4, 600, 587, 615, 1505, 4);
	assert_string_equal(finding_words(x),
			    "db5: fdatasync/sync 8kB x1 [PostgreSQL 18] append coalesced at 600/s "
			    "[587, 615] is -60 % [-61, -59] against the median of the other 4 "
			    "hosts, 1,505/s: even the top of its 95 % interval is more than 20 % "
			    "below");
	assert_string_equal(headline(),
			    "fleet of 5: 1 outlier (db5: commit fdatasync 8kB -60 % [-61, -59] vs "
			    "median 1,505/s), recommendations agree (fdatasync, 5 of 5)");
	assert_string_equal(wb_fleet_gate_words(&v, buf, sizeof(buf)),
			    "--fail-on-outlier: FAILED: 1 outlier host, 0 hosts with a failed test");
}

/* Two lemons, the second on a point figure: said so, and named after "also". */
static void test_two_lemons_one_point_figure(void **state)
{
	const struct wb_fleet_finding *x;

	(void)state;
	fleet_of(6, 2);
	slow(4, 600, 594, 606, 1500, 5);
	x = slow(5, 700, 700, 700, 1500, 5);
	assert_string_equal(finding_words(x),
			    "db6: fdatasync/sync 8kB x1 [PostgreSQL 18] append coalesced at 700/s "
			    "is -53 % against the median of the other 5 hosts, 1,500/s, more than "
			    "20 % below (a point figure: fewer than 2 trials, no interval)");
	assert_string_equal(headline(), "fleet of 6: 2 outliers (db5: commit fdatasync 8kB "
					"-60.0 % [-60.4, -59.6] vs median 1,500/s; also db6)");
	v.lead = x;
	assert_string_equal(headline(), "fleet of 6: 2 outliers (db6: commit fdatasync 8kB "
					"-53 % vs median 1,500/s, a point figure; also db5)");
}

static void test_all_alike(void **state)
{
	(void)state;
	fleet_of(5, 2);
	agree(5);
	assert_string_equal(headline(), "fleet of 5: no outliers (2 tests compared), "
					"recommendations agree (fdatasync, 5 of 5)");
	assert_string_equal(wb_fleet_gate_words(&v, buf, sizeof(buf)),
			    "--fail-on-outlier: passed: 0 outlier hosts, 0 hosts with a failed test");
	v.judged_tests = 1;
	v.nvotes = 0;
	assert_string_equal(headline(), "fleet of 5: no outliers (1 test compared)");
	v.judged_tests = 0;
	assert_string_equal(headline(), "fleet of 5: no test is ok on 3 or more hosts, nothing "
					"compared");
}

static void test_p99_outlier(void **state)
{
	struct wb_fleet_finding *x = &findings[v.nfindings++];

	(void)state;
	fleet_of(5, 2);
	*x = (struct wb_fleet_finding){ .host = 3, .kind = WB_FLEET_P99, .test = &commit,
					.key = true, .others = 4, .p99_us = 300,
					.median_p99_us = 100, .p99_ratio = 3.0 };
	v.outliers = 1;
	v.lead = x;
	assert_string_equal(finding_words(x),
			    "db4: fdatasync/sync 8kB x1 [PostgreSQL 18] append coalesced p99 300 us "
			    "is 3.0x the median of the other 4 hosts, 100 us, more than 2x (a point "
			    "figure: a percentile has no interval)");
	assert_string_equal(headline(), "fleet of 5: 1 outlier (db4: commit fdatasync 8kB p99 "
					"3.0x the median 100 us)");
	/* not the host's key test: named in full */
	x->key = false;
	assert_string_equal(headline(), "fleet of 5: 1 outlier (db4: fdatasync/sync 8kB x1 "
					"[PostgreSQL 18] append coalesced p99 3.0x the median "
					"100 us)");
}

static void test_failed_hosts(void **state)
{
	static struct wb_saved_test bad;
	struct wb_fleet_finding *x = &findings[v.nfindings++];

	(void)state;
	bad = commit;
	strcpy(bad.status, "error");
	strcpy(bad.reason, "fdatasync: Input/output error");
	bad.durability_failure = true;
	fleet_of(5, 2);
	agree(5);
	*x = (struct wb_fleet_finding){ .host = 1, .kind = WB_FLEET_FAILED, .test = &bad,
					.key = true };
	hosts[1].failed = true;
	v.failed = 1;
	assert_string_equal(finding_words(x),
			    "db2 FAILED: durability failure on fdatasync/sync 8kB x1 [PostgreSQL "
			    "18] append coalesced: fdatasync: Input/output error");
	assert_string_equal(headline(), "fleet of 5: 1 FAILED (db2: durability failure on commit "
					"fdatasync 8kB), no outliers (2 tests compared), "
					"recommendations agree (fdatasync, 5 of 5)");
	assert_string_equal(wb_fleet_gate_words(&v, buf, sizeof(buf)),
			    "--fail-on-outlier: FAILED: 0 outlier hosts, 1 host with a failed test");
	bad.durability_failure = false;
	bad.reason[0] = '\0';
	assert_string_equal(finding_words(x), "db2 FAILED: error on fdatasync/sync 8kB x1 "
					      "[PostgreSQL 18] append coalesced");
	hosts[2].failed = true;
	v.failed = 2;
	assert_string_equal(headline(), "fleet of 5: 2 FAILED (db2, db3), no outliers (2 tests "
					"compared), recommendations agree (fdatasync, 5 of 5)");
}

static void test_disagreeing_recommendation(void **state)
{
	static const char *const methods[] = { "fdatasync", "fsync", "open_datasync" };
	static const size_t counts[] = { 4, 1 }, counts3[] = { 5, 1, 1 };

	(void)state;
	fleet_of(5, 2);
	vote(WB_FLEET_RECOMMENDATION, "", 2, methods, counts);
	differs(2, "fsync");
	assert_string_equal(wb_fleet_disagreement_words(&v, &disagreements[0], buf, sizeof(buf)),
			    "db3 recommends fsync where 4 of 5 recommend files recommend fdatasync");
	assert_string_equal(wb_fleet_vote_words(&v, &votes[0], buf, sizeof(buf)),
			    "recommendations: fdatasync on 4 of 5; 1 differs (db3 fsync)");
	assert_string_equal(wb_fleet_counts_words(&v, &votes[0], buf, sizeof(buf)),
			    "fdatasync 4, fsync 1");
	setup(state);
	fleet_of(7, 2);
	vote(WB_FLEET_RECOMMENDATION, "", 3, methods, counts3);
	differs(3, "fsync");
	differs(6, "open_datasync");
	assert_string_equal(wb_fleet_vote_words(&v, &votes[0], buf, sizeof(buf)),
			    "recommendations: fdatasync on 5 of 7; 2 differ (db4 fsync, db7 "
			    "open_datasync)");
}

static void test_no_majority(void **state)
{
	static const char *const methods[] = { "fdatasync", "fsync" }, *const verdicts[] = {
		"pass", "fail" };
	static const size_t counts[] = { 2, 2 }, one_each[] = { 1, 1 };

	(void)state;
	fleet_of(4, 2);
	vote(WB_FLEET_RECOMMENDATION, "", 2, methods, counts);
	assert_string_equal(headline(), "fleet of 4: no outliers (2 tests compared), no majority "
					"recommendation (fdatasync 2, fsync 2)");
	vote(WB_FLEET_VERDICT, "standard", 2, verdicts, one_each);
	assert_string_equal(wb_fleet_vote_words(&v, &votes[1], buf, sizeof(buf)),
			    "no majority verdict on tier standard (pass 1, fail 1)");
}

/* Undecided hosts are named as undecided, never as agreeing with a keep. */
static void test_undecided_votes(void **state)
{
	static const char *const method[] = { "fdatasync" };
	size_t ten[] = { 10 }, four[] = { 4 };
	struct wb_fleet_vote *w;

	(void)state;
	fleet_of(12, 2);
	w = vote(WB_FLEET_RECOMMENDATION, "", 1, method, ten);
	w->undecided = 2;
	w->hosts += 2;
	assert_string_equal(wb_fleet_vote_words(&v, w, buf, sizeof(buf)),
			    "recommendations agree (fdatasync, 10 of 12; 2 undecided)");
	w = vote(WB_FLEET_RECOMMENDATION, "", 1, method, four);
	w->undecided = 8;
	w->hosts += 8;
	w->mostly_undecided = true;
	assert_string_equal(wb_fleet_vote_words(&v, w, buf, sizeof(buf)),
			    "recommendations mostly undecided (8 of 12); the other 4: fdatasync 4");
	w = vote(WB_FLEET_RECOMMENDATION, "", 0, method, four);
	w->undecided = 12;
	w->hosts = 12;
	w->mostly_undecided = true;
	w->majority[0] = '\0';
	assert_string_equal(wb_fleet_vote_words(&v, w, buf, sizeof(buf)),
			    "recommendations undecided (12 of 12): the budget ran out on every "
			    "host, nothing is proven");
	assert_null(strstr(buf, "agree"));
	/* Among 14 hosts, the other two answer no recommendation: the count is
	 * of the recommend files, said so, never "every host". */
	fleet_of(14, 2);
	assert_string_equal(wb_fleet_vote_words(&v, w, buf, sizeof(buf)),
			    "recommendations undecided on 12 of 14 hosts (every recommend file): "
			    "the budget ran out on each, nothing is proven");
	assert_string_equal(wb_fleet_vote_words(&v, &votes[1], buf, sizeof(buf)),
			    "recommendations mostly undecided (8 of 12 recommend files); the other "
			    "4: fdatasync 4");
}

/* Two hosts: no median, their key tests against each other. */
static void test_two_hosts(void **state)
{
	(void)state;
	fleet_of(2, 0);
	assert_string_equal(headline(), "fleet of 2: too few hosts for a median (3 needed)");
	v.pair = (struct wb_fleet_pair){ .known = true, .has_ci = true, .diff_pct = -60.0,
					 .low_pct = -61.0, .high_pct = -59.0, .significant = true,
					 .state = WB_PAIR_SLOWER };
	assert_string_equal(headline(), "fleet of 2: too few hosts for a median (3 needed); db2 "
					"against db1 on commit fdatasync 8kB: -60 % [-61, -59], "
					"significant");
	v.pair.margin_pct = 5.0;
	v.pair.significant = false;
	/* the same file twice: an interval that holds 0 is no tie */
	v.pair.diff_pct = 0.0, v.pair.low_pct = -12.0, v.pair.high_pct = 12.0;
	v.pair.state = WB_PAIR_UNCLEAR;
	assert_non_null(strstr(headline(), " +0 % [-12, +12], unclear (no difference shown, "
					   "nor sameness within +-5 %)"));
	assert_null(strstr(headline(), "tie"));
	v.pair.low_pct = -3.0, v.pair.high_pct = 3.0;
	v.pair.state = WB_PAIR_TIE;
	assert_non_null(strstr(headline(), " [-3, +3], a tie (within +-5 %)"));
	/* two noisy hosts, Welch on the log scale: a low end near -100 % is
	 * not a total loss, and does not print as one */
	v.pair.diff_pct = -71.3, v.pair.low_pct = -99.7, v.pair.high_pct = 140.2;
	v.pair.state = WB_PAIR_UNCLEAR;
	assert_non_null(strstr(headline(), " -71.3 % [-99.7, +140.2], unclear (no difference "
					   "shown, nor sameness within +-5 %)"));
	v.pair.has_ci = false;
	v.pair.diff_pct = -60.0;
	v.pair.state = WB_PAIR_NO_INTERVAL;
	assert_string_equal(headline(), "fleet of 2: too few hosts for a median (3 needed); db2 "
					"against db1 on commit fdatasync 8kB: -60 %, a point figure");
}

/* Recommend and qualify files of two tiers: each vote in the headline in turn. */
static void test_mixed_commands(void **state)
{
	static const char *const methods[] = { "fdatasync" }, *const standard[] = { "pass",
										  "fail" },
			  *const fast[] = { "fail" };
	static const size_t two[] = { 2 }, two_one[] = { 2, 1 }, one[] = { 1 };

	(void)state;
	fleet_of(7, 3);
	vote(WB_FLEET_RECOMMENDATION, "", 1, methods, two);
	vote(WB_FLEET_VERDICT, "standard", 2, standard, two_one);
	differs(4, "fail");
	vote(WB_FLEET_VERDICT, "fast", 1, fast, one);
	assert_string_equal(wb_fleet_disagreement_words(&v, &disagreements[0], buf, sizeof(buf)),
			    "db5: fail on tier standard where 2 of 3 qualify files of that tier say "
			    "pass");
	assert_string_equal(headline(), "fleet of 7: no outliers (3 tests compared), "
					"recommendations agree (fdatasync, 2 of 2); tier standard: "
					"pass on 2 of 3; 1 differs (db5 fail); verdicts on tier "
					"fast agree (fail, 1 of 1)");
}

static void test_partial_marked(void **state)
{
	(void)state;
	fleet_of(3, 2);
	agree(3);
	r[1].partial = true;
	v.partial = 1;
	assert_string_equal(headline(), "fleet of 3: no outliers (2 tests compared), 1 partial "
					"(db2), recommendations agree (fdatasync, 3 of 3)");
}

/* The buffers cut where they always did: a headline never overruns its own. */
static void test_truncated(void **state)
{
	char small[24];

	(void)state;
	fleet_of(5, 2);
	agree(5);
	wb_fleet_headline(&v, small, sizeof(small));
	assert_string_equal(small, "fleet of 5: no outliers");
}

static void test_kind_names(void **state)
{
	(void)state;
	assert_string_equal(wb_fleet_finding_kind_name(WB_FLEET_SLOW), "slow");
	assert_string_equal(wb_fleet_finding_kind_name(WB_FLEET_P99), "p99");
	assert_string_equal(wb_fleet_finding_kind_name(WB_FLEET_FAILED), "failed");
}

/* The first n files from the machine vm, as the verdict marks them. */
static void files_of_vm(size_t n)
{
	size_t h;

	for (h = 0; h < n; h++) {
		strcpy(r[h].hostname, "vm");
		hosts[h].host_files = n;
		hosts[h].first_of_host = h == 0;
	}
}

/* The servers' lines give no mean flush time of a window that held fewer
 * than a handful of flushes, as observe's text does not; five are a mean. */
static void test_server_few_flushes(void **state)
{
	static struct wb_pg_observed o;
	char *text = NULL;
	size_t len = 0;
	FILE *out;

	(void)state;
	fleet_of(1, 0);
	o.set.major = 15;
	o.seconds = 10.04;
	o.rate = (struct wb_pg_rates){ .wal_syncs_per_s = 0.1, .flushes = 1, .flush_ms = 1.875,
				       .flush_busy = 0.0002 };
	r[0].observed = &o;
	assert_non_null(out = open_memstream(&text, &len));
	wb_fleet_print(out, &v);
	assert_int_equal(fclose(out), 0);
	if (!strstr(text, "flush n/a (1 flush in the 10.0 s window, too few (fewer than 5) for a "
			  "mean)") || strstr(text, "1.875"))
		fail_msg("a mean of one flush:\n%s", text);
	free(text);
	o.rate.flushes = 5;
	assert_non_null(out = open_memstream(&text, &len));
	wb_fleet_print(out, &v);
	assert_int_equal(fclose(out), 0);
	assert_non_null(strstr(text, "1.875 ms (0 %)"));
	free(text);
	r[0].observed = NULL;
}

/* Four files from one machine (vm): no fleet of four hosts; its counts are
 * of files. Then five files from three hosts, three of them vm's. */
static void test_same_host(void **state)
{
	static const char *const method[] = { "fdatasync" };
	size_t h, undecided[] = { 2 };
	struct wb_fleet_vote *w;

	(void)state;
	fleet_of(4, 0);
	v.distinct_hosts = 1;
	files_of_vm(4);
	w = vote(WB_FLEET_RECOMMENDATION, "", 1, method, undecided);
	w->undecided = w->hosts = 2;
	w->mostly_undecided = true;
	assert_string_equal(headline(),
			    "4 files from 1 host (vm): no test is ok on 3 or more hosts, nothing "
			    "compared, recommendations undecided on 2 of 4 files (every recommend "
			    "file): the budget ran out on each, nothing is proven");
	w->hosts = 4;
	w->undecided = 4;
	assert_non_null(strstr(headline(), "recommendations undecided (4 of 4): the budget ran "
					   "out on every file"));
	assert_string_equal(wb_fleet_gate_words(&v, buf, sizeof(buf)),
			    "--fail-on-outlier: passed: 0 outlier files, 0 files with a failed "
			    "test");
	/* two files of one host: a median counts hosts, and says so */
	setup(NULL);
	fleet_of(2, 0);
	v.distinct_hosts = 1;
	files_of_vm(2);
	assert_non_null(strstr(headline(), "too few hosts for a median (3 needed)"));
	setup(NULL);
	fleet_of(5, 1);
	v.distinct_hosts = 3;
	files_of_vm(3);
	for (h = 3; h < 5; h++) {
		snprintf(r[h].hostname, sizeof(r[h].hostname), "db%zu", h + 1);
		hosts[h].host_files = 1;
		hosts[h].first_of_host = true;
	}
	assert_string_equal(headline(), "5 files from 3 hosts (3 from vm): no outliers (1 test "
					"compared)");
	slow(4, 600, 580, 620, 1500, 4);
	/* the median's members are hosts, one per host, whatever the files */
	assert_non_null(strstr(finding_words(&findings[0]), "the median of the other 4 hosts"));
}

/* The offset of the first "what" on the line of text that starts with start. */
static long column_of(const char *text, const char *start, const char *what)
{
	const char *line = strstr(text, start), *at;

	if (!line || (line != text && line[-1] != '\n'))
		fail_msg("no line starting \"%s\" in:\n%s", start, text);
	at = strstr(line, what);
	assert_non_null(at);
	assert_null(memchr(line, '\n', (size_t)(at - line)));
	return (long)(at - line);
}

/* The summary's text, printed to memory (never to disk), for the caller to free. */
static char *printed(void)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	assert_non_null(out);
	wb_fleet_print(out, &v);
	assert_int_equal(fclose(out), 0);
	return text;
}

/* The host table's answer column is as wide as its widest answer: a tier's
 * verdict of 24 characters ("etcd-heavy: inconclusive") overran the 22 it
 * had and shifted its row's key test, rate and interval out of their
 * columns. Printed to memory, never to disk. */
static void test_table_answer_fits(void **state)
{
	char *text;
	long key;

	(void)state;
	fleet_of(2, 0);
	strcpy(r[0].command, "recommend");
	r[0].has_recommendation = true;
	strcpy(r[0].rec.method, "fdatasync");
	strcpy(r[1].command, "qualify");
	r[1].has_qualification = true;
	strcpy(r[1].tier, "etcd-heavy");
	strcpy(r[1].verdict, "inconclusive");
	strcpy(commit.status, "ok");
	text = printed();
	key = column_of(text, "host ", "key test");
	assert_int_equal(column_of(text, "db1 ", "fdatasync 8kB"), key);
	assert_int_equal(column_of(text, "db2 ", "fdatasync 8kB"), key);
	assert_non_null(strstr(text, "etcd-heavy: inconclusive fdatasync 8kB"));
	free(text);
}

/* The host table's key test column is as wide as its widest key test: a
 * method and size of more than 16 characters ("fsync_writethrough 16kB",
 * 23) overran the fixed 16 it had and shifted that row's rate, interval and
 * p99 out from under their headings. */
static void test_table_key_fits(void **state)
{
	static struct wb_saved_test wide;
	char *text;
	size_t h;
	long ci;

	(void)state;
	fleet_of(2, 0);
	strcpy(commit.status, "ok");
	wide = commit;
	strcpy(wide.method, "fsync_writethrough");
	wide.size = 16384;
	hosts[1].key = &wide;
	for (h = 0; h < 2; h++) {
		strcpy(r[h].command, "run");
		hosts[h].key_ok = hosts[h].key_has_ci = true;
		hosts[h].key_rate = 1000;
		hosts[h].key_low = 900;
		hosts[h].key_high = 1100;
	}
	text = printed();
	ci = column_of(text, "host ", "95% CI");
	assert_int_equal(column_of(text, "db1 ", "[900,"), ci);
	assert_int_equal(column_of(text, "db2 ", "[900,"), ci);
	assert_int_equal(column_of(text, "db2 ", "fsync_writethrough 16kB"),
			 column_of(text, "host ", "key test"));
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_one_lemon, setup),
		cmocka_unit_test_setup(test_two_lemons_one_point_figure, setup),
		cmocka_unit_test_setup(test_all_alike, setup),
		cmocka_unit_test_setup(test_p99_outlier, setup),
		cmocka_unit_test_setup(test_failed_hosts, setup),
		cmocka_unit_test_setup(test_disagreeing_recommendation, setup),
		cmocka_unit_test_setup(test_undecided_votes, setup),
		cmocka_unit_test_setup(test_no_majority, setup),
		cmocka_unit_test_setup(test_two_hosts, setup),
		cmocka_unit_test_setup(test_mixed_commands, setup),
		cmocka_unit_test_setup(test_partial_marked, setup),
		cmocka_unit_test_setup(test_truncated, setup),
		cmocka_unit_test_setup(test_table_answer_fits, setup),
		cmocka_unit_test_setup(test_table_key_fits, setup),
		cmocka_unit_test_setup(test_same_host, setup),
		cmocka_unit_test_setup(test_server_few_flushes, setup),
		cmocka_unit_test(test_kind_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
