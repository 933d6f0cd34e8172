/* words_placement.c — a placement verdict's sentences (words.h): the headline,
 * the failure, what the load did, each candidate's reason (with the array it
 * sits on, named), and the commands that move pg_wal.
 * Trap: a command must never name a cut path; paths longer than STEP_PATH_MAX
 * get a pointer to docs/usage.md instead of commands. */
#include "report/words.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "facts/array.h"
#include "model/units.h"
#include "report/sentence.h"

/* A gain and its interval, as "%+.*f %% [%.*f, %.*f]" takes them: whole
 * percents unless one would read 100 % without being it (sentence.h). */
#define GAIN3(p, l, h) WB_SENTENCE_PCT3(0, p, l, h)
#define GAIN(g) GAIN3((g)->pct, (g)->low, (g)->high)
/* The decimals of g's three, for a figure of g printed on its own. */
#define GAIN_D(g) wb_sentence_pct_digits(0, (g)->pct, (g)->low, (g)->high)

const char *wb_words_placement_failure(const struct wb_placement *pl, char *buf, size_t len)
{
	const struct wb_result *r = pl->failed_test;

	switch (pl->failure) {
	case WB_PLACEMENT_FAIL_NO_CANDIDATES:
		snprintf(buf, len, "no candidate directory was measured");
		break;
	case WB_PLACEMENT_FAIL_LOAD:
		snprintf(buf, len, "%s%s", pl->rs && pl->rs->load.durability_failure
			 ? "DURABILITY FAILURE: " : "", pl->rs ? pl->rs->load.reason : "");
		break;
	case WB_PLACEMENT_FAIL_ROW:
		snprintf(buf, len, "%s%s (%.200s): %s", r && r->durability_failure
			 ? "DURABILITY FAILURE: " : "", r ? r->test.label : "?",
			 r && r->site.file[0] ? r->site.file : "?", r ? r->reason : "");
		break;
	case WB_PLACEMENT_FAIL_NONE:
		snprintf(buf, len, "%s", "");
		break;
	}
	return buf;
}

/* " It is on md0, raid5 of sdb1, sdc1, sdd1 (full stripe 128kB)." of dir's
 * array (who: "It", "The data"), or "" with none: a DBA weighing a move must
 * see which members the WAL would share. */
static const char *array_note(const struct wb_array *a, const char *who, char *buf, size_t len)
{
	char stripe[16];
	size_t used;
	unsigned i;

	buf[0] = '\0';
	if (!a || a->kind == WB_ARRAY_NONE)
		return buf;
	used = (size_t)snprintf(buf, len, " %s is on %s %s, %s of", who,
				wb_array_kind_name(a->kind), a->device, a->level);
	for (i = 0; i < a->n_members && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s %s", i ? "," : "",
					 a->members[i].name);
	if (a->members_truncated && used < len)
		used += (size_t)snprintf(buf + used, len - used, ", ...");
	wb_format_size(a->stripe, stripe, sizeof(stripe));
	if (used < len)
		snprintf(buf + used, len - used, a->stripe ? " (full stripe %s)." : ".", stripe);
	return buf;
}

/* Where (a) and (b) ran, as a sentence names it: pg_wal's volume when it has
 * one of its own, else the data's. */
static const char *now_name(const struct wb_placement *pl)
{
	return pl->wal_apart ? "pg_wal's own volume" : "the data volume";
}

/* The same-device note, or "". */
static const char *shared_note(const struct wb_placement *pl,
			       const struct wb_placement_candidate *c)
{
	if (c->same_fs)
		return pl->wal_apart ? " It is on the file system pg_wal is on now: no move."
				     : " It is on the data's own file system, so it shares the "
				       "data's I/O.";
	if (c->same_device)
		return pl->wal_apart ? " It shares a disk with pg_wal's own volume (see the device "
				       "stack): separate I/O limits measure apart here, but one "
				       "disk under both may still be shared."
				     : " It shares a disk with the data (see the device stack): "
				       "separate I/O limits measure apart here, but one disk under "
				       "both may still be shared.";
	return "";
}

