/* sync.c — the `sync` (buffered pwrite) and `direct` (pwrite on O_DIRECT) engines.
 * One file, two ops tables, as the two differ only in the open flag. Every op runs
 * inside submit(); completions wait in a small array until reap() hands them out.
 * Trap: a failed op cancels the rest of its WB_OPF_LINK chain, exactly as io_uring
 * would, so a write error is never followed by a sync that "succeeds". */
#include "engine.h"
#include "sync_op.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

struct wb_engine {
	int fd;
	bool direct;
	unsigned depth;                   /* capacity of done[] */
	unsigned ndone;                   /* completions waiting for reap() */
	struct wb_completion done[];
};

static int sync_init_common(struct wb_engine **out, const struct wb_engine_config *cfg,
			    bool direct)
{
	unsigned depth = cfg->queue_depth ? cfg->queue_depth : 1;
	struct wb_engine *e;

	/* Deep enough for any batch the core submits at once (writes plus one sync). */
	if (depth < 64)
		depth = 64;
	e = calloc(1, sizeof(*e) + depth * sizeof(e->done[0]));
	if (!e)
		return -ENOMEM;
	e->fd = -1;
	e->direct = direct;
	e->depth = depth;
	*out = e;
	return 0;
}

static int sync_init(struct wb_engine **out, const struct wb_engine_config *cfg)
{
	return sync_init_common(out, cfg, false);
}

static int direct_init(struct wb_engine **out, const struct wb_engine_config *cfg)
{
	return sync_init_common(out, cfg, true);
}

static int sync_open(struct wb_engine *e, const char *path, int open_flags)
{
	int flags = O_WRONLY | O_NOFOLLOW | O_CLOEXEC | open_flags;

	if (e->fd >= 0)
		return -EBUSY;
	if (e->direct)
		flags |= O_DIRECT;
	e->fd = open(path, flags);
	return e->fd < 0 ? -errno : 0;
}

static bool op_failed(const struct wb_op *op, int64_t res)
{
	return res < 0 || (op->kind == WB_OP_WRITE && res != op->len);
}

static int sync_run(struct wb_engine *e, const struct wb_op *ops, unsigned n,
		    struct wb_completion *out)
{
	bool cancel = false;
	unsigned i;

	if (e->fd < 0)
		return -EBADF;
	for (i = 0; i < n; i++) {
		out[i].user_data = ops[i].user_data;
		out[i].res = cancel ? -ECANCELED : wb_sync_op(e->fd, &ops[i]);
		cancel = (ops[i].flags & WB_OPF_LINK) && (cancel || op_failed(&ops[i], out[i].res));
	}
	return 0;
}

static int sync_submit(struct wb_engine *e, const struct wb_op *ops, unsigned n)
{
	int ret;

	if (n > e->depth - e->ndone)
		n = e->depth - e->ndone;
	if (n == 0)
		return -EAGAIN;
	ret = sync_run(e, ops, n, &e->done[e->ndone]);
	if (ret)
		return ret;
	e->ndone += n;
	return (int)n;
}

static int sync_reap(struct wb_engine *e, struct wb_completion *out, unsigned min,
		     unsigned max)
{
	unsigned n = e->ndone < max ? e->ndone : max, i;

	if (n < min)
		return -EAGAIN; /* nothing is in flight that could still complete */
	for (i = 0; i < n; i++)
		out[i] = e->done[i];
	for (i = n; i < e->ndone; i++)
		e->done[i - n] = e->done[i];
	e->ndone -= n;
	return (int)n;
}

static int sync_close(struct wb_engine *e)
{
	int ret = 0;

	if (e->fd >= 0 && close(e->fd))
		ret = -errno;
	e->fd = -1;
	e->ndone = 0;
	return ret;
}

static int sync_fd(const struct wb_engine *e)
{
	return e->fd;
}

static void sync_destroy(struct wb_engine *e)
{
	if (!e)
		return;
	(void)sync_close(e);
	free(e);
}

const struct wb_engine_ops wb_engine_sync_ops = {
	.name = "sync",
	.summary = "buffered pwrite(2) through the page cache, one op at a time",
	.caps = WB_CAP_SYNC_COMPLETION | WB_CAP_RWF_DSYNC | WB_CAP_BUFFERED,
	.init = sync_init,
	.open = sync_open,
	.run = sync_run,
	.submit = sync_submit,
	.reap = sync_reap,
	.close = sync_close,
	.fd = sync_fd,
	.destroy = sync_destroy,
};

const struct wb_engine_ops wb_engine_direct_ops = {
	.name = "direct",
	.summary = "pwrite(2) on an O_DIRECT descriptor with aligned buffers",
	.caps = WB_CAP_SYNC_COMPLETION | WB_CAP_RWF_DSYNC | WB_CAP_DIRECT,
	.init = direct_init,
	.open = sync_open,
	.run = sync_run,
	.submit = sync_submit,
	.reap = sync_reap,
	.close = sync_close,
	.fd = sync_fd,
	.destroy = sync_destroy,
};
