/* placement_text.c — see placement_text.h; the words are words.h's. */
#include "report/placement_text.h"

#include <stdio.h>

#include "report/run_text.h"
#include "report/sentence.h"
#include "report/words.h"

static void print_row(const char *where, const char *what, const struct wb_placement_row *r)
{
	if (!r->measured) {
		printf("  %-34.34s %-14s %12s\n", where, what, "not measured");
		return;
	}
	printf("  %-34.34s %-14s %12.1f %10.3f %10.3f\n", where, what, r->per_s, r->p50_us / 1e3,
	       r->p99_us / 1e3);
}

/* The (a), (b), (c) rows: what each placement did, commits and group commit. */
static void print_evidence(const struct wb_placement *pl, const struct wb_results *rs)
{
	/* pg_wal on a volume of its own: its rows are named for it, the load
	 * being the data volume's. */
	const char *idle = pl->wal_apart ? "its own volume, idle" : "data volume, idle";
	const char *loaded = pl->wal_apart ? "its own volume, data under load"
					   : "data volume, under the load";
	char group[32];
	size_t k;

	if (pl->wal_apart)
		printf("\npg_wal is on a volume of its own now: %s (the data directory: %s)\n",
		       pl->now, pl->data);
	snprintf(group, sizeof(group), "group of %u", pl->group_committers);
	printf("\nEvidence (commits/s, mean of %u interleaved rounds of trials of %.2f s; flush ms):\n",
	       rs->rounds, (double)rs->trial_ns / 1e9);
	printf("  %-34s %-14s %12s %10s %10s\n", "pg_wal on", "shape", "commits/s", "p50 ms",
	       "p99 ms");
	print_row(idle, "8 kB commit", &pl->idle_commit);
	print_row(idle, group, &pl->idle_group);
	print_row(loaded, "8 kB commit", &pl->loaded_commit);
	print_row(loaded, group, &pl->loaded_group);
	for (k = 0; k < pl->n; k++) {
		print_row(pl->c[k].path, "8 kB commit", &pl->c[k].commit);
		print_row(pl->c[k].path, group, &pl->c[k].group);
	}
	if (pl->live_load)
		printf("  the load: the server's own (it ran on the data volume throughout; "
		       "\"idle\" and \"under the load\" rows measured alike)\n");
	else
		printf("  the load: %.0f writes/s asked, %.0f kept up%s; its fsyncs %.1f ms mean, "
		       "%.1f ms max\n", pl->load_target_per_s, pl->load_achieved_per_s,
		       pl->load_kept_up ? "" : " (the data volume could not carry it: it was saturated)",
		       pl->load_fsync_mean_ms, pl->load_fsync_max_ms);
	if (rs->settled_in_s > 0)
		printf("  every candidate settled in %.1f s\n", rs->settled_in_s);
	else if (rs->interrupted)
		printf("  interrupted before every candidate was settled: run it again, "
		       "uninterrupted, to settle them\n");
	else if (wb_placement_all_same_fs(pl))
		printf("  the budget ran out before every interval was clear of --min-gain; on the "
		       "file system pg_wal is on now that decides nothing\n");
	else
		printf("  the budget ran out before every candidate was settled (99 %% interval clear "
		       "of --min-gain): more --budget would narrow the intervals\n");
}

void wb_placement_print_header(const struct wb_config *cfg, const struct wb_schedule *sched,
			       double load_per_s, double load_pct, bool live_load, size_t nrows)
{
	unsigned others = cfg->wal_candidates.n;
	/* pg_wal on a volume of its own: its commits there, the load in the data */
	const char *now = cfg->wal_now ? cfg->wal_now : cfg->target;
	const char *own = cfg->wal_now ? " (pg_wal's own volume)" : "";

	if (live_load)
		printf("Where should pg_wal live? Commits on %s%s and on %u other director%s while "
		       "the server runs on %s, its own load the only one: %zu rows, %.0f s.\n",
		       now, own, others, others == 1 ? "y" : "ies", cfg->target, nrows,
		       cfg->budget_ns / 1e9);
	else
		printf("Where should pg_wal live? Commits on %s%s, idle and under a checkpoint-like "
		       "load (%.0f%s), against %u other director%s with that load on %s: %zu rows, "
		       "%.0f s.\n", now, own, load_per_s > 0 ? load_per_s : load_pct,
		       load_per_s > 0 ? " writes/s" : " % of its random-write capacity", others,
		       others == 1 ? "y" : "ies", cfg->target, nrows, cfg->budget_ns / 1e9);
	if (!live_load && load_per_s <= 0)
		printf("  (a share of capacity is a guess at your server's load: --data-load RATE/s "
		       "with the data pages it writes per second predicts for it; see docs/usage.md)\n");
	wb_text_print_trial_fit(sched, "trials", "--trial-time", "--budget");
	fflush(stdout);
}

void wb_placement_print(const struct wb_placement *pl, const struct wb_results *rs)
{
	struct wb_placement_words w;
	char reason[WB_WORDS_CANDIDATE_LEN];
	size_t k;

	wb_words_placement(pl, &w);
	printf("\n%s\n", w.headline);
	if (pl->failed)
		return;
	printf("  %s\n", w.context);
	if (w.waits_for[0])
		printf("  NOTE: %s\n", w.waits_for);
	for (k = 0; k < pl->n; k++) {
		const struct wb_placement_candidate *c = &pl->c[k];

		printf("  %s %s (%s%s): %s\n", c->recommended ? "+" : c->in_ram ? "!" : "-",
		       c->path, c->device,
		       c->same_fs ? (pl->wal_apart ? ", same file system as pg_wal now"
						   : ", same file system as the data")
		       : c->same_device ? (pl->wal_apart ? ", same disk as pg_wal now"
							 : ", same disk as the data") : "",
		       wb_words_candidate(pl, c, reason, sizeof(reason)));
		if (c->single_gain.compared)
			printf("      single-session commits: %+.*f %% [%.*f, %.*f]\n",
			       WB_SENTENCE_PCT3(0, c->single_gain.pct, c->single_gain.low,
						c->single_gain.high));
	}
	print_evidence(pl, rs);
	wb_text_print_interrupted(rs);
	if (!w.nsteps)
		return;
	printf("\nTo move pg_wal to %s (the server must be stopped while it moves):\n", pl->wal_dir);
	for (k = 0; k < w.nsteps; k++)
		printf("  %s\n", w.steps[k]);
}