/* "Same file system, no gain", "Shares a disk, no gain" or "No move, no gain". */
static const char *no_gain_lead(const struct wb_placement_candidate *c)
{
	return c->same_fs ? "Same file system" : c->same_device ? "Shares a disk" : "No move";
}

const char *wb_words_model_gain(enum wb_model_clip clip, double pct, double low, double high,
				char *buf, size_t len)
{
	int d = wb_sentence_pct_digits(0, pct, low, high);

	if (clip == WB_CLIP_ALL)
		snprintf(buf, len, "capped at %+.*f %%", wb_sentence_pct_digits(0, pct, pct, pct), pct);
	else
		snprintf(buf, len, "%+.*f %%%s [%.*f, %.*f]", d, pct,
			 clip == WB_CLIP_POINT ? " at most" : "", d, low, d, high);
	return buf;
}

/* A candidate's gain as the sentences give it: the model's as its caps left
 * it, else the rows' with their interval. */
static const char *gain_words(const struct wb_placement_candidate *c, char *buf, size_t len)
{
	const struct wb_placement_gain *g = &c->gain;

	if (c->model.known)
		return wb_words_model_gain(c->model.clip, g->pct, g->low, g->high, buf, len);
	snprintf(buf, len, "%+.*f %% [%.*f, %.*f]", GAIN(g));
	return buf;
}

/* The predicted commits as the caps left them: "172/s [150, 191]", "at most
 * 1020/s [364, 1020]", "capped at 121/s". */
static const char *per_s_words(const struct wb_model *m, char *buf, size_t len)
{
	if (m->clip == WB_CLIP_ALL)
		snprintf(buf, len, "capped at %.0f/s", m->per_s);
	else
		snprintf(buf, len, "%s%.0f/s [%.0f, %.0f]", m->clip == WB_CLIP_POINT ? "at most " : "",
			 m->per_s, m->low, m->high);
	return buf;
}

/* What a cap is, with its figure: "what /srv/wal can flush (330 flushes/s,
 * 3.1 commits a flush)", "the host's CPUs (1200/s)". */
static const char *cap_words(const struct wb_placement_candidate *c, enum wb_model_limit l,
			     char *buf, size_t len)
{
	const struct wb_model *m = &c->model;

	if (l == WB_LIMIT_DEVICE)
		snprintf(buf, len, "what %.200s can flush (%.0f flushes/s, %.1f commits a flush)",
			 c->path, m->cand_flushes_per_s, m->commits_per_flush);
	else
		snprintf(buf, len, "the host's CPUs (%.0f/s)", m->high);
	return buf;
}

/* The model's prediction in the server's commits, with its terms and what caps
 * it (placement_model.h); appended to the candidate's words. A capped figure
 * is said to be one: the point at the interval's top is "at most" and the cap
 * named, and an interval cut to its point is none. */
static void model_words(const struct wb_placement *pl, const struct wb_placement_candidate *c,
			char *buf, size_t len)
{
	const struct wb_model *m = &c->model;
	char cap[2048] = "", what[1000], mine[64], gain[WB_WORDS_MODEL_GAIN_LEN], per[64];

	/* the point is the middle of the CPU's floor and top (placement_model.h) */
	if (m->clip == WB_CLIP_TOP && m->limit == WB_LIMIT_CPU)
		snprintf(cap, sizeof(cap), "; the host's CPU limits it: %.0f/s at the CPU a commit "
			 "takes now, up to %.0f/s as a busier server takes less a commit, and the "
			 "window cannot tell where between: the prediction is their middle%s%s",
			 m->cpu_cap_per_s, fmin(m->cpu_cap_high_per_s, m->high),
			 m->high_limit == WB_LIMIT_DEVICE ? "; the interval's top is capped by " : "",
			 m->high_limit == WB_LIMIT_DEVICE
				 ? cap_words(c, WB_LIMIT_DEVICE, what, sizeof(what)) : "");
	else if (m->clip == WB_CLIP_TOP)
		snprintf(cap, sizeof(cap), "; the interval's top is capped by %s",
			 cap_words(c, m->high_limit, what, sizeof(what)));
	else if (m->clip == WB_CLIP_POINT)
		snprintf(cap, sizeof(cap), ", capped by %s",
			 cap_words(c, m->limit, what, sizeof(what)));
	else if (m->clip == WB_CLIP_ALL)
		snprintf(cap, sizeof(cap), ", by %s, both ends of its interval too",
			 cap_words(c, m->limit, what, sizeof(what)));
	snprintf(mine, sizeof(mine), "walbench's on %s", now_name(pl));
	snprintf(buf, len, " The server's commits%s: %.0f/s now, %s predicted here (%s)%s: a "
		 "flush here takes %.3f ms against %.3f ms (%s), and its sessions spent %.0f %% of "
		 "their time waiting for the flush and %.0f %% for row locks held across commits.",
		 m->commits_writes ? " that write" : "", m->commits_per_s,
		 per_s_words(m, per, sizeof(per)),
		 wb_words_model_gain(m->clip, m->gain_pct, m->gain_low, m->gain_high, gain,
				     sizeof(gain)), cap,
		 m->flush_ratio * m->flush_ms, m->flush_ms,
		 m->flush_ms_server ? "the server's own" : mine,
		 100 * m->wal_share, 100 * m->lock_share);
}

