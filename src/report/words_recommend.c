/* words_recommend.c — a recommendation's sentences (words.h): the headline,
 * why, commit_delay's reason and the lines to paste, from its state and codes. */
#include "report/words.h"

#include "report/sentence.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *wb_words_part_why(const struct wb_part_verdict *v, char *buf, size_t len)
{
	switch (v->why) {
	case WB_PART_BY_DECISION:
		if (v->decision)
			wb_words_decision(v->decision, buf, len);
		else
			snprintf(buf, len, "%s", "");
		break;
	case WB_PART_LEADER_FAILED:
		snprintf(buf, len, "%s led, then failed (%s): keep %s",
			 v->leader ? wb_sentence_method(v->leader->test.method) : "?",
			 v->leader ? v->leader->reason : "", wb_sentence_method(v->method));
		break;
	case WB_PART_SIZES_DISAGREE:
		snprintf(buf, len, "the bulk flush sizes disagree on a method: keep %s",
			 wb_sentence_method(v->method));
		break;
	default:
		snprintf(buf, len, "?");
	}
	return buf;
}

static void failure(const struct wb_recommendation *rec, char *buf, size_t len)
{
	const struct wb_result *r = rec->failed_test;
	char pl[sizeof(((struct wb_placement_words *)NULL)->failure)];

	*buf = '\0';
	switch (rec->failure) {
	case WB_REC_FAIL_DURABILITY:
		snprintf(buf, len, "DURABILITY FAILURE: %s on %s failed: %s",
			 r ? wb_sentence_method(r->test.method) : "?", r ? wb_engine_name(r->test.engine) : "?",
			 r ? r->reason : "");
		break;
	case WB_REC_FAIL_NOT_MEASURED:
		snprintf(buf, len, "nothing to decide from: the %s flushes were not measured "
			 "against %s%s%s%s%s", rec->workload == WB_WORKLOAD_BULK ? "bulk" : "commit",
			 wb_sentence_method(rec->baseline), r ? " (" : "", r ? wb_sentence_method(r->test.method) : "",
			 r ? " failed: " : "", r ? r->reason : "");
		if (r) /* the bracket closes only where there is room, as the sentence is cut */
			strncat(buf, ")", len - strlen(buf) - 1);
		break;
	case WB_REC_FAIL_INTERRUPTED:
		snprintf(buf, len, "interrupted during the placement");
		break;
	case WB_REC_FAIL_FSYNC_OFF:
		snprintf(buf, len, "the server runs with fsync = off: it never flushes its WAL or "
			 "its data, so no wal_sync_method is faster or slower for it, and a crash of "
			 "the server or its host can lose committed transactions or corrupt the "
			 "database");
		break;
	case WB_REC_FAIL_PLACEMENT:
		if (rec->placement)
			snprintf(buf, len, "%.300s", wb_words_placement_failure(rec->placement, pl,
										sizeof(pl)));
		break;
	case WB_REC_FAIL_NONE:
		break;
	}
}

static void failed_headline(const struct wb_recommendation *rec, const char *fail, char *buf,
			    size_t len)
{
	switch (rec->failure) {
	case WB_REC_FAIL_DURABILITY:
		snprintf(buf, len, "NO RECOMMENDATION: %s. Do not put a database here until this "
			 "is explained.", fail);
		break;
	case WB_REC_FAIL_NOT_MEASURED:
		snprintf(buf, len, "NO RECOMMENDATION: %s", fail);
		break;
	case WB_REC_FAIL_INTERRUPTED:
		snprintf(buf, len, "No recommendation: interrupted.");
		break;
	case WB_REC_FAIL_FSYNC_OFF:
		snprintf(buf, len, "NO RECOMMENDATION: %.300s. Set fsync = on, then ask again: "
			 "walbench's flushes say what each method would cost then.", fail);
		break;
	case WB_REC_FAIL_PLACEMENT:
		snprintf(buf, len, "No recommendation: the placement run failed.");
		break;
	case WB_REC_FAIL_NONE:
		*buf = '\0';
		break;
	}
}

/* A change and its interval, as "%+.*f%% [%+.*f%%, %+.*f%%]" takes them: the
 * three with one count of decimals (sentence.h), one unless a figure would
 * read 100 % without being it. */
