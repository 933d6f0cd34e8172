/* server_plan.c — see server_plan.h. */
#include "advice/server_plan.h"

#include <math.h>
#include <string.h>

#include "model/test.h"

/* The server's major becomes recommend's --pg-version, which refuses a major
 * walbench does not model: every one an observation reads must be one. */
_Static_assert(WB_PG_MIN_MAJOR >= WB_PG_OLDEST_MAJOR && WB_PG_MAX_MAJOR <= WB_PG_NEWEST_MAJOR,
	       "an observed major outside --pg-version's range");

/* Whether pg_wal is on another volume than the data directory, from the facts
 * the observation's "Where:" line shows. Two block devices known say it; with
 * one unknown (tmpfs, overlay: no block device) only the link is left, and a
 * pg_wal moved by a symlink counts as apart: the observation holds no file
 * system identity to prove it came back to the data volume, and measuring
 * where the link points is right either way, where measuring the data
 * directory for a WAL that is not there is the wrong answer. */
static bool wal_apart(const struct wb_pg_paths *p)
{
	if (p->data_dev[0] && p->wal_dev[0])
		return strcmp(p->data_dev, p->wal_dev) != 0;
	return p->wal_moved;
}

static enum wb_server_dir directory(const struct wb_pg_observed *o,
				    const struct wb_server_given *given, const char **target,
				    const char **wal_now)
{
	const struct wb_pg_paths *p = &o->paths;

	*target = *wal_now = NULL;
	if (given->dir)
		return WB_SERVER_DIR_GIVEN;
	if (p->unreadable)
		return WB_SERVER_DIR_UNREADABLE;
	if (!p->on_this_host || !p->pg_wal[0])
		return WB_SERVER_DIR_NOT_HERE;
	/* The placement run tests candidates against where pg_wal is now, while
	 * the data load runs in the data directory: one directory for both only
	 * while pg_wal shares the data volume. */
	if (given->candidates && wal_apart(p))
		*wal_now = p->pg_wal;
	*target = given->candidates ? p->data_directory : p->pg_wal;
	return given->candidates ? WB_SERVER_DIR_DATA : WB_SERVER_DIR_PG_WAL;
}

void wb_server_plan(const struct wb_pg_observed *o, const struct wb_server_shape *sh,
		    const struct wb_server_given *given, struct wb_server_plan *out)
{
	memset(out, 0, sizeof(*out));
	out->dir = directory(o, given, &out->target, &out->wal_now);
	/* A newer server opens WAL as the newest major walbench knows. */
	out->pg_version = o->set.major > WB_PG_MAX_MAJOR ? WB_PG_MAX_MAJOR : o->set.major;
	out->oltp_only = sh->bulk_why == WB_BULK_NONE_SEEN && !given->workload;
	out->load_from_server = given->candidates && !given->data_load && !given->live;
	out->set_load = out->load_from_server && sh->load_why == WB_LOAD_MEASURED;
	if (out->set_load)
		out->load_per_s = fmax(1.0, round(sh->load_per_s));
	out->flush_min_gain_pct = wb_server_flush_min_gain(sh, given->min_gain_pct);
}
