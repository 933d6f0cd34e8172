/* array.c — see array.h. Which layer is an array: every md device; a dm
 * device whose target is "striped" or "raid" (its table, or stack.c's guess;
 * a linear or mixed table is none, and the search goes under it); a
 * btrfs over two devices or more. A dm-crypt, multipath or one-device LVM is
 * not one, and the search goes on under it (LVM or crypt on md finds the md).
 * Traps: a dm raid's slaves are its images and their metadata sub-volumes
 * (NAME_rmeta_N): only the images are members; its table's level ("raid5")
 * and geometry are read as md's; a level and parity that the layers do not
 * tell stay "unknown" and -1, never guessed. */
#include "facts/array.h"

#include <string.h>

#include "facts/sysfs.h"

static const char *const kind_names[] = {
	[WB_ARRAY_NONE] = "none",
	[WB_ARRAY_MD] = "md",
	[WB_ARRAY_DM] = "dm",
	[WB_ARRAY_BTRFS] = "btrfs",
};
_Static_assert(sizeof(kind_names) / sizeof(kind_names[0]) == WB_ARRAY_KIND_COUNT,
	       "one name per array kind");

const char *wb_array_kind_name(enum wb_array_kind kind)
{
	return (unsigned)kind < WB_ARRAY_KIND_COUNT ? kind_names[kind] : "?";
}

static bool is(const char *a, const char *b)
{
	return strcmp(a, b) == 0;
}

/* A dm raid target: "raid" as sysfs guesses it, or its level ("raid5") as
 * its table says it. */
static bool dm_raid(const struct wb_device_layer *l)
{
	return l->kind == WB_LAYER_DM && strncmp(l->level, "raid", 4) == 0;
}

static int children(const struct wb_device *d, unsigned i)
{
	unsigned k;
	int n = 0;

	for (k = i + 1; k < d->n_layers; k++)
		n += d->layers[k].parent == (int)i;
	return n;
}

static enum wb_array_kind array_kind(const struct wb_device *d, unsigned i)
{
	const struct wb_device_layer *l = &d->layers[i];

	switch (l->kind) {
	case WB_LAYER_MD:
		return WB_ARRAY_MD;
	case WB_LAYER_DM:
		return is(l->level, "striped") || dm_raid(l) ? WB_ARRAY_DM : WB_ARRAY_NONE;
	case WB_LAYER_BTRFS:
		return children(d, i) >= 2 ? WB_ARRAY_BTRFS : WB_ARRAY_NONE;
	default:
		return WB_ARRAY_NONE;
	}
}

/* md: parity and data members by level. raid10's stripe is as wide as its
 * near copies allow (md/layout bits 0-7): the far copies (bits 8-15) and the
 * offset layout (bit 16) put the other copies further along each member, and
 * a stripe of the first copy spans every member, as raid0's does (a layout of
 * 0 read as the default near 2). */
static void md_geometry(const struct wb_device_layer *l, struct wb_array *a)
{
	uint32_t n = l->raid_disks, copies;

	a->chunk = l->chunk;
	a->parity_disks = 0;
	if (is(l->level, "raid0")) {
		a->data_disks = n;
	} else if (is(l->level, "raid4") || is(l->level, "raid5")) {
		a->parity_disks = 1;
		a->data_disks = n > 1 ? n - 1 : 0;
	} else if (is(l->level, "raid6")) {
		a->parity_disks = 2;
		a->data_disks = n > 2 ? n - 2 : 0;
	} else if (is(l->level, "raid10")) {
		copies = l->layout & 0xff;
		a->data_disks = n / (copies ? copies : 2);
	} else if (is(l->level, "raid1") || is(l->level, "linear")) {
		a->data_disks = 1; /* every write lands whole on one member (or all) */
		a->chunk = 0;
	} else {
		a->parity_disks = -1; /* multipath, faulty, container: not a known layout */
		a->chunk = 0;
	}
}

/* dm: a striped table names its stripes and chunk (none when they differ
 * along the device), a raid table its level, devices, chunk and raid10
 * layout, read as md's are (dm-raid is md's code behind a dm table);
 * otherwise only the queue limits tell, and a raid's parity is its images
 * less the data members when that cannot be a raid10 of the same shape. */
static void dm_geometry(const struct wb_device_layer *l, struct wb_array *a)
{
	uint32_t spare;

	a->parity_disks = is(l->level, "striped") ? 0 : -1;
	if (l->dm_table && is(l->level, "striped")) {
		a->chunk = l->chunk;
		a->data_disks = l->raid_disks;
		return;
	}
	if (l->dm_table && dm_raid(l) && !is(l->level, "raid")) {
		md_geometry(l, a);
		return;
	}
	if (l->io_min == 0 || l->io_opt < l->io_min || l->io_opt % l->io_min)
		return;
	a->chunk = l->io_min;
	a->data_disks = l->io_opt / l->io_min;
	if (!dm_raid(l) || a->data_disks < 2 || a->raid_disks <= a->data_disks)
		return;
	spare = a->raid_disks - a->data_disks;
	/* 3 images, 2 data: raid5. 4 images, 2 data: raid6 or raid10, unknown. */
	if (spare == 1 || (spare == 2 && a->raid_disks != 2 * a->data_disks))
		a->parity_disks = (int)spare;
}

/* btrfs: the data profile is the level; striped profiles write
 * WB_BTRFS_STRIPE_LEN to each device in turn. raid10 pairs the devices, an
 * odd one out unused by a chunk. */
