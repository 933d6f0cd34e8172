/* device.c — facts about the storage under a path: statx(STATX_DIOALIGN), the
 * mount from <proc>/self/mountinfo and the whole disk from <sys>/dev/block.
 * Traps: glibc 2.36's own struct statx has no dio fields; it uses the kernel's
 * from <linux/stat.h> when that header exists, which is what we rely on. The
 * mountinfo mount point is octal-escaped (\040 for a space) and must be matched
 * on path component boundaries, or /var/lib/pgX would be "under" /var/lib/pg.
 * The file system type has one source: mountinfo, and statfs where it is silent. */
#include "facts/device.h"

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

/* A copy that always terminates; facts longer than the field are cut, never
 * overflow. */
static void copy_str(char *dst, size_t size, const char *src)
{
	size_t n = strlen(src);

	if (n >= size)
		n = size - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

static void trim_trailing_space(char *s)
{
	size_t n = strlen(s);

	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\n' || s[n - 1] == '\t' ||
			 s[n - 1] == '\r'))
		s[--n] = '\0';
}

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

	copy_str(d->fs_type, sizeof(d->fs_type), m->fs_type);
	copy_str(d->mount_point, sizeof(d->mount_point), m->mount_point);
	copy_str(d->source, sizeof(d->source), m->source);
	copy_str(d->mount_options, sizeof(d->mount_options), m->options);
	n = strlen(d->mount_options);
	if (m->super_options[0] && n + 1 < sizeof(d->mount_options)) {
		d->mount_options[n] = ',';
		copy_str(d->mount_options + n + 1, sizeof(d->mount_options) - n - 1,
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

/* Reads a whole file whose size stat cannot tell (proc files say 0). The caller
 * frees *text. */
static int read_whole_file(const char *path, char **text)
{
	size_t cap = 16384, len = 0;
	char *buf = malloc(cap), *bigger;
	ssize_t n;
	int fd, err = 0;

	if (!buf)
		return -ENOMEM;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		err = -errno;
		goto out_free;
	}
	for (;;) {
		if (cap - len < 2) {
			bigger = realloc(buf, cap * 2);
			if (!bigger) {
				err = -ENOMEM;
				goto out_close;
			}
			buf = bigger;
			cap *= 2;
		}
		n = read(fd, buf + len, cap - len - 1);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			err = -errno;
			goto out_close;
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	buf[len] = '\0';
out_close:
	if (close(fd) && !err)
		err = -errno;
out_free:
	if (err)
		free(buf);
	else
		*text = buf;
	return err;
}

/* Reads a one-line sysfs attribute dir/name into buf, trailing whitespace cut. */
static int read_attr(const char *dir, const char *name, char *buf, size_t size)
{
	char path[PATH_MAX];
	ssize_t n;
	int fd, err = 0, len;

	len = snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (len < 0 || (size_t)len >= sizeof(path))
		return -ENAMETOOLONG;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	do
		n = read(fd, buf, size - 1);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		err = -errno;
	else
		buf[n] = '\0';
	if (close(fd) && !err)
		err = -errno;
	if (!err)
		trim_trailing_space(buf);
	return err;
}

static int read_attr_u32(const char *dir, const char *name, uint32_t *out)
{
	char buf[32], *end;
	unsigned long v;
	int err = read_attr(dir, name, buf, sizeof(buf));

	if (err)
		return err;
	errno = 0;
	v = strtoul(buf, &end, 10);
	if (end == buf || *end != '\0' || errno || v > UINT32_MAX)
		return -EINVAL;
	*out = (uint32_t)v;
	return 0;
}

/* queue/scheduler lists all with the active one bracketed ("[mq-deadline] none");
 * a queue with no choice shows just "none". */
static void pick_scheduler(const char *list, char *out, size_t size)
{
	const char *lb = strchr(list, '['), *rb;
	size_t n;

	if (lb) {
		rb = strchr(lb + 1, ']');
		if (!rb)
			return;
		list = lb + 1;
		n = (size_t)(rb - list);
	} else {
		n = strcspn(list, " ");
	}
	if (n >= size)
		n = size - 1;
	memcpy(out, list, n);
	out[n] = '\0';
}

/* Block facts from <sysfs_root>/dev/block/MAJ:MIN, a symlink to the partition
 * or the whole disk; the queue attributes live on the whole disk only. Every
 * attribute is optional: a missing one stays unknown. */
static int read_block_facts(const char *sysfs_root, unsigned dev_major, unsigned dev_minor,
			    struct wb_device *d)
{
	char link[PATH_MAX], dev_dir[PATH_MAX], attr[128], *slash;
	struct stat st;
	uint32_t v;
	int len;

	len = snprintf(link, sizeof(link), "%s/dev/block/%u:%u", sysfs_root, dev_major, dev_minor);
	if (len < 0 || (size_t)len >= sizeof(link))
		return -ENAMETOOLONG;
	if (!realpath(link, dev_dir))
		return -errno;
	len = snprintf(link, sizeof(link), "%s/partition", dev_dir);
	if (len < 0 || (size_t)len >= sizeof(link))
		return -ENAMETOOLONG;
	if (stat(link, &st) == 0) {
		slash = strrchr(dev_dir, '/');
		if (!slash || slash == dev_dir)
			return -ENOENT;
		*slash = '\0'; /* the partition's parent directory is its disk */
	} else if (errno != ENOENT) {
		return -errno;
	}
	slash = strrchr(dev_dir, '/');
	copy_str(d->block_name, sizeof(d->block_name), slash ? slash + 1 : dev_dir);

	if (read_attr_u32(dev_dir, "queue/logical_block_size", &v) == 0)
		d->logical_block = v;
	if (read_attr_u32(dev_dir, "queue/physical_block_size", &v) == 0)
		d->physical_block = v;
	if (read_attr_u32(dev_dir, "queue/rotational", &v) == 0 && v <= 1)
		d->rotational = (int)v;
	if (read_attr(dev_dir, "queue/write_cache", attr, sizeof(attr)) == 0)
		copy_str(d->write_cache, sizeof(d->write_cache), attr);
	if (read_attr_u32(dev_dir, "queue/fua", &v) == 0)
		d->fua = v == 1;
	if (read_attr(dev_dir, "queue/scheduler", attr, sizeof(attr)) == 0)
		pick_scheduler(attr, d->scheduler, sizeof(d->scheduler));
	/* virtio and some others have no model: it stays empty. */
	if (read_attr(dev_dir, "device/model", d->model, sizeof(d->model)) != 0)
		d->model[0] = '\0';
	return 0;
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

static int read_mount_facts(const char *proc_root, unsigned dev_major, unsigned dev_minor,
			    const char *path, struct wb_device *d)
{
	char mi_path[PATH_MAX], *text = NULL;
	int len, err;

	len = snprintf(mi_path, sizeof(mi_path), "%s/self/mountinfo", proc_root);
	if (len < 0 || (size_t)len >= sizeof(mi_path))
		return -ENAMETOOLONG;
	err = read_whole_file(mi_path, &text);
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
		copy_str(d->fs_type, sizeof(d->fs_type), name);
	else
		snprintf(d->fs_type, sizeof(d->fs_type), "0x%lx", (unsigned long)sf.f_type);
}

void wb_device_probe(const char *path, struct wb_device *d, const char *sysfs_root,
		     const char *proc_root)
{
	char resolved[PATH_MAX];
	const char *abs_path = path;
	struct stat st;

	memset(d, 0, sizeof(*d));
	d->rotational = -1;

	/* Each fact is optional by contract: a failed read leaves it unknown, so the
	 * results are deliberately ignored. */
	(void)read_dio_align(path, d);
	if (stat(path, &st))
		return;
	/* Mount points are absolute and symlink-free: compare like with like. */
	if (realpath(path, resolved))
		abs_path = resolved;
	(void)read_mount_facts(proc_root, major(st.st_dev), minor(st.st_dev), abs_path, d);
	if (!d->fs_type[0])
		read_statfs_type(path, d);
	/* Major 0 is an anonymous device (tmpfs, ramfs, fuse, btrfs subvolumes):
	 * there is no block queue behind it. */
	if (major(st.st_dev) != 0)
		(void)read_block_facts(sysfs_root, major(st.st_dev), minor(st.st_dev), d);
}
