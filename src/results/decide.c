/* decide.c — the sequential decision (see decide.h). A group is the set of
 * tests that differ only in method; the baseline is the group's test of the
 * baseline method. Trap: a dropped test keeps its trials, and the final report
 * still compares it, over the rounds it ran in. */
#include "results/decide.h"

#include <math.h>
#include <string.h>

#include "results/commit_gain.h"
#include "results/results.h"
#include "results/settle.h"
#include "results/transient.h"

static bool decidable(const struct wb_result *r)
{
	return r->status == WB_STATUS_OK && r->test.method != WB_METHOD_NONE;
}

/* The group of test i, found or added; NULL when i is not decidable. */
static struct wb_group_decision *group_of(const struct wb_result *rv, size_t i,
					  struct wb_group_decision *groups, size_t *ngroups)
{
	size_t g;

	for (g = 0; g < *ngroups; g++)
		if (wb_test_same_but_method(&rv[groups[g].first].test, &rv[i].test))
			return &groups[g];
	groups[g] = (struct wb_group_decision){ .first = i, .baseline = SIZE_MAX, .leader = i };
	(*ngroups)++;
	return &groups[g];
}


static void decide(struct wb_group_decision *g, enum wb_decide_state state, double now_s,
		   uint32_t rounds)
{
	g->state = state;
	g->decided_s = now_s;
	g->rounds = rounds;
}

/* Records why the group ended, with the methods and parameters the words
 * name (report/words.h), so the decision carries figures, never sentences. */
static void why(struct wb_group_decision *g, const struct wb_result *rv,
		const struct wb_decide_params *p, enum wb_decide_why w)
{
	g->why = w;
	g->params = *p;
	g->leader_method = rv[g->leader].test.method;
}

/* The confidence a switch is proven at: conf, with Bonferroni over `open`
 * candidates. */
static double switch_conf(const struct wb_decide_params *p, size_t open)
{
	return 1.0 - (1.0 - p->conf) / (double)(open ? open : 1);
}

/* Whether b beats base by at least the minimum gain, significantly (both halves
 * agreeing), at switch_conf. */
static bool beats(const struct wb_result *base, const struct wb_result *b,
		  const struct wb_decide_params *p, size_t open, struct wb_comparison *c)
{
	return wb_result_compare(base, b, switch_conf(p, open), c) &&
	       c->significant && c->ci95_low_pct > 0.0 && c->diff_pct >= p->min_gain_pct;
}

/* When several methods would qualify and the data cannot tell them apart, the
 * choice must not be a coin flip run to run: the one that changes least wins.
 * fsync keeps WAL opened as fdatasync does; the open_* methods change the open
 * flags (and with wal_level=minimal or debug_io_direct, O_DIRECT with them). */
static unsigned preference(enum wb_method_id m)
{
	switch (m) {
	case WB_METHOD_FDATASYNC:
		return 0;
	case WB_METHOD_FSYNC:
		return 1;
	case WB_METHOD_OPEN_DATASYNC:
		return 2;
	case WB_METHOD_OPEN_SYNC:
		return 3;
	default:
		return 4;
	}
}

/* The most preferred method that also beats the baseline (Bonferroni over
 * `open`, as the leader had to) and is not significantly slower than the
 * leader; the leader when there is none. *waiting is set when a method
 * preferred to that pick is not significantly slower than the leader either,
 * but has not beaten the baseline yet: two methods that are one on the device
 * (open_datasync and open_sync on tmpfs) then went to whichever passed first
 * by luck, 2 runs in 10; it is worth a few more rounds to let the other pass
 * or fall behind. */
static size_t preferred_equal(struct wb_result *rv, size_t n, const struct wb_decide_params *p,
			      const bool *done, const struct wb_group_decision *g, size_t leader,
			      size_t open, bool *waiting)
{
	const struct wb_result *base = &rv[g->baseline];
	struct wb_comparison c;
	size_t i, pick = leader, pending = SIZE_MAX;

	for (i = 0; i < n; i++) {
		if (done[i] || i == g->baseline || i == leader || !decidable(&rv[i]) ||
		    !wb_test_same_but_method(&rv[g->first].test, &rv[i].test) ||
		    preference(rv[i].test.method) >= preference(rv[leader].test.method))
			continue;
		if (!wb_result_compare(&rv[leader], &rv[i], p->conf, &c) || c.significant)
			continue; /* behind the leader: no stand-in */
		if (!beats(base, &rv[i], p, open, &c)) {
			if (pending == SIZE_MAX ||
			    preference(rv[i].test.method) < preference(rv[pending].test.method))
				pending = i;
			continue;
		}
		if (preference(rv[i].test.method) < preference(rv[pick].test.method))
			pick = i;
	}
	*waiting = pending != SIZE_MAX &&
		   preference(rv[pending].test.method) < preference(rv[pick].test.method);
	return pick;
}