#define PCT_D(a, l, h) wb_sentence_pct_digits(1, (a), (l), (h))
#define PCT3(a, l, h) PCT_D(a, l, h), (a), PCT_D(a, l, h), (l), PCT_D(a, l, h), (h)

/* The best other method, against the one kept: " (the best other, X, +a% [l, h])". */
static void best_other(const struct wb_recommendation *rec, struct wb_sentence *s)
{
	if (rec->has_runner_up)
		wb_sentence_add(s, " (the best other, %s, %+.*f%% [%+.*f%%, %+.*f%%])",
				wb_sentence_method(rec->runner_up), PCT3(rec->runner_up_pct,
				rec->runner_up_low, rec->runner_up_high));
}

/* What the flushes gained, and in commits where the server's flush share is
 * known: "commits +a% [l, h] (flushes +b% [l, h])"; without it, the flush
 * margin and its bound. */
static void switch_gain(const struct wb_recommendation *rec, struct wb_sentence *s)
{
	if (rec->commit_scaled)
		wb_sentence_add(s, "commits %+.*f%% [%+.*f%%, %+.*f%%] (flushes %+.*f%% [%+.*f%%, "
				"%+.*f%%], %.0f%% of the server's time)", PCT3(rec->commit_pct,
				rec->commit_low_pct, rec->commit_high_pct), PCT3(rec->margin_pct,
				rec->ci_low_pct, rec->ci_high_pct), rec->flush_share * 100.0);
	else
		wb_sentence_add(s, "flushes %+.*f%% [%+.*f%%, %+.*f%%]", PCT3(rec->margin_pct,
				rec->ci_low_pct, rec->ci_high_pct));
}

/* With a server: the headline starts from what it runs. A flush switch that
 * is none in commits says both. */
static void server_headline(const struct wb_recommendation *rec, const char *why,
			    struct wb_sentence *s)
{
	const char *base = wb_sentence_method(rec->baseline);
	char open[WB_WORDS_SETTLE_LEN];

	switch (rec->state) {
	case WB_REC_SWITCH:
		wb_sentence_add(s, "Switch from %s to %s: ", base, wb_sentence_method(rec->method));
		switch_gain(rec, s);
		wb_sentence_add(s, " for this %s workload", wb_workload_names[rec->workload]);
		if (!rec->commit_scaled)
			wb_sentence_add(s, "; commits gain at most that, less where the CPU sets "
					"the rate");
		return;
	case WB_REC_TIE:
		wb_sentence_add(s, "Tie: you run %s; keep it: ", base);
		if (rec->share_source == WB_SHARE_ASYNC_COMMIT)
			wb_sentence_add(s, "with synchronous_commit = off commits do not wait for "
					"the WAL flush, so flushes do not limit them and no method "
					"makes them faster%s%s%s",
					rec->commit_demoted ? " (" : "",
					rec->commit_demoted ? wb_sentence_method(rec->flush_leader) : "",
					rec->commit_demoted ? " flushes faster, which commits do not see)"
							    : "");
		else if (rec->commit_demoted)
			wb_sentence_add(s, "flushes gain %+.*f%% [%+.*f%%, %+.*f%%] with %s, but "
					"they are %.0f%% of the server's time, so commits gain "
					"%+.*f%% [%+.*f%%, %+.*f%%], under the %.1f%% asked",
					PCT3(rec->margin_pct, rec->ci_low_pct, rec->ci_high_pct),
					wb_sentence_method(rec->flush_leader), rec->flush_share * 100.0,
					PCT3(rec->commit_pct, rec->commit_low_pct, rec->commit_high_pct),
					rec->min_gain_pct);
		else
			wb_sentence_add(s, "no other method is %.1f%% faster%s, not worth a change",
					rec->min_gain_pct, rec->commit_scaled ? " in commits" : "");
		best_other(rec, s);
		/* the figures above are flushes; the tie was asked in commits */
		if (rec->commit_scaled && rec->has_runner_up && !rec->commit_demoted)
			wb_sentence_add(s, ", in commits %+.*f%% [%+.*f%%, %+.*f%%]",
					PCT3(rec->commit_pct, rec->commit_low_pct,
					rec->commit_high_pct));
		return;
	case WB_REC_KEEP:
		wb_sentence_add(s, "Keep %s, which you run: every other method is slower", base);
		best_other(rec, s);
		return;
	case WB_REC_UNDECIDED:
		wb_sentence_add(s, "Undecided: you run %s; keep it for now: ", base);
		if (rec->commit_demoted)
			wb_sentence_add(s, "%s would gain commits %+.*f%% [%+.*f%%, %+.*f%%] "
					"(flushes %+.1f%%, %.0f%% of the server's time), an interval "
					"that straddles the %.1f%% asked",
					wb_sentence_method(rec->flush_leader), PCT3(rec->commit_pct,
					rec->commit_low_pct, rec->commit_high_pct), rec->margin_pct,
					rec->flush_share * 100.0, rec->min_gain_pct);
		else
			wb_sentence_add(s, "%s", rec->settle.known
				? wb_words_settle(&rec->settle, wb_rec_settle_gain_pct(rec), open,
						  sizeof(open))
				: why);
		return;
	case WB_REC_FAILED:
		return;
	}
}

