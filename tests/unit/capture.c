/* capture.c — see capture.h. The stream is flushed on both sides so that
 * what stdio buffered lands where it was printed. */
#include "capture.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>
#include <cmocka.h>

void capture_start(struct capture *c, FILE *stream, int fd)
{
	fflush(stream);
	c->stream = stream;
	c->fd = fd;
	c->memfd = memfd_create("capture", 0);
	assert_true(c->memfd >= 0);
	c->saved = dup(fd);
	assert_true(c->saved >= 0);
	assert_int_equal(dup2(c->memfd, fd), fd);
}

char *capture_end(struct capture *c, char *text, size_t len)
{
	ssize_t n;

	fflush(c->stream);
	assert_int_equal(dup2(c->saved, c->fd), c->fd);
	close(c->saved);
	n = pread(c->memfd, text, len - 1, 0);
	close(c->memfd);
	text[n > 0 ? n : 0] = '\0';
	return text;
}
