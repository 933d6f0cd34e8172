/* test_os_advice.c — the OS advisory rules on synthetic facts: each rule at and
 * past its threshold, *_bytes overriding *_ratio, unknown facts giving nothing,
 * severities (swappiness never a warning, huge pages a warning only where the
 * kernel preempts kernel code), the huge-page count against PostgreSQL's own,
 * the server's own count used in place of the estimate (the rows of live 15-18
 * servers in fixtures/pg/) and when it is not, and the output array's bound.
 * Each advisory is a code with its figures; its words are checked in
 * test_words.c. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "advice/os_advice.h"
#include "pg_catalogue.h"
#include "pgstat/pg_queries.h"

#ifndef WB_FIXTURES_DIR
#define WB_FIXTURES_DIR "tests/unit/fixtures" /* relative: run from the source root */
#endif

#define KIB ((uint64_t)1024)
#define MIB (KIB * 1024)
#define GIB (MIB * 1024)

static struct wb_os_num num(uint64_t v)
{
	return (struct wb_os_num){ .value = v, .known = true };
}

/* A host with nothing to advise: 8 GiB, defaults that are fine at that size. */
static struct wb_os_facts quiet_host(void)
{
	struct wb_os_facts f = {
		.kernel_release = "6.1.0-18-amd64",
		.kernel_major = 6,
		.kernel_minor = 1,
		.preempt = WB_PREEMPT_UNKNOWN,
		.thp_enabled = "madvise",
		.thp_defrag = "madvise",
		.mem_total_bytes = num(8 * GIB),
		.hugepage_size_bytes = num(2 * MIB),
		.hugepages_total = num(0),
		.hugepages_free = num(0),
		.dirty_ratio = num(20),
		.dirty_background_ratio = num(10),
		.dirty_bytes = num(0),
		.dirty_background_bytes = num(0),
		.dirty_expire_centisecs = num(3000),
		.swappiness = num(10),
		.vfs_cache_pressure = num(100),
	};
	return f;
}

struct run {
	struct wb_advisory adv[WB_OS_ADVISORIES_MAX];
	size_t n;
};

static struct run advise(const struct wb_os_facts *f, uint64_t shared_buffers)
{
	struct run r;

	memset(&r, 0, sizeof(r));
	r.n = wb_os_advise(f, shared_buffers, NULL, r.adv, WB_OS_ADVISORIES_MAX);
	for (size_t i = 0; i < r.n; i++)
		assert_in_range(r.adv[i].code, 0, WB_ADV_COUNT - 1);
	return r;
}

static const struct wb_advisory *find(const struct run *r, enum wb_advisory_code code)
{
	for (size_t i = 0; i < r->n; i++)
		if (r->adv[i].code == code)
			return &r->adv[i];
	return NULL;
}

static const struct wb_advisory *advise_find(struct run *r, const struct wb_os_facts *f,
					     uint64_t shared_buffers, enum wb_advisory_code code)
{
	*r = advise(f, shared_buffers);
	return find(r, code);
}

static void test_quiet_host(void **state)
{
	struct wb_os_facts f = quiet_host();

	(void)state;
	assert_int_equal(advise(&f, 0).n, 0);
}

static void test_all_unknown_gives_nothing(void **state)
{
	struct wb_os_facts f;

	(void)state;
	memset(&f, 0, sizeof(f));
	assert_int_equal(advise(&f, 8 * GIB).n, 0);
}

static void test_thp(void **state)
{
	struct wb_os_facts f = quiet_host();
	struct run r;
	const struct wb_advisory *a;

	(void)state;
	strcpy(f.thp_enabled, "always");
	r = advise(&f, 0);
	assert_int_equal(r.n, 1);
	a = find(&r, WB_ADV_THP_ENABLED);
	assert_non_null(a);
	assert_int_equal(a->severity, WB_SEVERITY_WARN);

	strcpy(f.thp_enabled, "never");
	strcpy(f.thp_defrag, "always");
	r = advise(&f, 0);
	assert_int_equal(r.n, 1);
	a = find(&r, WB_ADV_THP_DEFRAG);
	assert_non_null(a);
	assert_int_equal(a->severity, WB_SEVERITY_WARN);

	strcpy(f.thp_defrag, "defer+madvise");
	assert_int_equal(advise(&f, 0).n, 0);
}

