/* test_array.c — arrays in the storage stack, read from the fixture sysfs in
 * fixtures/array (written by its make.sh): md RAID5 with a failed member and
 * one whose cache is volatile without FUA, md RAID10, dm-striped, dm-raid (an
 * LVM raid5), dm-crypt over the md RAID5, btrfs raid5 over three disks and a
 * btrfs on one, a dm-crypt with a 121-byte name, an md RAID5 mid-reshape and
 * an LVM linear volume over two md RAID0s, walked with dm tables read from
 * synthetic ioctl answers (dm_buffer.c) and without; and the summary's rules
 * on layers made by hand (raid10 in the near, far and offset layouts, a dm
 * raid that cannot be told from a raid10 without its table, and with it). */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <cmocka.h>

#include "dm_buffer.h"
#include "facts/array.h"
#include "facts/device.h"
#include "facts/stack.h"

#ifndef WB_FIXTURES_DIR
#define WB_FIXTURES_DIR "tests/unit/fixtures" /* relative: run from the source root */
#endif
#define FIX_SYS WB_FIXTURES_DIR "/array/sys"
#define FIX_PROC WB_FIXTURES_DIR "/array/proc"

static struct wb_device *stack_of(unsigned maj, unsigned min)
{
	struct wb_device *d = malloc(sizeof(*d));

	assert_non_null(d);
	memset(d, 0xa5, sizeof(*d)); /* the probe must clear what it does not fill */
	wb_device_probe_block(maj, min, d, FIX_SYS, FIX_PROC);
	return d;
}

static struct wb_device *btrfs_of(const char *member)
{
	struct wb_device *d = stack_of(0, 0); /* what wb_device_probe does first */

	wb_device_probe_btrfs(member, d, FIX_SYS, FIX_PROC);
	return d;
}

static void assert_geometry(const struct wb_array *a, enum wb_array_kind kind,
			    const char *device, const char *level, int parity, uint32_t disks,
			    uint32_t data, uint32_t chunk, uint64_t stripe)
{
	assert_string_equal(wb_array_kind_name(a->kind), wb_array_kind_name(kind));
	assert_string_equal(a->device, device);
	assert_string_equal(a->level, level);
	assert_int_equal(a->parity_disks, parity);
	assert_int_equal(a->raid_disks, disks);
	assert_int_equal(a->data_disks, data);
	assert_int_equal(a->chunk, chunk);
	assert_int_equal(a->stripe, stripe);
}

static void assert_member(const struct wb_array *a, unsigned i, const char *name,
			  const char *disk, const char *state, int rotational,
			  const char *cache, bool fua, const char *sched, const char *model)
{
	const struct wb_array_member *m = &a->members[i];

	assert_true(i < a->n_members);
	assert_string_equal(m->name, name);
	assert_string_equal(m->disk, disk);
	assert_string_equal(m->state, state);
	assert_int_equal(m->rotational, rotational);
	assert_string_equal(m->write_cache, cache);
	assert_int_equal(m->fua, fua);
	assert_string_equal(m->scheduler, sched);
	assert_string_equal(m->model, model);
}

/* md RAID5 of four: three data members, chunk 512 KiB, full stripe 1.5 MiB;
 * each member's state and its disk's queue facts. */
static void test_md_raid5(void **state)
{
	struct wb_device *d = stack_of(9, 2);
	const struct wb_array *a = &d->array;

	(void)state;
	assert_geometry(a, WB_ARRAY_MD, "md2", "raid5", 1, 4, 3, 524288, 1572864);
	assert_int_equal(a->n_members, 4);
	assert_false(a->members_truncated);
	assert_member(a, 0, "sdg", "sdg", "in_sync", 1, "write back", true, "mq-deadline",
		      "WDC WD40EFRX-68N");
	assert_member(a, 3, "sdj", "sdj", "faulty", 1, "write back", false, "bfq",
		      "ST4000DM004-2CV1");
	assert_string_equal(a->meta_level, "");
	/* the md summary of before is kept beside the array */
	assert_string_equal(d->raid_name, "md2");
	assert_int_equal(d->raid_degraded, 1);
	assert_int_equal(d->layers[0].io_opt, 1572864);
	free(d);
}

