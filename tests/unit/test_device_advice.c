/* test_device_advice.c — the storage advisories (advice/device_advice.c) on
 * the fixture arrays (fixtures/array): parity RAID under the WAL is an
 * advisory with its level and full stripe; a mirror of stripes, or a parity
 * array whose stripe is one WAL page, is not; a volatile cache still is. On
 * synthetic devices: memory (tmpfs, zram, a loop on tmpfs) is a warning, first,
 * and its volatile cache none. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "advice/device_advice.h"

#ifndef WB_FIXTURES_DIR
#define WB_FIXTURES_DIR "tests/unit/fixtures" /* relative: run from the source root */
#endif
#define ARRAY_SYS WB_FIXTURES_DIR "/array/sys"
#define ARRAY_PROC WB_FIXTURES_DIR "/array/proc"

static struct wb_device d; /* static: device facts are large for cmocka's stack */

static size_t advise(struct wb_advisory *v, size_t max)
{
	struct wb_advisory_list l = { .v = v, .max = max };

	wb_device_advise(&d, &l);
	return l.n;
}

static void parity_array_advisory(void **state)
{
	struct wb_advisory v[4];

	(void)state;
	wb_device_probe_block(253, 10, &d, ARRAY_SYS, ARRAY_PROC); /* crypt over md2 raid5 */
	assert_int_equal(advise(v, 4), 1);
	assert_int_equal(v[0].code, WB_ADV_PARITY_ARRAY);
	assert_int_equal(v[0].severity, WB_SEVERITY_INFO);
	assert_string_equal(v[0].source, "md md2");
	assert_string_equal(v[0].setting, "raid5");
	assert_int_equal(v[0].value, 1572864);
	/* md raid10: a mirror of stripes, nothing to say */
	wb_device_probe_block(9, 3, &d, ARRAY_SYS, ARRAY_PROC);
	assert_int_equal(advise(v, 4), 0);
	/* btrfs raid5 on disks with volatile caches: both advisories */
	wb_device_probe_block(0, 0, &d, ARRAY_SYS, ARRAY_PROC);
	wb_device_probe_btrfs("sdv", &d, ARRAY_SYS, ARRAY_PROC);
	assert_int_equal(advise(v, 4), 2);
	assert_int_equal(v[0].code, WB_ADV_PARITY_ARRAY);
	assert_int_equal(v[1].code, WB_ADV_VOLATILE_CACHE);
	assert_string_equal(v[1].source, "sdv");
	/* a full stripe of one WAL page: every WAL write is whole */
	d.array.stripe = 8192;
	assert_int_equal(advise(v, 4), 1);
	assert_int_equal(v[0].code, WB_ADV_VOLATILE_CACHE);
	/* unknown parity (a dm raid the queue limits cannot tell): no claim */
	d.array.stripe = 131072;
	d.array.parity_disks = -1;
	assert_int_equal(advise(v, 4), 1);
}

/* A synthetic device: fs on block (its queue/write_cache cache), nothing below
 * it; the caller adds the layers. */
static void fake_device(const char *fs, const char *block, const char *cache)
{
	memset(&d, 0, sizeof(d));
	strcpy(d.fs_type, fs);
	strcpy(d.block_name, block);
	strcpy(d.write_cache, cache);
}

/* a is the memory warning, naming what is memory and the file system measured. */
static void assert_in_memory(const struct wb_advisory *a, const char *memory, const char *fs)
{
	assert_int_equal(a->code, WB_ADV_IN_MEMORY);
	assert_int_equal(a->severity, WB_SEVERITY_WARN);
	assert_string_equal(a->source, memory);
	assert_string_equal(a->setting, fs);
}

/* Memory is a warning naming what is memory and the file system measured, and
 * comes before any other: every figure of the run measured RAM. */
static void in_memory_advisory(void **state)
{
	struct wb_advisory v[4], one;

	(void)state;
	fake_device("tmpfs", "", "");
	assert_int_equal(advise(v, 4), 1);
	assert_in_memory(&v[0], "tmpfs", "tmpfs");
	assert_true(wb_device_advise_in_memory(&d, &one));
	assert_memory_equal(&one, &v[0], sizeof(one));
	/* ext4 on a zram disk */
	fake_device("ext4", "zram0", "write through");
	d.n_layers = 1;
	d.layers[0] = (struct wb_device_layer){ .kind = WB_LAYER_DISK, .parent = -1,
						.name = "zram0" };
	assert_int_equal(advise(v, 4), 1);
	assert_in_memory(&v[0], "zram0", "ext4");
	/* ext4 on a loop device whose backing file is on tmpfs: memory, and not the
	 * loop's "write back" cache, which no battery would make durable */
	fake_device("ext4", "loop0", "write back");
	d.n_layers = 2;
	d.layers[0] = (struct wb_device_layer){ .kind = WB_LAYER_LOOP, .parent = -1,
						.name = "loop0" };
	d.layers[1] = (struct wb_device_layer){ .kind = WB_LAYER_FILE, .parent = 0, .depth = 1,
						.name = "tmpfs" };
	assert_int_equal(advise(v, 4), 1);
	assert_in_memory(&v[0], "tmpfs", "ext4");
	/* a disk: nothing to say of memory */
	fake_device("xfs", "nvme0n1", "write through");
	assert_int_equal(advise(v, 4), 0);
	assert_false(wb_device_advise_in_memory(&d, &one));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(parity_array_advisory),
		cmocka_unit_test(in_memory_advisory),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
