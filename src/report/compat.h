/* compat.h — pg_test_fsync's output, line for line, so scripts that parse
 * pg_test_fsync parse walbench compat unchanged. Streams: the label is printed
 * before a test runs and its figure after, as pg_test_fsync does. */
#ifndef WB_REPORT_COMPAT_H
#define WB_REPORT_COMPAT_H

#include <stdint.h>
#include "results/results.h"

struct wb_compat_report {
	int group;         /* section being printed; -1 before the first */
	bool fs_warning;   /* an n/a* was printed in this section */
};

void wb_compat_print_preamble(uint64_t duration_ns);
/* Hooks for wb_session_run (measure/session.h); ctx is a struct wb_compat_report starting at group -1. */
extern const struct wb_result_hooks wb_compat_hooks_template;
/* Ends the last section (its footnote, if any). */
void wb_compat_finish(struct wb_compat_report *rep);

#endif
