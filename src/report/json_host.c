/* json_host.c — "host" of the results file: the machine, the storage under
 * the test file (its stack of layers, the array, RAID, dm, loop) and the kernel settings
 * that bend I/O; null where a fact could not be read. */
#include "report/json_parts.h"

#include "facts/array.h"

static void add_strings(cJSON *o, enum wb_key key, const char (*v)[WB_DEVICE_NAME_LEN],
			unsigned n)
{
	cJSON *arr = cJSON_AddArrayToObject(o, wb_key(key));
	unsigned i;

	for (i = 0; arr && i < n; i++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(v[i]));
}

static void add_tristate(cJSON *o, enum wb_key key, int v)
{
	if (v >= 0)
		cJSON_AddNumberToObject(o, wb_key(key), v);
	else
		cJSON_AddNullToObject(o, wb_key(key));
}

/* The array in the stack, when there is one: its geometry and each member
 * with the facts of the disk under it. */
static void add_array(cJSON *o, const struct wb_array *a)
{
	cJSON *x = cJSON_AddObjectToObject(o, K(ARRAY)), *arr, *m;
	unsigned i;

	if (!x)
		return;
	cJSON_AddStringToObject(x, K(KIND), wb_array_kind_name(a->kind));
	cJSON_AddStringToObject(x, K(DEVICE), a->device);
	cJSON_AddStringToObject(x, K(NAME), a->name);
	cJSON_AddStringToObject(x, K(LEVEL), a->level);
	cJSON_AddStringToObject(x, K(METADATA_LEVEL), a->meta_level);
	add_tristate(x, WB_KEY_PARITY_DISKS, a->parity_disks);
	cJSON_AddNumberToObject(x, K(RAID_DISKS), a->raid_disks);
	cJSON_AddNumberToObject(x, K(DATA_DISKS), a->data_disks);
	cJSON_AddNumberToObject(x, K(CHUNK_BYTES), a->chunk);
	cJSON_AddNumberToObject(x, K(STRIPE_BYTES), (double)a->stripe);
	arr = cJSON_AddArrayToObject(x, K(MEMBERS));
	for (i = 0; arr && i < a->n_members; i++) {
		const struct wb_array_member *mb = &a->members[i];

		if (!(m = cJSON_CreateObject()))
			break;
		cJSON_AddStringToObject(m, K(NAME), mb->name);
		cJSON_AddStringToObject(m, K(DISK), mb->disk);
		cJSON_AddStringToObject(m, K(STATE), mb->state);
		if (mb->rotational >= 0)
			cJSON_AddBoolToObject(m, K(ROTATIONAL), mb->rotational);
		else
			cJSON_AddNullToObject(m, K(ROTATIONAL));
		cJSON_AddStringToObject(m, K(WRITE_CACHE), mb->write_cache);
		cJSON_AddBoolToObject(m, K(FUA), mb->fua);
		cJSON_AddStringToObject(m, K(SCHEDULER), mb->scheduler);
		cJSON_AddStringToObject(m, K(MODEL), mb->model);
		/* what is in front of its data: a loop's page cache, memory */
		if (mb->loop_dio >= 0)
			cJSON_AddBoolToObject(m, K(DIRECT_IO), mb->loop_dio);
		else
			cJSON_AddNullToObject(m, K(DIRECT_IO));
		cJSON_AddBoolToObject(m, K(IN_RAM), mb->in_memory);
		cJSON_AddItemToArray(arr, m);
	}
	cJSON_AddBoolToObject(x, K(MEMBERS_TRUNCATED), a->members_truncated);
}

/* What holds the data under the file system: the layers, the disks, RAID, dm,
 * loop, and whether the disk's own facts can be believed. */
