/* placement_model.c — see placement_model.h. */
#include "advice/placement_model.h"

#include <math.h>
#include <string.h>

#include "advice/server_shape.h"

/* Indexed by enum wb_model_limit. */
static const char *const limit_names[] = {
	[WB_LIMIT_SESSIONS] = "sessions",
	[WB_LIMIT_CPU] = "cpu",
	[WB_LIMIT_DEVICE] = "device",
};
_Static_assert(sizeof(limit_names) / sizeof(limit_names[0]) == WB_LIMIT_DEVICE + 1,
	       "a name for every model limit");

const char *wb_model_limit_name(enum wb_model_limit l)
{
	return (unsigned)l <= WB_LIMIT_DEVICE ? limit_names[l] : "sessions";
}

/* Indexed by enum wb_model_clip. */
static const char *const clip_names[] = {
	[WB_CLIP_NONE] = "none",
	[WB_CLIP_TOP] = "top",
	[WB_CLIP_POINT] = "point",
	[WB_CLIP_ALL] = "all",
};
_Static_assert(sizeof(clip_names) / sizeof(clip_names[0]) == WB_CLIP_ALL + 1,
	       "a name for every model clip");

const char *wb_model_clip_name(enum wb_model_clip c)
{
	return (unsigned)c <= WB_CLIP_ALL ? clip_names[c] : "none";
}

enum wb_model_clip wb_model_clip_named(const char *name)
{
	for (unsigned c = 0; name && c <= WB_CLIP_ALL; c++)
		if (strcmp(name, clip_names[c]) == 0)
			return (enum wb_model_clip)c;
	return WB_CLIP_NONE;
}

static double clamp01(double v)
{
	return v < 0 ? 0 : v > 1 ? 1 : v;
}

/* C' / C for WAL share w, lock share k and flush ratio r, the rest taken as
 * at least min_rest; infinite where nothing is left to wait for. */
static double speedup(double w, double k, double r, double min_rest)
{
	double rest;

	w = clamp01(w);
	k = clamp01(k);
	if (w + k > 1)
		k = 1 - w;
	rest = fmax(1 - w - k, min_rest);
	return rest + w * r > 0 ? (1 - k) / (rest + w * r) : INFINITY;
}

/* Whether the samples tell the sessions' own time (the rest: CPU, data I/O,
 * the client, a synchronous standby, WAL insertion) from 0: its share less its
 * 95 % half-width, the classes' taken as independent, above the floor. */
static bool rest_told(const struct wb_pg_wait_shares *s, double rest)
{
	static const enum wb_pg_wait cls[] = { WB_PGW_DATA_IO, WB_PGW_CPU, WB_PGW_CLIENT,
					       WB_PGW_OTHER, WB_PGW_SYNC_REP, WB_PGW_WAL_INSERT };
	double sq = 0;

	for (size_t i = 0; i < sizeof(cls) / sizeof(cls[0]); i++)
		sq += s->half95[cls[i]] * s->half95[cls[i]];
	return rest - sqrt(sq) > WB_MODEL_MIN_REST;
}

/* The baseline's flush time: the server's own (over enough flushes to be its
 * figure), else walbench's on DIR. */
static bool baseline_flush(const struct wb_model_in *in, struct wb_model *out)
{
	const struct wb_pg_rates *r = &in->server->rate;

	out->flush_ms_server = !in->same_fs && wb_server_flush_ms_known(in->server);
	out->flush_ms = out->flush_ms_server ? r->flush_ms : in->data_flush_ms;
	return isfinite(out->flush_ms) && out->flush_ms > 0;
}

