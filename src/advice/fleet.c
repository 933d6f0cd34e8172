/* fleet.c — the fleet summary's verdict (fleet.h): tests matched across files by
 * their whole description (compare.h), each host judged against the median of
 * the other hosts, failures named whatever the fleet did, and the majority
 * answer of each group of files that answer the same question.
 * Trap: a test duplicated within one file is judged by its first copy only. */
#include "advice/fleet.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advice/compare.h"
#include "model/units.h"
#include "results/stats.h"

#define KEY_SIZE 8192 /* PostgreSQL's WAL page: the commit flush walbench measures */

const char *wb_fleet_finding_kind_name(enum wb_fleet_finding_kind k)
{
	switch (k) {
	case WB_FLEET_SLOW:
		return "slow";
	case WB_FLEET_P99:
		return "p99";
	case WB_FLEET_FAILED:
		return "failed";
	}
	return "?";
}

/* One 8 kB flush per commit, one writer, on the WAL directory itself. Files
 * before schema 6 have no shape: one write per flush is a commit there. */
static bool is_commit_row(const struct wb_saved_test *t, const char *method)
{
	return (strcmp(t->shape, "commit") == 0 || !*t->shape) && t->writes_per_op == 1 &&
	       t->size == KEY_SIZE && t->jobs == 1 && t->committers == 0 && !*t->where &&
	       t->data_load != 1 && strcmp(t->method, method) == 0;
}

/* The test that stands for the host: qualify's test labelled "commit"; else the
 * commit row of the method recommend chose, or for a plain run of fdatasync,
 * PostgreSQL's default on Linux. */
static const struct wb_saved_test *key_test(const struct wb_saved_results *r)
{
	const char *method = "fdatasync";
	size_t i;

	if (r->has_qualification || strcmp(r->command, "qualify") == 0)
		for (i = 0; i < r->ntests; i++)
			if (strcmp(r->tests[i].label, "commit") == 0)
				return &r->tests[i];
	if (r->has_recommendation && *r->recommended_method)
		method = r->recommended_method;
	for (i = 0; i < r->ntests; i++)
		if (is_commit_row(&r->tests[i], method))
			return &r->tests[i];
	return NULL;
}

/* A test's rate and 95 % interval: the mean of its trial rates with a t
 * interval, as the run computed it; else ops_per_sec with the file's
 * ci95_pct; else ops_per_sec alone (false: a point figure). */
static bool rate_of(const struct wb_saved_test *t, double *rate, double *low, double *high)
{
	struct wb_stats s;
	double half;

	if (t->trial_rates && t->ntrials >= 2) {
		wb_stats_compute(t->trial_rates, t->ntrials, &s);
		*rate = s.mean;
		half = s.ci95_half;
	} else if (t->has_ci95) {
		*rate = t->ops_per_sec;
		half = t->ops_per_sec * t->ci95_pct / 100.0;
	} else {
		*rate = *low = *high = t->ops_per_sec;
		return false;
	}
	*low = *rate - half > 0 ? *rate - half : 0;
	*high = *rate + half;
	return true;
}

/* The headline's name for a finding's test: the key test by what it is
 * ("commit fdatasync 8kB"), any other by its full name. */
static void short_name(const struct wb_fleet_finding *f, char *buf, size_t len)
{
	char size[32];

	if (!f->key) {
		snprintf(buf, len, "%s", f->test_name);
		return;
	}
	wb_format_size(f->test->size, size, sizeof(size));
	snprintf(buf, len, "commit %s %s", f->test->method, size);
}

/* Everything decide() works with. */
struct fleet {
	const struct wb_saved_results *r;
	const char *const *labels;
	size_t n;
	const struct wb_saved_test **desc;  /* one per distinct description */
	size_t ndesc;
	const struct wb_saved_test **at;    /* at[d * n + h]: host h's copy of desc[d], or NULL */
	double *scratch;                    /* n figures, for medians */
	size_t *count, *voters;             /* n each, for votes */
	const char **answers;               /* n, for votes */
	struct wb_fleet_verdict *v;
};

