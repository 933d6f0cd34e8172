/* tier.c — the names of qualify's shapes, its sweep's points and metrics, and
 * tier lookup. */
#include "model/tier.h"

#include <string.h>

const char *const wb_q_shape_names[WB_Q_SHAPE_COUNT] = {
	[WB_Q_SHAPE_COMMIT] = "commit",
	[WB_Q_SHAPE_ETCD] = "etcd",
};

const char *const wb_sweep_point_names[WB_SWEEP_COUNT] = {
	[WB_SWEEP_PAGE] = "page",
	[WB_SWEEP_CHUNK] = "chunk",
	[WB_SWEEP_STRIPE] = "stripe",
	[WB_SWEEP_TWO_STRIPES] = "two_stripes",
};

const char *const wb_sweep_labels[WB_SWEEP_COUNT] = {
	[WB_SWEEP_PAGE] = "commit", /* wb_q_shape_names[WB_Q_SHAPE_COMMIT]: the same row */
	[WB_SWEEP_CHUNK] = "sweep chunk",
	[WB_SWEEP_STRIPE] = "sweep stripe",
	[WB_SWEEP_TWO_STRIPES] = "sweep 2 stripes",
};

const char *const wb_q_metric_names[WB_Q_METRIC_COUNT] = {
	[WB_Q_FLUSHES_PER_S] = "flushes_per_s",
	[WB_Q_P99_MS] = "p99_ms",
};

const struct wb_tier *wb_tier_find(const struct wb_tiers *tiers, const char *name)
{
	size_t i;

	for (i = 0; i < tiers->n; i++)
		if (strcmp(tiers->t[i].name, name) == 0)
			return &tiers->t[i];
	return NULL;
}
