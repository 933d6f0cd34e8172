/* test_hostport.c — verify's --to and --from as typed: a port is digits only, 1 .. 65535,
 * never wrapped (108919 once connected to 43383), signed or blank-padded; an IPv6 address
 * only in brackets; the host handed on without them. */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "model/hostport.h"

static void test_accepted(void **state)
{
	char host[WB_HOST_MAX];
	uint16_t port = 0;

	(void)state;
	assert_int_equal(wb_hostport_parse("127.0.0.1:7000", host, sizeof(host), &port), 0);
	assert_string_equal(host, "127.0.0.1");
	assert_int_equal(port, 7000);
	assert_int_equal(wb_hostport_parse("otherhost:65535", host, sizeof(host), &port), 0);
	assert_string_equal(host, "otherhost");
	assert_int_equal(port, 65535);
	assert_int_equal(wb_hostport_parse("[::1]:1", host, sizeof(host), &port), 0);
	assert_string_equal(host, "::1");
	assert_int_equal(port, 1);
	assert_int_equal(wb_hostport_parse("[fe80::1%eth0]:7000", host, sizeof(host), &port), 0);
	assert_string_equal(host, "fe80::1%eth0");
}

static void test_refused(void **state)
{
	static const char *const bad[] = {
		"127.0.0.1:108919",  /* once wrapped to 43383 */
		"127.0.0.1:65536", "127.0.0.1:0", "127.0.0.1:99999999999999999999999",
		"127.0.0.1: 43383", "127.0.0.1:+43383", "127.0.0.1:-1", "127.0.0.1:43383 ",
		"127.0.0.1:0x10", "127.0.0.1:abc", "127.0.0.1:", "127.0.0.1", ":7000", "[]:7000",
		"::1:7000",          /* IPv6 without brackets: which colon is the port's? */
		"[::1]", "[::1:7000", "::1]:7000", "[[::1]]:7000", "host name:7000",
		"host\t:7000", "",
	};
	char host[WB_HOST_MAX];
	uint16_t port;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		port = 42;
		if (wb_hostport_parse(bad[i], host, sizeof(host), &port) != -EINVAL)
			fail_msg("accepted \"%s\" (port %u)", bad[i], port);
		assert_int_equal(port, 42);
	}
	/* A host longer than the buffer is refused, not cut short. */
	assert_int_equal(wb_hostport_parse("abcdefgh:7000", host, 8, &port), -EINVAL);
	assert_int_equal(wb_hostport_parse("abcdefg:7000", host, 8, &port), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_accepted), cmocka_unit_test(test_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
