/* compare.c — matches the tests of two sides, each one results file or several
 * runs of the same tests, and judges each pair: a Welch interval (over the two
 * files' trial rates, or over the runs' means when a side has several: the one
 * way to see the variation between runs, which two runs of one disk show and
 * one run's trials do not), a point figure for p99, and the gate of
 * --fail-on-regression, which a test of A missing in B fails as one not run
 * there would; and whether the files were measured on other storage than A's
 * first (another host, device, file system or mount; the kernel apart, as
 * information). Trap: a test duplicated within one file (a profile with
 * two equal groups) matches in order, the first in A with the first in B. */
#include "advice/compare.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

bool wb_compare_same_test(const struct wb_saved_test *a, const struct wb_saved_test *b)
{
	return strcmp(a->method, b->method) == 0 && strcmp(a->engine, b->engine) == 0 &&
	       strcmp(a->label, b->label) == 0 && a->size == b->size &&
	       a->writes_per_op == b->writes_per_op && strcmp(a->pattern, b->pattern) == 0 &&
	       a->queue_depth == b->queue_depth && a->jobs == b->jobs &&
	       a->committers == b->committers && strcmp(a->flush_form, b->flush_form) == 0 &&
	       a->wal_buffers == b->wal_buffers && strcmp(a->fd_mode, b->fd_mode) == 0 &&
	       strcmp(a->segment, b->segment) == 0 && a->segment_size == b->segment_size &&
	       strcmp(a->where, b->where) == 0 && a->data_load == b->data_load;
}

/* A test's runs on one side: each ok run's mean trial rate and that mean's
 * squared standard error (NAN with fewer than 2 trials), the run it first
 * failed in, and whether a run said it was unstable. */
struct side_runs {
	double mean[WB_COMPARE_MAX_RUNS], se2[WB_COMPARE_MAX_RUNS], p99_sum;
	struct wb_stats first;   /* the first ok run's trials: one run a side is Welch on these */
	size_t k, p99_n;
	const struct wb_saved_test *failed;
	bool unstable;
};

/* How many tests before index i of the file are the same test as it. */
static size_t occurrence(const struct wb_saved_results *f, size_t i)
{
	size_t j, n = 0;

	for (j = 0; j < i; j++)
		n += wb_compare_same_test(&f->tests[j], &f->tests[i]);
	return n;
}

/* The nth (from 0) test of the file that is the same test as t, or NULL. */
static const struct wb_saved_test *nth_same(const struct wb_saved_results *f,
					    const struct wb_saved_test *t, size_t nth)
{
	size_t j;

	for (j = 0; j < f->ntests; j++)
		if (wb_compare_same_test(&f->tests[j], t) && nth-- == 0)
			return &f->tests[j];
	return NULL;
}

static void add_run(struct side_runs *s, const struct wb_saved_test *t)
{
	struct wb_stats st;

	if (!wb_saved_ok(t)) {
		if (!s->failed)
			s->failed = t;
		return;
	}
	wb_stats_compute(t->trial_rates, t->trial_rates ? t->ntrials : 0, &st);
	if (!s->k)
		s->first = st;
	s->mean[s->k] = wb_saved_rate(t); /* the trial mean, as the intervals are of */
	s->se2[s->k] = st.n >= 2 ? st.stddev * st.stddev / (double)st.n : NAN;
	s->k++;
	s->unstable |= t->unstable;
	if (t->has_p99) {
		s->p99_sum += t->p99_us;
		s->p99_n++;
	}
}

/* The test's runs on one side: first, the side's first file's (already matched). */
static void collect(const struct wb_compare_side *side, const struct wb_saved_test *first,
		    size_t nth, struct side_runs *out)
{
	const struct wb_saved_test *t;
	size_t r;

	memset(out, 0, sizeof(*out));
	add_run(out, first);
	for (r = 1; r < side->n; r++)
		if ((t = nth_same(&side->runs[r], first, nth)))
			add_run(out, t);
}

static double side_mean(const struct side_runs *s)
{
	return wb_mean_range(s->mean, 0, s->k);
}

/* The variance of one run's mean: what its runs' means spread by (which holds
 * both the noise between runs and each run's own), never less than the runs'
 * own squared standard errors say, because two runs that happened to agree
 * know their means no better than their trials do. NAN with one run. */
static double run_var(const struct side_runs *s)
{
	struct wb_stats st;
	double within = 0.0;
	size_t i, n = 0;

	if (s->k < 2)
		return NAN;
	wb_stats_compute(s->mean, s->k, &st);
	for (i = 0; i < s->k; i++)
		if (isfinite(s->se2[i])) {
			within += s->se2[i];
			n++;
		}
	within = n ? within / (double)n : 0.0;
	return fmax(st.stddev * st.stddev, within);
}