static size_t desc_index(const struct fleet *f, const struct wb_saved_test *t)
{
	size_t d;

	for (d = 0; d < f->ndesc; d++)
		if (wb_compare_same_test(f->desc[d], t))
			return d;
	return f->ndesc;
}

/* The distinct descriptions, and each host's first copy of each. */
static void match_tests(struct fleet *f)
{
	size_t h, i, d;

	for (h = 0; h < f->n; h++)
		for (i = 0; i < f->r[h].ntests; i++) {
			const struct wb_saved_test *t = &f->r[h].tests[i];

			d = desc_index(f, t);
			if (d == f->ndesc)
				f->desc[f->ndesc++] = t;
			if (!f->at[d * f->n + h])
				f->at[d * f->n + h] = t;
		}
}

static size_t hosts_ok(const struct fleet *f, size_t d)
{
	size_t h, k = 0;

	for (h = 0; h < f->n; h++)
		k += f->at[d * f->n + h] && wb_saved_ok(f->at[d * f->n + h]);
	return k;
}

static struct wb_fleet_finding *new_finding(struct fleet *f, size_t h,
					    enum wb_fleet_finding_kind kind,
					    const struct wb_saved_test *t)
{
	struct wb_fleet_finding *x = &f->v->findings[f->v->nfindings++];
	const struct wb_saved_test *key = f->v->hosts[h].key;

	memset(x, 0, sizeof(*x));
	x->host = h;
	x->kind = kind;
	x->test = t;
	x->key = key && wb_compare_same_test(key, t);
	wb_compare_test_name(t, x->test_name, sizeof(x->test_name));
	f->v->hosts[h].findings++;
	return x;
}

/* Host h's rate on desc[d] against the median of the other hosts' rates. The
 * median leaves the host out so that a lemon cannot vote for itself: in a
 * fleet of three, one slow host among two would otherwise halve the gap it is
 * judged by, and its own figure never shields it. */
static void judge_rate(struct fleet *f, size_t h, size_t d)
{
	const struct wb_saved_test *t = f->at[d * f->n + h], *o;
	double rate, low, high, median, lo, hi, tmp;
	char r1[32], r2[32], r3[32], med[32];
	struct wb_fleet_finding *x;
	size_t k, m = 0;
	bool ci;

	for (k = 0; k < f->n; k++) {
		o = f->at[d * f->n + k];
		if (k != h && o && wb_saved_ok(o))
			rate_of(o, &f->scratch[m++], &lo, &hi);
	}
	median = wb_median(f->scratch, m);
	ci = rate_of(t, &rate, &low, &high);
	if (!(median > 0) || (ci ? high : rate) >= median * (1.0 - WB_FLEET_RATE_GAP_PCT / 100.0))
		return;
	x = new_finding(f, h, WB_FLEET_SLOW, t);
	x->others = m;
	x->rate = rate;
	x->has_ci = ci;
	x->rate_low = low;
	x->rate_high = high;
	x->median = median;
	x->diff_pct = 100.0 * (rate / median - 1.0);
	x->diff_low_pct = 100.0 * (low / median - 1.0);
	x->diff_high_pct = 100.0 * (high / median - 1.0);
	wb_format_count(rate, r1, sizeof(r1));
	wb_format_count(low, r2, sizeof(r2));
	wb_format_count(high, r3, sizeof(r3));
	wb_format_count(median, med, sizeof(med));
	tmp = WB_FLEET_RATE_GAP_PCT;
	if (ci)
		snprintf(x->reason, sizeof(x->reason),
			 "%s: %s at %s/s [%s, %s] is %+.0f %% [%+.0f, %+.0f] against the "
			 "median of the other %zu hosts, %s/s: even the top of its 95 %% "
			 "interval is more than %.0f %% below",
			 f->labels[h], x->test_name, r1, r2, r3, x->diff_pct, x->diff_low_pct,
			 x->diff_high_pct, m, med, tmp);
	else
		snprintf(x->reason, sizeof(x->reason),
			 "%s: %s at %s/s is %+.0f %% against the median of the other %zu "
			 "hosts, %s/s, more than %.0f %% below (a point figure: fewer than 2 "
			 "trials, no interval)",
			 f->labels[h], x->test_name, r1, x->diff_pct, m, med, tmp);
}

