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

/* " on bulk 1MiB flushes" (form's %s the flush): the flush a comparison is
 * of, which a mixed or bulk run has several of; "" in a file older than
 * schema 27, which does not say. */
static void flush_words(const char *form, bool known, const char *shape, uint64_t bytes,
			char *buf, size_t len)
{
	char flush[WB_WORDS_FLUSH_LEN];

	*buf = '\0';
	if (known)
		snprintf(buf, len, form, wb_words_flush(shape, bytes, flush, sizeof(flush)));
}

/* The split is of the flush the sentence already names (or neither says). */
static bool same_flush(const struct wb_saved_settle *st)
{
	return st->flush_known == st->split_flush_known &&
	       (!st->flush_known || (st->flush_bytes == st->split_flush_bytes &&
				     !strcmp(st->shape, st->split_shape)));
}

/* The group's leader by point, where it is another method than the open one
 * named: the decision's why names it ("open_datasync leads fdatasync by"),
 * and a headline naming only open_sync read as another answer. Both are
 * named, each with what it is: "open_datasync leads by point on commit 8kB
 * flushes (...), not proven; open_sync, the one that may still gain most,".
 * The flush is the leader's clause's, the open method's being the same one
 * (the leader is of its group), and *on is emptied. named: the open method as
 * the rest of the sentence opens with it. */
static void leader_words(const struct wb_saved_settle *st, char *on, struct wb_sentence *s,
			 char *named, size_t len)
{
	const struct wb_saved_comparison *l = &st->leader_vs_baseline;

	snprintf(named, len, "%s", st->method);
	if (!st->leader_known)
		return;
	wb_sentence_add(s, "%s leads by point%s (%+.*f%% [%+.*f%%, %+.*f%%], 95%% CI), not proven; ",
			st->leader, on, WB_SENTENCE_PCT3(1, l->diff_pct, l->ci_low_pct,
							 l->ci_high_pct));
	/* whose interval reaches higher is the one that may still gain most;
	 * else the open one is named for the budget it sets */
	snprintf(named, len, "%s, %s,", st->method,
		 st->vs_baseline.ci_high_pct > l->ci_high_pct ? "the one that may still gain most"
							      : "the slowest to settle");
	*on = '\0';
}

/* One wording, over the settle as the file has it: the live run's words and
 * a report made from its file are then the same sentence. A file older than
 * schema 26 has no why: its reason is the one its figures still show (a
 * budget), else none is given rather than a guessed one. */
char *wb_words_saved_settle(const struct wb_saved_settle *st, double switch_conf, char *buf,
			    size_t len)
{
	const struct wb_saved_comparison *c = &st->vs_baseline;
	const struct wb_saved_comparison *x = &st->split;
	struct wb_sentence s = wb_sentence_at(buf, len);
	const char *why = st->why ? st->why : "";
	char on[WB_WORDS_FLUSH_LEN + 16], split_of[WB_WORDS_FLUSH_LEN + 16], named[96];
	/* A few rounds of a noisy pair put a low end at -99.99 %: not a total loss. */
	int d = wb_sentence_pct_digits(1, c->diff_pct, c->ci_low_pct, c->ci_high_pct);

	*buf = '\0';
	if (!st->known)
		return buf;
	flush_words(" on %s flushes", st->flush_known, st->shape, st->flush_bytes, on, sizeof(on));
	/* the split's flush only where it is another than the one named */
	flush_words("%s flushes: ", st->split_flush_known && !same_flush(st), st->split_shape,
		    st->split_flush_bytes, split_of, sizeof(split_of));
	leader_words(st, on, &s, named, sizeof(named));
	if (c->ci_high_pct > 0.0) {
		wb_sentence_add(&s, "%s may be up to %+.*f%% faster%s (%+.*f%% [%+.*f%%, %+.*f%%], "
				"95%% CI", named, d, c->ci_high_pct, on,
				WB_SENTENCE_PCT3(1, c->diff_pct, c->ci_low_pct, c->ci_high_pct));
		/* "up to" is the top of the tie's 95 % interval; a switch asks more,
		 * and a reader takes a bound at the decision's confidence unless
		 * told (an older file's is unknown: not said) */
		if (switch_conf > 0.0 && switch_conf < 1.0)
			wb_sentence_add(&s, "; a switch needs %.3g%%", 100.0 * switch_conf);
		wb_sentence_add(&s, ")");
	} else if (st->min_gain_pct >= WB_SERVER_MAX_FLUSH_GAIN_PCT) /* a cap, not a figure */
		wb_sentence_add(&s, "%s is %+.*f%% [%+.*f%%, %+.*f%%] (95%% CI)%s, not yet shown "
				"to tie or be slower, though %s", named,
				WB_SENTENCE_PCT3(1, c->diff_pct, c->ci_low_pct, c->ci_high_pct), on,
				WB_WORDS_NO_FLUSH_GAIN);
	else
		wb_sentence_add(&s, "%s is %+.*f%% [%+.*f%%, %+.*f%%] (95%% CI)%s, not yet shown "
				"within +-%.1f%% or slower", named,
				WB_SENTENCE_PCT3(1, c->diff_pct, c->ci_low_pct, c->ci_high_pct), on,
				st->min_gain_pct);
	/* Each reason only where it is the one the decision found (results/settle.c). */
	if (st->reachable)
		wb_sentence_add(&s, "; about %.0f more seconds would settle it: --budget %s",
				st->more_s, st->budget);
	else if (!strcmp(why, wb_settle_why_name(WB_SETTLE_NOT_REPLICATED)) &&
		 (!st->split_known ||
		  (!strcmp(st->split_method, st->method) && same_flush(st))))
		wb_sentence_add(&s, "; the two halves of the run disagreed on it, so no budget can "
				"be estimated: rerun, or give it a longer --budget");
	else if (!strcmp(why, wb_settle_why_name(WB_SETTLE_NOT_REPLICATED)))
		wb_sentence_add(&s, "; the two halves of the run disagreed on %s (%s%+.*f%% "
				"[%+.*f%%, %+.*f%%]), so no budget can be estimated: rerun, or "
				"give it a longer --budget", st->split_method, split_of,
				WB_SENTENCE_PCT3(1, x->diff_pct, x->ci_low_pct, x->ci_high_pct));
	else if (!strcmp(why, wb_settle_why_name(WB_SETTLE_BEYOND_MAX)))
		wb_sentence_add(&s, "; it sits so near --min-gain %.1f%% that no budget under an hour "
				"would settle it", st->min_gain_pct);
	else if (!strcmp(why, wb_settle_why_name(WB_SETTLE_NO_ESTIMATE)) && st->interrupted)
		/* the budget did not fall short: the user stopped the run */
		wb_sentence_add(&s, "; it was interrupted too soon to estimate the budget that "
				"would settle it: run it again, uninterrupted");
	else if (!strcmp(why, wb_settle_why_name(WB_SETTLE_NO_ESTIMATE)))
		wb_sentence_add(&s, "; this run is too short to estimate the budget that would "
				"settle it: give it a longer --budget");
	return buf;
}

char *wb_words_settle(const struct wb_settle *st, double min_gain_pct, char *buf, size_t len)
{
	char budget[16];
	struct wb_saved_settle saved = wb_saved_settle_of(st, min_gain_pct, budget, sizeof(budget));

	return wb_words_saved_settle(&saved, st->switch_conf, buf, len);
}
