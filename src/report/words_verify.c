/* words_verify.c — what `walbench verify check` says of its verdict
 * (advice/verify_verdict.h decides, by code): what a slot of the verify file held
 * instead of the acknowledged record, each loss, and whether the storage lost any —
 * and, when it lost none, whether a restart (a power cut) came between. */
#include <inttypes.h>
#include <stdio.h>

#include "report/words.h"

static const char *const found_names[] = {
	[WB_VERIFY_FOUND_RECORD] = "a record",
	[WB_VERIFY_FOUND_ZERO] = "all zeros",
	[WB_VERIFY_FOUND_SHORT] = "beyond the end of the file",
	[WB_VERIFY_FOUND_CORRUPT] = "checksum mismatch (torn or corrupt)",
	[WB_VERIFY_FOUND_OTHER_RUN] = "a record of another run",
	[WB_VERIFY_FOUND_WRONG_SLOT] = "a record of another slot (misdirected write)",
};
_Static_assert(sizeof(found_names) / sizeof(found_names[0]) == WB_VERIFY_FOUND_WRONG_SLOT + 1,
	       "a word for every thing a slot can hold");

const char *wb_verify_found_name(enum wb_verify_found f)
{
	return (unsigned)f <= WB_VERIFY_FOUND_WRONG_SLOT ? found_names[f] : "?";
}

char *wb_words_verify_loss(const struct wb_verify_run *run, const struct wb_verify_loss *x,
			   char *buf, size_t len)
{
	int at = snprintf(buf, len, "LOST record %" PRIu64 " (slot %" PRIu64 ", offset %" PRIu64
			  "): ", x->acked, x->slot, wb_verify_offset(run, x->slot));

	if (at < 0 || (size_t)at >= len)
		return buf;
	if (x->found == WB_VERIFY_FOUND_RECORD)
		snprintf(buf + at, len - (size_t)at, "holds record %" PRIu64 ", %s", x->found_seq,
			 x->found_seq < x->acked ? "an older one" : "never announced");
	else
		snprintf(buf + at, len - (size_t)at, "%s", wb_verify_found_name(x->found));
	return buf;
}

/* What nothing lost is worth, by whether the machine restarted since the write: the
 * same boot had no power cut, so its clean result must not read as a disk that passed. */
static const char *const kept_words[] = {
	[WB_VERIFY_RESTART_UNKNOWN] = "; unknown whether the machine restarted since verify "
				      "write\n(no boot id to compare): without a power cut in "
				      "between, this proves nothing about one.",
	[WB_VERIFY_RESTART_NO] = ", but this machine has NOT restarted since verify write\n"
				 "(the same boot id): no power was cut, so this proves nothing "
				 "about a power cut.\nCut the power while verify write runs (not a "
				 "reboot), then check after it boots.",
	[WB_VERIFY_RESTART_YES] = "; the machine restarted since verify write (another boot "
				  "id).\nIf the restart was a power cut, every acknowledged "
				  "flush survived it.",
};
_Static_assert(sizeof(kept_words) / sizeof(kept_words[0]) == WB_VERIFY_RESTART_YES + 1,
	       "words for every restart state");

char *wb_words_verify_verdict(const struct wb_verify_verdict *v, char *buf, size_t len)
{
	if (v->lost)
		snprintf(buf, len, "%" PRIu64 " of %" PRIu64 " acknowledged records lost: this "
			 "storage (or a cache in front of it) acknowledged\nflushes that did not "
			 "survive the power cut. Do not trust it with a database.", v->lost,
			 v->checked);
	else if (v->checked)
		snprintf(buf, len, "0 of %" PRIu64 " acknowledged records lost%s", v->checked,
			 (unsigned)v->restart <= WB_VERIFY_RESTART_YES ? kept_words[v->restart]
								       : ".");
	else if (len)
		buf[0] = '\0';
	return buf;
}

/* Where the listener is, when that is this machine (ELSEWHERE has no words). */
static const char *const listener_at_words[] = {
	[WB_VERIFY_LISTENER_ELSEWHERE] = "",
	[WB_VERIFY_LISTENER_LOOPBACK] = "a loopback address",
	[WB_VERIFY_LISTENER_OWN] = "one of its own addresses",
};
_Static_assert(sizeof(listener_at_words) / sizeof(listener_at_words[0]) ==
	       WB_VERIFY_LISTENER_OWN + 1, "words for every place a listener can be");

char *wb_words_verify_listener_here(enum wb_verify_listener_at at, const char *to, char *buf,
				    size_t len)
{
	snprintf(buf, len, "the listener %.100s is on this machine (%s): the power cut takes "
		 "it down with the acknowledgements it holds, and the check after the reboot has "
		 "nothing to compare; run verify listen on a second machine that stays up", to,
		 (unsigned)at <= WB_VERIFY_LISTENER_OWN ? listener_at_words[at] : "?");
	return buf;
}

char *wb_words_verify_in_ram(const char *dir, const char *fs_type, char *buf, size_t len)
{
	snprintf(buf, len, "warning: %.200s is memory (%.32s): nothing on it survives a power cut, "
		 "flushed or not, so a power cut here proves nothing about a disk's flushes; run "
		 "verify write on the file system pg_wal will live on", dir,
		 *fs_type ? fs_type : "a RAM disk");
	return buf;
}
