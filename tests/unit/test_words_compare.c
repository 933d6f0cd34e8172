/* test_words_compare.c — compare's words (report/words_compare.h) on verdicts
 * built by hand: test names, state names, each headline branch with its
 * counts, a failure's line and the gate's line. The figures are set, not
 * measured, so each sentence is checked exactly; the headlines test_compare.c
 * once checked on its fixtures are here word for word. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "report/sentence.h"
#include "report/words.h"

static struct wb_saved_test t;       /* fdatasync/sync 8kB x1, PostgreSQL's defaults */
static struct wb_compare_pair pairs[6];
static struct wb_compare_verdict v;
static char buf[WB_COMPARE_FAILURE_LEN];

static int setup(void **state)
{
	(void)state;
	t = (struct wb_saved_test){ .method = "fdatasync", .engine = "sync", .size = 8192,
				    .writes_per_op = 1, .pattern = "overwrite", .queue_depth = 1,
				    .jobs = 1, .flush_form = "separate", .fd_mode = "keep",
				    .data_load = -1, .status = "ok" };
	memset(pairs, 0, sizeof(pairs));
	v = (struct wb_compare_verdict){ .pairs = pairs, .schema_a = 5, .schema_b = 5 };
	return 0;
}

static const char *name(const struct wb_saved_test *x)
{
	wb_compare_test_name(x, buf, WB_COMPARE_NAME_LEN);
	return buf;
}

static const char *headline(void)
{
	return wb_compare_headline(&v, buf, WB_COMPARE_HEADLINE_LEN);
}

/* The pair that leads: pairs[0], t against t in state, with its interval. */
static struct wb_compare_pair *lead(enum wb_pair_state state, double diff, double low,
				    double high)
{
	pairs[0] = (struct wb_compare_pair){ .a = &t, .b = &t, .state = state, .diff_pct = diff,
					     .has_ci = true };
	pairs[0].cmp.ci95_low_pct = low;
	pairs[0].cmp.ci95_high_pct = high;
	v.lead = &pairs[0];
	return &pairs[0];
}

static void test_names(void **state)
{
	struct wb_saved_test x;

	(void)state;
	assert_string_equal(name(&t), "fdatasync/sync 8kB x1");
	x = t;
	strcpy(x.pattern, "groupcommit");
	x.committers = 8;
	assert_string_equal(name(&x), "fdatasync/sync 8kB x1 groupcommit c8");
	x = t;
	x.size = 16384;
	assert_string_equal(name(&x), "fdatasync/sync 16kB x1");
	x = t;
	strcpy(x.method, "fsync");
	strcpy(x.fd_mode, "sync_then_close");
	assert_string_equal(name(&x), "fsync/sync 8kB x1 sync_then_close");
	x = t;
	strcpy(x.label, "PostgreSQL 18");
	strcpy(x.pattern, "append");
	x.queue_depth = 4;
	x.jobs = 2;
	strcpy(x.flush_form, "coalesced");
	x.wal_buffers = 16u << 20;
	strcpy(x.segment, "new");
	x.segment_size = 64u << 20;
	strcpy(x.where, "data");
	x.data_load = 1;
	assert_string_equal(name(&x), "fdatasync/sync 8kB x1 [PostgreSQL 18] append qd4 j2 "
				      "coalesced wal_buffers 16MiB new segments segment 64MiB "
				      "on data under load");
	/* etcd's segments, as qualify's etcd row writes them */
	strcpy(x.segment, "preallocate");
	x.segment_size = 64000000;
	assert_string_equal(name(&x), "fdatasync/sync 8kB x1 [PostgreSQL 18] append qd4 j2 "
				      "coalesced wal_buffers 16MiB preallocated segments segment "
				      "61.0MiB on data under load");
	/* PostgreSQL's defaults go unsaid */
	x = t;
	x.wal_buffers = 4u << 20;
	x.segment_size = 16u << 20;
	strcpy(x.segment, "recycle");
	assert_string_equal(name(&x), "fdatasync/sync 8kB x1");
}

