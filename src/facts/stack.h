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

/* The readable name of a layer kind: "disk", "partition", "md", "dm", "loop",
 * "file", "other". */
const char *wb_device_layer_kind_name(enum wb_device_layer_kind kind);

#endif