/* An open candidate (placement.h): no move shown, none ruled out. Never "not
 * worth a move": that is said only once the interval tops out below the gain. */
static void open_words(const struct wb_placement *pl, const struct wb_placement_candidate *c,
		       const char *shown, char *buf, size_t len)
{
	const struct wb_placement_gain *g = &c->gain;
	char gain[WB_WORDS_MODEL_GAIN_LEN];

	snprintf(buf, len, "Undecided: commits %s here, %s, but it may gain up to %+.*f %%, past "
		 "--min-gain %.0f %%; a longer --budget would settle it.%s",
		 gain_words(c, gain, sizeof(gain)), shown, GAIN_D(g), g->high, pl->min_gain_pct,
		 shared_note(pl, c));
}

/* A candidate on the data volume that gains (placement_load.h): the data load
 * its prediction was measured at, or why it is only a bound. Returns the bytes
 * written (snprintf's, as the caller adds them up). */
static size_t at_load_words(const struct wb_placement_candidate *c, char *buf, size_t len)
{
	const struct wb_placement_at_load *a = &c->at_load;
	int n;

	if (c->own_load)
		n = snprintf(buf, len, " It is on the data volume, whose data writes grow with the "
			     "commits: measured with the data writes the predicted commits bring, "
			     "%.0f pages/s (for %.0f commits/s, round %u), and still at most: a "
			     "checkpoint writes in bursts that walbench's steady load does not.",
			     a->pages_per_s, a->at_per_s, a->rounds);
	else if (a->rounds)
		n = snprintf(buf, len, " It is on the data volume, whose data writes grow with the "
			     "commits: last measured with %.0f pages/s (for %.0f commits/s, round "
			     "%u), not yet the load of the commits predicted%s, so it is a bound.",
			     a->pages_per_s, a->at_per_s, a->rounds,
			     a->budget_out ? ": the budget ran out first (a longer --budget would "
			     "settle it)" : "");
	else
		n = snprintf(buf, len, " It is on the data volume: the server's data writes there "
			     "grow with the commits a move gains, and the load measured did not%s, so "
			     "expect less.", a->budget_out ? " (no budget was left to measure it "
			     "again at the predicted commits' load)" : "");
	return n < 0 ? 0 : (size_t)n < len ? (size_t)n : len - 1;
}

