/* dm_buffer.c — see dm_buffer.h. The records are written with memcpy at
 * their offsets, as the kernel's are, so the buffer may be any byte array. */
#include "dm_buffer.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include <linux/dm-ioctl.h>

size_t dm_buffer_build(void *buf, size_t size, const struct dm_buffer_target *targets,
		       unsigned n)
{
	unsigned char *base = buf, *data;
	struct dm_ioctl io;
	size_t off = 0, used = sizeof(io), k;
	unsigned i;

	assert_true(size >= sizeof(io));
	memset(buf, 0, size);
	memset(&io, 0, sizeof(io));
	io.version[0] = DM_VERSION_MAJOR;
	io.data_start = sizeof(io);
	io.target_count = n;
	data = base + io.data_start;
	for (i = 0; i < n; i++) {
		struct dm_target_spec spec;
		size_t start = off;

		k = strlen(targets[i].line) + 1;
		assert_true(io.data_start + start + sizeof(spec) + k <= size);
		memset(&spec, 0, sizeof(spec));
		spec.sector_start = 1000 * (uint64_t)i;
		spec.length = targets[i].sectors;
		strncpy(spec.target_type, targets[i].type, sizeof(spec.target_type) - 1);
		memcpy(data + start + sizeof(spec), targets[i].line, k);
		used = io.data_start + start + sizeof(spec) + k;
		off = (start + sizeof(spec) + k + 7) & ~(size_t)7; /* the kernel's align_ptr */
		spec.next = (__u32)off;
		memcpy(data + start, &spec, sizeof(spec));
	}
	io.data_size = (__u32)used;
	memcpy(base, &io, sizeof(io));
	return used;
}
