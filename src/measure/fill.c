/* fill.c — what goes into test files and write buffers: data that does not
 * compress (a compressing device must not shortcut it), or zeros as PostgreSQL's
 * wal_init_zero writes a new WAL segment. */
#include "measure/fill.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void wb_fill_random(void *buf, size_t len, uint64_t seed)
{
	uint64_t x = seed | 1, *p = buf;
	size_t i;

	/* xorshift64*: fast, and its output does not compress. */
	for (i = 0; i < len / sizeof(*p); i++) {
		x ^= x >> 12;
		x ^= x << 25;
		x ^= x >> 27;
		p[i] = x * 0x2545F4914F6CDD1DULL;
	}
	memset((char *)buf + i * sizeof(*p), 0x5a, len % sizeof(*p));
}

int wb_testfile_fill(int fd, uint64_t bytes, bool zeros, const char **call, uint64_t *at)
{
	const size_t chunk = 1 << 20;
	uint64_t done = 0;
	char *buf;
	int ret = 0;

	buf = zeros ? calloc(1, chunk) : malloc(chunk);
	if (!buf) {
		*call = "malloc";
		return -ENOMEM;
	}
	while (done < bytes) {
		size_t len = bytes - done < chunk ? (size_t)(bytes - done) : chunk;
		ssize_t n;

		if (!zeros)
			wb_fill_random(buf, len, (uint64_t)time(NULL) ^ done);
		n = pwrite(fd, buf, len, (off_t)done);
		if (n <= 0 && at)
			*at = done;
		if (n < 0) {
			ret = -errno;
			*call = "write";
			goto out;
		}
		if (n == 0) {
			ret = -EIO;
			*call = "write (no progress)";
			goto out;
		}
		done += (uint64_t)n;
	}
	/* Sync now so the tests do not pay for this file's dirty pages. */
	if (fsync(fd)) {
		ret = -errno;
		*call = "fsync";
	}
out:
	free(buf);
	return ret;
}

