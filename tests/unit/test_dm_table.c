/* test_dm_table.c — the parser of a DM_TABLE_STATUS answer, on synthetic
 * buffers laid out as the kernel writes them (dm_buffer.c): striped with its
 * stripes and chunk, linear, a mix (an LV extended with another segment
 * type), striped segments that disagree, dm-raid lines of each level and
 * raid10 layout and raid segments that disagree, no table, a buffer the
 * kernel found too small, and answers that are broken in each way the parser
 * checks. */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <errno.h>
#include <cmocka.h>
#include <linux/dm-ioctl.h>

#include "dm_buffer.h"
#include "facts/dm_table.h"

#define BUF_SIZE 4096

/* Room for the struct, aligned for it, with one spare byte in front for the
 * unaligned case. */
static _Alignas(8) unsigned char buffer[BUF_SIZE + 8];

static int parse(const struct dm_buffer_target *targets, unsigned n, struct wb_dm_table *t)
{
	size_t used = dm_buffer_build(buffer, BUF_SIZE, targets, n);

	assert_true(used <= BUF_SIZE);
	return wb_dm_table_parse(buffer, BUF_SIZE, t);
}

/* A striped target of three stripes of 128 sectors: 64 KiB chunks. */
static void test_striped(void **state)
{
	static const struct dm_buffer_target targets[] = {
		{ "striped", "3 128 8:16 2048 8:32 2048 8:48 2048", 3 << 20 },
	};
	struct wb_dm_table t;

	(void)state;
	assert_int_equal(parse(targets, 1, &t), 0);
	assert_int_equal(t.n_targets, 1);
	assert_string_equal(t.type, "striped");
	assert_string_equal(t.types, "striped");
	assert_int_equal(t.stripes, 3);
	assert_int_equal(t.chunk, 65536);
}

/* A linear volume over two PVs (two md arrays): two linear targets, no stripe
 * whatever the queue limits say. */
static void test_linear(void **state)
{
	static const struct dm_buffer_target targets[] = {
		{ "linear", "9:7 2048", 1 << 20 },
		{ "linear", "9:8 2048", 1 << 20 },
	};
	struct wb_dm_table t;

	(void)state;
	assert_int_equal(parse(targets, 2, &t), 0);
	assert_int_equal(t.n_targets, 2);
	assert_string_equal(t.type, "linear");
	assert_string_equal(t.types, "linear");
	assert_int_equal(t.stripes, 0);
	assert_int_equal(t.chunk, 0);
}

/* An LV extended with a striped segment between two linear ones: "mixed",
 * each type named once in table order, the striped segment's geometry kept. */
static void test_mixed(void **state)
{
	static const struct dm_buffer_target targets[] = {
		{ "linear", "8:16 2048", 1 << 20 },
		{ "striped", "2 256 8:32 0 8:48 0", 2 << 20 },
		{ "linear", "8:64 2048", 1 << 20 },
	};
	struct wb_dm_table t;

	(void)state;
	assert_int_equal(parse(targets, 3, &t), 0);
	assert_int_equal(t.n_targets, 3);
	assert_string_equal(t.type, "mixed");
	assert_string_equal(t.types, "linear+striped");
	assert_int_equal(t.stripes, 2);
	assert_int_equal(t.chunk, 131072);
}

/* Striped segments of two shapes: striped, but no one geometry; the same
 * shape twice keeps it. */
static void test_striped_differ(void **state)
{
	static const struct dm_buffer_target differ[] = {
		{ "striped", "2 128 8:16 0 8:32 0", 1 << 20 },
		{ "striped", "3 128 8:16 0 8:32 0 8:48 0", 1 << 20 },
		{ "striped", "2 128 8:64 0 8:80 0", 1 << 20 },
	};
	static const struct dm_buffer_target same[] = {
		{ "striped", "2 128 8:16 0 8:32 0", 1 << 20 },
		{ "striped", "2 128 8:64 0 8:80 0", 1 << 20 },
	};
	struct wb_dm_table t;

	(void)state;
	assert_int_equal(parse(differ, 3, &t), 0);
	assert_string_equal(t.type, "striped");
	assert_int_equal(t.stripes, 0);
	assert_int_equal(t.chunk, 0);
	assert_int_equal(parse(same, 2, &t), 0);
	assert_int_equal(t.stripes, 2);
	assert_int_equal(t.chunk, 65536);
}

