/* qualify.h — a disk's verdict against a tier (model/tier.h), the trend of its
 * flush rate over the run (burst against sustained), and the plausibility
 * findings on its flushes. Pure functions of the results and the device facts:
 * no I/O, no printing, no clock, no sentences (report/words.h words them).
 * Trap: a qualification points into the results it judged (rs, failed_test)
 * and at the tier name it was asked: keep them alive while it is reported. */
#ifndef WB_ADVICE_QUALIFY_H
#define WB_ADVICE_QUALIFY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "advice/slow_member.h"
#include "advice/stripe_penalty.h"
#include "advice/burst_match.h"
#include "model/burst_volume.h"
#include "model/tier.h"
#include "results/bucket.h"
#include "results/results.h"

/* A rotational disk flushes at most once a turn; the fastest sold spin at
 * 15,000 rpm, 250 turns a second. More flushes than that did not reach the
 * platter. */
#define WB_MAX_ROTATIONAL_FLUSHES 250.0
/* A flush whose median is within this factor of an unsynced write of the same
 * size did no work a flush must do (diskchecker.pl's lore, and pg_test_fsync's
 * "write" row). */
#define WB_FLUSH_LIKE_WRITE_FACTOR 1.5
/* The rate fell during the run when the sustained rate (the last half of the
 * slices) is this much below the burst (the first third): write caches, SLC
 * areas and thermal limits show as drops of tens of percent. */
#define WB_TREND_DROP_PCT 20.0
/* The burst is the first third of the slices, never fewer than this many when
 * there are slices enough: one slice is as likely noise as a burst (a single
 * slow first slice read as "53 % lower" once). */
#define WB_TREND_BURST_MIN 2
/* The trend needs this many slices of the commit shape: a third for the burst
 * (WB_TREND_BURST_MIN at least) and a half for the sustained rate, two each at
 * least for a spread. With fewer, a burst and a sustained rate look alike, so
 * no rate is known to be sustained (rule 6). */
#define WB_TREND_MIN_SLICES 4
/* The fastest flush durable storage makes: the write itself must reach media
 * or a power-loss-protected cache, an uncached 8 kB write, and the fdatasync
 * adds the kernel's block path and, on a file system, its journal's write.
 * The fastest NVMe drives quote about 10 us or more for a 4 kB write at queue
 * depth 1: Intel Optane SSD DC P4800X, "typical latency (R/W) <10 us" (its
 * product brief, as AnandTech's review tables it, measured 8-9 us), Micron
 * 9200 with its power-backed cache, 21 us to media (its datasheet). A newer
 * Optane flushing a raw device may come near this line. A median commit flush
 * below it on storage that is not memory was acknowledged, not made (rule 8);
 * `walbench verify` tells the rare exception. */
#define WB_MIN_DURABLE_FLUSH_US 10.0

/* The smallest WAL write: one XLOG_BLCKSZ page, 8 kB unless PostgreSQL was
 * built otherwise. A commit of one page writes this much; on parity RAID a
 * write under the full stripe is a partial-stripe write. */
#define WB_WAL_PAGE_BYTES 8192u

enum wb_q_result { WB_Q_PASS, WB_Q_FAIL, WB_Q_INCONCLUSIVE, WB_Q_NOT_MEASURED };

/* Why a criterion is inconclusive (wb_q_outcome.why); wb_q_why_name gives each
 * its stable name, report/words.h its words. */
enum wb_q_why {
	WB_Q_WHY_NONE,             /* not inconclusive: the result says it all */
	WB_Q_WHY_STRADDLES,        /* the interval straddles the threshold (rule 3) */
	WB_Q_WHY_FEW_FLUSHES,      /* a p99 of fewer than 100 flushes: no interval at all */
	WB_Q_WHY_FEW_SLICES,       /* would pass, but the commit shape had too few slices to
				    * show its rate sustained (rule 6), or the rate too few
				    * for an interval */
	WB_Q_WHY_BURST,            /* would pass, but the storage may sell bursts and the run
				    * was shorter than WB_BURST_OBSERVE_S (rule 6) */
	WB_Q_WHY_DROPPED,          /* would pass, but the commit rate fell in the run, and no
				    * bucket judged the drop (rule 6) */
	WB_Q_WHY_OTHER_BUCKET,     /* would pass, but another shape's bucket ran dry and this
				    * shape's showed none: it may hold more credits */
	WB_Q_WHY_COUNT
};

/* One measured figure with its 95 % interval. */
struct wb_q_figure {
	bool measured;
	double value, low, high;
};

