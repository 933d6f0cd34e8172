/* placement_runs.h — synthetic placement runs for the unit tests (the
 * verdict's, test_placement.c, and the results file's, test_placement_json.c):
 * rows laid out as wb_plan_placement lays them out (commits and a group commit
 * of 8; the data directory idle, loaded, and each candidate with the load on
 * the data directory), trial rates made up per row with noise that differs by
 * round, storage facts made up per site. */
#ifndef WB_TESTS_PLACEMENT_RUNS_H
#define WB_TESTS_PLACEMENT_RUNS_H

#include <stddef.h>

#include "results/results.h"

#define PLACEMENT_RUN_ROUNDS 20

/* One site's storage and its rows' mean rates. */
struct site_spec {
	const char *path;
	const char *fs;            /* "ext4", "tmpfs" */
	unsigned minor;            /* st_dev minor: equal to the data's = same file system */
	double commit, group;      /* commits/s with the load on the data directory */
	double p50_us;
};

/* Frees rs and builds it again: s[0] is the data directory (idle rates
 * idle_commit, idle_group), s[1..n) the candidates, under a 30 % load. */
void placement_run_build(struct wb_results *rs, const struct site_spec *s, size_t n,
			 double idle_commit, double idle_group);

#endif
