/* dm_ioctl.c — see dm_ioctl.h. The device is named by its number alone (name
 * and uuid empty), as the kernel allows; the buffer starts at 16 KiB and
 * doubles while the kernel says it was full. Interface version 4.0.0 is
 * asked: any 4.x kernel answers it, and table status has not changed since. */
#include "facts/dm_ioctl.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/dm-ioctl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/sysmacros.h>
#include <unistd.h>

/* One DM_TABLE_STATUS into a buffer of size bytes: 0 or -errno. */
static int table_status(int fd, unsigned dev_major, unsigned dev_minor, size_t size,
			struct wb_dm_table *t)
{
	struct dm_ioctl *io = calloc(1, size); /* calloc aligns for the struct */
	int rc;

	if (!io)
		return -ENOMEM;
	io->version[0] = DM_VERSION_MAJOR;
	io->data_size = (__u32)size;
	io->data_start = sizeof(*io);
	io->flags = DM_STATUS_TABLE_FLAG; /* the table lines, not the targets' status */
	io->dev = makedev(dev_major, dev_minor);
	rc = ioctl(fd, DM_TABLE_STATUS, io) ? -errno : wb_dm_table_parse(io, size, t);
	free(io);
	return rc;
}

int wb_dm_table_read(unsigned dev_major, unsigned dev_minor, struct wb_dm_table *t)
{
	size_t size = 16384;
	int fd, rc;

	fd = open(WB_DM_CONTROL, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	while ((rc = table_status(fd, dev_major, dev_minor, size, t)) == -ENOBUFS &&
	       size < WB_DM_TABLE_MAX_BUFFER)
		size *= 2;
	if (close(fd) && rc == 0)
		rc = -errno;
	return rc;
}
