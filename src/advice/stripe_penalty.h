/* stripe_penalty.h — whether a flush smaller than an array's full stripe costs
 * more than its size explains (issue 35), from qualify's write-size sweep
 * (model/tier.h's wb_sweep_point). Pure: results in, a state, a remedy and the
 * figures out; report/words_qualify.c words it.
 * Trap: "more per byte" cannot be the raw bytes/s of an 8 kB flush against a
 * full stripe's: every flush has a fixed cost (the cache flush, the journal
 * commit), so small flushes move fewer bytes a second on any disk, array or
 * not. The full-stripe flushes (stripe and two stripes, whole stripes with no
 * parity to read back) give that fixed cost and the cost per byte, slice by
 * slice; a sub-stripe flush that takes longer than their line predicts for its
 * size pays for something the line does not: a read-modify-write. The
 * interval is over the slices, paired by round; the slices are not grouped
 * into batch means as run's comparisons are, so a device with memory (a token
 * bucket) makes it too narrow: rule 6 of qualify.c names such a device. */
#ifndef WB_ADVICE_STRIPE_PENALTY_H
#define WB_ADVICE_STRIPE_PENALTY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "facts/storage.h"
#include "model/tier.h"
#include "results/results.h"

/* A penalty must be at least this much more time per flush (the interval's
 * low end, %) before it is one: a read-modify-write reads data and parity
 * before it writes, +50 % or more on any disk whose reads cost what its writes
 * do, and below a fifth more per commit, moving pg_wal to another array is not
 * worth the work (qualify's trend uses the same 20 %, WB_TREND_DROP_PCT). */
#define WB_STRIPE_PENALTY_MIN_PCT 20.0

/* What stands in front of a parity array's members and absorbs a
 * read-modify-write, so that none can show (bits of wb_stripe_verdict.cached):
 * the reads it needs come from the cache, and a sub-stripe flush costs what
 * its size does whatever the layout. */
enum wb_member_cache {
	WB_CACHE_PAGE = 1u << 0,     /* a loop device without direct I/O: its backing file's
				      * page cache serves the reads */
	WB_CACHE_MEMORY = 1u << 1,   /* the member is memory (zram, a loop over tmpfs) */
	WB_CACHE_VOLATILE = 1u << 2, /* the member's disk has a volatile write cache (write back):
				      * what was just written reads back from it */
};

enum wb_stripe_state {
	WB_STRIPE_NOT_STRIPED,  /* no array with a chunk and a full stripe: no sweep */
	WB_STRIPE_NOT_MEASURED, /* a sweep row failed, or too few paired slices */
	WB_STRIPE_NO_PENALTY,   /* none, and none as large as the margin: nothing needs doing */
	WB_STRIPE_UNCLEAR,      /* none shown, but the interval still reaches the margin; or,
				 * on parity RAID, none shown through a cache (cached != 0) */
	WB_STRIPE_PENALTY,      /* a sub-stripe flush costs measurably more than its size explains */
	WB_STRIPE_STATE_COUNT
};

/* What to do about a penalty. */
enum wb_stripe_remedy {
	WB_STRIPE_REMEDY_NONE,   /* no penalty */
	WB_STRIPE_REMEDY_MIRROR, /* parity RAID: put pg_wal on a mirror (raid1, raid10) */
	WB_STRIPE_REMEDY_ALIGN,  /* no parity to read back: writes straddle chunks, so align
				  * the file system to the chunk (mkfs's stride/su options) */
};

/* One point of the sweep as measured. */
struct wb_sweep_figure {
	bool measured;             /* its row ran and has slices */
	uint64_t bytes;            /* one flush's write */
	double per_s, low, high;   /* flushes/s: the slices' mean and its 95 % t interval;
				    * -+INFINITY from one slice */
	double bytes_per_s;        /* per_s x bytes */
	size_t slices;
};

/* How much longer a sub-stripe flush took than the full-stripe line predicts
 * for its size, paired slice by slice: the mean difference of the times, as a
 * percentage of the line's mean time. */
struct wb_stripe_excess {
	bool known;                /* enough paired slices (WB_PAIRED_MIN) */
	double pct, low_pct, high_pct; /* more time per flush, %, with its 95 % interval */
	bool significant;          /* the interval excludes 0 and both halves of the run agree */
	size_t pairs;              /* slices the interval is made of */
};

/* The sweep's input: each point's row (NULL: not planned) and its bytes. */
struct wb_stripe_sweep {
	const struct wb_result *row[WB_SWEEP_COUNT];
	uint64_t bytes[WB_SWEEP_COUNT];
	int parity_disks;          /* the array's: 0 none, > 0 parity, -1 unknown */
	const struct wb_array *array; /* its members, for the caches in front of them; NULL none */
};

struct wb_stripe_verdict {
	enum wb_stripe_state state;
	enum wb_stripe_remedy remedy;
	int worst;                 /* PAGE or CHUNK: the point behind the state's words; -1 none */
	double margin_pct;         /* WB_STRIPE_PENALTY_MIN_PCT */
	struct wb_sweep_figure fig[WB_SWEEP_COUNT];
	struct wb_stripe_excess excess[WB_SWEEP_STRIPE]; /* PAGE and CHUNK */
	unsigned cached;           /* WB_CACHE_* bits: parity RAID whose members are cached, so
				    * no measured absence of a penalty clears it */
	int cached_member;         /* index in the array's members of the first cached one; -1 */
};

/* Judges the sweep: NOT_STRIPED when no stripe was swept; PENALTY when a
 * sub-stripe point's excess is significant with its low end at least the
 * margin; else, with some point known, NO_PENALTY when every known point's
 * interval tops out below the margin (ruled out: nothing needs doing) and
 * UNCLEAR when one still reaches it, or when the array has parity (or may)
 * and a member is cached (wb_stripe_cached): a cache cannot clear a parity
 * layout; NOT_MEASURED otherwise. */
void wb_stripe_penalty(const struct wb_stripe_sweep *in, struct wb_stripe_verdict *out);

/* The WB_CACHE_* bits of a's members (the first such member's index in
 * *member, -1 none): what hides a read-modify-write from the sweep. */
unsigned wb_stripe_cached(const struct wb_array *a, int *member);

/* "page-cache", "memory", "volatile-write-cache" for one WB_CACHE_* bit: what
 * scripts match. */
const char *wb_member_cache_name(enum wb_member_cache c);

/* "not-striped", "not-measured", "no-penalty", "unclear", "penalty"; "none", "mirror",
 * "align": what scripts match. */
const char *wb_stripe_state_name(enum wb_stripe_state s);
const char *wb_stripe_remedy_name(enum wb_stripe_remedy r);

#endif
