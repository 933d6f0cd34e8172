/* words.h — the one place a decision becomes sentences. advice/ decides and
 * keeps states, reason codes and figures; these functions word them, and the
 * text printers and the JSON writer both call them, so one state reads the
 * same in every output.
 * Trap: the buffer sizes below are part of the output (a long path or reason is
 * cut where they end, as it always was): change one and the words change. */
#ifndef WB_REPORT_WORDS_H
#define WB_REPORT_WORDS_H

#include <stddef.h>

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

#endif
