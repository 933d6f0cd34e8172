/* words_fleet.c — the fleet summary's sentences (words_fleet.h).
 * Trap: the headline nests a vote's reason, and a vote's reason its counts,
 * each in the buffer it has always had: a fleet large enough to fill one is cut
 * where it always was. */
#include "report/words.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "model/units.h"
#include "report/sentence.h"
#include "report/words.h"

/* A finding's change and its interval, as "%+.*f %% [%+.*f, %+.*f]" takes
 * them: the three with one count of decimals (sentence.h), none unless a
 * figure would read 100 % without being it. */
#define PCT_D(x) wb_sentence_pct_digits(0, (x)->diff_pct, (x)->diff_low_pct, (x)->diff_high_pct)
#define PCT(x) PCT_D(x), (x)->diff_pct, PCT_D(x), (x)->diff_low_pct, PCT_D(x), (x)->diff_high_pct

static const char *label(const struct wb_fleet_verdict *v, size_t h)
{
	return v->hosts[h].label;
}

/* What the fleet's counts count, n of them: "host", "hosts", or, where files
 * repeat a host name, "file", "files" (a count of hosts would be of runs). */
static const char *fleet_noun(const struct wb_fleet_verdict *v, size_t n)
{
	if (v->distinct_hosts < v->nhosts)
		return n == 1 ? "file" : "files";
	return n == 1 ? "host" : "hosts";
}

/* The medians and the least fleet count machines, whatever the files repeat. */
static const char *hosts_word(size_t n)
{
	return n == 1 ? "host" : "hosts";
}

static const char *failure_kind(const struct wb_saved_test *t)
{
	return t->durability_failure ? "durability failure" : "error";
}

/* The headline's name for a test: a key test by what it is ("commit fdatasync
 * 8kB"), any other by its full name. */
static void short_name(const struct wb_saved_test *t, bool key, char *buf, size_t len)
{
	char size[32];

	if (!key) {
		wb_compare_test_name(t, buf, len);
		return;
	}
	wb_format_size(t->size, size, sizeof(size));
	snprintf(buf, len, "commit %s %s", t->method, size);
}

char *wb_fleet_rate_words(double rate, bool sustained, double burst_per_s, char *buf,
			  size_t len)
{
	char r[32], b[32];

	wb_format_count(rate, r, sizeof(r));
	if (!sustained) {
		snprintf(buf, len, "%s/s", r);
		return buf;
	}
	wb_format_count(burst_per_s, b, sizeof(b));
	snprintf(buf, len, "%s/s sustained (burst %s/s)", r, b);
	return buf;
}

char *wb_fleet_finding_words(const struct wb_fleet_verdict *v, const struct wb_fleet_finding *x,
			     char *buf, size_t len)
{
	char name[WB_FLEET_NAME_LEN], r1[WB_FLEET_RATE_LEN], r2[32], r3[32], med[32];
	const struct wb_saved_test *t = x->test;

	wb_compare_test_name(t, name, sizeof(name));
	switch (x->kind) {
	case WB_FLEET_FAILED:
		snprintf(buf, len, "%s FAILED: %s on %s%s%s", label(v, x->host), failure_kind(t),
			 name, *t->reason ? ": " : "", t->reason);
		break;
	case WB_FLEET_P99:
		wb_format_count(x->p99_us, r1, sizeof(r1));
		wb_format_count(x->median_p99_us, med, sizeof(med));
		snprintf(buf, len,
			 "%s: %s p99 %s us is %.1fx the median of the other %zu %s, "
			 "%s us, more than %.0fx (a point figure: a percentile has no interval)",
			 label(v, x->host), name, r1, x->p99_ratio, x->others,
			 hosts_word(x->others), med,
			 WB_FLEET_P99_FACTOR);
		break;
	case WB_FLEET_SLOW:
		wb_fleet_rate_words(x->rate, x->sustained, x->burst_per_s, r1, sizeof(r1));
		wb_format_count(x->rate_low, r2, sizeof(r2));
		wb_format_count(x->rate_high, r3, sizeof(r3));
		wb_format_count(x->median, med, sizeof(med));
		if (x->has_ci)
			snprintf(buf, len,
				 "%s: %s at %s [%s, %s] is %+.*f %% [%+.*f, %+.*f] "
				 "against the median of the other %zu %s, %s/s: even the top "
				 "of its 95 %% interval is more than %.0f %% below",
				 label(v, x->host), name, r1, r2, r3, PCT(x), x->others,
				 hosts_word(x->others), med,
				 WB_FLEET_RATE_GAP_PCT);
		else
			snprintf(buf, len,
				 "%s: %s at %s is %+.*f %% against the median of the "
				 "other %zu %s, %s/s, more than %.0f %% below (a point figure: "
				 "fewer than 2 trials, no interval)",
				 label(v, x->host), name, r1, PCT_D(x), x->diff_pct, x->others,
				 hosts_word(x->others), med,
				 WB_FLEET_RATE_GAP_PCT);
		break;
	}
	return buf;
}

