/* test_options.c — the option table: defaults, list values, strict values and the
 * one-line reasons given for bad ones. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <errno.h>
#include <string.h>
#include <cmocka.h>

#include "model/method.h"
#include "plan/options.h"

static void test_defaults(void **state)
{
	struct wb_config cfg;

	(void)state;
	assert_int_equal(wb_config_defaults(&cfg, WB_CMD_RUN), 0);
	assert_string_equal(cfg.target, ".");
	assert_int_equal(cfg.sizes.n, 1);
	assert_int_equal(cfg.sizes.v[0], 8192);
	assert_int_equal(cfg.writes.n, 1);
	assert_int_equal(cfg.writes.v[0], 1);
	assert_int_equal(cfg.engines, 1u << WB_ENGINE_SYNC);
	assert_false(cfg.methods & (1u << WB_METHOD_NONE));
	assert_true(cfg.methods & (1u << WB_METHOD_FDATASYNC));
	assert_int_equal(wb_config_defaults(&cfg, WB_CMD_COMPAT), 0);
	assert_int_equal(cfg.duration_ns, 5000000000ull);
}

static void test_lists(void **state)
{
	const struct wb_option *m = wb_option_find("method", WB_CMD_RUN);
	const struct wb_option *e = wb_option_find("engine", WB_CMD_RUN);
	const struct wb_option *s = wb_option_find("size", WB_CMD_RUN);
	struct wb_config cfg;
	char why[256];

	(void)state;
	assert_non_null(m);
	assert_null(wb_option_find("method", WB_CMD_COMPAT));
	wb_config_defaults(&cfg, WB_CMD_RUN);
	assert_int_equal(wb_option_set(&cfg, m, "fdatasync,open_datasync", why, sizeof(why)), 0);
	assert_int_equal(cfg.methods,
			 (1u << WB_METHOD_FDATASYNC) | (1u << WB_METHOD_OPEN_DATASYNC));
	assert_int_equal(wb_option_set(&cfg, m, "fdatasync,bogus", why, sizeof(why)), -EINVAL);
	assert_non_null(strstr(why, "the 2nd name is unknown"));
	assert_null(strstr(why, "bogus")); /* a value is named by its place, never quoted */
	assert_non_null(strstr(why, "open_sync"));
	assert_int_equal(wb_option_set(&cfg, e, "all", why, sizeof(why)), 0);
	assert_int_equal(cfg.engines, (1u << WB_ENGINE_COUNT) - 1);
	assert_int_equal(wb_option_set(&cfg, e, ",", why, sizeof(why)), -EINVAL);
	assert_int_equal(wb_option_set(&cfg, s, "4k,8k,16k", why, sizeof(why)), 0);
	assert_int_equal(cfg.sizes.n, 3);
	assert_int_equal(cfg.sizes.v[2], 16384);
	assert_int_equal(wb_option_set(&cfg, s, "4k,2M", why, sizeof(why)), -ERANGE);
	assert_non_null(strstr(why, "the 2nd value is not a size"));
}

/* An empty item or a repeated one is refused by its place, and the list keeps
 * what it held: "8k," is not "8k", and "8k,8192" would run one test twice. */
static void test_list_items(void **state)
{
	static const struct {
		const char *opt, *value, *why;
	} bad[] = {
		{ "size", "8k,", "the 2nd value is empty" },
		{ "size", ",8k", "the 1st value is empty" },
		{ "size", ",", "the 1st value is empty" },
		{ "size", "", "empty list" },
		{ "size", "8k,8k", "the 2nd value repeats the 1st" },
		{ "size", "4k,8k,8192", "the 3rd value repeats the 2nd" },
		{ "qd", "1,2,1", "the 3rd value repeats the 1st" },
		{ "method", "fdatasync,,fsync", "the 2nd name is empty" },
		{ "method", "fsync,", "the 2nd name is empty" },
		{ "method", "fsync,fdatasync,fsync", "the 3rd name repeats the 1st" },
		{ "method", "all,fsync", "the 2nd name repeats the 1st (all names it)" },
		{ "method", "fsync,all", "the 2nd name repeats the 1st (all names it)" },
		{ "engine", "sync,,direct", "the 2nd name is empty" },
	};
	const struct wb_option *m = wb_option_find("method", WB_CMD_RUN);
	struct wb_config cfg;
	char why[256];
	size_t i;

	(void)state;
	wb_config_defaults(&cfg, WB_CMD_RUN);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const struct wb_option *o = wb_option_find(bad[i].opt, WB_CMD_RUN);
		struct wb_config before;

		memcpy(&before, &cfg, sizeof(cfg)); /* padding too: the whole is compared */
		assert_non_null(o);
		why[0] = '\0';
		if (wb_option_set(&cfg, o, bad[i].value, why, sizeof(why)) != -EINVAL ||
		    strcmp(why, bad[i].why))
			fail_msg("--%s %s: got \"%s\", want \"%s\"", bad[i].opt, bad[i].value, why,
				 bad[i].why);
		assert_memory_equal(&cfg, &before, sizeof(cfg));
	}
	/* all leaves out none, so the two do not overlap. */
	assert_int_equal(wb_option_set(&cfg, m, "all,none", why, sizeof(why)), 0);
	assert_true(cfg.methods & (1u << WB_METHOD_NONE));
	assert_true(cfg.methods & (1u << WB_METHOD_FSYNC));
}

