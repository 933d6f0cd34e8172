/* qualify_runs.h — synthetic qualify runs for the unit tests (the verdict's,
 * test_qualify.c, and the results file's, test_qualify_json.c): a commit, an
 * etcd and a write row of 12 five-second slices on an NVMe disk, judged
 * against two tiers ("standard": commits at 200/s and a 10 ms p99; "fast":
 * etcd's at 5000/s); a bucket that runs dry; a provider fact table by hand;
 * a btrfs raid5 with the write-size sweep's rows. */
#ifndef WB_TESTS_QUALIFY_RUNS_H
#define WB_TESTS_QUALIFY_RUNS_H

#include <stddef.h>

#include "advice/qualify.h"

/* Frees rs and builds it again: commits and etcd's flushes at commit_rate,
 * each flush commit_us, a write write_us; tiers set again. */
void qualify_run_build(struct wb_results *rs, struct wb_tiers *tiers, double commit_rate,
		       double commit_us, double write_us);

/* The commit row's slices from the seventh on at 100/s: a plateau. */
void qualify_run_plateau(struct wb_results *rs);

/* The commit slices of a default qualify (5 s slices, three shapes a round: one
 * commit slice every 15 s), n of them, on a bucket that runs dry 24 s in:
 * 200/s, then 50/s; standard's commit threshold 15/s. */
void qualify_run_dry_at_24s(struct wb_results *rs, struct wb_tiers *tiers, size_t n);

/* A provider table by hand: a volume that may be on credits ("Cloud Block"),
 * and one whose every kind has none ("Cloud Local"). */
void qualify_run_two_volumes(struct wb_burst_table *table);

/* The storage a virtual disk of 100 GiB of that model. */
void qualify_run_on_virtual_disk(struct wb_results *rs, const char *model);

/* A btrfs raid5 of three members (chunk 64 kB, stripe 128 kB) with the sweep's
 * rows: a stripe at 2000/s and two at 1600/s put an 8 kB flush at about 2600/s
 * (0.375 ms a flush, 1 ms a MiB); the commit row runs at commit_rate. */
void qualify_run_array(struct wb_results *rs, struct wb_tiers *tiers, double commit_rate);

#endif
