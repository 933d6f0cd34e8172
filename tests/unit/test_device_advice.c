/* test_device_advice.c — the storage advisories (advice/device_advice.c) on
 * the fixture arrays (fixtures/array): parity RAID under the WAL is an
 * advisory with its level and full stripe; a mirror of stripes, or a parity
 * array whose stripe is one WAL page, is not; a volatile cache still is. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "advice/device_advice.h"

#ifndef WB_FIXTURES_DIR
#define WB_FIXTURES_DIR "tests/unit/fixtures" /* relative: run from the source root */
#endif
#define ARRAY_SYS WB_FIXTURES_DIR "/array/sys"
#define ARRAY_PROC WB_FIXTURES_DIR "/array/proc"

static struct wb_device d; /* static: device facts are large for cmocka's stack */

static size_t advise(struct wb_advisory *v, size_t max)
{
	struct wb_advisory_list l = { .v = v, .max = max };

	wb_device_advise(&d, &l);
	return l.n;
}

static void parity_array_advisory(void **state)
{
	struct wb_advisory v[4];

	(void)state;
	wb_device_probe_block(253, 10, &d, ARRAY_SYS, ARRAY_PROC); /* crypt over md2 raid5 */
	assert_int_equal(advise(v, 4), 1);
	assert_int_equal(v[0].code, WB_ADV_PARITY_ARRAY);
	assert_int_equal(v[0].severity, WB_SEVERITY_INFO);
	assert_string_equal(v[0].source, "md md2");
	assert_string_equal(v[0].setting, "raid5");
	assert_int_equal(v[0].value, 1572864);
	/* md raid10: a mirror of stripes, nothing to say */
	wb_device_probe_block(9, 3, &d, ARRAY_SYS, ARRAY_PROC);
	assert_int_equal(advise(v, 4), 0);
	/* btrfs raid5 on disks with volatile caches: both advisories */
	wb_device_probe_block(0, 0, &d, ARRAY_SYS, ARRAY_PROC);
	wb_device_probe_btrfs("sdv", &d, ARRAY_SYS, ARRAY_PROC);
	assert_int_equal(advise(v, 4), 2);
	assert_int_equal(v[0].code, WB_ADV_PARITY_ARRAY);
	assert_int_equal(v[1].code, WB_ADV_VOLATILE_CACHE);
	assert_string_equal(v[1].source, "sdv");
	/* a full stripe of one WAL page: every WAL write is whole */
	d.array.stripe = 8192;
	assert_int_equal(advise(v, 4), 1);
	assert_int_equal(v[0].code, WB_ADV_VOLATILE_CACHE);
	/* unknown parity (a dm raid the queue limits cannot tell): no claim */
	d.array.stripe = 131072;
	d.array.parity_disks = -1;
	assert_int_equal(advise(v, 4), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(parity_array_advisory),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