/* A group has nothing left open: every other method was dropped as slower or
 * proven within the gain. SLOWER when none was proven within (all slower),
 * else TIE, naming the fastest that is left with its margin at the tie's
 * confidence, the one the tie was proven at. */
static void end_keep(struct wb_result *rv, size_t n, const struct wb_decide_params *p,
		     struct wb_group_decision *g, double now_s, uint32_t rounds)
{
	const struct wb_result *base = &rv[g->baseline];
	struct wb_comparison c;
	size_t i, lead = g->baseline, equivalent = 0, dropped = 0;
	double best = -INFINITY;

	for (i = 0; i < n; i++) {
		if (i == g->baseline || !decidable(&rv[i]) ||
		    !wb_test_same_but_method(&rv[g->first].test, &rv[i].test))
			continue;
		if (rv[i].dropped) {
			dropped++;
			continue;
		}
		equivalent++;
		if (wb_result_compare(base, &rv[i], p->equiv_conf, &c) && c.diff_pct > best) {
			best = c.diff_pct;
			lead = i;
		}
	}
	g->leader = lead;
	g->equivalent = equivalent;
	g->any_dropped = dropped != 0;
	memset(&g->margin, 0, sizeof(g->margin));
	if (lead != g->baseline)
		(void)wb_result_compare(base, &rv[lead], p->equiv_conf, &g->margin);
	g->margin_conf = p->equiv_conf;
	if (equivalent == 0) {
		decide(g, WB_DECIDE_SLOWER, now_s, rounds);
		why(g, rv, p, WB_WHY_ALL_SLOWER);
		return;
	}
	decide(g, WB_DECIDE_TIE, now_s, rounds);
	why(g, rv, p, lead == g->baseline ? WB_WHY_ALL_WITHIN : WB_WHY_TIE);
}

/* The leader: the test still running that gains most over the baseline,
 * paired round by round (the baseline itself gains 0). */
static size_t leader_of(const struct wb_result *rv, size_t n, const struct wb_decide_params *p,
			const bool *done, const struct wb_group_decision *g)
{
	const struct wb_result *base = &rv[g->baseline];
	struct wb_comparison c;
	size_t i, leader = g->baseline;
	double best = 0.0;

	for (i = 0; i < n; i++)
		if (!done[i] && i != g->baseline && decidable(&rv[i]) &&
		    wb_test_same_but_method(&rv[g->first].test, &rv[i].test) &&
		    wb_result_compare(base, &rv[i], p->conf, &c) && c.diff_pct > best) {
			best = c.diff_pct;
			leader = i;
		}
	return leader;
}

/* Settles what can be settled after any round: drops what is significantly
 * behind the leader (never the baseline) and stops what is proven within the
 * gain of the baseline (two one-sided tests). Both only ever keep the
 * baseline, so, unlike a switch, they need no spacing of looks: a drop frees
 * its rounds for the comparisons still open at once. Returns how many are
 * still open, and sets g->leader. */
static size_t prune(struct wb_result *rv, size_t n, const struct wb_decide_params *p, bool *done,
		    struct wb_group_decision *g)
{
	const struct wb_result *base = &rv[g->baseline];
	struct wb_comparison c;
	size_t i, leader = g->leader = leader_of(rv, n, p, done, g), open = 0;

	for (i = 0; i < n; i++) {
		if (done[i] || i == g->baseline || !decidable(&rv[i]) ||
		    !wb_test_same_but_method(&rv[g->first].test, &rv[i].test))
			continue;
		if (i != leader && wb_result_compare(&rv[leader], &rv[i], p->conf, &c) &&
		    c.significant && c.ci95_high_pct < 0.0) {
			done[i] = rv[i].dropped = true;
			continue;
		}
		if (wb_result_compare(base, &rv[i], p->equiv_conf, &c) &&
		    c.ci95_low_pct > -p->min_gain_pct && c.ci95_high_pct < p->min_gain_pct) {
			done[i] = rv[i].settled = true;
			continue;
		}
		open++;
	}
	return open;
}

/* The switch look: whether the leader beats the baseline, Bonferroni over the
 * `open` candidates (picking the luckiest of several equal methods would pass
 * too often otherwise). A switch that waits for a preferred method
 * (preferred_equal) is looked at again after every round, not only at the
 * scheduled looks, and is made at the last look whatever it waits for.
 * Returns true when the group switched. */
