/* fleet_vote.h — the fleet's answers (fleet.h): recommend files vote on
 * wal_sync_method, qualify files on their verdict, one vote per tier; each vote
 * has its majority, its distinct answers with their counts, and the hosts that
 * answer otherwise. A pure function of the files' answers. */
#ifndef WB_ADVICE_FLEET_VOTE_H
#define WB_ADVICE_FLEET_VOTE_H

#include <stddef.h>

#include "advice/fleet.h"
#include "results/saved.h"

/* Fills v's votes, answers and disagreements, and marks hosts that disagree;
 * v's arrays are allocated by the caller (fleet.c sizes them). 0 or -ENOMEM. */
int wb_fleet_vote_all(const struct wb_saved_results *r, size_t n, struct wb_fleet_verdict *v);

#endif
