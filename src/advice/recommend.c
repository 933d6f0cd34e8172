/* recommend.c — see recommend.h. The rules, in order:
 * 1. a durability failure anywhere: no recommendation, that failure first (a
 *    method that failed otherwise or is n/a is simply never chosen); then a
 *    server with fsync = off: no recommendation, since it flushes nothing;
 * 2. each part of the workload (8 kB commits; bulk flushes) says what its
 *    sequential decision said: switch to the method that beat the default by at
 *    least the minimum gain, or keep the default (a proven tie, or undecided);
 *    bulk switches only when every bulk size agrees;
 * 3. mixed: parts that agree decide; when one part gains and the other would
 *    lose, the gains are weighed (half each) and the switch must still clear
 *    the minimum gain;
 * 4. with a server, gains in commits: a flush margin scaled by the share of the
 *    server's time its WAL spends flushing must still clear the minimum gain
 *    (a switch whose commit interval straddles it is undecided; one whose top
 *    is below it is a tie; an undecided run is a tie only when no method's
 *    interval reaches it), and its own flush time is set beside walbench's;
 *    without one, the run's decision of the commits already asked the minimum
 *    gain in commits of an assumed cost (--commit-work; results/decision.h):
 *    its state stands, and its figures are said in commits;
 * 5. commit_delay from the chosen method's median commit flush, where it pays. */
#include "advice/recommend.h"

#include <math.h>
#include <string.h>

#include "advice/device_advice.h"
#include "advice/os_advice.h"
#include "advice/server_shape.h"
#include "facts/device.h"
#include "results/settle.h"

/* The test of method m in the group of test key; NULL when absent or not ok. */
static const struct wb_result *find(const struct wb_results *rs, const struct wb_test *key,
				    enum wb_method_id m)
{
	size_t i;

	for (i = 0; i < rs->n; i++)
		if (rs->v[i].test.method == m && rs->v[i].status == WB_STATUS_OK &&
		    wb_test_same_but_method(&rs->v[i].test, key))
			return &rs->v[i];
	return NULL;
}

/* The method the run decided against: the server's own with --server, else
 * PostgreSQL's default. */
static enum wb_method_id run_baseline(const struct wb_results *rs)
{
	size_t i;

	for (i = 0; i < rs->ndecisions; i++)
		if (rs->decisions[i].baseline != SIZE_MAX)
			return rs->v[rs->decisions[i].baseline].test.method;
	return WB_DEFAULT_METHOD;
}

/* m against the baseline bm in the group of key, 95 %: false when not comparable. */
static bool gain(const struct wb_results *rs, const struct wb_test *key, enum wb_method_id bm,
		 enum wb_method_id m, struct wb_comparison *c)
{
	const struct wb_result *base = find(rs, key, bm), *x = find(rs, key, m);

	if (!base || !x)
		return false;
	if (base == x) {
		*c = (struct wb_comparison){ .paired = true };
		return true;
	}
	return wb_result_compare(base, x, 0.95, c);
}

static void set_gain(struct wb_part_verdict *v, const struct wb_comparison *c)
{
	v->gain_pct = c->diff_pct;
	v->low_pct = c->ci95_low_pct;
	v->high_pct = c->ci95_high_pct;
}

/* What one group's decision says. It was made while its tests ran, and a test
 * can fail after the decision
 * (a later trial, or the file system going away): a group whose default failed
 * measured nothing to decide from (v->measured stays false), and a leader that
 * failed is never chosen. */
static void group_verdict(const struct wb_results *rs, const struct wb_group_decision *d,
			  struct wb_part_verdict *v)
{
	const struct wb_test *key = &rs->v[d->first].test;
	const struct wb_result *leader = &rs->v[d->leader];
	enum wb_method_id bm = rs->v[d->baseline].test.method;
	struct wb_comparison c;

