/* test_os.c — OS facts read by wb_os_probe from fixture trees under
 * fixtures/os/ (a Debian 12 host as installed, a large Linux 7.0 host with
 * PREEMPT_LAZY and THP always, a tuned RT host with dirty *_bytes set, a dynamic
 * kernel booted with preempt=, a tree where nothing parses) and the advisories
 * each host gets, the two preemption parsers, and the real /proc and /sys,
 * printed and only loosely asserted. The rules' edges are in test_os_advice.c. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <cmocka.h>

#include "advice/os_advice.h"
#include "facts/os.h"

#ifndef WB_FIXTURES_DIR
#define WB_FIXTURES_DIR "tests/unit/fixtures" /* relative: run from the source root */
#endif
#define OS_FIXTURES WB_FIXTURES_DIR "/os"

#define KIB ((uint64_t)1024)
#define GIB (KIB * KIB * KIB)

static void probe_fixture(struct wb_os_facts *f, const char *host)
{
	char proc[512], sys[512];

	snprintf(proc, sizeof(proc), "%s/%s/proc", OS_FIXTURES, host);
	snprintf(sys, sizeof(sys), "%s/%s/sys", OS_FIXTURES, host);
	wb_os_probe(f, proc, sys);
}

#define assert_num(n, v)                                                                   \
	do {                                                                               \
		assert_true((n).known);                                                    \
		assert_int_equal((n).value, (v));                                          \
	} while (0)

/* The advisories for a fixture host, checked for the expected facts in order. */
static void expect_advice(const char *host, uint64_t shared_buffers, const char *const *facts,
			  size_t nfacts, struct wb_advisory *adv)
{
	struct wb_os_facts f;
	size_t n;

	probe_fixture(&f, host);
	n = wb_os_advise(&f, shared_buffers, adv, WB_OS_ADVISORIES_MAX);
	for (size_t i = 0; i < n; i++)
		print_message("  %s %s = %s: %s\n", wb_severity_name(adv[i].severity), adv[i].fact,
			      adv[i].value, adv[i].advice);
	assert_int_equal(n, nfacts);
	for (size_t i = 0; i < n; i++)
		assert_string_equal(adv[i].fact, facts[i]);
}

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#define assert_unknown(n)                                                                  \
	do {                                                                               \
		assert_false((n).known);                                                   \
		assert_int_equal((n).value, 0);                                            \
	} while (0)

/* ---- the preemption parsers ------------------------------------------------ */

static void test_preempt_from_debugfs(void **state)
{
	(void)state;
	assert_int_equal(wb_preempt_from_debugfs("none voluntary (full) lazy"), WB_PREEMPT_FULL);
	assert_int_equal(wb_preempt_from_debugfs("none voluntary full (lazy)"), WB_PREEMPT_LAZY);
	assert_int_equal(wb_preempt_from_debugfs("(none) voluntary full"), WB_PREEMPT_NONE);
	assert_int_equal(wb_preempt_from_debugfs("none (voluntary) full"), WB_PREEMPT_VOLUNTARY);
	assert_int_equal(wb_preempt_from_debugfs("none voluntary full"), WB_PREEMPT_UNKNOWN);
	assert_int_equal(wb_preempt_from_debugfs("(fullish)"), WB_PREEMPT_UNKNOWN);
	assert_int_equal(wb_preempt_from_debugfs("(full"), WB_PREEMPT_UNKNOWN);
}

static void test_preempt_from_version(void **state)
{
	(void)state;
	assert_int_equal(wb_preempt_from_version("#1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1"),
			 WB_PREEMPT_DYNAMIC);
	assert_int_equal(wb_preempt_from_version("#1 SMP PREEMPT_RT Wed Feb 12"), WB_PREEMPT_RT);
	assert_int_equal(wb_preempt_from_version("#1 SMP PREEMPT_LAZY Mon"), WB_PREEMPT_LAZY);
	assert_int_equal(wb_preempt_from_version("#1 SMP PREEMPT Tue Mar 5"), WB_PREEMPT_FULL);
	assert_int_equal(wb_preempt_from_version("#1 SMP Tue Mar 5"),
			 WB_PREEMPT_NONE_OR_VOLUNTARY);
	/* Whole words only: a "PREEMPTED" in a build note is not a flag. */
	assert_int_equal(wb_preempt_from_version("#1 SMP PREEMPTED-build"),
			 WB_PREEMPT_NONE_OR_VOLUNTARY);
	assert_int_equal(wb_preempt_from_version("Linux version 6.1"), WB_PREEMPT_UNKNOWN);
	assert_string_equal(wb_preempt_name(WB_PREEMPT_LAZY), "lazy");
	assert_string_equal(wb_preempt_name(WB_PREEMPT_COUNT), "unknown");
}

