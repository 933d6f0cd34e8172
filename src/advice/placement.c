/* placement.c — see placement.h. The rules, in order:
 * 1. an error or a durability failure in any row, or in the data load: no
 *    verdict, that failure first;
 * 2. per candidate, its commits under the load against the data volume's
 *    commits under the same load, paired by round at 95 %, with 8 committers
 *    sharing each flush: a server with concurrent sessions commits in groups
 *    (checked against pgbench with 8 clients: this row came within 11 % of its
 *    gain where the single-session row missed by half). Move only when that
 *    gain is significant, at least --min-gain, and single-session commits do
 *    not get significantly slower there;
 * 3. a candidate on the data's own file system or disk is named so whatever
 *    its figures: it shares the data's I/O, so a gain there is the file
 *    system's, not a separate budget's;
 * 4. the gain is a flush-rate gain: it bounds the commit-rate gain, and where
 *    flushes get faster than the server's own cost of a commit, it says so;
 * 5. of the candidates to move to, the largest gain wins, but never one in
 *    memory (tmpfs, zram): it measures "move" when it is faster, and is named
 *    for what it is, since a power cut takes every commit on it;
 * 6. a load the user did not give as a pace (RATE/s, the server's own rate) is
 *    an assumption: a move then also needs the gain against the idle data
 *    volume (the candidate is faster whatever the load); one that pays only
 *    under the assumed load is "depends on load", with how to measure the
 *    server's rate, not a move (see placement.h);
 * 7. with a server observed (recommend --server or --observed) whose sessions'
 *    waits were sampled, the gain that decides is the model's, in the
 *    server's commits (placement_model.h), an interval whose top no cap
 *    exceeds; the rows' flush gain stays beside it as evidence;
 * 8. a candidate on the data directory's file system with pg_wal apart now
 *    shares the data writes, which grow with the commits it gains: its gain
 *    is a bound unless its commit row was measured again at the data load of
 *    the commits predicted (placement_load.h: the caller's rounds). */
#include "advice/placement.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "advice/placement_load.h"

enum row_kind { ROW_IDLE, ROW_LOADED, ROW_CANDIDATE };

/* The result of one row: shape (commit or group commit), kind and site. */
static const struct wb_result *find_row(const struct wb_results *rs, bool group,
					enum row_kind kind, unsigned site)
{
	size_t i;

	for (i = 0; i < rs->n; i++) {
		const struct wb_test *t = &rs->v[i].test;

		if ((t->pattern == WB_PATTERN_GROUPCOMMIT) != group)
			continue;
		if ((kind == ROW_IDLE && t->site == 0 && !t->data_load) ||
		    (kind == ROW_LOADED && t->site == 0 && t->data_load) ||
		    (kind == ROW_CANDIDATE && t->site == site && t->data_load && site > 0))
			return &rs->v[i];
	}
	return NULL;
}

static void fill_row(struct wb_placement_row *row, const struct wb_result *r)
{
	if (!r || r->status != WB_STATUS_OK || !r->hist) {
		*row = (struct wb_placement_row){ .measured = false };
		return;
	}
	row->measured = true;
	row->per_s = wb_result_trial_mean(r);
	row->p50_us = wb_result_usecs(r, 50);
	row->p99_us = wb_result_usecs(r, 99);
}

/* b against a at 95 %; false when either did not run or too few trials. */
static bool compare(const struct wb_result *a, const struct wb_result *b, struct wb_comparison *c)
{
	return a && b && a->status == WB_STATUS_OK && b->status == WB_STATUS_OK &&
	       wb_result_compare(a, b, 0.95, c);
}

/* b against a, or not compared. */
static void gain_of(const struct wb_result *a, const struct wb_result *b,
		    struct wb_placement_gain *g)
{
	struct wb_comparison k;

	*g = (struct wb_placement_gain){ .compared = compare(a, b, &k) };
	if (g->compared) {
		g->pct = k.diff_pct;
		g->low = k.ci95_low_pct;
		g->high = k.ci95_high_pct;
		g->significant = k.significant;
	}
}

/* The first failed row or the load's failure, durability failures first. */
static bool find_failure(const struct wb_results *rs, struct wb_placement *out)
{
	const struct wb_result *worst = NULL;
	size_t i;

	if (rs->load.failed) {
		out->failure = WB_PLACEMENT_FAIL_LOAD;
		return true;
	}
	for (i = 0; i < rs->n; i++) {
		const struct wb_result *r = &rs->v[i];

		if (r->status != WB_STATUS_ERROR)
			continue;
		if (!worst || (r->durability_failure && !worst->durability_failure))
			worst = r;
	}
	if (!worst)
		return false;
	out->failure = WB_PLACEMENT_FAIL_ROW;
	out->failed_test = worst;
	return true;
}

