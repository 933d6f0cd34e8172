/* dm_table.h — a device-mapper table as the DM_TABLE_STATUS ioctl returns it
 * (with DM_STATUS_TABLE_FLAG: the table lines, not the status), summed up by a
 * pure parser (dm_table.c); dm_ioctl.c asks the kernel for the buffer. sysfs
 * does not show a dm device's targets, and only the table tells a striped
 * target from a linear one over arrays whose queue limits look the same. */
#ifndef WB_FACTS_DM_TABLE_H
#define WB_FACTS_DM_TABLE_H

#include <stddef.h>
#include <stdint.h>

#define WB_DM_TYPE_LEN 16 /* DM_MAX_TYPE_NAME: a target type's name and its NUL */

/* What the table says of the device as a whole. */
struct wb_dm_table {
	unsigned n_targets;          /* targets in the live table; 0 none loaded */
	char type[WB_DM_TYPE_LEN];   /* their type when all share one ("linear", "striped",
				      * "crypt", "raid"); "mixed" when they differ; "" none */
	char types[64];              /* each type once, in table order, "+"-joined
				      * ("linear+striped"); cut when long */
	uint32_t stripes;            /* striped: stripes per target when every striped target
				      * has the same; 0 otherwise */
	uint32_t chunk;              /* striped or raid: the chunk in bytes, under the same rule
				      * (raid1's is 0); 0 otherwise */
	/* raid (dm-raid: LVM's raid LVs, md's personalities behind a dm table), when
	 * every raid target has the same; "" and 0 otherwise. */
	char raid_level[8];          /* md's name of the level: "raid0", "raid1", "raid4",
				      * "raid5", "raid6", "raid10"; "" a type not known here */
	uint32_t raid_devs;          /* its devices, missing ones ("- -") counted, as md's
				      * raid_disks */
	uint32_t raid_layout;        /* raid10 as md/layout says it: near copies in bits 0-7,
				      * far copies in 8-15, bit 16 the offset layout; 0 else */
};

/* Sums up the buffer of a DM_TABLE_STATUS ioctl (a struct dm_ioctl, then
 * target_count dm_target_spec records, each followed by its parameter line),
 * len bytes as the caller gave them to the kernel. 0, -ENOBUFS when the
 * kernel said the buffer was too small (DM_BUFFER_FULL_FLAG: ask again with a
 * larger one), -EINVAL when a record or a striped or raid target's line does
 * not parse or points outside the buffer; t is filled only on 0. */
int wb_dm_table_parse(const void *buf, size_t len, struct wb_dm_table *t);

#endif
