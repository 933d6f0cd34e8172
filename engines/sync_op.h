/* sync_op.h — one op as the system call it stands for on a plain descriptor:
 * pwrite(2), pwritev2(RWF_DSYNC), fsync(2) or fdatasync(2). Shared by the sync
 * and direct engines and by the core's queue-depth-1 loop, which issues these
 * calls inline on the descriptor such an engine hands it (wb_engine_ops.fd):
 * at well under a microsecond per op (tmpfs) the engine call and the staged
 * completions it saves are a measurable share of the figure. */
#ifndef WB_ENGINES_SYNC_OP_H
#define WB_ENGINES_SYNC_OP_H

#include <errno.h>
#include <stdint.h>
#include <sys/uio.h>
#include <unistd.h>

#include "engine.h"

/* Runs op on fd: bytes written, 0 for a sync, or -errno. */
static inline __attribute__((always_inline)) int64_t wb_sync_op(int fd, const struct wb_op *op)
{
	ssize_t n;

	switch (op->kind) {
	case WB_OP_WRITE:
		if (op->flags & WB_OPF_DSYNC) {
			struct iovec iov = { (void *)op->buf, op->len };

			n = pwritev2(fd, &iov, 1, (off_t)op->offset, RWF_DSYNC);
		} else {
			n = pwrite(fd, op->buf, op->len, (off_t)op->offset);
		}
		return n < 0 ? -errno : n;
	case WB_OP_FSYNC:
		return fsync(fd) ? -errno : 0;
	case WB_OP_FDATASYNC:
		return fdatasync(fd) ? -errno : 0;
	}
	return -EINVAL;
}

#endif
