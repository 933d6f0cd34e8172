/* test_decide_errors.c — the sequential decision's error rates, by simulation:
 * synthetic trials of four methods, as recommend runs them, with a known true
 * difference, a trial-to-trial CV of 5 to 20 %, drift shared by a round's
 * tests (a noisy neighbour on the machine), spikes that hit one trial (a
 * neighbour's burst), and a first trial up to twice the rest (the warm-up
 * transient). Everything is seeded. The promises checked:
 *   - where the methods are equal, at most 1 % of runs switch;
 *   - where one leads by twice the minimum gain, at least 90 % of runs switch
 *     to it;
 *   - where a run is left undecided, a rerun with the budget it suggests
 *     settles in at least 8 of 10 runs. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "results/decide.h"
#include "results/results.h"

#define NM 4                /* methods, as recommend runs them: ids[0] is the baseline */
#define MIN_GAIN 5.0
#define S_PER_ROUND 1.0     /* simulated seconds per round */

static const enum wb_method_id ids[NM] = {
	WB_METHOD_FDATASYNC, WB_METHOD_FSYNC, WB_METHOD_OPEN_DATASYNC, WB_METHOD_OPEN_SYNC,
};

static uint64_t xorshift(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static double uniform(uint64_t *s)
{
	return (double)((xorshift(s) >> 11) + 1) / 9007199254740992.0;
}

static double normal(uint64_t *s)
{
	return sqrt(-2.0 * log(uniform(s))) * cos(6.283185307179586 * uniform(s));
}

/* A simulated machine: the true gain of each method over the baseline, the
 * trial-to-trial spread, and its disturbances. */
struct machine {
	double gain[NM];        /* true rate ratio - 1 */
	double cv;              /* of one trial */
	double drift_sd;        /* of the round's shared drift, log scale */
	double spike_p;         /* chance a trial is hit by a neighbour */
	double transient_p;     /* chance a test's first trial runs fast */
	uint64_t rng;
	double drift;
};

static double trial_rate(struct machine *m, size_t method, bool first)
{
	double x = log(10000.0 * (1.0 + m->gain[method])) + m->drift + m->cv * normal(&m->rng);

	if (uniform(&m->rng) < m->spike_p)
		x -= 0.3 + 0.7 * uniform(&m->rng);   /* a burst next door: 26-63 % lost */
	if (first && uniform(&m->rng) < m->transient_p)
		x += log(1.5 + 0.5 * uniform(&m->rng)); /* a cold start: 1.5-2x */
	return exp(x);
}

static void shuffle(size_t *order, size_t n, uint64_t *s)
{
	size_t i, j, t;

	for (i = n; i > 1; i--) {
		j = (size_t)(xorshift(s) % i);
		t = order[i - 1];
		order[i - 1] = order[j];
		order[j] = t;
	}
}

struct outcome {
	enum wb_decide_state state;
	enum wb_method_id method;     /* what it says to set */
	unsigned rounds;
	struct wb_settle settle;
};

/* One run of the decision for at most max_rounds rounds. */
static struct outcome run(struct machine m, unsigned max_rounds, uint64_t seed)
{
	struct wb_decide_params p = { .baseline = ids[0], .min_gain_pct = MIN_GAIN,
				      .conf = WB_DECIDE_CONF, .equiv_conf = WB_EQUIV_CONF,
				      .min_rounds = WB_DECIDE_MIN_ROUNDS,
				      .min_settle_rounds = WB_DECIDE_MIN_SETTLE_ROUNDS };
	struct wb_group_decision groups[NM];
	struct wb_result rv[NM];
	bool done[NM] = { false };
	size_t ng = 0, i, k, order[NM];
	struct outcome out;
	unsigned r;

	m.rng = seed | 1;
	m.drift = 0.0;
	for (i = 0; i < NM; i++) {
		order[i] = i;
		memset(&rv[i], 0, sizeof(rv[i]));
		rv[i].status = WB_STATUS_OK;
		rv[i].test = (struct wb_test){ .method = ids[i], .size = 8192,
					       .writes_per_op = 1, .jobs = 1, .committers = 1 };
	}
	for (r = 0; r < max_rounds; r++) {
		m.drift = 0.7 * m.drift + m.drift_sd * normal(&m.rng);
		shuffle(order, NM, &m.rng);
		for (k = 0; k < NM; k++)
			if (!done[i = order[k]])
				assert_int_equal(wb_result_add_trial(&rv[i], trial_rate(&m, i, r == 0),
								     r), 0);
		if (wb_decide_step(rv, NM, &p, done, groups, &ng, (r + 1) * S_PER_ROUND, r + 1))
			break;
	}
	out.rounds = r < max_rounds ? r + 1 : max_rounds;
	wb_decide_finish(rv, NM, &p, groups, ng, out.rounds * S_PER_ROUND, out.rounds, false);
	assert_int_equal(ng, 1);
	out.state = groups[0].state;
	out.method = out.state == WB_DECIDE_SWITCH ? rv[groups[0].leader].test.method : ids[0];
	out.settle = groups[0].settle;
	for (i = 0; i < NM; i++)
		wb_result_release(&rv[i]);
	return out;
}

static const double cvs[4] = { 0.05, 0.10, 0.15, 0.20 };

static struct machine machine_of(unsigned s, double lead)
{
	struct machine m = { .cv = cvs[s % 4], .drift_sd = 0.05, .spike_p = 0.05,
			     .transient_p = 0.5 };

	m.gain[2] = lead;
	return m;
}

#define RUNS 1000
/* Rounds a run may take: about what recommend's default 50 s holds on a
 * fast device (4 tests of 0.2-0.3 s a round, faster once some drop), and on a
 * slow one at its longer budget. A CV of 20 % needs most of it. */
#define BUDGET_ROUNDS 150

/* Per CV: how runs ended and in how many rounds. */
static void tally(const char *what, const struct outcome *o, size_t n)
{
	unsigned c, i, sw, un, r[RUNS], k;

	for (c = 0; c < 4; c++) {
		for (i = c, sw = un = k = 0; i < n; i += 4) {
			sw += o[i].state == WB_DECIDE_SWITCH;
			un += o[i].state == WB_DECIDE_UNDECIDED;
			r[k++] = o[i].rounds;
		}
		for (i = 1; i < k; i++) { /* insertion sort, for the median */
			unsigned v = r[i], j = i;

			while (j > 0 && r[j - 1] > v) {
				r[j] = r[j - 1];
				j--;
			}
			r[j] = v;
		}
		print_message("%s, cv %2.0f%%: %3u of %u switched, %3u undecided, median %u "
			      "rounds\n", what, 100.0 * cvs[c], sw, k, un, r[k / 2]);
	}
}

/* Equal methods: a switch is a false call. */
static void test_false_switches_at_most_one_percent(void **state)
{
	static struct outcome o[RUNS];
	unsigned s, switches = 0, undecided = 0;

	(void)state;
	for (s = 0; s < RUNS; s++) {
		o[s] = run(machine_of(s, 0.0), BUDGET_ROUNDS, 0x9e3779b97f4a7c15ull * (s + 1));
		switches += o[s].state == WB_DECIDE_SWITCH;
		undecided += o[s].state == WB_DECIDE_UNDECIDED;
	}
	tally("equal", o, RUNS);
	print_message("equal methods: %u of %u runs switched, %u undecided\n", switches, RUNS,
		      undecided);
	assert_true(switches <= RUNS / 100);
}

/* One method leads by twice the minimum gain: it is found. */
static void test_power_at_twice_the_gain(void **state)
{
	static struct outcome o[RUNS];
	unsigned s, found = 0, wrong = 0;

	(void)state;
	for (s = 0; s < RUNS; s++) {
		o[s] = run(machine_of(s, 2.0 * MIN_GAIN / 100.0), BUDGET_ROUNDS,
			   0x2545f4914f6cdd1dull * (s + 1));
		found += o[s].state == WB_DECIDE_SWITCH && o[s].method == ids[2];
		wrong += o[s].state == WB_DECIDE_SWITCH && o[s].method != ids[2];
	}
	tally("2x ahead", o, RUNS);
	print_message("one method 2x min gain ahead: found in %u of %u runs (%u switched to "
		      "another)\n", found, RUNS, wrong);
	assert_true(found >= RUNS * 9 / 10);
	assert_true(wrong <= RUNS / 100);
}

/* A run too short to decide suggests a budget; rerun with it, a new run
 * settles at least 8 times in 10. Checked at a tie and at a lead, each from
 * first runs of FIRST_ROUNDS rounds; a suggestion of "more than an hour" is
 * counted apart, and must stay rare. */
#define FIRST_ROUNDS 20

static void check_settle(double lead, double cv, uint64_t seed0)
{
	unsigned s, checked = 0, held = 0, beyond = 0;

	for (s = 0; checked < 10 && s < 400; s++) {
		struct machine m = machine_of(0, lead);
		struct outcome first, again;
		unsigned k, ok = 0;

		m.cv = cv;
		first = run(m, FIRST_ROUNDS, seed0 * (s + 1));
		if (first.state != WB_DECIDE_UNDECIDED)
			continue;
		assert_true(first.settle.known);
		if (first.settle.budget_s == 0.0) {
			beyond++;
			continue;
		}
		assert_true(first.settle.more_rounds >= 1.0);
		/* Ten reruns from scratch, each with the budget suggested. */
		for (k = 0; k < 10; k++) {
			again = run(m, (unsigned)(first.settle.budget_s / S_PER_ROUND),
				    seed0 * (s + 1) * 7919u + k + 1);
			ok += again.state != WB_DECIDE_UNDECIDED;
		}
		print_message("lead %+.0f%%, cv %.0f%%: suggested %.0f s after %u, %u of 10 reruns "
			      "settled\n", 100.0 * lead, 100.0 * cv, first.settle.budget_s,
			      FIRST_ROUNDS, ok);
		held += ok >= 8;
		checked++;
	}
	print_message("%u of %u suggestions held; %u beyond an hour\n", held, checked, beyond);
	assert_int_equal(checked, 10);
	assert_true(held >= 8);
	assert_true(beyond <= checked);
}

static void test_suggested_budget_settles_a_tie(void **state)
{
	(void)state;
	check_settle(0.0, 0.15, 0x51ed27ull);
}

static void test_suggested_budget_settles_a_lead(void **state)
{
	(void)state;
	check_settle(0.12, 0.15, 0x7a3f11ull);
}

/* Two methods that are one on the device (open_datasync and open_sync on
 * tmpfs) both lead by 12 %: whichever passed first, the answer is the one
 * that changes less, open_datasync, every time. */
static void test_twin_leaders_same_answer(void **state)
{
	unsigned s, switched = 0, preferred = 0;

	(void)state;
	for (s = 0; s < 200; s++) {
		struct machine m = machine_of(1, 0.12); /* cv 10 % */
		struct outcome o;

		m.gain[3] = 0.12;
		o = run(m, BUDGET_ROUNDS, 0x3c6ef372fe94f82bull * (s + 1));
		switched += o.state == WB_DECIDE_SWITCH;
		preferred += o.state == WB_DECIDE_SWITCH && o.method == ids[2];
	}
	print_message("twin leaders: %u of 200 switched, %u to the one that changes least\n",
		      switched, preferred);
	assert_true(switched >= 190);
	assert_true(preferred * 100 >= switched * 95);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_false_switches_at_most_one_percent),
		cmocka_unit_test(test_power_at_twice_the_gain),
		cmocka_unit_test(test_twin_leaders_same_answer),
		cmocka_unit_test(test_suggested_budget_settles_a_tie),
		cmocka_unit_test(test_suggested_budget_settles_a_lead),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
