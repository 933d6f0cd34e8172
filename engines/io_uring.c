/* io_uring.c — the `io_uring` (buffered) and `io_uring_direct` (O_DIRECT) engines on liburing.
 * One file, two ops tables, as the two differ only in the open flag. Writes and syncs
 * are SQEs alike; a WB_OPF_LINK chain becomes IOSQE_IO_LINK, so the kernel itself
 * completes the rest of a broken chain with -ECANCELED.
 * Trap: a short write is not an error to io_uring (cqe->res is just smaller), but it
 * is one here — on O_DIRECT/O_DSYNC it means the data is not durable — and it breaks a
 * linked chain. The engine passes res through untouched; the core's completion check
 * (res != len) reports it. (On FUSE the kernel turns a short buffered write into
 * -EIO under io_uring where pwrite(2) returns the short count.) */
#include "engine.h"

#include <errno.h>
#include <fcntl.h>
#include <liburing.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#define URING_ALL_FLAGS (WB_ENGINE_FIXED_BUFFERS | WB_ENGINE_FIXED_FILES | WB_ENGINE_SQPOLL)
#define URING_MAX_DEPTH 32768u /* the kernel's IORING_MAX_ENTRIES without IORING_SETUP_CLAMP */
#define URING_SQ_IDLE_MS 50u   /* an SQPOLL thread idle this long sleeps until woken */
#define URING_PAGE 4096u       /* registered buffers are pinned whole pages */
#define URING_PROBE_DEPTH 4u

struct wb_engine {
	struct io_uring ring;
	int fd;                  /* -1 when no file is open */
	bool direct;             /* open with O_DIRECT */
	bool fixed_buffers;      /* cfg's buffer is registered as index 0 */
	bool fixed_files;        /* register each opened fd as file index 0 */
	bool files_registered;   /* fd currently occupies index 0 */
	unsigned capacity;       /* SQ ring entries: most ops in flight at once */
	unsigned inflight;       /* accepted by submit() and not yet handed out by reap() */
	int err;                 /* sticky -errno of a failed submit or drain; 0 if fine */
};

/* ---------------------------------------------------------------- probe */

/* 0 = enabled for everyone; 1 = only root or kernel.io_uring_group; 2 = off. */
static int read_io_uring_disabled(void)
{
	FILE *f = fopen("/proc/sys/kernel/io_uring_disabled", "re");
	int v = -1;

	if (!f)
		return -1; /* a kernel before 6.6 has no such sysctl */
	if (fscanf(f, "%d", &v) != 1)
		v = -1;
	(void)fclose(f);
	return v;
}

/* Explains an io_uring_setup(2) failure the way a user can act on it. */
static int setup_reason(int err, char *reason, size_t len)
{
	int disabled;

	switch (err) {
	case ENOSYS:
		snprintf(reason, len, "kernel has no io_uring (io_uring_setup: ENOSYS)");
		break;
	case EPERM:
		/* Simplified: a non-zero sysctl is taken as the cause even though
		 * root or io_uring_group may pass at 1; if we got EPERM it did not. */
		disabled = read_io_uring_disabled();
		if (disabled > 0)
			snprintf(reason, len, "io_uring_setup: EPERM — disabled by "
				 "kernel.io_uring_disabled=%d", disabled);
		else
			snprintf(reason, len, "io_uring_setup blocked (EPERM) by a "
				 "seccomp filter, e.g. a container's default profile");
		break;
	case ENOMEM:
		snprintf(reason, len, "io_uring_setup: ENOMEM — RLIMIT_MEMLOCK too low (ulimit -l)");
		break;
	default:
		snprintf(reason, len, "io_uring_setup: %s", strerror(err));
		break;
	}
	return -err;
}

static int probe_opcodes(struct io_uring *ring, const struct wb_engine_config *cfg,
			 char *reason, size_t len)
{
	static const struct { int op; const char *name; bool fixed_only; } need[] = {
		{ IORING_OP_WRITE, "IORING_OP_WRITE", false },
		{ IORING_OP_FSYNC, "IORING_OP_FSYNC", false },
		{ IORING_OP_WRITE_FIXED, "IORING_OP_WRITE_FIXED", true },
	};
	struct io_uring_probe *p = io_uring_get_probe_ring(ring);
	int ret = 0;
	size_t i;

	if (!p) {
		/* IORING_REGISTER_PROBE came with IORING_OP_WRITE (5.6): older is too old. */
		snprintf(reason, len, "io_uring: cannot list opcodes (kernel older than 5.6?)");
		return -EOPNOTSUPP;
	}
	for (i = 0; i < sizeof(need) / sizeof(need[0]); i++) {
		if (need[i].fixed_only && !(cfg->flags & WB_ENGINE_FIXED_BUFFERS))
			continue;
		if (!io_uring_opcode_supported(p, need[i].op)) {
			snprintf(reason, len, "kernel lacks %s", need[i].name);
			ret = -EOPNOTSUPP;
			break;
		}
	}
	io_uring_free_probe(p);
	return ret;
}

