/* devstat.h — the block device under a path and its own count of completed
 * writes (/sys/dev/block/MAJ:MIN/stat): how many device writes some work
 * became, below the file system's merging and sorting. */
#ifndef WB_FACTS_DEVSTAT_H
#define WB_FACTS_DEVSTAT_H

#include <stdint.h>

struct wb_devstat {
	char name[32];             /* "loop3", "vda1" */
	uint64_t writes;           /* writes completed */
	uint64_t sectors;          /* 512-byte sectors written */
};

/* Reads the counters of the block device path is on (its st_dev: the
 * partition or loop device the file system sits on). 0; -ENODEV when path is
 * on no block device (tmpfs, a network file system); -errno otherwise. */
int wb_devstat_read(const char *path, struct wb_devstat *out, const char *sysfs_root);

#endif
