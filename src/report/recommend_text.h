/* recommend_text.h — the `walbench recommend` text: the question it asks first, then
 * the decision in one line, the evidence (the rows that decided it, with their
 * intervals), commit_delay, the configuration to paste, and how long the decision took. */
#ifndef WB_REPORT_RECOMMEND_TEXT_H
#define WB_REPORT_RECOMMEND_TEXT_H

#include <stddef.h>

#include "advice/recommend.h"
#include "model/schedule.h"
#include "plan/options.h"
#include "results/results.h"

/* The question, before the method's ntests run on cfg->target: the workload, the
 * PostgreSQL version and wal_level WAL is opened as, the budget, and sched's
 * trials when the budget shortened them. */
void wb_recommend_print_header(const struct wb_config *cfg, const struct wb_schedule *sched,
			       size_t ntests);

void wb_recommend_print(const struct wb_results *rs, const struct wb_recommendation *rec);

#endif