/* --decide's choices name the methods in enum order after "off", so the stored
 * index minus one is the method; recommend has its own defaults for the shared
 * names (budget, pg-version). */
static void test_decide_and_recommend(void **state)
{
	const struct wb_option *d = wb_option_find("decide", WB_CMD_RUN);
	struct wb_config cfg;
	char why[256];
	unsigned m;

	(void)state;
	assert_non_null(d);
	assert_string_equal(d->choices[0], "off");
	for (m = 0; m < WB_METHOD_COUNT - 1; m++)
		assert_string_equal(d->choices[m + 1], wb_method_get((enum wb_method_id)m)->name);
	wb_config_defaults(&cfg, WB_CMD_RUN);
	assert_int_equal(cfg.decide, 0);
	assert_int_equal(wb_option_set(&cfg, d, "fdatasync", why, sizeof(why)), 0);
	assert_int_equal(cfg.decide - 1, WB_METHOD_FDATASYNC);
	assert_int_equal(wb_option_set(&cfg, d, "none", why, sizeof(why)), -EINVAL);
	assert_int_equal(cfg.min_gain_bp, 500);
	assert_int_equal(cfg.pg_version, 0);
	assert_int_equal(wb_config_defaults(&cfg, WB_CMD_RECOMMEND), 0);
	assert_int_equal(cfg.pg_version, 18);
	assert_int_equal(cfg.budget_ns, 50000000000ull);
	assert_int_equal(cfg.workload, WB_WORKLOAD_MIXED);
	assert_null(wb_option_find("decide", WB_CMD_RECOMMEND));
	assert_non_null(wb_option_find("shared-buffers", WB_CMD_RECOMMEND));
}

static void test_numbers(void **state)
{
	const struct wb_option *d = wb_option_find("duration", WB_CMD_RUN);
	const struct wb_option *w = wb_option_find("writes", WB_CMD_RUN);
	const struct wb_option *b = wb_option_find("budget", WB_CMD_RUN);
	const struct wb_option *ci = wb_option_find("ci-target", WB_CMD_RUN);
	const struct wb_option *p = wb_option_find("pattern", WB_CMD_RUN);
	const struct wb_option *sq = wb_option_find("sqpoll", WB_CMD_RUN);
	struct wb_config cfg;
	char why[256];

	(void)state;
	wb_config_defaults(&cfg, WB_CMD_RUN);
	assert_int_equal(wb_option_set(&cfg, d, "500ms", why, sizeof(why)), 0);
	assert_int_equal(cfg.duration_ns, 500000000ull);
	assert_int_not_equal(wb_option_set(&cfg, d, "-1s", why, sizeof(why)), 0);
	assert_int_equal(wb_option_set(&cfg, b, "1ms", why, sizeof(why)), -ERANGE);
	assert_string_equal(why, "not a duration from 10ms to 168h (e.g. 500ms, 5s, 1m)");
	assert_int_equal(wb_option_set(&cfg, ci, "2.5%", why, sizeof(why)), 0);
	assert_int_equal(cfg.ci_target_bp, 250);
	assert_int_equal(wb_option_set(&cfg, ci, "0", why, sizeof(why)), -ERANGE);
	assert_int_equal(wb_option_set(&cfg, p, "append", why, sizeof(why)), 0);
	assert_int_equal(cfg.pattern, WB_PATTERN_APPEND);
	assert_int_equal(wb_option_set(&cfg, p, "random", why, sizeof(why)), -EINVAL);
	assert_string_equal(why, "allowed: overwrite, append, groupcommit");
	assert_int_equal(wb_option_set(&cfg, sq, NULL, why, sizeof(why)), 0);
	assert_true(cfg.sqpoll);
	assert_int_equal(wb_option_set(&cfg, sq, "false", why, sizeof(why)), 0);
	assert_false(cfg.sqpoll);
	assert_int_equal(wb_option_set(&cfg, sq, "yes", why, sizeof(why)), -EINVAL);
	assert_int_equal(wb_option_set(&cfg, w, "4,16", why, sizeof(why)), 0);
	assert_int_equal(cfg.writes.n, 2);
	assert_int_equal(cfg.writes.v[1], 16);
	assert_int_equal(wb_option_set(&cfg, w, "0", why, sizeof(why)), -ERANGE);
	assert_int_equal(wb_option_set(&cfg, w, "-1", why, sizeof(why)), -EINVAL);
	assert_non_null(strstr(why, "1 to 1024"));
}

