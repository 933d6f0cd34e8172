/* device.h — facts about the storage under a path, read from statx(2),
 * statfs(2), /proc/self/mountinfo and /sys/dev/block: what O_DIRECT needs, block
 * sizes, the write cache, the file system and its mount options. The recommender
 * and reports read these; nothing here measures. */
#ifndef WB_DEVICE_H
#define WB_DEVICE_H

#include <stdbool.h>
#include <stdint.h>

struct wb_device {
	/* From statx(STATX_DIOALIGN) on the file; 0 when the kernel/fs does not say. */
	uint32_t dio_mem_align;      /* buffer alignment O_DIRECT needs */
	uint32_t dio_offset_align;   /* offset/length alignment O_DIRECT needs; 0 = no O_DIRECT */
	bool dio_known;              /* statx answered STATX_DIOALIGN */

	/* The file system. */
	char fs_type[32];            /* from mountinfo (statfs if absent), e.g. "ext4", "tmpfs" */
	char mount_point[256];
	char mount_options[256];     /* super options too, e.g. "rw,relatime,data=ordered" */
	char source[128];            /* mount source, e.g. "/dev/vda1" */

	/* The block device under it, when there is one (empty name otherwise). */
	char block_name[64];         /* the whole disk's sysfs name, e.g. "nvme0n1", "vda" */
	char model[128];             /* device/model, trimmed; empty if unknown */
	uint32_t logical_block;      /* queue/logical_block_size; 0 unknown */
	uint32_t physical_block;     /* queue/physical_block_size; 0 unknown */
	int rotational;              /* queue/rotational: 1, 0, or -1 unknown */
	char write_cache[32];        /* queue/write_cache: "write back", "write through", or "" */
	bool fua;                    /* queue/fua: device honours Force Unit Access */
	char scheduler[32];          /* the active one from queue/scheduler, e.g. "none", "mq-deadline" */
};

/* Fills d for path (a file or directory). Never fails as a whole: a fact that
 * cannot be read stays unknown. sysfs_root and proc_root are normally "/sys" and
 * "/proc"; tests point them at a fake tree. */
void wb_device_probe(const char *path, struct wb_device *d, const char *sysfs_root,
		     const char *proc_root);

/* Parses the line of a mountinfo file that holds the mount of device dev_major:
 * dev_minor containing path (longest mount point that is a prefix of path).
 * Exposed for tests. Returns true when found. */
bool wb_device_parse_mountinfo(const char *mountinfo_text, unsigned dev_major,
			       unsigned dev_minor, const char *path, struct wb_device *d);

/* A volatile write cache: writes are acknowledged before they are durable unless
 * flushes are honoured. "write back" in queue/write_cache. */
bool wb_device_volatile_cache(const struct wb_device *d);

#endif