/* Host h's p99 on desc[d] against the other hosts' median p99: a ratio of
 * point figures, because a results file holds no interval for a percentile. */
static void judge_p99(struct fleet *f, size_t h, size_t d)
{
	const struct wb_saved_test *t = f->at[d * f->n + h], *o;
	struct wb_fleet_finding *x;
	char p[32], med[32];
	double median;
	size_t k, m = 0;

	if (!t->has_p99)
		return;
	for (k = 0; k < f->n; k++) {
		o = f->at[d * f->n + k];
		if (k != h && o && wb_saved_ok(o) && o->has_p99)
			f->scratch[m++] = o->p99_us;
	}
	if (m + 1 < WB_FLEET_MIN_HOSTS)
		return;
	median = wb_median(f->scratch, m);
	if (!(median > 0) || t->p99_us <= WB_FLEET_P99_FACTOR * median)
		return;
	x = new_finding(f, h, WB_FLEET_P99, t);
	x->others = m;
	x->p99_us = t->p99_us;
	x->median_p99_us = median;
	x->p99_ratio = t->p99_us / median;
	wb_format_count(t->p99_us, p, sizeof(p));
	wb_format_count(median, med, sizeof(med));
	snprintf(x->reason, sizeof(x->reason),
		 "%s: %s p99 %s us is %.1fx the median of the other %zu hosts, %s us, more "
		 "than %.0fx (a point figure: a percentile has no interval)",
		 f->labels[h], x->test_name, p, x->p99_ratio, m, med, WB_FLEET_P99_FACTOR);
}

static void add_failure(struct fleet *f, size_t h, const struct wb_saved_test *t)
{
	struct wb_fleet_finding *x = new_finding(f, h, WB_FLEET_FAILED, t);

	snprintf(x->reason, sizeof(x->reason), "%s FAILED: %s on %s%s%s", f->labels[h],
		 t->durability_failure ? "durability failure" : "error", x->test_name,
		 *t->reason ? ": " : "", t->reason);
}

/* Every test of every host, in the host's order: failures always; the rest
 * against the fleet where enough hosts ran it. */
static void judge_hosts(struct fleet *f)
{
	size_t h, i, d;

	for (h = 0; h < f->n; h++)
		for (i = 0; i < f->r[h].ntests; i++) {
			const struct wb_saved_test *t = &f->r[h].tests[i];

			if (wb_saved_failed(t)) {
				add_failure(f, h, t);
				continue;
			}
			d = desc_index(f, t);
			if (!wb_saved_ok(t) || f->at[d * f->n + h] != t ||
			    hosts_ok(f, d) < WB_FLEET_MIN_HOSTS)
				continue;
			judge_rate(f, h, d);
			judge_p99(f, h, d);
		}
}

/* Which of two findings is worse: a slow rate over a slow p99; the larger drop
 * (the top of its interval), the larger p99 ratio. */
static bool worse(const struct wb_fleet_finding *a, const struct wb_fleet_finding *b)
{
	if (!b)
		return true;
	if (a->kind != b->kind)
		return a->kind == WB_FLEET_SLOW;
	if (a->kind == WB_FLEET_SLOW)
		return a->diff_high_pct < b->diff_high_pct;
	return a->p99_ratio > b->p99_ratio;
}

/* Each outlier's finding to name: its key test's when it has one (the figure a
 * DBA knows), else its worst. The headline's is the worst of those. */
static const struct wb_fleet_finding *host_lead(const struct wb_fleet_verdict *v, size_t h)
{
	const struct wb_fleet_finding *lead = NULL, *key = NULL;
	size_t i;

	for (i = 0; i < v->nfindings; i++) {
		const struct wb_fleet_finding *x = &v->findings[i];

		if (x->host != h || x->kind == WB_FLEET_FAILED)
			continue;
		if (x->key && worse(x, key))
			key = x;
		if (worse(x, lead))
			lead = x;
	}
	return key ? key : lead;
}