static void add_stack(cJSON *o, const struct wb_device *d)
{
	cJSON *arr = cJSON_AddArrayToObject(o, K(LAYERS)), *x;
	unsigned i;

	cJSON_AddStringToObject(o, K(PARTITION), d->partition);
	for (i = 0; arr && i < d->n_layers; i++) {
		const struct wb_device_layer *l = &d->layers[i];

		if (!(x = cJSON_CreateObject()))
			break;
		cJSON_AddStringToObject(x, K(KIND), wb_device_layer_kind_name(l->kind));
		cJSON_AddStringToObject(x, K(NAME), l->name);
		cJSON_AddNumberToObject(x, K(DEPTH), l->depth);
		cJSON_AddStringToObject(x, K(DETAILS), l->details);
		if (l->path[0])
			cJSON_AddStringToObject(x, K(PATH), l->path);
		cJSON_AddItemToArray(arr, x);
	}
	cJSON_AddBoolToObject(o, K(LAYERS_TRUNCATED), d->layers_truncated);
	add_strings(o, WB_KEY_DISKS, d->disks, d->n_disks);
	if (d->raid_name[0] && (x = cJSON_AddObjectToObject(o, K(RAID)))) {
		cJSON_AddStringToObject(x, K(NAME), d->raid_name);
		cJSON_AddStringToObject(x, K(LEVEL), d->raid_level);
		cJSON_AddNumberToObject(x, K(DISKS), d->raid_disks);
		cJSON_AddNumberToObject(x, K(DEGRADED), d->raid_degraded);
		cJSON_AddNumberToObject(x, K(CHUNK_BYTES), d->raid_chunk);
		add_strings(x, WB_KEY_MEMBERS, d->raid_members, d->n_raid_members);
	}
	if (d->dm_dev[0] && (x = cJSON_AddObjectToObject(o, K(DM)))) {
		cJSON_AddStringToObject(x, K(DEVICE), d->dm_dev);
		cJSON_AddStringToObject(x, K(NAME), d->dm_name);
		cJSON_AddStringToObject(x, K(KIND), d->dm_kind);
	}
	if (d->array.kind != WB_ARRAY_NONE)
		add_array(o, &d->array);
	if (d->loop_name[0] && (x = cJSON_AddObjectToObject(o, K(LOOP)))) {
		cJSON_AddStringToObject(x, K(DEVICE), d->loop_name);
		cJSON_AddStringToObject(x, K(BACKING_FILE), d->loop_backing_file);
		if (d->loop_dio >= 0)
			cJSON_AddBoolToObject(x, K(DIRECT_IO), d->loop_dio);
		else
			cJSON_AddNullToObject(x, K(DIRECT_IO));
		cJSON_AddStringToObject(x, K(BACKING_FS), d->loop_backing_fs);
		cJSON_AddStringToObject(x, K(BACKING_MOUNT), d->loop_backing_mount);
		cJSON_AddStringToObject(x, K(BACKING_DEVICE), d->loop_backing_block);
	}
	cJSON_AddBoolToObject(o, K(VIRTUAL_DISK), d->virtual_disk);
	cJSON_AddStringToObject(o, K(HYPERVISOR), d->hypervisor);
	cJSON_AddBoolToObject(o, K(FACTS_UNVERIFIED), d->facts_unverified);
	cJSON_AddStringToObject(o, K(UNVERIFIED_REASON), d->unverified_reason);
}

static void add_num(cJSON *o, enum wb_key key, const struct wb_os_num *v)
{
	if (v->known)
		cJSON_AddNumberToObject(o, wb_key(key), (double)v->value);
	else
		cJSON_AddNullToObject(o, wb_key(key));
}

