/* device_advice.c — see device_advice.h: storage that is memory, parity RAID
 * under the WAL, then a volatile write cache. */
#include "advice/device_advice.h"

#include <stdio.h>
#include <string.h>

#include "facts/array.h"

/* Copies an identifier read from sysfs, cut to fit and terminated. */
static void copy_name(char *dst, size_t size, const char *src)
{
	size_t n = strnlen(src, size - 1);

	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* The smallest WAL write, one XLOG_BLCKSZ page (8 kB by default): on parity
 * RAID anything under the full stripe is a partial-stripe write, which costs a
 * read-modify-write of the parity (md's raid5/6, btrfs raid5/6). */
#define WAL_PAGE_BYTES 8192u

/* Parity RAID under the WAL: the classic reason to put pg_wal on a mirror. */
static void advise_array(const struct wb_array *x, struct wb_advisory_list *l)
{
	struct wb_advisory a = { .code = WB_ADV_PARITY_ARRAY, .severity = WB_SEVERITY_INFO };

	if (x->parity_disks <= 0 || x->stripe <= WAL_PAGE_BYTES)
		return;
	a.value = x->stripe;
	/* "btrfs 5f0e6e1a" says what a bare fsid is; "md md2" reads as well */
	snprintf(a.source, sizeof(a.source), "%s %s", wb_array_kind_name(x->kind), x->device);
	copy_name(a.setting, sizeof(a.setting), x->level);
	wb_advisory_push(l, &a);
}

/* Memory: every figure measured RAM, and nothing written survives a power cut,
 * so it goes first: the rest of the answer is about a disk it never touched. */
bool wb_device_advise_in_memory(const struct wb_device *d, struct wb_advisory *a)
{
	const char *memory = wb_device_memory(d);

	if (!memory)
		return false;
	*a = (struct wb_advisory){ .code = WB_ADV_IN_MEMORY, .severity = WB_SEVERITY_WARN };
	copy_name(a->source, sizeof(a->source), memory);
	copy_name(a->setting, sizeof(a->setting), d->fs_type);
	return true;
}

void wb_device_advise(const struct wb_device *d, struct wb_advisory_list *l)
{
	struct wb_advisory a = { .code = WB_ADV_VOLATILE_CACHE, .severity = WB_SEVERITY_WARN };
	struct wb_advisory mem;
	bool in_memory = wb_device_advise_in_memory(d, &mem);

	if (in_memory)
		wb_advisory_push(l, &mem);
	advise_array(&d->array, l);
	/* Memory loses everything at a power cut, cache or not: a loop device over a
	 * tmpfs file says "write back", and asking for a battery-backed cache there
	 * would send the user after the wrong fix. */
	if (in_memory || !wb_device_volatile_cache(d))
		return;
	/* A virtual disk's write_cache is the hypervisor's word for it. */
	if (d->facts_unverified)
		a.severity = WB_SEVERITY_INFO;
	a.unverified = d->facts_unverified;
	copy_name(a.source, sizeof(a.source), d->block_name);
	copy_name(a.setting, sizeof(a.setting), d->write_cache);
	wb_advisory_push(l, &a);
}
