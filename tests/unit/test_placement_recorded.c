/* test_placement_recorded.c — the placement model on the validation's own
 * runs (issue 37; contrib/validate-placement.sh --build --server 35
 * --server-reps 3, PostgreSQL 15, pgbench TPC-B scale 10 with 8 clients, the
 * data on a 150-IOPS ext4 and checkpoint_timeout 30 s): what walbench observed
 * of the server in each window and measured on each candidate, beside the TPS
 * pgbench then measured with pg_wal there (the median of 3 runs) and the TPS
 * it saw inside walbench's window. A change to the model shows here what it
 * does to every recorded case: the commits predicted within 30 % of pgbench's,
 * the gain within 30 % (as a ratio) of pgbench's over that window, the second
 * volume a move and the slower one a loss; in memory, the CPU or the
 * samples' bound on the sessions the limit, never the device's flushes, and
 * the figure within 30 % too (the CPU's floor, before it took the middle of
 * floor and top, was 0.64 times pgbench's). The first four windows are of
 * the 30 s runs (their CPU still held the sampler's backend), the last two of
 * the runs as long as the window, 35 s; the last ten are of 2026-12-07, on
 * 14.23, 15.18, 17.10, 16.14 and 18.4 (--kind slowdisk --secs 35 --server 35 --reps 2). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "advice/placement_model.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* A candidate: walbench's mean 8 kB commit flush there and its 95 %
 * interval, and pgbench's median TPS with pg_wal on it. */
struct cand {
	const char *name;
	double ms, low_ms, high_ms;
	double pgbench_tps;
	int verdict; /* +1 a move (the whole interval above 0), -1 a loss, 0 memory
		      * (the CPU caps it) */
};

/* One window: the observation's rates (the server's writing commits, its
 * flushes, its own mean flush, the sessions' shares of time and the 95 %
 * half-widths of the flush's, the locks' and the rest's, its CPUs) and the
 * TPS pgbench saw inside the window. */
struct run {
	const char *name;
	double commits, flushes, flush_ms, wal, lock, wal_half, lock_half, rest_half;
	double server_cpus, window_tps;
	struct cand c[4];
};

