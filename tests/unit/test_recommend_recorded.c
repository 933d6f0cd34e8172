/* test_recommend_recorded.c — recommend's rule in commits without a server
 * (issue 46), on recorded runs: `recommend --workload oltp` by the build before
 * the rule, on xfs on zram (it switched to open_datasync for 1.5 us a flush) and
 * on 150-IOPS ext4 volumes (slowdisk, throttled in the root cgroup: a tie;
 * throttled, in a child cgroup: a switch to fsync), saved with --json in
 * fixtures/commit_tie. Each run's commit trials are replayed round by round
 * (trial k in round k) through the sequential decision as the plan for a given
 * configuration sets it up (plan/command.c, measure/stop_rules.c), then judged
 * by wb_recommend. Pins: the fast device is a tie, proven early (by its flush
 * alone where a commit's own work is large enough), also where a loaded
 * host's stalls made its flushes uneven (two runs that switched, kept as
 * *-stall-switch.json); the slow ones keep the
 * decisions flushes gave; a server's own flush share replaces the assumed
 * cost. Each answer's "recommendation" object is pinned byte for byte in
 * fixtures/recommend/ (golden.h), so that it may become a table of fields
 * as the placement and the tests did, the JSON unchanged; so are the
 * writer's branches no recorded answer reaches (test_branches_pinned). Each
 * golden also reads back (report/results_reader.h) and is written again from
 * what it read (recommend_fields.c's table) as the same text; an undecided
 * answer's reasons read back as the codes the run's words came from. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "golden.h"
#include "advice/recommend.h"
#include "advice/server_shape.h"
#include "measure/stop_rules.h"
#include "plan/command.h"
#include "plan/options.h"
#include "report/fields.h"
#include "report/html.h"
#include "report/json_parts.h"
#include "report/results_reader.h"
#include "report/words.h"
#include "results/decide.h"

#define MAX_TESTS 8

static struct wb_saved_results saved;
static struct wb_results rs;
static uint32_t round_cap; /* replay no more rounds than this; 0: all */

static void load(const char *name)
{
	char path[1024], err[512];

	snprintf(path, sizeof(path), "%s/commit_tie/%s", WB_FIXTURES_DIR, name);
	memset(&saved, 0, sizeof(saved));
	if (wb_saved_read(path, &saved, err, sizeof(err)))
		fail_msg("%s: %s", path, err);
	assert_true(saved.has_recommendation);
}

/* recommend's configuration, as the command line leaves it by default. */
static struct wb_config config(void)
{
	struct wb_config cfg;

	assert_int_equal(wb_config_defaults(&cfg, WB_CMD_RECOMMEND), 0);
	return cfg;
}

/* Replays the saved commit tests through the decision the plan of cfg asks. */
static void replay(const struct wb_config *cfg)
{
	struct wb_command_plan plan;
	bool done[MAX_TESTS] = { false };
	const struct wb_saved_test *src[MAX_TESTS];
	size_t i, n = 0, most = 0;
	uint32_t r;

	/* Only the decision's figures are replayed: no trial is fitted. */
	assert_int_equal(wb_plan_command(WB_CMD_RECOMMEND, cfg, 1, 0, &plan), 0);
	memset(&rs, 0, sizeof(rs));
	rs.adaptive = true;
	for (i = 0; i < saved.ntests; i++) {
		const struct wb_saved_test *t = &saved.tests[i];
		struct wb_result *x;

		if (!wb_saved_ok(t) || t->writes_per_op != 1 || !t->ntrials)
			continue;
		assert_true(n < MAX_TESTS);
		x = wb_results_add(&rs, &(struct wb_test){
			.method = wb_method_find(t->method), .engine = WB_ENGINE_SYNC, .size = 8192,
			.writes_per_op = 1, .queue_depth = 1, .jobs = 1, .committers = 1,
			.pattern = WB_PATTERN_APPEND, .flush_form = WB_FLUSH_COALESCED });
		assert_non_null(x);
		x->status = WB_STATUS_OK;
		src[n++] = t;
		most = t->ntrials > most ? t->ntrials : most;
	}
	assert_true(n >= 2);
	if (round_cap && most > round_cap)
		most = round_cap;
	assert_true(wb_rule_decision_begin(n, &plan.sched, &rs));
	for (r = 0; r < most; r++) {
		for (i = 0; i < n; i++)
			if (!done[i] && r < src[i]->ntrials)
				assert_int_equal(wb_result_add_trial(&rs.v[i], src[i]->trial_rates[r], r),
						 0);
		rs.rounds = r + 1;
		if (wb_decide_step(rs.v, n, &rs.decide_params, done, rs.decisions, &rs.ndecisions,
				   r + 1.0, r + 1))
			break;
	}
	rs.elapsed_ns = (uint64_t)rs.rounds * 1000000000ull;
	wb_rule_decision_finish(rs.v, n, &plan.sched, &rs);
	for (i = 0; i < n; i++)
		wb_stats_compute(rs.v[i].trial_rates, rs.v[i].ntrials, &rs.v[i].stats);
}

