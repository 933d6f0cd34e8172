/* os.c — reads the OS facts of os.h from <proc> and <sys>.
 * Traps: debugfs (sched/preempt) is root-only and often not mounted, so the
 * model usually comes from the version string, which for a PREEMPT_DYNAMIC
 * kernel names no model: then a preempt= boot parameter settles it, and without
 * one it stays "dynamic" rather than a guessed build default. meminfo sizes are
 * in kB (KiB); the probe stores bytes. */
#include "facts/os.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "facts/sysfs.h"

static const char *const preempt_names[WB_PREEMPT_COUNT] = {
	[WB_PREEMPT_UNKNOWN] = "unknown",
	[WB_PREEMPT_NONE] = "none",
	[WB_PREEMPT_VOLUNTARY] = "voluntary",
	[WB_PREEMPT_FULL] = "full",
	[WB_PREEMPT_LAZY] = "lazy",
	[WB_PREEMPT_RT] = "rt",
	[WB_PREEMPT_NONE_OR_VOLUNTARY] = "none or voluntary",
	[WB_PREEMPT_DYNAMIC] = "dynamic (model in use not readable)",
};
_Static_assert(sizeof(preempt_names) / sizeof(preempt_names[0]) == WB_PREEMPT_COUNT,
	       "preempt_names must name every enum wb_preempt");

const char *wb_preempt_name(enum wb_preempt p)
{
	return (unsigned)p < WB_PREEMPT_COUNT ? preempt_names[p] : "unknown";
}

/* A copy cut to fit and always terminated. */
static void copy_cut(char *dst, size_t size, const char *src)
{
	size_t n = strnlen(src, size - 1);

	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* The words debugfs sched/preempt and the preempt= boot parameter use. */
static enum wb_preempt preempt_from_word(const char *w, size_t n)
{
	static const struct {
		const char *word;
		enum wb_preempt model;
	} words[] = {
		{ "none", WB_PREEMPT_NONE },
		{ "voluntary", WB_PREEMPT_VOLUNTARY },
		{ "full", WB_PREEMPT_FULL },
		{ "lazy", WB_PREEMPT_LAZY },
	};

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strlen(words[i].word) == n && strncmp(words[i].word, w, n) == 0)
			return words[i].model;
	return WB_PREEMPT_UNKNOWN;
}

enum wb_preempt wb_preempt_from_debugfs(const char *text)
{
	const char *open = strchr(text, '('), *close;

	if (!open)
		return WB_PREEMPT_UNKNOWN;
	close = strchr(open + 1, ')');
	if (!close)
		return WB_PREEMPT_UNKNOWN;
	return preempt_from_word(open + 1, (size_t)(close - open - 1));
}

/* Whether text holds word as a whole space-separated word. */
static bool has_word(const char *text, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = strstr(text, word); p; p = strstr(p + 1, word)) {
		bool starts = p == text || p[-1] == ' ';
		bool ends = p[n] == '\0' || p[n] == ' ' || p[n] == '\n';

		if (starts && ends)
			return true;
	}
	return false;
}

/* init/Makefile puts one flag into the version string: PREEMPT for a
 * CONFIG_PREEMPT build, PREEMPT_DYNAMIC, PREEMPT_RT, or (newer kernels)
 * PREEMPT_LAZY; none of them means built with PREEMPT_NONE or _VOLUNTARY. */
enum wb_preempt wb_preempt_from_version(const char *version)
{
	if (version[0] != '#')
		return WB_PREEMPT_UNKNOWN; /* not a kernel version string */
	if (has_word(version, "PREEMPT_RT"))
		return WB_PREEMPT_RT;
	if (has_word(version, "PREEMPT_LAZY"))
		return WB_PREEMPT_LAZY;
	if (has_word(version, "PREEMPT_DYNAMIC"))
		return WB_PREEMPT_DYNAMIC;
	if (has_word(version, "PREEMPT"))
		return WB_PREEMPT_FULL;
	return WB_PREEMPT_NONE_OR_VOLUNTARY;
}

/* Reads the one-line attribute root/rel into buf, trailing whitespace cut, with
 * the facts' shared reader: 0, or the open's or the read's own -errno (EACCES,
 * EISDIR, ...), or -ENODATA for an empty file; buf is "" on failure. */
static int read_line(const char *root, const char *rel, char *buf, size_t size)
{
	int ret = wb_facts_read_attr(root, rel, buf, size);

	if (!ret && !buf[0])
		ret = -ENODATA;
	if (ret)
		buf[0] = '\0';
	return ret;
}

/* A whole unsigned decimal, nothing after it. */
static bool parse_u64(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || *end != '\0')
		return false;
	*out = v;
	return true;
}

static void read_num(const char *root, const char *rel, struct wb_os_num *n)
{
	char buf[32];

	if (read_line(root, rel, buf, sizeof(buf)) == 0 && parse_u64(buf, &n->value))
		n->known = true;
	else
		*n = (struct wb_os_num){ 0 };
}

/* The active choice of a sysfs list, bracketed: "always [madvise] never". */
static void read_bracketed(const char *root, const char *rel, char *out, size_t size)
{
	char buf[128];
	const char *open, *close;
	size_t n;

	out[0] = '\0';
	if (read_line(root, rel, buf, sizeof(buf)))
		return;
	open = strchr(buf, '[');
	close = open ? strchr(open + 1, ']') : NULL;
	if (!close)
		return;
	n = (size_t)(close - open - 1);
	if (n >= size)
		return; /* an unexpected word: unknown beats cut */
	memcpy(out, open + 1, n);
	out[n] = '\0';
}

