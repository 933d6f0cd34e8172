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

/* The write-size sweep qualify adds on a striped array (issue 35): a flush at
 * each point, appended as the commit is. The page point IS the commit shape's
 * row (one 8 kB WAL page), so only the other three are rows of their own. */
enum wb_sweep_point {
	WB_SWEEP_PAGE,        /* 8 kB: the commit shape */
	WB_SWEEP_CHUNK,       /* one chunk: what one member takes of a stripe */
	WB_SWEEP_STRIPE,      /* a full stripe: chunk x data members, no parity to read back */
	WB_SWEEP_TWO_STRIPES, /* two full stripes: with the stripe, the cost per byte */
	WB_SWEEP_COUNT
};

/* The JSON names of the sweep's points ("page", "chunk", "stripe",
 * "two_stripes") and the labels of their rows ("commit" for the page). */
extern const char *const wb_sweep_point_names[WB_SWEEP_COUNT];
extern const char *const wb_sweep_labels[WB_SWEEP_COUNT];

/* The sweep is planned only while two full stripes fit twice in the 16 MiB
 * file the commit recycles (plan.c): a wider array's stripe is a data
 * warehouse's, and its sweep would time bandwidth, not flushes. */
#define WB_SWEEP_MAX_BYTES (8u << 20)

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