/* Tallies the answers of the hosts in hosts[0..m) into a vote and names the
 * hosts that answer otherwise. */
static void tally(struct fleet *f, struct wb_fleet_vote *vote, size_t m)
{
	struct wb_fleet_verdict *v = f->v;
	const char **answers = f->answers;
	size_t i, j, best = 0, *count = f->count, *hosts = f->voters;
	bool first = true;
	int n = 0;

	vote->hosts = m;
	for (i = 0; i < m; i++) {
		count[i] = 0;
		for (j = 0; j < m; j++)
			count[i] += strcmp(answers[i], answers[j]) == 0;
	}
	for (i = 0; i < m; i++)
		if (count[i] > best)
			best = count[i];
	/* Distinct answers, most common first, each once (its first host). */
	for (; best > 0; best--)
		for (i = 0; i < m; i++) {
			for (j = 0; j < i && strcmp(answers[i], answers[j]); j++)
				;
			if (j < i || count[i] != best)
				continue;
			if (first) {
				snprintf(vote->majority, sizeof(vote->majority), "%s", answers[i]);
				vote->majority_hosts = best;
				first = false;
			} else if (best == vote->majority_hosts) {
				vote->no_majority = true;
			}
			if (n >= 0 && (size_t)n < sizeof(vote->counts))
				n += snprintf(vote->counts + n, sizeof(vote->counts) - (size_t)n,
					      "%s%s %zu", n ? ", " : "", answers[i], best);
		}
	if (vote->no_majority) {
		vote->majority[0] = '\0';
		return;
	}
	for (i = 0; i < m; i++) {
		struct wb_fleet_disagreement *x;

		if (strcmp(answers[i], vote->majority) == 0)
			continue;
		x = &v->disagreements[v->ndisagreements++];
		x->host = hosts[i];
		x->vote = (size_t)(vote - v->votes);
		snprintf(x->value, sizeof(x->value), "%s", answers[i]);
		if (vote->kind == WB_FLEET_RECOMMENDATION)
			snprintf(x->reason, sizeof(x->reason),
				 "%s recommends %s where %zu of %zu recommend files recommend %s",
				 f->labels[hosts[i]], answers[i], vote->majority_hosts, m,
				 vote->majority);
		else
			snprintf(x->reason, sizeof(x->reason),
				 "%s: %s on tier %s where %zu of %zu qualify files of that tier "
				 "say %s", f->labels[hosts[i]], answers[i], vote->tier,
				 vote->majority_hosts, m, vote->majority);
		v->hosts[hosts[i]].disagrees = true;
		vote->dissent++;
	}
}

#define ADD(buf, ...)                                                                   \
	do {                                                                            \
		if (n >= 0 && (size_t)n < sizeof(buf))                                  \
			n += snprintf((buf) + n, sizeof(buf) - (size_t)n, __VA_ARGS__); \
	} while (0)

/* "recommendations agree (fdatasync, 12 of 12)", "tier standard: pass on 2 of
 * 3; db2 differs (fail)", "no majority recommendation (fdatasync 1, fsync 1)". */
static void vote_reason(const struct fleet *f, struct wb_fleet_vote *vote)
{
	const struct wb_fleet_verdict *v = f->v;
	bool rec = vote->kind == WB_FLEET_RECOMMENDATION;
	size_t i, named = 0;
	int n = 0;

	if (vote->no_majority) {
		if (rec)
			ADD(vote->reason, "no majority recommendation (%s)", vote->counts);
		else
			ADD(vote->reason, "no majority verdict on tier %s (%s)", vote->tier,
			    vote->counts);
		return;
	}
	if (!vote->dissent) {
		if (rec)
			ADD(vote->reason, "recommendations agree (%s, %zu of %zu)", vote->majority,
			    vote->hosts, vote->hosts);
		else
			ADD(vote->reason, "verdicts on tier %s agree (%s, %zu of %zu)", vote->tier,
			    vote->majority, vote->hosts, vote->hosts);
		return;
	}
	if (rec)
		ADD(vote->reason, "recommendations: %s on %zu of %zu; ", vote->majority,
		    vote->majority_hosts, vote->hosts);
	else
		ADD(vote->reason, "tier %s: %s on %zu of %zu; ", vote->tier, vote->majority,
		    vote->majority_hosts, vote->hosts);
	ADD(vote->reason, "%zu differ%s (", vote->dissent, vote->dissent == 1 ? "s" : "");
	for (i = 0; i < v->ndisagreements; i++)
		if (&v->votes[v->disagreements[i].vote] == vote)
			ADD(vote->reason, "%s%s %s", named++ ? ", " : "",
			    f->labels[v->disagreements[i].host], v->disagreements[i].value);
	ADD(vote->reason, ")");
}

