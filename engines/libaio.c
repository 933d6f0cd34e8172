/* libaio.c — the `libaio` engine: Linux native AIO, io_submit(2) and io_getevents(2).
 * Always O_DIRECT: on a buffered descriptor io_submit runs the write to completion
 * inside the call, so the "asynchronous" numbers would be pwrite(2)'s in disguise.
 * Trap: native AIO has no linked ops. A WB_OPF_LINK chain is accepted whole but
 * only its first op goes to the kernel; the rest is held, and each is submitted
 * when its predecessor's completion is reaped and succeeded — or completed with
 * -ECANCELED, never submitted, if it failed. So reap() may call io_submit, and
 * several chains progress at once at queue depth > 1. libaio's calls return
 * -errno, not -1 with errno set. IOCB_CMD_FSYNC/FDSYNC need kernel 4.18; an
 * older kernel refuses them in io_submit, and that EINVAL is the op's res. */
#include "engine.h"

#include <errno.h>
#include <fcntl.h>
#include <libaio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

struct aio_slot {
	struct iocb iocb;       /* iocb.data points back at its slot */
	struct wb_op op;        /* a copy: the caller's array is not ours to keep */
	struct aio_slot *next;  /* held: runs only if this op succeeds */
};

/* Every accepted op is in exactly one of: pending, in flight, held, parked. Their
 * sum never exceeds depth, so no array below can overflow. */
struct wb_engine {
	io_context_t ctx;
	int fd;
	bool draining;                 /* close(): cancel held ops instead of starting them */
	unsigned depth;                /* length of every array below */
	unsigned npending;             /* prepared in batch[], not yet given to io_submit */
	unsigned inflight;             /* accepted by io_submit, not yet reaped from the kernel */
	unsigned nheld;                /* waiting for a linked predecessor */
	unsigned nparked;              /* completions waiting for reap() */
	unsigned nfree;                /* entries in free_slots[] */
	struct aio_slot *slots;
	unsigned *free_slots;          /* stack of slot indexes not in use */
	struct iocb **batch;           /* the next io_submit's iocbs */
	struct io_event *events;       /* io_getevents' output */
	struct wb_completion *parked;  /* completed or cancelled, oldest first */
};

static unsigned depth_of(const struct wb_engine_config *cfg)
{
	return cfg->queue_depth ? cfg->queue_depth : 1;
}

static void reset_slots(struct wb_engine *e)
{
	unsigned i;

	for (i = 0; i < e->depth; i++)
		e->free_slots[i] = e->depth - 1 - i;
	e->nfree = e->depth;
	e->npending = e->nheld = e->nparked = 0;
}

static void free_arrays(struct wb_engine *e)
{
	free(e->slots);
	free(e->free_slots);
	free(e->batch);
	free(e->events);
	free(e->parked);
}

static int libaio_init(struct wb_engine **out, const struct wb_engine_config *cfg)
{
	unsigned depth = depth_of(cfg);
	struct wb_engine *e;
	int ret;

	/* Native AIO can register neither buffers nor files, and has no polling thread. */
	if (cfg->flags)
		return -EOPNOTSUPP;
	e = calloc(1, sizeof(*e));
	if (!e)
		return -ENOMEM;
	e->fd = -1;
	e->depth = depth;
	e->slots = calloc(depth, sizeof(e->slots[0]));
	e->free_slots = calloc(depth, sizeof(e->free_slots[0]));
	e->batch = calloc(depth, sizeof(e->batch[0]));
	e->events = calloc(depth, sizeof(e->events[0]));
	e->parked = calloc(depth, sizeof(e->parked[0]));
	if (!e->slots || !e->free_slots || !e->batch || !e->events || !e->parked) {
		ret = -ENOMEM;
		goto out_free;
	}
	reset_slots(e);
	/* io_setup wants *ctx zeroed; calloc did it. EAGAIN: aio-max-nr exhausted. */
	ret = io_setup((int)depth, &e->ctx);
	if (ret < 0)
		goto out_free;
	*out = e;
	return 0;
out_free:
	free_arrays(e);
	free(e);
	return ret;
}