/* A side's term from its runs' means. A side of one run has no spread of its
 * own between runs: it takes the other side's, relative to the mean (the same
 * disk and setup measured again), and its degrees of freedom. */
static bool side_term(const struct side_runs *s, const struct side_runs *other,
		      struct wb_mean_term *t)
{
	double m = side_mean(s), mo = side_mean(other), v;

	if (!(m > 0.0))
		return false;
	if (s->k >= 2) {
		*t = (struct wb_mean_term){ .mean = m, .df = (double)s->k - 1.0,
					    .rel_var = run_var(s) / (double)s->k / (m * m) };
		return true;
	}
	if (other->k < 2 || !(mo > 0.0))
		return false;
	v = run_var(other) / (mo * mo);
	if (isfinite(s->se2[0]))
		v = fmax(v, s->se2[0] / (m * m));
	*t = (struct wb_mean_term){ .mean = m, .df = (double)other->k - 1.0, .rel_var = v };
	return true;
}

/* The interval: over the runs' means when either side has several, else over
 * the two runs' trials (Welch, not paired: each file's rounds ran in its own
 * run, so round k of A and round k of B share nothing that would cancel). */
static bool interval(const struct side_runs *sa, const struct side_runs *sb,
		     struct wb_comparison *c, bool *between)
{
	struct wb_mean_term ta, tb;

	*between = sa->k >= 2 || sb->k >= 2;
	if (*between)
		return side_term(sa, sb, &ta) && side_term(sb, sa, &tb) &&
		       wb_stats_compare_terms(&ta, &tb, c);
	return wb_stats_compare(&sa->first, &sb->first, c);
}

/* The spread one trial of each side allows the difference: where a side is
 * unstable its run's mean is known no better (WB_COMPARE_NOISE_Z). Several
 * runs a side measure the variation between runs itself, so only a pair
 * judged on one run's trials a side gets it. */
static void noise(struct wb_compare_pair *p, const struct wb_stats *a, const struct wb_stats *b)
{
	double ca = a->cv_pct / 100.0, cb = b->cv_pct / 100.0;
	double d = log1p(p->diff_pct / 100.0), s = sqrt(ca * ca + cb * cb);

	if (!isfinite(d) || !isfinite(s))
		return;
	p->has_noise = true;
	p->noise_low_pct = 100.0 * expm1(d - WB_COMPARE_NOISE_Z * s);
	p->noise_high_pct = 100.0 * expm1(d + WB_COMPARE_NOISE_Z * s);
}

/* One pair's figures and state (a tie only within +-margin); the gate is
 * applied by the caller. nth: the pair's test is the nth of its kind in A's
 * first file (a profile with two equal groups). */
static void judge(struct wb_compare_pair *p, const struct wb_compare_side *a,
		  const struct wb_compare_side *b, size_t nth, double margin)
{
	struct side_runs sa, sb;
	bool a_ok, b_ok;

	collect(a, p->a, nth, &sa);
	collect(b, p->b, nth, &sb);
	p->runs_a = sa.k;
	p->runs_b = sb.k;
	a_ok = sa.k > 0;
	b_ok = sb.k > 0 && !sb.failed;
	if (!a_ok)
		p->a = sa.failed;
	if (!b_ok)
		p->b = sb.failed;
	p->rate_a = a_ok ? side_mean(&sa) : 0.0;
	p->rate_b = sb.k ? side_mean(&sb) : 0.0;
	p->unstable_a = sa.unstable;
	p->unstable_b = sb.unstable;
	if (!a_ok || !b_ok) {
		p->state = a_ok ? WB_PAIR_FAILED_B : b_ok ? WB_PAIR_FAILED_A : WB_PAIR_FAILED_BOTH;
		return;
	}
	if (sa.p99_n && sb.p99_n && sa.p99_sum > 0) {
		p->has_p99 = true;
		p->p99_a_us = sa.p99_sum / (double)sa.p99_n;
		p->p99_b_us = sb.p99_sum / (double)sb.p99_n;
		p->p99_diff_pct = 100.0 * (p->p99_b_us - p->p99_a_us) / p->p99_a_us;
	}
	memset(&p->cmp, 0, sizeof(p->cmp));
	p->has_ci = interval(&sa, &sb, &p->cmp, &p->between_runs);
	if (p->has_ci) {
		p->diff_pct = p->cmp.diff_pct;
		if ((p->unstable_a || p->unstable_b) && !p->between_runs)
			noise(p, &sa.first, &sb.first);
		if (p->cmp.significant)
			p->state = p->cmp.diff_pct < 0 ? WB_PAIR_SLOWER : WB_PAIR_FASTER;
		else if (p->cmp.ci95_low_pct >= -margin && p->cmp.ci95_high_pct <= margin)
			p->state = WB_PAIR_TIE;
		else
			p->state = WB_PAIR_UNCLEAR;
		return;
	}
	p->between_runs = false;
	p->diff_pct = p->rate_a > 0 ? 100.0 * (p->rate_b - p->rate_a) / p->rate_a : NAN;
	p->state = WB_PAIR_NO_INTERVAL;
}