static void name_device(const struct wb_device *d, char *buf, size_t len)
{
	snprintf(buf, len, "%s", d->block_name[0] ? d->block_name
			   : d->fs_type[0] ? d->fs_type : "?");
}

static void describe_load(const struct wb_results *rs, struct wb_placement *out)
{
	const struct wb_load_result *l = &rs->load;
	double active_s = (double)l->active_ns / 1e9;

	out->load_target_per_s = l->target_per_s;
	out->load_capacity_per_s = l->capacity_per_s;
	out->load_pct = l->requested_pct;
	out->load_achieved_per_s = active_s > 0 ? (double)l->writes / active_s : 0;
	out->load_fsync_mean_ms = l->fsyncs ? (double)l->fsync_total_ns / (double)l->fsyncs / 1e6 : 0;
	out->load_fsync_max_ms = (double)l->fsync_max_ns / 1e6;
	out->load_kept_up = l->target_per_s <= 0 ||
			    out->load_achieved_per_s >= WB_PLACEMENT_LOAD_KEPT * l->target_per_s;
}

/* What the load did to (group) commits on the data volume: (b) against (a). */
static void describe_slowdown(const struct wb_results *rs, struct wb_placement *out)
{
	struct wb_comparison c;

	out->slowdown_known = compare(find_row(rs, true, ROW_IDLE, 0),
				      find_row(rs, true, ROW_LOADED, 0), &c);
	if (out->slowdown_known) {
		out->slowdown_pct = -c.diff_pct;
		out->slowdown_low = -c.ci95_high_pct;
		out->slowdown_high = -c.ci95_low_pct;
		out->slowdown_significant = c.significant && c.diff_pct < 0;
	}
}

static void judge(struct wb_placement_candidate *c, const struct wb_placement_params *p,
		  const struct wb_placement *out)
{
	const struct wb_placement_gain *g = &c->gain;
	bool gains = g->significant && g->pct > 0;
	bool single_loses = c->single_gain.significant && c->single_gain.pct < 0;
	bool load_assumed = out->load_pct > 0; /* a share of capacity, not the server's pace */

	if (!c->group.measured || !g->compared) {
		c->why = WB_PLACE_NOT_COMPARED;
	} else if (gains && g->pct >= p->min_gain_pct && !single_loses && load_assumed &&
		   !(c->idle_gain.significant && c->idle_gain.pct >= p->min_gain_pct)) {
		c->depends_on_load = true;
		c->why = WB_PLACE_DEPENDS_ON_LOAD;
	} else if (gains && c->same_fs) {
		/* One file system is one I/O path: a gain between two of its directories
		 * is noise or drift between their turns, never a reason to move. Seen on
		 * /tmp at 8 committers, CPU-bound: +17 % [4, 32]. */
		c->why = WB_PLACE_SAME_FS_GAINS;
	} else if (gains && g->pct >= p->min_gain_pct && !single_loses) {
		c->move = true;
		c->why = WB_PLACE_MOVE;
	} else if (gains && single_loses) {
		c->why = WB_PLACE_SINGLE_LOSES;
	} else if (gains) {
		c->why = WB_PLACE_BELOW_MIN_GAIN;
	} else if (g->significant) {
		c->why = WB_PLACE_SLOWER;
	} else if (g->low > 0 || g->high < 0) {
		/* The interval misses 0, but the two halves of the run disagree. */
		c->why = WB_PLACE_HALVES_DISAGREE;
	} else {
		c->why = WB_PLACE_WITHIN_NOISE;
	}
	/* "No move" is a finding only when the gain's interval tops out below
	 * --min-gain: one that still reaches it was never shown too small. */
	c->open = (c->why == WB_PLACE_WITHIN_NOISE || c->why == WB_PLACE_BELOW_MIN_GAIN ||
		   c->why == WB_PLACE_HALVES_DISAGREE) && !c->same_fs && g->high >= p->min_gain_pct;
}

void wb_placement_flush_of(const struct wb_result *r, double *ms, double *low, double *high)
{
	double per_s, half;

	*ms = *low = *high = NAN;
	if (!r || r->status != WB_STATUS_OK)
		return;
	per_s = wb_result_trial_mean(r);
	half = r->ntrials > 1 ? r->stats.ci95_half : 0;
	if (!(per_s > 0))
		return;
	*ms = 1000.0 / per_s;
	*low = 1000.0 / (per_s + half);
	*high = per_s - half > 0 ? 1000.0 / (per_s - half) : INFINITY;
}

