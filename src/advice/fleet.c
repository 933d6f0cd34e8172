/* fleet.c — the fleet summary's verdict (fleet.h): tests matched across files by
 * their whole description (compare.h), each host judged against the median of
 * the other hosts (fleet_stats.h: on the rate qualify judged, a burst-credit
 * volume's sustained one), failures named whatever the fleet did, and
 * the majority answer of each group of files that answer the same question
 * (fleet_vote.h). A host is one member of a median however many of its files
 * are given (runs before and after a change, a playbook's hosts on one VM):
 * its figure there is the median of its files'. Trap: a test duplicated within
 * one file is judged by its first copy only. */
#include "advice/fleet.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "advice/compare.h"
#include "advice/fleet_stats.h"
#include "advice/fleet_vote.h"

/* Everything decide() works with. */
struct fleet {
	const struct wb_saved_results *r;
	size_t n;
	const struct wb_saved_test **desc;  /* one per distinct description */
	size_t ndesc;
	const struct wb_saved_test **at;    /* at[d * n + h]: host h's copy of desc[d], or NULL */
	double *scratch;                    /* n figures, for medians: one per host */
	double *files;                      /* n figures: one host's files', for its own median */
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

/* Host h's file k ran desc[d] ok. */
static bool ok_at(const struct fleet *f, size_t d, size_t k)
{
	return f->at[d * f->n + k] && wb_saved_ok(f->at[d * f->n + k]);
}

/* The hosts (not the files) that ran desc[d] ok. */
static size_t hosts_ok(const struct fleet *f, size_t d)
{
	size_t g, k, n = 0;

	for (g = 0; g < f->n; g++) {
		if (f->v->hosts[g].host_of != g)
			continue;
		for (k = g; k < f->n; k++)
			if (f->v->hosts[k].host_of == g && ok_at(f, d, k)) {
				n++;
				break;
			}
	}
	return n;
}

/* The next finding, filled by a rule, kept only when the rule names it. */
static struct wb_fleet_finding *next_finding(struct fleet *f, size_t h,
					     enum wb_fleet_finding_kind kind,
					     const struct wb_saved_test *t)
{
	struct wb_fleet_finding *x = &f->v->findings[f->v->nfindings];
	const struct wb_saved_test *key = f->v->hosts[h].key;

	memset(x, 0, sizeof(*x));
	x->host = h;
	x->kind = kind;
	x->test = t;
	x->key = key && wb_compare_same_test(key, t);
	return x;
}

static void keep_finding(struct fleet *f, size_t h)
{
	f->v->nfindings++;
	f->v->hosts[h].findings++;
}

/* The other hosts' rates (p99 false) or p99s on desc[d], into scratch, one
 * per host: the median of its files' (a host of four runs weighed four times
 * would move the median toward itself). The files of h's own host are left
 * out with it: a host is judged against the others, not its own runs. */
static size_t others(struct fleet *f, size_t h, size_t d, bool p99)
{
	const struct wb_saved_test *o;
	struct wb_fleet_figure fig;
	size_t g, k, j, m = 0;

	for (g = 0; g < f->n; g++) {
		if (f->v->hosts[g].host_of != g || g == f->v->hosts[h].host_of)
			continue;
		for (j = 0, k = g; k < f->n; k++) {
			if (f->v->hosts[k].host_of != g || !ok_at(f, d, k))
				continue;
			o = f->at[d * f->n + k];
			if (!p99) {
				wb_fleet_figure_of(&f->r[k], o, &fig);
				f->files[j++] = fig.rate;
			} else if (o->has_p99) {
				f->files[j++] = o->p99_us;
			}
		}
		if (j)
			f->scratch[m++] = wb_median(f->files, j);
	}
	return m;
}

/* Every test of every host, in the host's order: failures always; the rest
 * against the fleet where enough hosts ran it. */
static void judge_hosts(struct fleet *f)
{
	struct wb_fleet_figure fig;
	size_t h, i, d, m;

	for (h = 0; h < f->n; h++)
		for (i = 0; i < f->r[h].ntests; i++) {
			const struct wb_saved_test *t = &f->r[h].tests[i];

			if (wb_saved_failed(t)) {
				next_finding(f, h, WB_FLEET_FAILED, t);
				keep_finding(f, h);
				continue;
			}
			d = desc_index(f, t);
			if (!wb_saved_ok(t) || f->at[d * f->n + h] != t ||
			    hosts_ok(f, d) < WB_FLEET_MIN_HOSTS)
				continue;
			m = others(f, h, d, false);
			wb_fleet_figure_of(&f->r[h], t, &fig);
			if (wb_fleet_judge_rate(&fig, f->scratch, m, next_finding(f, h, WB_FLEET_SLOW, t)))
				keep_finding(f, h);
			m = others(f, h, d, true);
			if (wb_fleet_judge_p99(t, f->scratch, m, next_finding(f, h, WB_FLEET_P99, t)))
				keep_finding(f, h);
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

static void fill_hosts(struct fleet *f, const char *const *labels)
{
	struct wb_fleet_verdict *v = f->v;
	struct wb_fleet_figure fig;
	size_t h;

	for (h = 0; h < f->n; h++) {
		struct wb_fleet_host *x = &v->hosts[h];

		x->r = &f->r[h];
		x->label = labels[h];
		x->key = wb_fleet_key_test(&f->r[h]);
		v->partial += f->r[h].partial;
		x->key_ok = x->key && wb_saved_ok(x->key);
		if (!x->key_ok)
			continue;
		x->key_has_ci = wb_fleet_figure_of(x->r, x->key, &fig);
		x->key_rate = fig.rate;
		x->key_low = fig.low;
		x->key_high = fig.high;
		x->key_sustained = fig.sustained;
		x->key_burst_per_s = fig.burst_per_s;
		x->key_has_p99 = x->key->has_p99;
		x->key_p99_us = x->key->p99_us;
	}
}

/* The outliers and their lead, and the hosts with a failure. */
static void count_hosts(struct wb_fleet_verdict *v)
{
	const struct wb_fleet_finding *lead;
	size_t h, i;

	for (h = 0; h < v->nhosts; h++) {
		lead = host_lead(v, h);
		v->hosts[h].outlier = lead != NULL;
		v->outliers += lead != NULL;
		if (lead && (!v->lead || worse(lead, v->lead)))
			v->lead = lead;
	}
	for (i = 0; i < v->nfindings; i++)
		if (v->findings[i].kind == WB_FLEET_FAILED && !v->hosts[v->findings[i].host].failed) {
			v->hosts[v->findings[i].host].failed = true;
			v->failed++;
		}
}

/* Which files share a host name: repeated runs on one machine (before and
 * after a change, a playbook's hosts on one VM) are counted as files, and
 * the reporters say so rather than call them a fleet of that many hosts. */
static void same_hosts(struct wb_fleet_verdict *v)
{
	size_t h, k;

	for (h = 0; h < v->nhosts; h++) {
		const char *name = v->hosts[h].r->hostname;

		v->hosts[h].host_files = 1;
		v->hosts[h].first_of_host = true;
		v->hosts[h].host_of = h;
		if (!*name)
			continue;
		for (k = 0; k < v->nhosts; k++)
			if (k != h && strcmp(v->hosts[k].r->hostname, name) == 0) {
				v->hosts[h].host_files++;
				if (k < h && v->hosts[h].first_of_host) {
					v->hosts[h].first_of_host = false;
					v->hosts[h].host_of = k;
				}
			}
	}
	for (h = 0; h < v->nhosts; h++)
		v->distinct_hosts += v->hosts[h].first_of_host;
}

static void free_fleet(struct fleet *f)
{
	free(f->desc);
	free(f->at);
	free(f->scratch);
	free(f->files);
}

int wb_fleet_decide(const struct wb_saved_results *r, const char *const *labels, size_t n,
		    struct wb_fleet_verdict *out)
{
	struct fleet f = { .r = r, .n = n, .v = out };
	size_t h, d, total = 0;

	memset(out, 0, sizeof(*out));
	out->nhosts = n;
	for (h = 0; h < n; h++)
		total += r[h].ntests;
	f.desc = calloc(total + 1, sizeof(*f.desc));
	f.at = calloc((total + 1) * (n + 1), sizeof(*f.at));
	f.scratch = calloc(n + 1, sizeof(*f.scratch));
	f.files = calloc(n + 1, sizeof(*f.files));
	out->hosts = calloc(n + 1, sizeof(*out->hosts));
	/* two findings per test at most (SLOW and P99), and one spare: a rule
	 * fills the next finding before deciding whether to keep it */
	out->findings = calloc(2 * total + 1, sizeof(*out->findings));
	out->votes = calloc(n + 1, sizeof(*out->votes));
	out->answers = calloc(2 * n + 1, sizeof(*out->answers));
	out->disagreements = calloc(2 * n + 1, sizeof(*out->disagreements));
	if (!f.desc || !f.at || !f.scratch || !f.files || !out->hosts || !out->findings || !out->votes ||
	    !out->answers || !out->disagreements)
		goto nomem;
	fill_hosts(&f, labels);
	same_hosts(out);
	match_tests(&f);
	out->tests = f.ndesc;
	for (d = 0; d < f.ndesc; d++)
		out->judged_tests += hosts_ok(&f, d) >= WB_FLEET_MIN_HOSTS;
	judge_hosts(&f);
	count_hosts(out);
	if (wb_fleet_vote_all(r, n, out))
		goto nomem;
	if (n == 2)
		wb_fleet_compare_pair(&out->hosts[0], &out->hosts[1], &out->pair);
	free_fleet(&f);
	return 0;
nomem:
	free_fleet(&f);
	wb_fleet_free(out);
	return -ENOMEM;
}

void wb_fleet_free(struct wb_fleet_verdict *v)
{
	free(v->hosts);
	free(v->findings);
	free(v->votes);
	free(v->answers);
	free(v->disagreements);
	memset(v, 0, sizeof(*v));
}
