/* mountinfo.h — the mount that holds a path, from <proc>/self/mountinfo
 * (mountinfo.c), for the probe of a path and for a loop device's backing file. */
#ifndef WB_FACTS_MOUNTINFO_H
#define WB_FACTS_MOUNTINFO_H

#include <stdbool.h>

#include "facts/storage.h"

/* The mount holding path, device dev_major:dev_minor, from <proc_root>/self/
 * mountinfo into d's fs_type, mount_point, mount_options and source; the
 * longest containing mount of any device when none names this one (a btrfs
 * subvolume). */
int wb_device_read_mount(const char *proc_root, unsigned dev_major, unsigned dev_minor,
			 const char *path, struct wb_device *d);

/* Parses the line of a mountinfo file that holds the mount of device dev_major:
 * dev_minor containing path (longest mount point that is a prefix of path).
 * Exposed for tests. Returns true when found. */
bool wb_device_parse_mountinfo(const char *mountinfo_text, unsigned dev_major,
			       unsigned dev_minor, const char *path, struct wb_device *d);

#endif
