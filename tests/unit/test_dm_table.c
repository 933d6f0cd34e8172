/* test_dm_table.c — the parser of a DM_TABLE_STATUS answer, on synthetic
 * buffers laid out as the kernel writes them (dm_buffer.c): striped with its
 * stripes and chunk, linear, a mix (an LV extended with another segment
 * type), striped segments that disagree, no table, a buffer the kernel found
 * too small, and answers that are broken in each way the parser checks. */
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
	struct wb_dm_table t;

	(void)state;
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
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