/* Pinning counts against RLIMIT_MEMLOCK (without CAP_IPC_LOCK), so registering the
 * real buffer is the only honest test; a tiny one stands in when cfg has none. */
static int probe_buffers(struct io_uring *ring, const struct wb_engine_config *cfg,
			 char *reason, size_t len)
{
	char tiny[64];
	struct iovec iov = { tiny, sizeof(tiny) };
	int ret;

	if (cfg->buf && cfg->buf_len) {
		iov.iov_base = (void *)cfg->buf;
		iov.iov_len = (cfg->buf_len + URING_PAGE - 1) / URING_PAGE * URING_PAGE;
	}
	ret = io_uring_register_buffers(ring, &iov, 1);
	if (ret == -ENOMEM) {
		snprintf(reason, len,
			 "io_uring_register_buffers: ENOMEM — RLIMIT_MEMLOCK too low (ulimit -l)");
		return ret;
	}
	if (ret < 0) {
		snprintf(reason, len, "io_uring_register_buffers: %s", strerror(-ret));
		return ret;
	}
	ret = io_uring_unregister_buffers(ring);
	if (ret < 0)
		snprintf(reason, len, "io_uring_unregister_buffers: %s", strerror(-ret));
	return ret;
}

static int uring_probe(const struct wb_engine_config *cfg, char *reason, size_t len)
{
	struct io_uring_params p = { 0 };
	struct io_uring ring;
	int ret;

	if (len)
		reason[0] = '\0';
	if (cfg->flags & ~URING_ALL_FLAGS) {
		snprintf(reason, len, "io_uring: unknown engine option 0x%x",
			 cfg->flags & ~URING_ALL_FLAGS);
		return -EOPNOTSUPP;
	}
	if (cfg->flags & WB_ENGINE_SQPOLL) {
		p.flags |= IORING_SETUP_SQPOLL;
		p.sq_thread_idle = URING_SQ_IDLE_MS;
	}
	ret = io_uring_queue_init_params(URING_PROBE_DEPTH, &ring, &p);
	if (ret < 0)
		return setup_reason(-ret, reason, len);
	ret = probe_opcodes(&ring, cfg, reason, len);
	if (ret)
		goto out_exit;
	if (cfg->flags & WB_ENGINE_FIXED_BUFFERS)
		ret = probe_buffers(&ring, cfg, reason, len);
out_exit:
	io_uring_queue_exit(&ring);
	return ret;
}

/* ------------------------------------------------------------ lifecycle */

static int uring_init_common(struct wb_engine **out, const struct wb_engine_config *cfg,
			     bool direct)
{
	unsigned depth = cfg->queue_depth ? cfg->queue_depth : 1, entries = 1;
	struct io_uring_params p = { 0 };
	struct wb_engine *e;
	int ret;

	if (cfg->flags & ~URING_ALL_FLAGS)
		return -EOPNOTSUPP;
	if (depth > URING_MAX_DEPTH)
		return -EINVAL;
	/* The kernel would round up too; doing it here keeps capacity obvious. */
	while (entries < depth)
		entries <<= 1;
	e = calloc(1, sizeof(*e));
	if (!e)
		return -ENOMEM;
	e->fd = -1;
	e->direct = direct;
	e->fixed_files = cfg->flags & WB_ENGINE_FIXED_FILES;
	if (cfg->flags & WB_ENGINE_SQPOLL) {
		p.flags |= IORING_SETUP_SQPOLL;
		p.sq_thread_idle = URING_SQ_IDLE_MS;
	} else {
		/* One thread submits and reaps each ring, so completion work can run
		 * when that thread waits instead of interrupting it (Linux >= 6.1, as fio
		 * sets up its rings). Older kernels refuse the flags: retry without. */
		p.flags |= IORING_SETUP_COOP_TASKRUN | IORING_SETUP_SINGLE_ISSUER |
			   IORING_SETUP_DEFER_TASKRUN;
	}
	ret = io_uring_queue_init_params(entries, &e->ring, &p);
	if (ret == -EINVAL && (p.flags & IORING_SETUP_DEFER_TASKRUN)) {
		memset(&p, 0, sizeof(p));
		ret = io_uring_queue_init_params(entries, &e->ring, &p);
	}
	if (ret < 0)
		goto out_free;
	/* The CQ ring is twice the SQ ring, so bounding in-flight ops by the SQ ring
	 * also means completions can never overflow. */
	e->capacity = e->ring.sq.ring_entries;
	if (cfg->flags & WB_ENGINE_FIXED_BUFFERS) {
		struct iovec iov = {
			(void *)cfg->buf,
			(cfg->buf_len + URING_PAGE - 1) / URING_PAGE * URING_PAGE,
		};

		ret = -EINVAL;
		if (!cfg->buf || !cfg->buf_len)
			goto out_exit;
		ret = io_uring_register_buffers(&e->ring, &iov, 1);
		if (ret < 0)
			goto out_exit;
		e->fixed_buffers = true;
	}
	*out = e;
	return 0;
out_exit:
	io_uring_queue_exit(&e->ring);
out_free:
	free(e);
	return ret;
}

