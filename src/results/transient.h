/* transient.h — where a test's warm-up transient ends, found from its trials
 * (MSER: the truncation point that minimises the standard error of what is
 * left), so a device that takes a few trials to settle is not averaged in,
 * whatever --warmup was. Pure. */
#ifndef WB_RESULTS_TRANSIENT_H
#define WB_RESULTS_TRANSIENT_H

#include <stddef.h>

/* Fewer trials than this are too few to tell a transient from noise. */
#define WB_TRANSIENT_MIN_TRIALS 8

/* How many leading trials of rates[0..n) are the transient: the d in
 * [0, n/4] that minimises the squared deviations of the log rates after d
 * over (n - d)^2 (MSER with batches of one: runs are too short for MSER-5's
 * batches of five). 0 when n < WB_TRANSIENT_MIN_TRIALS. */
size_t wb_transient_trials(const double *rates, size_t n);

#endif
