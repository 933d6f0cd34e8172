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
 *    server's rate, not a move (see placement.h). */
#include "advice/placement.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

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
	row->per_s = r->ntrials ? r->stats.mean : wb_result_ops_per_sec(r);
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
		snprintf(out->failure, sizeof(out->failure), "%s%s",
			 rs->load.durability_failure ? "DURABILITY FAILURE: " : "", rs->load.reason);
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
	snprintf(out->failure, sizeof(out->failure), "%s%s (%.200s): %s",
		 worst->durability_failure ? "DURABILITY FAILURE: " : "",
		 worst->test.label, worst->site.file[0] ? worst->site.file : "?", worst->reason);
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
	int len;

	out->slowdown_known = compare(find_row(rs, true, ROW_IDLE, 0),
				      find_row(rs, true, ROW_LOADED, 0), &c);
	if (out->slowdown_known) {
		out->slowdown_pct = -c.diff_pct;
		out->slowdown_low = -c.ci95_high_pct;
		out->slowdown_high = -c.ci95_low_pct;
		out->slowdown_significant = c.significant && c.diff_pct < 0;
	}
	len = snprintf(out->context, sizeof(out->context),
		       "A checkpoint-like load of %.0f random 8 kB writes/s on %.200s", out->load_achieved_per_s,
		       out->data);
	if (out->load_pct > 0)
		len += snprintf(out->context + len, sizeof(out->context) - (size_t)len,
				" (%.0f %% of the %.0f/s it can take)", out->load_pct,
				out->load_capacity_per_s);
	if (!out->slowdown_known)
		snprintf(out->context + len, sizeof(out->context) - (size_t)len,
			 ": too few trials to say what it does to commits there.");
	else if (out->slowdown_significant)
		snprintf(out->context + len, sizeof(out->context) - (size_t)len,
			 " slows commits there by %.0f %% [%.0f, %.0f] (%.0f -> %.0f per second).",
			 out->slowdown_pct, out->slowdown_low, out->slowdown_high,
			 out->idle_group.per_s, out->loaded_group.per_s);
	else
		snprintf(out->context + len, sizeof(out->context) - (size_t)len,
			 " does not slow commits there measurably (%+.0f %% [%.0f, %.0f]): the "
			 "volume has I/O to spare, so moving pg_wal has little to gain.",
			 -out->slowdown_pct, -out->slowdown_high, -out->slowdown_low);
}

/* The same-device note, or "". */
static const char *shared_note(const struct wb_placement_candidate *c)
{
	if (c->same_fs)
		return " It is on the data's own file system, so it shares the data's I/O.";
	if (c->same_device)
		return " It shares a disk with the data (see the device stack): separate I/O "
		       "limits measure apart here, but one disk under both may still be shared.";
	return "";
}

/* "Same file system, no gain", "Shares a disk, no gain" or "No move, no gain". */
static const char *no_gain_lead(const struct wb_placement_candidate *c)
{
	return c->same_fs ? "Same file system" : c->same_device ? "Shares a disk" : "No move";
}

