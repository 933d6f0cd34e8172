/* test_os_advice.c — the OS advisory rules on synthetic facts: each rule at and
 * past its threshold, *_bytes overriding *_ratio, unknown facts giving nothing,
 * severities (swappiness never a warning, huge pages a warning only where the
 * kernel preempts kernel code), the huge-page count against PostgreSQL's own,
 * and the output array's bound. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "advice/os_advice.h"

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
	r.n = wb_os_advise(f, shared_buffers, r.adv, WB_OS_ADVISORIES_MAX);
	/* Every field filled, none cut to fit (a full field is taken as cut). */
	for (size_t i = 0; i < r.n; i++) {
		const struct wb_advisory *a = &r.adv[i];

		assert_true(a->fact[0] && a->value[0] && a->advice[0] && a->reason[0]);
		assert_true(strlen(a->value) < sizeof(a->value) - 1);
		assert_true(strlen(a->advice) < sizeof(a->advice) - 1);
		assert_true(strlen(a->reason) < sizeof(a->reason) - 1);
	}
	return r;
}

static const struct wb_advisory *find(const struct run *r, const char *fact)
{
	for (size_t i = 0; i < r->n; i++)
		if (strcmp(r->adv[i].fact, fact) == 0)
			return &r->adv[i];
	return NULL;
}

static const struct wb_advisory *advise_find(struct run *r, const struct wb_os_facts *f,
					     uint64_t shared_buffers, const char *fact)
{
	*r = advise(f, shared_buffers);
	return find(r, fact);
}

#define assert_contains(haystack, needle)                                                  \
	do {                                                                               \
		if (!strstr((haystack), (needle)))                                         \
			fail_msg("\"%s\" lacks \"%s\"", (haystack), (needle));             \
	} while (0)

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
	a = find(&r, "transparent_hugepage/enabled");
	assert_non_null(a);
	assert_int_equal(a->severity, WB_SEVERITY_WARN);
	assert_string_equal(a->value, "always");
	assert_contains(a->advice, "madvise");
	assert_contains(a->reason, "PostgreSQL's docs");

	strcpy(f.thp_enabled, "never");
	strcpy(f.thp_defrag, "always");
	r = advise(&f, 0);
	assert_int_equal(r.n, 1);
	a = find(&r, "transparent_hugepage/defrag");
	assert_non_null(a);
	assert_contains(a->advice, "defer+madvise");

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
	a = find(&r, "HugePages_Total");
	assert_non_null(a);
	assert_int_equal(a->severity, WB_SEVERITY_INFO);
	assert_string_equal(a->value, "0 reserved, 4235 needed");
	assert_contains(a->advice, "vm.nr_hugepages = 4235");
	assert_contains(a->advice, "huge_pages = on");
	assert_contains(a->advice, "postgres -C shared_memory_size_in_huge_pages");
	assert_contains(a->reason, "ceil((8.0 GiB x 1.03 + 32 MiB) / 2 MiB) = 4235");
	assert_contains(a->reason, "Linux 7.0");

	/* A kernel that preempts inside a page fault makes it a warning. */
	f.preempt = WB_PREEMPT_LAZY;
	a = advise_find(&r, &f, 8 * GIB, "HugePages_Total");
	assert_non_null(a);
	assert_int_equal(a->severity, WB_SEVERITY_WARN);
	assert_contains(a->reason, "this kernel preempts the same way");

	/* Enough reserved: nothing. Too few: the count. */
	f.hugepages_total = num(4235);
	assert_null(advise_find(&r, &f, 8 * GIB, "HugePages_Total"));
	f.hugepages_total = num(4000);
	a = advise_find(&r, &f, 8 * GIB, "HugePages_Total");
	assert_non_null(a);
	assert_string_equal(a->value, "4000 reserved, 4235 needed");

	/* Unknown page size or count: no advice. */
	f.hugepages_total = num(0);
	f.hugepage_size_bytes = (struct wb_os_num){ 0 };
	assert_null(advise_find(&r, &f, 8 * GIB, "HugePages_Total"));
}