/* Without a server, in commits of an assumed cost (--commit-work): the
 * figures the decision asked, and the assumption that made them. */
static void assumed_headline(const struct wb_recommendation *rec, const char *why,
			     struct wb_sentence *s)
{
	const char *m = wb_sentence_method(rec->method);
	char open[WB_WORDS_SETTLE_LEN];

	switch (rec->state) {
	case WB_REC_SWITCH:
		wb_sentence_add(s, "Set wal_sync_method = %s: commits %+.*f%% [%+.*f%%, %+.*f%%] "
				"over %s for this %s workload (flushes %+.*f%% [%+.*f%%, %+.*f%%], "
				"each commit assumed to be its flush plus %.0f us of the server's "
				"own work: --commit-work)", m, PCT3(rec->commit_pct, rec->commit_low_pct,
				rec->commit_high_pct), wb_sentence_method(rec->baseline),
				wb_workload_names[rec->workload], PCT3(rec->margin_pct, rec->ci_low_pct,
				rec->ci_high_pct), rec->commit_work_us);
		return;
	case WB_REC_TIE:
		if (rec->commit_bound) {
			wb_sentence_add(s, "Tie: keep wal_sync_method = %s: no method can make "
					"commits %.1f%% faster: its mean flush takes at most %.1f us, and "
					"a commit assumed to cost %.0f us more (--commit-work) gains "
					"at most %.1f%% even from a flush of no time", m,
					rec->min_gain_pct, rec->flush_us, rec->commit_work_us,
					rec->commit_bound_pct);
			return;
		}
		wb_sentence_add(s, "Tie: keep wal_sync_method = %s: no other method makes commits "
				"%.1f%% faster (each commit assumed to be its flush plus %.0f us: "
				"--commit-work), not worth a change", m, rec->min_gain_pct,
				rec->commit_work_us);
		best_other(rec, s);
		if (rec->has_runner_up)
			wb_sentence_add(s, ", in commits %+.*f%% [%+.*f%%, %+.*f%%]",
					PCT3(rec->commit_pct, rec->commit_low_pct,
					rec->commit_high_pct));
		return;
	case WB_REC_KEEP:
		wb_sentence_add(s, "Keep wal_sync_method = %s: every other method is slower", m);
		best_other(rec, s);
		return;
	case WB_REC_UNDECIDED:
		wb_sentence_add(s, "Undecided: keep wal_sync_method = %s for now: %s", m,
				rec->settle.known ? wb_words_settle(&rec->settle,
								    wb_rec_settle_gain_pct(rec),
								    open, sizeof(open))
						  : why);
		return;
	case WB_REC_FAILED:
		return;
	}
}

/* The first words name the state; "not worth a change" is said only of a
 * tie or a keep, which were proven; an undecided one says what is open. */
