/* server_shape.h — what recommend should measure for the server it observed
 * (pure): the method it runs (the baseline every other is judged against), the
 * flushes it really writes (its mean flush in pages, and bulk flushes only
 * where wal_buffers_full or large writes show bulk work), the data load its
 * checkpoints put on the data volume, and the share of time its WAL spends
 * flushing. Each figure carries why it is what it is; the 8 kB and 128 kB
 * guesses are the fallback, never silent. */
#ifndef WB_ADVICE_SERVER_SHAPE_H
#define WB_ADVICE_SERVER_SHAPE_H

#include <stdbool.h>
#include <stdint.h>

#include "results/commit_gain.h"
#include "model/method.h"
#include "model/test.h"
#include "pgstat/observed.h"

/* A commit flush of this many pages or fewer; more is bulk (model/test.h). */
#define WB_SERVER_MAX_COMMIT_PAGES 15u
/* A mean write this large is bulk work: the 16-page (128 kB) bulk size. */
#define WB_SERVER_BULK_WRITE_BYTES (128u * 1024u)
/* The largest bulk flush measured: 1 MiB, 128 pages, what fills the default
 * 16 MB wal_buffers' ring between flushes in a bulk load (the guess's top). */
#define WB_SERVER_MAX_BULK_PAGES 128u

/* The fewest device writes per page applied to the load. Sorted checkpoint
 * writes merged into about 0.6 per page here; far fewer means the window ended
 * before the kernel wrote the pages back (they are written later, at the
 * checkpoint's fsync), not that they cost nothing. */
#define WB_SERVER_MIN_WRITES_PER_PAGE 0.5

/* The largest flush gain a decision is asked to prove: where the server's
 * flush share is too small for any flush to be --min-gain in commits, a tie
 * within this is proven in a few rounds. */
#define WB_SERVER_MAX_FLUSH_GAIN_PCT 200.0

enum wb_flush_why {
	WB_FLUSH_OBSERVED,      /* from the server's bytes per flush */
	WB_FLUSH_NONE_SEEN,     /* the server flushed nothing in the window: 8 kB guessed */
	WB_FLUSH_FSYNC_OFF,     /* fsync = off: the server never flushes; 8 kB guessed, and no
				 * method decision means anything for it */
};

enum wb_bulk_why {
	WB_BULK_NONE_SEEN,      /* no wal_buffers_full and small writes: commits only */
	WB_BULK_BUFFERS_FULL,   /* wal_buffers filled: bulk work */
	WB_BULK_LARGE_WRITES,   /* the mean write is WB_SERVER_BULK_WRITE_BYTES or more */
	WB_BULK_GUESSED,        /* nothing flushed at all: the 16 and 128 page guesses */
};

enum wb_load_why {
	WB_LOAD_MEASURED,       /* a checkpoint completed inside the window: its pages/s */
	WB_LOAD_NO_CHECKPOINT,  /* none did: the rate is not the server's load */
	WB_LOAD_NOT_READ,       /* the version's or role's statistics lacked the pages */
};

struct wb_server_shape {
	bool baseline_known;    /* the server's wal_sync_method is one walbench measures */
	enum wb_method_id baseline;
	uint32_t commit_pages;  /* pages per commit flush */
	enum wb_flush_why commit_why;
	uint32_t bulk_pages[2]; /* bulk flush sizes, in pages */
	unsigned nbulk;
	enum wb_bulk_why bulk_why;
	double load_per_s;      /* WB_LOAD_MEASURED: device writes per second of the load */
	double pages_per_s;     /* the data pages written per second, as read */
	double writes_per_page; /* the device writes per page applied (<= 1) */
	enum wb_load_why load_why;
	double flush_share;     /* WB_SHARE_SERVER_TIME: flush_busy; WB_SHARE_ASYNC_COMMIT: 0;
				 * else NAN */
	bool idle;              /* wb_server_idle: the window says nothing of the server's
				 * commits, so no share (WB_SHARE_NONE): flushes decide alone */
	double commits, flushes; /* idle: what the window saw, counts (NAN not counted) */
	enum wb_share_source share_source;
};

/* The fewest flushes in the window whose mean time is a figure to decide on:
 * one or two make a "mean" of whatever that flush was (1.875 ms from one
 * flush was seen as the server's flush time). Five is a handful, where one
 * odd flush no longer is the figure; a server whose commits wait for flushes
 * makes hundreds a second. */
#define WB_SERVER_MIN_FLUSHES 5

/* Whether o's mean flush time (rate.flush_ms) is the server's figure: timed,
 * above 0, and over at least WB_SERVER_MIN_FLUSHES flushes. */
bool wb_server_flush_ms_known(const struct wb_pg_observed *o);

/* Whether the window saw too few flushes (counted, under WB_SERVER_MIN_FLUSHES)
 * to know the server's shape: an idle server's flush share reads 0, and a
 * flush gain scaled by 0 is +0.0 % [+0.0, +0.0] in commits, a zero-width
 * interval that "proves" a tie from no evidence at all. */
bool wb_server_idle(const struct wb_pg_observed *o);

/* Fills out from o (an observation with its rates derived). */
void wb_server_shape(const struct wb_pg_observed *o, struct wb_server_shape *out);

/* The flush gain that is min_gain_pct in the server's commits, capped at
 * WB_SERVER_MAX_FLUSH_GAIN_PCT; 0 when its flush share is not known before
 * the run (it is then estimated after, from walbench's own flush time). */
double wb_server_flush_min_gain(const struct wb_server_shape *s, double min_gain_pct);

#endif
