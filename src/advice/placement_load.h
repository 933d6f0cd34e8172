/* placement_load.h — the data load a predicted commit rate brings (pure). A
 * candidate on the data directory's file system (pg_wal apart now, moving back)
 * shares the data volume's I/O with the data writes, and those grow with the
 * commits: checked with pgbench (data on 150 IOPS, pg_wal on 15), 17 data pages/s
 * at 13 TPS became 96-138 at 164-171 TPS once pg_wal moved back, and the flush
 * time measured under today's load predicted +1517 % where pgbench gained +452 %.
 * So the candidate's commit row is measured again under the data writes of the
 * commits predicted, C' / C times today's (data pages per commit held), and the
 * prediction made again, until the commits whose load was measured lie inside
 * the prediction's own 95 % interval (it cannot tell that load from its own),
 * or the rounds or the budget run out.
 * Why a fixed point: the prediction falls as the load rises, so the first one
 * (today's load) is above the fixed point and the second (measured at the
 * first's load) below it; the rounds after that step between the two by the
 * secant of prediction - load's commits, held inside the bracket.
 * Trap: pages per commit is held, but moves both ways: a page dirtied twice
 * between checkpoints is written once, and a data set larger than
 * shared_buffers has the backends evict more as the rate grows (pgbench: 2.0
 * a commit at 12 TPS, 4.2 at 41 with pg_wal on the data volume).
 * Trap: even at its own load the prediction is a bound (placement.c): a
 * checkpoint writes in bursts that stall the WAL flushes behind them, where
 * the load writes steadily (pgbench: +905 % predicted, +234 % measured). */
#ifndef WB_ADVICE_PLACEMENT_LOAD_H
#define WB_ADVICE_PLACEMENT_LOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "advice/placement_model.h"
#include "advice/server_shape.h"

/* Rounds of measuring again, at most: each is one trial set of one row, and
 * two bracket the fixed point (above). */
#define WB_PLACEMENT_LOAD_ROUNDS 3

/* A round stops once its commit rate's 95 % interval is within this share of
 * the mean, percent: the flush time's to about as much, which moves the
 * prediction less than the shares' intervals do (placement_model.h). */
#define WB_PLACEMENT_LOAD_CI_PCT 10.0

/* One round: the commits whose data load the candidate was measured under,
 * and the commits predicted from that measurement. */
struct wb_load_point {
	double at_per_s;         /* the commits the load was scaled to (round 0: C, today's) */
	double predicted_per_s;  /* the model's prediction from that round's flush time */
};

/* The server's data writes a commit: the shape's load (device writes a second,
 * measured over a checkpoint) over C; NAN when the window showed no load to
 * scale (no checkpoint in it, not read) or no commits. */
double wb_placement_pages_per_commit(const struct wb_server_shape *sh, double commits_per_s);

/* The commits whose data load the next round measures, from the rounds so far
 * (pts[0] today's); NAN when no round can be told (no finite prediction). */
double wb_placement_load_next(const struct wb_load_point *pts, size_t n);

/* Whether m, predicted from a flush measured under at_per_s's data load, was
 * measured at its own: at_per_s inside its 95 % interval. */
bool wb_placement_load_settled(const struct wb_model *m, double at_per_s);

#endif
