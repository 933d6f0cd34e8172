/* device.h — facts about the storage under a path, read from statx(2),
 * statfs(2), /proc/self/mountinfo and /sys/dev/block: what O_DIRECT needs, block
 * sizes, the write cache, the file system and its mount options, and the stack of
 * block devices down to the disks that hold the data (partition, md RAID,
 * device-mapper, loop → its backing file's own device). The recommender and
 * reports read these; nothing here measures. */
#ifndef WB_FACTS_DEVICE_H
#define WB_FACTS_DEVICE_H

#include <stdbool.h>

#include "facts/mountinfo.h"
#include "facts/stack.h"
#include "facts/storage.h"

/* Fills d for path (a file or directory). Never fails as a whole: a fact that
 * cannot be read stays unknown. sysfs_root and proc_root are normally "/sys" and
 * "/proc"; tests point them at a fake tree. With "/sys" each dm device's live
 * table is asked of the kernel too (stack.h). */
void wb_device_probe(const char *path, struct wb_device *d, const char *sysfs_root,
		     const char *proc_root);

/* True when a and b have a physical disk in common after partitions, md, dm and
 * loop devices are seen through (one shared RAID member is enough): writes to one
 * then queue and flush on the same hardware. With no disk known on either side
 * (tmpfs, a network fs) it is true only for the same file system (same st_dev). A
 * hypervisor may still place two virtual disks on one host disk: that is not
 * visible from here. */
bool wb_device_shares(const struct wb_device *a, const struct wb_device *b);

/* A volatile write cache: writes are acknowledged before they are durable unless
 * flushes are honoured. "write back" in queue/write_cache. */
bool wb_device_volatile_cache(const struct wb_device *d);

/* The storage is memory: tmpfs or ramfs, a zram or brd (ram*) disk, or a loop
 * device backed by a file on one of them. What is on it is gone after a power
 * cut or a reboot, flushed or not. */
bool wb_device_in_ram(const struct wb_device *d);

/* What in d's stack is memory, so a warning can name it: the file system's type
 * ("tmpfs", "ramfs"), the RAM disk's name ("zram0", "ram0"), or the type of the
 * file system a loop device's backing file is on; NULL where wb_device_in_ram is
 * false. Points into d. */
const char *wb_device_memory(const struct wb_device *d);

#endif