struct wb_q_outcome {
	struct wb_q_criterion crit;
	struct wb_q_figure fig;
	enum wb_q_result result;
	enum wb_q_why why;         /* INCONCLUSIVE: why; WB_Q_WHY_NONE otherwise */
};

struct wb_q_tier_verdict {
	char name[32];
	enum wb_q_result verdict;  /* fail if any fails, else inconclusive if any is, else pass;
				    * then the gate: memory fails, too fast a flush passes nothing */
	bool gated;                /* the gate decided the verdict: memory's fail, or too fast
				    * a flush's inconclusive (whatever else held it back) */
	struct wb_q_outcome o[WB_TIER_MAX_CRITERIA];
	size_t n;
};

/* The commit shape's rate over the run, slice by slice. */
struct wb_q_trend {
	bool sliced;               /* wb_q_trend_of ran: there was a commit row to read */
	bool known;                /* enough slices to say */
	size_t slices;             /* the commit row's slices (not the run's rounds: a
				    * round's slice may be dropped, or not run) */
	double burst_per_s;        /* the first third of the slices (WB_TREND_BURST_MIN at least) */
	double sustained_per_s;    /* the last half */
	size_t nburst, nsustained; /* slices behind each */
	double drop_low, drop_high; /* burst - sustained, flushes/s: its 95 % t interval, the
				    * sustained half's spread as the noise */
	bool fell;                 /* sustained more than WB_TREND_DROP_PCT below burst, and
				    * the drop larger than the noise (drop_low > 0) */
	double fell_after_s;       /* when the slices stayed below the midpoint; in
				    * wb_qualification.trend, the bucket's drop where one ran dry */
	bool bucket;               /* in wb_qualification.trend: the commit row's bucket ran
				    * dry, and burst_per_s and sustained_per_s are its burst
				    * and baseline (the fall has its cause) */
};

/* Whether the rates a tier reads are the sustained ones (issue 36: a burst-credit
 * volume passed a 3-minute run on its burst and collapsed in production). */
enum wb_sustained {
	WB_SUSTAINED_NOT_JUDGED,   /* no sliced commit row; or (dropped) the commit rate fell by
				    * more than the noise and no bucket could be judged: not
				    * sustained, and no rate passes */
	WB_SUSTAINED_BUCKET,       /* a bucket ran dry in the run: rates judged on its baseline */
	WB_SUSTAINED_STEADY,       /* no drop, and none expected of this storage or run */
	WB_SUSTAINED_UNKNOWN,      /* no drop seen, but the rate may be a burst: none passes */
	WB_SUSTAINED_COUNT
};

/* Why a rate may be a burst (bits of wb_q_burst.suspects). Plain local
 * storage has none, so its rates are never held back. */
enum wb_burst_suspect {
	WB_SUSPECT_THROTTLED = 1u << 0, /* I/O granted in time slices (results/throttle.h), as a
					 * provisioned cloud volume's IOPS limit is */
	WB_SUSPECT_VIRTUAL = 1u << 1,   /* a hypervisor's disk: the provider's limits are unseen,
					 * unless the provider table says its kinds have no credits */
	WB_SUSPECT_NO_BLOCK_DEVICE = 1u << 2, /* no block device under the file system, and not
					 * memory: NFS, virtiofs, FUSE, a cloud file service (EFS,
					 * Filestore, Azure Files), where credits and throttles live
					 * out of sight */
	WB_SUSPECT_FEW_SLICES = 1u << 3, /* fewer than WB_TREND_MIN_SLICES slices of the commit
					 * shape: the run was too short to see a drop at all */
};

/* Why a drop the trend saw was not judged as a bucket (wb_q_burst.not_judged). */
enum wb_not_judged {
	WB_NOT_JUDGED_NO_DROP,     /* nothing fell: not this */
	WB_NOT_JUDGED_FEW_SLICES,  /* fewer than WB_BUCKET_MIN_SLICES slices of the shape */
	WB_NOT_JUDGED_SHORT_SIDE,  /* the drop left fewer than WB_BUCKET_MIN_SIDE slices before it */
	WB_NOT_JUDGED_NOT_A_STEP,  /* enough slices, but no step down to a flat plateau: a drift,
				    * or a drop too shallow for a bucket */
	WB_NOT_JUDGED_COUNT
};

/* A run this long outlasts the burst of a full bucket: gp2's 5.4 million
 * credits last 30 minutes at 3,000 IOPS (AWS EBS docs, "gp2 volumes: I/O
 * credits and burst performance"); five minutes more for the refill's share. */
#define WB_BURST_OBSERVE_S 2100.0