/* Rule 7: the model's prediction replaces the rows' gain where it has one. */
static void predict(const struct wb_results *rs, const struct wb_result *commit,
		    const struct wb_placement_params *p, struct wb_placement_candidate *c)
{
	struct wb_model_in in = { .server = p->server, .same_fs = c->same_fs };
	double lo, hi;

	wb_placement_flush_of(find_row(rs, false, ROW_LOADED, 0), &in.data_flush_ms, &lo, &hi);
	wb_placement_flush_of(commit, &in.cand_flush_ms, &in.cand_flush_ms_low, &in.cand_flush_ms_high);
	if (c->at_load.rounds) { /* measured again at the predicted commits' data load */
		in.cand_flush_ms = c->at_load.flush_ms;
		in.cand_flush_ms_low = c->at_load.flush_ms_low;
		in.cand_flush_ms_high = c->at_load.flush_ms_high;
	}
	wb_model_predict(&in, &c->model);
	if (!c->model.known)
		return;
	c->gain = (struct wb_placement_gain){
		.compared = true,
		.pct = c->model.gain_pct,
		.low = c->model.gain_low,
		.high = c->model.gain_high,
		.significant = c->model.gain_low > 0 || c->model.gain_high < 0,
	};
	c->upper_bound = c->model.limit == WB_LIMIT_CPU;
}

static void candidate(const struct wb_results *rs, unsigned site,
		      const struct wb_placement_params *p, const struct wb_placement *out,
		      struct wb_placement_candidate *c)
{
	const struct wb_device *now = &rs->sites[0].device, *here = &rs->sites[site].device;
	const struct wb_result *commit = find_row(rs, false, ROW_CANDIDATE, site);
	const struct wb_result *group = find_row(rs, true, ROW_CANDIDATE, site);

	snprintf(c->path, sizeof(c->path), "%s", rs->sites[site].path);
	name_device(here, c->device, sizeof(c->device));
	c->array = &here->array;
	c->same_fs = here->dev_major == now->dev_major && here->dev_minor == now->dev_minor;
	c->same_device = c->same_fs || wb_device_shares(now, here);
	c->on_data_fs = p->data_dir && site < WB_MAX_SITES && p->on_data_fs[site];
	if (c->on_data_fs)
		c->at_load = p->at_load[site];
	fill_row(&c->commit, commit);
	fill_row(&c->group, group);
	gain_of(find_row(rs, true, ROW_LOADED, 0), group, &c->gain);
	gain_of(find_row(rs, false, ROW_LOADED, 0), commit, &c->single_gain);
	gain_of(find_row(rs, true, ROW_IDLE, 0), group, &c->idle_gain);
	c->upper_bound = c->commit.measured && c->commit.p50_us < WB_PLACEMENT_CPU_BOUND_US;
	c->row_gain = c->gain;
	predict(rs, commit, p, c);
	/* The data volume under pg_wal too: the server's data writes there grow
	 * with the commits gained (checked with pgbench: +1517 % predicted, +452 %
	 * measured, its pages/s 17 -> 96-138). Measured again at the data load of
	 * its own commits the prediction comes nearer, and is still a bound: a
	 * checkpoint writes in bursts walbench's steady load does not (checked:
	 * +1528 % at today's load, +905 % at its own, pgbench +234 %). */
	c->own_load = c->on_data_fs && c->at_load.rounds &&
		      wb_placement_load_settled(&c->model, c->at_load.at_per_s);
	if (c->on_data_fs && c->gain.pct > 0)
		c->upper_bound = true;
	c->in_ram = wb_device_in_ram(here);
	judge(c, p, out);
	c->open = c->open && !c->in_ram;
	c->recommended = c->move && !c->in_ram;
}

bool wb_placement_decide(const struct wb_results *rs, const struct wb_placement_params *p,
			 struct wb_placement *out)
{
	double best_gain = -INFINITY;
	size_t k;

