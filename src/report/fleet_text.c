/* fleet_text.c — the fleet summary's text and JSON (fleet_text.h). The headline comes
 * first because a log or a chat message shows the first line; the host table
 * says where its figures come from. Figures that do not exist are null in the
 * JSON, never 0; its keys are spelled by results/schema.h. */
#include "report/fleet_text.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/units.h"
#include "model/version.h"
#include "report/atomic_file.h"
#include "report/json_parts.h"
#include "report/run_text.h"
#include "report/words.h"

/* What the host's file answers: "fdatasync" (recommend), "fdatasync
 * (undecided)" (kept for want of an answer), "standard: pass" (qualify), "-"
 * (run). */
static void answer(const struct wb_fleet_host *h, char *buf, size_t len)
{
	if (h->r->has_recommendation)
		snprintf(buf, len, "%s%s", h->r->rec.method,
			 h->r->rec.state == WB_SAVED_REC_UNDECIDED ? " (undecided)" : "");
	else if (h->r->has_qualification)
		snprintf(buf, len, "%s: %s", h->r->tier, h->r->verdict);
	else
		snprintf(buf, len, "-");
}

/* The host's key test as its cell names it: "fdatasync 8kB", or "-". */
static void key_cell(const struct wb_fleet_host *h, char *buf, size_t len)
{
	char size[16];

	if (!h->key) {
		snprintf(buf, len, "-");
		return;
	}
	wb_format_size(h->key->size, size, sizeof(size));
	snprintf(buf, len, "%s %s", h->key->method, size);
}

/* The table's name columns, each as wide as its widest cell. */
struct widths {
	int host, answer, key;
};

static void print_host(FILE *out, const struct wb_fleet_host *h, const struct widths *w)
{
	char ans[120], key[64], rate[24] = "", ci[64] = "", p99[24] = "";
	char lo[24], hi[24], sus[WB_FLEET_RATE_LEN];

	answer(h, ans, sizeof(ans));
	key_cell(h, key, sizeof(key));
	if (h->key_ok) {
		wb_format_count(h->key_rate, rate, sizeof(rate));
		if (h->key_has_ci) {
			wb_format_count(h->key_low, lo, sizeof(lo));
			wb_format_count(h->key_high, hi, sizeof(hi));
			snprintf(ci, sizeof(ci), "[%s, %s]", lo, hi);
		} else {
			snprintf(ci, sizeof(ci), "(< 2 trials)");
		}
		if (h->key_has_p99)
			wb_format_count(h->key_p99_us, p99, sizeof(p99));
	} else if (h->key) {
		snprintf(rate, sizeof(rate), "%s", h->key->status);
	}
	fprintf(out, "%-*s %-10s %-*s %-*s %9s %-22s %8s", w->host, h->label,
		*h->r->command ? h->r->command : "?", w->answer, ans, w->key, key, rate, ci, p99);
	if (h->failed)
		fprintf(out, " FAILED");
	if (h->outlier)
		fprintf(out, " OUTLIER");
	if (h->disagrees)
		fprintf(out, " DIFFERS");
	if (h->r->partial)
		fprintf(out, " partial");
	if (!h->key)
		fprintf(out, " (no commit test)");
	if (h->key_ok && h->key_sustained) /* the rate qualify judged, not the burst's mean */
		fprintf(out, " %s", wb_fleet_rate_words(h->key_rate, true, h->key_burst_per_s,
							sus, sizeof(sus)));
	fprintf(out, "\n");
}

static void print_findings(FILE *out, const struct wb_fleet_verdict *v,
			   enum wb_fleet_finding_kind first, enum wb_fleet_finding_kind last)
{
	char reason[WB_FLEET_REASON_LEN];
	size_t i;

	for (i = 0; i < v->nfindings; i++)
		if (v->findings[i].kind >= first && v->findings[i].kind <= last)
			fprintf(out, "  %s\n",
				wb_fleet_finding_words(v, &v->findings[i], reason, sizeof(reason)));
}