static void decide(const struct wb_config *cfg, const struct wb_pg_observed *server,
		   struct wb_recommendation *rec)
{
	struct wb_recommend_params p = { .workload = WB_WORKLOAD_OLTP,
					 .min_gain_pct = cfg->min_gain_bp / 100.0,
					 .server = server };

	replay(cfg);
	assert_true(wb_recommend(&rs, &p, rec));
}

static int teardown(void **state)
{
	(void)state;
	wb_results_free(&rs);
	wb_saved_free(&saved);
	round_cap = 0;
	return 0;
}

/* A golden file read back, written again (golden_round_trip). */
static void write_again(cJSON *got, const struct wb_saved_results *back)
{
	assert_true(back->has_recommendation);
	wb_fields_write(got, WB_KEY_RECOMMENDATION, &wb_recommendation_fields, &back->rec);
}

/* {"recommendation": ...} as the writer makes it of rec, against
 * fixtures/recommend/NAME.golden.json, and read back. */
static void golden(const char *name, const struct wb_recommendation *rec)
{
	char path[512], *text;
	cJSON *root = cJSON_CreateObject();

	assert_non_null(root);
	wb_json_add_recommendation(root, rec);
	snprintf(path, sizeof(path), WB_FIXTURES_DIR "/recommend/%s.golden.json", name);
	text = golden_check_json(path, name, root);
	golden_round_trip(name, cJSON_Parse(text), text, write_again);
	free(text);
}

/* What the recorded run recommended: the method, and whether it was a change. */
static void assert_as_recorded(const struct wb_recommendation *rec)
{
	assert_string_equal(wb_method_get(rec->method)->name, saved.rec.method);
	assert_int_equal(wb_rec_change(rec), saved.rec.change);
}

/* xfs on zram: the build before switched to open_datasync, +25 % a flush
 * (p50 10.7 us against 9.2; on a loaded host, means of 45 and 35 us). In
 * commits of the default cost that flush is a tenth of a commit, so 5 % in
 * commits asks flushes over 50 % faster: every method is proven within that
 * before a switch is first looked for, a tie. --commit-work 0 compares flushes: the recorded switch. */
static void test_fast_device_tie(void **state)
{
	struct wb_config cfg = config();
	struct wb_recommendation rec;

	(void)state;
	load("zram-xfs-switch.json");
	assert_true(saved.rec.change); /* what the rule is for */
	decide(&cfg, NULL, &rec);
	assert_int_equal(rec.state, WB_REC_TIE);
	assert_int_equal(rec.method, WB_METHOD_FDATASYNC);
	assert_int_equal(rec.share_source, WB_SHARE_ASSUMED);
	assert_true(rec.flush_share > 0.0 && rec.flush_share < 0.2);
	assert_true(rec.flush_min_gain_pct > 50.0);
	/* before the first round a switch could be looked for; the switch came at 48 */
	assert_true(rec.oltp.decision->rounds < WB_DECIDE_MIN_ROUNDS);
	golden("tie", &rec);
	wb_results_free(&rs);
	cfg.commit_work_ns = 0;
	decide(&cfg, NULL, &rec);
	assert_as_recorded(&rec);
	assert_int_equal(rec.share_source, WB_SHARE_NONE);
	golden("flushes", &rec);
}

/* The same run where a commit costs 2 ms besides its flush (pgbench's wall
 * time per transaction on the loaded host): even a flush of no time gains
 * commits under 5 %, a tie proven by the default's flush alone, at the first
 * look, whatever the others measured. */