static void caps(const struct wb_model_in *in, struct wb_model *out)
{
	const struct wb_pg_rates *r = &in->server->rate;
	double c = out->commits_per_s, busy;

	/* The server's own CPU, not the host's: on a shared host the neighbours'
	 * use is not the server's to scale (a cap of 120/s came from a host 55 %
	 * busy with others' builds, where the server used a tenth of a CPU). */
	out->cpu_cap_per_s = isfinite(r->server_cpus) && r->server_cpus > 0 && r->ncpu > 0
				     ? c * r->ncpu / r->server_cpus : NAN;
	/* A server that already used every CPU took a busy server's CPU a
	 * commit: the lift shrinks to none as the window's server was busier. */
	busy = isfinite(out->cpu_cap_per_s) ? clamp01(r->server_cpus / r->ncpu) : 1;
	out->cpu_cap_high_per_s = out->cpu_cap_per_s * (1 + (WB_MODEL_CPU_WARM - 1) * (1 - busy));
	/* Where between the two the server would land, the window cannot show
	 * (it needs the CPU a warm commit takes): the point is their middle on
	 * the ratio scale, off by at most the square root of the lift either way. */
	out->cpu_cap_mid_per_s = sqrt(out->cpu_cap_per_s * out->cpu_cap_high_per_s);
	out->commits_per_flush = isfinite(r->wal_syncs_per_s) && r->wal_syncs_per_s > 0
					 ? c / r->wal_syncs_per_s : NAN;
	out->cand_flushes_per_s = in->cand_flush_ms_low > 0 ? 1000.0 / in->cand_flush_ms_low : NAN;
	out->device_cap_per_s = isfinite(out->commits_per_flush)
					? out->commits_per_flush * out->cand_flushes_per_s : NAN;
}

/* Which of the CPU's caps cuts: the interval's bottom at the floor, the
 * point at the middle, the top at the top. */
enum cpu_at { AT_FLOOR, AT_MID, AT_TOP };

/* Cuts v to the caps, the CPU's where at says; says which cut it. */
static double capped(const struct wb_model *m, double v, enum cpu_at at,
		     enum wb_model_limit *limit)
{
	double cpu = at == AT_TOP ? m->cpu_cap_high_per_s
		     : at == AT_MID ? m->cpu_cap_mid_per_s : m->cpu_cap_per_s;

	*limit = WB_LIMIT_SESSIONS;
	if (isfinite(cpu) && v > cpu) {
		v = cpu;
		*limit = WB_LIMIT_CPU;
	}
	if (isfinite(m->device_cap_per_s) && v > m->device_cap_per_s) {
		v = m->device_cap_per_s;
		*limit = WB_LIMIT_DEVICE;
	}
	return v;
}

/* What the caps left of the interval. A figure a cap cut is the cap's, so
 * two ends cut alike are one figure (the CPU's floor, middle and top are
 * when the window's server used every CPU), within rounding: the middle is
 * a square root. */
static void clip_of(struct wb_model *m)
{
	bool point_cut = m->limit != WB_LIMIT_SESSIONS;
	bool at_top = point_cut && m->per_s >= m->high * (1 - 1e-9);
	bool at_low = at_top && m->low_limit != WB_LIMIT_SESSIONS &&
		      m->low >= m->per_s * (1 - 1e-9);

	m->clip = at_low ? WB_CLIP_ALL : at_top ? WB_CLIP_POINT
		  : m->capped || point_cut ? WB_CLIP_TOP : WB_CLIP_NONE;
	if (at_top)
		m->per_s = m->high;
	if (at_low)
		m->low = m->per_s;
}

