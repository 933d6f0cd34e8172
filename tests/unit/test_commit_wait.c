/* test_commit_wait.c — what the server's commits wait for: a synchronous
 * standby only where its share of the sessions' time is the larger and, with
 * its part of the row locks, at least WB_STANDBY_MIN_SHARE; this host's flush
 * otherwise; unknown without samples that say something. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <string.h>
#include <cmocka.h>

#include "advice/commit_wait.h"

static enum wb_commit_waits_for waits_with_locks(bool known, double standby, double flush,
						  double locks, double *standby_part)
{
	struct wb_pg_observed o;
	struct wb_commit_wait cw;

	memset(&o, 0, sizeof(o));
	o.rate.waits.known = known;
	o.rate.waits.share[WB_PGW_SYNC_REP] = standby;
	o.rate.waits.share[WB_PGW_WAL] = flush;
	o.rate.waits.share[WB_PGW_LOCK] = locks;
	o.rate.waits.share[WB_PGW_CLIENT] = 1 - standby - flush - locks;
	wb_commit_wait(&o, &cw);
	if (known)
		assert_true(fabs(cw.standby_share + cw.flush_share - standby - flush - locks) < 1e-12);
	if (standby_part)
		*standby_part = cw.standby_share;
	return cw.state;
}

static enum wb_commit_waits_for waits_for(bool known, double standby, double flush)
{
	double got;
	enum wb_commit_waits_for w = waits_with_locks(known, standby, flush, 0, &got);

	if (known)
		assert_true(fabs(got - standby) < 1e-12);
	return w;
}

/* Row locks held across a commit that waits for the standby are the standby's:
 * TPC-B on one branch, 4 clients, a standby applying 20 ms late (the
 * integration test's window on PostgreSQL 18). */
static void test_locks_follow_the_commit(void **state)
{
	double got;

	(void)state;
	assert_int_equal(waits_with_locks(true, 0.16, 0.02, 0.58, &got), WB_WAITS_STANDBY);
	assert_true(fabs(got - (0.16 + 0.58 * 0.16 / 0.18)) < 1e-12);
	/* the same locks behind this host's flush */
	assert_int_equal(waits_with_locks(true, 0.02, 0.16, 0.58, &got), WB_WAITS_FLUSH);
	/* no commit waits at all: the locks are nobody's */
	assert_int_equal(waits_with_locks(true, 0, 0, 0.3, &got), WB_WAITS_FLUSH);
	assert_true(got == 0);
}

static void test_standby_dominates(void **state)
{
	(void)state;
	/* a remote standby's round trip, the local flush a tenth */
	assert_int_equal(waits_for(true, 0.6, 0.1), WB_WAITS_STANDBY);
	assert_int_equal(waits_for(true, WB_STANDBY_MIN_SHARE, 0.05), WB_WAITS_STANDBY);
	assert_string_equal(wb_commit_waits_for_name(WB_WAITS_STANDBY), "standby");
}

static void test_flush_is_the_wait(void **state)
{
	(void)state;
	/* no standby */
	assert_int_equal(waits_for(true, 0, 0.6), WB_WAITS_FLUSH);
	/* a standby's wait, but the local flush the larger */
	assert_int_equal(waits_for(true, 0.3, 0.5), WB_WAITS_FLUSH);
	/* the larger, but under a fifth of the time: not what the commits wait for */
	assert_int_equal(waits_for(true, WB_STANDBY_MIN_SHARE - 0.01, 0.05), WB_WAITS_FLUSH);
	assert_string_equal(wb_commit_waits_for_name(WB_WAITS_FLUSH), "flush");
}

static void test_unknown(void **state)
{
	struct wb_commit_wait cw;

	(void)state;
	assert_int_equal(waits_for(false, 0.9, 0), WB_WAITS_UNKNOWN);
	wb_commit_wait(NULL, &cw);
	assert_int_equal(cw.state, WB_WAITS_UNKNOWN);
	assert_true(isnan(cw.standby_share));
	assert_string_equal(wb_commit_waits_for_name(WB_WAITS_UNKNOWN), "unknown");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_standby_dominates),
		cmocka_unit_test(test_flush_is_the_wait),
		cmocka_unit_test(test_locks_follow_the_commit),
		cmocka_unit_test(test_unknown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