static void test_fast_device_bound(void **state)
{
	struct wb_config cfg = config();
	struct wb_recommendation rec;

	(void)state;
	load("zram-xfs-switch.json");
	cfg.commit_work_ns = 2000000;
	decide(&cfg, NULL, &rec);
	assert_int_equal(rec.state, WB_REC_TIE);
	assert_true(rec.commit_bound);
	assert_true(rec.commit_bound_pct < 5.0);
	assert_int_equal(rec.oltp.decision->why, WB_WHY_COMMIT_BOUND);
	assert_int_equal(rec.oltp.decision->rounds, WB_DECIDE_MIN_SETTLE_ROUNDS);
	assert_true(isinf(rec.flush_min_gain_pct));
	golden("bound", &rec);
}

/* Recorded runs where the rule of one figure still switched, by 31 % on xfs
 * on zram and 76 % on tmpfs, on a host loaded by a test suite: its stalls
 * made the baseline's flush interval of the first eight trials wide, and its
 * top (171 and 76 us, a fifth and a tenth of a commit) lowered the flush gain
 * a switch had to prove to 27 and 72 %. A switch is now proven at the
 * interval's bottom, and both ends follow the trials as they come in: no
 * switch, and the leads, within the gain a tie is judged at, are a tie. */
static void stall(const char *name)
{
	struct wb_config cfg = config();
	struct wb_recommendation rec;
	const struct wb_group_decision *d;

	load(name);
	assert_true(saved.rec.change); /* what the rule is for */
	decide(&cfg, NULL, &rec);
	d = rec.oltp.decision;
	assert_non_null(d);
	assert_true(d->in_commits);
	assert_true(d->switch_flush_us < d->flush_us);
	assert_false(wb_rec_change(&rec));
	assert_int_equal(rec.method, WB_METHOD_FDATASYNC);
	assert_int_equal(rec.state, WB_REC_TIE);
}

static void test_zram_stall_no_switch(void **state)
{
	(void)state;
	stall("zram-xfs-stall-switch.json");
}

static void test_tmpfs_stall_no_switch(void **state)
{
	(void)state;
	stall("shm-stall-switch.json");
}

/* slowdisk: a commit is nearly all flush, so 5 % in commits asks a flush a
 * little more than 5 %, and every recorded decision stands. */
static void slow_device(const char *name, const char *pinned)
{
	struct wb_config cfg = config();
	struct wb_recommendation rec;
	char why[WB_WORDS_DECISION_LEN];

	load(name);
	decide(&cfg, NULL, &rec);
	assert_int_equal(rec.share_source, WB_SHARE_ASSUMED);
	assert_false(rec.commit_bound);
	assert_true(rec.flush_share > 0.9);
	assert_true(rec.flush_min_gain_pct > 5.0 && rec.flush_min_gain_pct < 6.0);
	assert_as_recorded(&rec);
	/* The group's words: the decision's own, then the commits it was asked in. */
	wb_words_decision(rec.oltp.decision, why, sizeof(why));
	assert_true(strncmp(why, wb_rec_change(&rec) ? "fsync beats fdatasync by" : "tie: ",
			    strlen(wb_rec_change(&rec) ? "fsync beats fdatasync by" : "tie: ")) == 0);
	assert_non_null(strstr(why, " on flushes is --min-gain's 5.0% in commits: a commit is its flush, "));
	golden(pinned, &rec);
}

static void test_throttled_switch_unchanged(void **state)
{
	(void)state;
	slow_device("throttled-switch.json", "switch");
}

static void test_slow_device_tie_unchanged(void **state)
{
	(void)state;
	slow_device("slowdisk-tie.json", "slow_tie");
}

/* With --observed (or --server), the server's own flush share decides, not
 * the assumed cost: a server whose WAL flushes 90 % of the time gains from
 * the zram flush lead what the recorded run found, and says so. */
/* The zram run decided for a server whose WAL flushes 90 % of the time. */
static void decide_for_server(struct wb_recommendation *rec)
{
	struct wb_config cfg = config();
	struct wb_server_shape shape;
	static struct wb_pg_observed o;

	load("zram-xfs-switch.json");
	memset(&o, 0, sizeof(o));
	o.rate.flush_busy = 0.9;
	o.rate.flush_ms = 0.012;
	o.rate.wal_syncs_per_s = 50000;
	o.rate.flushes = 500000; /* a 10 s window's */
	wb_server_shape(&o, &shape);
	cfg.observed_path = "observed.json";
	cfg.flush_min_gain_pct = wb_server_flush_min_gain(&shape, cfg.min_gain_bp / 100.0);
	decide(&cfg, &o, rec);
}