static void test_state_names(void **state)
{
	static const char *const want[] = {
		[WB_PAIR_SLOWER] = "slower",	       [WB_PAIR_FASTER] = "faster",
		[WB_PAIR_TIE] = "tie",		       [WB_PAIR_UNCLEAR] = "unclear",
		[WB_PAIR_NO_INTERVAL] = "no interval",
		[WB_PAIR_FAILED_B] = "FAILED in B",    [WB_PAIR_FAILED_A] = "failed in A",
		[WB_PAIR_FAILED_BOTH] = "not ok in both",
	};
	size_t s;

	(void)state;
	for (s = 0; s < sizeof(want) / sizeof(want[0]); s++)
		assert_string_equal(wb_pair_state_name((enum wb_pair_state)s), want[s]);
}

/* slower.json against base.json: fdatasync -48 % leads. */
static void test_slower_leads(void **state)
{
	(void)state;
	lead(WB_PAIR_SLOWER, -48.0, -48.2, -47.8);
	v.npairs = 4;
	v.slower = v.faster = v.ties = v.failed_both = 1;
	v.nonly_a = v.nonly_b = 1;
	assert_string_equal(headline(), "B against A: fdatasync/sync 8kB x1 -48.0 % [-48.2, "
					"-47.8], significant; 1 of 4 tests tie, 1 faster, 1 not ok in "
					"both; 1 missing in B, 1 only in B");
	v.slower = 2;
	v.no_interval = 1;
	v.failed_a = 1;
	v.nonly_a = v.nonly_b = 0;
	v.schema_b = 2;
	assert_string_equal(headline(), "B against A: fdatasync/sync 8kB x1 -48.0 % [-48.2, "
					"-47.8], significant; 1 of 4 tests tie, 1 more slower, 1 faster, 1 "
					"without an interval, 1 not ok in both, 1 not ok in A "
					"(schema versions 5 and 2)");
}

/* A loss near 100 % never rounds to a total one: it gets the decimals that
 * tell it from one, the interval with it; a total loss stays "-100". */
static void test_near_total_loss(void **state)
{
	(void)state;
	lead(WB_PAIR_SLOWER, -99.8, -99.87, -99.73);
	v.npairs = 1;
	v.slower = 1;
	assert_string_equal(headline(), "B against A: fdatasync/sync 8kB x1 -99.8 % [-99.9, "
					"-99.7], significant; 0 of 1 test tie");
	lead(WB_PAIR_SLOWER, -99.96, -99.99, -99.93);
	assert_string_equal(headline(), "B against A: fdatasync/sync 8kB x1 -99.96 % [-99.99, "
					"-99.93], significant; 0 of 1 test tie");
	assert_int_equal(wb_sentence_pct_digits(0, -100, -100, -99.2), 0);
	assert_int_equal(wb_sentence_pct_digits(1, -99.96, -99.9, -99.2), 2);
	assert_int_equal(wb_sentence_pct_digits(1, +99.96, NAN, INFINITY), 2);
	assert_int_equal(wb_sentence_pct_digits(1, -48, -48.2, -47.8), 1);
}

/* A change that is not none never reads as none, nor an interval with width
 * as two equal ends: "+0 % [-3, 4]" for +0.4, "[-2, -0]" for [-1.6, -0.2],
 * "-30 % [-30, -30]" for [-30.4, -29.6]. A figure that is 0, or whole, keeps
 * its digits. */