char *wb_fleet_undecided_words(const struct wb_fleet_verdict *v, size_t h, char *buf, size_t len)
{
	const struct wb_saved_results *r = v->hosts[h].r;
	const struct wb_saved_recommendation *rec = &r->rec;
	struct wb_saved_settle st = rec->settle;
	char open[WB_WORDS_SETTLE_LEN];

	*buf = '\0';
	if (!v->hosts[h].r->has_recommendation || rec->state != WB_SAVED_REC_UNDECIDED)
		return buf;
	st.interrupted = r->partial; /* a signal, not the budget, ended it */
	snprintf(buf, len, "%s undecided, keeps %s for now: %s", label(v, h), rec->method,
		 st.known && *st.why
		 ? wb_words_saved_settle(&st, r->has_decision ? r->decision.confidence : NAN, open,
					 sizeof(open))
		 : rec->reason);
	return buf;
}

char *wb_fleet_counts_words(const struct wb_fleet_verdict *v, const struct wb_fleet_vote *w,
			    char *buf, size_t len)
{
	struct wb_sentence l = wb_sentence_at(buf, len);
	size_t i;

	for (i = 0; i < w->nanswers; i++)
		wb_sentence_add(&l, "%s%s %zu", i ? ", " : "",
				v->answers[w->first_answer + i].value,
				v->answers[w->first_answer + i].hosts);
	return buf;
}

char *wb_fleet_disagreement_words(const struct wb_fleet_verdict *v,
				  const struct wb_fleet_disagreement *x, char *buf, size_t len)
{
	const struct wb_fleet_vote *w = &v->votes[x->vote];

	if (w->kind == WB_FLEET_RECOMMENDATION)
		snprintf(buf, len, "%s recommends %s where %zu of %zu recommend files recommend %s",
			 label(v, x->host), x->value, w->majority_hosts, w->hosts, w->majority);
	else
		snprintf(buf, len,
			 "%s: %s on tier %s where %zu of %zu qualify files of that tier "
			 "say %s",
			 label(v, x->host), x->value, w->tier, w->majority_hosts, w->hosts,
			 w->majority);
	return buf;
}

/* An undecided recommendation kept the default for want of an answer: it is
 * named as undecided, never counted as agreeing with a keep. */
static void undecided_words(const struct wb_fleet_verdict *v, const struct wb_fleet_vote *w,
			    struct wb_sentence *l)
{
	char counts[WB_FLEET_COUNTS_LEN];
	size_t decided = w->hosts - w->undecided;

