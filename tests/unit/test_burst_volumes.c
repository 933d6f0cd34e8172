/* test_burst_volumes.c — the provider fact table: the shipped
 * profiles/burst-volumes.json loads with its rules, sources and dates, a
 * device's kinds resolve to the table's entries, and each kind of bad file is
 * refused with one line naming the file and the JSON path, leaving nothing
 * half-loaded. Reads small JSON fixtures; writes nothing. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "model/burst_volume.h"
#include "plan/burst_volumes.h"

#include "refusal.h"
#include "table_fixture.h"


/* Loaded once per test: the table is tens of kB, too big for cmocka's stack. */
static struct wb_burst_table table;

static void expect_refused(const char *file, int want_ret, const char *want)
{
	char err[1024];

	refusal_check(file, fixture_load(file, &table, err, sizeof(err)), want_ret, err, want);
	assert_int_equal(table.nkinds, 0);  /* and nothing half-loaded is left */
	assert_int_equal(table.ndevices, 0);
}

static void test_refused(void **state)
{
	(void)state;
	expect_refused("unknown_key.json", -EINVAL, "kinds[1]: its 9th key is unknown; allowed: name, "
				   "provider, title, bursts, basis, rule, source, as_of, unit, burst");
	expect_refused("bad_bursts.json", -EINVAL, "kinds[0].bursts: not one of no, yes, unknown");
	expect_refused("unknown_kind.json", -EINVAL,
		       "devices[0].kinds[2]: \"gp9\" is not the name of any of kinds[]");
	expect_refused("figure_no_unit.json", -EINVAL,
		       "kinds[0].unit: missing; figures need their unit");
	expect_refused("unit_no_figure.json", -EINVAL,
		       "kinds[1].unit: given without a figure to measure");
	expect_refused("burst_on_flat.json", -EINVAL,
		       "kinds[1].burst: given on a kind that does not burst");
	expect_refused("bad_date.json", -EINVAL,
		       "kinds[2].as_of: \"03/12/2026\" is not a date YYYY-MM-DD");
	expect_refused("bad_source.json", -EINVAL,
		       "devices[1].source: \"example.com\" is not an https:// address");
	expect_refused("empty_match.json", -EINVAL, "devices[2].match: empty; name at least one of");
	expect_refused("min_above_max.json", -EINVAL,
		       "kinds[0].baseline_min: 20000 is above baseline_max 16000");
	expect_refused("negative_figure.json", -EINVAL, "kinds[0].credits: -1 is not above 0");
	expect_refused("duplicate_kind.json", -EINVAL,
		       "kinds[2].name: already the name of kinds[0]");
	expect_refused("repeated_kind.json", -EINVAL,
		       "devices[0].kinds[2]: \"bucket\" is already kinds[0]");
	expect_refused("bad_fact.json", -EINVAL, "devices[0].match: its 2nd key is unknown; allowed: "
				"model, vendor, dmi_vendor, dmi_product");
	expect_refused("empty_string.json", -EINVAL, "devices[1].match.model[0]: 0 bytes; from 1");
	expect_refused("no_devices.json", -EINVAL, "devices: missing; required: kinds, devices");
	expect_refused("bad_name.json", -EINVAL,
		       "kinds[0].name: its 1st character may not be in a name; a name is lower-case");
	expect_refused("long_rule.json", -EINVAL, "kinds[0].rule: 320 bytes is too long; at most 319");
	expect_refused("not_json.json", -EINVAL, "not_json.json: not valid JSON at line ");
	expect_refused("missing.json", -ENOENT,
		       "cannot read burst volumes: No such file or directory");
}

static void test_fixture(void **state)
{
	const struct wb_burst_device *d;

	(void)state;
	fixture_must_load("good.json", &table);
	assert_int_equal(table.nkinds, 3);
	assert_int_equal(table.ndevices, 3);
	assert_int_equal(table.kinds[0].bursts, WB_BURSTS_YES);
	assert_string_equal(table.kinds[0].unit, "IOPS");
	assert_true(table.kinds[0].baseline_per_gib == 3);
	assert_true(isnan(table.kinds[1].burst)); /* absent figures are NAN, not 0 */
	assert_string_equal(table.kinds[1].unit, "");
	assert_int_equal(table.kinds[2].basis, WB_BASIS_MEASURED);
	d = &table.devices[1];
	assert_int_equal(d->nmatch[WB_FACT_MODEL], 1);
	assert_int_equal(d->nmatch[WB_FACT_DMI_VENDOR], 2);
	assert_string_equal(d->match[WB_FACT_DMI_VENDOR][1], "Cloud Corp");
	assert_int_equal(d->nmatch[WB_FACT_VENDOR], 0); /* not asked */
	assert_int_equal(table.devices[0].nkinds, 2);
	assert_int_equal(table.devices[0].kinds[1], 1); /* "flat", resolved */
}

static const struct wb_burst_kind *kind(const char *name)
{
	size_t i;

	for (i = 0; i < table.nkinds; i++)
		if (strcmp(table.kinds[i].name, name) == 0)
			return &table.kinds[i];
	fail_msg("kind %s is not in the shipped burst-volumes.json", name);
	return NULL;
}

/* The shipped table: the rules the issue names, each with a source and a date. */
static void test_shipped(void **state)
{
	const struct wb_burst_kind *gp2;
	size_t i;

	(void)state;
	shipped_load(&table);
	gp2 = kind("gp2");
	assert_int_equal(gp2->bursts, WB_BURSTS_YES);
	assert_true(gp2->burst == 3000 && gp2->credits == 5.4e6);
	assert_true(gp2->baseline_per_gib == 3 && gp2->baseline_min == 100 &&
		    gp2->baseline_max == 16000);
	assert_int_equal(kind("gp3")->bursts, WB_BURSTS_NO);
	assert_int_equal(kind("io2")->bursts, WB_BURSTS_NO);
	assert_int_equal(kind("st1")->bursts, WB_BURSTS_YES);
	assert_int_equal(kind("premium-ssd-p1-p20")->bursts, WB_BURSTS_YES);
	assert_int_equal(kind("premium-ssd-v2")->bursts, WB_BURSTS_NO);
	assert_int_equal(kind("pd-balanced")->bursts, WB_BURSTS_UNKNOWN);
	for (i = 0; i < table.nkinds; i++) {
		/* every figure shipped is a provider's word, never walbench's */
		assert_int_equal(table.kinds[i].basis, WB_BASIS_PROVIDER);
		assert_true(strncmp(table.kinds[i].source, "https://", 8) == 0);
	}
	assert_string_equal(table.devices[0].name, "aws-ebs");
	assert_string_equal(table.devices[0].match[WB_FACT_MODEL][0], "Amazon Elastic Block Store");
}

/* With no path the table is found as profiles are: $WALBENCH_PROFILES first. */
static void test_default(void **state)
{
	char err[1024];

	(void)state;
	assert_int_equal(setenv("WALBENCH_PROFILES", WB_PROFILES_DIR, 1), 0);
	if (wb_burst_volumes_load(NULL, &table, err, sizeof(err)))
		fail_msg("%s", err);
	assert_true(table.nkinds > 0);
	assert_int_equal(setenv("WALBENCH_PROFILES", WB_FIXTURES_DIR, 1), 0);
	assert_int_equal(wb_burst_volumes_load(NULL, &table, err, sizeof(err)), -ENOENT);
	assert_non_null(strstr(err, "burst-volumes.json: cannot read burst volumes"));
	unsetenv("WALBENCH_PROFILES");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_fixture),
		cmocka_unit_test(test_shipped),
		cmocka_unit_test(test_default),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
