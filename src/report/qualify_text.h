/* qualify_text.h — prints a qualification (advice/qualify.h): the question
 * first, then the chosen tier's verdict, each criterion's figure and interval beside its
 * threshold and source, every other tier in a line, the burst-against-sustained
 * line, the write-size sweep on a striped array (flushes/s and bytes/s at each
 * size, then its verdict), and the findings. Computes nothing. */
#ifndef WB_REPORT_QUALIFY_TEXT_H
#define WB_REPORT_QUALIFY_TEXT_H

#include "advice/qualify.h"
#include "facts/storage.h"
#include "model/schedule.h"
#include "plan/options.h"

/* The question, before the slices run on cfg->target: the tier, the budget and
 * the slice as sched fitted it (and when the budget shortened it); array, when
 * the write-size sweep runs on it (NULL: no sweep); then what the run cannot
 * show (f: too short for the trend, or for burst credits), up front. */
void wb_qualify_print_header(const struct wb_config *cfg, const struct wb_schedule *sched,
			     const struct wb_array *array, const struct wb_q_foresight *f);

void wb_qualify_print(const struct wb_qualification *q, const struct wb_results *rs);

#endif
