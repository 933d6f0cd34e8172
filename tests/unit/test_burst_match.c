/* test_burst_match.c — the provider-table matcher on facts built by hand: a
 * disk is recognised by model and vendor anywhere in the stack (under a loop
 * device too), a device that asks the machine's DMI facts needs them, the
 * first device in the table's order wins, the kinds' answers combine (one
 * "yes" keeps a burst possible, all "no" rules it out), the provider's
 * baseline follows the size within its floor and ceiling, and nothing matches
 * a plain disk or an empty table. Loads the fixture table and the shipped one. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "advice/burst_match.h"
#include "plan/burst_volumes.h"

#include "table_fixture.h"

static struct wb_burst_table table;
static struct wb_device dev;

/* A device of one whole disk (or, with under_loop, a loop over a file on it). */
static void one_disk(const char *model, const char *vendor, uint64_t gib, bool under_loop)
{
	struct wb_device_layer *l;

	memset(&dev, 0, sizeof(dev));
	if (under_loop) {
		dev.layers[dev.n_layers++] = (struct wb_device_layer){ .kind = WB_LAYER_LOOP,
								       .parent = -1 };
		dev.layers[dev.n_layers++] = (struct wb_device_layer){ .kind = WB_LAYER_FILE,
								       .parent = 0 };
	}
	l = &dev.layers[dev.n_layers++];
	*l = (struct wb_device_layer){ .kind = WB_LAYER_DISK, .parent = under_loop ? 1 : -1,
				       .size_bytes = gib << 30 };
	snprintf(l->model, sizeof(l->model), "%s", model);
	snprintf(l->vendor, sizeof(l->vendor), "%s", vendor);
}

static void test_fixture_devices(void **state)
{
	struct wb_burst_match m;

	(void)state;
	fixture_must_load("good.json", &table);
	/* model padded as the kernel shows it; one kind bursts, so it may */
	one_disk("Cloud Block Store    ", "", 100, false);
	wb_burst_match(&dev, &table, &m);
	assert_int_equal(m.device, 0);
	assert_int_equal(m.layer, 0);
	assert_int_equal(m.bursts, WB_BURSTS_YES);
	assert_true(m.size_gib == 100);
	assert_int_equal(m.nkinds, 2);
	assert_true(m.k[0].baseline == 300);  /* 3 IOPS/GiB x 100 GiB */
	assert_true(isnan(m.k[1].baseline));  /* "flat" gives no figures */

	/* seen through a loop device: the disk under its backing file */
	one_disk("Cloud Block Store", "", 10, true);
	wb_burst_match(&dev, &table, &m);
	assert_int_equal(m.device, 0);
	assert_int_equal(m.layer, 2);
	assert_true(m.k[0].baseline == 100); /* 30, held at the floor */

	/* every kind says no: no credits; but only with the machine's DMI facts too */
	one_disk("Cloud Local NVMe", "", 375, false);
	wb_burst_match(&dev, &table, &m);
	assert_int_equal(m.device, -1);
	assert_int_equal(m.bursts, WB_BURSTS_UNKNOWN);
	snprintf(dev.dmi_vendor, sizeof(dev.dmi_vendor), "Cloud Corp");
	wb_burst_match(&dev, &table, &m);
	assert_int_equal(m.device, 1);
	assert_int_equal(m.bursts, WB_BURSTS_NO);

	/* vendor and product both asked; "unknown" and "no" combine to unknown */
	one_disk("Any", "CLOUD   ", 0, false);
	snprintf(dev.dmi_product, sizeof(dev.dmi_product), "Cloud VM large");
	wb_burst_match(&dev, &table, &m);
	assert_int_equal(m.device, 2);
	assert_int_equal(m.bursts, WB_BURSTS_UNKNOWN);
	assert_true(isnan(m.size_gib)); /* size unread: no baseline to quote */

	/* a disk of another maker, and no table at all */
	one_disk("Samsung SSD 980 PRO 1TB", "", 931, false);
	wb_burst_match(&dev, &table, &m);
	assert_int_equal(m.device, -1);
	wb_burst_match(&dev, NULL, &m);
	assert_int_equal(m.device, -1);
	assert_int_equal(m.nkinds, 0);
}

static void test_baseline(void **state)
{
	struct wb_burst_kind k = { .baseline_per_gib = 3, .baseline_min = 100,
				   .baseline_max = 16000 };

	(void)state;
	assert_true(wb_burst_baseline(&k, 20) == 100);
	assert_true(wb_burst_baseline(&k, 500) == 1500);
	assert_true(wb_burst_baseline(&k, 6000) == 16000);
	assert_true(isnan(wb_burst_baseline(&k, NAN)));
	k.baseline_min = k.baseline_max = NAN; /* no floor or ceiling given */
	assert_true(wb_burst_baseline(&k, 20) == 60);
	k.baseline_per_gib = NAN;
	assert_true(isnan(wb_burst_baseline(&k, 20)));
}

/* The shipped table: an EBS volume may be gp2, so it may burst, and a 100 GiB
 * one's gp2 baseline is AWS's 300 IOPS. */
static void test_shipped_ebs(void **state)
{
	struct wb_burst_match m;
	size_t i;

	(void)state;
	shipped_load(&table);
	one_disk("Amazon Elastic Block Store              ", "", 100, false);
	wb_burst_match(&dev, &table, &m);
	assert_int_equal(m.device, 0);
	assert_int_equal(m.bursts, WB_BURSTS_YES);
	for (i = 0; i < m.nkinds && strcmp(table.kinds[m.k[i].kind].name, "gp2"); i++)
		;
	assert_true(i < m.nkinds);
	assert_true(m.k[i].baseline == 300);
	one_disk("PersistentDisk", "Google", 10, false);
	wb_burst_match(&dev, &table, &m);
	assert_string_equal(table.devices[m.device].name, "gce-pd");
	assert_int_equal(m.bursts, WB_BURSTS_UNKNOWN);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixture_devices),
		cmocka_unit_test(test_baseline),
		cmocka_unit_test(test_shipped_ebs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
