/* observed_keys.h — the results file's key for each of pgstat/observed.h's
 * counters, timers and missing-privilege codes: one mapping for the writer
 * (json_observed.c) and the reader (results_reader_observed.c). */
#ifndef WB_REPORT_OBSERVED_KEYS_H
#define WB_REPORT_OBSERVED_KEYS_H

#include "results/schema.h"
#include "pgstat/observed.h"

/* The key of enum wb_pg_counter c, wb_pg_timer t, wb_pg_missing m;
 * WB_KEY_COUNT out of range. */
enum wb_key wb_observed_counter_key(unsigned c);
enum wb_key wb_observed_timer_key(unsigned t);
enum wb_key wb_observed_missing_key(unsigned m);
/* The key of wait class w (enum wb_pg_wait). */
enum wb_key wb_observed_wait_key(unsigned w);
/* The key of the stats_reset of enum wb_pg_view v in a snapshot. */
enum wb_key wb_observed_reset_key(unsigned v);

#endif