/* Recommend files vote on wal_sync_method; qualify files on their verdict, one
 * vote per tier. A run file answers neither. */
static void vote_all(struct fleet *f)
{
	struct wb_fleet_verdict *v = f->v;
	const char **answers = f->answers;
	size_t *hosts = f->voters, h, k, m;

	for (m = 0, h = 0; h < f->n; h++)
		if (f->r[h].has_recommendation && *f->r[h].recommended_method) {
			hosts[m] = h;
			answers[m++] = f->r[h].recommended_method;
		}
	if (m) {
		v->votes[v->nvotes].kind = WB_FLEET_RECOMMENDATION;
		tally(f, &v->votes[v->nvotes], m);
		vote_reason(f, &v->votes[v->nvotes++]);
	}
	for (h = 0; h < f->n; h++) {
		const char *tier = f->r[h].tier;

		/* A qualify run that failed before its verdict has no tier: its failure
		 * is named among the failures, and it has no answer to vote with. */
		if (!f->r[h].has_qualification || !*tier)
			continue;
		for (k = 0; k < h; k++) /* the tier's first file starts its vote */
			if (f->r[k].has_qualification && strcmp(f->r[k].tier, tier) == 0)
				break;
		if (k < h)
			continue;
		for (m = 0, k = h; k < f->n; k++)
			if (f->r[k].has_qualification && strcmp(f->r[k].tier, tier) == 0) {
				hosts[m] = k;
				answers[m++] = f->r[k].verdict;
			}
		v->votes[v->nvotes].kind = WB_FLEET_VERDICT;
		snprintf(v->votes[v->nvotes].tier, sizeof(v->votes[0].tier), "%s", tier);
		tally(f, &v->votes[v->nvotes], m);
		vote_reason(f, &v->votes[v->nvotes++]);
	}
}

/* Two hosts: host 1's key test against host 0's, Welch over the trial rates. */
static void compare_pair(struct wb_fleet_verdict *v)
{
	const struct wb_fleet_host *a = &v->hosts[0], *b = &v->hosts[1];
	struct wb_stats sa, sb;
	struct wb_comparison c;

	if (!a->key_ok || !b->key_ok || !wb_compare_same_test(a->key, b->key) ||
	    !(a->key_rate > 0))
		return;
	v->pair.known = true;
	wb_stats_compute(a->key->trial_rates, a->key->trial_rates ? a->key->ntrials : 0, &sa);
	wb_stats_compute(b->key->trial_rates, b->key->trial_rates ? b->key->ntrials : 0, &sb);
	v->pair.has_ci = wb_stats_compare(&sa, &sb, &c);
	if (v->pair.has_ci) {
		v->pair.diff_pct = c.diff_pct;
		v->pair.low_pct = c.ci95_low_pct;
		v->pair.high_pct = c.ci95_high_pct;
		v->pair.significant = c.significant;
	} else {
		v->pair.diff_pct = 100.0 * (b->key_rate / a->key_rate - 1.0);
	}
}

