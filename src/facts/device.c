/* device.c — facts about the storage under a path: statx(STATX_DIOALIGN), the
 * mount from <proc>/self/mountinfo and the whole disk from <sys>/dev/block.
 * Traps: glibc 2.36's own struct statx has no dio fields; it uses the kernel's
 * from <linux/stat.h> when that header exists, which is what we rely on. The
 * mountinfo mount point is octal-escaped (\040 for a space) and must be matched
 * on path component boundaries, or /var/lib/pgX would be "under" /var/lib/pg.
 * The file system type has one source: mountinfo, and statfs where it is silent. */
#include "facts/device.h"
#include "facts/sysfs.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <linux/magic.h>
#include <linux/stat.h>

bool wb_device_volatile_cache(const struct wb_device *d)
{
	return strcmp(d->write_cache, "write back") == 0;
}

static bool ram_fs(const char *fs)
{
	return strcmp(fs, "tmpfs") == 0 || strcmp(fs, "ramfs") == 0;
}

const char *wb_device_memory(const struct wb_device *d)
{
	unsigned i;

	if (ram_fs(d->fs_type))
		return d->fs_type;
	for (i = 0; i < d->n_layers; i++) {
		const struct wb_device_layer *l = &d->layers[i];

		if (l->kind == WB_LAYER_FILE && ram_fs(l->name))
			return l->name;
		if (l->kind == WB_LAYER_DISK &&
		    (strncmp(l->name, "zram", 4) == 0 || strncmp(l->name, "ram", 3) == 0))
			return l->name;
	}
	return NULL;
}

bool wb_device_in_ram(const struct wb_device *d)
{
	return wb_device_memory(d) != NULL;
}

static int read_dio_align(const char *path, struct wb_device *d)
{
#ifdef STATX_DIOALIGN
	struct statx stx;

	memset(&stx, 0, sizeof(stx));
	if (statx(AT_FDCWD, path, 0, STATX_DIOALIGN, &stx))
		return -errno; /* ENOSYS on old kernels or under seccomp: unknown */
	if (!(stx.stx_mask & STATX_DIOALIGN))
		return -EOPNOTSUPP; /* kernel < 6.1, or this fs/file type does not say */
	d->dio_known = true;
	d->dio_mem_align = stx.stx_dio_mem_align;
	d->dio_offset_align = stx.stx_dio_offset_align;
	return 0;
#else
	(void)path;
	(void)d;
	return -EOPNOTSUPP; /* built against headers older than Linux 6.1 */
#endif
}

/* The file system's name from statfs's magic number, for when mountinfo has no
 * line for the device (a bind mount seen from another namespace, say). */
static const char *fs_name(long magic)
{
	static const struct {
		long magic;
		const char *name;
	} names[] = {
		{ EXT4_SUPER_MAGIC, "ext4" }, { XFS_SUPER_MAGIC, "xfs" },
		{ BTRFS_SUPER_MAGIC, "btrfs" }, { TMPFS_MAGIC, "tmpfs" },
		{ RAMFS_MAGIC, "ramfs" }, { 0x65735546, "fuse" },
		{ NFS_SUPER_MAGIC, "nfs" }, { 0x2fc12fc1, "zfs" },
		{ OVERLAYFS_SUPER_MAGIC, "overlay" }, { F2FS_SUPER_MAGIC, "f2fs" },
	};
	unsigned i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].magic == magic)
			return names[i].name;
	return NULL;
}

static void read_statfs_type(const char *path, struct wb_device *d)
{
	struct statfs sf;
	const char *name;

	if (statfs(path, &sf))
		return;
	name = fs_name((long)sf.f_type);
	if (name)
		wb_facts_copy(d->fs_type, sizeof(d->fs_type), name);
	else
		snprintf(d->fs_type, sizeof(d->fs_type), "0x%lx", (unsigned long)sf.f_type);
}

/* A btrfs's st_dev is anonymous: its devices are found from the mounted one
 * (the mount source, by its device number where it can be stat'ed, else by
 * its name under /dev) in <sys>/fs/btrfs. The mount facts read so far are
 * kept across the walk, which starts from a cleared struct. */
static void probe_btrfs(struct wb_device *d, const char *sysfs_root, const char *proc_root)
{
	char link[PATH_MAX], dir[PATH_MAX], member[WB_DEVICE_NAME_LEN];
	const char *slash = strrchr(d->source, '/');
	struct stat st;

	wb_facts_copy(member, sizeof(member), slash ? slash + 1 : d->source);
	if (stat(d->source, &st) == 0 && S_ISBLK(st.st_mode) &&
	    snprintf(link, sizeof(link), "%s/dev/block/%u:%u", sysfs_root, major(st.st_rdev),
		     minor(st.st_rdev)) < (int)sizeof(link) &&
	    realpath(link, dir) && strrchr(dir, '/'))
		wb_facts_copy(member, sizeof(member), strrchr(dir, '/') + 1);
	wb_device_probe_btrfs(member, d, sysfs_root, proc_root);
}

void wb_device_probe(const char *path, struct wb_device *d, const char *sysfs_root,
		     const char *proc_root)
{
	char resolved[PATH_MAX];
	const char *abs_path = path;
	struct stat st;

	/* Each fact is optional by contract: a failed read leaves it unknown, so the
	 * results are deliberately ignored. probe_block clears d first; 0:0 is no
	 * block device at all. */
	if (stat(path, &st)) {
		wb_device_probe_block(0, 0, d, sysfs_root, proc_root);
		return;
	}
	/* A raw block device is its own storage: no file system above it. */
	if (S_ISBLK(st.st_mode)) {
		wb_device_probe_block(major(st.st_rdev), minor(st.st_rdev), d, sysfs_root, proc_root);
		(void)read_dio_align(path, d);
		snprintf(d->fs_type, sizeof(d->fs_type), "%s", WB_FS_RAW_DEVICE);
		snprintf(d->source, sizeof(d->source), "%s", path);
		return;
	}
	/* Major 0 is an anonymous device (tmpfs, ramfs, fuse, btrfs subvolumes):
	 * probe_block finds no block queue behind it. */
	wb_device_probe_block(major(st.st_dev), minor(st.st_dev), d, sysfs_root, proc_root);
	(void)read_dio_align(path, d);
	/* Mount points are absolute and symlink-free: compare like with like. */
	if (realpath(path, resolved))
		abs_path = resolved;
	(void)wb_device_read_mount(proc_root, major(st.st_dev), minor(st.st_dev), abs_path, d);
	if (!d->fs_type[0])
		read_statfs_type(path, d);
	if (strcmp(d->fs_type, "btrfs") == 0 && major(st.st_dev) == 0)
		probe_btrfs(d, sysfs_root, proc_root);
}

static bool has_disk(const struct wb_device *d, const char *name)
{
	unsigned i;

	for (i = 0; i < d->n_disks; i++)
		if (strcmp(d->disks[i], name) == 0)
			return true;
	return false;
}

bool wb_device_shares(const struct wb_device *a, const struct wb_device *b)
{
	unsigned i;

	if (a->n_disks == 0 || b->n_disks == 0)
		return a->n_disks == 0 && b->n_disks == 0 &&
		       (a->dev_major | a->dev_minor) != 0 && a->dev_major == b->dev_major &&
		       a->dev_minor == b->dev_minor;
	for (i = 0; i < a->n_disks; i++)
		if (has_disk(b, a->disks[i]))
			return true;
	return false;
}