static bool switch_look(struct wb_result *rv, size_t n, const struct wb_decide_params *p,
			const bool *done, struct wb_group_decision *g, size_t open, double now_s,
			uint32_t rounds, bool last)
{
	const struct wb_result *base = &rv[g->baseline];
	size_t leader = g->leader, pick;
	bool waiting;

	g->switch_waits = false;
	if (leader == g->baseline || done[leader] || !beats(base, &rv[leader], p, open, &g->margin))
		return false;
	pick = preferred_equal(rv, n, p, done, g, leader, open, &waiting);
	if (waiting && !last) {
		g->switch_waits = true;
		return false;
	}
	decide(g, WB_DECIDE_SWITCH, now_s, rounds);
	g->margin_conf = switch_conf(p, open); /* what the words name its interval at */
	if (pick != leader) {
		(void)beats(base, &rv[pick], p, open, &g->margin);
		g->set_aside_method = rv[leader].test.method;
		g->leader = pick;
		why(g, rv, p, WB_WHY_BEATS_SET_ASIDE);
		return true;
	}
	why(g, rv, p, WB_WHY_BEATS);
	return true;
}

/* In commits (p->commit_work_us): a commit group's flush figures, from every
 * trial of its baseline so far, at each look. The baseline's mean flush has a
 * 95 % interval (from its rate's: one commit a wait); a tie is claimed at its
 * top (the share, if anything, overstated: never a tie on a flush that may be
 * slower than it looked) and a switch at its bottom (never a switch on a flush
 * that may be faster, its share smaller). Fixed at the first look, as the
 * transient is, the interval of eight trials on a host whose stalls made them
 * uneven put the flush at 171 us where its mean was near 45: too wide to
 * prove a tie in the budget; it narrows as the trials come in. */
static void fix_in_commits(const struct wb_result *rv, const struct wb_decide_params *p,
			   struct wb_group_decision *g)
{
	const struct wb_result *base = &rv[g->baseline];
	struct wb_stats st;
	double slow, fast;

	if (!(p->commit_work_us > 0) || wb_test_is_bulk(&rv[g->first].test) || base->ntrials < 2)
		return;
	wb_stats_compute(base->trial_rates, base->ntrials, &st);
	slow = st.mean - st.ci95_half > 0 ? st.mean - st.ci95_half : st.mean;
	fast = st.mean + st.ci95_half;
	if (!(slow > 0) || !(fast > 0))
		return;
	g->in_commits = true;
	g->flush_us = 1e6 / slow;
	g->flush_share = wb_flush_share_assumed(g->flush_us, p->commit_work_us);
	g->switch_flush_us = 1e6 / fast;
	g->switch_flush_share = wb_flush_share_assumed(g->switch_flush_us, p->commit_work_us);
	g->commit_min_gain_pct = p->min_gain_pct;
	g->switch_gain_pct = wb_flush_gain_for_commit_pct(p->min_gain_pct, g->switch_flush_share);
	g->commit_bound_pct = wb_commit_gain_bound_pct(g->flush_us, p->commit_work_us);
}

/* The parameters group g is decided with: the run's, with the minimum gain
 * turned into the flush gain it takes in commits where g is decided in
 * commits (INFINITY when no flush gain can: the caller ends it first). For a
 * switch (switching true), the gain at the fastest the flush may be. */
static struct wb_decide_params group_params(const struct wb_decide_params *p,
					    const struct wb_group_decision *g, bool switching)
{
	struct wb_decide_params gp = *p;

	if (g->in_commits)
		gp.min_gain_pct = switching ? g->switch_gain_pct
					    : wb_flush_gain_for_commit_pct(g->commit_min_gain_pct,
									   g->flush_share);
	return gp;
}

/* In commits, where even a flush of no time would gain less than the minimum:
 * a tie, proven by the baseline's flush alone, with nothing else to measure. */
static bool end_commit_bound(const struct wb_result *rv, const struct wb_decide_params *gp,
			     struct wb_group_decision *g, double now_s, uint32_t rounds)
{
	if (!g->in_commits || !(g->commit_bound_pct < g->commit_min_gain_pct))
		return false;
	g->leader = g->baseline;
	memset(&g->margin, 0, sizeof(g->margin));
	decide(g, WB_DECIDE_TIE, now_s, rounds);
	why(g, rv, gp, WB_WHY_COMMIT_BOUND);
	return true;
}

/* Looks at one group after a round: settles what it can from
 * min_settle_rounds on, tries the switch at the scheduled looks, and keeps the
 * baseline as soon as nothing is left open. In commits, the group's own
 * minimum gain (group_params) is what every test of it asks. */