static void btrfs_geometry(const struct wb_device_layer *l, struct wb_array *a)
{
	uint32_t n = a->raid_disks;

	wb_facts_copy(a->name, sizeof(a->name), l->label);
	wb_facts_copy(a->meta_level, sizeof(a->meta_level), l->meta_level);
	a->parity_disks = 0;
	a->chunk = WB_BTRFS_STRIPE_LEN;
	if (is(l->level, "raid0")) {
		a->data_disks = n;
	} else if (is(l->level, "raid10")) {
		a->data_disks = n / 2;
	} else if (is(l->level, "raid5")) {
		a->parity_disks = 1;
		a->data_disks = n > 1 ? n - 1 : 0;
	} else if (is(l->level, "raid6")) {
		a->parity_disks = 2;
		a->data_disks = n > 2 ? n - 2 : 0;
	} else { /* single, dup, raid1, raid1c3, raid1c4: whole writes, no stripe */
		a->data_disks = 1;
		a->chunk = 0;
		if (!l->level[0])
			a->parity_disks = -1;
	}
}

/* The first disk in the subtree under layer m (m itself when it is one). */
static const struct wb_device_layer *disk_under(const struct wb_device *d, unsigned m)
{
	unsigned k;

	for (k = m; k < d->n_layers; k++) {
		if (k > m && d->layers[k].depth <= d->layers[m].depth)
			break; /* past the subtree: depth-first order */
		if (d->layers[k].kind == WB_LAYER_DISK)
			return &d->layers[k];
	}
	return NULL;
}

/* What is in front of member m's data: the first loop device's direct I/O
 * state, and whether the subtree ends in memory (a zram or ram disk, a loop's
 * backing file on tmpfs or ramfs). */
static void member_cache(const struct wb_device *d, unsigned m, struct wb_array_member *x)
{
	unsigned k;

	x->loop_dio = -1;
	for (k = m; k < d->n_layers; k++) {
		const struct wb_device_layer *l = &d->layers[k];

		if (k > m && l->depth <= d->layers[m].depth)
			break; /* past the subtree: depth-first order */
		if (l->kind == WB_LAYER_LOOP && x->loop_dio < 0)
			x->loop_dio = l->loop_dio;
		if ((l->kind == WB_LAYER_FILE && (is(l->name, "tmpfs") || is(l->name, "ramfs"))) ||
		    (l->kind == WB_LAYER_DISK && (strncmp(l->name, "zram", 4) == 0 ||
						  strncmp(l->name, "ram", 3) == 0)))
			x->in_memory = true;
	}
}

static void add_member(const struct wb_device *d, unsigned m, struct wb_array *a)
{
	const struct wb_device_layer *l = &d->layers[m], *disk = disk_under(d, m);
	struct wb_array_member *x;

	if (a->n_members >= WB_ARRAY_MAX_MEMBERS) {
		a->members_truncated = true;
		return;
	}
	x = &a->members[a->n_members++];
	memset(x, 0, sizeof(*x));
	x->rotational = -1;
	wb_facts_copy(x->name, sizeof(x->name), l->name);
	wb_facts_copy(x->state, sizeof(x->state), l->member_state);
	member_cache(d, m, x);
	if (!disk)
		return;
	wb_facts_copy(x->disk, sizeof(x->disk), disk->name);
	wb_facts_copy(x->model, sizeof(x->model), disk->model);
	wb_facts_copy(x->scheduler, sizeof(x->scheduler), disk->scheduler);
	wb_facts_copy(x->write_cache, sizeof(x->write_cache), disk->write_cache);
	x->rotational = disk->rotational;
	x->fua = disk->fua;
}

void wb_array_summarise(struct wb_device *d)
{
	struct wb_array *a = &d->array;
	const struct wb_device_layer *l;
	unsigned i, k;
	bool images;

	memset(a, 0, sizeof(*a));
	for (i = 0; i < d->n_layers && (a->kind = array_kind(d, i)) == WB_ARRAY_NONE; i++)
		;
	if (a->kind == WB_ARRAY_NONE)
		return;
	l = &d->layers[i];
	wb_facts_copy(a->device, sizeof(a->device), l->name);
	wb_facts_copy(a->level, sizeof(a->level), l->level[0] ? l->level : "unknown");
	/* A dm raid's members are its images; its rmeta sub-volumes are not. */
	images = dm_raid(l);
	for (k = i + 1; k < d->n_layers; k++)
		if (d->layers[k].parent == (int)i &&
		    (!images || strstr(d->layers[k].label, "_rimage_")))
			add_member(d, k, a);
	/* md's and a dm raid table's devices count the missing ones too */
	a->raid_disks = (l->kind == WB_LAYER_MD || (images && l->dm_table)) && l->raid_disks
			? l->raid_disks : a->n_members + (a->members_truncated ? 1 : 0);
	if (l->kind == WB_LAYER_BTRFS && l->raid_disks)
		a->raid_disks = l->raid_disks;
	if (l->kind == WB_LAYER_MD)
		md_geometry(l, a);
	else if (l->kind == WB_LAYER_DM) {
		wb_facts_copy(a->name, sizeof(a->name), l->label);
		dm_geometry(l, a);
	} else
		btrfs_geometry(l, a);
	a->stripe = (uint64_t)a->chunk * a->data_disks;
}