	if (rs->v[d->baseline].status != WB_STATUS_OK)
		return;
	v->measured = true;
	v->state = d->state;
	v->decided = d->state != WB_DECIDE_UNDECIDED && d->state != WB_DECIDE_OPEN;
	v->method = d->state == WB_DECIDE_SWITCH ? leader->test.method : bm;
	v->why = WB_PART_BY_DECISION;
	v->decision = d;
	if (d->state == WB_DECIDE_SWITCH && leader->status != WB_STATUS_OK) {
		v->decided = false;
		v->state = WB_DECIDE_UNDECIDED;
		v->method = bm;
		v->why = WB_PART_LEADER_FAILED;
		v->leader = leader;
	}
	if (gain(rs, key, bm, v->method, &c))
		set_gain(v, &c);
}

/* Two groups' states as one: undecided if either is; a switch only where
 * both switch (whether to the same method is checked by the caller); a keep
 * (every other slower) only where both are; else a tie. */
static enum wb_decide_state part_state(enum wb_decide_state a, enum wb_decide_state b)
{
	if (a == WB_DECIDE_UNDECIDED || b == WB_DECIDE_UNDECIDED || a == WB_DECIDE_OPEN ||
	    b == WB_DECIDE_OPEN)
		return WB_DECIDE_UNDECIDED;
	if (a == b)
		return a;
	return WB_DECIDE_TIE;
}

/* The part's verdict over its groups: commits (one page per flush) or bulk. */
static void part_verdict(const struct wb_results *rs, bool bulk, enum wb_method_id bm,
			 struct wb_part_verdict *v)
{
	struct wb_part_verdict g;
	size_t i, groups = 0;
	bool agree = true;

	memset(v, 0, sizeof(*v));
	v->method = bm;
	for (i = 0; i < rs->ndecisions; i++) {
		const struct wb_group_decision *d = &rs->decisions[i];

		if (wb_test_is_bulk(&rs->v[d->first].test) != bulk || d->baseline == SIZE_MAX)
			continue;
		memset(&g, 0, sizeof(g));
		group_verdict(rs, d, &g);
		if (!g.measured)
			continue;
		if (groups++ == 0) {
			*v = g;
			continue;
		}
		v->decided = v->decided && g.decided;
		v->state = part_state(v->state, g.state);
		agree = agree && g.method == v->method;
		if (g.gain_pct < v->gain_pct) /* the most cautious size speaks for the part */
			set_gain(v, &(struct wb_comparison){ .diff_pct = g.gain_pct,
							     .ci95_low_pct = g.low_pct,
							     .ci95_high_pct = g.high_pct });
	}
	if (groups > 1 && !agree) {
		if (v->state == WB_DECIDE_SWITCH)
			v->state = WB_DECIDE_TIE; /* decided, and no one method for the part */
		v->method = bm;
		v->gain_pct = v->low_pct = v->high_pct = 0.0;
		v->why = WB_PART_SIZES_DISAGREE;
	}
}

/* A durability failure anywhere stops the recommendation: the storage lost
 * data it said was safe. (A method that failed otherwise, or is n/a, is never
 * recommended: the decision only ever picks tests that ran.) */
static bool find_failure(const struct wb_results *rs, struct wb_recommendation *out)
{
	size_t i;

	for (i = 0; i < rs->n; i++) {
		const struct wb_result *r = &rs->v[i];

		if (r->status != WB_STATUS_ERROR || !r->durability_failure)
			continue;
		out->failure = WB_REC_FAIL_DURABILITY;
		out->failed_test = r;
		return true;
	}
	return false;
}

/* The first test that failed, if any: when nothing could be measured, the
 * failure is the reason, and the verdict names it rather than a bare "not
 * measured". */
static const struct wb_result *first_error(const struct wb_results *rs)
{
	size_t i;

	for (i = 0; i < rs->n; i++)
		if (rs->v[i].status == WB_STATUS_ERROR)
			return &rs->v[i];
	return NULL;
}

/* Without a server: the commit part's decision, where it was made in commits
 * of an assumed cost; NULL otherwise (bulk, or --commit-work 0). */
static const struct wb_group_decision *assumed_commits(const struct wb_recommend_params *p,
						       const struct wb_recommendation *out)
{
	const struct wb_group_decision *d = out->oltp.decision;

	if (p->server || p->workload == WB_WORKLOAD_BULK || !d || !d->in_commits)
		return NULL;
	return d;
}