static void headline(const struct wb_recommendation *rec, const char *why, char *buf, size_t len)
{
	struct wb_sentence s = wb_sentence_at(buf, len);
	char open[WB_WORDS_SETTLE_LEN];

	/* before any figure: on memory there is none to choose by */
	if (rec->on_memory && rec->state == WB_REC_TIE) {
		wb_sentence_add(&s, "Tie: keep wal_sync_method = %s: %s; measure the disk pg_wal "
				"will live on", wb_sentence_method(rec->method), WB_WORDS_ON_MEMORY);
		return;
	}
	if (rec->from_server) {
		server_headline(rec, why, &s);
		return;
	}
	if (rec->share_source == WB_SHARE_ASSUMED) {
		assumed_headline(rec, why, &s);
		return;
	}
	switch (rec->state) {
	case WB_REC_SWITCH:
		wb_sentence_add(&s, "Set wal_sync_method = %s: flushes %+.*f%% [%+.*f%%, %+.*f%%] "
				"over %s for this %s workload; commits gain at most that, less "
				"where the CPU sets the rate", wb_sentence_method(rec->method),
				PCT3(rec->margin_pct, rec->ci_low_pct, rec->ci_high_pct),
				wb_sentence_method(rec->baseline), wb_workload_names[rec->workload]);
		break;
	case WB_REC_TIE:
		wb_sentence_add(&s, "Tie: keep wal_sync_method = %s: no other method is %.1f%% "
				"faster, not worth a change", wb_sentence_method(rec->method),
				rec->min_gain_pct);
		best_other(rec, &s);
		break;
	case WB_REC_KEEP:
		wb_sentence_add(&s, "Keep wal_sync_method = %s: every other method is slower",
				wb_sentence_method(rec->method));
		best_other(rec, &s);
		break;
	case WB_REC_UNDECIDED:
		wb_sentence_add(&s, "Undecided: keep wal_sync_method = %s for now: %s",
				wb_sentence_method(rec->method), rec->settle.known
				? wb_words_settle(&rec->settle, wb_rec_settle_gain_pct(rec), open,
						  sizeof(open))
				: why);
		break;
	case WB_REC_FAILED:
		break;
	}
}

/* A tie that the flushes left open and the commits settled: no method's
 * interval reaches the minimum gain in commits (advice/recommend.c). */
static bool tie_in_commits(const struct wb_recommendation *rec)
{
	return rec->state == WB_REC_TIE && rec->commit_scaled && !rec->commit_demoted &&
	       ((rec->workload != WB_WORKLOAD_BULK && !rec->oltp.decided) ||
		(rec->workload != WB_WORKLOAD_OLTP && !rec->bulk.decided));
}

static void parts_reason(const struct wb_recommendation *rec, char *buf, size_t len)
{
	char o[WB_WORDS_WHY_LEN], b[WB_WORDS_WHY_LEN];
	size_t n;

	wb_words_part_why(&rec->oltp, o, sizeof(o));
	wb_words_part_why(&rec->bulk, b, sizeof(b));
	switch (rec->reason) {
	case WB_REC_BY_PART:
		snprintf(buf, len, "%s", rec->workload == WB_WORKLOAD_BULK ? b : o);
		break;
	case WB_REC_PARTS_AGREE:
		if (!strcmp(o, b)) /* both undecided alike: one sentence, not two */
			snprintf(buf, len, "commits and bulk flushes alike: %s", o);
		else
			snprintf(buf, len, "commits and bulk flushes agree: %s; %s", o, b);
		break;
	case WB_REC_PARTS_WEIGHED:
		snprintf(buf, len, "commits say %s, bulk flushes %s; weighed half each, %s gains "
			 "%.1f%% (commits %+.1f%%, bulk %+.1f%%), at least the %.1f%% asked",
			 wb_sentence_method(rec->oltp.method), wb_sentence_method(rec->bulk.method), wb_sentence_method(rec->method),
			 rec->weighed_pct, rec->weighed_oltp_pct, rec->weighed_bulk_pct,
			 rec->min_gain_pct);
		break;
	case WB_REC_PARTS_OFFSET:
		snprintf(buf, len, "commits say %s, bulk flushes %s: what one part gains the other "
			 "loses (weighed half each, under %.1f%%), so keep %s",
			 wb_sentence_method(rec->oltp.method), wb_sentence_method(rec->bulk.method), rec->min_gain_pct,
			 wb_sentence_method(rec->baseline));
		break;
	}
	n = strlen(buf);
	if (tie_in_commits(rec) && n < len)
		snprintf(buf + n, len - n, "%sin commits no method's interval reaches %.1f%%: the "
			 "flushes are %.0f%% of the server's time, so the tie is proven there",
			 n ? "; but " : "", rec->min_gain_pct, rec->flush_share * 100.0);
}