	/* Every host is a recommend file, or only some: the count says which,
	 * never "every host" of a fleet whose other hosts asked no method. */
	if (!decided && w->hosts == v->nhosts) {
		wb_sentence_add(l, "recommendations undecided (%zu of %zu): the budget ran out "
				"on every %s, nothing is proven", w->undecided, w->hosts,
				fleet_noun(v, 1));
		return;
	}
	if (!decided) {
		wb_sentence_add(l, "recommendations undecided on %zu of %zu %s (every "
				"recommend file): the budget ran out on %s, nothing is proven",
				w->undecided, v->nhosts, fleet_noun(v, v->nhosts),
				w->undecided == 1 ? "it" : "each");
		return;
	}
	wb_fleet_counts_words(v, w, counts, sizeof(counts));
	wb_sentence_add(l, "recommendations mostly undecided (%zu of %zu%s); the other %zu: %s",
			w->undecided, w->hosts, w->hosts == v->nhosts ? "" : " recommend files",
			decided, counts);
}

char *wb_fleet_vote_words(const struct wb_fleet_verdict *v, const struct wb_fleet_vote *w,
			  char *buf, size_t len)
{
	bool rec = w->kind == WB_FLEET_RECOMMENDATION;
	struct wb_sentence l = wb_sentence_at(buf, len);
	char counts[WB_FLEET_COUNTS_LEN], open[48] = "";
	size_t i, named = 0;

	if (rec && w->mostly_undecided) {
		undecided_words(v, w, &l);
		return buf;
	}
	if (w->undecided)
		snprintf(open, sizeof(open), "; %zu undecided", w->undecided);
	if (w->no_majority) {
		wb_fleet_counts_words(v, w, counts, sizeof(counts));
		if (rec)
			wb_sentence_add(&l, "no majority recommendation (%s%s)", counts, open);
		else
			wb_sentence_add(&l, "no majority verdict on tier %s (%s)", w->tier, counts);
		return buf;
	}
	if (!w->dissent) {
		if (rec)
			wb_sentence_add(&l, "recommendations agree (%s, %zu of %zu%s)", w->majority,
					w->majority_hosts, w->hosts, open);
		else
			wb_sentence_add(&l, "verdicts on tier %s agree (%s, %zu of %zu)", w->tier,
					w->majority, w->hosts, w->hosts);
		return buf;
	}
	if (rec)
		wb_sentence_add(&l, "recommendations: %s on %zu of %zu; ", w->majority,
				w->majority_hosts, w->hosts);
	else
		wb_sentence_add(&l, "tier %s: %s on %zu of %zu; ", w->tier, w->majority,
				w->majority_hosts, w->hosts);
	wb_sentence_add(&l, "%zu differ%s (", w->dissent, w->dissent == 1 ? "s" : "");
	for (i = 0; i < v->ndisagreements; i++)
		if (&v->votes[v->disagreements[i].vote] == w)
			wb_sentence_add(&l, "%s%s %s", named++ ? ", " : "",
					label(v, v->disagreements[i].host),
					v->disagreements[i].value);
	wb_sentence_add(&l, ")%s", open);
	return buf;
}

/* "db7: commit fdatasync 8kB -62 % [-66, -58] vs median 1,510/s"; a sustained
 * rate named first: "db7: commit fdatasync 8kB 51/s sustained (burst 206/s)
 * -49 % [...] vs median 100/s" */
static void lead_words(const struct wb_fleet_verdict *v, const struct wb_fleet_finding *x,
		       char *buf, size_t len)
{
	char name[WB_FLEET_NAME_LEN], med[32], rate[WB_FLEET_RATE_LEN];
	struct wb_sentence l = wb_sentence_at(buf, len);

	short_name(x->test, x->key, name, sizeof(name));
	wb_sentence_add(&l, "%s: %s ", label(v, x->host), name);
	if (x->kind == WB_FLEET_P99) {
		wb_format_count(x->median_p99_us, med, sizeof(med));
		wb_sentence_add(&l, "p99 %.1fx the median %s us", x->p99_ratio, med);
		return;
	}
	wb_format_count(x->median, med, sizeof(med));
	if (x->sustained) { /* the figure is not the mean the host's table row would have had */
		wb_fleet_rate_words(x->rate, true, x->burst_per_s, rate, sizeof(rate));
		wb_sentence_add(&l, "%s ", rate);
	}
	if (x->has_ci)
		wb_sentence_add(&l, "%+.*f %% [%+.*f, %+.*f] vs median %s/s", PCT(x), med);
	else
		wb_sentence_add(&l, "%+.*f %% vs median %s/s, a point figure", PCT_D(x), x->diff_pct,
				med);
}