/* "Key:   123 kB" lines of meminfo; scale is 1024 for kB fields, 1 for counts. */
static void meminfo_field(const char *line, const char *key, uint64_t scale,
			  struct wb_os_num *n)
{
	size_t klen = strlen(key);
	char *end;
	unsigned long long v;

	if (strncmp(line, key, klen) != 0 || line[klen] != ':')
		return;
	errno = 0;
	v = strtoull(line + klen + 1, &end, 10);
	if (errno || end == line + klen + 1 || v > UINT64_MAX / scale)
		return;
	n->value = v * scale;
	n->known = true;
}

static void read_meminfo(const char *proc_root, struct wb_os_facts *f)
{
	char path[PATH_MAX], line[256];
	FILE *fp;
	int len = snprintf(path, sizeof(path), "%s/meminfo", proc_root);

	if (len < 0 || (size_t)len >= sizeof(path))
		return;
	fp = fopen(path, "re");
	if (!fp)
		return;
	while (fgets(line, sizeof(line), fp)) {
		meminfo_field(line, "MemTotal", 1024, &f->mem_total_bytes);
		meminfo_field(line, "Hugepagesize", 1024, &f->hugepage_size_bytes);
		meminfo_field(line, "HugePages_Total", 1, &f->hugepages_total);
		meminfo_field(line, "HugePages_Free", 1, &f->hugepages_free);
	}
	fclose(fp);
}

static void set_preempt(struct wb_os_facts *f, enum wb_preempt p, const char *source)
{
	f->preempt = p;
	copy_cut(f->preempt_source, sizeof(f->preempt_source), source);
}

/* A preempt= boot parameter picks a PREEMPT_DYNAMIC kernel's model. */
static enum wb_preempt preempt_from_cmdline(const char *proc_root)
{
	char cmdline[4096];
	const char *p;

	if (read_line(proc_root, "cmdline", cmdline, sizeof(cmdline)))
		return WB_PREEMPT_UNKNOWN;
	for (p = strstr(cmdline, "preempt="); p; p = strstr(p + 1, "preempt=")) {
		if (p != cmdline && p[-1] != ' ')
			continue; /* e.g. "nopreempt=" is another parameter */
		p += strlen("preempt=");
		return preempt_from_word(p, strcspn(p, " "));
	}
	return WB_PREEMPT_UNKNOWN;
}

static void read_kernel(struct wb_os_facts *f, const char *proc_root, const char *sys_root)
{
	bool real_host = strcmp(proc_root, "/proc") == 0;
	char buf[256];
	struct utsname u;
	bool have_uname = real_host && uname(&u) == 0;
	enum wb_preempt p;

	if (read_line(proc_root, "sys/kernel/osrelease", f->kernel_release,
		      sizeof(f->kernel_release)) && have_uname)
		copy_cut(f->kernel_release, sizeof(f->kernel_release), u.release);
	if (sscanf(f->kernel_release, "%u.%u", &f->kernel_major, &f->kernel_minor) != 2)
		f->kernel_major = f->kernel_minor = 0;

	if (read_line(sys_root, "kernel/debug/sched/preempt", buf, sizeof(buf)) == 0) {
		p = wb_preempt_from_debugfs(buf);
		if (p != WB_PREEMPT_UNKNOWN) {
			set_preempt(f, p, "sched/preempt (debugfs)");
			return;
		}
	}
	if (read_line(proc_root, "sys/kernel/version", buf, sizeof(buf)) == 0)
		set_preempt(f, wb_preempt_from_version(buf), "kernel version string");
	else if (have_uname)
		set_preempt(f, wb_preempt_from_version(u.version), "uname -v");
	if (f->preempt == WB_PREEMPT_DYNAMIC) {
		p = preempt_from_cmdline(proc_root);
		if (p != WB_PREEMPT_UNKNOWN)
			set_preempt(f, p, "preempt= boot parameter");
	}
	if (f->preempt == WB_PREEMPT_UNKNOWN)
		f->preempt_source[0] = '\0';
}

void wb_os_probe(struct wb_os_facts *f, const char *proc_root, const char *sys_root)
{
	memset(f, 0, sizeof(*f));
	read_kernel(f, proc_root, sys_root);

	read_bracketed(sys_root, "kernel/mm/transparent_hugepage/enabled", f->thp_enabled,
		       sizeof(f->thp_enabled));
	read_bracketed(sys_root, "kernel/mm/transparent_hugepage/defrag", f->thp_defrag,
		       sizeof(f->thp_defrag));
	read_meminfo(proc_root, f);

	read_num(proc_root, "sys/vm/dirty_ratio", &f->dirty_ratio);
	read_num(proc_root, "sys/vm/dirty_background_ratio", &f->dirty_background_ratio);
	read_num(proc_root, "sys/vm/dirty_bytes", &f->dirty_bytes);
	read_num(proc_root, "sys/vm/dirty_background_bytes", &f->dirty_background_bytes);
	read_num(proc_root, "sys/vm/dirty_expire_centisecs", &f->dirty_expire_centisecs);
	read_num(proc_root, "sys/vm/swappiness", &f->swappiness);
	read_num(proc_root, "sys/vm/vfs_cache_pressure", &f->vfs_cache_pressure);
}