/* --pg-version names a major walbench models, on run and recommend alike: run's 0
 * (engines as given) is the one value beside them, and 1 to 9 or a major newer than
 * walbench knows are refused, naming the range (run took 0 to 99, recommend 9 to 99). */
static void test_pg_version(void **state)
{
	static const char *const refused[] = { "1", "8", "9", "19", "99", "16.2", "-16" };
	const struct wb_option *run = wb_option_find("pg-version", WB_CMD_RUN);
	const struct wb_option *rec = wb_option_find("pg-version", WB_CMD_RECOMMEND);
	struct wb_config cfg;
	char why[256], num[8];
	unsigned v, i;

	(void)state;
	assert_non_null(run);
	assert_non_null(rec);
	wb_config_defaults(&cfg, WB_CMD_RUN);
	for (v = WB_PG_OLDEST_MAJOR; v <= WB_PG_NEWEST_MAJOR; v++) {
		snprintf(num, sizeof(num), "%u", v);
		assert_int_equal(wb_option_set(&cfg, run, num, why, sizeof(why)), 0);
		assert_int_equal(cfg.pg_version, v);
		assert_int_equal(wb_option_set(&cfg, rec, num, why, sizeof(why)), 0);
		assert_int_equal(cfg.pg_version, v);
	}
	assert_int_equal(wb_option_set(&cfg, run, "0", why, sizeof(why)), 0);
	assert_int_equal(cfg.pg_version, 0);
	assert_int_not_equal(wb_option_set(&cfg, rec, "0", why, sizeof(why)), 0);
	assert_string_equal(why, "not a PostgreSQL major from 10 to 18");
	for (i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		cfg.pg_version = 16;
		assert_int_not_equal(wb_option_set(&cfg, run, refused[i], why, sizeof(why)), 0);
		assert_string_equal(why, "not 0 or a PostgreSQL major from 10 to 18");
		assert_int_not_equal(wb_option_set(&cfg, rec, refused[i], why, sizeof(why)), 0);
		assert_string_equal(why, "not a PostgreSQL major from 10 to 18");
	}
	/* The help says the range, so the man page does. */
	assert_non_null(strstr(run->help, "10 to 18"));
	assert_non_null(strstr(rec->help, "10 to 18"));
}

/* Every duration option's error gives examples the option itself accepts
 * (--observe 1s once said "e.g. 500ms, 5s, 1m", two of them refused). */
static void test_duration_examples(void **state)
{
	(void)state;
	for (unsigned i = 0; i < wb_options_count; i++) {
		const struct wb_option *o = &wb_options[i];
		struct wb_config cfg;
		char why[256], *eg, *tok, *save = NULL;
		unsigned n = 0;

		if (o->type != WB_OPT_DURATION)
			continue;
		memset(&cfg, 0, sizeof(cfg));
		assert_int_not_equal(wb_option_set(&cfg, o, "x", why, sizeof(why)), 0);
		eg = strstr(why, "(e.g. ");
		assert_non_null(eg);
		eg += strlen("(e.g. ");
		eg[strcspn(eg, ")")] = '\0';
		for (tok = strtok_r(eg, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save), n++) {
			char why2[256];

			if (wb_option_set(&cfg, o, tok, why2, sizeof(why2)))
				fail_msg("--%s refuses its own example \"%s\" (%s)", o->name, tok, why);
		}
		assert_true(n > 0);
	}
}

/* --observe is at least 10 s: a backend publishes its counts at most once a
 * second and an idle one after PGSTAT_IDLE_INTERVAL (10 s), so a shorter window
 * can miss most of the work it is meant to see. */
static void test_observe_minimum(void **state)
{
	const struct wb_option *ob = wb_option_find("observe", WB_CMD_OBSERVE);
	struct wb_config cfg;
	char why[256];

	(void)state;
	assert_non_null(ob);
	assert_ptr_equal(wb_option_find("observe", WB_CMD_RECOMMEND), ob);
	wb_config_defaults(&cfg, WB_CMD_OBSERVE);
	assert_int_equal(wb_option_set(&cfg, ob, "1s", why, sizeof(why)), -ERANGE);
	assert_int_equal(wb_option_set(&cfg, ob, "9s", why, sizeof(why)), -ERANGE);
	assert_int_equal(wb_option_set(&cfg, ob, "10s", why, sizeof(why)), 0);
	assert_int_equal(cfg.observe_ns, 10000000000ull);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_lists),
		cmocka_unit_test(test_list_items),
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_duration_examples),
		cmocka_unit_test(test_decide_and_recommend),
		cmocka_unit_test(test_pg_version),
		cmocka_unit_test(test_observe_minimum),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