/* md RAID10 near 2 (layout 0x102) of four: two data members. */
static void test_md_raid10(void **state)
{
	struct wb_device *d = stack_of(9, 3);
	unsigned i;

	(void)state;
	assert_geometry(&d->array, WB_ARRAY_MD, "md3", "raid10", 0, 4, 2, 65536, 131072);
	for (i = 0; i < 4; i++)
		assert_string_equal(d->array.members[i].state, "in_sync");
	assert_member(&d->array, 1, "sdl", "sdl", "in_sync", 0, "write through", false, "none",
		      "Micron_5300_MTFD");
	free(d);
}

/* dm-striped: the target from the queue limits over two slaves. */
static void test_dm_striped(void **state)
{
	struct wb_device *d = stack_of(253, 2);

	(void)state;
	assert_string_equal(d->layers[0].level, "striped");
	assert_geometry(&d->array, WB_ARRAY_DM, "dm-2", "striped", 0, 2, 2, 65536, 131072);
	assert_string_equal(d->array.name, "vg1-stripes");
	assert_member(&d->array, 0, "sdo", "sdo", "", 0, "write back", true, "none",
		      "INTEL SSDSC2KB96");
	assert_string_equal(d->dm_kind, "LVM");
	free(d);
}

/* dm-raid (LVM raid5): members are the three images, not the rmeta volumes;
 * three images over two data members is one of parity. */
static void test_dm_raid(void **state)
{
	struct wb_device *d = stack_of(253, 9);
	const struct wb_array *a = &d->array;

	(void)state;
	assert_geometry(a, WB_ARRAY_DM, "dm-9", "raid", 1, 3, 2, 65536, 131072);
	assert_int_equal(a->n_members, 3);
	assert_member(a, 0, "dm-4", "sdq", "", 0, "write back", true, "none", "INTEL SSDSC2KB96");
	assert_member(a, 2, "dm-8", "sds", "", 0, "write back", true, "none", "INTEL SSDSC2KB96");
	assert_string_equal(d->layers[1].label, "vg2-wal_rmeta_0");
	assert_string_equal(d->layers[1].level, "unknown"); /* a linear sub-volume: not shown */
	free(d);
}

/* dm-crypt over md RAID5: the crypt layer is no array; the md under it is. */
static void test_crypt_over_md(void **state)
{
	struct wb_device *d = stack_of(253, 10);

	(void)state;
	assert_string_equal(d->layers[0].level, "crypt");
	assert_string_equal(d->layers[1].name, "md2");
	assert_geometry(&d->array, WB_ARRAY_MD, "md2", "raid5", 1, 4, 3, 524288, 1572864);
	assert_int_equal(d->array.n_members, 4);
	assert_string_equal(d->block_name, "dm-10");
	free(d);
}

/* A single disk or an rmeta volume alone is no array. */
static void test_no_array(void **state)
{
	struct wb_device *d = stack_of(253, 3);

	(void)state;
	assert_int_equal(d->array.kind, WB_ARRAY_NONE);
	assert_int_equal(d->array.n_members, 0);
	free(d);
}

/* btrfs raid5 over three disks, found from any one of them: the profile that
 * holds the most (raid5, not the leftover single), 64 KiB stripe elements. */
static void test_btrfs_raid5(void **state)
{
	struct wb_device *d = btrfs_of("sdu");
	const struct wb_array *a = &d->array;

	(void)state;
	assert_int_equal(d->n_layers, 4);
	assert_string_equal(wb_device_layer_kind_name(d->layers[0].kind), "btrfs");
	assert_string_equal(d->layers[0].name, "5f0e6e1a");
	assert_string_equal(d->layers[0].details,
			    "fsid 5f0e6e1a-8c1d-4b55-9a0e-1f6b0c3a7d21, label pgwal, data raid5, "
			    "metadata raid1, 3 devices");
	assert_geometry(a, WB_ARRAY_BTRFS, "5f0e6e1a", "raid5", 1, 3, 2, WB_BTRFS_STRIPE_LEN,
			2 * WB_BTRFS_STRIPE_LEN);
	assert_string_equal(a->meta_level, "raid1");
	assert_string_equal(a->name, "pgwal");
	assert_member(a, 1, "sdu", "sdu", "", 0, "write back", false, "mq-deadline",
		      "Samsung SSD 870 EVO 1TB");
	/* the flat facts are the mounted device's; the disks are all three */
	assert_string_equal(d->block_name, "sdu");
	assert_int_equal(d->physical_block, 4096);
	assert_int_equal(d->n_disks, 3);
	assert_int_equal(d->disks_rotational, 0);
	free(d);
}

