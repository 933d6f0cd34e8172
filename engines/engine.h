/* engine.h — the whole contract between walbench's core and an I/O engine.
 * An engine only submits I/O: it never prints, never times, never decides what a
 * failure means. Synchronous and asynchronous engines share one model: the core
 * submits a batch of operations (writes and syncs alike, as io_uring and libaio see
 * them), then reaps one completion per operation, matched by user_data. */
#ifndef WB_ENGINES_ENGINE_H
#define WB_ENGINES_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The registry order; engine names are exactly what the user types. */
enum wb_engine_id {
	WB_ENGINE_SYNC,     /* buffered pwrite(2) */
	WB_ENGINE_DIRECT,   /* pwrite(2) on an O_DIRECT descriptor */
	WB_ENGINE_IO_URING, /* liburing on a buffered descriptor */
	WB_ENGINE_IO_URING_DIRECT, /* liburing on an O_DIRECT descriptor */
	WB_ENGINE_LIBAIO,   /* Linux native AIO, always O_DIRECT */
	WB_ENGINE_COUNT
};

enum wb_op_kind {
	WB_OP_WRITE,     /* pwrite len bytes of buf at offset */
	WB_OP_FSYNC,     /* fsync(2) of the open file */
	WB_OP_FDATASYNC, /* fdatasync(2) of the open file */
};

#define WB_OPF_LINK  (1u << 0) /* the next op of this batch runs only if this one succeeds */
#define WB_OPF_DSYNC (1u << 1) /* write is durable on completion (RWF_DSYNC / aio_rw_flags) */

struct wb_op {
	enum wb_op_kind kind;
	unsigned flags;      /* WB_OPF_* */
	const void *buf;     /* writes only; aligned to WB_BUF_ALIGN by the core */
	uint32_t len;        /* writes only */
	uint64_t offset;     /* writes only */
	uint64_t user_data;  /* returned untouched in the completion */
};

struct wb_completion {
	uint64_t user_data;
	int64_t res;         /* bytes written, 0 for a sync, or -errno; -ECANCELED after a failed link */
};

/* Capabilities: the core asks these bits, never an engine's name. */
#define WB_CAP_DIRECT          (1u << 0) /* opens O_DIRECT: buffers, lengths, offsets aligned */
#define WB_CAP_SYNC_COMPLETION (1u << 1) /* every op completes inside submit(); reap never blocks */
#define WB_CAP_QUEUE_DEPTH     (1u << 2) /* more than one op may be in flight */
#define WB_CAP_RWF_DSYNC       (1u << 3) /* honours WB_OPF_DSYNC on writes */
#define WB_CAP_BUFFERED        (1u << 4) /* opens without O_DIRECT (page cache) */
#define WB_CAP_FIXED_BUFFERS   (1u << 5) /* can register the write buffer (WB_ENGINE_FIXED_BUFFERS) */
#define WB_CAP_FIXED_FILES     (1u << 6) /* can register the file (WB_ENGINE_FIXED_FILES) */
#define WB_CAP_SQPOLL          (1u << 7) /* can poll submissions from a kernel thread */

/* Buffers the core hands to any engine are aligned this much, enough for O_DIRECT on
 * every logical block size Linux supports. */
#define WB_BUF_ALIGN 4096

/* Engine options (wb_engine_config.flags); an engine without the matching
 * WB_CAP_ bit refuses them in init() with -EOPNOTSUPP. */
#define WB_ENGINE_FIXED_BUFFERS (1u << 0) /* register buf once; writes use it by index */
#define WB_ENGINE_FIXED_FILES   (1u << 1) /* register the descriptor once */
#define WB_ENGINE_SQPOLL        (1u << 2) /* a kernel thread polls the submission queue */

struct wb_engine_config {
	unsigned queue_depth; /* most ops in flight at once (a flush's linked chain counts whole) */
	unsigned flags;       /* WB_ENGINE_* */
	const void *buf;      /* every write's data lies inside [buf, buf + buf_len) */
	size_t buf_len;
};

struct wb_engine; /* per-instance state, one per thread; defined by each engine */

struct wb_engine_ops {
	const char *name;
	const char *summary;        /* one line for `walbench engines` and --help */
	unsigned caps;              /* WB_CAP_* */
	const char *unbuilt_reason; /* non-NULL: compiled out, and why; no callback may be called */

	/* Optional. Checks, without any file, that the kernel lets this engine run with
	 * cfg at all (io_uring_setup not blocked, opcodes present, aio contexts free).
	 * Returns 0, or -errno with a one-line reason written to reason[0..len). */
	int (*probe)(const struct wb_engine_config *cfg, char *reason, size_t len);

	/* Required. Allocates an instance able to keep cfg->queue_depth ops in flight. */
	int (*init)(struct wb_engine **out, const struct wb_engine_config *cfg);

	/* Required. Opens an existing file for writing with the extra open(2) flags given
	 * (O_DSYNC, O_SYNC); the engine adds O_DIRECT itself if it has WB_CAP_DIRECT.
	 * Never creates: the core creates every file walbench writes. 0 or -errno. */
	int (*open)(struct wb_engine *e, const char *path, int open_flags);

	/* Required. Queues n ops on the open file. Returns how many were accepted (at least
	 * 1 unless n == 0) or -errno if none (-EAGAIN: reap first). A WB_OPF_LINK chain is
	 * accepted whole. The caller may reuse ops[] as soon as this returns: an engine
	 * copies what it needs. Ops accepted but not yet reaped count against
	 * queue_depth. An op the kernel refuses (io_submit's EINVAL) completes with that
	 * error as its res rather than failing the call. */
	int (*submit)(struct wb_engine *e, const struct wb_op *ops, unsigned n);

	/* Optional, for WB_CAP_SYNC_COMPLETION engines: runs ops[0..n) now and writes
	 * their completions, in order, to out[0..n). The same contract as submit() then
	 * reap() of all n, without staging completions in between: at a microsecond per
	 * op (tmpfs), that staging is measurable harness overhead. 0 or -errno. */
	int (*run)(struct wb_engine *e, const struct wb_op *ops, unsigned n,
		   struct wb_completion *out);

	/* Required. Waits for at least min completions, stores up to max. Returns the count
	 * or -errno (the submission itself broke; per-op errors live in res). An engine
	 * that emulates links may submit the held rest of a chain from here. */
	int (*reap)(struct wb_engine *e, struct wb_completion *out, unsigned min, unsigned max);

	/* Required. Closes the file, first waiting for ops still in flight (their
	 * completions are dropped); returns close(2)'s result as 0 or -errno, because
	 * close can report a deferred write error. The instance stays usable for open(). */
	int (*close)(struct wb_engine *e);

	/* Optional. The open descriptor, for engines whose every op is exactly the plain
	 * system call wb_sync_op (engines/sync_op.h) makes of it on that descriptor and
	 * completes inside it: the core's queue-depth-1 loop then makes those calls
	 * inline instead of through run(). -1 when no file is open. */
	int (*fd)(const struct wb_engine *e);
	/* Required. Frees the instance (closing the file if still open). */
	void (*destroy)(struct wb_engine *e);
};

/* The registry: indexed by enum wb_engine_id, every engine present even if not built. */
const struct wb_engine_ops *wb_engine_get(enum wb_engine_id id);
const char *wb_engine_name(enum wb_engine_id id);
/* Looks a name up; returns WB_ENGINE_COUNT if unknown. */
enum wb_engine_id wb_engine_find(const char *name);

#endif
