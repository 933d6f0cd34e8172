/* test_units.c — strict numbers, sizes and durations: suffixes, junk, ranges, and
 * the leading '-' that strtoull would wrap to 2^64-1. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <errno.h>
#include <math.h>
#include <cmocka.h>

#include "model/units.h"

static void test_sizes(void **state)
{
	static const struct {
		const char *in;
		uint64_t want;
	} ok[] = {
		{ "512", 512 }, { "8k", 8192 }, { "8K", 8192 }, { "8kB", 8192 }, { "8KiB", 8192 },
		{ "16MiB", 16777216 }, { "1M", 1048576 }, { "1g", 1073741824 }, { "4096b", 4096 },
	};
	static const char *const bad[] = { "", "k", "8x", "8 k", " 8k", "-8k", "1.5k", "8kk",
					   "0x10", "1e3" };
	uint64_t v;
	unsigned i;

	(void)state;
	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		assert_int_equal(wb_parse_size(ok[i].in, 0, UINT64_MAX, &v), 0);
		assert_int_equal(v, ok[i].want);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(wb_parse_size(bad[i], 0, UINT64_MAX, &v), -EINVAL);
	assert_int_equal(wb_parse_size("2M", 512, 1 << 20, &v), -ERANGE);
	assert_int_equal(wb_parse_size("256", 512, 1 << 20, &v), -ERANGE);
	assert_int_equal(wb_parse_size("99999999999999999999G", 0, UINT64_MAX, &v), -ERANGE);
}

static void test_durations(void **state)
{
	static const struct {
		const char *in;
		uint64_t want;
	} ok[] = {
		{ "5", 5000000000ull }, { "5s", 5000000000ull }, { "500ms", 500000000ull },
		{ "1.5s", 1500000000ull }, { "2m", 120000000000ull }, { "10us", 10000 },
		{ "1h", 3600000000000ull }, { "250ns", 250 },
	};
	static const char *const bad[] = { "", "s", "5sec", "-5s", "5 s", "1..5s", "inf", "nan" };
	uint64_t v;
	unsigned i;

	(void)state;
	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		assert_int_equal(wb_parse_duration(ok[i].in, 0, UINT64_MAX, &v), 0);
		assert_int_equal(v, ok[i].want);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(wb_parse_duration(bad[i], 0, UINT64_MAX, &v), -EINVAL);
	assert_int_equal(wb_parse_duration("1ms", 10000000, UINT64_MAX, &v), -ERANGE);
}

static void test_uint(void **state)
{
	uint64_t v;

	(void)state;
	assert_int_equal(wb_parse_uint("42", 1, 100, &v), 0);
	assert_int_equal(v, 42);
	assert_int_equal(wb_parse_uint("-1", 0, UINT64_MAX, &v), -EINVAL);
	assert_int_equal(wb_parse_uint("+1", 0, UINT64_MAX, &v), -EINVAL);
	assert_int_equal(wb_parse_uint("12a", 0, UINT64_MAX, &v), -EINVAL);
	assert_int_equal(wb_parse_uint("0", 1, 100, &v), -ERANGE);
	assert_int_equal(wb_parse_uint("18446744073709551616", 0, UINT64_MAX, &v), -ERANGE);
}

static void test_format(void **state)
{
	char buf[32];

	(void)state;
	wb_format_size(512, buf, sizeof(buf));
	assert_string_equal(buf, "512B");
	wb_format_size(8192, buf, sizeof(buf));
	assert_string_equal(buf, "8kB");
	wb_format_size(16 << 20, buf, sizeof(buf));
	assert_string_equal(buf, "16MiB");
	wb_format_size(1536, buf, sizeof(buf));
	assert_string_equal(buf, "1536B");
	wb_format_size(1536 << 10, buf, sizeof(buf));
	assert_string_equal(buf, "1.5MiB");
	wb_format_size(64000000, buf, sizeof(buf)); /* etcd's segment, never "62500kB" */
	assert_string_equal(buf, "61.0MiB");
	wb_format_count(1510.4, buf, sizeof(buf));
	assert_string_equal(buf, "1,510");
	wb_format_count(1234567.0, buf, sizeof(buf));
	assert_string_equal(buf, "1,234,567");
	wb_format_count(999.6, buf, sizeof(buf));
	assert_string_equal(buf, "1,000");
	wb_format_count(-15430.2, buf, sizeof(buf));
	assert_string_equal(buf, "-15,430");
	wb_format_count(74.56, buf, sizeof(buf));
	assert_string_equal(buf, "74.6");
	wb_format_count(NAN, buf, sizeof(buf));
	assert_string_equal(buf, "n/a");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_durations),
		cmocka_unit_test(test_uint),
		cmocka_unit_test(test_format),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