/* ---- fixture hosts ----------------------------------------------------------- */

static void test_debian12(void **state)
{
	struct wb_os_facts f;

	(void)state;
	probe_fixture(&f, "debian12");
	assert_string_equal(f.kernel_release, "6.1.0-18-amd64");
	assert_int_equal(f.kernel_major, 6);
	assert_int_equal(f.kernel_minor, 1);
	/* No debugfs, no preempt= on the command line: the model stays unread. */
	assert_int_equal(f.preempt, WB_PREEMPT_DYNAMIC);
	assert_string_equal(f.preempt_source, "kernel version string");
	assert_string_equal(f.thp_enabled, "madvise");
	assert_string_equal(f.thp_defrag, "madvise");
	assert_num(f.mem_total_bytes, 8140800 * KIB);
	assert_num(f.hugepage_size_bytes, 2048 * KIB);
	assert_num(f.hugepages_total, 0);
	assert_num(f.hugepages_free, 0);
	assert_num(f.dirty_ratio, 20);
	assert_num(f.dirty_background_ratio, 10);
	assert_num(f.dirty_bytes, 0);
	assert_num(f.dirty_background_bytes, 0);
	assert_num(f.dirty_expire_centisecs, 3000);
	assert_num(f.swappiness, 60);
	assert_num(f.vfs_cache_pressure, 100);
}

static void test_lazy_thp(void **state)
{
	struct wb_os_facts f;

	(void)state;
	probe_fixture(&f, "lazy-thp");
	assert_string_equal(f.kernel_release, "7.0.0-10-generic");
	assert_int_equal(f.kernel_major, 7);
	assert_int_equal(f.kernel_minor, 0);
	/* debugfs shows the model in use, over the preempt=full it was booted with. */
	assert_int_equal(f.preempt, WB_PREEMPT_LAZY);
	assert_string_equal(f.preempt_source, "sched/preempt (debugfs)");
	assert_string_equal(f.thp_enabled, "always");
	assert_string_equal(f.thp_defrag, "always");
	assert_num(f.mem_total_bytes, 256 * GIB);
	assert_num(f.hugepages_total, 0);
}

static void test_dirty_bytes(void **state)
{
	struct wb_os_facts f;

	(void)state;
	probe_fixture(&f, "dirty-bytes");
	/* A preempt= parameter does not matter to a kernel that is not dynamic. */
	assert_int_equal(f.preempt, WB_PREEMPT_RT);
	assert_string_equal(f.thp_enabled, "never");
	assert_string_equal(f.thp_defrag, "never");
	assert_num(f.hugepages_total, 4300);
	assert_num(f.hugepages_free, 4300);
	assert_num(f.dirty_ratio, 0);
	assert_num(f.dirty_background_ratio, 0);
	assert_num(f.dirty_bytes, 8 * GIB);
	assert_num(f.dirty_background_bytes, 64 * KIB * KIB);
	assert_num(f.dirty_expire_centisecs, 6000);
	assert_num(f.swappiness, 1);
	assert_num(f.vfs_cache_pressure, 50);
}

static void test_dynamic_cmdline(void **state)
{
	struct wb_os_facts f;

	(void)state;
	probe_fixture(&f, "dynamic-cmdline");
	assert_int_equal(f.preempt, WB_PREEMPT_LAZY);
	assert_string_equal(f.preempt_source, "preempt= boot parameter");
	assert_int_equal(f.kernel_major, 6);
	assert_int_equal(f.kernel_minor, 14);
	/* The rest of the tree is absent. */
	assert_string_equal(f.thp_enabled, "");
	assert_unknown(f.mem_total_bytes);
	assert_unknown(f.swappiness);
}