/* "db7: commit fdatasync 8kB -62 % [-66, -58] vs median 1,510/s" */
static void lead_text(const struct fleet *f, const struct wb_fleet_finding *x, char *buf,
		      size_t len)
{
	char name[200], med[32];
	int n;

	short_name(x, name, sizeof(name));
	n = snprintf(buf, len, "%s: %s ", f->labels[x->host], name);
	if (n < 0 || (size_t)n >= len)
		return;
	if (x->kind == WB_FLEET_P99) {
		wb_format_count(x->median_p99_us, med, sizeof(med));
		snprintf(buf + n, len - (size_t)n, "p99 %.1fx the median %s us", x->p99_ratio, med);
		return;
	}
	wb_format_count(x->median, med, sizeof(med));
	if (x->has_ci)
		snprintf(buf + n, len - (size_t)n, "%+.0f %% [%+.0f, %+.0f] vs median %s/s",
			 x->diff_pct, x->diff_low_pct, x->diff_high_pct, med);
	else
		snprintf(buf + n, len - (size_t)n, "%+.0f %% vs median %s/s, a point figure",
			 x->diff_pct, med);
}

static bool host_failed(const struct wb_fleet_host *x)
{
	return x->failed;
}

static bool host_outlier(const struct wb_fleet_host *x)
{
	return x->outlier;
}

static bool host_partial(const struct wb_fleet_host *x)
{
	return x->r->partial;
}

/* Appends at buf + *n the labels of the hosts pick() chooses, but skip,
 * comma-separated. */
static void name_hosts(const struct fleet *f, char *buf, size_t len, int *n,
		       bool (*pick)(const struct wb_fleet_host *), size_t skip)
{
	size_t h, k = 0;

	for (h = 0; h < f->n; h++)
		if (pick(&f->v->hosts[h]) && h != skip && *n >= 0 && (size_t)*n < len)
			*n += snprintf(buf + *n, len - (size_t)*n, "%s%s", k++ ? ", " : "",
				       f->labels[h]);
}

static void write_headline(struct fleet *f)
{
	struct wb_fleet_verdict *v = f->v;
	const struct wb_fleet_finding *first_fail = NULL;
	char lead[400], name[200];
	size_t i;
	int n = 0;

	for (i = 0; i < v->nfindings && !first_fail; i++)
		if (v->findings[i].kind == WB_FLEET_FAILED)
			first_fail = &v->findings[i];
	ADD(v->headline, "fleet of %zu: ", v->nhosts);
	if (v->failed == 1) {
		short_name(first_fail, name, sizeof(name));
		ADD(v->headline, "1 FAILED (%s: %s on %s), ", f->labels[first_fail->host],
		    first_fail->test->durability_failure ? "durability failure" : "error", name);
	} else if (v->failed) {
		ADD(v->headline, "%zu FAILED (", v->failed);
		name_hosts(f, v->headline, sizeof(v->headline), &n, host_failed, SIZE_MAX);
		ADD(v->headline, "), ");
	}
	if (v->lead) {
		lead_text(f, v->lead, lead, sizeof(lead));
		ADD(v->headline, "%zu outlier%s (%s", v->outliers, v->outliers == 1 ? "" : "s", lead);
		if (v->outliers > 1) {
			ADD(v->headline, "; also ");
			name_hosts(f, v->headline, sizeof(v->headline), &n, host_outlier,
				   v->lead->host);
		}
		ADD(v->headline, ")");
	} else if (v->judged_tests) {
		ADD(v->headline, "no outliers (%zu test%s compared)", v->judged_tests,
		    v->judged_tests == 1 ? "" : "s");
	} else if (v->nhosts == 2) {
		ADD(v->headline, "too few hosts for a median (%d needed)", WB_FLEET_MIN_HOSTS);
		if (v->pair.known) {
			struct wb_fleet_finding key = { .test = v->hosts[1].key, .key = true };

			short_name(&key, name, sizeof(name));
			ADD(v->headline, "; %s against %s on %s: %+.0f %%", f->labels[1],
			    f->labels[0], name, v->pair.diff_pct);
			if (v->pair.has_ci)
				ADD(v->headline, " [%+.0f, %+.0f]%s", v->pair.low_pct,
				    v->pair.high_pct, v->pair.significant ? ", significant"
									  : ", a tie");
			else
				ADD(v->headline, ", a point figure");
		}
	} else {
		ADD(v->headline, "no test is ok on %d or more hosts, nothing compared",
		    WB_FLEET_MIN_HOSTS);
	}
	if (v->partial) {
		ADD(v->headline, ", %zu partial (", v->partial);
		name_hosts(f, v->headline, sizeof(v->headline), &n, host_partial, SIZE_MAX);
		ADD(v->headline, ")");
	}
	for (i = 0; i < v->nvotes; i++)
		ADD(v->headline, "%s%s", i ? "; " : ", ", v->votes[i].reason);
}
#undef ADD