/* PostgreSQL 15.18, initdb defaults, 2 MiB pages: shared_memory_size_in_huge_pages
 * is 72, 537, 4200, 33502 for shared_buffers 128 MB, 1, 8, 64 GB. The estimate
 * must never fall short and stay within a few percent above. */
static void test_hugepages_needed(void **state)
{
	static const struct {
		uint64_t shared_buffers, postgres_says, estimate;
	} cases[] = {
		{ 128 * MIB, 72, 82 },
		{ 1 * GIB, 537, 544 },
		{ 8 * GIB, 4200, 4235 },
		{ 64 * GIB, 33502, 33768 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint64_t n = wb_hugepages_needed(cases[i].shared_buffers, 2 * MIB);

		assert_int_equal(n, cases[i].estimate);
		assert_true(n >= cases[i].postgres_says);
	}
	assert_int_equal(wb_hugepages_needed(8 * GIB, 1 * GIB), 9);
	assert_int_equal(wb_hugepages_needed(8 * GIB, 0), 0);
}

static void test_hugepages(void **state)
{
	struct wb_os_facts f = quiet_host();
	struct run r;
	const struct wb_advisory *a;

	(void)state;
	f.preempt = WB_PREEMPT_DYNAMIC;
	r = advise(&f, 8 * GIB);
	a = find(&r, WB_ADV_HUGEPAGES_SHORT);
	assert_non_null(a);
	assert_int_equal(a->severity, WB_SEVERITY_INFO);
	assert_int_equal(a->value, 0);
	assert_int_equal(a->needed, 4235);
	assert_int_equal(a->shared_buffers, 8 * GIB);
	assert_int_equal(a->page_size, 2 * MIB);
	assert_false(a->preemptible);

	/* A kernel that preempts inside a page fault makes it a warning. */
	f.preempt = WB_PREEMPT_LAZY;
	a = advise_find(&r, &f, 8 * GIB, WB_ADV_HUGEPAGES_SHORT);
	assert_non_null(a);
	assert_int_equal(a->severity, WB_SEVERITY_WARN);
	assert_true(a->preemptible);

	/* Enough reserved: nothing. Too few: the count. */
	f.hugepages_total = num(4235);
	assert_null(advise_find(&r, &f, 8 * GIB, WB_ADV_HUGEPAGES_SHORT));
	f.hugepages_total = num(4000);
	a = advise_find(&r, &f, 8 * GIB, WB_ADV_HUGEPAGES_SHORT);
	assert_non_null(a);
	assert_int_equal(a->value, 4000);
	assert_int_equal(a->needed, 4235);

	/* Unknown page size or count: no advice. */
	f.hugepages_total = num(0);
	f.hugepage_size_bytes = (struct wb_os_num){ 0 };
	assert_null(advise_find(&r, &f, 8 * GIB, WB_ADV_HUGEPAGES_SHORT));
}

static void test_hugepages_without_shared_buffers(void **state)
{
	struct wb_os_facts f = quiet_host();
	struct run r;
	const struct wb_advisory *a;

	(void)state;
	f.preempt = WB_PREEMPT_VOLUNTARY;
	assert_null(advise_find(&r, &f, 0, WB_ADV_HUGEPAGES_UNSIZED));
	f.preempt = WB_PREEMPT_LAZY;
	a = advise_find(&r, &f, 0, WB_ADV_HUGEPAGES_UNSIZED);
	assert_non_null(a);
	assert_int_equal(a->severity, WB_SEVERITY_WARN);
	assert_int_equal(a->preempt, WB_PREEMPT_LAZY);
	f.hugepages_total = num(100);
	assert_null(advise_find(&r, &f, 0, WB_ADV_HUGEPAGES_UNSIZED));
}

/* A server's settings as a major's fixture records them (live servers' rows). */
static struct wb_pg_settings fixture_settings(unsigned major)
{
	struct wb_pg_settings s;
	struct pg_fixture fx;

	memset(&s, 0, sizeof(s));
	pg_fixture_load(&fx, WB_FIXTURES_DIR, major);
	for (unsigned i = 0; i < fx.nsettings; i++)
		assert_int_equal(wb_pg_settings_row(&s, fx.settings[i].name, fx.settings[i].setting,
						    fx.settings[i].unit[0] ? fx.settings[i].unit
									   : NULL),
				 0);
	assert_int_equal(wb_pg_settings_finish(&s), 0);
	return s;
}

/* The server's shared_memory_size_in_huge_pages, as its fixture row says. */
static uint64_t fixture_pages(unsigned major)
{
	struct pg_fixture fx;

	pg_fixture_load(&fx, WB_FIXTURES_DIR, major);
	for (unsigned i = 0; i < fx.nsettings; i++)
		if (!strcmp(fx.settings[i].name, "shared_memory_size_in_huge_pages"))
			return strtoull(fx.settings[i].setting, NULL, 10);
	return 0;
}

static const struct wb_advisory *advise_server(struct run *r, const struct wb_os_facts *f,
					       uint64_t shared_buffers,
					       const struct wb_pg_settings *server)
{
	memset(r, 0, sizeof(*r));
	r->n = wb_os_advise(f, shared_buffers, server, r->adv, WB_OS_ADVISORIES_MAX);
	return find(r, WB_ADV_HUGEPAGES_SHORT);
}

/* With a live server of 15 or later the count is the server's own, not the
 * estimate: 15.18 at shared_buffers 128MB needs 72 where the estimate says 82
 * (and 16.14 at 4GB 2107 for 2126, 17.10 at 1GB 534 for 544, 18.4 at 128MB 75
 * for 82). 14 has no such setting: the estimate. */
static void test_hugepages_from_server(void **state)
{
	struct wb_os_facts f = quiet_host();
	const struct wb_advisory *a;
	struct run r;

	(void)state;
	for (unsigned major = 15; major <= WB_PG_MAX_MAJOR; major++) {
		struct wb_pg_settings s = fixture_settings(major);
		uint64_t sb = (uint64_t)s.value[WB_PGS_SHARED_BUFFERS];
		uint64_t want = fixture_pages(major);

		assert_true(want > 0);
		assert_int_not_equal(want, wb_hugepages_needed(sb, 2 * MIB));
		assert_int_equal(wb_hugepages_server(&s, sb, 2 * MIB), want);
		a = advise_server(&r, &f, sb, &s);
		assert_non_null(a);
		assert_true(a->from_server);
		assert_int_equal(a->needed, want);
		assert_int_equal(a->shmem_bytes, (uint64_t)s.value[WB_PGS_SHARED_MEMORY_SIZE]);
		/* shared_buffers not given: the server's count still sizes it */
		a = advise_server(&r, &f, 0, &s);
		assert_non_null(a);
		assert_true(a->from_server);
		assert_int_equal(a->needed, want);
		/* exactly enough reserved: nothing to say */
		f.hugepages_total = num(want);
		assert_null(advise_server(&r, &f, sb, &s));
		f.hugepages_total = num(0);
	}
	{
		struct wb_pg_settings s = fixture_settings(14);

		a = advise_server(&r, &f, 128 * MIB, &s);
		assert_non_null(a);
		assert_false(a->from_server);
		assert_int_equal(a->needed, 82);
	}
}

/* When the server's figure does not answer for this advice, the estimate. */
static void test_hugepages_server_not_used(void **state)
{
	struct wb_os_facts f = quiet_host();
	struct wb_pg_settings s;
	const struct wb_advisory *a;
	struct run r;

	(void)state;
	/* -1: the server has no huge page size and could not count */
	s = fixture_settings(15);
	assert_int_equal(wb_pg_settings_row(&s, "shared_memory_size_in_huge_pages", "-1", NULL), 0);
	assert_int_equal(wb_hugepages_server(&s, 128 * MIB, 2 * MIB), 0);
	a = advise_server(&r, &f, 128 * MIB, &s);
	assert_non_null(a);
	assert_false(a->from_server);
	assert_int_equal(a->needed, 82);
	/* and without shared_buffers, no count at all */
	f.preempt = WB_PREEMPT_LAZY;
	assert_null(advise_server(&r, &f, 0, &s));
	assert_non_null(find(&r, WB_ADV_HUGEPAGES_UNSIZED));
	f.preempt = WB_PREEMPT_UNKNOWN;

	/* no server, or no row: the estimate */
	assert_int_equal(wb_hugepages_server(NULL, 128 * MIB, 2 * MIB), 0);
	s = fixture_settings(15);
	s.have &= ~(1u << WB_PGS_SHARED_MEMORY_SIZE_IN_HUGE_PAGES);
	assert_int_equal(wb_hugepages_server(&s, 128 * MIB, 2 * MIB), 0);

	/* a 14 said to have it (a saved file edited): not read */
	s = fixture_settings(15);
	s.major = 14;
	assert_int_equal(wb_hugepages_server(&s, 128 * MIB, 2 * MIB), 0);

	/* --shared-buffers other than the server's: the count is of another
	 * configuration */
	s = fixture_settings(15);
	assert_int_equal(wb_hugepages_server(&s, 8 * GIB, 2 * MIB), 0);
	a = advise_server(&r, &f, 8 * GIB, &s);
	assert_non_null(a);
	assert_false(a->from_server);
	assert_int_equal(a->needed, 4235);

	/* pages of another size: 143MB counted in 1 GiB pages (huge_page_size =
	 * 1GB) is 1, not this host's 2 MiB pages; and 2 MiB pages on a host of
	 * 1 GiB ones */
	assert_int_equal(wb_pg_settings_row(&s, "shared_memory_size_in_huge_pages", "1", NULL), 0);
	assert_int_equal(wb_hugepages_server(&s, 128 * MIB, 2 * MIB), 0);
	s = fixture_settings(15);
	assert_int_equal(wb_hugepages_server(&s, 128 * MIB, 1 * GIB), 0);
	/* within the server's rounding (one page, and the MB's share of one) */
	assert_int_equal(wb_pg_settings_row(&s, "shared_memory_size_in_huge_pages", "73", NULL), 0);
	assert_int_equal(wb_hugepages_server(&s, 128 * MIB, 2 * MIB), 73);
	/* no shared_memory_size to check the page size by: the count as given */
	s.have &= ~(1u << WB_PGS_SHARED_MEMORY_SIZE);
	assert_int_equal(wb_hugepages_server(&s, 128 * MIB, 2 * MIB), 73);

	/* a figure no server has (a saved file edited) */
	assert_int_equal(wb_pg_settings_row(&s, "shared_memory_size_in_huge_pages", "1e300", NULL),
			 0);
	assert_int_equal(wb_hugepages_server(&s, 128 * MIB, 2 * MIB), 0);
}

static void test_dirty_ratio(void **state)
{
	struct wb_os_facts f = quiet_host();
	struct run r;
	const struct wb_advisory *a;

	(void)state;
	/* 10 % of 10 GiB is exactly the 1 GiB line: not past it. */
	f.mem_total_bytes = num(10 * GIB);
	f.dirty_ratio = num(20);
	r = advise(&f, 0);
	assert_null(find(&r, WB_ADV_DIRTY_BACKGROUND));
	assert_null(find(&r, WB_ADV_DIRTY_LIMIT));

	f.mem_total_bytes = num(16 * GIB);
	r = advise(&f, 0);
	a = find(&r, WB_ADV_DIRTY_BACKGROUND);
	assert_non_null(a);
	assert_int_equal(a->severity, WB_SEVERITY_WARN);
	assert_true(a->by_ratio);
	assert_int_equal(a->ratio_pct, 10);
	assert_int_equal(a->mem_total, 16 * GIB);
	assert_int_equal(a->limit_bytes, 16 * GIB / 100 * 10);
	a = find(&r, WB_ADV_DIRTY_LIMIT);
	assert_non_null(a);
	assert_true(a->by_ratio);
	assert_int_equal(a->ratio_pct, 20);
	assert_int_equal(a->limit_bytes, 16 * GIB / 100 * 20);

	/* A ratio needs MemTotal; without it nothing is said. */
	f.mem_total_bytes = (struct wb_os_num){ 0 };
	r = advise(&f, 0);
	assert_null(find(&r, WB_ADV_DIRTY_BACKGROUND));
	assert_null(find(&r, WB_ADV_DIRTY_LIMIT));
}

static void test_dirty_bytes_override_ratio(void **state)
{
	struct wb_os_facts f = quiet_host();
	struct run r;
	const struct wb_advisory *a;

	(void)state;
	/* 256 GiB of RAM would put the ratios far past the line; the bytes rule. */
	f.mem_total_bytes = num(256 * GIB);
	f.dirty_background_bytes = num(256 * MIB);
	f.dirty_bytes = num(1 * GIB);
	assert_int_equal(advise(&f, 0).n, 0);

	f.dirty_background_bytes = num(2 * GIB);
	f.dirty_bytes = num(8 * GIB);
	r = advise(&f, 0);
	assert_int_equal(r.n, 2);
	a = find(&r, WB_ADV_DIRTY_BACKGROUND);
	assert_non_null(a);
	assert_false(a->by_ratio);
	assert_int_equal(a->limit_bytes, 2 * GIB);
	a = find(&r, WB_ADV_DIRTY_LIMIT);
	assert_non_null(a);
	assert_false(a->by_ratio);
	assert_int_equal(a->limit_bytes, 8 * GIB);
}

static void test_dirty_expire(void **state)
{
	struct wb_os_facts f = quiet_host();
	struct run r;
	const struct wb_advisory *a;

	(void)state;
	f.dirty_expire_centisecs = num(3001);
	r = advise(&f, 0);
	a = find(&r, WB_ADV_DIRTY_EXPIRE);
	assert_non_null(a);
	assert_int_equal(a->severity, WB_SEVERITY_INFO);
	assert_int_equal(a->value, 3001);
	f.dirty_expire_centisecs = num(500);
	assert_int_equal(advise(&f, 0).n, 0);
}

static void test_swappiness_never_warns(void **state)
{
	static const uint64_t values[] = { 11, 60, 100, 200 };
	struct wb_os_facts f = quiet_host();
	struct run r;
	const struct wb_advisory *a;

	(void)state;
	for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
		f.swappiness = num(values[i]);
		a = advise_find(&r, &f, 0, WB_ADV_SWAPPINESS);
		assert_non_null(a);
		assert_int_equal(a->severity, WB_SEVERITY_INFO);
		assert_int_equal(a->value, values[i]);
	}
	f.swappiness = num(1);
	assert_int_equal(advise(&f, 0).n, 0);
}