void wb_model_predict(const struct wb_model_in *in, struct wb_model *out)
{
	const struct wb_pg_wait_shares *s;
	double w, k, hw, hk, c, top;
	bool untold;

	memset(out, 0, sizeof(*out));
	out->cpu_cap_per_s = out->cpu_cap_mid_per_s = out->cpu_cap_high_per_s = NAN;
	out->device_cap_per_s = out->cand_flushes_per_s = NAN;
	if (!in->server) {
		out->why = WB_MODEL_NO_SERVER;
		return;
	}
	s = &in->server->rate.waits;
	/* A read-only commit waits for no flush and gains nothing from a faster
	 * one: C counts the commits that write, where the xids were read. */
	out->commits_writes = in->server->rate.write_commits_per_s > 0;
	c = out->commits_per_s = out->commits_writes ? in->server->rate.write_commits_per_s
						       : in->server->rate.commits_per_s;
	if (!s->known) {
		out->why = WB_MODEL_NO_WAITS;
		return;
	}
	if (!baseline_flush(in, out)) {
		out->why = WB_MODEL_NO_FLUSH_TIME;
		return;
	}
	if (!(c > 0)) {
		out->why = WB_MODEL_NO_COMMITS;
		return;
	}
	if (!(in->cand_flush_ms > 0) || !(in->cand_flush_ms_low > 0) ||
	    !(in->cand_flush_ms_high >= in->cand_flush_ms)) {
		out->why = WB_MODEL_NOT_MEASURED;
		return;
	}
	out->known = true;
	w = out->wal_share = s->share[WB_PGW_WAL];
	k = out->lock_share = s->share[WB_PGW_LOCK];
	hw = s->half95[WB_PGW_WAL];
	hk = s->half95[WB_PGW_LOCK];
	out->rest_share = clamp01(1 - w - k);
	out->flush_ratio = in->cand_flush_ms / out->flush_ms;
	out->flush_ratio_low = in->cand_flush_ms_low / out->flush_ms;
	out->flush_ratio_high = in->cand_flush_ms_high / out->flush_ms;
	caps(in, out);
	/* Faster, and the rest not told from 0: the sessions' bound, C / rest,
	 * runs to any figure within the noise (a rest of 1.6 % +- 3.8 % read
	 * 1182/s where pgbench ran 4500 with pg_wal in memory): the top, cut by
	 * the caps at their middle, is the figure the samples can show. The rest
	 * may then be 0, the sessions' top their flush's share alone, w r, and
	 * where that is all but 0 (pg_wal in memory) the caps decide.
	 * WB_MODEL_MIN_REST, the samples' resolution, bounds it only where the
	 * server's CPU is not read: a window of 37 commits/s bounded the sessions
	 * at 4783/s with it, under the CPU's own floor of 5023/s, where pgbench
	 * ran 12093 with pg_wal in memory. */
	untold = out->flush_ratio_high < 1 && !rest_told(s, out->rest_share);
	/* The speed-up grows with the shares when the candidate is faster (r < 1)
	 * and shrinks with them when it is slower: the interval's ends take the
	 * shares' ends in the direction that moves it. */
	{
		double dir_hi = out->flush_ratio_low < 1 ? 1 : -1;
		double dir_lo = out->flush_ratio_high < 1 ? -1 : 1;
		double top_rest = untold && isfinite(out->cpu_cap_per_s) ? 0 : WB_MODEL_MIN_REST;

		out->per_s = c * speedup(w, k, out->flush_ratio, WB_MODEL_MIN_REST);
		top = c * speedup(w + dir_hi * hw, k + dir_hi * hk, out->flush_ratio_low, top_rest);
		out->low = c * speedup(w + dir_lo * hw, k + dir_lo * hk, out->flush_ratio_high,
				       WB_MODEL_MIN_REST);
	}
	out->per_s = capped(out, untold ? top : out->per_s, AT_MID, &out->limit);
	out->high = capped(out, top, AT_TOP, &out->high_limit);
	out->low = capped(out, out->low, AT_FLOOR, &out->low_limit);
	out->capped = out->high < top;
	if (out->per_s > out->high) {
		out->per_s = out->high;
		out->limit = out->high_limit;
	}
	if (out->low > out->per_s) {
		out->low = out->per_s;
		out->low_limit = out->limit;
	}
	clip_of(out);
	out->gain_pct = 100 * (out->per_s / c - 1);
	out->gain_low = 100 * (out->low / c - 1);
	out->gain_high = 100 * (out->high / c - 1);
}