static void test_server_replaces_default(void **state)
{
	struct wb_recommendation rec;

	(void)state;
	decide_for_server(&rec);
	assert_int_equal(rec.share_source, WB_SHARE_SERVER_TIME);
	assert_true(rec.from_server);
	assert_false(rec.commit_bound);
	assert_true(rec.flush_share == 0.9);
	assert_as_recorded(&rec);
	golden("server", &rec);
}

/* The branches no recorded answer reaches, pinned before the recommendation
 * becomes a table of fields: a failure (no method); an answer left undecided
 * when the replay stops early, with what would settle it (out of reach, and
 * within reach by hand); and a mixed
 * workload's bulk part beside a server whose flush switch is demoted in
 * commits, with the cross-check of its flush time and two advisories. The
 * last is the server answer with those fields set by hand: what the writer
 * makes of them, not what wb_recommend would decide. */
static void test_branches_pinned(void **state)
{
	struct wb_config cfg = config();
	struct wb_recommendation rec;

	(void)state;
	wb_recommend_none(WB_WORKLOAD_OLTP, WB_REC_FAIL_INTERRUPTED, NULL, &rec);
	golden("failed", &rec);
	load("slowdisk-tie.json");
	round_cap = 4;
	decide(&cfg, NULL, &rec);
	assert_int_equal(rec.state, WB_REC_UNDECIDED);
	assert_true(rec.settle.known);
	golden("undecided", &rec);
	rec.settle.more_rounds = 30; /* within reach, by hand: the budget's figures */
	rec.settle.budget_s = 120;
	golden("undecided_budget", &rec);
	teardown(NULL);
	decide_for_server(&rec);
	rec.workload = WB_WORKLOAD_MIXED;
	rec.bulk = rec.oltp;
	rec.commit_demoted = true;
	rec.flush_leader = WB_METHOD_OPEN_SYNC;
	rec.crosscheck = true;
	rec.crosscheck_method = WB_METHOD_FDATASYNC;
	rec.crosscheck_pages = 1;
	rec.server_flush_ms = 0.5;
	rec.walbench_flush_ms = 0.1;
	rec.flush_ratio = 5;
	rec.crosscheck_apart = true;
	rec.advisories[0] = (struct wb_advisory){ .code = WB_ADV_SWAPPINESS,
						  .severity = WB_SEVERITY_INFO, .value = 60 };
	rec.advisories[1] = (struct wb_advisory){ .code = WB_ADV_THP_ENABLED,
						  .severity = WB_SEVERITY_WARN };
	rec.nadvisories = 2;
	golden("demoted", &rec);
}

/* What the settle read back must say (assert_settle_read_back). */
static struct {
	const char *why, *split_method, *words;
	double switch_conf; /* the file's decision.confidence, which this file leaves out */
} want_settle;

/* The read-back settle's codes and words, then written again (write_again). */
static void check_settle(cJSON *got, const struct wb_saved_results *back)
{
	char words[WB_WORDS_SETTLE_LEN];

	assert_true(back->has_recommendation && back->rec.settle.known);
	assert_string_equal(back->rec.settle.why, want_settle.why);
	assert_int_equal(back->rec.settle.split_known, want_settle.split_method != NULL);
	if (want_settle.split_method)
		assert_string_equal(back->rec.settle.split_method, want_settle.split_method);
	assert_string_equal(wb_words_saved_settle(&back->rec.settle, want_settle.switch_conf,
						  words, sizeof(words)), want_settle.words);
	write_again(got, back);
}

/* rec written as a results file and read back: its settle worded from the
 * file is the live headline's, and the file says why as data. */
static void assert_settle_read_back(const struct wb_recommendation *rec, const char *why,
				    const char *split_method)
{
	char live[WB_WORDS_SETTLE_LEN], *text;
	struct wb_rec_words w;
	cJSON *root = cJSON_CreateObject();

	assert_non_null(root);
	wb_json_add_recommendation(root, rec);
	text = cJSON_Print(root);
	assert_non_null(text);
	wb_words_settle(&rec->settle, wb_rec_settle_gain_pct(rec), live, sizeof(live));
	wb_words_recommendation(rec, &w);
	if (!strstr(w.headline, live))
		fail_msg("the headline does not give the settle's reason: %s\n%s", w.headline, live);
	want_settle.why = why;
	want_settle.switch_conf = rec->settle.switch_conf;
	want_settle.split_method = split_method;
	want_settle.words = live;
	golden_round_trip(why, root, text, check_settle);
	free(text);
}