static void test_vfs_cache_pressure_only_when_changed(void **state)
{
	struct wb_os_facts f = quiet_host();
	struct run r;
	const struct wb_advisory *a;

	(void)state;
	f.vfs_cache_pressure = num(50);
	a = advise_find(&r, &f, 0, WB_ADV_VFS_CACHE_PRESSURE);
	assert_non_null(a);
	assert_int_equal(a->severity, WB_SEVERITY_INFO);
	assert_int_equal(a->value, 50);
	f.vfs_cache_pressure = (struct wb_os_num){ 0 };
	assert_int_equal(advise(&f, 0).n, 0);
}

static void test_preempt_is_info(void **state)
{
	static const enum wb_preempt models[] = {
		WB_PREEMPT_NONE, WB_PREEMPT_VOLUNTARY, WB_PREEMPT_FULL, WB_PREEMPT_LAZY,
		WB_PREEMPT_RT, WB_PREEMPT_NONE_OR_VOLUNTARY, WB_PREEMPT_DYNAMIC,
	};
	struct wb_os_facts f = quiet_host();
	struct run r;
	const struct wb_advisory *a;

	(void)state;
	strcpy(f.preempt_source, "kernel version string");
	f.hugepages_total = num(1); /* keep the huge-pages rule out of it */
	for (size_t i = 0; i < sizeof(models) / sizeof(models[0]); i++) {
		f.preempt = models[i];
		r = advise(&f, 0);
		assert_int_equal(r.n, 1);
		a = &r.adv[0];
		assert_int_equal(a->code, models[i] == WB_PREEMPT_DYNAMIC ? WB_ADV_PREEMPT_DYNAMIC
				 : models[i] == WB_PREEMPT_FULL || models[i] == WB_PREEMPT_LAZY ||
				   models[i] == WB_PREEMPT_RT ? WB_ADV_PREEMPT_KERNEL
				 : WB_ADV_PREEMPT_QUIET);
		assert_int_equal(a->severity, WB_SEVERITY_INFO);
		assert_int_equal(a->preempt, models[i]);
		assert_string_equal(a->source, "kernel version string");
	}
}

