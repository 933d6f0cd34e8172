/* recommend.h — which wal_sync_method to set, decided from the sequential
 * decisions of a run (results/decide.h) over WAL-faithful tests: a pure function
 * of the results, with every figure and reason it used, so the reports only
 * print it and the unit tests feed it synthetic results. No I/O, no clock. */
#ifndef WB_ADVICE_RECOMMEND_H
#define WB_ADVICE_RECOMMEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "advice/advisory.h"
#include "advice/placement.h"
#include "results/results.h"


/* commit_delay pays only where a flush is slow enough that waiting half of one
 * lets other committers join it: below a millisecond (SSDs, battery-backed
 * caches) the delay costs each commit about as much as it could save. */
#define WB_COMMIT_DELAY_MIN_US 1000.0
/* PostgreSQL caps commit_delay at 100000 us (guc_tables.c). */
#define WB_COMMIT_DELAY_MAX_US 100000u
/* PostgreSQL's default, kept: the delay only applies with this many other
 * transactions active, so a lone committer never waits. */
#define WB_COMMIT_SIBLINGS 5
/* mixed: each part's gain counts half (stated in the output). */
#define WB_MIXED_OLTP_WEIGHT 0.5

#define WB_REC_MAX_LINES 6
#define WB_REC_MAX_ADVISORIES 16

/* What one part of the workload (commits, or bulk flushes) says. */
struct wb_part_verdict {
	bool measured;                 /* the run had tests of this part */
	bool decided;                  /* a SWITCH or KEEP, not the budget */
	enum wb_method_id method;      /* what it says to set */
	double gain_pct, low_pct, high_pct; /* that method against the default, 95 % */
	char why[240];
};

struct wb_recommendation {
	enum wb_workload workload;
	bool failed;                   /* a durability failure or error: no recommendation */
	char failure[320];
	enum wb_method_id method;      /* to set; WB_METHOD_COUNT when failed */
	bool change;                   /* differs from the default */
	bool significant;              /* the margin over the default is significant */
	double margin_pct, ci_low_pct, ci_high_pct; /* method against the default, 95 % */
	bool has_runner_up;
	enum wb_method_id runner_up;   /* the best other method */
	double runner_up_pct, runner_up_low, runner_up_high; /* it against `method`, 95 % */
	struct wb_part_verdict oltp, bulk;
	double flush_p50_us;           /* the method's median 8 kB commit flush; 0 if not measured */
	uint32_t commit_delay_us;
	uint32_t commit_siblings;
	char commit_reason[320];
	bool decided;                  /* every part decided within the budget */
	double decided_in_s;           /* when the last part was decided, or the whole run */
	char headline[480];            /* the decision, in one line */
	char reason[560];              /* why, in one or two sentences */
	struct wb_advisory advisories[WB_REC_MAX_ADVISORIES]; /* OS and device, warnings first */
	size_t nadvisories;
	char config[WB_REC_MAX_LINES][200];   /* postgresql.conf lines, each with its reason */
	char alter[WB_REC_MAX_LINES][160];    /* the same as ALTER SYSTEM statements */
	size_t nconfig, nalter;
	const struct wb_placement *placement; /* --wal-candidate's verdict; NULL without */
};

struct wb_recommend_params {
	enum wb_workload workload;
	double min_gain_pct;
	uint64_t shared_buffers;       /* the server's, bytes; 0 when not given */
};

/* Decides from rs (a run with decisions against the default method). Always
 * fills out; returns false when there is no recommendation (a failure). */
bool wb_recommend(const struct wb_results *rs, const struct wb_recommend_params *p,
		  struct wb_recommendation *out);

#endif