static void test_false_zero_and_equal_ends(void **state)
{
	(void)state;
	assert_int_equal(wb_sentence_pct_digits(0, 0.4, -3.2, 4.1), 1);
	assert_int_equal(wb_sentence_pct_digits(0, -0.9, -1.6, -0.2), 1);
	assert_int_equal(wb_sentence_pct_digits(0, -30, -30.4, -29.6), 1);
	assert_int_equal(wb_sentence_pct_digits(1, 3.9, 3.88, 3.92), 2);
	assert_int_equal(wb_sentence_pct_digits(0, 0.04, -0.2, 0.3), 2);
	assert_int_equal(wb_sentence_pct_digits(0, 0, 0, 0), 0);
	assert_int_equal(wb_sentence_pct_digits(0, 0, -3, 4), 0);
	assert_int_equal(wb_sentence_pct_digits(0, 12.3, 8.6, 16.1), 0);
	assert_int_equal(wb_sentence_pct_digits(0, 1e-9, NAN, INFINITY), 6);
	lead(WB_PAIR_SLOWER, -30, -30.4, -29.6);
	v.npairs = 1;
	v.slower = 1;
	assert_string_equal(headline(), "B against A: fdatasync/sync 8kB x1 -30.0 % [-30.4, "
					"-29.6], significant; 0 of 1 test tie");
}

/* A lead measured unstable says so in the headline, and the count of such
 * pairs follows the others. */
static void test_unstable_lead(void **state)
{
	struct wb_compare_pair *p;

	(void)state;
	p = lead(WB_PAIR_SLOWER, -40.0, -45.0, -35.0);
	assert_string_equal(wb_compare_unstable_words(p), "");
	p->unstable_a = p->unstable_b = true;
	v.npairs = 2;
	v.slower = 1;
	v.ties = 1;
	v.unstable = 2;
	assert_string_equal(wb_compare_unstable_words(p), "UNSTABLE in both");
	assert_string_equal(headline(), "B against A: fdatasync/sync 8kB x1 -40 % [-45, -35], "
					"significant but UNSTABLE in both; 1 of 2 tests tie; 2 "
					"measured unstable");
	p->unstable_a = false;
	assert_string_equal(wb_compare_unstable_words(p), "UNSTABLE in B");
	p->unstable_a = true;
	p->unstable_b = false;
	assert_string_equal(wb_compare_unstable_words(p), "UNSTABLE in A");
}

static void test_faster_leads(void **state)
{
	(void)state;
	lead(WB_PAIR_FASTER, 20.0, 19.0, 21.0);
	v.npairs = 3;
	v.faster = 3;
	assert_string_equal(headline(), "B against A: fdatasync/sync 8kB x1 +20 % [+19, +21], "
					"significant; 0 of 3 tests tie, 2 more faster");
}

/* A file against itself: nothing leads. */
static void test_nothing_leads(void **state)
{
	(void)state;
	v.npairs = 5;
	v.ties = 4;
	v.failed_both = 1;
	assert_string_equal(headline(), "B against A: no significant change; 4 of 5 tests tie, "
					"1 not ok in both");
	v.npairs = v.ties = 1;
	v.failed_both = 0;
	assert_string_equal(headline(), "B against A: all 1 test tie");
	v.npairs = v.ties = 3;
	assert_string_equal(headline(), "B against A: all 3 tests tie");
	v.npairs = v.ties = 0;
	v.nonly_a = 1;
	v.nonly_b = 2;
	assert_string_equal(headline(), "B against A: no test is in both files (1 only in A, 2 "
					"only in B)");
}