enum host_mark { MARK_FAILED, MARK_OUTLIER, MARK_PARTIAL };

static bool marked(const struct wb_fleet_host *x, enum host_mark m)
{
	return m == MARK_FAILED ? x->failed : m == MARK_OUTLIER ? x->outlier : x->r->partial;
}

/* The labels of the hosts so marked, but skip, comma-separated. */
static void name_hosts(const struct wb_fleet_verdict *v, struct wb_sentence *l, enum host_mark m,
		       size_t skip)
{
	size_t h, k = 0;

	for (h = 0; h < v->nhosts; h++)
		if (marked(&v->hosts[h], m) && h != skip)
			wb_sentence_add(l, "%s%s", k++ ? ", " : "", label(v, h));
}

/* Two hosts: "; db2 against db1 on commit fdatasync 8kB: -60 % [-61, -59], significant" */
static void pair_words(const struct wb_fleet_verdict *v, struct wb_sentence *l)
{
	const struct wb_fleet_pair *p = &v->pair;
	char name[WB_FLEET_NAME_LEN];
	/* One count of decimals for the three (sentence.h): two noisy hosts' low
	 * end of -99.7 % is no total loss, and printed "-100". */
	int d = p->has_ci ? wb_sentence_pct_digits(0, p->diff_pct, p->low_pct, p->high_pct)
			  : wb_sentence_pct_digits(0, p->diff_pct, p->diff_pct, p->diff_pct);

	short_name(v->hosts[1].key, true, name, sizeof(name));
	wb_sentence_add(l, "; %s against %s on %s: %+.*f %%", label(v, 1), label(v, 0), name, d,
			p->diff_pct);
	if (p->has_ci) {
		wb_sentence_add(l, " [%+.*f, %+.*f], ", d, p->low_pct, d, p->high_pct);
		if (p->state == WB_PAIR_TIE)
			wb_sentence_add(l, "a tie (within +-%.0f %%)", p->margin_pct);
		else if (p->state == WB_PAIR_UNCLEAR)
			wb_sentence_add(l, "unclear (no difference shown, nor sameness within "
					   "+-%.0f %%)", p->margin_pct);
		else
			wb_sentence_add(l, "significant");
	} else
		wb_sentence_add(l, ", a point figure");
}

static const struct wb_fleet_finding *first_failure(const struct wb_fleet_verdict *v)
{
	size_t i;

	for (i = 0; i < v->nfindings; i++)
		if (v->findings[i].kind == WB_FLEET_FAILED)
			return &v->findings[i];
	return NULL;
}

/* "fleet of 4: ", or where files repeat a host name (runs before and after a
 * change, a playbook's hosts on one VM) no fleet of that many: "4 files from
 * 1 host (vm): ", "5 files from 3 hosts (3 from vm): ". */
static void fleet_words(const struct wb_fleet_verdict *v, struct wb_sentence *l)
{
	size_t h, k = 0;

	if (v->distinct_hosts >= v->nhosts) {
		wb_sentence_add(l, "fleet of %zu: ", v->nhosts);
		return;
	}
	wb_sentence_add(l, "%zu files from %zu host%s (", v->nhosts, v->distinct_hosts,
			v->distinct_hosts == 1 ? "" : "s");
	for (h = 0; h < v->nhosts; h++) {
		const struct wb_fleet_host *x = &v->hosts[h];

		if (!x->first_of_host || x->host_files < 2)
			continue;
		if (v->distinct_hosts == 1)
			wb_sentence_add(l, "%s", x->r->hostname);
		else
			wb_sentence_add(l, "%s%zu from %s", k++ ? ", " : "", x->host_files,
					x->r->hostname);
	}
	wb_sentence_add(l, "): ");
}

