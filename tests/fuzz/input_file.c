/* input_file.c — one memfd per process, truncated and rewritten for each input:
 * no file in /tmp to clean up, and no disk I/O per execution. */
#include "input_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

const char *wb_fuzz_input_path(const uint8_t *data, size_t size)
{
	static char path[32];
	static int fd = -1;
	size_t done = 0;
	ssize_t n;

	if (fd < 0) {
		fd = memfd_create("walbench-fuzz-input", MFD_CLOEXEC);
		if (fd < 0) {
			perror("memfd_create");
			abort();
		}
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	}
	if (ftruncate(fd, 0)) {
		perror("ftruncate");
		abort();
	}
	while (done < size) {
		n = pwrite(fd, data + done, size - done, (off_t)done);
		if (n <= 0) {
			perror("pwrite");
			abort();
		}
		done += (size_t)n;
	}
	return path;
}