/* Slower past the threshold: the point change, because the threshold is what
 * the user will tolerate; significance is the pair's state. */
static bool slower_past(const struct wb_compare_pair *p, double gate_pct)
{
	return p->state == WB_PAIR_SLOWER && -p->diff_pct > gate_pct;
}

/* A slowdown past the threshold that a side's instability explains: its
 * trials' spread reaches no change. Not a regression and not a pass. */
static bool is_inconclusive(const struct wb_compare_pair *p, double gate_pct)
{
	return slower_past(p, gate_pct) && p->has_noise && p->noise_high_pct >= 0.0;
}

/* The gate: B failing is always a regression, except where A could not run the
 * test either and B merely says the same (both n/a: fsync_writethrough on
 * Linux); an error in B is a failure whatever A did. A slowdown counts only
 * when significant and past the threshold, and, a side unstable, past its
 * trials' spread too: noise must not fail a build. */
static bool is_regression(const struct wb_compare_pair *p, double gate_pct)
{
	switch (p->state) {
	case WB_PAIR_FAILED_B:
		return true;
	case WB_PAIR_FAILED_BOTH:
		return strcmp(p->b->status, "error") == 0;
	case WB_PAIR_SLOWER:
		return slower_past(p, gate_pct) && !is_inconclusive(p, gate_pct);
	default:
		return false;
	}
}

/* What the summary leads with: a failure in B, else the largest significant
 * slowdown, else the largest significant speedup. */
static const struct wb_compare_pair *pick_lead(const struct wb_compare_verdict *v)
{
	const struct wb_compare_pair *lead = NULL;
	size_t i;

	for (i = 0; i < v->npairs; i++)
		if (v->pairs[i].state == WB_PAIR_FAILED_B ||
		    (v->pairs[i].state == WB_PAIR_FAILED_BOTH && v->pairs[i].regression))
			return &v->pairs[i];
	for (i = 0; i < v->npairs; i++)
		if (v->pairs[i].state == WB_PAIR_SLOWER &&
		    (!lead || v->pairs[i].diff_pct < lead->diff_pct))
			lead = &v->pairs[i];
	if (lead)
		return lead;
	for (i = 0; i < v->npairs; i++)
		if (v->pairs[i].state == WB_PAIR_FASTER &&
		    (!lead || v->pairs[i].diff_pct > lead->diff_pct))
			lead = &v->pairs[i];
	return lead;
}

/* A fact as a file holds it: "" where it has none (or was built by hand). */
static const char *fact(const char *s)
{
	return s ? s : "";
}

/* Both files know the fact and it differs. */
static bool known_differ(const char *a, const char *b)
{
	return *fact(a) && *fact(b) && strcmp(a, b) != 0;
}

unsigned wb_compare_facts_differ(const struct wb_saved_results *ref,
				 const struct wb_saved_results *r)
{
	unsigned d = 0;

	if (known_differ(ref->hostname, r->hostname))
		d |= 1u << WB_CMP_HOST;
	/* A disk renamed is another disk; one name over another model (sda
	 * swapped) is too. */
	if (known_differ(ref->block_device, r->block_device) ||
	    (strcmp(fact(ref->block_device), fact(r->block_device)) == 0 &&
	     known_differ(ref->model, r->model)))
		d |= 1u << WB_CMP_DEVICE;
	if (known_differ(ref->fs_type, r->fs_type))
		d |= 1u << WB_CMP_FS;
	if (known_differ(ref->mount_point, r->mount_point))
		d |= 1u << WB_CMP_MOUNT;
	if (known_differ(ref->kernel, r->kernel))
		d |= 1u << WB_CMP_KERNEL;
	return d;
}

/* Every file against A's first, A's further runs first: the first whose
 * storage differs and the first whose kernel does. */
static void check_storage(const struct wb_compare_side *sa, const struct wb_compare_side *sb,
			  struct wb_compare_storage *st)
{
	const struct wb_compare_side *sides[] = { sa, sb };
	size_t s, i;
	unsigned d;

	memset(st, 0, sizeof(*st));
	st->ref = (struct wb_compare_file){ &sa->runs[0], 'A', 0 };
	for (s = 0; s < 2; s++)
		for (i = s == 0 ? 1 : 0; i < sides[s]->n; i++) {
			struct wb_compare_file f = { &sides[s]->runs[i], s ? 'B' : 'A', i };

			d = wb_compare_facts_differ(st->ref.r, f.r);
			st->differs |= d;
			if (d & WB_CMP_STORAGE) {
				st->files++;
				if (!st->other.r) {
					st->other = f;
					st->other_differs = d & WB_CMP_STORAGE;
				}
			}
			if ((d & (1u << WB_CMP_KERNEL)) && !st->kernel.r)
				st->kernel = f;
		}
}

