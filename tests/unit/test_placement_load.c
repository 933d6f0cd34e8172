/* test_placement_load.c — the data load a predicted commit rate brings
 * (advice/placement_load.h), on synthetic figures: the server's pages per
 * commit, the next round's commits, when a prediction carried its own load,
 * and the rounds as cmd_recommend runs them against a volume whose flush
 * slows as its data writes grow (a queue on a 150-IOPS volume), where the
 * first prediction, at today's load, is the over-prediction pgbench showed
 * (pg_wal on 15 IOPS moved back onto the data's 150: +1517 % predicted,
 * +452 % measured). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <string.h>
#include <cmocka.h>

#include "advice/placement_load.h"
#include "advice/placement_model.h"
#include "advice/server_shape.h"

static void test_pages_per_commit(void **state)
{
	struct wb_server_shape sh = { .load_why = WB_LOAD_MEASURED, .load_per_s = 17 };

	(void)state;
	assert_float_equal(wb_placement_pages_per_commit(&sh, 13.3), 17 / 13.3, 1e-9);
	assert_true(isnan(wb_placement_pages_per_commit(&sh, 0)));
	/* no checkpoint in the window: its writes are not the server's load */
	sh.load_why = WB_LOAD_NO_CHECKPOINT;
	assert_true(isnan(wb_placement_pages_per_commit(&sh, 13.3)));
}

static void test_next(void **state)
{
	struct wb_load_point p[3] = { { 13.3, 215 }, { 215, 40 } };
	double x;

	(void)state;
	/* round 1: the first prediction's own load */
	assert_float_equal(wb_placement_load_next(p, 1), 215, 1e-9);
	/* round 2: the secant of prediction - load through (13.3, +201.7) and
	 * (215, -175) crosses 0 at about 107, between the bracket's ends */
	x = wb_placement_load_next(p, 2);
	assert_float_equal(x, 215 - (-175) * (215 - 13.3) / (-175 - 201.7), 1e-9);
	assert_true(x > 40 && x < 215);
	/* a secant outside the bracket (flat): the middle of the last load and
	 * its prediction, on the ratio scale */
	p[2] = (struct wb_load_point){ 100, 60 };
	p[1] = (struct wb_load_point){ 215, 20 };
	p[0] = (struct wb_load_point){ 13.3, 215 };
	x = wb_placement_load_next(p, 3);
	assert_true(x > 60 && x < 100);
	/* nothing finite to go on */
	p[0].predicted_per_s = NAN;
	assert_true(isnan(wb_placement_load_next(p, 1)));
}

static void test_settled(void **state)
{
	struct wb_model m = { .known = true, .per_s = 70, .low = 55, .high = 90 };

	(void)state;
	assert_true(wb_placement_load_settled(&m, 80));
	assert_false(wb_placement_load_settled(&m, 120));
	assert_false(wb_placement_load_settled(&m, 40));
	m.known = false;
	assert_false(wb_placement_load_settled(&m, 80));
}

/* The server of the validation: 13.3 commits/s with pg_wal on 15 IOPS, its
 * sessions 90 % at the flush (flush 68 ms), 17 data pages/s. */
static struct wb_pg_observed o;

static void slow_server(void)
{
	memset(&o, 0, sizeof(o));
	o.rate.commits_per_s = 13.3;
	o.rate.wal_syncs_per_s = 13.3 / 2;
	o.rate.flushes = 400;
	o.rate.flush_ms = 68;
	o.rate.waits.known = true;
	o.rate.waits.busy_sessions = 8;
	o.rate.waits.share[WB_PGW_WAL] = 0.90;
	o.rate.waits.share[WB_PGW_LOCK] = 0.05;
	o.rate.waits.share[WB_PGW_CPU] = 0.05;
	o.rate.waits.half95[WB_PGW_WAL] = 0.02;
	o.rate.waits.half95[WB_PGW_LOCK] = 0.02;
	o.rate.waits.half95[WB_PGW_CPU] = 0.01;
}

/* The data volume's flush under pages/s of data writes: 150 IOPS shared, a
 * flush waiting behind what the writes leave (M/M/1: 1 / (mu - lambda)). */
static double flush_ms_at(double pages_per_s)
{
	double free_iops = 150 - fmin(pages_per_s, 145);

	return 1000.0 / free_iops;
}

static void predict_at(double pages_per_s, struct wb_model *m)
{
	double ms = flush_ms_at(pages_per_s);
	struct wb_model_in in = { .server = &o, .data_flush_ms = NAN, .cand_flush_ms = ms,
				  .cand_flush_ms_low = ms * 0.85, .cand_flush_ms_high = ms * 1.15 };

	wb_model_predict(&in, m);
	assert_true(m->known);
}

/* The rounds as cmd_recommend runs them: today's load first, then the load
 * of each prediction, until one carried its own. */
static void test_rounds(void **state)
{
	struct wb_server_shape sh = { .load_why = WB_LOAD_MEASURED, .load_per_s = 17 };
	struct wb_load_point p[WB_PLACEMENT_LOAD_ROUNDS + 1];
	double ppc = wb_placement_pages_per_commit(&sh, 13.3), first, x = 0;
	struct wb_model m;
	size_t n = 1;
	bool settled = false;

	(void)state;
	slow_server();
	predict_at(17, &m);
	first = m.per_s;
	p[0] = (struct wb_load_point){ 13.3, first };
	/* today's load: the over-prediction, the load of 13 commits/s */
	assert_false(wb_placement_load_settled(&m, 13.3));
	while (n <= WB_PLACEMENT_LOAD_ROUNDS && !settled) {
		x = wb_placement_load_next(p, n);
		predict_at(ppc * x, &m);
		p[n++] = (struct wb_load_point){ x, m.per_s };
		settled = wb_placement_load_settled(&m, x);
	}
	assert_true(settled);
	/* the fixed point: the load of x commits gives about x commits */
	assert_true(fabs(m.per_s - x) / x < 0.2);
	/* here: 84.5/s at today's load, 32/s at its own load's (round 1, a
	 * bracket), 58/s at the secant's 55/s (round 2, settled) */
	assert_int_equal(n - 1, 2);
	assert_true(m.per_s < 0.75 * first);
	assert_true(m.per_s > 13.3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pages_per_commit),
		cmocka_unit_test(test_next),
		cmocka_unit_test(test_settled),
		cmocka_unit_test(test_rounds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
