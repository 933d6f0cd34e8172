/* mountinfo.c — which mount holds a path, read from /proc/self/mountinfo: the
 * file system type, mount point, options and source. Apart from device.c so the
 * storage-stack walk (stack.c), which follows a loop device's backing file to
 * its own mount, and the probe of a path both use it without needing each other.
 * Trap: the kernel escapes space, tab, newline and backslash as \ooo. */
#include "facts/mountinfo.h"
#include "facts/sysfs.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* Whether the comma-separated list has the option opt (len bytes) whole. */
static bool has_option(const char *list, const char *opt, size_t len)
{
	const char *p = list;

	while (*p) {
		size_t n = strcspn(p, ",");

		if (n == len && strncmp(p, opt, len) == 0)
			return true;
		p += n + (p[n] == ',');
	}
	return false;
}

/* The mount's options, then the super block's that it does not already name:
 * both lists carry "rw" (or "ro"), which read twice as "rw,relatime,rw". */
static void join_options(struct wb_device *d, const struct mount_line *m)
{
	const char *p = m->super_options;
	size_t n, k;

	wb_facts_copy(d->mount_options, sizeof(d->mount_options), m->options);
	while (*p) {
		k = strcspn(p, ",");
		n = strlen(d->mount_options);
		if (k && !has_option(d->mount_options, p, k)) {
			if (n + 1 + k >= sizeof(d->mount_options))
				break; /* cut at an option's end, never inside one */
			snprintf(d->mount_options + n, sizeof(d->mount_options) - n, "%s%.*s",
				 n ? "," : "", (int)k, p);
		}
		p += k + (p[k] == ',');
	}
}

static void fill_mount(struct wb_device *d, const struct mount_line *m)
{
	wb_facts_copy(d->fs_type, sizeof(d->fs_type), m->fs_type);
	wb_facts_copy(d->mount_point, sizeof(d->mount_point), m->mount_point);
	wb_facts_copy(d->source, sizeof(d->source), m->source);
	join_options(d, m);
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
