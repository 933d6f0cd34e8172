/* test_os.c — OS facts read by wb_os_probe from fixture trees under
 * fixtures/os/ (a Debian 12 host as installed, a large Linux 7.0 host with
 * PREEMPT_LAZY and THP always, a tuned RT host with dirty *_bytes set, a dynamic
 * kernel booted with preempt=, a tree where nothing parses) and the advisories
 * each host gets, the two preemption parsers, and the real /proc and /sys:
 * the facts checked against a second reader of the same files, the advisories
 * checked complete, in order and fired exactly when the host's facts call for
 * them. The rules' edges are in test_os_advice.c. */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <cmocka.h>

#include "advice/os_advice.h"
#include "facts/os.h"
#include "report/words.h"

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

/* An advisory as the reports show it: its severity and its words. The host
 * tests check what a user of each fixture host reads. */
struct shown {
	enum wb_severity severity;
	char fact[64], value[64], advice[160], reason[320];
};

static size_t advise_shown(const struct wb_os_facts *f, uint64_t shared_buffers,
			   struct shown *out, size_t max)
{
	struct wb_advisory adv[WB_OS_ADVISORIES_MAX];
	struct wb_advisory_words w;
	size_t n = wb_os_advise(f, shared_buffers, NULL, adv,
				max < WB_OS_ADVISORIES_MAX ? max : WB_OS_ADVISORIES_MAX);

	for (size_t i = 0; i < n; i++) {
		wb_words_advisory(&adv[i], &w);
		out[i].severity = adv[i].severity;
		memcpy(out[i].fact, w.fact, sizeof(out[i].fact));
		memcpy(out[i].value, w.value, sizeof(out[i].value));
		memcpy(out[i].advice, w.advice, sizeof(out[i].advice));
		memcpy(out[i].reason, w.reason, sizeof(out[i].reason));
	}
	return n;
}

/* The advisories for a fixture host, checked for the expected facts in order. */
static void expect_advice(const char *host, uint64_t shared_buffers, const char *const *facts,
			  size_t nfacts, struct shown *adv)
{
	struct wb_os_facts f;
	size_t n;

	probe_fixture(&f, host);
	n = advise_shown(&f, shared_buffers, adv, WB_OS_ADVISORIES_MAX);
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
	struct shown adv[WB_OS_ADVISORIES_MAX];

	(void)state;
	expect_advice("debian12", 2 * GIB, facts, ARRAY_LEN(facts), adv);
	/* An unread dynamic model is not a reason to warn. */
	assert_int_equal(adv[0].severity, WB_SEVERITY_INFO);
	assert_string_equal(adv[0].value, "0 reserved, about 1071 needed");
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
	struct shown adv[WB_OS_ADVISORIES_MAX];

	(void)state;
	expect_advice("lazy-thp", 64 * GIB, facts, ARRAY_LEN(facts), adv);
	assert_int_equal(adv[0].severity, WB_SEVERITY_WARN);
	assert_int_equal(adv[1].severity, WB_SEVERITY_WARN);
	assert_int_equal(adv[2].severity, WB_SEVERITY_WARN); /* lazy: the measured case */
	assert_string_equal(adv[2].value, "0 reserved, about 33768 needed");
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
	struct shown adv[WB_OS_ADVISORIES_MAX];

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
	struct shown adv[WB_OS_ADVISORIES_MAX];

	(void)state;
	expect_advice("unreadable", 8 * GIB, NULL, 0, adv);
}

/* ---- the real host ------------------------------------------------------------ */

/* A second, plainer reader of the real /proc and /sys, so the probe is checked
 * against what the files say here rather than against itself. */
static bool host_line(const char *path, char *buf, size_t size)
{
	FILE *fp = fopen(path, "r");
	bool ok;

	buf[0] = '\0';
	if (!fp)
		return false;
	ok = fgets(buf, (int)size, fp) != NULL;
	fclose(fp);
	buf[strcspn(buf, "\n")] = '\0';
	return ok;
}

static struct wb_os_num host_num(const char *path)
{
	char buf[64], *end;
	struct wb_os_num n = { 0 };

	if (host_line(path, buf, sizeof(buf)) && buf[0] >= '0' && buf[0] <= '9') {
		n.value = strtoull(buf, &end, 10);
		n.known = *end == '\0';
		if (!n.known)
			n.value = 0;
	}
	return n;
}

static struct wb_os_num host_meminfo(const char *key, uint64_t scale)
{
	char line[256];
	size_t klen = strlen(key);
	struct wb_os_num n = { 0 };
	FILE *fp = fopen("/proc/meminfo", "r");

