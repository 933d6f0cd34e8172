/* recommend_text.h — the `walbench recommend` text: the decision in one line first,
 * then the evidence (the rows that decided it, with their intervals), commit_delay,
 * the configuration to paste, and how long the decision took. */
#ifndef WB_REPORT_RECOMMEND_TEXT_H
#define WB_REPORT_RECOMMEND_TEXT_H

#include "advice/recommend.h"
#include "results/results.h"

void wb_recommend_print(const struct wb_results *rs, const struct wb_recommendation *rec);

#endif