/* On memory what decides comes first; the parts' figures stay after it, as
 * what the run saw. */
static void reason(const struct wb_recommendation *rec, char *buf, size_t len)
{
	char saw[2 * WB_WORDS_WHY_LEN + 400];
	struct wb_sentence s = wb_sentence_at(buf, len);

	if (!(rec->on_memory && rec->state == WB_REC_TIE)) {
		parts_reason(rec, buf, len);
		return;
	}
	parts_reason(rec, saw, sizeof(saw));
	wb_sentence_add(&s, "%s", WB_WORDS_ON_MEMORY);
	if (*saw)
		wb_sentence_add(&s, "; what the run saw, noise here: %s", saw);
}

/* The server runs another commit_delay than the one advised: the advice is a
 * change, said as one. */
static bool delay_changes(const struct wb_recommendation *rec)
{
	return rec->server_delay_known && rec->server_commit_delay_us != (double)rec->commit_delay_us;
}

/* "leave commit_delay at 0", or, where the server runs another, what to set. */
static const char *to_zero(const struct wb_recommendation *rec, char *buf, size_t len)
{
	if (delay_changes(rec))
		snprintf(buf, len, "you run commit_delay = %.0f: set it to 0",
			 rec->server_commit_delay_us);
	else
		snprintf(buf, len, "leave commit_delay at 0");
	return buf;
}

static void commit_reason(const struct wb_recommendation *rec, char *buf, size_t len)
{
	char zero[64];

	switch (rec->commit_why) {
	case WB_DELAY_NOT_MEASURED:
		snprintf(buf, len, "not measured (no 8 kB commit flushes in this run): %s",
			 delay_changes(rec) ? "keep the commit_delay you run" : "leave commit_delay at 0");
		break;
	case WB_DELAY_TOO_FAST:
		snprintf(buf, len, "a commit flush takes a median %.0f us: too fast for a delay to "
			 "pay (it would add about as much latency as it saves); %s",
			 rec->flush_p50_us, to_zero(rec, zero, sizeof(zero)));
		break;
	case WB_DELAY_ASYNC_COMMIT:
		snprintf(buf, len, "with synchronous_commit = off commits wait for no flush, and "
			 "commit_delay delays only a commit that does: %s",
			 to_zero(rec, zero, sizeof(zero)));
		break;
	case WB_DELAY_HALF_FLUSH:
		snprintf(buf, len, "a commit flush takes a median %.1f ms: with %u or more "
			 "transactions active, a committer that waits half of that lets others join "
			 "its flush (PostgreSQL's documentation: start at half the single-flush "
			 "time); raise it only if TPS under load improves", rec->flush_p50_us / 1e3,
			 rec->commit_siblings);
		if (delay_changes(rec)) {
			size_t n = strlen(buf);

			if (n < len)
				snprintf(buf + n, len - n, " (you run %.0f)",
					 rec->server_commit_delay_us);
		}
		break;
	}
}

/* Appends a line to lines, an array of *n lines of width bytes each. */
static void add_line(char *lines, size_t width, size_t *n, const char *fmt, ...)
{
	va_list ap;

	if (*n >= WB_REC_MAX_LINES)
		return;
	va_start(ap, fmt);
	vsnprintf(lines + (*n)++ * width, width, fmt, ap);
	va_end(ap);
}

#define add_config(w, ...) add_line((w)->config[0], sizeof((w)->config[0]), &(w)->nconfig, \
				    __VA_ARGS__)
#define add_alter(w, ...) add_line((w)->alter[0], sizeof((w)->alter[0]), &(w)->nalter, __VA_ARGS__)

/* Why commit_delay is what it is, as a postgresql.conf comment: commit_reason's
 * case, shortened, so the line never gives a reason the run did not measure. */
