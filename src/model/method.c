/* method.c — the wal_sync_method table and the static method x engine matrix. */
#include "model/method.h"

#include <fcntl.h>
#include <string.h>

static const struct wb_method method_table[] = {
	[WB_METHOD_OPEN_DATASYNC] = {
		.name = "open_datasync", .open_flags = O_DSYNC, .sync = WB_SYNC_NONE,
		.wal_sync_method = true,
		.summary = "writes on an O_DSYNC descriptor",
	},
	[WB_METHOD_FDATASYNC] = {
		.name = "fdatasync", .sync = WB_SYNC_FDATASYNC, .wal_sync_method = true,
		.summary = "writes, then fdatasync(2) (PostgreSQL's default on Linux)",
	},
	[WB_METHOD_FSYNC] = {
		.name = "fsync", .sync = WB_SYNC_FSYNC, .wal_sync_method = true,
		.summary = "writes, then fsync(2)",
	},
	[WB_METHOD_FSYNC_WRITETHROUGH] = {
		.name = "fsync_writethrough", .sync = WB_SYNC_FSYNC, .wal_sync_method = true,
		/* PostgreSQL defines it only where F_FULLFSYNC (macOS) or _commit (Windows) exist. */
		.unsupported = "not available on Linux (needs F_FULLFSYNC or Windows _commit)",
		.summary = "writes, then a write-through fsync (macOS, Windows)",
	},
	[WB_METHOD_OPEN_SYNC] = {
		.name = "open_sync", .open_flags = O_SYNC, .sync = WB_SYNC_NONE,
		.wal_sync_method = true,
		.summary = "writes on an O_SYNC descriptor",
	},
	[WB_METHOD_PWRITEV2_DSYNC] = {
		.name = "pwritev2_dsync", .sync = WB_SYNC_NONE, .write_flags = WB_OPF_DSYNC,
		.summary = "extension: pwritev2(2) with RWF_DSYNC per write (not a wal_sync_method)",
	},
	[WB_METHOD_NONE] = {
		.name = "none", .sync = WB_SYNC_NONE,
		.summary = "extension: writes with no durability at all, a baseline",
	},
};

_Static_assert(sizeof(method_table) / sizeof(method_table[0]) == WB_METHOD_COUNT,
	       "method_table must have one entry per enum wb_method_id");

const struct wb_method *wb_method_get(enum wb_method_id id)
{
	return id < WB_METHOD_COUNT ? &method_table[id] : NULL;
}

enum wb_method_id wb_method_find(const char *name)
{
	unsigned i;

	for (i = 0; i < WB_METHOD_COUNT; i++)
		if (strcmp(method_table[i].name, name) == 0)
			return (enum wb_method_id)i;
	return WB_METHOD_COUNT;
}

const char *wb_method_engine_reason(enum wb_method_id m, enum wb_engine_id e)
{
	const struct wb_method *method = wb_method_get(m);
	const struct wb_engine_ops *engine = wb_engine_get(e);

	if (!method || !engine)
		return "unknown method or engine";
	if (method->unsupported)
		return method->unsupported;
	if (engine->unbuilt_reason)
		return engine->unbuilt_reason;
	if ((method->write_flags & WB_OPF_DSYNC) && !(engine->caps & WB_CAP_RWF_DSYNC))
		return "engine cannot pass RWF_DSYNC per write";
	return NULL;
}
