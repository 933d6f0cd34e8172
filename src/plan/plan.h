/* plan.h — turns a configuration into the ordered list of tests to run. */
#ifndef WB_PLAN_PLAN_H
#define WB_PLAN_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include "plan/options.h"
#include "model/test.h"
#include "model/tier.h"


/* pg_test_fsync's test set. The open_* methods run on the direct engine because
 * pg_test_fsync opens them with O_DIRECT; *n receives the count. NULL on ENOMEM. */
struct wb_test *wb_plan_compat(uint64_t duration_ns, size_t *n);

/* The method recommend decides against: the server's own (cfg->baseline,
 * from --server), else PostgreSQL's default. */
enum wb_method_id wb_plan_baseline(const struct wb_config *cfg);

/* What `recommend` measures for cfg->workload, as the server of
 * cfg->pg_version would write WAL: the four Linux wal_sync_methods, each opened
 * as that server opens it, appending through a zeroed segment; commits of
 * cfg->commit_pages (one 8 kB page unless the server said otherwise) (oltp),
 * and bulk flushes of cfg->bulk_pages, else 16 and 128 pages, as one write
 * each (bulk). */
struct wb_test *wb_plan_recommend(const struct wb_config *cfg, size_t *n);

/* The group-commit row's committers, as pgbench's usual 8 clients. */
#define WB_PLACEMENT_COMMITTERS 8

/* What `recommend --wal-candidate` measures, with the default method (the
 * method is chosen afterwards, for the volume pg_wal ends up on), for 8 kB commits and then a
 * group commit of WB_PLACEMENT_COMMITTERS: on the data directory idle (site 0,
 * no load), on it under the data load, and on each candidate (site k) with the
 * load on the data directory. Each row is one placement of pg_wal. */
struct wb_test *wb_plan_placement(const struct wb_config *cfg, size_t *n);

/* etcd's fio check writes 2300-byte records sequentially through a 22 MiB file
 * that fio fallocates first (mode 0, nothing written). */
#define WB_ETCD_WRITE 2300u
#define WB_ETCD_FILE (22u << 20)
/* etcd's own WAL segment: SegmentSizeBytes in server/storage/wal/wal.go, 64 x
 * 1000 x 1000 bytes (64 MB, not MiB), each preallocated whole. */
#define WB_ETCD_SEGMENT 64000000u
/* A qualify shorter than this is a spot check set beside fio's, and its etcd
 * shape writes through fio's 22 MiB file; a longer one (the default 3 minutes)
 * through etcd's 64 MB segments. The flushes cost the same in either (each
 * lands in a never-written extent); what differs is the space held (up to two
 * segments at a switch) and how often a switch comes, which is timed apart. */
#define WB_ETCD_SHORT_NS (60ull * 1000000000ull)
/* The label of qualify's unsynced write row. */
#define WB_QUALIFY_PLAIN_LABEL "write"

/* What `qualify` measures, indexed by enum wb_q_shape (each test's label is
 * the shape's name), then one unsynced 8 kB append (WB_QUALIFY_PLAIN_LABEL)
 * for the plausibility checks. etcd's shape appends through preallocated
 * segments (WB_ETCD_SEGMENT, or WB_ETCD_FILE in a run shorter than
 * WB_ETCD_SHORT_NS); on a raw device, which has no files to preallocate,
 * through the device's first WB_ETCD_FILE bytes, recycled. On a striped array
 * (chunk and stripe, the full stripe's data bytes, both known) the write-size
 * sweep follows (model/tier.h: the chunk, the stripe and two stripes, labelled
 * wb_sweep_labels), unless two stripes are over WB_SWEEP_MAX_BYTES; chunk 0
 * plans none. */
struct wb_test *wb_plan_qualify(const struct wb_config *cfg, bool raw_device, uint32_t chunk,
				uint64_t stripe, size_t *n);

/* Every method x engine x size of cfg, in that nesting order. */
struct wb_test *wb_plan_run(const struct wb_config *cfg, size_t *n);

#endif