static int uring_init(struct wb_engine **out, const struct wb_engine_config *cfg)
{
	return uring_init_common(out, cfg, false);
}

static int uring_direct_init(struct wb_engine **out, const struct wb_engine_config *cfg)
{
	return uring_init_common(out, cfg, true);
}

static int uring_open(struct wb_engine *e, const char *path, int open_flags)
{
	int flags = O_WRONLY | O_NOFOLLOW | O_CLOEXEC | open_flags;
	int ret;

	if (e->fd >= 0)
		return -EBUSY;
	if (e->err)
		return e->err;
	if (e->direct)
		flags |= O_DIRECT;
	e->fd = open(path, flags);
	if (e->fd < 0)
		return -errno;
	if (e->fixed_files) {
		ret = io_uring_register_files(&e->ring, &e->fd, 1);
		if (ret < 0)
			goto out_close;
		e->files_registered = true;
	}
	return 0;
out_close:
	(void)close(e->fd); /* the registration error is the one worth reporting */
	e->fd = -1;
	return ret;
}

/* --------------------------------------------------------------- the I/O */

/* Waits until want completions sit in the CQ ring (want <= inflight). */
static int wait_ready(struct wb_engine *e, unsigned want)
{
	struct io_uring_cqe *cqe;
	int ret;

	while (io_uring_cq_ready(&e->ring) < want) {
		/* Without IORING_SETUP_SUBMIT_ALL the kernel stops consuming SQEs after
		 * one that fails to prepare, and a failed io_uring_submit leaves them all
		 * in the ring; either way they must go in before their completions can be
		 * waited for. io_uring_enter skips the wait if it could not submit all. */
		if (io_uring_sq_ready(&e->ring))
			ret = io_uring_submit_and_wait(&e->ring, want);
		else
			ret = io_uring_wait_cqe_nr(&e->ring, &cqe, want);
		if (ret < 0 && ret != -EINTR)
			return ret;
	}
	return 0;
}

/* Ops from ops[0] up to and including the first without WB_OPF_LINK (or the last of
 * the batch): the unit that must be accepted whole. 0 if one has an unknown kind. */
static unsigned chain_len(const struct wb_op *ops, unsigned n)
{
	unsigned i;

	for (i = 0; i < n; i++) {
		if (ops[i].kind != WB_OP_WRITE && ops[i].kind != WB_OP_FSYNC &&
		    ops[i].kind != WB_OP_FDATASYNC)
			return 0;
		if (!(ops[i].flags & WB_OPF_LINK))
			return i + 1;
	}
	return n;
}

static void prep_op(struct wb_engine *e, struct io_uring_sqe *sqe, const struct wb_op *op,
		    bool link)
{
	/* With a registered file the sqe's fd is its index in the table. */
	int fd = e->files_registered ? 0 : e->fd;

	switch (op->kind) {
	case WB_OP_WRITE:
		if (e->fixed_buffers)
			io_uring_prep_write_fixed(sqe, fd, op->buf, op->len, op->offset, 0);
		else
			io_uring_prep_write(sqe, fd, op->buf, op->len, op->offset);
		if (op->flags & WB_OPF_DSYNC)
			sqe->rw_flags = RWF_DSYNC;
		break;
	case WB_OP_FSYNC:
		io_uring_prep_fsync(sqe, fd, 0);
		break;
	case WB_OP_FDATASYNC:
		io_uring_prep_fsync(sqe, fd, IORING_FSYNC_DATASYNC);
		break;
	}
	if (e->files_registered)
		sqe->flags |= IOSQE_FIXED_FILE;
	/* The batch's last op has no successor here: a dangling link flag would be
	 * meaningless, so a chain ends with the batch as the contract says. */
	if (link)
		sqe->flags |= IOSQE_IO_LINK;
	io_uring_sqe_set_data64(sqe, op->user_data);
}

