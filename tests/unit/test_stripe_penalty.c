/* test_stripe_penalty.c — the write-size sweep's verdict on synthetic slices:
 * flush times on a line t(s) = a + b s (a fixed cost per flush and a cost per
 * byte) show no penalty although an 8 kB flush moves far fewer bytes a second
 * than a full stripe (the trap stripe_penalty.h names); a read-modify-write on
 * the page or the chunk is a penalty, with the mirror as the remedy on parity
 * RAID and alignment without; a penalty under the margin, slices too noisy to
 * rule one out, too few slices, a failed row and no stripe at all each have
 * their own state. */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "advice/stripe_penalty.h"

#define CHUNK 65536u
#define STRIPE (2u * CHUNK)

static struct wb_result rows[WB_SWEEP_COUNT];
static struct wb_stripe_sweep in;

/* Seconds a flush of bytes takes: 1 ms, plus 1 ms a MiB, times the page's
 * or chunk's extra (a read-modify-write). */
static double flush_s(uint64_t bytes, double extra)
{
	return (1e-3 + 1e-3 * (double)bytes / 1048576.0) * (1 + extra);
}

/* Each row a slice per round for rounds slices; the machine drifts +-10 %
 * from round to round (it hits every row alike), and each row has its own
 * +-2 % noise. */
static void build(unsigned rounds, double page_extra, double chunk_extra, int parity)
{
	uint64_t bytes[WB_SWEEP_COUNT] = { 8192, CHUNK, STRIPE, 2 * STRIPE };
	double extra[WB_SWEEP_COUNT] = { page_extra, chunk_extra, 0, 0 };
	unsigned p, i;

	for (p = 0; p < WB_SWEEP_COUNT; p++) {
		wb_result_release(&rows[p]);
		wb_result_init(&rows[p], &(struct wb_test){ .size = (uint32_t)bytes[p] });
		rows[p].status = WB_STATUS_OK;
		for (i = 0; i < rounds; i++) {
			double drift = 1 + 0.1 * sin(i * 0.7);
			double noise = 1 + 0.01 * ((int)((i * 7 + p * 3) % 5) - 2);
			double t = flush_s(bytes[p], extra[p]) * drift * noise;

			assert_int_equal(wb_result_add_trial(&rows[p], 1.0 / t, i), 0);
		}
		in.row[p] = &rows[p];
		in.bytes[p] = bytes[p];
	}
	in.parity_disks = parity;
}

static void size_alone_is_no_penalty(void **state)
{
	struct wb_stripe_verdict v;

	(void)state;
	build(20, 0, 0, 1);
	wb_stripe_penalty(&in, &v);
	assert_int_equal(v.state, WB_STRIPE_NO_PENALTY);
	assert_int_equal(v.remedy, WB_STRIPE_REMEDY_NONE);
	/* Per byte, the page is 14 times as costly as the stripe: no penalty for all that. */
	assert_true(v.fig[WB_SWEEP_PAGE].bytes_per_s * 10 < v.fig[WB_SWEEP_STRIPE].bytes_per_s);
	assert_true(v.excess[WB_SWEEP_PAGE].known);
	assert_true(fabs(v.excess[WB_SWEEP_PAGE].pct) < 3);
	assert_true(v.excess[WB_SWEEP_PAGE].high_pct < WB_STRIPE_PENALTY_MIN_PCT);
	assert_true(v.excess[WB_SWEEP_PAGE].low_pct <= v.excess[WB_SWEEP_PAGE].pct);
	assert_int_equal(v.excess[WB_SWEEP_PAGE].pairs, 20);
	assert_true(v.fig[WB_SWEEP_TWO_STRIPES].measured);
	assert_int_equal(v.fig[WB_SWEEP_CHUNK].bytes, CHUNK);
	assert_true(fabs(v.fig[WB_SWEEP_CHUNK].bytes_per_s - v.fig[WB_SWEEP_CHUNK].per_s * CHUNK) <
		    1e-6);
	assert_true(v.worst == WB_SWEEP_PAGE || v.worst == WB_SWEEP_CHUNK);
	assert_string_equal(wb_stripe_state_name(v.state), "no-penalty");
}

static void read_modify_write_is_a_penalty(void **state)
{
	struct wb_stripe_verdict v;

	(void)state;
	build(20, 1.0, 0, 1); /* the page's flush takes twice its line: a read before the write */
	wb_stripe_penalty(&in, &v);
	assert_int_equal(v.state, WB_STRIPE_PENALTY);
	assert_int_equal(v.worst, WB_SWEEP_PAGE);
	assert_int_equal(v.remedy, WB_STRIPE_REMEDY_MIRROR);
	assert_true(v.excess[WB_SWEEP_PAGE].significant);
	assert_true(v.excess[WB_SWEEP_PAGE].pct > 90 && v.excess[WB_SWEEP_PAGE].pct < 110);
	assert_true(v.excess[WB_SWEEP_PAGE].low_pct >= WB_STRIPE_PENALTY_MIN_PCT);
	assert_string_equal(wb_stripe_remedy_name(v.remedy), "mirror");
	/* The chunk pays more than the page: it is the worst. */
	build(20, 0.5, 1.5, 1);
	wb_stripe_penalty(&in, &v);
	assert_int_equal(v.state, WB_STRIPE_PENALTY);
	assert_int_equal(v.worst, WB_SWEEP_CHUNK);
	/* No parity to read back (raid0, raid10): the remedy is alignment. */
	build(20, 1.0, 0, 0);
	wb_stripe_penalty(&in, &v);
	assert_int_equal(v.remedy, WB_STRIPE_REMEDY_ALIGN);
	/* Parity unknown (a dm raid): the mirror, the safe side. */
	build(20, 1.0, 0, -1);
	wb_stripe_penalty(&in, &v);
	assert_int_equal(v.remedy, WB_STRIPE_REMEDY_MIRROR);
}

