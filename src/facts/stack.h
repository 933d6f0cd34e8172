/* stack.h — the block devices under a file system, walked down to the disks
 * that hold the data (stack.c). device.c calls it for a path's block device. */
#ifndef WB_FACTS_STACK_H
#define WB_FACTS_STACK_H

#include "facts/dm_table.h"
#include "facts/storage.h"

/* Reads the live table of the dm device dev_major:dev_minor into t: 0 or
 * -errno (dm_ioctl.h's wb_dm_table_read, or a test's). */
typedef int (*wb_dm_table_reader)(unsigned dev_major, unsigned dev_minor, struct wb_dm_table *t);

/* Fills only the block facts of d (the fields from block_name on, and the
 * virtual/hypervisor facts) for the block device dev_major:dev_minor, walking
 * the stack under it. proc_root is read for cpuinfo and, to follow a loop
 * device's backing file, mountinfo. wb_device_probe calls this. */
void wb_device_probe_block(unsigned dev_major, unsigned dev_minor, struct wb_device *d,
			   const char *sysfs_root, const char *proc_root);

/* wb_device_probe_block with each dm device's target read by read_table
 * (NULL: none read, each guessed from sysfs, and its details say so).
 * wb_device_probe_block passes wb_dm_table_read when sysfs_root is "/sys",
 * NULL for any other tree: a fixture's devices are not the kernel's. */
void wb_device_probe_block_tables(unsigned dev_major, unsigned dev_minor, struct wb_device *d,
				  const char *sysfs_root, const char *proc_root,
				  wb_dm_table_reader read_table);

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
