/* words.h — the one place a decision becomes sentences. advice/ decides and
 * keeps states, reason codes and figures; these functions word them, and the
 * text printers and the JSON writer both call them, so one state reads the
 * same in every output.
 * Trap: the buffer sizes below are part of the output (a long path or reason is
 * cut where they end, as it always was): change one and the words change. */
#ifndef WB_REPORT_WORDS_H
#define WB_REPORT_WORDS_H

#include <stddef.h>

#include "advice/placement.h"
#include "advice/qualify.h"
#include "advice/recommend.h"

/* A part's why (commits, bulk flushes): the group decision's reason at most. */
#define WB_WORDS_WHY_LEN 240

/* A recommendation in words (words_recommend.c). */
struct wb_rec_words {
	char failure[320];             /* why no recommendation; "" when there is one */
	char headline[480];            /* the decision, in one line */
	char reason[560];              /* why, in one or two sentences */
	char commit_reason[320];       /* why commit_delay is what it is */
	char config[WB_REC_MAX_LINES][200]; /* postgresql.conf lines, each with its reason */
	char alter[WB_REC_MAX_LINES][160];  /* the same as ALTER SYSTEM statements */
	size_t nconfig, nalter;
};

/* Words the whole recommendation (what a failed one has: failure, headline). */
void wb_words_recommendation(const struct wb_recommendation *rec, struct wb_rec_words *w);

/* One part's why into buf (WB_WORDS_WHY_LEN for today's words); returns buf. */
const char *wb_words_part_why(const struct wb_part_verdict *v, char *buf, size_t len);

/* An advisory in words (words_advisory.c). */
struct wb_advisory_words {
	char fact[64];                 /* as the user would look it up: "vm.swappiness" */
	char value[64];                /* what was read, with the figure used */
	char advice[160];              /* what to do: "set vm.swappiness = 1 to 10" */
	char reason[320];              /* why, citing the source of the threshold */
};

void wb_words_advisory(const struct wb_advisory *a, struct wb_advisory_words *w);

/* A placement verdict in words (words_placement.c). */
#define WB_PLACEMENT_MAX_STEPS 10
#define WB_PLACEMENT_STEP_LEN 1024
/* A candidate's reason. */
#define WB_WORDS_CANDIDATE_LEN 720

struct wb_placement_words {
	char failure[560];             /* why no verdict; "" when there is one */
	char headline[480];
	char context[480];             /* what the load did to the data volume */
	char steps[WB_PLACEMENT_MAX_STEPS][WB_PLACEMENT_STEP_LEN]; /* how to move, when moving */
	size_t nsteps;
};

void wb_words_placement(const struct wb_placement *pl, struct wb_placement_words *w);

/* The failure alone (what a recommendation cut short by it quotes); returns buf. */
const char *wb_words_placement_failure(const struct wb_placement *pl, char *buf, size_t len);

/* One candidate's reason (WB_WORDS_CANDIDATE_LEN for today's words); returns buf. */
const char *wb_words_candidate(const struct wb_placement *pl,
			       const struct wb_placement_candidate *c, char *buf, size_t len);

/* A qualification in words (words_qualify.c). */
struct wb_q_words {
	char failure[400];             /* the failure that left no verdict; "" otherwise */
	char headline[320];            /* "standard: PASS", "No verdict: ..." */
	char trend[240];               /* "sustained X/s after Y s; burst Z/s" */
};

void wb_words_qualification(const struct wb_qualification *q, struct wb_q_words *w);

/* A trend of slice rates in one line; "" when none was taken. Returns buf. */
const char *wb_words_q_trend(const struct wb_q_trend *t, char *buf, size_t len);

/* One criterion's outcome: "commit flushes/s 300/s [250, 350] >= 200/s: pass". */
const char *wb_words_q_outcome(const struct wb_q_outcome *o, char *buf, size_t len);

/* A finding's evidence and what to do. */
struct wb_finding_words {
	char evidence[320];
	char advice[200];
};

void wb_words_finding(const struct wb_qualification *q, const struct wb_finding *f,
		      struct wb_finding_words *w);

#endif
