/* server_plan.h — what recommend takes from the server it observed (pure):
 * the directory to test (its pg_wal, its data directory with candidates, or
 * why there is none; a pg_wal already on a volume of its own is where the
 * candidates are measured against), the version and settings that say how it opens WAL, the
 * workload its flushes show, the data load its checkpoints put on the data
 * volume and what a flush switch must prove at its flush share. The command
 * line's own choices always win: the caller says which it gave. No printing:
 * report/words_server.c words the plan. */
#ifndef WB_ADVICE_SERVER_PLAN_H
#define WB_ADVICE_SERVER_PLAN_H

#include <stdbool.h>
#include <stdint.h>

#include "advice/server_shape.h"
#include "pgstat/observed.h"

enum wb_server_dir {
	WB_SERVER_DIR_GIVEN,        /* the command line named the directory */
	WB_SERVER_DIR_PG_WAL,       /* the server's pg_wal, on this host */
	WB_SERVER_DIR_DATA,         /* its data directory: --wal-candidate compares pg_wal's
				     * volume (wal_now when it has one of its own) with
				     * others, and the data load lands there */
	WB_SERVER_DIR_UNREADABLE,   /* its data directory is here but walbench's OS user may
				     * not enter it */
	WB_SERVER_DIR_NOT_HERE,     /* not on this host, as far as walbench can see */
};

/* What the command line gave itself, which the server's figures never replace. */
struct wb_server_given {
	bool dir;                   /* DIR, --data or --dir */
	bool candidates;            /* --wal-candidate */
	bool workload, data_load;   /* --workload, --data-load */
	bool live;                  /* the server observed now runs on this host: its own
				     * load is the data volume's, and walbench adds none */
	double min_gain_pct;        /* --min-gain, in commits */
};

struct wb_server_plan {
	enum wb_server_dir dir;
	const char *target;         /* PG_WAL, DATA: the path in the observation; else NULL */
	const char *wal_now;        /* DATA with pg_wal on a volume of its own already: its
				     * path, where the placement's baseline rows run; else NULL */
	unsigned pg_version;        /* the server's major, at most WB_PG_MAX_MAJOR */
	bool oltp_only;             /* no bulk work seen and no --workload: commits only */
	bool load_from_server;      /* candidates and no --data-load: the server's pages are
				     * the data load, as far as sh->load_why allows */
	bool set_load;              /* load_from_server and the load measured */
	double load_per_s;          /* set_load: device writes per second, at least 1 */
	double flush_min_gain_pct;  /* the flush gain that is min_gain_pct in commits; 0 when
				     * the share is known only after the run */
};

/* Fills out from o and its shape sh, keeping what given says was given. */
void wb_server_plan(const struct wb_pg_observed *o, const struct wb_server_shape *sh,
		    const struct wb_server_given *given, struct wb_server_plan *out);

#endif
