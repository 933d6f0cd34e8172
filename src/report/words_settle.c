/* words_settle.c — what an undecided answer still needs (words.h): the open
 * method's interval, and the budget that would settle it, as a person would
 * type it, or why none can be given. Worded from the settle as saved, so the
 * run and a report of its file say the same. */
#include "report/words.h"

#include "report/json_parts.h"
#include "report/sentence.h"
#include "results/settle.h"

#include <stdio.h>
#include <string.h>

/* One wording, over the settle as the file has it: the live run's words and
 * a report made from its file are then the same sentence. A file older than
 * schema 26 has no why: its reason is the one its figures still show (a
 * budget), else none is given rather than a guessed one. */
char *wb_words_saved_settle(const struct wb_saved_settle *st, char *buf, size_t len)
{
	const struct wb_saved_comparison *c = &st->vs_baseline;
	const struct wb_saved_comparison *x = &st->split;
	struct wb_sentence s = wb_sentence_at(buf, len);
	const char *why = st->why ? st->why : "";

	*buf = '\0';
	if (!st->known)
		return buf;
	if (c->ci_high_pct > 0.0)
		wb_sentence_add(&s, "%s may be up to %+.1f%% faster (%+.1f%% [%+.1f%%, %+.1f%%], 95%% "
				"CI)", st->method, c->ci_high_pct, c->diff_pct, c->ci_low_pct,
				c->ci_high_pct);
	else
		wb_sentence_add(&s, "%s is %+.1f%% [%+.1f%%, %+.1f%%] (95%% CI), not yet shown within "
				"+-%.1f%% or slower", st->method, c->diff_pct, c->ci_low_pct,
				c->ci_high_pct, st->min_gain_pct);
	/* Each reason only where it is the one the decision found (results/settle.c). */
	if (st->reachable)
		wb_sentence_add(&s, "; about %.0f more seconds would settle it: --budget %s",
				st->more_s, st->budget);
	else if (!strcmp(why, wb_settle_why_name(WB_SETTLE_NOT_REPLICATED)) &&
		 (!st->split_known || !strcmp(st->split_method, st->method)))
		wb_sentence_add(&s, "; the two halves of the run disagreed on it, so no budget can "
				"be estimated: rerun, or give it a longer --budget");
	else if (!strcmp(why, wb_settle_why_name(WB_SETTLE_NOT_REPLICATED)))
		wb_sentence_add(&s, "; the two halves of the run disagreed on %s (%+.1f%% [%+.1f%%, "
				"%+.1f%%]), so no budget can be estimated: rerun, or give it a "
				"longer --budget", st->split_method, x->diff_pct, x->ci_low_pct,
				x->ci_high_pct);
	else if (!strcmp(why, wb_settle_why_name(WB_SETTLE_BEYOND_MAX)))
		wb_sentence_add(&s, "; it sits so near --min-gain %.1f%% that no budget under an hour "
				"would settle it", st->min_gain_pct);
	else if (!strcmp(why, wb_settle_why_name(WB_SETTLE_NO_ESTIMATE)))
		wb_sentence_add(&s, "; this run is too short to estimate the budget that would "
				"settle it: give it a longer --budget");
	return buf;
}

char *wb_words_settle(const struct wb_settle *st, double min_gain_pct, char *buf, size_t len)
{
	char budget[16];
	struct wb_saved_settle saved = wb_saved_settle_of(st, min_gain_pct, budget, sizeof(budget));

	return wb_words_saved_settle(&saved, buf, len);
}