/* failed.json against base.json: an I/O error in B leads, loudly. */
static void test_failure_leads(void **state)
{
	static struct wb_saved_test bad;
	struct wb_compare_pair *p;

	(void)state;
	bad = t;
	strcpy(bad.status, "error");
	strcpy(bad.reason, "fdatasync: Input/output error");
	bad.durability_failure = true;
	p = lead(WB_PAIR_FAILED_B, 0, 0, 0);
	p->b = &bad;
	p->has_ci = false;
	p->regression = true;
	v.npairs = 5;
	v.ties = 3;
	v.failed_b = v.failed_both = 1;
	assert_string_equal(headline(), "B against A: fdatasync/sync 8kB x1 FAILED in B (error: "
					"fdatasync: Input/output error); 3 of 5 tests tie, 1 not "
					"ok in both");
	v.failed_b = 2;
	assert_non_null(strstr(headline(), "; 3 of 5 tests tie, 1 more failed in B, 1 not ok"));
	assert_string_equal(wb_compare_failure_words(p, buf, sizeof(buf)),
			    "FAILED in B: fdatasync/sync 8kB x1: A ok, B error: fdatasync: "
			    "Input/output error (a DURABILITY failure: a sync failed)");
	/* the other way round: nothing to compare against, not loud */
	p->a = &bad;
	p->b = &t;
	p->state = WB_PAIR_FAILED_A;
	p->regression = false;
	assert_string_equal(wb_compare_failure_words(p, buf, sizeof(buf)),
			    "not ok: fdatasync/sync 8kB x1: A error: fdatasync: Input/output "
			    "error, B ok");
}

/* An interval that holds 0 but reaches past the margin is undecided, worded
 * as such: never "tie", never "no significant change". */
static void test_unclear(void **state)
{
	(void)state;
	v.open = lead(WB_PAIR_UNCLEAR, -1.2, -12.3, 9.8);
	v.lead = NULL; /* nothing significant leads: the open pair does */
	v.margin_pct = 5;
	v.npairs = 2;
	v.ties = v.unclear = 1;
	assert_string_equal(headline(), "B against A: undecided: fdatasync/sync 8kB x1 may be up "
					"to 12 % slower in B [-12, +10]; 1 of 2 tests tie, 1 "
					"unclear");
	assert_string_equal(wb_compare_open_words(&v, buf, sizeof(buf)),
			    "unclear: fdatasync/sync 8kB x1 -1.2% [-12.3%, +9.8%]: B may be up to "
			    "12.3% slower, not shown within +-5% nor different; more trials would "
			    "settle it");
	/* open only above the margin: it may be faster */
	pairs[0].cmp.ci95_low_pct = -4.0;
	assert_non_null(strstr(wb_compare_open_words(&v, buf, sizeof(buf)),
			       "B may be up to 9.8% faster"));
	v.gate = true;
	v.gate_pct = 5;
	assert_string_equal(wb_compare_gate_words(&v, buf, WB_COMPARE_GATE_LEN),
			    "--fail-on-regression 5%: passed, not proven: no test significantly "
			    "slower by more than 5%, none failed or missing in B, but 1 unclear "
			    "(may be "
			    "slower, not shown)");
	v.open = NULL;
	assert_string_equal(wb_compare_open_words(&v, buf, sizeof(buf)), "");
}

/* Nothing compared: one line that says so, and why it may be. */
static void test_unusable(void **state)
{
	(void)state;
	assert_string_equal(wb_compare_unusable_words(&v, buf, sizeof(buf)), "");
	v.unusable = true;
	v.npairs = 0;
	v.nonly_a = 2;
	v.nonly_b = 3;
	assert_string_equal(wb_compare_unusable_words(&v, buf, sizeof(buf)),
			    "nothing compared: no test is in both files (2 only in A, 3 only in "
			    "B): were they measured with the same tests?");
}

/* What failed the gate, by kind; those that rest on unstable sides are still
 * failures, said so. */
