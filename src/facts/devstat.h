/* devstat.h — a block device's own count of completed writes and the time
 * they took (its sysfs stat file): how many device writes some work became,
 * below the file system's merging and sorting, and how long each member of an
 * array spent on them. Counters only: a caller reads twice and subtracts. */
#ifndef WB_FACTS_DEVSTAT_H
#define WB_FACTS_DEVSTAT_H

#include <stdbool.h>
#include <stdint.h>

#include "facts/storage.h"

struct wb_devstat {
	char name[32];             /* "loop3", "vda1" */
	uint64_t writes;           /* writes completed */
	uint64_t sectors;          /* 512-byte sectors written */
	uint64_t write_ms;         /* milliseconds writes spent queued and in service, summed */
};

/* Reads the counters of the block device path is on (its st_dev: the
 * partition or loop device the file system sits on). 0; -ENODEV when path is
 * on no block device (tmpfs, a network file system); -errno otherwise. */
int wb_devstat_read(const char *path, struct wb_devstat *out, const char *sysfs_root);

/* Reads the counters of the block device named name ("sdb1", "loop3", "dm-2";
 * a partition too) from sysfs_root/class/block/NAME/stat. 0; -errno (-ENOENT
 * when there is no such device) otherwise. */
int wb_devstat_read_name(const char *name, struct wb_devstat *out, const char *sysfs_root);

/* An array's members' counters at one moment, in the array's order. */
struct wb_members_stat {
	struct wb_devstat s[WB_ARRAY_MAX_MEMBERS];
	bool ok[WB_ARRAY_MAX_MEMBERS];  /* s[i] was read */
	unsigned n;
};

/* Reads the counters of each member of a (by its name); a member that cannot
 * be read stays !ok. 0 when some member was read; -ENOENT otherwise. */
int wb_devstat_members_read(const struct wb_array *a, struct wb_members_stat *out,
			    const char *sysfs_root);

/* Each member of a (matched by name) read in both snapshots gets its writes
 * and write time between them (io_known); the others stay unknown. A counter
 * that went backwards (the device was removed and came back) is unknown too. */
void wb_devstat_members_io(const struct wb_members_stat *before,
			   const struct wb_members_stat *after, struct wb_array *a);

#endif
