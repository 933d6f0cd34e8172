/* recommend_text.c — prints a recommendation (see recommend_text.h), in the words of
 * words.h; computes nothing. */
#include "report/recommend_text.h"

#include <math.h>
#include <stdio.h>

#include "model/units.h"
#include "report/run_text.h"
#include "report/sentence.h"
#include "report/words.h"

/* An undecided part says how the run ended: its budget, or a signal. */
static void print_part(const char *name, const struct wb_part_verdict *v, bool interrupted)
{
	char why[WB_WORDS_WHY_LEN];

	if (!v->measured)
		return;
	printf("  %-15s %s (%s)\n", name, wb_method_get(v->method)->name,
	       v->decided ? wb_words_part_why(v, why, sizeof(why))
	       : interrupted ? "undecided: interrupted" : "undecided within the budget");
}

/* "commit 8kB": what a row flushes. */
static void shape_of(const struct wb_test *t, char *buf, size_t len)
{
	wb_words_flush(wb_shape_name(t), wb_flush_bytes(t), buf, len);
}

/* The baseline's row of r's flush (r itself, when it is the baseline); NULL
 * when that did not run. */
static const struct wb_result *baseline_of(const struct wb_results *rs, const struct wb_result *r,
					   enum wb_method_id base)
{
	size_t i;

	for (i = 0; i < rs->n; i++)
		if (rs->v[i].test.method == base && rs->v[i].status == WB_STATUS_OK &&
		    wb_test_same_but_method(&rs->v[i].test, &r->test))
			return &rs->v[i];
	return NULL;
}

/* "+5.0%": r against the baseline as the headline's gains are taken, paired
 * by round over the rounds past the warm-up, trimmed; "" where it is the
 * baseline or none compares. "-5.1%*" where the rows' means put r on the
 * other side of the baseline: noisy trials, whose mean a few fast ones lift
 * (a live PostgreSQL 15 had open_datasync's mean 1.8 % above fdatasync's and
 * its rounds 5.1 % below); returns true then, for the footnote. */
static bool against(const struct wb_results *rs, const struct wb_result *r, enum wb_method_id base,
		    char *buf, size_t len)
{
	const struct wb_result *b = baseline_of(rs, r, base);
	struct wb_comparison c;
	bool other_side;

	*buf = '\0';
	if (!b || b == r || !wb_result_compare(b, r, 0.95, &c) ||
	    !isfinite(c.diff_pct))
		return false;
	other_side = (wb_result_trial_mean(r) - wb_result_trial_mean(b)) * c.diff_pct < 0;
	snprintf(buf, len, "%+.1f%%%s", c.diff_pct, other_side ? "*" : "");
	return other_side;
}

/* The rows behind the decision: every test, its rate and CI, its median and
 * p99 flush, and whether the decision dropped it early. The rate is the mean
 * of the trial rates, the CI's centre, as the headline's paired figures are of
 * trial rates: ops over elapsed time weights each trial by its length and
 * counts the transient rounds the comparisons leave out, and on a loop disk
 * its rows implied -17.7 % where the headline said -15.5 %. Even so, two
 * rows' ratio is not the headline's gain, which pairs the trials round by
 * round and trims them: the last column is that gain, so the headline's
 * figure is a figure of the table (+5.0 % beside rows 4.2 % apart). */
static void print_evidence(const struct wb_results *rs, enum wb_method_id base)
{
	int wm = 14, we = 7, ws = 14; /* the narrowest, fitted to the rows below */
	char shape[32], vs[32], gain[24], ci[24];
	bool other_side = false;
	size_t i;

	for (i = 0; i < rs->n; i++) {
		shape_of(&rs->v[i].test, shape, sizeof(shape));
		wm = wb_text_widest(wm, wb_method_get(rs->v[i].test.method)->name);
		we = wb_text_widest(we, wb_engine_name(rs->v[i].test.engine));
		ws = wb_text_widest(ws, shape);
	}
	snprintf(vs, sizeof(vs), "vs %s", wb_method_get(base)->name);
	printf("\nEvidence (flushes/s: the mean of the trials, 95%% CI; %s: the geometric mean "
	       "of the rounds' paired ratios, as the gains above; %u rounds, trials of %.2f s):\n",
	       vs, rs->rounds, (double)rs->trial_ns / 1e9);
	printf("  %-*s %-*s %-*s %10s %8s %10s %10s %*s\n", wm, "method", we, "engine", ws, "flush",
	       "flushes/s", "+-95%", "p50 us", "p99 us", wb_text_widest(8, vs), vs);
	for (i = 0; i < rs->n; i++) {
		const struct wb_result *r = &rs->v[i];

		shape_of(&r->test, shape, sizeof(shape));
		if (r->status != WB_STATUS_OK) {
			printf("  %-*s %-*s %-*s %s: %s\n", wm, wb_method_get(r->test.method)->name,
			       we, wb_engine_name(r->test.engine), ws, shape,
			       wb_status_name(r->status), r->reason);
			continue;
		}
		other_side |= against(rs, r, base, gain, sizeof(gain));
		printf("  %-*s %-*s %-*s %10.1f %8s %10.1f %10.1f", wm,
		       wb_method_get(r->test.method)->name, we, wb_engine_name(r->test.engine), ws,
		       shape, wb_result_trial_mean(r),
		       wb_text_pct(r->stats.ci95_pct, ci, sizeof(ci)), wb_result_usecs(r, 50),
		       wb_result_usecs(r, 99));
		if (*gain)
			printf(" %*s", wb_text_widest(8, vs), gain);
		printf("%s\n", r->dropped ? "  (dropped: significantly slower)" : "");
	}
	if (other_side)
		printf("  * the means and the rounds disagree: noisy trials, a few fast ones lift "
		       "a mean; the rounds, paired, are what the gains above take\n");
}