struct wb_q_burst {
	enum wb_sustained state;
	unsigned suspects;         /* WB_SUSPECT_* bits behind UNKNOWN */
	struct wb_bucket bucket[WB_Q_SHAPE_COUNT]; /* each shape's slices, judged */
	int shape;                 /* the shape whose bucket the reports show; -1 none */
	double run_s;              /* how long the run measured */
	double observe_s;          /* WB_BURST_OBSERVE_S: the --duration that would tell */
	const struct wb_burst_table *table; /* the provider fact table asked; NULL none */
	struct wb_burst_match volume; /* the provider's volume the storage is, by the table */
	bool ruled_out;            /* a hypervisor's disk not held back: every kind it may be
				    * has no credits, in its provider's word */
	/* NOT_JUDGED with a drop: the commit trend's figures, and why no bucket. */
	bool dropped;              /* the commit rate fell by more than the noise, unjudged */
	enum wb_not_judged not_judged;
	struct wb_q_trend trend;   /* the commit shape's (also wb_qualification.trend) */
	size_t slices;             /* the commit shape's slices */
	double settle_s;           /* FEW_SLICES: wb_q_trend_min_s of the run's tests at
				    * slice_s, the figure the foresight said before the run:
				    * a shorter --duration also shortens the slices to keep
				    * two of each shape, so it needs both */
	double slice_s;            /* the slice asked, or the run's when longer (throttled) */
	bool in_memory;            /* memory: no provider's credits, and never durable */
};

/* What a qualify plan cannot show, foreseen before it measures from the plan
 * and the storage's facts, so that the text says it up front and not only
 * after minutes of measuring: too short a --duration for the trend (rule 6's
 * few slices), and storage that may sell bursts measured for less than a
 * bucket lasts. Either way no rate criterion can pass. */
struct wb_q_foresight {
	double planned_slices;     /* the commit shape's slices the plan gives, on average */
	bool trend_short;          /* fewer than WB_TREND_MIN_SLICES + 1 of them on average */
	double trend_min_s;        /* the least --duration (whole seconds) that gives each shape
				    * WB_TREND_MIN_SLICES + 1 slices on average at the slice
				    * asked, which it then does not shorten */
	double slice_s;            /* that slice: the one asked (--slice or its default) */
	double short_slice_s;      /* or the longest slice (whole ms) that gives them as many
				    * in this --duration; it is at least 26 ms, above --slice's
				    * least, as --duration is 1 s at least and a plan at most 6 tests */
	unsigned suspects;         /* WB_SUSPECT_VIRTUAL, _NO_BLOCK_DEVICE: the device's */
	bool burst_short;          /* suspects, and a --duration under WB_BURST_OBSERVE_S */
	double observe_s;          /* WB_BURST_OBSERVE_S */
};

/* The least --duration (whole seconds) that gives each of ntests tests
 * WB_TREND_MIN_SLICES + 1 slices of slice_s on average (jittered as
 * model/schedule.h says): the one figure the foresight says before a run and
 * the burst's line after it. */
double wb_q_trend_min_s(size_t ntests, double slice_s);

/* The foresight of a qualify plan: budget_ns split among ntests tests in
 * slices of trial_ns (as the plan fitted them; asked_ns the length asked,
 * each jittered as model/schedule.h says), on storage d, with the provider
 * fact table (NULL: none) asked as rule 6 asks it after the run. */
void wb_q_foresee(const struct wb_device *d, const struct wb_burst_table *table,
		  uint64_t budget_ns, uint64_t trial_ns, uint64_t asked_ns, size_t ntests,
		  struct wb_q_foresight *out);

/* What overrules the criteria, decided before the tiers (rule 8). */
enum wb_q_gate {
	WB_GATE_NONE,
	WB_GATE_IN_MEMORY,         /* memory-backed (tmpfs, ramfs, zram, brd): nothing survives a
				    * reboot, so every tier fails */
	WB_GATE_TOO_FAST,          /* the median commit flush is faster than durable storage
				    * flushes (WB_MIN_DURABLE_FLUSH_US): probably acknowledged,
				    * not made, so no tier passes until `verify` proves it */
	WB_GATE_COUNT
};

enum wb_finding_severity { WB_FINDING_INFO, WB_FINDING_WARN };