static void test_hugepages_without_shared_buffers(void **state)
{
	struct wb_os_facts f = quiet_host();
	struct run r;
	const struct wb_advisory *a;

	(void)state;
	f.preempt = WB_PREEMPT_VOLUNTARY;
	assert_null(advise_find(&r, &f, 0, "HugePages_Total"));
	f.preempt = WB_PREEMPT_LAZY;
	a = advise_find(&r, &f, 0, "HugePages_Total");
	assert_non_null(a);
	assert_int_equal(a->severity, WB_SEVERITY_WARN);
	assert_string_equal(a->value, "0 reserved");
	assert_contains(a->advice, "shared_memory_size_in_huge_pages");
	f.hugepages_total = num(100);
	assert_null(advise_find(&r, &f, 0, "HugePages_Total"));
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
	assert_null(find(&r, "vm.dirty_background_ratio"));
	assert_null(find(&r, "vm.dirty_ratio"));

	f.mem_total_bytes = num(16 * GIB);
	r = advise(&f, 0);
	a = find(&r, "vm.dirty_background_ratio");
	assert_non_null(a);
	assert_int_equal(a->severity, WB_SEVERITY_WARN);
	assert_string_equal(a->value, "10 % of 16.0 GiB MemTotal = 1.6 GiB");
	assert_contains(a->advice, "vm.dirty_background_bytes = 268435456");
	assert_contains(a->reason, "1.6 GiB");
	a = find(&r, "vm.dirty_ratio");
	assert_non_null(a);
	assert_string_equal(a->value, "20 % of 16.0 GiB MemTotal = 3.2 GiB");
	assert_contains(a->advice, "vm.dirty_bytes = 1073741824");

	/* A ratio needs MemTotal; without it nothing is said. */
	f.mem_total_bytes = (struct wb_os_num){ 0 };
	r = advise(&f, 0);
	assert_null(find(&r, "vm.dirty_background_ratio"));
	assert_null(find(&r, "vm.dirty_ratio"));
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
	a = find(&r, "vm.dirty_background_bytes");
	assert_non_null(a);
	assert_string_equal(a->value, "2147483648 (2.0 GiB)");
	a = find(&r, "vm.dirty_bytes");
	assert_non_null(a);
	assert_string_equal(a->value, "8589934592 (8.0 GiB)");
}

static void test_dirty_expire(void **state)
{
	struct wb_os_facts f = quiet_host();
	struct run r;
	const struct wb_advisory *a;

	(void)state;
	f.dirty_expire_centisecs = num(3001);
	r = advise(&f, 0);
	a = find(&r, "vm.dirty_expire_centisecs");
	assert_non_null(a);
	assert_int_equal(a->severity, WB_SEVERITY_INFO);
	assert_string_equal(a->value, "3001");
	assert_contains(a->advice, "= 3000");
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
		a = advise_find(&r, &f, 0, "vm.swappiness");
		assert_non_null(a);
		assert_int_equal(a->severity, WB_SEVERITY_INFO);
		assert_contains(a->advice, "1 to 10");
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
	a = advise_find(&r, &f, 0, "vm.vfs_cache_pressure");
	assert_non_null(a);
	assert_int_equal(a->severity, WB_SEVERITY_INFO);
	assert_string_equal(a->value, "50 (default 100)");
	assert_contains(a->advice, "measurement");
	assert_contains(a->reason, "non-linear");
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
		a = find(&r, "kernel preemption model");
		assert_non_null(a);
		assert_int_equal(a->severity, WB_SEVERITY_INFO);
		assert_string_equal(a->value, wb_preempt_name(models[i]));
		assert_contains(a->reason, "kernel version string");
	}
	f.preempt = WB_PREEMPT_DYNAMIC;
	assert_contains(advise(&f, 0).adv[0].advice, "/sys/kernel/debug/sched/preempt");
	f.preempt = WB_PREEMPT_NONE;
	assert_string_equal(advise(&f, 0).adv[0].advice, "nothing to change");
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
	assert_string_equal(r.adv[0].fact, "transparent_hugepage/enabled");
	assert_string_equal(r.adv[r.n - 1].fact, "kernel preemption model");

	memset(small, 0, sizeof(small));
	memset(&sentinel, 0x5a, sizeof(sentinel));
	small[2] = sentinel;
	assert_int_equal(wb_os_advise(&f, 64 * GIB, small, 2), 2);
	assert_memory_equal(&small[2], &sentinel, sizeof(sentinel));
	assert_string_equal(small[1].fact, "transparent_hugepage/defrag");
	assert_int_equal(wb_os_advise(&f, 64 * GIB, NULL, 0), 0);
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