const char *wb_words_candidate(const struct wb_placement *pl,
			       const struct wb_placement_candidate *c, char *buf, size_t len)
{
	const char *note = shared_note(pl, c);
	char array[400], against[480], gain[WB_WORDS_MODEL_GAIN_LEN];
	const struct wb_placement_gain *g = &c->gain;
	unsigned n = pl->group_committers;
	size_t used;

	switch (c->why) {
	case WB_PLACE_NOT_COMPARED:
		snprintf(buf, len, "Not enough trials to compare commits here with %s's; give it "
			 "more --budget.%s", now_name(pl), note);
		break;
	case WB_PLACE_DEPENDS_ON_LOAD:
		if (pl->wal_apart)
			snprintf(against, sizeof(against), "%.200s while %.200s took an assumed load",
				 pl->now, pl->data);
		else
			snprintf(against, sizeof(against), "%.200s under an assumed load", pl->data);
		snprintf(buf, len, "Depends on load: commits +%.*f %% [%.*f, %.*f] here with %u "
			 "committers against %s (%.0f %% of its capacity, "
			 "%.0f writes/s), but %+.*f %% [%.*f, %.*f] against it idle. Moving pays only "
			 "if the server's checkpoints and background writes keep the data volume "
			 "about that busy: measure the server's data write rate (docs/usage.md: Where "
			 "pg_wal belongs) and run again with --data-load RATE/s.%s",
			 GAIN(g), n, against, pl->load_pct, pl->load_achieved_per_s,
			 GAIN(&c->idle_gain), note);
		break;
	case WB_PLACE_SAME_FS_GAINS:
		snprintf(buf, len, "Same file system, no move: commits %s here, but the same "
			 "storage cannot be faster for pg_wal than %s; the difference is noise or "
			 "drift between the directories' turns.%s", gain_words(c, gain, sizeof(gain)),
			 pl->wal_apart ? "where it is now" : "for the data", note);
		break;
	case WB_PLACE_MOVE:
		/* Memory gains and is never advised: its line never opens with
		 * "Move" (the NOT DURABLE sentence below says why). */
		if (c->model.known) {
			snprintf(buf, len, "%s: commits %s here.%s",
				 c->in_ram ? "Faster, but not durable" : "Move",
				 gain_words(c, gain, sizeof(gain)), note);
			break;
		}
		snprintf(buf, len, "Commits +%.*f %% [%.*f, %.*f] here with %u committers (%.0f per "
			 "second, flush p50 %.3f ms) against %.0f on %.200s under the same load; "
			 "single sessions %+.*f %%.%s%s",
			 GAIN(g), n, c->group.per_s, c->group.p50_us / 1e3,
			 pl->loaded_group.per_s, pl->now, GAIN_D(&c->single_gain), c->single_gain.pct,
			 /* a bound for the data volume's writes is said below */
			 c->upper_bound && !c->on_data_fs ? " The flushes here are faster than the "
			 "server's own cost of "
			 "a commit, so expect less: the server's CPU, not this disk, will set the "
			 "commit rate." : " A flush-rate gain bounds the commit-rate gain: expect up "
			 "to this much.", note);
		break;
	case WB_PLACE_SINGLE_LOSES:
		snprintf(buf, len, "Commits with %u committers gain %.*f %% [%.*f, %.*f], but single "
			 "sessions lose %.*f %% [%.*f, %.*f]: no move.%s", n, GAIN(g),
			 GAIN3(-c->single_gain.pct, -c->single_gain.high, -c->single_gain.low), note);
		break;
	case WB_PLACE_BELOW_MIN_GAIN:
		if (c->open)
			open_words(pl, c, "less than the minimum", buf, len);
		else
			snprintf(buf, len, "Commits %s here, less than --min-gain %.0f %%: not worth a "
				 "move.%s", gain_words(c, gain, sizeof(gain)), pl->min_gain_pct, note);
		break;
	case WB_PLACE_SLOWER:
		/* memory is faster than any disk: slower is no reason to stay there */
		if (pl->now_in_ram && !c->in_ram)
			snprintf(buf, len, "Slower than memory: commits %s here, but durable, which "
				 "where pg_wal is now is not.%s", gain_words(c, gain, sizeof(gain)), note);
		else
			snprintf(buf, len, "Slower: commits %s here; keep pg_wal where it is.%s",
				 gain_words(c, gain, sizeof(gain)), note);
		break;
	case WB_PLACE_HALVES_DISAGREE:
		snprintf(buf, len, "%s, no gain shown: commits %s here, but the two halves of the run "
			 "disagree, so it may be drift; more --budget would tell.%s", no_gain_lead(c),
			 gain_words(c, gain, sizeof(gain)), note);
		break;
	case WB_PLACE_WITHIN_NOISE:
		if (c->open)
			open_words(pl, c, "no gain shown", buf, len);
		else
			snprintf(buf, len, "%s, no gain: commits %s here, within the noise.%s",
				 no_gain_lead(c), gain_words(c, gain, sizeof(gain)), note);
		break;
	}
	used = strlen(buf);
	if (c->model.known) {
		model_words(pl, c, buf + used, len - used);
		used = strlen(buf);
	}
	if (c->on_data_fs && c->gain.pct > 0 && used < len)
		used += at_load_words(c, buf + used, len - used);
	if (used < len)
		used += (size_t)snprintf(buf + used, len - used, "%s",
					 array_note(c->array, "It", array, sizeof(array)));
	if (c->in_ram && used < len)
		snprintf(buf + used, len - used, " NOT DURABLE: it is memory (%s); a power cut or "
			 "reboot loses every commit on it and the cluster with it, so walbench never "
			 "recommends it.", c->device);
	return buf;
}