static const struct run runs[] = {
	{ "root-throttled, server running", 41.275, 19.595, 50.240, 0.6767, 0.3179, 0.0478, 0.0446, 0.0198,
	  0.03713, 37.8,
	  { { "2nd 150-IOPS volume", 13.251, 13.016, 13.494, 137.1, 1 },
	    { "5-IOPS volume", 361.787, 275.048, 528.433, 5.5, -1 },
	    { NULL, 0, 0, 0, 0, 0 } } },
	{ "root-throttled, server paused", 42.217, 21.366, 46.314, 0.6626, 0.3349, 0.0390, 0.0378, 0.0099,
	  0.03970, 39.2,
	  { { "2nd 150-IOPS volume", 13.443, 13.086, 13.820, 137.1, 1 },
	    { "5-IOPS volume", 394.768, 302.251, 568.905, 5.5, -1 },
	    { NULL, 0, 0, 0, 0, 0 } } },
	{ "child cgroup, server running", 42.449, 19.853, 49.764, 0.7077, 0.2923, 0.0413, 0.0413, 0,
	  0.03999, 38.7,
	  { { "2nd 150-IOPS volume", 13.172, 12.981, 13.369, 146.4, 1 },
	    { "5-IOPS volume", 303.864, 269.077, 348.981, 6.3, -1 },
	    { NULL, 0, 0, 0, 0, 0 } } },
	{ "child cgroup, server paused", 46.360, 21.909, 44.927, 0.6853, 0.3107, 0.0421, 0.0398, 0.0150,
	  0.04056, 43.5,
	  { { "2nd 150-IOPS volume", 12.895, 12.047, 13.871, 146.4, 1 },
	    { "5-IOPS volume", 293.494, 259.720, 337.364, 6.3, -1 },
	    { NULL, 0, 0, 0, 0, 0 } } },
	/* The host was 98 % busy in this window (another validation's runs
	 * beside it): the rest, 2.2 % +- 4.1 %, cannot be told from 0. */
	{ "child cgroup, 35 s, server running", 38.868, 20.991, 46.571, 0.6373, 0.3410, 0.0512,
	  0.0455, 0.0413, 0.02456, 35.9,
	  { { "2nd 150-IOPS volume", 13.1891, 13.1161, 13.2630, 146.9, 1 },
	    { "5-IOPS volume", 334.6402, 287.0699, 401.1076, 6.1, -1 },
	    { "memory", 0.0023, 0.0017, 0.0037, 4939.5, 0 },
	    { NULL, 0, 0, 0, 0, 0 } } },
	{ "child cgroup, 35 s, server paused", 46.390, 22.795, 43.542, 0.6535, 0.3450, 0.0452,
	  0.0454, 0.0072, 0.03171, 44.0,
	  { { "2nd 150-IOPS volume", 13.1737, 13.0562, 13.2934, 146.9, 1 },
	    { "5-IOPS volume", 334.9997, 309.0017, 365.7744, 6.1, -1 },
	    { "memory", 0.0018, 0.0017, 0.0018, 4939.5, 0 },
	    { NULL, 0, 0, 0, 0, 0 } } },
	/* 2026-12-07, PostgreSQL 14.23, 15.18 and 17.10, the host quiet: pg_wal in memory
	 * ran four times what it ran on the days above, and the rest (0.4-3.4 %)
	 * was not told from 0: the sessions' bound at WB_MODEL_MIN_REST read
	 * 4783/s and 5233/s on 15, under the CPU's floor (5023/s, 4929/s). */
	{ "14.23, slowdisk, 35 s, server running", 37.050, 17.711, 56.515, 0.6143, 0.3686, 0.0418,
	  0.0386, 0.0327, 0.01428, 34.0,
	  { { "2nd 150-IOPS volume", 13.3488, 13.0835, 13.6251, 166.4, 1 },
	    { "5-IOPS volume", 381.6385, 296.6403, 534.9092, 5.8, -1 },
	    { "memory", 0.000711, 0.000705, 0.000718, 11115.1, 0 },
	    { NULL, 0, 0, 0, 0, 0 } } },
	{ "14.23, slowdisk, 35 s, server paused", 39.450, 18.168, 54.926, 0.6891, 0.3095, 0.0466,
	  0.0463, 0.0091, 0.01457, 36.9,
	  { { "2nd 150-IOPS volume", 13.1531, 13.0246, 13.2841, 166.4, 1 },
	    { "5-IOPS volume", 384.4018, 301.5752, 529.9510, 5.8, -1 },
	    { "memory", 0.000820, 0.000805, 0.000835, 11115.1, 0 },
	    { NULL, 0, 0, 0, 0, 0 } } },
	{ "15.18, slowdisk, 35 s, server running", 37.309, 17.283, 57.233, 0.6071, 0.3868, 0.0349,
	  0.0342, 0.0170, 0.01485, 35.4,
	  { { "2nd 150-IOPS volume", 13.4928, 13.0610, 13.9541, 159.0, 1 },
	    { "5-IOPS volume", 328.0169, 261.7372, 439.2477, 5.8, -1 },
	    { "memory", 0.000703, 0.000679, 0.000729, 12092.7, 0 },
	    { NULL, 0, 0, 0, 0, 0 } } },
	{ "15.18, slowdisk, 35 s, server paused", 33.796, 15.455, 63.669, 0.7285, 0.2672, 0.0471,
	  0.0459, 0.0178, 0.01371, 32.8,
	  { { "2nd 150-IOPS volume", 12.8183, 11.8353, 13.9795, 159.0, 1 },
	    { "5-IOPS volume", 324.4038, 249.5156, 463.5228, 5.8, -1 },
	    { "memory", 0.000761, 0.000746, 0.000776, 12092.7, 0 },
	    { NULL, 0, 0, 0, 0, 0 } } },
	{ "17.10, slowdisk, 35 s, server running", 35.765, 17.454, 56.685, 0.5935, 0.3725, 0.0431,
	  0.0403, 0.0354, 0.01543, 33.8,
	  { { "2nd 150-IOPS volume", 13.2991, 12.9761, 13.6386, 158.9, 1 },
	    { "5-IOPS volume", 450.6437, 331.8580, 701.8730, 5.7, -1 },
	    { "memory", 0.000711, 0.000705, 0.000717, 11127.4, 0 },
	    { NULL, 0, 0, 0, 0, 0 } } },
	{ "17.10, slowdisk, 35 s, server paused", 38.223, 17.655, 56.689, 0.6719, 0.3191, 0.0394,
	  0.0363, 0.0252, 0.01514, 34.4,
	  { { "2nd 150-IOPS volume", 13.4296, 13.1639, 13.7062, 158.9, 1 },
	    { "5-IOPS volume", 394.5145, 302.0017, 568.7368, 5.7, -1 },
	    { "memory", 0.000775, 0.000767, 0.000782, 11127.4, 0 },
	    { NULL, 0, 0, 0, 0, 0 } } },
	/* 2026-12-07, PostgreSQL 16.14 the same way, measured by the final model
	 * (pgbench saw 35.5 TPS inside both windows). */
	{ "16.14, slowdisk, 35 s, server running", 36.537, 17.169, 57.447, 0.6433, 0.3485, 0.0466,
	  0.0438, 0.0195, 0.01743, 35.5,
	  { { "2nd 150-IOPS volume", 13.3903, 13.0755, 13.7207, 157.2, 1 },
	    { "5-IOPS volume", 382.5423, 282.5619, 592.0200, 5.1, -1 },
	    { "memory", 0.000692, 0.000684, 0.000700, 10542.1, 0 },
	    { NULL, 0, 0, 0, 0, 0 } } },
	{ "16.14, slowdisk, 35 s, server paused", 36.851, 16.912, 58.477, 0.6565, 0.3435, 0.0350,
	  0.0350, 0.0000, 0.01600, 35.5,
	  { { "2nd 150-IOPS volume", 13.2368, 13.0100, 13.4717, 157.2, 1 },
	    { "5-IOPS volume", 342.0676, 266.9027, 476.1648, 5.1, -1 },
	    { "memory", 0.000792, 0.000784, 0.000801, 10542.1, 0 },
	    { NULL, 0, 0, 0, 0, 0 } } },
	/* The same day, 18.4 (pgbench saw 36.4 and 32.9 TPS inside the windows). */
	{ "18.4, slowdisk, 35 s, server running", 38.734, 17.396, 56.869, 0.6590, 0.3385, 0.0413,
	  0.0406, 0.0104, 0.01742, 36.4,
	  { { "2nd 150-IOPS volume", 13.3104, 13.0280, 13.6052, 154.9, 1 },
	    { "5-IOPS volume", 339.1106, 238.6133, 585.8574, 6.0, -1 },
	    { "memory", 0.000720, 0.000702, 0.000739, 10343.4, 0 },
	    { NULL, 0, 0, 0, 0, 0 } } },
	{ "18.4, slowdisk, 35 s, server paused", 36.622, 16.511, 60.109, 0.6777, 0.3223, 0.0283,
	  0.0283, 0.0000, 0.01485, 32.9,
	  { { "2nd 150-IOPS volume", 13.1019, 12.7179, 13.5098, 154.9, 1 },
	    { "5-IOPS volume", 343.8319, 291.5783, 418.9035, 6.0, -1 },
	    { "memory", 0.000796, 0.000774, 0.000820, 10343.4, 0 },
	    { NULL, 0, 0, 0, 0, 0 } } },
};