static const char *delay_comment(const struct wb_recommendation *rec)
{
	switch (rec->commit_why) {
	case WB_DELAY_NOT_MEASURED:
		return "not measured: no 8 kB commit flushes in this run";
	case WB_DELAY_TOO_FAST:
		return "flushes are fast";
	case WB_DELAY_ASYNC_COMMIT:
		return "commits wait for no flush";
	case WB_DELAY_HALF_FLUSH:
		break;
	}
	return "half a median commit flush";
}

/* Whether the method differs from what the database runs now: with a server,
 * the method it runs (the baseline); without, PostgreSQL's default. */
static bool method_changes(const struct wb_recommendation *rec)
{
	return rec->method != (rec->from_server ? rec->baseline : WB_DEFAULT_METHOD);
}

/* The commit_delay the answer sets: the server's where the run could not
 * measure one (it keeps what it runs), else the recommended one. */
static double delay_set(const struct wb_recommendation *rec)
{
	return rec->commit_why == WB_DELAY_NOT_MEASURED && delay_changes(rec)
		       ? rec->server_commit_delay_us : rec->commit_delay_us;
}

/* ALTER SYSTEM lines for the settings the answer changes, none for those it
 * keeps: a line pins its value in postgresql.auto.conf, which overrides
 * postgresql.conf, so one for a kept value would silently undo a later edit
 * there. A server's setting not read is taken as PostgreSQL's default (0,
 * WB_COMMIT_SIBLINGS), as without a server; commit_siblings matters only
 * beside a delay. */
static void alter_lines(const struct wb_recommendation *rec, struct wb_rec_words *w)
{
	static const char *const took[] = { "", "it takes effect on reload",
					    "both take effect on reload",
					    "all three take effect on reload" };
	double runs = rec->server_delay_known ? rec->server_commit_delay_us : 0.0;
	double siblings = rec->server_siblings_known ? rec->server_commit_siblings
						     : WB_COMMIT_SIBLINGS;

	if (method_changes(rec))
		add_alter(w, "ALTER SYSTEM SET wal_sync_method = '%s';",
			  wb_sentence_method(rec->method));
	if (delay_set(rec) != runs)
		add_alter(w, "ALTER SYSTEM SET commit_delay = %.0f;", delay_set(rec));
	if (rec->commit_delay_us && rec->commit_siblings != siblings) /* as its conf line */
		add_alter(w, "ALTER SYSTEM SET commit_siblings = %u;", rec->commit_siblings);
	if (w->nalter)
		add_alter(w, "SELECT pg_reload_conf();  -- %s", took[w->nalter]);
}

const char *wb_words_alter_none(bool from_server, bool moved)
{
	if (moved)
		return from_server ? "no setting to change: the server already runs every setting "
				     "above (moving pg_wal, above, is the change)"
				   : "no setting to change: every setting above is PostgreSQL's "
				     "default (moving pg_wal, above, is the change)";
	return from_server ? "nothing to change: the server already runs every setting above"
			   : "nothing to change: every setting above is PostgreSQL's default";
}

/* postgresql.conf lines, every setting with why; ALTER SYSTEM, those that change. */
static void config_lines(const struct wb_recommendation *rec, struct wb_rec_words *w)
{
	if (rec->state == WB_REC_SWITCH)
		add_config(w, "wal_sync_method = %s\t# %+.*f%% [%+.*f%%, %+.*f%%] over %s, measured by "
		       "walbench", wb_sentence_method(rec->method), PCT3(rec->margin_pct, rec->ci_low_pct,
		       rec->ci_high_pct), wb_sentence_method(rec->baseline));
	else if (rec->from_server)
		add_config(w, "wal_sync_method = %s\t# what the server runs: %s",
			   wb_sentence_method(rec->method),
			   rec->on_memory ? "on memory, nothing to choose (a tie)"
			   : rec->state == WB_REC_TIE ? "no other method gains enough (a tie)"
			   : rec->state == WB_REC_KEEP ? "every other method is slower"
			   : "undecided, kept for now");
	else
		add_config(w, "wal_sync_method = %s\t# the default: %s", wb_sentence_method(rec->method),
			   rec->on_memory ? "on memory, nothing to choose (a tie)"
			   : rec->state == WB_REC_TIE ? "no other method gains enough (a tie)"
			   : rec->state == WB_REC_KEEP ? "every other method is slower"
			   : "undecided, kept for now");
	if (rec->commit_why == WB_DELAY_NOT_MEASURED && delay_changes(rec))
		add_config(w, "commit_delay = %.0f\t# what the server runs: not measured here",
			   rec->server_commit_delay_us);
	else if (delay_changes(rec))
		add_config(w, "commit_delay = %u\t# %s (you run %.0f)", rec->commit_delay_us,
			   delay_comment(rec), rec->server_commit_delay_us);
	else
		add_config(w, "commit_delay = %u\t# %s", rec->commit_delay_us, delay_comment(rec));
	if (rec->commit_delay_us)
		add_config(w, "commit_siblings = %u\t# only wait when this many others are active",
		       rec->commit_siblings);
	alter_lines(rec, w);
}

