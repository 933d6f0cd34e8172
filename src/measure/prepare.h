/* prepare.h — the checks before a test's first I/O, shared by every loop. */
#ifndef WB_MEASURE_PREPARE_H
#define WB_MEASURE_PREPARE_H

#include "results/results.h"

/* Judges whether r->test can run here (method x engine, shape x capabilities,
 * the engine's probe with buf) and allocates r->hist when it can. Sets r->status:
 * OK (ready to run), NA (with the reason); returns 0 then. -errno when the test
 * is malformed or memory ran out (r->status is ERROR). */
int wb_test_prepare(struct wb_result *r, const void *buf);

#endif
