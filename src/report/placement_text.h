/* placement_text.h — prints where pg_wal belongs (advice/placement.h): the
 * question and the load it is asked under, then the verdict, each candidate's reason, the figures behind them, and the
 * commands to move. Computes nothing. */
#ifndef WB_REPORT_PLACEMENT_TEXT_H
#define WB_REPORT_PLACEMENT_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "advice/placement.h"
#include "model/schedule.h"
#include "plan/options.h"

/* The question, before nrows rows run on cfg->target and its candidates: under
 * the live server's own load (live_load), or under a synthetic one of load_per_s
 * writes/s, or else load_pct % of the data volume's random-write capacity; and
 * sched's trials, when the budget shortened them. */
void wb_placement_print_header(const struct wb_config *cfg, const struct wb_schedule *sched,
			       double load_per_s, double load_pct, bool live_load, size_t nrows);

void wb_placement_print(const struct wb_placement *pl, const struct wb_results *rs);

#endif
