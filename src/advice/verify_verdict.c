/* verify_verdict.c — judging a verify file against the listener's ledger (see verify_verdict.h).
 * The one rule: a slot whose record N was acknowledged must hold record N, or a
 * newer one that was announced before the power went (its write may have reached
 * the disk while its "done" never left the machine). Anything else — zeros, a torn
 * or corrupt block, an older record, a record of another run — is a lost
 * acknowledged write: the storage said "durable" and was not — but only once the run is
 * tied to the DIR checked (wb_verify_tie): a missing file in the wrong directory proves
 * nothing. */
#include "advice/verify_verdict.h"

#include <netinet/in.h>
#include <string.h>

static bool loopback4(const struct in_addr *a)
{
	return (ntohl(a->s_addr) >> 24) == 127; /* 127.0.0.0/8, RFC 1122 */
}

enum wb_verify_listener_at wb_verify_listener_at(const struct sockaddr_storage *peer,
						 const struct sockaddr_storage *local)
{
	const struct sockaddr_in6 *p6 = (const struct sockaddr_in6 *)peer;
	const struct sockaddr_in6 *l6 = (const struct sockaddr_in6 *)local;
	const struct sockaddr_in *p4 = (const struct sockaddr_in *)peer;
	const struct sockaddr_in *l4 = (const struct sockaddr_in *)local;
	struct in_addr mapped;

	if (peer->ss_family == AF_INET) {
		if (loopback4(&p4->sin_addr))
			return WB_VERIFY_LISTENER_LOOPBACK;
		if (local->ss_family == AF_INET && p4->sin_addr.s_addr == l4->sin_addr.s_addr)
			return WB_VERIFY_LISTENER_OWN;
		return WB_VERIFY_LISTENER_ELSEWHERE;
	}
	if (peer->ss_family != AF_INET6)
		return WB_VERIFY_LISTENER_ELSEWHERE;
	if (IN6_IS_ADDR_LOOPBACK(&p6->sin6_addr))
		return WB_VERIFY_LISTENER_LOOPBACK;
	if (IN6_IS_ADDR_V4MAPPED(&p6->sin6_addr)) {
		memcpy(&mapped, &p6->sin6_addr.s6_addr[12], sizeof(mapped));
		if (loopback4(&mapped))
			return WB_VERIFY_LISTENER_LOOPBACK;
	}
	if (local->ss_family == AF_INET6 &&
	    memcmp(&p6->sin6_addr, &l6->sin6_addr, sizeof(p6->sin6_addr)) == 0)
		return WB_VERIFY_LISTENER_OWN;
	return WB_VERIFY_LISTENER_ELSEWHERE;
}

enum wb_verify_tie wb_verify_tie(const struct wb_verify_ledger *l, uint64_t dir_id,
				 const struct wb_verify_run *file_run)
{
	if (file_run && file_run->run_id == l->run.run_id)
		return WB_VERIFY_TIE_FILE;
	/* Before the directory: a removed file is gone from the very directory it was in. */
	if (l->removed)
		return WB_VERIFY_TIE_REMOVED;
	if (dir_id == l->run.dir_id)
		return WB_VERIFY_TIE_DIR;
	return WB_VERIFY_TIE_OTHER_DIR;
}

enum wb_verify_restart wb_verify_restart_of(const struct wb_verify_ledger *l,
					    const struct wb_verify_run *file_run,
					    const char *file_boot_id, const char *now_boot_id)
{
	if (!file_run || file_run->run_id != l->run.run_id || !file_boot_id[0] ||
	    !now_boot_id[0])
		return WB_VERIFY_RESTART_UNKNOWN;
	/* A new boot id comes with every start of the kernel, and only with one. */
	return strcmp(file_boot_id, now_boot_id) ? WB_VERIFY_RESTART_YES : WB_VERIFY_RESTART_NO;
}

void wb_verify_judge_slot(struct wb_verify_verdict *v, uint64_t slot,
			  const struct wb_verify_slot *ledger, enum wb_verify_found found,
			  uint64_t seq)
{
	bool record = found == WB_VERIFY_FOUND_RECORD;

	if (ledger->about == 0)
		return; /* never written in this run: whatever is there proves nothing */
	if (ledger->acked == 0) {
		v->in_flight++;
		if (record && seq == ledger->about)
			v->in_flight_landed++;
		return;
	}
	v->checked++;
	if (ledger->about > ledger->acked) {
		/* The newest announcement was not acknowledged: it is in flight too. */
		v->in_flight++;
		if (record && seq == ledger->about)
			v->in_flight_landed++;
	}
	if (record && seq >= ledger->acked && seq <= ledger->about) {
		if (seq > ledger->acked)
			v->newer++;
		return;
	}
	v->lost++;
	if (v->n_losses < v->max_losses)
		v->losses[v->n_losses++] = (struct wb_verify_loss){
			.slot = slot, .acked = ledger->acked, .found = found,
			.found_seq = record ? seq : 0,
		};
}

bool wb_verify_proves_nothing(const struct wb_device *d)
{
	return wb_device_in_ram(d);
}
