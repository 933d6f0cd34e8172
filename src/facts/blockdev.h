/* blockdev.h — whether a raw block device may be written over: it must be a
 * block device, and neither it nor any of its partitions may be mounted, be
 * swap, or have holders (LVM, md, dm, bcache use it). Read from sysfs and proc
 * (roots given, for tests); nothing here opens the device for writing. */
#ifndef WB_FACTS_BLOCKDEV_H
#define WB_FACTS_BLOCKDEV_H

#include <stddef.h>
#include <stdint.h>

/* 0 when path may be written over; else -errno (-ENOTBLK, -EBUSY, -ENOENT)
 * with the reason in why ("/dev/loop3p1 is mounted on /mnt/x"). */
int wb_blockdev_refusal(const char *path, const char *sysfs_root, const char *proc_root,
			char *why, size_t why_len);

/* The same for the device maj:min named path, without looking at path: for
 * tests over a made-up sysfs and proc. */
int wb_blockdev_refusal_of(const char *path, unsigned maj, unsigned min,
			   const char *sysfs_root, const char *proc_root, char *why, size_t why_len);

/* The device's size in bytes (BLKGETSIZE64), or -errno. */
int64_t wb_blockdev_size(const char *path);

#endif
