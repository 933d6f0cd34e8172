/* words_compare.h — the words of walbench compare, made from the verdict of
 * advice/compare.h: a test's name, a pair's state, the headline, a failure's
 * line and the gate's line. The text, the JSON file, the HTML report and the
 * fleet summary name tests through here, so one test reads the same everywhere.
 * Each writes into buf with snprintf's truncation and returns buf. */
#ifndef WB_REPORT_WORDS_COMPARE_H
#define WB_REPORT_WORDS_COMPARE_H

#include <stddef.h>

#include "advice/compare.h"
#include "results/saved.h"

#define WB_COMPARE_HEADLINE_LEN 400
#define WB_COMPARE_NAME_LEN 200     /* a test's name */
#define WB_COMPARE_GATE_LEN 200
/* A failure's line holds a name and both sides' status and reason whole. */
#define WB_COMPARE_FAILURE_LEN                                                            \
	(WB_COMPARE_NAME_LEN + 2 * (sizeof(((struct wb_saved_test *)0)->status) +          \
				    sizeof(((struct wb_saved_test *)0)->reason)) + 128)

/* The name reports print for a test: method/engine size xW, then what else sets
 * it apart ([label], pattern, qdN, jN, cN, coalesced, wal_buffers, fd mode,
 * segments, where, under load). */
void wb_compare_test_name(const struct wb_saved_test *t, char *buf, size_t len);

/* The short word for a state: "slower", "faster", "tie", "no interval", "FAILED in B", ... */
const char *wb_pair_state_name(enum wb_pair_state s);

/* "B against A: fdatasync/sync 8kB x1 -48 % [-52, -44], significant; 3 of 4 tests tie" */
char *wb_compare_headline(const struct wb_compare_verdict *v, char *buf, size_t len);

/* A pair not ok on a side: "FAILED in B: fdatasync/sync 8kB x1: A ok, B error: ..." */
char *wb_compare_failure_words(const struct wb_compare_pair *p, char *buf, size_t len);

/* The gate's verdict: "--fail-on-regression 10%: passed: ..." ("" without a gate). */
char *wb_compare_gate_words(const struct wb_compare_verdict *v, char *buf, size_t len);

#endif