	if (!fp)
		return n;
	while (fgets(line, sizeof(line), fp))
		if (strncmp(line, key, klen) == 0 && line[klen] == ':') {
			n.value = strtoull(line + klen + 1, NULL, 10) * scale;
			n.known = true;
		}
	fclose(fp);
	return n;
}

/* The bracketed word of a sysfs choice list; "" when none. */
static void host_active(const char *path, char *out, size_t size)
{
	char buf[128];
	const char *open, *close;

	out[0] = '\0';
	if (!host_line(path, buf, sizeof(buf)) || !(open = strchr(buf, '[')) ||
	    !(close = strchr(open, ']')) || (size_t)(close - open - 1) >= size)
		return;
	memcpy(out, open + 1, (size_t)(close - open - 1));
	out[close - open - 1] = '\0';
}

static void expect_host_num(const char *name, const struct wb_os_num *probed,
			    const struct wb_os_num *host)
{
	if (probed->known != host->known || probed->value != host->value)
		fail_msg("%s: probe read %s %llu, the host says %s %llu", name,
			 probed->known ? "known" : "unknown", (unsigned long long)probed->value,
			 host->known ? "known" : "unknown", (unsigned long long)host->value);
}

/* The preemption model the probe should have found: debugfs when readable,
 * else the version string, which for PREEMPT_DYNAMIC may be settled by the
 * preempt= word on the command line. */
static void expect_host_preempt(const struct wb_os_facts *f)
{
	char buf[4096], word[16];
	const char *p;
	enum wb_preempt built;
	struct utsname u;

	if (host_line("/sys/kernel/debug/sched/preempt", buf, sizeof(buf)) &&
	    wb_preempt_from_debugfs(buf) != WB_PREEMPT_UNKNOWN) {
		assert_int_equal(f->preempt, wb_preempt_from_debugfs(buf));
		assert_string_equal(f->preempt_source, "sched/preempt (debugfs)");
		return;
	}
	if (host_line("/proc/sys/kernel/version", buf, sizeof(buf))) {
		built = wb_preempt_from_version(buf);
	} else {
		assert_int_equal(uname(&u), 0);
		built = wb_preempt_from_version(u.version);
	}
	assert_int_not_equal(built, WB_PREEMPT_UNKNOWN); /* a Linux version string names one */
	if (built == WB_PREEMPT_DYNAMIC && strcmp(f->preempt_source, "preempt= boot parameter") == 0) {
		/* The command line must hold the word the probe took. */
		assert_true(host_line("/proc/cmdline", buf, sizeof(buf)));
		snprintf(word, sizeof(word), "preempt=%s", wb_preempt_name(f->preempt));
		p = strstr(buf, word);
		assert_non_null(p);
		assert_true(p == buf || p[-1] == ' ');
		return;
	}
	assert_int_equal(f->preempt, built);
	assert_true(strcmp(f->preempt_source, "kernel version string") == 0 ||
		    strcmp(f->preempt_source, "uname -v") == 0);
}

/* The facts an OS advisory can name, in the order wb_os_advise reports them;
 * a *_bytes and its *_ratio share a place (only the one in force is named). */
static const struct {
	const char *fact;
	int place;
} os_advice_facts[] = {
	{ "transparent_hugepage/enabled", 0 },
	{ "transparent_hugepage/defrag", 1 },
	{ "HugePages_Total", 2 },
	{ "vm.dirty_background_bytes", 3 },
	{ "vm.dirty_background_ratio", 3 },
	{ "vm.dirty_bytes", 4 },
	{ "vm.dirty_ratio", 4 },
	{ "vm.dirty_expire_centisecs", 5 },
	{ "vm.swappiness", 6 },
	{ "vm.vfs_cache_pressure", 7 },
	{ "kernel preemption model", 8 },
};

static int advice_place(const char *fact)
{
	for (size_t i = 0; i < ARRAY_LEN(os_advice_facts); i++)
		if (strcmp(os_advice_facts[i].fact, fact) == 0)
			return os_advice_facts[i].place;
	fail_msg("advisory about \"%s\", a fact no OS rule names", fact);
	return -1;
}

static const struct shown *find_advice(const struct shown *adv, size_t n,
					     const char *fact)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(adv[i].fact, fact) == 0)
			return &adv[i];
	return NULL;
}

/* Whether an advisory about fact is there exactly when the host's facts call
 * for it; returns it when it is. */
static const struct shown *expect_advice_iff(const struct shown *adv, size_t n,
						   const char *fact, bool wanted)
{
	const struct shown *a = find_advice(adv, n, fact);

	if (wanted && !a)
		fail_msg("no advisory about %s, which this host's facts call for", fact);
	if (!wanted && a)
		fail_msg("an advisory about %s (%s), which this host's facts do not call for",
			 fact, a->value);
	return a;
}