/* btrfs on one disk: its stack is known, but it is no array. */
static void test_btrfs_single(void **state)
{
	struct wb_device *d = btrfs_of("sdw");

	(void)state;
	assert_int_equal(d->n_layers, 2);
	assert_string_equal(d->layers[0].level, "single");
	assert_string_equal(d->layers[0].meta_level, "dup");
	assert_int_equal(d->array.kind, WB_ARRAY_NONE);
	assert_string_equal(d->block_name, "sdw");
	assert_int_equal(d->n_disks, 1);
	free(d);
}

/* A device no btrfs in sysfs has: nothing is added. */
static void test_btrfs_unknown(void **state)
{
	struct wb_device *d = btrfs_of("sdz");

	(void)state;
	assert_int_equal(d->n_layers, 0);
	assert_int_equal(d->array.kind, WB_ARRAY_NONE);
	free(d);
}

/* Layers made by hand: an array layer over n disks. */
static void hand_made(struct wb_device *d, enum wb_device_layer_kind kind, const char *level,
		      unsigned n)
{
	unsigned i;

	memset(d, 0, sizeof(*d));
	d->n_layers = n + 1;
	d->layers[0].kind = kind;
	d->layers[0].parent = -1;
	strcpy(d->layers[0].name, "x0");
	strcpy(d->layers[0].level, level);
	for (i = 1; i <= n; i++) {
		d->layers[i].kind = WB_LAYER_DISK;
		d->layers[i].depth = 1;
		d->layers[i].rotational = 1;
		snprintf(d->layers[i].name, sizeof(d->layers[i].name), "sd%c", 'a' + i);
	}
}

