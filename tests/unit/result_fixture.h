/* result_fixture.h — the one test the unit tests of the line formats start
 * from (test_prom.c, test_tests_golden.c): one 8 kB write per flush, queue
 * depth 1, one job, on the method and engine given; the rest zero. */
#ifndef WB_TESTS_RESULT_FIXTURE_H
#define WB_TESTS_RESULT_FIXTURE_H

#include "results/results.h"

/* Clears r and describes its test so. */
void result_describe(struct wb_result *r, enum wb_method_id m, enum wb_engine_id e);

#endif