/* Other targets are named as the kernel names them; a device with no live
 * table has no targets. */
static void test_other_and_none(void **state)
{
	static const struct dm_buffer_target crypt[] = {
		{ "crypt", "aes-xts-plain64 :64:logon:cryptsetup:x 0 9:2 32768", 1 << 20 },
	};
	struct wb_dm_table t;

	(void)state;
	assert_int_equal(parse(crypt, 1, &t), 0);
	assert_string_equal(t.type, "crypt");
	assert_int_equal(t.stripes, 0);
	assert_int_equal(parse(NULL, 0, &t), 0);
	assert_int_equal(t.n_targets, 0);
	assert_string_equal(t.type, "");
	assert_string_equal(t.types, "");
}

/* The records at an odd address: they are copied out, never cast in place
 * (UBSan would say so). */
static void test_unaligned(void **state)
{
	static const struct dm_buffer_target targets[] = {
		{ "striped", "2 64 8:16 0 8:32 0", 1 << 20 },
		{ "linear", "8:48 0", 1 << 20 },
	};
	struct wb_dm_table t;

	(void)state;
	dm_buffer_build(buffer + 1, BUF_SIZE, targets, 2);
	assert_int_equal(wb_dm_table_parse(buffer + 1, BUF_SIZE, &t), 0);
	assert_string_equal(t.types, "striped+linear");
	assert_int_equal(t.chunk, 32768);
}

/* One raid target's line: its level, devices, chunk and raid10 layout. */
static void assert_raid(const char *line, const char *level, uint32_t devs, uint32_t chunk,
			uint32_t layout)
{
	const struct dm_buffer_target targets[] = { { "raid", line, 1 << 20 } };
	struct wb_dm_table t;

	assert_int_equal(parse(targets, 1, &t), 0);
	assert_string_equal(t.type, "raid");
	assert_string_equal(t.raid_level, level);
	assert_int_equal(t.raid_devs, devs);
	assert_int_equal(t.chunk, chunk);
	assert_int_equal(t.raid_layout, layout);
	assert_int_equal(t.stripes, 0);
}

/* dm-raid (LVM's raid LVs): md's level of each type, the devices with the
 * missing ones ("- -") and the metadata ones paired, the chunk in sectors,
 * options with and without a value counted in #params, and raid10's format
 * and copies as md's layout bits (near 2: 0x102, far 2: 0x201, offset 2:
 * 0x10201), from the type's suffix or raid10_format; and segments that
 * disagree. */