/* mixed: one method for both parts, which it returns (out->reason and the
 * weighed figures say why). */
static enum wb_method_id combine(const struct wb_results *rs, const struct wb_recommend_params *p,
				 struct wb_recommendation *out)
{
	const struct wb_part_verdict *o = &out->oltp, *b = &out->bulk;
	enum wb_method_id cand[2] = { o->method, b->method }, method = out->baseline;
	double best_gain = 0.0;
	unsigned k;

	out->reason = WB_REC_PARTS_OFFSET;
	if (o->method == b->method) {
		out->reason = WB_REC_PARTS_AGREE;
		return o->method;
	}
	/* Weigh each candidate over both parts; it must clear the minimum gain. */
	for (k = 0; k < 2; k++) {
		struct wb_comparison co, cb;
		double g;
		size_t i;
		const struct wb_test *okey = NULL, *bkey = NULL;

		if (cand[k] == out->baseline)
			continue;
		for (i = 0; i < rs->ndecisions; i++) {
			const struct wb_test *t = &rs->v[rs->decisions[i].first].test;

			if (wb_test_is_bulk(t) && !bkey)
				bkey = t;
			else if (!wb_test_is_bulk(t) && !okey)
				okey = t;
		}
		if (!okey || !bkey || !gain(rs, okey, out->baseline, cand[k], &co) ||
		    !gain(rs, bkey, out->baseline, cand[k], &cb))
			continue;
		/* Commits decided in commits weigh their gain in commits. */
		if (assumed_commits(p, out))
			co.diff_pct = wb_commit_gain_pct(co.diff_pct, o->decision->flush_share);
		g = WB_MIXED_OLTP_WEIGHT * co.diff_pct + (1.0 - WB_MIXED_OLTP_WEIGHT) * cb.diff_pct;
		if (g >= p->min_gain_pct && g > best_gain) {
			best_gain = g;
			method = cand[k];
			out->reason = WB_REC_PARTS_WEIGHED;
			out->weighed_pct = g;
			out->weighed_oltp_pct = co.diff_pct;
			out->weighed_bulk_pct = cb.diff_pct;
		}
	}
	return method;
}

/* The best method other than out->method in the deciding group, against it. */
static void runner_up(const struct wb_results *rs, struct wb_recommendation *out)
{
	const struct wb_test *key = NULL;
	const struct wb_result *chosen;
	double best = -INFINITY;
	size_t i;

	for (i = 0; i < rs->ndecisions && !key; i++) {
		const struct wb_test *t = &rs->v[rs->decisions[i].first].test;

		if (!wb_test_is_bulk(t) == (out->workload != WB_WORKLOAD_BULK))
			key = t;
	}
	if (!key || !(chosen = find(rs, key, out->method)))
		return;
	for (i = 0; i < rs->n; i++) {
		const struct wb_result *r = &rs->v[i];
		struct wb_comparison c;

		if (r == chosen || r->status != WB_STATUS_OK || r->test.method == WB_METHOD_NONE ||
		    !wb_test_same_but_method(&r->test, key) || !wb_result_compare(chosen, r, 0.95, &c))
			continue;
		if (c.diff_pct > best) {
			best = c.diff_pct;
			out->has_runner_up = true;
			out->runner_up = r->test.method;
			out->runner_up_pct = c.diff_pct;
			out->runner_up_low = c.ci95_low_pct;
			out->runner_up_high = c.ci95_high_pct;
		}
	}
}

/* The first commit-shaped test of method m that ran. */
static const struct wb_result *commit_test(const struct wb_results *rs, enum wb_method_id m)
{
	size_t i;

	for (i = 0; i < rs->n; i++)
		if (rs->v[i].test.method == m && !wb_test_is_bulk(&rs->v[i].test) &&
		    rs->v[i].test.pattern != WB_PATTERN_GROUPCOMMIT &&
		    rs->v[i].status == WB_STATUS_OK && rs->v[i].hist && rs->v[i].hist->count)
			return &rs->v[i];
	return NULL;
}