/* Every fact unreadable or unparsable stays unknown; a fixture root is never
 * filled in from the real host's uname. */
static void test_unreadable(void **state)
{
	struct wb_os_facts f;

	(void)state;
	probe_fixture(&f, "unreadable");
	assert_string_equal(f.kernel_release, "");
	assert_int_equal(f.kernel_major, 0);
	assert_int_equal(f.preempt, WB_PREEMPT_UNKNOWN);
	assert_string_equal(f.preempt_source, "");
	assert_string_equal(f.thp_enabled, "");
	assert_string_equal(f.thp_defrag, "");
	assert_unknown(f.mem_total_bytes);
	assert_unknown(f.hugepage_size_bytes);
	assert_unknown(f.hugepages_total);
	assert_unknown(f.hugepages_free);
	assert_unknown(f.dirty_ratio);
	assert_unknown(f.dirty_background_ratio);
	assert_unknown(f.dirty_bytes);
	assert_unknown(f.dirty_background_bytes);
	assert_unknown(f.dirty_expire_centisecs);
	assert_unknown(f.swappiness);
	assert_unknown(f.vfs_cache_pressure);
}

static void test_missing_roots(void **state)
{
	struct wb_os_facts f;

	(void)state;
	wb_os_probe(&f, "/nonexistent/proc", "/nonexistent/sys");
	assert_string_equal(f.kernel_release, "");
	assert_int_equal(f.preempt, WB_PREEMPT_UNKNOWN);
	assert_unknown(f.mem_total_bytes);
}

/* ---- the advisories each fixture host gets --------------------------------------- */

static void test_debian12_advice(void **state)
{
	static const char *const facts[] = { "HugePages_Total", "vm.swappiness",
					     "kernel preemption model" };
	struct wb_advisory adv[WB_OS_ADVISORIES_MAX];

	(void)state;
	expect_advice("debian12", 2 * GIB, facts, ARRAY_LEN(facts), adv);
	/* An unread dynamic model is not a reason to warn. */
	assert_int_equal(adv[0].severity, WB_SEVERITY_INFO);
	assert_string_equal(adv[0].value, "0 reserved, 1071 needed");
	assert_int_equal(adv[1].severity, WB_SEVERITY_INFO);
	assert_string_equal(adv[1].value, "60");
	assert_string_equal(adv[2].value, "dynamic (model in use not readable)");
	/* 10 % of 7.8 GiB is under the 1 GiB line: no dirty advice. Without
	 * shared_buffers, no huge-page advice either. */
	expect_advice("debian12", 0, facts + 1, 2, adv);
}

static void test_lazy_thp_advice(void **state)
{
	static const char *const facts[] = {
		"transparent_hugepage/enabled", "transparent_hugepage/defrag", "HugePages_Total",
		"vm.dirty_background_ratio",    "vm.dirty_ratio",              "vm.swappiness",
		"kernel preemption model",
	};
	struct wb_advisory adv[WB_OS_ADVISORIES_MAX];

	(void)state;
	expect_advice("lazy-thp", 64 * GIB, facts, ARRAY_LEN(facts), adv);
	assert_int_equal(adv[0].severity, WB_SEVERITY_WARN);
	assert_int_equal(adv[1].severity, WB_SEVERITY_WARN);
	assert_int_equal(adv[2].severity, WB_SEVERITY_WARN); /* lazy: the measured case */
	assert_string_equal(adv[2].value, "0 reserved, 33768 needed");
	assert_non_null(strstr(adv[2].advice, "vm.nr_hugepages = 33768"));
	assert_string_equal(adv[3].value, "10 % of 256.0 GiB MemTotal = 25.6 GiB");
	assert_string_equal(adv[4].value, "20 % of 256.0 GiB MemTotal = 51.2 GiB");
	assert_string_equal(adv[6].value, "lazy");
	assert_non_null(strstr(adv[6].reason, "sched/preempt (debugfs)"));
}