	memset(out, 0, sizeof(*out));
	out->best = out->named = -1;
	out->rs = rs;
	out->min_gain_pct = p->min_gain_pct;
	out->data_is_pgdata = p->data_is_pgdata;
	out->live_load = p->live_load;
	wb_commit_wait(p->server, &out->commit_wait);
	out->state = WB_PLACEMENT_FAILED;
	out->failed = true;
	if (!rs->sites || rs->nsites < 2) {
		out->failure = WB_PLACEMENT_FAIL_NO_CANDIDATES;
		out->wal_dir = rs->target;
		return false;
	}
	snprintf(out->now, sizeof(out->now), "%s", rs->sites[0].path);
	out->wal_apart = p->data_dir != NULL;
	snprintf(out->data, sizeof(out->data), "%s", p->data_dir ? p->data_dir : out->now);
	out->wal_dir = out->now;
	name_device(&rs->sites[0].device, out->now_device, sizeof(out->now_device));
	out->now_array = &rs->sites[0].device.array;
	out->now_in_ram = wb_device_in_ram(&rs->sites[0].device);
	fill_row(&out->idle_commit, find_row(rs, false, ROW_IDLE, 0));
	fill_row(&out->idle_group, find_row(rs, true, ROW_IDLE, 0));
	fill_row(&out->loaded_commit, find_row(rs, false, ROW_LOADED, 0));
	fill_row(&out->loaded_group, find_row(rs, true, ROW_LOADED, 0));
	if (find_row(rs, true, ROW_LOADED, 0))
		out->group_committers = find_row(rs, true, ROW_LOADED, 0)->test.committers;
	describe_load(rs, out);
	if (find_failure(rs, out))
		return false;
	out->failed = false;
	describe_slowdown(rs, out);
	out->n = rs->nsites - 1;
	for (k = 0; k < out->n; k++) {
		candidate(rs, (unsigned)(k + 1), p, out, &out->c[k]);
		if (out->c[k].recommended && out->c[k].gain.pct > best_gain) {
			best_gain = out->c[k].gain.pct;
			out->best = (int)k;
		}
	}
	/* pg_wal on memory now: a commit there is lost at the next power cut, so
	 * durability decides, not speed; the fastest durable candidate measured
	 * is the move, slower as it is (memory always is faster). */
	if (out->now_in_ram && out->best < 0) {
		int durable = -1;

		for (k = 0; k < out->n; k++)
			if (!out->c[k].in_ram && out->c[k].group.measured && out->c[k].gain.compared &&
			    (durable < 0 || out->c[k].gain.pct > out->c[durable].gain.pct))
				durable = (int)k;
		out->best = durable;
		if (durable >= 0) /* a move for safety: said so in its words */
			out->c[durable].move = out->c[durable].recommended = true;
	}
	if (out->best >= 0) {
		out->state = WB_PLACEMENT_MOVE;
		out->wal_dir = out->c[out->best].path;
	} else {
		int ram = -1, depends = -1, open = -1;

		for (k = 0; k < out->n; k++)
			if (out->c[k].move && out->c[k].in_ram)
				ram = (int)k;
		for (k = 0; k < out->n; k++)
			if (out->c[k].open &&
			    (open < 0 || out->c[k].gain.high > out->c[open].gain.high))
				open = (int)k;
		for (k = 0; k < out->n; k++)
			if (out->c[k].depends_on_load && !out->c[k].in_ram &&
			    (depends < 0 || out->c[k].gain.pct > out->c[depends].gain.pct))
				depends = (int)k;
		/* An open candidate outranks a memory one: what a disk may gain is the
		 * question left, memory is never the answer. */
		out->state = depends >= 0 ? WB_PLACEMENT_DEPENDS : open >= 0 ? WB_PLACEMENT_UNDECIDED
			     : ram >= 0 ? WB_PLACEMENT_KEEP_RAM : WB_PLACEMENT_KEEP;
		out->named = depends >= 0 ? depends : open >= 0 ? open : ram;
	}
	return true;
}

static const char *const state_names[] = {
	[WB_PLACEMENT_FAILED] = "failed",
	[WB_PLACEMENT_MOVE] = "move",
	[WB_PLACEMENT_DEPENDS] = "depends",
	[WB_PLACEMENT_KEEP_RAM] = "keep-ram",
	[WB_PLACEMENT_KEEP] = "keep",
	[WB_PLACEMENT_UNDECIDED] = "undecided",
};
_Static_assert(sizeof(state_names) / sizeof(state_names[0]) == WB_PLACEMENT_UNDECIDED + 1,
	       "a word for every placement state");

const char *wb_placement_state_name(enum wb_placement_state s)
{
	return (unsigned)s <= WB_PLACEMENT_UNDECIDED ? state_names[s] : "failed";
}

bool wb_placement_all_same_fs(const struct wb_placement *pl)
{
	size_t k;

	for (k = 0; k < pl->n; k++)
		if (!pl->c[k].same_fs)
			return false;
	return pl->n > 0;
}