static void test_rules(void **state)
{
	struct wb_device d;

	(void)state;
	/* md raid10 far 2 of 4 (layout 0x201) and offset 2 (0x10201): the first
	 * copy's stripe spans all four members, the other copy lies further along
	 * them (issue 45: halved once); near 2 far 2 (0x202) pairs them again */
	hand_made(&d, WB_LAYER_MD, "raid10", 4);
	d.layers[0].raid_disks = 4;
	d.layers[0].chunk = 65536;
	d.layers[0].layout = 0x201;
	wb_array_summarise(&d);
	assert_int_equal(d.array.data_disks, 4);
	assert_int_equal(d.array.stripe, 4 * 65536);
	d.layers[0].layout = 0x10201;
	wb_array_summarise(&d);
	assert_int_equal(d.array.data_disks, 4);
	d.layers[0].layout = 0x202;
	wb_array_summarise(&d);
	assert_int_equal(d.array.data_disks, 2);
	d.layers[0].layout = 0x102; /* near 2, the default */
	wb_array_summarise(&d);
	assert_int_equal(d.array.data_disks, 2);
	/* md raid10 near 3 of 6: two */
	d.layers[0].raid_disks = 6;
	d.layers[0].layout = 0x103;
	wb_array_summarise(&d);
	assert_int_equal(d.array.data_disks, 2);
	/* md raid6 of 6: four data, two parity; raid1: no stripe */
	strcpy(d.layers[0].level, "raid6");
	wb_array_summarise(&d);
	assert_int_equal(d.array.parity_disks, 2);
	assert_int_equal(d.array.stripe, 4 * 65536);
	strcpy(d.layers[0].level, "raid1");
	wb_array_summarise(&d);
	assert_int_equal(d.array.chunk, 0);
	assert_int_equal(d.array.stripe, 0);
	assert_int_equal(d.array.parity_disks, 0);
	/* dm raid of four images over two data members: raid6 or raid10, unknown */
	hand_made(&d, WB_LAYER_DM, "raid", 4);
	for (unsigned i = 1; i <= 4; i++)
		snprintf(d.layers[i].label, sizeof(d.layers[i].label), "vg-lv_rimage_%u", i - 1);
	d.layers[0].io_min = 65536;
	d.layers[0].io_opt = 131072;
	wb_array_summarise(&d);
	assert_int_equal(d.array.raid_disks, 4);
	assert_int_equal(d.array.data_disks, 2);
	assert_int_equal(d.array.parity_disks, -1);
	/* its table says raid6 (issue 45: the line was not read): two parity, two
	 * data, whatever the queue limits say; raid10 far 2 over the same four:
	 * four data; a table of four devices over three images (one missing):
	 * md's count, raid5's three data */
	d.layers[0].dm_table = true;
	strcpy(d.layers[0].level, "raid6");
	d.layers[0].raid_disks = 4;
	d.layers[0].chunk = 131072;
	wb_array_summarise(&d);
	assert_int_equal(d.array.kind, WB_ARRAY_DM);
	assert_string_equal(d.array.level, "raid6");
	assert_int_equal(d.array.parity_disks, 2);
	assert_int_equal(d.array.data_disks, 2);
	assert_int_equal(d.array.stripe, 2 * 131072);
	strcpy(d.layers[0].level, "raid10");
	d.layers[0].layout = 0x201;
	wb_array_summarise(&d);
	assert_int_equal(d.array.parity_disks, 0);
	assert_int_equal(d.array.data_disks, 4);
	strcpy(d.layers[0].level, "raid5");
	d.layers[3].label[0] = '\0'; /* no image there */
	wb_array_summarise(&d);
	assert_int_equal(d.array.n_members, 3);
	assert_int_equal(d.array.raid_disks, 4);
	assert_int_equal(d.array.data_disks, 3);
	assert_int_equal(d.array.parity_disks, 1);
	snprintf(d.layers[3].label, sizeof(d.layers[3].label), "vg-lv_rimage_2");
	d.layers[0].dm_table = false;
	strcpy(d.layers[0].level, "raid");
	d.layers[0].raid_disks = 0;
	d.layers[0].chunk = 0;
	d.layers[0].layout = 0;
	/* no queue limits: no stripe known */
	d.layers[0].io_opt = 0;
	wb_array_summarise(&d);
	assert_int_equal(d.array.stripe, 0);
	/* a dm table of linear targets, or of several types: no array of its own */
	d.layers[0].dm_table = true;
	strcpy(d.layers[0].level, "linear");
	wb_array_summarise(&d);
	assert_int_equal(d.array.kind, WB_ARRAY_NONE);
	strcpy(d.layers[0].level, "mixed");
	wb_array_summarise(&d);
	assert_int_equal(d.array.kind, WB_ARRAY_NONE);
	/* striped segments of differing shapes: striped, no parity, no stripe,
	 * whatever the queue limits say */
	strcpy(d.layers[0].level, "striped");
	d.layers[0].io_opt = 131072;
	wb_array_summarise(&d);
	assert_int_equal(d.array.kind, WB_ARRAY_DM);
	assert_int_equal(d.array.parity_disks, 0);
	assert_int_equal(d.array.stripe, 0);
	d.layers[0].dm_table = false;
	d.layers[0].io_opt = 0;
	/* a dm of unknown target over two disks: not called an array */
	strcpy(d.layers[0].level, "unknown");
	wb_array_summarise(&d);
	assert_int_equal(d.array.kind, WB_ARRAY_NONE);
	/* btrfs raid10 of five devices: pairs, two data members; raid1c3: no stripe */
	hand_made(&d, WB_LAYER_BTRFS, "raid10", 5);
	d.layers[0].raid_disks = 5;
	wb_array_summarise(&d);
	assert_int_equal(d.array.data_disks, 2);
	assert_int_equal(d.array.stripe, 2 * WB_BTRFS_STRIPE_LEN);
	strcpy(d.layers[0].level, "raid1c3");
	wb_array_summarise(&d);
	assert_int_equal(d.array.stripe, 0);
	assert_int_equal(d.array.parity_disks, 0);
	/* the name table */
	assert_string_equal(wb_array_kind_name(WB_ARRAY_BTRFS), "btrfs");
	assert_string_equal(wb_array_kind_name((enum wb_array_kind)99), "?");
}