static int uring_submit(struct wb_engine *e, const struct wb_op *ops, unsigned n)
{
	unsigned queued = 0, len, i;
	int ret = -EAGAIN; /* the ring is full: reap first */

	if (e->fd < 0)
		return -EBADF;
	if (e->err)
		return e->err;
	while (queued < n) {
		len = chain_len(ops + queued, n - queued);
		if (len == 0 || len > e->capacity) {
			ret = -EINVAL; /* an unknown op, or a chain no ring this size holds */
			break;
		}
		/* Every SQE still in the SQ ring is also in flight, so this bound keeps
		 * room for the chain even while an SQPOLL thread lags; the space check
		 * only guards it, so that a chain is never half in the ring. */
		if (e->inflight + queued + len > e->capacity)
			break;
		if (io_uring_sq_space_left(&e->ring) < len) {
			ret = -EBUSY;
			break;
		}
		for (i = 0; i < len; i++) /* cannot return NULL after the space check */
			prep_op(e, io_uring_get_sqe(&e->ring), &ops[queued + i], i + 1 < len);
		queued += len;
	}
	if (queued == 0)
		return ret;
	/* Once prepared, the SQEs are in the shared ring whatever io_uring_submit
	 * says, so they count as in flight even when the call fails; the failure
	 * then sticks, so that reap() cannot hand the caller completions of ops it
	 * was told were refused, until close() has drained them. */
	e->inflight += queued;
	ret = io_uring_submit(&e->ring);
	if (ret < 0) {
		e->err = ret;
		return ret;
	}
	return (int)queued;
}

static int uring_reap(struct wb_engine *e, struct wb_completion *out, unsigned min,
		      unsigned max)
{
	struct io_uring_cqe *cqe;
	unsigned head, got = 0;
	int ret;

	if (e->err)
		return e->err;
	if (min > max)
		return -EINVAL;
	if (min > e->inflight)
		return -EAGAIN; /* nothing is in flight that could still complete */
	ret = wait_ready(e, min);
	if (ret)
		return ret;
	io_uring_for_each_cqe(&e->ring, head, cqe) {
		if (got == max)
			break;
		out[got].user_data = io_uring_cqe_get_data64(cqe);
		out[got].res = cqe->res; /* a short write passes through: the core judges it */
		got++;
	}
	io_uring_cq_advance(&e->ring, got);
	e->inflight -= got;
	return (int)got;
}

/* Waits out and discards whatever is still in flight, so the next file's
 * completions cannot mix with this one's. */
static int drain(struct wb_engine *e)
{
	unsigned ready;
	int ret;

	while (e->inflight) {
		ret = wait_ready(e, 1);
		if (ret)
			return ret;
		ready = io_uring_cq_ready(&e->ring);
		io_uring_cq_advance(&e->ring, ready);
		e->inflight -= ready < e->inflight ? ready : e->inflight;
	}
	return 0;
}

static int uring_close(struct wb_engine *e)
{
	int ret, r;

	if (e->fd < 0)
		return 0;
	/* Draining also pushes in SQEs a failed io_uring_submit left behind, so a
	 * success here clears a submit failure; a failure means ops may still be in
	 * the kernel, and the ring is of no more use. */
	ret = drain(e);
	e->err = ret;
	if (e->files_registered) {
		r = io_uring_unregister_files(&e->ring);
		if (r < 0 && !ret)
			ret = r;
		e->files_registered = false;
	}
	if (close(e->fd) && !ret)
		ret = -errno;
	e->fd = -1;
	return ret;
}

static void uring_destroy(struct wb_engine *e)
{
	if (!e)
		return;
	(void)uring_close(e);
	/* queue_exit would release it too; unregistering first unpins the pages
	 * without waiting for the ring's deferred teardown. */
	if (e->fixed_buffers)
		(void)io_uring_unregister_buffers(&e->ring);
	io_uring_queue_exit(&e->ring);
	free(e);
}

#define URING_CAPS (WB_CAP_QUEUE_DEPTH | WB_CAP_RWF_DSYNC | WB_CAP_FIXED_BUFFERS | \
		    WB_CAP_FIXED_FILES | WB_CAP_SQPOLL)

const struct wb_engine_ops wb_engine_io_uring_ops = {
	.name = "io_uring",
	.summary = "io_uring submission and completion rings (liburing)",
	.caps = URING_CAPS | WB_CAP_BUFFERED,
	.probe = uring_probe,
	.init = uring_init,
	.open = uring_open,
	.submit = uring_submit,
	.reap = uring_reap,
	.close = uring_close,
	.destroy = uring_destroy,
};

const struct wb_engine_ops wb_engine_io_uring_direct_ops = {
	.name = "io_uring_direct",
	.summary = "io_uring on an O_DIRECT descriptor (liburing)",
	.caps = URING_CAPS | WB_CAP_DIRECT,
	.probe = uring_probe,
	.init = uring_direct_init,
	.open = uring_open,
	.submit = uring_submit,
	.reap = uring_reap,
	.close = uring_close,
	.destroy = uring_destroy,
};