/* commit_delay from the chosen method's median 8 kB commit flush. */
static void commit_delay(const struct wb_results *rs, struct wb_recommendation *out)
{
	const struct wb_result *r = commit_test(rs, out->method);

	out->commit_siblings = WB_COMMIT_SIBLINGS;
	/* XLogFlush sleeps commit_delay; an asynchronous commit never calls it
	 * (xact.c: XLogSetAsyncXactLSN), so the delay would gain it nothing. */
	if (out->share_source == WB_SHARE_ASYNC_COMMIT) {
		out->commit_why = WB_DELAY_ASYNC_COMMIT;
		return;
	}
	if (!r) {
		out->commit_why = WB_DELAY_NOT_MEASURED;
		return;
	}
	out->flush_p50_us = wb_result_usecs(r, 50);
	if (out->flush_p50_us < WB_COMMIT_DELAY_MIN_US) {
		out->commit_why = WB_DELAY_TOO_FAST;
		return;
	}
	out->commit_why = WB_DELAY_HALF_FLUSH;
	out->commit_delay_us = (uint32_t)fmin(out->flush_p50_us / 2.0, WB_COMMIT_DELAY_MAX_US);
}

/* The storage's and the OS's advisories, warnings first. */
static void advise(const struct wb_results *rs, const struct wb_recommend_params *p,
		   struct wb_recommendation *out)
{
	struct wb_advisory found[WB_REC_MAX_ADVISORIES];
	struct wb_advisory_list l = { .v = found, .max = WB_REC_MAX_ADVISORIES };
	int sev;
	size_t i;

	wb_device_advise(&rs->device, &l);
	l.n += wb_os_advise(&rs->os, p->shared_buffers, p->server ? &p->server->set : NULL,
			    found + l.n, l.max - l.n);
	for (sev = WB_SEVERITY_COUNT - 1; sev >= 0; sev--)
		for (i = 0; i < l.n; i++)
			if ((int)found[i].severity == sev)
				out->advisories[out->nadvisories++] = found[i];
}

static double decided_in(const struct wb_results *rs, bool *all)
{
	double last = 0.0;
	size_t i;

	*all = rs->ndecisions > 0;
	for (i = 0; i < rs->ndecisions; i++) {
		if (rs->decisions[i].state == WB_DECIDE_UNDECIDED)
			*all = false;
		else if (rs->decisions[i].decided_s > last)
			last = rs->decisions[i].decided_s;
	}
	return *all ? last : (double)rs->elapsed_ns / 1e9;
}

/* The state on flushes, from the flush winner and the parts' states. */
static enum wb_rec_state flush_state(const struct wb_recommend_params *p, enum wb_method_id winner,
				     bool decided, const struct wb_recommendation *out)
{
	bool oltp = p->workload != WB_WORKLOAD_BULK, bulk = p->workload != WB_WORKLOAD_OLTP;

	if (winner != out->baseline)
		return WB_REC_SWITCH;
	if (!decided)
		return WB_REC_UNDECIDED;
	if ((!oltp || out->oltp.state == WB_DECIDE_SLOWER) &&
	    (!bulk || out->bulk.state == WB_DECIDE_SLOWER))
		return WB_REC_KEEP;
	return WB_REC_TIE;
}

/* Undecided: the open group of the workload's parts that needs the most time
 * speaks for it (one settled without the other does not settle the answer). */
static const struct wb_group_decision *slowest_to_settle(const struct wb_results *rs,
							 const struct wb_recommend_params *p,
							 struct wb_recommendation *out)
{
	const struct wb_group_decision *by = NULL;
	size_t i;

	for (i = 0; i < rs->ndecisions; i++) {
		const struct wb_group_decision *d = &rs->decisions[i];
		bool bulk = wb_test_is_bulk(&rs->v[d->first].test);

		if (d->state != WB_DECIDE_UNDECIDED || !d->settle.known ||
		    (bulk ? p->workload == WB_WORKLOAD_OLTP : p->workload == WB_WORKLOAD_BULK))
			continue;
		if (!out->settle.known || d->settle.budget_s == 0.0 ||
		    (out->settle.budget_s != 0.0 && d->settle.budget_s > out->settle.budget_s)) {
			out->settle = d->settle;
			by = d;
		}
	}
	return by;
}