static int libaio_open(struct wb_engine *e, const char *path, int open_flags)
{
	if (e->fd >= 0)
		return -EBUSY;
	e->fd = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC | O_DIRECT | open_flags);
	return e->fd < 0 ? -errno : 0;
}

static bool op_failed(const struct wb_op *op, int64_t res)
{
	return res < 0 || (op->kind == WB_OP_WRITE && res != op->len);
}

static void park(struct wb_engine *e, uint64_t user_data, int64_t res)
{
	e->parked[e->nparked++] = (struct wb_completion){ .user_data = user_data, .res = res };
}

static struct aio_slot *get_slot(struct wb_engine *e, const struct wb_op *op)
{
	struct aio_slot *s = &e->slots[e->free_slots[--e->nfree]];

	s->op = *op;
	s->next = NULL;
	return s;
}

static void put_slot(struct wb_engine *e, struct aio_slot *s)
{
	e->free_slots[e->nfree++] = (unsigned)(s - e->slots);
}

/* Adds a slot's op to the next io_submit. */
static void prepare(struct wb_engine *e, struct aio_slot *s)
{
	const struct wb_op *op = &s->op;

	switch (op->kind) {
	case WB_OP_WRITE:
		io_prep_pwrite(&s->iocb, e->fd, (void *)op->buf, op->len, (long long)op->offset);
		if (op->flags & WB_OPF_DSYNC)
			s->iocb.aio_rw_flags = RWF_DSYNC;
		break;
	case WB_OP_FSYNC:
		io_prep_fsync(&s->iocb, e->fd);
		break;
	case WB_OP_FDATASYNC:
		io_prep_fdsync(&s->iocb, e->fd);
		break;
	}
	s->iocb.data = s;
	e->batch[e->npending++] = &s->iocb;
}

/* Frees a held chain from s on, each op completing with -ECANCELED. */
static void cancel_chain(struct wb_engine *e, struct aio_slot *s)
{
	struct aio_slot *next;

	for (; s; s = next) {
		next = s->next;
		park(e, s->op.user_data, -ECANCELED);
		e->nheld--;
		put_slot(e, s);
	}
}

/* An op is over (reaped, or refused by io_submit): park its result, then start the
 * op linked after it, or cancel that op's chain. A started op only joins batch[];
 * whoever called us flushes it. */
static void complete_slot(struct wb_engine *e, struct aio_slot *s, int64_t res)
{
	struct aio_slot *next = s->next;

	park(e, s->op.user_data, res);
	put_slot(e, s);
	if (!next)
		return;
	if (op_failed(&s->op, res) || e->draining) {
		cancel_chain(e, next);
		return;
	}
	e->nheld--;
	prepare(e, next);
}

/* Waits for at least min (1..inflight) ops and completes each one returned. */
static int harvest(struct wb_engine *e, unsigned min)
{
	int n, i;

	do
		n = io_getevents(e->ctx, min, e->inflight, e->events, NULL);
	while (n == -EINTR);
	if (n < 0)
		return n;
	for (i = 0; i < n; i++) {
		struct aio_slot *s = e->events[i].data;

		/* A completion that is not ours means the context is corrupt; stop here. */
		if (s < e->slots || s >= e->slots + e->depth || e->events[i].obj != &s->iocb)
			return -EPROTO;
		e->inflight--;
		/* res is unsigned long in libaio's struct, but carries a negative errno. */
		complete_slot(e, s, (long)e->events[i].res);
	}
	return n;
}

/* Hands batch[] to the kernel, including ops that completions started meanwhile.
 * io_submit stops at the first iocb it refuses; that error becomes the op's own
 * completion, as io_uring reports a bad SQE in its CQE. EAGAIN is the context, not
 * the op: with ops in flight we reap to make room; with none, a submit() whose
 * batch[] is still all its own (own) is refused whole. Each pass submits, refuses
 * or reaps at least one op, so the loop ends. */
