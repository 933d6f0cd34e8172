/* stack.h — the block devices under a file system, walked down to the disks
 * that hold the data (stack.c). device.c calls it for a path's block device. */
#ifndef WB_FACTS_STACK_H
#define WB_FACTS_STACK_H

#include "facts/storage.h"

/* Fills only the block facts of d (the fields from block_name on, and the
 * virtual/hypervisor facts) for the block device dev_major:dev_minor, walking
 * the stack under it. proc_root is read for cpuinfo and, to follow a loop
 * device's backing file, mountinfo. wb_device_probe calls this. */
void wb_device_probe_block(unsigned dev_major, unsigned dev_minor, struct wb_device *d,
			   const char *sysfs_root, const char *proc_root);

/* Fills the block facts of d for a btrfs file system, one of whose devices is
 * member (a sysfs block name: "loop3", "sdb1"), from <sys>/fs/btrfs/FSID: a
 * btrfs layer (profiles, devices) over each device's own stack. A btrfs has no
 * block device of its own (st_dev is anonymous), so wb_device_probe_block
 * finds none; wb_device_probe calls this after it, when the mount says btrfs.
 * Does nothing when d already has layers or no btrfs in sysfs has member. */
void wb_device_probe_btrfs(const char *member, struct wb_device *d, const char *sysfs_root,
			   const char *proc_root);

/* The readable name of a layer kind: "disk", "partition", "md", "dm", "loop",
 * "file", "other", "btrfs". */
const char *wb_device_layer_kind_name(enum wb_device_layer_kind kind);

#endif