static const struct {
	size_t slower, failed, missing, unstable;
	const char *want;
} failed[] = {
	{ 2, 0, 0, 0, "--fail-on-regression 2.5%: FAILED: 2 tests significantly slower by "
		      "more than 2.5%" },
	{ 2, 1, 2, 0, "--fail-on-regression 2.5%: FAILED: 2 tests significantly slower by "
		      "more than 2.5%, 1 failed in B, 2 missing in B (not measured)" },
	{ 0, 0, 1, 0, "--fail-on-regression 2.5%: FAILED: 1 test missing in B (not measured)" },
	{ 0, 2, 0, 0, "--fail-on-regression 2.5%: FAILED: 2 tests failed in B" },
	{ 2, 0, 0, 2, "--fail-on-regression 2.5%: FAILED: 2 tests significantly slower by "
		      "more than 2.5%, both measured unstable: rerun with a longer --budget" },
	{ 1, 0, 0, 1, "--fail-on-regression 2.5%: FAILED: 1 test significantly slower by "
		      "more than 2.5%, measured unstable: rerun with a longer --budget" },
	{ 3, 0, 1, 3, "--fail-on-regression 2.5%: FAILED: 3 tests significantly slower by "
		      "more than 2.5%, 1 missing in B (not measured), 3 of them measured "
		      "unstable: rerun with a longer --budget" },
	{ 3, 0, 0, 3, "--fail-on-regression 2.5%: FAILED: 3 tests significantly slower by "
		      "more than 2.5%, all 3 measured unstable: rerun with a longer --budget" },
};

/* A slowdown an unstable side's trials explain is inconclusive: said apart
 * from the failures, and alone it is neither a pass nor a failure; the row
 * says the spread it lies within. */
static void test_gate_inconclusive(void **state)
{
	struct wb_compare_pair p = { .a = &t, .b = &t, .state = WB_PAIR_SLOWER, .diff_pct = -11.4,
				     .has_noise = true, .noise_low_pct = -32.8,
				     .noise_high_pct = 16.9, .unstable_a = true, .unstable_b = true };

	(void)state;
	assert_string_equal(wb_compare_noise_words(&p, buf, sizeof(buf)),
			    "within its trials' spread [-32.8%, +16.9%]");
	p.noise_high_pct = -1.0; /* past the spread: not within it */
	assert_string_equal(wb_compare_noise_words(&p, buf, sizeof(buf)), "");
	p.has_noise = false;
	p.noise_high_pct = 16.9;
	assert_string_equal(wb_compare_noise_words(&p, buf, sizeof(buf)), "");
	v.gate = true;
	v.gate_pct = 5;
	v.inconclusive = true;
	v.gate_inconclusive = 1;
	assert_string_equal(wb_compare_gate_words(&v, buf, WB_COMPARE_GATE_LEN),
			    "--fail-on-regression 5%: INCONCLUSIVE: 1 test slower by more than 5%, "
			    "but measured unstable, within its trials' spread: not shown a "
			    "regression, nor a pass; rerun with a longer --budget, or measure each "
			    "side more than once (A1.json,A2.json)");
	v.gate_inconclusive = 2;
	assert_non_null(strstr(wb_compare_gate_words(&v, buf, WB_COMPARE_GATE_LEN),
			       "INCONCLUSIVE: 2 tests slower by more than 5%, but measured "
			       "unstable, within their trials' spread"));
	/* with a failure the gate failed, the inconclusive ones said after it */
	v.inconclusive = false;
	v.regression = true;
	v.gate_slower = v.gate_unstable = v.regressions = 1;
	assert_string_equal(wb_compare_gate_words(&v, buf, WB_COMPARE_GATE_LEN),
			    "--fail-on-regression 5%: FAILED: 1 test significantly slower by more "
			    "than 5%, measured unstable: rerun with a longer --budget; 2 more "
			    "inconclusive (measured unstable, within their trials' spread)");
}

/* What the intervals are over: one run a side says what it leaves out; runs
 * say how many, and which side borrowed the other's spread. */