static void test_raid(void **state)
{
	static const struct dm_buffer_target pairs[] = {
		{ "raid", "raid5_ls 1 128 3 - 8:1 - 8:2 - 8:3", 1 << 20 },
		{ "raid", "raid5_ls 1 256 3 - 8:1 - 8:2 - 8:3", 1 << 20 },
		{ "raid", "raid5_ls 1 128 3 - 8:1 - 8:2 - 8:3", 1 << 20 },
		{ "raid", "raid5_ls 1 128 3 - 8:4 - 8:5 - 8:6", 1 << 20 },
	};
	struct wb_dm_table t;

	(void)state;
	assert_raid("raid5_ls 3 128 region_size 1024 3 - 8:1 - 8:2 - 8:3", "raid5", 3, 65536, 0);
	assert_raid("raid6_zr 4 256 nosync region_size 4096 4 253:1 253:2 253:3 253:4 253:5 253:6 "
		    "253:7 253:8", "raid6", 4, 131072, 0);
	assert_raid("raid6_n_6 1 128 5 - 8:1 - 8:2 - 8:3 - 8:4 - 8:5", "raid6", 5, 65536, 0);
	assert_raid("raid4 1 2048 5 - 8:17 - 8:33 - 8:49 - 8:65 - 8:81", "raid4", 5, 1 << 20, 0);
	assert_raid("raid0 1 128 2 - 8:1 - 8:2", "raid0", 2, 65536, 0);
	assert_raid("raid1 3 0 region_size 1024 2 - 8:1 - - ", "raid1", 2, 0, 0);
	assert_raid("raid10 3 128 region_size 1024 4 - 8:1 - 8:2 - 8:3 - 8:4", "raid10", 4, 65536,
		    0x102);
	assert_raid("raid10 7 128 raid10_copies 2 raid10_format far region_size 1024 4 - 8:1 - 8:2 "
		    "- 8:3 - 8:4", "raid10", 4, 65536, 0x201);
	assert_raid("raid10_offset 4 128 raid10_use_near_sets region_size 1024 4 - 8:1 - 8:2 - 8:3 "
		    "- 8:4", "raid10", 4, 65536, 0x10201);
	assert_raid("raid10_far 1 128 4 - 8:1 - 8:2 - 8:3 - 8:4", "raid10", 4, 65536, 0x201);
	assert_raid("raid10 5 128 raid10_copies 3 region_size 1024 6 - 8:1 - 8:2 - 8:3 - 8:4 - 8:5 "
		    "- 8:6", "raid10", 6, 65536, 0x103);
	/* a type not known here: the shape, no level (the sysfs guess stands) */
	assert_raid("raid7_x 1 128 2 - 8:1 - 8:2", "", 2, 65536, 0);
	assert_raid("raid1_ls 1 128 2 - 8:1 - 8:2", "", 2, 65536, 0);
	/* raid segments of two shapes (a pair, then a pair of one shape over other
	 * devices): no one geometry; the same shape twice keeps it */
	assert_int_equal(parse(pairs, 2, &t), 0);
	assert_string_equal(t.type, "raid");
	assert_string_equal(t.raid_level, "");
	assert_int_equal(t.raid_devs + t.chunk, 0);
	assert_int_equal(parse(pairs + 2, 2, &t), 0);
	assert_string_equal(t.raid_level, "raid5");
	assert_int_equal(t.raid_devs, 3);
	assert_int_equal(t.chunk, 65536);
}

/* The kernel ran out of room: ask again with more, and fill nothing. */
static void test_buffer_full(void **state)
{
	static const struct dm_buffer_target targets[] = { { "linear", "8:16 0", 1 << 20 } };
	struct dm_ioctl io;
	struct wb_dm_table t;

	(void)state;
	memset(&t, 0x5a, sizeof(t));
	dm_buffer_build(buffer, BUF_SIZE, targets, 1);
	memcpy(&io, buffer, sizeof(io));
	io.flags |= DM_BUFFER_FULL_FLAG;
	memcpy(buffer, &io, sizeof(io));
	assert_int_equal(wb_dm_table_parse(buffer, BUF_SIZE, &t), -ENOBUFS);
	assert_int_equal(t.n_targets, 0x5a5a5a5a);
}

/* Builds targets, lets edit break the answer, and wants -EINVAL. */
static void want_einval(const struct dm_buffer_target *targets, unsigned n,
			void (*edit)(struct dm_ioctl *io, unsigned char *data), size_t len)
{
	struct dm_ioctl io;
	struct wb_dm_table t;

	dm_buffer_build(buffer, BUF_SIZE, targets, n);
	memcpy(&io, buffer, sizeof(io));
	if (edit)
		edit(&io, buffer + io.data_start);
	memcpy(buffer, &io, sizeof(io));
	assert_int_equal(wb_dm_table_parse(buffer, len, &t), -EINVAL);
}

static void more_targets(struct dm_ioctl *io, unsigned char *data)
{
	(void)data;
	io->target_count++; /* a record promised past the data */
}