/* The servers the files observed, one line each: what each runs and does. */
static void print_servers(FILE *out, const struct wb_fleet_verdict *v, int width)
{
	char few[160];
	size_t i, n = 0;

	for (i = 0; i < v->nhosts; i++) {
		const struct wb_pg_observed *o = v->hosts[i].r->observed;

		if (!o)
			continue;
		if (n++ == 0)
			fprintf(out, "The servers observed (observe, recommend --server): version, "
				"wal_sync_method, commits/s, flushes/s, the server's mean flush and "
				"its share of the time, data pages/s:\n");
		fprintf(out, "%-*s PostgreSQL %u  %-14s %9.1f %9.1f  ", width, v->hosts[i].label,
			o->set.major, o->set.text[WB_PGS_WAL_SYNC_METHOD], o->rate.commits_per_s,
			o->rate.wal_syncs_per_s);
		/* as observe's text: no mean of an idle server's one or two flushes */
		wb_words_few_flushes(o, "a mean", few, sizeof(few));
		if (*few && isfinite(o->rate.flush_ms))
			fprintf(out, "flush n/a (%s)", few);
		else if (isfinite(o->rate.flush_ms))
			fprintf(out, "%.3f ms (%.0f %%)", o->rate.flush_ms, o->rate.flush_busy * 100);
		else
			fprintf(out, "flush n/a");
		fprintf(out, "  %.1f pages/s%s\n", o->rate.data_pages_per_s,
			o->rate.checkpoint_in_window ? "" : " (no checkpoint in the window)");
	}
	if (n)
		fprintf(out, "\n");
}

void wb_fleet_print(FILE *out, const struct wb_fleet_verdict *v)
{
	char headline[WB_FLEET_HEADLINE_LEN], reason[WB_FLEET_VOTE_LEN];
	char open[WB_FLEET_REASON_LEN];
	/* The narrowest each is: its heading's width, and answer's and key
	 * test's as they always were; a tier's name makes an answer as long as
	 * it likes ("etcd-heavy: inconclusive"), a method and size a key test
	 * ("fsync_writethrough 16kB"), and a row that overran its column
	 * shifted every figure after it. */
	struct widths w = { 4, 22, 16 };
	char ans[120], key[64];
	size_t i;

	fprintf(out, "%s\n\n", wb_fleet_headline(v, headline, sizeof(headline)));
	for (i = 0; i < v->nhosts; i++) {
		w.host = wb_text_widest(w.host, v->hosts[i].label);
		answer(&v->hosts[i], ans, sizeof(ans));
		w.answer = wb_text_widest(w.answer, ans);
		key_cell(&v->hosts[i], key, sizeof(key));
		w.key = wb_text_widest(w.key, key);
	}
	fprintf(out, "Every host's commit flush (the recommended method's 8kB commit row; qualify's "
		"\"commit\" test;\nfdatasync's for run files): the mean trial rate with its 95%% "
		"interval (Student t over\nthe trials), and p99 latency; where qualify found "
		"burst credits run out, the sustained\nrate it judged (the baseline after the "
		"drop), marked so.\n\n");
	fprintf(out, "%-*s %-10s %-*s %-*s %9s %-22s %8s\n", w.host, "host", "command",
		w.answer, "answer", w.key, "key test", "ops/s", "95% CI", "p99 us");
	for (i = 0; i < v->nhosts; i++)
		print_host(out, &v->hosts[i], &w);
	fprintf(out, "\n");
	print_servers(out, v, w.host);
	if (v->failed) {
		fprintf(out, "Failures (a test ended in an error or a failed sync):\n");
		print_findings(out, v, WB_FLEET_FAILED, WB_FLEET_FAILED);
		fprintf(out, "\n");
	}
	if (v->judged_tests) {
		fprintf(out, "Outliers on %zu of %zu tests (those ok on %d or more hosts): a rate "
			"whose 95%% interval lies\nwholly more than %.0f%% below the median of the "
			"other hosts, or a p99 over %.0fx theirs:\n", v->judged_tests, v->tests,
			WB_FLEET_MIN_HOSTS, WB_FLEET_RATE_GAP_PCT, WB_FLEET_P99_FACTOR);
		if (v->distinct_hosts < v->nhosts)
			fprintf(out, "(a host of several files is one member of each median, at the "
				"median of its files'\nfigures, and each of its files is judged "
				"against the other hosts)\n");
		if (v->outliers)
			print_findings(out, v, WB_FLEET_SLOW, WB_FLEET_P99);
		else
			fprintf(out, "  none\n");
	} else {
		fprintf(out, "Outliers: none judged; no test is ok on %d or more hosts (a median of "
			"the others needs two%s).\n", WB_FLEET_MIN_HOSTS,
			v->distinct_hosts < v->nhosts ? "; a host's files count once" : "");
	}
	if (v->nvotes) {
		fprintf(out, "\nAnswers (recommend files vote on wal_sync_method, qualify files on "
			"their verdict, per tier):\n");
		for (i = 0; i < v->nvotes; i++)
			fprintf(out, "  %s\n",
				wb_fleet_vote_words(v, &v->votes[i], reason, sizeof(reason)));
		for (i = 0; i < v->ndisagreements; i++)
			fprintf(out, "  %s\n", wb_fleet_disagreement_words(v, &v->disagreements[i],
									   reason, sizeof(reason)));
		for (i = 0; i < v->nhosts; i++)
			if (*wb_fleet_undecided_words(v, i, open, sizeof(open)))
				fprintf(out, "  %s\n", open);
	}
}