/* What a finding found; wb_finding_name gives each its stable name. */
enum wb_finding_code {
	WB_FINDING_IN_MEMORY,      /* the target is memory: nothing survives a power cut */
	WB_FINDING_FASTER_THAN_ROTATION, /* more flushes/s than a rotational disk can turn */
	WB_FINDING_LIKE_A_WRITE,   /* a commit flush no slower than an unsynced write */
	WB_FINDING_VOLATILE_NO_FUA, /* a volatile write cache and no FUA */
	WB_FINDING_VIRTUAL_DISK,   /* the flags are the hypervisor's */
	WB_FINDING_MEMBER_FAULTY,  /* an md member is faulty: the array runs degraded */
	WB_FINDING_MEMBER_VOLATILE_NO_FUA, /* an array member's disk: volatile cache, no FUA */
	WB_FINDING_PARTIAL_STRIPE, /* parity RAID whose full stripe is larger than a WAL page
				    * (the layout's fact: the sweep did not measure it) */
	WB_FINDING_STRIPE_PENALTY, /* the sweep measured a partial-stripe penalty */
	WB_FINDING_STRIPE_NO_PENALTY, /* the sweep measured none: nothing needs doing */
	WB_FINDING_STRIPE_UNCLEAR, /* the sweep showed none but could not rule one out */
	WB_FINDING_MEMBER_SLOW,    /* an array member's writes took far longer than the others' */
	WB_FINDING_TOO_FAST,       /* a commit flush faster than durable storage flushes */
	WB_FINDING_COUNT
};

struct wb_finding {
	enum wb_finding_code code;
	enum wb_finding_severity severity;
	double rate_per_s;         /* FASTER_THAN_ROTATION: the 8 kB commit flushes/s */
	double flush_us, write_us; /* LIKE_A_WRITE: median commit flush and unsynced write;
				    * TOO_FAST: flush_us alone */
	unsigned member;           /* MEMBER_*: index in the device\'s array.members */
	double member_ms, others_ms; /* MEMBER_SLOW: its mean write time, the others' median */
};

#define WB_Q_MAX_FINDINGS 16 /* room for a finding on each member of a small array */

struct wb_qualification {
	bool failed;               /* an error or durability failure: no verdict */
	const struct wb_result *failed_test; /* the failure: durability failures first */
	const char *asked;         /* the tier asked for (--tier); NULL when none */
	struct wb_q_tier_verdict tiers[WB_TIERS_MAX];
	size_t ntiers;
	int chosen;                /* index of --tier in tiers[]; -1 when not found */
	struct wb_q_trend trend;
	struct wb_q_burst burst;   /* decided before the tiers: their rates read it */
	enum wb_q_gate gate;       /* decided before the tiers: their verdicts read it */
	double gate_flush_us;      /* TOO_FAST: the median commit flush */
	struct wb_stripe_verdict stripe; /* the write-size sweep on a striped array (rule 7) */
	struct wb_slow_member slow;  /* the array's slowest member in the run (rule 7) */
	struct wb_finding findings[WB_Q_MAX_FINDINGS];
	size_t nfindings;
	const struct wb_results *rs; /* the run it judged: its target and device, for reports */
};

/* Judges rs (a qualify run: tests as wb_plan_qualify lays them out) against
 * every tier, names the chosen one, finds the trend and the findings; table
 * (NULL: none) is the provider fact table rule 6 asks about the storage, kept
 * in out->burst, so it must outlive out. Returns false when there is no
 * verdict (a failure). */
bool wb_qualify(const struct wb_results *rs, const struct wb_tiers *tiers,
		const struct wb_burst_table *table, const char *tier,
		struct wb_qualification *out);

/* One criterion: value against threshold with the interval. Exposed for tests. */
enum wb_q_result wb_q_judge(const struct wb_q_criterion *c, const struct wb_q_figure *f);

/* The trend of a series of slice rates (in time order) with their start times. */
void wb_q_trend_of(const double *rates, const double *start_s, size_t n, struct wb_q_trend *out);

const char *wb_q_result_name(enum wb_q_result r);

/* Whether rs's rates are sustained: each shape's bucket, the commit trend's
 * drop when no bucket ran dry, the provider's volume by table (NULL: none),
 * and the suspects (see qualify.c's rule 6). Exposed for tests. */
void wb_q_burst_of(const struct wb_results *rs, const struct wb_burst_table *table,
		   struct wb_q_burst *out);

/* "bucket", "steady", "unknown", "not judged": what scripts match. */
const char *wb_sustained_name(enum wb_sustained s);

/* "few-slices", "short-side", "not-a-step"; "" for NO_DROP: what scripts match. */
const char *wb_not_judged_name(enum wb_not_judged w);

/* "straddles", "burst-not-ruled-out", ...; "" for NONE: what scripts match. */
const char *wb_q_why_name(enum wb_q_why w);

/* "storage-in-memory", "flush-faster-than-rotation", ...: what scripts match. */
const char *wb_finding_name(enum wb_finding_code c);

#endif
