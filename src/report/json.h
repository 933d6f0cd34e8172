/* json.h — the writer half of the results file: results as JSON (cJSON), the
 * keys spelled by results/schema.h. Keys are an interface: later versions add
 * keys, never rename them (docs/results-schema.md). */
#ifndef WB_REPORT_JSON_H
#define WB_REPORT_JSON_H

#include "advice/qualify.h"
#include "advice/recommend.h"
#include "plan/options.h"
#include "results/results.h"
#include "results/schema.h"

/* The verdicts a command adds to its results; v itself and each may be NULL. */
struct wb_json_verdicts {
	const struct wb_recommendation *rec;   /* recommend: "recommendation" */
	const struct wb_qualification *qual;   /* qualify: "qualification", "findings" */
	const struct wb_pg_observed *observed; /* observe, recommend --server: "observed" */
};

/* Serialises rs, the effective configuration of cmd and the verdicts to a
 * string the caller frees; NULL on allocation failure. */
char *wb_json_render(const struct wb_results *rs, const struct wb_config *cfg,
		     enum wb_command cmd, const struct wb_json_verdicts *v);

/* Writes rs to path atomically (temp file, fsync, rename), refusing a symlink.
 * 0 or -errno; *why names the failing step. */
int wb_json_write(const char *path, const struct wb_results *rs, const struct wb_config *cfg,
		  enum wb_command cmd, const struct wb_json_verdicts *v, const char **why);

#endif
