/* method.h — how durability is obtained: PostgreSQL's wal_sync_method values on
 * Linux plus walbench's extensions. A method is orthogonal to the engine (how the
 * I/O is submitted); method.c also holds the static method x engine matrix. */
#ifndef WB_MODEL_METHOD_H
#define WB_MODEL_METHOD_H

#include <stdbool.h>
#include "engines/engine.h"

enum wb_method_id {
	WB_METHOD_OPEN_DATASYNC,      /* O_DSYNC descriptor, no separate sync */
	WB_METHOD_FDATASYNC,          /* write(s), then fdatasync */
	WB_METHOD_FSYNC,              /* write(s), then fsync */
	WB_METHOD_FSYNC_WRITETHROUGH, /* write(s), then F_FULLFSYNC: macOS/Windows only */
	WB_METHOD_OPEN_SYNC,          /* O_SYNC descriptor */
	WB_METHOD_PWRITEV2_DSYNC,     /* extension: RWF_DSYNC on each write */
	WB_METHOD_NONE,               /* extension: no durability at all (a baseline) */
	WB_METHOD_COUNT
};

enum wb_sync_kind { WB_SYNC_NONE, WB_SYNC_FSYNC, WB_SYNC_FDATASYNC };

struct wb_method {
	const char *name;
	int open_flags;            /* extra open(2) flags: O_DSYNC, O_SYNC or 0 */
	enum wb_sync_kind sync;    /* sync op after the writes of one flush */
	unsigned write_flags;      /* WB_OPF_* on each write */
	bool wal_sync_method;      /* a value PostgreSQL accepts for wal_sync_method */
	const char *unsupported;   /* non-NULL: never available on this OS, and why */
	const char *summary;
};

/* PostgreSQL's default wal_sync_method on Linux (port/linux.h sets
 * PLATFORM_DEFAULT_WAL_SYNC_METHOD to fdatasync, over xlogdefs.h's preference
 * for open_datasync): what the server runs until told otherwise, and what
 * "keep" means. */
#define WB_DEFAULT_METHOD WB_METHOD_FDATASYNC

const struct wb_method *wb_method_get(enum wb_method_id id);
/* WB_METHOD_COUNT when unknown. */
enum wb_method_id wb_method_find(const char *name);

/* Why this method cannot run on this engine, judged from static facts only (the
 * OS, the engine's build and capabilities); NULL when it can be tried. Run-time
 * refusals (O_DIRECT on ramfs, a seccomp filter) come from probing. */
const char *wb_method_engine_reason(enum wb_method_id m, enum wb_engine_id e);

#endif