int wb_compare_decide(const struct wb_saved_results *a, const struct wb_saved_results *b,
		      double gate_pct, struct wb_compare_verdict *out)
{
	struct wb_compare_side sa = { a, 1 }, sb = { b, 1 };

	return wb_compare_decide_runs(&sa, &sb, gate_pct, out);
}

int wb_compare_decide_runs(const struct wb_compare_side *sa, const struct wb_compare_side *sb,
			   double gate_pct, struct wb_compare_verdict *out)
{
	const struct wb_saved_results *a = sa->runs, *b = sb->runs;
	bool *used = NULL;
	size_t i, j;

	memset(out, 0, sizeof(*out));
	if (!sa->n || !sb->n || sa->n > WB_COMPARE_MAX_RUNS || sb->n > WB_COMPARE_MAX_RUNS)
		return -EINVAL;
	out->runs_a = sa->n;
	out->runs_b = sb->n;
	out->between_runs = sa->n > 1 || sb->n > 1;
	out->schema_a = a->schema_version;
	out->schema_b = b->schema_version;
	out->gate = gate_pct >= 0;
	out->gate_pct = out->gate ? gate_pct : 0;
	out->margin_pct = out->gate ? gate_pct : WB_COMPARE_SAME_PCT;
	used = calloc(b->ntests + 1, sizeof(*used));
	out->pairs = calloc(a->ntests + 1, sizeof(*out->pairs));
	out->only_a = calloc(a->ntests + 1, sizeof(*out->only_a));
	out->only_b = calloc(b->ntests + 1, sizeof(*out->only_b));
	if (!used || !out->pairs || !out->only_a || !out->only_b)
		goto nomem;
	for (i = 0; i < a->ntests; i++) {
		for (j = 0; j < b->ntests; j++)
			if (!used[j] && wb_compare_same_test(&a->tests[i], &b->tests[j]))
				break;
		if (j == b->ntests) {
			out->only_a[out->nonly_a++] = &a->tests[i];
			continue;
		}
		used[j] = true;
		out->pairs[out->npairs] = (struct wb_compare_pair){ .a = &a->tests[i],
								    .b = &b->tests[j] };
		judge(&out->pairs[out->npairs++], sa, sb, occurrence(a, i), out->margin_pct);
	}
	for (j = 0; j < b->ntests; j++)
		if (!used[j])
			out->only_b[out->nonly_b++] = &b->tests[j];
	for (i = 0; i < out->npairs; i++) {
		struct wb_compare_pair *p = &out->pairs[i];
		size_t *count[] = {
			[WB_PAIR_SLOWER] = &out->slower,	 [WB_PAIR_FASTER] = &out->faster,
			[WB_PAIR_TIE] = &out->ties,		 [WB_PAIR_UNCLEAR] = &out->unclear,
			[WB_PAIR_NO_INTERVAL] = &out->no_interval,
			[WB_PAIR_FAILED_B] = &out->failed_b,	 [WB_PAIR_FAILED_A] = &out->failed_a,
			[WB_PAIR_FAILED_BOTH] = &out->failed_both,
		};

		(*count[p->state])++;
		p->regression = is_regression(p, out->gate ? gate_pct : 0);
		p->inconclusive = is_inconclusive(p, out->gate ? gate_pct : 0);
		out->gate_inconclusive += p->inconclusive;
		out->unstable += p->unstable_a || p->unstable_b;
		if (p->regression && p->state == WB_PAIR_SLOWER) {
			out->gate_slower++;
			out->gate_unstable += p->unstable_a || p->unstable_b;
		}
		else if (p->regression)
			out->gate_failed++;
		if (p->state == WB_PAIR_UNCLEAR &&
		    (!out->open || p->cmp.ci95_low_pct < out->open->cmp.ci95_low_pct))
			out->open = p;
	}
	out->gate_missing = out->nonly_a;
	out->regressions = out->gate_slower + out->gate_failed + out->gate_missing;
	out->unusable = out->npairs == 0;
	out->regression = out->gate && out->regressions > 0;
	out->inconclusive = out->gate && !out->regression && out->gate_inconclusive > 0;
	out->lead = pick_lead(out);
	check_storage(sa, sb, &out->storage);
	free(used);
	return 0;
nomem:
	free(used);
	wb_compare_free(out);
	return -ENOMEM;
}

void wb_compare_free(struct wb_compare_verdict *v)
{
	free(v->pairs);
	free(v->only_a);
	free(v->only_b);
	v->pairs = NULL;
	v->only_a = v->only_b = NULL;
	v->npairs = v->nonly_a = v->nonly_b = 0;
}