/* One dirty-page limit of the host: the *_bytes in force, else ratio % of
 * MemTotal; 0 when not known. */
static uint64_t host_dirty_limit(const struct wb_os_facts *f, const struct wb_os_num *bytes,
				 const struct wb_os_num *ratio)
{
	if (bytes->known && bytes->value > 0)
		return bytes->value;
	if (!ratio->known || !f->mem_total_bytes.known)
		return 0;
	return f->mem_total_bytes.value / 100 * (ratio->value > 100 ? 100 : ratio->value);
}

/* The advisories for the real host's facts: each one complete, about a fact an
 * OS rule names, once, in report order; and each rule whose trigger this test
 * can see from the facts fires exactly when its trigger holds. Thresholds as
 * os_advice.c documents them. */
static void expect_host_advice(const struct wb_os_facts *f, uint64_t shared_buffers)
{
	const uint64_t dirty_background_max = 1 * GIB; /* WB_DIRTY_BACKGROUND_MAX */
	const uint64_t dirty_limit_max = 2 * GIB;      /* WB_DIRTY_LIMIT_MAX */
	struct shown adv[WB_OS_ADVISORIES_MAX + 1];
	const struct shown *a;
	char want[64];
	uint64_t need, limit;
	bool preemptible = f->preempt == WB_PREEMPT_FULL || f->preempt == WB_PREEMPT_LAZY ||
			   f->preempt == WB_PREEMPT_RT;
	int last = -1;
	size_t n;

	memset(adv, 0, sizeof(adv));
	n = advise_shown(f, shared_buffers, adv, WB_OS_ADVISORIES_MAX);
	print_message("  advisories with shared_buffers = %llu GiB:\n",
		      (unsigned long long)(shared_buffers / GIB));
	for (size_t i = 0; i < n; i++)
		print_message("  [%s] %s = %s\n    advice: %s\n    reason: %s\n",
			      wb_severity_name(adv[i].severity), adv[i].fact, adv[i].value,
			      adv[i].advice, adv[i].reason);

	/* The preemption model is always known on a real host (uname -v at the
	 * least), so there is always its advisory. */
	assert_in_range(n, 1, WB_OS_ADVISORIES_MAX);
	/* cmocka's failure does not tell gcc that n is in range: at -O3 it then
	 * warns (-Werror) of reads past adv in every lookup below. */
	if (n < 1 || n > WB_OS_ADVISORIES_MAX)
		return;
	for (size_t i = 0; i < n; i++) {
		int place = advice_place(adv[i].fact);

		if (place <= last)
			fail_msg("advisory %zu (%s) out of report order or repeated", i,
				 adv[i].fact);
		last = place;
		assert_true(adv[i].value[0] && adv[i].advice[0] && adv[i].reason[0]);
		assert_true(strlen(adv[i].value) < sizeof(adv[i].value) - 1); /* not cut */
		assert_true(strlen(adv[i].advice) < sizeof(adv[i].advice) - 1);
		assert_true(strlen(adv[i].reason) < sizeof(adv[i].reason) - 1);
		assert_in_range(adv[i].severity, 0, WB_SEVERITY_COUNT - 1);
		assert_string_not_equal(wb_severity_name(adv[i].severity), "unknown");
	}

	a = &adv[n - 1];
	assert_string_equal(a->fact, "kernel preemption model");
	assert_string_equal(a->value, wb_preempt_name(f->preempt));
	assert_int_equal(a->severity, WB_SEVERITY_INFO);
	assert_non_null(strstr(a->reason, f->preempt_source));

	a = expect_advice_iff(adv, n, "transparent_hugepage/enabled",
			      strcmp(f->thp_enabled, "always") == 0);
	if (a)
		assert_int_equal(a->severity, WB_SEVERITY_WARN);
	a = expect_advice_iff(adv, n, "transparent_hugepage/defrag",
			      strcmp(f->thp_defrag, "always") == 0);
	if (a)
		assert_int_equal(a->severity, WB_SEVERITY_WARN);

	/* Without shared_buffers there is no count: said only where the kernel
	 * preempts kernel code and none are reserved. */
	need = f->hugepage_size_bytes.known && shared_buffers > 0
		       ? wb_hugepages_needed(shared_buffers, f->hugepage_size_bytes.value)
		       : 0;
	a = expect_advice_iff(adv, n, "HugePages_Total",
			      f->hugepages_total.known && f->hugepage_size_bytes.value > 0 &&
				      (shared_buffers > 0 ? f->hugepages_total.value < need
							  : preemptible &&
								    f->hugepages_total.value == 0));
	if (a) {
		if (shared_buffers > 0)
			snprintf(want, sizeof(want), "%llu reserved, about %llu needed",
				 (unsigned long long)f->hugepages_total.value,
				 (unsigned long long)need);
		else
			snprintf(want, sizeof(want), "0 reserved");
		assert_string_equal(a->value, want);
		assert_int_equal(a->severity, preemptible ? WB_SEVERITY_WARN : WB_SEVERITY_INFO);
	}

	limit = host_dirty_limit(f, &f->dirty_background_bytes, &f->dirty_background_ratio);
	expect_advice_iff(adv, n,
			  f->dirty_background_bytes.value > 0 ? "vm.dirty_background_bytes"
							      : "vm.dirty_background_ratio",
			  limit > dirty_background_max);
	limit = host_dirty_limit(f, &f->dirty_bytes, &f->dirty_ratio);
	expect_advice_iff(adv, n, f->dirty_bytes.value > 0 ? "vm.dirty_bytes" : "vm.dirty_ratio",
			  limit > dirty_limit_max);

	a = expect_advice_iff(adv, n, "vm.dirty_expire_centisecs",
			      f->dirty_expire_centisecs.known &&
				      f->dirty_expire_centisecs.value > 3000);
	if (a) {
		snprintf(want, sizeof(want), "%llu",
			 (unsigned long long)f->dirty_expire_centisecs.value);
		assert_string_equal(a->value, want);
	}
	/* Never a warning (os_advice.h), only above the 1-10 it advises. */
	a = expect_advice_iff(adv, n, "vm.swappiness",
			      f->swappiness.known && f->swappiness.value > 10);
	if (a) {
		snprintf(want, sizeof(want), "%llu", (unsigned long long)f->swappiness.value);
		assert_string_equal(a->value, want);
		assert_int_equal(a->severity, WB_SEVERITY_INFO);
	}
	a = expect_advice_iff(adv, n, "vm.vfs_cache_pressure",
			      f->vfs_cache_pressure.known && f->vfs_cache_pressure.value != 100);
	if (a)
		assert_int_equal(a->severity, WB_SEVERITY_INFO);
}

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
	struct wb_os_num h;
	struct utsname u;
	char buf[64];
	unsigned major, minor;

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

	/* The facts, each as the host's own files say. */
	assert_int_equal(uname(&u), 0);
	assert_string_equal(f.kernel_release, u.release);
	assert_int_equal(sscanf(u.release, "%u.%u", &major, &minor), 2);
	assert_int_equal(f.kernel_major, major);
	assert_int_equal(f.kernel_minor, minor);
	assert_true(f.kernel_major > 0);
	expect_host_preempt(&f);
	host_active("/sys/kernel/mm/transparent_hugepage/enabled", buf, sizeof(buf));
	assert_string_equal(f.thp_enabled, buf);
	host_active("/sys/kernel/mm/transparent_hugepage/defrag", buf, sizeof(buf));
	assert_string_equal(f.thp_defrag, buf);
	h = host_meminfo("MemTotal", KIB);
	assert_true(h.known && h.value > 0);
	expect_host_num("MemTotal", &f.mem_total_bytes, &h);
	h = host_meminfo("Hugepagesize", KIB);
	expect_host_num("Hugepagesize", &f.hugepage_size_bytes, &h);
	h = host_meminfo("HugePages_Total", 1);
	expect_host_num("HugePages_Total", &f.hugepages_total, &h);
	/* Free huge pages move while anything (a running server) maps them: only
	 * bounded here, not compared with a second read. */
	assert_true(!f.hugepages_free.known ||
		    (f.hugepages_total.known && f.hugepages_free.value <= f.hugepages_total.value));
#define EXPECT_VM(field, name)                                                             \
	do {                                                                               \
		h = host_num("/proc/sys/vm/" name);                                        \
		expect_host_num("vm." name, &f.field, &h);                                 \
	} while (0)
	EXPECT_VM(dirty_ratio, "dirty_ratio");
	EXPECT_VM(dirty_background_ratio, "dirty_background_ratio");
	EXPECT_VM(dirty_bytes, "dirty_bytes");
	EXPECT_VM(dirty_background_bytes, "dirty_background_bytes");
	EXPECT_VM(dirty_expire_centisecs, "dirty_expire_centisecs");
	EXPECT_VM(swappiness, "swappiness");
	EXPECT_VM(vfs_cache_pressure, "vfs_cache_pressure");
#undef EXPECT_VM

	/* The advisories, with and without shared_buffers. */
	expect_host_advice(&f, 8 * GIB);
	expect_host_advice(&f, 0);
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
