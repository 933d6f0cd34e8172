/* verify_verdict.h — the verdict of `walbench verify check`: first whether the listener's
 * run belongs to the DIR given at all, whether the machine restarted since the write (no
 * restart, no power cut), then a pure function from the listener's ledger and what each
 * slot of the file holds to the acknowledged records that were lost, each with what was
 * found instead. No I/O. */
#ifndef WB_ADVICE_VERIFY_VERDICT_H
#define WB_ADVICE_VERIFY_VERDICT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

#include "facts/device.h"
#include "model/verify_protocol.h"

/* Whether a power cut of the storage under d can prove anything: not where it is
 * memory (tmpfs, ramfs, zram, a RAM disk or a loop over one), which loses
 * everything, flushed or not, so no record can be shown kept or lost by a
 * cache. verify write warns and goes on (a dry run of the protocol there is
 * allowed), as qualify's in-memory finding warns. */
bool wb_verify_proves_nothing(const struct wb_device *d);

/* Where verify write's listener is, from the connection's two ends: on another machine,
 * or on this one, which loses it in the power cut with every acknowledgement it holds
 * (then the check after the reboot finds no run, or the listener restarted empty). */
enum wb_verify_listener_at {
	WB_VERIFY_LISTENER_ELSEWHERE, /* another address: another machine, as far as this
				       * host can tell (a container or a namespace on this
				       * machine looks the same) */
	WB_VERIFY_LISTENER_LOOPBACK,  /* 127.0.0.0/8, ::1 or ::ffff:127.0.0.0/104 */
	WB_VERIFY_LISTENER_OWN,       /* one of this host's own addresses: the kernel gives a
				       * connection to one the same address as its source */
};

/* peer: the listener's address; local: the one this host connected from (AF_INET or
 * AF_INET6; another family is ELSEWHERE). */
enum wb_verify_listener_at wb_verify_listener_at(const struct sockaddr_storage *peer,
						 const struct sockaddr_storage *local);

/* Whether the listener's run can be judged in the DIR given to check. A missing file is a
 * loss only where the run is known to have been written: a typed DIR that is not the
 * writer's must never read as a durability failure. */
enum wb_verify_tie {
	WB_VERIFY_TIE_FILE,      /* DIR's verify file is the run's (its header says so): judge */
	WB_VERIFY_TIE_DIR,       /* no file of the run, but the run was written to DIR: judge;
				  * whatever is missing was lost */
	WB_VERIFY_TIE_REMOVED,   /* a check found nothing lost and removed the file (--remove) */
	WB_VERIFY_TIE_OTHER_DIR, /* the run was written to another directory: nothing to judge */
};

/* l: the listener's ledger; dir_id: wb_verify_dir_id of the DIR given to check; file_run:
 * the run DIR's verify file names in its header, NULL when there is no file or no valid
 * header. The file's own header is the stronger identity (a directory reached by another
 * path after the reboot still holds the run's file), then a removal the listener was told
 * of, then the directory the writer named. */
enum wb_verify_tie wb_verify_tie(const struct wb_verify_ledger *l, uint64_t dir_id,
				 const struct wb_verify_run *file_run);

/* Whether the machine under test restarted between verify write and this check. Without
 * a restart no power was cut, so a check that lost nothing proves nothing about a power
 * cut (one that lost records is a failure all the same). */
enum wb_verify_restart {
	WB_VERIFY_RESTART_UNKNOWN, /* no boot id to compare: the run's file is gone, has no
				    * valid header, is a format 1 file, its writer could not
				    * read the boot id, or this check cannot */
	WB_VERIFY_RESTART_NO,      /* the boot id the run's file kept is this boot's */
	WB_VERIFY_RESTART_YES,     /* another boot's: the machine restarted (a power cut, or
				    * a reboot, which the boot id cannot tell apart) */
};

/* l: the listener's ledger; file_run and file_boot_id: what DIR's verify file's header
 * says (NULL and "" when there is no file or no valid header; file_boot_id "" when the
 * header has none); now_boot_id: this boot's id, "" when unreadable. Only the run's own
 * file speaks for its write: another run's file was written by another write. */
enum wb_verify_restart wb_verify_restart_of(const struct wb_verify_ledger *l,
					    const struct wb_verify_run *file_run,
					    const char *file_boot_id, const char *now_boot_id);

/* One acknowledged record that is not on the disk as acknowledged. */
struct wb_verify_loss {
	uint64_t slot;
	uint64_t acked;              /* the seq whose "done" the listener holds */
	enum wb_verify_found found;  /* what the slot held instead */
	uint64_t found_seq;          /* FOUND_RECORD: the (older or unannounced) seq there */
};

struct wb_verify_verdict {
	enum wb_verify_restart restart; /* wb_verify_restart_of, set before any slot is judged */
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