static void judge(struct wb_placement_candidate *c, const struct wb_placement_params *p,
		  const struct wb_placement *out)
{
	const char *note = shared_note(c);
	const struct wb_placement_gain *g = &c->gain;
	bool gains = g->significant && g->pct > 0;
	bool single_loses = c->single_gain.significant && c->single_gain.pct < 0;
	bool load_assumed = out->load_pct > 0; /* a share of capacity, not the server's pace */
	unsigned n = out->group_committers;

	if (!c->group.measured || !g->compared) {
		snprintf(c->reason, sizeof(c->reason), "Not enough trials to compare commits here "
			 "with the data volume's; give it more --budget.%s", note);
	} else if (gains && g->pct >= p->min_gain_pct && !single_loses && load_assumed &&
		   !(c->idle_gain.significant && c->idle_gain.pct >= p->min_gain_pct)) {
		c->depends_on_load = true;
		snprintf(c->reason, sizeof(c->reason),
			 "Depends on load: commits +%.0f %% [%.0f, %.0f] here with %u committers "
			 "against %.200s under an assumed load (%.0f %% of its capacity, %.0f writes/s), "
			 "but %+.0f %% [%.0f, %.0f] against it idle. Moving pays only if the server's "
			 "checkpoints and background writes keep the data volume about that busy: "
			 "measure the server's data write rate (README: Where pg_wal belongs) and run "
			 "again with --data-load RATE/s.%s",
			 g->pct, g->low, g->high, n, out->data, out->load_pct,
			 out->load_achieved_per_s, c->idle_gain.pct, c->idle_gain.low,
			 c->idle_gain.high, note);
	} else if (gains && c->same_fs) {
		/* One file system is one I/O path: a gain between two of its directories
		 * is noise or drift between their turns, never a reason to move. Seen on
		 * /tmp at 8 committers, CPU-bound: +17 % [4, 32]. */
		snprintf(c->reason, sizeof(c->reason),
			 "Same file system, no move: commits %+.0f %% [%.0f, %.0f] here, but the "
			 "same storage cannot be faster for pg_wal than for the data; the difference "
			 "is noise or drift between the directories' turns.%s",
			 g->pct, g->low, g->high, note);
	} else if (gains && g->pct >= p->min_gain_pct && !single_loses) {
		c->move = true;
		snprintf(c->reason, sizeof(c->reason),
			 "Commits +%.0f %% [%.0f, %.0f] here with %u committers (%.0f per second, "
			 "flush p50 %.3f ms) against %.0f on %.200s under the same load; single "
			 "sessions %+.0f %%.%s%s",
			 g->pct, g->low, g->high, n, c->group.per_s, c->group.p50_us / 1e3,
			 out->loaded_group.per_s, out->data, c->single_gain.pct,
			 c->upper_bound ? " The flushes here are faster than the server's own cost of "
			 "a commit, so expect less: the server's CPU, not this disk, will set the "
			 "commit rate." : " A flush-rate gain bounds the commit-rate gain: expect up "
			 "to this much.", note);
	} else if (gains && single_loses) {
		snprintf(c->reason, sizeof(c->reason),
			 "Commits with %u committers gain %.0f %% [%.0f, %.0f], but single sessions "
			 "lose %.0f %% [%.0f, %.0f]: no move.%s", n, g->pct, g->low, g->high,
			 -c->single_gain.pct, -c->single_gain.high, -c->single_gain.low, note);
	} else if (gains) {
		snprintf(c->reason, sizeof(c->reason),
			 "Commits +%.0f %% [%.0f, %.0f] here, less than --min-gain %.0f %%: not worth "
			 "a move.%s", g->pct, g->low, g->high, p->min_gain_pct, note);
	} else if (g->significant) {
		snprintf(c->reason, sizeof(c->reason),
			 "Slower: commits %.0f %% [%.0f, %.0f] here; keep pg_wal where it is.%s",
			 g->pct, g->low, g->high, note);
	} else if (g->low > 0 || g->high < 0) {
		/* The interval misses 0, but the two halves of the run disagree. */
		snprintf(c->reason, sizeof(c->reason), "%s, no gain shown: commits %+.0f %% [%.0f, "
			 "%.0f] here, but the two halves of the run disagree, so it may be drift; "
			 "more --budget would tell.%s", no_gain_lead(c), g->pct, g->low, g->high, note);
	} else {
		snprintf(c->reason, sizeof(c->reason), "%s, no gain: commits %+.0f %% [%.0f, %.0f] "
			 "here, within the noise.%s", no_gain_lead(c), g->pct, g->low, g->high, note);
	}
}

static void candidate(const struct wb_results *rs, unsigned site,
		      const struct wb_placement_params *p, const struct wb_placement *out,
		      struct wb_placement_candidate *c)
{
	const struct wb_device *data = &rs->sites[0].device, *here = &rs->sites[site].device;
	const struct wb_result *commit = find_row(rs, false, ROW_CANDIDATE, site);
	const struct wb_result *group = find_row(rs, true, ROW_CANDIDATE, site);

	snprintf(c->path, sizeof(c->path), "%s", rs->sites[site].path);
	name_device(here, c->device, sizeof(c->device));
	c->same_fs = here->dev_major == data->dev_major && here->dev_minor == data->dev_minor;
	c->same_device = c->same_fs || wb_device_shares(data, here);
	fill_row(&c->commit, commit);
	fill_row(&c->group, group);
	gain_of(find_row(rs, true, ROW_LOADED, 0), group, &c->gain);
	gain_of(find_row(rs, false, ROW_LOADED, 0), commit, &c->single_gain);
	gain_of(find_row(rs, true, ROW_IDLE, 0), group, &c->idle_gain);
	c->upper_bound = c->commit.measured && c->commit.p50_us < WB_PLACEMENT_CPU_BOUND_US;
	c->in_ram = wb_device_in_ram(here);
	judge(c, p, out);
	c->recommended = c->move && !c->in_ram;
	if (c->in_ram) {
		size_t len = strlen(c->reason);

		snprintf(c->reason + len, sizeof(c->reason) - len, " NOT DURABLE: it is memory "
			 "(%s); a power cut or reboot loses every commit on it and the cluster with "
			 "it, so walbench never recommends it.", c->device);
	}
}

/* The commands that move pg_wal to dir, for a new cluster and an existing one.
 * A command must never name a cut path: paths longer than STEP_PATH_MAX get
 * no commands, only a note. */