/* What the load did to (group) commits where pg_wal is now: (b) against (a). */
static void context(const struct wb_placement *pl, char *buf, size_t size)
{
	char array[400], there[240] = "there";
	size_t len;

	if (pl->wal_apart)
		snprintf(there, sizeof(there), "on %.200s, pg_wal's own volume", pl->now);
	if (pl->live_load) {
		snprintf(buf, size, "The server ran on %.200s throughout, its own load the only one "
			 "there: walbench added none.", pl->data);
		goto out_array;
	}
	len = (size_t)snprintf(buf, size, "A checkpoint-like load of %.0f random 8 kB writes/s "
			       "on %.200s", pl->load_achieved_per_s, pl->data);
	if (pl->load_pct > 0)
		len += (size_t)snprintf(buf + len, size - len, " (%.0f %% of the %.0f/s it can take)",
					pl->load_pct, pl->load_capacity_per_s);
	if (!pl->slowdown_known)
		snprintf(buf + len, size - len, ": too few trials to say what it does to commits "
			 "%s.", there);
	else if (pl->slowdown_significant)
		/* The figures are the group rows': named, so they are not read
		 * as single sessions' (which the table gives apart). */
		snprintf(buf + len, size - len, " slows commits %s by %.*f %% [%.*f, %.*f] (%u "
			 "committers: %.0f -> %.0f per second).", there, GAIN3(pl->slowdown_pct,
			 pl->slowdown_low, pl->slowdown_high), pl->group_committers,
			 pl->idle_group.per_s, pl->loaded_group.per_s);
	else
		snprintf(buf + len, size - len, " does not slow commits %s measurably (%+.*f %% "
			 "[%.*f, %.*f]): %s, so moving pg_wal has little to gain.", there,
			 GAIN3(-pl->slowdown_pct, -pl->slowdown_high, -pl->slowdown_low),
			 pl->wal_apart ? "the data volume's load does not reach it"
				       : "the volume has I/O to spare");
out_array:
	len = strlen(buf);
	if (len < size)
		snprintf(buf + len, size - len, "%s",
			 array_note(pl->now_array, pl->wal_apart ? "pg_wal's own volume" : "The data",
				    array, sizeof(array)));
}