/* md mid-reshape reads "new (old)" in raid_disks and chunk_size (issue 45: it
 * was rejected, and the array had chunk 0 and no finding): the new geometry,
 * and the details say the reshape. */
static void test_md_reshape(void **state)
{
	struct wb_device *d = stack_of(9, 6);

	(void)state;
	assert_geometry(&d->array, WB_ARRAY_MD, "md6", "raid5", 1, 4, 3, 131072, 393216);
	assert_non_null(strstr(d->layers[0].details, "reshaping from 3 disks"));
	assert_non_null(strstr(d->layers[0].details, "reshaping from chunk 64 KiB"));
	free(d);
}

/* dm names run to 127 bytes (issue 45: read into 64, cut). */
static void test_dm_long_name(void **state)
{
	static const char name[] = "vg-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";
	struct wb_device *d = stack_of(253, 11);

	(void)state;
	assert_int_equal(strlen(name), 121);
	assert_string_equal(d->dm_name, name);
	assert_string_equal(d->layers[0].label, name);
	/* and the details still say how the target was known after it */
	assert_non_null(strstr(d->layers[0].details, name));
	assert_non_null(strstr(d->layers[0].details, ", target crypt, guessed from sysfs"));
	free(d);
}

/* The kernel's answers for the tests' dm devices, through the real parser:
 * dm-12 is linear over md7 and md8, dm-2 striped over two disks and dm-9 an
 * LVM raid5 of three images (their tables say 128 KiB chunks where their
 * queue limits say 64 KiB, so the tests see which one was believed). Any
 * other device: no such device. */
static int fake_tables(unsigned dev_major, unsigned dev_minor, struct wb_dm_table *t)
{
	static const struct dm_buffer_target linear[] = {
		{ "linear", "9:7 2048", 1 << 20 },
		{ "linear", "9:8 2048", 1 << 20 },
	};
	static const struct dm_buffer_target striped[] = {
		{ "striped", "2 256 8:224 2048 8:240 2048", 2 << 20 },
	};
	static const struct dm_buffer_target raid[] = {
		{ "raid", "raid5_ls 3 256 region_size 1024 3 253:3 253:4 253:5 253:6 253:7 253:8",
		  2 << 20 },
	};
	static _Alignas(8) unsigned char buf[4096];

	if (dev_major != 253 || (dev_minor != 12 && dev_minor != 2 && dev_minor != 9))
		return -ENXIO;
	if (dev_minor == 12)
		dm_buffer_build(buf, sizeof(buf), linear, 2);
	else if (dev_minor == 9)
		dm_buffer_build(buf, sizeof(buf), raid, 1);
	else
		dm_buffer_build(buf, sizeof(buf), striped, 1);
	return wb_dm_table_parse(buf, sizeof(buf), t);
}

static int no_permission(unsigned dev_major, unsigned dev_minor, struct wb_dm_table *t)
{
	(void)dev_major, (void)dev_minor, (void)t;
	return -EACCES; /* not root: DM_TABLE_STATUS needs CAP_SYS_ADMIN */
}

static struct wb_device *stack_tables(unsigned maj, unsigned min, wb_dm_table_reader read)
{
	struct wb_device *d = malloc(sizeof(*d));

	assert_non_null(d);
	memset(d, 0xa5, sizeof(*d));
	wb_device_probe_block_tables(maj, min, d, FIX_SYS, FIX_PROC, read);
	return d;
}

/* A linear LV over two md RAID0s shows io_opt = 2 × io_min, as a dm-striped
 * does (issue 45: it was called striped, over the md arrays, with their
 * chunk). Its table says linear: no array at the dm layer, and the array is
 * the first md under it, at its own geometry. */
static void test_dm_linear_over_md(void **state)
{
	struct wb_device *d = stack_tables(253, 12, fake_tables);

	(void)state;
	assert_string_equal(d->layers[0].level, "linear");
	assert_true(d->layers[0].dm_table);
	assert_string_equal(d->layers[0].details, "LVM, vg3-wal, table: linear");
	assert_geometry(&d->array, WB_ARRAY_MD, "md7", "raid0", 0, 2, 2, 65536, 131072);
	assert_string_equal(d->array.members[0].name, "sdab");
	free(d);
}