static void test_interval_words(void **state)
{
	struct wb_compare_verdict w = { .runs_a = 1, .runs_b = 1 };
	char buf[600];

	(void)state;
	wb_compare_interval_words(&w, buf, sizeof(buf));
	assert_non_null(strstr(buf, "Welch over each file's trials"));
	assert_non_null(strstr(buf, "One run a side: the intervals hold each run's own noise,\n"
				    "not the variation between runs"));
	w = (struct wb_compare_verdict){ .runs_a = 3, .runs_b = 1, .between_runs = true };
	wb_compare_interval_words(&w, buf, sizeof(buf));
	assert_non_null(strstr(buf, "Welch over the runs' means: A 3 runs, B 1 run)"));
	assert_non_null(strstr(buf, "B's one run is taken to vary between runs as A's do"));
	assert_null(strstr(buf, "One run a side"));
	w = (struct wb_compare_verdict){ .runs_a = 2, .runs_b = 2, .between_runs = true };
	wb_compare_interval_words(&w, buf, sizeof(buf));
	assert_non_null(strstr(buf, "A 2 runs, B 2 runs)"));
	assert_null(strstr(buf, "one run is taken"));
}

static void test_gate(void **state)
{
	size_t i;

	(void)state;
	assert_string_equal(wb_compare_gate_words(&v, buf, WB_COMPARE_GATE_LEN), "");
	v.gate = true;
	v.gate_pct = 10;
	assert_string_equal(wb_compare_gate_words(&v, buf, WB_COMPARE_GATE_LEN),
			    "--fail-on-regression 10%: passed: no test significantly slower by "
			    "more than 10%, none failed or missing in B");
	v.regression = true;
	v.gate_pct = 2.5;
	for (i = 0; i < sizeof(failed) / sizeof(failed[0]); i++) {
		v.gate_slower = failed[i].slower;
		v.gate_failed = failed[i].failed;
		v.gate_missing = failed[i].missing;
		v.gate_unstable = failed[i].unstable;
		v.regressions = v.gate_slower + v.gate_failed + v.gate_missing;
		assert_string_equal(wb_compare_gate_words(&v, buf, WB_COMPARE_GATE_LEN),
				    failed[i].want);
	}
	/* a test of A that B lacks: named, loudly under a gate */
	assert_string_equal(wb_compare_missing_words(&v, &t, buf, sizeof(buf)),
			    "MISSING in B: fdatasync/sync 8kB x1 (only in A: not measured in B, "
			    "which fails the gate as a test not run there)");
	v.gate = false;
	assert_string_equal(wb_compare_missing_words(&v, &t, buf, sizeof(buf)),
			    "missing in B: fdatasync/sync 8kB x1 (only in A: not measured in B)");
}

/* Files of their own host and storage facts, for the storage words. */
static struct wb_saved_results fa, fb;

static void storage_of(struct wb_saved_results *r, const char *host, const char *kernel,
		       const char *dev, const char *fs, const char *mount, const char *model)
{
	*r = (struct wb_saved_results){ .mount_point = mount, .model = model };
	snprintf(r->hostname, sizeof(r->hostname), "%s", host);
	snprintf(r->kernel, sizeof(r->kernel), "%s", kernel);
	snprintf(r->block_device, sizeof(r->block_device), "%s", dev);
	snprintf(r->fs_type, sizeof(r->fs_type), "%s", fs);
}

/* B's storage against A's: the largest difference leads, unnamed; the rest
 * follow named; other runs are named by their run. */
static const char *storage(unsigned differs)
{
	static char line[WB_COMPARE_STORAGE_LEN];

	v.storage = (struct wb_compare_storage){ .ref = { &fa, 'A', 0 }, .other = { &fb, 'B', 0 },
						 .other_differs = differs, .files = 1 };
	return wb_compare_storage_words(&v, line, sizeof(line));
}

