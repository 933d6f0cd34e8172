/* stack.c — the block devices under a file system, from <sys>/dev/block/MAJ:MIN
 * down through partitions, md RAID, device-mapper and loop devices to the disks
 * that hold the data, and whether those disks are a hypervisor's.
 * Traps: a partition's disk is its parent directory in sysfs, md and dm name
 * theirs in slaves/; a loop device's backing file lives on another device,
 * found by stat(2) and mountinfo, which may be a loop again (capped, which also
 * ends a cycle). Only queue/ of a whole disk is the disk's word, and on virtual
 * hardware not even that: a virtio disk reads rotational 1 on any host. */
#include "facts/array.h"
#include "facts/dm_ioctl.h"
#include "facts/mountinfo.h"
#include "facts/stack.h"
#include "facts/sysfs.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

static const char *const kind_names[] = {
	[WB_LAYER_DISK] = "disk", [WB_LAYER_PARTITION] = "partition", [WB_LAYER_MD] = "md",
	[WB_LAYER_DM] = "dm",     [WB_LAYER_LOOP] = "loop",           [WB_LAYER_FILE] = "file",
	[WB_LAYER_OTHER] = "other",   [WB_LAYER_BTRFS] = "btrfs",
};
_Static_assert(sizeof(kind_names) / sizeof(kind_names[0]) == WB_LAYER_KIND_COUNT,
	       "one name per layer kind");

const char *wb_device_layer_kind_name(enum wb_device_layer_kind kind)
{
	return (unsigned)kind < WB_LAYER_KIND_COUNT ? kind_names[kind] : "?";
}

/* Disk models that are a hypervisor's, not hardware: SCSI/ATA/NVMe emulations
 * that carry no virtio name. From the models these platforms report. */
static const char *const virtual_models[] = {
	"QEMU",                /* QEMU HARDDISK, QEMU NVMe Ctrl */
	"VBOX",                /* VirtualBox: VBOX HARDDISK */
	"VMware",              /* VMware Virtual disk, VMware Virtual NVMe Disk */
	"Virtual Disk",        /* Hyper-V (Msft Virtual Disk) */
	"PersistentDisk",      /* Google Compute Engine */
	"Elastic Block Store", /* AWS EBS over NVMe */
};

/* The walk's state: where to read, what it fills, how deep in loops it is. */
struct walk {
	const char *sysfs_root;
	const char *proc_root;
	struct wb_device *d;
	wb_dm_table_reader read_table; /* a dm device's live table; NULL: not asked */
	unsigned loop_depth;      /* loop devices followed to reach this point */
	bool disk_rot_unknown;    /* some disk did not say whether it rotates */
};

static void walk_dev(struct walk *w, const char *dev_dir, int parent);

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* Appends ", text" (or text, first) to a layer's details line; cut when full. */
static void add_detail(struct wb_device_layer *l, const char *text)
{
	size_t n = strlen(l->details);

	if (n && n + 2 < sizeof(l->details)) {
		memcpy(l->details + n, ", ", 3);
		n += 2;
	}
	wb_facts_copy(l->details + n, sizeof(l->details) - n, text);
}