static const char *const share_source_words[] = {
	[WB_SHARE_NONE] = "unknown",
	[WB_SHARE_SERVER_TIME] = "its own flush time, track_wal_io_timing",
	/* one string in two lines: clang asks for the parentheses */
	[WB_SHARE_ESTIMATED] = ("its flushes/s times walbench's flush time of its method: "
				"track_wal_io_timing would measure it"),
	[WB_SHARE_ASYNC_COMMIT] = "synchronous_commit = off",
	[WB_SHARE_ASSUMED] = "--commit-work",
};
_Static_assert(sizeof(share_source_words) / sizeof(share_source_words[0]) == WB_SHARE_ASSUMED + 1,
	       "a word for every flush share source");

static const char *share_source(enum wb_share_source s)
{
	return (unsigned)s <= WB_SHARE_ASSUMED ? share_source_words[s] : "unknown";
}

/* Without a server: what a flush gain was worth in commits of the assumed cost. */
static void assumed_commits(const struct wb_recommendation *rec, char *buf, size_t len)
{
	struct wb_sentence s = wb_sentence_at(buf, len);

	wb_sentence_add(&s, "each commit is assumed to cost its flush plus %.0f us of the "
			"server's own work (CPU, locks, the client: --commit-work; --server reads "
			"the server's own share instead): %s's mean flush, at most %.1f us, is %.1f%% "
			"of a commit, so ", rec->commit_work_us, wb_sentence_method(rec->baseline),
			rec->flush_us, rec->flush_share * 100.0);
	if (rec->commit_bound) {
		wb_sentence_add(&s, "even a flush of no time would make commits only %.1f%% "
				"faster, under --min-gain's %.1f%%: a tie, proven by that flush "
				"alone", rec->commit_bound_pct, rec->min_gain_pct);
		return;
	}
	wb_sentence_add(&s, "--min-gain's %.1f%% in commits asked flushes %.1f%% faster",
			rec->min_gain_pct, rec->flush_min_gain_pct);
	if (rec->has_runner_up || rec->state == WB_REC_SWITCH)
		wb_sentence_add(&s, "; %s's is %+.*f%% [%+.*f%%, %+.*f%%] in commits",
				wb_sentence_method(rec->commit_method), PCT3(rec->commit_pct,
				rec->commit_low_pct, rec->commit_high_pct));
}

/* What sets the commit rate where the flush does not: the CPU only where the
 * server measurably used one (recommend.h WB_CPU_BOUND_CPUS), not at 0.00 CPUs. */
static const char *cpu_sets_rate(const struct wb_recommendation *rec)
{
	if (rec->cpu_bound)
		return "the CPU sets the rate";
	return "the rest of each commit sets the rate (the server's own work, its locks, "
	       "its clients)";
}

/* What a flush gain is worth in commits: with a server, its own; without,
 * the assumed cost's. */
