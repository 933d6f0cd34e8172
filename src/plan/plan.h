/* plan.h — turns a configuration into the ordered list of tests to run. */
#ifndef WB_PLAN_PLAN_H
#define WB_PLAN_PLAN_H

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

/* etcd's fio check writes 2300-byte records sequentially through a 22 MiB file. */
#define WB_ETCD_WRITE 2300u
#define WB_ETCD_FILE (22u << 20)
/* The label of qualify's unsynced write row. */
#define WB_QUALIFY_PLAIN_LABEL "write"

/* What `qualify` measures, indexed by enum wb_q_shape (each test's label is
 * the shape's name), then one unsynced 8 kB append (WB_QUALIFY_PLAIN_LABEL)
 * for the plausibility checks. */
struct wb_test *wb_plan_qualify(const struct wb_config *cfg, size_t *n);

/* Every method x engine x size of cfg, in that nesting order. */
struct wb_test *wb_plan_run(const struct wb_config *cfg, size_t *n);

#endif