static void headline(const struct wb_placement *pl, const char *failure, char *buf, size_t len)
{
	const struct wb_placement_candidate *b = pl->best >= 0 ? &pl->c[pl->best] : NULL;
	const struct wb_placement_candidate *x = pl->named >= 0 ? &pl->c[pl->named] : NULL;
	char gain[WB_WORDS_MODEL_GAIN_LEN], per[64];

	switch (pl->state) {
	case WB_PLACEMENT_FAILED:
		snprintf(buf, len, "No placement verdict: %.400s%s", failure,
			 pl->failure == WB_PLACEMENT_FAIL_NO_CANDIDATES ? "." : "");
		break;
	case WB_PLACEMENT_MOVE:
		if (b && pl->now_in_ram) {
			snprintf(buf, len, "Move pg_wal off memory to %.100s: where it is now, %.100s, "
				 "is %.40s, where a power cut or reboot loses every commit and the cluster "
				 "with it; commits there %s against memory's, the cost of durability.",
				 b->path, pl->now, pl->now_device, gain_words(b, gain, sizeof(gain)));
			break;
		}
		if (b && b->model.known) {
			const struct wb_model *m = &b->model;
			bool at_cap = m->clip == WB_CLIP_POINT || m->clip == WB_CLIP_ALL;
			char brought[96];

			snprintf(brought, sizeof(brought), ", at most, measured with the data "
				 "writes they bring (%.0f pages/s)", b->at_load.pages_per_s);
			snprintf(buf, len, "Move pg_wal to %.200s: the server's commits %s there, %s "
				 "predicted from %.0f/s now%s.", b->path, gain_words(b, gain, sizeof(gain)),
				 per_s_words(m, per, sizeof(per)), m->commits_per_s,
				 b->on_data_fs && b->own_load ? brought : b->on_data_fs
				 ? ", at most: the data volume's own writes grow with them" : at_cap && m->limit == WB_LIMIT_DEVICE
				 ? ", capped by what it can flush" : at_cap ? ", capped by the host's CPUs"
				 : m->limit == WB_LIMIT_CPU ? ", the host's CPU the limit" : "");
			break;
		}
		snprintf(buf, len, "Move pg_wal to %.200s: commits %s+%.*f %% [%.*f, %.*f] there "
			 "while the data volume is busy.", b ? b->path : "?",
			 b && b->upper_bound ? "up to " : "", GAIN3(b ? b->gain.pct : 0,
			 b ? b->gain.low : 0, b ? b->gain.high : 0));
		break;
	case WB_PLACEMENT_DEPENDS:
		snprintf(buf, len, "pg_wal: it depends on the data volume's load. %.150s gains %+.*f "
			 "%% under an assumed load but not against the idle volume; measure the "
			 "server's write rate and run again with --data-load RATE/s.",
			 x ? x->path : "?", x ? GAIN_D(&x->gain) : 0, x ? x->gain.pct : 0);
		break;
	case WB_PLACEMENT_KEEP_RAM:
		snprintf(buf, len, "Keep pg_wal on %.150s: the one candidate that gains, %.150s, is "
			 "memory and would lose commits on a power cut.", pl->now, x ? x->path : "?");
		break;
	case WB_PLACEMENT_KEEP:
		/* A candidate on the data's own file system is no move at all,
		 * whatever its interval: "no candidate gains 5 %" beside its
		 * [-8, 8] and a budget that ran out read as an unproven claim. */
		if (wb_placement_all_same_fs(pl))
			snprintf(buf, len, "Keep pg_wal on %.200s: every candidate is on its file "
				 "system, where moving pg_wal changes nothing; name a directory on "
				 "another volume to measure a move.", pl->now);
		else
			snprintf(buf, len, "Keep pg_wal on %.200s: no candidate gains %.0f %% or more "
				 "on commits.", pl->now, pl->min_gain_pct);
		break;
	case WB_PLACEMENT_UNDECIDED:
		snprintf(buf, len, "Undecided: keep pg_wal on %.150s for now: %.150s may gain up to "
			 "%+.*f %% on commits (%s), past --min-gain %.0f %%; a longer --budget would "
			 "settle it.", pl->now, x ? x->path : "?", x ? GAIN_D(&x->gain) : 0,
			 x ? x->gain.high : 0, x ? gain_words(x, gain, sizeof(gain)) : "?",
			 pl->min_gain_pct);
		break;
	}
}

/* The commands that move pg_wal to dir, for a new cluster and an existing one. */
#define STEP_PATH_MAX 200
#define STEP(...) snprintf(w->steps[k++], WB_PLACEMENT_STEP_LEN, __VA_ARGS__)

/* An existing cluster's pg_wal on a volume of its own: the link (or mount
 * point) is renamed first, so that the new pg_wal may be the data
 * directory's own again (back_home), and the WAL is copied through it. The
 * old volume's files are never removed by a printed command: it may be a
 * mount point, or hold more than pg_wal. */
static void apart_steps(const char *pgdata, const char *wal, bool back_home,
			struct wb_placement_words *w, size_t *at)
{
	size_t k = *at;