static void add_num_or_null(cJSON *o, enum wb_key key, bool have, double x)
{
	if (have)
		cJSON_AddNumberToObject(o, wb_key(key), x);
	else
		cJSON_AddNullToObject(o, wb_key(key));
}

static void add_range_or_null(cJSON *o, enum wb_key key, bool have, double low, double high)
{
	cJSON *arr;

	if (!have) {
		cJSON_AddNullToObject(o, wb_key(key));
		return;
	}
	arr = cJSON_AddArrayToObject(o, wb_key(key));
	cJSON_AddItemToArray(arr, cJSON_CreateNumber(low));
	cJSON_AddItemToArray(arr, cJSON_CreateNumber(high));
}

static void add_str_or_null(cJSON *o, enum wb_key key, bool have, const char *s)
{
	if (have)
		cJSON_AddStringToObject(o, wb_key(key), s);
	else
		cJSON_AddNullToObject(o, wb_key(key));
}

static cJSON *key_test(const struct wb_fleet_host *h)
{
	char name[WB_FLEET_NAME_LEN];
	cJSON *o;

	if (!h->key)
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	wb_compare_test_name(h->key, name, sizeof(name));
	cJSON_AddStringToObject(o, K(NAME), name);
	cJSON_AddStringToObject(o, K(METHOD), h->key->method);
	cJSON_AddStringToObject(o, K(STATUS), h->key->status);
	add_num_or_null(o, WB_KEY_OPS_PER_SEC, h->key_ok, h->key_rate);
	add_range_or_null(o, WB_KEY_CI95, h->key_ok && h->key_has_ci, h->key_low, h->key_high);
	add_num_or_null(o, WB_KEY_P99_US, h->key_ok && h->key_has_p99, h->key_p99_us);
	cJSON_AddBoolToObject(o, K(SUSTAINED), h->key_ok && h->key_sustained);
	add_num_or_null(o, WB_KEY_BURST_PER_S, h->key_ok && h->key_sustained, h->key_burst_per_s);
	return o;
}

static cJSON *host(const struct wb_fleet_verdict *v, size_t i)
{
	const struct wb_fleet_host *h = &v->hosts[i];
	char reason[WB_FLEET_REASON_LEN];
	cJSON *o = cJSON_CreateObject(), *reasons;
	size_t k;

	cJSON_AddStringToObject(o, K(LABEL), h->label);
	cJSON_AddStringToObject(o, K(FILE), h->r->path);
	cJSON_AddStringToObject(o, K(HOSTNAME), h->r->hostname);
	add_str_or_null(o, WB_KEY_COMMAND, *h->r->command, h->r->command);
	add_str_or_null(o, WB_KEY_RECOMMENDED_METHOD, h->r->has_recommendation,
			h->r->rec.method);
	add_str_or_null(o, WB_KEY_RECOMMENDATION_STATE, h->r->has_recommendation,
			wb_rec_state_name((enum wb_rec_state)h->r->rec.state));
	add_str_or_null(o, WB_KEY_TIER, h->r->has_qualification, h->r->tier);
	add_str_or_null(o, WB_KEY_VERDICT, h->r->has_qualification, h->r->verdict);
	cJSON_AddItemToObject(o, K(KEY_TEST), key_test(h));
	cJSON_AddBoolToObject(o, K(OUTLIER), h->outlier);
	cJSON_AddBoolToObject(o, K(FAILED), h->failed);
	cJSON_AddBoolToObject(o, K(DISAGREES), h->disagrees);
	cJSON_AddBoolToObject(o, K(PARTIAL), h->r->partial);
	reasons = cJSON_AddArrayToObject(o, K(REASONS));
	for (k = 0; k < v->nfindings; k++)
		if (v->findings[k].host == i)
			cJSON_AddItemToArray(reasons, cJSON_CreateString(wb_fleet_finding_words(
							      v, &v->findings[k], reason, sizeof(reason))));
	for (k = 0; k < v->ndisagreements; k++)
		if (v->disagreements[k].host == i)
			cJSON_AddItemToArray(reasons, cJSON_CreateString(wb_fleet_disagreement_words(
							      v, &v->disagreements[k], reason,
							      WB_FLEET_VOTE_LEN)));
	if (*wb_fleet_undecided_words(v, i, reason, sizeof(reason)))
		cJSON_AddItemToArray(reasons, cJSON_CreateString(reason));
	return o;
}

