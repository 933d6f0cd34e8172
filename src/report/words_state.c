/* words_state.c — a saved recommendation's state as the HTML report labels it
 * (words.h): the state's word and what it proved. The label is read from the
 * file's state, never from its headline, so an undecided run cannot be shown as
 * a finding. */
#include "report/words.h"

#include <stdio.h>

/* Each state's label and what it proved, in the enum's order. */
static const struct {
	const char *label, *meaning;
} states[] = {
	[WB_SAVED_REC_FAILED] = { "Failed", "no recommendation: the run failed or ended before it "
					    "could decide" },
	[WB_SAVED_REC_SWITCH] = { "Switch", "another method gains at least the minimum gain over "
					    "the default: set it" },
	[WB_SAVED_REC_TIE] = { "Tie", "every other method was proven within the minimum gain of "
				      "the default, or slower: keep the default" },
	[WB_SAVED_REC_KEEP] = { "Keep", "every other method was proven slower than the default: "
					"keep it" },
	[WB_SAVED_REC_UNDECIDED] = { "Undecided", "the budget ran out before the question was "
				     "settled: the default is kept for now, which proves nothing "
				     "about the others" },
};
_Static_assert(sizeof(states) / sizeof(states[0]) == WB_SAVED_REC_UNDECIDED + 1,
	       "a label for every saved state");

/* A state not known reads as failed: it proved nothing. */
static unsigned known(enum wb_saved_rec_state s)
{
	return (unsigned)s <= WB_SAVED_REC_UNDECIDED ? (unsigned)s : WB_SAVED_REC_FAILED;
}

const char *wb_words_rec_state_label(enum wb_saved_rec_state s)
{
	return states[known(s)].label;
}

const char *wb_words_rec_state_meaning(enum wb_saved_rec_state s, bool partial)
{
	/* "the budget ran out" is false of a run a signal stopped first */
	if (partial && known(s) == WB_SAVED_REC_UNDECIDED)
		return "the run was interrupted before the question was settled: the default "
		       "is kept for now, which proves nothing about the others";
	return states[known(s)].meaning;
}

char *wb_words_rec_old_undecided(const char *method, char *buf, size_t len)
{
	snprintf(buf, len, "Undecided: keep wal_sync_method = %s for now: the budget ran out "
		 "before every other method was shown within the minimum gain or slower; a longer "
		 "--budget would settle it", method);
	return buf;
}
