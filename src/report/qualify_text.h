/* qualify_text.h — prints a qualification (advice/qualify.h): the chosen
 * tier's verdict first, each criterion's figure and interval beside its
 * threshold and source, every other tier in a line, the burst-against-sustained
 * line, the write-size sweep on a striped array (flushes/s and bytes/s at each
 * size, then its verdict), and the findings. Computes nothing. */
#ifndef WB_REPORT_QUALIFY_TEXT_H
#define WB_REPORT_QUALIFY_TEXT_H

#include "advice/qualify.h"

void wb_qualify_print(const struct wb_qualification *q, const struct wb_results *rs);

#endif