static cJSON *finding(const struct wb_fleet_verdict *v, const struct wb_fleet_finding *x)
{
	char name[WB_FLEET_NAME_LEN], reason[WB_FLEET_REASON_LEN];
	cJSON *o = cJSON_CreateObject();
	bool slow = x->kind == WB_FLEET_SLOW, p99 = x->kind == WB_FLEET_P99;

	wb_compare_test_name(x->test, name, sizeof(name));
	wb_fleet_finding_words(v, x, reason, sizeof(reason));
	cJSON_AddStringToObject(o, K(LABEL), v->hosts[x->host].label);
	cJSON_AddStringToObject(o, K(KIND), wb_fleet_finding_kind_name(x->kind));
	cJSON_AddStringToObject(o, K(TEST), name);
	cJSON_AddBoolToObject(o, K(KEY_TEST), x->key);
	if (x->kind == WB_FLEET_FAILED) {
		cJSON_AddStringToObject(o, K(STATUS), x->test->status);
		cJSON_AddBoolToObject(o, K(DURABILITY_FAILURE), x->test->durability_failure);
		cJSON_AddStringToObject(o, K(REASON), reason);
		return o;
	}
	cJSON_AddNumberToObject(o, K(OTHERS), (double)x->others);
	add_num_or_null(o, WB_KEY_OPS_PER_SEC, slow, x->rate);
	add_range_or_null(o, WB_KEY_CI95, slow && x->has_ci, x->rate_low, x->rate_high);
	cJSON_AddBoolToObject(o, K(SUSTAINED), slow && x->sustained);
	add_num_or_null(o, WB_KEY_BURST_PER_S, slow && x->sustained, x->burst_per_s);
	add_num_or_null(o, WB_KEY_MEDIAN_OPS_PER_SEC, slow, x->median);
	add_num_or_null(o, WB_KEY_DIFF_PCT, slow, x->diff_pct);
	add_range_or_null(o, WB_KEY_DIFF_CI95_PCT, slow && x->has_ci, x->diff_low_pct,
			  x->diff_high_pct);
	add_num_or_null(o, WB_KEY_P99_US, p99, x->p99_us);
	add_num_or_null(o, WB_KEY_MEDIAN_P99_US, p99, x->median_p99_us);
	add_num_or_null(o, WB_KEY_P99_RATIO, p99, x->p99_ratio);
	cJSON_AddStringToObject(o, K(REASON), reason);
	return o;
}

static const char *question(enum wb_fleet_vote_kind k)
{
	return k == WB_FLEET_RECOMMENDATION ? "recommendation" : "verdict";
}

static cJSON *vote(const struct wb_fleet_verdict *v, const struct wb_fleet_vote *x)
{
	char counts[WB_FLEET_COUNTS_LEN], reason[WB_FLEET_VOTE_LEN];
	cJSON *o = cJSON_CreateObject();
	bool verdict = x->kind == WB_FLEET_VERDICT;

	cJSON_AddStringToObject(o, K(QUESTION), question(x->kind));
	add_str_or_null(o, WB_KEY_TIER, verdict, x->tier);
	cJSON_AddNumberToObject(o, K(HOSTS), (double)x->hosts);
	cJSON_AddNumberToObject(o, K(UNDECIDED), (double)x->undecided);
	add_str_or_null(o, WB_KEY_MAJORITY, !x->no_majority && *x->majority, x->majority);
	cJSON_AddNumberToObject(o, K(MAJORITY_HOSTS), (double)x->majority_hosts);
	cJSON_AddBoolToObject(o, K(NO_MAJORITY), x->no_majority);
	cJSON_AddStringToObject(o, K(COUNTS), wb_fleet_counts_words(v, x, counts, sizeof(counts)));
	cJSON_AddStringToObject(o, K(REASON), wb_fleet_vote_words(v, x, reason, sizeof(reason)));
	return o;
}

static cJSON *disagreement(const struct wb_fleet_verdict *v, const struct wb_fleet_disagreement *x)
{
	const struct wb_fleet_vote *w = &v->votes[x->vote];
	char reason[WB_FLEET_VOTE_LEN];
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, K(LABEL), v->hosts[x->host].label);
	cJSON_AddStringToObject(o, K(QUESTION), question(w->kind));
	add_str_or_null(o, WB_KEY_TIER, w->kind == WB_FLEET_VERDICT, w->tier);
	cJSON_AddStringToObject(o, K(VALUE), x->value);
	cJSON_AddStringToObject(o, K(MAJORITY), w->majority);
	cJSON_AddNumberToObject(o, K(MAJORITY_HOSTS), (double)w->majority_hosts);
	cJSON_AddNumberToObject(o, K(HOSTS), (double)w->hosts);
	cJSON_AddStringToObject(o, K(REASON),
				wb_fleet_disagreement_words(v, x, reason, sizeof(reason)));
	return o;
}

