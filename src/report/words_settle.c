/* words_settle.c — what an undecided answer still needs (words.h): the open
 * method's interval, and the budget that would settle it, as a person would
 * type it. */
#include "report/words.h"

#include "report/sentence.h"
#include "results/settle.h"

#include <math.h>
#include <stdio.h>

char *wb_words_budget(double s, char *buf, size_t len)
{
	if (s >= 60.0 && fmod(s, 60.0) == 0.0)
		snprintf(buf, len, "%.0fm", s / 60.0);
	else
		snprintf(buf, len, "%.0fs", s);
	return buf;
}

char *wb_words_settle(const struct wb_settle *st, double min_gain_pct, char *buf, size_t len)
{
	const struct wb_comparison *c = &st->vs_baseline;
	struct wb_sentence s = wb_sentence_at(buf, len);
	char budget[16];

	*buf = '\0';
	if (!st->known)
		return buf;
	if (c->ci95_high_pct > 0.0)
		wb_sentence_add(&s, "%s may be up to %+.1f%% faster (%+.1f%% [%+.1f%%, %+.1f%%], 95%% "
				"CI)", wb_sentence_method(st->method), c->ci95_high_pct, c->diff_pct,
				c->ci95_low_pct, c->ci95_high_pct);
	else
		wb_sentence_add(&s, "%s is %+.1f%% [%+.1f%%, %+.1f%%] (95%% CI), not yet shown within "
				"+-%.1f%% or slower", wb_sentence_method(st->method), c->diff_pct,
				c->ci95_low_pct, c->ci95_high_pct, min_gain_pct);
	/* Each reason only where it is the one the decision found (results/settle.c). */
	if (st->budget_s > 0.0)
		wb_sentence_add(&s, "; about %.0f more seconds would settle it: --budget %s",
				wb_settle_more_s(st),
				wb_words_budget(st->budget_s, budget, sizeof(budget)));
	else if (st->why == WB_SETTLE_NOT_REPLICATED && st->split_method == st->method)
		wb_sentence_add(&s, "; the two halves of the run disagreed on it, so no budget can "
				"be estimated: rerun, or give it a longer --budget");
	else if (st->why == WB_SETTLE_NOT_REPLICATED)
		wb_sentence_add(&s, "; the two halves of the run disagreed on %s (%+.1f%% [%+.1f%%, "
				"%+.1f%%]), so no budget can be estimated: rerun, or give it a "
				"longer --budget", wb_sentence_method(st->split_method),
				st->split.diff_pct, st->split.ci95_low_pct, st->split.ci95_high_pct);
	else if (st->why == WB_SETTLE_BEYOND_MAX)
		wb_sentence_add(&s, "; it sits so near --min-gain %.1f%% that no budget under an hour "
				"would settle it", min_gain_pct);
	else
		wb_sentence_add(&s, "; this run is too short to estimate the budget that would "
				"settle it: give it a longer --budget");
	return buf;
}