static void fill_hosts(struct fleet *f)
{
	struct wb_fleet_verdict *v = f->v;
	size_t h;

	for (h = 0; h < f->n; h++) {
		struct wb_fleet_host *x = &v->hosts[h];

		x->r = &f->r[h];
		x->label = f->labels[h];
		x->key = key_test(&f->r[h]);
		v->partial += f->r[h].partial;
		if (!x->key)
			continue;
		wb_compare_test_name(x->key, x->key_name, sizeof(x->key_name));
		x->key_ok = wb_saved_ok(x->key);
		if (!x->key_ok)
			continue;
		x->key_has_ci = rate_of(x->key, &x->key_rate, &x->key_low, &x->key_high);
		x->key_has_p99 = x->key->has_p99;
		x->key_p99_us = x->key->p99_us;
	}
}

static void free_fleet(struct fleet *f)
{
	free(f->desc);
	free(f->at);
	free(f->scratch);
	free(f->count);
	free(f->voters);
	free(f->answers);
}

int wb_fleet_decide(const struct wb_saved_results *r, const char *const *labels, size_t n,
		    struct wb_fleet_verdict *out)
{
	struct fleet f = { .r = r, .labels = labels, .n = n, .v = out };
	const struct wb_fleet_finding *lead;
	size_t h, d, total = 0;

	memset(out, 0, sizeof(*out));
	out->nhosts = n;
	for (h = 0; h < n; h++)
		total += r[h].ntests;
	f.desc = calloc(total + 1, sizeof(*f.desc));
	f.at = calloc((total + 1) * (n + 1), sizeof(*f.at));
	f.scratch = calloc(n + 1, sizeof(*f.scratch));
	f.count = calloc(n + 1, sizeof(*f.count));
	f.voters = calloc(n + 1, sizeof(*f.voters));
	f.answers = calloc(n + 1, sizeof(*f.answers));
	out->hosts = calloc(n + 1, sizeof(*out->hosts));
	out->findings = calloc(2 * total + 1, sizeof(*out->findings));
	out->votes = calloc(n + 1, sizeof(*out->votes));
	out->disagreements = calloc(2 * n + 1, sizeof(*out->disagreements));
	if (!f.desc || !f.at || !f.scratch || !f.count || !f.voters || !f.answers ||
	    !out->hosts || !out->findings || !out->votes || !out->disagreements) {
		free_fleet(&f);
		wb_fleet_free(out);
		return -ENOMEM;
	}
	fill_hosts(&f);
	match_tests(&f);
	out->tests = f.ndesc;
	for (d = 0; d < f.ndesc; d++)
		out->judged_tests += hosts_ok(&f, d) >= WB_FLEET_MIN_HOSTS;
	judge_hosts(&f);
	for (h = 0; h < n; h++) {
		lead = host_lead(out, h);
		out->hosts[h].outlier = lead != NULL;
		out->outliers += lead != NULL;
		if (lead && (!out->lead || worse(lead, out->lead)))
			out->lead = lead;
	}
	for (d = 0; d < out->nfindings; d++)
		if (out->findings[d].kind == WB_FLEET_FAILED && !out->hosts[out->findings[d].host].failed) {
			out->hosts[out->findings[d].host].failed = true;
			out->failed++;
		}
	vote_all(&f);
	if (n == 2)
		compare_pair(out);
	write_headline(&f);
	free_fleet(&f);
	return 0;
}

void wb_fleet_free(struct wb_fleet_verdict *v)
{
	free(v->hosts);
	free(v->findings);
	free(v->votes);
	free(v->disagreements);
	memset(v, 0, sizeof(*v));
}