static void observed(const struct run *r, struct wb_pg_observed *o)
{
	memset(o, 0, sizeof(*o));
	o->rate.write_commits_per_s = r->commits;
	o->rate.commits_per_s = r->commits;
	o->rate.wal_syncs_per_s = r->flushes;
	/* the count: every window was 10 s or more, hundreds of flushes */
	o->rate.flushes = r->flushes * 10;
	o->rate.flush_ms = r->flush_ms;
	o->rate.server_cpus = r->server_cpus;
	o->rate.ncpu = 2;
	o->rate.waits.known = true;
	o->rate.waits.busy_sessions = 8;
	o->rate.waits.share[WB_PGW_WAL] = r->wal;
	o->rate.waits.share[WB_PGW_LOCK] = r->lock;
	o->rate.waits.share[WB_PGW_CLIENT] = fmax(0, 1 - r->wal - r->lock);
	o->rate.waits.half95[WB_PGW_WAL] = r->wal_half;
	o->rate.waits.half95[WB_PGW_LOCK] = r->lock_half;
	o->rate.waits.half95[WB_PGW_CLIENT] = r->rest_half;
}

static void test_recorded_runs(void **state)
{
	struct wb_pg_observed o;
	struct wb_model m;

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(runs); i++) {
		const struct run *r = &runs[i];

		observed(r, &o);
		for (const struct cand *c = r->c; c->name; c++) {
			struct wb_model_in in = { .server = &o, .data_flush_ms = NAN,
						  .cand_flush_ms = c->ms, .cand_flush_ms_low = c->low_ms,
						  .cand_flush_ms_high = c->high_ms };
			double pgbench_ratio = c->pgbench_tps / r->window_tps;

			wb_model_predict(&in, &m);
			if (!m.known)
				fail_msg("%s, %s: no prediction (%d)", r->name, c->name, m.why);
			if (!c->verdict) {
				if (m.limit == WB_LIMIT_DEVICE ||
				    fabs(m.per_s / c->pgbench_tps - 1) > 0.30)
					fail_msg("%s, %s: predicted %.0f/s (limit %d), pgbench %.0f",
						 r->name, c->name, m.per_s, m.limit, c->pgbench_tps);
				continue;
			}
			if (fabs(m.per_s / c->pgbench_tps - 1) > 0.30)
				fail_msg("%s, %s: predicted %.1f/s, pgbench measured %.1f", r->name,
					 c->name, m.per_s, c->pgbench_tps);
			if (fabs((1 + m.gain_pct / 100) / pgbench_ratio - 1) > 0.30)
				fail_msg("%s, %s: gain %+.0f %%, pgbench's over the window %+.0f %%",
					 r->name, c->name, m.gain_pct, 100 * (pgbench_ratio - 1));
			if (c->verdict > 0 && !(m.gain_low > 0))
				fail_msg("%s, %s: a move, but the interval reaches %.0f %%", r->name,
					 c->name, m.gain_low);
			if (c->verdict < 0 && !(m.gain_high < 0))
				fail_msg("%s, %s: a loss, but the interval reaches %.0f %%", r->name,
					 c->name, m.gain_high);
			assert_true(m.low <= m.per_s && m.per_s <= m.high);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_recorded_runs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