static void commits(const struct wb_recommendation *rec, char *buf, size_t len)
{
	double need = wb_flush_gain_for_commit_pct(rec->min_gain_pct, rec->flush_share);

	if (rec->share_source == WB_SHARE_ASSUMED) {
		assumed_commits(rec, buf, len);
		return;
	}
	if (!rec->from_server)
		return;
	if (rec->server_idle) {
		wb_words_server_idle(rec->server_commits, rec->server_flushes, buf, len);
		return;
	}
	if (!rec->commit_scaled) {
		snprintf(buf, len, "the server's flush share is unknown (it flushed nothing, or "
			 "walbench did not measure its method): flushes are an upper bound on "
			 "commits");
		return;
	}
	if (rec->share_source == WB_SHARE_ASYNC_COMMIT)
		snprintf(buf, len, "the server runs with synchronous_commit = off: its commits do "
			 "not wait for the WAL flush (the WAL writer flushes behind them), so flushes "
			 "do not limit its commits and a faster flush gains them nothing (a flush "
			 "margin of %+.1f%% is %+.1f%% in commits)", rec->margin_pct, rec->commit_pct);
	else if (rec->state == WB_REC_SWITCH || rec->commit_demoted)
		snprintf(buf, len, "the server's WAL spent %.0f%% of its time flushing (%s): a "
			 "flush margin of %+.*f%% [%+.*f%%, %+.*f%%] is %+.*f%% [%+.*f%%, %+.*f%%] in "
			 "commits, which is what decides", rec->flush_share * 100.0,
			 share_source(rec->share_source), PCT3(rec->margin_pct, rec->ci_low_pct,
			 rec->ci_high_pct), PCT3(rec->commit_pct, rec->commit_low_pct,
			 rec->commit_high_pct));
	else if (isfinite(need))
		snprintf(buf, len, "the server's WAL spent %.0f%% of its time flushing (%s): "
			 "flushes 10%% faster would make commits %.1f%% faster, and --min-gain's "
			 "%.1f%% in commits needs flushes %.1f%% faster", rec->flush_share * 100.0,
			 share_source(rec->share_source), wb_commit_gain_pct(10.0, rec->flush_share),
			 rec->min_gain_pct, need);
	else
		snprintf(buf, len, "the server's WAL spent %.0f%% of its time flushing (%s): no "
			 "flush, however fast, makes commits %.1f%% faster; %s",
			 rec->flush_share * 100.0, share_source(rec->share_source),
			 rec->min_gain_pct, cpu_sets_rate(rec));

}

/* With a server: its own mean flush beside walbench's. */
static void crosscheck(const struct wb_recommendation *rec, char *buf, size_t len)
{
	if (!rec->from_server)
		return;
	if (rec->crosscheck_elsewhere) {
		snprintf(buf, len, "none: the method was chosen where pg_wal moves, and the "
			 "server's own flushes ran where it is now");
		return;
	}
	if (!rec->crosscheck) {
		snprintf(buf, len, "the server's own flush time is unknown (track_wal_io_timing is "
			 "off, or it flushed fewer than %d times in the window): no cross-check",
			 WB_SERVER_MIN_FLUSHES);
		return;
	}
	snprintf(buf, len, "the server's own flush takes %.3f ms (%s, mean); walbench measured "
		 "%.3f ms for it here (%u-page commits): the server's is %.2fx walbench's%s",
		 rec->server_flush_ms, wb_sentence_method(rec->crosscheck_method),
		 rec->walbench_flush_ms, rec->crosscheck_pages, rec->flush_ratio,
		 rec->crosscheck_apart
			 ? rec->flush_ratio > 1
				   ? ", a finding: its flushes wait behind other I/O (checkpoints, "
				     "the data volume), or pg_wal is not where walbench tested"
				   : ", a finding: the server's flushes are cheaper than walbench's "
				     "(group commit writes fewer, larger flushes, or another device)"
			 : "");
}

void wb_words_recommendation(const struct wb_recommendation *rec, struct wb_rec_words *w)
{
	memset(w, 0, sizeof(*w));
	if (rec->state == WB_REC_FAILED) {
		failure(rec, w->failure, sizeof(w->failure));
		failed_headline(rec, w->failure, w->headline, sizeof(w->headline));
		return;
	}
	reason(rec, w->reason, sizeof(w->reason));
	headline(rec, w->reason, w->headline, sizeof(w->headline));
	commit_reason(rec, w->commit_reason, sizeof(w->commit_reason));
	commits(rec, w->commits, sizeof(w->commits));
	crosscheck(rec, w->crosscheck, sizeof(w->crosscheck));
	wb_words_commit_wait(&rec->commit_wait, "the wal_sync_method", w->waits_for,
			     sizeof(w->waits_for));
	config_lines(rec, w);
}
