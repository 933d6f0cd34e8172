/* qualify.h — a disk's verdict against a tier (model/tier.h), the trend of its
 * flush rate over the run (burst against sustained), and the plausibility
 * findings on its flushes. Pure functions of the results and the device facts:
 * no I/O, no printing, no clock. */
#ifndef WB_ADVICE_QUALIFY_H
#define WB_ADVICE_QUALIFY_H

#include <stdbool.h>
#include <stddef.h>

#include "model/tier.h"
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
 * slices) is this much below the burst (the first slices): write caches, SLC
 * areas and thermal limits show as drops of tens of percent. */
#define WB_TREND_DROP_PCT 20.0

enum wb_q_result { WB_Q_PASS, WB_Q_FAIL, WB_Q_INCONCLUSIVE, WB_Q_NOT_MEASURED };

/* One measured figure with its 95 % interval. */
struct wb_q_figure {
	bool measured;
	double value, low, high;
};

struct wb_q_outcome {
	struct wb_q_criterion crit;
	struct wb_q_figure fig;
	enum wb_q_result result;
	char why[240];
};

struct wb_q_tier_verdict {
	char name[32];
	enum wb_q_result verdict;  /* fail if any fails, else inconclusive if any is, else pass */
	struct wb_q_outcome o[WB_TIER_MAX_CRITERIA];
	size_t n;
};

/* The commit shape's rate over the run, slice by slice. */
struct wb_q_trend {
	bool known;                /* enough slices to say */
	double burst_per_s;        /* the first slices */
	double sustained_per_s;    /* the last half */
	bool fell;                 /* sustained more than WB_TREND_DROP_PCT below burst */
	double fell_after_s;       /* when the slices stayed below the midpoint */
	char line[240];            /* "sustained X/s after Y s; burst Z/s" */
};

enum wb_finding_severity { WB_FINDING_INFO, WB_FINDING_WARN };

struct wb_finding {
	char name[48];             /* "flush-faster-than-rotation", ... */
	enum wb_finding_severity severity;
	char evidence[320];
	char advice[200];
};

#define WB_Q_MAX_FINDINGS 8

struct wb_qualification {
	bool failed;               /* an error or durability failure: no verdict */
	char failure[400];
	struct wb_q_tier_verdict tiers[WB_TIERS_MAX];
	size_t ntiers;
	int chosen;                /* index of --tier in tiers[]; -1 when not found */
	struct wb_q_trend trend;
	struct wb_finding findings[WB_Q_MAX_FINDINGS];
	size_t nfindings;
	char headline[320];
};

/* Judges rs (a qualify run: tests as wb_plan_qualify lays them out) against
 * every tier, names the chosen one, finds the trend and the findings. Returns
 * false when there is no verdict (a failure). */
bool wb_qualify(const struct wb_results *rs, const struct wb_tiers *tiers, const char *tier,
		struct wb_qualification *out);

/* One criterion: value against threshold with the interval. Exposed for tests. */
enum wb_q_result wb_q_judge(const struct wb_q_criterion *c, const struct wb_q_figure *f);

/* The trend of a series of slice rates (in time order) with their start times. */
void wb_q_trend_of(const double *rates, const double *start_s, size_t n, struct wb_q_trend *out);

const char *wb_q_result_name(enum wb_q_result r);

#endif
