/* progress.h — one self-overwriting line on stderr while a long run lasts
 * (round, test i of n, elapsed, time left, the test's figure so far), for a
 * person watching a terminal; nothing when stderr is not a TTY or with --quiet,
 * so logs and pipes stay clean. */
#ifndef WB_REPORT_PROGRESS_H
#define WB_REPORT_PROGRESS_H

#include <stdbool.h>

#include "results/results.h"

/* hooks with the progress line added when wanted (stderr a TTY, not quiet):
 * base's before/after stay. Returns the hooks to pass to the session; call
 * wb_progress_end once the run is over. */
const struct wb_result_hooks *wb_progress_hooks(const struct wb_result_hooks *base, bool quiet,
						struct wb_result_hooks *storage);

/* Clears the line, if one was drawn. */
void wb_progress_end(void);

#endif