/* The other method of key's group whose 95 % interval against the baseline bm
 * reaches highest, in *top: what an open answer may still gain. The group's
 * slowest method to settle is not always it (settle.c sizes the budget), and
 * a tie must hold for every method, not for the one that needs the longest.
 * open_only: only methods the decision left open (neither dropped as slower
 * nor proven within the gain), the ones an undecided answer may name. false
 * when no other method compares. */
static bool highest_top(const struct wb_results *rs, const struct wb_test *key,
			enum wb_method_id bm, bool open_only, enum wb_method_id *which,
			struct wb_comparison *top)
{
	const struct wb_result *base = find(rs, key, bm);
	struct wb_comparison c;
	bool any = false;
	size_t i;

	for (i = 0; base && i < rs->n; i++) {
		const struct wb_result *r = &rs->v[i];

		if (r == base || r->status != WB_STATUS_OK || r->test.method == WB_METHOD_NONE ||
		    !wb_test_same_but_method(&r->test, key) ||
		    (open_only && (r->dropped || r->settled)) || !wb_result_compare(base, r, 0.95, &c))
			continue;
		if (!any || c.ci95_high_pct > top->ci95_high_pct) {
			any = true;
			*which = r->test.method;
			*top = c;
		}
	}
	return any;
}

/* Undecided: of every open group of the workload's parts, the method left
 * open whose 95 % interval reaches highest, in *which and *top: what the
 * answer may still gain, and so what its words name. The group that sets the
 * budget (slowest_to_settle) is not always its group: a bulk size whose
 * slower method's halves disagree needs the longest, while a commit method
 * straddles the minimum gain. false when none compares. */
static bool most_open(const struct wb_results *rs, const struct wb_recommend_params *p,
		      enum wb_method_id bm, enum wb_method_id *which, struct wb_comparison *top,
		      const struct wb_test **of)
{
	struct wb_comparison c;
	enum wb_method_id m;
	bool any = false;
	size_t i;

	for (i = 0; i < rs->ndecisions; i++) {
		const struct wb_group_decision *d = &rs->decisions[i];
		bool bulk = wb_test_is_bulk(&rs->v[d->first].test);

		if (d->state != WB_DECIDE_UNDECIDED ||
		    (bulk ? p->workload == WB_WORKLOAD_OLTP : p->workload == WB_WORKLOAD_BULK) ||
		    !highest_top(rs, &rs->v[d->first].test, bm, true, &m, &c))
			continue;
		if (!any || c.ci95_high_pct > top->ci95_high_pct) {
			any = true;
			*which = m;
			*top = c;
			*of = &rs->v[d->first].test;
		}
	}
	return any;
}

/* The server's flush time beside walbench's for the method it runs, at the
 * commit size measured (its mean flush in pages). */
static void crosscheck(const struct wb_results *rs, const struct wb_pg_observed *o,
		       struct wb_recommendation *out)
{
	const struct wb_result *r = commit_test(rs, out->baseline);

	if (!r || !wb_server_flush_ms_known(o))
		return;
	out->crosscheck = true;
	out->crosscheck_method = out->baseline;
	out->crosscheck_pages = r->test.writes_per_op;
	out->server_flush_ms = o->rate.flush_ms;
	out->walbench_flush_ms = wb_result_usecs(r, -1) / 1e3;
	out->flush_ratio = out->walbench_flush_ms > 0 ? out->server_flush_ms / out->walbench_flush_ms
						      : NAN;
	out->crosscheck_apart = out->flush_ratio > WB_CROSSCHECK_APART ||
				out->flush_ratio < 1.0 / WB_CROSSCHECK_APART;
}

/* The share of the server's time its commits wait on the flush, and where it
 * comes from: the server's shape (its own flush time, or 0 when commits do not
 * wait), else estimated from its flushes per second and walbench's latency of
 * the method it runs; NAN (WB_SHARE_NONE) when neither is known. */
