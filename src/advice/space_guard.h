/* space_guard.h — may a run write its test files on a live server's WAL
 * volume? A full pg_wal stops PostgreSQL with a PANIC, so before writing beside
 * a running server's WAL walbench keeps a margin free after everything the run
 * can write: twice max_wal_size, or 10 % of the volume, whichever is larger.
 * A pure function of the figures (facts/space.h, facts/pgdata.h, the server's
 * observation); report/words.h words the verdict. */
#ifndef WB_ADVICE_SPACE_GUARD_H
#define WB_ADVICE_SPACE_GUARD_H

#include <stdbool.h>
#include <stdint.h>

#include "facts/pgdata.h"

/* PostgreSQL's default max_wal_size (1GB since 9.5), used when nothing says
 * the server's own. */
#define WB_PG_DEFAULT_MAX_WAL_SIZE (1024ull * 1024 * 1024)
/* max_wal_size is a soft limit: WAL outgrows it under heavy load, a failing
 * archive_command, wal_keep_size or a replication slot (PostgreSQL's docs,
 * "WAL Configuration"); twice it is the room a checkpoint cycle may need. */
#define WB_SPACE_WAL_FACTOR 2
/* ...and never less than this share of the volume, percent: on a volume much
 * larger than max_wal_size the slack is what other writers and a slot lean on. */
#define WB_SPACE_VOLUME_PCT 10

/* Why the file system is a live server's WAL volume (or not). */
enum wb_space_live {
	WB_LIVE_NONE,       /* no running server's WAL found here: no guard */
	WB_LIVE_PID_FILE,   /* in a data directory with a postmaster.pid */
	WB_LIVE_SERVER,     /* the server --server observed keeps its pg_wal here */
};

/* Where max_wal_size came from. */
enum wb_wal_size_source {
	WB_WALSZ_DEFAULT,   /* nothing said: PostgreSQL's default */
	WB_WALSZ_SERVER,    /* the server's own setting, observed */
	WB_WALSZ_AUTO_CONF, /* the data directory's postgresql.auto.conf */
	WB_WALSZ_CONF,      /* the data directory's postgresql.conf */
};

struct wb_space_ask {
	enum wb_space_live live;
	bool have_space;          /* the volume's figures could be read */
	int space_err;            /* -errno when not */
	uint64_t free_bytes;      /* free to an unprivileged writer */
	uint64_t size_bytes;      /* the volume */
	uint64_t run_bytes;       /* the most the run has on it at once */
	uint64_t max_wal_size;    /* bytes; ignored for WB_WALSZ_DEFAULT */
	enum wb_wal_size_source wal_from;
	bool allow_low_space;     /* --allow-low-space */
};

enum wb_space_state {
	WB_SPACE_NO_SERVER,   /* go: no live server's WAL on this volume */
	WB_SPACE_OK,          /* go: the margin stays free after the run */
	WB_SPACE_ALLOWED,     /* go, though it would have been refused: --allow-low-space */
	WB_SPACE_REFUSED,     /* stop before writing anything */
};

/* What set the margin, or why the space is unknown. */
enum wb_space_reason {
	WB_SPACE_BY_WAL,      /* twice max_wal_size was the larger margin */
	WB_SPACE_BY_VOLUME,   /* 10 % of the volume was */
	WB_SPACE_UNREAD,      /* the free space could not be read (space_err) */
};

struct wb_space_verdict {
	enum wb_space_state state;
	enum wb_space_reason reason;
	enum wb_space_live live;
	enum wb_wal_size_source wal_from;
	uint64_t free_bytes, size_bytes, run_bytes;
	uint64_t left_bytes;      /* free after the run (0 when the run does not fit) */
	uint64_t max_wal_size;    /* the one used (the default when nothing said) */
	uint64_t wal_margin;      /* WB_SPACE_WAL_FACTOR x max_wal_size */
	uint64_t volume_margin;   /* WB_SPACE_VOLUME_PCT % of the volume */
	uint64_t margin;          /* the larger of the two */
	int space_err;
};

/* Judges a; true when the run may go (NO_SERVER, OK, ALLOWED). */
bool wb_space_guard(const struct wb_space_ask *a, struct wb_space_verdict *v);

#endif
