/* segment.h — the append pattern's position in a WAL segment, and the segment
 * switch: what PostgreSQL does when a segment fills (create the next one, zero-fill
 * it as wal_init_zero does, fsync it, fsync the directory), or etcd (create it,
 * fallocate it whole, sync). The switch is timed apart from the flushes. */
#ifndef WB_MEASURE_SEGMENT_H
#define WB_MEASURE_SEGMENT_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include "model/test.h"
#include "results/histogram.h"

struct wb_segment {
	uint64_t size;             /* bytes per segment */
	uint64_t pos;              /* next write offset in the current segment */
	enum wb_segment_mode mode; /* recycle wraps; new and preallocate switch to a new file */
	const char *base_path;     /* the session's file, the first segment; never removed here */
	char made_path[PATH_MAX];  /* the segment this test created last, or "" */
	uint64_t switches;         /* switches to a new segment, or wraps to the start */
	int fallocate_err;         /* preallocate: the errno that sent a segment to etcd's
				    * fallback (ftruncate to the size: a sparse file); 0 none */
};

/* Starts at offset pos (where the test's last trial stopped) in base_path. */
void wb_segment_init(struct wb_segment *s, const char *base_path, uint64_t size,
		     enum wb_segment_mode mode, uint64_t pos);

/* Preallocate only (else nothing to do): makes the segment this trial starts
 * in, fallocated whole as a switch makes one, and keeps the position: the
 * session's own file is zero-filled, so its blocks are written already, and
 * the trial must append into blocks never written, as etcd's does. Not a
 * switch, not timed. 0 or -errno; *call names the failing step. */
int wb_segment_begin(struct wb_segment *s, const char **call);

/* True when a flush of region bytes no longer fits and a new segment is wanted. */
bool wb_segment_full(const struct wb_segment *s, uint64_t region);

/* Offset for the next flush of region bytes; wraps to 0 (counted as a switch)
 * when the segment is full and segments are recycled. */
uint64_t wb_segment_advance(struct wb_segment *s, uint64_t region);

/* Creates the next segment beside the current one (O_EXCL; zero-filled under
 * new, fallocated under preallocate; fsynced, directory fsynced) and removes the
 * previous one this test made. 0 or -errno; *call names the failing step. */
int wb_segment_switch(struct wb_segment *s, const char **call);

/* The file flushes go to now. */
const char *wb_segment_path(const struct wb_segment *s);

/* Removes the last segment this test made, if any. 0 or -errno. */
int wb_segment_finish(struct wb_segment *s);

#endif