static int flush_pending(struct wb_engine *e, bool own)
{
	unsigned done = 0, i;
	int ret;

	while (done < e->npending) {
		ret = io_submit(e->ctx, (long)(e->npending - done), e->batch + done);
		if (ret > 0) {
			done += (unsigned)ret;
			e->inflight += (unsigned)ret;
			continue;
		}
		if (ret == 0)
			ret = -EAGAIN;
		if (ret == -EAGAIN && e->inflight > 0) {
			own = false; /* reaping may queue other chains' ops behind ours */
			ret = harvest(e, 1);
			if (ret < 0)
				return ret;
			continue;
		}
		if (ret == -EAGAIN && own && done == 0)
			goto out_unaccept;
		complete_slot(e, e->batch[done]->data, ret);
		done++;
	}
	e->npending = 0;
	return 0;
out_unaccept:
	for (i = 0; i < e->npending; i++) {
		struct aio_slot *s = e->batch[i]->data;

		while (s->next) {
			struct aio_slot *held = s->next;

			s->next = held->next;
			e->nheld--;
			put_slot(e, held);
		}
		put_slot(e, s);
	}
	e->npending = 0;
	return ret;
}

/* Reaps at least min (1..inflight) ops and submits what their success unblocked. */
static int wait_events(struct wb_engine *e, unsigned min)
{
	int n = harvest(e, min), ret;

	if (n < 0)
		return n;
	ret = flush_pending(e, false);
	return ret < 0 ? ret : n;
}

/* Ops from ops[0] up to and including the first without WB_OPF_LINK. */
static unsigned chain_len(const struct wb_op *ops, unsigned n)
{
	unsigned i = 0;

	while (i + 1 < n && (ops[i].flags & WB_OPF_LINK))
		i++;
	return i + 1;
}

static int libaio_submit(struct wb_engine *e, const struct wb_op *ops, unsigned n)
{
	unsigned i = 0, chain = 0, k;
	int ret;

	if (e->fd < 0)
		return -EBADF;
	/* Accept whole chains only, and only as many as reap() has room for. */
	while (i < n) {
		struct aio_slot *head, *tail;

		chain = chain_len(ops + i, n - i);
		if (chain > e->nfree - e->nparked)
			break;
		head = tail = get_slot(e, &ops[i]);
		for (k = 1; k < chain; k++) {
			tail->next = get_slot(e, &ops[i + k]);
			tail = tail->next;
			e->nheld++;
		}
		prepare(e, head);
		i += chain;
	}
	ret = flush_pending(e, true);
	if (ret < 0)
		return ret;
	if (i > 0 || n == 0)
		return (int)i;
	/* Nothing fits: a chain longer than the depth never will, else reap first. */
	return chain > e->depth ? -EINVAL : -EAGAIN;
}

static int libaio_reap(struct wb_engine *e, struct wb_completion *out, unsigned min,
		       unsigned max)
{
	unsigned n, i, need;
	int ret;

	if (min > max)
		return -EINVAL;
	if (min > e->nparked + e->inflight + e->nheld)
		return -EAGAIN; /* nothing is in flight that could still complete */
	while (e->nparked < min) {
		/* Held ops are not in the kernel yet: wait for what is. */
		need = min - e->nparked;
		if (need > e->inflight)
			need = e->inflight;
		if (need == 0)
			return -EPROTO; /* held ops with nothing in flight to release them */
		ret = wait_events(e, need);
		if (ret < 0)
			return ret;
	}
	n = e->nparked < max ? e->nparked : max;
	for (i = 0; i < n; i++)
		out[i] = e->parked[i];
	for (i = n; i < e->nparked; i++)
		e->parked[i - n] = e->parked[i];
	e->nparked -= n;
	return (int)n;
}