static void test_storage_words(void **state)
{
	char line[WB_COMPARE_STORAGE_LEN];

	(void)state;
	v.runs_a = v.runs_b = 1;
	assert_string_equal(wb_compare_storage_words(&v, line, sizeof(line)), "");
	assert_string_equal(wb_compare_kernel_words(&v, line, sizeof(line)), "");
	storage_of(&fa, "db1", "6.1", "nvme0n1", "ext4", "/srv/wal", "");
	storage_of(&fb, "db2", "6.1", "sda", "xfs", "/mnt", "");
	assert_string_equal(storage(1u << WB_CMP_HOST | 1u << WB_CMP_DEVICE | 1u << WB_CMP_FS |
				    1u << WB_CMP_MOUNT),
			    "B was measured on another host: db1 in A, db2 in B; device nvme0n1 "
			    "(ext4) in A, sda (xfs) in B; mount /srv/wal in A, /mnt in B: the table "
			    "compares two storages, not one disk over time");
	assert_string_equal(storage(1u << WB_CMP_FS | 1u << WB_CMP_MOUNT),
			    "B was measured on another file system: ext4 in A, xfs in B; mount "
			    "/srv/wal in A, /mnt in B: the table compares two storages, not one "
			    "disk over time");
	assert_string_equal(storage(1u << WB_CMP_MOUNT),
			    "B was measured on another mount: /srv/wal in A, /mnt in B: the table "
			    "compares two storages, not one disk over time");
	storage_of(&fa, "db1", "6.1", "sda", "ext4", "", "Samsung SSD 860");
	storage_of(&fb, "db1", "6.1", "sda", "ext4", "", "WDC WD40EFRX");
	assert_string_equal(storage(1u << WB_CMP_DEVICE),
			    "B was measured on another device: sda (ext4, Samsung SSD 860) in A, "
			    "sda (ext4, WDC WD40EFRX) in B: the table compares two storages, not "
			    "one disk over time");
	/* the headline's context, after what it says of the tests */
	assert_string_equal(headline(), "B against A: no test is in both files (0 only in A, 0 "
					"only in B)");
	lead(WB_PAIR_TIE, 0, -1, 1);
	v.lead = NULL;
	v.npairs = v.ties = 1;
	assert_string_equal(headline(), "B against A: all 1 test tie (B measured on another "
					"device)");
	/* runs: named by side and run; several files differ */
	v.runs_a = 2;
	v.runs_b = 3;
	v.storage.other = (struct wb_compare_file){ &fb, 'B', 2 };
	v.storage.files = 2;
	assert_string_equal(wb_compare_storage_words(&v, line, sizeof(line)),
			    "B3 was measured on another device: sda (ext4, Samsung SSD 860) in A1, "
			    "sda (ext4, WDC WD40EFRX) in B3: the table compares two storages, not "
			    "one disk over time (2 files differ from A1; the first is named)");
	storage_of(&fb, "db1", "6.12", "sda", "ext4", "", "Samsung SSD 860");
	v.storage.kernel = (struct wb_compare_file){ &fb, 'B', 0 };
	assert_string_equal(wb_compare_kernel_words(&v, line, sizeof(line)),
			    "kernel differs: 6.1 in A1, 6.12 in B1");
	assert_string_equal(wb_compare_fact_name(WB_CMP_FS), "fs_type");
	assert_string_equal(wb_compare_fact_name(WB_CMP_FACT_COUNT), "?");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_names, setup),
		cmocka_unit_test(test_state_names),
		cmocka_unit_test_setup(test_unclear, setup),
		cmocka_unit_test_setup(test_slower_leads, setup),
		cmocka_unit_test_setup(test_unstable_lead, setup),
		cmocka_unit_test_setup(test_gate_inconclusive, setup),
		cmocka_unit_test_setup(test_near_total_loss, setup),
		cmocka_unit_test_setup(test_false_zero_and_equal_ends, setup),
		cmocka_unit_test_setup(test_faster_leads, setup),
		cmocka_unit_test_setup(test_nothing_leads, setup),
		cmocka_unit_test_setup(test_failure_leads, setup),
		cmocka_unit_test_setup(test_unusable, setup),
		cmocka_unit_test_setup(test_gate, setup),
		cmocka_unit_test_setup(test_storage_words, setup),
		cmocka_unit_test(test_interval_words),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
