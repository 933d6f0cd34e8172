/* tier.h — what `qualify` holds a disk to: named tiers, each a list of
 * criteria on a measured shape (a PostgreSQL commit, etcd's WAL write), every
 * threshold with the source it came from. Loaded from profiles/tiers.json (or
 * --tiers FILE) by plan/tiers.c, judged by advice/qualify.c. */
#ifndef WB_MODEL_TIER_H
#define WB_MODEL_TIER_H

#include <stdbool.h>
#include <stddef.h>

/* The shapes qualify measures; each criterion names one. */
enum wb_q_shape {
	WB_Q_SHAPE_COMMIT, /* "commit": 8 kB append + fdatasync, as PostgreSQL commits */
	WB_Q_SHAPE_ETCD,   /* "etcd": 2300-byte sequential write + fdatasync, as etcd's fio check */
	WB_Q_SHAPE_COUNT
};

/* What a criterion looks at. */
enum wb_q_metric {
	WB_Q_FLUSHES_PER_S, /* "flushes_per_s": sustained rate, at least the threshold */
	WB_Q_P99_MS,        /* "p99_ms": 99th percentile flush latency, at most the threshold */
	WB_Q_METRIC_COUNT
};

#define WB_TIER_MAX_CRITERIA 8
#define WB_TIERS_MAX 16

struct wb_q_criterion {
	enum wb_q_shape shape;
	enum wb_q_metric metric;
	double threshold;        /* flushes/s (at least) or milliseconds (at most) */
	char source[240];        /* where the number comes from, printed beside it */
};

struct wb_tier {
	char name[32];           /* what --tier takes: "oltp-primary", "standard", "etcd" */
	char description[160];
	struct wb_q_criterion c[WB_TIER_MAX_CRITERIA];
	size_t n;
};

struct wb_tiers {
	struct wb_tier t[WB_TIERS_MAX];
	size_t n;
};

/* The JSON names of the enums above, indexed by them. */
extern const char *const wb_q_shape_names[WB_Q_SHAPE_COUNT];
extern const char *const wb_q_metric_names[WB_Q_METRIC_COUNT];

/* The tier named name, or NULL. */
const struct wb_tier *wb_tier_find(const struct wb_tiers *tiers, const char *name);

#endif
