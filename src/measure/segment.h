/* segment.h — the append pattern's position in a WAL segment, and the segment
 * switch: what PostgreSQL does when a segment fills (create the next one, zero-fill
 * it as wal_init_zero does, fsync it, fsync the directory). The switch is timed
 * apart from the flushes. */
#ifndef WB_MEASURE_SEGMENT_H
#define WB_MEASURE_SEGMENT_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include "results/histogram.h"

struct wb_segment {
	uint64_t size;             /* bytes per segment */
	uint64_t pos;              /* next write offset in the current segment */
	bool make_new;             /* full segment: switch to a new one (else wrap) */
	const char *base_path;     /* the session's file, the first segment; never removed here */
	char made_path[PATH_MAX];  /* the segment this test created last, or "" */
	uint64_t switches;         /* switches to a new segment, or wraps to the start */
};

/* Starts at offset pos (where the test's last trial stopped) in base_path. */
void wb_segment_init(struct wb_segment *s, const char *base_path, uint64_t size, bool make_new,
		     uint64_t pos);

/* True when a flush of region bytes no longer fits and a new segment is wanted. */
bool wb_segment_full(const struct wb_segment *s, uint64_t region);

/* Offset for the next flush of region bytes; wraps to 0 (counted as a switch)
 * when the segment is full and segments are recycled. */
uint64_t wb_segment_advance(struct wb_segment *s, uint64_t region);

/* Creates the next segment beside the current one (O_EXCL, zero-filled, fsynced,
 * directory fsynced) and removes the previous one this test made. 0 or -errno;
 * *call names the failing step. */
int wb_segment_switch(struct wb_segment *s, const char **call);

/* The file flushes go to now. */
const char *wb_segment_path(const struct wb_segment *s);

/* Removes the last segment this test made, if any. 0 or -errno. */
int wb_segment_finish(struct wb_segment *s);

#endif
