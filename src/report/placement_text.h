/* placement_text.h — prints where pg_wal belongs (advice/placement.h):
 * the verdict first, each candidate's reason, the figures behind them, and the
 * commands to move. Computes nothing. */
#ifndef WB_REPORT_PLACEMENT_TEXT_H
#define WB_REPORT_PLACEMENT_TEXT_H

#include "advice/placement.h"

void wb_placement_print(const struct wb_placement *pl, const struct wb_results *rs);

#endif