static void test_dirty_bytes_advice(void **state)
{
	static const char *const facts[] = { "vm.dirty_bytes", "vm.dirty_expire_centisecs",
					     "vm.vfs_cache_pressure", "kernel preemption model" };
	struct wb_advisory adv[WB_OS_ADVISORIES_MAX];

	(void)state;
	/* 4300 huge pages cover 8 GiB of shared_buffers (4235); the 64 MiB
	 * background bytes override the (zero) ratio on 62.7 GiB. */
	expect_advice("dirty-bytes", 8 * GIB, facts, ARRAY_LEN(facts), adv);
	assert_string_equal(adv[0].value, "8589934592 (8.0 GiB)");
	assert_int_equal(adv[0].severity, WB_SEVERITY_WARN);
	assert_string_equal(adv[1].value, "6000");
	assert_string_equal(adv[2].value, "50 (default 100)");
	assert_string_equal(adv[3].value, "rt");
}

static void test_unreadable_advice(void **state)
{
	struct wb_advisory adv[WB_OS_ADVISORIES_MAX];

	(void)state;
	expect_advice("unreadable", 8 * GIB, NULL, 0, adv);
}

/* ---- the real host ------------------------------------------------------------ */

static void print_num(const char *name, const struct wb_os_num *n)
{
	if (n->known)
		print_message("  %-24s %llu\n", name, (unsigned long long)n->value);
	else
		print_message("  %-24s unknown\n", name);
}

static void test_real_host(void **state)
{
	struct wb_os_facts f;
	struct utsname u;

	(void)state;
	wb_os_probe(&f, "/proc", "/sys");
	print_message("  kernel                   %s (%u.%u)\n", f.kernel_release, f.kernel_major,
		      f.kernel_minor);
	print_message("  preempt                  %s (from %s)\n", wb_preempt_name(f.preempt),
		      f.preempt_source[0] ? f.preempt_source : "nothing readable");
	print_message("  thp enabled / defrag     %s / %s\n", f.thp_enabled, f.thp_defrag);
	print_num("MemTotal (bytes)", &f.mem_total_bytes);
	print_num("Hugepagesize (bytes)", &f.hugepage_size_bytes);
	print_num("HugePages_Total", &f.hugepages_total);
	print_num("HugePages_Free", &f.hugepages_free);
	print_num("vm.dirty_ratio", &f.dirty_ratio);
	print_num("vm.dirty_background_ratio", &f.dirty_background_ratio);
	print_num("vm.dirty_bytes", &f.dirty_bytes);
	print_num("vm.dirty_background_bytes", &f.dirty_background_bytes);
	print_num("vm.dirty_expire_centisecs", &f.dirty_expire_centisecs);
	print_num("vm.swappiness", &f.swappiness);
	print_num("vm.vfs_cache_pressure", &f.vfs_cache_pressure);
	{
		struct wb_advisory adv[WB_OS_ADVISORIES_MAX];
		size_t n = wb_os_advise(&f, 8 * GIB, adv, WB_OS_ADVISORIES_MAX);

		print_message("  advisories with shared_buffers = 8 GiB:\n");
		for (size_t i = 0; i < n; i++)
			print_message("  [%s] %s = %s\n    advice: %s\n    reason: %s\n",
				      wb_severity_name(adv[i].severity), adv[i].fact, adv[i].value,
				      adv[i].advice, adv[i].reason);
	}

	assert_int_equal(uname(&u), 0);
	assert_string_equal(f.kernel_release, u.release);
	assert_true(f.kernel_major > 0);
	assert_int_not_equal(f.preempt, WB_PREEMPT_UNKNOWN); /* uname -v at the least */
	assert_true(f.mem_total_bytes.known && f.mem_total_bytes.value > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_preempt_from_debugfs),
		cmocka_unit_test(test_preempt_from_version),
		cmocka_unit_test(test_debian12),
		cmocka_unit_test(test_lazy_thp),
		cmocka_unit_test(test_dirty_bytes),
		cmocka_unit_test(test_dynamic_cmdline),
		cmocka_unit_test(test_unreadable),
		cmocka_unit_test(test_missing_roots),
		cmocka_unit_test(test_debian12_advice),
		cmocka_unit_test(test_lazy_thp_advice),
		cmocka_unit_test(test_dirty_bytes_advice),
		cmocka_unit_test(test_unreadable_advice),
		cmocka_unit_test(test_real_host),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