/* Ops still in flight are waited for, not abandoned: their completions would
 * otherwise surface after the next open() under user_data it did not issue. Held
 * ops are cancelled rather than started on a file being closed. */
static int libaio_close(struct wb_engine *e)
{
	int ret = 0;

	e->draining = true;
	while (e->inflight > 0 && ret >= 0)
		ret = harvest(e, e->inflight);
	e->draining = false;
	/* If harvest failed, ops may still be in the kernel: keep their slots. */
	if (ret >= 0)
		reset_slots(e);
	ret = ret < 0 ? ret : 0;
	if (e->fd >= 0 && close(e->fd) && !ret)
		ret = -errno;
	e->fd = -1;
	return ret;
}

static void libaio_destroy(struct wb_engine *e)
{
	if (!e)
		return;
	(void)libaio_close(e);
	/* io_destroy waits for anything close() could not drain. */
	(void)io_destroy(e->ctx);
	free_arrays(e);
	free(e);
}

static int read_proc_ulong(const char *path, unsigned long *out)
{
	char text[32], *end;
	ssize_t len;
	int fd, ret = 0;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	len = read(fd, text, sizeof(text) - 1);
	if (len < 0) {
		ret = -errno;
		goto out_close;
	}
	text[len] = '\0';
	errno = 0;
	*out = strtoul(text, &end, 10);
	if (errno || end == text || (*end != '\n' && *end != '\0'))
		ret = -EINVAL;
out_close:
	(void)close(fd);
	return ret;
}

/* The context is set up at the depth the test needs, since aio-max-nr counts
 * events, not contexts: one free event would prove nothing for a deep queue. */
static int libaio_probe(const struct wb_engine_config *cfg, char *reason, size_t len)
{
	io_context_t ctx = 0;
	unsigned long max_nr, nr;
	int ret;

	if (cfg->flags) {
		snprintf(reason, len, "libaio has no fixed buffers, fixed files or SQPOLL");
		return -EOPNOTSUPP;
	}
	ret = io_setup((int)depth_of(cfg), &ctx);
	if (ret == 0) {
		(void)io_destroy(ctx); /* nothing was submitted: it cannot fail usefully */
		return 0;
	}
	switch (ret) {
	case -ENOSYS:
		snprintf(reason, len, "kernel has no native AIO (io_setup: ENOSYS)");
		break;
	case -EPERM:
		snprintf(reason, len, "io_setup: EPERM — blocked (seccomp filter?)");
		break;
	case -EAGAIN:
		if (read_proc_ulong("/proc/sys/fs/aio-max-nr", &max_nr) ||
		    read_proc_ulong("/proc/sys/fs/aio-nr", &nr))
			snprintf(reason, len, "io_setup: EAGAIN — aio-max-nr exhausted");
		else if (nr + depth_of(cfg) > max_nr)
			snprintf(reason, len,
				 "io_setup: EAGAIN — aio-max-nr exhausted "
				 "(/proc/sys/fs/aio-max-nr = %lu, aio-nr = %lu)", max_nr, nr);
		else /* room was left, so something else refused: say what we saw */
			snprintf(reason, len,
				 "io_setup: EAGAIN although aio-max-nr has room (aio-nr = %lu of "
				 "aio-max-nr = %lu): a seccomp filter or a per-user limit?", nr, max_nr);
		break;
	default:
		snprintf(reason, len, "io_setup: %s", strerror(-ret));
		break;
	}
	return ret;
}

const struct wb_engine_ops wb_engine_libaio_ops = {
	.name = "libaio",
	.summary = "Linux native AIO, io_submit(2) on O_DIRECT descriptors (libaio)",
	.caps = WB_CAP_DIRECT | WB_CAP_QUEUE_DEPTH | WB_CAP_RWF_DSYNC,
	.probe = libaio_probe,
	.init = libaio_init,
	.open = libaio_open,
	.submit = libaio_submit,
	.reap = libaio_reap,
	.close = libaio_close,
	.destroy = libaio_destroy,
};