/* Each reason an undecided answer gives for its budget (results/settle.h)
 * is in the file as a code with its figures, and a report made from the file
 * words the same reason: the halves that disagreed (on the method named, and
 * on another, with its interval), a budget past an hour (near --min-gain),
 * too short a run to estimate, and a budget. */
static void test_settle_reasons_read_back(void **state)
{
	struct wb_config cfg = config();
	struct wb_recommendation rec;
	char open[WB_WORDS_SETTLE_LEN];

	(void)state;
	load("slowdisk-tie.json");
	round_cap = 4;
	decide(&cfg, NULL, &rec);
	assert_int_equal(rec.state, WB_REC_UNDECIDED);
	assert_int_equal(rec.settle.why, WB_SETTLE_NOT_REPLICATED);
	assert_int_not_equal(rec.settle.split_method, rec.settle.method);
	assert_settle_read_back(&rec, "not-replicated", "open_sync");
	assert_non_null(strstr(wb_words_settle(&rec.settle, 5.0, open, sizeof(open)),
			       "the two halves of the run disagreed on open_sync (-28.2%"));
	rec.settle.split_method = rec.settle.method;
	rec.settle.split = rec.settle.vs_baseline;
	assert_settle_read_back(&rec, "not-replicated", "open_datasync");
	rec.settle.why = WB_SETTLE_BEYOND_MAX;
	rec.settle.more_rounds = 5000;
	assert_settle_read_back(&rec, "beyond-max", NULL);
	assert_non_null(strstr(wb_words_settle(&rec.settle, 5.0, open, sizeof(open)),
			       "so near --min-gain 5.0% that no budget under an hour"));
	rec.settle.why = WB_SETTLE_NO_ESTIMATE;
	assert_settle_read_back(&rec, "no-estimate", NULL);
	rec.settle.why = WB_SETTLE_BUDGET;
	rec.settle.more_rounds = 30;
	rec.settle.budget_s = 120;
	assert_settle_read_back(&rec, "budget", NULL);
}

/* The HTML report of an undecided file: its table names the open method the
 * headline does, on its flush, and says what the runner-up's figure is of
 * and against. Unlabelled, a runner-up on commits beside a headline's open
 * method on bulk flushes gave one method two figures in one box. Its
 * settings are PostgreSQL's defaults: nothing to change. */
static void test_html_names_what_is_open(void **state)
{
	static struct wb_saved_results back;
	struct wb_config cfg = config();
	struct wb_recommendation rec;
	struct wb_report_run run = { &back, "undecided" };
	char *html;
	cJSON *root = cJSON_CreateObject();

	(void)state;
	load("slowdisk-tie.json");
	round_cap = 4;
	decide(&cfg, NULL, &rec);
	assert_int_equal(rec.state, WB_REC_UNDECIDED);
	assert_non_null(root);
	wb_json_add_recommendation(root, &rec);
	golden_read_doc("undecided.json", root, &back);
	html = wb_html_render(&run, 1);
	assert_non_null(html);
	if (!strstr(html, "still open (commit 8kB)</td><td><code>open_datasync</code></td><td>-1.4 %") ||
	    !strstr(html, "runner-up (commits, against fdatasync)"))
		fail_msg("the HTML does not name the open method and what the runner-up is of:\n%s",
			 strstr(html, "<h3>Which wal_sync_method"));
	/* It keeps PostgreSQL's defaults: no ALTER SYSTEM to pin them, said so */
	if (strstr(html, "on a running server:") ||
	    !strstr(html, "<p class=\"\">nothing to change: every setting above is "
			  "PostgreSQL&#39;s default</p>"))
		fail_msg("the HTML offers ALTER SYSTEM for what does not change:\n%s",
			 strstr(html, "postgresql.conf:"));
	free(html);
	wb_saved_free(&back);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_fast_device_tie, teardown),
		cmocka_unit_test_teardown(test_fast_device_bound, teardown),
		cmocka_unit_test_teardown(test_zram_stall_no_switch, teardown),
		cmocka_unit_test_teardown(test_tmpfs_stall_no_switch, teardown),
		cmocka_unit_test_teardown(test_throttled_switch_unchanged, teardown),
		cmocka_unit_test_teardown(test_slow_device_tie_unchanged, teardown),
		cmocka_unit_test_teardown(test_server_replaces_default, teardown),
		cmocka_unit_test_teardown(test_settle_reasons_read_back, teardown),
		cmocka_unit_test_teardown(test_branches_pinned, teardown),
		cmocka_unit_test_teardown(test_html_names_what_is_open, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
