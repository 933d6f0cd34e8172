/* test_slow_member.c — the slow-member decision on made-up member counters:
 * one member at three times the others' mean write time is named; members
 * within the factor are not; a member that wrote little, or too few
 * milliseconds to tell, is not judged; a lone judged member has no others. */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "advice/slow_member.h"

static struct wb_array a;

static void member(unsigned i, const char *name, uint64_t writes, uint64_t ms)
{
	struct wb_array_member *m = &a.members[i];

	snprintf(m->name, sizeof(m->name), "%s", name);
	m->io_known = true;
	m->run_writes = writes;
	m->run_write_ms = ms;
	if (i >= a.n_members)
		a.n_members = i + 1;
}

static void one_member_three_times_slower(void **state)
{
	struct wb_slow_member s;

	(void)state;
	memset(&a, 0, sizeof(a));
	member(0, "sdb1", 10000, 5000); /* 0.5 ms a write */
	member(1, "sdc1", 10000, 15000); /* 1.5 ms: the slow one */
	member(2, "sdd1", 10000, 5500);
	member(3, "sde1", 10000, 4800);
	assert_true(wb_slow_member_of(&a, &s));
	assert_int_equal(s.member, 1);
	assert_int_equal(s.judged, 4);
	assert_true(s.mean_ms > 1.49 && s.mean_ms < 1.51);
	assert_true(s.others_ms > 0.49 && s.others_ms < 0.51); /* the median of 0.48, 0.5, 0.55 */
	/* 1.9 times: within what one array's members differ by. */
	member(1, "sdc1", 10000, 9500);
	assert_false(wb_slow_member_of(&a, &s));
	assert_int_equal(s.member, 1);
	assert_false(s.found);
}

static void too_little_to_judge(void **state)
{
	struct wb_slow_member s;

	(void)state;
	memset(&a, 0, sizeof(a));
	member(0, "loop3", 5000, 2000);
	member(1, "loop4", WB_SLOW_MEMBER_MIN_WRITES - 1, 900); /* a few slow metadata writes */
	member(2, "loop5", 5000, 2100);
	assert_false(wb_slow_member_of(&a, &s));
	assert_int_equal(s.judged, 2);
	member(1, "loop4", 5000, WB_SLOW_MEMBER_MIN_MS - 1); /* too few ms to tell 1 from 2 */
	member(0, "loop3", 5000, 40);
	member(2, "loop5", 5000, 40);
	assert_false(wb_slow_member_of(&a, &s));
	assert_int_equal(s.judged, 0);
	/* One judged member has no others to be slow against. */
	memset(&a, 0, sizeof(a));
	member(0, "loop3", 5000, 9000);
	member(1, "loop4", 5000, 10);
	a.members[1].io_known = false;
	assert_false(wb_slow_member_of(&a, &s));
	assert_int_equal(s.judged, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(one_member_three_times_slower),
		cmocka_unit_test(too_little_to_judge),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
