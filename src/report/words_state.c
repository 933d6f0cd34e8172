/* words_state.c — a saved recommendation's state as the HTML report labels it
 * (words.h): the state's word and what it proved. The label is read from the
 * file's state, never from its headline, so an undecided run cannot be shown as
 * a finding. */
#include "report/words.h"

#include <stdio.h>

const char *wb_words_rec_state_label(enum wb_saved_rec_state s)
{
	switch (s) {
	case WB_SAVED_REC_SWITCH:
		return "Switch";
	case WB_SAVED_REC_TIE:
		return "Tie";
	case WB_SAVED_REC_KEEP:
		return "Keep";
	case WB_SAVED_REC_UNDECIDED:
		return "Undecided";
	case WB_SAVED_REC_FAILED:
		break;
	}
	return "Failed";
}

const char *wb_words_rec_state_meaning(enum wb_saved_rec_state s)
{
	switch (s) {
	case WB_SAVED_REC_SWITCH:
		return "another method gains at least the minimum gain over the default: set it";
	case WB_SAVED_REC_TIE:
		return "every other method was proven within the minimum gain of the default, or "
		       "slower: keep the default";
	case WB_SAVED_REC_KEEP:
		return "every other method was proven slower than the default: keep it";
	case WB_SAVED_REC_UNDECIDED:
		return "the budget ran out before the question was settled: the default is kept "
		       "for now, which proves nothing about the others";
	case WB_SAVED_REC_FAILED:
		break;
	}
	return "no recommendation: the run failed or ended before it could decide";
}

char *wb_words_rec_old_undecided(const char *method, char *buf, size_t len)
{
	snprintf(buf, len, "Undecided: keep wal_sync_method = %s for now: the budget ran out "
		 "before every other method was shown within the minimum gain or slower; a longer "
		 "--budget would settle it", method);
	return buf;
}