/* Kernel settings that bend I/O; null where unreadable. */
static void add_os(cJSON *host, const struct wb_os_facts *f)
{
	cJSON *o = cJSON_AddObjectToObject(host, K(OS)), *vm;

	if (!o)
		return;
	cJSON_AddStringToObject(o, K(KERNEL_RELEASE), f->kernel_release);
	cJSON_AddStringToObject(o, K(PREEMPT), wb_preempt_name(f->preempt));
	cJSON_AddStringToObject(o, K(PREEMPT_SOURCE), f->preempt_source);
	cJSON_AddStringToObject(o, K(THP_ENABLED), f->thp_enabled);
	cJSON_AddStringToObject(o, K(THP_DEFRAG), f->thp_defrag);
	add_num(o, WB_KEY_MEM_TOTAL_BYTES, &f->mem_total_bytes);
	add_num(o, WB_KEY_HUGEPAGE_SIZE_BYTES, &f->hugepage_size_bytes);
	add_num(o, WB_KEY_HUGEPAGES_TOTAL, &f->hugepages_total);
	add_num(o, WB_KEY_HUGEPAGES_FREE, &f->hugepages_free);
	if (!(vm = cJSON_AddObjectToObject(o, K(VM))))
		return;
	add_num(vm, WB_KEY_DIRTY_RATIO, &f->dirty_ratio);
	add_num(vm, WB_KEY_DIRTY_BACKGROUND_RATIO, &f->dirty_background_ratio);
	add_num(vm, WB_KEY_DIRTY_BYTES, &f->dirty_bytes);
	add_num(vm, WB_KEY_DIRTY_BACKGROUND_BYTES, &f->dirty_background_bytes);
	add_num(vm, WB_KEY_DIRTY_EXPIRE_CENTISECS, &f->dirty_expire_centisecs);
	add_num(vm, WB_KEY_SWAPPINESS, &f->swappiness);
	add_num(vm, WB_KEY_VFS_CACHE_PRESSURE, &f->vfs_cache_pressure);
}

void wb_json_add_device(cJSON *host, const struct wb_device *d)
{
	cJSON *o = cJSON_AddObjectToObject(host, K(DEVICE));

	if (!o)
		return;
	cJSON_AddStringToObject(o, K(FS_TYPE), d->fs_type);
	cJSON_AddStringToObject(o, K(MOUNT_POINT), d->mount_point);
	cJSON_AddStringToObject(o, K(MOUNT_OPTIONS), d->mount_options);
	cJSON_AddStringToObject(o, K(SOURCE), d->source);
	cJSON_AddStringToObject(o, K(BLOCK_DEVICE), d->block_name);
	cJSON_AddStringToObject(o, K(MODEL), d->model);
	cJSON_AddNumberToObject(o, K(LOGICAL_BLOCK_SIZE), d->logical_block);
	cJSON_AddNumberToObject(o, K(PHYSICAL_BLOCK_SIZE), d->physical_block);
	if (d->rotational >= 0)
		cJSON_AddBoolToObject(o, K(ROTATIONAL), d->rotational);
	else
		cJSON_AddNullToObject(o, K(ROTATIONAL));
	cJSON_AddStringToObject(o, K(WRITE_CACHE), d->write_cache);
	cJSON_AddBoolToObject(o, K(VOLATILE_WRITE_CACHE), wb_device_volatile_cache(d));
	cJSON_AddBoolToObject(o, K(FUA), d->fua);
	cJSON_AddStringToObject(o, K(SCHEDULER), d->scheduler);
	if (d->dio_known) {
		cJSON_AddNumberToObject(o, K(DIO_MEM_ALIGN), d->dio_mem_align);
		cJSON_AddNumberToObject(o, K(DIO_OFFSET_ALIGN), d->dio_offset_align);
	} else {
		cJSON_AddNullToObject(o, K(DIO_MEM_ALIGN));
		cJSON_AddNullToObject(o, K(DIO_OFFSET_ALIGN));
	}
	add_stack(o, d);
}

/* "host": who ran it, where, when, on which clock, over what storage and
 * kernel settings. */
void wb_json_add_host(cJSON *root, const struct wb_results *rs)
{
	cJSON *host = cJSON_AddObjectToObject(root, K(HOST));

	if (!host)
		return;
	cJSON_AddStringToObject(host, K(HOSTNAME), rs->host.hostname);
	cJSON_AddStringToObject(host, K(KERNEL), rs->host.kernel);
	cJSON_AddStringToObject(host, K(TARGET), rs->target);
	cJSON_AddNumberToObject(host, K(STARTED_UNIX), (double)rs->started_unix);
	cJSON_AddStringToObject(host, K(CLOCK), rs->clock);
	if (rs->clock_ghz > 0)
		cJSON_AddNumberToObject(host, K(CLOCK_GHZ), rs->clock_ghz);
	else
		cJSON_AddNullToObject(host, K(CLOCK_GHZ));
	wb_json_add_device(host, &rs->device);
	add_os(host, &rs->os);
}