/* The worst host fires every rule, within WB_OS_ADVISORIES_MAX; a smaller
 * array gets the first ones and nothing past its end. */
static void test_every_rule_and_the_bound(void **state)
{
	struct wb_os_facts f = quiet_host();
	struct wb_advisory small[3];
	struct wb_advisory sentinel;
	struct run r;

	(void)state;
	strcpy(f.thp_enabled, "always");
	strcpy(f.thp_defrag, "always");
	f.preempt = WB_PREEMPT_LAZY;
	f.mem_total_bytes = num(256 * GIB);
	f.dirty_expire_centisecs = num(6000);
	f.swappiness = num(60);
	f.vfs_cache_pressure = num(150);
	r = advise(&f, 64 * GIB);
	assert_int_equal(r.n, WB_OS_ADVISORIES_MAX);
	assert_int_equal(r.adv[0].code, WB_ADV_THP_ENABLED);
	assert_int_equal(r.adv[r.n - 1].code, WB_ADV_PREEMPT_KERNEL);

	memset(small, 0, sizeof(small));
	memset(&sentinel, 0x5a, sizeof(sentinel));
	small[2] = sentinel;
	assert_int_equal(wb_os_advise(&f, 64 * GIB, NULL, small, 2), 2);
	assert_memory_equal(&small[2], &sentinel, sizeof(sentinel));
	assert_int_equal(small[1].code, WB_ADV_THP_DEFRAG);
	assert_int_equal(wb_os_advise(&f, 64 * GIB, NULL, NULL, 0), 0);
}

static void test_severity_names(void **state)
{
	(void)state;
	assert_string_equal(wb_severity_name(WB_SEVERITY_INFO), "info");
	assert_string_equal(wb_severity_name(WB_SEVERITY_WARN), "warn");
	assert_string_equal(wb_severity_name(WB_SEVERITY_COUNT), "unknown");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_quiet_host),
		cmocka_unit_test(test_all_unknown_gives_nothing),
		cmocka_unit_test(test_thp),
		cmocka_unit_test(test_hugepages_needed),
		cmocka_unit_test(test_hugepages),
		cmocka_unit_test(test_hugepages_without_shared_buffers),
		cmocka_unit_test(test_hugepages_from_server),
		cmocka_unit_test(test_hugepages_server_not_used),
		cmocka_unit_test(test_dirty_ratio),
		cmocka_unit_test(test_dirty_bytes_override_ratio),
		cmocka_unit_test(test_dirty_expire),
		cmocka_unit_test(test_swappiness_never_warns),
		cmocka_unit_test(test_vfs_cache_pressure_only_when_changed),
		cmocka_unit_test(test_preempt_is_info),
		cmocka_unit_test(test_every_rule_and_the_bound),
		cmocka_unit_test(test_severity_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
