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

/* Undoes the kernel's mangle: space, tab, newline and backslash in mount points
 * and sources appear as \ooo. In place: the result is never longer. */
static void unescape_octal(char *s)
{
	char *r = s, *w = s;

	while (*r) {
		if (r[0] == '\\' && r[1] >= '0' && r[1] <= '3' && r[2] >= '0' && r[2] <= '7' &&
		    r[3] >= '0' && r[3] <= '7') {
			*w++ = (char)(((r[1] - '0') << 6) | ((r[2] - '0') << 3) | (r[3] - '0'));
			r += 4;
		} else {
			*w++ = *r++;
		}
	}
	*w = '\0';
}

/* True when mount point mnt contains path: a prefix ending on a component
 * boundary. "/" contains every absolute path. */
static bool mount_contains(const char *mnt, const char *path)
{
	size_t n = strlen(mnt);

	if (strcmp(mnt, "/") == 0)
		return path[0] == '/';
	while (n > 1 && mnt[n - 1] == '/') /* a trailing slash would break the boundary test */
		n--;
	return strncmp(mnt, path, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

/* One mountinfo line split into the fields we use; pointers into the line. */
struct mount_line {
	unsigned major, minor;
	char *mount_point;
	char *options;
	char *fs_type;
	char *source;
	char *super_options;
};

/* Splits line in place. Fields: id parent maj:min root mount-point options
 * [optional...] - fstype source super-options. False for a malformed line. */
static bool split_mount_line(char *line, struct mount_line *m)
{
	char *field[6], *save = NULL, *tok;
	int i;

	for (i = 0; i < 6; i++) {
		field[i] = strtok_r(i ? NULL : line, " ", &save);
		if (!field[i])
			return false;
	}
	if (sscanf(field[2], "%u:%u", &m->major, &m->minor) != 2)
		return false;
	m->mount_point = field[4];
	m->options = field[5];
	/* The optional fields (shared:N, master:N, ...) end at a lone "-". */
	do {
		tok = strtok_r(NULL, " ", &save);
		if (!tok)
			return false;
	} while (strcmp(tok, "-") != 0);
	m->fs_type = strtok_r(NULL, " ", &save);
	m->source = strtok_r(NULL, " ", &save);
	m->super_options = strtok_r(NULL, " ", &save);
	if (!m->fs_type || !m->source)
		return false;
	if (!m->super_options)
		m->super_options = "";
	unescape_octal(m->mount_point);
	unescape_octal(m->fs_type);
	unescape_octal(m->source);
	return true;
}

static void fill_mount(struct wb_device *d, const struct mount_line *m)
{
	size_t n;

	wb_facts_copy(d->fs_type, sizeof(d->fs_type), m->fs_type);
	wb_facts_copy(d->mount_point, sizeof(d->mount_point), m->mount_point);
	wb_facts_copy(d->source, sizeof(d->source), m->source);
	wb_facts_copy(d->mount_options, sizeof(d->mount_options), m->options);
	n = strlen(d->mount_options);
	if (m->super_options[0] && n + 1 < sizeof(d->mount_options)) {
		d->mount_options[n] = ',';
		wb_facts_copy(d->mount_options + n + 1, sizeof(d->mount_options) - n - 1,
			 m->super_options);
	}
}

/* The longest mount point containing path, among mounts of dev_major:dev_minor,
 * or among all mounts when any_device (later lines win ties: they are mounted on
 * top). */
static bool find_mount(const char *text, unsigned dev_major, unsigned dev_minor,
		       bool any_device, const char *path, struct wb_device *d)
{
	char *copy = strdup(text), *line, *save = NULL;
	struct mount_line m, best = { 0 };
	size_t best_len = 0;
	bool found = false;

	if (!copy)
		return false;
	for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		size_t len;

		if (!split_mount_line(line, &m))
			continue;
		if (!any_device && (m.major != dev_major || m.minor != dev_minor))
			continue;
		if (!mount_contains(m.mount_point, path))
			continue;
		len = strlen(m.mount_point);
		if (!found || len >= best_len) {
			best = m;
			best_len = len;
			found = true;
		}
	}
	if (found)
		fill_mount(d, &best);
	free(copy);
	return found;
}

bool wb_device_parse_mountinfo(const char *mountinfo_text, unsigned dev_major,
			       unsigned dev_minor, const char *path, struct wb_device *d)
{
	return find_mount(mountinfo_text, dev_major, dev_minor, false, path, d);
}

bool wb_device_volatile_cache(const struct wb_device *d)
{
	return strcmp(d->write_cache, "write back") == 0;
}

static bool ram_fs(const char *fs)
{
	return strcmp(fs, "tmpfs") == 0 || strcmp(fs, "ramfs") == 0;
}

bool wb_device_in_ram(const struct wb_device *d)
{
	unsigned i;

	if (ram_fs(d->fs_type))
		return true;
	for (i = 0; i < d->n_layers; i++) {
		const struct wb_device_layer *l = &d->layers[i];

		if (l->kind == WB_LAYER_FILE && ram_fs(l->name))
			return true;
		if (l->kind == WB_LAYER_DISK &&
		    (strncmp(l->name, "zram", 4) == 0 || strncmp(l->name, "ram", 3) == 0))
			return true;
	}
	return false;
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

int wb_device_read_mount(const char *proc_root, unsigned dev_major, unsigned dev_minor,
			 const char *path, struct wb_device *d)
{
	char mi_path[PATH_MAX], *text = NULL;
	int len, err;

	len = snprintf(mi_path, sizeof(mi_path), "%s/self/mountinfo", proc_root);
	if (len < 0 || (size_t)len >= sizeof(mi_path))
		return -ENAMETOOLONG;
	err = wb_facts_read_file(mi_path, &text);
	if (err)
		return err;
	/* A btrfs subvolume (or an overlay file) has an st_dev no mountinfo line
	 * names: then the longest mount point containing the path is still the
	 * right file system. */
	if (!find_mount(text, dev_major, dev_minor, false, path, d) &&
	    !find_mount(text, 0, 0, true, path, d))
		err = -ENOENT;
	free(text);
	return err;
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
		snprintf(d->fs_type, sizeof(d->fs_type), "(raw device)");
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