static void next_backwards(struct dm_ioctl *io, unsigned char *data)
{
	struct dm_target_spec spec;

	(void)io;
	memcpy(&spec, data, sizeof(spec));
	spec.next = 0; /* would read the first record again, for ever */
	memcpy(data, &spec, sizeof(spec));
}

static void type_unterminated(struct dm_ioctl *io, unsigned char *data)
{
	(void)io;
	memset(data + offsetof(struct dm_target_spec, target_type), 'x', DM_MAX_TYPE_NAME);
}

static void line_unterminated(struct dm_ioctl *io, unsigned char *data)
{
	(void)data;
	io->data_size--; /* the line's NUL is past the data */
}

static void data_past_buffer(struct dm_ioctl *io, unsigned char *data)
{
	(void)data;
	io->data_size = BUF_SIZE + 1;
}

static void start_inside_header(struct dm_ioctl *io, unsigned char *data)
{
	(void)data;
	io->data_start = 8;
}

static void test_broken(void **state)
{
	static const struct dm_buffer_target two[] = {
		{ "linear", "8:16 0", 1 << 20 },
		{ "linear", "8:32 0", 1 << 20 },
	};
	static const struct dm_buffer_target short_line[] = {
		{ "striped", "2 128 8:16 0", 1 << 20 }, /* one device for two stripes */
	};
	static const struct dm_buffer_target word[] = { { "striped", "two 128 8:16 0 8:32 0", 1 } };
	static const struct dm_buffer_target zero_chunk[] = { { "striped", "2 0 8:16 0 8:32 0", 1 } };
	static const struct dm_buffer_target huge_chunk[] = {
		{ "striped", "1 8388608 8:16 0", 1 }, /* 4 GiB: more than the chunk's 32 bits */
	};
	static const struct dm_buffer_target raid_broken[] = {
		{ "raid", "raid5_ls 2 128 region_size 3 - 8:1 - 8:2 - 8:3", 1 }, /* a key, no value */
		{ "raid", "raid5_ls 1 128 3 - 8:1 - 8:2", 1 },       /* two devices for three */
		{ "raid", "raid5_ls 0 3 - 8:1 - 8:2 - 8:3", 1 },      /* no chunk */
		{ "raid", "raid10 3 128 raid10_format wide 2 - 8:1 - 8:2", 1 },
		{ "raid", "raid10 3 128 raid10_copies 1 2 - 8:1 - 8:2", 1 },
		{ "raid", "raid5_ls 1 128 0", 1 },                    /* no devices */
		{ "raid", "raid5_ls", 1 },
	};
	struct wb_dm_table t;
	unsigned i;

	(void)state;
	for (i = 0; i < sizeof(raid_broken) / sizeof(raid_broken[0]); i++)
		want_einval(&raid_broken[i], 1, NULL, BUF_SIZE);
	want_einval(two, 2, more_targets, BUF_SIZE);
	want_einval(two, 2, next_backwards, BUF_SIZE);
	want_einval(two, 1, type_unterminated, BUF_SIZE);
	want_einval(two, 1, line_unterminated, BUF_SIZE);
	want_einval(two, 1, data_past_buffer, BUF_SIZE);
	want_einval(two, 1, start_inside_header, BUF_SIZE);
	want_einval(short_line, 1, NULL, BUF_SIZE);
	want_einval(word, 1, NULL, BUF_SIZE);
	want_einval(zero_chunk, 1, NULL, BUF_SIZE);
	want_einval(huge_chunk, 1, NULL, BUF_SIZE);
	/* shorter than the header itself */
	assert_int_equal(wb_dm_table_parse(buffer, sizeof(struct dm_ioctl) - 1, &t), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_striped),        cmocka_unit_test(test_linear),
		cmocka_unit_test(test_mixed),          cmocka_unit_test(test_striped_differ),
		cmocka_unit_test(test_other_and_none), cmocka_unit_test(test_unaligned),
		cmocka_unit_test(test_buffer_full),    cmocka_unit_test(test_broken),
		cmocka_unit_test(test_raid),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
