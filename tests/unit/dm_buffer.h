/* dm_buffer.h — synthetic answers of the DM_TABLE_STATUS ioctl, laid out as
 * the kernel writes them (drivers/md/dm-ioctl.c, retrieve_status), for the
 * unit tests of the table parser and of the stack walk that reads tables. */
#ifndef WB_TESTS_DM_BUFFER_H
#define WB_TESTS_DM_BUFFER_H

#include <stddef.h>
#include <stdint.h>

/* One target of a synthetic table. */
struct dm_buffer_target {
	const char *type;  /* "linear", "striped", ... */
	const char *line;  /* its table line: "8:16 2048", "2 128 8:16 0 8:32 0" */
	uint64_t sectors;  /* its length */
};

/* Writes a struct dm_ioctl and n targets into buf (size bytes, zeroed
 * first), each record's next an 8-aligned offset from the first record as
 * the kernel sets it. Returns the bytes used; the test fails when they do
 * not fit. */
size_t dm_buffer_build(void *buf, size_t size, const struct dm_buffer_target *targets,
		       unsigned n);

#endif