static void under_the_margin_is_no_penalty(void **state)
{
	struct wb_stripe_verdict v;

	(void)state;
	build(30, 0.08, 0.08, 1); /* 8 % more: real, but no reason to move pg_wal */
	wb_stripe_penalty(&in, &v);
	assert_int_equal(v.state, WB_STRIPE_NO_PENALTY);
	assert_true(v.excess[WB_SWEEP_PAGE].significant);
	assert_true(v.excess[WB_SWEEP_PAGE].pct > 5 && v.excess[WB_SWEEP_PAGE].pct < 11);
}

/* Slices too noisy to rule a penalty out: unclear, never "nothing needs
 * doing". Each sub-stripe slice is off its line by up to +-40 %. */
static void noisy_is_unclear(void **state)
{
	struct wb_stripe_verdict v;
	unsigned i, p;

	(void)state;
	build(12, 0.1, 0.1, 1);
	for (p = WB_SWEEP_PAGE; p <= WB_SWEEP_CHUNK; p++)
		for (i = 0; i < rows[p].ntrials; i++)
			rows[p].trial_rates[i] *= 1 + 0.4 * ((int)((i * 5 + p) % 3) - 1);
	wb_stripe_penalty(&in, &v);
	assert_int_equal(v.state, WB_STRIPE_UNCLEAR);
	assert_int_equal(v.remedy, WB_STRIPE_REMEDY_NONE);
	assert_true(v.excess[v.worst].high_pct >= WB_STRIPE_PENALTY_MIN_PCT);
	assert_true(v.excess[v.worst].low_pct < WB_STRIPE_PENALTY_MIN_PCT);
	assert_string_equal(wb_stripe_state_name(v.state), "unclear");
}

/* The trap the header names: with every row as noisy as loop devices in the
 * page cache (+-30 % a slice), a ratio per slice over the line's intercept
 * read a penalty of a third where there was none; the mean difference stays
 * near 0. */
static void noise_alone_is_no_penalty(void **state)
{
	struct wb_stripe_verdict v;
	unsigned i, p;

	(void)state;
	build(200, 0, 0, 1);
	for (p = 0; p < WB_SWEEP_COUNT; p++)
		for (i = 0; i < rows[p].ntrials; i++)
			rows[p].trial_rates[i] *= 1 + 0.3 * ((int)((i * 7 + p * 5 + i / 3) % 5) - 2) / 2;
	wb_stripe_penalty(&in, &v);
	assert_true(v.excess[WB_SWEEP_PAGE].known);
	assert_true(fabs(v.excess[WB_SWEEP_PAGE].pct) < 10);
	assert_true(v.state != WB_STRIPE_PENALTY);
}

static void unmeasured_and_unstriped(void **state)
{
	struct wb_stripe_verdict v;

	(void)state;
	build(WB_PAIRED_MIN - 1, 1.0, 1.0, 1); /* too few slices to pair */
	wb_stripe_penalty(&in, &v);
	assert_int_equal(v.state, WB_STRIPE_NOT_MEASURED);
	assert_int_equal(v.worst, -1);
	assert_true(v.fig[WB_SWEEP_PAGE].measured);
	build(1, 0, 0, 1); /* one slice a row: no interval, never one of zero width */
	wb_stripe_penalty(&in, &v);
	assert_int_equal(v.fig[WB_SWEEP_PAGE].slices, 1);
	assert_true(isinf(v.fig[WB_SWEEP_PAGE].low) && v.fig[WB_SWEEP_PAGE].low < 0);
	assert_true(isinf(v.fig[WB_SWEEP_PAGE].high) && v.fig[WB_SWEEP_PAGE].high > 0);
	build(20, 1.0, 1.0, 1);
	rows[WB_SWEEP_TWO_STRIPES].status = WB_STATUS_ERROR; /* no line without two stripes */
	wb_stripe_penalty(&in, &v);
	assert_int_equal(v.state, WB_STRIPE_NOT_MEASURED);
	assert_false(v.fig[WB_SWEEP_TWO_STRIPES].measured);
	build(20, 1.0, 1.0, 1);
	in.row[WB_SWEEP_CHUNK] = in.row[WB_SWEEP_STRIPE] = in.row[WB_SWEEP_TWO_STRIPES] = NULL;
	in.bytes[WB_SWEEP_CHUNK] = in.bytes[WB_SWEEP_STRIPE] = in.bytes[WB_SWEEP_TWO_STRIPES] = 0;
	wb_stripe_penalty(&in, &v);
	assert_int_equal(v.state, WB_STRIPE_NOT_STRIPED);
	assert_true(v.fig[WB_SWEEP_PAGE].measured); /* the commit row is there all the same */
	assert_string_equal(wb_stripe_state_name(v.state), "not-striped");
}

static int teardown(void **state)
{
	unsigned p;

	(void)state;
	for (p = 0; p < WB_SWEEP_COUNT; p++)
		wb_result_release(&rows[p]);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(size_alone_is_no_penalty),
		cmocka_unit_test(read_modify_write_is_a_penalty),
		cmocka_unit_test(under_the_margin_is_no_penalty),
		cmocka_unit_test(noisy_is_unclear),
		cmocka_unit_test(noise_alone_is_no_penalty),
		cmocka_unit_test(unmeasured_and_unstriped),
	};

	return cmocka_run_group_tests(tests, NULL, teardown);
}