	STEP("# An existing cluster, whose pg_wal is on a volume of its own now (%s must not "
	     "exist yet; pg_ctl as postgres, the rest as root):", back_home ? "pg_wal.old" : wal);
	STEP("# (these are for a link, as initdb --waldir makes; for a volume mounted at "
	     "%.200s/pg_wal see docs/usage.md, Moving pg_wal)", pgdata);
	STEP("pg_ctl -D %.200s stop -m fast", pgdata);
	STEP("mv %.200s/pg_wal %.200s/pg_wal.old", pgdata, pgdata);
	STEP("install -d -o postgres -g postgres -m 700 %s", wal);
	STEP("cp -a %.200s/pg_wal.old/. %s/", pgdata, wal);
	if (!back_home)
		STEP("ln -s %s %.200s/pg_wal", wal, pgdata);
	STEP("pg_ctl -D %.200s start", pgdata);
	STEP("rm %.200s/pg_wal.old   # the old link, once the server is up and its log is clean; "
	     "the old WAL files stay where they were until you remove them", pgdata);
	*at = k;
}
static void steps(const struct wb_placement *pl, const char *dir, struct wb_placement_words *w)
{
	const char *pgdata = pl->data_is_pgdata ? pl->data : "$PGDATA";
	char wal[STEP_PATH_MAX + 8];
	size_t len = strlen(dir), k = 0;
	bool back_home;

	while (len > 1 && dir[len - 1] == '/')
		len--;
	if (len > STEP_PATH_MAX || strlen(pgdata) > STEP_PATH_MAX) {
		snprintf(w->steps[0], WB_PLACEMENT_STEP_LEN, "# The paths are too long to print "
			 "here; see docs/usage.md (Moving pg_wal) for the steps.");
		w->nsteps = 1;
		return;
	}
	snprintf(wal, sizeof(wal), "%.*s/pg_wal", (int)len, dir);
	/* Back into the data directory only when it is the cluster's own (a
	 * DIR that is not is a directory on the data volume, $PGDATA elsewhere):
	 * there initdb needs no --waldir, and the old link no successor. */
	back_home = pl->wal_apart && pl->data_is_pgdata && strlen(pl->data) == len &&
		    strncmp(dir, pl->data, len) == 0;
	if (back_home) {
		STEP("# A new cluster: initdb keeps pg_wal in the data directory.");
		STEP("initdb -D %.200s", pgdata);
	} else {
		STEP("# A new cluster: give initdb the WAL directory.");
		STEP("initdb -D %.200s --waldir=%s", pgdata, wal);
	}
	if (pl->wal_apart) {
		apart_steps(pgdata, wal, back_home, w, &k);
		w->nsteps = k;
		return;
	}
	STEP("# An existing cluster (%s must not exist yet; pg_ctl as postgres, the rest as root):", wal);
	STEP("pg_ctl -D %.200s stop -m fast", pgdata);
	STEP("install -d -o postgres -g postgres -m 700 %s", wal);
	STEP("cp -a %.200s/pg_wal/. %s/", pgdata, wal);
	STEP("mv %.200s/pg_wal %.200s/pg_wal.old && ln -s %s %.200s/pg_wal", pgdata, pgdata, wal,
	     pgdata);
	STEP("pg_ctl -D %.200s start", pgdata);
	STEP("rm -rf %.200s/pg_wal.old   # once the server is up and its log is clean", pgdata);
#undef STEP
	w->nsteps = k;
}

void wb_words_placement(const struct wb_placement *pl, struct wb_placement_words *w)
{
	memset(w, 0, sizeof(*w));
	if (pl->failed)
		wb_words_placement_failure(pl, w->failure, sizeof(w->failure));
	else
		context(pl, w->context, sizeof(w->context));
	headline(pl, w->failure, w->headline, sizeof(w->headline));
	wb_words_commit_wait(&pl->commit_wait, "where pg_wal lives", w->waits_for,
			     sizeof(w->waits_for));
	if (pl->state == WB_PLACEMENT_MOVE && pl->best >= 0)
		steps(pl, pl->c[pl->best].path, w);
}
