/* plan.h — turns a configuration into the ordered list of tests to run. */
#ifndef WB_PLAN_H
#define WB_PLAN_H

#include <stddef.h>
#include "options.h"
#include "results.h"

/* Compat's five groups, in pg_test_fsync's order. */
enum wb_compat_group {
	WB_COMPAT_ONE_WRITE,   /* each method, one 8kB write */
	WB_COMPAT_TWO_WRITES,  /* each method, two 8kB writes */
	WB_COMPAT_OPEN_SYNC,   /* 16kB with open_sync in 1..16 writes */
	WB_COMPAT_FD_SYNC,     /* fsync on a non-write descriptor */
	WB_COMPAT_NON_SYNC,    /* plain 8kB writes */
};

/* pg_test_fsync's test set. The open_* methods run on the direct engine because
 * pg_test_fsync opens them with O_DIRECT; *n receives the count. NULL on ENOMEM. */
struct wb_test *wb_plan_compat(uint64_t duration_ns, size_t *n);

/* Every method x engine x size of cfg, in that nesting order. */
struct wb_test *wb_plan_run(const struct wb_config *cfg, size_t *n);

#endif