static cJSON *rule(void)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddNumberToObject(o, K(MIN_HOSTS), WB_FLEET_MIN_HOSTS);
	cJSON_AddNumberToObject(o, K(RATE_GAP_PCT), WB_FLEET_RATE_GAP_PCT);
	cJSON_AddNumberToObject(o, K(P99_FACTOR), WB_FLEET_P99_FACTOR);
	cJSON_AddStringToObject(o, K(MEDIAN), "of the other hosts' figures on the same test");
	/* version 3: a host of several files is one member of a median */
	cJSON_AddStringToObject(o, K(HOST_FIGURE), "the median of the host's files' figures");
	return o;
}

static cJSON *pair(const struct wb_fleet_verdict *v)
{
	char name[WB_FLEET_NAME_LEN];
	cJSON *o;

	if (!v->pair.known)
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	wb_compare_test_name(v->hosts[0].key, name, sizeof(name));
	cJSON_AddStringToObject(o, K(A), v->hosts[0].label);
	cJSON_AddStringToObject(o, K(B), v->hosts[1].label);
	cJSON_AddStringToObject(o, K(TEST), name);
	cJSON_AddNumberToObject(o, K(DIFF_PCT), v->pair.diff_pct);
	add_range_or_null(o, WB_KEY_CI95_PCT, v->pair.has_ci, v->pair.low_pct, v->pair.high_pct);
	cJSON_AddBoolToObject(o, K(SIGNIFICANT), v->pair.has_ci && v->pair.significant);
	return o;
}

char *wb_fleet_json_render(const struct wb_fleet_verdict *v)
{
	cJSON *root = cJSON_CreateObject(), *arr, *fail;
	char headline[WB_FLEET_HEADLINE_LEN], *text;
	size_t i;

	if (!root)
		return NULL;
	cJSON_AddNumberToObject(root, K(SCHEMA_VERSION), WB_FLEET_SCHEMA_VERSION);
	cJSON_AddStringToObject(root, K(WALBENCH_VERSION), WB_VERSION);
	cJSON_AddStringToObject(root, K(KIND), "fleet_summary");
	cJSON_AddStringToObject(root, K(HEADLINE), wb_fleet_headline(v, headline, sizeof(headline)));
	cJSON_AddItemToObject(root, K(RULE), rule());
	cJSON_AddNumberToObject(root, K(TESTS), (double)v->tests);
	cJSON_AddNumberToObject(root, K(TESTS_COMPARED), (double)v->judged_tests);
	/* Added in version 2: how many machines the files are. Version 3:
	 * rule.min_hosts and an outlier's others count these machines (a host
	 * one member of a median, however many files it has), no longer files;
	 * the other counts of hosts still count files. */
	cJSON_AddNumberToObject(root, K(DISTINCT_HOSTS), (double)v->distinct_hosts);
	arr = cJSON_AddArrayToObject(root, K(HOSTS));
	for (i = 0; i < v->nhosts; i++)
		cJSON_AddItemToArray(arr, host(v, i));
	arr = cJSON_AddArrayToObject(root, K(OUTLIERS));
	fail = cJSON_AddArrayToObject(root, K(FAILURES));
	for (i = 0; i < v->nfindings; i++)
		cJSON_AddItemToArray(v->findings[i].kind == WB_FLEET_FAILED ? fail : arr,
				     finding(v, &v->findings[i]));
	arr = cJSON_AddArrayToObject(root, K(DISAGREEMENTS));
	for (i = 0; i < v->ndisagreements; i++)
		cJSON_AddItemToArray(arr, disagreement(v, &v->disagreements[i]));
	arr = cJSON_AddArrayToObject(root, K(VOTES));
	for (i = 0; i < v->nvotes; i++)
		cJSON_AddItemToArray(arr, vote(v, &v->votes[i]));
	cJSON_AddItemToObject(root, K(PAIR), pair(v));
	text = cJSON_Print(root);
	cJSON_Delete(root);
	return text;
}

int wb_fleet_json_write(const char *path, const struct wb_fleet_verdict *v, const char **why)
{
	return wb_write_rendered(path, wb_fleet_json_render(v), "rendering the summary", why);
}