/* Without the table the queue limits are all there is: the guess, and the
 * details say it was one, and why the table was not read. */
static void test_dm_table_unread(void **state)
{
	struct wb_device *d = stack_tables(253, 12, NULL);

	(void)state;
	assert_false(d->layers[0].dm_table);
	assert_string_equal(d->layers[0].details, "LVM, vg3-wal, target striped, guessed from sysfs");
	assert_geometry(&d->array, WB_ARRAY_DM, "dm-12", "striped", 0, 2, 2, 65536, 131072);
	free(d);
	d = stack_tables(253, 12, no_permission);
	assert_string_equal(d->layers[0].details,
			    "LVM, vg3-wal, target striped, guessed from sysfs, "
			    "table unread: Permission denied");
	assert_int_equal(d->array.kind, WB_ARRAY_DM);
	free(d);
	/* the live probe asks no tables of a tree that is not /sys */
	d = stack_of(253, 12);
	assert_false(d->layers[0].dm_table);
	assert_string_equal(d->layers[0].level, "striped");
	free(d);
}

/* dm-2 and dm-9 walked with their tables: the details, and the array each
 * makes at its table's geometry, not the queue limits' guess. A striped
 * table: its stripes and chunk. An LVM raid5 (issue 45: the raid line was
 * not read): its level, devices and chunk as md's would be; members still
 * its three images. */
static void test_dm_tables(void **state)
{
	static const struct {
		unsigned minor;
		const char *details, *level;
		int parity;
		uint32_t disks, data, chunk;
	} cases[] = {
		{ 2, "LVM, vg1-stripes, table: striped, 2 stripes of 128 KiB", "striped", 0, 2, 2,
		  131072 },
		{ 9, "LVM, vg2-wal, table: raid raid5, 3 devices, chunk 128 KiB", "raid5", 1, 3, 2,
		  131072 },
	};
	unsigned i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct wb_device *d = stack_tables(253, cases[i].minor, fake_tables);
		char dev[16];

		snprintf(dev, sizeof(dev), "dm-%u", cases[i].minor);
		assert_true(d->layers[0].dm_table);
		assert_string_equal(d->layers[0].details, cases[i].details);
		assert_geometry(&d->array, WB_ARRAY_DM, dev, cases[i].level, cases[i].parity,
				cases[i].disks, cases[i].data, cases[i].chunk,
				(uint64_t)cases[i].chunk * cases[i].data);
		assert_int_equal(d->array.n_members, cases[i].disks);
		free(d);
	}
}

/* More members than are kept: counted, cut, said. */
static void test_truncated(void **state)
{
	struct wb_device d;

	(void)state;
	hand_made(&d, WB_LAYER_BTRFS, "raid1", WB_ARRAY_MAX_MEMBERS + 2);
	d.layers[0].raid_disks = WB_ARRAY_MAX_MEMBERS + 2;
	wb_array_summarise(&d);
	assert_int_equal(d.array.n_members, WB_ARRAY_MAX_MEMBERS);
	assert_true(d.array.members_truncated);
	assert_int_equal(d.array.raid_disks, WB_ARRAY_MAX_MEMBERS + 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_md_reshape),
		cmocka_unit_test(test_dm_long_name),
		cmocka_unit_test(test_dm_linear_over_md), cmocka_unit_test(test_dm_table_unread),
		cmocka_unit_test(test_dm_tables),
		cmocka_unit_test(test_md_raid5),      cmocka_unit_test(test_md_raid10),
		cmocka_unit_test(test_dm_striped),    cmocka_unit_test(test_dm_raid),
		cmocka_unit_test(test_crypt_over_md), cmocka_unit_test(test_no_array),
		cmocka_unit_test(test_btrfs_raid5),   cmocka_unit_test(test_btrfs_single),
		cmocka_unit_test(test_btrfs_unknown), cmocka_unit_test(test_rules),
		cmocka_unit_test(test_truncated),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
