/* plan.h — turns a configuration into the ordered list of tests to run. */
#ifndef WB_PLAN_H
#define WB_PLAN_H

#include <stddef.h>
#include "plan/options.h"
#include "model/test.h"


/* pg_test_fsync's test set. The open_* methods run on the direct engine because
 * pg_test_fsync opens them with O_DIRECT; *n receives the count. NULL on ENOMEM. */
struct wb_test *wb_plan_compat(uint64_t duration_ns, size_t *n);

/* What `recommend` measures for cfg->workload, as the server of
 * cfg->pg_version would write WAL: the four Linux wal_sync_methods, each opened
 * as that server opens it, appending through a zeroed segment; 8 kB commits
 * (oltp), and flushes of 16 and 128 pages as one write each (bulk). */
struct wb_test *wb_plan_recommend(const struct wb_config *cfg, size_t *n);

/* Every method x engine x size of cfg, in that nesting order. */
struct wb_test *wb_plan_run(const struct wb_config *cfg, size_t *n);

#endif