static void look(struct wb_result *rv, size_t n, const struct wb_decide_params *run, bool *done,
		 struct wb_group_decision *g, double now_s, uint32_t rounds, bool switch_now,
		 bool last)
{
	struct wb_decide_params gp, sp;
	const struct wb_decide_params *p = &gp;
	size_t open;

	switch_now = switch_now || (g->switch_waits && rounds >= run->min_rounds);
	if (rounds < run->min_settle_rounds && !switch_now)
		return;
	fix_in_commits(rv, run, g);
	gp = group_params(run, g, false);
	sp = group_params(run, g, true);
	if (end_commit_bound(rv, p, g, now_s, rounds))
		return;
	open = prune(rv, n, p, done, g);
	if (switch_now && open && switch_look(rv, n, &sp, done, g, open, now_s, rounds, last))
		return;
	if (open == 0)
		end_keep(rv, n, p, g, now_s, rounds);
}

/* The group's warm-up transient: the latest round any of its tests was still
 * settling in (MSER on its trials), left out of every comparison of the
 * group, for all its tests alike, so that truncating one test's slow start
 * never favours it over another's. Found once, at the first look: moving the
 * cut as data comes in would make every look a new test of other data, and
 * the simulations switched between equal methods twice as often. */
static void find_transient(struct wb_result *rv, size_t n, struct wb_group_decision *g,
			   uint32_t rounds, const struct wb_decide_params *p)
{
	uint32_t first = 0;
	size_t i, d;

	if (g->transient_found || rounds < p->min_settle_rounds)
		return;
	g->transient_found = true;

	for (i = 0; i < n; i++) {
		if (!decidable(&rv[i]) || !wb_test_same_but_method(&rv[g->first].test, &rv[i].test) ||
		    !rv[i].trial_rounds)
			continue;
		d = wb_transient_trials(rv[i].trial_rates, rv[i].ntrials);
		if (d > 0 && rv[i].trial_rounds[d] > first)
			first = rv[i].trial_rounds[d];
	}
	for (i = 0; i < n; i++)
		if (wb_test_same_but_method(&rv[g->first].test, &rv[i].test))
			rv[i].first_round = first;
}

/* Whether a switch may be looked for after this round (WB_LOOK_GROWTH). */
static bool is_look(uint32_t rounds, unsigned min_rounds)
{
	uint32_t k = min_rounds;

	while (k < rounds) {
		uint32_t next = (uint32_t)ceil(k * WB_LOOK_GROWTH);

		k = next > k ? next : k + 1;
	}
	return k == rounds;
}

bool wb_decide_step(struct wb_result *rv, size_t n, const struct wb_decide_params *p, bool *done,
		    struct wb_group_decision *groups, size_t *ngroups, double now_s,
		    uint32_t rounds)
{
	bool all = true;
	size_t i, g;

	for (i = 0; i < n; i++) {
		struct wb_group_decision *gd;

		if (!decidable(&rv[i]))
			continue;
		gd = group_of(rv, i, groups, ngroups);
		if (rv[i].test.method == p->baseline)
			gd->baseline = i;
	}
	for (g = 0; g < *ngroups; g++) {
		struct wb_group_decision *gd = &groups[g];

		if (gd->state != WB_DECIDE_OPEN || gd->baseline == SIZE_MAX)
			continue;
		find_transient(rv, n, gd, rounds, p);
		if (!done[gd->baseline])
			look(rv, n, p, done, gd, now_s, rounds, is_look(rounds, p->min_rounds), false);
		if (gd->state == WB_DECIDE_OPEN) {
			all = false;
			continue;
		}
		for (i = 0; i < n; i++)
			if (wb_test_same_but_method(&rv[gd->first].test, &rv[i].test))
				done[i] = true;
	}
	return all;
}

bool wb_decide_covers(const struct wb_result *rv, size_t n, size_t i,
		      const struct wb_decide_params *p)
{
	size_t j;

	/* Asked before the first round, while the tests are still "not run". */
	if (rv[i].test.method == WB_METHOD_NONE || rv[i].status == WB_STATUS_NA ||
	    rv[i].status == WB_STATUS_ERROR)
		return false;
	for (j = 0; j < n; j++)
		if (rv[j].test.method == p->baseline &&
		    wb_test_same_but_method(&rv[i].test, &rv[j].test))
			return true;
	return false;
}

