/* placement.h — whether to move pg_wal to another volume, decided from a
 * placement run (plan/plan.h, wb_plan_placement): commits where pg_wal is now
 * (the data volume, or a volume of its own) under a checkpoint-like load on
 * the data volume against commits on each candidate while that load stays
 * on the data volume. A pure function of the results, with every
 * figure and reason code it used: no I/O, no printing, no clock, no sentences
 * (report/words.h words it). It points into the results it was decided from
 * (rs, failed_test, wal_dir): keep them alive while it is reported.
 * Trap: a load given as a share of the volume's capacity (the default, 30 %) is
 * a guess, and checked against real PostgreSQL it was wrong in both regimes
 * tried (a gain of +376 % measured +17 %, one of +1.5 % measured +21 %): under
 * an assumed load a move also needs the gain against the idle data volume, and
 * one that pays only under load is "depends on load", never "move". */
#ifndef WB_ADVICE_PLACEMENT_H
#define WB_ADVICE_PLACEMENT_H

#include <stdbool.h>
#include <stddef.h>

#include "advice/commit_wait.h"
#include "advice/placement_model.h"
#include "results/results.h"

/* Below this median flush time a commit costs the server more in CPU, locks
 * and WAL insertion than in the flush (pgbench on a RAM-backed pg_wal here ran
 * 20-40x faster, not the hundreds of times its flushes were): the flush gain is
 * then only an upper bound, and said so. */
#define WB_PLACEMENT_CPU_BOUND_US 100.0
/* The load kept this share of its pace, or the figures say the data volume
 * could not carry it (the load then measures a saturated volume). */
#define WB_PLACEMENT_LOAD_KEPT 0.9

/* One placement's figures: commits per second (the mean of its trials) and
 * the flush latency. */
struct wb_placement_row {
	bool measured;
	double per_s;
	double p50_us, p99_us;
};

/* One placement's commits against another's, paired by round at 95 %. */
struct wb_placement_gain {
	bool compared;           /* enough trials to compare */
	double pct, low, high;   /* the gain and its interval, percent */
	bool significant;
};

/* Why a candidate is judged as it is, in the order the rules are tried. */
enum wb_placement_why {
	WB_PLACE_NOT_COMPARED,   /* too few trials to compare its commits with the data's */
	WB_PLACE_DEPENDS_ON_LOAD, /* pays under the assumed load, not against the idle data */
	WB_PLACE_SAME_FS_GAINS,  /* gains, but on the data's own file system: noise or drift */
	WB_PLACE_MOVE,           /* gains at least --min-gain, single sessions do not lose */
	WB_PLACE_SINGLE_LOSES,   /* group commits gain, single sessions lose significantly */
	WB_PLACE_BELOW_MIN_GAIN, /* gains, less than --min-gain */
	WB_PLACE_SLOWER,         /* significantly slower */
	WB_PLACE_HALVES_DISAGREE, /* the interval misses 0, but the run's halves disagree */
	WB_PLACE_WITHIN_NOISE,   /* no gain either way */
};

/* A candidate's commit row measured again under the data writes its predicted
 * commits bring (advice/placement_load.h), the last round's figures. */
struct wb_placement_at_load {
	unsigned rounds;          /* rounds measured; 0 none */
	bool budget_out;          /* the rounds stopped for want of budget, not settled */
	double at_per_s;          /* the commits the load was scaled to */
	double pages_per_s;       /* the data writes a second that carried: the server's own
				   * (when it runs here) and walbench's together */
	double flush_ms, flush_ms_low, flush_ms_high; /* the candidate's commit row under it */
};

/* One candidate directory for pg_wal. */
struct wb_placement_candidate {
	char path[PATH_MAX];
	char device[64];         /* its disk ("vdb"), or its file system for one without */
	const struct wb_array *array; /* the array under it (kind NONE: none), in rs's sites */
	bool same_fs;            /* the data directory's own file system */
	bool same_device;        /* same file system, or a disk under both (wb_device_shares) */
	bool on_data_fs;         /* pg_wal apart now (wal_apart), and this is on the data
				  * directory's file system: the data writes there grow with
				  * the commits a move gains, which the model leaves out */
	struct wb_placement_row commit, group; /* (c): here, the load on the data volume */
	struct wb_placement_gain gain;        /* what decides: the model's gain in the server's
					       * commits where it predicts, else group commits
					       * against (b)'s */
	struct wb_placement_gain row_gain;    /* group commits against (b)'s, always */
	struct wb_model model;   /* the server's commits there (placement_model.h) */
	struct wb_placement_gain single_gain; /* single-session commits against (b)'s */
	struct wb_placement_gain idle_gain;   /* group commits against (a)'s: the data idle */
	bool move;               /* the measurement says moving pays, or it is the durable
				  * one to move to off memory (now_in_ram) */
	bool depends_on_load;    /* it pays under the assumed load, not against the idle
				  * data volume: the server's own write rate decides */
	bool in_ram;             /* memory-backed: never recommended, whatever it measures */
	bool recommended;        /* move, and not in memory */
	bool upper_bound;        /* flushes here so fast the server's CPU limits first, or
				  * on_data_fs and gaining: the data writes there grow with
				  * the commits, in a checkpoint's bursts (at its own load too) */
	struct wb_placement_at_load at_load; /* on_data_fs: the rounds measured under the data
				  * writes the predicted commits bring (rounds 0: none) */
	bool own_load;           /* at_load's last round carried the prediction's own data
				  * load (placement_load.h): the nearest bound measured */
	bool open;               /* no move shown, but its gain's 95 % interval still reaches
				  * --min-gain (within the noise, below the minimum or halves
				  * disagreeing; not memory, not the data's own file system):
				  * "no move" is not proven for it */
	enum wb_placement_why why;
};

