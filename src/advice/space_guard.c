/* space_guard.c — see space_guard.h. */
#include "advice/space_guard.h"

bool wb_space_guard(const struct wb_space_ask *a, struct wb_space_verdict *v)
{
	bool short_of_room;

	*v = (struct wb_space_verdict){
		.live = a->live,
		.wal_from = a->wal_from,
		.free_bytes = a->free_bytes,
		.size_bytes = a->size_bytes,
		.run_bytes = a->run_bytes,
		.max_wal_size = a->wal_from == WB_WALSZ_DEFAULT || !a->max_wal_size
					? WB_PG_DEFAULT_MAX_WAL_SIZE : a->max_wal_size,
		.space_err = a->space_err,
	};
	if (a->wal_from != WB_WALSZ_DEFAULT && !a->max_wal_size)
		v->wal_from = WB_WALSZ_DEFAULT;
	if (a->live == WB_LIVE_NONE) {
		v->state = WB_SPACE_NO_SERVER;
		return true;
	}
	v->wal_margin = WB_SPACE_WAL_FACTOR * v->max_wal_size;
	v->volume_margin = a->size_bytes / 100 * WB_SPACE_VOLUME_PCT +
			   a->size_bytes % 100 * WB_SPACE_VOLUME_PCT / 100;
	v->reason = v->wal_margin >= v->volume_margin ? WB_SPACE_BY_WAL : WB_SPACE_BY_VOLUME;
	v->margin = v->reason == WB_SPACE_BY_WAL ? v->wal_margin : v->volume_margin;
	if (!a->have_space) {
		v->reason = WB_SPACE_UNREAD;
		short_of_room = true;
	} else {
		v->left_bytes = a->free_bytes > a->run_bytes ? a->free_bytes - a->run_bytes : 0;
		short_of_room = v->left_bytes < v->margin;
	}
	v->state = !short_of_room ? WB_SPACE_OK
		 : a->allow_low_space ? WB_SPACE_ALLOWED : WB_SPACE_REFUSED;
	return v->state != WB_SPACE_REFUSED;
}