void wb_decide_finish(struct wb_result *rv, size_t n, const struct wb_decide_params *p,
		      struct wb_group_decision *groups, size_t ngroups, double now_s,
		      uint32_t rounds, bool interrupted)
{
	struct wb_decide_params gp;
	bool done[n ? n : 1];
	size_t g, i;

	for (g = 0; g < ngroups; g++) {
		struct wb_group_decision *gd = &groups[g];

		if (gd->state != WB_DECIDE_OPEN)
			continue;
		/* One last look at everything measured: the budget ending between two
		 * scheduled looks must not throw away an answer the data holds. */
		if (gd->baseline != SIZE_MAX) {
			find_transient(rv, n, gd, rounds, p);
			for (i = 0; i < n; i++)
				done[i] = rv[i].dropped || rv[i].settled;
			look(rv, n, p, done, gd, now_s, rounds, rounds >= p->min_rounds, true);
			if (gd->state != WB_DECIDE_OPEN)
				continue;
		}
		gd->state = WB_DECIDE_UNDECIDED;
		gd->decided_s = now_s;
		gd->rounds = rounds;
		if (gd->baseline == SIZE_MAX) {
			why(gd, rv, p, WB_WHY_NO_BASELINE);
			continue;
		}
		gd->interrupted = interrupted;
		gp = group_params(p, gd, false);
		/* A budget spent before the first look (min_settle_rounds) never
		 * chose a leader: the group's first test stood in, and was named
		 * as leading by -53 %. */
		gd->leader = leader_of(rv, n, &gp, done, gd);
		wb_settle_estimate(rv, n, &gp, gd, now_s, rounds);
		gd->margin_conf = gp.conf;
		/* A look's margin is of the leader then: with the baseline leading
		 * now it stayed, and the JSON said fdatasync led fdatasync by
		 * +9.02 %. */
		memset(&gd->margin, 0, sizeof(gd->margin));
		if (gd->leader == gd->baseline ||
		    !wb_result_compare(&rv[gd->baseline], &rv[gd->leader], gp.conf, &gd->margin)) {
			why(gd, rv, &gp, WB_WHY_BUDGET_OPEN);
			continue;
		}
		why(gd, rv, &gp, WB_WHY_BUDGET_LEADS);
	}
}

/* Indexed by enum wb_decide_state. */
static const char *const state_names[] = {
	[WB_DECIDE_OPEN] = "open",
	[WB_DECIDE_SWITCH] = "switch",
	[WB_DECIDE_TIE] = "tie",
	[WB_DECIDE_SLOWER] = "keep",
	[WB_DECIDE_UNDECIDED] = "undecided",
};
_Static_assert(sizeof(state_names) / sizeof(state_names[0]) == WB_DECIDE_UNDECIDED + 1,
	       "a name for every decision state");

const char *wb_decide_state_name(enum wb_decide_state s)
{
	return (unsigned)s <= WB_DECIDE_UNDECIDED ? state_names[s] : "?";
}

/* The loaded data directory's row of the same shape as candidate row c. */
static const struct wb_result *placement_base(const struct wb_result *rv, size_t n,
					      const struct wb_result *c, bool loaded)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (rv[i].test.site == 0 && rv[i].test.data_load == loaded &&
		    rv[i].test.pattern == c->test.pattern)
			return &rv[i];
	return NULL;
}

/* c against the data directory's row (loaded or idle) is settled: a move
 * beyond doubt, or a gain that cannot reach the minimum. */
static bool placement_pair_settled(const struct wb_result *rv, size_t n,
				   const struct wb_result *c, bool loaded, double min_gain_pct)
{
	const struct wb_result *base = placement_base(rv, n, c, loaded);
	struct wb_comparison k;

	if (!base || !wb_result_compare(base, c, WB_DECIDE_CONF, &k))
		return false;
	return (k.significant && k.ci95_low_pct >= min_gain_pct) || k.ci95_high_pct < min_gain_pct;
}

bool wb_placement_settled(const struct wb_result *rv, size_t n, double min_gain_pct,
			  uint32_t rounds, bool idle_too)
{
	size_t i;

	if (!is_look(rounds, WB_DECIDE_MIN_ROUNDS))
		return false;
	for (i = 0; i < n; i++) {
		const struct wb_result *c = &rv[i];

		if (c->test.site == 0 || c->test.pattern != WB_PATTERN_GROUPCOMMIT)
			continue; /* the group-commit row decides (advice/placement.c) */
		if (c->status != WB_STATUS_OK)
			return false; /* the verdict will say why; let the run end as it would */
		if (!placement_pair_settled(rv, n, c, true, min_gain_pct) ||
		    (idle_too && !placement_pair_settled(rv, n, c, false, min_gain_pct)))
			return false;
	}
	return true;
}