/* The verdict. */
enum wb_placement_state {
	WB_PLACEMENT_FAILED,     /* no verdict: `failure` says why */
	WB_PLACEMENT_MOVE,       /* move pg_wal to c[best]: it gains, or pg_wal is on memory
				  * now (now_in_ram) and c[best] is the fastest durable one */
	WB_PLACEMENT_DEPENDS,    /* c[named] pays only under the assumed load: measure it */
	WB_PLACEMENT_KEEP_RAM,   /* keep: the one that gains, c[named], is memory */
	WB_PLACEMENT_KEEP,       /* keep: every candidate proven to gain less than --min-gain
				  * (its interval's top below it), or slower */
	WB_PLACEMENT_UNDECIDED,  /* keep for now: c[named]'s interval still reaches --min-gain
				  * (the open one reaching furthest); a longer --budget would
				  * settle it */
};

/* "failed", "move", "depends", "keep-ram", "keep", "undecided": the JSON's
 * placement_baseline.state. */
const char *wb_placement_state_name(enum wb_placement_state s);

/* Why there is no verdict. */
enum wb_placement_failure {
	WB_PLACEMENT_FAIL_NONE,
	WB_PLACEMENT_FAIL_NO_CANDIDATES, /* no candidate directory was measured */
	WB_PLACEMENT_FAIL_LOAD,  /* the data load failed (rs->load) */
	WB_PLACEMENT_FAIL_ROW,   /* a row failed: failed_test, durability failures first */
};

struct wb_placement {
	enum wb_placement_state state;
	bool failed;             /* state == WB_PLACEMENT_FAILED (a flag for the writers) */
	enum wb_placement_failure failure;
	const struct wb_result *failed_test; /* WB_PLACEMENT_FAIL_ROW: the row */
	char data[PATH_MAX];     /* the data directory, where the load ran */
	char now[PATH_MAX];      /* where pg_wal is now, where (a) and (b) ran: the data
				  * directory, or wal_apart's own volume */
	bool wal_apart;          /* pg_wal is on a volume of its own already */
	bool now_in_ram;         /* where pg_wal is now is memory: nothing there survives a
				  * power cut, so any durable candidate measured is the move
				  * (MOVE to the fastest of them, whatever it costs in commits) */
	char now_device[64];     /* now's disk, or its file system for one without */
	const struct wb_array *now_array; /* the array under now (kind NONE: none) */
	struct wb_placement_row idle_commit, idle_group;     /* (a) */
	struct wb_placement_row loaded_commit, loaded_group; /* (b) */
	unsigned group_committers; /* of the group-commit rows */
	bool slowdown_known;
	double slowdown_pct, slowdown_low, slowdown_high; /* (b) against (a), commits, 95 % */
	bool slowdown_significant;
	/* The load: what it was asked, what it kept up. */
	double load_target_per_s, load_achieved_per_s, load_capacity_per_s, load_pct;
	double load_fsync_mean_ms, load_fsync_max_ms;
	bool load_kept_up;
	struct wb_placement_candidate c[WB_MAX_SITES - 1];
	size_t n;
	int best;                /* the candidate to move to; -1 to keep pg_wal */
	int named;               /* DEPENDS, KEEP_RAM, UNDECIDED: the candidate the verdict names;
				  * else -1 */
	const char *wal_dir;     /* where pg_wal should be: the best candidate or now */
	double min_gain_pct;     /* the params': what a move had to gain */
	bool live_load;          /* the params' */
	struct wb_commit_wait commit_wait; /* with a server: what its commits wait for (a
				  * standby's: pg_wal here is not what they wait for) */
	bool data_is_pgdata;     /* the params': the steps can name the data directory */
	const struct wb_results *rs; /* the run it was decided from: its rows, for reports */
};

struct wb_placement_params {
	double min_gain_pct;
	const struct wb_pg_observed *server; /* recommend --server/--observed: the model
					      * predicts its commits; NULL none */
	bool live_load;          /* the server runs on the data volume now: its own load was
				  * the load, no synthetic one ran */
	bool data_is_pgdata;     /* the data directory holds PG_VERSION: commands can name it */
	const char *data_dir;    /* pg_wal on a volume of its own: the data directory, where
				  * the load ran while site 0, pg_wal's, had (a) and (b);
				  * NULL: site 0 is the data directory */
	bool on_data_fs[WB_MAX_SITES]; /* with data_dir: site k is on its file system */
	struct wb_placement_at_load at_load[WB_MAX_SITES]; /* on_data_fs sites measured again
				  * at the predicted commits' data load; rounds 0: not */
};

/* Decides from rs (a placement run: rs->sites set, tests from
 * wb_plan_placement). Always fills out; returns false when there is no verdict
 * (a failure, or the rows are missing). */
bool wb_placement_decide(const struct wb_results *rs, const struct wb_placement_params *p,
			 struct wb_placement *out);

/* The model's input from a commit row: its mean flush time and 95 % interval,
 * from its rate's (one session, back to back: a flush per op); NAN when it did
 * not measure. For a row measured again (struct wb_placement_at_load). */
void wb_placement_flush_of(const struct wb_result *r, double *ms, double *low, double *high);

/* Every candidate is on the data directory's own file system: no move was
 * measured at all, whatever the intervals say. */
bool wb_placement_all_same_fs(const struct wb_placement *pl);

#endif