static double commit_share(const struct wb_results *rs, const struct wb_pg_observed *o,
			   enum wb_method_id baseline, enum wb_share_source *source)
{
	const struct wb_result *r;
	struct wb_server_shape sh;
	double s;

	wb_server_shape(o, &sh);
	*source = sh.share_source;
	if (sh.share_source != WB_SHARE_ESTIMATED)
		return sh.flush_share;
	r = commit_test(rs, baseline);
	s = wb_flush_share_estimate(o->rate.wal_syncs_per_s, r ? wb_result_usecs(r, -1) : NAN);
	if (isnan(s))
		*source = WB_SHARE_NONE;
	return s;
}

/* A flush margin and its interval, percent, in commits at the flush share. */
struct commit_gain {
	double pct, low, high;
};

static struct commit_gain in_commits(double pct, double low, double high, double share)
{
	return (struct commit_gain){ wb_commit_gain_pct(pct, share), wb_commit_gain_pct(low, share),
				     wb_commit_gain_pct(high, share) };
}

/* The state in commits, from the state on flushes and the flush winner's gain
 * in commits: a flush switch whose commit interval's bottom is under the
 * minimum gain is not one (demoted: a tie when even the top is under it, else
 * undecided); an undecided run is a tie when no other method's interval
 * reaches the minimum in commits: top_pct, the highest top on flushes of any
 * (highest_top; -INFINITY: none), and the open question's. A flush tie or keep
 * stays one: a commit gains less than its flush. interrupted: never a tie the
 * flushes did not prove. */
static enum wb_rec_state commit_state(enum wb_rec_state flush, struct commit_gain g,
				      double top_pct, bool interrupted,
				      const struct wb_recommendation *out, bool *demoted)
{
	double m = out->min_gain_pct;

	*demoted = flush == WB_REC_SWITCH && g.low < m;
	if (*demoted)
		return g.high < m && !interrupted ? WB_REC_TIE : WB_REC_UNDECIDED;
	/* A run a signal stopped proves nothing after the signal: what the
	 * flushes left open stays open (the audit's PG16 run, stopped after two
	 * rounds, read "so the tie is proven there"). */
	if (flush == WB_REC_UNDECIDED && !interrupted && out->settle.known &&
	    wb_commit_gain_pct(out->settle.vs_baseline.ci95_high_pct, out->flush_share) < m &&
	    !(wb_commit_gain_pct(top_pct, out->flush_share) >= m))
		return WB_REC_TIE;
	return flush;
}

bool wb_recommend(const struct wb_results *rs, const struct wb_recommend_params *p,
		  struct wb_recommendation *out)
{
	struct wb_comparison c, top;
	const struct wb_test *key = NULL, *top_of = NULL;
	const struct wb_group_decision *assumed = NULL, *open = NULL;
	enum wb_method_id winner, top_method = WB_METHOD_NONE;
	enum wb_rec_state flush;
	struct commit_gain won = { 0 };
	bool decided, have_margin, have_top;
	size_t i;