/* add_detail with a format; text past the line's end is cut. */
static void add_detailf(struct wb_device_layer *l, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void add_detailf(struct wb_device_layer *l, const char *fmt, ...)
{
	char text[sizeof(l->details)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	add_detail(l, text);
}

/* A new layer under parent, or NULL when the table is full (the walk stops
 * there and says so). */
static struct wb_device_layer *add_layer(struct walk *w, enum wb_device_layer_kind kind,
					 const char *name, int parent)
{
	struct wb_device *d = w->d;
	struct wb_device_layer *l;

	if (d->n_layers >= WB_DEVICE_MAX_LAYERS) {
		d->layers_truncated = true;
		return NULL;
	}
	l = &d->layers[d->n_layers++];
	memset(l, 0, sizeof(*l));
	l->kind = kind;
	l->parent = parent;
	l->depth = parent < 0 ? 0 : d->layers[parent].depth + 1;
	l->rotational = -1;
	l->loop_dio = -1;
	wb_facts_copy(l->name, sizeof(l->name), name);
	return l;
}

static int layer_index(const struct walk *w, const struct wb_device_layer *l)
{
	return (int)(l - w->d->layers);
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

static void read_queue(const char *dev_dir, struct wb_device_layer *l)
{
	char attr[128];
	uint32_t v;

	if (wb_facts_read_u32(dev_dir, "queue/rotational", &v) == 0 && v <= 1)
		l->rotational = (int)v;
	(void)wb_facts_read_attr(dev_dir, "queue/write_cache", l->write_cache,
				 sizeof(l->write_cache));
	if (wb_facts_read_u32(dev_dir, "queue/fua", &v) == 0)
		l->fua = v == 1;
	if (wb_facts_read_attr(dev_dir, "queue/scheduler", attr, sizeof(attr)) == 0)
		pick_scheduler(attr, l->scheduler, sizeof(l->scheduler));
	(void)wb_facts_read_u32(dev_dir, "queue/minimum_io_size", &l->io_min);
	(void)wb_facts_read_u32(dev_dir, "queue/optimal_io_size", &l->io_opt);
}

/* Follows each entry of dev_dir/slaves (sorted, so the order is the same on
 * every run) as a child of parent. */
static void walk_slaves(struct walk *w, const char *dev_dir, int parent)
{
	char dir[PATH_MAX], link[PATH_MAX], target[PATH_MAX];
	struct dirent **names = NULL;
	int n, i;

	if (snprintf(dir, sizeof(dir), "%s/slaves", dev_dir) >= (int)sizeof(dir))
		return;
	n = scandir(dir, &names, NULL, alphasort);
	if (n < 0)
		return;
	for (i = 0; i < n; i++) {
		if (names[i]->d_name[0] != '.' &&
		    snprintf(link, sizeof(link), "%s/%s", dir, names[i]->d_name) <
			    (int)sizeof(link) &&
		    realpath(link, target))
			walk_dev(w, target, parent);
		free(names[i]);
	}
	free(names);
}

static bool has_slaves(const char *dev_dir)
{
	char dir[PATH_MAX];
	struct dirent **names = NULL;
	int n, i, real = 0;

	if (snprintf(dir, sizeof(dir), "%s/slaves", dev_dir) >= (int)sizeof(dir))
		return false;
	n = scandir(dir, &names, NULL, NULL);
	for (i = 0; i < n; i++) {
		real += names[i]->d_name[0] != '.';
		free(names[i]);
	}
	free(names);
	return real > 0;
}

static void walk_partition(struct walk *w, const char *dev_dir, int parent)
{
	char disk_dir[PATH_MAX], start[32] = "", number[16] = "";
	struct wb_device_layer *l = add_layer(w, WB_LAYER_PARTITION, base_name(dev_dir), parent);

	if (!l)
		return;
	wb_facts_copy(disk_dir, sizeof(disk_dir), dev_dir);
	*strrchr(disk_dir, '/') = '\0'; /* dev_dir came from realpath: it has a slash */
	(void)wb_facts_read_attr(dev_dir, "partition", number, sizeof(number));
	(void)wb_facts_read_attr(dev_dir, "start", start, sizeof(start));
	add_detailf(l, "partition %s of %s", number[0] ? number : "?", base_name(disk_dir));
	if (start[0])
		add_detailf(l, "starts at sector %s", start);
	walk_dev(w, disk_dir, layer_index(w, l));
}

/* Each member's state as its array sees it: md/dev-NAME/state, e.g.
 * "in_sync", "faulty", "spare", "in_sync,write_mostly". */
static void read_member_states(struct walk *w, const char *dev_dir, int md, unsigned first)
{
	char attr[64];
	unsigned i;

	for (i = first; i < w->d->n_layers; i++) {
		struct wb_device_layer *c = &w->d->layers[i];

		if (c->parent == md &&
		    snprintf(attr, sizeof(attr), "md/dev-%s/state", c->name) < (int)sizeof(attr))
			(void)wb_facts_read_attr(dev_dir, attr, c->member_state,
						 sizeof(c->member_state));
	}
}

/* An md attribute that reads "N", or "N (M)" while a reshape moves the array
 * from M to N (md/raid_disks, md/chunk_size): N in *now, M in *was (N when
 * no reshape). -EINVAL when it is neither. */
static int read_reshaped(const char *dev_dir, const char *name, uint32_t *now, uint32_t *was)
{
	char buf[64], *end;
	unsigned long a, b;

	if (wb_facts_read_attr(dev_dir, name, buf, sizeof(buf)) || buf[0] < '0' || buf[0] > '9')
		return -EINVAL;
	errno = 0;
	a = strtoul(buf, &end, 10);
	if (errno || a > UINT32_MAX)
		return -EINVAL;
	b = a;
	if (strncmp(end, " (", 2) == 0) {
		const char *p = end + 2;

		if (*p < '0' || *p > '9')
			return -EINVAL;
		b = strtoul(p, &end, 10);
		if (errno || b > UINT32_MAX || strcmp(end, ")") != 0)
			return -EINVAL;
	} else if (*end) {
		return -EINVAL;
	}
	*now = (uint32_t)a;
	*was = (uint32_t)b;
	return 0;
}

static void walk_md(struct walk *w, const char *dev_dir, int parent)
{
	struct wb_device *d = w->d;
	struct wb_device_layer *l = add_layer(w, WB_LAYER_MD, base_name(dev_dir), parent);
	char level[16] = "";
	uint32_t disks = 0, degraded = 0, chunk = 0, old_disks = 0, old_chunk = 0;
	unsigned first_child, i;

	if (!l)
		return;
	read_queue(dev_dir, l);
	(void)wb_facts_read_attr(dev_dir, "md/level", level, sizeof(level));
	/* Mid-reshape the geometry reads "new (old)": the new one is what the
	 * array becomes, and the details say it is not there yet. */
	(void)read_reshaped(dev_dir, "md/raid_disks", &disks, &old_disks);
	(void)wb_facts_read_u32(dev_dir, "md/degraded", &degraded);
	(void)read_reshaped(dev_dir, "md/chunk_size", &chunk, &old_chunk);
	(void)wb_facts_read_u32(dev_dir, "md/layout", &l->layout);
	wb_facts_copy(l->level, sizeof(l->level), level);
	l->raid_disks = disks;
	l->chunk = chunk;
	add_detail(l, level[0] ? level : "md");
	add_detailf(l, "%u disks", (unsigned)disks);
	if (degraded)
		add_detailf(l, "%u missing", (unsigned)degraded);
	if (chunk)
		add_detailf(l, "chunk %u KiB", (unsigned)(chunk / 1024));
	if (old_disks != disks)
		add_detailf(l, "reshaping from %u disks", (unsigned)old_disks);
	if (old_chunk != chunk)
		add_detailf(l, "reshaping from chunk %u KiB", (unsigned)(old_chunk / 1024));
	first_child = d->n_layers;
	walk_slaves(w, dev_dir, layer_index(w, l));
	read_member_states(w, dev_dir, layer_index(w, l), first_child);
	if (d->raid_name[0])
		return; /* a deeper md: the top one is the summary */
	wb_facts_copy(d->raid_name, sizeof(d->raid_name), l->name);
	wb_facts_copy(d->raid_level, sizeof(d->raid_level), level);
	d->raid_disks = disks;
	d->raid_degraded = degraded;
	d->raid_chunk = chunk;
	for (i = first_child; i < d->n_layers && d->n_raid_members < WB_DEVICE_MAX_DISKS; i++)
		if (d->layers[i].parent == layer_index(w, l))
			wb_facts_copy(d->raid_members[d->n_raid_members++],
				      sizeof(d->raid_members[0]), d->layers[i].name);
}

/* The dm target, as far as sysfs shows it, where the table could not be read:
 * from what made the device (the uuid prefix) and from its slaves' names (LVM
 * names a raid LV's images NAME_rimage_N, a thin pool's NAME-tpool and
 * NAME_tdata), and a stripe from the queue limits dm-striped sets (io_min the
 * chunk, io_opt the full stripe) — which a linear volume over md arrays can
 * show too (its limits are theirs, stacked). What none of these tell is
 * "unknown": linear, mirror, cache and snapshot targets look alike from here. */
static void dm_target(const struct walk *w, struct wb_device_layer *l, const char *kind,
		      unsigned first_child)
{
	const struct wb_device *d = w->d;
	unsigned i, children = 0;
	const char *target = "unknown";

	if (strcmp(kind, "CRYPT") == 0)
		target = "crypt";
	else if (strcmp(kind, "mpath") == 0)
		target = "multipath";
	for (i = first_child; i < d->n_layers; i++) {
		const struct wb_device_layer *c = &d->layers[i];

		if (c->parent != layer_index(w, l))
			continue;
		children++;
		if (strstr(c->label, "_rimage_"))
			target = "raid";
		else if (strstr(c->label, "-tpool") || strstr(c->label, "_tdata"))
			target = "thin";
	}
	if (strcmp(target, "unknown") == 0 && children >= 2 && l->io_min > 0 &&
	    l->io_opt >= 2 * l->io_min && l->io_opt % l->io_min == 0)
		target = "striped";
	wb_facts_copy(l->level, sizeof(l->level), target);
}

/* The dm target from the device's live table: its type ("mixed" when the
 * targets differ), and a striped one's stripes (in raid_disks) and chunk; a
 * raid one's level in md's words ("raid5", the type "raid" when the table's
 * is not known here), devices, chunk and raid10 layout, as md's are kept.
 * 0, or -errno why not: -ENOSYS no reader (a sysfs that is not the running
 * kernel's), -ENODEV no readable dev attribute, -ENODATA no live table, or
 * the reader's. */
static int dm_table(const struct walk *w, const char *dev_dir, struct wb_device_layer *l)
{
	char dev[32], extra;
	unsigned dev_major, dev_minor;
	struct wb_dm_table t;
	int rc;

	if (!w->read_table)
		return -ENOSYS;
	if (wb_facts_read_attr(dev_dir, "dev", dev, sizeof(dev)) ||
	    sscanf(dev, "%u:%u%c", &dev_major, &dev_minor, &extra) != 2)
		return -ENODEV;
	rc = w->read_table(dev_major, dev_minor, &t);
	if (rc)
		return rc;
	if (t.n_targets == 0)
		return -ENODATA;
	wb_facts_copy(l->level, sizeof(l->level), t.type);
	l->raid_disks = t.stripes;
	l->chunk = t.chunk;
	l->dm_table = true;
	if (strcmp(t.type, "raid") == 0 && t.raid_level[0]) {
		wb_facts_copy(l->level, sizeof(l->level), t.raid_level);
		l->raid_disks = t.raid_devs;
		l->layout = t.raid_layout;
		add_detailf(l, "table: raid %s, %u devices, chunk %u KiB", t.raid_level,
			    (unsigned)t.raid_devs, (unsigned)(t.chunk / 1024));
	} else if (strcmp(t.type, "striped") == 0 && t.stripes)
		add_detailf(l, "table: striped, %u stripes of %u KiB", (unsigned)t.stripes,
			    (unsigned)(t.chunk / 1024));
	else if (strcmp(t.type, "striped") == 0)
		add_detail(l, "table: striped, geometry differs along the device");
	else
		add_detailf(l, "table: %s", t.types);
	return 0;
}

static void walk_dm(struct walk *w, const char *dev_dir, int parent)
{
	struct wb_device *d = w->d;
	struct wb_device_layer *l = add_layer(w, WB_LAYER_DM, base_name(dev_dir), parent);
	char name[128] = "", uuid[160] = "", kind[16] = ""; /* DM_NAME_LEN, DM_UUID_LEN 129 */
	unsigned first_child;
	size_t n;
	int rc;

	if (!l)
		return;
	read_queue(dev_dir, l);
	(void)wb_facts_read_attr(dev_dir, "dm/name", name, sizeof(name));
	(void)wb_facts_read_attr(dev_dir, "dm/uuid", uuid, sizeof(uuid));
	wb_facts_copy(l->label, sizeof(l->label), name);
	/* The uuid's prefix up to the first '-' names the subsystem that made the
	 * device: LVM-<vg><lv>, CRYPT-LUKS2-..., mpath-..., part1-mpath-... */
	n = strcspn(uuid, "-");
	if (uuid[n] == '-' && n > 0 && n < sizeof(kind)) {
		memcpy(kind, uuid, n);
		kind[n] = '\0';
	}
	add_detail(l, kind[0] ? kind : "dm");
	if (name[0])
		add_detail(l, name);
	if (!d->dm_dev[0]) {
		wb_facts_copy(d->dm_dev, sizeof(d->dm_dev), l->name);
		wb_facts_copy(d->dm_name, sizeof(d->dm_name), name);
		wb_facts_copy(d->dm_kind, sizeof(d->dm_kind), kind);
	}
	rc = dm_table(w, dev_dir, l);
	first_child = d->n_layers;
	walk_slaves(w, dev_dir, layer_index(w, l));
	if (rc == 0)
		return;
	dm_target(w, l, kind, first_child);
	add_detailf(l, "target %s%s from sysfs", l->level,
		    strcmp(l->level, "unknown") ? ", guessed" : "");
	if (rc != -ENOSYS)
		add_detailf(l, "table unread: %s", strerror(-rc));
}

/* The name of the device a FILE layer's file system is on, the whole disk for a
 * partition: the same rule as block_name. */
static const char *backing_block(const struct wb_device *d, int file_layer)
{
	unsigned i;

	for (i = (unsigned)file_layer + 1; i < d->n_layers; i++) {
		if (d->layers[i].parent != file_layer)
			continue;
		if (d->layers[i].kind == WB_LAYER_PARTITION && i + 1 < d->n_layers &&
		    d->layers[i + 1].parent == (int)i)
			return d->layers[i + 1].name;
		return d->layers[i].name;
	}
	return "";
}

/* The backing file: its file system (a FILE layer) and that file system's
 * device, walked as a child. */
static void walk_backing_file(struct walk *w, const char *file, int loop_layer)
{
	char stat_path[256], link[PATH_MAX], target[PATH_MAX];
	struct wb_device *m = NULL, *d = w->d;
	struct wb_device_layer *l;
	struct stat st;
	size_t n = strlen(file);
	static const char deleted[] = " (deleted)";
	bool top = !d->loop_backing_fs[0] && strcmp(d->loop_name, d->layers[loop_layer].name) == 0;

	wb_facts_copy(stat_path, sizeof(stat_path), file);
	if (n > sizeof(deleted) - 1 && strcmp(file + n - (sizeof(deleted) - 1), deleted) == 0)
		stat_path[n - (sizeof(deleted) - 1)] = '\0';
	if (stat(stat_path, &st)) {
		add_detailf(&d->layers[loop_layer], "backing file not reachable: %s",
			    strerror(errno));
		return;
	}
	m = calloc(1, sizeof(*m));
	if (!m)
		return;
	if (wb_device_read_mount(w->proc_root, major(st.st_dev), minor(st.st_dev), stat_path, m))
		wb_facts_copy(m->fs_type, sizeof(m->fs_type), "?");
	l = add_layer(w, WB_LAYER_FILE, m->fs_type, loop_layer);
	if (!l)
		goto out_free;
	wb_facts_copy(l->path, sizeof(l->path), m->mount_point);
	add_detailf(l, "%s at %s from %s", m->fs_type, m->mount_point[0] ? m->mount_point : "?",
		    m->source[0] ? m->source : "?");
	if (top) {
		wb_facts_copy(d->loop_backing_fs, sizeof(d->loop_backing_fs), m->fs_type);
		wb_facts_copy(d->loop_backing_mount, sizeof(d->loop_backing_mount),
			      m->mount_point);
	}
	if (major(st.st_dev) == 0)
		goto out_free; /* tmpfs and the like: no device under it */
	snprintf(link, sizeof(link), "%s/dev/block/%u:%u", w->sysfs_root, major(st.st_dev),
		 minor(st.st_dev));
	if (!realpath(link, target))
		goto out_free;
	w->loop_depth++;
	walk_dev(w, target, layer_index(w, l));
	w->loop_depth--;
	if (top)
		wb_facts_copy(d->loop_backing_block, sizeof(d->loop_backing_block),
			      backing_block(d, layer_index(w, l)));
out_free:
	free(m);
}

static void walk_loop(struct walk *w, const char *dev_dir, int parent)
{
	struct wb_device *d = w->d;
	struct wb_device_layer *l = add_layer(w, WB_LAYER_LOOP, base_name(dev_dir), parent);
	uint32_t dio;
	int dio_state = -1;

	if (!l)
		return;
	read_queue(dev_dir, l);
	(void)wb_facts_read_attr(dev_dir, "loop/backing_file", l->path, sizeof(l->path));
	if (wb_facts_read_u32(dev_dir, "loop/dio", &dio) == 0)
		dio_state = dio == 1;
	l->loop_dio = dio_state;
	add_detailf(l, "backing %s", l->path[0] ? l->path : "?");
	if (dio_state >= 0)
		add_detail(l, dio_state ? "direct I/O on" : "direct I/O off");
	if (!d->loop_name[0]) {
		wb_facts_copy(d->loop_name, sizeof(d->loop_name), l->name);
		wb_facts_copy(d->loop_backing_file, sizeof(d->loop_backing_file), l->path);
		d->loop_dio = dio_state;
	}
	if (!l->path[0])
		return;
	if (w->loop_depth >= WB_DEVICE_MAX_LOOP_DEPTH) {
		d->layers_truncated = true; /* nested too deep, or a loop backed by itself */
		add_detail(l, "not followed further");
		return;
	}
	walk_backing_file(w, l->path, layer_index(w, l));
}

/* The driver bound to the disk: device/driver for SCSI and virtio, one level
 * further for NVMe (nvme0n1/device is the controller nvme0, whose device is the
 * PCI function). */
static void read_driver(const char *dev_dir, struct wb_device_layer *l)
{
	if (wb_facts_link_name(dev_dir, "device/driver", l->driver, sizeof(l->driver)) &&
	    wb_facts_link_name(dev_dir, "device/device/driver", l->driver, sizeof(l->driver)))
		l->driver[0] = '\0';
}

static bool is_virtual_disk(const struct wb_device_layer *l)
{
	size_t i;

	if (strcmp(l->driver, "virtio_blk") == 0 || strcmp(l->driver, "vbd") == 0 ||
	    strncmp(l->name, "vd", 2) == 0 || strncmp(l->name, "xvd", 3) == 0)
		return true;
	for (i = 0; i < sizeof(virtual_models) / sizeof(virtual_models[0]); i++)
		if (strstr(l->model, virtual_models[i]))
			return true;
	return false;
}

static void walk_disk(struct walk *w, const char *dev_dir, int parent)
{
	struct wb_device *d = w->d;
	struct wb_device_layer *l = add_layer(w, WB_LAYER_DISK, base_name(dev_dir), parent);
	unsigned i;

	if (!l)
		return;
	read_queue(dev_dir, l);
	read_driver(dev_dir, l);
	/* SCSI and virtio-scsi put the model on device/, NVMe on the controller,
	 * which is what device/ points to. virtio_blk has none. */
	(void)wb_facts_read_attr(dev_dir, "device/model", l->model, sizeof(l->model));
	/* What a provider's volume is recognised by (advice/burst_match.h): the
	 * SCSI vendor ("Msft", "Google") and the size its baseline scales with. */
	(void)wb_facts_read_attr(dev_dir, "device/vendor", l->vendor, sizeof(l->vendor));
	if (wb_facts_read_u64(dev_dir, "size", &l->size_bytes) || l->size_bytes > UINT64_MAX / 512)
		l->size_bytes = 0;
	l->size_bytes *= 512; /* size counts 512-byte sectors whatever the block size */
	l->virtual_disk = is_virtual_disk(l);
	if (l->driver[0])
		add_detail(l, l->driver);
	if (l->model[0])
		add_detail(l, l->model);
	if (l->virtual_disk)
		add_detail(l, "virtual");
	if (l->rotational >= 0)
		add_detailf(l, "%s%s", l->rotational ? "rotational" : "non-rotational",
			    l->virtual_disk ? " (unverified)" : "");
	if (l->write_cache[0])
		add_detailf(l, "%s%s", l->write_cache, l->virtual_disk ? " (unverified)" : "");

	if (l->virtual_disk)
		d->virtual_disk = true;
	if (l->rotational == 1)
		d->disks_rotational = 1;
	else if (l->rotational < 0)
		w->disk_rot_unknown = true;
	if (strcmp(l->write_cache, "write back") == 0)
		d->disks_volatile_cache = true;
	for (i = 0; i < d->n_disks; i++)
		if (strcmp(d->disks[i], l->name) == 0)
			return;
	if (d->n_disks < WB_DEVICE_MAX_DISKS)
		wb_facts_copy(d->disks[d->n_disks++], sizeof(d->disks[0]), l->name);
	else
		d->layers_truncated = true;
}

/* One block device, by its resolved sysfs directory, and what it is built on. */
static void walk_dev(struct walk *w, const char *dev_dir, int parent)
{
	struct wb_device_layer *l;

	if (wb_facts_exists(dev_dir, "partition")) {
		walk_partition(w, dev_dir, parent);
	} else if (wb_facts_exists(dev_dir, "md/level")) {
		walk_md(w, dev_dir, parent);
	} else if (wb_facts_exists(dev_dir, "dm/name")) {
		walk_dm(w, dev_dir, parent);
	} else if (wb_facts_exists(dev_dir, "loop/backing_file")) {
		walk_loop(w, dev_dir, parent);
	} else if (has_slaves(dev_dir)) {
		l = add_layer(w, WB_LAYER_OTHER, base_name(dev_dir), parent);
		if (!l)
			return;
		read_queue(dev_dir, l);
		walk_slaves(w, dev_dir, layer_index(w, l));
	} else {
		/* A detached loop device has no loop/backing_file: a leaf like a disk. */
		walk_disk(w, dev_dir, parent);
	}
}

/* The flat facts of the device the file system is on, the whole disk when that
 * is a partition: these fields predate the layers and keep their meaning. The
 * queue facts the walk read for that layer are copied, not read again. */
static void read_top_facts(const char *dev_dir, const struct wb_device_layer *l,
			   struct wb_device *d)
{
	char attr[128];
	uint32_t v;

	wb_facts_copy(d->block_name, sizeof(d->block_name), base_name(dev_dir));
	d->rotational = l->rotational;
	wb_facts_copy(d->write_cache, sizeof(d->write_cache), l->write_cache);
	d->fua = l->fua;
	if (wb_facts_read_u32(dev_dir, "queue/logical_block_size", &v) == 0)
		d->logical_block = v;
	if (wb_facts_read_u32(dev_dir, "queue/physical_block_size", &v) == 0)
		d->physical_block = v;
	if (wb_facts_read_attr(dev_dir, "queue/scheduler", attr, sizeof(attr)) == 0)
		pick_scheduler(attr, d->scheduler, sizeof(d->scheduler));
	/* virtio and some others have no model: it stays empty. */
	(void)wb_facts_read_attr(dev_dir, "device/model", d->model, sizeof(d->model));
}

/* The "hypervisor" CPU flag (x86: CPUID leaf 1, ECX bit 31) is set by every
 * mainstream hypervisor; the vendor comes from /sys/hypervisor (Xen) or DMI. */
static void read_hypervisor(const char *sysfs_root, const char *proc_root, struct wb_device *d)
{
	char path[PATH_MAX], *text = NULL, *line, *save = NULL;
	bool flag = false;

	if (snprintf(path, sizeof(path), "%s/cpuinfo", proc_root) >= (int)sizeof(path) ||
	    wb_facts_read_file(path, &text))
		return;
	for (line = strtok_r(text, "\n", &save); line && !flag; line = strtok_r(NULL, "\n", &save)) {
		char *word, *wsave = NULL;

		if (strncmp(line, "flags", 5) != 0 || !strchr(line, ':'))
			continue;
		for (word = strtok_r(strchr(line, ':') + 1, " \t", &wsave); word;
		     word = strtok_r(NULL, " \t", &wsave))
			if (strcmp(word, "hypervisor") == 0)
				flag = true;
	}
	free(text);
	if (!flag)
		return;
	if (wb_facts_read_attr(sysfs_root, "hypervisor/type", d->hypervisor,
			       sizeof(d->hypervisor)) || !d->hypervisor[0])
		(void)wb_facts_read_attr(sysfs_root, "class/dmi/id/sys_vendor", d->hypervisor,
					 sizeof(d->hypervisor));
	if (!d->hypervisor[0])
		wb_facts_copy(d->hypervisor, sizeof(d->hypervisor), "unknown");
}

/* The machine's maker and model as the firmware names them: a cloud names
 * itself here ("Amazon EC2", "Google", "Microsoft Corporation"), on its
 * virtual and its bare-metal machines alike. */
static void read_dmi(const char *sysfs_root, struct wb_device *d)
{
	(void)wb_facts_read_attr(sysfs_root, "class/dmi/id/sys_vendor", d->dmi_vendor,
				 sizeof(d->dmi_vendor));
	(void)wb_facts_read_attr(sysfs_root, "class/dmi/id/product_name", d->dmi_product,
				 sizeof(d->dmi_product));
}

static void judge_verified(struct wb_device *d)
{
	unsigned i;

	if (d->n_disks == 0)
		return; /* no disk facts to doubt */
	for (i = 0; i < d->n_layers; i++) {
		const struct wb_device_layer *l = &d->layers[i];

		if (l->kind == WB_LAYER_DISK && l->virtual_disk) {
			snprintf(d->unverified_reason, sizeof(d->unverified_reason),
				 "%s is a virtual disk (%s): rotational and write_cache are "
				 "what the hypervisor shows, not the host's disk",
				 l->name, l->driver[0] ? l->driver : l->model[0] ? l->model : "by name");
			d->facts_unverified = true;
			return;
		}
	}
	if (d->hypervisor[0]) {
		snprintf(d->unverified_reason, sizeof(d->unverified_reason),
			 "running under a hypervisor (%s): the disk's rotational and "
			 "write_cache may be emulated",
			 d->hypervisor);
		d->facts_unverified = true;
	}
}

/* What every probe ends with: the disks' rotational flag when all said, the
 * flat facts of the top device (dev_dir, layer top; its disk for a partition),
 * whether the disks' word can be believed, and the array summed up. */
static void finish(struct walk *w, char *dev_dir, const struct wb_device_layer *top)
{
	struct wb_device *d = w->d;

	if (d->disks_rotational < 0 && d->n_disks > 0 && !w->disk_rot_unknown)
		d->disks_rotational = 0;
	if (top->kind == WB_LAYER_PARTITION) {
		wb_facts_copy(d->partition, sizeof(d->partition), top->name);
		*strrchr(dev_dir, '/') = '\0';
		if (top + 1 < d->layers + d->n_layers && top[1].parent == layer_index(w, top))
			top++; /* its disk: walk_partition adds it next */
	}
	read_top_facts(dev_dir, top, d);
	judge_verified(d);
	wb_array_summarise(d);
}

static void clear_device(struct wb_device *d, unsigned dev_major, unsigned dev_minor)
{
	memset(d, 0, sizeof(*d));
	d->rotational = -1;
	d->disks_rotational = -1;
	d->loop_dio = -1;
	d->dev_major = dev_major;
	d->dev_minor = dev_minor;
}

/* The kernel's dm tables describe the running kernel's devices: they are
 * asked only when the sysfs read is that kernel's, never for a fixture tree. */
static wb_dm_table_reader live_tables(const char *sysfs_root)
{
	return strcmp(sysfs_root, "/sys") == 0 ? wb_dm_table_read : NULL;
}

void wb_device_probe_block(unsigned dev_major, unsigned dev_minor, struct wb_device *d,
			   const char *sysfs_root, const char *proc_root)
{
	wb_device_probe_block_tables(dev_major, dev_minor, d, sysfs_root, proc_root,
				     live_tables(sysfs_root));
}

void wb_device_probe_block_tables(unsigned dev_major, unsigned dev_minor, struct wb_device *d,
				  const char *sysfs_root, const char *proc_root,
				  wb_dm_table_reader read_table)
{
	char link[PATH_MAX], dev_dir[PATH_MAX];
	struct walk w = { sysfs_root, proc_root, d, read_table, 0, false };

	clear_device(d, dev_major, dev_minor);
	read_hypervisor(sysfs_root, proc_root, d);
	read_dmi(sysfs_root, d);
	if (dev_major == 0)
		return; /* anonymous device: tmpfs, fuse, btrfs (wb_device_probe_btrfs) ... */
	if (snprintf(link, sizeof(link), "%s/dev/block/%u:%u", sysfs_root, dev_major,
		     dev_minor) >= (int)sizeof(link) ||
	    !realpath(link, dev_dir))
		return;
	walk_dev(&w, dev_dir, -1);
	finish(&w, dev_dir, &d->layers[0]); /* the walk adds at least one layer to an empty table */
}

/* A btrfs profile directory's size: allocation/KIND/PROFILE/total_bytes. */
static uint64_t profile_bytes(const char *dir, const char *profile)
{
	char attr[128], text[32], *end;
	unsigned long long v;

	if (snprintf(attr, sizeof(attr), "%s/total_bytes", profile) >= (int)sizeof(attr) ||
	    wb_facts_read_attr(dir, attr, text, sizeof(text)))
		return 0;
	v = strtoull(text, &end, 10);
	return end != text && *end == '\0' ? (uint64_t)v : 0;
}

/* The profile of allocation/KIND (data or metadata): the subdirectory that
 * holds the most, since a conversion or an old mkfs leaves a second one
 * ("single" beside "raid1"). A profile directory is one with total_bytes. */
static void read_profile(const char *fs_dir, const char *kind, char *out, size_t size)
{
	char dir[PATH_MAX];
	struct dirent **names = NULL;
	uint64_t best = 0, bytes;
	bool found = false;
	int n, i;

	if (snprintf(dir, sizeof(dir), "%s/allocation/%s", fs_dir, kind) >= (int)sizeof(dir))
		return;
	n = scandir(dir, &names, NULL, alphasort);
	for (i = 0; i < n; i++) {
		char attr[300];

		snprintf(attr, sizeof(attr), "%s/total_bytes", names[i]->d_name);
		if (names[i]->d_name[0] != '.' && wb_facts_exists(dir, attr)) {
			bytes = profile_bytes(dir, names[i]->d_name);
			if (!found || bytes > best) {
				wb_facts_copy(out, size, names[i]->d_name);
				best = bytes;
				found = true;
			}
		}
		free(names[i]);
	}
	free(names);
}

/* The btrfs file system one of whose devices is member: <sys>/fs/btrfs/FSID
 * with devices/member in it. */
static bool find_btrfs(const char *sysfs_root, const char *member, char *fs_dir, size_t size)
{
	char dir[PATH_MAX], sub[PATH_MAX];
	struct dirent **names = NULL;
	bool found = false;
	int n, i;

	if (snprintf(dir, sizeof(dir), "%s/fs/btrfs", sysfs_root) >= (int)sizeof(dir))
		return false;
	n = scandir(dir, &names, NULL, alphasort);
	for (i = 0; i < n; i++) {
		if (!found && names[i]->d_name[0] != '.' &&
		    snprintf(sub, sizeof(sub), "%s/%s/devices", dir, names[i]->d_name) <
			    (int)sizeof(sub) &&
		    wb_facts_exists(sub, member) &&
		    snprintf(fs_dir, size, "%s/%s", dir, names[i]->d_name) < (int)size)
			found = true;
		free(names[i]);
	}
	free(names);
	return found;
}

void wb_device_probe_btrfs(const char *member, struct wb_device *d, const char *sysfs_root,
			   const char *proc_root)
{
	char fs_dir[PATH_MAX], dir[PATH_MAX], link[PATH_MAX], dev_dir[PATH_MAX] = "";
	struct walk w = { sysfs_root, proc_root, d, live_tables(sysfs_root), 0, false };
	struct dirent **names = NULL;
	struct wb_device_layer *l;
	const struct wb_device_layer *top = NULL;
	unsigned i;
	int n, k;

	if (d->n_layers || !find_btrfs(sysfs_root, member, fs_dir, sizeof(fs_dir)))
		return; /* already walked, or a btrfs sysfs does not show (old kernel) */
	l = add_layer(&w, WB_LAYER_BTRFS, "", -1);
	if (!l)
		return;
	/* The fsid's first group names it: the whole uuid does not fit a name. */
	snprintf(l->name, sizeof(l->name), "%.8s", base_name(fs_dir));
	(void)wb_facts_read_attr(fs_dir, "label", l->label, sizeof(l->label));
	read_profile(fs_dir, "data", l->level, sizeof(l->level));
	read_profile(fs_dir, "metadata", l->meta_level, sizeof(l->meta_level));
	n = snprintf(dir, sizeof(dir), "%s/devices", fs_dir) < (int)sizeof(dir)
		    ? scandir(dir, &names, NULL, alphasort) : -1;
	for (k = 0; k < n; k++) {
		if (names[k]->d_name[0] != '.' &&
		    snprintf(link, sizeof(link), "%s/%s", dir, names[k]->d_name) <
			    (int)sizeof(link)) {
			char target[PATH_MAX];

			l->raid_disks++;
			if (realpath(link, target)) {
				walk_dev(&w, target, 0);
				if (strcmp(names[k]->d_name, member) == 0)
					wb_facts_copy(dev_dir, sizeof(dev_dir), target);
			}
		}
		free(names[k]);
	}
	free(names);
	l = &d->layers[0];
	add_detailf(l, "fsid %s", base_name(fs_dir));
	if (l->label[0])
		add_detailf(l, "label %s", l->label);
	add_detailf(l, "data %s, metadata %s", l->level[0] ? l->level : "?",
		    l->meta_level[0] ? l->meta_level : "?");
	add_detailf(l, "%u device%s", (unsigned)l->raid_disks, l->raid_disks == 1 ? "" : "s");
	/* The flat facts are the mounted device's, as for any other file system. */
	for (i = 1; i < d->n_layers && !top; i++)
		if (d->layers[i].parent == 0 && strcmp(d->layers[i].name, member) == 0)
			top = &d->layers[i];
	if (top && dev_dir[0])
		finish(&w, dev_dir, top);
	else
		wb_array_summarise(d);
}
