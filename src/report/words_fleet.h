/* words_fleet.h — the sentences of the fleet summary (`walbench report
 * --summary`), made from the verdict of advice/fleet.h: the headline, a reason
 * per finding and per disagreement, a vote's reason and counts, the gate line.
 * The text and the JSON file print the same words from here, so one state reads
 * the same everywhere. Each writes into buf with snprintf's truncation and
 * returns buf; the lengths below are the buffers the summary has always used. */
#ifndef WB_REPORT_WORDS_FLEET_H
#define WB_REPORT_WORDS_FLEET_H

#include <stddef.h>

#include "advice/fleet.h"

#define WB_FLEET_HEADLINE_LEN 800
#define WB_FLEET_REASON_LEN 720   /* a finding's */
#define WB_FLEET_VOTE_LEN 400     /* a vote's or a disagreement's reason */
#define WB_FLEET_COUNTS_LEN 240   /* "fdatasync 11, fsync 1" */
#define WB_FLEET_NAME_LEN 200     /* a test's name (wb_compare_test_name) */

/* "fleet of 12: 1 outlier (db7: commit fdatasync 8kB -62 % [-66, -58] vs median
 * 1,510/s), recommendations agree (fdatasync, 12 of 12)" */
char *wb_fleet_headline(const struct wb_fleet_verdict *v, char *buf, size_t len);

/* "db7: fdatasync/sync 8kB x1 at 580/s [...] is -62 % [...] against the median of
 * the other 11 hosts, 1,510/s: ...", "db2 FAILED: durability failure on ..." */
char *wb_fleet_finding_words(const struct wb_fleet_verdict *v, const struct wb_fleet_finding *x,
			     char *buf, size_t len);

/* "recommendations agree (fdatasync, 12 of 12)", "tier standard: pass on 2 of 3;
 * 1 differs (db5 fail)", "no majority recommendation (fdatasync 2, fsync 2)" */
char *wb_fleet_vote_words(const struct wb_fleet_verdict *v, const struct wb_fleet_vote *w,
			  char *buf, size_t len);

/* "fdatasync 11, fsync 1": the vote's answers, most common first. */
char *wb_fleet_counts_words(const struct wb_fleet_verdict *v, const struct wb_fleet_vote *w,
			    char *buf, size_t len);

/* "db3 recommends fsync where 4 of 5 recommend files recommend fdatasync" */
char *wb_fleet_disagreement_words(const struct wb_fleet_verdict *v,
				  const struct wb_fleet_disagreement *x, char *buf, size_t len);

/* "--fail-on-outlier: FAILED: 1 outlier host, 0 hosts with a failed test" */
char *wb_fleet_gate_words(const struct wb_fleet_verdict *v, char *buf, size_t len);

/* The JSON name of a finding's kind: "slow", "p99", "failed". */
const char *wb_fleet_finding_kind_name(enum wb_fleet_finding_kind k);

#endif
