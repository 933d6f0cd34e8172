/* words_decide.c — why a group of tests ended as it did under the sequential
 * decision (results/decision.h): the sentence `run --decide` prints after each
 * group, the JSON's "reason" and what a recommendation's part quotes. */
#include "report/words.h"

#include "report/sentence.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* A flush gain asked at WB_SERVER_MAX_FLUSH_GAIN_PCT is the server's cap, not
 * a figure: its flush share is too small for any flush gain to be --min-gain
 * in commits (or its commits wait for no flush). --min-gain itself stops at
 * 100 % (plan/options.c), so only the cap reaches it, and it is never printed:
 * "within +-200.0%" read as a measured bound. */
static bool capped(const struct wb_decide_params *p)
{
	return p->min_gain_pct >= WB_SERVER_MAX_FLUSH_GAIN_PCT;
}

/* How an undecided group's run ended: its budget spent, or a signal that
 * stopped it first ("budget spent" there was false: the user stopped it). */
static const char *ended(const struct wb_group_decision *g, char *buf, size_t len)
{
	if (g->interrupted)
		snprintf(buf, len, "interrupted after %.1f s", g->decided_s);
	else
		snprintf(buf, len, "budget spent");
	return buf;
}

char *wb_words_decision(const struct wb_group_decision *g, char *buf, size_t len)
{
	const struct wb_decide_params *p = &g->params;
	const struct wb_comparison *c = &g->margin;
	const char *base = wb_sentence_method(p->baseline), *lead = wb_sentence_method(g->leader_method);
	char asked[96], end[48];

	switch (g->why) {
	case WB_WHY_OPEN:
		snprintf(buf, len, "%s", "");
		break;
	case WB_WHY_BEATS:
	case WB_WHY_BEATS_SET_ASIDE:
		if (capped(p))
			snprintf(asked, sizeof(asked), "though %s", WB_WORDS_NO_FLUSH_GAIN);
		else
			snprintf(asked, sizeof(asked), "at least the %.1f%% asked", p->min_gain_pct);
		/* at the confidence it was proven at: Bonferroni raised it over the
		 * methods still open (99.5 % labelled an interval at 99.83 %) */
		snprintf(buf, len, "%s beats %s by %.1f%% [%.1f%%, %.1f%%] (%.4g%% CI), %s", lead,
			 base, c->diff_pct, c->ci95_low_pct, c->ci95_high_pct,
			 100.0 * (g->margin_conf > 0 ? g->margin_conf : p->conf), asked);
		if (g->why == WB_WHY_BEATS_SET_ASIDE) {
			size_t used = strlen(buf);

			snprintf(buf + used, len - used, "; %s, as fast (no significant "
				 "difference), is set aside: %s changes less",
				 wb_sentence_method(g->set_aside_method), lead);
		}
		break;
	case WB_WHY_ALL_SLOWER:
		snprintf(buf, len, "every other method is significantly slower than %s", base);
		break;
	case WB_WHY_ALL_WITHIN:
		if (capped(p)) {
			snprintf(buf, len, "%s: %s, and every other method is shown to tie with it "
				 "(%.3g%% CI, %zu equivalent)%s", base, WB_WORDS_NO_FLUSH_GAIN,
				 100.0 * p->equiv_conf, g->equivalent,
				 g->any_dropped ? " or significantly slower" : "");
			break;
		}
		snprintf(buf, len,
			 "%s: every other method is within +-%.1f%% of it (%.3g%% CI, %zu "
			 "equivalent)%s", base, p->min_gain_pct, 100.0 * p->equiv_conf, g->equivalent,
			 g->any_dropped ? " or significantly slower" : "");
		break;
	case WB_WHY_TIE:
		if (capped(p)) {
			snprintf(buf, len, "tie: %s, and every method left is shown to tie with %s "
				 "(%.3g%% CI); the fastest, %s, by %+.1f%% [%+.1f%%, %+.1f%%]",
				 WB_WORDS_NO_FLUSH_GAIN, base, 100.0 * p->equiv_conf, lead, c->diff_pct,
				 c->ci95_low_pct, c->ci95_high_pct);
			break;
		}
		snprintf(buf, len,
			 "tie: every method left is within +-%.1f%% of %s (%.3g%% CI); the fastest, %s, "
			 "by %+.1f%% [%+.1f%%, %+.1f%%]", p->min_gain_pct, base, 100.0 * p->equiv_conf,
			 lead, c->diff_pct, c->ci95_low_pct, c->ci95_high_pct);
		break;
	case WB_WHY_NO_BASELINE:
		snprintf(buf, len, "no %s test in this group to decide against", base);
		break;
	case WB_WHY_BUDGET_OPEN:
		if (capped(p)) {
			snprintf(buf, len, "%s: %s, but not every method was shown to tie "
				 "with %s or be significantly slower", ended(g, end, sizeof(end)),
				 WB_WORDS_NO_FLUSH_GAIN, base);
			break;
		}
		snprintf(buf, len, "%s: not every method was shown within +-%.1f%% of %s "
			 "or significantly slower", ended(g, end, sizeof(end)), p->min_gain_pct, base);
		break;
	case WB_WHY_BUDGET_LEADS:
		if (g->in_commits && isinf(g->switch_gain_pct))
			snprintf(buf, len,
				 "%s: %s leads %s by %+.1f%% [%+.1f%%, %+.1f%%] (%.3g%% CI), "
				 "not shown within +-%.1f%%, and no flush gain would do for a switch "
				 "at the fastest the flush may be", ended(g, end, sizeof(end)), lead, base,
				 c->diff_pct, c->ci95_low_pct, c->ci95_high_pct, 100.0 * p->conf,
				 p->min_gain_pct);
		else if (capped(p))
			snprintf(buf, len,
				 "%s: %s leads %s by %+.1f%% [%+.1f%%, %+.1f%%] (%.3g%% CI), "
				 "not yet shown to tie, though %s", ended(g, end, sizeof(end)), lead, base,
				 c->diff_pct, c->ci95_low_pct, c->ci95_high_pct, 100.0 * p->conf,
				 WB_WORDS_NO_FLUSH_GAIN);
		else
			snprintf(buf, len,
				 "%s: %s leads %s by %+.1f%% [%+.1f%%, %+.1f%%] (%.3g%% CI), "
				 "neither shown to be %.1f%% or more nor within +-%.1f%%",
				 ended(g, end, sizeof(end)), lead, base,
				 c->diff_pct, c->ci95_low_pct, c->ci95_high_pct, 100.0 * p->conf,
				 g->in_commits ? g->switch_gain_pct : p->min_gain_pct, p->min_gain_pct);
		break;
	case WB_WHY_COMMIT_BOUND:
		snprintf(buf, len,
			 "tie in commits: %s's mean flush, at most %.1f us, is %.1f%% of a commit assumed "
			 "to cost %.0f us more, so no method can make commits %.1f%% faster (at most "
			 "%.1f%%, with a flush of no time)", base, g->flush_us, 100.0 * g->flush_share,
			 p->commit_work_us, g->commit_min_gain_pct, g->commit_bound_pct);
		return buf;
	}
	/* In commits, the flush gain above is what the commit gain asked: a
	 * switch's at the fastest the baseline's flush may be, the rest at the
	 * slowest (results/decision.h). */
	if (g->in_commits && g->why != WB_WHY_OPEN) {
		size_t used = strlen(buf);
		bool sw = g->why == WB_WHY_BEATS || g->why == WB_WHY_BEATS_SET_ASIDE;

		/* Named, the flush figure it explains: after a tie's "the fastest,
		 * fsync, by +5.0% [...]" a bare "(5.0% in commits: ...)" read as
		 * fsync's own gain in commits. */
		snprintf(buf + used, len - used, " (%s%.1f%% on flushes is --min-gain's %.1f%% in "
			 "commits: a commit is its flush, %.1f%% of it at the %s the flush may be, "
			 "plus %.0f us: --commit-work)", sw ? "" : "+-", p->min_gain_pct,
			 g->commit_min_gain_pct, 100.0 * (sw ? g->switch_flush_share : g->flush_share),
			 sw ? "fastest" : "slowest", p->commit_work_us);
	}
	return buf;
}

char *wb_words_comparison(const struct wb_comparison *c, double margin_pct, char *buf,
			  size_t len)
{
	bool within = c->ci95_low_pct >= -margin_pct && c->ci95_high_pct <= margin_pct;

	if (c->significant)
		snprintf(buf, len, "significant");
	else if (within)
		snprintf(buf, len, "tie (within +-%.1f%%)", margin_pct);
	else if (c->small)
		snprintf(buf, len, "unclear (real, but not shown to clear +-%.1f%%)", margin_pct);
	else if (c->paired && (c->ci95_low_pct > 0.0 || c->ci95_high_pct < 0.0))
		snprintf(buf, len, "unclear (the halves of the run disagree)");
	else
		snprintf(buf, len, "unclear (no difference shown, nor sameness within +-%.1f%%)",
			 margin_pct);
	return buf;
}