	wb_recommend_none(p->workload, WB_REC_FAIL_NONE, NULL, out);
	out->min_gain_pct = p->min_gain_pct;
	out->baseline = run_baseline(rs);
	if (find_failure(rs, out))
		return false;
	/* A server that never flushes gains nothing from a faster flush: any
	 * method decided on walbench's figures would be a decision about
	 * nothing. (A durability failure of the storage still comes first.) */
	if (p->server && p->server->rate.fsync_off) {
		out->failure = WB_REC_FAIL_FSYNC_OFF;
		return false;
	}
	if (p->workload != WB_WORKLOAD_BULK)
		part_verdict(rs, false, out->baseline, &out->oltp);
	if (p->workload != WB_WORKLOAD_OLTP)
		part_verdict(rs, true, out->baseline, &out->bulk);
	if ((p->workload != WB_WORKLOAD_BULK && !out->oltp.measured) ||
	    (p->workload != WB_WORKLOAD_OLTP && !out->bulk.measured)) {
		out->failure = WB_REC_FAIL_NOT_MEASURED;
		out->failed_test = first_error(rs);
		return false;
	}
	/* One pass, in order: the flush winner and its state; its margin; with a
	 * server, the same in commits, which decides; then the figures that
	 * follow from the final method. Nothing is rewritten once set. */
	out->reason = WB_REC_BY_PART;
	if (p->workload == WB_WORKLOAD_OLTP)
		winner = out->oltp.method;
	else if (p->workload == WB_WORKLOAD_BULK)
		winner = out->bulk.method;
	else
		winner = combine(rs, p, out);
	out->decided_in_s = decided_in(rs, &decided);
	/* a part whose winner failed after its decision is undecided, whatever the rule said */
	if ((p->workload != WB_WORKLOAD_BULK && !out->oltp.decided) ||
	    (p->workload != WB_WORKLOAD_OLTP && !out->bulk.decided))
		decided = false;
	/* On memory every method's flush is a no-op: what the run ranked is
	 * noise (a run recorded on tmpfs switched by 76 % on a loaded host's
	 * stalls: tests/unit/fixtures/commit_tie), so there is nothing to choose: a tie, the baseline kept,
	 * whatever the parts said. The figures below stay the run's. */
	out->on_memory = wb_device_in_ram(&rs->device);
	if (out->on_memory) {
		winner = out->baseline;
		decided = true;
	}
	flush = out->on_memory ? WB_REC_TIE : flush_state(p, winner, decided, out);
	if (flush == WB_REC_UNDECIDED)
		open = slowest_to_settle(rs, p, out);
	for (i = 0; i < rs->ndecisions && !key; i++) {
		const struct wb_test *t = &rs->v[rs->decisions[i].first].test;

		if (!wb_test_is_bulk(t) == (p->workload != WB_WORKLOAD_BULK))
			key = t;
	}
	have_margin = key && gain(rs, key, out->baseline, winner, &c);
	have_top = key && highest_top(rs, key, out->baseline, false, &top_method, &top);
	if (have_margin) {
		out->margin_pct = c.diff_pct;
		out->ci_low_pct = c.ci95_low_pct;
		out->ci_high_pct = c.ci95_high_pct;
	}
	out->flush_share = NAN;
	out->share_source = WB_SHARE_NONE;
	if (p->server) {
		out->from_server = true;
		out->server_idle = wb_server_idle(p->server);
		out->server_commits = p->server->rate.commits_per_s * p->server->seconds;
		out->server_flushes = p->server->rate.flushes;
		out->cpu_bound = p->server->rate.server_cpus >= WB_CPU_BOUND_CPUS;
		wb_commit_wait(p->server, &out->commit_wait);
		out->flush_share = commit_share(rs, p->server, out->baseline, &out->share_source);
		out->commit_scaled = !isnan(out->flush_share);
	} else if ((assumed = assumed_commits(p, out))) {
		bool sw = assumed->state == WB_DECIDE_SWITCH;

		/* A switch was proven at the fastest the flush may be, the rest at
		 * the slowest (results/decision.h): the figures are the ones used. */
		out->share_source = WB_SHARE_ASSUMED;
		out->flush_share = sw ? assumed->switch_flush_share : assumed->flush_share;
		out->commit_work_us = rs->decide_params.commit_work_us;
		out->flush_us = sw ? assumed->switch_flush_us : assumed->flush_us;
		out->commit_bound_pct = assumed->commit_bound_pct;
		out->commit_bound = assumed->why == WB_WHY_COMMIT_BOUND;
		out->commit_scaled = true;
	}
	out->flush_min_gain_pct = assumed ? assumed->params.min_gain_pct
				  : rs->decide ? rs->decide_params.min_gain_pct : p->min_gain_pct;
	if (out->commit_scaled && !out->on_memory) {
		won = in_commits(out->margin_pct, out->ci_low_pct, out->ci_high_pct, out->flush_share);
		/* An assumed cost was already asked by the decision: what it said stands. */
		out->state = out->share_source == WB_SHARE_ASSUMED
				     ? flush : commit_state(flush, won,
							    have_top ? top.ci95_high_pct : -INFINITY,
							    rs->interrupted != 0, out,
							    &out->commit_demoted);
	} else {
		out->state = flush;
	}
	/* Still open: the words say what it may gain at most, so they name the
	 * method left open that may gain most in any open group, not the one
	 * slowest to settle (whose budget, and the reason for it, stand: they
	 * settle the answer). Only the deciding group was asked before, so a bulk
	 * size whose slower fsync's halves disagreed named fsync, slower, while
	 * open_sync's commits straddled the minimum gain. */
	if (out->state == WB_REC_UNDECIDED && open &&
	    most_open(rs, p, out->baseline, &top_method, &top, &top_of) &&
	    top.ci95_high_pct > out->settle.vs_baseline.ci95_high_pct) {
		out->settle.method = top_method;
		out->settle.vs_baseline = top;
		out->settle.shape = wb_shape_name(top_of);
		out->settle.flush_bytes = wb_flush_bytes(top_of);
		/* the leader the words name beside it is of its own group */
		for (i = 0; i < rs->ndecisions; i++)
			if (wb_test_same_but_method(&rs->v[rs->decisions[i].first].test, top_of))
				wb_settle_leader(rs->v, rs->n, &rs->decisions[i], &out->settle);
	}
	out->method = out->commit_demoted ? out->baseline : winner;
	if (out->commit_demoted)
		out->flush_leader = winner;
	/* The commit question settled the run (a tie) or reopened it. */
	out->decided = out->state != flush ? out->state == WB_REC_TIE : decided;
	out->significant = wb_rec_change(out) && have_margin && c.significant;
	runner_up(rs, out);
	if (out->commit_scaled) {
		/* A kept method against itself gains 0 in commits, which says
		 * nothing: its figures are the best other method's, what a switch
		 * would give; a demoted switch's are its flush leader's. */
		bool kept = out->method == out->baseline && !out->commit_demoted && out->has_runner_up;
		struct commit_gain g = kept ? in_commits(out->runner_up_pct, out->runner_up_low,
							 out->runner_up_high, out->flush_share)
					    : won;

		out->commit_method = kept ? out->runner_up : winner;
		out->commit_pct = g.pct;
		out->commit_low_pct = g.low;
		out->commit_high_pct = g.high;
	}
	out->crosscheck_elsewhere = p->server && p->moved;
	if (p->server && !p->moved)
		crosscheck(rs, p->server, out);
	commit_delay(rs, out);
	if (p->server && (p->server->set.have & (1u << WB_PGS_COMMIT_DELAY))) {
		out->server_delay_known = true;
		out->server_commit_delay_us = p->server->set.value[WB_PGS_COMMIT_DELAY];
	}
	if (p->server && (p->server->set.have & (1u << WB_PGS_COMMIT_SIBLINGS))) {
		out->server_siblings_known = true;
		out->server_commit_siblings = p->server->set.value[WB_PGS_COMMIT_SIBLINGS];
	}
	advise(rs, p, out);
	return true;
}

static const char *const state_names[] = {
	[WB_REC_FAILED] = "failed",
	[WB_REC_SWITCH] = "switch",
	[WB_REC_TIE] = "tie",
	[WB_REC_KEEP] = "keep",
	[WB_REC_UNDECIDED] = "undecided",
};
_Static_assert(sizeof(state_names) / sizeof(state_names[0]) == WB_REC_UNDECIDED + 1,
	       "a word for every recommendation state");

const char *wb_rec_state_name(enum wb_rec_state s)
{
	return (unsigned)s <= WB_REC_UNDECIDED ? state_names[s] : "?";
}

void wb_recommend_none(enum wb_workload workload, enum wb_rec_failure why,
		       const struct wb_placement *placement, struct wb_recommendation *out)
{
	memset(out, 0, sizeof(*out));
	out->workload = workload;
	out->state = WB_REC_FAILED;
	out->failure = why;
	out->method = WB_METHOD_COUNT;
	out->baseline = WB_DEFAULT_METHOD;
	out->placement = placement;
}