#define STEP_PATH_MAX 200
static void write_steps(struct wb_placement *out, const char *dir, bool pgdata_known)
{
	const char *pgdata = pgdata_known ? out->data : "$PGDATA";
	char wal[STEP_PATH_MAX + 8];
	size_t len = strlen(dir), k = 0;

	while (len > 1 && dir[len - 1] == '/')
		len--;
	if (len > STEP_PATH_MAX || strlen(pgdata) > STEP_PATH_MAX) {
		snprintf(out->steps[0], WB_PLACEMENT_STEP_LEN, "# The paths are too long to print "
			 "here; see the README (Moving pg_wal) for the steps.");
		out->nsteps = 1;
		return;
	}
	snprintf(wal, sizeof(wal), "%.*s/pg_wal", (int)len, dir);
#define STEP(...) snprintf(out->steps[k++], WB_PLACEMENT_STEP_LEN, __VA_ARGS__)
	STEP("# A new cluster: give initdb the WAL directory.");
	STEP("initdb -D %.200s --waldir=%s", pgdata, wal);
	STEP("# An existing cluster (%s must not exist yet; as root, then as postgres):", wal);
	STEP("pg_ctl -D %.200s stop -m fast", pgdata);
	STEP("install -d -o postgres -g postgres -m 700 %s", wal);
	STEP("cp -a %.200s/pg_wal/. %s/", pgdata, wal);
	STEP("mv %.200s/pg_wal %.200s/pg_wal.old && ln -s %s %.200s/pg_wal", pgdata, pgdata, wal,
	     pgdata);
	STEP("pg_ctl -D %.200s start", pgdata);
	STEP("rm -rf %.200s/pg_wal.old   # once the server is up and its log is clean", pgdata);
#undef STEP
	out->nsteps = k;
}

bool wb_placement_decide(const struct wb_results *rs, const struct wb_placement_params *p,
			 struct wb_placement *out)
{
	double best_gain = -INFINITY;
	size_t k;

	memset(out, 0, sizeof(*out));
	out->best = -1;
	out->rs = rs;
	if (!rs->sites || rs->nsites < 2) {
		out->failed = true;
		snprintf(out->failure, sizeof(out->failure), "no candidate directory was measured");
		out->wal_dir = rs->target;
		snprintf(out->headline, sizeof(out->headline), "No placement verdict: %.400s.",
			 out->failure);
		return false;
	}
	snprintf(out->data, sizeof(out->data), "%s", rs->sites[0].path);
	out->wal_dir = out->data;
	name_device(&rs->sites[0].device, out->data_device, sizeof(out->data_device));
	fill_row(&out->idle_commit, find_row(rs, false, ROW_IDLE, 0));
	fill_row(&out->idle_group, find_row(rs, true, ROW_IDLE, 0));
	fill_row(&out->loaded_commit, find_row(rs, false, ROW_LOADED, 0));
	fill_row(&out->loaded_group, find_row(rs, true, ROW_LOADED, 0));
	if (find_row(rs, true, ROW_LOADED, 0))
		out->group_committers = find_row(rs, true, ROW_LOADED, 0)->test.committers;
	describe_load(rs, out);
	if (find_failure(rs, out)) {
		out->failed = true;
		snprintf(out->headline, sizeof(out->headline), "No placement verdict: %.400s",
			 out->failure);
		return false;
	}
	describe_slowdown(rs, out);
	out->n = rs->nsites - 1;
	for (k = 0; k < out->n; k++) {
		candidate(rs, (unsigned)(k + 1), p, out, &out->c[k]);
		if (out->c[k].recommended && out->c[k].gain.pct > best_gain) {
			best_gain = out->c[k].gain.pct;
			out->best = (int)k;
		}
	}
	if (out->best >= 0) {
		const struct wb_placement_candidate *b = &out->c[out->best];

		out->wal_dir = b->path;
		snprintf(out->headline, sizeof(out->headline),
			 "Move pg_wal to %.200s: commits %s+%.0f %% [%.0f, %.0f] there while the data "
			 "volume is busy.", b->path, b->upper_bound ? "up to " : "", b->gain.pct,
			 b->gain.low, b->gain.high);
		write_steps(out, b->path, p->data_is_pgdata);
	} else {
		int ram = -1, depends = -1;

		for (k = 0; k < out->n; k++)
			if (out->c[k].move && out->c[k].in_ram)
				ram = (int)k;
		for (k = 0; k < out->n; k++)
			if (out->c[k].depends_on_load && !out->c[k].in_ram &&
			    (depends < 0 || out->c[k].gain.pct > out->c[depends].gain.pct))
				depends = (int)k;
		if (depends >= 0)
			snprintf(out->headline, sizeof(out->headline),
				 "pg_wal: it depends on the data volume's load. %.150s gains %+.0f %% "
				 "under an assumed load but not against the idle volume; measure the "
				 "server's write rate and run again with --data-load RATE/s.",
				 out->c[depends].path, out->c[depends].gain.pct);
		else if (ram >= 0)
			snprintf(out->headline, sizeof(out->headline),
				 "Keep pg_wal on %.150s: the one candidate that gains, %.150s, is "
				 "memory and would lose commits on a power cut.", out->data,
				 out->c[ram].path);
		else
			snprintf(out->headline, sizeof(out->headline),
				 "Keep pg_wal on %.200s: no candidate gains %.0f %% or more on commits.",
				 out->data, p->min_gain_pct);
	}
	return true;
}
