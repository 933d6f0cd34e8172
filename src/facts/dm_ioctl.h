/* dm_ioctl.h — a device-mapper device's live table, asked of the kernel with
 * the DM_TABLE_STATUS ioctl on /dev/mapper/control (dm_ioctl.c) and summed up
 * by dm_table.c's parser. The only way to the target types: sysfs has none. */
#ifndef WB_FACTS_DM_IOCTL_H
#define WB_FACTS_DM_IOCTL_H

#include "facts/dm_table.h"

/* Where the device-mapper control node is (DM_DIR/DM_CONTROL_NODE under /dev). */
#define WB_DM_CONTROL "/dev/mapper/control"

/* Fills t with the live table of the dm device dev_major:dev_minor. 0, or
 * -errno: the control node's open (-ENOENT no device-mapper, -EACCES not
 * allowed), the ioctl's (-EACCES without CAP_SYS_ADMIN, -ENXIO no such
 * device), -ENOBUFS a table larger than WB_DM_TABLE_MAX_BUFFER, -EINVAL an
 * answer that does not parse, -ENOMEM. */
int wb_dm_table_read(unsigned dev_major, unsigned dev_minor, struct wb_dm_table *t);

/* The most asked for one table: 1 MiB holds thousands of segments. */
#define WB_DM_TABLE_MAX_BUFFER (1u << 20)

#endif