char *wb_fleet_headline(const struct wb_fleet_verdict *v, char *buf, size_t len)
{
	const struct wb_fleet_finding *fail = first_failure(v);
	char lead[400], name[WB_FLEET_NAME_LEN], vote[WB_FLEET_VOTE_LEN];
	struct wb_sentence l = wb_sentence_at(buf, len);
	size_t i;

	fleet_words(v, &l);
	if (v->failed == 1 && fail) {
		short_name(fail->test, fail->key, name, sizeof(name));
		wb_sentence_add(&l, "1 FAILED (%s: %s on %s), ", label(v, fail->host),
				failure_kind(fail->test), name);
	} else if (v->failed) {
		wb_sentence_add(&l, "%zu FAILED (", v->failed);
		name_hosts(v, &l, MARK_FAILED, SIZE_MAX);
		wb_sentence_add(&l, "), ");
	}
	if (v->lead) {
		lead_words(v, v->lead, lead, sizeof(lead));
		wb_sentence_add(&l, "%zu outlier%s (%s", v->outliers, v->outliers == 1 ? "" : "s",
				lead);
		if (v->outliers > 1) {
			wb_sentence_add(&l, "; also ");
			name_hosts(v, &l, MARK_OUTLIER, v->lead->host);
		}
		wb_sentence_add(&l, ")");
	} else if (v->judged_tests) {
		wb_sentence_add(&l, "no outliers (%zu test%s compared)", v->judged_tests,
				v->judged_tests == 1 ? "" : "s");
	} else if (v->nhosts == 2) {
		/* a median counts machines: two files of one host are one */
		wb_sentence_add(&l, "too few hosts for a median (%d needed)", WB_FLEET_MIN_HOSTS);
		if (v->pair.known)
			pair_words(v, &l);
	} else {
		wb_sentence_add(&l, "no test is ok on %d or more hosts, nothing compared",
				WB_FLEET_MIN_HOSTS);
	}
	if (v->partial) {
		wb_sentence_add(&l, ", %zu partial (", v->partial);
		name_hosts(v, &l, MARK_PARTIAL, SIZE_MAX);
		wb_sentence_add(&l, ")");
	}
	for (i = 0; i < v->nvotes; i++)
		wb_sentence_add(&l, "%s%s", i ? "; " : ", ",
				wb_fleet_vote_words(v, &v->votes[i], vote, sizeof(vote)));
	return buf;
}

char *wb_fleet_gate_words(const struct wb_fleet_verdict *v, char *buf, size_t len)
{
	bool tripped = v->outliers || v->failed;

	snprintf(buf, len,
		 "--fail-on-outlier: %s: %zu outlier %s, %zu %s with a failed test",
		 tripped ? "FAILED" : "passed", v->outliers, fleet_noun(v, v->outliers),
		 v->failed, fleet_noun(v, v->failed));
	return buf;
}

static const char *const finding_kind_names[] = {
	[WB_FLEET_SLOW] = "slow",
	[WB_FLEET_P99] = "p99",
	[WB_FLEET_FAILED] = "failed",
};
_Static_assert(sizeof(finding_kind_names) / sizeof(finding_kind_names[0]) == WB_FLEET_FAILED + 1,
	       "a word for every finding kind");

const char *wb_fleet_finding_kind_name(enum wb_fleet_finding_kind k)
{
	return (unsigned)k <= WB_FLEET_FAILED ? finding_kind_names[k] : "?";
}
