/* tests_fields.h — a test's fields as one table (tests_fields.c) over
 * results/saved.h's struct wb_saved_test: the JSON writer and reader, the
 * CSV's columns and the Prometheus samples and their labels all walk it. */
#ifndef WB_REPORT_TESTS_FIELDS_H
#define WB_REPORT_TESTS_FIELDS_H

#include "report/fields.h"
#include "results/results.h"
#include "results/saved.h"

/* The CSV's columns (a row's .csv, from 1). */
#define WB_TEST_CSV_COLUMNS 37

extern const struct wb_fields wb_test_fields;

/* tests_trials.c: the per-trial arrays' rows (fields.h's WB_F_CUSTOM). */
void wb_write_trial_rates(cJSON *o, enum wb_key key, const void *base);
void wb_write_trial_rounds(cJSON *o, enum wb_key key, const void *base);
int wb_read_trial_rates(struct reader *rd, const cJSON *arr, void *base);
int wb_read_trial_rounds(struct reader *rd, const cJSON *arr, void *base);

/* r, measured, as it reads back from the file into t, in the file's units;
 * its per_job into jobs (r->njobs of them; NULL: left out). t's strings
 * point into r and rs. */
void wb_saved_test_of(const struct wb_results *rs, const struct wb_result *r,
		      struct wb_saved_test *t, struct wb_saved_job *jobs);

#endif