/* Measured on memory: said under the headline, not only among the
 * advisories a screen below it, since it voids the answer above for the
 * disk pg_wal will live on. */
static void print_in_memory(const struct wb_recommendation *rec)
{
	struct wb_advisory_words aw;
	size_t i;

	for (i = 0; i < rec->nadvisories; i++)
		if (rec->advisories[i].code == WB_ADV_IN_MEMORY) {
			wb_words_advisory(&rec->advisories[i], &aw);
			printf("  WARNING: %s\n", aw.reason);
		}
}

void wb_recommend_print_header(const struct wb_config *cfg, const struct wb_schedule *sched,
			       size_t ntests)
{
	printf("Which wal_sync_method for %s? %s workload, as PostgreSQL %u opens WAL "
	       "(wal_level=%s%s): %zu tests, at most %.0f s, stopping as soon as it is known.\n",
	       cfg->target, wb_workload_names[cfg->workload], (unsigned)cfg->pg_version,
	       wb_wal_level_names[cfg->wal_level], cfg->debug_io_direct ? ", debug_io_direct=wal" : "",
	       ntests, cfg->budget_ns / 1e9);
	wb_text_print_trial_fit(sched, "trials", "--trial-time", "--budget");
	fflush(stdout);
}

void wb_recommend_print(const struct wb_results *rs, const struct wb_recommendation *rec)
{
	struct wb_rec_words w;
	int d = wb_sentence_pct_digits(1, rec->runner_up_pct, rec->runner_up_low,
				       rec->runner_up_high);
	size_t i;

	wb_words_recommendation(rec, &w);
	printf("\n");
	/* The answer comes first: the final block opens with both decisions,
	 * where pg_wal belongs (its section, printed once known, is above the
	 * method's measuring) and then wal_sync_method, the order of the HTML's
	 * Decision. */
	if (rec->placement) {
		struct wb_placement_words pw;

		wb_words_placement(rec->placement, &pw);
		printf("%s\n", pw.headline);
	}
	printf("%s\n", w.headline);
	if (rec->state == WB_REC_FAILED)
		return;
	print_in_memory(rec);
	printf("  why: %s\n", w.reason);
	if (w.waits_for[0])
		printf("  NOTE: %s\n", w.waits_for);
	if (w.commits[0])
		printf("  in commits: %s\n", w.commits);
	if (w.crosscheck[0])
		printf("  cross-check: %s\n", w.crosscheck);
	if (rec->has_runner_up && rec->state == WB_REC_SWITCH)
		printf("  runner-up: %s, %+.*f%% [%+.*f%%, %+.*f%%] against %s\n",
		       wb_method_get(rec->runner_up)->name, d, rec->runner_up_pct, d,
		       rec->runner_up_low, d, rec->runner_up_high, wb_method_get(rec->method)->name);
	printf("  %s %.1f s\n", rec->decided ? "decided in" : rs->interrupted
	       ? "interrupted, undecided, after" : "budget spent, undecided, in", rec->decided_in_s);
	if (!rec->decided && !rec->settle.known && rs->rounds &&
	    rs->rounds < rs->decide_params.min_rounds)
		/* Say what a decision would cost here: slow devices need slow runs. */
		printf("  only %u rounds of %.1f s each fitted: a decision needs at least %u, so "
		       "try --budget %.0fs\n", rs->rounds, (double)rs->elapsed_ns / 1e9 / rs->rounds,
		       rs->decide_params.min_rounds,
		       ceil(1.25 * rs->decide_params.min_rounds * (double)rs->elapsed_ns / 1e9 /
			    rs->rounds / 10.0) * 10.0);
	if (rec->workload == WB_WORKLOAD_MIXED) {
		print_part("8 kB commits:", &rec->oltp, rs->interrupted);
		print_part("bulk flushes:", &rec->bulk, rs->interrupted);
	}
	print_evidence(rs, rec->baseline);
	printf("\ncommit_delay: %s\n", w.commit_reason);
	if (rec->nadvisories)
		printf("\nAdvisories (the storage and the OS):\n");
	for (i = 0; i < rec->nadvisories; i++) {
		const struct wb_advisory *a = &rec->advisories[i];
		struct wb_advisory_words aw;

		wb_words_advisory(a, &aw);
		printf("  [%s] %s = %s: %s\n         %s\n", wb_severity_name(a->severity), aw.fact,
		       aw.value, aw.advice, aw.reason);
	}
	printf("\npostgresql.conf:\n");
	for (i = 0; i < w.nconfig; i++)
		printf("  %s\n", w.config[i]);
	if (!w.nalter) {
		printf("\n%s\n", wb_words_alter_none(rec->from_server,
						      rec->placement && rec->placement->best >= 0));
		return;
	}
	printf("\nor, in psql as a superuser:\n");
	for (i = 0; i < w.nalter; i++)
		printf("  %s\n", w.alter[i]);
}
