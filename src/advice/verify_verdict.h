/* verify_verdict.h — the verdict of `walbench verify check`: a pure function from the
 * listener's ledger and what each slot of the file holds to the acknowledged
 * records that were lost, each with what was found instead. No I/O. */
#ifndef WB_ADVICE_VERIFY_VERDICT_H
#define WB_ADVICE_VERIFY_VERDICT_H

#include <stddef.h>
#include <stdint.h>

#include "model/verify_protocol.h"

/* One acknowledged record that is not on the disk as acknowledged. */
struct wb_verify_loss {
	uint64_t slot;
	uint64_t acked;              /* the seq whose "done" the listener holds */
	enum wb_verify_found found;  /* what the slot held instead */
	uint64_t found_seq;          /* FOUND_RECORD: the (older or unannounced) seq there */
};

struct wb_verify_verdict {
	uint64_t checked;          /* slots holding an acknowledged record */
	uint64_t lost;             /* of those, not found as acknowledged (or newer) */
	uint64_t newer;            /* held a newer announced record: written, "done" lost */
	uint64_t in_flight;        /* slots announced but never acknowledged */
	uint64_t in_flight_landed; /* of those, the announced record is on the disk */
	struct wb_verify_loss *losses; /* the first max_losses losses, in slot order */
	size_t n_losses, max_losses;
};

/* Judges one slot: ledger is the listener's entry for it, found/seq what
 * wb_verify_record_decode said of the file's bytes there. Losses beyond
 * v->max_losses are counted but not listed. */
void wb_verify_judge_slot(struct wb_verify_verdict *v, uint64_t slot,
			  const struct wb_verify_slot *ledger, enum wb_verify_found found,
			  uint64_t seq);

#endif
