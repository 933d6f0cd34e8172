/* test_profile.c — profile loading: every shipped profile validates, values are
 * applied through the option table with the command line's rules, and each kind
 * of bad profile gets its one-line message naming the file and the key.
 * Reads small JSON fixtures; writes nothing. */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "model/method.h"
#include "plan/profile.h"

#ifndef WB_FIXTURES_DIR
#define WB_FIXTURES_DIR "tests/unit/fixtures"
#endif
#ifndef WB_PROFILES_DIR
#define WB_PROFILES_DIR "profiles"
#endif

static int load(const char *name, struct wb_profile *p, char *err, size_t len)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/profiles/%s", WB_FIXTURES_DIR, name);
	return wb_profile_load(path, WB_CMD_RUN, p, err, len);
}

/* What a profile that cannot be read as one returns: anything but -EINVAL,
 * which is kept for a bad key or value (a usage error, exit 1); walbench run
 * exits 2 on the others, unusable input, as a tiers file that cannot be read. */
static const char *const unreadable[] = { "broken.json", "trailing.json", "missing.json", "." };

static bool is_unreadable(const char *file)
{
	size_t i;

	for (i = 0; i < sizeof(unreadable) / sizeof(unreadable[0]); i++)
		if (strcmp(file, unreadable[i]) == 0)
			return true;
	return false;
}

static void expect_error(const char *file, const char *want)
{
	struct wb_profile p;
	char err[1024];
	int ret = load(file, &p, err, sizeof(err));

	assert_int_not_equal(ret, 0);
	if (is_unreadable(file))
		assert_int_not_equal(ret, -EINVAL);
	else
		assert_int_equal(ret, -EINVAL);
	if (!strstr(err, want))
		fail_msg("%s: got \"%s\", want it to contain \"%s\"", file, err, want);
	assert_non_null(strstr(err, file)); /* the message names the file */
	assert_null(strchr(err, '\n'));    /* and is one line */
}

static void test_error_messages(void **state)
{
	(void)state;
	/* a file's words are never quoted: its keys and values are named by their place */
	expect_error("unknown_key.json", "the 2nd key is unknown; allowed: description, tests, ");
	expect_error("wrong_type.json",
		     "key \"qd\": an object is the wrong type; expected an array, a string or a number");
	expect_error("out_of_range.json",
		     "key \"size\": invalid value: the value is not a size from 512 to 1MiB");
	expect_error("bad_group.json", "key \"engine\": invalid value: the name is unknown; "
				       "allowed: all, sync, direct");
	expect_error("broken.json", "not valid JSON at line ");
	/* A whole document with text after it is not read as its first value. */
	expect_error("trailing.json", "not valid JSON: text after the document at line 1, column 38");
	/* An array's items are the command line's list: an empty one is refused by its place. */
	expect_error("empty_item.json", "key \"size\": invalid value: the 1st value is empty");
	expect_error("empty_array.json", "key \"size\": invalid value: empty list");
	expect_error("empty_tests.json", "key \"tests\": expected a non-empty array of objects");
	expect_error("flag_type.json", "key \"sqpoll\": a string is the wrong type; expected true or false");
	expect_error("desc_type.json", "key \"description\": a number is the wrong type; expected a string");
	expect_error("not_object.json", "a profile is a JSON object");
	expect_error("missing.json", "cannot read profile: No such file or directory");
	/* A directory is said to be one, not a disk's I/O error. */
	expect_error(".", "cannot read profile: Is a directory");
}

static void test_groups_apply_over_top_level(void **state)
{
	struct wb_profile p;
	struct wb_config cfg;
	char err[1024];

	(void)state;
	assert_int_equal(load("good.json", &p, err, sizeof(err)), 0);
	assert_string_equal(p.description, "ok");
	assert_int_equal(p.ngroups, 2);
	wb_config_defaults(&cfg, WB_CMD_RUN);
	assert_int_equal(wb_profile_apply(&p, 0, WB_CMD_RUN, &cfg, err, sizeof(err)), 0);
	assert_int_equal(cfg.methods, 1u << WB_METHOD_FDATASYNC);
	assert_int_equal(cfg.sizes.n, 2);
	assert_int_equal(cfg.sizes.v[1], 8192);
	assert_int_equal(cfg.qds.v[0], 2);
	assert_true(cfg.sqpoll);
	wb_config_defaults(&cfg, WB_CMD_RUN);
	assert_int_equal(wb_profile_apply(&p, 1, WB_CMD_RUN, &cfg, err, sizeof(err)), 0);
	assert_int_equal(cfg.methods, 1u << WB_METHOD_FSYNC);
	assert_int_equal(cfg.sizes.n, 1);
	assert_int_equal(cfg.sizes.v[0], 16384); /* the group's key wins over the top level */
	wb_profile_free(&p);
}

/* The end of a file may hold JSON's whitespace, as any editor leaves it. */
static void test_trailing_whitespace(void **state)
{
	struct wb_profile p;
	char err[1024];

	(void)state;
	if (load("trailing_space.json", &p, err, sizeof(err)))
		fail_msg("%s", err);
	wb_profile_free(&p);
}

static void test_shipped_profiles(void **state)
{
	static const char *const names[] = { "pg_test_fsync", "quick", "oltp", "bulk", "qualify" };
	struct wb_profile p;
	struct wb_config cfg;
	char err[1024], path[512];
	unsigned i;

	(void)state;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s.json", WB_PROFILES_DIR, names[i]);
		if (wb_profile_load(path, WB_CMD_RUN, &p, err, sizeof(err)))
			fail_msg("%s", err);
		assert_non_null(p.description);
		wb_profile_free(&p);
	}
	/* quick promises <= 10 s. */
	snprintf(path, sizeof(path), "%s/quick.json", WB_PROFILES_DIR);
	assert_int_equal(wb_profile_load(path, WB_CMD_RUN, &p, err, sizeof(err)), 0);
	wb_config_defaults(&cfg, WB_CMD_RUN);
	assert_int_equal(wb_profile_apply(&p, 0, WB_CMD_RUN, &cfg, err, sizeof(err)), 0);
	assert_true(cfg.budget_ns <= 10000000000ull);
	wb_profile_free(&p);
	/* pg_test_fsync.json holds the compat set: 18 tests in 14 groups. */
	snprintf(path, sizeof(path), "%s/pg_test_fsync.json", WB_PROFILES_DIR);
	assert_int_equal(wb_profile_load(path, WB_CMD_RUN, &p, err, sizeof(err)), 0);
	assert_int_equal(p.ngroups, 14);
	wb_profile_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_error_messages),
		cmocka_unit_test(test_groups_apply_over_top_level),
		cmocka_unit_test(test_trailing_whitespace),
		cmocka_unit_test(test_shipped_profiles),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
